/* mf-oracle-equations.c: the full DAE of docs/model.md, written out by the
 * oracle:
 *
 *   m_k v_k' = law_k(v_k) + (pressure areas · known pressures)_k
 *              + mechanical forces_k + (Wᵀλ)_k        every branch
 *   x' = v                                            positions
 *   C p' = q_s − (W_n v)                              compliant nodes
 *   W v = q_s, v_m = v_c, v_m = 0, v_valve = 0 or λ = 0  rows
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-oracle-private.h"

#include <math.h>
#include <string.h>

#include "mf-friction.h"

static const OrBranch *
branch_at (const MfOracle *o, guint k)
{
  return &g_array_index (o->branches, OrBranch, k);
}

static const OrNode *
node_at (const MfOracle *o, int n)
{
  return &g_array_index (o->nodes, OrNode, n);
}

static double
param_now (const MfParam *p, double t)
{
  return p->expr != NULL ? mf_expr_eval (p->expr, t) : p->value;
}

static void
param_now_rate (const MfParam *p, double t, double *value, double *rate)
{
  if (p->expr != NULL)
    mf_expr_eval_with_derivative (p->expr, t, value, rate);
  else
    {
      *value = p->value;
      *rate = 0.0;
    }
}

double
or_known_pressure (const MfOracle *o, int node, double t, const double *y)
{
  const OrNode *n = node_at (o, node);

  if (n->kind == OR_NODE_TANK)
    return or_value (n->pressure, t, y);
  if (n->kind == OR_NODE_VOLUME)
    return y[o->n_v + o->n_x + n->index];
  return 0.0;
}

double
or_node_capacitance (const MfOracle *o, int node, const double *y)
{
  double c = node_at (o, node)->capacitance;

  for (guint k = 0; k < o->n_v; k++)
    {
      const OrBranch *b = branch_at (o, k);
      double x;

      if (b->kind != OR_BRANCH_PISTON || b->position < 0)
        continue;
      x = y[o->n_v + b->position];
      if (b->node[0] == node && isfinite (b->dead[0]))
        c += (b->dead[0] + b->area[0] * x) / o->circuit->fluid.bulk_modulus;
      if (b->node[1] == node && isfinite (b->dead[1]))
        c += (b->dead[1] + b->area[1] * (b->stroke - x)) / o->circuit->fluid.bulk_modulus;
    }
  return c;
}

/* The branch that carries a mechanical node's forces and whose state is
 * its position and velocity; -1 for a fixed node. */
static int
carrier (const MfOracle *o, int node)
{
  const OrNode *n = node_at (o, node);

  return n->fixed ? -1 : n->carrier;
}

double
or_node_position (const MfOracle *o, int node, const double *y)
{
  int c = carrier (o, node);

  return c < 0 ? 0.0 : y[o->n_v + branch_at (o, (guint) c)->position];
}

static double
node_velocity (const MfOracle *o, int node, const double *y)
{
  int c = carrier (o, node);

  return c < 0 ? 0.0 : y[c];
}

void
or_element_flow (const OrElement *e, double t, double *flow, double *rate)
{
  const MfParam *p = e->component->params;
  double speed, speed_rate, fraction = 1.0, fraction_rate = 0.0, scale;

  if (e->type == MF_COMPONENT_FLOW_SOURCE)
    {
      param_now_rate (&p[MF_FLOW_SOURCE_FLOW], t, flow, rate);
      return;
    }
  /* a pump: D per radian times the speed in rad/s, of which η_v is delivered */
  param_now_rate (&p[MF_PUMP_SPEED], t, &speed, &speed_rate);
  if (e->type == MF_COMPONENT_VARIABLE_PUMP)
    param_now_rate (&p[MF_PUMP_FRACTION], t, &fraction, &fraction_rate);
  scale = p[MF_PUMP_VOLUMETRIC_EFFICIENCY].value * p[MF_PUMP_DISPLACEMENT].value;
  *flow = scale * speed * fraction;
  *rate = scale * (speed_rate * fraction + speed * fraction_rate);
}

