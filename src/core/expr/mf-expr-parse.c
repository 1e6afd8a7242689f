/* mf-expr-parse.c: the recursive-descent parser that turns the text of an
 * expression into its tree (see mf-expr.c), folding constant subtrees as it
 * goes and checking the units of each operation (mf-expr-dimension.c).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-expr-parse-private.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

typedef struct
{
  const char *name;
  MfOp        op;
  guint       n_args;
  const char *signature;
} MfFunction;

static const MfFunction functions[] = {
  { "sin", MF_OP_SIN, 1, "x" },
  { "cos", MF_OP_COS, 1, "x" },
  { "tan", MF_OP_TAN, 1, "x" },
  { "exp", MF_OP_EXP, 1, "x" },
  { "log", MF_OP_LOG, 1, "x" },
  { "sqrt", MF_OP_SQRT, 1, "x" },
  { "abs", MF_OP_ABS, 1, "x" },
  { "min", MF_OP_MIN, 2, "a, b" },
  { "max", MF_OP_MAX, 2, "a, b" },
  { "clamp", MF_OP_CLAMP, 3, "x, lo, hi" },
  { "step", MF_OP_STEP, 2, "t, t0" },
  { "ramp", MF_OP_RAMP, 3, "t, t0, t1" },
  { "pulse", MF_OP_PULSE, 3, "t, t0, width" },
  { "table", MF_OP_TABLE, 2, "t, [[t0, y0], [t1, y1], ...]" },
};

static gboolean parse_expr (MfParser *p, MfOperand *out);
static gboolean parse_unary (MfParser *p, MfOperand *out);

static const MfFunction *
find_function (const char *name, gsize len)
{
  for (guint i = 0; i < G_N_ELEMENTS (functions); i++)
    if (strlen (functions[i].name) == len && strncmp (functions[i].name, name, len) == 0)
      return &functions[i];
  return NULL;
}

static MfExpr
parser_view (const MfParser *p)
{
  MfExpr view = { (MfNode *) (void *) p->nodes->data, p->nodes->len,
                  (double *) (void *) p->points->data, p->points->len };

  return view;
}

static const MfNode *
parser_node (const MfParser *p, guint i)
{
  return &g_array_index (p->nodes, MfNode, i);
}

static guint
push_constant (MfParser *p, double value)
{
  MfNode node = { .op = MF_OP_CONST, .value = value };

  g_array_append_val (p->nodes, node);
  return p->nodes->len - 1;
}

/* Appends a node over `n_args` children.  When every child is a constant,
 * they are the last n_args nodes (each folded to one node already), so the
 * whole subtree is replaced by its value. */
static guint
push_node (MfParser *p, MfNode node, guint n_args)
{
  gboolean constant = TRUE;
  guint index = p->nodes->len;
  MfExpr view;
  double value;

  for (guint k = 0; k < n_args; k++)
    if (parser_node (p, node.arg[k])->op != MF_OP_CONST)
      constant = FALSE;

  g_array_append_val (p->nodes, node);
  if (node.op == MF_OP_T || node.op == MF_OP_NAME || node.op == MF_OP_CONST || !constant)
    return index;

  for (guint k = 0; k < n_args; k++)
    g_assert (node.arg[k] == index - n_args + k);

  view = parser_view (p);
  value = mf_expr_eval_node (&view, index, 0.0);
  g_array_set_size (p->nodes, index - n_args);
  return push_constant (p, value);
}

/* The height of `out` over its tallest child; too tall is reported at
 * byte `at` of the text. */
static gboolean
check_height (MfParser *p, MfOperand *out, guint child_height, gsize at)
{
  out->height = child_height + 1;
  if (parser_node (p, out->node)->op == MF_OP_CONST)
    out->height = 1;
  if (out->height > MF_EXPR_MAX_HEIGHT)
    /* Translators: %u is the limit, docs/format.md "Limits" */
    return mf_expr_parser_fail (p, at, _("expression too long: more than %u terms in t "
                                                  "chained one after another"),
                                MF_EXPR_MAX_HEIGHT);
  return TRUE;
}

static gboolean
push_binary (MfParser *p, MfOp op, const MfOperand *a, const MfOperand *b, MfOperand *out)
{
  MfNode node = { .op = op, .arg = { a->node, b->node } };

  out->node = push_node (p, node, 2);
  out->offset = a->offset;
  return check_height (p, out, MAX (a->height, b->height), b->offset);
}

