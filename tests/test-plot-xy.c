/* test-plot-xy.c: XY series of the plot library (src/plot/mf-plot-xy.c) —
 * x in any order, the curve through the samples in their order, the axes
 * fitted to them, and log axes that leave out what they cannot show.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>

#include "mf-plot.h"
#include "mf-plot-ticks.h"
#include "mf-test-ink.h"

#define WIDTH  600
#define HEIGHT 400

static cairo_surface_t *
draw (MfPlot *plot)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  cairo_t *cr = cairo_create (surface);

  mf_plot_draw (plot, cr, WIDTH, HEIGHT);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

/* a colour of the series' own, which nothing else of the plot has */
static const MfPlotColor red = { 0.9, 0.1, 0.1 };

static void
to_pixels (MfPlot *plot, const MfPlotSeries *s, double x, double y, double *px, double *py)
{
  *px = mf_plot_axis_to_pixel (mf_plot_get_axis (plot, MF_PLOT_AXIS_X), x);
  *py = mf_plot_axis_to_pixel (mf_plot_get_series_axis (plot, s), y);
}

/* A circle: x = cos θ, y = sin θ, θ from 0 to 2π — x goes down, then up
 * again, which a time series refuses and an XY series takes. */
static void
test_circle (void)
{
  g_autoptr (MfPlot) plot = mf_plot_new ();
  MfPlotSeries *s = mf_plot_add_series (plot, "circle");
  cairo_surface_t *surface;
  const MfPlotAxis *xa;
  double px, py;

  mf_plot_series_set_xy (s, TRUE);
  mf_plot_series_set_color (s, red);
  for (guint i = 0; i <= 200; i++)
    {
      double theta = 2 * G_PI * i / 200;

      g_assert_true (mf_plot_series_append (s, cos (theta), sin (theta)));
    }
  g_assert_cmpuint (mf_plot_series_get_n_points (s), ==, 201);
  /* no single value at an x the curve passes twice */
  g_assert_false (mf_plot_series_value_at (s, 0.5, &px));
  mf_plot_set_axis_title (plot, MF_PLOT_AXIS_X, "P1.q", "L/min");
  surface = draw (plot);

  /* the x axis fits [-1, 1] (its ticks reach at least that far, and no
   * further than a step beyond) */
  xa = mf_plot_get_axis (plot, MF_PLOT_AXIS_X);
  g_assert_cmpfloat (xa->ticks.lo, <=, -1);
  g_assert_cmpfloat (xa->ticks.lo, >=, -1.5);
  g_assert_cmpfloat (xa->ticks.hi, >=, 1);
  g_assert_cmpfloat (xa->ticks.hi, <=, 1.5);
  /* ink on the circle at θ = π/4, 3π/4, 5π/4 and 7π/4 (inside the frame,
   * which the points at 0, π/2, … touch), none at its centre */
  for (guint k = 0; k < 4; k++)
    {
      double theta = (2 * k + 1) * G_PI / 4;

      to_pixels (plot, s, cos (theta), sin (theta), &px, &py);
      g_assert_true (ink_near (surface, px, py, 2, red));
    }
  to_pixels (plot, s, 0, 0, &px, &py);
  g_assert_false (ink_near (surface, px, py, 3, red));
  cairo_surface_destroy (surface);
}

/* A time series still refuses x going back: the XY mode is the series'
 * own. */
static void
test_time_series_refuses (void)
{
  g_autoptr (MfPlot) plot = mf_plot_new ();
  MfPlotSeries *s = mf_plot_add_series (plot, "t");

  g_assert_true (mf_plot_series_append (s, 1, 1));
  g_assert_false (mf_plot_series_append (s, 0, 1));
  g_assert_false (mf_plot_series_get_xy (s));
}

/* y = x² over x from -10 to 100 on log axes: the samples at x <= 0 (and
 * y = 0 at x = 0) are left out, the axes span the decades of what is left
 * — x from 1 to 100, y from 1 to 10⁴ — and the curve is drawn there. */
