/* test-newton.c: Newton's method for the algebraic states (docs/model.md,
 * "Simulating index-1 circuits") on orifice networks with closed-form
 * solutions.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mf-error.h"
#include "mf-newton.h"

#define AT(a, rows, i, j) ((a)[(gsize) (j) * (rows) + (i)])

static double
signed_square (double x)
{
  return x * fabs (x);
}

/* ---- one orifice: G(z) = −K z|z| + c, root √(|c|/K) sign(c) ---- */

typedef struct
{
  double k;
  double c;
} Orifice;

static gboolean
orifice_g (const double *z, double *g, double *jacobian, gpointer user_data)
{
  const Orifice *o = user_data;

  g[0] = -o->k * signed_square (z[0]) + o->c;
  if (jacobian != NULL)
    jacobian[0] = -2.0 * o->k * fabs (z[0]);
  return TRUE;
}

/* Cold start at z = 0, where J = 0: the Newton step is 0 and only the escape
 * moves.  On an exact signed square its model is exact, so one step lands on
 * the root whatever the typical size given for z (from a millionth to a
 * million times the root: a short first probe is repeated at the predicted
 * length, so cancellation in G(δ) − G(0) costs no digits). */
static void
test_signed_square_cold (void)
{
  const Orifice cases[] = { { 3.0, 12.0 }, { 3.0, -12.0 }, { 2e11, 7e4 }, { 1e-3, -5e-9 } };
  const double typical[] = { 1e-6, 1.0, 1e6 };
  g_autoptr (MfNewton) newton = mf_newton_new (1);

  mf_newton_set_limits (newton, 0, 1e-13, 0.0);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    for (guint t = 0; t < G_N_ELEMENTS (typical); t++)
      {
        Orifice o = cases[i];
        double root = copysign (sqrt (fabs (o.c) / o.k), o.c);
        double scale = fabs (o.c);
        double z = 0.0;
        MfNewtonReport report;
        g_autoptr (GError) error = NULL;

        mf_newton_set_typical (newton, &typical[t]);
        g_assert_true (mf_newton_solve (newton, orifice_g, &o, &z, &scale, &report, &error));
        g_assert_no_error (error);
        g_assert_true (report.converged);
        g_assert_cmpfloat (fabs (z - root), <=, 1e-12 * fabs (root));
        g_assert_cmpuint (report.iterations, ==, 1);
        g_assert_cmpuint (report.escape_steps, ==, 1);
        g_assert_cmpuint (report.svd_steps, ==, 0);
        g_assert_cmpfloat (report.residual, <=, 1e-13);
        /* J/scale at the root: 2K|z*|/|c| = 2/|z*|, full rank */
        g_assert_cmpuint (report.rank, ==, 1);
        g_assert_cmpfloat (fabs (report.sigma_max * fabs (root) / 2.0 - 1.0), <, 1e-12);
        g_assert_cmpfloat (report.sigma_min, ==, report.sigma_max);
      }
}

/* A warm start a hair from zero flow: J is tiny, so the Newton step is huge
 * and the line search cannot rescue it (from 1e-9 it would take some thirty
 * halving Newton iterations); the escape takes over. */
static void
test_signed_square_near_zero (void)
{
  const double starts[] = { 1e-9, -1e-9, 1e-150, -1e-300 };
  g_autoptr (MfNewton) newton = mf_newton_new (1);
  Orifice o = { 4.0, 9.0 };
  double scale = 9.0;

  mf_newton_set_limits (newton, 0, 1e-14, 0.0);
  for (guint i = 0; i < G_N_ELEMENTS (starts); i++)
    {
      double z = starts[i];
      MfNewtonReport report;
      g_autoptr (GError) error = NULL;

      g_assert_true (mf_newton_solve (newton, orifice_g, &o, &z, &scale, &report, &error));
      g_assert_no_error (error);
      g_assert_cmpfloat (fabs (z - 1.5), <=, 1e-13);
      g_assert_cmpuint (report.iterations, <=, 8);
      g_assert_cmpuint (report.escape_steps, >=, 1);
      g_assert_cmpuint (report.iterations, >=, report.escape_steps + report.svd_steps);
    }
}

