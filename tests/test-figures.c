/* test-figures.c: figures for slides and presentation mode — the figure
 * scale (src/plot/mf-plot-export.c) by hand for 800 × 600 and 1600 × 1200,
 * a plot's layout in a figure twice the size being its layout at the
 * reference size scaled, so its text takes the same share; the stability
 * view and the eigenvalue plot written as PNG, SVG and PDF (their
 * signatures and sizes), a failed export leaving the old file; the
 * Stiffness window's hλ / λ toggle, its Export Figure… dialog and its
 * presentation mode (fullscreen asked, the CSS class, the plot alone,
 * Escape leaving); the main window's presentation views
 * (src/app/window/mf-window-presentation.c).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <adwaita.h>
#include <math.h>
#include <string.h>

#include "mf-canvas.h"
#include "mf-export-dialog.h"
#include "mf-export-plots.h"
#include "mf-plot-export.h"
#include "mf-presentation.h"
#include "mf-sim-panel.h"
#include "mf-stability-plot.h"
#include "mf-stiffness-window.h"
#include "mf-test-app.h"

/* The stiff two-mass oscillator (docs/model.md, "Linearisation and
 * stiffness"). */
static const double complex oscillator[] = { -4.16675 + 12247.4764 * I, -4.16675 - 12247.4764 * I,
                                             -8.33325 + 39.96518 * I, -8.33325 - 39.96518 * I };
static const guint numbers[] = { 1, 0, 2, 0 };

/* ---- the figure scale ---- */

static void
test_figure_scale (void)
{
  /* 800 / 500 = 1.6 and 600 / 375 = 1.6: the text of an 800 × 600 pt PDF
   * is 1.6 times the screen's, 11 pt → 17.6 pt */
  g_assert_cmpfloat_with_epsilon (mf_plot_figure_scale (800, 600), 1.6, 1e-12);
  /* a 1600 × 1200 px PNG: twice that, the same share of the picture */
  g_assert_cmpfloat_with_epsilon (mf_plot_figure_scale (1600, 1200), 3.2, 1e-12);
  /* the tighter side rules: 1200 / 500 = 2.4, 800 / 375 = 2.133… */
  g_assert_cmpfloat_with_epsilon (mf_plot_figure_scale (1200, 800), 800.0 / 375.0, 1e-12);
  /* never smaller than on screen */
  g_assert_cmpfloat (mf_plot_figure_scale (300, 200), ==, 1.0);
  /* the stability drawing's text in an 800 × 600 figure: laid out at
   * 500 × 375, where it is 375 / 34 px, times 1.6 = 600 / 34 = 17.65 */
  g_assert_cmpfloat_with_epsilon (mf_stability_drawing_font_size (500, 375)
                                    * mf_plot_figure_scale (800, 600),
                                  600.0 / 34.0, 1e-9);
}

static MfPlot *
sine_plot (void)
{
  MfPlot *plot = mf_plot_new ();
  MfPlotSeries *series = mf_plot_add_series (plot, "M1.x");

  mf_plot_set_title (plot, "States");
  mf_plot_set_axis_title (plot, MF_PLOT_AXIS_X, "time", "s");
  mf_plot_set_axis_title (plot, MF_PLOT_AXIS_Y, "position", "m");
  for (guint i = 0; i <= 200; i++)
    mf_plot_series_append (series, i * 0.01, sin (i * 0.05));
  return plot;
}

/* A plot drawn as a 1000 × 750 figure is laid out as on a 500 × 375
 * screen: its data area, whose margins are made of text, is the same in
 * the scaled units — the text grew with the picture.  Drawn plainly at
 * 1000 × 750, the margins would be those of screen text. */
static void
test_plot_figure_layout (void)
{
  MfPlot *plot = sine_plot ();
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 1000, 750);
  cairo_t *cr = cairo_create (surface);
  MfPlotRect small, figure, plain;

  mf_plot_draw (plot, cr, 500, 375);
  small = mf_plot_get_data_area (plot);
  mf_plot_draw_figure (plot, cr, 1000, 750);
  figure = mf_plot_get_data_area (plot);
  /* (edges are put on whole device pixels: half a unit at scale 2) */
  g_assert_cmpfloat_with_epsilon (figure.x, small.x, 0.75);
  g_assert_cmpfloat_with_epsilon (figure.width, small.width, 1.0);
  g_assert_cmpfloat_with_epsilon (figure.height, small.height, 1.0);
  mf_plot_draw (plot, cr, 1000, 750);
  plain = mf_plot_get_data_area (plot);
  /* the left margin in the picture: twice the screen's as a figure */
  g_assert_cmpfloat (2.0 * figure.x, >, plain.x + 10.0);
  /* presentation mode's text scale widens the margins the same way */
  mf_plot_set_text_scale (plot, 2.0);
  mf_plot_draw (plot, cr, 1000, 750);
  g_assert_cmpfloat (mf_plot_get_data_area (plot).x, >, plain.x + 10.0);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  mf_plot_free (plot);
}

