/* mf-plot-series.h: one curve of a plot — its samples (x nondecreasing, as
 * time is), name for the legend, colour, dash and visibility, a summary of
 * its values kept up to date by every append (mf-plot-summary.h) so that a
 * draw costs the same for a thousand samples or ten million, and the
 * per-column buffer its decimation reuses from one draw to the next.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _MfPlotSeries MfPlotSeries;

typedef struct
{
  double red, green, blue; /* 0..1 */
} MfPlotColor;

/* The dash pattern of a series' line (mf_plot_dash_pattern()): solid, then
 * patterns told apart at a glance and in a legend's short swatch, for the
 * runs overlaid on the current one. */
typedef enum
{
  MF_PLOT_DASH_SOLID,
  MF_PLOT_DASH_DASHED,
  MF_PLOT_DASH_DOTTED,
  MF_PLOT_DASH_DASH_DOT,
  MF_PLOT_DASH_LONG,
  MF_PLOT_DASH_DASH_DOT_DOT,
  MF_PLOT_N_DASHES
} MfPlotDash;

/* How a series is drawn: a line through its samples, or a cross at each
 * sample, for samples that stand alone (the steps a solver refused). */
typedef enum
{
  MF_PLOT_MARK_LINE,
  MF_PLOT_MARK_CROSSES,
} MfPlotMark;

MfPlotSeries *mf_plot_series_new (const char *name);
void          mf_plot_series_free (MfPlotSeries *series);

const char   *mf_plot_series_get_name (const MfPlotSeries *series);
void          mf_plot_series_set_color (MfPlotSeries *series,
                                        MfPlotColor   color);
MfPlotColor   mf_plot_series_get_color (const MfPlotSeries *series);
/* MF_PLOT_DASH_SOLID unless set. */
void          mf_plot_series_set_dash (MfPlotSeries *series,
                                       MfPlotDash    dash);
MfPlotDash    mf_plot_series_get_dash (const MfPlotSeries *series);
void          mf_plot_series_set_visible (MfPlotSeries *series,
                                          gboolean      visible);
gboolean      mf_plot_series_get_visible (const MfPlotSeries *series);
/* MF_PLOT_MARK_LINE unless set. */
void          mf_plot_series_set_mark (MfPlotSeries *series,
                                       MfPlotMark    mark);
MfPlotMark    mf_plot_series_get_mark (const MfPlotSeries *series);
/* Drawn in the plot's strip under the data area, on the strip's own y
 * axis (MF_PLOT_AXIS_STRIP of mf-plot.h), rather than on the main one:
 * for a quantity of another kind on the same time axis, as a solver's
 * order beside its step size.  FALSE unless set. */
void          mf_plot_series_set_in_strip (MfPlotSeries *series,
                                           gboolean      in_strip);
gboolean      mf_plot_series_get_in_strip (const MfPlotSeries *series);

/* Whether the series counts when its axis fits its range to the data
 * (TRUE unless set).  One that does not — a failed run's diverging tail —
 * is drawn clipped to the range the others need, its legend entry saying
 * "off scale"; alone on its axis it is fitted all the same. */
void          mf_plot_series_set_fits_range (MfPlotSeries *series,
                                             gboolean      fits);
gboolean      mf_plot_series_get_fits_range (const MfPlotSeries *series);
/* After a draw: left out of the fit and beyond its axis's range. */
gboolean      mf_plot_series_get_off_scale (const MfPlotSeries *series);

/* An XY series (FALSE unless set): x is a quantity, not time, and comes
 * in any order; the curve goes through the samples in the order they were
 * appended, and there is no value at an x to read (value_at() says FALSE).
 * Set it before the first append. */
void          mf_plot_series_set_xy (MfPlotSeries *series,
                                     gboolean      xy);
gboolean      mf_plot_series_get_xy (const MfPlotSeries *series);

/* Appends a sample; x must not be below the last one's (FALSE, and nothing
 * appended, when it is), unless the series is an XY one.  y may be NaN: a
 * gap in the line. */
gboolean      mf_plot_series_append (MfPlotSeries *series,
                                     double        x,
                                     double        y);
/* Appends n samples at once, each y multiplied by `scale`: the same as n
 * calls of mf_plot_series_append() (a sample whose x is NaN or below the
 * last one's is left out), in one pass and one update of the summary.
 * Returns how many were appended. */
gsize         mf_plot_series_append_scaled (MfPlotSeries *series,
                                            const double *x,
                                            const double *y,
                                            gsize         n,
                                            double        scale);
/* Makes room for n samples (and their summary), so that appends up to n
 * move no memory: mf_plot_series_get_x() and _get_y() stay where they
 * are.  Beyond n, growth is amortised as before. */
void          mf_plot_series_reserve (MfPlotSeries *series,
                                      gsize         n);
void          mf_plot_series_clear (MfPlotSeries *series);
gsize         mf_plot_series_get_n_points (const MfPlotSeries *series);

/* The unit of the values ("bar"; NULL or "" for none), for read-outs. */
void          mf_plot_series_set_unit (MfPlotSeries *series,
                                       const char   *unit);
const char   *mf_plot_series_get_unit (const MfPlotSeries *series);

/* The value at x, interpolated linearly between the samples either side
 * (bisection); at a repeated x (a jump) the last sample's.  FALSE outside
 * [first x, last x] and where the value is a gap (NaN either side). */
gboolean      mf_plot_series_value_at (const MfPlotSeries *series,
                                       double              x,
                                       double             *y);

/* The sample with a finite y whose x is nearest to `x`, at most
 * `tolerance` away: FALSE when there is none.  For series of marks, whose
 * samples have no line between them to read a value from. */
gboolean      mf_plot_series_nearest (const MfPlotSeries *series,
                                      double              x,
                                      double              tolerance,
                                      double             *x_found,
                                      double             *y_found);

/* The extent of the samples with a finite y, kept up to date by every
 * append (O(1)): x and y ranges, and the smallest positive y (what a log
 * axis can show).  NAN for what there is none of.  Any pointer may be NULL. */
void          mf_plot_series_get_bounds (const MfPlotSeries *series,
                                         double             *xmin,
                                         double             *xmax,
                                         double             *ymin,
                                         double             *ymax,
                                         double             *ypos_min);
const double *mf_plot_series_get_x (const MfPlotSeries *series);
const double *mf_plot_series_get_y (const MfPlotSeries *series);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfPlotSeries, mf_plot_series_free)

G_END_DECLS
