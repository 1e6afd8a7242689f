/* test-sim-panel.c: the simulation pane in a window (src/app/simulation/mf-sim-panel*.c)
 * — an example run to its end through win.run holds every sample on the
 * plots and in the mode timeline, the progress row reaches the end, a
 * failing circuit shows its failure with the time and keeps its samples, an
 * edit during a run reaches it, pause and stop, the real-time factor, another
 * circuit opened; the pane's place in the window and folding it.  What the
 * pane plots is in test-sim-plots.c.  Needs a display (Xvfb).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include "mf-test-sim-panel.h"

/* The view has drawn all it holds: the run streamed into the views in
 * turn, one per frame, and its end brought every view up to date — its y
 * range spans every visible series' extent (but the strip's) and the time
 * axis ends at the run's last sample. */
static void
assert_view_up_to_date (MfSimPanel  *panel,
                        guint        view,
                        MfRunRecord *record)
{
  MfPlotView *plot_view = mf_sim_panel_get_plot_view (panel, view);
  MfPlot *plot = mf_plot_view_get_plot (plot_view);
  gboolean log_y = mf_plot_view_get_log_y (plot_view);
  double lo = INFINITY, hi = -INFINITY, range_lo, range_hi;
  guint n = mf_run_record_get_n_samples (record);

  g_assert_false (mf_plot_view_get_live (plot_view));
  g_assert_false (mf_plot_view_get_behind (plot_view));
  for (guint s = 0; s < mf_plot_get_n_series (plot); s++)
    {
      MfPlotSeries *series = mf_plot_get_series (plot, s);
      double ymin, ymax, ypos;

      mf_plot_series_get_bounds (series, NULL, NULL, &ymin, &ymax, &ypos);
      /* (the strip has an axis of its own) */
      if (!mf_plot_series_get_visible (series) || mf_plot_series_get_in_strip (series)
          || isnan (ymin))
        continue;
      lo = MIN (lo, log_y ? ypos : ymin);
      hi = MAX (hi, ymax);
    }
  g_assert_true (isfinite (lo) && isfinite (hi));
  mf_plot_range_get_data_bounds (mf_plot_view_get_y_range (plot_view), &range_lo, &range_hi);
  g_assert_cmpfloat (range_lo, ==, lo);
  g_assert_cmpfloat (range_hi, ==, hi);
  mf_plot_range_get_data_bounds (mf_plot_view_get_x_range (plot_view), NULL, &range_hi);
  g_assert_cmpfloat (range_hi, ==, mf_run_record_get_times (record)[n - 1]);
}

