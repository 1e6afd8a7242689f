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

gsize
mf_plot_upper_bound (const double *x, gsize n, double value)
{
  gsize lo = 0, hi = n;

  while (lo < hi)
    {
      gsize mid = lo + (hi - lo) / 2;

      if (x[mid] <= value)
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

typedef struct
{
  MfPlotDecimation    *d;
  const double        *x, *y;
  const MfPlotSummary *summary;
  gboolean             positive_only;
  double               scale;
  gboolean             gap; /* a gap came after the last drawn sample */
} Decimator;

static gssize
column_of (const Decimator *z, double x)
{
  gssize column = (gssize) ((x - z->d->x0) * z->scale);

  return CLAMP (column, 0, (gssize) z->d->n_columns - 1);
}

/* The end of the samples from i on that fall in `column` (x[i]'s).  The
 * search starts where the column would end if it held as many samples as
 * the one before (`hint`), the usual case for samples evenly spaced in
 * time, and gallops from there: the samples of a long series are far
 * apart in memory, and every probe may be a cache miss.  The column of a
 * sample is computed exactly as for one sample alone, and never decreases
 * with x, so the search agrees with a sample-by-sample pass. */
static gsize
column_end (const Decimator *z, gsize i, gsize end, gssize column, gsize hint)
{
  gsize inside = i, outside = end, probe = MIN (i + MAX (hint, 1) - 1, end - 1);

  if (column_of (z, z->x[probe]) <= column)
    for (gsize step = 1;; step *= 2)
      {
        inside = probe;
        probe = inside + step;
        if (probe >= end)
          break;
        if (column_of (z, z->x[probe]) > column)
          {
            outside = probe;
            break;
          }
      }
  else
    for (gsize step = 1;; step *= 2)
      {
        outside = probe;
        if (outside - i <= step)
          break;
        probe = outside - step;
        if (column_of (z, z->x[probe]) <= column)
          {
            inside = probe;
            break;
          }
      }
  while (outside - inside > 1)
    {
      gsize mid = inside + (outside - inside) / 2;

      if (column_of (z, z->x[mid]) > column)
        outside = mid;
      else
        inside = mid;
    }
  return outside;
}

static void
column_from_samples (Decimator *z, MfPlotColumn *c, gsize i, gsize j)
{
  for (; i < j; i++)
    {
      double yi = z->y[i];

      if (!drawable (yi, z->positive_only))
        {
          z->gap = TRUE;
          continue;
        }
      if (c->count == 0)
        {
          c->break_before = z->gap;
          c->first_x = z->x[i];
          c->first_y = c->min_y = c->max_y = yi;
        }
      else if (z->gap)
        {
          /* a gap inside a column: the column's line ends there; what follows
           * starts anew, so remember only that the run broke */
          c->break_before = TRUE;
          c->first_x = z->x[i];
          c->first_y = yi;
        }
      z->gap = FALSE;
      c->count++;
      c->last_x = z->x[i];
      c->last_y = yi;
      c->min_y = MIN (c->min_y, yi);
      c->max_y = MAX (c->max_y, yi);
    }
}

/* The same column from the summary: the extremes from whole blocks, the
 * first and last drawn samples by searching back from the end — the line
 * enters the column after its last gap, as in column_from_samples(). */
static void
column_from_summary (Decimator *z, MfPlotColumn *c, gsize i, gsize j)
{
  MfPlotStats stats;
  gssize last, gap;
  gsize first;

  mf_plot_summary_query (z->summary, z->y, i, j, &stats);
  c->count = z->positive_only ? stats.n_positive : stats.n_finite;
  if (c->count == 0)
    {
      z->gap = TRUE;
      return;
    }
  /* a column without gaps, the usual one, needs no search */
  if (c->count == j - i)
    {
      last = (gssize) j - 1;
      gap = -1;
    }
  else
    {
      last = mf_plot_summary_find_last (z->summary, z->y, i, j, TRUE, z->positive_only);
      gap = mf_plot_summary_find_last (z->summary, z->y, i, (gsize) last, FALSE,
                                       z->positive_only);
    }
  c->break_before = gap >= 0 || z->gap;
  first = gap >= 0 ? (gsize) gap + 1 : i;
  c->first_x = z->x[first];
  c->first_y = z->y[first];
  c->last_x = z->x[last];
  c->last_y = z->y[last];
  c->min_y = z->positive_only ? stats.min_positive : stats.min;
  c->max_y = stats.max;
  z->gap = (gsize) last + 1 < j;
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
mf_plot_decimate_with_summary (MfPlotDecimation    *d,
                               const double        *x,
                               const double        *y,
                               gsize                n,
                               const MfPlotSummary *summary,
                               gboolean             positive_only)
{
  Decimator z = { d, x, y, summary, positive_only, d->n_columns / (d->x1 - d->x0), FALSE };
  gsize start = mf_plot_lower_bound (x, n, d->x0);
  gsize end = MAX (start, mf_plot_upper_bound (x, n, d->x1));

  memset (d->columns, 0, d->n_columns * sizeof *d->columns);
  d->min_y = INFINITY;
  d->max_y = -INFINITY;
  /* only the columns that hold samples are visited */
  for (gsize i = start, j, hint = 1; i < end; hint = j - i, i = j)
    {
      gssize column = column_of (&z, x[i]);
      MfPlotColumn *c = &d->columns[column];

      j = column_end (&z, i, end, column, hint);
      if (summary != NULL && j - i >= 2 * MF_PLOT_SUMMARY_FANOUT)
        column_from_summary (&z, c, i, j);
      else
        column_from_samples (&z, c, i, j);
      if (c->count > 0)
        {
          d->min_y = MIN (d->min_y, c->min_y);
          d->max_y = MAX (d->max_y, c->max_y);
        }
    }
  d->break_after = z.gap;
  d->n_samples = end - start;
  find_outside (d, x, y, n, start, end, positive_only);
}

void
mf_plot_decimate (MfPlotDecimation *d,
                  const double     *x,
                  const double     *y,
                  gsize             n,
                  gboolean          positive_only)
{
  mf_plot_decimate_with_summary (d, x, y, n, NULL, positive_only);
}

gboolean
mf_plot_decimate_extent (const double        *x,
                         const double        *y,
                         gsize                n,
                         const MfPlotSummary *summary,
                         double               x0,
                         double               x1,
                         gboolean             positive_only,
                         double              *min,
                         double              *max)
{
  gsize start = mf_plot_lower_bound (x, n, x0);
  gsize end = MAX (start, mf_plot_upper_bound (x, n, x1));
  MfPlotStats stats;

  mf_plot_summary_query (summary, y, start, end, &stats);
  if ((positive_only ? stats.n_positive : stats.n_finite) == 0)
    return FALSE;
  *min = positive_only ? stats.min_positive : stats.min;
  *max = stats.max;
  return TRUE;
}
