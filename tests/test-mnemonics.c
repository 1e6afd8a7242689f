/* test-mnemonics.c: no two items of one menu, and no two labels of one
 * window or popover, share an access key (the underlined letter: "_Save"
 * and "_Stop" both take Alt+S, and only the first one would answer).  The
 * main window with an example, every dialog and window its actions open,
 * the plot layout's menus (a time plot's and an XY plot's still without its
 * x quantity) are walked: the menus of every menu button and popover menu,
 * sections counted with the menu they sit in and submenus as menus of
 * their own, and the labels with a mnemonic of every window and popover.
 * English only (the C locale); each translation picks its own letters.
 * Under Xvfb.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "mf-sim-panel.h"
#include "mf-test-app.h"
#include "mf-window.h"

/* The access key of a label written with underlines ("Save _As…" → 'a',
 * "Re_move" → 'm'); "__" is an underscore written, not a key.  0 when it
 * has none. */
static gunichar
mnemonic_key (const char *label)
{
  for (const char *p = label; p != NULL && *p != '\0'; p++)
    if (p[0] == '_')
      {
        if (p[1] == '_')
          p++;
        else if (p[1] != '\0')
          return g_unichar_tolower (g_utf8_get_char (p + 1));
      }
  return 0;
}

static void
test_mnemonic_key (void)
{
  g_assert_cmpuint (mnemonic_key ("Save _As…"), ==, 'a');
  g_assert_cmpuint (mnemonic_key ("Add _XY Plot"), ==, 'x');
  g_assert_cmpuint (mnemonic_key ("a__b _Cd"), ==, 'c');
  g_assert_cmpuint (mnemonic_key ("No key"), ==, 0);
  g_assert_cmpuint (mnemonic_key ("trailing_"), ==, 0);
  g_assert_cmpuint (mnemonic_key ("_Ärger"), ==, g_utf8_get_char ("ä"));
}

/* The labels of one menu, window or popover by their key, and every clash
 * found so far in `clashes`. */
typedef struct
{
  GHashTable *seen; /* key → label */
  const char *where;
  GString    *clashes;
} Scope;

static void
scope_init (Scope *scope, const char *where, GString *clashes)
{
  scope->seen = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  scope->where = where;
  scope->clashes = clashes;
}

/* A scope that starts with what `outer` holds: a page of a stack shares
 * its window's keys with the rest of the window, not with the other pages. */
static void
scope_init_within (Scope *scope, const Scope *outer, const char *where)
{
  GHashTableIter iter;
  gpointer key, label;

  scope_init (scope, where, outer->clashes);
  g_hash_table_iter_init (&iter, outer->seen);
  while (g_hash_table_iter_next (&iter, &key, &label))
    g_hash_table_insert (scope->seen, key, g_strdup (label));
}

static void
scope_clear (Scope *scope)
{
  g_hash_table_unref (scope->seen);
}

static void
scope_add (Scope *scope, const char *label)
{
  gunichar key = mnemonic_key (label);
  const char *other;

  if (key == 0)
    return;
  other = g_hash_table_lookup (scope->seen, GUINT_TO_POINTER (key));
  /* the same words twice are one item drawn twice (an entry row's title
   * is a label over the field and another in it) */
  if (other != NULL && strcmp (other, label) != 0)
    g_string_append_printf (scope->clashes, "%s: “%s” and “%s”\n", scope->where, other, label);
  else
    g_hash_table_insert (scope->seen, GUINT_TO_POINTER (key), g_strdup (label));
}

static void check_menu (GMenuModel *model, const char *where, GString *clashes);

/* The items of `model` and of its sections into `scope`; its submenus are
 * menus of their own. */
static void
add_menu_items (Scope *scope, GMenuModel *model)
{
  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autofree char *label = NULL;
      g_autoptr (GMenuModel) section = NULL;
      g_autoptr (GMenuModel) submenu = NULL;

      if (g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_LABEL, "s", &label))
        scope_add (scope, label);
      section = g_menu_model_get_item_link (model, i, G_MENU_LINK_SECTION);
      if (section != NULL)
        add_menu_items (scope, section);
      submenu = g_menu_model_get_item_link (model, i, G_MENU_LINK_SUBMENU);
      if (submenu != NULL)
        {
          g_autofree char *where = g_strdup_printf ("%s › %s", scope->where, label);

          check_menu (submenu, where, scope->clashes);
        }
    }
}

static void
check_menu (GMenuModel *model, const char *where, GString *clashes)
{
  Scope scope;

  scope_init (&scope, where, clashes);
  add_menu_items (&scope, model);
  scope_clear (&scope);
}

/* Walks `widget`'s tree: its labels with a mnemonic go to `scope`, each
 * popover (a window of its own) and menu is checked on its own. */
