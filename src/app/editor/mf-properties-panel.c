/* mf-properties-panel.c: the selected component's properties, or the
 * circuit's settings.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-properties-panel.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "mf-circuit.h"
#include "mf-document-keys.h"
#include "mf-error.h"
#include "mf-field-names.h"
#include "mf-method.h"
#include "mf-text.h"
#include "mf-initial-values.h"
#include "mf-unit-entry.h"
#include "mf-widget-template.h"

/* The "simulation" fields edited as values; "method" has a combo row. */
static const struct
{
  const char *field;
  const char *title;
  const char *words; /* the field in messages */
  MfQuantity  quantity;
  MfRange     range;
  gboolean    any_dimension;
} simulation_fields[] = {
  { MF_KEY_SIMULATION_T_END, N_("End time"), N_("end time"), MF_QUANTITY_TIME,
    MF_RANGE_POSITIVE, FALSE },
  { MF_KEY_SIMULATION_OUTPUT_INTERVAL, N_("Output interval"), N_("output interval"),
    MF_QUANTITY_TIME, MF_RANGE_NON_NEGATIVE, FALSE },
  { MF_KEY_SIMULATION_RTOL, N_("Relative tolerance"), N_("relative tolerance"),
    MF_QUANTITY_DIMENSIONLESS, MF_RANGE_POSITIVE, FALSE },
  /* in the units of each state, so no unit to check */
  { MF_KEY_SIMULATION_ATOL, N_("Absolute tolerance"), N_("absolute tolerance"),
    MF_QUANTITY_DIMENSIONLESS, MF_RANGE_POSITIVE, TRUE },
  { MF_KEY_SIMULATION_STEP, N_("Fixed step"), N_("fixed step"), MF_QUANTITY_TIME,
    MF_RANGE_POSITIVE, FALSE },
};

#define N_SIMULATION_FIELDS G_N_ELEMENTS (simulation_fields)

/* The "fluid" fields: positive constants, like the loader wants them. */
static const struct
{
  const char *field;
  const char *title;
  const char *words; /* the field in messages */
  MfQuantity  quantity;
} fluid_fields[] = {
  { MF_KEY_FLUID_DENSITY, N_("Density"), N_("density"), MF_QUANTITY_DENSITY },
  { MF_KEY_FLUID_KINEMATIC_VISCOSITY, N_("Kinematic viscosity"), N_("kinematic viscosity"),
    MF_QUANTITY_VISCOSITY },
  { MF_KEY_FLUID_BULK_MODULUS, N_("Bulk modulus"), N_("bulk modulus"), MF_QUANTITY_PRESSURE },
};

#define N_FLUID_FIELDS G_N_ELEMENTS (fluid_fields)

struct _MfPropertiesPanel
{
  GtkWidget                  parent_instance;

  MfEditDocument            *document;
  gulong                     changed_id;
  char                      *component_id;
  /* The type the parameter rows were made for; NULL: none made. */
  const MfComponentTypeInfo *rows_info;
  GPtrArray                 *param_rows;    /* the rows in params_group */
  GPtrArray                 *param_fields;  /* per parameter: MfUnitEntry or AdwComboRow */
  MfUnitEntry               *fluid_entries[N_FLUID_FIELDS];
  MfUnitEntry               *simulation_entries[N_SIMULATION_FIELDS];
  /* Combo selections and the description are being set from the document. */
  gboolean                   updating;
  gboolean                   description_dirty;

  /* template children */
  GtkStack                  *stack;
  AdwPreferencesGroup       *component_group;
  AdwPreferencesGroup       *params_group;
  MfUnitEntry               *id_entry;
  MfUnitEntry               *title_entry;
  GtkTextView               *description_view;
  GtkLabel                  *description_message;
  AdwPreferencesGroup       *fluid_group;
  AdwPreferencesGroup       *simulation_group;
  MfInitialValues           *initial_values;
  AdwComboRow               *method_row;
};

G_DEFINE_FINAL_TYPE (MfPropertiesPanel, mf_properties_panel, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_DOCUMENT,
  PROP_COMPONENT,
  N_PROPS
};

