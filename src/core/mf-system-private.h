/* mf-system-private.h: the reduced system's insides, shared by the ODE
 * path (mf-system.c) and the algebraic states of an index-1 mode (mf-dae.c).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <lapacke.h>

#include "mf-alpha.h"
#include "mf-model-private.h"
#include "mf-reduction.h"
#include "mf-system.h"

G_BEGIN_DECLS

typedef struct _MfDae MfDae;

struct _MfSystem
{
  MfModel     *model;
  guint        mode;
  MfReduction *red;
  guint        n_v, n_x, n_c, n_bar, n_y, rank;
  MfAlpha     *alpha;     /* α as sparse rows */
  double      *chol;      /* Cholesky factor of M̄: dense, or in band storage */
  guint        bandwidth; /* M̄'s half-bandwidth when banded, else G_MAXUINT */
  double      *w2_lu;     /* LU of W2 (pivot rows × dependent columns) */
  lapack_int  *w2_pivots;
  gboolean     has_sources;
  /* workspaces, allocated once */
  double      *u, *f, *q, *q_dot, *vp, *vp_dot, *rhs, *lambda, *dydt, *dydt2, *y2;
  double      *vbar_dot;  /* v̄' of the last evaluation, all independent states */
  double      *v_dot;     /* v' when the multipliers are recovered */
  guint       *stop_rows; /* per end stop (model->stop_outputs): its row, or MF_NONE when free */
  MfTriplet   *triplets;
  double      *jac;       /* n_y × n_y, column-major: ∂f/∂y before M̄ is solved */
  double      *jac_top;   /* its first n̄ rows, then M̄⁻¹ times them */
  MfDae       *dae;       /* the algebraic states when M̄ is singular (index 1), else NULL */
  GError      *failure;   /* why the last evaluation failed, when it says more than GSL can */
};


/* v_p(t) and v_p'(t) into sys->vp and sys->vp_dot (when there are sources). */
void mf_system_particular_velocities (MfSystem *sys,
                                      double    t);

G_END_DECLS
