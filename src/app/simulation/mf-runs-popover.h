/* mf-runs-popover.h: the runs the pane keeps — each with its label
 * (renamed in place), a "Show" check that overlays it on the plots, how it
 * ended ("finished 5 s", "stopped at 2.1 s", "failed at 1.2 s"), what its
 * solver did in a line ("rkf45 · 1 478 steps · 12 rejected · 0.21 s") with
 * a button that opens every count (mf-run-details.h), and a button that
 * deletes it.  The current run is always shown and, like a
 * live run, cannot be deleted.  Under the list, two runs A and B (the
 * current run and the one before it, until chosen) and Difference….
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "mf-run-record.h"

G_BEGIN_DECLS

#define MF_TYPE_RUNS_POPOVER (mf_runs_popover_get_type ())
G_DECLARE_FINAL_TYPE (MfRunsPopover, mf_runs_popover, MF, RUNS_POPOVER, GtkPopover)

/* Signals:
 *   "changed" (void): a run was shown or hidden, renamed or deleted; the
 *   pane then redraws its overlays (mf_sim_panel_refresh_runs()).
 *   "difference" (MfRunRecord *a, MfRunRecord *b): Difference… was pressed
 *   with runs A and B chosen (two runs, neither live); the popover is
 *   closed.
 * Properties (all notify):
 *   "runs" (GListModel of MfRunRecord): the list shown; a run is deleted
 *   from it when it is a GListStore (mf_sim_panel_get_runs() is one).
 *   "current-run" (MfRunRecord, or NULL). */

GtkWidget   *mf_runs_popover_new (GListModel *runs);

GListModel  *mf_runs_popover_get_runs (MfRunsPopover *self);
void         mf_runs_popover_set_runs (MfRunsPopover *self,
                                       GListModel    *runs);
MfRunRecord *mf_runs_popover_get_current_run (MfRunsPopover *self);
void         mf_runs_popover_set_current_run (MfRunsPopover *self,
                                              MfRunRecord   *current);

/* Deletes `record` from the list, as its delete button does: FALSE (and
 * nothing changes) for the current run, a live run, a record not in the
 * list, or a list that is not a GListStore. */
gboolean     mf_runs_popover_delete_run (MfRunsPopover *self,
                                         MfRunRecord   *record);

/* Chooses runs A and B (a NULL or unlisted run: that choice stays), as
 * their drop-downs do. */
void         mf_runs_popover_set_difference_runs (MfRunsPopover *self,
                                                  MfRunRecord   *a,
                                                  MfRunRecord   *b);
/* Presses Difference…: FALSE (and nothing happens) when it cannot be
 * pressed (fewer than two runs, one run chosen twice, a live run). */
gboolean     mf_runs_popover_request_difference (MfRunsPopover *self);

/* The row widget showing `record`, or NULL: for tests. */
GtkWidget   *mf_runs_popover_get_row (MfRunsPopover *self,
                                      MfRunRecord   *record);

G_END_DECLS