enum
{
  SIGNAL_COMPONENT_RENAMED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void refresh (MfPropertiesPanel *self);

/* ---- helpers -------------------------------------------------------- */

/* "Length", "Cracking pressure"; the words of the file format, so that what
 * the panel shows is what a file says. */
/* What applies when the document leaves the parameter out, or NULL. */
static char *
param_default_text (const MfParamSpec *spec)
{
  if (spec->required)
    return NULL;
  if (spec->kind == MF_PARAM_CHOICE)
    return g_strdup (spec->default_choice);
  if (isinf (spec->default_value))
    return g_strdup (_("no limit"));
  /* NAN: a default that is not a number (mf-component-type.h) */
  if (isnan (spec->default_value) && strcmp (spec->name, "bulk_modulus") == 0)
    return g_strdup (_("the fluid’s bulk modulus"));
  if (isnan (spec->default_value) && strcmp (spec->name, "capacitance") == 0)
    return g_strdup (_("from the volume and bulk modulus"));
  if (isnan (spec->default_value))
    return NULL;
  return mf_quantity_text_format_si (spec->quantity, spec->default_value);
}

/* A row of a boxed list holding one field. */
static GtkWidget *
field_row (GtkWidget *field, const char *title)
{
  GtkWidget *row = adw_preferences_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  /* a click beside the field is meant for the field, not for the row */
  gtk_widget_set_focusable (row, FALSE);
  gtk_widget_set_margin_top (field, 8);
  gtk_widget_set_margin_bottom (field, 8);
  gtk_widget_set_margin_start (field, 12);
  gtk_widget_set_margin_end (field, 12);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), field);
  return row;
}

static void
commit_pending (MfPropertiesPanel *self)
{
  if (self->param_fields != NULL)
    for (guint i = 0; i < self->param_fields->len; i++)
      if (MF_IS_UNIT_ENTRY (g_ptr_array_index (self->param_fields, i)))
        mf_unit_entry_apply (g_ptr_array_index (self->param_fields, i));
  mf_unit_entry_apply (self->id_entry);
}

/* ---- the component page --------------------------------------------- */

static void
on_param_apply (MfPropertiesPanel *self, const char *text, MfUnitEntry *entry)
{
  const char *param = g_object_get_data (G_OBJECT (entry), "mf-param");
  g_autoptr (GError) error = NULL;

  if (self->document == NULL || self->component_id == NULL)
    return;
  if (!mf_edit_document_set_param (self->document, self->component_id, param, text, &error))
    mf_unit_entry_show_error (entry, error->message);
}

static void
on_choice_selected (AdwComboRow *row, GParamSpec *pspec, MfPropertiesPanel *self)
{
  const char *param = g_object_get_data (G_OBJECT (row), "mf-param");
  const char *const *choices = g_object_get_data (G_OBJECT (row), "mf-choices");
  guint selected = adw_combo_row_get_selected (row);
  g_autoptr (GError) error = NULL;

  if (self->updating || self->document == NULL || self->component_id == NULL
      || selected == GTK_INVALID_LIST_POSITION)
    return;
  if (!mf_edit_document_set_param (self->document, self->component_id, param,
                                   choices[selected], &error))
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), error->message);
}

static GtkWidget *
make_choice_row (MfPropertiesPanel *self, const MfParamSpec *spec, const char *title)
{
  GtkWidget *row = adw_combo_row_new ();
  g_autoptr (GtkStringList) model = gtk_string_list_new ((const char *const *) spec->choices);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (model));
  g_object_set_data (G_OBJECT (row), "mf-param", (gpointer) spec->name);
  g_object_set_data (G_OBJECT (row), "mf-choices", (gpointer) spec->choices);
  g_signal_connect (row, "notify::selected", G_CALLBACK (on_choice_selected), self);
  return row;
}

