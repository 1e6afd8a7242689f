/* test-edit-document.c: the editor's document model, its circuit: loading
 * and reading, components, wires and the clipboard.  Every edit is checked
 * three ways: what it changed, that undo gives back the identical text of
 * before, and that redo gives the identical text of after.  The document's
 * other fields are in test-edit-fields.c.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>
#include <unistd.h>

#include "mf-document.h"
#include "mf-spool.h"
#include "mf-test-edit-document.h"

static void
assert_param (MfEditDocument *doc, const char *id, const char *param, const char *expected)
{
  int index = mf_edit_document_find_component (doc, id);
  g_autofree char *text = NULL;

  g_assert_cmpint (index, >=, 0);
  text = mf_edit_document_get_param_text (doc, (guint) index, param);
  g_assert_cmpstr (text, ==, expected);
}

static gboolean
has_wire (MfEditDocument *doc, const char *a, const char *b)
{
  for (guint i = 0; i < mf_edit_document_get_n_wires (doc); i++)
    {
      const char *x, *y;

      mf_edit_document_get_wire (doc, i, &x, &y);
      if ((strcmp (x, a) == 0 && strcmp (y, b) == 0) || (strcmp (x, b) == 0 && strcmp (y, a) == 0))
        return TRUE;
    }
  return FALSE;
}

static void
count (guint *counter)
{
  (*counter)++;
}

/* --- loading, reading ------------------------------------------------- */

static void
test_new (void)
{
  g_autoptr (MfEditDocument) doc = mf_edit_document_new ();
  g_autofree char *text = text_of (doc);

  g_assert_cmpstr (text, ==, "{\n  \"manifold\": 1,\n  \"title\": \"Untitled circuit\",\n"
                   "  \"components\": [],\n  \"wires\": []\n}\n");
  g_assert_false (mf_edit_document_get_modified (doc));
  g_assert_false (mf_edit_document_get_can_undo (doc));
  g_assert_false (mf_edit_document_get_can_redo (doc));
  g_assert_null (mf_edit_document_get_undo_label (doc));
  g_assert_null (mf_edit_document_get_file (doc));
  g_assert_cmpstr (mf_edit_document_get_display_name (doc), ==, "Untitled circuit");
  g_assert_cmpuint (mf_edit_document_get_n_modes (doc), ==, 0);
  assert_loads (doc);
}

static void
test_examples (void)
{
  const char *dir_path = g_getenv ("MANIFOLD_EXAMPLES");
  g_autoptr (GDir) dir = NULL;
  const char *name;
  guint n = 0;

  g_assert_nonnull (dir_path);
  dir = g_dir_open (dir_path, 0, NULL);
  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir_path, name, NULL);
      g_autoptr (GFile) file = g_file_new_for_path (path);
      g_autoptr (MfEditDocument) doc = mf_edit_document_new ();
      g_autoptr (MfDocument) core = NULL;
      g_autoptr (GError) error = NULL;
      g_autofree char *expected = NULL;
      g_autofree char *text = NULL;
      const MfCircuit *circuit;
      guint n_own;

      if (!g_str_has_suffix (name, ".manifold"))
        continue;
      core = mf_document_load_file (path, NULL, &error);
      g_assert_no_error (error);
      g_assert_true (mf_edit_document_load_file (doc, file, &error));
      g_assert_no_error (error);
      expected = mf_document_to_data (core, NULL);
      text = text_of (doc);
      g_assert_cmpstr (text, ==, expected);
      g_assert_cmpstr (mf_edit_document_get_display_name (doc), ==, name);
      g_assert_true (g_file_equal (mf_edit_document_get_file (doc), file));
      g_assert_false (mf_edit_document_get_modified (doc));

      circuit = mf_document_get_circuit (core);
      /* the circuit adds the paths of directional valves after the document's
       * components, each with two wires after the document's (mf-spool.h) */
      n_own = 0;
      for (guint i = 0; i < circuit->components->len; i++)
        n_own += mf_spool_owner (circuit, i) == i;
      g_assert_cmpuint (mf_edit_document_get_n_components (doc), ==, n_own);
      g_assert_cmpuint (mf_edit_document_get_n_wires (doc), ==,
                        circuit->wires->len - 2 * (circuit->components->len - n_own));
      for (guint i = 0; i < n_own; i++)
        {
          const MfComponent *component = g_ptr_array_index (circuit->components, i);
          double x, y;

          g_assert_cmpstr (mf_edit_document_get_component_id (doc, i), ==, component->id);
          g_assert_true (mf_edit_document_get_component_info (doc, i) == component->info);
          g_assert_cmpint (mf_edit_document_find_component (doc, component->id), ==, (int) i);
          mf_edit_document_get_component_position (doc, i, &x, &y);
          g_assert_cmpfloat (x, ==, component->at[0]);
          g_assert_cmpfloat (y, ==, component->at[1]);
          g_assert_cmpint (mf_edit_document_get_component_rotation (doc, i), ==,
                           component->rotation);
        }
      n++;
    }
  g_assert_cmpuint (n, >=, 10);
}

