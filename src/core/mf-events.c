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
 * An orifice or valve whose area a(t) is an expression of time closes
 * when the area falls to a_eps = 1e-9 × its port area and reopens above
 * it: open, d = a(t) − a_eps; closed, d = a_eps − a(t).  The distance does
 * not depend on the state, so it is located on t alone, before the step
 * that would cross it (mf_events_area_due()): beyond the crossing the
 * open orifice's law may need an infinite pressure drop, and no step may
 * evaluate it there.  A closed orifice reopens with zero flow.
 *
 * with v the valve's branch velocity and p_a − p_b its output ID.dp (while
 * closed, the pressure difference it holds, from the multipliers).  An
 * undetermined pressure (NaN) means the condition is not met.
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
 * Location.  After each accepted step [t0, t1] every distance is evaluated
 * at t1.  When some became negative, the earliest time is bracketed by the
 * Illinois variant of regula falsi on all the functions at once (the
 * secant of whichever valve crosses first), with a bisection whenever two
 * rounds did not halve the bracket.  Each trial point is reached by
 * integrating again from the left end of the bracket, whose state is kept,
 * so no trial integrates from t0 again.  The search ends when
 *
 *   t_hi − t_lo <= max(1e-12 max(1, |t1|), 1e-3 rtol (t1 − t0)):
 *
 * the state then moves by a thousandth of what the error control allows
 * per step, so the located time is as good as the integration (and the
 * thresholds) make it, not the search.  The valve switches at t_hi, where
 * its condition holds.
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
#include "mf-events.h"

#include "mf-expr.h"
#include "mf-model-private.h"

#include <math.h>
#include <string.h>

#define MF_THRESHOLD             1e-9
#define MF_MIN_VELOCITY_SCALE    1e-3 /* m/s */
#define MF_MIN_PRESSURE_SCALE    1.0  /* Pa */
#define MF_HYSTERESIS            1e-3
#define MF_LOCATE_FRACTION       1e-3
#define MF_LOCATE_MIN            1e-12
#define MF_CHATTER_WINDOW        1e-9
/* Bisection alone gets from any step to 1e-12 s in under 100 rounds; the
 * safeguard bisects at least every third round. */
#define MF_LOCATE_MAX_ROUNDS     400

typedef struct
{
  MfSwitchKind kind;
  guint        component;
  guint        velocity;    /* output (and state) index of ID.v */
  guint        dp;          /* output index of ID.dp; end stop: of ID.stop_force */
  guint        position;    /* end stop: output (and state) index of ID.x */
  double       area;        /* end stop: the cap area, turning its force into a Δp */
  double       stroke;      /* end stop */
  double       cracking;    /* Pa */
  const MfExpr *opening;    /* area kind: a(t) */
  double       area_eps;    /* area kind: a_eps */
  MfValveState state;
  gboolean     fresh;       /* its mode just began: the start rule applies */
  gboolean     armed;       /* held: its reopening condition has been false since */
  double       burst_t;     /* when its latest run of switches began, and how many */
  guint        burst_count;
} MfValve;

struct _MfEvents
{
  MfModel  *model;
  double    rtol;
  GArray   *valves;          /* MfValve, document order */
  gboolean  active;          /* some valve switches by itself in this mode */
  double   *outputs;         /* mf_model_n_outputs() */
  GArray   *pressure_outputs; /* guint: the outputs in Pa */
  guint     n_velocities;
  double    velocity_scale, pressure_scale;
  double    v_eps, p_eps, margin;

  /* the step being checked */
  gsize     n_y;
  double    t0, h0;
  double   *y0, *y_lo, *y_hi, *y_mid;
  double   *d_start;         /* the distances where the step begins, as last checked */
  double   *d_lo, *d_hi, *d_mid;
};

static MfValve *
valve_at (const MfEvents *ev, guint i)
{
  return &g_array_index (ev->valves, MfValve, i);
}

static int
find_output (const MfModel *model, const char *name)
{
  for (guint o = 0; o < mf_model_n_outputs (model); o++)
    if (strcmp (mf_model_output_name (model, o), name) == 0)
      return (int) o;
  return -1;
}