/* Dividing by 1000 rather than multiplying by 0.001 makes "12 mm" exactly
 * the double nearest 0.012, as if the user had written 0.012. */
static double
apply_factor (double number, double factor)
{
  double inverse = 1.0 / factor;

  if (factor < 1.0 && inverse == nearbyint (inverse))
    return number / inverse;
  return number * factor;
}

/* After a number, a unit; a word that is not one is reported here, where
 * the message can say what is wrong. */
static gboolean
parse_unit (MfParser *p, double *value, MfDimension *dimension)
{
  gsize i = mf_expr_skip_space (p->text, p->end);
  g_autofree char *shown = NULL;
  gsize len, word_end;
  double factor = 1.0;

  len = mf_unit_match (p->text + i, &factor, dimension);
  if (len > 0)
    {
      *value = apply_factor (*value, factor);
      p->end = i + len;
      return TRUE;
    }

  *dimension = unitless;
  if (!mf_expr_is_name_start (p->text[i]))
    return TRUE;

  word_end = mf_expr_scan_name (p->text, i);
  shown = mf_text_escape_len (p->text + i, (gssize) MIN (word_end - i, 40));
  if (find_function (p->text + i, word_end - i) != NULL
      || (word_end - i == 1 && p->text[i] == 't')
      || (word_end - i == 2 && strncmp (p->text + i, "pi", 2) == 0))
    return mf_expr_parser_fail (p, i, _("operator expected before '%s'"), shown);
  return mf_expr_parser_fail (p, i, _("unknown unit '%s'"), shown);
}

static gboolean
parse_number (MfParser *p, MfOperand *out)
{
  g_autofree char *digits = g_strndup (p->text + p->start, p->end - p->start);
  double value = g_ascii_strtod (digits, NULL);

  if (isinf (value))
    return mf_expr_parser_fail (p, p->start, _("number too large '%s'"), digits);
  if (!parse_unit (p, &value, &out->dimension))
    return FALSE;

  out->node = push_constant (p, value);
  out->height = 1;
  mf_expr_next_token (p);
  return TRUE;
}

/* A table entry: an expression that folds to a constant. */
static gboolean
parse_table_entry (MfParser *p, double *value, MfDimension *dimension, gsize *offset)
{
  guint first = p->nodes->len;
  MfOperand entry;

  *offset = p->start;
  if (!parse_expr (p, &entry))
    return FALSE;
  if (parser_node (p, entry.node)->op != MF_OP_CONST)
    return mf_expr_parser_fail (p, *offset, _("table entries must be constant"));

  *value = parser_node (p, entry.node)->value;
  *dimension = entry.dimension;
  g_array_set_size (p->nodes, first);
  return TRUE;
}

static gboolean
parse_table_point (MfParser *p, double *x, double *y, MfDimension *y_dimension,
                   gsize *x_offset, gsize *y_offset)
{
  MfDimension x_dimension;

  if (!mf_expr_expect_punct (p, '['))
    return FALSE;
  if (!parse_table_entry (p, x, &x_dimension, x_offset))
    return FALSE;
  if (!mf_expr_expect_punct (p, ','))
    return FALSE;
  if (!parse_table_entry (p, y, y_dimension, y_offset))
    return FALSE;
  return mf_expr_expect_punct (p, ']');
}

/* [[t0, y0], [t1, y1], ...] into p->points; *dimension is the values'. */
static gboolean
parse_table_points (MfParser *p, MfNode *node, MfDimension *dimension)
{
  *dimension = unitless;
  node->first_point = p->points->len / 2;
  node->n_points = 0;

  if (!mf_expr_expect_punct (p, '['))
    return FALSE;
  if (mf_expr_at_punct (p, ']'))
    return mf_expr_parser_fail (p, p->start, _("a table needs at least one point"));

  for (;;)
    {
      double x, y;
      MfDimension y_dimension;
      gsize x_offset, y_offset;

      if (!parse_table_point (p, &x, &y, &y_dimension, &x_offset, &y_offset))
        return FALSE;
      if (node->n_points > 0)
        {
          double previous = g_array_index (p->points, double, p->points->len - 2);

          if (!(x > previous))
            return mf_expr_parser_fail (p, x_offset,
                                        _("table abscissae must increase (%g after %g)"), x,
                                        previous);
        }
      if (!isfinite (x) || !isfinite (y))
        return mf_expr_parser_fail (p, isfinite (x) ? y_offset : x_offset,
                                    _("table entries must be finite"));
      if (!dimension->any && !y_dimension.any && !mf_dimension_equal (*dimension, y_dimension))
        return mf_expr_parser_fail (p, y_offset, _("table values must all have the same units"));
      if (!y_dimension.any)
        *dimension = y_dimension;

      g_array_append_val (p->points, x);
      g_array_append_val (p->points, y);
      node->n_points++;

      if (!mf_expr_at_punct (p, ','))
        break;
      mf_expr_next_token (p);
    }
  return mf_expr_expect_punct (p, ']');
}

