/* mf-simulation.c: the run — where to stop, when to switch modes, when to
 * hand out a sample.  Stepping itself is mf-integrator.c's.
 *
 * The integration is split at "stops": the next output time, the next
 * input breakpoint, the next scheduled mode change and t_end.  No step
 * crosses a stop, so outputs fall on the exact grid without interpolation,
 * kinks in the inputs never sit inside a step, and a mode switch happens at
 * its scheduled time.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-simulation.h"

#include <math.h>
#include <string.h>

#include "mf-error.h"
#include "mf-integrator.h"
#include "mf-method.h"
#include "mf-system.h"

/* More samples than this is a mistake in the options, not a wish. */
#define MF_MAX_SAMPLES 1e9

typedef struct
{
  MfModel                   *model;
  const MfCircuit           *circuit;
  const MfSimulationOptions *options;
  const MfMethod            *method;
  MfSimulationStats         *stats;
  MfSampleFunc               sample;
  gpointer                   user_data;
  GCancellable              *cancellable;

  GPtrArray                 *integrators; /* MfIntegrator* by mode, NULL until first entered */
  MfIntegrator              *current;
  guint                      mode;
  double                     t;
  double                    *y;        /* n_states long: holds the reduced state of any mode */
  double                    *u;        /* the full state, carried across a mode switch */
  double                    *outputs;  /* one sample */

  GArray                    *breakpoints;   /* double, sorted */
  guint                      next_breakpoint;
  guint                      next_schedule; /* index into circuit->schedule */
  guint64                    next_output;   /* index k of the sample due at k * interval */
  double                     t_tol;         /* events closer than this are simultaneous */
  gboolean                   finished;
} MfRun;

void
mf_simulation_options_from_circuit (MfSimulationOptions *options, const MfCircuit *circuit)
{
  const MfSimulationSettings *settings = &circuit->simulation;

  options->method = settings->method;
  options->t_end = settings->t_end;
  options->rtol = settings->rtol;
  options->atol = settings->atol;
  options->output_interval = settings->output_interval > 0 ? settings->output_interval
                                                           : settings->t_end / 1000.0;
  options->step = settings->step;
}

static gboolean
usage_error (GError **error, const char *message)
{
  g_set_error_literal (error, MF_ERROR, MF_ERROR_USAGE, message);
  return FALSE;
}

/* Every check written so that NaN fails it too. */
static gboolean
options_check (const MfSimulationOptions *options, const MfMethod **method, GError **error)
{
  *method = mf_method_lookup (options->method);
  if (*method == NULL)
    {
      g_autofree char *known = mf_method_names ();

      g_set_error (error, MF_ERROR, MF_ERROR_USAGE,
                   "unknown integration method '%s' (known: %s)",
                   options->method ? options->method : "(none)", known);
      return FALSE;
    }
  if (!(options->t_end > 0 && isfinite (options->t_end)))
    return usage_error (error, "the end time must be a positive number of seconds");
  if (!(options->rtol > 0 && options->atol > 0))
    return usage_error (error, "the tolerances rtol and atol must be positive");
  if (!(options->output_interval > 0))
    return usage_error (error, "the output interval must be positive");
  if (!(options->t_end / options->output_interval <= MF_MAX_SAMPLES))
    return usage_error (error, "the output interval is so short that the run would produce "
                               "more than a billion samples");
  if (!(options->step >= 0 && isfinite (options->step)))
    return usage_error (error, "the fixed step must be positive (or 0 for an adaptive run)");
  if (options->step > options->t_end)
    return usage_error (error, "the fixed step is longer than the whole run");
  if (options->step == 0 && !(*method)->adaptive)
    {
      g_set_error (error, MF_ERROR, MF_ERROR_USAGE,
                   "the method '%s' has no error estimate: it needs a fixed step",
                   (*method)->name);
      return FALSE;
    }
  return TRUE;
}

