/* mf-euler.c
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-euler.h"

#include <gsl/gsl_errno.h>

/* GSL frees a stepper's state and takes a NULL one for a failed
 * allocation, so even a stepper without state has one. */
typedef struct
{
  double *dydt; /* the derivative, when the caller gives none */
} EulerState;

static void *
euler_alloc (size_t dim)
{
  EulerState *state = g_new0 (EulerState, 1);

  state->dydt = g_new0 (double, MAX (dim, 1));
  return state;
}

static int
euler_apply (void                    *data,
             size_t                   dim,
             double                   t,
             double                   h,
             double                   y[],
             double                   yerr[],
             const double             dydt_in[],
             double                   dydt_out[],
             const gsl_odeiv2_system *system)
{
  EulerState *state = data;
  const double *dydt = dydt_in;

  (void) dydt_out;
  if (dydt == NULL)
    {
      int status = GSL_ODEIV_FN_EVAL (system, t, y, state->dydt);

      if (status != GSL_SUCCESS)
        return status;
      dydt = state->dydt;
    }
  for (size_t i = 0; i < dim; i++)
    {
      y[i] += h * dydt[i];
      yerr[i] = 0.0;
    }
  return GSL_SUCCESS;
}

static int
euler_set_driver (void *data, const gsl_odeiv2_driver *driver)
{
  (void) data;
  (void) driver;
  return GSL_SUCCESS;
}

static int
euler_reset (void *data, size_t dim)
{
  (void) data;
  (void) dim;
  return GSL_SUCCESS;
}

static unsigned int
euler_order (void *data)
{
  (void) data;
  return 1;
}

static void
euler_free (void *data)
{
  EulerState *state = data;

  g_free (state->dydt);
  g_free (state);
}

static const gsl_odeiv2_step_type euler_type = {
  "euler",
  1, /* can use dydt_in */
  0, /* gives no exact dydt_out */
  euler_alloc,
  euler_apply,
  euler_set_driver,
  euler_reset,
  euler_order,
  euler_free,
};

const gsl_odeiv2_step_type *mf_odeiv2_step_euler = &euler_type;