static gboolean
is_source (MfComponentType type)
{
  return type == MF_COMPONENT_FLOW_SOURCE || type == MF_COMPONENT_PUMP
         || type == MF_COMPONENT_VARIABLE_PUMP;
}

void
or_source_flows (const MfOracle *o, double t, double *q, double *dq)
{
  memset (q, 0, o->nodes->len * sizeof (double));
  if (dq != NULL)
    memset (dq, 0, o->nodes->len * sizeof (double));
  for (guint i = 0; i < o->elements->len; i++)
    {
      const OrElement *e = &g_array_index (o->elements, OrElement, i);
      double flow, rate;

      if (!is_source (e->type))
        continue;
      or_element_flow (e, t, &flow, &rate);
      /* from a to b: it takes from a and gives to b */
      q[e->node[0]] -= flow;
      q[e->node[1]] += flow;
      if (dq != NULL)
        {
          dq[e->node[0]] -= rate;
          dq[e->node[1]] += rate;
        }
    }
}

/* A branch's coefficient in the continuity of hydraulic node n. */
static double
node_coefficient (const OrBranch *b, int n)
{
  return (b->node[0] == n ? b->area[0] : 0.0) - (b->node[1] == n ? b->area[1] : 0.0);
}

double
or_node_pressure (const MfOracle *o, int node, double t, const double *y)
{
  const OrNode *n = node_at (o, node);

  if (n->kind == OR_NODE_JUNCTION)
    return y[o->n_v + o->n_x + o->n_p + n->index];
  return or_known_pressure (o, node, t, y);
}

/* The row's multiplier acts along the piston's velocity, which points out
 * of the stroke at its far end. */
double
or_stop_force (const MfOracle *o, guint k, const double *y)
{
  const OrBranch *b = branch_at (o, k);
  double lambda;

  if (b->row < 0 || !o->closed[k])
    return 0.0;
  lambda = y[o->n_v + o->n_x + o->n_p + (guint) b->row];
  return y[o->n_v + (guint) b->position] < 0.5 * b->stroke ? lambda : -lambda;
}

void
or_build_w (MfOracle *o)
{
  for (guint k = 0; k < o->n_v; k++)
    o->closed[k] = branch_at (o, k)->row >= 0
                   && (o->mode_closed[k] || o->shut[k] || o->area_shut[k]);
  memset (o->w, 0, o->n_rows * o->n_v * sizeof (double));
  for (guint r = 0; r < o->n_rows; r++)
    {
      const OrRow *row = &g_array_index (o->rows, OrRow, r);
      double *wr = o->w + r * o->n_v;

      switch (row->kind)
        {
        case OR_ROW_JUNCTION:
          for (guint k = 0; k < o->n_v; k++)
            wr[k] = node_coefficient (branch_at (o, k), row->node);
          break;
        case OR_ROW_LINK:
          wr[row->member] = 1.0;
          wr[node_at (o, row->node)->carrier] -= 1.0;
          break;
        case OR_ROW_FIXED:
          wr[row->member] = 1.0;
          break;
        case OR_ROW_SWITCH:
          wr[row->member] = o->closed[row->member] ? 1.0 : 0.0;
          break;
        }
    }
}

/* An accumulator's gas pressure at the fluid volume V_f = A·x it has let
 * in, p_0·(V_0/(V_0 − V_f))^n, and its slope in V_f; below V_f = 0 along
 * its tangent there, and once less than a thousandth of V_0 is left to
 * the gas along its tangent there (docs/model.md, "Accumulators"). */
static double
gas_pressure (const OrBranch *b, double vf, double *slope)
{
  double v0 = b->gas_v0, p0 = b->gas_p0, n = b->gas_n, least = 1e-3 * v0, p;

  if (vf < 0.0)
    {
      *slope = n * p0 / v0;
      return p0 + *slope * vf;
    }
  if (v0 - vf < least)
    {
      p = p0 * pow (v0 / least, n);
      *slope = n * p / least;
      return p + *slope * (vf - (v0 - least));
    }
  p = p0 * pow (v0 / (v0 - vf), n);
  *slope = n * p / (v0 - vf);
  return p;
}

