/* mf-component-type.c: the table of component types (docs/format.md,
 * "Components").
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-component-type.h"

#include <glib/gi18n.h>

#include <math.h>
#include <string.h>

#define Q(name, quantity, required, def, range, vary) \
  { name, MF_PARAM_QUANTITY, MF_QUANTITY_##quantity, required, def, MF_RANGE_##range, vary, \
    NULL, NULL }

static const MfPortSpec port_p[] = { { "p", MF_DOMAIN_HYDRAULIC } };
static const MfPortSpec ports_ab[] = { { "a", MF_DOMAIN_HYDRAULIC }, { "b", MF_DOMAIN_HYDRAULIC } };
static const MfPortSpec ports_mech_ab[] = { { "a", MF_DOMAIN_MECHANICAL },
                                            { "b", MF_DOMAIN_MECHANICAL } };
static const MfPortSpec port_m[] = { { "m", MF_DOMAIN_MECHANICAL } };
static const MfPortSpec ports_piston[] = { { "cap", MF_DOMAIN_HYDRAULIC },
                                           { "rod", MF_DOMAIN_HYDRAULIC },
                                           { "m", MF_DOMAIN_MECHANICAL } };

static const MfPortSpec ports_rot_ab[] = { { "a", MF_DOMAIN_ROTATIONAL },
                                           { "b", MF_DOMAIN_ROTATIONAL } };
static const MfPortSpec port_shaft[] = { { "shaft", MF_DOMAIN_ROTATIONAL } };
static const MfPortSpec ports_motor[] = { { "a", MF_DOMAIN_HYDRAULIC },
                                          { "b", MF_DOMAIN_HYDRAULIC },
                                          { "shaft", MF_DOMAIN_ROTATIONAL } };

static const MfPortSpec ports_spool[] = { { "p", MF_DOMAIN_HYDRAULIC },
                                          { "t", MF_DOMAIN_HYDRAULIC },
                                          { "a", MF_DOMAIN_HYDRAULIC },
                                          { "b", MF_DOMAIN_HYDRAULIC } };

static const char *const centre_choices[] = { "closed", "open", "tandem", "float", NULL };
static const char *const friction_choices[] = { "none", "laminar", "turbulent", NULL };

static const MfParamSpec tank_params[] = {
  Q ("pressure", PRESSURE, FALSE, 0.0, ANY, TRUE),
};

static const MfParamSpec volume_params[] = {
  Q ("volume", VOLUME, FALSE, NAN, POSITIVE, FALSE),
  Q ("bulk_modulus", PRESSURE, FALSE, NAN, POSITIVE, FALSE),
  Q ("capacitance", CAPACITANCE, FALSE, NAN, POSITIVE, FALSE),
};

static const MfParamSpec pipe_params[] = {
  Q ("length", LENGTH, TRUE, NAN, POSITIVE, FALSE),
  Q ("diameter", LENGTH, TRUE, NAN, POSITIVE, FALSE),
  { "friction", MF_PARAM_CHOICE, MF_QUANTITY_DIMENSIONLESS, FALSE, NAN, MF_RANGE_ANY, FALSE,
    friction_choices, "turbulent" },
  Q ("roughness", LENGTH, FALSE, 1.5e-6, NON_NEGATIVE, FALSE),
};

#define ORIFICE_PARAMS                                          \
  Q ("area", AREA, TRUE, NAN, NON_NEGATIVE, TRUE),              \
  Q ("cd", DIMENSIONLESS, FALSE, 0.61, POSITIVE, FALSE),        \
  Q ("port_diameter", LENGTH, FALSE, 0.010, POSITIVE, FALSE),   \
  Q ("mass", MASS, FALSE, 0.0, NON_NEGATIVE, FALSE)

static const MfParamSpec orifice_params[] = { ORIFICE_PARAMS };

static const MfParamSpec check_valve_params[] = {
  ORIFICE_PARAMS,
  Q ("cracking_pressure", PRESSURE, FALSE, 0.0, NON_NEGATIVE, FALSE),
};

static const MfParamSpec relief_valve_params[] = {
  Q ("set_pressure", PRESSURE, TRUE, NAN, POSITIVE, FALSE),
  Q ("full_area", AREA, TRUE, NAN, POSITIVE, FALSE),
  Q ("full_open_rise", PRESSURE, FALSE, 10e5, POSITIVE, FALSE),
  Q ("cd", DIMENSIONLESS, FALSE, 0.61, POSITIVE, FALSE),
  Q ("port_diameter", LENGTH, FALSE, 0.010, POSITIVE, FALSE),
};

/* a compensator holding 5 bar across the throttle: enough that a throttle
 * of a few mm² passes a datasheet's flow, little against a circuit's
 * hundreds of bar; the flow rising 0.001 L/min per bar, a 10 L/min
 * setting 2 % over 200 bar, as compensated valves' datasheets quote a few
 * per cent over their range (docs/model.md, "Flow control valves") */
