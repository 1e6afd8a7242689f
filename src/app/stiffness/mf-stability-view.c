/* mf-stability-view.c
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-stability-view.h"

#include <math.h>
#include <stdio.h>

#include "mf-plot-ticks.h"

/* The narrowest box a view keeps, in drawn units: zooming stops there. */
#define MIN_SPAN 1e-12
/* ... and the widest */
#define MAX_SPAN 1e12

double
mf_stability_view_forward (const MfStabilityView *view, double value)
{
  if (!view->symlog)
    return value;
  return copysign (log10 (1.0 + fabs (value) / view->threshold), value);
}

double
mf_stability_view_inverse (const MfStabilityView *view, double drawn)
{
  if (!view->symlog)
    return drawn;
  return copysign (view->threshold * (pow (10.0, fabs (drawn)) - 1.0), drawn);
}

void
mf_stability_view_fit (MfStabilityView *view, double re_lo, double re_hi, double im_lo,
                       double im_hi, double margin)
{
  double u_lo = mf_stability_view_forward (view, re_lo);
  double u_hi = mf_stability_view_forward (view, re_hi);
  double v_lo = mf_stability_view_forward (view, im_lo);
  double v_hi = mf_stability_view_forward (view, im_hi);
  double du = MAX (u_hi - u_lo, MIN_SPAN), dv = MAX (v_hi - v_lo, MIN_SPAN);

  view->u_lo = u_lo - margin * du;
  view->u_hi = u_lo + (1.0 + margin) * du;
  view->v_lo = v_lo - margin * dv;
  view->v_hi = v_lo + (1.0 + margin) * dv;
}

double
mf_stability_view_threshold_for (double smallest)
{
  if (!(smallest > 0.0) || !isfinite (smallest))
    return 1.0;
  return CLAMP (smallest / 10.0, 1e-15, 1.0);
}

MfStabilityMap
mf_stability_view_map (const MfStabilityView *view, double x, double y, double width,
                       double height)
{
  MfStabilityMap map = { *view, x, y, MAX (width, 1.0), MAX (height, 1.0), 1.0, 1.0, 0.0, 0.0 };
  double du = MAX (view->u_hi - view->u_lo, MIN_SPAN);
  double dv = MAX (view->v_hi - view->v_lo, MIN_SPAN);

  map.unit_u = map.width / du;
  map.unit_v = map.height / dv;
  /* equal linear scales: the box fits whichever way is tighter */
  if (!view->symlog)
    map.unit_u = map.unit_v = MIN (map.unit_u, map.unit_v);
  map.u_center = (view->u_lo + view->u_hi) / 2.0;
  map.v_center = (view->v_lo + view->v_hi) / 2.0;
  return map;
}

void
mf_stability_map_to_pixel (const MfStabilityMap *map, double complex z, double *px, double *py)
{
  *px = map->x + map->width / 2.0
        + (mf_stability_view_forward (&map->view, creal (z)) - map->u_center) * map->unit_u;
  *py = map->y + map->height / 2.0
        - (mf_stability_view_forward (&map->view, cimag (z)) - map->v_center) * map->unit_v;
}

double complex
mf_stability_map_from_pixel (const MfStabilityMap *map, double px, double py)
{
  double u = map->u_center + (px - map->x - map->width / 2.0) / map->unit_u;
  double v = map->v_center - (py - map->y - map->height / 2.0) / map->unit_v;

  return mf_stability_view_inverse (&map->view, u) + I * mf_stability_view_inverse (&map->view, v);
}

void
mf_stability_map_bounds (const MfStabilityMap *map, double *re_lo, double *re_hi, double *im_lo,
                         double *im_hi)
{
  double complex low = mf_stability_map_from_pixel (map, map->x, map->y + map->height);
  double complex high = mf_stability_map_from_pixel (map, map->x + map->width, map->y);

  *re_lo = creal (low), *re_hi = creal (high);
  *im_lo = cimag (low), *im_hi = cimag (high);
}

