/* test-plot-draw.c: the plot library (src/plot) drawn without a display —
 * pixels where the curves, bands and options put them, series removed and
 * reserved, and exported pictures read back.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define _GNU_SOURCE /* memmem: a PDF holds NUL bytes */
#include <gio/gio.h>
#include <math.h>
#include <string.h>

#include "mf-plot-decimate.h"
#include "mf-plot-export.h"
#include "mf-plot.h"
#include "mf-plot-private.h"
#include "mf-test-ink.h"

static MfPlot *
example_plot (gsize n)
{
  MfPlot *plot = mf_plot_new ();
  MfPlotSeries *a = mf_plot_add_series (plot, "P1.v");
  MfPlotSeries *b = mf_plot_add_series (plot, "J1.p");

  mf_plot_set_axis_title (plot, MF_PLOT_AXIS_X, "time", "s");
  mf_plot_set_axis_title (plot, MF_PLOT_AXIS_Y, NULL, "bar");
  mf_plot_series_set_dash (b, MF_PLOT_DASH_DASHED);
  for (gsize i = 0; i < n; i++)
    {
      double t = 2.0 * i / (n - 1);

      mf_plot_series_append (a, t, 3 + 2 * sin (6 * t));
      mf_plot_series_append (b, t, t < 0.5 ? 1 : 1 + 4 * exp (-3 * (t - 0.5)));
    }
  mf_plot_add_band (plot, 0, 0.5, "open");
  mf_plot_add_band (plot, 0.5, 2, "closed");
  mf_plot_add_marker (plot, 0.5, "V1 closed");
  return plot;
}

static void
test_draw_ink (void)
{
  g_autoptr (MfPlot) plot = example_plot (2000);
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 640, 400);
  cairo_t *cr = cairo_create (s);
  const MfPlotAxis *xa, *ya;
  MfPlotColor blue = mf_plot_series_get_color (mf_plot_get_series (plot, 0));
  MfPlotRect area, legend;

  mf_plot_draw (plot, cr, 640, 400);
  cairo_surface_flush (s);
  xa = mf_plot_get_axis (plot, MF_PLOT_AXIS_X);
  ya = mf_plot_get_axis (plot, MF_PLOT_AXIS_Y);
  area = mf_plot_get_data_area (plot);
  legend = mf_plot_get_legend_area (plot);
  g_assert_cmpfloat (area.width, >, 400);
  g_assert_cmpfloat (ya->ticks.lo, <=, 1);
  g_assert_cmpfloat (ya->ticks.hi, >=, 5);
  for (double t = 0.05; t < 2; t += 0.1)
    {
      double px = mf_plot_axis_to_pixel (xa, t);
      double py = mf_plot_axis_to_pixel (ya, 3 + 2 * sin (6 * t));

      if (px >= legend.x && px <= legend.x + legend.width)
        continue;
      g_assert_true (ink_near (s, px, py, 2, blue));
      /* and no blue well away from the curve */
      g_assert_false (ink_near (s, px, mf_plot_axis_to_pixel (ya, 3 + 2 * sin (6 * t) + 1.5), 1,
                                blue));
    }
  /* the legend sits inside the data area and off the curves */
  g_assert_cmpfloat (legend.width, >, 0);
  g_assert_cmpfloat (legend.x, >=, area.x);
  g_assert_cmpfloat (legend.y + legend.height, <=, area.y + area.height);
  for (double t = 0; t <= 2; t += 0.001)
    {
      double px = mf_plot_axis_to_pixel (xa, t);
      double py = mf_plot_axis_to_pixel (ya, 3 + 2 * sin (6 * t));

      g_assert_false (px > legend.x && px < legend.x + legend.width && py > legend.y
                      && py < legend.y + legend.height);
    }
  cairo_destroy (cr);
  cairo_surface_destroy (s);
}

static void
test_draw_million_keeps_peaks (void)
{
  g_autoptr (MfPlot) plot = mf_plot_new ();
  MfPlotSeries *s = mf_plot_add_series (plot, "x");
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 800, 400);
  cairo_t *cr = cairo_create (surface);
  const gsize n = 1000000, peak = 612345;
  gint64 start;
  double elapsed;

  for (gsize i = 0; i < n; i++)
    mf_plot_series_append (s, i * 1e-6, i == peak ? 10.0 : sin (i * 1e-4));
  start = g_get_monotonic_time ();
  mf_plot_draw (plot, cr, 800, 400);
  elapsed = (g_get_monotonic_time () - start) / 1e3;
  g_test_message ("a million points drew in %.1f ms", elapsed);
  g_assert_cmpfloat (elapsed, <, 1000);
  cairo_surface_flush (surface);
  /* the one-sample peak reaches its height */
  g_assert_true (ink_near (surface, mf_plot_axis_to_pixel (mf_plot_get_axis (plot, MF_PLOT_AXIS_X),
                                                           peak * 1e-6),
                           mf_plot_axis_to_pixel (mf_plot_get_axis (plot, MF_PLOT_AXIS_Y), 9.8), 2,
                           mf_plot_series_get_color (s)));
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

