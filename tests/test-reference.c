/* test-reference.c: the reference cases of docs/model.md that need only
 * the ODE path (the draining pipe's tanh is in test-simulation.c).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <lapacke.h>
#include <math.h>
#include <string.h>

#include "mf-error.h"
#include "mf-simulation.h"
#include "mf-system.h"
#include "mf-test-circuit.h"

/* ---- three frictionless pipes at one junction ----
 *
 * m_i v_i' = A (p_i − λ) for the supply pipes, m_3 v_3' = A (λ − p_3), and
 * continuity v_3 = v_1 + v_2.  Differentiating continuity and dividing by
 * ρ A gives λ Σ 1/L_i = Σ p_i / L_i: the junction pressure is constant and
 * every velocity grows linearly, v_i = A (p_i − λ) t / m_i. */
static const char *three_pipes =
  "{ \"manifold\": 1, \"components\": ["
  "  { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"10 bar\" },"
  "  { \"id\": \"T2\", \"type\": \"tank\", \"pressure\": \"5 bar\" },"
  "  { \"id\": \"T3\", \"type\": \"tank\" },"
  "  { \"id\": \"P1\", \"type\": \"pipe\", \"length\": 1, \"diameter\": \"10 mm\","
  "    \"friction\": \"none\" },"
  "  { \"id\": \"P2\", \"type\": \"pipe\", \"length\": 3, \"diameter\": \"10 mm\","
  "    \"friction\": \"none\" },"
  "  { \"id\": \"P3\", \"type\": \"pipe\", \"length\": 2, \"diameter\": \"10 mm\","
  "    \"friction\": \"none\" },"
  "  { \"id\": \"J\", \"type\": \"junction\" } ],"
  "  \"wires\": [ [\"T1.p\", \"P1.a\"], [\"T2.p\", \"P2.a\"], [\"P1.b\", \"J.p\"],"
  "    [\"P2.b\", \"J.p\"], [\"J.p\", \"P3.a\"], [\"P3.b\", \"T3.p\"] ],"
  "  \"simulation\": { \"t_end\": 0.1, \"method\": \"rk8pd\", \"output_interval\": 0.01 } }";

typedef struct
{
  MfModel *model;
  guint    samples;
  double   worst_pressure;
  double   worst_velocity;
} ThreePipesCheck;

static gboolean
check_three_pipes (double t, guint mode, const double *out, gpointer data)
{
  ThreePipesCheck *c = data;
  const double rho = 870.0, length[3] = { 1, 3, 2 }, p[3] = { 10e5, 5e5, 0 };
  double lambda = (p[0] / 1 + p[1] / 3 + p[2] / 2) / (1.0 / 1 + 1.0 / 3 + 1.0 / 2);
  const char *names[3] = { "P1.v", "P2.v", "P3.v" };

  c->samples++;
  c->worst_pressure = MAX (c->worst_pressure,
                           fabs (out[mf_test_output (c->model, "J.p")] - lambda) / lambda);
  for (guint i = 0; i < 3; i++)
    {
      double v = (i < 2 ? p[i] - lambda : lambda - p[i]) * t / (rho * length[i]);

      c->worst_velocity = MAX (c->worst_velocity,
                               fabs (out[mf_test_output (c->model, names[i])] - v));
    }
  return TRUE;
}

