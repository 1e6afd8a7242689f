/* mf-initial-values.c: the circuit's initial values in the Properties
 * panel (mf-initial-values.h).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-initial-values.h"

#include <glib/gi18n.h>
#include <math.h>

#include "mf-unit-entry.h"

struct _MfInitialValues
{
  AdwPreferencesGroup parent_instance;

  MfEditDocument *document;
  gulong          changed_id;
  GPtrArray      *rows;    /* the rows of the values shown, in order */
  GStrv           shown;   /* their states */
  GtkWidget      *add_row;
  GtkEditable    *name_entry;
  GtkEditable    *value_entry;
  GtkLabel       *message;
};

G_DEFINE_FINAL_TYPE (MfInitialValues, mf_initial_values, ADW_TYPE_PREFERENCES_GROUP)

static void refresh (MfInitialValues *self);

/* An initial value is a plain number in SI units. */
static gboolean
check_number (const char *text, gpointer user_data, GError **error)
{
  char *end = NULL;
  double value;

  if (text[0] == '\0')
    return TRUE;
  value = g_ascii_strtod (text, &end);
  if (end != text && *end == '\0' && isfinite (value))
    return TRUE;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
               _("a plain number in SI units, such as 0.5 or -1e-3"));
  return FALSE;
}

static void
on_value_apply (MfInitialValues *self, const char *text, MfUnitEntry *entry)
{
  const char *state = g_object_get_data (G_OBJECT (entry), "mf-state");
  g_autoptr (GError) error = NULL;

  if (self->document != NULL
      && !mf_edit_document_set_initial (self->document, state, text, &error))
    mf_unit_entry_show_error (entry, error->message);
}

static void
on_remove (MfInitialValues *self, GtkButton *button)
{
  const char *state = g_object_get_data (G_OBJECT (button), "mf-state");
  g_autoptr (GError) error = NULL;

  if (self->document != NULL && !mf_edit_document_set_initial (self->document, state, NULL,
                                                              &error))
    gtk_label_set_label (self->message, error->message);
}

static GtkWidget *
value_row (MfInitialValues *self, const char *state)
{
  GtkWidget *row = adw_preferences_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *entry = mf_unit_entry_new (state);
  GtkWidget *remove = gtk_button_new_from_icon_name ("user-trash-symbolic");
  /* Translators: a button's tooltip; %s is a state ("P1.v") */
  g_autofree char *tooltip = g_strdup_printf (_("Start %s at 0"), state);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), state);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_widget_set_focusable (row, FALSE);
  mf_unit_entry_set_check_func (MF_UNIT_ENTRY (entry), check_number, NULL, NULL);
  g_object_set_data_full (G_OBJECT (entry), "mf-state", g_strdup (state), g_free);
  g_signal_connect_object (entry, "apply", G_CALLBACK (on_value_apply), self, G_CONNECT_SWAPPED);
  gtk_widget_set_hexpand (entry, TRUE);
  gtk_widget_add_css_class (remove, "flat");
  gtk_widget_set_valign (remove, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (remove, tooltip);
  g_object_set_data_full (G_OBJECT (remove), "mf-state", g_strdup (state), g_free);
  g_signal_connect_object (remove, "clicked", G_CALLBACK (on_remove), self, G_CONNECT_SWAPPED);
  gtk_box_append (GTK_BOX (box), entry);
  gtk_box_append (GTK_BOX (box), remove);
  gtk_widget_set_margin_top (box, 8);
  gtk_widget_set_margin_bottom (box, 8);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  return row;
}

gboolean
mf_initial_values_add (MfInitialValues *self, const char *state, const char *value)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *name = g_strstrip (g_strdup (state != NULL ? state : ""));
  g_autofree char *number = g_strstrip (g_strdup (value != NULL ? value : ""));

  g_return_val_if_fail (MF_IS_INITIAL_VALUES (self), FALSE);

  gtk_label_set_label (self->message, "");
  gtk_widget_set_visible (GTK_WIDGET (self->message), FALSE);
  if (self->document == NULL)
    return FALSE;
  if (name[0] == '\0' || number[0] == '\0')
    error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                                 _("Give a state, as the CSV header names it, and its value"));
  else if (mf_edit_document_set_initial (self->document, name, number, &error))
    {
      gtk_editable_set_text (self->name_entry, "");
      gtk_editable_set_text (self->value_entry, "");
      return TRUE;
    }
  gtk_label_set_label (self->message, error->message);
  gtk_widget_set_visible (GTK_WIDGET (self->message), TRUE);
  return FALSE;
}

static void
on_add (MfInitialValues *self)
{
  mf_initial_values_add (self, gtk_editable_get_text (self->name_entry),
                         gtk_editable_get_text (self->value_entry));
}

