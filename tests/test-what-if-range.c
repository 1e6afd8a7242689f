/* test-what-if-range.c: the span of the what-if slider
 * (src/app/stiffness/mf-what-if-range.c) — log a hundredth to a hundred
 * times the value, linear from 0 (or as low as a positive parameter may
 * go) to twice it, a negative value and 0 — the positions at its ends and
 * of its values, and the rounding to three significant figures.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>

#include "mf-what-if-range.h"

static void
assert_span (const MfWhatIfRange *r, double lo, double hi, gboolean log)
{
  g_assert_cmpfloat_with_epsilon (r->lo, lo, 1e-12 * MAX (fabs (lo), 1.0));
  g_assert_cmpfloat_with_epsilon (r->hi, hi, 1e-12 * MAX (fabs (hi), 1.0));
  g_assert_cmpint (r->log, ==, log);
}

static void
test_spans (void)
{
  MfWhatIfRange r;

  /* 100 MN/m on a log scale: 1 … 10 000 MN/m, positions 0 … 4 */
  mf_what_if_range_init (&r, 100.0, MF_RANGE_NON_NEGATIVE, TRUE);
  assert_span (&r, 1.0, 10000.0, TRUE);
  g_assert_cmpfloat_with_epsilon (mf_what_if_range_position_lo (&r), 0.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (mf_what_if_range_position_hi (&r), 4.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (mf_what_if_range_position (&r, 100.0), 2.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (mf_what_if_range_value (&r, 2.5), pow (10.0, 2.5), 1e-9);
  /* outside the span: clamped to its ends */
  g_assert_cmpfloat_with_epsilon (mf_what_if_range_position (&r, 1e9), 4.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (mf_what_if_range_value (&r, -3.0), 1.0, 1e-12);
  g_assert_true (mf_what_if_range_contains (&r, 1.0));
  g_assert_false (mf_what_if_range_contains (&r, 0.5));

  /* linear: 0 … 2× when 0 is allowed, 2/100 … 2× when it is not */
  mf_what_if_range_init (&r, 100.0, MF_RANGE_NON_NEGATIVE, FALSE);
  assert_span (&r, 0.0, 200.0, FALSE);
  g_assert_cmpfloat (mf_what_if_range_value (&r, 37.5), ==, 37.5);
  mf_what_if_range_init (&r, 2.0, MF_RANGE_POSITIVE, FALSE);
  assert_span (&r, 0.04, 4.0, FALSE);
  /* a negative value (a force, a tank's pressure): 2× … 0; log cannot */
  g_assert_false (mf_what_if_range_can_log (-5.0));
  mf_what_if_range_init (&r, -5.0, MF_RANGE_ANY, TRUE);
  assert_span (&r, -10.0, 0.0, FALSE);
  /* 0: −1 … 1, or 0 … 1 when the parameter may not be negative */
  mf_what_if_range_init (&r, 0.0, MF_RANGE_ANY, TRUE);
  assert_span (&r, -1.0, 1.0, FALSE);
  mf_what_if_range_init (&r, 0.0, MF_RANGE_NON_NEGATIVE, FALSE);
  assert_span (&r, 0.0, 1.0, FALSE);
  /* a NaN position goes to the left end */
  g_assert_cmpfloat (mf_what_if_range_value (&r, NAN), ==, 0.0);
}

static void
test_round (void)
{
  g_assert_cmpfloat (mf_what_if_round (123456.0), ==, 123000.0);
  g_assert_cmpfloat (mf_what_if_round (0.012345), ==, 0.0123);
  g_assert_cmpfloat (mf_what_if_round (-2.71828), ==, -2.72);
  g_assert_cmpfloat (mf_what_if_round (316.227766), ==, 316.0);
  g_assert_cmpfloat (mf_what_if_round (0.0), ==, 0.0);
  g_assert_false (signbit (mf_what_if_round (-0.0)));
  g_assert_true (isinf (mf_what_if_round (INFINITY)));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/app/stiffness/what-if-range/spans", test_spans);
  g_test_add_func ("/app/stiffness/what-if-range/round", test_round);
  return g_test_run ();
}
