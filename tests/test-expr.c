/* test-expr.c
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include "mf-error.h"
#include "mf-expr.h"

static MfExpr *
parse_ok (const char *text, MfDimension *dimension)
{
  g_autoptr (GError) error = NULL;
  gsize offset = 0;
  MfExpr *expr = mf_expr_parse (text, dimension, &offset, &error);

  if (error != NULL)
    g_test_message ("'%s': %s at %" G_GSIZE_FORMAT, text, error->message, offset);
  g_assert_no_error (error);
  g_assert_nonnull (expr);
  return expr;
}

static double
value_of (const char *text, double t)
{
  g_autoptr (MfExpr) expr = parse_ok (text, NULL);

  return mf_expr_eval (expr, t);
}

static MfDimension
dimension_of (const char *text)
{
  MfDimension d = { 99, 99, 99, FALSE };
  g_autoptr (MfExpr) expr = parse_ok (text, &d);

  return d;
}

static void
assert_quantity (const char *text, MfQuantity quantity)
{
  MfDimension d = dimension_of (text);
  g_autofree char *described = mf_dimension_describe (d);

  g_test_message ("%s is %s", text, described);
  g_assert_true (mf_dimension_equal (d, mf_quantity_dimension (quantity)));
}

static void
assert_unitless (const char *text)
{
  MfDimension d = dimension_of (text);

  g_assert_true (d.any);
  g_assert_cmpint (d.mass, ==, 0);
  g_assert_cmpint (d.length, ==, 0);
  g_assert_cmpint (d.time, ==, 0);
}

static void
assert_close (double actual, double expected, double tolerance)
{
  g_assert_cmpfloat (fabs (actual - expected), <=, tolerance * (1.0 + fabs (expected)));
}

/* ---- numbers with units ---------------------------------------------------- */

static void
test_units (void)
{
  /* Exact: the factor is applied as a division where it is 1/integer, so
   * these are the doubles nearest the decimal values. */
  g_assert_cmpfloat (value_of ("100 bar", 0), ==, 1e7);
  g_assert_cmpfloat (value_of ("12 mm", 0), ==, 0.012);
  g_assert_cmpfloat (value_of ("12mm", 0), ==, 0.012);
  g_assert_cmpfloat (value_of ("1.5 kN", 0), ==, 1500);
  g_assert_cmpfloat (value_of ("46 cSt", 0), ==, 46e-6);
  g_assert_cmpfloat (value_of ("2 min", 0), ==, 120);
  g_assert_cmpfloat (value_of ("250 ms", 0), ==, 0.25);
  g_assert_cmpfloat (value_of ("1e5Pa", 0), ==, 1e5);
  g_assert_cmpfloat (value_of (".5 L", 0), ==, 5e-4);
  /* Within 2 ulp: 25/60000 versus (25e-3)/60, each rounded once or twice. */
  assert_close (value_of ("25 L/min", 0), 25e-3 / 60, 4.5e-16);
  assert_close (value_of ("3 psi", 0), 3 * 6894.757293168, 2.3e-16);
  assert_close (value_of ("2 in", 0), 0.0508, 2.3e-16);
  assert_close (value_of ("10 cm^3/bar", 0), 1e-10, 4.5e-16);

  assert_quantity ("100 bar", MF_QUANTITY_PRESSURE);
  assert_quantity ("25 L/min", MF_QUANTITY_FLOW);
  assert_quantity ("12 mm", MF_QUANTITY_LENGTH);
  assert_quantity ("1.5 kN", MF_QUANTITY_FORCE);
  assert_quantity ("46 cSt", MF_QUANTITY_VISCOSITY);
  assert_quantity ("2 min", MF_QUANTITY_TIME);
  assert_quantity ("3 m^2", MF_QUANTITY_AREA);
  assert_quantity ("870 kg/m^3", MF_QUANTITY_DENSITY);
  assert_quantity ("2 N*s/m", MF_QUANTITY_DAMPING);
  assert_quantity ("1 L/bar", MF_QUANTITY_CAPACITANCE);
  /* displacement times speed is a flow: the radians cancel */
  assert_quantity ("10 cm^3/rev * 1500 rpm", MF_QUANTITY_FLOW);
  /* a volume is not a displacement, whose radian stays */
  g_assert_false (mf_dimension_equal (dimension_of ("20 cm^3"),
                                      mf_quantity_dimension (MF_QUANTITY_DISPLACEMENT)));

  assert_unitless ("12");
  assert_unitless ("t");
  assert_unitless ("pi");
}

