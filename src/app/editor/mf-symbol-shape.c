/* mf-symbol-shape.c: where each symbol's ports lie and the room it takes,
 * at any quarter turn (mf-symbol.h).  The drawings (mf-symbol.c) are made
 * to meet these ports: two-port elements left (a) to right (b), tanks and
 * volumes joined from above, the cylinder's rod pointing right.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-symbol.h"
#include "mf-symbol-spool.h"

#include <math.h>

typedef struct
{
  double          x;
  double          y;
  MfPortDirection direction;
} MfPortPlace;

typedef struct
{
  MfPortPlace       ports[4];
  cairo_rectangle_t bounds;
} MfSymbolShape;

#define W MF_PORT_DIRECTION_WEST
#define E MF_PORT_DIRECTION_EAST
#define N MF_PORT_DIRECTION_NORTH
#define S MF_PORT_DIRECTION_SOUTH
#define NONE MF_PORT_DIRECTION_NONE
#define TWO_PORT { { -30, 0, W }, { 30, 0, E } }

/* Indexed by MfComponentType; port order as in mf-component-type.c. */
static const MfSymbolShape shapes[MF_N_COMPONENT_TYPES] = {
  [MF_COMPONENT_TANK] = { { { 0, -20, N } }, { -16, -20, 32, 31 } },
  [MF_COMPONENT_JUNCTION] = { { { 0, 0, NONE } }, { -4, -4, 8, 8 } },
  [MF_COMPONENT_VOLUME] = { { { 0, -20, N } }, { -11, -20, 22, 37 } },
  [MF_COMPONENT_PIPE] = { TWO_PORT, { -30, -8, 60, 16 } },
  [MF_COMPONENT_ORIFICE] = { TWO_PORT, { -30, -10, 60, 20 } },
  [MF_COMPONENT_VALVE] = { TWO_PORT, { -30, -31, 60, 52 } },
  [MF_COMPONENT_CHECK_VALVE] = { TWO_PORT, { -30, -10, 60, 20 } },
  [MF_COMPONENT_RELIEF_VALVE] = { TWO_PORT, { -30, -32, 60, 54 } },
  [MF_COMPONENT_REDUCING_VALVE] = { TWO_PORT, { -30, -32, 60, 54 } },
  [MF_COMPONENT_FLOW_SOURCE] = { TWO_PORT, { -30, -15, 60, 30 } },
  [MF_COMPONENT_PISTON] = { { { -30, -20, N }, { 0, 20, S }, { 50, 0, E } },
                            { -40, -20, 90, 40 } },
  [MF_COMPONENT_MASS] = { { { 0, 0, NONE } }, { -20, -25, 40, 50 } },
  [MF_COMPONENT_SPRING] = { TWO_PORT, { -30, -8, 60, 16 } },
  [MF_COMPONENT_DAMPER] = { TWO_PORT, { -30, -10, 60, 20 } },
  [MF_COMPONENT_FORCE] = { { { -30, 0, W } }, { -30, -8, 60, 16 } },
  [MF_COMPONENT_FIXED] = { { { 0, 0, NONE } }, { -9, -26, 10, 52 } },
  [MF_COMPONENT_PUMP] = { TWO_PORT, { -30, -15, 60, 40 } },
  [MF_COMPONENT_VARIABLE_PUMP] = { TWO_PORT, { -30, -19, 60, 44 } },
  [MF_COMPONENT_MOTOR] = { { { -30, 0, W }, { 0, 30, S }, { 30, 0, E } }, { -30, -15, 60, 45 } },
  [MF_COMPONENT_INERTIA] = { { { 0, 0, NONE } }, { -8, -24, 16, 48 } },
  [MF_COMPONENT_ROTARY_SPRING] = { TWO_PORT, { -30, -10, 60, 20 } },
  [MF_COMPONENT_ROTARY_DAMPER] = { TWO_PORT, { -30, -18, 60, 33 } },
  [MF_COMPONENT_TORQUE] = { { { -30, 0, W } }, { -30, -13, 50, 26 } },
  [MF_COMPONENT_FIXED_SHAFT] = { { { 0, 0, NONE } }, { -9, -26, 10, 52 } },
  [MF_COMPONENT_ACCUMULATOR] = { { { 0, 20, S } }, { -13, -23, 26, 43 } },
  /* p, t below, a, b above, on the square of the spool at rest; the room
   * the squares take when the spool moves them a square either way
   * (mf-symbol-spool.c), so that a label beside them stays clear */
  [MF_COMPONENT_VALVE_4_3] = { { { -10, 30, S }, { 10, 30, S }, { -10, -30, N }, { 10, -30, N } },
                               { -111, -30, 222, 60 } },
  [MF_COMPONENT_VALVE_4_2] = { { { -10, 30, S }, { 10, 30, S }, { -10, -30, N }, { 10, -30, N } },
                               { -61, -30, 132, 60 } },
  [MF_COMPONENT_FLOW_CONTROL_VALVE] = { TWO_PORT, { -30, -16, 60, 32 } },
};

