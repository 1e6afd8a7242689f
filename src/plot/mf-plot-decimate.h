/* mf-plot-decimate.h: a series reduced to one entry per pixel column — the
 * first, last, smallest and largest value of the samples that fall in it —
 * so that a million samples draw as a few thousand segments and a one-sample
 * peak still reaches its height.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "mf-plot-summary.h"

G_BEGIN_DECLS

typedef struct
{
  guint    count;         /* samples in the column (0: none, the line passes over it) */
  gboolean break_before;  /* a gap (NaN, or a value a log axis cannot show) came before */
  double   first_x, first_y;
  double   last_x, last_y;
  double   min_y, max_y;
} MfPlotColumn;

typedef struct
{
  MfPlotColumn *columns;  /* the caller's buffer of n_columns */
  guint         n_columns;
  double        x0, x1;   /* the columns split [x0, x1] evenly */
  /* the nearest drawable samples outside [x0, x1], so that lines reach the edges */
  gboolean      has_before, has_after;
  double        before_x, before_y, after_x, after_y;
  gboolean      break_after;
  double        min_y, max_y; /* over the columns; min_y > max_y when there are none */
  gsize         n_samples;    /* with x in [x0, x1], gaps included */
} MfPlotDecimation;

/* Fills `d` (columns, n_columns > 0, x0 < x1 set by the caller) from the n
 * samples (x nondecreasing).  Samples with a NaN, infinite or (with
 * `positive_only`) non-positive y are gaps.  Each column's samples are
 * found by bisection; a column of many samples takes its extremes from
 * `summary` (the summary of y, or NULL to read every sample), so with one
 * the cost grows with the columns, not the samples.  No allocation. */
void mf_plot_decimate_with_summary (MfPlotDecimation    *d,
                                    const double        *x,
                                    const double        *y,
                                    gsize                n,
                                    const MfPlotSummary *summary,
                                    gboolean             positive_only);

/* The same from the samples alone. */
void mf_plot_decimate (MfPlotDecimation *d,
                       const double     *x,
                       const double     *y,
                       gsize             n,
                       gboolean          positive_only);

/* The smallest and largest y a line draws among the samples with x in
 * [x0, x1]; FALSE when there is none. */
gboolean mf_plot_decimate_extent (const double        *x,
                                  const double        *y,
                                  gsize                n,
                                  const MfPlotSummary *summary,
                                  double               x0,
                                  double               x1,
                                  gboolean             positive_only,
                                  double              *min,
                                  double              *max);

/* The index of the first sample with x >= value (n when none). */
gsize mf_plot_lower_bound (const double *x,
                           gsize         n,
                           double        value);
/* The index of the first sample with x > value (n when none). */
gsize mf_plot_upper_bound (const double *x,
                           gsize         n,
                           double        value);

G_END_DECLS
