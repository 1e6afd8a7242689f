/* mf-symbol-flow-control.c: the 2-way flow control valve's symbol
 * (mf-symbol-flow-control.h), after ISO 1219-1's simplified one: the line
 * runs through a box and, inside it, through an adjustable throttle (the
 * pinched line of an orifice, crossed by the oblique arrow of a setting
 * that can be changed); the upright arrow before the throttle is the
 * compensator, the pressure compensation that holds the throttle's drop.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-symbol-flow-control.h"

#include <math.h>

#include "mf-symbol-spool.h"

#define HALF 15.0 /* the box's half width and height */

static void
segment (cairo_t *cr, double x1, double y1, double x2, double y2)
{
  cairo_move_to (cr, x1, y1);
  cairo_line_to (cr, x2, y2);
}

void
mf_symbol_add_flow_control_valve (cairo_t *cr, MfSymbolLayer layer)
{
  if (layer == MF_SYMBOL_LAYER_PAPER)
    cairo_rectangle (cr, -HALF, -HALF, 2 * HALF, 2 * HALF);
  if (layer == MF_SYMBOL_LAYER_LINES)
    {
      cairo_rectangle (cr, -HALF, -HALF, 2 * HALF, 2 * HALF);
      segment (cr, -30, 0, 30, 0);
      /* the throttle, right of the middle */
      cairo_move_to (cr, 0, -8);
      cairo_curve_to (cr, 3.5, -2.5, 6.5, -2.5, 10, -8);
      cairo_move_to (cr, 0, 8);
      cairo_curve_to (cr, 3.5, 2.5, 6.5, 2.5, 10, 8);
    }
  if (layer == MF_SYMBOL_LAYER_THIN)
    {
      /* the setting's arrow across the throttle, and the compensator's */
      segment (cr, 0, 11, 9, -7);
      segment (cr, -8, 10, -8, -7);
    }
  if (layer == MF_SYMBOL_LAYER_SOLID)
    {
      double ux = 11.0 / hypot (11.0, 22.0), uy = -22.0 / hypot (11.0, 22.0);

      mf_symbol_arrow_head (cr, 11, -11, ux, uy, 4, 2);
      mf_symbol_arrow_head (cr, -8, -11, 0, -1, 4.5, 2.5);
    }
}
