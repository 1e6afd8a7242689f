/* mf-stability-method.c
 *
 * How each method of mf-method.c propagates a step, read from GSL 2.7 and
 * checked by applying its stepper to y' = z y (tests/test-stability.c):
 *
 *   rk2      the third-order solution of its (2, 3) pair
 *   rk4      classical Runge–Kutta, but two steps of h/2 (its error estimate
 *            compares them with one step of h and keeps the two)
 *   rkf45    Fehlberg's fifth-order solution
 *   rkck     Cash and Karp's fifth-order solution
 *   rk8pd    Prince and Dormand's eighth-order solution
 *   rk1imp, rk2imp, rk4imp
 *            the Gauss methods (backward Euler, the implicit midpoint rule,
 *            two-stage Gauss) over two steps of h/2, as rk4
 *   bsimp    Bader and Deuflhard's extrapolation, always 7 columns
 *   msadams  Adams–Moulton correctors of orders 1 to 12, iterated without
 *            the Jacobian (at most three times)
 *   msbdf    BDF of orders 1 to 5, with Newton's iteration
 *   auto     SUNDIALS IDA: BDF of orders 1 to 5
 *   euler    mf-euler.c: one explicit Euler step
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-stability-method.h"

#include <math.h>
#include <string.h>

#define ONE_STEP(name, function, substeps)                                                      \
  { name, FALSE, function, substeps, MF_STABILITY_BDF, 0, 0, 0, FALSE }
#define MULTISTEP(name, family, all_orders, iterated)                                           \
  { name, TRUE, MF_STABILITY_EULER, 0, family, 1, MF_STABILITY_MAX_ORDER, all_orders, iterated }

static const MfStabilityMethod methods[] = {
  MULTISTEP ("auto", MF_STABILITY_BDF, 5, FALSE),
  ONE_STEP ("rk2", MF_STABILITY_RK3, 1),
  ONE_STEP ("rk4", MF_STABILITY_RK4, 2),
  ONE_STEP ("rkf45", MF_STABILITY_FEHLBERG5, 1),
  ONE_STEP ("rkck", MF_STABILITY_CASH_KARP5, 1),
  ONE_STEP ("rk8pd", MF_STABILITY_PRINCE_DORMAND8, 1),
  ONE_STEP ("rk1imp", MF_STABILITY_BACKWARD_EULER, 2),
  ONE_STEP ("rk2imp", MF_STABILITY_MIDPOINT, 2),
  ONE_STEP ("rk4imp", MF_STABILITY_GAUSS4, 2),
  ONE_STEP ("bsimp", MF_STABILITY_BADER_DEUFLHARD, 1),
  MULTISTEP ("msadams", MF_STABILITY_ADAMS_MOULTON, 12, TRUE),
  MULTISTEP ("msbdf", MF_STABILITY_BDF, 5, FALSE),
  ONE_STEP ("euler", MF_STABILITY_EULER, 1),
};

const MfStabilityMethod *
mf_stability_for_method (const char *name)
{
  if (name == NULL)
    return NULL;
  for (guint i = 0; i < G_N_ELEMENTS (methods); i++)
    if (strcmp (methods[i].method, name) == 0)
      return &methods[i];
  return NULL;
}

double complex
mf_stability_method_function (const MfStabilityMethod *method, double complex z)
{
  guint s = MAX (method->substeps, 1);
  double complex r = mf_stability_function (method->one_step, z / s), power = r;

  for (guint i = 1; i < s; i++)
    power *= r;
  return power;
}

gboolean
mf_stability_region_contains (const MfStabilityRegion *region, double complex z)
{
  const MfStabilityMethod *method = region->method;
  guint order;

  if (!method->multistep)
    /* |R₁(z/s)^s| ≤ 1 exactly when |R₁(z/s)| ≤ 1 */
    return mf_stability_one_step_contains (method->one_step, z / MAX (method->substeps, 1));
  order = CLAMP (region->order, method->min_order, method->max_order);
  if (method->functional_iteration
      && cabs (mf_stability_implicit_weight (method->family, order) * z) >= 1.0)
    return FALSE;
  return mf_stability_multistep_contains (method->family, order, z);
}

gboolean
mf_stability_region_holds (double complex z, gconstpointer region)
{
  return mf_stability_region_contains (region, z);
}

double
mf_stability_region_largest_step (const MfStabilityRegion *region, const double complex *lambda,
                                  guint n)
{
  return mf_stability_largest_step (lambda, n, mf_stability_region_holds, region);
}
