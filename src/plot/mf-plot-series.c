/* mf-plot-series.c: the samples and looks of one curve.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-plot-private.h"

#include <math.h>

MfPlotSeries *
mf_plot_series_new (const char *name)
{
  MfPlotSeries *series = g_new0 (MfPlotSeries, 1);

  series->name = g_strdup (name != NULL ? name : "");
  series->x = g_array_new (FALSE, FALSE, sizeof (double));
  series->y = g_array_new (FALSE, FALSE, sizeof (double));
  series->visible = TRUE;
  series->fits_range = TRUE;
  mf_plot_summary_init (&series->summary);
  mf_plot_series_clear (series);
  return series;
}

void
mf_plot_series_free (MfPlotSeries *series)
{
  if (series == NULL)
    return;
  g_free (series->name);
  g_free (series->unit);
  g_array_unref (series->x);
  g_array_unref (series->y);
  mf_plot_summary_clear (&series->summary);
  g_free (series->columns);
  g_free (series);
}

const char *
mf_plot_series_get_name (const MfPlotSeries *series)
{
  return series->name;
}

void
mf_plot_series_set_color (MfPlotSeries *series, MfPlotColor color)
{
  series->color = color;
  series->has_color = TRUE;
}

MfPlotColor
mf_plot_series_get_color (const MfPlotSeries *series)
{
  return series->color;
}

void
mf_plot_series_set_dash (MfPlotSeries *series, MfPlotDash dash)
{
  g_return_if_fail (dash < MF_PLOT_N_DASHES);
  series->dash = dash;
}

MfPlotDash
mf_plot_series_get_dash (const MfPlotSeries *series)
{
  return series->dash;
}

void
mf_plot_series_set_visible (MfPlotSeries *series, gboolean visible)
{
  series->visible = visible;
}

gboolean
mf_plot_series_get_visible (const MfPlotSeries *series)
{
  return series->visible;
}

void
mf_plot_series_set_mark (MfPlotSeries *series, MfPlotMark mark)
{
  series->mark = mark;
}

MfPlotMark
mf_plot_series_get_mark (const MfPlotSeries *series)
{
  return series->mark;
}

void
mf_plot_series_set_in_strip (MfPlotSeries *series, gboolean in_strip)
{
  series->in_strip = !!in_strip;
}

gboolean
mf_plot_series_get_in_strip (const MfPlotSeries *series)
{
  return series->in_strip;
}

void
mf_plot_series_set_fits_range (MfPlotSeries *series, gboolean fits)
{
  series->fits_range = !!fits;
}

gboolean
mf_plot_series_get_fits_range (const MfPlotSeries *series)
{
  return series->fits_range;
}

gboolean
mf_plot_series_get_off_scale (const MfPlotSeries *series)
{
  return series->off_scale;
}

/* The bounds of the finite samples; NaN compares false, so the first
 * finite sample replaces the NaNs. */
static inline void
widen_bounds (MfPlotSeries *series, double x, double y)
{
  if (!isfinite (x) || !isfinite (y))
    return;
  if (!(series->xmin <= x))
    series->xmin = x;
  if (!(series->xmax >= x))
    series->xmax = x;
  if (!(series->ymin <= y))
    series->ymin = y;
  if (!(series->ymax >= y))
    series->ymax = y;
  if (y > 0 && !(series->ypos_min <= y))
    series->ypos_min = y;
}

gboolean
mf_plot_series_append (MfPlotSeries *series, double x, double y)
{
  return mf_plot_series_append_scaled (series, &x, &y, 1, 1.0) == 1;
}

gsize
mf_plot_series_append_scaled (MfPlotSeries *series,
                              const double *x,
                              const double *y,
                              gsize         n,
                              double        scale)
{
  gsize len = series->x->len, end = len;
  double *xs, *ys;

  if (n == 0 || len + n > G_MAXUINT)
    return 0;
  /* written in place: the arrays grow once, by as much as may come */
  g_array_set_size (series->x, (guint) (len + n));
  g_array_set_size (series->y, (guint) (len + n));
  xs = (double *) series->x->data;
  ys = (double *) series->y->data;
  for (gsize i = 0; i < n; i++)
    {
      double xi = x[i], yi = scale * y[i];

      /* bisection over x needs it sorted */
      if (isnan (xi) || (!series->xy && end > 0 && xi < xs[end - 1]))
        continue;
      xs[end] = xi;
      ys[end] = yi;
      end++;
      widen_bounds (series, xi, yi);
    }
  g_array_set_size (series->x, (guint) end);
  g_array_set_size (series->y, (guint) end);
  mf_plot_summary_extend (&series->summary, ys, end);
  return end - len;
}

