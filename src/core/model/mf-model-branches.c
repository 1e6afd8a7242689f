/* mf-model-branches.c: each component that carries a velocity as its
 * branch of the model — its mass, area, the coefficients of its ends in W
 * and the numbers of its law (docs/model.md, "Signs" and each component's
 * section).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-model-private.h"

#include <math.h>

#include "mf-leak.h"

static MfBranch
branch_new (guint component, MfBranchKind kind)
{
  MfBranch b = { 0 };

  b.component = component;
  b.kind = kind;
  b.node[0] = b.node[1] = MF_NONE;
  b.position = b.mech_node = MF_NONE;
  return b;
}

static double
circle_area (double diameter)
{
  return G_PI * diameter * diameter / 4.0;
}

/* Δp = ρ/2 (A v / (cd a))² on the port area A: F = −(k_area/a²) v|v|, with
 * k_area = ρ A³ / (2 cd²). */
static double
orifice_resistance (double rho, double port_area, double cd)
{
  return rho * pow (port_area, 3) / (2.0 * cd * cd);
}

static void
set_hydraulic_ends (MfModel *model, MfBranch *b, double coef_a, double coef_b)
{
  b->node[0] = mf_model_port_node (model, b->component, 0);
  b->node[1] = mf_model_port_node (model, b->component, 1);
  b->coef[0] = coef_a;
  b->coef[1] = -coef_b;
}

