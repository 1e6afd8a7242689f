/* mf-pantelides.h: Pantelides' algorithm (1988) on an incidence
 * (mf-incidence.h) — which equations must be differentiated, and how often,
 * before the system can be solved for its highest derivatives and its
 * algebraic unknowns given its states (docs/model.md, "Structural
 * analysis").
 *
 * The unknowns whose derivative appears are states, known while the
 * others are solved for.  Each equation in turn is matched to an unknown
 * by an augmenting path; when none exists, the equations the search went
 * through form a structurally singular set (more equations than unknowns
 * among them): each is differentiated, each unknown they involve gets its
 * derivative, and the search starts again from the derivative of the
 * equation — the step is recorded.  The result is the extended system: the
 * original equations and unknowns, then every derivative made, each
 * equation's highest derivative matched to an unknown that is a highest
 * derivative.
 *
 * The structural index is the largest number of differentiations of an
 * equation, plus 1 when some unknown the equations determine is still
 * undifferentiated (algebraic): Pryce's ν = max c_i + (1 if some d_j = 0).
 * The pendulum in Cartesian coordinates has its length constraint
 * differentiated twice and λ algebraic: index 3.
 *
 * The algorithm ends exactly when the equations can be matched to the
 * unknowns with a variable and its derivatives taken as one (Pantelides'
 * condition).  Where they cannot, the equations a maximum matching leaves
 * over are left out (`left_out`) — the over-determined part, as a
 * redundant row of W is — and the rest is analysed.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "mf-incidence.h"
#include "mf-matching.h"

G_BEGIN_DECLS

typedef struct
{
  guint   equation;       /* the equation (of the extended system) no path matched */
  GArray *differentiated; /* guint: the structurally singular equations, each differentiated */
  GArray *new_unknowns;   /* guint: the derivatives of the unknowns they involve */
} MfPantelidesStep;

typedef struct
{
  const MfIncidence *incidence; /* borrowed: must outlive this */
  /* The extended system: the incidence's equations and unknowns first,
   * then the derivatives in the order made. */
  guint       n_equations;
  guint       n_unknowns;
  GArray     *equation_origin;     /* guint: the incidence's equation */
  GArray     *equation_order;      /* guint: how often that one is differentiated here */
  GArray     *equation_derivative; /* guint: its derivative, or MF_INCIDENCE_NONE */
  GArray     *unknown_family;      /* guint: the incidence's root unknown */
  GArray     *unknown_order;       /* guint */
  GArray     *unknown_derivative;  /* guint: or MF_INCIDENCE_NONE (a highest derivative) */
  GArray     *assign;              /* guint per unknown: its equation, or MF_INCIDENCE_NONE */
  /* equations × unknowns of the extended system as compressed rows; the
   * value of an entry where an unknown is a highest derivative is the
   * original equation's Jacobian entry in the matching lower derivative
   * (∂f'/∂x' = ∂f/∂x), NAN elsewhere */
  GArray     *start;  /* guint, n_equations + 1 */
  GArray     *col;    /* guint */
  GArray     *val;    /* double */
  /* The maximum matching of the incidence's equations (those kept) with its
   * unknowns that are not states, before any differentiation. */
  MfMatching *initial;
  GPtrArray  *steps;           /* MfPantelidesStep* */
  guint      *differentiations; /* per incidence equation */
  /* The Dulmage–Mendelsohn parts of the equations against the families:
   * per incidence equation, whether it is in the over-determined part
   * (more equations than the families they involve), and whether a
   * maximum matching left it over — left out, not analysed; per incidence
   * unknown that is a family's root, whether the family is in the
   * under-determined part (more families than the equations involving
   * them can fix). */
  gboolean   *overdetermined;
  gboolean   *left_out;
  guint       n_left_out;
  gboolean   *underdetermined;
  /* the algorithm stopped without matching every equation (a safeguard:
   * Pantelides' condition holds for the equations kept, so it ends) */
  gboolean    failed;
  int         structural_index; /* -1 when failed */
} MfPantelides;

MfPantelides *mf_pantelides_new (const MfIncidence *incidence);
void          mf_pantelides_free (MfPantelides *pantelides);

/* Whether equation e of the extended system is in the final system: the
 * highest derivative of an equation kept. */
gboolean      mf_pantelides_equation_is_final (const MfPantelides *pantelides,
                                               guint               equation);
/* The unknown equation e (final) is matched to; MF_INCIDENCE_NONE for the
 * others. A new array of n_equations. */
guint        *mf_pantelides_equation_match (const MfPantelides *pantelides);
/* Names: "J1 continuity'", "P1.v''". */
char         *mf_pantelides_equation_name (const MfPantelides *pantelides,
                                           guint               equation);
char         *mf_pantelides_unknown_name (const MfPantelides *pantelides,
                                          guint               unknown);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfPantelides, mf_pantelides_free)

G_END_DECLS
