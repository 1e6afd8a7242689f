/* test-switching.c: check valves that switch by themselves (mf-events.h,
 * mf-simulation.h) — switching times against closed forms, the energy a
 * closing takes, valves at rest that must not chatter, the chattering
 * guard, the event log of the library and of `manifold-cli simulate
 * --events`, and the example that shows it all.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>
#include <sys/wait.h>

#include <glib/gstdio.h>

#include "mf-events.h"
#include "mf-simulation.h"
#include "mf-test-circuit.h"
#include "mf-test-cli.h"
#include "mf-test-recording.h"
#include "mf-test-events.h"

/* ---- a check valve opens at its cracking pressure ---------------------- */

/* A tank whose pressure ramps at 10 bar/s feeds a frictionless pipe that
 * ends at check valve CV1 (cracking 2 bar) into a tank at 0.  At rest CV1
 * starts closed (its spring holds it).  While it is closed nothing moves
 * the fluid, so the pipe passes the tank's pressure on: CV1 holds
 * Δp = p(t) = 1e6 t and opens when that reaches 2 bar, at t = 0.2 s. */
#define RAMP_CIRCUIT \
  "{ \"manifold\": 1, " FLUID ",\n" \
  "  \"components\": [\n" \
  "    { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"1e6 * ramp(t, 0, 1)\" },\n" \
  "    { \"id\": \"P1\", \"type\": \"pipe\", \"length\": 2, \"diameter\": 0.02," \
  " \"friction\": \"none\" },\n" \
  "    { \"id\": \"J1\", \"type\": \"junction\" },\n" \
  "    { \"id\": \"CV1\", \"type\": \"check_valve\", \"area\": 1e-4, \"cd\": 0.6," \
  " \"cracking_pressure\": \"2 bar\" },\n" \
  "    { \"id\": \"T2\", \"type\": \"tank\", \"pressure\": 0 } ],\n" \
  "  \"wires\": [ [\"T1.p\", \"P1.a\"], [\"P1.b\", \"J1.p\"], [\"J1.p\", \"CV1.a\"]," \
  " [\"CV1.b\", \"T2.p\"] ],\n"
#define RAMP_SIMULATION \
  "  \"simulation\": { \"t_end\": 0.4, \"method\": \"msbdf\", \"rtol\": 1e-8, " \
  "\"atol\": 1e-12, \"output_interval\": 0.01 } }\n"

static const char ramp_opening[] = RAMP_CIRCUIT RAMP_SIMULATION;

static void
test_opens_at_cracking (void)
{
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (ramp_opening);

  for (guint m = 0; m < G_N_ELEMENTS (methods); m++)
    {
      g_autoptr (GArray) log = event_log_new ();
      g_autoptr (MfTestRecording) run_ = NULL;
      MfSimulationStats stats;
      double t_open;

      run_ = run (tc, methods[m], log, &stats);
      g_assert_cmpuint (log->len, ==, 2);
      g_assert_cmpuint (stats.valve_events, ==, 2);
      assert_event (log, 0, "CV1", "open", "closed");
      g_assert_cmpfloat (event_at (log, 0)->t, ==, 0.0);
      assert_event (log, 1, "CV1", "closed", "open");
      t_open = event_at (log, 1)->t;
      g_test_message ("%s: CV1 opens at %.15g s, %.2g s from 0.2 s", methods[m], t_open,
                      t_open - 0.2);
      /* the valve switches where its condition holds, so never early */
      g_assert_cmpfloat (t_open, >=, 0.2);
      g_assert_cmpfloat (t_open - 0.2, <=, LOCATED);

      for (guint i = 0; i < mf_test_recording_n_samples (run_); i++)
        {
          double t = mf_test_recording_time (run_, i);
          double q = value (tc, run_, i, "CV1.q");

          if (t <= 0.2)
            {
              g_assert_cmpfloat (q, ==, 0.0);
              g_assert_cmpfloat_with_epsilon (value (tc, run_, i, "CV1.dp"), 1e6 * t, 1e-6);
            }
          else
            g_assert_cmpfloat (q, >, 0.0);
        }
    }
}

/* ---- a check valve closes when its flow reverses ----------------------- */

/* A frictionless pipe (L, d) starts at v0 from a tank at 1 bar into a tank
 * at 2 bar through check valve CV1, whose port is the pipe's bore.  With
 * K = ρ A³ / (2 cd² a²) the orifice law seen from the pipe (its mass
 * m = ρ A L), m v' = −A Δp − K v², i.e. v' = −(α + β v²) with α = Δp / (ρ L)
 * and β = K / m, so v(t) = √(α/β) tan(atan(v0 √(β/α)) − √(αβ) t), which
 * reaches 0 at t* = atan(v0 √(β/α)) / √(αβ). */
#define REVERSAL_L  2.0
#define REVERSAL_D  0.02
#define REVERSAL_A  1e-4
#define REVERSAL_CD 0.6
#define REVERSAL_V0 2.0
#define REVERSAL_DP 1e5

static const char reversal[] =
  "{ \"manifold\": 1, " FLUID ",\n"
  "  \"components\": [\n"
  "    { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"1 bar\" },\n"
  "    { \"id\": \"P1\", \"type\": \"pipe\", \"length\": 2, \"diameter\": 0.02,"
  " \"friction\": \"none\" },\n"
  "    { \"id\": \"J1\", \"type\": \"junction\" },\n"
  "    { \"id\": \"CV1\", \"type\": \"check_valve\", \"area\": 1e-4, \"cd\": 0.6,"
  " \"port_diameter\": 0.02 },\n"
  "    { \"id\": \"T2\", \"type\": \"tank\", \"pressure\": \"2 bar\" } ],\n"
  "  \"wires\": [ [\"T1.p\", \"P1.a\"], [\"P1.b\", \"J1.p\"], [\"J1.p\", \"CV1.a\"],"
  " [\"CV1.b\", \"T2.p\"] ],\n"
  "  \"initial\": { \"P1.v\": 2.0 },\n"
  "  \"simulation\": { \"t_end\": 0.1, \"method\": \"msbdf\", \"rtol\": 1e-10, "
  "\"atol\": 1e-12, \"output_interval\": 0.01 } }\n";

