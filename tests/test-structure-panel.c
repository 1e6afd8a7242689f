/* test-structure-panel.c: the structure panel in a window, under Xvfb —
 * what it shows for a document, that it follows edits (debounced, off the
 * main thread), modes and pins, and that picking a row of W asks the canvas
 * to highlight the right node; and a matrix view's filled cells and
 * diagonal blocks.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gtk/gtk.h>
#include <string.h>

#include "mf-error.h"
#include "mf-structure-panel.h"

typedef struct
{
  GtkWindow        *window;
  MfStructurePanel *panel;
  MfEditDocument   *document;
  guint             n_updates;
  char            **highlight_components;
  char            **highlight_ports;
  guint             n_highlights;
} Fixture;

static char *
example_path (const char *name)
{
  const char *dir = g_getenv ("MANIFOLD_EXAMPLES");
  g_autofree char *file = g_strconcat (name, ".manifold", NULL);

  if (dir != NULL && *dir != '\0')
    return g_build_filename (dir, file, NULL);
  return g_test_build_filename (G_TEST_DIST, "..", "data", "examples", file, NULL);
}

static void
on_updated (MfStructurePanel *panel, Fixture *fixture)
{
  fixture->n_updates++;
}

static void
on_highlight (MfStructurePanel *panel, char **components, char **ports, Fixture *fixture)
{
  g_strfreev (fixture->highlight_components);
  g_strfreev (fixture->highlight_ports);
  fixture->highlight_components = g_strdupv (components);
  fixture->highlight_ports = g_strdupv (ports);
  fixture->n_highlights++;
}

static gboolean
wake_up (gpointer user_data)
{
  return G_SOURCE_CONTINUE;
}

/* Runs the main loop until the panel has shown the structure of the latest
 * edit (or 20 s have passed: a test that fails, not one that hangs). */
static void
wait_until_shown (Fixture *fixture)
{
  gint64 deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  guint ticker = g_timeout_add (50, wake_up, NULL);

  while (mf_structure_panel_get_busy (fixture->panel) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (ticker);
  g_assert_false (mf_structure_panel_get_busy (fixture->panel));
}

static void
fixture_set_up (Fixture *fixture, gconstpointer user_data)
{
  const char *example = user_data;
  g_autofree char *path = example_path (example);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;

  fixture->document = mf_edit_document_new ();
  g_assert_true (mf_edit_document_load_file (fixture->document, file, &error));
  g_assert_no_error (error);
  fixture->panel = MF_STRUCTURE_PANEL (mf_structure_panel_new ());
  g_signal_connect (fixture->panel, "updated", G_CALLBACK (on_updated), fixture);
  g_signal_connect (fixture->panel, "highlight-requested", G_CALLBACK (on_highlight), fixture);
  fixture->window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_default_size (fixture->window, 420, 760);
  gtk_window_set_child (fixture->window, GTK_WIDGET (fixture->panel));
  gtk_window_present (fixture->window);
  mf_structure_panel_set_document (fixture->panel, fixture->document);
  wait_until_shown (fixture);
  fixture->n_updates = 0;
}

static void
fixture_tear_down (Fixture *fixture, gconstpointer user_data)
{
  gtk_window_destroy (fixture->window);
  g_clear_object (&fixture->document);
  g_strfreev (fixture->highlight_components);
  g_strfreev (fixture->highlight_ports);
}

/* Whether some label inside @widget shows text that contains @needle. */
static gboolean
shows_text (GtkWidget *widget, const char *needle)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_visible (widget)
      && strstr (gtk_label_get_text (GTK_LABEL (widget)), needle) != NULL)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (shows_text (child, needle))
      return TRUE;
  return FALSE;
}

static char *
joined (char **strv)
{
  return strv != NULL ? g_strjoinv (", ", strv) : g_strdup ("(none)");
}

/* Three pipes at one junction: rank 1, the two heaviest pipes independent
 * (test-structure.c reasons it out), an ODE; W is 1 × 3 with J1's row and
 * the independent columns marked. */
