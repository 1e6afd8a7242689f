/* mf-model-equations.c: the assembled circuit's equations — the forces
 * F(u, t) and their Jacobian, the prescribed flows, the compliant nodes'
 * pressure rates and the rows of W (docs/model.md, "Signs" and "Forces").
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-model-private.h"

#include <math.h>
#include <string.h>

#include "mf-friction.h"
#include "mf-leak.h"

/* A value at (t, u): its names, if any, read u (mf-model-feedback.c). */
static double
value_at (const MfExpr *expr, double constant, double t, const double *u)
{
  return expr != NULL ? mf_expr_eval_at (expr, t, u) : constant;
}

double
mf_model_known_pressure (const MfModel *model, guint node, double t, const double *u)
{
  const MfNode *n = mf_model_node (model, node);

  if (n->kind == MF_NODE_BOUNDARY)
    return value_at (n->pressure, n->pressure_value, t, u);
  if (n->kind == MF_NODE_COMPLIANT)
    return u[model->branches->len + model->n_positions + n->state];
  return 0.0;
}

/* Position and velocity of a mechanical node (a fixed node stands at 0). */
static double
node_position (const MfModel *model, guint node, const double *u)
{
  const MfNode *n = mf_model_node (model, node);

  if (n->representative == MF_NONE)
    return 0.0;
  return u[model->branches->len + mf_model_branch (model, n->representative)->position];
}

static double
node_velocity (const MfModel *model, guint node, const double *u)
{
  const MfNode *n = mf_model_node (model, node);

  return n->representative == MF_NONE ? 0.0 : u[n->representative];
}

static void
add_to_node (const MfModel *model, guint node, double force, double *f)
{
  guint rep = mf_model_node (model, node)->representative;

  if (rep != MF_NONE)
    f[rep] += force;
}

/* The force of a branch's own law (friction, orifice, damping), and its
 * derivative in the branch velocity when dfdv is not NULL. */
static double
branch_law (const MfModel *model, const MfBranch *b, double t, double v, const double *u,
            double *dfdv)
{
  const MfFluid *fluid = &model->circuit->fluid;
  double force = 0.0, slope = 0.0, k, a, ddp;

  switch (b->kind)
    {
    case MF_BRANCH_PIPE:
      force = -b->area * mf_friction_pressure_drop (b->friction, fluid->density,
                                                    fluid->kinematic_viscosity, b->length,
                                                    b->diameter, b->roughness, v,
                                                    dfdv != NULL ? &ddp : NULL);
      if (dfdv != NULL)
        slope = -b->area * ddp;
      break;
    case MF_BRANCH_ORIFICE:
      /* at rest the law is zero whatever the area: an orifice closed by
       * its area (a = 0, K infinite) holds v = 0 by a row of its own */
      if (v == 0.0 && model->smoothing == 0.0)
        break;
      a = mf_model_orifice_area (model, b, t, u);
      k = b->k_area / (a * a);
      if (model->smoothing > 0.0)
        {
          double root = sqrt (v * v + model->smoothing * model->smoothing);

          force = -k * v * root;
          slope = -k * (root + v * v / root);
          break;
        }
      force = -k * v * fabs (v);
      slope = -2.0 * k * fabs (v);
      break;
    case MF_BRANCH_PISTON:
      force = -b->damping * v;
      slope = -b->damping;
      break;
    case MF_BRANCH_LEAK:
      force = mf_leak_force (b->area, b->leakage, v, &slope);
      break;
    case MF_BRANCH_RELIEF:
      /* open: the pressure drop that passes this flow (mf-relief.h) */
      force = -b->area * mf_relief_pressure_drop (&b->relief, b->area * v,
                                                  dfdv != NULL ? &ddp : NULL);
      if (dfdv != NULL)
        slope = -b->area * b->area * ddp;
      break;
    case MF_BRANCH_FLOW_CONTROL:
      {
        /* the drop that passes this flow at the setting of the moment
         * (mf-flow-control.h); a cold start rounds its throttle as it
         * rounds an orifice, the smoothing a velocity in the port */
        MfFlowControl law = b->flow_control;

        law.flow = value_at (b->setting, law.flow, t, u);
        force = -b->area * mf_flow_control_pressure_drop (&law, b->area * v,
                                                          b->area * model->smoothing,
                                                          dfdv != NULL ? &ddp : NULL);
        if (dfdv != NULL)
          slope = -b->area * b->area * ddp;
      }
      break;
    case MF_BRANCH_ACCUMULATOR: /* its gas acts through its position: gas_force () */
    case MF_BRANCH_MASS:
    default:
      break;
    }
  if (dfdv != NULL)
    *dfdv = slope;
  return force;
}

