/* test-stiffness-window.c: the stability plot in a window
 * (src/app/stiffness/mf-stability-plot.c) — points outside the region at
 * 1.01 times the largest stable step are marked and none at 0.99 times,
 * the method changes the region and what lies outside it, the wheel zooms
 * about the pointer and a double click fits again — and the Stiffness
 * window (mf-stiffness-window*.c) opened by win.stiffness on the stiff
 * two-mass oscillator: its eigenvalues in the modes table, the document's
 * method and its largest stable step, explicit Euler's points marked
 * across its limit, the method drop-down changing the region, a time of a
 * run, a circuit that does not assemble as a message.  Saves the window
 * as <builddir>/tests/stiffness/NAME.png.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <adwaita.h>
#include <math.h>
#include <string.h>

#include "mf-application.h"
#include "mf-method.h"
#include "mf-sim-panel.h"
#include "mf-stability-plot.h"
#include "mf-stiffness-window.h"
#include "mf-test-edit.h"
#include "mf-test-stiffness-window.h"
#include "mf-test-widgets.h"
#include "mf-window.h"

static MfApplication *application;

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
                                                GTK_TYPE_EVENT_CONTROLLER_SCROLL, 0);
  GtkEventController *click = find_controller (GTK_WIDGET (f->plot), GTK_TYPE_GESTURE_CLICK, 0);
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

/* ---- the window ---- */

typedef struct
{
  MfWindow          *window;
  MfStiffnessWindow *stiffness;
} WindowFixture;

/* The main window with the example, and its Stiffness window opened by
 * win.stiffness. */
static void
window_set_up (WindowFixture *f, gconstpointer data)
{
  f->stiffness = open_stiffness_window (application, "two-mass-spring.manifold", &f->window);
}

static void
window_tear_down (WindowFixture *f, gconstpointer data)
{
  close_main_window (f->window);
}

/* The modes table holds the oscillator's two pairs; the plot the
 * document's method (msbdf) at its largest stable step. */
static void
test_window_shows_eigenvalues (WindowFixture *f, gconstpointer data)
{
  const MfStiffness *s = mf_stiffness_window_get_stiffness (f->stiffness);
  MfStiffnessModes *modes = mf_stiffness_window_get_modes (f->stiffness);
  MfStabilityPlot *plot = mf_stiffness_window_get_plot (f->stiffness);

  g_assert_null (mf_stiffness_window_get_message (f->stiffness));
  g_assert_nonnull (s);
  g_assert_cmpuint (s->n, ==, 4);
  g_assert_cmpfloat (fabs (s->eigenvalues[0].re + 4.16675), <, 1e-4);
  g_assert_cmpfloat (fabs (s->eigenvalues[0].im - 12247.4764), <, 1e-2);
  g_assert_cmpfloat (fabs (s->eigenvalues[2].re + 8.33325), <, 1e-4);
  g_assert_cmpfloat (fabs (s->eigenvalues[2].im - 39.96518), <, 1e-4);
  g_assert_cmpuint (mf_stiffness_modes_get_n_rows (modes), ==, 2);
  g_assert_cmpstr (mf_stiffness_modes_get_text (modes, 0, MF_STIFFNESS_MODES_EIGENVALUE), ==,
                   "-4.16675 ± 12247.5i");
  g_assert_cmpstr (mf_stiffness_modes_get_text (modes, 1, MF_STIFFNESS_MODES_EIGENVALUE), ==,
                   "-8.33325 ± 39.9652i");
  g_assert_cmpstr (mf_stiffness_modes_get_text (modes, 0, MF_STIFFNESS_MODES_DAMPING), ==,
                   "0.0003402");
  g_assert_nonnull (strstr (mf_stiffness_modes_get_text (modes, 0, MF_STIFFNESS_MODES_STATES),
                            "M2.v"));
  g_assert_cmpstr (mf_stability_plot_get_method (plot), ==, "msbdf");
  g_assert_cmpuint (mf_stability_plot_get_order (plot), ==, 5);
  g_assert_cmpfloat (fabs (mf_stability_plot_get_step (plot) / 5.835e-5 - 1), <, 1e-3);
  g_assert_cmpuint (mf_stability_plot_get_n_outside (plot), ==, 0);
  g_assert_nonnull (strstr (mf_stiffness_window_get_largest_text (f->stiffness), "msbdf"));
  g_assert_true (mf_stability_plot_get_log_scale (plot));
  save_window (GTK_WIDGET (f->stiffness), "two-mass-spring-msbdf");
}

/* The largest stable step of the region the window's plot draws, for the
 * eigenvalues the window found. */
static double
window_largest_step (MfStiffnessWindow *stiffness)
{
  const MfStiffness *s = mf_stiffness_window_get_stiffness (stiffness);
  MfStabilityPlot *plot = mf_stiffness_window_get_plot (stiffness);
  MfStabilityRegion region = mf_stability_plot_get_region (plot);
  g_autofree double complex *lambda = g_new0 (double complex, s->n);

  for (guint k = 0; k < s->n; k++)
    lambda[k] = s->eigenvalues[k].re + I * s->eigenvalues[k].im;
  return mf_stability_region_largest_step (&region, lambda, s->n);
}

