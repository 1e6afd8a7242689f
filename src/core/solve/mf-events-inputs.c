/* mf-events-inputs.c
 *
 * What depends on t alone, and is therefore known before a step is taken.
 *
 * Areas.  An orifice, valve or check valve whose area a(t) is an expression
 * of time closes when the area falls to a_eps = 1e-9 × its port area and
 * reopens above it: open, d = a(t) − a_eps; closed, d = a_eps − a(t).  Its
 * law K = k / a² needs an infinite pressure drop at a = 0, and treats a
 * negative area as a positive one, so no step may evaluate the open law
 * beyond the crossing: the crossing is found on the input before the step.
 * The step is cut in MF_AREA_PIECES pieces; a piece whose end has crossed,
 * or inside which d turns from falling to rising (found by bisection on the
 * sign of the exact derivative, which also finds the kink of an abs() or a
 * min()) at a value below zero, holds the first crossing, bracketed by
 * bisection to 1e-12 max(1, t).  A dip that falls and rises again inside
 * one piece without its rate changing sign at a piece's end can still
 * hide; a smooth area does not do that within an eighth of a step.
 *
 * Inputs.  A tank's pressure, a flow source's flow, a force, an open
 * orifice's area and a flow control valve's setting are expressions the
 * document writes; sqrt(0.5 − t) or log(t) are not finite everywhere.  The
 * same pieces find the first time one of them is not, so the run ends there
 * with a message naming the component, rather than in an integrator that
 * sees its numbers go bad.  A flow control valve's setting must also stay
 * positive (its throttle's law divides by it), and is watched for that the
 * same way: it must stay above the least setting of mf-flow-control.h,
 * below which its throttle is all but shut and the law too steep to solve.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-events-private.h"

#include <glib/gi18n.h>
#include <math.h>

#define MF_AREA_PIECES 8

static void
add_input (MfEvents *ev, const MfExpr *expr, guint component, const char *what,
           const char *unit, double floor)
{
  MfInput input = { expr, component, what, unit, floor };

  /* one that names the run's quantities is no function of t alone: the
   * integrator's own check of its right-hand side catches it going bad */
  if (expr != NULL && !mf_expr_is_constant (expr) && mf_expr_n_names (expr) == 0)
    g_array_append_val (ev->inputs, input);
}

void
mf_events_collect_inputs (MfEvents *ev)
{
  const MfModel *model = ev->model;

  for (guint n = 0; n < model->nodes->len; n++)
    {
      const MfNode *node = mf_model_node (model, n);

      if (node->kind == MF_NODE_BOUNDARY)
        add_input (ev, node->pressure, node->component, N_("pressure"), "Pa", -INFINITY);
    }
  for (guint i = 0; i < model->sources->len; i++)
    {
      const MfElement *e = &g_array_index (model->sources, MfElement, i);

      add_input (ev, e->value, e->component, N_("flow"), "m^3/s", -INFINITY);
    }
  for (guint i = 0; i < model->forces->len; i++)
    {
      const MfElement *e = &g_array_index (model->forces, MfElement, i);

      add_input (ev, e->value, e->component, N_("force"), "N", -INFINITY);
    }
  for (guint k = 0; k < model->branches->len; k++)
    {
      const MfBranch *b = mf_model_branch (model, k);

      if (b->kind == MF_BRANCH_FLOW_CONTROL)
        add_input (ev, b->setting, b->component, N_("flow setting"), "m^3/s",
                   mf_flow_control_least_setting (&b->flow_control, b->area,
                                                  mf_model_get_circuit (model)->fluid.density));
    }
}

/* ---- areas --------------------------------------------------------------- */

static double
area_at (const MfValve *valve, double t, const double *u)
{
  return valve->opening != NULL ? mf_expr_eval_at (valve->opening, t, u) : valve->opening_value;
}