static void
test_shows_structure (Fixture *fixture, gconstpointer user_data)
{
  MfMatrixView *w = mf_structure_panel_get_w_view (fixture->panel);
  MfMatrixView *alpha = mf_structure_panel_get_alpha_view (fixture->panel);

  g_assert_cmpstr (mf_structure_panel_get_rank_text (fixture->panel), ==, "1 of 1 constraint");
  g_assert_cmpstr (mf_structure_panel_get_index_text (fixture->panel), ==, "0 — an ODE");
  g_assert_cmpstr (mf_structure_panel_get_independent_text (fixture->panel), ==, "P3.v, P1.v");
  g_assert_null (mf_structure_panel_get_error (fixture->panel));
  g_assert_cmpstr (mf_structure_panel_get_mode (fixture->panel), ==, "default");

  g_assert_cmpuint (mf_matrix_view_get_n_rows (w), ==, 1);
  g_assert_cmpuint (mf_matrix_view_get_n_cols (w), ==, 3);
  g_assert_cmpstr (mf_matrix_view_get_row_label (w, 0), ==, "J1");
  g_assert_cmpstr (mf_matrix_view_get_col_label (w, 2), ==, "P3.v");
  /* P1 (10 mm) enters J1, P3 (12 mm) leaves it: −A1 and +A3 */
  g_assert_cmpfloat_with_epsilon (mf_matrix_view_get_value (w, 0, 0), -G_PI * 0.005 * 0.005,
                                  1e-12);
  g_assert_cmpfloat_with_epsilon (mf_matrix_view_get_value (w, 0, 2), G_PI * 0.006 * 0.006,
                                  1e-12);
  g_assert_cmpint (mf_matrix_view_get_col_mark (w, 0), ==, MF_MATRIX_MARK_ACCENT);
  g_assert_cmpint (mf_matrix_view_get_col_mark (w, 1), ==, MF_MATRIX_MARK_NONE);
  g_assert_cmpint (mf_matrix_view_get_col_mark (w, 2), ==, MF_MATRIX_MARK_ACCENT);

  /* α: velocities × independent states, with the identity on P3.v, P1.v */
  g_assert_cmpuint (mf_matrix_view_get_n_rows (alpha), ==, 3);
  g_assert_cmpuint (mf_matrix_view_get_n_cols (alpha), ==, 2);
  g_assert_cmpfloat (mf_matrix_view_get_value (alpha, 2, 0), ==, 1.0);
  g_assert_cmpfloat (mf_matrix_view_get_value (alpha, 0, 1), ==, 1.0);
  g_assert_cmpfloat (mf_matrix_view_get_value (alpha, 0, 0), ==, 0.0);

  gtk_test_widget_wait_for_draw (GTK_WIDGET (fixture->window));
}

/* Removing P2 leaves P1 → J1 → P3 in series: still one constraint, now on
 * two velocities, so one independent state, the heavier P3.v.  The edit
 * is not shown at once (debounced, computed in a worker), then it is. */
static void
test_follows_edits (Fixture *fixture, gconstpointer user_data)
{
  const char *p2[] = { "P2", NULL };
  g_autoptr (GError) error = NULL;
  MfMatrixView *w = mf_structure_panel_get_w_view (fixture->panel);

  g_assert_true (mf_edit_document_remove_components (fixture->document, p2, &error));
  g_assert_no_error (error);
  g_assert_true (mf_structure_panel_get_busy (fixture->panel));
  g_assert_cmpuint (mf_matrix_view_get_n_cols (w), ==, 3);
  wait_until_shown (fixture);
  g_assert_cmpuint (fixture->n_updates, ==, 1);
  g_assert_cmpuint (mf_matrix_view_get_n_cols (w), ==, 2);
  g_assert_cmpstr (mf_structure_panel_get_rank_text (fixture->panel), ==, "1 of 1 constraint");
  g_assert_cmpstr (mf_structure_panel_get_independent_text (fixture->panel), ==, "P3.v");

  /* undo brings the third pipe back */
  g_assert_true (mf_edit_document_undo (fixture->document));
  wait_until_shown (fixture);
  g_assert_cmpuint (mf_matrix_view_get_n_cols (w), ==, 3);
  g_assert_cmpstr (mf_structure_panel_get_independent_text (fixture->panel), ==, "P3.v, P1.v");
}

