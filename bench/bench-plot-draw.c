/* bench-plot-draw.c: what drawing a long series costs (issue 5), without a
 * display.
 *
 * One series of N samples (N = 10^5, 10^6, 10^7) is drawn by mf_plot_draw()
 * into a 1200 × 400 image surface, again and again, with a slice of new
 * samples appended before every draw as a live run does (a thousandth of N
 * per draw, so the last draw has all N).  Each draw is the
 * whole plot: background, ticks and labels, the decimated series (min and
 * max per pixel column), the frame.  Printed, in milliseconds:
 *
 *   first      the first draw (the column buffer is allocated there);
 *   mean worst over the following draws;
 *   decimate   mf_plot_decimate() alone over the same samples, and what it
 *              costs per sample: it must stay linear in N;
 *   no data    the same plot with only the series' two ends, so what the
 *              axes and labels cost apart from the samples;
 *   reference  the least any drawing without decimation costs: the same N
 *              samples as one cairo path (move_to, then line_to per sample)
 *              in the data area the plot laid out, stroked with the plot's
 *              pen, nothing else drawn; mean and worst.
 *
 * Two signals sampled at 100 kHz (10^6 samples are 10 s), each with a
 * little noise and a one-sample spike every 100003 samples:
 *
 *   smooth  a slow swing (0.3 Hz): a pixel column holds a short, nearly
 *           flat piece of line, as a state does that settles;
 *   dense   the same plus a 47 Hz oscillation (a pressure ringing after a
 *           valve closes): at 10^6 samples every column spans a full swing,
 *           so the decimated line is a zigzag of tall vertical strokes.
 *
 * The ratio is reference / decimated: how much the decimation saves.  The
 * frame budget is 16 ms.  The reference is left out at 10^7 samples, where
 * one stroke takes most of a minute.  `bench-plot-draw 1e6` runs one size
 * only.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <stdlib.h>

#include "mf-plot-decimate.h"
#include "mf-plot.h"

#define WIDTH          1200
#define HEIGHT         400
#define DRAWS          40    /* timed, after the first */
#define SLICES         1000  /* a draw's appended slice is N / SLICES */
#define SAMPLE_TIME    1e-5  /* s between samples: 10^6 samples are 10 s */
#define SPIKE_EVERY    100003
#define BUDGET         16.0  /* ms: one frame at 60 Hz */

typedef struct
{
  double mean;
  double worst;
} Timing;

typedef struct
{
  guint  n;
  double sum;
  double worst;
} Tally;

static double
now_ms (void)
{
  return g_get_monotonic_time () / 1000.0;
}

static void
tally_add (Tally *tally, double ms)
{
  tally->n++;
  tally->sum += ms;
  tally->worst = MAX (tally->worst, ms);
}

static Timing
tally_timing (const Tally *tally)
{
  return (Timing) { tally->n > 0 ? tally->sum / tally->n : 0.0, tally->worst };
}

typedef enum
{
  SIGNAL_SMOOTH,
  SIGNAL_DENSE,
} Signal;

static const char *const signal_names[] = { "smooth", "dense" };

/* Sample i of the signal: deterministic, so every run draws the same. */
static double
signal_at (Signal signal, gsize i, guint32 *noise_state)
{
  double t = i * SAMPLE_TIME;
  double y = sin (2 * G_PI * 0.3 * t);

  /* xorshift: cheap noise without a library call per sample */
  *noise_state ^= *noise_state << 13;
  *noise_state ^= *noise_state >> 17;
  *noise_state ^= *noise_state << 5;
  y += 0.02 * (*noise_state / 4294967296.0 - 0.5);
  if (signal == SIGNAL_DENSE)
    y += 0.25 * sin (2 * G_PI * 47.0 * t);
  return i % SPIKE_EVERY == SPIKE_EVERY / 2 ? y + 3.0 : y;
}

static void
append_samples (MfPlotSeries *series, Signal signal, gsize from, gsize to,
                guint32 *noise_state)
{
  for (gsize i = from; i < to; i++)
    mf_plot_series_append (series, i * SAMPLE_TIME, signal_at (signal, i, noise_state));
}

static MfPlot *
plot_new (const char *series_name, MfPlotSeries **series)
{
  MfPlot *plot = mf_plot_new ();

  mf_plot_set_axis_title (plot, MF_PLOT_AXIS_X, "Time", "s");
  mf_plot_set_axis_title (plot, MF_PLOT_AXIS_Y, "Velocity", "m/s");
  *series = mf_plot_add_series (plot, series_name);
  return plot;
}

static double
time_plot_draw (MfPlot *plot, cairo_surface_t *surface)
{
  double start = now_ms ();
  cairo_t *cr = cairo_create (surface);

  mf_plot_draw (plot, cr, WIDTH, HEIGHT);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return now_ms () - start;
}

/* The whole series as one path, as a plot without decimation would draw
 * it, on the axes the plot chose. */
