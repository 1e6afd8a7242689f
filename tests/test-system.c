/* test-system.c: the reduced system of one mode — its Jacobian against
 * differences of its right-hand side, and the projection between full and
 * reduced states — on a circuit that uses every kind of term.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <lapacke.h>
#include <math.h>
#include <string.h>

#include "mf-error.h"
#include "mf-iteration-matrix.h"
#include "mf-reduction.h"
#include "mf-system.h"
#include "mf-system-private.h"
#include "mf-test-circuit.h"

/* Tank (pressure ramping up) → turbulent pipe P1 → junction J1, fed also by
 * pump Q → massless orifice O1 → volume V → laminar pipe P2 → piston C;
 * rod side → P3 → tank.  The piston drives mass M through spring K; M is
 * damped to ground and pushed by a force. */
static const char *everything =
  "{ \"manifold\": 1, \"components\": ["
  "  { \"id\": \"T\", \"type\": \"tank\", \"pressure\": \"50 bar * ramp(t, 0, 1)\" },"
  "  { \"id\": \"P1\", \"type\": \"pipe\", \"length\": 3, \"diameter\": \"12 mm\" },"
  "  { \"id\": \"Q\", \"type\": \"flow_source\", \"flow\": \"5 L/min * (1 + sin(3*t))\" },"
  "  { \"id\": \"J1\", \"type\": \"junction\" },"
  "  { \"id\": \"O1\", \"type\": \"orifice\", \"area\": \"8 mm^2\" },"
  "  { \"id\": \"V\", \"type\": \"volume\", \"volume\": \"0.5 L\" },"
  "  { \"id\": \"P2\", \"type\": \"pipe\", \"length\": 1, \"diameter\": \"10 mm\","
  "    \"friction\": \"laminar\" },"
  "  { \"id\": \"C\", \"type\": \"piston\", \"mass\": 8, \"cap_area\": \"12 cm^2\","
  "    \"rod_area\": \"7 cm^2\", \"damping\": 300 },"
  "  { \"id\": \"P3\", \"type\": \"pipe\", \"length\": 2, \"diameter\": \"10 mm\" },"
  "  { \"id\": \"K\", \"type\": \"spring\", \"stiffness\": 2e4, \"preload\": 50 },"
  "  { \"id\": \"M\", \"type\": \"mass\", \"mass\": 20 },"
  "  { \"id\": \"D\", \"type\": \"damper\", \"damping\": 150 },"
  "  { \"id\": \"F\", \"type\": \"force\", \"force\": \"-200 * step(t, 0.2)\" },"
  "  { \"id\": \"G\", \"type\": \"fixed\" } ],"
  "  \"wires\": [ [\"T.p\", \"P1.a\"], [\"P1.b\", \"J1.p\"], [\"T.p\", \"Q.a\"],"
  "    [\"Q.b\", \"J1.p\"], [\"J1.p\", \"O1.a\"], [\"O1.b\", \"V.p\"], [\"V.p\", \"P2.a\"],"
  "    [\"P2.b\", \"C.cap\"], [\"C.rod\", \"P3.a\"], [\"P3.b\", \"T.p\"], [\"C.m\", \"K.a\"],"
  "    [\"K.b\", \"M.m\"], [\"M.m\", \"D.a\"], [\"D.b\", \"G.m\"], [\"M.m\", \"F.m\"] ] }";

static MfSystem *
load_system (MfTestCircuit **tc)
{
  g_autoptr (GError) error = NULL;
  MfSystem *sys;

  *tc = mf_test_circuit_load (everything, &error);
  g_assert_no_error (error);
  sys = mf_system_new ((*tc)->model, 0, &error);
  g_assert_no_error (error);
  return sys;
}

/* A state where every law is in its interesting range: the pipes turbulent
 * (Re ≈ 1e4), the volume pressurised, the spring stretched. */
static void
busy_state (gsize n, double *y)
{
  for (gsize i = 0; i < n; i++)
    y[i] = 0.7 + 0.13 * (double) i;
  y[n - 1] = 30e5; /* V's pressure, the last state */
}

