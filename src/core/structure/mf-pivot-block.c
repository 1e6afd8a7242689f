/* mf-pivot-block.c
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-pivot-block.h"

#include <klu.h>

struct _MfPivotBlock
{
  guint         rank;
  klu_common    common;
  klu_symbolic *symbolic;
  klu_numeric  *numeric;
};

void
mf_pivot_block_free (MfPivotBlock *block)
{
  if (block == NULL)
    return;
  if (block->numeric != NULL)
    klu_free_numeric (&block->numeric, &block->common);
  if (block->symbolic != NULL)
    klu_free_symbolic (&block->symbolic, &block->common);
  g_free (block);
}

MfPivotBlock *
mf_pivot_block_new (const MfSparse *w, const MfNullspace *ns)
{
  g_autoptr (MfPivotBlock) block = g_new0 (MfPivotBlock, 1);
  guint r = ns->rank;
  g_autofree guint *step = g_new (guint, MAX (w->n_cols, 1));
  g_autoptr (MfSparse) by_rows = NULL;
  g_autoptr (MfSparse) by_columns = NULL;
  g_auto (MfEntries) entries = { 0 };

  block->rank = r;
  klu_defaults (&block->common);
  if (r == 0)
    return g_steal_pointer (&block);
  for (guint k = 0; k < w->n_cols; k++)
    step[k] = G_MAXUINT;
  for (guint s = 0; s < r; s++)
    step[ns->dependent[s]] = s;
  mf_entries_init (&entries);
  for (guint i = 0; i < r; i++)
    {
      guint row = ns->pivot_rows[i];

      for (guint p = w->start[row]; p < w->start[row + 1]; p++)
        if (step[w->col[p]] != G_MAXUINT)
          mf_entries_add (&entries, i, step[w->col[p]], w->val[p]);
    }
  by_rows = mf_entries_finish (&entries, r, r);
  /* KLU reads columns: W2's by columns are W2ᵀ's by rows */
  by_columns = mf_sparse_transpose (by_rows);
  block->symbolic = klu_analyze ((int) r, (int *) by_columns->start, (int *) by_columns->col,
                                 &block->common);
  if (block->symbolic == NULL)
    return NULL;
  block->numeric = klu_factor ((int *) by_columns->start, (int *) by_columns->col,
                               by_columns->val, block->symbolic, &block->common);
  if (block->numeric == NULL || block->common.status != KLU_OK)
    return NULL;
  return g_steal_pointer (&block);
}

void
mf_pivot_block_solve (MfPivotBlock *block, double *b)
{
  if (block->rank > 0)
    klu_solve (block->symbolic, block->numeric, (int) block->rank, 1, b, &block->common);
}

void
mf_pivot_block_solve_transposed (MfPivotBlock *block, double *b)
{
  if (block->rank > 0)
    klu_tsolve (block->symbolic, block->numeric, (int) block->rank, 1, b, &block->common);
}
