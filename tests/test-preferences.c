/* test-preferences.c: the Preferences window (src/app/window/mf-preferences-window.c)
 * under Xvfb — each row shows its key, and what is chosen or typed reaches
 * the settings only when it is valid — and the main window applying the
 * application's settings (src/app/window/mf-window-settings.c).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>

#include <adwaita.h>
#include <string.h>
#include <glib/gstdio.h>

#include "mf-application.h"
#include "mf-preferences-window.h"
#include "mf-sim-panel.h"
#include "mf-test-widgets.h"
#include "mf-window.h"

static MfApplication *application;
/* XDG_DATA_HOME: the recent files of the tests go here, not to the user's */
static char *scratch;

typedef struct
{
  GSettings *settings;
  GtkWidget *window;
} Fixture;

static void
fixture_set_up (Fixture *fixture, gconstpointer data)
{
  g_autoptr (GSettingsBackend) backend = g_memory_settings_backend_new ();

  fixture->settings = g_settings_new_with_backend ("io.github.manifold.Manifold", backend);
  fixture->window = mf_preferences_window_new (fixture->settings);
}

static void
fixture_tear_down (Fixture *fixture, gconstpointer data)
{
  gtk_window_destroy (GTK_WINDOW (fixture->window));
  g_clear_object (&fixture->settings);
}

static gpointer
child (Fixture *fixture, const char *name)
{
  return gtk_widget_get_template_child (fixture->window, MF_TYPE_PREFERENCES_WINDOW, name);
}

/* The combo rows follow the enumerated keys both ways. */
static void
test_combos (Fixture *fixture, gconstpointer data)
{
  AdwComboRow *units = child (fixture, "units_row");
  AdwComboRow *method = child (fixture, "method_row");
  AdwComboRow *style = child (fixture, "plot_style_row");
  g_autofree char *nick = NULL;
  g_autofree char *method_nick = NULL;

  /* the defaults: practical units, BDF, lines */
  g_assert_cmpuint (adw_combo_row_get_selected (units), ==, 1);
  g_assert_cmpuint (adw_combo_row_get_selected (style), ==, 0);

  g_settings_set_string (fixture->settings, "unit-system", "si");
  g_assert_cmpuint (adw_combo_row_get_selected (units), ==, 0);
  adw_combo_row_set_selected (units, 1);
  nick = g_settings_get_string (fixture->settings, "unit-system");
  g_assert_cmpstr (nick, ==, "practical");

  adw_combo_row_set_selected (style, 1);
  g_assert_cmpint (g_settings_get_enum (fixture->settings, "plot-style"), ==, 1);

  /* methods: the row offers only adaptive methods, so index and enum differ;
   * choosing rk8pd stores its nick */
  g_settings_set_string (fixture->settings, "default-method", "rk8pd");
  adw_combo_row_set_selected (method, adw_combo_row_get_selected (method) + 1);
  method_nick = g_settings_get_string (fixture->settings, "default-method");
  g_assert_cmpstr (method_nick, !=, "rk8pd");
  g_assert_cmpstr (method_nick, ==, "rk1imp");
  g_assert_cmpuint (g_list_model_get_n_items (adw_combo_row_get_model (method)), ==, 12);
}

/* A tolerance is kept only when it parses and lies in the schema's range;
 * otherwise the row says so and the setting stays. */
static void
test_tolerances (Fixture *fixture, gconstpointer data)
{
  AdwEntryRow *rtol = child (fixture, "rtol_row");
  GtkWidget *error = child (fixture, "tolerance_error");

  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (rtol)), ==, "1e-06");

  gtk_editable_set_text (GTK_EDITABLE (rtol), "1e-8");
  g_signal_emit_by_name (rtol, "apply");
  g_assert_cmpfloat (g_settings_get_double (fixture->settings, "default-rtol"), ==, 1e-8);
  g_assert_false (gtk_widget_get_visible (error));

  gtk_editable_set_text (GTK_EDITABLE (rtol), "small");
  g_signal_emit_by_name (rtol, "apply");
  g_assert_cmpfloat (g_settings_get_double (fixture->settings, "default-rtol"), ==, 1e-8);
  g_assert_true (gtk_widget_get_visible (error));
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (rtol), "error"));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (error)), "small"));

  /* out of the schema's range */
  gtk_editable_set_text (GTK_EDITABLE (rtol), "0.5");
  g_signal_emit_by_name (rtol, "apply");
  g_assert_cmpfloat (g_settings_get_double (fixture->settings, "default-rtol"), ==, 1e-8);

  /* a change from elsewhere shows in the row */
  g_settings_set_double (fixture->settings, "default-atol", 1e-12);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (child (fixture, "atol_row"))), ==,
                   "1e-12");
}

static void
test_plot_rows (Fixture *fixture, gconstpointer data)
{
  GtkSpinButton *width = child (fixture, "line_width_spin");
  GtkSwitch *grid = child (fixture, "grid_switch");

  g_assert_cmpfloat (gtk_spin_button_get_value (width), ==, 1.5);
  gtk_spin_button_set_value (width, 3.0);
  g_assert_cmpfloat (g_settings_get_double (fixture->settings, "plot-line-width"), ==, 3.0);
  g_assert_true (gtk_switch_get_active (grid));
  g_settings_set_boolean (fixture->settings, "plot-grid", FALSE);
  g_assert_false (gtk_switch_get_active (grid));
}

/* ---- the window and the application's settings ---- */

/* A new circuit starts with the preferred method and tolerances, as an
 * unmodified document without history. */
