/* mf-window-actions.c: the window's actions (win.*), their shortcuts, and
 * the menu of recently used circuits.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-window-private.h"

#include <glib/gi18n.h>
#include <string.h>

#include "mf-example-gallery.h"
#include "mf-menu-label.h"
#include "mf-equations-window.h"
#include "mf-stiffness-window.h"

/* How many recent circuits the Open button's menu lists. */
#define MF_WINDOW_N_RECENT 10
/* How many the preferences keep: a few more, for files that went away. */
#define MF_WINDOW_N_RECENT_KEPT 20
#define MF_MIME_TYPE "application/x-manifold"

static void
mf_window_action_new (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  g_autoptr (MfEditDocument) document = mf_window_new_document (MF_WINDOW (widget));

  mf_window_replace_document (MF_WINDOW (widget), document, NULL);
}

static void
mf_window_action_open (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  mf_window_choose_and_open (MF_WINDOW (widget));
}

static void
mf_window_action_open_recent (GtkWidget  *widget,
                              const char *action_name,
                              GVariant   *parameter)
{
  MfWindow *self = MF_WINDOW (widget);
  g_autoptr (GFile) file = g_file_new_for_uri (g_variant_get_string (parameter, NULL));
  g_autoptr (GError) error = NULL;
  g_autoptr (MfEditDocument) document = mf_window_read_file (file, &error);
  g_autofree char *name = NULL;
  g_autofree char *heading = NULL;

  if (document != NULL)
    {
      mf_window_replace_document (self, document, NULL);
      return;
    }
  name = g_file_get_basename (file);
  heading = g_strdup_printf (_("Could not open “%s”"), name);
  mf_window_show_error (self, heading, error);
}

static void
mf_window_action_open_example (GtkWidget  *widget,
                               const char *action_name,
                               GVariant   *parameter)
{
  MfWindow *self = MF_WINDOW (widget);
  const char *name = g_variant_get_string (parameter, NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (MfEditDocument) document = mf_window_read_example (name, &error);

  if (document != NULL)
    mf_window_replace_document (self, document, name);
  else
    mf_window_show_error (self, _("Could not open the example"), error);
}

static void
mf_window_action_save (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  mf_window_save_async (MF_WINDOW (widget), FALSE, NULL, NULL);
}

static void
mf_window_action_save_as (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  mf_window_save_async (MF_WINDOW (widget), TRUE, NULL, NULL);
}

static void
mf_window_action_undo (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  mf_edit_document_undo (mf_window_get_document (MF_WINDOW (widget)));
}

static void
mf_window_action_redo (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  mf_edit_document_redo (mf_window_get_document (MF_WINDOW (widget)));
}

static void
mf_window_action_run (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  mf_sim_panel_run (MF_WINDOW (widget)->sim_panel);
}

static void
mf_window_action_pause (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  mf_sim_panel_toggle_pause (MF_WINDOW (widget)->sim_panel);
}

static void
mf_window_action_stop (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  mf_sim_panel_stop (MF_WINDOW (widget)->sim_panel);
}

static void
mf_window_example_chosen (MfWindow   *self,
                          const char *name)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "win.open-example", "s", name);
}

