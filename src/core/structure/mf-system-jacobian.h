/* mf-system-jacobian.h: the system Jacobian of a structural analysis
 * (Pryce's Σ-method), J_ij = ∂f_i/∂x_j^(d_j − c_i), where equation i is
 * differentiated c_i times and unknown j appears at most to its d_j-th
 * derivative in the final system (mf-pantelides.h): the Jacobian of the
 * final equations in their highest derivatives.
 *
 * Where J is regular at a point, the structural analysis holds there and
 * its index is an upper bound of the differentiation index.  Where the
 * pattern says regular but the values make J singular — rows equal up to
 * a factor, as two pistons of equal areas on one rod give — the structural
 * analysis has failed: a cancellation, and the index may be higher than
 * it says.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "mf-pantelides.h"
#include "mf-sparse.h"

G_BEGIN_DECLS

typedef enum
{
  MF_JACOBIAN_REGULAR,  /* full row rank */
  MF_JACOBIAN_SINGULAR, /* numerically rank deficient: a cancellation */
  MF_JACOBIAN_UNKNOWN,  /* a value is not finite, or the analysis failed */
} MfJacobianRank;

/* J over the incidence's equations (rows; a row left out is empty) and
 * its unknowns (columns; only the roots of families hold entries), from
 * the values the incidence gave. */
MfSparse       *mf_system_jacobian_new (const MfPantelides *pantelides);

/* Whether J's rows kept, against the unknowns they are matched to (a
 * square block), are regular: KLU's LU of the block with rows and columns
 * scaled to a largest entry of 1, singular when a pivot vanishes or the
 * ratio of the smallest pivot to the largest is below 1e-12.  Near-linear
 * in the circuit's size, as the block is a network's. */
MfJacobianRank  mf_system_jacobian_rank (const MfPantelides *pantelides,
                                         const MfSparse     *jacobian);

/* The rows `rows` (n of them) and the columns `cols` (m) of J as a new
 * n × m matrix, each column scaled to a largest entry of 1 (a change of
 * the unknown's unit, which keeps every rank).  NULL when a value is not
 * finite. */
MfSparse       *mf_system_jacobian_block (const MfSparse *jacobian,
                                          const guint    *rows,
                                          guint           n,
                                          const guint    *cols,
                                          guint           m);

G_END_DECLS
