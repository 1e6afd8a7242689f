/* mf-equations.c: a circuit's equations written out (mf-equations.h), from
 * the assembled model: what mf-model-equations.c computes, in symbols —
 * the symbols of parameters, the mechanical side, the nodes and the whole;
 * the hydraulic branches' laws are in mf-equations-branches.c.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-equations.h"

#include <math.h>

#include "mf-equations-private.h"
#include "mf-expr-math.h"
#include "mf-model-private.h"
#include "mf-units.h"

/* ---- building blocks ---- */

const MfComponent *
mf_equations_component (const MfEquations *eq, guint index)
{
  return component_at (eq->model->circuit, index);
}

const char *
mf_equations_id_of (const MfEquations *eq, guint index)
{
  return mf_equations_component (eq, index)->id;
}

MfMath *
mf_equations_velocity (const MfEquations *eq, guint k)
{
  return mf_math_name (mf_model_state_name (eq->model, k));
}

MfMath *
mf_equations_pressure (const MfEquations *eq, guint node)
{
  g_autofree char *name = g_strdup_printf ("%s.p", mf_model_node (eq->model, node)->name);

  return mf_math_name (name);
}

/* "m^2" as "m²", "N*s/m" as "N·s/m". */
static char *
unit_text (const char *unit)
{
  GString *out = g_string_new (NULL);

  for (const char *p = unit; *p != '\0'; p++)
    if (*p == '^' && (p[1] == '2' || p[1] == '3'))
      {
        g_string_append (out, p[1] == '2' ? "²" : "³");
        p++;
      }
    else if (*p == '*')
      g_string_append (out, "·");
    else
      g_string_append_c (out, *p);
  return g_string_free (out, FALSE);
}

static MfMath *
quantity_value (double value, MfQuantity quantity)
{
  const char *unit = mf_quantity_si_unit (quantity);
  g_autofree char *units = unit != NULL && *unit != '\0' ? unit_text (unit) : NULL;
  g_autofree char *spaced = units != NULL ? g_strdup_printf (" %s", units) : NULL;

  return mf_math_row (mf_math_number (value), spaced != NULL ? mf_math_text (spaced) : NULL, NULL);
}

/* Lists a symbol once, with its value (taken). */
void
mf_equations_add_symbol (MfEquations *eq, MfMath *symbol, int owner, MfMath *value)
{
  g_autofree char *key = mf_math_to_plain (symbol);
  MfEquationSymbol s = { symbol, owner, value };

  if (g_hash_table_contains (eq->seen, key))
    {
      mf_math_free (symbol);
      mf_math_free (value);
      return;
    }
  g_hash_table_add (eq->seen, g_steal_pointer (&key));
  g_array_append_val (eq->symbols, s);
}

/* The symbol of parameter `param` of component `c` ("L_P1", or "a_O1(t)"
 * when it varies in time), listed with its value.  A value that names the
 * run's quantities (docs/model.md, "Feedback") follows the state: it is
 * written as a law of its own, once, the symbol alone standing for it
 * where it is used ("F1: F_F1 = −1000·M1.x"), as a reducing valve's
 * opening is. */
MfMath *
mf_equations_parameter (MfEquations *eq, guint c, guint param, const char *base,
                        const char *qualifier)
{
  const MfComponent *comp = mf_equations_component (eq, c);
  const MfParam *p = &comp->params[param];
  g_autofree char *sub = qualifier != NULL ? g_strdup_printf ("%s,%s", qualifier, comp->id)
                                           : g_strdup (comp->id);
  gboolean varies = p->expr != NULL && !mf_expr_is_constant (p->expr);
  MfMath *symbol = mf_math_symbol (base, sub);
  g_autofree char *key = NULL;

  if (varies && mf_expr_n_names (p->expr) > 0)
    {
      key = mf_math_to_plain (symbol);
      if (g_hash_table_add (eq->seen, g_steal_pointer (&key)))
        mf_equations_append (eq, MF_EQUATION_LAW, (int) c, NULL, mf_math_copy (symbol),
                             mf_expr_to_math (p->expr));
      return symbol;
    }
  if (varies)
    symbol = mf_math_row (symbol, mf_math_text ("("), mf_math_symbol ("t", NULL),
                          mf_math_text (")"), NULL);
  mf_equations_add_symbol (eq, mf_math_copy (symbol), (int) c,
              varies ? mf_expr_to_math (p->expr)
                     : quantity_value (p->value, comp->info->params[param].quantity));
  return symbol;
}

