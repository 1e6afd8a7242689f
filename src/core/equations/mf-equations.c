/* mf-equations.c: a circuit's equations written out (mf-equations.h), from
 * the assembled model: what mf-model-equations.c computes, in symbols.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-equations.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "mf-equations-private.h"
#include "mf-expr-math.h"
#include "mf-model-private.h"
#include "mf-units.h"

/* ---- building blocks ---- */

static const MfComponent *
component (const MfEquations *eq, guint index)
{
  return component_at (eq->model->circuit, index);
}

static const char *
id_of (const MfEquations *eq, guint index)
{
  return component (eq, index)->id;
}

static MfMath *
velocity (const MfEquations *eq, guint k)
{
  return mf_math_name (mf_model_state_name (eq->model, k));
}

static MfMath *
pressure (const MfEquations *eq, guint node)
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
 * when it varies), listed with its value. */
static MfMath *
parameter (MfEquations *eq, guint c, guint param, const char *base, const char *qualifier)
{
  const MfComponent *comp = component (eq, c);
  const MfParam *p = &comp->params[param];
  g_autofree char *sub = qualifier != NULL ? g_strdup_printf ("%s,%s", qualifier, comp->id)
                                           : g_strdup (comp->id);
  gboolean varies = p->expr != NULL && !mf_expr_is_constant (p->expr);
  MfMath *symbol = mf_math_symbol (base, sub);

  if (varies)
    symbol = mf_math_row (symbol, mf_math_text ("("), mf_math_symbol ("t", NULL), mf_math_text (")"),
                          NULL);
  mf_equations_add_symbol (eq, mf_math_copy (symbol), (int) c,
              varies ? mf_expr_to_math (p->expr)
                     : quantity_value (p->value, comp->info->params[param].quantity));
  return symbol;
}

/* A derived symbol of component `c` ("A_P1"), listed with its definition
 * and value. */
static MfMath *
derived (MfEquations *eq, guint c, const char *base, const char *qualifier, MfMath *definition,
         double value, MfQuantity quantity)
{
  g_autofree char *sub = qualifier != NULL ? g_strdup_printf ("%s,%s", qualifier, id_of (eq, c))
                                           : g_strdup (id_of (eq, c));
  MfMath *symbol = mf_math_symbol (base, sub);

  mf_equations_add_symbol (eq, mf_math_copy (symbol), (int) c,
              mf_math_row (definition, mf_math_text (" = "), quantity_value (value, quantity),
                           NULL));
  return symbol;
}

static MfMath *
fluid (MfEquations *eq, const char *name, double value, MfQuantity quantity)
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

/* ---- areas: what a branch's velocity is multiplied by in W ---- */

static MfMath *
circle (MfEquations *eq, guint c, guint diameter_param, const char *diameter_base, double area)
{
  MfMath *d = parameter (eq, c, diameter_param, diameter_base, NULL);
  MfMath *definition = mf_math_frac (mf_math_row (mf_math_text ("π·"),
                                                  mf_math_power (d, mf_math_text ("2")), NULL),
                                     mf_math_text ("4"));

  return derived (eq, c, "A", NULL, definition, area, MF_QUANTITY_AREA);
}

/* The symbol of branch k's coefficient at end e (without its sign). */
static MfMath *
end_area (MfEquations *eq, guint k, guint e)
{
  const MfBranch *b = mf_model_branch (eq->model, k);

  switch (b->kind)
    {
    case MF_BRANCH_PIPE:
      return circle (eq, b->component, MF_PIPE_DIAMETER, "d", b->area);
    case MF_BRANCH_ORIFICE:
      return circle (eq, b->component,
                     component (eq, b->component)->info->type == MF_COMPONENT_REDUCING_VALVE
                       ? MF_REDUCING_PORT_DIAMETER : MF_ORIFICE_PORT_DIAMETER,
                     "D", b->area);
    case MF_BRANCH_RELIEF:
      return circle (eq, b->component, MF_RELIEF_PORT_DIAMETER, "D", b->area);
    case MF_BRANCH_FLOW_CONTROL:
      return circle (eq, b->component, MF_FLOW_CONTROL_PORT_DIAMETER, "D", b->area);
    case MF_BRANCH_ACCUMULATOR:
      return circle (eq, b->component, MF_ACCUMULATOR_PORT_DIAMETER, "D", b->area);
    case MF_BRANCH_LEAK:
      return derived (eq, b->component, "A", NULL,
                      mf_math_words (_("the leak's reference area, a 10 mm port's")), b->area,
                      MF_QUANTITY_AREA);
    case MF_BRANCH_PISTON:
      if (b->rotary)
        return parameter (eq, b->component, MF_MOTOR_DISPLACEMENT, "D", NULL);
      return parameter (eq, b->component, e == 0 ? MF_PISTON_CAP_AREA : MF_PISTON_ROD_AREA, "A",
                        e == 0 ? "cap" : "rod");
    case MF_BRANCH_MASS:
    default:
      g_return_val_if_reached (mf_math_text ("?"));
    }
}

