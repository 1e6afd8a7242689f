/* test-plot-view.c: the plot view and the mode timeline in a window —
 * zooming about the pointer, the zoom box, reset, toggling series from the
 * legend, a click on the time axis, a time axis shared by two views, the
 * read-out, the dark style, a log axis with a strip under it, and the
 * timeline's bands.  The gestures are driven through the views'
 * own event controllers.  Saves plot-view.png into the build directory.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <adwaita.h>
#include <math.h>

#include "mf-mode-timeline.h"
#include "mf-plot-view.h"
#include "mf-test-widgets.h"

typedef struct
{
  GtkWidget      *window;
  MfPlotView     *views[2];
  MfModeTimeline *timeline;
  guint           toggled_index;
  gboolean        toggled_visible;
  guint           n_toggled;
} Fixture;

static void
fill (MfPlotView *view, double amplitude)
{
  MfPlot *plot = mf_plot_view_get_plot (view);
  MfPlotSeries *a = mf_plot_add_series (plot, "P1.v");
  MfPlotSeries *b = mf_plot_add_series (plot, "P2.v");

  mf_plot_set_axis_title (plot, MF_PLOT_AXIS_Y, "velocity", "m/s");
  for (int i = 0; i <= 2000; i++)
    {
      double t = i * 0.005;

      mf_plot_series_append (a, t, amplitude * sin (t));
      mf_plot_series_append (b, t, amplitude * 0.5 * cos (2 * t));
    }
  mf_plot_view_data_changed (view);
}

static void
series_toggled (MfPlotView *view, guint index, gboolean visible, Fixture *f)
{
  f->toggled_index = index;
  f->toggled_visible = visible;
  f->n_toggled++;
}

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), 720, 560);
  for (guint i = 0; i < 2; i++)
    {
      f->views[i] = MF_PLOT_VIEW (mf_plot_view_new ());
      gtk_box_append (GTK_BOX (box), GTK_WIDGET (f->views[i]));
      fill (f->views[i], i + 1);
    }
  mf_plot_view_set_x_range (f->views[1], mf_plot_view_get_x_range (f->views[0]));
  f->timeline = MF_MODE_TIMELINE (mf_mode_timeline_new ());
  mf_mode_timeline_set_x_range (f->timeline, mf_plot_view_get_x_range (f->views[0]));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (f->timeline));
  gtk_window_set_child (GTK_WINDOW (f->window), box);
  g_signal_connect (f->views[0], "series-toggled", G_CALLBACK (series_toggled), f);
  gtk_window_present (GTK_WINDOW (f->window));
  gtk_test_widget_wait_for_draw (f->window);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
}

static void
centre_of_data (MfPlotView *view, double fx, double fy, double *x, double *y)
{
  MfPlotRect a = mf_plot_view_get_data_area (view);

  *x = a.x + fx * a.width;
  *y = a.y + fy * a.height;
}

static void
test_scroll_zooms_about_pointer (Fixture *f, gconstpointer data)
{
  MfPlotView *view = f->views[0];
  MfPlotRange *x = mf_plot_view_get_x_range (view);
  GtkEventController *motion = find_controller (GTK_WIDGET (view),
                                                GTK_TYPE_EVENT_CONTROLLER_MOTION, 0);
  GtkEventController *scroll = find_controller (GTK_WIDGET (view),
                                                GTK_TYPE_EVENT_CONTROLLER_SCROLL, 0);
  double px, py, lo0, hi0, lo, hi, t0, t;
  gboolean handled = FALSE;

  mf_plot_range_get (x, &lo0, &hi0);
  centre_of_data (view, 0.3, 0.5, &px, &py);
  g_signal_emit_by_name (motion, "motion", px, py);
  g_assert_true (mf_plot_view_get_cursor_time (view, &t0));
  g_assert_cmpfloat_with_epsilon (t0, lo0 + 0.3 * (hi0 - lo0), (hi0 - lo0) * 1e-6);
  g_signal_emit_by_name (scroll, "scroll", 0.0, -2.0, &handled);
  g_assert_true (handled);
  mf_plot_range_get (x, &lo, &hi);
  g_assert_cmpfloat (hi - lo, <, 0.7 * (hi0 - lo0));
  /* the time under the pointer stays under it */
  g_assert_true (mf_plot_view_get_cursor_time (view, &t));
  g_assert_cmpfloat_with_epsilon (t, t0, (hi0 - lo0) * 1e-9);
  /* scrolling back out restores the width */
  g_signal_emit_by_name (scroll, "scroll", 0.0, 2.0, &handled);
  mf_plot_range_get (x, &lo, &hi);
  g_assert_cmpfloat_with_epsilon (hi - lo, hi0 - lo0, (hi0 - lo0) * 1e-9);
}

