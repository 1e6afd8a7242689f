/* test-nullspace.c: rank, state choice and α by pivoted elimination.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <lapacke.h>
#include <math.h>
#include <string.h>

#include "mf-nullspace.h"
#include "mf-reduction.h"

#define AT(a, rows, i, j) ((a)[(gsize) (j) * (rows) + (i)])

/* W α must vanish and α must hold the identity on the independent states. */
static void
assert_basis (const MfNullspace *ns, const double *w)
{
  guint n_free = ns->cols - ns->rank;
  g_autofree double *alpha = mf_alpha_to_dense (ns->alpha);

  for (guint i = 0; i < ns->rows; i++)
    for (guint j = 0; j < n_free; j++)
      {
        double sum = 0.0;

        for (guint k = 0; k < ns->cols; k++)
          sum += AT (w, ns->rows, i, k) * AT (alpha, ns->cols, k, j);
        g_assert_cmpfloat (fabs (sum), <, 1e-14);
      }
  for (guint i = 0; i < n_free; i++)
    for (guint j = 0; j < n_free; j++)
      g_assert_cmpfloat (AT (alpha, ns->cols, ns->independent[i], j), ==, i == j ? 1.0 : 0.0);
}

/* One junction, three pipes of areas 1e-4, 2e-4, 3e-4 (column-major 1×3). */
static void
test_junction (void)
{
  const double w[] = { -1e-4, -2e-4, 3e-4 };
  const guint prefer_last_dependent[] = { 0, 1, 2 };
  const guint prefer_first_dependent[] = { 2, 1, 0 };
  g_autoptr (MfNullspace) a = mf_nullspace_select (w, 1, 3, prefer_last_dependent, 0.0);
  g_autoptr (MfNullspace) b = mf_nullspace_select (w, 1, 3, prefer_first_dependent, 0.0);
  g_autofree double *alpha = mf_alpha_to_dense (a->alpha);

  g_assert_cmpuint (a->rank, ==, 1);
  g_assert_cmpuint (a->dependent[0], ==, 2);
  g_assert_cmpuint (a->independent[0], ==, 0);
  g_assert_cmpuint (a->independent[1], ==, 1);
  /* v3 = (A1 v1 + A2 v2) / A3 */
  g_assert_cmpfloat (fabs (AT (alpha, 3, 2, 0) - 1.0 / 3.0), <, 1e-15);
  g_assert_cmpfloat (fabs (AT (alpha, 3, 2, 1) - 2.0 / 3.0), <, 1e-15);
  assert_basis (a, w);

  g_assert_cmpuint (b->dependent[0], ==, 0);
  assert_basis (b, w);
}

/* Two junctions in series and a closed-valve row: the third row repeats a
 * combination of the others, so it is redundant and the rank is 2. */
static void
test_redundant (void)
{
  /* rows: J1: v1 − v2 = 0, J2: v2 − v3 = 0, closed: v1 − v3 = 0 (dependent) */
  const double w[] = { 1, 0, 1, /* col v1 */ -1, 1, 0, /* col v2 */ 0, -1, -1 /* col v3 */ };
  const guint preference[] = { 0, 1, 2 };
  g_autoptr (MfNullspace) ns = mf_nullspace_select (w, 3, 3, preference, 0.0);

  g_assert_cmpuint (ns->rank, ==, 2);
  g_assert_cmpuint (ns->independent[0], ==, 0);
  g_assert_cmpuint (ns->redundant[0], ==, 2);
  assert_basis (ns, w);
}

/* Rows of very different scale (areas next to unit rows) keep full rank. */
static void
test_scaling (void)
{
  const double w[] = { 1e-6, 1.0, /* v1 */ 2e-6, 0.0, /* v2 */ -3e-6, 0.0 /* v3 */ };
  const guint preference[] = { 0, 1, 2 };
  g_autoptr (MfNullspace) ns = mf_nullspace_select (w, 2, 3, preference, 0.0);

  g_assert_cmpuint (ns->rank, ==, 2);
  g_assert_cmpuint (ns->independent[0], ==, 1);
  assert_basis (ns, w);
}

