/* mf-linearization.h: the Jacobian of a mode's reduced equations before M̄
 * is solved,
 *
 *   f(y) = [αᵀ (F − M v_p');  x';  p_c'],   y = [v̄; x; p_c],
 *
 * which the integrator needs when M̄ is regular (it then solves with M̄) and
 * the index procedure needs when it is not (docs/model.md, "The index").
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "mf-alpha.h"
#include "mf-model.h"

G_BEGIN_DECLS

/* ∂f/∂y at the full state u and time t into `jac` (n_y × n_y, column-major,
 * n_y = n̄ + positions + pressures).  `scratch` holds model->n_triplets
 * entries.  Allocation-free. */
void mf_linearize (const MfModel *model,
                   const MfAlpha *alpha,
                   double         t,
                   const double  *u,
                   MfTriplet     *scratch,
                   double        *jac);

/* ∂f/∂y (newly allocated) at a generic state — every independent velocity
 * nonzero and different — at t = 0, or at t = 1 s when an input makes it
 * infinite at 0 (an orifice whose area starts at zero): the structure of the
 * equations, free of the accidents of zero flow. */
double *mf_linearize_generic (const MfModel *model,
                              const MfAlpha *alpha);

/* ∂F/∂u at the state u (model->n_triplets entries into `entries`, as
 * mf_model_force_jacobian() gives them) at t = 0, or at t = 1 s when an
 * input makes an entry infinite at 0; an orifice shut by its area at both
 * takes the slope it has at its port's area. */
void    mf_linearize_force_jacobian (const MfModel *model,
                                     const double  *u,
                                     MfTriplet     *entries);

G_END_DECLS
