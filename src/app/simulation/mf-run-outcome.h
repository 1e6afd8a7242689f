/* mf-run-outcome.h: how a run ended, in a few words for the list of kept
 * runs: "finished 5 s", "stopped at 2.1 s", "failed at 1.2 s".  No GTK.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "mf-sim-worker.h"

G_BEGIN_DECLS

/* `t_last` is the time of the run's latest sample, ignored when it has
 * none (`n_samples` 0).  Free with g_free(). */
char *mf_run_outcome_text (MfSimStatus status,
                           guint       n_samples,
                           double      t_last);

G_END_DECLS