/* Runs the main loop for `ms` milliseconds, as a user typing would. */
static void
run_for (guint ms)
{
  gint64 until = g_get_monotonic_time () + ms * 1000;
  guint ticker = g_timeout_add (5, wake_up, NULL);

  while (g_get_monotonic_time () < until)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (ticker);
}

/* A burst of edits 40 ms apart, quicker than the debounce interval, is
 * computed once, after the last. */
static void
test_debounces (Fixture *fixture, gconstpointer user_data)
{
  const char *lengths[] = { "6 m", "7 m", "8 m", "9 m", "10 m" };

  for (guint i = 0; i < G_N_ELEMENTS (lengths); i++)
    {
      g_autoptr (GError) error = NULL;

      g_assert_true (mf_edit_document_set_param (fixture->document, "P2", "length", lengths[i],
                                                 &error));
      g_assert_no_error (error);
      run_for (40);
      g_assert_cmpuint (fixture->n_updates, ==, 0);
    }
  wait_until_shown (fixture);
  g_assert_cmpuint (fixture->n_updates, ==, 1);
  /* P2 now holds 10 m × 78.5 mm² = 7.9e-4 m³ of oil, the most of all */
  g_assert_cmpstr (mf_structure_panel_get_independent_text (fixture->panel), ==, "P2.v, P3.v");
}

/* Picking J1's row asks for the junction and every port of its node;
 * picking a column asks for the pipe of that velocity. */
static void
test_row_highlights_node (Fixture *fixture, gconstpointer user_data)
{
  MfMatrixView *w = mf_structure_panel_get_w_view (fixture->panel);
  g_autofree char *components = NULL;
  g_autofree char *ports = NULL;

  mf_matrix_view_select (w, 0, -1);
  g_assert_cmpuint (fixture->n_highlights, ==, 1);
  components = joined (fixture->highlight_components);
  ports = joined (fixture->highlight_ports);
  g_assert_cmpstr (components, ==, "J1");
  g_assert_cmpstr (ports, ==, "P1.b, P2.b, J1.p, P3.a");

  mf_matrix_view_select (w, -1, 1);
  g_assert_cmpuint (fixture->n_highlights, ==, 2);
  g_clear_pointer (&components, g_free);
  g_clear_pointer (&ports, g_free);
  components = joined (fixture->highlight_components);
  ports = joined (fixture->highlight_ports);
  g_assert_cmpstr (components, ==, "P2");
  g_assert_cmpstr (ports, ==, "");

  /* the same selection again is no new request */
  mf_matrix_view_select (w, -1, 1);
  g_assert_cmpuint (fixture->n_highlights, ==, 2);
}

/* The canvas selecting T1 and P1: J1's row (P1.b is in its node) and the
 * column P1.v light up; a tank has no row of its own. */
static void
test_selection_highlights (Fixture *fixture, gconstpointer user_data)
{
  const char *selection[] = { "T1", "P1", NULL };
  MfMatrixView *w = mf_structure_panel_get_w_view (fixture->panel);
  MfMatrixView *m = mf_structure_panel_get_m_view (fixture->panel);

  /* a row picked in the grid gives way to what the canvas selects */
  mf_matrix_view_select (w, 0, -1);
  g_assert_cmpuint (fixture->n_highlights, ==, 1);
  mf_structure_panel_set_selection (fixture->panel, selection);
  g_assert_cmpint (mf_matrix_view_get_selected_row (w), ==, -1);
  g_assert_true (mf_matrix_view_get_row_highlighted (w, 0));
  g_assert_true (mf_matrix_view_get_col_highlighted (w, 0));
  g_assert_false (mf_matrix_view_get_col_highlighted (w, 1));
  g_assert_false (mf_matrix_view_get_col_highlighted (w, 2));
  g_assert_true (mf_matrix_view_get_row_highlighted (m, 0));
  g_assert_false (mf_matrix_view_get_row_highlighted (m, 1));
  g_assert_cmpuint (fixture->n_highlights, ==, 1);

  /* the highlight survives a recomputation */
  g_assert_true (mf_edit_document_set_param (fixture->document, "P3", "length", "4.5 m", NULL));
  wait_until_shown (fixture);
  g_assert_true (mf_matrix_view_get_col_highlighted (w, 0));

  mf_structure_panel_set_selection (fixture->panel, NULL);
  g_assert_false (mf_matrix_view_get_row_highlighted (w, 0));
}

