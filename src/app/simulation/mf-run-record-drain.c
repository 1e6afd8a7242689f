/* mf-run-record-drain.c: a run record filled from a worker's run — its
 * samples, log, steps, method and statistics — and the log's events in
 * words.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-run-record.h"

#include "mf-event-words.h"

static void
drain_layout (guint n, const char *const *names, const char *const *units, gpointer user_data)
{
  mf_run_record_begin_segment (user_data, n, names, units);
}

/* The same as mf_run_record_append() row by row, column by column: the
 * columns grow once and are filled in one pass each. */
static void
drain_block (const double *rows, guint n_rows, guint stride, gpointer user_data)
{
  mf_run_record_append_rows (user_data, rows, n_rows, stride);
}

static void
drain_log (const MfSimLogEntry *entry, gpointer user_data)
{
  mf_run_record_add_log (user_data, entry);
}

static void
drain_steps (const MfStepEntry *entries, guint n, gpointer user_data)
{
  mf_run_record_add_steps (user_data, entries, n);
}

guint
mf_run_record_drain (MfRunRecord *self, MfSimWorker *worker)
{
  g_autofree char *method = NULL;
  MfSimulationStats stats;
  guint n;

  g_return_val_if_fail (MF_IS_RUN_RECORD (self), 0);
  g_return_val_if_fail (MF_IS_SIM_WORKER (worker), 0);

  n = mf_sim_worker_drain_blocks (worker, drain_layout, drain_block, self);
  mf_sim_worker_drain_log (worker, drain_log, self);
  mf_sim_worker_drain_steps (worker, drain_steps, self);
  method = mf_sim_worker_dup_method (worker);
  if (method != NULL)
    mf_run_record_set_method (self, method);
  if (mf_sim_worker_get_status (worker) != MF_SIM_STATUS_IDLE)
    {
      mf_sim_worker_get_stats (worker, &stats);
      mf_run_record_set_stats (self, &stats);
    }
  return n;
}

/* ---- the log in words ---- */

char *
mf_sim_log_entry_label (const MfSimLogEntry *entry)
{
  g_return_val_if_fail (entry->kind == MF_SIM_LOG_EVENT, NULL);

  return mf_event_label (entry->component, entry->to);
}
