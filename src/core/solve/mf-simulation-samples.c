/* mf-simulation-samples.c: what a run hands out — the self-check of a
 * point, and the samples, at the end of a step or from the integrator's
 * interpolant between its ends (docs/model.md, "The default method" and
 * "Every step checks itself").
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-simulation-private.h"

#include <glib/gi18n.h>
#include <math.h>

#include "mf-error.h"
#include "mf-integrator.h"
#include "mf-system-check.h"

/* A check that failed: the run ends, naming what does not hold. */
gboolean
mf_run_check_failed (MfRun *run, const MfCheck *check, GError **error)
{
  g_autofree char *what = mf_system_check_describe (mf_integrator_get_system (run->current),
                                                    check);

  if (check->site == MF_CHECK_EVALUATION)
    g_set_error (error, MF_ERROR, MF_ERROR_SOLVER, "%s", what);
  else
    g_set_error (error, MF_ERROR, MF_ERROR_SOLVER,
                 /* Translators: %s says which equation misses, %.3g is the tolerance */
                 _("%s, more than the tolerance %.3g"), what, run->check_tol);
  return FALSE;
}

gboolean
mf_run_accepts (MfRun *run, const MfCheck *check)
{
  if (check->residual > run->stats->residual || isnan (check->residual))
    run->stats->residual = check->residual;
  return check->residual <= run->check_tol;
}

/* The self-check at run->t: FALSE with the equation that misses. */
gboolean
mf_run_holds (MfRun *run, GError **error)
{
  MfCheck check;

  mf_system_check (mf_integrator_get_system (run->current), run->t, run->y, &check);
  return mf_run_accepts (run, &check) || mf_run_check_failed (run, &check, error);
}

/* The outputs at time t with the reduced state y of the current
 * configuration, and whether they pass the check. */
static gboolean
run_sample_holds (MfRun *run, double t, const double *y)
{
  MfSystem *system = mf_integrator_get_system (run->current);

  mf_system_outputs (system, t, y, run->outputs);
  return mf_run_accepts (run, mf_system_last_check (system));
}

/* The sample at time t whose outputs run_sample_holds() found, to the
 * caller: the outputs, then the switches (a piston's stop is 1 when it
 * holds it, any other switch 1 when open). */
static void
run_hand_out (MfRun *run, double t)
{
  MfSystem *system = mf_integrator_get_system (run->current);

  run->stop_at_sample = FALSE;
  for (guint i = 0; i < run->n_switches; i++)
    {
      gboolean closed = mf_system_is_closed (system, run->switches[i]);

      run->outputs[run->n_outputs + i] = (run->is_stop[i] ? closed : !closed) ? 1.0 : 0.0;
    }
  mf_run_note_fallbacks (run, t, t);
  if (run->sample != NULL && !run->sample (t, run->mode, run->outputs, run->user_data))
    run->finished = TRUE;
}

/* The sample at time t with the reduced state y of the current
 * configuration. */
static gboolean
run_emit_sample_at (MfRun *run, double t, const double *y, GError **error)
{
  /* a sample whose equations do not hold is never handed out */
  if (!run_sample_holds (run, t, y))
    {
      mf_run_check_failed (run, mf_system_last_check (mf_integrator_get_system (run->current)),
                        error);
      g_prefix_error (error, _("at t = %.9g s: "), t);
      return FALSE;
    }
  run_hand_out (run, t);
  return TRUE;
}

gboolean
mf_run_emit_sample (MfRun *run, GError **error)
{
  return run_emit_sample_at (run, run->t, run->y, error);
}

/* The samples the last step passed, from the integrator's interpolant,
 * when it has one (run_next_stop() then did not stop it at them).  A
 * sample at `stop` itself is left to run_arrive(), which may switch the
 * mode first; one a hair beyond the step's end (within t_tol) is the
 * step's end.  An interpolated state whose equations do not hold to the
 * check is not handed out: the step is taken again from its beginning,
 * stopping at that sample, where the step's own check and its retries
 * apply. */
MfRunPassed
mf_run_emit_passed (MfRun *run, double stop, GError **error)
{
  while (!run->finished && mf_integrator_interpolates (run->current))
    {
      double t_out = mf_run_output_time (run, run->next_output);
      const double *y = run->y_sample;

      if (t_out > run->t + run->t_tol || t_out >= stop - run->t_tol)
        return MF_RUN_PASSED_EMITTED;
      if (!mf_integrator_interpolate (run->current, t_out, run->y_sample))
        y = run->y;
      else if (!run_sample_holds (run, t_out, y))
        return MF_RUN_PASSED_RETAKE;
      run->next_output++;
      if (y == run->y_sample)
        run_hand_out (run, t_out);
      else if (!run_emit_sample_at (run, t_out, y, error))
        return MF_RUN_PASSED_FAILED;
    }
  return MF_RUN_PASSED_EMITTED;
}
