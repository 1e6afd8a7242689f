/* mf-stiffness.c
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-stiffness.h"

#include <complex.h>
#include <float.h>
#include <glib/gi18n.h>
#include <gsl/gsl_errno.h>
#include <lapacke.h>
#include <math.h>
#include <string.h>

#include "mf-error.h"
#include "mf-nullspace.h"
#include "mf-simulation.h"

/* An eigenvalue whose real part is within this many rounding errors of the
 * largest |λ| counts as neutral: LAPACK finds eigenvalues to about
 * n ε ‖J‖, so a smaller real part is rounding. */
#define NEUTRAL_ROUNDINGS 100.0

/* The smallest share of a state taking part in an eigenvalue that names it. */
#define MIN_SHARE 0.01

/* Component i of eigenvector j of a real matrix, from LAPACK's columns
 * (row-major, n columns): a complex pair j, j + 1 shares columns j and
 * j + 1 as real and imaginary parts. */
static double complex
eigenvector (const double *v, guint n, const double *wi, guint j, guint i)
{
  if (wi[j] == 0.0)
    return v[i * n + j];
  if (wi[j] > 0.0)
    return v[i * n + j] + I * v[i * n + j + 1];
  return v[i * n + j - 1] - I * v[i * n + j];
}

/* The states taking part most in eigenvalue j: |ψ_i φ_i|, normalised to
 * sum to 1 (left and right eigenvectors; their scale cancels). */
static void
participation (MfEigenvalue *e, const double *vl, const double *vr, const double *wi, guint n,
               guint j, double *work)
{
  double total = 0.0;

  for (guint i = 0; i < n; i++)
    {
      work[i] = cabs (conj (eigenvector (vl, n, wi, j, i)) * eigenvector (vr, n, wi, j, i));
      total += work[i];
    }
  e->n_participants = 0;
  while (e->n_participants < MIN (n, MF_STIFFNESS_PARTICIPANTS))
    {
      guint best = 0;

      for (guint i = 1; i < n; i++)
        if (work[i] > work[best])
          best = i;
      /* a state with less than a percent is not named */
      if (!(total > 0.0) || work[best] < MIN_SHARE * total)
        break;
      e->participant[e->n_participants] = best;
      e->share[e->n_participants++] = work[best] / total;
      work[best] = -1.0;
    }
}

static int
by_modulus_descending (gconstpointer a, gconstpointer b)
{
  const MfEigenvalue *x = a, *y = b;
  double mx = hypot (x->re, x->im), my = hypot (y->re, y->im);

  if (mx != my)
    return mx > my ? -1 : 1;
  /* a pair: the positive imaginary part first */
  return (x->im < y->im) - (x->im > y->im);
}

/* The measures of stiffness from the eigenvalues and the Jacobian. */
static gboolean
measure (MfStiffness *self, GError **error)
{
  guint n = self->n;
  double re_max = 0.0, re_min = INFINITY, mod_max = 0.0, mod_min = INFINITY;
  double slowest = INFINITY, euler = INFINITY;
  g_autofree double *copy = g_memdup2 (self->jacobian, (gsize) n * n * sizeof (double));
  g_autofree double *sigma = g_new0 (double, MAX (n, 1));

  for (guint k = 0; k < n; k++)
    {
      const MfEigenvalue *e = &self->eigenvalues[k];
      double modulus = hypot (e->re, e->im);

      if (modulus > 0.0)
        {
          mod_max = MAX (mod_max, modulus);
          mod_min = MIN (mod_min, modulus);
        }
      if (!e->neutral)
        {
          re_max = MAX (re_max, fabs (e->re));
          re_min = MIN (re_min, fabs (e->re));
          slowest = MIN (slowest, modulus);
        }
      /* |1 + h λ| ≤ 1 ⇔ h ≤ −2 Re λ / |λ|² */
      if (e->re > 0.0 && !e->neutral)
        euler = NAN;
      else if (!isnan (euler) && modulus > 0.0 && (e->im != 0.0 || !e->neutral))
        euler = MIN (euler, e->neutral ? 0.0 : 2.0 * fabs (e->re) / (modulus * modulus));
    }
  self->real_part_ratio = re_max > 0.0 ? re_max / re_min : NAN;
  self->modulus_ratio = mod_max > 0.0 ? mod_max / mod_min : NAN;
  self->euler_step = isinf (euler) ? NAN : euler;
  self->accuracy_step = isinf (slowest) ? NAN : sqrt (2.0 * self->rtol) / slowest;
  self->step_ratio = self->accuracy_step / self->euler_step;
  if (n == 0)
    {
      self->sigma_ratio = NAN;
      return TRUE;
    }
  /* mf_singular_values() takes column-major: Jᵀ has the same singular values */
  if (!mf_singular_values (copy, n, n, sigma))
    {
      g_set_error (error, MF_ERROR, MF_ERROR_SOLVER,
                   _("LAPACK could not find the singular values of the Jacobian"));
      return FALSE;
    }
  self->sigma_ratio = sigma[n - 1] > 0.0 ? sigma[0] / sigma[n - 1] : INFINITY;
  return TRUE;
}

