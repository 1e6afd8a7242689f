/* mf-runs-popover.c: the list of kept runs.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-runs-popover.h"

#include <glib/gi18n.h>

#include "mf-run-details.h"
#include "mf-run-outcome.h"

struct _MfRunsPopover
{
  GtkPopover   parent_instance;

  GListModel  *runs;
  MfRunRecord *current;

  /* template children */
  GtkListBox  *runs_list;
  GtkDropDown *difference_a;
  GtkDropDown *difference_b;
  GtkWidget   *difference_button;
};

G_DEFINE_FINAL_TYPE (MfRunsPopover, mf_runs_popover, GTK_TYPE_POPOVER)

enum
{
  PROP_0,
  PROP_RUNS,
  PROP_CURRENT_RUN,
  N_PROPS
};

enum
{
  SIGNAL_CHANGED,
  SIGNAL_DIFFERENCE,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* The record a row shows. */
#define ROW_RECORD "mf-record"

static gboolean
is_live (MfRunRecord *record)
{
  MfSimStatus status = mf_run_record_get_status (record);

  return status == MF_SIM_STATUS_RUNNING || status == MF_SIM_STATUS_PAUSED;
}

static void
emit_changed_from (GtkWidget *row)
{
  GtkWidget *self = gtk_widget_get_ancestor (row, MF_TYPE_RUNS_POPOVER);

  if (self != NULL)
    g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

static void
update_row (GtkWidget *row)
{
  MfRunRecord *record = g_object_get_data (G_OBJECT (row), ROW_RECORD);
  GtkWidget *self = gtk_widget_get_ancestor (row, MF_TYPE_RUNS_POPOVER);
  gboolean current = self != NULL && MF_RUNS_POPOVER (self)->current == record;
  GtkWidget *outcome = g_object_get_data (G_OBJECT (row), "outcome");
  GtkWidget *delete = g_object_get_data (G_OBJECT (row), "delete");
  GtkWidget *show = g_object_get_data (G_OBJECT (row), "show");
  guint n = mf_run_record_get_n_samples (record);
  double t_last = n > 0 ? mf_run_record_get_times (record)[n - 1] : 0;
  g_autofree char *text = mf_run_outcome_text (mf_run_record_get_status (record), n, t_last);

  if (current)
    {
      g_autofree char *both = g_strdup_printf (_("current run, %s"), text);
      gtk_label_set_text (GTK_LABEL (outcome), both);
    }
  else
    gtk_label_set_text (GTK_LABEL (outcome), text);
  gtk_widget_set_tooltip_text (outcome, mf_run_record_get_error (record) != NULL
                                          ? mf_run_record_get_error (record)->message
                                          : NULL);
  gtk_widget_set_sensitive (delete, !current && !is_live (record));
  /* the current run is always drawn: its check says so and stays put */
  gtk_widget_set_sensitive (show, !current);
  if (current)
    gtk_check_button_set_active (GTK_CHECK_BUTTON (show), TRUE);
  else
    gtk_check_button_set_active (GTK_CHECK_BUTTON (show), mf_run_record_get_shown (record));
}

static void
on_record_status (MfRunRecord *record, GParamSpec *pspec, GtkWidget *row)
{
  update_row (row);
}

/* The solver's account in a line; the details button opens all of it. */
static void
on_record_summary (MfRunRecord *record, GParamSpec *pspec, GtkWidget *row)
{
  GtkWidget *summary = g_object_get_data (G_OBJECT (row), "summary");
  const char *text = mf_run_record_get_summary (record);

  gtk_label_set_text (GTK_LABEL (summary), text != NULL ? text : "");
  gtk_widget_set_visible (summary, text != NULL);
}

/* What the run ran with under its name ("msbdf, rtol 1e-6 · O1.area =
 * 4 mm²"), and the whole title in the row's tooltip. */
static void
on_record_note (MfRunRecord *record, GParamSpec *pspec, GtkWidget *row)
{
  GtkWidget *note = g_object_get_data (G_OBJECT (row), "note");
  const MfRunProvenance *provenance = mf_run_record_get_provenance (record);
  g_autofree char *text = mf_run_title_long (NULL,
                                             provenance != NULL
                                               ? mf_run_provenance_get_settings (provenance)
                                               : NULL,
                                             mf_run_record_get_note (record));
  g_autofree char *title = mf_run_record_dup_title (record, TRUE);

  gtk_label_set_text (GTK_LABEL (note), text);
  gtk_widget_set_visible (note, *text != '\0');
  gtk_widget_set_tooltip_text (row, title);
}

static void
on_record_edited (MfRunRecord *record, GParamSpec *pspec, GtkWidget *row)
{
  emit_changed_from (row);
}

static void
on_show_toggled (GtkCheckButton *check, GtkWidget *row)
{
  MfRunRecord *record = g_object_get_data (G_OBJECT (row), ROW_RECORD);
  GtkWidget *self = gtk_widget_get_ancestor (row, MF_TYPE_RUNS_POPOVER);

  if (self != NULL && MF_RUNS_POPOVER (self)->current == record)
    return;
  /* the record notifies, and on_record_edited() passes it on */
  mf_run_record_set_shown (record, gtk_check_button_get_active (check));
}

static void
on_delete_clicked (GtkButton *button, GtkWidget *row)
{
  MfRunRecord *record = g_object_get_data (G_OBJECT (row), ROW_RECORD);
  GtkWidget *self = gtk_widget_get_ancestor (row, MF_TYPE_RUNS_POPOVER);

  if (self != NULL)
    mf_runs_popover_delete_run (MF_RUNS_POPOVER (self), record);
}

/* The name is taken when the entry is activated or left; a name left empty
 * goes back to what it was, for a run needs one for its overlaid series. */
static void
commit_label (GtkEntry *entry, GtkWidget *row)
{
  MfRunRecord *record = g_object_get_data (G_OBJECT (row), ROW_RECORD);
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));
  g_autofree char *stripped = g_strstrip (g_strdup (text));

