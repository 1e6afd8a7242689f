/* mf-handout.c: a handout's sections made into blocks and LaTeX, and the
 * handout written to a stream or a file (mf-handout.h).  The pages are
 * set in mf-handout-pages.c.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-handout-private.h"

#include <glib/gi18n.h>

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <string.h>

#include "mf-output-file.h"

static void
block_free (MfBlock *b)
{
  g_free (b->text);
  g_free (b->label);
  g_clear_pointer (&b->math, mf_math_free);
  g_free (b->e);
  g_strfreev (b->rows);
  g_strfreev (b->columns);
  g_free (b->marked);
  if (b->destroy != NULL)
    b->destroy (b->data);
  g_free (b);
}

/* `text`, plain, or the label of MATH. */
static MfBlock *
add_block (MfHandout *h, MfBlockKind kind, const char *text, MfMath *math)
{
  MfBlock *b = g_new0 (MfBlock, 1);

  b->kind = kind;
  if (kind == MF_BLOCK_MATH)
    b->label = g_strdup (text);
  else
    b->text = text != NULL ? g_markup_escape_text (text, -1) : NULL;
  b->math = math;
  g_ptr_array_add (h->blocks, b);
  return b;
}

MfHandout *
mf_handout_new (const char *title, const char *subtitle)
{
  MfHandout *h = g_new0 (MfHandout, 1);

  h->title = g_strdup (title != NULL ? title : "");
  h->subtitle = g_strdup (subtitle);
  h->blocks = g_ptr_array_new_with_free_func ((GDestroyNotify) block_free);
  h->latex = g_string_new (NULL);
  add_block (h, MF_BLOCK_TITLE, h->title, NULL);
  if (subtitle != NULL)
    add_block (h, MF_BLOCK_TEXT, subtitle, NULL);
  return h;
}

void
mf_handout_free (MfHandout *handout)
{
  if (handout == NULL)
    return;
  g_free (handout->title);
  g_free (handout->subtitle);
  g_ptr_array_unref (handout->blocks);
  g_string_free (handout->latex, TRUE);
  g_free (handout);
}

static void
latex_section (MfHandout *h, const char *title)
{
  g_autofree char *latex = mf_math_prose_to_latex (title);

  g_string_append_printf (h->latex, "\\section*{%s}\n", latex);
}

static gboolean
is_reduced (const MfEquation *e)
{
  return e->kind == MF_EQUATION_DEPENDENT || e->kind == MF_EQUATION_REDUCED;
}

void
mf_handout_add_equations (MfHandout *h, const MfEquations *equations, const MfCircuit *circuit)
{
  g_autofree char *latex = NULL;

  g_return_if_fail (h != NULL && equations != NULL && circuit != NULL);

  add_block (h, MF_BLOCK_SECTION, _("Equations"), NULL);
  add_block (h, MF_BLOCK_TEXT,
             _("Each hydraulic branch per unit of its area; what flows into a node on the left, "
               "what flows out on the right."),
             NULL);
  for (guint i = 0; i < mf_equations_n (equations); i++)
    {
      const MfEquation *e = mf_equations_get (equations, i);

      if (is_reduced (e) && (i == 0 || !is_reduced (mf_equations_get (equations, i - 1))))
        add_block (h, MF_BLOCK_SUBHEADING,
                   _("Reduced to the independent states: v = α·v̄ + v_p, then "
                     "M̄·v̄′ = αᵀ·(F − M·v_p′), in SI"),
                   NULL);
      add_block (h, MF_BLOCK_MATH, mf_equations_get_owner (equations, i), mf_math_copy (e->math));
    }
  if (mf_equations_n_symbols (equations) > 0)
    add_block (h, MF_BLOCK_SUBHEADING, _("Symbols"), NULL);
  for (guint i = 0; i < mf_equations_n_symbols (equations); i++)
    {
      const MfEquationSymbol *s = mf_equations_get_symbol (equations, i);
      const char *owner = s->component >= 0
                            ? ((const MfComponent *) g_ptr_array_index (circuit->components,
                                                                        s->component))->id
                            : _("fluid");
      g_autofree char *symbol = NULL;
      g_autofree char *words = NULL;
      MfBlock *b;

      if (mf_math_kind (s->value) != MF_MATH_WORDS)
        {
          add_block (h, MF_BLOCK_MATH, owner,
                     mf_math_row (mf_math_copy (s->symbol), mf_math_text (" = "),
                                  mf_math_copy (s->value), NULL));
          continue;
        }
      /* a value in words wraps as prose does */
      b = add_block (h, MF_BLOCK_TEXT, NULL, NULL);
      b->label = g_strdup (owner);
      symbol = mf_math_to_markup (s->symbol);
      words = g_markup_escape_text (mf_math_get_text (s->value), -1);
      b->text = g_strconcat (symbol, ": ", words, NULL);
    }
  latex_section (h, _("Equations"));
  latex = mf_equations_to_latex (equations);
  g_string_append (h->latex, latex);
}