static void
test_no_rows (void)
{
  const guint preference[] = { 1, 0 };
  g_autoptr (MfNullspace) ns = mf_nullspace_select (NULL, 0, 2, preference, 0.0);

  g_assert_cmpuint (ns->rank, ==, 0);
  g_assert_cmpuint (ns->independent[0], ==, 1);
  /* α = I in preference order: row 1 holds column 0 */
  g_assert_cmpuint (ns->alpha->start[2] - ns->alpha->start[1], ==, 1);
  g_assert_cmpuint (ns->alpha->col[ns->alpha->start[1]], ==, 0);
  g_assert_cmpfloat (ns->alpha->val[ns->alpha->start[1]], ==, 1.0);
}

/* --- the dense algorithm, the reference for the sparse one -------------- */

typedef struct
{
  guint   rank;
  guint  *dependent, *independent, *pivot_rows, *redundant;
  double *alpha; /* cols × (cols − rank), column-major */
} DenseChoice;

static void
dense_choice_free (DenseChoice *d)
{
  g_free (d->dependent);
  g_free (d->independent);
  g_free (d->pivot_rows);
  g_free (d->redundant);
  g_free (d->alpha);
}

/* Column-pivoted elimination on the whole scaled matrix, pivots from the end
 * of the preference list, the first row of largest magnitude; α by a dense
 * LU solve of W2 on the original rows. */
static void
dense_select (const double *w, guint rows, guint cols, const guint *preference, DenseChoice *d)
{
  g_autofree double *a = g_memdup2 (w, MAX ((gsize) rows * cols, 1) * sizeof (double));
  g_autofree gboolean *row_used = g_new0 (gboolean, MAX (rows, 1));
  g_autofree gboolean *col_pivot = g_new0 (gboolean, MAX (cols, 1));
  guint r, n_free, k;

  memset (d, 0, sizeof *d);
  d->pivot_rows = g_new0 (guint, MAX (MIN (rows, cols), 1));
  d->dependent = g_new0 (guint, MAX (MIN (rows, cols), 1));
  mf_scale_rows (a, rows, cols);
  for (guint p = cols; p-- > 0 && d->rank < rows;)
    {
      guint c = preference[p], best = G_MAXUINT;
      double best_value = 1e-10;

      for (guint i = 0; i < rows; i++)
        if (!row_used[i] && fabs (AT (a, rows, i, c)) > best_value)
          {
            best_value = fabs (AT (a, rows, i, c));
            best = i;
          }
      if (best == G_MAXUINT)
        continue;
      row_used[best] = col_pivot[c] = TRUE;
      d->pivot_rows[d->rank] = best;
      d->dependent[d->rank++] = c;
      for (guint i = 0; i < rows; i++)
        {
          double factor;

          if (row_used[i] || AT (a, rows, i, c) == 0.0)
            continue;
          factor = AT (a, rows, i, c) / AT (a, rows, best, c);
          for (guint j = 0; j < cols; j++)
            AT (a, rows, i, j) -= factor * AT (a, rows, best, j);
          AT (a, rows, i, c) = 0.0;
        }
    }
  r = d->rank;
  n_free = cols - r;
  d->independent = g_new0 (guint, MAX (n_free, 1));
  k = 0;
  for (guint p = 0; p < cols; p++)
    if (!col_pivot[preference[p]])
      d->independent[k++] = preference[p];
  d->redundant = g_new0 (guint, MAX (rows - r, 1));
  k = 0;
  for (guint i = 0; i < rows; i++)
    if (!row_used[i])
      d->redundant[k++] = i;

  d->alpha = g_new0 (double, MAX ((gsize) cols * n_free, 1));
  for (guint j = 0; j < n_free; j++)
    AT (d->alpha, cols, d->independent[j], j) = 1.0;
  if (r > 0 && n_free > 0)
    {
      g_autofree double *w2 = g_new0 (double, (gsize) r * r);
      g_autofree double *rhs = g_new0 (double, (gsize) r * n_free);
      g_autofree lapack_int *ipiv = g_new0 (lapack_int, r);

      for (guint i = 0; i < r; i++)
        {
          for (guint j = 0; j < r; j++)
            AT (w2, r, i, j) = AT (w, rows, d->pivot_rows[i], d->dependent[j]);
          for (guint j = 0; j < n_free; j++)
            AT (rhs, r, i, j) = -AT (w, rows, d->pivot_rows[i], d->independent[j]);
        }
      g_assert_cmpint (LAPACKE_dgesv (LAPACK_COL_MAJOR, (lapack_int) r, (lapack_int) n_free, w2,
                                      (lapack_int) r, ipiv, rhs, (lapack_int) r), ==, 0);
      for (guint i = 0; i < r; i++)
        for (guint j = 0; j < n_free; j++)
          AT (d->alpha, cols, d->dependent[i], j) = AT (rhs, r, i, j);
    }
}