static void
time_clicked (MfPlotView *view, double t, double *clicked)
{
  *clicked = t;
}

/* A click under the data area is a click on the time axis, at the time
 * there; one in the data area is not. */
static void
test_time_axis_click (Fixture *f, gconstpointer data)
{
  MfPlotView *view = f->views[0];
  GtkEventController *click = find_controller (GTK_WIDGET (view), GTK_TYPE_GESTURE_CLICK, 0);
  MfPlotRect a = mf_plot_view_get_data_area (view);
  double clicked = NAN, px, py;

  g_signal_connect (view, "time-clicked", G_CALLBACK (time_clicked), &clicked);
  centre_of_data (view, 0.3, 0.5, &px, &py);
  g_signal_emit_by_name (click, "pressed", 1, px, py);
  g_assert_true (isnan (clicked));
  g_signal_emit_by_name (click, "pressed", 1, px, a.y + a.height + 8.0);
  g_assert_cmpfloat_with_epsilon (
    clicked, mf_plot_range_from_fraction (mf_plot_view_get_x_range (view), 0.3), 1e-9);
}

static void
test_box_zoom_and_reset (Fixture *f, gconstpointer data)
{
  MfPlotView *view = f->views[0];
  GtkEventController *drag = find_controller (GTK_WIDGET (view), GTK_TYPE_GESTURE_DRAG, 0);
  GtkEventController *click = find_controller (GTK_WIDGET (view), GTK_TYPE_GESTURE_CLICK, 0);
  MfPlotRange *x = mf_plot_view_get_x_range (view), *y = mf_plot_view_get_y_range (view);
  double x0, y0, x1, y1, t0, t1, v0, v1, lo, hi, ylo0, yhi0;

  mf_plot_range_get (y, &ylo0, &yhi0);
  centre_of_data (view, 0.2, 0.25, &x0, &y0);
  centre_of_data (view, 0.6, 0.75, &x1, &y1);
  t0 = mf_plot_range_from_fraction (x, 0.2);
  t1 = mf_plot_range_from_fraction (x, 0.6);
  v0 = mf_plot_range_from_fraction (y, 0.75);
  v1 = mf_plot_range_from_fraction (y, 0.25);
  g_signal_emit_by_name (drag, "drag-begin", x0, y0);
  g_signal_emit_by_name (drag, "drag-update", x1 - x0, y1 - y0);
  g_signal_emit_by_name (drag, "drag-end", x1 - x0, y1 - y0);
  mf_plot_range_get (x, &lo, &hi);
  g_assert_cmpfloat_with_epsilon (lo, t0, 1e-9);
  g_assert_cmpfloat_with_epsilon (hi, t1, 1e-9);
  mf_plot_range_get (y, &lo, &hi);
  g_assert_cmpfloat_with_epsilon (lo, v1, 1e-9);
  g_assert_cmpfloat_with_epsilon (hi, v0, 1e-9);

  /* a thin horizontal drag zooms time only */
  gtk_test_widget_wait_for_draw (f->window);
  centre_of_data (view, 0.5, 0.5, &x0, &y0);
  t0 = mf_plot_range_from_fraction (x, 0.5);
  t1 = mf_plot_range_from_fraction (x, 0.75);
  g_signal_emit_by_name (drag, "drag-begin", x0, y0);
  g_signal_emit_by_name (drag, "drag-end", mf_plot_view_get_data_area (view).width * 0.25, 2.0);
  mf_plot_range_get (x, &lo, &hi);
  g_assert_cmpfloat_with_epsilon (lo, t0, 1e-9);
  g_assert_cmpfloat_with_epsilon (hi, t1, 1e-9);
  mf_plot_range_get (y, &lo, &hi);
  g_assert_cmpfloat_with_epsilon (lo, v1, 1e-9);

  /* a double click in the data area resets both axes */
  g_signal_emit_by_name (click, "pressed", 2, x0, y0);
  g_assert_true (mf_plot_range_is_auto (x));
  g_assert_true (mf_plot_range_is_auto (y));
  mf_plot_range_get (y, &lo, &hi);
  g_assert_cmpfloat (lo, ==, ylo0);
  g_assert_cmpfloat (hi, ==, yhi0);
}

