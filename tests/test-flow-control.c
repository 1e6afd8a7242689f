/* test-flow-control.c: the pressure-compensated flow control valve
 * (docs/model.md, "Flow control valves") — its law, its slope against a
 * difference quotient, circuits whose flows have closed forms, and a
 * setting that falls to zero during a run.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "mf-equations.h"
#include "mf-error.h"
#include "mf-flow-control.h"
#include "mf-relief.h"
#include "mf-simulation.h"
#include "mf-test-circuit.h"
#include "mf-test-recording.h"

#define LPM (1e-3 / 60.0) /* 1 L/min in m³/s */
#define BAR 1e5

/* 10 L/min behind the defaults: 5 bar, 0.001 L/min/bar */
static const MfFlowControl valve = { 10 * LPM, 5 * BAR, 0.001 * LPM / BAR };

/* The two lines of the law at hand-picked flows: 5 L/min is half the
 * setting, a quarter of the compensator's drop, 1.25 bar; −20 L/min
 * passes the throttle backwards, −4 × 5 bar; 12 L/min is 2 L/min above the
 * setting, 2 / 0.001 = 2000 bar above the compensator's 5. */
static void
test_law (void)
{
  g_assert_cmpfloat (mf_flow_control_pressure_drop (&valve, 0.0, 0.0, NULL), ==, 0.0);
  g_assert_cmpfloat (fabs (mf_flow_control_pressure_drop (&valve, 5 * LPM, 0.0, NULL)
                           - 1.25 * BAR), <, 1e-9);
  g_assert_cmpfloat (fabs (mf_flow_control_pressure_drop (&valve, -20 * LPM, 0.0, NULL)
                           + 20 * BAR), <, 1e-8);
  g_assert_cmpfloat (fabs (mf_flow_control_pressure_drop (&valve, 10 * LPM, 0.0, NULL)
                           - 5 * BAR), <, 1e-9);
  g_assert_cmpfloat (fabs (mf_flow_control_pressure_drop (&valve, 12 * LPM, 0.0, NULL)
                           - 2005 * BAR), <, 1e-3);
  /* the forward law undoes the inverse on both lines and backwards */
  for (double q = -30 * LPM; q <= 30 * LPM; q += 0.7 * LPM)
    {
      double dp = mf_flow_control_pressure_drop (&valve, q, 0.0, NULL);

      g_assert_cmpfloat (fabs (mf_flow_control_flow (&valve, dp) - q), <, 1e-12 * 30 * LPM);
    }
}

/* The slope the Jacobian takes is the central difference of the drop, on
 * either side of the kink at the setting and backwards; at rest the
 * throttle's slope is 0, and with the smoothing of a cold start it is not,
 * while the law stays continuous at the setting. */
static void
test_slope (void)
{
  const double flows[] = { -25, -3, 0.5, 4, 9.9, 10.1, 15, 40 };
  double slope, below, above;

  for (guint i = 0; i < G_N_ELEMENTS (flows); i++)
    for (guint smooth = 0; smooth < 2; smooth++)
      {
        double q = flows[i] * LPM, s = smooth ? 3 * LPM : 0.0;
        /* small against q and against the distance to the kink at 10 L/min */
        double h = 1e-5 * MIN (fabs (q), fabs (q - 10 * LPM));
        double quotient = (mf_flow_control_pressure_drop (&valve, q + h, s, NULL)
                           - mf_flow_control_pressure_drop (&valve, q - h, s, NULL))
                          / (2 * h);

        mf_flow_control_pressure_drop (&valve, q, s, &slope);
        g_assert_cmpfloat (slope, >, 0.0);
        g_assert_cmpfloat (fabs (slope / quotient - 1), <, 1e-6);
      }
  mf_flow_control_pressure_drop (&valve, 0.0, 0.0, &slope);
  g_assert_cmpfloat (slope, ==, 0.0);
  mf_flow_control_pressure_drop (&valve, 0.0, 3 * LPM, &slope);
  /* Δp_c s / q_set² at rest: 5 bar × 3/10 per 10 L/min */
  g_assert_cmpfloat (fabs (slope - 5 * BAR * 0.3 / (10 * LPM)), <, 1e-9 * slope);
  below = mf_flow_control_pressure_drop (&valve, 10 * LPM * (1 - 1e-12), 3 * LPM, NULL);
  above = mf_flow_control_pressure_drop (&valve, 10 * LPM * (1 + 1e-12), 3 * LPM, NULL);
  /* no jump: within what the steep regulating slope 1/k_r makes of 2e-12 q_set */
  g_assert_cmpfloat (fabs (above - below), <, 1e-6 * below);
}

