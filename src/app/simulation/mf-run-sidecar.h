/* mf-run-sidecar.h: the runs kept beside a saved document — every kept
 * run of "circuit.manifold" in the HDF5 file "circuit.manifold.runs.h5"
 * next to it (docs/format.md, "Runs kept beside the document"): samples,
 * columns with units, modes and their names, the event log, label, what
 * the run ran with, method, statistics and how it ended.  Written when the
 * document is saved or dropped, read when it is opened, on a worker
 * thread (mf-run-sidecar-queue.h).  No GTK.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "mf-run-record.h"
#include "mf-stored-run.h"

G_BEGIN_DECLS

/* The runs file of the document saved as `document_file`: its name with
 * ".runs.h5" added.  A new reference. */
GFile       *mf_run_sidecar_file (GFile *document_file);

/* `record` as a runs file holds it (mf-stored-run.h), and back: a new
 * record with the same samples, columns, modes, log, label, provenance,
 * method, statistics, outcome and "shown".  The steps of the solver are
 * not kept. */
MfStoredRun *mf_run_sidecar_store (MfRunRecord *record);
MfRunRecord *mf_run_sidecar_restore (const MfStoredRun *run);

/* Writes the runs of `runs` (GListModel of MfRunRecord) that have ended
 * beside `document_file`, replacing the file atomically (mf-output-file.h),
 * with `n_made` (the number the next run's label counts from, less one);
 * none kept: the file is removed if there is one.  FALSE with an error
 * naming the file; the old file is then as it was.  `current` (may be
 * NULL) is stored as shown. */
gboolean     mf_run_sidecar_save (GListModel  *runs,
                                  MfRunRecord *current,
                                  guint        n_made,
                                  GFile       *document_file,
                                  GError     **error);

/* mf_run_sidecar_save() in two halves, so that the second can be done on
 * another thread (mf-run-sidecar-queue.h): the runs of `runs` that have
 * ended, copied as stored runs (MfStoredRun *, freeing) — on the thread
 * of the records; and those written, touching no record. */
GPtrArray   *mf_run_sidecar_snapshot (GListModel  *runs,
                                      MfRunRecord *current);
gboolean     mf_run_sidecar_write (GPtrArray *stored,
                                   guint      n_made,
                                   GFile     *document_file,
                                   GError   **error);

/* "Run 3": the label a window's pane gives its n-th run. */
char        *mf_run_sidecar_number_label (guint number);
/* `label` when it is one of the first `n_numbered` numbered labels ("Run
 * k"): the label of number k + `offset`; otherwise NULL. */
char        *mf_run_sidecar_renumber (const char *label,
                                      guint       n_numbered,
                                      guint       offset);
/* Puts the runs kept beside `merge_from` before `stored` (MfStoredRun *,
 * runs made while that file was still being read), the numbered labels of
 * `stored` counting on after the file's n_made, and *n_made (the number
 * `stored`'s owner counted to) with them added.  No file: nothing changes.
 * A file that cannot be read: FALSE with the error, `stored` as it was. */
gboolean     mf_run_sidecar_merge (GPtrArray *stored,
                                   guint     *n_made,
                                   GFile     *merge_from,
                                   GError   **error);

/* The runs kept beside `document_file` (MfRunRecord, references), oldest
 * first, and in *n_made the number their owner counted to (at least the
 * number of runs).  No file: an empty array.  A file that is not a runs
 * file, or damaged: NULL with an error naming it. */
GPtrArray   *mf_run_sidecar_load (GFile   *document_file,
                                  guint   *n_made,
                                  GError **error);

G_END_DECLS
