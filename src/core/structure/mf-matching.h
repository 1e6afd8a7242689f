/* mf-matching.h: a maximum matching of a bipartite graph — each equation
 * (row) paired with an unknown (column) it involves, as many pairs as
 * possible — by Hopcroft and Karp's algorithm, and the parts a maximum
 * matching cannot cover: the over-determined and under-determined parts
 * of the Dulmage–Mendelsohn decomposition.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "mf-sparse.h"

G_BEGIN_DECLS

#define MF_MATCHING_NONE G_MAXUINT

typedef struct
{
  guint  n_rows;
  guint  n_cols;
  guint  size;      /* the number of pairs */
  guint *row_match; /* per row: its column, or MF_MATCHING_NONE */
  guint *col_match; /* per column: its row, or MF_MATCHING_NONE */
} MfMatching;

/* A maximum matching of the pattern of `graph` (its values are not read)
 * that uses only the columns j with allowed[j] (every column when NULL).
 * A greedy pass, then Hopcroft–Karp's phases of shortest augmenting paths:
 * O(E √V), with every array allocated once, no recursion. */
MfMatching *mf_matching_new (const MfSparse *graph,
                             const gboolean *allowed);
void        mf_matching_free (MfMatching *matching);

/* The over-determined part: every row that some maximum matching leaves
 * unmatched, and every column such a row can reach by alternating paths
 * (row → a column it involves → the row matched to it).  Those rows
 * involve only those columns, and outnumber them by the rows `matching`
 * leaves unmatched.  Into `rows` and `cols` (may be NULL); O(E). */
void        mf_matching_overdetermined (const MfMatching *matching,
                                        const MfSparse   *graph,
                                        const gboolean   *allowed,
                                        gboolean         *rows,
                                        gboolean         *cols);

/* The under-determined part, the same from the other side: every column
 * that some maximum matching leaves unmatched, and every row such a
 * column reaches by alternating paths (column → a row involving it → the
 * column matched to that row).  Those columns are involved only in those
 * rows, and outnumber them.  Every column is allowed; O(E). */
void        mf_matching_underdetermined (const MfMatching *matching,
                                         const MfSparse   *graph,
                                         gboolean         *rows,
                                         gboolean         *cols);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfMatching, mf_matching_free)

G_END_DECLS
