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
  mf_alpha_free (nullspace->alpha);
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

/* The rows being eliminated, each its own sorted list of entries, and for
 * each column the rows that hold (or held) an entry there.  An entry that
 * cancels to exactly zero stays in its row as a zero, as it would in a
 * dense matrix, so a row enters a column's list at most once. */
typedef struct
{
  guint    rows, cols;
  guint   *len, *cap;
  guint  **col;
  double **val;
  GArray **in_col; /* guint: rows */
  double  *merged_val;
  guint   *merged_col;
} Rows;

static void
rows_clear (Rows *r)
{
  for (guint i = 0; i < r->rows; i++)
    {
      g_free (r->col[i]);
      g_free (r->val[i]);
    }
  for (guint j = 0; j < r->cols; j++)
    g_array_unref (r->in_col[j]);
  g_free (r->len);
  g_free (r->cap);
  g_free (r->col);
  g_free (r->val);
  g_free (r->in_col);
  g_free (r->merged_val);
  g_free (r->merged_col);
}

/* W's rows, each divided by its largest magnitude (mf_scale_rows). */
static void
rows_init (Rows *r, const MfSparse *w)
{
  r->rows = w->n_rows;
  r->cols = w->n_cols;
  r->len = g_new0 (guint, MAX (r->rows, 1));
  r->cap = g_new0 (guint, MAX (r->rows, 1));
  r->col = g_new0 (guint *, MAX (r->rows, 1));
  r->val = g_new0 (double *, MAX (r->rows, 1));
  r->in_col = g_new0 (GArray *, MAX (r->cols, 1));
  r->merged_col = g_new0 (guint, MAX (r->cols, 1));
  r->merged_val = g_new0 (double, MAX (r->cols, 1));
  for (guint j = 0; j < r->cols; j++)
    r->in_col[j] = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; i < r->rows; i++)
    {
      guint n = w->start[i + 1] - w->start[i];
      double biggest = 0.0;

      r->len[i] = r->cap[i] = n;
      /* a row may have no entries (mf-index.c's W0 keeps only the massless
       * columns): nothing to copy, and nothing of W's arrays after the last */
      r->col[i] = g_new (guint, MAX (n, 1));
      r->val[i] = g_new (double, MAX (n, 1));
      if (n > 0)
        {
          memcpy (r->col[i], w->col + w->start[i], n * sizeof (guint));
          memcpy (r->val[i], w->val + w->start[i], n * sizeof (double));
        }
      for (guint p = 0; p < n; p++)
        biggest = MAX (biggest, fabs (r->val[i][p]));
      for (guint p = 0; p < n; p++)
        {
          r->val[i][p] /= biggest;
          g_array_append_val (r->in_col[r->col[i][p]], i);
        }
    }
}

static double
rows_get (const Rows *r, guint i, guint j)
{
  guint p = mf_sparse_find (r->col[i], r->len[i], j);

  return p != G_MAXUINT ? r->val[i][p] : 0.0;
}

/* row i −= factor × row `pivot`, then row i's entry in column c (zero by
 * construction) is dropped: the same operations, in the same order, as the
 * dense elimination does on every entry of the row. */
static void
rows_subtract (Rows *r, guint i, guint pivot, guint c, double factor)
{
  const guint *ci = r->col[i], *cp = r->col[pivot];
  const double *vi = r->val[i], *vp = r->val[pivot];
  guint a = 0, b = 0, n = 0;

  while (a < r->len[i] || b < r->len[pivot])
    {
      guint ja = a < r->len[i] ? ci[a] : G_MAXUINT, jb = b < r->len[pivot] ? cp[b] : G_MAXUINT;
      guint j = MIN (ja, jb);
      double value;

      if (ja == jb)
        value = vi[a++] - factor * vp[b++];
      else if (ja < jb)
        value = vi[a++];
      else
        {
          value = 0.0 - factor * vp[b++];
          g_array_append_val (r->in_col[j], i); /* fill-in */
        }
      if (j == c)
        continue;
      r->merged_col[n] = j;
      r->merged_val[n++] = value;
    }
  if (n > r->cap[i])
    {
      r->cap[i] = MAX (n, 2 * r->cap[i]);
      r->col[i] = g_renew (guint, r->col[i], r->cap[i]);
      r->val[i] = g_renew (double, r->val[i], r->cap[i]);
    }
  memcpy (r->col[i], r->merged_col, n * sizeof (guint));
  memcpy (r->val[i], r->merged_val, n * sizeof (double));
  r->len[i] = n;
}

