/* bench-stream.c: a live run streamed into the window's plots (issue 5):
 * does the window stay responsive while a million samples arrive?
 *
 * The app's own path, in a 1200 × 780 window: MfSimWorker runs an example
 * (check-valve-cylinder: a flow source, a check valve, a pipe and a piston
 * with its load) on its thread, with the output interval set so the run
 * hands over 10^6 samples; a tick callback drains it once per frame into an
 * MfRunRecord (which reserved the run's length at its start), and three
 * MfRunPlots copy the new samples into the MfPlots of three MfPlotViews on
 * one time axis, redrawn in turn, one per frame, as the simulation pane
 * does (mf_plot_view_set_live()) from the run's start until every view has
 * drawn its last sample, with the quantities the simulation pane picks: up
 * to 6 states (pistons' and masses' first), every pressure, and the four
 * singular values (log y) — for this example 6, 6 and 4 series.
 * Measured from the run's start until every view has drawn the run's last
 * sample:
 *
 *   stall       the main loop's longest waits: a G_PRIORITY_HIGH timeout
 *               of 1 ms records the gap between its calls (1 ms when the
 *               loop is free; a frame that takes 40 ms shows as a 40 ms gap);
 *   interval    the frame clock's frame time from one frame to the next;
 *   frame       the work of one frame: "before-paint" to "after-paint" of
 *               the frame clock (drain, layout, snapshot and render);
 *   paint       the end of the tick callback to "after-paint": layout,
 *               the plots' snapshot and render;
 *   tick        the tick callback alone, and its two parts: the drain
 *               into the record and the binders' appends to the plots.
 *
 * Each as the worst, the 99th percentile and the median, in milliseconds.
 * The targets (issue 5): frames under 16 ms, no stall over 50 ms.  The
 * reference is the same run with the plots never redrawn
 * (mf_plot_view_data_changed() not called, so nothing queues a draw): the
 * ratio is what drawing the plots costs.  The worst paint is also printed
 * per quarter of the run, as the plots fill.  After the run, with the worker done, the three full
 * views are redrawn in the window IDLE_REDRAWS times (frame work, mean and
 * worst), and each view's plot is drawn with mf_plot_draw() into an image
 * of the view's size (mean of 5): what one frame's snapshot of it costs.
 *
 * Needs a display: xvfb-run -a -s '-screen 0 1280x800x24' bench-stream
 * [FILE.manifold [SAMPLES]].  Exits with 77 (skipped) without one.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <adwaita.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mf-document.h"
#include "mf-plot-range.h"
#include "mf-plot-view.h"
#include "mf-run-plots.h"
#include "mf-run-record.h"
#include "mf-sim-worker.h"

#define DEFAULT_SAMPLES 1000000
#define WIDTH           1200
#define HEIGHT          780
#define N_VIEWS         3
#define N_QUARTERS      4
#define MAX_RECORDS     (1u << 20) /* per measure: 17 min of 1 ms gaps */
#define IDLE_REDRAWS    10
#define RUN_LIMIT_US    (600 * G_USEC_PER_SEC)
#define FRAME_BUDGET    16.0 /* ms */
#define STALL_BUDGET    50.0 /* ms */

#define MAX_STATES      6 /* as the simulation pane's states view starts */

static const char *const sigma_quantities[] = {
  "solver.sigma_min", "solver.sigma_max", "solver.w_sigma_min", "solver.w_sigma_max", NULL,
};

/* Durations in µs, stored without allocating while a run streams. */
typedef struct
{
  gint64 *values;
  guint   n;
} Record;

typedef enum
{
  MEASURE_STALL,
  MEASURE_INTERVAL,
  MEASURE_FRAME,
  MEASURE_PAINT,
  MEASURE_TICK,
  MEASURE_DRAIN,
  MEASURE_APPEND,
  N_MEASURES,
} Measure;

static const char *const measure_names[] = {
  "stall (1 ms timer gap)", "frame interval", "frame work", "paint (tick..after-paint)",
  "tick (drain + append)", "  drain into the record", "  appends to the plots",
};

typedef struct
{
  gboolean draw;
  Record   records[N_MEASURES];
  gint64   worst_paint[N_QUARTERS];
  guint    frames;
  guint    frames_with_samples;
  guint    most_per_frame;
  guint    n_samples;
  double   wall_time; /* s: the run's first to its last sample, as drained */
  double   sim_wall_time; /* s: the worker's own simulating time */
  char    *renderer;
} Result;

