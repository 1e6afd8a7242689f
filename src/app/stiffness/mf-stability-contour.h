/* mf-stability-contour.h: a region of absolute stability on a pixel grid —
 * which grid nodes lie inside (for the shading), the line |R(z)| = 1 by
 * marching squares with each crossing refined along its grid edge by
 * bisection (the boundary of a one-step method), and a curve z(θ) sampled
 * finely enough to look smooth (the boundary locus of a multistep method,
 * explicit Euler's circle).  All in the pixels of an MfStabilityMap, so the
 * symmetric-log scale bends the lines as it bends the plane.  No GTK here.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "mf-stability-view.h"

G_BEGIN_DECLS

/* A function of the plane that is ≤ 0 inside the region and > 0 outside
 * (NaN counts as outside): |R(z)| − 1, or ±1 from a containment test. */
typedef double (*MfStabilityLevel) (double complex z,
                                    gconstpointer  data);

typedef struct
{
  guint   nx, ny;   /* nodes across and down */
  double  cell;     /* pixels between nodes */
  double  x0, y0;   /* the first node's pixel */
  double *level;    /* nx × ny values, row by row from the top */
} MfStabilityGrid;

/* The level at the nodes of a grid of `cell` pixels covering the map's
 * area. */
MfStabilityGrid *mf_stability_grid_new (const MfStabilityMap *map,
                                        MfStabilityLevel      level,
                                        gconstpointer         data,
                                        double                cell);
void             mf_stability_grid_free (MfStabilityGrid *grid);

/* Whether node (i, j) is inside. */
gboolean         mf_stability_grid_inside (const MfStabilityGrid *grid,
                                           guint                  i,
                                           guint                  j);

/* The zero line of `level` through the grid's cells, as segments: four
 * doubles (x0, y0, x1, y1) each, appended to `segments`; every end lies
 * where the level changes sign along a cell's edge, to 1e-3 pixels. */
void             mf_stability_grid_contour (const MfStabilityGrid *grid,
                                            const MfStabilityMap  *map,
                                            MfStabilityLevel       level,
                                            gconstpointer          data,
                                            GArray                *segments);

/* A curve of the plane, θ from theta_lo to theta_hi, as pixel points (x, y)
 * appended to `points`: at least 512 samples, more where consecutive ones
 * lie over 1.5 pixels apart; a pair of NaN where the curve leaves the
 * finite numbers or jumps across the area. */
void             mf_stability_curve_points (const MfStabilityMap *map,
                                            double complex (*curve) (double        theta,
                                                                     gconstpointer data),
                                            gconstpointer         data,
                                            double                theta_lo,
                                            double                theta_hi,
                                            GArray               *points);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfStabilityGrid, mf_stability_grid_free)

G_END_DECLS
