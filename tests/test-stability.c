/* test-stability.c: regions of absolute stability (mf-stability.h) against
 * their published figures — explicit Euler's disc, classical Runge–Kutta's
 * reach along the real axis (2.785), the A-stability of BDF 1 and 2 and of
 * the implicit one-step methods, the A(α) angles of BDF 3 to 5 (86.03°,
 * 73.35°, 51.84°), Adams–Bashforth's real-axis reach — and the boundary
 * locus against the root condition on both sides of it.  The stability
 * function of every one-step method offered against GSL's own stepper on
 * y' = z y, and its order at small z.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gsl/gsl_errno.h>
#include <math.h>

#include "mf-method.h"
#include "mf-stability-method.h"

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

/* y' = z y as the real system [[a, −b], [b, a]] of y = (Re, Im). */
static int
rotation (double t, const double y[], double dydt[], void *data)
{
  const double complex *z = data;

  (void) t;
  dydt[0] = creal (*z) * y[0] - cimag (*z) * y[1];
  dydt[1] = cimag (*z) * y[0] + creal (*z) * y[1];
  return GSL_SUCCESS;
}

static int
rotation_jacobian (double t, const double y[], double *dfdy, double dfdt[], void *data)
{
  const double complex *z = data;

  (void) t, (void) y;
  dfdy[0] = creal (*z), dfdy[1] = -cimag (*z);
  dfdy[2] = cimag (*z), dfdy[3] = creal (*z);
  dfdt[0] = dfdt[1] = 0.0;
  return GSL_SUCCESS;
}

/* One step of h = 1 of the method's stepper from y = 1: R(z), as GSL
 * computes it.  The driver is there because the implicit steppers read
 * their Newton tolerances from its control. */
static double complex
gsl_one_step (const char *name, double complex z)
{
  gsl_odeiv2_system system = { rotation, rotation_jacobian, 2, &z };
  gsl_odeiv2_driver *driver =
    gsl_odeiv2_driver_alloc_y_new (&system, mf_method_lookup (name)->gsl, 1.0, 1e-10, 1e-10);
  double y[2] = { 1.0, 0.0 }, error[2];
  int status = gsl_odeiv2_step_apply (driver->s, 0.0, 1.0, y, error, NULL, NULL, &system);

  gsl_odeiv2_driver_free (driver);
  g_assert_cmpint (status, ==, GSL_SUCCESS);
  /* bsimp gives up on a substep that runs away, marking the error infinite */
  g_assert_true (isfinite (error[0]) && isfinite (error[1]));
  return y[0] + I * y[1];
}

static const struct
{
  const char *name;
  guint       order;
} one_step_methods[] = {
  { "euler", 1 },  { "rk2", 3 },    { "rk4", 4 },    { "rkf45", 5 },  { "rkck", 5 },
  { "rk8pd", 8 },  { "rk1imp", 1 }, { "rk2imp", 2 }, { "rk4imp", 4 }, { "bsimp", 14 },
};

/* Each one-step method's R(z) is what its GSL stepper does to y' = z y in
 * one step of h = 1, to 1e-12, in the left half-plane and out of it. */
