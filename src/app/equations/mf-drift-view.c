/* mf-drift-view.c: the Drift page (mf-drift-view.h).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-drift-view.h"

#include <glib/gi18n.h>
#include <math.h>

#include "mf-document.h"
#include "mf-plot-style.h"

/* A residual that is exactly zero has no place on a logarithmic axis: it
 * is drawn here, and the page says so. */
#define FLOOR 1e-16
#define N_SAMPLES 400

struct _MfDriftView
{
  GtkWidget     parent_instance;

  MfDocumentSnapshot *source; /* what is compared, or NULL */
  int           index;
  double        rtol, atol;
  MfDrift      *drift;
  GCancellable *cancellable;
  char         *summary;

  GtkWidget    *box;
  GtkLabel     *intro_label;
  GtkEntry     *horizon_entry;
  GtkButton    *run_button;
  GtkSpinner   *spinner;
  MfPlotView   *plot_view;
  GtkLabel     *summary_label;
};

G_DEFINE_FINAL_TYPE (MfDriftView, mf_drift_view, GTK_TYPE_WIDGET)

enum
{
  SIGNAL_FINISHED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ---- the work, on a worker thread ---- */

typedef struct
{
  MfDocumentSnapshot *source;
  MfDriftOptions      options;
} Job;

static void
job_free (Job *job)
{
  mf_document_snapshot_unref (job->source);
  g_free (job);
}

static void
run_in_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  Job *job = task_data;
  GError *error = NULL;
  g_autoptr (MfDocument) document = mf_document_load_data (job->source->data,
                                                           (gssize) job->source->length,
                                                           job->source->name, NULL, &error);
  g_autoptr (MfModel) model = NULL;
  MfDrift *drift;

  if (document == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  model = mf_model_new (mf_document_get_circuit (document), &error);
  if (model == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  drift = mf_drift_run (model, &job->options, cancellable, &error);
  if (drift == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, drift, (GDestroyNotify) mf_drift_free);
}

/* ---- showing ---- */

static void
set_busy (MfDriftView *self, gboolean busy)
{
  gtk_spinner_set_spinning (self->spinner, busy);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), busy);
  gtk_widget_set_sensitive (GTK_WIDGET (self->run_button), !busy && self->index > 0);
}

static void
set_summary (MfDriftView *self, const char *text)
{
  g_free (self->summary);
  self->summary = g_strdup (text);
  gtk_label_set_text (self->summary_label, text != NULL ? text : "");
}

static void
clear_plot (MfDriftView *self)
{
  MfPlot *plot = mf_plot_view_get_plot (self->plot_view);

  while (mf_plot_get_n_series (plot) > 0)
    mf_plot_remove_series (plot, mf_plot_get_series (plot, 0));
  mf_plot_view_data_changed (self->plot_view);
}

static void
add_curve (MfDriftView *self, const char *name, const double *t, const double *r, guint n,
           guint color, MfPlotDash dash)
{
  MfPlot *plot = mf_plot_view_get_plot (self->plot_view);
  MfPlotSeries *series = mf_plot_add_series (plot, name);

  mf_plot_series_set_color (series, mf_plot_get_style (plot)->palette[color]);
  mf_plot_series_set_dash (series, dash);
  for (guint i = 0; i < n; i++)
    if (!isnan (r[i]))
      mf_plot_series_append (series, t[i], MAX (fabs (r[i]), FLOOR));
}

/* The largest residual of a run and where it was. */
static double
largest (const double *t, const double *r, guint n, double *at)
{
  double worst = 0.0;

  *at = t[0];
  for (guint i = 0; i < n; i++)
    if (!isnan (r[i]) && fabs (r[i]) > worst)
      {
        worst = fabs (r[i]);
        *at = t[i];
      }
  return worst;
}

static void
show_drift (MfDriftView *self)
{
  const MfDrift *d = self->drift;
  guint n = d->n_samples + 1;
  double minimal_at, naive_at;
  double minimal = largest (d->t, d->minimal, n, &minimal_at);
  double naive = largest (d->t, d->naive, n, &naive_at);
  GString *text = g_string_new (NULL);

  clear_plot (self);
  add_curve (self, _("Manifold: minimal order"), d->t, d->minimal, n, 0, MF_PLOT_DASH_SOLID);
  add_curve (self, _("Naive form: differentiated constraints"), d->t, d->naive, n, 1,
             MF_PLOT_DASH_DASHED);
  mf_plot_view_data_changed (self->plot_view);
  g_string_append_printf (text,
                          /* Translators: the largest residual of each run, and when the naive
                           * one was reached */
                          _("Largest residual: Manifold %.2g, the naive form %.2g (at t = %.3g s)."),
                          minimal, naive, naive_at);
  if (d->naive_failure != NULL)
    g_string_append_printf (text, " %s", d->naive_failure);
  if (d->minimal_failure != NULL)
    g_string_append_printf (text, " %s", d->minimal_failure);
  g_string_append_printf (text, " %s",
                          _("A residual of exactly zero is drawn at 1e-16."));
  set_summary (self, text->str);
  g_string_free (text, TRUE);
}