/* ---- files ---- */

typedef struct
{
  GtkWidget       *window;
  MfStabilityPlot *plot;
  char            *dir;
} PlotFixture;

static void
plot_set_up (PlotFixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;

  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), 800, 600);
  f->plot = MF_STABILITY_PLOT (mf_stability_plot_new ());
  gtk_window_set_child (GTK_WINDOW (f->window), GTK_WIDGET (f->plot));
  mf_stability_plot_set_method (f->plot, "msbdf");
  mf_stability_plot_set_order (f->plot, 5);
  mf_stability_plot_set_eigenvalues (f->plot, oscillator, numbers, 4);
  mf_stability_plot_set_log_scale (f->plot, TRUE);
  mf_stability_plot_set_step (f->plot, 5e-5);
  gtk_window_present (GTK_WINDOW (f->window));
  gtk_test_widget_wait_for_draw (f->window);
  f->dir = g_dir_make_tmp ("manifold-figures-XXXXXX", &error);
  g_assert_no_error (error);
}

static void
plot_tear_down (PlotFixture *f, gconstpointer data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  remove_tree (f->dir);
  g_free (f->dir);
}

static char *
read_all (const char *path, gsize *length)
{
  g_autoptr (GError) error = NULL;
  char *contents = NULL;

  g_assert_true (g_file_get_contents (path, &contents, length, &error));
  g_assert_no_error (error);
  return contents;
}

static guint32
big_endian (const char *bytes)
{
  const guint8 *b = (const guint8 *) bytes;

  return (guint32) b[0] << 24 | (guint32) b[1] << 16 | (guint32) b[2] << 8 | b[3];
}

static gboolean
export_to (PlotFixture *f, MfPlotFigureFunc draw, const char *name, double width, double height,
           char **path, GError **error)
{
  MfPlotFigure figure = { draw, f->plot };
  g_autoptr (GFile) file = NULL;

  *path = g_build_filename (f->dir, name, NULL);
  file = g_file_new_for_path (*path);
  return mf_export_figures (&figure, 1, file, MF_PLOT_FORMAT_AUTO, width, height, error);
}

/* The stability view as a 1600 × 1200 px PNG, an 800 × 600 pt SVG and
 * PDF; the eigenvalue plot likewise. */
static void
test_export_formats (PlotFixture *f, gconstpointer data)
{
  static const MfPlotFigureFunc draws[] = { mf_stability_plot_draw_step_figure,
                                            mf_stability_plot_draw_eigenvalue_figure };

  for (guint i = 0; i < G_N_ELEMENTS (draws); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *png = NULL, *svg = NULL, *pdf = NULL;
      g_autofree char *png_data = NULL, *svg_data = NULL, *pdf_data = NULL;
      gsize length;

      g_assert_true (export_to (f, draws[i], "figure.png", 1600, 1200, &png, &error));
      g_assert_no_error (error);
      png_data = read_all (png, &length);
      g_assert_cmpuint (length, >, 24);
      g_assert_cmpmem (png_data, 8, "\x89PNG\r\n\x1a\n", 8);
      g_assert_cmpuint (big_endian (png_data + 16), ==, 1600); /* IHDR width */
      g_assert_cmpuint (big_endian (png_data + 20), ==, 1200); /* and height */

      g_assert_true (export_to (f, draws[i], "figure.svg", 800, 600, &svg, &error));
      g_assert_no_error (error);
      svg_data = read_all (svg, &length);
      g_assert_nonnull (strstr (svg_data, "<svg"));
      g_assert_nonnull (strstr (svg_data, "width=\"800pt\""));
      g_assert_nonnull (strstr (svg_data, "height=\"600pt\""));

      g_assert_true (export_to (f, draws[i], "figure.pdf", 800, 600, &pdf, &error));
      g_assert_no_error (error);
      pdf_data = read_all (pdf, &length);
      g_assert_cmpmem (pdf_data, 5, "%PDF-", 5);
      g_assert_true (contains_bytes (pdf_data, length, "/MediaBox [ 0 0 800 600 ]"));
    }
}

