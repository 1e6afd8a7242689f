/* test-screenshots.c: every built-in example in a 1280×800 window, saved
 * as G_TEST_BUILDDIR/screenshots/NAME.png for people to look at, and
 * checked not to be blank: the window has many colours and the canvas in
 * it shows a drawing, not just its background.  Needs a display (Xvfb).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib/gstdio.h>

#include "mf-application.h"
#include "mf-example-gallery.h"
#include "mf-test-widgets.h"
#include "mf-window.h"

#define SHOT_WIDTH 1280
#define SHOT_HEIGHT 800
/* Long enough for the panels' debounced, threaded work to land. */
#define SETTLE_MS 600

static MfApplication *application;

static gboolean
mark_done (gpointer user_data)
{
  *(gboolean *) user_data = TRUE;
  return G_SOURCE_REMOVE;
}

static void
run_main_loop_for (guint milliseconds)
{
  gboolean done = FALSE;

  g_timeout_add (milliseconds, mark_done, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
}

/* The whole surface, as a screenshot would show it: the window widget sits
 * inside the frame GTK draws itself when there is no window manager. */
static GdkTexture *
render_window (GtkWidget *window)
{
  g_autoptr (GdkPaintable) paintable = gtk_widget_paintable_new (window);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr (GskRenderNode) node = NULL;
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));
  double x, y;

  gtk_native_get_surface_transform (GTK_NATIVE (window), &x, &y);
  gdk_paintable_snapshot (paintable, snapshot, gtk_widget_get_width (window),
                          gtk_widget_get_height (window));
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  return gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                      &GRAPHENE_RECT_INIT (-x, -y,
                                                           gdk_surface_get_width (surface),
                                                           gdk_surface_get_height (surface)));
}

typedef struct
{
  guchar *pixels; /* B, G, R, A in memory: CAIRO_FORMAT_ARGB32 */
  int     width;
  int     height;
  gsize   stride;
} Pixels;

static Pixels
download (GdkTexture *texture)
{
  Pixels p;

  p.width = gdk_texture_get_width (texture);
  p.height = gdk_texture_get_height (texture);
  p.stride = (gsize) p.width * 4;
  p.pixels = g_malloc (p.stride * p.height);
  gdk_texture_download (texture, p.pixels, p.stride);
  return p;
}

static guint32
pixel_at (const Pixels *p,
          int           x,
          int           y)
{
  const guchar *q = p->pixels + (gsize) y * p->stride + (gsize) x * 4;

  return (guint32) q[0] | (guint32) q[1] << 8 | (guint32) q[2] << 16 | (guint32) q[3] << 24;
}

static guint
count_colours (const Pixels *p)
{
  g_autoptr (GHashTable) colours = g_hash_table_new (NULL, NULL);

  for (int y = 0; y < p->height; y++)
    for (int x = 0; x < p->width; x++)
      g_hash_table_add (colours, GUINT_TO_POINTER (pixel_at (p, x, y)));
  return g_hash_table_size (colours);
}

/* The share of the rectangle's pixels that differ from its most common
 * colour (the background). */
static double
drawn_share (const Pixels           *p,
             const graphene_rect_t  *area)
{
  g_autoptr (GHashTable) counts = g_hash_table_new (NULL, NULL);
  int x0 = MAX (0, (int) area->origin.x);
  int y0 = MAX (0, (int) area->origin.y);
  int x1 = MIN (p->width, (int) (area->origin.x + area->size.width));
  int y1 = MIN (p->height, (int) (area->origin.y + area->size.height));
  GHashTableIter iter;
  gpointer key, value;
  guint most = 0, total = 0;

  for (int y = y0; y < y1; y++)
    for (int x = x0; x < x1; x++)
      {
        gpointer colour = GUINT_TO_POINTER (pixel_at (p, x, y));
        guint n = GPOINTER_TO_UINT (g_hash_table_lookup (counts, colour)) + 1;

        g_hash_table_insert (counts, colour, GUINT_TO_POINTER (n));
        total++;
      }
  g_hash_table_iter_init (&iter, counts);
  while (g_hash_table_iter_next (&iter, &key, &value))
    most = MAX (most, GPOINTER_TO_UINT (value));
  g_assert_cmpuint (total, >, 0);
  return 1.0 - (double) most / total;
}

static void
test_screenshot (gconstpointer data)
{
  const char *name = data;
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_build_filename (g_test_get_dir (G_TEST_BUILT), "screenshots", NULL);
  g_autofree char *file_name = g_strconcat (name, ".png", NULL);
  g_autofree char *path = g_build_filename (dir, file_name, NULL);
  g_autoptr (GdkTexture) texture = NULL;
  g_autoptr (GdkTexture) reread = NULL;
  MfWindow *window = mf_window_new (application);
  GdkSurface *surface;
  GtkWidget *canvas;
  graphene_rect_t canvas_bounds;
  double x, y;
  Pixels pixels;

  gtk_window_set_default_size (GTK_WINDOW (window), SHOT_WIDTH, SHOT_HEIGHT);
  g_assert_true (mf_window_load_example (window, name, &error));
  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (window));
  run_main_loop_for (SETTLE_MS);
  surface = gtk_native_get_surface (GTK_NATIVE (window));
  g_assert_cmpint (gdk_surface_get_width (surface), ==, SHOT_WIDTH);
  g_assert_cmpint (gdk_surface_get_height (surface), ==, SHOT_HEIGHT);

  texture = render_window (GTK_WIDGET (window));
  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("saved %s", path);

  /* What was written reads back as the same picture. */
  reread = gdk_texture_new_from_filename (path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (gdk_texture_get_width (reread), ==, SHOT_WIDTH);
  g_assert_cmpint (gdk_texture_get_height (reread), ==, SHOT_HEIGHT);

  pixels = download (reread);
  /* Text, symbols and panels: a blank or single-colour window has few. */
  g_assert_cmpuint (count_colours (&pixels), >, 64);
  canvas = find_descendant (GTK_WIDGET (window), g_type_from_name ("MfCanvas"));
  g_assert_nonnull (canvas);
  g_assert_true (gtk_widget_compute_bounds (canvas, GTK_WIDGET (window), &canvas_bounds));
  gtk_native_get_surface_transform (GTK_NATIVE (window), &x, &y);
  graphene_rect_offset (&canvas_bounds, x, y);
  g_assert_cmpfloat (canvas_bounds.size.width, >, SHOT_WIDTH / 3);
  /* The circuit's symbols, wires and labels cover part of the canvas. */
  g_assert_cmpfloat (drawn_share (&pixels, &canvas_bounds), >, 0.005);
  g_free (pixels.pixels);

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) names = NULL;
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

  names = mf_example_gallery_list_names ();
  g_assert_cmpuint (g_strv_length (names), >, 0);
  for (guint i = 0; names[i] != NULL; i++)
    {
      g_autofree char *test_path = g_strconcat ("/app/screenshots/", names[i], NULL);

      g_test_add_data_func (test_path, names[i], test_screenshot);
    }
  status = g_test_run ();

  g_clear_object (&application);
  return status;
}
