/* mf-dae-private.h: the insides of the minimal-order equations (mf-dae.c),
 * shared with the naive form (mf-dae-naive.c), which integrates the
 * algebraic states instead of solving them and needs the same rates.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <lapacke.h>

#include "mf-dae.h"

G_BEGIN_DECLS

struct _MfDae
{
  MfSystem      *sys;
  guint          n_bar, q, r, n_i, n_full;
  guint         *integrated;  /* n_i indices into v̄ */
  guint         *algebraic;   /* q indices into v̄ */
  double        *beta;        /* n̄ × q: a basis of null(M̄) */
  double        *range;       /* n̄ × r: eigenvectors of M̄'s nonzero eigenvalues, P */
  double        *eigen;       /* r: those eigenvalues */
  double        *k;           /* r × n̄: Pᵀ M̄ */
  MfNewton      *newton;
  MfNewtonReport report;
  double        *z;           /* the algebraic velocities: warm start and solution */
  double        *scale;       /* q: size of each constraint's terms */
  /* one evaluation's point */
  double         t;
  const double  *y;
  /* workspaces */
  double        *v_bar, *fbar, *jac, *g, *g_plus, *gv, *ga, *x, *b, *c, *rates, *w;
  lapack_int    *pivots;
  double        *sv;          /* q singular values of G_a (dgelss) */
  /* Index 2: of the q hidden constraints G0, q1 involve velocities and
   * q2 = q − q1 combinations H(z, t) = 0 hold only z = [x; p_c].  The
   * velocities are solved from Γ = [G1; Ḣ] = 0, G1 the first q1
   * combinations; H fixes q2 of z (constrained), the others are integrated. */
  guint          q1, q2, n_z, n_free;
  double        *combine;     /* q × q: rows combining G0 into [G1; H]; NULL at index 1 */
  guint         *constrained; /* q2 indices into z */
  guint         *free_z;      /* n_free indices into z */
  double        *h_z;         /* q2 × n_z: ∂H/∂z (the forces are affine in z) */
  double        *h_lu;        /* q2 × q2: LU of ∂H/∂z over the constrained ones */
  lapack_int    *h_pivots;
  double        *z_full;      /* n_z: z of the point being evaluated */
  double        *z_fixed;     /* q2: the constrained part, solved from H = 0 */
  double        *g0, *g0_rest; /* q: G0 and its rate at fixed velocities */
  double        *h_t, *h_rest; /* q2: ∂H/∂t, and d/dt of Ḣ at fixed velocities */
  double        *h_at, *z_rates_at; /* 3 × q2 and 3 × n_z: H and z' at three times */
  double        *gamma;       /* q × n̄: ∂Γ/∂v̄ */
  double        *lwork_buf;   /* dgelss workspace, sized once */
  lapack_int     lwork;
  guint64        total_iterations, total_svd;
  GError        *error;
};

/* z_full from the integrated part of y (dae->y) and the constrained part
 * (dae->z_fixed). */
void     mf_dae_assemble_z (MfDae *dae);

/* Index 2: H_t and dae->h_rest (d/dt of Ḣ at fixed velocities) at dae->t,
 * with z_full assembled from dae->y and dae->z_fixed; FALSE when a value
 * is not finite. */
gboolean mf_dae_position_derivatives (MfDae *dae);

/* The rates at the point dae->t, dae->y with the algebraic states as they
 * are (dae->z, and dae->z_fixed assembled into dae->z_full), v_p and, at
 * index 2, H's time derivatives already for dae->t: y' into dydt (the
 * minimal-order state's), every v̄' into sys->vbar_dot and z' into
 * dae->rates, leaving sys->u and sys->f for that point.  GSL_SUCCESS, or
 * GSL_EBADFUNC with dae->error when ∂Γ/∂v_a cannot be solved or a rate
 * is not finite. */
int      mf_dae_point_rates (MfDae  *dae,
                             double *dydt);

G_END_DECLS
