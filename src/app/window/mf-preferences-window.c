/* mf-preferences-window.c
 *
 * The enumerated keys are shown in combo rows: each row's items stand for
 * the nicks of its key in a fixed order, and a binding maps one to the
 * other.  Tolerances are typed as numbers and only reach the settings when
 * they parse and lie in the schema's range.  Under the display units, a
 * row per kind of quantity chooses its unit, or leaves it to the display
 * units: an entry of the "display-units" dictionary, or none.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-preferences-window.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "mf-display-units.h"
#include "mf-method.h"

struct _MfPreferencesWindow
{
  AdwPreferencesWindow parent_instance;

  GSettings           *settings;
  char               **method_nicks; /* the method row's items, in order */

  AdwPreferencesGroup *units_group;
  AdwComboRow         *units_row;
  AdwComboRow         *kind_rows[MF_DISPLAY_N_KINDS];
  gboolean             showing_kinds; /* the rows are being set from the settings */
  AdwComboRow         *method_row;
  AdwEntryRow         *rtol_row;
  AdwEntryRow         *atol_row;
  GtkLabel            *tolerance_error;
  AdwComboRow         *plot_style_row;
  GtkSpinButton       *line_width_spin;
  GtkSwitch           *grid_switch;
};

G_DEFINE_FINAL_TYPE (MfPreferencesWindow, mf_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

static const char *const unit_nicks[] = { "si", "practical", NULL };
static const char *const plot_style_nicks[] = { "lines", "lines-and-points", NULL };

/* ---- enumerated keys as combo rows ------------------------------------- */

static gboolean
nick_to_index (GValue *value, GVariant *variant, gpointer user_data)
{
  const char *const *nicks = user_data;
  const char *nick = g_variant_get_string (variant, NULL);

  for (guint i = 0; nicks[i] != NULL; i++)
    if (g_strcmp0 (nicks[i], nick) == 0)
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  return FALSE;
}

static GVariant *
index_to_nick (const GValue *value, const GVariantType *type, gpointer user_data)
{
  const char *const *nicks = user_data;
  guint index = g_value_get_uint (value);

  if (index >= g_strv_length ((char **) nicks))
    return NULL;
  return g_variant_new_string (nicks[index]);
}

static void
bind_combo (MfPreferencesWindow *self, const char *key, AdwComboRow *row,
            const char *const *nicks)
{
  g_settings_bind_with_mapping (self->settings, key, row, "selected", G_SETTINGS_BIND_DEFAULT,
                                nick_to_index, index_to_nick, (gpointer) nicks, NULL);
}

/* Methods with an error estimate: a new circuit has no fixed step. */
static void
methods_fill (MfPreferencesWindow *self)
{
  g_autoptr (GtkStringList) labels = gtk_string_list_new (NULL);
  g_autoptr (GStrvBuilder) nicks = g_strv_builder_new ();
  guint n;
  const MfMethod *methods = mf_method_list (&n);

  for (guint i = 0; i < n; i++)
    if (methods[i].adaptive)
      {
        gtk_string_list_append (labels, _(methods[i].label));
        g_strv_builder_add (nicks, methods[i].name);
      }
  self->method_nicks = g_strv_builder_end (nicks);
  adw_combo_row_set_model (self->method_row, G_LIST_MODEL (labels));
}

/* ---- a unit per kind of quantity --------------------------------------- */

/* Row k's items: "As the display units", then the kind's units. */
static void
kind_rows_show (MfPreferencesWindow *self)
{
  g_autoptr (GVariant) chosen = g_settings_get_value (self->settings, "display-units");

  self->showing_kinds = TRUE;
  for (guint k = 0; k < MF_DISPLAY_N_KINDS; k++)
    {
      const char *const *units = mf_display_kind_units (k);
      const char *unit = NULL;
      guint selected = 0;

      if (g_variant_lookup (chosen, mf_display_kind_key (k), "&s", &unit))
        for (guint i = 0; units[i] != NULL; i++)
          if (strcmp (units[i], unit) == 0)
            selected = i + 1;
      adw_combo_row_set_selected (self->kind_rows[k], selected);
    }
  self->showing_kinds = FALSE;
}

static void
kind_row_chosen (MfPreferencesWindow *self)
{
  g_auto (GVariantBuilder) builder = G_VARIANT_BUILDER_INIT (G_VARIANT_TYPE ("a{ss}"));

  if (self->showing_kinds)
    return;
  for (guint k = 0; k < MF_DISPLAY_N_KINDS; k++)
    {
      guint selected = adw_combo_row_get_selected (self->kind_rows[k]);
      const char *const *units = mf_display_kind_units (k);

      if (selected > 0 && selected <= g_strv_length ((char **) units))
        g_variant_builder_add (&builder, "{ss}", mf_display_kind_key (k), units[selected - 1]);
    }
  g_settings_set_value (self->settings, "display-units", g_variant_builder_end (&builder));
}

/* "m^3/s" as people write it: "m³/s". */
static char *
unit_label (const char *unit)
{
  g_autoptr (GString) text = g_string_new (unit);

  g_string_replace (text, "^3", "³", 0);
  g_string_replace (text, "^2", "²", 0);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
kind_rows_make (MfPreferencesWindow *self)
{
  for (guint k = 0; k < MF_DISPLAY_N_KINDS; k++)
    {
      g_autoptr (GtkStringList) labels = gtk_string_list_new (NULL);
      const char *const *units = mf_display_kind_units (k);
      AdwComboRow *row = ADW_COMBO_ROW (adw_combo_row_new ());

      gtk_string_list_append (labels, _("As the display units"));
      for (guint i = 0; units[i] != NULL; i++)
        {
          g_autofree char *label = unit_label (units[i]);

          gtk_string_list_append (labels, label);
        }
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), mf_display_kind_title (k));
      adw_combo_row_set_model (row, G_LIST_MODEL (labels));
      adw_preferences_group_add (self->units_group, GTK_WIDGET (row));
      self->kind_rows[k] = row;
    }
}

