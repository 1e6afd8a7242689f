/* test-plot-layout-app.c: the plot layout in the window
 * (src/app/simulation/mf-sim-panel-layout.c, mf-xy-plots.c) — the default
 * views until the layout is first changed; a layout with an XY plot built
 * through the pane's API and a plot's menu, drawn from a run, saved,
 * closed and found again on open; a drop of an unknown name refused;
 * what the drag sources offer (mf-quantity-drag.c: the canvas's Ctrl+drag,
 * a structure panel's state name, a row of a plot's quantity list) and
 * that list (mf-quantity-picker.c) before any run, searched and clicked.
 * Needs a display (Xvfb).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>
#include <string.h>

#include "mf-application.h"
#include "mf-canvas.h"
#include "mf-quantity-drag.h"
#include "mf-quantity-picker.h"
#include "mf-sim-panel-private.h"
#include "mf-test-widgets.h"
#include "mf-window.h"

static MfApplication *application;

typedef struct
{
  MfWindow   *window;
  MfSimPanel *panel;
  guint       ended;
} Fixture;

static void
on_run_ended (MfSimPanel *panel, MfSimStatus status, Fixture *f)
{
  f->ended++;
}

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  f->window = mf_window_new (application);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1600, 1000);
  f->panel = MF_SIM_PANEL (find_descendant (GTK_WIDGET (f->window), MF_TYPE_SIM_PANEL));
  g_assert_nonnull (f->panel);
  g_signal_connect (f->panel, "run-ended", G_CALLBACK (on_run_ended), f);
  gtk_window_present (GTK_WINDOW (f->window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (f->window));
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_signal_handlers_disconnect_by_data (f->panel, f);
  gtk_window_destroy (GTK_WINDOW (f->window));
  spin ();
}

/* Opens `file` in the window as a new document, as Open does. */
static MfEditDocument *
open_file (Fixture *f, GFile *file)
{
  g_autoptr (MfEditDocument) document = mf_edit_document_new ();
  g_autoptr (GError) error = NULL;

  g_assert_true (mf_edit_document_load_file (document, file, &error));
  g_assert_no_error (error);
  mf_window_set_document (f->window, document);
  spin ();
  return document;
}

static void
run_to_end (Fixture *f)
{
  guint ended = f->ended;

  mf_sim_panel_run (f->panel);
  while (f->ended == ended)
    g_main_context_iteration (NULL, TRUE);
  spin ();
}

