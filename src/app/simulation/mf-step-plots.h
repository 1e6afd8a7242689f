/* mf-step-plots.h: keeps one MfPlot in step with the steps of run records
 * (mf_run_record_get_steps()) — the Steps plot: for the current run and
 * each run overlaid on it, the step size h over time (on the log axis the
 * caller gives the plot), a cross at each refused try at the h it tried,
 * and, for a method that varies it, its order in the plot's strip.
 *
 * Each run has a colour of its own, kept while it is plotted; the current
 * run is drawn solid, the others dashed.  An update copies only the steps
 * that arrived since the last one.  No GTK; the binder does not own the
 * plot, which must outlive it.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "mf-plot.h"
#include "mf-run-record.h"

G_BEGIN_DECLS

typedef struct _MfStepPlots MfStepPlots;

typedef enum
{
  MF_STEP_PLOTS_H,        /* the step size of the accepted steps */
  MF_STEP_PLOTS_REJECTED, /* the refused tries (crosses) */
  MF_STEP_PLOTS_ORDER,    /* the method's order, in the strip */
} MfStepPlotsSeries;

/* Takes the plot's series over (nothing else should add to them) and
 * titles its axes: the step h in s, the order in the strip. */
MfStepPlots  *mf_step_plots_new (MfPlot *plot);
void          mf_step_plots_free (MfStepPlots *self);

/* The current run (solid; may be NULL) and the runs overlaid on it
 * (MfRunRecord *, dashed; may be NULL; the current run is skipped if
 * listed).  References are taken; the array is copied. */
void          mf_step_plots_set_runs (MfStepPlots *self,
                                      MfRunRecord *current,
                                      GPtrArray   *overlaid);

/* Brings the plot up to date with the steps the runs gained since the
 * last update; rebuilds the series after the runs changed, or a run's
 * name or method did.  TRUE when the plot changed. */
gboolean      mf_step_plots_update (MfStepPlots *self);

/* The series of `record` of that kind, or NULL (none yet: a run without
 * refused tries has no series of them, one whose method keeps its order
 * no order). */
MfPlotSeries *mf_step_plots_find_series (MfStepPlots       *self,
                                         MfRunRecord       *record,
                                         MfStepPlotsSeries  kind);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfStepPlots, mf_step_plots_free)

G_END_DECLS
