/* mf-test-canvas.h: driving a canvas (src/app/editor/mf-canvas.h) as a user
 * does — dropping what the palette drags, dragging with the primary button
 * between canvas points, finding where a port is drawn — for the tests that
 * edit circuits by hand (test-canvas.c, test-draw-textbook.c).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "mf-canvas.h"
#include "mf-test-widgets.h"

/* Canvas coordinates to the widget's. */
static inline void
mf_test_canvas_to_widget (GtkWidget *canvas,
                          double     x,
                          double     y,
                          double    *wx,
                          double    *wy)
{
  MfViewTransform view;

  mf_canvas_get_view (MF_CANVAS (canvas), &view);
  mf_view_transform_to_widget (&view, x, y, wx, wy);
}

/* A primary-button drag between two canvas points, in a few steps, through
 * the canvas's own drag gesture. */
static inline void
mf_test_canvas_drag (GtkWidget *canvas,
                     double     x1,
                     double     y1,
                     double     x2,
                     double     y2)
{
  GtkEventController *gesture = find_controller (canvas, GTK_TYPE_GESTURE_DRAG,
                                                 GDK_BUTTON_PRIMARY);
  double wx1, wy1, wx2, wy2;

  mf_test_canvas_to_widget (canvas, x1, y1, &wx1, &wy1);
  mf_test_canvas_to_widget (canvas, x2, y2, &wx2, &wy2);
  g_signal_emit_by_name (gesture, "drag-begin", wx1, wy1);
  for (int step = 1; step <= 4; step++)
    if (wx1 != wx2 || wy1 != wy2)
      g_signal_emit_by_name (gesture, "drag-update", (wx2 - wx1) * step / 4,
                             (wy2 - wy1) * step / 4);
  g_signal_emit_by_name (gesture, "drag-end", wx2 - wx1, wy2 - wy1);
  spin ();
}

/* Where the port "ID.PORT" is drawn; there must be one. */
static inline const MfCanvasPort *
mf_test_canvas_port (GtkWidget  *canvas,
                     const char *name)
{
  MfCanvasGeometry *geometry = mf_canvas_get_geometry (MF_CANVAS (canvas));
  int index = mf_canvas_geometry_find_port (geometry, name);

  if (index < 0)
    g_error ("the canvas shows no port '%s'", name);
  return mf_canvas_geometry_get_port (geometry, index);
}

/* Drops what a palette button drags for `type` at canvas point (x, y);
 * TRUE when the canvas took it. */
static inline gboolean
mf_test_canvas_drop_type (GtkWidget  *canvas,
                          const char *type,
                          double      x,
                          double      y)
{
  GtkEventController *drop = find_controller (canvas, GTK_TYPE_DROP_TARGET, 0);
  g_autofree char *text = g_strconcat (MF_CANVAS_DRAG_PREFIX, type, NULL);
  GValue value = G_VALUE_INIT;
  gboolean accepted = FALSE;
  double wx, wy;

  mf_test_canvas_to_widget (canvas, x, y, &wx, &wy);
  g_value_init (&value, G_TYPE_STRING);
  g_value_set_string (&value, text);
  g_signal_emit_by_name (drop, "drop", &value, wx, wy, &accepted);
  g_value_unset (&value);
  spin ();
  return accepted;
}
