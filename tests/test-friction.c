/* test-friction.c: the pipe friction law (docs/model.md, "Forces").
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>

#include "mf-friction.h"

/* Colebrook: 1/√λ + 2 log10(k/(3.7 d) + 2.51/(Re √λ)) = 0 */
static double
colebrook_residual (double re, double rr, double lambda)
{
  return 1.0 / sqrt (lambda) + 2.0 * log10 (rr / 3.7 + 2.51 / (re * sqrt (lambda)));
}

/* Haaland's explicit formula, within about 1.5 % of Colebrook (Haaland,
 * J. Fluids Eng. 105, 1983) over 4e3 < Re < 1e8. */
static double
haaland (double re, double rr)
{
  double x = -1.8 * log10 (pow (rr / 3.7, 1.11) + 6.9 / re);

  return 1.0 / (x * x);
}

static void
test_colebrook (void)
{
  const double reynolds[] = { 4e3, 1e4, 1e5, 1e6, 1e7, 1e8 };
  const double roughness[] = { 0.0, 1e-6, 1e-4, 1e-3, 1e-2, 5e-2 };

  for (guint i = 0; i < G_N_ELEMENTS (reynolds); i++)
    for (guint j = 0; j < G_N_ELEMENTS (roughness); j++)
      {
        double lambda = mf_friction_colebrook (reynolds[i], roughness[j]);

        g_assert_cmpfloat (fabs (colebrook_residual (reynolds[i], roughness[j], lambda)), <,
                           1e-12);
        g_assert_cmpfloat (fabs (lambda / haaland (reynolds[i], roughness[j]) - 1), <, 0.02);
      }
  /* Moody's chart: a smooth pipe at Re 1e5 has λ = 0.0180 */
  g_assert_cmpfloat (fabs (mf_friction_colebrook (1e5, 0.0) - 0.0180), <, 0.00005);
}

/* Laminar below Re 2300, Colebrook from 4000, continuous in between. */
static void
test_transition (void)
{
  double rr = 1e-4, below, above;

  g_assert_cmpfloat (mf_friction_factor (1000, rr), ==, 64.0 / 1000);
  below = mf_friction_factor (MF_RE_LAMINAR * (1 - 1e-12), rr);
  above = mf_friction_factor (MF_RE_LAMINAR, rr);
  g_assert_cmpfloat (fabs (below - above), <, 1e-12);
  below = mf_friction_factor (MF_RE_TURBULENT * (1 - 1e-12), rr);
  above = mf_friction_factor (MF_RE_TURBULENT, rr);
  g_assert_cmpfloat (fabs (below - above), <, 1e-10);
  g_assert_cmpfloat (mf_friction_factor (3000, rr), >, 64.0 / 2300);
}

/* Hagen–Poiseuille and Darcy–Weisbach, signed like v, with their slopes. */
static void
test_pressure_drop (void)
{
  const double rho = 870, nu = 4.6e-5, length = 2, d = 0.01, k = 1.5e-6;
  double slope, dp, v;

  /* laminar: 32 μ L v / d² */
  dp = mf_friction_pressure_drop (MF_FRICTION_LAMINAR, rho, nu, length, d, k, -0.5, &slope);
  g_assert_cmpfloat (fabs (dp - 32 * rho * nu * length * -0.5 / (d * d)), <, 1e-9);
  g_assert_cmpfloat (fabs (slope - 32 * rho * nu * length / (d * d)), <, 1e-9);
  /* a turbulent pipe below Re 2300 (v = 5 m/s gives Re 1087) is laminar */
  dp = mf_friction_pressure_drop (MF_FRICTION_TURBULENT, rho, nu, length, d, k, 5, &slope);
  g_assert_cmpfloat (fabs (dp - 32 * rho * nu * length * 5 / (d * d)), <, 1e-9);
  /* turbulent: λ ρ L v|v| / (2 d), odd in v; slope against differences */
  v = 30; /* Re 6522 */
  dp = mf_friction_pressure_drop (MF_FRICTION_TURBULENT, rho, nu, length, d, k, v, &slope);
  g_assert_cmpfloat (fabs (dp - mf_friction_colebrook (v * d / nu, k / d) * rho * length * v * v
                                  / (2 * d)),
                     <, 1e-9 * dp);
  {
    double up, down, unused;

    up = mf_friction_pressure_drop (MF_FRICTION_TURBULENT, rho, nu, length, d, k, v + 1e-4,
                                    &unused);
    down = mf_friction_pressure_drop (MF_FRICTION_TURBULENT, rho, nu, length, d, k, v - 1e-4,
                                      &unused);
    g_assert_cmpfloat (fabs (slope - (up - down) / 2e-4), <, 1e-6 * slope);
    g_assert_cmpfloat (mf_friction_pressure_drop (MF_FRICTION_TURBULENT, rho, nu, length, d, k,
                                                  -v, &unused),
                       ==, -dp);
  }
  dp = mf_friction_pressure_drop (MF_FRICTION_NONE, rho, nu, length, d, k, v, &slope);
  g_assert_cmpfloat (dp, ==, 0.0);
  g_assert_cmpfloat (slope, ==, 0.0);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/friction/colebrook", test_colebrook);
  g_test_add_func ("/core/friction/transition", test_transition);
  g_test_add_func ("/core/friction/pressure-drop", test_pressure_drop);
  return g_test_run ();
}
