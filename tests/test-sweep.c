/* test-sweep.c: MfSweep (src/app/simulation/mf-sweep.c) — values checked before
 * anything runs, one record per value filled in the background, and the
 * physics of each run as the value says.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include "mf-error.h"
#include "mf-run-provenance.h"
#include "mf-sweep.h"

/* A free mass pushed by a constant 10 N: v(t) = F t / M, x(t) = F t² / 2M. */
static const char pushed_mass[] =
  "{ \"manifold\": 1,\n"
  "  \"components\": [\n"
  "    { \"id\": \"M1\", \"type\": \"mass\", \"mass\": \"2 kg\" },\n"
  "    { \"id\": \"F1\", \"type\": \"force\", \"force\": \"10 N\" } ],\n"
  "  \"wires\": [ [\"M1.m\", \"F1.m\"] ],\n"
  "  \"simulation\": { \"t_end\": 1, \"output_interval\": 0.01 } }\n";

/* A pump deadheaded at 0.055 s (test-cli-simulate.c): a run that fails. */
static const char pump_deadheaded[] =
  "{ \"manifold\": 1,\n"
  "  \"components\": [\n"
  "    { \"id\": \"T1\", \"type\": \"tank\" },\n"
  "    { \"id\": \"Q1\", \"type\": \"flow_source\", \"flow\": \"1 L/min\" },\n"
  "    { \"id\": \"P1\", \"type\": \"pipe\", \"length\": 1, \"diameter\": \"10 mm\" },\n"
  "    { \"id\": \"J1\", \"type\": \"junction\" },\n"
  "    { \"id\": \"V1\", \"type\": \"valve\", \"area\": 1e-5 },\n"
  "    { \"id\": \"T2\", \"type\": \"tank\" } ],\n"
  "  \"wires\": [ [\"T1.p\", \"Q1.a\"], [\"Q1.b\", \"P1.a\"], [\"P1.b\", \"J1.p\"],"
  " [\"J1.p\", \"V1.a\"], [\"V1.b\", \"T2.p\"] ],\n"
  "  \"modes\": [ { \"name\": \"open\", \"closed\": [] },"
  " { \"name\": \"shut\", \"closed\": [\"V1\"] } ],\n"
  "  \"schedule\": [ { \"t\": 0, \"mode\": \"open\" }, { \"t\": 0.055, \"mode\": \"shut\" } ],\n"
  "  \"simulation\": { \"t_end\": 0.1, \"output_interval\": 0.01 } }\n";

typedef struct
{
  guint      added;
  guint      finished;
  GPtrArray *failures; /* char*: messages */
} Watch;

static void
on_run_added (MfSweep *sweep, MfRunRecord *record, Watch *watch)
{
  GPtrArray *records = mf_sweep_get_records (sweep);

  /* the record is there, and fills from now on */
  g_assert_true (g_ptr_array_index (records, records->len - 1) == record);
  g_assert_cmpint (mf_run_record_get_status (record), ==, MF_SIM_STATUS_RUNNING);
  watch->added++;
}

static void
on_finished (MfSweep *sweep, Watch *watch)
{
  watch->finished++;
}

static void
on_failed (MfSweep *sweep, const GError *error, Watch *watch)
{
  g_ptr_array_add (watch->failures, g_strdup (error->message));
}

static void
watch_clear (Watch *watch)
{
  g_ptr_array_unref (watch->failures);
}

static void
run_to_end (MfSweep *sweep, Watch *watch)
{
  watch->failures = g_ptr_array_new_with_free_func (g_free);
  g_signal_connect (sweep, "run-added", G_CALLBACK (on_run_added), watch);
  g_signal_connect (sweep, "finished", G_CALLBACK (on_finished), watch);
  g_signal_connect (sweep, "failed", G_CALLBACK (on_failed), watch);
  mf_sweep_start (sweep);
  /* running until "finished", which a handler of "run-added" may hasten */
  g_assert_true (mf_sweep_get_running (sweep) == (watch->finished == 0));
  while (watch->finished == 0)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (mf_sweep_get_running (sweep));
}

static double
last_value (MfRunRecord *record, const char *name)
{
  int column = mf_run_record_find_column (record, name);
  guint n = mf_run_record_get_n_samples (record);

  g_assert_cmpint (column, >=, 0);
  g_assert_cmpuint (n, >, 0);
  return mf_run_record_get_column (record, (guint) column)[n - 1];
}