double
mf_model_orifice_area (const MfModel *model, const MfBranch *b, double t, const double *u)
{
  double a = value_at (b->opening, b->opening_value, t, u);

  /* an area that follows the state closes by an event on the trajectory
   * (docs/model.md, "Feedback"): the steps that locate it look beyond the
   * crossing, where the law holds the area at the closing threshold */
  if (b->opening != NULL && mf_expr_n_names (b->opening) > 0)
    return MAX (a, MF_MODEL_AREA_EPS * b->area);
  return a;
}

double
mf_model_orifice_force (const MfModel *model, const MfBranch *b, double t, double v,
                        const double *u)
{
  return branch_law (model, b, t, v, u, NULL);
}

/* An accumulator's gas pushing back on its fluid, −A·p(A·x), and its
 * derivative in x when dfdx is not NULL (mf-accumulator.h). */
static double
gas_force (const MfModel *model, const MfBranch *b, const double *u, double *dfdx)
{
  double x = u[model->branches->len + b->position], dp_dv;
  double p = mf_accumulator_pressure (&b->gas, b->area * x, &dp_dv);

  if (dfdx != NULL)
    *dfdx = -b->area * b->area * dp_dv;
  return -b->area * p;
}

/* F(u, t), or with `magnitudes` the sum of the sizes of its terms, which is
 * what a residual of F should be measured against (a balanced F is near 0). */
static void
accumulate_forces (const MfModel *model, double t, const double *u, double *f,
                   gboolean magnitudes)
{
  guint n_v = model->branches->len;
#define TERM(x) (magnitudes ? fabs (x) : (x))

  for (guint k = 0; k < n_v; k++)
    {
      const MfBranch *b = mf_model_branch (model, k);

      f[k] = TERM (branch_law (model, b, t, u[k], u, NULL));
      /* a relief valve's drop is its setting plus a part that may be
       * negative (mf-relief.h): the setting is a term of its own */
      if (magnitudes && b->kind == MF_BRANCH_RELIEF)
        f[k] += b->area * b->relief.set;
      if (b->kind == MF_BRANCH_ACCUMULATOR)
        f[k] += TERM (gas_force (model, b, u, NULL));
      for (guint e = 0; e < 2; e++)
        if (b->node[e] != MF_NONE)
          f[k] += TERM (b->coef[e] * mf_model_known_pressure (model, b->node[e], t, u));
    }
  for (guint s = 0; s < model->springs->len; s++)
    {
      const MfElement *e = &g_array_index (model->springs, MfElement, s);
      double tension = e->constant * (node_position (model, e->node[1], u)
                                      - node_position (model, e->node[0], u))
                       + e->preload;

      add_to_node (model, e->node[0], TERM (tension), f);
      add_to_node (model, e->node[1], TERM (-tension), f);
    }
  for (guint s = 0; s < model->dampers->len; s++)
    {
      const MfElement *e = &g_array_index (model->dampers, MfElement, s);
      double tension = e->constant * (node_velocity (model, e->node[1], u)
                                      - node_velocity (model, e->node[0], u));

      add_to_node (model, e->node[0], TERM (tension), f);
      add_to_node (model, e->node[1], TERM (-tension), f);
    }
  for (guint s = 0; s < model->forces->len; s++)
    {
      const MfElement *e = &g_array_index (model->forces, MfElement, s);

      add_to_node (model, e->node[0], TERM (value_at (e->value, e->constant, t, u)), f);
    }
#undef TERM
}

