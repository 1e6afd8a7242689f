/* mf-drift.c: the minimal-order run and the naive one side by side
 * (mf-drift.h).  Each has a system of its own, so that the warm starts of
 * one run's Newton solves never come from the other's state.  The valves
 * stay as the mode has them: neither run follows check valves or the
 * schedule, since the comparison is of two forms of one set of equations.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-drift.h"

#include <glib/gi18n.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>
#include <math.h>
#include <string.h>

#include "mf-dae-naive.h"
#include "mf-error.h"
#include "mf-method.h"
#include "mf-system-check.h"
#include "mf-system-private.h"

/* The first step tried, relative to the horizon (as for every GSL run,
 * docs/model.md, "The default method"). */
#define MF_DRIFT_FIRST_STEP 1e-6

/* One of the two runs. */
typedef struct
{
  MfSystem *sys;
  gboolean  naive;
  double   *y;
  guint     n;
} MfDriftRun;

static int
naive_rhs (double t, const double y[], double dydt[], void *data)
{
  MfSystem *sys = data;

  return mf_dae_naive_evaluate (sys->dae, t, y, dydt);
}

/* The self-check's residual of the run's state at t. */
static double
residual (MfDriftRun *run, double t)
{
  MfCheck check;

  if (!run->naive)
    {
      mf_system_check (run->sys, t, run->y, &check);
      return check.residual;
    }
  if (mf_dae_naive_evaluate (run->sys->dae, t, run->y, run->sys->dydt2) != GSL_SUCCESS)
    return INFINITY;
  mf_system_multipliers_of_point (run->sys);
  mf_system_check_point (run->sys, t, TRUE, &check);
  return check.residual;
}

/* Why the run's last evaluation failed, or what GSL said. */
static char *
failure (MfDriftRun *run, double t, int status)
{
  g_autoptr (GError) why = mf_dae_take_error (run->sys->dae);

  if (why != NULL)
    /* Translators: a time in seconds, then why the integration stopped */
    return g_strdup_printf (_("at t = %g s: %s"), t, why->message);
  /* Translators: a time in seconds, then GSL's message in English */
  return g_strdup_printf (_("at t = %g s: the integration failed (%s)"), t,
                          gsl_strerror (status));
}

/* Integrates one run over the samples, its residuals into `out`. */
static gboolean
integrate (MfDriftRun *run, const MfDriftOptions *options, const MfMethod *method, double *times,
           double *out, char **why, GCancellable *cancellable, GError **error)
{
  gsl_odeiv2_system def = { run->naive ? naive_rhs : mf_system_rhs, NULL, run->n, run->sys };
  gsl_odeiv2_driver *driver
    = run->n == 0 ? NULL
                  : gsl_odeiv2_driver_alloc_y_new (&def, method->gsl,
                                                   MF_DRIFT_FIRST_STEP * (options->t_end - options->t_start),
                                                   options->atol, options->rtol);
  double t = times[0];
  guint i;

  out[0] = residual (run, t);
  for (i = 1; i <= options->n_samples; i++)
    {
      int status;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        {
          g_clear_pointer (&driver, gsl_odeiv2_driver_free);
          return FALSE;
        }
      /* a mode with nothing to integrate (every velocity algebraic) has
       * nothing to carry from one sample to the next */
      if (run->n == 0)
        t = times[i];
      status = run->n == 0 ? GSL_SUCCESS
                           : gsl_odeiv2_driver_apply (driver, &t, times[i], run->y);
      if (status != GSL_SUCCESS)
        {
          *why = failure (run, t, status);
          break;
        }
      out[i] = residual (run, t);
    }
  for (; i <= options->n_samples; i++)
    out[i] = NAN;
  g_clear_pointer (&driver, gsl_odeiv2_driver_free);
  return TRUE;
}

static gboolean
check_options (MfModel *model, const MfDriftOptions *options, const MfMethod **method,
               GError **error)
{
  *method = mf_method_lookup (options->method);
  if (*method == NULL || (*method)->gsl == NULL || (*method)->implicit || !(*method)->adaptive)
    {
      g_set_error (error, MF_ERROR, MF_ERROR_USAGE,
                   /* Translators: %s is the name of an integration method */
                   _("the comparison takes an explicit adaptive method (rk2, rk4, rkf45, rkck "
                     "or rk8pd), not '%s'"), options->method != NULL ? options->method : "");
      return FALSE;
    }
  if (!(options->t_start >= 0.0) || !(options->t_end > options->t_start)
      || !isfinite (options->t_end) || options->n_samples == 0
      || !(options->rtol > 0.0) || !(options->atol > 0.0))
    {
      g_set_error (error, MF_ERROR, MF_ERROR_USAGE,
                   _("the comparison needs a positive horizon, samples and tolerances"));
      return FALSE;
    }
  if (options->mode >= model->circuit->modes->len)
    {
      g_set_error (error, MF_ERROR, MF_ERROR_USAGE, _("there is no mode %u"), options->mode);
      return FALSE;
    }
  return TRUE;
}

