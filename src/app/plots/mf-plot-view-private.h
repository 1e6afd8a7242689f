/* mf-plot-view-private.h: what the files of the plot view share — its
 * state, the gestures (mf-plot-view-input.c) and the cursor read-out
 * (mf-plot-view-readout.c).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "mf-plot-view.h"

G_BEGIN_DECLS

typedef enum
{
  MF_PLOT_DRAG_NONE,
  MF_PLOT_DRAG_BOX,
  MF_PLOT_DRAG_PAN,
} MfPlotDrag;

struct _MfPlotView
{
  GtkWidget      parent_instance;

  MfPlot        *plot;
  MfPlotRange   *x_range, *y_range;
  gulong         x_changed_id;
  gboolean       log_y;
  gboolean       dark;

  /* the plot without the overlays, kept while nothing it shows changed, so
   * that moving the pointer redraws only the read-out */
  GskRenderNode *plot_node;
  int            node_width, node_height;

  /* a run streams: the shared time axis moving with another view's data
   * leaves this plot as drawn until its own data changes (range_missed) */
  gboolean       live;
  gboolean       range_missed;

  gboolean       has_pointer;
  double         pointer_x, pointer_y;

  MfPlotDrag     drag;
  double         drag_x, drag_y;   /* where it started */
  double         drag_dx, drag_dy; /* offset so far */

  /* the list of every series, while it is open (mf-plot-view-series.c) */
  GtkWidget     *series_popover;
};

/* The plot must be drawn again (not just its overlays). */
void     mf_plot_view_invalidate (MfPlotView *self);

/* Widget coordinates ↔ axis values through the ranges and the data area
 * of the last draw. */
double   mf_plot_view_x_at (MfPlotView *self,
                            double      px);
double   mf_plot_view_y_at (MfPlotView *self,
                            double      py);
gboolean mf_plot_view_in_data_area (MfPlotView *self,
                                    double      px,
                                    double      py);

/* Toggles the series of a legend entry under (px, py): TRUE if there was one. */
/* A click under the data area emits "time-clicked"; FALSE elsewhere. */
gboolean mf_plot_view_click_time_axis (MfPlotView *self,
                                       double      px,
                                       double      py);
gboolean mf_plot_view_toggle_legend_at (MfPlotView *self,
                                        double      px,
                                        double      py);
/* Emits "cursor-moved" (the pointer moved or left). */
void     mf_plot_view_emit_cursor_moved (MfPlotView *self);

/* mf-plot-view-input.c */
void     mf_plot_view_add_controllers (MfPlotView *self);

/* mf-plot-view-readout.c: the zoom box, the cursor line and the read-out. */
void     mf_plot_view_snapshot_overlays (MfPlotView  *self,
                                         GtkSnapshot *snapshot);

G_END_DECLS
