/* mf-stiffness-window.c: where the window linearises — the start, a time
 * of the simulation pane's current run, a live run's latest state — and
 * the computation in a worker thread, one at a time.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-stiffness-window-private.h"

#include <glib/gi18n.h>
#include <math.h>

/* An edit is linearised this long after the last one. */
#define EDIT_DELAY_MS 300
/* A live run is linearised at most this often. */
#define LIVE_PERIOD_MS 500

G_DEFINE_FINAL_TYPE (MfStiffnessWindow, mf_stiffness_window, ADW_TYPE_WINDOW)

static void compute (MfStiffnessWindow *self);

void
mf_stiffness_window_update_busy (MfStiffnessWindow *self)
{
  gboolean busy = mf_stiffness_window_get_busy (self);

  gtk_spinner_set_spinning (self->spinner, busy);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), busy);
}

/* ---- the result ---- */

static void
show_message (MfStiffnessWindow *self, const char *message)
{
  g_free (self->message);
  self->message = g_strdup (message);
  adw_status_page_set_description (self->message_page, message);
  adw_window_title_set_subtitle (self->window_title, NULL);
  gtk_stack_set_visible_child_name (self->stack, "message");
}

static void
computed (GObject *source, GAsyncResult *result, gpointer data)
{
  GWeakRef *ref = data;
  g_autoptr (MfStiffnessWindow) self = g_weak_ref_get (ref);
  g_autoptr (GError) error = NULL;
  MfLinearization *linearization = mf_linearization_compute_finish (result, &error);

  g_weak_ref_clear (ref);
  g_free (ref);
  if (self == NULL)
    {
      g_clear_pointer (&linearization, mf_linearization_free);
      return;
    }
  self->busy = FALSE;
  g_clear_object (&self->cancellable);
  mf_stiffness_window_update_busy (self);
  if (self->pending)
    {
      /* a what-if drag shows each result on the way to the latest value */
      if (self->catch_up && linearization != NULL)
        {
          g_clear_pointer (&self->linearization, mf_linearization_free);
          self->linearization = g_steal_pointer (&linearization);
          g_clear_pointer (&self->message, g_free);
          gtk_stack_set_visible_child_name (self->stack, "content");
          mf_stiffness_window_show_result (self);
        }
      g_clear_pointer (&linearization, mf_linearization_free);
      compute (self);
      return;
    }
  self->catch_up = FALSE;
  if (linearization == NULL)
    {
      g_clear_pointer (&self->linearization, mf_linearization_free);
      show_message (self, error->message);
      mf_stiffness_window_show_result (self);
      return;
    }
  g_clear_pointer (&self->linearization, mf_linearization_free);
  self->linearization = linearization;
  g_clear_pointer (&self->message, g_free);
  gtk_stack_set_visible_child_name (self->stack, "content");
  mf_stiffness_window_show_result (self);
}

/* The sample of the run to linearise at, as the computation takes it:
 * every column with its name. */
static gboolean
run_point (MfStiffnessWindow *self, MfLinearizationPoint *point, GPtrArray *names,
           GArray *values)
{
  guint n_columns, n_samples;

  if (self->record == NULL || (n_samples = mf_run_record_get_n_samples (self->record)) == 0)
    return FALSE;
  self->sample = MIN (self->sample, n_samples - 1);
  n_columns = mf_run_record_get_n_columns (self->record);
  for (guint c = 0; c < n_columns; c++)
    {
      double value = mf_run_record_get_column (self->record, c)[self->sample];

      g_ptr_array_add (names, (gpointer) mf_run_record_get_column_name (self->record, c));
      g_array_append_val (values, value);
    }
  point->t = mf_run_record_get_times (self->record)[self->sample];
  point->mode = mf_run_record_get_mode_name (self->record,
                                             mf_run_record_get_modes (self->record)[self->sample]);
  point->n_values = n_columns;
  point->names = (const char *const *) names->pdata;
  point->values = (const double *) values->data;
  self->sample_time = point->t;
  return point->mode != NULL;
}

