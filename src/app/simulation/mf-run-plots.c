/* mf-run-plots.c: keeps one MfPlot in step with run records.
 *
 * A binding ties one series of the plot to one quantity of one record and
 * counts the samples already copied, so an update appends only the new
 * ones.  Changing the quantities or the runs marks the bindings stale; the
 * next update rebuilds them, keeping every binding that is still wanted
 * as it is (no copying again).
 *
 * A series no longer wanted leaves the plot; if the user had hidden it, its
 * name is remembered, so that a later series of the same name (the quantity
 * added back, or a new run) comes back hidden.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-run-plots.h"

#include "mf-run-set.h"

#include <math.h>
#include <string.h>

typedef struct
{
  MfRunRecord  *record;   /* a reference */
  char         *quantity;
  guint         color;    /* the quantity's place in the list: its palette colour */
  guint         place;    /* the run's in the set (mf_run_set_place()) */
  MfPlotSeries *series;   /* the plot's */
  int           column;   /* in the record; -1 until the quantity appears there */
  double        scale;    /* from the column's SI unit to the one shown */
  guint         n_copied;
} Binding;

/* A stretch of samples in one mode: a band. */
typedef struct
{
  double x0, x1;
  guint  mode;
} ModeSpan;

struct _MfRunPlots
{
  MfPlot       *plot;
  GPtrArray    *quantities; /* char* */
  GArray       *colors;     /* guint: each quantity's palette index */
  MfRunSet      runs;
  GArray       *overlaid_columns; /* guint: each overlaid record's columns at the rebuild */
  GPtrArray    *overlaid_titles;  /* char*: each overlaid record's title at the rebuild */
  GArray       *bindings;   /* Binding */
  GHashTable   *hidden;     /* names of removed series the user had hidden */
  gboolean      stale;
  gboolean      mark_fallbacks;
  MfUnitSystem  units;
  guint         units_serial; /* mf_display_units_get_serial () when set */

  /* the current run's marks, made from its first n_marked_samples and
   * n_marked_log */
  GArray       *mode_spans; /* ModeSpan */
  guint         n_marked_samples;
  guint         n_marked_log;
};

static void
binding_clear (gpointer data)
{
  Binding *binding = data;

  g_clear_object (&binding->record);
  g_free (binding->quantity);
}

MfRunPlots *
mf_run_plots_new (MfPlot *plot)
{
  MfRunPlots *self = g_new0 (MfRunPlots, 1);

  g_return_val_if_fail (plot != NULL, NULL);

  self->plot = plot;
  self->quantities = g_ptr_array_new_with_free_func (g_free);
  self->colors = g_array_new (FALSE, FALSE, sizeof (guint));
  mf_run_set_init (&self->runs);
  self->overlaid_columns = g_array_new (FALSE, FALSE, sizeof (guint));
  self->overlaid_titles = g_ptr_array_new_with_free_func (g_free);
  self->bindings = g_array_new (FALSE, FALSE, sizeof (Binding));
  g_array_set_clear_func (self->bindings, binding_clear);
  self->hidden = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->mode_spans = g_array_new (FALSE, FALSE, sizeof (ModeSpan));
  return self;
}

void
mf_run_plots_free (MfRunPlots *self)
{
  if (self == NULL)
    return;
  g_ptr_array_unref (self->quantities);
  g_array_unref (self->colors);
  mf_run_set_clear (&self->runs);
  g_array_unref (self->overlaid_columns);
  g_ptr_array_unref (self->overlaid_titles);
  g_array_unref (self->bindings);
  g_hash_table_unref (self->hidden);
  g_array_unref (self->mode_spans);
  g_free (self);
}

MfPlot *
mf_run_plots_get_plot (MfRunPlots *self)
{
  return self->plot;
}

/* ---- quantities and runs ---- */

static int
find_quantity (MfRunPlots *self, const char *name)
{
  for (guint q = 0; q < self->quantities->len; q++)
    if (strcmp (g_ptr_array_index (self->quantities, q), name) == 0)
      return (int) q;
  return -1;
}

/* The palette index a new quantity takes: the first that no other
 * quantity holds, so that a quantity keeps its colour while others come and
 * go. */
