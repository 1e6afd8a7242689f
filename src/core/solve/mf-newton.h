/* mf-newton.h: Newton's method for a small algebraic system G(z) = 0,
 * z ∈ ℝ^q, such as the signed-square orifice equations of the algebraic
 * states (docs/model.md, "Simulating index-1 circuits").  Steps come from a
 * column-pivoted QR of J, from the SVD outer inverse when J is numerically
 * rank deficient, and from a signed-square secant probe when J vanishes
 * (zero flow).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _MfNewton MfNewton;

/* Evaluates g = G(z) (q values) and, unless `jacobian` is NULL, the Jacobian
 * ∂G/∂z (q × q, column-major: jacobian[j * q + i] = ∂g_i/∂z_j).  The solver
 * asks for g alone while probing, so both cases must work.  Returns FALSE
 * when G is not defined at z; like a non-finite value, that makes a trial
 * step count as too long. */
typedef gboolean (*MfNewtonFunc) (const double *z,
                                  double       *g,
                                  double       *jacobian,
                                  gpointer      user_data);

/* What one mf_newton_solve() did.  Every accepted step is exactly one of a
 * QR step, an SVD step or an escape step, so
 * iterations = QR steps + svd_steps + escape_steps. */
typedef struct
{
  guint    iterations;   /* accepted steps */
  guint    evaluations;  /* calls of the MfNewtonFunc, probes included */
  guint    svd_steps;    /* steps by the truncated SVD (J rank deficient) */
  guint    escape_steps; /* signed-square secant steps (J ≈ 0 or no progress) */
  /* Of the row-scaled Jacobian diag(1/scale) J at the returned z, from a
   * values-only SVD: exact, not the |R_ii| estimate.  rank counts the
   * σ_i > rank_tolerance · σ_max.  NaN and 0 when G or J was not finite. */
  guint    rank;
  double   sigma_min;
  double   sigma_max;
  double   residual; /* max_i |g_i| / scale_i at the returned z */
  gboolean converged;
} MfNewtonReport;

/* A solver for systems of size q ≥ 1.  Every buffer and LAPACK workspace a
 * solve needs is allocated here, so mf_newton_solve() allocates nothing
 * (unless it fails and sets `error`). */
MfNewton *mf_newton_new (guint q);
void      mf_newton_free (MfNewton *newton);
guint     mf_newton_get_size (const MfNewton *newton);

/* max_iterations: accepted steps allowed (0: the default 20).
 * tolerance: converged when |g_i| ≤ tolerance · scale_i for every i
 *   (≤ 0: the default 1e-10).
 * rank_tolerance: a diagonal entry |R_ii| (or a singular value) counts
 *   towards the rank when above rank_tolerance · |R_11| (≤ 0: 1e-10). */
void      mf_newton_set_limits (MfNewton *newton,
                                guint     max_iterations,
                                double    tolerance,
                                double    rank_tolerance);

/* A typical magnitude of each z_j (q positive values, in z's units; NULL
 * resets them to 1).  Used only as the probe length of the escape step; for
 * an exact signed-square law that step does not depend on it. */
void      mf_newton_set_typical (MfNewton     *newton,
                                 const double *typical);

/* Solves G(z) = 0 starting from z (a warm start: the last solution, or zeros
 * when cold) and leaves the solution in z.  `scale` (q positive values, or
 * NULL for ones) is the size of each equation's terms: the residual test,
 * the line search, the rank decision and the reported σ all use the
 * row-scaled system diag(1/scale) G, so equations in pascals and in m³/s
 * weigh alike.  `report` may be NULL.
 *
 * Returns FALSE with MF_ERROR_SOLVER when G or J is not finite at the start,
 * when the iteration cap is reached, when no step reduces ‖G‖ (a local
 * minimum of the residual that is not a root), or when LAPACK fails; z then
 * holds the last accepted iterate and the report is filled.  Bad scales
 * give MF_ERROR_USAGE. */
gboolean  mf_newton_solve (MfNewton       *newton,
                           MfNewtonFunc    func,
                           gpointer        user_data,
                           double         *z,
                           const double   *scale,
                           MfNewtonReport *report,
                           GError        **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfNewton, mf_newton_free)

G_END_DECLS