static void
compute (MfStiffnessWindow *self)
{
  g_autofree char *data = NULL;
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  g_autoptr (GArray) values = g_array_new (FALSE, FALSE, sizeof (double));
  MfLinearizationPoint point;
  GWeakRef *ref;
  gsize length;

  if (self->busy)
    {
      /* the one running is out of date: it ends soon, and this one follows
       * (a what-if drag lets it end, to show it) */
      self->pending = TRUE;
      if (!self->catch_up)
        g_cancellable_cancel (self->cancellable);
      return;
    }
  self->pending = FALSE;
  if (self->at_run && !run_point (self, &point, names, values))
    {
      show_message (self, _("The simulation pane has no run to linearise: run the circuit "
                            "first, or linearise at the start."));
      g_clear_pointer (&self->linearization, mf_linearization_free);
      mf_stiffness_window_show_result (self);
      return;
    }
  data = mf_edit_document_to_data (self->document, &length);
  ref = g_new0 (GWeakRef, 1);
  g_weak_ref_init (ref, self);
  self->cancellable = g_cancellable_new ();
  self->busy = TRUE;
  mf_stiffness_window_update_busy (self);
  mf_linearization_compute_async (data, (gssize) length,
                                  mf_edit_document_get_display_name (self->document),
                                  self->at_run ? &point : NULL, self->cancellable, computed, ref);
}

/* ---- the run and the time in it ---- */

static MfRunRecord *
current_run (MfStiffnessWindow *self)
{
  MfRunRecord *record = self->panel != NULL ? mf_sim_panel_get_current_run (self->panel) : NULL;

  return record != NULL && mf_run_record_get_n_samples (record) > 0 ? record : NULL;
}

/* The time controls over the current run's span, at the chosen sample. */
static void
update_time_controls (MfStiffnessWindow *self)
{
  MfRunRecord *record = current_run (self);
  char text[G_ASCII_DTOSTR_BUF_SIZE];

  self->updating = TRUE;
  gtk_widget_set_sensitive (GTK_WIDGET (self->run_button), record != NULL);
  gtk_entry_set_placeholder_text (self->time_entry,
                                  record != NULL ? _("Time") : _("No run yet"));
  if (record != NULL)
    {
      const double *times = mf_run_record_get_times (record);
      guint n = mf_run_record_get_n_samples (record);

      gtk_range_set_range (GTK_RANGE (self->time_scale), times[0],
                           MAX (times[n - 1], times[0] + 1e-12));
      if (self->at_run && self->record == record)
        gtk_range_set_value (GTK_RANGE (self->time_scale), times[MIN (self->sample, n - 1)]);
    }
  if (self->at_run)
    {
      g_ascii_formatd (text, sizeof text, "%.6g", self->sample_time);
      gtk_editable_set_text (GTK_EDITABLE (self->time_entry), text);
    }
  self->updating = FALSE;
}

/* The sample of `record` nearest to t. */
static guint
nearest_sample (MfRunRecord *record, double t)
{
  const double *times = mf_run_record_get_times (record);
  guint lo = 0, hi = mf_run_record_get_n_samples (record) - 1;

  if (!(t < times[hi]))
    return hi;
  if (!(t > times[lo]))
    return lo;
  while (hi - lo > 1)
    {
      guint mid = (lo + hi) / 2;

      if (times[mid] <= t)
        lo = mid;
      else
        hi = mid;
    }
  return fabs (times[hi] - t) < fabs (times[lo] - t) ? hi : lo;
}

void
mf_stiffness_window_show_run_time (MfStiffnessWindow *self, double t)
{
  MfRunRecord *record;

  g_return_if_fail (MF_IS_STIFFNESS_WINDOW (self));
  record = current_run (self);
  self->at_run = TRUE;
  g_set_object (&self->record, record);
  if (record != NULL)
    {
      self->sample = nearest_sample (record, t);
      self->sample_time = mf_run_record_get_times (record)[self->sample];
    }
  self->updating = TRUE;
  gtk_toggle_button_set_active (self->run_button, TRUE);
  self->updating = FALSE;
  update_time_controls (self);
  compute (self);
}

