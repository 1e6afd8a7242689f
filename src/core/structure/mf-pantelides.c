/* mf-pantelides.c
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-pantelides.h"

#include <math.h>

#define NONE MF_INCIDENCE_NONE
#define GET(array, i) g_array_index ((array), guint, (i))

/* The search's working arrays, grown with the extended system: a colour is
 * a search's number, so no array is cleared between searches. */
typedef struct
{
  GArray *equation_colour; /* guint */
  GArray *unknown_colour;  /* guint */
  GArray *lookahead;       /* guint per equation: entries before it hold no free unknown */
  GArray *next;            /* guint per equation: the depth-first search's place */
  GArray *stack;           /* guint: equations */
  GArray *via;             /* guint: the unknown leading to the next equation */
  GArray *coloured_equations;
  GArray *coloured_unknowns;
  guint   colour;
} Search;

static void
step_free (gpointer data)
{
  MfPantelidesStep *step = data;

  g_array_unref (step->differentiated);
  g_array_unref (step->new_unknowns);
  g_free (step);
}

static GArray *
guint_array (void)
{
  return g_array_new (FALSE, FALSE, sizeof (guint));
}

void
mf_pantelides_free (MfPantelides *p)
{
  if (p == NULL)
    return;
  g_array_unref (p->equation_origin);
  g_array_unref (p->equation_order);
  g_array_unref (p->equation_derivative);
  g_array_unref (p->unknown_family);
  g_array_unref (p->unknown_order);
  g_array_unref (p->unknown_derivative);
  g_array_unref (p->assign);
  g_array_unref (p->start);
  g_array_unref (p->col);
  g_array_unref (p->val);
  mf_matching_free (p->initial);
  g_ptr_array_unref (p->steps);
  g_free (p->differentiations);
  g_free (p->overdetermined);
  g_free (p->left_out);
  g_free (p->underdetermined);
  g_free (p);
}

static gboolean
is_active (const MfPantelides *p, guint unknown)
{
  return GET (p->unknown_derivative, unknown) == NONE;
}

static void
add_unknown (MfPantelides *p, guint family, guint order)
{
  guint none = NONE;

  g_array_append_val (p->unknown_family, family);
  g_array_append_val (p->unknown_order, order);
  g_array_append_val (p->unknown_derivative, none);
  g_array_append_val (p->assign, none);
  p->n_unknowns++;
}

static void
add_equation (MfPantelides *p, guint origin, guint order)
{
  guint none = NONE, end = p->col->len;

  g_array_append_val (p->equation_origin, origin);
  g_array_append_val (p->equation_order, order);
  g_array_append_val (p->equation_derivative, none);
  g_array_append_val (p->start, end);
  p->n_equations++;
}

static void
add_entry (MfPantelides *p, guint unknown, double value)
{
  g_array_append_val (p->col, unknown);
  g_array_append_val (p->val, value);
  GET (p->start, p->n_equations) = p->col->len;
}

/* The incidence as the start of the extended system. */
static void
copy_incidence (MfPantelides *p)
{
  const MfIncidence *inc = p->incidence;
  const MfSparse *a = inc->matrix;

  for (guint j = 0; j < mf_incidence_n_unknowns (inc); j++)
    add_unknown (p, GET (inc->family, j), GET (inc->order, j));
  for (guint j = 0; j < mf_incidence_n_unknowns (inc); j++)
    GET (p->unknown_derivative, j) = GET (inc->derivative, j);
  for (guint i = 0; i < mf_incidence_n_equations (inc); i++)
    {
      add_equation (p, i, 0);
      for (guint q = a->start[i]; q < a->start[i + 1]; q++)
        add_entry (p, a->col[q], a->val[q]);
    }
}

/* Pantelides' condition: a matching of every equation with the families
 * (an unknown and its derivatives as one).  The equations a maximum
 * matching leaves over are left out; the parts it cannot cover are kept
 * for the report. */
