/* mf-simulation-sigma.c: how well conditioned the constraints of a valve
 * configuration are, as a run's samples describe the configuration — for
 * a live plot of σ(W) beside the samples.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-simulation.h"

#include <float.h>
#include <math.h>

#include "mf-model-private.h"
#include "mf-nullspace.h"
#include "mf-reduction.h"
#include "mf-sigma.h"

/* The smallest singular value above rounding, and the largest: from every
 * singular value of a small W, by Lanczos iterations on a large one
 * (mf-sigma.h), where a rank-deficient W has no σ_min to give (NAN). */
static gboolean
extreme_sigma (const MfSparse *w, double *sigma_min, double *sigma_max)
{
  guint rows = w->n_rows, cols = w->n_cols, k = MIN (rows, cols);
  g_autofree double *dense = NULL;
  g_autofree double *sigma = NULL;
  double floor_;

  if ((guint64) rows * cols > MF_REDUCTION_DENSE_MAX)
    {
      *sigma_max = mf_sigma_largest (w);
      *sigma_min = mf_sigma_smallest (w);
      if (!(*sigma_max > 0))
        *sigma_max = *sigma_min = NAN;
      return TRUE;
    }
  dense = mf_sparse_to_dense (w);
  sigma = g_new0 (double, k);
  if (!mf_singular_values (dense, rows, cols, sigma))
    return FALSE;
  floor_ = MAX (rows, cols) * DBL_EPSILON * sigma[0];
  if (!(sigma[0] > 0))
    return TRUE;
  *sigma_max = sigma[0];
  for (guint i = k; i-- > 0;)
    if (sigma[i] > floor_)
      {
        *sigma_min = sigma[i];
        break;
      }
  return TRUE;
}

gboolean
mf_simulation_w_sigma (const MfModel *model,
                       guint          mode,
                       const double  *switches,
                       double        *sigma_min,
                       double        *sigma_max)
{
  g_autofree gboolean *closed = mf_simulation_closed (model, mode, switches);
  g_autoptr (MfSparse) w = NULL;

  g_return_val_if_fail (sigma_min != NULL && sigma_max != NULL, FALSE);

  *sigma_min = *sigma_max = NAN;
  w = mf_model_constraints (model, closed, NULL);
  if (MIN (w->n_rows, w->n_cols) == 0)
    return TRUE;
  return extreme_sigma (w, sigma_min, sigma_max);
}
