/* mf-events.c
 *
 * Switching functions.  Each automatic check or relief valve (a relief
 * valve's cracking pressure is its set pressure) has a distance d to its
 * switching condition, >= 0 while it keeps its state, < 0 once the
 * condition holds:
 *
 *   open:         d = v + v_eps                    (closes when the flow reverses)
 *   closed:       d = cracking + p_eps − (p_a − p_b)  (opens above cracking)
 *   held closed:  d = cracking + p_eps + margin − (p_a − p_b)
 *
 * An end stop of a piston with a finite stroke is switched the same way:
 * "open" is free, "closed" is held at the stop (v = 0).  Free, its distance
 * is to the nearer end, min(x + x_eps, stroke − x + x_eps) with
 * x_eps = 1e-9 stroke; at the stop it is a valve with no cracking pressure
 * whose Δp is −stop_force / cap_area: it lets go when the stop would have
 * to pull.  On engaging, x is set to the end exactly (mf_events_snap()).
 *
 * An orifice, valve or check valve whose area a(t) is an expression of
 * time closes when the area falls to a_eps = 1e-9 × its port area and
 * reopens above it (mf-events-inputs.c).  A check valve whose area closes
 * it has two switches: its own stays as it is while the area holds it shut.
 *
 * with v the valve's branch velocity and p_a − p_b its output ID.dp (while
 * closed, the pressure difference it holds, from the multipliers).  When
 * that difference is undetermined (NaN: a node between closed valves), the
 * closed valves around the node bound it (mf-events-pressures.c): a chain of
 * closed valves opens when the pressure across it exceeds the sum of their
 * cracking pressures.  A NaN that nothing bounds means the condition is not
 * met.
 *
 * Thresholds.  v_eps = 1e-9 V and p_eps = 1e-9 P, where V is the largest
 * velocity (at least 1 mm/s) and P the largest pressure (at least 1 Pa)
 * seen in the run so far.  They keep rounding from switching a valve at
 * rest: a valve between two tanks at one pressure sees v and Δp of rounding
 * size and either sign.  They shift a switching time by about v_eps / |v'|
 * or p_eps / |Δp'| (2e-10 s for 2 bar of cracking pressure reached at
 * 10 bar/s).  The thresholds only
 * grow, and are fixed while a step is being checked, so a bracket found for
 * one set of switching functions is searched with the same ones.
 *
 * Chattering.  A valve that switches more than MF_CHATTER_SWITCHES times
 * within 1e-9 max(1, t) s is held closed instead.  It reopens only when
 * p_a − p_b exceeds its cracking pressure by a margin of 1e-3 P, and only
 * after that condition has been false at some step: it cannot switch again
 * at the instant it was held, so an instant always ends.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-events-private.h"

#include <math.h>
#include <string.h>

static void
add_valve (MfEvents *ev, guint c, const MfComponent *component)
{
  g_autofree char *v_name = g_strdup_printf ("%s.v", component->id);
  g_autofree char *dp_name = g_strdup_printf ("%s.dp", component->id);
  MfValve valve = { 0 };
  int velocity = mf_model_find_state (ev->model, v_name);
  int dp = mf_model_find_output (ev->model, dp_name);
  const MfBranch *b;

  g_return_if_fail (velocity >= 0 && dp >= 0);
  b = mf_model_branch (ev->model, (guint) velocity);
  valve.component = c;
  valve.velocity = (guint) velocity;
  valve.dp = (guint) dp;
  valve.node[0] = b->node[0];
  valve.node[1] = b->node[1];
  valve.partner = -1;
  /* a relief valve is a check valve whose cracking pressure is its setting:
   * open, its law holds the set pressure at zero flow (mf-relief.h) */
  valve.cracking = component->info->type == MF_COMPONENT_RELIEF_VALVE
                     ? component->params[MF_RELIEF_SET_PRESSURE].value
                     : component->params[MF_CHECK_VALVE_CRACKING_PRESSURE].value;
  valve.state = MF_VALVE_OPEN;
  g_array_append_val (ev->valves, valve);
  ev->pressure_scale = MAX (ev->pressure_scale, valve.cracking);
}