static void
test_jacobian (void)
{
  g_autoptr (MfTestCircuit) tc = NULL;
  g_autoptr (MfSystem) sys = load_system (&tc);
  gsize n = mf_system_dimension (sys);
  g_autofree double *y = g_new0 (double, n);
  g_autofree double *jac = g_new0 (double, n * n);
  g_autofree double *dfdt = g_new0 (double, n);
  g_autofree double *up = g_new0 (double, n);
  g_autofree double *down = g_new0 (double, n);
  double t = 0.4;

  /* y = [M.v, C.v, P1.v; C.x, M.x; V.p.p], heaviest first: O1, P2 and P3
   * follow by continuity */
  g_assert_cmpuint (n, ==, 6);
  busy_state (n, y);
  g_assert_cmpint (mf_system_jacobian (t, y, jac, dfdt, sys), ==, 0);
  for (gsize j = 0; j < n; j++)
    {
      double h = 1e-6 * MAX (fabs (y[j]), 1.0), keep = y[j];

      y[j] = keep + h;
      g_assert_cmpint (mf_system_rhs (t, y, up, sys), ==, 0);
      y[j] = keep - h;
      g_assert_cmpint (mf_system_rhs (t, y, down, sys), ==, 0);
      y[j] = keep;
      for (gsize i = 0; i < n; i++)
        {
          double fd = (up[i] - down[i]) / (2 * h);
          double scale = 1e-6 * MAX (fabs (fd), 1.0) + 1e-5 * fabs (jac[i * n + j]);

          /* central differences carry O(h²) truncation and the friction
           * law's own differenced derivative: agree to about 1e-5 */
          if (fabs (jac[i * n + j] - fd) > 10 * scale)
            g_error ("df%zu/dy%zu: Jacobian %.9g, differences %.9g", i, j, jac[i * n + j], fd);
        }
    }
  /* ∂f/∂t: the ramp, the pump and the force all move at t = 0.4 */
  g_assert_cmpint (mf_system_rhs (t + 1e-6, y, up, sys), ==, 0);
  g_assert_cmpint (mf_system_rhs (t - 1e-6, y, down, sys), ==, 0);
  for (gsize i = 0; i < n; i++)
    g_assert_cmpfloat (fabs (dfdt[i] - (up[i] - down[i]) / 2e-6), <=,
                       1e-4 * MAX (fabs (dfdt[i]), 1.0));
}

/* IDA's iteration matrix c E − ∂f/∂y in compressed columns, against the
 * GSL methods' Jacobian E⁻¹ ∂f/∂y (checked above against differences):
 * for each unit vector e_j, (c E − ∂f/∂y) e_j = c E e_j − E (E⁻¹ ∂f/∂y) e_j,
 * with E e_j from the matrix's own product and M̄ from the reduction.
 * Every entry of the product must come from the pattern. */
