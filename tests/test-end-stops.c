/* test-end-stops.c: pistons held at the ends of their stroke, as events.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include "mf-error.h"
#include "mf-test-events.h"

/* Pump Q1 pushes q = 1e-4 m^3/s into the cap of C1 (A = 1e-3 m^2, stroke
 * 50 mm), so v = q / A = 0.1 m/s (from the start: without that initial
 * velocity R1 would take the flow while C1 accelerates) and C1 reaches its
 * stroke at t* = 0.5 s.
 * Until then the cap holds 1 bar, below R1's 10 bar: R1 is shut; when C1
 * stops, the pump's flow must go through R1, which opens. */
#define STOP_Q      1e-4
#define STOP_A      1e-3
#define STOP_STROKE 0.05

static const char stop_pump[] =
  "{ \"manifold\": 1, " FLUID ",\n"
  "  \"components\": [\n"
  "    { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": 0 },\n"
  "    { \"id\": \"Q1\", \"type\": \"flow_source\", \"flow\": 1e-4 },\n"
  "    { \"id\": \"J1\", \"type\": \"junction\" },\n"
  "    { \"id\": \"C1\", \"type\": \"piston\", \"mass\": 5, \"cap_area\": 1e-3,"
  " \"rod_area\": 5e-4, \"damping\": 1000, \"stroke\": 0.05 },\n"
  "    { \"id\": \"R1\", \"type\": \"relief_valve\", \"set_pressure\": \"10 bar\","
  " \"full_area\": \"10 mm^2\", \"full_open_rise\": \"10 bar\" },\n"
  "    { \"id\": \"T2\", \"type\": \"tank\", \"pressure\": 0 },\n"
  "    { \"id\": \"T3\", \"type\": \"tank\", \"pressure\": 0 } ],\n"
  "  \"wires\": [ [\"T1.p\", \"Q1.a\"], [\"Q1.b\", \"J1.p\"], [\"J1.p\", \"C1.cap\"],"
  " [\"J1.p\", \"R1.a\"], [\"R1.b\", \"T2.p\"], [\"C1.rod\", \"T3.p\"] ],\n"
  "  \"initial\": { \"C1.v\": 0.1 },\n"
  "  \"simulation\": { \"t_end\": 1, \"method\": \"msbdf\", \"rtol\": 1e-8, "
  "\"atol\": 1e-12, \"output_interval\": 0.01 } }\n";

static guint
find_event (const GArray *log, const char *component, const char *to)
{
  for (guint i = 0; i < log->len; i++)
    if (strcmp (event_at (log, i)->component, component) == 0
        && strcmp (event_at (log, i)->to, to) == 0)
      return i;
  g_assert_not_reached ();
}

static void
test_end_stop_reached (void)
{
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (stop_pump);
  double t_star = STOP_STROKE / (STOP_Q / STOP_A);

  for (guint m = 0; m < G_N_ELEMENTS (methods); m++)
    {
      g_autoptr (GArray) log = event_log_new ();
      g_autoptr (MfTestRecording) run_ = NULL;
      MfSimulationStats stats;
      guint stop, open;
      double t_stop;

      run_ = run (tc, methods[m], log, &stats);
      stop = find_event (log, "C1", "at stop");
      assert_event (log, stop, "C1", "free", "at stop");
      open = find_event (log, "R1", "open");
      t_stop = event_at (log, stop)->t;
      g_test_message ("%s: C1 stops at %.15g s, %.2g s from %.15g s; energy lost %.3g J",
                      methods[m], t_stop, t_stop - t_star, t_star, stats.energy_lost);
      g_assert_cmpfloat (fabs (t_stop - t_star), <=, LOCATED);
      g_assert_cmpfloat (event_at (log, open)->t, ==, t_stop);

      for (guint i = 0; i < mf_test_recording_n_samples (run_); i++)
        {
          double t = mf_test_recording_time (run_, i);

          if (t < t_star)
            {
              g_assert_cmpfloat_with_epsilon (value (tc, run_, i, "C1.x"),
                                              STOP_Q / STOP_A * t, 1e-9);
              g_assert_cmpfloat (value (tc, run_, i, "C1.stop_force"), ==, 0.0);
              g_assert_cmpfloat (value (tc, run_, i, "R1.q"), ==, 0.0);
            }
          else if (t > t_stop)
            {
              g_assert_cmpfloat (value (tc, run_, i, "C1.v"), ==, 0.0);
              g_assert_cmpfloat (value (tc, run_, i, "C1.x"), ==, STOP_STROKE);
              g_assert_cmpfloat_with_epsilon (value (tc, run_, i, "R1.q"), STOP_Q, 1e-12);
              /* the stop holds the cap pressure, at least R1's setting */
              g_assert_cmpfloat (value (tc, run_, i, "C1.stop_force"), >=, 1e6 * STOP_A);
            }
        }
    }
}