void
mf_plot_series_reserve (MfPlotSeries *series, gsize n)
{
  mf_plot_array_reserve (series->x, n);
  mf_plot_array_reserve (series->y, n);
  mf_plot_summary_reserve (&series->summary, n);
}

void
mf_plot_series_clear (MfPlotSeries *series)
{
  g_array_set_size (series->x, 0);
  g_array_set_size (series->y, 0);
  mf_plot_summary_reset (&series->summary);
  series->xmin = series->xmax = NAN;
  series->ymin = series->ymax = series->ypos_min = NAN;
}

void
mf_plot_series_get_bounds (const MfPlotSeries *series,
                           double             *xmin,
                           double             *xmax,
                           double             *ymin,
                           double             *ymax,
                           double             *ypos_min)
{
  if (xmin != NULL)
    *xmin = series->xmin;
  if (xmax != NULL)
    *xmax = series->xmax;
  if (ymin != NULL)
    *ymin = series->ymin;
  if (ymax != NULL)
    *ymax = series->ymax;
  if (ypos_min != NULL)
    *ypos_min = series->ypos_min;
}

gboolean
mf_plot_series_value_at (const MfPlotSeries *series, double x, double *y)
{
  const double *xs = (const double *) series->x->data;
  const double *ys = (const double *) series->y->data;
  gsize n = series->x->len, i;
  double value;

  /* an XY curve may pass an x many times: it has no one value there */
  if (series->xy)
    return FALSE;
  if (n == 0 || !(x >= xs[0] && x <= xs[n - 1]))
    return FALSE;
  /* the first sample after x: at a jump (repeated x) the later value holds */
  i = mf_plot_lower_bound (xs, n, x);
  while (i < n && xs[i] == x)
    i++;
  if (xs[i - 1] == x)
    value = ys[i - 1];
  else
    {
      double f = (x - xs[i - 1]) / (xs[i] - xs[i - 1]);

      value = ys[i - 1] + f * (ys[i] - ys[i - 1]);
    }
  if (!isfinite (value))
    return FALSE;
  if (y != NULL)
    *y = value;
  return TRUE;
}

gboolean
mf_plot_series_nearest (const MfPlotSeries *series,
                        double              x,
                        double              tolerance,
                        double             *x_found,
                        double             *y_found)
{
  const double *xs = (const double *) series->x->data;
  const double *ys = (const double *) series->y->data;
  gsize n = series->x->len, at = mf_plot_lower_bound (xs, n, x), found = n;
  gsize after = at, before = at;

  /* outwards from x, to the first finite sample on each side */
  while (after < n && xs[after] - x <= tolerance && !isfinite (ys[after]))
    after++;
  while (before > 0 && x - xs[before - 1] <= tolerance && !isfinite (ys[before - 1]))
    before--;
  if (after < n && xs[after] - x <= tolerance && isfinite (ys[after]))
    found = after;
  if (before > 0 && x - xs[before - 1] <= tolerance && isfinite (ys[before - 1])
      && (found == n || x - xs[before - 1] < xs[found] - x))
    found = before - 1;
  if (found == n)
    return FALSE;
  if (x_found != NULL)
    *x_found = xs[found];
  if (y_found != NULL)
    *y_found = ys[found];
  return TRUE;
}

void
mf_plot_series_set_unit (MfPlotSeries *series, const char *unit)
{
  g_free (series->unit);
  series->unit = g_strdup (unit);
}

const char *
mf_plot_series_get_unit (const MfPlotSeries *series)
{
  return series->unit;
}

gsize
mf_plot_series_get_n_points (const MfPlotSeries *series)
{
  return series->x->len;
}

const double *
mf_plot_series_get_x (const MfPlotSeries *series)
{
  return (const double *) series->x->data;
}

const double *
mf_plot_series_get_y (const MfPlotSeries *series)
{
  return (const double *) series->y->data;
}

/* The column buffer grows to the widest draw seen and is then reused. */
MfPlotColumn *
mf_plot_series_columns (MfPlotSeries *series, guint n_columns)
{
  if (n_columns > series->n_columns_allocated)
    {
      g_free (series->columns);
      series->columns = g_new (MfPlotColumn, n_columns);
      series->n_columns_allocated = n_columns;
    }
  return series->columns;
}
