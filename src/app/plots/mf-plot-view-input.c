/* mf-plot-view-input.c: the plot view's gestures — scroll to zoom about
 * the pointer, a drag to draw a zoom box or to pan, a double click to
 * reset, a click on the legend to toggle a series, a click on the time
 * axis ("time-clicked"), and keys.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-plot-view-private.h"

#include <math.h>

/* A drag thinner than this in one direction zooms only the other axis. */
#define THIN_DRAG 4.0
/* One wheel notch zooms by this factor; a key press too. */
#define ZOOM_STEP 1.25
/* Arrow keys pan by this fraction of the width. */
#define PAN_STEP 0.1

static double
axis_width (MfPlotRange *range)
{
  double lo, hi;

  mf_plot_range_get (range, &lo, &hi);
  return mf_plot_range_get_log (range) ? log10 (hi / lo) : hi - lo;
}

static void
reset (MfPlotView *self)
{
  mf_plot_range_reset (self->x_range);
  mf_plot_range_reset (self->y_range);
}

static void
pointer_moved (MfPlotView *self, double x, double y)
{
  self->has_pointer = TRUE;
  self->pointer_x = x;
  self->pointer_y = y;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  mf_plot_view_emit_cursor_moved (self);
}

static void
pointer_left (MfPlotView *self)
{
  self->has_pointer = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  mf_plot_view_emit_cursor_moved (self);
}

/* Scrolling down zooms out, about the value under the pointer (the middle
 * when the pointer is elsewhere); with Shift the y axis. */
static gboolean
scrolled (GtkEventControllerScroll *controller, double dx, double dy, MfPlotView *self)
{
  GdkModifierType state =
    gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller));
  gboolean on_y = (state & GDK_SHIFT_MASK) != 0;
  gboolean inside = self->has_pointer
                    && mf_plot_view_in_data_area (self, self->pointer_x, self->pointer_y);
  MfPlotRange *range = on_y ? self->y_range : self->x_range;
  double center;

  if (dy == 0)
    return FALSE;
  if (inside)
    center = on_y ? mf_plot_view_y_at (self, self->pointer_y)
                  : mf_plot_view_x_at (self, self->pointer_x);
  else
    center = mf_plot_range_from_fraction (range, 0.5);
  mf_plot_range_zoom_at (range, center, pow (ZOOM_STEP, dy));
  return TRUE;
}

static void
drag_begin (GtkGestureDrag *gesture, double x, double y, MfPlotView *self)
{
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));
  GdkModifierType state =
    gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));

  self->drag = MF_PLOT_DRAG_NONE;
  if (!mf_plot_view_in_data_area (self, x, y) || mf_plot_legend_hit (self->plot, x, y) != -1)
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  if (button == GDK_BUTTON_MIDDLE || (state & GDK_SHIFT_MASK) != 0)
    self->drag = MF_PLOT_DRAG_PAN;
  else if (button == GDK_BUTTON_PRIMARY || button == 0) /* 0: no event told (synthesised) */
    self->drag = MF_PLOT_DRAG_BOX;
  else
    return;
  self->drag_x = x;
  self->drag_y = y;
  self->drag_dx = self->drag_dy = 0;
  gtk_widget_grab_focus (GTK_WIDGET (self));
}