/* Tank T1 at p(t) = 20 bar (1 − t) pushes C1 (A = 1e-3 m^2, stroke 0.1 m)
 * out against spring K1 (1e4 N/m) onto its stop.  Held there, the stop
 * pushes back with p A − k stroke = 2000 (1 − t) − 1000 N, which reaches 0
 * at t = 0.5 s: the spring then pulls the piston back off the stop. */
static const char stop_spring[] =
  "{ \"manifold\": 1, " FLUID ",\n"
  "  \"components\": [\n"
  "    { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"20 bar * (1 - ramp(t, 0, 1))\" },\n"
  "    { \"id\": \"C1\", \"type\": \"piston\", \"mass\": 5, \"cap_area\": 1e-3,"
  " \"rod_area\": 5e-4, \"damping\": 200, \"stroke\": 0.1 },\n"
  "    { \"id\": \"T2\", \"type\": \"tank\", \"pressure\": 0 },\n"
  "    { \"id\": \"K1\", \"type\": \"spring\", \"stiffness\": 1e4 },\n"
  "    { \"id\": \"G1\", \"type\": \"fixed\" } ],\n"
  "  \"wires\": [ [\"T1.p\", \"C1.cap\"], [\"C1.rod\", \"T2.p\"], [\"C1.m\", \"K1.a\"],"
  " [\"K1.b\", \"G1.m\"] ],\n"
  "  \"simulation\": { \"t_end\": 0.8, \"method\": \"msbdf\", \"rtol\": 1e-8, "
  "\"atol\": 1e-12, \"output_interval\": 0.01 } }\n";

static void
test_end_stop_released (void)
{
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (stop_spring);

  for (guint m = 0; m < G_N_ELEMENTS (methods); m++)
    {
      g_autoptr (GArray) log = event_log_new ();
      g_autoptr (MfTestRecording) run_ = NULL;
      MfSimulationStats stats;
      double t_stop, t_free, x_last = INFINITY;

      run_ = run (tc, methods[m], log, &stats);
      g_assert_cmpuint (log->len, ==, 2);
      assert_event (log, 0, "C1", "free", "at stop");
      assert_event (log, 1, "C1", "at stop", "free");
      t_stop = event_at (log, 0)->t;
      t_free = event_at (log, 1)->t;
      g_test_message ("%s: C1 stops at %.9g s and leaves at %.15g s, %.2g s from 0.5 s; "
                      "energy lost %.3g J", methods[m], t_stop, t_free, t_free - 0.5,
                      stats.energy_lost);
      g_assert_cmpfloat (fabs (t_free - 0.5), <=, LOCATED);
      /* it hits the stop moving: the impact takes its kinetic energy */
      g_assert_cmpfloat (stats.energy_lost, >, 0.0);

      for (guint i = 0; i < mf_test_recording_n_samples (run_); i++)
        {
          double t = mf_test_recording_time (run_, i), x = value (tc, run_, i, "C1.x");

          if (t > t_stop && t < t_free)
            {
              g_assert_cmpfloat (x, ==, 0.1);
              g_assert_cmpfloat (value (tc, run_, i, "C1.v"), ==, 0.0);
              g_assert_cmpfloat_with_epsilon (value (tc, run_, i, "C1.stop_force"),
                                              2000.0 * (1.0 - t) - 1000.0, 1e-6);
            }
          else if (t > t_free)
            {
              g_assert_cmpfloat (value (tc, run_, i, "C1.stop_force"), ==, 0.0);
              g_assert_cmpfloat (x, <, MIN (x_last, 0.1));
            }
          x_last = x;
        }
    }
}