/* ---- tolerances -------------------------------------------------------- */

static void
tolerance_show (MfPreferencesWindow *self, AdwEntryRow *row, const char *key)
{
  char text[G_ASCII_DTOSTR_BUF_SIZE];

  g_ascii_formatd (text, sizeof text, "%g", g_settings_get_double (self->settings, key));
  gtk_editable_set_text (GTK_EDITABLE (row), text);
}

static void
tolerance_apply (MfPreferencesWindow *self, AdwEntryRow *row, const char *key)
{
  g_autoptr (GSettingsSchema) schema = NULL;
  g_autoptr (GSettingsSchemaKey) schema_key = NULL;
  const char *text = gtk_editable_get_text (GTK_EDITABLE (row));
  char *end = NULL;
  double value = g_ascii_strtod (text, &end);
  g_autoptr (GVariant) variant = NULL;

  g_object_get (self->settings, "settings-schema", &schema, NULL);
  schema_key = g_settings_schema_get_key (schema, key);
  while (end != NULL && g_ascii_isspace (*end))
    end++;
  variant = g_variant_ref_sink (g_variant_new_double (value));
  if (end == text || end == NULL || *end != '\0' || !isfinite (value)
      || !g_settings_schema_key_range_check (schema_key, variant))
    {
      g_autofree char *message =
        g_strdup_printf (_("“%s” is not a tolerance: type a positive number such as 1e-6."), text);

      gtk_label_set_text (self->tolerance_error, message);
      gtk_widget_set_visible (GTK_WIDGET (self->tolerance_error), TRUE);
      gtk_widget_add_css_class (GTK_WIDGET (row), "error");
      return;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->tolerance_error), FALSE);
  gtk_widget_remove_css_class (GTK_WIDGET (row), "error");
  g_settings_set_double (self->settings, key, value);
}

