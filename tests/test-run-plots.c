/* test-run-plots.c: MfRunPlots (src/app/simulation/mf-run-plots.c) — a series per
 * quantity and run, updates that append exactly the new samples, overlaid
 * runs each in their own dash pattern and named after their label in their
 * quantity's colour (or their own in a plot of one quantity), merged
 * mode bands, markers and fallback spans, and series that go with their
 * quantity and keep what the user hid; and MfStepPlots (mf-step-plots.c),
 * the Steps plot's series of each run.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>

#include "mf-run-plots.h"
#include "mf-step-plots.h"

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
  g_assert_cmpint (mf_plot_series_get_dash (v), ==, MF_PLOT_DASH_SOLID);
  g_assert_cmpint (mf_plot_series_get_dash (v2), ==, MF_PLOT_DASH_DASHED);
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
  g_assert_cmpint (mf_plot_series_get_dash (mf_run_plots_find_series (plots, current, "P1.v")),
                   ==, MF_PLOT_DASH_SOLID);
}

/* Overlaid runs each in a dash pattern of their own, the current run
 * solid; in a plot of one quantity each run in a colour of its own too,
 * in a plot of two the quantity's colour in every run. */
/* The reverse style: each run a colour (its place in the set: the
 * palette's first for the current run, the second and third for the
 * overlaid ones), each quantity a line (P1.v solid, J1.p dashed, in the
 * order of the quantities); back to the default, the colours and dashes
 * swap again. */
static void
test_color_per_run (void)
{
  g_autoptr (MfPlot) plot = mf_plot_new ();
  g_autoptr (MfRunPlots) plots = mf_run_plots_new (plot);
  g_autoptr (GPtrArray) runs = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GPtrArray) overlaid = g_ptr_array_new ();
  const char *two[] = { "P1.v", "J1.p", NULL };
  const MfPlotStyle *style = mf_plot_style_light ();

  for (guint r = 0; r < 3; r++)
    {
      g_autofree char *label = g_strdup_printf ("Run %u", r + 1);
      MfRunRecord *record = mf_run_record_new (label);

      feed (record, 0, 10, 0);
      g_ptr_array_add (runs, record);
      if (r > 0)
        g_ptr_array_add (overlaid, record);
    }
  mf_run_plots_set_quantities (plots, two);
  mf_run_plots_set_runs (plots, runs->pdata[0], overlaid);
  mf_run_plots_set_run_style (plots, MF_RUN_STYLE_COLOR_PER_RUN);
  mf_run_plots_update (plots);
  g_assert_cmpuint (mf_plot_get_n_series (plot), ==, 6);
  for (guint r = 0; r < 3; r++)
    for (guint q = 0; q < 2; q++)
      {
        MfPlotSeries *series = mf_run_plots_find_series (plots, runs->pdata[r], two[q]);

        g_assert_true (same_color (mf_plot_series_get_color (series), style->palette[r]));
        g_assert_cmpint (mf_plot_series_get_dash (series), ==,
                         q == 0 ? MF_PLOT_DASH_SOLID : MF_PLOT_DASH_DASHED);
      }

  mf_run_plots_set_run_style (plots, MF_RUN_STYLE_COLOR_PER_QUANTITY);
  mf_run_plots_update (plots);
  for (guint r = 0; r < 3; r++)
    for (guint q = 0; q < 2; q++)
      {
        MfPlotSeries *series = mf_run_plots_find_series (plots, runs->pdata[r], two[q]);

        g_assert_true (same_color (mf_plot_series_get_color (series), style->palette[q]));
        g_assert_cmpint (mf_plot_series_get_dash (series), ==, (MfPlotDash) r);
      }
}

/* An overlaid run's series say its note after its label, and follow it
 * when it changes; a sweep's run labelled by its value does not say it
 * twice. */
