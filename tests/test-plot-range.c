/* test-plot-range.c: the zoom/pan arithmetic of a plot axis (MfPlotRange),
 * without a display.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>

#include "mf-plot-range.h"

static void
count_changed (MfPlotRange *range, guint *count)
{
  (*count)++;
}

static MfPlotRange *
range_new (guint *changes)
{
  MfPlotRange *range = mf_plot_range_new ();

  g_signal_connect (range, "changed", G_CALLBACK (count_changed), changes);
  return range;
}

static void
test_auto_fit (void)
{
  guint changes = 0;
  g_autoptr (MfPlotRange) range = range_new (&changes);
  double lo, hi;

  g_assert_true (mf_plot_range_is_auto (range));
  mf_plot_range_set_data_bounds (range, 2, 12);
  mf_plot_range_get (range, &lo, &hi);
  /* 5 % of the extent on each side */
  g_assert_cmpfloat_with_epsilon (lo, 1.5, 1e-12);
  g_assert_cmpfloat_with_epsilon (hi, 12.5, 1e-12);
  g_assert_cmpuint (changes, ==, 1);
  mf_plot_range_set_padding (range, 0);
  mf_plot_range_get (range, &lo, &hi);
  g_assert_cmpfloat (lo, ==, 2);
  g_assert_cmpfloat (hi, ==, 12);
  g_assert_cmpuint (changes, ==, 2);
}

static void
test_zoom_at_keeps_point (void)
{
  guint changes = 0;
  g_autoptr (MfPlotRange) range = range_new (&changes);
  double lo, hi, before, after;

  mf_plot_range_set_padding (range, 0);
  mf_plot_range_set_data_bounds (range, 0, 10);
  before = mf_plot_range_to_fraction (range, 7.5);
  mf_plot_range_zoom_at (range, 7.5, 0.5);
  mf_plot_range_get (range, &lo, &hi);
  after = mf_plot_range_to_fraction (range, 7.5);
  g_assert_cmpfloat_with_epsilon (hi - lo, 5, 1e-12);
  g_assert_cmpfloat_with_epsilon (before, after, 1e-12);
  g_assert_cmpfloat_with_epsilon (lo, 3.75, 1e-12);
  g_assert_false (mf_plot_range_is_auto (range));
  /* zooming out by the inverse comes back */
  mf_plot_range_zoom_at (range, 7.5, 2);
  mf_plot_range_get (range, &lo, &hi);
  g_assert_cmpfloat_with_epsilon (lo, 0, 1e-12);
  g_assert_cmpfloat_with_epsilon (hi, 10, 1e-12);
}

static void
test_zoom_log_decades (void)
{
  guint changes = 0;
  g_autoptr (MfPlotRange) range = range_new (&changes);
  double lo, hi;

  mf_plot_range_set_log (range, TRUE);
  mf_plot_range_set_padding (range, 0);
  mf_plot_range_set_data_bounds (range, 1e-6, 1e2);
  mf_plot_range_get (range, &lo, &hi);
  g_assert_cmpfloat_with_epsilon (log10 (lo), -6, 1e-12);
  g_assert_cmpfloat_with_epsilon (log10 (hi), 2, 1e-12);
  /* eight decades halved about 1e-2: four decades, 1e-2 stays at its fraction */
  mf_plot_range_zoom_at (range, 1e-2, 0.5);
  mf_plot_range_get (range, &lo, &hi);
  g_assert_cmpfloat_with_epsilon (log10 (lo), -4, 1e-9);
  g_assert_cmpfloat_with_epsilon (log10 (hi), 0, 1e-9);
  g_assert_cmpfloat_with_epsilon (mf_plot_range_to_fraction (range, 1e-2), 0.5, 1e-12);
  /* pan by one decade */
  mf_plot_range_pan (range, 1);
  mf_plot_range_get (range, &lo, &hi);
  g_assert_cmpfloat_with_epsilon (log10 (lo), -3, 1e-9);
  g_assert_cmpfloat_with_epsilon (log10 (hi), 1, 1e-9);
  g_assert_cmpfloat (lo, >, 0);
}

