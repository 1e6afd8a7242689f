/* test-window.c: the main window through its application — the default
 * example, edits with undo and redo through the window's actions, the
 * title's unsaved mark, saving and reopening, a file that does not load,
 * the unsaved-changes question before New, Open, closing and quitting, the
 * recent files and the example gallery.  Needs a display (Xvfb).
 *
 * The file choosers are kept out of these paths: saving goes through
 * mf_window_save_to() with a GFile, opening through win.open-recent.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "mf-canvas.h"
#include "mf-example-gallery.h"
#include "mf-modes-panel.h"
#include "mf-palette.h"
#include "mf-properties-panel.h"
#include "mf-structure-panel.h"
#include "mf-test-app.h"
#include "mf-window.h"

static const char *
shown_title (MfWindow *window)
{
  GtkWidget *title = find_descendant (GTK_WIDGET (window), ADW_TYPE_WINDOW_TITLE);

  g_assert_nonnull (title);
  return adw_window_title_get_title (ADW_WINDOW_TITLE (title));
}

static const char *
shown_subtitle (MfWindow *window)
{
  GtkWidget *title = find_descendant (GTK_WIDGET (window), ADW_TYPE_WINDOW_TITLE);

  return adw_window_title_get_subtitle (ADW_WINDOW_TITLE (title));
}

static gboolean
action_enabled (MfWindow   *window,
                const char *name)
{
  GtkWidget *button = find_action_button (GTK_WIDGET (window), name);

  g_assert_nonnull (button);
  return gtk_widget_get_sensitive (button);
}

static char *
document_text (MfWindow *window)
{
  return mf_edit_document_to_data (mf_window_get_document (window), NULL);
}

/* Tank T1 and pipe P1, joined: three undoable edits. */
static void
build_circuit (MfEditDocument *document)
{
  g_autoptr (GError) error = NULL;

  g_assert_cmpstr (mf_edit_document_add_component (document, MF_COMPONENT_TANK, 40, 120,
                                                   &error), ==, "T1");
  g_assert_no_error (error);
  g_assert_cmpstr (mf_edit_document_add_component (document, MF_COMPONENT_PIPE, 120, 120,
                                                   &error), ==, "P1");
  g_assert_no_error (error);
  g_assert_true (mf_edit_document_connect (document, "T1.p", "P1.a", &error));
  g_assert_no_error (error);
}

static GFile *
scratch_file (const char *name)
{
  g_autofree char *path = g_build_filename (scratch_dir, name, NULL);

  return g_file_new_for_path (path);
}

static char *
example_path (const char *name)
{
  g_autofree char *file_name = g_strconcat (name, ".manifold", NULL);

  return g_build_filename (g_getenv ("MANIFOLD_EXAMPLES"), file_name, NULL);
}

static void
test_default_example (void)
{
  MfWindow *window;
  MfEditDocument *document;
  g_autofree char *path = example_path (MF_DEFAULT_EXAMPLE);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (MfEditDocument) expected = mf_edit_document_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *expected_text = NULL;
  g_autofree char *text = NULL;

  g_assert_true (mf_edit_document_load_file (expected, file, &error));
  g_assert_no_error (error);

  g_application_activate (G_APPLICATION (application));
  spin ();
  window = MF_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (application)));
  g_assert_true (MF_IS_WINDOW (window));
  document = mf_window_get_document (window);

  /* The example's circuit, as an untitled copy nobody has changed. */
  expected_text = mf_edit_document_to_data (expected, NULL);
  text = mf_edit_document_to_data (document, NULL);
  g_assert_cmpstr (text, ==, expected_text);
  g_assert_null (mf_edit_document_get_file (document));
  g_assert_false (mf_edit_document_get_modified (document));
  g_assert_null (strstr (shown_title (window), "•"));
  g_assert_cmpstr (shown_subtitle (window), ==, mf_edit_document_get_title (expected));
  g_assert_true (action_enabled (window, "win.save"));
  g_assert_false (action_enabled (window, "win.undo"));
  g_assert_false (action_enabled (window, "win.redo"));
  /* GTK finds the shortcuts window under the resource path of the id */
  g_assert_nonnull (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window)));

  destroy_all_windows ();
}