typedef struct
{
  GtkWidget     *window;
  MfPlotView    *views[N_VIEWS];
  MfRunPlots    *plots[N_VIEWS];
  MfRunRecord   *record;
  MfSimWorker   *worker;
  const MfCircuit *circuit;     /* the document's, to tell loads' states */
  gboolean       quantities_set;
  GMainLoop     *loop;
  Result        *result;
  guint          expected_samples;
  guint          reserve;       /* samples reserved at the start, as the pane does */
  gboolean       behind[N_VIEWS];
  guint          last_view;
  gboolean       measuring;
  gboolean       run_over;
  gboolean       finishing;     /* the frame under way is the last measured */
  gboolean       failed;
  gint64         started_at;
  gint64         last_timer;
  gint64         last_frame_time;
  gint64         before_paint_at;
  gint64         tick_end_at;
  guint          timer_id;
  guint          tick_id;
  guint          painted;       /* frames so far */
  Record        *idle_frames;   /* while the idle redraws are measured */
} Bench;

static void
record_add (Record *record, gint64 us)
{
  if (record->n < MAX_RECORDS)
    record->values[record->n++] = us;
}

static int
compare_int64 (const void *a, const void *b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return (x > y) - (x < y);
}

/* Worst, 99th percentile and median in ms (sorts the record). */
static void
record_summary (Record *record, double *worst, double *p99, double *median)
{
  guint rank;

  if (record->n == 0)
    {
      *worst = *p99 = *median = NAN;
      return;
    }
  qsort (record->values, record->n, sizeof (gint64), compare_int64);
  rank = (guint) ceil (0.99 * record->n);
  *worst = record->values[record->n - 1] / 1000.0;
  *p99 = record->values[MAX (rank, 1) - 1] / 1000.0;
  *median = record->values[record->n / 2] / 1000.0;
}

/* ---- the measures ---- */

static void stop_measuring (Bench *bench);

static gboolean
on_timer (gpointer data)
{
  Bench *bench = data;
  gint64 now = g_get_monotonic_time ();

  if (bench->measuring && bench->last_timer > 0)
    record_add (&bench->result->records[MEASURE_STALL], now - bench->last_timer);
  bench->last_timer = now;
  return G_SOURCE_CONTINUE;
}

static void
on_before_paint (GdkFrameClock *clock, Bench *bench)
{
  bench->before_paint_at = g_get_monotonic_time ();
  bench->tick_end_at = 0;
}

static void
on_after_paint (GdkFrameClock *clock, Bench *bench)
{
  gint64 now = g_get_monotonic_time ();
  Result *result = bench->result;
  guint quarter;

  bench->painted++;
  if (bench->idle_frames != NULL && bench->before_paint_at > 0)
    record_add (bench->idle_frames, now - bench->before_paint_at);
  if (!bench->measuring || bench->before_paint_at == 0)
    return;
  record_add (&result->records[MEASURE_FRAME], now - bench->before_paint_at);
  if (bench->tick_end_at != 0)
    {
      record_add (&result->records[MEASURE_PAINT], now - bench->tick_end_at);
      quarter = MIN (N_QUARTERS - 1,
                     N_QUARTERS * (guint64) mf_run_record_get_n_samples (bench->record)
                       / MAX (1, bench->expected_samples));
      result->worst_paint[quarter] = MAX (result->worst_paint[quarter],
                                          now - bench->tick_end_at);
    }
  if (bench->finishing)
    stop_measuring (bench);
}

/* ---- the app's path: drain once per frame, bring the plots up to date ---- */

/* A piston's or a mass's state: what the pane shows first. */
static gboolean
is_load_state (const MfCircuit *circuit, const char *name)
{
  const char *dot = strchr (name, '.');
  g_autofree char *id = dot != NULL ? g_strndup (name, dot - name) : NULL;
  int index = id != NULL ? mf_circuit_find_component (circuit, id) : -1;
  const MfComponent *component;

  if (index < 0)
    return FALSE;
  component = g_ptr_array_index (circuit->components, index);
  return component->info->type == MF_COMPONENT_PISTON
         || component->info->type == MF_COMPONENT_MASS;
}

