/* test-accumulator.c: the gas-charged accumulator (docs/model.md,
 * "Accumulators") against its closed forms: charged by a constant flow,
 * emptied through an orifice until it closes by an event, and opened
 * again when the circuit's pressure passes its precharge.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>

#include "mf-accumulator.h"
#include "mf-test-events.h"

/* The port area of the default 10 mm port: every A1.x is a fluid volume
 * over it. */
#define PORT_AREA (G_PI * 0.01 * 0.01 / 4.0)

static const MfSimulationOptions *
tight (MfSimulationOptions *options, const MfTestCircuit *tc, GArray *log)
{
  mf_simulation_options_from_circuit (options, mf_model_get_circuit (tc->model));
  options->rtol = 1e-10;
  options->atol = 1e-14;
  options->event = record_event;
  options->event_data = log;
  return options;
}

/* The law and its inverse: 1 L precharged to 20 bar, n = 1.4, holding
 * 0.5 L of fluid has its gas at 20·2^1.4 = 52.780 bar; the tangent
 * continuation below 0 has the slope n·p0/V0 = 2.8e9 Pa/m³. */
static void
test_law (void)
{
  MfAccumulator gas = { 20e5, 1e-3, 1.4 };
  double slope, p = mf_accumulator_pressure (&gas, 0.5e-3, &slope);

  g_assert_cmpfloat_with_epsilon (p, 20e5 * pow (2.0, 1.4), 1e-9 * p);
  g_assert_cmpfloat_with_epsilon (slope, 1.4 * p / 0.5e-3, 1e-9 * slope);
  g_assert_cmpfloat_with_epsilon (mf_accumulator_fluid_volume (&gas, p), 0.5e-3, 1e-15);
  g_assert_cmpfloat (mf_accumulator_fluid_volume (&gas, 10e5), ==, 0.0);
  p = mf_accumulator_pressure (&gas, -1e-6, &slope);
  g_assert_cmpfloat_with_epsilon (slope, 2.8e9, 1e-6);
  g_assert_cmpfloat_with_epsilon (p, 20e5 - 2.8e3, 1e-6);
  /* beyond the last thousandth of the gas volume: finite, rising */
  p = mf_accumulator_pressure (&gas, 2e-3, &slope);
  g_assert_true (isfinite (p) && isfinite (slope) && slope > 0.0);
  g_assert_cmpfloat (p, >, mf_accumulator_pressure (&gas, 0.999e-3, NULL));
}

/* A flow source of Q = 1e-5 m³/s into a junction with only the massless
 * accumulator (p0 = 20 bar, V0 = 1 L, n = 1.4): its fluid volume is
 * Q t exactly, so the junction's pressure is p0·(V0/(V0 − Q t))^n —
 * 20·2^1.4 = 52.780 bar at t = 50 s. */
static void
test_charge (void)
{
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (
    "{ \"manifold\": 1, " FLUID ", \"components\": ["
    "  { \"id\": \"T1\", \"type\": \"tank\" },"
    "  { \"id\": \"Q1\", \"type\": \"flow_source\", \"flow\": 1e-5 },"
    "  { \"id\": \"J1\", \"type\": \"junction\" },"
    "  { \"id\": \"A1\", \"type\": \"accumulator\", \"precharge_pressure\": \"20 bar\","
    "    \"gas_volume\": \"1 L\", \"polytropic_exponent\": 1.4 } ],"
    "  \"wires\": [ [\"T1.p\", \"Q1.a\"], [\"Q1.b\", \"J1.p\"], [\"J1.p\", \"A1.p\"] ],"
    "  \"simulation\": { \"t_end\": 50, \"output_interval\": 5 } }");
  g_autoptr (GArray) log = event_log_new ();
  MfSimulationOptions options;
  g_autoptr (MfTestRecording) rec =
    mf_test_recording_simulate (tc->model, tight (&options, tc, log), NULL);

  g_assert_cmpuint (mf_test_recording_n_samples (rec), ==, 11);
  for (guint i = 0; i < mf_test_recording_n_samples (rec); i++)
    {
      double t = mf_test_recording_time (rec, i);
      double p = 20e5 * pow (1e-3 / (1e-3 - 1e-5 * t), 1.4);

      g_assert_cmpfloat_with_epsilon (value (tc, rec, i, "J1.p"), p, 1e-8 * p);
      g_assert_cmpfloat_with_epsilon (value (tc, rec, i, "A1.x") * PORT_AREA, 1e-5 * t, 1e-13);
      g_assert_cmpfloat_with_epsilon (value (tc, rec, i, "A1.q"), 1e-5, 1e-15);
    }
  g_assert_cmpfloat_with_epsilon (value (tc, rec, 10, "J1.p"), 52.780e5, 0.001e5);
  g_assert_cmpuint (log->len, ==, 0);
}