MfBranch
mf_model_make_branch (MfModel *model, guint c)
{
  const MfComponent *component = component_at (model->circuit, c);
  const MfParam *p = component->params;
  double rho = model->circuit->fluid.density;
  MfBranch b;

  switch (component->info->type)
    {
    case MF_COMPONENT_PIPE:
      b = branch_new (c, MF_BRANCH_PIPE);
      b.length = p[MF_PIPE_LENGTH].value;
      b.diameter = p[MF_PIPE_DIAMETER].value;
      b.friction = (MfFriction) p[MF_PIPE_FRICTION].choice;
      b.roughness = p[MF_PIPE_ROUGHNESS].value;
      b.area = circle_area (b.diameter);
      b.mass = rho * b.area * b.length;
      set_hydraulic_ends (model, &b, b.area, b.area);
      break;

    case MF_COMPONENT_ORIFICE:
    case MF_COMPONENT_VALVE:
    case MF_COMPONENT_CHECK_VALVE:
      b = branch_new (c, MF_BRANCH_ORIFICE);
      b.area = circle_area (p[MF_ORIFICE_PORT_DIAMETER].value);
      b.mass = p[MF_ORIFICE_MASS].value;
      b.k_area = orifice_resistance (rho, b.area, p[MF_ORIFICE_CD].value);
      b.opening = p[MF_ORIFICE_AREA].expr;
      if (b.opening != NULL && mf_expr_is_constant (b.opening))
        b.opening = NULL;
      b.opening_value = p[MF_ORIFICE_AREA].value;
      set_hydraulic_ends (model, &b, b.area, b.area);
      break;

    case MF_COMPONENT_REDUCING_VALVE:
      /* an orifice whose area its outlet's pressure sets (set_openings) */
      b = branch_new (c, MF_BRANCH_ORIFICE);
      b.area = circle_area (p[MF_REDUCING_PORT_DIAMETER].value);
      b.k_area = orifice_resistance (rho, b.area, p[MF_REDUCING_CD].value);
      set_hydraulic_ends (model, &b, b.area, b.area);
      break;

    case MF_COMPONENT_RELIEF_VALVE:
      b = branch_new (c, MF_BRANCH_RELIEF);
      b.area = circle_area (p[MF_RELIEF_PORT_DIAMETER].value);
      b.relief.set = p[MF_RELIEF_SET_PRESSURE].value;
      b.relief.rise = p[MF_RELIEF_FULL_OPEN_RISE].value;
      b.relief.full_area = p[MF_RELIEF_FULL_AREA].value;
      b.relief.cd = p[MF_RELIEF_CD].value;
      b.relief.density = rho;
      set_hydraulic_ends (model, &b, b.area, b.area);
      break;

    case MF_COMPONENT_FLOW_CONTROL_VALVE:
      b = branch_new (c, MF_BRANCH_FLOW_CONTROL);
      b.area = circle_area (p[MF_FLOW_CONTROL_PORT_DIAMETER].value);
      b.flow_control.flow = p[MF_FLOW_CONTROL_FLOW].value;
      b.flow_control.compensator = p[MF_FLOW_CONTROL_COMPENSATOR_PRESSURE].value;
      b.flow_control.regulation = p[MF_FLOW_CONTROL_REGULATION].value;
      b.setting = p[MF_FLOW_CONTROL_FLOW].expr;
      if (b.setting != NULL && mf_expr_is_constant (b.setting))
        b.setting = NULL;
      set_hydraulic_ends (model, &b, b.area, b.area);
      break;

    case MF_COMPONENT_PISTON:
      b = branch_new (c, MF_BRANCH_PISTON);
      b.area = p[MF_PISTON_CAP_AREA].value;
      b.mass = p[MF_PISTON_MASS].value;
      b.damping = p[MF_PISTON_DAMPING].value;
      b.stroke = p[MF_PISTON_STROKE].value;
      set_hydraulic_ends (model, &b, p[MF_PISTON_CAP_AREA].value, p[MF_PISTON_ROD_AREA].value);
      b.mech_node = mf_model_port_node (model, c, MF_PISTON_M);
      break;

    case MF_COMPONENT_MOTOR:
      /* a piston whose areas are the displacement per radian, on a shaft
       * (docs/model.md, "Hydraulic motor"): flow D·ω, torque D·Δp */
      b = branch_new (c, MF_BRANCH_PISTON);
      b.area = p[MF_MOTOR_DISPLACEMENT].value;
      b.mass = p[MF_MOTOR_INERTIA].value;
      b.damping = mf_leak_motor_friction (component);
      b.stroke = INFINITY;
      b.rotary = TRUE;
      set_hydraulic_ends (model, &b, b.area, b.area);
      b.mech_node = mf_model_port_node (model, c, MF_MOTOR_SHAFT);
      break;

    case MF_COMPONENT_LEAK:
      b = branch_new (c, MF_BRANCH_LEAK);
      b.area = MF_LEAK_AREA;
      b.leakage = p[MF_LEAK_COEFFICIENT].value;
      set_hydraulic_ends (model, &b, b.area, b.area);
      break;

    case MF_COMPONENT_ACCUMULATOR:
      /* the fluid let in is area × x, up to the gas volume; x = 0 is its
       * end stop, the far end one the gas law never lets it reach */
      b = branch_new (c, MF_BRANCH_ACCUMULATOR);
      b.area = circle_area (p[MF_ACCUMULATOR_PORT_DIAMETER].value);
      b.mass = p[MF_ACCUMULATOR_MASS].value;
      b.gas.precharge = p[MF_ACCUMULATOR_PRECHARGE].value;
      b.gas.gas_volume = p[MF_ACCUMULATOR_GAS_VOLUME].value;
      b.gas.exponent = p[MF_ACCUMULATOR_EXPONENT].value;
      b.stroke = b.gas.gas_volume / b.area;
      b.node[0] = mf_model_port_node (model, c, MF_PORT_P);
      b.coef[0] = b.area;
      break;

    case MF_COMPONENT_MASS:
    case MF_COMPONENT_INERTIA:
      b = branch_new (c, MF_BRANCH_MASS);
      b.mass = p[MF_MASS_MASS].value;
      b.rotary = component->info->type == MF_COMPONENT_INERTIA;
      b.mech_node = mf_model_port_node (model, c, MF_PORT_M);
      break;

    default:
      g_assert_not_reached ();
    }
  return b;
}

gboolean
mf_model_has_velocity (MfComponentType type)
{
  switch (type)
    {
    case MF_COMPONENT_PIPE:
    case MF_COMPONENT_ORIFICE:
    case MF_COMPONENT_VALVE:
    case MF_COMPONENT_CHECK_VALVE:
    case MF_COMPONENT_RELIEF_VALVE:
    case MF_COMPONENT_FLOW_CONTROL_VALVE:
    case MF_COMPONENT_REDUCING_VALVE:
    case MF_COMPONENT_PISTON:
    case MF_COMPONENT_MASS:
    case MF_COMPONENT_MOTOR:
    case MF_COMPONENT_INERTIA:
    case MF_COMPONENT_ACCUMULATOR:
    case MF_COMPONENT_LEAK:
      return TRUE;
    default:
      return FALSE;
    }
}