double
mf_events_area_distance (const MfValve *valve, double t, const double *u)
{
  double d = area_at (valve, t, u) - valve->area_eps;

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

static void
area_distance_rate (const MfValve *valve, double t, double *d, double *rate)
{
  double a, da;

  mf_expr_eval_with_derivative (valve->opening, t, &a, &da);
  *d = valve->state == MF_VALVE_OPEN ? a - valve->area_eps : valve->area_eps - a;
  *rate = valve->state == MF_VALVE_OPEN ? da : -da;
}

/* Bisection on t: [t_lo, t_hi] with the condition false at t_lo, true at
 * t_hi.  A crossing within the tolerance of `t` is at t: the driver then
 * switches at once instead of taking ever shorter steps toward it. */
static void
bracket_area (const MfValve *valve, double t, double *t_lo, double *t_hi)
{
  double tol = MF_LOCATE_MIN * MAX (1.0, fabs (*t_hi));

  for (guint round = 0; *t_hi - *t_lo > tol && round < MF_LOCATE_MAX_ROUNDS; round++)
    {
      double t_mid = *t_lo + 0.5 * (*t_hi - *t_lo);

      if (mf_events_area_distance (valve, t_mid, NULL) < 0)
        *t_hi = t_mid;
      else
        *t_lo = t_mid;
    }
  if (*t_hi - t <= tol)
    *t_lo = t;
}

/* Where d bottoms out in (t_lo, t_hi), its rate falling at t_lo and rising
 * at t_hi: bisection on the sign of the rate. */
static double
bottom (const MfValve *valve, double t_lo, double t_hi)
{
  double tol = MF_LOCATE_MIN * MAX (1.0, fabs (t_hi));

  for (guint round = 0; t_hi - t_lo > tol && round < MF_LOCATE_MAX_ROUNDS; round++)
    {
      double t_mid = t_lo + 0.5 * (t_hi - t_lo), d, rate;

      area_distance_rate (valve, t_mid, &d, &rate);
      if (rate < 0)
        t_lo = t_mid;
      else
        t_hi = t_mid;
    }
  if (mf_events_area_distance (valve, t_lo, NULL) < mf_events_area_distance (valve, t_hi, NULL))
    return t_lo;
  return t_hi;
}

/* The first crossing of the valve's area in (t, t_to], bracketed. */
static gboolean
area_crossing (const MfValve *valve, double t, double t_to, double *t_lo, double *t_hi)
{
  double s_prev = t, d, rate_prev, rate;

  area_distance_rate (valve, t, &d, &rate_prev);
  for (guint k = 1; k <= MF_AREA_PIECES; k++)
    {
      double s = k == MF_AREA_PIECES ? t_to : t + (t_to - t) * k / MF_AREA_PIECES;
      double m;

      area_distance_rate (valve, s, &d, &rate);
      *t_lo = s_prev;
      *t_hi = s;
      if (d < 0)
        {
          bracket_area (valve, t, t_lo, t_hi);
          return TRUE;
        }
      if (rate_prev < 0 && rate > 0
          && mf_events_area_distance (valve, m = bottom (valve, s_prev, s), NULL) < 0)
        {
          *t_hi = m;
          bracket_area (valve, t, t_lo, t_hi);
          return TRUE;
        }
      s_prev = s;
      rate_prev = rate;
    }
  return FALSE;
}

int
mf_events_area_due (MfEvents *ev, double t, double t_to, double *t_before, double *t_after)
{
  int due = -1;

  for (guint i = 0; ev->active && i < ev->valves->len; i++)
    {
      const MfValve *valve = mf_events_valve (ev, i);
      double t_lo, t_hi;

      if (valve->kind != MF_SWITCH_AREA || valve->opening == NULL
          || mf_events_area_follows_state (valve)
          || (valve->state != MF_VALVE_OPEN && valve->state != MF_VALVE_CLOSED)
          || !area_crossing (valve, t, t_to, &t_lo, &t_hi))
        continue;
      if (due < 0 || t_hi < *t_after)
        {
          due = (int) i;
          *t_before = t_lo;
          *t_after = t_hi;
        }
    }
  return due;
}

GArray *
mf_events_areas_crossed (MfEvents *ev, double t, guint due)
{
  GArray *crossed = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; ev->active && i < ev->valves->len; i++)
    {
      const MfValve *valve = mf_events_valve (ev, i);

      if (i != due && valve->kind == MF_SWITCH_AREA && valve->opening != NULL
          && !mf_events_area_follows_state (valve)
          && (valve->state == MF_VALVE_OPEN || valve->state == MF_VALVE_CLOSED)
          && mf_events_area_distance (valve, t, NULL) < 0)
        g_array_append_val (crossed, i);
    }
  return crossed;
}

/* ---- inputs that stop being finite, or fall to their floor ---------------- */

/* Whether `expr` is out of bounds at t: not finite, or not above `floor`. */
static gboolean
out_of_bounds (const MfExpr *expr, double floor, double t)
{
  double value = mf_expr_eval (expr, t);

  return !isfinite (value) || !(value > floor);
}

