/* test-display-units.c: a unit chosen per kind of quantity in the
 * preferences (the "display-units" setting, src/app/values/mf-display-units.c)
 * — pressure in MPa: a run's J1.p is plotted in MPa, value for value, and
 * the pressures' axis says MPa; back to the display units: bar again.  The
 * factors are the unit parser's.  Under Xvfb, the settings in memory.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include "mf-display-units.h"
#include "mf-plot-axis.h"
#include "mf-sim-panel.h"
#include "mf-test-app.h"

/* Two pipes from a 20 bar tank through junction J1 to an open tank. */
static const char junction_document[] =
  "{ \"manifold\": 1, \"title\": \"Junction\",\n"
  "  \"components\": [\n"
  "    { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"20 bar\", \"at\": [0, 0] },\n"
  "    { \"id\": \"P1\", \"type\": \"pipe\", \"length\": 1, \"diameter\": 0.01,"
  " \"friction\": \"laminar\", \"at\": [100, 0] },\n"
  "    { \"id\": \"J1\", \"type\": \"junction\", \"at\": [200, 0] },\n"
  "    { \"id\": \"P2\", \"type\": \"pipe\", \"length\": 1, \"diameter\": 0.01,"
  " \"friction\": \"laminar\", \"at\": [300, 0] },\n"
  "    { \"id\": \"T2\", \"type\": \"tank\", \"pressure\": 0, \"at\": [400, 0] } ],\n"
  "  \"wires\": [ [\"T1.p\", \"P1.a\"], [\"P1.b\", \"J1.p\"], [\"J1.p\", \"P2.a\"],"
  " [\"P2.b\", \"T2.p\"] ],\n"
  "  \"simulation\": { \"t_end\": 0.02, \"output_interval\": 0.001 } }\n";

/* Without a window: the choice comes before the system, with the parser's
 * factor (1 MPa = 1e6 Pa, so the scale is 1e-6; 1 rpm = 2π/60 rad/s, so
 * 60/2π); a unit not offered is refused and the choice stays. */
static void
test_choice (void)
{
  double scale = 0;

  g_assert_true (mf_display_units_choose (MF_DISPLAY_KIND_PRESSURE, "MPa"));
  g_assert_cmpstr (mf_display_unit (MF_UNIT_SYSTEM_SI, "Pa", &scale), ==, "MPa");
  g_assert_cmpfloat_with_epsilon (scale, 1e-6, 1e-20);
  g_assert_cmpstr (mf_display_unit (MF_UNIT_SYSTEM_PRACTICAL, "Pa", NULL), ==, "MPa");
  /* another kind still follows the system */
  g_assert_cmpstr (mf_display_unit (MF_UNIT_SYSTEM_PRACTICAL, "m^3/s", &scale), ==, "L/min");
  g_assert_cmpfloat_with_epsilon (scale, 6e4, 1e-9);
  g_assert_false (mf_display_units_choose (MF_DISPLAY_KIND_PRESSURE, "L/min"));
  g_assert_cmpstr (mf_display_units_get_choice (MF_DISPLAY_KIND_PRESSURE), ==, "MPa");
  g_assert_true (mf_display_units_choose (MF_DISPLAY_KIND_ROTATIONAL_SPEED, "rpm"));
  g_assert_cmpstr (mf_display_unit (MF_UNIT_SYSTEM_SI, "rad/s", &scale), ==, "rpm");
  g_assert_cmpfloat_with_epsilon (scale, 60 / (2 * G_PI), 1e-12);
  g_assert_true (mf_display_units_choose (MF_DISPLAY_KIND_PRESSURE, NULL));
  g_assert_true (mf_display_units_choose (MF_DISPLAY_KIND_ROTATIONAL_SPEED, ""));
  g_assert_cmpstr (mf_display_unit (MF_UNIT_SYSTEM_PRACTICAL, "Pa", NULL), ==, "bar");
}

