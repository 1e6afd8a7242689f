/* mf-expr.c
 *
 * A recursive-descent parser builds the tree into one array in post order
 * (children before their parent, the root last), folding every subtree that
 * does not depend on t into a constant as soon as it is complete.  So a copy
 * is two memdups, mf_expr_is_constant looks at the root only, and
 * evaluation walks one block of memory without allocating.
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
 *     min/max take the definite argument's dimension when the arguments
 *     agree (else unitless); table takes its values' dimension (values with
 *     different definite dimensions are an error).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-expr.h"

#include <math.h>
#include <stdarg.h>
#include <string.h>

#include "mf-error.h"

/* Bounds the parser's recursion ("((((...") and the tree height, so neither
 * the parse nor an evaluation on a simulation thread can exhaust the stack. */
#define MF_EXPR_MAX_DEPTH  200
#define MF_EXPR_MAX_HEIGHT 2000
/* Keeps dimension exponents far from the gint8 limits. */
#define MF_EXPR_MAX_EXPONENT 60

typedef enum
{
  MF_OP_CONST,
  MF_OP_T,
  MF_OP_NEG,
  MF_OP_ADD,
  MF_OP_SUB,
  MF_OP_MUL,
  MF_OP_DIV,
  MF_OP_POW,
  MF_OP_SIN,
  MF_OP_COS,
  MF_OP_TAN,
  MF_OP_EXP,
  MF_OP_LOG,
  MF_OP_SQRT,
  MF_OP_ABS,
  MF_OP_MIN,
  MF_OP_MAX,
  MF_OP_STEP,
  MF_OP_RAMP,
  MF_OP_PULSE,
  MF_OP_TABLE,
} MfOp;

typedef struct
{
  MfOp   op;
  guint  arg[3];      /* indices of the children in MfExpr.nodes */
  double value;       /* MF_OP_CONST */
  guint  first_point; /* MF_OP_TABLE: points (x, y) in MfExpr.points ... */
  guint  n_points;    /* ... from pair first_point on */
} MfNode;

struct _MfExpr
{
  MfNode *nodes;
  guint   n_nodes;
  double *points; /* x0 y0 x1 y1 ... of every table */
  guint   n_point_values;
};

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
  { "step", MF_OP_STEP, 2, "t, t0" },
  { "ramp", MF_OP_RAMP, 3, "t, t0, t1" },
  { "pulse", MF_OP_PULSE, 3, "t, t0, width" },
  { "table", MF_OP_TABLE, 2, "t, [[t0, y0], [t1, y1], ...]" },
};

/* ---- evaluation ---------------------------------------------------------- */

typedef struct
{
  double v; /* value */
  double d; /* derivative in t */
} MfDual;

static double eval_value (const MfExpr *expr, guint i, double t);
static MfDual eval_dual (const MfExpr *expr, guint i, double t);

/* 0 before t0, 1 from t1 on, linear between; with t1 <= t0 a step at t0
 * (only possible when t0 or t1 depend on t: constants are checked at parse). */
static double
ramp_value (double x, double t0, double t1)
{
  if (!(x >= t0))
    return 0.0;
  if (x >= t1)
    return 1.0;
  return (x - t0) / (t1 - t0);
}

/* Index i of the segment [x_i, x_i+1) that holds x, for x_0 <= x < x_last. */
static guint
table_segment (const double *points, guint n_points, double x)
{
  guint lo = 0;
  guint hi = n_points - 1;

  while (hi - lo > 1)
    {
      guint mid = lo + (hi - lo) / 2;

      if (points[2 * mid] <= x)
        lo = mid;
      else
        hi = mid;
    }
  return lo;
}

/* Piecewise linear, held at the end values outside; *slope is the
 * right-hand slope (0 from the last abscissa on). */
