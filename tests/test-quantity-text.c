/* test-quantity-text.c: the value text behind the unit-aware entry
 * (src/app/values/mf-quantity-text.c, mf-field-names.c) — the units it
 * offers, splitting and joining "number unit" texts, and the check of what
 * is typed.  No display needed.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include "mf-error.h"
#include "mf-expr.h"
#include "mf-field-names.h"
#include "mf-quantity-text.h"

static void
assert_close (double value, double expected)
{
  if (fabs (value - expected) > 1e-12 * fabs (expected))
    g_error ("%.17g differs from %.17g", value, expected);
}

/* Every offered unit must be one the loader reads, with the same size, so
 * whatever the panel writes loads again. */
static void
test_units_known_to_parser (void)
{
  for (MfQuantity q = 0; q < MF_N_QUANTITIES; q++)
    {
      guint n_units;
      const MfUnitChoice *units = mf_quantity_units (q, &n_units);

      if (q == MF_QUANTITY_DIMENSIONLESS)
        {
          g_assert_cmpuint (n_units, ==, 0);
          continue;
        }
      g_assert_cmpuint (n_units, >=, 2);
      g_assert_cmpstr (units[0].spelling, ==, mf_quantity_si_unit (q));
      g_assert_cmpfloat (units[0].factor, ==, 1.0);
      for (guint i = 0; i < n_units; i++)
        {
          MfDimension dimension;
          double factor = 0.0;

          g_assert_cmpuint (mf_unit_match (units[i].spelling, &factor, &dimension), ==,
                            strlen (units[i].spelling));
          g_assert_true (mf_dimension_equal (dimension, mf_quantity_dimension (q)));
          assert_close (factor, units[i].factor);
          g_assert_cmpint (mf_quantity_find_unit (q, units[i].spelling), ==, (int) i);
        }
    }
}