static void
test_reading (void)
{
  g_autoptr (MfEditDocument) doc = fixture ();
  const MfComponentTypeInfo *info;
  const char *a, *b, *mode;
  double x, y, t;
  g_autofree char *t_end = NULL;
  g_autofree char *method = NULL;
  g_autofree char *rtol = NULL;
  g_autofree char *atol = NULL;

  g_assert_cmpstr (mf_edit_document_get_title (doc), ==, "Test circuit");
  g_assert_null (mf_edit_document_get_description (doc));
  g_assert_cmpuint (mf_edit_document_get_n_components (doc), ==, 9);
  g_assert_cmpint (mf_edit_document_find_component (doc, "CV1"), ==, 4);
  g_assert_cmpint (mf_edit_document_find_component (doc, "nope"), ==, -1);
  info = mf_edit_document_get_component_info (doc, 1);
  g_assert_cmpint (info->type, ==, MF_COMPONENT_PIPE);
  mf_edit_document_get_component_position (doc, 3, &x, &y);
  g_assert_cmpfloat (x, ==, 260);
  g_assert_cmpfloat (y, ==, 80);
  mf_edit_document_get_component_position (doc, 8, &x, &y);
  g_assert_cmpfloat (x, ==, 0);
  g_assert_cmpfloat (y, ==, 0);
  g_assert_cmpint (mf_edit_document_get_component_rotation (doc, 3), ==, 90);
  g_assert_cmpint (mf_edit_document_get_component_rotation (doc, 0), ==, 0);

  assert_param (doc, "P1", "length", "2.0");
  assert_param (doc, "P1", "diameter", "12 mm");
  assert_param (doc, "P1", "friction", "turbulent");
  assert_param (doc, "P1", "roughness", NULL);
  assert_param (doc, "V1", "area", "2e-5*ramp(t, 0.1, 0.3)");
  assert_param (doc, "V1", "cd", "0.61");
  assert_param (doc, "CV1", "area", "1e-05");
  assert_param (doc, "C1", "mass", "12");

  g_assert_cmpuint (mf_edit_document_get_n_wires (doc), ==, 9);
  mf_edit_document_get_wire (doc, 5, &a, &b);
  g_assert_cmpstr (a, ==, "CV1.b");
  g_assert_cmpstr (b, ==, "C1.cap");

  g_assert_cmpuint (mf_edit_document_get_n_modes (doc), ==, 2);
  g_assert_cmpstr (mf_edit_document_get_mode_name (doc, 1), ==, "shut");
  g_assert_true (mf_edit_document_mode_closes (doc, 1, "CV1"));
  g_assert_false (mf_edit_document_mode_closes (doc, 0, "CV1"));
  g_assert_cmpuint (mf_edit_document_get_n_schedule_entries (doc), ==, 2);
  mf_edit_document_get_schedule_entry (doc, 1, &t, &mode);
  g_assert_cmpfloat (t, ==, 0.5);
  g_assert_cmpstr (mode, ==, "shut");

  t_end = mf_edit_document_get_simulation_text (doc, "t_end");
  method = mf_edit_document_get_simulation_text (doc, "method");
  rtol = mf_edit_document_get_simulation_text (doc, "rtol");
  atol = mf_edit_document_get_simulation_text (doc, "atol");
  g_assert_cmpstr (t_end, ==, "2");
  g_assert_cmpstr (method, ==, "msbdf");
  g_assert_cmpstr (rtol, ==, "1e-06");
  g_assert_null (atol);
  g_assert_true (mf_edit_document_get_state_preferred (doc, "P1.v"));
  g_assert_false (mf_edit_document_get_state_preferred (doc, "P1.q"));
}

