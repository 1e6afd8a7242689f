/* mf-run-sidecar-queue.h: the runs files beside documents (mf-run-sidecar.h)
 * read and written off the main thread — one worker for the whole
 * application takes the reads and writes in the order they were asked,
 * so that a document closed and at once opened again reads what its close
 * wrote, never an older or half-written file.  While any is pending the
 * application is held (g_application_hold()), so that it does not exit
 * before the runs are written.  No GTK.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* Writes `stored` (MfStoredRun *, from mf_run_sidecar_snapshot(); taken)
 * beside `document_file` as mf_run_sidecar_write() does.  `merge_from`
 * (may be NULL): the document whose runs are still being read — its runs
 * file is read first and its runs are put before `stored`, whose numbered
 * labels then count on after them (mf_run_sidecar_merge()). */
void       mf_run_sidecar_save_async (GPtrArray          *stored,
                                      guint               n_made,
                                      GFile              *document_file,
                                      GFile              *merge_from,
                                      GAsyncReadyCallback callback,
                                      gpointer            user_data);
gboolean   mf_run_sidecar_save_finish (GAsyncResult *result,
                                       GError      **error);

/* Reads the runs beside `document_file` as mf_run_sidecar_load() does;
 * the records are new and the caller's. */
void       mf_run_sidecar_load_async (GFile              *document_file,
                                      GAsyncReadyCallback callback,
                                      gpointer            user_data);
GPtrArray *mf_run_sidecar_load_finish (GAsyncResult *result,
                                       guint        *n_made,
                                       GError      **error);

/* How many reads and writes are asked and not yet handed back (their
 * callbacks not yet called): 0 when all are done. */
guint      mf_run_sidecar_get_pending (void);
/* Calls `callback` (user_data) on the main context once nothing is
 * pending — at once when nothing is. */
void       mf_run_sidecar_when_idle (GSourceFunc callback,
                                     gpointer    user_data);
/* Blocks until the worker has done every read and write asked (not their
 * callbacks): for the application's shutdown, when no window is left. */
void       mf_run_sidecar_wait (void);

G_END_DECLS
