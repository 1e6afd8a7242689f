/* test-inputs.c: what depends on t alone (mf-events-inputs.c) — areas that
 * close check valves, areas that dip to zero inside one step, valves whose
 * area is zero from the start, and inputs that stop being finite, each of
 * which used to end a run with "not finite" or to simulate a negative area
 * as if it were positive.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include "mf-error.h"
#include "mf-test-events.h"

/* A 10 bar tank drives water through a pipe into J1, which drains to a
 * tank at 0 through O2 (10 mm²) and through the two-port `ID` of `type`
 * whose area is `area`.  The ports are 10 mm across: a_eps = 1e-9 × 78.5
 * mm² = 7.85e-14 m². */
#define AREA_A_EPS (1e-9 * G_PI * 0.01 * 0.01 / 4.0)
#define PARALLEL(type, area, t_end) \
  "{ \"manifold\": 1, " FLUID ",\n" \
  "  \"components\": [\n" \
  "    { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"10 bar\" },\n" \
  "    { \"id\": \"P\", \"type\": \"pipe\", \"length\": 2, \"diameter\": 0.012 },\n" \
  "    { \"id\": \"J1\", \"type\": \"junction\" },\n" \
  "    { \"id\": \"V1\", \"type\": \"" type "\", \"area\": \"" area "\" },\n" \
  "    { \"id\": \"O2\", \"type\": \"orifice\", \"area\": 1e-5 },\n" \
  "    { \"id\": \"T2\", \"type\": \"tank\" } ],\n" \
  "  \"wires\": [ [\"T1.p\", \"P.a\"], [\"P.b\", \"J1.p\"], [\"J1.p\", \"V1.a\"]," \
  " [\"J1.p\", \"O2.a\"], [\"V1.b\", \"T2.p\"], [\"O2.b\", \"T2.p\"] ],\n" \
  "  \"simulation\": { \"t_end\": " t_end ", \"method\": \"msbdf\", \"rtol\": 1e-6," \
  " \"atol\": 1e-9, \"output_interval\": 0.01 } }\n"

/* Every output but the solver's σ (nan without algebraic states) is finite,
 * and V1 passes nothing while closed — between the events of `log` — and
 * something while open. */
static void
check_closed_between (const MfTestCircuit *tc, const MfTestRecording *rec, const GArray *log)
{
  for (guint i = 0; i < mf_test_recording_n_samples (rec); i++)
    {
      double t = mf_test_recording_time (rec, i);
      gboolean closed = FALSE;

      for (guint o = 0; o < mf_model_n_outputs (tc->model); o++)
        if (!g_str_has_prefix (mf_model_output_name (tc->model, o), "solver."))
          g_assert_true (isfinite (mf_test_recording_value (rec, i, o)));
      for (guint e = 0; e < log->len; e++)
        if (event_at (log, e)->t <= t)
          closed = strcmp (event_at (log, e)->to, "closed") == 0;
      if (closed)
        g_assert_cmpfloat (value (tc, rec, i, "V1.q"), ==, 0.0);
      else if (t > 0.0)
        g_assert_cmpfloat (value (tc, rec, i, "V1.q"), >, 0.0);
    }
}

/* ---- check valves closed by their area ------------------------------------ */

/* A check valve whose area pulses to zero from 0.2 to 0.3 s: its area
 * closes and reopens it, as it does an orifice's (it used to stop the run
 * at 0.2 s, its law needing an infinite pressure drop); its own switch
 * (cracking, reversal) stays as it was meanwhile. */
static const char check_valve_pulse[] =
  PARALLEL ("check_valve", "20 mm^2 * (1 - pulse(t, 0.2, 0.1))", "0.5");

/* One whose area is zero until 0.1 s: it starts closed by its area (the
 * log shows it closing at 0), and opens when the area rises above a_eps on
 * the ramp, at 0.1 + 0.1 a_eps / 20 mm². */
static const char check_valve_ramp[] =
  PARALLEL ("check_valve", "20 mm^2 * ramp(t, 0.1, 0.2)", "0.3");

