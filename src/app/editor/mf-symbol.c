/* mf-symbol.c: the symbols, after ISO 1219-1 where the standard has one.
 *
 * Every symbol is drawn for rotation 0 with its ports where the circuit
 * usually runs: two-port elements left (a) to right (b), tanks and volumes
 * hanging below a line they join from above, the cylinder's rod pointing
 * right at the load it drives.  Rotation is a cairo rotation around the
 * centre, so port positions and drawings cannot disagree.
 *
 * A symbol is made of layers (paper fills, lines, solid fills, ...), each
 * painted one way, so that a whole circuit can gather each layer of every
 * symbol into one path and paint it once: a thousand symbols then cost a
 * handful of strokes instead of thousands.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-symbol.h"
#include "mf-symbol-flow-control.h"
#include "mf-symbol-spool.h"

#include <math.h>

/* ---- drawing helpers ---- */

static void
set_rgba (cairo_t      *cr,
          const MfRgba *c,
          double        alpha)
{
  cairo_set_source_rgba (cr, c->red, c->green, c->blue, c->alpha * alpha);
}

static void
line (cairo_t *cr,
      double   x1,
      double   y1,
      double   x2,
      double   y2)
{
  cairo_move_to (cr, x1, y1);
  cairo_line_to (cr, x2, y2);
}

static void
circle (cairo_t *cr,
        double   x,
        double   y,
        double   radius)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, x, y, radius, 0, 2 * G_PI);
  cairo_close_path (cr);
}

/* An arrow head with its tip at (x, y) pointing along (ux, uy). */
static void
arrow_head (cairo_t *cr,
            double   x,
            double   y,
            double   ux,
            double   uy,
            double   length,
            double   half_width)
{
  cairo_move_to (cr, x, y);
  cairo_line_to (cr, x - ux * length - uy * half_width, y - uy * length + ux * half_width);
  cairo_line_to (cr, x - ux * length + uy * half_width, y - uy * length - ux * half_width);
  cairo_close_path (cr);
}

void
mf_symbol_arrow_head (cairo_t *cr, double x, double y, double ux, double uy, double length,
                      double half_width)
{
  arrow_head (cr, x, y, ux, uy, length, half_width);
}

/* A zigzag spring from (x1, y) to (x2, y) along x. */
static void
zigzag_x (cairo_t *cr,
          double   x1,
          double   x2,
          double   y,
          double   amplitude,
          int      teeth)
{
  double step = (x2 - x1) / teeth;

  cairo_move_to (cr, x1, y);
  for (int k = 0; k < teeth; k++)
    cairo_line_to (cr, x1 + (k + 0.5) * step, y + ((k % 2) ? amplitude : -amplitude));
  cairo_line_to (cr, x2, y);
}

/* The same along y. */
static void
zigzag_y (cairo_t *cr,
          double   x,
          double   y1,
          double   y2,
          double   amplitude,
          int      teeth)
{
  double step = (y2 - y1) / teeth;

  cairo_move_to (cr, x, y1);
  for (int k = 0; k < teeth; k++)
    cairo_line_to (cr, x + ((k % 2) ? amplitude : -amplitude), y1 + (k + 0.5) * step);
  cairo_line_to (cr, x, y2);
}

