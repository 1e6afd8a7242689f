/* mf-expr-eval.c: evaluating an expression tree at t and the state u its
 * names are bound into, for its value alone or, in forward mode, with its
 * exact derivative along a direction: a seed for t and one for the state
 * (or for a single name), so that one walk gives d/dt, a partial derivative
 * ∂/∂u_j or the total derivative along a trajectory.  The tree is one array
 * in post order (see mf-expr.c), so every walk reads one block of memory
 * and allocates nothing.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-expr-private.h"

#include <math.h>

typedef struct
{
  double v; /* value */
  double d; /* derivative in t */
} MfDual;

/* Where and along what a derivative is taken: at (t, u), seeding t with dt
 * and each bound name with du[its index in u], or, with du NULL, the name
 * `seeded` alone with 1; `released`: every clamp passes its argument's
 * slope on, held at a bound or not. */
typedef struct
{
  double        t;
  const double *u;
  double        dt;
  const double *du;
  guint         seeded;
  gboolean      released;
} MfSeed;

static MfDual eval_dual (const MfExpr *expr, guint i, const MfSeed *at);

static double
name_value (const MfExpr *expr, guint name, const double *u)
{
  guint index = expr->binding[name];

  if (index == MF_EXPR_FIXED)
    return expr->bound_value[name];
  return index == MF_EXPR_UNBOUND || u == NULL ? NAN : u[index];
}

static double
name_seed (const MfExpr *expr, guint name, const MfSeed *at)
{
  guint index = expr->binding[name];

  if (at->du == NULL)
    return name == at->seeded ? 1.0 : 0.0;
  return index == MF_EXPR_FIXED || index == MF_EXPR_UNBOUND ? 0.0 : at->du[index];
}

/* x held in [lo, hi]; NaN stays NaN so a bad value shows */
static double
clamp_value (double x, double lo, double hi)
{
  if (isnan (x))
    return x;
  return x < lo ? lo : x > hi ? hi : x;
}

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

double
mf_expr_eval_node_at (const MfExpr *expr, guint i, double t, const double *u)
{
  const MfNode *n = &expr->nodes[i];
  double a, b, slope;

#define E(k) mf_expr_eval_node_at (expr, n->arg[k], t, u)

  switch (n->op)
    {
    case MF_OP_CONST:
      return n->value;
    case MF_OP_T:
      return t;
    case MF_OP_NEG:
      return -E (0);
    case MF_OP_ADD:
      return E (0) + E (1);
    case MF_OP_SUB:
      return E (0) - E (1);
    case MF_OP_MUL:
      return E (0) * E (1);
    case MF_OP_DIV:
      return E (0) / E (1);
    case MF_OP_POW:
      return pow (E (0), E (1));
    case MF_OP_SIN:
      return sin (E (0));
    case MF_OP_COS:
      return cos (E (0));
    case MF_OP_TAN:
      return tan (E (0));
    case MF_OP_EXP:
      return exp (E (0));
    case MF_OP_LOG:
      return log (E (0));
    case MF_OP_SQRT:
      return sqrt (E (0));
    case MF_OP_ABS:
      return fabs (E (0));
    case MF_OP_MIN:
      a = E (0);
      b = E (1);
      return a <= b ? a : b;
    case MF_OP_MAX:
      a = E (0);
      b = E (1);
      return a >= b ? a : b;
    case MF_OP_CLAMP:
      return clamp_value (E (0), E (1), E (2));
    case MF_OP_NAME:
      return name_value (expr, n->arg[0], u);
    case MF_OP_STEP:
      return E (0) >= E (1)
             ? 1.0 : 0.0;
    case MF_OP_RAMP:
      return ramp_value (E (0),
                         E (1),
                         E (2));
    case MF_OP_PULSE:
      return pulse_value (E (0),
                          E (1),
                          E (2));
    case MF_OP_TABLE:
      return table_value (expr, n, E (0), &slope);
    default:
      break;
    }
#undef E
  g_return_val_if_reached (NAN);
}