static GtkWidget *
make_quantity_field (MfPropertiesPanel *self, const MfParamSpec *spec, const char *title)
{
  GtkWidget *entry = mf_unit_entry_new (title);
  g_autofree char *default_text = param_default_text (spec);
  MfQuantityRule rule;

  mf_quantity_rule_from_param (&rule, spec);
  mf_unit_entry_set_rule (MF_UNIT_ENTRY (entry), &rule);
  mf_unit_entry_set_default_text (MF_UNIT_ENTRY (entry), default_text);
  if (spec->may_vary)
    gtk_widget_set_tooltip_text (GTK_WIDGET (mf_unit_entry_get_editable (MF_UNIT_ENTRY (entry))),
                                 _("A number, a number with a unit, or an expression in t, "
                                   "such as 20 mm^2 * ramp(t, 0.1, 0.3)"));
  g_object_set_data (G_OBJECT (entry), "mf-param", (gpointer) spec->name);
  g_signal_connect_swapped (entry, "apply", G_CALLBACK (on_param_apply), self);
  return entry;
}

static void
clear_param_rows (MfPropertiesPanel *self)
{
  for (guint i = 0; i < self->param_rows->len; i++)
    adw_preferences_group_remove (self->params_group, g_ptr_array_index (self->param_rows, i));
  g_ptr_array_set_size (self->param_rows, 0);
  g_ptr_array_set_size (self->param_fields, 0);
  self->rows_info = NULL;
}

static void
build_param_rows (MfPropertiesPanel *self, const MfComponentTypeInfo *info)
{
  clear_param_rows (self);
  for (guint i = 0; i < info->n_params; i++)
    {
      const MfParamSpec *spec = &info->params[i];
      g_autofree char *title = mf_field_title (spec->name);
      GtkWidget *field, *row;

      if (spec->kind == MF_PARAM_CHOICE)
        row = field = make_choice_row (self, spec, title);
      else
        row = field_row (field = make_quantity_field (self, spec, title), title);
      adw_preferences_group_add (self->params_group, row);
      g_ptr_array_add (self->param_rows, row);
      g_ptr_array_add (self->param_fields, field);
    }
  adw_preferences_group_set_description (self->params_group,
                                         info->n_params == 0
                                           ? _("This type of component has no parameters.")
                                           : NULL);
  self->rows_info = info;
}

static void
show_choice (MfPropertiesPanel *self, AdwComboRow *row, const MfParamSpec *spec,
             const char *text)
{
  const char *shown = text != NULL ? text : spec->default_choice;
  guint selected = GTK_INVALID_LIST_POSITION;
  g_autofree char *hint = NULL;

  for (guint k = 0; spec->choices[k] != NULL; k++)
    if (g_strcmp0 (spec->choices[k], shown) == 0)
      selected = k;
  self->updating = TRUE;
  adw_combo_row_set_selected (row, selected);
  self->updating = FALSE;
  if (text == NULL)
    hint = g_strdup_printf (_("Not set: %s (the default)"), spec->default_choice);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), hint);
}

static void
refresh_component (MfPropertiesPanel *self, guint index)
{
  const MfComponentTypeInfo *info = mf_edit_document_get_component_info (self->document, index);
  g_autoptr (GString) about = g_string_new (_(info->label));

  if (self->rows_info != info)
    build_param_rows (self, info);
  g_string_append (about, " · ");
  g_string_append (about, g_dngettext (NULL, "port", "ports", info->n_ports));
  for (guint p = 0; p < info->n_ports; p++)
    g_string_append_printf (about, p == 0 ? " %s" : ", %s", info->ports[p].name);
  adw_preferences_group_set_description (self->component_group, about->str);
  mf_unit_entry_set_text (self->id_entry, self->component_id);

  for (guint i = 0; i < info->n_params; i++)
    {
      gpointer field = g_ptr_array_index (self->param_fields, i);
      g_autofree char *text = mf_edit_document_get_param_text (self->document, index,
                                                              info->params[i].name);

      if (MF_IS_UNIT_ENTRY (field))
        mf_unit_entry_set_text (field, text);
      else
        show_choice (self, field, &info->params[i], text);
    }
}

