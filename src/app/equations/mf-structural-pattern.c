/* mf-structural-pattern.c: the incidence and the block lower-triangular
 * form of a structural analysis as patterns to draw (mf-structural-pattern.h).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-structural-pattern.h"

#include <math.h>

#define GET(array, i) g_array_index ((array), guint, (i))

static MfPattern *
pattern_new (guint n_rows, guint n_cols)
{
  MfPattern *p = g_new0 (MfPattern, 1);

  p->n_rows = n_rows;
  p->n_cols = n_cols;
  p->row_labels = g_ptr_array_new_with_free_func (g_free);
  p->col_labels = g_ptr_array_new_with_free_func (g_free);
  p->rows = g_array_new (FALSE, FALSE, sizeof (guint));
  p->cols = g_array_new (FALSE, FALSE, sizeof (guint));
  p->values = g_array_new (FALSE, FALSE, sizeof (double));
  p->filled = g_new (int, MAX (n_rows, 1));
  p->row_marks = g_new0 (guint8, MAX (n_rows, 1));
  p->col_marks = g_new0 (guint8, MAX (n_cols, 1));
  for (guint i = 0; i < n_rows; i++)
    p->filled[i] = -1;
  return p;
}

/* Entry (row, col) of value `value`; a zero at the point stays in the
 * pattern, as NAN. */
static void
add_entry (MfPattern *p, guint row, guint col, double value)
{
  double v = value != 0.0 ? value : NAN;

  g_array_append_val (p->rows, row);
  g_array_append_val (p->cols, col);
  g_array_append_val (p->values, v);
}

static void
end_labels (MfPattern *p)
{
  g_ptr_array_add (p->row_labels, NULL);
  g_ptr_array_add (p->col_labels, NULL);
}

MfPattern *
mf_pattern_new_incidence (const MfStructural *s)
{
  const MfIncidence *inc;
  const MfPantelides *pan;
  const MfSparse *a;
  MfPattern *p;
  guint n_eq, n_unk;

  g_return_val_if_fail (s != NULL, NULL);

  inc = s->incidence;
  pan = s->pantelides;
  a = inc->matrix;
  n_eq = mf_incidence_n_equations (inc);
  n_unk = mf_incidence_n_unknowns (inc);
  p = pattern_new (n_eq, n_unk);
  for (guint i = 0; i < n_eq; i++)
    {
      guint j = i < pan->initial->n_rows ? pan->initial->row_match[i] : MF_MATCHING_NONE;

      g_ptr_array_add (p->row_labels, g_strdup (mf_incidence_equation_name (inc, i)));
      for (guint k = a->start[i]; k < a->start[i + 1]; k++)
        add_entry (p, i, a->col[k], a->val[k]);
      p->filled[i] = j == MF_MATCHING_NONE ? -1 : (int) j;
      if (j == MF_MATCHING_NONE || pan->overdetermined[i])
        p->row_marks[i] = MF_PATTERN_MARK_WARNING;
    }
  for (guint j = 0; j < n_unk; j++)
    {
      g_ptr_array_add (p->col_labels, g_strdup (g_ptr_array_index (inc->unknown_names, j)));
      if (pan->underdetermined[GET (inc->family, j)])
        p->col_marks[j] = MF_PATTERN_MARK_WARNING;
      else if (GET (inc->derivative, j) != MF_INCIDENCE_NONE)
        p->col_marks[j] = MF_PATTERN_MARK_ACCENT;
    }
  end_labels (p);
  return p;
}

MfPattern *
mf_pattern_new_blt (const MfStructural *s)
{
  const MfPantelides *pan;
  const MfBlt *blt;
  g_autofree int *place = NULL;
  MfPattern *p;
  guint n;

  g_return_val_if_fail (s != NULL, NULL);

  pan = s->pantelides;
  blt = s->blt;
  n = blt->block_start[blt->n_blocks];
  p = pattern_new (n, n);
  place = g_new (int, MAX (pan->n_unknowns, 1));
  for (guint j = 0; j < pan->n_unknowns; j++)
    place[j] = -1;
  for (guint k = 0; k < n; k++)
    {
      place[blt->unknowns[k]] = (int) k;
      g_ptr_array_add (p->row_labels, mf_pantelides_equation_name (pan, blt->equations[k]));
      g_ptr_array_add (p->col_labels, mf_pantelides_unknown_name (pan, blt->unknowns[k]));
      p->filled[k] = (int) k;
    }
  end_labels (p);
  for (guint k = 0; k < n; k++)
    for (guint e = GET (pan->start, blt->equations[k]); e < GET (pan->start, blt->equations[k] + 1);
         e++)
      {
        guint j = GET (pan->col, e);

        if (place[j] >= 0) /* not a state, which is known */
          add_entry (p, k, (guint) place[j], g_array_index (pan->val, double, e));
      }
  for (guint b = 0; b < blt->n_blocks; b++)
    for (guint k = blt->block_start[b + 1] - blt->n_tear[b]; k < blt->block_start[b + 1]; k++)
      {
        p->row_marks[k] = MF_PATTERN_MARK_WARNING;
        p->col_marks[k] = MF_PATTERN_MARK_ACCENT;
      }
  p->n_blocks = blt->n_blocks;
  p->block_start = g_memdup2 (blt->block_start, (blt->n_blocks + 1) * sizeof (guint));
  return p;
}

void
mf_pattern_free (MfPattern *p)
{
  if (p == NULL)
    return;
  g_ptr_array_unref (p->row_labels);
  g_ptr_array_unref (p->col_labels);
  g_array_unref (p->rows);
  g_array_unref (p->cols);
  g_array_unref (p->values);
  g_free (p->filled);
  g_free (p->row_marks);
  g_free (p->col_marks);
  g_free (p->block_start);
  g_free (p);
}
