/* mf-oracle-branches.c: the oracle's branches and elements, one per
 * component as docs/model.md ("Forces") describes each.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-oracle-private.h"

#include <math.h>
#include <string.h>

static const MfComponent *
component_at (const MfCircuit *circuit, guint c)
{
  return g_ptr_array_index (circuit->components, c);
}

static double
disc_area (double diameter)
{
  return G_PI * diameter * diameter / 4.0;
}

/* A motor's friction: its own, and the torque its mechanical efficiency
 * loses at the rated point, (1 − η_m)·D·Δp_r, taken as viscous at ω_r. */
static double
motor_friction (const MfParam *p)
{
  double lost = (1.0 - p[MF_MOTOR_MECHANICAL_EFFICIENCY].value) * p[MF_MOTOR_DISPLACEMENT].value
                * p[MF_MOTOR_RATED_PRESSURE].value;

  if (p[MF_MOTOR_MECHANICAL_EFFICIENCY].value == 1.0)
    return p[MF_MOTOR_FRICTION].value;
  return p[MF_MOTOR_FRICTION].value + lost / p[MF_MOTOR_RATED_SPEED].value;
}

/* The pressure at a reducing valve's outlet as a value: a volume's state
 * by name, a tank's own pressure (a junction's is no state: the oracle
 * cannot bind it, and Manifold refuses it). */
static MfExpr *
outlet_pressure (const MfOracle *o, int node)
{
  const OrNode *n = &g_array_index (o->nodes, OrNode, node);
  g_autofree char *name = g_strdup_printf ("%s.p", n->name);

  if (n->kind == OR_NODE_TANK)
    return mf_expr_copy (n->pressure);
  return mf_expr_new_name (name);
}