/* ---- hydraulic branches: the equation of motion per unit of area ---- */

static MfMath *
pressure_difference (MfEquations *eq, const MfBranch *b)
{
  MfMath *sum = mf_math_row_new ();

  for (guint e = 0; e < 2; e++)
    if (b->node[e] != MF_NONE)
      mf_math_sum_add (sum, e == 1, pressure (eq, b->node[e]));
  return sum;
}

static void
pipe_equations (MfEquations *eq, guint k)
{
  const MfBranch *b = mf_model_branch (eq->model, k);
  const MfFluid *f = &eq->model->circuit->fluid;
  MfMath *rho = fluid (eq, "ρ", f->density, MF_QUANTITY_DENSITY);
  MfMath *length = parameter (eq, b->component, MF_PIPE_LENGTH, "L", NULL);
  MfMath *rhs = pressure_difference (eq, b);
  MfMath *d = parameter (eq, b->component, MF_PIPE_DIAMETER, "d", NULL);

  mf_math_free (circle (eq, b->component, MF_PIPE_DIAMETER, "d", b->area));
  if (b->friction == MF_FRICTION_LAMINAR)
    {
      MfMath *nu = fluid (eq, "ν", f->kinematic_viscosity, MF_QUANTITY_VISCOSITY);

      mf_math_sum_add (rhs, TRUE,
                mf_math_frac (mf_math_row (mf_math_text ("32·"), mf_math_copy (rho),
                                           mf_math_text ("·"), nu, mf_math_text ("·"),
                                           mf_math_copy (length), mf_math_text ("·"),
                                           velocity (eq, k), NULL),
                              mf_math_power (mf_math_copy (d), mf_math_text ("2"))));
    }
  else if (b->friction == MF_FRICTION_TURBULENT)
    {
      g_autofree char *sub = g_strdup (id_of (eq, b->component));
      MfMath *lambda = mf_math_symbol ("λ", sub);

      mf_math_free (fluid (eq, "ν", f->kinematic_viscosity, MF_QUANTITY_VISCOSITY));
      mf_math_free (parameter (eq, b->component, MF_PIPE_ROUGHNESS, "ε", NULL));
      mf_equations_add_symbol (eq, mf_math_copy (lambda), (int) b->component,
                  mf_math_words (_("Colebrook’s friction factor at Re = |v|·d/ν (laminar 64/Re "
                                  "below 2300, blended up to 4000)")));
      mf_math_sum_add (rhs, TRUE,
                mf_math_frac (mf_math_row (lambda, mf_math_text ("·"), mf_math_copy (rho),
                                           mf_math_text ("·"), mf_math_copy (length),
                                           mf_math_text ("·"), velocity (eq, k), mf_math_text ("·"),
                                           mf_math_abs (velocity (eq, k)), NULL),
                              mf_math_row (mf_math_text ("2·"), mf_math_copy (d), NULL)));
    }
  mf_math_free (d);
  mf_equations_append (eq, MF_EQUATION_MOTION, (int) b->component, NULL,
                mf_math_row (rho, mf_math_text ("·"), length, mf_math_text ("·"),
                             mf_math_prime (velocity (eq, k)), NULL),
                mf_math_sum_finish (rhs));
}