void
mf_symbol_stroke_wire (cairo_t      *cr,
                       MfDomain      domain,
                       double        width,
                       const MfRgba *ink,
                       const MfRgba *paper)
{
  cairo_save (cr);
  set_rgba (cr, ink, 1);
  if (domain == MF_DOMAIN_HYDRAULIC)
    {
      cairo_set_line_width (cr, width);
      cairo_stroke (cr);
    }
  else
    {
      /* A rod: two thin lines, its inside left as paper; a shaft also
       * has its centre line, dashed as drawings mark an axis. */
      static const double axis[] = { 6, 2, 1.5, 2 };

      cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
      cairo_set_line_width (cr, width * 3.2);
      cairo_stroke_preserve (cr);
      set_rgba (cr, paper, 1);
      cairo_set_line_width (cr, width * 1.6);
      if (domain == MF_DOMAIN_ROTATIONAL)
        {
          cairo_stroke_preserve (cr);
          set_rgba (cr, ink, 1);
          cairo_set_line_width (cr, width * 0.5);
          cairo_set_dash (cr, axis, G_N_ELEMENTS (axis), 0);
        }
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}

void
mf_symbol_draw_port_mark (cairo_t      *cr,
                          MfDomain      domain,
                          double        x,
                          double        y,
                          double        width,
                          const MfRgba *ink,
                          const MfRgba *paper)
{
  cairo_save (cr);
  cairo_new_path (cr);
  if (domain == MF_DOMAIN_HYDRAULIC)
    circle (cr, x, y, 2.6);
  else if (domain == MF_DOMAIN_ROTATIONAL)
    {
      /* a diamond: a shaft's end, told from a rod's square */
      cairo_move_to (cr, x, y - 3.4);
      cairo_line_to (cr, x + 3.4, y);
      cairo_line_to (cr, x, y + 3.4);
      cairo_line_to (cr, x - 3.4, y);
      cairo_close_path (cr);
    }
  else
    cairo_rectangle (cr, x - 2.6, y - 2.6, 5.2, 5.2);
  set_rgba (cr, paper, 1);
  cairo_fill_preserve (cr);
  set_rgba (cr, ink, 1);
  cairo_set_line_width (cr, width * 0.8);
  cairo_stroke (cr);
  cairo_restore (cr);
}

/* ---- the symbols, at rotation 0, layer by layer ---- */

#define PAPER MF_SYMBOL_LAYER_PAPER
#define TINT MF_SYMBOL_LAYER_TINT
#define ACCENT_FILL MF_SYMBOL_LAYER_ACCENT_FILL
#define LINKS MF_SYMBOL_LAYER_LINKS
#define LINES MF_SYMBOL_LAYER_LINES
#define THIN MF_SYMBOL_LAYER_THIN
#define THICK MF_SYMBOL_LAYER_THICK
#define DASHED MF_SYMBOL_LAYER_DASHED
#define SOLID MF_SYMBOL_LAYER_SOLID
#define ACCENT MF_SYMBOL_LAYER_ACCENT

static void
add_tank (cairo_t *cr, MfSymbolLayer layer, gboolean closed)
{
  /* An open reservoir; the line reaches below the fluid's surface. */
  if (layer == TINT)
    cairo_rectangle (cr, -15, 2, 30, 8);
  if (layer == LINES)
    {
      cairo_move_to (cr, -15, -6);
      cairo_line_to (cr, -15, 10);
      cairo_line_to (cr, 15, 10);
      cairo_line_to (cr, 15, -6);
      line (cr, 0, -20, 0, 5);
    }
}

static void
add_junction (cairo_t *cr, MfSymbolLayer layer, gboolean closed)
{
  if (layer == SOLID)
    circle (cr, 0, 0, 3.5);
}

/* A capsule of radius r: its upper half round about (0, top), its lower
 * about (0, bottom).  The volume borrows the accumulator's shape, fluid
 * below the separating line. */
static void
capsule (cairo_t *cr, double top, double bottom, double r)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, 0, top, r, G_PI, 2 * G_PI);
  cairo_arc (cr, 0, bottom, r, 0, G_PI);
  cairo_close_path (cr);
}

static void
add_volume (cairo_t *cr, MfSymbolLayer layer, gboolean closed)
{
  if (layer == PAPER)
    capsule (cr, -2, 6, 10);
  if (layer == LINES)
    {
      capsule (cr, -2, 6, 10);
      line (cr, 0, -20, 0, -12);
      line (cr, -10, 2, 10, 2);
    }
}

/* The gas-charged accumulator: a taller capsule standing on its port, the
 * separator across it and the gas above, marked by the open triangle of a
 * pneumatic medium. */
static void
add_accumulator (cairo_t *cr, MfSymbolLayer layer, gboolean closed)
{
  if (layer == PAPER)
    capsule (cr, -11, 1, 11);
  if (layer == LINES)
    {
      capsule (cr, -11, 1, 11);
      line (cr, 0, 12, 0, 20);
      line (cr, -11, -3, 11, -3);
      cairo_move_to (cr, 0, -17);
      cairo_line_to (cr, 4.5, -9);
      cairo_line_to (cr, -4.5, -9);
      cairo_close_path (cr);
    }
}