static OrBranch
make_branch (MfOracle *o, OrPortMap *map, guint c)
{
  const MfComponent *component = component_at (o->circuit, c);
  const MfParam *p = component->params;
  double rho = o->circuit->fluid.density;
  OrBranch b = { 0 };

  b.id = g_strdup (component->id);
  b.component = component;
  b.component_index = c;
  b.node[0] = b.node[1] = b.mech = b.position = b.row = -1;
  b.stroke = INFINITY;
  b.dead[0] = b.dead[1] = NAN;
  if (component->info->type != MF_COMPONENT_MASS && component->info->type != MF_COMPONENT_INERTIA)
    b.node[0] = or_node_for_port (o, map, c, 0);
  if (component->info->n_ports > 1 && component->info->type != MF_COMPONENT_MASS
      && component->info->type != MF_COMPONENT_INERTIA)
    b.node[1] = or_node_for_port (o, map, c, 1);
  switch (component->info->type)
    {
    case MF_COMPONENT_PIPE:
      b.kind = OR_BRANCH_PIPE;
      b.length = p[MF_PIPE_LENGTH].value;
      b.diameter = p[MF_PIPE_DIAMETER].value;
      b.roughness = p[MF_PIPE_ROUGHNESS].value;
      b.friction = (MfFriction) p[MF_PIPE_FRICTION].choice;
      b.area[0] = b.area[1] = disc_area (b.diameter);
      b.mass = rho * b.area[0] * b.length;
      break;
    case MF_COMPONENT_ORIFICE:
    case MF_COMPONENT_VALVE:
    case MF_COMPONENT_CHECK_VALVE:
      b.kind = OR_BRANCH_ORIFICE;
      b.area[0] = b.area[1] = disc_area (p[MF_ORIFICE_PORT_DIAMETER].value);
      b.mass = p[MF_ORIFICE_MASS].value;
      /* Δp = ρ/2 (A v / (cd a))² acts on the port area A */
      b.k_num = rho * pow (b.area[0], 3) / (2.0 * pow (p[MF_ORIFICE_CD].value, 2));
      b.opening = or_value_new (&p[MF_ORIFICE_AREA]);
      b.shape = OR_AREA_PLAIN;
      b.area_eps = 1e-9 * b.area[0];
      b.automatic = component->info->type == MF_COMPONENT_CHECK_VALVE;
      if (b.automatic)
        b.cracking = p[MF_CHECK_VALVE_CRACKING_PRESSURE].value;
      break;
    case MF_COMPONENT_REDUCING_VALVE:
      /* an orifice whose area closes as its outlet's pressure rises to the
       * setting: a_full·clamp((p_set − p_b)/Δp_drop, 0, 1) */
      b.kind = OR_BRANCH_ORIFICE;
      b.area[0] = b.area[1] = disc_area (p[MF_REDUCING_PORT_DIAMETER].value);
      b.k_num = rho * pow (b.area[0], 3) / (2.0 * pow (p[MF_REDUCING_CD].value, 2));
      b.opening = outlet_pressure (o, b.node[1]);
      b.shape = OR_AREA_CLAMPED;
      b.full = p[MF_REDUCING_FULL_AREA].value;
      b.gain = -1.0 / p[MF_REDUCING_FULL_OPEN_DROP].value;
      b.offset = p[MF_REDUCING_SET_PRESSURE].value / p[MF_REDUCING_FULL_OPEN_DROP].value;
      b.area_eps = 1e-9 * b.area[0];
      break;
    case MF_COMPONENT_ACCUMULATOR:
      /* a piston on its gas, stopped at x = 0; the far end of its
       * "stroke", V_0/A, is never reached */
      b.kind = OR_BRANCH_PISTON;
      b.area[0] = disc_area (p[MF_ACCUMULATOR_PORT_DIAMETER].value);
      b.mass = p[MF_ACCUMULATOR_MASS].value;
      b.gas_p0 = p[MF_ACCUMULATOR_PRECHARGE].value;
      b.gas_v0 = p[MF_ACCUMULATOR_GAS_VOLUME].value;
      b.gas_n = p[MF_ACCUMULATOR_EXPONENT].value;
      b.stroke = b.gas_v0 / b.area[0];
      b.automatic = TRUE;
      break;
    case MF_COMPONENT_RELIEF_VALVE:
      b.kind = OR_BRANCH_RELIEF;
      b.area[0] = b.area[1] = disc_area (p[MF_RELIEF_PORT_DIAMETER].value);
      b.relief.set = p[MF_RELIEF_SET_PRESSURE].value;
      b.relief.rise = p[MF_RELIEF_FULL_OPEN_RISE].value;
      b.relief.full_area = p[MF_RELIEF_FULL_AREA].value;
      b.relief.cd = p[MF_RELIEF_CD].value;
      b.relief.density = rho;
      b.automatic = TRUE;
      b.cracking = b.relief.set;
      break;
    case MF_COMPONENT_FLOW_CONTROL_VALVE:
      b.kind = OR_BRANCH_FLOW_CONTROL;
      b.area[0] = b.area[1] = disc_area (p[MF_FLOW_CONTROL_PORT_DIAMETER].value);
      b.flow_control.flow = p[MF_FLOW_CONTROL_FLOW].value;
      b.flow_control.compensator = p[MF_FLOW_CONTROL_COMPENSATOR_PRESSURE].value;
      b.flow_control.regulation = p[MF_FLOW_CONTROL_REGULATION].value;
      break;
    case MF_COMPONENT_PISTON:
      b.kind = OR_BRANCH_PISTON;
      b.area[0] = p[MF_PISTON_CAP_AREA].value;
      b.area[1] = p[MF_PISTON_ROD_AREA].value;
      b.mass = p[MF_PISTON_MASS].value;
      b.damping = p[MF_PISTON_DAMPING].value;
      b.mech = or_node_for_port (o, map, c, MF_PISTON_M);
      b.stroke = p[MF_PISTON_STROKE].value;
      b.automatic = isfinite (b.stroke);
      b.dead[0] = p[MF_PISTON_CAP_DEAD_VOLUME].value;
      b.dead[1] = p[MF_PISTON_ROD_DEAD_VOLUME].value;
      break;
    case MF_COMPONENT_MOTOR:
      b.kind = OR_BRANCH_PISTON;
      b.area[0] = b.area[1] = p[MF_MOTOR_DISPLACEMENT].value;
      b.mass = p[MF_MOTOR_INERTIA].value;
      b.damping = motor_friction (p);
      b.mech = or_node_for_port (o, map, c, MF_MOTOR_SHAFT);
      break;
    case MF_COMPONENT_MASS:
    case MF_COMPONENT_INERTIA:
      b.kind = OR_BRANCH_MASS;
      b.mass = p[MF_MASS_MASS].value;
      b.mech = or_node_for_port (o, map, c, MF_PORT_M);
      break;
    case MF_COMPONENT_LEAK:
      b.kind = OR_BRANCH_LEAK;
      b.area[0] = b.area[1] = disc_area (0.010);
      b.leakage = p[MF_LEAK_COEFFICIENT].value;
      break;
    default:
      g_assert_not_reached ();
    }
  return b;
}

