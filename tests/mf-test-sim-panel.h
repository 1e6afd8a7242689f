/* mf-test-sim-panel.h: what test-sim-panel.c and test-sim-plots.c share: the
 * application, a window with its simulation pane and canvas for each test,
 * a pipe between two tanks, loading a text, waiting for a run's end and
 * for the views to draw it, and what a view holds.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <math.h>
#include <string.h>

#include "mf-application.h"
#include "mf-canvas.h"
#include "mf-sim-panel-private.h"
#include "mf-structure-panel.h"
#include "mf-test-widgets.h"
#include "mf-window.h"

/* each test program's own, made in its main() */
static MfApplication *application;

/* A laminar pipe between two tanks; %s is the supply's pressure, %s the
 * simulation settings. */
#define PIPE_DOCUMENT \
  "{ \"manifold\": 1, \"title\": \"Pipe\",\n" \
  "  \"components\": [\n" \
  "    { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": %s, \"at\": [0, 0] },\n" \
  "    { \"id\": \"P1\", \"type\": \"pipe\", \"length\": 1, \"diameter\": 0.01," \
  " \"friction\": \"laminar\", \"at\": [100, 0] },\n" \
  "    { \"id\": \"T2\", \"type\": \"tank\", \"pressure\": 0, \"at\": [200, 0] } ],\n" \
  "  \"wires\": [ [\"T1.p\", \"P1.a\"], [\"P1.b\", \"T2.p\"] ],\n" \
  "  \"simulation\": %s }\n"

typedef struct
{
  MfWindow   *window;
  MfSimPanel *panel;
  MfCanvas   *canvas;
  guint       ended;
  MfSimStatus end_status;
} Fixture;

static inline void
on_run_ended (MfSimPanel  *panel,
              MfSimStatus  status,
              Fixture     *f)
{
  f->ended++;
  f->end_status = status;
}

static inline void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  f->window = mf_window_new (application);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1280, 800);
  f->panel = MF_SIM_PANEL (find_descendant (GTK_WIDGET (f->window), MF_TYPE_SIM_PANEL));
  f->canvas = MF_CANVAS (find_descendant (GTK_WIDGET (f->window), MF_TYPE_CANVAS));
  g_assert_nonnull (f->panel);
  g_assert_nonnull (f->canvas);
  g_signal_connect (f->panel, "run-ended", G_CALLBACK (on_run_ended), f);
  gtk_window_present (GTK_WINDOW (f->window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (f->window));
}

static inline void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_signal_handlers_disconnect_by_data (f->panel, f);
  gtk_window_destroy (GTK_WINDOW (f->window));
  spin ();
}

/* Frames go by until the run has ended (the worker is on its own thread:
 * the main loop blocks until something happens). */
static inline void
wait_for_end (Fixture *f)
{
  guint ended = f->ended;

  while (f->ended == ended)
    g_main_context_iteration (NULL, TRUE);
}

/* After a run's end the views draw its last samples in turn, one a frame:
 * the frames until every view has and follows the time axis again. */
static inline void
wait_for_views (Fixture *f)
{
  for (guint v = 0; v < MF_SIM_PANEL_N_VIEWS; v++)
    while (mf_plot_view_get_live (mf_sim_panel_get_plot_view (f->panel, v)))
      g_main_context_iteration (NULL, TRUE);
}

static inline void
load_text (Fixture    *f,
           const char *text)
{
  g_autoptr (MfEditDocument) document = mf_edit_document_new ();
  g_autoptr (GError) error = NULL;

  g_assert_true (mf_edit_document_load_data (document, text, -1, "test", &error));
  g_assert_no_error (error);
  mf_window_set_document (f->window, document);
  spin ();
}

/* Every series of `record` on view `view` holds each of its samples,
 * value for value in the units `units` shows (the window's settings are a
 * memory backend with the schema's defaults: practical units, bar, L/min,
 * mm); returns how many series there were. */
static inline guint
assert_view_holds_in (MfSimPanel   *panel,
                      guint         view,
                      MfRunRecord  *record,
                      MfUnitSystem  units)
{
  MfPlot *plot = mf_plot_view_get_plot (mf_sim_panel_get_plot_view (panel, view));
  guint n = mf_run_record_get_n_samples (record);
  const double *times = mf_run_record_get_times (record);
  guint checked = 0;

  for (guint s = 0; s < mf_plot_get_n_series (plot); s++)
    {
      MfPlotSeries *series = mf_plot_get_series (plot, s);
      const char *name = mf_plot_series_get_name (series);
      int column = mf_run_record_find_column (record, name);
      const double *values;
      const double *x = mf_plot_series_get_x (series);
      const double *y = mf_plot_series_get_y (series);

      double scale;

      g_assert_cmpint (column, >=, 0);
      values = mf_run_record_get_column (record, column);
      g_assert_cmpstr (mf_plot_series_get_unit (series), ==,
                       mf_display_unit (units, mf_run_record_get_column_unit (record, column),
                                        &scale));
      g_assert_cmpuint (mf_plot_series_get_n_points (series), ==, n);
      for (guint i = 0; i < n; i += MAX (n / 50, 1))
        {
          g_assert_cmpfloat (x[i], ==, times[i]);
          if (isfinite (values[i]))
            g_assert_cmpfloat (y[i], ==, scale * values[i]);
        }
      g_assert_cmpfloat (x[n - 1], ==, times[n - 1]);
      checked++;
    }
  return checked;
}

static inline guint
assert_view_holds (MfSimPanel  *panel,
                   guint        view,
                   MfRunRecord *record)
{
  return assert_view_holds_in (panel, view, record, MF_UNIT_SYSTEM_PRACTICAL);
}

static inline gboolean
plot_has_series (MfSimPanel *panel,
                 guint       view,
                 const char *name)
{
  MfPlot *plot = mf_plot_view_get_plot (mf_sim_panel_get_plot_view (panel, view));

  for (guint s = 0; s < mf_plot_get_n_series (plot); s++)
    if (g_strcmp0 (mf_plot_series_get_name (mf_plot_get_series (plot, s)), name) == 0)
      return TRUE;
  return FALSE;
}

static inline graphene_rect_t
bounds_in (GtkWidget *widget,
           MfWindow  *window)
{
  graphene_rect_t r;

  g_assert_true (gtk_widget_compute_bounds (widget, GTK_WIDGET (window), &r));
  return r;
}

static inline void
wait_for_layout (Fixture *f)
{
  gtk_widget_queue_draw (GTK_WIDGET (f->window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (f->window));
  spin ();
}