static double
reversal_time (void)
{
  double area = G_PI * REVERSAL_D * REVERSAL_D / 4.0;
  double mass = RHO * area * REVERSAL_L;
  double k = RHO * pow (area, 3) / (2.0 * REVERSAL_CD * REVERSAL_CD * REVERSAL_A * REVERSAL_A);
  double alpha = REVERSAL_DP / (RHO * REVERSAL_L), beta = k / mass;

  return atan (REVERSAL_V0 * sqrt (beta / alpha)) / sqrt (alpha * beta);
}

static void
test_closes_on_reversal (void)
{
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (reversal);
  double t_star = reversal_time ();

  for (guint m = 0; m < G_N_ELEMENTS (methods); m++)
    {
      g_autoptr (GArray) log = event_log_new ();
      g_autoptr (MfTestRecording) run_ = NULL;
      MfSimulationStats stats;
      double t_close;

      run_ = run (tc, methods[m], log, &stats);
      g_assert_cmpuint (log->len, ==, 1);
      assert_event (log, 0, "CV1", "open", "closed");
      t_close = event_at (log, 0)->t;
      g_test_message ("%s: CV1 closes at %.15g s, %.2g s from t* = %.15g s; energy lost "
                      "%.3g J", methods[m], t_close, t_close - t_star, t_star,
                      stats.energy_lost);
      g_assert_cmpfloat (fabs (t_close - t_star), <=, LOCATED);
      /* the fluid has stopped by itself: the closing takes nothing */
      g_assert_cmpfloat (stats.energy_lost, <, 1e-9);

      for (guint i = 0; i < mf_test_recording_n_samples (run_); i++)
        if (mf_test_recording_time (run_, i) > t_close)
          {
            g_assert_cmpfloat (value (tc, run_, i, "P1.v"), ==, 0.0);
            /* at rest the pipe passes T1's pressure on to the valve */
            g_assert_cmpfloat_with_epsilon (value (tc, run_, i, "CV1.dp"), -REVERSAL_DP,
                                            1e-9 * REVERSAL_DP);
          }
    }
}

/* ---- an opening shorter than the steps the rest of the circuit needs --- */

/* Relief valve RV1 (80 bar) between tank T1, whose pressure is
 * 50 + 30.5 sin(2π 10 t) bar, and a tank at 0, beside a slow laminar pipe
 * that fills a volume: the integrated state changes slowly, so the steps
 * may be long, but T1 passes the setting for 5.8 ms of every 100.  RV1
 * opens where 30.5 sin(ωt) = 30 and closes where the sine falls back
 * through it, since its flow reverses as Δp falls through the setting.
 * The steps shorten as RV1's distance to its condition falls
 * (mf_events_step_limit()), so neither opening is stepped over. */
static const char brief_opening[] =
  "{ \"manifold\": 1,\n"
  "  \"components\": [\n"
  "    { \"id\": \"T1\", \"type\": \"tank\","
  " \"pressure\": \"50 bar + 30.5 bar * sin(2 * pi * 10 / 1 s * t)\" },\n"
  "    { \"id\": \"T2\", \"type\": \"tank\" },\n"
  "    { \"id\": \"RV1\", \"type\": \"relief_valve\", \"set_pressure\": \"80 bar\","
  " \"full_area\": \"10 mm^2\" },\n"
  "    { \"id\": \"T3\", \"type\": \"tank\", \"pressure\": \"10 bar\" },\n"
  "    { \"id\": \"P1\", \"type\": \"pipe\", \"length\": \"50 m\", \"diameter\": \"2 mm\","
  " \"friction\": \"laminar\" },\n"
  "    { \"id\": \"V1\", \"type\": \"volume\", \"volume\": \"10 L\" } ],\n"
  "  \"wires\": [ [\"T1.p\", \"RV1.a\"], [\"RV1.b\", \"T2.p\"], [\"T3.p\", \"P1.a\"],"
  " [\"P1.b\", \"V1.p\"] ],\n"
  "  \"simulation\": { \"t_end\": 0.2, \"output_interval\": 0.05 } }\n";

static void
test_brief_opening (void)
{
  const char *const brief_methods[] = { "rk8pd", "rkf45", "msbdf", "rk4" };
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (brief_opening);
  double omega = 2.0 * G_PI * 10.0, phase = asin (30.0 / 30.5);

  for (guint m = 0; m < G_N_ELEMENTS (brief_methods); m++)
    {
      g_autoptr (GArray) log = event_log_new ();
      g_autoptr (MfTestRecording) run_ = run (tc, brief_methods[m], log, NULL);

      /* at rest at t = 0, RV1 starts closed */
      g_assert_cmpuint (log->len, ==, 5);
      assert_event (log, 0, "RV1", "open", "closed");
      for (guint period = 0; period < 2; period++)
        {
          double t_open = (2.0 * G_PI * period + phase) / omega;
          double t_shut = (2.0 * G_PI * period + G_PI - phase) / omega;

          assert_event (log, 1 + 2 * period, "RV1", "closed", "open");
          assert_event (log, 2 + 2 * period, "RV1", "open", "closed");
          g_test_message ("%s: RV1 open from %.12g to %.12g s (closed forms %.12g, %.12g)",
                          brief_methods[m], event_at (log, 1 + 2 * period)->t,
                          event_at (log, 2 + 2 * period)->t, t_open, t_shut);
          g_assert_cmpfloat (fabs (event_at (log, 1 + 2 * period)->t - t_open), <=, LOCATED);
          g_assert_cmpfloat (fabs (event_at (log, 2 + 2 * period)->t - t_shut), <=, LOCATED);
        }
    }
}

/* ---- a closing that takes energy, and a reopening at the same instant --- */