static void
test_box_zoom_pan_reset (void)
{
  guint changes = 0;
  g_autoptr (MfPlotRange) range = range_new (&changes);
  double lo, hi;

  mf_plot_range_set_data_bounds (range, -1, 1);
  mf_plot_range_zoom_to (range, 0.5, 0.2);
  mf_plot_range_get (range, &lo, &hi);
  g_assert_cmpfloat (lo, ==, 0.2);
  g_assert_cmpfloat (hi, ==, 0.5);
  mf_plot_range_pan (range, 0.1);
  mf_plot_range_get (range, &lo, &hi);
  g_assert_cmpfloat_with_epsilon (lo, 0.3, 1e-12);
  g_assert_cmpfloat_with_epsilon (hi, 0.6, 1e-12);
  /* new data does not move a fixed interval */
  mf_plot_range_set_data_bounds (range, -5, 5);
  mf_plot_range_get (range, &lo, &hi);
  g_assert_cmpfloat_with_epsilon (lo, 0.3, 1e-12);
  mf_plot_range_reset (range);
  g_assert_true (mf_plot_range_is_auto (range));
  mf_plot_range_get (range, &lo, &hi);
  g_assert_cmpfloat_with_epsilon (lo, -5.5, 1e-12);
  g_assert_cmpfloat_with_epsilon (hi, 5.5, 1e-12);
}

static void
test_follow (void)
{
  guint changes = 0;
  g_autoptr (MfPlotRange) range = range_new (&changes);
  double lo, hi;

  mf_plot_range_set_padding (range, 0);
  mf_plot_range_set_follow (range, TRUE);
  mf_plot_range_set_data_bounds (range, 0, 4);
  /* auto shows all, following or not */
  mf_plot_range_get (range, &lo, &hi);
  g_assert_cmpfloat (lo, ==, 0);
  g_assert_cmpfloat (hi, ==, 4);
  mf_plot_range_zoom_to (range, 1, 2);
  mf_plot_range_set_data_bounds (range, 0, 7.5);
  mf_plot_range_get (range, &lo, &hi);
  g_assert_cmpfloat_with_epsilon (hi - lo, 1, 1e-12);
  g_assert_cmpfloat (hi, ==, 7.5);
  /* not following: the window stays */
  mf_plot_range_set_follow (range, FALSE);
  mf_plot_range_set_data_bounds (range, 0, 9);
  mf_plot_range_get (range, &lo, &hi);
  g_assert_cmpfloat (hi, ==, 7.5);
  /* turning follow on moves to the latest data at once */
  mf_plot_range_set_follow (range, TRUE);
  mf_plot_range_get (range, &lo, &hi);
  g_assert_cmpfloat (hi, ==, 9);
  g_assert_cmpfloat_with_epsilon (lo, 8, 1e-12);
}

static void
test_changed_exactly (void)
{
  guint changes = 0;
  g_autoptr (MfPlotRange) range = range_new (&changes);

  mf_plot_range_set_padding (range, 0);
  g_assert_cmpuint (changes, ==, 0);
  mf_plot_range_set_data_bounds (range, 0, 1);
  /* [0, 1] is also the interval shown without data: nothing changed */
  g_assert_cmpuint (changes, ==, 0);
  mf_plot_range_set_data_bounds (range, 0, 2);
  g_assert_cmpuint (changes, ==, 1);
  mf_plot_range_set_data_bounds (range, 0, 2);
  g_assert_cmpuint (changes, ==, 1);
  /* fixing the interval it already shows changes nothing on screen */
  mf_plot_range_zoom_to (range, 0, 2);
  g_assert_cmpuint (changes, ==, 1);
  g_assert_false (mf_plot_range_is_auto (range));
  mf_plot_range_set_data_bounds (range, 0, 3);
  g_assert_cmpuint (changes, ==, 1);
  mf_plot_range_zoom_at (range, 1, 0.5);
  g_assert_cmpuint (changes, ==, 2);
  mf_plot_range_zoom_at (range, 1, 1);
  mf_plot_range_pan (range, 0);
  g_assert_cmpuint (changes, ==, 2);
  mf_plot_range_reset (range);
  g_assert_cmpuint (changes, ==, 3);
  mf_plot_range_reset (range);
  g_assert_cmpuint (changes, ==, 3);
}