void
mf_model_forces (const MfModel *model, double t, const double *u, double *f)
{
  accumulate_forces (model, t, u, f, FALSE);
}

void
mf_model_force_magnitudes (const MfModel *model, double t, const double *u, double *f)
{
  accumulate_forces (model, t, u, f, TRUE);
}

static MfTriplet *
put (MfTriplet *entry, guint row, guint col, double value)
{
  entry->row = row;
  entry->col = col;
  entry->value = value;
  return entry + 1;
}

/* Spring or damper between two mechanical nodes: ∂(tension)/∂(state of b)
 * = +c, of a = −c; tension adds to a, subtracts from b.  Entries whose node
 * has no state get a zero value so the pattern keeps its size. */
static MfTriplet *
put_two_node (const MfModel *model, MfTriplet *out, const MfElement *e, guint offset, double c)
{
  for (guint side = 0; side < 2; side++)
    for (guint wrt = 0; wrt < 2; wrt++)
      {
        guint row = mf_model_node (model, e->node[side])->representative;
        guint rep = mf_model_node (model, e->node[wrt])->representative;
        guint col = rep == MF_NONE ? MF_NONE
                    : offset == 0  ? rep
                                   : offset + mf_model_branch (model, rep)->position;
        double sign = (side == 0 ? 1.0 : -1.0) * (wrt == 1 ? 1.0 : -1.0);

        if (row == MF_NONE || col == MF_NONE)
          out = put (out, 0, 0, 0.0);
        else
          out = put (out, row, col, sign * c);
      }
  return out;
}

void
mf_model_force_jacobian (const MfModel *model, double t, const double *u, MfTriplet *entries)
{
  guint n_v = model->branches->len, pressure_offset = n_v + model->n_positions;
  MfTriplet *out = entries;

  for (guint k = 0; k < n_v; k++)
    {
      const MfBranch *b = mf_model_branch (model, k);
      double dfdv;

      branch_law (model, b, t, u[k], u, &dfdv);
      out = put (out, k, k, dfdv);
      for (guint e = 0; e < 2; e++)
        {
          const MfNode *node = b->node[e] != MF_NONE ? mf_model_node (model, b->node[e]) : NULL;

          double dfdx;

          if (node != NULL && node->kind == MF_NODE_COMPLIANT)
            out = put (out, k, pressure_offset + node->state, b->coef[e]);
          else if (e == 1 && b->kind == MF_BRANCH_ACCUMULATOR)
            {
              /* its one port leaves the second end's place to its gas */
              gas_force (model, b, u, &dfdx);
              out = put (out, k, n_v + b->position, dfdx);
            }
          else
            out = put (out, k, k, 0.0);
        }
    }
  for (guint s = 0; s < model->springs->len; s++)
    out = put_two_node (model, out, &g_array_index (model->springs, MfElement, s), n_v,
                        g_array_index (model->springs, MfElement, s).constant);
  for (guint s = 0; s < model->dampers->len; s++)
    out = put_two_node (model, out, &g_array_index (model->dampers, MfElement, s), 0,
                        g_array_index (model->dampers, MfElement, s).constant);
  out = mf_model_feedback_jacobian (model, t, u, out);
  g_assert ((guint) (out - entries) == model->n_triplets);
}

double
mf_model_source_flow (const MfElement *e, double t, const double *u, double dt, const double *du,
                      double *rate)
{
  double value = e->constant, value_dot = 0.0, fraction = e->fraction_value, fraction_dot = 0.0;

  if (e->value != NULL)
    mf_expr_eval_along (e->value, t, u, dt, du, &value, &value_dot);
  if (e->fraction != NULL)
    mf_expr_eval_along (e->fraction, t, u, dt, du, &fraction, &fraction_dot);
  if (rate != NULL)
    *rate = e->scale * (value_dot * fraction + value * fraction_dot);
  return e->scale * value * fraction;
}