static gboolean
is_branch (MfComponentType type)
{
  return type == MF_COMPONENT_PIPE || type == MF_COMPONENT_ORIFICE || type == MF_COMPONENT_VALVE
         || type == MF_COMPONENT_CHECK_VALVE || type == MF_COMPONENT_RELIEF_VALVE
         || type == MF_COMPONENT_FLOW_CONTROL_VALVE
         || type == MF_COMPONENT_PISTON || type == MF_COMPONENT_MASS
         || type == MF_COMPONENT_MOTOR || type == MF_COMPONENT_INERTIA
         || type == MF_COMPONENT_LEAK || type == MF_COMPONENT_REDUCING_VALVE
         || type == MF_COMPONENT_ACCUMULATOR;
}

/* The element type a component is entered as (a rotary twin as its
 * translational one), or MF_N_COMPONENT_TYPES when it is none. */
static MfComponentType
element_type (MfComponentType type)
{
  switch (type)
    {
    case MF_COMPONENT_FLOW_SOURCE:
    case MF_COMPONENT_PUMP:
    case MF_COMPONENT_VARIABLE_PUMP:
    case MF_COMPONENT_SPRING:
    case MF_COMPONENT_DAMPER:
    case MF_COMPONENT_FORCE:
      return type;
    case MF_COMPONENT_ROTARY_SPRING:
      return MF_COMPONENT_SPRING;
    case MF_COMPONENT_ROTARY_DAMPER:
      return MF_COMPONENT_DAMPER;
    case MF_COMPONENT_TORQUE:
      return MF_COMPONENT_FORCE;
    default:
      return MF_N_COMPONENT_TYPES;
    }
}

/* ---- directional valves ---- */

static gboolean
is_directional (MfComponentType type)
{
  return type == MF_COMPONENT_VALVE_4_3 || type == MF_COMPONENT_VALVE_4_2;
}

/* Whether component c is one of the paths the loader adds inside a
 * directional valve ("DV1.pa"): the oracle writes those paths itself,
 * from the valve's own parameters. */
static gboolean
is_directional_path (const MfCircuit *circuit, guint c)
{
  const char *id = component_at (circuit, c)->id, *dot = strrchr (id, '.');
  g_autofree char *owner = NULL;
  int index;

  if (dot == NULL)
    return FALSE;
  owner = g_strndup (id, (gsize) (dot - id));
  index = mf_circuit_find_component (circuit, owner);
  return index >= 0 && is_directional (component_at (circuit, (guint) index)->info->type);
}

typedef enum { SIDE_POSITIVE, SIDE_NEGATIVE, SIDE_CENTRE } Side;

/* A path from port `from` to port `to` of directional valve c, an orifice
 * whose area follows the spool s (docs/model.md, "Directional valves"):
 * a_full·clamp(±s − o)/(1 − o), 0, 1) for the working paths, a_full·
 * clamp(1 − |s|, 0, 1) for the centre's. */