/* The pipe of the reversal case starts backwards, v0 = −1 m/s, from a tank
 * at 10 bar into a tank at 0.  At t = 0 the valve slams shut — the rigid
 * water hammer stops the column, and its kinetic energy ½ m v0² is lost —
 * and then holds 10 bar with no cracking pressure, so it opens at once.
 * Two switches at one instant, which is not chattering. */
static const char slam[] =
  "{ \"manifold\": 1, " FLUID ",\n"
  "  \"components\": [\n"
  "    { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"10 bar\" },\n"
  "    { \"id\": \"P1\", \"type\": \"pipe\", \"length\": 2, \"diameter\": 0.02,"
  " \"friction\": \"none\" },\n"
  "    { \"id\": \"J1\", \"type\": \"junction\" },\n"
  "    { \"id\": \"CV1\", \"type\": \"check_valve\", \"area\": 1e-4, \"cd\": 0.6 },\n"
  "    { \"id\": \"T2\", \"type\": \"tank\", \"pressure\": 0 } ],\n"
  "  \"wires\": [ [\"T1.p\", \"P1.a\"], [\"P1.b\", \"J1.p\"], [\"J1.p\", \"CV1.a\"],"
  " [\"CV1.b\", \"T2.p\"] ],\n"
  "  \"initial\": { \"P1.v\": -1.0 },\n"
  "  \"simulation\": { \"t_end\": 0.05, \"method\": \"msbdf\", \"rtol\": 1e-8, "
  "\"atol\": 1e-12, \"output_interval\": 0.01 } }\n";

static void
test_slam_and_reopen (void)
{
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (slam);
  g_autoptr (GArray) log = event_log_new ();
  g_autoptr (MfTestRecording) run_ = NULL;
  double area = G_PI * 0.02 * 0.02 / 4.0, mass = RHO * area * 2.0;
  MfSimulationStats stats;

  run_ = run (tc, NULL, log, &stats);
  g_assert_cmpuint (log->len, ==, 2);
  assert_event (log, 0, "CV1", "open", "closed");
  assert_event (log, 1, "CV1", "closed", "open");
  g_assert_cmpfloat (event_at (log, 0)->t, ==, 0.0);
  g_assert_cmpfloat (event_at (log, 1)->t, ==, 0.0);
  g_test_message ("energy lost %.15g J, m v0^2 / 2 = %.15g J", stats.energy_lost, 0.5 * mass);
  g_assert_cmpfloat_with_epsilon (stats.energy_lost, 0.5 * mass, 1e-12 * mass);
  g_assert_cmpfloat (value (tc, run_, 0, "P1.v"), ==, 0.0);
  g_assert_cmpfloat (value (tc, run_, 1, "P1.v"), >, 0.0);
}

/* ---- valves at rest do not chatter ------------------------------------- */

/* Check valve CV1 (no cracking pressure, no mass) between two tanks at one
 * bar, one of them written so that rounding makes it differ from the other
 * by ±1 ulp as time goes on: the pressure across the valve and the flow
 * Newton finds for it change sign again and again.  Without thresholds the
 * valve would switch at every step. */
static const char equal_tanks[] =
  "{ \"manifold\": 1, " FLUID ",\n"
  "  \"components\": [\n"
  "    { \"id\": \"T1\", \"type\": \"tank\","
  " \"pressure\": \"1e5 * (sin(7 * t)^2 + cos(7 * t)^2)\" },\n"
  "    { \"id\": \"CV1\", \"type\": \"check_valve\", \"area\": 1e-4, \"cd\": 0.6 },\n"
  "    { \"id\": \"T2\", \"type\": \"tank\", \"pressure\": \"1 bar\" } ],\n"
  "  \"wires\": [ [\"T1.p\", \"CV1.a\"], [\"CV1.b\", \"T2.p\"] ],\n"
  "  \"simulation\": { \"t_end\": 1, \"method\": \"msbdf\", \"rtol\": 1e-8, "
  "\"atol\": 1e-12, \"output_interval\": 0.01 } }\n";

/* A piston (cap 10 cm², 10 kg) loaded by exactly the force that 10 bar on
 * its cap balances, fed from a 10 bar tank through check valve CV1 (no
 * cracking pressure): at equilibrium, with zero flow and zero pressure
 * across the valve. */
static const char held_piston[] =
  "{ \"manifold\": 1, " FLUID ",\n"
  "  \"components\": [\n"
  "    { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"10 bar\" },\n"
  "    { \"id\": \"CV1\", \"type\": \"check_valve\", \"area\": 1e-5 },\n"
  "    { \"id\": \"J1\", \"type\": \"junction\" },\n"
  "    { \"id\": \"C1\", \"type\": \"piston\", \"mass\": 10, \"cap_area\": 1e-3,"
  " \"rod_area\": 5e-4 },\n"
  "    { \"id\": \"T2\", \"type\": \"tank\", \"pressure\": 0 },\n"
  "    { \"id\": \"F1\", \"type\": \"force\", \"force\": -1000 } ],\n"
  "  \"wires\": [ [\"T1.p\", \"CV1.a\"], [\"CV1.b\", \"J1.p\"], [\"J1.p\", \"C1.cap\"],"
  " [\"C1.rod\", \"T2.p\"], [\"C1.m\", \"F1.m\"] ],\n"
  "  \"initial\": { \"C1.x\": 0.1 },\n"
  "  \"simulation\": { \"t_end\": 1, \"method\": \"msbdf\", \"rtol\": 1e-8, "
  "\"atol\": 1e-12, \"output_interval\": 0.01 } }\n";