static void
run_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (MfDriftView) self = user_data;
  g_autoptr (GError) error = NULL;
  MfDrift *drift = g_task_propagate_pointer (G_TASK (result), &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  set_busy (self, FALSE);
  g_clear_pointer (&self->drift, mf_drift_free);
  self->drift = drift;
  if (drift != NULL)
    show_drift (self);
  else
    {
      clear_plot (self);
      set_summary (self, error->message);
    }
  g_signal_emit (self, signals[SIGNAL_FINISHED], 0);
}

static double
horizon (MfDriftView *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->horizon_entry));
  char *end;
  double t = g_ascii_strtod (text, &end);

  return end != text && *end == '\0' && t > 0.0 && isfinite (t) ? t : NAN;
}

gboolean
mf_drift_view_run (MfDriftView *self)
{
  g_autoptr (GTask) task = NULL;
  Job *job;
  double t_end;

  g_return_val_if_fail (MF_IS_DRIFT_VIEW (self), FALSE);

  if (self->source == NULL || self->index <= 0)
    return FALSE;
  t_end = horizon (self);
  if (isnan (t_end))
    {
      gtk_widget_add_css_class (GTK_WIDGET (self->horizon_entry), "error");
      set_summary (self, _("Type the horizon as a positive number of seconds."));
      return FALSE;
    }
  gtk_widget_remove_css_class (GTK_WIDGET (self->horizon_entry), "error");
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  job = g_new0 (Job, 1);
  job->source = mf_document_snapshot_ref (self->source);
  job->options.mode = self->source->mode;
  job->options.method = MF_DRIFT_DEFAULT_METHOD;
  job->options.t_end = t_end;
  job->options.n_samples = N_SAMPLES;
  job->options.rtol = self->rtol;
  job->options.atol = self->atol;
  task = g_task_new (NULL, self->cancellable, run_done, g_object_ref (self));
  g_task_set_task_data (task, job, (GDestroyNotify) job_free);
  g_task_run_in_thread (task, run_in_thread);
  set_busy (self, TRUE);
  set_summary (self, _("Integrating both forms…"));
  return TRUE;
}

static void
on_run_clicked (MfDriftView *self)
{
  mf_drift_view_run (self);
}

/* ---- the widget ---- */

static void
mf_drift_view_dispose (GObject *object)
{
  MfDriftView *self = MF_DRIFT_VIEW (object);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  G_OBJECT_CLASS (mf_drift_view_parent_class)->dispose (object);
}

static void
mf_drift_view_finalize (GObject *object)
{
  MfDriftView *self = MF_DRIFT_VIEW (object);

  g_clear_pointer (&self->source, mf_document_snapshot_unref);
  g_free (self->summary);
  g_clear_pointer (&self->drift, mf_drift_free);
  G_OBJECT_CLASS (mf_drift_view_parent_class)->finalize (object);
}

static void
mf_drift_view_class_init (MfDriftViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = mf_drift_view_dispose;
  object_class->finalize = mf_drift_view_finalize;
  signals[SIGNAL_FINISHED] = g_signal_new ("finished", G_TYPE_FROM_CLASS (klass),
                                           G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE,
                                           0);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static GtkWidget *
wrapped_label (void)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  return label;
}

