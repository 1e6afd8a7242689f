/* mf-relief.h: the law of an open relief valve.  Its opening area rises
 * linearly from 0 at the set pressure to `full_area` at set + full_open_rise
 * (docs/model.md, "Relief valves"), and the flow follows the orifice law
 * through that area:
 *
 *   q(Δp) = cd a(Δp) √(2 Δp / ρ),  a = full_area · clamp((Δp − set)/rise, 0, 1).
 *
 * q is monotone in Δp above the set pressure, so an open valve passing the
 * flow q has one pressure drop Δp(q) ≥ set: in the branch's velocity that
 * is a force law F(v) = −A Δp(A v), finite at zero flow (−A·set) with a
 * nonzero slope there, unlike the bare orifice law.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  double set;       /* Pa */
  double rise;      /* Pa, from closed to fully open */
  double full_area; /* m^2 */
  double cd;
  double density;   /* kg/m^3 */
} MfRelief;

/* The flow (m^3/s) through the open valve at the pressure drop dp (0 at or
 * below the set pressure). */
double mf_relief_flow (const MfRelief *relief,
                       double          dp);

/* The pressure drop of the open valve passing the flow q, and its
 * derivative in q when d_dq is not NULL.  For q < 0 — a trial step of an
 * integrator, before the valve's closing is located — the law continues
 * linearly with its slope at zero flow, so it stays finite and monotone.
 * Allocation-free. */
double mf_relief_pressure_drop (const MfRelief *relief,
                                double          q,
                                double         *d_dq);

G_END_DECLS
