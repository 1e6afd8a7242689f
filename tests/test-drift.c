/* test-drift.c: the naive form beside the minimal-order method
 * (mf-drift.h; docs/model.md, "Drift: the naive form").
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <math.h>
#include <string.h>

#include "mf-drift.h"
#include "mf-error.h"
#include "mf-simulation.h"
#include "mf-test-examples.h"

/* The state a run of the example's own settings reaches at `at`, into a new
 * array; its time into *t. */
static double *
state_at (MfTestCircuit *ex, double at, double *t)
{
  MfSimulationOptions settings;
  g_autoptr (GError) error = NULL;
  double *values = g_new0 (double, mf_model_n_outputs (ex->model)
                                     + mf_simulation_n_switches (ex->model));
  guint mode;

  mf_simulation_options_from_circuit (&settings, example_circuit (ex));
  g_assert_true (mf_simulation_sample_at (ex->model, &settings, at, NULL, t, &mode, values,
                                          &error));
  g_assert_no_error (error);
  return values;
}

/* Index 1.  pump-parallel-orifices has nothing to integrate: the
 * minimal-order method solves O1.v from the orifice laws at every sample,
 * and Newton holds them to 1e-10 of their forces (far better after its
 * polish).  The naive form integrates O1.v' = −G_a⁻¹ G_t, the derivative
 * of the laws, across the ramp of the pump (it ends at 0.2 s with a kink
 * the rate does not see coming) and misses the law by what the
 * integration lost: well above 1e-6 with rkf45 at rtol 1e-6 (measured
 * 5.9e-5).  After the ramp the pump's flow is constant, G_t = 0 and the
 * naive rate is exactly 0: the miss stays what it was, it never heals.
 * Started at 0.05 s, where the flow is under way (at rest the laws are
 * flat and the derivative says nothing). */
static void
test_index_one (void)
{
  g_autoptr (MfTestCircuit) ex = example_load ("pump-parallel-orifices");
  g_autoptr (GError) error = NULL;
  g_autoptr (MfDrift) drift = NULL;
  g_autofree double *u = NULL;
  MfDriftOptions options = { .method = "rkf45", .t_end = 5.0, .n_samples = 100,
                             .rtol = 1e-6, .atol = 1e-9 };
  guint last;

  u = state_at (ex, 0.05, &options.t_start);
  options.u_start = u;
  drift = mf_drift_run (ex->model, &options, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (drift);
  g_assert_cmpint (drift->index, ==, 1);
  g_assert_null (drift->minimal_failure);
  g_assert_null (drift->naive_failure);
  last = drift->n_samples;
  g_assert_cmpfloat (drift->t[0], ==, options.t_start);
  g_assert_cmpfloat (drift->t[last], ==, 5.0);
  /* both start from the same consistent point */
  g_assert_cmpfloat (drift->naive[0], ==, drift->minimal[0]);
  for (guint i = 0; i <= last; i++)
    g_assert_cmpfloat (drift->minimal[i], <, 1e-10);
  g_assert_cmpfloat (drift->naive[0], <, 1e-10);
  g_assert_cmpfloat (drift->naive[last], >, 1e-6);
  g_assert_cmpfloat (drift->naive[last], >, 1e4 * drift->naive[0]);
  /* from 0.3 s on the naive rate is 0: not one digit changes */
  for (guint i = 0; i <= last; i++)
    if (drift->t[i] >= 0.3)
      g_assert_cmpfloat (drift->naive[i], ==, drift->naive[last]);
}

/* Index 2.  piston-accumulator's hidden constraint A p − k x = 0 (and its
 * derivative, which fixes the piston's velocity) is linear in the state,
 * so the naive form misses it only by what its integration misses the
 * velocity-level constraint by: with 40 samples over 20 s (360 periods of
 * the 18 Hz oscillator), well below 1e-9; more samples cut the steps more
 * and it grows (docs/model.md, "Drift: the naive form"; the Drift page's
 * 400 samples over 2 s reach 4.5e-8, which test-lesson-claims.c checks).
 * The minimal-order method solves H by LU and holds it exactly.  What
 * drifts most in the hydraulic examples is the nonlinear constraints: the
 * orifice laws above. */
static void
test_index_two_linear (void)
{
  g_autoptr (MfTestCircuit) ex = example_load ("piston-accumulator");
  g_autoptr (GError) error = NULL;
  g_autoptr (MfDrift) drift = NULL;
  MfDriftOptions options = { .method = "rkf45", .t_end = 20.0, .n_samples = 40,
                             .rtol = 1e-6, .atol = 1e-9 };

  drift = mf_drift_run (ex->model, &options, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (drift->index, ==, 2);
  g_assert_null (drift->naive_failure);
  for (guint i = 0; i <= drift->n_samples; i++)
    {
      g_assert_cmpfloat (drift->minimal[i], <, 1e-10);
      g_assert_cmpfloat (drift->naive[i], <, 1e-9);
    }
}

/* What the comparison refuses, with a reason. */
static void
test_refusals (void)
{
  g_autoptr (MfTestCircuit) ode = example_load ("three-pipes");
  g_autoptr (MfTestCircuit) dae = example_load ("piston-accumulator");
  MfDriftOptions options = { .method = "rkf45", .t_end = 1.0, .n_samples = 10,
                             .rtol = 1e-6, .atol = 1e-9 };
  GError *error = NULL;

  g_assert_null (mf_drift_run (ode->model, &options, NULL, &error));
  g_assert_error (error, MF_ERROR, MF_ERROR_USAGE);
  g_assert_nonnull (strstr (error->message, "index 0"));
  g_clear_error (&error);
  options.method = "msbdf";
  g_assert_null (mf_drift_run (dae->model, &options, NULL, &error));
  g_assert_error (error, MF_ERROR, MF_ERROR_USAGE);
  g_clear_error (&error);
  options.method = "no-such-method";
  g_assert_null (mf_drift_run (dae->model, &options, NULL, &error));
  g_assert_error (error, MF_ERROR, MF_ERROR_USAGE);
  g_clear_error (&error);
  options.method = "rkf45";
  options.t_start = 2.0;
  g_assert_null (mf_drift_run (dae->model, &options, NULL, &error));
  g_assert_error (error, MF_ERROR, MF_ERROR_USAGE);
  g_clear_error (&error);
}

/* A cancelled comparison stops with G_IO_ERROR_CANCELLED. */
static void
test_cancelled (void)
{
  g_autoptr (MfTestCircuit) ex = example_load ("piston-accumulator");
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GError) error = NULL;
  MfDriftOptions options = { .method = "rkf45", .t_end = 1.0, .n_samples = 10,
                             .rtol = 1e-6, .atol = 1e-9 };

  g_cancellable_cancel (cancellable);
  g_assert_null (mf_drift_run (ex->model, &options, cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/drift/index-one/naive-drifts", test_index_one);
  g_test_add_func ("/drift/index-two/linear-constraint-kept", test_index_two_linear);
  g_test_add_func ("/drift/refusals", test_refusals);
  g_test_add_func ("/drift/cancelled", test_cancelled);
  return g_test_run ();
}