static MfTestRecording *
run (MfTestCircuit *tc)
{
  MfSimulationOptions options;

  mf_simulation_options_from_circuit (&options, mf_model_get_circuit (tc->model));
  return mf_test_recording_simulate (tc->model, &options, NULL);
}

static double
last (const MfTestCircuit *tc, const MfTestRecording *rec, const char *name)
{
  return mf_test_recording_value (rec, mf_test_recording_n_samples (rec) - 1,
                                  mf_test_output (tc->model, name));
}

/* A pump of 30 L/min into J1, which drains to the tank through FC1 (set to
 * 10 L/min, the defaults beside) and relief valve RV1 (100 bar, 10 mm²
 * full, the 10 bar rise to it and cd 0.61 by default).  At the start RV1 is
 * closed and FC1 would need 2000 bar and more for the 30 L/min, so RV1
 * opens, and the two share the pump's flow at one drop Δp = J1.p.  FC1
 * regulates, passing q_set + (Δp − Δp_c)·k_r, and RV1 the rest at the same
 * drop: Δp is the root of q_relief(Δp) + q_set + (Δp − Δp_c)·k_r = 30 L/min,
 * found below by bisection on the relief valve's forward law (whose own
 * test checks it against its closed form) between 100 and 110 bar, where
 * the left side runs from 10.095 to about 68 L/min. */
static const char regulating[] =
  "{ \"manifold\": 1, \"components\": ["
  "  { \"id\": \"T1\", \"type\": \"tank\" },"
  "  { \"id\": \"Q1\", \"type\": \"flow_source\", \"flow\": \"30 L/min\" },"
  "  { \"id\": \"J1\", \"type\": \"junction\" },"
  "  { \"id\": \"FC1\", \"type\": \"flow_control_valve\", \"flow\": \"10 L/min\" },"
  "  { \"id\": \"RV1\", \"type\": \"relief_valve\", \"set_pressure\": \"100 bar\","
  "    \"full_area\": \"10 mm^2\" },"
  "  { \"id\": \"T2\", \"type\": \"tank\" } ],"
  "  \"wires\": [ [\"T1.p\", \"Q1.a\"], [\"Q1.b\", \"J1.p\"], [\"J1.p\", \"FC1.a\"],"
  "    [\"FC1.b\", \"T2.p\"], [\"J1.p\", \"RV1.a\"], [\"RV1.b\", \"T2.p\"] ],"
  "  \"simulation\": { \"t_end\": 0.01, \"output_interval\": 0.005, \"rtol\": 1e-9 } }";