double
mf_expr_eval_node (const MfExpr *expr, guint i, double t)
{
  return mf_expr_eval_node_at (expr, i, t, NULL);
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
dual_pow (const MfExpr *expr, const MfNode *n, const MfSeed *at)
{
  MfDual x = eval_dual (expr, n->arg[0], at);
  const MfNode *exponent = &expr->nodes[n->arg[1]];
  MfDual y;
  double v, d = 0.0;

  if (exponent->op == MF_OP_CONST)
    y = dual (exponent->value, 0.0);
  else
    y = eval_dual (expr, n->arg[1], at);

  v = pow (x.v, y.v);
  if (x.d != 0.0 && y.v != 0.0)
    d += y.v * pow (x.v, y.v - 1.0) * x.d;
  if (y.d != 0.0)
    d += v * log (x.v) * y.d;
  return dual (v, d);
}

static MfDual
dual_ramp (const MfExpr *expr, const MfNode *n, const MfSeed *at)
{
  MfDual x = eval_dual (expr, n->arg[0], at);
  MfDual t0 = eval_dual (expr, n->arg[1], at);
  MfDual t1 = eval_dual (expr, n->arg[2], at);
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
 * chosen just after (the right-hand derivative).  The value is the one
 * mf_expr_eval_node() gives, which at a tie of 0 and -0 may be the other
 * argument's: 1/max(-t, t) at t = 0 is -inf both ways. */
static MfDual
dual_min_max (const MfExpr *expr, const MfNode *n, const MfSeed *at)
{
  MfDual a = eval_dual (expr, n->arg[0], at);
  MfDual b = eval_dual (expr, n->arg[1], at);
  double sign = n->op == MF_OP_MIN ? 1.0 : -1.0;
  double v = n->op == MF_OP_MIN ? (a.v <= b.v ? a.v : b.v) : (a.v >= b.v ? a.v : b.v);

  if (sign * a.v < sign * b.v || (a.v == b.v && sign * a.d <= sign * b.d))
    return dual (v, a.d);
  return dual (v, b.d);
}

static MfDual
dual_function (const MfExpr *expr, const MfNode *n, const MfSeed *at)
{
  MfDual x = eval_dual (expr, n->arg[0], at);
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

/* clamp follows x inside [lo, hi] and the bound it is held at outside;
 * at a bound, the side x moves to (the right-hand derivative). */
static MfDual
dual_clamp (const MfExpr *expr, const MfNode *n, const MfSeed *at)
{
  MfDual x = eval_dual (expr, n->arg[0], at);
  MfDual lo = eval_dual (expr, n->arg[1], at);
  MfDual hi = eval_dual (expr, n->arg[2], at);
  double v = clamp_value (x.v, lo.v, hi.v);

  if (at->released)
    return dual (v, x.d);
  if (x.v < lo.v || (x.v == lo.v && x.d < lo.d))
    return dual (v, lo.d);
  if (x.v > hi.v || (x.v == hi.v && x.d > hi.d))
    return dual (v, hi.d);
  return dual (v, x.d);
}

static MfDual
eval_dual (const MfExpr *expr, guint i, const MfSeed *at)
{
  const MfNode *n = &expr->nodes[i];
  MfDual a, b;
  double v, slope;

  switch (n->op)
    {
    case MF_OP_CONST:
      return dual (n->value, 0.0);
    case MF_OP_T:
      return dual (at->t, at->dt);
    case MF_OP_NAME:
      return dual (name_value (expr, n->arg[0], at->u), name_seed (expr, n->arg[0], at));
    case MF_OP_CLAMP:
      return dual_clamp (expr, n, at);
    case MF_OP_NEG:
      a = eval_dual (expr, n->arg[0], at);
      return dual (-a.v, -a.d);
    case MF_OP_ADD:
      a = eval_dual (expr, n->arg[0], at);
      b = eval_dual (expr, n->arg[1], at);
      return dual (a.v + b.v, a.d + b.d);
    case MF_OP_SUB:
      a = eval_dual (expr, n->arg[0], at);
      b = eval_dual (expr, n->arg[1], at);
      return dual (a.v - b.v, a.d - b.d);
    case MF_OP_MUL:
      a = eval_dual (expr, n->arg[0], at);
      b = eval_dual (expr, n->arg[1], at);
      return dual (a.v * b.v, a.d * b.v + a.v * b.d);
    case MF_OP_DIV:
      a = eval_dual (expr, n->arg[0], at);
      b = eval_dual (expr, n->arg[1], at);
      v = a.v / b.v;
      return dual (v, (a.d - v * b.d) / b.v);
    case MF_OP_POW:
      return dual_pow (expr, n, at);
    case MF_OP_SIN:
    case MF_OP_COS:
    case MF_OP_TAN:
    case MF_OP_EXP:
    case MF_OP_LOG:
    case MF_OP_SQRT:
    case MF_OP_ABS:
      return dual_function (expr, n, at);
    case MF_OP_MIN:
    case MF_OP_MAX:
      return dual_min_max (expr, n, at);
    case MF_OP_STEP:
    case MF_OP_PULSE:
      /* Jumps have no derivative an integrator could use; it stops there. */
      return dual (mf_expr_eval_node_at (expr, i, at->t, at->u), 0.0);
    case MF_OP_RAMP:
      return dual_ramp (expr, n, at);
    case MF_OP_TABLE:
      a = eval_dual (expr, n->arg[0], at);
      v = table_value (expr, n, a.v, &slope);
      return dual (v, slope * a.d);
    default:
      break;
    }
  g_return_val_if_reached (dual (NAN, NAN));
}

double
mf_expr_eval (const MfExpr *expr, double t)
{
  return mf_expr_eval_node_at (expr, expr->n_nodes - 1, t, NULL);
}

double
mf_expr_eval_at (const MfExpr *expr, double t, const double *u)
{
  return mf_expr_eval_node_at (expr, expr->n_nodes - 1, t, u);
}

void
mf_expr_eval_with_derivative (const MfExpr *expr, double t, double *value, double *derivative)
{
  mf_expr_eval_along (expr, t, NULL, 1.0, NULL, value, derivative);
}

void
mf_expr_eval_along (const MfExpr *expr, double t, const double *u, double dt, const double *du,
                    double *value, double *derivative)
{
  MfSeed at = { t, u, dt, du, G_MAXUINT, FALSE };
  MfDual r = eval_dual (expr, expr->n_nodes - 1, &at);

  if (value != NULL)
    *value = r.v;
  if (derivative != NULL)
    *derivative = r.d;
}

double
mf_expr_partial (const MfExpr *expr, double t, const double *u, guint name)
{
  MfSeed at = { t, u, 0.0, NULL, name, FALSE };

  g_return_val_if_fail (name < expr->n_names, 0.0);
  return eval_dual (expr, expr->n_nodes - 1, &at).d;
}

double
mf_expr_partial_released (const MfExpr *expr, double t, const double *u, guint name)
{
  MfSeed at = { t, u, 0.0, NULL, name, TRUE };

  g_return_val_if_fail (name < expr->n_names, 0.0);
  return eval_dual (expr, expr->n_nodes - 1, &at).d;
}
