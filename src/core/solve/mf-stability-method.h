/* mf-stability-method.h: the region of absolute stability of each method
 * the app and manifold-cli offer (mf-method.h), as GSL 2.7 and SUNDIALS
 * IDA run it (docs/model.md, "Regions of absolute stability").
 *
 * A method is either one-step, with a stability function R taken over
 * `substeps` equal substeps (GSL's rk4 and implicit Runge–Kutta steppers
 * step twice with h/2 to estimate their error and keep that result, so
 * their R is R₁(z/2)²), or multistep, moving through the orders of a family.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "mf-stability.h"

G_BEGIN_DECLS

typedef struct
{
  const char *method;               /* mf-method.c's name: "rk4", "msbdf" */
  gboolean    multistep;
  /* one-step: R(z) = R₁(z / substeps)^substeps */
  MfOneStep   one_step;
  guint       substeps;
  /* multistep: the family and the orders the method moves through whose
   * regions are known here (msadams goes on to 12; orders above
   * MF_STABILITY_MAX_ORDER are not drawn) */
  MfMultistep family;
  guint       min_order;
  guint       max_order;
  guint       all_orders;           /* the highest order the method itself uses */
  /* msadams: the corrector is iterated without the Jacobian, which
   * converges only while |β z| < 1 (mf_stability_implicit_weight ()) */
  gboolean    functional_iteration;
} MfStabilityMethod;

/* The method's region, at one order of a multistep method (ignored for a
 * one-step one; clamped to the method's orders). */
typedef struct
{
  const MfStabilityMethod *method;
  guint                    order;
} MfStabilityRegion;

/* The description of the method called `name` in mf-method.c, NULL for an
 * unknown name. */
const MfStabilityMethod *mf_stability_for_method (const char *name);

/* R(z) of a one-step method over its substeps. */
double complex           mf_stability_method_function (const MfStabilityMethod *method,
                                                       double complex           z);

/* Whether z is in the region: |R(z)| ≤ 1 for a one-step method, the root
 * condition for a multistep one at `order`, and the iteration's
 * convergence where the method iterates without the Jacobian. */
gboolean                 mf_stability_region_contains (const MfStabilityRegion *region,
                                                       double complex           z);

/* `contains` for mf_stability_largest_step(): `region` points to an
 * MfStabilityRegion. */
gboolean                 mf_stability_region_holds (double complex z,
                                                    gconstpointer  region);

/* The largest fixed step for which every h λ_k (n eigenvalues) lies in the
 * region (mf_stability_largest_step ()). */
double                   mf_stability_region_largest_step (const MfStabilityRegion *region,
                                                           const double complex    *lambda,
                                                           guint                    n);

G_END_DECLS
