/* mf-simulation-sample-at.c: the sample of a run at a time — what a
 * linearisation at that time starts from (manifold-cli linearize, the
 * app's Stiffness window).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-simulation.h"

#include <glib/gi18n.h>
#include <string.h>

#include "mf-error.h"

typedef struct
{
  double   at;
  double  *t;
  guint   *mode;
  double  *values;
  guint    n_values;
  gboolean found;
} Catch;

static gboolean
catch_sample (double t, guint mode, const double *values, gpointer data)
{
  Catch *caught = data;

  if (t < caught->at * (1.0 - 1e-12))
    return TRUE;
  *caught->t = t;
  *caught->mode = mode;
  memcpy (caught->values, values, caught->n_values * sizeof (double));
  caught->found = TRUE;
  return FALSE;
}

gboolean
mf_simulation_sample_at (MfModel *model, const MfSimulationOptions *options, double at,
                         GCancellable *cancellable, double *t, guint *mode, double *values,
                         GError **error)
{
  MfSimulationOptions to = *options;
  Catch caught = { at, t, mode, values,
                   mf_model_n_outputs (model) + mf_simulation_n_switches (model), FALSE };

  /* a run that ends at `at`, with a sample there */
  if (at > 0.0)
    {
      to.t_end = at;
      to.output_interval = at;
    }
  if (!mf_simulate (model, &to, catch_sample, &caught, NULL, cancellable, error))
    return FALSE;
  if (!caught.found)
    {
      g_set_error (error, MF_ERROR, MF_ERROR_SOLVER, _("the run stopped before that time"));
      return FALSE;
    }
  return TRUE;
}
