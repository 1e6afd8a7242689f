/* mf-tearing.c
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-tearing.h"

#include <string.h>

#define NONE MF_INCIDENCE_NONE
#define GET(array, i) g_array_index ((array), guint, (i))

/* A candidate tear: how many unused equations held the unknown when it
 * was pushed (stale once that count has dropped). */
typedef struct
{
  guint uses;
  guint unknown; /* in the block */
} Candidate;

struct _MfTearing
{
  const MfPantelides *p;
  guint  *local;      /* per unknown of the extended system: its place in the block, or NONE */
  /* the block's rows and columns, in places of the block */
  GArray *row_start;
  GArray *row;
  GArray *col_start;
  GArray *col;
  GArray *missing;    /* per equation: its unknowns not known yet */
  GArray *uses;       /* per unknown: the unused equations holding it */
  GArray *used;       /* per equation: solved */
  GArray *known;      /* per unknown */
  GArray *queue;      /* equations that may have one unknown missing */
  GArray *heap;       /* Candidate */
  GArray *order_e;    /* the result, places in the block */
  GArray *order_u;
  GArray *tears;
  const guint *unknowns; /* the block's, during a tearing */
};

static GArray *
guint_array (void)
{
  return g_array_new (FALSE, FALSE, sizeof (guint));
}

MfTearing *
mf_tearing_new (const MfPantelides *p)
{
  MfTearing *t = g_new0 (MfTearing, 1);

  t->p = p;
  t->local = g_new (guint, MAX (p->n_unknowns, 1));
  for (guint j = 0; j < p->n_unknowns; j++)
    t->local[j] = NONE;
  t->row_start = guint_array ();
  t->row = guint_array ();
  t->col_start = guint_array ();
  t->col = guint_array ();
  t->missing = guint_array ();
  t->uses = guint_array ();
  t->used = guint_array ();
  t->known = guint_array ();
  t->queue = guint_array ();
  t->heap = g_array_new (FALSE, FALSE, sizeof (Candidate));
  t->order_e = guint_array ();
  t->order_u = guint_array ();
  t->tears = guint_array ();
  return t;
}

void
mf_tearing_free (MfTearing *t)
{
  if (t == NULL)
    return;
  g_free (t->local);
  g_array_unref (t->row_start);
  g_array_unref (t->row);
  g_array_unref (t->col_start);
  g_array_unref (t->col);
  g_array_unref (t->missing);
  g_array_unref (t->uses);
  g_array_unref (t->used);
  g_array_unref (t->known);
  g_array_unref (t->queue);
  g_array_unref (t->heap);
  g_array_unref (t->order_e);
  g_array_unref (t->order_u);
  g_array_unref (t->tears);
  g_free (t);
}

/* The block's equations by rows of its own unknowns, and the same by
 * columns. */
static void
build_block (MfTearing *t, const guint *equations, guint n)
{
  const MfPantelides *p = t->p;
  guint zero = 0;

  g_array_set_size (t->row_start, 0);
  g_array_set_size (t->row, 0);
  g_array_append_val (t->row_start, zero);
  for (guint k = 0; k < n; k++)
    {
      for (guint q = GET (p->start, equations[k]); q < GET (p->start, equations[k] + 1); q++)
        {
          guint place = t->local[GET (p->col, q)];

          if (place != NONE)
            g_array_append_val (t->row, place);
        }
      g_array_append_val (t->row_start, t->row->len);
    }
  g_array_set_size (t->col_start, n + 1);
  g_array_set_size (t->col, t->row->len);
  memset (t->col_start->data, 0, (n + 1) * sizeof (guint));
  for (guint q = 0; q < t->row->len; q++)
    GET (t->col_start, GET (t->row, q) + 1)++;
  for (guint u = 0; u < n; u++)
    GET (t->col_start, u + 1) += GET (t->col_start, u);
  {
    g_autofree guint *next = g_memdup2 (t->col_start->data, (n + 1) * sizeof (guint));

    for (guint k = 0; k < n; k++)
      for (guint q = GET (t->row_start, k); q < GET (t->row_start, k + 1); q++)
        GET (t->col, next[GET (t->row, q)]++) = k;
  }
}

/* More uses first, then an algebraic unknown, then the earlier one. */
static gboolean
better (const MfTearing *t, const Candidate *a, const Candidate *b)
{
  guint ja = t->unknowns[a->unknown], jb = t->unknowns[b->unknown];
  gboolean alg_a = GET (t->p->unknown_order, ja) == 0;
  gboolean alg_b = GET (t->p->unknown_order, jb) == 0;

  if (a->uses != b->uses)
    return a->uses > b->uses;
  if (alg_a != alg_b)
    return alg_a;
  return ja < jb;
}

