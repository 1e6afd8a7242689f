/* mf-run-set.h: the runs a plot shows — the current run and the runs
 * overlaid on it, each once — as the binders of the plots to run records
 * (mf-run-plots.h, mf-step-plots.h) keep them.  No GTK.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "mf-run-record.h"

G_BEGIN_DECLS

typedef struct
{
  MfRunRecord *current;  /* a reference, or NULL */
  GPtrArray   *overlaid; /* MfRunRecord *, references: distinct, none the current run */
} MfRunSet;

void     mf_run_set_init (MfRunSet *set);
void     mf_run_set_clear (MfRunSet *set);

/* Holds `current` (may be NULL) and the runs of `overlaid` (MfRunRecord *;
 * may be NULL; the current run skipped if listed, each run once) from now
 * on.  FALSE, and nothing changes, when it holds them already. */
gboolean mf_run_set_assign (MfRunSet    *set,
                            MfRunRecord *current,
                            GPtrArray   *overlaid);

G_END_DECLS
