/* test-edit-history.c: the editor document's undo history — groups, the
 * "modified" state and the properties that say it, saving, a parameter
 * dragged as one command, and a long random walk of edits that undo and
 * redo back to the identical text.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>
#include <string.h>

#include "mf-edit-document.h"
#include "mf-test-edit.h"
#include "mf-error.h"

static void
assert_text (MfEditDocument *doc, const char *expected)
{
  g_autofree char *text = text_of (doc);

  g_assert_cmpstr (text, ==, expected);
}

/* --- groups ----------------------------------------------------------- */

static void
test_group (void)
{
  g_autoptr (MfEditDocument) doc = example_document ("valve-closing.manifold");
  g_autofree char *before = text_of (doc);
  g_autofree char *after = NULL;
  const char *ids[] = { NULL, NULL };
  guint changed = 0;

  g_signal_connect_swapped (doc, "changed", G_CALLBACK (g_atomic_int_inc), &changed);
  mf_edit_document_begin_group (doc, "Add a branch");
  ids[0] = mf_edit_document_add_component (doc, MF_COMPONENT_PIPE, 300, 300, NULL);
  g_assert_cmpstr (ids[0], ==, "P3");
  g_assert_true (mf_edit_document_move_components (doc, ids, 20, 0, 1, NULL));
  g_assert_true (mf_edit_document_connect (doc, "P3.a", "J2.p", NULL));
  /* groups nest; the outer label names the command */
  mf_edit_document_begin_group (doc, "inner");
  g_assert_true (mf_edit_document_set_param (doc, "P3", "length", "3 m", NULL));
  g_assert_true (mf_edit_document_add_mode (doc, "extra", NULL));
  mf_edit_document_end_group (doc);
  /* a refused edit inside a group leaves the group's edits alone */
  g_assert_false (mf_edit_document_set_param (doc, "P3", "length", "3 bar", NULL));
  g_assert_false (mf_edit_document_get_can_undo (doc));
  mf_edit_document_end_group (doc);
  g_assert_cmpuint (changed, ==, 5);

  after = text_of (doc);
  g_assert_nonnull (strstr (after, "\"length\": \"3 m\""));
  g_assert_nonnull (strstr (after, "\"at\": [320, 300]"));
  g_assert_cmpstr (mf_edit_document_get_undo_label (doc), ==, "Add a branch");
  assert_loads (doc);
  g_assert_true (mf_edit_document_undo (doc));
  assert_text (doc, before);
  g_assert_false (mf_edit_document_get_can_undo (doc));
  g_assert_cmpstr (mf_edit_document_get_redo_label (doc), ==, "Add a branch");
  g_assert_true (mf_edit_document_redo (doc));
  assert_text (doc, after);

  /* a group that changed nothing records nothing */
  mf_edit_document_begin_group (doc, "Nothing");
  g_assert_true (mf_edit_document_set_title (doc, mf_edit_document_get_title (doc), NULL));
  mf_edit_document_end_group (doc);
  g_assert_cmpstr (mf_edit_document_get_undo_label (doc), ==, "Add a branch");
}

/* --- modified, labels, notifications ---------------------------------- */

typedef struct
{
  guint modified;
  guint can_undo;
  guint can_redo;
  guint undo_label;
  guint changed;
} Counts;

static void
on_notify (GObject *object, GParamSpec *pspec, Counts *counts)
{
  if (strcmp (pspec->name, "modified") == 0)
    counts->modified++;
  else if (strcmp (pspec->name, "can-undo") == 0)
    counts->can_undo++;
  else if (strcmp (pspec->name, "can-redo") == 0)
    counts->can_redo++;
  else if (strcmp (pspec->name, "undo-label") == 0)
    counts->undo_label++;
}