static gboolean
same_color (MfPlotColor a, MfPlotColor b)
{
  return a.red == b.red && a.green == b.green && a.blue == b.blue;
}

/* Removing a series frees it and leaves the others, their order and
 * colours as they were; a new series still takes a colour of its own. */
static void
test_remove_series (void)
{
  g_autoptr (MfPlot) plot = mf_plot_new ();
  MfPlotSeries *a = mf_plot_add_series (plot, "a");
  MfPlotSeries *b = mf_plot_add_series (plot, "b");
  MfPlotSeries *c = mf_plot_add_series (plot, "c");
  MfPlotColor color_a = mf_plot_series_get_color (a), color_c = mf_plot_series_get_color (c);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 300, 200);
  cairo_t *cr = cairo_create (surface);
  MfPlotSeries *d;
  MfPlotColor color_d;

  for (int i = 0; i < 100; i++)
    {
      mf_plot_series_append (a, i, i);
      mf_plot_series_append (b, i, 1000 + i);
      mf_plot_series_append (c, i, -i);
    }
  mf_plot_remove_series (plot, b);
  g_assert_cmpuint (mf_plot_get_n_series (plot), ==, 2);
  g_assert_true (mf_plot_get_series (plot, 0) == a);
  g_assert_true (mf_plot_get_series (plot, 1) == c);
  g_assert_true (same_color (mf_plot_series_get_color (a), color_a));
  g_assert_true (same_color (mf_plot_series_get_color (c), color_c));
  /* the removed series' data no longer count for the axes */
  mf_plot_draw (plot, cr, 300, 200);
  g_assert_cmpfloat (mf_plot_get_axis (plot, MF_PLOT_AXIS_Y)->ticks.hi, <, 1000);
  d = mf_plot_add_series (plot, "d");
  color_d = mf_plot_series_get_color (d);
  g_assert_false (same_color (color_d, color_a));
  g_assert_false (same_color (color_d, color_c));
  mf_plot_remove_series (plot, a);
  mf_plot_remove_series (plot, c);
  g_assert_cmpuint (mf_plot_get_n_series (plot), ==, 1);
  g_assert_true (mf_plot_get_series (plot, 0) == d);
  mf_plot_draw (plot, cr, 300, 200);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* A dense series: every pixel column of the band reaches the smallest and
 * the largest value of its samples, a stretch of gaps stays empty, and a
 * dashed series leaves gaps across the band. */
static void
test_draw_dense_band (void)
{
  g_autoptr (MfPlot) plot = mf_plot_new ();
  g_autoptr (GRand) rand = g_rand_new_with_seed (3);
  MfPlotSeries *s = mf_plot_add_series (plot, "noisy");
  MfPlotSeries *dashed = mf_plot_add_series (plot, "dashed");
  const gsize n = 200000;
  g_autofree double *x = g_new (double, n);
  g_autofree double *y = g_new (double, n);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 600, 300);
  cairo_t *cr = cairo_create (surface);
  const MfPlotAxis *xa, *ya;
  MfPlotRect area;
  guint dashed_empty = 0, dashed_inked = 0;

  for (gsize i = 0; i < n; i++)
    {
      x[i] = i * 1e-4;
      y[i] = x[i] > 12 && x[i] < 13 ? NAN : sin (x[i]) + g_rand_double_range (rand, -0.3, 0.3);
      mf_plot_series_append (s, x[i], y[i]);
      mf_plot_series_append (dashed, x[i], 5 + 0.2 * g_rand_double_range (rand, -1, 1));
    }
  mf_plot_series_set_dash (dashed, MF_PLOT_DASH_DASHED);
  /* room above the dashed band for the legend */
  mf_plot_set_axis_range (plot, MF_PLOT_AXIS_Y, -2, 8);
  mf_plot_draw (plot, cr, 600, 300);
  cairo_surface_flush (surface);
  xa = mf_plot_get_axis (plot, MF_PLOT_AXIS_X);
  ya = mf_plot_get_axis (plot, MF_PLOT_AXIS_Y);
  area = mf_plot_get_data_area (plot);
  for (double px = ceil (area.x) + 2; px < area.x + area.width - 2; px += 1)
    {
      double t0 = mf_plot_axis_from_pixel (xa, px), t1 = mf_plot_axis_from_pixel (xa, px + 1);
      double lo = INFINITY, hi = -INFINITY;
      gboolean inked = FALSE;

      for (gsize i = mf_plot_lower_bound (x, n, t0); i < n && x[i] < t1; i++)
        if (isfinite (y[i]))
          {
            lo = MIN (lo, y[i]);
            hi = MAX (hi, y[i]);
          }
      if (t0 > 12.01 && t1 < 12.99)
        for (double v = -1.5; v <= 1.5; v += 0.01)
          g_assert_false (ink_near (surface, px + 0.5, mf_plot_axis_to_pixel (ya, v), 0,
                                    mf_plot_series_get_color (s)));
      else if (hi >= lo && (t1 < 11.99 || t0 > 13.01))
        {
          g_assert_true (ink_near (surface, px + 0.5, mf_plot_axis_to_pixel (ya, lo), 2,
                                   mf_plot_series_get_color (s)));
          g_assert_true (ink_near (surface, px + 0.5, mf_plot_axis_to_pixel (ya, hi), 2,
                                   mf_plot_series_get_color (s)));
        }
      for (double v = 4.85; v <= 5.15; v += 0.05)
        inked = inked || ink_near (surface, px + 0.5, mf_plot_axis_to_pixel (ya, v), 0,
                                   mf_plot_series_get_color (dashed));
      if (inked)
        dashed_inked++;
      else
        dashed_empty++;
    }
  /* dashes of 6 units and gaps of 4 */
  g_assert_cmpuint (dashed_empty, >, (dashed_inked + dashed_empty) / 5);
  g_assert_cmpuint (dashed_inked, >, (dashed_inked + dashed_empty) / 2);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* The plot exported in `format` into memory. */