static void
test_edit_undo_redo (void)
{
  MfWindow *window = new_window ();
  MfEditDocument *document = mf_window_get_document (window);
  GtkWidget *undo_button = find_action_button (GTK_WIDGET (window), "win.undo");
  GtkWidget *redo_button = find_action_button (GTK_WIDGET (window), "win.redo");
  g_autofree char *empty = document_text (window);
  g_autofree char *before_connect = NULL;
  g_autofree char *after_connect = NULL;
  g_autofree char *undone = NULL;
  g_autofree char *redone = NULL;
  g_autofree char *undo_tip = NULL;
  g_autofree char *redo_tip = NULL;

  g_assert_false (mf_edit_document_get_modified (document));
  g_assert_false (g_str_has_prefix (shown_title (window), "•"));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (undo_button), ==, "Undo");

  g_assert_nonnull (mf_edit_document_add_component (document, MF_COMPONENT_TANK, 40, 120, NULL));
  g_assert_nonnull (mf_edit_document_add_component (document, MF_COMPONENT_PIPE, 120, 120, NULL));
  before_connect = document_text (window);
  g_assert_true (mf_edit_document_connect (document, "T1.p", "P1.a", NULL));
  after_connect = document_text (window);

  /* The title is marked, and the buttons say what they would undo. */
  g_assert_true (g_str_has_prefix (shown_title (window), "• "));
  g_assert_true (action_enabled (window, "win.undo"));
  g_assert_false (action_enabled (window, "win.redo"));
  undo_tip = g_strdup_printf ("Undo %s", mf_edit_document_get_undo_label (document));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (undo_button), ==, undo_tip);
  g_assert_nonnull (strstr (undo_tip, "T1.p"));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  undone = document_text (window);
  g_assert_cmpstr (undone, ==, before_connect);
  g_assert_true (action_enabled (window, "win.redo"));
  redo_tip = g_strdup_printf ("Redo %s", mf_edit_document_get_redo_label (document));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (redo_button), ==, redo_tip);
  g_assert_nonnull (strstr (redo_tip, "T1.p"));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL);
  redone = document_text (window);
  g_assert_cmpstr (redone, ==, after_connect);

  /* Undoing everything is the document as it was: no mark. */
  for (int i = 0; i < 3; i++)
    gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_free (undone);
  undone = document_text (window);
  g_assert_cmpstr (undone, ==, empty);
  g_assert_false (mf_edit_document_get_modified (document));
  g_assert_false (g_str_has_prefix (shown_title (window), "•"));
  g_assert_false (action_enabled (window, "win.undo"));

  destroy_all_windows ();
}

static void
test_save_and_reopen (void)
{
  MfWindow *window = new_window ();
  MfWindow *other = new_window ();
  g_autoptr (GFile) file = scratch_file ("tank-and-pipe.manifold");
  g_autofree char *uri = g_file_get_uri (file);
  g_autoptr (GError) error = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *reopened = NULL;

  build_circuit (mf_window_get_document (window));
  g_assert_true (g_str_has_prefix (shown_title (window), "• "));

  g_assert_true (mf_window_save_to (window, file, &error));
  g_assert_no_error (error);
  saved = document_text (window);
  g_assert_cmpstr (shown_title (window), ==, "tank-and-pipe.manifold");
  g_assert_cmpstr (shown_subtitle (window), ==, scratch_dir);
  g_assert_null (find_dialog (GTK_WINDOW (window)));
  g_assert_false (action_enabled (window, "win.save"));
  g_assert_true (gtk_recent_manager_has_item (gtk_recent_manager_get_default (), uri));

  g_assert_true (mf_window_load_file (other, file, &error));
  g_assert_no_error (error);
  reopened = document_text (other);
  g_assert_cmpstr (reopened, ==, saved);
  g_assert_false (mf_edit_document_get_modified (mf_window_get_document (other)));
  g_assert_cmpstr (shown_title (other), ==, "tank-and-pipe.manifold");

  /* An edit after saving marks the title again; saving in place clears it. */
  g_assert_true (mf_edit_document_move_components (mf_window_get_document (window),
                                                   (const char *[]) { "P1", NULL },
                                                   10, 0, 0, NULL));
  g_assert_cmpstr (shown_title (window), ==, "• tank-and-pipe.manifold");
  g_assert_true (action_enabled (window, "win.save"));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL);
  spin ();
  g_assert_cmpstr (shown_title (window), ==, "tank-and-pipe.manifold");
  g_assert_true (mf_window_load_file (other, file, &error));
  g_free (reopened);
  g_free (saved);
  reopened = document_text (other);
  saved = document_text (window);
  g_assert_cmpstr (reopened, ==, saved);

  destroy_all_windows ();
}

