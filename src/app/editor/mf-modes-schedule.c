/* mf-modes-schedule.c: the Modes page's schedule — which mode holds from
 * which time on, one row per entry, kept in time order.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-modes-panel-private.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "mf-document-keys.h"
#include "mf-error.h"
#include "mf-expr.h"

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
    mf_modes_panel_refresh (self);
  else if (!mf_edit_document_set_schedule (self->document, items->len, times,
                                           (const char *const *) modes, &error))
    {
      mf_modes_panel_show_message (self->schedule_message, error->message);
      mf_modes_panel_refresh (self);
    }
  else
    mf_modes_panel_show_message (self->schedule_message, NULL);
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

void
mf_modes_panel_on_add_entry_clicked (MfModesPanel *self)
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
  names = mf_modes_panel_mode_names (self);
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

void
mf_modes_panel_refresh_schedule (MfModesPanel *self, GStrv names)
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