static void
test_check_valve_area (void)
{
  g_autoptr (MfTestCircuit) pulse = mf_test_circuit_new (check_valve_pulse);
  g_autoptr (MfTestCircuit) ramp = mf_test_circuit_new (check_valve_ramp);
  double t_ramp = 0.1 + 0.1 * AREA_A_EPS / 20e-6;

  for (guint m = 0; m < G_N_ELEMENTS (methods); m++)
    {
      g_autoptr (GArray) log = event_log_new ();
      g_autoptr (GArray) ramp_log = event_log_new ();
      g_autoptr (MfTestRecording) rec = run (pulse, methods[m], log, NULL);
      g_autoptr (MfTestRecording) ramp_rec = run (ramp, methods[m], ramp_log, NULL);

      g_assert_cmpuint (log->len, ==, 2);
      assert_event (log, 0, "V1", "open", "closed");
      assert_event (log, 1, "V1", "closed", "open");
      g_assert_cmpfloat (fabs (event_at (log, 0)->t - 0.2), <=, 1e-11);
      g_assert_cmpfloat (fabs (event_at (log, 1)->t - 0.3), <=, 1e-11);
      check_closed_between (pulse, rec, log);

      g_assert_cmpuint (ramp_log->len, ==, 2);
      assert_event (ramp_log, 0, "V1", "open", "closed");
      g_assert_cmpfloat (event_at (ramp_log, 0)->t, ==, 0.0);
      assert_event (ramp_log, 1, "V1", "closed", "open");
      g_test_message ("%s: V1 opens at %.15g s, %.2g s from %.15g s", methods[m],
                      event_at (ramp_log, 1)->t, event_at (ramp_log, 1)->t - t_ramp, t_ramp);
      g_assert_cmpfloat (fabs (event_at (ramp_log, 1)->t - t_ramp), <=, 1e-11);
      check_closed_between (ramp, ramp_rec, ramp_log);
    }
}

/* ---- areas that dip to zero inside one step --------------------------- */

/* The area of orifice V1 is negative for 20 µs around 0.505 s, either by a
 * kink (abs) or smoothly (a parabola); with output samples 10 ms apart and
 * no input breakpoint there, steps are far longer than the dip, and used to
 * step over it, the orifice law treating the negative area as a positive
 * one.  The dip must close the orifice where a(t) falls to a_eps and open
 * it where it rises again, at
 *   kink:     a = 20 mm² (|t − 0.505| − 1e-5),
 *             |t − 0.505| = 1e-5 + a_eps / 20 mm²;
 *   parabola: a = 20 mm² ((t − 0.505)² / 1e-5 − 1e-5),
 *             |t − 0.505| = √(1e-10 + 1e-5 a_eps / 20 mm²). */
static const char dip_kink[] = PARALLEL ("orifice", "20 mm^2 * (abs(t - 0.505) - 1e-5)", "0.6");
static const char dip_smooth[] =
  PARALLEL ("orifice", "20 mm^2 * ((t - 0.505)^2 / 1e-5 - 1e-5)", "0.6");

static void
test_dips (void)
{
  const char *const documents[] = { dip_kink, dip_smooth };
  const double half_widths[] = { 1e-5 + AREA_A_EPS / 20e-6,
                                 sqrt (1e-10 + 1e-5 * AREA_A_EPS / 20e-6) };

  for (guint d = 0; d < G_N_ELEMENTS (documents); d++)
    for (guint m = 0; m < G_N_ELEMENTS (methods); m++)
      {
        g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (documents[d]);
        g_autoptr (GArray) log = event_log_new ();
        g_autoptr (MfTestRecording) rec = run (tc, methods[m], log, NULL);

        g_assert_cmpuint (log->len, ==, 2);
        assert_event (log, 0, "V1", "open", "closed");
        assert_event (log, 1, "V1", "closed", "open");
        g_test_message ("%s, %s: closed from %.15g to %.15g s", d == 0 ? "kink" : "parabola",
                        methods[m], event_at (log, 0)->t, event_at (log, 1)->t);
        g_assert_cmpfloat (fabs (event_at (log, 0)->t - (0.505 - half_widths[d])), <=, 1e-11);
        g_assert_cmpfloat (fabs (event_at (log, 1)->t - (0.505 + half_widths[d])), <=, 1e-11);
        check_closed_between (tc, rec, log);
      }
}

/* ---- a valve whose area is zero for good ------------------------------- */

/* A valve of area 0 used to stop the run before it began ("the equations
 * do not determine every state"): it is closed throughout. */
