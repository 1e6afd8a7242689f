/* mf-system-check.h: does a point of a run satisfy its equations?  The
 * self-check of every accepted step, switch and sample (docs/model.md,
 * "Every step checks itself"): the scaled residual of the law
 * 0 = F + Wᵀλ of every zero-mass branch (orifices, valves, relief valves,
 * massless pistons: the hidden constraints of index-1 and index-2 modes),
 * with the pressures recovered from the multipliers, and of continuity
 * W v = q at every row of W.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "mf-system.h"

G_BEGIN_DECLS

typedef enum
{
  MF_CHECK_NONE,        /* every equation holds exactly */
  MF_CHECK_LAW,         /* `index` is a velocity state: its branch's law */
  MF_CHECK_CONTINUITY,  /* `index` is a row of W: a junction, a link, a closed valve */
  MF_CHECK_EVALUATION,  /* the equations could not be evaluated (Newton failed) */
} MfCheckSite;

struct _MfCheck
{
  double      residual; /* the largest |r| / scale; +inf when not evaluated */
  MfCheckSite site;     /* where it is */
  guint       index;
  double      value;    /* that r, in N (a law) or m^3/s (continuity) */
  double      scale;    /* the size of the terms it balances, in the same unit */
};

/* The check at (t, y).  In a mode with algebraic states the equations are
 * evaluated (solving them) and the multipliers recovered, and every law is
 * checked with continuity.  In a mode without, the laws hold by
 * construction (the multipliers come from the very rows they would be
 * checked on, M̄ v̄' is solved exactly) and only continuity is checked,
 * which needs no evaluation.  mf_system_outputs() checks everything in
 * every mode.  Allocation-free. */
void  mf_system_check (MfSystem     *system,
                       double        t,
                       const double *y,
                       MfCheck      *check);

/* The run's tolerances, so that a row is also met when what it misses
 * amounts to less than atol of a pressure (a law) or of a velocity
 * (continuity): at rest every force is rounding, and only an absolute
 * measure can tell.  Without them (0) every row is measured relatively. */
void  mf_system_set_check_tolerances (MfSystem *system,
                                      double    rtol,
                                      double    atol);

/* The largest residual that a sample may have: the integrator's rtol, but
 * not below what rounding leaves in the recovered pressures. */
double mf_check_tolerance (double rtol);

/* "orifice 'O1': its law misses by 3.2e-03 of the forces it balances (4.1 N
 * of 1.3e+03 N)", "continuity at junction J1 ...", or the evaluation's
 * failure.  A new string. */
char *mf_system_check_describe (const MfSystem *system,
                                const MfCheck  *check);

G_END_DECLS