static double
time_reference (const MfPlot *plot, const MfPlotSeries *series, cairo_surface_t *surface)
{
  const MfPlotAxis *xa = mf_plot_get_axis (plot, MF_PLOT_AXIS_X);
  const MfPlotAxis *ya = mf_plot_get_axis (plot, MF_PLOT_AXIS_Y);
  MfPlotRect area = mf_plot_get_data_area (plot);
  const double *x = mf_plot_series_get_x (series);
  const double *y = mf_plot_series_get_y (series);
  gsize n = mf_plot_series_get_n_points (series);
  double start = now_ms ();
  cairo_t *cr = cairo_create (surface);

  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_rectangle (cr, area.x, area.y, area.width, area.height);
  cairo_clip (cr);
  cairo_set_line_width (cr, 1.5);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_source_rgb (cr, 0.1, 0.35, 0.7);
  cairo_move_to (cr, mf_plot_axis_to_pixel (xa, x[0]), mf_plot_axis_to_pixel (ya, y[0]));
  for (gsize i = 1; i < n; i++)
    cairo_line_to (cr, mf_plot_axis_to_pixel (xa, x[i]), mf_plot_axis_to_pixel (ya, y[i]));
  cairo_stroke (cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return now_ms () - start;
}

/* mf_plot_decimate() alone, into columns of the plot's width. */
static double
time_decimate (const MfPlotSeries *series, MfPlotColumn *columns)
{
  const double *x = mf_plot_series_get_x (series);
  gsize n = mf_plot_series_get_n_points (series);
  MfPlotDecimation d = { .columns = columns, .n_columns = WIDTH, .x0 = x[0], .x1 = x[n - 1] };
  double start = now_ms ();

  mf_plot_decimate (&d, x, mf_plot_series_get_y (series), n, FALSE);
  if (!(d.min_y <= d.max_y))
    g_error ("the decimation found no data");
  return now_ms () - start;
}

/* The plot's frame and labels alone: a series of the same span and height
 * with two samples. */
static double
time_no_data (const MfPlotSeries *series, cairo_surface_t *surface)
{
  MfPlotSeries *ends;
  g_autoptr (MfPlot) plot = plot_new ("x", &ends);
  const double *x = mf_plot_series_get_x (series);
  gsize n = mf_plot_series_get_n_points (series);
  Tally tally = { 0 };

  mf_plot_series_append (ends, x[0], -1.25);
  mf_plot_series_append (ends, x[n - 1], 4.0);
  time_plot_draw (plot, surface);
  for (guint i = 0; i < DRAWS; i++)
    tally_add (&tally, time_plot_draw (plot, surface));
  return tally_timing (&tally).mean;
}

static void
bench_size (gsize n, Signal signal, cairo_surface_t *surface)
{
  MfPlotSeries *series;
  g_autoptr (MfPlot) plot = plot_new ("P1.v", &series);
  g_autofree MfPlotColumn *columns = g_new (MfPlotColumn, WIDTH);
  gsize slice = MAX (1, n / SLICES), filled = n - (gsize) DRAWS * slice;
  guint32 noise_state = 2463534242u;
  /* the reference costs seconds per draw at 10^6, most of a minute at 10^7 */
  guint reference_repeats = n >= 10000000 ? 0 : n >= 1000000 ? 5 : 10;
  Tally drawn = { 0 }, decimated = { 0 }, reference = { 0 };
  double first, no_data;
  Timing d, r;

  append_samples (series, signal, 0, filled, &noise_state);
  first = time_plot_draw (plot, surface);
  for (guint i = 0; i < DRAWS; i++)
    {
      append_samples (series, signal, filled, filled + slice, &noise_state);
      filled += slice;
      tally_add (&drawn, time_plot_draw (plot, surface));
    }
  for (guint i = 0; i < DRAWS; i++)
    tally_add (&decimated, time_decimate (series, columns));
  no_data = time_no_data (series, surface);
  for (guint i = 0; i < reference_repeats; i++)
    tally_add (&reference, time_reference (plot, series, surface));

  d = tally_timing (&drawn);
  r = tally_timing (&reference);
  g_print ("%-6s %9zu | %7.2f | %7.2f %7.2f | %5.2f | %7.2f %5.2f | %6.2f |", signal_names[signal],
           n, first, d.mean, d.worst, d.worst / BUDGET, tally_timing (&decimated).mean,
           1e6 * tally_timing (&decimated).mean / n, no_data);
  if (reference.n > 0)
    g_print (" %8.1f %8.1f | %6.0f\n", r.mean, r.worst, r.mean / d.mean);
  else
    g_print ("        -        - |      -\n");
}

/* Fonts are loaded at the first text drawn: not a cost of any one size. */
static void
warm_up (cairo_surface_t *surface)
{
  MfPlotSeries *series;
  g_autoptr (MfPlot) plot = plot_new ("warm-up", &series);

  mf_plot_series_append (series, 0, 0);
  mf_plot_series_append (series, 1, 1);
  time_plot_draw (plot, surface);
}

int
main (int argc, char *argv[])
{
  const gsize default_sizes[] = { 100000, 1000000, 10000000 };
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);

  g_print ("One series drawn into a %d x %d image, milliseconds; decimated: mean and worst of %d "
           "draws with N/%d samples appended before each\n",
           WIDTH, HEIGHT, DRAWS, SLICES);
  g_print ("signal         N | first   | decimated       | worst | decimate alone | no     "
           "| reference         | ratio\n");
  g_print ("                 | draw    | mean    worst   | /16ms | mean    ns/smp | data   "
           "| mean     worst    | ref/dec\n");
  warm_up (surface);
  for (int i = 1; i < argc; i++)
    {
      double n = g_ascii_strtod (argv[i], NULL);

      if (!(n >= 2 * SLICES && n <= 1e9))
        {
          g_printerr ("bench-plot-draw: %s: a number of samples from %d to 1e9\n", argv[i],
                      2 * SLICES);
          return 2;
        }
    }
  for (Signal signal = SIGNAL_SMOOTH; signal <= SIGNAL_DENSE; signal++)
    if (argc > 1)
      for (int i = 1; i < argc; i++)
        bench_size ((gsize) g_ascii_strtod (argv[i], NULL), signal, surface);
    else
      for (guint i = 0; i < G_N_ELEMENTS (default_sizes); i++)
        bench_size (default_sizes[i], signal, surface);
  cairo_surface_destroy (surface);
  return 0;
}
