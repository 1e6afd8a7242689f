/* mf-sparse.c
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-sparse.h"

#include <string.h>

#define AT(a, rows, i, j) ((a)[(gsize) (j) * (rows) + (i)])

void
mf_sparse_free (MfSparse *a)
{
  if (a == NULL)
    return;
  g_free (a->start);
  g_free (a->col);
  g_free (a->val);
  g_free (a);
}

/* A stable counting sort of the positions `order` by key[order[k]] < n_keys. */
static void
sort_by_key (guint *order, gsize n, const guint *key, guint n_keys)
{
  g_autofree gsize *count = g_new0 (gsize, (gsize) n_keys + 1);
  g_autofree guint *sorted = g_new (guint, MAX (n, 1));

  for (gsize k = 0; k < n; k++)
    count[key[order[k]] + 1]++;
  for (guint i = 0; i < n_keys; i++)
    count[i + 1] += count[i];
  for (gsize k = 0; k < n; k++)
    sorted[count[key[order[k]]]++] = order[k];
  memcpy (order, sorted, n * sizeof (guint));
}

static MfSparse *
new_from_entries (guint         n_rows,
                  guint         n_cols,
                  gsize         n,
                  const guint  *rows,
                  const guint  *cols,
                  const double *vals,
                  gboolean      keep_zeros)
{
  MfSparse *a = g_new0 (MfSparse, 1);
  g_autofree guint *order = g_new (guint, MAX (n, 1));
  gsize p = 0;

  g_return_val_if_fail (n <= G_MAXUINT, NULL);
  a->n_rows = n_rows;
  a->n_cols = n_cols;
  for (gsize k = 0; k < n; k++)
    order[k] = (guint) k;
  /* by column, then by row: both stable, so equal places keep their order */
  sort_by_key (order, n, cols, n_cols);
  sort_by_key (order, n, rows, n_rows);
  a->start = g_new0 (guint, (gsize) n_rows + 1);
  a->col = g_new (guint, MAX (n, 1));
  a->val = g_new (double, MAX (n, 1));
  for (gsize k = 0; k < n;)
    {
      guint i = rows[order[k]], j = cols[order[k]];
      double sum = vals[order[k++]];

      while (k < n && rows[order[k]] == i && cols[order[k]] == j)
        sum += vals[order[k++]];
      if (sum == 0.0 && !keep_zeros)
        continue;
      a->col[p] = j;
      a->val[p] = sum;
      a->start[i + 1] = (guint) ++p;
    }
  /* rows without entries start where the previous one ended */
  for (guint i = 0; i < n_rows; i++)
    a->start[i + 1] = MAX (a->start[i + 1], a->start[i]);
  return a;
}

MfSparse *
mf_sparse_new_from_entries (guint         n_rows,
                            guint         n_cols,
                            gsize         n,
                            const guint  *rows,
                            const guint  *cols,
                            const double *vals)
{
  return new_from_entries (n_rows, n_cols, n, rows, cols, vals, FALSE);
}

MfSparse *
mf_sparse_new_from_dense (const double *d, guint n_rows, guint n_cols)
{
  g_auto (MfEntries) entries = { 0 };

  mf_entries_init (&entries);
  for (guint i = 0; i < n_rows; i++)
    for (guint j = 0; j < n_cols; j++)
      if (AT (d, n_rows, i, j) != 0.0)
        mf_entries_add (&entries, i, j, AT (d, n_rows, i, j));
  return mf_entries_finish (&entries, n_rows, n_cols);
}

