/* mf-presentation.c: full screen, larger text and Escape for any window.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-presentation.h"

#define CSS_CLASS "presentation"

/* Every widget's text grows with the window's: font-size is inherited;
 * libadwaita's heading, caption and title classes give sizes in points of
 * their own, which grow by the same factor. */
static void
load_style (GtkWindow *window)
{
  GdkDisplay *display = gtk_widget_get_display (GTK_WIDGET (window));
  g_autoptr (GtkCssProvider) provider = NULL;
  g_autofree char *css = NULL;
  char scale[G_ASCII_DTOSTR_BUF_SIZE];

  if (g_object_get_data (G_OBJECT (display), "mf-presentation-style") != NULL)
    return;
  provider = gtk_css_provider_new ();
  g_ascii_dtostr (scale, sizeof scale, 100.0 * MF_PRESENTATION_TEXT_SCALE);
  {
    static const struct
    {
      const char *style_class;
      double      points;
    } sized[] = {
      { "heading", 11 }, { "body", 11 }, { "caption", 9 }, { "caption-heading", 9 },
      { "title-1", 20 }, { "title-2", 15 }, { "title-3", 15 }, { "title-4", 13 },
      { "large-title", 24 },
    };
    GString *rules = g_string_new (NULL);

    g_string_append_printf (rules, "window." CSS_CLASS " { font-size: %s%%; }\n", scale);
    for (guint i = 0; i < G_N_ELEMENTS (sized); i++)
      {
        char points[G_ASCII_DTOSTR_BUF_SIZE];

        g_ascii_dtostr (points, sizeof points, sized[i].points * MF_PRESENTATION_TEXT_SCALE);
        g_string_append_printf (rules, "window." CSS_CLASS " .%s { font-size: %spt; }\n",
                                sized[i].style_class, points);
      }
    css = g_string_free (rules, FALSE);
  }
  gtk_css_provider_load_from_data (provider, css, -1);
  gtk_style_context_add_provider_for_display (display, GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  g_object_set_data_full (G_OBJECT (display), "mf-presentation-style",
                          g_object_ref (provider), g_object_unref);
}

static gboolean
escape_pressed (GtkWidget *widget, GVariant *args, gpointer data)
{
  const char *leave_action = data;

  if (!mf_presentation_get (GTK_WINDOW (widget)))
    return FALSE; /* the key goes on to the focused widget */
  gtk_widget_activate_action (widget, leave_action, NULL);
  return TRUE;
}

void
mf_presentation_install (GtkWindow *window, const char *leave_action)
{
  GtkEventController *controller = gtk_shortcut_controller_new ();
  char *action = g_strdup (leave_action);

  g_return_if_fail (GTK_IS_WINDOW (window) && leave_action != NULL);

  g_object_set_data_full (G_OBJECT (controller), "mf-leave-action", action, g_free);
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  gtk_shortcut_controller_add_shortcut (
    GTK_SHORTCUT_CONTROLLER (controller),
    gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Escape, 0),
                      gtk_callback_action_new (escape_pressed, action, NULL)));
  gtk_widget_add_controller (GTK_WIDGET (window), controller);
}

void
mf_presentation_set (GtkWindow *window, gboolean on)
{
  g_return_if_fail (GTK_IS_WINDOW (window));

  if (!on == !mf_presentation_get (window))
    return;
  if (on)
    {
      load_style (window);
      gtk_widget_add_css_class (GTK_WIDGET (window), CSS_CLASS);
      gtk_window_fullscreen (window);
    }
  else
    {
      gtk_widget_remove_css_class (GTK_WIDGET (window), CSS_CLASS);
      gtk_window_unfullscreen (window);
    }
}

gboolean
mf_presentation_get (GtkWindow *window)
{
  g_return_val_if_fail (GTK_IS_WINDOW (window), FALSE);

  return gtk_widget_has_css_class (GTK_WIDGET (window), CSS_CLASS);
}
