/* test-units.c
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include "mf-units.h"

static MfDimension
dim (int mass, int length, int time)
{
  MfDimension d = { (gint8) mass, (gint8) length, (gint8) time, FALSE };

  return d;
}

static void
assert_dimension (MfDimension d, int mass, int length, int time)
{
  g_assert_false (d.any);
  g_assert_cmpint (d.mass, ==, mass);
  g_assert_cmpint (d.length, ==, length);
  g_assert_cmpint (d.time, ==, time);
}

/* The radian is counted apart: a displacement per revolution is not a
 * volume, a speed in rpm not a frequency, and a torque per radian not a
 * torque.  The exponents: m^3/rad has -1, rad/s +1. */
static void
test_angle (void)
{
  MfDimension displacement = mf_quantity_dimension (MF_QUANTITY_DISPLACEMENT);
  MfDimension speed = mf_quantity_dimension (MF_QUANTITY_ANGULAR_VELOCITY);
  g_autofree char *described = NULL;

  g_assert_cmpint (displacement.angle, ==, -1);
  g_assert_cmpint (speed.angle, ==, 1);
  g_assert_cmpint (mf_quantity_dimension (MF_QUANTITY_ROTARY_STIFFNESS).angle, ==, -1);
  g_assert_cmpint (mf_quantity_dimension (MF_QUANTITY_TORQUE).angle, ==, 0);
  g_assert_false (mf_dimension_equal (displacement, mf_quantity_dimension (MF_QUANTITY_VOLUME)));
  g_assert_false (mf_dimension_equal (mf_quantity_dimension (MF_QUANTITY_ROTARY_STIFFNESS),
                                      mf_quantity_dimension (MF_QUANTITY_TORQUE)));
  /* an angle alone is no quantity of the table: its exponents are named */
  described = mf_dimension_describe ((MfDimension) { 0, 0, 0, FALSE, 1 });
  g_assert_cmpstr (described, ==, "kg^0 m^0 s^0 rad^1");
}

static void
test_quantities (void)
{
  static const struct
  {
    MfQuantity  quantity;
    const char *name;
    const char *si;
    int         mass, length, time;
  } expected[] = {
    { MF_QUANTITY_DIMENSIONLESS, "dimensionless", "", 0, 0, 0 },
    { MF_QUANTITY_PRESSURE, "pressure", "Pa", 1, -1, -2 },
    { MF_QUANTITY_LENGTH, "length", "m", 0, 1, 0 },
    { MF_QUANTITY_AREA, "area", "m^2", 0, 2, 0 },
    { MF_QUANTITY_VOLUME, "volume", "m^3", 0, 3, 0 },
    { MF_QUANTITY_FLOW, "flow", "m^3/s", 0, 3, -1 },
    { MF_QUANTITY_VELOCITY, "velocity", "m/s", 0, 1, -1 },
    { MF_QUANTITY_MASS, "mass", "kg", 1, 0, 0 },
    { MF_QUANTITY_FORCE, "force", "N", 1, 1, -2 },
    { MF_QUANTITY_STIFFNESS, "stiffness", "N/m", 1, 0, -2 },
    { MF_QUANTITY_DAMPING, "damping", "N*s/m", 1, 0, -1 },
    { MF_QUANTITY_TIME, "time", "s", 0, 0, 1 },
    { MF_QUANTITY_DENSITY, "density", "kg/m^3", 1, -3, 0 },
    { MF_QUANTITY_VISCOSITY, "kinematic viscosity", "m^2/s", 0, 2, -1 },
    { MF_QUANTITY_CAPACITANCE, "capacitance", "m^3/Pa", -1, 4, 2 },
    { MF_QUANTITY_ANGULAR_VELOCITY, "angular velocity", "rad/s", 0, 0, -1 },
    { MF_QUANTITY_TORQUE, "torque", "N*m", 1, 2, -2 },
    { MF_QUANTITY_ROTARY_STIFFNESS, "rotary stiffness", "N*m/rad", 1, 2, -2 },
    { MF_QUANTITY_ROTARY_DAMPING, "rotary damping", "N*m*s/rad", 1, 2, -1 },
    { MF_QUANTITY_INERTIA, "moment of inertia", "kg*m^2", 1, 2, 0 },
    { MF_QUANTITY_DISPLACEMENT, "displacement", "m^3/rad", 0, 3, 0 },
    { MF_QUANTITY_LEAKAGE, "leakage coefficient", "m^3/(s*Pa)", -1, 4, 1 },
  };

  g_assert_cmpint (G_N_ELEMENTS (expected), ==, MF_N_QUANTITIES);
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_autofree char *described = NULL;
      MfDimension d = mf_quantity_dimension (expected[i].quantity);

      assert_dimension (d, expected[i].mass, expected[i].length, expected[i].time);
      g_assert_cmpstr (mf_quantity_name (expected[i].quantity), ==, expected[i].name);
      g_assert_cmpstr (mf_quantity_si_unit (expected[i].quantity), ==, expected[i].si);
      /* Every quantity has its own dimension, so describe names it back. */
      described = mf_dimension_describe (d);
      g_assert_cmpstr (described, ==, expected[i].name);
    }
}

