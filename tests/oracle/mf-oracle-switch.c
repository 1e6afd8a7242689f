/* mf-oracle-switch.c: what switches by itself in the oracle — check and
 * relief valves, pistons at their end stops, and orifices whose area
 * closes them — by the rules of docs/model.md ("Check valves", "Relief
 * valves", "End stops", "Orifices that close"), written again from that
 * text and nothing of the core's events code.
 *
 * Each switch has a distance to its condition, < 0 once it holds:
 *
 *   valve open          v + v_ε                  (its flow reverses)
 *   valve closed        c + p_ε − (p_a − p_b)    (c its cracking pressure or setting)
 *   piston free         min(x, stroke − x) + x_ε (it passes an end)
 *   piston at a stop    p_ε + f / A_cap          (the stop would have to pull)
 *   area open           a − a_ε                  (its area falls to a_ε)
 *   area closed         a_ε − a                  (it rises above a_ε)
 *
 * A check valve may have both switches, its own and its area's; each
 * keeps its state, and the valve is closed while either is.
 *
 * with v_ε = 1e-9 of the largest velocity met (at least 1 mm/s), p_ε =
 * 1e-9 of the largest pressure met (at least 1 Pa) and x_ε = 1e-9 of the
 * stroke.  Crossings between two states are found by bisection on the
 * solver's interpolant (mf-oracle-run.c), where the core integrates again.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-oracle-private.h"

#include <math.h>

#include "mf-error.h"

#define THRESHOLD 1e-9

static const OrBranch *
branch_at (const MfOracle *o, guint k)
{
  return &g_array_index (o->branches, OrBranch, k);
}

gboolean
or_has_switches (const MfOracle *o)
{
  for (guint k = 0; k < o->n_v; k++)
    if (branch_at (o, k)->automatic || branch_at (o, k)->area_switch)
      return TRUE;
  return FALSE;
}

/* The largest velocity and pressure met, which scale the thresholds. */
void
or_observe (MfOracle *o, double t, const double *y)
{
  for (guint k = 0; k < o->n_v; k++)
    {
      const OrBranch *b = branch_at (o, k);

      o->v_seen = MAX (o->v_seen, fabs (y[k]));
      o->p_seen = MAX (o->p_seen, b->cracking);
      if (b->row >= 0 && b->kind != OR_BRANCH_PISTON)
        o->p_seen = MAX (o->p_seen, fabs (or_node_pressure (o, b->node[0], t, y)
                                          - or_node_pressure (o, b->node[1], t, y)));
    }
  for (guint n = 0; n < o->nodes->len; n++)
    if (g_array_index (o->nodes, OrNode, n).kind != OR_NODE_MECHANICAL)
      o->p_seen = MAX (o->p_seen, fabs (or_node_pressure (o, (int) n, t, y)));
}

static double
v_eps (const MfOracle *o)
{
  return THRESHOLD * MAX (o->v_seen, 1e-3);
}

static double
p_eps (const MfOracle *o)
{
  return THRESHOLD * MAX (o->p_seen, 1.0);
}

static double
distance (const MfOracle *o, guint k, double t, const double *y)
{
  const OrBranch *b = branch_at (o, k);

  if (!b->automatic || o->mode_closed[k])
    return INFINITY;
  if (b->kind == OR_BRANCH_PISTON)
    {
      double x = y[o->n_v + (guint) b->position];

      if (!o->shut[k])
        return MIN (x, b->stroke - x) + THRESHOLD * b->stroke;
      return p_eps (o) + or_stop_force (o, k, y) / b->area[0];
    }
  if (!o->shut[k])
    return y[k] + v_eps (o);
  return b->cracking + p_eps (o)
         - (or_node_pressure (o, b->node[0], t, y) - or_node_pressure (o, b->node[1], t, y));
}

static double
area_distance (const MfOracle *o, guint k, double t, const double *y)
{
  const OrBranch *b = branch_at (o, k);
  double da_ds, a;

  if (!b->area_switch || o->mode_closed[k])
    return INFINITY;
  a = or_orifice_area (b, t, y, &da_ds);
  return o->area_shut[k] ? b->area_eps - a : a - b->area_eps;
}

