/* mf-system.h: the reduced, minimal-order ODE of one mode (docs/model.md,
 * "Each mode"), ready for an integrator:
 *
 *   y = [v̄; x; p_c],  v = α v̄ + v_p(t),  M̄ v̄' = αᵀ (F − M v_p'),
 *   x' = S v,  C p_c' = inflow.
 *
 * Everything a right-hand side needs is allocated in mf_system_new(); the
 * right-hand side and the Jacobian allocate nothing.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "mf-model.h"
#include "mf-reduction.h"

G_BEGIN_DECLS

typedef struct _MfSystem MfSystem;

/* Builds the reduced system of `mode`.  When the reduced mass matrix is
 * singular (index 1 or 2), y = [v_i; z_i] holds the integrated velocities,
 * positions and pressures only, and the algebraic ones are solved at every
 * evaluation (mf-dae.h).  Fails with MF_ERROR_STRUCTURE when the equations
 * do not determine every state or the constraints cannot be met (flow
 * sources into a closed pocket). */
MfSystem *mf_system_new (MfModel *model,
                         guint    mode,
                         GError **error);
/* The same for `mode` with the valves `closed` (one gboolean per component)
 * closed: a mode in which check valves have switched by themselves. */
MfSystem *mf_system_new_for (MfModel        *model,
                             guint           mode,
                             const gboolean *closed,
                             GError        **error);
void      mf_system_free (MfSystem *system);
/* Whether the system's configuration has `component` closed. */
gboolean  mf_system_is_closed (const MfSystem *system,
                               guint           component);

MfModel  *mf_system_get_model (const MfSystem *system);
guint     mf_system_get_mode (const MfSystem *system);
/* The reduction of the system's valve configuration (its states, α, index). */
const MfReduction *mf_system_get_reduction (const MfSystem *system);
/* Length of y. */
gsize     mf_system_dimension (const MfSystem *system);
/* The state of the model (mf_model_state_name()) that y[i] is. */
guint     mf_system_state (const MfSystem *system,
                           guint           i);

/* GSL odeiv2 signatures; `system` is the MfSystem.  They return GSL_SUCCESS,
 * or GSL_EBADFUNC when a value is not finite (the integrator then fails with
 * a message that names the time). */
int       mf_system_rhs (double       t,
                         const double y[],
                         double       dydt[],
                         void        *system);
int       mf_system_jacobian (double       t,
                              const double y[],
                              double      *dfdy,
                              double       dfdt[],
                              void        *system);

/* The full state u (mf-model.h) of reduced state y at time t. */
void      mf_system_expand (MfSystem     *system,
                            double        t,
                            const double *y,
                            double       *u);
/* The reduced state for full state u at time t, velocities projected onto
 * this mode's constraints by the mass-weighted projection (docs/model.md,
 * "Each mode").
 * Returns the kinetic energy lost by the projection (J, >= 0). */
double    mf_system_reduce (MfSystem     *system,
                            double        t,
                            const double *u,
                            double       *y);

/* Every output of mf_model_n_outputs() at (t, y), pressures recovered from
 * the multipliers (docs/model.md, "Each mode"). */
void      mf_system_outputs (MfSystem     *system,
                             double        t,
                             const double *y,
                             double       *outputs);

/* The self-check of the point the last mf_system_outputs() was at
 * (mf-system-check.h); its residual is also the output "solver.residual". */
typedef struct _MfCheck MfCheck;
const MfCheck *mf_system_last_check (const MfSystem *system);

/* The full state u = [v | x | p] of the latest evaluation, which the
 * names of feedback values read (docs/model.md, "Feedback"). */
const double *mf_system_last_state (const MfSystem *system);

/* Why the last right-hand side failed, when the system knows more than
 * "not finite" (Newton on the algebraic states did not converge); or NULL. */
const char *mf_system_last_failure (const MfSystem *system);

/* Newton iterations and SVD fallbacks spent on algebraic states so far (0
 * for a mode without them). */
void        mf_system_newton_totals (const MfSystem *system,
                                     guint64        *iterations,
                                     guint64        *svd_steps);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfSystem, mf_system_free)

G_END_DECLS
