/* mf-equations-text.c: a mode's equations as text (mf-equations.h) — a
 * line per equation after the id it belongs to, or LaTeX align*
 * environments, each followed by the symbols.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "mf-equations-private.h"
#include "mf-model-private.h"

static gboolean
is_reduced (const MfEquation *e)
{
  return e->kind == MF_EQUATION_DEPENDENT || e->kind == MF_EQUATION_REDUCED;
}

/* Whether equation i is the first of the reduced ones. */
static gboolean
starts_reduced (const MfEquations *eq, guint i)
{
  const MfEquation *e = &g_array_index (eq->equations, MfEquation, i);

  return is_reduced (e) && (i == 0 || !is_reduced (e - 1));
}

const char *
mf_equations_get_owner (const MfEquations *eq, guint i)
{
  const MfEquation *e = mf_equations_get (eq, i);

  if (e->component >= 0)
    return component_at (eq->model->circuit, (guint) e->component)->id;
  return e->node != NULL ? e->node : "";
}

char *
mf_equations_to_plain (const MfEquations *eq)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < eq->equations->len; i++)
    {
      const MfEquation *e = &g_array_index (eq->equations, MfEquation, i);
      g_autofree char *text = mf_math_to_plain (e->math);

      if (starts_reduced (eq, i))
        g_string_append_printf (out, "%s\n", _("reduced to the independent states:"));
      g_string_append_printf (out, "%s: %s\n", mf_equations_get_owner (eq, i), text);
    }
  if (eq->symbols->len > 0)
    g_string_append_printf (out, "%s\n", _("where"));
  for (guint i = 0; i < eq->symbols->len; i++)
    {
      const MfEquationSymbol *s = &g_array_index (eq->symbols, MfEquationSymbol, i);
      g_autofree char *symbol = mf_math_to_plain (s->symbol);
      g_autofree char *value = mf_math_to_plain (s->value);

      g_string_append_printf (out, "  %s: %s\n", symbol, value);
    }
  return g_string_free (out, FALSE);
}

static void
append_latex_label (GString *out, const char *label)
{
  MfMath *text = mf_math_name (label);
  g_autofree char *latex = mf_math_to_latex (text);

  g_string_append (out, latex);
  mf_math_free (text);
}

char *
mf_equations_to_latex (const MfEquations *eq)
{
  GString *out = g_string_new ("\\begin{align*}\n");

  for (guint i = 0; i < eq->equations->len; i++)
    {
      const MfEquation *e = &g_array_index (eq->equations, MfEquation, i);
      g_autofree char *text = mf_math_to_latex (e->math);

      if (starts_reduced (eq, i))
        {
          g_autoptr (MfMath) words = mf_math_words (_("reduced to the independent states:"));
          g_autofree char *intertext = mf_math_to_latex (words);

          g_string_append_printf (out, "\\intertext{%s}\n", intertext);
        }
      append_latex_label (out, mf_equations_get_owner (eq, i));
      g_string_append_printf (out, ":&\\quad %s%s\n", text,
                              i + 1 < eq->equations->len ? " \\\\" : "");
    }
  g_string_append (out, "\\end{align*}\n");
  if (eq->symbols->len == 0)
    return g_string_free (out, FALSE);
  g_string_append (out, "\\begin{align*}\n");
  for (guint i = 0; i < eq->symbols->len; i++)
    {
      const MfEquationSymbol *s = &g_array_index (eq->symbols, MfEquationSymbol, i);
      g_autofree char *symbol = mf_math_to_latex (s->symbol);
      g_autofree char *value = mf_math_to_latex (s->value);

      g_string_append_printf (out, "%s &: \\quad %s%s\n", symbol, value,
                              i + 1 < eq->symbols->len ? " \\\\" : "");
    }
  g_string_append (out, "\\end{align*}\n");
  return g_string_free (out, FALSE);
}
