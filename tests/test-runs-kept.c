/* test-runs-kept.c: runs kept beside a saved document
 * (src/app/window/mf-window-runs-file.c): two runs made, the document
 * saved and its window closed; opened again in a new window, the same
 * runs are listed with the same labels, samples and values, and the next
 * run is numbered after them; Save As writes them beside the new name; an
 * untitled document leaves no file; a runs file that is not one names
 * itself in the window's message, the document opens all the same, and
 * the file is left as it was; Quit, which destroys the windows without
 * closing them, keeps their runs too.  The files are read and written on
 * a worker (mf-run-sidecar-queue.h): a close at once followed by an open
 * finds the runs; a run started before they are read is numbered after
 * them, and a close before they are read keeps them; the progress row of
 * a document opened with runs says how many were kept.  Under Xvfb.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>
#include <string.h>

#include "mf-run-sidecar.h"
#include "mf-run-sidecar-queue.h"
#include "mf-sim-panel.h"
#include "mf-test-app.h"

/* A laminar pipe between two tanks, 0.05 s: a run of 51 samples. */
static const char pipe_document[] =
  "{ \"manifold\": 1, \"title\": \"Pipe\",\n"
  "  \"components\": [\n"
  "    { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": 200000, \"at\": [0, 0] },\n"
  "    { \"id\": \"P1\", \"type\": \"pipe\", \"length\": 1, \"diameter\": 0.01,"
  " \"friction\": \"laminar\", \"at\": [100, 0] },\n"
  "    { \"id\": \"T2\", \"type\": \"tank\", \"pressure\": 0, \"at\": [200, 0] } ],\n"
  "  \"wires\": [ [\"T1.p\", \"P1.a\"], [\"P1.b\", \"T2.p\"] ],\n"
  "  \"simulation\": { \"t_end\": 0.05, \"output_interval\": 0.001 } }\n";

static void
count_end (MfSimPanel *panel, MfSimStatus status, guint *ended)
{
  (*ended)++;
}

static MfSimPanel *
panel_of (MfWindow *window)
{
  return MF_SIM_PANEL (find_descendant (GTK_WIDGET (window), MF_TYPE_SIM_PANEL));
}

/* A run of the window's document, to its end. */
static MfRunRecord *
run_once (MfWindow *window)
{
  MfSimPanel *panel = panel_of (window);
  guint ended = 0;
  gulong handler = g_signal_connect (panel, "run-ended", G_CALLBACK (count_end), &ended);

  mf_sim_panel_run (panel);
  while (ended == 0)
    g_main_context_iteration (NULL, TRUE);
  g_signal_handler_disconnect (panel, handler);
  g_assert_cmpint (mf_sim_panel_get_status (panel), ==, MF_SIM_STATUS_FINISHED);
  return mf_sim_panel_get_current_run (panel);
}

static GFile *
pipe_file (const char *name)
{
  g_autofree char *path = g_build_filename (scratch_dir, name, NULL);

  g_assert_true (g_file_set_contents (path, pipe_document, -1, NULL));
  return g_file_new_for_path (path);
}

/* Until every read and write of runs files asked has been handed back:
 * the main loop turns while the worker works. */
static void
wait_runs_files (void)
{
  while (mf_run_sidecar_get_pending () > 0)
    g_main_context_iteration (NULL, TRUE);
}

/* The window of `file`, its runs not read yet: the main loop has not
 * turned since the read was asked, so it cannot have been handed back. */
static MfWindow *
open_window_at_once (GFile *file)
{
  MfWindow *window = new_window ();
  g_autoptr (GError) error = NULL;

  g_assert_true (mf_window_load_file (window, file, &error));
  g_assert_no_error (error);
  g_assert_true (mf_window_get_runs_reading (window));
  return window;
}

static MfWindow *
open_window (GFile *file)
{
  MfWindow *window = open_window_at_once (file);

  wait_runs_files ();
  g_assert_false (mf_window_get_runs_reading (window));
  spin ();
  return window;
}

static void
close_window (MfWindow *window)
{
  gtk_window_close (GTK_WINDOW (window));
  wait_runs_files ();
  spin ();
}

static void
assert_same_runs (GListModel *a, GListModel *b)
{
  g_assert_cmpuint (g_list_model_get_n_items (a), ==, g_list_model_get_n_items (b));
  for (guint i = 0; i < g_list_model_get_n_items (a); i++)
    {
      g_autoptr (MfRunRecord) x = g_list_model_get_item (a, i);
      g_autoptr (MfRunRecord) y = g_list_model_get_item (b, i);
      guint n = mf_run_record_get_n_samples (x);

      g_assert_cmpstr (mf_run_record_get_label (x), ==, mf_run_record_get_label (y));
      g_assert_cmpuint (n, ==, mf_run_record_get_n_samples (y));
      g_assert_cmpint (mf_run_record_get_status (x), ==, mf_run_record_get_status (y));
      g_assert_cmpuint (mf_run_record_get_n_columns (x), ==, mf_run_record_get_n_columns (y));
      for (guint c = 0; c < mf_run_record_get_n_columns (x); c++)
        g_assert_cmpmem (mf_run_record_get_column (x, c), n * sizeof (double),
                         mf_run_record_get_column (y, c), n * sizeof (double));
    }
}

