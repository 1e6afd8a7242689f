/* mf-what-if.c: the what-if bar — the parameter chosen, the slider over
 * its span, the edits it makes and the run that follows them.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-what-if.h"

#include <glib/gi18n.h>
#include <math.h>

#include "mf-field-names.h"
#include "mf-quantity-text.h"
#include "mf-what-if-range.h"
#include "mf-widget-template.h"

struct _MfWhatIf
{
  GtkWidget       parent_instance;

  MfEditDocument *document;
  MfSimPanel     *panel;     /* weak */
  char           *component; /* the id asked for, or NULL */
  char           *message;   /* shown in place of the controls, or NULL */
  GArray         *params;    /* guint: the component type's parameters that hold a number */
  int             param;     /* the one varied, an index into the type's params; -1: none */
  guint           unit;      /* its unit shown, an index into mf_quantity_units() */
  double          value;     /* its value in that unit */
  MfWhatIfRange   range;
  gboolean        prefer_log;
  guint           drag_key;  /* the drag under way, for the document's merging */
  gboolean        editing;   /* the document changes by the bar's own edit */
  gboolean        updating;  /* controls set from code: their handlers do nothing */
  guint           rerun_source;
  MfRunRecord    *run;       /* the last what-if run's record */
  char           *entry_tip; /* the value field's tooltip, shown again after a refusal */

  /* template children */
  GtkLabel        *message_label;
  GtkWidget       *controls;
  GtkLabel        *component_label;
  GtkDropDown     *param_dropdown;
  GtkToggleButton *log_button;
  GtkToggleButton *linear_button;
  GtkScale        *scale;
  GtkEntry        *entry;
  GtkLabel        *unit_label;
  GtkCheckButton  *rerun_button;
};

G_DEFINE_FINAL_TYPE (MfWhatIf, mf_what_if, GTK_TYPE_WIDGET)

enum
{
  SIGNAL_EDITED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Keys for the document's merging, one per drag of any bar; never 0. */
static guint last_drag_key;

static guint
new_drag_key (void)
{
  if (++last_drag_key == 0)
    last_drag_key = 1;
  return last_drag_key;
}

/* ---- reading the component ---- */

/* The component's index in the document, or -1. */
static int
component_index (MfWhatIf *self)
{
  if (self->document == NULL || self->component == NULL)
    return -1;
  return mf_edit_document_find_component (self->document, self->component);
}

static const MfParamSpec *
varied_spec (MfWhatIf *self)
{
  int index = component_index (self);

  if (index < 0 || self->param < 0)
    return NULL;
  return &mf_edit_document_get_component_info (self->document, (guint) index)->params[self->param];
}

/* The number parameter `spec` of component `index` holds, in the unit it is
 * shown in: the unit written, or for a bare number (SI) and the default the
 * first unit that puts it between 1 and 1000.  FALSE when it holds no
 * number: an expression, a unit the panel does not offer, no default. */
static gboolean
read_value (MfWhatIf *self, guint index, const MfParamSpec *spec, double *value, guint *unit)
{
  g_autofree char *text = mf_edit_document_get_param_text (self->document, index, spec->name);
  guint n_units;
  const MfUnitChoice *units = mf_quantity_units (spec->quantity, &n_units);
  double si;
  int best;

  if (spec->kind != MF_PARAM_QUANTITY)
    return FALSE;
  *unit = 0;
  if (text == NULL)
    {
      if (!isfinite (spec->default_value))
        return FALSE;
      si = spec->default_value;
    }
  else if (!mf_quantity_text_split (spec->quantity, text, &si, unit))
    return FALSE;
  else if (!mf_quantity_text_is_number (text, NULL) || n_units == 0)
    {
      *value = si;
      return TRUE;
    }
  best = mf_quantity_best_unit (spec->quantity, si);
  *unit = best >= 0 ? (guint) best : 0;
  *value = n_units > 0 ? si / units[*unit].factor : si;
  return TRUE;
}

static const char *
unit_label (MfQuantity quantity, guint unit)
{
  guint n_units;
  const MfUnitChoice *units = mf_quantity_units (quantity, &n_units);

  return unit < n_units ? units[unit].label : "";
}

/* ---- showing ---- */

static void
show_message (MfWhatIf *self, const char *message)
{
  g_free (self->message);
  self->message = g_strdup (message);
  gtk_label_set_text (self->message_label, message != NULL ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->message_label), message != NULL);
  gtk_widget_set_visible (self->controls, message == NULL);
}

