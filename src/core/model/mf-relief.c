/* mf-relief.c
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-relief.h"

#include <math.h>

/* cd √(2/ρ): the flow through a unit area per √Pa */
static double
coefficient (const MfRelief *relief)
{
  return relief->cd * sqrt (2.0 / relief->density);
}

static double
opening (const MfRelief *relief, double dp)
{
  return relief->full_area * CLAMP ((dp - relief->set) / relief->rise, 0.0, 1.0);
}

double
mf_relief_flow (const MfRelief *relief, double dp)
{
  if (dp <= relief->set)
    return 0.0;
  return coefficient (relief) * opening (relief, dp) * sqrt (dp);
}

/* dq/dΔp, on the side of dp where the valve opens further */
static double
flow_slope (const MfRelief *relief, double dp)
{
  double c = coefficient (relief);

  if (dp >= relief->set + relief->rise)
    return c * relief->full_area / (2.0 * sqrt (dp));
  return c * relief->full_area / relief->rise
         * (sqrt (dp) + (dp - relief->set) / (2.0 * sqrt (dp)));
}

/* Δp on the rising part of the law: q = c A_f (Δp − set)/rise · √Δp is
 * increasing and convex there, so Newton from the upper end converges
 * monotonically; the bracket keeps it inside. */
static double
partially_open (const MfRelief *relief, double q)
{
  double low = relief->set, high = relief->set + relief->rise, dp = high;

  for (int i = 0; i < 60; i++)
    {
      double residual = mf_relief_flow (relief, dp) - q, next;

      if (residual > 0.0)
        high = dp;
      else
        low = dp;
      next = dp - residual / flow_slope (relief, dp);
      if (!(next > low && next < high))
        next = 0.5 * (low + high);
      if (fabs (next - dp) <= 1e-15 * dp)
        return next;
      dp = next;
    }
  return dp;
}

double
mf_relief_pressure_drop (const MfRelief *relief, double q, double *d_dq)
{
  double c = coefficient (relief);
  double q_full = c * relief->full_area * sqrt (relief->set + relief->rise);
  double dp;

  if (q <= 0.0)
    {
      double slope = flow_slope (relief, relief->set);

      if (d_dq != NULL)
        *d_dq = 1.0 / slope;
      return relief->set + q / slope;
    }
  if (q >= q_full)
    dp = 0.5 * relief->density * pow (q / (relief->cd * relief->full_area), 2);
  else
    dp = partially_open (relief, q);
  if (d_dq != NULL)
    *d_dq = 1.0 / flow_slope (relief, dp);
  return dp;
}