static void
test_keys (Fixture *f, gconstpointer data)
{
  MfPlotView *view = f->views[0];
  GtkWidget *w = GTK_WIDGET (view);
  MfPlotRange *x = mf_plot_view_get_x_range (view);
  MfPlotRect a = mf_plot_view_get_data_area (view);
  double lo0, hi0, lo, hi;
  gboolean handled = FALSE;

  mf_plot_range_zoom_to (x, 2, 4);
  gtk_test_widget_wait_for_draw (f->window);
  mf_plot_range_get (x, &lo0, &hi0);
  /* the keys: pan right by a tenth, Home resets */
  g_signal_emit_by_name (find_controller (w, GTK_TYPE_EVENT_CONTROLLER_KEY, 0), "key-pressed",
                         GDK_KEY_Right, 0, 0, &handled);
  g_assert_true (handled);
  mf_plot_range_get (x, &lo, &hi);
  g_assert_cmpfloat_with_epsilon (lo, lo0 + 0.2, 1e-9);
  g_signal_emit_by_name (find_controller (w, GTK_TYPE_EVENT_CONTROLLER_KEY, 0), "key-pressed",
                         GDK_KEY_Home, 0, 0, &handled);
  g_assert_true (mf_plot_range_is_auto (x));
  g_assert_cmpfloat (a.width, >, 0);
}

static void
test_legend_toggles (Fixture *f, gconstpointer data)
{
  MfPlotView *view = f->views[0];
  MfPlot *plot = mf_plot_view_get_plot (view);
  GtkEventController *click = find_controller (GTK_WIDGET (view), GTK_TYPE_GESTURE_CLICK, 0);
  MfPlotRect legend = mf_plot_get_legend_area (plot);
  double ex, ey;

  g_assert_cmpfloat (legend.width, >, 0);
  /* the second entry: below the middle of the box */
  ex = legend.x + legend.width / 2;
  ey = legend.y + legend.height * 0.7;
  g_assert_cmpint (mf_plot_legend_hit (plot, ex, ey), ==, 1);
  g_signal_emit_by_name (click, "pressed", 1, ex, ey);
  g_assert_cmpuint (f->n_toggled, ==, 1);
  g_assert_cmpuint (f->toggled_index, ==, 1);
  g_assert_false (f->toggled_visible);
  g_assert_false (mf_plot_series_get_visible (mf_plot_get_series (plot, 1)));
  g_assert_true (mf_plot_series_get_visible (mf_plot_get_series (plot, 0)));
  gtk_test_widget_wait_for_draw (f->window);
  g_signal_emit_by_name (click, "pressed", 1, ex, ey);
  g_assert_cmpuint (f->n_toggled, ==, 2);
  g_assert_true (f->toggled_visible);
  g_assert_true (mf_plot_series_get_visible (mf_plot_get_series (plot, 1)));
  /* a click beside the legend toggles nothing */
  g_signal_emit_by_name (click, "pressed", 1, legend.x - 5, ey);
  g_assert_cmpuint (f->n_toggled, ==, 2);
}

/* A legend too small for all its entries ends in "+N more": a click on it
 * opens a list of every series, whose checks hide and show them as the
 * legend does.  100 series of long names in a 720 × 280 view cannot all
 * have a place (40 still do). */