  if (*stripped == '\0')
    gtk_editable_set_text (GTK_EDITABLE (entry), mf_run_record_get_label (record));
  else if (g_strcmp0 (stripped, mf_run_record_get_label (record)) != 0)
    mf_run_record_set_label (record, stripped);
}

static void
on_label_activate (GtkEntry *entry, GtkWidget *row)
{
  commit_label (entry, row);
}

static void
on_label_leave (GtkEventControllerFocus *focus, GtkWidget *row)
{
  commit_label (GTK_ENTRY (gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (focus))), row);
}

static void
on_record_label (MfRunRecord *record, GParamSpec *pspec, GtkEntry *label)
{
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (label)),
                 mf_run_record_get_label (record)) != 0)
    gtk_editable_set_text (GTK_EDITABLE (label), mf_run_record_get_label (record));
}

static GtkWidget *
create_row (gpointer item, gpointer user_data)
{
  MfRunRecord *record = MF_RUN_RECORD (item);
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *texts = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *show = gtk_check_button_new ();
  GtkWidget *label = gtk_entry_new ();
  GtkEventController *focus = gtk_event_controller_focus_new ();
  GtkWidget *note = gtk_label_new (NULL);
  GtkWidget *outcome = gtk_label_new (NULL);
  GtkWidget *summary = gtk_label_new (NULL);
  GtkWidget *details = gtk_menu_button_new ();
  GtkWidget *delete = gtk_button_new_from_icon_name ("user-trash-symbolic");

  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  g_object_set_data_full (G_OBJECT (row), ROW_RECORD, g_object_ref (record), g_object_unref);
  g_object_set_data (G_OBJECT (row), "show", show);
  g_object_set_data (G_OBJECT (row), "label", label);
  g_object_set_data (G_OBJECT (row), "note", note);
  g_object_set_data (G_OBJECT (row), "outcome", outcome);
  g_object_set_data (G_OBJECT (row), "summary", summary);
  g_object_set_data (G_OBJECT (row), "details", details);
  g_object_set_data (G_OBJECT (row), "delete", delete);

  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);

  gtk_widget_set_tooltip_text (show, _("Draw this run over the current one"));
  gtk_widget_set_valign (show, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (show), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Show"), -1);

  gtk_widget_set_hexpand (texts, TRUE);
  gtk_widget_set_valign (texts, GTK_ALIGN_CENTER);
  gtk_editable_set_text (GTK_EDITABLE (label), mf_run_record_get_label (record));
  gtk_widget_set_tooltip_text (label, _("Type to rename the run"));
  gtk_entry_set_has_frame (GTK_ENTRY (label), FALSE);
  gtk_editable_set_width_chars (GTK_EDITABLE (label), 18);
  gtk_accessible_update_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Run name"), -1);
  gtk_widget_add_controller (label, focus);
  gtk_label_set_xalign (GTK_LABEL (note), 0);
  gtk_label_set_wrap (GTK_LABEL (note), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (note), 48);
  gtk_widget_add_css_class (note, "caption");
  gtk_label_set_xalign (GTK_LABEL (outcome), 0);
  gtk_label_set_ellipsize (GTK_LABEL (outcome), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (outcome, "dim-label");
  gtk_widget_add_css_class (outcome, "caption");
  gtk_label_set_xalign (GTK_LABEL (summary), 0);
  /* the counts keep their digits together (narrow no-break spaces) */
  gtk_label_set_wrap (GTK_LABEL (summary), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (summary), 48);
  gtk_widget_add_css_class (summary, "dim-label");
  gtk_widget_add_css_class (summary, "caption");
  gtk_widget_add_css_class (summary, "numeric");
  gtk_box_append (GTK_BOX (texts), label);
  gtk_box_append (GTK_BOX (texts), note);
  gtk_box_append (GTK_BOX (texts), outcome);
  gtk_box_append (GTK_BOX (texts), summary);

  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (details), "dialog-information-symbolic");
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (details), mf_run_details_new (record));
  gtk_widget_set_valign (details, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (details, "flat");
  gtk_widget_set_tooltip_text (details, _("Solver statistics of this run"));

  gtk_widget_set_valign (delete, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (delete, "flat");
  gtk_widget_set_tooltip_text (delete, _("Delete this run"));

  gtk_box_append (GTK_BOX (box), show);
  gtk_box_append (GTK_BOX (box), texts);
  gtk_box_append (GTK_BOX (box), details);
  gtk_box_append (GTK_BOX (box), delete);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);

  g_signal_connect (show, "toggled", G_CALLBACK (on_show_toggled), row);
  g_signal_connect (delete, "clicked", G_CALLBACK (on_delete_clicked), row);
  g_signal_connect (label, "activate", G_CALLBACK (on_label_activate), row);
  g_signal_connect (focus, "leave", G_CALLBACK (on_label_leave), row);
  /* each connection ends with the widget it updates, so a row made again
   * for the same record leaves none behind */
  g_signal_connect_object (record, "notify::label", G_CALLBACK (on_record_label), label, 0);
  g_signal_connect_object (record, "notify::status", G_CALLBACK (on_record_status), row, 0);
  g_signal_connect_object (record, "notify::shown", G_CALLBACK (on_record_status), row, 0);
  g_signal_connect_object (record, "notify::shown", G_CALLBACK (on_record_edited), row, 0);
  g_signal_connect_object (record, "notify::label", G_CALLBACK (on_record_edited), row, 0);
  g_signal_connect_object (record, "notify::summary", G_CALLBACK (on_record_summary), row, 0);
  g_signal_connect_object (record, "notify::note", G_CALLBACK (on_record_note), row, 0);
  g_signal_connect_object (record, "notify::label", G_CALLBACK (on_record_note), row, 0);
  update_row (row);
  on_record_summary (record, NULL, row);
  on_record_note (record, NULL, row);
  return row;
}

