/* mf-plot-decimate.c: min/max decimation per pixel column.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-plot-decimate.h"

#include <math.h>
#include <string.h>

gsize
mf_plot_lower_bound (const double *x, gsize n, double value)
{
  gsize lo = 0, hi = n;

  while (lo < hi)
    {
      gsize mid = lo + (hi - lo) / 2;

      if (x[mid] < value)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

static gboolean
drawable (double y, gboolean positive_only)
{
  return isfinite (y) && (!positive_only || y > 0);
}

static void
find_outside (MfPlotDecimation *d, const double *x, const double *y, gsize n,
              gsize start, gsize end, gboolean positive_only)
{
  /* only the sample right next to the range counts: a gap there means no line */
  d->has_before = start > 0 && drawable (y[start - 1], positive_only);
  if (d->has_before)
    {
      d->before_x = x[start - 1];
      d->before_y = y[start - 1];
    }
  d->has_after = end < n && drawable (y[end], positive_only);
  if (d->has_after)
    {
      d->after_x = x[end];
      d->after_y = y[end];
    }
}

void
mf_plot_decimate (MfPlotDecimation *d,
                  const double     *x,
                  const double     *y,
                  gsize             n,
                  gboolean          positive_only)
{
  double scale = d->n_columns / (d->x1 - d->x0);
  gsize start = mf_plot_lower_bound (x, n, d->x0);
  gsize end = start;
  gboolean gap = FALSE;

  memset (d->columns, 0, d->n_columns * sizeof *d->columns);
  d->min_y = INFINITY;
  d->max_y = -INFINITY;
  d->break_after = FALSE;
  for (; end < n && x[end] <= d->x1; end++)
    {
      MfPlotColumn *c;
      double yi = y[end];
      gssize column;

      if (!drawable (yi, positive_only))
        {
          gap = TRUE;
          continue;
        }
      column = (gssize) ((x[end] - d->x0) * scale);
      c = &d->columns[CLAMP (column, 0, (gssize) d->n_columns - 1)];
      if (c->count == 0)
        {
          c->break_before = gap;
          c->first_x = x[end];
          c->first_y = c->min_y = c->max_y = yi;
        }
      else if (gap)
        {
          /* a gap inside a column: the column's line ends there; what follows
           * starts anew, so remember only that the run broke */
          c->break_before = TRUE;
          c->first_x = x[end];
          c->first_y = yi;
        }
      gap = FALSE;
      c->count++;
      c->last_x = x[end];
      c->last_y = yi;
      c->min_y = MIN (c->min_y, yi);
      c->max_y = MAX (c->max_y, yi);
      d->min_y = MIN (d->min_y, yi);
      d->max_y = MAX (d->max_y, yi);
    }
  d->break_after = gap;
  find_outside (d, x, y, n, start, end, positive_only);
}