static void
add_pipe (cairo_t *cr, MfSymbolLayer layer, gboolean closed)
{
  /* A length of line whose fluid has inertia and friction: a tube with the
   * dimension mark of its length. */
  if (layer == PAPER || layer == TINT)
    cairo_rectangle (cr, -16, -4, 32, 8);
  if (layer == LINES)
    {
      cairo_rectangle (cr, -16, -4, 32, 8);
      line (cr, -30, 0, -16, 0);
      line (cr, 16, 0, 30, 0);
    }
  if (layer == THIN)
    {
      line (cr, -16, -5.5, -16, -8);
      line (cr, 16, -5.5, 16, -8);
      line (cr, -14, -7, 14, -7);
    }
  if (layer == SOLID)
    {
      arrow_head (cr, -16, -7, -1, 0, 3, 1.6);
      arrow_head (cr, 16, -7, 1, 0, 3, 1.6);
    }
}

static void
add_orifice (cairo_t *cr, MfSymbolLayer layer, gboolean closed)
{
  /* A fixed restrictor: the line pinched between two arcs. */
  if (layer != LINES)
    return;
  line (cr, -30, 0, 30, 0);
  cairo_move_to (cr, -8, -9);
  cairo_curve_to (cr, -3, -2.5, 3, -2.5, 8, -9);
  cairo_move_to (cr, -8, 9);
  cairo_curve_to (cr, -3, 2.5, 3, 2.5, 8, 9);
}

/* Across a valve envelope at height y: a flow path, or both ends blocked. */
static void
valve_path (cairo_t       *cr,
            MfSymbolLayer  layer,
            double         y,
            gboolean       open,
            MfSymbolLayer  blocked_layer)
{
  if (open && layer == LINES)
    line (cr, -8, y, 5, y);
  if (open && layer == SOLID)
    arrow_head (cr, 8, y, 1, 0, 4.5, 3);
  if (!open && layer == blocked_layer)
    {
      line (cr, -8, y, -3, y);
      line (cr, -3, y - 4, -3, y + 4);
      line (cr, 8, y, 3, y);
      line (cr, 3, y - 4, 3, y + 4);
    }
}

static void
add_valve (cairo_t *cr, MfSymbolLayer layer, gboolean closed)
{
  /* A 2/2 directional valve drawn across the line: the square on the line
   * is the position the valve is in, the square beyond it the other one;
   * a spring returns it, a solenoid switches it. */
  if (layer == PAPER)
    cairo_rectangle (cr, -8, -24, 16, 32);
  if (layer == LINES)
    {
      cairo_rectangle (cr, -8, -8, 16, 16);
      cairo_rectangle (cr, -8, -24, 16, 16);
      line (cr, -30, 0, -8, 0);
      line (cr, 8, 0, 30, 0);
      zigzag_y (cr, 0, 8, 21, 4, 4);
      cairo_rectangle (cr, -6, -31, 12, 7);
      line (cr, -6, -24, 6, -31);
    }
  valve_path (cr, layer, -16, closed, LINES);
  valve_path (cr, layer, 0, !closed, ACCENT);
}

static void
add_check_valve (cairo_t *cr, MfSymbolLayer layer, gboolean closed)
{
  /* The ball sits in the seat's mouth: pressure on the seat's narrow side
   * (a) lifts it off, pressure on the ball's side (b) presses it home. */
  if ((layer == PAPER && !closed) || (layer == ACCENT_FILL && closed))
    circle (cr, 4, 0, 5);
  if (layer == LINES)
    {
      line (cr, -30, 0, -4, 0);
      line (cr, 9, 0, 30, 0);
      cairo_move_to (cr, 6, -8);
      cairo_line_to (cr, -4, 0);
      cairo_line_to (cr, 6, 8);
      circle (cr, 4, 0, 5);
    }
}

/* A valve held by a pressure against an adjustable spring: a square, the
 * spring above it, the flow arrow inside from x0 to x1 at height y and the
 * dashed pilot from the side at x = pilot round to the square's foot. */
