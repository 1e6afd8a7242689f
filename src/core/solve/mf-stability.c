/* mf-stability.c
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-stability.h"

#include <float.h>
#include <lapacke.h>
#include <math.h>
#include <string.h>

/* A root of ρ(ζ) − z σ(ζ) this far outside the unit circle is rounding. */
#define ROOT_SLACK 1e-9

/* The multistep methods as ρ and σ, coefficients of ζ^0 .. ζ^degree. */
typedef struct
{
  guint  degree;
  double rho[MF_STABILITY_MAX_ORDER + 1];
  double sigma[MF_STABILITY_MAX_ORDER + 1];
} Polynomials;

/* Adams–Bashforth: y_{n+1} = y_n + h Σ b_j f_{n−j}, j = 0 .. k − 1 */
static const double bashforth[MF_STABILITY_MAX_ORDER][MF_STABILITY_MAX_ORDER] = {
  { 1.0 },
  { 3.0 / 2, -1.0 / 2 },
  { 23.0 / 12, -16.0 / 12, 5.0 / 12 },
  { 55.0 / 24, -59.0 / 24, 37.0 / 24, -9.0 / 24 },
  { 1901.0 / 720, -2774.0 / 720, 2616.0 / 720, -1274.0 / 720, 251.0 / 720 },
};

/* Adams–Moulton of order k: y_{n+1} = y_n + h Σ c_j f_{n+1−j}, j = 0 .. s,
 * s = max (k − 1, 1) (order 1 is backward Euler, 2 the trapezoidal rule) */
static const double moulton[MF_STABILITY_MAX_ORDER][MF_STABILITY_MAX_ORDER] = {
  { 1.0, 0.0 },
  { 1.0 / 2, 1.0 / 2 },
  { 5.0 / 12, 8.0 / 12, -1.0 / 12 },
  { 9.0 / 24, 19.0 / 24, -5.0 / 24, 1.0 / 24 },
  { 251.0 / 720, 646.0 / 720, -264.0 / 720, 106.0 / 720, -19.0 / 720 },
};

static double
binomial (guint n, guint k)
{
  double b = 1.0;

  for (guint i = 1; i <= k; i++)
    b = b * (n - k + i) / i;
  return b;
}

static Polynomials
polynomials (MfMultistep family, guint order)
{
  Polynomials p = { 0 };
  guint k = CLAMP (order, 1, MF_STABILITY_MAX_ORDER);

  switch (family)
    {
    case MF_STABILITY_BDF:
      /* ρ(ζ) = Σ_{j=1..k} ζ^{k−j} (ζ − 1)^j / j,  σ(ζ) = ζ^k */
      p.degree = k;
      for (guint j = 1; j <= k; j++)
        for (guint i = 0; i <= j; i++)
          p.rho[k - j + i] += binomial (j, i) * ((j - i) % 2 ? -1.0 : 1.0) / j;
      p.sigma[k] = 1.0;
      break;
    case MF_STABILITY_ADAMS_BASHFORTH:
      p.degree = k;
      p.rho[k] = 1.0, p.rho[k - 1] = -1.0;
      for (guint j = 0; j < k; j++)
        p.sigma[k - 1 - j] = bashforth[k - 1][j];
      break;
    case MF_STABILITY_ADAMS_MOULTON:
      p.degree = MAX (k - 1, 1);
      p.rho[p.degree] = 1.0, p.rho[p.degree - 1] = -1.0;
      for (guint j = 0; j <= p.degree; j++)
        p.sigma[p.degree - j] = moulton[k - 1][j];
      break;
    }
  return p;
}

static double complex
evaluate (const double *c, guint degree, double complex x)
{
  double complex v = 0.0;

  for (guint i = degree + 1; i-- > 0;)
    v = v * x + c[i];
  return v;
}

double complex
mf_stability_locus (MfMultistep family, guint order, double theta)
{
  Polynomials p = polynomials (family, order);
  double complex w = cexp (I * theta);

  return evaluate (p.rho, p.degree, w) / evaluate (p.sigma, p.degree, w);
}

double
mf_stability_implicit_weight (MfMultistep family, guint order)
{
  Polynomials p = polynomials (family, order);

  return p.sigma[p.degree] / p.rho[p.degree];
}