static GBytes *
export_to (MfPlotFormat format, double width, double height)
{
  g_autoptr (MfPlot) plot = example_plot (500);
  g_autoptr (GError) error = NULL;
  g_autoptr (GOutputStream) stream = g_memory_output_stream_new_resizable ();

  g_assert_true (mf_plot_export (plot, stream, format, width, height, &error));
  g_assert_no_error (error);
  g_assert_true (g_output_stream_close (stream, NULL, NULL));
  return g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (stream));
}

typedef struct
{
  const guint8 *data;
  gsize         left;
} Reader;

static cairo_status_t
read_bytes (void *closure, unsigned char *data, unsigned int length)
{
  Reader *reader = closure;

  if (length > reader->left)
    return CAIRO_STATUS_READ_ERROR;
  memcpy (data, reader->data, length);
  reader->data += length;
  reader->left -= length;
  return CAIRO_STATUS_SUCCESS;
}

static void
test_export_png (void)
{
  g_autoptr (GBytes) bytes = export_to (MF_PLOT_FORMAT_PNG, 640, 360);
  Reader reader = { g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes) };
  cairo_surface_t *s = cairo_image_surface_create_from_png_stream (read_bytes, &reader);

  g_assert_cmpint (cairo_surface_status (s), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (s), ==, 640);
  g_assert_cmpint (cairo_image_surface_get_height (s), ==, 360);
  cairo_surface_destroy (s);
}

static void
test_export_svg (void)
{
  g_autoptr (GBytes) bytes = export_to (MF_PLOT_FORMAT_SVG, 500, 300);
  g_autofree char *text = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));

  g_assert_true (strstr (text, "<svg") != NULL);
  g_assert_true (g_regex_match_simple ("<svg[^>]*width=\"500(pt)?\"", text, 0, 0));
  g_assert_true (g_regex_match_simple ("<svg[^>]*height=\"300(pt)?\"", text, 0, 0));
  g_assert_true (strstr (text, "</svg>") != NULL);
}

static void
test_export_pdf (void)
{
  g_autoptr (GBytes) bytes = export_to (MF_PLOT_FORMAT_PDF, 420, 297);
  gsize length;
  const char *text = g_bytes_get_data (bytes, &length);

  g_assert_true (length > 5 && memcmp (text, "%PDF-", 5) == 0);
  g_assert_true (memmem (text, length, "/MediaBox [ 0 0 420 297 ]", 25) != NULL);
  g_assert_true (memmem (text, length, "%%EOF", 5) != NULL);
}

/* A bad size is the plot's error; a stream that cannot take the bytes, the
 * stream's own (which names the file it writes). */
