/* mf-stability-drawing.h: the complex hλ plane on any cairo_t — a method's
 * region of absolute stability shaded (by its containment test, on a grid)
 * with its boundary drawn exactly (|R(z)| = 1 for a one-step method, the
 * boundary locus for a multistep one), explicit Euler's disc, axes with
 * ticks and labels, the circuit's points h λ_k (a filled dot inside the
 * region, a cross outside) and a legend.  Text is sized from the drawing's
 * size, so it reads on a projector.  The same axes show the λ plane
 * itself (the eigenvalues in 1/s, each with its mode's number), for the
 * eigenvalue plot.  The widget (mf-stability-plot.c), the tests and the
 * export of figures draw through here.  No GTK here.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>

#include "mf-plot-style.h"
#include "mf-stability-method.h"
#include "mf-stability-view.h"

G_BEGIN_DECLS

typedef struct
{
  MfStabilityRegion     region;   /* region.method NULL: none drawn */
  const double complex *points;   /* h λ_k */
  const gboolean       *outside;  /* per point: outside the region */
  const guint          *numbers;  /* per point: its mode's number, 0 for none */
  guint                 n_points;
  double                step;     /* h, s (the legend says it); NaN: not said */
  MfStabilityView       view;
  const MfPlotStyle    *style;
  gboolean              eigenvalues; /* the λ plane itself: points are λ_k in 1/s,
                                      * dots all, with no region, disc or h */
} MfStabilityScene;

/* The size of text, in pixels, for a drawing of width × height. */
double         mf_stability_drawing_font_size (double width,
                                               double height);

/* Where the plane lies in a width × height drawing (the rest holds the
 * axes' labels), and its map. */
MfStabilityMap mf_stability_drawing_map (const MfStabilityScene *scene,
                                         cairo_t                *cr,
                                         double                  width,
                                         double                  height);

/* The part that depends on the method and the view only: background,
 * grid, region, its boundary, Euler's disc, axes, ticks and titles. */
void           mf_stability_drawing_plane (const MfStabilityScene *scene,
                                           cairo_t                *cr,
                                           double                  width,
                                           double                  height);
/* The part that follows the step: the points and the legend. */
void           mf_stability_drawing_points (const MfStabilityScene *scene,
                                            cairo_t                *cr,
                                            double                  width,
                                            double                  height);
/* Both. */
void           mf_stability_drawing_draw (const MfStabilityScene *scene,
                                          cairo_t                *cr,
                                          double                  width,
                                          double                  height);
/* Both as a figure of width × height for a file (an MfPlotFigureFunc of
 * an MfStabilityScene): laid out at the plot library's figure scale, so
 * its text takes the share of the picture a plot's does. */
void           mf_stability_drawing_figure (gpointer  scene,
                                            cairo_t  *cr,
                                            double    width,
                                            double    height);

/* The view that shows the region's shape and every point, with a margin;
 * the symmetric-log threshold from the points' smallest nonzero part. */
void           mf_stability_drawing_fit (MfStabilityScene *scene);

G_END_DECLS