static void
test_at_rest (void)
{
  const char *const documents[] = { equal_tanks, held_piston };

  for (guint d = 0; d < G_N_ELEMENTS (documents); d++)
    for (guint m = 0; m < G_N_ELEMENTS (methods); m++)
      {
        g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (documents[d]);
        g_autoptr (GArray) log = event_log_new ();
        g_autoptr (MfTestRecording) run_ = NULL;
        MfSimulationStats stats;
        guint last;

        run_ = run (tc, methods[m], log, &stats);
        last = mf_test_recording_n_samples (run_) - 1;
        g_test_message ("%s, %s: %u valve events", d == 0 ? "equal tanks" : "held piston",
                        methods[m], stats.valve_events);
        /* at most one rounding-driven closing, after which the valve holds
         * nothing: it cannot reopen */
        g_assert_cmpuint (stats.valve_events, <=, 1);
        g_assert_cmpfloat (mf_test_recording_time (run_, last), ==, 1.0);
        if (d == 1)
          g_assert_cmpfloat_with_epsilon (value (tc, run_, last, "C1.x"), 0.1, 1e-12);
      }
}

/* ---- the chattering guard ------------------------------------------------ */

/* The guard on its own: no circuit makes a valve chatter once the
 * thresholds keep rounding out, so it is driven by hand.  In the ramp
 * circuit with CV1 closed nothing moves and CV1.dp = 1e6 t. */
static void
test_chattering_guard (void)
{
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (ramp_opening);
  g_autofree gboolean *mode_closed = mf_model_mode_closed (tc->model, 0);
  g_autofree gboolean *closed = g_new0 (gboolean, 5);
  g_autoptr (MfSystem) system = NULL;
  MfEvents *events = mf_events_new (tc->model, 1e-8);
  double y[1] = { 0.0 };

  mf_events_enter_mode (events, mode_closed, TRUE);
  g_assert_true (mf_events_active (events));
  g_assert_cmpuint (mf_events_n_valves (events), ==, 1);

  /* four switches at one instant pass: close, open, close, open */
  g_assert_cmpint (mf_events_switch (events, 0, 0.3), ==, MF_VALVE_CLOSED);
  g_assert_cmpint (mf_events_switch (events, 0, 0.3), ==, MF_VALVE_OPEN);
  g_assert_cmpint (mf_events_switch (events, 0, 0.3 + 1e-10), ==, MF_VALVE_CLOSED);
  g_assert_cmpint (mf_events_switch (events, 0, 0.3 + 2e-10), ==, MF_VALVE_OPEN);
  /* the fifth within 1e-9 s holds it closed */
  g_assert_cmpint (mf_events_switch (events, 0, 0.3 + 3e-10), ==, MF_VALVE_HELD);
  g_assert_cmpstr (mf_valve_state_name (MF_VALVE_HELD), ==, "held closed");
  mf_events_closed_set (events, mode_closed, closed);
  g_assert_true (closed[3]);

  system = mf_system_new_for (tc->model, 0, closed, NULL);
  g_assert_nonnull (system);
  g_assert_cmpuint (mf_system_dimension (system), ==, 0);
  /* at the instant it was held, 3 bar across it do not reopen it ... */
  g_assert_cmpint (mf_events_due (events, system, 0.3, y), ==, -1);
  /* ... nor later, until its condition has been false once: */
  g_assert_cmpint (mf_events_due (events, system, 0.35, y), ==, -1);
  g_assert_cmpint (mf_events_due (events, system, 0.1, y), ==, -1);
  /* then it reopens with a hysteresis of 1e-3 of the largest pressure seen
   * (here 3.5 bar: 350 Pa) above its cracking pressure of 2 bar */
  g_assert_cmpint (mf_events_due (events, system, 0.2003, y), ==, -1);
  g_assert_cmpint (mf_events_due (events, system, 0.2004, y), ==, 0);

  /* a valve merely closed opens as soon as it exceeds its cracking pressure */
  mf_events_set_state (events, 0, MF_VALVE_CLOSED);
  g_assert_cmpint (mf_events_due (events, system, 0.2001, y), ==, 0);

  /* switches spread out in time are not chattering */
  mf_events_set_state (events, 0, MF_VALVE_OPEN);
  for (guint i = 0; i < 2 * MF_CHATTER_SWITCHES; i++)
    g_assert_cmpint (mf_events_switch (events, 0, 1.0 + 1e-6 * i), !=, MF_VALVE_HELD);
  mf_events_free (events);
}

/* ---- many events ------------------------------------------------------- */

/* The pressure across CV1 (no mass, no cracking pressure) is sin(40 t) Pa:
 * the valve closes when the flow reverses, t = (2k + 1) π/40, and opens as
 * the pressure turns positive, t = 2k π/40.  Both times are shifted by the
 * thresholds (an opening by p_eps / |Δp'| ≈ 1e-4 Pa / 40 Pa/s = 2.5e-6 s) and
 * by what Newton resolves of a flow at zero pressure (about 1e-5 Pa here). */
static const char oscillating[] =
  "{ \"manifold\": 1, " FLUID ",\n"
  "  \"components\": [\n"
  "    { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"1e5 + sin(40 * t)\" },\n"
  "    { \"id\": \"CV1\", \"type\": \"check_valve\", \"area\": 1e-4, \"cd\": 0.6 },\n"
  "    { \"id\": \"T2\", \"type\": \"tank\", \"pressure\": \"1 bar\" } ],\n"
  "  \"wires\": [ [\"T1.p\", \"CV1.a\"], [\"CV1.b\", \"T2.p\"] ],\n"
  "  \"simulation\": { \"t_end\": 1, \"method\": \"msbdf\", \"rtol\": 1e-8, "
  "\"atol\": 1e-12, \"output_interval\": 0.1 } }\n";

static void
test_many_events (void)
{
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (oscillating);
  g_autoptr (GArray) log = event_log_new ();
  g_autoptr (MfTestRecording) run_ = NULL;
  MfSimulationStats stats;
  double worst = 0.0;

  run_ = run (tc, NULL, log, &stats);
  /* the output interval (0.1 s) is longer than a half period: the steps
   * of a run with nothing to integrate are shorter than it */
  g_assert_cmpuint (log->len, ==, 12);
  for (guint k = 0; k < log->len; k++)
    {
      const Event *event = event_at (log, k);
      double expected = (k + 1) * G_PI / 40.0;

      assert_event (log, k, "CV1", k % 2 == 0 ? "open" : "closed",
                    k % 2 == 0 ? "closed" : "open");
      worst = MAX (worst, fabs (event->t - expected));
      g_assert_cmpfloat (fabs (event->t - expected), <, 1e-5);
    }
  g_test_message ("12 events, at most %.2g s from the closed form", worst);
}

