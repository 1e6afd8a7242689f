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
  return series;
}

void
mf_plot_series_free (MfPlotSeries *series)
{
  if (series == NULL)
    return;
  g_free (series->name);
  g_array_unref (series->x);
  g_array_unref (series->y);
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
mf_plot_series_set_dashed (MfPlotSeries *series, gboolean dashed)
{
  series->dashed = dashed;
}

gboolean
mf_plot_series_get_dashed (const MfPlotSeries *series)
{
  return series->dashed;
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

gboolean
mf_plot_series_append (MfPlotSeries *series, double x, double y)
{
  gsize n = series->x->len;

  /* bisection over x needs it sorted */
  if (isnan (x) || (n > 0 && x < g_array_index (series->x, double, n - 1)))
    return FALSE;
  g_array_append_val (series->x, x);
  g_array_append_val (series->y, y);
  return TRUE;
}

void
mf_plot_series_clear (MfPlotSeries *series)
{
  g_array_set_size (series->x, 0);
  g_array_set_size (series->y, 0);
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