static void
mf_window_action_show_gallery (GtkWidget  *widget,
                               const char *action_name,
                               GVariant   *parameter)
{
  MfWindow *self = MF_WINDOW (widget);
  MfExampleGallery *gallery = mf_example_gallery_new (GTK_WINDOW (self));

  g_signal_connect_object (gallery, "example-activated", G_CALLBACK (mf_window_example_chosen),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (gallery, "lesson-activated", G_CALLBACK (mf_window_lesson_chosen),
                           self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (gallery));
}

static void
mf_window_action_stiffness (GtkWidget  *widget,
                            const char *action_name,
                            GVariant   *parameter)
{
  MfWindow *self = MF_WINDOW (widget);

  if (self->stiffness_window == NULL)
    {
      g_set_weak_pointer (&self->stiffness_window,
                          GTK_WINDOW (mf_stiffness_window_new (GTK_WINDOW (self), self->document,
                                                               self->sim_panel)));
      /* its what-if bar starts with the component selected */
      mf_window_what_if_follow (self);
    }
  gtk_window_present (self->stiffness_window);
}

static void
mf_window_action_equations (GtkWidget  *widget,
                            const char *action_name,
                            GVariant   *parameter)
{
  MfWindow *self = MF_WINDOW (widget);

  if (self->equations_window == NULL)
    {
      GtkWidget *window = mf_equations_window_new (GTK_WINDOW (self), self->document);
      g_auto (GStrv) selection = mf_canvas_get_selection (self->canvas);

      mf_equations_window_set_selection (MF_EQUATIONS_WINDOW (window),
                                         (const char *const *) selection);
      g_signal_connect_object (window, "highlight-requested",
                               G_CALLBACK (mf_window_highlight_requested), self,
                               G_CONNECT_SWAPPED);
      g_set_weak_pointer (&self->equations_window, GTK_WINDOW (window));
    }
  gtk_window_present (self->equations_window);
}

void
mf_window_class_install_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.new", NULL, mf_window_action_new);
  gtk_widget_class_install_action (widget_class, "win.open", NULL, mf_window_action_open);
  gtk_widget_class_install_action (widget_class, "win.open-recent", "s",
                                   mf_window_action_open_recent);
  gtk_widget_class_install_action (widget_class, "win.open-example", "s",
                                   mf_window_action_open_example);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, mf_window_action_save);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, mf_window_action_save_as);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, mf_window_action_undo);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, mf_window_action_redo);
  gtk_widget_class_install_action (widget_class, "win.show-gallery", NULL,
                                   mf_window_action_show_gallery);
  gtk_widget_class_install_action (widget_class, "win.run", NULL, mf_window_action_run);
  gtk_widget_class_install_action (widget_class, "win.pause", NULL, mf_window_action_pause);
  gtk_widget_class_install_action (widget_class, "win.stop", NULL, mf_window_action_stop);
  gtk_widget_class_install_action (widget_class, "win.stiffness", NULL,
                                   mf_window_action_stiffness);
  gtk_widget_class_install_action (widget_class, "win.equations", NULL,
                                   mf_window_action_equations);

  /* Bound on the window, so a focused text entry keeps Ctrl+Z for its own
   * text and the circuit's history gets it everywhere else. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK,
                                       "win.undo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z,
                                       GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.redo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_y, GDK_CONTROL_MASK,
                                       "win.redo", NULL);
}

/* The window's own keys, which no widget inside has a use for: they are
 * looked at before the focused widget sees the key (the capture phase), so
 * a grid, a plot, the canvas or a list that takes every key it is given
 * cannot keep Ctrl+O from the window (a click on the Structure tab once
 * did).  Undo and redo are not here: a text entry keeps them. */
static const struct
{
  const char *trigger;
  const char *action;
  const char *target; /* a string parameter, or NULL */
} window_keys[] = {
  { "<Control>n", "win.new", NULL },
  { "<Control>o", "win.open", NULL },
  { "<Control>s", "win.save", NULL },
  { "<Control><Shift>s", "win.save-as", NULL },
  { "<Control>w", "window.close", NULL },
  /* Space would be the usual play key, but the canvas pans with it. */
  { "F5", "win.run", NULL },
  { "F6", "win.stop", NULL },
  { "<Control>period", "win.stop", NULL },
  { "F7", "win.pause", NULL },
  /* L for linearise */
  { "<Control>l", "win.stiffness", NULL },
  { "<Control>e", "win.equations", NULL },
  { "<Control><Shift>e", "win.export", NULL },
  /* F5 runs; F11 is full screen in most programs */
  { "F11", "win.presentation", "window" },
};

void
mf_window_add_shortcuts (MfWindow *self)
{
  GtkEventController *controller = gtk_shortcut_controller_new ();

  gtk_event_controller_set_name (controller, MF_WINDOW_SHORTCUTS);
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  for (guint i = 0; i < G_N_ELEMENTS (window_keys); i++)
    {
      GtkShortcut *shortcut = gtk_shortcut_new (gtk_shortcut_trigger_parse_string (
                                                  window_keys[i].trigger),
                                                gtk_named_action_new (window_keys[i].action));

      if (window_keys[i].target != NULL)
        gtk_shortcut_set_arguments (shortcut, g_variant_new_string (window_keys[i].target));
      gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller), shortcut);
    }
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}

/* ---- recent circuits ---- */

static gboolean
mf_window_is_recent_circuit (GtkRecentInfo *info)
{
  return g_str_has_suffix (gtk_recent_info_get_uri (info), ".manifold");
}