MfSparse *
mf_sparse_transpose (const MfSparse *a)
{
  MfSparse *t = g_new0 (MfSparse, 1);
  guint nnz = mf_sparse_nnz (a);
  g_autofree guint *next = NULL;

  t->n_rows = a->n_cols;
  t->n_cols = a->n_rows;
  t->start = g_new0 (guint, (gsize) t->n_rows + 1);
  t->col = g_new (guint, MAX (nnz, 1));
  t->val = g_new (double, MAX (nnz, 1));
  for (guint p = 0; p < nnz; p++)
    t->start[a->col[p] + 1]++;
  for (guint j = 0; j < t->n_rows; j++)
    t->start[j + 1] += t->start[j];
  next = g_memdup2 (t->start, ((gsize) t->n_rows + 1) * sizeof (guint));
  /* rows of A in order, so each row of Aᵀ comes out ascending */
  for (guint i = 0; i < a->n_rows; i++)
    for (guint p = a->start[i]; p < a->start[i + 1]; p++)
      {
        guint q = next[a->col[p]]++;

        t->col[q] = i;
        t->val[q] = a->val[p];
      }
  return t;
}

guint
mf_sparse_find (const guint *cols, guint n, guint j)
{
  guint lo = 0, hi = n;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (cols[mid] == j)
        return mid;
      if (cols[mid] < j)
        lo = mid + 1;
      else
        hi = mid;
    }
  return G_MAXUINT;
}

double
mf_sparse_get (const MfSparse *a, guint i, guint j)
{
  guint p = mf_sparse_find (a->col + a->start[i], a->start[i + 1] - a->start[i], j);

  return p != G_MAXUINT ? a->val[a->start[i] + p] : 0.0;
}

double *
mf_sparse_to_dense (const MfSparse *a)
{
  double *d = g_new0 (double, MAX ((gsize) a->n_rows * a->n_cols, 1));

  for (guint i = 0; i < a->n_rows; i++)
    for (guint p = a->start[i]; p < a->start[i + 1]; p++)
      AT (d, a->n_rows, i, a->col[p]) = a->val[p];
  return d;
}

void
mf_sparse_multiply (const MfSparse *a, const double *x, double *y)
{
  for (guint i = 0; i < a->n_rows; i++)
    {
      double sum = 0.0;

      for (guint p = a->start[i]; p < a->start[i + 1]; p++)
        sum += a->val[p] * x[a->col[p]];
      y[i] = sum;
    }
}

void
mf_sparse_multiply_transposed (const MfSparse *a, const double *x, double *y)
{
  memset (y, 0, a->n_cols * sizeof (double));
  for (guint i = 0; i < a->n_rows; i++)
    for (guint p = a->start[i]; p < a->start[i + 1]; p++)
      y[a->col[p]] += a->val[p] * x[i];
}

void
mf_entries_init (MfEntries *entries)
{
  entries->rows = g_array_new (FALSE, FALSE, sizeof (guint));
  entries->cols = g_array_new (FALSE, FALSE, sizeof (guint));
  entries->vals = g_array_new (FALSE, FALSE, sizeof (double));
}

void
mf_entries_add (MfEntries *entries, guint row, guint col, double value)
{
  g_array_append_val (entries->rows, row);
  g_array_append_val (entries->cols, col);
  g_array_append_val (entries->vals, value);
}

MfSparse *
mf_entries_finish (MfEntries *entries, guint n_rows, guint n_cols)
{
  return mf_sparse_new_from_entries (n_rows, n_cols, entries->rows->len,
                                     (const guint *) entries->rows->data,
                                     (const guint *) entries->cols->data,
                                     (const double *) entries->vals->data);
}

MfSparse *
mf_entries_finish_pattern (MfEntries *entries, guint n_rows, guint n_cols)
{
  return new_from_entries (n_rows, n_cols, entries->rows->len, (const guint *) entries->rows->data,
                           (const guint *) entries->cols->data,
                           (const double *) entries->vals->data, TRUE);
}

void
mf_entries_clear (MfEntries *entries)
{
  g_clear_pointer (&entries->rows, g_array_unref);
  g_clear_pointer (&entries->cols, g_array_unref);
  g_clear_pointer (&entries->vals, g_array_unref);
}