/* How many pixels of `small` (w × h) differ clearly from `large` (2w ×
 * 2h) scaled down to its size. */
static guint
pixels_differing (cairo_surface_t *small, cairo_surface_t *large, int w, int h)
{
  cairo_surface_t *scaled = cairo_image_surface_create (CAIRO_FORMAT_RGB24, w, h);
  cairo_t *cr = cairo_create (scaled);
  guint differ = 0;

  cairo_scale (cr, 0.5, 0.5);
  cairo_set_source_surface (cr, large, 0, 0);
  cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_GOOD);
  cairo_paint (cr);
  cairo_destroy (cr);
  cairo_surface_flush (scaled);
  cairo_surface_flush (small);
  for (int y = 0; y < h; y++)
    {
      const guint32 *ra = (const guint32 *) (cairo_image_surface_get_data (small)
                                             + y * cairo_image_surface_get_stride (small));
      const guint32 *rb = (const guint32 *) (cairo_image_surface_get_data (scaled)
                                             + y * cairo_image_surface_get_stride (scaled));

      for (int x = 0; x < w; x++)
        differ += abs ((int) (ra[x] & 0xff) - (int) (rb[x] & 0xff)) > 96;
    }
  cairo_surface_destroy (scaled);
  return differ;
}

static cairo_surface_t *
draw_picture (MfPlotFigureFunc draw, gpointer data, int w, int h)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, w, h);
  cairo_t *cr = cairo_create (surface);

  draw (data, cr, w, h);
  cairo_destroy (cr);
  return surface;
}

static void
draw_plain (gpointer plot, cairo_t *cr, double width, double height)
{
  mf_plot_draw (plot, cr, width, height);
}

/* The text in the picture grows with it: a figure of twice the size,
 * scaled down, is nearly the figure of the smaller size (a few pixels
 * along edges), where a plot drawn at its fixed screen text sizes differs
 * in every label and margin.  The same for the eigenvalue plot. */
static void
test_export_text_scales (PlotFixture *f, gconstpointer data)
{
  MfPlot *plot = sine_plot ();
  cairo_surface_t *small = draw_picture (mf_plot_draw_figure, plot, 800, 600);
  cairo_surface_t *large = draw_picture (mf_plot_draw_figure, plot, 1600, 1200);
  cairo_surface_t *plain = draw_picture (draw_plain, plot, 1600, 1200);
  guint figure_differ = pixels_differing (small, large, 800, 600);
  guint plain_differ = pixels_differing (small, plain, 800, 600);

  g_test_message ("plot: %u pixels differ as figures, %u drawn plainly", figure_differ,
                  plain_differ);
  g_assert_cmpuint (3 * figure_differ, <, plain_differ);
  cairo_surface_destroy (small);
  cairo_surface_destroy (large);
  cairo_surface_destroy (plain);
  mf_plot_free (plot);

  small = draw_picture (mf_stability_plot_draw_eigenvalue_figure, f->plot, 800, 600);
  large = draw_picture (mf_stability_plot_draw_eigenvalue_figure, f->plot, 1600, 1200);
  figure_differ = pixels_differing (small, large, 800, 600);
  g_test_message ("eigenvalues: %u pixels differ", figure_differ);
  /* under 2 % of the picture: edges, not labels */
  g_assert_cmpuint (figure_differ, <, 800 * 600 / 50);
  cairo_surface_destroy (small);
  cairo_surface_destroy (large);
}

/* A failed export leaves the file that was there, and no temporary one. */
static void
test_export_failure_keeps_file (PlotFixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = g_build_filename (f->dir, "kept.pdf", NULL);
  g_autofree char *contents = NULL;
  g_autofree char *written = NULL;
  g_autoptr (GDir) dir = NULL;
  guint n_files = 0;

  g_assert_true (g_file_set_contents (path, "old picture", -1, &error));
  /* a size past the limit fails once the temporary file is open */
  g_assert_false (export_to (f, mf_stability_plot_draw_step_figure, "kept.pdf", 800, 30000,
                             &written, &error));
  g_assert_error (error, MF_PLOT_ERROR, MF_PLOT_ERROR_SIZE);
  contents = read_all (path, NULL);
  g_assert_cmpstr (contents, ==, "old picture");
  dir = g_dir_open (f->dir, 0, NULL);
  while (g_dir_read_name (dir) != NULL)
    n_files++;
  g_assert_cmpuint (n_files, ==, 1);
}

