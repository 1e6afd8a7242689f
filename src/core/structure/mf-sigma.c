/* mf-sigma.c
 *
 * Lanczos without reorthogonalisation: the lost orthogonality only repeats
 * converged eigenvalues among the Ritz values, it does not spoil the
 * largest one, and keeping no basis keeps the memory at a few vectors.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-sigma.h"

#include <cholmod.h>
#include <math.h>
#include <string.h>

typedef void (*Operator) (gpointer data, const double *x, double *y);

/* The largest eigenvalue of the symmetric tridiagonal matrix with diagonal
 * a and off-diagonal b (n − 1 entries), by bisection on Sturm counts from
 * `below`, a value it is known not to be under (the leading block's largest
 * eigenvalue: Cauchy's interlacing). */
static double
tridiagonal_largest (const double *a, const double *b, guint n, double below_bound)
{
  double lo = G_MAXDOUBLE, hi = -G_MAXDOUBLE;

  for (guint i = 0; i < n; i++)
    {
      double r = (i > 0 ? fabs (b[i - 1]) : 0.0) + (i + 1 < n ? fabs (b[i]) : 0.0);

      lo = MIN (lo, a[i] - r);
      hi = MAX (hi, a[i] + r);
    }
  lo = MAX (lo, MIN (below_bound, hi));
  for (guint step = 0; step < 200 && hi - lo > 1e-14 * MAX (fabs (hi), fabs (lo)); step++)
    {
      double mid = 0.5 * (lo + hi), d = 1.0;
      guint below = 0;

      /* how many eigenvalues lie below mid: the negative pivots of T − mid I */
      for (guint i = 0; i < n; i++)
        {
          d = a[i] - mid - (i > 0 ? b[i - 1] * b[i - 1] / d : 0.0);
          if (d == 0.0)
            d = -1e-300;
          below += d < 0.0;
        }
      if (below < n)
        lo = mid;
      else
        hi = mid;
    }
  return 0.5 * (lo + hi);
}

/* The largest eigenvalue of a symmetric positive semidefinite operator on
 * vectors of n entries. */
static double
lanczos_largest (Operator op, gpointer data, guint n)
{
  guint limit = MIN (n, MF_SIGMA_MAX_ITERATIONS);
  g_autofree double *v = g_new0 (double, MAX (n, 1));
  g_autofree double *v_old = g_new0 (double, MAX (n, 1));
  g_autofree double *w = g_new0 (double, MAX (n, 1));
  g_autofree double *a = g_new0 (double, limit + 1);
  g_autofree double *b = g_new0 (double, limit + 1);
  double norm = 0.0, theta = -G_MAXDOUBLE, previous = -1.0;
  guint32 seed = 12345;

  if (n == 0)
    return 0.0;
  /* a start with a part along every eigenvector, the same on every run */
  for (guint i = 0; i < n; i++)
    {
      seed = seed * 1664525u + 1013904223u;
      v[i] = 0.5 + (seed >> 8) / (double) (1u << 24);
      norm += v[i] * v[i];
    }
  for (guint i = 0; i < n; i++)
    v[i] /= sqrt (norm);
  for (guint k = 0; k < limit; k++)
    {
      double beta = 0.0;

      op (data, v, w);
      for (guint i = 0; i < n; i++)
        a[k] += w[i] * v[i];
      for (guint i = 0; i < n; i++)
        {
          w[i] -= a[k] * v[i] + (k > 0 ? b[k - 1] * v_old[i] : 0.0);
          beta += w[i] * w[i];
        }
      b[k] = sqrt (beta);
      if ((k + 1) % 10 == 0 || k + 1 == limit || !(b[k] > 1e-14 * fabs (a[k])))
        {
          theta = tridiagonal_largest (a, b, k + 1, theta);
          if (!(b[k] > 1e-14 * fabs (a[k])) || fabs (theta - previous) <= 1e-10 * fabs (theta))
            break;
          previous = theta;
        }
      for (guint i = 0; i < n; i++)
        {
          v_old[i] = v[i];
          v[i] = w[i] / b[k];
        }
    }
  return theta;
}

typedef struct
{
  const MfSparse *b;
  double         *scratch;
} Gram;

/* y = B Bᵀ x */
static void
gram_apply (gpointer data, const double *x, double *y)
{
  Gram *g = data;

  mf_sparse_multiply_transposed (g->b, x, g->scratch);
  mf_sparse_multiply (g->b, g->scratch, y);
}

double
mf_sigma_largest (const MfSparse *a)
{
  g_autoptr (MfSparse) t = a->n_rows > a->n_cols ? mf_sparse_transpose (a) : NULL;
  const MfSparse *b = t != NULL ? t : a;
  g_autofree double *scratch = g_new0 (double, MAX (b->n_cols, 1));
  Gram gram = { b, scratch };

  return sqrt (MAX (lanczos_largest (gram_apply, &gram, b->n_rows), 0.0));
}

typedef struct
{
  cholmod_common *common;
  cholmod_factor *factor;
  guint           n;
} Inverse;

/* y = (B Bᵀ)⁻¹ x */
static void
inverse_apply (gpointer data, const double *x, double *y)
{
  Inverse *inv = data;
  cholmod_dense rhs = { 0 };
  cholmod_dense *solution;

  rhs.nrow = rhs.nzmax = rhs.d = inv->n;
  rhs.ncol = 1;
  rhs.x = (double *) x;
  rhs.xtype = CHOLMOD_REAL;
  rhs.dtype = CHOLMOD_DOUBLE;
  solution = cholmod_solve (CHOLMOD_A, inv->factor, &rhs, inv->common);
  if (solution == NULL)
    {
      for (guint i = 0; i < inv->n; i++)
        y[i] = NAN;
      return;
    }
  memcpy (y, solution->x, inv->n * sizeof (double));
  cholmod_free_dense (&solution, inv->common);
}

double
mf_sigma_smallest (const MfSparse *a)
{
  /* CHOLMOD factors B Bᵀ from B by columns, which are Bᵀ's rows */
  g_autoptr (MfSparse) bt = a->n_rows > a->n_cols ? NULL : mf_sparse_transpose (a);
  const MfSparse *by_columns = bt != NULL ? bt : a;
  guint n = by_columns->n_cols, m = by_columns->n_rows;
  cholmod_common common;
  cholmod_sparse b = { 0 };
  Inverse inv = { &common, NULL, n };
  double result = NAN;

  if (n == 0)
    return NAN;
  cholmod_start (&common);
  common.print = 0;
  b.nrow = n;
  b.ncol = m;
  b.nzmax = MAX (mf_sparse_nnz (by_columns), 1);
  b.p = by_columns->start;
  b.i = by_columns->col;
  b.x = by_columns->val;
  b.stype = 0;
  b.itype = CHOLMOD_INT;
  b.xtype = CHOLMOD_REAL;
  b.dtype = CHOLMOD_DOUBLE;
  b.sorted = TRUE;
  b.packed = TRUE;
  inv.factor = cholmod_analyze (&b, &common);
  if (inv.factor != NULL && cholmod_factorize (&b, inv.factor, &common)
      && common.status == CHOLMOD_OK && inv.factor->minor == n)
    {
      double theta = lanczos_largest (inverse_apply, &inv, n);

      if (theta > 0.0 && isfinite (theta))
        result = 1.0 / sqrt (theta);
    }
  cholmod_free_factor (&inv.factor, &common);
  cholmod_finish (&common);
  return result;
}
