/* mf-units.c
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-units.h"

#include <glib/gi18n.h>
#include <string.h>

typedef struct
{
  const char *name;
  const char *si_unit;
  gint8       mass;
  gint8       length;
  gint8       time;
  gint8       angle;
} MfQuantityInfo;

/* Indexed by MfQuantity.  Exponents of kg, m, s and rad. */
static const MfQuantityInfo quantities[MF_N_QUANTITIES] = {
  [MF_QUANTITY_DIMENSIONLESS] = { "dimensionless", "", 0, 0, 0 },
  [MF_QUANTITY_PRESSURE] = { "pressure", "Pa", 1, -1, -2 },
  [MF_QUANTITY_LENGTH] = { "length", "m", 0, 1, 0 },
  [MF_QUANTITY_AREA] = { "area", "m^2", 0, 2, 0 },
  [MF_QUANTITY_VOLUME] = { "volume", "m^3", 0, 3, 0 },
  [MF_QUANTITY_FLOW] = { "flow", "m^3/s", 0, 3, -1 },
  [MF_QUANTITY_VELOCITY] = { "velocity", "m/s", 0, 1, -1 },
  [MF_QUANTITY_MASS] = { "mass", "kg", 1, 0, 0 },
  [MF_QUANTITY_FORCE] = { "force", "N", 1, 1, -2 },
  [MF_QUANTITY_STIFFNESS] = { "stiffness", "N/m", 1, 0, -2 },
  [MF_QUANTITY_DAMPING] = { "damping", "N*s/m", 1, 0, -1 },
  [MF_QUANTITY_TIME] = { "time", "s", 0, 0, 1 },
  [MF_QUANTITY_DENSITY] = { "density", "kg/m^3", 1, -3, 0 },
  [MF_QUANTITY_VISCOSITY] = { "kinematic viscosity", "m^2/s", 0, 2, -1 },
  /* m^3/Pa = m^3 / (kg m^-1 s^-2) */
  [MF_QUANTITY_CAPACITANCE] = { "capacitance", "m^3/Pa", -1, 4, 2 },
  [MF_QUANTITY_ANGULAR_VELOCITY] = { "angular velocity", "rad/s", 0, 0, -1, 1 },
  [MF_QUANTITY_TORQUE] = { "torque", "N*m", 1, 2, -2 },
  [MF_QUANTITY_ROTARY_STIFFNESS] = { "rotary stiffness", "N*m/rad", 1, 2, -2, -1 },
  [MF_QUANTITY_ROTARY_DAMPING] = { "rotary damping", "N*m*s/rad", 1, 2, -1, -1 },
  [MF_QUANTITY_INERTIA] = { "moment of inertia", "kg*m^2", 1, 2, 0 },
  [MF_QUANTITY_DISPLACEMENT] = { "displacement", "m^3/rad", 0, 3, 0, -1 },
  /* m^3/(s Pa) = m^4 s / kg */
  [MF_QUANTITY_LEAKAGE] = { "leakage coefficient", "m^3/(s*Pa)", -1, 4, 1 },
};

/* Whole phrases rather than an article picked by the first letter: another
 * language chooses its own article, gender or case. */
static const char *const quantity_phrases[MF_N_QUANTITIES] = {
  [MF_QUANTITY_DIMENSIONLESS] = N_("a dimensionless number"),
  [MF_QUANTITY_PRESSURE] = N_("a pressure"),
  [MF_QUANTITY_LENGTH] = N_("a length"),
  [MF_QUANTITY_AREA] = N_("an area"),
  [MF_QUANTITY_VOLUME] = N_("a volume"),
  [MF_QUANTITY_FLOW] = N_("a flow"),
  [MF_QUANTITY_VELOCITY] = N_("a velocity"),
  [MF_QUANTITY_MASS] = N_("a mass"),
  [MF_QUANTITY_FORCE] = N_("a force"),
  [MF_QUANTITY_STIFFNESS] = N_("a stiffness"),
  [MF_QUANTITY_DAMPING] = N_("a damping"),
  [MF_QUANTITY_TIME] = N_("a time"),
  [MF_QUANTITY_DENSITY] = N_("a density"),
  [MF_QUANTITY_VISCOSITY] = N_("a kinematic viscosity"),
  [MF_QUANTITY_CAPACITANCE] = N_("a capacitance"),
  [MF_QUANTITY_ANGULAR_VELOCITY] = N_("an angular velocity"),
  [MF_QUANTITY_TORQUE] = N_("a torque"),
  [MF_QUANTITY_ROTARY_STIFFNESS] = N_("a rotary stiffness"),
  [MF_QUANTITY_ROTARY_DAMPING] = N_("a rotary damping"),
  [MF_QUANTITY_INERTIA] = N_("a moment of inertia"),
  [MF_QUANTITY_DISPLACEMENT] = N_("a displacement"),
  [MF_QUANTITY_LEAKAGE] = N_("a leakage coefficient"),
};

