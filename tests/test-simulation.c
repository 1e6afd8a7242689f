/* test-simulation.c: the simulation driver (mf-simulation.h), its methods
 * (mf-method.h) and the CSV writer (mf-csv.h), on circuits with closed-form
 * solutions (docs/model.md, "Reference cases").
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include <gio/gio.h>

#include "mf-csv.h"
#include "mf-error.h"
#include "mf-method.h"
#include "mf-simulation.h"
#include "mf-test-circuit.h"
#include "mf-test-recording.h"

/* Water, so the numbers below are easy to check by hand. */
#define RHO   1000.0
#define NU    1e-5
#define FLUID "\"fluid\": { \"density\": 1000, \"kinematic_viscosity\": 1e-5, " \
              "\"bulk_modulus\": 2.2e9 }"

/* The draining pipe of docs/model.md, "Reference cases": a frictionless
 * pipe (L, d) from a tank at P0 through an orifice (area AO, cd CD) into a
 * tank at 0. */
#define L_PIPE 2.0
#define D_PIPE 0.02
#define AO     1e-4
#define CD     0.6
#define P0     1e5

/* ---- helpers ---------------------------------------------------------- */

static MfSimulationOptions
options_for (const char *method, double t_end, double output_interval)
{
  MfSimulationOptions options = { method, t_end, 1e-8, 1e-12, output_interval, 0.0 };

  return options;
}

/* ---- the draining pipe ------------------------------------------------ */

static char *
draining_document (const char *valve_type, const char *extra)
{
  return g_strdup_printf (
    "{ \"manifold\": 1, \"title\": \"Draining pipe\", " FLUID ",\n"
    "  \"components\": [\n"
    "    { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": %g },\n"
    "    { \"id\": \"P1\", \"type\": \"pipe\", \"length\": %g, \"diameter\": %g,"
    " \"friction\": \"none\" },\n"
    "    { \"id\": \"J1\", \"type\": \"junction\" },\n"
    "    { \"id\": \"V1\", \"type\": \"%s\", \"area\": %g, \"cd\": %g },\n"
    "    { \"id\": \"T2\", \"type\": \"tank\", \"pressure\": 0 } ],\n"
    "  \"wires\": [ [\"T1.p\", \"P1.a\"], [\"P1.b\", \"J1.p\"], [\"J1.p\", \"V1.a\"],"
    " [\"V1.b\", \"T2.p\"] ]%s }\n",
    P0, L_PIPE, D_PIPE, valve_type, AO, CD, extra);
}

/* The draining pipe through an orifice, with one mode. */
static MfTestCircuit *
draining_circuit (void)
{
  g_autofree char *text = draining_document ("orifice", "");

  return mf_test_circuit_new (text);
}

typedef struct
{
  double area; /* of the pipe */
  double mass; /* of its fluid column */
  double k;    /* m v' = A p0 - k v|v| */
  double v_inf;
} Draining;

/* With the orifice law (docs/model.md, "Forces") the orifice's velocity is
 * A_p v / A_o by continuity, and its force brought into the pipe's velocity
 * is ρ A_p³ / (2 cd² a²) v|v|: the port area drops out. */
static Draining
draining_constants (void)
{
  Draining c;

  c.area = G_PI * D_PIPE * D_PIPE / 4;
  c.mass = RHO * c.area * L_PIPE;
  c.k = RHO * pow (c.area, 3) / (2 * CD * CD * AO * AO);
  c.v_inf = sqrt (c.area * P0 / c.k);
  return c;
}

static double
draining_velocity (const Draining *c, double t)
{
  return c->v_inf * tanh (t * c->k * c->v_inf / c->mass);
}

typedef struct
{
  const char *method;
  double      t_end;
  double      tolerance;
} DrainingCase;

/* GSL's implicit Runge–Kutta steppers fail their Newton iteration once the
 * solution sits at a steady state to rounding (mf-integrator.c, step_hold):
 * rk4imp runs well into it — 2 s is about 37 time constants m / (k v∞). */
