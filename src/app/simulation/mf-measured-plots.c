/* mf-measured-plots.c: measurements laid over the simulation's plots
 * (mf-measured-plots.h).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-measured-plots.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "mf-display-units.h"

/* Where a column is drawn, if anywhere. */
typedef struct
{
  char         *pairing;  /* the quantity it is compared with, or NULL */
  gboolean      guessed;  /* paired by its name before a run said whether it has it */
  MfPlot       *plot;     /* the plot its series is on, or NULL */
  MfPlotSeries *series;
  char         *quantity; /* what the series was drawn for */
  double        scale;    /* SI to the unit drawn */
} Column;

struct _MfMeasuredPlots
{
  MfMeasured *data;
  Column     *columns; /* one per measured column */
};

MfMeasuredPlots *
mf_measured_plots_new (void)
{
  return g_new0 (MfMeasuredPlots, 1);
}

static void
take_off (Column *c)
{
  if (c->series != NULL)
    mf_plot_remove_series (c->plot, c->series);
  c->series = NULL;
  c->plot = NULL;
  g_clear_pointer (&c->quantity, g_free);
}

static void
clear (MfMeasuredPlots *self)
{
  for (guint k = 0; self->data != NULL && k < self->data->columns->len; k++)
    {
      take_off (&self->columns[k]);
      g_free (self->columns[k].pairing);
    }
  g_clear_pointer (&self->columns, g_free);
  g_clear_pointer (&self->data, mf_measured_free);
}

void
mf_measured_plots_free (MfMeasuredPlots *self)
{
  if (self == NULL)
    return;
  clear (self);
  g_free (self);
}

static const MfMeasuredColumn *
column_of (MfMeasuredPlots *self, guint k)
{
  return g_ptr_array_index (self->data->columns, k);
}

void
mf_measured_plots_set_data (MfMeasuredPlots *self, MfMeasured *measured, MfRunRecord *current)
{
  g_return_if_fail (self != NULL);

  clear (self);
  self->data = measured;
  if (measured == NULL)
    return;
  self->columns = g_new0 (Column, measured->columns->len);
  for (guint k = 0; k < measured->columns->len; k++)
    if (current == NULL || mf_run_record_find_column (current, column_of (self, k)->name) >= 0)
      {
        self->columns[k].pairing = g_strdup (column_of (self, k)->name);
        self->columns[k].guessed = current == NULL;
      }
}

/* Pairings made by name before a run: the first run with columns says
 * which of them it has. */
static void
settle_guesses (MfMeasuredPlots *self, MfRunRecord *current)
{
  if (current == NULL || mf_run_record_get_n_columns (current) == 0)
    return;
  for (guint k = 0; k < self->data->columns->len; k++)
    if (self->columns[k].guessed)
      {
        self->columns[k].guessed = FALSE;
        if (mf_run_record_find_column (current, self->columns[k].pairing) < 0)
          g_clear_pointer (&self->columns[k].pairing, g_free);
      }
}

const MfMeasured *
mf_measured_plots_get_data (MfMeasuredPlots *self)
{
  return self->data;
}

void
mf_measured_plots_set_pairing (MfMeasuredPlots *self, guint column, const char *quantity)
{
  g_return_if_fail (self != NULL && self->data != NULL && column < self->data->columns->len);

  g_free (self->columns[column].pairing);
  self->columns[column].pairing = g_strdup (quantity);
  self->columns[column].guessed = FALSE;
}

const char *
mf_measured_plots_get_pairing (MfMeasuredPlots *self, guint column)
{
  g_return_val_if_fail (self != NULL && self->data != NULL, NULL);
  g_return_val_if_fail (column < self->data->columns->len, NULL);

  return self->columns[column].pairing;
}

/* The column of `current` the pairing names, or -1. */
static int
simulated_column (MfMeasuredPlots *self, guint k, MfRunRecord *current)
{
  const char *pairing = self->columns[k].pairing;

  if (pairing == NULL || current == NULL)
    return -1;
  return mf_run_record_find_column (current, pairing);
}

/* "a pressure", or the dimension's exponents when no quantity has it. */
static char *
kind_of (MfDimension dimension)
{
  MfQuantity quantity;

  if (mf_dimension_quantity (dimension, &quantity))
    return g_strdup (mf_quantity_phrase (quantity));
  return mf_dimension_describe (dimension);
}

gboolean
mf_measured_plots_check_pairing (MfMeasuredPlots *self, guint k, MfRunRecord *current,
                                 char **why)
{
  const MfMeasuredColumn *m;
  const char *si_unit;
  int column = simulated_column (self, k, current);
  MfDimension dimension;
  double factor;
  g_autofree char *simulated = NULL;
  g_autofree char *measured = NULL;

  g_return_val_if_fail (self != NULL && self->data != NULL, FALSE);

  *why = NULL;
  m = column_of (self, k);
  if (column < 0 || m->dimension.any)
    return TRUE;
  si_unit = mf_run_record_get_column_unit (current, (guint) column);
  if (si_unit == NULL || si_unit[0] == '\0')
    dimension = (MfDimension) { 0, 0, 0, FALSE };
  else if (mf_unit_match (si_unit, &factor, &dimension) != strlen (si_unit))
    return TRUE; /* a unit the units table does not spell: nothing to check against */
  if (mf_dimension_equal (dimension, m->dimension))
    return TRUE;
  simulated = kind_of (dimension);
  measured = kind_of (m->dimension);
  /* Translators: a simulated quantity, its kind ("a length"); a measured column, its unit
   * and kind */
  *why = g_strdup_printf (_("%s is %s, but “%s [%s]” holds %s"), self->columns[k].pairing,
                          simulated, m->name, m->unit, measured);
  return FALSE;
}

