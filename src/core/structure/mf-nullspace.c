/* mf-nullspace.c: independent states by column-pivoted elimination.
 *
 * Which velocities become dependent is a modelling choice, not only a
 * numerical one: the integrated states should be the ones a user would pick
 * (heavy pipes, piston velocities), so pivots are taken from the least
 * preferred columns first.  Rows are scaled to unit maximum first because a
 * row of W holds areas (1e-4 m^2) while a closed-valve row holds ones.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-nullspace.h"

#include <lapacke.h>
#include <math.h>
#include <string.h>

#define AT(a, rows, i, j) ((a)[(gsize) (j) * (rows) + (i)])

void
mf_nullspace_free (MfNullspace *nullspace)
{
  if (nullspace == NULL)
    return;
  g_free (nullspace->dependent);
  g_free (nullspace->independent);
  g_free (nullspace->pivot_rows);
  g_free (nullspace->redundant);
  g_free (nullspace->alpha);
  g_free (nullspace);
}

void
mf_scale_rows (double *a, guint rows, guint cols)
{
  for (guint i = 0; i < rows; i++)
    {
      double biggest = 0.0;

      for (guint j = 0; j < cols; j++)
        biggest = MAX (biggest, fabs (AT (a, rows, i, j)));
      if (biggest > 0.0)
        for (guint j = 0; j < cols; j++)
          AT (a, rows, i, j) /= biggest;
    }
}

/* Gaussian elimination taking pivot columns from the end of `preference`.
 * Marks pivot rows and columns; returns the rank. */
static guint
eliminate (double      *a,
           guint        rows,
           guint        cols,
           const guint *preference,
           double       tolerance,
           gboolean    *row_used,
           gboolean    *col_pivot,
           guint       *pivot_rows,
           guint       *dependent)
{
  guint rank = 0;

  for (guint p = cols; p-- > 0 && rank < rows;)
    {
      guint c = preference[p], best = G_MAXUINT;
      double best_value = tolerance;

      for (guint i = 0; i < rows; i++)
        if (!row_used[i] && fabs (AT (a, rows, i, c)) > best_value)
          {
            best_value = fabs (AT (a, rows, i, c));
            best = i;
          }
      if (best == G_MAXUINT)
        continue;

      row_used[best] = TRUE;
      col_pivot[c] = TRUE;
      pivot_rows[rank] = best;
      dependent[rank] = c;
      rank++;
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
  return rank;
}

/* α = Π [I; −W2⁻¹ W1] on the pivot rows of the original W. */
static gboolean
fill_alpha (MfNullspace *ns, const double *w)
{
  guint r = ns->rank, n_free = ns->cols - ns->rank;
  g_autofree double *w2 = g_new0 (double, MAX (r * r, 1));
  g_autofree double *rhs = g_new0 (double, MAX (r * n_free, 1));
  g_autofree lapack_int *ipiv = g_new0 (lapack_int, MAX (r, 1));

  ns->alpha = g_new0 (double, MAX ((gsize) ns->cols * n_free, 1));
  for (guint j = 0; j < n_free; j++)
    AT (ns->alpha, ns->cols, ns->independent[j], j) = 1.0;
  if (r == 0 || n_free == 0)
    return TRUE;

  for (guint i = 0; i < r; i++)
    {
      for (guint j = 0; j < r; j++)
        AT (w2, r, i, j) = AT (w, ns->rows, ns->pivot_rows[i], ns->dependent[j]);
      for (guint j = 0; j < n_free; j++)
        AT (rhs, r, i, j) = -AT (w, ns->rows, ns->pivot_rows[i], ns->independent[j]);
    }
  if (LAPACKE_dgesv (LAPACK_COL_MAJOR, (lapack_int) r, (lapack_int) n_free, w2, (lapack_int) r,
                     ipiv, rhs, (lapack_int) r) != 0)
    return FALSE;
  for (guint i = 0; i < r; i++)
    for (guint j = 0; j < n_free; j++)
      AT (ns->alpha, ns->cols, ns->dependent[i], j) = AT (rhs, r, i, j);
  return TRUE;
}

MfNullspace *
mf_nullspace_select (const double *w,
                     guint         rows,
                     guint         cols,
                     const guint  *preference,
                     double        tolerance)
{
  g_autoptr (MfNullspace) ns = g_new0 (MfNullspace, 1);
  g_autofree double *a = g_memdup2 (w, MAX ((gsize) rows * cols, 1) * sizeof (double));
  g_autofree gboolean *row_used = g_new0 (gboolean, MAX (rows, 1));
  g_autofree gboolean *col_pivot = g_new0 (gboolean, MAX (cols, 1));
  guint k;

  if (tolerance <= 0.0)
    tolerance = 1e-10;
  ns->rows = rows;
  ns->cols = cols;
  ns->pivot_rows = g_new0 (guint, MAX (MIN (rows, cols), 1));
  ns->dependent = g_new0 (guint, MAX (MIN (rows, cols), 1));
  mf_scale_rows (a, rows, cols);
  ns->rank = eliminate (a, rows, cols, preference, tolerance, row_used, col_pivot,
                        ns->pivot_rows, ns->dependent);

  ns->independent = g_new0 (guint, MAX (cols - ns->rank, 1));
  k = 0;
  for (guint p = 0; p < cols; p++)
    if (!col_pivot[preference[p]])
      ns->independent[k++] = preference[p];
  ns->redundant = g_new0 (guint, MAX (rows - ns->rank, 1));
  k = 0;
  for (guint i = 0; i < rows; i++)
    if (!row_used[i])
      ns->redundant[k++] = i;

  if (!fill_alpha (ns, w))
    return NULL;
  return g_steal_pointer (&ns);
}

gboolean
mf_singular_values (const double *a, guint rows, guint cols, double *sigma)
{
  guint n = MIN (rows, cols);
  g_autofree double *copy = NULL;
  g_autofree double *superb = NULL;

  if (n == 0)
    return TRUE;
  copy = g_memdup2 (a, (gsize) rows * cols * sizeof (double));
  superb = g_new0 (double, n);
  return LAPACKE_dgesvd (LAPACK_COL_MAJOR, 'N', 'N', (lapack_int) rows, (lapack_int) cols, copy,
                         (lapack_int) rows, sigma, NULL, 1, NULL, 1, superb) == 0;
}

guint
mf_left_singular_basis (const double *b, guint q, guint n, double tolerance, double **ut)
{
  g_autofree double *copy = g_memdup2 (b, MAX ((gsize) q * n, 1) * sizeof (double));
  g_autofree double *u = g_new0 (double, MAX ((gsize) q * q, 1));
  g_autofree double *sigma = g_new0 (double, MAX (MIN (q, n), 1));
  g_autofree double *superb = g_new0 (double, MAX (MIN (q, n), 1));
  guint rank = 0;

  *ut = g_new0 (double, MAX ((gsize) q * q, 1));
  if (q == 0)
    return 0;
  if (n == 0)
    {
      for (guint i = 0; i < q; i++)
        AT (*ut, q, i, i) = 1.0;
      return 0;
    }
  LAPACKE_dgesvd (LAPACK_COL_MAJOR, 'A', 'N', (lapack_int) q, (lapack_int) n, copy,
                  (lapack_int) q, sigma, u, (lapack_int) q, NULL, 1, superb);
  for (guint i = 0; i < MIN (q, n); i++)
    if (sigma[i] > tolerance * MAX (sigma[0], 1e-300))
      rank++;
  for (guint i = 0; i < q; i++)
    for (guint j = 0; j < q; j++)
      AT (*ut, q, i, j) = AT (u, q, j, i);
  return rank;
}