/* The units the brief and engineers expect are all there. */
static void
test_units_expected (void)
{
  static const struct
  {
    MfQuantity  quantity;
    const char *spelling;
  } expected[] = {
    { MF_QUANTITY_PRESSURE, "Pa" },     { MF_QUANTITY_PRESSURE, "kPa" },
    { MF_QUANTITY_PRESSURE, "bar" },    { MF_QUANTITY_PRESSURE, "MPa" },
    { MF_QUANTITY_PRESSURE, "psi" },    { MF_QUANTITY_FLOW, "m^3/s" },
    { MF_QUANTITY_FLOW, "L/min" },      { MF_QUANTITY_FLOW, "L/s" },
    { MF_QUANTITY_LENGTH, "m" },        { MF_QUANTITY_LENGTH, "mm" },
    { MF_QUANTITY_LENGTH, "cm" },       { MF_QUANTITY_AREA, "m^2" },
    { MF_QUANTITY_AREA, "mm^2" },       { MF_QUANTITY_AREA, "cm^2" },
    { MF_QUANTITY_MASS, "kg" },         { MF_QUANTITY_MASS, "g" },
    { MF_QUANTITY_FORCE, "N" },         { MF_QUANTITY_FORCE, "kN" },
    { MF_QUANTITY_STIFFNESS, "N/m" },   { MF_QUANTITY_STIFFNESS, "N/mm" },
    { MF_QUANTITY_STIFFNESS, "kN/m" },  { MF_QUANTITY_DAMPING, "N*s/m" },
    { MF_QUANTITY_VOLUME, "m^3" },      { MF_QUANTITY_VOLUME, "L" },
    { MF_QUANTITY_VOLUME, "cm^3" },     { MF_QUANTITY_TIME, "s" },
    { MF_QUANTITY_TIME, "ms" },         { MF_QUANTITY_VISCOSITY, "cSt" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    g_assert_cmpint (mf_quantity_find_unit (expected[i].quantity, expected[i].spelling), >=, 0);
  /* Synonyms map onto the listed unit of the same size. */
  g_assert_cmpint (mf_quantity_find_unit (MF_QUANTITY_FLOW, "l/min"), ==,
                   mf_quantity_find_unit (MF_QUANTITY_FLOW, "L/min"));
  g_assert_cmpint (mf_quantity_find_unit (MF_QUANTITY_DAMPING, "Ns/m"), ==, 0);
  g_assert_cmpint (mf_quantity_find_unit (MF_QUANTITY_VOLUME, "cc"), ==,
                   mf_quantity_find_unit (MF_QUANTITY_VOLUME, "cm^3"));
  /* A unit of another quantity is not one of this one's. */
  g_assert_cmpint (mf_quantity_find_unit (MF_QUANTITY_LENGTH, "bar"), ==, -1);
  g_assert_cmpint (mf_quantity_find_unit (MF_QUANTITY_LENGTH, "furlong"), ==, -1);
  g_assert_cmpint (mf_quantity_find_unit (MF_QUANTITY_DIMENSIONLESS, "m"), ==, -1);
}

/* Joining a number and a unit and splitting the text again gives them back,
 * and the core's parser reads the text as number × factor in the right
 * dimension: for each quantity, for each of its units. */
static void
test_join_split_round_trip (void)
{
  static const double numbers[] = { 12.5, 0.61, -3, 1e-5, 250000, 0 };

  for (MfQuantity q = 0; q < MF_N_QUANTITIES; q++)
    {
      guint n_units;
      const MfUnitChoice *units = mf_quantity_units (q, &n_units);

      for (guint u = 0; u < MAX (n_units, 1); u++)
        for (guint k = 0; k < G_N_ELEMENTS (numbers); k++)
          {
            g_autofree char *text = mf_quantity_text_join (q, numbers[k], u);
            g_autoptr (GError) error = NULL;
            g_autoptr (MfExpr) expr = NULL;
            MfDimension dimension;
            double number = NAN;
            guint unit = 99;

            g_assert_true (mf_quantity_text_split (q, text, &number, &unit));
            g_assert_cmpfloat (number, ==, numbers[k]);
            g_assert_cmpuint (unit, ==, u);

            expr = mf_expr_parse (text, &dimension, NULL, &error);
            g_assert_no_error (error);
            assert_close (mf_expr_eval (expr, 0.0), numbers[k] * (n_units ? units[u].factor : 1));
            /* the SI unit is written as a bare number, read as SI */
            if (u == 0)
              g_assert_true (dimension.any);
            else
              g_assert_true (mf_dimension_equal (dimension, mf_quantity_dimension (q)));
          }
    }
}

static void
test_split (void)
{
  double number = 0;
  guint unit = 99;

  g_assert_true (mf_quantity_text_split (MF_QUANTITY_LENGTH, "12 mm", &number, &unit));
  g_assert_cmpfloat (number, ==, 12);
  g_assert_cmpstr (mf_quantity_units (MF_QUANTITY_LENGTH, &(guint){ 0 })[unit].spelling, ==, "mm");

  g_assert_true (mf_quantity_text_split (MF_QUANTITY_PRESSURE, "  -3.5bar ", &number, &unit));
  g_assert_cmpfloat (number, ==, -3.5);
  g_assert_cmpint (unit, ==, mf_quantity_find_unit (MF_QUANTITY_PRESSURE, "bar"));

  g_assert_true (mf_quantity_text_split (MF_QUANTITY_AREA, "1e-05", &number, &unit));
  g_assert_cmpfloat (number, ==, 1e-5);
  g_assert_cmpuint (unit, ==, 0);

  g_assert_true (mf_quantity_text_split (MF_QUANTITY_FLOW, "20 l/min", &number, &unit));
  g_assert_cmpfloat (number, ==, 20);
  g_assert_cmpint (unit, ==, mf_quantity_find_unit (MF_QUANTITY_FLOW, "L/min"));

  g_assert_true (mf_quantity_text_split (MF_QUANTITY_DIMENSIONLESS, ".5", &number, &unit));
  g_assert_cmpfloat (number, ==, 0.5);

  /* Not a number with one of the quantity's units: shown as typed. */
  g_assert_false (mf_quantity_text_split (MF_QUANTITY_AREA, "2e-5*ramp(t, 0.1, 0.3)", NULL, NULL));
  g_assert_false (mf_quantity_text_split (MF_QUANTITY_LENGTH, "3 bar", NULL, NULL));
  g_assert_false (mf_quantity_text_split (MF_QUANTITY_PRESSURE, "5 mbar", NULL, NULL));
  g_assert_false (mf_quantity_text_split (MF_QUANTITY_PRESSURE, "inf", NULL, NULL));
  g_assert_false (mf_quantity_text_split (MF_QUANTITY_PRESSURE, "0x10", NULL, NULL));
  g_assert_false (mf_quantity_text_split (MF_QUANTITY_PRESSURE, "", NULL, NULL));
  g_assert_false (mf_quantity_text_split (MF_QUANTITY_PRESSURE, "1e", NULL, NULL));
  g_assert_false (mf_quantity_text_split (MF_QUANTITY_DIMENSIONLESS, "0.61 m", NULL, NULL));
}

/* A number with a unit is stored in one form, whatever the user typed
 * between and however they spelled the unit; anything else is not touched. */
static void
test_normalize (void)
{
  static const struct
  {
    MfQuantity  quantity;
    const char *typed;
    const char *normal; /* NULL: left as typed */
  } cases[] = {
    { MF_QUANTITY_LENGTH, "12mm", "12 mm" },
    { MF_QUANTITY_LENGTH, "  12   mm ", "12 mm" },
    { MF_QUANTITY_LENGTH, "12 mm", "12 mm" },
    { MF_QUANTITY_LENGTH, "2m", "2 m" },
    { MF_QUANTITY_LENGTH, "1.50mm", "1.50 mm" },
    { MF_QUANTITY_PRESSURE, "5mbar", "5 mbar" },
    { MF_QUANTITY_VOLUME, "10cc", "10 cm^3" },
    { MF_QUANTITY_PRESSURE, "-3.5bar", "-3.5 bar" },
    { MF_QUANTITY_PRESSURE, "1e5Pa", "1e5 Pa" },
    { MF_QUANTITY_FLOW, "20l/min", "20 L/min" },
    { MF_QUANTITY_AREA, "5mm^2", "5 mm^2" },
    { MF_QUANTITY_DAMPING, "3 Ns/m", "3 N*s/m" },
    { MF_QUANTITY_VOLUME, "1e-5m^3", "1e-5 m^3" },
    { MF_QUANTITY_LENGTH, "12", NULL },
    { MF_QUANTITY_LENGTH, "", NULL },
    { MF_QUANTITY_LENGTH, "3 bar", NULL },
    { MF_QUANTITY_LENGTH, "2 mm + 3 mm", NULL },
    { MF_QUANTITY_AREA, "20 mm^2*ramp(t, 0.1, 0.3)", NULL },
    { MF_QUANTITY_AREA, "2e-5*ramp(t, 0.1, 0.3)", NULL },
    { MF_QUANTITY_LENGTH, "mm", NULL },
    { MF_QUANTITY_DIMENSIONLESS, "0.61 m", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *normal = mf_quantity_text_normalize (cases[i].quantity, cases[i].typed);

      g_test_message ("'%s'", cases[i].typed);
      g_assert_cmpstr (normal, ==, cases[i].normal);
    }
}

/* The same form for people: the unit as the list labels it. */
static void
test_readable (void)
{
  static const struct
  {
    MfQuantity  quantity;
    const char *typed;
    const char *readable; /* NULL: not a number with a unit */
  } cases[] = {
    { MF_QUANTITY_AREA, "20 mm^2", "20 mm²" },
    { MF_QUANTITY_AREA, "5mm^2", "5 mm²" },
    { MF_QUANTITY_VOLUME, "10cc", "10 cm³" },
    { MF_QUANTITY_FLOW, "20l/min", "20 L/min" },
    { MF_QUANTITY_DAMPING, "3 Ns/m", "3 N·s/m" },
    { MF_QUANTITY_LENGTH, "  12   mm ", "12 mm" },
    { MF_QUANTITY_PRESSURE, "5mbar", "5 mbar" },
    { MF_QUANTITY_LENGTH, "12", NULL },
    { MF_QUANTITY_AREA, "20 mm^2*ramp(t, 0.1, 0.3)", NULL },
    { MF_QUANTITY_DIMENSIONLESS, "0.61 m", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *readable = mf_quantity_text_readable (cases[i].quantity, cases[i].typed);

      g_test_message ("'%s'", cases[i].typed);
      g_assert_cmpstr (readable, ==, cases[i].readable);
    }
}

static void
test_is_number (void)
{
  double number = 0;

  g_assert_true (mf_quantity_text_is_number (" 12.5 ", &number));
  g_assert_cmpfloat (number, ==, 12.5);
  g_assert_true (mf_quantity_text_is_number ("-1E-3", &number));
  g_assert_cmpfloat (number, ==, -1e-3);
  g_assert_true (mf_quantity_text_is_number ("3.", &number));
  g_assert_cmpfloat (number, ==, 3);
  g_assert_false (mf_quantity_text_is_number ("12 mm", NULL));
  g_assert_false (mf_quantity_text_is_number ("2*t", NULL));
  g_assert_false (mf_quantity_text_is_number ("1e", NULL));
  g_assert_false (mf_quantity_text_is_number ("nan", NULL));
  g_assert_false (mf_quantity_text_is_number ("", NULL));
  g_assert_false (mf_quantity_text_is_number ("-", NULL));
}

static void
test_number (void)
{
  static const struct
  {
    double      number;
    const char *text;
  } cases[] = {
    { 0.61, "0.61" }, { 1e-5, "1e-05" }, { 60, "60" }, { 0, "0" }, { -2.5, "-2.5" },
    { 1.0 / 3.0, "0.333333333333333" }, { 1.5e9, "1500000000" }, { 12345.678, "12345.678" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = mf_quantity_text_number (cases[i].number);

      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

static void
test_in_unit (void)
{
  static const struct
  {
    MfQuantity  quantity;
    double      value;
    const char *unit;
    const char *text;
  } cases[] = {
    { MF_QUANTITY_TIME, 0.25, "ms", "250 ms" },
    { MF_QUANTITY_TIME, 0.25, "s", "0.25" },
    { MF_QUANTITY_PRESSURE, 1e7, "MPa", "10 MPa" },
    { MF_QUANTITY_PRESSURE, 1e7, "bar", "100 bar" },
    { MF_QUANTITY_FLOW, 1e-3 / 3.0, "L/min", "20 L/min" },
    { MF_QUANTITY_AREA, 2e-5, "mm^2", "20 mm^2" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      int unit = mf_quantity_find_unit (cases[i].quantity, cases[i].unit);
      g_autofree char *text = NULL;

      g_assert_cmpint (unit, >=, 0);
      text = mf_quantity_text_in_unit (cases[i].quantity, cases[i].value, (guint) unit);
      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

static void
test_format_si (void)
{
  static const struct
  {
    MfQuantity  quantity;
    double      value;
    const char *text;
  } cases[] = {
    { MF_QUANTITY_LENGTH, 0.010, "10 mm" },
    { MF_QUANTITY_LENGTH, 1.5e-6, "1.5 µm" },
    { MF_QUANTITY_LENGTH, 2.0, "2 m" },
    { MF_QUANTITY_LENGTH, INFINITY, "∞ m" },
    { MF_QUANTITY_PRESSURE, 10e5, "10 bar" },
    { MF_QUANTITY_PRESSURE, 1.5e9, "1.5 GPa" },
    { MF_QUANTITY_PRESSURE, 0.0, "0 Pa" },
    { MF_QUANTITY_PRESSURE, 500.0, "500 Pa" },
    { MF_QUANTITY_FLOW, 20e-3 / 60.0, "20 L/min" },
    { MF_QUANTITY_AREA, 2e-5, "20 mm²" },
    { MF_QUANTITY_DAMPING, 0.0, "0 N·s/m" },
    { MF_QUANTITY_DIMENSIONLESS, 0.61, "0.61" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = mf_quantity_text_format_si (cases[i].quantity, cases[i].value);

      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

static void
assert_refused (const MfQuantityRule *rule, const char *text, const char *message)
{
  g_autoptr (GError) error = NULL;

  g_assert_false (mf_quantity_text_check (rule, text, &error));
  g_assert_error (error, MF_ERROR, error->code);
  g_assert_cmpstr (error->message, ==, message);
}

static void
assert_accepted (const MfQuantityRule *rule, const char *text)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (mf_quantity_text_check (rule, text, &error));
  g_assert_no_error (error);
}

/* The rules are the component table's; the messages are the panel's. */
static void
test_check (void)
{
  const MfComponentTypeInfo *pipe = mf_component_type_lookup ("pipe");
  const MfComponentTypeInfo *valve = mf_component_type_lookup ("valve");
  MfQuantityRule length, roughness, area, cd;
  MfQuantityRule atol = { "atol", MF_QUANTITY_DIMENSIONLESS, MF_RANGE_POSITIVE, FALSE, FALSE,
                          TRUE };

  mf_quantity_rule_from_param (&length, &pipe->params[MF_PIPE_LENGTH]);
  mf_quantity_rule_from_param (&roughness, &pipe->params[MF_PIPE_ROUGHNESS]);
  mf_quantity_rule_from_param (&area, &valve->params[MF_ORIFICE_AREA]);
  mf_quantity_rule_from_param (&cd, &valve->params[MF_ORIFICE_CD]);
  g_assert_true (length.required);
  g_assert_true (area.may_vary);

  assert_accepted (&length, "2 m");
  assert_accepted (&length, "2");
  assert_accepted (&length, " 12 mm ");
  assert_accepted (&roughness, "");
  assert_accepted (&roughness, "0");
  assert_accepted (&area, "2e-5*ramp(t, 0.1, 0.3)");
  assert_accepted (&area, "20 mm^2 * step(t, 0.5)");
  assert_accepted (&cd, "0.7");
  assert_accepted (&atol, "1e-9 m");

  assert_refused (&length, "3 bar", "'bar' is a pressure, but length needs a length (m)");
  assert_refused (&length, "2 mm^2 * 3", "'2 mm^2 * 3' is an area, but length needs a length (m)");
  assert_refused (&length, "", "length is required: it has no default");
  assert_refused (&length, "  ", "length is required: it has no default");
  assert_refused (&area, "3 mm", "'mm' is a length, but area needs an area (m²)");
  assert_refused (&length, "0 m", "length must be greater than zero");
  assert_refused (&length, "2*t", "length must be a constant: it cannot depend on t");
  assert_refused (&roughness, "-1 mm", "roughness must not be negative");
  assert_refused (&area, "sn(t)", "unknown function 'sn'");
  assert_refused (&area, "2 furlongs", "unknown unit 'furlongs'");
  assert_refused (&area, "2 *", "unexpected end of expression");
  assert_refused (&cd, "0.6 m",
                  "'m' is a length, but discharge coefficient (cd) is a plain number "
                  "without units");
  assert_refused (&cd, "1e999", "number too large '1e999'");

  /* a spool's place: in [−1, 1] when constant, held there when it varies */
  {
    const MfComponentTypeInfo *dv = mf_component_type_lookup ("valve_4_3");
    MfQuantityRule spool;

    mf_quantity_rule_from_param (&spool,
                                 &dv->params[mf_component_type_param_index (dv, "spool")]);
    assert_accepted (&spool, "-1");
    assert_accepted (&spool, "2*sin(t)");
    assert_refused (&spool, "1.5", "spool must be between -1 and 1");
  }
}

/* Fields read as words in messages and as titles in the panels; every
 * parameter of every component type has words of its own. */
static void
test_field_names (void)
{
  g_autofree char *title = mf_field_title ("cap_area");
  g_autofree char *unknown = mf_field_title ("some_new_field");

  g_assert_cmpstr (mf_field_words ("cap_area"), ==, "cap area");
  g_assert_cmpstr (title, ==, "Cap area");
  g_assert_cmpstr (unknown, ==, "Some new field");
  g_assert_cmpstr (mf_quantity_phrase (MF_QUANTITY_AREA), ==, "an area");
  for (guint t = 0; t < MF_N_COMPONENT_TYPES; t++)
    {
      const MfComponentTypeInfo *info = mf_component_type_info (t);

      for (guint p = 0; p < info->n_params; p++)
        if (info->params[p].kind == MF_PARAM_QUANTITY || info->params[p].kind == MF_PARAM_CHOICE)
          g_assert_null (strchr (mf_field_words (info->params[p].name), '_'));
    }
  for (guint q = 0; q < MF_N_QUANTITIES; q++)
    g_assert_true (g_str_has_prefix (mf_quantity_phrase (q), "a"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/app/quantity-text/units-known-to-parser", test_units_known_to_parser);
  g_test_add_func ("/app/quantity-text/units-expected", test_units_expected);
  g_test_add_func ("/app/quantity-text/join-split-round-trip", test_join_split_round_trip);
  g_test_add_func ("/app/quantity-text/split", test_split);
  g_test_add_func ("/app/quantity-text/normalize", test_normalize);
  g_test_add_func ("/app/quantity-text/readable", test_readable);
  g_test_add_func ("/app/quantity-text/is-number", test_is_number);
  g_test_add_func ("/app/quantity-text/number", test_number);
  g_test_add_func ("/app/quantity-text/in-unit", test_in_unit);
  g_test_add_func ("/app/quantity-text/format-si", test_format_si);
  g_test_add_func ("/app/quantity-text/check", test_check);
  g_test_add_func ("/app/quantity-text/field-names", test_field_names);

  return g_test_run ();
}