/* A reducing valve's area, closing as its outlet's pressure rises to the
 * setting (docs/model.md, "Pressure-reducing valves"): its law, and its
 * symbol for the orifice law. */
static MfMath *
reducing_opening (MfEquations *eq, const MfBranch *b)
{
  guint c = b->component;
  MfMath *opening = mf_math_symbol ("a", id_of (eq, c));
  MfMath *share = mf_math_frac (
    mf_math_row (parameter (eq, c, MF_REDUCING_SET_PRESSURE, "p", "set"), mf_math_text (" − "),
                 pressure (eq, b->node[1]), NULL),
    parameter (eq, c, MF_REDUCING_FULL_OPEN_DROP, "Δp", "drop"));

  mf_equations_append (eq, MF_EQUATION_LAW, (int) c, NULL, mf_math_copy (opening),
                mf_math_row (parameter (eq, c, MF_REDUCING_FULL_AREA, "a", "full"),
                             mf_math_text ("·"),
                             mf_math_call ("min", mf_math_text ("1"),
                                           mf_math_call ("max", mf_math_text ("0"), share, NULL),
                                           NULL),
                             NULL));
  return opening;
}

static void
orifice_equations (MfEquations *eq, guint k)
{
  const MfBranch *b = mf_model_branch (eq->model, k);
  const MfComponent *comp = component (eq, b->component);
  gboolean reducing = comp->info->type == MF_COMPONENT_REDUCING_VALVE;
  MfMath *rho = fluid (eq, "ρ", eq->model->circuit->fluid.density, MF_QUANTITY_DENSITY);
  MfMath *area = end_area (eq, k, 0);
  MfMath *cd = parameter (eq, b->component, reducing ? MF_REDUCING_CD : MF_ORIFICE_CD, "c", "d");
  MfMath *opening = reducing ? reducing_opening (eq, b)
                             : parameter (eq, b->component, MF_ORIFICE_AREA, "a", NULL);
  MfMath *rhs = pressure_difference (eq, b);
  MfMath *lhs;

  if (comp->info->type == MF_COMPONENT_CHECK_VALVE
      && comp->params[MF_CHECK_VALVE_CRACKING_PRESSURE].value > 0.0)
    mf_math_free (parameter (eq, b->component, MF_CHECK_VALVE_CRACKING_PRESSURE, "p", "crack"));
  mf_math_sum_add (rhs, TRUE,
            mf_math_frac (mf_math_row (rho, mf_math_text ("·"),
                                       mf_math_power (mf_math_copy (area), mf_math_text ("2")),
                                       mf_math_text ("·"), velocity (eq, k), mf_math_text ("·"),
                                       mf_math_abs (velocity (eq, k)), NULL),
                          mf_math_row (mf_math_text ("2·"), mf_math_power (cd, mf_math_text ("2")),
                                       mf_math_text ("·"),
                                       mf_math_power (opening, mf_math_text ("2")), NULL)));
  if (b->mass > 0.0)
    lhs = mf_math_row (mf_math_frac (parameter (eq, b->component, MF_ORIFICE_MASS, "m", NULL),
                                     area),
                       mf_math_text ("·"), mf_math_prime (velocity (eq, k)), NULL);
  else
    {
      mf_math_free (area);
      lhs = mf_math_text ("0");
    }
  mf_equations_append (eq, MF_EQUATION_MOTION, (int) b->component, NULL, lhs, mf_math_sum_finish (rhs));
}

/* A pump's or motor's laminar leak per unit of its reference area:
 * 0 = Δp − A·v/k, its flow A·v = k·Δp (mf-leak.h). */
static void
leak_equations (MfEquations *eq, guint k)
{
  const MfBranch *b = mf_model_branch (eq->model, k);
  MfMath *rhs = pressure_difference (eq, b);

  mf_math_sum_add (rhs, TRUE,
            mf_math_frac (mf_math_row (end_area (eq, k, 0), mf_math_text ("·"), velocity (eq, k),
                                       NULL),
                          parameter (eq, b->component, MF_LEAK_COEFFICIENT, "k", NULL)));
  mf_equations_append (eq, MF_EQUATION_MOTION, (int) b->component, NULL, mf_math_text ("0"),
                       mf_math_sum_finish (rhs));
}