typedef struct
{
  const char *spelling;
  double      factor; /* SI value of one unit */
  MfQuantity  quantity;
} MfUnit;

/* Factors are the definitions (bar = 1e5 Pa, in = 25.4 mm exactly); psi is
 * lbf/in^2 to the 13 significant digits engineering tables quote. */
static const MfUnit units[] = {
  { "Pa", 1.0, MF_QUANTITY_PRESSURE },
  { "kPa", 1e3, MF_QUANTITY_PRESSURE },
  { "MPa", 1e6, MF_QUANTITY_PRESSURE },
  { "GPa", 1e9, MF_QUANTITY_PRESSURE },
  { "bar", 1e5, MF_QUANTITY_PRESSURE },
  { "mbar", 1e2, MF_QUANTITY_PRESSURE },
  { "psi", 6894.757293168, MF_QUANTITY_PRESSURE },

  { "m", 1.0, MF_QUANTITY_LENGTH },
  { "cm", 1e-2, MF_QUANTITY_LENGTH },
  { "mm", 1e-3, MF_QUANTITY_LENGTH },
  { "um", 1e-6, MF_QUANTITY_LENGTH },
  { "\302\265m", 1e-6, MF_QUANTITY_LENGTH }, /* U+00B5 MICRO SIGN */
  { "\316\274m", 1e-6, MF_QUANTITY_LENGTH }, /* U+03BC GREEK SMALL LETTER MU */
  { "in", 0.0254, MF_QUANTITY_LENGTH },

  { "m^2", 1.0, MF_QUANTITY_AREA },
  { "cm^2", 1e-4, MF_QUANTITY_AREA },
  { "mm^2", 1e-6, MF_QUANTITY_AREA },
  { "m2", 1.0, MF_QUANTITY_AREA },
  { "cm2", 1e-4, MF_QUANTITY_AREA },
  { "mm2", 1e-6, MF_QUANTITY_AREA },

  { "m^3", 1.0, MF_QUANTITY_VOLUME },
  { "cm^3", 1e-6, MF_QUANTITY_VOLUME },
  { "mm^3", 1e-9, MF_QUANTITY_VOLUME },
  { "m3", 1.0, MF_QUANTITY_VOLUME },
  { "cm3", 1e-6, MF_QUANTITY_VOLUME },
  { "L", 1e-3, MF_QUANTITY_VOLUME },
  { "l", 1e-3, MF_QUANTITY_VOLUME },
  { "mL", 1e-6, MF_QUANTITY_VOLUME },
  { "ml", 1e-6, MF_QUANTITY_VOLUME },
  { "cc", 1e-6, MF_QUANTITY_VOLUME },

  { "m^3/s", 1.0, MF_QUANTITY_FLOW },
  { "L/min", 1e-3 / 60.0, MF_QUANTITY_FLOW },
  { "l/min", 1e-3 / 60.0, MF_QUANTITY_FLOW },
  { "L/s", 1e-3, MF_QUANTITY_FLOW },
  { "l/s", 1e-3, MF_QUANTITY_FLOW },
  { "cm^3/s", 1e-6, MF_QUANTITY_FLOW },
  { "mL/s", 1e-6, MF_QUANTITY_FLOW },
  { "mL/min", 1e-6 / 60.0, MF_QUANTITY_FLOW },
  { "ml/min", 1e-6 / 60.0, MF_QUANTITY_FLOW },

  { "m/s", 1.0, MF_QUANTITY_VELOCITY },
  { "mm/s", 1e-3, MF_QUANTITY_VELOCITY },

  { "kg", 1.0, MF_QUANTITY_MASS },
  { "g", 1e-3, MF_QUANTITY_MASS },

  { "N", 1.0, MF_QUANTITY_FORCE },
  { "kN", 1e3, MF_QUANTITY_FORCE },
  { "MN", 1e6, MF_QUANTITY_FORCE },

  { "N/m", 1.0, MF_QUANTITY_STIFFNESS },
  { "kN/m", 1e3, MF_QUANTITY_STIFFNESS },
  { "N/mm", 1e3, MF_QUANTITY_STIFFNESS },
  { "MN/m", 1e6, MF_QUANTITY_STIFFNESS },

  { "N*s/m", 1.0, MF_QUANTITY_DAMPING },
  { "Ns/m", 1.0, MF_QUANTITY_DAMPING },
  { "kN*s/m", 1e3, MF_QUANTITY_DAMPING },

  { "s", 1.0, MF_QUANTITY_TIME },
  { "ms", 1e-3, MF_QUANTITY_TIME },
  { "min", 60.0, MF_QUANTITY_TIME },
  { "h", 3600.0, MF_QUANTITY_TIME },

  { "kg/m^3", 1.0, MF_QUANTITY_DENSITY },
  { "g/cm^3", 1e3, MF_QUANTITY_DENSITY },

  { "m^2/s", 1.0, MF_QUANTITY_VISCOSITY },
  { "mm^2/s", 1e-6, MF_QUANTITY_VISCOSITY },
  { "cSt", 1e-6, MF_QUANTITY_VISCOSITY },
  { "St", 1e-4, MF_QUANTITY_VISCOSITY },

  { "m^3/Pa", 1.0, MF_QUANTITY_CAPACITANCE },
  { "cm^3/bar", 1e-11, MF_QUANTITY_CAPACITANCE },
  { "L/bar", 1e-8, MF_QUANTITY_CAPACITANCE },

  /* a revolution is 2π rad */
  { "rad/s", 1.0, MF_QUANTITY_ANGULAR_VELOCITY },
  { "rpm", 2.0 * G_PI / 60.0, MF_QUANTITY_ANGULAR_VELOCITY },
  { "rev/min", 2.0 * G_PI / 60.0, MF_QUANTITY_ANGULAR_VELOCITY },
  { "rev/s", 2.0 * G_PI, MF_QUANTITY_ANGULAR_VELOCITY },

  { "N*m", 1.0, MF_QUANTITY_TORQUE },
  { "Nm", 1.0, MF_QUANTITY_TORQUE },
  { "kN*m", 1e3, MF_QUANTITY_TORQUE },

  { "N*m/rad", 1.0, MF_QUANTITY_ROTARY_STIFFNESS },
  { "Nm/rad", 1.0, MF_QUANTITY_ROTARY_STIFFNESS },
  { "kN*m/rad", 1e3, MF_QUANTITY_ROTARY_STIFFNESS },

  { "N*m*s/rad", 1.0, MF_QUANTITY_ROTARY_DAMPING },
  { "Nms/rad", 1.0, MF_QUANTITY_ROTARY_DAMPING },

  { "kg*m^2", 1.0, MF_QUANTITY_INERTIA },
  { "kgm2", 1.0, MF_QUANTITY_INERTIA },
  { "kg*cm^2", 1e-4, MF_QUANTITY_INERTIA },

  { "m^3/rad", 1.0, MF_QUANTITY_DISPLACEMENT },
  { "cm^3/rev", 1e-6 / (2.0 * G_PI), MF_QUANTITY_DISPLACEMENT },
  { "cm3/rev", 1e-6 / (2.0 * G_PI), MF_QUANTITY_DISPLACEMENT },
  { "cc/rev", 1e-6 / (2.0 * G_PI), MF_QUANTITY_DISPLACEMENT },
  { "L/rev", 1e-3 / (2.0 * G_PI), MF_QUANTITY_DISPLACEMENT },

  { "m^3/(s*Pa)", 1.0, MF_QUANTITY_LEAKAGE },
  { "L/min/bar", 1e-3 / 60.0 / 1e5, MF_QUANTITY_LEAKAGE },
  { "l/min/bar", 1e-3 / 60.0 / 1e5, MF_QUANTITY_LEAKAGE },
  { "mL/min/bar", 1e-6 / 60.0 / 1e5, MF_QUANTITY_LEAKAGE },
  { "ml/min/bar", 1e-6 / 60.0 / 1e5, MF_QUANTITY_LEAKAGE },
};

