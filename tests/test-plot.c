/* test-plot.c: the plot library (src/plot) without a display — tick
 * choice, and decimation against brute force (drawing and export are in
 * test-plot-draw.c).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include "mf-plot-decimate.h"
#include "mf-plot.h"
#include "mf-plot-private.h"

static void
assert_nice_step (double step)
{
  double mantissa = step / pow (10, floor (log10 (step) + 1e-9));

  g_assert_true (fabs (mantissa - 1) < 1e-9 || fabs (mantissa - 2) < 1e-9
                 || fabs (mantissa - 5) < 1e-9);
}

static void
assert_labels_round_trip (const MfPlotTicks *t)
{
  char previous[64] = "";

  for (guint i = 0; i < t->n_major; i++)
    {
      char label[64];
      double back;

      mf_plot_ticks_label (t, t->major[i], label, sizeof label);
      back = g_ascii_strtod (label, NULL);
      if (t->log)
        g_assert_cmpfloat (fabs (back - t->major[i]), <=, fabs (t->major[i]) * 1e-12);
      else
        g_assert_cmpfloat (fabs (back - t->major[i]), <=, t->step * 1e-6);
      g_assert_cmpstr (label, !=, previous);
      g_strlcpy (previous, label, sizeof previous);
    }
}

static void
check_linear (double lo, double hi, gboolean extend)
{
  MfPlotTicks t;

  mf_plot_ticks_linear (&t, lo, hi, extend);
  g_assert_cmpuint (t.n_major, >=, 4);
  g_assert_cmpuint (t.n_major, <=, 10);
  assert_nice_step (t.step);
  for (guint i = 0; i < t.n_major; i++)
    {
      double k = t.major[i] / t.step;

      g_assert_cmpfloat (fabs (k - round (k)), <, 1e-6);
      if (i > 0)
        g_assert_cmpfloat (fabs (t.major[i] - t.major[i - 1] - t.step), <, t.step * 1e-6);
    }
  if (lo != hi)
    {
      double slack = t.step * 1e-6;

      if (extend)
        {
          g_assert_cmpfloat (t.major[0], <=, MIN (lo, hi) + slack);
          g_assert_cmpfloat (t.major[t.n_major - 1], >=, MAX (lo, hi) - slack);
          g_assert_cmpfloat (t.lo, ==, t.major[0]);
          g_assert_cmpfloat (t.hi, ==, t.major[t.n_major - 1]);
        }
      else
        {
          g_assert_cmpfloat (t.major[0], >=, MIN (lo, hi) - slack);
          g_assert_cmpfloat (t.major[t.n_major - 1], <=, MAX (lo, hi) + slack);
        }
    }
  assert_labels_round_trip (&t);
}

static void
test_ticks_linear (void)
{
  static const double ranges[][2] = {
    { 0, 1 }, { 0, 10 }, { -1, 1 }, { 0.1, 0.7 }, { -37, 1234 }, { 1e-9, 3e-9 },
    { 1e12, 1.00001e12 }, { -5e-300, 7e-300 }, { -1e300, 1e300 }, { 99999, 100001 },
    { 0, 0 }, { 5, 5 }, { -3e-7, -3e-7 }, { 2, -2 }, { 0.999, 1.001 }, { 0, 1.5 },
  };
  g_autoptr (GRand) rand = g_rand_new_with_seed (42);

  for (guint i = 0; i < G_N_ELEMENTS (ranges); i++)
    {
      check_linear (ranges[i][0], ranges[i][1], TRUE);
      check_linear (ranges[i][0], ranges[i][1], FALSE);
    }
  for (int i = 0; i < 20000; i++)
    {
      double magnitude = pow (10, g_rand_double_range (rand, -30, 30));
      double a = g_rand_double_range (rand, -1, 1) * magnitude;
      double span = magnitude * pow (10, g_rand_double_range (rand, -6, 1));

      check_linear (a, a + span, i % 2 == 0);
    }
}

static void
test_ticks_labels (void)
{
  static const struct
  {
    double      lo, hi;
    const char *first, *second;
  } cases[] = {
    { 0, 1, "0", "0.2" },        { 0, 1.2, "0", "0.2" }, { -40, 40, "-40", "-30" },
    { 0, 3e-6, "0", "5e-7" },    { 0, 2.5e6, "0", "5e5" }, { 0.2, 0.3, "0.20", "0.22" },
    { 1e6, 1.000004e6, "1e6", "1.0000005e6" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      MfPlotTicks t;
      char label[64];

      mf_plot_ticks_linear (&t, cases[i].lo, cases[i].hi, TRUE);
      mf_plot_ticks_label (&t, t.major[0], label, sizeof label);
      g_assert_cmpstr (label, ==, cases[i].first);
      mf_plot_ticks_label (&t, t.major[1], label, sizeof label);
      g_assert_cmpstr (label, ==, cases[i].second);
    }
}

static void
test_ticks_log (void)
{
  MfPlotTicks t;
  char label[64];

  mf_plot_ticks_log (&t, 2e-3, 50, TRUE);
  g_assert_cmpfloat (t.lo, ==, 1e-3);
  g_assert_cmpfloat (t.hi, ==, 100);
  g_assert_cmpuint (t.n_major, ==, 6);
  for (guint i = 0; i < t.n_major; i++)
    g_assert_cmpfloat (fabs (t.major[i] / pow (10, i - 3.0) - 1), <, 1e-12);
  g_assert_cmpuint (t.n_minor, ==, 5 * 8);
  mf_plot_ticks_label (&t, t.major[0], label, sizeof label);
  g_assert_cmpstr (label, ==, "0.001");
  assert_labels_round_trip (&t);

  /* two decades: 2 and 5 carry labels too */
  mf_plot_ticks_log (&t, 1.5, 80, TRUE);
  g_assert_cmpuint (t.n_major, ==, 7);
  g_assert_cmpfloat (t.major[1], ==, 2);
  g_assert_cmpfloat (t.major[2], ==, 5);
  assert_labels_round_trip (&t);

  /* sixty decades: a label every tenth decade, no 2..9 */
  mf_plot_ticks_log (&t, 1e-30, 1e30, TRUE);
  g_assert_cmpuint (t.n_major, ==, 7);
  g_assert_cmpfloat (t.step, ==, 10);
  mf_plot_ticks_label (&t, t.major[0], label, sizeof label);
  g_assert_cmpstr (label, ==, "1e-30");
  for (guint i = 0; i < t.n_minor; i++)
    g_assert_cmpfloat (fabs (log10 (t.minor[i]) - round (log10 (t.minor[i]))), <, 1e-9);
  assert_labels_round_trip (&t);

  /* no positive range: a decade */
  mf_plot_ticks_log (&t, -1, 0, TRUE);
  g_assert_cmpfloat (t.lo, ==, 1);
  g_assert_cmpfloat (t.hi, ==, 10);
}

