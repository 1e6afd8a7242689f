/* mf-canvas-private.h: what the files of MfCanvas share — the instance,
 * the selection and edit helpers (mf-canvas.c), and the actions, the
 * clipboard and the keyboard (mf-canvas-actions.c); the run's time the
 * valves show (mf-canvas-run.c).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "mf-canvas.h"
#include "mf-drawing.h"

G_BEGIN_DECLS

typedef enum
{
  MF_CANVAS_DRAG_NONE,
  MF_CANVAS_DRAG_MOVE,
  MF_CANVAS_DRAG_BAND,
  MF_CANVAS_DRAG_CONNECT,
  MF_CANVAS_DRAG_PAN,
  MF_CANVAS_DRAG_TOGGLE_VALVE,
} MfCanvasDrag;

struct _MfCanvas
{
  GtkWidget         parent_instance;

  MfEditDocument   *document;
  gulong            changed_id;
  MfCanvasGeometry *geometry;
  MfViewTransform   view;
  gboolean          need_fit;
  /* The view is the fit of the whole circuit, and follows the widget's size
   * until the user zooms or pans. */
  gboolean          view_fitted;
  int               fitted_width;
  int               fitted_height;
  MfDrawingColors   colors;

  GHashTable       *selection; /* owned ids */
  char             *wire_a;    /* the selected wire's ends, or NULL */
  char             *wire_b;
  char            **highlight_components;
  char            **highlight_node_ports;
  char             *editing_mode;
  char             *shown_mode;

  gboolean          pointer_inside;
  double            pointer_x;
  double            pointer_y;
  int               hover_port;
  gboolean          space_held;
  gboolean          probe_mode;

  GtkGesture       *drag_gesture;
  MfCanvasDrag      drag;
  gboolean          drag_moved;
  double            press_x; /* canvas units */
  double            press_y;
  MfViewTransform   drag_view;
  int               drag_component;
  gboolean          drag_shift;
  double            origin_x;
  double            origin_y;
  double            moved_x;
  double            moved_y;
  guint             merge_key;
  GHashTable       *band_before; /* the selection when the band began */
  gboolean          band_adds;   /* Shift: the band adds to it */
  cairo_rectangle_t band;

  /* a connection under way, by drag or by keyboard */
  gboolean          key_connect;
  guint             key_source;
  int               connect_from;
  int               connect_to;
  gboolean          connect_refused;
  double            connect_x;
  double            connect_y;
  GArray           *candidates;
  guint             candidate;

  /* the run and its time the directional valves show (mf-canvas-run.c) */
  MfRunRecord      *run;
  double            run_time;

  double            zoom_last;
  char             *last_paste;
  guint             paste_count;
};

/* --- mf-canvas.c --- */

/* A hit radius of about `pixels` on screen, in canvas units. */
double      mf_canvas_hit_radius (MfCanvas *self,
                                  double    pixels);
/* Emits "edit-refused" with `message` (with the error's message). */
void        mf_canvas_refuse (MfCanvas   *self,
                              const char *message);
void        mf_canvas_refuse_error (MfCanvas *self,
                                    GError   *error);
/* Redraws, updates the actions and emits "selection-changed". */
void        mf_canvas_selection_changed (MfCanvas *self);
void        mf_canvas_select_only (MfCanvas   *self,
                                   const char *id);
void        mf_canvas_clear_wire_selection (MfCanvas *self);
/* Selects the geometry's wire `wire_index` instead of any component. */
void        mf_canvas_select_wire (MfCanvas *self,
                                   int       wire_index);
/* The selected wire's index in the geometry, or -1. */
int         mf_canvas_selected_wire (MfCanvas *self);
void        mf_canvas_zoom_fit (MfCanvas *self);
/* The user moved the view: it no longer follows the widget's size. */
void        mf_canvas_view_changed_by_hand (MfCanvas *self);
void        mf_canvas_zoom_by (MfCanvas *self,
                               double    factor);
void        mf_canvas_reveal_component (MfCanvas *self,
                                        guint     index);

/* Emits "probe" (mf-canvas.h). */
void        mf_canvas_emit_probe (MfCanvas   *self,
                                  const char *name,
                                  gboolean    is_node);

/* --- mf-canvas-pointer.c --- */

/* Adds the drag source that offers a quantity (mf-canvas-probe.c). */
void        mf_canvas_init_quantity_drag (MfCanvas *self);
/* Adds the gestures, the pointer, key and drop controllers. */
void        mf_canvas_init_pointer (MfCanvas *self);

/* --- mf-canvas-actions.c --- */

void        mf_canvas_class_install_actions (GtkWidgetClass *widget_class);
/* Enables each action from the document and the selection. */
void        mf_canvas_update_actions (MfCanvas *self);
void        mf_canvas_key_connect_end (MfCanvas *self);
void        mf_canvas_move_selection (MfCanvas *self,
                                      double    dx,
                                      double    dy,
                                      guint     merge_key);
/* Adds a component of type `type_name` at (x, y) on the grid, selected. */
void        mf_canvas_place (MfCanvas   *self,
                             const char *type_name,
                             double      x,
                             double      y);
void        mf_canvas_connect_ports (MfCanvas *self,
                                     int       from,
                                     int       to);
/* Why port `to` may not end a connection from `from`, or NULL. */
const char *mf_canvas_connection_problem (MfCanvas *self,
                                          int       from,
                                          int       to);
/* The port a connection dragged to (x, y) would end on — a port, a
 * one-port symbol, or a wire's nearer end — or -1. */
int         mf_canvas_connection_target (MfCanvas *self,
                                         double    x,
                                         double    y);
void        mf_canvas_set_connect_target (MfCanvas *self,
                                          int       to);
/* Opens or closes switchable component `index` in the editing mode. */
void        mf_canvas_toggle_valve (MfCanvas *self,
                                    guint     index);

/* --- mf-canvas-run.c --- */

/* Gives `state` the run's time and its recorded quantities. */
void        mf_canvas_run_state (MfCanvas       *self,
                                 MfDrawingState *state);

G_END_DECLS