static void
test_xy_layout_saved (Fixture *f, gconstpointer data)
{
  g_autofree char *example = g_build_filename (g_getenv ("MANIFOLD_EXAMPLES"),
                                               "pump-relief-valve.manifold", NULL);
  g_autofree char *dir = g_dir_make_tmp ("mf-plot-layout-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "relief.manifold", NULL);
  g_autoptr (GFile) source = g_file_new_for_path (example);
  g_autoptr (GFile) target = g_file_new_for_path (path);
  g_autoptr (MfPlotList) layout = NULL;
  g_autoptr (MfPlotList) saved = NULL;
  g_autoptr (MfPlotList) reopened = NULL;
  g_autoptr (GError) error = NULL;
  MfEditDocument *document = open_file (f, source);
  MfRunRecord *run;
  MfPlotView *xy_view;
  MfPlot *xy_plot;
  MfPlotSeries *series;

  /* the example has no "plots": the default views, as a layout of three */
  g_assert_null (mf_edit_document_get_plot_list (document));
  g_assert_cmpuint (mf_sim_panel_get_n_layout_views (f->panel), ==, 0);
  layout = mf_sim_panel_get_layout (f->panel);
  g_assert_cmpuint (layout->len, ==, 3);
  g_assert_true (((MfPlotSpec *) layout->pdata[2])->log_y);
  run_to_end (f);
  run = mf_sim_panel_get_current_run (f->panel);
  g_assert_nonnull (run);

  /* an XY plot after the first: p over the relief valve's flow */
  g_ptr_array_insert (layout, 1, mf_plot_spec_new (MF_PLOT_KIND_XY));
  /* the σ view's weighted singular values, which only the app's runs
   * have, are names a layout may hold */
  g_assert_true (mf_plot_spec_has (layout->pdata[3], "solver.w_sigma_min"));
  g_assert_true (mf_sim_panel_set_layout (f->panel, layout, "Add XY plot", &error));
  g_assert_no_error (error);
  spin ();
  g_assert_true (mf_edit_document_get_modified (document));
  g_assert_cmpuint (mf_sim_panel_get_n_layout_views (f->panel), ==, 4);
  /* drops: the first name is the XY plot's x, the next its y */
  g_assert_true (mf_sim_panel_drop_quantity (f->panel, 1, "R1.q", &error));
  g_assert_true (mf_sim_panel_drop_quantity (f->panel, 1, "J1.p", &error));
  g_assert_no_error (error);
  spin ();
  /* the plot's menu: a log y axis, through the action the menu names */
  xy_view = mf_sim_panel_get_layout_view (f->panel, 1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (xy_view), "plot.log", "s", "y"));
  spin ();

  /* drawn from the run: one XY series with every sample, x in L/min */
  xy_view = mf_sim_panel_get_layout_view (f->panel, 1);
  xy_plot = mf_plot_view_get_plot (xy_view);
  g_assert_cmpuint (mf_plot_get_n_series (xy_plot), ==, 1);
  series = mf_plot_get_series (xy_plot, 0);
  g_assert_true (mf_plot_series_get_xy (series));
  g_assert_cmpstr (mf_plot_series_get_name (series), ==, "J1.p");
  g_assert_cmpuint (mf_plot_series_get_n_points (series), ==, mf_run_record_get_n_samples (run));
  g_assert_cmpstr (mf_plot_get_axis (xy_plot, MF_PLOT_AXIS_X)->unit, ==, "L/min");
  g_assert_true (mf_plot_view_get_log_y (xy_view));

  /* a name the circuit does not have is refused, with the closest one */
  g_assert_false (mf_sim_panel_drop_quantity (f->panel, 0, "J1.pp", &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "did you mean 'J1.p'?"));
  g_clear_error (&error);

  /* saved, closed, opened again: the same layout */
  saved = mf_sim_panel_get_layout (f->panel);
  g_assert_true (mf_edit_document_save (document, target, &error));
  g_assert_no_error (error);
  {
    /* closed: a new document in its place, as New does */
    g_autoptr (MfEditDocument) empty = mf_edit_document_new ();

    mf_window_set_document (f->window, empty);
    spin ();
    g_assert_cmpuint (mf_sim_panel_get_n_layout_views (f->panel), ==, 0);
  }
  document = open_file (f, target);
  reopened = mf_edit_document_get_plot_list (document);
  g_assert_nonnull (reopened);
  g_assert_true (mf_plot_list_equal (reopened, saved));
  g_assert_cmpuint (reopened->len, ==, 4);
  g_assert_cmpint (((MfPlotSpec *) reopened->pdata[1])->kind, ==, MF_PLOT_KIND_XY);
  g_assert_cmpstr (((MfPlotSpec *) reopened->pdata[1])->x, ==, "R1.q");
  g_assert_true (((MfPlotSpec *) reopened->pdata[1])->log_y);
  g_assert_cmpuint (mf_sim_panel_get_n_layout_views (f->panel), ==, 4);
  g_assert_true (mf_plot_view_get_log_y (mf_sim_panel_get_layout_view (f->panel, 1)));

  /* Default Plots removes the section: the default views again */
  g_assert_true (mf_sim_panel_set_layout (f->panel, NULL, "Default plots", NULL));
  spin ();
  g_assert_cmpuint (mf_sim_panel_get_n_layout_views (f->panel), ==, 0);
  g_assert_true (mf_edit_document_undo (document));
  spin ();
  g_assert_cmpuint (mf_sim_panel_get_n_layout_views (f->panel), ==, 4);

  g_unlink (path);
  g_rmdir (dir);
}


/* The name a drag of `provider` carries; NULL for none. */
static char *
dragged_name (GdkContentProvider *provider)
{
  GValue value = G_VALUE_INIT;
  g_autoptr (GError) error = NULL;
  char *name;

  if (provider == NULL)
    return NULL;
  g_value_init (&value, G_TYPE_STRING);
  g_assert_true (gdk_content_provider_get_value (provider, &value, &error));
  g_assert_no_error (error);
  name = g_value_dup_string (&value);
  g_value_unset (&value);
  g_object_unref (provider);
  return name;
}

/* What Ctrl+drag from the centre of component `id` offers. */
static char *
canvas_quantity (MfCanvas *canvas, const char *id)
{
  MfCanvasGeometry *geometry = mf_canvas_get_geometry (canvas);
  int index = mf_canvas_geometry_find_component (geometry, id);
  const MfCanvasComponent *c;
  MfViewTransform view;
  double x, y;
  g_autofree char *name = NULL;
  g_autofree char *carried = NULL;

  g_assert_cmpint (index, >=, 0);
  c = mf_canvas_geometry_get_component (geometry, (guint) index);
  mf_canvas_get_view (canvas, &view);
  mf_view_transform_to_widget (&view, c->x, c->y, &x, &y);
  name = mf_canvas_quantity_at (canvas, x, y);
  carried = dragged_name (mf_canvas_quantity_drag_content (canvas, x, y));
  /* the drag carries exactly what the pick names */
  g_assert_cmpstr (carried, ==, name);
  return g_steal_pointer (&name);
}

