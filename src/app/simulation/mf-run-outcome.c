/* mf-run-outcome.c: a run's outcome in words.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-run-outcome.h"

#include <glib/gi18n.h>

char *
mf_run_outcome_text (MfSimStatus status, guint n_samples, double t_last)
{
  /* four figures tell runs apart without the noise of the output grid */
  g_autofree char *t = g_strdup_printf ("%.4g s", n_samples > 0 ? t_last : 0.0);

  switch (status)
    {
    case MF_SIM_STATUS_IDLE:
      return g_strdup (_("not started"));
    case MF_SIM_STATUS_RUNNING:
      return n_samples > 0 ? g_strdup_printf (_("running, at %s"), t) : g_strdup (_("starting"));
    case MF_SIM_STATUS_PAUSED:
      return g_strdup_printf (_("paused at %s"), t);
    case MF_SIM_STATUS_FINISHED:
      return g_strdup_printf (_("finished %s"), t);
    case MF_SIM_STATUS_STOPPED:
      return g_strdup_printf (_("stopped at %s"), t);
    case MF_SIM_STATUS_FAILED:
      return n_samples > 0 ? g_strdup_printf (_("failed at %s"), t)
                           : g_strdup (_("failed at the start"));
    default:
      g_return_val_if_reached (g_strdup (""));
    }
}