static double
table_value (const MfExpr *expr, const MfNode *node, double x, double *slope)
{
  const double *p = expr->points + 2 * node->first_point;
  guint last = node->n_points - 1;
  const double *seg;

  *slope = 0.0;
  if (isnan (x))
    return x;
  if (x < p[0])
    return p[1];
  if (x >= p[2 * last])
    return p[2 * last + 1];

  seg = p + 2 * table_segment (p, node->n_points, x);
  *slope = (seg[3] - seg[1]) / (seg[2] - seg[0]);
  return seg[1] + *slope * (x - seg[0]);
}

static double
pulse_value (double x, double t0, double width)
{
  return x >= t0 && x < t0 + width ? 1.0 : 0.0;
}

static double
eval_value (const MfExpr *expr, guint i, double t)
{
  const MfNode *n = &expr->nodes[i];
  double a, b, slope;

  switch (n->op)
    {
    case MF_OP_CONST:
      return n->value;
    case MF_OP_T:
      return t;
    case MF_OP_NEG:
      return -eval_value (expr, n->arg[0], t);
    case MF_OP_ADD:
      return eval_value (expr, n->arg[0], t) + eval_value (expr, n->arg[1], t);
    case MF_OP_SUB:
      return eval_value (expr, n->arg[0], t) - eval_value (expr, n->arg[1], t);
    case MF_OP_MUL:
      return eval_value (expr, n->arg[0], t) * eval_value (expr, n->arg[1], t);
    case MF_OP_DIV:
      return eval_value (expr, n->arg[0], t) / eval_value (expr, n->arg[1], t);
    case MF_OP_POW:
      return pow (eval_value (expr, n->arg[0], t), eval_value (expr, n->arg[1], t));
    case MF_OP_SIN:
      return sin (eval_value (expr, n->arg[0], t));
    case MF_OP_COS:
      return cos (eval_value (expr, n->arg[0], t));
    case MF_OP_TAN:
      return tan (eval_value (expr, n->arg[0], t));
    case MF_OP_EXP:
      return exp (eval_value (expr, n->arg[0], t));
    case MF_OP_LOG:
      return log (eval_value (expr, n->arg[0], t));
    case MF_OP_SQRT:
      return sqrt (eval_value (expr, n->arg[0], t));
    case MF_OP_ABS:
      return fabs (eval_value (expr, n->arg[0], t));
    case MF_OP_MIN:
      a = eval_value (expr, n->arg[0], t);
      b = eval_value (expr, n->arg[1], t);
      return a <= b ? a : b;
    case MF_OP_MAX:
      a = eval_value (expr, n->arg[0], t);
      b = eval_value (expr, n->arg[1], t);
      return a >= b ? a : b;
    case MF_OP_STEP:
      return eval_value (expr, n->arg[0], t) >= eval_value (expr, n->arg[1], t) ? 1.0 : 0.0;
    case MF_OP_RAMP:
      return ramp_value (eval_value (expr, n->arg[0], t), eval_value (expr, n->arg[1], t),
                         eval_value (expr, n->arg[2], t));
    case MF_OP_PULSE:
      return pulse_value (eval_value (expr, n->arg[0], t), eval_value (expr, n->arg[1], t),
                          eval_value (expr, n->arg[2], t));
    case MF_OP_TABLE:
      return table_value (expr, n, eval_value (expr, n->arg[0], t), &slope);
    default:
      break;
    }
  g_return_val_if_reached (NAN);
}

static MfDual
dual (double v, double d)
{
  MfDual r = { v, d };

  return r;
}

/* x^y; with a constant exponent (the usual case) no log is needed, and
 * a zero exponent or a constant base gives derivative 0, not 0 * inf. */
static MfDual
dual_pow (const MfExpr *expr, const MfNode *n, double t)
{
  MfDual x = eval_dual (expr, n->arg[0], t);
  const MfNode *exponent = &expr->nodes[n->arg[1]];
  MfDual y;
  double v, d = 0.0;

  if (exponent->op == MF_OP_CONST)
    y = dual (exponent->value, 0.0);
  else
    y = eval_dual (expr, n->arg[1], t);

  v = pow (x.v, y.v);
  if (x.d != 0.0 && y.v != 0.0)
    d += y.v * pow (x.v, y.v - 1.0) * x.d;
  if (y.d != 0.0)
    d += v * log (x.v) * y.d;
  return dual (v, d);
}

