/* mf-stability-contour.c
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-stability-contour.h"

#include <math.h>

/* How close to the sign change a crossing is found, in pixels. */
#define CROSSING_TOLERANCE 1e-3
/* Curves: the first samples, and the gap between samples that splits them. */
#define CURVE_SAMPLES 512
#define CURVE_GAP 1.5
#define CURVE_DEPTH 10

static gboolean
inside_level (double value)
{
  return value <= 0.0;
}

MfStabilityGrid *
mf_stability_grid_new (const MfStabilityMap *map, MfStabilityLevel level, gconstpointer data,
                       double cell)
{
  MfStabilityGrid *grid = g_new0 (MfStabilityGrid, 1);

  grid->cell = MAX (cell, 0.5);
  grid->nx = (guint) ceil (map->width / grid->cell) + 1;
  grid->ny = (guint) ceil (map->height / grid->cell) + 1;
  grid->x0 = map->x;
  grid->y0 = map->y;
  grid->level = g_new (double, (gsize) grid->nx * grid->ny);
  for (guint j = 0; j < grid->ny; j++)
    for (guint i = 0; i < grid->nx; i++)
      grid->level[(gsize) j * grid->nx + i] = level (
        mf_stability_map_from_pixel (map, grid->x0 + i * grid->cell, grid->y0 + j * grid->cell),
        data);
  return grid;
}

void
mf_stability_grid_free (MfStabilityGrid *grid)
{
  if (grid == NULL)
    return;
  g_free (grid->level);
  g_free (grid);
}

gboolean
mf_stability_grid_inside (const MfStabilityGrid *grid, guint i, guint j)
{
  return inside_level (grid->level[(gsize) j * grid->nx + i]);
}

typedef struct
{
  const MfStabilityGrid *grid;
  const MfStabilityMap  *map;
  MfStabilityLevel       level;
  gconstpointer          data;
  double                *across; /* crossings on the edges from (i, j) to (i + 1, j): x, y */
  double                *down;   /* ... from (i, j) to (i, j + 1) */
} Marching;

/* Where the level changes sign between two pixels, by bisection. */
static void
crossing (const Marching *m, double ax, double ay, double bx, double by, double *x, double *y)
{
  gboolean a_inside = inside_level (m->level (mf_stability_map_from_pixel (m->map, ax, ay),
                                              m->data));
  double lo = 0.0, hi = 1.0, length = hypot (bx - ax, by - ay);

  while ((hi - lo) * length > CROSSING_TOLERANCE)
    {
      double s = (lo + hi) / 2.0;
      double complex z =
        mf_stability_map_from_pixel (m->map, ax + s * (bx - ax), ay + s * (by - ay));

      if (inside_level (m->level (z, m->data)) == a_inside)
        lo = s;
      else
        hi = s;
    }
  *x = ax + (lo + hi) / 2.0 * (bx - ax);
  *y = ay + (lo + hi) / 2.0 * (by - ay);
}

/* The crossing on edge e (0 top, 1 right, 2 bottom, 3 left) of the cell at
 * (i, j), computed once for the two cells that share the edge. */
static void
edge_crossing (Marching *m, guint i, guint j, guint e, double *x, double *y)
{
  const MfStabilityGrid *g = m->grid;
  double c = g->cell;
  guint ei = e == 1 ? i + 1 : i, ej = e == 2 ? j + 1 : j;
  gboolean horizontal = e == 0 || e == 2;
  double *slot = horizontal ? &m->across[2 * ((gsize) ej * g->nx + ei)]
                            : &m->down[2 * ((gsize) ej * g->nx + ei)];

  if (isnan (slot[0]))
    {
      double ax = g->x0 + ei * c, ay = g->y0 + ej * c;

      crossing (m, ax, ay, horizontal ? ax + c : ax, horizontal ? ay : ay + c, &slot[0],
                &slot[1]);
    }
  *x = slot[0];
  *y = slot[1];
}

static void
add_segment (Marching *m, GArray *segments, guint i, guint j, guint e, guint f)
{
  double s[4];

  edge_crossing (m, i, j, e, &s[0], &s[1]);
  edge_crossing (m, i, j, f, &s[2], &s[3]);
  g_array_append_vals (segments, s, 4);
}

