/* mf-wire-route.h: the path a wire takes on the canvas between two ports,
 * and where the wires of one node meet in a junction dot.
 *
 * Routes are orthogonal polylines of at most MF_WIRE_ROUTE_MAX_POINTS
 * points.  No GTK, no document: plain geometry, tested without a display.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "mf-symbol.h"

G_BEGIN_DECLS

typedef struct
{
  double x;
  double y;
} MfCanvasPoint;

#define MF_WIRE_ROUTE_MAX_POINTS 6

typedef struct
{
  guint         n_points;
  MfCanvasPoint points[MF_WIRE_ROUTE_MAX_POINTS];
} MfWireRoute;

/* One end of a wire: a port, the way it faces, and the symbol the wire
 * should not cut through (NULL for a port in the middle of its symbol). */
typedef struct
{
  double                   x;
  double                   y;
  MfPortDirection          direction;
  const cairo_rectangle_t *box;
} MfWireEnd;

/* The route from `a` to `b`: it leaves each port the way the port faces
 * and, among a few L- and Z-shaped paths on the grid, takes the one with
 * the fewest bends that neither doubles back nor crosses the two symbols. */
void             mf_wire_route (const MfWireEnd *a,
                                const MfWireEnd *b,
                                MfWireRoute     *route);

/* The direction from `a` to `b`, which differ in x or in y only. */
MfPortDirection  mf_wire_segment_direction (const MfCanvasPoint *a,
                                            const MfCanvasPoint *b);
MfPortDirection  mf_port_direction_opposite (MfPortDirection direction);

/* Appends to `dots` (MfCanvasPoint) every point where lines of one node —
 * its routes, and its ports' leads into their symbols — leave in three or
 * more directions.  A port in the middle of its symbol (direction NONE)
 * marks the node itself, so no dot is put there. */
void             mf_wire_route_find_junctions (const MfWireRoute * const *routes,
                                               guint                     n_routes,
                                               const MfWireEnd          *ports,
                                               guint                     n_ports,
                                               GArray                   *dots);

G_END_DECLS