static void
test_series_named_by_note (void)
{
  g_autoptr (MfPlot) plot = mf_plot_new ();
  g_autoptr (MfRunPlots) plots = mf_run_plots_new (plot);
  g_autoptr (MfRunRecord) current = mf_run_record_new ("Run 2");
  g_autoptr (MfRunRecord) old = mf_run_record_new ("Run 1");
  g_autoptr (MfRunRecord) swept = mf_run_record_new ("O1.area = 8 mm²");
  g_autoptr (GPtrArray) overlaid = g_ptr_array_new ();
  const char *one[] = { "P1.v", NULL };

  feed (current, 0, 10, 0);
  feed (old, 0, 10, 0);
  feed (swept, 0, 10, 0);
  g_ptr_array_add (overlaid, old);
  g_ptr_array_add (overlaid, swept);
  mf_run_plots_set_quantities (plots, one);
  mf_run_plots_set_runs (plots, current, overlaid);
  mf_run_record_set_note (swept, "O1.area = 8 mm²");
  mf_run_plots_update (plots);
  g_assert_cmpstr (mf_plot_series_get_name (mf_run_plots_find_series (plots, old, "P1.v")), ==,
                   "P1.v (Run 1)");
  mf_run_record_set_note (old, "O1.area = 4 mm²");
  g_assert_true (mf_run_plots_update (plots));
  g_assert_cmpstr (mf_plot_series_get_name (mf_run_plots_find_series (plots, old, "P1.v")), ==,
                   "P1.v (Run 1 · O1.area = 4 mm²)");
  g_assert_cmpstr (mf_plot_series_get_name (mf_run_plots_find_series (plots, swept, "P1.v")), ==,
                   "P1.v (O1.area = 8 mm²)");
}

static void
test_run_styles (void)
{
  g_autoptr (MfPlot) plot = mf_plot_new ();
  g_autoptr (MfRunPlots) plots = mf_run_plots_new (plot);
  g_autoptr (GPtrArray) runs = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GPtrArray) overlaid = g_ptr_array_new ();
  const char *one[] = { "P1.v", NULL };
  const char *two[] = { "P1.v", "J1.p", NULL };
  guint n_runs = 4;

  for (guint r = 0; r < n_runs; r++)
    {
      g_autofree char *label = g_strdup_printf ("Run %u", r + 1);
      MfRunRecord *record = mf_run_record_new (label);

      feed (record, 0, 10, 0);
      g_ptr_array_add (runs, record);
      if (r > 0)
        g_ptr_array_add (overlaid, record);
    }
  mf_run_plots_set_quantities (plots, one);
  mf_run_plots_set_runs (plots, runs->pdata[0], overlaid);
  mf_run_plots_update (plots);
  g_assert_cmpuint (mf_plot_get_n_series (plot), ==, n_runs);
  for (guint a = 0; a < n_runs; a++)
    {
      MfPlotSeries *sa = mf_run_plots_find_series (plots, runs->pdata[a], "P1.v");

      g_assert_cmpint (mf_plot_series_get_dash (sa), ==,
                       a == 0 ? MF_PLOT_DASH_SOLID : (MfPlotDash) a);
      for (guint b = 0; b < a; b++)
        {
          MfPlotSeries *sb = mf_run_plots_find_series (plots, runs->pdata[b], "P1.v");

          g_assert_cmpint (mf_plot_series_get_dash (sa), !=, mf_plot_series_get_dash (sb));
          g_assert_false (same_color (mf_plot_series_get_color (sa),
                                      mf_plot_series_get_color (sb)));
        }
    }
  /* the current run keeps the quantity's colour: the palette's first */
  g_assert_true (same_color (mf_plot_series_get_color (
                               mf_run_plots_find_series (plots, runs->pdata[0], "P1.v")),
                             mf_plot_style_light ()->palette[0]));

  mf_run_plots_set_quantities (plots, two);
  mf_run_plots_update (plots);
  for (guint a = 1; a < n_runs; a++)
    {
      MfPlotSeries *v = mf_run_plots_find_series (plots, runs->pdata[a], "P1.v");
      MfPlotSeries *p = mf_run_plots_find_series (plots, runs->pdata[a], "J1.p");

      g_assert_true (same_color (mf_plot_series_get_color (v),
                                 mf_plot_series_get_color (
                                   mf_run_plots_find_series (plots, runs->pdata[0], "P1.v"))));
      g_assert_cmpint (mf_plot_series_get_dash (v), ==, mf_plot_series_get_dash (p));
      g_assert_cmpint (mf_plot_series_get_dash (v), ==, (MfPlotDash) a);
    }

  /* a run dropped from the overlay: the next one moves up to its pattern */
  g_ptr_array_remove_index (overlaid, 0);
  mf_run_plots_set_runs (plots, runs->pdata[0], overlaid);
  mf_run_plots_update (plots);
  g_assert_cmpint (mf_plot_series_get_dash (mf_run_plots_find_series (plots, runs->pdata[2],
                                                                      "P1.v")),
                   ==, MF_PLOT_DASH_DASHED);
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

