/* mf-expr-dimension.c: the dimension that the units in an expression give
 * it, checked operation by operation as the parser builds the tree.
 *
 * Units and dimensions.  A number may carry a unit ("3 bar"); the value is
 * stored in SI and the parse reports the dimension the units give the whole
 * expression, so a caller can tell "3 bar" from "3 mm" where a pressure is
 * wanted.  The rules are deliberately loose, because a plain number, t, pi
 * and most function results are "unitless" (.any, taken as SI in whatever
 * quantity they are used for):
 *   - any * X = X, any / X = X inverted, X / any = X, definite * and /
 *     definite add or subtract exponents;
 *   - + and - of two definite dimensions must agree; any + X = X;
 *   - the base and exponent of ^ must be dimensionless or unitless;
 *   - sin cos tan exp log, step ramp pulse: unitless results, any arguments;
 *     sqrt halves even exponents (else unitless); abs keeps its argument's;
 *     min/max and clamp take the definite argument's dimension when the
 *     arguments agree (else unitless); names of the run's quantities are
 *     unitless (their SI values); table takes its values' dimension (values with
 *     different definite dimensions are an error).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-expr-parse-private.h"

#include <glib/gi18n.h>

/* "a pressure", "an area", "a value in kg^1 m^0 s^-3", for error messages. */
char *
mf_expr_describe_with_article (MfDimension dimension)
{
  g_autofree char *name = NULL;
  MfQuantity quantity;

  if (dimension.any)
    return g_strdup (mf_quantity_phrase (MF_QUANTITY_DIMENSIONLESS));
  if (mf_dimension_quantity (dimension, &quantity))
    return g_strdup (mf_quantity_phrase (quantity));
  name = mf_dimension_describe (dimension);
  /* Translators: %s is a dimension with no name, as the exponents of kg, m and s
   * ("kg^1 m^0 s^-3"). */
  return g_strdup_printf (_("a value in %s"), name);
}

static MfDimension
dimension_make (int mass, int length, int time, int angle)
{
  MfDimension d = { (gint8) mass, (gint8) length, (gint8) time, FALSE, (gint8) angle };

  return d;
}

gboolean
mf_expr_dimension_is_dimensionless (MfDimension d)
{
  return !d.any && d.mass == 0 && d.length == 0 && d.time == 0 && d.angle == 0;
}

/* a * b (sign 1) or a / b (sign -1), by the rules at the top of the file. */
gboolean
mf_expr_dimension_multiply (MfParser *p, gsize offset, MfDimension a, MfDimension b, int sign,
                            MfDimension *out)
{
  int mass, length, time, angle;

  if (a.any && b.any)
    {
      *out = unitless;
      return TRUE;
    }
  if (b.any)
    {
      *out = a;
      return TRUE;
    }
  if (a.any)
    a = dimension_make (0, 0, 0, 0);

  mass = a.mass + sign * b.mass;
  length = a.length + sign * b.length;
  time = a.time + sign * b.time;
  angle = a.angle + sign * b.angle;
  if (ABS (mass) > MF_EXPR_MAX_EXPONENT || ABS (length) > MF_EXPR_MAX_EXPONENT
      || ABS (time) > MF_EXPR_MAX_EXPONENT || ABS (angle) > MF_EXPR_MAX_EXPONENT)
    return mf_expr_parser_fail (p, offset, _("units raised to too high a power"));
  *out = dimension_make (mass, length, time, angle);
  return TRUE;
}

gboolean
mf_expr_dimension_add (MfParser *p, gsize offset, char op, MfDimension a, MfDimension b,
                       MfDimension *out)
{
  g_autofree char *left = NULL;
  g_autofree char *right = NULL;

  if (!a.any && !b.any && !mf_dimension_equal (a, b))
    {
      left = mf_expr_describe_with_article (a);
      right = mf_expr_describe_with_article (b);
      if (op == '+')
        /* Translators: each %s is a quantity with its article ("a pressure", "an area") */
        return mf_expr_parser_fail (p, offset, _("cannot add %s and %s"), left, right);
      /* Translators: each %s is a quantity with its article ("a pressure", "an area") */
      return mf_expr_parser_fail (p, offset, _("cannot subtract %s from %s"), right, left);
    }
  *out = a.any ? b : a;
  return TRUE;
}

/* The dimension of a function's result (see the top of the file). */
MfDimension
mf_expr_function_dimension (MfOp op, const MfOperand *args)
{
  MfDimension a = args[0].dimension;
  MfDimension b = args[1].dimension;

  switch (op)
    {
    case MF_OP_SQRT:
      if (a.any || a.mass % 2 != 0 || a.length % 2 != 0 || a.time % 2 != 0 || a.angle % 2 != 0)
        return unitless;
      return dimension_make (a.mass / 2, a.length / 2, a.time / 2, a.angle / 2);
    case MF_OP_ABS:
      return a;
    case MF_OP_MIN:
    case MF_OP_MAX:
    case MF_OP_CLAMP: /* x's dimension, or its bounds' */
      if (a.any)
        return b;
      if (b.any || mf_dimension_equal (a, b))
        return a;
      return unitless;
    default:
      return unitless;
    }
}
