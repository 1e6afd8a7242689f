/* mf-xy-plots.c: the XY plot binder (mf-xy-plots.h).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-xy-plots.h"

#include <glib/gi18n.h>

struct _MfXyPlots
{
  MfPlot    *plot;
  char      *x;
  GStrv      y;
  GPtrArray *runs;    /* MfRunRecord*, the current one first */
  GArray    *drawn;   /* guint: each run's samples when its series were built */
  gboolean   dirty;   /* the quantities, the runs or the units changed */
  MfUnitSystem units;
};

MfXyPlots *
mf_xy_plots_new (MfPlot *plot)
{
  MfXyPlots *self = g_new0 (MfXyPlots, 1);

  self->plot = plot;
  self->y = g_new0 (char *, 1);
  self->runs = g_ptr_array_new_with_free_func (g_object_unref);
  self->drawn = g_array_new (FALSE, TRUE, sizeof (guint));
  return self;
}

void
mf_xy_plots_free (MfXyPlots *self)
{
  if (self == NULL)
    return;
  g_free (self->x);
  g_strfreev (self->y);
  g_ptr_array_unref (self->runs);
  g_array_unref (self->drawn);
  g_free (self);
}

void
mf_xy_plots_set_quantities (MfXyPlots *self, const char *x, const char *const *y)
{
  g_free (self->x);
  self->x = g_strdup (x);
  g_strfreev (self->y);
  self->y = y != NULL ? g_strdupv ((char **) y) : g_new0 (char *, 1);
  self->dirty = TRUE;
}

void
mf_xy_plots_set_runs (MfXyPlots *self, MfRunRecord *current, GPtrArray *overlaid)
{
  g_ptr_array_set_size (self->runs, 0);
  if (current != NULL)
    g_ptr_array_add (self->runs, g_object_ref (current));
  for (guint i = 0; overlaid != NULL && i < overlaid->len; i++)
    if (overlaid->pdata[i] != current)
      g_ptr_array_add (self->runs, g_object_ref (overlaid->pdata[i]));
  self->dirty = TRUE;
}

void
mf_xy_plots_set_unit_system (MfXyPlots *self, MfUnitSystem units)
{
  if (self->units == units)
    return;
  self->units = units;
  self->dirty = TRUE;
}

/* The series of `y` over x of `record`, the current run's named by the
 * quantity alone, another's with its label. */
static void
add_series (MfXyPlots *self, MfRunRecord *record, gboolean current, int x, const char *y,
            MfPlotDash dash)
{
  int column = mf_run_record_find_column (record, y);
  guint n = mf_run_record_get_n_samples (record);
  g_autofree char *name = NULL;
  g_autofree double *xs = NULL;
  const double *x_si;
  double x_scale, y_scale;
  MfPlotSeries *series;

  if (column < 0)
    return;
  mf_display_unit (self->units, mf_run_record_get_column_unit (record, (guint) x), &x_scale);
  x_si = mf_run_record_get_column (record, (guint) x);
  xs = g_new (double, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    xs[i] = x_scale * x_si[i];
  name = current ? g_strdup (y)
                 /* Translators: a curve's legend entry: a quantity and the run it is of */
                 : g_strdup_printf (_("%s (%s)"), y, mf_run_record_get_label (record));
  series = mf_plot_add_series (self->plot, name);
  mf_plot_series_set_xy (series, TRUE);
  mf_plot_series_set_dash (series, dash);
  mf_plot_series_set_unit (series, mf_display_unit (self->units,
                                                     mf_run_record_get_column_unit (
                                                       record, (guint) column),
                                                     &y_scale));
  mf_plot_series_append_scaled (series, xs, mf_run_record_get_column (record, (guint) column),
                                n, y_scale);
}

static void
rebuild (MfXyPlots *self)
{
  const char *x_unit = NULL;

  while (mf_plot_get_n_series (self->plot) > 0)
    mf_plot_remove_series (self->plot, mf_plot_get_series (self->plot, 0));
  g_array_set_size (self->drawn, self->runs->len);
  for (guint r = 0; r < self->runs->len; r++)
    {
      MfRunRecord *record = self->runs->pdata[r];
      int x = self->x != NULL ? mf_run_record_find_column (record, self->x) : -1;

      g_array_index (self->drawn, guint, r) = mf_run_record_get_n_samples (record);
      if (x < 0)
        continue;
      if (x_unit == NULL)
        x_unit = mf_display_unit (self->units, mf_run_record_get_column_unit (record, (guint) x),
                                  NULL);
      for (guint k = 0; self->y[k] != NULL; k++)
        add_series (self, record, r == 0, x, self->y[k],
                    (MfPlotDash) (r % MF_PLOT_N_DASHES));
    }
  mf_plot_set_axis_title (self->plot, MF_PLOT_AXIS_X,
                          self->x != NULL ? self->x : _("choose an x quantity"), x_unit);
}

gboolean
mf_xy_plots_update (MfXyPlots *self)
{
  gboolean grown = self->dirty || self->drawn->len != self->runs->len;

  for (guint r = 0; !grown && r < self->runs->len; r++)
    grown = g_array_index (self->drawn, guint, r)
            != mf_run_record_get_n_samples (self->runs->pdata[r]);
  if (!grown)
    return FALSE;
  self->dirty = FALSE;
  rebuild (self);
  return TRUE;
}
