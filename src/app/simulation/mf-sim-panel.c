/* mf-sim-panel.c: the simulation pane — its template, actions and
 * properties, running, pausing and stopping the worker, and handing the
 * document's edits to a live run.  The rows of words (progress, failure)
 * are in mf-sim-panel-status.c, the data side (records, the per-frame
 * drain, plots) in mf-sim-panel-data.c, the plotted quantities and the
 * probe in mf-sim-panel-quantities.c.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-sim-panel-private.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "mf-widget-template.h"

enum
{
  PROP_0,
  PROP_DOCUMENT,
  PROP_STATUS,
  PROP_PROBE_MODE,
  PROP_EXPANDED,
  N_PROPS
};

enum
{
  SIGNAL_RUN_ENDED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* Edits come in bursts (a drag moves a component many times a second):
 * the run takes the text once the burst is over. */
#define MF_SIM_PANEL_UPDATE_DELAY_MS 100

G_DEFINE_FINAL_TYPE (MfSimPanel, mf_sim_panel, GTK_TYPE_WIDGET)

/* ---- what the toolbar shows ---- */

static void
mf_sim_panel_update_actions (MfSimPanel *self)
{
  gboolean live = mf_sim_panel_get_live (self);
  gboolean paused = self->status == MF_SIM_STATUS_PAUSED;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "sim.run", self->document != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "sim.pause", live);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "sim.stop", live);
  gtk_button_set_icon_name (self->pause_button, paused ? "media-playback-start-symbolic"
                                                       : "media-playback-pause-symbolic");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->pause_button),
                               paused ? _("Resume") : _("Pause"));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->run_button),
                               live ? _("Run Again From the Start (F5)") : _("Run (F5)"));
}

/* ---- the worker ---- */

static void
mf_sim_panel_status_changed (MfSimPanel *self)
{
  MfSimStatus status = mf_sim_worker_get_status (self->worker);

  if (status == self->status)
    return;
  self->status = status;
  mf_sim_panel_update_actions (self);
  mf_sim_panel_show_progress (self);
  if (mf_sim_panel_get_live (self))
    mf_sim_panel_ensure_ticking (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATUS]);
}

static void
mf_sim_panel_run_ended (MfSimPanel   *self,
                        const GError *error)
{
  MfSimStatus status = mf_sim_worker_get_status (self->worker);

  g_clear_handle_id (&self->update_source, g_source_remove);
  /* the samples of the last frames before the end */
  g_autofree char *text = NULL;

  mf_sim_panel_drain (self);
  if (self->current != NULL)
    mf_run_record_set_outcome (self->current, status, error);
  /* a run that ended with nothing for a plot gives its room to the others */
  mf_sim_panel_update_shown_views (self, FALSE);
  if (error != NULL)
    text = mf_sim_panel_failure_text (self, error);
  mf_sim_panel_status_changed (self);
  mf_sim_panel_show_progress (self);
  if (text != NULL)
    mf_sim_panel_show_problem (self, "dialog-error-symbolic", text, FALSE);
  else if (self->showing_refusal)
    mf_sim_panel_dismiss_problem (self);
  g_signal_emit (self, signals[SIGNAL_RUN_ENDED], 0, status);
}

static void
mf_sim_panel_worker_finished (MfSimPanel *self)
{
  mf_sim_panel_run_ended (self, NULL);
}

static void
mf_sim_panel_worker_failed (MfSimPanel   *self,
                            const GError *error)
{
  mf_sim_panel_run_ended (self, error);
}

static void
mf_sim_panel_update_refused (MfSimPanel   *self,
                             const GError *error)
{
  /* Translators: the run waits because the edited circuit does not load */
  g_autofree char *text = g_strdup_printf (_("Paused: %s"), error->message);

  mf_sim_panel_show_problem (self, "dialog-warning-symbolic", text, TRUE);
}

/* The run goes on; the row says what it noticed ("At t = 0 s: the initial
 * values do not meet the constraints ...") until it is dismissed. */
static void
mf_sim_panel_notice (MfSimPanel *self,
                     const char *message)
{
  g_autofree char *text = g_strdup (message);

  text[0] = g_ascii_toupper (text[0]);
  mf_sim_panel_show_problem (self, "dialog-information-symbolic", text, FALSE);
}

