/* mf-system-jacobian.c
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-system-jacobian.h"

#include <klu.h>
#include <math.h>

#define GET(array, i) g_array_index ((array), guint, (i))

/* A final equation's entry in a highest derivative holds the original
 * equation's value in the unknown c_i derivatives lower (mf-pantelides.h),
 * which is J's entry in that family. */
MfSparse *
mf_system_jacobian_new (const MfPantelides *p)
{
  g_auto (MfEntries) entries = { 0 };
  guint n_u = mf_incidence_n_unknowns (p->incidence);

  mf_entries_init (&entries);
  for (guint e = 0; e < p->n_equations; e++)
    {
      if (!mf_pantelides_equation_is_final (p, e))
        continue;
      for (guint q = GET (p->start, e); q < GET (p->start, e + 1); q++)
        {
          guint z = GET (p->col, q);

          if (GET (p->unknown_derivative, z) == MF_INCIDENCE_NONE)
            mf_entries_add (&entries, GET (p->equation_origin, e), GET (p->unknown_family, z),
                            g_array_index (p->val, double, q));
        }
    }
  return mf_entries_finish (&entries, mf_incidence_n_equations (p->incidence), n_u);
}

MfSparse *
mf_system_jacobian_block (const MfSparse *jacobian,
                          const guint    *rows,
                          guint           n,
                          const guint    *cols,
                          guint           m)
{
  g_autofree guint *local = g_new (guint, MAX (jacobian->n_cols, 1));
  g_autofree double *largest = g_new0 (double, MAX (m, 1));
  g_auto (MfEntries) entries = { 0 };

  for (guint j = 0; j < jacobian->n_cols; j++)
    local[j] = G_MAXUINT;
  for (guint k = 0; k < m; k++)
    local[cols[k]] = k;
  for (guint i = 0; i < n; i++)
    for (guint q = jacobian->start[rows[i]]; q < jacobian->start[rows[i] + 1]; q++)
      {
        guint k = local[jacobian->col[q]];

        if (k == G_MAXUINT)
          continue;
        if (!isfinite (jacobian->val[q]))
          return NULL;
        largest[k] = MAX (largest[k], fabs (jacobian->val[q]));
      }
  mf_entries_init (&entries);
  for (guint i = 0; i < n; i++)
    for (guint q = jacobian->start[rows[i]]; q < jacobian->start[rows[i] + 1]; q++)
      {
        guint k = local[jacobian->col[q]];

        if (k != G_MAXUINT)
          mf_entries_add (&entries, i, k, jacobian->val[q] / largest[k]);
      }
  return mf_entries_finish (&entries, n, m);
}

/* Below this, KLU's reciprocal pivot ratio min |U_kk| / max |U_kk| of the
 * equilibrated J means rounding in place of a pivot: a singular J.  Units
 * span many decades in a circuit (areas of 1e-4 m², stiffnesses of 1e8
 * N/m), which the scaling of rows and columns takes out. */
#define RCOND_SINGULAR 1e-12

/* The kept rows against the unknowns they are matched to, as compressed
 * columns for KLU (each row, then each column, scaled to a largest entry
 * of 1).  NULL when a value is not finite. */
static MfSparse *
matched_block (const MfPantelides *p, const MfSparse *jacobian)
{
  g_autofree guint *match = mf_pantelides_equation_match (p);
  g_autoptr (GArray) rows = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) cols = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (MfSparse) block = NULL;
  g_autofree double *largest = NULL;

  for (guint e = 0; e < p->n_equations; e++)
    if (mf_pantelides_equation_is_final (p, e) && match[e] != MF_INCIDENCE_NONE)
      {
        guint origin = GET (p->equation_origin, e), family = GET (p->unknown_family, match[e]);

        g_array_append_val (rows, origin);
        g_array_append_val (cols, family);
      }
  block = mf_system_jacobian_block (jacobian, (guint *) rows->data, rows->len,
                                    (guint *) cols->data, cols->len);
  if (block == NULL)
    return NULL;
  largest = g_new0 (double, MAX (block->n_rows, 1));
  for (guint i = 0; i < block->n_rows; i++)
    for (guint q = block->start[i]; q < block->start[i + 1]; q++)
      largest[i] = MAX (largest[i], fabs (block->val[q]));
  for (guint i = 0; i < block->n_rows; i++)
    for (guint q = block->start[i]; q < block->start[i + 1]; q++)
      block->val[q] /= largest[i];
  return mf_sparse_transpose (block);
}

MfJacobianRank
mf_system_jacobian_rank (const MfPantelides *p, const MfSparse *jacobian)
{
  g_autoptr (MfSparse) by_columns = NULL;
  klu_common common;
  klu_symbolic *symbolic;
  klu_numeric *numeric;
  MfJacobianRank rank = MF_JACOBIAN_SINGULAR;

  if (p->failed)
    return MF_JACOBIAN_UNKNOWN;
  by_columns = matched_block (p, jacobian);
  if (by_columns == NULL)
    return MF_JACOBIAN_UNKNOWN;
  if (by_columns->n_rows == 0)
    return MF_JACOBIAN_REGULAR;
  klu_defaults (&common);
  symbolic = klu_analyze ((int) by_columns->n_rows, (int *) by_columns->start,
                          (int *) by_columns->col, &common);
  if (symbolic == NULL)
    return MF_JACOBIAN_UNKNOWN;
  numeric = klu_factor ((int *) by_columns->start, (int *) by_columns->col, by_columns->val,
                        symbolic, &common);
  if (numeric != NULL && klu_rcond (symbolic, numeric, &common) && common.rcond >= RCOND_SINGULAR)
    rank = MF_JACOBIAN_REGULAR;
  else if (numeric == NULL && common.status != KLU_SINGULAR)
    rank = MF_JACOBIAN_UNKNOWN;
  if (numeric != NULL)
    klu_free_numeric (&numeric, &common);
  klu_free_symbolic (&symbolic, &common);
  return rank;
}
