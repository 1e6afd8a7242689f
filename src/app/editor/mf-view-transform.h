/* mf-view-transform.h: how the canvas is zoomed and panned — canvas units to
 * widget pixels and back, zooming about a point, fitting a rectangle — and
 * the grid snap.  Plain arithmetic, tested without a display.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  double scale; /* pixels per canvas unit */
  double x0;    /* where the canvas origin is in the widget */
  double y0;
} MfViewTransform;

/* Far enough out that a circuit of 10 000 components fits a small window
 * (drawn simplified there, mf-drawing.h). */
#define MF_VIEW_TRANSFORM_MIN_SCALE 0.02
#define MF_VIEW_TRANSFORM_MAX_SCALE 8.0

void    mf_view_transform_init (MfViewTransform *view);
void    mf_view_transform_to_widget (const MfViewTransform *view,
                                     double                 x,
                                     double                 y,
                                     double                *widget_x,
                                     double                *widget_y);
void    mf_view_transform_to_canvas (const MfViewTransform *view,
                                     double                 widget_x,
                                     double                 widget_y,
                                     double                *x,
                                     double                *y);
/* Multiplies the scale by `factor` (kept between the limits above) so that
 * the canvas point under (widget_x, widget_y) stays under it. */
void    mf_view_transform_zoom_at (MfViewTransform *view,
                                   double           widget_x,
                                   double           widget_y,
                                   double           factor);
/* Moves the picture by (dx, dy) pixels. */
void    mf_view_transform_pan (MfViewTransform *view,
                               double           dx,
                               double           dy);
/* Centres `rect` in a widget of width × height, as large as fits inside
 * `margin` pixels but no larger than `max_scale`. */
void    mf_view_transform_fit (MfViewTransform         *view,
                               const cairo_rectangle_t *rect,
                               double                   width,
                               double                   height,
                               double                   margin,
                               double                   max_scale);
/* The nearest multiple of `grid`. */
double  mf_canvas_snap (double value,
                        double grid);

G_END_DECLS