/* ---- two orifices in parallel sharing a flow Q:
 * z1 + z2 = Q, K1 z1|z1| = K2 z2|z2|, i.e. A(z|z|) + Bz + C = 0
 * with A = [0 0; K1 −K2], B = [1 1; 0 0], C = [−Q; 0].
 * Closed form: z1 = Q √K2 / (√K1 + √K2), z2 = Q √K1 / (√K1 + √K2). ---- */

typedef struct
{
  double k1;
  double k2;
  double flow;
} Parallel;

static gboolean
parallel_g (const double *z, double *g, double *jacobian, gpointer user_data)
{
  const Parallel *p = user_data;

  g[0] = z[0] + z[1] - p->flow;
  g[1] = p->k1 * signed_square (z[0]) - p->k2 * signed_square (z[1]);
  if (jacobian != NULL)
    {
      AT (jacobian, 2, 0, 0) = 1.0;
      AT (jacobian, 2, 0, 1) = 1.0;
      AT (jacobian, 2, 1, 0) = 2.0 * p->k1 * fabs (z[0]);
      AT (jacobian, 2, 1, 1) = -2.0 * p->k2 * fabs (z[1]);
    }
  return TRUE;
}

static void
test_parallel_orifices (void)
{
  const double flows[] = { 1e-3, -1e-3 };
  g_autoptr (MfNewton) newton = mf_newton_new (2);
  const double typical[] = { 1e-3, 1e-3 };

  mf_newton_set_limits (newton, 0, 1e-13, 0.0);
  mf_newton_set_typical (newton, typical);
  for (guint f = 0; f < G_N_ELEMENTS (flows); f++)
    {
      Parallel p = { 2e11, 5e11, flows[f] };
      double s1 = sqrt (p.k1), s2 = sqrt (p.k2);
      double exact[2] = { p.flow * s2 / (s1 + s2), p.flow * s1 / (s1 + s2) };
      double scale[2] = { fabs (p.flow), p.k2 * p.flow * p.flow };
      /* cold, warm, reversed, one branch at zero flow, far away */
      const double starts[][2] = { { 0, 0 },
                                   { 1.1 * exact[0], 0.97 * exact[1] },
                                   { -exact[0], -exact[1] },
                                   { exact[0] + exact[1], 0 },
                                   { 50 * exact[0], -30 * exact[1] } };

      for (guint s = 0; s < G_N_ELEMENTS (starts); s++)
        {
          double z[2] = { starts[s][0], starts[s][1] };
          MfNewtonReport report;
          g_autoptr (GError) error = NULL;

          g_assert_true (mf_newton_solve (newton, parallel_g, &p, z, scale, &report, &error));
          g_assert_no_error (error);
          for (guint i = 0; i < 2; i++)
            g_assert_cmpfloat (fabs (z[i] - exact[i]), <=, 1e-12 * fabs (exact[i]));
          g_assert_cmpuint (report.iterations, <=, 12);
          g_assert_cmpuint (report.rank, ==, 2);
          /* At z = 0, J = [1 1; 0 0]: rank 1, and −G = (Q, 0) lies in its
           * range, so the minimum-norm step (Q/2, Q/2) is the way out. */
          if (s == 0)
            g_assert_cmpuint (report.svd_steps, >=, 1);
        }
    }
}

/* ---- orifice a in series with b and c in parallel, from a supply at p_s
 * to tank; unknowns the three flows:
 *   p_s − K_a z1|z1| − K_b z2|z2| = 0,  K_b z2|z2| − K_c z3|z3| = 0,
 *   z1 − z2 − z3 = 0.
 * b and c in parallel act as one orifice K_bc = K_b K_c / (√K_b + √K_c)², so
 * z1 = sign(p_s) √(|p_s| / (K_a + K_bc)), split like test_parallel_orifices.
 * At z = 0 only the continuity row of J is nonzero and G = (p_s, 0, 0) is
 * orthogonal to it: the minimum-norm step is 0 and the escape must act. ---- */