static void
test_save_failure (void)
{
  MfWindow *window = new_window ();
  g_autoptr (GFile) file = scratch_file ("no-such-folder/circuit.manifold");
  g_autoptr (GError) error = NULL;
  AdwMessageDialog *dialog;

  build_circuit (mf_window_get_document (window));
  g_assert_false (mf_window_save_to (window, file, &error));
  g_assert_nonnull (error);

  dialog = find_dialog (GTK_WINDOW (window));
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_body (dialog), ==, error->message);
  g_assert_nonnull (strstr (adw_message_dialog_get_heading (dialog), "circuit.manifold"));
  g_assert_true (mf_edit_document_get_modified (mf_window_get_document (window)));
  g_assert_null (mf_edit_document_get_file (mf_window_get_document (window)));
  g_assert_true (g_str_has_prefix (shown_title (window), "• "));

  destroy_all_windows ();
}

/* The message expected.txt lists for tests/data/bad/NAME: "5:75: ...". */
static char *
expected_message (const char *name)
{
  g_autofree char *contents = NULL;
  g_auto (GStrv) lines = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *prefix = g_strconcat (name, "\t", NULL);

  g_file_get_contents (g_test_get_filename (G_TEST_DIST, "data", "bad", "expected.txt", NULL),
                       &contents, NULL, &error);
  g_assert_no_error (error);
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], prefix))
      return g_strdup (lines[i] + strlen (prefix));
  g_assert_not_reached ();
}

static void
test_load_failure (void)
{
  MfWindow *window = new_window ();
  MfEditDocument *document = mf_window_get_document (window);
  g_autoptr (GFile) bad = g_file_new_for_path (g_test_get_filename (G_TEST_DIST, "data", "bad",
                                                                    "at-bad.manifold", NULL));
  g_autofree char *expected = expected_message ("at-bad.manifold");
  g_autoptr (GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  AdwMessageDialog *dialog;

  build_circuit (document);
  before = document_text (window);

  g_assert_false (mf_window_load_file (window, bad, &error));
  g_assert_nonnull (error);
  /* The loader's located message, whole, in front of the user. */
  g_assert_true (g_str_has_suffix (error->message, expected));
  dialog = find_dialog (GTK_WINDOW (window));
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_body (dialog), ==, error->message);
  g_assert_nonnull (strstr (adw_message_dialog_get_heading (dialog), "at-bad.manifold"));

  /* Nothing changed: the same document, the same text, still unsaved. */
  g_assert_true (mf_window_get_document (window) == document);
  after = document_text (window);
  g_assert_cmpstr (after, ==, before);
  g_assert_true (mf_edit_document_get_modified (document));
  g_assert_true (action_enabled (window, "win.undo"));

  answer (GTK_WINDOW (window), "close");
  g_assert_null (find_dialog (GTK_WINDOW (window)));

  destroy_all_windows ();
}

static void
test_new_asks_first (void)
{
  MfWindow *window = new_window ();
  MfEditDocument *document = mf_window_get_document (window);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;

  build_circuit (document);
  before = document_text (window);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.new", NULL);
  spin ();
  g_assert_nonnull (find_dialog (GTK_WINDOW (window)));
  g_assert_true (mf_window_get_document (window) == document);
  answer (GTK_WINDOW (window), "cancel");
  g_assert_true (mf_window_get_document (window) == document);
  after = document_text (window);
  g_assert_cmpstr (after, ==, before);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.new", NULL);
  spin ();
  answer (GTK_WINDOW (window), "discard");
  g_assert_true (mf_window_get_document (window) != document);
  g_assert_cmpuint (mf_edit_document_get_n_components (mf_window_get_document (window)), ==, 0);
  g_assert_false (mf_edit_document_get_modified (mf_window_get_document (window)));
  g_assert_false (g_str_has_prefix (shown_title (window), "•"));

  /* Nothing unsaved: no question. */
  document = mf_window_get_document (window);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new", NULL);
  spin ();
  g_assert_null (find_dialog (GTK_WINDOW (window)));
  g_assert_true (mf_window_get_document (window) != document);

  destroy_all_windows ();
}