static const char shut_valve[] = PARALLEL ("valve", "0", "0.1");

static void
test_zero_area_valve (void)
{
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (shut_valve);
  g_autoptr (GArray) log = event_log_new ();
  g_autoptr (MfTestRecording) rec = run (tc, NULL, log, NULL);

  g_assert_cmpuint (log->len, ==, 1);
  assert_event (log, 0, "V1", "open", "closed");
  g_assert_cmpfloat (event_at (log, 0)->t, ==, 0.0);
  g_assert_cmpfloat (mf_test_recording_time (rec, mf_test_recording_n_samples (rec) - 1), ==,
                     0.1);
  check_closed_between (tc, rec, log);
}

/* ---- inputs that are not finite --------------------------------------------- */

/* The tank's pressure sqrt(0.5 − t) is nan after 0.5 s; a pump's log(t) is
 * −inf at 0.  Each run ends there, naming the component, with the samples
 * up to that time kept: the integrator never sees the numbers go bad. */
static const char tank_nan[] =
  "{ \"manifold\": 1, " FLUID ",\n"
  "  \"components\": [\n"
  "    { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"1e6 * sqrt(0.5 - t)\" },\n"
  "    { \"id\": \"P\", \"type\": \"pipe\", \"length\": 2, \"diameter\": 0.012 },\n"
  "    { \"id\": \"O2\", \"type\": \"orifice\", \"area\": 1e-5 },\n"
  "    { \"id\": \"T2\", \"type\": \"tank\" } ],\n"
  "  \"wires\": [ [\"T1.p\", \"P.a\"], [\"P.b\", \"O2.a\"], [\"O2.b\", \"T2.p\"] ],\n"
  "  \"simulation\": { \"t_end\": 1, \"method\": \"msbdf\", \"output_interval\": 0.01 } }\n";

static const char pump_log[] =
  "{ \"manifold\": 1, " FLUID ",\n"
  "  \"components\": [\n"
  "    { \"id\": \"T1\", \"type\": \"tank\" },\n"
  "    { \"id\": \"Q1\", \"type\": \"flow_source\", \"flow\": \"1e-4 * log(t)\" },\n"
  "    { \"id\": \"J1\", \"type\": \"junction\" },\n"
  "    { \"id\": \"O2\", \"type\": \"orifice\", \"area\": 1e-5 },\n"
  "    { \"id\": \"T2\", \"type\": \"tank\" } ],\n"
  "  \"wires\": [ [\"T1.p\", \"Q1.a\"], [\"Q1.b\", \"J1.p\"], [\"J1.p\", \"O2.a\"],"
  " [\"O2.b\", \"T2.p\"] ],\n"
  "  \"simulation\": { \"t_end\": 1, \"method\": \"msbdf\", \"output_interval\": 0.01 } }\n";

static void
check_fails (const char *document, const char *message, guint samples)
{
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (document);
  g_autoptr (MfTestRecording) rec = mf_test_recording_new (tc->model);
  g_autoptr (GError) error = mf_test_recording_simulate_failing (tc->model, rec);

  g_assert_cmpstr (error->message, ==, message);
  g_assert_cmpuint (mf_test_recording_n_samples (rec), ==, samples);
  for (guint i = 0; i < samples; i++)
    for (guint o = 0; o < mf_model_n_outputs (tc->model); o++)
      if (!g_str_has_prefix (mf_model_output_name (tc->model, o), "solver."))
        g_assert_true (isfinite (mf_test_recording_value (rec, i, o)));
}

static void
test_not_finite (void)
{
  check_fails (tank_nan,
               "at t = 0.5 s: tank 'T1': its pressure is not finite (nan Pa): the expression "
               "cannot be evaluated there", 51);
  check_fails (pump_log,
               "at t = 0 s: flow source 'Q1': its flow is not finite (-inf m^3/s): the "
               "expression cannot be evaluated there", 0);
}

int
main (int argc, char *argv[])
{
  mf_init ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/inputs/check-valve-area", test_check_valve_area);
  g_test_add_func ("/inputs/dips", test_dips);
  g_test_add_func ("/inputs/zero-area-valve", test_zero_area_valve);
  g_test_add_func ("/inputs/not-finite", test_not_finite);
  return g_test_run ();
}
