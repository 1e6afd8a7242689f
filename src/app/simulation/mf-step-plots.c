/* mf-step-plots.c: keeps the Steps plot in step with run records.
 *
 * A binding ties one run to its series and counts the entries of its step
 * record already copied.  An entry of one step is a sample of h at the
 * step's start; a row of equal steps two, at the first and the last
 * start; a refused try a cross at its start and the h it tried.  The
 * order is drawn as a staircase: a sample where it changes, on the old and
 * on the new level, and one at the latest step so that the last level
 * reaches it.
 *
 * Changing the runs, or a run's name or method, rebuilds every binding and
 * copies the steps again; a run keeps its colour through that, and a
 * series the user hid stays hidden while its name stays.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-step-plots.h"

#include <glib/gi18n.h>
#include <math.h>

#include "mf-run-set.h"

#define N_KINDS 3

typedef struct
{
  MfRunRecord  *record;  /* a reference */
  guint         color;   /* palette index */
  char         *name;    /* of its h series: the run and its method */
  MfPlotSeries *series[N_KINDS]; /* the plot's, NULL until needed */
  guint         n_copied;
  guint         order;   /* the order drawn last; 0: none yet */
} Binding;

struct _MfStepPlots
{
  MfPlot      *plot;
  MfRunSet     runs;
  GArray      *bindings; /* Binding */
  GHashTable  *hidden;   /* names of series the user hid, kept over rebuilds */
  gboolean     stale;
};

static void
binding_clear (gpointer data)
{
  Binding *binding = data;

  g_clear_object (&binding->record);
  g_free (binding->name);
}

MfStepPlots *
mf_step_plots_new (MfPlot *plot)
{
  MfStepPlots *self = g_new0 (MfStepPlots, 1);

  g_return_val_if_fail (plot != NULL, NULL);

  self->plot = plot;
  mf_run_set_init (&self->runs);
  self->bindings = g_array_new (FALSE, FALSE, sizeof (Binding));
  g_array_set_clear_func (self->bindings, binding_clear);
  self->hidden = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  /* Translators: the y axis of the Steps plot: the length of a solver's steps */
  mf_plot_set_axis_title (plot, MF_PLOT_AXIS_Y, _("step h"), "s");
  /* Translators: the axis of the strip under the Steps plot: the solver's order */
  mf_plot_set_axis_title (plot, MF_PLOT_AXIS_STRIP, _("order"), NULL);
  mf_plot_set_axis_integer (plot, MF_PLOT_AXIS_STRIP, TRUE);
  return self;
}

void
mf_step_plots_free (MfStepPlots *self)
{
  if (self == NULL)
    return;
  mf_run_set_clear (&self->runs);
  g_array_unref (self->bindings);
  g_hash_table_unref (self->hidden);
  g_free (self);
}

/* ---- runs ---- */

void
mf_step_plots_set_runs (MfStepPlots *self, MfRunRecord *current, GPtrArray *overlaid)
{
  if (mf_run_set_assign (&self->runs, current, overlaid))
    self->stale = TRUE;
}

/* "Run 2 · rkf45", or the name alone before the method is known or when
 * the name says it ("rkf45", "euler, h = 5.28e-08 s"). */
static char *
run_name (MfRunRecord *record)
{
  const char *method = mf_run_record_get_method (record);

  /* a run of Compare Methods is named after its method already */
  if (method == NULL || g_str_has_prefix (mf_run_record_get_label (record), method))
    return g_strdup (mf_run_record_get_label (record));
  /* Translators: a run's name and its integration method, "Run 2 · rkf45" */
  return g_strdup_printf (_("%s · %s"), mf_run_record_get_label (record), method);
}