static void
test_new_circuit (void)
{
  MfWindow *window = mf_window_new (application);
  GSettings *settings = mf_application_get_settings (application);
  MfEditDocument *document;
  g_autofree char *method = NULL;
  g_autofree char *rtol = NULL;
  g_autofree char *atol = NULL;

  g_assert_nonnull (settings);
  g_settings_set_string (settings, "default-method", "rk8pd");
  g_settings_set_double (settings, "default-rtol", 1e-8);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new", NULL);
  spin ();
  document = mf_window_get_document (window);
  method = mf_edit_document_get_simulation_text (document, "method");
  rtol = mf_edit_document_get_simulation_text (document, "rtol");
  atol = mf_edit_document_get_simulation_text (document, "atol");
  g_assert_cmpstr (method, ==, "rk8pd");
  g_assert_cmpfloat (g_ascii_strtod (rtol, NULL), ==, 1e-8);
  g_assert_cmpfloat (g_ascii_strtod (atol, NULL), ==, 1e-9);
  g_assert_false (mf_edit_document_get_modified (document));
  g_assert_false (mf_edit_document_get_can_undo (document));
  g_settings_reset (settings, "default-method");
  g_settings_reset (settings, "default-rtol");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A saved circuit heads the recent files the settings keep. */
static void
test_recent_files (void)
{
  MfWindow *window = mf_window_new (application);
  GSettings *settings = mf_application_get_settings (application);
  g_autofree char *path = g_build_filename (scratch, "kept.manifold", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autofree char *uri = g_file_get_uri (file);
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) kept = NULL;

  g_assert_true (mf_window_save_to (window, file, &error));
  g_assert_no_error (error);
  kept = g_settings_get_strv (settings, "recent-files");
  g_assert_cmpstr (kept[0], ==, uri);
  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (path);
}

/* The plots take their style from the settings, live. */
static void
test_plot_style (void)
{
  MfWindow *window = mf_window_new (application);
  GSettings *settings = mf_application_get_settings (application);
  MfSimPanel *panel = MF_SIM_PANEL (find_descendant (GTK_WIDGET (window), MF_TYPE_SIM_PANEL));

  g_assert_nonnull (panel);
  g_settings_set_double (settings, "plot-line-width", 3.0);
  g_settings_set_boolean (settings, "plot-grid", FALSE);
  g_settings_set_string (settings, "plot-style", "lines-and-points");
  for (guint i = 0; i < MF_SIM_PANEL_N_VIEWS; i++)
    {
      MfPlot *plot = mf_plot_view_get_plot (mf_sim_panel_get_plot_view (panel, i));

      g_assert_cmpfloat (mf_plot_get_line_width (plot), ==, 3.0);
      g_assert_false (mf_plot_get_grid (plot));
      g_assert_true (mf_plot_get_sample_marks (plot));
    }
  g_settings_reset (settings, "plot-line-width");
  g_settings_reset (settings, "plot-grid");
  g_settings_reset (settings, "plot-style");
  g_assert_cmpfloat (mf_plot_get_line_width (mf_plot_view_get_plot (
                       mf_sim_panel_get_plot_view (panel, 0))), ==, 1.5);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* How runs are told apart follows the "run-style" key, which the Runs
 * popover's win.run-style action sets. */
static void
test_run_style (void)
{
  MfWindow *window = mf_window_new (application);
  GSettings *settings = mf_application_get_settings (application);
  MfSimPanel *panel = MF_SIM_PANEL (find_descendant (GTK_WIDGET (window), MF_TYPE_SIM_PANEL));

  g_assert_nonnull (panel);
  g_assert_cmpint (mf_sim_panel_get_run_style (panel), ==, MF_RUN_STYLE_COLOR_PER_QUANTITY);
  g_settings_set_string (settings, "run-style", "color-per-run");
  g_assert_cmpint (mf_sim_panel_get_run_style (panel), ==, MF_RUN_STYLE_COLOR_PER_RUN);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.run-style", "s",
                                             "color-per-quantity"));
  {
    g_autofree char *style = g_settings_get_string (settings, "run-style");

    g_assert_cmpstr (style, ==, "color-per-quantity");
  }
  g_assert_cmpint (mf_sim_panel_get_run_style (panel), ==, MF_RUN_STYLE_COLOR_PER_QUANTITY);
  g_settings_reset (settings, "run-style");
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
remove_scratch (void)
{
  g_autofree char *xbel = g_build_filename (scratch, "recently-used.xbel", NULL);

  g_unlink (xbel);
  g_rmdir (scratch);
  g_free (scratch);
}

int
main (int argc, char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  scratch = g_dir_make_tmp ("manifold-preferences-XXXXXX", NULL);
  g_assert_nonnull (scratch);
  g_setenv ("XDG_DATA_HOME", scratch, TRUE);
  if (!gtk_init_check ())
    {
      g_print ("1..0 # SKIP no display\n");
      remove_scratch ();
      return 0;
    }
  adw_init ();
  application = mf_application_new (G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (application), NULL, NULL));
  g_test_add ("/app/preferences/combos", Fixture, NULL, fixture_set_up, test_combos,
              fixture_tear_down);
  g_test_add ("/app/preferences/tolerances", Fixture, NULL, fixture_set_up, test_tolerances,
              fixture_tear_down);
  g_test_add ("/app/preferences/plot-rows", Fixture, NULL, fixture_set_up, test_plot_rows,
              fixture_tear_down);
  g_test_add_func ("/app/preferences/new-circuit", test_new_circuit);
  g_test_add_func ("/app/preferences/plot-style", test_plot_style);
  g_test_add_func ("/app/preferences/run-style", test_run_style);
  g_test_add_func ("/app/preferences/recent-files", test_recent_files);
  status = g_test_run ();
  g_clear_object (&application);
  remove_scratch ();
  return status;
}
