/* mf-dummy-derivatives.h: Mattsson and Söderlind's dummy derivatives
 * (1993) after Pantelides' algorithm (mf-pantelides.h): which derivatives
 * become algebraic unknowns, so that the differentiated equations and the
 * original ones together are square, of index 1, and keep the states on
 * the constraints they differentiate.
 *
 * Level 1 takes the equations differentiated at least once (c_i ≥ 1) and
 * the unknowns with a derivative (d_j ≥ 1); level k those with c_i ≥ k
 * and, of the unknowns level k − 1 chose, those with d_j ≥ k.  At each
 * level as many unknowns as equations are chosen so that the block of the
 * system Jacobian (mf-system-jacobian.h) on them is regular; the chosen
 * unknown at level k, at its order d_j − k + 1, is a dummy derivative.  The
 * choice is the column-pivoted elimination of mf-nullspace.h on that block
 * at the point the incidence's values describe, taking the unknowns least
 * wanted as states first — so a circuit's light branches lose their state
 * before its heavy pipes, as in the reduction.  It is a choice for that
 * point only: where the block becomes singular (the pendulum at y = 0)
 * another choice is needed, which this does not follow.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "mf-pantelides.h"
#include "mf-sparse.h"

G_BEGIN_DECLS

typedef struct
{
  /* 0 when every level found a regular block; else the first level whose
   * equations are numerically dependent at the point (or whose values are
   * not finite), where the choice stopped */
  guint   failed_level;
  GArray *dummies; /* guint: unknowns of the extended system, level by level */
  /* guint: what is integrated once the dummies are algebraic — every x^(k),
   * k < d_j, whose derivative x^(k+1) is not a dummy; empty on failure */
  GArray *states;
} MfDummyDerivatives;

/* `jacobian` from mf_system_jacobian_new(); `preference` lists the
 * incidence's root unknowns (families), the one most wanted as a state
 * first, or is NULL for the incidence's order.  NULL when Pantelides'
 * algorithm failed. */
MfDummyDerivatives *mf_dummy_derivatives_new (const MfPantelides *pantelides,
                                              const MfSparse     *jacobian,
                                              const guint        *preference,
                                              guint               n_preference);
void                mf_dummy_derivatives_free (MfDummyDerivatives *dummies);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfDummyDerivatives, mf_dummy_derivatives_free)

G_END_DECLS