MfDimension
mf_quantity_dimension (MfQuantity quantity)
{
  MfDimension dimension = { 0, 0, 0, FALSE };

  g_return_val_if_fail (quantity < MF_N_QUANTITIES, dimension);

  dimension.mass = quantities[quantity].mass;
  dimension.length = quantities[quantity].length;
  dimension.time = quantities[quantity].time;
  dimension.angle = quantities[quantity].angle;
  return dimension;
}

const char *
mf_quantity_name (MfQuantity quantity)
{
  g_return_val_if_fail (quantity < MF_N_QUANTITIES, NULL);

  return quantities[quantity].name;
}

const char *
mf_quantity_si_unit (MfQuantity quantity)
{
  g_return_val_if_fail (quantity < MF_N_QUANTITIES, NULL);

  return quantities[quantity].si_unit;
}

/* Two unitless values are equal to each other and to nothing else: a plain
 * number has no dimension to compare yet. */
gboolean
mf_dimension_equal (MfDimension a, MfDimension b)
{
  if (a.any || b.any)
    return a.any && b.any;
  return a.mass == b.mass && a.length == b.length && a.time == b.time && a.angle == b.angle;
}

char *
mf_dimension_describe (MfDimension dimension)
{
  if (dimension.any)
    return g_strdup ("unitless");

  /* Enum order decides between quantities of one dimension (none today, but
   * e.g. a bulk modulus reads as "pressure"). */
  for (guint q = 0; q < MF_N_QUANTITIES; q++)
    if (mf_dimension_equal (dimension, mf_quantity_dimension (q)))
      return g_strdup (quantities[q].name);

  if (dimension.angle != 0)
    return g_strdup_printf ("kg^%d m^%d s^%d rad^%d", dimension.mass, dimension.length,
                            dimension.time, dimension.angle);
  return g_strdup_printf ("kg^%d m^%d s^%d", dimension.mass, dimension.length, dimension.time);
}

