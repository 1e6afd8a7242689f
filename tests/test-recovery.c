/* test-recovery.c: copies of unsaved work (src/app/document/mf-recovery.c)
 * — written a moment after an edit, byte for byte the document's text,
 * private to the user; gone once the document is saved, undone back to
 * what was saved, or closed; found after the process that wrote them is
 * killed, and only then; offered by one Manifold at a time.
 *
 * The app's whole path (edit, SIGKILL, start again, restore) is
 * tests/test-recovery-app.sh.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>

#include "mf-edit-document.h"
#include "mf-recovery.h"
#include "mf-test-edit.h"
#include "mf-test-files.h"

#define DELAY_MS 40

/* Runs the main loop until `path` exists (or not), at most 5 s. */
static void
wait_for_file (const char *path, gboolean exists)
{
  gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  while (g_file_test (path, G_FILE_TEST_EXISTS) != exists && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE), g_usleep (1000);
  g_assert_cmpint (g_file_test (path, G_FILE_TEST_EXISTS), ==, exists);
}

/* Runs the main loop for `ms`. */
static void
spin (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE), g_usleep (1000);
}

static void
assert_copy_is (const char *path, MfEditDocument *doc)
{
  g_autofree char *copy = NULL;
  g_autofree char *text = text_of (doc);
  gsize length;
  GStatBuf st;

  g_assert_true (g_file_get_contents (path, &copy, &length, NULL));
  g_assert_cmpuint (length, ==, strlen (text));
  g_assert_cmpstr (copy, ==, text);
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);
}