/* ---- closed check valves in series -------------------------------------- */

/* The ramp's tank (p = 1e6 t Pa) and pipe into J1, then a chain of check
 * valves through junctions that touch nothing but them.  At rest every
 * valve starts closed, and the pressure of those junctions is undetermined
 * (its row of W depends on the closed valves' rows): nan.  Each closed
 * valve from u to v holds p_u − p_v at most its cracking pressure, so a
 * chain can stay closed only while the pressure across it is at most the
 * sum of theirs: it opens, all of it at one instant, when the ramp gets
 * there. */
#define CHAIN(components, wires, modes) \
  "{ \"manifold\": 1, " FLUID ",\n" \
  "  \"components\": [\n" \
  "    { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"1e6 * ramp(t, 0, 1)\" },\n" \
  "    { \"id\": \"P1\", \"type\": \"pipe\", \"length\": 2, \"diameter\": 0.02," \
  " \"friction\": \"none\" },\n" \
  "    { \"id\": \"J1\", \"type\": \"junction\" },\n" \
  "    { \"id\": \"J2\", \"type\": \"junction\" },\n" \
  "    { \"id\": \"T2\", \"type\": \"tank\", \"pressure\": 0 }" components " ],\n" \
  "  \"wires\": [ [\"T1.p\", \"P1.a\"], [\"P1.b\", \"J1.p\"]" wires " ],\n" \
  modes \
  "  \"simulation\": { \"t_end\": 0.5, \"method\": \"msbdf\", \"rtol\": 1e-8, " \
  "\"atol\": 1e-12, \"output_interval\": 0.01 } }\n"
#define CHECK_VALVE(id, cracking) \
  ",\n    { \"id\": \"" id "\", \"type\": \"check_valve\", \"area\": 1e-4," \
  " \"cracking_pressure\": \"" cracking "\" }"

/* CV1 (2 bar) and CV2 (1.5 bar) back to back: they open at 3.5 bar. */
static const char series_pair[] =
  CHAIN (CHECK_VALVE ("CV1", "2 bar") CHECK_VALVE ("CV2", "1.5 bar"),
         ", [\"J1.p\", \"CV1.a\"], [\"CV1.b\", \"J2.p\"], [\"J2.p\", \"CV2.a\"],"
         " [\"CV2.b\", \"T2.p\"]", "");

/* Three back to back (1, 1.5 and 2 bar) through J2 and J3: 4.5 bar. */
static const char series_three[] =
  CHAIN (CHECK_VALVE ("CV1", "1 bar") CHECK_VALVE ("CV2", "1.5 bar") CHECK_VALVE ("CV3", "2 bar")
         ",\n    { \"id\": \"J3\", \"type\": \"junction\" }",
         ", [\"J1.p\", \"CV1.a\"], [\"CV1.b\", \"J2.p\"], [\"J2.p\", \"CV2.a\"],"
         " [\"CV2.b\", \"J3.p\"], [\"J3.p\", \"CV3.a\"], [\"CV3.b\", \"T2.p\"]", "");

/* J2 fed by CV1 (2 bar) drains by CV2 (3 bar) to T2 at 0 and by CV3
 * (1 bar) to T3, which rises to 1 bar by 0.1 s (from 0, so that all start
 * at rest): through CV2 the chain needs 5 bar, through CV3 1 + 2 + 1 =
 * 4 bar, so CV1 and CV3 open at 0.4 s and CV2 stays shut (J2 then sits a
 * little above T3's 1 bar, far below what CV2 needs). */
static const char branching[] =
  CHAIN (CHECK_VALVE ("CV1", "2 bar") CHECK_VALVE ("CV2", "3 bar") CHECK_VALVE ("CV3", "1 bar")
         ",\n    { \"id\": \"T3\", \"type\": \"tank\","
         " \"pressure\": \"1 bar * ramp(t, 0, 0.1)\" }",
         ", [\"J1.p\", \"CV1.a\"], [\"CV1.b\", \"J2.p\"], [\"J2.p\", \"CV2.a\"],"
         " [\"CV2.b\", \"T2.p\"], [\"J2.p\", \"CV3.a\"], [\"CV3.b\", \"T3.p\"]", "");

/* The pair, with CV2 shut by the mode: it can hold any pressure, so
 * nothing bounds J2 from above and CV1 never opens. */
static const char series_blocked[] =
  CHAIN (CHECK_VALVE ("CV1", "2 bar") CHECK_VALVE ("CV2", "1.5 bar"),
         ", [\"J1.p\", \"CV1.a\"], [\"CV1.b\", \"J2.p\"], [\"J2.p\", \"CV2.a\"],"
         " [\"CV2.b\", \"T2.p\"]",
         "  \"modes\": [ { \"name\": \"CV2 shut\", \"closed\": [\"CV2\"] } ],\n");

/* The events after the start: each of `opening` opens at t_open (the
 * ramp's 1e6 Pa/s reaching the chain's sum), none of the others. */