static void
add_pressure_valve (cairo_t *cr, MfSymbolLayer layer, double x0, double x1, double y,
                    double pilot)
{
  if (layer == PAPER)
    cairo_rectangle (cr, -14, -14, 28, 28);
  if (layer == LINES)
    {
      cairo_rectangle (cr, -14, -14, 28, 28);
      line (cr, -30, 0, -14, 0);
      line (cr, 14, 0, 30, 0);
      line (cr, x0, y, x1 - 5, y);
      zigzag_y (cr, 0, -14, -29, 4, 4);
    }
  if (layer == THIN)
    line (cr, -7, -16, 5, -28);
  if (layer == SOLID)
    {
      arrow_head (cr, x1, y, 1, 0, 5, 3);
      arrow_head (cr, 7, -30, M_SQRT1_2, -M_SQRT1_2, 3.5, 2);
    }
  if (layer == DASHED)
    {
      cairo_move_to (cr, pilot, 0);
      cairo_line_to (cr, pilot, 20);
      cairo_line_to (cr, 0, 20);
      cairo_line_to (cr, 0, 14);
    }
}

static void
add_relief_valve (cairo_t *cr, MfSymbolLayer layer, gboolean closed)
{
  /* Normally closed: the flow arrow sits off the line until the inlet
   * pressure, fed round by the dashed pilot, beats the adjustable spring. */
  add_pressure_valve (cr, layer, -10, 10, 7, -22);
  if (layer == ACCENT && closed)
    {
      line (cr, -14, 0, -7, 0);
      line (cr, -7, -4, -7, 4);
      line (cr, 14, 0, 7, 0);
      line (cr, 7, -4, 7, 4);
    }
}

static void
add_reducing_valve (cairo_t *cr, MfSymbolLayer layer, gboolean closed)
{
  /* Normally open: the flow arrow runs along the line until the outlet
   * pressure, fed round by the dashed pilot, beats the adjustable spring
   * and pushes the arrow off it. */
  add_pressure_valve (cr, layer, -14, 14, 0, 22);
}

/* The triangle of a pump (pointing out) or motor (pointing in), on the
 * line, its tip at x = tip and its base at x = base. */
static void
flow_triangle (cairo_t *cr, double tip, double base)
{
  cairo_move_to (cr, tip, 0);
  cairo_line_to (cr, base, -7);
  cairo_line_to (cr, base, 7);
  cairo_close_path (cr);
}

static void
add_flow_source (cairo_t *cr, MfSymbolLayer layer, gboolean closed)
{
  /* A fixed-displacement pump: the filled triangle marks the outlet, b. */
  if (layer == PAPER)
    circle (cr, 0, 0, 14);
  if (layer == LINES)
    {
      circle (cr, 0, 0, 14);
      line (cr, -30, 0, -14, 0);
      line (cr, 14, 0, 30, 0);
    }
  if (layer == SOLID)
    flow_triangle (cr, 13.5, 3);
}

static void
add_piston (cairo_t *cr, MfSymbolLayer layer, gboolean closed)
{
  /* A double-acting cylinder with a single rod: the cap side on the left,
   * the rod side on the right, the rod's end the mechanical port; the rod
   * passes through the gland in the right wall. */
  if (layer == PAPER || layer == LINES)
    {
      cairo_rectangle (cr, -40, -14, 60, 28);
      cairo_rectangle (cr, -18, -2.5, 68, 5);
    }
  if (layer == LINES)
    {
      line (cr, -30, -20, -30, -14);
      line (cr, 0, 20, 0, 14);
    }
  if (layer == SOLID)
    cairo_rectangle (cr, -22, -14, 4, 28);
}

static void
add_mass (cairo_t *cr, MfSymbolLayer layer, gboolean closed)
{
  if (layer == PAPER || layer == TINT || layer == LINES)
    cairo_rectangle (cr, -20, -25, 40, 50);
}

