/* test-simulation.c: the simulation driver (mf-simulation.h), its methods
 * (mf-method.h) and the CSV writer (mf-csv.h), on circuits with closed-form
 * solutions (MODEL.md §6).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include <gio/gio.h>

#include "mf-csv.h"
#include "mf-document.h"
#include "mf-error.h"
#include "mf-method.h"
#include "mf-model.h"
#include "mf-simulation.h"

/* Water, so the numbers below are easy to check by hand. */
#define RHO   1000.0
#define NU    1e-5
#define FLUID "\"fluid\": { \"density\": 1000, \"kinematic_viscosity\": 1e-5, " \
              "\"bulk_modulus\": 2.2e9 }"

/* The draining pipe of MODEL.md §6: a frictionless pipe (L, d) from a tank
 * at P0 through an orifice (area AO, cd CD) into a tank at 0. */
#define L_PIPE 2.0
#define D_PIPE 0.02
#define AO     1e-4
#define CD     0.6
#define P0     1e5

/* ---- helpers ---------------------------------------------------------- */

typedef struct
{
  MfDocument *document;
  MfModel    *model;
} Loaded;

static Loaded *
loaded_new (const char *text)
{
  g_autoptr (GError) error = NULL;
  Loaded *loaded = g_new0 (Loaded, 1);

  loaded->document = mf_document_load_data (text, -1, "<test>", NULL, &error);
  g_assert_no_error (error);
  loaded->model = mf_model_new (mf_document_get_circuit (loaded->document), &error);
  g_assert_no_error (error);
  return loaded;
}

static void
loaded_free (Loaded *loaded)
{
  mf_model_free (loaded->model);
  mf_document_free (loaded->document);
  g_free (loaded);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Loaded, loaded_free)

static guint
output_index (const MfModel *model, const char *name)
{
  for (guint i = 0; i < mf_model_n_outputs (model); i++)
    if (strcmp (mf_model_output_name (model, i), name) == 0)
      return i;
  g_error ("no output named %s", name);
  return 0;
}

typedef struct
{
  guint         n_outputs;
  GArray       *times;       /* double */
  GArray       *modes;       /* guint */
  GArray       *values;      /* double, n_outputs per sample */
  guint         stop_after;  /* > 0: return FALSE once this many samples are in */
  GCancellable *cancel_after; /* cancelled once stop_after samples are in */
} Recording;

static Recording *
recording_new (const MfModel *model)
{
  Recording *recording = g_new0 (Recording, 1);

  recording->n_outputs = mf_model_n_outputs (model);
  recording->times = g_array_new (FALSE, FALSE, sizeof (double));
  recording->modes = g_array_new (FALSE, FALSE, sizeof (guint));
  recording->values = g_array_new (FALSE, FALSE, sizeof (double));
  return recording;
}

static void
recording_free (Recording *recording)
{
  g_array_unref (recording->times);
  g_array_unref (recording->modes);
  g_array_unref (recording->values);
  g_clear_object (&recording->cancel_after);
  g_free (recording);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Recording, recording_free)

static gboolean
record_sample (double t, guint mode, const double *outputs, gpointer data)
{
  Recording *recording = data;

  g_array_append_val (recording->times, t);
  g_array_append_val (recording->modes, mode);
  g_array_append_vals (recording->values, outputs, recording->n_outputs);
  if (recording->stop_after > 0 && recording->times->len >= recording->stop_after)
    {
      if (recording->cancel_after != NULL)
        {
          g_cancellable_cancel (recording->cancel_after);
          return TRUE;
        }
      return FALSE;
    }
  return TRUE;
}

static double
recorded_time (const Recording *recording, guint sample)
{
  return g_array_index (recording->times, double, sample);
}

static guint
recorded_mode (const Recording *recording, guint sample)
{
  return g_array_index (recording->modes, guint, sample);
}

static double
recorded (const Recording *recording, guint sample, guint output)
{
  return g_array_index (recording->values, double, sample * recording->n_outputs + output);
}

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

typedef struct
{
  double area; /* of the pipe */
  double mass; /* of its fluid column */
  double k;    /* m v' = A p0 - k v|v| */
  double v_inf;
} Draining;

