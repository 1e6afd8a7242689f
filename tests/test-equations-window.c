/* test-equations-window.c: the Equations window (src/app/equations/) opened
 * by win.equations on the piston accumulator — a row per equation with the
 * text a copy gives, the canvas selection marking the rows of a component,
 * a row picked asking the canvas to light its component or node, the
 * window following an edit and another mode, and a circuit that does not
 * assemble shown as a message; Export Handout… writing a PDF on a worker
 * thread, and a failure shown in a dialog; the Index Procedure, Drift and
 * Structure pages; and notation typeset (mf-math-layout.c): a fraction is
 * taller than its line, and a larger font lays out larger.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "mf-application.h"
#include "mf-equations-window.h"
#include "mf-handout-export.h"
#include "mf-math-layout.h"
#include "mf-structure.h"
#include "mf-test-edit.h"
#include "mf-test-widgets.h"
#include "mf-window.h"

static MfApplication *application;

typedef struct
{
  MfWindow          *window;
  MfEquationsWindow *equations;
} Fixture;

static void
wait_until_shown (MfEquationsWindow *equations)
{
  gint64 until = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  while (mf_equations_window_get_busy (equations) && g_get_monotonic_time () < until)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (mf_equations_window_get_busy (equations));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (equations));
}

static MfEquationsWindow *
find_equations_window (void)
{
  return MF_EQUATIONS_WINDOW (find_toplevel (MF_TYPE_EQUATIONS_WINDOW, NULL));
}

static void
set_up (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (g_getenv ("MANIFOLD_EXAMPLES"),
                                            data != NULL ? data : "piston-accumulator.manifold",
                                            NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;

  f->window = mf_window_new (application);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1280, 800);
  g_assert_true (mf_window_load_file (f->window, file, &error));
  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (f->window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (f->window));
  g_assert_null (find_equations_window ());
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.equations", NULL);
  f->equations = find_equations_window ();
  g_assert_nonnull (f->equations);
  wait_until_shown (f->equations);
}

static void
tear_down (Fixture *f, gconstpointer data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  spin ();
  g_assert_null (find_equations_window ());
}

static guint
n_rows (GtkListBox *list)
{
  guint n = 0;

  while (gtk_list_box_get_row_at_index (list, (int) n) != NULL)
    n++;
  return n;
}

static void
test_rows_and_copy (Fixture *f, gconstpointer data)
{
  const MfEquations *equations = mf_equations_window_get_equations (f->equations);
  g_autofree char *text = mf_equations_window_dup_text (f->equations, FALSE);
  g_autofree char *latex = mf_equations_window_dup_text (f->equations, TRUE);

  g_assert_nonnull (equations);
  g_assert_null (mf_equations_window_get_message (f->equations));
  /* P1, C1 twice, K1, T1, V1, T2; reduced: P1 and C1 */
  g_assert_cmpuint (mf_equations_n (equations), ==, 9);
  g_assert_cmpuint (n_rows (mf_equations_window_get_list (f->equations)), ==, 9);
  /* the massless piston's balance, the constraint whose derivative the
   * index procedure needs */
  g_assert_nonnull (strstr (text, "\nC1: 0 = A_cap,C1·P1.b.p − A_rod,C1·C1.rod.p + T_K1\n"));
  g_assert_nonnull (strstr (text, "\nK1: T_K1 = −k_K1·C1.x\n"));
  g_assert_nonnull (strstr (text, "\n  k_K1: 200000 N/m\n"));
  /* the massless piston's row of M̄ is zero: the constraint again */
  g_assert_nonnull (strstr (text, "\nreduced to the independent states:\nP1: 1.36659·P1.v' = "
                                  "F_P1.v\nC1: 0 = F_C1.v\n"));
  g_assert_true (g_str_has_prefix (latex, "\\begin{align*}\n"));
  g_assert_nonnull (strstr (latex, "T_{\\mathrm{K1}} = -k_{\\mathrm{K1}}\\cdot \\mathrm{C1.x}"));
}

