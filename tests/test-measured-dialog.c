/* test-measured-dialog.c: the Measured Data window
 * (src/app/simulation/mf-measured-dialog.c) over the simulation pane — a
 * file read on a worker thread, its columns paired by name, drawn on the
 * plot of their quantity after a run, the error line against a hand
 * calculation, a malformed file's place in the message, and the
 * measurements dropped with the document.  Needs a display (Xvfb).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>
#include <string.h>

#include "mf-application.h"
#include "mf-measured-dialog.h"
#include "mf-sim-panel.h"
#include "mf-test-widgets.h"
#include "mf-window.h"

static MfApplication *application;

/* A laminar pipe between a 2 bar tank and one at 0: only the supply's
 * pressure matters here, T1.p.p = 2 bar at every sample. */
static const char document_text[] =
  "{ \"manifold\": 1, \"title\": \"Pipe\",\n"
  "  \"components\": [\n"
  "    { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"2 bar\", \"at\": [0, 0] },\n"
  "    { \"id\": \"P1\", \"type\": \"pipe\", \"length\": 1, \"diameter\": 0.01,"
  " \"friction\": \"laminar\", \"at\": [100, 0] },\n"
  "    { \"id\": \"T2\", \"type\": \"tank\", \"pressure\": 0, \"at\": [200, 0] } ],\n"
  "  \"wires\": [ [\"T1.p\", \"P1.a\"], [\"P1.b\", \"T2.p\"] ],\n"
  "  \"simulation\": { \"t_end\": 0.1, \"output_interval\": 0.01 } }\n";

typedef struct
{
  MfWindow         *window;
  MfSimPanel       *panel;
  MfMeasuredDialog *dialog;
  char             *dir;
  guint             ended;
} Fixture;

static void
on_run_ended (MfSimPanel *panel, MfSimStatus status, Fixture *f)
{
  f->ended++;
}

static void
set_up (Fixture *f, gconstpointer data)
{
  g_autoptr (MfEditDocument) document = mf_edit_document_new ();
  g_autoptr (GError) error = NULL;

  f->window = mf_window_new (application);
  f->panel = MF_SIM_PANEL (find_descendant (GTK_WIDGET (f->window), MF_TYPE_SIM_PANEL));
  g_signal_connect (f->panel, "run-ended", G_CALLBACK (on_run_ended), f);
  g_assert_true (mf_edit_document_load_data (document, document_text, -1, "test", &error));
  g_assert_no_error (error);
  mf_window_set_document (f->window, document);
  gtk_window_present (GTK_WINDOW (f->window));
  f->dialog = MF_MEASURED_DIALOG (mf_measured_dialog_new (GTK_WINDOW (f->window), f->panel));
  gtk_window_present (GTK_WINDOW (f->dialog));
  f->dir = g_dir_make_tmp ("manifold-measured-XXXXXX", NULL);
  spin ();
}

static void
tear_down (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "bench.csv", NULL);

  g_signal_handlers_disconnect_by_data (f->panel, f);
  gtk_window_destroy (GTK_WINDOW (f->dialog));
  gtk_window_destroy (GTK_WINDOW (f->window));
  spin ();
  g_remove (path);
  g_rmdir (f->dir);
  g_free (f->dir);
}

/* Writes `text` as bench.csv and has the window read it. */
static void
open_text (Fixture *f, const char *text)
{
  g_autofree char *path = g_build_filename (f->dir, "bench.csv", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  mf_measured_dialog_open (f->dialog, file);
  g_assert_true (mf_measured_dialog_get_busy (f->dialog));
  while (mf_measured_dialog_get_busy (f->dialog))
    g_main_context_iteration (NULL, TRUE);
}

static void
run (Fixture *f)
{
  guint ended = f->ended;

  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.run", NULL);
  while (f->ended == ended)
    g_main_context_iteration (NULL, TRUE);
  spin ();
}

/* T1.p.p is 2 bar throughout; measured 2.1 and 1.7 bar: simulated −
 * measured is −0.1 and +0.3 bar, rms √((0.01 + 0.09) / 2) = 0.224 bar,
 * bias +0.1 bar, largest 0.3 bar at 0.05 s.  The column is drawn as
 * crosses on the Pressures plot, in bar. */
static void
test_paired_and_drawn (Fixture *f, gconstpointer data)
{
  MfMeasuredPlots *measured = mf_sim_panel_get_measured (f->panel);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  MfPlotSeries *series;

  open_text (f, "t [s],T1.p.p [bar],gauge\n0.02,2.1,1\n0.05,1.7,2\n");
  g_assert_null (mf_measured_dialog_get_problem (f->dialog));
  g_assert_cmpstr (mf_measured_plots_get_pairing (measured, 0), ==, "T1.p.p");
  before = mf_measured_dialog_get_error_text (f->dialog, 0);
  g_assert_cmpstr (before, ==, "Run the simulation to compare");

  run (f);
  after = mf_measured_dialog_get_error_text (f->dialog, 0);
  g_assert_cmpstr (after, ==, "rms 0.224 bar · bias +0.1 bar · largest 0.3 bar at 0.05 s · "
                              "2 points");
  /* gauge is no quantity of the run: unpaired once the run came */
  g_assert_null (mf_measured_plots_get_pairing (measured, 1));
  series = mf_measured_plots_get_series (measured, 0);
  g_assert_nonnull (series);
  g_assert_cmpstr (mf_plot_series_get_unit (series), ==, "bar");
  g_assert_cmpuint (mf_plot_series_get_n_points (series), ==, 2);
  g_assert_true (strstr (mf_plot_series_get_name (series), "bench.csv") != NULL);

  /* another document: the measurements go with the runs */
  {
    g_autoptr (MfEditDocument) other = mf_edit_document_new ();

    mf_window_set_document (f->window, other);
    spin ();
  }
  g_assert_null (mf_measured_plots_get_data (measured));
}

/* A malformed file is refused with its place; nothing is laid over. */
static void
test_malformed (Fixture *f, gconstpointer data)
{
  open_text (f, "t [s],T1.p.p [bar]\n0,2\n0.1,two\n");
  g_assert_nonnull (mf_measured_dialog_get_problem (f->dialog));
  g_assert_true (g_str_has_prefix (mf_measured_dialog_get_problem (f->dialog),
                                   "bench.csv:3:5: “two” is not a number"));
  g_assert_null (mf_measured_plots_get_data (mf_sim_panel_get_measured (f->panel)));
}

int
main (int argc, char *argv[])
{
  g_autoptr (GError) error = NULL;

  g_test_init (&argc, &argv, NULL);
  if (!gtk_init_check ())
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }
  application = mf_application_new (G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (application), NULL, &error));
  g_assert_no_error (error);
  g_test_add ("/app/measured-dialog/paired-and-drawn", Fixture, NULL, set_up,
              test_paired_and_drawn, tear_down);
  g_test_add ("/app/measured-dialog/malformed", Fixture, NULL, set_up, test_malformed,
              tear_down);
  return g_test_run ();
}
