/* mf-unit-entry.c: a value field with a unit dropdown, checked as typed.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-unit-entry.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

struct _MfUnitEntry
{
  GtkWidget            parent_instance;

  GtkLabel            *title_label;
  GtkBox              *value_box;
  GtkEntry            *entry;
  GtkDropDown         *unit_dropdown;
  GtkLabel            *message_label;

  gboolean             has_rule;
  MfQuantityRule       rule;
  char                *rule_name;
  MfUnitEntryCheckFunc check_func;
  gpointer             check_data;
  GDestroyNotify       check_destroy;

  char                *title;
  char                *text;
  char                *default_text;
  char                *message;
  gboolean             valid;
  /* The user changed the field since it last showed `text`. */
  gboolean             dirty;
  /* The widgets are being set from `text`, not by the user. */
  gboolean             updating;
  /* `text` is a number and a listed unit, shown apart. */
  gboolean             text_is_split;
  guint                unit;
};

G_DEFINE_FINAL_TYPE (MfUnitEntry, mf_unit_entry, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_TITLE,
  PROP_TEXT,
  PROP_DEFAULT_TEXT,
  PROP_MESSAGE,
  PROP_VALID,
  N_PROPS
};

enum
{
  SIGNAL_APPLY,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* g_set_str() is GLib 2.76; Debian 12 has 2.74. */
static gboolean
replace_string (char **slot, const char *value)
{
  if (g_strcmp0 (*slot, value) == 0)
    return FALSE;
  g_free (*slot);
  *slot = g_strdup (value);
  return TRUE;
}

static gboolean
has_units (MfUnitEntry *self)
{
  guint n_units = 0;

  if (self->has_rule)
    mf_quantity_units (self->rule.quantity, &n_units);
  return n_units > 0;
}

static const char *
typed (MfUnitEntry *self)
{
  return gtk_editable_get_text (GTK_EDITABLE (self->entry));
}

char *
mf_unit_entry_dup_typed_text (MfUnitEntry *self)
{
  g_autofree char *trimmed = NULL;
  g_autofree char *normal = NULL;
  double number;

  g_return_val_if_fail (MF_IS_UNIT_ENTRY (self), NULL);

  trimmed = g_strstrip (g_strdup (typed (self)));
  if (!has_units (self))
    return g_steal_pointer (&trimmed);
  if (mf_quantity_text_is_number (trimmed, &number))
    return mf_quantity_text_join (self->rule.quantity, number, self->unit);
  /* "12mm" is stored as "12 mm", as the unit dropdown would write it, so
   * that the canvas labels and the file read alike; an expression is the
   * user's to lay out */
  normal = mf_quantity_text_normalize (self->rule.quantity, trimmed);
  return normal != NULL ? g_steal_pointer (&normal) : g_steal_pointer (&trimmed);
}

static void
set_message (MfUnitEntry *self, const char *message, gboolean is_error)
{
  gtk_widget_set_visible (GTK_WIDGET (self->message_label), message != NULL && *message != '\0');
  gtk_label_set_text (self->message_label, message != NULL ? message : "");
  if (is_error)
    {
      gtk_widget_add_css_class (GTK_WIDGET (self->message_label), "error");
      gtk_widget_remove_css_class (GTK_WIDGET (self->message_label), "dim-label");
      gtk_widget_add_css_class (GTK_WIDGET (self->entry), "error");
    }
  else
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self->message_label), "error");
      gtk_widget_add_css_class (GTK_WIDGET (self->message_label), "dim-label");
      gtk_widget_remove_css_class (GTK_WIDGET (self->entry), "error");
    }
  if (g_strcmp0 (self->message, message) != 0)
    {
      g_free (self->message);
      self->message = g_strdup (message);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MESSAGE]);
    }
}

static void
set_valid (MfUnitEntry *self, gboolean valid)
{
  if (self->valid == valid)
    return;
  self->valid = valid;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VALID]);
}