static void
test_open_saves_first (void)
{
  MfWindow *window = new_window ();
  g_autoptr (GFile) mine = scratch_file ("mine.manifold");
  g_autoptr (GFile) other_file = scratch_file ("other.manifold");
  g_autofree char *other_uri = g_file_get_uri (other_file);
  g_autoptr (MfEditDocument) other = mf_edit_document_new ();
  g_autoptr (MfEditDocument) reread = mf_edit_document_new ();
  g_autofree char *mine_text = NULL;
  g_autofree char *reread_text = NULL;
  g_autofree char *shown = NULL;
  g_autofree char *other_text = NULL;

  g_assert_nonnull (mf_edit_document_add_component (other, MF_COMPONENT_MASS, 0, 0, NULL));
  g_assert_true (mf_edit_document_save (other, other_file, NULL));

  build_circuit (mf_window_get_document (window));
  g_assert_true (mf_window_save_to (window, mine, NULL));
  g_assert_true (mf_edit_document_rotate_components (mf_window_get_document (window),
                                                     (const char *[]) { "P1", NULL }, NULL));
  mine_text = document_text (window);

  /* Open (here from the recent files) asks, and Save writes the changes
   * to the document's own file before the other one replaces it. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.open-recent", "s", other_uri);
  spin ();
  answer (GTK_WINDOW (window), "save");
  g_assert_true (mf_edit_document_load_file (reread, mine, NULL));
  reread_text = mf_edit_document_to_data (reread, NULL);
  g_assert_cmpstr (reread_text, ==, mine_text);
  shown = document_text (window);
  other_text = mf_edit_document_to_data (other, NULL);
  g_assert_cmpstr (shown, ==, other_text);
  g_assert_cmpstr (shown_title (window), ==, "other.manifold");

  destroy_all_windows ();
}

static void
test_close_asks_first (void)
{
  MfWindow *window = new_window ();
  MfWindow *watched = window;

  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &watched);
  build_circuit (mf_window_get_document (window));

  gtk_window_close (GTK_WINDOW (window));
  spin ();
  g_assert_nonnull (watched);
  answer (GTK_WINDOW (window), "cancel");
  g_assert_nonnull (watched);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));

  gtk_window_close (GTK_WINDOW (window));
  spin ();
  answer (GTK_WINDOW (window), "discard");
  g_assert_null (watched);

  destroy_all_windows ();
}

/* The one of `a` and `b` that shows a question. */
static MfWindow *
asking_window (MfWindow *a,
               MfWindow *b)
{
  gboolean a_asks = find_dialog (GTK_WINDOW (a)) != NULL;
  gboolean b_asks = find_dialog (GTK_WINDOW (b)) != NULL;

  g_assert_true (a_asks != b_asks);
  return a_asks ? a : b;
}

static void
test_quit_asks_each_window (void)
{
  MfWindow *clean = new_window ();
  MfWindow *first = new_window ();
  MfWindow *second = new_window ();
  MfWindow *asked;

  build_circuit (mf_window_get_document (first));
  build_circuit (mf_window_get_document (second));

  /* One question at a time; Cancel at the second keeps every window. */
  g_action_group_activate_action (G_ACTION_GROUP (application), "quit", NULL);
  spin ();
  asked = asking_window (first, second);
  g_assert_null (find_dialog (GTK_WINDOW (clean)));
  answer (GTK_WINDOW (asked), "discard");
  asked = asking_window (first, second);
  answer (GTK_WINDOW (asked), "cancel");
  g_assert_cmpuint (g_list_length (gtk_application_get_windows (GTK_APPLICATION (application))),
                    ==, 3);
  g_assert_true (mf_edit_document_get_modified (mf_window_get_document (first)));
  g_assert_true (mf_edit_document_get_modified (mf_window_get_document (second)));

  /* Discard both: every window closes, the unmodified one without asking. */
  g_action_group_activate_action (G_ACTION_GROUP (application), "quit", NULL);
  spin ();
  answer (GTK_WINDOW (asking_window (first, second)), "discard");
  answer (GTK_WINDOW (asking_window (first, second)), "discard");
  g_assert_null (gtk_application_get_windows (GTK_APPLICATION (application)));

  destroy_all_windows ();
}

static void
test_widgets_follow_each_other (void)
{
  MfWindow *window = new_window ();
  MfEditDocument *document = mf_window_get_document (window);
  MfCanvas *canvas = MF_CANVAS (find_descendant (GTK_WIDGET (window), MF_TYPE_CANVAS));
  MfPropertiesPanel *properties =
    MF_PROPERTIES_PANEL (find_descendant (GTK_WIDGET (window), MF_TYPE_PROPERTIES_PANEL));
  GtkWidget *palette = find_descendant (GTK_WIDGET (window), MF_TYPE_PALETTE);
  GtkWidget *modes = find_descendant (GTK_WIDGET (window), MF_TYPE_MODES_PANEL);
  GtkWidget *structure = find_descendant (GTK_WIDGET (window), MF_TYPE_STRUCTURE_PANEL);

  g_assert_true (mf_canvas_get_document (canvas) == document);
  g_assert_true (mf_properties_panel_get_document (properties) == document);
  g_assert_true (mf_modes_panel_get_document (MF_MODES_PANEL (modes)) == document);
  g_assert_true (mf_structure_panel_get_document (MF_STRUCTURE_PANEL (structure)) == document);

  /* A click in the palette places that type on the canvas: one edit. */
  g_signal_emit_by_name (palette, "type-activated", "pipe");
  spin ();
  g_assert_cmpuint (mf_edit_document_get_n_components (document), ==, 1);
  g_assert_true (mf_edit_document_get_component_info (document, 0)->type == MF_COMPONENT_PIPE);
  g_assert_true (action_enabled (window, "win.undo"));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_cmpuint (mf_edit_document_get_n_components (document), ==, 0);

  /* One selected component is shown in the properties; two are not. */
  build_circuit (document);
  mf_canvas_set_selection (canvas, (const char *[]) { "P1", NULL });
  spin ();
  g_assert_cmpstr (mf_properties_panel_get_component (properties), ==, "P1");
  mf_canvas_set_selection (canvas, (const char *[]) { "T1", "P1", NULL });
  spin ();
  g_assert_null (mf_properties_panel_get_component (properties));

  /* Editing a mode on the canvas is what the modes panel asks for. */
  g_signal_emit_by_name (modes, "editing-mode-changed", "default");
  g_assert_cmpstr (mf_canvas_get_editing_mode (canvas), ==, "default");
  g_signal_emit_by_name (modes, "editing-mode-changed", NULL);
  g_assert_null (mf_canvas_get_editing_mode (canvas));

  /* A new document reaches every widget. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new", NULL);
  spin ();
  answer (GTK_WINDOW (window), "discard");
  document = mf_window_get_document (window);
  g_assert_true (mf_canvas_get_document (canvas) == document);
  g_assert_true (mf_properties_panel_get_document (properties) == document);
  g_assert_true (mf_modes_panel_get_document (MF_MODES_PANEL (modes)) == document);
  g_assert_true (mf_structure_panel_get_document (MF_STRUCTURE_PANEL (structure)) == document);
  g_assert_null (mf_properties_panel_get_component (properties));

  destroy_all_windows ();
}

static void
assert_layout (MfWindow *window,
               int       width,
               int       height,
               int       min_canvas_width)
{
  GtkWidget *canvas = find_descendant (GTK_WIDGET (window), MF_TYPE_CANVAS);
  GtkWidget *palette = find_descendant (GTK_WIDGET (window), MF_TYPE_PALETTE);
  GtkWidget *structure = find_descendant (GTK_WIDGET (window), MF_TYPE_STRUCTURE_PANEL);
  GtkWidget *side = gtk_widget_get_ancestor (structure, GTK_TYPE_SCROLLED_WINDOW);
  graphene_rect_t c, p, s;

  g_test_message ("window %d x %d: palette %d, canvas %d x %d, side panel %d",
                  gtk_widget_get_width (GTK_WIDGET (window)),
                  gtk_widget_get_height (GTK_WIDGET (window)), gtk_widget_get_width (palette),
                  gtk_widget_get_width (canvas), gtk_widget_get_height (canvas),
                  gtk_widget_get_width (side));
  g_assert_true (gtk_widget_compute_bounds (canvas, GTK_WIDGET (window), &c));
  g_assert_true (gtk_widget_compute_bounds (palette, GTK_WIDGET (window), &p));
  g_assert_true (gtk_widget_compute_bounds (side, GTK_WIDGET (window), &s));
  /* Side by side, in order, inside the window, none squeezed out. */
  g_assert_cmpfloat (p.origin.x + p.size.width, <=, c.origin.x);
  g_assert_cmpfloat (c.origin.x + c.size.width, <=, s.origin.x);
  g_assert_cmpfloat (s.origin.x + s.size.width, <=, width);
  g_assert_cmpfloat (p.size.width, >=, 100);
  g_assert_cmpfloat (s.size.width, >=, 300);
  g_assert_cmpfloat (s.size.width, <=, width / 2);
  g_assert_cmpfloat (c.size.width, >=, min_canvas_width);
  /* (the simulation pane takes the rest: tests/test-sim-panel.c) */
  g_assert_cmpfloat (c.size.height, >=, 300);
}

static void
test_layout (void)
{
  MfWindow *large = mf_window_new (application);
  MfWindow *small = mf_window_new (application);

  gtk_window_set_default_size (GTK_WINDOW (large), 1280, 800);
  gtk_window_set_default_size (GTK_WINDOW (small), 1024, 700);
  g_assert_true (mf_window_load_example (large, MF_DEFAULT_EXAMPLE, NULL));
  g_assert_true (mf_window_load_example (small, MF_DEFAULT_EXAMPLE, NULL));
  gtk_window_present (GTK_WINDOW (large));
  gtk_window_present (GTK_WINDOW (small));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (large));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (small));

  /* (the frame GTK draws without a window manager takes a few pixels) */
  assert_layout (large, 1280, 800, 500);
  assert_layout (small, 1024, 700, 350);

  destroy_all_windows ();
}

