/* mf-expr-private.h: the tree of an MfExpr, shared by mf-expr.c (the tree
 * itself), mf-expr-eval.c (evaluating it) and the parser (mf-expr-parse.c
 * with mf-expr-lex.c and mf-expr-dimension.c, see mf-expr-parse-private.h).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "mf-expr.h"

G_BEGIN_DECLS

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
  MF_OP_CLAMP, /* clamp(x, lo, hi) */
  MF_OP_NAME,  /* a quantity of the run (C1.x): arg[0] is its index in MfExpr.names */
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
  /* the names the text uses, each once, and what each is bound to
   * (mf_expr_bind()): an index into the state u, or MF_EXPR_UNBOUND, or
   * MF_EXPR_FIXED with its value in bound_value */
  char  **names;
  guint   n_names;
  guint  *binding;
  double *bound_value;
};


/* The value at t of node i, the root of a subtree (the parser folds
 * constant subtrees with it). */
double mf_expr_eval_node (const MfExpr *expr,
                          guint         i,
                          double        t);

/* The value of node i at (t, u), u the state the names are bound into (or
 * NULL: every name is then NaN but those bound to fixed values). */
double mf_expr_eval_node_at (const MfExpr *expr,
                             guint         i,
                             double        t,
                             const double *u);

/* The name table of `expr` taken over from a parser (mf-expr-parse.c) or
 * copied (mf-expr.c), every name unbound. */
void   mf_expr_set_names (MfExpr       *expr,
                          char        **names,
                          guint         n_names);

G_END_DECLS