/* Which multipliers are free, from the left singular vectors of the scaled
 * W: the reduction's choice for a small W. */
static void
dense_rows (const double *w, guint m, guint n, gboolean *determined)
{
  guint k = MIN (m, n), rank = 0;
  g_autofree double *a = g_memdup2 (w, MAX ((gsize) m * n, 1) * sizeof (double));
  g_autofree double *u = g_new0 (double, (gsize) m * m);
  g_autofree double *sigma = g_new0 (double, MAX (k, 1));
  g_autofree double *superb = g_new0 (double, MAX (k, 1));

  mf_scale_rows (a, m, n);
  g_assert_cmpint (LAPACKE_dgesvd (LAPACK_COL_MAJOR, 'A', 'N', (lapack_int) m, (lapack_int) n, a,
                                   (lapack_int) m, sigma, u, (lapack_int) m, NULL, 1, superb),
                   ==, 0);
  for (guint i = 0; i < k; i++)
    rank += sigma[i] > 1e-10 * MAX (sigma[0], 1.0);
  for (guint i = 0; i < m; i++)
    {
      double part = 0.0;

      for (guint j = rank; j < m; j++)
        part += AT (u, m, i, j) * AT (u, m, i, j);
      determined[i] = sqrt (part) < 1e-8;
    }
}

/* A W as a circuit makes one: each velocity in one or two junction rows
 * with an area (of a few sizes, so that magnitudes tie), closed-valve rows
 * of a single 1, some rows sums of others (redundant), some velocities in
 * no row. */
static double *
random_w (GRand *rand, guint *rows, guint *cols)
{
  static const double areas[] = { 1e-4, 2e-4, 7.85e-5, 3.1e-6, 1e-4 };
  guint m = (guint) g_rand_int_range (rand, 1, 16), n = (guint) g_rand_int_range (rand, 1, 24);
  guint closed = (guint) g_rand_int_range (rand, 0, 4);
  guint combos = (guint) g_rand_int_range (rand, 0, 3);
  guint total = m + closed + combos;
  double *w = g_new0 (double, (gsize) total * n);

  for (guint k = 0; k < n; k++)
    {
      double area = areas[g_rand_int_range (rand, 0, G_N_ELEMENTS (areas))];
      guint a = (guint) g_rand_int_range (rand, 0, m), b = (guint) g_rand_int_range (rand, 0, m);

      if (g_rand_int_range (rand, 0, 8) == 0)
        continue; /* in no row */
      AT (w, total, a, k) += area;
      if (g_rand_boolean (rand))
        AT (w, total, b, k) -= g_rand_boolean (rand) ? area : areas[0];
    }
  for (guint c = 0; c < closed; c++)
    AT (w, total, m + c, g_rand_int_range (rand, 0, n)) = 1.0;
  for (guint c = 0; c < combos; c++)
    {
      guint a = (guint) g_rand_int_range (rand, 0, m), b = (guint) g_rand_int_range (rand, 0, m);
      double f = g_rand_boolean (rand) ? 1.0 : -2.5;

      for (guint k = 0; k < n; k++)
        AT (w, total, m + closed + c, k) = AT (w, total, a, k) + f * AT (w, total, b, k);
    }
  *rows = total;
  *cols = n;
  return w;
}

