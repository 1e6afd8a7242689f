/* test-plot-axes.c: the plot library's y axes and legend under the
 * pressure of real results, without a display — one y axis per unit
 * (mf-plot-unit-axes.c), a fit a blown-up run does not flatten, and a
 * legend that never vanishes (mf-plot-legend.c).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>

#include "mf-plot.h"

static void
draw (MfPlot *plot, double width, double height)
{
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) width,
                                                   (int) height);
  cairo_t *cr = cairo_create (s);

  mf_plot_draw (plot, cr, width, height);
  cairo_destroy (cr);
  cairo_surface_destroy (s);
}

static MfPlotSeries *
ramp (MfPlot *plot, const char *name, const char *unit, double top)
{
  MfPlotSeries *s = mf_plot_add_series (plot, name);

  /* y = top · t over t in [0, 1] */
  for (int i = 0; i <= 100; i++)
    mf_plot_series_append (s, i * 0.01, top * i * 0.01);
  mf_plot_series_set_unit (s, unit);
  return s;
}

/* A piston's speed in mm/s up to 400, its stroke in mm up to 50 and an
 * orifice's flow in L/min up to 2: three axes, each fitted to its own
 * series — the flow's axis ends at 2 (the ticks' step is 0.5 or less, so
 * the outer tick is below 3), not at 400 where the flow lay flat. */
static void
test_axis_per_unit (void)
{
  g_autoptr (MfPlot) plot = mf_plot_new ();
  MfPlotSeries *v = ramp (plot, "C1.v", "mm/s", 400);
  MfPlotSeries *x = ramp (plot, "C1.x", "mm", 50);
  MfPlotSeries *q = ramp (plot, "O1.q", "L/min", 2);
  MfPlotSeries *v2 = ramp (plot, "P1.v", "mm/s", 100);
  const MfPlotAxis *av, *ax, *aq;
  MfPlotRect one_axis;

  draw (plot, 800, 300);
  g_assert_cmpuint (mf_plot_get_n_y_axes (plot), ==, 3);
  av = mf_plot_get_series_axis (plot, v);
  ax = mf_plot_get_series_axis (plot, x);
  aq = mf_plot_get_series_axis (plot, q);
  g_assert_true (av == mf_plot_get_axis (plot, MF_PLOT_AXIS_Y));
  g_assert_true (mf_plot_get_series_axis (plot, v2) == av);
  g_assert_true (ax != av && aq != av && aq != ax);
  g_assert_cmpstr (ax->unit, ==, "mm");
  g_assert_cmpstr (aq->unit, ==, "L/min");
  g_assert_cmpfloat (av->ticks.hi, >=, 400);
  g_assert_cmpfloat (ax->ticks.hi, >=, 50);
  g_assert_cmpfloat (ax->ticks.hi, <, 100);
  g_assert_cmpfloat (aq->ticks.hi, >=, 2);
  g_assert_cmpfloat (aq->ticks.hi, <, 3);
  /* the further axes stand right of the data area, which gives them room */
  one_axis = mf_plot_get_data_area (plot);
  mf_plot_series_set_visible (x, FALSE);
  mf_plot_series_set_visible (q, FALSE);
  draw (plot, 800, 300);
  g_assert_cmpuint (mf_plot_get_n_y_axes (plot), ==, 1);
  g_assert_cmpfloat (mf_plot_get_data_area (plot).width, >, one_axis.width + 40);

  /* an axis with a unit of its own takes that unit's series, whatever
   * comes first */
  mf_plot_series_set_visible (q, TRUE);
  mf_plot_set_axis_title (plot, MF_PLOT_AXIS_Y, "flow", "L/min");
  draw (plot, 800, 300);
  g_assert_true (mf_plot_get_series_axis (plot, q) == mf_plot_get_axis (plot, MF_PLOT_AXIS_Y));
  g_assert_cmpstr (mf_plot_get_series_axis (plot, v)->unit, ==, "mm/s");
}

/* A run that blew up (1e151 at its end) beside a good one (up to 1): the
 * axis fits the good run (its outer tick at 1, ticks of 0.2), and the
 * failed run is marked off scale.  Alone, the failed run is fitted
 * whole. */
static void
test_blown_up_run (void)
{
  g_autoptr (MfPlot) plot = mf_plot_new ();
  MfPlotSeries *good = ramp (plot, "C1.v", "mm/s", 1);
  MfPlotSeries *bad = mf_plot_add_series (plot, "C1.v (Run 2)");
  const MfPlotAxis *y = mf_plot_get_axis (plot, MF_PLOT_AXIS_Y);

  for (int i = 0; i <= 100; i++)
    mf_plot_series_append (bad, i * 0.01, i < 90 ? i * 0.01 : pow (10, 151 * (i - 89) / 11.0));
  mf_plot_series_set_unit (bad, "mm/s");
  mf_plot_series_set_fits_range (bad, FALSE);
  draw (plot, 640, 400);
  g_assert_cmpfloat (y->ticks.hi, >=, 1);
  g_assert_cmpfloat (y->ticks.hi, <, 2);
  g_assert_true (mf_plot_series_get_off_scale (bad));
  g_assert_false (mf_plot_series_get_off_scale (good));

  mf_plot_series_set_visible (good, FALSE);
  draw (plot, 640, 400);
  g_assert_cmpfloat (y->ticks.hi, >=, 1e151);
  g_assert_false (mf_plot_series_get_off_scale (bad));
}