static void
test_export_errors (void)
{
  g_autoptr (MfPlot) plot = example_plot (10);
  g_autoptr (GError) error = NULL;
  g_autoptr (GOutputStream) memory = g_memory_output_stream_new_resizable ();
  g_autofree guint8 *room = g_malloc (64);
  g_autoptr (GOutputStream) small = g_memory_output_stream_new (room, 64, NULL, NULL);

  g_assert_cmpint (mf_plot_format_from_path ("/tmp/x.jpeg"), ==, MF_PLOT_FORMAT_AUTO);
  g_assert_cmpint (mf_plot_format_from_path ("/tmp/x.SVG"), ==, MF_PLOT_FORMAT_SVG);
  g_assert_false (mf_plot_export (plot, memory, MF_PLOT_FORMAT_PNG, 0, 100, &error));
  g_assert_error (error, MF_PLOT_ERROR, MF_PLOT_ERROR_SIZE);
  g_clear_error (&error);
  for (MfPlotFormat format = MF_PLOT_FORMAT_PNG; format <= MF_PLOT_FORMAT_PDF; format++)
    {
      g_assert_true (g_seekable_seek (G_SEEKABLE (small), 0, G_SEEK_SET, NULL, NULL));
      g_assert_false (mf_plot_export (plot, small, format, 100, 100, &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE);
      g_clear_error (&error);
    }
}

/* A series reserved for n samples keeps its arrays where they are up to n,
 * and its summary serves a draw of all of them. */
static void
test_series_reserve (void)
{
  g_autoptr (MfPlot) plot = mf_plot_new ();
  MfPlotSeries *s = mf_plot_add_series (plot, "y");
  const gsize n = 300000;
  const double *x, *y;
  double ymin, ymax;

  mf_plot_series_reserve (s, n);
  mf_plot_series_append (s, 0, 0);
  x = mf_plot_series_get_x (s);
  y = mf_plot_series_get_y (s);
  for (gsize i = 1; i < n; i++)
    g_assert_true (mf_plot_series_append (s, i * 1e-4, i == n / 3 ? 5.0 : sin (i * 1e-3)));
  g_assert_cmpuint (mf_plot_series_get_n_points (s), ==, n);
  g_assert_true (mf_plot_series_get_x (s) == x);
  g_assert_true (mf_plot_series_get_y (s) == y);
  g_assert_cmpfloat (x[n - 1], ==, (n - 1) * 1e-4);
  g_assert_cmpfloat (y[n / 3], ==, 5.0);
  mf_plot_series_get_bounds (s, NULL, NULL, &ymin, &ymax, NULL);
  g_assert_cmpfloat (ymax, ==, 5.0);
  g_assert_cmpfloat_with_epsilon (ymin, -1.0, 1e-6);
  /* past the reservation it grows as before */
  for (gsize i = n; i < n + 100; i++)
    mf_plot_series_append (s, i * 1e-4, 1.0);
  g_assert_cmpuint (mf_plot_series_get_n_points (s), ==, n + 100);
  g_assert_cmpfloat (mf_plot_series_get_x (s)[n + 99], ==, (n + 99) * 1e-4);
}

/* Pixels of colour c in the plot's data area after a draw. */
static guint
count_ink (MfPlot *plot, MfPlotColor c)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 400, 300);
  cairo_t *cr = cairo_create (surface);
  const guint8 *data;
  int stride;
  MfPlotRect a;
  guint n = 0;

  mf_plot_draw (plot, cr, 400, 300);
  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  a = mf_plot_get_data_area (plot);
  for (int y = (int) a.y + 1; y < (int) (a.y + a.height) - 1; y++)
    for (int x = (int) a.x + 1; x < (int) (a.x + a.width) - 1; x++)
      n += is_color (data + y * stride + x * 4, c);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return n;
}

/* The line width, the grid and the sample marks change what is drawn. */
static void
test_draw_options (void)
{
  g_autoptr (MfPlot) plot = mf_plot_new ();
  MfPlotSeries *s = mf_plot_add_series (plot, "x");
  MfPlotColor blue = { 0, 0, 1 };
  guint thin, thick, unmarked, marked, with_grid;

  for (int i = 0; i <= 10; i++)
    mf_plot_series_append (s, i, i % 2);
  mf_plot_series_set_color (s, blue);
  thin = count_ink (plot, blue);
  mf_plot_set_line_width (plot, 4.5);
  thick = count_ink (plot, blue);
  g_assert_cmpfloat (mf_plot_get_line_width (plot), ==, 4.5);
  g_assert_cmpuint (thick, >, 2 * thin);

  mf_plot_set_line_width (plot, 1.5);
  unmarked = count_ink (plot, blue);
  mf_plot_set_sample_marks (plot, TRUE);
  marked = count_ink (plot, blue);
  g_assert_cmpuint (marked, >, unmarked + 11 * 4);
  /* dense samples get no marks: they would only thicken the line */
  mf_plot_series_clear (s);
  for (int i = 0; i <= 5000; i++)
    mf_plot_series_append (s, i, i % 2);
  marked = count_ink (plot, blue);
  mf_plot_set_sample_marks (plot, FALSE);
  g_assert_cmpuint (marked, ==, count_ink (plot, blue));

  /* the grid's lines are the pixels that change when it goes (with a
   * sparse curve: the dense one covers the whole data area) */
  mf_plot_series_clear (s);
  for (int i = 0; i <= 10; i++)
    mf_plot_series_append (s, i, i % 2);
  {
    cairo_surface_t *on = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 400, 300);
    cairo_surface_t *off = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 400, 300);
    cairo_t *cr = cairo_create (on);
    const guint32 *p_on, *p_off;

    mf_plot_draw (plot, cr, 400, 300);
    cairo_destroy (cr);
    mf_plot_set_grid (plot, FALSE);
    g_assert_false (mf_plot_get_grid (plot));
    cr = cairo_create (off);
    mf_plot_draw (plot, cr, 400, 300);
    cairo_destroy (cr);
    cairo_surface_flush (on);
    cairo_surface_flush (off);
    p_on = (const guint32 *) cairo_image_surface_get_data (on);
    p_off = (const guint32 *) cairo_image_surface_get_data (off);
    with_grid = 0;
    for (int i = 0; i < 400 * 300; i++)
      with_grid += p_on[i] != p_off[i];
    g_assert_cmpuint (with_grid, >, 500);
    cairo_surface_destroy (on);
    cairo_surface_destroy (off);
  }
}

