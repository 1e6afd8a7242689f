/* test-stability.c: regions of absolute stability (mf-stability.h) against
 * their published figures — explicit Euler's disc, classical Runge–Kutta's
 * reach along the real axis (2.785), the A-stability of BDF 1 and 2 and of
 * the implicit one-step methods, the A(α) angles of BDF 3 to 5 (86.03°,
 * 73.35°, 51.84°), Adams–Bashforth's real-axis reach — and the boundary
 * locus against the root condition on both sides of it.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>

#include "mf-stability.h"

static void
test_euler_disc (void)
{
  for (guint i = 0; i < 360; i++)
    {
      double complex on = -1.0 + cexp (I * G_PI * i / 180.0);

      g_assert_true (mf_stability_one_step_contains (MF_STABILITY_EULER, -1.0 + 0.999 * (on + 1.0)));
      g_assert_false (mf_stability_one_step_contains (MF_STABILITY_EULER, -1.0 + 1.001 * (on + 1.0)));
    }
  g_assert_cmpfloat (fabs (mf_stability_real_limit (MF_STABILITY_EULER) - 2.0), <, 1e-9);
}

static void
test_runge_kutta (void)
{
  /* |1 − x + x²/2 − x³/6 + x⁴/24| = 1 at x = 2.785293563… */
  g_assert_cmpfloat (fabs (mf_stability_real_limit (MF_STABILITY_RK4) - 2.785293563), <, 1e-8);
  /* the implicit ones hold the whole left half-plane */
  for (MfOneStep m = MF_STABILITY_BACKWARD_EULER; m <= MF_STABILITY_GAUSS4; m++)
    {
      g_assert_true (isinf (mf_stability_real_limit (m)));
      for (guint i = 0; i <= 36; i++)
        g_assert_true (mf_stability_one_step_contains (m, 1e3 * cexp (I * (G_PI / 2 + G_PI * i / 36))));
    }
  /* the Gauss methods' boundary is the imaginary axis */
  g_assert_false (mf_stability_one_step_contains (MF_STABILITY_MIDPOINT, 0.01 + 3.0 * I));
  g_assert_false (mf_stability_one_step_contains (MF_STABILITY_GAUSS4, 0.01 + 3.0 * I));
}

static void
test_bdf (void)
{
  /* published A(α) angles of BDF 3, 4, 5, degrees */
  const double angles[] = { 90.0, 90.0, 86.03, 73.35, 51.84 };

  for (guint k = 1; k <= 5; k++)
    {
      double alpha = mf_stability_angle (MF_STABILITY_BDF, k) * 180.0 / G_PI;

      g_test_message ("BDF%u: A(%.4f°)", k, alpha);
      g_assert_cmpfloat (fabs (alpha - angles[k - 1]), <, 5e-3);
    }
  /* BDF 1 and 2 are A-stable: their locus stays in the right half-plane */
  for (guint k = 1; k <= 2; k++)
    for (guint i = 0; i <= 1000; i++)
      g_assert_cmpfloat (creal (mf_stability_locus (MF_STABILITY_BDF, k, 2 * G_PI * i / 1000)), >=,
                         -1e-12);
  /* BDF 6 would not be zero-stable; 5 holds the far left */
  g_assert_true (mf_stability_multistep_contains (MF_STABILITY_BDF, 5, -1e6));
}

/* On each side of a point of the locus where it crosses the real axis
 * from the region, the root condition changes. */