static void
leave_out_overdetermined (MfPantelides *p)
{
  const MfIncidence *inc = p->incidence;
  const MfSparse *a = inc->matrix;
  guint n = mf_incidence_n_equations (inc);
  g_auto (MfEntries) entries = { 0 };
  g_autoptr (MfSparse) families = NULL;
  g_autoptr (MfMatching) matching = NULL;
  g_autofree gboolean *involved = NULL;

  mf_entries_init (&entries);
  for (guint i = 0; i < n; i++)
    for (guint q = a->start[i]; q < a->start[i + 1]; q++)
      mf_entries_add (&entries, i, GET (inc->family, a->col[q]), 1.0);
  families = mf_entries_finish (&entries, n, mf_incidence_n_unknowns (inc));
  matching = mf_matching_new (families, NULL);
  for (guint i = 0; i < n; i++)
    if ((p->left_out[i] = matching->row_match[i] == MF_MATCHING_NONE))
      p->n_left_out++;
  mf_matching_overdetermined (matching, families, NULL, p->overdetermined, NULL);
  mf_matching_underdetermined (matching, families, NULL, p->underdetermined);
  /* a family no equation involves is no part of the system */
  involved = g_new0 (gboolean, MAX (mf_incidence_n_unknowns (inc), 1));
  for (guint q = 0; q < mf_sparse_nnz (families); q++)
    involved[families->col[q]] = TRUE;
  for (guint j = 0; j < mf_incidence_n_unknowns (inc); j++)
    p->underdetermined[j] = p->underdetermined[j] && involved[j];
}

/* The maximum matching to start from: the equations kept, with the
 * unknowns that are not states. */
static void
match_initially (MfPantelides *p)
{
  const MfIncidence *inc = p->incidence;
  const MfSparse *a = inc->matrix;
  guint n = mf_incidence_n_equations (inc), n_u = mf_incidence_n_unknowns (inc);
  g_autofree gboolean *allowed = g_new0 (gboolean, MAX (n_u, 1));
  g_auto (MfEntries) entries = { 0 };
  g_autoptr (MfSparse) kept = NULL;

  mf_entries_init (&entries);
  for (guint i = 0; i < n; i++)
    for (guint q = a->start[i]; q < a->start[i + 1] && !p->left_out[i]; q++)
      mf_entries_add (&entries, i, a->col[q], 1.0);
  kept = mf_entries_finish (&entries, n, n_u);
  for (guint j = 0; j < n_u; j++)
    allowed[j] = GET (inc->derivative, j) == NONE;
  p->initial = mf_matching_new (kept, allowed);
  for (guint j = 0; j < n_u; j++)
    GET (p->assign, j) = p->initial->col_match[j];
}

static void
search_grow (Search *s, const MfPantelides *p)
{
  guint zero = 0;

  while (s->equation_colour->len < p->n_equations)
    {
      guint e = s->equation_colour->len;

      g_array_append_val (s->equation_colour, zero);
      g_array_append_val (s->lookahead, GET (p->start, e));
      g_array_append_val (s->next, zero);
    }
  while (s->unknown_colour->len < p->n_unknowns)
    g_array_append_val (s->unknown_colour, zero);
}

static void
colour_equation (Search *s, const MfPantelides *p, guint e)
{
  GET (s->equation_colour, e) = s->colour;
  GET (s->next, e) = GET (p->start, e);
  g_array_append_val (s->coloured_equations, e);
  g_array_append_val (s->stack, e);
}

/* An unknown of equation e that is neither a state nor matched, found
 * from e's lookahead on: entries it passes stay states or matched for
 * good, so each entry is passed once over the whole algorithm. */
static guint
free_unknown (Search *s, const MfPantelides *p, guint e)
{
  guint end = GET (p->start, e + 1);
  guint *look = &GET (s->lookahead, e);

  for (; *look < end; (*look)++)
    {
      guint j = GET (p->col, *look);

      if (is_active (p, j) && GET (p->assign, j) == NONE)
        return j;
    }
  return NONE;
}

/* Matches the stack's equations along the path ending at the free unknown
 * `last`. */
static void
flip_path (Search *s, MfPantelides *p, guint last)
{
  guint depth = s->stack->len - 1;

  GET (p->assign, last) = GET (s->stack, depth);
  for (guint d = 0; d < depth; d++)
    GET (p->assign, GET (s->via, d)) = GET (s->stack, d);
}

/* An augmenting path from equation `root` (Pantelides' AUGMENTPATH, depth
 * first with an explicit stack).  On failure, the equations and unknowns
 * it coloured are in s->coloured_*. */