/* The simulation pane's choice, once the run's columns are known. */
static void
choose_quantities (Bench *bench)
{
  g_autoptr (GPtrArray) states = g_ptr_array_new ();
  g_autoptr (GPtrArray) others = g_ptr_array_new ();
  g_autoptr (GPtrArray) pressures = g_ptr_array_new ();
  guint n = mf_run_record_get_n_columns (bench->record);

  for (guint i = 0; i < n; i++)
    {
      const char *name = mf_run_record_get_column_name (bench->record, i);

      if (g_str_has_prefix (name, "solver."))
        continue;
      if (g_str_has_suffix (name, ".p"))
        g_ptr_array_add (pressures, (gpointer) name);
      else if (g_str_has_suffix (name, ".v") || g_str_has_suffix (name, ".x"))
        g_ptr_array_add (is_load_state (bench->circuit, name) ? states : others,
                         (gpointer) name);
    }
  g_ptr_array_extend_and_steal (states, g_steal_pointer (&others));
  g_ptr_array_set_size (states, MIN (states->len, MAX_STATES));
  g_ptr_array_add (states, NULL);
  g_ptr_array_add (pressures, NULL);
  mf_run_plots_set_quantities (bench->plots[0], (const char *const *) states->pdata);
  mf_run_plots_set_quantities (bench->plots[1], (const char *const *) pressures->pdata);
  mf_run_plots_set_quantities (bench->plots[2], sigma_quantities);
  bench->quantities_set = TRUE;
}

static void
stop_measuring (Bench *bench)
{
  Result *result = bench->result;
  MfSimulationStats stats;

  bench->measuring = FALSE;
  result->wall_time = (g_get_monotonic_time () - bench->started_at) / (double) G_USEC_PER_SEC;
  result->n_samples = mf_run_record_get_n_samples (bench->record);
  mf_sim_worker_get_stats (bench->worker, &stats);
  result->sim_wall_time = stats.wall_time;
  g_main_loop_quit (bench->loop);
}

/* As the simulation pane does: while new data comes, one view with new
 * data is redrawn per frame, in turn. */
static void
update_views (Bench *bench)
{
  for (guint i = 0; i < N_VIEWS; i++)
    if (mf_run_plots_update (bench->plots[i]))
      bench->behind[i] = TRUE;
  if (!bench->result->draw)
    return;
  for (guint i = 0; i < N_VIEWS; i++)
    mf_plot_view_set_live (bench->views[i], TRUE);
  for (guint k = 1; k <= N_VIEWS; k++)
    {
      guint i = (bench->last_view + k) % N_VIEWS;

      if (!bench->behind[i])
        continue;
      bench->behind[i] = FALSE;
      mf_plot_view_data_changed (bench->views[i]);
      bench->last_view = i;
      break;
    }
}

/* Every view has drawn what it has (the reference draws nothing). */
static gboolean
views_done (Bench *bench)
{
  for (guint i = 0; bench->result->draw && i < N_VIEWS; i++)
    if (bench->behind[i])
      return FALSE;
  return TRUE;
}