/* ---- the Steps plot (mf-step-plots.c) ---- */

static void
add_steps (MfRunRecord *record, const MfStepEntry *entries, guint n)
{
  mf_run_record_add_steps (record, entries, n);
}

static MfPlotSeries *
series_named (MfPlot *plot, const char *name)
{
  for (guint i = 0; i < mf_plot_get_n_series (plot); i++)
    if (g_strcmp0 (mf_plot_series_get_name (mf_plot_get_series (plot, i)), name) == 0)
      return mf_plot_get_series (plot, i);
  return NULL;
}

/* A step a sample of h at its start, a row of equal steps two, a refused
 * try a cross (one the integrator could not tell the h of, none), the
 * order a staircase that reaches the latest step; each update appends
 * only what is new. */
static void
test_steps_series (void)
{
  g_autoptr (MfPlot) plot = mf_plot_new ();
  g_autoptr (MfStepPlots) plots = mf_step_plots_new (plot);
  g_autoptr (MfRunRecord) run = mf_run_record_new ("Run 1");
  const MfStepEntry first[] = {
    { 0.0, 0.1, 0.1, 1, 1, FALSE },
    { 0.1, 0.5, 0.2, 1, 1, TRUE },
    { 0.1, 0.2, 0.1, 1, 2, FALSE },
    { 0.2, 0.6, 0.1, 4, 2, FALSE }, /* four steps of 0.1 */
  };
  const MfStepEntry then[] = {
    { 0.6, NAN, NAN, 1, 0, TRUE },
    { 0.6, 0.65, 0.05, 1, 3, FALSE },
  };
  MfPlotSeries *h, *rejected, *order;
  const double *x, *y;

  mf_run_record_set_method (run, "msbdf");
  mf_step_plots_set_runs (plots, run, NULL);
  add_steps (run, first, G_N_ELEMENTS (first));
  g_assert_true (mf_step_plots_update (plots));
  g_assert_false (mf_step_plots_update (plots));
  h = mf_step_plots_find_series (plots, run, MF_STEP_PLOTS_H);
  rejected = mf_step_plots_find_series (plots, run, MF_STEP_PLOTS_REJECTED);
  order = mf_step_plots_find_series (plots, run, MF_STEP_PLOTS_ORDER);
  g_assert_true (h == series_named (plot, "Run 1 · msbdf"));
  g_assert_true (rejected == series_named (plot, "rejected, Run 1"));
  g_assert_true (order == series_named (plot, "order, Run 1"));
  /* 0, 0.1, then the row's first and last start, 0.2 and 0.5 */
  g_assert_cmpuint (mf_plot_series_get_n_points (h), ==, 4);
  x = mf_plot_series_get_x (h);
  y = mf_plot_series_get_y (h);
  g_assert_cmpfloat_with_epsilon (x[3], 0.5, 1e-12);
  g_assert_cmpfloat (y[3], ==, 0.1);
  g_assert_cmpuint (mf_plot_series_get_n_points (rejected), ==, 1);
  g_assert_cmpfloat (mf_plot_series_get_y (rejected)[0], ==, 0.2);
  g_assert_true (mf_plot_series_get_mark (rejected) == MF_PLOT_MARK_CROSSES);
  g_assert_true (mf_plot_series_get_in_strip (order));
  /* 1 from 0, 2 from 0.1 (on both levels there), reaching the row's last start */
  g_assert_cmpuint (mf_plot_series_get_n_points (order), ==, 4);
  x = mf_plot_series_get_x (order);
  y = mf_plot_series_get_y (order);
  g_assert_cmpfloat (x[1], ==, 0.1);
  g_assert_cmpfloat (y[1], ==, 1);
  g_assert_cmpfloat (y[2], ==, 2);
  g_assert_cmpfloat_with_epsilon (x[3], 0.5, 1e-12);

  add_steps (run, then, G_N_ELEMENTS (then));
  g_assert_true (mf_step_plots_update (plots));
  g_assert_cmpuint (mf_plot_series_get_n_points (h), ==, 5);
  g_assert_cmpuint (mf_plot_series_get_n_points (rejected), ==, 1);
  g_assert_cmpfloat (mf_plot_series_get_y (order)[mf_plot_series_get_n_points (order) - 1], ==, 3);
}