static guint
free_color (MfRunPlots *self)
{
  for (guint c = 0; c < MF_PLOT_STYLE_N_COLORS; c++)
    {
      gboolean used = FALSE;

      for (guint q = 0; q < self->colors->len && !used; q++)
        used = g_array_index (self->colors, guint, q) == c;
      if (!used)
        return c;
    }
  return self->colors->len % MF_PLOT_STYLE_N_COLORS;
}

static void
append_quantity (MfRunPlots *self, const char *name)
{
  guint color = free_color (self);

  g_ptr_array_add (self->quantities, g_strdup (name));
  g_array_append_val (self->colors, color);
}

void
mf_run_plots_set_quantities (MfRunPlots *self, const char *const *names)
{
  g_ptr_array_set_size (self->quantities, 0);
  g_array_set_size (self->colors, 0);
  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    if (find_quantity (self, names[i]) < 0)
      append_quantity (self, names[i]);
  self->stale = TRUE;
}

gboolean
mf_run_plots_add_quantity (MfRunPlots *self, const char *name)
{
  g_return_val_if_fail (name != NULL, FALSE);

  if (find_quantity (self, name) >= 0)
    return FALSE;
  append_quantity (self, name);
  self->stale = TRUE;
  return TRUE;
}

gboolean
mf_run_plots_remove_quantity (MfRunPlots *self, const char *name)
{
  int q;

  g_return_val_if_fail (name != NULL, FALSE);

  q = find_quantity (self, name);
  if (q < 0)
    return FALSE;
  g_ptr_array_remove_index (self->quantities, (guint) q);
  g_array_remove_index (self->colors, (guint) q);
  self->stale = TRUE;
  return TRUE;
}

gboolean
mf_run_plots_has_quantity (MfRunPlots *self, const char *name)
{
  g_return_val_if_fail (name != NULL, FALSE);
  return find_quantity (self, name) >= 0;
}

char **
mf_run_plots_get_quantities (MfRunPlots *self)
{
  char **names = g_new0 (char *, self->quantities->len + 1);

  for (guint q = 0; q < self->quantities->len; q++)
    names[q] = g_strdup (g_ptr_array_index (self->quantities, q));
  return names;
}

void
mf_run_plots_set_runs (MfRunPlots *self, MfRunRecord *current, GPtrArray *overlaid)
{
  gboolean new_current = current != self->runs.current;

  if (!mf_run_set_assign (&self->runs, current, overlaid))
    return;
  if (new_current)
    {
      g_array_set_size (self->mode_spans, 0);
      self->n_marked_samples = 0;
      self->n_marked_log = 0;
      mf_plot_clear_bands (self->plot);
      mf_plot_clear_markers (self->plot);
      mf_plot_clear_spans (self->plot);
    }
  self->stale = TRUE;
}

void
mf_run_plots_set_mark_fallbacks (MfRunPlots *self, gboolean mark)
{
  mark = !!mark;
  if (self->mark_fallbacks == mark)
    return;
  self->mark_fallbacks = mark;
  /* the log is gone through again: events come back as markers, fallbacks
   * as spans or not at all */
  mf_plot_clear_markers (self->plot);
  mf_plot_clear_spans (self->plot);
  self->n_marked_log = 0;
}

/* ---- series ---- */

static char *
series_name (MfRunPlots *self, MfRunRecord *record, guint quantity)
{
  const char *name = g_ptr_array_index (self->quantities, quantity);

  g_autofree char *title = NULL;

  if (record == self->runs.current)
    return g_strdup (name);
  title = mf_run_record_dup_title (record, FALSE);
  return g_strdup_printf ("%s (%s)", name, title);
}

static void
retire_series (MfRunPlots *self, MfPlotSeries *series)
{
  if (!mf_plot_series_get_visible (series))
    g_hash_table_add (self->hidden, g_strdup (mf_plot_series_get_name (series)));
  mf_plot_remove_series (self->plot, series);
}

/* A new series named `name` for a new binding, hidden if the last one of
 * that name was. */
static MfPlotSeries *
take_series (MfRunPlots *self, const char *name)
{
  MfPlotSeries *series = mf_plot_add_series (self->plot, name);

  mf_plot_series_set_visible (series, !g_hash_table_remove (self->hidden, name));
  return series;
}

