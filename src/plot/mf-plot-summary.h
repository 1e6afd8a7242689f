/* mf-plot-summary.h: the extremes of a series' values over blocks of 8,
 * 8², … 8⁸ samples, kept up to date as samples are appended, so that the
 * smallest and largest value of any stretch of samples come from a few
 * dozen numbers however long the stretch is — what lets a plot column of
 * a million samples be decimated without reading them.  (Small blocks
 * keep the samples read at a column's ends within a cache line or two:
 * those reads, scattered over a long series, cost more than the rest.)
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define MF_PLOT_SUMMARY_SHIFT 3 /* a block holds 2^3 blocks of the level below */
#define MF_PLOT_SUMMARY_FANOUT (1u << MF_PLOT_SUMMARY_SHIFT)
#define MF_PLOT_SUMMARY_LEVELS 8

/* What a stretch of samples holds: NaN and infinite values count as
 * neither finite nor positive (they are gaps in the line). */
typedef struct
{
  double  min, max;     /* of the finite values: min > max when there are none */
  double  min_positive; /* the smallest value > 0; INFINITY when there is none */
  guint32 n_finite;
  guint32 n_positive;   /* finite and > 0: what a log axis can show */
} MfPlotStats;

typedef struct
{
  /* level k holds one MfPlotStats per whole block of 8^(k+1) samples;
   * the samples after the last whole block have none yet */
  GArray *levels[MF_PLOT_SUMMARY_LEVELS];
} MfPlotSummary;

void     mf_plot_summary_init (MfPlotSummary *summary);
void     mf_plot_summary_clear (MfPlotSummary *summary);
/* Forgets the blocks, keeping the memory for the next samples. */
void     mf_plot_summary_reset (MfPlotSummary *summary);

/* Makes room for the blocks of n samples, so that extending up to n moves
 * no memory. */
void     mf_plot_summary_reserve (MfPlotSummary *summary,
                                  gsize          n);

/* Room for n elements in `array` (its length unchanged): GArray keeps its
 * allocation when the length goes back down. */
void     mf_plot_array_reserve (GArray *array,
                                gsize   n);

/* Summarises the blocks the first n values of y complete (y being the
 * values summarised so far plus those appended since).  Amortised O(1)
 * per sample; allocates only when an array grows. */
void     mf_plot_summary_extend (MfPlotSummary *summary,
                                 const double  *y,
                                 gsize          n);

/* The stats of y[lo..hi): from whole blocks, and from the samples only at
 * the ends, at most 14 values per level.  summary NULL: from the samples. */
void     mf_plot_summary_query (const MfPlotSummary *summary,
                                const double        *y,
                                gsize                lo,
                                gsize                hi,
                                MfPlotStats         *stats);

/* The index of the last sample of y[lo..hi) that a line draws (finite, and
 * positive when `positive_only`) or, with `drawable` FALSE, the last that
 * it does not; -1 when there is none.  Skips whole blocks that hold no such
 * sample.  summary may be NULL. */
gssize   mf_plot_summary_find_last (const MfPlotSummary *summary,
                                    const double        *y,
                                    gsize                lo,
                                    gsize                hi,
                                    gboolean             drawable,
                                    gboolean             positive_only);

void     mf_plot_stats_init (MfPlotStats *stats);
void     mf_plot_stats_add (MfPlotStats *stats,
                            double       value);
void     mf_plot_stats_merge (MfPlotStats       *stats,
                              const MfPlotStats *other);

G_END_DECLS
