/* mf-symbol.h: the ISO 1219-style symbol of every component type, drawn on
 * any cairo_t, with where its ports are and how much room it takes.
 *
 * A symbol is drawn around its centre (the component's "at") in canvas
 * units, y pointing down; rotation turns it clockwise on screen in quarter
 * turns.  Port positions are multiples of 10 units from the centre, so a
 * symbol whose centre sits on the grid has its ports on the grid too.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>

#include "mf-component-type.h"

G_BEGIN_DECLS

/* Which way a wire should leave a port.  NONE is a port in the middle of
 * its symbol (junction, mass, ground): wires may leave it any way. */
typedef enum
{
  MF_PORT_DIRECTION_NONE,
  MF_PORT_DIRECTION_EAST,
  MF_PORT_DIRECTION_SOUTH,
  MF_PORT_DIRECTION_WEST,
  MF_PORT_DIRECTION_NORTH,
} MfPortDirection;

typedef struct
{
  double red;
  double green;
  double blue;
  double alpha;
} MfRgba;

/* What a symbol shows of its component besides the type; all zero is a
 * symbol at rest. */
typedef struct
{
  gboolean closed; /* a switchable valve in its closed position */
  MfCentre centre; /* a 4/3 valve's centre */
  double   spool;  /* a directional valve's spool during a run, −1 … 1 */
} MfSymbolPose;

typedef struct
{
  MfRgba       ink;        /* every line of the symbol */
  MfRgba       paper;      /* fills that hide the wires running into a symbol */
  MfRgba       accent;     /* what marks a valve closed */
  double       line_width; /* canvas units; the symbols are designed for 1.5 */
  MfSymbolPose pose;
} MfSymbolStyle;

/* The grid every port lies on when the centre does. */
#define MF_SYMBOL_GRID 10.0

/* `rotation` in degrees as quarter turns clockwise, 0 to 3. */
int             mf_symbol_quarter_turns (int rotation);

/* Where port `port` of `type` lies relative to the symbol's centre when the
 * symbol is turned by `rotation` degrees (0, 90, 180, 270), and which way a
 * wire leaves it. */
void            mf_symbol_get_port (MfComponentType  type,
                                    guint            port,
                                    int              rotation,
                                    double          *dx,
                                    double          *dy,
                                    MfPortDirection *direction);
/* The rectangle, relative to the centre, that the turned symbol covers,
 * ports included, and a directional valve's squares wherever the spool
 * moves them. */
void            mf_symbol_get_bounds (MfComponentType    type,
                                      int                rotation,
                                      cairo_rectangle_t *bounds);
/* The rectangle the turned symbol at rest covers: its bounds without the
 * room a directional valve's squares move in during a run (the palette's
 * picture, and what a label is placed beside). */
void            mf_symbol_get_rest_bounds (MfComponentType    type,
                                           int                rotation,
                                           cairo_rectangle_t *bounds);
/* The unit vector of a direction ((0, 0) for NONE). */
void            mf_port_direction_vector (MfPortDirection direction,
                                          double         *dx,
                                          double         *dy);

/* Draws the symbol centred on the user-space origin, turned by `rotation`.
 * The caller's source, line width and path are left as they were. */
void            mf_symbol_draw (cairo_t             *cr,
                                MfComponentType      type,
                                int                  rotation,
                                const MfSymbolStyle *style);

/* The parts of a symbol that are painted alike, bottom up. */
typedef enum
{
  MF_SYMBOL_LAYER_PAPER,       /* fills that hide the wires running in */
  MF_SYMBOL_LAYER_TINT,        /* faint fills: fluid in a tank, a mass */
  MF_SYMBOL_LAYER_ACCENT_FILL, /* a check valve's ball, seated */
  MF_SYMBOL_LAYER_LINKS,       /* mechanical leads, drawn as rods */
  MF_SYMBOL_LAYER_LINES,
  MF_SYMBOL_LAYER_THIN,        /* hatching, dimension and adjustment marks */
  MF_SYMBOL_LAYER_THICK,       /* walls, a force's shaft, a plunger */
  MF_SYMBOL_LAYER_DASHED,      /* pilot lines */
  MF_SYMBOL_LAYER_SOLID,       /* arrow heads, a pump's triangle, dots */
  MF_SYMBOL_LAYER_ACCENT,      /* what blocks a closed valve */
  MF_N_SYMBOL_LAYERS
} MfSymbolLayer;

/* Adds one layer of the symbol, centred on the user-space origin and
 * turned by `rotation`, to the current path without painting it; the
 * matrix is left as it was.  `pose` (NULL: at rest) draws a switchable
 * valve closed, a 4/3 valve's centre and a directional valve's spool
 * moved. */
void            mf_symbol_add_layer (cairo_t            *cr,
                                     MfComponentType     type,
                                     int                 rotation,
                                     MfSymbolLayer       layer,
                                     const MfSymbolPose *pose);
/* Paints the current path as `layer` is painted, and clears it. */
void            mf_symbol_paint_layer (cairo_t             *cr,
                                       MfSymbolLayer        layer,
                                       const MfSymbolStyle *style);
/* Strokes and clears the current path as a wire of `domain`: a hydraulic
 * line, or a mechanical link (a rod drawn as a double line).  `width` is
 * the hydraulic line's width; `ink` and `paper` as in MfSymbolStyle. */
void            mf_symbol_stroke_wire (cairo_t      *cr,
                                       MfDomain      domain,
                                       double        width,
                                       const MfRgba *ink,
                                       const MfRgba *paper);
/* The mark of an unconnected port at (x, y): an open circle for a
 * hydraulic port, an open square for a mechanical one. */
void            mf_symbol_draw_port_mark (cairo_t      *cr,
                                          MfDomain      domain,
                                          double        x,
                                          double        y,
                                          double        width,
                                          const MfRgba *ink,
                                          const MfRgba *paper);

G_END_DECLS