static void
add_matrix (MfHandout *h, const MfIndexSteps *steps, const MfIndexRound *r, guint round)
{
  MfBlock *b = add_block (h, MF_BLOCK_MATRIX, NULL, NULL);

  b->n = r->n;
  b->e = g_memdup2 (r->e, MAX ((gsize) r->n * r->n, 1) * sizeof (double));
  b->marked = g_memdup2 (r->zero_row, MAX (r->n, 1) * sizeof (gboolean));
  b->columns = g_strdupv (steps->names);
  b->rows = g_new0 (char *, r->n + 1);
  /* the first E is diag(M̄, I, I): row i is the equation of state i */
  for (guint i = 0; i < r->n; i++)
    b->rows[i] = round == 0 ? g_strdup (steps->names[i]) : g_strdup_printf ("%u", i + 1);
}

static void
add_maths (MfHandout *h, GPtrArray *maths)
{
  for (guint i = 0; i < maths->len; i++)
    add_block (h, MF_BLOCK_MATH, NULL, mf_math_copy (maths->pdata[i]));
}

static void
add_round (MfHandout *h, const MfIndexSteps *steps, guint round)
{
  const MfIndexRound *r = steps->rounds->pdata[round];
  g_autofree char *title = g_strdup_printf (_("Round %u of %u"), round + 1, steps->rounds->len);
  g_autofree char *e = mf_index_round_describe_e (r);

  add_block (h, MF_BLOCK_HEADING, title, NULL);
  add_block (h, MF_BLOCK_TEXT, e, NULL);
  add_matrix (h, steps, r, round);
  if (r->beta->len > 0)
    add_block (h, MF_BLOCK_SUBHEADING, _("The null space of M̄, over the independent states"),
               NULL);
  add_maths (h, r->beta);
  if (r->constraints->len > 0)
    add_block (h, MF_BLOCK_SUBHEADING,
               ngettext ("The hidden constraint", "The hidden constraints", r->constraints->len),
               NULL);
  for (guint i = 0; i < r->constraints->len; i++)
    {
      add_block (h, MF_BLOCK_MATH, NULL, mf_math_copy (r->constraints->pdata[i]));
      if (i < r->derivatives->len && r->derivatives->pdata[i] != NULL)
        {
          add_block (h, MF_BLOCK_TEXT, _("Its time derivative, by the product and chain rules:"),
                     NULL);
          add_block (h, MF_BLOCK_MATH, NULL, mf_math_copy (r->derivatives->pdata[i]));
          add_block (h, MF_BLOCK_TEXT, _("With x′ = v and C·p′ = inflow put in:"), NULL);
          add_block (h, MF_BLOCK_MATH, NULL, mf_math_copy (r->substituted->pdata[i]));
        }
    }
  if (r->constraints->len == 0 && r->involved->len > 0)
    {
      add_block (h, MF_BLOCK_SUBHEADING, _("The hidden constraints hold"), NULL);
      for (guint i = 0; i < r->involved->len; i++)
        add_block (h, MF_BLOCK_TEXT, r->involved->pdata[i], NULL);
    }
  add_block (h, MF_BLOCK_SUBHEADING, _("What the round shows"), NULL);
  for (guint i = 0; i < r->notes->len; i++)
    add_block (h, MF_BLOCK_TEXT, r->notes->pdata[i], NULL);
}