static char *
temp_dir (void)
{
  g_autoptr (GError) error = NULL;
  char *dir = g_dir_make_tmp ("manifold-recovery-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

/* An edit is copied after the delay; more edits are copied too; saving
 * removes the copy; undoing back past the save makes it again, and undoing
 * to the saved text removes it; closing removes it, and ending the session
 * removes its folder. */
static void
test_follows_the_document (void)
{
  g_autofree char *dir = temp_dir ();
  g_autofree char *saved = g_build_filename (dir, "saved.manifold", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (saved);
  g_autoptr (MfEditDocument) doc = example_document ("three-pipes.manifold");
  g_autoptr (GError) error = NULL;
  MfRecovery *recovery = mf_recovery_new (dir, &error);
  g_autofree char *session = NULL;
  MfAutosave *autosave;
  const char *path;

  g_assert_no_error (error);
  session = g_strdup (mf_recovery_get_session (recovery));
  g_assert_true (g_file_test (session, G_FILE_TEST_IS_DIR));
  autosave = mf_autosave_new (recovery, doc, DELAY_MS);
  path = mf_autosave_get_path (autosave);
  g_assert_true (g_str_has_prefix (path, session));

  /* nothing to keep before an edit */
  spin (3 * DELAY_MS);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));

  g_assert_true (mf_edit_document_set_title (doc, "Edited once", NULL));
  wait_for_file (path, TRUE);
  spin (2 * DELAY_MS);
  assert_copy_is (path, doc);

  g_assert_true (mf_edit_document_set_title (doc, "Edited twice", NULL));
  spin (4 * DELAY_MS);
  assert_copy_is (path, doc);

  g_assert_true (mf_edit_document_save (doc, file, &error));
  g_assert_no_error (error);
  wait_for_file (path, FALSE);

  /* undone past the save: modified again, copied again */
  g_assert_true (mf_edit_document_undo (doc));
  wait_for_file (path, TRUE);
  spin (2 * DELAY_MS);
  assert_copy_is (path, doc);
  /* redone to what was saved: nothing to keep */
  g_assert_true (mf_edit_document_redo (doc));
  wait_for_file (path, FALSE);

  g_assert_true (mf_edit_document_set_title (doc, "Edited three times", NULL));
  wait_for_file (path, TRUE);
  mf_autosave_free (autosave);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  mf_recovery_free (recovery);
  g_assert_false (g_file_test (session, G_FILE_TEST_EXISTS));
  /* the user's own file was never touched by the copies */
  g_assert_true (g_file_test (saved, G_FILE_TEST_IS_REGULAR));
  remove_tree (dir);
}

/* Edits that keep coming do not hold the copy back for ever. */
static void
test_steady_editing (void)
{
  g_autofree char *dir = temp_dir ();
  g_autoptr (MfEditDocument) doc = example_document ("three-pipes.manifold");
  g_autoptr (MfRecovery) recovery = mf_recovery_new (dir, NULL);
  g_autoptr (MfAutosave) autosave = mf_autosave_new (recovery, doc, DELAY_MS);
  gint64 end = g_get_monotonic_time () + 2 * MF_AUTOSAVE_MAX_WAIT * DELAY_MS * 1000;
  gboolean written = FALSE;

  for (guint i = 0; g_get_monotonic_time () < end; i++)
    {
      g_autofree char *title = g_strdup_printf ("Edit %u", i);

      /* an edit every quarter of the delay */
      g_assert_true (mf_edit_document_set_title (doc, title, NULL));
      spin (DELAY_MS / 4);
      written = written || g_file_test (mf_autosave_get_path (autosave), G_FILE_TEST_EXISTS);
    }
  g_assert_true (written);
  g_clear_pointer (&autosave, mf_autosave_free);
  g_clear_pointer (&recovery, mf_recovery_free);
  remove_tree (dir);
}

/* The child of test_found_after_kill: a document with unsaved changes whose
 * copy is written, then the process is killed. */
static void
killed_with_changes (void)
{
  const char *dir = g_getenv ("MF_TEST_RECOVERY_DIR");
  MfEditDocument *doc;
  MfRecovery *recovery;
  MfAutosave *autosave;
  g_autofree char *text = NULL;
  g_autofree char *expected = NULL;

  if (!g_test_subprocess ())
    {
      g_test_skip ("the process that /recovery/found-after-kill kills");
      return;
    }
  doc = example_document ("three-pipes.manifold");
  recovery = mf_recovery_new (dir, NULL);
  autosave = mf_autosave_new (recovery, doc, DELAY_MS);
  expected = g_build_filename (dir, "expected.manifold", NULL);
  g_assert_true (mf_edit_document_set_title (doc, "Killed with changes", NULL));
  wait_for_file (mf_autosave_get_path (autosave), TRUE);
  spin (2 * DELAY_MS);
  text = text_of (doc);
  g_assert_true (g_file_set_contents (expected, text, -1, NULL));
  raise (SIGKILL);
}

static void
assert_sessions (const char *dir, guint expected)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint sessions = 0;

  while ((name = g_dir_read_name (d)) != NULL)
    sessions += g_str_has_prefix (name, "session-");
  g_assert_cmpuint (sessions, ==, expected);
}

/* A copy is found once the process that wrote it is killed, never while
 * its Manifold runs, and by one Manifold at a time; one neither restored
 * nor discarded is offered again; restored, it is the same text, where the
 * user's file is, modified; discarded, it goes with its session. */