static void
add_spring (cairo_t *cr, MfSymbolLayer layer, gboolean closed)
{
  if (layer == LINKS)
    {
      line (cr, -30, 0, -16, 0);
      line (cr, 16, 0, 30, 0);
    }
  if (layer == LINES)
    zigzag_x (cr, -16, 16, 0, 7, 6);
}

static void
add_damper (cairo_t *cr, MfSymbolLayer layer, gboolean closed)
{
  /* A dashpot: the cup on a's side, the plunger on b's. */
  if (layer == LINKS)
    {
      line (cr, -30, 0, -10, 0);
      line (cr, 2, 0, 30, 0);
    }
  if (layer == LINES)
    {
      cairo_move_to (cr, 9, -9);
      cairo_line_to (cr, -10, -9);
      cairo_line_to (cr, -10, 9);
      cairo_line_to (cr, 9, 9);
    }
  if (layer == THICK)
    line (cr, 2, -6, 2, 6);
}

static void
add_force (cairo_t *cr, MfSymbolLayer layer, gboolean closed)
{
  /* Points the way a positive force pushes its node. */
  if (layer == LINKS)
    line (cr, -30, 0, -20, 0);
  if (layer == THICK)
    line (cr, -20, 0, 14, 0);
  if (layer == SOLID)
    arrow_head (cr, 28, 0, 1, 0, 15, 7.5);
}

static void
add_fixed (cairo_t *cr, MfSymbolLayer layer, gboolean closed)
{
  /* A wall: what is fixed sits on its hatched side. */
  if (layer == THIN)
    for (double y = -24; y < 22; y += 6)
      line (cr, 0, y, -8, y + 8);
  if (layer == THICK)
    line (cr, 0, -25, 0, 25);
}

/* A curved arrow round (x, y): the sense a shaft turns, counter-clockwise
 * from angle a1 to a2 (radians, y down), its head at a2. */
static void
turn_arrow (cairo_t *cr, MfSymbolLayer layer, double x, double y, double radius, double a1,
            double a2)
{
  if (layer == MF_SYMBOL_LAYER_THIN)
    {
      cairo_new_sub_path (cr);
      cairo_arc_negative (cr, x, y, radius, a1, a2 + 0.25);
    }
  if (layer == MF_SYMBOL_LAYER_SOLID)
    arrow_head (cr, x + radius * cos (a2), y + radius * sin (a2), sin (a2), -cos (a2), 4, 2.2);
}

/* The circle of a pump or motor with its two lines, a and b, and the
 * drive shaft's stub below (a pump) or the shaft to the right (a motor). */
static void
machine_body (cairo_t *cr, MfSymbolLayer layer)
{
  if (layer == PAPER)
    circle (cr, 0, 0, 14);
  if (layer == LINES)
    {
      circle (cr, 0, 0, 14);
      line (cr, -30, 0, -14, 0);
    }
}

static void
add_pump (cairo_t *cr, MfSymbolLayer layer, gboolean closed)
{
  /* ISO 1219: the outlet's triangle points out of the circle at b; the
   * driven shaft leaves below, its turning marked by the curved arrow. */
  machine_body (cr, layer);
  if (layer == LINES)
    line (cr, 14, 0, 30, 0);
  if (layer == LINKS)
    line (cr, 0, 14, 0, 20);
  if (layer == SOLID)
    flow_triangle (cr, 13.5, 3);
  turn_arrow (cr, layer, 0, 14, 9, G_PI * 0.95, G_PI * 0.3);
}

static void
add_variable_pump (cairo_t *cr, MfSymbolLayer layer, gboolean closed)
{
  /* the pump, with the oblique arrow of a variable displacement */
  add_pump (cr, layer, closed);
  if (layer == THIN)
    line (cr, -13, 13, 11, -11);
  if (layer == SOLID)
    arrow_head (cr, 15, -15, M_SQRT1_2, -M_SQRT1_2, 5, 2.6);
}

static void
add_motor (cairo_t *cr, MfSymbolLayer layer, gboolean closed)
{
  /* ISO 1219: the inlet's triangle points into the circle from a; the
   * return b leaves below, the shaft to the right. */
  machine_body (cr, layer);
  if (layer == LINES)
    line (cr, 0, 14, 0, 30);
  if (layer == LINKS)
    line (cr, 14, 0, 30, 0);
  if (layer == SOLID)
    flow_triangle (cr, -3, -13.5);
}