static void
mf_drift_view_init (MfDriftView *self)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  MfPlot *plot;

  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  gtk_widget_set_margin_top (self->box, 12);
  gtk_widget_set_margin_bottom (self->box, 12);
  gtk_widget_set_margin_start (self->box, 12);
  gtk_widget_set_margin_end (self->box, 12);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));

  self->intro_label = GTK_LABEL (wrapped_label ());
  gtk_widget_add_css_class (GTK_WIDGET (self->intro_label), "dim-label");
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->intro_label));

  gtk_box_append (GTK_BOX (row), gtk_label_new_with_mnemonic (_("_Horizon")));
  self->horizon_entry = GTK_ENTRY (gtk_entry_new ());
  gtk_editable_set_width_chars (GTK_EDITABLE (self->horizon_entry), 8);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->horizon_entry),
                               _("How long both forms are integrated, from t = 0"));
  gtk_label_set_mnemonic_widget (GTK_LABEL (gtk_widget_get_first_child (row)),
                                 GTK_WIDGET (self->horizon_entry));
  gtk_box_append (GTK_BOX (row), GTK_WIDGET (self->horizon_entry));
  gtk_box_append (GTK_BOX (row), gtk_label_new ("s"));
  self->run_button = GTK_BUTTON (gtk_button_new_with_mnemonic (_("_Run Both")));
  gtk_widget_add_css_class (GTK_WIDGET (self->run_button), "suggested-action");
  gtk_widget_set_margin_start (GTK_WIDGET (self->run_button), 6);
  g_signal_connect_swapped (self->run_button, "clicked", G_CALLBACK (on_run_clicked), self);
  g_signal_connect_swapped (self->horizon_entry, "activate", G_CALLBACK (on_run_clicked), self);
  gtk_box_append (GTK_BOX (row), GTK_WIDGET (self->run_button));
  self->spinner = GTK_SPINNER (gtk_spinner_new ());
  gtk_box_append (GTK_BOX (row), GTK_WIDGET (self->spinner));
  gtk_box_append (GTK_BOX (self->box), row);

  self->plot_view = MF_PLOT_VIEW (mf_plot_view_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->plot_view), TRUE);
  gtk_widget_set_size_request (GTK_WIDGET (self->plot_view), 320, 260);
  plot = mf_plot_view_get_plot (self->plot_view);
  mf_plot_set_title (plot, _("Residual of the constraints"));
  mf_plot_set_axis_title (plot, MF_PLOT_AXIS_X, _("time"), "s");
  mf_plot_set_axis_title (plot, MF_PLOT_AXIS_Y, _("residual"), NULL);
  mf_plot_view_set_log_y (self->plot_view, TRUE);
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->plot_view));

  self->summary_label = GTK_LABEL (wrapped_label ());
  gtk_label_set_selectable (self->summary_label, TRUE);
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->summary_label));
  set_busy (self, FALSE);
}

GtkWidget *
mf_drift_view_new (void)
{
  return g_object_new (MF_TYPE_DRIFT_VIEW, NULL);
}

void
mf_drift_view_set_source (MfDriftView *self, MfDocumentSnapshot *source, int index,
                          const MfSimulationSettings *settings)
{
  char text[G_ASCII_DTOSTR_BUF_SIZE];
  g_autofree char *intro = NULL;
  const char *mode_name = source->mode_name;
  double t_end = settings->t_end;

  g_return_if_fail (MF_IS_DRIFT_VIEW (self));

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  mf_document_snapshot_ref (source);
  g_clear_pointer (&self->source, mf_document_snapshot_unref);
  self->source = source;
  self->index = index;
  self->rtol = settings->rtol;
  self->atol = settings->atol;
  g_clear_pointer (&self->drift, mf_drift_free);
  clear_plot (self);
  set_summary (self, NULL);
  g_ascii_formatd (text, sizeof text, "%g", 10.0 * (t_end > 0.0 ? t_end : 1.0));
  gtk_editable_set_text (GTK_EDITABLE (self->horizon_entry), text);
  if (index > 0)
    intro = g_strdup_printf (
      /* Translators: the mode's name and its index */
      _("Mode “%s” has index %d. Manifold solves its hidden constraints at every step; the "
        "naive form integrates their derivatives as an ODE instead, and nothing brings it back "
        "to the constraints. Both use %s with the document’s tolerances; the residual is the "
        "largest scaled error of the massless branches’ laws and of continuity, as "
        "solver.residual."),
      mode_name, index, MF_DRIFT_DEFAULT_METHOD);
  else
    intro = g_strdup_printf (_("Mode “%s” has index %d: it is an ODE with no hidden "
                               "constraint, so there is nothing to drift from. Pick a mode of "
                               "index 1 or 2."),
                             mode_name, index);
  gtk_label_set_text (self->intro_label, intro);
  set_busy (self, FALSE);
}

void
mf_drift_view_set_horizon (MfDriftView *self, double t_end)
{
  char text[G_ASCII_DTOSTR_BUF_SIZE];

  g_return_if_fail (MF_IS_DRIFT_VIEW (self));
  g_ascii_formatd (text, sizeof text, "%g", t_end);
  gtk_editable_set_text (GTK_EDITABLE (self->horizon_entry), text);
}

gboolean
mf_drift_view_get_busy (MfDriftView *self)
{
  g_return_val_if_fail (MF_IS_DRIFT_VIEW (self), FALSE);
  return gtk_spinner_get_spinning (self->spinner);
}

const MfDrift *
mf_drift_view_get_drift (MfDriftView *self)
{
  g_return_val_if_fail (MF_IS_DRIFT_VIEW (self), NULL);
  return self->drift;
}

const char *
mf_drift_view_get_summary (MfDriftView *self)
{
  g_return_val_if_fail (MF_IS_DRIFT_VIEW (self), NULL);
  return self->summary;
}

MfPlotView *
mf_drift_view_get_plot_view (MfDriftView *self)
{
  g_return_val_if_fail (MF_IS_DRIFT_VIEW (self), NULL);
  return self->plot_view;
}