static void
test_number_forms (void)
{
  g_assert_cmpfloat (value_of ("12", 0), ==, 12);
  g_assert_cmpfloat (value_of ("1.5", 0), ==, 1.5);
  g_assert_cmpfloat (value_of (".5", 0), ==, 0.5);
  g_assert_cmpfloat (value_of ("1.", 0), ==, 1);
  g_assert_cmpfloat (value_of ("2e-5", 0), ==, 2e-5);
  g_assert_cmpfloat (value_of ("1.5E+3", 0), ==, 1500);
  g_assert_cmpfloat (value_of ("  7\t", 0), ==, 7);
  g_assert_cmpfloat (value_of ("pi", 0), ==, G_PI);
}

/* ---- precedence ---------------------------------------------------------- */

static void
test_precedence (void)
{
  g_assert_cmpfloat (value_of ("2^3^2", 0), ==, 512);
  g_assert_cmpfloat (value_of ("(2^3)^2", 0), ==, 64);
  g_assert_cmpfloat (value_of ("-2^2", 0), ==, -4);
  g_assert_cmpfloat (value_of ("(-2)^2", 0), ==, 4);
  g_assert_cmpfloat (value_of ("2^-1", 0), ==, 0.5);
  g_assert_cmpfloat (value_of ("1-2-3", 0), ==, -4);
  g_assert_cmpfloat (value_of ("8/2/2", 0), ==, 2);
  g_assert_cmpfloat (value_of ("2+3*4", 0), ==, 14);
  g_assert_cmpfloat (value_of ("(2+3)*4", 0), ==, 20);
  g_assert_cmpfloat (value_of ("2*3^2", 0), ==, 18);
  g_assert_cmpfloat (value_of ("--3", 0), ==, 3);
  g_assert_cmpfloat (value_of ("+3 - -2", 0), ==, 5);
  g_assert_cmpfloat (value_of ("1 - t - 2", 5), ==, -6);
  g_assert_cmpfloat (value_of ("t / 2 / 4", 16), ==, 2);
  g_assert_cmpfloat (value_of ("2 ^ t ^ 2", 3), ==, 512);
  g_assert_cmpfloat (value_of ("-t^2", 3), ==, -9);
}

/* ---- functions: value and derivative ------------------------------------- */

typedef enum
{
  CASE_SIN,
  CASE_COS,
  CASE_TAN,
  CASE_EXP,
  CASE_LOG,
  CASE_SQRT,
  CASE_ABS,
  CASE_MIN,
  CASE_MAX,
  CASE_CUBE,
  CASE_EXP2,
  CASE_T_T,
  CASE_QUOTIENT,
  CASE_BAR,
  CASE_RAMP,
  CASE_MOVING_RAMP,
  CASE_TABLE,
  CASE_TABLE_CHAIN,
  CASE_STEP,
  CASE_PULSE,
  CASE_DECAY,
  CASE_POLY,
  CASE_CLAMP,
} MfCase;

static const char *const case_texts[] = {
  [CASE_SIN] = "sin(2*t)",
  [CASE_COS] = "cos(t*t)",
  [CASE_TAN] = "tan(t/3)",
  [CASE_EXP] = "exp(-t/2)",
  [CASE_LOG] = "log(1+t)",
  [CASE_SQRT] = "sqrt(1+t^2)",
  [CASE_ABS] = "abs(t-1)",
  [CASE_MIN] = "min(3*t, 3)",
  [CASE_MAX] = "max(t^2, 1)",
  [CASE_CUBE] = "t^3",
  [CASE_EXP2] = "2^t",
  [CASE_T_T] = "t^t",
  [CASE_QUOTIENT] = "1/(1+t)",
  [CASE_BAR] = "3 bar * sin(t)",
  [CASE_RAMP] = "ramp(t, 0.5, 2)",
  [CASE_MOVING_RAMP] = "ramp(t, t - 0.5, t + 1.5)",
  [CASE_TABLE] = "table(t, [[0, 0], [1, 2], [2, 1]])",
  [CASE_TABLE_CHAIN] = "table(t^2, [[0, 0], [1, 2], [2, 1]])",
  [CASE_STEP] = "step(t, 1)",
  [CASE_PULSE] = "pulse(t, 1, 0.5)",
  [CASE_DECAY] = "5*exp(-t)*ramp(t, 0, 4)",
  [CASE_POLY] = "-t*t + t - 2*t",
  [CASE_CLAMP] = "max(min(t, 1), 0.5)",
};

