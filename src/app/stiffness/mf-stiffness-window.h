/* mf-stiffness-window.h: the Stiffness window — the circuit of a document
 * linearised at the start of a run, at a time of the simulation pane's
 * current run, or at a live run's latest state (twice a second): its modes,
 * the measures of stiffness side by side with their definitions, and the
 * region of absolute stability of a chosen method (the document's at
 * first) with the points hλ_k for a step h on a logarithmic slider, and
 * that method's largest stable fixed step, or the eigenvalues λ_k
 * themselves (docs/manual.md, "The Stiffness window"); both as figures for
 * slides, and a presentation mode; and the what-if bar's slider over a
 * parameter of the component selected on the canvas.  Non-modal; it
 * follows the document's edits.  A circuit that cannot be linearised shows
 * why, in place of the results.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "mf-edit-document.h"
#include "mf-export-dialog.h"
#include "mf-sim-panel.h"
#include "mf-stability-plot.h"
#include "mf-stiffness-modes.h"
#include "mf-what-if.h"

G_BEGIN_DECLS

#define MF_TYPE_STIFFNESS_WINDOW (mf_stiffness_window_get_type ())
G_DECLARE_FINAL_TYPE (MfStiffnessWindow, mf_stiffness_window, MF, STIFFNESS_WINDOW, AdwWindow)

/* A window over `parent` (may be NULL) for `document`; `panel` (may be
 * NULL) is the simulation pane whose runs it can linearise. */
GtkWidget         *mf_stiffness_window_new (GtkWindow      *parent,
                                            MfEditDocument *document,
                                            MfSimPanel     *panel);

/* Follows another document (the main window's was replaced): the start
 * of its run, in its own method. */
void               mf_stiffness_window_set_document (MfStiffnessWindow *self,
                                                     MfEditDocument    *document);

/* Linearises at the start, or at the sample of the panel's current run
 * nearest to `t`. */
void               mf_stiffness_window_show_start (MfStiffnessWindow *self);
void               mf_stiffness_window_show_run_time (MfStiffnessWindow *self,
                                                      double             t);

/* Chooses the method whose region is drawn (a name of mf-method.c) and
 * the step h (s). */
void               mf_stiffness_window_set_method (MfStiffnessWindow *self,
                                                   const char        *method);
void               mf_stiffness_window_set_step (MfStiffnessWindow *self,
                                                 double             step);

/* For tests: a linearisation is being computed; the one shown (NULL before
 * the first or after a failure); the failure's message shown (NULL when
 * results are shown); the parts. */
gboolean           mf_stiffness_window_get_busy (MfStiffnessWindow *self);
const MfStiffness *mf_stiffness_window_get_stiffness (MfStiffnessWindow *self);
const char        *mf_stiffness_window_get_message (MfStiffnessWindow *self);
MfStabilityPlot   *mf_stiffness_window_get_plot (MfStiffnessWindow *self);
MfStiffnessModes  *mf_stiffness_window_get_modes (MfStiffnessWindow *self);
/* Opens the export dialog on the window's figures, the stability view
 * and the eigenvalue plot (stiffness.export-figure); returned for tests. */
MfExportDialog    *mf_stiffness_window_export_figure (MfStiffnessWindow *self);
/* Enters or leaves presentation mode (stiffness.presentation, F11; Escape
 * leaves): full screen, larger text, the plot and its controls alone. */
void               mf_stiffness_window_set_presenting (MfStiffnessWindow *self,
                                                       gboolean           on);
/* What the line under the plot says about the largest stable step. */
const char        *mf_stiffness_window_get_largest_text (MfStiffnessWindow *self);
/* The what-if bar (mf-what-if.h), which the main window tells the
 * component selected on the canvas. */
MfWhatIf          *mf_stiffness_window_get_what_if (MfStiffnessWindow *self);

G_END_DECLS
