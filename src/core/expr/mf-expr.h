/* mf-expr.h: values written in a circuit document — a number, a number with
 * a unit, or an expression in t and the run's quantities — parsed once into
 * a tree that evaluates fast and gives its exact derivatives.
 *
 * Grammar (docs/format.md, "Values"): numbers (with an optional unit right
 * after them), the variable t, the constant pi, names of the run's
 * quantities (ID.x, ID.v, NODE.p: a dotted name ending in x, v or p, in SI
 * without units), + - * / ^ (right associative, binds tighter than unary
 * minus: -2^2 = -4), parentheses, the functions sin cos tan exp log sqrt
 * abs min max clamp(x, lo, hi), step(t, t0), ramp(t, t0, t1),
 * pulse(t, t0, width) and table(t, [[t0, y0], [t1, y1], ...]).
 *
 * Names (docs/model.md, "Feedback") are kept in a table, each once; a model
 * binds each to an index into its state u (mf_expr_bind()) or to a fixed
 * value, and then evaluates at (t, u).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "mf-units.h"

G_BEGIN_DECLS

typedef struct _MfExpr MfExpr;

/* Parses `text`.  On failure returns NULL with an MF_ERROR_SYNTAX error whose
 * message says what is wrong in words ("unknown function 'sinh'", "')'
 * expected", "'bar' is a pressure but ... ") and, when error_offset is not
 * NULL, sets it to the byte offset in `text` where the problem is.  On
 * success *dimension (if not NULL) is the dimension the units in the text give
 * the value, or one with .any = TRUE when it has no units. */
MfExpr   *mf_expr_parse (const char  *text,
                         MfDimension *dimension,
                         gsize       *error_offset,
                         GError     **error);

/* A tree holding just a constant. */
MfExpr   *mf_expr_new_constant (double value);

/* A tree of the one name `name` ("C1.x", "V1.p"), unbound; any text, so a
 * name no parser would read (a node named after an id with spaces) too. */
MfExpr   *mf_expr_new_name (const char *name);

MfExpr   *mf_expr_copy (const MfExpr *expr);
void      mf_expr_free (MfExpr *expr);

/* The value at time t.  Allocation-free.  A name not bound to a fixed
 * value is NaN here: use mf_expr_eval_at() for expressions with names. */
double    mf_expr_eval (const MfExpr *expr,
                        double        t);

/* The value at time t and state u (indexed as the names are bound; may be
 * NULL when there are none).  Allocation-free. */
double    mf_expr_eval_at (const MfExpr *expr,
                           double        t,
                           const double *u);

/* The value and the derivative along a direction: dt for t and du for the
 * state (du NULL: no name moves).  dt = 1 with du = u' gives the total
 * derivative along a trajectory.  Forward-mode, allocation-free. */
void      mf_expr_eval_along (const MfExpr *expr,
                              double        t,
                              const double *u,
                              double        dt,
                              const double *du,
                              double       *value,
                              double       *derivative);

/* ∂/∂(name `name`) at (t, u), exact (forward mode). */
double    mf_expr_partial (const MfExpr *expr,
                           double        t,
                           const double *u,
                           guint         name);
/* The same with every clamp passing its argument's slope on, held at a
 * bound or not: the coupling a saturated clamp keeps for the structure. */
double    mf_expr_partial_released (const MfExpr *expr,
                                    double        t,
                                    const double *u,
                                    guint         name);

#define MF_EXPR_UNBOUND G_MAXUINT
#define MF_EXPR_FIXED   (G_MAXUINT - 1)

/* The names the text uses, each once, in the order they first appear. */
guint       mf_expr_n_names (const MfExpr *expr);
const char *mf_expr_name (const MfExpr *expr,
                          guint         name);
/* Binds a name to u[index], or to a fixed value. */
void        mf_expr_bind (MfExpr *expr,
                          guint   name,
                          guint   index);
void        mf_expr_bind_value (MfExpr *expr,
                                guint   name,
                                double  value);
/* The index a name is bound to, MF_EXPR_UNBOUND, or MF_EXPR_FIXED. */
guint       mf_expr_binding (const MfExpr *expr,
                             guint         name);

/* The value and the exact derivative d/dt at time t (forward-mode, so step,
 * ramp, pulse and table give their piecewise derivatives; at a kink the
 * right-hand derivative).  Allocation-free. */
void      mf_expr_eval_with_derivative (const MfExpr *expr,
                                        double        t,
                                        double       *value,
                                        double       *derivative);

/* scale · clamp(gain · x + offset, 0, 1), with |x| for x when `absolute`
 * (mf-expr-clamp.c): a new tree, a constant one when x is constant. */
MfExpr   *mf_expr_new_clamped (const MfExpr *x,
                               gboolean      absolute,
                               double        gain,
                               double        offset,
                               double        scale);

/* TRUE when the value depends on neither t nor a name. */
gboolean  mf_expr_is_constant (const MfExpr *expr);

/* Times in [t0, t1) at which the expression has a kink or jump (the t0, t1
 * of step/ramp/pulse and table breakpoints), appended to `times` (doubles)
 * so an integrator can stop there.  Unsorted, may hold duplicates. */
void      mf_expr_collect_breakpoints (const MfExpr *expr,
                                       GArray       *times);

/* The length of the plain decimal number at the start of `s`, or 0 when
 * there is none: an optional sign, digits with an optional point (12, 1.5,
 * .5, 1.) and an optional exponent (2e-5, 1.5E+3; an 'e' not followed by
 * digits is not part of the number).  The numbers of expressions, which
 * read a sign as an operator, and of the editor's value fields; stricter
 * than strtod, which also takes "inf", "nan" and hexadecimal. */
gsize     mf_expr_number_length (const char *s);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfExpr, mf_expr_free)

G_END_DECLS