static MfDual
dual_ramp (const MfExpr *expr, const MfNode *n, double t)
{
  MfDual x = eval_dual (expr, n->arg[0], t);
  MfDual t0 = eval_dual (expr, n->arg[1], t);
  MfDual t1 = eval_dual (expr, n->arg[2], t);
  double width = t1.v - t0.v;
  double s;

  if (!(x.v >= t0.v))
    return dual (0.0, 0.0);
  if (x.v >= t1.v)
    return dual (1.0, 0.0);
  /* d/dt of (x - t0) / (t1 - t0), with t0 and t1 possibly moving. */
  s = (x.v - t0.v) / width;
  return dual (s, ((x.d - t0.d) - s * (t1.d - t0.d)) / width);
}

/* min and max follow the chosen argument; at a tie, the one that stays
 * chosen just after (the right-hand derivative). */
static MfDual
dual_min_max (const MfExpr *expr, const MfNode *n, double t)
{
  MfDual a = eval_dual (expr, n->arg[0], t);
  MfDual b = eval_dual (expr, n->arg[1], t);
  double sign = n->op == MF_OP_MIN ? 1.0 : -1.0;

  if (sign * a.v < sign * b.v || (a.v == b.v && sign * a.d <= sign * b.d))
    return a;
  return b;
}

static MfDual
dual_function (const MfExpr *expr, const MfNode *n, double t)
{
  MfDual x = eval_dual (expr, n->arg[0], t);
  double v, c;

  switch (n->op)
    {
    case MF_OP_SIN:
      return dual (sin (x.v), cos (x.v) * x.d);
    case MF_OP_COS:
      return dual (cos (x.v), -sin (x.v) * x.d);
    case MF_OP_TAN:
      c = cos (x.v);
      return dual (tan (x.v), x.d / (c * c));
    case MF_OP_EXP:
      v = exp (x.v);
      return dual (v, v * x.d);
    case MF_OP_LOG:
      return dual (log (x.v), x.d / x.v);
    case MF_OP_SQRT:
      v = sqrt (x.v);
      return dual (v, x.d == 0.0 ? 0.0 : x.d / (2.0 * v));
    case MF_OP_ABS:
      return dual (fabs (x.v), x.v > 0.0 ? x.d : x.v < 0.0 ? -x.d : 0.0);
    default:
      break;
    }
  g_return_val_if_reached (dual (NAN, NAN));
}

static MfDual
eval_dual (const MfExpr *expr, guint i, double t)
{
  const MfNode *n = &expr->nodes[i];
  MfDual a, b;
  double v, slope;

  switch (n->op)
    {
    case MF_OP_CONST:
      return dual (n->value, 0.0);
    case MF_OP_T:
      return dual (t, 1.0);
    case MF_OP_NEG:
      a = eval_dual (expr, n->arg[0], t);
      return dual (-a.v, -a.d);
    case MF_OP_ADD:
      a = eval_dual (expr, n->arg[0], t);
      b = eval_dual (expr, n->arg[1], t);
      return dual (a.v + b.v, a.d + b.d);
    case MF_OP_SUB:
      a = eval_dual (expr, n->arg[0], t);
      b = eval_dual (expr, n->arg[1], t);
      return dual (a.v - b.v, a.d - b.d);
    case MF_OP_MUL:
      a = eval_dual (expr, n->arg[0], t);
      b = eval_dual (expr, n->arg[1], t);
      return dual (a.v * b.v, a.d * b.v + a.v * b.d);
    case MF_OP_DIV:
      a = eval_dual (expr, n->arg[0], t);
      b = eval_dual (expr, n->arg[1], t);
      v = a.v / b.v;
      return dual (v, (a.d - v * b.d) / b.v);
    case MF_OP_POW:
      return dual_pow (expr, n, t);
    case MF_OP_SIN:
    case MF_OP_COS:
    case MF_OP_TAN:
    case MF_OP_EXP:
    case MF_OP_LOG:
    case MF_OP_SQRT:
    case MF_OP_ABS:
      return dual_function (expr, n, t);
    case MF_OP_MIN:
    case MF_OP_MAX:
      return dual_min_max (expr, n, t);
    case MF_OP_STEP:
    case MF_OP_PULSE:
      /* Jumps have no derivative an integrator could use; it stops there. */
      return dual (eval_value (expr, i, t), 0.0);
    case MF_OP_RAMP:
      return dual_ramp (expr, n, t);
    case MF_OP_TABLE:
      a = eval_dual (expr, n->arg[0], t);
      v = table_value (expr, n, a.v, &slope);
      return dual (v, slope * a.d);
    default:
      break;
    }
  g_return_val_if_reached (dual (NAN, NAN));
}