/* weight · ∂value/∂(each name) into out[(index − n_v) · stride]. */
static void
add_name_partials (const MfModel *model, const MfExpr *expr, double t, const double *u,
                   double weight, double *out, gsize stride)
{
  for (guint i = 0; expr != NULL && i < mf_expr_n_names (expr); i++)
    {
      guint col = mf_expr_binding (expr, i);

      /* a name bound to a fixed value moves nothing; velocities are refused
       * in these values (mf-model-feedback.c) */
      if (col != MF_EXPR_FIXED && col != MF_EXPR_UNBOUND && col >= model->branches->len)
        out[(col - model->branches->len) * stride] += weight * mf_expr_partial (expr, t, u, i);
    }
}

void
mf_model_source_add_gradient (const MfModel *model, const MfElement *e, double t,
                              const double *u, double weight, double *out, gsize stride)
{
  double value = value_at (e->value, e->constant, t, u);
  double fraction = value_at (e->fraction, e->fraction_value, t, u);

  /* flow = scale · value · fraction: the product rule, name by name */
  add_name_partials (model, e->value, t, u, weight * e->scale * fraction, out, stride);
  add_name_partials (model, e->fraction, t, u, weight * e->scale * value, out, stride);
}

gboolean
mf_model_source_follows_state (const MfElement *e)
{
  return (e->value != NULL && mf_expr_n_names (e->value) > 0)
         || (e->fraction != NULL && mf_expr_n_names (e->fraction) > 0);
}

double
mf_model_pump_torque (const MfModel *model, const MfElement *e, double t, const double *u,
                      double p_a, double p_b)
{
  const MfComponent *component = component_at (model->circuit, e->component);
  const MfParam *p = component->params;
  double fraction = value_at (e->fraction, e->fraction_value, t, u);

  return p[MF_PUMP_DISPLACEMENT].value * fraction * (p_b - p_a)
         / p[MF_PUMP_MECHANICAL_EFFICIENCY].value;
}

void
mf_model_source_flows (const MfModel *model, double t, const double *u, const double *du,
                       double *q, double *q_dot)
{
  memset (q, 0, model->n_junction_rows * sizeof (double));
  memset (q_dot, 0, model->n_junction_rows * sizeof (double));
  for (guint s = 0; s < model->sources->len; s++)
    {
      const MfElement *e = &g_array_index (model->sources, MfElement, s);
      double flow_dot, flow = mf_model_source_flow (e, t, u, 1.0, du, &flow_dot);

      /* W v counts the volume that leaves a node through branches. */
      for (guint end = 0; end < 2; end++)
        {
          const MfNode *node = mf_model_node (model, e->node[end]);
          double sign = end == 0 ? -1.0 : 1.0;

          if (node->kind == MF_NODE_JUNCTION)
            {
              q[node->row] += sign * flow;
              q_dot[node->row] += sign * flow_dot;
            }
        }
    }
}

void
mf_model_pressure_rates (const MfModel *model, double t, const double *u, double *p_dot)
{
  guint n_v = model->branches->len;

  memset (p_dot, 0, model->n_pressures * sizeof (double));
  for (guint k = 0; k < n_v; k++)
    {
      const MfBranch *b = mf_model_branch (model, k);

      for (guint e = 0; e < 2; e++)
        if (b->node[e] != MF_NONE && mf_model_node (model, b->node[e])->kind == MF_NODE_COMPLIANT)
          p_dot[mf_model_node (model, b->node[e])->state] -= b->coef[e] * u[k];
    }
  for (guint s = 0; s < model->sources->len; s++)
    {
      const MfElement *e = &g_array_index (model->sources, MfElement, s);
      double flow = mf_model_source_flow (e, t, u, 0.0, NULL, NULL);

      for (guint end = 0; end < 2; end++)
        {
          const MfNode *node = mf_model_node (model, e->node[end]);

          if (node->kind == MF_NODE_COMPLIANT)
            p_dot[node->state] += end == 0 ? -flow : flow;
        }
    }
  for (guint i = 0; i < model->n_pressures; i++)
    p_dot[i] /= mf_model_node_capacitance (model, model->pressure_node[i], u);
}

