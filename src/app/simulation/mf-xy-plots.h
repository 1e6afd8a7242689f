/* mf-xy-plots.h: keeps one MfPlot of XY series in step with run records —
 * for each run (the current one, then each overlaid one) and each y
 * quantity, a series of that quantity over the x quantity, in sample
 * order: a p–Q characteristic, a force over a stroke.  A run's series are
 * built again when it has gained samples.  No GTK; the plot must outlive
 * the binder.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "mf-display-units.h"
#include "mf-plot.h"
#include "mf-run-record.h"

G_BEGIN_DECLS

typedef struct _MfXyPlots MfXyPlots;

MfXyPlots *mf_xy_plots_new (MfPlot *plot);
void       mf_xy_plots_free (MfXyPlots *self);

/* The x quantity (NULL: none yet, the plot stays empty) and the y ones
 * (NULL-terminated; copied). */
void       mf_xy_plots_set_quantities (MfXyPlots         *self,
                                       const char        *x,
                                       const char *const *y);
/* The current run (may be NULL) and the runs overlaid on it (may be
 * NULL); references are taken. */
void       mf_xy_plots_set_runs (MfXyPlots   *self,
                                 MfRunRecord *current,
                                 GPtrArray   *overlaid);
/* The units both axes show their values in (SI until set). */
void       mf_xy_plots_set_unit_system (MfXyPlots    *self,
                                        MfUnitSystem  units);
/* Builds the series again when a run gained samples or the quantities or
 * runs changed; TRUE when the plot changed. */
gboolean   mf_xy_plots_update (MfXyPlots *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfXyPlots, mf_xy_plots_free)

G_END_DECLS