/* The integrator of a mode, built the first time the run enters it. */
static MfIntegrator *
run_integrator (MfRun *run, guint mode, GError **error)
{
  MfIntegrator *integrator = g_ptr_array_index (run->integrators, mode);
  MfSystem *system;

  if (integrator != NULL)
    return integrator;
  system = mf_system_new (run->model, mode, error);
  if (system == NULL)
    return NULL;
  integrator = mf_integrator_new (system, run->method, run->options, run->stats, error);
  if (integrator == NULL)
    return NULL;
  g_ptr_array_index (run->integrators, mode) = integrator;
  return integrator;
}

/* The time of sample k: on the grid k * interval, the last one exactly at
 * t_end — also when the grid ends a rounding error away from it. */
static double
run_output_time (const MfRun *run, guint64 k)
{
  double t = (double) k * run->options->output_interval;

  return t >= run->options->t_end - run->t_tol ? run->options->t_end : t;
}

static double
run_next_stop (MfRun *run)
{
  const GArray *schedule = run->circuit->schedule;
  double stop = run_output_time (run, run->next_output);

  while (run->next_breakpoint < run->breakpoints->len
         && g_array_index (run->breakpoints, double, run->next_breakpoint) <= run->t + run->t_tol)
    run->next_breakpoint++;
  if (run->next_breakpoint < run->breakpoints->len)
    stop = MIN (stop, g_array_index (run->breakpoints, double, run->next_breakpoint));

  while (run->next_schedule < schedule->len
         && g_array_index (schedule, MfScheduleEntry, run->next_schedule).t
            <= run->t + run->t_tol)
    run->next_schedule++;
  if (run->next_schedule < schedule->len)
    stop = MIN (stop, g_array_index (schedule, MfScheduleEntry, run->next_schedule).t);

  return MIN (stop, run->options->t_end);
}

/* Expands the state with the old mode's system, projects it onto the new
 * mode's constraints (the valve that closes stops its fluid: that kinetic
 * energy is lost) and starts the new mode's integrator afresh. */
static gboolean
run_switch_mode (MfRun *run, guint mode, GError **error)
{
  MfIntegrator *next;
  MfSystem *system;

  mf_system_expand (mf_integrator_get_system (run->current), run->t, run->y, run->u);
  next = run_integrator (run, mode, error);
  if (next == NULL)
    {
      g_prefix_error (error, "at t = %.9g s: ", run->t);
      return FALSE;
    }
  system = mf_integrator_get_system (next);
  run->stats->energy_lost += mf_system_reduce (system, run->t, run->u, run->y);
  run->stats->mode_switches++;
  mf_integrator_restart (next);
  run->current = next;
  run->mode = mode;
  return mf_system_check_state (system, run->t, run->y, error);
}

static void
run_emit_sample (MfRun *run)
{
  mf_system_outputs (mf_integrator_get_system (run->current), run->t, run->y, run->outputs);
  if (run->sample != NULL && !run->sample (run->t, run->mode, run->outputs, run->user_data))
    run->finished = TRUE;
}

/* What happens at a stop, in order: a scheduled switch, a fresh start of the
 * multistep history after an input kink, then the sample — which so shows
 * the mode that holds from this time on, as mf_circuit_mode_at() says. */
static gboolean
run_arrive (MfRun *run, GError **error)
{
  guint mode = mf_circuit_mode_at (run->circuit, run->t + run->t_tol);
  gboolean at_breakpoint = run->next_breakpoint < run->breakpoints->len
    && g_array_index (run->breakpoints, double, run->next_breakpoint) <= run->t + run->t_tol;

  if (mode != run->mode)
    {
      if (!run_switch_mode (run, mode, error))
        return FALSE;
    }
  else if (at_breakpoint)
    mf_integrator_forget_history (run->current);

  if (run_output_time (run, run->next_output) <= run->t + run->t_tol)
    {
      run->next_output++;
      run_emit_sample (run);
    }
  if (run->t >= run->options->t_end)
    run->finished = TRUE;
  return TRUE;
}