gboolean
mf_stability_multistep_contains (MfMultistep family, guint order, double complex z)
{
  Polynomials p = polynomials (family, order);
  guint n = p.degree;
  double complex c[MF_STABILITY_MAX_ORDER + 1];
  lapack_complex_double companion[MF_STABILITY_MAX_ORDER * MF_STABILITY_MAX_ORDER] = { 0 };
  lapack_complex_double roots[MF_STABILITY_MAX_ORDER];

  for (guint i = 0; i <= n; i++)
    c[i] = p.rho[i] - z * p.sigma[i];
  /* a vanishing leading coefficient sends a root to infinity */
  if (cabs (c[n]) <= 1e-14 * (1.0 + cabs (z)))
    return FALSE;
  /* the companion matrix of the monic polynomial, row-major: its
   * eigenvalues are the roots */
  for (guint j = 0; j < n; j++)
    companion[j] = -c[n - 1 - j] / c[n];
  for (guint i = 1; i < n; i++)
    companion[i * n + i - 1] = 1.0;
  if (LAPACKE_zgeev (LAPACK_ROW_MAJOR, 'N', 'N', (lapack_int) n, companion, (lapack_int) n, roots,
                     NULL, 1, NULL, 1) != 0)
    return FALSE;
  for (guint i = 0; i < n; i++)
    if (cabs (roots[i]) > 1.0 + ROOT_SLACK)
      return FALSE;
  return TRUE;
}

/* π − |arg z| at the locus point θ: the angle from the negative real axis. */
static double
angle_at (MfMultistep family, guint order, double theta)
{
  double complex z = mf_stability_locus (family, order, theta);

  /* on the imaginary axis to rounding counts as on it (the trapezoidal rule) */
  return creal (z) < -1e-12 * (1.0 + cabs (z)) ? G_PI - fabs (carg (z)) : G_PI / 2;
}

double
mf_stability_angle (MfMultistep family, guint order)
{
  const guint samples = 20000;
  double best = G_PI / 2, best_theta = 0.0, lo, hi;

  /* a bounded region holds no sector */
  if (!mf_stability_multistep_contains (family, order, -1e8))
    return 0.0;
  for (guint i = 1; i < samples; i++)
    {
      double theta = G_PI * i / samples;
      double a = angle_at (family, order, theta);

      if (a < best)
        best = a, best_theta = theta;
    }
  if (best >= G_PI / 2)
    return G_PI / 2;
  /* the minimum, refined by golden section between the neighbours */
  lo = best_theta - G_PI / samples;
  hi = best_theta + G_PI / samples;
  for (guint i = 0; i < 100; i++)
    {
      double m1 = lo + 0.3819660112501051 * (hi - lo), m2 = lo + 0.6180339887498949 * (hi - lo);

      if (angle_at (family, order, m1) < angle_at (family, order, m2))
        hi = m2;
      else
        lo = m1;
    }
  return MIN (best, angle_at (family, order, (lo + hi) / 2));
}

/* The stability polynomials of the explicit Runge–Kutta methods GSL offers,
 * R(z) = 1 + Σ_k z^k bᵀA^{k−1}𝟙 of the solution each one propagates (b the
 * weights of that solution, A the stages' coefficients of the published
 * tableau).  Up to the method's order they are 1/k!; the terms past it are
 * what tells the methods' regions apart.  Computed in exact rational
 * arithmetic from the tableaux: Fehlberg's 1/2080 and Cash and Karp's 1/800
 * (their fifth-order weights); for Prince and Dormand's 13 stages, whose
 * published coefficients are rational approximations, the terms to z⁸
 * differ from 1/k! by less than 1e-17 relative, and z¹³ has none (the last
 * stage does not feed the twelfth). */
