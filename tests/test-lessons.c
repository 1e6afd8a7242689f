/* test-lessons.c: the lessons in a window (src/app/lessons/mf-lesson-panel.c,
 * src/app/window/mf-window-lessons.c) — each opened through win.open-lesson
 * loads its example and shows its panel in the palette's place; Previous
 * and Next walk the introduction and every step, each insensitive at its
 * end; the gallery offers every lesson; unsaved changes are asked about
 * first; the lesson stays through edits and goes when another circuit comes
 * or the panel is closed.  Needs a display (Xvfb).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "mf-example-gallery.h"
#include "mf-lesson-panel.h"
#include "mf-palette.h"
#include "mf-test-app.h"
#include "mf-window.h"

static MfLessonPanel *
lesson_panel (MfWindow *window)
{
  GtkWidget *panel = find_descendant (GTK_WIDGET (window), MF_TYPE_LESSON_PANEL);

  g_assert_nonnull (panel);
  return MF_LESSON_PANEL (panel);
}

/* Whether the panel is what the window shows beside the canvas, in the
 * palette's place. */
static gboolean
lesson_shown (MfWindow *window)
{
  GtkWidget *panel = GTK_WIDGET (lesson_panel (window));
  GtkWidget *palette = find_descendant (GTK_WIDGET (window), MF_TYPE_PALETTE);

  g_assert_nonnull (palette);
  g_assert_true (gtk_widget_get_mapped (panel) != gtk_widget_get_mapped (palette));
  return gtk_widget_get_mapped (panel);
}

static gboolean
label_says (GtkWidget *widget, gconstpointer text)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (widget)), text) == 0;
}

/* Whether the panel shows a label that says `text`. */
static gboolean
shows (MfLessonPanel *panel,
       const char    *text)
{
  GtkWidget *label = find_matching (GTK_WIDGET (panel), label_says, text);

  return label != NULL && gtk_widget_get_mapped (label);
}

/* A button whose label, plain or beside an icon, is `label` ("_Next"). */
static gboolean
button_says (GtkWidget *widget, gconstpointer label)
{
  GtkWidget *content = GTK_IS_BUTTON (widget) ? gtk_button_get_child (GTK_BUTTON (widget)) : NULL;

  return button_has_label (widget, label)
         || (ADW_IS_BUTTON_CONTENT (content)
             && g_strcmp0 (adw_button_content_get_label (ADW_BUTTON_CONTENT (content)), label)
                  == 0);
}

static gboolean
button_shows_icon (GtkWidget *widget, gconstpointer icon_name)
{
  return GTK_IS_BUTTON (widget)
         && g_strcmp0 (gtk_button_get_icon_name (GTK_BUTTON (widget)), icon_name) == 0;
}

static void
click (GtkWidget *button)
{
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_is_sensitive (button));
  g_signal_emit_by_name (button, "clicked");
  spin ();
}

/* The text the example `name` loads as, to compare documents by. */
static char *
example_text (const char *name)
{
  g_autoptr (GBytes) bytes = mf_example_gallery_lookup (name, NULL);
  g_autoptr (MfEditDocument) document = mf_edit_document_new ();
  gsize length;
  const char *data = g_bytes_get_data (bytes, &length);

  g_assert_true (mf_edit_document_load_data (document, data, length, "example", NULL));
  return mf_edit_document_to_data (document, NULL);
}

static void
assert_example_loaded (MfWindow       *window,
                       const MfLesson *lesson)
{
  MfEditDocument *document = mf_window_get_document (window);
  g_autofree char *shown = mf_edit_document_to_data (document, NULL);
  g_autofree char *expected = example_text (lesson->example);

  g_assert_cmpstr (shown, ==, expected);
  g_assert_null (mf_edit_document_get_file (document));
  g_assert_false (mf_edit_document_get_modified (document));
}

/* Next from the introduction to the last step and Previous back, the
 * counter, the text and the buttons' sensitivity at each page. */
static void
walk (MfWindow       *window,
      const MfLesson *lesson)
{
  MfLessonPanel *panel = lesson_panel (window);
  GtkWidget *previous = find_matching (GTK_WIDGET (panel), button_says, "_Previous");
  GtkWidget *next = find_matching (GTK_WIDGET (panel), button_says, "_Next");
  guint n_steps = mf_lesson_n_steps (lesson);

  g_assert_nonnull (previous);
  g_assert_nonnull (next);
  g_assert_true (shows (panel, lesson->title));
  g_assert_cmpuint (mf_lesson_panel_get_page (panel), ==, 0);
  g_assert_true (shows (panel, "Introduction"));
  g_assert_true (shows (panel, lesson->introduction));
  g_assert_false (gtk_widget_is_sensitive (previous));
  g_assert_true (gtk_widget_is_sensitive (next));
  for (guint k = 1; k <= n_steps; k++)
    {
      g_autofree char *counter = g_strdup_printf ("Step %u of %u", k, n_steps);

      click (next);
      g_assert_cmpuint (mf_lesson_panel_get_page (panel), ==, k);
      g_assert_true (shows (panel, counter));
      g_assert_true (shows (panel, lesson->steps[k - 1]));
      g_assert_true (shows (panel, lesson->title));
      g_assert_true (gtk_widget_is_sensitive (previous));
      g_assert_true (gtk_widget_is_sensitive (next) == (k < n_steps));
    }
  for (guint k = n_steps; k > 0; k--)
    {
      click (previous);
      g_assert_cmpuint (mf_lesson_panel_get_page (panel), ==, k - 1);
      g_assert_true (gtk_widget_is_sensitive (next));
    }
  g_assert_true (shows (panel, lesson->introduction));
  g_assert_false (gtk_widget_is_sensitive (previous));
}