static void
drag_update (GtkGestureDrag *gesture, double dx, double dy, MfPlotView *self)
{
  MfPlotRect a = mf_plot_get_data_area (self->plot);

  if (self->drag == MF_PLOT_DRAG_PAN)
    {
      /* the data follows the pointer: moving right shows earlier times */
      double step_x = (dx - self->drag_dx) / MAX (a.width, 1.0);
      double step_y = (dy - self->drag_dy) / MAX (a.height, 1.0);

      if (step_x != 0)
        mf_plot_range_pan (self->x_range, -step_x * axis_width (self->x_range));
      if (step_y != 0)
        mf_plot_range_pan (self->y_range, step_y * axis_width (self->y_range));
    }
  if (self->drag != MF_PLOT_DRAG_NONE)
    {
      self->drag_dx = dx;
      self->drag_dy = dy;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

/* The box, clamped to the data area, becomes the new intervals. */
static void
zoom_to_box (MfPlotView *self)
{
  MfPlotRect a = mf_plot_get_data_area (self->plot);
  double x0 = CLAMP (self->drag_x, a.x, a.x + a.width);
  double x1 = CLAMP (self->drag_x + self->drag_dx, a.x, a.x + a.width);
  double y0 = CLAMP (self->drag_y, a.y, a.y + a.height);
  double y1 = CLAMP (self->drag_y + self->drag_dy, a.y, a.y + a.height);
  gboolean zoom_x = fabs (x1 - x0) >= THIN_DRAG, zoom_y = fabs (y1 - y0) >= THIN_DRAG;
  double t0, t1, v0, v1;

  if (!zoom_x && !zoom_y)
    return;
  /* both values first: the x zoom must not move the y map and vice versa */
  t0 = mf_plot_view_x_at (self, x0);
  t1 = mf_plot_view_x_at (self, x1);
  v0 = mf_plot_view_y_at (self, y0);
  v1 = mf_plot_view_y_at (self, y1);
  if (zoom_x)
    mf_plot_range_zoom_to (self->x_range, t0, t1);
  if (zoom_y)
    mf_plot_range_zoom_to (self->y_range, v0, v1);
}

static void
drag_end (GtkGestureDrag *gesture, double dx, double dy, MfPlotView *self)
{
  MfPlotDrag drag = self->drag;

  self->drag_dx = dx;
  self->drag_dy = dy;
  self->drag = MF_PLOT_DRAG_NONE;
  if (drag == MF_PLOT_DRAG_BOX)
    zoom_to_box (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
pressed (GtkGestureClick *gesture, int n_press, double x, double y, MfPlotView *self)
{
  if (mf_plot_legend_hit (self->plot, x, y) == MF_PLOT_LEGEND_MORE)
    {
      mf_plot_view_show_series_list (self, x, y);
      return;
    }
  if (mf_plot_legend_hit (self->plot, x, y) >= 0)
    {
      /* each click of a double click toggles; neither resets */
      mf_plot_view_toggle_legend_at (self, x, y);
      return;
    }
  if (n_press == 2 && mf_plot_view_in_data_area (self, x, y))
    reset (self);
  else if (n_press == 1)
    mf_plot_view_click_time_axis (self, x, y);
}

static gboolean
key_pressed (GtkEventControllerKey *controller,
             guint                  keyval,
             guint                  keycode,
             GdkModifierType        state,
             MfPlotView            *self)
{
  switch (keyval)
    {
    case GDK_KEY_plus:
    case GDK_KEY_equal:
    case GDK_KEY_KP_Add:
      mf_plot_range_zoom_at (self->x_range, mf_plot_range_from_fraction (self->x_range, 0.5),
                             1 / ZOOM_STEP);
      return TRUE;
    case GDK_KEY_minus:
    case GDK_KEY_KP_Subtract:
      mf_plot_range_zoom_at (self->x_range, mf_plot_range_from_fraction (self->x_range, 0.5),
                             ZOOM_STEP);
      return TRUE;
    case GDK_KEY_Left:
    case GDK_KEY_Right:
      mf_plot_range_pan (self->x_range, (keyval == GDK_KEY_Left ? -PAN_STEP : PAN_STEP)
                                          * axis_width (self->x_range));
      return TRUE;
    case GDK_KEY_Up:
    case GDK_KEY_Down:
      mf_plot_range_pan (self->y_range, (keyval == GDK_KEY_Down ? -PAN_STEP : PAN_STEP)
                                          * axis_width (self->y_range));
      return TRUE;
    case GDK_KEY_Home:
    case GDK_KEY_KP_Home:
      reset (self);
      return TRUE;
    default:
      return FALSE;
    }
}

void
mf_plot_view_add_controllers (MfPlotView *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkEventController *motion = gtk_event_controller_motion_new ();
  GtkEventController *scroll = gtk_event_controller_scroll_new (
    GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
  GtkGesture *drag = gtk_gesture_drag_new ();
  GtkGesture *click = gtk_gesture_click_new ();
  GtkEventController *keys = gtk_event_controller_key_new ();

  g_signal_connect_swapped (motion, "enter", G_CALLBACK (pointer_moved), self);
  g_signal_connect_swapped (motion, "motion", G_CALLBACK (pointer_moved), self);
  g_signal_connect_swapped (motion, "leave", G_CALLBACK (pointer_left), self);
  gtk_widget_add_controller (widget, motion);

  g_signal_connect (scroll, "scroll", G_CALLBACK (scrolled), self);
  gtk_widget_add_controller (widget, scroll);

  /* any button: which one decides between the box and panning */
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), 0);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (drag_update), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (drag_end), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (drag));

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect (click, "pressed", G_CALLBACK (pressed), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (click));

  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed), self);
  gtk_widget_add_controller (widget, keys);
}