/* Explicit Euler: nothing outside at 0.99 of its largest stable step, the
 * fast pair outside at 1.01. */
static void
test_window_marks_across_limit (WindowFixture *f, gconstpointer data)
{
  MfStabilityPlot *plot = mf_stiffness_window_get_plot (f->stiffness);
  const char *methods[] = { "euler", "rk4" };

  for (guint m = 0; m < G_N_ELEMENTS (methods); m++)
    {
      double h;
      g_autofree char *below = g_strdup_printf ("two-mass-spring-%s-0.99", methods[m]);
      g_autofree char *above = g_strdup_printf ("two-mass-spring-%s-1.01", methods[m]);

      mf_stiffness_window_set_method (f->stiffness, methods[m]);
      wait_until_shown (f->stiffness);
      h = window_largest_step (f->stiffness);
      /* a new method starts at its own largest stable step, every point in */
      g_assert_cmpfloat (fabs (mf_stability_plot_get_step (plot) / h - 1), <, 1e-12);
      g_assert_cmpuint (mf_stability_plot_get_n_outside (plot), ==, 0);
      g_assert_nonnull (strstr (mf_stiffness_window_get_largest_text (f->stiffness), methods[m]));
      mf_stiffness_window_set_step (f->stiffness, 0.99 * h);
      gtk_test_widget_wait_for_draw (GTK_WIDGET (f->stiffness));
      g_assert_cmpuint (mf_stability_plot_get_n_outside (plot), ==, 0);
      save_window (GTK_WIDGET (f->stiffness), below);
      mf_stiffness_window_set_step (f->stiffness, 1.01 * h);
      gtk_test_widget_wait_for_draw (GTK_WIDGET (f->stiffness));
      g_assert_cmpuint (mf_stability_plot_get_n_outside (plot), ==, 2);
      save_window (GTK_WIDGET (f->stiffness), above);
    }
}

/* The method drop-down: the first drop-down outside the what-if bar. */
static gboolean
is_method_dropdown (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_DROP_DOWN (widget) && gtk_widget_get_ancestor (widget, MF_TYPE_WHAT_IF) == NULL;
}

/* The drop-down's method is the plot's region: explicit Euler and
 * backward Euler differ at one step. */
static void
test_window_method_dropdown (WindowFixture *f, gconstpointer data)
{
  MfStabilityPlot *plot = mf_stiffness_window_get_plot (f->stiffness);
  GtkDropDown *dropdown = GTK_DROP_DOWN (find_matching (GTK_WIDGET (f->stiffness),
                                                        is_method_dropdown, NULL));
  guint n_methods, euler = 0, rk1imp = 0;
  const MfMethod *methods = mf_method_list (&n_methods);

  for (guint i = 0; i < n_methods; i++)
    {
      if (strcmp (methods[i].name, "euler") == 0)
        euler = i;
      if (strcmp (methods[i].name, "rk1imp") == 0)
        rk1imp = i;
    }
  gtk_drop_down_set_selected (dropdown, euler);
  wait_until_shown (f->stiffness);
  g_assert_cmpstr (mf_stability_plot_get_method (plot), ==, "euler");
  mf_stiffness_window_set_step (f->stiffness, 1e-5);
  g_assert_cmpuint (mf_stability_plot_get_n_outside (plot), ==, 2);
  gtk_drop_down_set_selected (dropdown, rk1imp);
  wait_until_shown (f->stiffness);
  g_assert_cmpstr (mf_stability_plot_get_method (plot), ==, "rk1imp");
  g_assert_true (mf_stability_plot_get_region (plot).method == mf_stability_for_method ("rk1imp"));
  /* A-stable along every ray: no largest step, at any h nothing outside */
  g_assert_nonnull (strstr (mf_stiffness_window_get_largest_text (f->stiffness),
                            "every fixed step"));
  mf_stiffness_window_set_step (f->stiffness, 1e-5);
  g_assert_cmpuint (mf_stability_plot_get_n_outside (plot), ==, 0);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (f->stiffness));
  save_window (GTK_WIDGET (f->stiffness), "two-mass-spring-rk1imp");
}

static void
on_run_ended (MfSimPanel *panel, MfSimStatus status, gboolean *ended)
{
  *ended = TRUE;
}

