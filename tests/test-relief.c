/* test-relief.c: the law of an open relief valve.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>

#include "mf-relief.h"

/* 100 bar set, fully open 10 bar higher at 20 mm^2, oil */
static const MfRelief valve = { 100e5, 10e5, 20e-6, 0.61, 870 };

/* Closed below the set pressure; the orifice law through the full area
 * above set + rise; continuous where the area stops rising. */
static void
test_flow (void)
{
  double full = 0.61 * 20e-6 * sqrt (2 * 120e5 / 870);
  double at_top = mf_relief_flow (&valve, 110e5);

  g_assert_cmpfloat (mf_relief_flow (&valve, 50e5), ==, 0.0);
  g_assert_cmpfloat (mf_relief_flow (&valve, 100e5), ==, 0.0);
  g_assert_cmpfloat (fabs (mf_relief_flow (&valve, 120e5) - full), <, 1e-15);
  /* half open at the middle of the rise: half the area at 105 bar */
  g_assert_cmpfloat (fabs (mf_relief_flow (&valve, 105e5)
                           - 0.61 * 10e-6 * sqrt (2 * 105e5 / 870)), <, 1e-15);
  g_assert_cmpfloat (fabs (mf_relief_flow (&valve, 110e5 * (1 + 1e-12)) - at_top), <,
                     1e-9 * at_top);
}

/* Δp(q) inverts q(Δp) on both parts of the law, and its slope is the
 * reciprocal of the forward law's, taken by differences of that exact law
 * (the inverse itself is an iteration, too coarse to difference). */
static void
test_inverse (void)
{
  const double dps[] = { 100e5 + 1, 100.5e5, 103e5, 109.99e5, 111e5, 150e5, 400e5 };

  for (guint i = 0; i < G_N_ELEMENTS (dps); i++)
    {
      double q = mf_relief_flow (&valve, dps[i]), slope;
      double dp = mf_relief_pressure_drop (&valve, q, &slope);
      /* small against the opening, yet large against the rounding of
       * dp − set (dp ~ 1e7 Pa), and never across the kink at 110 bar */
      double h = MIN (1e-3 * (dps[i] - 100e5), 0.5 * fabs (dps[i] - 110e5));
      double dq_ddp = (mf_relief_flow (&valve, dps[i] + h) - mf_relief_flow (&valve, dps[i] - h))
                      / (2 * h);

      g_assert_cmpfloat (fabs (dp - dps[i]), <, 1e-9 * dps[i]);
      g_assert_cmpfloat (fabs (slope * dq_ddp - 1), <, 1e-6);
    }
}

/* At zero flow the valve holds exactly the set pressure, and the law goes
 * on linearly and monotonically for the negative flows of trial steps. */
static void
test_zero_flow (void)
{
  double slope, below = mf_relief_pressure_drop (&valve, -1e-6, NULL);

  g_assert_cmpfloat (mf_relief_pressure_drop (&valve, 0.0, &slope), ==, 100e5);
  g_assert_cmpfloat (slope, >, 0.0);
  g_assert_true (isfinite (slope));
  g_assert_cmpfloat (fabs (below - (100e5 - 1e-6 * slope)), <, 1e-6);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/relief/flow", test_flow);
  g_test_add_func ("/core/relief/inverse", test_inverse);
  g_test_add_func ("/core/relief/zero-flow", test_zero_flow);
  return g_test_run ();
}