static void
test_found_after_kill (void)
{
  const char *dir = g_getenv ("MF_TEST_RECOVERY_DIR");
  g_autofree char *expected_path = g_build_filename (dir, "expected.manifold", NULL);
  g_autofree char *expected = NULL;
  g_autofree char *example_path = g_build_filename (g_getenv ("MANIFOLD_EXAMPLES"),
                                                    "three-pipes.manifold", NULL);
  g_autoptr (GFile) example_file = g_file_new_for_path (example_path);
  g_autoptr (MfEditDocument) live_doc = example_document ("valve-closing.manifold");
  g_autoptr (MfRecovery) live = mf_recovery_new (dir, NULL);
  g_autoptr (MfAutosave) live_copy = mf_autosave_new (live, live_doc, DELAY_MS);
  g_autoptr (MfRecovery) next = NULL;
  g_autoptr (MfRecovery) third = NULL;
  g_autoptr (GPtrArray) found = NULL;
  g_autoptr (GPtrArray) none = NULL;
  g_autoptr (GPtrArray) again = NULL;
  g_autoptr (MfEditDocument) restored = mf_edit_document_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *restored_text = NULL;
  MfRecovered *recovered;
  GBytes *data;

  /* a Manifold still running with unsaved changes of its own */
  g_assert_true (mf_edit_document_set_title (live_doc, "Still open", NULL));
  g_assert_true (mf_autosave_write_now (live_copy, &error));
  g_assert_no_error (error);

  g_test_trap_subprocess ("/recovery/killed-with-changes", 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_assert_false (g_test_trap_has_passed ());
  g_assert_true (g_file_get_contents (expected_path, &expected, NULL, NULL));

  next = mf_recovery_new (dir, NULL);
  found = mf_recovery_take_orphans (next);
  /* the killed one's copy, not the running one's */
  g_assert_cmpuint (found->len, ==, 1);
  recovered = g_ptr_array_index (found, 0);
  g_assert_cmpstr (mf_recovered_get_title (recovered), ==, "Killed with changes");
  g_assert_true (g_file_equal (mf_recovered_get_file (recovered), example_file));
  g_assert_cmpint (ABS (g_date_time_to_unix (mf_recovered_get_time (recovered))
                        - g_get_real_time () / G_USEC_PER_SEC), <=, 60);
  data = mf_recovered_get_data (recovered);
  g_assert_cmpmem (g_bytes_get_data (data, NULL), g_bytes_get_size (data), expected,
                   strlen (expected));

  /* a third Manifold starting meanwhile is not offered it too */
  third = mf_recovery_new (dir, NULL);
  none = mf_recovery_take_orphans (third);
  g_assert_cmpuint (none->len, ==, 0);

  /* neither restored nor discarded: offered again */
  g_clear_pointer (&found, g_ptr_array_unref);
  again = mf_recovery_take_orphans (third);
  g_assert_cmpuint (again->len, ==, 1);
  recovered = g_ptr_array_index (again, 0);
  data = mf_recovered_get_data (recovered);

  g_assert_true (mf_edit_document_load_recovered (restored, g_bytes_get_data (data, NULL),
                                                  (gssize) g_bytes_get_size (data),
                                                  "three-pipes.manifold",
                                                  mf_recovered_get_file (recovered), &error));
  g_assert_no_error (error);
  g_assert_true (mf_edit_document_get_modified (restored));
  g_assert_true (g_file_equal (mf_edit_document_get_file (restored), example_file));
  restored_text = text_of (restored);
  g_assert_cmpstr (restored_text, ==, expected);

  assert_sessions (dir, 4);
  mf_recovered_discard (recovered);
  g_clear_pointer (&again, g_ptr_array_unref);
  /* the killed one's session went with its last copy */
  assert_sessions (dir, 3);
  g_clear_pointer (&none, g_ptr_array_unref);
  none = mf_recovery_take_orphans (next);
  g_assert_cmpuint (none->len, ==, 0);

  g_clear_pointer (&live_copy, mf_autosave_free);
  g_clear_pointer (&live, mf_recovery_free);
  g_clear_pointer (&next, mf_recovery_free);
  g_clear_pointer (&third, mf_recovery_free);
  assert_sessions (dir, 0);
  g_unlink (expected_path);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

int
main (int argc, char **argv)
{
  /* the folder of /recovery/found-after-kill, which the process it kills
   * inherits; set before any thread runs */
  if (g_getenv ("MF_TEST_RECOVERY_DIR") == NULL)
    {
      g_autofree char *dir = temp_dir ();

      g_setenv ("MF_TEST_RECOVERY_DIR", dir, TRUE);
    }
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/recovery/follows-the-document", test_follows_the_document);
  g_test_add_func ("/recovery/steady-editing", test_steady_editing);
  g_test_add_func ("/recovery/found-after-kill", test_found_after_kill);
  g_test_add_func ("/recovery/killed-with-changes", killed_with_changes);
  return g_test_run ();
}
