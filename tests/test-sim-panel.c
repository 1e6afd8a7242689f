/* test-sim-panel.c: the simulation pane in a window (src/app/simulation/mf-sim-panel*.c)
 * — an example run to its end through win.run holds every sample on the
 * plots and in the mode timeline, the progress row reaches the end, a
 * failing circuit shows its failure with the time and keeps its samples, an
 * edit during a run reaches it, pause and stop, and the canvas probe adds
 * what was clicked (mf-canvas-probe.c); the Steps plot of two runs
 * (mf-step-plots.c); the pane's place in the window and folding it.  Needs a display (Xvfb).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include "mf-application.h"
#include "mf-canvas.h"
#include "mf-sim-panel-private.h"
#include "mf-structure-panel.h"
#include "mf-test-widgets.h"
#include "mf-window.h"

static MfApplication *application;

/* A laminar pipe between two tanks; %s is the supply's pressure, %s the
 * simulation settings. */
#define PIPE_DOCUMENT \
  "{ \"manifold\": 1, \"title\": \"Pipe\",\n" \
  "  \"components\": [\n" \
  "    { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": %s, \"at\": [0, 0] },\n" \
  "    { \"id\": \"P1\", \"type\": \"pipe\", \"length\": 1, \"diameter\": 0.01," \
  " \"friction\": \"laminar\", \"at\": [100, 0] },\n" \
  "    { \"id\": \"T2\", \"type\": \"tank\", \"pressure\": 0, \"at\": [200, 0] } ],\n" \
  "  \"wires\": [ [\"T1.p\", \"P1.a\"], [\"P1.b\", \"T2.p\"] ],\n" \
  "  \"simulation\": %s }\n"

typedef struct
{
  MfWindow   *window;
  MfSimPanel *panel;
  MfCanvas   *canvas;
  guint       ended;
  MfSimStatus end_status;
} Fixture;

static void
on_run_ended (MfSimPanel  *panel,
              MfSimStatus  status,
              Fixture     *f)
{
  f->ended++;
  f->end_status = status;
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  f->window = mf_window_new (application);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1280, 800);
  f->panel = MF_SIM_PANEL (find_descendant (GTK_WIDGET (f->window), MF_TYPE_SIM_PANEL));
  f->canvas = MF_CANVAS (find_descendant (GTK_WIDGET (f->window), MF_TYPE_CANVAS));
  g_assert_nonnull (f->panel);
  g_assert_nonnull (f->canvas);
  g_signal_connect (f->panel, "run-ended", G_CALLBACK (on_run_ended), f);
  gtk_window_present (GTK_WINDOW (f->window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (f->window));
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_signal_handlers_disconnect_by_data (f->panel, f);
  gtk_window_destroy (GTK_WINDOW (f->window));
  spin ();
}

/* Frames go by until the run has ended (the worker is on its own thread:
 * the main loop blocks until something happens). */
static void
wait_for_end (Fixture *f)
{
  guint ended = f->ended;

  while (f->ended == ended)
    g_main_context_iteration (NULL, TRUE);
}

/* After a run's end the views draw its last samples in turn, one a frame:
 * the frames until every view has and follows the time axis again. */
static void
wait_for_views (Fixture *f)
{
  for (guint v = 0; v < MF_SIM_PANEL_N_VIEWS; v++)
    while (mf_plot_view_get_live (mf_sim_panel_get_plot_view (f->panel, v)))
      g_main_context_iteration (NULL, TRUE);
}

static void
load_text (Fixture    *f,
           const char *text)
{
  g_autoptr (MfEditDocument) document = mf_edit_document_new ();
  g_autoptr (GError) error = NULL;

  g_assert_true (mf_edit_document_load_data (document, text, -1, "test", &error));
  g_assert_no_error (error);
  mf_window_set_document (f->window, document);
  spin ();
}

/* Every series of `record` on view `view` holds each of its samples,
 * value for value in the units `units` shows (the window's settings are a
 * memory backend with the schema's defaults: practical units, bar, L/min,
 * mm); returns how many series there were. */