static void
test_legend_more (Fixture *f, gconstpointer data)
{
  MfPlotView *view = f->views[0];
  MfPlot *plot = mf_plot_view_get_plot (view);
  GtkEventController *click = find_controller (GTK_WIDGET (view), GTK_TYPE_GESTURE_CLICK, 0);
  MfPlotRect legend;
  GtkWidget *list, *check = NULL;
  double mx = -1, my = -1;
  guint n_checks = 0;

  for (guint i = 2; i < 100; i++)
    {
      g_autofree char *name = g_strdup_printf ("a rather long quantity name %u", i);
      MfPlotSeries *s = mf_plot_add_series (plot, name);

      mf_plot_series_append (s, 0, i);
      mf_plot_series_append (s, 1, i);
    }
  mf_plot_view_data_changed (view);
  gtk_widget_queue_draw (GTK_WIDGET (view));
  gtk_test_widget_wait_for_draw (f->window);
  legend = mf_plot_get_legend_area (plot);
  g_assert_cmpfloat (legend.width, >, 0);
  for (double y = legend.y; y < legend.y + legend.height && mx < 0; y += 1)
    for (double x = legend.x; x < legend.x + legend.width && mx < 0; x += 2)
      if (mf_plot_legend_hit (plot, x, y) == MF_PLOT_LEGEND_MORE)
        {
          mx = x;
          my = y;
        }
  g_assert_cmpfloat (mx, >=, 0);
  g_assert_null (mf_plot_view_get_series_list (view));
  g_signal_emit_by_name (click, "pressed", 1, mx, my);
  /* a click on "+N more" toggles nothing itself */
  g_assert_cmpuint (f->n_toggled, ==, 0);
  list = mf_plot_view_get_series_list (view);
  g_assert_nonnull (list);
  for (GtkWidget *w = list; w != NULL;)
    {
      GtkWidget *next = gtk_widget_get_first_child (w);

      if (GTK_IS_CHECK_BUTTON (w))
        {
          n_checks++;
          if (n_checks == 39)
            check = w;
        }
      /* depth first: a child, else the next sibling up the tree */
      while (next == NULL && w != list)
        {
          next = gtk_widget_get_next_sibling (w);
          if (next == NULL)
            w = gtk_widget_get_parent (w);
        }
      w = next;
    }
  g_assert_cmpuint (n_checks, ==, 100);
  /* the 39th series (index 38) */
  g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (check)));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (check), FALSE);
  g_assert_cmpuint (f->n_toggled, ==, 1);
  g_assert_cmpuint (f->toggled_index, ==, 38);
  g_assert_false (mf_plot_series_get_visible (mf_plot_get_series (plot, 38)));
  gtk_popover_popdown (GTK_POPOVER (list));
  g_assert_null (mf_plot_view_get_series_list (view));
}

static void
test_shared_time_axis (Fixture *f, gconstpointer data)
{
  MfPlotRange *x = mf_plot_view_get_x_range (f->views[0]);
  GtkEventController *scroll = find_controller (GTK_WIDGET (f->views[1]),
                                                GTK_TYPE_EVENT_CONTROLLER_SCROLL, 0);
  const MfPlotAxis *axes[2];
  double lo, hi;
  gboolean handled;

  g_assert_true (mf_plot_view_get_x_range (f->views[1]) == x);
  g_assert_true (mf_mode_timeline_get_x_range (f->timeline) == x);
  /* zooming the second view (pointer outside: about the middle) moves the first */
  g_signal_emit_by_name (scroll, "scroll", 0.0, -1.0, &handled);
  g_assert_false (mf_plot_range_is_auto (x));
  gtk_test_widget_wait_for_draw (f->window);
  mf_plot_range_get (x, &lo, &hi);
  axes[0] = mf_plot_get_axis (mf_plot_view_get_plot (f->views[0]), MF_PLOT_AXIS_X);
  axes[1] = mf_plot_get_axis (mf_plot_view_get_plot (f->views[1]), MF_PLOT_AXIS_X);
  for (guint i = 0; i < 2; i++)
    {
      g_assert_cmpfloat_with_epsilon (axes[i]->ticks.lo, lo, 1e-9);
      g_assert_cmpfloat_with_epsilon (axes[i]->ticks.hi, hi, 1e-9);
    }
  /* the two stacked views' data areas start in the same column */
  g_assert_cmpfloat (mf_plot_view_get_data_area (f->views[0]).x, ==,
                     mf_plot_view_get_data_area (f->views[1]).x);
  /* the y axes stay apart: the second view has twice the amplitude */
  g_assert_true (mf_plot_view_get_y_range (f->views[0])
                 != mf_plot_view_get_y_range (f->views[1]));
}