/* The legend's box after a draw of `plot`, `width` × `height`, and the
 * data area in `area` (may be NULL). */
static MfPlotRect
legend_box_at (MfPlot *plot, int width, int height, MfPlotRect *area)
{
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, height);
  cairo_t *cr = cairo_create (s);
  MfPlotRect box;

  mf_plot_draw (plot, cr, width, height);
  box = mf_plot_get_legend_area (plot);
  if (area != NULL)
    *area = mf_plot_get_data_area (plot);
  cairo_destroy (cr);
  cairo_surface_destroy (s);
  return box;
}

static MfPlotRect
legend_box (MfPlot *plot)
{
  return legend_box_at (plot, 640, 400, NULL);
}

static double
legend_width (MfPlot *plot)
{
  return legend_box (plot).width;
}

/* Entries name their unit when the series' units differ.  A series with
 * samples but nothing the axes can show is left out while another series
 * has something to show (a run that lacks the quantity), and says so when
 * none has. */
static void
test_legend_entries (void)
{
  g_autoptr (MfPlot) plot = mf_plot_new ();
  MfPlotSeries *x = mf_plot_add_series (plot, "C1.x");
  MfPlotSeries *v = mf_plot_add_series (plot, "C1.v");
  MfPlotRect both, alone;
  double same, mixed;

  for (int i = 0; i <= 100; i++)
    {
      mf_plot_series_append (x, i * 0.01, sin (i * 0.01));
      mf_plot_series_append (v, i * 0.01, cos (i * 0.01));
    }
  mf_plot_series_set_unit (x, "mm");
  mf_plot_series_set_unit (v, "mm");
  both = legend_box (plot);
  same = both.width;
  mf_plot_series_set_unit (v, "mm/s");
  mixed = legend_width (plot);
  /* " [mm/s]" after the longest name */
  g_assert_cmpfloat (mixed, >, same + 10);
  mf_plot_series_set_unit (v, "mm");
  g_assert_cmpfloat (legend_width (plot), ==, same);

  /* a series of NaN only: one row less, the entry left is C1.x's */
  mf_plot_series_clear (v);
  for (int i = 0; i <= 100; i++)
    mf_plot_series_append (v, i * 0.01, NAN);
  alone = legend_box (plot);
  g_assert_cmpfloat (alone.height, ==, both.height - plot->legend_row);
  g_assert_cmpint (mf_plot_legend_hit (plot, alone.x + 10, alone.y + alone.height / 2), ==, 0);
  /* both of NaN only: both listed, "(no values)" after each */
  mf_plot_series_clear (x);
  for (int i = 0; i <= 100; i++)
    mf_plot_series_append (x, i * 0.01, NAN);
  g_assert_cmpfloat (legend_width (plot), >, same + 20);
  g_assert_cmpfloat (legend_box (plot).height, ==, both.height);

  /* on a log axis, one with no positive value is left out too */
  mf_plot_series_clear (v);
  for (int i = 0; i <= 100; i++)
    mf_plot_series_append (v, i * 0.01, -1.0 - i);
  mf_plot_series_clear (x);
  for (int i = 0; i <= 100; i++)
    mf_plot_series_append (x, i * 0.01, 1.0 + i);
  g_assert_cmpfloat (legend_box (plot).height, ==, both.height);
  mf_plot_set_axis_scale (plot, MF_PLOT_AXIS_Y, MF_PLOT_SCALE_LOG);
  alone = legend_box (plot);
  g_assert_cmpfloat (alone.height, ==, both.height - plot->legend_row);
  g_assert_cmpint (mf_plot_legend_hit (plot, alone.x + 10, alone.y + alone.height / 2), ==, 0);
}

/* `n` sine waves an eighth of a period apart, which fill the data area,
 * named `prefix` and their number. */
static MfPlot *
filled_plot (guint n, const char *prefix)
{
  MfPlot *plot = mf_plot_new ();

  for (guint k = 0; k < n; k++)
    {
      g_autofree char *name = g_strdup_printf ("%s%u", prefix, k + 1);
      MfPlotSeries *series = mf_plot_add_series (plot, name);

      for (int i = 0; i <= 400; i++)
        mf_plot_series_append (series, i * 0.01, sin (i * 0.05 + k * G_PI / 4));
    }
  return plot;
}

/* Long names the right side cannot take (more than a quarter of the
 * width): above the data area in rows, from its left edge, the curves
 * under it.  A plot too low for those rows (they would leave the curves
 * less than 55 % of their height) folds the legend into one line, one
 * row high (6 + row + 6), a click on which is "+N more"'s. */