/* The rows read the current run when they are updated: after being put in
 * the list, and whenever the current run changes. */
static void
update_rows (MfRunsPopover *self)
{
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->runs_list)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    if (g_object_get_data (G_OBJECT (row), ROW_RECORD) != NULL)
      update_row (row);
}

/* ---- the difference of two runs ---- */

static MfRunRecord *
difference_run (GtkDropDown *dropdown)
{
  return gtk_drop_down_get_selected_item (dropdown);
}

static void
update_difference (MfRunsPopover *self)
{
  MfRunRecord *a = difference_run (self->difference_a);
  MfRunRecord *b = difference_run (self->difference_b);

  gtk_widget_set_sensitive (self->difference_button,
                            a != NULL && b != NULL && a != b && !is_live (a) && !is_live (b));
}

/* A: the current run (else the last); B: the run before A (else after). */
static void
choose_difference_runs (MfRunsPopover *self)
{
  guint n = self->runs != NULL ? g_list_model_get_n_items (self->runs) : 0;
  guint a = n > 0 ? n - 1 : GTK_INVALID_LIST_POSITION;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (MfRunRecord) record = g_list_model_get_item (self->runs, i);

      if (record == self->current)
        a = i;
    }
  gtk_drop_down_set_selected (self->difference_a, a);
  gtk_drop_down_set_selected (self->difference_b, n < 2 ? GTK_INVALID_LIST_POSITION
                                                  : a > 0 ? a - 1 : a + 1);
  update_difference (self);
}