/* The view becomes exactly what the map's area shows. */
static void
take_area (MfStabilityView *view, const MfStabilityMap *map, double u_center, double v_center,
           double unit_u, double unit_v)
{
  double half_u = map->width / 2.0 / unit_u, half_v = map->height / 2.0 / unit_v;

  view->u_lo = u_center - half_u, view->u_hi = u_center + half_u;
  view->v_lo = v_center - half_v, view->v_hi = v_center + half_v;
}

void
mf_stability_view_zoom (MfStabilityView *view, const MfStabilityMap *map, double factor,
                        double px, double py)
{
  double unit_u = map->unit_u * factor, unit_v = map->unit_v * factor;
  double ox = px - map->x - map->width / 2.0, oy = py - map->y - map->height / 2.0;
  /* the drawn point under the pointer, which stays there */
  double u = map->u_center + ox / map->unit_u, v = map->v_center - oy / map->unit_v;
  double span = MAX (map->width / unit_u, map->height / unit_v);

  if (!(factor > 0.0) || (factor > 1.0 && span < MIN_SPAN) || (factor < 1.0 && span > MAX_SPAN))
    return;
  take_area (view, map, u - ox / unit_u, v + oy / unit_v, unit_u, unit_v);
}

void
mf_stability_view_pan (MfStabilityView *view, const MfStabilityMap *map, double dx, double dy)
{
  take_area (view, map, map->u_center - dx / map->unit_u, map->v_center + dy / map->unit_v,
             map->unit_u, map->unit_v);
}

guint
mf_stability_view_ticks (const MfStabilityView *view, double lo, double hi, double min_gap,
                         double *values, guint max)
{
  guint n = 0;
  double u_lo, u_hi, every, last;
  int k_lo, k_hi;

  if (!view->symlog)
    {
      MfPlotTicks ticks;

      mf_plot_ticks_linear (&ticks, lo, hi, FALSE);
      for (guint i = 0; i < ticks.n_major && n < max; i++)
        values[n++] = ticks.major[i];
      return n;
    }
  /* 0 and ±10^k, every `every` decades, each at least min_gap from the
   * one nearer 0 (the decades within the threshold crowd there) */
  u_lo = mf_stability_view_forward (view, lo);
  u_hi = mf_stability_view_forward (view, hi);
  every = MAX (1.0, ceil (min_gap));
  k_lo = (int) floor (log10 (view->threshold)) - 2;
  k_hi = (int) ceil (log10 (view->threshold) + MAX (fabs (u_lo), fabs (u_hi)));
  if (lo <= 0.0 && hi >= 0.0 && n < max)
    values[n++] = 0.0;
  last = 0.0;
  for (int k = k_lo; k <= k_hi; k++)
    {
      double decade = pow (10.0, k), at = mf_stability_view_forward (view, decade);

      if (fmod (fabs ((double) k), every) != 0.0 || at - last < min_gap)
        continue;
      last = at;
      if (decade >= lo && decade <= hi && n < max)
        values[n++] = decade;
      if (-decade >= lo && -decade <= hi && n < max)
        values[n++] = -decade;
    }
  return n;
}

void
mf_stability_view_tick_label (const MfStabilityView *view, double lo, double hi, double value,
                              char *buffer, gsize size)
{
  if (!view->symlog)
    {
      MfPlotTicks ticks;

      mf_plot_ticks_linear (&ticks, lo, hi, FALSE);
      mf_plot_ticks_label (&ticks, value, buffer, size);
      return;
    }
  if (value == 0.0)
    g_strlcpy (buffer, "0", size);
  else
    {
      int k = (int) lround (log10 (fabs (value)));

      /* plain where short: 0.01 to 1000 */
      if (k >= -2 && k <= 3)
        g_snprintf (buffer, size, "%s%g", value < 0 ? "-" : "", fabs (value));
      else
        g_snprintf (buffer, size, "%s1e%d", value < 0 ? "-" : "", k);
    }
}