static void
test_timeline_bands (Fixture *f, gconstpointer data)
{
  MfModeTimeline *tl = f->timeline;
  double t0, t1;

  mf_mode_timeline_set_mode_at (tl, 0, "all open");
  mf_mode_timeline_set_mode_at (tl, 1.5, "all open");
  mf_mode_timeline_set_mode_at (tl, 2, "V1 closed");
  mf_mode_timeline_add_event (tl, 2, "V1 closed");
  mf_mode_timeline_set_mode_at (tl, 5, "V1 closed");
  mf_mode_timeline_set_mode_at (tl, 6, "V1, V2 closed");
  mf_mode_timeline_add_event (tl, 6, "V2 closed");
  mf_mode_timeline_set_mode_at (tl, 10, "V1, V2 closed");
  g_assert_cmpuint (mf_mode_timeline_get_n_bands (tl), ==, 3);
  g_assert_cmpuint (mf_mode_timeline_get_n_events (tl), ==, 2);
  g_assert_cmpstr (mf_mode_timeline_get_band (tl, 0, &t0, &t1), ==, "all open");
  g_assert_cmpfloat (t0, ==, 0);
  g_assert_cmpfloat (t1, ==, 2);
  g_assert_cmpstr (mf_mode_timeline_get_band (tl, 1, &t0, &t1), ==, "V1 closed");
  g_assert_cmpfloat (t0, ==, 2);
  g_assert_cmpfloat (t1, ==, 6);
  g_assert_cmpstr (mf_mode_timeline_get_band (tl, 2, &t0, &t1), ==, "V1, V2 closed");
  g_assert_cmpfloat (t1, ==, 10);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (tl)), <=, 32);
  mf_mode_timeline_clear (tl);
  g_assert_cmpuint (mf_mode_timeline_get_n_bands (tl), ==, 0);
}

static void
save_png (GtkWidget *widget, const char *name)
{
  g_autoptr (GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr (GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr (GskRenderNode) node = NULL;
  g_autoptr (GdkTexture) texture = NULL;
  g_autofree char *path = g_build_filename (g_getenv ("G_TEST_BUILDDIR") != NULL
                                              ? g_getenv ("G_TEST_BUILDDIR") : ".",
                                            name, NULL);

  gdk_paintable_snapshot (paintable, snapshot, gtk_widget_get_width (widget),
                          gtk_widget_get_height (widget));
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)),
                                         node, NULL);
  g_assert_true (gdk_texture_save_to_png (texture, path));
}

static void
test_dark_style_and_readout (Fixture *f, gconstpointer data)
{
  AdwStyleManager *manager = adw_style_manager_get_default ();
  MfPlotView *view = f->views[0];
  GtkEventController *motion = find_controller (GTK_WIDGET (view),
                                                GTK_TYPE_EVENT_CONTROLLER_MOTION, 0);
  MfPlot *plot = mf_plot_view_get_plot (view);
  double px, py;

  g_assert_cmpfloat (mf_plot_get_style (plot)->background.red, >, 0.9);
  adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_FORCE_DARK);
  g_assert_cmpfloat (mf_plot_get_style (plot)->background.red, <, 0.2);
  mf_mode_timeline_set_mode_at (f->timeline, 0, "all open");
  mf_mode_timeline_set_mode_at (f->timeline, 4, "V1 closed");
  mf_mode_timeline_set_mode_at (f->timeline, 10, "V1 closed");
  mf_plot_add_span (plot, 6, 7, "SVD");
  mf_plot_view_data_changed (view);
  centre_of_data (view, 0.45, 0.4, &px, &py);
  g_signal_emit_by_name (motion, "motion", px, py);
  gtk_test_widget_wait_for_draw (f->window);
  save_png (f->window, "plot-view-dark.png");
  adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_FORCE_LIGHT);
  g_assert_cmpfloat (mf_plot_get_style (plot)->background.red, >, 0.9);
  gtk_test_widget_wait_for_draw (f->window);
  save_png (f->window, "plot-view-light.png");
  adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_DEFAULT);
}

