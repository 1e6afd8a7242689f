/* mf-canvas-geometry.h: where everything of a circuit lies on the canvas —
 * symbols, ports, labels, the orthogonal routes of the wires, the nodes and
 * their junction dots — and the questions an editor asks of it: what is at
 * this point, what lies in this rectangle.  (The view's zoom and pan are in
 * mf-view-transform.h.)
 *
 * No GTK: the canvas widget, the drawing and the display-less tests share
 * it.  The geometry follows its document: after a "changed" it is rebuilt
 * the next time it is asked anything, so pointers it returned before are
 * then stale.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <glib-object.h>

#include "mf-view-transform.h"
#include "mf-edit-document.h"
#include "mf-symbol.h"
#include "mf-wire-route.h"

G_BEGIN_DECLS

/* ---- the geometry of a document ---- */

typedef struct
{
  const char            *id;
  MfComponentType        type;
  const MfComponentTypeInfo *info;
  double                 x;          /* the symbol's centre ("at") */
  double                 y;
  int                    rotation;
  cairo_rectangle_t      bounds;     /* the symbol with its ports */
  const char            *label;      /* "P1 · 2 m × 12 mm" */
  cairo_rectangle_t      label_rect;
  guint                  first_port; /* its ports are first_port .. + info->n_ports - 1 */
} MfCanvasComponent;

typedef struct
{
  const char     *name;      /* "P1.b" */
  guint           component;
  guint           port;      /* index in the component type's ports */
  double          x;
  double          y;
  MfPortDirection direction;
  MfDomain        domain;
  guint           node;
  guint           n_wires;
} MfCanvasPort;

typedef struct
{
  guint         index;  /* the wire's index in the document */
  guint         port_a;
  guint         port_b;
  guint         node;
  MfDomain      domain;
  MfWireRoute   route;  /* from port_a to port_b */
} MfCanvasWire;

/* Where three or more wire ends of one node meet away from a junction. */
typedef struct
{
  double x;
  double y;
  guint  node;
} MfCanvasDot;

/* The labels' font size in canvas units. */
#define MF_CANVAS_LABEL_SIZE 9.0

#define MF_TYPE_CANVAS_GEOMETRY (mf_canvas_geometry_get_type ())
G_DECLARE_FINAL_TYPE (MfCanvasGeometry, mf_canvas_geometry, MF, CANVAS_GEOMETRY, GObject)

MfCanvasGeometry        *mf_canvas_geometry_new (MfEditDocument *document);
void                     mf_canvas_geometry_set_document (MfCanvasGeometry *self,
                                                          MfEditDocument   *document);
MfEditDocument          *mf_canvas_geometry_get_document (MfCanvasGeometry *self);

guint                    mf_canvas_geometry_get_n_components (MfCanvasGeometry *self);
const MfCanvasComponent *mf_canvas_geometry_get_component (MfCanvasGeometry *self,
                                                           guint             index);
/* The index of component `id`, or -1. */
int                      mf_canvas_geometry_find_component (MfCanvasGeometry *self,
                                                            const char       *id);

guint                    mf_canvas_geometry_get_n_ports (MfCanvasGeometry *self);
const MfCanvasPort      *mf_canvas_geometry_get_port (MfCanvasGeometry *self,
                                                      guint             index);
/* The index of port "ID.PORT", or -1. */
int                      mf_canvas_geometry_find_port (MfCanvasGeometry *self,
                                                       const char       *name);

guint                    mf_canvas_geometry_get_n_wires (MfCanvasGeometry *self);
const MfCanvasWire      *mf_canvas_geometry_get_wire (MfCanvasGeometry *self,
                                                      guint             index);
guint                    mf_canvas_geometry_get_n_dots (MfCanvasGeometry *self);
const MfCanvasDot       *mf_canvas_geometry_get_dot (MfCanvasGeometry *self,
                                                     guint             index);
guint                    mf_canvas_geometry_get_n_nodes (MfCanvasGeometry *self);

/* How many times the geometry has laid out the whole document (after a
 * load, or an edit that changed the circuit's shape): an edit that changed
 * components in place lays out only what they touch.  For tests and
 * benchmarks. */
guint                    mf_canvas_geometry_get_n_builds (MfCanvasGeometry *self);

/* What everything covers, labels included; FALSE for an empty circuit. */
gboolean                 mf_canvas_geometry_get_bounds (MfCanvasGeometry  *self,
                                                        cairo_rectangle_t *bounds);

/* ---- what is near a rectangle, for drawing only what is on screen ----
 * The indices, in increasing order, of the components whose symbol or
 * label, the wires whose route's box, and the junction dots that come
 * within `margin` of `rect` (edges touching count); `n` of them, in an array
 * the geometry keeps until the same function is called again or the
 * geometry is rebuilt.  A bucket grid finds them (mf-canvas-grid.h), so a
 * small rectangle in a large circuit costs what lies near it. */
const guint             *mf_canvas_geometry_components_near (MfCanvasGeometry        *self,
                                                             const cairo_rectangle_t *rect,
                                                             double                   margin,
                                                             guint                   *n);
const guint             *mf_canvas_geometry_wires_near (MfCanvasGeometry        *self,
                                                        const cairo_rectangle_t *rect,
                                                        double                   margin,
                                                        guint                   *n);
const guint             *mf_canvas_geometry_dots_near (MfCanvasGeometry        *self,
                                                       const cairo_rectangle_t *rect,
                                                       double                   margin,
                                                       guint                   *n);

/* ---- hit testing, in canvas units ---- */

/* The topmost component whose symbol or label is at (x, y), or -1. */
int                      mf_canvas_geometry_component_at (MfCanvasGeometry *self,
                                                          double            x,
                                                          double            y);
/* The port nearest (x, y) within `radius`, or -1. */
int                      mf_canvas_geometry_port_at (MfCanvasGeometry *self,
                                                     double            x,
                                                     double            y,
                                                     double            radius);
/* The geometry's wire (not the document's index) passing within
 * `tolerance` of (x, y), or -1. */
int                      mf_canvas_geometry_wire_at (MfCanvasGeometry *self,
                                                     double            x,
                                                     double            y,
                                                     double            tolerance);
/* The components a rubber band selects, in document order: those whose
 * symbols lie wholly inside `rect`, or with `touching` those it meets. */
GArray                  *mf_canvas_geometry_components_in_rect (MfCanvasGeometry        *self,
                                                                const cairo_rectangle_t *rect,
                                                                gboolean                 touching);

G_END_DECLS