static gboolean
check_text (MfUnitEntry *self, const char *text, GError **error)
{
  if (self->check_func != NULL)
    return self->check_func (text, self->check_data, error);
  if (self->has_rule)
    return mf_quantity_text_check (&self->rule, text, error);
  return TRUE;
}

/* Checks what is typed and says what is wrong, or which default holds. */
static void
update_state (MfUnitEntry *self)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = mf_unit_entry_dup_typed_text (self);
  gboolean plain = *text == '\0' || mf_quantity_text_is_number (typed (self), NULL);

  /* A unit only means something after a bare number; an expression carries
   * its own units (a bare number inside it is SI).  Typing never hides the
   * dropdown, so the field does not jump under the pointer. */
  gtk_widget_set_sensitive (GTK_WIDGET (self->unit_dropdown), plain);
  if (plain)
    gtk_widget_set_visible (GTK_WIDGET (self->unit_dropdown), has_units (self));
  if (plain)
    gtk_widget_set_tooltip_text (GTK_WIDGET (self->unit_dropdown), NULL);
  else if (has_units (self) && mf_quantity_text_split (self->rule.quantity, typed (self),
                                                       NULL, NULL))
    gtk_widget_set_tooltip_text (GTK_WIDGET (self->unit_dropdown),
                                 _("The unit typed after the number is the one stored"));
  else
    gtk_widget_set_tooltip_text (GTK_WIDGET (self->unit_dropdown),
                                 _("An expression carries its own units, as in "
                                   "“20 L/min * step(t, 1)”; a number without "
                                   "a unit is in SI"));
  if (!check_text (self, text, &error))
    {
      set_valid (self, FALSE);
      set_message (self, error->message, TRUE);
      return;
    }
  set_valid (self, TRUE);
  if (*text == '\0' && self->default_text != NULL)
    {
      g_autofree char *hint = g_strdup_printf (_("Not set: %s (the default)"),
                                               self->default_text);

      set_message (self, hint, FALSE);
    }
  else
    set_message (self, NULL, FALSE);
}

/* The unit the default is written in ("1.5 µm"), so that a number typed
 * into an empty field is read in the unit its placeholder shows. */
static guint
default_unit (MfUnitEntry *self)
{
  guint n_units;
  const MfUnitChoice *units;
  const char *space;

  if (!has_units (self) || self->default_text == NULL
      || (space = strrchr (self->default_text, ' ')) == NULL)
    return self->unit;
  units = mf_quantity_units (self->rule.quantity, &n_units);
  for (guint i = 0; i < n_units; i++)
    if (strcmp (space + 1, units[i].label) == 0)
      return i;
  return self->unit;
}

/* Shows `text` in the entry and the dropdown. */
static void
show_text (MfUnitEntry *self)
{
  const char *text = self->text != NULL ? self->text : "";
  double number;
  guint unit;

  self->updating = TRUE;
  self->text_is_split = has_units (self)
                        && mf_quantity_text_split (self->rule.quantity, text, &number, &unit);
  if (self->text_is_split)
    {
      g_autofree char *digits = mf_quantity_text_number (number);

      gtk_editable_set_text (GTK_EDITABLE (self->entry), digits);
      self->unit = unit;
    }
  else
    {
      gtk_editable_set_text (GTK_EDITABLE (self->entry), text);
      if (*text == '\0')
        self->unit = default_unit (self);
      else
        self->unit = 0;
    }
  if (has_units (self))
    gtk_drop_down_set_selected (self->unit_dropdown, self->unit);
  self->updating = FALSE;
  self->dirty = FALSE;
  update_state (self);
  /* The document's expressions carry their own units: no dropdown beside. */
  gtk_widget_set_visible (GTK_WIDGET (self->unit_dropdown),
                          has_units (self) && (*text == '\0' || self->text_is_split));
}

