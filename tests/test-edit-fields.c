/* test-edit-fields.c: the editor's document model, the fields of a
 * document beside its circuit: title and description, modes and the valves
 * they close, the schedule, the simulation's settings and outputs, the
 * preferred states.  Each edit is checked as in test-edit-document.c: what
 * it changed, then undo and redo give back the texts of before and after.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <json-glib/json-glib.h>
#include <string.h>

#include "mf-document.h"
#include "mf-test-edit-document.h"

static void
test_title_description (void)
{
  g_autoptr (MfEditDocument) doc = fixture ();
  g_autofree char *text = NULL;

  EDIT (doc, mf_edit_document_set_title (doc, "Renamed", &error), "Change title");
  g_assert_cmpstr (mf_edit_document_get_title (doc), ==, "Renamed");
  EDIT (doc, mf_edit_document_set_description (doc, "Line one\nline \"two\"", &error),
        "Change description");
  g_assert_cmpstr (mf_edit_document_get_description (doc), ==, "Line one\nline \"two\"");
  /* a new description goes after the title, where docs/format.md puts it */
  text = text_of (doc);
  g_assert_true (g_str_has_prefix (text, "{\n  \"manifold\": 1,\n  \"title\": \"Renamed\",\n"
                                   "  \"description\": \"Line one\\nline \\\"two\\\"\",\n"));
  EDIT (doc, mf_edit_document_set_description (doc, "", &error), NULL);
  g_assert_null (mf_edit_document_get_description (doc));
  EDIT (doc, mf_edit_document_set_title (doc, NULL, &error), NULL);
  g_assert_null (mf_edit_document_get_title (doc));
}

static void
test_modes (void)
{
  g_autoptr (MfEditDocument) doc = fixture ();
  g_autoptr (MfEditDocument) empty = mf_edit_document_new ();
  const char *mode;

  EDIT (doc, mf_edit_document_add_mode (doc, "half", &error), "Add mode 'half'");
  g_assert_cmpuint (mf_edit_document_get_n_modes (doc), ==, 3);
  g_assert_cmpstr (mf_edit_document_get_mode_name (doc, 2), ==, "half");
  EDIT (doc, mf_edit_document_rename_mode (doc, "shut", "closed", &error),
        "Rename mode 'shut' to 'closed'");
  mf_edit_document_get_schedule_entry (doc, 1, NULL, &mode);
  g_assert_cmpstr (mode, ==, "closed");
  g_assert_true (mf_edit_document_mode_closes (doc, 1, "V1"));
  EDIT (doc, mf_edit_document_remove_mode (doc, "open", &error), "Delete mode 'open'");
  g_assert_cmpuint (mf_edit_document_get_n_schedule_entries (doc), ==, 1);
  mf_edit_document_get_schedule_entry (doc, 0, NULL, &mode);
  g_assert_cmpstr (mode, ==, "closed");

  REFUSED (doc, mf_edit_document_add_mode (doc, "half", &error), "already a mode 'half'");
  REFUSED (doc, mf_edit_document_add_mode (doc, "", &error), "must not be empty");
  REFUSED (doc, mf_edit_document_rename_mode (doc, "half", "closed", &error), "already a mode");
  REFUSED (doc, mf_edit_document_rename_mode (doc, "gone", "x", &error), "no mode 'gone'");
  REFUSED (doc, mf_edit_document_remove_mode (doc, "gone", &error), "no mode 'gone'");

  /* without modes there is "default"; the first mode added keeps it first */
  EDIT (empty, mf_edit_document_add_mode (empty, "other", &error), NULL);
  g_assert_cmpuint (mf_edit_document_get_n_modes (empty), ==, 2);
  g_assert_cmpstr (mf_edit_document_get_mode_name (empty, 0), ==, "default");
}