/* The closed forms, written independently of the expression code. */
static void
closed_form (MfCase which, double t, double *f, double *df)
{
  double u = t * t;

  switch (which)
    {
    case CASE_SIN:
      *f = sin (2 * t), *df = 2 * cos (2 * t);
      break;
    case CASE_COS:
      *f = cos (u), *df = -2 * t * sin (u);
      break;
    case CASE_TAN:
      *f = tan (t / 3), *df = 1 / (3 * cos (t / 3) * cos (t / 3));
      break;
    case CASE_EXP:
      *f = exp (-t / 2), *df = -0.5 * exp (-t / 2);
      break;
    case CASE_LOG:
      *f = log (1 + t), *df = 1 / (1 + t);
      break;
    case CASE_SQRT:
      *f = sqrt (1 + u), *df = t / sqrt (1 + u);
      break;
    case CASE_ABS:
      *f = fabs (t - 1), *df = t > 1 ? 1 : -1;
      break;
    case CASE_MIN:
      *f = MIN (3 * t, 3), *df = t < 1 ? 3 : 0;
      break;
    case CASE_MAX:
      *f = MAX (u, 1), *df = u > 1 ? 2 * t : 0;
      break;
    case CASE_CUBE:
      *f = u * t, *df = 3 * u;
      break;
    case CASE_EXP2:
      *f = pow (2, t), *df = log (2) * pow (2, t);
      break;
    case CASE_T_T:
      *f = pow (t, t), *df = pow (t, t) * (log (t) + 1);
      break;
    case CASE_QUOTIENT:
      *f = 1 / (1 + t), *df = -1 / ((1 + t) * (1 + t));
      break;
    case CASE_BAR:
      *f = 3e5 * sin (t), *df = 3e5 * cos (t);
      break;
    case CASE_RAMP:
      *f = t < 0.5 ? 0 : t >= 2 ? 1 : (t - 0.5) / 1.5;
      *df = t < 0.5 || t >= 2 ? 0 : 1 / 1.5;
      break;
    case CASE_MOVING_RAMP:
      *f = 0.25, *df = 0; /* (t - (t - 0.5)) / 2 */
      break;
    case CASE_TABLE:
      *f = t < 1 ? 2 * t : t < 2 ? 3 - t : 1;
      *df = t < 1 ? 2 : t < 2 ? -1 : 0;
      break;
    case CASE_TABLE_CHAIN:
      *f = u < 1 ? 2 * u : u < 2 ? 3 - u : 1;
      *df = u < 1 ? 4 * t : u < 2 ? -2 * t : 0;
      break;
    case CASE_STEP:
      *f = t >= 1 ? 1 : 0, *df = 0;
      break;
    case CASE_PULSE:
      *f = t >= 1 && t < 1.5 ? 1 : 0, *df = 0;
      break;
    case CASE_DECAY:
      *f = 5 * exp (-t) * t / 4, *df = 1.25 * exp (-t) * (1 - t);
      break;
    case CASE_POLY:
      *f = -u - t, *df = -2 * t - 1;
      break;
    case CASE_CLAMP:
      *f = t < 0.5 ? 0.5 : t < 1 ? t : 1;
      *df = t < 0.5 || t >= 1 ? 0 : 1;
      break;
    default:
      g_assert_not_reached ();
    }
}

/* At points away from every kink and jump of the cases (0.5, 1, 1.5, 2,
 * sqrt 2, 4).  Tolerances:
 *   - value and derivative against the closed form, 1e-13 relative: the
 *     same libm calls in a different order differ by a few ulps;
 *   - derivative against a central difference with h = 1e-5, 1e-6 of the
 *     scale |f| + |f'| + 1: truncation is h^2 |f'''| / 6 ~ 1e-10 and
 *     rounding eps |f| / h ~ 2e-11 |f|, far below 1e-6, while a wrong
 *     derivative formula is off by O(1). */