/* Gaussian elimination taking pivot columns from the end of `preference`:
 * in each, the unused row of largest magnitude above the tolerance (the
 * first such row on ties) is the pivot, and the column is cleared from the
 * other unused rows.  Marks pivot rows and columns; returns the rank. */
static guint
eliminate (Rows        *r,
           const guint *preference,
           double       tolerance,
           gboolean    *row_used,
           gboolean    *col_pivot,
           guint       *pivot_rows,
           guint       *dependent)
{
  guint rank = 0;

  for (guint p = r->cols; p-- > 0 && rank < r->rows;)
    {
      guint c = preference[p], best = G_MAXUINT;
      GArray *candidates = r->in_col[c];
      double best_value = tolerance, pivot;

      for (guint k = 0; k < candidates->len; k++)
        {
          guint i = g_array_index (candidates, guint, k);
          double value = row_used[i] ? 0.0 : fabs (rows_get (r, i, c));

          if (value > best_value || (best != G_MAXUINT && value == best_value && i < best))
            {
              best_value = value;
              best = i;
            }
        }
      if (best == G_MAXUINT)
        continue;

      row_used[best] = TRUE;
      col_pivot[c] = TRUE;
      pivot_rows[rank] = best;
      dependent[rank] = c;
      rank++;
      pivot = rows_get (r, best, c);
      for (guint k = 0; k < candidates->len; k++)
        {
          guint i = g_array_index (candidates, guint, k);
          double value = row_used[i] ? 0.0 : rows_get (r, i, c);

          if (value != 0.0)
            rows_subtract (r, i, best, c, value / pivot);
        }
    }
  return rank;
}

static int
compare_guint (gconstpointer a, gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;

  return x < y ? -1 : x > y;
}

/* α = Π [I; −W2⁻¹ W1] by back-substitution on the eliminated pivot rows:
 * pivot row k holds its pivot column, later pivots' columns and independent
 * ones only, so the dependent velocities follow last pivot first, each as a
 * sparse combination of the independent states.  Rows of α are gathered in
 * a dense accumulator of n̄ entries with a list of those touched. */
