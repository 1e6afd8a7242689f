/* mf-leak.c: the laminar leak inside a pump or a hydraulic motor
 * (mf-leak.h).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-leak.h"

#include <math.h>

double
mf_leak_force (double area, double coefficient, double v, double *dfdv)
{
  double slope = -area * area / coefficient;

  if (dfdv != NULL)
    *dfdv = slope;
  return slope * v;
}

static gboolean
is_pump (const MfComponent *component)
{
  return component->info->type == MF_COMPONENT_PUMP
         || component->info->type == MF_COMPONENT_VARIABLE_PUMP;
}

double
mf_leak_coefficient (const MfComponent *component)
{
  const MfParam *p = component->params;
  double eta;

  if (is_pump (component))
    return p[MF_PUMP_LEAKAGE_COEFFICIENT].value;
  g_return_val_if_fail (component->info->type == MF_COMPONENT_MOTOR, 0.0);
  eta = p[MF_MOTOR_VOLUMETRIC_EFFICIENCY].value;
  /* the loader lets a motor have one or the other, and the rated point
   * with an efficiency below 1 */
  if (eta == 1.0)
    return p[MF_MOTOR_LEAKAGE_COEFFICIENT].value;
  return p[MF_MOTOR_DISPLACEMENT].value * p[MF_MOTOR_RATED_SPEED].value * (1.0 / eta - 1.0)
         / p[MF_MOTOR_RATED_PRESSURE].value;
}

double
mf_leak_motor_friction (const MfComponent *component)
{
  const MfParam *p = component->params;
  double eta = p[MF_MOTOR_MECHANICAL_EFFICIENCY].value;

  g_return_val_if_fail (component->info->type == MF_COMPONENT_MOTOR, 0.0);
  if (eta == 1.0)
    return p[MF_MOTOR_FRICTION].value;
  return p[MF_MOTOR_FRICTION].value
         + (1.0 - eta) * p[MF_MOTOR_DISPLACEMENT].value * p[MF_MOTOR_RATED_PRESSURE].value
             / p[MF_MOTOR_RATED_SPEED].value;
}

/* A pump's leak runs from its outlet back to its inlet, a motor's from its
 * inlet to its outlet, the way the pressure drives each. */
static void
add_leak (MfCircuit *circuit, guint index, double coefficient)
{
  gboolean pump = is_pump (g_ptr_array_index (circuit->components, index));
  MfComponent *leak = mf_circuit_add_inner (circuit, index, "leak", MF_COMPONENT_LEAK,
                                            pump ? MF_PORT_B : MF_PORT_A,
                                            pump ? MF_PORT_A : MF_PORT_B);

  mf_component_set_param_value (leak, MF_LEAK_COEFFICIENT, coefficient);
}

void
mf_circuit_add_leaks (MfCircuit *circuit)
{
  guint n = circuit->components->len;

  for (guint c = 0; c < n; c++)
    {
      const MfComponent *component = g_ptr_array_index (circuit->components, c);
      double coefficient;

      if (!is_pump (component) && component->info->type != MF_COMPONENT_MOTOR)
        continue;
      coefficient = mf_leak_coefficient (component);
      if (coefficient > 0.0)
        add_leak (circuit, c, coefficient);
    }
}