static void
add_final (const char *heading, const char *line, const MfMath *equation, gpointer h)
{
  if (heading != NULL)
    add_block (h, MF_BLOCK_SUBHEADING, heading, NULL);
  add_block (h, MF_BLOCK_TEXT, line, NULL);
  add_block (h, MF_BLOCK_MATH, NULL, mf_math_copy (equation));
}

void
mf_handout_add_procedure (MfHandout *h, const MfIndexSteps *steps)
{
  g_autofree char *final = NULL;
  g_autofree char *latex = NULL;

  g_return_if_fail (h != NULL && steps != NULL);

  add_block (h, MF_BLOCK_SECTION, _("Index Procedure"), NULL);
  for (guint s = 0; s < steps->rounds->len; s++)
    add_round (h, steps, s);
  final = g_strdup_printf (_("The minimal-order system (index %d)"), steps->index);
  add_block (h, MF_BLOCK_HEADING, final, NULL);
  mf_index_steps_foreach_final (steps, add_final, h);
  latex_section (h, _("Index Procedure"));
  latex = mf_index_steps_to_latex (steps);
  g_string_append (h->latex, latex);
}

void
mf_handout_add_section (MfHandout *h, const char *title)
{
  g_return_if_fail (h != NULL && title != NULL);

  add_block (h, MF_BLOCK_SECTION, title, NULL);
  latex_section (h, title);
}

void
mf_handout_add_heading (MfHandout *h, const char *heading)
{
  g_autofree char *latex = NULL;

  g_return_if_fail (h != NULL && heading != NULL);

  add_block (h, MF_BLOCK_HEADING, heading, NULL);
  latex = mf_math_prose_to_latex (heading);
  g_string_append_printf (h->latex, "\\subsection*{%s}\n", latex);
}

void
mf_handout_add_text (MfHandout *h, const char *text)
{
  g_autofree char *latex = NULL;

  g_return_if_fail (h != NULL && text != NULL);

  add_block (h, MF_BLOCK_TEXT, text, NULL);
  latex = mf_math_prose_to_latex (text);
  g_string_append_printf (h->latex, "%s\n\n", latex);
}

void
mf_handout_add_picture (MfHandout *h, double width, double height, MfPlotFigureFunc draw,
                        gpointer data, GDestroyNotify destroy, const char *latex)
{
  MfBlock *b;
  g_autofree char *words = NULL;

  g_return_if_fail (h != NULL && draw != NULL);
  g_return_if_fail (width > 0.0 && height > 0.0);

  b = add_block (h, MF_BLOCK_FIGURE, NULL, NULL);
  b->width = width;
  b->height = height;
  b->draw = draw;
  b->data = data;
  b->destroy = destroy;
  if (latex != NULL)
    g_string_append (h->latex, latex);
  else
    {
      words = mf_math_prose_to_latex (_("This picture is in the PDF and SVG handouts."));
      g_string_append_printf (h->latex, "%s\n\n", words);
    }
}

void
mf_handout_add_figure (MfHandout *h, const char *heading, double width, double height,
                       MfPlotFigureFunc draw, gpointer data, GDestroyNotify destroy,
                       const char *latex)
{
  g_return_if_fail (h != NULL && heading != NULL && draw != NULL);

  mf_handout_add_section (h, heading);
  mf_handout_add_picture (h, width, height, draw, data, destroy, latex);
}

MfHandoutFormat
mf_handout_format_from_path (const char *path)
{
  const char *dot = path != NULL ? strrchr (path, '.') : NULL;

  if (dot == NULL)
    return MF_HANDOUT_FORMAT_AUTO;
  if (g_ascii_strcasecmp (dot, ".pdf") == 0)
    return MF_HANDOUT_FORMAT_PDF;
  if (g_ascii_strcasecmp (dot, ".svg") == 0)
    return MF_HANDOUT_FORMAT_SVG;
  if (g_ascii_strcasecmp (dot, ".tex") == 0)
    return MF_HANDOUT_FORMAT_LATEX;
  return MF_HANDOUT_FORMAT_AUTO;
}

