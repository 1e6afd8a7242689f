/* test-handout.c: the handout of the equations and the index procedure
 * (src/app/equations/mf-handout.h, src/core/equations/mf-index-steps.h's
 * LaTeX) for the piston accumulator: a LaTeX document that opens and
 * closes, with balanced braces and environments and the lines the
 * equations and the procedure give; a PDF of A4 pages, never splitting a
 * block, its pages counted in the file; one well-formed SVG page; a
 * figure section plugged in; the structural analysis with its two grids
 * (mf-handout-structure.c, mf-structural-pattern.c); and a failed export
 * leaving the old file.  No display.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "mf-handout.h"
#include "mf-structural-pattern.h"
#include "mf-test-examples.h"
#include "mf-test-files.h"

typedef struct
{
  MfTestCircuit *example;
  MfReduction   *reduction;
  MfEquations   *equations;
  MfIndexSteps  *steps;
  MfHandout     *handout;
  char          *dir;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  const MfCircuit *circuit;

  f->example = example_load ("piston-accumulator");
  circuit = example_circuit (f->example);
  f->reduction = mf_reduction_new (f->example->model, 0);
  f->equations = mf_equations_new (f->example->model, 0);
  mf_equations_add_reduced (f->equations, f->reduction);
  f->steps = mf_index_steps_new (f->example->model, f->reduction);
  f->handout = mf_handout_new (circuit->title, "Mode: normal");
  mf_handout_add_equations (f->handout, f->equations, circuit);
  mf_handout_add_procedure (f->handout, f->steps);
  f->dir = g_dir_make_tmp ("manifold-handout-XXXXXX", NULL);
  g_assert_nonnull (f->dir);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_chmod (f->dir, 0700);
  remove_tree (f->dir);
  g_free (f->dir);
  mf_handout_free (f->handout);
  mf_index_steps_free (f->steps);
  mf_equations_free (f->equations);
  mf_reduction_free (f->reduction);
  mf_test_circuit_free (f->example);
}

/* The handout in `format` in memory; its length in *length. */
static char *
write_memory (const MfHandout *handout, MfHandoutFormat format, guint *n_pages, gsize *length)
{
  g_autoptr (GOutputStream) stream = g_memory_output_stream_new_resizable ();
  g_autoptr (GError) error = NULL;

  g_assert_true (mf_handout_write (handout, stream, format, n_pages, &error));
  g_assert_no_error (error);
  g_assert_true (g_output_stream_close (stream, NULL, NULL));
  *length = g_memory_output_stream_get_data_size (G_MEMORY_OUTPUT_STREAM (stream));
  return g_memory_output_stream_steal_data (G_MEMORY_OUTPUT_STREAM (stream));
}

static guint
count (const char *text, gsize length, const char *what)
{
  guint n = 0;
  gsize w = strlen (what);

  for (gsize i = 0; i + w <= length; i++)
    if (memcmp (text + i, what, w) == 0)
      n++;
  return n;
}

/* Braces not escaped by a backslash pair up, never closing more than
 * were opened; each \begin{…} has its \end{…}. */
static void
assert_balanced (const char *latex)
{
  int depth = 0;

  for (const char *p = latex; *p != '\0'; p++)
    {
      if (*p == '\\' && p[1] != '\0')
        {
          p++;
          continue;
        }
      if (*p == '{')
        depth++;
      else if (*p == '}')
        depth--;
      g_assert_cmpint (depth, >=, 0);
    }
  g_assert_cmpint (depth, ==, 0);
  g_assert_cmpuint (count (latex, strlen (latex), "\\begin{"), ==,
                    count (latex, strlen (latex), "\\end{"));
}

static void
test_format (void)
{
  g_assert_cmpint (mf_handout_format_from_path ("a/b.PDF"), ==, MF_HANDOUT_FORMAT_PDF);
  g_assert_cmpint (mf_handout_format_from_path ("b.svg"), ==, MF_HANDOUT_FORMAT_SVG);
  g_assert_cmpint (mf_handout_format_from_path ("b.tex"), ==, MF_HANDOUT_FORMAT_LATEX);
  g_assert_cmpint (mf_handout_format_from_path ("b.png"), ==, MF_HANDOUT_FORMAT_AUTO);
  g_assert_cmpint (mf_handout_format_from_path ("b"), ==, MF_HANDOUT_FORMAT_AUTO);
  g_assert_cmpstr (mf_handout_extension (MF_HANDOUT_FORMAT_LATEX), ==, "tex");
}