static void
wait_for_layout (MfWindow *window)
{
  GtkWidget *structure = find_descendant (GTK_WIDGET (window), MF_TYPE_STRUCTURE_PANEL);

  while (mf_structure_panel_get_busy (MF_STRUCTURE_PANEL (structure)))
    g_main_context_iteration (NULL, TRUE);
  gtk_widget_queue_draw (GTK_WIDGET (window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  spin ();
}

/* Whatever the side panel shows, it keeps its width and the canvas its
 * size; the properties of every component fit without scrolling sideways;
 * the canvas draws the valves of the mode the modes panel views. */
static void
assert_side_panel_steady (int width,
                          int height)
{
  MfWindow *window = mf_window_new (application);
  GtkWidget *canvas = find_descendant (GTK_WIDGET (window), MF_TYPE_CANVAS);
  GtkWidget *modes = find_descendant (GTK_WIDGET (window), MF_TYPE_MODES_PANEL);
  GtkWidget *structure = find_descendant (GTK_WIDGET (window), MF_TYPE_STRUCTURE_PANEL);
  GtkWidget *side = gtk_widget_get_ancestor (structure, GTK_TYPE_SCROLLED_WINDOW);
  GtkWidget *content = gtk_widget_get_ancestor (structure, GTK_TYPE_BOX);
  GtkWidget *stack = gtk_widget_get_ancestor (structure, ADW_TYPE_VIEW_STACK);
  static const char *const pages[] = { "modes", "structure", "properties" };
  MfEditDocument *document;
  int side_width, canvas_width;

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  g_assert_true (mf_window_load_example (window, "valve-closing", NULL));
  document = mf_window_get_document (window);
  gtk_window_present (GTK_WINDOW (window));
  wait_for_layout (window);
  side_width = gtk_widget_get_width (side);
  canvas_width = gtk_widget_get_width (canvas);
  g_test_message ("%d x %d: side panel %d, canvas %d", width, height, side_width, canvas_width);
  g_assert_cmpint (side_width, >=, 430);

  for (guint i = 0; i < mf_edit_document_get_n_components (document); i++)
    {
      const char *ids[] = { mf_edit_document_get_component_id (document, i), NULL };

      mf_canvas_set_selection (MF_CANVAS (canvas), ids);
      wait_for_layout (window);
      g_assert_cmpint (gtk_widget_get_width (side), ==, side_width);
      g_assert_cmpint (gtk_widget_get_width (canvas), ==, canvas_width);
      g_assert_cmpint (gtk_widget_get_width (content), ==, side_width);
    }
  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      adw_view_stack_set_visible_child_name (ADW_VIEW_STACK (stack), pages[i]);
      wait_for_layout (window);
      g_assert_cmpint (gtk_widget_get_width (side), ==, side_width);
      g_assert_cmpint (gtk_widget_get_width (canvas), ==, canvas_width);
    }

  mf_modes_panel_set_mode (MF_MODES_PANEL (modes), "V1 shut");
  g_assert_cmpstr (mf_canvas_get_shown_mode (MF_CANVAS (canvas)), ==, "V1 shut");
  gtk_window_destroy (GTK_WINDOW (window));
  spin ();
}

static void
test_side_panel_steady (void)
{
  assert_side_panel_steady (1280, 800);
  assert_side_panel_steady (1024, 700);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(char *const *) a, *(char *const *) b);
}

