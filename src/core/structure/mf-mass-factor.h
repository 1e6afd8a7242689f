/* mf-mass-factor.h: the Cholesky factor of a reduced mass matrix M̄ = αᵀMα
 * (docs/model.md, "Each mode"), from its nonzeros: in LAPACK's band storage
 * when M̄ is banded (a chain of pipes gives a tridiagonal one), else by
 * CHOLMOD's sparse LDLᵀ with a fill-reducing ordering.  Either way the
 * memory and the solves cost O(n̄ · bandwidth) or O(nonzeros of the
 * factor), never O(n̄²) for a network.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "mf-sparse.h"

G_BEGIN_DECLS

typedef struct _MfMassFactor MfMassFactor;

/* The factor of the symmetric matrix `m` (both triangles stored), or NULL
 * when it is not clearly positive definite: a pivot of the factorisation at
 * or below `tolerance` times m's largest diagonal entry.  A singular M̄ then
 * goes to the eigendecomposition (mf-reduction.c). */
MfMassFactor *mf_mass_factor_new (const MfSparse *m,
                                  double          tolerance);
void          mf_mass_factor_free (MfMassFactor *factor);

/* Solves M̄ X = B in place for B of n̄ rows and n_rhs columns
 * (column-major).  Allocates nothing once it has solved for one and for
 * many right-hand sides. */
void          mf_mass_factor_solve (MfMassFactor *factor,
                                    double       *b,
                                    guint         n_rhs);
/* Whether the factor is in band storage, and the half-bandwidth then. */
gboolean      mf_mass_factor_is_banded (const MfMassFactor *factor,
                                        guint              *bandwidth);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfMassFactor, mf_mass_factor_free)

G_END_DECLS