static void
count_end (MfSimPanel *panel, MfSimStatus status, guint *ended)
{
  (*ended)++;
}

static MfPlotSeries *
series_named (MfPlot *plot, const char *name)
{
  for (guint i = 0; i < mf_plot_get_n_series (plot); i++)
    if (strcmp (mf_plot_series_get_name (mf_plot_get_series (plot, i)), name) == 0)
      return mf_plot_get_series (plot, i);
  return NULL;
}

/* J1.p of the run at its last sample, in Pa, against the plot's in the
 * unit shown: Pa × scale. */
static void
assert_pressure_in (MfSimPanel *panel, const char *unit, double scale)
{
  MfPlot *plot = mf_plot_view_get_plot (mf_sim_panel_get_plot_view (panel,
                                                                     MF_SIM_PANEL_PRESSURES));
  MfRunRecord *record = mf_sim_panel_get_current_run (panel);
  int column = mf_run_record_find_column (record, "J1.p");
  guint n = mf_run_record_get_n_samples (record);
  double t = mf_run_record_get_times (record)[n - 1];
  double pa = mf_run_record_get_column (record, (guint) column)[n - 1];
  MfPlotSeries *series = series_named (plot, "J1.p");
  g_autofree char *title = NULL;
  double shown;

  g_assert_cmpint (column, >=, 0);
  g_assert_cmpstr (mf_run_record_get_column_unit (record, (guint) column), ==, "Pa");
  /* a pressure of the order of the supply's 20 bar, so the scale shows */
  g_assert_cmpfloat (pa, >, 1e5);
  g_assert_nonnull (series);
  g_assert_cmpstr (mf_plot_series_get_unit (series), ==, unit);
  g_assert_true (mf_plot_series_value_at (series, t, &shown));
  g_assert_cmpfloat_with_epsilon (shown, pa * scale, 1e-9 * fabs (pa * scale));
  title = mf_plot_axis_title_text (mf_plot_get_axis (plot, MF_PLOT_AXIS_Y));
  g_assert_nonnull (strstr (title, unit));
}

static void
test_pressure_in_mpa (void)
{
  GSettings *settings = mf_application_get_settings (application);
  g_autoptr (MfEditDocument) document = mf_edit_document_new ();
  MfWindow *window = new_window ();
  MfSimPanel *panel = MF_SIM_PANEL (find_descendant (GTK_WIDGET (window), MF_TYPE_SIM_PANEL));
  guint ended = 0;

  g_assert_nonnull (settings);
  g_assert_true (mf_edit_document_load_data (document, junction_document, -1, "junction", NULL));
  mf_window_set_document (window, document);
  g_signal_connect (panel, "run-ended", G_CALLBACK (count_end), &ended);
  mf_sim_panel_run (panel);
  while (ended == 0)
    g_main_context_iteration (NULL, TRUE);
  spin ();
  mf_sim_panel_add_quantity (panel, "J1.p");
  /* the memory backend's default: the practical system, bar */
  mf_sim_panel_set_unit_system (panel, MF_UNIT_SYSTEM_PRACTICAL);
  assert_pressure_in (panel, "bar", 1e-5);

  g_settings_set_value (settings, "display-units",
                        g_variant_new_parsed ("{'pressure': 'MPa'}"));
  spin ();
  assert_pressure_in (panel, "MPa", 1e-6);

  g_settings_reset (settings, "display-units");
  spin ();
  assert_pressure_in (panel, "bar", 1e-5);
  gtk_window_destroy (GTK_WINDOW (window));
  spin ();
}

int
main (int argc, char **argv)
{
  if (!test_app_init (&argc, &argv, "display-units"))
    return 0;
  g_test_add_func ("/app/display-units/choice", test_choice);
  g_test_add_func ("/app/display-units/pressure-in-mpa", test_pressure_in_mpa);
  return test_app_run ();
}