static void
test_load_failure (void)
{
  g_autoptr (MfEditDocument) doc = fixture ();
  g_autoptr (GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  guint changed = 0;

  g_assert_nonnull (mf_edit_document_add_component (doc, MF_COMPONENT_MASS, 10, 10, NULL));
  before = text_of (doc);
  g_signal_connect_swapped (doc, "changed", G_CALLBACK (count), &changed);

  g_assert_false (mf_edit_document_load_data (doc, "{\"manifold\": 1, \"components\": [\n"
                                              "  {\"id\": \"P1\", \"type\": \"pipe\"}]}",
                                              -1, "broken.manifold", &error));
  g_assert_error (error, MF_ERROR, MF_ERROR_INVALID);
  g_assert_true (g_str_has_prefix (error->message, "broken.manifold:2:3: "));
  g_clear_error (&error);
  g_assert_false (mf_edit_document_load_data (doc, "{\"manifold\": ", -1, "cut", &error));
  g_assert_error (error, MF_ERROR, MF_ERROR_SYNTAX);
  g_clear_error (&error);
  {
    g_autoptr (GFile) missing = g_file_new_for_path ("/nonexistent/x.manifold");

    g_assert_false (mf_edit_document_load_file (doc, missing, &error));
    g_assert_error (error, MF_ERROR, MF_ERROR_IO);
    g_clear_error (&error);
  }
  {
    /* larger than the loader reads: refused before it is read (a sparse file) */
    g_autofree char *path = g_build_filename (g_get_tmp_dir (), "mf-huge-XXXXXX", NULL);
    int fd = g_mkstemp (path);
    g_autoptr (GFile) huge = g_file_new_for_path (path);
    g_autofree char *expected = g_strdup_printf ("%s:1:1: the document is larger than 256 MiB",
                                                 path);

    g_assert_cmpint (fd, >=, 0);
    g_assert_cmpint (ftruncate (fd, (off_t) MF_DOCUMENT_MAX_SIZE + 1), ==, 0);
    g_close (fd, NULL);
    g_assert_false (mf_edit_document_load_file (doc, huge, &error));
    g_assert_error (error, MF_ERROR, MF_ERROR_INVALID);
    g_assert_cmpstr (error->message, ==, expected);
    g_unlink (path);
  }
  after = text_of (doc);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpuint (changed, ==, 0);
  g_assert_cmpstr (mf_edit_document_get_undo_label (doc), ==, "Add M1");
  g_assert_true (mf_edit_document_get_modified (doc));
}

/* --- components ------------------------------------------------------- */

static void
test_add (void)
{
  static const char *const expected_ids[MF_N_COMPONENT_TYPES] = {
    "T3", "J2", "A1", "P2", "O1", "V2", "CV2", "RV1", "Q1", "C2", "M1", "K2", "D1", "F1", "G2",
    "PU1", "PV1", "HM1", "I1", "KR1", "DR1", "TQ1", "GS1", "AC1", "DV1", "DV2", "FC1", "PR1"
  };
  g_autoptr (MfEditDocument) doc = fixture ();

  for (guint type = 0; type < MF_N_COMPONENT_TYPES; type++)
    {
      g_autofree char *before = text_of (doc);
      g_autoptr (GError) error = NULL;
      g_autofree char *label = g_strdup_printf ("Add %s", expected_ids[type]);
      const char *id = mf_edit_document_add_component (doc, type, 10.0 * type, 12.5, &error);
      guint last = mf_edit_document_get_n_components (doc) - 1;
      double x, y;

      g_assert_no_error (error);
      g_assert_cmpstr (id, ==, expected_ids[type]);
      g_assert_cmpstr (mf_edit_document_get_component_id (doc, last), ==, id);
      g_assert_cmpint (mf_edit_document_get_component_info (doc, last)->type, ==, type);
      mf_edit_document_get_component_position (doc, last, &x, &y);
      g_assert_cmpfloat (x, ==, 10.0 * type);
      g_assert_cmpfloat (y, ==, 12.5);
      assert_undoable (doc, before, label);
    }
  assert_param (doc, "P2", "length", "1 m");
  assert_param (doc, "P2", "diameter", "10 mm");
  assert_param (doc, "RV1", "set_pressure", "100 bar");
  assert_param (doc, "DV1", "full_area", "10 mm^2");
  assert_param (doc, "Q1", "flow", "10 L/min");
  assert_param (doc, "FC1", "flow", "10 L/min");
  assert_param (doc, "PR1", "set_pressure", "30 bar");
  assert_param (doc, "C2", "cap_area", "0.002");
  assert_param (doc, "K2", "stiffness", "10000");
  {
    g_autofree char *text = text_of (doc);

    /* integral positions print as integers, others as they are */
    g_assert_nonnull (strstr (text, "\"at\": [140, 12.5]"));
  }

  /* the first free number, not one more than the largest */
  {
    const char *const ids[] = { "P1", NULL };
    g_autoptr (MfEditDocument) fresh = fixture ();

    g_assert_true (mf_edit_document_rename_component (fresh, "P1", "P3", NULL));
    g_assert_cmpstr (mf_edit_document_add_component (fresh, MF_COMPONENT_PIPE, 0, 0, NULL), ==,
                     "P1");
    g_assert_cmpstr (mf_edit_document_add_component (fresh, MF_COMPONENT_PIPE, 0, 0, NULL), ==,
                     "P2");
    g_assert_cmpstr (mf_edit_document_add_component (fresh, MF_COMPONENT_PIPE, 0, 0, NULL), ==,
                     "P4");
    g_assert_true (mf_edit_document_remove_components (fresh, ids, NULL));
    g_assert_cmpstr (mf_edit_document_add_component (fresh, MF_COMPONENT_PIPE, 0, 0, NULL), ==,
                     "P1");
  }
}

static void
test_remove (void)
{
  g_autoptr (MfEditDocument) doc = fixture ();
  const char *const cv1[] = { "CV1", NULL };
  const char *const pair[] = { "P1", "C1", NULL };
  const char *const unknown[] = { "J1", "X9", NULL };
  g_autofree char *text = NULL;

  EDIT (doc, mf_edit_document_remove_components (doc, cv1, &error), "Delete CV1");
  g_assert_cmpint (mf_edit_document_find_component (doc, "CV1"), ==, -1);
  g_assert_false (has_wire (doc, "J1.p", "CV1.a"));
  g_assert_false (has_wire (doc, "CV1.b", "C1.cap"));
  g_assert_cmpuint (mf_edit_document_get_n_wires (doc), ==, 7);
  g_assert_true (mf_edit_document_mode_closes (doc, 1, "V1"));
  g_assert_false (mf_edit_document_mode_closes (doc, 1, "CV1"));

  EDIT (doc, mf_edit_document_remove_components (doc, pair, &error), "Delete 2 components");
  g_assert_false (mf_edit_document_get_state_preferred (doc, "P1.v"));
  g_assert_false (mf_edit_document_get_state_preferred (doc, "C1.v"));
  text = text_of (doc);
  g_assert_null (strstr (text, "P1.v"));
  g_assert_null (strstr (text, "C1.x"));
  g_assert_nonnull (strstr (text, "\"V1.v\": 0.5"));
  g_assert_null (strstr (text, "\"note\""));
  g_assert_cmpuint (mf_edit_document_get_n_wires (doc), ==, 3);

  REFUSED (doc, mf_edit_document_remove_components (doc, unknown, &error), "no component 'X9'");
}

static void
test_move (void)
{
  g_autoptr (MfEditDocument) doc = fixture ();
  const char *const p1[] = { "P1", NULL };
  const char *const three[] = { "P1", "J1", "G1", NULL };
  const char *const other[] = { "J1", NULL };
  g_autofree char *original = text_of (doc);
  double x, y;

  EDIT (doc, mf_edit_document_move_components (doc, p1, 20, -10, 0, &error), "Move P1");
  mf_edit_document_get_component_position (doc, 1, &x, &y);
  g_assert_cmpfloat (x, ==, 140);
  g_assert_cmpfloat (y, ==, 110);
  EDIT (doc, mf_edit_document_move_components (doc, three, 0.5, 1, 0, &error),
        "Move 3 components");
  mf_edit_document_get_component_position (doc, 8, &x, &y);
  g_assert_cmpfloat (x, ==, 0.5);
  g_assert_cmpfloat (y, ==, 1);

  /* one drag: many moves, one command */
  g_assert_true (mf_edit_document_undo (doc));
  g_assert_true (mf_edit_document_undo (doc));
  for (guint i = 0; i < 10; i++)
    g_assert_true (mf_edit_document_move_components (doc, three, 2, 3, 7, NULL));
  mf_edit_document_get_component_position (doc, 2, &x, &y);
  g_assert_cmpfloat (x, ==, 220);
  g_assert_cmpfloat (y, ==, 150);
  g_assert_cmpstr (mf_edit_document_get_undo_label (doc), ==, "Move 3 components");
  g_assert_true (mf_edit_document_undo (doc));
  g_assert_false (mf_edit_document_get_can_undo (doc));
  {
    g_autofree char *text = text_of (doc);

    g_assert_cmpstr (text, ==, original);
  }
  g_assert_true (mf_edit_document_redo (doc));
  mf_edit_document_get_component_position (doc, 2, &x, &y);
  g_assert_cmpfloat (x, ==, 220);

  /* another gesture, another set, or an undo in between: separate commands */
  g_assert_true (mf_edit_document_move_components (doc, three, 1, 1, 8, NULL));
  g_assert_true (mf_edit_document_move_components (doc, other, 1, 1, 8, NULL));
  g_assert_true (mf_edit_document_undo (doc));
  g_assert_cmpstr (mf_edit_document_get_undo_label (doc), ==, "Move 3 components");
  g_assert_true (mf_edit_document_undo (doc));
  g_assert_true (mf_edit_document_undo (doc));
  g_assert_false (mf_edit_document_get_can_undo (doc));

  REFUSED (doc, mf_edit_document_move_components (doc, (const char *const[]) { "Z1", NULL }, 1, 1,
                                                  0, &error), "no component 'Z1'");
}

static void
test_rotate (void)
{
  g_autoptr (MfEditDocument) doc = fixture ();
  const char *const ids[] = { "V1", "T1", NULL };

  EDIT (doc, mf_edit_document_rotate_components (doc, ids, &error), "Rotate 2 components");
  g_assert_cmpint (mf_edit_document_get_component_rotation (doc, 3), ==, 180);
  g_assert_cmpint (mf_edit_document_get_component_rotation (doc, 0), ==, 90);
  EDIT (doc, mf_edit_document_rotate_components (doc, ids, &error), NULL);
  EDIT (doc, mf_edit_document_rotate_components (doc, ids, &error), NULL);
  g_assert_cmpint (mf_edit_document_get_component_rotation (doc, 3), ==, 0);
  g_assert_cmpint (mf_edit_document_get_component_rotation (doc, 0), ==, 270);
  EDIT (doc, mf_edit_document_rotate_components (doc, ids + 1, &error), "Rotate T1");
  g_assert_cmpint (mf_edit_document_get_component_rotation (doc, 0), ==, 0);
}

static void
test_set_param (void)
{
  g_autoptr (MfEditDocument) doc = fixture ();
  g_autofree char *text = NULL;

  EDIT (doc, mf_edit_document_set_param (doc, "P1", "length", "2.5", &error), "Set P1 length");
  assert_param (doc, "P1", "length", "2.5");
  EDIT (doc, mf_edit_document_set_param (doc, "P1", "length", " 3 ", &error), NULL);
  assert_param (doc, "P1", "length", "3");
  EDIT (doc, mf_edit_document_set_param (doc, "P1", "diameter", "1/2 * 20 mm", &error), NULL);
  EDIT (doc, mf_edit_document_set_param (doc, "P1", "length", "1e-2", &error), NULL);
  assert_param (doc, "P1", "length", "0.01");
  EDIT (doc, mf_edit_document_set_param (doc, "T1", "pressure", "12 bar", &error), NULL);
  assert_param (doc, "T1", "pressure", "12 bar");
  EDIT (doc, mf_edit_document_set_param (doc, "CV1", "area", "1e-5*step(t, 0.2)", &error), NULL);
  /* a key of two words reads as two words in the undo label, not as
   * "cracking_pressure" */
  EDIT (doc, mf_edit_document_set_param (doc, "CV1", "cracking_pressure", "0.5 bar", &error),
        "Set CV1 cracking pressure");
  EDIT (doc, mf_edit_document_set_param (doc, "P1", "friction", "laminar", &error), NULL);
  /* a new parameter goes where the type's table puts it: before "at" */
  EDIT (doc, mf_edit_document_set_param (doc, "P1", "roughness", "0.01 mm", &error), NULL);
  text = text_of (doc);
  g_assert_nonnull (strstr (text, "\"friction\": \"laminar\",\n      \"roughness\": \"0.01 mm\",\n"
                            "      \"at\": [120, 120]"));
  /* removing a parameter: the default applies */
  /* the undo label names the parameter as the Properties panel does
   * (src/app/values/mf-field-names.c), not by its key "cd" */
  EDIT (doc, mf_edit_document_set_param (doc, "V1", "cd", NULL, &error),
        "Set V1 discharge coefficient (cd)");
  assert_param (doc, "V1", "cd", NULL);
  EDIT (doc, mf_edit_document_set_param (doc, "P1", "friction", "", &error), NULL);
  assert_param (doc, "P1", "friction", NULL);
  /* the same text again changes nothing and records nothing */
  g_assert_true (mf_edit_document_set_param (doc, "P1", "length", "1e-2", NULL));
  g_assert_cmpstr (mf_edit_document_get_undo_label (doc), ==, "Set P1 friction");

  REFUSED (doc, mf_edit_document_set_param (doc, "P1", "length", "100 bar", &error),
           "'100 bar' is a pressure, but 'length' is a length");
  REFUSED (doc, mf_edit_document_set_param (doc, "P1", "length", "-2 m", &error),
           "'length' must be positive");
  REFUSED (doc, mf_edit_document_set_param (doc, "P1", "length", "2 * (3 m", &error),
           "component 'P1': 'length'");
  REFUSED (doc, mf_edit_document_set_param (doc, "P1", "length", "ramp(t, 0, 1) * 1 m", &error),
           "'length' must not depend on t");
  REFUSED (doc, mf_edit_document_set_param (doc, "P1", "friction", "sticky", &error),
           "'friction' must be one of none, laminar, turbulent");
  REFUSED (doc, mf_edit_document_set_param (doc, "P1", "friction", "3", &error),
           "'friction' must be one of");
  REFUSED (doc, mf_edit_document_set_param (doc, "P1", "length", NULL, &error),
           "'length' of P1 is required");
  REFUSED (doc, mf_edit_document_set_param (doc, "P1", "colour", "red", &error),
           "pipe 'P1' has no parameter 'colour'");
  REFUSED (doc, mf_edit_document_set_param (doc, "X1", "length", "1", &error),
           "no component 'X1'");
  /* a volume needs one of two; the loader's own words say so */
  {
    const char *id = mf_edit_document_add_component (doc, MF_COMPONENT_VOLUME, 0, 0, NULL);

    g_assert_cmpstr (id, ==, "A1");
    REFUSED (doc, mf_edit_document_set_param (doc, "A1", "volume", NULL, &error),
             "volume 'A1' needs 'volume' or 'capacitance'");
  }
}

static void
test_rename (void)
{
  g_autoptr (MfEditDocument) doc = fixture ();
  g_autofree char *text = NULL;

  EDIT (doc, mf_edit_document_rename_component (doc, "CV1", "Check", &error),
        "Rename CV1 to Check");
  EDIT (doc, mf_edit_document_rename_component (doc, "C1", "Cyl", &error), NULL);
  EDIT (doc, mf_edit_document_rename_component (doc, "P1", "Line", &error), NULL);
  g_assert_cmpint (mf_edit_document_find_component (doc, "Check"), ==, 4);
  g_assert_true (has_wire (doc, "J1.p", "Check.a"));
  g_assert_true (has_wire (doc, "Check.b", "Cyl.cap"));
  g_assert_true (mf_edit_document_mode_closes (doc, 1, "Check"));
  g_assert_true (mf_edit_document_get_state_preferred (doc, "Line.v"));
  g_assert_true (mf_edit_document_get_state_preferred (doc, "Cyl.v"));
  text = text_of (doc);
  g_assert_nonnull (strstr (text, "\"initial\": {\n    \"Line.v\": 0.0,\n    \"Cyl.x\": 0.05,"));
  g_assert_null (strstr (text, "CV1"));
  assert_loads (doc);

  /* an id that is a prefix of another's is not confused with it */
  EDIT (doc, mf_edit_document_rename_component (doc, "T1", "T", &error), NULL);
  g_assert_true (has_wire (doc, "V1.b", "T2.p"));

  REFUSED (doc, mf_edit_document_rename_component (doc, "J1", "T2", &error), "already used");
  REFUSED (doc, mf_edit_document_rename_component (doc, "J1", "J.1", &error), "'.'");
  REFUSED (doc, mf_edit_document_rename_component (doc, "J1", "", &error), "must not be empty");
  /* the loader's rule for ids, one copy of it */
  REFUSED (doc, mf_edit_document_rename_component (doc, "J1", "J\n1", &error),
           "white space ('\\n')");
  REFUSED (doc, mf_edit_document_rename_component (doc, "J1", "J\x1b[2J", &error),
           "control or invisible characters ('\\x1b')");
  REFUSED (doc, mf_edit_document_rename_component (doc, "J1",
                                                   "J1234567890123456789012345678901234567890"
                                                   "123456789012345678901234567890", &error),
           "at most 64 characters long, not 71");
  EDIT (doc, mf_edit_document_rename_component (doc, "J1", "Ü1", &error), NULL);
  g_assert_true (has_wire (doc, "Ü1.p", "Check.a"));
  REFUSED (doc, mf_edit_document_rename_component (doc, "Q7", "Q8", &error), "no component");
}

/* --- wires ------------------------------------------------------------ */

static void
test_connect (void)
{
  g_autoptr (MfEditDocument) doc = fixture ();

  g_assert_cmpstr (mf_edit_document_add_component (doc, MF_COMPONENT_PIPE, 0, 0, NULL), ==, "P2");
  g_assert_cmpstr (mf_edit_document_add_component (doc, MF_COMPONENT_MASS, 0, 0, NULL), ==, "M1");
  EDIT (doc, mf_edit_document_connect (doc, "P2.a", "J1.p", &error), "Connect P2.a to J1.p");
  g_assert_true (has_wire (doc, "P2.a", "J1.p"));
  EDIT (doc, mf_edit_document_connect (doc, "M1.m", "C1.m", &error), "Connect M1.m to C1.m");

  REFUSED (doc, mf_edit_document_connect (doc, "P2", "J1.p", &error), "'P2' is not a port");
  REFUSED (doc, mf_edit_document_connect (doc, "P9.a", "J1.p", &error), "no component 'P9'");
  REFUSED (doc, mf_edit_document_connect (doc, "P2.c", "J1.p", &error),
           "P2 (pipe) has no port 'c'; its ports are a, b");
  REFUSED (doc, mf_edit_document_connect (doc, "P2.b", "P2.b", &error), "to itself");
  REFUSED (doc, mf_edit_document_connect (doc, "P2.b", "M1.m", &error),
           "'P2.b' is a hydraulic port and 'M1.m' a mechanical one");
  REFUSED (doc, mf_edit_document_connect (doc, "J1.p", "P2.a", &error), "already joined");
  /* joined through the junction's node, not by a wire of their own */
  REFUSED (doc, mf_edit_document_connect (doc, "P1.b", "CV1.a", &error), "already joined");
  REFUSED (doc, mf_edit_document_connect (doc, "K1.a", "M1.m", &error), "already joined");
}

static void
test_remove_wire (void)
{
  g_autoptr (MfEditDocument) doc = fixture ();
  const char *a, *b;

  EDIT (doc, mf_edit_document_remove_wire (doc, 2, &error), "Disconnect J1.p from V1.a");
  g_assert_false (has_wire (doc, "J1.p", "V1.a"));
  g_assert_cmpuint (mf_edit_document_get_n_wires (doc), ==, 8);
  mf_edit_document_get_wire (doc, 2, &a, &b);
  g_assert_cmpstr (a, ==, "J1.p");
  g_assert_cmpstr (b, ==, "CV1.a");
  REFUSED (doc, mf_edit_document_remove_wire (doc, 8, &error), "no wire 9");
}

/* --- clipboard -------------------------------------------------------- */

static void
test_copy_paste (void)
{
  g_autoptr (MfEditDocument) doc = fixture ();
  g_autoptr (MfEditDocument) other = mf_edit_document_new ();
  const char *const ids[] = { "J1", "CV1", "C1", NULL };
  g_autofree char *fragment = mf_edit_document_copy (doc, ids);
  g_autofree char *before = text_of (doc);
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) pasted = NULL;
  g_auto (GStrv) again = NULL;
  double x, y;

  /* the components in document order and only the wires between them */
  g_assert_nonnull (strstr (fragment, "\"id\": \"J1\""));
  g_assert_nonnull (strstr (fragment, "[\"J1.p\", \"CV1.a\"]"));
  g_assert_nonnull (strstr (fragment, "[\"CV1.b\", \"C1.cap\"]"));
  g_assert_null (strstr (fragment, "\"V1.a\""));
  g_assert_null (strstr (fragment, "K1"));

  pasted = mf_edit_document_paste (doc, fragment, 40, 20, &error);
  g_assert_no_error (error);
  g_assert_nonnull (pasted);
  g_assert_cmpuint (g_strv_length (pasted), ==, 3);
  g_assert_cmpstr (pasted[0], ==, "J2");
  g_assert_cmpstr (pasted[1], ==, "CV2");
  g_assert_cmpstr (pasted[2], ==, "C2");
  g_assert_true (has_wire (doc, "J2.p", "CV2.a"));
  g_assert_true (has_wire (doc, "CV2.b", "C2.cap"));
  mf_edit_document_get_component_position (doc, (guint) mf_edit_document_find_component (doc,
                                                                                       "C2"),
                                           &x, &y);
  g_assert_cmpfloat (x, ==, 460);
  g_assert_cmpfloat (y, ==, 140);
  assert_param (doc, "CV2", "area", "1e-05");
  assert_undoable (doc, before, "Paste 3 components");

  /* pasted again: new ids again, none of the first paste's */
  again = mf_edit_document_paste (doc, fragment, 80, 40, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (again[0], ==, "J3");
  g_assert_true (has_wire (doc, "CV3.b", "C3.cap"));

  /* into a document where nothing clashes, the ids stay */
  g_strfreev (pasted);
  pasted = mf_edit_document_paste (other, fragment, 0, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (pasted[1], ==, "CV1");
  g_assert_cmpuint (mf_edit_document_get_n_wires (other), ==, 2);
  g_assert_cmpstr (mf_edit_document_get_undo_label (other), ==, "Paste 3 components");

  g_clear_error (&error);
  g_assert_null (mf_edit_document_paste (other, "not json", 0, 0, &error));
  g_assert_error (error, MF_ERROR, MF_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_null (mf_edit_document_paste (other, "{\"components\": [{\"id\": \"X\"}]}", 0, 0,
                                         &error));
  g_assert_error (error, MF_ERROR, MF_ERROR_INVALID);
  g_clear_error (&error);
  /* a fragment whose parameters would not load is refused whole */
  g_assert_null (mf_edit_document_paste (other, "{\"components\": [{\"id\": \"P1\", \"type\": "
                                         "\"pipe\", \"length\": \"1 bar\", "
                                         "\"diameter\": \"1 cm\"}]}", 0, 0, &error));
  g_assert_error (error, MF_ERROR, MF_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "'1 bar' is a pressure"));
  g_assert_cmpuint (mf_edit_document_get_n_components (other), ==, 3);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/app/model/new", test_new);
  g_test_add_func ("/app/model/examples", test_examples);
  g_test_add_func ("/app/model/reading", test_reading);
  g_test_add_func ("/app/model/load-failure", test_load_failure);
  g_test_add_func ("/app/model/add", test_add);
  g_test_add_func ("/app/model/remove", test_remove);
  g_test_add_func ("/app/model/move", test_move);
  g_test_add_func ("/app/model/rotate", test_rotate);
  g_test_add_func ("/app/model/set-param", test_set_param);
  g_test_add_func ("/app/model/rename", test_rename);
  g_test_add_func ("/app/model/connect", test_connect);
  g_test_add_func ("/app/model/remove-wire", test_remove_wire);
  g_test_add_func ("/app/model/copy-paste", test_copy_paste);
  return g_test_run ();
}
