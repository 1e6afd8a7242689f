/* mf-simulation.c: the run — where to stop, when to switch modes and
 * valves, when to hand out a sample.  Stepping itself is mf-integrator.c's;
 * when and which check valve switches is mf-events.c's.
 *
 * The integration is split at "stops": the next output time, the next
 * input breakpoint, the next scheduled mode change and t_end.  No step
 * crosses a stop, so outputs fall on the exact grid without interpolation,
 * kinks in the inputs never sit inside a step, and a mode switch happens at
 * its scheduled time.  A check valve event inside a step ends the step
 * there; an orifice whose area closes it ends the step just short of
 * the crossing, and one where an input stops being finite ends the run
 * with its name.
 *
 * The valve configuration is the mode that holds plus the states of the
 * check and relief valves it does not list.  Each configuration the run meets gets its
 * reduced system and integrator once, kept by a key "mode:0101…" (one digit
 * per component, 1 for closed; the mode is in the key so that messages
 * name the mode that holds).  Each sample carries, after the outputs, the
 * state of every switch (mf_simulation_n_switches()).
 *
 * The Newton solver of an index-1 configuration counts its SVD fallbacks;
 * after each step, switch and sample the driver reads the count of the
 * configuration in force, so a fallback is known to the step it happened
 * in, and runs of them are reported as one (MfSvdFallbacks).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-simulation.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "mf-error.h"
#include "mf-events.h"
#include "mf-integrator.h"
#include "mf-method.h"
#include "mf-model-private.h"
#include "mf-reduction.h"
#include "mf-simulation-private.h"
#include "mf-system.h"
#include "mf-system-check.h"

/* Times a step whose end fails the self-check is taken again, each time a
 * quarter as long, before the run gives up. */
#define MF_CHECK_RETRIES 6

/* Valve switches at one instant beyond which the run gives up: the
 * chattering guard (mf-events.h) holds a valve after a few, so only a
 * circuit whose valves keep handing the flow to each other gets there. */
#define MF_SWITCHES_PER_VALVE_AND_INSTANT (2 * MF_CHATTER_SWITCHES + 2)

/* The integrator of the configuration (run->mode, run->closed), built the
 * first time the run meets it. */
MfIntegrator *
mf_run_integrator (MfRun *run, GError **error)
{
  guint n_components = run->circuit->components->len;
  MfIntegrator *integrator;
  MfSystem *system;

  g_string_printf (run->key, "%u:", run->mode);
  for (guint c = 0; c < n_components; c++)
    g_string_append_c (run->key, run->closed[c] ? '1' : '0');
  integrator = g_hash_table_lookup (run->integrators, run->key->str);
  if (integrator != NULL)
    return integrator;
  system = mf_system_new_for (run->model, run->mode, run->closed, error);
  if (system == NULL)
    return NULL;
  mf_system_set_check_tolerances (system, run->options->rtol, run->options->atol);
  integrator = mf_integrator_new (system, run->method, run->options, run->stats, error);
  if (integrator == NULL)
    return NULL;
  g_hash_table_insert (run->integrators, g_strdup (run->key->str), integrator);
  return integrator;
}

/* The time of sample k: on the grid k * interval, the last one exactly at
 * t_end — also when the grid ends a rounding error away from it. */
double
mf_run_output_time (const MfRun *run, guint64 k)
{
  double t = (double) k * run->options->output_interval;

  return t >= run->options->t_end - run->t_tol ? run->options->t_end : t;
}

/* The next time the integrator must stop at: a breakpoint of the inputs,
 * a scheduled switch, the end — and the next sample, unless the integrator
 * interpolates (mf_run_emit_passed()). */
