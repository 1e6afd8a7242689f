/* mf-flow-control.h: the law of a pressure-compensated flow control valve
 * (docs/model.md, "Flow control valves").  A throttle set to pass `flow`
 * at the drop `compensator` sits behind a compensator that keeps the
 * throttle's drop at that value: up to the setting the compensator stands
 * wide open and the throttle alone takes the whole drop, above it the
 * compensator regulates and the flow rises only by `regulation` per Pa:
 *
 *   q ≤ q_set:  Δp = Δp_c · (q/q_set)·|q/q_set|
 *   q > q_set:  Δp = Δp_c + (q − q_set)/k_r
 *
 * Reverse flow passes the throttle alone (the first line).  The law is
 * explicit in q, continuous and increasing; in the branch's velocity it is
 * the force F(v) = −A Δp(A v), as the relief valve's (mf-relief.h).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  double flow;        /* q_set, m^3/s: the setting, > 0 */
  double compensator; /* Δp_c, Pa: the throttle's drop the compensator holds */
  double regulation;  /* k_r, m^3/(s·Pa): how far the flow still rises per Pa */
} MfFlowControl;

/* The flow (m^3/s) through the valve at the pressure drop dp. */
double mf_flow_control_flow (const MfFlowControl *valve,
                             double               dp);

/* The pressure drop (Pa) that passes the flow q, and its derivative in q
 * when d_dq is not NULL.  `smoothing` (a flow, m^3/s; 0 for the true law)
 * rounds the throttle's signed square to q·√(q² + s²), regular at zero
 * flow, as a cold start rounds an orifice's law (mf-model-private.h); the
 * regulating part goes on from the rounded throttle's drop at the setting,
 * so the law stays continuous.  Allocation-free. */
double mf_flow_control_pressure_drop (const MfFlowControl *valve,
                                      double               q,
                                      double               smoothing,
                                      double              *d_dq);

/* The least setting the law is solved for: a throttle whose opening,
 * passing it at the compensator's drop (with a discharge coefficient of
 * 1), is 1e-6 of the port area `port_area`; any smaller and it is all but
 * shut, its law too steep for Newton.  A setting that varies in time must
 * stay above it (mf-events-inputs.c). */
double mf_flow_control_least_setting (const MfFlowControl *valve,
                                      double               port_area,
                                      double               density);

G_END_DECLS