static void
test_three_pipes (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (three_pipes);
  MfSimulationOptions options;
  ThreePipesCheck check = { tc->model, 0, 0, 0 };

  mf_simulation_options_from_circuit (&options, mf_document_get_circuit (tc->document));
  g_assert_true (mf_simulate (tc->model, &options, check_three_pipes, &check, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (check.samples, ==, 11);
  /* The solution is linear in t, which every Runge–Kutta method integrates
   * exactly: what is left is rounding (velocities reach ~40 m/s). */
  g_assert_cmpfloat (check.worst_pressure, <, 1e-12);
  g_assert_cmpfloat (check.worst_velocity, <, 1e-11);
}

/* ---- the stiff two-mass spring ----
 * ground –k1,c1– m1 –k2,c2– m2 with m1 = 2, c1 = 50, k1 = 5e3, m2 = 1,
 * c2 = 1e-10, k2 = 1e8. */
static const char *two_mass =
  "{ \"manifold\": 1, \"components\": ["
  "  { \"id\": \"G\", \"type\": \"fixed\" },"
  "  { \"id\": \"K1\", \"type\": \"spring\", \"stiffness\": 5e3 },"
  "  { \"id\": \"C1\", \"type\": \"damper\", \"damping\": 50 },"
  "  { \"id\": \"M1\", \"type\": \"mass\", \"mass\": 2 },"
  "  { \"id\": \"K2\", \"type\": \"spring\", \"stiffness\": 1e8 },"
  "  { \"id\": \"C2\", \"type\": \"damper\", \"damping\": 1e-10 },"
  "  { \"id\": \"M2\", \"type\": \"mass\", \"mass\": 1 } ],"
  "  \"wires\": [ [\"G.m\", \"K1.a\"], [\"G.m\", \"C1.a\"], [\"K1.b\", \"M1.m\"],"
  "    [\"C1.b\", \"M1.m\"], [\"M1.m\", \"K2.a\"], [\"M1.m\", \"C2.a\"],"
  "    [\"K2.b\", \"M2.m\"], [\"C2.b\", \"M2.m\"] ],"
  "  \"initial\": { \"M2.x\": 1e-6 } }";

static int
compare_imag (const void *a, const void *b)
{
  const double *x = a, *y = b;

  return (x[1] < y[1]) - (x[1] > y[1]);
}

static void
test_two_mass_eigenvalues (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (two_mass);
  g_autoptr (MfSystem) sys = NULL;
  double y[4] = { 0 }, jac[16], dfdt[4], lambda[4][2], vl, vr, h_max = INFINITY;

  sys = mf_system_new (tc->model, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (mf_system_dimension (sys), ==, 4);
  g_assert_cmpint (mf_system_jacobian (0.0, y, jac, dfdt, sys), ==, 0);
  {
    double wr[4], wi[4];

    /* GSL's Jacobian is row-major */
    g_assert_cmpint (LAPACKE_dgeev (LAPACK_ROW_MAJOR, 'N', 'N', 4, jac, 4, wr, wi, &vl, 1, &vr, 1),
                     ==, 0);
    for (guint i = 0; i < 4; i++)
      {
        lambda[i][0] = wr[i];
        lambda[i][1] = wi[i];
        h_max = MIN (h_max, 2 * fabs (wr[i]) / (wr[i] * wr[i] + wi[i] * wi[i]));
      }
  }
  qsort (lambda, 4, sizeof lambda[0], compare_imag);
  /* docs/model.md ("Reference cases") gives −4.17 ± 12247.5i and
   * −8.33 ± 39.97i: compare to the digits given (half a unit in the last
   * place). */
  g_assert_cmpfloat (fabs (lambda[0][0] + 4.17), <, 0.005);
  g_assert_cmpfloat (fabs (lambda[0][1] - 12247.5), <, 0.05);
  g_assert_cmpfloat (fabs (lambda[1][0] + 8.33), <, 0.005);
  g_assert_cmpfloat (fabs (lambda[1][1] - 39.97), <, 0.005);
  g_assert_cmpfloat (fabs (lambda[2][1] + 39.97), <, 0.005);
  /* explicit Euler is stable while |1 + hλ| <= 1: h < 2|Re λ| / |λ|² ≈ 5.6e-8 */
  g_assert_cmpfloat (fabs (h_max - 5.56e-8), <, 0.005e-8);
}

static gboolean
track_amplitude (double t, guint mode, const double *out, gpointer data)
{
  double *amplitude = data;

  /* M2.x is state 3: [M1.v, M2.v, M1.x, M2.x] */
  *amplitude = MAX (*amplitude, fabs (out[3]));
  return TRUE;
}

static void
run_euler (MfModel *model, double step, double t_end, double *amplitude, GError **error)
{
  MfSimulationOptions options = { "euler", t_end, 1e-6, 1e-9, t_end / 10, step };

  *amplitude = 0.0;
  mf_simulate (model, &options, track_amplitude, amplitude, NULL, NULL, error);
}

static void
test_two_mass_euler (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GError) blow_up = NULL;
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (two_mass);
  double amplitude;

  /* below the bound: 20 000 steps, the displacement never exceeds its start */
  run_euler (tc->model, 5e-8, 1e-3, &amplitude, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (amplitude, <=, 1e-6 * (1 + 1e-9));
  /* far above it (|1 + hλ| ≈ 1.0075 per step) the solution blows up */
  run_euler (tc->model, 1e-5, 1.0, &amplitude, &blow_up);
  g_assert_error (blow_up, MF_ERROR, MF_ERROR_SOLVER);
  g_assert_true (strstr (blow_up->message, "blew up") != NULL);
}

int
main (int argc, char *argv[])
{
  mf_init ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/reference/three-pipes", test_three_pipes);
  g_test_add_func ("/core/reference/two-mass/eigenvalues", test_two_mass_eigenvalues);
  g_test_add_func ("/core/reference/two-mass/euler", test_two_mass_euler);
  return g_test_run ();
}
