/* mf-equations-private.h: what the files of src/core/equations/ share to
 * fill one MfEquations — the component equations (mf-equations.c) and the
 * reduced ones (mf-reduced-equations.c).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "mf-equations.h"

G_BEGIN_DECLS

struct _MfEquations
{
  const MfModel *model;
  GArray        *equations; /* MfEquation */
  GArray        *symbols;   /* MfEquationSymbol */
  GHashTable    *seen;      /* the plain text of every symbol listed */
};

/* Appends `lhs = rhs` (both taken). */
void mf_equations_append (MfEquations    *equations,
                          MfEquationKind  kind,
                          int             component,
                          const char     *node,
                          MfMath         *lhs,
                          MfMath         *rhs);

/* Lists `symbol` once, with its value (both taken; dropped when listed
 * already); `component` owns it, -1 for the fluid. */
void mf_equations_add_symbol (MfEquations *equations,
                              MfMath      *symbol,
                              int          component,
                              MfMath      *value);

G_END_DECLS