static const DrainingCase draining_cases[] = {
  { "auto", 0.4, 1e-7 },
  { "rkf45", 0.4, 1e-7 },
  { "rk8pd", 0.4, 1e-7 },
  { "msbdf", 0.4, 1e-6 },
  { "bsimp", 0.4, 1e-7 },
  { "rk4imp", 2.0, 1e-7 },
};

/* rtol 1e-8 bounds the error of each step.  The ODE is contractive
 * (∂f/∂v = -2k|v|/m < 0), so local errors do not grow; over the run the
 * error stays within a small multiple of rtol·v∞.  The one-step methods
 * are held to 1e-7 relative; msbdf to 1e-6, because its variable-order
 * error estimate is looser (measured 2.5e-7 on this case). */
static void
test_draining (gconstpointer data)
{
  const DrainingCase *draining = data;
  const char *method = draining->method;
  double tolerance = draining->tolerance;
  g_autoptr (MfTestCircuit) tc = draining_circuit ();
  g_autoptr (MfTestRecording) recording = NULL;
  Draining c = draining_constants ();
  MfSimulationOptions options = options_for (method, draining->t_end, 0.005);
  MfSimulationStats stats;
  guint v = mf_test_output (tc->model, "P1.v");
  guint p = mf_test_output (tc->model, "J1.p");
  double worst = 0.0;

  recording = mf_test_recording_simulate (tc->model, &options, &stats);
  g_assert_cmpuint (mf_test_recording_n_samples (recording), ==,
                    (guint) round (draining->t_end / 0.005) + 1);

  for (guint i = 0; i < mf_test_recording_n_samples (recording); i++)
    {
      double t = mf_test_recording_time (recording, i);
      double expected = draining_velocity (&c, t);

      worst = MAX (worst, fabs (mf_test_recording_value (recording, i, v) - expected));
      /* The junction holds what the orifice drops: k v² / A_p. */
      g_assert_cmpfloat_with_epsilon (mf_test_recording_value (recording, i, p),
                                      c.k * expected * expected / c.area, 10 * tolerance * P0);
    }
  g_test_message ("%s: max |v - v_exact| / v_inf = %.3g, %" G_GUINT64_FORMAT " steps", method,
                  worst / c.v_inf, stats.steps);
  g_assert_cmpfloat (worst, <=, tolerance * c.v_inf);

  g_assert_cmpuint (stats.steps, >, 0);
  g_assert_cmpuint (stats.rhs_evaluations, >=, stats.steps);
  if (mf_method_lookup (method)->needs_jacobian)
    g_assert_cmpuint (stats.jacobian_evaluations, >, 0);
  else
    g_assert_cmpuint (stats.jacobian_evaluations, ==, 0);
  g_assert_cmpuint (stats.mode_switches, ==, 0);
  g_assert_cmpfloat (stats.energy_lost, ==, 0.0);
  g_assert_cmpfloat (stats.wall_time, >=, 0.0);
}

/* ---- the output grid -------------------------------------------------- */

static void
check_grid (double t_end, double interval, guint n_expected)
{
  g_autoptr (MfTestCircuit) tc = draining_circuit ();
  /* stopped at each output time, and interpolated between steps */
  for (guint m = 0; m < 2; m++)
    {
      MfSimulationOptions options = options_for (m == 0 ? "rkf45" : "auto", t_end, interval);
      g_autoptr (MfTestRecording) recording =
        mf_test_recording_simulate (tc->model, &options, NULL);

      g_assert_cmpuint (mf_test_recording_n_samples (recording), ==, n_expected);
      for (guint i = 0; i + 1 < n_expected; i++)
        g_assert_cmpfloat (mf_test_recording_time (recording, i), ==, i * interval);
      g_assert_cmpfloat (mf_test_recording_time (recording, n_expected - 1), ==, t_end);
    }
}

static void
test_grid (void)
{
  /* 3 × 0.1 is 0.30000000000000004: one sample at t_end, not two. */
  check_grid (0.3, 0.1, 4);
  /* A grid that does not divide t_end still ends at t_end. */
  check_grid (0.3, 0.07, 6);
  check_grid (0.25, 0.005, 51);
}

