/* mf-sparse.h: a sparse matrix as compressed rows — W, M̄ and the rows of
 * the elimination hold a few nonzeros per row whatever the circuit's size,
 * so storage and products cost O(nonzeros) instead of O(rows · cols).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  guint   n_rows;
  guint   n_cols;
  guint  *start; /* n_rows + 1: row i holds entries start[i] .. start[i+1]-1 */
  guint  *col;   /* ascending within a row */
  double *val;   /* never exactly zero, but in mf_entries_finish_pattern()'s */
} MfSparse;

/* Entries (rows[k], cols[k], vals[k]), k < n, in any order; entries at the
 * same place are summed (in the order given), and sums that are exactly
 * zero are left out, as a dense matrix filled by += would hold them. */
MfSparse *mf_sparse_new_from_entries (guint         n_rows,
                                      guint         n_cols,
                                      gsize         n,
                                      const guint  *rows,
                                      const guint  *cols,
                                      const double *vals);
/* From a dense column-major matrix: its nonzero entries. */
MfSparse *mf_sparse_new_from_dense (const double *a,
                                    guint         n_rows,
                                    guint         n_cols);
MfSparse *mf_sparse_transpose (const MfSparse *a);
void      mf_sparse_free (MfSparse *a);

static inline guint
mf_sparse_nnz (const MfSparse *a)
{
  return a->start[a->n_rows];
}

/* The position of column j among cols[0 .. n-1] (ascending), or G_MAXUINT. */
guint     mf_sparse_find (const guint *cols,
                          guint        n,
                          guint        j);
/* Entry (i, j), 0 where none is kept: a binary search of row i. */
double    mf_sparse_get (const MfSparse *a,
                         guint           i,
                         guint           j);
/* The matrix dense, column-major, newly allocated: for people to read and
 * for small matrices only. */
double   *mf_sparse_to_dense (const MfSparse *a);
/* y = A x, and y = Aᵀ x. */
void      mf_sparse_multiply (const MfSparse *a,
                              const double   *x,
                              double         *y);
void      mf_sparse_multiply_transposed (const MfSparse *a,
                                         const double   *x,
                                         double         *y);

/* A growing list of entries for mf_sparse_new_from_entries(). */
typedef struct
{
  GArray *rows; /* guint */
  GArray *cols; /* guint */
  GArray *vals; /* double */
} MfEntries;

void      mf_entries_init (MfEntries *entries);
void      mf_entries_add (MfEntries *entries,
                          guint      row,
                          guint      col,
                          double     value);
MfSparse *mf_entries_finish (MfEntries *entries,
                             guint      n_rows,
                             guint      n_cols);
/* The same, keeping the places whose sum is zero: a structure whose
 * values at one point may vanish (mf-incidence.h). */
MfSparse *mf_entries_finish_pattern (MfEntries *entries,
                                     guint      n_rows,
                                     guint      n_cols);
void      mf_entries_clear (MfEntries *entries);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfSparse, mf_sparse_free)
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (MfEntries, mf_entries_clear)

G_END_DECLS
