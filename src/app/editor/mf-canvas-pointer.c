/* mf-canvas-pointer.c: the canvas under the pointer — clicks, drags,
 * rubber bands, connections, scrolling, pinching, hovering and drops (the
 * gestures are listed at the top of mf-canvas.c).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-canvas-private.h"

#include <math.h>
#include <string.h>

static guint
next_merge_key (void)
{
  static guint key = 0x4d430000;

  return ++key;
}

/* ---- pointer ---- */

static GHashTable *
copy_ids (GHashTable *ids)
{
  GHashTable *copy = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GHashTableIter iter;
  gpointer id;

  g_hash_table_iter_init (&iter, ids);
  while (g_hash_table_iter_next (&iter, &id, NULL))
    g_hash_table_add (copy, g_strdup (id));
  return copy;
}

static gboolean
same_ids (GHashTable *a,
          GHashTable *b)
{
  GHashTableIter iter;
  gpointer id;

  if (g_hash_table_size (a) != g_hash_table_size (b))
    return FALSE;
  g_hash_table_iter_init (&iter, a);
  while (g_hash_table_iter_next (&iter, &id, NULL))
    if (!g_hash_table_contains (b, id))
      return FALSE;
  return TRUE;
}

static void
band_update (MfCanvas *self,
             double    x,
             double    y)
{
  g_autoptr (GArray) hits = NULL;
  g_autoptr (GHashTable) next = NULL;

  self->band.x = MIN (x, self->press_x);
  self->band.y = MIN (y, self->press_y);
  self->band.width = fabs (x - self->press_x);
  self->band.height = fabs (y - self->press_y);
  hits = mf_canvas_geometry_components_in_rect (self->geometry, &self->band,
                                                x < self->press_x);
  if (self->band_adds)
    next = copy_ids (self->band_before);
  else
    next = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; i < hits->len; i++)
    {
      guint index = g_array_index (hits, guint, i);
      g_hash_table_add (next,
                        g_strdup (mf_canvas_geometry_get_component (self->geometry, index)->id));
    }
  /* panels follow the selection: tell them only when it changes */
  gtk_widget_queue_draw (GTK_WIDGET (self));
  if (same_ids (next, self->selection))
    return;
  g_hash_table_unref (self->selection);
  self->selection = g_steal_pointer (&next);
  mf_canvas_selection_changed (self);
}

/* The port under the pointer is ringed, and the cursor says what a press
 * there would do. */
