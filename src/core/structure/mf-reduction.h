/* mf-reduction.h: the structure of one mode (docs/model.md, "Each mode") — W
 * with named rows and columns, its rank and singular values, redundant
 * constraints, the independent and dependent states, α, M̄ = αᵀMα and whether
 * it is singular, with the problems found said in words.  This is what
 * `manifold-cli analyze` prints and what the app's structure panel shows.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "mf-index.h"
#include "mf-mass-factor.h"
#include "mf-model.h"
#include "mf-nullspace.h"
#include "mf-sparse.h"

G_BEGIN_DECLS

/* A W of at most this many entries (rows × columns) gets the analyses a
 * person reads in full, by dense SVD: every singular value, and which
 * multipliers the constraints leave free from W's left singular vectors.
 * A larger one gets σ_max and σ_min by Lanczos (mf-sigma.h) and the free
 * multipliers from the left null space that the elimination's pivot block
 * gives (docs/model.md, "Each mode"). */
#define MF_REDUCTION_DENSE_MAX 40000

typedef struct
{
  guint        mode;
  gboolean    *closed;        /* per component: the valves closed here */
  char        *label;         /* "mode 'run'", "mode 'run' with CV1 closed" */
  /* Rows: junction nodes ("J1"), then mechanical links ("C1.m = M1.m",
   * "M1.m fixed"), then closed valves ("V1 closed").  Columns: the velocity
   * states of the model (mf_model_state_name 0 .. n_cols-1). */
  guint        n_rows;
  guint        n_cols;
  char       **row_names;     /* n_rows */
  MfSparse    *w;             /* n_rows × n_cols, its nonzeros by rows */
  double      *mass;          /* n_cols: the diagonal of M */
  /* Found by mf_reduction_new() only (NULL otherwise): the min(n_rows,
   * n_cols) singular values of W, descending, when W has at most
   * MF_REDUCTION_DENSE_MAX entries; else two, σ_max and σ_min (0 when the
   * rank is below min(n_rows, n_cols)).  n_sigma_w says how many. */
  double      *sigma_w;
  guint        n_sigma_w;
  /* n_rows: whether the constraints fix that row's multiplier (a junction's
   * pressure, a closed valve's force) uniquely; FALSE where the row has a
   * part in the left null space of W (redundant constraints). */
  gboolean    *row_determined;
  MfNullspace *nullspace;     /* rank, independent, dependent, redundant, alpha */
  MfSparse    *mass_reduced;  /* M̄, n_independent × n_independent, its nonzeros */
  MfMassFactor *mass_factor;  /* M̄'s Cholesky factor when it is regular, else NULL */
  gboolean     mass_singular;
  guint        mass_nullity;
  /* n_independent × mass_nullity, column-major: a basis of null(M̄) (NULL
   * when M̄ is regular) */
  double      *mass_null_basis;
  /* The DAE index of the reduced system (0: an ODE; -1: the equations do
   * not determine every state), and of the Lagrange-multiplier form
   * M v' = F + Wᵀλ, W v = q by the same procedure (mf_index_lagrange_new;
   * -1 with index, equal to it without constraints), found by
   * mf_reduction_new() only: MF_INDEX_NOT_FOUND from mf_reduction_new_for(),
   * which serves the configurations a run meets. */
  int          index;
  int          index_lagrange;
  /* When M̄ is singular: the steps of the index procedure and the split of
   * the independent states into integrated and algebraic ones (mf-index.h);
   * NULL when M̄ is regular (every independent state is integrated). */
  MfIndex     *index_analysis;
  GPtrArray   *problems;      /* char*: what is wrong or noteworthy, in words */
  const char  *mass_problem;  /* the one of `problems` about a singular M̄, or NULL */
} MfReduction;

/* index_lagrange of a reduction made by mf_reduction_new_for() */
#define MF_INDEX_NOT_FOUND (-2)

MfReduction *mf_reduction_new (const MfModel *model,
                               guint          mode);
/* The same for `mode` with the valves `closed` (per component) closed, as
 * when check valves have switched by themselves. */
MfReduction *mf_reduction_new_for (const MfModel  *model,
                                   guint           mode,
                                   const gboolean *closed);
void         mf_reduction_free (MfReduction *reduction);

guint        mf_reduction_n_independent (const MfReduction *reduction);

/* The states the minimal-order system integrates (`algebraic` FALSE) or
 * solves at every step (TRUE), as model state indices, in the order
 * y = [v̄; x; p_c] of the reduced equations (docs/model.md, "The index"):
 * integrated are the independent velocities the index procedure keeps
 * (all of them when M̄ is regular), then every position and compliant
 * pressure that no hidden constraint fixes; algebraic are the other
 * independent velocities, then the positions and pressures hidden
 * constraints fix (index 2).  `*n` gets the count; a new array. */
guint       *mf_reduction_split_states (const MfReduction *reduction,
                                        const MfModel     *model,
                                        gboolean           algebraic,
                                        guint             *n);

/* Who should be integrated: every velocity state, pinned ones
 * (`prefer_states`) first, then the heaviest; zero-mass branches last
 * (docs/model.md, "Each mode").  Ties keep document order.  A new array of
 * n_cols. */
guint       *mf_reduction_preference (const MfReduction *reduction,
                                      const MfModel     *model);

/* Which multipliers the constraints W fix, from the left null space that
 * the elimination `nullspace` of W gives: for each redundant row ρ, the
 * combination y of the pivot rows that cancels it (W2ᵀ y = −W[ρ, dependent]ᵀ,
 * mf-pivot-block.h), over rows scaled to a largest entry of 1 and
 * normalised; a row where some y has an entry of 1e-8 or more has a free
 * multiplier.  What a large W gets instead of the SVD; FALSE when W2
 * cannot be factored. */
gboolean     mf_reduction_rows_by_elimination (const MfSparse    *w,
                                               const MfNullspace *nullspace,
                                               gboolean          *row_determined);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfReduction, mf_reduction_free)

G_END_DECLS
