/* mf-mode-incidence.h: the incidence (mf-incidence.h) of one mode's
 * equations in the multiplier form (docs/model.md, "Structural analysis"),
 *
 *   ID momentum    m v' = F(v, x, p_c, t) + (Wᵀλ)_v   a branch with mass
 *   ID law         0    = F(v, x, p_c, t) + (Wᵀλ)_v   one without: an orifice,
 *                                                     a massless piston
 *   ID kinematics  x' = v                             a piston's or mass's position
 *   NODE continuity  C p_c' = inflow                  a compliant node
 *   NODE continuity  W v = q(t)                       a junction's row of W
 *   ROW            W v = 0                            the other rows of W, named as
 *                                                     W's ("C1.m = M1.m", "V1 closed")
 *
 * over the unknowns u = [v; x; p_c] (named as states), the derivatives v'
 * of the branches with mass, x' and p_c', and one multiplier per row of W
 * (λ(J1), a junction's pressure; λ(V1 closed), a closed valve's force).
 *
 * An equation involves an unknown when its derivative in it is not zero
 * at the generic state of the index rounds — every open branch's velocity
 * nonzero and different, a closed one's zero, t = 0 (or 1 s where an input
 * is infinite at 0) — which is also the value each entry keeps.  So a
 * frictionless pipe's momentum does not hold its own velocity, and an
 * undamped massless piston's law holds no velocity at all.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "mf-incidence.h"
#include "mf-model.h"
#include "mf-reduction.h"

G_BEGIN_DECLS

/* The mode of `reduction` (its W, row names and closed valves).  Into
 * *preference (a new array of *n_preference) the unknowns with a derivative,
 * most wanted as states first, for mf-dummy-derivatives.h: the branches
 * with mass in the reduction's order (mf_reduction_preference()), then
 * positions, then compliant pressures, then the massless branches. */
MfIncidence *mf_mode_incidence_new (const MfModel     *model,
                                    const MfReduction *reduction,
                                    guint            **preference,
                                    guint             *n_preference);

G_END_DECLS
