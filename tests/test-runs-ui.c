/* test-runs-ui.c: the runs popover (rows, Show, rename, delete, the
 * solver's statistics in a line and in the details popover), the export
 * dialog writing PNG, SVG, PDF and CSV files through the functions its file
 * chooser calls, the sweep dialog's values and runs, and the Compare
 * Methods dialog's runs, table and explicit Euler's limit, and the
 * Difference of two runs chosen in the popover, in a window of its own.
 * Under Xvfb.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <adwaita.h>
#include <cairo.h>
#include <glib/gstdio.h>
#include <string.h>

#include "mf-compare-dialog.h"
#include "mf-difference-window.h"
#include "mf-edit-document.h"
#include "mf-export-dialog.h"
#include "mf-run-details.h"
#include "mf-run-outcome.h"
#include "mf-runs-popover.h"
#include "mf-sweep-dialog.h"
#include "mf-test-widgets.h"

static MfRunRecord *
make_record (const char *label, MfSimStatus status, guint n_samples)
{
  static const char *const names[] = { "P1.v", "J1.p" };
  static const char *const units[] = { "m/s", "Pa" };
  MfRunRecord *record = mf_run_record_new (label);

  mf_run_record_begin_segment (record, 2, names, units);
  for (guint i = 0; i < n_samples; i++)
    {
      double values[2] = { 0.5 * i, 1e5 + i };
      mf_run_record_append (record, 0.1 * i, 0, values);
    }
  if (status == MF_SIM_STATUS_RUNNING)
    mf_run_record_set_status (record, status);
  else
    mf_run_record_set_outcome (record, status, NULL);
  return record;
}

static GtkWidget *
row_part (MfRunsPopover *popover, MfRunRecord *record, const char *part)
{
  GtkWidget *row = mf_runs_popover_get_row (popover, record);

  g_assert_nonnull (row);
  return g_object_get_data (G_OBJECT (row), part);
}

static void
count_changed (MfRunsPopover *popover, guint *n)
{
  (*n)++;
}

static void
test_popover_rows (void)
{
  g_autoptr (GListStore) runs = g_list_store_new (MF_TYPE_RUN_RECORD);
  g_autoptr (MfRunRecord) kept = make_record ("Run 1", MF_SIM_STATUS_STOPPED, 22);
  g_autoptr (MfRunRecord) current = make_record ("Run 2", MF_SIM_STATUS_FINISHED, 51);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *anchor = gtk_button_new_with_label ("Runs");
  MfRunsPopover *popover;
  GtkWidget *show;
  guint n_changed = 0;

  g_list_store_append (runs, kept);
  g_list_store_append (runs, current);
  popover = MF_RUNS_POPOVER (mf_runs_popover_new (G_LIST_MODEL (runs)));
  mf_runs_popover_set_current_run (popover, current);
  g_signal_connect (popover, "changed", G_CALLBACK (count_changed), &n_changed);
  gtk_window_set_child (GTK_WINDOW (window), anchor);
  gtk_widget_set_parent (GTK_WIDGET (popover), anchor);
  gtk_window_present (GTK_WINDOW (window));
  gtk_popover_popup (GTK_POPOVER (popover));
  gtk_test_widget_wait_for_draw (window);

  /* both runs listed, with their labels and outcomes */
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row_part (popover, kept, "label"))), ==,
                   "Run 1");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (row_part (popover, kept, "outcome"))), ==,
                   "stopped at 2.1 s");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (row_part (popover, current, "outcome"))), ==,
                   "current run, finished 5 s");

  /* the solver's account in a line, once the run has one, and every count
   * in the details, following the record */
  g_assert_false (gtk_widget_get_visible (row_part (popover, kept, "summary")));
  {
    MfSimulationStats stats = { .steps = 1478, .rejected_steps = 12, .rhs_evaluations = 9000,
                                .jacobian_evaluations = 0, .newton_iterations = 31,
                                .svd_steps = 2, .check_retries = 1, .wall_time = 0.21 };
    GtkWidget *details = row_part (popover, current, "details");
    MfRunDetails *view;

    mf_run_record_set_method (current, "rkf45");
    mf_run_record_set_stats (current, &stats);
    g_assert_true (gtk_widget_get_visible (row_part (popover, current, "summary")));
    g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (row_part (popover, current, "summary"))), ==,
                     "rkf45 · 1\u202f478 steps · 12 rejected · 0.21 s");
    gtk_test_accessible_assert_role (details, GTK_ACCESSIBLE_ROLE_BUTTON);
    view = MF_RUN_DETAILS (gtk_menu_button_get_popover (GTK_MENU_BUTTON (details)));
    g_assert_true (mf_run_details_get_record (view) == current);
    gtk_menu_button_popup (GTK_MENU_BUTTON (details));
    gtk_test_widget_wait_for_draw (GTK_WIDGET (view));
    /* steps, rejected, RHS, Jacobian, Newton, SVD, check retries, wall time */
    g_assert_cmpstr (mf_run_details_get_value (view, 0), ==, "1\u202f478");
    g_assert_cmpstr (mf_run_details_get_value (view, 1), ==, "12");
    g_assert_cmpstr (mf_run_details_get_value (view, 2), ==, "9\u202f000");
    g_assert_cmpstr (mf_run_details_get_value (view, 4), ==, "31");
    g_assert_cmpstr (mf_run_details_get_value (view, 5), ==, "2");
    g_assert_cmpstr (mf_run_details_get_value (view, 6), ==, "1");
    g_assert_cmpstr (mf_run_details_get_value (view, 7), ==, "0.21 s");
    g_assert_null (mf_run_details_get_value (view, 8));
    stats.rejected_steps = 13;
    mf_run_record_set_stats (current, &stats);
    g_assert_cmpstr (mf_run_details_get_value (view, 1), ==, "13");
    g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (row_part (popover, current, "summary"))), ==,
                     "rkf45 · 1\u202f478 steps · 13 rejected · 0.21 s");
    gtk_menu_button_popdown (GTK_MENU_BUTTON (details));
  }

  /* Show overlays a kept run; the current one is always shown */
  show = row_part (popover, kept, "show");
  g_assert_false (mf_run_record_get_shown (kept));
  g_assert_false (gtk_check_button_get_active (GTK_CHECK_BUTTON (show)));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (show), TRUE);
  g_assert_true (mf_run_record_get_shown (kept));
  g_assert_cmpuint (n_changed, ==, 1);
  mf_run_record_set_shown (kept, FALSE);
  g_assert_false (gtk_check_button_get_active (GTK_CHECK_BUTTON (show)));
  g_assert_cmpuint (n_changed, ==, 2);
  show = row_part (popover, current, "show");
  g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (show)));
  g_assert_false (gtk_widget_get_sensitive (show));

  /* renaming in place renames the run */
  gtk_widget_grab_focus (row_part (popover, kept, "label"));
  gtk_editable_set_text (GTK_EDITABLE (row_part (popover, kept, "label")), "  Slow valve ");
  g_signal_emit_by_name (row_part (popover, kept, "label"), "activate");
  g_assert_cmpstr (mf_run_record_get_label (kept), ==, "Slow valve");
  g_assert_cmpuint (n_changed, ==, 3);

  /* the current run cannot be deleted, a kept one can */
  g_assert_false (gtk_widget_get_sensitive (row_part (popover, current, "delete")));
  g_assert_true (gtk_widget_get_sensitive (row_part (popover, kept, "delete")));
  g_assert_false (mf_runs_popover_delete_run (popover, current));
  g_signal_emit_by_name (row_part (popover, kept, "delete"), "clicked");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (runs)), ==, 1);
  g_assert_null (mf_runs_popover_get_row (popover, kept));
  g_assert_cmpuint (n_changed, ==, 4);

  /* a live run cannot be deleted either, and says how far it got */
  {
    g_autoptr (MfRunRecord) live = make_record ("Run 3", MF_SIM_STATUS_RUNNING, 4);

    g_list_store_append (runs, live);
    g_assert_false (gtk_widget_get_sensitive (row_part (popover, live, "delete")));
    g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (row_part (popover, live, "outcome"))), ==,
                     "running, at 0.3 s");
    mf_run_record_set_outcome (live, MF_SIM_STATUS_FINISHED, NULL);
    g_assert_true (gtk_widget_get_sensitive (row_part (popover, live, "delete")));
    g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (row_part (popover, live, "outcome"))), ==,
                     "finished 0.3 s");
  }

  gtk_popover_popdown (GTK_POPOVER (popover));
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
  gtk_widget_unparent (GTK_WIDGET (popover));
  gtk_window_destroy (GTK_WINDOW (window));
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
}