static const double fehlberg5[] = { 1.0, 1.0, 1.0 / 2, 1.0 / 6, 1.0 / 24, 1.0 / 120, 1.0 / 2080 };
static const double cash_karp5[] = { 1.0, 1.0, 1.0 / 2, 1.0 / 6, 1.0 / 24, 1.0 / 120, 1.0 / 800 };
static const double prince_dormand8[] = {
  1.0,
  1.0,
  1.0 / 2,
  1.0 / 6,
  1.0 / 24,
  1.0 / 120,
  1.0 / 720,
  1.0 / 5040,
  1.0 / 40320,
  2.75212799010470765e-06,  /* 1/9!  = 2.7557319e-06 */
  2.42319965869587364e-07,  /* 1/10! = 2.7557319e-07 */
  2.43897182054432073e-08,  /* 1/11! = 2.5052108e-08 */
  -2.03461528968577281e-10, /* 1/12! = 2.0876757e-09 */
};

/* The substep counts of GSL's bsimp, which extrapolates k + 1 = 7 of them:
 * the Deuflhard criterion it evaluates once, with a tolerance fixed at
 * √ε, picks k = 6 for every system size (checked from 1 to 10⁵ states). */
static const guint bader_deuflhard_substeps[] = { 2, 6, 10, 14, 22, 34, 50 };

/* The linearly implicit midpoint rule of Bader and Deuflhard on y' = λ y
 * over one step with n substeps, w = z/n: a first linearly implicit Euler
 * substep, midpoint substeps on the increments, a closing smoothing
 * substep, each solving with (1 − w). */
static double complex
linearly_implicit_midpoint (double complex z, guint n)
{
  double complex w = z / n, y = 1.0, delta;

  delta = w * y / (1.0 - w);
  y += delta;
  for (guint m = 1; m < n; m++)
    {
      delta += 2.0 * (w * y - delta) / (1.0 - w);
      y += delta;
    }
  return y + (w * y - delta) / (1.0 - w);
}

/* bsimp's R(z): the polynomial in x = (1/n)² through the substep results,
 * evaluated at x = 0 — Aitken and Neville's tableau T_{j,k}, a row at a
 * time, T_{j,k} = T_{j,k−1} + (T_{j,k−1} − T_{j−1,k−1}) / ((n_j/n_{j−k})² − 1). */
static double complex
bader_deuflhard (double complex z)
{
  const guint columns = G_N_ELEMENTS (bader_deuflhard_substeps);
  double complex previous[G_N_ELEMENTS (bader_deuflhard_substeps)];
  double complex row[G_N_ELEMENTS (bader_deuflhard_substeps)];

  for (guint j = 0; j < columns; j++)
    {
      row[0] = linearly_implicit_midpoint (z, bader_deuflhard_substeps[j]);
      for (guint k = 1; k <= j; k++)
        {
          double ratio = (double) bader_deuflhard_substeps[j] / bader_deuflhard_substeps[j - k];

          row[k] = row[k - 1] + (row[k - 1] - previous[k - 1]) / (ratio * ratio - 1.0);
        }
      memcpy (previous, row, sizeof row);
    }
  return row[columns - 1];
}

double complex
mf_stability_function (MfOneStep method, double complex z)
{
  static const double rk3[] = { 1.0, 1.0, 1.0 / 2, 1.0 / 6 };

  switch (method)
    {
    case MF_STABILITY_EULER:
      return 1.0 + z;
    case MF_STABILITY_RK4:
      return 1.0 + z * (1.0 + z / 2.0 * (1.0 + z / 3.0 * (1.0 + z / 4.0)));
    case MF_STABILITY_BACKWARD_EULER:
      return 1.0 / (1.0 - z);
    case MF_STABILITY_MIDPOINT:
      return (1.0 + z / 2.0) / (1.0 - z / 2.0);
    case MF_STABILITY_GAUSS4:
      return (1.0 + z / 2.0 + z * z / 12.0) / (1.0 - z / 2.0 + z * z / 12.0);
    case MF_STABILITY_RK3:
      return evaluate (rk3, G_N_ELEMENTS (rk3) - 1, z);
    case MF_STABILITY_FEHLBERG5:
      return evaluate (fehlberg5, G_N_ELEMENTS (fehlberg5) - 1, z);
    case MF_STABILITY_CASH_KARP5:
      return evaluate (cash_karp5, G_N_ELEMENTS (cash_karp5) - 1, z);
    case MF_STABILITY_PRINCE_DORMAND8:
      return evaluate (prince_dormand8, G_N_ELEMENTS (prince_dormand8) - 1, z);
    case MF_STABILITY_BADER_DEUFLHARD:
      return bader_deuflhard (z);
    }
  g_return_val_if_reached (NAN);
}

