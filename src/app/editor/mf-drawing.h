/* mf-drawing.h: drawing a whole circuit on any cairo_t — wires, symbols,
 * junction dots, labels, and what the editor marks on them: the selection,
 * the structure panel's highlight, valves closed in a mode, the connection
 * being dragged and the rubber band.
 *
 * Everything is drawn in canvas units: the caller sets the cairo transform
 * (the canvas from its view, thumbnails with mf_drawing_render_to_fit).
 * Only what meets the clip is drawn, and only what is near it is looked at,
 * so a large circuit zoomed in is cheap.  Zoomed out below
 * MF_DRAWING_SIMPLE_SCALE the circuit is drawn simplified.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>

#include "mf-canvas-geometry.h"
#include "mf-edit-document.h"
#include "mf-spool-pose.h"
#include "mf-symbol.h"

G_BEGIN_DECLS

/* Below this many device pixels per canvas unit (a symbol of 40 units then
 * under 12 pixels) every symbol is drawn as a tinted block and every wire
 * as a plain line, with no junction dots, port marks or labels: the detail
 * could not be seen, and a circuit of thousands of components still draws
 * within a frame.  Selections, highlights and closed valves still show. */
#define MF_DRAWING_SIMPLE_SCALE 0.3

typedef struct
{
  MfRgba paper;
  MfRgba grid;
  MfRgba ink;
  MfRgba label;
  MfRgba selection; /* selected components */
  MfRgba highlight; /* what the structure panel points at */
  MfRgba closed;    /* valves closed in the mode being edited */
  MfRgba accept;    /* a port a connection may end on */
  MfRgba refuse;    /* one it may not (another domain) */
} MfDrawingColors;

/* The colours on a light or a dark background. */
void mf_drawing_colors_init (MfDrawingColors *colors,
                             gboolean         dark);

typedef struct
{
  const MfDrawingColors *colors;   /* NULL: the light colours */
  GHashTable            *selected; /* set of component ids; NULL: none */
  /* component ids, and nodes given by any of their ports ("ID.PORT") */
  const char * const    *highlight_components;
  const char * const    *highlight_node_ports;
  const char            *mode;     /* valves this mode closes are drawn closed */
  /* the time of the run shown, whose spool places the directional valves
   * show (NaN: none, every spool at rest), and the run's quantities a
   * spool may name (NULL: none recorded; mf-spool-pose.h) */
  double                 run_time;
  MfRunValueFunc         run_value;
  gpointer               run_value_data;
  int                    selected_wire;   /* geometry wire index, or -1 */
  int                    hover_port;      /* geometry port index, or -1 */
  /* a connection being made: from a port towards a point, and the port it
   * would end on (-1: none), refused when the domains differ */
  int                    connect_from;
  double                 connect_x;
  double                 connect_y;
  int                    connect_to;
  gboolean               connect_refused;
  gboolean               show_band;
  cairo_rectangle_t      band;
} MfDrawingState;

/* Nothing selected, highlighted or under way. */
void mf_drawing_state_init (MfDrawingState *state);

/* Fills what the clip shows with the colours' paper and a dotted grid of
 * `grid` units (left out when it would be denser than every 6 pixels, and
 * on a turned view). */
void mf_drawing_render_background (cairo_t               *cr,
                                   const MfDrawingColors *colors,
                                   double                 grid);
/* Draws the circuit of `geometry`. */
void mf_drawing_render (cairo_t              *cr,
                        MfCanvasGeometry     *geometry,
                        const MfDrawingState *state);
/* Draws `document` on paper, as large as fits in width × height (at most
 * twice its canvas size), centred: the example gallery's thumbnails. */
void mf_drawing_render_to_fit (cairo_t        *cr,
                               MfEditDocument *document,
                               double          width,
                               double          height);

G_END_DECLS
