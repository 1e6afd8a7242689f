/* mf-difference-window.h: a window that plots run A minus run B
 * (mf-run-difference.h) — every quantity both runs have in the same unit,
 * or those the simulation pane shows when it shows some of them, at A's
 * times with B taken between its samples, in the quantities' units — on a
 * plot of its own, titled with both runs' names.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "mf-display-units.h"
#include "mf-plot-view.h"
#include "mf-run-record.h"

G_BEGIN_DECLS

#define MF_TYPE_DIFFERENCE_WINDOW (mf_difference_window_get_type ())
G_DECLARE_FINAL_TYPE (MfDifferenceWindow, mf_difference_window, MF, DIFFERENCE_WINDOW,
                      AdwWindow)

/* The difference of `a` and `b` as they are now; `quantities` (may be
 * NULL) the ones to plot when the difference has any of them, else all it
 * has; shown in `units`. */
GtkWidget   *mf_difference_window_new (GtkWindow         *parent,
                                       MfRunRecord       *a,
                                       MfRunRecord       *b,
                                       const char *const *quantities,
                                       MfUnitSystem       units);

/* The record A − B plotted, and the plot: for tests. */
MfRunRecord *mf_difference_window_get_difference (MfDifferenceWindow *self);
MfPlotView  *mf_difference_window_get_plot_view (MfDifferenceWindow *self);
/* The quantities plotted (NULL-terminated; g_strfreev). */
char       **mf_difference_window_get_quantities (MfDifferenceWindow *self);

G_END_DECLS