/* Checks what can be checked before a run: a constant ramp must rise. */
static gboolean
check_call (MfParser *p, const MfFunction *fn, const MfOperand *args)
{
  const MfNode *t0, *t1;

  if (fn->op != MF_OP_RAMP)
    return TRUE;
  t0 = parser_node (p, args[1].node);
  t1 = parser_node (p, args[2].node);
  if (t0->op == MF_OP_CONST && t1->op == MF_OP_CONST && !(t1->value > t0->value))
    return mf_expr_parser_fail (p, args[2].offset, _("'ramp' needs t1 > t0, not t0 = %g, t1 = %g"),
                                t0->value, t1->value);
  return TRUE;
}

/* The arguments of a call, from after '(' up to and including ')'.  Up to
 * three are kept; more are only counted, for the message. */
static gboolean
parse_arguments (MfParser *p, const MfFunction *fn, MfNode *node, MfOperand *args,
                 guint *n_args, MfDimension *table_dimension)
{
  *n_args = 0;
  if (mf_expr_at_punct (p, ')'))
    {
      mf_expr_next_token (p);
      return TRUE;
    }

  for (;;)
    {
      MfOperand arg = { .offset = p->start, .dimension = unitless, .height = 1 };

      if (fn->op == MF_OP_TABLE && *n_args == 1)
        {
          if (!mf_expr_at_punct (p, '['))
            return mf_expr_parser_fail (p, p->start,
                                        _("'[' expected: table (t, [[t0, y0], [t1, y1], ...])"));
          if (!parse_table_points (p, node, table_dimension))
            return FALSE;
        }
      else if (!parse_expr (p, &arg))
        return FALSE;

      if (*n_args < 3)
        args[*n_args] = arg;
      (*n_args)++;
      if (!mf_expr_at_punct (p, ','))
        break;
      mf_expr_next_token (p);
    }
  return mf_expr_expect_punct (p, ')');
}

static gboolean
parse_call (MfParser *p, const MfFunction *fn, gsize name_offset, MfOperand *out)
{
  MfNode node = { .op = fn->op };
  MfOperand args[3] = { { 0 } };
  MfDimension table_dimension = unitless;
  guint n_args, n_children, height = 0;

  mf_expr_next_token (p); /* the name */
  if (!mf_expr_at_punct (p, '('))
    return mf_expr_parser_fail (p, p->start, _("'(' expected after '%s'"), fn->name);
  mf_expr_next_token (p);

  if (!parse_arguments (p, fn, &node, args, &n_args, &table_dimension))
    return FALSE;
  if (n_args != fn->n_args)
    /* Translators: "'ramp' takes 3 arguments (t, t0, t1), not 2": the function, how many
     * arguments it takes, their names and how many were given */
    return mf_expr_parser_fail (p, name_offset,
                                g_dngettext (NULL, "'%s' takes %u argument (%s), not %u",
                                             "'%s' takes %u arguments (%s), not %u", fn->n_args),
                                fn->name, fn->n_args, fn->signature, n_args);
  if (!check_call (p, fn, args))
    return FALSE;

  n_children = fn->op == MF_OP_TABLE ? 1 : fn->n_args;
  for (guint k = 0; k < n_children; k++)
    {
      node.arg[k] = args[k].node;
      height = MAX (height, args[k].height);
    }

  out->node = push_node (p, node, n_children);
  out->offset = name_offset;
  out->dimension = fn->op == MF_OP_TABLE ? table_dimension
                                          : mf_expr_function_dimension (fn->op, args);
  return check_height (p, out, height, out->offset);
}

/* A name of the run's quantities: ID.x, ID.v or NODE.p, kept once in the
 * table.  Which exist is known only to a model (mf_expr_bind()). */