static void
difference_clicked (MfRunsPopover *self)
{
  MfRunRecord *a = difference_run (self->difference_a);
  MfRunRecord *b = difference_run (self->difference_b);

  if (a == NULL || b == NULL || a == b)
    return;
  gtk_popover_popdown (GTK_POPOVER (self));
  g_signal_emit (self, signals[SIGNAL_DIFFERENCE], 0, a, b);
}

static void
select_run (MfRunsPopover *self, GtkDropDown *dropdown, MfRunRecord *record)
{
  guint n = self->runs != NULL ? g_list_model_get_n_items (self->runs) : 0;

  for (guint i = 0; record != NULL && i < n; i++)
    {
      g_autoptr (MfRunRecord) item = g_list_model_get_item (self->runs, i);

      if (item == record)
        gtk_drop_down_set_selected (dropdown, i);
    }
}

void
mf_runs_popover_set_difference_runs (MfRunsPopover *self, MfRunRecord *a, MfRunRecord *b)
{
  g_return_if_fail (MF_IS_RUNS_POPOVER (self));

  select_run (self, self->difference_a, a);
  select_run (self, self->difference_b, b);
  update_difference (self);
}

gboolean
mf_runs_popover_request_difference (MfRunsPopover *self)
{
  g_return_val_if_fail (MF_IS_RUNS_POPOVER (self), FALSE);

  if (!gtk_widget_get_sensitive (self->difference_button))
    return FALSE;
  difference_clicked (self);
  return TRUE;
}

static void
on_items_changed (GListModel *model, guint position, guint removed, guint added,
                  MfRunsPopover *self)
{
  update_rows (self);
  choose_difference_runs (self);
}

static void
mf_runs_popover_show (GtkWidget *widget)
{
  MfRunsPopover *self = MF_RUNS_POPOVER (widget);

  /* a live run's time has moved on since the rows were made */
  update_rows (self);
  choose_difference_runs (self);
  GTK_WIDGET_CLASS (mf_runs_popover_parent_class)->show (widget);
}

static void
mf_runs_popover_dispose (GObject *object)
{
  MfRunsPopover *self = MF_RUNS_POPOVER (object);

  if (self->runs != NULL)
    g_signal_handlers_disconnect_by_data (self->runs, self);
  g_clear_object (&self->runs);
  g_clear_object (&self->current);
  gtk_widget_dispose_template (GTK_WIDGET (self), MF_TYPE_RUNS_POPOVER);
  G_OBJECT_CLASS (mf_runs_popover_parent_class)->dispose (object);
}