static void
relief_equations (MfEquations *eq, guint k)
{
  const MfBranch *b = mf_model_branch (eq->model, k);
  guint c = b->component;
  g_autofree char *dp_sub = g_strdup (id_of (eq, c));
  MfMath *dp = mf_math_symbol ("Δp", dp_sub);
  MfMath *opening = mf_math_symbol ("a", dp_sub);
  MfMath *rho = fluid (eq, "ρ", eq->model->circuit->fluid.density, MF_QUANTITY_DENSITY);
  MfMath *area = end_area (eq, k, 0);
  MfMath *share;

  mf_equations_append (eq, MF_EQUATION_MOTION, (int) c, NULL, mf_math_copy (dp),
                mf_math_sum_finish (pressure_difference (eq, b)));
  mf_equations_append (eq, MF_EQUATION_LAW, (int) c, NULL,
                mf_math_row (area, mf_math_text ("·"), velocity (eq, k), NULL),
                mf_math_row (parameter (eq, c, MF_RELIEF_CD, "c", "d"), mf_math_text ("·"),
                             mf_math_copy (opening), mf_math_text ("·"),
                             mf_math_call ("√", mf_math_frac (mf_math_row (mf_math_text ("2·"),
                                                                           mf_math_copy (dp), NULL),
                                                              rho),
                                           NULL),
                             NULL));
  share = mf_math_frac (mf_math_row (dp, mf_math_text (" − "),
                                     parameter (eq, c, MF_RELIEF_SET_PRESSURE, "p", "set"), NULL),
                        parameter (eq, c, MF_RELIEF_FULL_OPEN_RISE, "Δp", "rise"));
  mf_equations_append (eq, MF_EQUATION_LAW, (int) c, NULL, opening,
                mf_math_row (parameter (eq, c, MF_RELIEF_FULL_AREA, "a", "full"),
                             mf_math_text ("·"),
                             mf_math_call ("min", mf_math_text ("1"),
                                           mf_math_call ("max", mf_math_text ("0"), share, NULL),
                                           NULL),
                             NULL));
}

/* A flow control valve (docs/model.md, "Flow control valves"): the
 * throttle takes the drop up to the compensator's setting, the compensator
 * the rest, through which the flow rises by k_r per Pa. */
static void
flow_control_equations (MfEquations *eq, guint k)
{
  const MfBranch *b = mf_model_branch (eq->model, k);
  guint c = b->component;
  g_autofree char *throttle_sub = g_strdup_printf ("t,%s", id_of (eq, c));
  MfMath *dp = mf_math_symbol ("Δp", id_of (eq, c));
  MfMath *throttle = mf_math_symbol ("Δp", throttle_sub);
  MfMath *compensator = parameter (eq, c, MF_FLOW_CONTROL_COMPENSATOR_PRESSURE, "Δp", "c");

  mf_equations_append (eq, MF_EQUATION_MOTION, (int) c, NULL, mf_math_copy (dp),
                mf_math_sum_finish (pressure_difference (eq, b)));
  mf_equations_append (eq, MF_EQUATION_LAW, (int) c, NULL, mf_math_copy (throttle),
                mf_math_call ("min", mf_math_copy (dp), mf_math_copy (compensator), NULL));
  mf_equations_append (eq, MF_EQUATION_LAW, (int) c, NULL,
                mf_math_row (end_area (eq, k, 0), mf_math_text ("·"), velocity (eq, k), NULL),
                mf_math_row (parameter (eq, c, MF_FLOW_CONTROL_FLOW, "q", "set"),
                             mf_math_text ("·"), mf_math_call ("sgn", mf_math_copy (throttle), NULL),
                             mf_math_text ("·"),
                             mf_math_call ("√", mf_math_frac (mf_math_abs (mf_math_copy (throttle)),
                                                              compensator),
                                           NULL),
                             mf_math_text (" + "),
                             parameter (eq, c, MF_FLOW_CONTROL_REGULATION, "k", "r"),
                             mf_math_text ("·("), dp, mf_math_text (" − "), throttle,
                             mf_math_text (")"), NULL));
}

