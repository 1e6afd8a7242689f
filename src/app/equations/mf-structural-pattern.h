/* mf-structural-pattern.h: the two pictures of a structural analysis
 * (mf-structural.h) as plain data — the incidence matrix with a maximum
 * matching, and the block lower-triangular form with its loops and tears
 * — which the Structure page puts in grids (mf-matrix-view.h) and the
 * handout draws on paper (mf-handout-pattern.c).  No GTK.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "mf-structural.h"

G_BEGIN_DECLS

/* How a row or a column is set off; the values of MfMatrixMark. */
typedef enum
{
  MF_PATTERN_MARK_NONE,
  MF_PATTERN_MARK_ACCENT,  /* a state (incidence), a tear (block form) */
  MF_PATTERN_MARK_WARNING, /* unmatched or over-determined; a residual */
} MfPatternMark;

typedef struct
{
  guint      n_rows;
  guint      n_cols;
  GPtrArray *row_labels; /* char*, NULL-terminated */
  GPtrArray *col_labels;
  GArray    *rows;       /* guint: entry k is at (rows[k], cols[k]) */
  GArray    *cols;
  GArray    *values;     /* double: the partial derivative at the analysis' point,
                          * NAN where it happens to be zero there */
  int       *filled;     /* per row: the column of its filled cell, or -1 */
  guint8    *row_marks;  /* MfPatternMark per row */
  guint8    *col_marks;
  guint      n_blocks;   /* 0, or the diagonal blocks */
  guint     *block_start; /* n_blocks + 1 */
} MfPattern;

/* The incidence of the extended system's first equations: a cell where an
 * equation involves an unknown, the matching's cells filled, the states
 * (unknowns whose derivative appears) accented, unmatched and
 * over-determined equations and under-determined unknowns warned. */
MfPattern *mf_pattern_new_incidence (const MfStructural *structural);
/* The final system in block lower-triangular order: each equation on the
 * diagonal with the unknown it is solved for (filled), the blocks, each
 * loop's tears accented and its residual equations warned; the states are
 * known and left out. */
MfPattern *mf_pattern_new_blt (const MfStructural *structural);
void       mf_pattern_free (MfPattern *pattern);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfPattern, mf_pattern_free)

G_END_DECLS