static void
test_selection_marks_rows (Fixture *f, gconstpointer data)
{
  const char *v1[] = { "V1", NULL };
  const char *c1[] = { "C1", NULL };

  mf_equations_window_set_selection (f->equations, v1);
  for (guint i = 0; i < 9; i++)
    g_assert_cmpint (mf_equations_window_get_row_marked (f->equations, i), ==, i == 5);
  mf_equations_window_set_selection (f->equations, c1);
  for (guint i = 0; i < 9; i++)
    g_assert_cmpint (mf_equations_window_get_row_marked (f->equations, i), ==,
                     i == 1 || i == 2 || i == 8);
  mf_equations_window_set_selection (f->equations, NULL);
  for (guint i = 0; i < 9; i++)
    g_assert_false (mf_equations_window_get_row_marked (f->equations, i));
}

typedef struct
{
  GStrv ids;
  GStrv ports;
} Highlight;

static void
on_highlight (MfEquationsWindow *equations, GStrv ids, GStrv ports, Highlight *seen)
{
  g_strfreev (seen->ids);
  g_strfreev (seen->ports);
  seen->ids = g_strdupv (ids);
  seen->ports = g_strdupv (ports);
}

static void
test_row_lights_canvas (Fixture *f, gconstpointer data)
{
  GtkListBox *list = mf_equations_window_get_list (f->equations);
  Highlight seen = { NULL, NULL };

  g_signal_connect (f->equations, "highlight-requested", G_CALLBACK (on_highlight), &seen);
  gtk_list_box_select_row (list, gtk_list_box_get_row_at_index (list, 3));
  g_assert_nonnull (seen.ids);
  g_assert_cmpuint (g_strv_length (seen.ids), ==, 1);
  g_assert_cmpstr (seen.ids[0], ==, "K1");
  g_assert_cmpuint (g_strv_length (seen.ports), ==, 0);
  g_signal_handlers_disconnect_by_data (f->equations, &seen);
  g_strfreev (seen.ids);
  g_strfreev (seen.ports);
}

/* A node named after a port, not a component: the row asks for the node. */
static void
test_node_row_lights_node (Fixture *f, gconstpointer data)
{
  GtkListBox *list = mf_equations_window_get_list (f->equations);
  const MfEquations *equations = mf_equations_window_get_equations (f->equations);
  Highlight seen = { NULL, NULL };
  int row = -1;

  for (guint i = 0; i < mf_equations_n (equations) && row < 0; i++)
    if (mf_equations_get (equations, i)->component < 0)
      row = (int) i;
  g_assert_cmpint (row, >=, 0);
  g_signal_connect (f->equations, "highlight-requested", G_CALLBACK (on_highlight), &seen);
  gtk_list_box_select_row (list, gtk_list_box_get_row_at_index (list, row));
  g_assert_cmpuint (g_strv_length (seen.ids), ==, 0);
  g_assert_cmpuint (g_strv_length (seen.ports), ==, 1);
  g_assert_cmpstr (seen.ports[0], ==, "Q1.b");
  g_signal_handlers_disconnect_by_data (f->equations, &seen);
  g_strfreev (seen.ids);
  g_strfreev (seen.ports);
}

static void
test_follows_edits (Fixture *f, gconstpointer data)
{
  MfEditDocument *document = mf_window_get_document (f->window);
  g_autoptr (GError) error = NULL;
  g_autofree char *before = mf_equations_window_dup_text (f->equations, FALSE);
  g_autofree char *after = NULL;

  g_assert_true (mf_edit_document_set_param (document, "V1", "volume", "2 L", &error));
  g_assert_no_error (error);
  wait_until_shown (f->equations);
  after = mf_equations_window_dup_text (f->equations, FALSE);
  g_assert_nonnull (strstr (before, "\n  V_V1: 0.001 m³\n"));
  g_assert_nonnull (strstr (after, "\n  V_V1: 0.002 m³\n"));
}

static void
test_other_mode (Fixture *f, gconstpointer data)
{
  g_autofree char *open = mf_equations_window_dup_text (f->equations, FALSE);
  g_autofree char *shut = NULL;

  g_assert_null (strstr (open, "V1: V1.v = 0"));
  mf_equations_window_set_mode (f->equations, "V1 shut");
  wait_until_shown (f->equations);
  shut = mf_equations_window_dup_text (f->equations, FALSE);
  g_assert_nonnull (strstr (shut, "\nV1: V1.v = 0\nreduced to the independent states:\n"));
}