void
mf_stiffness_window_show_start (MfStiffnessWindow *self)
{
  g_return_if_fail (MF_IS_STIFFNESS_WINDOW (self));
  self->at_run = FALSE;
  g_clear_object (&self->record);
  self->updating = TRUE;
  gtk_toggle_button_set_active (self->start_button, TRUE);
  self->updating = FALSE;
  compute (self);
}

static void
on_start_toggled (GtkToggleButton *button, MfStiffnessWindow *self)
{
  if (self->updating || !gtk_toggle_button_get_active (button))
    return;
  mf_stiffness_window_show_start (self);
}

static void
on_run_toggled (GtkToggleButton *button, MfStiffnessWindow *self)
{
  MfRunRecord *record = current_run (self);

  if (self->updating || !gtk_toggle_button_get_active (button))
    return;
  /* the latest sample at first */
  mf_stiffness_window_show_run_time (self, record != NULL ? INFINITY : 0.0);
}

static void
on_time_moved (GtkRange *range, MfStiffnessWindow *self)
{
  if (!self->updating)
    mf_stiffness_window_show_run_time (self, gtk_range_get_value (range));
}

static void
on_time_entered (GtkEntry *entry, MfStiffnessWindow *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));
  char *end;
  double t = g_ascii_strtod (text, &end);

  if (end == text || *end != '\0' || !isfinite (t))
    {
      gtk_widget_add_css_class (GTK_WIDGET (entry), "error");
      return;
    }
  gtk_widget_remove_css_class (GTK_WIDGET (entry), "error");
  mf_stiffness_window_show_run_time (self, t);
}

/* ---- following a live run ---- */

static gboolean
follow_live_run (gpointer data)
{
  MfStiffnessWindow *self = data;
  MfRunRecord *record = current_run (self);
  guint n;

  if (record == NULL || !gtk_check_button_get_active (self->follow_button))
    return G_SOURCE_CONTINUE;
  n = mf_run_record_get_n_samples (record);
  /* a new sample since the last look, and nothing computing: its latest */
  if (n != self->followed_samples && !self->busy)
    {
      self->followed_samples = n;
      mf_stiffness_window_show_run_time (self, INFINITY);
    }
  return G_SOURCE_CONTINUE;
}

static void
on_run_status (MfStiffnessWindow *self)
{
  gboolean live = self->panel != NULL && mf_sim_panel_get_live (self->panel);

  if (live && self->live_source == 0)
    {
      self->followed_samples = 0;
      self->live_source = g_timeout_add (LIVE_PERIOD_MS, follow_live_run, self);
    }
  else if (!live && self->live_source != 0)
    g_clear_handle_id (&self->live_source, g_source_remove);
  update_time_controls (self);
}

/* The run's end, its last samples drained: its last state, when following
 * it. */
static void
on_run_ended (MfStiffnessWindow *self)
{
  if (gtk_check_button_get_active (self->follow_button) && current_run (self) != NULL)
    mf_stiffness_window_show_run_time (self, INFINITY);
  update_time_controls (self);
}

/* ---- the document ---- */

static gboolean
edit_settled (gpointer data)
{
  MfStiffnessWindow *self = data;

  self->edit_source = 0;
  compute (self);
  return G_SOURCE_REMOVE;
}

static void
on_document_changed (MfStiffnessWindow *self)
{
  g_clear_handle_id (&self->edit_source, g_source_remove);
  self->edit_source = g_timeout_add (EDIT_DELAY_MS, edit_settled, self);
}

/* The what-if bar edited the document (just now, after "changed"): no
 * waiting for the edits to settle while the slider moves. */
static void
on_what_if_edited (MfStiffnessWindow *self)
{
  g_clear_handle_id (&self->edit_source, g_source_remove);
  self->catch_up = TRUE;
  compute (self);
}

/* ---- GObject ---- */