/* A derived symbol of component `c` ("A_P1"), listed with its definition
 * and value. */
MfMath *
mf_equations_derived (MfEquations *eq, guint c, const char *base, const char *qualifier,
                      MfMath *definition, double value, MfQuantity quantity)
{
  g_autofree char *sub = qualifier != NULL
                             ? g_strdup_printf ("%s,%s", qualifier, mf_equations_id_of (eq, c))
                             : g_strdup (mf_equations_id_of (eq, c));
  MfMath *symbol = mf_math_symbol (base, sub);

  mf_equations_add_symbol (eq, mf_math_copy (symbol), (int) c,
              mf_math_row (definition, mf_math_text (" = "), quantity_value (value, quantity),
                           NULL));
  return symbol;
}

MfMath *
mf_equations_fluid (MfEquations *eq, const char *name, double value, MfQuantity quantity)
{
  mf_equations_add_symbol (eq, mf_math_symbol (name, NULL), -1, quantity_value (value, quantity));
  return mf_math_symbol (name, NULL);
}

void
mf_equations_append (MfEquations *eq, MfEquationKind kind, int owner, const char *node,
                     MfMath *lhs, MfMath *rhs)
{
  MfEquation e = { kind, owner, g_strdup (node),
                   mf_math_row (lhs, mf_math_text (" = "), rhs, NULL) };

  g_array_append_val (eq->equations, e);
}

/* ---- the mechanical side ---- */

/* The position or velocity of a mechanical node's first mass, or NULL for
 * a node that stands still. */
static MfMath *
node_motion (const MfEquations *eq, guint node, gboolean position)
{
  const MfNode *n = mf_model_node (eq->model, node);
  const MfBranch *rep;

  if (n->representative == MF_NONE)
    return NULL;
  if (!position)
    return mf_equations_velocity (eq, n->representative);
  rep = mf_model_branch (eq->model, n->representative);
  return mf_math_name (mf_model_state_name (eq->model, eq->model->branches->len + rep->position));
}

/* The tension of a spring (`position`) or a damper: `gain`·(x_b − x_a),
 * with what stands still left out: "k·(M2.x − M1.x)", "−k·C1.x", "0". */
static MfMath *
tension (const MfEquations *eq, const MfElement *e, gboolean position, MfMath *gain)
{
  MfMath *b = node_motion (eq, e->node[1], position);
  MfMath *a = node_motion (eq, e->node[0], position);

  if (a != NULL && b != NULL)
    return mf_math_row (gain, mf_math_text ("·"),
                        mf_math_paren (mf_math_row (b, mf_math_text (" − "), a, NULL)), NULL);
  if (a == NULL && b == NULL)
    {
      mf_math_free (gain);
      return mf_math_text ("0");
    }
  return mf_math_row (mf_math_text (a != NULL ? "−" : ""), gain, mf_math_text ("·"),
                      a != NULL ? a : b, NULL);
}

static void
element_laws (MfEquations *eq)
{
  for (guint s = 0; s < eq->model->springs->len; s++)
    {
      const MfElement *e = &g_array_index (eq->model->springs, MfElement, s);
      MfMath *stiffness = mf_equations_parameter (eq, e->component, MF_SPRING_STIFFNESS, "k", NULL);
      MfMath *rhs = tension (eq, e, TRUE, stiffness);

      if (e->preload != 0.0)
        rhs = mf_math_row (rhs, mf_math_text (" + "),
                           mf_equations_parameter (eq, e->component, MF_SPRING_PRELOAD, "F", "0"),
                           NULL);
      mf_equations_append (eq, MF_EQUATION_LAW, (int) e->component, NULL,
                    mf_math_symbol ("T", mf_equations_id_of (eq, e->component)), rhs);
    }
  for (guint s = 0; s < eq->model->dampers->len; s++)
    {
      const MfElement *e = &g_array_index (eq->model->dampers, MfElement, s);

      mf_equations_append (
          eq, MF_EQUATION_LAW, (int) e->component, NULL,
          mf_math_symbol ("T", mf_equations_id_of (eq, e->component)),
          tension (eq, e, FALSE,
                   mf_equations_parameter (eq, e->component, MF_DAMPER_DAMPING, "c", NULL)));
    }
}

/* The forces of springs, dampers and force elements on mechanical node
 * `node`, added to `sum`. */
