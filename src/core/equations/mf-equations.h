/* mf-equations.h: a circuit's equations written out for people, with the
 * components' ids and symbols for their parameters (docs/model.md,
 * "The equations written out"): each branch's law, what each spring,
 * damper, force, tank and flow source contributes, continuity at every
 * node, the mechanical links and the rows a mode's closed valves add — the
 * rows of M v' = F + Wᵀλ and W v = q one by one — and the symbols with
 * their values.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "mf-math.h"
#include "mf-model.h"
#include "mf-reduction.h"

G_BEGIN_DECLS

typedef enum
{
  MF_EQUATION_MOTION,     /* a velocity's equation of motion (hydraulic: per unit of its area) */
  MF_EQUATION_KINEMATIC,  /* x' = v */
  MF_EQUATION_LAW,        /* what an element adds: a spring's tension, a tank's pressure, ... */
  MF_EQUATION_CONTINUITY, /* an incompressible node: a row of W v = q */
  MF_EQUATION_COMPLIANT,  /* a node with volume: C p' = inflow */
  MF_EQUATION_LINK,       /* masses moving together, or held by a fixed support: a row of W */
  MF_EQUATION_CLOSED,     /* a valve the mode closes: v = 0, a row of W */
  MF_EQUATION_DEPENDENT,  /* a dependent velocity from the independent ones: a row of v = α v̄ */
  MF_EQUATION_REDUCED,    /* a row of M̄ v̄' = αᵀ F: the equation of an independent state */
} MfEquationKind;

typedef struct
{
  MfEquationKind kind;
  int            component; /* index into the circuit's components it belongs to, or -1 */
  char          *node;      /* CONTINUITY, COMPLIANT: the node's name; else NULL */
  MfMath        *math;
} MfEquation;

typedef struct
{
  MfMath *symbol;    /* "L_P1", "ρ", "a_O1(t)" */
  int     component; /* whose parameter it is, or -1 for the fluid's */
  MfMath *value;     /* the value with its SI unit, or the expression of t */
} MfEquationSymbol;

typedef struct _MfEquations MfEquations;

/* The equations of `model` in mode `mode` (an index into the circuit's
 * modes): the mode decides which valves are closed. */
MfEquations            *mf_equations_new (const MfModel *model,
                                          guint          mode);
void                    mf_equations_free (MfEquations *equations);
/* Appends the mode reduced to its independent states ([model.md],
 * "The equations written out"): each dependent velocity as α's
 * combination of the independent ones (plus its part v_p(t) that flow
 * sources impose), then a row of M̄ v̄' = αᵀ (F − M v_p') per independent
 * state, F_k standing for the right side of velocity k's equation of
 * motion without the multipliers, which αᵀ cancels.  A row whose M̄ is
 * zero is a constraint: 0 on the left. */
void                    mf_equations_add_reduced (MfEquations       *equations,
                                                  const MfReduction *reduction);

guint                   mf_equations_n (const MfEquations *equations);
const MfEquation       *mf_equations_get (const MfEquations *equations,
                                          guint              i);
/* What equation i is listed under: its component's id, else its node's
 * name. */
const char             *mf_equations_get_owner (const MfEquations *equations,
                                                guint              i);
guint                   mf_equations_n_symbols (const MfEquations *equations);
const MfEquationSymbol *mf_equations_get_symbol (const MfEquations *equations,
                                                 guint              i);

/* Every equation on a line of its own, each after the id it belongs to
 * ("P1:  ρ·L_P1·P1.v' = …"; the reduced ones after a line that says so),
 * then "where" and a line per symbol. */
char                   *mf_equations_to_plain (const MfEquations *equations);
/* The same as a LaTeX align* environment, symbols in a second one. */
char                   *mf_equations_to_latex (const MfEquations *equations);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfEquations, mf_equations_free)

G_END_DECLS
