/* test-dae.c: index-1 circuits simulated by the minimal-order equations,
 * their algebraic velocities checked against the orifice law's closed form
 * at every sample.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include "mf-error.h"
#include "mf-simulation.h"
#include "mf-test-circuit.h"
#include "mf-test-recording.h"

/* Defaults of docs/format.md: oil 870 kg/m^3, cd 0.61, 10 mm ports. */
#define RHO 870.0
#define CD 0.61
#define PORT (G_PI * 0.01 * 0.01 / 4)

/* The orifice law Δp = ρ/2 (q / (cd a))²: the velocity in the port for a
 * pressure drop Δp, signed like Δp. */
static double
orifice_velocity (double dp, double area)
{
  return copysign (CD * area * sqrt (2.0 * fabs (dp) / RHO) / PORT, dp);
}

static MfTestRecording *
run (MfTestCircuit *tc, const char *method, double t_end, MfSimulationStats *stats)
{
  MfSimulationOptions options = { method, t_end, 1e-8, 1e-10, t_end / 50, 0.0 };

  return mf_test_recording_simulate (tc->model, &options, stats);
}

static double
value (const MfTestCircuit *tc, const MfTestRecording *rec, guint i, const char *name)
{
  return mf_test_recording_value (rec, i, mf_test_output (tc->model, name));
}

/* docs/model.md, "Reference cases": a massless orifice between two
 * compliant volumes, each filled through a pipe.  The orifice velocity is
 * algebraic: at every instant A Δp = K v|v| with Δp the difference of the
 * two volume pressures. */
static const char *between_volumes =
  "{ \"manifold\": 1, \"components\": ["
  "  { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"10 bar\" },"
  "  { \"id\": \"T2\", \"type\": \"tank\" },"
  "  { \"id\": \"P1\", \"type\": \"pipe\", \"length\": 2, \"diameter\": 0.01 },"
  "  { \"id\": \"V1\", \"type\": \"volume\", \"volume\": \"0.2 L\" },"
  "  { \"id\": \"O\", \"type\": \"orifice\", \"area\": \"4 mm^2\" },"
  "  { \"id\": \"V2\", \"type\": \"volume\", \"volume\": \"0.2 L\" },"
  "  { \"id\": \"P2\", \"type\": \"pipe\", \"length\": 1, \"diameter\": 0.01 } ],"
  "  \"wires\": [ [\"T1.p\", \"P1.a\"], [\"P1.b\", \"V1.p\"], [\"V1.p\", \"O.a\"],"
  "    [\"O.b\", \"V2.p\"], [\"V2.p\", \"P2.a\"], [\"P2.b\", \"T2.p\"] ] }";

static void
check_between_volumes (const char *method)
{
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (between_volumes);
  MfSimulationStats stats;
  g_autoptr (MfTestRecording) rec = run (tc, method, 0.2, &stats);
  double worst = 0.0, peak = 0.0;

  for (guint i = 0; i < mf_test_recording_n_samples (rec); i++)
    {
      double dp = value (tc, rec, i, "P1.b.p") - value (tc, rec, i, "O.b.p");
      double v = value (tc, rec, i, "O.v");

      worst = MAX (worst, fabs (v - orifice_velocity (dp, 4e-6)));
      peak = MAX (peak, fabs (v));
    }
  /* Newton stops at a force residual of 1e-10 of the forces that balance,
   * which is about 5e-11 relative in v */
  g_assert_cmpfloat (peak, >, 0.1);
  g_assert_cmpfloat (worst, <, 1e-8 * peak);
  g_assert_cmpuint (stats.newton_iterations, >, 0);
}

static void
test_between_volumes (gconstpointer method)
{
  check_between_volumes (method);
}

/* A pipe feeding two massless orifices in parallel: both see the same Δp,
 * so each carries cd a √(2Δp/ρ), and together they carry the pipe's flow. */
static const char *parallel = MF_TEST_PARALLEL_ORIFICES;