static void
test_decimate_brute_force (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);
  const gsize n = 200000;
  const guint n_columns = 317;
  g_autofree double *x = g_new (double, n);
  g_autofree double *y = g_new (double, n);
  g_autofree MfPlotColumn *columns = g_new (MfPlotColumn, n_columns);
  MfPlotDecimation d = { columns, n_columns, 3.0, 17.0 };
  double t = 0;

  for (gsize i = 0; i < n; i++)
    {
      /* duplicate times happen at events */
      t += g_rand_int_range (rand, 0, 10) == 0 ? 0 : g_rand_double (rand) * 2e-4;
      x[i] = t;
      y[i] = g_rand_double_range (rand, -1, 1) * (g_rand_int_range (rand, 0, 1000) == 0 ? 50 : 1);
    }
  mf_plot_decimate (&d, x, y, n, FALSE);
  for (guint c = 0; c < n_columns; c++)
    {
      double lo = INFINITY, hi = -INFINITY, first = NAN, last = NAN;
      guint count = 0;

      for (gsize i = 0; i < n; i++)
        {
          gssize column;

          if (x[i] < d.x0 || x[i] > d.x1)
            continue;
          column = (gssize) ((x[i] - d.x0) * n_columns / (d.x1 - d.x0));
          if (CLAMP (column, 0, (gssize) n_columns - 1) != (gssize) c)
            continue;
          if (count++ == 0)
            first = y[i];
          last = y[i];
          lo = MIN (lo, y[i]);
          hi = MAX (hi, y[i]);
        }
      g_assert_cmpuint (columns[c].count, ==, count);
      if (count == 0)
        continue;
      g_assert_cmpfloat (columns[c].min_y, ==, lo);
      g_assert_cmpfloat (columns[c].max_y, ==, hi);
      g_assert_cmpfloat (columns[c].first_y, ==, first);
      g_assert_cmpfloat (columns[c].last_y, ==, last);
    }
  g_assert_true (d.has_before && d.has_after);
  g_assert_cmpfloat (d.before_x, <, 3.0);
  g_assert_cmpfloat (d.after_x, >, 17.0);
}