gboolean
mf_dimension_quantity (MfDimension dimension, MfQuantity *quantity)
{
  if (dimension.any)
    return FALSE;
  for (guint q = 0; q < MF_N_QUANTITIES; q++)
    if (mf_dimension_equal (dimension, mf_quantity_dimension (q)))
      {
        if (quantity != NULL)
          *quantity = q;
        return TRUE;
      }
  return FALSE;
}

const char *
mf_quantity_phrase (MfQuantity quantity)
{
  g_return_val_if_fail (quantity < MF_N_QUANTITIES, NULL);

  return _(quantity_phrases[quantity]);
}

static gboolean
is_word_char (char c)
{
  return g_ascii_isalnum (c) || c == '_';
}

/* How much of `text` spells `spelling`, 0 when it does not: "^2" and "^3"
 * may also be written "²" and "³", as the canvas and the results write
 * them, so that a unit copied from a label reads back. */
static gsize
spelled (const char *text, const char *spelling)
{
  gsize t = 0;

  for (gsize s = 0; spelling[s] != '\0';)
    {
      if (spelling[s] == '^' && (spelling[s + 1] == '2' || spelling[s + 1] == '3')
          && text[t] == '\xC2' && text[t + 1] == (spelling[s + 1] == '2' ? '\xB2' : '\xB3'))
        {
          s += 2;
          t += 2;
        }
      else if (text[t] == spelling[s])
        {
          s++;
          t++;
        }
      else
        return 0;
    }
  return t;
}

gsize
mf_unit_match (const char *text, double *factor, MfDimension *dimension)
{
  const MfUnit *best = NULL;
  gsize best_len = 0, best_text = 0;

  g_return_val_if_fail (text != NULL, 0);

  for (guint i = 0; i < G_N_ELEMENTS (units); i++)
    {
      gsize len = strlen (units[i].spelling);
      gsize used = len > best_len ? spelled (text, units[i].spelling) : 0;

      if (used > 0 && !is_word_char (text[used]))
        {
          best = &units[i];
          best_len = len;
          best_text = used;
        }
    }

  if (best == NULL)
    return 0;
  if (factor != NULL)
    *factor = best->factor;
  if (dimension != NULL)
    *dimension = mf_quantity_dimension (best->quantity);
  return best_text;
}