/* Runs overlaid in colours of their own, dashed, kept through changes of
 * the runs; a run without orders gets no order series; a renamed run is
 * named anew and what the user hid stays hidden. */
static void
test_steps_runs (void)
{
  g_autoptr (MfPlot) plot = mf_plot_new ();
  g_autoptr (MfStepPlots) plots = mf_step_plots_new (plot);
  g_autoptr (MfRunRecord) kept = mf_run_record_new ("Run 1");
  g_autoptr (MfRunRecord) current = mf_run_record_new ("Run 2");
  g_autoptr (GPtrArray) overlaid = g_ptr_array_new ();
  const MfStepEntry step = { 0.0, 0.1, 0.1, 1, 0, FALSE };
  MfPlotColor kept_color;

  add_steps (kept, &step, 1);
  add_steps (current, &step, 1);
  mf_step_plots_set_runs (plots, kept, NULL);
  mf_step_plots_update (plots);
  kept_color = mf_plot_series_get_color (mf_step_plots_find_series (plots, kept,
                                                                     MF_STEP_PLOTS_H));
  g_ptr_array_add (overlaid, kept);
  mf_step_plots_set_runs (plots, current, overlaid);
  mf_step_plots_update (plots);
  /* the kept run keeps its colour; the new one takes another */
  g_assert_true (same_color (mf_plot_series_get_color (
                               mf_step_plots_find_series (plots, kept, MF_STEP_PLOTS_H)),
                             kept_color));
  g_assert_false (same_color (mf_plot_series_get_color (
                                mf_step_plots_find_series (plots, current, MF_STEP_PLOTS_H)),
                              kept_color));
  g_assert_cmpint (mf_plot_series_get_dash (mf_step_plots_find_series (plots, kept,
                                                                       MF_STEP_PLOTS_H)), ==, MF_PLOT_DASH_DASHED);
  g_assert_cmpint (mf_plot_series_get_dash (mf_step_plots_find_series (plots, current,
                                                                        MF_STEP_PLOTS_H)), ==, MF_PLOT_DASH_SOLID);
  g_assert_null (mf_step_plots_find_series (plots, current, MF_STEP_PLOTS_ORDER));
  g_assert_null (mf_step_plots_find_series (plots, current, MF_STEP_PLOTS_REJECTED));
  g_assert_cmpuint (mf_plot_get_n_series (plot), ==, 2);

  mf_plot_series_set_visible (mf_step_plots_find_series (plots, kept, MF_STEP_PLOTS_H), FALSE);
  mf_run_record_set_method (kept, "rk4");
  g_assert_true (mf_step_plots_update (plots));
  g_assert_nonnull (series_named (plot, "Run 1 · rk4"));
  g_assert_null (series_named (plot, "Run 1"));
  mf_run_record_set_label (kept, "Stiff");
  mf_step_plots_update (plots);
  g_assert_nonnull (series_named (plot, "Stiff · rk4"));
  /* hidden as "Run 1", shown again under its new name; a name seen
   * hidden before comes back hidden */
  g_assert_true (mf_plot_series_get_visible (series_named (plot, "Stiff · rk4")));
  mf_plot_series_set_visible (series_named (plot, "Stiff · rk4"), FALSE);
  mf_step_plots_set_runs (plots, current, NULL);
  mf_step_plots_update (plots);
  g_assert_null (mf_step_plots_find_series (plots, kept, MF_STEP_PLOTS_H));
  mf_step_plots_set_runs (plots, current, overlaid);
  mf_step_plots_update (plots);
  g_assert_false (mf_plot_series_get_visible (series_named (plot, "Stiff · rk4")));
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
  g_test_add_func ("/app/run-plots/run-styles", test_run_styles);
  g_test_add_func ("/app/run-plots/color-per-run", test_color_per_run);
  g_test_add_func ("/app/run-plots/series-named-by-note", test_series_named_by_note);
  g_test_add_func ("/app/step-plots/series", test_steps_series);
  g_test_add_func ("/app/step-plots/runs", test_steps_runs);
  return g_test_run ();
}