static void
test_functions (void)
{
  static const double points[] = { 0.3, 0.7, 1.3, 2.1 };
  const double h = 1e-5;

  for (guint c = 0; c < G_N_ELEMENTS (case_texts); c++)
    {
      g_autoptr (MfExpr) expr = parse_ok (case_texts[c], NULL);

      g_assert_false (mf_expr_is_constant (expr));
      for (guint i = 0; i < G_N_ELEMENTS (points); i++)
        {
          double t = points[i];
          double f, df, value, derivative, fd, scale;

          closed_form (c, t, &f, &df);
          mf_expr_eval_with_derivative (expr, t, &value, &derivative);
          g_test_message ("%s at t = %g: %.17g %.17g (expected %.17g %.17g)", case_texts[c], t,
                          value, derivative, f, df);

          g_assert_cmpfloat (value, ==, mf_expr_eval (expr, t));
          assert_close (value, f, 1e-13);
          g_assert_cmpfloat (fabs (derivative - df), <=, 1e-13 * (fabs (df) + fabs (f) + 1));

          fd = (mf_expr_eval (expr, t + h) - mf_expr_eval (expr, t - h)) / (2 * h);
          scale = fabs (f) + fabs (df) + 1;
          g_assert_cmpfloat (fabs (fd - derivative), <=, 1e-6 * scale);
        }
    }
}

static void
eval2 (const char *text, double t, double *value, double *derivative)
{
  g_autoptr (MfExpr) expr = parse_ok (text, NULL);

  mf_expr_eval_with_derivative (expr, t, value, derivative);
  g_assert_cmpfloat (*value, ==, mf_expr_eval (expr, t));
}

static void
assert_at (const char *text, double t, double value, double derivative)
{
  double v, d;

  eval2 (text, t, &v, &d);
  g_test_message ("%s at %g: %.17g %.17g", text, t, v, d);
  g_assert_cmpfloat (v, ==, value);
  g_assert_cmpfloat (d, ==, derivative);
}

/* The values right at the breakpoints, where the definitions decide
 * (derivatives are right-hand ones). */
static void
test_edges (void)
{
  double v, d;

  assert_at ("step(t, 1)", 0.999, 0, 0);
  assert_at ("step(t, 1)", 1, 1, 0);
  assert_at ("step(t, 1)", 7, 1, 0);

  assert_at ("ramp(t, 1, 3)", 0, 0, 0);
  assert_at ("ramp(t, 1, 3)", 1, 0, 0.5);
  assert_at ("ramp(t, 1, 3)", 2, 0.5, 0.5);
  assert_at ("ramp(t, 1, 3)", 3, 1, 0);
  assert_at ("ramp(t, 1, 3)", 4, 1, 0);

  assert_at ("pulse(t, 1, 0.5)", 0.99, 0, 0);
  assert_at ("pulse(t, 1, 0.5)", 1, 1, 0);
  assert_at ("pulse(t, 1, 0.5)", 1.49, 1, 0);
  assert_at ("pulse(t, 1, 0.5)", 1.5, 0, 0);

  assert_at ("table(t, [[0, 0], [1, 2], [2, 1]])", -1, 0, 0);
  assert_at ("table(t, [[0, 0], [1, 2], [2, 1]])", 0, 0, 2);
  assert_at ("table(t, [[0, 0], [1, 2], [2, 1]])", 0.5, 1, 2);
  assert_at ("table(t, [[0, 0], [1, 2], [2, 1]])", 1, 2, -1);
  assert_at ("table(t, [[0, 0], [1, 2], [2, 1]])", 2, 1, 0);
  assert_at ("table(t, [[0, 0], [1, 2], [2, 1]])", 30, 1, 0);
  assert_at ("table(t, [[1, 5]])", 0, 5, 0);
  assert_at ("table(t, [[1, 5]])", 2, 5, 0);
  /* units in the table: 0 s -> 0 bar, 1 min -> 60 bar */
  assert_at ("table(t, [[0 s, 0 bar], [1 min, 60 bar]])", 30, 30e5, 1e5);

  assert_at ("abs(t)", 0, 0, 0);
  assert_at ("abs(t)", -2, 2, -1);
  /* at a tie, the branch that holds just after */
  assert_at ("min(t, 1)", 1, 1, 0);
  assert_at ("max(t, 1)", 1, 1, 1);
  assert_at ("min(1, t)", 1, 1, 0);
  assert_at ("max(1, t)", 1, 1, 1);
  assert_at ("min(t, 1)", 0, 0, 1);
  assert_at ("max(t, 1)", 0, 1, 0);
  /* a tie of -0 and 0: the value of mf_expr_eval(), sign and all, whichever
   * argument the derivative follows (found by fuzz/fuzz-expr.c) */
  eval2 ("1/max(-t, t)", 0, &v, &d);
  eval2 ("1/min(t, -t)", 0, &v, &d);
  /* constant exponent: 0^0 and the derivative of t^0 at 0 are not NaN */
  assert_at ("t^0", 0, 1, 0);
  assert_at ("t^2", 0, 0, 0);
  assert_at ("sqrt(t)", 4, 2, 0.25);
}

