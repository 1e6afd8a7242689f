/* mf-simulation-start.c: a run that starts from a given time and state
 * rather than from the model's initial state at t = 0 — a run resumed from a
 * sample of an earlier one, or a live run continued with an edited circuit.
 *
 * The state is projected onto the constraints of the configuration in force
 * at the start, as a mode switch projects it: after an edit the old state
 * may violate the new constraints, and even an unedited one carries the
 * rounding of the sample.  The switches of the sample say which check and
 * relief valves were closed and which pistons held at their stops; areas
 * are decided by their expressions at the start time, and the switching
 * conditions then settle whatever the edit changed before the first sample.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "mf-error.h"
#include "mf-model-private.h"
#include "mf-simulation-private.h"

gboolean
mf_simulation_start_check (const MfModel             *model,
                           const MfSimulationOptions *options,
                           GError                   **error)
{
  const MfSimulationStart *start = options->start;
  guint n_states = mf_model_n_states (model);

  if (start == NULL)
    return TRUE;
  /* written so that NaN fails it too */
  if (!(start->t >= 0 && start->t < options->t_end))
    {
      g_set_error (error, MF_ERROR, MF_ERROR_USAGE,
                   _("the start time %g s is not within the run (0 to %g s)"), start->t,
                   options->t_end);
      return FALSE;
    }
  if (start->u == NULL)
    {
      g_set_error_literal (error, MF_ERROR, MF_ERROR_USAGE, _("the start has no state"));
      return FALSE;
    }
  for (guint i = 0; i < n_states; i++)
    if (!isfinite (start->u[i]))
      {
        g_set_error (error, MF_ERROR, MF_ERROR_USAGE, _("the start state of %s is not a number"),
                     mf_model_state_name (model, i));
        return FALSE;
      }
  return TRUE;
}

/* The sample's switch of component c, or -1. */
static int
start_switch_of (const MfRun *run, guint c)
{
  for (guint i = 0; i < run->n_switches; i++)
    if (run->switches[i] == c)
      return (int) i;
  return -1;
}

/* Whether an area switch of component c closed it at the start. */
static gboolean
start_area_closed (const MfRun *run, guint c)
{
  for (guint v = 0; v < mf_events_n_valves (run->events); v++)
    if (mf_events_component (run->events, v) == c
        && mf_events_kind (run->events, v) == MF_SWITCH_AREA
        && mf_events_state (run->events, v) == MF_VALVE_CLOSED)
      return TRUE;
  return FALSE;
}

/* Check and relief valves and end stops take the sample's states; a check
 * valve whose area is zero at the start is closed by its area, not by its
 * condition.  A NaN leaves its valve to the start rule of a fresh mode. */
static void
start_set_switches (MfRun *run, const double *switches)
{
  guint n_valves = mf_events_n_valves (run->events);

  /* closes the valves whose area is zero now; which ones they are is not needed here */
  g_array_unref (mf_events_start_areas (run->events, run->t, run->u));
  run->given = g_new0 (gboolean, MAX (n_valves, 1));
  for (guint v = 0; v < n_valves; v++)
    {
      guint c = mf_events_component (run->events, v);
      int i = start_switch_of (run, c);
      MfSwitchKind kind = mf_events_kind (run->events, v);
      gboolean closed;

      if (i < 0 || isnan (switches[i]) || kind == MF_SWITCH_AREA
          || mf_events_state (run->events, v) == MF_VALVE_FORCED)
        continue;
      run->given[v] = TRUE;
      closed = kind == MF_SWITCH_STOP ? switches[i] >= 0.5 : switches[i] < 0.5;
      if (closed && kind == MF_SWITCH_VALVE && start_area_closed (run, c))
        closed = FALSE;
      mf_events_set_state (run->events, v, closed ? MF_VALVE_CLOSED : MF_VALVE_OPEN);
      if (closed && kind == MF_SWITCH_STOP)
        mf_events_snap (run->events, v, run->u);
    }
  mf_events_closed_set (run->events, run->mode_closed, run->closed);
}

