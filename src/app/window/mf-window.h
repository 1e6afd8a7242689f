/* mf-window.h: a Manifold window, editing one circuit document.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "mf-application.h"
#include "mf-edit-document.h"

G_BEGIN_DECLS

#define MF_TYPE_WINDOW (mf_window_get_type ())
G_DECLARE_FINAL_TYPE (MfWindow, mf_window, MF, WINDOW, AdwApplicationWindow)

/* A window with an empty, untitled circuit. */
MfWindow       *mf_window_new (MfApplication *application);

/* Property "document": the circuit every widget of the window edits. */
MfEditDocument *mf_window_get_document (MfWindow *self);
/* Shows `document` in place of the current one, without asking about
 * unsaved changes (the callers ask first). */
void            mf_window_set_document (MfWindow       *self,
                                        MfEditDocument *document);

/* Each of these replaces the document without asking.  When the new one
 * cannot be read they show the loader's message ("NAME:LINE:COL: message")
 * in a dialog, return FALSE with `error` set, and change nothing. */
gboolean        mf_window_load_file (MfWindow *self,
                                     GFile    *file,
                                     GError  **error);
/* An untitled copy of the example `name` ("pump-cylinder-spring") from the
 * application's resources: saving it asks where. */
gboolean        mf_window_load_example (MfWindow   *self,
                                        const char *name,
                                        GError    **error);

/* Shows the copy of a document whose changes were not saved (mf-recovery.h)
 * in place of the current one, modified, with the user's file as its own;
 * once this window has written its own copy of it, the old copy is
 * discarded.  FALSE with `error` set, and nothing changed, when the copy
 * does not load. */
gboolean        mf_window_restore (MfWindow    *self,
                                   MfRecovered *recovered,
                                   GError     **error);

/* Saves the document to `file`, or to its own file when NULL.  A failure is
 * shown in a dialog as well as returned. */
gboolean        mf_window_save_to (MfWindow *self,
                                   GFile    *file,
                                   GError  **error);

/* Asks whether to save unsaved changes (Save / Discard / Cancel); Save of an
 * untitled document asks where.  Finishes with TRUE when the caller may go
 * on and replace or drop the document: nothing was unsaved, the user
 * discarded, or saving succeeded. */
void            mf_window_confirm_discard_async  (MfWindow            *self,
                                                  GCancellable        *cancellable,
                                                  GAsyncReadyCallback  callback,
                                                  gpointer             user_data);
gboolean        mf_window_confirm_discard_finish (MfWindow     *self,
                                                  GAsyncResult *result,
                                                  GError      **error);

/* Writes the runs of the saved document beside it (docs/format.md, "Runs
 * kept beside the document"), as closing the window does; nothing for an
 * untitled document.  For Quit, which destroys windows without closing
 * them.  The write is done on the runs files' worker, after every read and
 * write asked before it (mf-run-sidecar-queue.h). */
void            mf_window_save_runs (MfWindow *self);
/* TRUE while the runs kept beside the document are being read: they are
 * listed once it is done. */
gboolean        mf_window_get_runs_reading (MfWindow *self);
/* What the window said last about the runs kept beside the document (a
 * runs file that could not be read or written), or NULL: for tests. */
const char     *mf_window_get_runs_problem (MfWindow *self);
/* The view of presentation mode shown ("window", "canvas" or "plots"; the
 * actions win.presentation and win.leave-presentation switch), or NULL. */
const char     *mf_window_get_presentation (MfWindow *self);

G_END_DECLS
