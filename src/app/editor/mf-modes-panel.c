/* mf-modes-panel.c: modes, the valves each closes, and the schedule.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-modes-panel.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "mf-document-keys.h"
#include "mf-error.h"
#include "mf-expr.h"
#include "mf-text.h"
#include "mf-unit-entry.h"
#include "mf-widget-template.h"

/* What docs/format.md calls the one mode of a document without modes. */
#define IMPLICIT_MODE "default"

struct _MfModesPanel
{
  GtkWidget            parent_instance;

  MfEditDocument      *document;
  gulong               changed_id;
  char                *mode;    /* viewed */
  gboolean             editing; /* "Edit on canvas" is on */
  /* Rows are being set from the document, not by the user. */
  gboolean             updating;
  /* What the valve and schedule rows were made for: rebuilt when it changes. */
  char                *valves_made_for;
  char                *schedule_made_for;
  GPtrArray           *valve_rows;
  GPtrArray           *schedule_rows;

  /* template children */
  AdwPreferencesGroup *mode_group;
  AdwPreferencesGroup *valves_group;
  AdwPreferencesGroup *schedule_group;
  GtkListBox          *modes_list;
  GtkListBox          *schedule_list;
  GtkLabel            *modes_message;
  GtkLabel            *schedule_message;
  GtkButton           *delete_mode_button;
  GtkButton           *add_entry_button;
  MfUnitEntry         *name_entry;
  GtkSwitch           *edit_switch;
  GtkListItemFactory  *mode_button_factory;
  GtkListItemFactory  *mode_list_factory;
};

G_DEFINE_FINAL_TYPE (MfModesPanel, mf_modes_panel, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_DOCUMENT,
  PROP_MODE,
  PROP_EDITING_MODE,
  N_PROPS
};

enum
{
  SIGNAL_EDITING_MODE_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void refresh (MfModesPanel *self);
static void refresh_viewed_mode (MfModesPanel *self);

/* ---- reading the document ------------------------------------------- */

/* The modes' names, "default" when the document has none. */
static GStrv
mode_names (MfModesPanel *self)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  guint n_modes = mf_edit_document_get_n_modes (self->document);

  for (guint i = 0; i < n_modes; i++)
    g_strv_builder_add (builder, mf_edit_document_get_mode_name (self->document, i));
  if (n_modes == 0)
    g_strv_builder_add (builder, IMPLICIT_MODE);
  return g_strv_builder_end (builder);
}

static gboolean
mode_closes (MfModesPanel *self, const char *mode, const char *id)
{
  guint n_modes = mf_edit_document_get_n_modes (self->document);

  for (guint i = 0; i < n_modes; i++)
    if (strcmp (mf_edit_document_get_mode_name (self->document, i), mode) == 0)
      return mf_edit_document_mode_closes (self->document, i, id);
  return FALSE;
}

/* The ids of the components a mode may close, in document order. */
static GStrv
switchable_ids (MfModesPanel *self)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  guint n = mf_edit_document_get_n_components (self->document);

  for (guint i = 0; i < n; i++)
    if (mf_edit_document_get_component_info (self->document, i)->switchable)
      g_strv_builder_add (builder, mf_edit_document_get_component_id (self->document, i));
  return g_strv_builder_end (builder);
}

static void
show_message (GtkLabel *label, const char *message)
{
  gtk_label_set_text (label, message != NULL ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (label), message != NULL);
}

static void
set_viewed_mode (MfModesPanel *self, const char *name)
{
  if (g_strcmp0 (self->mode, name) == 0)
    return;
  g_free (self->mode);
  self->mode = g_strdup (name);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODE]);
  if (self->editing)
    {
      g_signal_emit (self, signals[SIGNAL_EDITING_MODE_CHANGED], 0, self->mode);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_EDITING_MODE]);
    }
}

/* ---- modes ---------------------------------------------------------- */