static void
add_stop (MfEvents *ev, guint c, const MfComponent *component)
{
  g_autofree char *v_name = g_strdup_printf ("%s.v", component->id);
  g_autofree char *x_name = g_strdup_printf ("%s.x", component->id);
  g_autofree char *force_name = g_strdup_printf ("%s.stop_force", component->id);
  MfValve stop = { 0 };
  int velocity = mf_model_find_state (ev->model, v_name);
  int position = mf_model_find_state (ev->model, x_name);
  int force = mf_model_find_output (ev->model, force_name);
  const MfBranch *b;

  g_return_if_fail (velocity >= 0 && position >= 0 && force >= 0);
  b = mf_model_branch (ev->model, (guint) velocity);
  stop.kind = MF_SWITCH_STOP;
  stop.component = c;
  stop.velocity = (guint) velocity;
  stop.position = (guint) position;
  stop.dp = (guint) force;
  stop.node[0] = stop.node[1] = MF_NONE;
  stop.partner = -1;
  /* a piston's cap area and stroke; an accumulator's port area, and the
   * gas volume over it */
  stop.area = b->area;
  stop.stroke = b->stroke;
  stop.state = MF_VALVE_OPEN;
  g_array_append_val (ev->valves, stop);
}

/* An area that changes in time, or one that is zero for good: a valve or
 * check valve can be held shut by its row, an orifice only when its area
 * moves (mf_model_branch_can_close()). */
static void
add_area (MfEvents *ev, guint c, const MfComponent *component)
{
  g_autofree char *v_name = g_strdup_printf ("%s.v", component->id);
  int velocity = mf_model_find_state (ev->model, v_name);
  const MfBranch *b;
  MfValve orifice = { 0 };

  if (velocity < 0)
    return;
  b = mf_model_branch (ev->model, (guint) velocity);
  if (b->kind != MF_BRANCH_ORIFICE || !mf_model_branch_can_close (ev->model, (guint) velocity))
    return;
  if (b->opening == NULL && !(b->opening_value <= MF_MODEL_AREA_EPS * b->area))
    return;
  orifice.kind = MF_SWITCH_AREA;
  orifice.component = c;
  orifice.velocity = (guint) velocity;
  orifice.node[0] = b->node[0];
  orifice.node[1] = b->node[1];
  orifice.opening = b->opening;
  orifice.opening_value = b->opening_value;
  orifice.area_eps = MF_MODEL_AREA_EPS * b->area;
  orifice.partner = -1;
  orifice.state = MF_VALVE_OPEN;
  /* a check valve's own switch was added just before */
  if (component->info->type == MF_COMPONENT_CHECK_VALVE && ev->valves->len > 0
      && mf_events_valve (ev, ev->valves->len - 1)->component == c)
    {
      orifice.partner = (int) ev->valves->len - 1;
      mf_events_valve (ev, ev->valves->len - 1)->partner = (int) ev->valves->len;
    }
  g_array_append_val (ev->valves, orifice);
}

static void
update_thresholds (MfEvents *ev)
{
  ev->v_eps = MF_THRESHOLD * MAX (ev->velocity_scale, MF_MIN_VELOCITY_SCALE);
  ev->p_eps = MF_THRESHOLD * MAX (ev->pressure_scale, MF_MIN_PRESSURE_SCALE);
  ev->margin = MF_HYSTERESIS * MAX (ev->pressure_scale, MF_MIN_PRESSURE_SCALE);
}