static void
walk_widget (GtkWidget *widget, Scope *scope, guint *n_menus)
{
  if (GTK_IS_LABEL (widget) && gtk_label_get_use_underline (GTK_LABEL (widget)))
    scope_add (scope, gtk_label_get_label (GTK_LABEL (widget)));
  if (GTK_IS_MENU_BUTTON (widget) && gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (widget)))
    {
      g_autofree char *where = g_strdup_printf ("%s, menu of %s", scope->where,
                                                G_OBJECT_TYPE_NAME (widget));

      check_menu (gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (widget)), where,
                  scope->clashes);
      (*n_menus)++;
    }
  if (GTK_IS_POPOVER_MENU (widget))
    {
      GMenuModel *model = gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (widget));

      /* a menu button's menu was checked with the button; its items'
       * labels are the menu's */
      if (model != NULL && !GTK_IS_MENU_BUTTON (gtk_widget_get_parent (widget)))
        {
          check_menu (model, scope->where, scope->clashes);
          (*n_menus)++;
        }
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      g_autofree char *where = g_strdup_printf ("%s › %s", scope->where,
                                                G_OBJECT_TYPE_NAME (child));
      Scope inner;

      if (GTK_IS_NATIVE (child))
        /* a popover takes its keys alone */
        scope_init (&inner, where, scope->clashes);
      else if (GTK_IS_STACK (widget) || ADW_IS_VIEW_STACK (widget))
        /* the pages of a stack are shown one at a time */
        scope_init_within (&inner, scope, where);
      else
        {
          walk_widget (child, scope, n_menus);
          continue;
        }
      walk_widget (child, &inner, n_menus);
      scope_clear (&inner);
    }
}

/* Every toplevel window, its popovers and menus. */
static guint
check_toplevels (GString *clashes)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  guint n_menus = 0;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) window = g_list_model_get_item (toplevels, i);
      Scope scope;

      scope_init (&scope, G_OBJECT_TYPE_NAME (window), clashes);
      walk_widget (GTK_WIDGET (window), &scope, &n_menus);
      scope_clear (&scope);
    }
  return n_menus;
}

/* The checker finds a clash where there is one (so that a pass below
 * means something). */
static void
test_finds_clash (void)
{
  g_autoptr (GString) clashes = g_string_new (NULL);
  g_autoptr (GMenu) menu = g_menu_new ();
  g_autoptr (GMenu) section = g_menu_new ();
  g_autoptr (GMenu) submenu = g_menu_new ();

  g_menu_append (menu, "_Save", "win.save");
  g_menu_append (section, "Save _As…", "win.save-as");
  g_menu_append (submenu, "_Save Copy", "win.copy");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (section));
  g_menu_append_submenu (menu, "_More", G_MENU_MODEL (submenu));
  check_menu (G_MENU_MODEL (menu), "test", clashes);
  /* the submenu's "_Save Copy" has a menu of its own */
  g_assert_cmpstr (clashes->str, ==, "");

  g_menu_append (section, "_About", "app.about");
  check_menu (G_MENU_MODEL (menu), "test", clashes);
  g_assert_cmpstr (clashes->str, ==, "test: “Save _As…” and “_About”\n");
}

static void
open_everything (MfWindow *window)
{
  static const char *const actions[] = {
    "win.equations", "win.stiffness", "win.compare-methods", "win.sweep",
    "win.export",    "win.measured-data",
  };
  GtkWidget *panel = find_descendant (GTK_WIDGET (window), MF_TYPE_SIM_PANEL);

  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), actions[i], NULL));
  g_action_group_activate_action (G_ACTION_GROUP (application), "preferences", NULL);
  /* the plot layout: a time plot's menu, and an XY plot's with no x yet */
  g_assert_nonnull (panel);
  g_assert_true (gtk_widget_activate_action (panel, "layout.customize", NULL));
  spin ();
}

/* A plot's menu button in the layout (by its tooltip, in English). */
static gboolean
is_plot_menu_button (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_MENU_BUTTON (widget)
         && g_strcmp0 (gtk_widget_get_tooltip_text (widget), "Plot menu") == 0;
}

static void
test_app_mnemonics (void)
{
  g_autoptr (GString) clashes = g_string_new (NULL);
  MfWindow *window = new_window ();
  GtkWidget *plot_button;
  guint n_menus;

  g_assert_true (mf_window_load_example (window, "textbook-cylinder", NULL));
  spin ();
  open_everything (window);
  plot_button = find_matching (GTK_WIDGET (window), is_plot_menu_button, NULL);
  g_assert_nonnull (plot_button);
  g_assert_true (gtk_widget_activate_action (plot_button, "plot.add", "s", "xy"));
  spin ();

  n_menus = check_toplevels (clashes);
  /* the main menu, a time plot's, the XY plot's, the layout's, … */
  g_assert_cmpuint (n_menus, >=, 4);
  g_assert_cmpstr (clashes->str, ==, "");
  destroy_all_windows ();
}

int
main (int argc, char **argv)
{
  if (!test_app_init (&argc, &argv, "mnemonics"))
    return 0;
  g_test_add_func ("/app/mnemonics/key", test_mnemonic_key);
  g_test_add_func ("/app/mnemonics/finds-clash", test_finds_clash);
  g_test_add_func ("/app/mnemonics/app", test_app_mnemonics);
  return test_app_run ();
}
