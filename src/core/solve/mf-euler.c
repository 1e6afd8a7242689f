/* mf-euler.c
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-euler.h"

#include <gsl/gsl_errno.h>

int
mf_euler_step (const gsl_odeiv2_system *system, double t, double h, double *y, double *dydt)
{
  int status = system->function (t, y, dydt, system->params);

  if (status != GSL_SUCCESS)
    return status;
  for (gsize i = 0; i < system->dimension; i++)
    y[i] += h * dydt[i];
  return GSL_SUCCESS;
}