static GtkWidget *
build_add_row (MfInitialValues *self)
{
  GtkWidget *row = adw_preferences_row_new ();
  GtkWidget *outer = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *name = gtk_entry_new ();
  GtkWidget *value = gtk_entry_new ();
  GtkWidget *add = gtk_button_new_with_mnemonic (_("_Add"));
  GtkWidget *message = gtk_label_new (NULL);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Add an initial value"));
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_widget_set_focusable (row, FALSE);
  gtk_entry_set_placeholder_text (GTK_ENTRY (name), _("State, e.g. P1.v"));
  gtk_entry_set_placeholder_text (GTK_ENTRY (value), _("Value in SI"));
  gtk_editable_set_width_chars (GTK_EDITABLE (name), 10);
  gtk_editable_set_width_chars (GTK_EDITABLE (value), 8);
  gtk_widget_set_hexpand (name, TRUE);
  gtk_widget_set_hexpand (value, TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (name), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("State"), -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (value), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Initial value"), -1);
  g_signal_connect_object (name, "activate", G_CALLBACK (on_add), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (value, "activate", G_CALLBACK (on_add), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (add, "clicked", G_CALLBACK (on_add), self, G_CONNECT_SWAPPED);
  gtk_label_set_wrap (GTK_LABEL (message), TRUE);
  gtk_label_set_xalign (GTK_LABEL (message), 0);
  gtk_widget_add_css_class (message, "error");
  gtk_widget_set_visible (message, FALSE);
  gtk_box_append (GTK_BOX (box), name);
  gtk_box_append (GTK_BOX (box), value);
  gtk_box_append (GTK_BOX (box), add);
  gtk_box_append (GTK_BOX (outer), box);
  gtk_box_append (GTK_BOX (outer), message);
  gtk_widget_set_margin_top (outer, 8);
  gtk_widget_set_margin_bottom (outer, 8);
  gtk_widget_set_margin_start (outer, 12);
  gtk_widget_set_margin_end (outer, 12);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), outer);
  self->name_entry = GTK_EDITABLE (name);
  self->value_entry = GTK_EDITABLE (value);
  self->message = GTK_LABEL (message);
  return row;
}

/* The fields anew when the states listed changed; else their texts. */
static void
refresh (MfInitialValues *self)
{
  g_auto (GStrv) states = self->document != NULL
                            ? mf_edit_document_get_initial_states (self->document)
                            : g_new0 (char *, 1);

  if (self->shown == NULL || !g_strv_equal ((const char *const *) states,
                                            (const char *const *) self->shown))
    {
      for (guint i = 0; i < self->rows->len; i++)
        adw_preferences_group_remove (ADW_PREFERENCES_GROUP (self), self->rows->pdata[i]);
      g_ptr_array_set_size (self->rows, 0);
      /* the group keeps its rows in order of adding: the Add row goes last */
      if (gtk_widget_get_parent (self->add_row) != NULL)
        adw_preferences_group_remove (ADW_PREFERENCES_GROUP (self), self->add_row);
      for (guint i = 0; states[i] != NULL; i++)
        {
          GtkWidget *row = value_row (self, states[i]);

          adw_preferences_group_add (ADW_PREFERENCES_GROUP (self), row);
          g_ptr_array_add (self->rows, row);
        }
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (self), self->add_row);
      g_strfreev (self->shown);
      self->shown = g_strdupv (states);
    }
  for (guint i = 0; i < self->rows->len; i++)
    {
      GtkWidget *box = gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (self->rows->pdata[i]));
      MfUnitEntry *entry = MF_UNIT_ENTRY (gtk_widget_get_first_child (box));
      g_autofree char *text = mf_edit_document_get_initial_text (self->document, states[i]);

      mf_unit_entry_set_text (entry, text);
    }
}

void
mf_initial_values_set_document (MfInitialValues *self, MfEditDocument *document)
{
  g_return_if_fail (MF_IS_INITIAL_VALUES (self));

  if (self->document == document)
    return;
  if (self->document != NULL)
    g_clear_signal_handler (&self->changed_id, self->document);
  g_set_object (&self->document, document);
  if (document != NULL)
    self->changed_id = g_signal_connect_swapped (document, "changed", G_CALLBACK (refresh),
                                                 self);
  refresh (self);
}

const char *
mf_initial_values_get_message (MfInitialValues *self)
{
  const char *text;

  g_return_val_if_fail (MF_IS_INITIAL_VALUES (self), NULL);
  text = gtk_label_get_label (self->message);
  return text[0] != '\0' ? text : NULL;
}

guint
mf_initial_values_get_n_fields (MfInitialValues *self)
{
  g_return_val_if_fail (MF_IS_INITIAL_VALUES (self), 0);
  return self->rows->len;
}

static void
mf_initial_values_dispose (GObject *object)
{
  MfInitialValues *self = MF_INITIAL_VALUES (object);

  if (self->document != NULL)
    g_clear_signal_handler (&self->changed_id, self->document);
  g_clear_object (&self->document);
  G_OBJECT_CLASS (mf_initial_values_parent_class)->dispose (object);
}

static void
mf_initial_values_finalize (GObject *object)
{
  MfInitialValues *self = MF_INITIAL_VALUES (object);

  g_ptr_array_unref (self->rows);
  g_strfreev (self->shown);
  g_object_unref (self->add_row);
  G_OBJECT_CLASS (mf_initial_values_parent_class)->finalize (object);
}

static void
mf_initial_values_class_init (MfInitialValuesClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = mf_initial_values_dispose;
  object_class->finalize = mf_initial_values_finalize;
}

static void
mf_initial_values_init (MfInitialValues *self)
{
  self->rows = g_ptr_array_new ();
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (self), _("Initial values"));
  adw_preferences_group_set_description (
    ADW_PREFERENCES_GROUP (self),
    _("Where the run starts: a state not listed starts at 0. Values that break the "
      "constraints are moved onto them at the start, and the run says so."));
  /* held while it is taken off and put back under the values */
  self->add_row = g_object_ref_sink (build_add_row (self));
  refresh (self);
}

GtkWidget *
mf_initial_values_new (void)
{
  return g_object_new (MF_TYPE_INITIAL_VALUES, NULL);
}