static void
mf_stiffness_window_dispose (GObject *object)
{
  MfStiffnessWindow *self = MF_STIFFNESS_WINDOW (object);

  g_clear_handle_id (&self->edit_source, g_source_remove);
  g_clear_handle_id (&self->live_source, g_source_remove);
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  if (self->largest_cancellable != NULL)
    g_cancellable_cancel (self->largest_cancellable);
  g_clear_object (&self->largest_cancellable);
  g_clear_weak_pointer (&self->panel);
  g_clear_object (&self->document);
  g_clear_object (&self->record);
  gtk_widget_dispose_template (GTK_WIDGET (self), MF_TYPE_STIFFNESS_WINDOW);
  G_OBJECT_CLASS (mf_stiffness_window_parent_class)->dispose (object);
}

static void
mf_stiffness_window_finalize (GObject *object)
{
  MfStiffnessWindow *self = MF_STIFFNESS_WINDOW (object);

  g_clear_pointer (&self->linearization, mf_linearization_free);
  g_free (self->message);
  mf_stiffness_window_free_show (self);
  G_OBJECT_CLASS (mf_stiffness_window_parent_class)->finalize (object);
}

/* Compare Methods is the main window's (win.compare-methods). */
static void
on_compare_clicked (GtkButton *button, MfStiffnessWindow *self)
{
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (self));

  if (parent != NULL)
    gtk_widget_activate_action (GTK_WIDGET (parent), "win.compare-methods", NULL);
}

static void
mf_stiffness_window_class_init (MfStiffnessWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = mf_stiffness_window_dispose;
  object_class->finalize = mf_stiffness_window_finalize;
  g_type_ensure (MF_TYPE_STABILITY_PLOT);
  g_type_ensure (MF_TYPE_STIFFNESS_MODES);
  g_type_ensure (MF_TYPE_WHAT_IF);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/manifold/Manifold/ui/"
                                               "mf-stiffness-window.ui");
  gtk_widget_class_bind_template_child (widget_class, MfStiffnessWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, MfStiffnessWindow, spinner);
  gtk_widget_class_bind_template_child (widget_class, MfStiffnessWindow, start_button);
  gtk_widget_class_bind_template_child (widget_class, MfStiffnessWindow, run_button);
  gtk_widget_class_bind_template_child (widget_class, MfStiffnessWindow, time_scale);
  gtk_widget_class_bind_template_child (widget_class, MfStiffnessWindow, time_entry);
  gtk_widget_class_bind_template_child (widget_class, MfStiffnessWindow, follow_button);
  gtk_widget_class_bind_template_child (widget_class, MfStiffnessWindow, what_if);
  gtk_widget_class_bind_template_child (widget_class, MfStiffnessWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, MfStiffnessWindow, message_page);
  gtk_widget_class_bind_template_child (widget_class, MfStiffnessWindow, state_label);
  gtk_widget_class_bind_template_child (widget_class, MfStiffnessWindow, modes);
  gtk_widget_class_bind_template_child (widget_class, MfStiffnessWindow, measures_grid);
  gtk_widget_class_bind_template_child (widget_class, MfStiffnessWindow, method_dropdown);
  gtk_widget_class_bind_template_child (widget_class, MfStiffnessWindow, order_dropdown);
  gtk_widget_class_bind_template_child (widget_class, MfStiffnessWindow, log_button);
  gtk_widget_class_bind_template_child (widget_class, MfStiffnessWindow, fit_button);
  gtk_widget_class_bind_template_child (widget_class, MfStiffnessWindow, plot);
  gtk_widget_class_bind_template_child (widget_class, MfStiffnessWindow, step_scale);
  gtk_widget_class_bind_template_child (widget_class, MfStiffnessWindow, step_entry);
  gtk_widget_class_bind_template_child (widget_class, MfStiffnessWindow, largest_button);
  gtk_widget_class_bind_template_child (widget_class, MfStiffnessWindow, largest_label);
  gtk_widget_class_bind_template_child (widget_class, MfStiffnessWindow, run_step_button);
  gtk_widget_class_bind_template_child (widget_class, MfStiffnessWindow, run_step_label);
  gtk_widget_class_bind_template_callback (widget_class, on_compare_clicked);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close",
                                       NULL);
  mf_stiffness_window_class_init_figures (widget_class);
}