/* "closes V1, CV2" or "everything open". */
static char *
mode_summary (MfModesPanel *self, const char *mode)
{
  g_auto (GStrv) ids = switchable_ids (self);
  g_autoptr (GString) summary = g_string_new (NULL);

  for (guint i = 0; ids[i] != NULL; i++)
    if (mode_closes (self, mode, ids[i]))
      g_string_append_printf (summary, "%s%s", summary->len > 0 ? ", " : "", ids[i]);
  if (summary->len == 0)
    return g_strdup (_("everything open"));
  return g_strdup_printf (_("closes %s"), summary->str);
}

/* The rows are kept and retitled, not remade: the document changes at
 * every step of a drag on the canvas. */
static void
refresh_modes_list (MfModesPanel *self, GStrv names)
{
  guint n = g_strv_length (names);
  GtkListBoxRow *row;

  self->updating = TRUE;
  while ((row = gtk_list_box_get_row_at_index (self->modes_list, (int) n)) != NULL)
    gtk_list_box_remove (self->modes_list, GTK_WIDGET (row));
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *summary = mode_summary (self, names[i]);

      if ((row = gtk_list_box_get_row_at_index (self->modes_list, (int) i)) == NULL)
        {
          row = GTK_LIST_BOX_ROW (adw_action_row_new ());
          /* names are the user's text, not markup */
          adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
          gtk_list_box_append (self->modes_list, GTK_WIDGET (row));
        }
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), names[i]);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), summary);
      g_object_set_data_full (G_OBJECT (row), "mf-mode", g_strdup (names[i]), g_free);
      if (g_strcmp0 (names[i], self->mode) == 0)
        gtk_list_box_select_row (self->modes_list, row);
    }
  self->updating = FALSE;
}

static void
on_mode_row_selected (MfModesPanel *self, GtkListBoxRow *row)
{
  if (self->updating || row == NULL)
    return;
  show_message (self->modes_message, NULL);
  set_viewed_mode (self, g_object_get_data (G_OBJECT (row), "mf-mode"));
  /* not refresh(): it would remake the list inside its own signal */
  refresh_viewed_mode (self);
}

static void
on_add_mode_clicked (MfModesPanel *self)
{
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) names = NULL;
  g_autofree char *name = NULL;

  if (self->document == NULL)
    return;
  names = mode_names (self);
  for (guint n = g_strv_length (names) + 1; name == NULL || g_strv_contains ((const char *const *)
                                                                             names, name); n++)
    {
      g_free (name);
      name = g_strdup_printf (_("Mode %u"), n);
    }
  if (!mf_edit_document_add_mode (self->document, name, &error))
    {
      show_message (self->modes_message, error->message);
      return;
    }
  show_message (self->modes_message, NULL);
  set_viewed_mode (self, name);
  refresh (self);
}

static void
on_delete_mode_clicked (MfModesPanel *self)
{
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) names = NULL;
  g_autofree char *deleted = NULL;
  guint at = 0;

  if (self->document == NULL || self->mode == NULL)
    return;
  names = mode_names (self);
  while (names[at] != NULL && strcmp (names[at], self->mode) != 0)
    at++;
  deleted = g_strdup (self->mode);
  if (!mf_edit_document_remove_mode (self->document, deleted, &error))
    {
      show_message (self->modes_message, error->message);
      return;
    }
  show_message (self->modes_message, NULL);
  /* View the neighbour the list closes up on. */
  g_strfreev (names);
  names = mode_names (self);
  set_viewed_mode (self, names[MIN (at, g_strv_length (names) - 1)]);
  refresh (self);
}

static gboolean
check_mode_name (const char *text, gpointer user_data, GError **error)
{
  MfModesPanel *self = user_data;
  g_auto (GStrv) names = self->document != NULL ? mode_names (self) : NULL;

  /* the rule the loader holds mode names to */
  if (!mf_mode_name_check (text, NULL, error))
    return FALSE;
  if (names != NULL && g_strcmp0 (text, self->mode) != 0
      && g_strv_contains ((const char *const *) names, text))
    {
      g_set_error (error, MF_ERROR, MF_ERROR_INVALID,
                   _("there is already a mode named '%s': mode names must differ"), text);
      return FALSE;
    }
  return TRUE;
}