static gboolean
parse_quantity (MfParser *p, const char *name, gsize len, MfOperand *out)
{
  const char *dot = name + len - 1;
  g_autofree char *text = g_strndup (name, len);
  g_autofree char *shown = mf_text_escape_len (name, (gssize) MIN (len, 40));
  MfNode node = { .op = MF_OP_NAME };
  guint i;

  while (*dot != '.')
    dot--;
  if (!(name + len - dot == 2 && strchr ("xvp", dot[1]) != NULL))
    return mf_expr_parser_fail (p, p->start,
                                _("'%s' is not a quantity a value can use: a name ends in .x "
                                  "(a position), .v (a velocity) or .p (a pressure)"),
                                shown);
  for (i = 0; i < p->names->len; i++)
    if (strcmp (p->names->pdata[i], text) == 0)
      break;
  if (i == p->names->len)
    g_ptr_array_add (p->names, g_steal_pointer (&text));
  node.arg[0] = i;
  out->node = push_node (p, node, 0);
  mf_expr_next_token (p);
  return TRUE;
}

static gboolean
parse_name (MfParser *p, MfOperand *out)
{
  const char *name = p->text + p->start;
  gsize len = p->end - p->start;
  const MfFunction *fn = find_function (name, len);
  g_autofree char *shown = NULL;
  MfNode node = { .op = MF_OP_T };

  out->dimension = unitless;
  out->height = 1;
  if (fn != NULL)
    return parse_call (p, fn, p->start, out);

  if (memchr (name, '.', len) != NULL && p->text[mf_expr_skip_space (p->text, p->end)] != '(')
    return parse_quantity (p, name, len, out);
  shown = mf_text_escape_len (name, (gssize) MIN (len, 40));
  if (mf_expr_token_is (p, "t"))
    out->node = push_node (p, node, 0);
  else if (mf_expr_token_is (p, "pi"))
    out->node = push_constant (p, G_PI);
  else if (p->text[mf_expr_skip_space (p->text, p->end)] == '(')
    return mf_expr_parser_fail (p, p->start, _("unknown function '%s'"), shown);
  else
    return mf_expr_parser_fail (p, p->start,
                                _("unknown name '%s' (only t, pi and the run's quantities "
                                  "ID.x, ID.v, NODE.p)"), shown);
  mf_expr_next_token (p);
  return TRUE;
}

static gboolean
parse_atom (MfParser *p, MfOperand *out)
{
  out->offset = p->start;
  if (p->kind == MF_TOKEN_NUMBER)
    return parse_number (p, out);
  if (p->kind == MF_TOKEN_NAME)
    return parse_name (p, out);
  if (mf_expr_at_punct (p, '('))
    {
      gsize offset = p->start;

      mf_expr_next_token (p);
      if (!parse_expr (p, out))
        return FALSE;
      out->offset = offset;
      return mf_expr_expect_punct (p, ')');
    }
  return mf_expr_fail_unexpected (p);
}

/* power := atom ['^' unary]: right associative, and the exponent may carry
 * its own sign (2^-1). */
static gboolean
parse_power (MfParser *p, MfOperand *out)
{
  MfOperand base, exponent;
  g_autofree char *what = NULL;
  gsize offset;

  if (!parse_atom (p, &base))
    return FALSE;
  if (!mf_expr_at_punct (p, '^'))
    {
      *out = base;
      return TRUE;
    }
  offset = p->start;
  mf_expr_next_token (p);
  if (!parse_unary (p, &exponent))
    return FALSE;

  if (!base.dimension.any && !mf_expr_dimension_is_dimensionless (base.dimension))
    {
      what = mf_expr_describe_with_article (base.dimension);
      return mf_expr_parser_fail (p, offset, _("'^' needs a dimensionless base, not %s"), what);
    }
  if (!exponent.dimension.any && !mf_expr_dimension_is_dimensionless (exponent.dimension))
    {
      what = mf_expr_describe_with_article (exponent.dimension);
      return mf_expr_parser_fail (p, exponent.offset,
                                  _("an exponent must be dimensionless, not %s"), what);
    }
  out->dimension = base.dimension;
  return push_binary (p, MF_OP_POW, &base, &exponent, out);
}