/* ---- export ---------------------------------------------------------------- */

static MfPlot *
make_plot (const char *name)
{
  MfPlot *plot = mf_plot_new ();
  MfPlotSeries *series = mf_plot_add_series (plot, name);

  for (int i = 0; i <= 50; i++)
    mf_plot_series_append (series, i * 0.02, i * i * 0.01);
  return plot;
}

static char *
read_text (GFile *file, gsize *length)
{
  char *contents = NULL;

  g_assert_true (g_file_load_contents (file, NULL, &contents, length, NULL, NULL));
  return contents;
}

static void
on_data_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  GError **error = user_data;

  if (!mf_export_dialog_export_data_finish (MF_EXPORT_DIALOG (source), result, error) &&
      *error == NULL)
    g_assert_not_reached ();
  g_main_context_wakeup (NULL);
  *(gboolean *) g_object_get_data (source, "test-done") = TRUE;
}

static gboolean
export_data (MfExportDialog *dialog, GFile *file, GError **error)
{
  gboolean done = FALSE;

  g_object_set_data (G_OBJECT (dialog), "test-done", &done);
  mf_export_dialog_export_data_to (dialog, file, on_data_done, error);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
  return *error == NULL;
}

static char *
first_line (const char *text)
{
  gsize length = strcspn (text, "\n");

  g_assert_cmpint (text[length], ==, '\n');
  return g_strndup (text, length);
}