/* An accumulator per unit of its port area: its port's pressure against
 * its gas's, `p_gas = p_0·(V_0/(V_0 − A·x))^n` (docs/model.md,
 * "Accumulators"). */
static void
accumulator_equations (MfEquations *eq, guint k)
{
  const MfBranch *b = mf_model_branch (eq->model, k);
  guint c = b->component;
  g_autofree char *sub = g_strdup_printf ("gas,%s", id_of (eq, c));
  MfMath *gas = mf_math_symbol ("p", sub);
  MfMath *area = end_area (eq, k, 0);
  MfMath *v0 = parameter (eq, c, MF_ACCUMULATOR_GAS_VOLUME, "V", "0");
  MfMath *rhs = pressure_difference (eq, b);
  MfMath *lhs;

  mf_math_sum_add (rhs, TRUE, mf_math_copy (gas));
  if (b->mass > 0.0)
    lhs = mf_math_row (mf_math_frac (parameter (eq, c, MF_ACCUMULATOR_MASS, "m", NULL),
                                     mf_math_copy (area)),
                       mf_math_text ("·"), mf_math_prime (velocity (eq, k)), NULL);
  else
    lhs = mf_math_text ("0");
  mf_equations_append (eq, MF_EQUATION_MOTION, (int) c, NULL, lhs, mf_math_sum_finish (rhs));
  mf_equations_append (
    eq, MF_EQUATION_LAW, (int) c, NULL, gas,
    mf_math_row (parameter (eq, c, MF_ACCUMULATOR_PRECHARGE, "p", "0"), mf_math_text ("·"),
                 mf_math_power (mf_math_paren (mf_math_frac (
                                  mf_math_copy (v0),
                                  mf_math_row (v0, mf_math_text (" − "), area, mf_math_text ("·"),
                                               mf_math_name (mf_model_state_name (
                                                 eq->model, eq->model->branches->len + b->position)),
                                               NULL))),
                                parameter (eq, c, MF_ACCUMULATOR_EXPONENT, "n", NULL)),
                 NULL));
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
    return velocity (eq, n->representative);
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
      MfMath *rhs = tension (eq, e, TRUE,
                             parameter (eq, e->component, MF_SPRING_STIFFNESS, "k", NULL));

      if (e->preload != 0.0)
        rhs = mf_math_row (rhs, mf_math_text (" + "),
                           parameter (eq, e->component, MF_SPRING_PRELOAD, "F", "0"), NULL);
      mf_equations_append (eq, MF_EQUATION_LAW, (int) e->component, NULL,
                    mf_math_symbol ("T", id_of (eq, e->component)), rhs);
    }
  for (guint s = 0; s < eq->model->dampers->len; s++)
    {
      const MfElement *e = &g_array_index (eq->model->dampers, MfElement, s);

      mf_equations_append (eq, MF_EQUATION_LAW, (int) e->component, NULL,
                    mf_math_symbol ("T", id_of (eq, e->component)),
                    tension (eq, e, FALSE,
                             parameter (eq, e->component, MF_DAMPER_DAMPING, "c", NULL)));
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
            mf_math_sum_add (sum, end == 1, mf_math_symbol ("T", id_of (eq, e->component)));
      }
  for (guint s = 0; s < eq->model->forces->len; s++)
    {
      const MfElement *e = &g_array_index (eq->model->forces, MfElement, s);

      if (e->node[0] == node)
        mf_math_sum_add (sum, FALSE,
                         parameter (eq, e->component, MF_FORCE_FORCE,
                                    mf_model_node (eq->model, node)->rotary ? "τ" : "F", NULL));
    }
}

/* A piston's damping or a motor's friction; a motor's mechanical efficiency
 * adds to what it is given (mf-leak.h). */