const char *
mf_handout_extension (MfHandoutFormat format)
{
  switch (format)
    {
    case MF_HANDOUT_FORMAT_SVG:
      return "svg";
    case MF_HANDOUT_FORMAT_LATEX:
      return "tex";
    case MF_HANDOUT_FORMAT_AUTO:
    case MF_HANDOUT_FORMAT_PDF:
    default:
      return "pdf";
    }
}

/* For pdflatex: the Unicode the names and prose may still hold (the
 * writers turn the symbols they know into commands). */
static const char latex_preamble[] =
  "\\documentclass[a4paper,11pt]{article}\n"
  "\\usepackage[utf8]{inputenc}\n"
  "\\usepackage[T1]{fontenc}\n"
  "\\usepackage{amsmath}\n"
  "\\usepackage[margin=2cm]{geometry}\n"
  "\\allowdisplaybreaks\n"
  "\\setcounter{secnumdepth}{0}\n";

char *
mf_handout_to_latex (const MfHandout *h)
{
  GString *out;
  g_autofree char *title = NULL;

  g_return_val_if_fail (h != NULL, NULL);

  out = g_string_new (latex_preamble);
  title = mf_math_prose_to_latex (h->title);
  g_string_append_printf (out, "\\title{%s}\n", title);
  if (h->subtitle != NULL)
    {
      g_autofree char *subtitle = mf_math_prose_to_latex (h->subtitle);

      g_string_append_printf (out, "\\author{%s}\n", subtitle);
    }
  else
    g_string_append (out, "\\author{}\n");
  g_string_append (out, "\\date{}\n\\begin{document}\n\\maketitle\n\n");
  g_string_append (out, h->latex->str);
  g_string_append (out, "\\end{document}\n");
  return g_string_free (out, FALSE);
}

static cairo_surface_t *
pdf_surface (gpointer sink, double width, double height)
{
  return cairo_pdf_surface_create_for_stream (mf_plot_stream_write, sink, width, height);
}

static cairo_surface_t *
svg_surface (gpointer sink, double width, double height)
{
  return cairo_svg_surface_create_for_stream (mf_plot_stream_write, sink, width, height);
}

gboolean
mf_handout_write (const MfHandout *h, GOutputStream *stream, MfHandoutFormat format,
                  guint *n_pages, GError **error)
{
  MfPlotStream sink = { stream, NULL };
  cairo_status_t status;
  guint pages = 1;

  g_return_val_if_fail (h != NULL && G_IS_OUTPUT_STREAM (stream), FALSE);
  g_return_val_if_fail (format != MF_HANDOUT_FORMAT_AUTO, FALSE);

  if (format == MF_HANDOUT_FORMAT_LATEX)
    {
      g_autofree char *latex = mf_handout_to_latex (h);

      if (n_pages != NULL)
        *n_pages = 1;
      return g_output_stream_write_all (stream, latex, strlen (latex), NULL, NULL, error);
    }
  status = mf_handout_draw (h, format == MF_HANDOUT_FORMAT_PDF,
                            format == MF_HANDOUT_FORMAT_PDF ? pdf_surface : svg_surface, &sink,
                            &pages);
  if (n_pages != NULL)
    *n_pages = pages;
  return mf_plot_stream_check (&sink, status, error);
}

gboolean
mf_handout_export (const MfHandout *h, GFile *file, MfHandoutFormat format, GError **error)
{
  g_autoptr (MfOutputFile) out = NULL;
  GOutputStream *stream;

  g_return_val_if_fail (h != NULL && G_IS_FILE (file), FALSE);

  if (format == MF_HANDOUT_FORMAT_AUTO)
    {
      g_autofree char *name = g_file_get_basename (file);

      format = mf_handout_format_from_path (name);
      if (format == MF_HANDOUT_FORMAT_AUTO)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       _("cannot tell the format of %s: name it .pdf, .svg or .tex"), name);
          return FALSE;
        }
    }
  /* written beside `file`, which it replaces when complete; on an error
   * `out` removes it and `file` is as it was */
  out = mf_output_file_new_for_file (file, error);
  if (out == NULL)
    return FALSE;
  stream = mf_output_file_open (out, error);
  return stream != NULL && mf_handout_write (h, stream, format, NULL, error)
         && mf_output_file_commit (out, error);
}