static gboolean
check_id (const char *text, gpointer user_data, GError **error)
{
  MfPropertiesPanel *self = user_data;

  /* the rule the loader holds ids to */
  if (!mf_id_check (text, NULL, error))
    return FALSE;
  if (self->document != NULL && g_strcmp0 (text, self->component_id) != 0
      && mf_edit_document_find_component (self->document, text) >= 0)
    {
      g_set_error (error, MF_ERROR, MF_ERROR_INVALID,
                   _("'%s' is already the id of another component"), text);
      return FALSE;
    }
  return TRUE;
}

static void
on_id_apply (MfPropertiesPanel *self, const char *text)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *old_id = NULL;

  if (self->document == NULL || self->component_id == NULL)
    return;
  /* The document's "changed" comes before rename returns: the panel must
   * already look for the new id then. */
  old_id = g_steal_pointer (&self->component_id);
  self->component_id = g_strdup (text);
  if (!mf_edit_document_rename_component (self->document, old_id, text, &error))
    {
      g_free (self->component_id);
      self->component_id = g_steal_pointer (&old_id);
      mf_unit_entry_show_error (self->id_entry, error->message);
      return;
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPONENT]);
  g_signal_emit (self, signals[SIGNAL_COMPONENT_RENAMED], 0, old_id, text);
}

/* ---- the circuit page ----------------------------------------------- */

static void
on_title_apply (MfPropertiesPanel *self, const char *text)
{
  g_autoptr (GError) error = NULL;

  if (self->document != NULL && !mf_edit_document_set_title (self->document, text, &error))
    mf_unit_entry_show_error (self->title_entry, error->message);
}

static char *
description_text (MfPropertiesPanel *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->description_view);
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

/* Shows under the description why the document refused it; NULL hides it. */
static void
show_description_error (MfPropertiesPanel *self, const char *message)
{
  gtk_label_set_text (self->description_message, message != NULL ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->description_message), message != NULL);
}

static void
apply_description (MfPropertiesPanel *self)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;

  if (!self->description_dirty || self->document == NULL)
    return;
  self->description_dirty = FALSE;
  text = description_text (self);
  if (g_strcmp0 (text, mf_edit_document_get_description (self->document)) != 0
      && !mf_edit_document_set_description (self->document, text, &error))
    {
      show_description_error (self, error->message);
      return;
    }
  show_description_error (self, NULL);
}

static void
on_description_changed (MfPropertiesPanel *self)
{
  if (!self->updating)
    self->description_dirty = TRUE;
}

static void
on_simulation_apply (MfPropertiesPanel *self, const char *text, MfUnitEntry *entry)
{
  const char *field = g_object_get_data (G_OBJECT (entry), "mf-field");
  g_autoptr (GError) error = NULL;

  if (self->document != NULL
      && !mf_edit_document_set_simulation_text (self->document, field, text, &error))
    mf_unit_entry_show_error (entry, error->message);
}

static void
on_method_selected (MfPropertiesPanel *self)
{
  guint n_methods, selected = adw_combo_row_get_selected (self->method_row);
  const MfMethod *methods = mf_method_list (&n_methods);
  g_autofree char *current = NULL;
  g_autoptr (GError) error = NULL;

  if (self->updating || self->document == NULL || selected >= n_methods)
    return;
  current = mf_edit_document_get_simulation_text (self->document, MF_KEY_SIMULATION_METHOD);
  if (g_strcmp0 (current, methods[selected].name) == 0)
    return;
  /* Every name in the table is one the loader takes; should the settings
   * still be refused, the row says why, as a component's choice row does. */
  if (!mf_edit_document_set_simulation_text (self->document, MF_KEY_SIMULATION_METHOD,
                                             methods[selected].name, &error))
    adw_action_row_set_subtitle (ADW_ACTION_ROW (self->method_row), error->message);
}

static void
on_fluid_apply (MfPropertiesPanel *self, const char *text, MfUnitEntry *entry)
{
  const char *field = g_object_get_data (G_OBJECT (entry), "mf-field");
  g_autoptr (GError) error = NULL;

  if (self->document != NULL
      && !mf_edit_document_set_fluid_text (self->document, field, text, &error))
    mf_unit_entry_show_error (entry, error->message);
}

