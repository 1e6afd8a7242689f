/* test-structure-matching.c: the maximum matching of mf-matching.h on
 * random bipartite graphs, against brute force: its size is the largest
 * number of pairs any choice makes, and the rank of a matrix with that
 * pattern and random values (the structural rank, which random values
 * reach with probability one); the rows it calls over-determined, and
 * the columns it calls under-determined, are exactly those some maximum
 * matching leaves unmatched.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>

#include "mf-matching.h"
#include "mf-nullspace.h"
#include "mf-sparse.h"

#define MAX_SIDE 7

typedef struct
{
  guint    rows;
  guint    cols;
  gboolean edge[MAX_SIDE][MAX_SIDE];
} Graph;

static Graph
random_graph (GRand *rand)
{
  Graph g = { (guint) g_rand_int_range (rand, 0, MAX_SIDE + 1),
              (guint) g_rand_int_range (rand, 0, MAX_SIDE + 1), { { FALSE } } };
  double density = g_rand_double_range (rand, 0.05, 0.6);

  for (guint i = 0; i < g.rows; i++)
    for (guint j = 0; j < g.cols; j++)
      g.edge[i][j] = g_rand_double (rand) < density;
  return g;
}

/* The graph's edges with random values in [1, 2] and random signs. */
static MfSparse *
to_sparse (const Graph *g, GRand *rand)
{
  g_auto (MfEntries) entries = { 0 };

  mf_entries_init (&entries);
  for (guint i = 0; i < g->rows; i++)
    for (guint j = 0; j < g->cols; j++)
      if (g->edge[i][j])
        mf_entries_add (&entries, i, j,
                        (g_rand_boolean (rand) ? 1 : -1) * g_rand_double_range (rand, 1, 2));
  return mf_entries_finish (&entries, g->rows, g->cols);
}

/* The largest matching of rows row.. with the columns not in `used`, by
 * trying every choice, without `skip_row`. */
static guint
brute_force (const Graph *g, guint row, guint used, guint skip_row)
{
  guint best;

  if (row == g->rows)
    return 0;
  best = brute_force (g, row + 1, used, skip_row);
  if (row == skip_row)
    return best;
  for (guint j = 0; j < g->cols; j++)
    if (g->edge[row][j] && !(used & (1u << j)))
      best = MAX (best, 1 + brute_force (g, row + 1, used | (1u << j), skip_row));
  return best;
}

static guint
numerical_rank (const MfSparse *a)
{
  g_autofree double *dense = NULL;
  g_autofree double *sigma = NULL;
  guint k = MIN (a->n_rows, a->n_cols), rank = 0;

  if (k == 0)
    return 0;
  dense = mf_sparse_to_dense (a);
  sigma = g_new0 (double, k);
  g_assert_true (mf_singular_values (dense, a->n_rows, a->n_cols, sigma));
  for (guint i = 0; i < k; i++)
    rank += sigma[i] > 1e-10 * sigma[0];
  return rank;
}

static void
assert_valid (const Graph *g, const MfMatching *m)
{
  guint pairs = 0;

  for (guint i = 0; i < g->rows; i++)
    {
      guint j = m->row_match[i];

      if (j == MF_MATCHING_NONE)
        continue;
      g_assert_true (g->edge[i][j]);
      g_assert_cmpuint (m->col_match[j], ==, i);
      pairs++;
    }
  for (guint j = 0; j < g->cols; j++)
    g_assert_true (m->col_match[j] == MF_MATCHING_NONE || m->row_match[m->col_match[j]] == j);
  g_assert_cmpuint (pairs, ==, m->size);
}

/* 3000 graphs of up to 7 × 7. */
static void
test_random (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (17);

  for (guint trial = 0; trial < 3000; trial++)
    {
      Graph g = random_graph (rand);
      g_autoptr (MfSparse) a = to_sparse (&g, rand);
      g_autoptr (MfMatching) m = mf_matching_new (a, NULL);
      gboolean over[MAX_SIDE], under[MAX_SIDE];
      guint best = brute_force (&g, 0, 0, G_MAXUINT);

      assert_valid (&g, m);
      g_assert_cmpuint (m->size, ==, best);
      g_assert_cmpuint (m->size, ==, numerical_rank (a));
      mf_matching_overdetermined (m, a, NULL, over, NULL);
      for (guint i = 0; i < g.rows; i++)
        g_assert_cmpint (over[i], ==, brute_force (&g, 0, 0, i) == best);
      /* a column taken away beforehand is one left unmatched */
      mf_matching_underdetermined (m, a, NULL, under);
      for (guint j = 0; j < g.cols; j++)
        g_assert_cmpint (under[j], ==, brute_force (&g, 0, 1u << j, G_MAXUINT) == best);
    }
}

/* Columns that are not allowed are not matched. */
static void
test_allowed (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (18);

  for (guint trial = 0; trial < 1000; trial++)
    {
      Graph g = random_graph (rand), h = g;
      g_autoptr (MfSparse) a = to_sparse (&g, rand);
      gboolean allowed[MAX_SIDE];
      g_autoptr (MfMatching) m = NULL;

      for (guint j = 0; j < g.cols; j++)
        allowed[j] = g_rand_boolean (rand);
      for (guint i = 0; i < g.rows; i++)
        for (guint j = 0; j < g.cols; j++)
          h.edge[i][j] = g.edge[i][j] && allowed[j];
      m = mf_matching_new (a, allowed);
      assert_valid (&h, m);
      g_assert_cmpuint (m->size, ==, brute_force (&h, 0, 0, G_MAXUINT));
    }
}

/* A long chain: row i on columns i and i + 1, which the greedy pass
 * matches to column i, and a last row on column 0 alone, whose augmenting
 * path crosses the whole chain — walked by the explicit stack, without
 * recursion. */
static void
test_long_chain (void)
{
  guint n = 200000;
  g_auto (MfEntries) entries = { 0 };
  g_autoptr (MfSparse) a = NULL;
  g_autoptr (MfMatching) m = NULL;

  mf_entries_init (&entries);
  for (guint i = 0; i < n; i++)
    {
      mf_entries_add (&entries, i, i + 1, 1.0);
      mf_entries_add (&entries, i, i, 1.0);
    }
  mf_entries_add (&entries, n, 0, 1.0);
  a = mf_entries_finish (&entries, n + 1, n + 1);
  m = mf_matching_new (a, NULL);
  g_assert_cmpuint (m->size, ==, n + 1);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/structure/matching/random", test_random);
  g_test_add_func ("/core/structure/matching/allowed", test_allowed);
  g_test_add_func ("/core/structure/matching/long-chain", test_long_chain);
  return g_test_run ();
}