static gboolean
on_tick (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  Bench *bench = data;
  Result *result = bench->result;
  gint64 start = g_get_monotonic_time ();
  gint64 frame_time = gdk_frame_clock_get_frame_time (clock);
  gint64 drain_end;
  guint drained;

  if (!bench->measuring)
    return G_SOURCE_CONTINUE;
  drained = mf_run_record_drain (bench->record, bench->worker);
  if (!bench->quantities_set && mf_run_record_get_n_columns (bench->record) > 0)
    choose_quantities (bench);
  drain_end = g_get_monotonic_time ();
  record_add (&result->records[MEASURE_DRAIN], drain_end - start);
  update_views (bench);
  /* the frame's layout and paint come next */
  bench->tick_end_at = g_get_monotonic_time ();
  record_add (&result->records[MEASURE_TICK], bench->tick_end_at - start);
  record_add (&result->records[MEASURE_APPEND], bench->tick_end_at - drain_end);
  if (bench->last_frame_time > 0)
    record_add (&result->records[MEASURE_INTERVAL], frame_time - bench->last_frame_time);
  bench->last_frame_time = frame_time;
  result->frames++;
  if (drained > 0)
    result->frames_with_samples++;
  result->most_per_frame = MAX (result->most_per_frame, drained);
  /* the run has ended, its last samples are in and this frame draws the
   * last view behind: its paint is the last measured */
  if (bench->run_over && drained == 0 && views_done (bench))
    {
      bench->finishing = TRUE;
      bench->tick_id = 0;
      return G_SOURCE_REMOVE;
    }
  if (g_get_monotonic_time () - bench->started_at > RUN_LIMIT_US)
    {
      g_printerr ("bench-stream: the run took longer than %d s\n",
                  (int) (RUN_LIMIT_US / G_USEC_PER_SEC));
      bench->failed = TRUE;
      stop_measuring (bench);
      bench->tick_id = 0;
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

static void
on_finished (MfSimWorker *worker, Bench *bench)
{
  bench->run_over = TRUE;
}

static void
on_failed (MfSimWorker *worker, const GError *error, Bench *bench)
{
  g_printerr ("bench-stream: the run failed: %s\n", error->message);
  bench->failed = TRUE;
  bench->run_over = TRUE;
}

/* ---- the window ---- */

static void
build_window (Bench *bench)
{
  g_autoptr (MfPlotRange) x_range = mf_plot_range_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

  bench->window = gtk_window_new ();
  gtk_window_set_title (GTK_WINDOW (bench->window), "bench-stream");
  gtk_window_set_default_size (GTK_WINDOW (bench->window), WIDTH, HEIGHT);
  gtk_window_set_child (GTK_WINDOW (bench->window), box);
  for (guint i = 0; i < N_VIEWS; i++)
    {
      bench->views[i] = MF_PLOT_VIEW (mf_plot_view_new ());
      gtk_widget_set_vexpand (GTK_WIDGET (bench->views[i]), TRUE);
      mf_plot_view_set_x_range (bench->views[i], x_range);
      gtk_box_append (GTK_BOX (box), GTK_WIDGET (bench->views[i]));
      bench->plots[i] = mf_run_plots_new (mf_plot_view_get_plot (bench->views[i]));
    }
  mf_plot_view_set_log_y (bench->views[2], TRUE);
  /* as the pane starts; left in auto, the whole run stays in view */
  mf_plot_range_set_follow (x_range, TRUE);
}

static void
wait_for_draw (Bench *bench)
{
  GMainContext *context = g_main_context_default ();

  gtk_window_present (GTK_WINDOW (bench->window));
  while (!gtk_widget_get_mapped (bench->window))
    g_main_context_iteration (context, TRUE);
  /* a few frames, so that the first layout and fonts are behind us */
  for (gint64 until = g_get_monotonic_time () + G_USEC_PER_SEC / 2;
       g_get_monotonic_time () < until;)
    g_main_context_iteration (context, FALSE);
}

static char *
renderer_name (GtkWidget *window)
{
  GskRenderer *renderer = gtk_native_get_renderer (GTK_NATIVE (window));

  return g_strdup (renderer != NULL ? G_OBJECT_TYPE_NAME (renderer) : "none");
}

/* ---- one run ---- */

static gboolean
run_once (Bench *bench, const char *text, gsize length, const char *name,
          const MfSimulationOptions *options, Result *result)
{
  gulong finished_id, failed_id;

  for (guint m = 0; m < N_MEASURES; m++)
    result->records[m].values = g_new (gint64, MAX_RECORDS);
  bench->result = result;
  bench->run_over = bench->failed = bench->quantities_set = bench->finishing = FALSE;
  bench->last_timer = bench->last_frame_time = bench->before_paint_at = 0;
  g_clear_object (&bench->record);
  bench->record = mf_run_record_new ("Run");
  mf_run_record_set_status (bench->record, MF_SIM_STATUS_RUNNING);
  mf_run_record_reserve (bench->record, bench->reserve);
  /* the views clear in turn, in the run's first frames */
  for (guint i = 0; i < N_VIEWS; i++)
    {
      mf_run_plots_set_runs (bench->plots[i], bench->record, NULL);
      bench->behind[i] = mf_run_plots_update (bench->plots[i]);
    }
  result->renderer = renderer_name (bench->window);

  finished_id = g_signal_connect (bench->worker, "finished", G_CALLBACK (on_finished), bench);
  failed_id = g_signal_connect (bench->worker, "failed", G_CALLBACK (on_failed), bench);
  bench->started_at = g_get_monotonic_time ();
  bench->measuring = TRUE;
  mf_sim_worker_start (bench->worker, text, (gssize) length, name, options);
  bench->tick_id = gtk_widget_add_tick_callback (bench->window, on_tick, bench, NULL);
  g_main_loop_run (bench->loop);
  for (guint i = 0; i < N_VIEWS; i++)
    mf_plot_view_set_live (bench->views[i], FALSE);
  g_signal_handler_disconnect (bench->worker, finished_id);
  g_signal_handler_disconnect (bench->worker, failed_id);
  return !bench->failed && result->n_samples == bench->expected_samples;
}

/* ---- the report ---- */

static void
print_results (Result *drawn, Result *reference)
{
  g_print ("milliseconds                  | plots drawn             | not drawn               "
           "| ratio\n");
  g_print ("                              | worst   p99     median  | worst   p99     median  "
           "| worst  p99    median\n");
  for (guint m = 0; m < N_MEASURES; m++)
    {
      double w, p, med, rw, rp, rmed;

      record_summary (&drawn->records[m], &w, &p, &med);
      record_summary (&reference->records[m], &rw, &rp, &rmed);
      g_print ("%-29s | %7.2f %7.2f %7.2f | %7.2f %7.2f %7.2f | %5.1f %5.1f %5.1f\n",
               measure_names[m], w, p, med, rw, rp, rmed, w / rw, p / rp, med / rmed);
    }
  g_print ("worst paint per quarter of the run:");
  for (guint q = 0; q < N_QUARTERS; q++)
    g_print (" %.2f", drawn->worst_paint[q] / 1000.0);
  g_print (" ms (not drawn:");
  for (guint q = 0; q < N_QUARTERS; q++)
    g_print (" %.2f", reference->worst_paint[q] / 1000.0);
  g_print (")\n");
  for (guint r = 0; r < 2; r++)
    {
      Result *result = r == 0 ? drawn : reference;

      g_print ("%-10s %u samples in %.2f s (worker simulating %.2f s), %u frames "
               "(%.1f per s), %u with samples, at most %u samples in one frame\n",
               r == 0 ? "drawn:" : "not drawn:", result->n_samples, result->wall_time,
               result->sim_wall_time, result->frames, result->frames / result->wall_time,
               result->frames_with_samples, result->most_per_frame);
    }
}

/* The full plots redrawn in the window with nothing else going on: what a
 * frame of them costs without a simulation competing for the processors. */
static void
print_idle_redraws (Bench *bench)
{
  Record record = { g_new (gint64, IDLE_REDRAWS), 0 };
  double sum = 0, worst = 0;

  bench->idle_frames = &record;
  for (guint k = 0; k < IDLE_REDRAWS; k++)
    {
      guint painted = bench->painted;

      for (guint i = 0; i < N_VIEWS; i++)
        mf_plot_view_data_changed (bench->views[i]);
      while (bench->painted == painted)
        g_main_context_iteration (NULL, TRUE);
    }
  bench->idle_frames = NULL;
  for (guint k = 0; k < record.n; k++)
    {
      sum += record.values[k] / 1000.0;
      worst = MAX (worst, record.values[k] / 1000.0);
    }
  g_print ("full plots redrawn with the run over: frame work %.2f ms mean, %.2f worst "
           "(%u frames)\n",
           sum / MAX (record.n, 1), worst, record.n);
  g_free (record.values);
}

/* Each view's plot as it is at the end, drawn the way its snapshot draws
 * it: what a frame costs once the plots are full. */
static void
print_full_draws (Bench *bench)
{
  for (guint i = 0; i < N_VIEWS; i++)
    {
      MfPlot *plot = mf_plot_view_get_plot (bench->views[i]);
      int width = gtk_widget_get_width (GTK_WIDGET (bench->views[i]));
      int height = gtk_widget_get_height (GTK_WIDGET (bench->views[i]));
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
      gsize points = 0;
      gint64 start;

      for (guint s = 0; s < mf_plot_get_n_series (plot); s++)
        points += mf_plot_series_get_n_points (mf_plot_get_series (plot, s));
      start = g_get_monotonic_time ();
      for (guint k = 0; k < 5; k++)
        {
          cairo_t *cr = cairo_create (surface);

          mf_plot_draw (plot, cr, width, height);
          cairo_destroy (cr);
        }
      cairo_surface_flush (surface);
      g_print ("view %u: %u series, %zu points, %d x %d: mf_plot_draw %.2f ms\n", i,
               mf_plot_get_n_series (plot), points, width, height,
               (g_get_monotonic_time () - start) / 5000.0);
      cairo_surface_destroy (surface);
    }
}

static gboolean
targets_met (Result *drawn)
{
  double frame_worst, frame_p99, frame_median, stall_worst, stall_p99, stall_median;

  record_summary (&drawn->records[MEASURE_FRAME], &frame_worst, &frame_p99, &frame_median);
  record_summary (&drawn->records[MEASURE_STALL], &stall_worst, &stall_p99, &stall_median);
  g_print ("targets: frame work under %.0f ms: %s (worst %.1f); no stall over %.0f ms: %s "
           "(worst %.1f)\n",
           FRAME_BUDGET, frame_worst < FRAME_BUDGET ? "met" : "MISSED", frame_worst, STALL_BUDGET,
           stall_worst <= STALL_BUDGET ? "met" : "MISSED", stall_worst);
  return frame_worst < FRAME_BUDGET && stall_worst <= STALL_BUDGET;
}

static void
result_clear (Result *result)
{
  for (guint m = 0; m < N_MEASURES; m++)
    g_free (result->records[m].values);
  g_free (result->renderer);
}

int
main (int argc, char *argv[])
{
  const char *path = argc > 1 ? argv[1] : MF_EXAMPLES_DIR "/check-valve-cylinder.manifold";
  double samples = argc > 2 ? g_ascii_strtod (argv[2], NULL) : DEFAULT_SAMPLES;
  g_autofree char *text = NULL;
  gsize length;
  g_autoptr (GError) error = NULL;
  g_autoptr (MfDocument) document = NULL;
  MfSimulationOptions options;
  Bench bench = { 0 };
  Result drawn = { .draw = TRUE }, reference = { .draw = FALSE };
  GdkFrameClock *clock;
  gboolean ok;

  if (!gtk_init_check ())
    {
      g_printerr ("bench-stream: no display; run it under "
                  "xvfb-run -a -s '-screen 0 1280x800x24'\n");
      return 77;
    }
  adw_init ();
  if (!(samples >= 100 && samples <= 1e8))
    {
      g_printerr ("bench-stream: %s: a number of samples from 100 to 1e8\n", argv[2]);
      return 2;
    }
  if (!g_file_get_contents (path, &text, &length, &error)
      || (document = mf_document_load_data (text, (gssize) length, path, NULL, &error)) == NULL)
    {
      g_printerr ("bench-stream: %s\n", error->message);
      return 1;
    }
  bench.circuit = mf_document_get_circuit (document);
  mf_simulation_options_from_circuit (&options, bench.circuit);
  /* samples at 0, interval, …, t_end */
  options.output_interval = options.t_end / (samples - 1);
  bench.expected_samples = (guint) samples;
  bench.reserve = (guint) (options.t_end / options.output_interval + 2);

  bench.loop = g_main_loop_new (NULL, FALSE);
  bench.worker = mf_sim_worker_new ();
  build_window (&bench);
  wait_for_draw (&bench);
  clock = gtk_widget_get_frame_clock (bench.window);
  g_signal_connect (clock, "before-paint", G_CALLBACK (on_before_paint), &bench);
  g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint), &bench);
  bench.timer_id = g_timeout_add_full (G_PRIORITY_HIGH, 1, on_timer, &bench, NULL);

  g_print ("%s: %u samples (output interval %.3g s of %g s) streamed into %d plots "
           "(%d x %d window)\n",
           path, bench.expected_samples, options.output_interval, options.t_end, N_VIEWS, WIDTH,
           HEIGHT);
  ok = run_once (&bench, text, length, path, &options, &reference)
       && run_once (&bench, text, length, path, &options, &drawn);
  if (ok)
    {
      g_print ("renderer %s\n", drawn.renderer);
      print_results (&drawn, &reference);
      print_idle_redraws (&bench);
      print_full_draws (&bench);
      targets_met (&drawn);
    }
  else
    g_printerr ("bench-stream: the runs did not stream the %u samples expected\n",
                bench.expected_samples);

  g_source_remove (bench.timer_id);
  for (guint i = 0; i < N_VIEWS; i++)
    mf_run_plots_free (bench.plots[i]);
  g_clear_object (&bench.record);
  g_clear_object (&bench.worker);
  gtk_window_destroy (GTK_WINDOW (bench.window));
  while (mf_sim_worker_count_live_runs () > 0)
    g_main_context_iteration (NULL, TRUE);
  g_main_loop_unref (bench.loop);
  result_clear (&drawn);
  result_clear (&reference);
  return ok ? 0 : 1;
}