static void
on_name_apply (MfModesPanel *self, const char *text)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *old_name = NULL;

  if (self->document == NULL || self->mode == NULL)
    return;
  /* The document's "changed" comes before rename returns: the panel must
   * already view the new name then. */
  old_name = g_strdup (self->mode);
  set_viewed_mode (self, text);
  if (!mf_edit_document_rename_mode (self->document, old_name, text, &error))
    {
      set_viewed_mode (self, old_name);
      mf_unit_entry_show_error (self->name_entry, error->message);
    }
}

static void
on_edit_switch_active (MfModesPanel *self)
{
  gboolean active = gtk_switch_get_active (self->edit_switch);

  if (self->editing == active)
    return;
  self->editing = active;
  g_signal_emit (self, signals[SIGNAL_EDITING_MODE_CHANGED], 0, active ? self->mode : NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_EDITING_MODE]);
}

/* ---- valves --------------------------------------------------------- */

static void
on_valve_switch_active (GtkSwitch *toggle, GParamSpec *pspec, MfModesPanel *self)
{
  const char *id = g_object_get_data (G_OBJECT (toggle), "mf-component");
  g_autoptr (GError) error = NULL;

  if (self->updating || self->document == NULL || self->mode == NULL)
    return;
  if (!mf_edit_document_set_valve_closed (self->document, self->mode, id,
                                          !gtk_switch_get_active (toggle), &error))
    {
      show_message (self->modes_message, error->message);
      refresh (self);
    }
}

static void
build_valve_rows (MfModesPanel *self, GStrv ids)
{
  for (guint i = 0; i < self->valve_rows->len; i++)
    adw_preferences_group_remove (self->valves_group, g_ptr_array_index (self->valve_rows, i));
  g_ptr_array_set_size (self->valve_rows, 0);

  for (guint i = 0; ids[i] != NULL; i++)
    {
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *toggle = gtk_switch_new ();

      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), ids[i]);
      gtk_widget_set_valign (toggle, GTK_ALIGN_CENTER);
      gtk_widget_set_tooltip_text (toggle, _("On: open in this mode; off: closed"));
      g_object_set_data_full (G_OBJECT (toggle), "mf-component", g_strdup (ids[i]), g_free);
      g_signal_connect (toggle, "notify::active", G_CALLBACK (on_valve_switch_active), self);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), toggle);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), toggle);
      g_object_set_data (G_OBJECT (row), "mf-switch", toggle);
      adw_preferences_group_add (self->valves_group, row);
      g_ptr_array_add (self->valve_rows, row);
    }
  adw_preferences_group_set_description (self->valves_group,
                                         ids[0] == NULL
                                           ? _("The circuit has no valve, check valve or relief "
                                               "valve to open or close.")
                                           : _("Switched on: open in this mode. Check and relief "
                                               "valves also switch by themselves during a run."));
}

static void
refresh_valves (MfModesPanel *self)
{
  g_auto (GStrv) ids = switchable_ids (self);
  g_autofree char *made_for = g_strjoinv ("\n", ids);

  if (g_strcmp0 (made_for, self->valves_made_for) != 0)
    {
      build_valve_rows (self, ids);
      g_free (self->valves_made_for);
      self->valves_made_for = g_steal_pointer (&made_for);
    }
  self->updating = TRUE;
  for (guint i = 0; ids[i] != NULL; i++)
    {
      AdwActionRow *row = g_ptr_array_index (self->valve_rows, i);
      int index = mf_edit_document_find_component (self->document, ids[i]);
      const MfComponentTypeInfo *info = mf_edit_document_get_component_info (self->document,
                                                                              (guint) index);
      gboolean closed = self->mode != NULL && mode_closes (self, self->mode, ids[i]);
      g_autofree char *subtitle = g_strdup_printf ("%s · %s", _(info->label),
                                                   closed ? _("closed") : _("open"));

      adw_action_row_set_subtitle (row, subtitle);
      gtk_switch_set_active (g_object_get_data (G_OBJECT (row), "mf-switch"), !closed);
    }
  self->updating = FALSE;
}

