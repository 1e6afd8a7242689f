/* mf-plot-view.h: a plot in the window — an MfPlot drawn with the
 * window's light or dark style, zoomed and panned with the mouse and keys,
 * a read-out of every series at the pointer, series toggled from the
 * legend, and a time axis that several views can share.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "mf-plot-range.h"
#include "mf-plot.h"

G_BEGIN_DECLS

/* The margins left of and right of the data area that plot views and the
 * mode timeline keep at least, so that stacked ones line up in time. */
#define MF_PLOT_VIEW_LEFT_MARGIN 84.0
#define MF_PLOT_VIEW_RIGHT_MARGIN 24.0

#define MF_TYPE_PLOT_VIEW (mf_plot_view_get_type ())
G_DECLARE_FINAL_TYPE (MfPlotView, mf_plot_view, MF, PLOT_VIEW, GtkWidget)

GtkWidget   *mf_plot_view_new (void);

/* The plot drawn: add series, bands, markers and spans to it, then call
 * mf_plot_view_data_changed().  Its axis ranges and style are the view's. */
MfPlot      *mf_plot_view_get_plot (MfPlotView *self);

/* After samples were appended or series added or removed: the ranges take
 * the series' bounds (O(1) each) and a redraw is queued. */
void         mf_plot_view_data_changed (MfPlotView *self);

/* While a run streams into several views that share a time axis, their
 * owner calls mf_plot_view_data_changed() on one view per frame, in turn,
 * and each frame draws one plot.  A live view keeps the plot it drew when
 * the shared axis moves because another view's data grew: its own next
 * mf_plot_view_data_changed() redraws it.  Zoom, pan, a resize or any other
 * change of the axis redraws it at once, as always.  Setting live back to
 * FALSE redraws a view that missed a move of the axis. */
void         mf_plot_view_set_live (MfPlotView *self,
                                    gboolean    live);
gboolean     mf_plot_view_get_live (MfPlotView *self);
/* TRUE while the plot as drawn misses a move of the time axis (live only). */
gboolean     mf_plot_view_get_behind (MfPlotView *self);

/* Shares a time axis: every view (and timeline) given the same range
 * zooms and pans together.  NULL gives the view a range of its own. */
void         mf_plot_view_set_x_range (MfPlotView  *self,
                                       MfPlotRange *range);
MfPlotRange *mf_plot_view_get_x_range (MfPlotView *self);
MfPlotRange *mf_plot_view_get_y_range (MfPlotView *self);

void         mf_plot_view_set_log_y (MfPlotView *self,
                                     gboolean    log_y);
gboolean     mf_plot_view_get_log_y (MfPlotView *self);

/* Shows or hides a series as a click on its legend entry does (emits
 * "series-toggled" when that changes anything). */
void         mf_plot_view_set_series_visible (MfPlotView *self,
                                              guint       index,
                                              gboolean    visible);

/* Opens a popover at (px, py) listing every series with a check that
 * shows or hides it, as a click on the legend's "+N more" does
 * (mf-plot-view-series.c); the open list, or NULL: for tests. */
void         mf_plot_view_show_series_list (MfPlotView *self,
                                            double      px,
                                            double      py);
GtkWidget   *mf_plot_view_get_series_list (MfPlotView *self);

/* Signal "time-clicked" (double t): a click on the time axis, under the
 * data area, at the time it reads there (s, or the axis's unit).
 * Signal "cursor-moved" (void): the pointer moved over the view or left
 * it, so mf_plot_view_get_cursor_time() may read another time. */

/* Where the data area was at the last draw (widget coordinates). */
MfPlotRect   mf_plot_view_get_data_area (MfPlotView *self);

/* The read-out at the pointer: its time, or FALSE when the pointer is not
 * over the data area. */
gboolean     mf_plot_view_get_cursor_time (MfPlotView *self,
                                           double     *t);

G_END_DECLS