static void
test_message (Fixture *f, gconstpointer data)
{
  const char *floating = "{ \"manifold\": 1, \"components\": ["
                         " {\"id\": \"K1\", \"type\": \"spring\", \"stiffness\": 1000},"
                         " {\"id\": \"G1\", \"type\": \"fixed\"},"
                         " {\"id\": \"M1\", \"type\": \"mass\", \"mass\": 1} ],"
                         " \"wires\": [[\"G1.m\", \"K1.a\"]] }";
  g_autoptr (MfEditDocument) document = document_from (floating);

  mf_window_set_document (f->window, document);
  wait_until_shown (f->equations);
  g_assert_null (mf_equations_window_get_equations (f->equations));
  g_assert_nonnull (mf_equations_window_get_message (f->equations));
  g_assert_nonnull (strstr (mf_equations_window_get_message (f->equations), "K1.b"));
  g_assert_null (mf_equations_window_dup_text (f->equations, FALSE));
  g_assert_null (mf_equations_window_make_handout (f->equations));
}

typedef struct
{
  gboolean  done;
  GError   *error;
} Outcome;

static void
exported (gpointer data, const GError *error)
{
  Outcome *outcome = data;

  outcome->done = TRUE;
  outcome->error = error != NULL ? g_error_copy (error) : NULL;
}

static void
export_and_wait (MfEquationsWindow *equations, GFile *file, Outcome *outcome)
{
  MfHandout *handout = mf_equations_window_make_handout (equations);

  g_assert_nonnull (handout);
  mf_handout_export_to (GTK_WINDOW (equations), handout, file, MF_HANDOUT_FORMAT_AUTO, exported,
                        outcome);
  while (!outcome->done)
    g_main_context_iteration (NULL, TRUE);
}

/* The handout of the piston accumulator written as a PDF on a worker
 * thread; a directory in the file's place fails, and a dialog says so,
 * naming the file. */
static void
test_export_handout (Fixture *f, gconstpointer data)
{
  g_autofree char *dir = g_dir_make_tmp ("manifold-handout-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "handout.pdf", NULL);
  g_autofree char *folder = g_build_filename (dir, "taken.pdf", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GFile) taken = g_file_new_for_path (folder);
  g_autofree char *contents = NULL;
  Outcome written = { 0 }, failed = { 0 };
  GtkWindow *dialog;
  gsize length;

  export_and_wait (f->equations, file, &written);
  g_assert_no_error (written.error);
  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  g_assert_true (length > 4 && memcmp (contents, "%PDF", 4) == 0);

  g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);
  export_and_wait (f->equations, taken, &failed);
  g_assert_error (failed.error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY);
  dialog = find_toplevel (ADW_TYPE_MESSAGE_DIALOG, GTK_WINDOW (f->equations));
  g_assert_nonnull (dialog);
  g_assert_nonnull (strstr (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (dialog)),
                            "taken.pdf"));
  gtk_window_destroy (dialog);
  g_clear_error (&failed.error);
  g_unlink (path);
  g_rmdir (folder);
  g_rmdir (dir);
}

static void
layout_size (const MfMath *math, int points, double *height, double *width)
{
  PangoFontMap *map = pango_cairo_font_map_get_default ();
  PangoContext *context = pango_font_map_create_context (map);
  PangoFontDescription *font = pango_font_description_from_string ("Sans");
  g_autoptr (MfMathLayout) layout = NULL;

  pango_font_description_set_size (font, points * PANGO_SCALE);
  pango_cairo_context_set_resolution (context, 96);
  layout = mf_math_layout_new (math, context, font);
  *height = mf_math_layout_get_ascent (layout) + mf_math_layout_get_descent (layout);
  *width = mf_math_layout_get_width (layout);
  pango_font_description_free (font);
  g_object_unref (context);
}

