/* test-run-log.c: what a run tells about itself besides its outputs — the
 * runs of SVD fallbacks of the Newton solver, with their times, merged so
 * that thousands stay readable (MfSvdFallbacks), and the state of every
 * switch in every sample, after the events (mf_simulation_n_switches()).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include "mf-error.h"
#include "mf-test-events.h"

/* ---- the log, fallbacks included -------------------------------------------- */

/* An event, or (component "newton") a run of fallbacks: from = the states,
 * to = "N", t = t_first; t_last kept aside. */
typedef struct
{
  GArray *log;     /* Event */
  GArray *t_last;  /* double, per entry: t_last of a run of fallbacks, else t */
  GArray *steps;   /* guint64, per entry: 0 for an event */
} RunLog;

static void
record_logged_event (double t, const char *component, const char *from, const char *to,
                     gpointer data)
{
  RunLog *rl = data;
  guint64 none = 0;

  record_event (t, component, from, to, rl->log);
  g_array_append_val (rl->t_last, t);
  g_array_append_val (rl->steps, none);
}

static void
record_fallbacks (const MfSvdFallbacks *fallbacks, gpointer data)
{
  RunLog *rl = data;

  record_event (fallbacks->t_first, "newton", fallbacks->states, "", rl->log);
  g_array_append_val (rl->t_last, fallbacks->t_last);
  g_array_append_val (rl->steps, fallbacks->steps);
}

static void
run_log_clear (RunLog *rl)
{
  g_array_unref (rl->log);
  g_array_unref (rl->t_last);
  g_array_unref (rl->steps);
}

/* Runs `tc` with `method`, its events and fallbacks into `rl`; checks that
 * the entries come in the order of time and that the fallbacks they report
 * are all of them. */
static void
run_logged (const MfTestCircuit *tc, const char *method, RunLog *rl, MfSimulationStats *stats)
{
  g_autoptr (MfTestRecording) rec = NULL;
  MfSimulationOptions options;
  guint64 reported = 0;

  rl->log = event_log_new ();
  rl->t_last = g_array_new (FALSE, FALSE, sizeof (double));
  rl->steps = g_array_new (FALSE, FALSE, sizeof (guint64));
  mf_simulation_options_from_circuit (&options, mf_model_get_circuit (tc->model));
  options.method = method;
  options.event = record_logged_event;
  options.event_data = rl;
  options.fallback = record_fallbacks;
  options.fallback_data = rl;
  rec = mf_test_recording_simulate (tc->model, &options, stats);
  for (guint i = 0; i < rl->log->len; i++)
    {
      double t_last = g_array_index (rl->t_last, double, i);

      reported += g_array_index (rl->steps, guint64, i);
      g_assert_cmpfloat (t_last, >=, event_at (rl->log, i)->t);
      if (i > 0)
        g_assert_cmpfloat (event_at (rl->log, i)->t, >=, event_at (rl->log, i - 1)->t);
    }
  g_assert_cmpuint (reported, ==, stats->svd_steps);
}

/* orifice-closes-and-reopens: the three orifices start from rest, and the
 * Newton solves of the first step, where they begin to move, have a rank
 * deficient Jacobian (all flows near zero): their SVD steps (one or two,
 * as the method evaluates there) are logged as one line in that step,
 * which is 1e-6 t_end long.  When O1 reopens at 0.3 s its flow
 * starts from zero again, but the others carry the flow and Newton gets
 * there with QR steps: no SVD there, so nothing is logged at 0.3 s. */
static void
test_fallbacks_example (void)
{
  const char *dir = g_getenv ("MANIFOLD_EXAMPLES");
  g_autofree char *path = g_build_filename (dir != NULL ? dir : "data/examples",
                                            "orifice-closes-and-reopens.manifold", NULL);
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new_from_file (path);

  for (guint m = 0; m < G_N_ELEMENTS (methods); m++)
    {
      RunLog rl;
      MfSimulationStats stats;

      run_logged (tc, methods[m], &rl, &stats);
      g_assert_cmpuint (stats.svd_steps, >=, 1);
      g_assert_cmpuint (stats.svd_steps, <=, 2);
      g_assert_cmpuint (rl.log->len, ==, 3);
      assert_event (rl.log, 0, "newton", "O2.v, O1.v", "");
      g_test_message ("%s: an SVD step between %g and %g s", methods[m],
                      event_at (rl.log, 0)->t, g_array_index (rl.t_last, double, 0));
      g_assert_cmpfloat (event_at (rl.log, 0)->t, ==, 0.0);
      g_assert_cmpfloat (g_array_index (rl.t_last, double, 0), <=, 1e-6 * 0.5);
      assert_event (rl.log, 1, "O1", "open", "closed");
      assert_event (rl.log, 2, "O1", "closed", "open");
      run_log_clear (&rl);
    }
}