/* The binding in `old` of `record`'s `quantity` that no new binding has
 * taken yet, or NULL. */
static Binding *
find_binding (GArray *old, MfRunRecord *record, const char *quantity)
{
  for (guint b = 0; b < old->len; b++)
    {
      Binding *binding = &g_array_index (old, Binding, b);

      if (binding->series != NULL && binding->record == record
          && strcmp (binding->quantity, quantity) == 0)
        return binding;
    }
  return NULL;
}

static void
bind (MfRunPlots *self, GArray *old, MfRunRecord *record, guint q)
{
  const char *quantity = g_ptr_array_index (self->quantities, q);
  Binding *kept = find_binding (old, record, quantity);
  Binding binding = { g_object_ref (record), g_strdup (quantity),
                      g_array_index (self->colors, guint, q),
                      (guint) MAX (mf_run_set_place (&self->runs, record), 0), NULL, -1, 1.0, 0 };

  if (kept != NULL)
    {
      binding.series = kept->series;
      binding.column = kept->column;
      binding.scale = kept->scale;
      binding.n_copied = kept->n_copied;
      kept->series = NULL;
    }
  else
    {
      g_autofree char *name = series_name (self, record, q);

      binding.series = take_series (self, name);
      /* the current run's expected length: no copy as the series grows */
      mf_plot_series_reserve (binding.series, mf_run_record_get_capacity (record));
    }
  /* a kept series too: the run's place among the overlaid ones may have moved */
  mf_plot_series_set_dash (binding.series,
                           mf_run_set_series_dash (&self->runs, record, binding.color));
  g_array_append_val (self->bindings, binding);
}

/* A kept run that has columns but not this quantity (another circuit, or
 * an edit removed it) gets no series: an empty legend entry helps nobody.
 * The current run gets one for every quantity, as its columns may still
 * come. */
static gboolean
wants_series (MfRunRecord *record, const char *quantity)
{
  return mf_run_record_get_n_columns (record) == 0
         || mf_run_record_find_column (record, quantity) >= 0;
}

/* Whether an old binding can stay as it is: its quantity and run are still
 * plotted, and its series' name still says which run it is (the run may
 * have been renamed, or have become an overlaid one). */
static gboolean
is_wanted (MfRunPlots *self, const Binding *binding)
{
  int q = find_quantity (self, binding->quantity);
  g_autofree char *name = NULL;

  if (q < 0)
    return FALSE;
  if (binding->record != self->runs.current
      && (!g_ptr_array_find (self->runs.overlaid, binding->record, NULL)
          || !wants_series (binding->record, binding->quantity)))
    return FALSE;
  name = series_name (self, binding->record, (guint) q);
  return strcmp (name, mf_plot_series_get_name (binding->series)) == 0;
}

/* New bindings for quantities x runs, the current run's first.  The old
 * bindings still wanted move over as they are; the others' series are
 * retired first, so that a new binding of the same name finds out whether
 * it was hidden. */
static void
rebuild (MfRunPlots *self)
{
  g_autoptr (GArray) old = self->bindings;

  for (guint b = 0; b < old->len; b++)
    {
      Binding *binding = &g_array_index (old, Binding, b);

      if (!is_wanted (self, binding))
        {
          retire_series (self, binding->series);
          binding->series = NULL;
        }
    }
  self->bindings = g_array_new (FALSE, FALSE, sizeof (Binding));
  g_array_set_clear_func (self->bindings, binding_clear);
  if (self->runs.current != NULL)
    for (guint q = 0; q < self->quantities->len; q++)
      bind (self, old, self->runs.current, q);
  g_array_set_size (self->overlaid_columns, self->runs.overlaid->len);
  g_ptr_array_set_size (self->overlaid_titles, 0);
  for (guint i = 0; i < self->runs.overlaid->len; i++)
    {
      MfRunRecord *record = g_ptr_array_index (self->runs.overlaid, i);

      g_array_index (self->overlaid_columns, guint, i) = mf_run_record_get_n_columns (record);
      g_ptr_array_add (self->overlaid_titles, mf_run_record_dup_title (record, FALSE));
      for (guint q = 0; q < self->quantities->len; q++)
        if (wants_series (record, g_ptr_array_index (self->quantities, q)))
          bind (self, old, record, q);
    }
  self->stale = FALSE;
}