static void
test_valve_closed (void)
{
  g_autoptr (MfEditDocument) doc = fixture ();
  g_autoptr (MfEditDocument) plain = mf_edit_document_new ();

  EDIT (doc, mf_edit_document_set_valve_closed (doc, "open", "V1", TRUE, &error),
        "Close V1 in mode 'open'");
  g_assert_true (mf_edit_document_mode_closes (doc, 0, "V1"));
  EDIT (doc, mf_edit_document_set_valve_closed (doc, "shut", "CV1", FALSE, &error),
        "Open CV1 in mode 'shut'");
  g_assert_false (mf_edit_document_mode_closes (doc, 1, "CV1"));
  g_assert_true (mf_edit_document_mode_closes (doc, 1, "V1"));
  /* already so: nothing to record */
  g_assert_true (mf_edit_document_set_valve_closed (doc, "shut", "V1", TRUE, NULL));
  g_assert_cmpstr (mf_edit_document_get_undo_label (doc), ==, "Open CV1 in mode 'shut'");

  REFUSED (doc, mf_edit_document_set_valve_closed (doc, "open", "P1", TRUE, &error),
           "'P1' is a pipe, which cannot be closed");
  REFUSED (doc, mf_edit_document_set_valve_closed (doc, "nope", "V1", TRUE, &error),
           "no mode 'nope'");
  REFUSED (doc, mf_edit_document_set_valve_closed (doc, "open", "V9", TRUE, &error),
           "no component 'V9'");

  /* the implicit mode of a document without modes */
  g_assert_nonnull (mf_edit_document_add_component (plain, MF_COMPONENT_VALVE, 0, 0, NULL));
  EDIT (plain, mf_edit_document_set_valve_closed (plain, "default", "V1", TRUE, &error), NULL);
  g_assert_cmpuint (mf_edit_document_get_n_modes (plain), ==, 1);
  g_assert_true (mf_edit_document_mode_closes (plain, 0, "V1"));
}

static void
test_schedule (void)
{
  g_autoptr (MfEditDocument) doc = fixture ();
  const double times[] = { 0, 0.25, 1 };
  const char *const modes[] = { "shut", "open", "shut" };
  const double backwards[] = { 0, 1, 0.5 };
  const char *const unknown[] = { "open", "gone", "open" };
  const char *mode;
  double t;

  EDIT (doc, mf_edit_document_set_schedule (doc, 3, times, modes, &error), "Change schedule");
  g_assert_cmpuint (mf_edit_document_get_n_schedule_entries (doc), ==, 3);
  mf_edit_document_get_schedule_entry (doc, 1, &t, &mode);
  g_assert_cmpfloat (t, ==, 0.25);
  g_assert_cmpstr (mode, ==, "open");
  EDIT (doc, mf_edit_document_set_schedule (doc, 0, NULL, NULL, &error), NULL);
  g_assert_cmpuint (mf_edit_document_get_n_schedule_entries (doc), ==, 0);

  REFUSED (doc, mf_edit_document_set_schedule (doc, 3, backwards, modes, &error),
           "before the previous entry's");
  REFUSED (doc, mf_edit_document_set_schedule (doc, 3, times, unknown, &error),
           "schedule entry 2: there is no mode 'gone'");
}

static void
test_simulation (void)
{
  g_autoptr (MfEditDocument) doc = fixture ();
  g_autoptr (MfEditDocument) empty = mf_edit_document_new ();
  g_autofree char *t_end = NULL;
  g_autofree char *atol = NULL;

  EDIT (doc, mf_edit_document_set_simulation_text (doc, "t_end", "5", &error), "Set end time");
  t_end = mf_edit_document_get_simulation_text (doc, "t_end");
  g_assert_cmpstr (t_end, ==, "5");
  EDIT (doc, mf_edit_document_set_simulation_text (doc, "atol", "1e-9", &error), NULL);
  atol = mf_edit_document_get_simulation_text (doc, "atol");
  g_assert_cmpstr (atol, ==, "1e-09");
  EDIT (doc, mf_edit_document_set_simulation_text (doc, "method", "rk4", &error), NULL);
  EDIT (doc, mf_edit_document_set_simulation_text (doc, "output_interval", "10 ms", &error),
        NULL);
  EDIT (doc, mf_edit_document_set_simulation_text (doc, "rtol", NULL, &error), NULL);
  g_assert_null (mf_edit_document_get_simulation_text (doc, "rtol"));

  REFUSED (doc, mf_edit_document_set_simulation_text (doc, "t_end", "-1", &error),
           "simulation: 't_end' must be positive");
  REFUSED (doc, mf_edit_document_set_simulation_text (doc, "t_end", "3 bar", &error),
           "is a pressure, but 't_end' is a time");
  REFUSED (doc, mf_edit_document_set_simulation_text (doc, "method", "magic", &error),
           "unknown method 'magic'");
  REFUSED (doc, mf_edit_document_set_simulation_text (doc, "speed", "1", &error),
           "no simulation setting 'speed'");

  /* a document without "simulation" gets one, after "wires" */
  EDIT (empty, mf_edit_document_set_simulation_text (empty, "t_end", "1.5", &error), NULL);
  {
    g_autofree char *text = text_of (empty);

    g_assert_true (g_str_has_suffix (text, "\"wires\": [],\n  \"simulation\": {\n"
                                     "    \"t_end\": 1.5\n  }\n}\n"));
  }
}

