/* mf-events-pressures.c
 *
 * Pressures the constraints leave open.
 *
 * A node whose every branch is a closed valve (two check valves in series,
 * both shut) has no pressure of its own: its row of W depends on the rows
 * of the closed valves, so its multiplier, and ID.dp of the valves around
 * it, are undetermined (NaN).  What is known is that each closed check or
 * relief valve from u to v holds p_u − p_v no higher than its cracking
 * pressure c — else it would be open.  Those inequalities bound the open
 * pressures: p_v >= p_u − c gives a floor, p_u <= p_v + c a ceiling, and
 * carried through chains of such nodes (longest paths by relaxation, the
 * cracking pressures being >= 0) they give every open node the interval
 * [low, high] it may lie in.  A closed valve then opens when the largest
 * difference that interval allows across it,
 *
 *   Δp = low(a) − high(b)   (a known pressure being its own bounds),
 *
 * exceeds its cracking pressure: for CV1 into J and CV2 out of it,
 * Δp(CV1) = p_a − (p_b + c2), so the pair opens when p_a − p_b > c1 + c2,
 * both distances crossing zero together.  The valves along the chain that
 * sets the bound open together (mf_events_chain()): opening one alone would
 * give J the pressure of the side it opened to, which the other valves
 * around J never let it reach — with CV3 (1 bar) from J to a tank at 1 bar
 * next to CV2 (3 bar) to a tank at 0, J cannot rise above 2 bar, so CV1
 * and CV3 open when p_a reaches 4 bar and CV2 stays shut.  A node that no
 * closed valve leads into stays unbounded below, one that none leads out of
 * unbounded above, and valves that cannot open (listed by the mode, shut by
 * their area, held by the chattering guard until armed) bound nothing.
 *
 * A pump with nowhere to go.  When a switch closes the last way out of the
 * junctions a flow source pumps into (a piston reaching its end stop while
 * the relief valve is still shut), the incompressible pocket's pressure
 * rises without bound until the first valve out of it cracks: the closed
 * check or relief valve from the pocket whose opening pressure, its
 * cracking pressure above the pressure (or ceiling) of its far side, is
 * lowest.  Only that one opens; once the pump's flow goes through it, the
 * pocket has a pressure again, and any other valve opens by its own
 * condition if that pressure exceeds what it needs.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-events-private.h"

#include <math.h>

void
mf_events_find_node_outputs (MfEvents *ev)
{
  const MfModel *model = ev->model;

  for (guint n = 0; n < mf_model_n_nodes (model); n++)
    {
      g_autofree char *name = g_strdup_printf ("%s.p", mf_model_node_name (model, n));

      ev->node_output[n] = mf_model_node_kind (model, n) == MF_NODE_MECHANICAL
                             ? -1
                             : mf_model_find_output (model, name);
    }
}

static double
node_pressure (const MfEvents *ev, guint node, const double *out)
{
  if (node == MF_NONE || ev->node_output[node] < 0)
    return NAN;
  return out[ev->node_output[node]];
}

/* The cracking pressure a closed valve holds at most, or INFINITY when it
 * cannot open now. */
static double
holding_limit (const MfEvents *ev, const MfValve *valve)
{
  if (valve->kind != MF_SWITCH_VALVE
      || (valve->partner >= 0
          && mf_events_valve (ev, (guint) valve->partner)->state == MF_VALVE_CLOSED))
    return INFINITY;
  if (valve->state == MF_VALVE_CLOSED)
    return valve->cracking;
  if (valve->state == MF_VALVE_HELD && valve->armed)
    return valve->cracking + ev->margin;
  return INFINITY;
}

/* low and high for every valve's node, from `out`. */
static void
bound (MfEvents *ev, const double *out)
{
  gboolean changed = TRUE;

  for (guint i = 0; i < ev->valves->len; i++)
    for (guint end = 0; end < 2; end++)
      {
        guint n = mf_events_valve (ev, i)->node[end];
        double p;

        if (n == MF_NONE)
          continue;
        p = node_pressure (ev, n, out);
        ev->low[n] = isnan (p) ? -INFINITY : p;
        ev->high[n] = isnan (p) ? INFINITY : p;
        ev->low_by[n] = ev->high_by[n] = -1;
      }
  /* longest paths: at most one round per valve, plus one to see no change */
  for (guint round = 0; changed && round <= ev->valves->len; round++)
    {
      changed = FALSE;
      for (guint i = 0; i < ev->valves->len; i++)
        {
          const MfValve *valve = mf_events_valve (ev, i);
          double c = holding_limit (ev, valve);
          guint a = valve->node[0], b = valve->node[1];

          if (!isfinite (c) || a == MF_NONE || b == MF_NONE)
            continue;
          if (isnan (node_pressure (ev, b, out)) && ev->low[a] - c > ev->low[b])
            {
              ev->low[b] = ev->low[a] - c;
              ev->low_by[b] = (int) i;
              changed = TRUE;
            }
          if (isnan (node_pressure (ev, a, out)) && ev->high[b] + c < ev->high[a])
            {
              ev->high[a] = ev->high[b] + c;
              ev->high_by[a] = (int) i;
              changed = TRUE;
            }
        }
    }
  ev->bounded = TRUE;
}