/* ---- schedule ------------------------------------------------------- */

static gboolean
check_time (const char *text, gpointer user_data, GError **error)
{
  const MfQuantityRule rule = { _("the time"), MF_QUANTITY_TIME, MF_RANGE_NON_NEGATIVE, FALSE, TRUE,
                                FALSE };
  g_autoptr (GError) local = NULL;

  if (mf_quantity_text_check (&rule, text, &local))
    return TRUE;
  if (g_error_matches (local, MF_ERROR, MF_ERROR_SYNTAX))
    g_set_error (error, MF_ERROR, MF_ERROR_INVALID,
                 _("'%s' is not a time; write it as 0.5 or 500 ms"), text);
  else
    g_propagate_error (error, g_steal_pointer (&local));
  return FALSE;
}

static double
time_of_text (const char *text)
{
  g_autoptr (MfExpr) expr = mf_expr_parse (text, NULL, NULL, NULL);

  return expr != NULL ? mf_expr_eval (expr, 0.0) : NAN;
}

/* An entry of the schedule being edited; `mode` points into the document
 * (or a list of names) and stays valid until the schedule is replaced. */
typedef struct
{
  double      t;
  guint       order;
  const char *mode;
} MfScheduleItem;

/* By time; equal times keep their order, so the later entry still wins at
 * that instant. */
static int
compare_items (gconstpointer a, gconstpointer b)
{
  const MfScheduleItem *x = a, *y = b;

  if (x->t != y->t)
    return x->t < y->t ? -1 : 1;
  return x->order < y->order ? -1 : x->order > y->order;
}

/* The document's schedule, to change and give to apply_schedule(). */
static GArray *
schedule_items (MfModesPanel *self)
{
  guint n = mf_edit_document_get_n_schedule_entries (self->document);
  GArray *items = g_array_sized_new (FALSE, FALSE, sizeof (MfScheduleItem), n + 1);

  for (guint i = 0; i < n; i++)
    {
      MfScheduleItem item = { 0.0, i, NULL };

      mf_edit_document_get_schedule_entry (self->document, i, &item.t, &item.mode);
      g_array_append_val (items, item);
    }
  return items;
}

/* Makes `items`, sorted by time, the schedule: one command, or none when
 * nothing changed (another unit picked for a time). */
static void
apply_schedule (MfModesPanel *self, GArray *items)
{
  guint n = mf_edit_document_get_n_schedule_entries (self->document);
  g_autofree double *times = g_new0 (double, items->len + 1);
  g_autofree const char **modes = g_new0 (const char *, items->len + 1);
  g_autoptr (GError) error = NULL;
  gboolean same = items->len == n;

  g_array_sort (items, compare_items);
  for (guint i = 0; i < items->len; i++)
    {
      const char *mode = NULL;
      double t = NAN;

      times[i] = g_array_index (items, MfScheduleItem, i).t;
      modes[i] = g_array_index (items, MfScheduleItem, i).mode;
      if (i < n)
        mf_edit_document_get_schedule_entry (self->document, i, &t, &mode);
      same = same && t == times[i] && g_strcmp0 (mode, modes[i]) == 0;
    }
  if (same)
    refresh (self);
  else if (!mf_edit_document_set_schedule (self->document, items->len, times,
                                           (const char *const *) modes, &error))
    {
      show_message (self->schedule_message, error->message);
      refresh (self);
    }
  else
    show_message (self->schedule_message, NULL);
}

static guint
schedule_row_index (MfModesPanel *self, gpointer widget)
{
  guint index = 0;

  g_ptr_array_find (self->schedule_rows, g_object_get_data (G_OBJECT (widget), "mf-row"),
                    &index);
  return index;
}