MfEvents *
mf_events_new (MfModel *model, double rtol)
{
  const MfCircuit *circuit = mf_model_get_circuit (model);
  MfEvents *ev = g_new0 (MfEvents, 1);
  guint n_states = MAX (mf_model_n_states (model), 1);
  guint n_valves, n_nodes = MAX (mf_model_n_nodes (model), 1);

  ev->model = model;
  ev->rtol = rtol;
  ev->valves = g_array_new (FALSE, FALSE, sizeof (MfValve));
  for (guint c = 0; c < circuit->components->len; c++)
    {
      const MfComponent *component = g_ptr_array_index (circuit->components, c);

      if (component->info->type == MF_COMPONENT_CHECK_VALVE
          || component->info->type == MF_COMPONENT_RELIEF_VALVE)
        add_valve (ev, c, component);
      else if ((component->info->type == MF_COMPONENT_PISTON
                && isfinite (component->params[MF_PISTON_STROKE].value))
               || component->info->type == MF_COMPONENT_ACCUMULATOR)
        add_stop (ev, c, component);
      if (component->info->type == MF_COMPONENT_ORIFICE
          || component->info->type == MF_COMPONENT_VALVE
          || component->info->type == MF_COMPONENT_CHECK_VALVE
          || component->info->type == MF_COMPONENT_REDUCING_VALVE)
        add_area (ev, c, component);
    }
  ev->inputs = g_array_new (FALSE, FALSE, sizeof (MfInput));
  mf_events_collect_inputs (ev);
  ev->pressure_outputs = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint o = 0; o < mf_model_n_outputs (model); o++)
    if (strcmp (mf_model_output_unit (model, o), "Pa") == 0)
      g_array_append_val (ev->pressure_outputs, o);
  ev->n_velocities = mf_model_n_velocities (model);
  ev->outputs = g_new0 (double, MAX (mf_model_n_outputs (model), 1));
  ev->node_output = g_new0 (int, n_nodes);
  ev->low = g_new0 (double, n_nodes);
  ev->high = g_new0 (double, n_nodes);
  ev->low_by = g_new0 (int, n_nodes);
  ev->high_by = g_new0 (int, n_nodes);
  ev->sets = g_new0 (guint, n_nodes);
  mf_events_find_node_outputs (ev);
  ev->y0 = g_new0 (double, n_states);
  ev->y_lo = g_new0 (double, n_states);
  ev->y_hi = g_new0 (double, n_states);
  ev->y_mid = g_new0 (double, n_states);
  n_valves = MAX (ev->valves->len, 1);
  ev->d_start = g_new0 (double, n_valves);
  ev->d_before = g_new0 (double, n_valves);
  ev->t_before = NAN;
  ev->d_lo = g_new0 (double, n_valves);
  ev->d_hi = g_new0 (double, n_valves);
  ev->d_mid = g_new0 (double, n_valves);
  update_thresholds (ev);
  return ev;
}

void
mf_events_free (MfEvents *ev)
{
  if (ev == NULL)
    return;
  g_array_unref (ev->valves);
  g_array_unref (ev->inputs);
  g_array_unref (ev->pressure_outputs);
  g_free (ev->outputs);
  g_free (ev->node_output);
  g_free (ev->low);
  g_free (ev->high);
  g_free (ev->low_by);
  g_free (ev->high_by);
  g_free (ev->sets);
  g_free (ev->y0);
  g_free (ev->y_lo);
  g_free (ev->y_hi);
  g_free (ev->y_mid);
  g_free (ev->d_start);
  g_free (ev->d_before);
  g_free (ev->d_lo);
  g_free (ev->d_hi);
  g_free (ev->d_mid);
  g_free (ev);
}

guint
mf_events_n_valves (const MfEvents *ev)
{
  return ev->valves->len;
}

gboolean
mf_events_active (const MfEvents *ev)
{
  return ev->active;
}

guint
mf_events_component (const MfEvents *ev, guint valve)
{
  return mf_events_valve (ev, valve)->component;
}

MfValveState
mf_events_state (const MfEvents *ev, guint valve)
{
  return mf_events_valve (ev, valve)->state;
}

const char *
mf_valve_state_name (MfValveState state)
{
  switch (state)
    {
    case MF_VALVE_OPEN:
      return "open";
    case MF_VALVE_HELD:
      return "held closed";
    case MF_VALVE_FORCED:
    case MF_VALVE_CLOSED:
    default:
      return "closed";
    }
}

MfSwitchKind
mf_events_kind (const MfEvents *ev, guint valve)
{
  return mf_events_valve (ev, valve)->kind;
}

const char *
mf_events_state_name (const MfEvents *ev, guint valve, MfValveState state)
{
  if (mf_events_valve (ev, valve)->kind == MF_SWITCH_STOP)
    return state == MF_VALVE_OPEN ? "free" : "at stop";
  return mf_valve_state_name (state);
}

void
mf_events_snap (const MfEvents *ev, guint valve, double *u)
{
  const MfValve *stop = mf_events_valve (ev, valve);

  if (stop->kind == MF_SWITCH_STOP)
    u[stop->position] = u[stop->position] < 0.5 * stop->stroke ? 0.0 : stop->stroke;
}