/* The λ toggle: the plane of the eigenvalues themselves, fitted to them. */
static void
test_eigenvalue_plane (PlotFixture *f, gconstpointer data)
{
  MfStabilityScene step = mf_stability_plot_get_scene (f->plot, FALSE);
  MfStabilityScene lambda = mf_stability_plot_get_scene (f->plot, TRUE);
  MfStabilityView view;

  g_assert_false (step.eigenvalues);
  g_assert_true (lambda.eigenvalues);
  /* hλ = 5e-5 × λ: the fast pair at -2.08e-4 ± 0.612i */
  g_assert_cmpfloat_with_epsilon (cimag (step.points[0]), 5e-5 * 12247.4764, 1e-9);
  g_assert_cmpfloat_with_epsilon (cimag (lambda.points[0]), 12247.4764, 1e-9);
  mf_stability_plot_set_show_eigenvalues (f->plot, TRUE);
  gtk_test_widget_wait_for_draw (f->window);
  view = mf_stability_plot_get_view (f->plot);
  /* the view holds ±12247.5 on the symmetric-log scale, threshold 0.417 */
  g_assert_cmpfloat (view.v_hi, >=, mf_stability_view_forward (&view, 12247.4764));
  g_assert_cmpfloat (view.v_lo, <=, mf_stability_view_forward (&view, -12247.4764));
  g_assert_cmpfloat_with_epsilon (view.threshold, 4.16675 / 10.0, 1e-9);
}

/* ---- the Stiffness window ---- */

typedef struct
{
  MfWindow          *window;
  MfStiffnessWindow *stiffness;
} WindowFixture;

static void
window_set_up (WindowFixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (g_getenv ("MANIFOLD_EXAMPLES"),
                                            "two-mass-spring.manifold", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  gint64 until = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  f->window = new_window ();
  g_assert_true (mf_window_load_file (f->window, file, &error));
  g_assert_no_error (error);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (f->window));
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.stiffness", NULL);
  f->stiffness = MF_STIFFNESS_WINDOW (find_toplevel (MF_TYPE_STIFFNESS_WINDOW, NULL));
  g_assert_nonnull (f->stiffness);
  while (mf_stiffness_window_get_busy (f->stiffness) && g_get_monotonic_time () < until)
    g_main_context_iteration (NULL, TRUE);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (f->stiffness));
}

static void
window_tear_down (WindowFixture *f, gconstpointer data)
{
  destroy_all_windows ();
}

/* Escape as the window's capture-phase shortcut takes it: FALSE when it
 * let the key go on. */
static gboolean
press_escape (GtkWindow *window)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (window));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GtkEventController) c = g_list_model_get_item (controllers, i);
      GListModel *shortcuts;

      if (!GTK_IS_SHORTCUT_CONTROLLER (c)
          || gtk_event_controller_get_propagation_phase (c) != GTK_PHASE_CAPTURE)
        continue;
      shortcuts = G_LIST_MODEL (c);
      for (guint k = 0; k < g_list_model_get_n_items (shortcuts); k++)
        {
          g_autoptr (GtkShortcut) shortcut = g_list_model_get_item (shortcuts, k);
          GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);

          if (GTK_IS_KEYVAL_TRIGGER (trigger)
              && gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)) == GDK_KEY_Escape)
            return gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0,
                                                 GTK_WIDGET (window), NULL);
        }
    }
  g_assert_not_reached ();
}

static gboolean
fullscreen_asked (GtkWindow *window)
{
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));
  gint64 until = g_get_monotonic_time () + 2 * G_USEC_PER_SEC;

  /* the window manager may grant it a moment later, or (none under a bare
   * Xvfb) never: GDK keeps the state asked for in the toplevel's layout */
  while (!gtk_window_is_fullscreen (window) && g_get_monotonic_time () < until)
    g_main_context_iteration (NULL, FALSE);
  return gtk_window_is_fullscreen (window)
         || (surface != NULL
             && (gdk_toplevel_get_state (GDK_TOPLEVEL (surface)) & GDK_TOPLEVEL_STATE_FULLSCREEN));
}