/* The first sample after t on the output grid: k · interval > t. */
static guint64
start_next_output (const MfRun *run)
{
  double t = run->t, interval = run->options->output_interval;
  guint64 k = (guint64) floor (t / interval) + 1;

  while (k > 1 && mf_run_output_time (run, k - 1) > t + run->t_tol)
    k--;
  while (mf_run_output_time (run, k) <= t + run->t_tol
         && mf_run_output_time (run, k) < run->options->t_end)
    k++;
  return k;
}

gboolean
mf_run_resume (MfRun *run, GError **error)
{
  const MfSimulationStart *start = run->options->start;
  double t = start->t;

  run->t = t;
  memcpy (run->u, start->u, mf_model_n_states (run->model) * sizeof (double));
  run->mode = mf_circuit_mode_at (run->circuit, t + run->t_tol);
  run->mode_closed = mf_model_mode_closed (run->model, run->mode);
  mf_events_enter_mode (run->events, run->mode_closed, TRUE);
  if (start->switches != NULL)
    start_set_switches (run, start->switches);
  else
    mf_run_start_areas (run, TRUE);
  if (!mf_run_check_inputs (run, &t, error))
    return FALSE;
  run->current = mf_run_integrator (run, error);
  if (run->current == NULL)
    {
      g_prefix_error (error, _("at t = %.9g s: "), run->t);
      return FALSE;
    }
  /* as at t = 0, the projection onto the constraints is no switch: its
   * energy is not counted */
  mf_system_reduce (mf_integrator_get_system (run->current), run->t, run->u, run->y);
  mf_run_note_fallbacks (run, run->t, run->t);
  if (!mf_run_start_valves (run, TRUE, error) || !mf_run_settle (run, error))
    return FALSE;
  run->next_output = start_next_output (run);
  return mf_run_emit_sample (run, error);
}

/* Whether the start moved a value by more than the integrator's tolerance
 * for it. */
static gboolean
moved (const MfRun *run, double given, double now)
{
  return fabs (now - given)
         > run->options->atol + run->options->rtol * MAX (fabs (given), fabs (now));
}

void
mf_run_tell_projection (MfRun *run)
{
  const GArray *initial = run->circuit->initial;
  guint n_states = mf_model_n_states (run->model);
  g_autofree double *now = g_new0 (double, MAX (n_states, 1));
  g_autofree char *where = NULL;
  GString *changes;

  if (run->options->notice == NULL)
    return;
  mf_system_expand (mf_integrator_get_system (run->current), run->t, run->y, now);
  changes = g_string_new (NULL);
  for (guint i = 0; i < initial->len; i++)
    {
      const MfInitialValue *init = &g_array_index (initial, MfInitialValue, i);
      int state = mf_model_find_state (run->model, init->name);

      if (state < 0 || !moved (run, init->value, now[state]))
        continue;
      g_string_append_printf (changes, "%s%s = %.6g → %.6g %s", changes->len > 0 ? ", " : "",
                              init->name, init->value, now[state],
                              mf_model_output_unit (run->model, (guint) state));
    }
  if (changes->len > 0)
    {
      g_autofree char *message = NULL;

      where = mf_model_describe_valves (run->model, run->mode, run->closed);
      message = g_strdup_printf (
        /* Translators: the first %s is the mode ("mode 'run'"), the second the values moved,
         * "P1.v = 0.5 → 0.095 m/s, ...", the last the kinetic energy the projection took */
        _("the initial values do not meet the constraints of %s and were projected onto them "
          "(the closest state in kinetic energy): %s; the projection took %.3g J"),
        where, changes->str, run->stats->start_energy_lost);
      run->options->notice (run->t, message, run->options->notice_data);
    }
  g_string_free (changes, TRUE);
}