gboolean
mf_stability_one_step_contains (MfOneStep method, double complex z)
{
  /* rounding only: a larger slack would move where a ray almost tangent to
   * the boundary (a lightly damped λ) leaves the region */
  return cabs (mf_stability_function (method, z)) <= 1.0 + 8 * DBL_EPSILON;
}

double
mf_stability_real_limit (MfOneStep method)
{
  const double step = 1e-3, far = 1e6;
  double lo = 0.0, hi = 0.0;

  /* stable along the whole axis: checked far out and on the way */
  for (double x = step; x <= 1e3; x += step)
    if (cabs (mf_stability_function (method, -x)) > 1.0)
      {
        lo = x - step, hi = x;
        break;
      }
  if (hi == 0.0)
    return cabs (mf_stability_function (method, -far)) <= 1.0 ? INFINITY : NAN;
  for (guint i = 0; i < 200 && hi - lo > 1e-15 * hi; i++)
    {
      double mid = (lo + hi) / 2.0;

      if (cabs (mf_stability_function (method, -mid)) > 1.0)
        hi = mid;
      else
        lo = mid;
    }
  return lo;
}

gboolean
mf_stability_one_step_holds (double complex z, gconstpointer method)
{
  return mf_stability_one_step_contains (*(const MfOneStep *) method, z);
}

gboolean
mf_stability_multistep_holds (double complex z, gconstpointer method)
{
  const guint *which = method;

  return mf_stability_multistep_contains ((MfMultistep) which[0], which[1], z);
}

/* How far along the ray of direction d (|d| = 1) the region reaches from 0:
 * scanned outwards by 1 %, then bisected.  INFINITY when the ray stays in
 * the region up to `limit`, where it no longer matters. */
static double
ray_reach (double complex d, gboolean (*contains) (double complex, gconstpointer),
           gconstpointer method, double limit)
{
  double inside = 0.0, outside = 0.0, end = MIN (limit, 1e8);

  for (double r = 1e-8; outside == 0.0; r *= 1.01)
    {
      /* the last point scanned is the limit itself */
      if (r >= end)
        {
          if (contains (end * d, method))
            return INFINITY;
          r = end;
        }
      if (!contains (r * d, method))
        outside = r;
      else
        inside = r;
    }
  /* leaving at the first point: as good as at 0 */
  if (inside == 0.0)
    return 0.0;
  for (guint i = 0; i < 100 && outside - inside > 1e-13 * outside; i++)
    {
      double mid = (inside + outside) / 2.0;

      if (contains (mid * d, method))
        inside = mid;
      else
        outside = mid;
    }
  return inside;
}

static gboolean
all_inside (const double complex *lambda, guint n, double h,
            gboolean (*contains) (double complex, gconstpointer), gconstpointer method)
{
  for (guint k = 0; k < n; k++)
    if (!contains (h * lambda[k], method))
      return FALSE;
  return TRUE;
}

double
mf_stability_largest_step (const double complex *lambda, guint n,
                           gboolean (*contains) (double complex, gconstpointer),
                           gconstpointer method)
{
  double h = INFINITY;
  double complex previous = NAN;

  for (guint k = 0; k < n; k++)
    {
      double modulus = cabs (lambda[k]);
      /* every region here is symmetric about the real axis (the methods'
       * coefficients are real): a pair's second member has the same reach */
      double complex upper = creal (lambda[k]) + I * fabs (cimag (lambda[k]));

      if (modulus > 0.0 && upper != previous)
        h = MIN (h, ray_reach (upper / modulus, contains, method, h * modulus) / modulus);
      previous = upper;
    }
  /* Every h λ_k, computed so, must test inside: the containment tests are
   * exact only to rounding, so where a ray meets the boundary at a shallow
   * angle (a lightly damped λ) the point at the reach found along λ/|λ| may
   * fall just out.  Back off by 1e-12, then twice as far, and so on. */
  for (guint tries = 0; tries < 40 && isfinite (h) && h > 0.0
                        && !all_inside (lambda, n, h, contains, method); tries++)
    h *= 1.0 - ldexp (1e-12, (int) tries);
  return h;
}