static void
add_inertia (cairo_t *cr, MfSymbolLayer layer, gboolean closed)
{
  /* A flywheel seen edge on: a disc on its shaft. */
  if (layer == PAPER || layer == TINT || layer == LINES)
    cairo_rectangle (cr, -6, -24, 12, 48);
  if (layer == THIN)
    line (cr, -6, 0, 6, 0);
}

static void
add_rotary_spring (cairo_t *cr, MfSymbolLayer layer, gboolean closed)
{
  /* A torsion spring: a coil wound round the shaft. */
  if (layer == LINKS)
    {
      line (cr, -30, 0, -14, 0);
      line (cr, 14, 0, 30, 0);
    }
  if (layer == LINES)
    {
      cairo_move_to (cr, -14, 0);
      for (int k = 0; k < 4; k++)
        {
          double x = -10.5 + 7 * k;

          cairo_arc (cr, x, 0, 3.5, G_PI, 2 * G_PI);
          cairo_line_to (cr, x + 3.5, 0);
          cairo_move_to (cr, x + 3.5, 0);
          cairo_arc_negative (cr, x, 0, 3.5, 0, -G_PI);
          cairo_move_to (cr, x + 3.5, 0);
        }
      line (cr, -14, -8, -14, 8);
      line (cr, 14, -8, 14, 8);
    }
}

static void
add_rotary_damper (cairo_t *cr, MfSymbolLayer layer, gboolean closed)
{
  /* the dashpot, turned: its curved arrow says it brakes rotation */
  add_damper (cr, layer, closed);
  turn_arrow (cr, layer, -4, 0, 13, G_PI * 1.85, G_PI * 1.2);
}

static void
add_torque (cairo_t *cr, MfSymbolLayer layer, gboolean closed)
{
  /* A curved arrow round the shaft's end, the sense a positive torque
   * turns it. */
  if (layer == LINKS)
    line (cr, -30, 0, 2, 0);
  if (layer == THICK)
    {
      cairo_new_sub_path (cr);
      cairo_arc (cr, 2, 0, 10, G_PI * 0.55, G_PI * 1.5);
    }
  if (layer == SOLID)
    arrow_head (cr, 11, -10, 1, 0, 7, 3.5);
}

#undef PAPER
#undef TINT
#undef ACCENT_FILL
#undef LINKS
#undef LINES
#undef THIN
#undef THICK
#undef DASHED
#undef SOLID
#undef ACCENT