static void
heap_push (MfTearing *t, guint unknown)
{
  Candidate c = { GET (t->uses, unknown), unknown };
  Candidate *h;
  guint i;

  g_array_append_val (t->heap, c);
  h = (Candidate *) t->heap->data;
  for (i = t->heap->len - 1; i > 0 && better (t, &h[i], &h[(i - 1) / 2]); i = (i - 1) / 2)
    {
      Candidate swap = h[i];

      h[i] = h[(i - 1) / 2];
      h[(i - 1) / 2] = swap;
    }
}

static Candidate
heap_pop (MfTearing *t)
{
  Candidate *h = (Candidate *) t->heap->data;
  Candidate top = h[0];
  guint n = t->heap->len - 1, i = 0;

  h[0] = h[n];
  g_array_set_size (t->heap, n);
  while (TRUE)
    {
      guint l = 2 * i + 1, r = l + 1, best = i;
      Candidate swap;

      if (l < n && better (t, &h[l], &h[best]))
        best = l;
      if (r < n && better (t, &h[r], &h[best]))
        best = r;
      if (best == i)
        break;
      swap = h[i];
      h[i] = h[best];
      h[best] = swap;
      i = best;
    }
  return top;
}

static void
make_known (MfTearing *t, guint u)
{
  GET (t->known, u) = TRUE;
  for (guint q = GET (t->col_start, u); q < GET (t->col_start, u + 1); q++)
    {
      guint e = GET (t->col, q);

      if (--GET (t->missing, e) == 1 && !GET (t->used, e))
        g_array_append_val (t->queue, e);
    }
}

/* Equation e, with one unknown missing, solved for it. */
static void
solve (MfTearing *t, guint e)
{
  guint u = NONE;

  for (guint q = GET (t->row_start, e); q < GET (t->row_start, e + 1); q++)
    if (!GET (t->known, GET (t->row, q)))
      u = GET (t->row, q);
  GET (t->used, e) = TRUE;
  g_array_append_val (t->order_e, e);
  g_array_append_val (t->order_u, u);
  make_known (t, u);
  for (guint q = GET (t->row_start, e); q < GET (t->row_start, e + 1); q++)
    {
      guint v = GET (t->row, q);

      GET (t->uses, v)--;
      if (!GET (t->known, v))
        heap_push (t, v);
    }
}

static guint
next_tear (MfTearing *t)
{
  while (TRUE)
    {
      Candidate c = heap_pop (t);

      if (!GET (t->known, c.unknown) && c.uses == GET (t->uses, c.unknown))
        return c.unknown;
    }
}

static void
reset (MfTearing *t, guint n)
{
  g_array_set_size (t->missing, n);
  g_array_set_size (t->uses, n);
  g_array_set_size (t->used, n);
  g_array_set_size (t->known, n);
  g_array_set_size (t->queue, 0);
  g_array_set_size (t->heap, 0);
  g_array_set_size (t->order_e, 0);
  g_array_set_size (t->order_u, 0);
  g_array_set_size (t->tears, 0);
  for (guint k = 0; k < n; k++)
    {
      GET (t->missing, k) = GET (t->row_start, k + 1) - GET (t->row_start, k);
      GET (t->uses, k) = GET (t->col_start, k + 1) - GET (t->col_start, k);
      GET (t->used, k) = FALSE;
      GET (t->known, k) = FALSE;
      if (GET (t->missing, k) == 1)
        g_array_append_val (t->queue, k);
      heap_push (t, k);
    }
}

guint
mf_tearing_tear (MfTearing *t, guint *equations, guint *unknowns, guint n)
{
  g_autofree guint *e_copy = g_memdup2 (equations, MAX (n, 1) * sizeof (guint));
  g_autofree guint *u_copy = g_memdup2 (unknowns, MAX (n, 1) * sizeof (guint));
  guint head = 0, known = 0, place = 0, n_tear;

  for (guint k = 0; k < n; k++)
    t->local[unknowns[k]] = k;
  t->unknowns = u_copy;
  build_block (t, equations, n);
  reset (t, n);
  while (known < n)
    {
      while (head < t->queue->len)
        {
          guint e = GET (t->queue, head++);

          if (!GET (t->used, e) && GET (t->missing, e) == 1)
            {
              solve (t, e);
              known++;
            }
        }
      if (known == n)
        break;
      {
        guint u = next_tear (t);

        g_array_append_val (t->tears, u);
        make_known (t, u);
        known++;
      }
    }
  for (guint k = 0; k < t->order_e->len; k++, place++)
    {
      equations[place] = e_copy[GET (t->order_e, k)];
      unknowns[place] = u_copy[GET (t->order_u, k)];
    }
  n_tear = t->tears->len;
  for (guint k = 0, r = place; k < n; k++)
    if (!GET (t->used, k))
      equations[r++] = e_copy[k];
  for (guint k = 0; k < n_tear; k++)
    unknowns[place + k] = u_copy[GET (t->tears, k)];
  for (guint k = 0; k < n; k++)
    t->local[u_copy[k]] = NONE;
  t->unknowns = NULL;
  return n_tear;
}