static void
test_decimate_gaps (void)
{
  const double x[] = { 0, 1, 2, 3, 4, 5 };
  const double y[] = { 1, NAN, 2, -1, 3, 4 };
  MfPlotColumn columns[6];
  MfPlotDecimation d = { columns, 6, 0, 6 };

  mf_plot_decimate (&d, x, y, 6, TRUE);
  g_assert_cmpuint (columns[0].count, ==, 1);
  g_assert_cmpuint (columns[1].count, ==, 0);
  g_assert_true (columns[2].break_before);
  g_assert_cmpuint (columns[3].count, ==, 0);
  g_assert_true (columns[4].break_before);
  g_assert_false (columns[5].break_before);
  g_assert_cmpfloat (d.min_y, ==, 1);
  g_assert_cmpfloat (d.max_y, ==, 4);
}

/* The decimation as a plain pass over every sample, to hold the fast one
 * against: a gap (a sample no line draws) breaks the line, and the line
 * enters a column after the column's last gap. */
static void
reference_decimate (MfPlotDecimation *d, const double *x, const double *y, gsize n,
                    gboolean positive_only)
{
  gboolean gap = FALSE;
  gssize last_in = -1, first_in = -1;

  memset (d->columns, 0, d->n_columns * sizeof *d->columns);
  d->min_y = INFINITY;
  d->max_y = -INFINITY;
  for (gsize i = 0; i < n; i++)
    {
      MfPlotColumn *c;
      gssize column;

      if (x[i] < d->x0 || x[i] > d->x1)
        continue;
      if (first_in < 0)
        first_in = (gssize) i;
      last_in = (gssize) i;
      if (!isfinite (y[i]) || (positive_only && y[i] <= 0))
        {
          gap = TRUE;
          continue;
        }
      column = (gssize) ((x[i] - d->x0) * (d->n_columns / (d->x1 - d->x0)));
      c = &d->columns[CLAMP (column, 0, (gssize) d->n_columns - 1)];
      if (c->count == 0 || gap)
        {
          c->break_before = c->count == 0 ? gap : TRUE;
          c->first_x = x[i];
          c->first_y = y[i];
        }
      if (c->count == 0)
        c->min_y = c->max_y = y[i];
      c->count++;
      c->last_x = x[i];
      c->last_y = y[i];
      c->min_y = MIN (c->min_y, y[i]);
      c->max_y = MAX (c->max_y, y[i]);
      d->min_y = MIN (d->min_y, y[i]);
      d->max_y = MAX (d->max_y, y[i]);
      gap = FALSE;
    }
  d->break_after = gap;
  d->n_samples = first_in < 0 ? 0 : (gsize) (last_in - first_in + 1);
}

static void
assert_same_columns (const MfPlotDecimation *a, const MfPlotDecimation *b)
{
  for (guint c = 0; c < a->n_columns; c++)
    {
      const MfPlotColumn *p = &a->columns[c], *q = &b->columns[c];

      g_assert_cmpuint (p->count, ==, q->count);
      if (p->count == 0)
        continue;
      g_assert_cmpint (p->break_before, ==, q->break_before);
      g_assert_cmpfloat (p->min_y, ==, q->min_y);
      g_assert_cmpfloat (p->max_y, ==, q->max_y);
      g_assert_cmpfloat (p->first_x, ==, q->first_x);
      g_assert_cmpfloat (p->first_y, ==, q->first_y);
      g_assert_cmpfloat (p->last_x, ==, q->last_x);
      g_assert_cmpfloat (p->last_y, ==, q->last_y);
    }
  g_assert_cmpint (a->break_after, ==, b->break_after);
  g_assert_cmpuint (a->n_samples, ==, b->n_samples);
  if (a->min_y <= a->max_y || b->min_y <= b->max_y)
    {
      g_assert_cmpfloat (a->min_y, ==, b->min_y);
      g_assert_cmpfloat (a->max_y, ==, b->max_y);
    }
}