static const MfParamSpec flow_control_valve_params[] = {
  Q ("flow", FLOW, TRUE, NAN, POSITIVE, TRUE),
  Q ("compensator_pressure", PRESSURE, FALSE, 5e5, POSITIVE, FALSE),
  Q ("regulation", LEAKAGE, FALSE, 1e-6 / 60.0 / 1e5, POSITIVE, FALSE),
  Q ("port_diameter", LENGTH, FALSE, 0.010, POSITIVE, FALSE),
};

/* closed when its outlet reaches the setting, fully open full_open_drop
 * below it (docs/model.md, "Pressure-reducing valves") */
static const MfParamSpec reducing_valve_params[] = {
  Q ("set_pressure", PRESSURE, TRUE, NAN, POSITIVE, FALSE),
  Q ("full_area", AREA, TRUE, NAN, POSITIVE, FALSE),
  Q ("full_open_drop", PRESSURE, FALSE, 10e5, POSITIVE, FALSE),
  Q ("cd", DIMENSIONLESS, FALSE, 0.61, POSITIVE, FALSE),
  Q ("port_diameter", LENGTH, FALSE, 0.010, POSITIVE, FALSE),
};

static const MfParamSpec flow_source_params[] = {
  Q ("flow", FLOW, TRUE, NAN, ANY, TRUE),
};

static const MfParamSpec piston_params[] = {
  /* 0 is an idealised massless piston: it makes the equations a DAE */
  Q ("mass", MASS, TRUE, NAN, NON_NEGATIVE, FALSE),
  Q ("cap_area", AREA, TRUE, NAN, POSITIVE, FALSE),
  Q ("rod_area", AREA, TRUE, NAN, POSITIVE, FALSE),
  Q ("damping", DAMPING, FALSE, 0.0, NON_NEGATIVE, FALSE),
  Q ("stroke", LENGTH, FALSE, INFINITY, POSITIVE, FALSE),
  /* given, the chambers are compressible (docs/model.md, "Compliant
   * chambers"); NAN: incompressible, as before */
  Q ("cap_dead_volume", VOLUME, FALSE, NAN, POSITIVE, FALSE),
  Q ("rod_dead_volume", VOLUME, FALSE, NAN, POSITIVE, FALSE),
};

static const MfParamSpec mass_params[] = {
  Q ("mass", MASS, TRUE, NAN, POSITIVE, FALSE),
};

static const MfParamSpec spring_params[] = {
  Q ("stiffness", STIFFNESS, TRUE, NAN, NON_NEGATIVE, FALSE),
  Q ("preload", FORCE, FALSE, 0.0, ANY, FALSE),
};

static const MfParamSpec damper_params[] = {
  Q ("damping", DAMPING, TRUE, NAN, NON_NEGATIVE, FALSE),
};

static const MfParamSpec force_params[] = {
  Q ("force", FORCE, TRUE, NAN, ANY, TRUE),
};

#define PUMP_PARAMS                                                      \
  Q ("displacement", DISPLACEMENT, TRUE, NAN, POSITIVE, FALSE),          \
  Q ("speed", ANGULAR_VELOCITY, TRUE, NAN, ANY, TRUE),                   \
  Q ("volumetric_efficiency", DIMENSIONLESS, FALSE, 1.0, FRACTION, FALSE), \
  Q ("mechanical_efficiency", DIMENSIONLESS, FALSE, 1.0, FRACTION, FALSE), \
  /* 0: no leak; given, the ideal flow leaks back through a laminar path */ \
  Q ("leakage_coefficient", LEAKAGE, FALSE, 0.0, NON_NEGATIVE, FALSE)

static const MfParamSpec pump_params[] = { PUMP_PARAMS };

static const MfParamSpec variable_pump_params[] = {
  PUMP_PARAMS,
  /* the displacement's fraction in use; below 0 an over-centre pump turns the flow round */
  Q ("fraction", DIMENSIONLESS, FALSE, 1.0, TRAVEL, TRUE),
};