gboolean
mf_unit_entry_apply (MfUnitEntry *self)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (MF_IS_UNIT_ENTRY (self), FALSE);

  update_state (self);
  if (!self->valid)
    return FALSE;
  /* A field showing the document's text may show it normalised ("12mm" as
   * 12 and mm): only the user's changes are applied. */
  if (!self->dirty)
    return TRUE;
  text = mf_unit_entry_dup_typed_text (self);
  /* Not dirty before the signal: the owner's set_text() in its handler must
   * show what the document now holds. */
  self->dirty = FALSE;
  if (g_strcmp0 (text, self->text != NULL ? self->text : "") != 0)
    g_signal_emit (self, signals[SIGNAL_APPLY], 0, text);
  return TRUE;
}

static void
on_entry_changed (MfUnitEntry *self)
{
  if (self->updating)
    return;
  self->dirty = TRUE;
  update_state (self);
}

static void
on_entry_activate (MfUnitEntry *self)
{
  mf_unit_entry_apply (self);
}

/* A number shown from the document keeps its value in the new unit; a
 * number the user is typing takes the unit they pick.  Either way the
 * result is applied, since picking is a complete gesture. */
static void
on_unit_selected (MfUnitEntry *self)
{
  guint n_units;
  const MfUnitChoice *units;
  guint unit = gtk_drop_down_get_selected (self->unit_dropdown);
  double number;

  if (self->updating || !has_units (self) || unit == GTK_INVALID_LIST_POSITION
      || unit == self->unit)
    return;
  units = mf_quantity_units (self->rule.quantity, &n_units);
  if (!self->dirty && mf_quantity_text_is_number (typed (self), &number))
    {
      g_autofree char *text = mf_quantity_text_in_unit (self->rule.quantity,
                                                        number * units[self->unit].factor, unit);
      g_autofree char *digits = NULL;

      mf_quantity_text_split (self->rule.quantity, text, &number, NULL);
      digits = mf_quantity_text_number (number);
      self->updating = TRUE;
      gtk_editable_set_text (GTK_EDITABLE (self->entry), digits);
      self->updating = FALSE;
    }
  self->unit = unit;
  self->dirty = TRUE;
  mf_unit_entry_apply (self);
}

static void
on_focus_leave (MfUnitEntry *self)
{
  /* Leaving for another part of this field (the unit dropdown) is not
   * leaving; the controller sits on the whole field.  A field being torn
   * down has nothing left to apply to. */
  if (self->dirty && gtk_widget_get_root (GTK_WIDGET (self)) != NULL)
    mf_unit_entry_apply (self);
}

/* The entry keeps no undo history of its own: Ctrl+Z while typing drops
 * the typing; otherwise it undoes the last edit of the document through
 * the window's history (win.undo), and the field shows the result.  Caught
 * before the text widget, which would swallow the key. */
static gboolean
on_undo_key (GtkWidget *widget, GVariant *args, gpointer user_data)
{
  MfUnitEntry *self = MF_UNIT_ENTRY (widget);
  const char *action = user_data;

  if (self->dirty && g_str_equal (action, "win.undo"))
    {
      show_text (self);
      return TRUE;
    }
  return gtk_widget_activate_action (widget, action, NULL);
}

static void
revert (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  show_text (MF_UNIT_ENTRY (widget));
}

/* Escape drops what was typed; with nothing typed it is left to others
 * (a dialog to close, a selection to clear). */
static gboolean
on_escape (GtkWidget *widget, GVariant *args, gpointer user_data)
{
  MfUnitEntry *self = MF_UNIT_ENTRY (widget);

  if (!self->dirty)
    return FALSE;
  show_text (self);
  return TRUE;
}

/* A click on the field's title or message is meant for its entry, as in
 * the rows of a preferences list. */
static void
on_field_pressed (GtkGestureClick *gesture, int n_press, double x, double y, MfUnitEntry *self)
{
  GtkWidget *target = gtk_widget_pick (GTK_WIDGET (self), x, y, GTK_PICK_DEFAULT);

  if (target != NULL && (target == GTK_WIDGET (self->entry)
                         || gtk_widget_is_ancestor (target, GTK_WIDGET (self->value_box))))
    return;
  gtk_widget_grab_focus (GTK_WIDGET (self->entry));
}