/* IDA is not stopped at output times: its samples come from its
 * interpolant, so 1001 samples cost the same steps as one, and the state
 * at the end is the same to the last bit.  msbdf, stopped at each, takes
 * more. */
static void
test_samples_do_not_stop (void)
{
  g_autoptr (MfTestCircuit) tc = draining_circuit ();
  guint v = mf_test_output (tc->model, "P1.v");
  guint64 steps[2][2];
  double last = NAN;

  for (guint m = 0; m < 2; m++)
    for (guint dense = 0; dense < 2; dense++)
      {
        const char *method = m == 0 ? "auto" : "msbdf";
        MfSimulationOptions options = options_for (method, 0.4, dense ? 0.4 / 1000 : 0.4);
        MfSimulationStats stats;
        g_autoptr (MfTestRecording) recording =
          mf_test_recording_simulate (tc->model, &options, &stats);
        guint n = mf_test_recording_n_samples (recording);

        g_assert_cmpuint (n, ==, dense ? 1001 : 2);
        steps[m][dense] = stats.steps;
        if (m == 0 && dense)
          g_assert_cmpfloat (mf_test_recording_value (recording, n - 1, v), ==, last);
        else if (m == 0)
          last = mf_test_recording_value (recording, n - 1, v);
      }
  g_test_message ("steps with 1 and 1001 samples: auto %" G_GUINT64_FORMAT ", %" G_GUINT64_FORMAT
                  "; msbdf %" G_GUINT64_FORMAT ", %" G_GUINT64_FORMAT, steps[0][0], steps[0][1],
                  steps[1][0], steps[1][1]);
  g_assert_cmpuint (steps[0][1], ==, steps[0][0]);
  g_assert_cmpuint (steps[1][1], >, steps[1][0]);
}

/* Runs the draining pipe for 1 s with `method`, the recording ending the run
 * once it holds `stop_after` samples: by returning FALSE, or by cancelling it
 * when `cancel`.  `n_samples` is how many the run delivered. */
static gboolean
run_draining_stopped (const char *method,
                      guint       stop_after,
                      gboolean    cancel,
                      guint      *n_samples,
                      GError    **error)
{
  g_autoptr (MfTestCircuit) tc = draining_circuit ();
  g_autoptr (MfTestRecording) recording = mf_test_recording_new (tc->model);
  MfSimulationOptions options = options_for (method, 1.0, 0.01);
  gboolean ok;

  recording->stop_after = stop_after;
  if (cancel)
    recording->cancel_after = g_cancellable_new ();
  ok = mf_simulate (tc->model, &options, mf_test_recording_add, recording, NULL,
                    recording->cancel_after, error);
  *n_samples = mf_test_recording_n_samples (recording);
  return ok;
}

/* A sample callback that returns FALSE ends the run quietly. */
static void
test_sample_stops (void)
{
  g_autoptr (GError) error = NULL;
  guint n_samples;

  g_assert_true (run_draining_stopped ("rk8pd", 5, FALSE, &n_samples, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n_samples, ==, 5);
}

/* ---- explicit Euler's stability bound --------------------------------- */

/* A laminar pipe between two tanks: m v' = A Δp − A (32 μ L / d²) v, i.e.
 * v' = −λ v + Δp / (ρ L) with λ = 32 ν / d².  Explicit Euler multiplies the
 * distance to the steady state by 1 − hλ each step: stable iff h < 2/λ. */
#define D_LAMINAR  0.01
#define DP_LAMINAR 1000.0

static char *
laminar_document (void)
{
  return g_strdup_printf (
    "{ \"manifold\": 1, \"title\": \"Laminar pipe\", " FLUID ",\n"
    "  \"components\": [\n"
    "    { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": %g },\n"
    "    { \"id\": \"P1\", \"type\": \"pipe\", \"length\": 1, \"diameter\": %g,"
    " \"friction\": \"laminar\" },\n"
    "    { \"id\": \"T2\", \"type\": \"tank\", \"pressure\": 0 } ],\n"
    "  \"wires\": [ [\"T1.p\", \"P1.a\"], [\"P1.b\", \"T2.p\"] ] }\n",
    DP_LAMINAR, D_LAMINAR);
}