static void
rtol_applied (MfPreferencesWindow *self)
{
  tolerance_apply (self, self->rtol_row, "default-rtol");
}

static void
atol_applied (MfPreferencesWindow *self)
{
  tolerance_apply (self, self->atol_row, "default-atol");
}

static void
settings_changed (MfPreferencesWindow *self, const char *key)
{
  if (g_strcmp0 (key, "display-units") == 0)
    kind_rows_show (self);
  else if (g_strcmp0 (key, "default-rtol") == 0)
    tolerance_show (self, self->rtol_row, key);
  else if (g_strcmp0 (key, "default-atol") == 0)
    tolerance_show (self, self->atol_row, key);
}

/* ---- the window -------------------------------------------------------- */

static void
mf_preferences_window_dispose (GObject *object)
{
  MfPreferencesWindow *self = MF_PREFERENCES_WINDOW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), MF_TYPE_PREFERENCES_WINDOW);
  G_OBJECT_CLASS (mf_preferences_window_parent_class)->dispose (object);
}

static void
mf_preferences_window_finalize (GObject *object)
{
  MfPreferencesWindow *self = MF_PREFERENCES_WINDOW (object);

  g_clear_object (&self->settings);
  g_strfreev (self->method_nicks);
  G_OBJECT_CLASS (mf_preferences_window_parent_class)->finalize (object);
}

static void
mf_preferences_window_class_init (MfPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = mf_preferences_window_dispose;
  object_class->finalize = mf_preferences_window_finalize;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/manifold/Manifold/ui/"
                                               "mf-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, MfPreferencesWindow, units_group);
  gtk_widget_class_bind_template_child (widget_class, MfPreferencesWindow, units_row);
  gtk_widget_class_bind_template_child (widget_class, MfPreferencesWindow, method_row);
  gtk_widget_class_bind_template_child (widget_class, MfPreferencesWindow, rtol_row);
  gtk_widget_class_bind_template_child (widget_class, MfPreferencesWindow, atol_row);
  gtk_widget_class_bind_template_child (widget_class, MfPreferencesWindow, tolerance_error);
  gtk_widget_class_bind_template_child (widget_class, MfPreferencesWindow, plot_style_row);
  gtk_widget_class_bind_template_child (widget_class, MfPreferencesWindow, line_width_spin);
  gtk_widget_class_bind_template_child (widget_class, MfPreferencesWindow, grid_switch);
}

static void
mf_preferences_window_init (MfPreferencesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  methods_fill (self);
  kind_rows_make (self);
}

GtkWidget *
mf_preferences_window_new (GSettings *settings)
{
  MfPreferencesWindow *self;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  self = g_object_new (MF_TYPE_PREFERENCES_WINDOW, NULL);
  self->settings = g_object_ref (settings);
  bind_combo (self, "unit-system", self->units_row, unit_nicks);
  bind_combo (self, "default-method", self->method_row,
              (const char *const *) self->method_nicks);
  bind_combo (self, "plot-style", self->plot_style_row, plot_style_nicks);
  g_settings_bind (settings, "plot-line-width", gtk_spin_button_get_adjustment (
                     self->line_width_spin), "value", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "plot-grid", self->grid_switch, "active", G_SETTINGS_BIND_DEFAULT);
  tolerance_show (self, self->rtol_row, "default-rtol");
  tolerance_show (self, self->atol_row, "default-atol");
  kind_rows_show (self);
  for (guint k = 0; k < MF_DISPLAY_N_KINDS; k++)
    g_signal_connect_object (self->kind_rows[k], "notify::selected", G_CALLBACK (kind_row_chosen),
                             self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->rtol_row, "apply", G_CALLBACK (rtol_applied), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->atol_row, "apply", G_CALLBACK (atol_applied), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (settings, "changed", G_CALLBACK (settings_changed), self,
                           G_CONNECT_SWAPPED);
  return GTK_WIDGET (self);
}