static char *
series_name (const Binding *binding, MfStepPlotsSeries kind)
{
  switch (kind)
    {
    case MF_STEP_PLOTS_REJECTED:
      /* Translators: the legend of the crosses at a run's refused steps, "rejected, Run 2" */
      return g_strdup_printf (_("rejected, %s"), mf_run_record_get_label (binding->record));
    case MF_STEP_PLOTS_ORDER:
      /* Translators: the legend of a run's order in the Steps plot, "order, Run 2" */
      return g_strdup_printf (_("order, %s"), mf_run_record_get_label (binding->record));
    case MF_STEP_PLOTS_H:
    default:
      return g_strdup (binding->name);
    }
}

/* The binding's series of that kind, made when first needed. */
static MfPlotSeries *
binding_series (MfStepPlots *self, Binding *binding, MfStepPlotsSeries kind)
{
  g_autofree char *name = NULL;
  MfPlotSeries *series;

  if (binding->series[kind] != NULL)
    return binding->series[kind];
  name = series_name (binding, kind);
  series = mf_plot_add_series (self->plot, name);
  mf_plot_series_set_visible (series, !g_hash_table_remove (self->hidden, name));
  mf_plot_series_set_dash (series, mf_run_set_dash (&self->runs, binding->record));
  mf_plot_series_set_mark (series, kind == MF_STEP_PLOTS_REJECTED ? MF_PLOT_MARK_CROSSES
                                                                   : MF_PLOT_MARK_LINE);
  mf_plot_series_set_in_strip (series, kind == MF_STEP_PLOTS_ORDER);
  binding->series[kind] = series;
  return series;
}

/* A colour no binding in `bindings` has. */
static guint
free_color (GArray *bindings)
{
  for (guint c = 0; c < MF_PLOT_STYLE_N_COLORS; c++)
    {
      gboolean used = FALSE;

      for (guint b = 0; b < bindings->len && !used; b++)
        used = g_array_index (bindings, Binding, b).color == c;
      if (!used)
        return c;
    }
  return bindings->len % MF_PLOT_STYLE_N_COLORS;
}

static void
bind (MfStepPlots *self, GArray *old, MfRunRecord *record)
{
  Binding binding = { g_object_ref (record), 0, run_name (record), { NULL }, 0, 0 };

  binding.color = free_color (self->bindings);
  for (guint b = 0; b < old->len; b++)
    if (g_array_index (old, Binding, b).record == record)
      binding.color = g_array_index (old, Binding, b).color;
  g_array_append_val (self->bindings, binding);
}

/* Every series goes (the hidden ones remembered by name) and each run
 * gets a binding that copies its steps from the first, the runs kept from
 * before in their colours, then the new ones in the colours left. */
static void
rebuild (MfStepPlots *self)
{
  g_autoptr (GArray) old = self->bindings;
  g_autoptr (GPtrArray) runs = g_ptr_array_new ();

  while (mf_plot_get_n_series (self->plot) > 0)
    {
      MfPlotSeries *series = mf_plot_get_series (self->plot, 0);

      if (!mf_plot_series_get_visible (series))
        g_hash_table_add (self->hidden, g_strdup (mf_plot_series_get_name (series)));
      mf_plot_remove_series (self->plot, series);
    }
  if (self->runs.current != NULL)
    g_ptr_array_add (runs, self->runs.current);
  for (guint i = 0; i < self->runs.overlaid->len; i++)
    g_ptr_array_add (runs, g_ptr_array_index (self->runs.overlaid, i));
  self->bindings = g_array_new (FALSE, FALSE, sizeof (Binding));
  g_array_set_clear_func (self->bindings, binding_clear);
  for (int kept = 1; kept >= 0; kept--)
    for (guint i = 0; i < runs->len; i++)
      {
        gboolean was_bound = FALSE;

        for (guint b = 0; b < old->len && !was_bound; b++)
          was_bound = g_array_index (old, Binding, b).record == runs->pdata[i];
        if (was_bound == kept)
          bind (self, old, runs->pdata[i]);
      }
  self->stale = FALSE;
}

/* ---- updating ---- */

/* The run's colour; its refused tries a shade towards the text colour,
 * apart from the line they sit on and still of the run. */