static gboolean
augment (Search *s, MfPantelides *p, guint root)
{
  s->colour++;
  g_array_set_size (s->stack, 0);
  g_array_set_size (s->via, 0);
  g_array_set_size (s->coloured_equations, 0);
  g_array_set_size (s->coloured_unknowns, 0);
  colour_equation (s, p, root);
  while (s->stack->len > 0)
    {
      guint e = GET (s->stack, s->stack->len - 1);
      guint j = free_unknown (s, p, e);
      guint *next = &GET (s->next, e);

      if (j != NONE)
        {
          flip_path (s, p, j);
          return TRUE;
        }
      if (*next == GET (p->start, e + 1))
        {
          g_array_set_size (s->stack, s->stack->len - 1);
          if (s->via->len > 0)
            g_array_set_size (s->via, s->via->len - 1);
          continue;
        }
      j = GET (p->col, (*next)++);
      if (!is_active (p, j) || GET (s->unknown_colour, j) == s->colour)
        continue;
      GET (s->unknown_colour, j) = s->colour;
      g_array_append_val (s->coloured_unknowns, j);
      /* j is matched (free_unknown found none): on to its equation */
      g_array_append_val (s->via, j);
      colour_equation (s, p, GET (p->assign, j));
    }
  return FALSE;
}

/* The derivative of equation l: for each unknown x it involves, x' with
 * l's value in x, and x itself (NAN: its value in the derivative is not
 * needed); every unknown of l has a derivative by now. */
static void
differentiate_equation (MfPantelides *p, guint l, GArray *mark, guint stamp)
{
  guint m = p->n_equations;
  guint first = GET (p->start, l), end = GET (p->start, l + 1);

  add_equation (p, GET (p->equation_origin, l), GET (p->equation_order, l) + 1);
  GET (p->equation_derivative, l) = m;
  for (guint q = first; q < end; q++)
    {
      guint d = GET (p->unknown_derivative, GET (p->col, q));

      GET (mark, d) = stamp;
      add_entry (p, d, g_array_index (p->val, double, q));
    }
  for (guint q = first; q < end; q++)
    {
      guint j = GET (p->col, q);

      if (GET (mark, j) != stamp)
        add_entry (p, j, NAN);
    }
}

/* The step after a failed search: the coloured equations differentiated,
 * the coloured unknowns given derivatives, each derivative matched to the
 * derivative of its unknown's equation.  Returns the derivative of `root`. */
static guint
differentiate (MfPantelides *p, Search *s, guint root, GArray *mark)
{
  MfPantelidesStep *step = g_new0 (MfPantelidesStep, 1);
  guint zero = 0;

  step->equation = root;
  step->differentiated = g_array_copy (s->coloured_equations);
  step->new_unknowns = guint_array ();
  for (guint k = 0; k < s->coloured_unknowns->len; k++)
    {
      guint j = GET (s->coloured_unknowns, k), d = p->n_unknowns;

      add_unknown (p, GET (p->unknown_family, j), GET (p->unknown_order, j) + 1);
      GET (p->unknown_derivative, j) = d;
      g_array_append_val (step->new_unknowns, d);
    }
  while (mark->len < p->n_unknowns)
    g_array_append_val (mark, zero);
  for (guint k = 0; k < s->coloured_equations->len; k++)
    differentiate_equation (p, GET (s->coloured_equations, k), mark, p->steps->len + 1);
  for (guint k = 0; k < s->coloured_unknowns->len; k++)
    {
      guint j = GET (s->coloured_unknowns, k);

      GET (p->assign, GET (p->unknown_derivative, j))
        = GET (p->equation_derivative, GET (p->assign, j));
    }
  g_ptr_array_add (p->steps, step);
  return GET (p->equation_derivative, root);
}

static void
search_clear (Search *s)
{
  g_array_unref (s->equation_colour);
  g_array_unref (s->unknown_colour);
  g_array_unref (s->lookahead);
  g_array_unref (s->next);
  g_array_unref (s->stack);
  g_array_unref (s->via);
  g_array_unref (s->coloured_equations);
  g_array_unref (s->coloured_unknowns);
}

/* Every kept equation matched, differentiating where no path exists.  An
 * equation differentiated more often than there are families of unknowns
 * means the condition failed after all: stop. */
