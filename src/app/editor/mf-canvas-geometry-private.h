/* mf-canvas-geometry-private.h: what the files of MfCanvasGeometry share —
 * the instance (mf-canvas-geometry.c: the object, reading, what is near a
 * rectangle, hit tests) and the layout (mf-canvas-geometry-layout.c: the
 * whole build, and the update after an edit that changed a few components
 * in place).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <pango/pangocairo.h>

#include "mf-canvas-geometry.h"
#include "mf-canvas-grid.h"

G_BEGIN_DECLS

struct _MfCanvasGeometry
{
  GObject         parent_instance;

  MfEditDocument *document;
  gulong          changed_id;
  gboolean        dirty;      /* the next question builds everything again */
  GArray         *changed;    /* guint: components changed in place since the last build */
  GArray         *asked;      /* guint: scratch for what one change changed */
  guint           n_updates;  /* updates since the last whole build */
  guint           n_builds;   /* whole builds so far */

  GArray         *components; /* MfCanvasComponent */
  GArray         *default_labels; /* cairo_rectangle_t: each label where place_label() put it */
  GArray         *ports;      /* MfCanvasPort */
  GArray         *wires;      /* MfCanvasWire */
  GArray         *dots;       /* MfCanvasDot, node by node */
  GArray         *spare_dots; /* the last dots, while an update makes the new ones */
  GStringChunk   *strings;    /* ids, port names and labels of this build */
  GHashTable     *component_index; /* id -> index + 1 */
  GHashTable     *port_index;      /* "ID.PORT" -> index + 1 */
  guint           n_nodes;
  guint           n_document_components;
  gboolean        has_bounds;
  cairo_rectangle_t bounds;

  /* Who touches whom, each list after its start (a start per item, and
   * one more): a port's wires, a node's wires, ports and dots. */
  GArray         *port_wire_start;
  GArray         *port_wires;
  GArray         *node_wire_start;
  GArray         *node_wires;
  GArray         *node_port_start;
  GArray         *node_ports;
  GArray         *node_dot_start;

  /* where things are, for culling, hit tests and laying out labels */
  MfCanvasGrid   *component_grid; /* by symbol and every place its label may take */
  MfCanvasGrid   *wire_grid;      /* by the box around the route */
  MfCanvasGrid   *dot_grid;
  GArray         *boxes;          /* cairo_rectangle_t: scratch for building the grids */
  GArray         *near;           /* guint: scratch for the grids' answers */
  GArray         *visible[3];     /* guint: the answers of the *_near() functions */

  /* scratch of an update */
  guint           mark;           /* the update under way, for the marks below */
  GArray         *component_marks;
  GArray         *wire_marks;
  GArray         *node_marks;
  GArray         *dirty_rects;    /* cairo_rectangle_t: where something changed */
  GArray         *reroute;        /* guint: wires to route again */
  GArray         *queue;          /* guint: junctions to place again, a heap */
  GArray         *points;         /* MfCanvasPoint: a node's junction points */
  GPtrArray      *routes;         /* const MfWireRoute *: a node's routes */
  GArray         *ends;           /* MfWireEnd: a node's ports */

  PangoContext   *pango;
  PangoLayout    *measure;
  GHashTable     *label_sizes; /* label text -> double[2], its width and height */
};

/* --- mf-canvas-geometry-layout.c --- */

/* Lays everything out again from the document (an empty geometry when
 * there is none). */
void     mf_canvas_geometry_build (MfCanvasGeometry *self);
/* Lays out again only what the components in self->changed touch — their
 * symbols, ports and labels, their wires, the dots of their nodes and the
 * junction labels near any of these — exactly as a whole build would; FALSE
 * (having perhaps done part of it) when only a whole build will do. */
gboolean mf_canvas_geometry_update (MfCanvasGeometry *self);

G_END_DECLS
