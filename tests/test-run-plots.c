/* test-run-plots.c: MfRunPlots (src/app/simulation/mf-run-plots.c) — a series per
 * quantity and run, updates that append exactly the new samples, overlaid
 * runs dashed and named after their label in their quantity's colour, merged
 * mode bands, markers and fallback spans, and series that go with their
 * quantity and keep what the user hid.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>

#include "mf-run-plots.h"

static const char *const names[] = { "P1.v", "J1.p", "C1.x" };
static const char *const units[] = { "m/s", "Pa", "m" };

/* Samples i0 .. i1 − 1 at t = i / 100: P1.v = i, J1.p = 1000 i, C1.x = −i. */
static void
feed (MfRunRecord *record, guint i0, guint i1, guint mode)
{
  if (mf_run_record_get_n_segments (record) == 0)
    mf_run_record_begin_segment (record, 3, names, units);
  for (guint i = i0; i < i1; i++)
    mf_run_record_append (record, i / 100.0, mode, (const double[]) { i, 1000.0 * i, -1.0 * i });
}

static gboolean
same_color (MfPlotColor a, MfPlotColor b)
{
  return a.red == b.red && a.green == b.green && a.blue == b.blue;
}

static void
test_series_per_quantity_and_run (void)
{
  g_autoptr (MfPlot) plot = mf_plot_new ();
  g_autoptr (MfRunPlots) plots = mf_run_plots_new (plot);
  g_autoptr (MfRunRecord) current = mf_run_record_new ("Run 3");
  g_autoptr (MfRunRecord) kept = mf_run_record_new ("Run 2");
  g_autoptr (GPtrArray) overlaid = g_ptr_array_new ();
  const char *quantities[] = { "P1.v", "J1.p", NULL };
  MfPlotSeries *v, *p, *v2, *p2;

  feed (kept, 0, 50, 0);
  feed (current, 0, 20, 0);
  g_ptr_array_add (overlaid, kept);
  mf_run_plots_set_quantities (plots, quantities);
  mf_run_plots_set_runs (plots, current, overlaid);
  g_assert_true (mf_run_plots_update (plots));

  g_assert_cmpuint (mf_plot_get_n_series (plot), ==, 4);
  v = mf_run_plots_find_series (plots, current, "P1.v");
  p = mf_run_plots_find_series (plots, current, "J1.p");
  v2 = mf_run_plots_find_series (plots, kept, "P1.v");
  p2 = mf_run_plots_find_series (plots, kept, "J1.p");
  g_assert_nonnull (v);
  g_assert_null (mf_run_plots_find_series (plots, current, "C1.x"));
  g_assert_cmpstr (mf_plot_series_get_name (v), ==, "P1.v");
  g_assert_cmpstr (mf_plot_series_get_name (p2), ==, "J1.p (Run 2)");
  g_assert_false (mf_plot_series_get_dashed (v));
  g_assert_true (mf_plot_series_get_dashed (v2));
  g_assert_cmpstr (mf_plot_series_get_unit (p), ==, "Pa");

  /* one colour per quantity, the same in every run */
  g_assert_true (same_color (mf_plot_series_get_color (v), mf_plot_series_get_color (v2)));
  g_assert_true (same_color (mf_plot_series_get_color (p), mf_plot_series_get_color (p2)));
  g_assert_false (same_color (mf_plot_series_get_color (v), mf_plot_series_get_color (p)));

  g_assert_cmpuint (mf_plot_series_get_n_points (v), ==, 20);
  g_assert_cmpuint (mf_plot_series_get_n_points (p2), ==, 50);
  g_assert_cmpfloat (mf_plot_series_get_x (p)[19], ==, 0.19);
  g_assert_cmpfloat (mf_plot_series_get_y (p)[19], ==, 19000.0);

  /* a relabelled run is named anew at the next rebuild */
  mf_run_record_set_label (kept, "baseline");
  mf_run_plots_set_runs (plots, current, NULL);
  mf_run_plots_update (plots);
  g_assert_null (mf_run_plots_find_series (plots, kept, "P1.v"));
  mf_run_plots_set_runs (plots, current, overlaid);
  mf_run_plots_update (plots);
  g_assert_cmpstr (mf_plot_series_get_name (mf_run_plots_find_series (plots, kept, "P1.v")), ==,
                   "P1.v (baseline)");
  g_assert_cmpuint (mf_plot_series_get_n_points (mf_run_plots_find_series (plots, kept, "P1.v")),
                    ==, 50);
}