static MfTestCircuit *
laminar_circuit (void)
{
  g_autofree char *text = laminar_document ();

  return mf_test_circuit_new (text);
}

static gboolean
run_euler (const MfModel     *model,
           double             factor,
           MfTestRecording   *recording,
           MfSimulationStats *stats,
           GError           **error)
{
  double lambda = 32 * NU / (D_LAMINAR * D_LAMINAR);
  double h = factor * 2 / lambda;
  /* 1.2^2500 is far beyond the blow-up limit of 1e150; 0.8^2500 is 0. */
  MfSimulationOptions options = options_for ("euler", 2500 * h, 250 * h);

  options.step = h;
  return mf_simulate ((MfModel *) model, &options, mf_test_recording_add, recording, stats, NULL,
                      error);
}

static void
test_euler_stable (void)
{
  g_autoptr (MfTestCircuit) tc = laminar_circuit ();
  g_autoptr (MfTestRecording) recording = mf_test_recording_new (tc->model);
  g_autoptr (GError) error = NULL;
  MfSimulationStats stats;
  double lambda = 32 * NU / (D_LAMINAR * D_LAMINAR);
  double v_steady = DP_LAMINAR / (RHO * 1.0 * lambda);
  guint v = mf_test_output (tc->model, "P1.v");

  g_assert_true (run_euler (tc->model, 0.9, recording, &stats, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (stats.steps, ==, 2500);
  g_assert_cmpuint (stats.rhs_evaluations, ==, 2500);
  g_assert_cmpuint (mf_test_recording_n_samples (recording), ==, 11);
  /* Euler's fixed point of v' = −λv + b is b/λ exactly. */
  g_assert_cmpfloat_with_epsilon (mf_test_recording_value (recording, 10, v), v_steady,
                                  1e-9 * v_steady);
}

static void
test_euler_unstable (void)
{
  g_autoptr (MfTestCircuit) tc = laminar_circuit ();
  g_autoptr (MfTestRecording) recording = mf_test_recording_new (tc->model);
  g_autoptr (GError) error = NULL;
  MfSimulationStats stats;

  g_assert_false (run_euler (tc->model, 1.1, recording, &stats, &error));
  g_assert_error (error, MF_ERROR, MF_ERROR_SOLVER);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "at t = "));
  g_assert_nonnull (strstr (error->message, "blew up"));
  /* Growth by 1.2 per step from 0.3 m/s passes 1e150 after about 1900 steps. */
  g_assert_cmpuint (stats.steps, >, 1800);
  g_assert_cmpuint (stats.steps, <, 2000);
}

/* A tank pressure 1/(0.1 − t) Pa drives the laminar pipe to infinity at
 * t = 0.1 s: the run fails there, and says when. */
static void
test_failure_names_time (void)
{
  g_autofree char *text = laminar_document ();
  g_autofree char *singular = NULL;
  g_autoptr (MfTestCircuit) tc = NULL;
  g_autoptr (GError) error = NULL;
  MfSimulationOptions options = options_for ("rkf45", 0.2, 0.01);
  char *pressure = strstr (text, "\"pressure\": ");
  double t_failed;

  /* Replace the number after the first "pressure": */
  g_assert_nonnull (pressure);
  pressure += strlen ("\"pressure\": ");
  singular = g_strdup_printf ("%.*s\"1 / (0.1 - t)\"%s", (int) (pressure - text), text,
                              strchr (pressure, ' '));
  tc = mf_test_circuit_new (singular);

  g_assert_false (mf_simulate (tc->model, &options, NULL, NULL, NULL, NULL, &error));
  g_assert_error (error, MF_ERROR, MF_ERROR_SOLVER);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, "at t = "));
  t_failed = g_ascii_strtod (error->message + strlen ("at t = "), NULL);
  g_assert_cmpfloat (t_failed, >, 0.09);
  g_assert_cmpfloat (t_failed, <=, 0.1);
}

/* ---- scheduled mode changes ------------------------------------------- */

#define T_SWITCH 0.1
#define MODES_SHUT "\"modes\": [ { \"name\": \"open\", \"closed\": [] }, " \
                   "{ \"name\": \"shut\", \"closed\": [\"V1\"] } ]"