/* Pinning the lightest pipe makes it independent; undo unpins it. */
static void
test_pin_state (Fixture *fixture, gconstpointer user_data)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (mf_structure_panel_pin_state (fixture->panel, "P2.v", TRUE, &error));
  g_assert_no_error (error);
  g_assert_true (mf_edit_document_get_state_preferred (fixture->document, "P2.v"));
  wait_until_shown (fixture);
  g_assert_cmpstr (mf_structure_panel_get_independent_text (fixture->panel), ==, "P2.v, P3.v");

  g_assert_true (mf_edit_document_undo (fixture->document));
  wait_until_shown (fixture);
  g_assert_false (mf_edit_document_get_state_preferred (fixture->document, "P2.v"));
  g_assert_cmpstr (mf_structure_panel_get_independent_text (fixture->panel), ==, "P3.v, P1.v");
}

/* A spring with nothing on either end cannot be assembled: the panel shows
 * the assembly's message in place of a structure, and recovers on undo. */
static void
test_shows_error (Fixture *fixture, gconstpointer user_data)
{
  g_autoptr (GError) error = NULL;
  MfMatrixView *w = mf_structure_panel_get_w_view (fixture->panel);

  g_assert_nonnull (mf_edit_document_add_component (fixture->document, MF_COMPONENT_SPRING,
                                                    300, 300, &error));
  g_assert_no_error (error);
  wait_until_shown (fixture);
  g_assert_null (mf_structure_panel_get_structure (fixture->panel));
  g_assert_nonnull (mf_structure_panel_get_error (fixture->panel));
  g_assert_nonnull (strstr (mf_structure_panel_get_error (fixture->panel), "no mass"));
  g_assert_cmpstr (mf_structure_panel_get_rank_text (fixture->panel), ==, "—");
  g_assert_cmpuint (mf_matrix_view_get_n_rows (w), ==, 0);
  /* no caption may still give the size of the W that was shown before */
  g_assert_false (shows_text (GTK_WIDGET (fixture->panel), "W v = q, "));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (fixture->window));

  g_assert_true (mf_edit_document_undo (fixture->document));
  wait_until_shown (fixture);
  g_assert_null (mf_structure_panel_get_error (fixture->panel));
  g_assert_true (shows_text (GTK_WIDGET (fixture->panel), "W v = q, 1 × 3"));
  g_assert_cmpstr (mf_structure_panel_get_rank_text (fixture->panel), ==, "1 of 1 constraint");
}

/* Twelve pipes left unconnected give more problems than the panel has room
 * for: the list scrolls, so the panel still fits its window, and the pages
 * below it are not drawn over. */
static void
test_many_problems (Fixture *fixture, gconstpointer user_data)
{
  int minimum = 0, natural = 0;

  for (guint i = 0; i < 12; i++)
    {
      g_autoptr (GError) error = NULL;

      g_assert_nonnull (mf_edit_document_add_component (fixture->document, MF_COMPONENT_PIPE,
                                                        400, 100 + 40 * i, &error));
      g_assert_no_error (error);
    }
  wait_until_shown (fixture);
  g_assert_nonnull (mf_structure_panel_get_structure (fixture->panel));
  g_assert_true (shows_text (GTK_WIDGET (fixture->panel), "is not connected"));
  g_assert_true (shows_text (GTK_WIDGET (fixture->panel), "more problems"));
  gtk_widget_measure (GTK_WIDGET (fixture->panel), GTK_ORIENTATION_VERTICAL, 420,
                      &minimum, &natural, NULL, NULL);
  g_test_message ("panel height with 20 problems: minimum %d, natural %d", minimum, natural);
  g_assert_cmpint (minimum, <=, 560);
  g_assert_cmpint (natural, <=, 760);
}