static void
refresh_fluid (MfPropertiesPanel *self)
{
  for (guint i = 0; i < N_FLUID_FIELDS; i++)
    {
      g_autofree char *text = mf_edit_document_get_fluid_text (self->document,
                                                              fluid_fields[i].field);

      mf_unit_entry_set_text (self->fluid_entries[i], text);
    }
}

/* A fixed-step run — a method without an error estimate, or a fixed step
 * given — takes no tolerances: their fields are greyed out and say so. */
static void
refresh_tolerances (MfPropertiesPanel *self,
                    const char        *method_name)
{
  const MfMethod *method = mf_method_lookup (method_name);
  g_autofree char *step = mf_edit_document_get_simulation_text (self->document,
                                                               MF_KEY_SIMULATION_STEP);
  gboolean fixed = (method != NULL && !method->adaptive) || (step != NULL && step[0] != '\0');

  for (guint i = 0; i < N_SIMULATION_FIELDS; i++)
    if (strcmp (simulation_fields[i].field, MF_KEY_SIMULATION_RTOL) == 0
        || strcmp (simulation_fields[i].field, MF_KEY_SIMULATION_ATOL) == 0)
      {
        GtkWidget *entry = GTK_WIDGET (self->simulation_entries[i]);

        gtk_widget_set_sensitive (entry, !fixed);
        gtk_widget_set_tooltip_text (entry, fixed ? _("A fixed-step run takes no tolerances")
                                                  : NULL);
      }
}

static void
refresh_circuit (MfPropertiesPanel *self)
{
  guint n_methods;
  const MfMethod *methods = mf_method_list (&n_methods);
  g_autofree char *method =
    mf_edit_document_get_simulation_text (self->document, MF_KEY_SIMULATION_METHOD);
  g_autoptr (MfCircuit) defaults = mf_circuit_new ();
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  mf_unit_entry_set_text (self->title_entry, mf_edit_document_get_title (self->document));
  if (!(self->description_dirty && focus == GTK_WIDGET (self->description_view)))
    {
      const char *description = mf_edit_document_get_description (self->document);

      GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->description_view);

      /* the document's text is not a step the view's own undo can take back */
      self->updating = TRUE;
      gtk_text_buffer_begin_irreversible_action (buffer);
      gtk_text_buffer_set_text (buffer, description != NULL ? description : "", -1);
      gtk_text_buffer_end_irreversible_action (buffer);
      self->updating = FALSE;
      self->description_dirty = FALSE;
      show_description_error (self, NULL);
    }
  refresh_fluid (self);

  self->updating = TRUE;
  for (guint i = 0; i < n_methods; i++)
    if (strcmp (methods[i].name, method != NULL ? method : defaults->simulation.method) == 0)
      adw_combo_row_set_selected (self->method_row, i);
  self->updating = FALSE;

  for (guint i = 0; i < N_SIMULATION_FIELDS; i++)
    {
      g_autofree char *text = mf_edit_document_get_simulation_text (self->document,
                                                                   simulation_fields[i].field);

      mf_unit_entry_set_text (self->simulation_entries[i], text);
    }
  refresh_tolerances (self, method != NULL ? method : defaults->simulation.method);
}

static void
build_fluid_rows (MfPropertiesPanel *self)
{
  g_autoptr (MfCircuit) defaults = mf_circuit_new ();
  const double default_values[N_FLUID_FIELDS] = {
    defaults->fluid.density, defaults->fluid.kinematic_viscosity, defaults->fluid.bulk_modulus
  };

  for (guint i = 0; i < N_FLUID_FIELDS; i++)
    {
      const char *title = _(fluid_fields[i].title);
      GtkWidget *entry = mf_unit_entry_new (title);
      MfQuantityRule rule = {
        _(fluid_fields[i].words), fluid_fields[i].quantity, MF_RANGE_POSITIVE, FALSE, FALSE,
        FALSE
      };
      g_autofree char *default_text = mf_quantity_text_format_si (fluid_fields[i].quantity,
                                                                  default_values[i]);

      mf_unit_entry_set_rule (MF_UNIT_ENTRY (entry), &rule);
      mf_unit_entry_set_default_text (MF_UNIT_ENTRY (entry), default_text);
      g_object_set_data (G_OBJECT (entry), "mf-field", (gpointer) fluid_fields[i].field);
      g_signal_connect_swapped (entry, "apply", G_CALLBACK (on_fluid_apply), self);
      adw_preferences_group_add (self->fluid_group, field_row (entry, title));
      self->fluid_entries[i] = MF_UNIT_ENTRY (entry);
    }
}