static void
add_valve (MfEvents *ev, guint c, const MfComponent *component)
{
  g_autofree char *v_name = g_strdup_printf ("%s.v", component->id);
  g_autofree char *dp_name = g_strdup_printf ("%s.dp", component->id);
  MfValve valve = { 0 };
  int velocity = mf_model_find_state (ev->model, v_name);
  int dp = find_output (ev->model, dp_name);

  g_return_if_fail (velocity >= 0 && dp >= 0);
  valve.component = c;
  valve.velocity = (guint) velocity;
  valve.dp = (guint) dp;
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
  int force = find_output (ev->model, force_name);

  g_return_if_fail (velocity >= 0 && position >= 0 && force >= 0);
  stop.kind = MF_SWITCH_STOP;
  stop.component = c;
  stop.velocity = (guint) velocity;
  stop.position = (guint) position;
  stop.dp = (guint) force;
  stop.area = component->params[MF_PISTON_CAP_AREA].value;
  stop.stroke = component->params[MF_PISTON_STROKE].value;
  stop.state = MF_VALVE_OPEN;
  g_array_append_val (ev->valves, stop);
}

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
  if (b->kind != MF_BRANCH_ORIFICE || b->opening == NULL)
    return;
  orifice.kind = MF_SWITCH_AREA;
  orifice.component = c;
  orifice.velocity = (guint) velocity;
  orifice.opening = b->opening;
  orifice.area_eps = MF_THRESHOLD * b->area;
  orifice.state = MF_VALVE_OPEN;
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
  guint n_valves;

  ev->model = model;
  ev->rtol = rtol;
  ev->valves = g_array_new (FALSE, FALSE, sizeof (MfValve));
  for (guint c = 0; c < circuit->components->len; c++)
    {
      const MfComponent *component = g_ptr_array_index (circuit->components, c);

      if (component->info->type == MF_COMPONENT_CHECK_VALVE
          || component->info->type == MF_COMPONENT_RELIEF_VALVE)
        add_valve (ev, c, component);
      else if (component->info->type == MF_COMPONENT_PISTON
               && isfinite (component->params[MF_PISTON_STROKE].value))
        add_stop (ev, c, component);
      /* A check valve keeps its own conditions only: closing it by its
       * area as well would need both at once. */
      else if (component->info->type == MF_COMPONENT_ORIFICE
               || component->info->type == MF_COMPONENT_VALVE)
        add_area (ev, c, component);
    }
  ev->pressure_outputs = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint o = 0; o < mf_model_n_outputs (model); o++)
    if (strcmp (mf_model_output_unit (model, o), "Pa") == 0)
      g_array_append_val (ev->pressure_outputs, o);
  ev->n_velocities = mf_model_n_velocities (model);
  ev->outputs = g_new0 (double, MAX (mf_model_n_outputs (model), 1));
  ev->y0 = g_new0 (double, n_states);
  ev->y_lo = g_new0 (double, n_states);
  ev->y_hi = g_new0 (double, n_states);
  ev->y_mid = g_new0 (double, n_states);
  n_valves = MAX (ev->valves->len, 1);
  ev->d_start = g_new0 (double, n_valves);
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
  g_array_unref (ev->pressure_outputs);
  g_free (ev->outputs);
  g_free (ev->y0);
  g_free (ev->y_lo);
  g_free (ev->y_hi);
  g_free (ev->y_mid);
  g_free (ev->d_start);
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
  return valve_at (ev, valve)->component;
}

MfValveState
mf_events_state (const MfEvents *ev, guint valve)
{
  return valve_at (ev, valve)->state;
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
  return valve_at (ev, valve)->kind;
}

const char *
mf_events_state_name (const MfEvents *ev, guint valve, MfValveState state)
{
  if (valve_at (ev, valve)->kind == MF_SWITCH_STOP)
    return state == MF_VALVE_OPEN ? "free" : "at stop";
  return mf_valve_state_name (state);
}