static void
test_describe (void)
{
  MfDimension any = { 0, 0, 0, TRUE };
  /* bulk modulus = pressure; power = kg m^2 s^-3 is no quantity here */
  g_autofree char *bulk = mf_dimension_describe (dim (1, -1, -2));
  g_autofree char *power = mf_dimension_describe (dim (1, 2, -3));
  g_autofree char *rate = mf_dimension_describe (dim (0, 0, -1));
  g_autofree char *unitless = mf_dimension_describe (any);

  g_assert_cmpstr (bulk, ==, "pressure");
  g_assert_cmpstr (power, ==, "kg^1 m^2 s^-3");
  g_assert_cmpstr (rate, ==, "kg^0 m^0 s^-1");
  g_assert_cmpstr (unitless, ==, "unitless");
}

static void
test_equal (void)
{
  MfDimension any = { 0, 0, 0, TRUE };
  MfDimension pressure = mf_quantity_dimension (MF_QUANTITY_PRESSURE);

  g_assert_true (mf_dimension_equal (dim (1, -1, -2), pressure));
  g_assert_false (mf_dimension_equal (dim (1, -1, -2), dim (1, -1, -1)));
  g_assert_false (mf_dimension_equal (dim (0, 1, 0), dim (0, 2, 0)));
  g_assert_false (mf_dimension_equal (dim (1, 0, 0), dim (0, 0, 0)));
  /* unitless is not "dimensionless": it has no dimension to compare yet */
  g_assert_false (mf_dimension_equal (any, dim (0, 0, 0)));
  g_assert_true (mf_dimension_equal (any, any));
}

/* Every spelling, with its factor derived independently of the table in
 * mf-units.c (e.g. L/min from 1 L / 60 s).  Relative tolerance 1e-15: a
 * factor written as a quotient may round one ulp differently. */