static void
node_forces (MfEquations *eq, guint node, MfMath *sum)
{
  GArray *lists[] = { eq->model->springs, eq->model->dampers };

  for (guint l = 0; l < G_N_ELEMENTS (lists); l++)
    for (guint s = 0; s < lists[l]->len; s++)
      {
        const MfElement *e = &g_array_index (lists[l], MfElement, s);

        for (guint end = 0; end < 2; end++)
          if (e->node[end] == node)
            mf_math_sum_add (sum, end == 1,
                             mf_math_symbol ("T", mf_equations_id_of (eq, e->component)));
      }
  for (guint s = 0; s < eq->model->forces->len; s++)
    {
      const MfElement *e = &g_array_index (eq->model->forces, MfElement, s);

      if (e->node[0] == node)
        mf_math_sum_add (sum, FALSE,
                         mf_equations_parameter (eq, e->component, MF_FORCE_FORCE,
                                    mf_model_node (eq->model, node)->rotary ? "τ" : "F", NULL));
    }
}

/* A piston's damping or a motor's friction; a motor's mechanical efficiency
 * adds to what it is given (mf-leak.h). */
static MfMath *
damping (MfEquations *eq, guint k)
{
  const MfBranch *b = mf_model_branch (eq->model, k);
  const MfParam *p = mf_equations_component (eq, b->component)->params;
  MfMath *definition;

  if (!b->rotary)
    return mf_equations_parameter (eq, b->component, MF_PISTON_DAMPING, "c", NULL);
  if (p[MF_MOTOR_MECHANICAL_EFFICIENCY].value == 1.0)
    return mf_equations_parameter (eq, b->component, MF_MOTOR_FRICTION, "c", NULL);
  definition = mf_math_row (
      mf_equations_parameter (eq, b->component, MF_MOTOR_FRICTION, "c", "given"),
      mf_math_text (" + (1 − "),
      mf_equations_parameter (eq, b->component, MF_MOTOR_MECHANICAL_EFFICIENCY, "η", "m"),
      mf_math_text (")·"),
      mf_math_frac (mf_math_row (mf_equations_end_area (eq, k, 0), mf_math_text ("·"),
                                 mf_equations_parameter (eq, b->component, MF_MOTOR_RATED_PRESSURE,
                                                         "Δp", "r"),
                                 NULL),
                    mf_equations_parameter (eq, b->component, MF_MOTOR_RATED_SPEED, "ω", "r")),
      NULL);
  return mf_equations_derived (eq, b->component, "c", NULL, definition, b->damping,
                  MF_QUANTITY_ROTARY_DAMPING);
}

/* The masses on a mechanical node move as one: one equation, their masses
 * summed on the left (0 when all are massless: a constraint), every force
 * on any of them on the right. */
static void
node_motion_equation (MfEquations *eq, guint node)
{
  const MfNode *n = mf_model_node (eq->model, node);
  guint rep = n->representative;
  MfMath *masses = mf_math_row_new ();
  MfMath *rhs = mf_math_row_new ();
  MfMath *lhs;

  for (guint i = 0; i < n->inertial->len; i++)
    {
      guint k = g_array_index (n->inertial, guint, i);
      const MfBranch *b = mf_model_branch (eq->model, k);

      if (b->mass > 0.0)
        mf_math_sum_add (masses, FALSE,
                  mf_equations_parameter (eq, b->component,
                             b->kind == MF_BRANCH_PISTON ? MF_PISTON_MASS : MF_MASS_MASS,
                             b->rotary ? "J" : "m", NULL));
      if (b->kind != MF_BRANCH_PISTON)
        continue;
      for (guint e = 0; e < 2; e++)
        if (b->node[e] != MF_NONE)
          mf_math_sum_add (rhs, e == 1,
                           mf_math_row (mf_equations_end_area (eq, k, e), mf_math_text ("·"),
                                        mf_equations_pressure (eq, b->node[e]), NULL));
      if (b->damping > 0.0)
        mf_math_sum_add (
            rhs, TRUE,
            mf_math_row (damping (eq, k), mf_math_text ("·"), mf_equations_velocity (eq, k), NULL));
    }
  node_forces (eq, node, rhs);
  if (mf_math_n_children (masses) == 0)
    {
      mf_math_free (masses);
      lhs = mf_math_text ("0");
    }
  else
    lhs = mf_math_row (mf_math_n_children (masses) > 1 ? mf_math_paren (masses) : masses,
                       mf_math_text ("·"), mf_math_prime (mf_equations_velocity (eq, rep)), NULL);
  mf_equations_append (eq, MF_EQUATION_MOTION, (int) mf_model_branch (eq->model, rep)->component,
                       NULL, lhs, mf_math_sum_finish (rhs));
}