static void
test_kept (void)
{
  g_autoptr (GFile) file = pipe_file ("pipe.manifold");
  g_autoptr (GFile) sidecar = mf_run_sidecar_file (file);
  g_autoptr (GListStore) before = g_list_store_new (MF_TYPE_RUN_RECORD);
  MfWindow *window = open_window (file);
  GListModel *runs;
  g_autoptr (GError) error = NULL;

  /* nothing kept yet: no file, no message */
  g_assert_cmpuint (g_list_model_get_n_items (mf_sim_panel_get_runs (panel_of (window))), ==, 0);
  g_assert_null (mf_window_get_runs_problem (window));
  run_once (window);
  run_once (window);
  runs = mf_sim_panel_get_runs (panel_of (window));
  for (guint i = 0; i < g_list_model_get_n_items (runs); i++)
    {
      g_autoptr (MfRunRecord) record = g_list_model_get_item (runs, i);

      g_list_store_append (before, record);
    }
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (before)), ==, 2);
  /* the document is not modified: closing it keeps its runs */
  g_assert_false (g_file_query_exists (sidecar, NULL));
  close_window (window);
  g_assert_true (g_file_query_exists (sidecar, NULL));

  window = open_window (file);
  runs = mf_sim_panel_get_runs (panel_of (window));
  assert_same_runs (G_LIST_MODEL (before), runs);
  g_assert_null (mf_window_get_runs_problem (window));
  {
    g_autoptr (MfRunRecord) first = g_list_model_get_item (runs, 0);

    g_assert_cmpstr (mf_run_record_get_label (first), ==, "Run 1");
  }
  /* the next run counts on from them */
  g_assert_cmpstr (mf_run_record_get_label (run_once (window)), ==, "Run 3");

  /* Save As: beside the new name too, with all three */
  {
    g_autofree char *path = g_build_filename (scratch_dir, "copy.manifold", NULL);
    g_autoptr (GFile) copy = g_file_new_for_path (path);
    g_autoptr (GFile) copy_sidecar = mf_run_sidecar_file (copy);
    g_autoptr (GPtrArray) saved = NULL;
    guint n_made = 0;

    g_assert_true (mf_window_save_to (window, copy, &error));
    g_assert_no_error (error);
    wait_runs_files ();
    saved = mf_run_sidecar_load (copy, &n_made, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (saved->len, ==, 3);
    g_assert_cmpuint (n_made, ==, 3);
  }
  close_window (window);
}

static guint
count_runs_files (void)
{
  g_autoptr (GDir) dir = g_dir_open (scratch_dir, 0, NULL);
  guint n = 0;

  for (const char *name; (name = g_dir_read_name (dir)) != NULL;)
    n += g_str_has_suffix (name, ".runs.h5");
  return n;
}

static void
test_untitled (void)
{
  g_autoptr (MfEditDocument) document = mf_edit_document_new ();
  MfWindow *window = new_window ();
  guint before = count_runs_files ();

  g_assert_true (mf_edit_document_load_data (document, pipe_document, -1, "pipe", NULL));
  mf_window_set_document (window, document);
  g_assert_null (mf_edit_document_get_file (document));
  run_once (window);
  g_assert_false (mf_edit_document_get_modified (document));
  close_window (window);
  /* an untitled document has no file to keep runs beside */
  g_assert_cmpuint (count_runs_files (), ==, before);
}

static void
test_unreadable (void)
{
  g_autoptr (GFile) file = pipe_file ("broken.manifold");
  g_autoptr (GFile) sidecar = mf_run_sidecar_file (file);
  g_autofree char *path = g_file_get_path (sidecar);
  g_autofree char *after = NULL;
  MfWindow *window;

  g_assert_true (g_file_set_contents (path, "not runs\n", -1, NULL));
  window = open_window (file);
  /* the document opened; the message names the file */
  g_assert_cmpstr (mf_edit_document_get_display_name (mf_window_get_document (window)), ==,
                   "broken.manifold");
  g_assert_nonnull (mf_window_get_runs_problem (window));
  g_assert_nonnull (strstr (mf_window_get_runs_problem (window), "broken.manifold.runs.h5"));
  g_assert_cmpuint (g_list_model_get_n_items (mf_sim_panel_get_runs (panel_of (window))), ==, 0);
  /* a run made now does not overwrite what could not be read */
  run_once (window);
  close_window (window);
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, "not runs\n");
}