static void
mf_stiffness_window_init (MfStiffnessWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_stack_set_visible_child_name (self->stack, "content");
  g_signal_connect (self->start_button, "toggled", G_CALLBACK (on_start_toggled), self);
  g_signal_connect (self->run_button, "toggled", G_CALLBACK (on_run_toggled), self);
  g_signal_connect (self->time_scale, "value-changed", G_CALLBACK (on_time_moved), self);
  g_signal_connect (self->time_entry, "activate", G_CALLBACK (on_time_entered), self);
  g_signal_connect_swapped (self->what_if, "edited", G_CALLBACK (on_what_if_edited), self);
  mf_stiffness_window_init_show (self);
  mf_stiffness_window_init_figures (self);
  mf_stiffness_window_init_run_step (self);
}

GtkWidget *
mf_stiffness_window_new (GtkWindow *parent, MfEditDocument *document, MfSimPanel *panel)
{
  MfStiffnessWindow *self;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (document), NULL);
  g_return_val_if_fail (panel == NULL || MF_IS_SIM_PANEL (panel), NULL);
  self = g_object_new (MF_TYPE_STIFFNESS_WINDOW, "transient-for", parent,
                       "destroy-with-parent", TRUE, NULL);
  mf_stiffness_window_set_document (self, document);
  if (panel != NULL)
    {
      g_set_weak_pointer (&self->panel, panel);
      mf_what_if_set_panel (self->what_if, panel);
      g_signal_connect_object (panel, "notify::status", G_CALLBACK (on_run_status), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (panel, "run-ended", G_CALLBACK (on_run_ended), self,
                               G_CONNECT_SWAPPED);
    }
  on_run_status (self);
  if (self->live_source != 0 && gtk_check_button_get_active (self->follow_button))
    mf_stiffness_window_show_run_time (self, INFINITY);
  return GTK_WIDGET (self);
}

void
mf_stiffness_window_set_document (MfStiffnessWindow *self, MfEditDocument *document)
{
  g_return_if_fail (MF_IS_STIFFNESS_WINDOW (self));
  g_return_if_fail (MF_IS_EDIT_DOCUMENT (document));
  if (self->document == document)
    return;
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_set_object (&self->document, document);
  g_signal_connect_object (document, "changed", G_CALLBACK (on_document_changed), self,
                           G_CONNECT_SWAPPED);
  mf_what_if_set_document (self->what_if, document);
  /* a new circuit: its own method, step and scale */
  self->shown_once = FALSE;
  self->step_chosen = FALSE;
  self->scale_chosen = FALSE;
  mf_stiffness_window_show_start (self);
}

gboolean
mf_stiffness_window_get_busy (MfStiffnessWindow *self)
{
  g_return_val_if_fail (MF_IS_STIFFNESS_WINDOW (self), FALSE);
  return self->busy || self->edit_source != 0 || !self->largest_known;
}

const MfStiffness *
mf_stiffness_window_get_stiffness (MfStiffnessWindow *self)
{
  g_return_val_if_fail (MF_IS_STIFFNESS_WINDOW (self), NULL);
  return self->linearization != NULL ? mf_linearization_get_stiffness (self->linearization) : NULL;
}

const char *
mf_stiffness_window_get_message (MfStiffnessWindow *self)
{
  g_return_val_if_fail (MF_IS_STIFFNESS_WINDOW (self), NULL);
  return self->message;
}

MfStabilityPlot *
mf_stiffness_window_get_plot (MfStiffnessWindow *self)
{
  g_return_val_if_fail (MF_IS_STIFFNESS_WINDOW (self), NULL);
  return self->plot;
}

MfStiffnessModes *
mf_stiffness_window_get_modes (MfStiffnessWindow *self)
{
  g_return_val_if_fail (MF_IS_STIFFNESS_WINDOW (self), NULL);
  return self->modes;
}

const char *
mf_stiffness_window_get_largest_text (MfStiffnessWindow *self)
{
  g_return_val_if_fail (MF_IS_STIFFNESS_WINDOW (self), NULL);
  return self->largest_text;
}

MfWhatIf *
mf_stiffness_window_get_what_if (MfStiffnessWindow *self)
{
  g_return_val_if_fail (MF_IS_STIFFNESS_WINDOW (self), NULL);
  return self->what_if;
}