static MfMath *
damping (MfEquations *eq, guint k)
{
  const MfBranch *b = mf_model_branch (eq->model, k);
  const MfParam *p = component (eq, b->component)->params;
  MfMath *definition;

  if (!b->rotary)
    return parameter (eq, b->component, MF_PISTON_DAMPING, "c", NULL);
  if (p[MF_MOTOR_MECHANICAL_EFFICIENCY].value == 1.0)
    return parameter (eq, b->component, MF_MOTOR_FRICTION, "c", NULL);
  definition = mf_math_row (parameter (eq, b->component, MF_MOTOR_FRICTION, "c", "given"),
                            mf_math_text (" + (1 − "),
                            parameter (eq, b->component, MF_MOTOR_MECHANICAL_EFFICIENCY, "η", "m"),
                            mf_math_text (")·"),
                            mf_math_frac (mf_math_row (end_area (eq, k, 0),
                                                       mf_math_text ("·"),
                                                       parameter (eq, b->component,
                                                                  MF_MOTOR_RATED_PRESSURE, "Δp",
                                                                  "r"),
                                                       NULL),
                                          parameter (eq, b->component, MF_MOTOR_RATED_SPEED, "ω",
                                                     "r")),
                            NULL);
  return derived (eq, b->component, "c", NULL, definition, b->damping,
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
                  parameter (eq, b->component,
                             b->kind == MF_BRANCH_PISTON ? MF_PISTON_MASS : MF_MASS_MASS,
                             b->rotary ? "J" : "m", NULL));
      if (b->kind != MF_BRANCH_PISTON)
        continue;
      for (guint e = 0; e < 2; e++)
        if (b->node[e] != MF_NONE)
          mf_math_sum_add (rhs, e == 1,
                    mf_math_row (end_area (eq, k, e), mf_math_text ("·"), pressure (eq, b->node[e]),
                                 NULL));
      if (b->damping > 0.0)
        mf_math_sum_add (rhs, TRUE,
                  mf_math_row (damping (eq, k), mf_math_text ("·"), velocity (eq, k), NULL));
    }
  node_forces (eq, node, rhs);
  if (mf_math_n_children (masses) == 0)
    {
      mf_math_free (masses);
      lhs = mf_math_text ("0");
    }
  else
    lhs = mf_math_row (mf_math_n_children (masses) > 1 ? mf_math_paren (masses) : masses,
                       mf_math_text ("·"), mf_math_prime (velocity (eq, rep)), NULL);
  mf_equations_append (eq, MF_EQUATION_MOTION, (int) mf_model_branch (eq->model, rep)->component, NULL,
                lhs, mf_math_sum_finish (rhs));
}