double
or_switch_distances (MfOracle *o, double t, const double *y, double *d)
{
  double least = INFINITY;

  for (guint k = 0; k < o->n_v; k++)
    {
      d[k] = MIN (distance (o, k, t, y), area_distance (o, k, t, y));
      least = MIN (least, d[k]);
    }
  return least;
}

/* Closes or opens switch k; a piston that reaches a stop is put at its
 * end exactly.  The velocities move to the nearest (in kinetic energy)
 * that the new constraints allow, as at any change of the constraints. */
static gboolean
toggle (MfOracle *o, guint k, gboolean by_area, double t, double *y, GError **error)
{
  const OrBranch *b = branch_at (o, k);

  if (by_area)
    {
      o->area_shut[k] = !o->area_shut[k];
      or_build_w (o);
      return or_project (o, t, y, error);
    }
  o->shut[k] = !o->shut[k];
  if (b->kind == OR_BRANCH_PISTON && o->shut[k])
    {
      double *x = &y[o->n_v + (guint) b->position];

      *x = *x < 0.5 * b->stroke ? 0.0 : b->stroke;
    }
  or_build_w (o);
  return or_project (o, t, y, error);
}

void
or_switch_areas (MfOracle *o, double t, const double *y)
{
  for (guint k = 0; k < o->n_v; k++)
    if (area_distance (o, k, t, y) < 0.0)
      o->area_shut[k] = !o->area_shut[k];
  or_build_w (o);
}

gboolean
or_start_switches (MfOracle *o, double t, double *y, double *yp, GError **error)
{
  gboolean any = FALSE;

  or_observe (o, t, y);
  for (guint k = 0; k < o->n_v; k++)
    {
      const OrBranch *b = branch_at (o, k);

      if (b->automatic && b->kind != OR_BRANCH_PISTON && !o->mode_closed[k] && !o->shut[k]
          && b->cracking > 0.0 && fabs (y[k]) <= v_eps (o))
        {
          o->shut[k] = TRUE;
          any = TRUE;
        }
    }
  if (!any)
    return TRUE;
  or_build_w (o);
  return or_project (o, t, y, error) && or_consistent (o, t, y, yp, error);
}

gboolean
or_settle (MfOracle *o, double t, double *y, double *yp, GError **error)
{
  guint limit = 4;

  for (guint k = 0; k < o->n_v; k++)
    limit += branch_at (o, k)->automatic || branch_at (o, k)->area_switch ? 4 : 0;
  for (guint n = 0;; n++)
    {
      int due = -1;
      gboolean by_area = FALSE;

      if (!or_consistent (o, t, y, yp, error))
        return FALSE;
      or_observe (o, t, y);
      for (guint k = 0; k < o->n_v && due < 0; k++)
        if (area_distance (o, k, t, y) < 0.0)
          {
            due = (int) k;
            by_area = TRUE;
          }
        else if (distance (o, k, t, y) < 0.0)
          due = (int) k;
      if (due < 0)
        return TRUE;
      if (n >= limit)
        {
          g_set_error (error, MF_ERROR, MF_ERROR_SOLVER,
                       "oracle: at t = %.17g s the switches keep switching (%s last)", t,
                       branch_at (o, (guint) due)->id);
          return FALSE;
        }
      if (g_getenv ("MANIFOLD_ORACLE_TRACE") != NULL)
        g_printerr ("oracle: t = %.12g: %s %s%s (distance %g)\n", t,
                    branch_at (o, (guint) due)->id,
                    (by_area ? o->area_shut[due] : o->shut[due]) ? "opens" : "closes",
                    by_area ? " by its area" : "",
                    by_area ? area_distance (o, (guint) due, t, y) : distance (o, (guint) due, t, y));
      if (!toggle (o, (guint) due, by_area, t, y, error))
        return FALSE;
    }
}