/* The value in the field, and no refusal shown. */
static void
show_entry_value (MfWhatIf *self)
{
  char text[G_ASCII_DTOSTR_BUF_SIZE];

  g_ascii_formatd (text, sizeof text, "%.6g", self->value);
  self->updating = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (self->entry), text);
  gtk_widget_remove_css_class (GTK_WIDGET (self->entry), "error");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->entry), self->entry_tip);
  self->updating = FALSE;
}

static void
show_value (MfWhatIf *self)
{
  const MfParamSpec *spec = varied_spec (self);

  show_entry_value (self);
  self->updating = TRUE;
  gtk_range_set_value (GTK_RANGE (self->scale),
                       mf_what_if_range_position (&self->range, self->value));
  gtk_label_set_text (self->unit_label, spec != NULL ? unit_label (spec->quantity, self->unit)
                                                     : "");
  self->updating = FALSE;
}

/* Sets the slider up around the value the parameter holds now; with
 * `keep_span`, the span stays when the value is still in it. */
static void
set_up_slider (MfWhatIf *self, gboolean keep_span)
{
  const MfParamSpec *spec = varied_spec (self);
  int index = component_index (self);
  double value;
  guint unit;
  gboolean can_log;

  if (spec == NULL || !read_value (self, (guint) index, spec, &value, &unit))
    return;
  if (keep_span && unit == self->unit && mf_what_if_range_contains (&self->range, value))
    {
      self->value = value;
      show_value (self);
      return;
    }
  self->value = value;
  self->unit = unit;
  can_log = mf_what_if_range_can_log (value);
  mf_what_if_range_init (&self->range, value, spec->range, self->prefer_log && can_log);
  self->updating = TRUE;
  gtk_widget_set_sensitive (GTK_WIDGET (self->log_button), can_log);
  gtk_toggle_button_set_active (self->range.log ? self->log_button : self->linear_button, TRUE);
  gtk_range_set_range (GTK_RANGE (self->scale), mf_what_if_range_position_lo (&self->range),
                       mf_what_if_range_position_hi (&self->range));
  gtk_range_set_increments (GTK_RANGE (self->scale),
                            (mf_what_if_range_position_hi (&self->range)
                             - mf_what_if_range_position_lo (&self->range)) / 200.0,
                            (mf_what_if_range_position_hi (&self->range)
                             - mf_what_if_range_position_lo (&self->range)) / 20.0);
  /* where it was set up, to come back to */
  gtk_scale_clear_marks (self->scale);
  gtk_scale_add_mark (self->scale, mf_what_if_range_position (&self->range, value),
                      GTK_POS_BOTTOM, NULL);
  self->updating = FALSE;
  show_value (self);
}

/* The drop-down's entry: "stiffness (MN/m)". */
static char *
param_title (const MfParamSpec *spec, guint unit)
{
  const char *label = unit_label (spec->quantity, unit);

  if (*label == '\0')
    return g_strdup (mf_field_words (spec->name));
  return g_strdup_printf ("%s (%s)", mf_field_words (spec->name), label);
}

/* Reads the component again: its numeric parameters, `keep` (a name) still
 * varied when it is one of them, the span kept when the value is in it. */
static void
set_up (MfWhatIf *self, const char *keep)
{
  int index = component_index (self);
  const MfComponentTypeInfo *info;
  g_autoptr (GtkStringList) titles = gtk_string_list_new (NULL);
  g_autofree char *kept = g_strdup (keep);
  int previous = self->param;
  guint pick = 0;

  g_array_set_size (self->params, 0);
  self->param = -1;
  if (index < 0)
    {
      show_message (self, _("Select a component on the canvas"));
      return;
    }
  info = mf_edit_document_get_component_info (self->document, (guint) index);
  for (guint i = 0; i < info->n_params; i++)
    {
      double value;
      guint unit;
      g_autofree char *title = NULL;

      if (!read_value (self, (guint) index, &info->params[i], &value, &unit))
        continue;
      if (g_strcmp0 (kept, info->params[i].name) == 0)
        pick = self->params->len;
      g_array_append_val (self->params, i);
      title = param_title (&info->params[i], unit);
      gtk_string_list_append (titles, title);
    }
  if (self->params->len == 0)
    {
      g_autofree char *message = g_strdup_printf (_("%s has no parameter that holds a number"),
                                                  self->component);

      show_message (self, message);
      return;
    }
  show_message (self, NULL);
  gtk_label_set_text (self->component_label, self->component);
  self->param = (int) g_array_index (self->params, guint, pick);
  self->updating = TRUE;
  gtk_drop_down_set_model (self->param_dropdown, G_LIST_MODEL (titles));
  gtk_drop_down_set_selected (self->param_dropdown, pick);
  self->updating = FALSE;
  set_up_slider (self, self->param == previous && kept != NULL);
}

