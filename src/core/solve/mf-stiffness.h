/* mf-stiffness.h: a mode's reduced system linearised at a point — its
 * Jacobian, the eigenvalues with the states that take part in each, and the
 * measures of stiffness side by side (docs/model.md, "Linearisation and
 * stiffness").
 *
 * The Jacobian is the one the implicit integrators use, ∂f/∂y of
 * y' = f(t, y) (mf-system.h); for a mode with algebraic states, that of the
 * minimal-order system of its integrated states.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "mf-model.h"
#include "mf-system.h"

G_BEGIN_DECLS

/* Above this many states the eigenvalues are not computed (a dense
 * eigen-decomposition of n × n). */
#define MF_STIFFNESS_MAX_STATES 2000

/* How many of the states taking part in an eigenvalue are named. */
#define MF_STIFFNESS_PARTICIPANTS 3

/* One eigenvalue λ of the Jacobian (a complex pair is two, each with its
 * sign of Im λ). */
typedef struct
{
  double re, im;          /* λ, 1/s */
  double time_constant;   /* 1/|Re λ|, s; INFINITY when neutral */
  double frequency;       /* |Im λ| / 2π, Hz */
  double damping;         /* ζ = −Re λ / |λ|; NAN when λ = 0 */
  gboolean neutral;       /* |Re λ| is zero to rounding (a free position, a mass without
                           * spring): left out of the real-part ratio */
  /* the states (indices into y) that take part most, by their normalised
   * participation |ψ_i φ_i| / Σ|ψ_j φ_j| (left and right eigenvectors),
   * largest first, those with at least 1 %; n_participants of them */
  guint  participant[MF_STIFFNESS_PARTICIPANTS];
  double share[MF_STIFFNESS_PARTICIPANTS];
  guint  n_participants;
} MfEigenvalue;

typedef struct
{
  double        t;
  guint         n;              /* states of y */
  char        **state_names;    /* n: "M1.v", "C1.x", "V1.p.p" */
  double       *jacobian;       /* n × n, row-major: ∂f_i/∂y_j at [i n + j] */
  MfEigenvalue *eigenvalues;    /* n, by |λ| descending */
  /* The measures, each NAN where it is not defined (no eigenvalue that is
   * not neutral, a growing mode for the step limit):
   *   real_part_ratio  max |Re λ| / min |Re λ| over the eigenvalues that are
   *                    not neutral;
   *   modulus_ratio    max |λ| / min |λ| over the nonzero ones;
   *   euler_step       the largest step for which explicit Euler is stable,
   *                    |1 + h λ| ≤ 1 for every λ: min 2 |Re λ| / |λ|² (every
   *                    λ in the left half-plane; neutral ones limit nothing
   *                    when real, a purely imaginary one makes it 0);
   *   accuracy_step    the step explicit Euler needs for accuracy on the
   *                    slowest eigenvalue that is not neutral: its local
   *                    error |h λ|² / 2 per unit of the state equals rtol,
   *                    h = √(2 rtol) / |λ_min|;
   *   step_ratio       accuracy_step / euler_step: how many times shorter
   *                    than accuracy asks stability makes the steps;
   *   sigma_ratio      σ_max / σ_min of the Jacobian (infinite when it is
   *                    singular). */
  double        real_part_ratio;
  double        modulus_ratio;
  double        euler_step;
  double        accuracy_step;
  double        step_ratio;
  double        sigma_ratio;
  double        rtol;
} MfStiffness;

/* The linearisation of `system` at (t, y), accuracy measured against
 * `rtol`.  NULL with MF_ERROR_SOLVER when the system cannot be evaluated
 * there or LAPACK fails, MF_ERROR_USAGE above MF_STIFFNESS_MAX_STATES. */
MfStiffness *mf_stiffness_new (MfSystem     *system,
                               double        t,
                               const double *y,
                               double        rtol,
                               GError      **error);

/* The same at a sample of a run (mf-simulation.h): `values` as the sample
 * callback has them (outputs, then switches), in mode `mode` with the
 * valves as the sample says; the state is projected onto that
 * configuration's constraints. */
MfStiffness *mf_stiffness_at_sample (MfModel      *model,
                                     guint         mode,
                                     double        t,
                                     const double *values,
                                     double        rtol,
                                     GError      **error);

void         mf_stiffness_free (MfStiffness *stiffness);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfStiffness, mf_stiffness_free)

G_END_DECLS