static MfAlpha *
back_substitute (const MfNullspace *ns, const Rows *r)
{
  guint n_bar = ns->cols - ns->rank;
  g_autofree guint *free_index = g_new (guint, MAX (ns->cols, 1));
  g_autofree guint *step_of = g_new (guint, MAX (ns->cols, 1));
  g_autofree double *acc = g_new0 (double, MAX (n_bar, 1));
  g_autofree gboolean *touched = g_new0 (gboolean, MAX (n_bar, 1));
  g_autoptr (GArray) list = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autofree guint **row_col = g_new0 (guint *, MAX (ns->cols, 1));
  g_autofree double **row_val = g_new0 (double *, MAX (ns->cols, 1));
  g_autofree guint *row_len = g_new0 (guint, MAX (ns->cols, 1));
  MfAlpha *alpha = g_new0 (MfAlpha, 1);
  guint nnz = 0;

  for (guint k = 0; k < ns->cols; k++)
    free_index[k] = step_of[k] = G_MAXUINT;
  for (guint j = 0; j < n_bar; j++)
    free_index[ns->independent[j]] = j;
  for (guint s = 0; s < ns->rank; s++)
    step_of[ns->dependent[s]] = s;

  for (guint s = ns->rank; s-- > 0;)
    {
      guint i = ns->pivot_rows[s], d = ns->dependent[s];
      double pivot = rows_get (r, i, d);

      g_array_set_size (list, 0);
      for (guint p = 0; p < r->len[i]; p++)
        {
          guint j = r->col[i][p];
          double coef = -r->val[i][p] / pivot;

          if (j == d || r->val[i][p] == 0.0)
            continue;
          if (free_index[j] != G_MAXUINT)
            {
              if (!touched[free_index[j]])
                {
                  touched[free_index[j]] = TRUE;
                  g_array_append_val (list, free_index[j]);
                }
              acc[free_index[j]] += coef;
              continue;
            }
          /* a later pivot's velocity, already in terms of the free ones */
          g_assert (step_of[j] > s);
          for (guint q = 0; q < row_len[j]; q++)
            {
              guint f = row_col[j][q];

              if (!touched[f])
                {
                  touched[f] = TRUE;
                  g_array_append_val (list, f);
                }
              acc[f] += coef * row_val[j][q];
            }
        }
      g_array_sort (list, compare_guint);
      row_col[d] = g_new (guint, MAX (list->len, 1));
      row_val[d] = g_new (double, MAX (list->len, 1));
      for (guint q = 0; q < list->len; q++)
        {
          guint f = g_array_index (list, guint, q);

          if (acc[f] != 0.0)
            {
              row_col[d][row_len[d]] = f;
              row_val[d][row_len[d]++] = acc[f];
            }
          acc[f] = 0.0;
          touched[f] = FALSE;
        }
      nnz += row_len[d];
    }

  alpha->n_v = ns->cols;
  alpha->n_bar = n_bar;
  alpha->start = g_new0 (guint, (gsize) ns->cols + 1);
  alpha->col = g_new (guint, MAX (nnz + n_bar, 1));
  alpha->val = g_new (double, MAX (nnz + n_bar, 1));
  nnz = 0;
  for (guint k = 0; k < ns->cols; k++)
    {
      alpha->start[k] = nnz;
      if (free_index[k] != G_MAXUINT)
        {
          alpha->col[nnz] = free_index[k];
          alpha->val[nnz++] = 1.0;
          continue;
        }
      memcpy (alpha->col + nnz, row_col[k], row_len[k] * sizeof (guint));
      memcpy (alpha->val + nnz, row_val[k], row_len[k] * sizeof (double));
      nnz += row_len[k];
      g_free (row_col[k]);
      g_free (row_val[k]);
    }
  alpha->start[ns->cols] = nnz;
  return alpha;
}

MfNullspace *
mf_nullspace_select_sparse (const MfSparse *w, const guint *preference, double tolerance)
{
  MfNullspace *ns = g_new0 (MfNullspace, 1);
  guint rows = w->n_rows, cols = w->n_cols, k;
  g_autofree gboolean *row_used = g_new0 (gboolean, MAX (rows, 1));
  g_autofree gboolean *col_pivot = g_new0 (gboolean, MAX (cols, 1));
  Rows r = { 0 };

  if (tolerance <= 0.0)
    tolerance = 1e-10;
  ns->rows = rows;
  ns->cols = cols;
  ns->pivot_rows = g_new0 (guint, MAX (MIN (rows, cols), 1));
  ns->dependent = g_new0 (guint, MAX (MIN (rows, cols), 1));
  rows_init (&r, w);
  ns->rank = eliminate (&r, preference, tolerance, row_used, col_pivot, ns->pivot_rows,
                        ns->dependent);

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

  ns->alpha = back_substitute (ns, &r);
  rows_clear (&r);
  return ns;
}

MfNullspace *
mf_nullspace_select (const double *w,
                     guint         rows,
                     guint         cols,
                     const guint  *preference,
                     double        tolerance)
{
  g_autoptr (MfSparse) sparse = mf_sparse_new_from_dense (w, rows, cols);

  return mf_nullspace_select_sparse (sparse, preference, tolerance);
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
