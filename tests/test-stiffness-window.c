/* test-stiffness-window.c: the stability plot in a window
 * (src/app/stiffness/mf-stability-plot.c) — points outside the region at
 * 1.01 times the largest stable step are marked and none at 0.99 times,
 * the method changes the region and what lies outside it, the wheel zooms
 * about the pointer and a double click fits again.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <adwaita.h>
#include <math.h>

#include "mf-stability-plot.h"

/* The stiff two-mass oscillator (docs/model.md, "Linearisation and
 * stiffness"). */
static const double complex oscillator[] = { -4.16675 + 12247.4764 * I, -4.16675 - 12247.4764 * I,
                                             -8.33325 + 39.96518 * I, -8.33325 - 39.96518 * I };
static const guint numbers[] = { 1, 0, 2, 0 };

typedef struct
{
  GtkWidget       *window;
  MfStabilityPlot *plot;
} PlotFixture;

static GtkEventController *
find_controller (GtkWidget *widget, GType type)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GtkEventController) c = g_list_model_get_item (controllers, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (c, type))
        return c; /* the widget keeps it alive */
    }
  g_assert_not_reached ();
}

static void
plot_set_up (PlotFixture *f, gconstpointer data)
{
  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), 800, 600);
  f->plot = MF_STABILITY_PLOT (mf_stability_plot_new ());
  gtk_window_set_child (GTK_WINDOW (f->window), GTK_WIDGET (f->plot));
  mf_stability_plot_set_eigenvalues (f->plot, oscillator, numbers, 4);
  mf_stability_plot_set_log_scale (f->plot, TRUE);
  gtk_window_present (GTK_WINDOW (f->window));
  gtk_test_widget_wait_for_draw (f->window);
}

static void
plot_tear_down (PlotFixture *f, gconstpointer data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
}

static double
largest_step (MfStabilityPlot *plot)
{
  MfStabilityRegion region = mf_stability_plot_get_region (plot);

  return mf_stability_region_largest_step (&region, oscillator, 4);
}

/* For explicit Euler, GSL's rk4 and BDF 4: nothing outside at 0.99 h_max,
 * the fast pair outside at 1.01 h_max. */
static void
test_marks_outside (PlotFixture *f, gconstpointer data)
{
  const char *methods[] = { "euler", "rk4", "msbdf" };

  mf_stability_plot_set_order (f->plot, 4);
  for (guint m = 0; m < G_N_ELEMENTS (methods); m++)
    {
      double h;

      g_assert_true (mf_stability_plot_set_method (f->plot, methods[m]));
      h = largest_step (f->plot);
      g_assert_true (isfinite (h) && h > 0.0);
      mf_stability_plot_set_step (f->plot, 0.99 * h);
      gtk_test_widget_wait_for_draw (f->window);
      g_assert_cmpuint (mf_stability_plot_get_n_outside (f->plot), ==, 0);
      mf_stability_plot_set_step (f->plot, 1.01 * h);
      gtk_test_widget_wait_for_draw (f->window);
      g_assert_cmpuint (mf_stability_plot_get_n_outside (f->plot), ==, 2);
      g_assert_true (mf_stability_plot_get_outside (f->plot, 0));
      g_assert_true (mf_stability_plot_get_outside (f->plot, 1));
      g_assert_false (mf_stability_plot_get_outside (f->plot, 2));
    }
  /* an unknown method changes nothing */
  g_assert_false (mf_stability_plot_set_method (f->plot, "rk5"));
  g_assert_cmpstr (mf_stability_plot_get_method (f->plot), ==, "msbdf");
}

/* At one step, explicit Euler leaves the fast pair out and rk4 keeps it;
 * the view fits the new region. */
static void
test_method_changes_region (PlotFixture *f, gconstpointer data)
{
  MfStabilityView euler_view, rk4_view;

  mf_stability_plot_set_step (f->plot, 1e-4);
  mf_stability_plot_set_method (f->plot, "euler");
  gtk_test_widget_wait_for_draw (f->window);
  euler_view = mf_stability_plot_get_view (f->plot);
  g_assert_cmpuint (mf_stability_plot_get_n_outside (f->plot), ==, 2);
  mf_stability_plot_set_method (f->plot, "rk4");
  gtk_test_widget_wait_for_draw (f->window);
  rk4_view = mf_stability_plot_get_view (f->plot);
  g_assert_cmpuint (mf_stability_plot_get_n_outside (f->plot), ==, 0);
  g_assert_true (mf_stability_plot_get_region (f->plot).method
                 == mf_stability_for_method ("rk4"));
  g_assert_cmpfloat (euler_view.u_lo, !=, rk4_view.u_lo);
}

/* The wheel zooms in, a double click fits again. */
static void
test_zoom_and_fit (PlotFixture *f, gconstpointer data)
{
  GtkEventController *scroll = find_controller (GTK_WIDGET (f->plot),
                                                GTK_TYPE_EVENT_CONTROLLER_SCROLL);
  GtkEventController *click = find_controller (GTK_WIDGET (f->plot), GTK_TYPE_GESTURE_CLICK);
  MfStabilityView before, zoomed, fitted;
  gboolean handled = FALSE;

  mf_stability_plot_set_method (f->plot, "rk4");
  gtk_test_widget_wait_for_draw (f->window);
  before = mf_stability_plot_get_view (f->plot);
  /* the first zoom takes the whole area as the view, the second shrinks it */
  g_signal_emit_by_name (scroll, "scroll", 0.0, -1.0, &handled);
  g_assert_true (handled);
  gtk_test_widget_wait_for_draw (f->window);
  zoomed = mf_stability_plot_get_view (f->plot);
  g_signal_emit_by_name (scroll, "scroll", 0.0, -3.0, &handled);
  gtk_test_widget_wait_for_draw (f->window);
  g_assert_cmpfloat_with_epsilon ((zoomed.u_hi - zoomed.u_lo)
                                    / (mf_stability_plot_get_view (f->plot).u_hi
                                       - mf_stability_plot_get_view (f->plot).u_lo),
                                  pow (1.25, 3), 1e-9);
  g_signal_emit_by_name (click, "pressed", 2, 100.0, 100.0);
  gtk_test_widget_wait_for_draw (f->window);
  fitted = mf_stability_plot_get_view (f->plot);
  g_assert_cmpfloat_with_epsilon (fitted.u_lo, before.u_lo, 1e-9);
  g_assert_cmpfloat_with_epsilon (fitted.v_hi, before.v_hi, 1e-9);
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
#define ADD_PLOT(path, func) \
  g_test_add ("/app/stiffness/plot/" path, PlotFixture, NULL, plot_set_up, func, plot_tear_down)
  ADD_PLOT ("marks-outside", test_marks_outside);
  ADD_PLOT ("method-changes-region", test_method_changes_region);
  ADD_PLOT ("zoom-and-fit", test_zoom_and_fit);
#undef ADD_PLOT
  return g_test_run ();
}
