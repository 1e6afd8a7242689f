/* mf-reducing.h: the opening of a pressure-reducing valve (docs/model.md,
 * "Pressure-reducing valves").  The valve is an orifice between its inlet a
 * and its outlet b whose area closes as the outlet's pressure p_b rises to
 * the setting:
 *
 *   a(p_b) = full_area · clamp((set − p_b)/drop, 0, 1)
 *
 * fully open `full_open_drop` below the setting, shut at it.  The area is a
 * value that names the outlet's pressure (the feedback of docs/model.md,
 * "Feedback"), so the Jacobian, the events that close and reopen it and the
 * equations come from the machinery of orifices whose area varies.  The
 * outlet's pressure must be a state or known: a node with a volume or a
 * compliant chamber, or a tank.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "mf-circuit.h"
#include "mf-expr.h"
#include "mf-model.h"

G_BEGIN_DECLS

/* The area of reducing valve `valve` whose outlet is the node named `name`
 * of kind `kind` (for a tank's node, `pressure` is its pressure: NULL when
 * constant, with `pressure_value`).  NULL with an error naming the valve
 * and the node when the outlet is a junction, whose pressure only the
 * constraints fix. */
MfExpr *mf_reducing_opening (const MfComponent *valve,
                             const char        *name,
                             MfNodeKind         kind,
                             const MfExpr      *pressure,
                             double             pressure_value,
                             GError           **error);

G_END_DECLS
