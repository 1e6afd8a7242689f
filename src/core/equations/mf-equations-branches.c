/* mf-equations-branches.c: the laws of a circuit's hydraulic branches
 * written out (mf-equations.h, docs/model.md "The equations written
 * out") — pipes, orifices and valves (a directional valve's paths and a
 * reducing valve with their openings), leaks, relief and flow control
 * valves and accumulators, each per unit of its area — and the areas by
 * which a branch's velocity enters W.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-equations-private.h"

#include <glib/gi18n.h>
#include <string.h>

#include "mf-model-private.h"
#include "mf-spool.h"

/* ---- areas: what a branch's velocity is multiplied by in W ---- */

static MfMath *
circle (MfEquations *eq, guint c, guint diameter_param, const char *diameter_base, double area)
{
  MfMath *d = mf_equations_parameter (eq, c, diameter_param, diameter_base, NULL);
  MfMath *definition = mf_math_frac (mf_math_row (mf_math_text ("π·"),
                                                  mf_math_power (d, mf_math_text ("2")), NULL),
                                     mf_math_text ("4"));

  return mf_equations_derived (eq, c, "A", NULL, definition, area, MF_QUANTITY_AREA);
}

/* The symbol of branch k's coefficient at end e (without its sign). */
MfMath *
mf_equations_end_area (MfEquations *eq, guint k, guint e)
{
  const MfBranch *b = mf_model_branch (eq->model, k);

  switch (b->kind)
    {
    case MF_BRANCH_PIPE:
      return circle (eq, b->component, MF_PIPE_DIAMETER, "d", b->area);
    case MF_BRANCH_ORIFICE:
      return circle (eq, b->component,
                     mf_equations_component (eq, b->component)->info->type
                             == MF_COMPONENT_REDUCING_VALVE
                         ? MF_REDUCING_PORT_DIAMETER
                         : MF_ORIFICE_PORT_DIAMETER,
                     "D", b->area);
    case MF_BRANCH_RELIEF:
      return circle (eq, b->component, MF_RELIEF_PORT_DIAMETER, "D", b->area);
    case MF_BRANCH_FLOW_CONTROL:
      return circle (eq, b->component, MF_FLOW_CONTROL_PORT_DIAMETER, "D", b->area);
    case MF_BRANCH_ACCUMULATOR:
      return circle (eq, b->component, MF_ACCUMULATOR_PORT_DIAMETER, "D", b->area);
    case MF_BRANCH_LEAK:
      return mf_equations_derived (eq, b->component, "A", NULL,
                      mf_math_words (_("the leak's reference area, a 10 mm port's")), b->area,
                      MF_QUANTITY_AREA);
    case MF_BRANCH_PISTON:
      if (b->rotary)
        return mf_equations_parameter (eq, b->component, MF_MOTOR_DISPLACEMENT, "D", NULL);
      return mf_equations_parameter (eq, b->component,
                                     e == 0 ? MF_PISTON_CAP_AREA : MF_PISTON_ROD_AREA, "A",
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
      mf_math_sum_add (sum, e == 1, mf_equations_pressure (eq, b->node[e]));
  return sum;
}

static void
pipe_equations (MfEquations *eq, guint k)
{
  const MfBranch *b = mf_model_branch (eq->model, k);
  const MfFluid *f = &eq->model->circuit->fluid;
  MfMath *rho = mf_equations_fluid (eq, "ρ", f->density, MF_QUANTITY_DENSITY);
  MfMath *length = mf_equations_parameter (eq, b->component, MF_PIPE_LENGTH, "L", NULL);
  MfMath *rhs = pressure_difference (eq, b);
  MfMath *d = mf_equations_parameter (eq, b->component, MF_PIPE_DIAMETER, "d", NULL);

  mf_math_free (circle (eq, b->component, MF_PIPE_DIAMETER, "d", b->area));
  if (b->friction == MF_FRICTION_LAMINAR)
    {
      MfMath *nu = mf_equations_fluid (eq, "ν", f->kinematic_viscosity, MF_QUANTITY_VISCOSITY);

      mf_math_sum_add (rhs, TRUE,
                mf_math_frac (mf_math_row (mf_math_text ("32·"), mf_math_copy (rho),
                                           mf_math_text ("·"), nu, mf_math_text ("·"),
                                           mf_math_copy (length), mf_math_text ("·"),
                                           mf_equations_velocity (eq, k), NULL),
                              mf_math_power (mf_math_copy (d), mf_math_text ("2"))));
    }
  else if (b->friction == MF_FRICTION_TURBULENT)
    {
      g_autofree char *sub = g_strdup (mf_equations_id_of (eq, b->component));
      MfMath *lambda = mf_math_symbol ("λ", sub);

      mf_math_free (mf_equations_fluid (eq, "ν", f->kinematic_viscosity, MF_QUANTITY_VISCOSITY));
      mf_math_free (mf_equations_parameter (eq, b->component, MF_PIPE_ROUGHNESS, "ε", NULL));
      mf_equations_add_symbol (eq, mf_math_copy (lambda), (int) b->component,
                  mf_math_words (_("Colebrook’s friction factor at Re = |v|·d/ν (laminar 64/Re "
                                  "below 2300, blended up to 4000)")));
      mf_math_sum_add (
          rhs, TRUE,
          mf_math_frac (mf_math_row (lambda, mf_math_text ("·"), mf_math_copy (rho),
                                     mf_math_text ("·"), mf_math_copy (length), mf_math_text ("·"),
                                     mf_equations_velocity (eq, k), mf_math_text ("·"),
                                     mf_math_abs (mf_equations_velocity (eq, k)), NULL),
                        mf_math_row (mf_math_text ("2·"), mf_math_copy (d), NULL)));
    }
  mf_math_free (d);
  mf_equations_append (eq, MF_EQUATION_MOTION, (int) b->component, NULL,
                mf_math_row (rho, mf_math_text ("·"), length, mf_math_text ("·"),
                             mf_math_prime (mf_equations_velocity (eq, k)), NULL),
                mf_math_sum_finish (rhs));
}

/* Appends `opening = full·min(1, max(0, share))` of component `owner`
 * (all taken): the opening of a relief, reducing or directional valve. */
static void
append_opening (MfEquations *eq, guint owner, MfMath *opening, MfMath *full, MfMath *share)
{
  mf_equations_append (eq, MF_EQUATION_LAW, (int) owner, NULL, opening,
                       mf_math_row (full, mf_math_text ("·"),
                                    mf_math_call ("min", mf_math_text ("1"),
                                                  mf_math_call ("max", mf_math_text ("0"), share,
                                                                NULL),
                                                  NULL),
                                    NULL));
}

/* A reducing valve's area, closing as its outlet's pressure rises to the
 * setting (docs/model.md, "Pressure-reducing valves"): its law, and its
 * symbol for the orifice law. */
static MfMath *
reducing_opening (MfEquations *eq, const MfBranch *b)
{
  guint c = b->component;
  MfMath *opening = mf_math_symbol ("a", mf_equations_id_of (eq, c));
  MfMath *share = mf_math_frac (
    mf_math_row (mf_equations_parameter (eq, c, MF_REDUCING_SET_PRESSURE, "p", "set"),
                 mf_math_text (" − "), mf_equations_pressure (eq, b->node[1]), NULL),
    mf_equations_parameter (eq, c, MF_REDUCING_FULL_OPEN_DROP, "Δp", "drop"));

  append_opening (eq, c, mf_math_copy (opening),
                  mf_equations_parameter (eq, c, MF_REDUCING_FULL_AREA, "a", "full"), share);
  return opening;
}

/* The area of path `path` ("DV1.pa") of directional valve `valve`, which
 * opens with the valve's spool s (docs/model.md, "Directional valves"):
 * its law in s, and its symbol for the orifice law.  The spool is listed
 * as any parameter is — s_DV1(t) with its expression, or a law of its own
 * when it follows the state — so a reader sees what the area depends on.
 * The path's name after the valve's id says which side it opens on. */
static MfMath *
spool_opening (MfEquations *eq, guint path, guint valve)
{
  const char *id = mf_equations_id_of (eq, path);
  const char *side = id + strlen (mf_equations_id_of (eq, valve)) + 1;
  MfMath *spool = mf_equations_parameter (eq, valve, MF_SPOOL_SPOOL, "s", NULL);
  MfMath *opening = mf_math_symbol ("a", id);
  MfMath *share;

  if (g_str_has_prefix (side, "c_"))
    /* a centre's path, open at s = 0 */
    share = mf_math_row (mf_math_text ("1 − "), mf_math_abs (spool), NULL);
  else
    {
      /* P→A and B→T open as s rises past the overlap o, P→B and A→T as
       * it falls below −o */
      gboolean falling = strcmp (side, "pb") == 0 || strcmp (side, "at") == 0;
      MfMath *overlap = mf_equations_parameter (eq, valve, MF_SPOOL_OVERLAP, "o", NULL);

      share = mf_math_frac (mf_math_row (mf_math_text (falling ? "−" : ""), spool,
                                         mf_math_text (" − "), mf_math_copy (overlap), NULL),
                            mf_math_row (mf_math_text ("1 − "), overlap, NULL));
    }
  append_opening (eq, path, mf_math_copy (opening),
                  mf_equations_parameter (eq, valve, MF_SPOOL_FULL_AREA, "a", "full"), share);
  return opening;
}

static void
orifice_equations (MfEquations *eq, guint k)
{
  const MfBranch *b = mf_model_branch (eq->model, k);
  const MfComponent *comp = mf_equations_component (eq, b->component);
  gboolean reducing = comp->info->type == MF_COMPONENT_REDUCING_VALVE;
  MfMath *rho = mf_equations_fluid (eq, "ρ", eq->model->circuit->fluid.density,
                                    MF_QUANTITY_DENSITY);
  MfMath *area = mf_equations_end_area (eq, k, 0);
  MfMath *cd = mf_equations_parameter (eq, b->component, reducing ? MF_REDUCING_CD : MF_ORIFICE_CD,
                                       "c", "d");
  guint valve = mf_spool_owner (eq->model->circuit, b->component);
  MfMath *opening = reducing ? reducing_opening (eq, b)
                    : valve != b->component
                      ? spool_opening (eq, b->component, valve)
                      : mf_equations_parameter (eq, b->component, MF_ORIFICE_AREA, "a", NULL);
  MfMath *rhs = pressure_difference (eq, b);
  MfMath *lhs;

  if (comp->info->type == MF_COMPONENT_CHECK_VALVE
      && comp->params[MF_CHECK_VALVE_CRACKING_PRESSURE].value > 0.0)
    mf_math_free (
        mf_equations_parameter (eq, b->component, MF_CHECK_VALVE_CRACKING_PRESSURE, "p", "crack"));
  mf_math_sum_add (
      rhs, TRUE,
      mf_math_frac (
          mf_math_row (rho, mf_math_text ("·"),
                       mf_math_power (mf_math_copy (area), mf_math_text ("2")), mf_math_text ("·"),
                       mf_equations_velocity (eq, k), mf_math_text ("·"),
                       mf_math_abs (mf_equations_velocity (eq, k)), NULL),
          mf_math_row (mf_math_text ("2·"), mf_math_power (cd, mf_math_text ("2")),
                       mf_math_text ("·"), mf_math_power (opening, mf_math_text ("2")), NULL)));
  if (b->mass > 0.0)
    lhs = mf_math_row (
        mf_math_frac (mf_equations_parameter (eq, b->component, MF_ORIFICE_MASS, "m", NULL), area),
        mf_math_text ("·"), mf_math_prime (mf_equations_velocity (eq, k)), NULL);
  else
    {
      mf_math_free (area);
      lhs = mf_math_text ("0");
    }
  mf_equations_append (eq, MF_EQUATION_MOTION, (int) b->component, NULL, lhs,
                       mf_math_sum_finish (rhs));
}

/* A pump's or motor's laminar leak per unit of its reference area:
 * 0 = Δp − A·v/k, its flow A·v = k·Δp (mf-leak.h). */
static void
leak_equations (MfEquations *eq, guint k)
{
  const MfBranch *b = mf_model_branch (eq->model, k);
  MfMath *rhs = pressure_difference (eq, b);

  mf_math_sum_add (
      rhs, TRUE,
      mf_math_frac (mf_math_row (mf_equations_end_area (eq, k, 0), mf_math_text ("·"),
                                 mf_equations_velocity (eq, k), NULL),
                    mf_equations_parameter (eq, b->component, MF_LEAK_COEFFICIENT, "k", NULL)));
  mf_equations_append (eq, MF_EQUATION_MOTION, (int) b->component, NULL, mf_math_text ("0"),
                       mf_math_sum_finish (rhs));
}

static void
relief_equations (MfEquations *eq, guint k)
{
  const MfBranch *b = mf_model_branch (eq->model, k);
  guint c = b->component;
  g_autofree char *dp_sub = g_strdup (mf_equations_id_of (eq, c));
  MfMath *dp = mf_math_symbol ("Δp", dp_sub);
  MfMath *opening = mf_math_symbol ("a", dp_sub);
  MfMath *rho = mf_equations_fluid (eq, "ρ", eq->model->circuit->fluid.density,
                                    MF_QUANTITY_DENSITY);
  MfMath *area = mf_equations_end_area (eq, k, 0);
  MfMath *share;

  mf_equations_append (eq, MF_EQUATION_MOTION, (int) c, NULL, mf_math_copy (dp),
                mf_math_sum_finish (pressure_difference (eq, b)));
  mf_equations_append (
      eq, MF_EQUATION_LAW, (int) c, NULL,
      mf_math_row (area, mf_math_text ("·"), mf_equations_velocity (eq, k), NULL),
      mf_math_row (
          mf_equations_parameter (eq, c, MF_RELIEF_CD, "c", "d"), mf_math_text ("·"),
          mf_math_copy (opening), mf_math_text ("·"),
          mf_math_call (
              "√", mf_math_frac (mf_math_row (mf_math_text ("2·"), mf_math_copy (dp), NULL), rho),
              NULL),
          NULL));
  share = mf_math_frac (
      mf_math_row (dp, mf_math_text (" − "),
                   mf_equations_parameter (eq, c, MF_RELIEF_SET_PRESSURE, "p", "set"), NULL),
      mf_equations_parameter (eq, c, MF_RELIEF_FULL_OPEN_RISE, "Δp", "rise"));
  append_opening (eq, c, opening, mf_equations_parameter (eq, c, MF_RELIEF_FULL_AREA, "a", "full"),
                  share);
}

/* A flow control valve (docs/model.md, "Flow control valves"): the
 * throttle takes the drop up to the compensator's setting, the compensator
 * the rest, through which the flow rises by k_r per Pa. */
static void
flow_control_equations (MfEquations *eq, guint k)
{
  const MfBranch *b = mf_model_branch (eq->model, k);
  guint c = b->component;
  g_autofree char *throttle_sub = g_strdup_printf ("t,%s", mf_equations_id_of (eq, c));
  MfMath *dp = mf_math_symbol ("Δp", mf_equations_id_of (eq, c));
  MfMath *throttle = mf_math_symbol ("Δp", throttle_sub);
  MfMath *compensator = mf_equations_parameter (eq, c, MF_FLOW_CONTROL_COMPENSATOR_PRESSURE,
                                                "Δp", "c");

  mf_equations_append (eq, MF_EQUATION_MOTION, (int) c, NULL, mf_math_copy (dp),
                mf_math_sum_finish (pressure_difference (eq, b)));
  mf_equations_append (eq, MF_EQUATION_LAW, (int) c, NULL, mf_math_copy (throttle),
                mf_math_call ("min", mf_math_copy (dp), mf_math_copy (compensator), NULL));
  mf_equations_append (
      eq, MF_EQUATION_LAW, (int) c, NULL,
      mf_math_row (mf_equations_end_area (eq, k, 0), mf_math_text ("·"),
                   mf_equations_velocity (eq, k), NULL),
      mf_math_row (
          mf_equations_parameter (eq, c, MF_FLOW_CONTROL_FLOW, "q", "set"), mf_math_text ("·"),
          mf_math_call ("sgn", mf_math_copy (throttle), NULL), mf_math_text ("·"),
          mf_math_call ("√", mf_math_frac (mf_math_abs (mf_math_copy (throttle)), compensator),
                        NULL),
          mf_math_text (" + "),
          mf_equations_parameter (eq, c, MF_FLOW_CONTROL_REGULATION, "k", "r"), mf_math_text ("·("),
          dp, mf_math_text (" − "), throttle, mf_math_text (")"), NULL));
}

/* An accumulator per unit of its port area: its port's pressure against
 * its gas's, `p_gas = p_0·(V_0/(V_0 − A·x))^n` (docs/model.md,
 * "Accumulators"). */
static void
accumulator_equations (MfEquations *eq, guint k)
{
  const MfBranch *b = mf_model_branch (eq->model, k);
  guint c = b->component;
  g_autofree char *sub = g_strdup_printf ("gas,%s", mf_equations_id_of (eq, c));
  MfMath *gas = mf_math_symbol ("p", sub);
  MfMath *area = mf_equations_end_area (eq, k, 0);
  MfMath *v0 = mf_equations_parameter (eq, c, MF_ACCUMULATOR_GAS_VOLUME, "V", "0");
  MfMath *rhs = pressure_difference (eq, b);
  MfMath *lhs;

  mf_math_sum_add (rhs, TRUE, mf_math_copy (gas));
  if (b->mass > 0.0)
    lhs = mf_math_row (mf_math_frac (mf_equations_parameter (eq, c, MF_ACCUMULATOR_MASS, "m", NULL),
                                     mf_math_copy (area)),
                       mf_math_text ("·"), mf_math_prime (mf_equations_velocity (eq, k)), NULL);
  else
    lhs = mf_math_text ("0");
  mf_equations_append (eq, MF_EQUATION_MOTION, (int) c, NULL, lhs, mf_math_sum_finish (rhs));
  mf_equations_append (
      eq, MF_EQUATION_LAW, (int) c, NULL, gas,
      mf_math_row (
          mf_equations_parameter (eq, c, MF_ACCUMULATOR_PRECHARGE, "p", "0"), mf_math_text ("·"),
          mf_math_power (mf_math_paren (mf_math_frac (
                             mf_math_copy (v0),
                             mf_math_row (v0, mf_math_text (" − "), area, mf_math_text ("·"),
                                          mf_math_name (mf_model_state_name (
                                              eq->model, eq->model->branches->len + b->position)),
                                          NULL))),
                         mf_equations_parameter (eq, c, MF_ACCUMULATOR_EXPONENT, "n", NULL)),
          NULL));
}

gboolean
mf_equations_add_branch (MfEquations *eq, guint k)
{
  switch (mf_model_branch (eq->model, k)->kind)
    {
    case MF_BRANCH_PIPE:
      pipe_equations (eq, k);
      return TRUE;
    case MF_BRANCH_ORIFICE:
      orifice_equations (eq, k);
      return TRUE;
    case MF_BRANCH_RELIEF:
      relief_equations (eq, k);
      return TRUE;
    case MF_BRANCH_FLOW_CONTROL:
      flow_control_equations (eq, k);
      return TRUE;
    case MF_BRANCH_ACCUMULATOR:
      accumulator_equations (eq, k);
      return TRUE;
    case MF_BRANCH_LEAK:
      leak_equations (eq, k);
      return TRUE;
    case MF_BRANCH_PISTON:
    case MF_BRANCH_MASS:
    default:
      return FALSE;
    }
}