static void
test_legend_above_and_folded (void)
{
  g_autoptr (MfPlot) plot = filled_plot (8, "a fairly long name, run ");
  MfPlotRect area, legend = legend_box_at (plot, 400, 300, &area);

  g_assert_cmpfloat (legend.width, >, 100);
  g_assert_cmpfloat (legend.x, ==, area.x);
  g_assert_cmpfloat (legend.y + legend.height, <, area.y);
  /* in rows of more than one entry */
  g_assert_cmpfloat (legend.height, <, 2 * MF_PLOT_LEGEND_PADDING + 8 * plot->legend_row);

  legend = legend_box_at (plot, 400, 140, &area);
  g_assert_cmpfloat (legend.height, ==, 2 * MF_PLOT_LEGEND_PADDING + plot->legend_row);
  g_assert_cmpfloat (legend.y, >=, area.y);
  g_assert_cmpfloat (legend.width, <, 100);
  g_assert_cmpint (mf_plot_legend_hit (plot, legend.x + legend.width / 2,
                                       legend.y + legend.height / 2),
                   ==, MF_PLOT_LEGEND_MORE);
}

/* Eight sine waves fill a low plot's data area:
 * every place inside would hide curves, so the legend goes right of the
 * plot, its right edge 8 (the plot's padding) from the picture's, and the
 * data area ends left of it.  Its width is what the longest name needs
 * (these are short): 6 + 22 + 6 + text + 6, under a quarter of 640.  A
 * picture 200 wide cannot spare that and keeps it inside. */
static void
test_legend_outside (void)
{
  g_autoptr (MfPlot) plot = filled_plot (8, "C");
  MfPlotRect area, legend = legend_box_at (plot, 640, 200, &area);

  g_assert_cmpfloat (legend.width, >, 0);
  g_assert_cmpfloat (legend.width, <=, 640 / 4.0);
  g_assert_cmpfloat (fabs (legend.x + legend.width - (640 - 8)), <, 1e-9);
  g_assert_cmpfloat (area.x + area.width, <, legend.x);
  g_assert_cmpfloat (legend.y, ==, area.y);
  /* its entries answer clicks there */
  g_assert_cmpint (mf_plot_legend_hit (plot, legend.x + 10, legend.y + 8), ==, 0);

  legend = legend_box_at (plot, 200, 200, &area);
  g_assert_cmpfloat (legend.x, >=, area.x);
  g_assert_cmpfloat (legend.x + legend.width, <=, area.x + area.width);
}

static gboolean
rects_meet (const MfPlotRect *a, const MfPlotRect *b)
{
  return a->x < b->x + b->width && b->x < a->x + a->width && a->y < b->y + b->height
         && b->y < a->y + a->height;
}

/* Of two markers too close for both labels, the later one's is written
 * (the state after a burst of switches); the legend keeps off the labels
 * even where that means covering some curve. */
static void
test_marker_labels (void)
{
  g_autoptr (MfPlot) plot = mf_plot_new ();
  MfPlotSeries *low = mf_plot_add_series (plot, "low");
  const MfPlotRect *label;
  MfPlotRect legend;
  double p_late;

  for (int i = 0; i <= 200; i++)
    mf_plot_series_append (low, i * 0.01, i % 2 == 0 ? 0.0 : 0.05);
  mf_plot_add_marker (plot, 0.0, "V1 closed");
  mf_plot_add_marker (plot, 0.001, "V1 open");
  /* where the legend would go first: the top right corner, clear of the
   * curve at the bottom */
  mf_plot_add_marker (plot, 1.9, "V1 closed");
  legend_width (plot);
  g_assert_cmpuint (plot->marker_labels->len, ==, 2);
  label = &g_array_index (plot->marker_labels, MfPlotRect, 1);
  p_late = floor (mf_plot_axis_to_pixel (mf_plot_get_axis (plot, MF_PLOT_AXIS_X), 0.001)) + 1.5;
  g_assert_cmpfloat (fabs (label->x - p_late), <, 0.01);
  legend = mf_plot_get_legend_area (plot);
  g_assert_cmpfloat (legend.width, >, 0);
  for (guint i = 0; i < plot->marker_labels->len; i++)
    g_assert_false (rects_meet (&legend, &g_array_index (plot->marker_labels, MfPlotRect, i)));
}

/* A step size over time on a log axis, its refused tries as crosses and
 * an order in the strip: what the Steps plot of the app draws. */