static GStrv
example_files (void)
{
  g_autoptr (GDir) dir = g_dir_open (g_getenv ("MANIFOLD_EXAMPLES"), 0, NULL);
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  const char *entry;

  g_assert_nonnull (dir);
  while ((entry = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (entry, ".manifold"))
      g_ptr_array_add (names, g_strndup (entry, strlen (entry) - strlen (".manifold")));
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return (GStrv) g_ptr_array_free (g_steal_pointer (&names), FALSE);
}

static MfExampleGallery *
find_gallery (void)
{
  return (MfExampleGallery *) find_toplevel (MF_TYPE_EXAMPLE_GALLERY, NULL);
}

static void
test_gallery (void)
{
  MfWindow *window = new_window ();
  g_auto (GStrv) files = example_files ();
  g_auto (GStrv) built_in = mf_example_gallery_list_names ();
  g_autofree char *path = example_path ("three-pipes");
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (MfEditDocument) expected = mf_edit_document_new ();
  g_autofree char *expected_text = NULL;
  g_autofree char *shown = NULL;
  MfExampleGallery *gallery;
  MfEditDocument *before;

  /* Every example file is built in, and the gallery lists each. */
  g_assert_cmpstrv (built_in, files);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-gallery", NULL);
  spin ();
  gallery = find_gallery ();
  g_assert_nonnull (gallery);
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (gallery)) == GTK_WINDOW (window));
  g_assert_cmpuint (mf_example_gallery_get_n_examples (gallery), ==, g_strv_length (files));

  /* Unsaved changes are asked about before the example replaces them. */
  build_circuit (mf_window_get_document (window));
  before = mf_window_get_document (window);
  g_assert_true (mf_example_gallery_activate (gallery, "three-pipes"));
  spin ();
  g_assert_null (find_gallery ());
  g_assert_true (mf_window_get_document (window) == before);
  answer (GTK_WINDOW (window), "discard");

  g_assert_true (mf_edit_document_load_file (expected, file, NULL));
  expected_text = mf_edit_document_to_data (expected, NULL);
  shown = document_text (window);
  g_assert_cmpstr (shown, ==, expected_text);
  g_assert_null (mf_edit_document_get_file (mf_window_get_document (window)));
  g_assert_false (mf_edit_document_get_modified (mf_window_get_document (window)));

  destroy_all_windows ();
}

