/* test-reducing.c: the pressure-reducing valve (docs/model.md,
 * "Pressure-reducing valves") against hand calculations: the outlet
 * pressure it holds feeding an orifice, the setting it holds on a closed
 * volume, and the refusal of an outlet whose pressure nothing determines
 * but the constraints.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include "mf-error.h"
#include "mf-test-events.h"

#define BAR 1e5

/* Supply at 100 bar, a reducing valve set to 30 bar (fully open 10 bar
 * below, 10 mm² at most), a 0.1 L hose on its outlet. */
#define SUPPLY_AND_VALVE                                                             \
  "  { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"100 bar\" },"             \
  "  { \"id\": \"PR1\", \"type\": \"reducing_valve\", \"set_pressure\": \"30 bar\","   \
  "    \"full_area\": \"10 mm^2\", \"full_open_drop\": \"10 bar\" },"                \
  "  { \"id\": \"V1\", \"type\": \"volume\", \"volume\": \"0.1 L\" },"

/* The outlet pressure p at which the valve passes what an orifice of area
 * a_o (cd 0.61 both) lets out to a tank at 0: with the valve partly open,
 *   a_full·(p_set − p)/Δp_drop·√(p_s − p) = a_o·√p
 * (cd and √(2/ρ) cancel).  The left side falls and the right rises in p,
 * so bisection on [p_set − Δp_drop, p_set] finds the one root. */
static double
held_pressure (double a_o)
{
  double lo = 20 * BAR, hi = 30 * BAR;

  for (int i = 0; i < 200; i++)
    {
      double p = 0.5 * (lo + hi);
      double f = 10e-6 * (30 * BAR - p) / (10 * BAR) * sqrt (100 * BAR - p) - a_o * sqrt (p);

      if (f > 0)
        lo = p;
      else
        hi = p;
    }
  return 0.5 * (lo + hi);
}

/* Feeding a 2 mm² orifice to tank: the outlet settles at 28.73 bar,
 * where both flows agree; every method gets it to 1e-7. */
static void
test_regulating (void)
{
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (
    "{ \"manifold\": 1, " FLUID ", \"components\": [" SUPPLY_AND_VALVE
    "  { \"id\": \"O1\", \"type\": \"orifice\", \"area\": \"2 mm^2\" },"
    "  { \"id\": \"T2\", \"type\": \"tank\" } ],"
    "  \"wires\": [ [\"T1.p\", \"PR1.a\"], [\"PR1.b\", \"V1.p\"], [\"V1.p\", \"O1.a\"],"
    "    [\"O1.b\", \"T2.p\"] ],"
    "  \"simulation\": { \"t_end\": 0.2, \"rtol\": 1e-9, \"atol\": 1e-9 } }");
  double p = held_pressure (2e-6);
  double q = 0.61 * 2e-6 * sqrt (2 * p / RHO);

  /* partly open, inside its band: 28.73 bar, as docs/model.md says */
  g_assert_cmpfloat_with_epsilon (p / BAR, 28.73, 0.005);
  for (guint m = 0; m < G_N_ELEMENTS (methods); m++)
    {
      g_autoptr (GArray) log = event_log_new ();
      g_autoptr (MfTestRecording) r = run (tc, methods[m], log, NULL);
      guint last = mf_test_recording_n_samples (r) - 1;

      g_test_message ("%s: %.9g bar, expected %.9g", methods[m],
                      value (tc, r, last, "PR1.b.p") / BAR, p / BAR);
      g_assert_cmpfloat_with_epsilon (value (tc, r, last, "PR1.b.p"), p, 1e-7 * p);
      g_assert_cmpfloat_with_epsilon (value (tc, r, last, "PR1.q"), q, 1e-6 * q);
      g_assert_cmpfloat_with_epsilon (value (tc, r, last, "O1.q"), q, 1e-6 * q);
    }
}

/* On a closed hose the valve lets oil in until the outlet reaches its
 * setting, where its area is zero, and holds it there. */
static void
test_holds_setting (void)
{
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (
    "{ \"manifold\": 1, " FLUID ", \"components\": [" SUPPLY_AND_VALVE
    "  { \"id\": \"T2\", \"type\": \"tank\" } ],"
    "  \"wires\": [ [\"T1.p\", \"PR1.a\"], [\"PR1.b\", \"V1.p\"] ],"
    "  \"simulation\": { \"t_end\": 0.1, \"rtol\": 1e-9, \"atol\": 1e-9 } }");

  for (guint m = 0; m < G_N_ELEMENTS (methods); m++)
    {
      g_autoptr (GArray) log = event_log_new ();
      g_autoptr (MfTestRecording) r = run (tc, methods[m], log, NULL);
      guint n = mf_test_recording_n_samples (r);

      /* rising all the way, never past the setting */
      for (guint i = 1; i < n; i++)
        {
          g_assert_cmpfloat (value (tc, r, i, "PR1.b.p"), >=, value (tc, r, i - 1, "PR1.b.p")
                             - 1e-9 * BAR);
          g_assert_cmpfloat (value (tc, r, i, "PR1.b.p"), <=, 30 * BAR * (1 + 1e-9));
        }
      g_test_message ("%s: %.12g bar at the end", methods[m], value (tc, r, n - 1, "PR1.b.p") / BAR);
      /* closed by the event of its area, once, within the first 2 ms */
      g_assert_cmpuint (log->len, ==, 1);
      assert_event (log, 0, "PR1", "open", "closed");
      g_assert_cmpfloat (event_at (log, 0)->t, <, 2e-3);
      g_assert_cmpfloat_with_epsilon (value (tc, r, n - 1, "PR1.b.p"), 30 * BAR, 1e-6 * BAR);
    }
}

/* An outlet on a junction: its pressure is a multiplier of the constraints,
 * which the valve's law cannot use; refused, naming the valve and node. */
static void
test_junction_outlet_refused (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_load (
    "{ \"manifold\": 1, " FLUID ", \"components\": ["
    "  { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"100 bar\" },"
    "  { \"id\": \"PR1\", \"type\": \"reducing_valve\", \"set_pressure\": \"30 bar\","
    "    \"full_area\": \"10 mm^2\" },"
    "  { \"id\": \"J1\", \"type\": \"junction\" },"
    "  { \"id\": \"O1\", \"type\": \"orifice\", \"area\": \"2 mm^2\" },"
    "  { \"id\": \"T2\", \"type\": \"tank\" } ],"
    "  \"wires\": [ [\"T1.p\", \"PR1.a\"], [\"PR1.b\", \"J1.p\"], [\"J1.p\", \"O1.a\"],"
    "    [\"O1.b\", \"T2.p\"] ] }", &error);

  g_assert_null (tc->model);
  g_assert_error (error, MF_ERROR, MF_ERROR_STRUCTURE);
  g_assert_nonnull (strstr (error->message, "'PR1'"));
  g_assert_nonnull (strstr (error->message, "J1"));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/reducing/regulating", test_regulating);
  g_test_add_func ("/core/reducing/holds-setting", test_holds_setting);
  g_test_add_func ("/core/reducing/junction-outlet-refused", test_junction_outlet_refused);
  return g_test_run ();
}
