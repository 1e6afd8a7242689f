/* test-index-two.c: index-2 circuits simulated — massless pistons whose
 * force balance holds a position or a pressure, not a velocity — checked
 * against their closed forms at every sample, with every implicit stepper
 * and rk8pd.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>

#include "mf-error.h"
#include "mf-simulation.h"
#include "mf-test-circuit.h"
#include "mf-test-recording.h"

#define A1 1e-3 /* cap area, m^2 */
#define A2 5e-4 /* rod area, m^2 */

static const char *const methods[] = { "msbdf", "bsimp", "rk1imp", "rk2imp", "rk4imp", "rk8pd" };

static double
value (const MfTestCircuit *tc, const MfTestRecording *rec, guint i, const char *name)
{
  return mf_test_recording_value (rec, i, mf_test_output (tc->model, name));
}

/* A massless, undamped piston between a tank at p1(t) = 10 bar (1 + ½ sin 20t)
 * and one at 2 bar, on a spring k = 1e5 N/m to ground.  Its force balance
 * 0 = A1 p1 − A2 p2 − k x fixes x(t) = (A1 p1(t) − A2 p2)/k (the hidden
 * constraint, in x alone), and its derivative the velocity
 * v = A1 p1'(t)/k = A1 · 5e5 · 20 cos 20t / k.  The initial position 0.05 m
 * is off the constraint: the run starts on it. */
static const char *piston =
  "{ \"manifold\": 1, \"components\": ["
  "  { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"10 bar * (1 + 0.5*sin(20*t))\" },"
  "  { \"id\": \"T2\", \"type\": \"tank\", \"pressure\": \"2 bar\" },"
  "  { \"id\": \"C\", \"type\": \"piston\", \"mass\": 0, \"cap_area\": 1e-3,"
  "    \"rod_area\": 5e-4 },"
  "  { \"id\": \"K\", \"type\": \"spring\", \"stiffness\": 1e5 },"
  "  { \"id\": \"G\", \"type\": \"fixed\" } ],"
  "  \"wires\": [ [\"T1.p\", \"C.cap\"], [\"C.rod\", \"T2.p\"], [\"C.m\", \"K.a\"],"
  "    [\"K.b\", \"G.m\"] ],"
  "  \"initial\": { \"C.x\": 0.05 } }";

static void
test_piston (gconstpointer data)
{
  const char *method = data;
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (piston);
  MfSimulationOptions options = { method, 0.5, 1e-8, 1e-12, 0.01, 0.0 };
  g_autoptr (MfTestRecording) rec = mf_test_recording_simulate (tc->model, &options, NULL);

  g_assert_cmpuint (mf_test_recording_n_samples (rec), ==, 51);
  for (guint i = 0; i < mf_test_recording_n_samples (rec); i++)
    {
      double t = mf_test_recording_time (rec, i);
      double x = (A1 * 1e6 * (1 + 0.5 * sin (20 * t)) - A2 * 2e5) / 1e5;
      double v = A1 * 1e6 * 0.5 * 20 * cos (20 * t) / 1e5;

      /* x from one LU solve of the affine constraint: to rounding */
      g_assert_cmpfloat (fabs (value (tc, rec, i, "C.x") - x), <, 1e-12);
      /* v from H's time derivative by central differences (h = 1e-5 s):
       * (h·20)²/6 ≈ 7e-9 of the peak 0.1 m/s */
      g_assert_cmpfloat (fabs (value (tc, rec, i, "C.v") - v), <, 1e-9);
    }
}

/* examples/piston-accumulator: a frictionless line (mass ρ A L) charging a
 * volume V (C = V/β) under a massless piston on a spring k.  The piston's
 * force balance A1 p = k x makes p algebraic, its derivative fixes the piston
 * velocity, and the line rings with a capacitance C + A1²/k:
 * p(t) = p_s (1 − cos ωt), ω² = A / (ρ L (C + A1²/k)). */
static void
test_accumulator (gconstpointer data)
{
  const char *method = data;
  const char *examples = g_getenv ("MANIFOLD_EXAMPLES");
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;
  g_autoptr (MfTestCircuit) tc = NULL;
  g_autoptr (MfTestRecording) rec = NULL;
  MfSimulationStats stats;
  MfSimulationOptions options = { method, 0.2, 1e-9, 1e-12, 1e-3, 0.0 };
  double area = G_PI * 0.01 * 0.01, c = 1e-3 / 1.5e9 + A1 * A1 / 2e5;
  double omega = sqrt (area / (870.0 * 5.0 * c)), worst = 0.0;

  if (examples == NULL)
    {
      g_test_skip ("no examples");
      return;
    }
  path = g_build_filename (examples, "piston-accumulator.manifold", NULL);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  tc = mf_test_circuit_new (text);
  rec = mf_test_recording_simulate (tc->model, &options, &stats);
  for (guint i = 0; i < mf_test_recording_n_samples (rec); i++)
    {
      double t = mf_test_recording_time (rec, i);
      double p = value (tc, rec, i, "P1.b.p"), x = value (tc, rec, i, "C1.x");

      worst = MAX (worst, fabs (p - 1e6 * (1 - cos (omega * t))));
      /* the hidden constraint holds at every sample, to rounding */
      g_assert_cmpfloat (fabs (A1 * p - 2e5 * x), <, 1e-12 * A1 * 1e6);
    }
  /* 3.6 periods at rtol 1e-9: the global error stays below 1e-5 of the
   * supply pressure (msbdf and rk2imp come closest, at about 1.5e-6) */
  g_test_message ("%s: worst |p - p_exact| = %g Pa", method, worst);
  g_assert_cmpfloat (worst, <, 1e-5 * 1e6);
  g_assert_cmpuint (stats.newton_iterations, >, 0);
}

int
main (int argc, char *argv[])
{
  mf_init ();
  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (methods); i++)
    {
      g_autofree char *a = g_strdup_printf ("/core/index-two/piston/%s", methods[i]);
      g_autofree char *b = g_strdup_printf ("/core/index-two/accumulator/%s", methods[i]);

      g_test_add_data_func (a, methods[i], test_piston);
      /* implicit Euler needs minutes for 3.6 periods at rtol 1e-9; it runs
       * the example at its own tolerances in test-examples.c */
      if (!g_str_equal (methods[i], "rk1imp"))
        g_test_add_data_func (b, methods[i], test_accumulator);
    }
  return g_test_run ();
}
