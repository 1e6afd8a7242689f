/* mf-sigma.h: the extreme singular values of a large sparse matrix without
 * an SVD (docs/model.md, "Each mode"): Lanczos iterations on B Bᵀ, where B
 * is the one of A and Aᵀ with fewer rows, for σ_max, and on (B Bᵀ)⁻¹,
 * through CHOLMOD's factor of B Bᵀ, for σ_min when A has full rank.  Each
 * iteration costs O(nonzeros), so σ(W) of a network of 100 000 pipes takes
 * a fraction of a second where the SVD would take hours.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "mf-sparse.h"

G_BEGIN_DECLS

/* The most Lanczos iterations spent on one extreme eigenvalue; fewer when
 * the estimate settles (relative change below 1e-10 over ten iterations)
 * or the Krylov space is exhausted (exact then: a W of at most 300 rows or
 * columns).  The estimate approaches the eigenvalue from inside the
 * spectrum; where the spectrum crowds at its ends, as a ladder's does, 300
 * iterations leave σ about 4e-6 (relative) short at 10 000 rungs. */
#define MF_SIGMA_MAX_ITERATIONS 300

/* σ_max of A (0 for an empty or zero A). */
double mf_sigma_largest (const MfSparse *a);
/* σ_min of A = its min(m, n)-th singular value, when A has rank min(m, n);
 * NAN when B Bᵀ cannot be factored (A rank deficient). */
double mf_sigma_smallest (const MfSparse *a);

G_END_DECLS