static void
test_parallel (void)
{
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (parallel);
  g_autoptr (MfTestRecording) bdf = run (tc, "msbdf", 0.3, NULL);
  g_autoptr (MfTestRecording) rk = run (tc, "rk8pd", 0.3, NULL);
  guint n = mf_test_recording_n_samples (bdf);

  for (guint i = 1; i < n; i++)
    {
      double dp = value (tc, bdf, i, "P.b.p");
      double q1 = value (tc, bdf, i, "O1.q"), q2 = value (tc, bdf, i, "O2.q");
      double q = value (tc, bdf, i, "P.q");

      g_assert_cmpfloat (fabs (q1 - PORT * orifice_velocity (dp, 1e-5)), <, 1e-9 * q1);
      g_assert_cmpfloat (fabs (q2 - PORT * orifice_velocity (dp, 2e-5)), <, 1e-9 * q2);
      /* continuity at P.b, |W v| relative to the flow */
      g_assert_cmpfloat (fabs (q - q1 - q2), <, 1e-10 * q);
    }
  /* the two steppers agree at the end within their tolerances */
  g_assert_cmpfloat (fabs (value (tc, bdf, n - 1, "P.v") - value (tc, rk, n - 1, "P.v")), <,
                     1e-5 * value (tc, rk, n - 1, "P.v"));
}

/* An orifice alone between two tanks: nothing is integrated, every instant
 * is a Newton solve, from zero flow (where the Jacobian vanishes) on. */
static void
test_nothing_integrated (void)
{
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (
    "{ \"manifold\": 1, \"components\": ["
    "  { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"10 bar * ramp(t, 0, 0.1)\" },"
    "  { \"id\": \"T2\", \"type\": \"tank\" },"
    "  { \"id\": \"O\", \"type\": \"orifice\", \"area\": 1e-5 } ],"
    "  \"wires\": [ [\"T1.p\", \"O.a\"], [\"O.b\", \"T2.p\"] ] }");
  g_autoptr (MfTestRecording) rec = run (tc, "rkf45", 0.2, NULL);

  for (guint i = 0; i < mf_test_recording_n_samples (rec); i++)
    {
      double t = mf_test_recording_time (rec, i);
      double expected = orifice_velocity (10e5 * MIN (t / 0.1, 1.0), 1e-5);

      g_assert_cmpfloat (fabs (value (tc, rec, i, "O.v") - expected), <=, 1e-9 * MAX (expected, 1));
    }
}

/* The switches of a run, as (t, component, from → to). */
typedef struct
{
  double t;
  char   text[64];
} Event;

static void
record_event (double t, const char *component, const char *from, const char *to,
              gpointer data)
{
  Event event = { t, "" };

  g_snprintf (event.text, sizeof event.text, "%s %s>%s", component, from, to);
  g_array_append_val ((GArray *) data, event);
}

/* An orifice closes by an event at 0.2 s, when its area pulses to 0, and
 * reopens at 0.3 s. */
static void
assert_pulse_events (const GArray *events, const char *id)
{
  g_autofree char *closes = g_strdup_printf ("%s open>closed", id);
  g_autofree char *opens = g_strdup_printf ("%s closed>open", id);

  g_assert_cmpuint (events->len, ==, 2);
  g_assert_cmpstr (g_array_index (events, Event, 0).text, ==, closes);
  g_assert_cmpfloat (fabs (g_array_index (events, Event, 0).t - 0.2), <=, 1e-8);
  g_assert_cmpstr (g_array_index (events, Event, 1).text, ==, opens);
  g_assert_cmpfloat (fabs (g_array_index (events, Event, 1).t - 0.3), <=, 1e-8);
}

/* Whether the orifice was closed at t: between its two switches. */
static gboolean
pulse_closed (const GArray *events, double t)
{
  return t >= g_array_index (events, Event, 0).t && t < g_array_index (events, Event, 1).t;
}

/* The orifice whose area pulses to zero in series with a pipe: it closes by
 * an event, the pipe stops (the projection books its energy), and both
 * start again from rest when it reopens. */