/* The method list's entries: "msbdf — BDF with projection …" is longer
 * than the side panel is wide in every language, and the combo row's own
 * entries cut it off.  Each entry wraps instead, in a fixed width that
 * fits beside the panel, so the list is as wide as that and no wider. */
#define METHOD_ENTRY_CHARS 36

static void
method_entry_setup (GtkSignalListItemFactory *factory,
                    GtkListItem              *item)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_width_chars (GTK_LABEL (label), METHOD_ENTRY_CHARS);
  gtk_label_set_max_width_chars (GTK_LABEL (label), METHOD_ENTRY_CHARS);
  gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
  gtk_list_item_set_child (item, label);
}

static void
method_entry_bind (GtkSignalListItemFactory *factory,
                   GtkListItem              *item)
{
  GtkStringObject *entry = gtk_list_item_get_item (item);

  gtk_label_set_label (GTK_LABEL (gtk_list_item_get_child (item)),
                       gtk_string_object_get_string (entry));
}

static void
build_simulation_rows (MfPropertiesPanel *self)
{
  g_autoptr (GtkListItemFactory) entries = gtk_signal_list_item_factory_new ();

  g_autoptr (MfCircuit) defaults = mf_circuit_new ();
  g_autoptr (GtkStringList) labels = gtk_string_list_new (NULL);
  guint n_methods;
  const MfMethod *methods = mf_method_list (&n_methods);

  for (guint i = 0; i < n_methods; i++)
    {
      g_autofree char *label = g_strdup_printf ("%s — %s", methods[i].name, _(methods[i].label));

      gtk_string_list_append (labels, label);
    }
  g_signal_connect (entries, "setup", G_CALLBACK (method_entry_setup), NULL);
  g_signal_connect (entries, "bind", G_CALLBACK (method_entry_bind), NULL);
  adw_combo_row_set_list_factory (self->method_row, entries);
  self->updating = TRUE;
  adw_combo_row_set_model (self->method_row, G_LIST_MODEL (labels));
  self->updating = FALSE;

  for (guint i = 0; i < N_SIMULATION_FIELDS; i++)
    {
      const char *title = _(simulation_fields[i].title);
      GtkWidget *entry = mf_unit_entry_new (title);
      MfQuantityRule rule = {
        _(simulation_fields[i].words), simulation_fields[i].quantity, simulation_fields[i].range,
        FALSE, FALSE, simulation_fields[i].any_dimension
      };
      g_autofree char *default_text = NULL;

      if (strcmp (simulation_fields[i].field, MF_KEY_SIMULATION_T_END) == 0)
        default_text = mf_quantity_text_format_si (MF_QUANTITY_TIME, defaults->simulation.t_end);
      else if (strcmp (simulation_fields[i].field, MF_KEY_SIMULATION_OUTPUT_INTERVAL) == 0)
        default_text = g_strdup (_("a thousandth of the end time"));
      else if (strcmp (simulation_fields[i].field, MF_KEY_SIMULATION_RTOL) == 0)
        default_text = mf_quantity_text_number (defaults->simulation.rtol);
      else if (strcmp (simulation_fields[i].field, MF_KEY_SIMULATION_ATOL) == 0)
        default_text = mf_quantity_text_number (defaults->simulation.atol);
      else
        default_text = g_strdup (_("adaptive step"));

      mf_unit_entry_set_rule (MF_UNIT_ENTRY (entry), &rule);
      mf_unit_entry_set_default_text (MF_UNIT_ENTRY (entry), default_text);
      g_object_set_data (G_OBJECT (entry), "mf-field", (gpointer) simulation_fields[i].field);
      g_signal_connect_swapped (entry, "apply", G_CALLBACK (on_simulation_apply), self);
      adw_preferences_group_add (self->simulation_group, field_row (entry, title));
      self->simulation_entries[i] = MF_UNIT_ENTRY (entry);
    }
}