static void
mf_sim_panel_restarted (MfSimPanel *self)
{
  if (self->showing_refusal)
    mf_sim_panel_dismiss_problem (self);
  mf_sim_panel_update_mode_names (self);
}

/* ---- running ---- */

void
mf_sim_panel_run (MfSimPanel *self)
{
  g_return_if_fail (MF_IS_SIM_PANEL (self));

  mf_sim_panel_run_replacing (self, NULL, NULL);
}

MfRunRecord *
mf_sim_panel_run_replacing (MfSimPanel  *self,
                            const char  *label,
                            MfRunRecord *replace)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (MF_IS_SIM_PANEL (self), NULL);
  g_return_val_if_fail (replace == NULL || MF_IS_RUN_RECORD (replace), NULL);

  if (self->document == NULL)
    return NULL;
  g_clear_handle_id (&self->update_source, g_source_remove);
  /* A new start forgets the old run without a signal: close its record
   * here with what it has. */
  if (self->current != NULL && mf_sim_panel_get_live (self))
    {
      mf_sim_panel_drain (self);
      mf_run_record_set_outcome (self->current, MF_SIM_STATUS_STOPPED, NULL);
    }
  mf_sim_panel_dismiss_problem (self);
  self->failed_at = NAN;
  mf_sim_panel_begin_record (self, label, replace);
  text = mf_edit_document_to_data (self->document, NULL);
  mf_sim_worker_start (self->worker, text, -1,
                       mf_edit_document_get_display_name (self->document), NULL);
  mf_sim_panel_status_changed (self);
  mf_sim_panel_show_progress (self);
  mf_sim_panel_ensure_ticking (self);
  mf_sim_panel_set_expanded (self, TRUE);
  return self->current;
}

void
mf_sim_panel_toggle_pause (MfSimPanel *self)
{
  g_return_if_fail (MF_IS_SIM_PANEL (self));

  if (mf_sim_worker_get_status (self->worker) == MF_SIM_STATUS_PAUSED)
    mf_sim_worker_resume (self->worker);
  else if (mf_sim_worker_get_status (self->worker) == MF_SIM_STATUS_RUNNING)
    mf_sim_worker_pause (self->worker);
  mf_sim_panel_status_changed (self);
}

void
mf_sim_panel_stop (MfSimPanel *self)
{
  g_return_if_fail (MF_IS_SIM_PANEL (self));

  if (mf_sim_panel_get_live (self))
    mf_sim_worker_stop (self->worker);
}

MfSimStatus
mf_sim_panel_get_status (MfSimPanel *self)
{
  g_return_val_if_fail (MF_IS_SIM_PANEL (self), MF_SIM_STATUS_IDLE);

  return self->status;
}

gboolean
mf_sim_panel_get_live (MfSimPanel *self)
{
  g_return_val_if_fail (MF_IS_SIM_PANEL (self), FALSE);

  return self->status == MF_SIM_STATUS_RUNNING || self->status == MF_SIM_STATUS_PAUSED;
}

MfSimWorker *
mf_sim_panel_get_worker (MfSimPanel *self)
{
  g_return_val_if_fail (MF_IS_SIM_PANEL (self), NULL);

  return self->worker;
}

const char *
mf_sim_panel_get_progress_text (MfSimPanel *self)
{
  g_return_val_if_fail (MF_IS_SIM_PANEL (self), NULL);

  return self->progress_text;
}

const char *
mf_sim_panel_get_problem_text (MfSimPanel *self)
{
  g_return_val_if_fail (MF_IS_SIM_PANEL (self), NULL);

  return self->problem_text;
}

/* ---- live edits ---- */

static gboolean
mf_sim_panel_send_update (gpointer user_data)
{
  MfSimPanel *self = user_data;
  g_autofree char *text = NULL;

  self->update_source = 0;
  if (self->document == NULL || !mf_sim_panel_get_live (self))
    return G_SOURCE_REMOVE;
  text = mf_edit_document_to_data (self->document, NULL);
  mf_sim_worker_update (self->worker, text, -1);
  return G_SOURCE_REMOVE;
}

static void
mf_sim_panel_document_changed (MfSimPanel *self)
{
  mf_sim_panel_update_notes (self);
  mf_sim_panel_sync_layout (self);
  if (!mf_sim_panel_get_live (self))
    return;
  g_clear_handle_id (&self->update_source, g_source_remove);
  self->update_source = g_timeout_add (MF_SIM_PANEL_UPDATE_DELAY_MS, mf_sim_panel_send_update,
                                       self);
}