static void
test_run_to_end (Fixture       *f,
                 gconstpointer  data)
{
  MfRunRecord *record;
  GListModel *runs = mf_sim_panel_get_runs (f->panel);
  MfModeTimeline *timeline = mf_sim_panel_get_timeline (f->panel);
  MfSimProgress progress;
  g_autofree char *end_text = NULL;
  const double *times;
  double t1 = 0;
  guint n;

  g_assert_true (mf_window_load_example (f->window, MF_DEFAULT_EXAMPLE, NULL));
  g_assert_cmpstr (mf_sim_panel_get_progress_text (f->panel), ==, "Not run yet");
  g_assert_cmpuint (g_list_model_get_n_items (runs), ==, 0);

  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.run", NULL);
  g_assert_true (mf_sim_panel_get_live (f->panel));
  wait_for_end (f);

  g_assert_cmpint (f->end_status, ==, MF_SIM_STATUS_FINISHED);
  g_assert_cmpint (mf_sim_panel_get_status (f->panel), ==, MF_SIM_STATUS_FINISHED);
  g_assert_cmpuint (g_list_model_get_n_items (runs), ==, 1);
  record = mf_sim_panel_get_current_run (f->panel);
  g_assert_true (g_list_model_get_item (runs, 0) == (gpointer) record);
  g_object_unref (record); /* (the list's) */
  g_assert_cmpint (mf_run_record_get_status (record), ==, MF_SIM_STATUS_FINISHED);

  /* the whole run, 0 to t_end on its output grid (2 s every 2 ms) */
  mf_sim_worker_get_progress (mf_sim_panel_get_worker (f->panel), &progress);
  n = mf_run_record_get_n_samples (record);
  times = mf_run_record_get_times (record);
  g_assert_cmpuint (n, ==, progress.n_samples);
  g_assert_cmpuint (n, ==, 1001);
  g_assert_cmpfloat (times[0], ==, 0);
  g_assert_cmpfloat (times[n - 1], ==, progress.t_end);

  /* each view shows its quantities of this run, every sample of them */
  g_assert_cmpuint (assert_view_holds (f->panel, MF_SIM_PANEL_STATES, record), >=, 2);
  g_assert_cmpuint (assert_view_holds (f->panel, MF_SIM_PANEL_STATES, record), <=, 6);
  g_assert_cmpuint (assert_view_holds (f->panel, MF_SIM_PANEL_PRESSURES, record), >=, 3);
  g_assert_cmpuint (assert_view_holds (f->panel, MF_SIM_PANEL_SIGMA, record), ==, 4);
  wait_for_views (f);
  for (guint v = 0; v < MF_SIM_PANEL_N_VIEWS; v++)
    assert_view_up_to_date (f->panel, v, record);
  /* the run's length was known from its settings and reserved at its start */
  g_assert_cmpuint (mf_run_record_get_capacity (record), ==, n);
  /* in SI the same samples are copied again, unscaled */
  mf_sim_panel_set_unit_system (f->panel, MF_UNIT_SYSTEM_SI);
  g_assert_cmpuint (assert_view_holds_in (f->panel, MF_SIM_PANEL_PRESSURES, record,
                                          MF_UNIT_SYSTEM_SI), >=, 3);
  mf_sim_panel_set_unit_system (f->panel, MF_UNIT_SYSTEM_PRACTICAL);
  {
    g_auto (GStrv) quantities = mf_sim_panel_get_quantities (f->panel);

    /* the cylinder's states come first, every junction pressure is there */
    g_assert_cmpstr (quantities[0], ==, "C1.v");
    g_assert_true (g_strv_contains ((const char *const *) quantities, "C1.x"));
    g_assert_true (g_strv_contains ((const char *const *) quantities, "J1.p"));
    g_assert_true (g_strv_contains ((const char *const *) quantities, "J3.p"));
    g_assert_true (g_strv_contains ((const char *const *) quantities, "solver.w_sigma_max"));
  }
  g_assert_true (mf_plot_view_get_log_y (mf_sim_panel_get_plot_view (f->panel,
                                                                     MF_SIM_PANEL_SIGMA)));

  /* the timeline covers the run */
  g_assert_cmpuint (mf_mode_timeline_get_n_bands (timeline), >=, 1);
  mf_mode_timeline_get_band (timeline, mf_mode_timeline_get_n_bands (timeline) - 1, NULL, &t1);
  g_assert_cmpfloat (t1, ==, times[n - 1]);

  /* the progress row says the end */
  end_text = g_strdup_printf ("t = %.4g s of %.4g s · 100 %% ·", progress.t_end,
                              progress.t_end);
  g_test_message ("%s", mf_sim_panel_get_progress_text (f->panel));
  g_assert_true (g_str_has_prefix (mf_sim_panel_get_progress_text (f->panel), end_text));
  g_assert_true (g_str_has_suffix (mf_sim_panel_get_progress_text (f->panel), "× real time"));
  g_assert_null (mf_sim_panel_get_problem_text (f->panel));

  /* Run again: a second record, the first one kept */
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.run", NULL);
  wait_for_end (f);
  g_assert_cmpuint (g_list_model_get_n_items (runs), ==, 2);
  g_assert_true (mf_sim_panel_get_current_run (f->panel) != record);
  g_assert_cmpstr (mf_run_record_get_label (mf_sim_panel_get_current_run (f->panel)), ==,
                   "Run 2");
  g_assert_cmpuint (mf_run_record_get_n_samples (mf_sim_panel_get_current_run (f->panel)), ==,
                    n);
}