static void
test_against_gsl (void)
{
  const double complex zs[] = { -0.3 + 0.2 * I, -1.5 + 1.0 * I, 0.4 - 0.7 * I, -2.5 + 0.5 * I,
                                -0.1 + 2.5 * I, -3.0 - 4.0 * I, 1.2 + 0.3 * I, -6.0 };

  for (guint m = 0; m < G_N_ELEMENTS (one_step_methods); m++)
    {
      const MfStabilityMethod *method = mf_stability_for_method (one_step_methods[m].name);

      g_assert_nonnull (method);
      g_assert_false (method->multistep);
      for (guint i = 0; i < G_N_ELEMENTS (zs); i++)
        {
          double complex expected = gsl_one_step (one_step_methods[m].name, zs[i]);
          double complex r = mf_stability_method_function (method, zs[i]);

          g_test_message ("%s at %g%+gi: GSL %.17g%+.17gi, R %.17g%+.17gi",
                          one_step_methods[m].name, creal (zs[i]), cimag (zs[i]),
                          creal (expected), cimag (expected), creal (r), cimag (r));
          g_assert_cmpfloat (cabs (r - expected), <=, 1e-12 * MAX (1.0, cabs (expected)));
        }
    }
  /* what GSL keeps is not the other solution: rk4 and the implicit ones do
   * not keep their single step of h, rk2 not its second-order one */
  g_assert_cmpfloat (cabs (gsl_one_step ("rk4", -1.5 + I)
                           - mf_stability_function (MF_STABILITY_RK4, -1.5 + I)), >, 0.1);
  g_assert_cmpfloat (cabs (gsl_one_step ("rk1imp", -1.5 + I)
                           - mf_stability_function (MF_STABILITY_BACKWARD_EULER, -1.5 + I)), >,
                     0.05);
  g_assert_cmpfloat (cabs (gsl_one_step ("rk2", -1.5 + I) - (1.0 + (-1.5 + I) + cpow (-1.5 + I, 2)
                                                                              / 2.0)), >, 0.5);
}

/* R(z) = exp(z) + O(z^{p+1}): halving |z| divides the error by 2^{p+1} or
 * more (more where the term of z^{p+1} happens to be tiny, as rk8pd's,
 * whose z¹⁰ term outweighs it at every |z| where the error is above
 * rounding), down to where rounding takes over.  bsimp's seven columns of
 * extrapolation in h² reach order 14, past what doubles can show as a
 * slope: its R is exp(z) to rounding at |z| = 1 (an error constant of 1/13!
 * would leave 1.6e-10 there), and to 1e-9 at |z| = 2. */
static void
test_order (void)
{
  for (guint m = 0; m < G_N_ELEMENTS (one_step_methods); m++)
    {
      const MfStabilityMethod *method = mf_stability_for_method (one_step_methods[m].name);
      guint p = one_step_methods[m].order;

      for (guint i = 0; i < 8; i++)
        {
          double complex d = cexp (I * (0.3 + G_PI * i / 4));
          guint measured = 0;

          if (method->one_step == MF_STABILITY_BADER_DEUFLHARD)
            {
              g_assert_cmpfloat (cabs (mf_stability_method_function (method, d) - cexp (d)), <,
                                 1e-14);
              g_assert_cmpfloat (cabs (mf_stability_method_function (method, 2 * d)
                                       - cexp (2 * d)), <, 1e-9);
              continue;
            }
          for (double r = p >= 8 ? 4.0 : 0.1; r > 1e-3; r /= 2)
            {
              double big = cabs (mf_stability_method_function (method, r * d) - cexp (r * d));
              double small =
                cabs (mf_stability_method_function (method, r / 2 * d) - cexp (r / 2 * d));
              double slope = log2 (big / small) - 1.0;

              if (small < 1e-13)
                break;
              g_test_message ("%s at |z| = %g, %.0f degrees: order %.2f", method->method, r,
                              (0.3 + G_PI * i / 4) * 180 / G_PI, slope);
              g_assert_cmpfloat (slope, >, p - 0.35);
              measured++;
            }
          g_assert_cmpuint (measured, >=, 1);
        }
    }
}

/* Every method offered has a region; those GSL steps twice with h/2 reach
 * twice as far as their formula, and msadams's corrector converges only
 * inside |β z| < 1. */