/* Each update appends what came since the last one, and nothing twice. */
static void
test_incremental_update (void)
{
  g_autoptr (MfPlot) plot = mf_plot_new ();
  g_autoptr (MfRunPlots) plots = mf_run_plots_new (plot);
  g_autoptr (MfRunRecord) current = mf_run_record_new ("Run 1");
  MfPlotSeries *x;
  const double *y;

  mf_run_plots_add_quantity (plots, "C1.x");
  g_assert_false (mf_run_plots_add_quantity (plots, "C1.x"));
  mf_run_plots_set_runs (plots, current, NULL);
  /* the run has not begun: its series waits for the column */
  g_assert_true (mf_run_plots_update (plots));
  x = mf_run_plots_find_series (plots, current, "C1.x");
  g_assert_nonnull (x);
  g_assert_cmpuint (mf_plot_series_get_n_points (x), ==, 0);
  g_assert_false (mf_run_plots_update (plots));

  feed (current, 0, 7, 0);
  g_assert_true (mf_run_plots_update (plots));
  g_assert_cmpuint (mf_plot_series_get_n_points (x), ==, 7);
  g_assert_false (mf_run_plots_update (plots));
  g_assert_cmpuint (mf_plot_series_get_n_points (x), ==, 7);

  for (guint frame = 0; frame < 10; frame++)
    {
      feed (current, 7 + 13 * frame, 7 + 13 * (frame + 1), 0);
      g_assert_true (mf_run_plots_update (plots));
      g_assert_cmpuint (mf_plot_series_get_n_points (x), ==, 7 + 13 * (frame + 1));
    }
  /* the same series all along, in order, each sample once */
  g_assert_true (x == mf_run_plots_find_series (plots, current, "C1.x"));
  y = mf_plot_series_get_y (x);
  for (guint i = 0; i < 137; i++)
    g_assert_cmpfloat (y[i], ==, -1.0 * i);

  /* another quantity: a rebuild, which copies nothing again for C1.x */
  mf_run_plots_add_quantity (plots, "P1.v");
  g_assert_true (mf_run_plots_update (plots));
  g_assert_true (x == mf_run_plots_find_series (plots, current, "C1.x"));
  g_assert_cmpuint (mf_plot_series_get_n_points (x), ==, 137);
  g_assert_cmpuint (mf_plot_series_get_n_points (mf_run_plots_find_series (plots, current,
                                                                           "P1.v")), ==, 137);
}

/* A quantity that appears in a later segment: NaN (gaps) before it. */
static void
test_column_appears_later (void)
{
  g_autoptr (MfPlot) plot = mf_plot_new ();
  g_autoptr (MfRunPlots) plots = mf_run_plots_new (plot);
  g_autoptr (MfRunRecord) current = mf_run_record_new ("Run 1");
  const char *later[] = { "P1.v", "V2.dp" };
  MfPlotSeries *dp;

  mf_run_plots_add_quantity (plots, "V2.dp");
  mf_run_plots_set_runs (plots, current, NULL);
  feed (current, 0, 5, 0);
  mf_run_plots_update (plots);
  dp = mf_run_plots_find_series (plots, current, "V2.dp");
  g_assert_cmpuint (mf_plot_series_get_n_points (dp), ==, 0);

  mf_run_record_begin_segment (current, 2, later, NULL);
  mf_run_record_append (current, 0.05, 0, (const double[]) { 5, 42 });
  g_assert_true (mf_run_plots_update (plots));
  g_assert_cmpuint (mf_plot_series_get_n_points (dp), ==, 6);
  g_assert_true (isnan (mf_plot_series_get_y (dp)[4]));
  g_assert_cmpfloat (mf_plot_series_get_y (dp)[5], ==, 42);
}

/* Removing a quantity takes its series off the plot; bringing it back
 * brings back its data and the visibility the user gave it. */