static void
test_layout (void)
{
  g_autoptr (MfMath) line = mf_math_row (mf_math_symbol ("V", NULL), mf_math_text (" + "),
                                         mf_math_symbol ("K", NULL), NULL);
  g_autoptr (MfMath) fraction = mf_math_frac (mf_math_symbol ("V", NULL),
                                              mf_math_symbol ("K", NULL));
  double line_height, line_width, frac_height, frac_width, big_height, big_width;

  layout_size (line, 10, &line_height, &line_width);
  layout_size (fraction, 10, &frac_height, &frac_width);
  layout_size (fraction, 20, &big_height, &big_width);
  /* stacked: taller than a line, narrower than side by side */
  g_assert_cmpfloat (frac_height, >, 1.5 * line_height);
  g_assert_cmpfloat (frac_width, <, line_width);
  /* twice the font, about twice the size */
  g_assert_cmpfloat (big_height, >, 1.7 * frac_height);
  g_assert_cmpfloat (big_width, >, 1.7 * frac_width);
}

static void
on_round_highlight (GObject *source, GStrv ids, GStrv ports, gpointer user_data)
{
  GStrv *seen = user_data;

  g_strfreev (*seen);
  *seen = g_strdupv (ids);
}

/* The piston accumulator's procedure (hand analysis in
 * tests/test-index-steps.c): three rounds and the minimal-order system.
 * Round 1 holds the piston's balance with the line, the volume, the tank
 * on the rod side and the spring; round 2 its derivative, without the
 * tank; the last page lights nothing.  Next and Previous walk the pages,
 * and each page shown asks the canvas to light its components. */
static void
test_procedure_steps (Fixture *f, gconstpointer data)
{
  MfIndexProcedure *procedure = mf_equations_window_get_procedure (f->equations);
  g_auto (GStrv) seen = NULL;
  g_autofree char *first = NULL, *second = NULL;

  g_signal_connect (f->equations, "highlight-requested", G_CALLBACK (on_round_highlight), &seen);
  g_assert_cmpuint (mf_index_procedure_get_n_pages (procedure), ==, 4);
  g_assert_cmpint (mf_index_procedure_get_steps (procedure)->index, ==, 2);
  mf_equations_window_show_procedure (f->equations);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (f->equations));
  g_assert_nonnull (seen);
  first = g_strjoinv (" ", seen);
  g_assert_cmpstr (first, ==, "P1 V1 C1 T2 K1");
  mf_index_procedure_set_page (procedure, mf_index_procedure_get_page (procedure) + 1);
  second = g_strjoinv (" ", seen);
  g_assert_cmpstr (second, ==, "P1 V1 C1 K1");
  mf_index_procedure_set_page (procedure, 10);
  g_assert_cmpuint (mf_index_procedure_get_page (procedure), ==, 3);
  g_assert_cmpuint (g_strv_length (seen), ==, 0);
  mf_index_procedure_set_page (procedure, 0);
  g_assert_cmpuint (g_strv_length (seen), ==, 5);
  g_signal_handlers_disconnect_by_data (f->equations, &seen);
}

static void
on_drift_finished (MfDriftView *view, gboolean *finished)
{
  *finished = TRUE;
}

/* The Drift page on an index-1 circuit: two curves, the naive form's
 * residual growing past 1e-6 while Manifold's stays below 1e-10 (the pump
 * ramps up over 0.2 s, and the naive form keeps the error it gathered);
 * on an index-0 mode there is nothing to compare. */