static void
update_hover (MfCanvas *self,
              double    widget_x,
              double    widget_y)
{
  double x, y;
  int port;
  const char *cursor = NULL;

  mf_view_transform_to_canvas (&self->view, widget_x, widget_y, &x, &y);
  port = mf_canvas_geometry_port_at (self->geometry, x, y, mf_canvas_hit_radius (self, 7));
  if (port >= 0 && mf_canvas_geometry_get_port (self->geometry, port)->direction
                     == MF_PORT_DIRECTION_NONE)
    port = -1;
  if (self->space_held)
    cursor = "grab";
  else if (self->probe_mode)
    cursor = "crosshair";
  else if (port >= 0)
    cursor = "crosshair";
  else if (mf_canvas_geometry_component_at (self->geometry, x, y) >= 0)
    cursor = self->editing_mode != NULL ? "pointer" : "move";
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), cursor);
  if (port != self->hover_port)
    {
      self->hover_port = port;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

static void
begin_on_component (MfCanvas *self,
                    int       index,
                    gboolean  shift)
{
  const MfCanvasComponent *c = mf_canvas_geometry_get_component (self->geometry, index);

  if (shift)
    {
      mf_canvas_clear_wire_selection (self);
      if (!g_hash_table_remove (self->selection, c->id))
        g_hash_table_add (self->selection, g_strdup (c->id));
      mf_canvas_selection_changed (self);
      c = mf_canvas_geometry_get_component (self->geometry, index);
      if (!g_hash_table_contains (self->selection, c->id))
        return;
    }
  else if (!g_hash_table_contains (self->selection, c->id))
    mf_canvas_select_only (self, c->id);
  c = mf_canvas_geometry_get_component (self->geometry, index);
  self->drag = MF_CANVAS_DRAG_MOVE;
  self->drag_component = index;
  self->drag_shift = shift;
  self->origin_x = c->x;
  self->origin_y = c->y;
  self->moved_x = self->moved_y = 0;
  self->merge_key = next_merge_key ();
}

static void
on_drag_begin (GtkGestureDrag *gesture,
               double          widget_x,
               double          widget_y,
               MfCanvas       *self)
{
  GdkModifierType mods = gtk_event_controller_get_current_event_state (
    GTK_EVENT_CONTROLLER (gesture));
  gboolean shift = (mods & GDK_SHIFT_MASK) != 0;
  double x, y;
  int port, c, w;

  gtk_widget_grab_focus (GTK_WIDGET (self));
  if (self->key_connect)
    mf_canvas_key_connect_end (self);
  self->drag = MF_CANVAS_DRAG_NONE;
  self->drag_moved = FALSE;
  self->drag_view = self->view;
  mf_view_transform_to_canvas (&self->view, widget_x, widget_y, &x, &y);
  self->press_x = x;
  self->press_y = y;
  if (self->space_held)
    {
      self->drag = MF_CANVAS_DRAG_PAN;
      return;
    }
  if (self->probe_mode)
    {
      mf_canvas_probe_at (self, widget_x, widget_y);
      return;
    }
  if (self->document == NULL)
    return;
  /* Ctrl+drag from something with a quantity carries it to a plot
   * (mf-canvas-probe.c) and edits nothing */
  if ((mods & GDK_CONTROL_MASK) != 0)
    {
      g_autofree char *quantity = mf_canvas_quantity_at (self, widget_x, widget_y);

      if (quantity != NULL)
        return;
    }

  c = mf_canvas_geometry_component_at (self->geometry, x, y);
  if (self->editing_mode != NULL && c >= 0
      && mf_canvas_geometry_get_component (self->geometry, c)->info->switchable)
    {
      self->drag = MF_CANVAS_DRAG_TOGGLE_VALVE;
      self->drag_component = c;
      return;
    }
  port = mf_canvas_geometry_port_at (self->geometry, x, y, mf_canvas_hit_radius (self, 7));
  if (port < 0 && c >= 0 && (mods & GDK_ALT_MASK) != 0)
    port = (int) mf_canvas_geometry_get_component (self->geometry, c)->first_port;
  if (port >= 0 && (mf_canvas_geometry_get_port (self->geometry, port)->direction
                    != MF_PORT_DIRECTION_NONE || (mods & GDK_ALT_MASK) != 0))
    {
      self->drag = MF_CANVAS_DRAG_CONNECT;
      self->connect_from = port;
      self->connect_x = x;
      self->connect_y = y;
      mf_canvas_set_connect_target (self, -1);
      return;
    }
  if (c >= 0)
    {
      begin_on_component (self, c, shift);
      return;
    }
  w = mf_canvas_geometry_wire_at (self->geometry, x, y, mf_canvas_hit_radius (self, 5));
  if (w >= 0)
    {
      mf_canvas_select_wire (self, w);
      return;
    }
  self->drag = MF_CANVAS_DRAG_BAND;
  self->band_adds = shift;
  g_clear_pointer (&self->band_before, g_hash_table_unref);
  self->band_before = copy_ids (self->selection);
  mf_canvas_clear_wire_selection (self);
  band_update (self, x, y);
}

static void
on_drag_update (GtkGestureDrag *gesture,
                double          offset_x,
                double          offset_y,
                MfCanvas       *self)
{
  double x = self->press_x + offset_x / self->drag_view.scale;
  double y = self->press_y + offset_y / self->drag_view.scale;

  /* a click that trembles is still a click */
  if (!self->drag_moved && hypot (offset_x, offset_y) < 3)
    return;
  self->drag_moved = TRUE;
  switch (self->drag)
    {
    case MF_CANVAS_DRAG_PAN:
      self->view.x0 = self->drag_view.x0 + offset_x;
      self->view.y0 = self->drag_view.y0 + offset_y;
      mf_canvas_view_changed_by_hand (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      break;
    case MF_CANVAS_DRAG_MOVE:
      {
        /* the grabbed component lands on the grid; the rest keep their
         * places relative to it */
        double dx = mf_canvas_snap (self->origin_x + x - self->press_x, MF_SYMBOL_GRID)
                    - self->origin_x - self->moved_x;
        double dy = mf_canvas_snap (self->origin_y + y - self->press_y, MF_SYMBOL_GRID)
                    - self->origin_y - self->moved_y;

        if (dx != 0 || dy != 0)
          {
            mf_canvas_move_selection (self, dx, dy, self->merge_key);
            self->moved_x += dx;
            self->moved_y += dy;
          }
        break;
      }
    case MF_CANVAS_DRAG_BAND:
      band_update (self, x, y);
      break;
    case MF_CANVAS_DRAG_CONNECT:
      self->connect_x = x;
      self->connect_y = y;
      mf_canvas_set_connect_target (self, mf_canvas_connection_target (self, x, y));
      break;
    default:
      break;
    }
}

static void
on_drag_end (GtkGestureDrag *gesture,
             double          offset_x,
             double          offset_y,
             MfCanvas       *self)
{
  MfCanvasDrag drag = self->drag;
  double start_x, start_y;

  self->drag = MF_CANVAS_DRAG_NONE;
  /* The hover was frozen during the drag, on the port where it began (a
   * connection starts there): it belongs where the pointer is now. */
  self->hover_port = -1;
  switch (drag)
    {
    case MF_CANVAS_DRAG_MOVE:
      /* a plain click inside a larger selection picks that one */
      if (!self->drag_moved && !self->drag_shift
          && (guint) self->drag_component < mf_canvas_geometry_get_n_components (self->geometry))
        mf_canvas_select_only (self, mf_canvas_geometry_get_component (self->geometry,
                                                             self->drag_component)->id);
      break;
    case MF_CANVAS_DRAG_TOGGLE_VALVE:
      if (!self->drag_moved
          && (guint) self->drag_component < mf_canvas_geometry_get_n_components (self->geometry))
        mf_canvas_toggle_valve (self, self->drag_component);
      break;
    case MF_CANVAS_DRAG_CONNECT:
      if (self->connect_to >= 0)
        {
          const char *problem = mf_canvas_connection_problem (self, self->connect_from,
                                                              self->connect_to);

          if (problem != NULL)
            mf_canvas_refuse (self, problem);
          else
            mf_canvas_connect_ports (self, self->connect_from, self->connect_to);
        }
      self->connect_from = self->connect_to = -1;
      break;
    case MF_CANVAS_DRAG_BAND:
      g_clear_pointer (&self->band_before, g_hash_table_unref);
      break;
    default:
      break;
    }
  if (gtk_gesture_drag_get_start_point (gesture, &start_x, &start_y))
    update_hover (self, start_x + offset_x, start_y + offset_y);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_pan_begin (GtkGestureDrag *gesture,
              double          widget_x,
              double          widget_y,
              MfCanvas       *self)
{
  self->drag_view = self->view;
}

static void
on_pan_update (GtkGestureDrag *gesture,
               double          offset_x,
               double          offset_y,
               MfCanvas       *self)
{
  self->view.x0 = self->drag_view.x0 + offset_x;
  self->view.y0 = self->drag_view.y0 + offset_y;
  mf_canvas_view_changed_by_hand (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
on_scroll (GtkEventControllerScroll *controller,
           double                    dx,
           double                    dy,
           MfCanvas                 *self)
{
  GdkModifierType mods = gtk_event_controller_get_current_event_state (
    GTK_EVENT_CONTROLLER (controller));
  gboolean wheel = gtk_event_controller_scroll_get_unit (controller) == GDK_SCROLL_UNIT_WHEEL;

  if (mods & GDK_CONTROL_MASK)
    mf_view_transform_zoom_at (&self->view, self->pointer_x, self->pointer_y,
                               wheel ? pow (1.2, -dy) : exp (-dy * 0.01));
  else if (wheel && (mods & GDK_SHIFT_MASK) && dx == 0)
    mf_view_transform_pan (&self->view, -dy * 40, 0);
  else
    mf_view_transform_pan (&self->view, -dx * (wheel ? 40 : 1), -dy * (wheel ? 40 : 1));
  mf_canvas_view_changed_by_hand (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return TRUE;
}

static void
on_zoom_begin (GtkGesture       *gesture,
               GdkEventSequence *sequence,
               MfCanvas         *self)
{
  self->zoom_last = 1.0;
}

static void
on_zoom_scale_changed (GtkGestureZoom *gesture,
                       double          scale,
                       MfCanvas       *self)
{
  double x, y;

  if (!gtk_gesture_get_bounding_box_center (GTK_GESTURE (gesture), &x, &y) || scale <= 0)
    return;
  mf_view_transform_zoom_at (&self->view, x, y, scale / self->zoom_last);
  mf_canvas_view_changed_by_hand (self);
  self->zoom_last = scale;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_motion (GtkEventControllerMotion *controller,
           double                    widget_x,
           double                    widget_y,
           MfCanvas                 *self)
{
  self->pointer_inside = TRUE;
  self->pointer_x = widget_x;
  self->pointer_y = widget_y;
  if (self->drag == MF_CANVAS_DRAG_NONE)
    update_hover (self, widget_x, widget_y);
}

static void
on_leave (GtkEventControllerMotion *controller,
          MfCanvas                 *self)
{
  self->pointer_inside = FALSE;
  if (self->hover_port >= 0)
    {
      self->hover_port = -1;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

static gboolean
on_key_pressed (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                MfCanvas              *self)
{
  if (keyval != GDK_KEY_space)
    return FALSE;
  self->space_held = TRUE;
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "grab");
  return TRUE;
}

static void
on_key_released (GtkEventControllerKey *controller,
                 guint                  keyval,
                 guint                  keycode,
                 GdkModifierType        state,
                 MfCanvas              *self)
{
  if (keyval != GDK_KEY_space)
    return;
  self->space_held = FALSE;
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), self->probe_mode ? "crosshair" : NULL);
}

static gboolean
on_drop (GtkDropTarget *target,
         const GValue  *value,
         double         widget_x,
         double         widget_y,
         MfCanvas      *self)
{
  const char *text = G_VALUE_HOLDS_STRING (value) ? g_value_get_string (value) : NULL;
  double x, y;

  if (text == NULL || !g_str_has_prefix (text, MF_CANVAS_DRAG_PREFIX) || self->document == NULL)
    return FALSE;
  mf_view_transform_to_canvas (&self->view, widget_x, widget_y, &x, &y);
  mf_canvas_place (self, text + strlen (MF_CANVAS_DRAG_PREFIX), x, y);
  gtk_widget_grab_focus (GTK_WIDGET (self));
  return TRUE;
}

void
mf_canvas_init_pointer (MfCanvas *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkEventController *controller;
  GtkGesture *gesture;
  GtkDropTarget *drop;

  gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_PRIMARY);
  g_signal_connect (gesture, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (gesture, "drag-update", G_CALLBACK (on_drag_update), self);
  g_signal_connect (gesture, "drag-end", G_CALLBACK (on_drag_end), self);
  self->drag_gesture = gesture;
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_MIDDLE);
  g_signal_connect (gesture, "drag-begin", G_CALLBACK (on_pan_begin), self);
  g_signal_connect (gesture, "drag-update", G_CALLBACK (on_pan_update), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_zoom_new ();
  g_signal_connect (gesture, "begin", G_CALLBACK (on_zoom_begin), self);
  g_signal_connect (gesture, "scale-changed", G_CALLBACK (on_zoom_scale_changed), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (gesture));

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  g_signal_connect (controller, "scroll", G_CALLBACK (on_scroll), self);
  gtk_widget_add_controller (widget, controller);

  controller = gtk_event_controller_motion_new ();
  g_signal_connect (controller, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (controller, "enter", G_CALLBACK (on_motion), self);
  g_signal_connect (controller, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (widget, controller);

  controller = gtk_event_controller_key_new ();
  g_signal_connect (controller, "key-pressed", G_CALLBACK (on_key_pressed), self);
  g_signal_connect (controller, "key-released", G_CALLBACK (on_key_released), self);
  gtk_widget_add_controller (widget, controller);

  drop = gtk_drop_target_new (G_TYPE_STRING, GDK_ACTION_COPY);
  g_signal_connect (drop, "drop", G_CALLBACK (on_drop), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (drop));

}