static void
kinematic_equation (MfEquations *eq, guint k)
{
  const MfBranch *b = mf_model_branch (eq->model, k);

  mf_equations_append (eq, MF_EQUATION_KINEMATIC, (int) b->component, NULL,
                mf_math_prime (mf_math_name (mf_model_state_name (
                  eq->model, eq->model->branches->len + b->position))),
                mf_equations_velocity (eq, k));
}

/* ---- nodes ---- */

/* The component a node is named after when it is a junction or a volume;
 * -1 for a node that is no component's. */
static int
node_owner (const MfEquations *eq, guint node)
{
  const MfCircuit *circuit = eq->model->circuit;

  for (guint c = 0; c < circuit->components->len; c++)
    {
      MfComponentType type = component_at (circuit, c)->info->type;

      if ((type == MF_COMPONENT_JUNCTION || type == MF_COMPONENT_VOLUME
           || type == MF_COMPONENT_TANK)
          && mf_model_port_node (eq->model, c, MF_PORT_P) == node)
        return (int) c;
    }
  return -1;
}

/* A flow source's flow q_Q1, or a pump's η_v·D·n (times ε for a variable
 * pump; docs/model.md, "Pumps"). */
static MfMath *
source_flow (MfEquations *eq, const MfElement *e)
{
  const MfComponent *comp = mf_equations_component (eq, e->component);
  MfMath *flow;

  if (comp->info->type == MF_COMPONENT_FLOW_SOURCE)
    return mf_equations_parameter (eq, e->component, MF_FLOW_SOURCE_FLOW, "q", NULL);
  flow = mf_math_row_new ();
  if (comp->params[MF_PUMP_VOLUMETRIC_EFFICIENCY].value != 1.0)
    mf_math_append (flow,
                    mf_math_row (mf_equations_parameter (eq, e->component,
                                                         MF_PUMP_VOLUMETRIC_EFFICIENCY, "η", "v"),
                                 mf_math_text ("·"), NULL));
  mf_math_append (flow, mf_equations_parameter (eq, e->component, MF_PUMP_DISPLACEMENT, "D", NULL));
  if (comp->info->type == MF_COMPONENT_VARIABLE_PUMP)
    mf_math_append (
        flow,
        mf_math_row (mf_math_text ("·"),
                     mf_equations_parameter (eq, e->component, MF_PUMP_FRACTION, "ε", NULL), NULL));
  mf_math_append (flow,
                  mf_math_row (mf_math_text ("·"),
                               mf_equations_parameter (eq, e->component, MF_PUMP_SPEED, "n", NULL),
                               NULL));
  return flow;
}

/* −Σ coef·v of the branches at `node` plus the flow sources' flows into it:
 * what flows in. */
static MfMath *
node_inflow (MfEquations *eq, guint node)
{
  MfMath *sum = mf_math_row_new ();

  for (guint k = 0; k < eq->model->branches->len; k++)
    {
      const MfBranch *b = mf_model_branch (eq->model, k);

      for (guint e = 0; e < 2; e++)
        if (b->node[e] == node)
          mf_math_sum_add (sum, b->coef[e] > 0.0,
                           mf_math_row (mf_equations_end_area (eq, k, e), mf_math_text ("·"),
                                        mf_equations_velocity (eq, k), NULL));
    }
  for (guint s = 0; s < eq->model->sources->len; s++)
    {
      const MfElement *e = &g_array_index (eq->model->sources, MfElement, s);

      for (guint end = 0; end < 2; end++)
        if (e->node[end] == node)
          mf_math_sum_add (sum, end == 0, source_flow (eq, e));
    }
  return mf_math_sum_finish (sum);
}

/* What flows in is what flows out: a row of W v = q_s with the ends that
 * bring fluid in (a W entry below zero, a source's end b) on the left. */