MfStiffness *
mf_stiffness_new (MfSystem *system, double t, const double *y, double rtol, GError **error)
{
  g_autoptr (MfStiffness) self = g_new0 (MfStiffness, 1);
  guint n = (guint) mf_system_dimension (system);
  MfModel *model = mf_system_get_model (system);
  g_autofree double *a = NULL;
  g_autofree double *dfdt = NULL;
  g_autofree double *wr = NULL;
  g_autofree double *wi = NULL;
  g_autofree double *vl = NULL;
  g_autofree double *vr = NULL;
  g_autofree double *work = NULL;
  double largest = 0.0;

  g_return_val_if_fail (system != NULL && (y != NULL || n == 0), NULL);

  if (n > MF_STIFFNESS_MAX_STATES)
    {
      g_set_error (error, MF_ERROR, MF_ERROR_USAGE,
                   _("the circuit has %u states: its eigenvalues are computed up to %u"), n,
                   MF_STIFFNESS_MAX_STATES);
      return NULL;
    }
  self->t = t;
  self->n = n;
  self->rtol = rtol;
  self->state_names = g_new0 (char *, n + 1);
  for (guint i = 0; i < n; i++)
    self->state_names[i] = g_strdup (mf_model_state_name (model, mf_system_state (system, i)));
  self->jacobian = g_new0 (double, MAX ((gsize) n * n, 1));
  dfdt = g_new0 (double, MAX (n, 1));
  if (n > 0 && mf_system_jacobian (t, y, self->jacobian, dfdt, system) != GSL_SUCCESS)
    {
      const char *why = mf_system_last_failure (system);

      g_set_error (error, MF_ERROR, MF_ERROR_SOLVER,
                   /* Translators: the time, then why the equations cannot be evaluated */
                   _("at t = %g s the equations cannot be linearised: %s"), t,
                   why != NULL ? why : _("a value is not finite"));
      return NULL;
    }
  self->eigenvalues = g_new0 (MfEigenvalue, MAX (n, 1));
  if (n == 0)
    {
      measure (self, NULL);
      return g_steal_pointer (&self);
    }
  a = g_memdup2 (self->jacobian, (gsize) n * n * sizeof (double));
  wr = g_new0 (double, n);
  wi = g_new0 (double, n);
  vl = g_new0 (double, (gsize) n * n);
  vr = g_new0 (double, (gsize) n * n);
  work = g_new0 (double, n);
  if (LAPACKE_dgeev (LAPACK_ROW_MAJOR, 'V', 'V', (lapack_int) n, a, (lapack_int) n, wr, wi, vl,
                     (lapack_int) n, vr, (lapack_int) n) != 0)
    {
      g_set_error (error, MF_ERROR, MF_ERROR_SOLVER,
                   _("LAPACK could not find the eigenvalues of the Jacobian"));
      return NULL;
    }
  for (guint k = 0; k < n; k++)
    largest = MAX (largest, hypot (wr[k], wi[k]));
  for (guint k = 0; k < n; k++)
    {
      MfEigenvalue *e = &self->eigenvalues[k];
      double modulus = hypot (wr[k], wi[k]);

      e->re = wr[k];
      e->im = wi[k];
      e->neutral = fabs (wr[k]) <= NEUTRAL_ROUNDINGS * n * DBL_EPSILON * largest;
      e->time_constant = e->neutral ? INFINITY : 1.0 / fabs (e->re);
      e->frequency = fabs (e->im) / (2.0 * G_PI);
      /* + 0.0: an undamped one is 0, not −0 */
      e->damping = modulus > 0.0 ? -e->re / modulus + 0.0 : NAN;
      participation (e, vl, vr, wi, n, k, work);
    }
  qsort (self->eigenvalues, n, sizeof (MfEigenvalue), by_modulus_descending);
  if (!measure (self, error))
    return NULL;
  return g_steal_pointer (&self);
}

MfStiffness *
mf_stiffness_at_sample (MfModel *model, guint mode, double t, const double *values, double rtol,
                        GError **error)
{
  guint n_states = mf_model_n_states (model);
  g_autofree gboolean *closed =
    mf_simulation_closed (model, mode, values + mf_model_n_outputs (model));
  g_autoptr (MfSystem) system = mf_system_new_for (model, mode, closed, error);
  g_autofree double *u = g_new0 (double, MAX (n_states, 1));
  g_autofree double *y = NULL;

  if (system == NULL)
    return NULL;
  /* every state is an output of its own name */
  for (guint i = 0; i < n_states; i++)
    {
      int output = mf_model_find_output (model, mf_model_state_name (model, i));

      g_return_val_if_fail (output >= 0, NULL);
      u[i] = values[output];
    }
  y = g_new0 (double, MAX (mf_system_dimension (system), 1));
  mf_system_reduce (system, t, u, y);
  return mf_stiffness_new (system, t, y, rtol, error);
}

void
mf_stiffness_free (MfStiffness *self)
{
  if (self == NULL)
    return;
  g_strfreev (self->state_names);
  g_free (self->jacobian);
  g_free (self->eigenvalues);
  g_free (self);
}