static void
add_history_key (GtkEventController *controller, guint key, GdkModifierType modifiers,
                 const char *action)
{
  gtk_shortcut_controller_add_shortcut (
    GTK_SHORTCUT_CONTROLLER (controller),
    gtk_shortcut_new (gtk_keyval_trigger_new (key, modifiers),
                      gtk_callback_action_new (on_undo_key, (gpointer) action, NULL)));
}

/* ---- public API ----------------------------------------------------- */

GtkWidget *
mf_unit_entry_new (const char *title)
{
  return g_object_new (MF_TYPE_UNIT_ENTRY, "title", title, NULL);
}

static void
fill_units (MfUnitEntry *self)
{
  g_autoptr (GtkStringList) labels = gtk_string_list_new (NULL);
  guint n_units = 0;
  const MfUnitChoice *units = NULL;

  if (self->has_rule)
    units = mf_quantity_units (self->rule.quantity, &n_units);
  for (guint i = 0; i < n_units; i++)
    gtk_string_list_append (labels, units[i].label);
  self->updating = TRUE;
  gtk_drop_down_set_model (self->unit_dropdown, G_LIST_MODEL (labels));
  self->updating = FALSE;
  gtk_widget_set_visible (GTK_WIDGET (self->unit_dropdown), n_units > 0);
  self->unit = 0;
}

void
mf_unit_entry_set_rule (MfUnitEntry *self, const MfQuantityRule *rule)
{
  g_return_if_fail (MF_IS_UNIT_ENTRY (self));

  g_clear_pointer (&self->rule_name, g_free);
  self->has_rule = rule != NULL;
  if (rule != NULL)
    {
      self->rule = *rule;
      self->rule_name = g_strdup (rule->name);
      self->rule.name = self->rule_name;
    }
  fill_units (self);
  show_text (self);
}

void
mf_unit_entry_set_check_func (MfUnitEntry          *self,
                              MfUnitEntryCheckFunc  func,
                              gpointer              user_data,
                              GDestroyNotify        destroy)
{
  g_return_if_fail (MF_IS_UNIT_ENTRY (self));

  if (self->check_destroy != NULL)
    self->check_destroy (self->check_data);
  self->check_func = func;
  self->check_data = user_data;
  self->check_destroy = destroy;
  update_state (self);
}

const char *
mf_unit_entry_get_title (MfUnitEntry *self)
{
  g_return_val_if_fail (MF_IS_UNIT_ENTRY (self), NULL);
  return self->title;
}

void
mf_unit_entry_set_title (MfUnitEntry *self, const char *title)
{
  g_return_if_fail (MF_IS_UNIT_ENTRY (self));

  if (!replace_string (&self->title, title))
    return;
  gtk_label_set_text (self->title_label, title != NULL ? title : "");
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TITLE]);
}

const char *
mf_unit_entry_get_text (MfUnitEntry *self)
{
  g_return_val_if_fail (MF_IS_UNIT_ENTRY (self), NULL);
  return self->text;
}

static gboolean
is_editing (MfUnitEntry *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  return self->dirty && focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (self));
}

void
mf_unit_entry_set_text (MfUnitEntry *self, const char *text)
{
  gboolean changed;

  g_return_if_fail (MF_IS_UNIT_ENTRY (self));

  changed = replace_string (&self->text, text);
  /* What the user is typing wins over the document until they apply it,
   * press Escape or leave; an error shown for it stays too. */
  if (!is_editing (self))
    show_text (self);
  if (changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TEXT]);
}

const char *
mf_unit_entry_get_default_text (MfUnitEntry *self)
{
  g_return_val_if_fail (MF_IS_UNIT_ENTRY (self), NULL);
  return self->default_text;
}