/* Decimates [x0, x1] into n_columns with the summary, without it and by
 * brute force, for both kinds of y axis, and checks all three agree. */
static void
check_decimation (const double *x, const double *y, gsize n, const MfPlotSummary *summary,
                  guint n_columns, double x0, double x1)
{
  g_autofree MfPlotColumn *fast = g_new (MfPlotColumn, n_columns);
  g_autofree MfPlotColumn *plain = g_new (MfPlotColumn, n_columns);
  g_autofree MfPlotColumn *brute = g_new (MfPlotColumn, n_columns);

  for (int positive_only = 0; positive_only <= 1; positive_only++)
    {
      MfPlotDecimation a = { fast, n_columns, x0, x1 };
      MfPlotDecimation b = { plain, n_columns, x0, x1 };
      MfPlotDecimation c = { brute, n_columns, x0, x1 };
      double lo, hi;

      mf_plot_decimate_with_summary (&a, x, y, n, summary, positive_only);
      mf_plot_decimate (&b, x, y, n, positive_only);
      reference_decimate (&c, x, y, n, positive_only);
      assert_same_columns (&a, &c);
      assert_same_columns (&b, &c);
      if (mf_plot_decimate_extent (x, y, n, summary, x0, x1, positive_only, &lo, &hi))
        {
          g_assert_cmpfloat (lo, ==, c.min_y);
          g_assert_cmpfloat (hi, ==, c.max_y);
        }
      else
        g_assert_cmpfloat (c.min_y, >, c.max_y);
    }
}

static double
random_value (GRand *rand, gsize i)
{
  switch (g_rand_int_range (rand, 0, 100))
    {
    case 0:
    case 1:
      return NAN;
    case 2:
      return g_rand_boolean (rand) ? INFINITY : -INFINITY;
    case 3:
      return 0;
    default:
      /* now and then a spike, and long stretches without a positive value */
      return (i / 5000 % 7 == 3 ? -1 : 1) * g_rand_double_range (rand, 0.001, 1)
             * (g_rand_int_range (rand, 0, 500) == 0 ? 1000 : 1);
    }
}

/* A series grown in small batches, its summary extended after each, is
 * decimated at many widths and ranges exactly as a pass over every sample
 * decimates it: columns of fewer samples than a block and of many blocks,
 * ranges zoomed into the middle, and whole blocks of gaps. */
static void
test_summary_decimation (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (11);
  const gsize n_max = 300000;
  g_autofree double *x = g_new (double, n_max);
  g_autofree double *y = g_new (double, n_max);
  static const guint widths[] = { 1, 2, 7, 64, 317, 1000, 4099 };
  MfPlotSummary summary;
  gsize n = 0, next_check = 1000;
  double t = 0;

  mf_plot_summary_init (&summary);
  while (n < n_max)
    {
      gsize batch = MIN ((gsize) g_rand_int_range (rand, 1, 300), n_max - n);

      for (gsize i = n; i < n + batch; i++)
        {
          /* repeated times happen at events */
          t += g_rand_int_range (rand, 0, 8) == 0 ? 0 : g_rand_double_range (rand, 0.5, 1.5);
          x[i] = t;
          /* whole blocks of gaps now and then */
          y[i] = (i / 4096 == 20 || i / 64 == 700) ? NAN : random_value (rand, i);
        }
      n += batch;
      mf_plot_summary_extend (&summary, y, n);
      if (n < next_check && n < n_max)
        continue;
      next_check = n * 3 / 2;
      for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
        {
          double span = x[n - 1] - x[0];
          double a = x[0] + span * g_rand_double_range (rand, 0, 0.5);
          double b = a + span * pow (10, -g_rand_double_range (rand, 0, 3));

          check_decimation (x, y, n, &summary, widths[w], x[0], x[n - 1]);
          check_decimation (x, y, n, &summary, widths[w], a, b);
        }
    }
  mf_plot_summary_clear (&summary);
}

