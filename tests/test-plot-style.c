/* test-plot-style.c: the plot library's legend hits, values at a time,
 * series bounds, hatched spans and light and dark styles, without a display.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>

#include "mf-plot.h"

#define WIDTH 480
#define HEIGHT 320

static cairo_surface_t *
render (MfPlot *plot)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, WIDTH, HEIGHT);
  cairo_t *cr = cairo_create (surface);

  mf_plot_draw (plot, cr, WIDTH, HEIGHT);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

static guint32
pixel (cairo_surface_t *surface, int x, int y)
{
  const guint8 *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);

  return *(const guint32 *) (data + y * stride + 4 * x) & 0xffffff;
}

static MfPlot *
plot_with_series (guint n_series)
{
  MfPlot *plot = mf_plot_new ();

  for (guint k = 0; k < n_series; k++)
    {
      g_autofree char *name = g_strdup_printf ("series %u", k);
      MfPlotSeries *s = mf_plot_add_series (plot, name);

      for (int i = 0; i <= 100; i++)
        mf_plot_series_append (s, i * 0.01, (k + 1) * sin (i * 0.05));
    }
  return plot;
}

static void
test_legend_hit (void)
{
  g_autoptr (MfPlot) plot = plot_with_series (3);
  cairo_surface_t *surface;
  MfPlotRect legend;
  double row;

  /* nothing drawn yet: no legend to hit */
  g_assert_cmpint (mf_plot_legend_hit (plot, 10, 10), ==, -1);
  surface = render (plot);
  legend = mf_plot_get_legend_area (plot);
  g_assert_cmpfloat (legend.width, >, 0);
  row = (legend.height - 12) / 3; /* three rows inside 6 units of padding */
  for (int i = 0; i < 3; i++)
    g_assert_cmpint (mf_plot_legend_hit (plot, legend.x + legend.width / 2,
                                         legend.y + 6 + row * (i + 0.5)),
                     ==, i);
  /* outside the box, and in its padding below the last entry */
  g_assert_cmpint (mf_plot_legend_hit (plot, legend.x - 2, legend.y + 6 + row / 2), ==, -1);
  g_assert_cmpint (mf_plot_legend_hit (plot, legend.x + legend.width + 1, legend.y + 10), ==, -1);
  g_assert_cmpint (mf_plot_legend_hit (plot, legend.x + 10, legend.y + legend.height - 2), ==, -1);
  g_assert_cmpint (mf_plot_legend_hit (plot, legend.x + 10, legend.y - 1), ==, -1);
  cairo_surface_destroy (surface);
}

static void
test_value_at (void)
{
  g_autoptr (MfPlotSeries) s = mf_plot_series_new ("v");
  double y = 0;

  g_assert_false (mf_plot_series_value_at (s, 0, &y));
  mf_plot_series_append (s, 0, 1);
  mf_plot_series_append (s, 1, 3);
  mf_plot_series_append (s, 2, -1);
  mf_plot_series_append (s, 2, 5); /* a jump at t = 2 */
  mf_plot_series_append (s, 3, NAN);
  mf_plot_series_append (s, 4, 0);
  /* at samples */
  g_assert_true (mf_plot_series_value_at (s, 0, &y));
  g_assert_cmpfloat (y, ==, 1);
  g_assert_true (mf_plot_series_value_at (s, 1, &y));
  g_assert_cmpfloat (y, ==, 3);
  g_assert_true (mf_plot_series_value_at (s, 4, &y));
  g_assert_cmpfloat (y, ==, 0);
  /* at the jump the later value holds */
  g_assert_true (mf_plot_series_value_at (s, 2, &y));
  g_assert_cmpfloat (y, ==, 5);
  /* between samples, interpolated */
  g_assert_true (mf_plot_series_value_at (s, 0.25, &y));
  g_assert_cmpfloat_with_epsilon (y, 1.5, 1e-12);
  g_assert_true (mf_plot_series_value_at (s, 1.5, &y));
  g_assert_cmpfloat_with_epsilon (y, 1, 1e-12);
  /* in a gap, and outside */
  g_assert_false (mf_plot_series_value_at (s, 2.5, &y));
  g_assert_false (mf_plot_series_value_at (s, 3.5, &y));
  g_assert_false (mf_plot_series_value_at (s, -0.1, &y));
  g_assert_false (mf_plot_series_value_at (s, 4.01, &y));
}

