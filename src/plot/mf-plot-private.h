/* mf-plot-private.h: what the files of the plot library share.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <pango/pangocairo.h>

#include "mf-plot-decimate.h"
#include "mf-plot.h"

G_BEGIN_DECLS

struct _MfPlotSeries
{
  char        *name;
  char        *unit;
  GArray      *x, *y;   /* double */
  MfPlotSummary summary; /* of y, extended by every append */
  MfPlotColor  color;
  gboolean     has_color;
  guint        palette_index; /* the style's colour it takes when it has none of its own */
  /* of the finite samples, kept by mf_plot_series_append() */
  double       xmin, xmax, ymin, ymax, ypos_min;
  MfPlotDash   dash;
  gboolean     visible;
  MfPlotMark   mark;
  gboolean     in_strip;
  MfPlotColumn *columns;
  guint        n_columns_allocated;
  MfPlotDecimation decimation; /* of the last draw */
  gboolean     fits_range; /* counts in its axis's fitted range (TRUE unless set) */
  gboolean     xy;         /* x in any order, traced in sample order (mf-plot-xy.c) */
  /* set by each draw (mf-plot-unit-axes.c) */
  guint        y_slot;     /* 0: the main y axis; k: the plot's unit_axes[k - 1] */
  gboolean     off_scale;  /* left out of the fit and beyond the axis's range */
};

/* The y axis of a unit other than the main axis's, right of the data
 * area. */
typedef struct
{
  const char *unit;  /* the axis's */
  MfPlotAxis  axis;
  double      x;     /* where it is drawn, at the last draw */
  double      width; /* its ticks, labels and title */
} MfPlotUnitAxis;

typedef struct
{
  double x0, x1;
  char  *label;
} MfPlotBand;

typedef struct
{
  double x;
  char  *label;
} MfPlotMarker;

#define MF_PLOT_N_AXES 3

struct _MfPlot
{
  char       *title;
  MfPlotAxis  axes[MF_PLOT_N_AXES];
  GPtrArray  *series;  /* MfPlotSeries* */
  GArray     *bands;   /* MfPlotBand */
  GArray     *markers; /* MfPlotMarker */
  GArray     *spans;   /* MfPlotBand */
  guint       next_color;
  MfPlotStyle style;
  double      min_left, min_right;
  MfPlotRect  data_area;
  MfPlotRect  strip_area; /* zero height when no series is in the strip */
  MfPlotRect  legend_area;
  double      legend_row; /* height of one legend entry at the last draw */
  guint       legend_grid_rows;    /* entries a column of the legend holds */
  double      legend_column_width; /* from one column to the next */
  guint       legend_n_shown;      /* the entries drawn, the first ones */
  GArray     *legend_series;       /* guint: the series of each entry drawn */
  gboolean    legend_more;         /* the legend ends in "+N more" */
  GArray     *scratch;    /* the bars of a band, reused by each draw (mf-plot-curve.c) */
  GArray     *marker_labels; /* MfPlotRect: where the last draw wrote marker labels */
  double      line_width;   /* of the curves, device units */
  gboolean    grid;         /* grid lines at the ticks */
  gboolean    sample_marks; /* a dot at each sample where they are far enough apart */
  double      text_scale;   /* the fonts' sizes times this (1 unless set) */
  GArray     *unit_axes;    /* MfPlotUnitAxis: one per unit after the main axis's */
  char       *main_unit;    /* the main y axis's unit at the last draw */
  gboolean    y_axes_follow; /* the unit axes follow the main axis's zoom */
};

/* One y axis per unit (mf-plot-unit-axes.c): groups the visible series by
 * unit, fits each group's axis, measures the room the extra axes take
 * right of the data area, places and draws them. */
void          mf_plot_unit_axis_clear (gpointer data);
void          mf_plot_unit_axes_assign (MfPlot *plot);
guint         mf_plot_unit_axes_count (const MfPlot *plot);
/* Slot 0 is the main y axis. */
MfPlotAxis   *mf_plot_unit_axes_get (MfPlot *plot,
                                     guint   slot);
/* Fits a y axis to the visible series of the strip, or of `slot`. */
void          mf_plot_unit_axes_fit_one (MfPlot     *plot,
                                         MfPlotAxis *y_axis,
                                         gboolean    in_strip,
                                         guint       slot);
void          mf_plot_unit_axes_fit (MfPlot *plot);
double        mf_plot_unit_axes_widest_label (const MfPlotTicks *ticks,
                                              PangoLayout       *small);
/* The width the extra axes need right of the data area (0 for none). */
double        mf_plot_unit_axes_measure (MfPlot      *plot,
                                         PangoLayout *small,
                                         PangoLayout *normal);
void          mf_plot_unit_axes_place (MfPlot *plot);
void          mf_plot_unit_axes_draw (MfPlot      *plot,
                                      cairo_t     *cr,
                                      PangoLayout *small,
                                      PangoLayout *normal);
const char   *mf_plot_unit_axes_main_unit (const MfPlot *plot);
/* A y axis's title written upwards at x, centred on `a` (left out when
 * longer than `a` is high, unless it may overflow) (mf-plot-draw.c). */
void          mf_plot_y_title_draw (cairo_t          *cr,
                                    PangoLayout      *normal,
                                    const char       *title,
                                    double            x,
                                    const MfPlotRect *a,
                                    gboolean          may_overflow);

/* The y axis a series is drawn on and the area it is drawn in: the
 * strip's for a series in the strip. */
