/* mf-iteration-matrix.h: the sparse matrix IDA solves with, for a mode
 * whose M̄ is regular.  IDA integrates the reduced system in its linearly
 * implicit form (docs/model.md, "The default method")
 *
 *   G(t, y, y') = E y' − f(t, y) = 0,   E = [M̄ 0 0; 0 I 0; 0 0 I],
 *
 * with f as mf-linearization.h writes it, and its Newton iteration needs
 * ∂G/∂y + c ∂G/∂y' = c E − ∂f/∂y.  The pattern is found once, in compressed
 * columns; each evaluation then walks a list of terms — one per entry of
 * ∂F/∂u and pair of α entries it reaches — with no search and no
 * allocation, so the cost is linear in the circuit.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "mf-system.h"

G_BEGIN_DECLS

typedef struct
{
  guint   n;         /* n_y */
  guint   nnz;
  guint  *start;     /* n + 1: column j holds entries start[j] .. start[j+1]−1 */
  guint  *row;       /* nnz, ascending within a column */
  double *mass;      /* nnz: E in this pattern */
  double *fixed;     /* nnz: the part of −∂f/∂y that does not vary (x' = v, p_c') */
  /* −∂f/∂y's varying part: triplet i of ∂F/∂u (mf_model_force_jacobian)
   * adds weight[s] × its value to entry slot[s], s in term_start[i] .. */
  guint   n_triplets;
  guint  *term_start;
  guint  *slot;
  double *weight;
  MfTriplet *scratch;
} MfIterationMatrix;

/* NULL for a mode with algebraic states (M̄ singular) or a circuit with a
 * flow source or pump whose flow follows the state: IDA then iterates on
 * y' = f(t, y) with the dense Jacobian of mf_system_jacobian(). */
MfIterationMatrix *mf_iteration_matrix_new (MfSystem *system);
void               mf_iteration_matrix_free (MfIterationMatrix *matrix);

/* values (nnz) = c E − ∂f/∂y at the full state u (mf_system_reduced_forces()
 * leaves it) and time t. */
void               mf_iteration_matrix_fill (MfIterationMatrix *matrix,
                                             const MfSystem    *system,
                                             double             t,
                                             const double      *u,
                                             double             c,
                                             double            *values);

/* out = E y_dot */
void               mf_iteration_matrix_mass_times (const MfIterationMatrix *matrix,
                                                   const double            *y_dot,
                                                   double                  *out);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfIterationMatrix, mf_iteration_matrix_free)

G_END_DECLS
