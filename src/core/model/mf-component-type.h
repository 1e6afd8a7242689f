/* mf-component-type.h: the component types (docs/format.md, "Components")
 * as one table — ports, parameters, units and defaults.  The loader
 * validates against it, the assembly reads parameters by index, the editor
 * builds its palette and property panel from it.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "mf-units.h"

G_BEGIN_DECLS

typedef enum
{
  MF_COMPONENT_TANK,
  MF_COMPONENT_JUNCTION,
  MF_COMPONENT_VOLUME,
  MF_COMPONENT_PIPE,
  MF_COMPONENT_ORIFICE,
  MF_COMPONENT_VALVE,
  MF_COMPONENT_CHECK_VALVE,
  MF_COMPONENT_RELIEF_VALVE,
  MF_COMPONENT_FLOW_SOURCE,
  MF_COMPONENT_PISTON,
  MF_COMPONENT_MASS,
  MF_COMPONENT_SPRING,
  MF_COMPONENT_DAMPER,
  MF_COMPONENT_FORCE,
  MF_COMPONENT_FIXED,
  MF_COMPONENT_PUMP,
  MF_COMPONENT_VARIABLE_PUMP,
  MF_COMPONENT_MOTOR,
  MF_COMPONENT_INERTIA,
  MF_COMPONENT_ROTARY_SPRING,
  MF_COMPONENT_ROTARY_DAMPER,
  MF_COMPONENT_TORQUE,
  MF_COMPONENT_FIXED_SHAFT,
  MF_COMPONENT_ACCUMULATOR,
  MF_COMPONENT_VALVE_4_3, /* directional valves (mf-spool.h) */
  MF_COMPONENT_VALVE_4_2,
  MF_COMPONENT_FLOW_CONTROL_VALVE, /* pressure-compensated (mf-flow-control.h) */
  MF_COMPONENT_REDUCING_VALVE,
  MF_N_COMPONENT_TYPES,
  /* not a document's type: the laminar leak inside a pump or a motor, added
   * by the loader (mf-leak.h); past the count, so the palette, the lookup
   * by name and every table of document types leave it out */
  MF_COMPONENT_LEAK = MF_N_COMPONENT_TYPES
} MfComponentType;

typedef enum
{
  MF_DOMAIN_HYDRAULIC,
  MF_DOMAIN_MECHANICAL, /* translational: positions in m */
  MF_DOMAIN_ROTATIONAL, /* shafts: angles in rad */
  MF_N_DOMAINS
} MfDomain;

typedef enum
{
  MF_PARAM_QUANTITY, /* a value: number, number with unit, or expression in t */
  MF_PARAM_CHOICE,   /* one word out of `choices` */
} MfParamKind;

/* What a parameter's value must satisfy, checked wherever it is evaluated. */
typedef enum
{
  MF_RANGE_ANY,
  MF_RANGE_NON_NEGATIVE, /* >= 0 */
  MF_RANGE_POSITIVE,     /* > 0 */
  MF_RANGE_FRACTION,     /* > 0 and <= 1: an efficiency */
  MF_RANGE_POLYTROPIC,   /* >= 1 and <= 2: a gas's polytropic exponent */
  MF_RANGE_OVERLAP,      /* > −1 and < 1: a spool's overlap */
  MF_RANGE_TRAVEL,       /* >= −1 and <= 1: a spool's place, a pump's fraction */
} MfRange;

typedef struct
{
  const char         *name;
  MfParamKind         kind;
  MfQuantity          quantity;
  gboolean            required;
  /* SI default when not required; NAN where the default is not a number
   * (the fluid's bulk modulus, an infinite stroke, "use volume instead"). */
  double              default_value;
  MfRange             range;
  gboolean            may_vary; /* may depend on t */
  const char *const  *choices;  /* MF_PARAM_CHOICE: NULL-terminated */
  const char         *default_choice;
} MfParamSpec;

typedef struct
{
  const char *name;
  MfDomain    domain;
} MfPortSpec;

typedef struct
{
  MfComponentType    type;
  const char        *name;  /* as in documents: "check_valve" */
  const char        *label; /* for people: "Check valve" */
  guint              n_ports;
  const MfPortSpec  *ports;
  guint              n_params;
  const MfParamSpec *params;
  gboolean           switchable; /* may be listed as closed in a mode */
} MfComponentTypeInfo;

const MfComponentTypeInfo *mf_component_type_info (MfComponentType type);
/* The type in words inside a sentence, in the user's language: "check
 * valve".  English labels are capitalised for the palette; a translated
 * one keeps its case and drops the soft hyphens (U+00AD) that mark where
 * the palette may break it.  A new string. */
char *mf_component_type_kind (const MfComponentTypeInfo *info);
/* A port's domain as an adjective in the user's language: "hydraulic",
 * "mechanical" (translational), "rotary". */
const char *mf_domain_word (MfDomain domain);
/* NULL when `name` is not a component type. */
const MfComponentTypeInfo *mf_component_type_lookup (const char *name);
/* Index of a port or parameter by name, or -1. */
int mf_component_type_port_index (const MfComponentTypeInfo *info, const char *port);
int mf_component_type_param_index (const MfComponentTypeInfo *info, const char *param);

