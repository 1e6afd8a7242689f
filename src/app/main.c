/* main.c: starts the Manifold desktop application.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <locale.h>

#include "mf-application.h"
#include "mf-error.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr (MfApplication) application = NULL;

  setlocale (LC_ALL, "");
  /* MANIFOLD_LOCALEDIR: the catalogues of a build tree (build/po), for
   * the app run uninstalled and for the tests */
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("MANIFOLD_LOCALEDIR") != NULL
                                   ? g_getenv ("MANIFOLD_LOCALEDIR") : MF_LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  mf_init ();
  application = mf_application_new (G_APPLICATION_DEFAULT_FLAGS);
  return g_application_run (G_APPLICATION (application), argc, argv);
}