static void
kinematic_equation (MfEquations *eq, guint k)
{
  const MfBranch *b = mf_model_branch (eq->model, k);

  mf_equations_append (eq, MF_EQUATION_KINEMATIC, (int) b->component, NULL,
                mf_math_prime (mf_math_name (mf_model_state_name (
                  eq->model, eq->model->branches->len + b->position))),
                velocity (eq, k));
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
  const MfComponent *comp = component (eq, e->component);
  MfMath *flow;

  if (comp->info->type == MF_COMPONENT_FLOW_SOURCE)
    return parameter (eq, e->component, MF_FLOW_SOURCE_FLOW, "q", NULL);
  flow = mf_math_row_new ();
  if (comp->params[MF_PUMP_VOLUMETRIC_EFFICIENCY].value != 1.0)
    mf_math_append (flow, mf_math_row (parameter (eq, e->component, MF_PUMP_VOLUMETRIC_EFFICIENCY,
                                                  "η", "v"),
                                       mf_math_text ("·"), NULL));
  mf_math_append (flow, parameter (eq, e->component, MF_PUMP_DISPLACEMENT, "D", NULL));
  if (comp->info->type == MF_COMPONENT_VARIABLE_PUMP)
    mf_math_append (flow, mf_math_row (mf_math_text ("·"),
                                       parameter (eq, e->component, MF_PUMP_FRACTION, "ε", NULL),
                                       NULL));
  mf_math_append (flow, mf_math_row (mf_math_text ("·"),
                                     parameter (eq, e->component, MF_PUMP_SPEED, "n", NULL),
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
                    mf_math_row (end_area (eq, k, e), mf_math_text ("·"), velocity (eq, k), NULL));
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
                    mf_math_row (end_area (eq, k, e), mf_math_text ("·"), velocity (eq, k), NULL));
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
  const MfComponent *comp = component (eq, c);
  const MfFluid *f = &eq->model->circuit->fluid;
  MfMath *bulk;

  if (!isnan (comp->params[MF_VOLUME_CAPACITANCE].value))
    return parameter (eq, c, MF_VOLUME_CAPACITANCE, "C", NULL);
  bulk = !isnan (comp->params[MF_VOLUME_BULK_MODULUS].value)
           ? parameter (eq, c, MF_VOLUME_BULK_MODULUS, "K", NULL)
           : fluid (eq, "K", f->bulk_modulus, MF_QUANTITY_PRESSURE);
  return mf_math_frac (parameter (eq, c, MF_VOLUME_VOLUME, "V", NULL), bulk);
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
  MfMath *travel = cap ? x
                       : mf_math_paren (mf_math_row (parameter (eq, c, MF_PISTON_STROKE, "s", NULL),
                                                     mf_math_text (" − "), x, NULL));

  return mf_math_frac (
    mf_math_paren (mf_math_row (
      parameter (eq, c, cap ? MF_PISTON_CAP_DEAD_VOLUME : MF_PISTON_ROD_DEAD_VOLUME, "V",
                 cap ? "cap" : "rod"),
      mf_math_text (" + "),
      parameter (eq, c, cap ? MF_PISTON_CAP_AREA : MF_PISTON_ROD_AREA, "A", cap ? "cap" : "rod"),
      mf_math_text ("·"), travel, NULL)),
    fluid (eq, "K", eq->model->circuit->fluid.bulk_modulus, MF_QUANTITY_PRESSURE));
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
      mf_math_sum_add (capacity, FALSE,
                       chamber_capacitance (eq, &g_array_index (mf_model_node (eq->model, node)->chambers,
                                                                MfChamber, i)));
      n_volumes++;
    }
  mf_equations_append (eq, MF_EQUATION_COMPLIANT, node_owner (eq, node),
                mf_model_node (eq->model, node)->name,
                mf_math_row (n_volumes > 1 ? mf_math_paren (capacity) : capacity,
                             mf_math_text ("·"), mf_math_prime (pressure (eq, node)), NULL),
                node_inflow (eq, node));
}

static void
tank_equation (MfEquations *eq, guint node)
{
  int owner = node_owner (eq, node);

  mf_equations_append (eq, MF_EQUATION_LAW, owner, NULL, pressure (eq, node),
                parameter (eq, (guint) owner, MF_TANK_PRESSURE, "p", NULL));
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
      const MfNode *mech;

      switch (b->kind)
        {
        case MF_BRANCH_PIPE:
          pipe_equations (eq, k);
          break;
        case MF_BRANCH_ORIFICE:
          orifice_equations (eq, k);
          break;
        case MF_BRANCH_RELIEF:
          relief_equations (eq, k);
          break;
        case MF_BRANCH_FLOW_CONTROL:
          flow_control_equations (eq, k);
          break;
        case MF_BRANCH_ACCUMULATOR:
          accumulator_equations (eq, k);
          break;
        case MF_BRANCH_LEAK:
          leak_equations (eq, k);
          break;
        case MF_BRANCH_PISTON:
        case MF_BRANCH_MASS:
        default:
          mech = mf_model_node (model, b->mech_node);
          if (mech->representative == k)
            node_motion_equation (eq, b->mech_node);
          break;
        }
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

      mf_equations_append (eq, MF_EQUATION_LINK, (int) mf_model_branch (model, link->a)->component, NULL,
                    velocity (eq, link->a),
                    link->b != MF_NONE ? velocity (eq, link->b) : mf_math_text ("0"));
    }
  for (guint k = 0; k < model->branches->len; k++)
    if (mf_model_branch_can_close (model, k) && closed[mf_model_branch (model, k)->component])
      mf_equations_append (eq, MF_EQUATION_CLOSED, (int) mf_model_branch (model, k)->component, NULL,
                    velocity (eq, k), mf_math_text ("0"));
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