/* ---- folding, copies, breakpoints ---------------------------------------- */

static void
test_constant_folding (void)
{
  g_autoptr (MfExpr) c = parse_ok ("2*pi*3 bar", NULL);
  g_autoptr (MfExpr) s = parse_ok ("sin(t)", NULL);
  g_autoptr (MfExpr) zero = parse_ok ("0*t", NULL);
  g_autoptr (MfExpr) table = parse_ok ("table(2, [[0, 0], [4, 8]]) + ramp(1, 0, 4)", NULL);
  g_autoptr (MfExpr) mixed = parse_ok ("t + sin(pi/2)*exp(0)", NULL);
  g_autoptr (MfExpr) k = mf_expr_new_constant (-3.5);
  double value, derivative;

  g_assert_true (mf_expr_is_constant (c));
  g_assert_cmpfloat (mf_expr_eval (c, 123), ==, 2 * G_PI * 3 * 1e5);
  mf_expr_eval_with_derivative (c, 5, &value, &derivative);
  g_assert_cmpfloat (derivative, ==, 0);

  g_assert_false (mf_expr_is_constant (s));
  /* depends on t syntactically, so not folded even though it is 0 */
  g_assert_false (mf_expr_is_constant (zero));

  g_assert_true (mf_expr_is_constant (table));
  g_assert_cmpfloat (mf_expr_eval (table, 0), ==, 4.25);

  g_assert_false (mf_expr_is_constant (mixed));
  g_assert_cmpfloat (mf_expr_eval (mixed, 2), ==, 3);

  g_assert_true (mf_expr_is_constant (k));
  g_assert_cmpfloat (mf_expr_eval (k, 9), ==, -3.5);
}

static void
test_copy (void)
{
  MfExpr *original = parse_ok ("table(t, [[0, 1], [1, 3]]) * step(t, 0.5) + t^2", NULL);
  g_autoptr (MfExpr) copy = mf_expr_copy (original);
  g_autoptr (MfExpr) k = mf_expr_new_constant (2);
  g_autoptr (MfExpr) k_copy = mf_expr_copy (k);
  double value, derivative;

  mf_expr_free (original);
  mf_expr_free (NULL);
  mf_expr_eval_with_derivative (copy, 0.75, &value, &derivative);
  g_assert_cmpfloat (value, ==, 2.5 + 0.5625);
  g_assert_cmpfloat (derivative, ==, 2 + 1.5);
  g_assert_cmpfloat (mf_expr_eval (k_copy, 0), ==, 2);
}

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static void
test_breakpoints (void)
{
  static const double expected[] = { 1, 2, 3, 4, 4.5, 5, 6, 120 };
  g_autoptr (MfExpr) expr = parse_ok ("step(t, 1) + ramp(t, 2, 3) * pulse(t, 4, 0.5)"
                                      " + sin(table(t, [[5, 0], [6, 1]]))"
                                      " + step(2*t, 9) + ramp(t^2, 7, 8) + step(t, 2 min)",
                                      NULL);
  g_autoptr (MfExpr) none = parse_ok ("sin(t) + 3", NULL);
  g_autoptr (GArray) times = g_array_new (FALSE, FALSE, sizeof (double));

  mf_expr_collect_breakpoints (expr, times);
  g_array_sort (times, compare_doubles);
  g_assert_cmpuint (times->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < times->len; i++)
    g_assert_cmpfloat (g_array_index (times, double, i), ==, expected[i]);

  mf_expr_collect_breakpoints (none, times);
  g_assert_cmpuint (times->len, ==, G_N_ELEMENTS (expected));
}

/* ---- dimensions ----------------------------------------------------------- */

static void
assert_dimension_text (const char *text, const char *expected)
{
  MfDimension d = dimension_of (text);
  g_autofree char *described = mf_dimension_describe (d);

  g_assert_cmpstr (described, ==, expected);
}

