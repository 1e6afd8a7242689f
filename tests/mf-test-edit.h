/* mf-test-edit.h: what the document-model tests share — a document's text,
 * a document loaded from text or from an example, and the check that it
 * still loads.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "mf-edit-document.h"

/* The document's text as it would be saved; free with g_free(). */
static inline char *
text_of (MfEditDocument *doc)
{
  return mf_edit_document_to_data (doc, NULL);
}

/* A document holding `text`, which must load. */
static inline MfEditDocument *
document_from (const char *text)
{
  MfEditDocument *doc = mf_edit_document_new ();
  g_autoptr (GError) error = NULL;

  g_assert_true (mf_edit_document_load_data (doc, text, -1, "fixture", &error));
  g_assert_no_error (error);
  return doc;
}

/* A document holding the example `name` ("three-pipes.manifold") of
 * $MANIFOLD_EXAMPLES, opened as a user opens a file. */
static inline MfEditDocument *
example_document (const char *name)
{
  g_autofree char *path = g_build_filename (g_getenv ("MANIFOLD_EXAMPLES"), name, NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  MfEditDocument *doc = mf_edit_document_new ();

  g_assert_true (mf_edit_document_load_file (doc, file, &error));
  g_assert_no_error (error);
  return doc;
}

/* The document's text loads with the core loader. */
static inline void
assert_loads (MfEditDocument *doc)
{
  g_autoptr (GError) error = NULL;
  MfDocument *checked = mf_edit_document_check (doc, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (checked);
  mf_document_free (checked);
}