/* The example with a fourth orifice, O4, between two tanks at 0: it never
 * carries flow, so its row and column of Newton's Jacobian are zero at
 * every solve, and every Newton step is an SVD step — some two and a half
 * thousand in the run.  They are reported as one run per valve
 * configuration (O1 open, closed, open again): three entries, each
 * beginning where the configuration does and naming the algebraic states
 * of that configuration. */
static const char idle_orifice[] =
  "{ \"manifold\": 1,\n"
  "  \"fluid\": { \"density\": 870, \"kinematic_viscosity\": 4.6e-5, \"bulk_modulus\": 1.5e9 },\n"
  "  \"components\": [\n"
  "    { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"10 bar\" },\n"
  "    { \"id\": \"P\", \"type\": \"pipe\", \"length\": 2, \"diameter\": \"12 mm\" },\n"
  "    { \"id\": \"J1\", \"type\": \"junction\" },\n"
  "    { \"id\": \"O1\", \"type\": \"orifice\","
  " \"area\": \"20 mm^2 * (1 - pulse(t, 0.2, 0.1))\" },\n"
  "    { \"id\": \"O2\", \"type\": \"orifice\", \"area\": \"10 mm^2\" },\n"
  "    { \"id\": \"O3\", \"type\": \"orifice\", \"area\": \"5 mm^2\" },\n"
  "    { \"id\": \"T2\", \"type\": \"tank\" },\n"
  "    { \"id\": \"T3\", \"type\": \"tank\" },\n"
  "    { \"id\": \"O4\", \"type\": \"orifice\", \"area\": \"1 mm^2\" },\n"
  "    { \"id\": \"T4\", \"type\": \"tank\" } ],\n"
  "  \"wires\": [ [\"T1.p\", \"P.a\"], [\"P.b\", \"J1.p\"], [\"J1.p\", \"O1.a\"],"
  " [\"J1.p\", \"O2.a\"], [\"J1.p\", \"O3.a\"], [\"O1.b\", \"T2.p\"], [\"O2.b\", \"T2.p\"],"
  " [\"O3.b\", \"T2.p\"], [\"T3.p\", \"O4.a\"], [\"O4.b\", \"T4.p\"] ],\n"
  "  \"simulation\": { \"t_end\": 0.5, \"method\": \"msbdf\", \"rtol\": 1e-6, \"atol\": 1e-9,"
  " \"output_interval\": 0.005 } }\n";

static void
test_fallbacks_merged (void)
{
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (idle_orifice);

  for (guint m = 0; m < G_N_ELEMENTS (methods); m++)
    {
      RunLog rl;
      MfSimulationStats stats;

      run_logged (tc, methods[m], &rl, &stats);
      g_test_message ("%s: %" G_GUINT64_FORMAT " SVD steps in %u entries", methods[m],
                      stats.svd_steps, rl.log->len);
      g_assert_cmpuint (stats.svd_steps, >, 1000);
      g_assert_cmpuint (rl.log->len, ==, 5);
      assert_event (rl.log, 0, "newton", "O4.v, O2.v, O1.v", "");
      assert_event (rl.log, 1, "O1", "open", "closed");
      assert_event (rl.log, 2, "newton", "O4.v, O2.v", "");
      assert_event (rl.log, 3, "O1", "closed", "open");
      assert_event (rl.log, 4, "newton", "O4.v, O2.v, O1.v", "");
      g_assert_cmpfloat (event_at (rl.log, 0)->t, ==, 0.0);
      for (guint i = 1; i < 5; i += 2)
        g_assert_cmpfloat (event_at (rl.log, i + 1)->t, ==, event_at (rl.log, i)->t);
      /* each run lasts as long as its configuration, within a step */
      g_assert_cmpfloat (g_array_index (rl.t_last, double, 0), >, 0.15);
      g_assert_cmpfloat (g_array_index (rl.t_last, double, 2), >, 0.25);
      g_assert_cmpfloat (g_array_index (rl.t_last, double, 4), >, 0.45);
      run_log_clear (&rl);
    }
}

/* ---- the switches in the samples ------------------------------------------- */

typedef struct
{
  guint   n_values;
  GArray *times;  /* double */
  GArray *values; /* double, n_values per sample */
} Samples;

static gboolean
record_all (double t, guint mode, const double *values, gpointer data)
{
  Samples *samples = data;

  g_array_append_val (samples->times, t);
  g_array_append_vals (samples->values, values, samples->n_values);
  return TRUE;
}