/* Parameter indices, so the assembly reads parameters without strings.
 * Kept in the order of the table in mf-component-type.c. */
enum { MF_TANK_PRESSURE };
enum { MF_VOLUME_VOLUME, MF_VOLUME_BULK_MODULUS, MF_VOLUME_CAPACITANCE };
enum { MF_PIPE_LENGTH, MF_PIPE_DIAMETER, MF_PIPE_FRICTION, MF_PIPE_ROUGHNESS };
/* orifice, valve and check_valve share their first four parameters */
enum { MF_ORIFICE_AREA, MF_ORIFICE_CD, MF_ORIFICE_PORT_DIAMETER, MF_ORIFICE_MASS,
       MF_CHECK_VALVE_CRACKING_PRESSURE };
enum { MF_RELIEF_SET_PRESSURE, MF_RELIEF_FULL_AREA, MF_RELIEF_FULL_OPEN_RISE, MF_RELIEF_CD,
       MF_RELIEF_PORT_DIAMETER };
enum { MF_FLOW_CONTROL_FLOW, MF_FLOW_CONTROL_COMPENSATOR_PRESSURE, MF_FLOW_CONTROL_REGULATION,
       MF_FLOW_CONTROL_PORT_DIAMETER };
enum { MF_REDUCING_SET_PRESSURE, MF_REDUCING_FULL_AREA, MF_REDUCING_FULL_OPEN_DROP,
       MF_REDUCING_CD, MF_REDUCING_PORT_DIAMETER };
enum { MF_FLOW_SOURCE_FLOW };
enum { MF_PISTON_MASS, MF_PISTON_CAP_AREA, MF_PISTON_ROD_AREA, MF_PISTON_DAMPING,
       MF_PISTON_STROKE, MF_PISTON_CAP_DEAD_VOLUME, MF_PISTON_ROD_DEAD_VOLUME };
enum { MF_MASS_MASS };
enum { MF_SPRING_STIFFNESS, MF_SPRING_PRELOAD };
enum { MF_DAMPER_DAMPING };
enum { MF_FORCE_FORCE };
/* pump and variable_pump share their first five parameters */
enum { MF_PUMP_DISPLACEMENT, MF_PUMP_SPEED, MF_PUMP_VOLUMETRIC_EFFICIENCY,
       MF_PUMP_MECHANICAL_EFFICIENCY, MF_PUMP_LEAKAGE_COEFFICIENT, MF_PUMP_FRACTION };
/* the motor's inertia is where a piston's mass is; the efficiencies hold at
 * the rated point (mf-leak.h) */
enum { MF_MOTOR_INERTIA, MF_MOTOR_DISPLACEMENT, MF_MOTOR_FRICTION, MF_MOTOR_LEAKAGE_COEFFICIENT,
       MF_MOTOR_VOLUMETRIC_EFFICIENCY, MF_MOTOR_MECHANICAL_EFFICIENCY, MF_MOTOR_RATED_PRESSURE,
       MF_MOTOR_RATED_SPEED };
enum { MF_LEAK_COEFFICIENT };
enum { MF_ACCUMULATOR_PRECHARGE, MF_ACCUMULATOR_GAS_VOLUME, MF_ACCUMULATOR_EXPONENT,
       MF_ACCUMULATOR_PORT_DIAMETER, MF_ACCUMULATOR_MASS };
/* the 4/3 and 4/2 directional valves share all but the 4/3's centre */
enum { MF_SPOOL_SPOOL, MF_SPOOL_FULL_AREA, MF_SPOOL_OVERLAP, MF_SPOOL_CD,
       MF_SPOOL_PORT_DIAMETER, MF_SPOOL_CENTRE };
/* the rotary twins keep the order of mass, spring, damper and force:
 * MF_MASS_MASS, MF_SPRING_*, MF_DAMPER_DAMPING and MF_FORCE_FORCE read them */

/* Port indices */
enum { MF_PORT_A = 0, MF_PORT_B = 1 };           /* two-port elements */
enum { MF_PORT_P = 0 };                          /* tank, junction, volume */
enum { MF_PISTON_CAP = 0, MF_PISTON_ROD = 1, MF_PISTON_M = 2 };
enum { MF_PORT_M = 0 };                          /* mass, force, fixed; the rotary twins */
enum { MF_MOTOR_SHAFT = 2 };
enum { MF_SPOOL_P = 0, MF_SPOOL_T = 1, MF_SPOOL_A = 2, MF_SPOOL_B = 3 };

/* The centre of a 4/3 valve: which ports the spool joins at rest */
typedef enum { MF_CENTRE_CLOSED, MF_CENTRE_OPEN, MF_CENTRE_TANDEM, MF_CENTRE_FLOAT } MfCentre;

/* Friction choices of a pipe */
typedef enum { MF_FRICTION_NONE, MF_FRICTION_LAMINAR, MF_FRICTION_TURBULENT } MfFriction;

G_END_DECLS