static void
on_time_apply (MfModesPanel *self, const char *text, MfUnitEntry *entry)
{
  g_autoptr (GArray) items = NULL;

  if (self->document == NULL)
    return;
  items = schedule_items (self);
  g_array_index (items, MfScheduleItem, schedule_row_index (self, entry)).t = time_of_text (text);
  apply_schedule (self, items);
}

static void
on_entry_mode_selected (GtkDropDown *dropdown, GParamSpec *pspec, MfModesPanel *self)
{
  GtkStringObject *picked = gtk_drop_down_get_selected_item (dropdown);
  g_autoptr (GArray) items = NULL;

  if (self->updating || self->document == NULL || picked == NULL)
    return;
  items = schedule_items (self);
  g_array_index (items, MfScheduleItem, schedule_row_index (self, dropdown)).mode =
    gtk_string_object_get_string (picked);
  apply_schedule (self, items);
}

static void
on_remove_entry_clicked (GtkButton *button, MfModesPanel *self)
{
  g_autoptr (GArray) items = NULL;

  if (self->document == NULL)
    return;
  items = schedule_items (self);
  g_array_remove_index (items, schedule_row_index (self, button));
  apply_schedule (self, items);
}

static void
on_add_entry_clicked (MfModesPanel *self)
{
  guint n;
  double last = 0.0, t_end, t;
  const char *last_mode = NULL;
  g_auto (GStrv) names = NULL;
  g_autofree char *t_end_text = NULL;
  g_autoptr (GArray) items = NULL;
  MfScheduleItem item;
  const char *mode;

  if (self->document == NULL)
    return;
  n = mf_edit_document_get_n_schedule_entries (self->document);
  names = mode_names (self);
  t_end_text = mf_edit_document_get_simulation_text (self->document, MF_KEY_SIMULATION_T_END);
  t_end = t_end_text != NULL ? time_of_text (t_end_text) : 1.0;
  if (!isfinite (t_end))
    t_end = 1.0;
  if (n > 0)
    mf_edit_document_get_schedule_entry (self->document, n - 1, &last, &last_mode);
  /* Halfway from the last switch to the end of the run, into a mode that
   * differs from the last one: the likely next step of a schedule. */
  t = n == 0 ? 0.0 : last < t_end ? last + (t_end - last) / 2 : last + t_end / 10;
  mode = self->mode != NULL ? self->mode : names[0];
  if (g_strcmp0 (mode, last_mode) == 0)
    for (guint i = 0; names[i] != NULL; i++)
      if (strcmp (names[i], mode) != 0)
        {
          mode = names[i];
          break;
        }
  items = schedule_items (self);
  item = (MfScheduleItem) { t, n, mode };
  g_array_append_val (items, item);
  apply_schedule (self, items);
}