static MfPlotColor
series_color (const MfPlotStyle *style, guint color, MfStepPlotsSeries kind)
{
  MfPlotColor c = style->palette[color % MF_PLOT_STYLE_N_COLORS];
  const double shade = 0.45;

  if (kind != MF_STEP_PLOTS_REJECTED)
    return c;
  c.red += shade * (style->foreground.red - c.red);
  c.green += shade * (style->foreground.green - c.green);
  c.blue += shade * (style->foreground.blue - c.blue);
  return c;
}

static void
append (MfPlotSeries *series, double t, double value)
{
  mf_plot_series_append (series, t, value);
}

/* The order of a step from t: a staircase, a sample on each level where
 * it changes. */
static void
add_order (MfStepPlots *self, Binding *binding, double t, guint order)
{
  MfPlotSeries *series = binding_series (self, binding, MF_STEP_PLOTS_ORDER);

  if (order == binding->order)
    return;
  if (binding->order > 0)
    append (series, t, binding->order);
  append (series, t, order);
  binding->order = order;
}

static gboolean
copy_new_steps (MfStepPlots *self, Binding *binding)
{
  const MfStepRecord *steps = mf_run_record_get_steps (binding->record);
  const MfStepEntry *e = mf_step_record_get_entries (steps);
  guint n = mf_step_record_get_n_entries (steps);
  double last_start = NAN;

  if (n <= binding->n_copied)
    return FALSE;
  for (guint i = binding->n_copied; i < n; i++)
    {
      if (e[i].rejected)
        {
          if (isfinite (e[i].h))
            append (binding_series (self, binding, MF_STEP_PLOTS_REJECTED), e[i].t, e[i].h);
          continue;
        }
      last_start = e[i].count > 1 ? e[i].t_end - e[i].h : e[i].t;
      append (binding_series (self, binding, MF_STEP_PLOTS_H), e[i].t, e[i].h);
      if (e[i].count > 1)
        append (binding->series[MF_STEP_PLOTS_H], last_start, e[i].h);
      if (e[i].order > 0)
        add_order (self, binding, e[i].t, e[i].order);
    }
  /* the last level reaches the latest step */
  if (binding->order > 0 && isfinite (last_start))
    append (binding->series[MF_STEP_PLOTS_ORDER], last_start, binding->order);
  binding->n_copied = n;
  return TRUE;
}

/* A run renamed, or its method known only now: its series' names change. */
static gboolean
names_changed (MfStepPlots *self)
{
  for (guint b = 0; b < self->bindings->len; b++)
    {
      Binding *binding = &g_array_index (self->bindings, Binding, b);
      g_autofree char *name = run_name (binding->record);

      if (g_strcmp0 (name, binding->name) != 0)
        return TRUE;
    }
  return FALSE;
}

gboolean
mf_step_plots_update (MfStepPlots *self)
{
  const MfPlotStyle *style = mf_plot_get_style (self->plot);
  gboolean changed = FALSE;

  if (self->stale || names_changed (self))
    {
      rebuild (self);
      changed = TRUE;
    }
  for (guint b = 0; b < self->bindings->len; b++)
    {
      Binding *binding = &g_array_index (self->bindings, Binding, b);

      changed |= copy_new_steps (self, binding);
      /* in the style of now: the window may have turned dark */
      for (guint k = 0; k < N_KINDS; k++)
        if (binding->series[k] != NULL)
          mf_plot_series_set_color (binding->series[k], series_color (style, binding->color, k));
    }
  return changed;
}

MfPlotSeries *
mf_step_plots_find_series (MfStepPlots *self, MfRunRecord *record, MfStepPlotsSeries kind)
{
  g_return_val_if_fail (kind < N_KINDS, NULL);

  for (guint b = 0; b < self->bindings->len; b++)
    {
      Binding *binding = &g_array_index (self->bindings, Binding, b);

      if (binding->record == record)
        return binding->series[kind];
    }
  return NULL;
}
