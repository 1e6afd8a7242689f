/* mf-structural-text.c: a structural analysis in sentences
 * (mf-structural-text.h).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-structural-text.h"

#include <glib/gi18n.h>

#define GET(array, i) g_array_index ((array), guint, (i))

/* Lists in sentences name this many items, then say how many more. */
#define LIST_MAX 24

void
mf_structural_line_free (MfStructuralLine *line)
{
  if (line == NULL)
    return;
  g_free (line->line);
  g_ptr_array_unref (line->names);
  g_free (line);
}

static GPtrArray *
lines_new (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) mf_structural_line_free);
}

static void
lines_add (GPtrArray *lines, char *line, GPtrArray *names)
{
  MfStructuralLine *l = g_new (MfStructuralLine, 1);

  l->line = line;
  l->names = names;
  g_ptr_array_add (lines, l);
}

/* A sentence from a clause the report puts in parentheses: capitalised,
 * with a full stop. */
static char *
as_sentence (const char *clause)
{
  gunichar first = g_utf8_get_char (clause);
  char head[8] = { 0 };

  g_autofree char *capitalised = NULL;

  g_unichar_to_utf8 (g_unichar_totitle (first), head);
  capitalised = g_strconcat (head, g_utf8_next_char (clause), NULL);
  /* Translators: a clause made a sentence: your language's full stop after it */
  return g_strdup_printf (C_ ("sentence", "%s."), capitalised);
}

/* "A, B, C" from names of the extended system, the first LIST_MAX of
 * them and how many more; every name into `collect`, if given. */
typedef char *(*NameFunc) (const MfPantelides *pantelides, guint item);

static char *
join_names (const MfPantelides *p, NameFunc name, const guint *items, guint n,
            GPtrArray *collect)
{
  GString *out = g_string_new (NULL);

  for (guint k = 0; k < n && (k < LIST_MAX || collect != NULL); k++)
    {
      char *one = name (p, items[k]);

      if (k < LIST_MAX)
        g_string_append_printf (out, "%s%s", k > 0 ? ", " : "", one);
      if (collect != NULL)
        g_ptr_array_add (collect, one);
      else
        g_free (one);
    }
  if (n > LIST_MAX)
    /* Translators: after the first names of a long list */
    g_string_append_printf (out, _(", … (and %u more)"), n - LIST_MAX);
  if (n == 0)
    g_string_append (out, "—");
  return g_string_free (out, FALSE);
}

char *
mf_structural_text_title (const MfStructural *s, int numerical)
{
  const MfPantelides *p = s->pantelides;

  if (p->structural_index < 0)
    return g_strdup (_("Structural index: not found"));
  if (numerical >= 0)
    /* Translators: the index from Pantelides' algorithm, then the numerical one */
    return g_strdup_printf (_("Structural index %d; numerical index of the multiplier form %d"),
                            p->structural_index, numerical);
  return g_strdup_printf (_("Structural index %d; the numerical procedure finds no index"),
                          p->structural_index);
}

char *
mf_structural_text_comparison (const MfStructural *s, int numerical)
{
  g_autofree char *clause = mf_structural_compare (s, numerical);

  return as_sentence (clause);
}

const char *
mf_structural_text_reading (void)
{
  return _("Both read the same equations, the multiplier form of the mode. The structural "
           "analysis reads only which unknowns each equation involves; the numerical index "
           "procedure reads their values, so a cancellation can make them differ. Pick a row, "
           "a column, a step or a loop to light up its components on the canvas.");
}

char *
mf_structural_text_incidence (const MfStructural *s)
{
  const MfIncidence *inc = s->incidence;

  /* Translators: the incidence's size (equations × unknowns) and a maximum matching's */
  return g_strdup_printf (_("%u equations × %u unknowns; a maximum matching pairs %u of "
                            "them (filled cells)."),
                          mf_incidence_n_equations (inc), mf_incidence_n_unknowns (inc),
                          s->pantelides->initial->size);
}

const char *
mf_structural_text_incidence_legend (void)
{
  return _("A cross where an equation involves an unknown. The unknowns whose derivative "
           "appears are the states (marked in blue): Pantelides' algorithm takes them as known "
           "and matches each equation to an unknown of its own among the rest. Equations left "
           "unmatched, and the parts no matching can cover, are marked in the warning colour.");
}

GPtrArray *
mf_structural_text_steps (const MfStructural *s, guint max)
{
  const MfPantelides *p = s->pantelides;
  GPtrArray *lines = lines_new ();

  for (guint k = 0; k < p->steps->len && k < max; k++)
    {
      const MfPantelidesStep *step = g_ptr_array_index (p->steps, k);
      GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *stuck = mf_pantelides_equation_name (p, step->equation);
      g_autofree char *set = join_names (p, mf_pantelides_equation_name,
                                         (const guint *) step->differentiated->data,
                                         step->differentiated->len, names);
      g_autofree char *unknowns = join_names (p, mf_pantelides_unknown_name,
                                              (const guint *) step->new_unknowns->data,
                                              step->new_unknowns->len, NULL);

      if (step->new_unknowns->len > 0)
        /* Translators: a step of Pantelides' algorithm: its number, the equation left
         * without an unknown, the structurally singular equations differentiated, the new
         * derivatives */
        lines_add (lines,
                   g_strdup_printf (_("Step %u: no unknown is left for %s. Differentiated: %s. "
                                      "New unknowns: %s."),
                                    k + 1, stuck, set, unknowns),
                   names);
      else
        /* Translators: a step of Pantelides' algorithm: its number, the equation left
         * without an unknown, the structurally singular equations differentiated */
        lines_add (lines,
                   g_strdup_printf (_("Step %u: no unknown is left for %s. Differentiated: %s, "
                                      "whose unknowns have their derivatives already."),
                                    k + 1, stuck, set),
                   names);
    }
  return lines;
}