/* The controller of `widget` named `name`, or NULL. */
static GtkEventController *
find_named_controller (GtkWidget  *widget,
                       const char *name)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (g_strcmp0 (gtk_event_controller_get_name (controller), name) == 0)
        return controller;
    }
  return NULL;
}

/* Whether `controller` (a shortcut controller) has a shortcut that `accel`
 * ("<Control>o") triggers. */
static gboolean
controller_has_trigger (GtkEventController *controller,
                        const char         *accel)
{
  GListModel *shortcuts = G_LIST_MODEL (controller);
  g_autoptr (GtkShortcutTrigger) wanted = gtk_shortcut_trigger_parse_string (accel);

  g_assert_nonnull (wanted);
  for (guint i = 0; i < g_list_model_get_n_items (shortcuts); i++)
    {
      g_autoptr (GtkShortcut) shortcut = g_list_model_get_item (shortcuts, i);

      if (gtk_shortcut_trigger_equal (gtk_shortcut_get_trigger (shortcut), wanted))
        return TRUE;
    }
  return FALSE;
}

/* Every window-wide key of the shortcuts window works whatever has the
 * focus: Ctrl+O once did nothing after a click on the Structure tab, as
 * the window's keys were looked at only after the focused widget (a grid,
 * a list, a plot, the canvas) had passed on the key.  Each must be a
 * shortcut of the window's capture-phase controller, which sees a key
 * before any widget inside, or an application accelerator (GTK looks at
 * those in the capture phase too).  Undo and redo stay behind a focused
 * text entry, which has its own; the canvas's and the plots' keys are
 * theirs. */
