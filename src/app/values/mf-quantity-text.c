/* mf-quantity-text.c: numbers with units and expressions as the panels
 * show and check them.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-quantity-text.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "mf-error.h"
#include "mf-field-names.h"
#include "mf-expr.h"

/* The units engineers use for each quantity, the SI unit first, then the
 * ones hydraulics people think in (bar before MPa, mm before cm).  The
 * factors repeat the core's table so that a test can hold the two together
 * (every spelling must be read by mf_unit_match with this factor). */
static const MfUnitChoice pressure_units[] = {
  { "Pa", "Pa", 1.0 },   { "bar", "bar", 1e5 }, { "kPa", "kPa", 1e3 },
  { "MPa", "MPa", 1e6 }, { "GPa", "GPa", 1e9 }, { "psi", "psi", 6894.757293168 },
};
static const MfUnitChoice length_units[] = {
  { "m", "m", 1.0 }, { "mm", "mm", 1e-3 }, { "cm", "cm", 1e-2 },
  { "um", "µm", 1e-6 }, { "in", "in", 0.0254 },
};
static const MfUnitChoice area_units[] = {
  { "m^2", "m²", 1.0 }, { "mm^2", "mm²", 1e-6 }, { "cm^2", "cm²", 1e-4 },
};
static const MfUnitChoice volume_units[] = {
  { "m^3", "m³", 1.0 }, { "L", "L", 1e-3 }, { "cm^3", "cm³", 1e-6 }, { "mm^3", "mm³", 1e-9 },
};
static const MfUnitChoice flow_units[] = {
  { "m^3/s", "m³/s", 1.0 }, { "L/min", "L/min", 1e-3 / 60.0 }, { "L/s", "L/s", 1e-3 },
  { "cm^3/s", "cm³/s", 1e-6 },
};
static const MfUnitChoice velocity_units[] = {
  { "m/s", "m/s", 1.0 }, { "mm/s", "mm/s", 1e-3 },
};
static const MfUnitChoice mass_units[] = {
  { "kg", "kg", 1.0 }, { "g", "g", 1e-3 },
};
static const MfUnitChoice force_units[] = {
  { "N", "N", 1.0 }, { "kN", "kN", 1e3 }, { "MN", "MN", 1e6 },
};
static const MfUnitChoice stiffness_units[] = {
  { "N/m", "N/m", 1.0 }, { "N/mm", "N/mm", 1e3 }, { "kN/m", "kN/m", 1e3 },
  { "MN/m", "MN/m", 1e6 },
};
static const MfUnitChoice damping_units[] = {
  { "N*s/m", "N·s/m", 1.0 }, { "kN*s/m", "kN·s/m", 1e3 },
};
static const MfUnitChoice time_units[] = {
  { "s", "s", 1.0 }, { "ms", "ms", 1e-3 }, { "min", "min", 60.0 }, { "h", "h", 3600.0 },
};
static const MfUnitChoice density_units[] = {
  { "kg/m^3", "kg/m³", 1.0 }, { "g/cm^3", "g/cm³", 1e3 },
};
static const MfUnitChoice viscosity_units[] = {
  { "m^2/s", "m²/s", 1.0 }, { "mm^2/s", "mm²/s", 1e-6 }, { "cSt", "cSt", 1e-6 },
};
static const MfUnitChoice capacitance_units[] = {
  { "m^3/Pa", "m³/Pa", 1.0 }, { "cm^3/bar", "cm³/bar", 1e-11 }, { "L/bar", "L/bar", 1e-8 },
};