static GtkWidget *
make_schedule_row (MfModesPanel *self, GStrv names)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *time = mf_unit_entry_new (_("From"));
  GtkWidget *mode_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *mode_label = gtk_label_new (_("Mode"));
  GtkWidget *mode = gtk_drop_down_new_from_strings ((const char *const *) names);
  GtkWidget *remove = gtk_button_new_from_icon_name ("list-remove-symbolic");
  const MfQuantityRule rule = { _("time"), MF_QUANTITY_TIME, MF_RANGE_NON_NEGATIVE, FALSE, TRUE,
                                FALSE };

  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_widget_set_focusable (row, FALSE);
  gtk_widget_set_margin_top (box, 8);
  gtk_widget_set_margin_bottom (box, 8);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 6);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);

  mf_unit_entry_set_rule (MF_UNIT_ENTRY (time), &rule);
  mf_unit_entry_set_check_func (MF_UNIT_ENTRY (time), check_time, NULL, NULL);
  gtk_widget_set_hexpand (time, TRUE);
  /* s, ms, min, h are short: leave the room to the number */
  gtk_widget_set_size_request (GTK_WIDGET (mf_unit_entry_get_unit_dropdown (MF_UNIT_ENTRY (time))),
                               68, -1);
  g_signal_connect_swapped (time, "apply", G_CALLBACK (on_time_apply), self);
  gtk_box_append (GTK_BOX (box), time);

  gtk_label_set_xalign (GTK_LABEL (mode_label), 0.0);
  gtk_widget_add_css_class (mode_label, "caption-heading");
  gtk_widget_set_valign (mode_box, GTK_ALIGN_START);
  gtk_box_append (GTK_BOX (mode_box), mode_label);
  /* a mode's name is the user's: the button shows what fits, the list all */
  gtk_drop_down_set_factory (GTK_DROP_DOWN (mode), self->mode_button_factory);
  gtk_drop_down_set_list_factory (GTK_DROP_DOWN (mode), self->mode_list_factory);
  gtk_widget_set_size_request (mode, 112, -1);
  gtk_box_append (GTK_BOX (mode_box), mode);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (mode), GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                  mode_label, NULL, -1);
  g_signal_connect (mode, "notify::selected", G_CALLBACK (on_entry_mode_selected), self);
  gtk_box_append (GTK_BOX (box), mode_box);

  gtk_widget_set_valign (remove, GTK_ALIGN_START);
  gtk_widget_set_margin_top (remove, 20);
  gtk_widget_add_css_class (remove, "flat");
  gtk_widget_set_tooltip_text (remove, _("Remove this Entry"));
  g_signal_connect (remove, "clicked", G_CALLBACK (on_remove_entry_clicked), self);
  gtk_box_append (GTK_BOX (box), remove);

  g_object_set_data (G_OBJECT (time), "mf-row", row);
  g_object_set_data (G_OBJECT (mode), "mf-row", row);
  g_object_set_data (G_OBJECT (remove), "mf-row", row);
  g_object_set_data (G_OBJECT (row), "mf-time", time);
  g_object_set_data (G_OBJECT (row), "mf-mode", mode);
  return row;
}

static void
refresh_schedule (MfModesPanel *self, GStrv names)
{
  guint n = mf_edit_document_get_n_schedule_entries (self->document);
  g_autofree char *joined = g_strjoinv ("\n", names);
  g_autofree char *made_for = g_strdup_printf ("%u\n%s", n, joined);

  if (g_strcmp0 (made_for, self->schedule_made_for) != 0)
    {
      GtkWidget *child;

      while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->schedule_list))) != NULL)
        gtk_list_box_remove (self->schedule_list, child);
      g_ptr_array_set_size (self->schedule_rows, 0);
      for (guint i = 0; i < n; i++)
        {
          GtkWidget *row = make_schedule_row (self, names);

          gtk_list_box_append (self->schedule_list, row);
          g_ptr_array_add (self->schedule_rows, row);
        }
      g_free (self->schedule_made_for);
      self->schedule_made_for = g_steal_pointer (&made_for);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->schedule_list), n > 0);

  self->updating = TRUE;
  for (guint i = 0; i < n; i++)
    {
      GObject *row = g_ptr_array_index (self->schedule_rows, i);
      MfUnitEntry *time = g_object_get_data (row, "mf-time");
      const char *mode = NULL;
      g_autofree char *text = NULL;
      double t;
      guint at = 0;

      mf_edit_document_get_schedule_entry (self->document, i, &t, &mode);
      /* in the unit the row shows, so that picking ms keeps ms */
      text = mf_quantity_text_in_unit (MF_QUANTITY_TIME, t, gtk_drop_down_get_selected (
                                         mf_unit_entry_get_unit_dropdown (time)));
      mf_unit_entry_set_text (time, text);
      while (names[at] != NULL && g_strcmp0 (names[at], mode) != 0)
        at++;
      gtk_drop_down_set_selected (g_object_get_data (row, "mf-mode"),
                                  names[at] != NULL ? at : GTK_INVALID_LIST_POSITION);
    }
  self->updating = FALSE;
  adw_preferences_group_set_description (self->schedule_group,
                                         n == 0 ? _("No schedule: the first mode holds for the "
                                                    "whole run. Add an entry to switch modes at "
                                                    "a given time.")
                                                : _("Which mode holds from which time on."));
}