#undef W
#undef E
#undef N
#undef S
#undef NONE
#undef TWO_PORT

int
mf_symbol_quarter_turns (int rotation)
{
  return (((rotation / 90) % 4) + 4) % 4;
}

static void
mf_symbol_turn (int rotation, double x, double y, double *tx, double *ty)
{
  /* Exact quarter turns keep ports on the grid; y points down, so
   * (x, y) -> (-y, x) is clockwise on screen. */
  switch (mf_symbol_quarter_turns (rotation))
    {
    case 1: *tx = -y; *ty = x; break;
    case 2: *tx = -x; *ty = -y; break;
    case 3: *tx = y; *ty = -x; break;
    default: *tx = x; *ty = y; break;
    }
}

void
mf_symbol_get_port (MfComponentType  type,
                    guint            port,
                    int              rotation,
                    double          *dx,
                    double          *dy,
                    MfPortDirection *direction)
{
  const MfPortPlace *place;

  g_return_if_fail (type < MF_N_COMPONENT_TYPES);
  g_return_if_fail (port < mf_component_type_info (type)->n_ports);

  place = &shapes[type].ports[port];
  mf_symbol_turn (rotation, place->x, place->y, dx, dy);
  if (place->direction == MF_PORT_DIRECTION_NONE)
    *direction = MF_PORT_DIRECTION_NONE;
  else
    *direction = (MfPortDirection) ((place->direction - 1 + mf_symbol_quarter_turns (rotation))
                                    % 4 + 1);
}

/* `r` turned by `rotation` about the centre. */
static void
turn_rect (int rotation, const cairo_rectangle_t *r, cairo_rectangle_t *turned)
{
  double x1, y1, x2, y2;

  mf_symbol_turn (rotation, r->x, r->y, &x1, &y1);
  mf_symbol_turn (rotation, r->x + r->width, r->y + r->height, &x2, &y2);
  turned->x = MIN (x1, x2);
  turned->y = MIN (y1, y2);
  turned->width = fabs (x2 - x1);
  turned->height = fabs (y2 - y1);
}

void
mf_symbol_get_bounds (MfComponentType    type,
                      int                rotation,
                      cairo_rectangle_t *bounds)
{
  g_return_if_fail (type < MF_N_COMPONENT_TYPES);

  turn_rect (rotation, &shapes[type].bounds, bounds);
}

void
mf_symbol_get_rest_bounds (MfComponentType    type,
                           int                rotation,
                           cairo_rectangle_t *bounds)
{
  cairo_rectangle_t rest;

  g_return_if_fail (type < MF_N_COMPONENT_TYPES);

  rest = shapes[type].bounds;
  if (type == MF_COMPONENT_VALVE_4_3 || type == MF_COMPONENT_VALVE_4_2)
    {
      gboolean three = type == MF_COMPONENT_VALVE_4_3;
      double left = -mf_symbol_spool_shift (three, -1), right = mf_symbol_spool_shift (three, 1);

      rest.x += left;
      rest.width -= left + right;
    }
  turn_rect (rotation, &rest, bounds);
}

void
mf_port_direction_vector (MfPortDirection direction,
                          double         *dx,
                          double         *dy)
{
  static const double vectors[5][2] = { { 0, 0 }, { 1, 0 }, { 0, 1 }, { -1, 0 }, { 0, -1 } };

  *dx = vectors[direction][0];
  *dy = vectors[direction][1];
}
