/* test-sim-plots.c: what the simulation pane plots (src/app/simulation/mf-sim-panel*.c)
 * — the canvas probe adds what was clicked (mf-canvas-probe.c), orifices and
 * valves in engineering quantities, plots with nothing to show hidden, the
 * Steps plot of two runs (mf-step-plots.c), and the quantities of a sweep
 * or a comparison made before any run.  Needs a display (Xvfb).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include "mf-test-sim-panel.h"

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
  g_test_add ("/app/sim-panel/empty-plots-hidden", Fixture, NULL, fixture_set_up,
              test_empty_plots_hidden, fixture_tear_down);
  g_test_add ("/app/sim-panel/probe", Fixture, NULL, fixture_set_up, test_probe,
              fixture_tear_down);
  g_test_add ("/app/sim-panel/added-run-quantities", Fixture, NULL, fixture_set_up,
              test_added_run_quantities, fixture_tear_down);
  g_test_add ("/app/sim-panel/engineering-quantities", Fixture, NULL, fixture_set_up,
              test_engineering_quantities, fixture_tear_down);

  status = g_test_run ();
  g_object_unref (application);
  return status;
}