void
mf_stability_grid_contour (const MfStabilityGrid *grid, const MfStabilityMap *map,
                           MfStabilityLevel level, gconstpointer data, GArray *segments)
{
  gsize n = 2 * (gsize) grid->nx * grid->ny;
  Marching m = { grid, map, level, data, g_new (double, n), g_new (double, n) };

  for (gsize k = 0; k < n; k++)
    m.across[k] = m.down[k] = NAN;
  for (guint j = 0; j + 1 < grid->ny; j++)
    for (guint i = 0; i + 1 < grid->nx; i++)
      {
        /* corners: 0 top left, 1 top right, 2 bottom right, 3 bottom left */
        gboolean in[4] = { mf_stability_grid_inside (grid, i, j),
                           mf_stability_grid_inside (grid, i + 1, j),
                           mf_stability_grid_inside (grid, i + 1, j + 1),
                           mf_stability_grid_inside (grid, i, j + 1) };
        guint edges[4], n_edges = 0;

        /* edge e joins corners e and e + 1 */
        for (guint e = 0; e < 4; e++)
          if (in[e] != in[(e + 1) % 4])
            edges[n_edges++] = e;
        if (n_edges == 2)
          add_segment (&m, segments, i, j, edges[0], edges[1]);
        else if (n_edges == 4)
          {
            /* a saddle: the centre says which diagonal pair connects */
            double complex centre = mf_stability_map_from_pixel (
              map, grid->x0 + (i + 0.5) * grid->cell, grid->y0 + (j + 0.5) * grid->cell);

            if (inside_level (level (centre, data)) == in[0])
              {
                add_segment (&m, segments, i, j, 0, 1);
                add_segment (&m, segments, i, j, 2, 3);
              }
            else
              {
                add_segment (&m, segments, i, j, 3, 0);
                add_segment (&m, segments, i, j, 1, 2);
              }
          }
      }
  g_free (m.across);
  g_free (m.down);
}

typedef struct
{
  const MfStabilityMap *map;
  double complex (*curve) (double, gconstpointer);
  gconstpointer         data;
  GArray               *points;
} Sampling;

static gboolean
curve_pixel (const Sampling *s, double theta, double *x, double *y)
{
  double complex z = s->curve (theta, s->data);

  if (!isfinite (creal (z)) || !isfinite (cimag (z)))
    return FALSE;
  mf_stability_map_to_pixel (s->map, z, x, y);
  return isfinite (*x) && isfinite (*y);
}

static void
append_break (GArray *points)
{
  double gap[2] = { NAN, NAN };

  if (points->len > 0 && !isnan (g_array_index (points, double, points->len - 1)))
    g_array_append_vals (points, gap, 2);
}

/* The samples after (x0, y0) at theta_lo up to and including theta_hi. */
static void
sample_between (const Sampling *s, double theta_lo, double x0, double y0, double theta_hi,
                guint depth)
{
  double x1, y1, far = 2.0 * MAX (s->map->width, s->map->height);
  gboolean ok = curve_pixel (s, theta_hi, &x1, &y1);

  if (ok && !isnan (x0) && hypot (x1 - x0, y1 - y0) > CURVE_GAP && depth < CURVE_DEPTH)
    {
      double mid = (theta_lo + theta_hi) / 2.0, xm, ym;

      if (!curve_pixel (s, mid, &xm, &ym))
        xm = ym = NAN;
      sample_between (s, theta_lo, x0, y0, mid, depth + 1);
      sample_between (s, mid, xm, ym, theta_hi, depth + 1);
      return;
    }
  if (!ok)
    {
      append_break (s->points);
      return;
    }
  /* still far apart at full depth: the curve jumps (through infinity) */
  if (!isnan (x0) && hypot (x1 - x0, y1 - y0) > far)
    append_break (s->points);
  g_array_append_val (s->points, x1);
  g_array_append_val (s->points, y1);
}

void
mf_stability_curve_points (const MfStabilityMap *map,
                           double complex (*curve) (double, gconstpointer), gconstpointer data,
                           double theta_lo, double theta_hi, GArray *points)
{
  Sampling s = { map, curve, data, points };
  double x = NAN, y = NAN;

  if (curve_pixel (&s, theta_lo, &x, &y))
    {
      g_array_append_val (points, x);
      g_array_append_val (points, y);
    }
  for (guint k = 1; k <= CURVE_SAMPLES; k++)
    {
      double lo = theta_lo + (theta_hi - theta_lo) * (k - 1) / CURVE_SAMPLES;
      double hi = theta_lo + (theta_hi - theta_lo) * k / CURVE_SAMPLES;

      sample_between (&s, lo, x, y, hi, 0);
      if (!curve_pixel (&s, hi, &x, &y))
        x = y = NAN;
    }
}