/* With the orifice law of MODEL.md §1 the orifice's velocity is A_p v / A_o
 * by continuity, and its force brought into the pipe's velocity is
 * ρ A_p³ / (2 cd² a²) v|v|: the port area drops out. */
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

/* rtol 1e-8 bounds the error of each step.  The ODE is contractive
 * (∂f/∂v = -2k|v|/m < 0), so local errors do not grow; over the run the
 * error stays within a small multiple of rtol·v∞.  The one-step methods
 * are held to 1e-7 relative; msbdf to 1e-6, because its variable-order
 * error estimate is looser (measured 2.5e-7 on this case). */
static void
check_draining (const char *method, double t_end, double tolerance)
{
  g_autofree char *text = draining_document ("orifice", "");
  g_autoptr (Loaded) loaded = loaded_new (text);
  g_autoptr (Recording) recording = recording_new (loaded->model);
  g_autoptr (GError) error = NULL;
  Draining c = draining_constants ();
  MfSimulationOptions options = options_for (method, t_end, 0.005);
  MfSimulationStats stats;
  guint v = output_index (loaded->model, "P1.v");
  guint p = output_index (loaded->model, "J1.p");
  double worst = 0.0;

  g_assert_true (mf_simulate (loaded->model, &options, record_sample, recording, &stats, NULL,
                              &error));
  g_assert_no_error (error);
  g_assert_cmpuint (recording->times->len, ==, (guint) round (t_end / 0.005) + 1);

  for (guint i = 0; i < recording->times->len; i++)
    {
      double t = recorded_time (recording, i);
      double expected = draining_velocity (&c, t);

      worst = MAX (worst, fabs (recorded (recording, i, v) - expected));
      /* The junction holds what the orifice drops: k v² / A_p. */
      g_assert_cmpfloat_with_epsilon (recorded (recording, i, p),
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

static void
test_draining_rkf45 (void)
{
  check_draining ("rkf45", 0.4, 1e-7);
}

static void
test_draining_rk8pd (void)
{
  check_draining ("rk8pd", 0.4, 1e-7);
}

static void
test_draining_msbdf (void)
{
  check_draining ("msbdf", 0.4, 1e-6);
}

static void
test_draining_bsimp (void)
{
  check_draining ("bsimp", 0.4, 1e-7);
}

/* GSL's implicit Runge–Kutta steppers fail their Newton iteration once the
 * solution sits at a steady state to rounding (mf-integrator.c, step_hold):
 * run well into it — 2 s is about 37 time constants m / (k v∞). */
static void
test_draining_rk4imp (void)
{
  check_draining ("rk4imp", 2.0, 1e-7);
}

/* ---- the output grid -------------------------------------------------- */

static void
check_grid (double t_end, double interval, guint n_expected)
{
  g_autofree char *text = draining_document ("orifice", "");
  g_autoptr (Loaded) loaded = loaded_new (text);
  g_autoptr (Recording) recording = recording_new (loaded->model);
  g_autoptr (GError) error = NULL;
  MfSimulationOptions options = options_for ("rkf45", t_end, interval);

  g_assert_true (mf_simulate (loaded->model, &options, record_sample, recording, NULL, NULL,
                              &error));
  g_assert_no_error (error);
  g_assert_cmpuint (recording->times->len, ==, n_expected);
  for (guint i = 0; i + 1 < n_expected; i++)
    g_assert_cmpfloat (recorded_time (recording, i), ==, i * interval);
  g_assert_cmpfloat (recorded_time (recording, n_expected - 1), ==, t_end);
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

/* A sample callback that returns FALSE ends the run quietly. */
static void
test_sample_stops (void)
{
  g_autofree char *text = draining_document ("orifice", "");
  g_autoptr (Loaded) loaded = loaded_new (text);
  g_autoptr (Recording) recording = recording_new (loaded->model);
  g_autoptr (GError) error = NULL;
  MfSimulationOptions options = options_for ("rk8pd", 1.0, 0.01);

  recording->stop_after = 5;
  g_assert_true (mf_simulate (loaded->model, &options, record_sample, recording, NULL, NULL,
                              &error));
  g_assert_no_error (error);
  g_assert_cmpuint (recording->times->len, ==, 5);
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

static gboolean
run_euler (const MfModel *model, double factor, Recording *recording, MfSimulationStats *stats,
           GError **error)
{
  double lambda = 32 * NU / (D_LAMINAR * D_LAMINAR);
  double h = factor * 2 / lambda;
  /* 1.2^2500 is far beyond the blow-up limit of 1e150; 0.8^2500 is 0. */
  MfSimulationOptions options = options_for ("euler", 2500 * h, 250 * h);

  options.step = h;
  return mf_simulate ((MfModel *) model, &options, record_sample, recording, stats, NULL, error);
}

static void
test_euler_stable (void)
{
  g_autofree char *text = laminar_document ();
  g_autoptr (Loaded) loaded = loaded_new (text);
  g_autoptr (Recording) recording = recording_new (loaded->model);
  g_autoptr (GError) error = NULL;
  MfSimulationStats stats;
  double lambda = 32 * NU / (D_LAMINAR * D_LAMINAR);
  double v_steady = DP_LAMINAR / (RHO * 1.0 * lambda);
  guint v = output_index (loaded->model, "P1.v");

  g_assert_true (run_euler (loaded->model, 0.9, recording, &stats, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (stats.steps, ==, 2500);
  g_assert_cmpuint (stats.rhs_evaluations, ==, 2500);
  g_assert_cmpuint (recording->times->len, ==, 11);
  /* Euler's fixed point of v' = −λv + b is b/λ exactly. */
  g_assert_cmpfloat_with_epsilon (recorded (recording, 10, v), v_steady, 1e-9 * v_steady);
}

static void
test_euler_unstable (void)
{
  g_autofree char *text = laminar_document ();
  g_autoptr (Loaded) loaded = loaded_new (text);
  g_autoptr (Recording) recording = recording_new (loaded->model);
  g_autoptr (GError) error = NULL;
  MfSimulationStats stats;

  g_assert_false (run_euler (loaded->model, 1.1, recording, &stats, &error));
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
  g_autoptr (Loaded) loaded = NULL;
  g_autoptr (GError) error = NULL;
  MfSimulationOptions options = options_for ("rkf45", 0.2, 0.01);
  char *pressure = strstr (text, "\"pressure\": ");
  double t_failed;

  /* Replace the number after the first "pressure": */
  g_assert_nonnull (pressure);
  pressure += strlen ("\"pressure\": ");
  singular = g_strdup_printf ("%.*s\"1 / (0.1 - t)\"%s", (int) (pressure - text), text,
                              strchr (pressure, ' '));
  loaded = loaded_new (singular);

  g_assert_false (mf_simulate (loaded->model, &options, NULL, NULL, NULL, NULL, &error));
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
  g_autoptr (Loaded) loaded = loaded_new (text);
  g_autoptr (Recording) recording = recording_new (loaded->model);
  g_autoptr (GError) error = NULL;
  MfSimulationOptions options = options_for ("msbdf", 0.2, 0.01);
  MfSimulationStats stats;
  Draining c = draining_constants ();
  double v_switch = draining_velocity (&c, T_SWITCH);
  guint pipe = output_index (loaded->model, "P1.v");
  guint valve = output_index (loaded->model, "V1.v");

  g_assert_true (mf_simulate (loaded->model, &options, record_sample, recording, &stats, NULL,
                              &error));
  g_assert_no_error (error);
  g_assert_cmpuint (stats.mode_switches, ==, 1);
  g_assert_cmpfloat_with_epsilon (stats.energy_lost, 0.5 * c.mass * v_switch * v_switch,
                                  1e-6 * 0.5 * c.mass * v_switch * v_switch);
  g_assert_cmpuint (recording->times->len, ==, 21);
  for (guint i = 0; i < recording->times->len; i++)
    {
      gboolean shut = i >= 10;

      g_assert_cmpuint (recorded_mode (recording, i), ==, shut ? 1 : 0);
      if (shut)
        {
          g_assert_cmpfloat (recorded (recording, i, valve), ==, 0.0);
          g_assert_cmpfloat_with_epsilon (recorded (recording, i, pipe), 0.0, 1e-12);
        }
      else
        g_assert_cmpfloat_with_epsilon (recorded (recording, i, pipe),
                                        draining_velocity (&c, recorded_time (recording, i)),
                                        1e-6 * c.v_inf);
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
run_bypass (gboolean switching, Loaded **loaded, Recording **recording, MfSimulationStats *stats)
{
  g_autofree char *text = bypass_document (switching);
  g_autoptr (GError) error = NULL;
  MfSimulationOptions options = options_for ("msbdf", 0.3, 0.01);

  *loaded = loaded_new (text);
  *recording = recording_new ((*loaded)->model);
  g_assert_true (mf_simulate ((*loaded)->model, &options, record_sample, *recording, stats, NULL,
                              &error));
  g_assert_no_error (error);
}

static void
test_bypass_switch (void)
{
  g_autoptr (Loaded) loaded = NULL;
  g_autoptr (Loaded) loaded_open = NULL;
  g_autoptr (Recording) recording = NULL;
  g_autoptr (Recording) recording_open = NULL;
  MfSimulationStats stats, stats_open;
  double a1 = G_PI * D_PIPE * D_PIPE / 4, a2 = G_PI * D_BYPASS * D_BYPASS / 4;
  double m1 = RHO * a1 * L_PIPE, m2 = RHO * a2 * L_BYPASS;
  guint at_switch = 10;
  guint p1, p2, valve;
  double v1, v2, expected;

  run_bypass (FALSE, &loaded_open, &recording_open, &stats_open);
  run_bypass (TRUE, &loaded, &recording, &stats);
  p1 = output_index (loaded->model, "P1.v");
  p2 = output_index (loaded->model, "P2.v");
  valve = output_index (loaded->model, "V1.v");

  g_assert_cmpuint (stats_open.mode_switches, ==, 0);
  g_assert_cmpuint (stats.mode_switches, ==, 1);
  g_assert_cmpfloat (recorded_time (recording, at_switch), ==, T_SWITCH);

  v1 = recorded (recording_open, at_switch, p1);
  v2 = recorded (recording_open, at_switch, p2);
  expected = 0.5 * pow (a1 * v1 - a2 * v2, 2) / (a1 * a1 / m1 + a2 * a2 / m2);
  g_assert_cmpfloat (expected, >, 0.0);
  g_assert_cmpfloat_with_epsilon (stats.energy_lost, expected, 1e-6 * expected);

  for (guint i = at_switch; i < recording->times->len; i++)
    {
      double q1 = a1 * recorded (recording, i, p1), q2 = a2 * recorded (recording, i, p2);

      g_assert_cmpuint (recorded_mode (recording, i), ==, 1);
      g_assert_cmpfloat (recorded (recording, i, valve), ==, 0.0);
      g_assert_cmpfloat_with_epsilon (q1, q2, 1e-12 * MAX (fabs (q1), 1e-9));
    }
}

/* ---- cancellation ----------------------------------------------------- */

static void
test_cancelled_before (void)
{
  g_autofree char *text = draining_document ("orifice", "");
  g_autoptr (Loaded) loaded = loaded_new (text);
  g_autoptr (Recording) recording = recording_new (loaded->model);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GError) error = NULL;
  MfSimulationOptions options = options_for ("rkf45", 1.0, 0.01);
  MfSimulationStats stats;

  g_cancellable_cancel (cancellable);
  g_assert_false (mf_simulate (loaded->model, &options, record_sample, recording, &stats,
                               cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (stats.steps, ==, 0);
}

static void
test_cancelled_during (void)
{
  g_autofree char *text = draining_document ("orifice", "");
  g_autoptr (Loaded) loaded = loaded_new (text);
  g_autoptr (Recording) recording = recording_new (loaded->model);
  g_autoptr (GError) error = NULL;
  MfSimulationOptions options = options_for ("rkf45", 1.0, 0.01);

  recording->stop_after = 3;
  recording->cancel_after = g_cancellable_new ();
  g_assert_false (mf_simulate (loaded->model, &options, record_sample, recording, NULL,
                               recording->cancel_after, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (recording->times->len, ==, 3);
}

/* ---- options ---------------------------------------------------------- */

static void
check_usage_error (const MfSimulationOptions *options, const char *fragment)
{
  g_autofree char *text = draining_document ("orifice", "");
  g_autoptr (Loaded) loaded = loaded_new (text);
  g_autoptr (GError) error = NULL;
  MfSimulationStats stats;

  g_assert_false (mf_simulate (loaded->model, options, NULL, NULL, &stats, NULL, &error));
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
  g_autoptr (Loaded) loaded = loaded_new (text);
  MfSimulationOptions options;

  mf_simulation_options_from_circuit (&options, mf_model_get_circuit (loaded->model));
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
  const char *const jacobian[] = { "rk1imp", "rk2imp", "rk4imp", "bsimp", "msbdf", NULL };
  guint n_methods;
  const MfMethod *methods = mf_method_list (&n_methods);

  g_assert_cmpuint (n_methods, ==, 12);
  for (guint i = 0; i < n_methods; i++)
    {
      const MfMethod *method = &methods[i];
      gboolean euler = strcmp (method->name, "euler") == 0;

      g_assert_true (mf_method_lookup (method->name) == method);
      g_assert_true (method->label != NULL && method->label[0] != '\0');
      g_assert_true (euler ? method->gsl == NULL : method->gsl != NULL);
      g_assert_true (method->adaptive == !euler);
      if (!euler)
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
    g_string_append_printf (header, ",%s [%s]", mf_model_output_name (model, i),
                            mf_model_output_unit (model, i));
  g_string_append (header, ",solver.mode");
  return g_string_free (header, FALSE);
}

static void
test_csv (void)
{
  g_autofree char *text = draining_document ("orifice", "");
  g_autoptr (Loaded) loaded = loaded_new (text);
  g_autoptr (Recording) recording = recording_new (loaded->model);
  g_autoptr (GOutputStream) stream = g_memory_output_stream_new_resizable ();
  g_autoptr (MfCsvWriter) writer = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *header = expected_header (loaded->model);
  g_autofree char *written = NULL;
  g_auto (GStrv) lines = NULL;
  /* A thousand rows: more than the writer buffers before it writes. */
  MfSimulationOptions options = options_for ("rk8pd", 0.1, 1e-4);
  guint n = mf_model_n_outputs (loaded->model);

  g_assert_true (mf_simulate (loaded->model, &options, record_sample, recording, NULL, NULL,
                              &error));
  g_assert_no_error (error);

  writer = mf_csv_writer_new (stream, loaded->model, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < recording->times->len; i++)
    {
      g_assert_true (mf_csv_writer_add (writer, recorded_time (recording, i),
                                        recorded_mode (recording, i),
                                        &g_array_index (recording->values, double, i * n),
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
  g_assert_cmpuint (g_strv_length (lines), ==, recording->times->len + 2);
  g_assert_cmpstr (lines[recording->times->len + 1], ==, "");
  g_assert_true (g_str_has_prefix (lines[0], "t [s],P1.v [m/s],"));
  g_assert_cmpstr (lines[0], ==, header);

  for (guint i = 0; i < recording->times->len; i++)
    {
      g_auto (GStrv) fields = g_strsplit (lines[i + 1], ",", -1);

      g_assert_cmpuint (g_strv_length (fields), ==, n + 2);
      for (guint j = 0; j <= n; j++)
        {
          double value = j == 0 ? recorded_time (recording, i) : recorded (recording, i, j - 1);
          char *end;
          double read = g_ascii_strtod (fields[j], &end);

          g_assert_true (*end == '\0');
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
  g_test_add_func ("/core/simulation/draining/rkf45", test_draining_rkf45);
  g_test_add_func ("/core/simulation/draining/rk8pd", test_draining_rk8pd);
  g_test_add_func ("/core/simulation/draining/msbdf", test_draining_msbdf);
  g_test_add_func ("/core/simulation/draining/bsimp", test_draining_bsimp);
  g_test_add_func ("/core/simulation/draining/rk4imp", test_draining_rk4imp);
  g_test_add_func ("/core/simulation/grid", test_grid);
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