static guint *
random_preference (GRand *rand, guint n)
{
  guint *order = g_new0 (guint, MAX (n, 1));

  for (guint k = 0; k < n; k++)
    order[k] = k;
  for (guint k = n; k > 1; k--)
    {
      guint j = (guint) g_rand_int_range (rand, 0, (gint32) k), t = order[k - 1];

      order[k - 1] = order[j];
      order[j] = t;
    }
  return order;
}

/* The sparse elimination makes exactly the dense one's choices, and its α
 * (by back-substitution) equals the dense LU solve's to rounding, on many
 * random W: rank deficient, with closed-valve rows and empty columns. */
static void
test_sparse_matches_dense (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (14);
  guint deficient = 0, free_rows = 0;

  for (guint trial = 0; trial < 3000; trial++)
    {
      guint m, n;
      g_autofree double *w = random_w (rand, &m, &n);
      g_autofree guint *preference = random_preference (rand, n);
      g_autoptr (MfSparse) sparse = mf_sparse_new_from_dense (w, m, n);
      g_autoptr (MfNullspace) ns = mf_nullspace_select_sparse (sparse, preference, 0.0);
      g_autofree double *alpha = mf_alpha_to_dense (ns->alpha);
      g_autofree gboolean *by_svd = g_new0 (gboolean, m);
      g_autofree gboolean *by_elimination = g_new0 (gboolean, m);
      DenseChoice d;
      double biggest = 1.0;

      dense_select (w, m, n, preference, &d);
      g_assert_cmpuint (ns->rank, ==, d.rank);
      for (guint i = 0; i < d.rank; i++)
        {
          g_assert_cmpuint (ns->dependent[i], ==, d.dependent[i]);
          g_assert_cmpuint (ns->pivot_rows[i], ==, d.pivot_rows[i]);
        }
      for (guint j = 0; j < n - d.rank; j++)
        g_assert_cmpuint (ns->independent[j], ==, d.independent[j]);
      for (guint i = 0; i < m - d.rank; i++)
        g_assert_cmpuint (ns->redundant[i], ==, d.redundant[i]);
      for (gsize i = 0; i < (gsize) n * (n - d.rank); i++)
        biggest = MAX (biggest, fabs (d.alpha[i]));
      for (gsize i = 0; i < (gsize) n * (n - d.rank); i++)
        g_assert_cmpfloat (fabs (alpha[i] - d.alpha[i]), <=, 1e-11 * biggest);
      assert_basis (ns, w);

      if (d.rank < m)
        {
          deficient++;
          dense_rows (w, m, n, by_svd);
          g_assert_true (mf_reduction_rows_by_elimination (sparse, ns, by_elimination));
          for (guint i = 0; i < m; i++)
            {
              g_assert_cmpint (by_elimination[i], ==, by_svd[i]);
              free_rows += !by_svd[i];
            }
        }
      dense_choice_free (&d);
    }
  /* the random circuits did reach redundant rows and free multipliers */
  g_assert_cmpuint (deficient, >, 300);
  g_assert_cmpuint (free_rows, >, 300);
}

/* σ of [[3, 0], [4, 5]]: σ1² + σ2² = 50 and σ1 σ2 = 15, so √45 and √5. */
static void
test_singular_values (void)
{
  const double a[] = { 3, 4, 0, 5 };
  double sigma[2];

  g_assert_true (mf_singular_values (a, 2, 2, sigma));
  g_assert_cmpfloat (fabs (sigma[0] - sqrt (45.0)), <, 1e-14);
  g_assert_cmpfloat (fabs (sigma[1] - sqrt (5.0)), <, 1e-14);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/nullspace/junction", test_junction);
  g_test_add_func ("/core/nullspace/redundant", test_redundant);
  g_test_add_func ("/core/nullspace/scaling", test_scaling);
  g_test_add_func ("/core/nullspace/no-rows", test_no_rows);
  g_test_add_func ("/core/nullspace/singular-values", test_singular_values);
  g_test_add_func ("/core/nullspace/sparse-matches-dense", test_sparse_matches_dense);
  return g_test_run ();
}
