/* mf-dae.h: the minimal-order equations of an index-1 or index-2 mode
 * (docs/model.md, "Simulating index-1 circuits" and "Simulating index-2
 * circuits").  The independent velocities are split into integrated ones
 * v_i and algebraic ones v_a (mf-index.h).  At every evaluation the hidden
 * constraints G0 = βᵀ F̄ = 0 (β spanning the null space of M̄) are solved
 * for v_a by Newton (mf-newton.h), warm-started from the last solution;
 * differentiating G0 gives v_a' in terms of v_i', and the dynamics
 * projected onto the range of M̄ give v_i'.  At index 2 the combinations of
 * G0 free of velocities, H(z, t), fix some positions and pressures, and
 * their derivative Ḣ takes their place in the Newton system.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "mf-newton.h"
#include "mf-system.h"

G_BEGIN_DECLS

typedef struct _MfDae MfDae;

/* For sys's mode, whose reduction found index 1 or 2.  The state y of the
 * system is then [v_i; z_i]: the integrated velocities, and the positions
 * and pressures z = [x; p_c] except those the hidden constraints fix
 * (index 2).  NULL with MF_ERROR_SOLVER when the constraints cannot be
 * split as the index procedure found. */
MfDae                *mf_dae_new (MfSystem *sys,
                                  GError  **error);
void                  mf_dae_free (MfDae *dae);

/* The size of y. */
guint                 mf_dae_dimension (const MfDae *dae);

/* The state of the model (mf_model_state_name()) that y[i] is. */
guint                 mf_dae_state (const MfDae *dae,
                                    guint        i);
/* y' at (t, y), leaving sys->u, sys->f (= F − M v_p') and sys->vbar_dot
 * for that point.  GSL_SUCCESS, or GSL_EBADFUNC when Newton fails or a
 * value is not finite (mf_dae_take_error says why). */
int                   mf_dae_evaluate (MfDae        *dae,
                                       double        t,
                                       const double *y,
                                       double       *dydt);

/* y for the full state u: the integrated velocities by the mass-weighted
 * projection onto the constraints (docs/model.md, "Each mode") restricted
 * to the massive directions, the algebraic ones' warm start from u. */
void                  mf_dae_reduce (MfDae        *dae,
                                     double        t,
                                     const double *u,
                                     double       *y);

/* The last Newton solve, and totals over the dae's life. */
const MfNewtonReport *mf_dae_last_report (const MfDae *dae);
guint64               mf_dae_total_iterations (const MfDae *dae);
guint64               mf_dae_total_svd_steps (const MfDae *dae);

/* The reason of the last failed evaluation, or NULL; the caller owns it. */
GError               *mf_dae_take_error (MfDae *dae);

G_END_DECLS