const MfPlotAxis *mf_plot_series_y_axis (const MfPlot       *plot,
                                         const MfPlotSeries *series);
const MfPlotRect *mf_plot_series_area (const MfPlot       *plot,
                                       const MfPlotSeries *series);
/* Whether a visible series is in the strip. */
gboolean          mf_plot_has_strip (const MfPlot *plot);

/* Font sizes in cairo user units (the layouts are set to 72 dpi), before
 * the plot's text scale. */
#define MF_PLOT_FONT_SIZE 11.0
#define MF_PLOT_SMALL_FONT_SIZE 9.5

MfPlotColumn *mf_plot_series_columns (MfPlotSeries *series,
                                      guint         n_columns);

PangoLayout  *mf_plot_layout_new (cairo_t *cr,
                                  double   size,
                                  gboolean bold);
/* Sets the text and returns its logical size. */
void          mf_plot_layout_measure (PangoLayout *layout,
                                      const char  *text,
                                      double      *width,
                                      double      *height);

/* Decimates a series to the pixel columns of the data area of the last
 * layout (mf-plot-curve.c). */
void          mf_plot_series_decimate (const MfPlot *plot,
                                       MfPlotSeries *series);

/* What mf_plot_curves_draw() draws of a decimated series, in device
 * coordinates: the polyline it strokes (`move` starts a new piece) and
 * the bars it fills over columns of many samples, each spanning the
 * column [x0, x1] and the values [y0, y1] (y0 <= y1).  Either function may
 * be NULL. */
typedef void (*MfPlotTraceFunc) (gboolean move,
                                 double   x,
                                 double   y,
                                 gpointer user_data);
typedef void (*MfPlotBarFunc) (double   x0,
                               double   x1,
                               double   y0,
                               double   y1,
                               gboolean joined, /* meets the previous bar */
                               gpointer user_data);
void          mf_plot_series_trace (const MfPlot       *plot,
                                    const MfPlotSeries *series,
                                    MfPlotTraceFunc     line,
                                    MfPlotBarFunc       bar,
                                    gpointer            user_data);
/* Where a series of marks has them, in device coordinates: each sample
 * where they are sparse, a column's first, last, lowest and highest where
 * they are dense (of the decimation of the last draw). */
typedef void (*MfPlotPointFunc) (double   x,
                                 double   y,
                                 gpointer user_data);
/* mf-plot-xy.c: series of x in any order.  The x range of `series`'s
 * samples with a finite y (positive x only when `log`) widens [*lo, *hi];
 * the extent of its y values within the x axis's range (FALSE when none
 * is there); and its curve as mf_plot_series_trace() gives it, in sample
 * order. */
void          mf_plot_xy_x_range (const MfPlotSeries *series,
                                  gboolean            log,
                                  double             *lo,
                                  double             *hi);
gboolean      mf_plot_xy_extent (const MfPlot       *plot,
                                 const MfPlotSeries *series,
                                 const MfPlotAxis   *y_axis,
                                 double             *min,
                                 double             *max);
void          mf_plot_xy_trace (const MfPlot       *plot,
                                const MfPlotSeries *series,
                                MfPlotTraceFunc     line,
                                gpointer            user_data);
void          mf_plot_series_each_mark (const MfPlot       *plot,
                                        const MfPlotSeries *series,
                                        MfPlotPointFunc     point,
                                        gpointer            user_data);
/* One cross of a series of marks at (x, y), in the source and line width
 * set. */
void          mf_plot_cross_draw (cairo_t *cr,
                                  double   x,
                                  double   y);
/* The visible series, each clipped to its area (the data area, or the
 * strip). */
void          mf_plot_curves_draw (MfPlot  *plot,
                                   cairo_t *cr);

/* The legend (mf-plot-legend.c): inside the data area, or outside it,
 * right of the plot or above the data area, when every place inside would
 * hide curves, or folded into one line when there is no room for it
 * there either.  Chosen after the axes are placed and the series decimated
 * for a plot `width` × `height`; `size` is the width (right) or the height
 * (above) to keep for it. */
typedef enum
{
  MF_PLOT_LEGEND_INSIDE,
  MF_PLOT_LEGEND_RIGHT,
  MF_PLOT_LEGEND_ABOVE,
  MF_PLOT_LEGEND_COLLAPSED, /* one line inside, that opens the list */
} MfPlotLegendSide;

MfPlotLegendSide mf_plot_legend_choose_side (MfPlot  *plot,
                                             cairo_t *cr,
                                             double   width,
                                             double   height,
                                             double  *size);
/* Draws the legend on its `side`: inside the data area (whole or
 * folded) where it hides least, or in the room `outside` it, from its top
 * left corner. */
void          mf_plot_legend_draw (MfPlot           *plot,
                                   cairo_t          *cr,
                                   MfPlotLegendSide  side,
                                   const MfPlotRect *outside);

/* Bands and markers (mf-plot-marks.c): shading under the data, lines and
 * labels over it. */
void          mf_plot_bands_draw (MfPlot  *plot,
                                  cairo_t *cr);
void          mf_plot_markers_draw (MfPlot  *plot,
                                    cairo_t *cr);
void          mf_plot_spans_draw (MfPlot  *plot,
                                  cairo_t *cr);

/* Inner padding of the legend box, which mf_plot_legend_hit() needs too. */
#define MF_PLOT_LEGEND_PADDING 6.0

G_END_DECLS
