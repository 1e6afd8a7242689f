/* mf-view-transform.c: zoom and pan as a scale and an offset.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-view-transform.h"

#include <math.h>

void
mf_view_transform_init (MfViewTransform *view)
{
  view->scale = 1.0;
  view->x0 = 0.0;
  view->y0 = 0.0;
}

void
mf_view_transform_to_widget (const MfViewTransform *view,
                             double                 x,
                             double                 y,
                             double                *widget_x,
                             double                *widget_y)
{
  *widget_x = view->x0 + x * view->scale;
  *widget_y = view->y0 + y * view->scale;
}

void
mf_view_transform_to_canvas (const MfViewTransform *view,
                             double                 widget_x,
                             double                 widget_y,
                             double                *x,
                             double                *y)
{
  *x = (widget_x - view->x0) / view->scale;
  *y = (widget_y - view->y0) / view->scale;
}

void
mf_view_transform_zoom_at (MfViewTransform *view,
                           double           widget_x,
                           double           widget_y,
                           double           factor)
{
  double x, y;

  mf_view_transform_to_canvas (view, widget_x, widget_y, &x, &y);
  view->scale = CLAMP (view->scale * factor, MF_VIEW_TRANSFORM_MIN_SCALE,
                       MF_VIEW_TRANSFORM_MAX_SCALE);
  view->x0 = widget_x - x * view->scale;
  view->y0 = widget_y - y * view->scale;
}

void
mf_view_transform_pan (MfViewTransform *view,
                       double           dx,
                       double           dy)
{
  view->x0 += dx;
  view->y0 += dy;
}

void
mf_view_transform_fit (MfViewTransform         *view,
                       const cairo_rectangle_t *rect,
                       double                   width,
                       double                   height,
                       double                   margin,
                       double                   max_scale)
{
  double room_x = MAX (width - 2 * margin, 1.0);
  double room_y = MAX (height - 2 * margin, 1.0);
  double scale = max_scale;

  if (rect->width > 0)
    scale = MIN (scale, room_x / rect->width);
  if (rect->height > 0)
    scale = MIN (scale, room_y / rect->height);
  view->scale = CLAMP (scale, MF_VIEW_TRANSFORM_MIN_SCALE, MF_VIEW_TRANSFORM_MAX_SCALE);
  view->x0 = width / 2 - (rect->x + rect->width / 2) * view->scale;
  view->y0 = height / 2 - (rect->y + rect->height / 2) * view->scale;
}

double
mf_canvas_snap (double value,
                double grid)
{
  return grid > 0 ? round (value / grid) * grid : value;
}