static void
run (MfPantelides *p)
{
  guint n = mf_incidence_n_equations (p->incidence);
  guint limit = mf_incidence_n_unknowns (p->incidence) + 1;
  g_autoptr (GArray) mark = guint_array ();
  Search s = { guint_array (), guint_array (), guint_array (), guint_array (),
               guint_array (), guint_array (), guint_array (), guint_array (), 0 };

  for (guint k = 0; k < n && !p->failed; k++)
    {
      guint i = k;

      if (p->left_out[k] || p->initial->row_match[k] != MF_MATCHING_NONE)
        continue;
      search_grow (&s, p);
      while (!augment (&s, p, i))
        {
          if (GET (p->equation_order, i) >= limit)
            {
              p->failed = TRUE;
              break;
            }
          i = differentiate (p, &s, i, mark);
          search_grow (&s, p);
        }
    }
  search_clear (&s);
}

/* max c_i, plus 1 when an unknown some equation determines is algebraic. */
static void
find_index (MfPantelides *p)
{
  guint n = mf_incidence_n_equations (p->incidence), most = 0;
  gboolean algebraic = FALSE;

  for (guint i = 0; i < n; i++)
    {
      guint e = i;

      while (GET (p->equation_derivative, e) != NONE)
        e = GET (p->equation_derivative, e);
      p->differentiations[i] = GET (p->equation_order, e);
      if (!p->left_out[i])
        most = MAX (most, p->differentiations[i]);
    }
  for (guint j = 0; j < p->n_unknowns; j++)
    if (is_active (p, j) && GET (p->assign, j) != NONE && GET (p->unknown_order, j) == 0)
      algebraic = TRUE;
  p->structural_index = p->failed ? -1 : (int) most + (algebraic ? 1 : 0);
}

MfPantelides *
mf_pantelides_new (const MfIncidence *incidence)
{
  MfPantelides *p = g_new0 (MfPantelides, 1);
  guint n = mf_incidence_n_equations (incidence);
  guint zero = 0;

  g_return_val_if_fail (incidence->matrix != NULL, NULL);
  p->incidence = incidence;
  p->equation_origin = guint_array ();
  p->equation_order = guint_array ();
  p->equation_derivative = guint_array ();
  p->unknown_family = guint_array ();
  p->unknown_order = guint_array ();
  p->unknown_derivative = guint_array ();
  p->assign = guint_array ();
  p->start = guint_array ();
  p->col = guint_array ();
  p->val = g_array_new (FALSE, FALSE, sizeof (double));
  p->steps = g_ptr_array_new_with_free_func (step_free);
  p->differentiations = g_new0 (guint, MAX (n, 1));
  p->overdetermined = g_new0 (gboolean, MAX (n, 1));
  p->left_out = g_new0 (gboolean, MAX (n, 1));
  p->underdetermined = g_new0 (gboolean, MAX (mf_incidence_n_unknowns (incidence), 1));
  g_array_append_val (p->start, zero);

  copy_incidence (p);
  leave_out_overdetermined (p);
  match_initially (p);
  run (p);
  find_index (p);
  return p;
}

gboolean
mf_pantelides_equation_is_final (const MfPantelides *p, guint e)
{
  return GET (p->equation_derivative, e) == NONE
         && !p->left_out[GET (p->equation_origin, e)];
}

guint *
mf_pantelides_equation_match (const MfPantelides *p)
{
  guint *match = g_new (guint, MAX (p->n_equations, 1));

  for (guint e = 0; e < p->n_equations; e++)
    match[e] = NONE;
  for (guint j = 0; j < p->n_unknowns; j++)
    if (is_active (p, j) && GET (p->assign, j) != NONE
        && mf_pantelides_equation_is_final (p, GET (p->assign, j)))
      match[GET (p->assign, j)] = j;
  return match;
}

char *
mf_pantelides_equation_name (const MfPantelides *p, guint e)
{
  return mf_incidence_derivative_name (
    mf_incidence_equation_name (p->incidence, GET (p->equation_origin, e)),
    GET (p->equation_order, e));
}

char *
mf_pantelides_unknown_name (const MfPantelides *p, guint j)
{
  if (j < mf_incidence_n_unknowns (p->incidence))
    return g_strdup (mf_incidence_unknown_name (p->incidence, j));
  return mf_incidence_derivative_name (
    mf_incidence_unknown_name (p->incidence, GET (p->unknown_family, j)),
    GET (p->unknown_order, j));
}