static double
run_next_stop (MfRun *run)
{
  const GArray *schedule = run->circuit->schedule;
  double stop = mf_integrator_interpolates (run->current) && !run->stop_at_sample
                  ? run->options->t_end
                  : mf_run_output_time (run, run->next_output);

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

/* ---- SVD fallbacks --------------------------------------------------------- */

/* The algebraic states of the system's configuration, named once. */
static const char *
run_algebraic_label (MfRun *run, MfSystem *system)
{
  const char *label = g_hash_table_lookup (run->labels, system);
  const MfReduction *reduction = mf_system_get_reduction (system);
  GString *names;

  if (label != NULL)
    return label;
  names = g_string_new (NULL);
  for (guint i = 0; reduction->index_analysis != NULL
                    && i < reduction->index_analysis->algebraic->len; i++)
    {
      guint j = g_array_index (reduction->index_analysis->algebraic, guint, i);

      g_string_append_printf (names, "%s%s", i > 0 ? ", " : "",
                              mf_model_state_name (run->model,
                                                   reduction->nullspace->independent[j]));
    }
  label = g_string_free (names, FALSE);
  g_hash_table_insert (run->labels, system, (gpointer) label);
  return label;
}

static void
run_report_fallbacks (MfRun *run)
{
  MfFallbackRun *pending = &run->fallbacks;
  MfSvdFallbacks report;

  if (!pending->active)
    return;
  pending->active = FALSE;
  if (run->options->fallback == NULL)
    return;
  report.t_first = pending->t_first;
  report.t_last = pending->t_last;
  report.steps = pending->steps;
  report.states = run_algebraic_label (run, pending->system);
  run->options->fallback (&report, run->options->fallback_data);
}

/* SVD steps the configuration in force took since last asked happened
 * between t_from and t_to: they join the pending run of fallbacks when it
 * is of this configuration and its last one is at most an output interval
 * earlier. */
void
mf_run_note_fallbacks (MfRun *run, double t_from, double t_to)
{
  MfSystem *system = mf_integrator_get_system (run->current);
  MfFallbackRun *pending = &run->fallbacks;
  guint64 iterations, svd_steps;

  mf_system_newton_totals (system, &iterations, &svd_steps);
  if (svd_steps <= run->svd_seen)
    return;
  if (pending->active
      && (pending->system != system
          || t_from - pending->t_last > run->options->output_interval))
    run_report_fallbacks (run);
  if (!pending->active)
    {
      pending->active = TRUE;
      pending->system = system;
      pending->t_first = t_from;
      pending->t_last = t_to;
      pending->steps = 0;
    }
  pending->t_last = MAX (pending->t_last, t_to);
  pending->steps += svd_steps - run->svd_seen;
  run->svd_seen = svd_steps;
}

/* Every entry of the log ends the run of fallbacks before it, so the
 * reports come in the order of time. */
static void
run_log (MfRun *run, const char *component, const char *from, const char *to)
{
  run_report_fallbacks (run);
  if (run->options->event != NULL)
    run->options->event (run->t, component, from, to, run->options->event_data);
}

/* ---- switching --------------------------------------------------------------- */

static const MfComponent *
run_component (const MfRun *run, guint valve)
{
  return g_ptr_array_index (run->circuit->components, mf_events_component (run->events, valve));
}

/* A switch that the log shows and the statistics count. */
static MfValveState
run_toggle (MfRun *run, guint valve)
{
  MfValveState from = mf_events_state (run->events, valve);
  MfValveState to = mf_events_switch (run->events, valve, run->t);

  run_log (run, run_component (run, valve)->id, mf_events_state_name (run->events, valve, from),
           mf_events_state_name (run->events, valve, to));
  run->stats->valve_events++;
  mf_events_closed_set (run->events, run->mode_closed, run->closed);
  return to;
}

/* The integrator of the configuration in run->closed.  When it leaves a
 * flow source nowhere to pump, the incompressible pocket's pressure spikes
 * until the valve out of it with the lowest opening pressure cracks
 * (mf-events-pressures.c): that one opens, and only that one — the others
 * open later by their own conditions if the pressure the opened one holds
 * is above what they need.  Each opening is a switch the chattering guard
 * counts, and no valve is tried twice here, so this ends: with a way out,
 * or with the error when no closed valve leads out of the pocket. */
static MfIntegrator *
run_relieved_integrator (MfRun *run, GError **error)
{
  g_autofree gboolean *tried = g_new0 (gboolean, MAX (mf_events_n_valves (run->events), 1));

  for (;;)
    {
      g_autoptr (GError) refused = NULL;
      MfIntegrator *next = mf_run_integrator (run, &refused);
      int valve;

      if (next != NULL)
        return next;
      valve = !g_error_matches (refused, MF_ERROR, MF_ERROR_STRUCTURE)
                ? -1
                : mf_events_pump_relief (run->events, run->closed,
                                         mf_integrator_get_system (run->current), run->t_u,
                                         run->y, tried);
      if (valve < 0)
        {
          g_propagate_error (error, g_steal_pointer (&refused));
          return NULL;
        }
      tried[valve] = TRUE;
      run_toggle (run, (guint) valve);
    }
}

/* Makes the configuration in run->closed current: the state is expanded
 * with the old system and projected onto the new constraints (a valve that
 * closes stops its fluid, an end stop its piston: `lost` is the kinetic
 * energy that takes), and the new integrator starts afresh.  An end stop
 * `snap` (or -1) that engages puts its piston at the end exactly.  `why`
 * (may be "") prefixes a failure to build the new equations. */
static gboolean
run_reconfigure (MfRun *run, const char *why, int snap, double *lost, GError **error)
{
  MfIntegrator *next;
  MfSystem *system;
  guint64 iterations;

  if (!run->expanded)
    {
      mf_system_expand (mf_integrator_get_system (run->current), run->t, run->y, run->u);
      run->t_u = run->t;
    }
  mf_run_note_fallbacks (run, run->t, run->t);
  if (snap >= 0)
    mf_events_snap (run->events, (guint) snap, run->u);
  next = run_relieved_integrator (run, error);
  if (next == NULL)
    {
      /* Translators: %.9g is the time in seconds, %s the switch ("check valve 'V1' opens: ") and
       * then the failure follows */
      g_prefix_error (error, _("at t = %.9g s: %s"), run->t, why);
      return FALSE;
    }
  system = mf_integrator_get_system (next);
  mf_system_newton_totals (system, &iterations, &run->svd_seen);
  *lost = mf_system_reduce (system, run->t, run->u, run->y);
  run->expanded = FALSE;
  mf_integrator_restart (next);
  run->current = next;
  mf_run_note_fallbacks (run, run->t, run->t);
  if (mf_run_holds (run, error))
    return TRUE;
  /* Translators: %.9g is the time in seconds, %s the switch ("check valve 'V1' opens: ") and
   * then the failure follows */
  g_prefix_error (error, _("at t = %.9g s: %s"), run->t, why);
  return FALSE;
}

static char *
run_switch_reason (const MfRun *run, guint valve, MfValveState to)
{
  const MfComponent *component = run_component (run, valve);
  g_autofree char *kind = mf_component_type_kind (component->info);
  gboolean opens = to == MF_VALVE_OPEN;

  /* Translators: these start a message that says what went wrong at the switch: the first
   * %s is the component's type ("check valve"), the second its id */
  if (mf_events_kind (run->events, valve) == MF_SWITCH_AREA)
    return g_strdup_printf (opens ? _("%s '%s' reopens as its area grows: ")
                                  /* Translators: the first %s is the component's type ("check
                                   * valve"), the second its id */
                                  : _("%s '%s' closes as its area reaches zero: "),
                            kind, component->id);
  /* Translators: these start a message that says what went wrong; %s is the piston's id */
  if (mf_events_kind (run->events, valve) == MF_SWITCH_STOP)
    return g_strdup_printf (opens ? _("piston '%s' leaves its end stop: ")
                                  /* Translators: %s is the piston's id */
                                  : _("piston '%s' reaches its end stop: "),
                            component->id);
  /* Translators: these start a message that says what went wrong: the first %s is the
   * component's type ("check valve"), the second its id */
  return g_strdup_printf (opens ? _("%s '%s' opens: ")
                                /* Translators: the first %s is the component's type ("check
                                 * valve"), the second its id */
                                : _("%s '%s' closes: "),
                          kind, component->id);
}

/* A valve that opens because the pressure across a chain of closed valves
 * exceeds their cracking pressures opens with the rest of the chain
 * (mf-events-pressures.c), before the equations are built again. */
static gboolean
run_switch_valve (MfRun *run, guint valve, GError **error)
{
  g_autoptr (GArray) chain = g_array_new (FALSE, FALSE, sizeof (guint));
  MfValveState from = mf_events_state (run->events, valve);
  MfValveState to;
  g_autofree char *why = NULL;
  int snap;
  double lost;

  if (from == MF_VALVE_CLOSED || from == MF_VALVE_HELD)
    mf_events_chain (run->events, mf_integrator_get_system (run->current), run->t, run->y,
                     valve, chain);
  to = run_toggle (run, valve);
  for (guint i = 0; to == MF_VALVE_OPEN && i < chain->len; i++)
    if (mf_events_state (run->events, g_array_index (chain, guint, i)) != MF_VALVE_OPEN)
      run_toggle (run, g_array_index (chain, guint, i));
  why = run_switch_reason (run, valve, to);
  snap = to == MF_VALVE_OPEN ? -1 : (int) valve;
  if (!run_reconfigure (run, why, snap, &lost, error))
    return FALSE;
  run->stats->energy_lost += lost;
  return TRUE;
}

/* Switches valves at this instant until none is due: one switch changes the
 * pressures and flows the others see. */
gboolean
mf_run_settle (MfRun *run, GError **error)
{
  guint limit = MF_SWITCHES_PER_VALVE_AND_INSTANT * mf_events_n_valves (run->events);

  for (guint n = 0;; n++)
    {
      int valve = mf_events_due (run->events, mf_integrator_get_system (run->current), run->t,
                                 run->y);

      if (valve < 0)
        return TRUE;
      if (n >= limit)
        {
          g_set_error (error, MF_ERROR, MF_ERROR_SOLVER,
                       _("at t = %.9g s: the valves keep switching (%u switches at this "
                         "instant)"), run->t, n);
          return FALSE;
        }
      if (!run_switch_valve (run, (guint) valve, error))
        return FALSE;
    }
}

/* The start rule for the valves a mode releases (every valve at t = 0):
 * one at rest with a cracking pressure is closed by its spring.  A valve
 * that cannot close (a flow source would have nowhere to pump) stays open.
 * Only at t = 0 is this a change the log shows: later the valve was closed
 * by the mode just before. */
gboolean
mf_run_start_valves (MfRun *run, gboolean first, GError **error)
{
  g_autoptr (GArray) starting_closed =
    mf_events_starting_closed (run->events, mf_integrator_get_system (run->current), run->t,
                               run->y);
  double lost;

  for (guint i = 0; i < starting_closed->len; i++)
    {
      guint valve = g_array_index (starting_closed, guint, i);
      g_autoptr (GError) refused = NULL;

      if (run->given != NULL && run->given[valve])
        continue;
      mf_events_set_state (run->events, valve, MF_VALVE_CLOSED);
      mf_events_closed_set (run->events, run->mode_closed, run->closed);
      if (mf_run_integrator (run, &refused) == NULL)
        {
          if (!g_error_matches (refused, MF_ERROR, MF_ERROR_STRUCTURE))
            {
              g_propagate_prefixed_error (error, g_steal_pointer (&refused), _("at t = %.9g s: "),
                                          run->t);
              return FALSE;
            }
          mf_events_set_state (run->events, valve, MF_VALVE_OPEN);
          continue;
        }
      if (first)
        {
          run->stats->valve_events++;
          run_log (run, run_component (run, valve)->id, "open", "closed");
        }
    }
  if (starting_closed->len == 0)
    return TRUE;
  mf_events_closed_set (run->events, run->mode_closed, run->closed);
  /* the valves close at rest: nothing to lose */
  return run_reconfigure (run, "", -1, &lost, error);
}

/* Orifices and valves whose area is zero when their mode begins start
 * closed, before any equation evaluates their law.  At t = 0 the log shows
 * them closing, as it does the check valves that start closed. */
void
mf_run_start_areas (MfRun *run, gboolean first)
{
  g_autoptr (GArray) closing = NULL;

  /* areas that follow the state read it (docs/model.md, "Feedback") */
  if (run->current != NULL)
    mf_system_expand (mf_integrator_get_system (run->current), run->t, run->y, run->u);
  closing = mf_events_start_areas (run->events, run->t, run->u);

  for (guint i = 0; first && i < closing->len; i++)
    {
      run->stats->valve_events++;
      run_log (run, run_component (run, g_array_index (closing, guint, i))->id, "open",
               "closed");
    }
  mf_events_closed_set (run->events, run->mode_closed, run->closed);
}

/* A scheduled change: the valves the new mode lists close, those it
 * releases start afresh, the others keep their state. */
static gboolean
run_switch_mode (MfRun *run, guint mode, GError **error)
{
  const MfMode *from = g_ptr_array_index (run->circuit->modes, run->mode);
  const MfMode *to = g_ptr_array_index (run->circuit->modes, mode);
  double lost;

  run_log (run, MF_EVENT_SCHEDULE, from->name, to->name);
  g_free (run->mode_closed);
  run->mode_closed = mf_model_mode_closed (run->model, mode);
  run->mode = mode;
  mf_events_enter_mode (run->events, run->mode_closed, FALSE);
  mf_run_start_areas (run, FALSE);
  if (!run_reconfigure (run, "", -1, &lost, error))
    return FALSE;
  run->stats->energy_lost += lost;
  run->stats->mode_switches++;
  return mf_run_start_valves (run, FALSE, error) && mf_run_settle (run, error);
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

  if (mf_run_output_time (run, run->next_output) <= run->t + run->t_tol)
    {
      run->next_output++;
      if (!mf_run_emit_sample (run, error))
        return FALSE;
    }
  if (run->t >= run->options->t_end)
    run->finished = TRUE;
  return TRUE;
}

/* An input that is not finite on [run->t, *stop]: the step ends where it
 * still is, and the run where it is not, with its name. */
gboolean
mf_run_check_inputs (MfRun *run, double *stop, GError **error)
{
  g_autofree char *why = NULL;
  double before, bad;

  if (mf_events_inputs_finite (run->events, run->t, *stop, &before, &bad, &why))
    return TRUE;
  if (before > run->t + run->t_tol)
    {
      *stop = before;
      return TRUE;
    }
  /* Translators: %.10g is the time in seconds, %s what failed there */
  g_set_error (error, MF_ERROR, MF_ERROR_SOLVER, _("at t = %.10g s: %s"), bad, why);
  return FALSE;
}

/* At t = 0 every check valve the mode does not list starts open; the start
 * rule and the switching conditions then settle them before the first
 * sample. */
static gboolean
run_start (MfRun *run, GError **error)
{
  double zero = 0.0;

  run->t = 0.0;
  run->mode = mf_circuit_mode_at (run->circuit, 0.0);
  run->mode_closed = mf_model_mode_closed (run->model, run->mode);
  mf_events_enter_mode (run->events, run->mode_closed, TRUE);
  mf_model_initial_state (run->model, run->u);
  mf_run_start_areas (run, TRUE);
  if (!mf_run_check_inputs (run, &zero, error))
    return FALSE;
  run->current = mf_run_integrator (run, error);
  if (run->current == NULL)
    {
      g_prefix_error (error, _("at t = 0 s: "));
      return FALSE;
    }
  /* Inconsistent initial values are projected too; that is not a switch:
   * its energy is counted apart, and the user is told. */
  run->stats->start_energy_lost =
    mf_system_reduce (mf_integrator_get_system (run->current), 0.0, run->u, run->y);
  mf_run_note_fallbacks (run, 0.0, 0.0);
  if (!mf_run_start_valves (run, TRUE, error) || !mf_run_settle (run, error))
    return FALSE;
  mf_run_tell_projection (run);
  run->next_output = 1;
  return mf_run_emit_sample (run, error);
}

/* With nothing to integrate (every velocity fixed by closed valves) a step
 * would jump straight to the stop, and a switching condition that comes and
 * goes with the inputs in between would go unseen: such steps are at most
 * an eighth of the output interval. */
static double
run_step_stop (const MfRun *run, double stop)
{
  double limit = mf_events_step_limit (run->events);

  if (mf_events_active (run->events)
      && mf_system_dimension (mf_integrator_get_system (run->current)) == 0)
    limit = MIN (limit, run->t + run->options->output_interval / 8.0);
  return limit > run->t && limit < stop - run->t_tol ? limit : stop;
}

/* An orifice whose area closes or reopens it before `stop`: the step ends
 * short of the crossing, where the equations in force are still finite,
 * and at arriving there the orifice switches at the far side of the
 * crossing (1e-12 s on), with the state expanded where it is known, and
 * with it every other area that has crossed by then. */
static gboolean
run_area_switch (MfRun *run, double *stop, gboolean *switched, GError **error)
{
  double h = mf_integrator_next_step (run->current), t_to, before, after;
  g_autoptr (GArray) crossed = NULL;
  int valve;

  *switched = FALSE;
  /* as far as the step the integrator will try next: a crossing beyond
   * it is seen from a later step */
  t_to = h > 0 && run->t + h < *stop ? run->t + h : *stop;
  valve = mf_events_area_due (run->events, run->t, t_to, &before, &after);
  if (valve < 0)
    return TRUE;
  if (before > run->t)
    {
      *stop = before;
      return TRUE;
    }
  mf_system_expand (mf_integrator_get_system (run->current), run->t, run->y, run->u);
  run->t_u = run->t;
  run->expanded = TRUE;
  run->t = after;
  *switched = TRUE;
  crossed = mf_events_areas_crossed (run->events, after, (guint) valve);
  for (guint i = 0; i < crossed->len; i++)
    run_toggle (run, g_array_index (crossed, guint, i));
  return run_switch_valve (run, (guint) valve, error) && mf_run_settle (run, error);
}

/* One step toward `stop`, ended early by a check valve event, and taken
 * again shorter while its end fails the self-check (mf-system-check.h):
 * each retry integrates a quarter of the last try from the step's
 * beginning, and the algebraic states, failing from their warm start, are
 * solved from a cold one (mf-dae.c). */
static gboolean
run_advance (MfRun *run, double stop, GError **error)
{
  double t_from = run->t, arrival = stop;
  gsize n_y = mf_system_dimension (mf_integrator_get_system (run->current));
  gboolean switched;
  MfCheck check;
  int valve;

  stop = run_step_stop (run, stop);
  if (!run_area_switch (run, &stop, &switched, error))
    return FALSE;
  if (switched)
    return TRUE;
  if (!mf_run_check_inputs (run, &stop, error))
    return FALSE;
  memcpy (run->y_step, run->y, n_y * sizeof (double));
  for (guint attempt = 0;; attempt++)
    {
      mf_events_step_begins (run->events, run->current, run->t, run->y);
      if (!mf_integrator_step (run->current, &run->t, stop, run->y, error)
          || !mf_events_step_ends (run->events, run->current, &run->t, run->y, &valve, error))
        return FALSE;
      mf_system_check (mf_integrator_get_system (run->current), run->t, run->y, &check);
      if (mf_run_accepts (run, &check))
        break;
      if (attempt == MF_CHECK_RETRIES)
        {
          mf_run_check_failed (run, &check, error);
          g_prefix_error (error, _("at t = %.9g s: "), run->t);
          return FALSE;
        }
      run->stats->check_retries++;
      mf_integrator_retry (run->current, 0.25 * (run->t - t_from));
      run->t = t_from;
      memcpy (run->y, run->y_step, n_y * sizeof (double));
    }
  switch (mf_run_emit_passed (run, arrival, error))
    {
    case MF_RUN_PASSED_FAILED:
      return FALSE;
    case MF_RUN_PASSED_RETAKE:
      run->stop_at_sample = TRUE;
      run->t = t_from;
      memcpy (run->y, run->y_step, n_y * sizeof (double));
      mf_integrator_restart (run->current);
      return TRUE;
    case MF_RUN_PASSED_EMITTED:
      break;
    }
  mf_run_note_fallbacks (run, t_from, run->t);
  if (valve < 0)
    return TRUE;
  return run_switch_valve (run, (guint) valve, error) && mf_run_settle (run, error);
}

static gboolean
run_steps (MfRun *run, GError **error)
{
  if (!(run->options->start != NULL ? mf_run_resume (run, error) : run_start (run, error)))
    return FALSE;
  /* The stop is found again after every step: a switch may bring an
   * integrator that cannot interpolate, which must stop at the samples. */
  while (!run->finished)
    {
      double stop = run_next_stop (run);

      if (run->t < stop)
        {
          if (g_cancellable_set_error_if_cancelled (run->cancellable, error))
            return FALSE;
          if (!run_advance (run, stop, error))
            return FALSE;
        }
      if (!(run->t < stop) && !run_arrive (run, error))
        return FALSE;
    }
  return TRUE;
}

/* The fallbacks up to the end, or up to a failure: what led to it. */
static gboolean
run_execute (MfRun *run, GError **error)
{
  gboolean ok = run_steps (run, error);

  if (run->current != NULL)
    mf_run_note_fallbacks (run, run->t, run->t);
  run_report_fallbacks (run);
  return ok;
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
  run->integrators = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                            (GDestroyNotify) mf_integrator_free);
  run->key = g_string_new (NULL);
  run->closed = g_new0 (gboolean, MAX (circuit->components->len, 1));
  run->events = mf_events_new (model, options->rtol);
  run->y = g_new0 (double, MAX (n_states, 1));
  run->y_step = g_new0 (double, MAX (n_states, 1));
  run->y_sample = g_new0 (double, MAX (n_states, 1));
  run->check_tol = mf_check_tolerance (options->rtol);
  run->u = g_new0 (double, MAX (n_states, 1));
  run->n_outputs = mf_model_n_outputs (model);
  run->n_switches = mf_simulation_n_switches (model);
  run->outputs = g_new0 (double, MAX (run->n_outputs + run->n_switches, 1));
  run->switches = g_new0 (guint, MAX (run->n_switches, 1));
  run->is_stop = g_new0 (gboolean, MAX (run->n_switches, 1));
  for (guint i = 0; i < run->n_switches; i++)
    {
      MfComponentType type;

      run->switches[i] = mf_simulation_switch_component (model, i);
      type = component_at (circuit, run->switches[i])->info->type;
      run->is_stop[i] = type == MF_COMPONENT_PISTON || type == MF_COMPONENT_ACCUMULATOR;
    }
  run->labels = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);
  run->breakpoints = mf_model_breakpoints (model, options->t_end);
  run->t_tol = 1e-12 * options->t_end;
}

/* The Newton work of every configuration the run met. */
static void
run_count_newton (MfRun *run)
{
  GHashTableIter iter;
  gpointer value;

  g_hash_table_iter_init (&iter, run->integrators);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      MfIntegrator *integrator = value;
      guint64 iterations, svd_steps;

      mf_system_newton_totals (mf_integrator_get_system (integrator), &iterations, &svd_steps);
      run->stats->newton_iterations += iterations;
      run->stats->svd_steps += svd_steps;
    }
}

static void
run_clear (MfRun *run)
{
  run_count_newton (run);
  g_hash_table_unref (run->integrators);
  g_string_free (run->key, TRUE);
  g_free (run->mode_closed);
  g_free (run->closed);
  mf_events_free (run->events);
  g_free (run->y);
  g_free (run->y_step);
  g_free (run->y_sample);
  g_free (run->u);
  g_free (run->outputs);
  g_free (run->switches);
  g_free (run->is_stop);
  g_hash_table_unref (run->labels);
  g_array_unref (run->breakpoints);
  g_free (run->given);
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

  if (mf_simulation_options_check (options, &method, NULL, error)
      && mf_simulation_start_check (model, options, error))
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
