/* mf-expr-clamp.c: an expression built from another one in code — the
 * opening of a path of a directional valve (docs/model.md, "Directional
 * valves"), scale · clamp(gain · x + offset, 0, 1), with x or |x| the
 * spool's position.  The new tree is the old one with a few nodes on top,
 * so it evaluates, differentiates and lists its breakpoints as the
 * parser's trees do.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-expr-private.h"

#include <math.h>
#include <string.h>

static guint
append (MfExpr *expr, MfOp op, guint a, guint b, double value)
{
  MfNode *node = &expr->nodes[expr->n_nodes];

  node->op = op;
  node->arg[0] = a;
  node->arg[1] = b;
  node->value = value;
  return expr->n_nodes++;
}

static guint
constant (MfExpr *expr, double value)
{
  return append (expr, MF_OP_CONST, 0, 0, value);
}

static double
clamped (double x, gboolean absolute, double gain, double offset, double scale)
{
  double y = gain * (absolute ? fabs (x) : x) + offset;

  return isnan (y) ? y : scale * CLAMP (y, 0.0, 1.0);
}

MfExpr *
mf_expr_new_clamped (const MfExpr *x, gboolean absolute, double gain, double offset,
                     double scale)
{
  MfExpr *expr;
  guint top;

  g_return_val_if_fail (x != NULL, NULL);

  if (mf_expr_is_constant (x))
    return mf_expr_new_constant (clamped (mf_expr_eval (x, 0.0), absolute, gain, offset, scale));
  expr = mf_expr_copy (x);
  /* at most 11 nodes more: abs, gain, ·, offset, +, 1, min, 0, max, scale, · */
  expr->nodes = g_renew (MfNode, expr->nodes, expr->n_nodes + 11);
  memset (expr->nodes + expr->n_nodes, 0, 11 * sizeof (MfNode));
  top = expr->n_nodes - 1;
  if (absolute)
    top = append (expr, MF_OP_ABS, top, 0, 0.0);
  top = append (expr, MF_OP_MUL, constant (expr, gain), top, 0.0);
  top = append (expr, MF_OP_ADD, top, constant (expr, offset), 0.0);
  /* the bound first: min and max keep their second argument when the
   * first is not a number, so a spool that is NaN gives an area that is */
  top = append (expr, MF_OP_MIN, constant (expr, 1.0), top, 0.0);
  top = append (expr, MF_OP_MAX, constant (expr, 0.0), top, 0.0);
  append (expr, MF_OP_MUL, constant (expr, scale), top, 0.0);
  return expr;
}
