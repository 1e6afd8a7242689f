/* mf-recovery.h: copies of unsaved work, and finding them after a crash
 * (docs/manual.md, "Unsaved work is kept").
 *
 * Each running Manifold has a session: a folder of its own under the
 * recovery directory (the user's state directory, manifold/recovery), with
 * a file "lock" that it holds an exclusive lock on for as long as it runs.
 * The system drops the lock when the process ends, however it ends, so a
 * session whose lock can be taken belongs to a Manifold that stopped.
 *
 * Each document with unsaved changes has a copy in its window's session
 * (MfAutosave): its text, byte for byte as it would be saved, in
 * "N.manifold", and what the question after a crash shows — title, file
 * and time — in "N.ini".  Both are written atomically (a temporary renamed
 * over the old copy) and only ever inside the recovery directory, never
 * over the user's own file.  The copy follows the document a few seconds
 * after an edit, and goes when the document is saved, undone back to what
 * was saved, or closed.
 *
 * At the next start, mf_recovery_take_orphans() takes the locks of the
 * sessions whose Manifold stopped and hands over their copies, which the
 * app offers to restore or discard (MfRecovered).
 *
 * No GTK here: the copies are tested without a display.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "mf-edit-document.h"

G_BEGIN_DECLS

/* How long after an edit the app writes the copy; while the user goes on
 * editing, edits wait for it at most MF_AUTOSAVE_MAX_WAIT times as long. */
#define MF_AUTOSAVE_DELAY_MS 2000
#define MF_AUTOSAVE_MAX_WAIT 5

typedef struct _MfRecovery  MfRecovery;
typedef struct _MfRecovered MfRecovered;
typedef struct _MfAutosave  MfAutosave;

/* The recovery directory of the user, in the state directory. */
char        *mf_recovery_default_directory (void);

/* Starts this process's session under `directory` (created when missing,
 * private to the user).  NULL with the reason when it cannot be written. */
MfRecovery  *mf_recovery_new (const char *directory,
                              GError    **error);
/* Ends the session: its folder goes with what is left in it.  Copies of
 * documents still open are removed by mf_autosave_free() first. */
void         mf_recovery_free (MfRecovery *recovery);
const char  *mf_recovery_get_session (MfRecovery *recovery);

/* The copies left by sessions whose Manifold stopped, oldest first, each
 * to be restored or discarded (a copy neither discarded nor restored stays
 * for the next start).  Their sessions stay locked by this one until then,
 * so that two Manifolds starting at once do not both offer them. */
GPtrArray   *mf_recovery_take_orphans (MfRecovery *recovery);

/* What a copy says: the document's title, its file (NULL when it was never
 * saved), when the copy was written, its text. */
const char  *mf_recovered_get_title (MfRecovered *recovered);
GFile       *mf_recovered_get_file (MfRecovered *recovered);
GDateTime   *mf_recovered_get_time (MfRecovered *recovered);
GBytes      *mf_recovered_get_data (MfRecovered *recovered);
/* Removes the copy (after it was restored, or when the user does not want
 * it), and its session's folder once that is empty. */
void         mf_recovered_discard (MfRecovered *recovered);
void         mf_recovered_free (MfRecovered *recovered);

/* Keeps a copy of `document` in the session while it has unsaved changes,
 * written `delay_ms` after the last edit (MF_AUTOSAVE_DELAY_MS in the app)
 * and at most MF_AUTOSAVE_MAX_WAIT × `delay_ms` after the first edit it
 * lacks. */
MfAutosave  *mf_autosave_new (MfRecovery     *recovery,
                              MfEditDocument *document,
                              guint           delay_ms);
/* Writes the copy now, without waiting (a document just restored): FALSE
 * with the reason when it cannot be written. */
gboolean     mf_autosave_write_now (MfAutosave *autosave,
                                    GError    **error);
/* The copy's text file, whether it exists or not. */
const char  *mf_autosave_get_path (MfAutosave *autosave);
/* Stops following the document and removes its copy: the document is
 * closed, its changes saved or given up by the user. */
void         mf_autosave_free (MfAutosave *autosave);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfRecovery, mf_recovery_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfRecovered, mf_recovered_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfAutosave, mf_autosave_free)

G_END_DECLS
