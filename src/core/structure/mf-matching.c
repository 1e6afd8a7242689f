/* mf-matching.c
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-matching.h"

#define UNREACHED G_MAXUINT

void
mf_matching_free (MfMatching *matching)
{
  if (matching == NULL)
    return;
  g_free (matching->row_match);
  g_free (matching->col_match);
  g_free (matching);
}

static gboolean
usable (const gboolean *allowed, guint col)
{
  return allowed == NULL || allowed[col];
}

/* Every row takes the first free column it involves. */
static void
match_greedily (MfMatching *m, const MfSparse *graph, const gboolean *allowed)
{
  for (guint i = 0; i < m->n_rows; i++)
    for (guint p = graph->start[i]; p < graph->start[i + 1]; p++)
      {
        guint j = graph->col[p];

        if (usable (allowed, j) && m->col_match[j] == MF_MATCHING_NONE)
          {
            m->row_match[i] = j;
            m->col_match[j] = i;
            m->size++;
            break;
          }
      }
}

/* The layers of the free rows' alternating search: level[i] is the length
 * of the shortest alternating path from a free row to row i.  TRUE when a
 * free column can be reached. */
static gboolean
layer_rows (const MfMatching *m, const MfSparse *graph, const gboolean *allowed, guint *level,
            guint *queue)
{
  guint head = 0, tail = 0;
  gboolean found = FALSE;

  for (guint i = 0; i < m->n_rows; i++)
    {
      level[i] = m->row_match[i] == MF_MATCHING_NONE ? 0 : UNREACHED;
      if (level[i] == 0)
        queue[tail++] = i;
    }
  while (head < tail)
    {
      guint i = queue[head++];

      for (guint p = graph->start[i]; p < graph->start[i + 1]; p++)
        {
          guint j = graph->col[p], next;

          if (!usable (allowed, j))
            continue;
          next = m->col_match[j];
          if (next == MF_MATCHING_NONE)
            found = TRUE;
          else if (level[next] == UNREACHED)
            {
              level[next] = level[i] + 1;
              queue[tail++] = next;
            }
        }
    }
  return found;
}

/* Depth-first along the layers from the free row `root`, with an explicit
 * stack (a network's paths are as long as the network); `next` keeps each
 * row's place in its entries for the whole phase, so a phase reads every
 * entry at most once.  TRUE when the path found has been flipped. */
static gboolean
augment_from (MfMatching *m, const MfSparse *graph, const gboolean *allowed, guint root,
              guint *level, guint *next, guint *stack, guint *via)
{
  guint depth = 0;

  stack[0] = root;
  while (TRUE)
    {
      guint i = stack[depth];
      guint j, owner;

      if (next[i] == graph->start[i + 1])
        {
          /* a dead end for the rest of the phase */
          level[i] = UNREACHED;
          if (depth == 0)
            return FALSE;
          depth--;
          continue;
        }
      j = graph->col[next[i]++];
      if (!usable (allowed, j))
        continue;
      owner = m->col_match[j];
      if (owner == MF_MATCHING_NONE)
        {
          via[depth] = j;
          for (guint d = 0; d <= depth; d++)
            {
              m->row_match[stack[d]] = via[d];
              m->col_match[via[d]] = stack[d];
            }
          m->size++;
          return TRUE;
        }
      if (level[owner] != UNREACHED && level[owner] == level[i] + 1)
        {
          via[depth] = j;
          stack[++depth] = owner;
        }
    }
}

MfMatching *
mf_matching_new (const MfSparse *graph, const gboolean *allowed)
{
  MfMatching *m = g_new0 (MfMatching, 1);
  guint rows = graph->n_rows;
  g_autofree guint *level = g_new (guint, MAX (rows, 1));
  g_autofree guint *queue = g_new (guint, MAX (rows, 1));
  g_autofree guint *next = g_new (guint, MAX (rows, 1));
  g_autofree guint *stack = g_new (guint, MAX (rows, 1));
  g_autofree guint *via = g_new (guint, MAX (rows, 1));

  m->n_rows = rows;
  m->n_cols = graph->n_cols;
  m->row_match = g_new (guint, MAX (rows, 1));
  m->col_match = g_new (guint, MAX (graph->n_cols, 1));
  for (guint i = 0; i < rows; i++)
    m->row_match[i] = MF_MATCHING_NONE;
  for (guint j = 0; j < graph->n_cols; j++)
    m->col_match[j] = MF_MATCHING_NONE;
  match_greedily (m, graph, allowed);

  while (m->size < rows && layer_rows (m, graph, allowed, level, queue))
    {
      guint grown = 0;

      for (guint i = 0; i < rows; i++)
        next[i] = graph->start[i];
      for (guint i = 0; i < rows; i++)
        if (m->row_match[i] == MF_MATCHING_NONE && level[i] == 0)
          grown += augment_from (m, graph, allowed, i, level, next, stack, via);
      if (grown == 0)
        break;
    }
  return m;
}

void
mf_matching_overdetermined (const MfMatching *m,
                            const MfSparse   *graph,
                            const gboolean   *allowed,
                            gboolean         *rows,
                            gboolean         *cols)
{
  g_autofree gboolean *row_seen = g_new0 (gboolean, MAX (m->n_rows, 1));
  g_autofree gboolean *col_seen = g_new0 (gboolean, MAX (m->n_cols, 1));
  g_autofree guint *queue = g_new (guint, MAX (m->n_rows, 1));
  guint head = 0, tail = 0;

  for (guint i = 0; i < m->n_rows; i++)
    if (m->row_match[i] == MF_MATCHING_NONE)
      {
        row_seen[i] = TRUE;
        queue[tail++] = i;
      }
  while (head < tail)
    {
      guint i = queue[head++];

      for (guint p = graph->start[i]; p < graph->start[i + 1]; p++)
        {
          guint j = graph->col[p], owner;

          if (!usable (allowed, j) || col_seen[j])
            continue;
          col_seen[j] = TRUE;
          /* a maximum matching leaves no free column next to a free row */
          owner = m->col_match[j];
          if (owner != MF_MATCHING_NONE && !row_seen[owner])
            {
              row_seen[owner] = TRUE;
              queue[tail++] = owner;
            }
        }
    }
  for (guint i = 0; rows != NULL && i < m->n_rows; i++)
    rows[i] = row_seen[i];
  for (guint j = 0; cols != NULL && j < m->n_cols; j++)
    cols[j] = col_seen[j];
}

void
mf_matching_underdetermined (const MfMatching *m,
                             const MfSparse   *graph,
                             gboolean         *rows,
                             gboolean         *cols)
{
  g_autoptr (MfSparse) transposed = mf_sparse_transpose (graph);
  MfMatching swapped = { m->n_cols, m->n_rows, m->size, m->col_match, m->row_match };

  mf_matching_overdetermined (&swapped, transposed, NULL, cols, rows);
}