void
mf_unit_entry_set_default_text (MfUnitEntry *self, const char *default_text)
{
  g_return_if_fail (MF_IS_UNIT_ENTRY (self));

  if (!replace_string (&self->default_text, default_text))
    return;
  gtk_entry_set_placeholder_text (self->entry, default_text);
  if (!self->dirty)
    show_text (self);
  else
    update_state (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DEFAULT_TEXT]);
}

const char *
mf_unit_entry_get_message (MfUnitEntry *self)
{
  g_return_val_if_fail (MF_IS_UNIT_ENTRY (self), NULL);
  return self->message;
}

gboolean
mf_unit_entry_get_valid (MfUnitEntry *self)
{
  g_return_val_if_fail (MF_IS_UNIT_ENTRY (self), FALSE);
  return self->valid;
}

void
mf_unit_entry_show_error (MfUnitEntry *self, const char *message)
{
  g_return_if_fail (MF_IS_UNIT_ENTRY (self));

  /* The refused text is still the user's, not the document's. */
  self->dirty = TRUE;
  set_message (self, message, TRUE);
}

GtkEditable *
mf_unit_entry_get_editable (MfUnitEntry *self)
{
  g_return_val_if_fail (MF_IS_UNIT_ENTRY (self), NULL);
  return GTK_EDITABLE (self->entry);
}

GtkDropDown *
mf_unit_entry_get_unit_dropdown (MfUnitEntry *self)
{
  g_return_val_if_fail (MF_IS_UNIT_ENTRY (self), NULL);
  return self->unit_dropdown;
}

/* ---- GObject -------------------------------------------------------- */

static void
mf_unit_entry_dispose (GObject *object)
{
  MfUnitEntry *self = MF_UNIT_ENTRY (object);

  GtkWidget *child;

  /* The focus leaves as the parts go: nothing is left to apply then (owners
   * apply pending edits before they drop a field). */
  self->dirty = FALSE;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  self->title_label = NULL;
  self->value_box = NULL;
  self->entry = NULL;
  self->unit_dropdown = NULL;
  self->message_label = NULL;
  if (self->check_destroy != NULL)
    self->check_destroy (self->check_data);
  self->check_destroy = NULL;
  self->check_func = NULL;

  G_OBJECT_CLASS (mf_unit_entry_parent_class)->dispose (object);
}

static void
mf_unit_entry_finalize (GObject *object)
{
  MfUnitEntry *self = MF_UNIT_ENTRY (object);

  g_free (self->rule_name);
  g_free (self->title);
  g_free (self->text);
  g_free (self->default_text);
  g_free (self->message);

  G_OBJECT_CLASS (mf_unit_entry_parent_class)->finalize (object);
}

