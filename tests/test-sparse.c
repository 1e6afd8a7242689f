/* test-sparse.c: compressed rows, the extreme singular values by Lanczos
 * and the sparse Cholesky factor of M̄, each against dense LAPACK.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <lapacke.h>
#include <math.h>

#include "mf-mass-factor.h"
#include "mf-nullspace.h"
#include "mf-sigma.h"
#include "mf-sparse.h"

#define AT(a, rows, i, j) ((a)[(gsize) (j) * (rows) + (i)])

/* Entries at one place add up in the order given; a sum of exactly zero
 * is left out; rows come out with ascending columns. */
static void
test_entries (void)
{
  const guint rows[] = { 1, 0, 1, 2, 1, 0 };
  const guint cols[] = { 2, 1, 0, 2, 2, 1 };
  const double vals[] = { 0.5, 3.0, -1.0, 4.0, 0.25, -3.0 };
  g_autoptr (MfSparse) a = mf_sparse_new_from_entries (3, 3, 6, rows, cols, vals);
  g_autoptr (MfSparse) t = mf_sparse_transpose (a);
  g_autofree double *dense = mf_sparse_to_dense (a);

  g_assert_cmpuint (mf_sparse_nnz (a), ==, 3);
  g_assert_cmpuint (a->start[1], ==, 0); /* row 0: 3 − 3 = 0 is left out */
  g_assert_cmpuint (a->col[0], ==, 0);
  g_assert_cmpfloat (a->val[0], ==, -1.0);
  g_assert_cmpfloat (mf_sparse_get (a, 1, 2), ==, 0.75);
  g_assert_cmpfloat (mf_sparse_get (a, 0, 1), ==, 0.0);
  g_assert_cmpfloat (mf_sparse_get (t, 2, 1), ==, 0.75);
  g_assert_cmpfloat (mf_sparse_get (t, 2, 2), ==, 4.0);
  g_assert_cmpfloat (AT (dense, 3, 2, 2), ==, 4.0);
}

static MfSparse *
random_sparse (GRand *rand, guint m, guint n, double fill)
{
  g_auto (MfEntries) entries = { 0 };

  mf_entries_init (&entries);
  for (guint i = 0; i < m; i++)
    for (guint j = 0; j < n; j++)
      if (g_rand_double (rand) < fill || i == j)
        mf_entries_add (&entries, i, j, g_rand_double_range (rand, -1.0, 1.0));
  return mf_entries_finish (&entries, m, n);
}

static void
dense_sigma (const MfSparse *a, double *sigma)
{
  g_autofree double *d = mf_sparse_to_dense (a);

  g_assert_true (mf_singular_values (d, a->n_rows, a->n_cols, sigma));
}

/* Small matrices, wide and tall: the Krylov space fills up before the
 * iteration limit, and Lanczos gives σ_max and σ_min to rounding. */
static void
test_sigma_small (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);

  for (guint trial = 0; trial < 60; trial++)
    {
      guint m = (guint) g_rand_int_range (rand, 1, 40), n = (guint) g_rand_int_range (rand, 1, 40);
      g_autoptr (MfSparse) a = random_sparse (rand, m, n, 0.15);
      g_autofree double *sigma = g_new0 (double, MIN (m, n));
      double largest = mf_sigma_largest (a), smallest = mf_sigma_smallest (a);

      dense_sigma (a, sigma);
      g_assert_cmpfloat (fabs (largest - sigma[0]), <=, 1e-10 * sigma[0]);
      /* the diagonal makes every one of full rank, but some barely */
      if (sigma[MIN (m, n) - 1] > 1e-6 * sigma[0])
        g_assert_cmpfloat (fabs (smallest - sigma[MIN (m, n) - 1]), <=,
                           1e-8 * sigma[MIN (m, n) - 1]);
    }
}

/* A ladder's W (rung i: −A on rail i, +A on rail i+1, +A on its orifice),
 * larger than the iteration limit: the estimates lie inside [σ_min, σ_max]
 * and within the documented distance of the SVD's. */
static void
test_sigma_ladder (void)
{
  const guint n = 800;
  const double area = 7.85e-5;
  g_auto (MfEntries) entries = { 0 };
  g_autoptr (MfSparse) w = NULL;
  g_autofree double *sigma = g_new0 (double, n);
  double largest, smallest;

  mf_entries_init (&entries);
  for (guint i = 0; i < n; i++)
    {
      mf_entries_add (&entries, i, 2 * i, -area);
      if (i + 1 < n)
        mf_entries_add (&entries, i, 2 * i + 2, area);
      mf_entries_add (&entries, i, 2 * i + 1, area);
    }
  w = mf_entries_finish (&entries, n, 2 * n);
  dense_sigma (w, sigma);
  largest = mf_sigma_largest (w);
  smallest = mf_sigma_smallest (w);
  g_assert_cmpfloat (largest, <=, sigma[0] * (1 + 1e-12));
  g_assert_cmpfloat (largest, >=, sigma[0] * (1 - 1e-5));
  g_assert_cmpfloat (smallest, >=, sigma[n - 1] * (1 - 1e-12));
  g_assert_cmpfloat (smallest, <=, sigma[n - 1] * (1 + 1e-5));
}