static void
test_zero_area (void)
{
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (
    "{ \"manifold\": 1, \"components\": ["
    "  { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"2 bar\" },"
    "  { \"id\": \"P\", \"type\": \"pipe\", \"length\": 5, \"diameter\": 0.02 },"
    "  { \"id\": \"O\", \"type\": \"orifice\","
    "    \"area\": \"50 mm^2 * (1 - pulse(t, 0.2, 0.1))\" },"
    "  { \"id\": \"T2\", \"type\": \"tank\" } ],"
    "  \"wires\": [ [\"T1.p\", \"P.a\"], [\"P.b\", \"O.a\"], [\"O.b\", \"T2.p\"] ] }");
  const char *const methods[] = { "rkf45", "msbdf" };

  for (guint m = 0; m < G_N_ELEMENTS (methods); m++)
    {
      g_autoptr (GArray) events = g_array_new (FALSE, FALSE, sizeof (Event));
      MfSimulationOptions options = { methods[m], 0.5, 1e-6, 1e-9, 0.01, 0.0,
                                      record_event, events };
      MfSimulationStats stats;
      g_autoptr (MfTestRecording) rec = mf_test_recording_simulate (tc->model, &options, &stats);
      guint n_out = mf_model_n_outputs (tc->model);

      assert_pulse_events (events, "O");
      g_assert_cmpfloat (stats.energy_lost, >, 0.0);
      for (guint i = 0; i < mf_test_recording_n_samples (rec); i++)
        {
          double t = mf_test_recording_time (rec, i);

          /* solver.sigma_* are NaN with no algebraic state: not checked */
          for (guint o = 0; o < n_out; o++)
            if (!g_str_has_prefix (mf_model_output_name (tc->model, o), "solver."))
              g_assert_true (isfinite (mf_test_recording_value (rec, i, o)));
          if (pulse_closed (events, t))
            {
              g_assert_cmpfloat (value (tc, rec, i, "O.v"), ==, 0.0);
              g_assert_cmpfloat (value (tc, rec, i, "P.v"), ==, 0.0);
            }
          else if (t > 0.0)
            g_assert_cmpfloat (value (tc, rec, i, "O.v"), >, 0.0);
        }
    }
}

/* Three massless orifices in parallel behind a pipe: two of their
 * velocities are algebraic.  O1's area pulses to zero: it closes, and
 * reopens with zero flow, where ∂G0/∂v_O1 = 0 and Newton's Jacobian has
 * rank 1 of 2 — it must take SVD steps.  At every sample each open orifice
 * passes what the orifice law gives for the common pressure, the closed one
 * nothing. */
static void
check_reopens (const char *method, const char *path)
{
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new_from_file (path);
  g_autoptr (GArray) events = g_array_new (FALSE, FALSE, sizeof (Event));
  MfSimulationOptions options = { method, 0.5, 1e-8, 1e-10, 0.005, 0.0, record_event, events };
  MfSimulationStats stats;
  g_autoptr (MfTestRecording) rec = mf_test_recording_simulate (tc->model, &options, &stats);
  const char *const ids[] = { "O1", "O2", "O3" };
  const double areas[] = { 20e-6, 10e-6, 5e-6 };

  assert_pulse_events (events, "O1");
  g_assert_cmpuint (stats.svd_steps, >, 0);
  for (guint i = 0; i < mf_test_recording_n_samples (rec); i++)
    {
      double t = mf_test_recording_time (rec, i);
      double p = value (tc, rec, i, "J1.p");

      for (guint o = 0; o < G_N_ELEMENTS (ids); o++)
        {
          g_autofree char *name = g_strdup_printf ("%s.v", ids[o]);
          double area = o == 0 && pulse_closed (events, t) ? 0.0 : areas[o];
          double expected = orifice_velocity (p, area);

          g_assert_cmpfloat (fabs (value (tc, rec, i, name) - expected), <=,
                             1e-8 * MAX (fabs (expected), 1e-6));
        }
    }
}

static void
test_reopens (void)
{
  const char *examples = g_getenv ("MANIFOLD_EXAMPLES");
  g_autofree char *path = NULL;

  if (examples == NULL)
    {
      g_test_skip ("no examples");
      return;
    }
  path = g_build_filename (examples, "orifice-closes-and-reopens.manifold", NULL);
  check_reopens ("msbdf", path);
  check_reopens ("rk8pd", path);
}


int
main (int argc, char *argv[])
{
  static const char *const methods[] = { "msbdf", "bsimp", "rk4imp", "rk8pd", "rkf45" };

  mf_init ();
  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (methods); i++)
    {
      g_autofree char *path = g_strdup_printf ("/core/dae/between-volumes/%s", methods[i]);

      g_test_add_data_func (path, methods[i], test_between_volumes);
    }
  g_test_add_func ("/core/dae/parallel-orifices", test_parallel);
  g_test_add_func ("/core/dae/nothing-integrated", test_nothing_integrated);
  g_test_add_func ("/core/dae/zero-area", test_zero_area);
  g_test_add_func ("/core/dae/orifice-reopens", test_reopens);
  return g_test_run ();
}