static void
continuity_equation (MfEquations *eq, guint node)
{
  MfMath *side[2] = { mf_math_row_new (), mf_math_row_new () }; /* in, out */

  for (guint k = 0; k < eq->model->branches->len; k++)
    {
      const MfBranch *b = mf_model_branch (eq->model, k);

      for (guint e = 0; e < 2; e++)
        if (b->node[e] == node)
          mf_math_sum_add (side[b->coef[e] > 0.0], FALSE,
                           mf_math_row (mf_equations_end_area (eq, k, e), mf_math_text ("·"),
                                        mf_equations_velocity (eq, k), NULL));
    }
  for (guint s = 0; s < eq->model->sources->len; s++)
    {
      const MfElement *e = &g_array_index (eq->model->sources, MfElement, s);

      for (guint end = 0; end < 2; end++)
        if (e->node[end] == node)
          mf_math_sum_add (side[end == 0], FALSE, source_flow (eq, e));
    }
  mf_equations_append (eq, MF_EQUATION_CONTINUITY, node_owner (eq, node),
                mf_model_node (eq->model, node)->name, mf_math_sum_finish (side[0]),
                mf_math_sum_finish (side[1]));
}

static MfMath *
volume_capacitance (MfEquations *eq, guint c)
{
  const MfComponent *comp = mf_equations_component (eq, c);
  const MfFluid *f = &eq->model->circuit->fluid;
  MfMath *bulk;

  if (!isnan (comp->params[MF_VOLUME_CAPACITANCE].value))
    return mf_equations_parameter (eq, c, MF_VOLUME_CAPACITANCE, "C", NULL);
  bulk = !isnan (comp->params[MF_VOLUME_BULK_MODULUS].value)
           ? mf_equations_parameter (eq, c, MF_VOLUME_BULK_MODULUS, "K", NULL)
           : mf_equations_fluid (eq, "K", f->bulk_modulus, MF_QUANTITY_PRESSURE);
  return mf_math_frac (mf_equations_parameter (eq, c, MF_VOLUME_VOLUME, "V", NULL), bulk);
}

/* A piston's compressible chamber: (V_cap + A_cap·x)/K, or on the rod
 * side (V_rod + A_rod·(s − x))/K (docs/model.md, "Compliant chambers"). */
static MfMath *
chamber_capacitance (MfEquations *eq, const MfChamber *chamber)
{
  guint c = chamber->component;
  gboolean cap = chamber->slope > 0.0;
  MfMath *x = mf_math_name (mf_model_state_name (eq->model,
                                                 eq->model->branches->len + chamber->position));
  MfMath *stroke = cap ? NULL : mf_equations_parameter (eq, c, MF_PISTON_STROKE, "s", NULL);
  MfMath *travel = cap ? x
                       : mf_math_paren (mf_math_row (stroke, mf_math_text (" − "), x, NULL));

  return mf_math_frac (
      mf_math_paren (mf_math_row (
          mf_equations_parameter (eq, c,
                                  cap ? MF_PISTON_CAP_DEAD_VOLUME : MF_PISTON_ROD_DEAD_VOLUME, "V",
                                  cap ? "cap" : "rod"),
          mf_math_text (" + "),
          mf_equations_parameter (eq, c, cap ? MF_PISTON_CAP_AREA : MF_PISTON_ROD_AREA, "A",
                                  cap ? "cap" : "rod"),
          mf_math_text ("·"), travel, NULL)),
      mf_equations_fluid (eq, "K", eq->model->circuit->fluid.bulk_modulus, MF_QUANTITY_PRESSURE));
}

static void
compliant_equation (MfEquations *eq, guint node)
{
  const MfCircuit *circuit = eq->model->circuit;
  MfMath *capacity = mf_math_row_new ();
  guint n_volumes = 0;

  for (guint c = 0; c < circuit->components->len; c++)
    if (component_at (circuit, c)->info->type == MF_COMPONENT_VOLUME
        && mf_model_port_node (eq->model, c, MF_PORT_P) == node)
      {
        mf_math_sum_add (capacity, FALSE, volume_capacitance (eq, c));
        n_volumes++;
      }
  for (guint i = 0; mf_model_node (eq->model, node)->chambers != NULL
                    && i < mf_model_node (eq->model, node)->chambers->len; i++)
    {
      mf_math_sum_add (
          capacity, FALSE,
          chamber_capacitance (
              eq, &g_array_index (mf_model_node (eq->model, node)->chambers, MfChamber, i)));
      n_volumes++;
    }
  mf_equations_append (
      eq, MF_EQUATION_COMPLIANT, node_owner (eq, node), mf_model_node (eq->model, node)->name,
      mf_math_row (n_volumes > 1 ? mf_math_paren (capacity) : capacity, mf_math_text ("·"),
                   mf_math_prime (mf_equations_pressure (eq, node)), NULL),
      node_inflow (eq, node));
}