/* ---- valve states ------------------------------------------------------ */

void
mf_events_enter_mode (MfEvents *ev, const gboolean *mode_closed, gboolean first)
{
  ev->active = FALSE;
  for (guint i = 0; i < ev->valves->len; i++)
    {
      MfValve *valve = mf_events_valve (ev, i);

      if (mode_closed[valve->component])
        {
          valve->state = MF_VALVE_FORCED;
          valve->fresh = FALSE;
        }
      else if (first || valve->state == MF_VALVE_FORCED)
        {
          valve->state = MF_VALVE_OPEN;
          valve->fresh = TRUE;
          valve->burst_count = 0;
        }
      if (valve->state != MF_VALVE_FORCED)
        ev->active = TRUE;
    }
}

GArray *
mf_events_start_areas (MfEvents *ev, double t, const double *u)
{
  GArray *closing = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; i < ev->valves->len; i++)
    {
      MfValve *valve = mf_events_valve (ev, i);

      /* NaN is no reason to close: mf_events_inputs_finite() names it */
      if (valve->kind == MF_SWITCH_AREA && valve->fresh && valve->state == MF_VALVE_OPEN
          && mf_events_area_distance (valve, t, u) < 0)
        {
          valve->state = MF_VALVE_CLOSED;
          valve->fresh = FALSE;
          g_array_append_val (closing, i);
        }
    }
  return closing;
}

void
mf_events_set_state (MfEvents *ev, guint valve, MfValveState state)
{
  mf_events_valve (ev, valve)->state = state;
}

void
mf_events_closed_set (const MfEvents *ev, const gboolean *mode_closed, gboolean *closed)
{
  const MfCircuit *circuit = mf_model_get_circuit (ev->model);

  memcpy (closed, mode_closed, circuit->components->len * sizeof (gboolean));
  for (guint i = 0; i < ev->valves->len; i++)
    {
      const MfValve *valve = mf_events_valve (ev, i);

      if (valve->state == MF_VALVE_CLOSED || valve->state == MF_VALVE_HELD)
        closed[valve->component] = TRUE;
    }
}

MfValveState
mf_events_switch (MfEvents *ev, guint i, double t)
{
  MfValve *valve = mf_events_valve (ev, i);

  if (valve->burst_count > 0
      && fabs (t - valve->burst_t) <= MF_CHATTER_WINDOW * MAX (1.0, fabs (t)))
    valve->burst_count++;
  else
    {
      valve->burst_t = t;
      valve->burst_count = 1;
    }
  /* an area follows t alone: holding its orifice closed would ignore it */
  if (valve->burst_count > MF_CHATTER_SWITCHES && valve->kind != MF_SWITCH_AREA)
    {
      valve->state = MF_VALVE_HELD;
      valve->armed = FALSE;
    }
  else
    valve->state = valve->state == MF_VALVE_OPEN ? MF_VALVE_CLOSED : MF_VALVE_OPEN;
  return valve->state;
}

/* ---- switching functions ------------------------------------------------ */

/* The pressure difference that opens the valve: ID.dp, bounded through the
 * closed valves around an undetermined port; for an end stop the pull it
 * would have to exert, per unit cap area. */
static double
opening_dp (MfEvents *ev, const MfValve *valve, const double *out)
{
  double dp;

  if (valve->kind == MF_SWITCH_STOP)
    return -out[valve->dp] / valve->area;
  dp = out[valve->dp];
  return isnan (dp) ? mf_events_chain_dp (ev, valve, out) : dp;
}

/* Open (free): a valve closes when its flow reverses, a piston stops when
 * it passes an end of its stroke. */
static double
open_distance (const MfEvents *ev, const MfValve *valve, const double *out)
{
  double x, x_eps;

  if (valve->kind == MF_SWITCH_VALVE)
    return out[valve->velocity] + ev->v_eps;
  x = out[valve->position];
  x_eps = MF_THRESHOLD * valve->stroke;
  return MIN (x + x_eps, valve->stroke - x + x_eps);
}

static double
held_distance (MfEvents *ev, const MfValve *valve, const double *out)
{
  double dp = opening_dp (ev, valve, out);

  return isfinite (dp) ? valve->cracking + ev->p_eps + ev->margin - dp : INFINITY;
}

