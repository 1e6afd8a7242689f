/* mf-test-stiffness-window.h: what the tests of the Stiffness window
 * share — a main window with an example and its Stiffness window opened by
 * win.stiffness, waiting until the window has linearised, closing them,
 * and the window saved as a PNG for a person to look at.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "mf-application.h"
#include "mf-stiffness-window.h"
#include "mf-test-widgets.h"
#include "mf-window.h"

/* Frames go by until the window has linearised what it was asked to. */
static inline void
wait_until_shown (MfStiffnessWindow *stiffness)
{
  gint64 until = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  while (mf_stiffness_window_get_busy (stiffness) && g_get_monotonic_time () < until)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (mf_stiffness_window_get_busy (stiffness));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (stiffness));
}

static inline MfStiffnessWindow *
find_stiffness_window (void)
{
  GListModel *toplevels = gtk_window_get_toplevels (); /* GTK's own */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) window = g_list_model_get_item (toplevels, i);

      if (MF_IS_STIFFNESS_WINDOW (window))
        return MF_STIFFNESS_WINDOW (window);
    }
  return NULL;
}

/* A main window of `application` with the example `name`
 * ("two-mass-spring.manifold"), and its Stiffness window opened by
 * win.stiffness, the first linearisation shown. */
static inline MfStiffnessWindow *
open_stiffness_window (MfApplication *application, const char *name, MfWindow **window)
{
  g_autofree char *path = g_build_filename (g_getenv ("MANIFOLD_EXAMPLES"), name, NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  MfStiffnessWindow *stiffness;

  *window = mf_window_new (application);
  gtk_window_set_default_size (GTK_WINDOW (*window), 1280, 800);
  g_assert_true (mf_window_load_file (*window, file, &error));
  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (*window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (*window));
  g_assert_null (find_stiffness_window ());
  gtk_widget_activate_action (GTK_WIDGET (*window), "win.stiffness", NULL);
  stiffness = find_stiffness_window ();
  g_assert_nonnull (stiffness);
  wait_until_shown (stiffness);
  return stiffness;
}

/* Closes the main window; its Stiffness window goes with it. */
static inline void
close_main_window (MfWindow *window)
{
  gtk_window_destroy (GTK_WINDOW (window));
  spin ();
  g_assert_null (find_stiffness_window ());
}

/* <builddir>/tests/stiffness/NAME.png, for a person to look at. */
static inline void
save_window (GtkWidget *window, const char *name)
{
  g_autoptr (GdkPaintable) paintable = gtk_widget_paintable_new (window);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr (GskRenderNode) node = NULL;
  g_autoptr (GdkTexture) texture = NULL;
  g_autofree char *dir = g_build_filename (g_getenv ("G_TEST_BUILDDIR") != NULL
                                             ? g_getenv ("G_TEST_BUILDDIR") : ".",
                                           "stiffness", NULL);
  g_autofree char *file = g_strdup_printf ("%s/%s.png", dir, name);
  double x, y;

  gtk_native_get_surface_transform (GTK_NATIVE (window), &x, &y);
  gdk_paintable_snapshot (paintable, snapshot, gtk_widget_get_width (window),
                          gtk_widget_get_height (window));
  node = gtk_snapshot_free_to_node (snapshot);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                        &GRAPHENE_RECT_INIT (-x, -y,
                                                             gtk_widget_get_width (window) + 2 * x,
                                                             gtk_widget_get_height (window)
                                                               + 2 * y));
  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  g_assert_true (gdk_texture_save_to_png (texture, file));
  g_test_message ("saved %s", file);
}