static void
test_method_table (void)
{
  guint n_methods;
  const MfMethod *table = mf_method_list (&n_methods);
  const MfStabilityMethod *rk4 = mf_stability_for_method ("rk4");
  const MfStabilityMethod *msadams = mf_stability_for_method ("msadams");
  MfStabilityRegion trapezoidal = { msadams, 2 }, bdf5 = { mf_stability_for_method ("auto"), 5 };
  const double complex fast[] = { -1.0, -100.0 };

  for (guint i = 0; i < n_methods; i++)
    g_assert_nonnull (mf_stability_for_method (table[i].name));
  g_assert_null (mf_stability_for_method ("rk5"));
  g_assert_cmpuint (rk4->substeps, ==, 2);
  g_assert_cmpfloat (fabs (mf_stability_region_largest_step (&(MfStabilityRegion) { rk4, 0 },
                                                             fast, 2)
                           * 100.0 / (2 * 2.785293563) - 1), <, 1e-8);
  g_assert_true (mf_stability_region_contains (&trapezoidal, -1.9));
  g_assert_false (mf_stability_region_contains (&trapezoidal, -2.1));
  g_assert_true (mf_stability_multistep_contains (MF_STABILITY_ADAMS_MOULTON, 2, -2.1));
  g_assert_true (isinf (mf_stability_region_largest_step (&bdf5, fast, 2)));
  /* rk1imp's two half steps: unstable inside |z − 2| < 2, not |z − 1| < 1 */
  g_assert_false (mf_stability_region_contains (&(MfStabilityRegion) {
                                                  mf_stability_for_method ("rk1imp"), 0 }, 3.0));
  g_assert_true (mf_stability_region_contains (&(MfStabilityRegion) {
                                                 mf_stability_for_method ("rk1imp"), 0 }, 4.5));
}

/* For every method and order, the stiff oscillator's points lie in the
 * region at its largest stable step and not all at 1.01 times it: the step
 * is backed off from the boundary just far enough that rounding in the
 * containment tests does not put a point at it outside.  The eigenvalues
 * are perturbed in their last digits too, as a linearisation at another
 * time gives them. */
static void
test_largest_step_inside (void)
{
  const double complex oscillator[] = { -4.16675 + 12247.4764 * I, -4.16675 - 12247.4764 * I,
                                        -8.33325 + 39.96518 * I, -8.33325 - 39.96518 * I };
  guint n_methods;
  const MfMethod *table = mf_method_list (&n_methods);

  for (guint m = 0; m < n_methods; m++)
    {
      const MfStabilityMethod *method = mf_stability_for_method (table[m].name);

      for (guint order = MAX (method->min_order, 1); order <= MAX (method->max_order, 1); order++)
        {
          MfStabilityRegion region = { method, order };
          double h = mf_stability_region_largest_step (&region, oscillator, 4);
          guint left = 0;

          g_test_message ("%s, order %u: %g s", method->method, order, h);
          if (!isfinite (h) || h == 0.0)
            continue;
          for (guint trial = 0; trial < 3; trial++)
            {
              double complex perturbed[4];
              double hp;

              for (guint k = 0; k < 4; k++)
                perturbed[k] = oscillator[k] * (1.0 + 1e-15 * (trial + 1) * (k % 2 ? -1.0 : 1.0));
              hp = mf_stability_region_largest_step (&region, perturbed, 4);
              for (guint k = 0; k < 4; k++)
                g_assert_true (mf_stability_region_contains (&region, hp * perturbed[k]));
            }
          for (guint k = 0; k < 4; k++)
            {
              g_assert_true (mf_stability_region_contains (&region, h * oscillator[k]));
              left += !mf_stability_region_contains (&region, 1.01 * h * oscillator[k]);
            }
          g_assert_cmpuint (left, >, 0);
        }
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  gsl_set_error_handler_off ();
  g_test_add_func ("/core/stability/euler-disc", test_euler_disc);
  g_test_add_func ("/core/stability/runge-kutta", test_runge_kutta);
  g_test_add_func ("/core/stability/bdf", test_bdf);
  g_test_add_func ("/core/stability/locus", test_locus_bounds_the_region);
  g_test_add_func ("/core/stability/largest-step", test_largest_step);
  g_test_add_func ("/core/stability/against-gsl", test_against_gsl);
  g_test_add_func ("/core/stability/order", test_order);
  g_test_add_func ("/core/stability/method-table", test_method_table);
  g_test_add_func ("/core/stability/largest-step-inside", test_largest_step_inside);
  return g_test_run ();
}
