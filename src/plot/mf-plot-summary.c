/* mf-plot-summary.c: block extremes of a series for decimation.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-plot-summary.h"

#include <math.h>

static inline gsize
block_size (int level)
{
  return (gsize) 1 << (MF_PLOT_SUMMARY_SHIFT * (level + 1));
}

static inline gboolean
is_drawable (double value, gboolean positive_only)
{
  return isfinite (value) && (!positive_only || value > 0);
}

void
mf_plot_stats_init (MfPlotStats *stats)
{
  stats->min = stats->min_positive = INFINITY;
  stats->max = -INFINITY;
  stats->n_finite = stats->n_positive = 0;
}

void
mf_plot_stats_add (MfPlotStats *stats, double value)
{
  if (!isfinite (value))
    return;
  stats->n_finite++;
  stats->min = MIN (stats->min, value);
  stats->max = MAX (stats->max, value);
  if (value > 0)
    {
      stats->n_positive++;
      stats->min_positive = MIN (stats->min_positive, value);
    }
}

void
mf_plot_stats_merge (MfPlotStats *stats, const MfPlotStats *other)
{
  stats->n_finite += other->n_finite;
  stats->n_positive += other->n_positive;
  stats->min = MIN (stats->min, other->min);
  stats->max = MAX (stats->max, other->max);
  stats->min_positive = MIN (stats->min_positive, other->min_positive);
}

void
mf_plot_summary_init (MfPlotSummary *summary)
{
  for (int k = 0; k < MF_PLOT_SUMMARY_LEVELS; k++)
    summary->levels[k] = g_array_new (FALSE, FALSE, sizeof (MfPlotStats));
}

void
mf_plot_summary_clear (MfPlotSummary *summary)
{
  for (int k = 0; k < MF_PLOT_SUMMARY_LEVELS; k++)
    g_clear_pointer (&summary->levels[k], g_array_unref);
}

void
mf_plot_summary_reset (MfPlotSummary *summary)
{
  for (int k = 0; k < MF_PLOT_SUMMARY_LEVELS; k++)
    g_array_set_size (summary->levels[k], 0);
}

void
mf_plot_array_reserve (GArray *array, gsize n)
{
  guint len = array->len;

  if (n <= len || n > G_MAXUINT)
    return;
  g_array_set_size (array, (guint) n);
  g_array_set_size (array, len);
}

void
mf_plot_summary_reserve (MfPlotSummary *summary, gsize n)
{
  for (int k = 0; k < MF_PLOT_SUMMARY_LEVELS; k++)
    mf_plot_array_reserve (summary->levels[k], n >> (MF_PLOT_SUMMARY_SHIFT * (k + 1)));
}

static void
add_samples (MfPlotStats *stats, const double *y, gsize lo, gsize hi)
{
  /* in locals: stores through `stats` might alias y and be redone per sample */
  double min = stats->min, max = stats->max, min_positive = stats->min_positive;
  guint32 n_finite = 0, n_positive = 0;

  for (gsize i = lo; i < hi; i++)
    {
      double value = y[i];

      if (!isfinite (value))
        continue;
      n_finite++;
      min = value < min ? value : min;
      max = value > max ? value : max;
      if (value > 0)
        {
          n_positive++;
          min_positive = value < min_positive ? value : min_positive;
        }
    }
  stats->min = min;
  stats->max = max;
  stats->min_positive = min_positive;
  stats->n_finite += n_finite;
  stats->n_positive += n_positive;
}

static void
merge_blocks (MfPlotStats *stats, const GArray *blocks, gsize lo, gsize hi)
{
  const MfPlotStats *b = (const MfPlotStats *) blocks->data;

  for (gsize i = lo; i < hi; i++)
    mf_plot_stats_merge (stats, &b[i]);
}