typedef struct
{
  double ka, kb, kc;
  double supply;
} SeriesParallel;

static gboolean
series_parallel_g (const double *z, double *g, double *jacobian, gpointer user_data)
{
  const SeriesParallel *n = user_data;

  g[0] = n->supply - n->ka * signed_square (z[0]) - n->kb * signed_square (z[1]);
  g[1] = n->kb * signed_square (z[1]) - n->kc * signed_square (z[2]);
  g[2] = z[0] - z[1] - z[2];
  if (jacobian != NULL)
    {
      const double d[] = { 2 * n->ka * fabs (z[0]), 2 * n->kb * fabs (z[1]),
                           2 * n->kc * fabs (z[2]) };
      const double j[9] = { -d[0], 0, 1, -d[1], d[1], -1, 0, -d[2], -1 };

      memcpy (jacobian, j, sizeof j);
    }
  return TRUE;
}

static void
test_series_parallel (void)
{
  const double supplies[] = { 1e6, -2e5 };
  const double typical[] = { 1e-3, 1e-3, 1e-3 };
  g_autoptr (MfNewton) newton = mf_newton_new (3);

  mf_newton_set_limits (newton, 0, 1e-13, 0.0);
  mf_newton_set_typical (newton, typical);
  for (guint f = 0; f < G_N_ELEMENTS (supplies); f++)
    {
      SeriesParallel n = { 4e11, 1e12, 3e11, supplies[f] };
      double sb = sqrt (n.kb), sc = sqrt (n.kc);
      double kbc = n.kb * n.kc / ((sb + sc) * (sb + sc));
      double z1 = copysign (sqrt (fabs (n.supply) / (n.ka + kbc)), n.supply);
      double exact[3] = { z1, z1 * sc / (sb + sc), z1 * sb / (sb + sc) };
      double scale[3] = { fabs (n.supply), fabs (n.supply), 1e-3 };
      const double starts[][3] = { { 0, 0, 0 },
                                   { exact[0], 0, 0 },
                                   { 1.2 * exact[0], 0.7 * exact[1], 1.1 * exact[2] },
                                   { -exact[0], exact[1], -exact[2] } };

      for (guint s = 0; s < G_N_ELEMENTS (starts); s++)
        {
          double z[3] = { starts[s][0], starts[s][1], starts[s][2] };
          MfNewtonReport report;
          g_autoptr (GError) error = NULL;

          g_assert_true (mf_newton_solve (newton, series_parallel_g, &n, z, scale, &report,
                                          &error));
          g_assert_no_error (error);
          for (guint i = 0; i < 3; i++)
            g_assert_cmpfloat (fabs (z[i] - exact[i]), <=, 1e-12 * fabs (exact[i]));
          g_assert_cmpuint (report.iterations, <=, 12);
          g_assert_cmpuint (report.rank, ==, 3);
          if (s == 0)
            g_assert_cmpuint (report.escape_steps, >=, 1);
        }
    }
}

/* ---- J singular on a whole line of solutions z1 + z2 = 1 ---- */

static gboolean
line_g (const double *z, double *g, double *jacobian, gpointer user_data)
{
  const double *offset = user_data; /* 1: the consistent system, 2: none */

  g[0] = z[0] + z[1] - 1.0;
  g[1] = 2.0 * (z[0] + z[1] - *offset);
  if (jacobian != NULL)
    {
      const double j[4] = { 1, 2, 1, 2 };

      memcpy (jacobian, j, sizeof j);
    }
  return TRUE;
}

/* The SVD step is the minimum-norm correction: from z = 0 the solution of
 * least norm (½, ½); from any start, the nearest point of the line (its
 * orthogonal projection), since the step has no component along (1, −1). */