static void
test_remove_quantity_keeps_hidden (void)
{
  g_autoptr (MfPlot) plot = mf_plot_new ();
  g_autoptr (MfRunPlots) plots = mf_run_plots_new (plot);
  g_autoptr (MfRunRecord) current = mf_run_record_new ("Run 1");
  const char *quantities[] = { "P1.v", "J1.p", NULL };
  g_auto (GStrv) left = NULL;
  MfPlotSeries *v, *p;

  feed (current, 0, 30, 0);
  mf_run_plots_set_quantities (plots, quantities);
  mf_run_plots_set_runs (plots, current, NULL);
  mf_run_plots_update (plots);
  v = mf_run_plots_find_series (plots, current, "P1.v");
  p = mf_run_plots_find_series (plots, current, "J1.p");
  mf_plot_series_set_visible (p, FALSE); /* as a click on its legend entry does */

  g_assert_true (mf_run_plots_remove_quantity (plots, "J1.p"));
  g_assert_false (mf_run_plots_remove_quantity (plots, "J1.p"));
  g_assert_true (mf_run_plots_update (plots));
  g_assert_null (mf_run_plots_find_series (plots, current, "J1.p"));
  left = mf_run_plots_get_quantities (plots);
  g_assert_cmpstrv (left, ((const char *const[]) { "P1.v", NULL }));
  /* gone from the plot, legend entry and all; the other one stays */
  g_assert_cmpuint (mf_plot_get_n_series (plot), ==, 1);
  g_assert_true (mf_plot_get_series (plot, 0) == v);
  g_assert_true (mf_plot_series_get_visible (v));
  g_assert_cmpuint (mf_plot_series_get_n_points (v), ==, 30);

  /* back: hidden as before, all its samples again */
  mf_run_plots_add_quantity (plots, "J1.p");
  mf_run_plots_update (plots);
  p = mf_run_plots_find_series (plots, current, "J1.p");
  g_assert_false (mf_plot_series_get_visible (p));
  g_assert_cmpuint (mf_plot_series_get_n_points (p), ==, 30);

  /* a new current run keeps the names, so the hidden series stays hidden */
  {
    g_autoptr (MfRunRecord) next = mf_run_record_new ("Run 2");

    feed (next, 0, 3, 0);
    mf_run_plots_set_runs (plots, next, NULL);
    mf_run_plots_update (plots);
    g_assert_false (mf_plot_series_get_visible (mf_run_plots_find_series (plots, next, "J1.p")));
    g_assert_true (mf_plot_series_get_visible (mf_run_plots_find_series (plots, next, "P1.v")));
    g_assert_cmpuint (mf_plot_series_get_n_points (mf_run_plots_find_series (plots, next,
                                                                             "P1.v")), ==, 3);
  }
}

/* Runs of one mode merge into one band, named after the mode; a run of a
 * single mode gets none. */
static void
test_mode_bands (void)
{
  g_autoptr (MfPlot) plot = mf_plot_new ();
  g_autoptr (MfRunPlots) plots = mf_run_plots_new (plot);
  g_autoptr (MfRunRecord) current = mf_run_record_new ("Run 1");
  const char *modes[] = { "open", "shut", NULL };
  double x0, x1;

  mf_run_plots_add_quantity (plots, "P1.v");
  mf_run_plots_set_runs (plots, current, NULL);
  feed (current, 0, 10, 0);
  mf_run_plots_update (plots);
  g_assert_cmpuint (mf_run_plots_get_n_bands (plots), ==, 0);

  /* split across updates: the band grows, it is not cut in two */
  feed (current, 10, 20, 0);
  feed (current, 20, 25, 1);
  mf_run_plots_update (plots);
  feed (current, 25, 30, 1);
  feed (current, 30, 40, 0);
  mf_run_record_set_mode_names (current, modes);
  mf_run_plots_update (plots);

  g_assert_cmpuint (mf_run_plots_get_n_bands (plots), ==, 3);
  g_assert_cmpstr (mf_run_plots_get_band (plots, 0, &x0, &x1), ==, "open");
  g_assert_cmpfloat (x0, ==, 0.0);
  g_assert_cmpfloat (x1, ==, 0.20); /* up to the next band: no gap between */
  g_assert_cmpstr (mf_run_plots_get_band (plots, 1, &x0, &x1), ==, "shut");
  g_assert_cmpfloat (x0, ==, 0.20);
  g_assert_cmpfloat (x1, ==, 0.30);
  g_assert_cmpstr (mf_run_plots_get_band (plots, 2, &x0, &x1), ==, "open");
  g_assert_cmpfloat (x0, ==, 0.30);
  g_assert_cmpfloat (x1, ==, 0.39);
}

/* Fallbacks become spans only when asked for; a new current run starts
 * with none. */