static void
add_path (MfOracle *o, OrPortMap *map, guint c, const char *name, const char *from,
          const char *to, Side side)
{
  const MfComponent *valve = component_at (o->circuit, c);
  const MfParam *p = valve->params;
  double overlap = p[MF_SPOOL_OVERLAP].value, cd = p[MF_SPOOL_CD].value;
  OrBranch b = { 0 };

  b.kind = OR_BRANCH_ORIFICE;
  b.id = g_strdup_printf ("%s.%s", valve->id, name);
  b.component = valve;
  b.component_index = c;
  b.node[0] = or_node_for_port (o, map, c, (guint) mf_component_type_port_index (valve->info, from));
  b.node[1] = or_node_for_port (o, map, c, (guint) mf_component_type_port_index (valve->info, to));
  b.mech = b.position = b.row = -1;
  b.stroke = INFINITY;
  b.dead[0] = b.dead[1] = NAN;
  b.area[0] = b.area[1] = disc_area (p[MF_SPOOL_PORT_DIAMETER].value);
  b.k_num = o->circuit->fluid.density * pow (b.area[0], 3) / (2.0 * cd * cd);
  b.area_eps = 1e-9 * b.area[0];
  b.opening = or_value_new (&p[MF_SPOOL_SPOOL]);
  b.full = p[MF_SPOOL_FULL_AREA].value;
  b.shape = side == SIDE_CENTRE ? OR_AREA_CLAMPED_ABS : OR_AREA_CLAMPED;
  b.gain = side == SIDE_CENTRE ? -1.0 : (side == SIDE_POSITIVE ? 1.0 : -1.0) / (1.0 - overlap);
  b.offset = side == SIDE_CENTRE ? 1.0 : -overlap / (1.0 - overlap);
  g_array_append_val (o->branches, b);
}

/* P→A and B→T open for s > o, P→B and A→T for s < −o; a 4/3 valve's
 * centre adds P→T (open, tandem), A→T and B→T (open, float). */
static void
add_paths (MfOracle *o, OrPortMap *map, guint c)
{
  const MfComponent *valve = component_at (o->circuit, c);
  MfCentre centre;

  add_path (o, map, c, "pa", "p", "a", SIDE_POSITIVE);
  add_path (o, map, c, "bt", "b", "t", SIDE_POSITIVE);
  add_path (o, map, c, "pb", "p", "b", SIDE_NEGATIVE);
  add_path (o, map, c, "at", "a", "t", SIDE_NEGATIVE);
  /* a 4/2 valve has no centre, nor the parameter */
  if (valve->info->type != MF_COMPONENT_VALVE_4_3)
    return;
  centre = (MfCentre) valve->params[MF_SPOOL_CENTRE].choice;
  if (centre == MF_CENTRE_OPEN || centre == MF_CENTRE_TANDEM)
    add_path (o, map, c, "c_pt", "p", "t", SIDE_CENTRE);
  if (centre == MF_CENTRE_OPEN || centre == MF_CENTRE_FLOAT)
    {
      add_path (o, map, c, "c_at", "a", "t", SIDE_CENTRE);
      add_path (o, map, c, "c_bt", "b", "t", SIDE_CENTRE);
    }
}

void
or_build_branches (MfOracle *o, OrPortMap *map)
{
  for (guint c = 0; c < o->circuit->components->len; c++)
    {
      const MfComponent *component = component_at (o->circuit, c);
      MfComponentType type = component->info->type;

      if (is_directional (type))
        add_paths (o, map, c);
      else if (is_branch (type) && !is_directional_path (o->circuit, c))
        {
          OrBranch b = make_branch (o, map, c);

          if (b.mech >= 0 || b.gas_v0 > 0.0)
            b.position = (int) o->n_x++;
          /* a chamber makes its node compliant, unless a tank holds it */
          for (guint e = 0; e < 2; e++)
            if (isfinite (b.dead[e])
                && g_array_index (o->nodes, OrNode, b.node[e]).kind == OR_NODE_JUNCTION)
              g_array_index (o->nodes, OrNode, b.node[e]).kind = OR_NODE_VOLUME;
          g_array_append_val (o->branches, b);
        }
      else if (element_type (type) != MF_N_COMPONENT_TYPES)
        {
          OrElement e = { element_type (type), component, { or_node_for_port (o, map, c, 0), -1 } };

          if (e.type == MF_COMPONENT_FORCE)
            e.force = or_value_new (&component->params[MF_FORCE_FORCE]);
          if (component->info->n_ports > 1)
            e.node[1] = or_node_for_port (o, map, c, 1);
          g_array_append_val (o->elements, e);
        }
    }
  o->n_v = o->branches->len;
}