void
mf_sim_panel_set_document (MfSimPanel     *self,
                           MfEditDocument *document)
{
  g_return_if_fail (MF_IS_SIM_PANEL (self));
  g_return_if_fail (document == NULL || MF_IS_EDIT_DOCUMENT (document));

  if (self->document == document)
    return;
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  /* a run of another circuit has nothing to do with this one */
  g_clear_handle_id (&self->update_source, g_source_remove);
  if (self->current != NULL && mf_sim_panel_get_live (self))
    {
      /* its "finished" will find no current run: close the record here */
      mf_sim_panel_drain (self);
      mf_run_record_set_outcome (self->current, MF_SIM_STATUS_STOPPED, NULL);
    }
  mf_sim_panel_stop (self);
  if (self->document != NULL)
    {
      /* the plots, the problem row and the runs list spoke of the old
       * circuit */
      mf_sim_panel_dismiss_problem (self);
      mf_sim_panel_forget_circuit (self);
    }
  g_set_object (&self->document, document);
  if (document != NULL)
    g_signal_connect_object (document, "changed", G_CALLBACK (mf_sim_panel_document_changed),
                             self, G_CONNECT_SWAPPED);
  mf_sim_panel_update_actions (self);
  mf_sim_panel_sync_layout (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DOCUMENT]);
}

MfEditDocument *
mf_sim_panel_get_document (MfSimPanel *self)
{
  g_return_val_if_fail (MF_IS_SIM_PANEL (self), NULL);

  return self->document;
}

/* ---- toggles ---- */

void
mf_sim_panel_set_probe_mode (MfSimPanel *self,
                             gboolean    probe_mode)
{
  g_return_if_fail (MF_IS_SIM_PANEL (self));

  probe_mode = !!probe_mode;
  if (self->probe_mode == probe_mode)
    return;
  self->probe_mode = probe_mode;
  gtk_toggle_button_set_active (self->probe_button, probe_mode);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROBE_MODE]);
}

gboolean
mf_sim_panel_get_probe_mode (MfSimPanel *self)
{
  g_return_val_if_fail (MF_IS_SIM_PANEL (self), FALSE);

  return self->probe_mode;
}

void
mf_sim_panel_set_expanded (MfSimPanel *self,
                           gboolean    expanded)
{
  g_return_if_fail (MF_IS_SIM_PANEL (self));

  expanded = !!expanded;
  if (self->expanded == expanded)
    return;
  self->expanded = expanded;
  gtk_widget_set_visible (self->plots_box, expanded);
  gtk_button_set_icon_name (self->expand_button,
                            expanded ? "pan-down-symbolic" : "pan-up-symbolic");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->expand_button),
                               expanded ? _("Hide the Plots") : _("Show the Plots"));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_EXPANDED]);
}

gboolean
mf_sim_panel_get_expanded (MfSimPanel *self)
{
  g_return_val_if_fail (MF_IS_SIM_PANEL (self), FALSE);

  return self->expanded;
}

GtkBox *
mf_sim_panel_get_extra_buttons (MfSimPanel *self)
{
  g_return_val_if_fail (MF_IS_SIM_PANEL (self), NULL);

  return self->extra_buttons;
}

static void
mf_sim_panel_probe_toggled (MfSimPanel *self)
{
  mf_sim_panel_set_probe_mode (self, gtk_toggle_button_get_active (self->probe_button));
}

static void
mf_sim_panel_follow_toggled (MfSimPanel *self)
{
  mf_plot_range_set_follow (self->x_range, gtk_toggle_button_get_active (self->follow_button));
}

static void
mf_sim_panel_expand_clicked (MfSimPanel *self)
{
  mf_sim_panel_set_expanded (self, !self->expanded);
}

/* ---- actions ---- */

static void
mf_sim_panel_action_run (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  mf_sim_panel_run (MF_SIM_PANEL (widget));
}

static void
mf_sim_panel_action_pause (GtkWidget  *widget,
                           const char *action_name,
                           GVariant   *parameter)
{
  mf_sim_panel_toggle_pause (MF_SIM_PANEL (widget));
}

static void
mf_sim_panel_action_stop (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  mf_sim_panel_stop (MF_SIM_PANEL (widget));
}

