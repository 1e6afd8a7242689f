/* mf-spool.h: directional control valves (docs/model.md, "Directional
 * valves").  A 4/3 or 4/2 valve has no equation of its own: each of its
 * flow paths is a valve — an orifice whose area may vary — between two of
 * its ports, added to the circuit as a component "ID.pa", "ID.bt", … with
 * its area an expression of the spool's position s(t):
 *
 *   P→A, B→T:  a = a_full · clamp(( s − o)/(1 − o), 0, 1)
 *   P→B, A→T:  a = a_full · clamp((−s − o)/(1 − o), 0, 1)
 *   centre:    a = a_full · clamp(1 − |s|, 0, 1)   (4/3 only, per centre)
 *
 * with o the overlap (o < 0 an underlap: both sides open a little at
 * s = 0).  A path whose area falls to zero is closed by the existing
 * machinery of valves (a row of its own holds its flow at zero), so a
 * closed spool is not a singular system.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "mf-circuit.h"

G_BEGIN_DECLS

/* Whether a component type is a directional valve. */
gboolean mf_spool_is_valve (MfComponentType type);

/* Adds the paths of every directional valve of `circuit` as valves with
 * their wires, after all other components.  Called once, by the loader, when
 * the circuit is complete and valid. */
void     mf_circuit_add_spool_paths (MfCircuit *circuit);

/* The component that owns a path "ID.pa" (its index), or `component` itself
 * when it is not a path. */
guint    mf_spool_owner (const MfCircuit *circuit,
                         guint            component);

G_END_DECLS
