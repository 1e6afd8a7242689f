/* mf-window-settings.c: what the window takes from the preferences and
 * keeps in them — its size, the units of the plots (the system's, or
 * one chosen per kind of quantity), how runs are told
 * apart (the Runs popover's win.run-style), and the simulation
 * settings a new circuit starts with.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-window-private.h"

#include "mf-circuit.h"
#include "mf-document-keys.h"
#include "mf-json-write.h"

/* The unit system, and the unit chosen per kind of quantity (for the
 * whole application: every window follows the same settings). */
static void
mf_window_units_changed (MfWindow *self)
{
  g_autoptr (GVariant) chosen = g_settings_get_value (self->settings, "display-units");

  for (guint k = 0; k < MF_DISPLAY_N_KINDS; k++)
    {
      const char *unit = NULL;

      if (!g_variant_lookup (chosen, mf_display_kind_key (k), "&s", &unit))
        unit = NULL;
      /* a unit not offered (a hand-edited setting) is as none */
      if (!mf_display_units_choose (k, unit))
        mf_display_units_choose (k, NULL);
    }
  mf_sim_panel_set_unit_system (self->sim_panel,
                                g_settings_get_enum (self->settings, "unit-system"));
}

static void
mf_window_plot_style_changed (MfWindow *self)
{
  mf_sim_panel_set_plot_options (self->sim_panel,
                                 g_settings_get_double (self->settings, "plot-line-width"),
                                 g_settings_get_boolean (self->settings, "plot-grid"),
                                 g_settings_get_enum (self->settings, "plot-style") == 1);
}

static void
mf_window_run_style_changed (MfWindow *self)
{
  mf_sim_panel_set_run_style (self->sim_panel, g_settings_get_enum (self->settings, "run-style"));
}

/* The size is kept when the window closes (not while it is dragged: a
 * write per configure event would be a write per frame). */
static gboolean
mf_window_keep_size (MfWindow *self)
{
  int width, height;

  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  g_settings_set_boolean (self->settings, "window-maximized",
                          gtk_window_is_maximized (GTK_WINDOW (self)));
  if (!gtk_window_is_maximized (GTK_WINDOW (self)) && width > 0 && height > 0)
    {
      g_settings_set_int (self->settings, "window-width", width);
      g_settings_set_int (self->settings, "window-height", height);
    }
  return FALSE; /* the window's own handler goes on: it may ask about unsaved changes */
}

void
mf_window_bind_settings (MfWindow  *self,
                         GSettings *settings)
{
  static const char *const plot_keys[] = { "plot-style", "plot-line-width", "plot-grid" };

  if (settings == NULL)
    return;
  g_set_object (&self->settings, settings);
  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (settings, "window-width"),
                               g_settings_get_int (settings, "window-height"));
  if (g_settings_get_boolean (settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
  g_signal_connect_object (self, "close-request", G_CALLBACK (mf_window_keep_size), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (settings, "changed::unit-system",
                           G_CALLBACK (mf_window_units_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (settings, "changed::display-units",
                           G_CALLBACK (mf_window_units_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (settings, "changed::run-style",
                           G_CALLBACK (mf_window_run_style_changed), self, G_CONNECT_SWAPPED);
  /* the Runs popover's choice (win.run-style, a string: the key's nick) */
  {
    g_autoptr (GAction) run_style = g_settings_create_action (settings, "run-style");

    g_action_map_add_action (G_ACTION_MAP (self), run_style);
  }
  g_signal_connect_object (settings, "changed::recent-files",
                           G_CALLBACK (mf_window_rebuild_recent), self, G_CONNECT_SWAPPED);
  for (guint i = 0; i < G_N_ELEMENTS (plot_keys); i++)
    {
      g_autofree char *signal = g_strconcat ("changed::", plot_keys[i], NULL);

      g_signal_connect_object (settings, signal, G_CALLBACK (mf_window_plot_style_changed), self,
                               G_CONNECT_SWAPPED);
    }
  mf_window_units_changed (self);
  mf_window_run_style_changed (self);
  mf_window_plot_style_changed (self);
  mf_window_rebuild_recent (self);
}

MfEditDocument *
mf_window_new_document (MfWindow *self)
{
  g_autoptr (MfEditDocument) document = mf_edit_document_new ();
  g_autofree char *method = NULL;
  g_autofree char *text = NULL;
  g_autoptr (JsonBuilder) builder = NULL;
  g_autoptr (JsonNode) root = NULL;
  g_autoptr (GError) error = NULL;

  if (self->settings == NULL)
    return g_steal_pointer (&document);
  method = g_settings_get_string (self->settings, "default-method");
  /* the empty document's title as mf_edit_document_new() gives it, in the
   * user's language */
  builder = json_builder_new ();
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, MF_KEY_MANIFOLD);
  json_builder_add_int_value (builder, 1);
  json_builder_set_member_name (builder, MF_KEY_TITLE);
  json_builder_add_string_value (builder, mf_edit_document_get_title (document));
  json_builder_set_member_name (builder, MF_KEY_COMPONENTS);
  json_builder_begin_array (builder);
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, MF_KEY_WIRES);
  json_builder_begin_array (builder);
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, MF_KEY_SIMULATION);
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, MF_KEY_SIMULATION_METHOD);
  json_builder_add_string_value (builder, method);
  json_builder_set_member_name (builder, MF_KEY_SIMULATION_RTOL);
  json_builder_add_double_value (builder, g_settings_get_double (self->settings, "default-rtol"));
  json_builder_set_member_name (builder, MF_KEY_SIMULATION_ATOL);
  json_builder_add_double_value (builder, g_settings_get_double (self->settings, "default-atol"));
  json_builder_end_object (builder);
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  text = mf_json_to_text (root, NULL);
  /* the schema keeps the values in the loader's ranges; should one still
   * be refused, the empty circuit with the built-in settings will do */
  if (!mf_edit_document_load_data (document, text, -1, "untitled", &error))
    g_warning ("the preferred simulation settings were refused: %s", error->message);
  return g_steal_pointer (&document);
}