/* ---- GObject ---- */

static void
mf_sim_panel_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  MfSimPanel *self = MF_SIM_PANEL (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, self->document);
      break;
    case PROP_STATUS:
      g_value_set_enum (value, self->status);
      break;
    case PROP_PROBE_MODE:
      g_value_set_boolean (value, self->probe_mode);
      break;
    case PROP_EXPANDED:
      g_value_set_boolean (value, self->expanded);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mf_sim_panel_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  MfSimPanel *self = MF_SIM_PANEL (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      mf_sim_panel_set_document (self, g_value_get_object (value));
      break;
    case PROP_PROBE_MODE:
      mf_sim_panel_set_probe_mode (self, g_value_get_boolean (value));
      break;
    case PROP_EXPANDED:
      mf_sim_panel_set_expanded (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* The third place shows the solver's steps or the singular values. */
static void
mf_sim_panel_steps_toggled (MfSimPanel *self)
{
  gtk_stack_set_visible_child_name (self->solver_stack,
                                    gtk_toggle_button_get_active (self->steps_button) ? "steps"
                                                                                       : "sigma");
  mf_sim_panel_update_shown_views (self, FALSE);
}

static void
mf_sim_panel_dispose (GObject *object)
{
  MfSimPanel *self = MF_SIM_PANEL (object);

  g_clear_handle_id (&self->update_source, g_source_remove);
  if (self->worker != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->worker, self);
      /* (a freed worker stops its run; nothing reaches it afterwards) */
      g_clear_object (&self->worker);
    }
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_clear_object (&self->document);
  mf_sim_panel_dispose_layout (self);
  mf_sim_panel_dispose_data (self);
  mf_widget_dispose_template (GTK_WIDGET (self), MF_TYPE_SIM_PANEL);

  G_OBJECT_CLASS (mf_sim_panel_parent_class)->dispose (object);
}

static void
mf_sim_panel_finalize (GObject *object)
{
  MfSimPanel *self = MF_SIM_PANEL (object);

  g_free (self->progress_text);
  g_free (self->problem_text);

  G_OBJECT_CLASS (mf_sim_panel_parent_class)->finalize (object);
}

static void
mf_sim_panel_class_init (MfSimPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = mf_sim_panel_get_property;
  object_class->set_property = mf_sim_panel_set_property;
  object_class->dispose = mf_sim_panel_dispose;
  object_class->finalize = mf_sim_panel_finalize;

  properties[PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL, MF_TYPE_EDIT_DOCUMENT,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_STATUS] =
    g_param_spec_enum ("status", NULL, NULL, MF_TYPE_SIM_STATUS, MF_SIM_STATUS_IDLE,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PROBE_MODE] =
    g_param_spec_boolean ("probe-mode", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_EXPANDED] =
    g_param_spec_boolean ("expanded", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_RUN_ENDED] =
    g_signal_new ("run-ended", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, MF_TYPE_SIM_STATUS);

  gtk_widget_class_install_action (widget_class, "sim.run", NULL, mf_sim_panel_action_run);
  gtk_widget_class_install_action (widget_class, "sim.pause", NULL, mf_sim_panel_action_pause);
  gtk_widget_class_install_action (widget_class, "sim.stop", NULL, mf_sim_panel_action_stop);

  g_type_ensure (MF_TYPE_PLOT_VIEW);
  g_type_ensure (MF_TYPE_MODE_TIMELINE);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "mfsimpanel");
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/manifold/Manifold/ui/mf-sim-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, MfSimPanel, run_button);
  gtk_widget_class_bind_template_child (widget_class, MfSimPanel, pause_button);
  gtk_widget_class_bind_template_child (widget_class, MfSimPanel, stop_button);
  gtk_widget_class_bind_template_child (widget_class, MfSimPanel, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, MfSimPanel, progress_label);
  gtk_widget_class_bind_template_child (widget_class, MfSimPanel, follow_button);
  gtk_widget_class_bind_template_child (widget_class, MfSimPanel, probe_button);
  gtk_widget_class_bind_template_child (widget_class, MfSimPanel, steps_button);
  gtk_widget_class_bind_template_child (widget_class, MfSimPanel, extra_buttons);
  gtk_widget_class_bind_template_child (widget_class, MfSimPanel, expand_button);
  gtk_widget_class_bind_template_child (widget_class, MfSimPanel, problem_revealer);
  gtk_widget_class_bind_template_child (widget_class, MfSimPanel, problem_icon);
  gtk_widget_class_bind_template_child (widget_class, MfSimPanel, problem_label);
  gtk_widget_class_bind_template_child (widget_class, MfSimPanel, plots_box);
  gtk_widget_class_bind_template_child (widget_class, MfSimPanel, solver_stack);
  gtk_widget_class_bind_template_child_full (widget_class, "states_view", FALSE,
                                             G_STRUCT_OFFSET (MfSimPanel,
                                                              views[MF_SIM_PANEL_STATES]));
  gtk_widget_class_bind_template_child_full (widget_class, "pressures_view", FALSE,
                                             G_STRUCT_OFFSET (MfSimPanel,
                                                              views[MF_SIM_PANEL_PRESSURES]));
  gtk_widget_class_bind_template_child_full (widget_class, "sigma_view", FALSE,
                                             G_STRUCT_OFFSET (MfSimPanel,
                                                              views[MF_SIM_PANEL_SIGMA]));
  gtk_widget_class_bind_template_child_full (widget_class, "steps_view", FALSE,
                                             G_STRUCT_OFFSET (MfSimPanel,
                                                              views[MF_SIM_PANEL_STEPS]));
  gtk_widget_class_bind_template_child_full (widget_class, "states_timeline", FALSE,
                                             G_STRUCT_OFFSET (MfSimPanel,
                                                              timelines[MF_SIM_PANEL_STATES]));
  gtk_widget_class_bind_template_child_full (widget_class, "pressures_timeline", FALSE,
                                             G_STRUCT_OFFSET (MfSimPanel,
                                                              timelines[MF_SIM_PANEL_PRESSURES]));
  gtk_widget_class_bind_template_child_full (widget_class, "sigma_timeline", FALSE,
                                             G_STRUCT_OFFSET (MfSimPanel,
                                                              timelines[MF_SIM_PANEL_SIGMA]));
  gtk_widget_class_bind_template_child_full (widget_class, "steps_timeline", FALSE,
                                             G_STRUCT_OFFSET (MfSimPanel,
                                                              timelines[MF_SIM_PANEL_STEPS]));
  gtk_widget_class_bind_template_callback (widget_class, mf_sim_panel_dismiss_problem);
}

