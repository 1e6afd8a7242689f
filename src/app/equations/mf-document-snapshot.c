/* mf-document-snapshot.c: a document's text shared by reference
 * (mf-document-snapshot.h).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-document-snapshot.h"

static void
snapshot_clear (gpointer data)
{
  MfDocumentSnapshot *snapshot = data;

  g_free (snapshot->data);
  g_free (snapshot->name);
  g_free (snapshot->mode_name);
}

MfDocumentSnapshot *
mf_document_snapshot_new (const char *data, gsize length, const char *name, guint mode,
                          const char *mode_name)
{
  MfDocumentSnapshot *snapshot = g_atomic_rc_box_new0 (MfDocumentSnapshot);

  snapshot->data = g_memdup2 (data, length);
  snapshot->length = length;
  snapshot->name = g_strdup (name);
  snapshot->mode = mode;
  snapshot->mode_name = g_strdup (mode_name);
  return snapshot;
}

MfDocumentSnapshot *
mf_document_snapshot_ref (MfDocumentSnapshot *snapshot)
{
  return g_atomic_rc_box_acquire (snapshot);
}

void
mf_document_snapshot_unref (MfDocumentSnapshot *snapshot)
{
  if (snapshot != NULL)
    g_atomic_rc_box_release_full (snapshot, snapshot_clear);
}
