/* mf-canvas.h: the circuit editor's drawing surface.
 *
 * Shows an MfEditDocument and edits it: select, move, rotate, delete,
 * copy and paste, connect ports, place new components, toggle valves in a
 * mode, zoom and pan.  Every edit goes through the document, so the
 * document's history undoes it.
 *
 * Actions (widget actions, with their shortcuts):
 *   canvas.delete (Delete), canvas.rotate (R), canvas.copy (Ctrl+C),
 *   canvas.cut (Ctrl+X), canvas.paste (Ctrl+V), canvas.duplicate (Ctrl+D),
 *   canvas.select-all (Ctrl+A), canvas.zoom-in (Ctrl+plus),
 *   canvas.zoom-out (Ctrl+minus), canvas.zoom-fit (Ctrl+0),
 *   canvas.place (string: a component type's name, "pipe"),
 *   canvas.connect (C), canvas.cancel (Escape).
 *
 * Signals:
 *   "selection-changed" (void)
 *   "edit-refused" (const char *message): an edit the document refused, or
 *     a connection between ports of different domains, in words.
 *   "probe" (const char *name, gboolean is_node): in probe mode, a click
 *     asked for the quantities of a component (`name` is its id, "C1";
 *     its results are the "C1.*" columns without a further dot) or of a
 *     node (`name` is the node's name as the core gives it, "J1" or "P1.b";
 *     its pressure is "NAME.p").  A click on a one-port hydraulic component
 *     (junction, tank, volume) emits it for the component, then for its
 *     node.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "mf-canvas-geometry.h"
#include "mf-edit-document.h"
#include "mf-run-record.h"

G_BEGIN_DECLS

/* What palettes put in a drag: "manifold-component:" and a type's name. */
#define MF_CANVAS_DRAG_PREFIX "manifold-component:"

#define MF_TYPE_CANVAS (mf_canvas_get_type ())
G_DECLARE_FINAL_TYPE (MfCanvas, mf_canvas, MF, CANVAS, GtkWidget)

GtkWidget        *mf_canvas_new (void);

/* Shows `document` (may be NULL) and fits it into view; redraws on its
 * "changed" signal.  Property "document". */
void              mf_canvas_set_document (MfCanvas       *self,
                                          MfEditDocument *document);
MfEditDocument   *mf_canvas_get_document (MfCanvas *self);

/* The ids of the selected components, in document order; free with
 * g_strfreev. */
char            **mf_canvas_get_selection (MfCanvas *self);
/* Selects exactly the components `ids` (unknown ids are ignored). */
void              mf_canvas_set_selection (MfCanvas           *self,
                                           const char * const *ids);

/* Marks components and nodes for the structure panel: a node is given by
 * any of its ports ("J1.p", "P1.b") and every wire and port of it is
 * marked.  NULL clears either. */
void              mf_canvas_set_highlight (MfCanvas           *self,
                                           const char * const *component_ids,
                                           const char * const *node_ports);

/* While a mode is set, the valves it closes are drawn closed and a click on
 * a switchable valve opens or closes it in that mode.  NULL ends mode
 * editing.  Property "editing-mode". */
void              mf_canvas_set_editing_mode (MfCanvas   *self,
                                              const char *mode);
const char       *mf_canvas_get_editing_mode (MfCanvas *self);

/* The mode the user is looking at (the modes panel's): the valves it
 * closes are drawn closed, but clicks leave them alone.  The editing mode,
 * while there is one, is drawn instead.  NULL: every valve drawn open.
 * Property "shown-mode". */
void              mf_canvas_set_shown_mode (MfCanvas   *self,
                                            const char *mode);
const char       *mf_canvas_get_shown_mode (MfCanvas *self);

/* The layout the canvas draws and hit-tests, and how it is zoomed.  The
 * view shows the whole circuit, refitted whenever the canvas changes size,
 * until the user zooms or pans (canvas.zoom-fit goes back to that). */
MfCanvasGeometry *mf_canvas_get_geometry (MfCanvas *self);

/* In probe mode a click picks what to plot instead of editing: it emits
 * "probe" for the component, junction or wire under the pointer and
 * neither selects nor moves anything; the pointer is a crosshair.
 * Property "probe-mode". */
void              mf_canvas_set_probe_mode (MfCanvas *self,
                                            gboolean  probe_mode);
gboolean          mf_canvas_get_probe_mode (MfCanvas *self);
/* What a click at (x, y) in widget coordinates does in probe mode: emits
 * "probe" for what is there; FALSE when nothing is. */
gboolean          mf_canvas_probe_at (MfCanvas *self,
                                      double    x,
                                      double    y);
/* The main quantity of what is under (x, y) in widget coordinates, which
 * Ctrl+drag from there offers the plots: a piston's, a mass's, a motor's,
 * an inertia's or an accumulator's position "C1.x"; a pipe's, an
 * orifice's, a valve's, a pump's or a flow source's flow "O1.q"; the
 * pressure of a node ("J1.p") for a port, a wire, a junction, a tank or a
 * volume; NULL for anything else.  Free with g_free(). */
char             *mf_canvas_quantity_at (MfCanvas *self,
                                         double    x,
                                         double    y);
/* What a drag from (x, y) carries (mf-quantity-drag.h), or NULL. */
GdkContentProvider *mf_canvas_quantity_drag_content (MfCanvas *self,
                                                     double    x,
                                                     double    y);
/* The name the core gives node `node` of the geometry: the id of its
 * first junction in document order, else its first port's name ("P1.b").
 * Free with g_free(). */
char             *mf_canvas_node_name (MfCanvas *self,
                                       guint     node);
void              mf_canvas_get_view (MfCanvas        *self,
                                      MfViewTransform *view);

/* The run shown and its time (or NaN: none), at which the directional
 * valves' symbols show their spools' places, a spool that names the run's
 * quantities with the values `run` recorded then (interpolated; `run` may
 * be NULL, and is not kept when t is NaN); NaN puts every spool back at
 * rest.  A new time redraws only when the circuit has a directional valve
 * and one of their places changed (mf-canvas-run.c). */
void              mf_canvas_set_run (MfCanvas    *self,
                                     MfRunRecord *run,
                                     double       t);
double            mf_canvas_get_run_time (MfCanvas *self);

G_END_DECLS
