/* mf-euler.h: the fixed-step explicit Euler method, y ← y + h f(t, y) — the
 * method whose stability bound |1 + hλ| <= 1 a course draws first.  GSL has
 * no such stepper; this is one of its own kind, so that the method table
 * and the driver treat it like GSL's.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <gsl/gsl_odeiv2.h>

G_BEGIN_DECLS

/* A gsl_odeiv2_step_type, named "euler".  It has no error estimate (yerr is
 * set to zero), so it is for fixed steps only; it uses the derivative at
 * the start of the step when it is given one, and does not give the one at
 * the end (dydt_out is left alone), so a step evaluates the right-hand side
 * once. */
extern const gsl_odeiv2_step_type *mf_odeiv2_step_euler;

G_END_DECLS