static void
test_stiffness_presentation (WindowFixture *f, gconstpointer data)
{
  GtkWindow *window = GTK_WINDOW (f->stiffness);
  GtkWidget *plot = GTK_WIDGET (mf_stiffness_window_get_plot (f->stiffness));
  GtkWidget *modes = GTK_WIDGET (mf_stiffness_window_get_modes (f->stiffness));

  g_assert_false (mf_presentation_get (window));
  /* out of presentation mode Escape goes on to the widgets */
  g_assert_false (press_escape (window));
  g_assert_true (gtk_widget_get_mapped (modes));
  gtk_widget_activate_action (GTK_WIDGET (window), "stiffness.presentation", NULL);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  g_assert_true (mf_presentation_get (window));
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (window), "presentation"));
  if (!fullscreen_asked (window))
    g_test_message ("no window manager granted full screen");
  /* the plot alone, larger */
  g_assert_false (gtk_widget_get_mapped (modes));
  g_assert_true (gtk_widget_get_mapped (plot));
  g_assert_true (press_escape (window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  g_assert_false (mf_presentation_get (window));
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (window), "presentation"));
  g_assert_true (gtk_widget_get_mapped (modes));
}

/* Export Figure… offers both planes, the one on screen picked, and
 * writes it. */
static void
test_stiffness_export_dialog (WindowFixture *f, gconstpointer data)
{
  MfStabilityPlot *plot = mf_stiffness_window_get_plot (f->stiffness);
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("manifold-figures-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "lambda.svg", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autofree char *contents = NULL;
  MfExportDialog *dialog;

  mf_stability_plot_set_show_eigenvalues (plot, TRUE);
  dialog = mf_stiffness_window_export_figure (f->stiffness);
  g_assert_true (mf_export_dialog_export_plot_to (dialog, file, &error));
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (mf_export_dialog_get_message (dialog), "Saved "));
  contents = read_all (path, NULL);
  /* the size the dialog offers a slide, in points for SVG */
  g_assert_nonnull (strstr (contents, "width=\"1600pt\""));
  gtk_window_destroy (GTK_WINDOW (dialog));
  remove_tree (dir);
}

/* ---- the main window ---- */

static void
test_main_presentation (WindowFixture *f, gconstpointer data)
{
  GtkWindow *window = GTK_WINDOW (f->window);
  MfSimPanel *panel = MF_SIM_PANEL (find_descendant (GTK_WIDGET (window), MF_TYPE_SIM_PANEL));
  MfCanvas *canvas = MF_CANVAS (find_descendant (GTK_WIDGET (window), MF_TYPE_CANVAS));
  MfPlot *states = mf_plot_view_get_plot (mf_sim_panel_get_plot_view (panel, 0));

  gtk_window_destroy (GTK_WINDOW (f->stiffness));
  g_assert_null (mf_window_get_presentation (f->window));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.presentation", "s", "plots");
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  g_assert_cmpstr (mf_window_get_presentation (f->window), ==, "plots");
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (window), "presentation"));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (panel)));
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (canvas)));
  g_assert_cmpfloat (mf_plot_get_text_scale (states), ==, 1.5);
  /* another view switches; the canvas alone hides the pane */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.presentation", "s", "canvas");
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (canvas)));
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (panel)));
  g_assert_true (press_escape (window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  g_assert_null (mf_window_get_presentation (f->window));
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (window), "presentation"));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (panel)));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (canvas)));
  g_assert_cmpfloat (mf_plot_get_text_scale (states), ==, 1.0);
  /* F11's target, twice: in and out */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.presentation", "s", "window");
  g_assert_cmpstr (mf_window_get_presentation (f->window), ==, "window");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.presentation", "s", "window");
  g_assert_null (mf_window_get_presentation (f->window));
}

int
main (int argc, char *argv[])
{
  if (!test_app_init (&argc, &argv, "figures"))
    return 0;
  adw_init ();
  g_test_add_func ("/figures/scale", test_figure_scale);
  g_test_add_func ("/figures/plot-layout", test_plot_figure_layout);
#define ADD_PLOT(path, func) \
  g_test_add ("/figures/plot/" path, PlotFixture, NULL, plot_set_up, func, plot_tear_down)
  ADD_PLOT ("formats", test_export_formats);
  ADD_PLOT ("text-scales", test_export_text_scales);
  ADD_PLOT ("failure-keeps-file", test_export_failure_keeps_file);
  ADD_PLOT ("eigenvalue-plane", test_eigenvalue_plane);
#undef ADD_PLOT
#define ADD_WINDOW(path, func) \
  g_test_add ("/figures/window/" path, WindowFixture, NULL, window_set_up, func, window_tear_down)
  ADD_WINDOW ("stiffness-presentation", test_stiffness_presentation);
  ADD_WINDOW ("stiffness-export", test_stiffness_export_dialog);
  ADD_WINDOW ("main-presentation", test_main_presentation);
#undef ADD_WINDOW
  return test_app_run ();
}