static void
test_dimensions (void)
{
  assert_dimension_text ("2 * 3 bar", "pressure");
  assert_dimension_text ("3 bar * 2", "pressure");
  assert_dimension_text ("3 bar / 2", "pressure");
  assert_dimension_text ("1 / (2 s)", "kg^0 m^0 s^-1");
  assert_dimension_text ("3 bar + 2", "pressure");
  assert_dimension_text ("2 + 3 bar", "pressure");
  assert_dimension_text ("-3 bar", "pressure");
  assert_dimension_text ("1 bar * 1 cm^2", "force");
  assert_dimension_text ("1 N / 1 mm", "stiffness");
  assert_dimension_text ("2 bar / 1 bar", "dimensionless");
  assert_dimension_text ("(2 bar / 1 bar)^2", "dimensionless");
  assert_dimension_text ("sqrt(4 m^2)", "length");
  assert_dimension_text ("sqrt(4 m^3)", "unitless");
  assert_dimension_text ("abs(-2 bar)", "pressure");
  assert_dimension_text ("min(1 bar, 2 bar)", "pressure");
  assert_dimension_text ("max(1 bar, 2)", "pressure");
  assert_dimension_text ("max(1 bar, 2 mm)", "unitless");
  assert_dimension_text ("table(t, [[0, 0 bar], [1 s, 2 bar]])", "pressure");
  assert_dimension_text ("100 bar * ramp(t, 0, 1)", "pressure");
  assert_dimension_text ("25 L/min * (1 + sin(t))", "flow");
  assert_dimension_text ("sin(2 bar)", "unitless");
  assert_dimension_text ("t", "unitless");

  g_assert_cmpfloat (value_of ("sqrt(4 m^2)", 0), ==, 2);
  g_assert_cmpfloat (value_of ("2 bar / 1 bar", 0), ==, 2);
}

/* ---- errors ------------------------------------------------------------------ */

typedef struct
{
  const char *text;
  const char *message;
  gsize       offset;
} MfBadInput;

