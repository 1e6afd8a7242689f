/* mf-modes-panel.c: modes and the valves each closes (the schedule:
 * mf-modes-schedule.c).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-modes-panel-private.h"

#include <glib/gi18n.h>
#include <string.h>

#include "mf-error.h"
#include "mf-text.h"
#include "mf-widget-template.h"

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

static void refresh_viewed_mode (MfModesPanel *self);

/* ---- reading the document ------------------------------------------- */

/* The modes' names, "default" when the document has none. */
GStrv
mf_modes_panel_mode_names (MfModesPanel *self)
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

void
mf_modes_panel_show_message (GtkLabel *label, const char *message)
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
  mf_modes_panel_show_message (self->modes_message, NULL);
  set_viewed_mode (self, g_object_get_data (G_OBJECT (row), "mf-mode"));
  /* not mf_modes_panel_refresh(): it would remake the list inside its own signal */
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
  names = mf_modes_panel_mode_names (self);
  for (guint n = g_strv_length (names) + 1; name == NULL || g_strv_contains ((const char *const *)
                                                                             names, name); n++)
    {
      g_free (name);
      name = g_strdup_printf (_("Mode %u"), n);
    }
  if (!mf_edit_document_add_mode (self->document, name, &error))
    {
      mf_modes_panel_show_message (self->modes_message, error->message);
      return;
    }
  mf_modes_panel_show_message (self->modes_message, NULL);
  set_viewed_mode (self, name);
  mf_modes_panel_refresh (self);
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
  names = mf_modes_panel_mode_names (self);
  while (names[at] != NULL && strcmp (names[at], self->mode) != 0)
    at++;
  deleted = g_strdup (self->mode);
  if (!mf_edit_document_remove_mode (self->document, deleted, &error))
    {
      mf_modes_panel_show_message (self->modes_message, error->message);
      return;
    }
  mf_modes_panel_show_message (self->modes_message, NULL);
  /* View the neighbour the list closes up on. */
  g_strfreev (names);
  names = mf_modes_panel_mode_names (self);
  set_viewed_mode (self, names[MIN (at, g_strv_length (names) - 1)]);
  mf_modes_panel_refresh (self);
}

static gboolean
check_mode_name (const char *text, gpointer user_data, GError **error)
{
  MfModesPanel *self = user_data;
  g_auto (GStrv) names = self->document != NULL ? mf_modes_panel_mode_names (self) : NULL;

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
      mf_modes_panel_show_message (self->modes_message, error->message);
      mf_modes_panel_refresh (self);
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

void
mf_modes_panel_refresh (MfModesPanel *self)
{
  g_auto (GStrv) names = NULL;

  gtk_widget_set_sensitive (GTK_WIDGET (self), self->document != NULL);
  if (self->document == NULL)
    return;
  names = mf_modes_panel_mode_names (self);
  /* An undo or a delete can take the viewed mode away. */
  if (self->mode == NULL || !g_strv_contains ((const char *const *) names, self->mode))
    set_viewed_mode (self, names[0]);

  refresh_modes_list (self, names);
  refresh_viewed_mode (self);
  mf_modes_panel_refresh_schedule (self, names);
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
  mf_modes_panel_refresh (self);
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
  mf_modes_panel_show_message (self->modes_message, NULL);
  mf_modes_panel_show_message (self->schedule_message, NULL);
  mf_modes_panel_refresh (self);
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
  mf_modes_panel_refresh (self);
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
  gtk_widget_class_bind_template_callback_full (widget_class, "on_add_entry_clicked",
                                                G_CALLBACK (mf_modes_panel_on_add_entry_clicked));
}

static void
mf_modes_panel_init (MfModesPanel *self)
{
  self->valve_rows = g_ptr_array_new ();
  self->schedule_rows = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
  mf_unit_entry_set_check_func (self->name_entry, check_mode_name, self, NULL);
  mf_modes_panel_refresh (self);
}