static const MfUnitChoice angular_velocity_units[] = {
  { "rad/s", "rad/s", 1.0 }, { "rpm", "rpm", 2.0 * G_PI / 60.0 }, { "rev/s", "rev/s", 2.0 * G_PI },
};
static const MfUnitChoice torque_units[] = {
  { "N*m", "N·m", 1.0 }, { "kN*m", "kN·m", 1e3 },
};
static const MfUnitChoice rotary_stiffness_units[] = {
  { "N*m/rad", "N·m/rad", 1.0 }, { "kN*m/rad", "kN·m/rad", 1e3 },
};
static const MfUnitChoice rotary_damping_units[] = {
  { "N*m*s/rad", "N·m·s/rad", 1.0 }, { "Nms/rad", "Nms/rad", 1.0 },
};
static const MfUnitChoice inertia_units[] = {
  { "kg*m^2", "kg·m²", 1.0 }, { "kg*cm^2", "kg·cm²", 1e-4 },
};
static const MfUnitChoice displacement_units[] = {
  { "m^3/rad", "m³/rad", 1.0 }, { "cm^3/rev", "cm³/rev", 1e-6 / (2.0 * G_PI) },
  { "L/rev", "L/rev", 1e-3 / (2.0 * G_PI) },
};
static const MfUnitChoice leakage_units[] = {
  { "m^3/(s*Pa)", "m³/(s·Pa)", 1.0 }, { "L/min/bar", "L/min/bar", 1e-3 / 60.0 / 1e5 },
  /* a flow control valve's regulation, 0.001 L/min/bar by default */
  { "mL/min/bar", "mL/min/bar", 1e-6 / 60.0 / 1e5 },
};

typedef struct
{
  const MfUnitChoice *units;
  guint               n_units;
} MfUnitList;

#define UNITS(q, list) [MF_QUANTITY_##q] = { list, G_N_ELEMENTS (list) }

static const MfUnitList unit_lists[MF_N_QUANTITIES] = {
  [MF_QUANTITY_DIMENSIONLESS] = { NULL, 0 },
  UNITS (PRESSURE, pressure_units),
  UNITS (LENGTH, length_units),
  UNITS (AREA, area_units),
  UNITS (VOLUME, volume_units),
  UNITS (FLOW, flow_units),
  UNITS (VELOCITY, velocity_units),
  UNITS (MASS, mass_units),
  UNITS (FORCE, force_units),
  UNITS (STIFFNESS, stiffness_units),
  UNITS (DAMPING, damping_units),
  UNITS (TIME, time_units),
  UNITS (DENSITY, density_units),
  UNITS (VISCOSITY, viscosity_units),
  UNITS (CAPACITANCE, capacitance_units),
  UNITS (ANGULAR_VELOCITY, angular_velocity_units),
  UNITS (TORQUE, torque_units),
  UNITS (ROTARY_STIFFNESS, rotary_stiffness_units),
  UNITS (ROTARY_DAMPING, rotary_damping_units),
  UNITS (INERTIA, inertia_units),
  UNITS (DISPLACEMENT, displacement_units),
  UNITS (LEAKAGE, leakage_units),
};

const MfUnitChoice *
mf_quantity_units (MfQuantity quantity, guint *n_units)
{
  g_return_val_if_fail (quantity < MF_N_QUANTITIES, NULL);
  g_return_val_if_fail (n_units != NULL, NULL);

  *n_units = unit_lists[quantity].n_units;
  return unit_lists[quantity].units;
}

static gboolean
same_factor (double a, double b)
{
  return fabs (a - b) <= 1e-12 * fabs (b);
}

int
mf_quantity_find_unit (MfQuantity quantity, const char *spelling)
{
  guint n_units;
  const MfUnitChoice *units = mf_quantity_units (quantity, &n_units);
  MfDimension dimension;
  double factor;

  g_return_val_if_fail (spelling != NULL, -1);

  for (guint i = 0; i < n_units; i++)
    if (strcmp (units[i].spelling, spelling) == 0)
      return (int) i;

  /* A synonym the parser knows ("l/min", "Ns/m", "cc") stands for the listed
   * unit of the same size. */
  if (n_units == 0 || mf_unit_match (spelling, &factor, &dimension) != strlen (spelling)
      || !mf_dimension_equal (dimension, mf_quantity_dimension (quantity)))
    return -1;
  for (guint i = 0; i < n_units; i++)
    if (same_factor (factor, units[i].factor))
      return (int) i;
  return -1;
}

void
mf_quantity_rule_from_param (MfQuantityRule *rule, const MfParamSpec *spec)
{
  g_return_if_fail (rule != NULL && spec != NULL);

  rule->name = mf_field_words (spec->name);
  rule->quantity = spec->quantity;
  rule->range = spec->range;
  rule->may_vary = spec->may_vary;
  rule->required = spec->required;
  rule->any_dimension = FALSE;
}