static void
test_locus_bounds_the_region (void)
{
  const MfMultistep families[] = { MF_STABILITY_ADAMS_BASHFORTH, MF_STABILITY_ADAMS_MOULTON };
  /* published reach of Adams–Bashforth 1 to 4 along the negative real axis */
  const double bashforth_reach[] = { 2.0, 1.0, 6.0 / 11.0, 0.3 };

  for (guint k = 1; k <= 4; k++)
    {
      double r = bashforth_reach[k - 1];

      g_assert_true (mf_stability_multistep_contains (MF_STABILITY_ADAMS_BASHFORTH, k, -0.99 * r));
      g_assert_false (mf_stability_multistep_contains (MF_STABILITY_ADAMS_BASHFORTH, k, -1.01 * r));
      /* θ = π is where the locus meets the negative real axis */
      g_assert_cmpfloat (cabs (mf_stability_locus (MF_STABILITY_ADAMS_BASHFORTH, k, G_PI) + r), <,
                         1e-12);
    }
  /* the bounded regions hold no sector; backward Euler and the trapezoidal
   * rule are A-stable */
  for (guint f = 0; f < G_N_ELEMENTS (families); f++)
    for (guint k = 3; k <= 5; k++)
      g_assert_cmpfloat (mf_stability_angle (families[f], k), ==, 0.0);
  g_assert_cmpfloat (mf_stability_angle (MF_STABILITY_ADAMS_MOULTON, 1), ==, G_PI / 2);
  g_assert_cmpfloat (mf_stability_angle (MF_STABILITY_ADAMS_MOULTON, 2), ==, G_PI / 2);
  /* across the locus, at every point away from the origin, the root
   * condition changes: the locus is the region's boundary */
  for (guint k = 3; k <= 5; k++)
    for (guint i = 1; i < 200; i++)
      {
        double theta = 2 * G_PI * i / 200;
        double complex z = mf_stability_locus (MF_STABILITY_BDF, k, theta);
        double complex tangent = (mf_stability_locus (MF_STABILITY_BDF, k, theta + 1e-6)
                                  - mf_stability_locus (MF_STABILITY_BDF, k, theta - 1e-6)) / 2e-6;
        double complex normal = I * tangent / cabs (tangent) * 1e-3 * cabs (z);

        g_assert_true (mf_stability_multistep_contains (MF_STABILITY_BDF, k, z + normal)
                       != mf_stability_multistep_contains (MF_STABILITY_BDF, k, z - normal));
      }
}

/* The largest stable step along the eigenvalues' rays: explicit Euler's
 * is min 2|Re λ|/|λ|² (the stiffness report's), RK4's on a real λ is
 * 2.7853/|λ|, BDF 2 has none, and an undamped oscillation leaves explicit
 * Euler's region at once (to rounding). */
static void
test_largest_step (void)
{
  const double complex oscillator[] = { -4.16675 + 12247.4764 * I, -4.16675 - 12247.4764 * I,
                                        -8.33325 + 39.96518 * I, -8.33325 - 39.96518 * I };
  const double complex real[] = { -10.0, -1000.0, 0.0 };
  const double complex undamped[] = { 50.0 * I, -50.0 * I };
  MfOneStep euler = MF_STABILITY_EULER, rk4 = MF_STABILITY_RK4;
  guint bdf2[] = { MF_STABILITY_BDF, 2 }, bdf5[] = { MF_STABILITY_BDF, 5 };
  double expected = 2 * 4.16675 / (4.16675 * 4.16675 + 12247.4764 * 12247.4764);
  double h;

  h = mf_stability_largest_step (oscillator, 4, mf_stability_one_step_holds, &euler);
  g_assert_cmpfloat (fabs (h / expected - 1), <, 1e-6);
  h = mf_stability_largest_step (real, 3, mf_stability_one_step_holds, &rk4);
  g_assert_cmpfloat (fabs (h * 1000.0 / 2.785293563 - 1), <, 1e-8);
  g_assert_true (isinf (mf_stability_largest_step (oscillator, 4, mf_stability_multistep_holds,
                                                   bdf2)));
  /* reached only by rounding: |h λ| below 1e-6 */
  g_assert_cmpfloat (50.0 * mf_stability_largest_step (undamped, 2, mf_stability_one_step_holds,
                                                        &euler), <, 1e-6);
  /* BDF 5 holds the real axis but not the oscillator's fast pair for every h:
   * its ray is 89.98° from the negative axis, outside the 51.84° sector */
  h = mf_stability_largest_step (oscillator, 4, mf_stability_multistep_holds, bdf5);
  g_assert_true (isfinite (h) && h > 0.0);
  g_assert_true (isinf (mf_stability_largest_step (real, 3, mf_stability_multistep_holds, bdf5)));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/stability/euler-disc", test_euler_disc);
  g_test_add_func ("/core/stability/runge-kutta", test_runge_kutta);
  g_test_add_func ("/core/stability/bdf", test_bdf);
  g_test_add_func ("/core/stability/locus", test_locus_bounds_the_region);
  g_test_add_func ("/core/stability/largest-step", test_largest_step);
  return g_test_run ();
}
