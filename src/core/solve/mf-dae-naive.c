/* mf-dae-naive.c: the naive form of an index-1 or index-2 mode
 * (mf-dae-naive.h).  It takes the same rates as the minimal-order
 * equations (mf-dae.c) — v_a' = −Γ_a⁻¹ (Γ_i v_i' + Γ_rest) and, at index
 * 2, the rates z' of the positions and pressures H fixes — at a point
 * where the algebraic states are whatever the integration made of them
 * instead of the hidden constraints' solution.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-dae-naive.h"

#include <gsl/gsl_errno.h>
#include <string.h>

#include "mf-dae-private.h"
#include "mf-finite.h"
#include "mf-system-private.h"

guint
mf_dae_naive_dimension (const MfDae *dae)
{
  return mf_dae_dimension (dae) + dae->q + dae->q2;
}

int
mf_dae_naive_start (MfDae *dae, double t, const double *y, double *naive)
{
  guint n = mf_dae_dimension (dae);
  g_autofree double *dydt = g_new0 (double, MAX (n, 1));
  int status = mf_dae_evaluate (dae, t, y, dydt);

  if (status != GSL_SUCCESS)
    return status;
  memcpy (naive, y, n * sizeof (double));
  memcpy (naive + n, dae->z, dae->q * sizeof (double));
  memcpy (naive + n + dae->q, dae->z_fixed, dae->q2 * sizeof (double));
  return GSL_SUCCESS;
}

int
mf_dae_naive_evaluate (MfDae *dae, double t, const double *naive, double *dydt)
{
  MfSystem *sys = dae->sys;
  guint n = mf_dae_dimension (dae);

  g_clear_error (&dae->error);
  dae->t = t;
  dae->y = naive;
  memcpy (dae->z, naive + n, dae->q * sizeof (double));
  memcpy (dae->z_fixed, naive + n + dae->q, dae->q2 * sizeof (double));
  mf_system_particular_velocities (sys, t);
  mf_dae_assemble_z (dae);
  if (dae->q2 > 0 && !mf_dae_position_derivatives (dae))
    return GSL_EBADFUNC;
  /* the point's rates; the naive ones of v_a and z_c follow from them */
  if (mf_dae_point_rates (dae, dydt) != GSL_SUCCESS)
    return GSL_EBADFUNC;
  for (guint a = 0; a < dae->q; a++)
    dydt[n + a] = sys->vbar_dot[dae->algebraic[a]];
  for (guint c = 0; c < dae->q2; c++)
    dydt[n + dae->q + c] = dae->rates[dae->constrained[c]];
  return mf_all_finite (dydt, n + dae->q + dae->q2) ? GSL_SUCCESS : GSL_EBADFUNC;
}