void
mf_symbol_add_layer (cairo_t            *cr,
                     MfComponentType     type,
                     int                 rotation,
                     MfSymbolLayer       layer,
                     const MfSymbolPose *pose)
{
  typedef void (*AddFunc) (cairo_t *cr, MfSymbolLayer layer, gboolean closed);
  static const AddFunc add[MF_N_COMPONENT_TYPES] = {
    [MF_COMPONENT_TANK] = add_tank,
    [MF_COMPONENT_JUNCTION] = add_junction,
    [MF_COMPONENT_VOLUME] = add_volume,
    [MF_COMPONENT_PIPE] = add_pipe,
    [MF_COMPONENT_ORIFICE] = add_orifice,
    [MF_COMPONENT_VALVE] = add_valve,
    [MF_COMPONENT_CHECK_VALVE] = add_check_valve,
    [MF_COMPONENT_RELIEF_VALVE] = add_relief_valve,
    [MF_COMPONENT_REDUCING_VALVE] = add_reducing_valve,
    [MF_COMPONENT_FLOW_SOURCE] = add_flow_source,
    [MF_COMPONENT_PISTON] = add_piston,
    [MF_COMPONENT_MASS] = add_mass,
    [MF_COMPONENT_SPRING] = add_spring,
    [MF_COMPONENT_DAMPER] = add_damper,
    [MF_COMPONENT_FORCE] = add_force,
    [MF_COMPONENT_FIXED] = add_fixed,
    [MF_COMPONENT_PUMP] = add_pump,
    [MF_COMPONENT_VARIABLE_PUMP] = add_variable_pump,
    [MF_COMPONENT_MOTOR] = add_motor,
    [MF_COMPONENT_INERTIA] = add_inertia,
    [MF_COMPONENT_ROTARY_SPRING] = add_rotary_spring,
    [MF_COMPONENT_ROTARY_DAMPER] = add_rotary_damper,
    [MF_COMPONENT_TORQUE] = add_torque,
    [MF_COMPONENT_FIXED_SHAFT] = add_fixed,
    [MF_COMPONENT_ACCUMULATOR] = add_accumulator,
  };
  static const MfSymbolPose rest = { 0 };
  cairo_matrix_t matrix;

  g_return_if_fail (type < MF_N_COMPONENT_TYPES);
  g_return_if_fail (layer < MF_N_SYMBOL_LAYERS);

  /* the path keeps device coordinates: turning back leaves it as drawn */
  cairo_get_matrix (cr, &matrix);
  cairo_rotate (cr, mf_symbol_quarter_turns (rotation) * G_PI / 2);
  if (pose == NULL)
    pose = &rest;
  /* the directional valves draw what their pose says of them */
  if (type == MF_COMPONENT_VALVE_4_3 || type == MF_COMPONENT_VALVE_4_2)
    mf_symbol_add_spool_valve (cr, layer, type == MF_COMPONENT_VALVE_4_3, pose->centre,
                               pose->spool);
  else if (type == MF_COMPONENT_FLOW_CONTROL_VALVE)
    mf_symbol_add_flow_control_valve (cr, layer);
  else
    add[type] (cr, layer, pose->closed);
  cairo_set_matrix (cr, &matrix);
}

void
mf_symbol_paint_layer (cairo_t             *cr,
                       MfSymbolLayer        layer,
                       const MfSymbolStyle *style)
{
  static const double dash[] = { 3, 2 };
  double width = style->line_width;

  cairo_save (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  switch (layer)
    {
    case MF_SYMBOL_LAYER_PAPER:
      set_rgba (cr, &style->paper, 1);
      cairo_fill (cr);
      break;
    case MF_SYMBOL_LAYER_TINT:
      set_rgba (cr, &style->ink, 0.13);
      cairo_fill (cr);
      break;
    case MF_SYMBOL_LAYER_ACCENT_FILL:
      set_rgba (cr, &style->accent, 1);
      cairo_fill (cr);
      break;
    case MF_SYMBOL_LAYER_LINKS:
      mf_symbol_stroke_wire (cr, MF_DOMAIN_MECHANICAL, width, &style->ink, &style->paper);
      break;
    case MF_SYMBOL_LAYER_SOLID:
      set_rgba (cr, &style->ink, 1);
      cairo_fill (cr);
      break;
    default:
      set_rgba (cr, layer == MF_SYMBOL_LAYER_ACCENT ? &style->accent : &style->ink, 1);
      if (layer == MF_SYMBOL_LAYER_THIN || layer == MF_SYMBOL_LAYER_DASHED)
        width *= 0.65;
      else if (layer == MF_SYMBOL_LAYER_THICK)
        width *= 1.8;
      else if (layer == MF_SYMBOL_LAYER_ACCENT)
        width *= 1.4;
      if (layer == MF_SYMBOL_LAYER_DASHED)
        cairo_set_dash (cr, dash, G_N_ELEMENTS (dash), 0);
      cairo_set_line_width (cr, width);
      cairo_stroke (cr);
      break;
    }
  cairo_new_path (cr);
  cairo_restore (cr);
}

void
mf_symbol_draw (cairo_t             *cr,
                MfComponentType      type,
                int                  rotation,
                const MfSymbolStyle *style)
{
  g_return_if_fail (type < MF_N_COMPONENT_TYPES);

  cairo_save (cr);
  cairo_new_path (cr);
  for (int layer = 0; layer < MF_N_SYMBOL_LAYERS; layer++)
    {
      mf_symbol_add_layer (cr, type, rotation, layer, &style->pose);
      mf_symbol_paint_layer (cr, layer, style);
    }
  cairo_restore (cr);
}
