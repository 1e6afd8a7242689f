/* mf-alpha.c
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-alpha.h"

#include "mf-sparse.h"


#define AT(a, rows, i, j) ((a)[(gsize) (j) * (rows) + (i)])

MfAlpha *
mf_alpha_new (const double *dense, guint n_v, guint n_bar)
{
  MfAlpha *alpha = g_new0 (MfAlpha, 1);
  guint nnz = 0, p = 0;

  alpha->n_v = n_v;
  alpha->n_bar = n_bar;
  for (guint k = 0; k < n_v; k++)
    for (guint j = 0; j < n_bar; j++)
      nnz += AT (dense, n_v, k, j) != 0.0;
  alpha->start = g_new0 (guint, n_v + 1);
  alpha->col = g_new0 (guint, MAX (nnz, 1));
  alpha->val = g_new0 (double, MAX (nnz, 1));
  for (guint k = 0; k < n_v; k++)
    {
      alpha->start[k] = p;
      for (guint j = 0; j < n_bar; j++)
        if (AT (dense, n_v, k, j) != 0.0)
          {
            alpha->col[p] = j;
            alpha->val[p++] = AT (dense, n_v, k, j);
          }
    }
  alpha->start[n_v] = p;
  return alpha;
}

MfAlpha *
mf_alpha_copy (const MfAlpha *alpha)
{
  MfAlpha *copy = g_new0 (MfAlpha, 1);
  guint nnz = alpha->start[alpha->n_v];

  copy->n_v = alpha->n_v;
  copy->n_bar = alpha->n_bar;
  copy->start = g_memdup2 (alpha->start, ((gsize) alpha->n_v + 1) * sizeof (guint));
  copy->col = g_memdup2 (alpha->col, MAX (nnz, 1) * sizeof (guint));
  copy->val = g_memdup2 (alpha->val, MAX (nnz, 1) * sizeof (double));
  return copy;
}

/* α's rows as the sparse matrix they are, for the operations both share. */
static MfSparse
as_sparse (const MfAlpha *alpha)
{
  return (MfSparse) { alpha->n_v, alpha->n_bar, alpha->start, alpha->col, alpha->val };
}

double *
mf_alpha_to_dense (const MfAlpha *alpha)
{
  MfSparse view = as_sparse (alpha);

  return mf_sparse_to_dense (&view);
}

void
mf_alpha_free (MfAlpha *alpha)
{
  if (alpha == NULL)
    return;
  g_free (alpha->start);
  g_free (alpha->col);
  g_free (alpha->val);
  g_free (alpha);
}

void
mf_alpha_expand (const MfAlpha *alpha, const double *v_bar, const double *base, double *v)
{
  for (guint k = 0; k < alpha->n_v; k++)
    {
      double sum = base != NULL ? base[k] : 0.0;

      for (guint p = alpha->start[k]; p < alpha->start[k + 1]; p++)
        sum += alpha->val[p] * v_bar[alpha->col[p]];
      v[k] = sum;
    }
}

void
mf_alpha_project (const MfAlpha *alpha, const double *x, double *out)
{
  MfSparse view = as_sparse (alpha);

  mf_sparse_multiply_transposed (&view, x, out);
}

void
mf_alpha_add_row (const MfAlpha *alpha, guint k, double factor, double *row, gsize stride)
{
  for (guint p = alpha->start[k]; p < alpha->start[k + 1]; p++)
    row[alpha->col[p] * stride] += factor * alpha->val[p];
}