/* The valve shuts at 0.1 s: the rigid water hammer.  With nothing left to
 * move, the projection stops the column and its kinetic energy ½ m v² is
 * lost, v from the closed form (an open valve is an orifice). */
static void
test_valve_closes (void)
{
  g_autofree char *text = draining_document (
    "valve", ",\n  " MODES_SHUT ",\n  \"schedule\": [ { \"t\": 0, \"mode\": \"open\" }, "
    "{ \"t\": 0.1, \"mode\": \"shut\" } ]");
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (text);
  g_autoptr (MfTestRecording) recording = NULL;
  MfSimulationOptions options = options_for ("msbdf", 0.2, 0.01);
  MfSimulationStats stats;
  Draining c = draining_constants ();
  double v_switch = draining_velocity (&c, T_SWITCH);
  guint pipe = mf_test_output (tc->model, "P1.v");
  guint valve = mf_test_output (tc->model, "V1.v");

  recording = mf_test_recording_simulate (tc->model, &options, &stats);
  g_assert_cmpuint (stats.mode_switches, ==, 1);
  g_assert_cmpfloat_with_epsilon (stats.energy_lost, 0.5 * c.mass * v_switch * v_switch,
                                  1e-6 * 0.5 * c.mass * v_switch * v_switch);
  g_assert_cmpuint (mf_test_recording_n_samples (recording), ==, 21);
  for (guint i = 0; i < mf_test_recording_n_samples (recording); i++)
    {
      gboolean shut = i >= 10;
      double t = mf_test_recording_time (recording, i);
      double v = mf_test_recording_value (recording, i, pipe);

      g_assert_cmpuint (mf_test_recording_mode (recording, i), ==, shut ? 1 : 0);
      if (shut)
        {
          g_assert_cmpfloat (mf_test_recording_value (recording, i, valve), ==, 0.0);
          g_assert_cmpfloat_with_epsilon (v, 0.0, 1e-12);
        }
      else
        g_assert_cmpfloat_with_epsilon (v, draining_velocity (&c, t), 1e-6 * c.v_inf);
    }
}

/* A second pipe P2 branches off at J1 to a tank: when V1 shuts, the two
 * columns must agree (A1 v1 = A2 v2).  The mass-weighted projection loses
 * ½ (A1 v1 − A2 v2)² / (A1²/m1 + A2²/m2) — compared against the state a run
 * without the switch has at that time. */
#define L_BYPASS 1.0
#define D_BYPASS 0.01

static char *
bypass_document (gboolean switching)
{
  return g_strdup_printf (
    "{ \"manifold\": 1, \"title\": \"Bypass\", " FLUID ",\n"
    "  \"components\": [\n"
    "    { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": %g },\n"
    "    { \"id\": \"P1\", \"type\": \"pipe\", \"length\": %g, \"diameter\": %g,"
    " \"friction\": \"none\" },\n"
    "    { \"id\": \"J1\", \"type\": \"junction\" },\n"
    "    { \"id\": \"V1\", \"type\": \"valve\", \"area\": %g, \"cd\": %g },\n"
    "    { \"id\": \"T2\", \"type\": \"tank\", \"pressure\": 0 },\n"
    "    { \"id\": \"P2\", \"type\": \"pipe\", \"length\": %g, \"diameter\": %g,"
    " \"friction\": \"laminar\" },\n"
    "    { \"id\": \"T3\", \"type\": \"tank\", \"pressure\": 0 } ],\n"
    "  \"wires\": [ [\"T1.p\", \"P1.a\"], [\"P1.b\", \"J1.p\"], [\"J1.p\", \"V1.a\"],"
    " [\"V1.b\", \"T2.p\"], [\"J1.p\", \"P2.a\"], [\"P2.b\", \"T3.p\"] ],\n"
    "  " MODES_SHUT ",\n"
    "  \"schedule\": [ { \"t\": 0, \"mode\": \"open\" }, { \"t\": %g, \"mode\": \"%s\" } ] }\n",
    P0, L_PIPE, D_PIPE, AO, CD, L_BYPASS, D_BYPASS, T_SWITCH, switching ? "shut" : "open");
}