/* ---- following the document ----------------------------------------- */

/* What depends on the viewed mode: its name, whether it can go, its valves. */
static void
refresh_viewed_mode (MfModesPanel *self)
{
  mf_unit_entry_set_text (self->name_entry, self->mode);
  gtk_widget_set_sensitive (GTK_WIDGET (self->delete_mode_button),
                            mf_edit_document_get_n_modes (self->document) > 0);
  refresh_valves (self);
}

static void
refresh (MfModesPanel *self)
{
  g_auto (GStrv) names = NULL;

  gtk_widget_set_sensitive (GTK_WIDGET (self), self->document != NULL);
  if (self->document == NULL)
    return;
  names = mode_names (self);
  /* An undo or a delete can take the viewed mode away. */
  if (self->mode == NULL || !g_strv_contains ((const char *const *) names, self->mode))
    set_viewed_mode (self, names[0]);

  refresh_modes_list (self, names);
  refresh_viewed_mode (self);
  refresh_schedule (self, names);
}

/* An edit of components in place (a drag, a parameter) changes nothing this
 * page shows — ids, types and modes stay — and looking for the valves
 * among 10 000 components again would cost a frame. */
static void
on_document_changed (MfModesPanel *self)
{
  g_autoptr (GArray) changed = g_array_new (FALSE, FALSE, sizeof (guint));
  gboolean others;

  if (mf_edit_document_get_changed_components (self->document, changed, &others) && !others)
    return;
  refresh (self);
}

/* ---- public API ------------------------------------------------------ */

GtkWidget *
mf_modes_panel_new (void)
{
  return g_object_new (MF_TYPE_MODES_PANEL, NULL);
}

MfEditDocument *
mf_modes_panel_get_document (MfModesPanel *self)
{
  g_return_val_if_fail (MF_IS_MODES_PANEL (self), NULL);
  return self->document;
}

void
mf_modes_panel_set_document (MfModesPanel *self, MfEditDocument *document)
{
  g_return_if_fail (MF_IS_MODES_PANEL (self));
  g_return_if_fail (document == NULL || MF_IS_EDIT_DOCUMENT (document));

  if (self->document == document)
    return;
  if (self->document != NULL)
    g_clear_signal_handler (&self->changed_id, self->document);
  g_set_object (&self->document, document);
  if (document != NULL)
    self->changed_id = g_signal_connect_swapped (document, "changed",
                                                 G_CALLBACK (on_document_changed), self);
  /* A new circuit starts viewed from its first mode, not edited on canvas. */
  g_clear_pointer (&self->valves_made_for, g_free);
  g_clear_pointer (&self->schedule_made_for, g_free);
  gtk_switch_set_active (self->edit_switch, FALSE);
  set_viewed_mode (self, NULL);
  show_message (self->modes_message, NULL);
  show_message (self->schedule_message, NULL);
  refresh (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DOCUMENT]);
}

const char *
mf_modes_panel_get_mode (MfModesPanel *self)
{
  g_return_val_if_fail (MF_IS_MODES_PANEL (self), NULL);
  return self->mode;
}

void
mf_modes_panel_set_mode (MfModesPanel *self, const char *name)
{
  g_return_if_fail (MF_IS_MODES_PANEL (self));

  set_viewed_mode (self, name);
  refresh (self);
}

const char *
mf_modes_panel_get_editing_mode (MfModesPanel *self)
{
  g_return_val_if_fail (MF_IS_MODES_PANEL (self), NULL);
  return self->editing ? self->mode : NULL;
}

/* ---- GObject -------------------------------------------------------- */