/* A branch's own force and its slope in v.  An orifice's slope 2K|v|
 * vanishes at rest; the Jacobian takes it at least at v_floor (the
 * residual is exact). */
static double
branch_law (const MfOracle *o, const OrBranch *b, double t, const double *y, double v,
            double v_floor, double *slope)
{
  const MfFluid *fluid = &o->circuit->fluid;
  double force = 0.0, d = 0.0, k, dk_ds;

  switch (b->kind)
    {
    case OR_BRANCH_PIPE:
      force = -b->area[0] * mf_friction_pressure_drop (b->friction, fluid->density,
                                                       fluid->kinematic_viscosity, b->length,
                                                       b->diameter, b->roughness, v, &d);
      d *= -b->area[0];
      break;
    case OR_BRANCH_ORIFICE:
      k = or_orifice_resistance (b, t, y, &dk_ds);
      force = v == 0.0 ? 0.0 : -k * v * fabs (v);
      d = -2.0 * k * MAX (fabs (v), v_floor);
      break;
    case OR_BRANCH_RELIEF:
      force = -b->area[0] * mf_relief_pressure_drop (&b->relief, b->area[0] * v, &d);
      d *= -b->area[0] * b->area[0];
      break;
    case OR_BRANCH_FLOW_CONTROL:
      {
        /* the throttle's slope vanishes at rest as an orifice's: taken at
         * least at v_floor, in the direction of v */
        MfFlowControl law = b->flow_control;
        double q = b->area[0] * v, q_slope = copysign (b->area[0] * v_floor, v);

        law.flow = param_now (&b->component->params[MF_FLOW_CONTROL_FLOW], t);
        force = -b->area[0] * mf_flow_control_pressure_drop (&law, q, 0.0, &d);
        if (fabs (q) < fabs (q_slope))
          mf_flow_control_pressure_drop (&law, q_slope, 0.0, &d);
        d *= -b->area[0] * b->area[0];
      }
      break;
    case OR_BRANCH_PISTON:
      force = -b->damping * v;
      d = -b->damping;
      if (b->gas_v0 > 0.0)
        {
          double dp_dvf;

          force -= b->area[0] * gas_pressure (b, b->area[0] * y[o->n_v + b->position], &dp_dvf);
        }
      break;
    case OR_BRANCH_LEAK:
      /* A·Δp = (A²/k)·v: the flow A·v is k·Δp */
      d = -b->area[0] * b->area[0] / b->leakage;
      force = d * v;
      break;
    case OR_BRANCH_MASS:
      break;
    }
  if (slope != NULL)
    *slope = d;
  return force;
}

/* Spring and damper tensions, and forces, on the carriers' rows of r
 * (which holds −force, as the residual does). */
static void
mechanical_residual (const MfOracle *o, double t, const double *y, double *r)
{
  for (guint i = 0; i < o->elements->len; i++)
    {
      const OrElement *e = &g_array_index (o->elements, OrElement, i);
      const MfParam *p = e->component->params;
      double tension;
      int ca = carrier (o, e->node[0]), cb = e->node[1] >= 0 ? carrier (o, e->node[1]) : -1;

      switch (e->type)
        {
        case MF_COMPONENT_SPRING:
          tension = p[MF_SPRING_STIFFNESS].value
                      * (or_node_position (o, e->node[1], y) - or_node_position (o, e->node[0], y))
                    + p[MF_SPRING_PRELOAD].value;
          break;
        case MF_COMPONENT_DAMPER:
          tension = p[MF_DAMPER_DAMPING].value
                    * (node_velocity (o, e->node[1], y) - node_velocity (o, e->node[0], y));
          break;
        case MF_COMPONENT_FORCE:
          if (ca >= 0)
            r[ca] -= or_value (e->force, t, y);
          continue;
        default:
          continue;
        }
      /* the tension pulls a towards b and b towards a */
      if (ca >= 0)
        r[ca] -= tension;
      if (cb >= 0)
        r[cb] += tension;
    }
}