static void
assert_sensible (MfPlotRange *range)
{
  double lo, hi;

  mf_plot_range_get (range, &lo, &hi);
  g_assert_true (isfinite (lo) && isfinite (hi));
  g_assert_cmpfloat (lo, <, hi);
  if (mf_plot_range_get_log (range))
    g_assert_cmpfloat (lo, >, 0);
}

static void
test_degenerate (void)
{
  guint changes = 0;
  g_autoptr (MfPlotRange) range = range_new (&changes);
  g_autoptr (MfPlotRange) log_range = range_new (&changes);
  double lo, hi;

  assert_sensible (range);                    /* empty */
  mf_plot_range_set_data_bounds (range, 3, 3); /* one point or all equal */
  assert_sensible (range);
  mf_plot_range_get (range, &lo, &hi);
  g_assert_cmpfloat (lo, <, 3);
  g_assert_cmpfloat (hi, >, 3);
  mf_plot_range_set_data_bounds (range, 0, 0);
  assert_sensible (range);
  mf_plot_range_set_data_bounds (range, NAN, 5);
  assert_sensible (range);
  mf_plot_range_set_data_bounds (range, 1e300, 1e300);
  assert_sensible (range);
  /* zooming in without end stops at a width doubles can tell apart */
  mf_plot_range_set_data_bounds (range, 0, 1);
  for (int i = 0; i < 400; i++)
    mf_plot_range_zoom_at (range, 0.3, 0.5);
  assert_sensible (range);

  mf_plot_range_set_log (log_range, TRUE);
  assert_sensible (log_range);
  mf_plot_range_set_data_bounds (log_range, 2e-3, 2e-3);
  assert_sensible (log_range);
  mf_plot_range_get (log_range, &lo, &hi);
  g_assert_cmpfloat (lo, <, 2e-3);
  g_assert_cmpfloat (hi, >, 2e-3);
  /* a fixed interval through zero cannot stay when the axis turns log */
  mf_plot_range_set_log (range, FALSE);
  mf_plot_range_zoom_to (range, -1, 1);
  mf_plot_range_set_log (range, TRUE);
  g_assert_true (mf_plot_range_is_auto (range));
  assert_sensible (range);
}

static void
test_owners_union (void)
{
  guint changes = 0;
  g_autoptr (MfPlotRange) range = range_new (&changes);
  int a, b;
  double lo, hi;

  mf_plot_range_set_padding (range, 0);
  mf_plot_range_set_owner_bounds (range, &a, 0, 5);
  mf_plot_range_set_owner_bounds (range, &b, NAN, NAN);
  mf_plot_range_get (range, &lo, &hi);
  g_assert_cmpfloat (hi, ==, 5);
  mf_plot_range_set_owner_bounds (range, &b, 1, 8);
  mf_plot_range_get (range, &lo, &hi);
  g_assert_cmpfloat (lo, ==, 0);
  g_assert_cmpfloat (hi, ==, 8);
  mf_plot_range_remove_owner (range, &b);
  mf_plot_range_get (range, &lo, &hi);
  g_assert_cmpfloat (hi, ==, 5);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/app/plot-range/auto-fit", test_auto_fit);
  g_test_add_func ("/app/plot-range/zoom-at-keeps-point", test_zoom_at_keeps_point);
  g_test_add_func ("/app/plot-range/zoom-log-decades", test_zoom_log_decades);
  g_test_add_func ("/app/plot-range/box-zoom-pan-reset", test_box_zoom_pan_reset);
  g_test_add_func ("/app/plot-range/follow", test_follow);
  g_test_add_func ("/app/plot-range/changed-exactly", test_changed_exactly);
  g_test_add_func ("/app/plot-range/degenerate", test_degenerate);
  g_test_add_func ("/app/plot-range/owners-union", test_owners_union);
  return g_test_run ();
}