static void
test_export_dialog (void)
{
  g_autofree char *dir = g_dir_make_tmp ("test-runs-ui-XXXXXX", NULL);
  g_autoptr (GFile) folder = g_file_new_for_path (dir);
  g_autoptr (GFile) png = g_file_get_child (folder, "states.png");
  g_autoptr (GFile) svg = g_file_get_child (folder, "all.svg");
  g_autoptr (GFile) pdf = g_file_get_child (folder, "pressures");
  g_autoptr (GFile) csv_all = g_file_get_child (folder, "all.csv");
  g_autoptr (GFile) csv_some = g_file_get_child (folder, "some.csv");
  g_autoptr (GFile) h5 = g_file_get_child (folder, "some.h5");
  g_autoptr (GFile) unwritable = g_file_new_build_filename (dir, "missing", "x.csv", NULL);
  g_autoptr (GFile) unwritable_mat = g_file_new_build_filename (dir, "missing", "x.mat", NULL);
  g_autoptr (MfPlot) states = make_plot ("C1.x");
  g_autoptr (MfPlot) pressures = make_plot ("J1.p");
  g_autoptr (GListStore) runs = g_list_store_new (MF_TYPE_RUN_RECORD);
  g_autoptr (MfRunRecord) older = make_record ("Run 1", MF_SIM_STATUS_FINISHED, 3);
  g_autoptr (MfRunRecord) newer = make_record ("Run 2", MF_SIM_STATUS_FINISHED, 11);
  g_autoptr (GError) error = NULL;
  MfExportDialog *dialog;
  cairo_surface_t *image;
  g_autofree char *svg_text = NULL;
  g_autofree char *pdf_text = NULL;
  g_autofree char *csv_text = NULL;
  g_autofree char *header = NULL;
  g_auto (GStrv) columns = NULL;
  g_auto (GStrv) lines = NULL;
  gsize length;

  g_list_store_append (runs, older);
  g_list_store_append (runs, newer);
  dialog = MF_EXPORT_DIALOG (mf_export_dialog_new (NULL));
  mf_export_dialog_add_plot (dialog, "States", states, NULL);
  mf_export_dialog_add_plot (dialog, "Pressures", pressures, NULL);
  mf_export_dialog_set_runs (dialog, G_LIST_MODEL (runs));
  gtk_window_present (GTK_WINDOW (dialog));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (dialog));

  /* one plot, at the size asked for */
  mf_export_dialog_select_plot (dialog, 0);
  mf_export_dialog_set_plot_size (dialog, 640, 360);
  g_assert_true (mf_export_dialog_export_plot_to (dialog, png, &error));
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (mf_export_dialog_get_message (dialog), "Saved "));
  {
    g_autofree char *path = g_file_get_path (png);

    image = cairo_image_surface_create_from_png (path);
    g_assert_cmpint (cairo_surface_status (image), ==, CAIRO_STATUS_SUCCESS);
    g_assert_cmpint (cairo_image_surface_get_width (image), ==, 640);
    g_assert_cmpint (cairo_image_surface_get_height (image), ==, 360);
    cairo_surface_destroy (image);
  }

  /* both plots stacked in an SVG (the name tells the format) */
  mf_export_dialog_select_plot (dialog, MF_EXPORT_ALL_PLOTS);
  mf_export_dialog_set_plot_format (dialog, MF_PLOT_FORMAT_PNG);
  g_assert_true (mf_export_dialog_export_plot_to (dialog, svg, &error));
  svg_text = read_text (svg, &length);
  g_assert_true (g_str_has_prefix (svg_text, "<?xml") || g_str_has_prefix (svg_text, "<svg"));

  /* a name without extension takes the picked format */
  mf_export_dialog_select_plot (dialog, 1);
  mf_export_dialog_set_plot_format (dialog, MF_PLOT_FORMAT_PDF);
  g_assert_true (mf_export_dialog_export_plot_to (dialog, pdf, &error));
  pdf_text = read_text (pdf, &length);
  g_assert_true (g_str_has_prefix (pdf_text, "%PDF"));

  /* the newest run is picked; all its columns by default */
  g_assert_true (mf_export_dialog_get_run (dialog) == newer);
  g_assert_null (mf_export_dialog_get_columns (dialog));
  g_assert_true (export_data (dialog, csv_all, &error));
  csv_text = read_text (csv_all, &length);
  lines = g_strsplit (csv_text, "\n", -1);
  g_assert_cmpstr (lines[0], ==, "t [s],P1.v [m/s],J1.p [Pa],solver.mode");
  g_assert_cmpuint (g_strv_length (lines), ==, 1 + 11 + 1); /* header, rows, "" after the last */
  g_assert_cmpstr (lines[11], ==, "1,5,100010,0");
  g_clear_pointer (&csv_text, g_free);

  /* None, then one column, of the older run */
  mf_export_dialog_select_run (dialog, older);
  mf_export_dialog_check_all_columns (dialog, FALSE);
  columns = mf_export_dialog_get_columns (dialog);
  g_assert_cmpuint (g_strv_length (columns), ==, 0);
  g_clear_pointer (&columns, g_strfreev);
  mf_export_dialog_check_column (dialog, "J1.p", TRUE);
  columns = mf_export_dialog_get_columns (dialog);
  g_assert_cmpstrv (columns, ((const char *const[]) { "J1.p", NULL }));
  g_assert_true (export_data (dialog, csv_some, &error));
  csv_text = read_text (csv_some, &length);
  header = first_line (csv_text);
  g_assert_cmpstr (header, ==, "t [s],J1.p [Pa],solver.mode");
  g_clear_pointer (&csv_text, g_free);

  /* the name's extension picks HDF5: its signature, "\x89HDF\r\n\x1a\n" */
  g_assert_true (export_data (dialog, h5, &error));
  csv_text = read_text (h5, &length);
  g_assert_cmpuint (length, >, 8);
  g_assert_cmpmem (csv_text, 8, "\x89HDF\r\n\x1a\n", 8);

  /* an unwritable place: the error is in the dialog, nothing crashes */
  g_assert_false (export_data (dialog, unwritable, &error));
  g_assert_nonnull (error);
  g_assert_cmpstr (mf_export_dialog_get_message (dialog), ==, error->message);
  g_clear_error (&error);
  /* as MAT too, the message naming the file */
  g_assert_false (export_data (dialog, unwritable_mat, &error));
  g_assert_nonnull (strstr (error->message, "x.mat"));
  g_assert_cmpstr (mf_export_dialog_get_message (dialog), ==, error->message);
  g_clear_error (&error);
  g_assert_false (mf_export_dialog_export_plot_to (dialog, unwritable, &error));
  g_assert_nonnull (error);
  g_assert_cmpstr (mf_export_dialog_get_message (dialog), ==, error->message);

  gtk_window_destroy (GTK_WINDOW (dialog));
  for (GFile *const *f = (GFile *const[]) { png, svg, pdf, csv_all, csv_some, h5, NULL }; *f; f++)
    g_file_delete (*f, NULL, NULL);
  g_rmdir (dir);
}

