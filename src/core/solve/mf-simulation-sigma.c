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

gboolean
mf_simulation_w_sigma (const MfModel *model,
                       guint          mode,
                       const double  *switches,
                       double        *sigma_min,
                       double        *sigma_max)
{
  guint n_v = mf_model_n_velocities (model);
  guint max_rows = mf_model_max_rows (model);
  g_autofree gboolean *closed = mf_model_mode_closed (model, mode);
  g_autofree double *full = g_new0 (double, MAX ((gsize) max_rows * n_v, 1));
  g_autofree double *w = NULL;
  g_autofree double *sigma = NULL;
  guint rows, k;
  double floor_;

  g_return_val_if_fail (sigma_min != NULL && sigma_max != NULL, FALSE);

  *sigma_min = *sigma_max = NAN;
  for (guint i = 0; i < mf_simulation_n_switches (model); i++)
    {
      guint c = mf_simulation_switch_component (model, i);
      gboolean is_stop =
        component_at (mf_model_get_circuit (model), c)->info->type == MF_COMPONENT_PISTON;

      /* a sample says 1 for a piston at its stop, 1 for an open valve */
      if (is_stop ? switches[i] >= 0.5 : switches[i] < 0.5)
        closed[c] = TRUE;
    }
  rows = mf_model_fill_constraints (model, closed, full, max_rows, NULL);
  k = MIN (rows, n_v);
  if (k == 0)
    return TRUE;
  w = g_new0 (double, (gsize) rows * n_v);
  for (guint j = 0; j < n_v; j++)
    for (guint i = 0; i < rows; i++)
      w[(gsize) j * rows + i] = full[(gsize) j * max_rows + i];
  sigma = g_new0 (double, k);
  if (!mf_singular_values (w, rows, n_v, sigma))
    return FALSE;
  floor_ = MAX (rows, n_v) * DBL_EPSILON * sigma[0];
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
