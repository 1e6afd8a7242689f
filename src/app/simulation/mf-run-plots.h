/* mf-run-plots.h: keeps one MfPlot in step with run records — a series
 * per quantity ("P1.v") of the current run (solid), and of each overlaid
 * run (in a dash pattern of its own, "P1.v (Run 2)"), the current run's
 * mode bands and switch markers, and optionally its SVD fallbacks as
 * spans.
 *
 * An update copies only the samples that arrived since the last one, so a
 * live run costs O(new samples) per frame.  Each quantity keeps one colour
 * of the plot's palette in every run (the order of the quantities picks
 * it); in a plot of one quantity each run takes a colour of its own too
 * (mf-run-set.h).  A series the user hid stays hidden while its name
 * stays.  No GTK; the binder does not own the plot, which must outlive it.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "mf-plot.h"
#include "mf-display-units.h"
#include "mf-run-record.h"
#include "mf-run-set.h"

G_BEGIN_DECLS

typedef struct _MfRunPlots MfRunPlots;

/* The binder takes the series, bands, markers and spans of `plot` over:
 * nothing else should add to them. */
MfRunPlots   *mf_run_plots_new (MfPlot *plot);
void          mf_run_plots_free (MfRunPlots *self);

MfPlot       *mf_run_plots_get_plot (MfRunPlots *self);

/* The output names to plot, in order (copied); NULL for none. */
void          mf_run_plots_set_quantities (MfRunPlots        *self,
                                           const char *const *names);
/* Adds at the end; FALSE (and nothing changes) when already there. */
gboolean      mf_run_plots_add_quantity (MfRunPlots *self,
                                         const char *name);
/* FALSE when not there. */
gboolean      mf_run_plots_remove_quantity (MfRunPlots *self,
                                            const char *name);
gboolean      mf_run_plots_has_quantity (MfRunPlots *self,
                                         const char *name);
/* A new NULL-terminated copy. */
char        **mf_run_plots_get_quantities (MfRunPlots *self);

/* The current run (solid; may be NULL) and the runs overlaid on it
 * (MfRunRecord *, each in its own dash pattern; may be NULL; the current run is skipped if
 * listed).  References are taken; the array is copied. */
void          mf_run_plots_set_runs (MfRunPlots  *self,
                                     MfRunRecord *current,
                                     GPtrArray   *overlaid);

/* Marks the current run's SVD fallbacks (its log) as spans; off at first. */
void          mf_run_plots_set_mark_fallbacks (MfRunPlots *self,
                                               gboolean    mark);

/* Brings the plot up to date: appends to each series the samples its
 * record gained since the last update, and the new mode bands, markers and
 * spans; rebuilds the series after the quantities or the runs changed (and
 * after a run's samples were started over).  TRUE when the plot changed. */
gboolean      mf_run_plots_update (MfRunPlots *self);

/* The series drawing `quantity` of `record`, or NULL: for the tests and for
 * a legend that wants to know which run a series belongs to. */
MfPlotSeries *mf_run_plots_find_series (MfRunPlots  *self,
                                        MfRunRecord *record,
                                        const char  *quantity);

/* The mode bands the current run gave the plot (merged stretches of one
 * mode; none when the run has a single mode): x0, x1 and the mode's name
 * (NULL when the record has none for it; the plot then says "mode 2"). */
guint         mf_run_plots_get_n_bands (MfRunPlots *self);
const char   *mf_run_plots_get_band (MfRunPlots *self,
                                     guint       i,
                                     double     *x0,
                                     double     *x1);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfRunPlots, mf_run_plots_free)

/* The units the series show their values in (SI by default); every
 * series is copied again at the next update. */
void          mf_run_plots_set_unit_system (MfRunPlots   *self,
                                            MfUnitSystem  units);
MfUnitSystem  mf_run_plots_get_unit_system (MfRunPlots *self);

/* Whether each quantity keeps a colour and each run a dash (the default)
 * or the reverse (mf-run-set.h); the series change at the next update. */
void          mf_run_plots_set_run_style (MfRunPlots *self,
                                          MfRunStyle  style);
MfRunStyle    mf_run_plots_get_run_style (MfRunPlots *self);

G_END_DECLS