static guint
assert_view_holds_in (MfSimPanel   *panel,
                      guint         view,
                      MfRunRecord  *record,
                      MfUnitSystem  units)
{
  MfPlot *plot = mf_plot_view_get_plot (mf_sim_panel_get_plot_view (panel, view));
  guint n = mf_run_record_get_n_samples (record);
  const double *times = mf_run_record_get_times (record);
  guint checked = 0;

  for (guint s = 0; s < mf_plot_get_n_series (plot); s++)
    {
      MfPlotSeries *series = mf_plot_get_series (plot, s);
      const char *name = mf_plot_series_get_name (series);
      int column = mf_run_record_find_column (record, name);
      const double *values;
      const double *x = mf_plot_series_get_x (series);
      const double *y = mf_plot_series_get_y (series);

      double scale;

      g_assert_cmpint (column, >=, 0);
      values = mf_run_record_get_column (record, column);
      g_assert_cmpstr (mf_plot_series_get_unit (series), ==,
                       mf_display_unit (units, mf_run_record_get_column_unit (record, column),
                                        &scale));
      g_assert_cmpuint (mf_plot_series_get_n_points (series), ==, n);
      for (guint i = 0; i < n; i += MAX (n / 50, 1))
        {
          g_assert_cmpfloat (x[i], ==, times[i]);
          if (isfinite (values[i]))
            g_assert_cmpfloat (y[i], ==, scale * values[i]);
        }
      g_assert_cmpfloat (x[n - 1], ==, times[n - 1]);
      checked++;
    }
  return checked;
}

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

