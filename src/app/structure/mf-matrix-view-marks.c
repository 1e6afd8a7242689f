/* mf-matrix-view-marks.c: what a matrix view sets off beyond its rows and
 * columns — one cell per row (the unknown a matching pairs an equation
 * with), square blocks along the diagonal (a block triangular form), and
 * entries drawn as a mark rather than a number (an incidence, whose
 * pattern is what counts).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-matrix-view-private.h"

char *
mf_matrix_view_cell_text (MfMatrixView *self, double value)
{
  if (self->pattern && value != 0.0)
    return g_strdup ("×");
  return mf_matrix_view_format_value (value);
}

void
mf_matrix_view_set_pattern (MfMatrixView *self, gboolean pattern)
{
  g_return_if_fail (MF_IS_MATRIX_VIEW (self));

  if (self->pattern == !!pattern)
    return;
  self->pattern = !!pattern;
  self->geometry_valid = FALSE;
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

gboolean
mf_matrix_view_get_pattern (MfMatrixView *self)
{
  g_return_val_if_fail (MF_IS_MATRIX_VIEW (self), FALSE);
  return self->pattern;
}

void
mf_matrix_view_set_row_cells (MfMatrixView *self, const int *cols)
{
  g_return_if_fail (MF_IS_MATRIX_VIEW (self));

  g_clear_pointer (&self->row_cell, g_free);
  if (cols != NULL && self->n_rows > 0)
    self->row_cell = g_memdup2 (cols, self->n_rows * sizeof (int));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

int
mf_matrix_view_get_row_cell (MfMatrixView *self, guint row)
{
  g_return_val_if_fail (MF_IS_MATRIX_VIEW (self), -1);
  return self->row_cell != NULL && row < self->n_rows ? self->row_cell[row] : -1;
}

void
mf_matrix_view_set_blocks (MfMatrixView *self, guint n_blocks, const guint *block_start)
{
  g_return_if_fail (MF_IS_MATRIX_VIEW (self));
  g_return_if_fail (n_blocks == 0 || block_start != NULL);

  g_clear_pointer (&self->block_start, g_free);
  self->n_blocks = 0;
  if (n_blocks > 0 && block_start[n_blocks] <= MIN (self->n_rows, self->n_cols))
    {
      self->block_start = g_memdup2 (block_start, (n_blocks + 1) * sizeof (guint));
      self->n_blocks = n_blocks;
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
mf_matrix_view_get_n_blocks (MfMatrixView *self)
{
  g_return_val_if_fail (MF_IS_MATRIX_VIEW (self), 0);
  return self->n_blocks;
}

int
mf_matrix_view_get_block (MfMatrixView *self, guint row)
{
  g_return_val_if_fail (MF_IS_MATRIX_VIEW (self), -1);

  for (guint b = 0; b < self->n_blocks; b++)
    if (row >= self->block_start[b] && row < self->block_start[b + 1])
      return (int) b;
  return -1;
}
