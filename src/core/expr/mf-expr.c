/* mf-expr.c: the tree of a parsed expression (mf-expr-private.h):
 * constants, copies, the names it uses and what they are bound to, and
 * what a run asks of it before it starts.
 *
 * A recursive-descent parser builds the tree into one array in post order
 * (children before their parent, the root last), folding every subtree that
 * does not depend on t into a constant as soon as it is complete.  So a copy
 * is two memdups, mf_expr_is_constant looks at the root only, and
 * evaluation walks one block of memory without allocating.
 *
 * Evaluation is in mf-expr-eval.c; parsing in mf-expr-parse.c, with its
 * tokens in mf-expr-lex.c and its units in mf-expr-dimension.c.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-expr-private.h"

#include <math.h>

MfExpr *
mf_expr_new_constant (double value)
{
  MfExpr *expr = g_new0 (MfExpr, 1);

  expr->nodes = g_new0 (MfNode, 1);
  expr->n_nodes = 1;
  expr->nodes[0].op = MF_OP_CONST;
  expr->nodes[0].value = value;
  return expr;
}

MfExpr *
mf_expr_new_name (const char *name)
{
  MfExpr *expr = g_new0 (MfExpr, 1);
  char **names = g_new0 (char *, 2);

  g_return_val_if_fail (name != NULL, NULL);

  names[0] = g_strdup (name);
  expr->nodes = g_new0 (MfNode, 1);
  expr->n_nodes = 1;
  expr->nodes[0].op = MF_OP_NAME;
  expr->nodes[0].arg[0] = 0;
  mf_expr_set_names (expr, names, 1);
  return expr;
}

MfExpr *
mf_expr_copy (const MfExpr *expr)
{
  MfExpr *copy;

  g_return_val_if_fail (expr != NULL, NULL);

  copy = g_new0 (MfExpr, 1);
  copy->n_nodes = expr->n_nodes;
  copy->nodes = g_memdup2 (expr->nodes, expr->n_nodes * sizeof (MfNode));
  copy->n_point_values = expr->n_point_values;
  copy->points = g_memdup2 (expr->points, expr->n_point_values * sizeof (double));
  copy->n_names = expr->n_names;
  copy->names = g_strdupv (expr->names);
  copy->binding = g_memdup2 (expr->binding, expr->n_names * sizeof (guint));
  copy->bound_value = g_memdup2 (expr->bound_value, expr->n_names * sizeof (double));
  return copy;
}

void
mf_expr_free (MfExpr *expr)
{
  if (expr == NULL)
    return;
  g_free (expr->nodes);
  g_free (expr->points);
  g_strfreev (expr->names);
  g_free (expr->binding);
  g_free (expr->bound_value);
  g_free (expr);
}

void
mf_expr_set_names (MfExpr *expr, char **names, guint n_names)
{
  expr->names = names;
  expr->n_names = n_names;
  expr->binding = g_new (guint, MAX (n_names, 1));
  expr->bound_value = g_new0 (double, MAX (n_names, 1));
  for (guint i = 0; i < n_names; i++)
    expr->binding[i] = MF_EXPR_UNBOUND;
}

guint
mf_expr_n_names (const MfExpr *expr)
{
  return expr->n_names;
}

const char *
mf_expr_name (const MfExpr *expr, guint name)
{
  g_return_val_if_fail (name < expr->n_names, NULL);
  return expr->names[name];
}

void
mf_expr_bind (MfExpr *expr, guint name, guint index)
{
  g_return_if_fail (name < expr->n_names && index < MF_EXPR_FIXED);
  expr->binding[name] = index;
}

void
mf_expr_bind_value (MfExpr *expr, guint name, double value)
{
  g_return_if_fail (name < expr->n_names);
  expr->binding[name] = MF_EXPR_FIXED;
  expr->bound_value[name] = value;
}

guint
mf_expr_binding (const MfExpr *expr, guint name)
{
  g_return_val_if_fail (name < expr->n_names, MF_EXPR_UNBOUND);
  return expr->binding[name];
}

gboolean
mf_expr_is_constant (const MfExpr *expr)
{
  g_return_val_if_fail (expr != NULL, TRUE);

  /* Folding leaves a single constant root exactly when neither t nor a
   * name occurs. */
  return expr->nodes[expr->n_nodes - 1].op == MF_OP_CONST;
}

static void
append_time (GArray *times, const MfNode *node)
{
  if (node->op == MF_OP_CONST && isfinite (node->value))
    g_array_append_val (times, node->value);
}

void
mf_expr_collect_breakpoints (const MfExpr *expr, GArray *times)
{
  g_return_if_fail (expr != NULL);
  g_return_if_fail (times != NULL && g_array_get_element_size (times) == sizeof (double));

  /* The array holds exactly the live tree, so a linear scan visits every
   * node once. */
  for (guint i = 0; i < expr->n_nodes; i++)
    {
      const MfNode *n = &expr->nodes[i];
      const MfNode *t0 = &expr->nodes[n->arg[1]];
      const MfNode *t1 = &expr->nodes[n->arg[2]];
      double end;

      if (n->op < MF_OP_STEP || expr->nodes[n->arg[0]].op != MF_OP_T)
        continue;

      switch (n->op)
        {
        case MF_OP_STEP:
          append_time (times, t0);
          break;
        case MF_OP_RAMP:
          append_time (times, t0);
          append_time (times, t1);
          break;
        case MF_OP_PULSE:
          append_time (times, t0);
          end = t0->value + t1->value;
          if (t0->op == MF_OP_CONST && t1->op == MF_OP_CONST && isfinite (end))
            g_array_append_val (times, end);
          break;
        case MF_OP_TABLE:
          for (guint k = 0; k < n->n_points; k++)
            g_array_append_val (times, expr->points[2 * (n->first_point + k)]);
          break;
        default:
          break;
        }
    }
}
