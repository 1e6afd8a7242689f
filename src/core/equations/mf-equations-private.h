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
  GHashTable    *seen;      /* the plain text of every symbol listed, or
                             * given a law of its own */
};

/* ---- building blocks (mf-equations.c) ---- */

const MfComponent *mf_equations_component (const MfEquations *equations,
                                           guint              index);
const char        *mf_equations_id_of (const MfEquations *equations,
                                       guint              index);
/* The name of velocity state k ("P1.v"), of node `node`'s pressure
 * ("J1.p"). */
MfMath            *mf_equations_velocity (const MfEquations *equations,
                                          guint              k);
MfMath            *mf_equations_pressure (const MfEquations *equations,
                                          guint              node);
/* The symbol of parameter `param` of component `c` ("L_P1", "a_O1(t)"
 * when it varies in time), listed with its value; one that follows the
 * state ("F_F1" of −k·M1.x) is given a law of its own instead, once. */
MfMath            *mf_equations_parameter (MfEquations *equations,
                                           guint        c,
                                           guint        param,
                                           const char  *base,
                                           const char  *qualifier);
/* A derived symbol of component `c` ("A_P1"), listed with its
 * definition (taken) and value. */
MfMath            *mf_equations_derived (MfEquations *equations,
                                         guint        c,
                                         const char  *base,
                                         const char  *qualifier,
                                         MfMath      *definition,
                                         double       value,
                                         MfQuantity   quantity);
/* A symbol of the fluid ("ρ"), listed with its value. */
MfMath            *mf_equations_fluid (MfEquations *equations,
                                       const char  *name,
                                       double       value,
                                       MfQuantity   quantity);

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

/* ---- hydraulic branches (mf-equations-branches.c) ---- */

/* The symbol of branch k's coefficient in W at end e, without its sign
 * ("A_P1", "A_cap,C1"). */
MfMath            *mf_equations_end_area (MfEquations *equations,
                                          guint        k,
                                          guint        e);
/* Appends branch k's law when it is a hydraulic branch; FALSE for a mass
 * or a piston, whose node has one equation for all of them. */
gboolean           mf_equations_add_branch (MfEquations *equations,
                                            guint        k);

G_END_DECLS