char *
mf_structural_text_counts (const MfStructural *s)
{
  const MfPantelides *p = s->pantelides;
  const MfIncidence *inc = s->incidence;
  g_autoptr (GString) counts = g_string_new (NULL);
  guint total = 0;

  for (guint i = 0; i < mf_incidence_n_equations (inc); i++)
    if (!p->left_out[i] && p->differentiations[i] > 0 && total++ < LIST_MAX)
      g_string_append_printf (counts, "%s%s (%u)", counts->len > 0 ? ", " : "",
                              mf_incidence_equation_name (inc, i), p->differentiations[i]);
  if (total > LIST_MAX)
    g_string_append_printf (counts, _(", … (and %u more)"), total - LIST_MAX);
  if (counts->len == 0)
    return NULL;
  /* Translators: the equations differentiated, each with how often */
  return g_strdup_printf (_("Differentiated, with how often: %s."), counts->str);
}

char *
mf_structural_text_index (const MfStructural *s)
{
  if (s->pantelides->structural_index < 0)
    return NULL;
  return g_strdup_printf (_("Structural index %d: the most differentiations of an equation, "
                            "plus one when an unknown stays algebraic."),
                          s->pantelides->structural_index);
}

char *
mf_structural_text_dummies (const MfStructural *s)
{
  const MfDummyDerivatives *dd = s->dummies;
  g_autofree char *dummies = NULL;
  g_autofree char *states = NULL;

  if (dd == NULL)
    return NULL;
  if (dd->failed_level > 0)
    return g_strdup_printf (_("No regular choice at the generic state (level %u)."),
                            dd->failed_level);
  dummies = join_names (s->pantelides, mf_pantelides_unknown_name,
                        (const guint *) dd->dummies->data, dd->dummies->len, NULL);
  if (dd->states->len > 0)
    states = join_names (s->pantelides, mf_pantelides_unknown_name,
                         (const guint *) dd->states->data, dd->states->len, NULL);
  else
    /* Translators: what is integrated when every state is made algebraic */
    states = g_strdup (_("nothing"));
  if (dd->dummies->len == 0)
    /* Translators: the states integrated */
    return g_strdup_printf (_("No derivative is made an algebraic unknown. Integrated: %s."),
                            states);
  /* Translators: the derivatives made algebraic unknowns, then the states integrated */
  return g_strdup_printf (_("Made algebraic unknowns: %s. Integrated: %s."), dummies, states);
}

char *
mf_structural_text_blt (const MfStructural *s)
{
  const MfBlt *blt = s->blt;
  guint n = blt->block_start[blt->n_blocks];

  if (blt->n_loops == 0)
    /* Translators: the final system's size and its blocks */
    return g_strdup_printf (_("%u equations solved in %u blocks, one after another, each "
                              "by itself: there is no algebraic loop."),
                            n, blt->n_blocks);
  /* Translators: the final system's size, its blocks, and how many are algebraic loops */
  return g_strdup_printf (ngettext ("%u equations solved in %u blocks, one after another; "
                                    "%u of them is an algebraic loop that needs Newton's "
                                    "method.",
                                    "%u equations solved in %u blocks, one after another; "
                                    "%u of them are algebraic loops that need Newton's "
                                    "method.",
                                    blt->n_loops),
                          n, blt->n_blocks, blt->n_loops);
}

const char *
mf_structural_text_blt_legend (void)
{
  return _("The final system, each equation solved for the unknown on the diagonal, the states "
           "known. A loop is torn: its tears (marked in blue) are guessed, the other unknowns "
           "follow one equation at a time, and the residual equations (marked in the warning "
           "colour) are what Newton drives to zero.");
}

GPtrArray *
mf_structural_text_loops (const MfStructural *s, guint max)
{
  const MfPantelides *p = s->pantelides;
  const MfBlt *blt = s->blt;
  GPtrArray *lines = lines_new ();

  for (guint b = 0; b < blt->n_blocks && lines->len < max; b++)
    {
      guint start = blt->block_start[b], size = mf_blt_block_size (blt, b);
      guint tears = start + size - blt->n_tear[b];
      GPtrArray *names;
      g_autofree char *equations = NULL;
      g_autofree char *torn = NULL;
      g_autofree char *residuals = NULL;

      if (size < 2)
        continue;
      names = g_ptr_array_new_with_free_func (g_free);
      equations = join_names (p, mf_pantelides_equation_name, blt->equations + start, size,
                              names);
      torn = join_names (p, mf_pantelides_unknown_name, blt->unknowns + tears, blt->n_tear[b],
                         names);
      residuals = join_names (p, mf_pantelides_equation_name, blt->equations + tears,
                              blt->n_tear[b], NULL);
      /* Translators: an algebraic loop: its block's number, its size, its equations, the
       * unknowns torn and the residual equations */
      lines_add (lines,
                 g_strdup_printf (_("Block %u, a loop of %u equations: %s. Torn by %s; "
                                    "residuals: %s."),
                                  b + 1, size, equations, torn, residuals),
                 names);
    }
  return lines;
}