static int
mf_window_compare_recent (gconstpointer a,
                          gconstpointer b)
{
  GtkRecentInfo *info_a = (GtkRecentInfo *) a;
  GtkRecentInfo *info_b = (GtkRecentInfo *) b;

  /* newest first */
  return g_date_time_compare (gtk_recent_info_get_modified (info_b),
                              gtk_recent_info_get_modified (info_a));
}

static void
mf_window_append_recent (MfWindow   *self,
                         const char *uri,
                         const char *name)
{
  g_autofree char *label = mf_menu_label_literal (name);
  g_autoptr (GMenuItem) item = g_menu_item_new (label, NULL);

  g_menu_item_set_action_and_target (item, "win.open-recent", "s", uri);
  g_menu_append_item (self->recent_menu, item);
}

/* The circuits of the desktop's recently used list, when there are no
 * preferences to keep our own. */
static guint
mf_window_list_desktop_recent (MfWindow *self)
{
  GList *items = gtk_recent_manager_get_items (self->recent_manager);
  GList *circuits = NULL;
  guint n = 0;

  for (GList *l = items; l != NULL; l = l->next)
    if (mf_window_is_recent_circuit (l->data))
      circuits = g_list_prepend (circuits, l->data);
  circuits = g_list_sort (circuits, mf_window_compare_recent);
  for (GList *l = circuits; l != NULL && n < MF_WINDOW_N_RECENT; l = l->next)
    {
      GtkRecentInfo *info = l->data;

      /* Checked only for the few listed, as it touches the disk. */
      if (!gtk_recent_info_exists (info))
        continue;
      mf_window_append_recent (self, gtk_recent_info_get_uri (info),
                               gtk_recent_info_get_display_name (info));
      n++;
    }
  g_list_free (circuits);
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
  return n;
}

/* The preferences' list, newest first. */
static guint
mf_window_list_kept_recent (MfWindow *self)
{
  g_auto (GStrv) uris = g_settings_get_strv (self->settings, "recent-files");
  guint n = 0;

  for (guint i = 0; uris[i] != NULL && n < MF_WINDOW_N_RECENT; i++)
    {
      g_autoptr (GFile) file = g_file_new_for_uri (uris[i]);
      g_autofree char *name = NULL;

      if (!g_file_query_exists (file, NULL))
        continue;
      name = g_file_get_basename (file);
      mf_window_append_recent (self, uris[i], name);
      n++;
    }
  return n;
}

void
mf_window_rebuild_recent (MfWindow *self)
{
  guint n;

  g_menu_remove_all (self->recent_menu);
  n = self->settings != NULL ? mf_window_list_kept_recent (self)
                             : mf_window_list_desktop_recent (self);
  /* An item without an action shows greyed out. */
  if (n == 0)
    g_menu_append (self->recent_menu, _("No Recent Circuits"), NULL);
}

void
mf_window_init_recent (MfWindow *self)
{
  self->recent_manager = g_object_ref (gtk_recent_manager_get_default ());
  self->recent_menu = g_menu_new ();
  adw_split_button_set_menu_model (self->open_button, G_MENU_MODEL (self->recent_menu));
  g_signal_connect_object (self->recent_manager, "changed",
                           G_CALLBACK (mf_window_rebuild_recent), self, G_CONNECT_SWAPPED);
  mf_window_rebuild_recent (self);
}

void
mf_window_add_recent (MfWindow *self,
                      GFile    *file)
{
  g_autofree char *uri = g_file_get_uri (file);
  GtkRecentData data = {
    .mime_type = (char *) MF_MIME_TYPE,
    .app_name = (char *) "Manifold",
    .app_exec = (char *) "manifold %u",
  };

  gtk_recent_manager_add_full (self->recent_manager, uri, &data);
  if (self->settings != NULL)
    {
      g_auto (GStrv) old = g_settings_get_strv (self->settings, "recent-files");
      g_autoptr (GStrvBuilder) kept = g_strv_builder_new ();
      g_auto (GStrv) uris = NULL;
      guint n = 1;

      g_strv_builder_add (kept, uri);
      for (guint i = 0; old[i] != NULL && n < MF_WINDOW_N_RECENT_KEPT; i++)
        if (strcmp (old[i], uri) != 0)
          {
            g_strv_builder_add (kept, old[i]);
            n++;
          }
      uris = g_strv_builder_end (kept);
      g_settings_set_strv (self->settings, "recent-files", (const char *const *) uris);
    }
}
