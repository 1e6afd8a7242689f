/* mf-friction.c
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-friction.h"

#include <math.h>

double
mf_friction_colebrook (double reynolds, double relative_roughness)
{
  double a = relative_roughness / 3.7, b = 2.51 / reynolds;
  /* Swamee–Jain as the starting point, then Newton on x = 1/√λ:
   * g(x) = x + 2 log10(a + b x) = 0, which converges in two or three steps. */
  double s = log10 (a + 5.74 / pow (reynolds, 0.9));
  double x = 1.0 / sqrt (0.25 / (s * s));

  for (int i = 0; i < 8; i++)
    {
      double inner = a + b * x;
      double g = x + 2.0 * log10 (inner);
      double dg = 1.0 + 2.0 * b / (inner * G_LN10);
      double step = g / dg;

      x -= step;
      if (fabs (step) < 1e-14 * x)
        break;
    }
  return 1.0 / (x * x);
}

double
mf_friction_factor (double reynolds, double relative_roughness)
{
  double laminar_end, turbulent_start, w;

  if (reynolds < MF_RE_LAMINAR)
    return 64.0 / MAX (reynolds, 1e-300);
  if (reynolds >= MF_RE_TURBULENT)
    return mf_friction_colebrook (reynolds, relative_roughness);
  laminar_end = 64.0 / MF_RE_LAMINAR;
  turbulent_start = mf_friction_colebrook (MF_RE_TURBULENT, relative_roughness);
  w = (reynolds - MF_RE_LAMINAR) / (MF_RE_TURBULENT - MF_RE_LAMINAR);
  return laminar_end + w * (turbulent_start - laminar_end);
}

/* Darcy–Weisbach Δp = λ(Re) ρ L v|v| / (2 d) for Re above the laminar range. */
static double
turbulent_drop (double rho, double nu, double length, double d, double roughness, double v)
{
  double re = fabs (v) * d / nu;

  return mf_friction_factor (re, roughness / d) * rho * length * v * fabs (v) / (2.0 * d);
}

double
mf_friction_pressure_drop (MfFriction friction,
                           double     density,
                           double     kinematic_viscosity,
                           double     length,
                           double     diameter,
                           double     roughness,
                           double     v,
                           double    *d_dv)
{
  double laminar_coef = 32.0 * density * kinematic_viscosity * length / (diameter * diameter);
  double re = fabs (v) * diameter / kinematic_viscosity;
  double h, up, down;

  switch (friction)
    {
    case MF_FRICTION_NONE:
      if (d_dv != NULL)
        *d_dv = 0.0;
      return 0.0;
    case MF_FRICTION_TURBULENT:
      if (re >= MF_RE_LAMINAR)
        break;
      G_GNUC_FALLTHROUGH;
    case MF_FRICTION_LAMINAR:
    default:
      if (d_dv != NULL)
        *d_dv = laminar_coef;
      return laminar_coef * v;
    }

  if (d_dv == NULL)
    return turbulent_drop (density, kinematic_viscosity, length, diameter, roughness, v);

  /* The derivative by a central difference: the friction factor comes from an
   * iteration, and the Jacobian only needs it to a few digits. */
  h = 1e-6 * fabs (v);
  up = turbulent_drop (density, kinematic_viscosity, length, diameter, roughness, v + h);
  down = turbulent_drop (density, kinematic_viscosity, length, diameter, roughness, v - h);
  *d_dv = (up - down) / (2.0 * h);
  return turbulent_drop (density, kinematic_viscosity, length, diameter, roughness, v);
}