static void
test_rank_deficient (void)
{
  const double starts[][2] = { { 0, 0 }, { 3, -1 }, { -7.5, 2.25 } };
  const double consistent = 1.0;
  g_autoptr (MfNewton) newton = mf_newton_new (2);

  for (guint s = 0; s < G_N_ELEMENTS (starts); s++)
    {
      double z[2] = { starts[s][0], starts[s][1] };
      double shift = (starts[s][0] + starts[s][1] - 1.0) / 2.0;
      MfNewtonReport report;
      g_autoptr (GError) error = NULL;

      g_assert_true (mf_newton_solve (newton, line_g, (gpointer) &consistent, z, NULL, &report,
                                      &error));
      g_assert_no_error (error);
      g_assert_cmpfloat (fabs (z[0] - (starts[s][0] - shift)), <, 1e-14);
      g_assert_cmpfloat (fabs (z[1] - (starts[s][1] - shift)), <, 1e-14);
      g_assert_cmpuint (report.iterations, ==, 1);
      g_assert_cmpuint (report.svd_steps, ==, 1);
      g_assert_cmpuint (report.escape_steps, ==, 0);
      /* [1 1; 2 2] = √10 · (1, 2)/√5 · (1, 1)ᵀ/√2: σ = √10 and 0 */
      g_assert_cmpuint (report.rank, ==, 1);
      g_assert_cmpfloat (fabs (report.sigma_max - sqrt (10.0)), <, 1e-14);
      g_assert_cmpfloat (report.sigma_min, <, 1e-15);
    }
}

/* Two parallel lines z1 + z2 = 1 and z1 + z2 = 2 never meet: the solver
 * reaches the least-squares line z1 + z2 = 1.8 (weights 1 and 2² on the two
 * rows) and reports that nothing reduces the residual, instead of spinning
 * to the iteration cap. */
static void
test_no_solution (void)
{
  const double inconsistent = 2.0;
  g_autoptr (MfNewton) newton = mf_newton_new (2);
  double z[2] = { 0, 0 };
  MfNewtonReport report;
  g_autoptr (GError) error = NULL;

  g_assert_false (mf_newton_solve (newton, line_g, (gpointer) &inconsistent, z, NULL, &report,
                                   &error));
  g_assert_error (error, MF_ERROR, MF_ERROR_SOLVER);
  g_assert_true (g_str_has_prefix (error->message, "Newton stalled after 1 iterations"));
  g_assert_false (report.converged);
  g_assert_cmpuint (report.iterations, ==, 1);
  g_assert_cmpfloat (fabs (z[0] + z[1] - 1.8), <, 1e-14);
  g_assert_cmpfloat (fabs (z[0] - z[1]), <, 1e-14);
  g_assert_cmpfloat (fabs (report.residual - 0.8), <, 1e-14);
}

/* From z = 1000 the root 1 of 1 − z|z| needs about a dozen halving Newton
 * steps; two are not enough. */
static void
test_iteration_cap (void)
{
  g_autoptr (MfNewton) newton = mf_newton_new (1);
  Orifice o = { 1.0, 1.0 };
  double z = 1000.0;
  MfNewtonReport report;
  g_autoptr (GError) error = NULL;

  mf_newton_set_limits (newton, 2, 0.0, 0.0);
  g_assert_false (mf_newton_solve (newton, orifice_g, &o, &z, NULL, &report, &error));
  g_assert_error (error, MF_ERROR, MF_ERROR_SOLVER);
  g_assert_true (g_str_has_prefix (error->message, "Newton did not converge in 2 iterations"));
  g_assert_false (report.converged);
  g_assert_cmpuint (report.iterations, ==, 2);
  /* the last accepted iterate, with its residual and J */
  g_assert_cmpfloat (z, <, 1000.0);
  g_assert_cmpfloat (fabs (report.residual - fabs (1.0 - z * z)), <=, 1e-12 * z * z);
  g_assert_cmpfloat (fabs (report.sigma_max - 2.0 * z), <=, 1e-12 * z);
  g_clear_error (&error);

  /* with the default cap the same start converges */
  mf_newton_set_limits (newton, 0, 0.0, 0.0);
  g_assert_true (mf_newton_solve (newton, orifice_g, &o, &z, NULL, &report, &error));
  g_assert_cmpfloat (fabs (z - 1.0), <, 1e-10);
  g_assert_cmpuint (report.iterations, >, 2);
}

