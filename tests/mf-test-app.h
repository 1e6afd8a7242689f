/* mf-test-app.h: what the tests of the main window share — an application
 * registered to make windows in, with the recent files and the copies of
 * unsaved work in a scratch folder of the test's own (so no copy another
 * test left is offered), and a new window presented.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "mf-application.h"
#include "mf-test-files.h"
#include "mf-test-widgets.h"
#include "mf-window.h"

static MfApplication *application;
static char *scratch_dir;

/* g_test_init(), then the scratch folder and the application; FALSE, with
 * the test plan that skips everything printed, when there is no display. */
static inline gboolean
test_app_init (int        *argc,
               char     ***argv,
               const char *name)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *template = g_strdup_printf ("manifold-%s-XXXXXX", name);

  g_test_init (argc, argv, NULL);
  scratch_dir = g_dir_make_tmp (template, &error);
  g_assert_no_error (error);
  g_setenv ("XDG_DATA_HOME", scratch_dir, TRUE);
  g_setenv ("XDG_STATE_HOME", scratch_dir, TRUE);
  if (!gtk_init_check ())
    {
      g_print ("1..0 # SKIP no display\n");
      remove_tree (scratch_dir);
      return FALSE;
    }
  application = mf_application_new (G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (application), NULL, &error));
  g_assert_no_error (error);
  return TRUE;
}

/* Runs the tests, then drops the application and the scratch folder. */
static inline int
test_app_run (void)
{
  int status = g_test_run ();

  g_clear_object (&application);
  remove_tree (scratch_dir);
  g_clear_pointer (&scratch_dir, g_free);
  return status;
}

static inline MfWindow *
new_window (void)
{
  MfWindow *window = mf_window_new (application);

  gtk_window_present (GTK_WINDOW (window));
  spin ();
  return window;
}