static void
run_bypass (gboolean            switching,
            MfTestCircuit     **tc,
            MfTestRecording   **recording,
            MfSimulationStats  *stats)
{
  g_autofree char *text = bypass_document (switching);
  MfSimulationOptions options = options_for ("msbdf", 0.3, 0.01);

  *tc = mf_test_circuit_new (text);
  *recording = mf_test_recording_simulate ((*tc)->model, &options, stats);
}

static void
test_bypass_switch (void)
{
  g_autoptr (MfTestCircuit) tc = NULL;
  g_autoptr (MfTestCircuit) tc_open = NULL;
  g_autoptr (MfTestRecording) recording = NULL;
  g_autoptr (MfTestRecording) recording_open = NULL;
  MfSimulationStats stats, stats_open;
  double a1 = G_PI * D_PIPE * D_PIPE / 4, a2 = G_PI * D_BYPASS * D_BYPASS / 4;
  double m1 = RHO * a1 * L_PIPE, m2 = RHO * a2 * L_BYPASS;
  guint at_switch = 10;
  guint p1, p2, valve;
  double v1, v2, expected;

  run_bypass (FALSE, &tc_open, &recording_open, &stats_open);
  run_bypass (TRUE, &tc, &recording, &stats);
  p1 = mf_test_output (tc->model, "P1.v");
  p2 = mf_test_output (tc->model, "P2.v");
  valve = mf_test_output (tc->model, "V1.v");

  g_assert_cmpuint (stats_open.mode_switches, ==, 0);
  g_assert_cmpuint (stats.mode_switches, ==, 1);
  g_assert_cmpfloat (mf_test_recording_time (recording, at_switch), ==, T_SWITCH);

  v1 = mf_test_recording_value (recording_open, at_switch, p1);
  v2 = mf_test_recording_value (recording_open, at_switch, p2);
  expected = 0.5 * pow (a1 * v1 - a2 * v2, 2) / (a1 * a1 / m1 + a2 * a2 / m2);
  g_assert_cmpfloat (expected, >, 0.0);
  g_assert_cmpfloat_with_epsilon (stats.energy_lost, expected, 1e-6 * expected);

  for (guint i = at_switch; i < mf_test_recording_n_samples (recording); i++)
    {
      double q1 = a1 * mf_test_recording_value (recording, i, p1);
      double q2 = a2 * mf_test_recording_value (recording, i, p2);

      g_assert_cmpuint (mf_test_recording_mode (recording, i), ==, 1);
      g_assert_cmpfloat (mf_test_recording_value (recording, i, valve), ==, 0.0);
      g_assert_cmpfloat_with_epsilon (q1, q2, 1e-12 * MAX (fabs (q1), 1e-9));
    }
}

/* ---- cancellation ----------------------------------------------------- */