/* A supply of 1/(0.1 − t) Pa drives the pipe to infinity at t = 0.1 s. */
static void
test_failure (Fixture       *f,
              gconstpointer  data)
{
  g_autofree char *text = g_strdup_printf (PIPE_DOCUMENT, "\"1 / (0.1 - t)\"",
                                           "{ \"t_end\": 0.2, \"method\": \"rkf45\","
                                           " \"output_interval\": 0.01 }");
  const char *problem;
  MfRunRecord *record;
  double t_failed;
  char *end = NULL;

  load_text (f, text);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.run", NULL);
  wait_for_end (f);

  g_assert_cmpint (f->end_status, ==, MF_SIM_STATUS_FAILED);
  problem = mf_sim_panel_get_problem_text (f->panel);
  g_assert_nonnull (problem);
  g_test_message ("%s", problem);
  g_assert_true (g_str_has_prefix (problem, "Failed at t = "));
  t_failed = g_ascii_strtod (problem + strlen ("Failed at t = "), &end);
  g_assert_cmpfloat (t_failed, >, 0.09);
  g_assert_cmpfloat (t_failed, <=, 0.1);
  g_assert_true (g_str_has_prefix (end, " s: "));
  g_assert_cmpuint (strlen (end), >, strlen (" s: "));
  /* the progress row ends where the failure row says, not at the last
   * sample handed over (0.09 s here, with samples every 0.01 s) */
  {
    g_autofree char *prefix = g_strdup_printf ("t = %.4g s of ", t_failed);

    g_test_message ("%s", mf_sim_panel_get_progress_text (f->panel));
    g_assert_true (g_str_has_prefix (mf_sim_panel_get_progress_text (f->panel), prefix));
  }

  /* the samples so far stay, on the plots too */
  record = mf_sim_panel_get_current_run (f->panel);
  g_assert_cmpint (mf_run_record_get_status (record), ==, MF_SIM_STATUS_FAILED);
  g_assert_nonnull (mf_run_record_get_error (record));
  g_assert_cmpuint (mf_run_record_get_n_samples (record), >=, 10);
  g_assert_cmpuint (assert_view_holds (f->panel, MF_SIM_PANEL_STATES, record), ==, 1);

  /* a new run hides the row again */
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.run", NULL);
  g_assert_null (mf_sim_panel_get_problem_text (f->panel));
  wait_for_end (f);
  g_assert_nonnull (mf_sim_panel_get_problem_text (f->panel));
}

/* Frames go by until `record` has begun `n` segments. */
static void
wait_for_segments (MfRunRecord *record,
                   guint        n)
{
  while (mf_run_record_get_n_segments (record) < n)
    g_main_context_iteration (NULL, TRUE);
}

/* An edit during a run reaches it; pause, resume and stop. */
static void
test_live_edit (Fixture       *f,
                gconstpointer  data)
{
  g_autofree char *text = g_strdup_printf (PIPE_DOCUMENT, "1000",
                                           "{ \"t_end\": 9e4, \"method\": \"rk4\", \"step\": 1e-3,"
                                           " \"output_interval\": 0.01 }");
  MfEditDocument *document;
  MfRunRecord *record;
  g_autoptr (GError) error = NULL;

  load_text (f, text);
  document = mf_window_get_document (f->window);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.run", NULL);
  record = mf_sim_panel_get_current_run (f->panel);
  wait_for_segments (record, 1);
  g_assert_true (mf_sim_panel_get_live (f->panel));

  g_assert_true (mf_edit_document_set_param (document, "T1", "pressure", "2000", &error));
  g_assert_no_error (error);
  wait_for_segments (record, 2);
  g_assert_true (mf_sim_panel_get_current_run (f->panel) == record);
  g_assert_true (mf_sim_panel_get_live (f->panel));

  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.pause", NULL);
  g_assert_cmpint (mf_sim_panel_get_status (f->panel), ==, MF_SIM_STATUS_PAUSED);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.pause", NULL);
  g_assert_cmpint (mf_sim_panel_get_status (f->panel), ==, MF_SIM_STATUS_RUNNING);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.stop", NULL);
  wait_for_end (f);
  g_assert_cmpint (f->end_status, ==, MF_SIM_STATUS_STOPPED);
  g_assert_cmpint (mf_run_record_get_status (record), ==, MF_SIM_STATUS_STOPPED);
  g_assert_false (mf_sim_panel_get_live (f->panel));
}

/* Is every quantity outside the singular values' fixed set a column of
 * `record`? */
static void
assert_quantities_of (MfSimPanel  *panel,
                      MfRunRecord *record)
{
  g_auto (GStrv) quantities = mf_sim_panel_get_quantities (panel);

  for (guint i = 0; quantities[i] != NULL; i++)
    if (!g_str_has_prefix (quantities[i], "solver."))
      {
        g_test_message ("quantity %s", quantities[i]);
        g_assert_cmpint (mf_run_record_find_column (record, quantities[i]), >=, 0);
      }
}

/* Opening another circuit leaves nothing of the old one on the plots nor
 * in the runs list: no current run, no kept run, no quantities of components it does not have (they were
 * empty legend entries that crowded out the legend); a quantity whose
 * component went away is dropped at the next run. */