static void
test_errors (void)
{
  static const MfBadInput bad[] = {
    { "sinh(t)", "unknown function 'sinh'", 0 },
    { "2*x", "unknown name 'x' (only t, pi and the run's quantities ID.x, ID.v, NODE.p)", 2 },
    { "T + 1", "unknown name 'T' (only t, pi and the run's quantities ID.x, ID.v, NODE.p)", 0 },
    { "(1+2", "')' expected", 4 },
    { "1+", "unexpected end of expression", 2 },
    { "1 # 2", "unexpected character '#'", 2 },
    { "1 \302\260", "unexpected character '\302\260'", 2 },
    { "1 \377", "unexpected byte 0xFF", 2 },
    { "ramp(t, 1)", "'ramp' takes 3 arguments (t, t0, t1), not 2", 0 },
    { "1 + sin(1, 2)", "'sin' takes 1 argument (x), not 2", 4 },
    { "step()", "'step' takes 2 arguments (t, t0), not 0", 0 },
    { "table(t, [[0,1],[2,3],[1,4]])", "table abscissae must increase (1 after 2)", 23 },
    { "table(t, [[0,1],[0,3]])", "table abscissae must increase (0 after 0)", 17 },
    { "table(t, [])", "a table needs at least one point", 10 },
    { "table(t, [[t, 1]])", "table entries must be constant", 11 },
    { "table(t, [[0, 1 bar], [1, 2 mm]])", "table values must all have the same units", 26 },
    { "table(t, 3)", "'[' expected: table (t, [[t0, y0], [t1, y1], ...])", 9 },
    { "table(t, [[0, 1]]", "')' expected", 17 },
    { "table(t, [[0 1]])", "',' expected", 13 },
    { "3 bar + 2 mm", "cannot add a pressure and a length", 6 },
    { "3 bar - 2 cm^2", "cannot subtract an area from a pressure", 6 },
    { "1 kg + (2 bar * 1 m^2)", "cannot add a mass and a force", 5 },
    { "1 W", "unknown unit 'W'", 2 },
    { "", "empty expression", 0 },
    { "   ", "empty expression", 0 },
    { "12 bat", "unknown unit 'bat'", 3 },
    { "2 sin(t)", "operator expected before 'sin'", 2 },
    { "ramp(t, 2, 1)", "'ramp' needs t1 > t0, not t0 = 2, t1 = 1", 11 },
    { "sin t", "'(' expected after 'sin'", 4 },
    { "1 2", "unexpected '2'", 2 },
    { "1)", "unexpected ')'", 1 },
    { "*2", "unexpected '*'", 0 },
    { "(2 bar)^2", "'^' needs a dimensionless base, not a pressure", 7 },
    { "2^(1 s)", "an exponent must be dimensionless, not a time", 2 },
    { "1e999", "number too large '1e999'", 0 },
    { "[1]", "unexpected '['", 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      gsize offset = 12345;

      g_autofree char *escaped = g_strescape (bad[i].text, NULL);
      g_autofree char *message = NULL;
      MfExpr *expr = mf_expr_parse (bad[i].text, NULL, &offset, &error);

      message = g_strescape (error != NULL ? error->message : "(no error)", NULL);
      g_test_message ("'%s' -> %s at %" G_GSIZE_FORMAT, escaped, message, offset);
      g_assert_null (expr);
      g_assert_error (error, MF_ERROR, MF_ERROR_SYNTAX);
      g_assert_cmpstr (error->message, ==, bad[i].message);
      g_assert_cmpuint (offset, ==, bad[i].offset);
    }
}

static void
test_nesting_limits (void)
{
  g_autoptr (GString) deep = g_string_new (NULL);
  g_autoptr (GString) wide = g_string_new ("t");
  g_autoptr (GString) fine = g_string_new ("t");
  g_autoptr (GError) error = NULL;
  g_autoptr (MfExpr) ok = NULL;
  MfExpr *expr;
  gsize offset = 0;

  for (guint i = 0; i < 100000; i++)
    g_string_append_c (deep, '(');
  expr = mf_expr_parse (deep->str, NULL, &offset, &error);
  g_assert_null (expr);
  g_assert_error (error, MF_ERROR, MF_ERROR_SYNTAX);
  g_assert_cmpuint (offset, <=, deep->len);
  g_clear_error (&error);

  /* a left-deep chain that does not fold: its height is what recursion in
   * evaluation would follow */
  for (guint i = 0; i < 5000; i++)
    g_string_append (wide, "+t");
  expr = mf_expr_parse (wide->str, NULL, &offset, &error);
  g_assert_null (expr);
  g_assert_error (error, MF_ERROR, MF_ERROR_SYNTAX);
  g_clear_error (&error);

  for (guint i = 0; i < 500; i++)
    g_string_append (fine, "+t");
  ok = parse_ok (fine->str, NULL);
  g_assert_cmpfloat (mf_expr_eval (ok, 2), ==, 1002);
}

/* ---- fuzz ------------------------------------------------------------------- */

/* TRUE when the text parsed. */
static gboolean
check_random_text (const char *text)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
  MfDimension d;
  gsize offset = G_MAXSIZE;
  MfExpr *expr = mf_expr_parse (text, &d, &offset, &error);

  if (expr == NULL)
    {
      g_assert_error (error, MF_ERROR, MF_ERROR_SYNTAX);
      g_assert_cmpuint (offset, <=, strlen (text));
      g_assert_true (g_utf8_validate (error->message, -1, NULL));
      g_assert_cmpuint (strlen (error->message), >, 0);
      return FALSE;
    }

  g_assert_no_error (error);
  for (double t = -1.5; t <= 3; t += 0.75)
    {
      double value, derivative;
      MfExpr *copy = mf_expr_copy (expr);

      mf_expr_eval_with_derivative (expr, t, &value, &derivative);
      /* identical computation, so identical bits (NaN compares as NaN) */
      g_assert_true (isnan (value) ? isnan (mf_expr_eval (copy, t))
                                   : value == mf_expr_eval (copy, t));
      mf_expr_free (copy);
    }
  mf_expr_collect_breakpoints (expr, times);
  mf_expr_free (expr);
  return TRUE;
}

/* A random expression that is mostly well formed, for the fuzz to reach
 * evaluation more often than random characters do. */