/* ---- a pump with nowhere to go ------------------------------------------ */

/* Pump Q1 ramps to 1e-4 m^3/s by 0.05 s into the cap of C1 (stroke 50 mm),
 * which reaches its stop at t* = 0.025 + 0.05 / 0.1 = 0.525 s.  Out of the
 * cap's junction lead CVA (5 bar) and CVB (8 bar) to tanks at 0; elsewhere
 * CVC (5 bar) holds a 3 bar tank.  The valves carry a little fluid mass so
 * that at rest their flow is exactly 0 and they start closed (massless,
 * Newton would find a flow of the size of the rounding's square root).
 *
 * When C1 stops, the pump's pocket rises until the lowest opening pressure
 * out of it, CVA's 5 bar, cracks CVA; the pump's flow then passes through
 * CVA's wide port at 0.13 bar, so CVB stays shut, and CVC, which has
 * nothing to do with the pump, stays shut too.  (Opening every closed
 * valve and closing those without forward flow, the rule this replaced,
 * kept CVB and CVC open with forward flow below their cracking
 * pressures.) */
#define DEADHEAD(outlets, wires) \
  "{ \"manifold\": 1, " FLUID ",\n" \
  "  \"components\": [\n" \
  "    { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": 0 },\n" \
  "    { \"id\": \"Q1\", \"type\": \"flow_source\", \"flow\": \"1e-4 * ramp(t, 0, 0.05)\" },\n" \
  "    { \"id\": \"J1\", \"type\": \"junction\" },\n" \
  "    { \"id\": \"C1\", \"type\": \"piston\", \"mass\": 5, \"cap_area\": 1e-3," \
  " \"rod_area\": 5e-4, \"damping\": 1000, \"stroke\": 0.05 },\n" \
  "    { \"id\": \"T3\", \"type\": \"tank\", \"pressure\": 0 }" outlets " ],\n" \
  "  \"wires\": [ [\"T1.p\", \"Q1.a\"], [\"Q1.b\", \"J1.p\"], [\"J1.p\", \"C1.cap\"]," \
  " [\"C1.rod\", \"T3.p\"]" wires " ],\n" \
  "  \"simulation\": { \"t_end\": 0.7, \"method\": \"msbdf\", \"rtol\": 1e-8, " \
  "\"atol\": 1e-12, \"output_interval\": 0.01 } }\n"
#define OUTLET(id, cracking, tank, tank_pressure) \
  ",\n    { \"id\": \"" id "\", \"type\": \"check_valve\", \"area\": 1e-4, \"mass\": 0.01," \
  " \"cracking_pressure\": \"" cracking "\" },\n" \
  "    { \"id\": \"" tank "\", \"type\": \"tank\", \"pressure\": \"" tank_pressure "\" }"

static const char deadhead[] =
  DEADHEAD (OUTLET ("CVA", "5 bar", "T2", "0") OUTLET ("CVB", "8 bar", "T4", "0")
            OUTLET ("CVC", "5 bar", "T5", "3 bar") ",\n"
            "    { \"id\": \"T6\", \"type\": \"tank\", \"pressure\": 0 }",
            ", [\"J1.p\", \"CVA.a\"], [\"CVA.b\", \"T2.p\"], [\"J1.p\", \"CVB.a\"],"
            " [\"CVB.b\", \"T4.p\"], [\"T5.p\", \"CVC.a\"], [\"CVC.b\", \"T6.p\"]");

/* The only check valve at the pump's junction points into it: the pocket
 * has no way out that a pressure spike could crack, and the run stops at
 * t* with the pump named, after the stop and no valve event. */
static const char deadhead_blocked[] =
  DEADHEAD (OUTLET ("CVA", "5 bar", "T2", "0"),
            ", [\"T2.p\", \"CVA.a\"], [\"CVA.b\", \"J1.p\"]");

static void
test_deadhead (void)
{
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (deadhead);
  double t_star = 0.025 + STOP_STROKE / (STOP_Q / STOP_A), q_a = STOP_Q / 1e-4;
  double p_a = RHO / 2 * (q_a / 0.61) * (q_a / 0.61);

  for (guint m = 0; m < G_N_ELEMENTS (methods); m++)
    {
      g_autoptr (GArray) log = event_log_new ();
      g_autoptr (MfTestRecording) run_ = NULL;
      guint stop;

      run_ = run (tc, methods[m], log, NULL);
      /* at rest, the three valves start closed */
      g_assert_cmpuint (log->len, ==, 5);
      stop = find_event (log, "C1", "at stop");
      g_test_message ("%s: C1 stops at %.15g s (%.2g s from t*)", methods[m],
                      event_at (log, stop)->t, event_at (log, stop)->t - t_star);
      g_assert_cmpfloat (fabs (event_at (log, stop)->t - t_star), <=, LOCATED);
      g_assert_cmpuint (stop, ==, 3);
      assert_event (log, 4, "CVA", "closed", "open");
      g_assert_cmpfloat (event_at (log, 4)->t, ==, event_at (log, stop)->t);

      for (guint i = 0; i < mf_test_recording_n_samples (run_); i++)
        {
          if (mf_test_recording_time (run_, i) <= event_at (log, stop)->t)
            continue;
          g_assert_cmpfloat_with_epsilon (value (tc, run_, i, "CVA.q"), STOP_Q, 1e-12);
          g_assert_cmpfloat_with_epsilon (value (tc, run_, i, "J1.p"), p_a, 1e-6 * p_a);
          g_assert_cmpfloat (value (tc, run_, i, "CVB.q"), ==, 0.0);
          g_assert_cmpfloat (value (tc, run_, i, "CVC.q"), ==, 0.0);
          g_assert_cmpfloat (value (tc, run_, i, "CVC.dp"), ==, 3e5);
        }
    }
}

static void
test_deadhead_blocked (void)
{
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (deadhead_blocked);
  g_autoptr (GArray) log = event_log_new ();
  g_autoptr (GError) error = NULL;
  MfSimulationOptions options;
  MfSimulationStats stats;

  mf_simulation_options_from_circuit (&options, mf_model_get_circuit (tc->model));
  options.event = record_event;
  options.event_data = log;
  g_assert_false (mf_simulate (tc->model, &options, NULL, NULL, &stats, NULL, &error));
  g_test_message ("%s", error->message);
  g_assert_error (error, MF_ERROR, MF_ERROR_STRUCTURE);
  g_assert_nonnull (strstr (error->message, "piston 'C1' reaches its end stop"));
  g_assert_nonnull (strstr (error->message, "flow source 'Q1' pumps into node J1"));
  g_assert_cmpuint (log->len, ==, 2);
  assert_event (log, 0, "CVA", "open", "closed");
  assert_event (log, 1, "C1", "free", "at stop");
}

int
main (int argc, char *argv[])
{
  mf_init ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/switching/end-stop-reached", test_end_stop_reached);
  g_test_add_func ("/switching/end-stop-released", test_end_stop_released);
  g_test_add_func ("/switching/deadhead", test_deadhead);
  g_test_add_func ("/switching/deadhead-blocked", test_deadhead_blocked);
  return g_test_run ();
}