/* ---- marks of the current run ---- */

static const char *
mode_label (MfRunRecord *record, guint mode, char *buffer, gsize size)
{
  const char *name = mf_run_record_get_mode_name (record, mode);

  if (name != NULL)
    return name;
  g_snprintf (buffer, size, "mode %u", mode);
  return buffer;
}

/* Extends the mode spans over the new samples; TRUE when they changed. */
static gboolean
extend_mode_spans (MfRunPlots *self)
{
  MfRunRecord *record = self->runs.current;
  guint n = mf_run_record_get_n_samples (record);
  const double *t = mf_run_record_get_times (record);
  const guint *modes = mf_run_record_get_modes (record);

  if (n == self->n_marked_samples)
    return FALSE;
  for (guint i = self->n_marked_samples; i < n; i++)
    {
      ModeSpan *last = self->mode_spans->len > 0
                       ? &g_array_index (self->mode_spans, ModeSpan, self->mode_spans->len - 1)
                       : NULL;

      if (last != NULL)
        last->x1 = t[i];
      if (last == NULL || last->mode != modes[i])
        {
          ModeSpan span = { t[i], t[i], modes[i] };

          g_array_append_val (self->mode_spans, span);
        }
    }
  self->n_marked_samples = n;
  return TRUE;
}

/* Bands tell modes apart; a run that has one mode only needs none. */
static gboolean
shows_bands (MfRunPlots *self)
{
  MfRunRecord *current = self->runs.current;

  return current != NULL
         && (self->mode_spans->len > 1 || mf_run_record_get_mode_name (current, 1) != NULL);
}

static void
redraw_bands (MfRunPlots *self)
{
  char buffer[32];

  mf_plot_clear_bands (self->plot);
  if (!shows_bands (self))
    return;
  for (guint i = 0; i < self->mode_spans->len; i++)
    {
      const ModeSpan *span = &g_array_index (self->mode_spans, ModeSpan, i);

      mf_plot_add_band (self->plot, span->x0, span->x1,
                        mode_label (self->runs.current, span->mode, buffer, sizeof buffer));
    }
}

guint
mf_run_plots_get_n_bands (MfRunPlots *self)
{
  return shows_bands (self) ? self->mode_spans->len : 0;
}

const char *
mf_run_plots_get_band (MfRunPlots *self, guint i, double *x0, double *x1)
{
  const ModeSpan *span;

  g_return_val_if_fail (i < mf_run_plots_get_n_bands (self), NULL);

  span = &g_array_index (self->mode_spans, ModeSpan, i);
  if (x0 != NULL)
    *x0 = span->x0;
  if (x1 != NULL)
    *x1 = span->x1;
  return mf_run_record_get_mode_name (self->runs.current, span->mode);
}

static gboolean
mark_log (MfRunPlots *self)
{
  MfRunRecord *record = self->runs.current;
  guint n = mf_run_record_get_n_log (record);
  gboolean changed = FALSE;

  for (guint i = self->n_marked_log; i < n; i++)
    {
      const MfSimLogEntry *entry = mf_run_record_get_log (record, i);

      if (entry->kind == MF_SIM_LOG_EVENT && g_strcmp0 (entry->component, MF_EVENT_SCHEDULE) != 0)
        {
          /* "CV1 closed"; scheduled mode changes show as bands */
          g_autofree char *label = mf_sim_log_entry_label (entry);

          mf_plot_add_marker (self->plot, entry->t, label);
          changed = TRUE;
        }
      else if (entry->kind == MF_SIM_LOG_FALLBACKS && self->mark_fallbacks)
        {
          mf_plot_add_span (self->plot, entry->t, entry->t_last, "SVD");
          changed = TRUE;
        }
    }
  self->n_marked_log = n;
  return changed;
}

/* ---- updating ---- */

/* The series' colour by the runs' style (mf_run_set_series_color()). */
static MfPlotColor
binding_color (MfRunPlots *self, const Binding *binding, const MfPlotStyle *style)
{
  guint color = mf_run_set_series_color (&self->runs, binding->record, binding->color,
                                         self->quantities->len);

  return style->palette[color % MF_PLOT_STYLE_N_COLORS];
}