static void
test_drift (Fixture *f, gconstpointer data)
{
  MfDriftView *view = mf_equations_window_get_drift_view (f->equations);
  gboolean finished = FALSE;
  const MfDrift *drift;
  double minimal = 0.0, naive = 0.0;

  g_signal_connect (view, "finished", G_CALLBACK (on_drift_finished), &finished);
  mf_drift_view_set_horizon (view, 2.0);
  g_assert_true (mf_drift_view_run (view));
  while (!finished)
    g_main_context_iteration (NULL, TRUE);
  drift = mf_drift_view_get_drift (view);
  g_assert_nonnull (drift);
  g_assert_cmpint (drift->index, ==, 1);
  for (guint i = 0; i <= drift->n_samples; i++)
    {
      minimal = MAX (minimal, drift->minimal[i]);
      naive = MAX (naive, drift->naive[i]);
    }
  g_assert_cmpfloat (minimal, <, 1e-10);
  g_assert_cmpfloat (naive, >, 1e-6);
  g_assert_cmpfloat (drift->t[drift->n_samples], ==, 2.0);
  g_assert_cmpuint (mf_plot_get_n_series (mf_plot_view_get_plot (mf_drift_view_get_plot_view (view))),
                    ==, 2);
  g_assert_nonnull (strstr (mf_drift_view_get_summary (view), "Largest residual"));
  g_signal_handlers_disconnect_by_data (view, &finished);

  {
    g_autoptr (MfEditDocument) pipes = example_document ("three-pipes.manifold");

    mf_window_set_document (f->window, pipes);
    wait_until_shown (f->equations);
    g_assert_false (mf_drift_view_run (view));
  }
}

/* ---- the Structure page ---- */

/* Shows the Structure page, which analyses on showing, and waits for it. */
static MfStructuralView *
show_structure (Fixture *f)
{
  MfStructuralView *view = mf_equations_window_get_structural_view (f->equations);
  gint64 until = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  mf_equations_window_show_page (f->equations, "structure");
  while (mf_structural_view_get_busy (view) && g_get_monotonic_time () < until)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (mf_structural_view_get_busy (view));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (f->equations));
  return view;
}

/* The core's analysis of the same file, for the page to match. */
static MfStructural *
core_analysis (const char *example, const char *mode, MfStructure **structure)
{
  g_autofree char *path = g_build_filename (g_getenv ("MANIFOLD_EXAMPLES"), example, NULL);
  g_autofree char *text = NULL;
  gsize length;
  g_autoptr (GError) error = NULL;

  g_assert_true (g_file_get_contents (path, &text, &length, &error));
  *structure = mf_structure_compute (text, (gssize) length, example, mode, NULL, &error);
  g_assert_no_error (error);
  return mf_structural_new_for_mode (mf_structure_get_model (*structure),
                                     mf_structure_get_reduction (*structure));
}

static guint
n_list_rows (GtkListBox *list)
{
  return list != NULL ? n_rows (list) : 0;
}

/* The piston accumulator (docs/model.md, "Structural analysis"), by hand:
 * 4 equations (P1 momentum, C1 law, C1 kinematics, P1.b continuity) over
 * the states P1.v, C1.v, C1.x, P1.b.p and the derivatives P1.v', C1.x',
 * P1.b.p' — 7 unknowns.  C1 law, 0 = A p − k x, involves only the states
 * C1.x and P1.b.p, so no matching gives it an unknown: the matching pairs
 * 3, and Pantelides differentiates C1 law once, in one step.  Its
 * derivative needs C1.v, an undifferentiated unknown, so the structural
 * index is 1 + 1 = 2, as the numerical index of the multiplier form.  The
 * final system is P1 momentum alone (for P1.v'), then the loop of P1.b
 * continuity, C1 kinematics and C1 law' (for P1.b.p', C1.x', C1.v): 2
 * blocks, 1 loop.  The page is analysed only once shown. */