/* ---- sweep ----------------------------------------------------------------- */

static MfEditDocument *
load_example (const char *name)
{
  g_autofree char *path = g_build_filename (g_getenv ("MANIFOLD_EXAMPLES"), name, NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  MfEditDocument *document = mf_edit_document_new ();

  g_assert_true (mf_edit_document_load_file (document, file, NULL));
  return document;
}

static void
on_run_added (MfSweepDialog *dialog, MfRunRecord *record, GPtrArray *added)
{
  g_assert_true (mf_run_record_get_shown (record));
  g_ptr_array_add (added, g_object_ref (record));
}

static void
on_finished (MfSweepDialog *dialog, gboolean *finished)
{
  *finished = TRUE;
}

static void
test_sweep_dialog (void)
{
  g_autoptr (MfEditDocument) document = load_example ("two-mass-spring.manifold");
  g_autoptr (GPtrArray) added = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) values = NULL;
  MfSweepDialog *dialog;
  gboolean finished = FALSE;

  dialog = MF_SWEEP_DIALOG (mf_sweep_dialog_new (NULL, document, "M2"));
  g_signal_connect (dialog, "run-added", G_CALLBACK (on_run_added), added);
  g_signal_connect (dialog, "finished", G_CALLBACK (on_finished), &finished);
  gtk_window_present (GTK_WINDOW (dialog));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (dialog));

  /* the component asked for, its first numeric parameter */
  g_assert_cmpstr (mf_sweep_dialog_get_component (dialog), ==, "M2");
  g_assert_cmpstr (mf_sweep_dialog_get_parameter (dialog), ==, "mass");

  /* checked as typed; the bare 1 takes the unit after it */
  mf_sweep_dialog_set_values_text (dialog, "1, 2 bar");
  values = mf_sweep_dialog_get_values (dialog, &error);
  g_assert_null (values);
  g_assert_nonnull (strstr (error->message, "value 1 ('1 bar')"));
  g_clear_error (&error);
  g_assert_false (mf_sweep_dialog_start (dialog, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_cmpuint (added->len, ==, 0);

  /* another component and parameter */
  g_assert_true (mf_sweep_dialog_select (dialog, "K1", "stiffness"));
  g_assert_false (mf_sweep_dialog_select (dialog, "K1", "no-such"));
  g_assert_true (mf_sweep_dialog_select (dialog, "M1", NULL));
  mf_sweep_dialog_set_values_text (dialog, "1\n2, 3 kg");
  values = mf_sweep_dialog_get_values (dialog, &error);
  g_assert_no_error (error);
  g_assert_cmpstrv (values, ((const char *const[]) { "1 kg", "2 kg", "3 kg", NULL }));

  /* three runs, each handed out as it starts */
  g_assert_true (mf_sweep_dialog_start (dialog, &error));
  g_assert_no_error (error);
  g_assert_true (mf_sweep_dialog_get_running (dialog));
  while (!finished)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (mf_sweep_dialog_get_running (dialog));
  g_assert_cmpuint (added->len, ==, 3);
  g_assert_cmpstr (mf_run_record_get_label (g_ptr_array_index (added, 0)), ==, "M1.mass = 1 kg");
  g_assert_cmpstr (mf_run_record_get_label (g_ptr_array_index (added, 2)), ==, "M1.mass = 3 kg");
  for (guint i = 0; i < added->len; i++)
    {
      MfRunRecord *record = g_ptr_array_index (added, i);

      g_assert_cmpint (mf_run_record_get_status (record), ==, MF_SIM_STATUS_FINISHED);
      g_assert_cmpuint (mf_run_record_get_n_samples (record), >, 10);
    }
  g_assert_cmpstr (mf_sweep_dialog_get_progress_text (dialog), ==, "3 runs done");

  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* A label of the dialog whose text is `text`. */
static gboolean
label_reads (GtkWidget *widget, gconstpointer text)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0;
}

/* The sweep dialog writes units as the property panel does: the
 * parameter's row "area (m²)", the value now "4 mm²" (the example's
 * "4 mm^2"), the values to run "2 mm², 8 mm²". */
static void
test_sweep_dialog_units (void)
{
  g_autoptr (MfEditDocument) document = load_example ("orifice-between-volumes.manifold");
  MfSweepDialog *dialog = MF_SWEEP_DIALOG (mf_sweep_dialog_new (NULL, document, "O"));

  gtk_window_present (GTK_WINDOW (dialog));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (dialog));
  g_assert_true (mf_sweep_dialog_select (dialog, "O", "area"));
  mf_sweep_dialog_set_values_text (dialog, "2, 8 mm^2");
  g_assert_nonnull (find_matching (GTK_WIDGET (dialog), label_reads, "area (m²)"));
  g_assert_nonnull (find_matching (GTK_WIDGET (dialog), label_reads, "Now 4 mm²"));
  g_assert_nonnull (find_matching (GTK_WIDGET (dialog), label_reads, "2 runs: 2 mm², 8 mm²"));
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
on_busy (MfCompareDialog *dialog, GParamSpec *pspec, gboolean *changed)
{
  *changed = TRUE;
}

/* The stiff two-mass spring in rkf45 and msbdf: two records in those
 * methods, their counts in the table as the runs' statistics say them;
 * then explicit Euler's steps either side of its limit, 2 |Re λ| / |λ|²
 * for λ = −4.16675 ± 12 247.5i: 5.556e-8 s (docs/cli.md, "linearize"). */
static void
test_compare_dialog (void)
{
  g_autoptr (MfEditDocument) document = load_example ("two-mass-spring.manifold");
  g_autoptr (GPtrArray) added = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GError) error = NULL;
  MfMethodVariant variants[2];
  MfCompareDialog *dialog;
  gboolean finished = FALSE, busy_changed = FALSE;
  double limit = 2 * 4.16675 / (4.16675 * 4.16675 + 12247.5 * 12247.5);

  dialog = MF_COMPARE_DIALOG (mf_compare_dialog_new (NULL, document));
  g_signal_connect (dialog, "run-added", G_CALLBACK (on_run_added), added);
  g_signal_connect (dialog, "finished", G_CALLBACK (on_finished), &finished);
  gtk_window_present (GTK_WINDOW (dialog));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (dialog));

  g_assert_cmpint (mf_compare_dialog_get_preset (dialog), ==, MF_COMPARE_EXPLICIT_IMPLICIT);
  g_assert_true (mf_compare_dialog_get_variants (dialog, variants, &error));
  g_assert_cmpstr (variants[0].method, ==, "rkf45");
  g_assert_cmpstr (variants[1].method, ==, "msbdf");
  g_assert_cmpfloat (variants[0].step, ==, 0);
  g_assert_cmpstr (mf_compare_dialog_get_cell (dialog, MF_COMPARE_ROW_STATS, 0), ==, "–");

  g_assert_true (mf_compare_dialog_start (dialog, &error));
  g_assert_no_error (error);
  g_assert_true (mf_compare_dialog_get_running (dialog));
  while (!finished)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (mf_compare_dialog_get_running (dialog));
  g_assert_cmpuint (added->len, ==, 2);
  for (guint k = 0; k < 2; k++)
    {
      MfRunRecord *record = g_ptr_array_index (added, k);
      const MfSimulationStats *stats = mf_run_record_get_stats (record);
      g_autofree char *steps = NULL, *rejected = NULL, *jacobians = NULL;

      g_assert_cmpstr (mf_run_record_get_method (record), ==, variants[k].method);
      g_assert_cmpstr (mf_run_record_get_label (record), ==, variants[k].method);
      g_assert_cmpint (mf_run_record_get_status (record), ==, MF_SIM_STATUS_FINISHED);
      g_assert_nonnull (stats);
      steps = mf_run_count_text (stats->steps);
      rejected = mf_run_count_text (stats->rejected_steps);
      jacobians = mf_run_count_text (stats->jacobian_evaluations);
      g_assert_cmpstr (mf_compare_dialog_get_cell (dialog, MF_COMPARE_ROW_OUTCOME, k), ==,
                       "finished 1 s");
      g_assert_cmpstr (mf_compare_dialog_get_cell (dialog, MF_COMPARE_ROW_STATS, k), ==, steps);
      g_assert_cmpstr (mf_compare_dialog_get_cell (dialog, MF_COMPARE_ROW_STATS + 1, k), ==,
                       rejected);
      g_assert_cmpstr (mf_compare_dialog_get_cell (dialog, MF_COMPARE_ROW_STATS + 3, k), ==,
                       jacobians);
      g_assert_cmpuint (stats->steps, >, 100);
    }
  /* msbdf's Jacobians against none for rkf45, which takes more steps */
  g_assert_cmpstr (mf_compare_dialog_get_cell (dialog, MF_COMPARE_ROW_STATS + 3, 0), ==, "0");
  g_assert_cmpstr (mf_compare_dialog_get_cell (dialog, MF_COMPARE_ROW_STATS + 3, 1), !=, "0");
  g_assert_cmpuint (mf_run_record_get_stats (added->pdata[0])->steps, >,
                    mf_run_record_get_stats (added->pdata[1])->steps);

  /* a method with no error estimate and no step is refused, and says so */
  g_assert_false (mf_compare_dialog_set_methods (dialog, "rk4", "rk99"));
  g_assert_true (mf_compare_dialog_set_methods (dialog, "rk4", "euler"));
  g_assert_cmpint (mf_compare_dialog_get_preset (dialog), ==, MF_COMPARE_CUSTOM);
  g_assert_false (mf_compare_dialog_start (dialog, &error));
  g_assert_nonnull (strstr (error->message, "euler"));
  g_clear_error (&error);
  g_assert_false (mf_compare_dialog_get_running (dialog));

  /* Euler at its limit: found in the background, the steps straddle it */
  g_signal_connect (dialog, "notify::busy", G_CALLBACK (on_busy), &busy_changed);
  mf_compare_dialog_set_margin (dialog, 0.1);
  mf_compare_dialog_set_preset (dialog, MF_COMPARE_EULER_LIMIT);
  g_assert_true (mf_compare_dialog_get_busy (dialog));
  g_assert_false (mf_compare_dialog_get_variants (dialog, variants, &error));
  g_clear_error (&error);
  while (mf_compare_dialog_get_busy (dialog))
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (busy_changed);
  g_assert_true (mf_compare_dialog_get_variants (dialog, variants, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (variants[0].method, ==, "euler");
  g_assert_cmpstr (variants[1].method, ==, "euler");
  g_assert_cmpfloat_with_epsilon (variants[0].step, 0.9 * limit, 1e-3 * limit);
  g_assert_cmpfloat_with_epsilon (variants[1].step, 1.1 * limit, 1e-3 * limit);
  g_assert_nonnull (strstr (mf_compare_dialog_get_limit_text (dialog), "5.56e-08 s"));
  g_assert_nonnull (strstr (mf_compare_dialog_get_limit_text (dialog), "h = 5e-08 s"));
  g_assert_nonnull (strstr (mf_compare_dialog_get_limit_text (dialog), "grows"));

  gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
on_difference (MfRunsPopover *popover, MfRunRecord *a, MfRunRecord *b, MfRunRecord **chosen)
{
  chosen[0] = a;
  chosen[1] = b;
}

/* Run A: P1.v = 0.5 i at t = 0.1 i (make_record), that is 5 t, and J1.p in
 * Pa.  Run B: P1.v = 1, 2, 3, 4, 5 at t = 0, 0.25, 0.5, 0.75, 1, that is
 * 1 + 4 t between its samples, and J1.p in kPa (another unit: left out).
 * A − B at A's times is 5 t − (1 + 4 t) = t − 1: −1 at 0, −0.7 at 0.3,
 * 0 at 1; beyond B's last time (t > 1) nothing is known. */
static void
test_difference (void)
{
  g_autoptr (GListStore) runs = g_list_store_new (MF_TYPE_RUN_RECORD);
  g_autoptr (MfRunRecord) a = make_record ("Run 2", MF_SIM_STATUS_FINISHED, 12);
  g_autoptr (MfRunRecord) b = mf_run_record_new ("Run 1");
  g_autoptr (MfRunRecord) live = make_record ("Run 3", MF_SIM_STATUS_RUNNING, 3);
  const char *names[] = { "P1.v", "J1.p" }, *units[] = { "m/s", "kPa" };
  const char *const quantities[] = { "J1.p", "P1.v", NULL };
  MfRunRecord *chosen[2] = { NULL, NULL };
  GtkWidget *window = gtk_window_new ();
  GtkWidget *anchor = gtk_button_new_with_label ("Runs");
  MfRunsPopover *popover;
  MfDifferenceWindow *difference;
  MfPlot *plot;
  MfPlotSeries *series;
  g_auto (GStrv) plotted = NULL;
  double value;

  mf_run_record_begin_segment (b, 2, names, units);
  for (guint i = 0; i < 5; i++)
    mf_run_record_append (b, 0.25 * i, 0, (const double[]) { i + 1.0, 100.0 });
  mf_run_record_set_outcome (b, MF_SIM_STATUS_FINISHED, NULL);
  g_list_store_append (runs, b);
  g_list_store_append (runs, a);
  g_list_store_append (runs, live);
  popover = MF_RUNS_POPOVER (mf_runs_popover_new (G_LIST_MODEL (runs)));
  g_signal_connect (popover, "difference", G_CALLBACK (on_difference), chosen);
  gtk_window_set_child (GTK_WINDOW (window), anchor);
  gtk_widget_set_parent (GTK_WIDGET (popover), anchor);
  gtk_window_present (GTK_WINDOW (window));

  /* one run twice, or a live run: no difference to take */
  mf_runs_popover_set_difference_runs (popover, a, a);
  g_assert_false (mf_runs_popover_request_difference (popover));
  mf_runs_popover_set_difference_runs (popover, a, live);
  g_assert_false (mf_runs_popover_request_difference (popover));
  g_assert_null (chosen[0]);
  mf_runs_popover_set_difference_runs (popover, a, b);
  g_assert_true (mf_runs_popover_request_difference (popover));
  g_assert_true (chosen[0] == a);
  g_assert_true (chosen[1] == b);

  difference = MF_DIFFERENCE_WINDOW (mf_difference_window_new (GTK_WINDOW (window), a, b,
                                                               quantities,
                                                               MF_UNIT_SYSTEM_SI));
  gtk_window_present (GTK_WINDOW (difference));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (difference));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (difference)), ==, "Run 2 − Run 1");
  /* J1.p is in Pa in A and kPa in B: only P1.v is plotted */
  plotted = mf_difference_window_get_quantities (difference);
  g_assert_cmpuint (g_strv_length (plotted), ==, 1);
  g_assert_cmpstr (plotted[0], ==, "P1.v");
  plot = mf_plot_view_get_plot (mf_difference_window_get_plot_view (difference));
  g_assert_cmpuint (mf_plot_get_n_series (plot), ==, 1);
  series = mf_plot_get_series (plot, 0);
  g_assert_cmpstr (mf_plot_series_get_unit (series), ==, "m/s");
  g_assert_true (mf_plot_series_value_at (series, 0.0, &value));
  g_assert_cmpfloat_with_epsilon (value, -1.0, 1e-12);
  g_assert_true (mf_plot_series_value_at (series, 0.3, &value));
  g_assert_cmpfloat_with_epsilon (value, -0.7, 1e-12);
  g_assert_true (mf_plot_series_value_at (series, 1.0, &value));
  g_assert_cmpfloat_with_epsilon (value, 0.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (mf_run_record_get_column (
                                    mf_difference_window_get_difference (difference), 0)[3],
                                  -0.7, 1e-12);

  gtk_window_destroy (GTK_WINDOW (difference));
  gtk_widget_unparent (GTK_WIDGET (popover));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  if (!gtk_init_check ())
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }
  adw_init ();
  g_test_add_func ("/app/runs-ui/popover", test_popover_rows);
  g_test_add_func ("/app/runs-ui/export-dialog", test_export_dialog);
  g_test_add_func ("/app/runs-ui/sweep-dialog", test_sweep_dialog);
  g_test_add_func ("/app/runs-ui/sweep-dialog-units", test_sweep_dialog_units);
  g_test_add_func ("/app/runs-ui/compare-dialog", test_compare_dialog);
  g_test_add_func ("/app/runs-ui/difference", test_difference);
  return g_test_run ();
}