static void
test_iteration_matrix (void)
{
  g_autoptr (MfTestCircuit) tc = NULL;
  g_autoptr (MfSystem) sys = load_system (&tc);
  const MfReduction *red = mf_system_get_reduction (sys);
  gsize n = mf_system_dimension (sys), nb = mf_reduction_n_independent (red);
  g_autoptr (MfIterationMatrix) it = mf_iteration_matrix_new (sys);
  g_autofree double *y = g_new0 (double, n);
  g_autofree double *f = g_new0 (double, n);
  g_autofree double *jac = g_new0 (double, n * n);
  g_autofree double *dfdt = g_new0 (double, n);
  g_autofree double *e_j = g_new0 (double, n);
  g_autofree double *mass_e = g_new0 (double, n);
  g_autofree double *values = NULL;
  double t = 0.4, c = 3.7e3;

  g_assert_nonnull (it);
  g_assert_cmpuint (it->n, ==, n);
  values = g_new0 (double, it->nnz);
  busy_state (n, y);
  g_assert_cmpint (mf_system_jacobian (t, y, jac, dfdt, sys), ==, 0);
  mf_system_reduced_forces (sys, t, y, f);
  mf_iteration_matrix_fill (it, sys, t, sys->u, c, values);
  for (gsize j = 0; j < n; j++)
    {
      g_autofree double *column = g_new0 (double, n);

      for (guint s = it->start[j]; s < it->start[j + 1]; s++)
        {
          g_assert_cmpuint (it->row[s], <, n);
          if (s > it->start[j])
            g_assert_cmpuint (it->row[s], >, it->row[s - 1]);
          column[it->row[s]] = values[s];
        }
      memset (e_j, 0, n * sizeof (double));
      e_j[j] = 1.0;
      mf_iteration_matrix_mass_times (it, e_j, mass_e);
      for (gsize i = 0; i < n; i++)
        {
          /* E's column j: M̄ above, the identity below */
          double e_ij = i < nb && j < nb ? mf_sparse_get (red->mass_reduced, (guint) i, (guint) j)
                                          : (i == j ? 1.0 : 0.0);
          double df_ij = 0.0, expected;

          g_assert_cmpfloat (fabs (mass_e[i] - e_ij), <=, 1e-12 * MAX (fabs (e_ij), 1e-300));
          /* ∂f/∂y = E (E⁻¹ ∂f/∂y) */
          if (i < nb)
            for (gsize k = 0; k < nb; k++)
              df_ij += mf_sparse_get (red->mass_reduced, (guint) i, (guint) k) * jac[k * n + j];
          else
            df_ij = jac[i * n + j];
          expected = c * e_ij - df_ij;
          if (fabs (column[i] - expected) > 1e-9 * MAX (fabs (expected), fabs (c * e_ij) + 1.0))
            g_error ("(%zu, %zu): iteration matrix %.12g, expected %.12g", i, j, column[i],
                     expected);
        }
    }
}

/* expand then reduce gives y back and loses no energy: the state already
 * meets the constraints.  Continuity holds in the expanded state. */
static void
test_expand_reduce (void)
{
  g_autoptr (MfTestCircuit) tc = NULL;
  g_autoptr (MfSystem) sys = load_system (&tc);
  gsize n = mf_system_dimension (sys), n_u = mf_model_n_states (tc->model);
  g_autofree double *y = g_new0 (double, n);
  g_autofree double *back = g_new0 (double, n);
  g_autofree double *u = g_new0 (double, n_u);
  double t = 0.3, q = 5e-3 / 60 * (1 + sin (0.9)), a1 = G_PI * 0.012 * 0.012 / 4;
  double a_o = G_PI * 0.01 * 0.01 / 4;

  busy_state (n, y);
  mf_system_expand (sys, t, y, u);
  g_assert_cmpfloat (mf_system_reduce (sys, t, u, back), <, 1e-12);
  for (gsize i = 0; i < n; i++)
    g_assert_cmpfloat (fabs (back[i] - y[i]), <=, 1e-12 * MAX (fabs (y[i]), 1.0));
  /* J1: what P1 and the pump bring, O1 takes: u = [P1, O1, P2, C, P3, M, ...] */
  g_assert_cmpfloat (fabs (a1 * u[0] + q - a_o * u[1]), <, 1e-15);
  /* the mass moves with nothing but its own state; the piston's rod pipe
   * carries the annulus flow */
  g_assert_cmpfloat (fabs (u[4] * a_o - 7e-4 * u[3]), <, 1e-15);
}

/* A ladder of 12 frictionless rails (heavy, so independent) with a rung from
 * each junction to the drain: M̄ is tridiagonal, so it is solved in band
 * storage.  From rest, the accelerations must solve the full KKT system
 * [M Wᵀ; W 0] [v'; −p] = [F; 0], here solved densely, with F = A p0 on the
 * first rail only. */