/* --- numbers ---------------------------------------------------------- */

static void
format_digits (char buffer[G_ASCII_DTOSTR_BUF_SIZE], int digits, double number)
{
  char format[8];

  g_snprintf (format, sizeof format, "%%.%dg", digits);
  g_ascii_formatd (buffer, G_ASCII_DTOSTR_BUF_SIZE, format, number);
}

char *
mf_quantity_text_number (double number)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  int digits;

  if (number == 0.0 || !isfinite (number))
    return g_strdup (number == 0.0 ? "0" : isnan (number) ? "nan" : number > 0 ? "inf" : "-inf");
  for (digits = 1; digits < 15; digits++)
    {
      format_digits (buffer, digits, number);
      if (g_ascii_strtod (buffer, NULL) == number)
        break;
    }
  /* %g turns 60 into "6e+01" at one figure; whole numbers below 1e15 read
   * better written out, which takes as many figures as they have digits. */
  if (fabs (number) >= 1.0 && fabs (number) < 1e15)
    digits = MAX (digits, (int) floor (log10 (fabs (number))) + 1);
  format_digits (buffer, digits, number);
  return g_strdup (buffer);
}

gboolean
mf_quantity_text_is_number (const char *text, double *number)
{
  g_autofree char *trimmed = NULL;
  gsize length;

  g_return_val_if_fail (text != NULL, FALSE);

  trimmed = g_strstrip (g_strdup (text));
  length = mf_expr_number_length (trimmed);
  if (length == 0 || trimmed[length] != '\0')
    return FALSE;
  if (number != NULL)
    *number = g_ascii_strtod (trimmed, NULL);
  return TRUE;
}

gboolean
mf_quantity_text_split (MfQuantity quantity, const char *text, double *number, guint *unit)
{
  g_autofree char *trimmed = NULL;
  gsize length;
  const char *rest;
  int index = 0;

  g_return_val_if_fail (text != NULL, FALSE);

  trimmed = g_strstrip (g_strdup (text));
  length = mf_expr_number_length (trimmed);
  if (length == 0)
    return FALSE;
  rest = trimmed + length;
  while (g_ascii_isspace (*rest))
    rest++;
  if (*rest != '\0')
    {
      index = mf_quantity_find_unit (quantity, rest);
      if (index < 0)
        return FALSE;
    }
  if (number != NULL)
    *number = g_ascii_strtod (trimmed, NULL);
  if (unit != NULL)
    *unit = (guint) index;
  return TRUE;
}

/* "12mm" as "12 mm": the unit in the list's `spelling`, or with
 * `readable` its label ("20 mm²"). */
static char *
number_with_unit (MfQuantity quantity, const char *text, gboolean readable)
{
  g_autofree char *trimmed = NULL;
  guint n_units;
  const MfUnitChoice *units = mf_quantity_units (quantity, &n_units);
  gsize length;
  const char *rest;
  int index;
  double factor;
  MfDimension dimension;

  g_return_val_if_fail (text != NULL, NULL);

  trimmed = g_strstrip (g_strdup (text));
  length = mf_expr_number_length (trimmed);
  rest = trimmed + length;
  while (g_ascii_isspace (*rest))
    rest++;
  if (n_units == 0 || length == 0 || *rest == '\0')
    return NULL;
  /* the user's digits stay: only the spacing and the unit's spelling are
   * made the same for every value */
  index = mf_quantity_find_unit (quantity, rest);
  if (index >= 0)
    return g_strdup_printf ("%.*s %s", (int) length, trimmed,
                            readable ? units[index].label : units[index].spelling);
  if (mf_unit_match (rest, &factor, &dimension) == strlen (rest)
      && mf_dimension_equal (dimension, mf_quantity_dimension (quantity)))
    return g_strdup_printf ("%.*s %s", (int) length, trimmed, rest);
  return NULL;
}

char *
mf_quantity_text_normalize (MfQuantity quantity, const char *text)
{
  g_return_val_if_fail (text != NULL, NULL);
  return number_with_unit (quantity, text, FALSE);
}