static void
test_other_circuit (Fixture       *f,
                    gconstpointer  data)
{
  g_autofree char *text = g_strdup_printf (PIPE_DOCUMENT, "1000",
                                           "{ \"t_end\": 0.05, \"output_interval\": 0.01 }");
  GListModel *runs = mf_sim_panel_get_runs (f->panel);
  MfRunRecord *record;
  g_auto (GStrv) old = NULL;

  g_assert_true (mf_window_load_example (f->window, MF_DEFAULT_EXAMPLE, NULL));
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.run", NULL);
  wait_for_end (f);
  old = mf_sim_panel_get_quantities (f->panel);
  g_assert_true (g_strv_contains ((const char *const *) old, "C1.x"));

  load_text (f, text);
  g_assert_null (mf_sim_panel_get_current_run (f->panel));
  g_assert_cmpstr (mf_sim_panel_get_progress_text (f->panel), ==, "Not run yet");
  g_assert_null (mf_sim_panel_get_problem_text (f->panel));
  {
    g_auto (GStrv) now = mf_sim_panel_get_quantities (f->panel);

    g_assert_false (g_strv_contains ((const char *const *) now, "C1.x"));
    g_assert_false (g_strv_contains ((const char *const *) now, "J1.p"));
  }
  /* runs belong to their document: the old circuit's run is gone */
  g_assert_cmpuint (g_list_model_get_n_items (runs), ==, 0);

  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.run", NULL);
  wait_for_end (f);
  record = mf_sim_panel_get_current_run (f->panel);
  g_assert_cmpint (f->end_status, ==, MF_SIM_STATUS_FINISHED);
  assert_quantities_of (f->panel, record);
  g_assert_false (plot_has_series (f->panel, MF_SIM_PANEL_STATES, "C1.x"));
  g_assert_true (plot_has_series (f->panel, MF_SIM_PANEL_STATES, "P1.v"));
  /* the new document's first run is Run 1 again, alone in the list, and
   * no plot draws a curve of another run (the old one's solver.sigma_*
   * were drawn "(Run 1)" on the new circuit's σ plot) */
  g_assert_cmpuint (g_list_model_get_n_items (runs), ==, 1);
  g_assert_cmpstr (mf_run_record_get_label (record), ==, "Run 1");
  for (guint v = 0; v < MF_SIM_PANEL_STEPS; v++)
    {
      MfPlot *plot = mf_plot_view_get_plot (mf_sim_panel_get_plot_view (f->panel, v));

      for (guint s = 0; s < mf_plot_get_n_series (plot); s++)
        g_assert_null (strstr (mf_plot_series_get_name (mf_plot_get_series (plot, s)), "(Run"));
    }

  /* a quantity of a component that is gone lasts until the next run */
  mf_sim_panel_add_quantity (f->panel, "X9.v");
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.run", NULL);
  wait_for_end (f);
  assert_quantities_of (f->panel, mf_sim_panel_get_current_run (f->panel));
  g_assert_true (plot_has_series (f->panel, MF_SIM_PANEL_STATES, "P1.v"));
}

/* The real-time factor in the progress row: two significant figures and
 * never an exponent.  99.7 was "1e+02" ("%.2g" rounds it up to 100 and
 * then needs the exponent for two figures); worked out by hand: 99.7 →
 * 100, 123.4 → 123, 9.96 → 10, 3.14 → 3.1, 0.0123 → 0.012. */