static MfPlot *
steps_plot (MfPlotSeries **h, MfPlotSeries **rejected, MfPlotSeries **order)
{
  MfPlot *plot = mf_plot_new ();

  mf_plot_set_axis_title (plot, MF_PLOT_AXIS_X, "time", "s");
  mf_plot_set_axis_title (plot, MF_PLOT_AXIS_Y, "step", "s");
  mf_plot_set_axis_title (plot, MF_PLOT_AXIS_STRIP, "order", NULL);
  mf_plot_set_axis_integer (plot, MF_PLOT_AXIS_STRIP, TRUE);
  mf_plot_set_axis_scale (plot, MF_PLOT_AXIS_Y, MF_PLOT_SCALE_LOG);
  *h = mf_plot_add_series (plot, "h");
  *rejected = mf_plot_add_series (plot, "rejected");
  *order = mf_plot_add_series (plot, "order");
  mf_plot_series_set_mark (*rejected, MF_PLOT_MARK_CROSSES);
  mf_plot_series_set_in_strip (*order, TRUE);
  for (guint i = 0; i <= 100; i++)
    {
      double t = i / 100.0;

      /* from 1e-6 s to 1e-3 s */
      mf_plot_series_append (*h, t, pow (10, -6 + 3 * t));
      mf_plot_series_append (*order, t, 1 + i / 25);
    }
  mf_plot_series_append (*rejected, 0.25, 2e-5);
  mf_plot_series_append (*rejected, 0.75, 1e-3);
  return plot;
}

static void
test_strip_and_crosses (void)
{
  MfPlotSeries *h, *rejected, *order;
  g_autoptr (MfPlot) plot = steps_plot (&h, &rejected, &order);
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 600, 400);
  cairo_t *cr = cairo_create (s);
  const MfPlotAxis *xa, *ya, *sa;
  MfPlotRect area, strip;
  MfPlotColor cross = mf_plot_series_get_color (rejected);
  MfPlotColor order_color = mf_plot_series_get_color (order);

  mf_plot_draw (plot, cr, 600, 400);
  cairo_surface_flush (s);
  xa = mf_plot_get_axis (plot, MF_PLOT_AXIS_X);
  ya = mf_plot_get_axis (plot, MF_PLOT_AXIS_Y);
  sa = mf_plot_get_axis (plot, MF_PLOT_AXIS_STRIP);
  area = mf_plot_get_data_area (plot);
  strip = mf_plot_get_strip_area (plot);

  /* the strip lies under the data area, as wide, and keeps to its bounds */
  g_assert_cmpfloat (strip.height, >=, 40);
  g_assert_cmpfloat (strip.height, <=, 90);
  g_assert_cmpfloat (strip.x, ==, area.x);
  g_assert_cmpfloat (strip.width, ==, area.width);
  g_assert_cmpfloat (strip.y, >, area.y + area.height);
  g_assert_cmpfloat (area.height, >, strip.height);
  /* the orders stretch the strip's axis, not the main one: decades there */
  g_assert_true (ya->ticks.log);
  g_assert_cmpfloat (ya->ticks.lo, ==, 1e-6);
  g_assert_cmpfloat (ya->ticks.hi, ==, 1e-3);
  for (guint i = 0; i < ya->ticks.n_major; i++)
    g_assert_cmpfloat (fabs (log10 (ya->ticks.major[i]) - round (log10 (ya->ticks.major[i]))),
                       <, 1e-9);
  /* orders 1 to 5: a tick at each, half an order of room beyond */
  g_assert_false (sa->ticks.log);
  g_assert_cmpfloat (sa->ticks.lo, ==, 0.5);
  g_assert_cmpfloat (sa->ticks.hi, ==, 5.5);
  g_assert_cmpuint (sa->ticks.n_major, ==, 5);
  for (guint i = 0; i < 5; i++)
    g_assert_cmpfloat (sa->ticks.major[i], ==, i + 1);
  /* the order is drawn in the strip, at its value */
  g_assert_true (ink_near (s, mf_plot_axis_to_pixel (xa, 0.1), mf_plot_axis_to_pixel (sa, 1), 2,
                           order_color));
  g_assert_true (ink_near (s, mf_plot_axis_to_pixel (xa, 0.9), mf_plot_axis_to_pixel (sa, 4), 2,
                           order_color));
  g_assert_cmpfloat (mf_plot_axis_to_pixel (sa, 3), >, strip.y);
  g_assert_cmpfloat (mf_plot_axis_to_pixel (sa, 3), <, strip.y + strip.height);
  /* a cross at each refused try: ink at its arms, none at its centre's
   * left and right beyond them */
  for (guint k = 0; k < 2; k++)
    {
      double t = k == 0 ? 0.25 : 0.75, y = k == 0 ? 2e-5 : 1e-3;
      double px = mf_plot_axis_to_pixel (xa, t), py = mf_plot_axis_to_pixel (ya, y);

      g_assert_true (ink_near (s, px + 2.5, py + 2.5, 1, cross));
      g_assert_true (ink_near (s, px - 2.5, py + 2.5, 1, cross));
      g_assert_false (ink_near (s, px + 12, py, 2, cross));
    }
  /* no line joins the crosses: nothing of theirs half way between them */
  g_assert_false (ink_near (s, mf_plot_axis_to_pixel (xa, 0.5),
                            mf_plot_axis_to_pixel (ya, sqrt (2e-5 * 1e-3)), 3, cross));

  /* the strip goes with the last visible series in it */
  mf_plot_series_set_visible (order, FALSE);
  mf_plot_draw (plot, cr, 600, 400);
  g_assert_cmpfloat (mf_plot_get_strip_area (plot).height, ==, 0);
  g_assert_cmpfloat (mf_plot_get_data_area (plot).height, >, area.height + strip.height);
  /* and a plot too low for both keeps the data area whole */
  mf_plot_series_set_visible (order, TRUE);
  mf_plot_draw (plot, cr, 600, 110);
  g_assert_cmpfloat (mf_plot_get_strip_area (plot).height, ==, 0);
  cairo_destroy (cr);
  cairo_surface_destroy (s);
}