static void
test_value_at_large (void)
{
  g_autoptr (MfPlotSeries) s = mf_plot_series_new ("ramp");
  double y;

  for (int i = 0; i < 100000; i++)
    mf_plot_series_append (s, i * 1e-3, 2.0 * i);
  /* y = 2000 t everywhere */
  for (double t = 0.0005; t < 99.9; t += 7.3)
    {
      g_assert_true (mf_plot_series_value_at (s, t, &y));
      g_assert_cmpfloat_with_epsilon (y, 2000 * t, 1e-6);
    }
}

static void
test_bounds (void)
{
  g_autoptr (MfPlotSeries) s = mf_plot_series_new ("b");
  double xmin, xmax, ymin, ymax, ypos;

  mf_plot_series_get_bounds (s, &xmin, &xmax, &ymin, &ymax, &ypos);
  g_assert_true (isnan (xmin) && isnan (xmax) && isnan (ymin) && isnan (ymax) && isnan (ypos));
  mf_plot_series_append (s, 0, NAN);
  mf_plot_series_append (s, 0.5, -4);
  mf_plot_series_get_bounds (s, &xmin, &xmax, &ymin, &ymax, &ypos);
  g_assert_cmpfloat (xmin, ==, 0.5);
  g_assert_cmpfloat (ymin, ==, -4);
  g_assert_cmpfloat (ymax, ==, -4);
  g_assert_true (isnan (ypos)); /* nothing positive yet */
  mf_plot_series_append (s, 1, 3);
  mf_plot_series_append (s, 1.5, INFINITY);
  mf_plot_series_append (s, 2, 0.25);
  mf_plot_series_append (s, 2.5, 0);
  mf_plot_series_append (s, 3, NAN);
  mf_plot_series_get_bounds (s, &xmin, &xmax, &ymin, &ymax, &ypos);
  g_assert_cmpfloat (xmin, ==, 0.5);
  g_assert_cmpfloat (xmax, ==, 2.5); /* the last finite sample */
  g_assert_cmpfloat (ymin, ==, -4);
  g_assert_cmpfloat (ymax, ==, 3);
  g_assert_cmpfloat (ypos, ==, 0.25);
  /* NULL pointers are allowed; clearing forgets */
  mf_plot_series_get_bounds (s, NULL, NULL, NULL, &ymax, NULL);
  g_assert_cmpfloat (ymax, ==, 3);
  mf_plot_series_clear (s);
  mf_plot_series_get_bounds (s, &xmin, NULL, NULL, &ymax, NULL);
  g_assert_true (isnan (xmin) && isnan (ymax));
}

static void
test_span_pixels (void)
{
  g_autoptr (MfPlot) plot = plot_with_series (0);
  MfPlotSeries *s = mf_plot_add_series (plot, "flat");
  cairo_surface_t *plain, *marked;
  const MfPlotAxis *xa;
  MfPlotRect a;
  double p0, p1;
  guint changed_inside = 0, changed_outside = 0;

  mf_plot_series_append (s, 0, 0);
  mf_plot_series_append (s, 10, 0);
  mf_plot_set_axis_range (plot, MF_PLOT_AXIS_Y, -1, 1);
  plain = render (plot);
  mf_plot_add_span (plot, 4, 6, "");
  g_assert_cmpuint (mf_plot_get_n_spans (plot), ==, 1);
  marked = render (plot);
  a = mf_plot_get_data_area (plot);
  xa = mf_plot_get_axis (plot, MF_PLOT_AXIS_X);
  p0 = mf_plot_axis_to_pixel (xa, 4);
  p1 = mf_plot_axis_to_pixel (xa, 6);
  /* rows away from the curve and the frame, where only the hatching differs */
  for (int y = (int) a.y + 4; y < (int) (a.y + a.height) - 4; y += 3)
    for (int x = (int) a.x + 2; x < (int) (a.x + a.width) - 2; x++)
      {
        gboolean differs = pixel (plain, x, y) != pixel (marked, x, y);

        if (x > p0 + 1 && x < p1 - 1)
          changed_inside += differs;
        else if (x < p0 - 1 || x > p1 + 1)
          changed_outside += differs;
      }
  g_assert_cmpuint (changed_inside, >, 0);
  g_assert_cmpuint (changed_outside, ==, 0);
  mf_plot_clear_spans (plot);
  g_assert_cmpuint (mf_plot_get_n_spans (plot), ==, 0);
  cairo_surface_destroy (plain);
  cairo_surface_destroy (marked);
}

static double
pixel_luminance (guint32 p)
{
  return (0.2126 * ((p >> 16) & 0xff) + 0.7152 * ((p >> 8) & 0xff) + 0.0722 * (p & 0xff))
         / 255.0;
}

