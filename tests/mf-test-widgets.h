/* mf-test-widgets.h: what the widget tests share — running the main
 * context until it is idle, finding a widget in a tree, a window among
 * the toplevels or an event controller of a widget, and answering a
 * message dialog.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

/* Dispatches everything pending on the default main context. */
static inline void
spin (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* Whether a widget is the one looked for; `data` says what to look for. */
typedef gboolean (*Match) (GtkWidget    *widget,
                           gconstpointer data);

/* The first widget in `widget`'s tree, depth first, `widget` included, that
 * `match` takes; NULL when there is none. */
static inline GtkWidget *
find_matching (GtkWidget     *widget,
               Match          match,
               gconstpointer  data)
{
  if (match (widget, data))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_matching (child, match, data);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static inline gboolean
widget_is_of_type (GtkWidget *widget, gconstpointer type)
{
  return G_TYPE_CHECK_INSTANCE_TYPE (widget, *(const GType *) type);
}

/* The first widget of `type` in `widget`'s tree; NULL when there is none
 * (and for type 0, a type not yet registered). */
static inline GtkWidget *
find_descendant (GtkWidget *widget,
                 GType      type)
{
  return type != 0 ? find_matching (widget, widget_is_of_type, &type) : NULL;
}

static inline gboolean
widget_has_action (GtkWidget *widget, gconstpointer action_name)
{
  return GTK_IS_ACTIONABLE (widget)
         && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action_name) == 0;
}

/* The first actionable widget in `widget`'s tree whose action is
 * `action_name` ("win.undo"), or NULL. */
static inline GtkWidget *
find_action_button (GtkWidget  *widget,
                    const char *action_name)
{
  return find_matching (widget, widget_has_action, action_name);
}

static inline gboolean
button_has_label (GtkWidget *widget, gconstpointer label)
{
  return GTK_IS_BUTTON (widget)
         && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0;
}

/* The first button in `widget`'s tree labelled `label`, or NULL. */
static inline GtkWidget *
find_button_labelled (GtkWidget  *widget,
                      const char *label)
{
  return find_matching (widget, button_has_label, label);
}

static inline gboolean
is_row_titled (GtkWidget *widget, gconstpointer title)
{
  return ADW_IS_PREFERENCES_ROW (widget)
         && g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0;
}

/* Destroys every toplevel window. */
static inline void
destroy_all_windows (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  while (g_list_model_get_n_items (toplevels) > 0)
    {
      g_autoptr (GtkWindow) window = g_list_model_get_item (toplevels, 0);

      gtk_window_destroy (window);
    }
  spin ();
}

/* The first visible toplevel of `type` whose transient parent is `parent`
 * (any parent when NULL), or NULL. */
static inline GtkWindow *
find_toplevel (GType      type,
               GtkWindow *parent)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (window, type) && gtk_widget_get_visible (GTK_WIDGET (window))
          && (parent == NULL || gtk_window_get_transient_for (window) == parent))
        return window;
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

/* The visible message dialog over `parent`, or NULL. */
static inline AdwMessageDialog *
find_dialog (GtkWindow *parent)
{
  return (AdwMessageDialog *) find_toplevel (ADW_TYPE_MESSAGE_DIALOG, parent);
}

/* Clicks the button for `response` of the dialog over `parent`, as the user
 * would. */
static inline void
answer (GtkWindow  *parent,
        const char *response)
{
  AdwMessageDialog *dialog = find_dialog (parent);
  GtkWidget *button;

  g_assert_nonnull (dialog);
  g_assert_true (adw_message_dialog_has_response (dialog, response));
  button = find_button_labelled (GTK_WIDGET (dialog),
                                 adw_message_dialog_get_response_label (dialog, response));
  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  spin ();
  /* (the window itself may be gone: compare pointers only) */
  g_assert_true (find_dialog (parent) != dialog);
}