/* Three runs of four quantities (twelve entries, 15 units high each) do
 * not fit one column of a pane 180 high: the legend goes into columns
 * rather than away, and a click on an entry of the second column finds
 * it.  Forty entries in a small plot: as many as fit, and the rest
 * counted. */
static void
test_legend_wraps (void)
{
  g_autoptr (MfPlot) plot = mf_plot_new ();
  MfPlotRect legend, area;
  int hit = -1;

  for (guint run = 0; run < 3; run++)
    for (guint q = 0; q < 4; q++)
      {
        g_autofree char *name = g_strdup_printf ("P%u.v (Run %u)", q + 1, run + 1);

        ramp (plot, name, "mm/s", q + 1.0);
      }
  draw (plot, 900, 180);
  legend = mf_plot_get_legend_area (plot);
  area = mf_plot_get_data_area (plot);
  g_assert_cmpfloat (legend.width, >, 0);
  g_assert_cmpfloat (legend.height, <=, area.height);
  g_assert_cmpfloat (legend.width, <=, area.width);
  /* the last entry is in a column right of the first */
  for (double x = legend.x + legend.width - 2; x > legend.x + legend.width / 2 && hit < 0;
       x -= 5)
    for (double y = legend.y; y < legend.y + legend.height && hit != 11; y += 2)
      hit = mf_plot_legend_hit (plot, x, y) == 11 ? 11 : hit;
  g_assert_cmpint (hit, ==, 11);
  g_assert_cmpint (mf_plot_legend_hit (plot, legend.x + 8, legend.y + 8), ==, 0);

  for (guint i = 12; i < 40; i++)
    {
      g_autofree char *name = g_strdup_printf ("a rather long quantity name %u", i);

      ramp (plot, name, "mm/s", 1);
    }
  draw (plot, 300, 120);
  legend = mf_plot_get_legend_area (plot);
  area = mf_plot_get_data_area (plot);
  g_assert_cmpfloat (legend.width, >, 0);
  g_assert_cmpfloat (legend.width, <=, area.width);
}

/* Zooming the values zooms every y axis: a speed in mm/s up to 400 on the
 * main axis and a stroke in mm up to 50 on its own.  Shown 0 to 200 mm/s,
 * the lower half of the speeds' extent [0, 400], the stroke's axis shows
 * the lower half of [0, 50]: 0 to 25 mm; shown 100 to 300 mm/s (fractions
 * 0.25 and 0.75), 12.5 to 37.5 mm.  Before, the stroke's axis kept
 * fitting its whole data.  Without the follow flag it fits its data. */
static void
test_zoom_follows (void)
{
  g_autoptr (MfPlot) plot = mf_plot_new ();
  MfPlotSeries *x;
  const MfPlotAxis *ax;

  ramp (plot, "C1.v", "mm/s", 400);
  x = ramp (plot, "C1.x", "mm", 50);
  mf_plot_set_y_axes_follow (plot, TRUE);
  mf_plot_set_axis_range (plot, MF_PLOT_AXIS_Y, 0, 200);
  draw (plot, 800, 300);
  ax = mf_plot_get_series_axis (plot, x);
  g_assert_true (ax != mf_plot_get_axis (plot, MF_PLOT_AXIS_Y));
  g_assert_cmpfloat_with_epsilon (ax->ticks.lo, 0, 1e-9);
  g_assert_cmpfloat_with_epsilon (ax->ticks.hi, 25, 1e-9);

  mf_plot_set_axis_range (plot, MF_PLOT_AXIS_Y, 100, 300);
  draw (plot, 800, 300);
  ax = mf_plot_get_series_axis (plot, x);
  g_assert_cmpfloat_with_epsilon (ax->ticks.lo, 12.5, 1e-9);
  g_assert_cmpfloat_with_epsilon (ax->ticks.hi, 37.5, 1e-9);

  /* not zoomed: the stroke's axis fits its data again */
  mf_plot_set_y_axes_follow (plot, FALSE);
  draw (plot, 800, 300);
  ax = mf_plot_get_series_axis (plot, x);
  g_assert_cmpfloat (ax->ticks.lo, <=, 0);
  g_assert_cmpfloat (ax->ticks.hi, >=, 50);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/plot/axes/zoom-follows", test_zoom_follows);
  g_test_add_func ("/plot/axes/per-unit", test_axis_per_unit);
  g_test_add_func ("/plot/axes/blown-up-run", test_blown_up_run);
  g_test_add_func ("/plot/legend/wraps", test_legend_wraps);
  return g_test_run ();
}
