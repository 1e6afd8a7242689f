/* mf-units.h: physical quantities, their dimensions and the units a user may
 * write after a number ("100 bar", "25 L/min", "12 mm").  Everything inside
 * the core is SI.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Exponents of kg, m, s and the radian.  `any` marks a value written
 * without units (a plain number is taken to be SI in whatever quantity it is
 * used for).  The angle is counted apart, though SI takes it as
 * dimensionless, so that a displacement per revolution is not a volume and
 * a speed in rpm not a frequency of anything else. */
typedef struct
{
  gint8    mass;
  gint8    length;
  gint8    time;
  gboolean any;
  gint8    angle;
} MfDimension;

typedef enum
{
  MF_QUANTITY_DIMENSIONLESS,
  MF_QUANTITY_PRESSURE,    /* Pa */
  MF_QUANTITY_LENGTH,      /* m */
  MF_QUANTITY_AREA,        /* m^2 */
  MF_QUANTITY_VOLUME,      /* m^3 */
  MF_QUANTITY_FLOW,        /* m^3/s */
  MF_QUANTITY_VELOCITY,    /* m/s */
  MF_QUANTITY_MASS,        /* kg */
  MF_QUANTITY_FORCE,       /* N */
  MF_QUANTITY_STIFFNESS,   /* N/m */
  MF_QUANTITY_DAMPING,     /* N*s/m */
  MF_QUANTITY_TIME,        /* s */
  MF_QUANTITY_DENSITY,     /* kg/m^3 */
  MF_QUANTITY_VISCOSITY,   /* kinematic, m^2/s */
  MF_QUANTITY_CAPACITANCE, /* m^3/Pa */
  MF_QUANTITY_ANGULAR_VELOCITY,    /* rad/s */
  MF_QUANTITY_TORQUE,              /* N*m */
  MF_QUANTITY_ROTARY_STIFFNESS,    /* N*m/rad */
  MF_QUANTITY_ROTARY_DAMPING,      /* N*m*s/rad */
  MF_QUANTITY_INERTIA,             /* kg*m^2 */
  MF_QUANTITY_DISPLACEMENT,        /* m^3/rad: a pump's or motor's volume per angle */
  MF_QUANTITY_LEAKAGE,             /* m^3/(s*Pa): a laminar leakage coefficient */
  MF_N_QUANTITIES
} MfQuantity;

MfDimension  mf_quantity_dimension (MfQuantity quantity);
/* "pressure", "flow", ... */
const char  *mf_quantity_name (MfQuantity quantity);
/* The SI unit as written in CSV headers: "Pa", "m^3/s", "m/s", ... ("" for dimensionless) */
const char  *mf_quantity_si_unit (MfQuantity quantity);

gboolean     mf_dimension_equal (MfDimension a, MfDimension b);
/* The quantity's name when the dimension is a known quantity ("pressure"),
 * otherwise the exponents ("kg^1 m^-1 s^-3"). */
char        *mf_dimension_describe (MfDimension dimension);
/* The named quantity of a dimension (the first in enum order); FALSE for a
 * unitless value or a dimension no quantity has. */
gboolean     mf_dimension_quantity (MfDimension dimension, MfQuantity *quantity);
/* The quantity with its indefinite article, translated, for messages:
 * "a pressure", "an area", "a dimensionless number". */
const char  *mf_quantity_phrase (MfQuantity quantity);

/* Matches the longest unit spelled at the start of `text` that is not
 * followed by a letter, digit or '_' (so "min" matches in "2 min" but "m"
 * does not match in "mm").  Returns the number of bytes matched, or 0.  The
 * value in SI is the written number times *factor. */
gsize        mf_unit_match (const char *text, double *factor, MfDimension *dimension);

G_END_DECLS