static void
tank_equation (MfEquations *eq, guint node)
{
  int owner = node_owner (eq, node);

  mf_equations_append (eq, MF_EQUATION_LAW, owner, NULL, mf_equations_pressure (eq, node),
                mf_equations_parameter (eq, (guint) owner, MF_TANK_PRESSURE, "p", NULL));
}

/* ---- the whole ---- */

static void
component_equations (MfEquations *eq, guint c, guint *next_velocity)
{
  const MfModel *model = eq->model;

  for (; *next_velocity < model->branches->len
         && mf_model_branch (model, *next_velocity)->component == c;
       (*next_velocity)++)
    {
      guint k = *next_velocity;
      const MfBranch *b = mf_model_branch (model, k);

      /* a mass or a piston: its node's one equation, with the first */
      if (!mf_equations_add_branch (eq, k)
          && mf_model_node (model, b->mech_node)->representative == k)
        node_motion_equation (eq, b->mech_node);
      if (b->position != MF_NONE)
        kinematic_equation (eq, k);
    }
}

MfEquations *
mf_equations_new (const MfModel *model, guint mode)
{
  MfEquations *eq = g_new0 (MfEquations, 1);
  g_autofree gboolean *closed = mf_model_mode_closed (model, mode);
  guint next_velocity = 0;

  eq->model = model;
  eq->equations = g_array_new (FALSE, FALSE, sizeof (MfEquation));
  eq->symbols = g_array_new (FALSE, FALSE, sizeof (MfEquationSymbol));
  eq->seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint c = 0; c < model->circuit->components->len; c++)
    component_equations (eq, c, &next_velocity);
  element_laws (eq);
  for (guint n = 0; n < model->nodes->len; n++)
    switch (mf_model_node (model, n)->kind)
      {
      case MF_NODE_JUNCTION:
        continuity_equation (eq, n);
        break;
      case MF_NODE_COMPLIANT:
        compliant_equation (eq, n);
        break;
      case MF_NODE_BOUNDARY:
        tank_equation (eq, n);
        break;
      case MF_NODE_MECHANICAL:
      default:
        break;
      }
  for (guint l = 0; l < model->links->len; l++)
    {
      const MfLink *link = &g_array_index (model->links, MfLink, l);

      mf_equations_append (eq, MF_EQUATION_LINK, (int) mf_model_branch (model, link->a)->component,
                           NULL, mf_equations_velocity (eq, link->a),
                           link->b != MF_NONE ? mf_equations_velocity (eq, link->b)
                                              : mf_math_text ("0"));
    }
  for (guint k = 0; k < model->branches->len; k++)
    if (mf_model_branch_can_close (model, k) && closed[mf_model_branch (model, k)->component])
      mf_equations_append (eq, MF_EQUATION_CLOSED, (int) mf_model_branch (model, k)->component, NULL,
                           mf_equations_velocity (eq, k), mf_math_text ("0"));
  return eq;
}

void
mf_equations_free (MfEquations *eq)
{
  if (eq == NULL)
    return;
  for (guint i = 0; i < eq->equations->len; i++)
    {
      MfEquation *e = &g_array_index (eq->equations, MfEquation, i);

      g_free (e->node);
      mf_math_free (e->math);
    }
  for (guint i = 0; i < eq->symbols->len; i++)
    {
      MfEquationSymbol *s = &g_array_index (eq->symbols, MfEquationSymbol, i);

      mf_math_free (s->symbol);
      mf_math_free (s->value);
    }
  g_array_unref (eq->equations);
  g_array_unref (eq->symbols);
  g_hash_table_unref (eq->seen);
  g_free (eq);
}

guint
mf_equations_n (const MfEquations *eq)
{
  return eq->equations->len;
}

const MfEquation *
mf_equations_get (const MfEquations *eq, guint i)
{
  g_return_val_if_fail (i < eq->equations->len, NULL);
  return &g_array_index (eq->equations, MfEquation, i);
}

guint
mf_equations_n_symbols (const MfEquations *eq)
{
  return eq->symbols->len;
}

const MfEquationSymbol *
mf_equations_get_symbol (const MfEquations *eq, guint i)
{
  g_return_val_if_fail (i < eq->symbols->len, NULL);
  return &g_array_index (eq->symbols, MfEquationSymbol, i);
}
