/* mf-index-steps-latex.c: the index procedure written out as LaTeX, and
 * what its pages share (mf-index-steps.h): the sentence that says what a
 * round's E is, the minimal-order system in order.  The
 * notation goes through mf_math_to_latex(), the prose through
 * mf_math_prose_to_latex(), which sets the symbols in it in math mode.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-index-steps.h"

#include <glib/gi18n.h>

#define AT(a, rows, i, j) ((a)[(gsize) (j) * (rows) + (i)])

char *
mf_index_round_describe_e (const MfIndexRound *round)
{
  guint zero = 0;

  g_return_val_if_fail (round != NULL, NULL);

  for (guint i = 0; i < round->n; i++)
    if (round->zero_row[i])
      zero++;
  if (round->rank == round->n)
    return g_strdup_printf (_("E has full rank, %u: it is regular."), round->n);
  if (zero == 0)
    return g_strdup_printf (_("E has rank %u of %u: its rows are dependent, though none is "
                              "zero as it stands."),
                            round->rank, round->n);
  return g_strdup_printf (ngettext ("E has rank %u of %u; %u row is zero (shaded).",
                                    "E has rank %u of %u; %u rows are zero (shaded).", zero),
                          round->rank, round->n, zero);
}

static void
append_words (GString *out, const char *words)
{
  g_autofree char *latex = mf_math_prose_to_latex (words);

  g_string_append_printf (out, "%s\n\n", latex);
}

static void
append_heading (GString *out, const char *command, const char *words)
{
  g_autofree char *latex = mf_math_prose_to_latex (words);

  g_string_append_printf (out, "\\%s*{%s}\n", command, latex);
}

static void
append_display (GString *out, const MfMath *math)
{
  g_autofree char *latex = mf_math_to_latex (math);

  g_string_append_printf (out, "\\[ %s \\]\n", latex);
}

static void
append_name (GString *out, const char *name)
{
  g_autoptr (MfMath) math = mf_math_name (name);
  g_autofree char *latex = mf_math_to_latex (math);

  g_string_append (out, latex);
}

/* E as an array under the states' names, its rows after the states'
 * names in the first round (E = diag(M̄, I, I)) and numbered after; a
 * zero row marked with an arrow. */
static void
append_e (GString *out, const MfIndexSteps *steps, const MfIndexRound *r, guint round)
{
  g_string_append (out, "\\[ E = \\begin{array}{r|");
  for (guint j = 0; j < r->n; j++)
    g_string_append_c (out, 'c');
  g_string_append (out, "l}\n ");
  for (guint j = 0; j < r->n; j++)
    {
      g_string_append (out, " & ");
      append_name (out, steps->names[j]);
    }
  g_string_append (out, " & \\\\ \\hline\n");
  for (guint i = 0; i < r->n; i++)
    {
      if (round == 0)
        append_name (out, steps->names[i]);
      else
        g_string_append_printf (out, "%u", i + 1);
      for (guint j = 0; j < r->n; j++)
        {
          g_autoptr (MfMath) number = mf_math_number (AT (r->e, r->n, i, j));
          g_autofree char *latex = mf_math_to_latex (number);

          g_string_append_printf (out, " & %s", latex);
        }
      g_string_append_printf (out, " & %s \\\\\n", r->zero_row[i] ? "\\leftarrow" : "");
    }
  g_string_append (out, "\\end{array} \\]\n");
}

static void
append_round (GString *out, const MfIndexSteps *steps, guint round)
{
  const MfIndexRound *r = steps->rounds->pdata[round];
  g_autofree char *title = g_strdup_printf (_("Round %u of %u"), round + 1, steps->rounds->len);
  g_autofree char *e = mf_index_round_describe_e (r);

  append_heading (out, "subsection", title);
  append_words (out, e);
  append_e (out, steps, r, round);
  if (r->beta->len > 0)
    append_heading (out, "paragraph", _("The null space of M̄, over the independent states"));
  for (guint i = 0; i < r->beta->len; i++)
    append_display (out, r->beta->pdata[i]);
  if (r->constraints->len > 0)
    append_heading (out, "paragraph", ngettext ("The hidden constraint", "The hidden constraints",
                                                r->constraints->len));
  for (guint i = 0; i < r->constraints->len; i++)
    {
      append_display (out, r->constraints->pdata[i]);
      if (i < r->derivatives->len && r->derivatives->pdata[i] != NULL)
        {
          append_words (out, _("Its time derivative, by the product and chain rules:"));
          append_display (out, r->derivatives->pdata[i]);
          append_words (out, _("With x′ = v and C·p′ = inflow put in:"));
          append_display (out, r->substituted->pdata[i]);
        }
    }
  if (r->constraints->len == 0 && r->involved->len > 0)
    {
      append_heading (out, "paragraph", _("The hidden constraints hold"));
      for (guint i = 0; i < r->involved->len; i++)
        append_words (out, r->involved->pdata[i]);
    }
  append_heading (out, "paragraph", _("What the round shows"));
  for (guint i = 0; i < r->notes->len; i++)
    append_words (out, r->notes->pdata[i]);
}

static void
append_final (const char *heading, const char *line, const MfMath *equation, gpointer out)
{
  if (heading != NULL)
    append_heading (out, "paragraph", heading);
  append_words (out, line);
  append_display (out, equation);
}

void
mf_index_steps_foreach_final (const MfIndexSteps *steps, MfIndexFinalFunc func, gpointer data)
{
  g_return_if_fail (steps != NULL && func != NULL);

  for (guint kind = 0; kind < 2; kind++)
    {
      gboolean any = FALSE;

      for (guint i = 0; i < steps->final->len; i++)
        {
          const MfIndexFinal *f = steps->final->pdata[i];
          g_autofree char *line = NULL;

          if (f->integrated != (kind == 0))
            continue;
          line = g_strdup_printf (_("%s: %s"), f->state, f->why);
          func (any ? NULL : kind == 0 ? _("Integrated states") : _("Algebraic states"), line,
                f->equation, data);
          any = TRUE;
        }
    }
}

char *
mf_index_steps_to_latex (const MfIndexSteps *steps)
{
  GString *out = g_string_new (NULL);
  g_autofree char *final = NULL;

  g_return_val_if_fail (steps != NULL, NULL);

  for (guint s = 0; s < steps->rounds->len; s++)
    append_round (out, steps, s);
  final = g_strdup_printf (_("The minimal-order system (index %d)"), steps->index);
  append_heading (out, "subsection", final);
  mf_index_steps_foreach_final (steps, append_final, out);
  return g_string_free (out, FALSE);
}