static const MfParamSpec motor_params[] = {
  Q ("inertia", INERTIA, FALSE, 0.0, NON_NEGATIVE, FALSE),
  Q ("displacement", DISPLACEMENT, TRUE, NAN, POSITIVE, FALSE),
  Q ("friction", ROTARY_DAMPING, FALSE, 0.0, NON_NEGATIVE, FALSE),
  Q ("leakage_coefficient", LEAKAGE, FALSE, 0.0, NON_NEGATIVE, FALSE),
  /* a datasheet's efficiencies at its rated point, turned into a leakage
   * coefficient and more friction (mf-leak.h); 1: none */
  Q ("volumetric_efficiency", DIMENSIONLESS, FALSE, 1.0, FRACTION, FALSE),
  Q ("mechanical_efficiency", DIMENSIONLESS, FALSE, 1.0, FRACTION, FALSE),
  Q ("rated_pressure", PRESSURE, FALSE, NAN, POSITIVE, FALSE),
  Q ("rated_speed", ANGULAR_VELOCITY, FALSE, NAN, POSITIVE, FALSE),
};

static const MfParamSpec leak_params[] = {
  Q ("coefficient", LEAKAGE, TRUE, NAN, POSITIVE, FALSE),
};

static const MfParamSpec inertia_params[] = {
  Q ("inertia", INERTIA, TRUE, NAN, POSITIVE, FALSE),
};

static const MfParamSpec rotary_spring_params[] = {
  Q ("stiffness", ROTARY_STIFFNESS, TRUE, NAN, NON_NEGATIVE, FALSE),
  Q ("preload", TORQUE, FALSE, 0.0, ANY, FALSE),
};

static const MfParamSpec rotary_damper_params[] = {
  Q ("damping", ROTARY_DAMPING, TRUE, NAN, NON_NEGATIVE, FALSE),
};

static const MfParamSpec torque_params[] = {
  Q ("torque", TORQUE, TRUE, NAN, ANY, TRUE),
};

static const MfParamSpec accumulator_params[] = {
  Q ("precharge_pressure", PRESSURE, TRUE, NAN, POSITIVE, FALSE),
  Q ("gas_volume", VOLUME, TRUE, NAN, POSITIVE, FALSE),
  /* 1 isothermal, 1.4 adiabatic nitrogen */
  Q ("polytropic_exponent", DIMENSIONLESS, FALSE, 1.4, POLYTROPIC, FALSE),
  Q ("port_diameter", LENGTH, FALSE, 0.010, POSITIVE, FALSE),
  Q ("mass", MASS, FALSE, 0.0, NON_NEGATIVE, FALSE),
};

/* the spool's position in [−1, 1] (beyond, it stands at its end); the
 * overlap in (−1, 1), negative for an underlap (mf-spool.h) */
#define SPOOL_PARAMS                                             \
  Q ("spool", DIMENSIONLESS, FALSE, 0.0, TRAVEL, TRUE),             \
  Q ("full_area", AREA, TRUE, NAN, POSITIVE, FALSE),             \
  Q ("overlap", DIMENSIONLESS, FALSE, 0.0, OVERLAP, FALSE),         \
  Q ("cd", DIMENSIONLESS, FALSE, 0.61, POSITIVE, FALSE),         \
  Q ("port_diameter", LENGTH, FALSE, 0.010, POSITIVE, FALSE)

static const MfParamSpec valve_4_3_params[] = {
  SPOOL_PARAMS,
  { "centre", MF_PARAM_CHOICE, MF_QUANTITY_DIMENSIONLESS, FALSE, NAN, MF_RANGE_ANY, FALSE,
    centre_choices, "closed" },
};

static const MfParamSpec valve_4_2_params[] = { SPOOL_PARAMS };

#define TYPE(t, name, label, ports, params, switchable) \
  { MF_COMPONENT_##t, name, label, G_N_ELEMENTS (ports), ports, \
    G_N_ELEMENTS (params), params, switchable }