static void
test_regulating (void)
{
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (regulating);
  g_autoptr (MfTestRecording) rec = run (tc);
  MfRelief relief = { 100 * BAR, 10 * BAR, 10e-6, 0.61, 870 };
  double low = 100 * BAR, high = 110 * BAR, dp, q_valve;

  for (guint i = 0; i < 200 && high - low > 0; i++)
    {
      double mid = 0.5 * (low + high);

      if (mf_relief_flow (&relief, mid) + valve.flow + (mid - valve.compensator) * valve.regulation
          < 30 * LPM)
        low = mid;
      else
        high = mid;
    }
  dp = 0.5 * (low + high);
  q_valve = valve.flow + (dp - valve.compensator) * valve.regulation;
  g_test_message ("Δp %.12g bar (closed form %.12g); FC1 %.12g L/min (closed form %.12g)",
                  last (tc, rec, "J1.p") / BAR, dp / BAR, last (tc, rec, "FC1.q") / LPM,
                  q_valve / LPM);
  g_assert_cmpfloat (fabs (last (tc, rec, "J1.p") - dp), <, 1e-6 * dp);
  g_assert_cmpfloat (fabs (last (tc, rec, "FC1.dp") - dp), <, 1e-6 * dp);
  g_assert_cmpfloat (fabs (last (tc, rec, "FC1.q") - q_valve), <, 1e-8 * q_valve);
  g_assert_cmpfloat (fabs (last (tc, rec, "RV1.q") - (30 * LPM - q_valve)), <, 1e-8 * 30 * LPM);
  /* it does regulate: above its compensator's drop, and above its setting */
  g_assert_cmpfloat (last (tc, rec, "FC1.dp"), >, valve.compensator);
  g_assert_cmpfloat (last (tc, rec, "FC1.q"), >, valve.flow);
}

/* Tank to tank below the compensator's drop the throttle alone passes the
 * flow: q = q_set·√(Δp/Δp_c), 10 L/min × √(3/5) = 7.7460 L/min at 3 bar,
 * and backwards at 12 bar on b, beyond Δp_c, still the throttle alone:
 * −10 L/min × √(12/5) = −15.492 L/min. */
#define TANKS(pa, pb) \
  "{ \"manifold\": 1, \"components\": [" \
  "  { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"" pa "\" }," \
  "  { \"id\": \"FC1\", \"type\": \"flow_control_valve\", \"flow\": \"10 L/min\" }," \
  "  { \"id\": \"T2\", \"type\": \"tank\", \"pressure\": \"" pb "\" } ]," \
  "  \"wires\": [ [\"T1.p\", \"FC1.a\"], [\"FC1.b\", \"T2.p\"] ]," \
  "  \"simulation\": { \"t_end\": 0.01, \"output_interval\": 0.005, \"rtol\": 1e-9 } }"

static void
test_throttle (void)
{
  const struct
  {
    const char *document;
    double      flow;
  } cases[] = {
    { TANKS ("3 bar", "0"), 10 * LPM * sqrt (3.0 / 5.0) },
    { TANKS ("0", "12 bar"), -10 * LPM * sqrt (12.0 / 5.0) },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (cases[i].document);
      g_autoptr (MfTestRecording) rec = run (tc);

      g_test_message ("FC1 %.12g L/min (closed form %.12g)", last (tc, rec, "FC1.q") / LPM,
                      cases[i].flow / LPM);
      g_assert_cmpfloat (fabs (last (tc, rec, "FC1.q") - cases[i].flow), <,
                         1e-8 * fabs (cases[i].flow));
    }
}

/* A setting that falls to 0 at t = 0.5 s ends the run, naming the valve,
 * where it reaches the least setting: a throttle opening of 1e-6 of the
 * 10 mm port's 78.54 mm² at 5 bar and cd 1, 1e-6 × 78.54e-6 m² ×
 * √(2 × 5e5 / 870) m/s = 2.6628e-9 m³/s, reached at t = (1 − that / 10
 * L/min) / 2 = 0.49999201 s. */