static gboolean
copy_new_samples (MfRunPlots *self, Binding *binding, const MfPlotStyle *style)
{
  MfRunRecord *record = binding->record;
  MfUnitSystem units = self->units;
  guint n = mf_run_record_get_n_samples (record);
  const double *t, *y;

  mf_plot_series_set_color (binding->series, binding_color (self, binding, style));
  /* a run that blew up does not flatten the others: its values past
   * theirs are drawn clipped (mf_plot_series_set_fits_range()) */
  mf_plot_series_set_fits_range (binding->series,
                                 mf_run_record_get_status (record) != MF_SIM_STATUS_FAILED);
  if (binding->column < 0)
    {
      binding->column = mf_run_record_find_column (record, binding->quantity);
      if (binding->column < 0)
        return FALSE;
      mf_plot_series_set_unit (binding->series,
                               mf_display_unit (units, mf_run_record_get_column_unit (
                                                  record, (guint) binding->column),
                                                &binding->scale));
    }
  if (n <= binding->n_copied)
    return FALSE;
  t = mf_run_record_get_times (record);
  y = mf_run_record_get_column (record, (guint) binding->column);
  mf_plot_series_append_scaled (binding->series, t + binding->n_copied, y + binding->n_copied,
                                n - binding->n_copied, binding->scale);
  binding->n_copied = n;
  return TRUE;
}

gboolean
mf_run_plots_update (MfRunPlots *self)
{
  const MfPlotStyle *style = mf_plot_get_style (self->plot);
  gboolean changed = FALSE;

  /* an overlaid run with new columns, or renamed (its label or its note) */
  for (guint i = 0; !self->stale && i < self->runs.overlaid->len; i++)
    {
      MfRunRecord *record = g_ptr_array_index (self->runs.overlaid, i);
      g_autofree char *title = mf_run_record_dup_title (record, FALSE);

      if (mf_run_record_get_n_columns (record) != g_array_index (self->overlaid_columns, guint, i)
          || strcmp (title, g_ptr_array_index (self->overlaid_titles, i)) != 0)
        self->stale = TRUE;
    }
  if (self->stale)
    {
      rebuild (self);
      changed = TRUE;
    }
  for (guint b = 0; b < self->bindings->len; b++)
    changed |= copy_new_samples (self, &g_array_index (self->bindings, Binding, b), style);
  if (self->runs.current != NULL)
    {
      if (extend_mode_spans (self))
        {
          redraw_bands (self);
          changed = TRUE;
        }
      changed |= mark_log (self);
    }
  return changed;
}

void
mf_run_plots_set_unit_system (MfRunPlots *self, MfUnitSystem units)
{
  /* the same system with other units chosen per kind is a change too */
  if (units == self->units && self->units_serial == mf_display_units_get_serial ())
    return;
  self->units = units;
  self->units_serial = mf_display_units_get_serial ();
  /* every series is copied again, in the new units */
  for (guint b = 0; b < self->bindings->len; b++)
    {
      Binding *binding = &g_array_index (self->bindings, Binding, b);

      mf_plot_series_clear (binding->series);
      binding->column = -1;
      binding->n_copied = 0;
    }
}

void
mf_run_plots_set_run_style (MfRunPlots *self, MfRunStyle style)
{
  if (style == self->runs.style)
    return;
  self->runs.style = style;
  /* the bindings are made again, each with its dash; colours follow at
   * the update */
  self->stale = TRUE;
}

MfRunStyle
mf_run_plots_get_run_style (MfRunPlots *self)
{
  return self->runs.style;
}

MfUnitSystem
mf_run_plots_get_unit_system (MfRunPlots *self)
{
  return self->units;
}

MfPlotSeries *
mf_run_plots_find_series (MfRunPlots *self, MfRunRecord *record, const char *quantity)
{
  for (guint b = 0; b < self->bindings->len; b++)
    {
      Binding *binding = &g_array_index (self->bindings, Binding, b);

      if (binding->record == record && strcmp (binding->quantity, quantity) == 0)
        return binding->series;
    }
  return NULL;
}