static guint
assert_view_holds (MfSimPanel  *panel,
                   guint        view,
                   MfRunRecord *record)
{
  return assert_view_holds_in (panel, view, record, MF_UNIT_SYSTEM_PRACTICAL);
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

typedef struct
{
  char     *name;
  gboolean  is_node;
} Probed;

static void
on_probe (MfCanvas   *canvas,
          const char *name,
          gboolean    is_node,
          Probed     *probed)
{
  g_free (probed->name);
  probed->name = g_strdup (name);
  probed->is_node = is_node;
}

/* The widget point at the middle of component `id`, or of wire `wire`'s
 * first segment. */
static void
component_point (MfCanvas   *canvas,
                 const char *id,
                 double     *x,
                 double     *y)
{
  MfCanvasGeometry *geometry = mf_canvas_get_geometry (canvas);
  const MfCanvasComponent *c =
    mf_canvas_geometry_get_component (geometry, mf_canvas_geometry_find_component (geometry, id));
  MfViewTransform view;

  mf_canvas_get_view (canvas, &view);
  mf_view_transform_to_widget (&view, c->x, c->y, x, y);
}

static void
wire_point (MfCanvas *canvas,
            guint     wire,
            double   *x,
            double   *y)
{
  const MfCanvasWire *w = mf_canvas_geometry_get_wire (mf_canvas_get_geometry (canvas), wire);
  MfViewTransform view;

  g_assert_cmpuint (w->route.n_points, >=, 2);
  mf_canvas_get_view (canvas, &view);
  mf_view_transform_to_widget (&view, (w->route.points[0].x + w->route.points[1].x) / 2,
                               (w->route.points[0].y + w->route.points[1].y) / 2, x, y);
}

static gboolean
plot_has_series (MfSimPanel *panel,
                 guint       view,
                 const char *name)
{
  MfPlot *plot = mf_plot_view_get_plot (mf_sim_panel_get_plot_view (panel, view));

  for (guint s = 0; s < mf_plot_get_n_series (plot); s++)
    if (g_strcmp0 (mf_plot_series_get_name (mf_plot_get_series (plot, s)), name) == 0)
      return TRUE;
  return FALSE;
}

static void
test_probe (Fixture       *f,
            gconstpointer  data)
{
  Probed probed = { NULL, FALSE };
  MfRunRecord *record;
  MfCanvasGeometry *geometry;
  g_auto (GStrv) before = NULL;
  g_auto (GStrv) after = NULL;
  g_autofree char *pressure = NULL;
  double x, y;
  guint states_before;

  g_assert_true (mf_window_load_example (f->window, MF_DEFAULT_EXAMPLE, NULL));
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.run", NULL);
  wait_for_end (f);
  record = mf_sim_panel_get_current_run (f->panel);
  before = mf_sim_panel_get_quantities (f->panel);
  states_before = mf_plot_get_n_series (mf_plot_view_get_plot (
    mf_sim_panel_get_plot_view (f->panel, MF_SIM_PANEL_STATES)));
  g_assert_false (g_strv_contains ((const char *const *) before, "P1.q"));
  g_assert_false (plot_has_series (f->panel, MF_SIM_PANEL_STATES, "P1.q"));
  g_signal_connect (f->canvas, "probe", G_CALLBACK (on_probe), &probed);

  /* the Probe toggle puts the canvas in probe mode */
  mf_sim_panel_set_probe_mode (f->panel, TRUE);
  g_assert_true (mf_canvas_get_probe_mode (f->canvas));

  /* a click on pipe P1 plots its flow, every sample of it */
  component_point (f->canvas, "P1", &x, &y);
  g_assert_true (mf_canvas_probe_at (f->canvas, x, y));
  g_assert_cmpstr (probed.name, ==, "P1");
  g_assert_false (probed.is_node);
  after = mf_sim_panel_get_quantities (f->panel);
  g_assert_true (g_strv_contains ((const char *const *) after, "P1.q"));
  g_assert_true (plot_has_series (f->panel, MF_SIM_PANEL_STATES, "P1.q"));
  g_assert_cmpuint (assert_view_holds (f->panel, MF_SIM_PANEL_STATES, record), >=,
                    states_before + 1);
  /* (probing selects nothing) */
  {
    g_auto (GStrv) selection = mf_canvas_get_selection (f->canvas);

    g_assert_cmpuint (g_strv_length (selection), ==, 0);
  }

  /* a click on a wire names its node as the core does: its pressure is a
   * column of the run */
  geometry = mf_canvas_get_geometry (f->canvas);
  for (guint w = 0; w < mf_canvas_geometry_get_n_wires (geometry); w++)
    {
      const MfCanvasWire *wire = mf_canvas_geometry_get_wire (geometry, w);

      if (wire->domain != MF_DOMAIN_HYDRAULIC)
        continue;
      g_clear_pointer (&probed.name, g_free);
      wire_point (f->canvas, w, &x, &y);
      if (!mf_canvas_probe_at (f->canvas, x, y) || probed.name == NULL || !probed.is_node)
        continue; /* (a port or a symbol lies over that point) */
      g_clear_pointer (&pressure, g_free);
      pressure = g_strconcat (probed.name, ".p", NULL);
      g_test_message ("wire %u: node %s", w, probed.name);
      g_assert_cmpint (mf_run_record_find_column (record, pressure), >=, 0);
      g_assert_true (plot_has_series (f->panel, MF_SIM_PANEL_PRESSURES, pressure));
    }
  g_assert_nonnull (pressure);

  /* out of probe mode a click edits again */
  mf_sim_panel_set_probe_mode (f->panel, FALSE);
  g_assert_false (mf_canvas_get_probe_mode (f->canvas));
  g_signal_handlers_disconnect_by_data (f->canvas, &probed);
  g_free (probed.name);
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

/* The unit series `name` of view `view` shows, or NULL. */
static const char *
series_unit (MfSimPanel *panel,
             guint       view,
             const char *name)
{
  MfPlot *plot = mf_plot_view_get_plot (mf_sim_panel_get_plot_view (panel, view));

  if (!plot_has_series (panel, view, name))
    return NULL;
  for (guint s = 0;; s++)
    if (g_strcmp0 (mf_plot_series_get_name (mf_plot_get_series (plot, s)), name) == 0)
      return mf_plot_series_get_unit (mf_plot_get_series (plot, s));
}

/* An orifice and a valve are plotted by default as the flows an
 * engineer reads, in L/min (the window's practical units), not as
 * velocities in a reference area; the valve's pressure difference goes
 * with the pressures, in bar. */
static void
test_engineering_quantities (Fixture       *f,
                             gconstpointer  data)
{
  g_assert_true (mf_window_load_example (f->window, "valve-closing", NULL));
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.run", NULL);
  wait_for_end (f);
  g_assert_cmpint (f->end_status, ==, MF_SIM_STATUS_FINISHED);
  for (guint i = 0; i < 2; i++)
    {
      static const char *const ids[] = { "V1", "O1" };
      g_autofree char *flow = g_strdup_printf ("%s.q", ids[i]);
      g_autofree char *velocity = g_strdup_printf ("%s.v", ids[i]);

      g_assert_cmpstr (series_unit (f->panel, MF_SIM_PANEL_STATES, flow), ==, "L/min");
      g_assert_false (plot_has_series (f->panel, MF_SIM_PANEL_STATES, velocity));
    }
  /* a pipe keeps its velocity, the speed of its oil */
  g_assert_true (plot_has_series (f->panel, MF_SIM_PANEL_STATES, "P1.v"));
  g_assert_cmpstr (series_unit (f->panel, MF_SIM_PANEL_PRESSURES, "V1.dp"), ==, "bar");
}

static graphene_rect_t
bounds_in (GtkWidget *widget,
           MfWindow  *window)
{
  graphene_rect_t r;

  g_assert_true (gtk_widget_compute_bounds (widget, GTK_WIDGET (window), &r));
  return r;
}

static void
wait_for_layout (Fixture *f)
{
  gtk_widget_queue_draw (GTK_WIDGET (f->window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (f->window));
  spin ();
}

/* Whether view `view` takes room in the pane. */
static gboolean
view_shown (Fixture *f,
            guint    view)
{
  return gtk_widget_get_mapped (GTK_WIDGET (mf_sim_panel_get_plot_view (f->panel, view)));
}

/* A purely mechanical circuit (two masses on a spring) has no pressure
 * and no constraint, so no σ(W): once its run has ended, those two plots
 * give their room to the states (they stood empty beside it).  Before a
 * run every plot shows; a circuit with pressures shows them again. */
static void
test_empty_plots_hidden (Fixture       *f,
                         gconstpointer  data)
{
  g_assert_true (mf_window_load_example (f->window, "two-mass-spring", NULL));
  wait_for_layout (f);
  g_assert_true (view_shown (f, MF_SIM_PANEL_PRESSURES));
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.run", NULL);
  wait_for_end (f);
  g_assert_cmpint (f->end_status, ==, MF_SIM_STATUS_FINISHED);
  wait_for_layout (f);
  g_assert_true (view_shown (f, MF_SIM_PANEL_STATES));
  g_assert_false (view_shown (f, MF_SIM_PANEL_PRESSURES));
  g_assert_false (view_shown (f, MF_SIM_PANEL_SIGMA));
  /* the states plot takes the pane's width */
  g_assert_cmpfloat (bounds_in (GTK_WIDGET (mf_sim_panel_get_plot_view (f->panel,
                                                                       MF_SIM_PANEL_STATES)),
                                f->window).size.width, >,
                     0.9 * gtk_widget_get_width (GTK_WIDGET (f->panel)));
  /* the Steps page has the steps of any circuit */
  mf_sim_panel_show_plot (f->panel, MF_SIM_PANEL_STEPS);
  wait_for_layout (f);
  g_assert_true (view_shown (f, MF_SIM_PANEL_STEPS));
  mf_sim_panel_show_plot (f->panel, MF_SIM_PANEL_SIGMA);
  wait_for_layout (f);
  g_assert_false (view_shown (f, MF_SIM_PANEL_SIGMA));

  /* another document starts with every plot again, and keeps its
   * pressures after its run */
  g_assert_true (mf_window_load_example (f->window, "piston-accumulator", NULL));
  wait_for_layout (f);
  g_assert_true (view_shown (f, MF_SIM_PANEL_PRESSURES));
  g_assert_true (view_shown (f, MF_SIM_PANEL_SIGMA));
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.run", NULL);
  wait_for_end (f);
  wait_for_layout (f);
  g_assert_true (view_shown (f, MF_SIM_PANEL_PRESSURES));
}

/* The points a Steps view's series of h should hold for a record's
 * steps: one per step, two per row of equal steps; and the crosses, one
 * per refused try. */
static void
expected_step_points (MfRunRecord *record, guint *n_h, guint *n_rejected)
{
  const MfStepRecord *steps = mf_run_record_get_steps (record);
  const MfStepEntry *e = mf_step_record_get_entries (steps);

  *n_h = *n_rejected = 0;
  for (guint i = 0; i < mf_step_record_get_n_entries (steps); i++)
    if (e[i].rejected)
      *n_rejected += isfinite (e[i].h);
    else
      *n_h += e[i].count > 1 ? 2 : 1;
}

static MfPlotSeries *
find_series (MfPlot     *plot,
             const char *name)
{
  for (guint i = 0; i < mf_plot_get_n_series (plot); i++)
    if (strcmp (mf_plot_series_get_name (mf_plot_get_series (plot, i)), name) == 0)
      return mf_plot_get_series (plot, i);
  return NULL;
}

static gboolean
same_color (MfPlotColor a,
            MfPlotColor b)
{
  return a.red == b.red && a.green == b.green && a.blue == b.blue;
}

/* The Steps plot: each run's h(t) on a log axis with decades, its refused
 * tries as crosses at the h they tried, the order in the strip for a
 * method that varies it, and a kept run overlaid in a colour of its own,
 * dashed; the record keeps the steps and statistics it was drawn from. */
static void
test_steps (Fixture       *f,
            gconstpointer  data)
{
  MfPlotView *view = mf_sim_panel_get_plot_view (f->panel, MF_SIM_PANEL_STEPS);
  MfPlot *plot = mf_plot_view_get_plot (view);
  MfPlotSeries *h, *rejected, *order, *kept_h;
  MfRunRecord *first, *second;
  const MfPlotAxis *y_axis;
  guint n_h, n_rejected;
  g_autoptr (GError) error = NULL;

  g_assert_true (mf_window_load_example (f->window, "two-mass-spring", NULL));
  mf_sim_panel_show_plot (f->panel, MF_SIM_PANEL_STEPS);
  g_assert_true (mf_plot_view_get_log_y (view));

  /* msbdf, as the example says */
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.run", NULL);
  wait_for_end (f);
  wait_for_views (f);
  first = mf_sim_panel_get_current_run (f->panel);
  g_assert_cmpstr (mf_run_record_get_method (first), ==, "msbdf");
  g_assert_cmpuint (mf_step_record_get_n_steps (mf_run_record_get_steps (first)), ==,
                    mf_run_record_get_stats (first)->steps);
  expected_step_points (first, &n_h, &n_rejected);
  h = find_series (plot, "Run 1 · msbdf");
  rejected = find_series (plot, "rejected, Run 1");
  order = find_series (plot, "order, Run 1");
  g_assert_nonnull (h);
  g_assert_nonnull (rejected);
  g_assert_nonnull (order);
  /* every step of the run, none twice (the example has no events: its
   * steps follow each other), at the h it took */
  g_assert_cmpuint (mf_plot_series_get_n_points (h), ==, n_h);
  g_assert_cmpfloat (mf_plot_series_get_y (h)[0], ==,
                     mf_step_record_get_entries (mf_run_record_get_steps (first))[0].h);
  g_assert_cmpuint (n_rejected, >, 0);
  g_assert_cmpuint (mf_plot_series_get_n_points (rejected), ==, n_rejected);
  g_assert_true (mf_plot_series_get_mark (rejected) == MF_PLOT_MARK_CROSSES);
  g_assert_true (mf_plot_series_get_in_strip (order));
  g_assert_false (mf_plot_series_get_in_strip (h));
  for (guint i = 0; i < mf_plot_series_get_n_points (order); i++)
    {
      g_assert_cmpfloat (mf_plot_series_get_y (order)[i], >=, 1);
      g_assert_cmpfloat (mf_plot_series_get_y (order)[i], <=, 5);
    }
  /* drawn: the y axis in decades, the order strip under the data */
  gtk_test_widget_wait_for_draw (GTK_WIDGET (view));
  y_axis = mf_plot_get_axis (plot, MF_PLOT_AXIS_Y);
  g_assert_true (y_axis->ticks.log);
  g_assert_cmpuint (y_axis->ticks.n_major, >=, 2);
  for (guint i = 0; i < y_axis->ticks.n_major; i++)
    g_assert_cmpfloat (fabs (log10 (y_axis->ticks.major[i])
                             - round (log10 (y_axis->ticks.major[i]))), <, 1e-9);
  g_assert_cmpfloat (mf_plot_get_strip_area (plot).height, >, 0);

  /* rkf45 next, the msbdf run kept and shown */
  g_assert_true (mf_edit_document_set_simulation_text (mf_window_get_document (f->window),
                                                       "method", "rkf45", &error));
  g_assert_no_error (error);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.run", NULL);
  wait_for_end (f);
  second = mf_sim_panel_get_current_run (f->panel);
  g_assert_true (second != first);
  mf_run_record_set_shown (first, TRUE);
  wait_for_views (f);
  h = find_series (plot, "Run 2 · rkf45");
  kept_h = find_series (plot, "Run 1 · msbdf");
  g_assert_nonnull (h);
  g_assert_nonnull (kept_h);
  g_assert_nonnull (find_series (plot, "order, Run 1"));
  /* rkf45 keeps its order: none of Run 2 */
  g_assert_null (find_series (plot, "order, Run 2"));
  expected_step_points (second, &n_h, &n_rejected);
  g_assert_cmpuint (mf_plot_series_get_n_points (h), ==, n_h);
  g_assert_cmpuint (mf_plot_series_get_n_points (find_series (plot, "rejected, Run 2")), ==,
                    n_rejected);
  /* the kept run whole again, dashed, in a colour of its own */
  expected_step_points (first, &n_h, &n_rejected);
  g_assert_cmpuint (mf_plot_series_get_n_points (kept_h), ==, n_h);
  g_assert_cmpint (mf_plot_series_get_dash (h), ==, MF_PLOT_DASH_SOLID);
  g_assert_cmpint (mf_plot_series_get_dash (kept_h), ==, MF_PLOT_DASH_DASHED);
  g_assert_false (same_color (mf_plot_series_get_color (h), mf_plot_series_get_color (kept_h)));
  /* hiding the kept run takes it off */
  mf_run_record_set_shown (first, FALSE);
  wait_for_views (f);
  g_assert_null (find_series (plot, "Run 1 · msbdf"));
  mf_sim_panel_show_plot (f->panel, MF_SIM_PANEL_SIGMA);
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

/* A sweep or a comparison before any Run: the plots take their quantities
 * from the first run it added (P1.v on the States plot, J1.p on the
 * Pressures plot), rather than stay empty. */
static void
test_added_run_quantities (Fixture       *f,
                           gconstpointer  data)
{
  static const char *const names[] = { "P1.v", "J1.p" };
  static const char *const units[] = { "m/s", "Pa" };
  g_autoptr (MfRunRecord) record = mf_run_record_new ("O1.area = 2 mm²");
  g_auto (GStrv) quantities = NULL;
  g_autofree char *text = g_strdup_printf (PIPE_DOCUMENT, "100000", "{}");

  load_text (f, text);
  mf_run_record_begin_segment (record, 2, names, units);
  for (guint i = 0; i <= 10; i++)
    mf_run_record_append (record, i / 10.0, 0, (const double[]) { i, 1000.0 * i });
  mf_run_record_set_outcome (record, MF_SIM_STATUS_FINISHED, NULL);
  /* drawn over the plots, as a sweep's runs are */
  mf_run_record_set_shown (record, TRUE);
  mf_sim_panel_add_run (f->panel, record);
  spin ();
  quantities = mf_sim_panel_get_quantities (f->panel);
  g_assert_true (g_strv_contains ((const char *const *) quantities, "P1.v"));
  g_assert_true (g_strv_contains ((const char *const *) quantities, "J1.p"));
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

  g_test_add ("/app/sim-panel/steps", Fixture, NULL, fixture_set_up, test_steps,
              fixture_tear_down);
  g_test_add ("/app/sim-panel/layout", Fixture, NULL, fixture_set_up, test_layout,
              fixture_tear_down);
  g_test_add ("/app/sim-panel/run-to-end", Fixture, NULL, fixture_set_up, test_run_to_end,
              fixture_tear_down);
  g_test_add_func ("/app/sim-panel/speed-text", test_speed_text);
  g_test_add ("/app/sim-panel/empty-plots-hidden", Fixture, NULL, fixture_set_up,
              test_empty_plots_hidden, fixture_tear_down);
  g_test_add ("/app/sim-panel/failure", Fixture, NULL, fixture_set_up, test_failure,
              fixture_tear_down);
  g_test_add ("/app/sim-panel/live-edit", Fixture, NULL, fixture_set_up, test_live_edit,
              fixture_tear_down);
  g_test_add ("/app/sim-panel/probe", Fixture, NULL, fixture_set_up, test_probe,
              fixture_tear_down);
  g_test_add ("/app/sim-panel/added-run-quantities", Fixture, NULL, fixture_set_up,
              test_added_run_quantities, fixture_tear_down);
  g_test_add ("/app/sim-panel/engineering-quantities", Fixture, NULL, fixture_set_up,
              test_engineering_quantities, fixture_tear_down);
  g_test_add ("/app/sim-panel/other-circuit", Fixture, NULL, fixture_set_up,
              test_other_circuit, fixture_tear_down);

  status = g_test_run ();
  g_object_unref (application);
  return status;
}