static void
test_every_unit (void)
{
  static const struct
  {
    const char *spelling;
    double      factor;
    MfQuantity  quantity;
  } expected[] = {
    { "Pa", 1, MF_QUANTITY_PRESSURE },
    { "kPa", 1000, MF_QUANTITY_PRESSURE },
    { "MPa", 1e6, MF_QUANTITY_PRESSURE },
    { "GPa", 1e9, MF_QUANTITY_PRESSURE },
    { "bar", 100000, MF_QUANTITY_PRESSURE },
    { "mbar", 100, MF_QUANTITY_PRESSURE },
    { "psi", 6894.757293168, MF_QUANTITY_PRESSURE },
    { "m", 1, MF_QUANTITY_LENGTH },
    { "cm", 0.01, MF_QUANTITY_LENGTH },
    { "mm", 0.001, MF_QUANTITY_LENGTH },
    { "um", 1e-6, MF_QUANTITY_LENGTH },
    { "\302\265m", 1e-6, MF_QUANTITY_LENGTH },
    { "in", 0.0254, MF_QUANTITY_LENGTH },
    { "m^2", 1, MF_QUANTITY_AREA },
    { "cm^2", 0.01 * 0.01, MF_QUANTITY_AREA },
    { "mm^2", 0.001 * 0.001, MF_QUANTITY_AREA },
    { "m2", 1, MF_QUANTITY_AREA },
    { "cm2", 1e-4, MF_QUANTITY_AREA },
    { "mm2", 1e-6, MF_QUANTITY_AREA },
    { "m^3", 1, MF_QUANTITY_VOLUME },
    { "cm^3", 1e-6, MF_QUANTITY_VOLUME },
    { "mm^3", 1e-9, MF_QUANTITY_VOLUME },
    { "m3", 1, MF_QUANTITY_VOLUME },
    { "cm3", 1e-6, MF_QUANTITY_VOLUME },
    { "L", 0.001, MF_QUANTITY_VOLUME },
    { "l", 0.001, MF_QUANTITY_VOLUME },
    { "mL", 1e-6, MF_QUANTITY_VOLUME },
    { "ml", 1e-6, MF_QUANTITY_VOLUME },
    { "cc", 1e-6, MF_QUANTITY_VOLUME },
    { "m^3/s", 1, MF_QUANTITY_FLOW },
    { "L/min", 0.001 / 60, MF_QUANTITY_FLOW },
    { "l/min", 0.001 / 60, MF_QUANTITY_FLOW },
    { "L/s", 0.001, MF_QUANTITY_FLOW },
    { "l/s", 0.001, MF_QUANTITY_FLOW },
    { "cm^3/s", 1e-6, MF_QUANTITY_FLOW },
    { "mL/s", 1e-6, MF_QUANTITY_FLOW },
    { "mL/min", 1e-6 / 60, MF_QUANTITY_FLOW },
    { "ml/min", 1e-6 / 60, MF_QUANTITY_FLOW },
    { "m/s", 1, MF_QUANTITY_VELOCITY },
    { "mm/s", 0.001, MF_QUANTITY_VELOCITY },
    { "kg", 1, MF_QUANTITY_MASS },
    { "g", 0.001, MF_QUANTITY_MASS },
    { "N", 1, MF_QUANTITY_FORCE },
    { "kN", 1000, MF_QUANTITY_FORCE },
    { "MN", 1e6, MF_QUANTITY_FORCE },
    { "N/m", 1, MF_QUANTITY_STIFFNESS },
    { "kN/m", 1000, MF_QUANTITY_STIFFNESS },
    { "N/mm", 1000, MF_QUANTITY_STIFFNESS },
    { "MN/m", 1e6, MF_QUANTITY_STIFFNESS },
    { "N*s/m", 1, MF_QUANTITY_DAMPING },
    { "Ns/m", 1, MF_QUANTITY_DAMPING },
    { "kN*s/m", 1000, MF_QUANTITY_DAMPING },
    { "s", 1, MF_QUANTITY_TIME },
    { "ms", 0.001, MF_QUANTITY_TIME },
    { "min", 60, MF_QUANTITY_TIME },
    { "h", 3600, MF_QUANTITY_TIME },
    { "kg/m^3", 1, MF_QUANTITY_DENSITY },
    { "g/cm^3", 0.001 / 1e-6, MF_QUANTITY_DENSITY },
    { "m^2/s", 1, MF_QUANTITY_VISCOSITY },
    { "mm^2/s", 1e-6, MF_QUANTITY_VISCOSITY },
    { "cSt", 1e-6, MF_QUANTITY_VISCOSITY },
    { "St", 1e-4, MF_QUANTITY_VISCOSITY },
    { "m^3/Pa", 1, MF_QUANTITY_CAPACITANCE },
    { "cm^3/bar", 1e-6 / 1e5, MF_QUANTITY_CAPACITANCE },
    { "L/bar", 1e-3 / 1e5, MF_QUANTITY_CAPACITANCE },
    /* a revolution is 2π rad, a minute 60 s */
    { "rad/s", 1, MF_QUANTITY_ANGULAR_VELOCITY },
    { "rpm", 2 * G_PI / 60, MF_QUANTITY_ANGULAR_VELOCITY },
    { "rev/min", 2 * G_PI / 60, MF_QUANTITY_ANGULAR_VELOCITY },
    { "rev/s", 2 * G_PI, MF_QUANTITY_ANGULAR_VELOCITY },
    { "N*m", 1, MF_QUANTITY_TORQUE },
    { "Nm", 1, MF_QUANTITY_TORQUE },
    { "kN*m", 1000, MF_QUANTITY_TORQUE },
    { "N*m/rad", 1, MF_QUANTITY_ROTARY_STIFFNESS },
    { "Nm/rad", 1, MF_QUANTITY_ROTARY_STIFFNESS },
    { "kN*m/rad", 1000, MF_QUANTITY_ROTARY_STIFFNESS },
    { "N*m*s/rad", 1, MF_QUANTITY_ROTARY_DAMPING },
    { "Nms/rad", 1, MF_QUANTITY_ROTARY_DAMPING },
    { "kg*m^2", 1, MF_QUANTITY_INERTIA },
    { "kgm2", 1, MF_QUANTITY_INERTIA },
    { "kg*cm^2", 1e-4, MF_QUANTITY_INERTIA },
    { "m^3/rad", 1, MF_QUANTITY_DISPLACEMENT },
    { "cm^3/rev", 1e-6 / (2 * G_PI), MF_QUANTITY_DISPLACEMENT },
    { "cm3/rev", 1e-6 / (2 * G_PI), MF_QUANTITY_DISPLACEMENT },
    { "cc/rev", 1e-6 / (2 * G_PI), MF_QUANTITY_DISPLACEMENT },
    { "L/rev", 1e-3 / (2 * G_PI), MF_QUANTITY_DISPLACEMENT },
    { "m^3/(s*Pa)", 1, MF_QUANTITY_LEAKAGE },
    { "L/min/bar", 1e-3 / 60 / 1e5, MF_QUANTITY_LEAKAGE },
    { "mL/min/bar", 1e-6 / 60 / 1e5, MF_QUANTITY_LEAKAGE },
    { "l/min/bar", 1e-3 / 60 / 1e5, MF_QUANTITY_LEAKAGE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_autofree char *text = g_strconcat (expected[i].spelling, " + 1", NULL);
      double factor = 0;
      MfDimension d = { 0 };
      gsize len = mf_unit_match (text, &factor, &d);

      g_test_message ("unit %s", expected[i].spelling);
      g_assert_cmpuint (len, ==, strlen (expected[i].spelling));
      g_assert_cmpfloat_with_epsilon (factor / expected[i].factor, 1.0, 1e-15);
      g_assert_true (mf_dimension_equal (d, mf_quantity_dimension (expected[i].quantity)));
    }

  /* psi against its definition, lbf / in^2 (the table quotes 13 digits). */
  {
    double factor = 0;

    mf_unit_match ("psi", &factor, NULL);
    g_assert_cmpfloat_with_epsilon (factor / (4.4482216152605 / (0.0254 * 0.0254)), 1.0, 1e-12);
  }
}

static gsize
match (const char *text, double *factor)
{
  MfDimension d;

  *factor = -1;
  return mf_unit_match (text, factor, &d);
}

static void
test_longest_match (void)
{
  double factor;
  MfDimension d;

  /* "mm" is not "m" followed by "m" */
  g_assert_cmpuint (match ("mm", &factor), ==, 2);
  g_assert_cmpfloat (factor, ==, 1e-3);
  /* "min" is a time, not "m" or "mm" */
  g_assert_cmpuint (mf_unit_match ("min)", &factor, &d), ==, 3);
  g_assert_cmpfloat (factor, ==, 60);
  assert_dimension (d, 0, 0, 1);
  /* "L/min" over "L" */
  g_assert_cmpuint (mf_unit_match ("L/min*2", &factor, &d), ==, 5);
  assert_dimension (d, 0, 3, -1);
  /* "mL/min" over "mL", and "mL/min/bar" over "mL/min" */
  g_assert_cmpuint (mf_unit_match ("mL/min)", &factor, &d), ==, 6);
  assert_dimension (d, 0, 3, -1);
  g_assert_cmpuint (mf_unit_match ("mL/min/bar", &factor, &d), ==, 10);
  g_assert_cmpfloat (factor, ==, 1e-6 / 60.0 / 1e5);
  /* "L/mi" is a litre followed by "/mi" */
  g_assert_cmpuint (mf_unit_match ("L/mi", &factor, &d), ==, 1);
  assert_dimension (d, 0, 3, 0);
  /* "m^3/sec": "m^3/s" runs into a letter, so only "m^3" */
  g_assert_cmpuint (mf_unit_match ("m^3/sec", &factor, &d), ==, 3);
  assert_dimension (d, 0, 3, 0);
  /* "m/2": '/' ends the unit "m" */
  g_assert_cmpuint (mf_unit_match ("m/2", &factor, &d), ==, 1);
  assert_dimension (d, 0, 1, 0);
  /* "mbar" over "m" */
  g_assert_cmpuint (match ("mbar", &factor), ==, 4);
  g_assert_cmpfloat (factor, ==, 100);
  /* "m^2/s" over "m^2" */
  g_assert_cmpuint (mf_unit_match ("m^2/s ", &factor, &d), ==, 5);
  assert_dimension (d, 0, 2, -1);
  /* "N*s/m" over "N" */
  g_assert_cmpuint (mf_unit_match ("N*s/m", &factor, &d), ==, 5);
  assert_dimension (d, 1, 0, -1);
  /* "²" and "³" as the labels write them: cm³/rev is 8 bytes, mm² 4 */
  g_assert_cmpuint (mf_unit_match ("cm\u00b3/rev ", &factor, &d), ==, 8);
  g_assert_cmpfloat (factor, ==, 1e-6 / (2.0 * G_PI));
  g_assert_cmpuint (mf_unit_match ("mm\u00b2)", &factor, &d), ==, 4);
  g_assert_cmpfloat (factor, ==, 1e-6);
  assert_dimension (d, 0, 2, 0);
  /* a square is no cube: "cm²/rev" is cm² followed by "/rev" */
  g_assert_cmpuint (mf_unit_match ("cm\u00b2/rev", &factor, &d), ==, 4);
  assert_dimension (d, 0, 2, 0);
}

static void
test_no_match (void)
{
  double factor;

  g_assert_cmpuint (match ("bat", &factor), ==, 0);
  g_assert_cmpfloat (factor, ==, -1); /* untouched */
  g_assert_cmpuint (match ("bar2", &factor), ==, 0);
  g_assert_cmpuint (match ("bar_", &factor), ==, 0);
  g_assert_cmpuint (match ("mx", &factor), ==, 0);
  g_assert_cmpuint (match ("BAR", &factor), ==, 0); /* case-sensitive */
  g_assert_cmpuint (match ("", &factor), ==, 0);
  g_assert_cmpuint (match (" bar", &factor), ==, 0);
  g_assert_cmpuint (match ("t", &factor), ==, 0);
  g_assert_cmpuint (match ("pi", &factor), ==, 0);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/units/quantities", test_quantities);
  g_test_add_func ("/core/units/angle", test_angle);
  g_test_add_func ("/core/units/describe", test_describe);
  g_test_add_func ("/core/units/equal", test_equal);
  g_test_add_func ("/core/units/every-unit", test_every_unit);
  g_test_add_func ("/core/units/longest-match", test_longest_match);
  g_test_add_func ("/core/units/no-match", test_no_match);

  return g_test_run ();
}