guint
mf_model_max_rows (const MfModel *model)
{
  return model->n_junction_rows + model->links->len + model->branches->len;
}

MfSparse *
mf_model_constraints (const MfModel *model, const gboolean *closed, char **names)
{
  g_auto (MfEntries) entries = { 0 };
  guint row = model->n_junction_rows;

  mf_entries_init (&entries);
  for (guint k = 0; k < model->branches->len; k++)
    {
      const MfBranch *b = mf_model_branch (model, k);

      for (guint e = 0; e < 2; e++)
        if (b->node[e] != MF_NONE && mf_model_node (model, b->node[e])->kind == MF_NODE_JUNCTION)
          mf_entries_add (&entries, mf_model_node (model, b->node[e])->row, k, b->coef[e]);
    }
  for (guint r = 0; names != NULL && r < model->n_junction_rows; r++)
    names[r] = g_strdup (mf_model_node (model, model->junction_node[r])->name);

  for (guint l = 0; l < model->links->len; l++, row++)
    {
      const MfLink *link = &g_array_index (model->links, MfLink, l);

      mf_entries_add (&entries, row, link->a, 1.0);
      if (link->b != MF_NONE)
        mf_entries_add (&entries, row, link->b, -1.0);
      if (names != NULL)
        names[row] = g_strdup (model->link_names->pdata[l]);
    }
  for (guint k = 0; k < model->branches->len; k++)
    {
      const MfBranch *b = mf_model_branch (model, k);
      const MfComponent *component = component_at (model->circuit, b->component);

      if (!mf_model_branch_can_close (model, k) || !closed[b->component])
        continue;
      mf_entries_add (&entries, row, k, 1.0);
      if (names != NULL)
        names[row] = g_strdup_printf (b->kind == MF_BRANCH_PISTON        ? "%s at end stop"
                                      : b->kind == MF_BRANCH_ACCUMULATOR ? "%s empty"
                                                                         : "%s closed",
                                      component->id);
      row++;
    }
  return mf_entries_finish (&entries, row, model->branches->len);
}

gboolean
mf_model_branch_can_close (const MfModel *model, guint velocity)
{
  const MfBranch *b = mf_model_branch (model, velocity);

  if (b->kind == MF_BRANCH_PISTON || b->kind == MF_BRANCH_ACCUMULATOR)
    return isfinite (b->stroke);
  /* an orifice whose area is an expression of time closes when it does */
  if (b->kind == MF_BRANCH_ORIFICE && b->opening != NULL
      && component_at (model->circuit, b->component)->info->type != MF_COMPONENT_CHECK_VALVE)
    return TRUE;
  /* and one whose constant area is zero is closed throughout */
  if (b->kind == MF_BRANCH_ORIFICE && b->opening == NULL && !(b->opening_value > 0.0))
    return TRUE;
  return component_at (model->circuit, b->component)->info->switchable;
}

/* Counts the rows as mf_model_constraints() lays them out. */
guint
mf_model_closing_row (const MfModel *model, const gboolean *closed, guint velocity)
{
  guint row = model->n_junction_rows + model->links->len;

  for (guint k = 0; k < model->branches->len; k++)
    {
      if (!mf_model_branch_can_close (model, k)
          || !closed[mf_model_branch (model, k)->component])
        continue;
      if (k == velocity)
        return row;
      row++;
    }
  return MF_NONE;
}