void
or_residual (const MfOracle *o, double t, const double *y, const double *yp, double *r)
{
  guint nv = o->n_v, ix = nv, ip = nv + o->n_x, il = ip + o->n_p;
  g_autofree double *qs = g_new (double, o->nodes->len);

  or_source_flows (o, t, qs, NULL);
  for (guint k = 0; k < nv; k++)
    {
      const OrBranch *b = branch_at (o, k);
      double f = branch_law (o, b, t, y, y[k], 0.0, NULL);

      for (guint e = 0; e < 2; e++)
        if (b->node[e] >= 0)
          f += (e == 0 ? 1.0 : -1.0) * b->area[e] * or_known_pressure (o, b->node[e], t, y);
      for (guint row = 0; row < o->n_rows; row++)
        f += o->w[row * nv + k] * y[il + row];
      r[k] = b->mass * yp[k] - f;
      if (b->position >= 0)
        r[ix + b->position] = yp[ix + b->position] - y[k];
    }
  mechanical_residual (o, t, y, r);
  for (guint n = 0; n < o->nodes->len; n++)
    {
      const OrNode *node = node_at (o, (int) n);
      double outflow = 0.0;

      if (node->kind != OR_NODE_VOLUME)
        continue;
      for (guint k = 0; k < nv; k++)
        outflow += node_coefficient (branch_at (o, k), (int) n) * y[k];
      r[ip + node->index] = or_node_capacitance (o, (int) n, y) * yp[ip + node->index]
                            - (qs[n] - outflow);
    }
  for (guint row = 0; row < o->n_rows; row++)
    {
      const OrRow *rw = &g_array_index (o->rows, OrRow, row);
      double s = 0.0;

      if (rw->kind == OR_ROW_SWITCH && !o->closed[rw->member])
        {
          r[il + row] = y[il + row];
          continue;
        }
      for (guint k = 0; k < nv; k++)
        s += o->w[row * nv + k] * y[k];
      r[il + row] = s - (rw->kind == OR_ROW_JUNCTION ? qs[rw->node] : 0.0);
    }
}

/* ∂(tension)/∂(state of b) = c, of a = −c, entered on the carriers' rows. */
static void
mechanical_pair (const MfOracle *o, double *jy, const OrElement *e, guint offset, double c)
{
  for (guint side = 0; side < 2; side++)
    for (guint wrt = 0; wrt < 2; wrt++)
      {
        int row = carrier (o, e->node[side]), col = carrier (o, e->node[wrt]);
        double sign = (side == 0 ? -1.0 : 1.0) * (wrt == 1 ? 1.0 : -1.0);
        guint j;

        if (row < 0 || col < 0)
          continue;
        j = offset == 0 ? (guint) col : offset + (guint) branch_at (o, (guint) col)->position;
        jy[row * o->n_y + j] += sign * c;
      }
}

/* Springs and dampers, and what forces that name the run's quantities
 * add: ∂(−f)/∂y on their carriers' rows. */
static void
mechanical_jacobian (const MfOracle *o, double t, const double *y, double *jy)
{
  for (guint i = 0; i < o->elements->len; i++)
    {
      const OrElement *e = &g_array_index (o->elements, OrElement, i);
      const MfParam *p = e->component->params;

      if (e->type == MF_COMPONENT_SPRING)
        mechanical_pair (o, jy, e, o->n_v, p[MF_SPRING_STIFFNESS].value);
      else if (e->type == MF_COMPONENT_DAMPER)
        mechanical_pair (o, jy, e, 0, p[MF_DAMPER_DAMPING].value);
      else if (e->type == MF_COMPONENT_FORCE && carrier (o, e->node[0]) >= 0)
        or_value_partials (o, e->force, t, y, -1.0, (guint) carrier (o, e->node[0]), jy);
    }
}