/* The LaTeX document: the equations' align* (mf_equations_to_latex) and
 * the procedure's rounds.  By hand (docs/model.md, "The index"): three
 * rounds, the first E = diag(M̄, 1, 1) with C1.v's row zero — one arrow —
 * the second rank 3 of 4 with no zero row as it stands, the third
 * regular; the force balance 0 = A_cap·p − A_rod·p_T2 − k·x and its
 * derivative appear as mf_math_to_latex writes them. */
static void
test_latex (Fixture *f, gconstpointer data)
{
  g_autofree char *latex = mf_handout_to_latex (f->handout);
  g_autofree char *equations = mf_equations_to_latex (f->equations);
  g_autofree char *procedure = mf_index_steps_to_latex (f->steps);
  const MfIndexRound *r0 = f->steps->rounds->pdata[0];
  g_autofree char *constraint = mf_math_to_latex (r0->constraints->pdata[0]);
  g_autofree char *derivative = mf_math_to_latex (r0->derivatives->pdata[0]);
  gsize length = strlen (latex);

  g_assert_true (g_str_has_prefix (latex, "\\documentclass"));
  g_assert_nonnull (strstr (latex, "\\usepackage{amsmath}"));
  g_assert_nonnull (strstr (latex, "\\begin{document}\n"));
  g_assert_true (g_str_has_suffix (latex, "\\end{document}\n"));
  g_assert_nonnull (strstr (latex, "\\title{Spring-loaded piston accumulator (index 2)}"));
  g_assert_nonnull (strstr (latex, equations));
  g_assert_nonnull (strstr (latex, procedure));
  /* the spring's tension and the line's kinematics, as the equations write them */
  g_assert_nonnull (strstr (latex, "\\mathrm{C1.x}' = \\mathrm{C1.v}"));
  g_assert_nonnull (strstr (procedure, "\\subsection*{Round 1 of 3}"));
  g_assert_nonnull (strstr (procedure, "\\subsection*{Round 3 of 3}"));
  g_assert_nonnull (strstr (procedure, "\\subsection*{The minimal-order system (index 2)}"));
  g_assert_nonnull (strstr (procedure, "E has rank 3 of 4; 1 row is zero (shaded)."));
  g_assert_nonnull (strstr (procedure, "E has full rank, 4: it is regular."));
  g_assert_cmpuint (count (procedure, strlen (procedure), "\\leftarrow"), ==, 1);
  g_assert_cmpuint (count (procedure, strlen (procedure), "\\begin{array}"), ==, 3);
  g_assert_nonnull (strstr (procedure, constraint));
  g_assert_nonnull (strstr (procedure, derivative));
  /* M̄ and β in prose come out as commands, not as raw Unicode */
  g_assert_null (strstr (latex, "β"));
  g_assert_null (strstr (latex, "M̄"));
  g_assert_cmpuint (count (latex, length, "\\begin{document}"), ==, 1);
  assert_balanced (latex);
}

/* A4 pages: the title and the 20-odd equations and symbols on the first
 * pages, the procedure from a page of its own (a section starts one),
 * its three rounds and the minimal-order system on at least one more:
 * two pages at the least.  cairo writes one "/Type /Page" object per page
 * and one "/Type /Pages" tree. */
static void
test_pdf (Fixture *f, gconstpointer data)
{
  guint n_pages = 0;
  gsize length;
  g_autofree char *pdf = write_memory (f->handout, MF_HANDOUT_FORMAT_PDF, &n_pages, &length);

  g_assert_true (length > 4 && memcmp (pdf, "%PDF", 4) == 0);
  g_assert_cmpuint (n_pages, >=, 2);
  g_assert_cmpuint (count (pdf, length, "/Type /Page") - count (pdf, length, "/Type /Pages"), ==,
                    n_pages);
  /* A4 in points */
  g_assert_cmpuint (count (pdf, length, "/MediaBox [ 0 0 595 842 ]"), ==, n_pages);
}

/* One page, well-formed XML, A4 wide and taller than A4 (the whole
 * handout is longer than a page). */
static void
test_svg (Fixture *f, gconstpointer data)
{
  guint n_pages = 0;
  gsize length;
  g_autofree char *svg = write_memory (f->handout, MF_HANDOUT_FORMAT_SVG, &n_pages, &length);
  GMarkupParser parser = { 0 };
  g_autoptr (GMarkupParseContext) context = g_markup_parse_context_new (&parser, 0, NULL, NULL);
  g_autoptr (GError) error = NULL;
  const char *height;

  g_assert_cmpuint (n_pages, ==, 1);
  g_assert_true (g_str_has_prefix (svg, "<?xml"));
  g_assert_nonnull (strstr (svg, "<svg"));
  g_assert_true (g_markup_parse_context_parse (context, svg, (gssize) length, &error)
                 && g_markup_parse_context_end_parse (context, &error));
  g_assert_no_error (error);
  g_assert_nonnull (strstr (svg, "width=\"595pt\""));
  height = strstr (svg, "height=\"");
  g_assert_nonnull (height);
  g_assert_cmpfloat (g_ascii_strtod (height + strlen ("height=\""), NULL), >, 842.0);
}

