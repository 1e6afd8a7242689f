/* mf-nullspace.h: rank, independent states and a null-space basis of a
 * constraint matrix by column-pivoted elimination (docs/model.md, "Each
 * mode"), and singular values by SVD.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "mf-alpha.h"
#include "mf-sparse.h"

G_BEGIN_DECLS

typedef struct
{
  guint   rows;
  guint   cols;
  guint   rank;
  guint  *dependent;   /* rank columns: the pivots, W2 */
  guint  *independent; /* cols - rank columns, in preference order */
  guint  *pivot_rows;  /* rank rows that carry the pivots */
  guint  *redundant;   /* rows - rank rows that depend on the others */
  /* cols × (cols − rank) as sparse rows: column j is the velocity pattern
   * of independent state independent[j]: 1 at that state, 0 at the other
   * independent states, −W2⁻¹W1 at the dependent ones. */
  MfAlpha *alpha;
} MfNullspace;

/* W is rows × cols.  `preference` lists every column once, the one most
 * wanted as an independent state first; the elimination picks pivots
 * (dependent states) from the end of that list, in each the row of largest
 * magnitude after scaling each row to a largest entry of 1 (the first such
 * row on ties).  A row is redundant when nothing larger than `tolerance`
 * (relative; 0 for the default 1e-10) is left in it.  The elimination works
 * on the rows' nonzeros, fill-in included, and α follows from the
 * eliminated rows by back-substitution: O(nonzeros) for a network. */
MfNullspace *mf_nullspace_select_sparse (const MfSparse *w,
                                         const guint    *preference,
                                         double          tolerance);
/* The same from W dense (column-major). */
MfNullspace *mf_nullspace_select (const double *w,
                                  guint         rows,
                                  guint         cols,
                                  const guint  *preference,
                                  double        tolerance);
void         mf_nullspace_free (MfNullspace *nullspace);

/* Divides each row of A (rows × cols, column-major) by its largest
 * magnitude, so that rows of areas (1e-4 m^2) and rows of ones compare. */
void         mf_scale_rows (double *a,
                            guint   rows,
                            guint   cols);

/* The min(rows, cols) singular values of A (rows × cols, column-major) in
 * descending order into `sigma`.  FALSE if LAPACK's dgesvd fails. */
gboolean     mf_singular_values (const double *a,
                                 guint         rows,
                                 guint         cols,
                                 double       *sigma);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfNullspace, mf_nullspace_free)

/* Uᵀ (q × q, column-major, newly allocated into *ut) from the SVD B = U Σ Vᵀ
 * of a q × n block: its first `rank` rows combine B's rows into independent
 * ones, the others into rows that vanish.  Returns the rank (singular values
 * above tolerance · σ_max). */
guint        mf_left_singular_basis (const double *b,
                                     guint         q,
                                     guint         n,
                                     double        tolerance,
                                     double      **ut);

G_END_DECLS
