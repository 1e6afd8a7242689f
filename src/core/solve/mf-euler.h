/* mf-euler.h: the fixed-step explicit Euler method, y ← y + h f(t, y) — the
 * method whose stability bound |1 + hλ| <= 1 a course draws first.  GSL has
 * no such stepper; this one takes a GSL system so the driver treats both
 * alike.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <gsl/gsl_odeiv2.h>

G_BEGIN_DECLS

/* One step of size h from (t, y), in place.  `dydt` is caller-owned
 * scratch of the system's dimension, so a step allocates nothing.  Returns
 * the status of the right-hand side (y untouched unless GSL_SUCCESS). */
int mf_euler_step (const gsl_odeiv2_system *system,
                   double                   t,
                   double                   h,
                   double                  *y,
                   double                  *dydt);

G_END_DECLS