static gboolean
run_start (MfRun *run, GError **error)
{
  run->t = 0.0;
  run->mode = mf_circuit_mode_at (run->circuit, 0.0);
  run->current = run_integrator (run, run->mode, error);
  if (run->current == NULL)
    {
      g_prefix_error (error, "at t = 0 s: ");
      return FALSE;
    }
  mf_model_initial_state (run->model, run->u);
  /* Inconsistent initial values are projected too; that is not a switch,
   * so its energy is not counted. */
  mf_system_reduce (mf_integrator_get_system (run->current), 0.0, run->u, run->y);
  if (!mf_system_check_state (mf_integrator_get_system (run->current), 0.0, run->y, error))
    return FALSE;
  run->next_output = 1;
  run_emit_sample (run);
  return TRUE;
}

static gboolean
run_execute (MfRun *run, GError **error)
{
  if (!run_start (run, error))
    return FALSE;
  while (!run->finished)
    {
      double stop = run_next_stop (run);

      while (run->t < stop)
        {
          if (g_cancellable_set_error_if_cancelled (run->cancellable, error))
            return FALSE;
          if (!mf_integrator_step (run->current, &run->t, stop, run->y, error))
            return FALSE;
        }
      if (!run_arrive (run, error))
        return FALSE;
    }
  return TRUE;
}

static void
run_init (MfRun                     *run,
          MfModel                   *model,
          const MfSimulationOptions *options,
          const MfMethod            *method,
          MfSimulationStats         *stats)
{
  const MfCircuit *circuit = mf_model_get_circuit (model);
  guint n_states = mf_model_n_states (model);

  memset (run, 0, sizeof *run);
  run->model = model;
  run->circuit = circuit;
  run->options = options;
  run->method = method;
  run->stats = stats;
  run->integrators = g_ptr_array_new_full (circuit->modes->len,
                                           (GDestroyNotify) mf_integrator_free);
  g_ptr_array_set_size (run->integrators, circuit->modes->len);
  run->y = g_new0 (double, MAX (n_states, 1));
  run->u = g_new0 (double, MAX (n_states, 1));
  run->outputs = g_new0 (double, MAX (mf_model_n_outputs (model), 1));
  run->breakpoints = mf_model_breakpoints (model, options->t_end);
  run->t_tol = 1e-12 * options->t_end;
}

/* The Newton work of every mode the run entered. */
static void
run_count_newton (MfRun *run)
{
  for (guint m = 0; m < run->integrators->len; m++)
    {
      MfIntegrator *integrator = g_ptr_array_index (run->integrators, m);
      guint64 iterations, svd_steps;

      if (integrator == NULL)
        continue;
      mf_system_newton_totals (mf_integrator_get_system (integrator), &iterations, &svd_steps);
      run->stats->newton_iterations += iterations;
      run->stats->svd_steps += svd_steps;
    }
}

static void
run_clear (MfRun *run)
{
  run_count_newton (run);
  g_ptr_array_unref (run->integrators);
  g_free (run->y);
  g_free (run->u);
  g_free (run->outputs);
  g_array_unref (run->breakpoints);
}

gboolean
mf_simulate (MfModel                   *model,
             const MfSimulationOptions *options,
             MfSampleFunc               sample,
             gpointer                   user_data,
             MfSimulationStats         *stats,
             GCancellable              *cancellable,
             GError                   **error)
{
  gint64 start = g_get_monotonic_time ();
  MfSimulationStats local_stats;
  const MfMethod *method;
  gboolean ok = FALSE;

  g_return_val_if_fail (model != NULL && options != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (stats == NULL)
    stats = &local_stats;
  memset (stats, 0, sizeof *stats);
  mf_init ();

  if (options_check (options, &method, error))
    {
      MfRun run;
      MfSimulationOptions effective = *options;

      /* A fixed step is what a stability lesson is about: samples fall on
       * whole steps rather than cutting steps short to meet them. */
      if (effective.step > 0)
        effective.output_interval = effective.step
                                    * MAX (1.0, round (effective.output_interval / effective.step));
      run_init (&run, model, &effective, method, stats);
      run.sample = sample;
      run.user_data = user_data;
      run.cancellable = cancellable;
      ok = run_execute (&run, error);
      run_clear (&run);
    }
  stats->wall_time = (g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC;
  return ok;
}