/* valve-closing: its second mode closes V1, adding a row; a mode that
 * disappears from the document gives way to the first. */
static void
test_modes (Fixture *fixture, gconstpointer user_data)
{
  g_autoptr (GError) error = NULL;
  MfMatrixView *w = mf_structure_panel_get_w_view (fixture->panel);

  g_assert_cmpstr (mf_structure_panel_get_mode (fixture->panel), ==, "V1 open");
  g_assert_cmpstr (mf_structure_panel_get_rank_text (fixture->panel), ==, "2 of 2 constraints");

  g_object_set (fixture->panel, "mode", "V1 shut", NULL);
  wait_until_shown (fixture);
  g_assert_cmpstr (mf_structure_panel_get_rank_text (fixture->panel), ==, "3 of 3 constraints");
  g_assert_cmpstr (mf_structure_panel_get_independent_text (fixture->panel), ==, "P1.v");
  g_assert_cmpstr (mf_matrix_view_get_row_label (w, 2), ==, "V1 closed");
  g_assert_cmpstr (mf_structure_get_mode_name (mf_structure_panel_get_structure (fixture->panel)),
                   ==, "V1 shut");

  g_assert_true (mf_edit_document_remove_mode (fixture->document, "V1 shut", &error));
  g_assert_no_error (error);
  g_assert_cmpstr (mf_structure_panel_get_mode (fixture->panel), ==, "V1 open");
  wait_until_shown (fixture);
  g_assert_cmpstr (mf_structure_panel_get_rank_text (fixture->panel), ==, "2 of 2 constraints");
}

/* pump-parallel-orifices: index 1, the orifice velocity algebraic, and the
 * core's words about the singular M̄ among the problems. */
static void
test_index_one (Fixture *fixture, gconstpointer user_data)
{
  const MfStructure *structure = mf_structure_panel_get_structure (fixture->panel);
  g_auto (GStrv) algebraic = mf_structure_dup_states (structure, MF_STATE_ROLE_ALGEBRAIC);

  g_assert_cmpstr (mf_structure_panel_get_index_text (fixture->panel), ==,
                   "1 — a DAE: M̄ is singular");
  g_assert_cmpstr (mf_structure_panel_get_independent_text (fixture->panel), ==, "O1.v");
  g_assert_cmpstr (algebraic[0], ==, "O1.v");
  g_assert_null (algebraic[1]);
  g_assert_nonnull (strstr (mf_structure_get_problems (structure)[0], "singular"));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (fixture->window));
}

/* The GtkListView inside @widget outside popovers (the mode dropdown has
 * one): the states page's list. */
