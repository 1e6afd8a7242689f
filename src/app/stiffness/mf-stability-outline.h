/* mf-stability-outline.h: what a stability plot draws of a method's region
 * (mf-stability-method.h) — the level whose zero line is a one-step
 * method's boundary |R(z)| = 1, the boundary locus of a multistep method,
 * the circle within which msadams's corrector iteration converges — and
 * the part of the plane worth showing.  No GTK here.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "mf-stability-method.h"

G_BEGIN_DECLS

/* MfStabilityLevel of an MfStabilityRegion: |R(z)| − 1 for a one-step
 * method (+∞ where R is not finite), −1 inside and +1 outside for a
 * multistep one. */
double         mf_stability_outline_level (double complex z,
                                           gconstpointer  region);

/* The curves for mf_stability_curve_points(), θ over [0, 2π]: the region's
 * boundary locus ρ(e^{iθ})/σ(e^{iθ}); the circle |z| = 1/β of a corrector
 * iterated without the Jacobian; explicit Euler's circle |1 + z| = 1.
 * `region` is an MfStabilityRegion (none for Euler's). */
double complex mf_stability_outline_locus (double        theta,
                                           gconstpointer region);
double complex mf_stability_outline_iteration_circle (double        theta,
                                                      gconstpointer region);
double complex mf_stability_outline_euler_circle (double        theta,
                                                  gconstpointer unused);

/* The box of the plane that shows the region's shape: a bounded region
 * whole; for an unbounded one, the bounded part of the plane outside it,
 * or [−4, 4] × [−4, 4] where that is unbounded too (the A-stable Gauss
 * methods).  Always holds 0. */
void           mf_stability_outline_extent (const MfStabilityRegion *region,
                                            double                  *re_lo,
                                            double                  *re_hi,
                                            double                  *im_lo,
                                            double                  *im_hi);

G_END_DECLS
