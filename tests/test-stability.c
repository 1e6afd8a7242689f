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

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/stability/euler-disc", test_euler_disc);
  g_test_add_func ("/core/stability/runge-kutta", test_runge_kutta);
  g_test_add_func ("/core/stability/bdf", test_bdf);
  g_test_add_func ("/core/stability/locus", test_locus_bounds_the_region);
  return g_test_run ();
}