static GtkListView *
find_list_view (GtkWidget *widget)
{
  if (GTK_IS_POPOVER (widget))
    return NULL;
  if (GTK_IS_LIST_VIEW (widget))
    return GTK_LIST_VIEW (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkListView *found = find_list_view (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The row of the states page that shows @name, with its role label and
 * pin: the name label's siblings. */
static GtkWidget *
find_state_row (GtkWidget *widget, const char *name)
{
  if (GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), name) == 0
      && GTK_IS_TOGGLE_BUTTON (gtk_widget_get_last_child (gtk_widget_get_parent (widget))))
    return gtk_widget_get_parent (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_state_row (child, name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* piston-accumulator: index 2.  The volume pressure that the massless
 * piston's force balance fixes is as algebraic as the piston's velocity:
 * the summary lists both, the states page gives it a row with its role and
 * no pin, and picking that row asks the canvas for the volume's node.
 * The piston's position is integrated (x' = v): the summary's
 * "Integrated" and the states page both say so (both once left it out). */
static void
test_index_two (Fixture *fixture, gconstpointer user_data)
{
  GtkListView *view;
  GListModel *model;
  GtkWidget *row;
  g_autofree char *components = NULL;
  g_autofree char *ports = NULL;

  g_assert_cmpstr (mf_structure_panel_get_index_text (fixture->panel), ==,
                   "2 — a DAE: M̄ is singular");
  g_assert_cmpstr (mf_structure_panel_get_independent_text (fixture->panel), ==, "P1.v, C1.v");
  g_assert_cmpstr (mf_structure_panel_get_algebraic_text (fixture->panel), ==, "C1.v, P1.b.p");
  g_assert_true (shows_text (GTK_WIDGET (fixture->panel), "Fixed by hidden constraints: P1.b.p"));
  g_assert_cmpstr (mf_structure_panel_get_integrated_text (fixture->panel), ==, "P1.v, C1.x");

  mf_structure_panel_set_page (fixture->panel, "states");
  gtk_test_widget_wait_for_draw (GTK_WIDGET (fixture->window));
  view = find_list_view (GTK_WIDGET (fixture->panel));
  g_assert_nonnull (view);
  model = G_LIST_MODEL (gtk_list_view_get_model (view));
  /* every state: P1.v, C1.v, C1.x, P1.b.p */
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 4);
  row = find_state_row (GTK_WIDGET (view), "C1.x");
  g_assert_nonnull (row);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (gtk_widget_get_next_sibling (
                     gtk_widget_get_first_child (row)))), ==, "integrated");
  g_assert_false (gtk_widget_get_child_visible (gtk_widget_get_last_child (row)));

  row = find_state_row (GTK_WIDGET (view), "C1.v");
  g_assert_nonnull (row);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (gtk_widget_get_next_sibling (
                     gtk_widget_get_first_child (row)))), ==, "independent, algebraic");
  g_assert_true (gtk_widget_get_child_visible (gtk_widget_get_last_child (row)));
  row = find_state_row (GTK_WIDGET (view), "P1.b.p");
  g_assert_nonnull (row);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (gtk_widget_get_next_sibling (
                     gtk_widget_get_first_child (row)))), ==,
                   "algebraic, fixed by a hidden constraint");
  /* a pressure cannot be preferred as an independent velocity */
  g_assert_false (gtk_widget_get_child_visible (gtk_widget_get_last_child (row)));

  gtk_single_selection_set_selected (GTK_SINGLE_SELECTION (model), 3);
  g_assert_cmpuint (fixture->n_highlights, ==, 1);
  components = joined (fixture->highlight_components);
  ports = joined (fixture->highlight_ports);
  g_assert_cmpstr (components, ==, "");
  g_assert_cmpstr (ports, ==, "P1.b");

  /* the velocity rows still lead to their component */
  gtk_single_selection_set_selected (GTK_SINGLE_SELECTION (model), 1);
  g_assert_cmpuint (fixture->n_highlights, ==, 2);
  g_clear_pointer (&components, g_free);
  components = joined (fixture->highlight_components);
  g_assert_cmpstr (components, ==, "C1");
}

/* Destroying the panel while it computes must not touch it afterwards. */
static void
test_destroyed_while_busy (void)
{
  g_autofree char *path = example_path ("three-pipes");
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (MfEditDocument) document = mf_edit_document_new ();
  GtkWidget *panel = mf_structure_panel_new ();
  gint64 until;

  g_object_ref_sink (panel);
  g_assert_true (mf_edit_document_load_file (document, file, NULL));
  mf_structure_panel_set_document (MF_STRUCTURE_PANEL (panel), document);
  g_assert_true (mf_structure_panel_get_busy (MF_STRUCTURE_PANEL (panel)));
  g_object_unref (panel);
  until = g_get_monotonic_time () + G_USEC_PER_SEC / 2;
  while (g_get_monotonic_time () < until)
    g_main_context_iteration (NULL, FALSE);
}

/* A matrix view's cells, blocks and pattern (mf-matrix-view-marks.c): a
 * 3 × 3 lower-triangular pattern with the diagonal filled, blocks {0} and
 * {1, 2}; blocks reaching past the grid are refused, and new contents
 * clear cells and blocks but keep the pattern. */