static void
test_log_axes (void)
{
  g_autoptr (MfPlot) plot = mf_plot_new ();
  MfPlotSeries *s = mf_plot_add_series (plot, "square");
  cairo_surface_t *surface;
  const MfPlotAxis *xa, *ya;
  double px, py;

  mf_plot_series_set_xy (s, TRUE);
  mf_plot_series_set_color (s, red);
  mf_plot_set_axis_scale (plot, MF_PLOT_AXIS_X, MF_PLOT_SCALE_LOG);
  mf_plot_set_axis_scale (plot, MF_PLOT_AXIS_Y, MF_PLOT_SCALE_LOG);
  for (int x = -10; x <= 100; x++)
    mf_plot_series_append (s, x, (double) x * x);
  surface = draw (plot);
  xa = mf_plot_get_axis (plot, MF_PLOT_AXIS_X);
  ya = mf_plot_get_series_axis (plot, s);
  g_assert_true (xa->ticks.log);
  g_assert_true (ya->ticks.log);
  g_assert_cmpfloat_with_epsilon (log10 (xa->ticks.lo), 0, 1e-9);
  g_assert_cmpfloat_with_epsilon (log10 (xa->ticks.hi), 2, 1e-9);
  g_assert_cmpfloat_with_epsilon (log10 (ya->ticks.lo), 0, 1e-9);
  g_assert_cmpfloat_with_epsilon (log10 (ya->ticks.hi), 4, 1e-9);
  /* two decades: majors at 1, 2, 5, 10, 20, 50, 100 (mf-plot-ticks.h),
   * minor ticks at the other digits */
  {
    static const double majors[] = { 1, 2, 5, 10, 20, 50, 100 };

    g_assert_cmpuint (xa->ticks.n_major, ==, G_N_ELEMENTS (majors));
    for (guint i = 0; i < G_N_ELEMENTS (majors); i++)
      g_assert_cmpfloat_with_epsilon (xa->ticks.major[i], majors[i], 1e-9);
    g_assert_cmpuint (xa->ticks.n_minor, >, 0);
  }
  /* (10, 100) lies on the curve, in the middle of both axes' spans */
  to_pixels (plot, s, 10, 100, &px, &py);
  g_assert_cmpfloat (fabs (px - (xa->pixel_lo + xa->pixel_hi) / 2), <, 1);
  g_assert_true (ink_near (surface, px, py, 2, red));
  cairo_surface_destroy (surface);
}

/* A log axis fixed to less than a decade, 0.1880 to 0.1890 (the range a
 * zoom or a nearly constant σ gives), has no decade, 2 or 5 inside: it
 * takes the ticks of a linear axis, every 0.0002 (the 1-2-5 step that
 * gives 4 to 10 ticks over 0.001), labelled plainly. */
static void
test_narrow_log_range (void)
{
  MfPlotTicks ticks;
  char label[32];

  mf_plot_ticks_log (&ticks, 0.188, 0.189, FALSE);
  g_assert_true (ticks.log);
  g_assert_cmpuint (ticks.n_major, ==, 6);
  g_assert_cmpfloat_with_epsilon (ticks.major[0], 0.188, 1e-12);
  g_assert_cmpfloat_with_epsilon (ticks.major[1], 0.1882, 1e-12);
  mf_plot_ticks_label (&ticks, ticks.major[1], label, sizeof label);
  g_assert_cmpstr (label, ==, "0.1882");
  /* two decades keep their decade ticks */
  mf_plot_ticks_log (&ticks, 1, 100, FALSE);
  mf_plot_ticks_label (&ticks, 10, label, sizeof label);
  g_assert_cmpstr (label, ==, "10");
  g_assert_cmpfloat_with_epsilon (ticks.major[0], 1, 1e-12);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/plot-xy/circle", test_circle);
  g_test_add_func ("/plot-xy/time-series-refuses", test_time_series_refuses);
  g_test_add_func ("/plot-xy/log-axes", test_log_axes);
  g_test_add_func ("/plot-xy/narrow-log-range", test_narrow_log_range);
  return g_test_run ();
}
