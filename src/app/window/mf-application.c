/* mf-application.c: the application — one window per circuit, the
 * application-wide actions, and quitting without losing unsaved work.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-application.h"

#include <glib/gi18n.h>

#include "mf-preferences-window.h"
#include "mf-recovery-question.h"
#include "mf-run-sidecar-queue.h"
#include "mf-window.h"

struct _MfApplication
{
  AdwApplication parent_instance;

  /* While quitting: the windows with unsaved changes still to ask about,
   * asked one after the other.  NULL when no quit is under way. */
  GQueue *to_ask;

  GSettings *settings; /* NULL when the schema is nowhere to be found */
  /* This process's copies of unsaved work; NULL when they cannot be kept. */
  MfRecovery *recovery;
  gboolean    recovery_offered; /* the copies left by a crash were looked for */
};

G_DEFINE_FINAL_TYPE (MfApplication, mf_application, ADW_TYPE_APPLICATION)

static void mf_application_ask_next (MfApplication *self);

static void
mf_application_stop_quitting (MfApplication *self)
{
  if (self->to_ask == NULL)
    return;
  g_queue_free_full (self->to_ask, g_object_unref);
  self->to_ask = NULL;
}

static gboolean
mf_application_quit_now (gpointer user_data)
{
  g_autoptr (GApplication) self = user_data;

  g_application_quit (self);
  return G_SOURCE_REMOVE;
}

/* Every window was either unmodified, saved or discarded on purpose. */
static void
mf_application_close_all (MfApplication *self)
{
  GList *windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (self)));

  mf_application_stop_quitting (self);
  for (GList *l = windows; l != NULL; l = l->next)
    {
      /* destroyed, not closed: their saved documents' runs are kept here */
      if (MF_IS_WINDOW (l->data))
        mf_window_save_runs (l->data);
      gtk_window_destroy (GTK_WINDOW (l->data));
    }
  g_list_free (windows);
  /* the windows are gone; the process goes once their runs are written */
  mf_run_sidecar_when_idle (mf_application_quit_now, g_object_ref (self));
}

static void
mf_application_window_answered (GObject      *source,
                                GAsyncResult *result,
                                gpointer      user_data)
{
  g_autoptr (MfApplication) self = user_data;

  if (!mf_window_confirm_discard_finish (MF_WINDOW (source), result, NULL))
    {
      mf_application_stop_quitting (self);
      return;
    }
  mf_application_ask_next (self);
}

static void
mf_application_ask_next (MfApplication *self)
{
  g_autoptr (MfWindow) window = NULL;

  if (self->to_ask == NULL)
    return;
  window = g_queue_pop_head (self->to_ask);
  if (window == NULL)
    {
      mf_application_close_all (self);
      return;
    }
  /* Closed meanwhile, or saved by the user from another dialog. */
  if (gtk_window_get_application (GTK_WINDOW (window)) == NULL
      || !mf_edit_document_get_modified (mf_window_get_document (window)))
    {
      mf_application_ask_next (self);
      return;
    }
  gtk_window_present (GTK_WINDOW (window));
  mf_window_confirm_discard_async (window, NULL, mf_application_window_answered,
                                   g_object_ref (self));
}

static void
mf_application_quit (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  MfApplication *self = user_data;

  if (self->to_ask != NULL)
    return; /* already asking */
  self->to_ask = g_queue_new ();
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
    if (MF_IS_WINDOW (l->data)
        && mf_edit_document_get_modified (mf_window_get_document (l->data)))
      g_queue_push_tail (self->to_ask, g_object_ref (l->data));
  mf_application_ask_next (self);
}

static MfWindow *
mf_application_new_window_with_example (MfApplication *self)
{
  MfWindow *window = mf_window_new (self);
  g_autoptr (GError) error = NULL;

  /* The example is built in and checked by the tests: a failure here is a
   * broken build, but the empty window is still usable. */
  if (!mf_window_load_example (window, MF_DEFAULT_EXAMPLE, &error))
    g_warning ("the default example does not load: %s", error->message);
  return window;
}