static gboolean
nan_g (const double *z, double *g, double *jacobian, gpointer user_data)
{
  g[0] = NAN;
  if (jacobian != NULL)
    jacobian[0] = 1.0;
  return TRUE;
}

static gboolean
declining_g (const double *z, double *g, double *jacobian, gpointer user_data)
{
  return FALSE;
}

static void
test_not_finite (void)
{
  const MfNewtonFunc funcs[] = { nan_g, declining_g };
  g_autoptr (MfNewton) newton = mf_newton_new (1);

  for (guint i = 0; i < G_N_ELEMENTS (funcs); i++)
    {
      double z = 0.5;
      MfNewtonReport report;
      g_autoptr (GError) error = NULL;

      g_assert_false (mf_newton_solve (newton, funcs[i], NULL, &z, NULL, &report, &error));
      g_assert_error (error, MF_ERROR, MF_ERROR_SOLVER);
      g_assert_nonnull (strstr (error->message, "not finite"));
      g_assert_false (report.converged);
      g_assert_cmpuint (report.evaluations, ==, 1);
      g_assert_cmpuint (report.iterations, ==, 0);
      g_assert_true (isnan (report.sigma_min));
      g_assert_cmpfloat (z, ==, 0.5);
    }
}

/* 1 − z|z|, undefined above z = 1.5 (say, a valve beyond its stroke) */
static gboolean
bounded_g (const double *z, double *g, double *jacobian, gpointer user_data)
{
  if (z[0] > 1.5)
    return FALSE;
  g[0] = 1.0 - signed_square (z[0]);
  if (jacobian != NULL)
    jacobian[0] = -2.0 * fabs (z[0]);
  return TRUE;
}

/* From 0.1 the full Newton step lands at 5.05, outside the domain; the
 * line search treats that as too long and halves back inside. */