static void
test_prefer (void)
{
  g_autoptr (MfEditDocument) doc = fixture ();
  g_autoptr (MfEditDocument) empty = mf_edit_document_new ();

  EDIT (doc, mf_edit_document_set_state_preferred (doc, "V1.v", TRUE, &error), "Prefer V1.v");
  g_assert_true (mf_edit_document_get_state_preferred (doc, "V1.v"));
  REFUSED (doc, mf_edit_document_set_state_preferred (doc, "C1.x", TRUE, &error),
           "not a velocity");
  g_assert_false (mf_edit_document_get_state_preferred (doc, "C1.x"));
  EDIT (doc, mf_edit_document_set_state_preferred (doc, "P1.v", FALSE, &error),
        "Stop preferring P1.v");
  g_assert_false (mf_edit_document_get_state_preferred (doc, "P1.v"));
  g_assert_true (mf_edit_document_get_state_preferred (doc, "C1.v"));
  EDIT (empty, mf_edit_document_set_state_preferred (empty, "X.v", TRUE, &error), NULL);
  REFUSED (doc, mf_edit_document_set_state_preferred (doc, "", TRUE, &error), "empty");
}

/* A copy of the "outputs" of the "simulation" of a document's text. */
static JsonNode *
simulation_outputs_of (const char *text)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonNode) root = json_from_string (text, &error);
  JsonObject *simulation;

  g_assert_no_error (error);
  simulation = json_object_get_object_member (json_node_get_object (root), "simulation");
  return json_node_copy (json_object_get_member (simulation, "outputs"));
}

/* The simulation's outputs: the editor does not show them, but keeps them
 * as written, and keeps them loadable as components go or change names. */
static void
test_outputs (void)
{
  g_auto (GStrv) parts = g_strsplit (fixture_text, "\"rtol\": 1e-6}", 2);
  g_autofree char *text = g_strjoin ("\"rtol\": 1e-6, \"outputs\": [\"P1.q\", \"J1.p\", "
                                     "\"CV1.open\", \"C1.v\"]}", parts[0], parts[1], NULL);
  g_autoptr (MfEditDocument) doc = document_from (text);
  const char *const c1[] = { "C1", NULL };
  const char *const rest[] = { "P1", "J1", "Check", NULL };
  g_autofree char *saved = NULL;
  g_autofree char *renamed = NULL;
  g_autofree char *removed = NULL;
  g_autofree char *emptied = NULL;
  g_autoptr (JsonNode) written = NULL;
  g_autoptr (JsonNode) kept = NULL;
  g_autoptr (MfDocument) reloaded = NULL;
  g_autoptr (GError) load_error = NULL;
  GPtrArray *outputs;

  g_assert_nonnull (parts[1]);
  EDIT (doc, mf_edit_document_set_title (doc, "Kept outputs", &error), NULL);
  saved = text_of (doc);
  written = simulation_outputs_of (text);
  kept = simulation_outputs_of (saved);
  g_assert_true (json_node_equal (written, kept));
  reloaded = mf_document_load_data (saved, -1, "saved", NULL, &load_error);
  g_assert_no_error (load_error);
  outputs = mf_document_get_circuit (reloaded)->simulation.outputs;
  g_assert_cmpuint (outputs->len, ==, 4);
  g_assert_cmpstr (outputs->pdata[2], ==, "CV1.open");

  EDIT (doc, mf_edit_document_rename_component (doc, "CV1", "Check", &error), NULL);
  renamed = text_of (doc);
  g_assert_nonnull (strstr (renamed, "\"Check.open\""));
  assert_loads (doc);
  EDIT (doc, mf_edit_document_remove_components (doc, c1, &error), NULL);
  removed = text_of (doc);
  g_assert_null (strstr (removed, "\"C1.v\""));
  g_assert_nonnull (strstr (removed, "\"P1.q\""));
  assert_loads (doc);
  /* nothing left to name: every output is written again */
  EDIT (doc, mf_edit_document_remove_components (doc, rest, &error), NULL);
  emptied = text_of (doc);
  g_assert_null (strstr (emptied, "\"outputs\""));

  REFUSED (doc, mf_edit_document_set_simulation_text (doc, "outputs", "T1.p.p", &error),
           "'outputs' must be an array");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/app/model/title-description", test_title_description);
  g_test_add_func ("/app/model/modes", test_modes);
  g_test_add_func ("/app/model/valve-closed", test_valve_closed);
  g_test_add_func ("/app/model/schedule", test_schedule);
  g_test_add_func ("/app/model/simulation", test_simulation);
  g_test_add_func ("/app/model/prefer", test_prefer);
  g_test_add_func ("/app/model/outputs", test_outputs);
  return g_test_run ();
}
