/* mf-document-snapshot.h: the text of a document as it was when the
 * Equations window analysed it, with its name and the mode shown — what
 * the window's pages hand their worker threads.  Immutable and shared by
 * reference, so that a page and each of its jobs hold the same copy.  No
 * GTK.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  char  *data;      /* the document's text (not NUL-terminated past length) */
  gsize  length;
  char  *name;      /* for messages */
  guint  mode;      /* the mode shown, by index ... */
  char  *mode_name; /* ... and by name */
} MfDocumentSnapshot;

/* Copies everything it is given. */
MfDocumentSnapshot *mf_document_snapshot_new (const char *data,
                                              gsize       length,
                                              const char *name,
                                              guint       mode,
                                              const char *mode_name);
MfDocumentSnapshot *mf_document_snapshot_ref (MfDocumentSnapshot *snapshot);
void                mf_document_snapshot_unref (MfDocumentSnapshot *snapshot);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfDocumentSnapshot, mf_document_snapshot_unref)

G_END_DECLS
