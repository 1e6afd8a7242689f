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

/* How the series of several runs and quantities are told apart: by
 * default each quantity keeps its colour and each run has a dash pattern
 * of its own; or the reverse, each run a colour and each quantity a dash
 * (the values of the "run-style" preference). */
typedef enum
{
  MF_RUN_STYLE_COLOR_PER_QUANTITY,
  MF_RUN_STYLE_COLOR_PER_RUN,
} MfRunStyle;

typedef struct
{
  MfRunRecord *current;  /* a reference, or NULL */
  GPtrArray   *overlaid; /* MfRunRecord *, references: distinct, none the current run */
  MfRunStyle   style;    /* MF_RUN_STYLE_COLOR_PER_QUANTITY after init */
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

/* The line and the palette index of quantity `quantity` of `record`, by
 * the set's style.  `quantity` is the quantity's own palette index (its
 * place among the quantities, kept while others come and go) and
 * `n_quantities` how many a plot shows.  Colour per quantity: the dash is
 * the run's (mf_run_set_dash()) and the colour the quantity's, moved by
 * the run's place when the plot shows one quantity only.  Colour per run:
 * the colour is the run's place and the dash the quantity's, solid for
 * the first. */
MfPlotDash mf_run_set_series_dash (const MfRunSet *set,
                                   MfRunRecord    *record,
                                   guint           quantity);
guint      mf_run_set_series_color (const MfRunSet *set,
                                    MfRunRecord    *record,
                                    guint           quantity,
                                    guint           n_quantities);

G_END_DECLS
