/* mf-expr-math.c: an expression tree written as notation (mf-expr-math.h).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-expr-math.h"

#include "mf-expr-private.h"

/* Binding strength: what a child needs parentheses around. */
static int
precedence (MfOp op)
{
  switch (op)
    {
    case MF_OP_ADD:
    case MF_OP_SUB:
      return 1;
    case MF_OP_MUL:
    case MF_OP_DIV:
      return 2;
    case MF_OP_NEG:
      return 3;
    case MF_OP_POW:
      return 4;
    default:
      return 5;
    }
}

static MfMath *node_math (const MfExpr *expr, guint i);

static MfMath *
operand (const MfExpr *expr, guint i, int parent, gboolean right)
{
  MfMath *math = node_math (expr, i);
  int own = precedence (expr->nodes[i].op);
  const MfNode *n = &expr->nodes[i];

  /* a negative number is a factor only in parentheses */
  if (n->op == MF_OP_CONST && n->value < 0.0)
    own = 3;
  if (own < parent || (right && own == parent && parent <= 2))
    return mf_math_paren (math);
  return math;
}

static MfMath *
function (const char *name, const MfExpr *expr, const MfNode *n, guint n_args)
{
  MfMath *call = mf_math_call (name, NULL, NULL);

  for (guint a = 0; a < n_args; a++)
    mf_math_append (call, node_math (expr, n->arg[a]));
  return call;
}

static MfMath *
binary (const MfExpr *expr, const MfNode *n, const char *op)
{
  int p = precedence (n->op);

  return mf_math_row (operand (expr, n->arg[0], p, FALSE), mf_math_text (op),
                      operand (expr, n->arg[1], p, TRUE), NULL);
}

static MfMath *
table (const MfExpr *expr, const MfNode *n)
{
  const double *p = expr->points + 2 * n->first_point;
  GString *points = g_string_new ("[");
  MfMath *call;

  for (guint k = 0; k < n->n_points; k++)
    {
      g_autofree char *x = mf_math_number_text (p[2 * k]);
      g_autofree char *y = mf_math_number_text (p[2 * k + 1]);

      g_string_append_printf (points, "%s[%s, %s]", k > 0 ? ", " : "", x, y);
    }
  g_string_append (points, "]");
  call = function ("table", expr, n, 1);
  mf_math_append (call, mf_math_text (points->str));
  g_string_free (points, TRUE);
  return call;
}

static MfMath *
node_math (const MfExpr *expr, guint i)
{
  const MfNode *n = &expr->nodes[i];

  switch (n->op)
    {
    case MF_OP_CONST:
      return mf_math_number (n->value);
    case MF_OP_T:
      return mf_math_symbol ("t", NULL);
    case MF_OP_NEG:
      return mf_math_row (mf_math_text ("−"), operand (expr, n->arg[0], 3, FALSE), NULL);
    case MF_OP_ADD:
      return binary (expr, n, " + ");
    case MF_OP_SUB:
      return binary (expr, n, " − ");
    case MF_OP_MUL:
      return binary (expr, n, "·");
    case MF_OP_DIV:
      return mf_math_frac (node_math (expr, n->arg[0]), node_math (expr, n->arg[1]));
    case MF_OP_POW:
      return mf_math_power (operand (expr, n->arg[0], 5, FALSE), node_math (expr, n->arg[1]));
    case MF_OP_SIN:
      return function ("sin", expr, n, 1);
    case MF_OP_COS:
      return function ("cos", expr, n, 1);
    case MF_OP_TAN:
      return function ("tan", expr, n, 1);
    case MF_OP_EXP:
      return function ("exp", expr, n, 1);
    case MF_OP_LOG:
      return function ("log", expr, n, 1);
    case MF_OP_SQRT:
      return function ("√", expr, n, 1);
    case MF_OP_ABS:
      return mf_math_abs (node_math (expr, n->arg[0]));
    case MF_OP_MIN:
      return function ("min", expr, n, 2);
    case MF_OP_MAX:
      return function ("max", expr, n, 2);
    case MF_OP_CLAMP:
      return function ("clamp", expr, n, 3);
    case MF_OP_NAME:
      return mf_math_symbol (expr->names[n->arg[0]], NULL);
    case MF_OP_STEP:
      return function ("step", expr, n, 2);
    case MF_OP_RAMP:
      return function ("ramp", expr, n, 3);
    case MF_OP_PULSE:
      return function ("pulse", expr, n, 3);
    case MF_OP_TABLE:
      return table (expr, n);
    default:
      g_assert_not_reached ();
    }
}

MfMath *
mf_expr_to_math (const MfExpr *expr)
{
  g_return_val_if_fail (expr != NULL && expr->n_nodes > 0, NULL);

  return node_math (expr, expr->n_nodes - 1);
}