/* The first time in [t, t_to] where `expr` is out of bounds, bracketed to
 * [*t_lo, *t_hi] with it within them at *t_lo (unless already at t). */
static gboolean
first_out_of_bounds (const MfExpr *expr, double floor, double t, double t_to, double *t_lo,
                  double *t_hi)
{
  double s_prev = t;

  *t_lo = *t_hi = t;
  if (out_of_bounds (expr, floor, t))
    return TRUE;
  for (guint k = 1; k <= MF_AREA_PIECES; k++)
    {
      double s = k == MF_AREA_PIECES ? t_to : t + (t_to - t) * k / MF_AREA_PIECES;
      double tol = MF_LOCATE_MIN * MAX (1.0, fabs (s));

      if (!out_of_bounds (expr, floor, s))
        {
          s_prev = s;
          continue;
        }
      *t_lo = s_prev;
      *t_hi = s;
      for (guint round = 0; *t_hi - *t_lo > tol && round < MF_LOCATE_MAX_ROUNDS; round++)
        {
          double t_mid = *t_lo + 0.5 * (*t_hi - *t_lo);

          if (!out_of_bounds (expr, floor, t_mid))
            *t_lo = t_mid;
          else
            *t_hi = t_mid;
        }
      if (*t_hi - t <= tol)
        *t_lo = t;
      return TRUE;
    }
  return FALSE;
}

static void
note_out_of_bounds (MfEvents *ev, const MfExpr *expr, guint component, const char *what,
                 const char *unit, double floor, double t, double t_to, double *t_before,
                 double *t_bad, char **why)
{
  const MfComponent *c;
  g_autofree char *kind = NULL;
  double lo, hi, value;

  /* called at every step: nothing is looked up or allocated unless it fails */
  if (!first_out_of_bounds (expr, floor, t, t_to, &lo, &hi) || (*why != NULL && !(hi < *t_bad)))
    return;
  c = component_at (mf_model_get_circuit (ev->model), component);
  kind = mf_component_type_kind (c->info);
  *t_before = lo;
  *t_bad = hi;
  value = mf_expr_eval (expr, hi);
  g_free (*why);
  if (isfinite (value))
    {
      /* Translators: "flow control valve 'FC1': its flow setting has fallen to 2.66e-09 m^3/s
       * or below, where its throttle is all but shut: it must stay above that"; the first %s
       * is the component's type, the second its id, the third the input ("flow setting"),
       * then the least value and its unit */
      *why = g_strdup_printf (_("%s '%s': its %s has fallen to %.3g %s or below, where its "
                                "throttle is all but shut: it must stay above that"),
                              kind, c->id, _(what), floor, unit);
      return;
    }
  /* the sign of a NaN means nothing to a reader */
  /* Translators: "pressure source 'S1': its pressure is not finite (+inf Pa): …"; the
   * first %s is the component's type, the second its id, the third the input ("pressure",
   * "flow", "force", "area"), then the value's sign, "inf" or "nan", and its unit */
  *why = g_strdup_printf (_("%s '%s': its %s is not finite (%s%s %s): the expression cannot be "
                            "evaluated there"), kind, c->id, _(what),
                          isnan (value) ? "" : value > 0 ? "+" : "-", isnan (value) ? "nan" : "inf",
                          unit);
}

gboolean
mf_events_inputs_finite (MfEvents *ev,
                         double    t,
                         double    t_to,
                         double   *t_before,
                         double   *t_bad,
                         char    **why)
{
  *why = NULL;
  for (guint i = 0; i < ev->inputs->len; i++)
    {
      const MfInput *input = &g_array_index (ev->inputs, MfInput, i);

      note_out_of_bounds (ev, input->expr, input->component, input->what, input->unit,
                       input->floor, t, t_to, t_before, t_bad, why);
    }
  /* a closed orifice's law is not evaluated: its area may be anything */
  for (guint i = 0; i < ev->valves->len; i++)
    {
      const MfValve *valve = mf_events_valve (ev, i);

      if (valve->kind == MF_SWITCH_AREA && valve->opening != NULL
          && !mf_events_area_follows_state (valve)
          && valve->state == MF_VALVE_OPEN)
        note_out_of_bounds (ev, valve->opening, valve->component, N_("area"), "m^2", -INFINITY, t, t_to,
                         t_before, t_bad, why);
    }
  return *why == NULL;
}