static void
mf_modes_panel_dispose (GObject *object)
{
  MfModesPanel *self = MF_MODES_PANEL (object);

  if (self->document != NULL)
    g_clear_signal_handler (&self->changed_id, self->document);
  g_clear_object (&self->document);
  mf_widget_dispose_template (GTK_WIDGET (self), MF_TYPE_MODES_PANEL);

  G_OBJECT_CLASS (mf_modes_panel_parent_class)->dispose (object);
}

static void
mf_modes_panel_finalize (GObject *object)
{
  MfModesPanel *self = MF_MODES_PANEL (object);

  g_free (self->mode);
  g_free (self->valves_made_for);
  g_free (self->schedule_made_for);
  g_ptr_array_unref (self->valve_rows);
  g_ptr_array_unref (self->schedule_rows);

  G_OBJECT_CLASS (mf_modes_panel_parent_class)->finalize (object);
}

static void
mf_modes_panel_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  MfModesPanel *self = MF_MODES_PANEL (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, self->document);
      break;
    case PROP_MODE:
      g_value_set_string (value, self->mode);
      break;
    case PROP_EDITING_MODE:
      g_value_set_string (value, mf_modes_panel_get_editing_mode (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mf_modes_panel_set_property (GObject *object, guint prop_id, const GValue *value,
                             GParamSpec *pspec)
{
  MfModesPanel *self = MF_MODES_PANEL (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      mf_modes_panel_set_document (self, g_value_get_object (value));
      break;
    case PROP_MODE:
      mf_modes_panel_set_mode (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mf_modes_panel_class_init (MfModesPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = mf_modes_panel_dispose;
  object_class->finalize = mf_modes_panel_finalize;
  object_class->get_property = mf_modes_panel_get_property;
  object_class->set_property = mf_modes_panel_set_property;

  properties[PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL, MF_TYPE_EDIT_DOCUMENT,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MODE] =
    g_param_spec_string ("mode", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_EDITING_MODE] =
    g_param_spec_string ("editing-mode", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_EDITING_MODE_CHANGED] =
    g_signal_new ("editing-mode-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                  NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  g_type_ensure (MF_TYPE_UNIT_ENTRY);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/manifold/Manifold/ui/mf-modes-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, MfModesPanel, mode_group);
  gtk_widget_class_bind_template_child (widget_class, MfModesPanel, valves_group);
  gtk_widget_class_bind_template_child (widget_class, MfModesPanel, schedule_group);
  gtk_widget_class_bind_template_child (widget_class, MfModesPanel, modes_list);
  gtk_widget_class_bind_template_child (widget_class, MfModesPanel, schedule_list);
  gtk_widget_class_bind_template_child (widget_class, MfModesPanel, modes_message);
  gtk_widget_class_bind_template_child (widget_class, MfModesPanel, schedule_message);
  gtk_widget_class_bind_template_child (widget_class, MfModesPanel, delete_mode_button);
  gtk_widget_class_bind_template_child (widget_class, MfModesPanel, add_entry_button);
  gtk_widget_class_bind_template_child (widget_class, MfModesPanel, name_entry);
  gtk_widget_class_bind_template_child (widget_class, MfModesPanel, edit_switch);
  gtk_widget_class_bind_template_child (widget_class, MfModesPanel, mode_button_factory);
  gtk_widget_class_bind_template_child (widget_class, MfModesPanel, mode_list_factory);
  gtk_widget_class_bind_template_callback (widget_class, on_mode_row_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_add_mode_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_delete_mode_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_name_apply);
  gtk_widget_class_bind_template_callback (widget_class, on_edit_switch_active);
  gtk_widget_class_bind_template_callback (widget_class, on_add_entry_clicked);
}

static void
mf_modes_panel_init (MfModesPanel *self)
{
  self->valve_rows = g_ptr_array_new ();
  self->schedule_rows = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
  mf_unit_entry_set_check_func (self->name_entry, check_mode_name, self, NULL);
  refresh (self);
}