void
mf_events_snap (const MfEvents *ev, guint valve, double *u)
{
  const MfValve *stop = valve_at (ev, valve);

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
      MfValve *valve = valve_at (ev, i);

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

void
mf_events_set_state (MfEvents *ev, guint valve, MfValveState state)
{
  valve_at (ev, valve)->state = state;
}

void
mf_events_closed_set (const MfEvents *ev, const gboolean *mode_closed, gboolean *closed)
{
  const MfCircuit *circuit = mf_model_get_circuit (ev->model);

  memcpy (closed, mode_closed, circuit->components->len * sizeof (gboolean));
  for (guint i = 0; i < ev->valves->len; i++)
    {
      const MfValve *valve = valve_at (ev, i);

      if (valve->state == MF_VALVE_CLOSED || valve->state == MF_VALVE_HELD)
        closed[valve->component] = TRUE;
    }
}

MfValveState
mf_events_switch (MfEvents *ev, guint i, double t)
{
  MfValve *valve = valve_at (ev, i);

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

/* The pressure difference that opens the valve: ID.dp, or for an end stop
 * the pull it would have to exert, per unit cap area. */
static double
opening_dp (const MfValve *valve, const double *out)
{
  return valve->kind == MF_SWITCH_STOP ? -out[valve->dp] / valve->area : out[valve->dp];
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
held_distance (const MfEvents *ev, const MfValve *valve, const double *out)
{
  double dp = opening_dp (valve, out);

  return isfinite (dp) ? valve->cracking + ev->p_eps + ev->margin - dp : INFINITY;
}

/* An orifice closed by its area: the distance at t, which y does not move. */
static double
area_distance (const MfValve *valve, double t)
{
  double d = mf_expr_eval (valve->opening, t) - valve->area_eps;

  switch (valve->state)
    {
    case MF_VALVE_OPEN:
      return d;
    case MF_VALVE_CLOSED:
      return -d;
    default:
      return INFINITY;
    }
}

/* >= 0 while the valve keeps its state, < 0 once its condition holds. */
static double
valve_distance (const MfEvents *ev, const MfValve *valve, double t, const double *out)
{
  double dp;

  if (valve->kind == MF_SWITCH_AREA)
    return area_distance (valve, t);
  dp = opening_dp (valve, out);
  switch (valve->state)
    {
    case MF_VALVE_OPEN:
      return open_distance (ev, valve, out);
    case MF_VALVE_CLOSED:
      return isfinite (dp) ? valve->cracking + ev->p_eps - dp : INFINITY;
    case MF_VALVE_HELD:
      return valve->armed ? held_distance (ev, valve, out) : INFINITY;
    case MF_VALVE_FORCED:
    default:
      return INFINITY;
    }
}

/* The distances at (t, y) into d; TRUE when some condition holds.  The
 * areas are not looked at: mf_events_area_due() keeps steps short of
 * their crossings. */
static gboolean
evaluate (MfEvents *ev, MfSystem *system, double t, const double *y, double *d)
{
  gboolean any = FALSE;

  mf_system_outputs (system, t, y, ev->outputs);
  for (guint i = 0; i < ev->valves->len; i++)
    {
      const MfValve *valve = valve_at (ev, i);

      d[i] = valve->kind == MF_SWITCH_AREA ? INFINITY
                                           : valve_distance (ev, valve, t, ev->outputs);
      if (d[i] < 0)
        any = TRUE;
    }
  return any;
}

/* Takes in the outputs last evaluated: the scales, and which held valves
 * have seen their reopening condition false. */
static void
observe (MfEvents *ev)
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
      MfValve *valve = valve_at (ev, i);

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
  observe (ev);
  for (guint i = 0; i < ev->valves->len; i++)
    {
      MfValve *valve = valve_at (ev, i);

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
  observe (ev);
  for (guint i = 0; i < ev->valves->len; i++)
    {
      ev->d_start[i] = valve_distance (ev, valve_at (ev, i), t, ev->outputs);
      if (ev->d_start[i] < 0 && due < 0)
        due = (int) i;
    }
  return due;
}

/* ---- location ------------------------------------------------------------ */

/* Bisection on t: [t_lo, t_hi] with the condition false at t_lo, true at t_hi. */
static void
bracket_area (const MfValve *valve, double *t_lo, double *t_hi)
{
  double tol = MF_LOCATE_MIN * MAX (1.0, fabs (*t_hi));

  for (guint round = 0; *t_hi - *t_lo > tol && round < MF_LOCATE_MAX_ROUNDS; round++)
    {
      double t_mid = *t_lo + 0.5 * (*t_hi - *t_lo);

      if (area_distance (valve, t_mid) < 0)
        *t_hi = t_mid;
      else
        *t_lo = t_mid;
    }
}

int
mf_events_area_due (MfEvents *ev, double t, double t_to, double *t_before, double *t_after)
{
  int due = -1;

  for (guint i = 0; ev->active && i < ev->valves->len; i++)
    {
      const MfValve *valve = valve_at (ev, i);
      double t_lo = t, t_hi = t_to;

      if (valve->kind != MF_SWITCH_AREA || !(area_distance (valve, t_to) < 0))
        continue;
      bracket_area (valve, &t_lo, &t_hi);
      if (due < 0 || t_hi < *t_after)
        {
          due = (int) i;
          *t_before = t_lo;
          *t_after = t_hi;
        }
    }
  return due;
}

void
mf_events_step_begins (MfEvents *ev, MfIntegrator *integrator, double t, const double *y)
{
  if (!ev->active)
    return;
  ev->n_y = mf_system_dimension (mf_integrator_get_system (integrator));
  ev->t0 = t;
  ev->h0 = mf_integrator_next_step (integrator);
  memcpy (ev->y0, y, ev->n_y * sizeof (double));
}

/* y_to = the state at t_to, integrated from (t_from, y_from). */
static gboolean
integrate (MfEvents     *ev,
           MfIntegrator *integrator,
           double        t_from,
           const double *y_from,
           double        t_to,
           double       *y_to,
           GError      **error)
{
  double t = t_from;

  memcpy (y_to, y_from, ev->n_y * sizeof (double));
  mf_integrator_rewind (integrator, MIN (ev->h0, t_to - t_from));
  while (t < t_to)
    if (!mf_integrator_step (integrator, &t, t_to, y_to, error))
      return FALSE;
  return TRUE;
}

/* Where valve i's distance crosses zero in [t_lo, t_hi] by the secant of
 * its (Illinois-scaled) end values; NaN when its value at t_lo is unknown. */
static double
crossing (const MfEvents *ev, guint i, double t_lo, double t_hi, double s_lo, double s_hi)
{
  double a = s_lo * ev->d_lo[i], b = s_hi * ev->d_hi[i];

  if (!(isfinite (a) && a >= 0 && b < 0))
    return NAN;
  return t_lo + (t_hi - t_lo) * a / (a - b);
}

/* The valve whose condition came to hold first in [t_lo, t_hi]. */
static int
earliest (const MfEvents *ev, double t_lo, double t_hi)
{
  double best_t = INFINITY;
  int best = -1;

  for (guint i = 0; i < ev->valves->len; i++)
    if (ev->d_hi[i] < 0)
      {
        double t = crossing (ev, i, t_lo, t_hi, 1.0, 1.0);

        if (isnan (t))
          t = t_lo;
        if (t < best_t)
          {
            best_t = t;
            best = (int) i;
          }
      }
  return best;
}

/* The next trial time: the earliest secant crossing, or the midpoint when
 * asked to bisect or when no secant applies; kept tol / 2 inside the
 * bracket, so that once near the root the next trial lands on its other
 * side and the bracket collapses. */
static double
trial_time (const MfEvents *ev,
            double          t_lo,
            double          t_hi,
            double          s_lo,
            double          s_hi,
            double          tol,
            gboolean        bisect)
{
  double t = INFINITY;

  for (guint i = 0; i < ev->valves->len && !bisect; i++)
    {
      double t_i = ev->d_hi[i] < 0 ? crossing (ev, i, t_lo, t_hi, s_lo, s_hi) : NAN;

      if (!isnan (t_i))
        t = MIN (t, t_i);
    }
  if (bisect || !isfinite (t))
    t = t_lo + 0.5 * (t_hi - t_lo);
  return CLAMP (t, t_lo + 0.5 * tol, t_hi - 0.5 * tol);
}

static void
swap (double **a, double **b)
{
  double *c = *a;

  *a = *b;
  *b = c;
}

/* The bracket [t_lo, t_hi] with the states y_lo, y_hi and distances d_lo,
 * d_hi narrowed until it is shorter than tol. */
static gboolean
narrow (MfEvents *ev, MfIntegrator *integrator, double *t_lo, double *t_hi, double tol,
        GError **error)
{
  MfSystem *system = mf_integrator_get_system (integrator);
  double s_lo = 1.0, s_hi = 1.0, widths[2] = { INFINITY, INFINITY };
  int last_moved = 0; /* -1: the left end moved last round, +1: the right */

  for (guint round = 0; *t_hi - *t_lo > tol && round < MF_LOCATE_MAX_ROUNDS; round++)
    {
      gboolean bisect = *t_hi - *t_lo > 0.5 * widths[0];
      double t_mid = trial_time (ev, *t_lo, *t_hi, s_lo, s_hi, tol, bisect);

      widths[0] = widths[1];
      widths[1] = *t_hi - *t_lo;
      if (!integrate (ev, integrator, *t_lo, ev->y_lo, t_mid, ev->y_mid, error))
        return FALSE;
      if (evaluate (ev, system, t_mid, ev->y_mid, ev->d_mid))
        {
          *t_hi = t_mid;
          swap (&ev->y_hi, &ev->y_mid);
          swap (&ev->d_hi, &ev->d_mid);
          s_hi = 1.0;
          /* Illinois: the end that stays twice counts half */
          s_lo = last_moved == +1 ? 0.5 * s_lo : 1.0;
          last_moved = +1;
        }
      else
        {
          *t_lo = t_mid;
          swap (&ev->y_lo, &ev->y_mid);
          swap (&ev->d_lo, &ev->d_mid);
          s_lo = 1.0;
          s_hi = last_moved == -1 ? 0.5 * s_hi : 1.0;
          last_moved = -1;
        }
    }
  return TRUE;
}

/* The distances where the step began are the ones last checked there, not
 * evaluated again: an algebraic valve velocity at zero flow is only known
 * to Newton's tolerance, and a second solve must not move a condition that
 * did not hold into one that does. */
static gboolean
locate (MfEvents *ev, MfIntegrator *integrator, double *t, double *y, int *valve, GError **error)
{
  gsize bytes = ev->n_y * sizeof (double);
  double t_lo = ev->t0, t_hi = *t;
  double tol = MAX (MF_LOCATE_MIN * MAX (1.0, fabs (t_hi)),
                    MF_LOCATE_FRACTION * ev->rtol * (t_hi - t_lo));

  memcpy (ev->y_lo, ev->y0, bytes);
  memcpy (ev->y_hi, y, bytes);
  memcpy (ev->d_lo, ev->d_start, ev->valves->len * sizeof (double));
  if (!narrow (ev, integrator, &t_lo, &t_hi, tol, error))
    return FALSE;
  *valve = earliest (ev, t_lo, t_hi);
  *t = t_hi;
  memcpy (y, ev->y_hi, bytes);
  return TRUE;
}

gboolean
mf_events_step_ends (MfEvents     *ev,
                     MfIntegrator *integrator,
                     double       *t,
                     double       *y,
                     int          *valve,
                     GError      **error)
{
  *valve = -1;
  if (!ev->active)
    return TRUE;
  if (!evaluate (ev, mf_integrator_get_system (integrator), *t, y, ev->d_hi))
    {
      observe (ev);
      swap (&ev->d_start, &ev->d_hi);
      return TRUE;
    }
  return locate (ev, integrator, t, y, valve, error);
}

guint
mf_events_open_closed_valves (MfEvents *ev, guint *opened)
{
  guint n = 0;

  for (guint i = 0; i < ev->valves->len; i++)
    {
      MfValve *valve = valve_at (ev, i);

      if (valve->kind == MF_SWITCH_VALVE && valve->state == MF_VALVE_CLOSED)
        {
          valve->state = MF_VALVE_OPEN;
          opened[n++] = i;
        }
    }
  return n;
}