static void
mf_sim_panel_init (MfSimPanel *self)
{
  GtkLayoutManager *layout;

  self->expanded = TRUE;
  self->failed_at = NAN;
  gtk_widget_init_template (GTK_WIDGET (self));
  layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));
  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);

  self->worker = mf_sim_worker_new ();
  g_signal_connect_swapped (self->worker, "notify::status",
                            G_CALLBACK (mf_sim_panel_status_changed), self);
  g_signal_connect_swapped (self->worker, "finished",
                            G_CALLBACK (mf_sim_panel_worker_finished), self);
  g_signal_connect_swapped (self->worker, "failed",
                            G_CALLBACK (mf_sim_panel_worker_failed), self);
  g_signal_connect_swapped (self->worker, "update-refused",
                            G_CALLBACK (mf_sim_panel_update_refused), self);
  g_signal_connect_swapped (self->worker, "notice", G_CALLBACK (mf_sim_panel_notice), self);
  g_signal_connect_swapped (self->worker, "restarted",
                            G_CALLBACK (mf_sim_panel_restarted), self);

  g_signal_connect_swapped (self->probe_button, "toggled",
                            G_CALLBACK (mf_sim_panel_probe_toggled), self);
  g_signal_connect_swapped (self->follow_button, "toggled",
                            G_CALLBACK (mf_sim_panel_follow_toggled), self);
  g_signal_connect_swapped (self->steps_button, "toggled",
                            G_CALLBACK (mf_sim_panel_steps_toggled), self);
  g_signal_connect_swapped (self->expand_button, "clicked",
                            G_CALLBACK (mf_sim_panel_expand_clicked), self);

  mf_sim_panel_init_data (self);
  mf_sim_panel_init_layout (self);
  mf_sim_panel_follow_toggled (self);
  mf_sim_panel_update_actions (self);
  mf_sim_panel_show_progress (self);
}

GtkWidget *
mf_sim_panel_new (void)
{
  return g_object_new (MF_TYPE_SIM_PANEL, NULL);
}
