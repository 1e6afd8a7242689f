/* mf-structural.h: the structural analysis of a system of equations, from
 * its incidence alone (docs/model.md, "Structural analysis") — Pantelides'
 * differentiations and the structural index (mf-pantelides.h), the system
 * Jacobian's rank at the incidence's point (mf-system-jacobian.h), the
 * dummy derivatives (mf-dummy-derivatives.h) and the block lower-triangular
 * form with its tearing (mf-blt.h) — and how its index compares with the
 * numerical one.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "mf-blt.h"
#include "mf-dummy-derivatives.h"
#include "mf-incidence.h"
#include "mf-model.h"
#include "mf-pantelides.h"
#include "mf-reduction.h"
#include "mf-system-jacobian.h"

G_BEGIN_DECLS

typedef struct
{
  MfIncidence        *incidence;
  MfPantelides       *pantelides;
  MfSparse           *jacobian;
  MfJacobianRank      jacobian_rank;
  MfDummyDerivatives *dummies;      /* NULL when Pantelides' algorithm failed */
  MfBlt              *blt;
  /* the highest derivatives of the families in the under-determined part
   * (mf-pantelides.h): what the equations cannot all fix */
  GArray             *undetermined; /* guint */
} MfStructural;

/* Takes `incidence`; `preference` as in mf_dummy_derivatives_new(). */
MfStructural *mf_structural_new (MfIncidence *incidence,
                                 const guint *preference,
                                 guint        n_preference);
/* The analysis of the multiplier form of `reduction`'s mode
 * (mf-mode-incidence.h). */
MfStructural *mf_structural_new_for_mode (const MfModel     *model,
                                          const MfReduction *reduction);
void          mf_structural_free (MfStructural *structural);

/* One sentence, in words, on how the structural index compares with
 * `index_lagrange`, the numerical index of the same equations (-1 where
 * the numerical procedure found them not to determine every state), and
 * why they differ when they do. */
char         *mf_structural_compare (const MfStructural *structural,
                                     int                 index_lagrange);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfStructural, mf_structural_free)

G_END_DECLS
