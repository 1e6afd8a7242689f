/* mf-accumulator.h: the gas law of a gas-charged accumulator (docs/model.md,
 * "Accumulators").  Its gas, precharged to p0 in the volume V0, is
 * compressed polytropically by the fluid volume Vf let in:
 *
 *   p(Vf) = p0 · (V0 / (V0 − Vf))^n,   0 ≤ Vf.
 *
 * An integrator's trial step may ask for Vf < 0 (before the accumulator's
 * emptying is located as an event) or for Vf near V0 (far beyond any
 * circuit's pressures: 1000^n p0 when the gas has a thousandth of its
 * volume left); there the law continues along its tangent, so it stays
 * finite and increasing, never NaN.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  double precharge;  /* p0, Pa */
  double gas_volume; /* V0, m^3 */
  double exponent;   /* n */
} MfAccumulator;

/* The gas pressure (Pa) with the fluid volume `fluid` (m^3) let in, and
 * its derivative in that volume when dp_dv is not NULL.  Allocation-free. */
double mf_accumulator_pressure (const MfAccumulator *gas,
                                double               fluid,
                                double              *dp_dv);

/* The fluid volume at the gas pressure p (0 at or below the precharge):
 * the law turned round, for initial values and tests. */
double mf_accumulator_fluid_volume (const MfAccumulator *gas,
                                    double               p);

G_END_DECLS
