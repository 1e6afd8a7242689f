/* mf-dummy-derivatives.c
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-dummy-derivatives.h"

#include "mf-nullspace.h"
#include "mf-system-jacobian.h"

#define NONE MF_INCIDENCE_NONE
#define GET(array, i) g_array_index ((array), guint, (i))

void
mf_dummy_derivatives_free (MfDummyDerivatives *dummies)
{
  if (dummies == NULL)
    return;
  g_array_unref (dummies->dummies);
  g_array_unref (dummies->states);
  g_free (dummies);
}

/* The unknown of family `root` at derivative order `order`. */
static guint
unknown_at (const MfPantelides *p, guint root, guint order)
{
  guint j = root;

  for (guint k = 0; k < order && j != NONE; k++)
    j = GET (p->unknown_derivative, j);
  return j;
}

/* d_j: how often the family is differentiated in the final system. */
static guint
highest_order (const MfPantelides *p, guint root)
{
  guint j = root;

  while (GET (p->unknown_derivative, j) != NONE)
    j = GET (p->unknown_derivative, j);
  return GET (p->unknown_order, j);
}

static int
compare_rank (gconstpointer a, gconstpointer b, gpointer data)
{
  const guint *rank = data;
  guint x = rank[*(const guint *) a], y = rank[*(const guint *) b];

  return x < y ? -1 : x > y;
}

/* Per family root: its place in the preference, those not listed after
 * the listed ones in the incidence's order. */
static guint *
preference_ranks (const MfIncidence *inc, const guint *preference, guint n_preference)
{
  guint n_u = mf_incidence_n_unknowns (inc), next = n_preference;
  guint *rank = g_new (guint, MAX (n_u, 1));

  for (guint j = 0; j < n_u; j++)
    rank[j] = NONE;
  for (guint k = 0; k < n_preference; k++)
    if (preference[k] < n_u && rank[preference[k]] == NONE)
      rank[preference[k]] = k;
  for (guint j = 0; j < n_u; j++)
    if (rank[j] == NONE)
      rank[j] = next++;
  return rank;
}

/* One level: `candidates` (family roots, in preference order) narrowed to
 * the ones chosen for the rows `rows`.  FALSE when the block is singular
 * or not finite. */
static gboolean
choose_level (const MfSparse *jacobian, const GArray *rows, GArray *candidates)
{
  g_autoptr (MfSparse) block = mf_system_jacobian_block (
    jacobian, (const guint *) rows->data, rows->len, (const guint *) candidates->data,
    candidates->len);
  g_autofree guint *preference = g_new (guint, MAX (candidates->len, 1));
  g_autoptr (MfNullspace) elimination = NULL;
  g_autoptr (GArray) chosen = g_array_new (FALSE, FALSE, sizeof (guint));

  if (block == NULL)
    return FALSE;
  for (guint k = 0; k < candidates->len; k++)
    preference[k] = k;
  elimination = mf_nullspace_select_sparse (block, preference, 0.0);
  if (elimination == NULL || elimination->rank < rows->len)
    return FALSE;
  /* the pivots are the unknowns least wanted as states */
  for (guint k = 0; k < elimination->rank; k++)
    g_array_append_val (chosen, GET (candidates, elimination->dependent[k]));
  g_array_set_size (candidates, 0);
  g_array_append_vals (candidates, chosen->data, chosen->len);
  return TRUE;
}

static void
find_states (MfDummyDerivatives *dd, const MfPantelides *p)
{
  const MfIncidence *inc = p->incidence;
  g_autofree gboolean *dummy = g_new0 (gboolean, MAX (p->n_unknowns, 1));

  for (guint k = 0; k < dd->dummies->len; k++)
    dummy[GET (dd->dummies, k)] = TRUE;
  for (guint f = 0; f < mf_incidence_n_unknowns (inc); f++)
    {
      guint d;

      if (GET (inc->family, f) != f)
        continue;
      d = highest_order (p, f);
      for (guint k = 0; k < d; k++)
        {
          guint state = unknown_at (p, f, k);

          if (!dummy[unknown_at (p, f, k + 1)])
            g_array_append_val (dd->states, state);
        }
    }
}

MfDummyDerivatives *
mf_dummy_derivatives_new (const MfPantelides *p,
                          const MfSparse     *jacobian,
                          const guint        *preference,
                          guint               n_preference)
{
  const MfIncidence *inc = p->incidence;
  g_autoptr (MfDummyDerivatives) dd = NULL;
  g_autofree guint *rank = NULL;
  g_autoptr (GArray) candidates = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) rows = g_array_new (FALSE, FALSE, sizeof (guint));
  guint most = 0;

  if (p->failed)
    return NULL;
  dd = g_new0 (MfDummyDerivatives, 1);
  dd->dummies = g_array_new (FALSE, FALSE, sizeof (guint));
  dd->states = g_array_new (FALSE, FALSE, sizeof (guint));
  rank = preference_ranks (inc, preference, n_preference);
  for (guint i = 0; i < mf_incidence_n_equations (inc); i++)
    if (!p->left_out[i])
      most = MAX (most, p->differentiations[i]);
  for (guint f = 0; f < mf_incidence_n_unknowns (inc); f++)
    if (GET (inc->family, f) == f)
      g_array_append_val (candidates, f);
  g_array_sort_with_data (candidates, compare_rank, rank);

  for (guint level = 1; level <= most; level++)
    {
      guint kept = 0;

      g_array_set_size (rows, 0);
      for (guint i = 0; i < mf_incidence_n_equations (inc); i++)
        if (!p->left_out[i] && p->differentiations[i] >= level)
          g_array_append_val (rows, i);
      for (guint k = 0; k < candidates->len; k++)
        if (highest_order (p, GET (candidates, k)) >= level)
          GET (candidates, kept++) = GET (candidates, k);
      g_array_set_size (candidates, kept);
      if (!choose_level (jacobian, rows, candidates))
        {
          dd->failed_level = level;
          return g_steal_pointer (&dd);
        }
      for (guint k = 0; k < candidates->len; k++)
        {
          guint f = GET (candidates, k);
          guint j = unknown_at (p, f, highest_order (p, f) - level + 1);

          g_array_append_val (dd->dummies, j);
        }
    }
  find_states (dd, p);
  return g_steal_pointer (&dd);
}