/* A run's system, its start and its state size; FALSE with the reason. */
static gboolean
run_init (MfDriftRun *run, MfModel *model, const MfDriftOptions *options, gboolean naive,
          GError **error)
{
  const MfReduction *red;
  g_autofree double *u = g_new0 (double, mf_model_n_states (model));
  g_autofree double *y = NULL;
  int status;

  run->naive = naive;
  run->sys = mf_system_new (model, options->mode, error);
  if (run->sys == NULL)
    return FALSE;
  red = mf_system_get_reduction (run->sys);
  if (red->index < 1 || run->sys->dae == NULL)
    {
      g_set_error (error, MF_ERROR, MF_ERROR_USAGE,
                   /* Translators: %s names the mode ("mode 'lift'") */
                   _("%s is an ODE (index 0): it has no hidden constraints to drift from"),
                   red->label);
      return FALSE;
    }
  mf_system_set_check_tolerances (run->sys, options->rtol, options->atol);
  if (options->u_start != NULL)
    memcpy (u, options->u_start, mf_model_n_states (model) * sizeof (double));
  else
    mf_model_initial_state (model, u);
  run->n = (guint) mf_system_dimension (run->sys);
  y = g_new0 (double, MAX (run->n, 1));
  mf_system_reduce (run->sys, options->t_start, u, y);
  if (!naive)
    {
      run->y = g_steal_pointer (&y);
      return TRUE;
    }
  run->n = mf_dae_naive_dimension (run->sys->dae);
  run->y = g_new0 (double, run->n);
  status = mf_dae_naive_start (run->sys->dae, options->t_start, y, run->y);
  if (status != GSL_SUCCESS)
    {
      g_autofree char *why = failure (run, options->t_start, status);

      g_set_error (error, MF_ERROR, MF_ERROR_SOLVER, "%s", why);
      return FALSE;
    }
  return TRUE;
}

static void
run_clear (MfDriftRun *run)
{
  g_clear_pointer (&run->sys, mf_system_free);
  g_clear_pointer (&run->y, g_free);
}

MfDrift *
mf_drift_run (MfModel *model, const MfDriftOptions *options, GCancellable *cancellable,
              GError **error)
{
  const MfMethod *method;
  MfDriftRun minimal = { 0 }, naive = { 0 };
  g_autoptr (MfDrift) drift = NULL;
  gboolean ok;

  g_return_val_if_fail (model != NULL && options != NULL, NULL);

  if (!check_options (model, options, &method, error))
    return NULL;
  if (!run_init (&minimal, model, options, FALSE, error)
      || !run_init (&naive, model, options, TRUE, error))
    {
      run_clear (&minimal);
      run_clear (&naive);
      return NULL;
    }
  drift = g_new0 (MfDrift, 1);
  drift->index = mf_system_get_reduction (minimal.sys)->index;
  drift->n_samples = options->n_samples;
  drift->t = g_new0 (double, options->n_samples + 1);
  drift->minimal = g_new0 (double, options->n_samples + 1);
  drift->naive = g_new0 (double, options->n_samples + 1);
  for (guint i = 0; i <= options->n_samples; i++)
    drift->t[i] = options->t_start
                  + (options->t_end - options->t_start) * i / options->n_samples;
  ok = integrate (&minimal, options, method, drift->t, drift->minimal, &drift->minimal_failure,
                  cancellable, error)
       && integrate (&naive, options, method, drift->t, drift->naive, &drift->naive_failure,
                     cancellable, error);
  run_clear (&minimal);
  run_clear (&naive);
  return ok ? g_steal_pointer (&drift) : NULL;
}

void
mf_drift_free (MfDrift *drift)
{
  if (drift == NULL)
    return;
  g_free (drift->t);
  g_free (drift->minimal);
  g_free (drift->naive);
  g_free (drift->minimal_failure);
  g_free (drift->naive_failure);
  g_free (drift);
}