/* The state of switch `i` at t from the log, replayed: valves start open
 * unless the mode at 0 lists them, stops free; a valve's events say what
 * it became, a mode change closes what the new mode lists. */
static double
replayed (const MfTestCircuit *tc, const GArray *log, guint i, double t)
{
  const MfCircuit *circuit = mf_model_get_circuit (tc->model);
  guint c = mf_simulation_switch_component (tc->model, i);
  const MfComponent *component = g_ptr_array_index (circuit->components, c);
  const char *id = component->id;
  gboolean stop = component->info->type == MF_COMPONENT_PISTON;
  double state = stop ? 0.0 : 1.0;

  for (guint e = 0; e < log->len && event_at (log, e)->t <= t; e++)
    {
      const Event *event = event_at (log, e);

      if (strcmp (event->component, id) == 0)
        state = strcmp (event->to, stop ? "at stop" : "open") == 0 ? 1.0 : 0.0;
      else if (strcmp (event->component, "schedule") == 0)
        for (guint k = 0; k < circuit->modes->len; k++)
          {
            const MfMode *mode = g_ptr_array_index (circuit->modes, k);

            if (strcmp (mode->name, event->to) != 0)
              continue;
            for (guint j = 0; j < mode->closed->len; j++)
              if (g_array_index (mode->closed, guint, j) == c)
                state = 0.0;
          }
    }
  return state;
}

/* Every example with a switch: each sample's switch columns are what its
 * event log says at that time, and the names are ID.open or ID.at_stop. */
static void
test_switch_columns (gconstpointer data)
{
  const char *const *expected = data;
  const char *dir = g_getenv ("MANIFOLD_EXAMPLES");
  g_autofree char *file = g_strconcat (expected[0], ".manifold", NULL);
  g_autofree char *path = g_build_filename (dir != NULL ? dir : "data/examples", file, NULL);
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new_from_file (path);
  g_autoptr (GArray) log = event_log_new ();
  g_autoptr (GError) error = NULL;
  guint n_outputs = mf_model_n_outputs (tc->model);
  guint n_switches = mf_simulation_n_switches (tc->model);
  Samples samples = { n_outputs + n_switches, g_array_new (FALSE, FALSE, sizeof (double)),
                      g_array_new (FALSE, FALSE, sizeof (double)) };
  MfSimulationOptions options;
  guint changes = 0;

  for (guint i = 0; i < n_switches; i++)
    {
      g_autofree char *name = mf_simulation_switch_name (tc->model, i);

      g_assert_cmpstr (name, ==, expected[i + 1]);
    }
  g_assert_null (expected[n_switches + 1]);
  mf_simulation_options_from_circuit (&options, mf_model_get_circuit (tc->model));
  options.event = record_event;
  options.event_data = log;
  g_assert_true (mf_simulate (tc->model, &options, record_all, &samples, NULL, NULL, &error));
  g_assert_no_error (error);
  for (guint s = 0; s < samples.times->len; s++)
    for (guint i = 0; i < n_switches; i++)
      {
        double t = g_array_index (samples.times, double, s);
        double got = g_array_index (samples.values, double, s * samples.n_values + n_outputs + i);

        g_assert_cmpfloat (got, ==, replayed (tc, log, i, t));
        if (s > 0
            && got != g_array_index (samples.values, double,
                                     (s - 1) * samples.n_values + n_outputs + i))
          changes++;
      }
  /* the columns do change: the examples switch */
  g_assert_cmpuint (changes, >, 0);
  g_array_unref (samples.times);
  g_array_unref (samples.values);
}

int
main (int argc, char *argv[])
{
  static const char *const cylinder[] = { "check-valve-cylinder", "CV1.open", "C1.at_stop",
                                          NULL };
  static const char *const end_stop[] = { "cylinder-end-stop", "R1.open", "C1.at_stop", NULL };
  static const char *const closing[] = { "valve-closing", "V1.open", NULL };
  static const char *const reopening[] = { "orifice-closes-and-reopens", "O1.open", NULL };

  mf_init ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/run-log/fallbacks-example", test_fallbacks_example);
  g_test_add_func ("/run-log/fallbacks-merged", test_fallbacks_merged);
  g_test_add_data_func ("/run-log/switches/check-valve-cylinder", cylinder, test_switch_columns);
  g_test_add_data_func ("/run-log/switches/cylinder-end-stop", end_stop, test_switch_columns);
  g_test_add_data_func ("/run-log/switches/valve-closing", closing, test_switch_columns);
  g_test_add_data_func ("/run-log/switches/orifice-closes-and-reopens", reopening,
                        test_switch_columns);
  return g_test_run ();
}