/* unary := ('-' | '+') unary | power.  Binds looser than '^': -2^2 = -4. */
static gboolean
parse_unary (MfParser *p, MfOperand *out)
{
  gboolean ok;

  if (++p->depth > MF_EXPR_MAX_DEPTH)
    /* Translators: %u is the limit, docs/format.md "Limits" */
    return mf_expr_parser_fail (p, p->start, _("expression nested more than %u levels deep "
                                               "(parentheses, calls and signs)"),
                                MF_EXPR_MAX_DEPTH);

  if (mf_expr_at_punct (p, '-') || mf_expr_at_punct (p, '+'))
    {
      gboolean negate = mf_expr_at_punct (p, '-');
      gsize offset = p->start;
      MfNode node = { .op = MF_OP_NEG };

      mf_expr_next_token (p);
      ok = parse_unary (p, out);
      if (ok && negate)
        {
          node.arg[0] = out->node;
          out->node = push_node (p, node, 1);
          ok = check_height (p, out, out->height, offset);
        }
      out->offset = offset;
    }
  else
    ok = parse_power (p, out);

  p->depth--;
  return ok;
}

/* term := unary (('*' | '/') unary)* */
static gboolean
parse_term (MfParser *p, MfOperand *out)
{
  if (!parse_unary (p, out))
    return FALSE;

  while (mf_expr_at_punct (p, '*') || mf_expr_at_punct (p, '/'))
    {
      int sign = mf_expr_at_punct (p, '*') ? 1 : -1;
      gsize offset = p->start;
      MfOperand right;
      MfDimension dimension;

      mf_expr_next_token (p);
      if (!parse_unary (p, &right))
        return FALSE;
      if (!mf_expr_dimension_multiply (p, offset, out->dimension, right.dimension, sign,
                                       &dimension))
        return FALSE;
      if (!push_binary (p, sign > 0 ? MF_OP_MUL : MF_OP_DIV, out, &right, out))
        return FALSE;
      out->dimension = dimension;
    }
  return TRUE;
}

/* expr := term (('+' | '-') term)* */
static gboolean
parse_expr (MfParser *p, MfOperand *out)
{
  if (!parse_term (p, out))
    return FALSE;

  while (mf_expr_at_punct (p, '+') || mf_expr_at_punct (p, '-'))
    {
      char op = p->text[p->start];
      gsize offset = p->start;
      MfOperand right;
      MfDimension dimension;

      mf_expr_next_token (p);
      if (!parse_term (p, &right))
        return FALSE;
      if (!mf_expr_dimension_add (p, offset, op, out->dimension, right.dimension, &dimension))
        return FALSE;
      if (!push_binary (p, op == '+' ? MF_OP_ADD : MF_OP_SUB, out, &right, out))
        return FALSE;
      out->dimension = dimension;
    }
  return TRUE;
}

static gboolean
parse_text (MfParser *p, MfOperand *root)
{
  mf_expr_next_token (p);
  if (p->kind == MF_TOKEN_END)
    return mf_expr_parser_fail (p, 0, _("empty expression"));
  if (!parse_expr (p, root))
    return FALSE;
  if (p->kind != MF_TOKEN_END)
    return mf_expr_fail_unexpected (p);
  return TRUE;
}

MfExpr *
mf_expr_parse (const char *text, MfDimension *dimension, gsize *error_offset, GError **error)
{
  MfParser p = { 0 };
  MfOperand root = { 0 };
  MfExpr *expr;
  guint n_names;

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  p.text = text;
  p.length = strlen (text);
  p.nodes = g_array_new (FALSE, TRUE, sizeof (MfNode));
  p.points = g_array_new (FALSE, FALSE, sizeof (double));
  p.names = g_ptr_array_new_with_free_func (g_free);

  if (!parse_text (&p, &root))
    {
      g_array_unref (p.nodes);
      g_array_unref (p.points);
      g_ptr_array_unref (p.names);
      if (error_offset != NULL)
        *error_offset = p.error_offset;
      g_propagate_error (error, p.error);
      return NULL;
    }

  expr = g_new0 (MfExpr, 1);
  expr->n_nodes = p.nodes->len;
  expr->nodes = (MfNode *) (void *) g_array_free (p.nodes, FALSE);
  expr->n_point_values = p.points->len;
  expr->points = (double *) (void *) g_array_free (p.points, FALSE);
  n_names = p.names->len;
  g_ptr_array_add (p.names, NULL);
  mf_expr_set_names (expr, (char **) g_ptr_array_free (p.names, FALSE), n_names);
  if (dimension != NULL)
    *dimension = root.dimension.any ? unitless : root.dimension;
  return expr;
}
