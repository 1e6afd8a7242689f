/* mf-run-sidecar.h: the runs kept beside a saved document — every kept
 * run of "circuit.manifold" in the HDF5 file "circuit.manifold.runs.h5"
 * next to it (docs/format.md, "Runs kept beside the document"): samples,
 * columns with units, modes and their names, the event log, label, what
 * the run ran with, method, statistics and how it ended.  Written when the
 * document is saved or dropped, read when it is opened.  No GTK.
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

/* The runs kept beside `document_file` (MfRunRecord, references), oldest
 * first, and in *n_made the number their owner counted to (at least the
 * number of runs).  No file: an empty array.  A file that is not a runs
 * file, or damaged: NULL with an error naming it. */
GPtrArray   *mf_run_sidecar_load (GFile   *document_file,
                                  guint   *n_made,
                                  GError **error);

G_END_DECLS
