/* mf-drift-view.h: the Equations window's Drift page — one mode of index 1
 * or 2 integrated twice over a long horizon, by Manifold's minimal-order
 * equations and by the naive form that integrates the differentiated
 * constraints (mf-drift.h), with both residuals of the constraints on a
 * logarithmic axis (docs/manual.md, "The Equations window").  The runs go
 * on a worker thread, on a copy of the document's text; a new source or a
 * new run cancels the one going.
 *
 * Signals: "finished" (void): a comparison ended, shown or failed.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "mf-circuit.h"
#include "mf-document-snapshot.h"
#include "mf-drift.h"
#include "mf-plot-view.h"

G_BEGIN_DECLS

#define MF_TYPE_DRIFT_VIEW (mf_drift_view_get_type ())
G_DECLARE_FINAL_TYPE (MfDriftView, mf_drift_view, MF, DRIFT_VIEW, GtkWidget)

GtkWidget     *mf_drift_view_new (void);

/* What to compare: the document's text and the mode shown (a reference
 * is taken), the index of the mode's reduced equations, and the
 * document's settings, read now: its tolerances, and its end time (the
 * horizon starts at ten times it).  Clears what was shown. */
void           mf_drift_view_set_source (MfDriftView                *self,
                                         MfDocumentSnapshot         *source,
                                         int                         index,
                                         const MfSimulationSettings *settings);
/* Starts the comparison (what the Run Both button does); FALSE when the
 * mode has no constraint to drift from. */
gboolean       mf_drift_view_run (MfDriftView *self);
void           mf_drift_view_set_horizon (MfDriftView *self,
                                          double       t_end);

/* For tests: running; the result shown (NULL before one or after a
 * failure); the sentence under the plot; the plot. */
gboolean       mf_drift_view_get_busy (MfDriftView *self);
const MfDrift *mf_drift_view_get_drift (MfDriftView *self);
const char    *mf_drift_view_get_summary (MfDriftView *self);
MfPlotView    *mf_drift_view_get_plot_view (MfDriftView *self);

G_END_DECLS
