/* mf-symbol-spool.c: the directional valves' symbols (mf-symbol-spool.h).
 *
 * Each spool position is a square 40 wide, its ports' columns a quarter
 * and three quarters across: P and T below, A and B above.  The square
 * left of the ports' is the spool at +1 (P→A, B→T, arrows straight up and
 * down), the ports' own one is the centre of a 4/3 valve (every port
 * blocked: the closed centre) or the crossed position of a 4/2 valve
 * (P→B, A→T), which a 4/3 valve draws to the right.  Zigzags at the ends
 * are the centring springs.  A 4/3 valve's centre square joins what its
 * centre joins: nothing (closed), every port (open), P to T (tandem), or A
 * and B to T (float); a port it leaves blocked ends in a bar.
 *
 * During a run the squares and springs move under the ports, which stay
 * where they are: by 40 · s for a spool at s (s = +1 brings the left
 * square under the ports, −1 the right one); a 4/2 valve's spring holds
 * it in its crossed square for s ≤ 0.
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

/* The centre square of a 4/3 valve: each port joined by the centre runs
 * to the middle of the square, where a line across joins the two columns
 * (with a dot where a column's two ports and the line meet); any other
 * port is blocked. */
static void
centre_square (cairo_t *cr, MfSymbolLayer layer, double x0, MfCentre centre)
{
  /* P and T below, A and B above, in the order of the columns */
  gboolean below[2] = { centre == MF_CENTRE_OPEN || centre == MF_CENTRE_TANDEM,
                        centre != MF_CENTRE_CLOSED };
  gboolean above[2] = { centre == MF_CENTRE_OPEN || centre == MF_CENTRE_FLOAT,
                        centre == MF_CENTRE_OPEN || centre == MF_CENTRE_FLOAT };

  square (cr, layer, x0);
  for (int i = 0; i < 2; i++)
    {
      double x = x0 + 10 + 20 * i;

      if (layer == MF_SYMBOL_LAYER_LINES)
        {
          if (below[i])
            line (cr, x, HALF, x, 0);
          else
            blocked (cr, x, HALF, -1);
          if (above[i])
            line (cr, x, -HALF, x, 0);
          else
            blocked (cr, x, -HALF, 1);
        }
      if (layer == MF_SYMBOL_LAYER_SOLID && below[i] && above[i])
        {
          cairo_new_sub_path (cr);
          cairo_arc (cr, x, 0, 2, 0, 2 * G_PI);
        }
    }
  if (layer == MF_SYMBOL_LAYER_LINES && centre != MF_CENTRE_CLOSED)
    line (cr, x0 + 10, 0, x0 + 30, 0);
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

double
mf_symbol_spool_shift (gboolean three,
                       double   spool)
{
  /* NaN (a spool that is not a number) and the ends clamp to a square */
  if (!(spool > (three ? -1 : 0)))
    spool = three ? -1 : 0;
  return 40 * MIN (spool, 1.0);
}

void
mf_symbol_add_spool_valve (cairo_t       *cr,
                           MfSymbolLayer  layer,
                           gboolean       three,
                           MfCentre       centre,
                           double         spool)
{
  double dx = mf_symbol_spool_shift (three, spool);

  /* the ports' stems stay; the body moves under them */
  if (layer == MF_SYMBOL_LAYER_LINES)
    for (double x = -10; x <= 10; x += 20)
      {
        line (cr, x, HALF, x, 30);
        line (cr, x, -HALF, x, -30);
      }
  straight (cr, layer, dx - 60);
  if (three)
    {
      centre_square (cr, layer, dx - 20, centre);
      crossed (cr, layer, dx + 20);
      spring (cr, layer, dx + 60, 1);
    }
  else
    crossed (cr, layer, dx - 20);
  spring (cr, layer, dx + (three ? -60 : 20), three ? -1 : 1);
}