static void
test_quit (void)
{
  g_autoptr (GFile) file = pipe_file ("quit.manifold");
  g_autoptr (GFile) sidecar = mf_run_sidecar_file (file);
  g_autoptr (GPtrArray) kept = NULL;
  g_autoptr (GError) error = NULL;
  MfWindow *window = open_window (file);
  guint n_made = 0;

  run_once (window);
  g_action_group_activate_action (G_ACTION_GROUP (application), "quit", NULL);
  /* the windows go at once, the process once the runs are written */
  g_assert_cmpuint (mf_run_sidecar_get_pending (), ==, 1);
  wait_runs_files ();
  spin ();
  g_assert_null (gtk_application_get_windows (GTK_APPLICATION (application)));
  kept = mf_run_sidecar_load (file, &n_made, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (kept->len, ==, 1);
  g_assert_cmpstr (mf_run_record_get_label (g_ptr_array_index (kept, 0)), ==, "Run 1");
  g_assert_true (g_file_query_exists (sidecar, NULL));
}

/* Two runs kept by a close, the document opened again at once. */
static GFile *
pipe_with_two_runs (const char *name)
{
  GFile *file = pipe_file (name);
  MfWindow *window = open_window (file);

  run_once (window);
  run_once (window);
  /* the write is asked, not done, when the window has gone */
  gtk_window_close (GTK_WINDOW (window));
  g_assert_cmpuint (mf_run_sidecar_get_pending (), >, 0);
  return file;
}

static const char *
label_at (MfWindow *window, guint i)
{
  g_autoptr (MfRunRecord) record = g_list_model_get_item (mf_sim_panel_get_runs (panel_of (window)),
                                                          i);

  /* the list keeps the record, and its label */
  return mf_run_record_get_label (record);
}

static void
test_reopen_at_once (void)
{
  g_autoptr (GFile) file = pipe_with_two_runs ("reopen.manifold");
  MfWindow *window = open_window_at_once (file);
  MfSimPanel *panel = panel_of (window);

  /* the document is there before its runs */
  g_assert_cmpstr (mf_edit_document_get_display_name (mf_window_get_document (window)), ==,
                   "reopen.manifold");
  g_assert_cmpuint (g_list_model_get_n_items (mf_sim_panel_get_runs (panel)), ==, 0);
  /* the read was asked after the close's write: it finds both runs */
  wait_runs_files ();
  g_assert_cmpuint (g_list_model_get_n_items (mf_sim_panel_get_runs (panel)), ==, 2);
  g_assert_cmpstr (label_at (window, 0), ==, "Run 1");
  g_assert_cmpstr (label_at (window, 1), ==, "Run 2");
  g_assert_null (mf_window_get_runs_problem (window));
  /* none made since the document was opened: the row says what there is */
  g_assert_cmpstr (mf_sim_panel_get_progress_text (panel), ==,
                   "2 runs kept from the last session");
  /* a run made now is what the row follows */
  run_once (window);
  g_assert_true (g_str_has_prefix (mf_sim_panel_get_progress_text (panel), "t = 0.05 s of 0.05 s"));
  close_window (window);
}

static void
test_run_while_reading (void)
{
  g_autoptr (GFile) file = pipe_with_two_runs ("early.manifold");
  MfWindow *window = open_window_at_once (file);
  MfRunRecord *early;
  g_autoptr (GPtrArray) kept = NULL;
  g_autoptr (GError) error = NULL;
  guint n_made = 0;

  /* run before the kept runs are listed: it is the pane's first, then
   * counts on after the two kept ones when they come */
  early = run_once (window);
  wait_runs_files ();
  g_assert_cmpuint (g_list_model_get_n_items (mf_sim_panel_get_runs (panel_of (window))), ==, 3);
  g_assert_cmpstr (label_at (window, 0), ==, "Run 1");
  g_assert_cmpstr (label_at (window, 1), ==, "Run 2");
  g_assert_cmpstr (label_at (window, 2), ==, "Run 3");
  g_assert_true (label_at (window, 2) == mf_run_record_get_label (early));
  g_assert_cmpstr (mf_run_record_get_label (run_once (window)), ==, "Run 4");
  close_window (window);

  /* closed before the kept runs were read: the write reads them first,
   * so the file keeps all four (what a run made meanwhile becomes there,
   * /run-sidecar/merge checks) */
  window = open_window_at_once (file);
  gtk_window_close (GTK_WINDOW (window));
  wait_runs_files ();
  kept = mf_run_sidecar_load (file, &n_made, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (kept->len, ==, 4);
  g_assert_cmpuint (n_made, ==, 4);
  g_assert_cmpstr (mf_run_record_get_label (g_ptr_array_index (kept, 3)), ==, "Run 4");
}

int
main (int argc, char **argv)
{
  if (!test_app_init (&argc, &argv, "runs-kept"))
    return 0;
  g_test_add_func ("/app/runs-kept/kept", test_kept);
  g_test_add_func ("/app/runs-kept/untitled", test_untitled);
  g_test_add_func ("/app/runs-kept/unreadable", test_unreadable);
  g_test_add_func ("/app/runs-kept/reopen-at-once", test_reopen_at_once);
  g_test_add_func ("/app/runs-kept/run-while-reading", test_run_while_reading);
  /* last: it quits the application */
  g_test_add_func ("/app/runs-kept/quit", test_quit);
  return test_app_run ();
}