static void
check_chain (const char *document, const char *const *opening, guint n_opening, double t_open)
{
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (document);

  for (guint m = 0; m < G_N_ELEMENTS (methods); m++)
    {
      g_autoptr (GArray) log = event_log_new ();
      g_autoptr (MfTestRecording) run_ = run (tc, methods[m], log, NULL);
      double t_located = INFINITY;
      guint first = 0;

      /* at rest, each valve starts closed */
      for (; first < log->len && event_at (log, first)->t == 0.0; first++)
        assert_event (log, first, event_at (log, first)->component, "open", "closed");
      g_assert_cmpuint (first, >=, 1);
      g_assert_cmpuint (log->len - first, ==, n_opening);
      for (guint i = 0; i < n_opening; i++)
        {
          const Event *event = event_at (log, first + i);

          assert_event (log, first + i, opening[i], "closed", "open");
          g_test_message ("%s: %s opens at %.15g s, %.2g s from %.15g s", methods[m],
                          event->component, event->t, event->t - t_open, t_open);
          g_assert_cmpfloat (event->t, >=, t_open);
          g_assert_cmpfloat (event->t - t_open, <=, LOCATED);
          /* the whole chain at one instant */
          if (i > 0)
            g_assert_cmpfloat (event->t, ==, t_located);
          t_located = event->t;
        }
      for (guint i = 0; i < mf_test_recording_n_samples (run_); i++)
        {
          double t = mf_test_recording_time (run_, i);

          if (t < t_located)
            {
              g_assert_cmpfloat (value (tc, run_, i, "CV1.q"), ==, 0.0);
              /* the junction between closed valves has no pressure of its own */
              g_assert_true (isnan (value (tc, run_, i, "J2.p")));
              g_assert_true (isnan (value (tc, run_, i, "CV1.dp")));
            }
          else
            {
              g_assert_cmpfloat (value (tc, run_, i, "CV1.q"), >, 0.0);
              g_assert_true (isfinite (value (tc, run_, i, "J2.p")));
            }
        }
    }
}

static void
test_series (void)
{
  const char *const pair[] = { "CV1", "CV2" };
  const char *const three[] = { "CV1", "CV2", "CV3" };
  const char *const branch[] = { "CV1", "CV3" };

  check_chain (series_pair, pair, G_N_ELEMENTS (pair), 0.35);
  check_chain (series_three, three, G_N_ELEMENTS (three), 0.45);
  check_chain (branching, branch, G_N_ELEMENTS (branch), 0.4);
  check_chain (series_blocked, NULL, 0, 0.5);
}

/* ---- scheduled mode changes ------------------------------------------- */

/* The ramp circuit with CV1 shut by the schedule until 0.3 s: no event at
 * t = 0 (the mode closes it), and at 0.3 s, released at rest with its
 * cracking pressure, it starts closed, holds 3 bar and opens at once. */
static const char released[] =
  RAMP_CIRCUIT
  "  \"modes\": [ { \"name\": \"shut, for now\", \"closed\": [\"CV1\"] },"
  " { \"name\": \"free\", \"closed\": [] } ],\n"
  "  \"schedule\": [ { \"t\": 0, \"mode\": \"shut, for now\" },"
  " { \"t\": 0.3, \"mode\": \"free\" } ],\n"
  RAMP_SIMULATION;

static void
test_schedule (void)
{
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (released);
  g_autoptr (GArray) log = event_log_new ();
  g_autoptr (MfTestRecording) run_ = NULL;
  MfSimulationStats stats;

  run_ = run (tc, NULL, log, &stats);
  g_assert_cmpuint (log->len, ==, 2);
  assert_event (log, 0, "schedule", "shut, for now", "free");
  assert_event (log, 1, "CV1", "closed", "open");
  g_assert_cmpfloat (event_at (log, 0)->t, ==, 0.3);
  g_assert_cmpfloat (event_at (log, 1)->t, ==, 0.3);
  g_assert_cmpuint (stats.mode_switches, ==, 1);
  g_assert_cmpuint (stats.valve_events, ==, 1);
}

/* ---- a flow source next to an inertial branch -------------------------- */

/* A loaded piston falls through a pipe and an orifice into a junction
 * drained by a second orifice.  A flow source of zero into that junction
 * must change nothing: it makes the prescribed velocities v_p part of the
 * equations, and their rates must not pick up the independent states'
 * accelerations left from the pressures of an earlier sample (the example
 * below runs a pump into such a junction). */