static void
mf_unit_entry_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  MfUnitEntry *self = MF_UNIT_ENTRY (object);

  switch (prop_id)
    {
    case PROP_TITLE:
      g_value_set_string (value, self->title);
      break;
    case PROP_TEXT:
      g_value_set_string (value, self->text);
      break;
    case PROP_DEFAULT_TEXT:
      g_value_set_string (value, self->default_text);
      break;
    case PROP_MESSAGE:
      g_value_set_string (value, self->message);
      break;
    case PROP_VALID:
      g_value_set_boolean (value, self->valid);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mf_unit_entry_set_property (GObject *object, guint prop_id, const GValue *value,
                            GParamSpec *pspec)
{
  MfUnitEntry *self = MF_UNIT_ENTRY (object);

  switch (prop_id)
    {
    case PROP_TITLE:
      mf_unit_entry_set_title (self, g_value_get_string (value));
      break;
    case PROP_TEXT:
      mf_unit_entry_set_text (self, g_value_get_string (value));
      break;
    case PROP_DEFAULT_TEXT:
      mf_unit_entry_set_default_text (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mf_unit_entry_class_init (MfUnitEntryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = mf_unit_entry_dispose;
  object_class->finalize = mf_unit_entry_finalize;
  object_class->get_property = mf_unit_entry_get_property;
  object_class->set_property = mf_unit_entry_set_property;

  properties[PROP_TITLE] =
    g_param_spec_string ("title", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TEXT] =
    g_param_spec_string ("text", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_DEFAULT_TEXT] =
    g_param_spec_string ("default-text", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MESSAGE] =
    g_param_spec_string ("message", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_VALID] =
    g_param_spec_boolean ("valid", NULL, NULL, TRUE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_APPLY] =
    g_signal_new ("apply", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_install_action (widget_class, "unit-entry.revert", NULL, revert);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Escape, 0, on_escape, NULL);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "mf-unit-entry");
}

static void
mf_unit_entry_init (MfUnitEntry *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));
  GtkEventController *focus = gtk_event_controller_focus_new ();
  GtkEventController *history_keys = gtk_shortcut_controller_new ();
  GtkGesture *click = gtk_gesture_click_new ();

  self->valid = TRUE;
  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 4);

  self->title_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->title_label, 0.0);
  gtk_label_set_ellipsize (self->title_label, PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (GTK_WIDGET (self->title_label), "caption-heading");
  gtk_widget_set_parent (GTK_WIDGET (self->title_label), GTK_WIDGET (self));

  self->value_box = GTK_BOX (gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6));
  gtk_widget_set_parent (GTK_WIDGET (self->value_box), GTK_WIDGET (self));
  self->entry = GTK_ENTRY (gtk_entry_new ());
  gtk_widget_set_hexpand (GTK_WIDGET (self->entry), TRUE);
  gtk_editable_set_width_chars (GTK_EDITABLE (self->entry), 6);
  gtk_editable_set_enable_undo (GTK_EDITABLE (self->entry), FALSE);
  gtk_box_append (self->value_box, GTK_WIDGET (self->entry));
  self->unit_dropdown = GTK_DROP_DOWN (gtk_drop_down_new (NULL, NULL));
  gtk_widget_set_valign (GTK_WIDGET (self->unit_dropdown), GTK_ALIGN_CENTER);
  /* One width for every unit, so that the fields of a panel line up. */
  gtk_widget_set_size_request (GTK_WIDGET (self->unit_dropdown), 96, -1);
  gtk_widget_set_visible (GTK_WIDGET (self->unit_dropdown), FALSE);
  gtk_box_append (self->value_box, GTK_WIDGET (self->unit_dropdown));

  self->message_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->message_label, 0.0);
  gtk_label_set_wrap (self->message_label, TRUE);
  gtk_label_set_wrap_mode (self->message_label, PANGO_WRAP_WORD_CHAR);
  gtk_widget_add_css_class (GTK_WIDGET (self->message_label), "caption");
  gtk_widget_set_visible (GTK_WIDGET (self->message_label), FALSE);
  gtk_widget_set_parent (GTK_WIDGET (self->message_label), GTK_WIDGET (self));

  gtk_accessible_update_relation (GTK_ACCESSIBLE (self->entry),
                                  GTK_ACCESSIBLE_RELATION_LABELLED_BY, self->title_label, NULL,
                                  GTK_ACCESSIBLE_RELATION_DESCRIBED_BY, self->message_label, NULL,
                                  -1);

  g_signal_connect_swapped (self->entry, "changed", G_CALLBACK (on_entry_changed), self);
  g_signal_connect_swapped (self->entry, "activate", G_CALLBACK (on_entry_activate), self);
  g_signal_connect_swapped (self->unit_dropdown, "notify::selected",
                            G_CALLBACK (on_unit_selected), self);
  g_signal_connect_swapped (focus, "leave", G_CALLBACK (on_focus_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), focus);

  g_signal_connect (click, "pressed", G_CALLBACK (on_field_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));

  gtk_event_controller_set_propagation_phase (history_keys, GTK_PHASE_CAPTURE);
  add_history_key (history_keys, GDK_KEY_z, GDK_CONTROL_MASK, "win.undo");
  add_history_key (history_keys, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.redo");
  add_history_key (history_keys, GDK_KEY_y, GDK_CONTROL_MASK, "win.redo");
  gtk_widget_add_controller (GTK_WIDGET (self), history_keys);
}