/* Three masses, one after the other: v(1 s) = 10 N · 1 s / M. */
static void
test_three_masses (void)
{
  const char *values[] = { "1 kg", "2", "4000 g", NULL };
  const double masses[] = { 1, 2, 4 };
  const char *labels[] = { "M1.mass = 1 kg", "M1.mass = 2 kg", "M1.mass = 4000 g" };
  g_autoptr (GError) error = NULL;
  g_autoptr (MfSweep) sweep = mf_sweep_new (pushed_mass, "M1", "mass", values, &error);
  Watch watch = { 0 };
  GPtrArray *records;

  g_assert_no_error (error);
  g_assert_cmpuint (mf_sweep_get_n_values (sweep), ==, 3);
  g_assert_cmpuint (mf_sweep_get_records (sweep)->len, ==, 0);
  run_to_end (sweep, &watch);

  records = mf_sweep_get_records (sweep);
  g_assert_cmpuint (watch.added, ==, 3);
  g_assert_cmpuint (watch.finished, ==, 1);
  g_assert_cmpuint (watch.failures->len, ==, 0);
  g_assert_cmpuint (records->len, ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      MfRunRecord *record = g_ptr_array_index (records, i);
      guint n = mf_run_record_get_n_samples (record);

      g_assert_cmpstr (mf_run_record_get_label (record), ==, labels[i]);
      g_assert_cmpstr (mf_sweep_get_label (sweep, i), ==, labels[i]);
      g_assert_cmpint (mf_run_record_get_status (record), ==, MF_SIM_STATUS_FINISHED);
      g_assert_cmpuint (n, ==, 101);
      g_assert_cmpfloat (mf_run_record_get_times (record)[n - 1], ==, 1.0);
      g_assert_cmpfloat_with_epsilon (last_value (record, "M1.v"), 10.0 / masses[i], 1e-6);
      g_assert_cmpfloat_with_epsilon (last_value (record, "M1.x"), 5.0 / masses[i], 1e-6);
      g_assert_cmpstr (mf_run_record_get_mode_name (record, 0), ==, "default");
    }
  watch_clear (&watch);
}

/* Wrong values, parameters and components are refused up front, the
 * message naming what is wrong. */
static void
test_refused_up_front (void)
{
  const char *bad_unit[] = { "1 kg", "3 bar", NULL };
  const char *bad_text[] = { "2 kg", "heavy", NULL };
  const char *negative[] = { "-1", NULL };
  const char *empty[] = { "1 kg", " ", NULL };
  const char *fine[] = { "1 kg", NULL };
  const char *none[] = { NULL };
  g_autoptr (GError) error = NULL;

  g_assert_null (mf_sweep_new (pushed_mass, "M1", "mass", bad_unit, &error));
  g_assert_error (error, MF_ERROR, MF_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "3 bar"));
  g_assert_nonnull (strstr (error->message, "M1.mass"));
  g_clear_error (&error);

  g_assert_null (mf_sweep_new (pushed_mass, "M1", "mass", bad_text, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "heavy"));
  g_clear_error (&error);

  g_assert_null (mf_sweep_new (pushed_mass, "M1", "mass", negative, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "-1"));
  g_clear_error (&error);

  g_assert_null (mf_sweep_new (pushed_mass, "M1", "mass", empty, &error));
  g_assert_error (error, MF_ERROR, MF_ERROR_INVALID);
  g_clear_error (&error);

  g_assert_null (mf_sweep_new (pushed_mass, "M1", "massiveness", fine, &error));
  g_assert_error (error, MF_ERROR, MF_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "massiveness"));
  g_clear_error (&error);

  g_assert_null (mf_sweep_new (pushed_mass, "M9", "mass", fine, &error));
  g_assert_error (error, MF_ERROR, MF_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "M9"));
  g_clear_error (&error);

  g_assert_null (mf_sweep_new (pushed_mass, "M1", "mass", none, &error));
  g_assert_error (error, MF_ERROR, MF_ERROR_INVALID);
  g_clear_error (&error);

  g_assert_null (mf_sweep_new ("{ not json", "M1", "mass", fine, &error));
  g_assert_nonnull (error);
}

/* The runs' labels write units as the property panel does: "mm^2" as
 * "mm²", a plain number with the SI unit's label, a synonym the parser reads
 * ("l/min") in the listed spelling, and a unit the list lacks as typed. */
