/* mf-run-outcome.h: how a run ended, in a few words for the list of kept
 * runs: "finished 5 s", "stopped at 2.1 s", "failed at 1.2 s"; and what its
 * solver did, in a line ("rkf45 · 1 478 steps · 12 rejected · 0.21 s") and
 * count by count with what each count means.  No GTK.
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

/* A count with its thousands apart: "1 478" (a narrow no-break space). */
char *mf_run_count_text (guint64 count);
/* A wall time: "1.4 ms", "0.21 s", "12 s". */
char *mf_run_wall_time_text (double seconds);
/* The run's method and statistics in a line: "rkf45 · 1 478 steps · 12
 * rejected · 0.21 s"; `method` may be NULL (left out). */
char *mf_run_stats_summary (const char              *method,
                            const MfSimulationStats *stats);

/* The counts a run's details list, in order: row i's name ("Rejected
 * steps") and meaning in *name and *meaning (translated, static), and its
 * value as a new string, or NULL past the last row. */
char *mf_run_stats_row (const MfSimulationStats  *stats,
                        guint                     i,
                        const char              **name,
                        const char              **meaning);

G_END_DECLS