static void
mf_runs_popover_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  MfRunsPopover *self = MF_RUNS_POPOVER (object);

  switch (prop_id)
    {
    case PROP_RUNS:
      g_value_set_object (value, self->runs);
      break;
    case PROP_CURRENT_RUN:
      g_value_set_object (value, self->current);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mf_runs_popover_set_property (GObject *object, guint prop_id, const GValue *value,
                              GParamSpec *pspec)
{
  MfRunsPopover *self = MF_RUNS_POPOVER (object);

  switch (prop_id)
    {
    case PROP_RUNS:
      mf_runs_popover_set_runs (self, g_value_get_object (value));
      break;
    case PROP_CURRENT_RUN:
      mf_runs_popover_set_current_run (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mf_runs_popover_class_init (MfRunsPopoverClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = mf_runs_popover_dispose;
  object_class->get_property = mf_runs_popover_get_property;
  object_class->set_property = mf_runs_popover_set_property;
  widget_class->show = mf_runs_popover_show;

  properties[PROP_RUNS] =
    g_param_spec_object ("runs", NULL, NULL, G_TYPE_LIST_MODEL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CURRENT_RUN] =
    g_param_spec_object ("current-run", NULL, NULL, MF_TYPE_RUN_RECORD,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
  signals[SIGNAL_DIFFERENCE] =
    g_signal_new ("difference", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 2, MF_TYPE_RUN_RECORD, MF_TYPE_RUN_RECORD);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/manifold/Manifold/ui/"
                                               "mf-runs-popover.ui");
  gtk_widget_class_bind_template_child (widget_class, MfRunsPopover, runs_list);
  gtk_widget_class_bind_template_child (widget_class, MfRunsPopover, difference_a);
  gtk_widget_class_bind_template_child (widget_class, MfRunsPopover, difference_b);
  gtk_widget_class_bind_template_child (widget_class, MfRunsPopover, difference_button);
}

static void
mf_runs_popover_init (MfRunsPopover *self)
{
  GtkWidget *placeholder;

  gtk_widget_init_template (GTK_WIDGET (self));
  placeholder = gtk_label_new (_("No runs yet: press Run"));
  gtk_widget_add_css_class (placeholder, "dim-label");
  gtk_widget_set_margin_top (placeholder, 18);
  gtk_widget_set_margin_bottom (placeholder, 18);
  gtk_list_box_set_placeholder (self->runs_list, placeholder);
  for (guint i = 0; i < 2; i++)
    {
      GtkDropDown *dropdown = i == 0 ? self->difference_a : self->difference_b;

      gtk_drop_down_set_expression (dropdown,
                                    gtk_property_expression_new (MF_TYPE_RUN_RECORD, NULL,
                                                                 "label"));
      g_signal_connect_object (dropdown, "notify::selected", G_CALLBACK (update_difference),
                               self, G_CONNECT_SWAPPED);
    }
  g_signal_connect_object (self->difference_button, "clicked", G_CALLBACK (difference_clicked),
                           self, G_CONNECT_SWAPPED);
}

GtkWidget *
mf_runs_popover_new (GListModel *runs)
{
  return g_object_new (MF_TYPE_RUNS_POPOVER, "runs", runs, NULL);
}

GListModel *
mf_runs_popover_get_runs (MfRunsPopover *self)
{
  g_return_val_if_fail (MF_IS_RUNS_POPOVER (self), NULL);
  return self->runs;
}

void
mf_runs_popover_set_runs (MfRunsPopover *self, GListModel *runs)
{
  g_return_if_fail (MF_IS_RUNS_POPOVER (self));
  g_return_if_fail (runs == NULL || G_IS_LIST_MODEL (runs));

  if (self->runs == runs)
    return;
  if (self->runs != NULL)
    g_signal_handlers_disconnect_by_data (self->runs, self);
  g_set_object (&self->runs, runs);
  gtk_list_box_bind_model (self->runs_list, runs, create_row, self, NULL);
  gtk_drop_down_set_model (self->difference_a, runs);
  gtk_drop_down_set_model (self->difference_b, runs);
  /* connected after the list box's own handler, so new rows exist by then */
  if (runs != NULL)
    g_signal_connect (runs, "items-changed", G_CALLBACK (on_items_changed), self);
  update_rows (self);
  choose_difference_runs (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNS]);
}

MfRunRecord *
mf_runs_popover_get_current_run (MfRunsPopover *self)
{
  g_return_val_if_fail (MF_IS_RUNS_POPOVER (self), NULL);
  return self->current;
}

void
mf_runs_popover_set_current_run (MfRunsPopover *self, MfRunRecord *current)
{
  g_return_if_fail (MF_IS_RUNS_POPOVER (self));
  g_return_if_fail (current == NULL || MF_IS_RUN_RECORD (current));

  if (!g_set_object (&self->current, current))
    return;
  update_rows (self);
  choose_difference_runs (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURRENT_RUN]);
}

gboolean
mf_runs_popover_delete_run (MfRunsPopover *self, MfRunRecord *record)
{
  guint position;

  g_return_val_if_fail (MF_IS_RUNS_POPOVER (self), FALSE);
  g_return_val_if_fail (MF_IS_RUN_RECORD (record), FALSE);

  if (record == self->current || is_live (record) || !G_IS_LIST_STORE (self->runs))
    return FALSE;
  if (!g_list_store_find (G_LIST_STORE (self->runs), record, &position))
    return FALSE;
  g_list_store_remove (G_LIST_STORE (self->runs), position);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
  return TRUE;
}

GtkWidget *
mf_runs_popover_get_row (MfRunsPopover *self, MfRunRecord *record)
{
  g_return_val_if_fail (MF_IS_RUNS_POPOVER (self), NULL);

  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->runs_list)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    if (g_object_get_data (G_OBJECT (row), ROW_RECORD) == record)
      return row;
  return NULL;
}