/* ---- following the document ----------------------------------------- */

static void
refresh (MfPropertiesPanel *self)
{
  int index = -1;

  if (self->document != NULL && self->component_id != NULL)
    index = mf_edit_document_find_component (self->document, self->component_id);
  if (index >= 0)
    {
      refresh_component (self, (guint) index);
      gtk_stack_set_visible_child_name (self->stack, "component");
      return;
    }
  /* Rows of a component that is gone (deleted, or an undo took it away)
   * must not apply to it any more. */
  clear_param_rows (self);
  gtk_stack_set_visible_child_name (self->stack, "circuit");
  gtk_widget_set_sensitive (GTK_WIDGET (self->stack), self->document != NULL);
  if (self->document != NULL)
    refresh_circuit (self);
}

/* An edit of other components in place (a drag, a parameter) changes
 * nothing this page shows, and setting every field again would cost more
 * than the edit. */
static void
on_document_changed (MfPropertiesPanel *self)
{
  g_autoptr (GArray) changed = g_array_new (FALSE, FALSE, sizeof (guint));
  int shown = self->component_id != NULL
                ? mf_edit_document_find_component (self->document, self->component_id) : -1;
  gboolean others;

  if (mf_edit_document_get_changed_components (self->document, changed, &others) && !others)
    {
      gboolean touches_shown = FALSE;

      for (guint k = 0; k < changed->len; k++)
        touches_shown |= (int) g_array_index (changed, guint, k) == shown;
      if (!touches_shown)
        return;
    }
  refresh (self);
}

/* ---- public API ------------------------------------------------------ */

GtkWidget *
mf_properties_panel_new (void)
{
  return g_object_new (MF_TYPE_PROPERTIES_PANEL, NULL);
}

MfEditDocument *
mf_properties_panel_get_document (MfPropertiesPanel *self)
{
  g_return_val_if_fail (MF_IS_PROPERTIES_PANEL (self), NULL);
  return self->document;
}

void
mf_properties_panel_set_document (MfPropertiesPanel *self, MfEditDocument *document)
{
  g_return_if_fail (MF_IS_PROPERTIES_PANEL (self));
  g_return_if_fail (document == NULL || MF_IS_EDIT_DOCUMENT (document));

  if (self->document == document)
    return;
  commit_pending (self);
  apply_description (self);
  if (self->document != NULL)
    g_clear_signal_handler (&self->changed_id, self->document);
  g_set_object (&self->document, document);
  if (document != NULL)
    self->changed_id = g_signal_connect_swapped (document, "changed",
                                                 G_CALLBACK (on_document_changed), self);
  clear_param_rows (self);
  mf_initial_values_set_document (self->initial_values, document);
  refresh (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DOCUMENT]);
}

const char *
mf_properties_panel_get_component (MfPropertiesPanel *self)
{
  g_return_val_if_fail (MF_IS_PROPERTIES_PANEL (self), NULL);
  return self->component_id;
}

void
mf_properties_panel_set_component (MfPropertiesPanel *self, const char *id)
{
  g_return_if_fail (MF_IS_PROPERTIES_PANEL (self));

  if (g_strcmp0 (self->component_id, id) == 0)
    return;
  /* Typing in a field and then clicking another component keeps the edit. */
  commit_pending (self);
  apply_description (self);
  g_free (self->component_id);
  self->component_id = g_strdup (id);
  refresh (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPONENT]);
}

/* ---- GObject -------------------------------------------------------- */

