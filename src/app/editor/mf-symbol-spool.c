/* mf-symbol-spool.c: the directional valves' symbols (mf-symbol-spool.h).
 *
 * Each spool position is a square 40 wide, its ports' columns a quarter
 * and three quarters across: P and T below, A and B above.  The square
 * left of the ports' is the spool at +1 (P→A, B→T, arrows straight up and
 * down), the ports' own one is the centre of a 4/3 valve (every port
 * blocked: the closed centre) or the crossed position of a 4/2 valve
 * (P→B, A→T), which a 4/3 valve draws to the right.  Zigzags at the ends
 * are the centring springs.  The symbol shows the positions, not the
 * spool's place during a run.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-symbol-spool.h"

#include <math.h>

#define HALF 14.0 /* a square's half height */
#define HEAD 5.0  /* arrow heads */

static void
line (cairo_t *cr, double x1, double y1, double x2, double y2)
{
  cairo_move_to (cr, x1, y1);
  cairo_line_to (cr, x2, y2);
}

/* An arrow from (x1, y1) to its tip at (x2, y2): its shaft among the
 * lines, its head among the solids. */
static void
arrow (cairo_t *cr, MfSymbolLayer layer, double x1, double y1, double x2, double y2)
{
  double length = hypot (x2 - x1, y2 - y1), ux = (x2 - x1) / length, uy = (y2 - y1) / length;

  if (layer == MF_SYMBOL_LAYER_LINES)
    line (cr, x1, y1, x2 - ux * HEAD, y2 - uy * HEAD);
  if (layer == MF_SYMBOL_LAYER_SOLID)
    mf_symbol_arrow_head (cr, x2, y2, ux, uy, HEAD, 2.5);
}

/* A port blocked inside its square: a stem from the edge and a bar. */
static void
blocked (cairo_t *cr, double x, double edge, double inward)
{
  line (cr, x, edge, x, edge + inward * 6);
  line (cr, x - 4, edge + inward * 6, x + 4, edge + inward * 6);
}

static void
square (cairo_t *cr, MfSymbolLayer layer, double x0)
{
  if (layer == MF_SYMBOL_LAYER_PAPER || layer == MF_SYMBOL_LAYER_LINES)
    cairo_rectangle (cr, x0, -HALF, 40, 2 * HALF);
}

static void
straight (cairo_t *cr, MfSymbolLayer layer, double x0)
{
  square (cr, layer, x0);
  arrow (cr, layer, x0 + 10, HALF, x0 + 10, -HALF);
  arrow (cr, layer, x0 + 30, -HALF, x0 + 30, HALF);
}

static void
crossed (cairo_t *cr, MfSymbolLayer layer, double x0)
{
  square (cr, layer, x0);
  arrow (cr, layer, x0 + 10, HALF, x0 + 30, -HALF);
  arrow (cr, layer, x0 + 10, -HALF, x0 + 30, HALF);
}

static void
closed_centre (cairo_t *cr, MfSymbolLayer layer, double x0)
{
  square (cr, layer, x0);
  if (layer != MF_SYMBOL_LAYER_LINES)
    return;
  for (double x = x0 + 10; x <= x0 + 30; x += 20)
    {
      blocked (cr, x, HALF, -1);
      blocked (cr, x, -HALF, 1);
    }
}

/* A centring spring from the end at x along `outward` (±1). */
static void
spring (cairo_t *cr, MfSymbolLayer layer, double x, double outward)
{
  if (layer != MF_SYMBOL_LAYER_THIN)
    return;
  cairo_move_to (cr, x, 0);
  for (int i = 1; i <= 4; i++)
    cairo_line_to (cr, x + outward * 2.5 * i, i == 4 ? 0 : (i % 2 ? -5 : 5));
}

void
mf_symbol_add_spool_valve (cairo_t *cr, MfSymbolLayer layer, gboolean three)
{
  straight (cr, layer, -60);
  if (three)
    {
      closed_centre (cr, layer, -20);
      crossed (cr, layer, 20);
      spring (cr, layer, 60, 1);
    }
  else
    crossed (cr, layer, -20);
  spring (cr, layer, three ? -60 : 20, three ? -1 : 1);
  if (layer == MF_SYMBOL_LAYER_LINES)
    for (double x = -10; x <= 10; x += 20)
      {
        line (cr, x, HALF, x, 30);
        line (cr, x, -HALF, x, -30);
      }
}