static void
test_drag_sources (Fixture *f, gconstpointer data)
{
  g_autofree char *example = g_build_filename (g_getenv ("MANIFOLD_EXAMPLES"),
                                               "piston-accumulator.manifold", NULL);
  g_autoptr (GFile) source = g_file_new_for_path (example);
  g_autoptr (MfPlotList) layout = NULL;
  g_autoptr (GError) error = NULL;
  MfCanvas *canvas = MF_CANVAS (find_descendant (GTK_WIDGET (f->window), MF_TYPE_CANVAS));
  GtkWidget *label = g_object_ref_sink (gtk_label_new ("C1.v"));
  MfQuantityPicker *picker;
  GtkMenuButton *button;
  GtkWidget *row;
  g_auto (GStrv) shown = NULL;
  g_autofree char *p1 = NULL, *c1 = NULL, *v1 = NULL, *k1 = NULL, *t2 = NULL;
  g_autofree char *from_row = NULL, *from_label = NULL, *relabelled = NULL;
  /* The piston accumulator's quantities with "c1" in their name, in the
   * model's order (docs/cli.md, "CSV"): the piston's velocity state C1.v,
   * its position state C1.x, its flow C1.q (a piston is a hydraulic
   * branch), then the pressure of the node of its rod and the tank T2,
   * named after its first port in document order, C1.rod (the cap's node
   * is named after the pipe's end P1.b, which comes first). */
  const char *const c1_names[] = { "C1.v", "C1.x", "C1.q", "C1.rod.p", NULL };
  const char *const c1_x[] = { "C1.x", NULL };

  g_assert_nonnull (canvas);
  open_file (f, source);

  /* the canvas: a piston offers its position, a pipe its flow, a volume
   * its node's pressure (the node is named after P1.b, its first port), a
   * tank its node's (C1.rod), a spring nothing */
  p1 = canvas_quantity (canvas, "P1");
  c1 = canvas_quantity (canvas, "C1");
  v1 = canvas_quantity (canvas, "V1");
  t2 = canvas_quantity (canvas, "T2");
  k1 = canvas_quantity (canvas, "K1");
  g_assert_cmpstr (p1, ==, "P1.q");
  g_assert_cmpstr (c1, ==, "C1.x");
  g_assert_cmpstr (v1, ==, "P1.b.p");
  g_assert_cmpstr (t2, ==, "C1.rod.p");
  g_assert_null (k1);

  /* a structure panel's state: the name its row shows when the drag
   * starts, which changes as the list view binds the row to other states */
  mf_quantity_drag_attach (label, NULL);
  from_label = dragged_name (mf_quantity_drag_widget_content (label));
  g_assert_cmpstr (from_label, ==, "C1.v");
  gtk_label_set_text (GTK_LABEL (label), "P1.v");
  relabelled = dragged_name (mf_quantity_drag_widget_content (label));
  g_assert_cmpstr (relabelled, ==, "P1.v");
  g_object_unref (label);

  /* the plot's list before any run: the circuit's quantities */
  layout = mf_sim_panel_get_layout (f->panel);
  g_assert_true (mf_sim_panel_set_layout (f->panel, layout, "Lay out plots", &error));
  g_assert_no_error (error);
  spin ();
  g_assert_null (mf_sim_panel_get_current_run (f->panel));
  button = mf_sim_panel_get_layout_add_button (f->panel, 0);
  picker = MF_QUANTITY_PICKER (gtk_menu_button_get_popover (button));
  gtk_menu_button_popup (button);
  while (mf_quantity_picker_get_row (picker, "C1.x") == NULL)
    g_main_context_iteration (NULL, TRUE);
  mf_quantity_picker_set_search (picker, "c1");
  shown = mf_quantity_picker_get_shown (picker);
  g_assert_cmpstrv (shown, c1_names);
  g_clear_pointer (&shown, g_strfreev);
  mf_quantity_picker_set_search (picker, "C1 X");
  shown = mf_quantity_picker_get_shown (picker);
  g_assert_cmpstrv (shown, c1_x);

  /* a row drags its name, and a click adds it to the plot */
  row = mf_quantity_picker_get_row (picker, "C1.x");
  from_row = dragged_name (mf_quantity_drag_widget_content (row));
  g_assert_cmpstr (from_row, ==, "C1.x");
  g_signal_emit_by_name (row, "activate");
  spin ();
  g_clear_pointer (&layout, g_ptr_array_unref);
  layout = mf_sim_panel_get_layout (f->panel);
  g_assert_true (mf_plot_spec_has (layout->pdata[0], "C1.x"));
  g_assert_false (mf_plot_spec_has (layout->pdata[1], "C1.x"));
}

int
main (int argc, char *argv[])
{
  g_autoptr (GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  if (!gtk_init_check ())
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }
  application = mf_application_new (G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (application), NULL, &error));
  g_assert_no_error (error);
  g_test_add ("/app/plot-layout/xy-saved", Fixture, NULL, fixture_set_up, test_xy_layout_saved,
              fixture_tear_down);
  g_test_add ("/app/plot-layout/drag-sources", Fixture, NULL, fixture_set_up,
              test_drag_sources, fixture_tear_down);
  status = g_test_run ();
  g_object_unref (application);
  return status;
}