static void
test_series_nearest (void)
{
  g_autoptr (MfPlotSeries) s = mf_plot_series_new ("rejected");
  double x, y;

  mf_plot_series_append (s, 1.0, 10);
  mf_plot_series_append (s, 2.0, NAN);
  mf_plot_series_append (s, 3.0, 30);
  g_assert_true (mf_plot_series_nearest (s, 1.2, 0.5, &x, &y));
  g_assert_cmpfloat (x, ==, 1.0);
  g_assert_cmpfloat (y, ==, 10);
  /* a gap is not a sample: the nearest finite one, if near enough */
  g_assert_true (mf_plot_series_nearest (s, 2.1, 1.0, &x, &y));
  g_assert_cmpfloat (x, ==, 3.0);
  g_assert_false (mf_plot_series_nearest (s, 2.0, 0.5, NULL, NULL));
  g_assert_true (mf_plot_series_nearest (s, 5.0, 2.0, NULL, &y));
  g_assert_cmpfloat (y, ==, 30);
  g_assert_false (mf_plot_series_nearest (s, 5.0, 1.0, NULL, NULL));
}

/* A legend of more entries than its columns hold draws the first of them
 * and "+N more" inside its box, nothing of the others beside it.  The
 * curves lie on the right, so the legend goes to the left: no dark pixel
 * (text) right of its box but the curves' own line, where further columns
 * of entries once spilled over the plot. */
static void
test_legend_overflow (void)
{
  g_autoptr (MfPlot) plot = mf_plot_new ();
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 600, 200);
  cairo_t *cr = cairo_create (surface);
  MfPlotRect legend, area;
  guint dark = 0;
  const guint8 *data;
  double line_y;
  int stride;

  for (guint k = 0; k < 60; k++)
    {
      g_autofree char *name = g_strdup_printf ("sigma_min (run %u)", k);
      MfPlotSeries *series = mf_plot_add_series (plot, name);

      mf_plot_series_append (series, 0.0, NAN);
      mf_plot_series_append (series, 0.8, 1.0);
      mf_plot_series_append (series, 1.0, 1.0);
    }
  mf_plot_draw (plot, cr, 600, 200);
  cairo_surface_flush (surface);
  legend = mf_plot_get_legend_area (plot);
  area = mf_plot_get_data_area (plot);
  g_assert_cmpfloat (legend.width, >, 0);
  g_assert_cmpfloat (legend.x, <, area.x + area.width / 2);
  line_y = area.y + area.height / 2;
  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  for (int y = (int) legend.y + 2; y < (int) (legend.y + legend.height) - 2; y++)
    for (int x = (int) (legend.x + legend.width) + 3; x < 600; x++)
      {
        guint32 pixel = ((const guint32 *) (data + y * stride))[x];
        guint r = (pixel >> 16) & 0xff, g = (pixel >> 8) & 0xff, b = pixel & 0xff;

        /* the curves' line and the data area's frame are not text */
        if (fabs (y - line_y) <= 4 || fabs (x - (area.x + area.width)) <= 2)
          continue;
        dark += r < 0x70 && g < 0x70 && b < 0x70;
      }
  g_assert_cmpuint (dark, ==, 0);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/plot/draw/ink", test_draw_ink);
  g_test_add_func ("/plot/draw/million-keeps-peaks", test_draw_million_keeps_peaks);
  g_test_add_func ("/plot/draw/dense-band", test_draw_dense_band);
  g_test_add_func ("/plot/draw/options", test_draw_options);
  g_test_add_func ("/plot/draw/legend-entries", test_legend_entries);
  g_test_add_func ("/plot/draw/legend-overflow", test_legend_overflow);
  g_test_add_func ("/plot/draw/legend-outside", test_legend_outside);
  g_test_add_func ("/plot/draw/legend-above-and-folded", test_legend_above_and_folded);
  g_test_add_func ("/plot/draw/marker-labels", test_marker_labels);
  g_test_add_func ("/plot/draw/strip-and-crosses", test_strip_and_crosses);
  g_test_add_func ("/plot/series/nearest", test_series_nearest);
  g_test_add_func ("/plot/series/remove", test_remove_series);
  g_test_add_func ("/plot/series/reserve", test_series_reserve);
  g_test_add_func ("/plot/export/png", test_export_png);
  g_test_add_func ("/plot/export/svg", test_export_svg);
  g_test_add_func ("/plot/export/pdf", test_export_pdf);
  g_test_add_func ("/plot/export/errors", test_export_errors);
  return g_test_run ();
}