/* The isothermal (n = 1) accumulator, p0 = 10 bar, V0 = 1 L, starts with
 * 0.5 L of fluid (20 bar) and empties through an orifice (a = 1 mm²,
 * c_d = 0.61, massless) into a tank at 0.  With the gas volume G:
 * G' = c_d a √(2 p/ρ), p = p0 V0 / G, so √G G' = c, c = c_d a √(2 p0 V0/ρ),
 * and G^1.5 grows by 1.5 c t: the gas fills V0 again, the fluid volume
 * reaching 0, at t_e = (V0^1.5 − (V0/2)^1.5) / (1.5 c) = 15.80 s.  There
 * the accumulator closes (an event, not a NaN): A1.x stays 0 and its end
 * stop holds A·p0 = 78.54 N while the junction falls to the tank's 0.
 * The tank then rises, 20 bar per second from t = 20 s: the accumulator
 * opens again as it passes p0, at 20.5 s. */
static void
test_empty_and_refill (void)
{
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (
    "{ \"manifold\": 1, " FLUID ", \"components\": ["
    "  { \"id\": \"A1\", \"type\": \"accumulator\", \"precharge_pressure\": \"10 bar\","
    "    \"gas_volume\": \"1 L\", \"polytropic_exponent\": 1 },"
    "  { \"id\": \"J1\", \"type\": \"junction\" },"
    "  { \"id\": \"O1\", \"type\": \"orifice\", \"area\": \"1 mm^2\" },"
    "  { \"id\": \"T2\", \"type\": \"tank\", \"pressure\": \"20 bar * ramp(t, 20, 21)\" } ],"
    "  \"wires\": [ [\"A1.p\", \"J1.p\"], [\"J1.p\", \"O1.a\"], [\"O1.b\", \"T2.p\"] ],"
    "  \"initial\": { \"A1.x\": 6.366197723675814 },"
    "  \"simulation\": { \"t_end\": 22, \"output_interval\": 0.5 } }");
  g_autoptr (GArray) log = event_log_new ();
  MfSimulationOptions options;
  g_autoptr (MfTestRecording) rec =
    mf_test_recording_simulate (tc->model, tight (&options, tc, log), NULL);
  double c = 0.61e-6 * sqrt (2.0 * 10e5 * 1e-3 / RHO);
  double t_e = (pow (1e-3, 1.5) - pow (0.5e-3, 1.5)) / (1.5 * c);

  /* 0.5 L over the port area */
  g_assert_cmpfloat_with_epsilon (6.366197723675814 * PORT_AREA, 0.5e-3, 1e-17);
  g_assert_cmpfloat_with_epsilon (t_e, 15.80, 0.01);
  g_assert_cmpuint (log->len, ==, 2);
  assert_event (log, 0, "A1", "free", "at stop");
  g_test_message ("A1 empties at %.12g s, %.2g s from t_e", event_at (log, 0)->t,
                  event_at (log, 0)->t - t_e);
  g_assert_cmpfloat (fabs (event_at (log, 0)->t - t_e), <=, 1e-7);
  assert_event (log, 1, "A1", "at stop", "free");
  g_assert_cmpfloat (fabs (event_at (log, 1)->t - 20.5), <=, 1e-6);
  for (guint i = 0; i < mf_test_recording_n_samples (rec); i++)
    {
      double t = mf_test_recording_time (rec, i);

      g_assert_true (isfinite (value (tc, rec, i, "J1.p")));
      if (t < t_e - 0.01)
        {
          double gas = pow (pow (0.5e-3, 1.5) + 1.5 * c * t, 1.0 / 1.5);

          g_assert_cmpfloat_with_epsilon (value (tc, rec, i, "J1.p"), 10e5 * 1e-3 / gas,
                                          1e-7 * 10e5);
        }
      else if (t > t_e + 0.01 && t < 20.0)
        {
          g_assert_cmpfloat (value (tc, rec, i, "A1.x"), ==, 0.0);
          g_assert_cmpfloat_with_epsilon (value (tc, rec, i, "J1.p"), 0.0, 1e-6);
          g_assert_cmpfloat_with_epsilon (value (tc, rec, i, "A1.stop_force"),
                                          PORT_AREA * 10e5, 1e-9);
        }
      else if (t > 20.6)
        g_assert_cmpfloat (value (tc, rec, i, "A1.x"), >, 0.0);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/accumulator/law", test_law);
  g_test_add_func ("/accumulator/charge", test_charge);
  g_test_add_func ("/accumulator/empty-and-refill", test_empty_and_refill);
  return g_test_run ();
}