/* After a run, a time of it: the sample nearest to it, in its mode. */
static void
test_window_run_time (WindowFixture *f, gconstpointer data)
{
  MfSimPanel *panel = MF_SIM_PANEL (find_descendant (GTK_WIDGET (f->window), MF_TYPE_SIM_PANEL));
  MfRunRecord *record;
  gboolean ended = FALSE;
  const double *times;
  guint n;

  g_signal_connect (panel, "run-ended", G_CALLBACK (on_run_ended), &ended);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.run", NULL);
  while (!ended)
    g_main_context_iteration (NULL, TRUE);
  g_signal_handlers_disconnect_by_data (panel, &ended);
  wait_until_shown (f->stiffness);
  record = mf_sim_panel_get_current_run (panel);
  n = mf_run_record_get_n_samples (record);
  times = mf_run_record_get_times (record);
  g_assert_cmpuint (n, >, 10);
  mf_stiffness_window_show_run_time (f->stiffness, 0.5);
  wait_until_shown (f->stiffness);
  g_assert_null (mf_stiffness_window_get_message (f->stiffness));
  g_assert_cmpfloat (fabs (mf_stiffness_window_get_stiffness (f->stiffness)->t - 0.5), <=,
                     times[n - 1] / (n - 1));
  /* linear springs: the same modes at any time */
  g_assert_cmpuint (mf_stiffness_modes_get_n_rows (mf_stiffness_window_get_modes (f->stiffness)),
                    ==, 2);
  save_window (GTK_WIDGET (f->stiffness), "two-mass-spring-run-time");

  /* the run's own step there: its method (msbdf), the order it had and h */
  {
    const MfStepEntry *entry = mf_step_record_step_at (mf_run_record_get_steps (record),
                                                       mf_stiffness_window_get_stiffness (
                                                         f->stiffness)->t);
    GtkWidget *button = find_button_labelled (GTK_WIDGET (f->stiffness), "R_un’s Step");
    MfStabilityPlot *plot = mf_stiffness_window_get_plot (f->stiffness);

    g_assert_nonnull (entry);
    g_assert_nonnull (button);
    g_assert_true (gtk_widget_get_visible (button));
    mf_stiffness_window_set_method (f->stiffness, "rk4");
    g_signal_emit_by_name (button, "clicked");
    wait_until_shown (f->stiffness);
    g_assert_cmpstr (mf_stability_plot_get_method (plot), ==, "msbdf");
    g_assert_cmpfloat (mf_stability_plot_get_step (plot), ==, entry->h);
    g_assert_cmpuint (entry->order, >=, 1);
    g_assert_cmpuint (mf_stability_plot_get_order (plot), ==, entry->order);
  }

  /* a click on a plot's time axis, a quarter of the way along */
  {
    MfPlotView *view = mf_sim_panel_get_plot_view (panel, MF_SIM_PANEL_STATES);
    MfPlotRect a = mf_plot_view_get_data_area (view);
    GtkEventController *click = find_controller (GTK_WIDGET (view), GTK_TYPE_GESTURE_CLICK, 0);
    double t = mf_plot_range_from_fraction (mf_plot_view_get_x_range (view), 0.25);

    g_signal_emit_by_name (click, "pressed", 1, a.x + 0.25 * a.width, a.y + a.height + 8.0);
    wait_until_shown (f->stiffness);
    g_assert_cmpfloat (fabs (mf_stiffness_window_get_stiffness (f->stiffness)->t - t), <=,
                       times[n - 1] / (n - 1));
  }
  mf_stiffness_window_show_start (f->stiffness);
  wait_until_shown (f->stiffness);
  g_assert_cmpfloat (mf_stiffness_window_get_stiffness (f->stiffness)->t, ==, 0.0);
}

/* A circuit that does not assemble: its message in the window, no
 * results. */
static void
test_window_message (WindowFixture *f, gconstpointer data)
{
  const char *floating = "{ \"manifold\": 1, \"components\": ["
                         " {\"id\": \"K1\", \"type\": \"spring\", \"stiffness\": 1000},"
                         " {\"id\": \"G1\", \"type\": \"fixed\"},"
                         " {\"id\": \"M1\", \"type\": \"mass\", \"mass\": 1} ],"
                         " \"wires\": [[\"G1.m\", \"K1.a\"]] }";
  g_autoptr (MfEditDocument) document = document_from (floating);

  mf_window_set_document (f->window, document);
  wait_until_shown (f->stiffness);
  g_assert_null (mf_stiffness_window_get_stiffness (f->stiffness));
  g_assert_nonnull (mf_stiffness_window_get_message (f->stiffness));
  g_assert_nonnull (strstr (mf_stiffness_window_get_message (f->stiffness), "K1.b"));
  save_window (GTK_WIDGET (f->stiffness), "floating-message");
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
  application = mf_application_new (G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (application), NULL, NULL));
#define ADD_PLOT(path, func) \
  g_test_add ("/app/stiffness/plot/" path, PlotFixture, NULL, plot_set_up, func, plot_tear_down)
  ADD_PLOT ("marks-outside", test_marks_outside);
  ADD_PLOT ("method-changes-region", test_method_changes_region);
  ADD_PLOT ("zoom-and-fit", test_zoom_and_fit);
#undef ADD_PLOT
#define ADD_WINDOW(path, func)                                                                    \
  g_test_add ("/app/stiffness/window/" path, WindowFixture, NULL, window_set_up, func,            \
              window_tear_down)
  ADD_WINDOW ("shows-eigenvalues", test_window_shows_eigenvalues);
  ADD_WINDOW ("marks-across-limit", test_window_marks_across_limit);
  ADD_WINDOW ("method-dropdown", test_window_method_dropdown);
  ADD_WINDOW ("run-time", test_window_run_time);
  ADD_WINDOW ("message", test_window_message);
#undef ADD_WINDOW
  {
    int status = g_test_run ();

    g_object_unref (application);
    return status;
  }
}