#define FALLING_PISTON(extra_components, extra_wires) \
  "{ \"manifold\": 1, " FLUID ",\n" \
  "  \"components\": [\n" \
  "    { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": 0 },\n" \
  "    { \"id\": \"O2\", \"type\": \"orifice\", \"area\": 1e-6 },\n" \
  "    { \"id\": \"J1\", \"type\": \"junction\" },\n" \
  "    { \"id\": \"O1\", \"type\": \"orifice\", \"area\": 5e-5 },\n" \
  "    { \"id\": \"P1\", \"type\": \"pipe\", \"length\": 1, \"diameter\": 0.012," \
  " \"friction\": \"none\" },\n" \
  "    { \"id\": \"C1\", \"type\": \"piston\", \"mass\": 20, \"cap_area\": 2e-3," \
  " \"rod_area\": 1e-3 },\n" \
  "    { \"id\": \"T3\", \"type\": \"tank\", \"pressure\": 0 },\n" \
  "    { \"id\": \"M1\", \"type\": \"mass\", \"mass\": 200 },\n" \
  "    { \"id\": \"F1\", \"type\": \"force\", \"force\": -2000 }" extra_components " ],\n" \
  "  \"wires\": [ [\"T1.p\", \"O2.b\"], [\"O2.a\", \"J1.p\"], [\"J1.p\", \"O1.a\"]," \
  " [\"O1.b\", \"P1.a\"], [\"P1.b\", \"C1.cap\"], [\"C1.rod\", \"T3.p\"]," \
  " [\"C1.m\", \"M1.m\"], [\"M1.m\", \"F1.m\"]" extra_wires " ],\n" \
  "  \"initial\": { \"C1.x\": 0.05, \"M1.x\": 0.05 },\n" \
  "  \"simulation\": { \"t_end\": 0.01, \"method\": \"rk8pd\", \"rtol\": 1e-10, " \
  "\"atol\": 1e-12, \"output_interval\": 0.001 } }\n"

static void
test_zero_flow_source (void)
{
  g_autoptr (MfTestCircuit) plain = mf_test_circuit_new (FALLING_PISTON ("", ""));
  g_autoptr (MfTestCircuit) pumped = mf_test_circuit_new (FALLING_PISTON (
    ",\n    { \"id\": \"Q1\", \"type\": \"flow_source\", \"flow\": 0 }",
    ", [\"T1.p\", \"Q1.a\"], [\"Q1.b\", \"J1.p\"]"));
  g_autoptr (GArray) log = event_log_new ();
  g_autoptr (MfTestRecording) a = run (plain, NULL, log, NULL);
  g_autoptr (MfTestRecording) b = run (pumped, NULL, log, NULL);

  g_assert_cmpuint (mf_test_recording_n_samples (a), ==, mf_test_recording_n_samples (b));
  for (guint i = 0; i < mf_test_recording_n_samples (a); i++)
    {
      double va = value (plain, a, i, "C1.v"), vb = value (pumped, b, i, "C1.v");
      double pa = value (plain, a, i, "P1.b.p"), pb = value (pumped, b, i, "P1.b.p");

      g_assert_cmpfloat_with_epsilon (vb, va, 1e-9 * MAX (fabs (va), 1e-3));
      g_assert_cmpfloat_with_epsilon (pb, pa, 1e-9 * MAX (fabs (pa), 1e3));
    }
  /* at rest, the cap pressure accelerates the load and the pipe's fluid:
   * p = F (1 − M_load / M̄), M̄ the load plus the column's mass seen at
   * the piston, ρ L A_p (A_cap / A_p)² */
  {
    double a_pipe = G_PI * 0.012 * 0.012 / 4.0, ratio = 2e-3 / a_pipe;
    double m_bar = 220.0 + RHO * 1.0 * a_pipe * ratio * ratio;
    double p0 = 2000.0 * (1.0 - 220.0 / m_bar) / 2e-3;

    g_assert_cmpfloat_with_epsilon (value (pumped, b, 0, "P1.b.p"), p0, 1e-9 * p0);
  }
}

/* ---- the example ------------------------------------------------------ */

static char *
example_path (const char *name)
{
  const char *dir = g_getenv ("MANIFOLD_EXAMPLES");
  g_autofree char *file = g_strconcat (name, ".manifold", NULL);

  if (dir != NULL && *dir != '\0')
    return g_build_filename (dir, file, NULL);
  return g_test_build_filename (G_TEST_DIST, "..", "data", "examples", file, NULL);
}

static double
param (const MfTestCircuit *tc, const char *id, guint which)
{
  const MfCircuit *circuit = mf_model_get_circuit (tc->model);
  int index = mf_circuit_find_component (circuit, id);

  g_assert_cmpint (index, >=, 0);
  return mf_component_param_at (g_ptr_array_index (circuit->components, index), which, 0.0);
}

/* check-valve-cylinder: a pump (Q = 20 L/min after a 0.2 s ramp) into J1,
 * which bleeds to tank through orifice O1 (area a_o) and feeds the cap of a
 * loaded cylinder through CV1.  While CV1 is closed all of the pump's flow
 * goes through O1, so p_J1 = ρ/2 (q / (cd a_o))²: CV1 opens when that
 * reaches the load pressure F / A_cap plus the cracking pressure, at
 * t = 0.2 s · cd a_o √(2 (p_load + p_crack) / ρ) / Q.  While lifting at a
 * steady speed v, p_cap = (F + c v) / A_cap, and the flow that does not
 * lift the load leaves through O1 at p_J1 = p_cap + the drops across CV1
 * and the (laminar) pipe.  Once held, the cap holds the load alone. */
typedef struct
{
  double rho, mu, q, a_o, cd_o, a_cv, cd_cv, area_cv, crack;
  double a_cap, load, damping, a_pipe, l_pipe, d_pipe;
} Cylinder;

static Cylinder
cylinder (const MfTestCircuit *tc)
{
  const MfFluid *fluid = &mf_model_get_circuit (tc->model)->fluid;
  double port = param (tc, "CV1", MF_ORIFICE_PORT_DIAMETER);
  Cylinder c;

  c.rho = fluid->density;
  c.mu = fluid->density * fluid->kinematic_viscosity;
  c.q = 20e-3 / 60.0;
  c.a_o = param (tc, "O1", MF_ORIFICE_AREA);
  c.cd_o = param (tc, "O1", MF_ORIFICE_CD);
  c.a_cv = param (tc, "CV1", MF_ORIFICE_AREA);
  c.cd_cv = param (tc, "CV1", MF_ORIFICE_CD);
  c.area_cv = G_PI * port * port / 4.0;
  c.crack = param (tc, "CV1", MF_CHECK_VALVE_CRACKING_PRESSURE);
  c.a_cap = param (tc, "C1", MF_PISTON_CAP_AREA);
  c.load = -param (tc, "F1", MF_FORCE_FORCE);
  c.damping = param (tc, "C1", MF_PISTON_DAMPING);
  c.d_pipe = param (tc, "P1", MF_PIPE_DIAMETER);
  c.l_pipe = param (tc, "P1", MF_PIPE_LENGTH);
  c.a_pipe = G_PI * c.d_pipe * c.d_pipe / 4.0;
  return c;
}

/* The steady lifting speed, by fixed-point iteration on the flow balance. */
static double
cylinder_speed (const Cylinder *c)
{
  double v = c->q / c->a_cap;

  for (guint i = 0; i < 200; i++)
    {
      double q_cap = c->a_cap * v;
      double p_cap = (c->load + c->damping * v) / c->a_cap;
      double dp_pipe = 32.0 * c->mu * c->l_pipe * (q_cap / c->a_pipe) / (c->d_pipe * c->d_pipe);
      double dp_cv = c->rho / 2.0 * pow (q_cap / (c->cd_cv * c->a_cv), 2);
      double p_j1 = p_cap + dp_pipe + dp_cv;
      double bleed = c->cd_o * c->a_o * sqrt (2.0 * p_j1 / c->rho);

      v = (c->q - bleed) / c->a_cap;
    }
  return v;
}

static void
test_example (void)
{
  g_autofree char *path = example_path ("check-valve-cylinder");
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new_from_file (path);
  g_autoptr (GArray) log = event_log_new ();
  g_autoptr (MfTestRecording) run_ = NULL;
  Cylinder c = cylinder (tc);
  double p_load = c.load / c.a_cap;
  double t_open = 0.2 * c.cd_o * c.a_o * sqrt (2.0 * (p_load + c.crack) / c.rho) / c.q;
  double v_lift = cylinder_speed (&c), t_close, x_held = NAN;
  MfSimulationStats stats;

  run_ = run (tc, NULL, log, &stats);
  g_assert_cmpuint (log->len, ==, 3);
  assert_event (log, 0, "CV1", "open", "closed");
  assert_event (log, 1, "CV1", "closed", "open");
  assert_event (log, 2, "CV1", "open", "closed");
  t_close = event_at (log, 2)->t;
  g_test_message ("CV1 opens at %.12g s (hand: %.12g s), closes at %.12g s; lifts at %.6g m/s "
                  "(hand: %.6g m/s)", event_at (log, 1)->t, t_open, t_close,
                  value (tc, run_, 400, "C1.v"), v_lift);
  g_assert_cmpfloat (fabs (event_at (log, 1)->t - t_open), <=, 1e-9);
  /* the pump runs down from 1 s to 1.4 s: the flow reverses in between */
  g_assert_cmpfloat (t_close, >, 1.0);
  g_assert_cmpfloat (t_close, <, 1.4);
  g_assert_cmpfloat (stats.energy_lost, <, 1e-9);

  for (guint i = 0; i < mf_test_recording_n_samples (run_); i++)
    {
      double t = mf_test_recording_time (run_, i);

      if (t >= 0.4 && t <= 1.0)
        g_assert_cmpfloat_with_epsilon (value (tc, run_, i, "C1.v"), v_lift, 1e-6 * v_lift);
      if (t <= t_close)
        continue;
      /* held: the piston stands, the cap holds the load, the valve the rest */
      if (isnan (x_held))
        x_held = value (tc, run_, i, "C1.x");
      g_assert_cmpfloat (value (tc, run_, i, "C1.v"), ==, 0.0);
      g_assert_cmpfloat (value (tc, run_, i, "C1.x"), ==, x_held);
      g_assert_cmpfloat_with_epsilon (value (tc, run_, i, "J3.p"), p_load, 1e-9 * p_load);
      if (t >= 1.4)
        {
          g_assert_cmpfloat_with_epsilon (value (tc, run_, i, "J1.p"), 0.0, 1e-9 * p_load);
          g_assert_cmpfloat_with_epsilon (value (tc, run_, i, "CV1.dp"), -p_load,
                                          1e-9 * p_load);
        }
    }
  g_assert_false (isnan (x_held));
}

/* ---- manifold-cli simulate --events ----------------------------------- */

static void
test_cli_events (Fixture *fixture, gconstpointer data)
{
  g_autofree char *samples = NULL;
  g_autofree char *events = NULL;
  g_autofree char *text = NULL;
  g_autoptr (Result) result = NULL;
  g_auto (GStrv) lines = NULL;
  g_auto (GStrv) fields = NULL;
  double t;

  SKIP_WITHOUT_CLI ();
  samples = g_build_filename (fixture->dir, "out.csv", NULL);
  events = g_build_filename (fixture->dir, "events.csv", NULL);
  write_document (fixture, released);

  result = run_cli_on (fixture, "simulate", "@", "-o", samples, "--events", events, "--stats",
                       "--quiet");
  g_assert_cmpint (result->status, ==, 0);
  text = read_file (events);
  g_test_message ("%s", text);
  lines = g_strsplit (text, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 4);
  g_assert_cmpstr (lines[0], ==, "t [s],component,from,to");
  /* a mode's name holding a comma is quoted, as in the samples' CSV */
  g_assert_cmpstr (lines[1], ==, "0.3,schedule,\"shut, for now\",free");
  g_assert_cmpstr (lines[2], ==, "0.3,CV1,closed,open");
  g_assert_cmpstr (lines[3], ==, "");

  g_assert_nonnull (strstr (result->err, "\n  mode switches             1\n"));
  g_assert_nonnull (strstr (result->err, "\n  valve events              1\n"));
  g_assert_nonnull (strstr (result->err, "\nevents:\n  0.3 s  schedule  shut, for now → free\n"
                                         "  0.3 s  CV1  closed → open\n"));
  g_clear_pointer (&result, result_free);
  g_clear_pointer (&text, g_free);
  g_clear_pointer (&lines, g_strfreev);

  /* the opening time is written with the digits it was located to */
  g_free (write_file (fixture, "circuit.manifold", ramp_opening));
  result = run_cli_on (fixture, "simulate", "@", "-o", samples, "--events", events);
  g_assert_cmpint (result->status, ==, 0);
  text = read_file (events);
  lines = g_strsplit (text, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 4);
  g_assert_cmpstr (lines[1], ==, "0,CV1,open,closed");
  fields = g_strsplit (lines[2], ",", -1);
  g_assert_cmpuint (g_strv_length (fields), ==, 4);
  t = g_ascii_strtod (fields[0], NULL);
  g_assert_cmpfloat (fabs (t - 0.2), <=, LOCATED);
  g_assert_cmpstr (fields[3], ==, "open");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/switching/opens-at-cracking", test_opens_at_cracking);
  g_test_add_func ("/switching/closes-on-reversal", test_closes_on_reversal);
  g_test_add_func ("/switching/brief-opening", test_brief_opening);
  g_test_add_func ("/switching/slam-and-reopen", test_slam_and_reopen);
  g_test_add_func ("/switching/at-rest", test_at_rest);
  g_test_add_func ("/switching/chattering-guard", test_chattering_guard);
  g_test_add_func ("/switching/many-events", test_many_events);
  g_test_add_func ("/switching/series", test_series);
  g_test_add_func ("/switching/schedule", test_schedule);
  g_test_add_func ("/switching/zero-flow-source", test_zero_flow_source);
  g_test_add_func ("/switching/example", test_example);
  g_test_add ("/switching/cli-events", Fixture, NULL, fixture_set_up, test_cli_events,
              fixture_tear_down);
  return g_test_run ();
}