static void
mf_application_new_window (GSimpleAction *action,
                           GVariant      *parameter,
                           gpointer       user_data)
{
  MfApplication *self = user_data;
  MfWindow *window = mf_window_new (self);

  gtk_window_present (GTK_WINDOW (window));
}

static void
mf_application_about (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       user_data)
{
  MfApplication *self = user_data;
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (self));
  const char *developers[] = { "The Manifold authors", NULL };
  GtkWidget *about = adw_about_window_new ();
  GtkIconTheme *theme = gtk_icon_theme_get_for_display (gtk_widget_get_display (about));

  /* Until the icon is installed, no picture beats a broken one. */
  if (gtk_icon_theme_has_icon (theme, MF_APPLICATION_ID))
    adw_about_window_set_application_icon (ADW_ABOUT_WINDOW (about), MF_APPLICATION_ID);
  g_object_set (about,
                "transient-for", parent,
                "application-name", "Manifold",
                "version", MF_VERSION,
                "developer-name", "The Manifold authors",
                "developers", developers,
                "comments", _("Draw hydraulic circuits and watch their "
                              "differential-algebraic equations at work."),
                "license-type", GTK_LICENSE_GPL_3_0,
                "copyright", "© 2026 The Manifold authors",
                NULL);
  gtk_window_present (GTK_WINDOW (about));
}

static void
mf_application_preferences (GSimpleAction *action,
                            GVariant      *parameter,
                            gpointer       user_data)
{
  MfApplication *self = user_data;
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (self));
  GtkWidget *preferences = mf_preferences_window_new (self->settings);

  gtk_window_set_transient_for (GTK_WINDOW (preferences), parent);
  gtk_window_present (GTK_WINDOW (preferences));
}

static const GActionEntry app_actions[] = {
  { "quit", mf_application_quit },
  { "new-window", mf_application_new_window },
  { "about", mf_application_about },
  { "preferences", mf_application_preferences },
};

/* The installed schema, or else the one compiled in the build tree, so that
 * the app run from there keeps its preferences too. */
static GSettings *
mf_application_settings_new (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr (GSettingsSchema) schema = NULL;
  g_autoptr (GSettingsSchemaSource) build_source = NULL;

  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, MF_APPLICATION_ID, TRUE);
#ifdef MF_BUILD_SCHEMA_DIR
  if (schema == NULL)
    build_source = g_settings_schema_source_new_from_directory (MF_BUILD_SCHEMA_DIR, source,
                                                                FALSE, NULL);
  if (build_source != NULL)
    schema = g_settings_schema_source_lookup (build_source, MF_APPLICATION_ID, FALSE);
#endif
  if (schema == NULL)
    return NULL;
  return g_settings_new_full (schema, NULL, NULL);
}

static void
mf_application_start_recovery (MfApplication *self)
{
  g_autofree char *directory = mf_recovery_default_directory ();
  g_autoptr (GError) error = NULL;

  self->recovery = mf_recovery_new (directory, &error);
  if (self->recovery == NULL)
    g_message ("copies of unsaved work cannot be kept: %s", error->message);
}

static void
mf_application_startup (GApplication *application)
{
  MfApplication *self = MF_APPLICATION (application);
  const char *quit_accels[] = { "<Control>q", NULL };
  const char *new_window_accels[] = { "<Control><Shift>n", NULL };
  const char *preferences_accels[] = { "<Control>comma", NULL };
  GAction *preferences;

  G_APPLICATION_CLASS (mf_application_parent_class)->startup (application);

  self->settings = mf_application_settings_new ();
  if (self->settings == NULL)
    g_message ("the settings schema %s is not installed: preferences are not kept",
               MF_APPLICATION_ID);
  g_action_map_add_action_entries (G_ACTION_MAP (self), app_actions,
                                   G_N_ELEMENTS (app_actions), self);
  preferences = g_action_map_lookup_action (G_ACTION_MAP (self), "preferences");
  g_simple_action_set_enabled (G_SIMPLE_ACTION (preferences), self->settings != NULL);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.preferences",
                                         preferences_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.quit", quit_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.new-window",
                                         new_window_accels);
  mf_application_start_recovery (self);
}