/* ---- the run that follows ---- */

static gboolean
rerun (gpointer data)
{
  MfWhatIf *self = data;
  const MfParamSpec *spec = varied_spec (self);
  g_autofree char *number = NULL;
  g_autofree char *label = NULL;
  const char *unit;

  self->rerun_source = 0;
  if (self->panel == NULL || spec == NULL)
    return G_SOURCE_REMOVE;
  number = mf_quantity_text_number (self->value);
  unit = unit_label (spec->quantity, self->unit);
  /* Translators: the record of a run after the what-if slider moved:
   * "What if: K2.stiffness = 300 MN/m" */
  label = g_strdup_printf (_("What if: %s.%s = %s%s%s"), self->component, spec->name, number,
                           *unit != '\0' ? " " : "", unit);
  g_set_object (&self->run, mf_sim_panel_run_replacing (self->panel, label, self->run));
  return G_SOURCE_REMOVE;
}

static void
schedule_rerun (MfWhatIf *self)
{
  g_clear_handle_id (&self->rerun_source, g_source_remove);
  if (self->panel != NULL && gtk_check_button_get_active (self->rerun_button))
    self->rerun_source = g_timeout_add (MF_WHAT_IF_RERUN_DELAY_MS, rerun, self);
}

/* ---- editing ---- */

/* Sets the parameter to `number` in `unit`; edits with the same non-zero
 * `key` merge into one command. */
static gboolean
apply (MfWhatIf *self, double number, guint unit, guint key, GError **error)
{
  const MfParamSpec *spec = varied_spec (self);
  g_autofree char *text = NULL;
  gboolean ok;

  if (spec == NULL)
    return TRUE;
  text = mf_quantity_text_join (spec->quantity, number, unit);
  self->editing = TRUE;
  ok = mf_edit_document_drag_param (self->document, self->component, spec->name, text, key,
                                    error);
  self->editing = FALSE;
  if (!ok)
    return FALSE;
  self->value = number;
  self->unit = unit;
  g_signal_emit (self, signals[SIGNAL_EDITED], 0);
  schedule_rerun (self);
  return TRUE;
}

static void
show_refusal (MfWhatIf *self, const char *message)
{
  gtk_widget_add_css_class (GTK_WIDGET (self->entry), "error");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->entry), message);
}

static void
on_scale_moved (GtkRange *range, MfWhatIf *self)
{
  g_autoptr (GError) error = NULL;
  double value;

  if (self->updating)
    return;
  value = mf_what_if_round (mf_what_if_range_value (&self->range, gtk_range_get_value (range)));
  if (value == self->value)
    return;
  if (!apply (self, value, self->unit, self->drag_key, &error))
    {
      show_refusal (self, error->message);
      return;
    }
  show_entry_value (self);
}

/* A press or a key on the slider begins a new drag: a new command. */
static void
on_scale_pressed (MfWhatIf *self)
{
  self->drag_key = new_drag_key ();
}

static gboolean
on_scale_key (MfWhatIf *self)
{
  self->drag_key = new_drag_key ();
  return GDK_EVENT_PROPAGATE;
}

static void
on_entry_activate (GtkEntry *entry, MfWhatIf *self)
{
  const MfParamSpec *spec = varied_spec (self);
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));
  g_autoptr (GError) error = NULL;
  double number;
  guint unit = self->unit;
  gboolean same_unit;

  if (spec == NULL)
    return;
  /* a bare number is in the unit shown; one with a unit brings its unit */
  if (!mf_quantity_text_is_number (text, &number)
      && !mf_quantity_text_split (spec->quantity, text, &number, &unit))
    {
      g_autofree char *message = NULL;

      /* Translators: the what-if bar's value field refused what was typed */
      message = g_strdup_printf (_("Type a number, in %s or with a unit"),
                                 *unit_label (spec->quantity, self->unit) != '\0'
                                   ? unit_label (spec->quantity, self->unit)
                                   : _("no unit"));
      show_refusal (self, message);
      return;
    }
  same_unit = unit == self->unit;
  if (!apply (self, number, unit, 0, &error))
    {
      show_refusal (self, error->message);
      return;
    }
  /* the span stays when the value is in it, in the same unit */
  set_up_slider (self, same_unit);
}

static void
on_param_picked (MfWhatIf *self)
{
  guint picked = gtk_drop_down_get_selected (self->param_dropdown);

  if (self->updating || picked >= self->params->len)
    return;
  self->param = (int) g_array_index (self->params, guint, picked);
  set_up_slider (self, FALSE);
}

