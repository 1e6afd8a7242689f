/* mf-system-private.h: the reduced system's insides, shared by the ODE
 * path (mf-system.c) and the algebraic states of an index-1 mode (mf-dae.c).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <lapacke.h>

#include "mf-alpha.h"
#include "mf-dae.h"
#include "mf-mass-factor.h"
#include "mf-pivot-block.h"
#include "mf-model-private.h"
#include "mf-reduction.h"
#include "mf-system.h"
#include "mf-system-check.h"

G_BEGIN_DECLS

struct _MfSystem
{
  MfModel     *model;
  guint        mode;
  MfReduction *red;
  guint        n_v, n_x, n_c, n_bar, n_y, rank;
  MfAlpha     *alpha;     /* α as sparse rows */
  MfMassFactor *chol;     /* M̄'s Cholesky factor (the reduction's), NULL with a DAE */
  MfPivotBlock *w2;       /* W2's LU (pivot rows × dependent columns) */
  gboolean     has_sources;
  gboolean     sources_follow_state; /* some q_s at a junction names positions or pressures */
  /* workspaces, allocated once */
  double      *u, *f, *q, *q_dot, *vp, *vp_dot, *rhs, *lambda, *dydt, *dydt2, *y2;
  double      *du;          /* n_full: z' (velocities 0), the direction of q_s' */
  double      *source_work; /* mf_system_source_jacobian()'s, allocated when first asked */
  double      *vbar_dot;  /* v̄' of the last evaluation, all independent states */
  double      *v_dot;     /* v' when the multipliers are recovered */
  guint       *stop_rows; /* per end stop (model->stop_outputs): its row, or MF_NONE when free */
  MfTriplet   *triplets;
  double      *jac;       /* n_y × n_y, column-major: ∂f/∂y before M̄ is solved */
  double      *jac_top;   /* its first n̄ rows, then M̄⁻¹ times them */
  guint       *w_start;   /* W by columns, its nonzeros only: column k is */
  guint       *w_row;     /* w_row[w_start[k] .. w_start[k + 1]) */
  double      *w_val;
  double      *mag;       /* n_v: the magnitudes of F's terms (the check's scales) */
  double      *row_sum, *row_size, *row_weight; /* n_rows: W v − q, its terms' size, Σ|W_rk| */
  MfCheck      check;     /* of the last mf_system_outputs() */
  double       check_tol, check_atol; /* the run's, for the check's absolute floor */
  MfDae       *dae;       /* the algebraic states when M̄ is singular (index 1), else NULL */
  GError      *failure;   /* why the last evaluation failed, when it says more than GSL can */
};


/* Evaluates the equations at (t, y) and recovers the multipliers λ into
 * sys->lambda, leaving u, F (sys->f) and v' (sys->v_dot) for that point.
 * GSL_SUCCESS, or the evaluation's failure (λ then zero). */
int  mf_system_recover_multipliers (MfSystem     *sys,
                                    double        t,
                                    const double *y);

/* The multipliers λ into sys->lambda from what an evaluation left: u,
 * F − M v_p' (sys->f, turned back into F), v_p' and, with algebraic
 * states, sys->vbar_dot.  The second half of
 * mf_system_recover_multipliers(), for an evaluation of another form of
 * the equations (mf-dae-naive.h). */
void mf_system_multipliers_of_point (MfSystem *sys);

/* The check of the point mf_system_recover_multipliers() left (laws and
 * continuity), or of sys->u alone (continuity) with `laws` FALSE
 * (mf-system-check.c). */
void mf_system_check_point (MfSystem *sys,
                            double    t,
                            gboolean  laws,
                            MfCheck  *check);

/* The right-hand side of M̄ v̄' = f before M̄ is solved, for a mode whose M̄
 * is regular (no algebraic states): out = [αᵀ (F − M v_p'); x'; p_c'] at
 * (t, y), as mf-linearization.h writes it.  Leaves u and F for that point;
 * the values may be infinite (the caller checks). */
void mf_system_reduced_forces (MfSystem     *sys,
                               double        t,
                               const double *y,
                               double       *out);

/* mf-system-sources.c.  v_p into sys->vp from q_s(t, z), the positions
 * and pressures z read from sys->u; when q_s depends on t alone also v_p'
 * into sys->vp_dot.  Nothing without sources at a junction. */
void mf_system_particular_velocities (MfSystem *sys,
                                      double    t);
/* v_p' into sys->vp_dot from the total derivative of q_s along the state,
 * once sys->u is complete (v = α v̄ + v_p); nothing when q_s depends on t
 * alone. */
void mf_system_particular_rates (MfSystem *sys,
                                 double    t);
/* Adds to `jac` (mf-linearization.h's ∂f/∂y, as mf_linearize() left it with
 * sys->triplets at sys->u) what a q_s that follows the state adds: the
 * velocities' v_p(z) and the top rows' −αᵀ M v_p'. */
void mf_system_source_jacobian (MfSystem *sys,
                                double    t,
                                double   *jac);

G_END_DECLS