static void
test_dark_style (void)
{
  g_autoptr (MfPlot) plot = plot_with_series (2);
  cairo_surface_t *light, *dark;
  MfPlotRect a;

  light = render (plot);
  mf_plot_set_style (plot, mf_plot_style_dark ());
  dark = render (plot);
  a = mf_plot_get_data_area (plot);
  /* the corner outside the data area and a point of the data area between grid lines */
  g_assert_cmpfloat (pixel_luminance (pixel (light, 1, 1)), >, 0.9);
  g_assert_cmpfloat (pixel_luminance (pixel (dark, 1, 1)), <, 0.15);
  g_assert_cmpfloat (pixel_luminance (pixel (dark, (int) a.x + 3, (int) a.y + 3)), <, 0.2);
  /* a series with no colour of its own takes the dark palette's */
  g_assert_true (mf_plot_series_get_color (mf_plot_get_series (plot, 0)).red
                 == mf_plot_style_dark ()->palette[0].red);
  cairo_surface_destroy (light);
  cairo_surface_destroy (dark);
}

static void
test_palette_contrast (void)
{
  const MfPlotStyle *styles[] = { mf_plot_style_light (), mf_plot_style_dark () };

  for (guint k = 0; k < G_N_ELEMENTS (styles); k++)
    {
      const MfPlotStyle *st = styles[k];

      /* WCAG's 3:1 for graphics, 4.5:1 for text */
      for (guint i = 0; i < MF_PLOT_STYLE_N_COLORS; i++)
        g_assert_cmpfloat (mf_plot_color_contrast (st->palette[i], st->background), >=, 3.0);
      g_assert_cmpfloat (mf_plot_color_contrast (st->foreground, st->background), >=, 4.5);
      g_assert_cmpfloat (mf_plot_color_contrast (st->foreground, st->legend_background), >=,
                         4.5);
      g_assert_cmpfloat (mf_plot_color_contrast (st->span, st->background), >=, 3.0);
    }
  /* the formula's ends */
  g_assert_cmpfloat_with_epsilon (mf_plot_color_contrast ((MfPlotColor) { 0, 0, 0 },
                                                          (MfPlotColor) { 1, 1, 1 }),
                                  21, 1e-9);
}

/* Each pattern its own, solid with none; where the band of a dense curve
 * leaves its gaps, by hand: dash-dot is on 8, off 3, on 2, off 3. */
static void
test_dash_patterns (void)
{
  for (guint a = 0; a < MF_PLOT_N_DASHES; a++)
    {
      int na;
      const double *pa = mf_plot_dash_pattern (a, &na);

      g_assert_cmpint (na, ==, a == MF_PLOT_DASH_SOLID ? 0 : (int) (na / 2) * 2);
      for (guint b = 0; b < a; b++)
        {
          int nb;
          const double *pb = mf_plot_dash_pattern (b, &nb);

          g_assert_false (na == nb && (na == 0 || memcmp (pa, pb, na * sizeof (double)) == 0));
        }
    }
  g_assert_true (mf_plot_dash_is_on (MF_PLOT_DASH_SOLID, 1e6));
  g_assert_true (mf_plot_dash_is_on (MF_PLOT_DASH_DASH_DOT, 7.9));
  g_assert_false (mf_plot_dash_is_on (MF_PLOT_DASH_DASH_DOT, 8.5));
  g_assert_true (mf_plot_dash_is_on (MF_PLOT_DASH_DASH_DOT, 11.5));
  g_assert_false (mf_plot_dash_is_on (MF_PLOT_DASH_DASH_DOT, 14));
  g_assert_true (mf_plot_dash_is_on (MF_PLOT_DASH_DASH_DOT, 16 + 1));
  g_assert_false (mf_plot_dash_is_on (MF_PLOT_DASH_DASHED, -7));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/plot/legend/hit", test_legend_hit);
  g_test_add_func ("/plot/series/value-at", test_value_at);
  g_test_add_func ("/plot/series/value-at-large", test_value_at_large);
  g_test_add_func ("/plot/series/bounds", test_bounds);
  g_test_add_func ("/plot/span/pixels", test_span_pixels);
  g_test_add_func ("/plot/style/dark", test_dark_style);
  g_test_add_func ("/plot/style/dash-patterns", test_dash_patterns);
  g_test_add_func ("/plot/style/palette-contrast", test_palette_contrast);
  return g_test_run ();
}