static void
test_speed_text (void)
{
  static const struct { double factor; const char *text; } cases[] = {
    { 99.7, "100" }, { 123.4, "123" }, { 9.96, "10" }, { 3.14, "3.1" }, { 0.0123, "0.012" },
    { 1e-6, "<0.0001" }, { NAN, "–" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = mf_sim_panel_format_factor (cases[i].factor);

      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

/* The pane runs under the whole editor, across the window, with its plots
 * three abreast and tall enough to read at 1280 × 800; folded it keeps
 * only its toolbar and gives the room back to the canvas. */
static void
test_layout (Fixture       *f,
             gconstpointer  data)
{
  GtkWidget *side = gtk_widget_get_ancestor (
    find_descendant (GTK_WIDGET (f->window), MF_TYPE_STRUCTURE_PANEL), GTK_TYPE_SCROLLED_WINDOW);
  int width = gtk_widget_get_width (GTK_WIDGET (f->window));
  int height = gtk_widget_get_height (GTK_WIDGET (f->window));
  graphene_rect_t canvas, pane, header, folded_canvas, folded_pane;

  g_assert_true (mf_window_load_example (f->window, MF_DEFAULT_EXAMPLE, NULL));
  wait_for_layout (f);
  canvas = bounds_in (GTK_WIDGET (f->canvas), f->window);
  pane = bounds_in (GTK_WIDGET (f->panel), f->window);
  header = bounds_in (find_descendant (GTK_WIDGET (f->window), ADW_TYPE_HEADER_BAR), f->window);
  g_test_message ("window %d x %d: canvas %g x %g, pane %g x %g", width, height,
                  canvas.size.width, canvas.size.height, pane.size.width, pane.size.height);
  g_assert_cmpfloat (canvas.origin.y + canvas.size.height, <=, pane.origin.y);
  g_assert_cmpfloat (bounds_in (side, f->window).origin.y
                     + bounds_in (side, f->window).size.height, <=, pane.origin.y);
  g_assert_cmpfloat (pane.origin.y + pane.size.height, <=, height);
  g_assert_cmpfloat (pane.size.width, >=, width - 20);
  g_assert_cmpfloat (canvas.size.height, >=, 300);
  /* the singular values and the steps share the third place, in turn */
  g_assert_false (gtk_widget_get_mapped (
    GTK_WIDGET (mf_sim_panel_get_plot_view (f->panel, MF_SIM_PANEL_STEPS))));
  for (guint shown = MF_SIM_PANEL_SIGMA; shown <= MF_SIM_PANEL_STEPS; shown++)
    {
      mf_sim_panel_show_plot (f->panel, shown);
      wait_for_layout (f);
      for (guint i = 0; i < MF_SIM_PANEL_N_VIEWS; i++)
        {
          MfPlotView *view = mf_sim_panel_get_plot_view (f->panel, i);
          graphene_rect_t plot;

          if (i >= MF_SIM_PANEL_SIGMA && i != shown)
            {
              g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (view)));
              continue;
            }
          plot = bounds_in (GTK_WIDGET (view), f->window);
          g_assert_cmpfloat (plot.size.width, >=, width / 3.0 - 20);
          g_assert_cmpfloat (plot.size.height, >=, 200);
          g_assert_cmpfloat (plot.origin.y, >=, pane.origin.y);
        }
    }
  mf_sim_panel_show_plot (f->panel, MF_SIM_PANEL_SIGMA);
  /* Run is in the header bar */
  g_assert_true (gtk_widget_is_ancestor (
    find_action_button (GTK_WIDGET (f->window), "win.run"),
    find_descendant (GTK_WIDGET (f->window), ADW_TYPE_HEADER_BAR)));
  g_assert_cmpfloat (header.origin.y + header.size.height, <=, canvas.origin.y);

  mf_sim_panel_set_expanded (f->panel, FALSE);
  wait_for_layout (f);
  folded_canvas = bounds_in (GTK_WIDGET (f->canvas), f->window);
  folded_pane = bounds_in (GTK_WIDGET (f->panel), f->window);
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (mf_sim_panel_get_plot_view (f->panel, 0))));
  g_assert_cmpfloat (folded_pane.size.height, <, 80);
  g_assert_cmpfloat (folded_canvas.size.height, >, canvas.size.height + pane.size.height - 80);

  mf_sim_panel_set_expanded (f->panel, TRUE);
  wait_for_layout (f);
  g_assert_cmpfloat (fabs (bounds_in (GTK_WIDGET (f->panel), f->window).size.height
                           - pane.size.height), <=, 2);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr (GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  if (!gtk_init_check ())
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }
  application = mf_application_new (G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (application), NULL, &error));
  g_assert_no_error (error);

  g_test_add ("/app/sim-panel/layout", Fixture, NULL, fixture_set_up, test_layout,
              fixture_tear_down);
  g_test_add ("/app/sim-panel/run-to-end", Fixture, NULL, fixture_set_up, test_run_to_end,
              fixture_tear_down);
  g_test_add_func ("/app/sim-panel/speed-text", test_speed_text);
  g_test_add ("/app/sim-panel/failure", Fixture, NULL, fixture_set_up, test_failure,
              fixture_tear_down);
  g_test_add ("/app/sim-panel/live-edit", Fixture, NULL, fixture_set_up, test_live_edit,
              fixture_tear_down);
  g_test_add ("/app/sim-panel/other-circuit", Fixture, NULL, fixture_set_up,
              test_other_circuit, fixture_tear_down);

  status = g_test_run ();
  g_object_unref (application);
  return status;
}
