/* mf-plot-xy.c: series whose x is another quantity rather than time (a
 * p–Q characteristic, a force over a stroke) — their samples in any order
 * of x, the curve drawn through them in sample order, the axes fitted to
 * them by a scan.  A time series is decimated by columns of x; an XY curve
 * may run back over a column, so it is traced point by point instead,
 * leaving out the moves shorter than a quarter of a unit, which a screen
 * cannot show, and breaking at a gap and at a value a log axis cannot
 * show (zero or below).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-plot-private.h"

#include <math.h>

void
mf_plot_series_set_xy (MfPlotSeries *series, gboolean xy)
{
  series->xy = xy;
}

gboolean
mf_plot_series_get_xy (const MfPlotSeries *series)
{
  return series->xy;
}

/* Whether a value can be shown on `axis`: finite, and positive on a log
 * axis. */
static gboolean
showable (const MfPlotAxis *axis, double value)
{
  return isfinite (value) && (axis->scale != MF_PLOT_SCALE_LOG || value > 0);
}

void
mf_plot_xy_x_range (const MfPlotSeries *series, gboolean log, double *lo, double *hi)
{
  const double *xs = (const double *) series->x->data;
  const double *ys = (const double *) series->y->data;

  if (!log)
    {
      /* the bounds of the samples with a finite y, kept by every append */
      if (isfinite (series->xmin))
        *lo = MIN (*lo, series->xmin), *hi = MAX (*hi, series->xmax);
      return;
    }
  for (guint i = 0; i < series->x->len; i++)
    if (isfinite (ys[i]) && isfinite (xs[i]) && xs[i] > 0)
      *lo = MIN (*lo, xs[i]), *hi = MAX (*hi, xs[i]);
}

gboolean
mf_plot_xy_extent (const MfPlot *plot, const MfPlotSeries *series, const MfPlotAxis *y_axis,
                   double *min, double *max)
{
  const MfPlotAxis *x_axis = &plot->axes[MF_PLOT_AXIS_X];
  const double *xs = (const double *) series->x->data;
  const double *ys = (const double *) series->y->data;
  double lo = MIN (x_axis->ticks.lo, x_axis->ticks.hi);
  double hi = MAX (x_axis->ticks.lo, x_axis->ticks.hi);
  gboolean found = FALSE;

  *min = INFINITY;
  *max = -INFINITY;
  for (guint i = 0; i < series->x->len; i++)
    if (xs[i] >= lo && xs[i] <= hi && showable (y_axis, ys[i]))
      {
        *min = MIN (*min, ys[i]);
        *max = MAX (*max, ys[i]);
        found = TRUE;
      }
  return found;
}

void
mf_plot_xy_trace (const MfPlot *plot, const MfPlotSeries *series, MfPlotTraceFunc line,
                  gpointer user_data)
{
  const MfPlotAxis *xa = &plot->axes[MF_PLOT_AXIS_X];
  const MfPlotAxis *ya = mf_plot_series_y_axis (plot, series);
  const double *xs = (const double *) series->x->data;
  const double *ys = (const double *) series->y->data;
  gboolean pen = FALSE;
  double last_x = NAN, last_y = NAN;

  if (line == NULL)
    return;
  for (guint i = 0; i < series->x->len; i++)
    {
      double px, py;

      if (!showable (xa, xs[i]) || !showable (ya, ys[i]))
        {
          pen = FALSE;
          continue;
        }
      /* cairo's image surfaces hold coordinates in 24.8 fixed point */
      px = CLAMP (mf_plot_axis_to_pixel (xa, xs[i]), -1e6, 1e6);
      py = CLAMP (mf_plot_axis_to_pixel (ya, ys[i]), -1e6, 1e6);
      /* the last sample is always drawn, so the curve ends where it does */
      if (pen && fabs (px - last_x) < 0.25 && fabs (py - last_y) < 0.25
          && i + 1 < series->x->len)
        continue;
      line (!pen, px, py, user_data);
      pen = TRUE;
      last_x = px;
      last_y = py;
    }
}
