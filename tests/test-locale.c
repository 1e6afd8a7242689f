/* test-locale.c: the app speaks the language it is started in.  Run once per
 * language of po/LINGUAS with LANGUAGE=xx (and LC_ALL=C.UTF-8, which lets
 * gettext follow LANGUAGE without a generated locale); the catalogues are
 * the ones the build compiled (MANIFOLD_LOCALEDIR).  Under Xvfb.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <locale.h>
#include <string.h>

#include "mf-application.h"
#include "mf-component-type.h"
#include "mf-palette.h"
#include "mf-window.h"

/* Strings of the window's own widgets, as the sources hold them. */
static const char *const window_strings[] = {
  "_Examples", "_Save", "Properties", "Modes", "Structure", "Not run yet",
};

static void
collect_labels (GtkWidget *widget, GPtrArray *labels)
{
  if (GTK_IS_LABEL (widget))
    g_ptr_array_add (labels, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_labels (child, labels);
}

static gboolean
has_label (GPtrArray *labels, const char *text)
{
  for (guint i = 0; i < labels->len; i++)
    if (strcmp (gtk_label_get_label (g_ptr_array_index (labels, i)), text) == 0)
      return TRUE;
  return FALSE;
}

/* Every string is translated in the catalogue, and the window shows the
 * translation, not the English. */
static void
test_window_translated (void)
{
  g_autoptr (MfApplication) application = mf_application_new (G_APPLICATION_NON_UNIQUE);
  g_autoptr (GPtrArray) labels = g_ptr_array_new ();
  MfWindow *window;

  g_assert_true (g_application_register (G_APPLICATION (application), NULL, NULL));
  window = mf_window_new (application);
  collect_labels (GTK_WIDGET (window), labels);
  for (guint i = 0; i < G_N_ELEMENTS (window_strings); i++)
    {
      const char *english = window_strings[i];
      const char *translated = g_dgettext (GETTEXT_PACKAGE, english);

      g_test_message ("%s → %s", english, translated);
      g_assert_cmpstr (translated, !=, english);
      g_assert_true (has_label (labels, translated));
      g_assert_false (has_label (labels, english));
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The catalogue is complete as far as the desktop integration goes: the
 * comment of the desktop file and the metainfo summary. */
static void
test_catalogue (void)
{
  const char *summary = "Draw hydraulic circuits and watch their equations at work";

  g_assert_cmpstr (g_dgettext (GETTEXT_PACKAGE, summary), !=, summary);
}

/* What `manifold-cli ARGS` prints on standard output, run in the test's
 * language (it inherits LANGUAGE, LC_ALL and MANIFOLD_LOCALEDIR). */
static char *
run_cli (const char *const *args)
{
  const char *cli = g_getenv ("MANIFOLD_CLI");
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  char *out = NULL;
  int status;

  g_assert_nonnull (cli);
  g_ptr_array_add (argv, (gpointer) cli);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_STDERR_TO_DEV_NULL,
                               NULL, NULL, &out, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return out;
}

/* The command line speaks the language too: its help, and the summary of
 * `validate` with a plural chosen by the language's rule. */
static void
test_cli_translated (void)
{
  const char *const help[] = { "--help", NULL };
  const char *const validate[] = { "validate", MF_SOURCE_ROOT "/data/examples/three-pipes.manifold",
                                   NULL };
  g_autofree char *help_text = run_cli (help);
  g_autofree char *validate_text = run_cli (validate);
  const char *commands = g_dgettext (GETTEXT_PACKAGE, "Commands:");
  const char *summary = g_dgettext (GETTEXT_PACKAGE, "Simulate the circuit and plot chosen "
                                                     "outputs against time");
  g_autofree char *components = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u component",
                                                              "%u components", 7),
                                                 7);

  g_test_message ("%s%s", help_text, validate_text);
  g_assert_cmpstr (commands, !=, "Commands:");
  g_assert_nonnull (strstr (help_text, commands));
  g_assert_nonnull (strstr (help_text, summary));
  g_assert_null (strstr (help_text, "Commands:"));
  g_assert_cmpstr (components, !=, "7 components");
  g_assert_nonnull (strstr (validate_text, components));
}

/* Every palette name fits its tile whole: a long word breaks at the soft
 * hyphens its translation puts at the joints of the compound
 * ("Druck\u00adbegrenzungs\u00adventil") rather than ending in "…".  The same
 * name inside a message (mf_component_type_kind) has no soft hyphen, since
 * a terminal may show one. */
static void
test_palette_names (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *palette = mf_palette_new ();
  guint shown = 0;

  gtk_window_set_child (GTK_WINDOW (window), palette);
  gtk_window_set_default_size (GTK_WINDOW (window), -1, 2000);
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (window);
  for (guint t = 0; t < MF_N_COMPONENT_TYPES; t++)
    {
      const MfComponentTypeInfo *info = mf_component_type_info (t);
      GtkWidget *button = mf_palette_get_button (MF_PALETTE (palette), info->name);
      g_autofree char *kind = mf_component_type_kind (info);
      g_autoptr (GPtrArray) labels = g_ptr_array_new ();
      GtkLabel *label;

      g_assert_null (strstr (kind, "\u00ad"));
      if (button == NULL)
        continue;
      collect_labels (button, labels);
      g_assert_cmpuint (labels->len, ==, 1);
      label = g_ptr_array_index (labels, 0);
      g_test_message ("%s: %s", info->name, gtk_label_get_label (label));
      g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (label)));
      shown++;
    }
  g_assert_cmpuint (shown, >, 10);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  const char *localedir = g_getenv ("MANIFOLD_LOCALEDIR");

  g_test_init (&argc, &argv, NULL);
  setlocale (LC_ALL, "");
  g_assert_nonnull (localedir);
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  if (!gtk_init_check ())
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }
  g_test_add_func ("/app/locale/catalogue", test_catalogue);
  g_test_add_func ("/app/locale/window", test_window_translated);
  g_test_add_func ("/app/locale/palette", test_palette_names);
  g_test_add_func ("/app/locale/cli", test_cli_translated);
  return g_test_run ();
}