static char *
ladder_json (guint n)
{
  GString *json = g_string_new ("{ \"manifold\": 1, \"components\": ["
                                "{ \"id\": \"S\", \"type\": \"tank\", \"pressure\": \"10 bar\" },"
                                "{ \"id\": \"D\", \"type\": \"tank\" }");
  GString *wires = g_string_new ("[\"S.p\", \"R1.a\"]");

  for (guint i = 1; i <= n; i++)
    {
      g_string_append_printf (json,
                              ", { \"id\": \"R%u\", \"type\": \"pipe\", \"length\": 2,"
                              " \"diameter\": 0.02, \"friction\": \"none\" }"
                              ", { \"id\": \"G%u\", \"type\": \"pipe\", \"length\": %u,"
                              " \"diameter\": 0.005, \"friction\": \"none\" }"
                              ", { \"id\": \"J%u\", \"type\": \"junction\" }",
                              i, i, i, i);
      g_string_append_printf (wires, ", [\"R%u.b\", \"J%u.p\"], [\"J%u.p\", \"G%u.a\"],"
                              " [\"G%u.b\", \"D.p\"]", i, i, i, i, i);
      if (i < n)
        g_string_append_printf (wires, ", [\"J%u.p\", \"R%u.a\"]", i, i + 1);
    }
  g_string_append_printf (json, "], \"wires\": [%s] }", wires->str);
  g_string_free (wires, TRUE);
  return g_string_free (json, FALSE);
}

static void
test_banded_mass (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *json = ladder_json (12);
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_load (json, &error);
  g_autoptr (MfReduction) red = mf_reduction_new (tc->model, 0);
  g_autoptr (MfSystem) sys = NULL;
  guint nv = red->n_cols, m = red->n_rows, nk = nv + m, nb = mf_reduction_n_independent (red);
  g_autofree double *kkt = g_new0 (double, nk * nk);
  g_autofree double *rhs = g_new0 (double, nk);
  g_autofree lapack_int *pivots = g_new0 (lapack_int, nk);
  g_autofree double *y = g_new0 (double, nb);
  g_autofree double *dydt = g_new0 (double, nb);
  g_autofree double *alpha = mf_alpha_to_dense (red->nullspace->alpha);

  g_assert_no_error (error);
  sys = mf_system_new (tc->model, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (nb, ==, 12);
  g_assert_cmpstr (mf_model_state_name (tc->model, red->nullspace->independent[0]), ==, "R1.v");
  g_assert_cmpint (mf_system_rhs (0.0, y, dydt, sys), ==, 0);

  for (guint k = 0; k < nv; k++)
    kkt[k * nk + k] = red->mass[k];
  for (guint i = 0; i < m; i++)
    for (guint k = 0; k < nv; k++)
      {
        kkt[k * nk + nv + i] = mf_sparse_get (red->w, i, k);   /* W below M */
        kkt[(nv + i) * nk + k] = mf_sparse_get (red->w, i, k); /* Wᵀ beside it */
      }
  rhs[0] = G_PI * 0.02 * 0.02 / 4 * 10e5; /* R1 is velocity 0 */
  g_assert_cmpint (LAPACKE_dgesv (LAPACK_COL_MAJOR, (lapack_int) nk, 1, kkt, (lapack_int) nk,
                                  pivots, rhs, (lapack_int) nk), ==, 0);
  for (guint k = 0; k < nv; k++)
    {
      double v_dot = 0.0;

      for (guint j = 0; j < nb; j++)
        v_dot += alpha[j * nv + k] * dydt[j];
      g_assert_cmpfloat (fabs (v_dot - rhs[k]), <=, 1e-10 * fabs (rhs[0]));
    }
}

int
main (int argc, char *argv[])
{
  mf_init ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/system/jacobian", test_jacobian);
  g_test_add_func ("/core/system/iteration-matrix", test_iteration_matrix);
  g_test_add_func ("/core/system/expand-reduce", test_expand_reduce);
  g_test_add_func ("/core/system/banded-mass", test_banded_mass);
  return g_test_run ();
}
