/* mf-drift.h: what happens without the minimal-order method (docs/model.md,
 * "Drift: the naive form").  One mode of index 1 or 2 is integrated twice
 * from the same consistent start with the same explicit method and
 * tolerances: by the minimal-order equations (mf-dae.h), which solve the
 * hidden constraints at every evaluation, and by the naive form
 * (mf-dae-naive.h), which integrates their derivatives.  At every sample
 * both states are measured by the self-check (mf-system-check.h): the
 * largest scaled residual of the laws of the zero-mass branches and of
 * continuity.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "mf-model.h"

G_BEGIN_DECLS

typedef struct
{
  guint         mode;    /* the mode held for the whole horizon */
  const char   *method;  /* an explicit adaptive method of mf-method.h ("rkf45") */
  double        t_start; /* where both runs start (s, >= 0) */
  const double *u_start; /* the full state there, or NULL: the model's initial state */
  double        t_end;   /* the end of the horizon (s, > t_start) */
  guint         n_samples; /* samples after the start, evenly spaced (> 0) */
  double        rtol;
  double        atol;
} MfDriftOptions;

/* The method used when none is given: explicit, adaptive, of moderate
 * order, as a student would pick for an ODE. */
#define MF_DRIFT_DEFAULT_METHOD "rkf45"

typedef struct
{
  int     index;            /* of the mode: 1 or 2 */
  guint   n_samples;        /* n_samples + 1 rows, the start included */
  double *t;
  double *minimal;          /* the minimal-order run's residual at each sample */
  double *naive;            /* the naive form's; NaN after it stopped */
  char   *minimal_failure;  /* why that run stopped before the end, or NULL */
  char   *naive_failure;
} MfDrift;

/* Both runs.  NULL with MF_ERROR_USAGE when the options do not fit (a mode
 * of index 0, an implicit or fixed-step method) or MF_ERROR_SOLVER when the
 * start cannot be solved; G_IO_ERROR_CANCELLED when `cancellable` (may be
 * NULL) is cancelled.  A run that fails on the way stops there, with its
 * reason in the result. */
MfDrift *mf_drift_run (MfModel              *model,
                       const MfDriftOptions *options,
                       GCancellable         *cancellable,
                       GError              **error);
void     mf_drift_free (MfDrift *drift);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfDrift, mf_drift_free)

G_END_DECLS
