/* mf-pivot-block.h: W2, the block of W on the elimination's pivot rows and
 * dependent columns (mf-nullspace.h), LU-factored by KLU from its nonzeros.
 * It gives the particular velocities of flow sources (W2 v_p = q), the
 * multipliers (W2ᵀ λ = M v' − F on the dependent states) and the left null
 * space of W (which multipliers the constraints leave free).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "mf-nullspace.h"
#include "mf-sparse.h"

G_BEGIN_DECLS

typedef struct _MfPivotBlock MfPivotBlock;

/* NULL when KLU finds W2 singular (the elimination's pivots exceed its
 * tolerance, so only on NaN input). */
MfPivotBlock *mf_pivot_block_new (const MfSparse    *w,
                                  const MfNullspace *nullspace);
void          mf_pivot_block_free (MfPivotBlock *block);

/* In place, b of rank entries: b ← W2⁻¹ b (entry i of b belongs to pivot
 * row i, of the result to dependent state i), and b ← W2⁻ᵀ b (entry i of b
 * to dependent state i, of the result to pivot row i).  Allocation-free. */
void          mf_pivot_block_solve (MfPivotBlock *block,
                                    double       *b);
void          mf_pivot_block_solve_transposed (MfPivotBlock *block,
                                               double       *b);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfPivotBlock, mf_pivot_block_free)

G_END_DECLS