static void
test_unit_labels (void)
{
  const char *areas[] = { "20 mm^2", "0.0004", "2 cm^2", NULL };
  const char *area_labels[] = { "V1.area = 20 mm²", "V1.area = 0.0004 m²", "V1.area = 2 cm²" };
  const char *flows[] = { "2 l/min", "1 m^3/s", NULL };
  const char *flow_labels[] = { "Q1.flow = 2 L/min", "Q1.flow = 1 m³/s" };
  g_autoptr (GError) error = NULL;
  g_autoptr (MfSweep) by_area = mf_sweep_new (pump_deadheaded, "V1", "area", areas, &error);
  g_autoptr (MfSweep) by_flow = NULL;

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (area_labels); i++)
    g_assert_cmpstr (mf_sweep_get_label (by_area, i), ==, area_labels[i]);
  by_flow = mf_sweep_new (pump_deadheaded, "Q1", "flow", flows, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (flow_labels); i++)
    g_assert_cmpstr (mf_sweep_get_label (by_flow, i), ==, flow_labels[i]);
}

/* A run that fails is reported with its value; the sweep goes on. */
static void
test_failed_run (void)
{
  const char *values[] = { "10 mm", "12 mm", NULL };
  g_autoptr (GError) error = NULL;
  g_autoptr (MfSweep) sweep = mf_sweep_new (pump_deadheaded, "P1", "diameter", values, &error);
  Watch watch = { 0 };
  GPtrArray *records;

  g_assert_no_error (error);
  run_to_end (sweep, &watch);
  records = mf_sweep_get_records (sweep);
  g_assert_cmpuint (records->len, ==, 2);
  g_assert_cmpuint (watch.failures->len, ==, 2);
  g_assert_true (g_str_has_prefix (g_ptr_array_index (watch.failures, 0),
                                   "P1.diameter = 10 mm: "));
  g_assert_true (g_str_has_prefix (g_ptr_array_index (watch.failures, 1),
                                   "P1.diameter = 12 mm: "));
  for (guint i = 0; i < 2; i++)
    {
      MfRunRecord *record = g_ptr_array_index (records, i);

      g_assert_cmpint (mf_run_record_get_status (record), ==, MF_SIM_STATUS_FAILED);
      g_assert_nonnull (mf_run_record_get_error (record));
      /* the samples before the failure stay: 0 to 0.05 s */
      g_assert_cmpuint (mf_run_record_get_n_samples (record), ==, 6);
      g_assert_cmpstr (mf_run_record_get_mode_name (record, 1), ==, "shut");
    }
  watch_clear (&watch);
}

static void
stop_on_first (MfSweep *sweep, MfRunRecord *record, gpointer data)
{
  if (mf_sweep_get_records (sweep)->len == 1)
    mf_sweep_stop (sweep);
}

/* Stopping cuts the run under way and skips the rest. */
static void
test_stop (void)
{
  const char *values[] = { "1 kg", "2 kg", "3 kg", NULL };
  g_autoptr (GError) error = NULL;
  g_autoptr (MfSweep) sweep = mf_sweep_new (pushed_mass, "M1", "mass", values, &error);
  Watch watch = { 0 };
  MfRunRecord *record;

  g_assert_no_error (error);
  g_signal_connect_after (sweep, "run-added", G_CALLBACK (stop_on_first), NULL);
  run_to_end (sweep, &watch);
  g_assert_cmpuint (watch.finished, ==, 1);
  g_assert_cmpuint (mf_sweep_get_records (sweep)->len, ==, 1);
  record = g_ptr_array_index (mf_sweep_get_records (sweep), 0);
  g_assert_cmpint (mf_run_record_get_status (record), ==, MF_SIM_STATUS_STOPPED);
  /* nothing comes afterwards */
  for (guint i = 0; i < 20; i++)
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpuint (watch.finished, ==, 1);
  g_assert_cmpuint (mf_sweep_get_records (sweep)->len, ==, 1);
  mf_sweep_stop (sweep);
  g_assert_cmpuint (watch.finished, ==, 1);
  watch_clear (&watch);
}