void
mf_plot_summary_extend (MfPlotSummary *summary, const double *y, gsize n)
{
  GArray *bottom = summary->levels[0];

  /* most appends complete no block */
  if (bottom->len >= n >> MF_PLOT_SUMMARY_SHIFT)
    return;
  while ((bottom->len + 1) * (gsize) MF_PLOT_SUMMARY_FANOUT <= n)
    {
      gsize lo = bottom->len * (gsize) MF_PLOT_SUMMARY_FANOUT;
      MfPlotStats stats;

      mf_plot_stats_init (&stats);
      add_samples (&stats, y, lo, lo + MF_PLOT_SUMMARY_FANOUT);
      g_array_append_val (bottom, stats);
    }
  for (int k = 1; k < MF_PLOT_SUMMARY_LEVELS; k++)
    {
      GArray *below = summary->levels[k - 1];
      GArray *here = summary->levels[k];

      while ((here->len + 1) * MF_PLOT_SUMMARY_FANOUT <= below->len)
        {
          gsize lo = here->len * (gsize) MF_PLOT_SUMMARY_FANOUT;
          MfPlotStats stats;

          mf_plot_stats_init (&stats);
          merge_blocks (&stats, below, lo, lo + MF_PLOT_SUMMARY_FANOUT);
          g_array_append_val (here, stats);
        }
    }
}

void
mf_plot_summary_query (const MfPlotSummary *summary,
                       const double        *y,
                       gsize                lo,
                       gsize                hi,
                       MfPlotStats         *stats)
{
  const gsize mask = MF_PLOT_SUMMARY_FANOUT - 1;

  mf_plot_stats_init (stats);
  /* below two blocks the samples are as quick to read as the blocks */
  if (summary == NULL || hi < lo + 2 * MF_PLOT_SUMMARY_FANOUT)
    {
      add_samples (stats, y, lo, hi);
      return;
    }
  /* the ragged ends from the samples, the rest one level up; a range of
   * at least two blocks keeps whole blocks between the ends */
  add_samples (stats, y, lo, (lo + mask) & ~mask);
  add_samples (stats, y, hi & ~mask, hi);
  lo = (lo + mask) >> MF_PLOT_SUMMARY_SHIFT;
  hi >>= MF_PLOT_SUMMARY_SHIFT;
  for (int k = 0; k < MF_PLOT_SUMMARY_LEVELS; k++)
    {
      const GArray *blocks = summary->levels[k];

      /* blocks past the end are not summarised yet: never asked for by a
       * caller that extends after every append, but stay safe */
      if (hi > blocks->len)
        {
          gsize from = MAX (lo, blocks->len);

          add_samples (stats, y, from * block_size (k), hi * block_size (k));
          hi = MAX (lo, blocks->len);
        }
      if (k + 1 == MF_PLOT_SUMMARY_LEVELS || hi < lo + 2 * MF_PLOT_SUMMARY_FANOUT)
        {
          merge_blocks (stats, blocks, lo, hi);
          return;
        }
      merge_blocks (stats, blocks, lo, (lo + mask) & ~mask);
      merge_blocks (stats, blocks, hi & ~mask, hi);
      lo = (lo + mask) >> MF_PLOT_SUMMARY_SHIFT;
      hi >>= MF_PLOT_SUMMARY_SHIFT;
    }
}

gssize
mf_plot_summary_find_last (const MfPlotSummary *summary,
                           const double        *y,
                           gsize                lo,
                           gsize                hi,
                           gboolean             drawable,
                           gboolean             positive_only)
{
  int top = summary != NULL ? MF_PLOT_SUMMARY_LEVELS - 1 : -1;
  gsize pos = hi;

  /* backwards, each step over the largest block that ends at pos and lies
   * inside the range; into a block only when it holds what is sought */
  while (pos > lo)
    {
      const MfPlotStats *block;
      gsize size = 1, n_drawable, n_sought;
      int k;

      for (k = top; k >= 0; k--)
        {
          size = block_size (k);
          if ((pos & (size - 1)) == 0 && pos - lo >= size
              && pos / size <= summary->levels[k]->len)
            break;
        }
      if (k < 0)
        {
          pos--;
          if (is_drawable (y[pos], positive_only) == drawable)
            return (gssize) pos;
          continue;
        }
      block = &g_array_index (summary->levels[k], MfPlotStats, pos / size - 1);
      n_drawable = positive_only ? block->n_positive : block->n_finite;
      n_sought = drawable ? n_drawable : size - n_drawable;
      if (n_sought > 0)
        top = k - 1; /* what is sought is in this block: search only inside it */
      else
        pos -= size;
    }
  return -1;
}