/* With x the sample's index, columns that end exactly on block boundaries
 * or one sample either side of them. */
static void
test_summary_block_boundaries (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (5);
  const gsize n = 270000; /* past one block of 8^6 */
  g_autofree double *x = g_new (double, n);
  g_autofree double *y = g_new (double, n);
  static const double samples_per_column[] = { 1,   7,   8,    9,    15,   16,   17,    63,
                                               64,  65,  511,  512,  513,  4095, 4096,  4097,
                                               5000, 32768, 262144 };
  MfPlotSummary summary;

  mf_plot_summary_init (&summary);
  for (gsize i = 0; i < n; i++)
    {
      x[i] = i;
      y[i] = random_value (rand, i);
    }
  mf_plot_summary_extend (&summary, y, n);
  for (guint k = 0; k < G_N_ELEMENTS (samples_per_column); k++)
    for (int offset = -1; offset <= 1; offset++)
      {
        double width = samples_per_column[k];
        double x0 = 4096 + 64 * 37 + offset;
        guint n_columns = (guint) MIN (2000.0, MAX (1.0, floor ((n - x0) / width)));

        /* x1 is in the range: the last column ends one sample after it */
        check_decimation (x, y, n, &summary, n_columns, x0, x0 + n_columns * width - 1);
        check_decimation (x, y, n, &summary, n_columns, x0, x0 + n_columns * width);
      }
  /* the stats of any stretch, and the search for the last (un)drawable */
  for (int i = 0; i < 3000; i++)
    {
      gsize lo = g_rand_int_range (rand, 0, n), hi = lo + g_rand_int_range (rand, 0, n - lo + 1);
      MfPlotStats fast, brute;

      if (i % 3 == 0)
        hi = MIN (n, lo + g_rand_int_range (rand, 0, 300));
      mf_plot_summary_query (&summary, y, lo, hi, &fast);
      mf_plot_stats_init (&brute);
      for (gsize j = lo; j < hi; j++)
        mf_plot_stats_add (&brute, y[j]);
      g_assert_cmpuint (fast.n_finite, ==, brute.n_finite);
      g_assert_cmpuint (fast.n_positive, ==, brute.n_positive);
      g_assert_cmpfloat (fast.min, ==, brute.min);
      g_assert_cmpfloat (fast.max, ==, brute.max);
      g_assert_cmpfloat (fast.min_positive, ==, brute.min_positive);
      for (int mode = 0; mode < 4; mode++)
        {
          gboolean drawable = mode & 1, positive_only = mode >> 1;
          gssize expected = -1;

          for (gsize j = hi; j-- > lo;)
            if ((isfinite (y[j]) && (!positive_only || y[j] > 0)) == drawable)
              {
                expected = (gssize) j;
                break;
              }
          g_assert_cmpint (mf_plot_summary_find_last (&summary, y, lo, hi, drawable,
                                                      positive_only), ==, expected);
        }
    }
  mf_plot_summary_clear (&summary);
}

/* Appending in blocks with a scale (as a live run's frames do) leaves a
 * series exactly as appending the scaled samples one by one: the same
 * samples kept (a NaN or decreasing x left out), bounds and summary. */