static void
draw_box (gpointer data, cairo_t *cr, double width, double height)
{
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_fill (cr);
}

/* A figure section (where the incidence and BLT pictures go) starts a
 * page of its own: one page more; the LaTeX gets its heading and the
 * text given in its place. */
static void
test_figure (Fixture *f, gconstpointer data)
{
  guint before = 0, after = 0;
  gsize length;
  g_autofree char *first = write_memory (f->handout, MF_HANDOUT_FORMAT_PDF, &before, &length);
  g_autofree char *second = NULL;
  g_autofree char *latex = NULL;

  mf_handout_add_figure (f->handout, "Incidence", 300, 200, draw_box, NULL, NULL,
                         "\\fbox{incidence}\n");
  second = write_memory (f->handout, MF_HANDOUT_FORMAT_PDF, &after, &length);
  g_assert_cmpuint (after, ==, before + 1);
  latex = mf_handout_to_latex (f->handout);
  g_assert_nonnull (strstr (latex, "\\section*{Incidence}\n\\fbox{incidence}\n\\end{document}"));
}

/* A picture whose drawing fails (a singular matrix puts cairo in an
 * error) fails the export once the temporary file is open: the old file
 * stays, and no temporary file is left beside it. */
static void
draw_broken (gpointer data, cairo_t *cr, double width, double height)
{
  cairo_scale (cr, 0.0, 0.0);
}

static char *
contents_of (const char *path)
{
  char *contents = NULL;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  return contents;
}

static guint
n_files (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;

  while (g_dir_read_name (d) != NULL)
    n++;
  return n;
}

static void
test_failure_keeps_file (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "handout.pdf", NULL);
  g_autofree char *other = g_build_filename (f->dir, "handout.txt", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GFile) text = g_file_new_for_path (other);
  g_autoptr (GFile) dir = g_file_new_for_path (f->dir);
  g_autoptr (GError) error = NULL;
  g_autofree char *kept = NULL;

  g_assert_true (g_file_set_contents (path, "old handout", -1, NULL));
  g_assert_true (g_file_set_contents (other, "old text", -1, NULL));
  mf_handout_add_figure (f->handout, "Broken", 100, 100, draw_broken, NULL, NULL, NULL);
  g_assert_false (mf_handout_export (f->handout, file, MF_HANDOUT_FORMAT_AUTO, &error));
  g_assert_error (error, MF_PLOT_ERROR, MF_PLOT_ERROR_WRITE);
  kept = contents_of (path);
  g_assert_cmpstr (kept, ==, "old handout");
  g_assert_cmpuint (n_files (f->dir), ==, 2);
  g_clear_error (&error);

  /* a name that tells no format */
  g_assert_false (mf_handout_export (f->handout, text, MF_HANDOUT_FORMAT_AUTO, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "handout.txt"));
  g_clear_error (&error);

  /* a directory in the file's place */
  g_assert_false (mf_handout_export (f->handout, dir, MF_HANDOUT_FORMAT_LATEX, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY);
  g_clear_error (&error);

  /* a directory nobody may write in (root may, whatever the mode) */
  if (geteuid () != 0)
    {
      g_autofree char *again = NULL;

      g_assert_cmpint (g_chmod (f->dir, 0500), ==, 0);
      g_assert_false (mf_handout_export (f->handout, file, MF_HANDOUT_FORMAT_LATEX, &error));
      g_assert_nonnull (error);
      again = contents_of (path);
      g_assert_cmpstr (again, ==, "old handout");
    }
  g_assert_cmpuint (n_files (f->dir), ==, 2);
}

/* A successful export replaces the file with the LaTeX. */
static void
test_export (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "handout.tex", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  g_autofree char *written = NULL;
  g_autofree char *latex = mf_handout_to_latex (f->handout);

  g_assert_true (g_file_set_contents (path, "old", -1, NULL));
  g_assert_true (mf_handout_export (f->handout, file, MF_HANDOUT_FORMAT_AUTO, &error));
  g_assert_no_error (error);
  written = contents_of (path);
  g_assert_cmpstr (written, ==, latex);
}

