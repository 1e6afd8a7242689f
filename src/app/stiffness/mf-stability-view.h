/* mf-stability-view.h: what part of the complex hλ plane a stability plot
 * shows, and where each point of it lands in pixels.
 *
 * Both axes have one kind of scale: linear, with as many pixels per unit
 * across as up so that a circle stays a circle, or symmetric-logarithmic,
 * where a coordinate v is drawn at sign(v) log10(1 + |v|/c) — linear
 * within the threshold c of 0, one decade per unit beyond it — for the hλ
 * of a stiff circuit, which span decades; there circles are bent anyway,
 * and each axis fills the area.  The view is the box (in those drawn
 * units) that must be visible; the map fits it into a pixel area, so a
 * resize keeps it in view.  Zoom and pan change the box.  No GTK here.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <complex.h>
#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  gboolean symlog;
  double   threshold;              /* c of the symmetric-log scale, > 0 */
  double   u_lo, u_hi, v_lo, v_hi; /* the box to show: real part u, imaginary v, drawn units */
} MfStabilityView;

/* The view fitted into a pixel area: its rectangle and the transform. */
typedef struct
{
  MfStabilityView view;
  double          x, y, width, height; /* the pixel area */
  double          unit_u, unit_v;      /* pixels per drawn unit across and up */
  double          u_center, v_center;  /* drawn units at the area's centre */
} MfStabilityMap;

/* A coordinate to drawn units and back. */
double         mf_stability_view_forward (const MfStabilityView *view,
                                          double                 value);
double         mf_stability_view_inverse (const MfStabilityView *view,
                                          double                 drawn);

/* Shows the box [re_lo, re_hi] × [im_lo, im_hi] of the plane (values, not
 * drawn units) with a margin of `margin` of its size on every side. */
void           mf_stability_view_fit (MfStabilityView *view,
                                      double           re_lo,
                                      double           re_hi,
                                      double           im_lo,
                                      double           im_hi,
                                      double           margin);
/* The symmetric-log threshold for points whose smallest nonzero part is
 * `smallest` (in absolute value): a tenth of it, within [1e-15, 1]. */
double         mf_stability_view_threshold_for (double smallest);

MfStabilityMap mf_stability_view_map (const MfStabilityView *view,
                                      double                 x,
                                      double                 y,
                                      double                 width,
                                      double                 height);
void           mf_stability_map_to_pixel (const MfStabilityMap *map,
                                          double complex        z,
                                          double               *px,
                                          double               *py);
double complex mf_stability_map_from_pixel (const MfStabilityMap *map,
                                            double                px,
                                            double                py);
/* The values at the area's edges: what the axes show. */
void           mf_stability_map_bounds (const MfStabilityMap *map,
                                        double               *re_lo,
                                        double               *re_hi,
                                        double               *im_lo,
                                        double               *im_hi);

/* Zooms by `factor` (> 1: in) about the pixel (px, py), which keeps its
 * value; the view's box becomes what `map`'s area shows after the zoom. */
void           mf_stability_view_zoom (MfStabilityView      *view,
                                       const MfStabilityMap *map,
                                       double                factor,
                                       double                px,
                                       double                py);
/* Moves what `map` shows by (dx, dy) pixels: the plane follows a drag. */
void           mf_stability_view_pan (MfStabilityView      *view,
                                      const MfStabilityMap *map,
                                      double                dx,
                                      double                dy);

/* Where an axis puts its labelled ticks between lo and hi (values): steps
 * of 1, 2 or 5 × 10^k on a linear scale; 0 and ±10^k on a symmetric-log
 * one, every decade or every few so that labels `min_gap` drawn units
 * apart fit.  Returns how many (at most `max`), in `values`. */
guint          mf_stability_view_ticks (const MfStabilityView *view,
                                        double                 lo,
                                        double                 hi,
                                        double                 min_gap,
                                        double                *values,
                                        guint                  max);
/* A tick's label: "0.5", "-2", "1e-6". */
void           mf_stability_view_tick_label (const MfStabilityView *view,
                                             double                 lo,
                                             double                 hi,
                                             double                 value,
                                             char                  *buffer,
                                             gsize                  size);

G_END_DECLS
