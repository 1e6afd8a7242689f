/* mf-stability.h: regions of absolute stability — the values z = hλ for
 * which a method applied to y' = λ y does not grow (docs/model.md,
 * "Regions of absolute stability").
 *
 * Linear multistep methods (BDF and Adams, as msbdf, msadams and IDA use
 * them, orders 1 to 5) have the characteristic polynomials ρ and σ: z is
 * in the region when every root ζ of ρ(ζ) − z σ(ζ) has |ζ| ≤ 1, those on
 * the circle simple, and the region's boundary lies on the boundary locus
 * z(θ) = ρ(e^{iθ}) / σ(e^{iθ}).  One-step methods have a stability function
 * R(z), the region |R(z)| ≤ 1.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <complex.h>
#include <glib.h>

G_BEGIN_DECLS

#define MF_STABILITY_MAX_ORDER 5

typedef enum
{
  MF_STABILITY_BDF,              /* backward differentiation */
  MF_STABILITY_ADAMS_BASHFORTH,  /* explicit Adams */
  MF_STABILITY_ADAMS_MOULTON,    /* implicit Adams, order 1 backward Euler, 2 trapezoidal */
} MfMultistep;

typedef enum
{
  MF_STABILITY_EULER,            /* explicit Euler: R = 1 + z */
  MF_STABILITY_RK4,              /* classical Runge–Kutta 4: R = Σ z^k/k!, k ≤ 4 */
  MF_STABILITY_BACKWARD_EULER,   /* rk1imp: R = 1/(1 − z) */
  MF_STABILITY_MIDPOINT,         /* rk2imp, Gauss 1 stage: R = (1 + z/2)/(1 − z/2) */
  MF_STABILITY_GAUSS4,           /* rk4imp, Gauss 2 stages: the (2, 2) Padé approximant */
  MF_STABILITY_RK3,              /* rk2's propagated solution, third order in three stages:
                                  * Σ z^k/k!, k ≤ 3 */
  MF_STABILITY_FEHLBERG5,        /* rkf45's fifth-order solution: Σ z^k/k!, k ≤ 5, + z⁶/2080 */
  MF_STABILITY_CASH_KARP5,       /* rkck's fifth-order solution: Σ z^k/k!, k ≤ 5, + z⁶/800 */
  MF_STABILITY_PRINCE_DORMAND8,  /* rk8pd's eighth-order solution: Σ z^k/k!, k ≤ 8, + four
                                  * more terms to z¹² */
  MF_STABILITY_BADER_DEUFLHARD,  /* bsimp: the linearly implicit midpoint rule with n = 2, 6,
                                  * 10, 14, 22, 34, 50 substeps, extrapolated in (1/n)² to 0 */
} MfOneStep;

/* ρ(e^{iθ}) / σ(e^{iθ}) for the method of `order` (1 to 5). */
double complex mf_stability_locus (MfMultistep family,
                                   guint       order,
                                   double      theta);
/* Whether z is in the region of the multistep method: the roots of
 * ρ(ζ) − z σ(ζ) within the unit circle, to rounding. */
gboolean       mf_stability_multistep_contains (MfMultistep   family,
                                                guint         order,
                                                double complex z);
/* β_k / α_k, the weight of the new point's f in the method's formula
 * (0 for an explicit one): a corrector iterated without the Jacobian
 * (msadams) converges on y' = λ y only while |β_k/α_k · z| < 1. */
double         mf_stability_implicit_weight (MfMultistep family,
                                             guint       order);
/* The method's A(α) angle: the largest α such that the region holds every
 * z ≠ 0 with |arg(−z)| < α, in radians (π/2 for an A-stable method, 0 when
 * no such sector fits). */
double         mf_stability_angle (MfMultistep family,
                                   guint       order);

/* R(z) of the one-step method. */
double complex mf_stability_function (MfOneStep      method,
                                      double complex z);
/* Whether |R(z)| ≤ 1. */
gboolean       mf_stability_one_step_contains (MfOneStep      method,
                                               double complex z);
/* How far the region reaches along the negative real axis from 0: the
 * largest r with |R(−x)| ≤ 1 for every x in [0, r] (INFINITY when it never
 * ends). */
double         mf_stability_real_limit (MfOneStep method);

/* The largest fixed step h for which every h λ_k (n eigenvalues, 1/s) lies
 * in the region, the way there included: along each λ's ray from 0, where
 * it first leaves the region.  INFINITY when no ray leaves it, 0 when one
 * leaves at once (an undamped oscillation for explicit Euler: a reach of
 * rounding's size).  Eigenvalues 0 limit nothing. */
double         mf_stability_largest_step (const double complex *lambda,
                                          guint                 n,
                                          gboolean (*contains) (double complex z,
                                                                gconstpointer  method),
                                          gconstpointer         method);

/* `contains` for mf_stability_largest_step(): `method` points to an
 * MfOneStep, or to a guint pair { MfMultistep, order }. */
gboolean       mf_stability_one_step_holds (double complex z,
                                            gconstpointer  method);
gboolean       mf_stability_multistep_holds (double complex z,
                                             gconstpointer  method);

G_END_DECLS