/* The structural analysis (mf-handout-structure.c) of the piston
 * accumulator, by hand as in analyze --json: four equations (P1 momentum,
 * C1 law, C1 kinematics, P1.b continuity) in seven unknowns, nine
 * incidences; the states P1.v, C1.x, P1.b.p (their derivatives appear)
 * are accented; a maximum matching pairs three, and the equation left
 * over is warned.  Pantelides differentiates C1 law once; the final system
 * is four equations in two blocks, P1 momentum alone, then a loop of three
 * torn by C1.v with C1 law' its residual.  In the handout: a section of
 * its own, so one page more, and its words in the LaTeX. */
static guint
count_marks (const guint8 *marks, guint n, guint8 mark)
{
  guint k = 0;

  for (guint i = 0; i < n; i++)
    k += marks[i] == mark;
  return k;
}

static void
test_structure (Fixture *f, gconstpointer data)
{
  g_autoptr (MfStructural) s = mf_structural_new_for_mode (f->example->model, f->reduction);
  g_autoptr (MfPattern) incidence = mf_pattern_new_incidence (s);
  g_autoptr (MfPattern) blt = mf_pattern_new_blt (s);
  guint before = 0, after = 0, filled = 0;
  gsize length;
  g_autofree char *first = write_memory (f->handout, MF_HANDOUT_FORMAT_PDF, &before, &length);
  g_autofree char *second = NULL;
  g_autofree char *latex = NULL;

  g_assert_cmpuint (incidence->n_rows, ==, 4);
  g_assert_cmpuint (incidence->n_cols, ==, 7);
  g_assert_cmpuint (incidence->rows->len, ==, 9);
  g_assert_cmpstr (incidence->row_labels->pdata[1], ==, "C1 law");
  g_assert_cmpstr (incidence->col_labels->pdata[6], ==, "P1.b.p'");
  g_assert_null (incidence->col_labels->pdata[7]);
  for (guint i = 0; i < 4; i++)
    filled += incidence->filled[i] >= 0;
  g_assert_cmpuint (filled, ==, 3);
  g_assert_cmpuint (count_marks (incidence->row_marks, 4, MF_PATTERN_MARK_WARNING), ==, 1);
  g_assert_cmpuint (count_marks (incidence->col_marks, 7, MF_PATTERN_MARK_ACCENT), ==, 3);
  g_assert_cmpint (incidence->col_marks[0], ==, MF_PATTERN_MARK_ACCENT); /* P1.v */
  g_assert_cmpint (incidence->col_marks[1], ==, MF_PATTERN_MARK_NONE);   /* C1.v */

  g_assert_cmpuint (blt->n_rows, ==, 4);
  g_assert_cmpuint (blt->n_blocks, ==, 2);
  g_assert_cmpuint (blt->block_start[1], ==, 1);
  g_assert_cmpuint (blt->block_start[2], ==, 4);
  g_assert_cmpstr (blt->row_labels->pdata[0], ==, "P1 momentum");
  g_assert_cmpstr (blt->row_labels->pdata[3], ==, "C1 law'");
  g_assert_cmpstr (blt->col_labels->pdata[3], ==, "C1.v");
  g_assert_cmpint (blt->row_marks[3], ==, MF_PATTERN_MARK_WARNING);
  g_assert_cmpint (blt->col_marks[3], ==, MF_PATTERN_MARK_ACCENT);
  g_assert_cmpuint (count_marks (blt->row_marks, 4, MF_PATTERN_MARK_WARNING), ==, 1);
  for (guint i = 0; i < 4; i++)
    g_assert_cmpint (blt->filled[i], ==, (int) i);

  mf_handout_add_structure (f->handout, s, f->reduction->index_lagrange);
  second = write_memory (f->handout, MF_HANDOUT_FORMAT_PDF, &after, &length);
  g_assert_cmpuint (after, >, before);
  latex = mf_handout_to_latex (f->handout);
  assert_balanced (latex);
  g_assert_nonnull (strstr (latex, "\\section*{Structural analysis}\n"));
  g_assert_nonnull (strstr (latex, "\\subsection*{Incidence matrix}\n"));
  g_assert_nonnull (strstr (latex, "Structural index 2; numerical index of the multiplier form 2"));
  g_assert_nonnull (strstr (latex, "Differentiated, with how often: C1 law (1)."));
  g_assert_nonnull (strstr (latex, "Torn by C1.v; residuals: C1 law"));
}

#define ADD(name, func) \
  g_test_add ("/handout/" name, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/handout/format", test_format);
  ADD ("latex", test_latex);
  ADD ("pdf", test_pdf);
  ADD ("svg", test_svg);
  ADD ("figure", test_figure);
  ADD ("structure", test_structure);
  ADD ("failure-keeps-file", test_failure_keeps_file);
  ADD ("export", test_export);
  return g_test_run ();
}