/* A sweep dropped mid-run stops its run; nothing reaches it afterwards. */
static void
test_dispose_mid_run (void)
{
  const char *values[] = { "1 kg", "2 kg", NULL };
  g_autoptr (GError) error = NULL;
  MfSweep *sweep = mf_sweep_new (pushed_mass, "M1", "mass", values, &error);

  g_assert_no_error (error);
  mf_sweep_start (sweep);
  g_main_context_iteration (NULL, FALSE);
  g_object_unref (sweep);
  for (guint i = 0; i < 50; i++)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

/* What a run ran with: the settings in a line, and the parameters that
 * differ from the document now.  The pushed mass runs with M1.mass 2 kg
 * (as written), F1.force 10 N and no method: the settings say nothing;
 * with "rk4" and a step of 1e-3 they say "rk4, step 0.001" (the number as
 * the document prints it) and no
 * tolerances (rk4 has no error estimate).  Swept to 4 kg, a run differs
 * from the document in "M1.mass = 4 kg" only; against itself in nothing. */
static void
test_provenance (void)
{
  g_autoptr (MfEditDocument) doc = mf_edit_document_new ();
  g_autoptr (MfRunProvenance) now = NULL;
  g_autoptr (MfRunProvenance) swept = NULL;
  g_autoptr (MfRunProvenance) saved = NULL;
  g_autofree char *none = NULL;
  g_autofree char *differs = NULL;
  g_autofree char *title = NULL;
  g_autofree char *short_title = NULL;
  GError *error = NULL;

  g_assert_true (mf_edit_document_load_data (doc, pushed_mass, -1, "test", &error));
  g_assert_no_error (error);
  now = mf_run_provenance_new_from_document (doc);
  g_assert_cmpstr (mf_run_provenance_get_settings (now), ==, "");
  none = mf_run_provenance_differences (now, now);
  g_assert_cmpstr (none, ==, "");

  g_assert_true (mf_edit_document_set_param (doc, "M1", "mass", "4 kg", &error));
  g_assert_no_error (error);
  g_assert_true (mf_edit_document_set_simulation_text (doc, "method", "rk4", &error));
  g_assert_true (mf_edit_document_set_simulation_text (doc, "step", "1e-3", &error));
  g_assert_no_error (error);
  swept = mf_run_provenance_new_from_document (doc);
  g_assert_cmpstr (mf_run_provenance_get_settings (swept), ==, "rk4, step 0.001");
  differs = mf_run_provenance_differences (swept, now);
  g_assert_cmpstr (differs, ==, "M1.mass = 4 kg");

  /* from its parts, as a sidecar file gives it back: the same */
  {
    guint n = mf_run_provenance_get_n_params (swept);
    g_autofree const char **names = g_new0 (const char *, n + 1);
    g_autofree const char **values = g_new0 (const char *, n + 1);
    g_autofree char *again = NULL;

    for (guint i = 0; i < n; i++)
      {
        names[i] = mf_run_provenance_get_name (swept, i);
        values[i] = mf_run_provenance_get_value (swept, i);
      }
    saved = mf_run_provenance_new (mf_run_provenance_get_settings (swept), n, names, values);
    again = mf_run_provenance_differences (saved, now);
    g_assert_cmpstr (again, ==, differs);
  }

  /* a run kept before labels wrote units readably: "2 mm^2" is the
   * document's "2 mm²", "3 N*s/m" its "3 N·s/m"; "5 mm^2" is not "2 mm²" */
  {
    const char *names[] = { "D1.damping", "O1.area", "O2.area" };
    const char *old_values[] = { "3 N*s/m", "2 mm^2", "5 mm^2" };
    const char *now_values[] = { "3 N·s/m", "2 mm²", "2 mm²" };
    g_autoptr (MfRunProvenance) kept = mf_run_provenance_new (NULL, 3, names, old_values);
    g_autoptr (MfRunProvenance) document = mf_run_provenance_new (NULL, 3, names, now_values);
    g_autofree char *changed = mf_run_provenance_differences (kept, document);

    g_assert_cmpstr (changed, ==, "O2.area = 5 mm^2");
  }

  title = mf_run_title_long ("Run 3", "rk4, step 0.001", differs);
  g_assert_cmpstr (title, ==, "Run 3 · rk4, step 0.001 · M1.mass = 4 kg");
  short_title = mf_run_title_short ("M1.mass = 4 kg", differs);
  g_assert_cmpstr (short_title, ==, "M1.mass = 4 kg");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/app/sweep/three-masses", test_three_masses);
  g_test_add_func ("/app/sweep/provenance", test_provenance);
  g_test_add_func ("/app/sweep/refused-up-front", test_refused_up_front);
  g_test_add_func ("/app/sweep/unit-labels", test_unit_labels);
  g_test_add_func ("/app/sweep/failed-run", test_failed_run);
  g_test_add_func ("/app/sweep/stop", test_stop);
  g_test_add_func ("/app/sweep/dispose-mid-run", test_dispose_mid_run);
  return g_test_run ();
}