/* A log y axis over step sizes, as the Steps plot has: ticks at decades,
 * labelled so that they read back, fitted to the data above but not to
 * the series in the strip, and zoomed in decades; the strip reads out
 * under the pointer too. */
static void
test_log_axis_and_strip (Fixture *f, gconstpointer data)
{
  MfPlotView *view = f->views[1];
  MfPlot *plot = mf_plot_view_get_plot (view);
  MfPlotRange *y_range = mf_plot_view_get_y_range (view);
  GtkEventController *motion = find_controller (GTK_WIDGET (view),
                                                GTK_TYPE_EVENT_CONTROLLER_MOTION, 0);
  MfPlotSeries *h, *order;
  const MfPlotAxis *y_axis;
  MfPlotRect strip;
  double lo, hi, zoomed_lo, zoomed_hi, t;
  char label[64];

  while (mf_plot_get_n_series (plot) > 0)
    mf_plot_remove_series (plot, mf_plot_get_series (plot, 0));
  h = mf_plot_add_series (plot, "h");
  order = mf_plot_add_series (plot, "order");
  mf_plot_series_set_in_strip (order, TRUE);
  mf_plot_set_axis_integer (plot, MF_PLOT_AXIS_STRIP, TRUE);
  mf_plot_set_axis_title (plot, MF_PLOT_AXIS_Y, "step h", "s");
  for (int i = 0; i <= 2000; i++)
    {
      /* from 1e-7 s to 1e-3 s */
      mf_plot_series_append (h, i * 0.005, pow (10, -7 + 4 * i / 2000.0));
      mf_plot_series_append (order, i * 0.005, 1 + i / 500);
    }
  mf_plot_view_set_log_y (view, TRUE);
  mf_plot_view_data_changed (view);
  gtk_test_widget_wait_for_draw (f->window);

  mf_plot_range_get_data_bounds (y_range, &lo, &hi);
  g_assert_cmpfloat_with_epsilon (lo, 1e-7, 1e-20);
  g_assert_cmpfloat_with_epsilon (hi, 1e-3, 1e-15);
  y_axis = mf_plot_get_axis (plot, MF_PLOT_AXIS_Y);
  g_assert_true (y_axis->ticks.log);
  g_assert_cmpuint (y_axis->ticks.n_major, >=, 4);
  for (guint i = 0; i < y_axis->ticks.n_major; i++)
    {
      double major = y_axis->ticks.major[i];

      g_assert_cmpfloat (fabs (log10 (major) - round (log10 (major))), <, 1e-9);
      mf_plot_ticks_label (&y_axis->ticks, major, label, sizeof label);
      g_assert_cmpfloat (g_ascii_strtod (label, NULL), ==, major);
    }
  mf_plot_ticks_label (&y_axis->ticks, 1e-5, label, sizeof label);
  g_assert_cmpstr (label, ==, "1e-5");

  /* the strip, with a time under the pointer */
  strip = mf_plot_get_strip_area (plot);
  g_assert_cmpfloat (strip.height, >, 0);
  g_signal_emit_by_name (motion, "motion", strip.x + strip.width / 2,
                         strip.y + strip.height / 2);
  g_assert_true (mf_plot_view_get_cursor_time (view, &t));
  g_assert_cmpfloat_with_epsilon (t, 5.0, 0.1);

  /* zooming in on y halves its decades, about the value given */
  mf_plot_range_get (y_range, &lo, &hi);
  mf_plot_range_zoom_at (y_range, 1e-5, 0.5);
  mf_plot_range_get (y_range, &zoomed_lo, &zoomed_hi);
  g_assert_cmpfloat (zoomed_lo, >, 0);
  g_assert_cmpfloat_with_epsilon (log10 (zoomed_hi / zoomed_lo), 0.5 * log10 (hi / lo), 1e-9);
  gtk_test_widget_wait_for_draw (f->window);
  save_png (f->window, "plot-view-log.png");
}