static void
test_domain (void)
{
  g_autoptr (MfNewton) newton = mf_newton_new (1);
  double z = 0.1;
  MfNewtonReport report;
  g_autoptr (GError) error = NULL;

  g_assert_true (mf_newton_solve (newton, bounded_g, NULL, &z, NULL, &report, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (fabs (z - 1.0), <, 1e-10);
  g_assert_cmpuint (report.escape_steps, ==, 0);
}

static void
test_bad_scale (void)
{
  g_autoptr (MfNewton) newton = mf_newton_new (1);
  Orifice o = { 1.0, 1.0 };
  const double scale = 0.0;
  double z = 0.0;
  g_autoptr (GError) error = NULL;

  g_assert_false (mf_newton_solve (newton, orifice_g, &o, &z, &scale, NULL, &error));
  g_assert_error (error, MF_ERROR, MF_ERROR_USAGE);
}

/* ---- no allocation inside a solve ----
 * GLib cannot count allocations, so this test interposes malloc, calloc and
 * realloc (what g_malloc and gfortran's runtime call) and forwards them to
 * glibc.  Only where that is safe: glibc, no sanitizer runtime. */

#if defined(__GLIBC__) && !defined(__SANITIZE_ADDRESS__)
#define MF_COUNT_ALLOCATIONS 1

extern void *__libc_malloc (size_t size);
extern void *__libc_calloc (size_t n, size_t size);
extern void *__libc_realloc (void *p, size_t size);

static volatile gboolean counting;
static volatile guint allocations;

void *
malloc (size_t size)
{
  if (counting)
    allocations++;
  return __libc_malloc (size);
}

void *
calloc (size_t n, size_t size)
{
  if (counting)
    allocations++;
  return __libc_calloc (n, size);
}

void *
realloc (void *p, size_t size)
{
  if (counting)
    allocations++;
  return __libc_realloc (p, size);
}

/* The three paths (QR, SVD, escape) and the line search, many times over. */
static void
solve_all_paths (MfNewton *one, MfNewton *two, MfNewton *three, guint round)
{
  Orifice o = { 3.0, 12.0 + round % 7 };
  Parallel p = { 2e11, 5e11, round % 2 ? 1e-3 : -1e-3 };
  SeriesParallel n = { 4e11, 1e12, 3e11, 1e6 + 1e3 * (round % 11) };
  double z1 = 0.0, z2[2] = { 0, 0 }, z3[3] = { 0, 0, 0 };
  double scale2[2] = { 1e-3, 5e5 }, scale3[3] = { 1e6, 1e6, 1e-3 };
  MfNewtonReport report;
  gboolean ok = TRUE;

  ok &= mf_newton_solve (one, orifice_g, &o, &z1, NULL, &report, NULL);
  z1 *= 100.0;
  ok &= mf_newton_solve (one, orifice_g, &o, &z1, NULL, &report, NULL);
  ok &= mf_newton_solve (two, parallel_g, &p, z2, scale2, &report, NULL);
  ok &= mf_newton_solve (three, series_parallel_g, &n, z3, scale3, &report, NULL);
  /* an assertion here could allocate; check after the loop */
  if (!ok)
    allocations = G_MAXUINT / 2;
}
#endif

static void
test_allocation_free (void)
{
#ifdef MF_COUNT_ALLOCATIONS
  g_autoptr (MfNewton) one = mf_newton_new (1);
  g_autoptr (MfNewton) two = mf_newton_new (2);
  g_autoptr (MfNewton) three = mf_newton_new (3);
  const double typical[] = { 1e-3, 1e-3, 1e-3 };
  guint seen;

  /* The counter must see an allocation, or the test would prove nothing:
   * under valgrind, for one, malloc is the tool's and this one is bypassed. */
  allocations = 0;
  counting = TRUE;
  g_free (g_malloc (16));
  counting = FALSE;
  if (allocations == 0)
    {
      g_test_skip ("malloc is replaced by another tool; allocations cannot be counted");
      return;
    }

  mf_newton_set_typical (two, typical);
  mf_newton_set_typical (three, typical);
  /* the first call may set up lazily allocated library state */
  solve_all_paths (one, two, three, 0);

  allocations = 0;
  counting = TRUE;
  for (guint round = 0; round < 1000; round++)
    solve_all_paths (one, two, three, round);
  counting = FALSE;
  seen = allocations;
  g_assert_cmpuint (seen, ==, 0);
#else
  g_test_skip ("allocations are counted only with glibc and without sanitizers");
#endif
}

int
main (int argc, char *argv[])
{
  mf_init ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/newton/signed-square-cold", test_signed_square_cold);
  g_test_add_func ("/core/newton/signed-square-near-zero", test_signed_square_near_zero);
  g_test_add_func ("/core/newton/parallel-orifices", test_parallel_orifices);
  g_test_add_func ("/core/newton/series-parallel", test_series_parallel);
  g_test_add_func ("/core/newton/rank-deficient", test_rank_deficient);
  g_test_add_func ("/core/newton/no-solution", test_no_solution);
  g_test_add_func ("/core/newton/iteration-cap", test_iteration_cap);
  g_test_add_func ("/core/newton/not-finite", test_not_finite);
  g_test_add_func ("/core/newton/domain", test_domain);
  g_test_add_func ("/core/newton/bad-scale", test_bad_scale);
  g_test_add_func ("/core/newton/allocation-free", test_allocation_free);
  return g_test_run ();
}