static void
test_structure_page (Fixture *f, gconstpointer data)
{
  MfStructuralView *view = mf_equations_window_get_structural_view (f->equations);
  g_autoptr (MfStructure) structure = NULL;
  g_autoptr (MfStructural) core = core_analysis ("piston-accumulator.manifold", NULL, &structure);
  MfMatrixView *incidence, *blt;
  guint matched = 0;

  g_assert_true (mf_structural_view_get_busy (view));
  g_assert_null (mf_structural_view_get_structural (view));
  view = show_structure (f);
  g_assert_nonnull (mf_structural_view_get_structural (view));
  g_assert_cmpint (mf_structural_view_get_structural (view)->pantelides->structural_index, ==, 2);
  g_assert_cmpint (mf_structural_view_get_numerical_index (view), ==, 2);
  g_assert_cmpstr (mf_structural_view_get_comparison (view), ==,
                   "the structural index agrees with the numerical index of the multiplier form");

  incidence = mf_structural_view_get_incidence (view);
  g_assert_nonnull (incidence);
  g_assert_cmpuint (mf_matrix_view_get_n_rows (incidence), ==, 4);
  g_assert_cmpuint (mf_matrix_view_get_n_cols (incidence), ==, 7);
  g_assert_cmpuint (mf_matrix_view_get_n_rows (incidence), ==,
                    mf_incidence_n_equations (core->incidence));
  g_assert_cmpuint (mf_matrix_view_get_n_cols (incidence), ==,
                    mf_incidence_n_unknowns (core->incidence));
  g_assert_cmpstr (mf_matrix_view_get_row_label (incidence, 1), ==, "C1 law");
  for (guint i = 0; i < 4; i++)
    matched += mf_matrix_view_get_row_cell (incidence, i) >= 0;
  g_assert_cmpuint (matched, ==, 3);
  g_assert_cmpuint (matched, ==, core->pantelides->initial->size);
  g_assert_cmpint (mf_matrix_view_get_row_cell (incidence, 1), ==, -1);
  g_assert_cmpint (mf_matrix_view_get_row_mark (incidence, 1), ==, MF_MATRIX_MARK_WARNING);
  g_assert_true (mf_matrix_view_get_pattern (incidence));

  g_assert_cmpuint (n_list_rows (mf_structural_view_get_steps (view)), ==, 1);
  g_assert_cmpuint (core->pantelides->steps->len, ==, 1);

  blt = mf_structural_view_get_blt (view);
  g_assert_nonnull (blt);
  g_assert_cmpuint (mf_matrix_view_get_n_rows (blt), ==, 4);
  g_assert_cmpuint (mf_matrix_view_get_n_blocks (blt), ==, 2);
  g_assert_cmpuint (mf_matrix_view_get_n_blocks (blt), ==, core->blt->n_blocks);
  g_assert_cmpstr (mf_matrix_view_get_row_label (blt, 0), ==, "P1 momentum");
  g_assert_cmpint (mf_matrix_view_get_block (blt, 3), ==, 1);
  g_assert_cmpuint (n_list_rows (mf_structural_view_get_loops (view)), ==, 1);
  g_assert_cmpuint (core->blt->n_loops, ==, 1);
  /* the loop is torn by C1.v, the last column, its residual C1 law' */
  g_assert_cmpstr (mf_matrix_view_get_col_label (blt, 3), ==, "C1.v");
  g_assert_cmpint (mf_matrix_view_get_col_mark (blt, 3), ==, MF_MATRIX_MARK_ACCENT);
  g_assert_cmpstr (mf_matrix_view_get_row_label (blt, 3), ==, "C1 law'");
}

static char *
joined (GStrv list)
{
  return g_strjoinv (" ", list);
}

/* What each pick asks the canvas for: C1 law is about the piston; P1.b
 * continuity about the node of P1.b; the cell (P1 momentum, P1.b.p) about
 * the pipe and that node; the loop about its equations and its tear —
 * the node, the piston. */
static void
test_structure_lights_canvas (Fixture *f, gconstpointer data)
{
  MfStructuralView *view = show_structure (f);
  MfMatrixView *incidence = mf_structural_view_get_incidence (view);
  GtkListBox *loops = mf_structural_view_get_loops (view);
  Highlight seen = { NULL, NULL };
  g_autofree char *ids = NULL, *ports = NULL;

  g_signal_connect (f->equations, "highlight-requested", G_CALLBACK (on_highlight), &seen);
  mf_matrix_view_select (incidence, 1, -1);
  g_assert_cmpstr ((ids = joined (seen.ids)), ==, "C1");
  g_assert_cmpuint (g_strv_length (seen.ports), ==, 0);
  g_clear_pointer (&ids, g_free);

  mf_matrix_view_select (incidence, 3, -1);
  g_assert_cmpuint (g_strv_length (seen.ids), ==, 0);
  g_assert_cmpstr ((ports = joined (seen.ports)), ==, "P1.b");
  g_clear_pointer (&ports, g_free);

  mf_matrix_view_select (incidence, 0, 3);
  g_assert_cmpstr (mf_matrix_view_get_col_label (incidence, 3), ==, "P1.b.p");
  g_assert_cmpstr ((ids = joined (seen.ids)), ==, "P1");
  g_assert_cmpstr ((ports = joined (seen.ports)), ==, "P1.b");
  g_clear_pointer (&ids, g_free);
  g_clear_pointer (&ports, g_free);

  gtk_list_box_select_row (loops, gtk_list_box_get_row_at_index (loops, 0));
  g_assert_cmpstr ((ids = joined (seen.ids)), ==, "C1");
  g_assert_cmpstr ((ports = joined (seen.ports)), ==, "P1.b");
  g_signal_handlers_disconnect_by_data (f->equations, &seen);
  g_strfreev (seen.ids);
  g_strfreev (seen.ports);
}

