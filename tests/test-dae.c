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

/* Defaults of FORMAT.md: oil 870 kg/m^3, cd 0.61, 10 mm ports. */
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

/* MODEL.md §6: a massless orifice between two compliant volumes, each filled
 * through a pipe.  The orifice velocity is algebraic: at every instant
 * A Δp = K v|v| with Δp the difference of the two volume pressures. */
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

/* An orifice whose area reaches zero needs an infinite pressure drop: the
 * run stops there, naming the orifice, with either kind of method. */
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
      g_autoptr (GError) error = NULL;
      MfSimulationOptions options = { methods[m], 0.5, 1e-6, 1e-9, 0.01, 0.0 };

      g_assert_false (mf_simulate (tc->model, &options, NULL, NULL, NULL, NULL, &error));
      g_assert_error (error, MF_ERROR, MF_ERROR_SOLVER);
      g_assert_nonnull (strstr (error->message, "orifice 'O' has an area of 0 m^2"));
    }
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
  return g_test_run ();
}