static void
test_series_append_scaled (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (17);
  const gsize n = 100000;
  const double scale = 1e-5;
  g_autofree double *x = g_new (double, n);
  g_autofree double *y = g_new (double, n);
  MfPlotSeries *one = mf_plot_series_new ("one");
  MfPlotSeries *block = mf_plot_series_new ("block");
  gsize kept = 0, at = 0, appended = 0;
  double t = 0;

  for (gsize i = 0; i < n; i++)
    {
      guint what = (guint) g_rand_int_range (rand, 0, 200);

      t += g_rand_double_range (rand, 0, 1);
      /* now and then a NaN time, a step back in time, a gap, an infinity */
      x[i] = what == 0 ? NAN : what == 1 ? t - 5 : t;
      y[i] = what == 2 ? NAN : what == 3 ? INFINITY : random_value (rand, i) * 1e5;
      kept += mf_plot_series_append (one, x[i], scale * y[i]);
    }
  g_assert_cmpuint (kept, <, n);
  while (at < n)
    {
      gsize batch = MIN ((gsize) g_rand_int_range (rand, 0, 5000), n - at);

      appended += mf_plot_series_append_scaled (block, x + at, y + at, batch, scale);
      at += batch;
    }
  g_assert_cmpuint (appended, ==, kept);
  g_assert_cmpuint (mf_plot_series_get_n_points (block), ==, kept);
  g_assert_cmpmem (mf_plot_series_get_x (block), kept * sizeof (double),
                   mf_plot_series_get_x (one), kept * sizeof (double));
  g_assert_cmpmem (mf_plot_series_get_y (block), kept * sizeof (double),
                   mf_plot_series_get_y (one), kept * sizeof (double));
  {
    double a[5], b[5];

    mf_plot_series_get_bounds (one, &a[0], &a[1], &a[2], &a[3], &a[4]);
    mf_plot_series_get_bounds (block, &b[0], &b[1], &b[2], &b[3], &b[4]);
    g_assert_cmpmem (a, sizeof a, b, sizeof b);
    g_assert_true (isfinite (a[2]) && isfinite (a[3]));
  }
  for (int k = 0; k < MF_PLOT_SUMMARY_LEVELS; k++)
    {
      const GArray *la = one->summary.levels[k], *lb = block->summary.levels[k];

      g_assert_cmpuint (lb->len, ==, kept >> (MF_PLOT_SUMMARY_SHIFT * (k + 1)));
      g_assert_cmpmem (lb->data, lb->len * sizeof (MfPlotStats), la->data,
                       la->len * sizeof (MfPlotStats));
    }
  mf_plot_series_free (one);
  mf_plot_series_free (block);
}

static void
test_ticks_integer (void)
{
  MfPlotTicks ticks;
  char label[32];

  mf_plot_ticks_integer (&ticks, 1, 12);
  g_assert_cmpfloat (ticks.lo, ==, 0.5);
  g_assert_cmpfloat (ticks.hi, ==, 12.5);
  /* twelve would be too many: every second */
  g_assert_cmpfloat (ticks.step, ==, 2);
  g_assert_cmpuint (ticks.n_major, ==, 6);
  g_assert_cmpfloat (ticks.major[0], ==, 2);
  g_assert_cmpfloat (ticks.major[5], ==, 12);
  mf_plot_ticks_label (&ticks, ticks.major[0], label, sizeof label);
  g_assert_cmpstr (label, ==, "2");

  /* one order all along: one tick, with room on both sides */
  mf_plot_ticks_integer (&ticks, 2, 2);
  g_assert_cmpuint (ticks.n_major, ==, 1);
  g_assert_cmpfloat (ticks.major[0], ==, 2);
  g_assert_cmpfloat (ticks.lo, ==, 1.5);
  g_assert_cmpfloat (ticks.hi, ==, 2.5);
  /* no integer inside: the nearest to the middle */
  mf_plot_ticks_integer (&ticks, 2.2, 2.4);
  g_assert_cmpuint (ticks.n_major, ==, 1);
  g_assert_cmpfloat (ticks.major[0], ==, 2);
  mf_plot_ticks_integer (&ticks, NAN, 3);
  g_assert_cmpuint (ticks.n_major, ==, 1);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/plot/ticks/linear", test_ticks_linear);
  g_test_add_func ("/plot/ticks/labels", test_ticks_labels);
  g_test_add_func ("/plot/ticks/log", test_ticks_log);
  g_test_add_func ("/plot/ticks/integer", test_ticks_integer);
  g_test_add_func ("/plot/decimate/brute-force", test_decimate_brute_force);
  g_test_add_func ("/plot/decimate/gaps", test_decimate_gaps);
  g_test_add_func ("/plot/decimate/summary", test_summary_decimation);
  g_test_add_func ("/plot/decimate/block-boundaries", test_summary_block_boundaries);
  g_test_add_func ("/plot/series/append-scaled", test_series_append_scaled);
  return g_test_run ();
}