static void
test_fallback_spans (void)
{
  g_autoptr (MfPlot) plot = mf_plot_new ();
  g_autoptr (MfRunPlots) plots = mf_run_plots_new (plot);
  g_autoptr (MfRunRecord) current = mf_run_record_new ("Run 1");
  g_autoptr (MfRunRecord) next = mf_run_record_new ("Run 2");
  MfSimLogEntry event = { MF_SIM_LOG_EVENT, 0.1, 0.1, 0, "CV1", "open", "closed", NULL };
  MfSimLogEntry fallbacks = { MF_SIM_LOG_FALLBACKS, 0.2, 0.3, 4, NULL, NULL, NULL, "O1.v" };

  mf_run_plots_add_quantity (plots, "P1.v");
  mf_run_plots_set_runs (plots, current, NULL);
  feed (current, 0, 40, 0);
  mf_run_record_add_log (current, &event);
  mf_run_record_add_log (current, &fallbacks);
  mf_run_plots_update (plots);
  g_assert_cmpuint (mf_plot_get_n_spans (plot), ==, 0);

  mf_run_plots_set_mark_fallbacks (plots, TRUE);
  g_assert_true (mf_run_plots_update (plots));
  g_assert_cmpuint (mf_plot_get_n_spans (plot), ==, 1);
  g_assert_false (mf_run_plots_update (plots));
  g_assert_cmpuint (mf_plot_get_n_spans (plot), ==, 1);

  fallbacks.t = 0.35;
  fallbacks.t_last = 0.36;
  mf_run_record_add_log (current, &fallbacks);
  mf_run_plots_update (plots);
  g_assert_cmpuint (mf_plot_get_n_spans (plot), ==, 2);

  mf_run_plots_set_runs (plots, next, NULL);
  mf_run_plots_update (plots);
  g_assert_cmpuint (mf_plot_get_n_spans (plot), ==, 0);
}

/* A kept run of another circuit gets no empty series for what it lacks. */
static void
test_overlaid_lacking_quantity (void)
{
  g_autoptr (MfPlot) plot = mf_plot_new ();
  g_autoptr (MfRunPlots) plots = mf_run_plots_new (plot);
  g_autoptr (MfRunRecord) current = mf_run_record_new ("Run 2");
  g_autoptr (MfRunRecord) other = mf_run_record_new ("Run 1");
  g_autoptr (GPtrArray) overlaid = g_ptr_array_new ();
  const char *only_x[] = { "M1.x" };

  mf_run_record_begin_segment (other, 1, only_x, NULL);
  mf_run_record_append (other, 0, 0, (const double[]) { 1 });
  feed (current, 0, 5, 0);
  g_ptr_array_add (overlaid, other);
  g_ptr_array_add (overlaid, current); /* listed twice: drawn once, solid */
  mf_run_plots_add_quantity (plots, "P1.v");
  mf_run_plots_set_runs (plots, current, overlaid);
  mf_run_plots_update (plots);
  g_assert_null (mf_run_plots_find_series (plots, other, "P1.v"));
  g_assert_cmpuint (mf_plot_get_n_series (plot), ==, 1);
  g_assert_false (mf_plot_series_get_dashed (mf_run_plots_find_series (plots, current, "P1.v")));
}

/* A record that reserved its run's length hands that room on to the series
 * made for it: the series' arrays stay put as the run fills them. */
static void
test_reserve_follows_record (void)
{
  g_autoptr (MfPlot) plot = mf_plot_new ();
  g_autoptr (MfRunPlots) plots = mf_run_plots_new (plot);
  g_autoptr (MfRunRecord) current = mf_run_record_new ("Run 1");
  const guint n = 40000;
  MfPlotSeries *x;
  const double *xs, *ys;

  mf_run_record_reserve (current, n);
  mf_run_plots_add_quantity (plots, "C1.x");
  mf_run_plots_set_runs (plots, current, NULL);
  feed (current, 0, 1, 0);
  g_assert_true (mf_run_plots_update (plots));
  x = mf_run_plots_find_series (plots, current, "C1.x");
  xs = mf_plot_series_get_x (x);
  ys = mf_plot_series_get_y (x);
  for (guint frame = 0; frame < 40; frame++)
    {
      feed (current, 1 + frame * (n - 1) / 40, 1 + (frame + 1) * (n - 1) / 40, 0);
      g_assert_true (mf_run_plots_update (plots));
    }
  g_assert_cmpuint (mf_plot_series_get_n_points (x), ==, n);
  g_assert_true (mf_plot_series_get_x (x) == xs);
  g_assert_true (mf_plot_series_get_y (x) == ys);
  g_assert_cmpfloat (ys[n - 1], ==, -1.0 * (n - 1));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/app/run-plots/series-per-quantity-and-run",
                   test_series_per_quantity_and_run);
  g_test_add_func ("/app/run-plots/incremental-update", test_incremental_update);
  g_test_add_func ("/app/run-plots/reserve-follows-record", test_reserve_follows_record);
  g_test_add_func ("/app/run-plots/column-appears-later", test_column_appears_later);
  g_test_add_func ("/app/run-plots/remove-quantity-keeps-hidden",
                   test_remove_quantity_keeps_hidden);
  g_test_add_func ("/app/run-plots/mode-bands", test_mode_bands);
  g_test_add_func ("/app/run-plots/fallback-spans", test_fallback_spans);
  g_test_add_func ("/app/run-plots/overlaid-lacking-quantity", test_overlaid_lacking_quantity);
  return g_test_run ();
}