#define TYPE_NO_PARAMS(t, name, label, ports) \
  { MF_COMPONENT_##t, name, label, G_N_ELEMENTS (ports), ports, 0, NULL, FALSE }

static const MfComponentTypeInfo types[MF_N_COMPONENT_TYPES + 1] = {
  TYPE (TANK, "tank", N_("Tank"), port_p, tank_params, FALSE),
  TYPE_NO_PARAMS (JUNCTION, "junction", N_("Junction"), port_p),
  TYPE (VOLUME, "volume", N_("Volume"), port_p, volume_params, FALSE),
  TYPE (PIPE, "pipe", N_("Pipe"), ports_ab, pipe_params, FALSE),
  TYPE (ORIFICE, "orifice", N_("Orifice"), ports_ab, orifice_params, FALSE),
  TYPE (VALVE, "valve", N_("Valve"), ports_ab, orifice_params, TRUE),
  TYPE (CHECK_VALVE, "check_valve", N_("Check valve"), ports_ab, check_valve_params, TRUE),
  TYPE (RELIEF_VALVE, "relief_valve", N_("Relief valve"), ports_ab, relief_valve_params, TRUE),
  TYPE (FLOW_SOURCE, "flow_source", N_("Flow source"), ports_ab, flow_source_params, FALSE),
  TYPE (PISTON, "piston", N_("Piston"), ports_piston, piston_params, FALSE),
  TYPE (MASS, "mass", N_("Mass"), port_m, mass_params, FALSE),
  TYPE (SPRING, "spring", N_("Spring"), ports_mech_ab, spring_params, FALSE),
  TYPE (DAMPER, "damper", N_("Damper"), ports_mech_ab, damper_params, FALSE),
  TYPE (FORCE, "force", N_("Force"), port_m, force_params, FALSE),
  TYPE_NO_PARAMS (FIXED, "fixed", N_("Fixed"), port_m),
  TYPE (PUMP, "pump", N_("Pump"), ports_ab, pump_params, FALSE),
  TYPE (VARIABLE_PUMP, "variable_pump", N_("Variable pump"), ports_ab, variable_pump_params,
        FALSE),
  TYPE (MOTOR, "hydraulic_motor", N_("Motor"), ports_motor, motor_params, FALSE),
  TYPE (INERTIA, "inertia", N_("Inertia"), port_shaft, inertia_params, FALSE),
  TYPE (ROTARY_SPRING, "rotary_spring", N_("Rotary spring"), ports_rot_ab, rotary_spring_params,
        FALSE),
  TYPE (ROTARY_DAMPER, "rotary_damper", N_("Rotary damper"), ports_rot_ab, rotary_damper_params,
        FALSE),
  TYPE (TORQUE, "torque", N_("Torque"), port_shaft, torque_params, FALSE),
  TYPE_NO_PARAMS (FIXED_SHAFT, "fixed_shaft", N_("Fixed shaft"), port_shaft),
  TYPE (ACCUMULATOR, "accumulator", N_("Accumulator"), port_p, accumulator_params, FALSE),
  TYPE (VALVE_4_3, "valve_4_3", N_("4/3 valve"), ports_spool, valve_4_3_params, FALSE),
  TYPE (VALVE_4_2, "valve_4_2", N_("4/2 valve"), ports_spool, valve_4_2_params, FALSE),
  TYPE (FLOW_CONTROL_VALVE, "flow_control_valve", N_("Flow control valve"), ports_ab,
        flow_control_valve_params, FALSE),
  TYPE (REDUCING_VALVE, "reducing_valve", N_("Reducing valve"), ports_ab, reducing_valve_params,
        FALSE),
  TYPE (LEAK, "leak", N_("Leak"), ports_ab, leak_params, FALSE),
};

char *
mf_component_type_kind (const MfComponentTypeInfo *info)
{
  const char *label = _(info->label);
  GString *kind;

  if (label == info->label)
    return g_ascii_strdown (label, -1);
  /* a translation marks where the palette may break a long word with soft
   * hyphens (U+00AD); a message, which a terminal may show, goes without */
  kind = g_string_sized_new (strlen (label));
  for (const char *p = label; *p != '\0'; p = g_utf8_next_char (p))
    if (g_utf8_get_char (p) != 0x00AD)
      g_string_append_unichar (kind, g_utf8_get_char (p));
  return g_string_free (kind, FALSE);
}

const char *
mf_domain_word (MfDomain domain)
{
  switch (domain)
    {
    case MF_DOMAIN_HYDRAULIC:
      return _("hydraulic");
    case MF_DOMAIN_MECHANICAL:
      return _("mechanical");
    case MF_DOMAIN_ROTATIONAL:
      return _("rotary");
    case MF_N_DOMAINS:
    default:
      g_return_val_if_reached ("?");
    }
}

const MfComponentTypeInfo *
mf_component_type_info (MfComponentType type)
{
  g_return_val_if_fail (type <= MF_COMPONENT_LEAK, NULL);
  return &types[type];
}

const MfComponentTypeInfo *
mf_component_type_lookup (const char *name)
{
  for (guint i = 0; i < MF_N_COMPONENT_TYPES; i++)
    if (g_strcmp0 (types[i].name, name) == 0)
      return &types[i];
  return NULL;
}

int
mf_component_type_port_index (const MfComponentTypeInfo *info, const char *port)
{
  for (guint i = 0; i < info->n_ports; i++)
    if (g_strcmp0 (info->ports[i].name, port) == 0)
      return (int) i;
  return -1;
}

int
mf_component_type_param_index (const MfComponentTypeInfo *info, const char *param)
{
  for (guint i = 0; i < info->n_params; i++)
    if (g_strcmp0 (info->params[i].name, param) == 0)
      return (int) i;
  return -1;
}