static void
test_window_keys_whatever_has_focus (void)
{
  MfWindow *window;
  GtkEventController *keys;
  g_autoptr (GBytes) bytes = g_resources_lookup_data (
    "/io/github/manifold/Manifold/gtk/help-overlay.ui", 0, NULL);
  const char *xml;
  g_auto (GStrv) lines = NULL;
  const char *current_group = NULL;
  g_autofree char *group_name = NULL;
  guint checked = 0;

  g_application_activate (G_APPLICATION (application));
  spin ();
  window = MF_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (application)));
  keys = find_named_controller (GTK_WIDGET (window), "mf-window-shortcuts");
  g_assert_nonnull (keys);
  g_assert_cmpint (gtk_event_controller_get_propagation_phase (keys), ==, GTK_PHASE_CAPTURE);

  g_assert_nonnull (bytes);
  xml = g_bytes_get_data (bytes, NULL);
  lines = g_strsplit (xml, ">", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autofree char *accels = NULL;

      if (strstr (lines[i], "GtkShortcutsGroup") != NULL)
        current_group = "next";
      else if (g_strcmp0 (current_group, "next") == 0 && strstr (lines[i], "name=\"title\"") != NULL)
        {
          g_free (group_name);
          group_name = g_strndup (lines[i + 1], strcspn (lines[i + 1], "<"));
          current_group = group_name;
        }
      if (strstr (lines[i], "name=\"accelerator\"") == NULL)
        continue;
      accels = g_strndup (lines[i + 1], strcspn (lines[i + 1], "<"));
      /* the window's own groups; the canvas's, the plots' and editing keys
       * belong to the focused widget */
      if (g_strcmp0 (current_group, "Circuits") != 0 && g_strcmp0 (current_group, "Simulation") != 0
          && g_strcmp0 (current_group, "Windows") != 0)
        continue;
      {
        g_autoptr (GString) text = g_string_new (accels);
        g_auto (GStrv) each = NULL;

        g_string_replace (text, "&lt;", "<", 0);
        g_string_replace (text, "&gt;", ">", 0);
        each = g_strsplit (text->str, " ", -1);
        for (guint k = 0; each[k] != NULL; k++)
          {
            g_auto (GStrv) app_actions = gtk_application_get_actions_for_accel (
              GTK_APPLICATION (application), each[k]);

            g_test_message ("%s: %s", current_group, each[k]);
            g_assert_true (controller_has_trigger (keys, each[k]) || app_actions[0] != NULL
                           /* GTK's own: the shortcuts window */
                           || strcmp (each[k], "<Control>question") == 0);
            checked++;
          }
      }
    }
  /* Circuits 4, Simulation 8 (Stop has two), Windows 5 */
  g_assert_cmpuint (checked, ==, 17);
}

int
main (int   argc,
      char *argv[])
{
  if (!test_app_init (&argc, &argv, "window"))
    return 0;

  g_test_add_func ("/app/window/default-example", test_default_example);
  g_test_add_func ("/app/window/window-keys-whatever-has-focus",
                   test_window_keys_whatever_has_focus);
  g_test_add_func ("/app/window/edit-undo-redo", test_edit_undo_redo);
  g_test_add_func ("/app/window/save-and-reopen", test_save_and_reopen);
  g_test_add_func ("/app/window/save-failure", test_save_failure);
  g_test_add_func ("/app/window/load-failure", test_load_failure);
  g_test_add_func ("/app/window/new-asks-first", test_new_asks_first);
  g_test_add_func ("/app/window/open-saves-first", test_open_saves_first);
  g_test_add_func ("/app/window/close-asks-first", test_close_asks_first);
  g_test_add_func ("/app/window/quit-asks-each-window", test_quit_asks_each_window);
  g_test_add_func ("/app/window/gallery", test_gallery);
  g_test_add_func ("/app/window/widgets-follow-each-other", test_widgets_follow_each_other);
  g_test_add_func ("/app/window/layout", test_layout);
  g_test_add_func ("/app/window/side-panel-steady", test_side_panel_steady);
  return test_app_run ();
}
