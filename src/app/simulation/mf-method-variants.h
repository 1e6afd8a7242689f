/* mf-method-variants.h: one circuit run in several integration methods —
 * the variants of a document that differ only in their "simulation"
 * method and fixed step, checked and handed to MfSweep to run one after
 * the other, each record labelled by its method ("rkf45", "euler, h =
 * 5.28e-08 s") — and the fixed steps either side of explicit Euler's
 * stability limit, with how fast each lets the circuit's modes grow or
 * decay.  No GTK here.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <complex.h>

#include "mf-stiffness.h"
#include "mf-sweep.h"

G_BEGIN_DECLS

typedef struct
{
  const char *method; /* mf-method.c's name: "rkf45", "msbdf", "euler" */
  double      step;   /* a fixed step (s), or 0: adaptive */
} MfMethodVariant;

/* The label of a variant's run: "rkf45", "euler, h = 5.28e-08 s". */
char    *mf_method_variant_label (const MfMethodVariant *variant);

/* A sweep over the `n` variants of `document_text` (as the editor loads
 * it): each with its method and its step (the document's own step removed
 * for an adaptive one).  NULL with an MF_ERROR_INVALID error naming the
 * variant when a method is unknown or a variant would not load (a method
 * that needs a fixed step without one, a step longer than the run). */
MfSweep *mf_method_variants_new_sweep (const char            *document_text,
                                       const MfMethodVariant *variants,
                                       guint                  n,
                                       GError               **error);

/* Explicit Euler's steps just inside and just outside its stability limit
 * for `stiffness`'s eigenvalues: (1 − margin) and (1 + margin) times
 * euler_step.  FALSE when the limit is not a finite positive step (no
 * mode limits it, or an undamped or growing one makes every step
 * unstable). */
gboolean mf_method_variants_euler_limit (const MfStiffness *stiffness,
                                         double             margin,
                                         MfMethodVariant    variants[2]);

/* How fast a one-step method with fixed step h lets the fastest-growing
 * of the eigenvalues' modes grow: max over k of ln|R(h λ_k)| / h (1/s);
 * negative when every mode decays.  NAN for a method with no one-step
 * stability function here (mf-stability-method.h). */
double   mf_method_variants_growth_rate (const char            *method,
                                         double                 step,
                                         const MfEigenvalue    *eigenvalues,
                                         guint                  n);

G_END_DECLS
