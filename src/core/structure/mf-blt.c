/* mf-blt.c
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-blt.h"

#include "mf-tearing.h"

#define NONE MF_INCIDENCE_NONE
#define GET(array, i) g_array_index ((array), guint, (i))

void
mf_blt_free (MfBlt *blt)
{
  if (blt == NULL)
    return;
  g_free (blt->block_start);
  g_free (blt->equations);
  g_free (blt->unknowns);
  g_free (blt->n_tear);
  g_free (blt);
}

/* Tarjan's strongly connected components, depth first with an explicit
 * stack of equations and their place in their entries. */
typedef struct
{
  const MfPantelides *p;
  const guint *match;   /* per equation: its unknown, NONE when not in the final system */
  guint *number;        /* per equation: its visiting number, NONE before */
  guint *low;
  gboolean *on_stack;
  guint *path;          /* the depth-first path */
  guint *place;         /* per path entry: the next entry of its equation */
  guint  depth;
  guint *stack;         /* Tarjan's stack */
  guint  top;
  guint  visited;
  GArray *order;        /* the equations, component by component */
  GArray *starts;
} Tarjan;

/* The equation whose unknown entry q of `e` is, or NONE: an unknown that
 * is a highest derivative, matched to a final equation. */
static guint
needed (const Tarjan *s, guint q)
{
  const MfPantelides *p = s->p;
  guint z = GET (p->col, q), f;

  if (GET (p->unknown_derivative, z) != NONE)
    return NONE;
  f = GET (p->assign, z);
  return f != NONE && s->match[f] == z ? f : NONE;
}

static void
visit (Tarjan *s, guint e)
{
  s->number[e] = s->low[e] = s->visited++;
  s->stack[s->top++] = e;
  s->on_stack[e] = TRUE;
  s->path[s->depth] = e;
  s->place[s->depth++] = GET (s->p->start, e);
}

static void
pop_component (Tarjan *s, guint root)
{
  guint e;

  do
    {
      e = s->stack[--s->top];
      s->on_stack[e] = FALSE;
      g_array_append_val (s->order, e);
    }
  while (e != root);
  g_array_append_val (s->starts, s->order->len);
}

static void
components_from (Tarjan *s, guint root)
{
  visit (s, root);
  while (s->depth > 0)
    {
      guint e = s->path[s->depth - 1];

      if (s->place[s->depth - 1] < GET (s->p->start, e + 1))
        {
          guint f = needed (s, s->place[s->depth - 1]++);

          if (f == NONE || f == e)
            continue;
          if (s->number[f] == NONE)
            visit (s, f);
          else if (s->on_stack[f])
            s->low[e] = MIN (s->low[e], s->number[f]);
          continue;
        }
      if (s->low[e] == s->number[e])
        pop_component (s, e);
      if (--s->depth > 0)
        {
          guint parent = s->path[s->depth - 1];

          s->low[parent] = MIN (s->low[parent], s->low[e]);
        }
    }
}

MfBlt *
mf_blt_new (const MfPantelides *p)
{
  MfBlt *blt = g_new0 (MfBlt, 1);
  guint n = p->n_equations, zero = 0;
  g_autofree guint *match = mf_pantelides_equation_match (p);
  g_autofree guint *number = g_new (guint, MAX (n, 1));
  g_autofree guint *low = g_new (guint, MAX (n, 1));
  g_autofree gboolean *on_stack = g_new0 (gboolean, MAX (n, 1));
  g_autofree guint *path = g_new (guint, MAX (n, 1));
  g_autofree guint *place = g_new (guint, MAX (n, 1));
  g_autofree guint *stack = g_new (guint, MAX (n, 1));
  g_autoptr (GArray) order = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) starts = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (MfTearing) tearing = mf_tearing_new (p);
  Tarjan s = { p, match, number, low, on_stack, path, place, 0, stack, 0, 0, order, starts };

  for (guint e = 0; e < n; e++)
    number[e] = NONE;
  g_array_append_val (starts, zero);
  for (guint e = 0; e < n; e++)
    if (match[e] != NONE && number[e] == NONE)
      components_from (&s, e);

  blt->n_blocks = starts->len - 1;
  blt->block_start = g_memdup2 (starts->data, starts->len * sizeof (guint));
  blt->equations = g_memdup2 (order->data, MAX (order->len, 1) * sizeof (guint));
  blt->unknowns = g_new (guint, MAX (order->len, 1));
  blt->n_tear = g_new0 (guint, MAX (blt->n_blocks, 1));
  for (guint k = 0; k < order->len; k++)
    blt->unknowns[k] = match[blt->equations[k]];
  for (guint b = 0; b < blt->n_blocks; b++)
    {
      guint size = mf_blt_block_size (blt, b), first = blt->block_start[b];

      blt->largest = MAX (blt->largest, size);
      if (size < 2)
        continue;
      blt->n_loops++;
      blt->n_tear[b] = mf_tearing_tear (tearing, blt->equations + first, blt->unknowns + first,
                                        size);
    }
  return blt;
}
