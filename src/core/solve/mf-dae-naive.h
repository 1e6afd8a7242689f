/* mf-dae-naive.h: the naive form of an index-1 or index-2 mode, for
 * showing what the minimal-order method saves (docs/model.md, "Drift: the
 * naive form").  The hidden constraints are not solved: their derivatives
 * alone give the algebraic velocities' rates (Γ' = 0), and the positions
 * and pressures H fixes at index 2 are integrated with the others, so the
 * constraints hold only as well as the integration keeps them.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "mf-dae.h"

G_BEGIN_DECLS

/* The naive state is [y; v_a; z_c]: the minimal-order state y
 * (mf_dae_dimension()), then the q algebraic velocities and the q2
 * positions and pressures the hidden constraints fix. */
guint mf_dae_naive_dimension (const MfDae *dae);

/* The naive state of the consistent point at (t, y): the minimal-order
 * equations are evaluated there, solving the algebraic states, and those
 * are appended to y.  GSL_SUCCESS or the evaluation's failure. */
int   mf_dae_naive_start (MfDae        *dae,
                          double        t,
                          const double *y,
                          double       *naive);

/* The naive form's rates at (t, naive) into dydt, leaving sys->u, sys->f
 * (= F − M v_p') and sys->vbar_dot for that point.  GSL_SUCCESS, or
 * GSL_EBADFUNC when a value is not finite or ∂Γ/∂v_a cannot be solved. */
int   mf_dae_naive_evaluate (MfDae        *dae,
                             double        t,
                             const double *naive,
                             double       *dydt);

G_END_DECLS