char *
mf_quantity_text_readable (MfQuantity quantity, const char *text)
{
  g_return_val_if_fail (text != NULL, NULL);
  return number_with_unit (quantity, text, TRUE);
}

char *
mf_quantity_text_join (MfQuantity quantity, double number, guint unit)
{
  guint n_units;
  const MfUnitChoice *units = mf_quantity_units (quantity, &n_units);
  g_autofree char *digits = mf_quantity_text_number (number);

  if (unit == 0 || unit >= n_units)
    return g_steal_pointer (&digits);
  return g_strdup_printf ("%s %s", digits, units[unit].spelling);
}

/* 12 figures hide the last-bit noise of dividing by a unit's factor. */
static double
round_to_12_figures (double number)
{
  char rounded[G_ASCII_DTOSTR_BUF_SIZE];

  g_ascii_formatd (rounded, sizeof rounded, "%.12g", number);
  return g_ascii_strtod (rounded, NULL);
}

char *
mf_quantity_text_in_unit (MfQuantity quantity, double value, guint unit)
{
  guint n_units;
  const MfUnitChoice *units = mf_quantity_units (quantity, &n_units);

  if (unit >= n_units)
    unit = 0;
  if (n_units == 0)
    return mf_quantity_text_number (value);
  return mf_quantity_text_join (quantity, round_to_12_figures (value / units[unit].factor), unit);
}

int
mf_quantity_best_unit (MfQuantity quantity, double value)
{
  guint n_units;
  const MfUnitChoice *units = mf_quantity_units (quantity, &n_units);

  if (value == 0.0 || !isfinite (value))
    return -1;
  /* The first unit of the list (which puts the units hydraulics people
   * think in first) that needs no exponent and no leading zeros. */
  for (guint i = 0; i < n_units; i++)
    {
      double number = value / units[i].factor;

      if (fabs (number) >= 1.0 && fabs (number) < 1000.0)
        return (int) i;
    }
  return -1;
}

char *
mf_quantity_text_format_si (MfQuantity quantity, double value)
{
  guint n_units;
  const MfUnitChoice *units = mf_quantity_units (quantity, &n_units);
  int best;
  g_autofree char *digits = NULL;

  if (n_units == 0)
    return isinf (value) ? g_strdup (value > 0 ? "∞" : "−∞")
                            : mf_quantity_text_number (value);
  best = mf_quantity_best_unit (quantity, value);
  if (best >= 0)
    {
      digits = mf_quantity_text_number (round_to_12_figures (value / units[best].factor));
      return g_strdup_printf ("%s %s", digits, units[best].label);
    }
  digits = isinf (value) ? g_strdup (value > 0 ? "∞" : "−∞") : mf_quantity_text_number (value);
  return g_strdup_printf ("%s %s", digits, units[0].label);
}

/* --- checking --------------------------------------------------------- */

/* "length" for "length", "cracking pressure" for "cracking_pressure". */
static char *
field_words (const char *name)
{
  char *words = g_strdup (name);

  g_strdelimit (words, "_", ' ');
  return words;
}

/* "a pressure", "an area", "a dimensionless number", "a value in kg^1 …". */
static char *
dimension_with_article (MfDimension dimension)
{
  g_autofree char *name = NULL;

  if (dimension.any)
    return g_strdup (mf_quantity_phrase (MF_QUANTITY_DIMENSIONLESS));
  for (guint q = 0; q < MF_N_QUANTITIES; q++)
    if (mf_dimension_equal (dimension, mf_quantity_dimension (q)))
      return g_strdup (mf_quantity_phrase (q));
  name = mf_dimension_describe (dimension);
  return g_strdup_printf (_("a value in %s"), name);
}

/* What the user wrote that carries the wrong units: the unit alone when
 * the text is a number and a unit ("bar"), else the whole text. */
static char *
units_subject (const char *text)
{
  gsize length = mf_expr_number_length (text);
  const char *rest = text + length;

  while (length > 0 && g_ascii_isspace (*rest))
    rest++;
  if (length > 0 && *rest != '\0' && mf_unit_match (rest, NULL, NULL) == strlen (rest))
    return g_strdup (rest);
  return g_strdup (text);
}