/* The plot whose binder draws `quantity` for `current`, with that series. */
static MfRunPlots *
plot_drawing (MfRunPlots *const *plots, guint n_plots, MfRunRecord *current,
              const char *quantity, MfPlotSeries **series)
{
  for (guint i = 0; i < n_plots; i++)
    if ((*series = mf_run_plots_find_series (plots[i], current, quantity)) != NULL)
      return plots[i];
  return NULL;
}

/* Puts column k on `plot`, in the unit `quantity` is drawn in there. */
static void
put_on (MfMeasuredPlots *self, guint k, MfRunPlots *binder, MfRunRecord *current,
        const char *quantity)
{
  Column *c = &self->columns[k];
  const MfMeasuredColumn *m = column_of (self, k);
  int column = mf_run_record_find_column (current, quantity);
  const char *unit = mf_display_unit (mf_run_plots_get_unit_system (binder),
                                      mf_run_record_get_column_unit (current, (guint) column),
                                      &c->scale);
  /* Translators: a measured column's series: the quantity, the file's name */
  g_autofree char *name = g_strdup_printf (_("%s measured (%s)"), quantity, self->data->name);

  c->plot = mf_run_plots_get_plot (binder);
  c->series = mf_plot_add_series (c->plot, name);
  c->quantity = g_strdup (quantity);
  mf_plot_series_set_mark (c->series, MF_PLOT_MARK_CROSSES);
  mf_plot_series_set_unit (c->series, unit);
  mf_plot_series_append_scaled (c->series, self->data->t, m->values, self->data->n_rows,
                                c->scale);
}

gboolean
mf_measured_plots_sync (MfMeasuredPlots *self, MfRunPlots *const *plots, guint n_plots,
                        MfRunRecord *current)
{
  gboolean changed = FALSE;

  g_return_val_if_fail (self != NULL, FALSE);

  if (self->data != NULL)
    settle_guesses (self, current);
  for (guint k = 0; self->data != NULL && k < self->data->columns->len; k++)
    {
      Column *c = &self->columns[k];
      MfPlotSeries *drawn = NULL;
      MfRunPlots *binder = NULL;
      g_autofree char *why = NULL;

      if (c->pairing != NULL && current != NULL
          && mf_measured_plots_check_pairing (self, k, current, &why))
        binder = plot_drawing (plots, n_plots, current, c->pairing, &drawn);
      if (binder == NULL)
        {
          changed |= c->series != NULL;
          take_off (c);
          continue;
        }
      if (c->series == NULL || c->plot != mf_run_plots_get_plot (binder)
          || strcmp (c->quantity, c->pairing) != 0
          || g_strcmp0 (mf_plot_series_get_unit (c->series), mf_plot_series_get_unit (drawn)) != 0)
        {
          take_off (c);
          put_on (self, k, binder, current, c->pairing);
          changed = TRUE;
        }
      /* the quantity's colour, which a change of the runs shown may move */
      {
        MfPlotColor want = mf_plot_series_get_color (drawn);
        MfPlotColor have = mf_plot_series_get_color (c->series);

        if (memcmp (&want, &have, sizeof want) != 0)
          {
            mf_plot_series_set_color (c->series, want);
            changed = TRUE;
          }
      }
    }
  return changed;
}

MfPlotSeries *
mf_measured_plots_get_series (MfMeasuredPlots *self, guint column)
{
  g_return_val_if_fail (self != NULL && self->data != NULL, NULL);
  g_return_val_if_fail (column < self->data->columns->len, NULL);

  return self->columns[column].series;
}

const char *
mf_measured_plots_get_unit (MfMeasuredPlots *self, guint column, double *scale)
{
  g_return_val_if_fail (self != NULL && self->data != NULL, NULL);
  g_return_val_if_fail (column < self->data->columns->len, NULL);

  *scale = 1.0;
  if (self->columns[column].series == NULL)
    return NULL;
  *scale = self->columns[column].scale;
  return mf_plot_series_get_unit (self->columns[column].series);
}

gboolean
mf_measured_plots_error (MfMeasuredPlots *self, guint k, MfRunRecord *current,
                         MfMeasuredError *out)
{
  int column;
  g_autofree char *why = NULL;

  g_return_val_if_fail (self != NULL && self->data != NULL, FALSE);

  memset (out, 0, sizeof *out);
  column = simulated_column (self, k, current);
  if (column < 0 || !mf_measured_plots_check_pairing (self, k, current, &why))
    return FALSE;
  return mf_measured_error (self->data, column_of (self, k), mf_run_record_get_times (current),
                            mf_run_record_get_column (current, (guint) column),
                            mf_run_record_get_n_samples (current), out);
}
