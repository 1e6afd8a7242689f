/* mf-test-widgets.h: what the widget tests share — running the main
 * context until it is idle, and finding a widget in a tree or an event
 * controller of a widget.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

/* Dispatches everything pending on the default main context. */
static inline void
spin (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* The first widget of `type` in `widget`'s tree, depth first, `widget`
 * included; NULL when there is none (and for type 0, a type not yet
 * registered). */
static inline GtkWidget *
find_descendant (GtkWidget *widget,
                 GType      type)
{
  if (type == 0)
    return NULL;
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_descendant (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The first actionable widget in `widget`'s tree whose action is
 * `action_name` ("win.undo"), or NULL. */
static inline GtkWidget *
find_action_button (GtkWidget  *widget,
                    const char *action_name)
{
  if (GTK_IS_ACTIONABLE (widget)
      && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action_name) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_action_button (child, action_name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The first event controller of `type` on `widget` (the widget keeps it
 * alive), for a gesture one that takes mouse button `button` (0: any);
 * there must be one. */
static inline GtkEventController *
find_controller (GtkWidget *widget,
                 GType      type,
                 guint      button)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GtkEventController) c = g_list_model_get_item (controllers, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (c, type)
          && (button == 0 || gtk_gesture_single_get_button (GTK_GESTURE_SINGLE (c)) == button))
        return c;
    }
  g_assert_not_reached ();
}