/* Whether the area of a check valve holds it shut, whatever its own switch
 * says. */
static gboolean
shut_by_area (const MfEvents *ev, const MfValve *valve)
{
  return valve->partner >= 0
         && mf_events_valve (ev, (guint) valve->partner)->state == MF_VALVE_CLOSED;
}

/* >= 0 while the valve keeps its state, < 0 once its condition holds. */
static double
valve_distance (MfEvents *ev, const MfValve *valve, double t, const double *out)
{
  double dp;

  if (valve->kind == MF_SWITCH_AREA)
    return mf_events_area_distance (valve, t, out); /* out begins with u */
  if (shut_by_area (ev, valve))
    return INFINITY;
  switch (valve->state)
    {
    case MF_VALVE_OPEN:
      return open_distance (ev, valve, out);
    case MF_VALVE_CLOSED:
      dp = opening_dp (ev, valve, out);
      return isfinite (dp) ? valve->cracking + ev->p_eps - dp : INFINITY;
    case MF_VALVE_HELD:
      return valve->armed ? held_distance (ev, valve, out) : INFINITY;
    case MF_VALVE_FORCED:
    default:
      return INFINITY;
    }
}

gboolean
mf_events_evaluate (MfEvents *ev, MfSystem *system, double t, const double *y, double *d)
{
  gboolean any = FALSE;

  mf_system_outputs (system, t, y, ev->outputs);
  ev->bounded = FALSE;
  for (guint i = 0; i < ev->valves->len; i++)
    {
      const MfValve *valve = mf_events_valve (ev, i);

      /* areas are located on t alone, before the step (mf-events-inputs.c),
       * but for those that follow the state */
      d[i] = valve->kind == MF_SWITCH_AREA && !mf_events_area_follows_state (valve)
               ? INFINITY
               : valve_distance (ev, valve, t, ev->outputs);
      if (d[i] < 0)
        any = TRUE;
    }
  return any;
}

void
mf_events_observe (MfEvents *ev)
{
  for (guint k = 0; k < ev->n_velocities; k++)
    if (isfinite (ev->outputs[k]))
      ev->velocity_scale = MAX (ev->velocity_scale, fabs (ev->outputs[k]));
  for (guint i = 0; i < ev->pressure_outputs->len; i++)
    {
      double p = ev->outputs[g_array_index (ev->pressure_outputs, guint, i)];

      if (isfinite (p))
        ev->pressure_scale = MAX (ev->pressure_scale, fabs (p));
    }
  update_thresholds (ev);
  for (guint i = 0; i < ev->valves->len; i++)
    {
      MfValve *valve = mf_events_valve (ev, i);

      if (valve->state == MF_VALVE_HELD && !valve->armed
          && held_distance (ev, valve, ev->outputs) >= 0)
        valve->armed = TRUE;
    }
}

GArray *
mf_events_starting_closed (MfEvents *ev, MfSystem *system, double t, const double *y)
{
  GArray *starting_closed = g_array_new (FALSE, FALSE, sizeof (guint));

  mf_system_outputs (system, t, y, ev->outputs);
  ev->bounded = FALSE;
  mf_events_observe (ev);
  for (guint i = 0; i < ev->valves->len; i++)
    {
      MfValve *valve = mf_events_valve (ev, i);

      if (valve->fresh && valve->state == MF_VALVE_OPEN && valve->cracking > 0
          && fabs (ev->outputs[valve->velocity]) <= ev->v_eps)
        g_array_append_val (starting_closed, i);
      valve->fresh = FALSE;
    }
  return starting_closed;
}

/* The distances are kept for the next step: when none is due they are
 * where that step begins. */
int
mf_events_due (MfEvents *ev, MfSystem *system, double t, const double *y)
{
  int due = -1;

  if (!ev->active)
    return -1;
  mf_system_outputs (system, t, y, ev->outputs);
  ev->bounded = FALSE;
  mf_events_observe (ev);
  ev->t_before = NAN;
  ev->t_start = t;
  for (guint i = 0; i < ev->valves->len; i++)
    {
      ev->d_start[i] = valve_distance (ev, mf_events_valve (ev, i), t, ev->outputs);
      if (ev->d_start[i] < 0 && due < 0)
        due = (int) i;
    }
  return due;
}