static gboolean
check_dimension (const MfQuantityRule *rule, const char *text, MfDimension dimension,
                 GError **error)
{
  MfDimension wanted = mf_quantity_dimension (rule->quantity);
  g_autofree char *subject = NULL;
  g_autofree char *is = NULL;
  g_autofree char *should = NULL;
  g_autofree char *field = NULL;

  if (rule->any_dimension || dimension.any || mf_dimension_equal (dimension, wanted))
    return TRUE;
  subject = units_subject (text);
  is = dimension_with_article (dimension);
  should = dimension_with_article (wanted);
  field = field_words (rule->name);
  if (rule->quantity == MF_QUANTITY_DIMENSIONLESS)
    g_set_error (error, MF_ERROR, MF_ERROR_INVALID,
                 _("'%s' is %s, but %s is a plain number without units"), subject, is, field);
  else
    g_set_error (error, MF_ERROR, MF_ERROR_INVALID, _("'%s' is %s, but %s needs %s (%s)"),
                 subject, is, field, should, unit_lists[rule->quantity].units[0].label);
  return FALSE;
}

static gboolean
check_constant (const MfQuantityRule *rule, const MfExpr *expr, GError **error)
{
  g_autofree char *field = field_words (rule->name);
  double value;

  if (!mf_expr_is_constant (expr))
    {
      if (rule->may_vary)
        return TRUE;
      g_set_error (error, MF_ERROR, MF_ERROR_INVALID,
                   _("%s must be a constant: it cannot depend on t"), field);
      return FALSE;
    }
  value = mf_expr_eval (expr, 0.0);
  if (!isfinite (value))
    g_set_error (error, MF_ERROR, MF_ERROR_INVALID, _("%s is not a finite number"), field);
  else if (rule->range == MF_RANGE_POSITIVE && value <= 0.0)
    g_set_error (error, MF_ERROR, MF_ERROR_INVALID, _("%s must be greater than zero"), field);
  else if (rule->range == MF_RANGE_NON_NEGATIVE && value < 0.0)
    g_set_error (error, MF_ERROR, MF_ERROR_INVALID, _("%s must not be negative"), field);
  else if (rule->range == MF_RANGE_FRACTION && !(value > 0.0 && value <= 1.0))
    g_set_error (error, MF_ERROR, MF_ERROR_INVALID,
                 _("%s must be greater than zero and at most 1"), field);
  else if (rule->range == MF_RANGE_POLYTROPIC && !(value >= 1.0 && value <= 2.0))
    g_set_error (error, MF_ERROR, MF_ERROR_INVALID,
                 _("%s must be at least 1 (isothermal) and at most 2"), field);
  else if (rule->range == MF_RANGE_OVERLAP && !(value > -1.0 && value < 1.0))
    g_set_error (error, MF_ERROR, MF_ERROR_INVALID,
                 /* Translators: %s is the field, a spool's overlap */
                 _("%s must be greater than -1 and less than 1"), field);
  else if (rule->range == MF_RANGE_TRAVEL && !(value >= -1.0 && value <= 1.0))
    g_set_error (error, MF_ERROR, MF_ERROR_INVALID,
                 /* Translators: %s is the field, a spool's place or a pump's fraction */
                 _("%s must be between -1 and 1"), field);
  else
    return TRUE;
  return FALSE;
}

gboolean
mf_quantity_text_check (const MfQuantityRule *rule, const char *text, GError **error)
{
  g_autofree char *trimmed = NULL;
  g_autoptr (MfExpr) expr = NULL;
  MfDimension dimension = { 0, 0, 0, TRUE };

  g_return_val_if_fail (rule != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  trimmed = g_strstrip (g_strdup (text != NULL ? text : ""));
  if (*trimmed == '\0')
    {
      g_autofree char *field = NULL;

      if (!rule->required)
        return TRUE;
      field = field_words (rule->name);
      g_set_error (error, MF_ERROR, MF_ERROR_INVALID, _("%s is required: it has no default"),
                   field);
      return FALSE;
    }
  expr = mf_expr_parse (trimmed, &dimension, NULL, error);
  if (expr == NULL)
    return FALSE;
  return check_dimension (rule, trimmed, dimension, error) && check_constant (rule, expr, error);
}