static void
test_setting_falls (void)
{
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (
    "{ \"manifold\": 1, \"components\": ["
    "  { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"3 bar\" },"
    "  { \"id\": \"FC1\", \"type\": \"flow_control_valve\","
    "    \"flow\": \"10 L/min * (1 - 2 * t)\" },"
    "  { \"id\": \"T2\", \"type\": \"tank\" } ],"
    "  \"wires\": [ [\"T1.p\", \"FC1.a\"], [\"FC1.b\", \"T2.p\"] ],"
    "  \"simulation\": { \"t_end\": 1, \"output_interval\": 0.1 } }");
  g_autoptr (MfTestRecording) rec = mf_test_recording_new (tc->model);
  g_autoptr (GError) error = mf_test_recording_simulate_failing (tc->model, rec);
  double least = 1e-6 * G_PI * 0.01 * 0.01 / 4 * sqrt (2 * 5e5 / 870), t_stop = 0.0;

  g_assert_cmpint (sscanf (error->message, "at t = %lf s: ", &t_stop), ==, 1);
  g_assert_cmpfloat (fabs (t_stop - (1 - least / (10 * LPM)) / 2), <, 1e-9);
  g_assert_nonnull (strstr (error->message,
                            "s: flow control valve 'FC1': its flow setting has fallen to 2.66e-09 "
                            "m^3/s or below, where its throttle is all but shut: it must stay "
                            "above that"));
  /* the samples before it, 0 to 0.4 s at least, follow the throttle's law */
  g_assert_cmpuint (mf_test_recording_n_samples (rec), >=, 5);
  for (guint i = 0; i < mf_test_recording_n_samples (rec); i++)
    {
      double t = mf_test_recording_time (rec, i);
      double expected = 10 * LPM * (1 - 2 * t) * sqrt (3.0 / 5.0);

      g_assert_cmpfloat (fabs (mf_test_recording_value (rec, i, mf_test_output (tc->model,
                                                                                 "FC1.q"))
                               - expected), <, 1e-6 * 10 * LPM);
    }
}

/* The equations written out (docs/model.md, "The equations written out"):
 * the drop, the throttle's share of it and the flow, with FC1's symbols. */
static void
test_equations (void)
{
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (regulating);
  g_autoptr (MfEquations) equations = mf_equations_new (tc->model, 0);
  g_autofree char *text = mf_equations_to_plain (equations);

  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, "FC1: Δp_FC1 = J1.p − FC1.b.p\n"));
  g_assert_nonnull (strstr (text, "Δp_t,FC1 = min(Δp_FC1, Δp_c,FC1)\n"));
  g_assert_nonnull (strstr (text, "A_FC1·FC1.v = q_set,FC1·sgn(Δp_t,FC1)·√(|Δp_t,FC1|/Δp_c,FC1)"
                                  " + k_r,FC1·(Δp_FC1 − Δp_t,FC1)\n"));
}

/* Parameters that are not positive are refused naming the valve and the
 * parameter, as every parameter of the table is. */
static void
test_refused (void)
{
  const char *const params[][2] = {
    { "\"flow\": 0", "component 'FC1': 'flow' must be positive" },
    { "\"flow\": \"1 L/min\", \"compensator_pressure\": \"-1 bar\"",
      "component 'FC1': 'compensator_pressure' must be positive" },
    { "\"flow\": \"1 L/min\", \"regulation\": 0", "component 'FC1': 'regulation' must be positive" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (params); i++)
    {
      g_autofree char *json = g_strdup_printf (
        "{ \"manifold\": 1, \"components\": ["
        " { \"id\": \"FC1\", \"type\": \"flow_control_valve\", %s } ] }", params[i][0]);
      g_autoptr (GError) error = NULL;
      g_autoptr (MfDocument) document = mf_document_load_data (json, -1, "<test>", NULL, &error);

      g_assert_null (document);
      g_assert_nonnull (error);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, params[i][1]));
    }
}

int
main (int argc, char *argv[])
{
  mf_init ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/flow-control/law", test_law);
  g_test_add_func ("/flow-control/slope", test_slope);
  g_test_add_func ("/flow-control/regulating", test_regulating);
  g_test_add_func ("/flow-control/throttle", test_throttle);
  g_test_add_func ("/flow-control/setting-falls", test_setting_falls);
  g_test_add_func ("/flow-control/equations", test_equations);
  g_test_add_func ("/flow-control/refused", test_refused);
  return g_test_run ();
}