static void
test_cancelled_before (void)
{
  g_autoptr (MfTestCircuit) tc = draining_circuit ();
  g_autoptr (MfTestRecording) recording = mf_test_recording_new (tc->model);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GError) error = NULL;
  MfSimulationOptions options = options_for ("rkf45", 1.0, 0.01);
  MfSimulationStats stats;

  g_cancellable_cancel (cancellable);
  g_assert_false (mf_simulate (tc->model, &options, mf_test_recording_add, recording, &stats,
                               cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (stats.steps, ==, 0);
}

static void
test_cancelled_during (void)
{
  g_autoptr (GError) error = NULL;
  guint n_samples;

  g_assert_false (run_draining_stopped ("rkf45", 3, TRUE, &n_samples, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (n_samples, ==, 3);
}

/* ---- options ---------------------------------------------------------- */

static void
check_usage_error (const MfSimulationOptions *options, const char *fragment)
{
  g_autoptr (MfTestCircuit) tc = draining_circuit ();
  g_autoptr (GError) error = NULL;
  MfSimulationStats stats;

  g_assert_false (mf_simulate (tc->model, options, NULL, NULL, &stats, NULL, &error));
  g_assert_error (error, MF_ERROR, MF_ERROR_USAGE);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, fragment));
  g_assert_cmpuint (stats.steps, ==, 0);
}

static void
test_option_errors (void)
{
  MfSimulationOptions options;

  options = options_for ("rk5", 1.0, 0.01);
  check_usage_error (&options, "unknown integration method 'rk5'");
  options = options_for (NULL, 1.0, 0.01);
  check_usage_error (&options, "unknown integration method");
  options = options_for ("rkf45", 0.0, 0.01);
  check_usage_error (&options, "end time");
  options = options_for ("rkf45", NAN, 0.01);
  check_usage_error (&options, "end time");
  options = options_for ("rkf45", 1.0, 0.01);
  options.rtol = 0.0;
  check_usage_error (&options, "tolerances");
  options = options_for ("rkf45", 1.0, 0.01);
  options.atol = -1e-9;
  check_usage_error (&options, "tolerances");
  options = options_for ("rkf45", 1.0, 0.0);
  check_usage_error (&options, "output interval");
  options = options_for ("euler", 1.0, 0.01);
  check_usage_error (&options, "needs a fixed step");
  options = options_for ("rkf45", 1.0, 0.01);
  options.step = -0.1;
  check_usage_error (&options, "fixed step");
  options = options_for ("rkf45", 1.0, 0.01);
  options.step = 2.0;
  check_usage_error (&options, "longer than the whole run");
}

static void
test_options_from_circuit (void)
{
  g_autofree char *text = draining_document (
    "orifice", ",\n  \"simulation\": { \"t_end\": 2.5, \"method\": \"rk8pd\", \"rtol\": 1e-7, "
    "\"atol\": 1e-10 }");
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (text);
  MfSimulationOptions options;

  mf_simulation_options_from_circuit (&options, mf_model_get_circuit (tc->model));
  g_assert_cmpstr (options.method, ==, "rk8pd");
  g_assert_cmpfloat (options.t_end, ==, 2.5);
  g_assert_cmpfloat (options.rtol, ==, 1e-7);
  g_assert_cmpfloat (options.atol, ==, 1e-10);
  g_assert_cmpfloat (options.output_interval, ==, 2.5 / 1000);
  g_assert_cmpfloat (options.step, ==, 0.0);
}

/* ---- methods ---------------------------------------------------------- */

static void
test_methods (void)
{
  const char *const jacobian[] = { "auto", "rk1imp", "rk2imp", "rk4imp", "bsimp", "msbdf", NULL };
  guint n_methods;
  const MfMethod *methods = mf_method_list (&n_methods);

  g_assert_cmpuint (n_methods, ==, 13);
  /* the default first: IDA, with no GSL stepper */
  g_assert_cmpstr (methods[0].name, ==, "auto");
  g_assert_null (methods[0].gsl);
  for (guint i = 0; i < n_methods; i++)
    {
      const MfMethod *method = &methods[i];
      gboolean euler = strcmp (method->name, "euler") == 0;

      g_assert_true (mf_method_lookup (method->name) == method);
      g_assert_true (method->label != NULL && method->label[0] != '\0');
      g_assert_true (method->adaptive == !euler);
      if (i > 0)
        g_assert_cmpstr (method->gsl->name, ==, method->name);
      g_assert_true (method->needs_jacobian
                     == g_strv_contains (jacobian, method->name));
    }
  g_assert_null (mf_method_lookup ("rk45"));
  g_assert_null (mf_method_lookup (NULL));
}

/* ---- CSV -------------------------------------------------------------- */

static char *
expected_header (const MfModel *model)
{
  GString *header = g_string_new ("t [s]");

  for (guint i = 0; i < mf_model_n_outputs (model); i++)
    {
      const char *unit = mf_model_output_unit (model, i);

      /* a quantity without a unit (the solver's σ) has no brackets */
      g_string_append_printf (header, ",%s", mf_model_output_name (model, i));
      if (unit[0] != '\0')
        g_string_append_printf (header, " [%s]", unit);
    }
  g_string_append (header, ",solver.mode");
  return g_string_free (header, FALSE);
}

static void
test_csv (void)
{
  g_autoptr (MfTestCircuit) tc = draining_circuit ();
  g_autoptr (MfTestRecording) recording = NULL;
  g_autoptr (GOutputStream) stream = g_memory_output_stream_new_resizable ();
  g_autoptr (MfCsvWriter) writer = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *header = expected_header (tc->model);
  g_autofree char *written = NULL;
  g_auto (GStrv) lines = NULL;
  /* A thousand rows: more than the writer buffers before it writes. */
  MfSimulationOptions options = options_for ("rk8pd", 0.1, 1e-4);
  guint n = mf_model_n_outputs (tc->model);
  guint n_samples;

  recording = mf_test_recording_simulate (tc->model, &options, NULL);
  n_samples = mf_test_recording_n_samples (recording);

  writer = mf_csv_writer_new (stream, tc->model, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < n_samples; i++)
    {
      g_assert_true (mf_csv_writer_add (writer, mf_test_recording_time (recording, i),
                                        mf_test_recording_mode (recording, i),
                                        mf_test_recording_outputs (recording, i),
                                        &error));
      g_assert_no_error (error);
    }
  g_assert_true (mf_csv_writer_close (writer, &error));
  g_assert_no_error (error);
  g_assert_true (g_output_stream_close (stream, NULL, &error));

  written = g_strndup (g_memory_output_stream_get_data (G_MEMORY_OUTPUT_STREAM (stream)),
                       g_memory_output_stream_get_data_size (G_MEMORY_OUTPUT_STREAM (stream)));
  g_assert_cmpuint (strlen (written), >, 65536);
  lines = g_strsplit (written, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, n_samples + 2);
  g_assert_cmpstr (lines[n_samples + 1], ==, "");
  g_assert_true (g_str_has_prefix (lines[0], "t [s],P1.v [m/s],"));
  g_assert_cmpstr (lines[0], ==, header);

  for (guint i = 0; i < n_samples; i++)
    {
      g_auto (GStrv) fields = g_strsplit (lines[i + 1], ",", -1);

      g_assert_cmpuint (g_strv_length (fields), ==, n + 2);
      for (guint j = 0; j <= n; j++)
        {
          double value = j == 0 ? mf_test_recording_time (recording, i)
                                : mf_test_recording_value (recording, i, j - 1);
          char *end;
          double read = g_ascii_strtod (fields[j], &end);

          g_assert_true (*end == '\0');
          if (isnan (value))
            g_assert_true (isnan (read)); /* "nan": no algebraic states here */
          else
            g_assert_cmpfloat_with_epsilon (read, value, 1e-9 * fabs (value) + 1e-300);
        }
      g_assert_cmpstr (fields[n + 1], ==, "0");
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  mf_init ();

  g_test_add_func ("/core/simulation/methods", test_methods);
  for (guint i = 0; i < G_N_ELEMENTS (draining_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/core/simulation/draining/",
                                           draining_cases[i].method, NULL);

      g_test_add_data_func (path, &draining_cases[i], test_draining);
    }
  g_test_add_func ("/core/simulation/grid", test_grid);
  g_test_add_func ("/core/simulation/samples-do-not-stop", test_samples_do_not_stop);
  g_test_add_func ("/core/simulation/sample-stops", test_sample_stops);
  g_test_add_func ("/core/simulation/euler/stable", test_euler_stable);
  g_test_add_func ("/core/simulation/euler/unstable", test_euler_unstable);
  g_test_add_func ("/core/simulation/failure-names-time", test_failure_names_time);
  g_test_add_func ("/core/simulation/schedule/valve-closes", test_valve_closes);
  g_test_add_func ("/core/simulation/schedule/bypass", test_bypass_switch);
  g_test_add_func ("/core/simulation/cancel/before", test_cancelled_before);
  g_test_add_func ("/core/simulation/cancel/during", test_cancelled_during);
  g_test_add_func ("/core/simulation/options/errors", test_option_errors);
  g_test_add_func ("/core/simulation/options/from-circuit", test_options_from_circuit);
  g_test_add_func ("/core/simulation/csv", test_csv);
  return g_test_run ();
}