/* The water-hammer chain with S1 shut: four pipes' momentum, the valve's
 * law, J1 … J4's continuity and the row "S1 closed", 10 equations.  The
 * closed row involves only S1.v, a state, so Pantelides differentiates it
 * and, for its new unknown S1.v', J4's continuity: one step, two
 * equations differentiated once, structural index 2 as the multiplier
 * form's; no algebraic loop.  The page follows the window's mode. */
static void
test_structure_other_mode (Fixture *f, gconstpointer data)
{
  MfStructuralView *view = show_structure (f);
  g_autoptr (MfStructure) structure = NULL;
  g_autoptr (MfStructural) core = core_analysis ("water-hammer-chain.manifold", "S1 shut",
                                                 &structure);

  g_assert_cmpint (mf_structural_view_get_structural (view)->pantelides->structural_index, ==, 1);
  mf_equations_window_set_mode (f->equations, "S1 shut");
  wait_until_shown (f->equations);
  view = show_structure (f);
  g_assert_cmpint (mf_structural_view_get_structural (view)->pantelides->structural_index, ==, 2);
  g_assert_cmpint (mf_structural_view_get_numerical_index (view), ==, 2);
  g_assert_cmpuint (mf_matrix_view_get_n_rows (mf_structural_view_get_incidence (view)), ==, 10);
  g_assert_cmpuint (mf_matrix_view_get_n_cols (mf_structural_view_get_incidence (view)), ==,
                    mf_incidence_n_unknowns (core->incidence));
  g_assert_cmpuint (n_list_rows (mf_structural_view_get_steps (view)), ==, 1);
  g_assert_null (mf_structural_view_get_loops (view));
  g_assert_cmpuint (mf_matrix_view_get_n_blocks (mf_structural_view_get_blt (view)), ==,
                    core->blt->n_blocks);
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
  adw_init ();
  application = mf_application_new (G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (application), NULL, NULL));
  g_test_add_func ("/app/equations/layout", test_layout);
#define ADD(path, example, func) \
  g_test_add ("/app/equations/window/" path, Fixture, example, set_up, func, tear_down)
  ADD ("rows-and-copy", NULL, test_rows_and_copy);
  ADD ("selection-marks-rows", NULL, test_selection_marks_rows);
  ADD ("row-lights-canvas", NULL, test_row_lights_canvas);
  ADD ("node-row-lights-node", "pump-parallel-orifices.manifold", test_node_row_lights_node);
  ADD ("follows-edits", NULL, test_follows_edits);
  ADD ("other-mode", "valve-closing.manifold", test_other_mode);
  ADD ("message", NULL, test_message);
  ADD ("export-handout", NULL, test_export_handout);
  ADD ("procedure-steps", NULL, test_procedure_steps);
  ADD ("drift", "pump-parallel-orifices.manifold", test_drift);
  ADD ("structure-page", NULL, test_structure_page);
  ADD ("structure-lights-canvas", NULL, test_structure_lights_canvas);
  ADD ("structure-other-mode", "water-hammer-chain.manifold", test_structure_other_mode);
#undef ADD
  {
    int status = g_test_run ();

    g_object_unref (application);
    return status;
  }
}