static void
mf_properties_panel_dispose (GObject *object)
{
  MfPropertiesPanel *self = MF_PROPERTIES_PANEL (object);

  if (self->document != NULL)
    g_clear_signal_handler (&self->changed_id, self->document);
  g_clear_object (&self->document);
  mf_widget_dispose_template (GTK_WIDGET (self), MF_TYPE_PROPERTIES_PANEL);

  G_OBJECT_CLASS (mf_properties_panel_parent_class)->dispose (object);
}

static void
mf_properties_panel_finalize (GObject *object)
{
  MfPropertiesPanel *self = MF_PROPERTIES_PANEL (object);

  g_free (self->component_id);
  g_ptr_array_unref (self->param_rows);
  g_ptr_array_unref (self->param_fields);

  G_OBJECT_CLASS (mf_properties_panel_parent_class)->finalize (object);
}

static void
mf_properties_panel_get_property (GObject *object, guint prop_id, GValue *value,
                                  GParamSpec *pspec)
{
  MfPropertiesPanel *self = MF_PROPERTIES_PANEL (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, self->document);
      break;
    case PROP_COMPONENT:
      g_value_set_string (value, self->component_id);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mf_properties_panel_set_property (GObject *object, guint prop_id, const GValue *value,
                                  GParamSpec *pspec)
{
  MfPropertiesPanel *self = MF_PROPERTIES_PANEL (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      mf_properties_panel_set_document (self, g_value_get_object (value));
      break;
    case PROP_COMPONENT:
      mf_properties_panel_set_component (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mf_properties_panel_class_init (MfPropertiesPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = mf_properties_panel_dispose;
  object_class->finalize = mf_properties_panel_finalize;
  object_class->get_property = mf_properties_panel_get_property;
  object_class->set_property = mf_properties_panel_set_property;

  properties[PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL, MF_TYPE_EDIT_DOCUMENT,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_COMPONENT] =
    g_param_spec_string ("component", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_COMPONENT_RENAMED] =
    g_signal_new ("component-renamed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                  NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_STRING);

  g_type_ensure (MF_TYPE_UNIT_ENTRY);
  g_type_ensure (MF_TYPE_INITIAL_VALUES);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/manifold/Manifold/ui/"
                                               "mf-properties-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, MfPropertiesPanel, stack);
  gtk_widget_class_bind_template_child (widget_class, MfPropertiesPanel, component_group);
  gtk_widget_class_bind_template_child (widget_class, MfPropertiesPanel, params_group);
  gtk_widget_class_bind_template_child (widget_class, MfPropertiesPanel, id_entry);
  gtk_widget_class_bind_template_child (widget_class, MfPropertiesPanel, title_entry);
  gtk_widget_class_bind_template_child (widget_class, MfPropertiesPanel, description_view);
  gtk_widget_class_bind_template_child (widget_class, MfPropertiesPanel, description_message);
  gtk_widget_class_bind_template_child (widget_class, MfPropertiesPanel, fluid_group);
  gtk_widget_class_bind_template_child (widget_class, MfPropertiesPanel, simulation_group);
  gtk_widget_class_bind_template_child (widget_class, MfPropertiesPanel, initial_values);
  gtk_widget_class_bind_template_child (widget_class, MfPropertiesPanel, method_row);
  gtk_widget_class_bind_template_callback (widget_class, on_id_apply);
  gtk_widget_class_bind_template_callback (widget_class, on_title_apply);
  gtk_widget_class_bind_template_callback (widget_class, on_method_selected);
}

static void
mf_properties_panel_init (MfPropertiesPanel *self)
{
  GtkEventController *focus = gtk_event_controller_focus_new ();

  self->param_rows = g_ptr_array_new ();
  self->param_fields = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));

  mf_unit_entry_set_check_func (self->id_entry, check_id, self, NULL);
  build_fluid_rows (self);
  build_simulation_rows (self);
  g_signal_connect_swapped (gtk_text_view_get_buffer (self->description_view), "changed",
                            G_CALLBACK (on_description_changed), self);
  g_signal_connect_swapped (focus, "leave", G_CALLBACK (apply_description), self);
  gtk_widget_add_controller (GTK_WIDGET (self->description_view), focus);
  refresh (self);
}