static void
test_matrix_marks (void)
{
  const double values[9] = { 1, 2, 0, 0, 3, 4, 0, 0, 5 }; /* column-major */
  const char *labels[] = { "a", "b", "c" };
  const int diagonal[3] = { 0, 1, 2 };
  const guint blocks[3] = { 0, 1, 3 };
  const guint too_far[2] = { 0, 4 };
  GtkWidget *view = g_object_ref_sink (mf_matrix_view_new ());
  MfMatrixView *m = MF_MATRIX_VIEW (view);

  mf_matrix_view_set_pattern (m, TRUE);
  mf_matrix_view_set_dense (m, 3, 3, labels, labels, values);
  mf_matrix_view_set_row_cells (m, diagonal);
  mf_matrix_view_set_blocks (m, 2, blocks);
  g_assert_cmpint (mf_matrix_view_get_row_cell (m, 2), ==, 2);
  g_assert_cmpint (mf_matrix_view_get_row_cell (m, 3), ==, -1);
  g_assert_cmpuint (mf_matrix_view_get_n_blocks (m), ==, 2);
  g_assert_cmpint (mf_matrix_view_get_block (m, 0), ==, 0);
  g_assert_cmpint (mf_matrix_view_get_block (m, 2), ==, 1);
  g_assert_cmpint (mf_matrix_view_get_block (m, 3), ==, -1);
  mf_matrix_view_set_blocks (m, 1, too_far);
  g_assert_cmpuint (mf_matrix_view_get_n_blocks (m), ==, 0);
  mf_matrix_view_set_blocks (m, 2, blocks);
  mf_matrix_view_set_dense (m, 3, 3, labels, labels, values);
  g_assert_cmpint (mf_matrix_view_get_row_cell (m, 2), ==, -1);
  g_assert_cmpuint (mf_matrix_view_get_n_blocks (m), ==, 0);
  g_assert_true (mf_matrix_view_get_pattern (m));
  g_object_unref (view);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  if (!gtk_init_check ())
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }
  mf_init ();

  g_test_add ("/app/structure-panel/shows-structure", Fixture, "three-pipes", fixture_set_up,
              test_shows_structure, fixture_tear_down);
  g_test_add ("/app/structure-panel/follows-edits", Fixture, "three-pipes", fixture_set_up,
              test_follows_edits, fixture_tear_down);
  g_test_add ("/app/structure-panel/debounces", Fixture, "three-pipes", fixture_set_up,
              test_debounces, fixture_tear_down);
  g_test_add ("/app/structure-panel/row-highlights-node", Fixture, "three-pipes",
              fixture_set_up, test_row_highlights_node, fixture_tear_down);
  g_test_add ("/app/structure-panel/selection-highlights", Fixture, "three-pipes",
              fixture_set_up, test_selection_highlights, fixture_tear_down);
  g_test_add ("/app/structure-panel/pin-state", Fixture, "three-pipes", fixture_set_up,
              test_pin_state, fixture_tear_down);
  g_test_add ("/app/structure-panel/shows-error", Fixture, "three-pipes", fixture_set_up,
              test_shows_error, fixture_tear_down);
  g_test_add ("/app/structure-panel/many-problems", Fixture, "three-pipes", fixture_set_up,
              test_many_problems, fixture_tear_down);
  g_test_add ("/app/structure-panel/modes", Fixture, "valve-closing", fixture_set_up,
              test_modes, fixture_tear_down);
  g_test_add ("/app/structure-panel/index-one", Fixture, "pump-parallel-orifices",
              fixture_set_up, test_index_one, fixture_tear_down);
  g_test_add ("/app/structure-panel/index-two", Fixture, "piston-accumulator", fixture_set_up,
              test_index_two, fixture_tear_down);
  g_test_add_func ("/app/structure-panel/destroyed-while-busy", test_destroyed_while_busy);
  g_test_add_func ("/app/matrix-view/marks", test_matrix_marks);
  return g_test_run ();
}