void
or_jacobian (const MfOracle *o, double t, const double *y, const double *v_floor, double *jy,
             double *jyp)
{
  guint nv = o->n_v, n = o->n_y, ix = nv, ip = nv + o->n_x, il = ip + o->n_p;

  memset (jy, 0, n * n * sizeof (double));
  memset (jyp, 0, n * n * sizeof (double));
  for (guint k = 0; k < nv; k++)
    {
      const OrBranch *b = branch_at (o, k);
      double slope;

      branch_law (o, b, t, y, y[k], v_floor[k], &slope);
      /* a closed branch's row holds v = 0, so its law's slope plays no
       * part; a shut orifice's, K at a_ε, would swamp the matrix */
      if (o->closed[k])
        slope = 0.0;
      jy[k * n + k] += -slope;
      jyp[k * n + k] = b->mass;
      if (b->gas_v0 > 0.0)
        {
          /* F = −A p_gas(A x): −∂F/∂x = A² p_gas' */
          double dp_dvf;

          gas_pressure (b, b->area[0] * y[ix + b->position], &dp_dvf);
          jy[k * n + ix + b->position] += b->area[0] * b->area[0] * dp_dvf;
        }
      if (b->kind == OR_BRANCH_ORIFICE)
        {
          /* F = −K(s) v|v|, s naming the run's quantities: −∂F/∂s = K'(s) v|v| */
          double dk_ds;

          or_orifice_resistance (b, t, y, &dk_ds);
          or_value_partials (o, b->opening, t, y, dk_ds * y[k] * fabs (y[k]), k, jy);
        }
      for (guint e = 0; e < 2; e++)
        if (b->node[e] >= 0 && node_at (o, b->node[e])->kind == OR_NODE_VOLUME)
          jy[k * n + ip + node_at (o, b->node[e])->index] -= (e == 0 ? 1.0 : -1.0) * b->area[e];
        else if (b->node[e] >= 0 && node_at (o, b->node[e])->kind == OR_NODE_TANK)
          or_value_partials (o, node_at (o, b->node[e])->pressure, t, y,
                             -(e == 0 ? 1.0 : -1.0) * b->area[e], k, jy);
      for (guint row = 0; row < o->n_rows; row++)
        jy[k * n + il + row] = -o->w[row * nv + k];
      if (b->position >= 0)
        {
          jyp[(ix + b->position) * n + ix + b->position] = 1.0;
          jy[(ix + b->position) * n + k] = -1.0;
        }
    }
  mechanical_jacobian (o, t, y, jy);
  for (guint nd = 0; nd < o->nodes->len; nd++)
    {
      const OrNode *node = node_at (o, (int) nd);

      if (node->kind != OR_NODE_VOLUME)
        continue;
      /* the chambers' C'(x) p' is left out: it changes how fast Newton
       * converges, not the answer */
      jyp[(ip + node->index) * n + ip + node->index] = or_node_capacitance (o, (int) nd, y);
      for (guint k = 0; k < nv; k++)
        jy[(ip + node->index) * n + k] = node_coefficient (branch_at (o, k), (int) nd);
    }
  for (guint row = 0; row < o->n_rows; row++)
    {
      const OrRow *rw = &g_array_index (o->rows, OrRow, row);

      if (rw->kind == OR_ROW_SWITCH && !o->closed[rw->member])
        jy[(il + row) * n + il + row] = 1.0;
      else
        for (guint k = 0; k < nv; k++)
          jy[(il + row) * n + k] = o->w[row * nv + k];
    }
}

gboolean
or_is_differential (const MfOracle *o, guint i)
{
  if (i < o->n_v)
    return branch_at (o, i)->mass > 0.0;
  return i < o->n_v + o->n_x + o->n_p;
}
