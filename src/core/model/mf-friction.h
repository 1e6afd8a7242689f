/* mf-friction.h: the pressure drop along a pipe (docs/model.md, "Forces") —
 * none, laminar (Hagen–Poiseuille) or turbulent (Darcy–Weisbach with
 * Colebrook's friction factor, laminar below Re 2300).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "mf-component-type.h"

G_BEGIN_DECLS

/* Reynolds numbers bounding the transition: laminar below the first,
 * Colebrook above the second, the friction factor linear in Re between, so
 * the law is continuous (a jump would stall a stiff integrator). */
#define MF_RE_LAMINAR 2300.0
#define MF_RE_TURBULENT 4000.0

/* Darcy friction factor from Colebrook's equation
 * 1/√λ = −2 log10(k/(3.7 d) + 2.51/(Re √λ)), to full double precision. */
double mf_friction_colebrook (double reynolds,
                              double relative_roughness);

/* The friction factor the turbulent law uses at Reynolds number `reynolds`
 * (64/Re below MF_RE_LAMINAR, blended up to MF_RE_TURBULENT). */
double mf_friction_factor (double reynolds,
                           double relative_roughness);

/* The pressure drop (Pa) along a pipe at mean velocity v, signed like v, and
 * its derivative in v when d_dv is not NULL (the turbulent derivative costs
 * two more Colebrook solutions, so right-hand sides do not ask for it).
 * Allocation-free. */
double mf_friction_pressure_drop (MfFriction friction,
                                  double     density,
                                  double     kinematic_viscosity,
                                  double     length,
                                  double     diameter,
                                  double     roughness,
                                  double     v,
                                  double    *d_dv);

G_END_DECLS