static void
append_random_expression (GRand *rand, GString *out, guint depth)
{
  static const char *const atoms[] = { "t", "pi", "2", "0.5", "3 bar", "1e-3", "12 mm", "0" };
  static const char *const operators[] = { " + ", " - ", "*", "/", "^" };
  static const char *const unary[] = { "sin", "cos", "tan", "exp", "log", "sqrt", "abs", "-" };
  guint choice = depth > 4 ? 0 : g_rand_int_range (rand, 0, 6);

  switch (choice)
    {
    case 0:
      g_string_append (out, atoms[g_rand_int_range (rand, 0, G_N_ELEMENTS (atoms))]);
      break;
    case 1:
    case 2:
      append_random_expression (rand, out, depth + 1);
      g_string_append (out, operators[g_rand_int_range (rand, 0, G_N_ELEMENTS (operators))]);
      append_random_expression (rand, out, depth + 1);
      break;
    case 3:
      g_string_append (out, unary[g_rand_int_range (rand, 0, G_N_ELEMENTS (unary))]);
      g_string_append_c (out, '(');
      append_random_expression (rand, out, depth + 1);
      g_string_append_c (out, ')');
      break;
    case 4:
      g_string_append (out, g_rand_boolean (rand) ? "min(" : "ramp(t, ");
      append_random_expression (rand, out, depth + 1);
      g_string_append (out, ", ");
      append_random_expression (rand, out, depth + 1);
      g_string_append_c (out, ')');
      break;
    default:
      g_string_append (out, g_rand_boolean (rand) ? "step(" : "table(");
      append_random_expression (rand, out, depth + 1);
      g_string_append (out, g_rand_boolean (rand) ? ", 1)" : ", [[0, 1], [1, 3 bar], [2.5, -1]])");
      break;
    }
}

static void
test_fuzz_grammar (void)
{
  static const char alphabet[] = "0123456789.e+-*/^()[], tpi#";
  GRand *rand = g_rand_new_with_seed (4242);
  guint n_parsed = 0;

  for (guint i = 0; i < 3000; i++)
    {
      g_autoptr (GString) text = g_string_new (NULL);

      append_random_expression (rand, text, 0);
      /* every other one gets a typo */
      if (i % 2 == 1 && text->len > 0)
        text->str[g_rand_int_range (rand, 0, text->len)] =
          alphabet[g_rand_int_range (rand, 0, sizeof alphabet - 1)];
      if (check_random_text (text->str))
        n_parsed++;
    }
  g_test_message ("%u of 3000 parsed", n_parsed);
  g_assert_cmpuint (n_parsed, >, 500);
  g_rand_free (rand);
}

/* Random strings over the grammar's alphabet (plus a few strangers), with a
 * fixed seed so a failure reproduces. */
static void
test_fuzz (void)
{
  static const char *const pieces[] = {
    "0", "1", "2", "7", ".", ".5", "e", "E", "-", "+", "*", "/", "^", "(", ")", "[", "]", ",",
    " ", " ", "t", "t", "pi", "sin", "cos", "tan", "exp", "log", "sqrt", "abs", "min", "max",
    "step", "ramp", "pulse", "table", "bar", "mm", "m", "L/min", "s", "kN", "m^2", "#", "x",
    "\302\265m", "\302", "_", "1e308", "[[0,1],[1,2]]", "(t, 1, 2)", "\t",
  };
  GRand *rand = g_rand_new_with_seed (20260101);
  guint n_parsed = 0;

  for (guint i = 0; i < 5000; i++)
    {
      g_autoptr (GString) text = g_string_new (NULL);
      guint n = g_rand_int_range (rand, 0, 16);

      for (guint k = 0; k < n; k++)
        g_string_append (text, pieces[g_rand_int_range (rand, 0, G_N_ELEMENTS (pieces))]);
      if (check_random_text (text->str))
        n_parsed++;
    }
  /* enough valid trees that evaluation, copy and breakpoints are exercised */
  g_test_message ("%u of 5000 parsed", n_parsed);
  g_assert_cmpuint (n_parsed, >, 50);
  g_rand_free (rand);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/expr/units", test_units);
  g_test_add_func ("/core/expr/number-forms", test_number_forms);
  g_test_add_func ("/core/expr/precedence", test_precedence);
  g_test_add_func ("/core/expr/functions", test_functions);
  g_test_add_func ("/core/expr/edges", test_edges);
  g_test_add_func ("/core/expr/constant-folding", test_constant_folding);
  g_test_add_func ("/core/expr/copy", test_copy);
  g_test_add_func ("/core/expr/breakpoints", test_breakpoints);
  g_test_add_func ("/core/expr/dimensions", test_dimensions);
  g_test_add_func ("/core/expr/errors", test_errors);
  g_test_add_func ("/core/expr/nesting-limits", test_nesting_limits);
  g_test_add_func ("/core/expr/fuzz", test_fuzz);
  g_test_add_func ("/core/expr/fuzz-grammar", test_fuzz_grammar);

  return g_test_run ();
}
