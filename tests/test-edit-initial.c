/* test-edit-initial.c: the initial values edited in the document
 * (src/app/document/mf-edit-document-settings.c): set, changed, taken out
 * (the "initial" object leaves with its last value), each one undo step;
 * a name that is no state, or a value that is no number, refused with the
 * document as it was.  No display.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "mf-edit-document.h"
#include "mf-error.h"

/* A pipe between two tanks: its one state is P1.v. */
static const char pipe_text[] =
  "{ \"manifold\": 1,\n"
  "  \"components\": [\n"
  "    { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"2 bar\" },\n"
  "    { \"id\": \"P1\", \"type\": \"pipe\", \"length\": 1, \"diameter\": 0.01 },\n"
  "    { \"id\": \"T2\", \"type\": \"tank\" } ],\n"
  "  \"wires\": [ [\"T1.p\", \"P1.a\"], [\"P1.b\", \"T2.p\"] ] }\n";

/* The document's text, a new string. */
static char *
text_of (MfEditDocument *document)
{
  return mf_edit_document_to_data (document, NULL);
}

static MfEditDocument *
load (void)
{
  MfEditDocument *document = mf_edit_document_new ();
  g_autoptr (GError) error = NULL;

  g_assert_true (mf_edit_document_load_data (document, pipe_text, -1, "pipe", &error));
  g_assert_no_error (error);
  return document;
}

static void
test_set_and_remove (void)
{
  g_autoptr (MfEditDocument) document = load ();
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) none = mf_edit_document_get_initial_states (document);
  g_auto (GStrv) one = NULL;
  g_autofree char *text = NULL;
  g_autofree char *changed = NULL;

  g_assert_cmpuint (g_strv_length (none), ==, 0);
  g_assert_null (mf_edit_document_get_initial_text (document, "P1.v"));
  g_assert_true (mf_edit_document_set_initial (document, "P1.v", " 0.5 ", &error));
  g_assert_no_error (error);
  one = mf_edit_document_get_initial_states (document);
  g_assert_cmpuint (g_strv_length (one), ==, 1);
  g_assert_cmpstr (one[0], ==, "P1.v");
  text = mf_edit_document_get_initial_text (document, "P1.v");
  g_assert_cmpstr (text, ==, "0.5");
  g_assert_true (mf_edit_document_set_initial (document, "P1.v", "-1e-3", &error));
  changed = mf_edit_document_get_initial_text (document, "P1.v");
  /* as a JSON number writes it */
  g_assert_cmpstr (changed, ==, "-0.001");
  /* each is one step back */
  g_assert_true (mf_edit_document_undo (document));
  g_clear_pointer (&changed, g_free);
  changed = mf_edit_document_get_initial_text (document, "P1.v");
  g_assert_cmpstr (changed, ==, "0.5");
  /* taken out, the object goes with its last value */
  g_assert_true (mf_edit_document_set_initial (document, "P1.v", "", &error));
  g_assert_null (mf_edit_document_get_initial_text (document, "P1.v"));
  {
    g_autofree char *data = text_of (document);

    g_assert_null (strstr (data, "\"initial\""));
  }
  /* taking out what is not there changes nothing */
  g_assert_true (mf_edit_document_set_initial (document, "P1.v", NULL, &error));
}

static void
test_refused (void)
{
  g_autoptr (MfEditDocument) document = load ();
  g_autoptr (GError) error = NULL;
  g_autofree char *before = text_of (document);
  g_autofree char *after = NULL;

  g_assert_false (mf_edit_document_set_initial (document, "P1.x", "0.5", &error));
  g_assert_error (error, MF_ERROR, MF_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "no state 'P1.x'"));
  g_assert_nonnull (strstr (error->message, "'P1.v'"));
  after = text_of (document);
  g_assert_cmpstr (after, ==, before);
  g_clear_error (&error);

  g_assert_false (mf_edit_document_set_initial (document, "P1.v", "0.5 m/s", &error));
  g_assert_error (error, MF_ERROR, MF_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "'0.5 m/s' is not a number"));
  g_clear_pointer (&after, g_free);
  after = text_of (document);
  g_assert_cmpstr (after, ==, before);
  g_clear_error (&error);

  g_assert_false (mf_edit_document_set_initial (document, "", "1", &error));
  g_assert_error (error, MF_ERROR, MF_ERROR_INVALID);
  g_clear_pointer (&after, g_free);
  after = text_of (document);
  g_assert_cmpstr (after, ==, before);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/edit-initial/set-and-remove", test_set_and_remove);
  g_test_add_func ("/edit-initial/refused", test_refused);
  return g_test_run ();
}