static void
on_log_toggled (MfWhatIf *self)
{
  if (self->updating)
    return;
  self->prefer_log = gtk_toggle_button_get_active (self->log_button);
  set_up_slider (self, FALSE);
}

static void
on_document_changed (MfWhatIf *self)
{
  const MfParamSpec *spec;

  if (self->editing)
    return;
  spec = varied_spec (self);
  set_up (self, spec != NULL ? spec->name : NULL);
}

static gboolean
undo (GtkWidget *widget, GVariant *args, gpointer data)
{
  MfWhatIf *self = MF_WHAT_IF (widget);

  if (self->document != NULL)
    {
      if (GPOINTER_TO_INT (data))
        mf_edit_document_redo (self->document);
      else
        mf_edit_document_undo (self->document);
    }
  return TRUE;
}

/* ---- API ---- */

GtkWidget *
mf_what_if_new (void)
{
  return g_object_new (MF_TYPE_WHAT_IF, NULL);
}

void
mf_what_if_set_document (MfWhatIf *self, MfEditDocument *document)
{
  g_return_if_fail (MF_IS_WHAT_IF (self));
  g_return_if_fail (document == NULL || MF_IS_EDIT_DOCUMENT (document));
  if (self->document == document)
    return;
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_set_object (&self->document, document);
  if (document != NULL)
    g_signal_connect_object (document, "changed", G_CALLBACK (on_document_changed), self,
                             G_CONNECT_SWAPPED);
  /* another circuit: its run is another's */
  g_clear_handle_id (&self->rerun_source, g_source_remove);
  g_clear_object (&self->run);
  set_up (self, NULL);
}

void
mf_what_if_set_panel (MfWhatIf *self, MfSimPanel *panel)
{
  g_return_if_fail (MF_IS_WHAT_IF (self));
  g_return_if_fail (panel == NULL || MF_IS_SIM_PANEL (panel));
  g_set_weak_pointer (&self->panel, panel);
}

void
mf_what_if_set_component (MfWhatIf *self, const char *id)
{
  g_return_if_fail (MF_IS_WHAT_IF (self));
  if (g_strcmp0 (self->component, id) == 0)
    return;
  g_free (self->component);
  self->component = g_strdup (id);
  set_up (self, NULL);
}

const char *
mf_what_if_get_message (MfWhatIf *self)
{
  g_return_val_if_fail (MF_IS_WHAT_IF (self), NULL);
  return self->message;
}

const char *
mf_what_if_get_parameter (MfWhatIf *self)
{
  const MfParamSpec *spec;

  g_return_val_if_fail (MF_IS_WHAT_IF (self), NULL);
  spec = varied_spec (self);
  return spec != NULL ? spec->name : NULL;
}

gboolean
mf_what_if_set_parameter (MfWhatIf *self, const char *name)
{
  int index;
  const MfComponentTypeInfo *info;

  g_return_val_if_fail (MF_IS_WHAT_IF (self), FALSE);
  if ((index = component_index (self)) < 0)
    return FALSE;
  info = mf_edit_document_get_component_info (self->document, (guint) index);
  for (guint i = 0; i < self->params->len; i++)
    if (g_strcmp0 (info->params[g_array_index (self->params, guint, i)].name, name) == 0)
      {
        gtk_drop_down_set_selected (self->param_dropdown, i);
        return TRUE;
      }
  return FALSE;
}

double
mf_what_if_get_value (MfWhatIf *self)
{
  g_return_val_if_fail (MF_IS_WHAT_IF (self), NAN);
  return varied_spec (self) != NULL ? self->value : NAN;
}

const char *
mf_what_if_get_unit (MfWhatIf *self)
{
  const MfParamSpec *spec;

  g_return_val_if_fail (MF_IS_WHAT_IF (self), "");
  spec = varied_spec (self);
  return spec != NULL ? unit_label (spec->quantity, self->unit) : "";
}

void
mf_what_if_get_span (MfWhatIf *self, double *lo, double *hi)
{
  g_return_if_fail (MF_IS_WHAT_IF (self));
  *lo = self->range.lo;
  *hi = self->range.hi;
}

gboolean
mf_what_if_get_log (MfWhatIf *self)
{
  g_return_val_if_fail (MF_IS_WHAT_IF (self), FALSE);
  return self->range.log;
}

void
mf_what_if_set_log (MfWhatIf *self, gboolean log)
{
  g_return_if_fail (MF_IS_WHAT_IF (self));
  gtk_toggle_button_set_active (log ? self->log_button : self->linear_button, TRUE);
}