/* ---- public API ---------------------------------------------------------- */

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
mf_expr_copy (const MfExpr *expr)
{
  MfExpr *copy;

  g_return_val_if_fail (expr != NULL, NULL);

  copy = g_new0 (MfExpr, 1);
  copy->n_nodes = expr->n_nodes;
  copy->nodes = g_memdup2 (expr->nodes, expr->n_nodes * sizeof (MfNode));
  copy->n_point_values = expr->n_point_values;
  copy->points = g_memdup2 (expr->points, expr->n_point_values * sizeof (double));
  return copy;
}

void
mf_expr_free (MfExpr *expr)
{
  if (expr == NULL)
    return;
  g_free (expr->nodes);
  g_free (expr->points);
  g_free (expr);
}

double
mf_expr_eval (const MfExpr *expr, double t)
{
  return eval_value (expr, expr->n_nodes - 1, t);
}

void
mf_expr_eval_with_derivative (const MfExpr *expr, double t, double *value, double *derivative)
{
  MfDual r = eval_dual (expr, expr->n_nodes - 1, t);

  if (value != NULL)
    *value = r.v;
  if (derivative != NULL)
    *derivative = r.d;
}

gboolean
mf_expr_is_constant (const MfExpr *expr)
{
  g_return_val_if_fail (expr != NULL, TRUE);

  /* Folding leaves a single constant root exactly when t does not occur. */
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

/* ---- parsing ------------------------------------------------------------- */

typedef enum
{
  MF_TOKEN_END,
  MF_TOKEN_NUMBER,
  MF_TOKEN_NAME,
  MF_TOKEN_PUNCT,
  MF_TOKEN_BAD,
} MfTokenKind;

typedef struct
{
  const char *text;
  gsize       length;
  MfTokenKind kind;
  gsize       start; /* the current token is text[start, end) */
  gsize       end;
  guint       depth;
  GArray     *nodes;  /* MfNode */
  GArray     *points; /* double */
  GError     *error;
  gsize       error_offset;
} MfParser;

/* A parsed subexpression: its root node, dimension, tree height and where
 * its text starts (for error offsets). */
typedef struct
{
  guint       node;
  MfDimension dimension;
  guint       height;
  gsize       offset;
} MfOperand;

static const MfDimension unitless = { 0, 0, 0, TRUE };

static gboolean parse_expr (MfParser *p, MfOperand *out);
static gboolean parse_unary (MfParser *p, MfOperand *out);

static gboolean parser_fail (MfParser *p, gsize offset, const char *format, ...)
  G_GNUC_PRINTF (3, 4);

static gboolean
parser_fail (MfParser *p, gsize offset, const char *format, ...)
{
  va_list args;
  char *message;

  if (p->error != NULL)
    return FALSE;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  g_set_error_literal (&p->error, MF_ERROR, MF_ERROR_SYNTAX, message);
  p->error_offset = MIN (offset, p->length);
  g_free (message);
  return FALSE;
}

static gboolean
is_name_start (char c)
{
  return g_ascii_isalpha (c) || c == '_';
}

static gboolean
is_name_char (char c)
{
  return g_ascii_isalnum (c) || c == '_';
}

static gsize
scan_name (const char *s, gsize i)
{
  while (is_name_char (s[i]))
    i++;
  return i;
}

/* C-style: 12, 1.5, .5, 1., 2e-5, 1.5E+3.  An 'e' not followed by digits is
 * not part of the number. */
static gsize
scan_number (const char *s, gsize i)
{
  gsize j;

  while (g_ascii_isdigit (s[i]))
    i++;
  if (s[i] == '.')
    for (i++; g_ascii_isdigit (s[i]); i++)
      ;
  if (s[i] == 'e' || s[i] == 'E')
    {
      j = i + 1;
      if (s[j] == '+' || s[j] == '-')
        j++;
      if (g_ascii_isdigit (s[j]))
        {
          while (g_ascii_isdigit (s[j]))
            j++;
          i = j;
        }
    }
  return i;
}

static gsize
skip_space (const char *s, gsize i)
{
  while (g_ascii_isspace (s[i]))
    i++;
  return i;
}

static void
next_token (MfParser *p)
{
  const char *s = p->text;
  gsize i = skip_space (s, p->end);

  p->start = i;
  if (s[i] == '\0')
    {
      p->kind = MF_TOKEN_END;
      p->end = i;
    }
  else if (g_ascii_isdigit (s[i]) || (s[i] == '.' && g_ascii_isdigit (s[i + 1])))
    {
      p->kind = MF_TOKEN_NUMBER;
      p->end = scan_number (s, i);
    }
  else if (is_name_start (s[i]))
    {
      p->kind = MF_TOKEN_NAME;
      p->end = scan_name (s, i);
    }
  else if (strchr ("()[],+-*/^", s[i]) != NULL)
    {
      p->kind = MF_TOKEN_PUNCT;
      p->end = i + 1;
    }
  else
    {
      p->kind = MF_TOKEN_BAD;
      p->end = i + 1;
    }
}

static gboolean
at_punct (const MfParser *p, char c)
{
  return p->kind == MF_TOKEN_PUNCT && p->text[p->start] == c;
}

static gboolean
token_is (const MfParser *p, const char *word)
{
  gsize len = strlen (word);

  return p->end - p->start == len && strncmp (p->text + p->start, word, len) == 0;
}

/* The message for a token that cannot stand where it is. */
static gboolean
fail_unexpected (MfParser *p)
{
  const char *s = p->text + p->start;
  gunichar c;

  switch (p->kind)
    {
    case MF_TOKEN_END:
      return parser_fail (p, p->start, "unexpected end of expression");
    case MF_TOKEN_BAD:
      c = g_utf8_get_char_validated (s, -1);
      if (c == (gunichar) -1 || c == (gunichar) -2)
        return parser_fail (p, p->start, "unexpected byte 0x%02X", (guint) (guchar) *s);
      return parser_fail (p, p->start, "unexpected character '%.*s'",
                          (int) (g_utf8_next_char (s) - s), s);
    default:
      return parser_fail (p, p->start, "unexpected '%.*s'",
                          (int) MIN (p->end - p->start, 40), s);
    }
}

static gboolean
expect_punct (MfParser *p, char c)
{
  if (!at_punct (p, c))
    return parser_fail (p, p->start, "'%c' expected", c);
  next_token (p);
  return TRUE;
}

static const MfFunction *
find_function (const char *name, gsize len)
{
  for (guint i = 0; i < G_N_ELEMENTS (functions); i++)
    if (strlen (functions[i].name) == len && strncmp (functions[i].name, name, len) == 0)
      return &functions[i];
  return NULL;
}

/* "a pressure", "an area", "a value in kg^1 m^0 s^-3", for error messages. */
static char *
describe_with_article (MfDimension dimension)
{
  g_autofree char *name = mf_dimension_describe (dimension);

  if (g_str_has_prefix (name, "kg^"))
    return g_strdup_printf ("a value in %s", name);
  if (strcmp (name, "dimensionless") == 0)
    return g_strdup ("a dimensionless number");
  return g_strdup_printf ("%s %s", strchr ("aeiou", name[0]) != NULL ? "an" : "a", name);
}

static MfDimension
dimension_make (int mass, int length, int time)
{
  MfDimension d = { (gint8) mass, (gint8) length, (gint8) time, FALSE };

  return d;
}

static gboolean
dimension_is_dimensionless (MfDimension d)
{
  return !d.any && d.mass == 0 && d.length == 0 && d.time == 0;
}

/* a * b (sign 1) or a / b (sign -1), by the rules at the top of the file. */
static gboolean
dimension_multiply (MfParser *p, gsize offset, MfDimension a, MfDimension b, int sign,
                    MfDimension *out)
{
  int mass, length, time;

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
    a = dimension_make (0, 0, 0);

  mass = a.mass + sign * b.mass;
  length = a.length + sign * b.length;
  time = a.time + sign * b.time;
  if (ABS (mass) > MF_EXPR_MAX_EXPONENT || ABS (length) > MF_EXPR_MAX_EXPONENT
      || ABS (time) > MF_EXPR_MAX_EXPONENT)
    return parser_fail (p, offset, "units raised to too high a power");
  *out = dimension_make (mass, length, time);
  return TRUE;
}

static gboolean
dimension_add (MfParser *p, gsize offset, char op, MfDimension a, MfDimension b,
               MfDimension *out)
{
  g_autofree char *left = NULL;
  g_autofree char *right = NULL;

  if (!a.any && !b.any && !mf_dimension_equal (a, b))
    {
      left = describe_with_article (a);
      right = describe_with_article (b);
      if (op == '+')
        return parser_fail (p, offset, "cannot add %s and %s", left, right);
      return parser_fail (p, offset, "cannot subtract %s from %s", right, left);
    }
  *out = a.any ? b : a;
  return TRUE;
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
  if (node.op == MF_OP_T || node.op == MF_OP_CONST || !constant)
    return index;

  for (guint k = 0; k < n_args; k++)
    g_assert (node.arg[k] == index - n_args + k);

  view = parser_view (p);
  value = eval_value (&view, index, 0.0);
  g_array_set_size (p->nodes, index - n_args);
  return push_constant (p, value);
}

static gboolean
check_height (MfParser *p, MfOperand *out, guint child_height)
{
  out->height = child_height + 1;
  if (parser_node (p, out->node)->op == MF_OP_CONST)
    out->height = 1;
  if (out->height > MF_EXPR_MAX_HEIGHT)
    return parser_fail (p, out->offset, "expression too long or nested too deeply");
  return TRUE;
}

static gboolean
push_binary (MfParser *p, MfOp op, const MfOperand *a, const MfOperand *b, MfOperand *out)
{
  MfNode node = { .op = op, .arg = { a->node, b->node } };

  out->node = push_node (p, node, 2);
  out->offset = a->offset;
  return check_height (p, out, MAX (a->height, b->height));
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
  gsize i = skip_space (p->text, p->end);
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
  if (!is_name_start (p->text[i]))
    return TRUE;

  word_end = scan_name (p->text, i);
  if (find_function (p->text + i, word_end - i) != NULL
      || (word_end - i == 1 && p->text[i] == 't')
      || (word_end - i == 2 && strncmp (p->text + i, "pi", 2) == 0))
    return parser_fail (p, i, "operator expected before '%.*s'", (int) (word_end - i),
                        p->text + i);
  return parser_fail (p, i, "unknown unit '%.*s'", (int) MIN (word_end - i, 40), p->text + i);
}

static gboolean
parse_number (MfParser *p, MfOperand *out)
{
  g_autofree char *digits = g_strndup (p->text + p->start, p->end - p->start);
  double value = g_ascii_strtod (digits, NULL);

  if (isinf (value))
    return parser_fail (p, p->start, "number too large '%s'", digits);
  if (!parse_unit (p, &value, &out->dimension))
    return FALSE;

  out->node = push_constant (p, value);
  out->height = 1;
  next_token (p);
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
    return parser_fail (p, *offset, "table entries must be constant");

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

  if (!expect_punct (p, '['))
    return FALSE;
  if (!parse_table_entry (p, x, &x_dimension, x_offset))
    return FALSE;
  if (!expect_punct (p, ','))
    return FALSE;
  if (!parse_table_entry (p, y, y_dimension, y_offset))
    return FALSE;
  return expect_punct (p, ']');
}

/* [[t0, y0], [t1, y1], ...] into p->points; *dimension is the values'. */
static gboolean
parse_table_points (MfParser *p, MfNode *node, MfDimension *dimension)
{
  *dimension = unitless;
  node->first_point = p->points->len / 2;
  node->n_points = 0;

  if (!expect_punct (p, '['))
    return FALSE;
  if (at_punct (p, ']'))
    return parser_fail (p, p->start, "a table needs at least one point");

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
            return parser_fail (p, x_offset, "table abscissae must increase (%g after %g)", x,
                                previous);
        }
      if (!isfinite (x) || !isfinite (y))
        return parser_fail (p, isfinite (x) ? y_offset : x_offset,
                            "table entries must be finite");
      if (!dimension->any && !y_dimension.any && !mf_dimension_equal (*dimension, y_dimension))
        return parser_fail (p, y_offset, "table values must all have the same units");
      if (!y_dimension.any)
        *dimension = y_dimension;

      g_array_append_val (p->points, x);
      g_array_append_val (p->points, y);
      node->n_points++;

      if (!at_punct (p, ','))
        break;
      next_token (p);
    }
  return expect_punct (p, ']');
}