/* Live views on one time axis: new data in one view moves the axis but
 * leaves the other's plot as drawn until its turn (or the run's end);
 * a zoom by the user redraws both at once. */
static void
test_live_views_take_turns (Fixture *f, gconstpointer data)
{
  MfPlotRange *x = mf_plot_view_get_x_range (f->views[0]);
  MfPlotSeries *a = mf_plot_get_series (mf_plot_view_get_plot (f->views[0]), 0);
  const MfPlotAxis *axis = mf_plot_get_axis (mf_plot_view_get_plot (f->views[1]), MF_PLOT_AXIS_X);
  double lo, hi, drawn_hi;

  for (guint i = 0; i < 2; i++)
    mf_plot_view_set_live (f->views[i], TRUE);
  g_assert_true (mf_plot_view_get_live (f->views[0]));
  drawn_hi = axis->ticks.hi;

  /* the first view's data grows to t = 20: the axis moves, the second
   * view keeps what it drew */
  mf_plot_series_append (a, 20.0, 0.5);
  mf_plot_view_data_changed (f->views[0]);
  mf_plot_range_get (x, &lo, &hi);
  g_assert_cmpfloat (hi, >=, 20.0);
  g_assert_false (mf_plot_view_get_behind (f->views[0]));
  g_assert_true (mf_plot_view_get_behind (f->views[1]));
  gtk_test_widget_wait_for_draw (f->window);
  g_assert_cmpfloat (axis->ticks.hi, ==, drawn_hi);

  /* its own turn brings it up to date */
  mf_plot_view_data_changed (f->views[1]);
  g_assert_false (mf_plot_view_get_behind (f->views[1]));
  gtk_test_widget_wait_for_draw (f->window);
  g_assert_cmpfloat_with_epsilon (axis->ticks.hi, hi, 1e-9);

  /* so does the run's end (live off) */
  mf_plot_series_append (a, 30.0, 0.5);
  mf_plot_view_data_changed (f->views[0]);
  g_assert_true (mf_plot_view_get_behind (f->views[1]));
  mf_plot_view_set_live (f->views[1], FALSE);
  g_assert_false (mf_plot_view_get_behind (f->views[1]));
  gtk_test_widget_wait_for_draw (f->window);
  mf_plot_range_get (x, &lo, &hi);
  g_assert_cmpfloat_with_epsilon (axis->ticks.hi, hi, 1e-9);

  /* a zoom redraws a live view at once */
  mf_plot_view_set_live (f->views[1], TRUE);
  mf_plot_range_zoom_to (x, 1.0, 2.0);
  g_assert_false (mf_plot_view_get_behind (f->views[1]));
  gtk_test_widget_wait_for_draw (f->window);
  g_assert_cmpfloat_with_epsilon (axis->ticks.lo, 1.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (axis->ticks.hi, 2.0, 1e-9);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  if (!gtk_init_check ())
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }
  adw_init ();
#define ADD(path, func) \
  g_test_add ("/app/plot-view/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("scroll-zooms-about-pointer", test_scroll_zooms_about_pointer);
  ADD ("box-zoom-and-reset", test_box_zoom_and_reset);
  ADD ("time-axis-click", test_time_axis_click);
  ADD ("keys", test_keys);
  ADD ("legend-toggles", test_legend_toggles);
  ADD ("legend-more", test_legend_more);
  ADD ("shared-time-axis", test_shared_time_axis);
  ADD ("live-views-take-turns", test_live_views_take_turns);
  ADD ("timeline-bands", test_timeline_bands);
  ADD ("dark-style-and-readout", test_dark_style_and_readout);
  ADD ("log-axis-and-strip", test_log_axis_and_strip);
#undef ADD
  return g_test_run ();
}