GtkRange *
mf_what_if_get_scale (MfWhatIf *self)
{
  g_return_val_if_fail (MF_IS_WHAT_IF (self), NULL);
  return GTK_RANGE (self->scale);
}

MfRunRecord *
mf_what_if_get_run (MfWhatIf *self)
{
  g_return_val_if_fail (MF_IS_WHAT_IF (self), NULL);
  return self->run;
}

/* ---- GObject ---- */

static void
mf_what_if_dispose (GObject *object)
{
  MfWhatIf *self = MF_WHAT_IF (object);

  g_clear_handle_id (&self->rerun_source, g_source_remove);
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_clear_object (&self->document);
  g_clear_weak_pointer (&self->panel);
  g_clear_object (&self->run);
  mf_widget_dispose_template (GTK_WIDGET (self), MF_TYPE_WHAT_IF);
  G_OBJECT_CLASS (mf_what_if_parent_class)->dispose (object);
}

static void
mf_what_if_finalize (GObject *object)
{
  MfWhatIf *self = MF_WHAT_IF (object);

  g_free (self->component);
  g_free (self->message);
  g_free (self->entry_tip);
  g_array_unref (self->params);
  G_OBJECT_CLASS (mf_what_if_parent_class)->finalize (object);
}

static void
mf_what_if_class_init (MfWhatIfClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = mf_what_if_dispose;
  object_class->finalize = mf_what_if_finalize;
  signals[SIGNAL_EDITED] = g_signal_new ("edited", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                         0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/manifold/Manifold/ui/mf-what-if.ui");
  gtk_widget_class_bind_template_child (widget_class, MfWhatIf, message_label);
  gtk_widget_class_bind_template_child (widget_class, MfWhatIf, controls);
  gtk_widget_class_bind_template_child (widget_class, MfWhatIf, component_label);
  gtk_widget_class_bind_template_child (widget_class, MfWhatIf, param_dropdown);
  gtk_widget_class_bind_template_child (widget_class, MfWhatIf, log_button);
  gtk_widget_class_bind_template_child (widget_class, MfWhatIf, linear_button);
  gtk_widget_class_bind_template_child (widget_class, MfWhatIf, scale);
  gtk_widget_class_bind_template_child (widget_class, MfWhatIf, entry);
  gtk_widget_class_bind_template_child (widget_class, MfWhatIf, unit_label);
  gtk_widget_class_bind_template_child (widget_class, MfWhatIf, rerun_button);
}

static void
mf_what_if_init (MfWhatIf *self)
{
  GtkEventController *controller;
  GtkShortcutController *shortcuts;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->params = g_array_new (FALSE, FALSE, sizeof (guint));
  self->entry_tip = g_strdup (gtk_widget_get_tooltip_text (GTK_WIDGET (self->entry)));
  self->param = -1;
  self->prefer_log = TRUE;
  self->drag_key = new_drag_key ();
  mf_what_if_range_init (&self->range, 1.0, MF_RANGE_ANY, TRUE);

  /* before the slider's own handlers: a press begins a new drag */
  controller = GTK_EVENT_CONTROLLER (gtk_gesture_click_new ());
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (controller), 0);
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  g_signal_connect_swapped (controller, "pressed", G_CALLBACK (on_scale_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self->scale), controller);
  controller = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  g_signal_connect_swapped (controller, "key-pressed", G_CALLBACK (on_scale_key), self);
  gtk_widget_add_controller (GTK_WIDGET (self->scale), controller);

  /* the document's undo and redo, from anywhere in the window */
  shortcuts = GTK_SHORTCUT_CONTROLLER (gtk_shortcut_controller_new ());
  gtk_shortcut_controller_set_scope (shortcuts, GTK_SHORTCUT_SCOPE_MANAGED);
  gtk_shortcut_controller_add_shortcut (
    shortcuts, gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_z, GDK_CONTROL_MASK),
                                 gtk_callback_action_new (undo, GINT_TO_POINTER (FALSE), NULL)));
  gtk_shortcut_controller_add_shortcut (
    shortcuts,
    gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK),
                      gtk_callback_action_new (undo, GINT_TO_POINTER (TRUE), NULL)));
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (shortcuts));

  g_signal_connect (self->scale, "value-changed", G_CALLBACK (on_scale_moved), self);
  g_signal_connect (self->entry, "activate", G_CALLBACK (on_entry_activate), self);
  g_signal_connect_swapped (self->param_dropdown, "notify::selected",
                            G_CALLBACK (on_param_picked), self);
  g_signal_connect_swapped (self->log_button, "toggled", G_CALLBACK (on_log_toggled), self);
  show_message (self, _("Select a component on the canvas"));
}