/* The dimension of a function's result (see the top of the file). */
static MfDimension
function_dimension (MfOp op, const MfOperand *args)
{
  MfDimension a = args[0].dimension;
  MfDimension b = args[1].dimension;

  switch (op)
    {
    case MF_OP_SQRT:
      if (a.any || a.mass % 2 != 0 || a.length % 2 != 0 || a.time % 2 != 0)
        return unitless;
      return dimension_make (a.mass / 2, a.length / 2, a.time / 2);
    case MF_OP_ABS:
      return a;
    case MF_OP_MIN:
    case MF_OP_MAX:
      if (a.any)
        return b;
      if (b.any || mf_dimension_equal (a, b))
        return a;
      return unitless;
    default:
      return unitless;
    }
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
    return parser_fail (p, args[2].offset, "'ramp' needs t1 > t0, not t0 = %g, t1 = %g",
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
  if (at_punct (p, ')'))
    {
      next_token (p);
      return TRUE;
    }

  for (;;)
    {
      MfOperand arg = { .offset = p->start, .dimension = unitless, .height = 1 };

      if (fn->op == MF_OP_TABLE && *n_args == 1)
        {
          if (!at_punct (p, '['))
            return parser_fail (p, p->start, "'[' expected: table (t, [[t0, y0], [t1, y1], ...])");
          if (!parse_table_points (p, node, table_dimension))
            return FALSE;
        }
      else if (!parse_expr (p, &arg))
        return FALSE;

      if (*n_args < 3)
        args[*n_args] = arg;
      (*n_args)++;
      if (!at_punct (p, ','))
        break;
      next_token (p);
    }
  return expect_punct (p, ')');
}

static gboolean
parse_call (MfParser *p, const MfFunction *fn, gsize name_offset, MfOperand *out)
{
  MfNode node = { .op = fn->op };
  MfOperand args[3] = { { 0 } };
  MfDimension table_dimension = unitless;
  guint n_args, n_children, height = 0;

  next_token (p); /* the name */
  if (!at_punct (p, '('))
    return parser_fail (p, p->start, "'(' expected after '%s'", fn->name);
  next_token (p);

  if (!parse_arguments (p, fn, &node, args, &n_args, &table_dimension))
    return FALSE;
  if (n_args != fn->n_args)
    return parser_fail (p, name_offset, "'%s' takes %u argument%s (%s), not %u", fn->name,
                        fn->n_args, fn->n_args == 1 ? "" : "s", fn->signature, n_args);
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
  out->dimension = fn->op == MF_OP_TABLE ? table_dimension : function_dimension (fn->op, args);
  return check_height (p, out, height);
}

static gboolean
parse_name (MfParser *p, MfOperand *out)
{
  const char *name = p->text + p->start;
  gsize len = p->end - p->start;
  const MfFunction *fn = find_function (name, len);
  MfNode node = { .op = MF_OP_T };

  out->dimension = unitless;
  out->height = 1;
  if (fn != NULL)
    return parse_call (p, fn, p->start, out);

  if (token_is (p, "t"))
    out->node = push_node (p, node, 0);
  else if (token_is (p, "pi"))
    out->node = push_constant (p, G_PI);
  else if (p->text[skip_space (p->text, p->end)] == '(')
    return parser_fail (p, p->start, "unknown function '%.*s'", (int) MIN (len, 40), name);
  else
    return parser_fail (p, p->start, "unknown name '%.*s' (only t and pi)", (int) MIN (len, 40),
                        name);
  next_token (p);
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
  if (at_punct (p, '('))
    {
      gsize offset = p->start;

      next_token (p);
      if (!parse_expr (p, out))
        return FALSE;
      out->offset = offset;
      return expect_punct (p, ')');
    }
  return fail_unexpected (p);
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
  if (!at_punct (p, '^'))
    {
      *out = base;
      return TRUE;
    }
  offset = p->start;
  next_token (p);
  if (!parse_unary (p, &exponent))
    return FALSE;

  if (!base.dimension.any && !dimension_is_dimensionless (base.dimension))
    {
      what = describe_with_article (base.dimension);
      return parser_fail (p, offset, "'^' needs a dimensionless base, not %s", what);
    }
  if (!exponent.dimension.any && !dimension_is_dimensionless (exponent.dimension))
    {
      what = describe_with_article (exponent.dimension);
      return parser_fail (p, exponent.offset, "an exponent must be dimensionless, not %s", what);
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
    return parser_fail (p, p->start, "expression too long or nested too deeply");

  if (at_punct (p, '-') || at_punct (p, '+'))
    {
      gboolean negate = at_punct (p, '-');
      gsize offset = p->start;
      MfNode node = { .op = MF_OP_NEG };

      next_token (p);
      ok = parse_unary (p, out);
      if (ok && negate)
        {
          node.arg[0] = out->node;
          out->node = push_node (p, node, 1);
          ok = check_height (p, out, out->height);
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

  while (at_punct (p, '*') || at_punct (p, '/'))
    {
      int sign = at_punct (p, '*') ? 1 : -1;
      gsize offset = p->start;
      MfOperand right;
      MfDimension dimension;

      next_token (p);
      if (!parse_unary (p, &right))
        return FALSE;
      if (!dimension_multiply (p, offset, out->dimension, right.dimension, sign, &dimension))
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

  while (at_punct (p, '+') || at_punct (p, '-'))
    {
      char op = p->text[p->start];
      gsize offset = p->start;
      MfOperand right;
      MfDimension dimension;

      next_token (p);
      if (!parse_term (p, &right))
        return FALSE;
      if (!dimension_add (p, offset, op, out->dimension, right.dimension, &dimension))
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
  next_token (p);
  if (p->kind == MF_TOKEN_END)
    return parser_fail (p, 0, "empty expression");
  if (!parse_expr (p, root))
    return FALSE;
  if (p->kind != MF_TOKEN_END)
    return fail_unexpected (p);
  return TRUE;
}

MfExpr *
mf_expr_parse (const char *text, MfDimension *dimension, gsize *error_offset, GError **error)
{
  MfParser p = { 0 };
  MfOperand root = { 0 };
  MfExpr *expr;

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  p.text = text;
  p.length = strlen (text);
  p.nodes = g_array_new (FALSE, TRUE, sizeof (MfNode));
  p.points = g_array_new (FALSE, FALSE, sizeof (double));

  if (!parse_text (&p, &root))
    {
      g_array_unref (p.nodes);
      g_array_unref (p.points);
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
  if (dimension != NULL)
    *dimension = root.dimension.any ? unitless : root.dimension;
  return expr;
}