static void
test_modified (void)
{
  g_autoptr (MfEditDocument) doc = example_document ("three-pipes.manifold");
  const char *const p1[] = { "P1", NULL };
  Counts counts = { 0 };
  g_autofree char *label = NULL;

  g_signal_connect (doc, "notify", G_CALLBACK (on_notify), &counts);
  g_signal_connect_swapped (doc, "changed", G_CALLBACK (g_atomic_int_inc), &counts.changed);
  g_assert_false (mf_edit_document_get_modified (doc));

  g_assert_true (mf_edit_document_move_components (doc, p1, 10, 0, 0, NULL));
  g_assert_true (mf_edit_document_get_modified (doc));
  g_assert_true (mf_edit_document_get_can_undo (doc));
  g_assert_cmpuint (counts.modified, ==, 1);
  g_assert_cmpuint (counts.can_undo, ==, 1);
  g_assert_cmpuint (counts.undo_label, ==, 1);
  g_assert_cmpuint (counts.changed, ==, 1);
  g_object_get (doc, "undo-label", &label, NULL);
  g_assert_cmpstr (label, ==, "Move P1");

  /* a second command with the same label notifies neither flag nor label */
  g_assert_true (mf_edit_document_move_components (doc, p1, 10, 0, 0, NULL));
  g_assert_cmpuint (counts.modified, ==, 1);
  g_assert_cmpuint (counts.undo_label, ==, 1);
  g_assert_cmpuint (counts.changed, ==, 2);

  /* undoing back to what was loaded clears "modified" */
  g_assert_true (mf_edit_document_undo (doc));
  g_assert_true (mf_edit_document_get_modified (doc));
  g_assert_true (mf_edit_document_undo (doc));
  g_assert_false (mf_edit_document_get_modified (doc));
  g_assert_false (mf_edit_document_get_can_undo (doc));
  g_assert_true (mf_edit_document_get_can_redo (doc));
  g_assert_cmpuint (counts.modified, ==, 2);
  g_assert_cmpuint (counts.can_undo, ==, 2);
  g_assert_cmpuint (counts.can_redo, ==, 1);
  g_assert_false (mf_edit_document_undo (doc));
  g_assert_true (mf_edit_document_redo (doc));
  g_assert_true (mf_edit_document_get_modified (doc));

  /* an edit after an undo drops what could be redone */
  g_assert_true (mf_edit_document_undo (doc));
  g_assert_true (mf_edit_document_rotate_components (doc, p1, NULL));
  g_assert_false (mf_edit_document_get_can_redo (doc));
  g_assert_cmpstr (mf_edit_document_get_undo_label (doc), ==, "Rotate P1");

  /* an edit that changes nothing is no command and keeps "modified" */
  g_assert_true (mf_edit_document_undo (doc));
  g_assert_false (mf_edit_document_get_modified (doc));
  g_assert_true (mf_edit_document_move_components (doc, p1, 0, 0, 0, NULL));
  g_assert_false (mf_edit_document_get_modified (doc));
  g_assert_false (mf_edit_document_get_can_undo (doc));
}

/* --- saving ----------------------------------------------------------- */

