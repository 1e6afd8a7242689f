/* mf-accumulator.c
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-accumulator.h"

#include <math.h>

/* Below this part of V0 left to the gas the law continues as a line. */
#define MF_LEAST_GAS 1e-3

/* The law itself, for 0 <= fluid <= (1 − MF_LEAST_GAS) V0. */
static double
polytropic (const MfAccumulator *gas, double fluid, double *slope)
{
  double left = gas->gas_volume - fluid;
  double p = gas->precharge * pow (gas->gas_volume / left, gas->exponent);

  *slope = gas->exponent * p / left;
  return p;
}

double
mf_accumulator_pressure (const MfAccumulator *gas, double fluid, double *dp_dv)
{
  double most = (1.0 - MF_LEAST_GAS) * gas->gas_volume;
  double end = CLAMP (fluid, 0.0, most);
  double slope, p = polytropic (gas, end, &slope);

  if (dp_dv != NULL)
    *dp_dv = slope;
  return p + slope * (fluid - end);
}

double
mf_accumulator_fluid_volume (const MfAccumulator *gas, double p)
{
  if (!(p > gas->precharge))
    return 0.0;
  return gas->gas_volume * (1.0 - pow (gas->precharge / p, 1.0 / gas->exponent));
}