/* Once, at the first window: the copies of unsaved work that a Manifold
 * which stopped left behind, offered to restore or discard. */
static void
mf_application_offer_recovery (MfApplication *self,
                               MfWindow      *window)
{
  if (self->recovery == NULL || self->recovery_offered)
    return;
  self->recovery_offered = TRUE;
  mf_recovery_question_ask (self, window, mf_recovery_take_orphans (self->recovery));
}

static void
mf_application_activate (GApplication *application)
{
  MfApplication *self = MF_APPLICATION (application);
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (window == NULL)
    window = GTK_WINDOW (mf_application_new_window_with_example (self));
  gtk_window_present (window);
  if (MF_IS_WINDOW (window))
    mf_application_offer_recovery (self, MF_WINDOW (window));
}

static void
mf_application_open (GApplication  *application,
                     GFile        **files,
                     int            n_files,
                     const char    *hint)
{
  MfApplication *self = MF_APPLICATION (application);

  for (int i = 0; i < n_files; i++)
    {
      MfWindow *window = mf_window_new (self);

      /* A file that does not load leaves an empty window with the
       * loader's message in front of it. */
      gtk_window_present (GTK_WINDOW (window));
      mf_window_load_file (window, files[i], NULL);
      if (i + 1 == n_files)
        mf_application_offer_recovery (self, window);
    }
}

static void
mf_application_shutdown (GApplication *application)
{
  /* whatever ended the main loop, no runs file is left half-written */
  mf_run_sidecar_wait ();
  G_APPLICATION_CLASS (mf_application_parent_class)->shutdown (application);
}

static void
mf_application_dispose (GObject *object)
{
  mf_application_stop_quitting (MF_APPLICATION (object));
  g_clear_object (&MF_APPLICATION (object)->settings);
  /* windows still open keep their copies' folder until they are closed */
  g_clear_pointer (&MF_APPLICATION (object)->recovery, mf_recovery_free);
  G_OBJECT_CLASS (mf_application_parent_class)->dispose (object);
}

static void
mf_application_class_init (MfApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *application_class = G_APPLICATION_CLASS (klass);

  object_class->dispose = mf_application_dispose;
  application_class->startup = mf_application_startup;
  application_class->shutdown = mf_application_shutdown;
  application_class->activate = mf_application_activate;
  application_class->open = mf_application_open;
}

static void
mf_application_init (MfApplication *self)
{
}

MfRecovery *
mf_application_get_recovery (MfApplication *self)
{
  g_return_val_if_fail (MF_IS_APPLICATION (self), NULL);

  return self->recovery;
}

GSettings *
mf_application_get_settings (MfApplication *self)
{
  g_return_val_if_fail (MF_IS_APPLICATION (self), NULL);

  return self->settings;
}

/* The resources live under the path GApplication derives from the id,
 * /io/github/manifold/Manifold, where GTK finds gtk/help-overlay.ui. */
MfApplication *
mf_application_new (GApplicationFlags flags)
{
  MfApplication *self = g_object_new (MF_TYPE_APPLICATION,
                                      "application-id", MF_APPLICATION_ID,
                                      "flags", flags | G_APPLICATION_HANDLES_OPEN,
                                      NULL);

  /* Translators: what follows the options in "manifold [OPTION…] [FILE…]" */
  g_application_set_option_context_parameter_string (G_APPLICATION (self), _("[FILE…]"));
  g_application_set_option_context_summary (G_APPLICATION (self),
                                            _("Draw hydraulic circuits and simulate their "
                                              "equations. Each FILE opens in a window of its "
                                              "own."));
  return self;
}
