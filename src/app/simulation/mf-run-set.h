/* mf-run-set.h: the runs a plot shows — the current run and the runs
 * overlaid on it, each once — as the binders of the plots to run records
 * (mf-run-plots.h, mf-step-plots.h) keep them, and how each run is told
 * apart from the others: its dash pattern and its place for a colour.
 * No GTK.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "mf-plot-series.h"
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

/* The run's place in the set: 0 for the current run, 1 + its index among
 * the overlaid ones; -1 when the set does not hold it.  A plot of one
 * quantity gives each run the palette colour that many places after the
 * quantity's. */
int        mf_run_set_place (const MfRunSet *set,
                             MfRunRecord    *record);
/* The run's line: solid for the current run (and for a run the set does
 * not hold), and for the overlaid ones the other patterns in turn. */
MfPlotDash mf_run_set_dash (const MfRunSet *set,
                            MfRunRecord    *record);

G_END_DECLS
