/* mf-flow-control.c
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-flow-control.h"

#include <math.h>

double
mf_flow_control_flow (const MfFlowControl *valve, double dp)
{
  if (dp > valve->compensator)
    return valve->flow + valve->regulation * (dp - valve->compensator);
  return copysign (valve->flow * sqrt (fabs (dp) / valve->compensator), dp);
}

double
mf_flow_control_least_setting (const MfFlowControl *valve, double port_area, double density)
{
  return 1e-6 * port_area * sqrt (2.0 * valve->compensator / density);
}

/* The throttle's drop Δp_c q √(q² + s²)/q_set², and its slope in q. */
static double
throttle (const MfFlowControl *valve, double q, double smoothing, double *d_dq)
{
  double scale = valve->compensator / (valve->flow * valve->flow);
  double root = sqrt (q * q + smoothing * smoothing);

  /* at s = 0 the slope 2 Δp_c |q|/q_set² is 0 at rest, without 0/0 */
  *d_dq = root > 0.0 ? scale * (root + q * q / root) : 0.0;
  return scale * q * root;
}

double
mf_flow_control_pressure_drop (const MfFlowControl *valve, double q, double smoothing,
                               double *d_dq)
{
  double slope, dp;

  if (q <= valve->flow)
    dp = throttle (valve, q, smoothing, &slope);
  else
    {
      dp = throttle (valve, valve->flow, smoothing, &slope)
           + (q - valve->flow) / valve->regulation;
      slope = 1.0 / valve->regulation;
    }
  if (d_dq != NULL)
    *d_dq = slope;
  return dp;
}
