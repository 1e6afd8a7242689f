/* mf-index.h: the differentiation index of a mode's reduced equations by
 * repeated projection onto the null space of the mass matrix (docs/model.md,
 * "The index"), with every step kept for people to read.
 *
 * The reduced equations E y' = f(y, t), y = [v̄; x; p_c], E = diag(M̄, I, I),
 * are linearised at a generic state (flows away from zero) to E y' = A y + b.
 * While E is singular, a row transformation P brings it to [E1; 0]: the
 * rows P A give hidden algebraic constraints 0 = A2 y + b2 (those that
 * projecting onto the null space of the mass matrix finds, βᵀ F̄ = 0), and
 * their derivatives replace the zero rows: E ← [E1; A2],
 * A ← [A1; 0] — the shuffle algorithm.  The number of rounds until E is
 * regular is the index; a round whose hidden constraints involve no state
 * at all means the equations do not determine y.
 *
 * The same rounds give the index of the Lagrange-multiplier form, whose
 * unknowns keep every velocity and add the multipliers (mf_index_lagrange_new).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "mf-alpha.h"
#include "mf-model.h"
#include "mf-sparse.h"

G_BEGIN_DECLS

typedef struct
{
  guint       rows;     /* n_y: E stays square */
  guint       cols;     /* n_y */
  double     *matrix;   /* E, rows × cols, column-major */
  guint       rank;
  /* Hidden constraints this step finds: rows − rank of them; for each, the
   * names of the states its derivative involves ("O1.v, P1.v"). */
  GPtrArray  *hidden;   /* char* */
} MfIndexStep;

typedef struct
{
  /* The index of the reduced equations (0: an ODE), or -1 when the
   * procedure stalls: the equations do not determine every state. */
  int        index;
  GPtrArray *steps;      /* MfIndexStep*; the last has full rank unless stalled */
  /* The rest is filled for the reduced equations only (empty for the
   * multiplier form).
   *
   * The split of the independent velocities (indices into the reduction's
   * nullspace->independent) into integrated and algebraic ones, chosen so
   * that the hidden constraints can be solved for the algebraic ones. */
  GArray    *integrated; /* guint */
  GArray    *algebraic;  /* guint */
  /* Index 2: the positions and pressures that hidden constraints free of
   * velocities fix (indices into [x; p_c]); empty at index 1. */
  GArray    *constrained; /* guint */
  /* The split exists: the hidden constraints can be solved for the
   * algebraic states (FALSE at index 3 and up, or when undetermined). */
  gboolean   solvable;
} MfIndex;

/* `alpha` and `mass_reduced` (n_bar × n_bar) are those of `mode`
 * (mf-reduction.h); `independent` names the columns of α as model state
 * indices, most preferred first.  The rounds are dense: for a singular M̄. */
MfIndex *mf_index_new (const MfModel  *model,
                       const MfAlpha  *alpha,
                       const guint    *independent,
                       guint           n_bar,
                       const MfSparse *mass_reduced);

/* The index of the Lagrange-multiplier form of the same mode,
 *
 *   M v' = F(v, x, p_c, t) + Wᵀλ,  0 = W v − q(t),  x' = S v,  C p_c' = inflow(v),
 *
 * unknowns y = [v; λ; x; p_c] and E = diag(M, 0, I, I), by the same rounds
 * on its linearisation at a state where every velocity is nonzero.  Only
 * the `m` independent rows `rows` of W are kept (redundant rows'
 * multipliers are undetermined whatever the index), named by `row_names`
 * in the steps ("λ(J1)").  Only `index` and `steps` are filled.  Dense:
 * O((n_v + m)³). */
MfIndex *mf_index_lagrange_new (const MfModel     *model,
                                const MfSparse    *w,
                                const guint       *rows,
                                guint              m,
                                const char *const *row_names);

/* The same index without the rounds, when the rule below applies (TRUE,
 * *index set).  At the generic state of the rounds, let D be ∂F/∂v over
 * the massless velocities.  When D is diagonal and negative (every massless
 * branch's force falls with its own flow, as an orifice's, a valve's or a
 * damped massless piston's does), the algebraic unknowns (massless
 * velocities, λ) have the Jacobian [D W0ᵀ; W0 0], W0 the kept rows on the
 * massless columns: regular — index 1 — exactly when W0 has full row rank.
 * Otherwise the combinations c of rows with cᵀW0 = 0 are constraints on the
 * massive velocities alone; differentiated once they bring cᵀW M⁻¹Wᵀc in λ,
 * regular for independent rows, so the index is 2 (with every velocity
 * massive: Hessenberg index 2).  FALSE when D is not diagonal and negative.
 * O(nonzeros) but for the rank of W0, found by the sparse elimination. */
gboolean mf_index_lagrange_by_rule (const MfModel  *model,
                                    const MfSparse *w,
                                    const guint    *rows,
                                    guint           m,
                                    int            *index);

void     mf_index_free (MfIndex *index);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfIndex, mf_index_free)

G_END_DECLS