double
mf_events_chain_dp (MfEvents *ev, const MfValve *valve, const double *out)
{
  double dp;

  if (valve->node[0] == MF_NONE || valve->node[1] == MF_NONE)
    return NAN;
  if (!ev->bounded || out != ev->outputs)
    bound (ev, out);
  dp = ev->low[valve->node[0]] - ev->high[valve->node[1]];
  return isfinite (dp) ? dp : NAN;
}

/* Follows the valves that set the bounds from `node` (`low`: into it,
 * else out of it) to a node whose pressure is known. */
static void
trace (const MfEvents *ev, guint node, gboolean low, guint skip, GArray *chain)
{
  for (guint steps = 0; node != MF_NONE && steps < ev->valves->len; steps++)
    {
      int by = low ? ev->low_by[node] : ev->high_by[node];
      const MfValve *valve;

      if (by < 0)
        return;
      valve = mf_events_valve (ev, (guint) by);
      if ((guint) by != skip)
        g_array_append_val (chain, by);
      node = valve->node[low ? 0 : 1];
    }
}

void
mf_events_chain (MfEvents     *ev,
                 MfSystem     *system,
                 double        t,
                 const double *y,
                 guint         valve,
                 GArray       *chain)
{
  const MfValve *v = mf_events_valve (ev, valve);

  if (v->kind != MF_SWITCH_VALVE || v->node[0] == MF_NONE || v->node[1] == MF_NONE)
    return;
  mf_system_outputs (system, t, y, ev->outputs);
  if (!isnan (ev->outputs[v->dp]))
    return;
  bound (ev, ev->outputs);
  trace (ev, v->node[0], TRUE, valve, chain);
  trace (ev, v->node[1], FALSE, valve, chain);
}

/* ---- a pump with nowhere to go ---------------------------------------------- */

static guint
find_set (guint *sets, guint n)
{
  while (sets[n] != n)
    n = sets[n] = sets[sets[n]];
  return n;
}

/* Nodes joined by branches that `closed` leaves open fall into one set.  A
 * piston that moves passes the volume at its cap on to its rod side. */
static void
join_open_branches (MfEvents *ev, const gboolean *closed)
{
  const MfModel *model = ev->model;

  for (guint n = 0; n < mf_model_n_nodes (model); n++)
    ev->sets[n] = n;
  for (guint k = 0; k < model->branches->len; k++)
    {
      const MfBranch *b = mf_model_branch (model, k);

      if (b->node[0] == MF_NONE || b->node[1] == MF_NONE
          || (closed[b->component] && mf_model_branch_can_close (model, k)))
        continue;
      ev->sets[find_set (ev->sets, b->node[0])] = find_set (ev->sets, b->node[1]);
    }
}

/* Whether the set of node n is a pocket a flow source pumps into: it has
 * a source's end and no tank or volume to take the flow. */
static gboolean
is_pocket (MfEvents *ev, guint n)
{
  const MfModel *model = ev->model;
  guint set = find_set (ev->sets, n);
  gboolean pumped = FALSE;

  for (guint m = 0; m < mf_model_n_nodes (model); m++)
    if (find_set (ev->sets, m) == set && mf_model_node_kind (model, m) != MF_NODE_JUNCTION)
      return FALSE;
  for (guint s = 0; s < model->sources->len && !pumped; s++)
    {
      const MfElement *e = &g_array_index (model->sources, MfElement, s);

      for (guint end = 0; end < 2; end++)
        if (e->node[end] != MF_NONE && find_set (ev->sets, e->node[end]) == set)
          pumped = TRUE;
    }
  return pumped;
}

int
mf_events_pump_relief (MfEvents       *ev,
                       const gboolean *closed,
                       MfSystem       *system,
                       double          t,
                       const double   *y,
                       const gboolean *tried)
{
  double best = INFINITY;
  int chosen = -1;

  if (system != NULL)
    {
      mf_system_outputs (system, t, y, ev->outputs);
      ev->bounded = FALSE;
    }
  join_open_branches (ev, closed);
  for (guint i = 0; i < ev->valves->len; i++)
    {
      const MfValve *valve = mf_events_valve (ev, i);
      double far, opening;

      if (tried[i] || valve->kind != MF_SWITCH_VALVE || valve->state != MF_VALVE_CLOSED
          || !isfinite (holding_limit (ev, valve)) || !is_pocket (ev, valve->node[0])
          || find_set (ev->sets, valve->node[1]) == find_set (ev->sets, valve->node[0]))
        continue;
      far = NAN;
      if (system != NULL)
        {
          far = node_pressure (ev, valve->node[1], ev->outputs);
          if (isnan (far))
            {
              if (!ev->bounded)
                bound (ev, ev->outputs);
              far = ev->high[valve->node[1]];
            }
        }
      /* a valve whose far side is unknown comes after those that are known */
      opening = isfinite (far) ? valve->cracking + far : INFINITY;
      if (chosen < 0 || opening < best)
        {
          chosen = (int) i;
          best = opening;
        }
    }
  return chosen;
}
