/* mf-test-ink.h: what the plot drawing tests share — whether a pixel of an
 * image surface, or one near a point, has a colour.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <stdlib.h>

#include "mf-plot-series.h"

static inline gboolean
is_color (const guint8 *pixel, MfPlotColor c)
{
  /* ARGB32 in native byte order: B, G, R on little-endian machines */
  guint32 value = *(const guint32 *) pixel;
  int r = (value >> 16) & 0xff, g = (value >> 8) & 0xff, b = value & 0xff;

  return abs (r - (int) (c.red * 255)) < 40 && abs (g - (int) (c.green * 255)) < 40
         && abs (b - (int) (c.blue * 255)) < 40;
}

/* Whether a pixel of colour c lies within `radius` of (x, y). */
static inline gboolean
ink_near (cairo_surface_t *s, double x, double y, int radius, MfPlotColor c)
{
  const guint8 *data = cairo_image_surface_get_data (s);
  int stride = cairo_image_surface_get_stride (s);

  for (int dy = -radius; dy <= radius; dy++)
    for (int dx = -radius; dx <= radius; dx++)
      {
        int px = (int) x + dx, py = (int) y + dy;

        if (px < 0 || py < 0 || px >= cairo_image_surface_get_width (s)
            || py >= cairo_image_surface_get_height (s))
          continue;
        if (is_color (data + py * stride + px * 4, c))
          return TRUE;
      }
  return FALSE;
}
