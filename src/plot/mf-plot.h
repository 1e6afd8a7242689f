/* mf-plot.h: a plot of time series on any cairo_t — time along x, a y
 * axis per unit of the series (mf-plot-unit-axes.c), several series with a legend placed where it hides the least data,
 * shaded mode bands and event markers along x, and a strip under the data
 * area with a y axis of its own for series that ask for it.  The same
 * mf_plot_draw() serves a widget, the export (mf-plot-export.h) and the
 * tests.  No GTK, nothing of circuits.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "mf-plot-axis.h"
#include "mf-plot-series.h"
#include "mf-plot-style.h"

G_BEGIN_DECLS

typedef struct _MfPlot MfPlot;

typedef enum
{
  MF_PLOT_AXIS_X,
  MF_PLOT_AXIS_Y,
  MF_PLOT_AXIS_STRIP, /* the strip's y axis: shown while a visible series is in the strip */
} MfPlotAxisId;

/* Where mf_plot_draw() put the legend and the data area (device units). */
typedef struct
{
  double x, y, width, height;
} MfPlotRect;

MfPlot       *mf_plot_new (void);
void          mf_plot_free (MfPlot *plot);

/* Title above the plot; NULL for none. */
void          mf_plot_set_title (MfPlot     *plot,
                                 const char *title);

/* "pressure", "bar" → "pressure [bar]"; either may be NULL. */
void          mf_plot_set_axis_title (MfPlot       *plot,
                                      MfPlotAxisId  axis,
                                      const char   *title,
                                      const char   *unit);
void          mf_plot_set_axis_scale (MfPlot       *plot,
                                      MfPlotAxisId  axis,
                                      MfPlotScale   scale);
/* The axis holds whole numbers (an order, a count) and puts its ticks at
 * whole numbers, with half a unit of room beyond the outer ones, on a
 * linear scale.  FALSE unless set. */
void          mf_plot_set_axis_integer (MfPlot       *plot,
                                        MfPlotAxisId  axis,
                                        gboolean      integer);
/* With `follow` (off at first), a fixed range of the main y axis is a zoom
 * that the other units' axes follow: each shows the same part of its
 * series' extent as the main axis shows of the main unit's (the lower half
 * of the speeds, the lower half of the strokes).  Without it they fit
 * their data. */
void          mf_plot_set_y_axes_follow (MfPlot   *plot,
                                         gboolean  follow);
/* A fixed range; NAN, NAN to fit the data again. */
void          mf_plot_set_axis_range (MfPlot       *plot,
                                      MfPlotAxisId  axis,
                                      double        min,
                                      double        max);
/* The axis as the last draw laid it out (its ticks and pixel map). */
const MfPlotAxis *mf_plot_get_axis (const MfPlot *plot,
                                    MfPlotAxisId  axis);

/* After a draw: how many y axes the data area has — the main one, left,
 * and one right of it for every further unit of the visible series (one
 * y axis per unit, never two units on one axis) — and the y axis a
 * series is drawn on (the main one, a unit's, or the strip's). */
guint         mf_plot_get_n_y_axes (const MfPlot *plot);
const MfPlotAxis *mf_plot_get_series_axis (const MfPlot       *plot,
                                           const MfPlotSeries *series);

/* A new series, owned by the plot, with the next colour of the palette. */
MfPlotSeries *mf_plot_add_series (MfPlot     *plot,
                                  const char *name);
/* Takes the series off the plot and frees it; the others keep their
 * colours and order. */
void          mf_plot_remove_series (MfPlot       *plot,
                                     MfPlotSeries *series);
guint         mf_plot_get_n_series (const MfPlot *plot);
MfPlotSeries *mf_plot_get_series (const MfPlot *plot,
                                  guint         index);

/* A shaded interval of x labelled with a mode's name. */
void          mf_plot_add_band (MfPlot     *plot,
                                double      x0,
                                double      x1,
                                const char *label);
/* A vertical line at x with a short label ("V1 closed"). */
void          mf_plot_add_marker (MfPlot     *plot,
                                  double      x,
                                  const char *label);
void          mf_plot_clear_bands (MfPlot *plot);
void          mf_plot_clear_markers (MfPlot *plot);

/* A hatched interval of x with a short label along its foot, told apart
 * from the mode bands: where the solver fell back to an SVD, say. */
void          mf_plot_add_span (MfPlot     *plot,
                                double      x0,
                                double      x1,
                                const char *label);
void          mf_plot_clear_spans (MfPlot *plot);
guint         mf_plot_get_n_spans (const MfPlot *plot);

/* The colours of every later draw (copied); the series that were given no
 * colour of their own take the style's palette. */
void          mf_plot_set_style (MfPlot            *plot,
                                 const MfPlotStyle *style);
const MfPlotStyle *mf_plot_get_style (const MfPlot *plot);

/* A colour of a style as cairo's source. */
void          mf_plot_set_source_color (cairo_t           *cr,
                                        const MfPlotColor *color,
                                        double             alpha);

/* The smallest margins around the data area (device units), so that plots
 * stacked on one time axis line up; the draw widens them as labels need. */
void          mf_plot_set_min_margins (MfPlot *plot,
                                       double  left,
                                       double  right);

/* Draws the whole plot into [0, width] × [0, height] of `cr`'s user space,
 * background included; the state of `cr` is kept. */
void          mf_plot_draw (MfPlot  *plot,
                            cairo_t *cr,
                            double   width,
                            double   height);

/* After a draw: the data area, the strip under it and the legend (zero
 * size when there is none). */
MfPlotRect    mf_plot_get_data_area (const MfPlot *plot);
MfPlotRect    mf_plot_get_strip_area (const MfPlot *plot);
MfPlotRect    mf_plot_get_legend_area (const MfPlot *plot);

/* After a draw: the index of the series whose legend entry holds the point
 * (device units), MF_PLOT_LEGEND_MORE on the "+N more" entry of a legend
 * too small for every series or on a legend folded into one line ("8
 * curves…"), or -1. */
#define MF_PLOT_LEGEND_MORE (-2)
int           mf_plot_legend_hit (const MfPlot *plot,
                                  double        x,
                                  double        y);

/* How the curves are drawn: their width in device units (1.5 unless
 * set), grid lines at the ticks (on unless set), and a dot at every sample
 * where the samples in view lie at least 4 units apart (off unless set). */
void          mf_plot_set_line_width (MfPlot *plot,
                                      double  width);
double        mf_plot_get_line_width (const MfPlot *plot);
void          mf_plot_set_grid (MfPlot  *plot,
                                gboolean grid);
gboolean      mf_plot_get_grid (const MfPlot *plot);
void          mf_plot_set_sample_marks (MfPlot  *plot,
                                        gboolean marks);
gboolean      mf_plot_get_sample_marks (const MfPlot *plot);
/* The size of the text times `scale` (in [0.5, 4]; 1 unless set): larger
 * text for presentation mode, the layout making room for it. */
void          mf_plot_set_text_scale (MfPlot *plot,
                                      double  scale);
double        mf_plot_get_text_scale (const MfPlot *plot);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfPlot, mf_plot_free)

G_END_DECLS