static void
test_save (void)
{
  g_autoptr (MfEditDocument) doc = example_document ("pump-relief-valve.manifold");
  g_autoptr (MfEditDocument) reread = mf_edit_document_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("manifold-model-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "saved.manifold", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autofree char *text = NULL;
  g_autofree char *contents = NULL;
  const char *const j1[] = { "J1", NULL };
  guint file_notes = 0;

  g_assert_no_error (error);
  g_signal_connect_swapped (doc, "notify::file", G_CALLBACK (g_atomic_int_inc), &file_notes);

  /* with no file given, the one it was loaded from is replaced: use a copy */
  g_assert_true (mf_edit_document_remove_components (doc, j1, NULL));
  g_assert_true (mf_edit_document_get_modified (doc));
  g_assert_true (mf_edit_document_save (doc, file, &error));
  g_assert_no_error (error);
  g_assert_false (mf_edit_document_get_modified (doc));
  g_assert_true (g_file_equal (mf_edit_document_get_file (doc), file));
  g_assert_cmpstr (mf_edit_document_get_display_name (doc), ==, "saved.manifold");
  g_assert_cmpuint (file_notes, ==, 1);
  g_assert_true (mf_edit_document_get_can_undo (doc));

  text = text_of (doc);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, text);
  g_assert_true (mf_edit_document_load_file (reread, file, &error));
  g_assert_no_error (error);
  assert_text (reread, text);

  /* the saved position in the history: away and back again */
  g_assert_true (mf_edit_document_undo (doc));
  g_assert_true (mf_edit_document_get_modified (doc));
  g_assert_true (mf_edit_document_redo (doc));
  g_assert_false (mf_edit_document_get_modified (doc));
  g_assert_true (mf_edit_document_set_title (doc, "Changed", NULL));
  g_assert_true (mf_edit_document_save (doc, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (file_notes, ==, 1);
  g_free (contents);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_nonnull (strstr (contents, "\"title\": \"Changed\""));
  /* the save left no temporary file behind */
  {
    g_autoptr (GDir) listing = g_dir_open (dir, 0, NULL);

    g_assert_cmpstr (g_dir_read_name (listing), ==, "saved.manifold");
    g_assert_null (g_dir_read_name (listing));
  }
  /* undoing past the save, then editing: the saved text can't come back */
  g_assert_true (mf_edit_document_undo (doc));
  g_assert_true (mf_edit_document_set_description (doc, "other", NULL));
  g_assert_true (mf_edit_document_get_modified (doc));

  {
    g_autoptr (MfEditDocument) fresh = mf_edit_document_new ();
    g_autoptr (GFile) nowhere = g_file_new_for_path ("/nonexistent-dir/x.manifold");

    g_assert_false (mf_edit_document_save (fresh, NULL, &error));
    g_assert_error (error, MF_ERROR, MF_ERROR_USAGE);
    g_clear_error (&error);
    g_assert_false (mf_edit_document_save (fresh, nowhere, &error));
    g_assert_error (error, MF_ERROR, MF_ERROR_IO);
    g_assert_null (mf_edit_document_get_file (fresh));
    g_clear_error (&error);
  }
  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* How an asynchronous save or load ended. */
typedef struct
{
  gboolean done;
  gboolean ok;
  GError  *error;
} SaveResult;

static void
on_saved (GObject *source, GAsyncResult *result, gpointer user_data)
{
  SaveResult *save = user_data;

  save->ok = mf_edit_document_save_finish (MF_EDIT_DOCUMENT (source), result, &save->error);
  save->done = TRUE;
}

static void
on_loaded (GObject *source, GAsyncResult *result, gpointer user_data)
{
  SaveResult *load = user_data;

  load->ok = mf_edit_document_load_file_finish (MF_EDIT_DOCUMENT (source), result, &load->error);
  load->done = TRUE;
}

static void
wait_for (SaveResult *save)
{
  while (!save->done)
    g_main_context_iteration (NULL, TRUE);
}

static void
test_save_async (void)
{
  g_autoptr (MfEditDocument) doc = example_document ("two-mass-spring.manifold");
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("manifold-model-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "async.manifold", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autofree char *written = NULL;
  g_autofree char *contents = NULL;
  SaveResult save = { 0 };

  g_assert_no_error (error);
  g_assert_true (mf_edit_document_set_title (doc, "Before the save", NULL));
  written = text_of (doc);
  mf_edit_document_save_async (doc, file, NULL, on_saved, &save);
  /* an edit while the file is written is not in it, and stays unsaved */
  g_assert_true (mf_edit_document_set_title (doc, "During the save", NULL));
  wait_for (&save);
  g_assert_no_error (save.error);
  g_assert_true (save.ok);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, written);
  g_assert_true (g_file_equal (mf_edit_document_get_file (doc), file));
  g_assert_true (mf_edit_document_get_modified (doc));
  g_assert_true (mf_edit_document_undo (doc));
  g_assert_false (mf_edit_document_get_modified (doc));

  /* read back without blocking */
  {
    g_autoptr (MfEditDocument) reread = mf_edit_document_new ();
    g_autoptr (GFile) missing = g_file_new_for_path ("/nonexistent-dir/x.manifold");
    SaveResult loaded = { 0 }, failed = { 0 };

    mf_edit_document_load_file_async (reread, file, NULL, on_loaded, &loaded);
    wait_for (&loaded);
    g_assert_no_error (loaded.error);
    g_assert_true (loaded.ok);
    assert_text (reread, written);
    g_assert_cmpstr (mf_edit_document_get_display_name (reread), ==, "async.manifold");
    mf_edit_document_load_file_async (reread, missing, NULL, on_loaded, &failed);
    wait_for (&failed);
    g_assert_error (failed.error, MF_ERROR, MF_ERROR_IO);
    g_clear_error (&failed.error);
    assert_text (reread, written);
  }

  /* no file: refused through the callback */
  {
    g_autoptr (MfEditDocument) fresh = mf_edit_document_new ();
    SaveResult refused = { 0 };

    mf_edit_document_save_async (fresh, NULL, NULL, on_saved, &refused);
    wait_for (&refused);
    g_assert_false (refused.ok);
    g_assert_error (refused.error, MF_ERROR, MF_ERROR_USAGE);
    g_clear_error (&refused.error);
  }
  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* --- commands that remember single components ------------------------- */

/* Undo gives `before` back byte for byte, redo `after`. */
static void
assert_undo_redo (MfEditDocument *doc, const char *before, const char *after)
{
  g_assert_true (mf_edit_document_undo (doc));
  assert_text (doc, before);
  g_assert_true (mf_edit_document_redo (doc));
  assert_text (doc, after);
}

static void
test_single_components (void)
{
  g_autoptr (MfEditDocument) doc = example_document ("valve-closing.manifold");
  g_autofree char *start = text_of (doc);
  g_autofree char *dragged = NULL;
  g_autofree char *mixed = NULL;
  g_autofree char *mixed_back = NULL;
  g_autoptr (GError) error = NULL;
  const char *pair[] = { "P1", "V1", NULL };
  const char *one[] = { "P1", NULL };
  const char *twice[] = { "J1", "J1", NULL };
  double x0, y0, x, y;

  /* one drag of two components: one command, merged move after move */
  mf_edit_document_get_component_position (doc, 0, &x0, &y0);
  for (guint i = 0; i < 5; i++)
    g_assert_true (mf_edit_document_move_components (doc, pair, 10, -2, 9, NULL));
  dragged = text_of (doc);
  g_assert_cmpstr (mf_edit_document_get_undo_label (doc), ==, "Move 2 components");
  assert_undo_redo (doc, start, dragged);
  g_assert_true (mf_edit_document_undo (doc));
  g_assert_false (mf_edit_document_get_can_undo (doc));
  g_assert_false (mf_edit_document_get_modified (doc));
  g_assert_true (mf_edit_document_redo (doc));

  /* a component listed twice moves once; ids still find their components */
  g_assert_true (mf_edit_document_move_components (doc, twice, 7, 0, 0, NULL));
  x = -1;
  mf_edit_document_get_component_position (doc, (guint) mf_edit_document_find_component (doc,
                                                                                         "J1"),
                                           &x, &y);
  g_assert_true (mf_edit_document_undo (doc));
  mf_edit_document_get_component_position (doc, (guint) mf_edit_document_find_component (doc,
                                                                                         "J1"),
                                           &x0, &y0);
  g_assert_cmpfloat (x, ==, x0 + 7);
  g_assert_true (mf_edit_document_redo (doc));
  g_assert_cmpint (mf_edit_document_find_component (doc, "P1"), >=, 0);

  /* a group that first changes components one by one, then all of them
   * (a delete), then one again: undo puts back every earlier value */
  g_free (dragged);
  dragged = text_of (doc);
  mf_edit_document_begin_group (doc, "Several");
  g_assert_true (mf_edit_document_move_components (doc, one, 5, 5, 0, NULL));
  g_assert_true (mf_edit_document_set_param (doc, "P1", "length", "7 m", NULL));
  g_assert_true (mf_edit_document_rotate_components (doc, pair, NULL));
  g_assert_true (mf_edit_document_remove_components (doc, (const char *[]) { "V1", NULL },
                                                     NULL));
  g_assert_true (mf_edit_document_set_param (doc, "P1", "diameter", "9 mm", NULL));
  g_assert_nonnull (mf_edit_document_add_component (doc, MF_COMPONENT_MASS, 0, 0, NULL));
  g_assert_true (mf_edit_document_move_components (doc, one, 1, 1, 0, NULL));
  mf_edit_document_end_group (doc);
  mixed = text_of (doc);
  assert_loads (doc);
  g_assert_cmpstr (mf_edit_document_get_undo_label (doc), ==, "Several");
  assert_undo_redo (doc, dragged, mixed);

  /* the other way round: all of them first, then one by one */
  mf_edit_document_begin_group (doc, "Other way");
  g_assert_nonnull (mf_edit_document_add_component (doc, MF_COMPONENT_SPRING, 10, 0, NULL));
  g_assert_true (mf_edit_document_move_components (doc, one, -5, 0, 0, NULL));
  /* refused after it touched the component: only its own change goes */
  g_assert_false (mf_edit_document_set_param (doc, "P1", "length", "3 bar", &error));
  g_assert_error (error, MF_ERROR, MF_ERROR_INVALID);
  g_assert_true (mf_edit_document_rotate_components (doc, one, NULL));
  mf_edit_document_end_group (doc);
  mixed_back = text_of (doc);
  assert_undo_redo (doc, mixed, mixed_back);

  /* back to the start, and forward to the end, through every command */
  while (mf_edit_document_undo (doc))
    ;
  assert_text (doc, start);
  while (mf_edit_document_redo (doc))
    ;
  assert_text (doc, mixed_back);
}

/* --- appending ------------------------------------------------------- */

/* A parameter dragged along a slider: one command per drag, whatever the
 * number of values it passed; another parameter, another drag or a typed
 * value each make their own. */
static void
test_dragged_param (void)
{
  g_autoptr (MfEditDocument) doc = example_document ("two-mass-spring.manifold");
  g_autofree char *start = text_of (doc);
  g_autofree char *after_drag = NULL;
  g_autofree char *stiffness = NULL;
  const char *values[] = { "120 MN/m", "150 MN/m", "2e8", "250 MN/m" };

  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    g_assert_true (mf_edit_document_drag_param (doc, "K2", "stiffness", values[i], 4, NULL));
  stiffness = mf_edit_document_get_param_text (doc, (guint) mf_edit_document_find_component (doc,
                                                                                           "K2"),
                                               "stiffness");
  g_assert_cmpstr (stiffness, ==, "250 MN/m");
  g_assert_cmpstr (mf_edit_document_get_undo_label (doc), ==, "Set K2 stiffness");
  after_drag = text_of (doc);
  assert_undo_redo (doc, start, after_drag);

  /* the same key on another parameter is another command */
  g_assert_true (mf_edit_document_drag_param (doc, "M2", "mass", "2 kg", 4, NULL));
  g_assert_true (mf_edit_document_undo (doc));
  assert_text (doc, after_drag);
  g_assert_true (mf_edit_document_undo (doc));
  assert_text (doc, start);
  g_assert_false (mf_edit_document_get_can_undo (doc));

  /* a new drag (a new key), and a typed value (key 0), start new commands */
  g_assert_true (mf_edit_document_drag_param (doc, "K2", "stiffness", "1e8", 5, NULL));
  g_assert_true (mf_edit_document_drag_param (doc, "K2", "stiffness", "3e8", 6, NULL));
  g_assert_true (mf_edit_document_drag_param (doc, "K2", "stiffness", "4e8", 0, NULL));
  g_assert_true (mf_edit_document_drag_param (doc, "K2", "stiffness", "5e8", 0, NULL));
  for (guint i = 0; i < 4; i++)
    g_assert_true (mf_edit_document_undo (doc));
  assert_text (doc, start);
  /* a value that does not load is refused and ends nothing */
  g_assert_false (mf_edit_document_drag_param (doc, "K2", "stiffness", "-1", 7, NULL));
  assert_text (doc, start);
}

/* An edit that only appends (a component added, a wire drawn) keeps just
 * what it appended; changed again in the same command — moved, turned,
 * the array touched whole by a removal — undo still gives the text back. */
static void
test_appended (void)
{
  g_autoptr (MfEditDocument) doc = example_document ("check-valve-cylinder.manifold");
  g_autofree char *original = text_of (doc);
  g_autofree char *after = NULL;
  g_autofree char *id = NULL;
  const char *both[] = { NULL, mf_edit_document_get_component_id (doc, 0), NULL };
  g_autofree char *first = g_strdup (both[1]);
  guint n = mf_edit_document_get_n_components (doc), wires = mf_edit_document_get_n_wires (doc);

  both[1] = first;
  for (int removal = 0; removal < 3; removal++)
    {
      g_autofree char *port = NULL;

      mf_edit_document_begin_group (doc, "Add, change and remove");
      id = g_strdup (mf_edit_document_add_component (doc, MF_COMPONENT_JUNCTION, 30, 60, NULL));
      both[0] = id;
      port = g_strdup_printf ("%s.p", id);
      g_assert_true (mf_edit_document_move_components (doc, both, 10, 0, 0, NULL));
      g_assert_true (mf_edit_document_rotate_components (doc, both, NULL));
      g_assert_true (mf_edit_document_connect (doc, port, "T1.p", NULL)
                     || mf_edit_document_connect (doc, port, "FS1.b", NULL)
                     || mf_edit_document_connect (doc, port, "P1.a", NULL));
      g_assert_nonnull (mf_edit_document_add_component (doc, MF_COMPONENT_ORIFICE, 50, 90, NULL));
      if (removal == 1)
        g_assert_true (mf_edit_document_remove_wire (doc, 0, NULL));
      else if (removal == 2)
        g_assert_true (mf_edit_document_remove_components (doc, both + 1, NULL));
      mf_edit_document_end_group (doc);
      g_assert_cmpuint (mf_edit_document_get_n_components (doc), ==, n + 2 - (removal == 2));
      g_assert_cmpuint (mf_edit_document_get_n_wires (doc), >=, wires + 1 - (removal == 1) - 4);
      g_free (after);
      after = text_of (doc);

      assert_undo_redo (doc, original, after);
      g_assert_true (mf_edit_document_undo (doc));
    }
}

/* --- a random walk ---------------------------------------------------- */

static const char *
random_id (MfEditDocument *doc, GRand *rand)
{
  guint n = mf_edit_document_get_n_components (doc);

  if (n == 0 || g_rand_int_range (rand, 0, 20) == 0)
    return "nobody";
  return mf_edit_document_get_component_id (doc, (guint) g_rand_int_range (rand, 0, (gint) n));
}

/* "ID.PORT" of a random component's random port. */
static char *
random_port (MfEditDocument *doc, GRand *rand)
{
  const char *id = random_id (doc, rand);
  int index = mf_edit_document_find_component (doc, id);
  const MfComponentTypeInfo *info;

  if (index < 0)
    return g_strdup ("nobody.a");
  info = mf_edit_document_get_component_info (doc, (guint) index);
  return g_strdup_printf ("%s.%s", id,
                          info->ports[g_rand_int_range (rand, 0, (gint) info->n_ports)].name);
}

static const char *
random_mode (MfEditDocument *doc, GRand *rand)
{
  guint n = mf_edit_document_get_n_modes (doc);

  if (n == 0)
    return "default";
  return mf_edit_document_get_mode_name (doc, (guint) g_rand_int_range (rand, 0, (gint) n));
}

static void
random_edit (MfEditDocument *doc, GRand *rand, guint step, char **clipboard)
{
  static const char *const texts[] = { "2", "0.5 m", "3 bar", "12 mm", "1e-5", "", "-1",
                                       "laminar", "2*ramp(t, 0, 1)", "oops(" };
  static const char *const fields[] = { "t_end", "rtol", "method", "atol", "step" };
  static const char *const field_texts[] = { "1", "1e-6", "rk4", "msbdf", "0", "" };
  const char *ids[] = { random_id (doc, rand), random_id (doc, rand), NULL };
  g_autofree char *a = random_port (doc, rand);
  g_autofree char *b = random_port (doc, rand);
  g_autofree char *name = g_strdup_printf ("m%d", g_rand_int_range (rand, 0, 4));

  switch (g_rand_int_range (rand, 0, 22))
    {
    case 0:
    case 1:
      mf_edit_document_add_component (doc, (MfComponentType) g_rand_int_range (
                                        rand, 0, MF_N_COMPONENT_TYPES),
                                      g_rand_int_range (rand, 0, 50) * 10, 40, NULL);
      break;
    case 2:
      mf_edit_document_remove_components (doc, ids, NULL);
      break;
    case 3:
    case 4:
      /* a drag now and then: its moves merge */
      mf_edit_document_move_components (doc, ids + 1, g_rand_double_range (rand, -5, 5), 2.5,
                                        step / 7 % 3, NULL);
      break;
    case 5:
      mf_edit_document_rotate_components (doc, ids, NULL);
      break;
    case 6:
      {
        int index = mf_edit_document_find_component (doc, ids[0]);
        const MfComponentTypeInfo *info = index >= 0
          ? mf_edit_document_get_component_info (doc, (guint) index) : NULL;

        if (info != NULL && info->n_params > 0)
          mf_edit_document_set_param (doc, ids[0],
                                      info->params[g_rand_int_range (rand, 0,
                                                                     (gint) info->n_params)].name,
                                      texts[g_rand_int_range (rand, 0, G_N_ELEMENTS (texts))],
                                      NULL);
      }
      break;
    case 7:
      mf_edit_document_rename_component (doc, ids[0], name + 1, NULL);
      break;
    case 8:
    case 9:
      mf_edit_document_connect (doc, a, b, NULL);
      break;
    case 10:
      mf_edit_document_remove_wire (doc, (guint) g_rand_int_range (rand, 0, 12), NULL);
      break;
    case 11:
      if (*clipboard == NULL || g_rand_boolean (rand))
        {
          g_free (*clipboard);
          *clipboard = mf_edit_document_copy (doc, ids);
        }
      g_strfreev (mf_edit_document_paste (doc, *clipboard, 20, 20, NULL));
      break;
    case 12:
      if (g_rand_boolean (rand))
        mf_edit_document_set_title (doc, name, NULL);
      else
        mf_edit_document_set_description (doc, g_rand_boolean (rand) ? name : "", NULL);
      break;
    case 13:
      mf_edit_document_add_mode (doc, name, NULL);
      break;
    case 14:
      if (g_rand_boolean (rand))
        mf_edit_document_rename_mode (doc, random_mode (doc, rand), name, NULL);
      else
        mf_edit_document_remove_mode (doc, random_mode (doc, rand), NULL);
      break;
    case 15:
      mf_edit_document_set_valve_closed (doc, random_mode (doc, rand), ids[0],
                                         g_rand_boolean (rand), NULL);
      break;
    case 16:
      {
        const double times[] = { 0, g_rand_double_range (rand, 0, 1) };
        const char *modes[] = { random_mode (doc, rand), random_mode (doc, rand) };

        mf_edit_document_set_schedule (doc, (guint) g_rand_int_range (rand, 0, 3), times, modes,
                                       NULL);
      }
      break;
    case 17:
      mf_edit_document_set_simulation_text (
        doc, fields[g_rand_int_range (rand, 0, G_N_ELEMENTS (fields))],
        field_texts[g_rand_int_range (rand, 0, G_N_ELEMENTS (field_texts))], NULL);
      break;
    case 18:
      {
        g_autofree char *state = g_strdup_printf ("%s.v", ids[0]);

        mf_edit_document_set_state_preferred (doc, state, g_rand_boolean (rand), NULL);
      }
      break;
    case 20:
      {
        /* what an edit appends, changed again in the same command: moved,
         * then the whole array touched by a removal */
        g_autofree char *id = NULL;
        const char *both[] = { NULL, ids[0], NULL };

        mf_edit_document_begin_group (doc, "Add, move and wire");
        id = g_strdup (mf_edit_document_add_component (doc, MF_COMPONENT_JUNCTION, 30, 60, NULL));
        both[0] = id;
        mf_edit_document_move_components (doc, both, 10, 0, 0, NULL);
        mf_edit_document_connect (doc, a, b, NULL);
        mf_edit_document_add_component (doc, MF_COMPONENT_ORIFICE, 50, 90, NULL);
        mf_edit_document_rotate_components (doc, both, NULL);
        if (g_rand_boolean (rand))
          mf_edit_document_remove_wire (doc, 0, NULL);
        else
          mf_edit_document_remove_components (doc, both + 1, NULL);
        mf_edit_document_end_group (doc);
      }
      break;
    case 21:
      /* a group that appends twice to the same arrays */
      mf_edit_document_begin_group (doc, "Add two");
      mf_edit_document_add_component (doc, MF_COMPONENT_PIPE, 70, 10, NULL);
      mf_edit_document_connect (doc, a, b, NULL);
      mf_edit_document_add_component (doc, MF_COMPONENT_TANK, 90, 10, NULL);
      mf_edit_document_connect (doc, b, a, NULL);
      mf_edit_document_end_group (doc);
      break;
    default:
      /* a group of two edits */
      mf_edit_document_begin_group (doc, "Two at once");
      mf_edit_document_rotate_components (doc, ids, NULL);
      mf_edit_document_connect (doc, a, b, NULL);
      mf_edit_document_end_group (doc);
      break;
    }
}

static void
test_random_walk (void)
{
  g_autoptr (MfEditDocument) doc = example_document ("check-valve-cylinder.manifold");
  g_autoptr (GRand) rand = g_rand_new_with_seed (20260417);
  g_autofree char *original = text_of (doc);
  g_autofree char *final = NULL;
  g_autofree char *clipboard = NULL;
  GPtrArray *texts = g_ptr_array_new_with_free_func (g_free);
  guint undone = 0, redone = 0;

  g_ptr_array_add (texts, g_strdup (original));
  for (guint step = 0; step < 2000; step++)
    {
      random_edit (doc, rand, step, &clipboard);
      if (step % 100 == 0)
        assert_loads (doc);
    }
  assert_loads (doc);
  final = text_of (doc);
  g_assert_cmpstr (final, !=, original);

  while (mf_edit_document_undo (doc))
    undone++;
  assert_text (doc, original);
  g_assert_false (mf_edit_document_get_modified (doc));
  g_assert_cmpuint (undone, >, 500);
  while (mf_edit_document_redo (doc))
    redone++;
  g_assert_cmpuint (redone, ==, undone);
  assert_text (doc, final);
  g_ptr_array_unref (texts);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/app/model/history/group", test_group);
  g_test_add_func ("/app/model/history/modified", test_modified);
  g_test_add_func ("/app/model/history/save", test_save);
  g_test_add_func ("/app/model/history/save-async", test_save_async);
  g_test_add_func ("/app/model/history/single-components", test_single_components);
  g_test_add_func ("/app/model/history/dragged-param", test_dragged_param);
  g_test_add_func ("/app/model/history/appended", test_appended);
  g_test_add_func ("/app/model/history/random-walk", test_random_walk);
  return g_test_run ();
}