/* Every lesson: its example loaded, its panel shown and walked, and the
 * panel's close button bringing the palette back. */
static void
test_open_and_walk (void)
{
  guint n;
  const MfLesson *const *lessons = mf_lesson_list (&n);
  MfWindow *window = new_window ();

  g_assert_cmpuint (n, >=, 3);
  g_assert_false (lesson_shown (window));
  for (guint i = 0; i < n; i++)
    {
      g_test_message ("lesson %s", lessons[i]->name);
      gtk_widget_activate_action (GTK_WIDGET (window), "win.open-lesson", "s", lessons[i]->name);
      spin ();
      assert_example_loaded (window, lessons[i]);
      g_assert_true (lesson_shown (window));
      g_assert_true (mf_lesson_panel_get_lesson (lesson_panel (window)) == lessons[i]);
      walk (window, lessons[i]);
    }
  click (find_matching (GTK_WIDGET (lesson_panel (window)), button_shows_icon,
                        "window-close-symbolic"));
  g_assert_false (lesson_shown (window));
  g_assert_null (mf_lesson_panel_get_lesson (lesson_panel (window)));
  destroy_all_windows ();
}

static MfExampleGallery *
find_gallery (void)
{
  return (MfExampleGallery *) find_toplevel (MF_TYPE_EXAMPLE_GALLERY, NULL);
}

/* The gallery lists every lesson under its title, and choosing one opens
 * it. */
static void
test_gallery (void)
{
  guint n;
  const MfLesson *const *lessons = mf_lesson_list (&n);
  MfWindow *window = new_window ();
  MfExampleGallery *gallery;

  for (guint i = 0; i < n; i++)
    {
      gtk_widget_activate_action (GTK_WIDGET (window), "win.show-gallery", NULL);
      spin ();
      gallery = find_gallery ();
      g_assert_nonnull (gallery);
      for (guint j = 0; j < n; j++)
        g_assert_nonnull (find_matching (GTK_WIDGET (gallery), is_row_titled, lessons[j]->title));
      g_assert_true (mf_example_gallery_activate_lesson (gallery, lessons[i]->name));
      spin ();
      g_assert_null (find_gallery ());
      assert_example_loaded (window, lessons[i]);
      g_assert_true (lesson_shown (window));
      g_assert_true (mf_lesson_panel_get_lesson (lesson_panel (window)) == lessons[i]);
    }
  destroy_all_windows ();
}

/* Unsaved changes are asked about before a lesson's example replaces them:
 * Cancel keeps the circuit and opens no lesson, Discard opens it. */
static void
test_unsaved_asks_first (void)
{
  const MfLesson *lesson = &mf_lesson_water_hammer;
  MfWindow *window = new_window ();
  MfEditDocument *before = mf_window_get_document (window);
  g_autoptr (GError) error = NULL;

  g_assert_nonnull (mf_edit_document_add_component (before, MF_COMPONENT_TANK, 40, 120, &error));
  g_assert_no_error (error);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.open-lesson", "s", lesson->name);
  spin ();
  answer (GTK_WINDOW (window), "cancel");
  g_assert_true (mf_window_get_document (window) == before);
  g_assert_false (lesson_shown (window));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.open-lesson", "s", lesson->name);
  spin ();
  answer (GTK_WINDOW (window), "discard");
  assert_example_loaded (window, lesson);
  g_assert_true (lesson_shown (window));
  destroy_all_windows ();
}

/* The lesson stays while its example is edited (a lesson asks for edits),
 * goes when another circuit takes its place, and goes through
 * win.close-lesson too. */
static void
test_stays_through_edits (void)
{
  const MfLesson *lesson = &mf_lesson_shrinking_volume;
  MfWindow *window = new_window ();
  MfEditDocument *document;
  g_autoptr (GError) error = NULL;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.open-lesson", "s", lesson->name);
  spin ();
  document = mf_window_get_document (window);
  mf_lesson_panel_set_page (lesson_panel (window), 4);
  g_assert_true (mf_edit_document_set_param (document, "V1", "volume", "0.1 L", &error));
  g_assert_no_error (error);
  spin ();
  g_assert_true (lesson_shown (window));
  g_assert_cmpuint (mf_lesson_panel_get_page (lesson_panel (window)), ==, 4);

  /* another circuit: the example of no lesson */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.open-example", "s", "three-pipes");
  spin ();
  answer (GTK_WINDOW (window), "discard");
  g_assert_false (lesson_shown (window));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.open-lesson", "s", lesson->name);
  spin ();
  g_assert_true (lesson_shown (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.close-lesson", NULL);
  spin ();
  g_assert_false (lesson_shown (window));
  destroy_all_windows ();
}

int
main (int   argc,
      char *argv[])
{
  if (!test_app_init (&argc, &argv, "lessons"))
    return 0;

  g_test_add_func ("/app/lessons/open-and-walk", test_open_and_walk);
  g_test_add_func ("/app/lessons/gallery", test_gallery);
  g_test_add_func ("/app/lessons/unsaved-asks-first", test_unsaved_asks_first);
  g_test_add_func ("/app/lessons/stays-through-edits", test_stays_through_edits);
  return test_app_run ();
}