/* A rank-deficient W has no σ_min by inverse iteration: NAN, not a number
 * that looks like one. */
static void
test_sigma_deficient (void)
{
  const double d[] = { 1, 2, 2, 4, 0, 0 }; /* 2 × 3, rows proportional */
  g_autoptr (MfSparse) a = mf_sparse_new_from_dense (d, 2, 3);

  g_assert_true (isnan (mf_sigma_smallest (a)));
  g_assert_cmpfloat (fabs (mf_sigma_largest (a) - 5.0), <=, 1e-12);
}

/* M̄ = AᵀA + shifts: banded (band storage) and scattered (CHOLMOD); solves
 * with one and many right-hand sides against LAPACK's dense ones; a
 * singular matrix gets no factor. */
static void
check_factor (const MfSparse *m)
{
  guint n = m->n_rows, n_rhs = 3;
  g_autoptr (MfMassFactor) f = mf_mass_factor_new (m, 1e-10);
  g_autofree double *dense = mf_sparse_to_dense (m);
  g_autofree double *b = g_new0 (double, (gsize) n * n_rhs);
  g_autofree double *x = g_new0 (double, (gsize) n * n_rhs);
  double biggest = 0.0;

  g_assert_nonnull (f);
  for (gsize i = 0; i < (gsize) n * n_rhs; i++)
    b[i] = x[i] = sin (1.0 + (double) i);
  g_assert_cmpint (LAPACKE_dposv (LAPACK_COL_MAJOR, 'L', (lapack_int) n, (lapack_int) n_rhs, dense,
                                  (lapack_int) n, b, (lapack_int) n), ==, 0);
  mf_mass_factor_solve (f, x, n_rhs);
  for (gsize i = 0; i < (gsize) n * n_rhs; i++)
    biggest = MAX (biggest, fabs (b[i]));
  for (gsize i = 0; i < (gsize) n * n_rhs; i++)
    g_assert_cmpfloat (fabs (x[i] - b[i]), <=, 1e-10 * biggest);
  /* one right-hand side after many, with the same workspaces */
  for (guint i = 0; i < n; i++)
    x[i] = sin (1.0 + (double) i);
  mf_mass_factor_solve (f, x, 1);
  for (guint i = 0; i < n; i++)
    g_assert_cmpfloat (fabs (x[i] - b[i]), <=, 1e-10 * biggest);
}

static MfSparse *
gram (const MfSparse *a, double shift)
{
  g_autoptr (MfSparse) t = mf_sparse_transpose (a);
  g_autofree double *column = g_new0 (double, a->n_rows);
  g_autofree double *product = g_new0 (double, a->n_cols);
  g_auto (MfEntries) entries = { 0 };

  mf_entries_init (&entries);
  for (guint j = 0; j < a->n_cols; j++)
    {
      for (guint i = 0; i < a->n_rows; i++)
        column[i] = mf_sparse_get (a, i, j);
      mf_sparse_multiply_transposed (a, column, product);
      for (guint k = 0; k < a->n_cols; k++)
        if (product[k] != 0.0 || k == j)
          mf_entries_add (&entries, k, j, product[k] + (k == j ? shift : 0.0));
    }
  return mf_entries_finish (&entries, a->n_cols, a->n_cols);
}

static void
test_mass_factor (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (3);
  g_auto (MfEntries) chain = { 0 };
  g_autoptr (MfSparse) tridiagonal = NULL;
  g_autoptr (MfSparse) scattered = NULL;
  g_autoptr (MfSparse) singular = NULL;
  g_autoptr (MfSparse) a = random_sparse (rand, 60, 50, 0.05);
  guint bandwidth;
  const double rank_one[] = { 1, 1, 1, 1 };

  mf_entries_init (&chain);
  for (guint i = 0; i < 40; i++)
    {
      mf_entries_add (&chain, i, i, 4.0 + i);
      if (i > 0)
        {
          mf_entries_add (&chain, i, i - 1, -1.0);
          mf_entries_add (&chain, i - 1, i, -1.0);
        }
    }
  tridiagonal = mf_entries_finish (&chain, 40, 40);
  check_factor (tridiagonal);
  {
    g_autoptr (MfMassFactor) f = mf_mass_factor_new (tridiagonal, 1e-10);

    g_assert_true (mf_mass_factor_is_banded (f, &bandwidth));
    g_assert_cmpuint (bandwidth, ==, 1);
  }
  scattered = gram (a, 0.1);
  check_factor (scattered);
  {
    g_autoptr (MfMassFactor) f = mf_mass_factor_new (scattered, 1e-10);

    g_assert_false (mf_mass_factor_is_banded (f, NULL));
  }
  singular = mf_sparse_new_from_dense (rank_one, 2, 2);
  g_assert_null (mf_mass_factor_new (singular, 1e-10));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/sparse/entries", test_entries);
  g_test_add_func ("/core/sparse/sigma-small", test_sigma_small);
  g_test_add_func ("/core/sparse/sigma-ladder", test_sigma_ladder);
  g_test_add_func ("/core/sparse/sigma-deficient", test_sigma_deficient);
  g_test_add_func ("/core/sparse/mass-factor", test_mass_factor);
  return g_test_run ();
}
