/* mf-iteration-matrix.c
 *
 * Every entry of c E − ∂f/∂y is a sum of contributions that can be listed
 * in a fixed order from α, M and the pattern of ∂F/∂u: the list is made
 * once, sorted into compressed columns, and each contribution remembers
 * the slot it adds to.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-iteration-matrix.h"

#include <stdlib.h>
#include <string.h>

#include "mf-system-private.h"

typedef enum
{
  PART_MASS,
  PART_FIXED,
  PART_TERM,
} Part;

/* The contributions in the order they are listed. */
typedef struct
{
  guint   n;
  GArray *keys;    /* guint64: column × n + row */
  GArray *parts;   /* guint8 Part */
  GArray *values;  /* double: the value, or a term's weight */
} Listing;

static void
add (Listing *l, guint row, guint col, Part part, double value)
{
  guint64 key = (guint64) col * l->n + row;
  guint8 p = (guint8) part;

  g_array_append_val (l->keys, key);
  g_array_append_val (l->parts, p);
  g_array_append_val (l->values, value);
}

/* factor × (row k of α) into row `row` */
static void
add_alpha_row (Listing *l, const MfAlpha *alpha, guint k, guint row, Part part, double factor)
{
  for (guint p = alpha->start[k]; p < alpha->start[k + 1]; p++)
    add (l, row, alpha->col[p], part, factor * alpha->val[p]);
}

/* E: M̄ = Σ_k m_k (row k of α)ᵀ (row k of α), and ones for x and p_c. */
static void
list_mass (Listing *l, const MfSystem *sys)
{
  const MfAlpha *alpha = sys->alpha;

  for (guint k = 0; k < sys->n_v; k++)
    {
      double m = sys->red->mass[k];

      if (m == 0.0)
        continue;
      for (guint p = alpha->start[k]; p < alpha->start[k + 1]; p++)
        add_alpha_row (l, alpha, k, alpha->col[p], PART_MASS, m * alpha->val[p]);
    }
  for (guint i = sys->n_bar; i < sys->n_y; i++)
    add (l, i, i, PART_MASS, 1.0);
}

/* −∂f/∂y of x' = v (a row of α) and of C p_c' = −Σ coef v. */
static void
list_fixed (Listing *l, const MfSystem *sys)
{
  const MfModel *model = sys->model;

  for (guint i = 0; i < sys->n_x; i++)
    add_alpha_row (l, sys->alpha, model->position_branch[i], sys->n_bar + i, PART_FIXED, -1.0);
  for (guint k = 0; k < sys->n_v; k++)
    {
      const MfBranch *b = mf_model_branch (model, k);

      for (guint e = 0; e < 2; e++)
        {
          const MfNode *node = b->node[e] != MF_NONE ? mf_model_node (model, b->node[e]) : NULL;

          if (node != NULL && node->kind == MF_NODE_COMPLIANT)
            add_alpha_row (l, sys->alpha, k, sys->n_bar + sys->n_x + node->state, PART_FIXED,
                           b->coef[e] / mf_model_node_capacitance (model, b->node[e], sys->u));
        }
    }
}

/* −∂f/∂y of αᵀF: an entry ∂F_k/∂u_c reaches the rows of α's row k and,
 * when u_c is a velocity, the columns of α's row c. */
static void
list_terms (Listing *l, MfIterationMatrix *m, const MfSystem *sys)
{
  const MfAlpha *alpha = sys->alpha;

  for (guint i = 0; i < m->n_triplets; i++)
    {
      const MfTriplet *e = &m->scratch[i];

      m->term_start[i] = l->keys->len;
      /* mf_model_force_jacobian() keeps its size with entries (0, 0) of
       * value 0: with no velocity at all, row 0 is not one */
      if (e->row >= sys->n_v)
        continue;
      for (guint p = alpha->start[e->row]; p < alpha->start[e->row + 1]; p++)
        {
          if (e->col < sys->n_v)
            add_alpha_row (l, alpha, e->col, alpha->col[p], PART_TERM, -alpha->val[p]);
          else
            add (l, alpha->col[p], sys->n_bar + e->col - sys->n_v, PART_TERM, -alpha->val[p]);
        }
    }
  m->term_start[m->n_triplets] = l->keys->len;
}

static int
compare_keys (const void *a, const void *b)
{
  guint64 x = *(const guint64 *) a, y = *(const guint64 *) b;

  return x < y ? -1 : x > y;
}

static guint
find_slot (const guint64 *sorted, guint n, guint64 key)
{
  guint lo = 0, hi = n;

  while (hi - lo > 1)
    {
      guint mid = lo + (hi - lo) / 2;

      if (sorted[mid] <= key)
        lo = mid;
      else
        hi = mid;
    }
  return lo;
}

/* The pattern from the listed keys, and each contribution in its place. */
static void
place (MfIterationMatrix *m, const Listing *l)
{
  guint n_listed = l->keys->len, nnz = 0, n_terms = 0;
  g_autofree guint64 *sorted = g_memdup2 (l->keys->data, MAX (n_listed, 1) * sizeof (guint64));

  qsort (sorted, n_listed, sizeof (guint64), compare_keys);
  for (guint i = 0; i < n_listed; i++)
    if (i == 0 || sorted[i] != sorted[nnz - 1])
      sorted[nnz++] = sorted[i];
  m->nnz = nnz;
  m->start = g_new0 (guint, m->n + 1);
  m->row = g_new0 (guint, MAX (nnz, 1));
  m->mass = g_new0 (double, MAX (nnz, 1));
  m->fixed = g_new0 (double, MAX (nnz, 1));
  for (guint s = 0; s < nnz; s++)
    {
      m->row[s] = (guint) (sorted[s] % m->n);
      m->start[sorted[s] / m->n + 1]++;
    }
  for (guint j = 0; j < m->n; j++)
    m->start[j + 1] += m->start[j];

  m->slot = g_new0 (guint, MAX (n_listed, 1));
  m->weight = g_new0 (double, MAX (n_listed, 1));
  for (guint i = 0; i < n_listed; i++)
    {
      guint s = find_slot (sorted, nnz, g_array_index (l->keys, guint64, i));
      double value = g_array_index (l->values, double, i);

      switch ((Part) g_array_index (l->parts, guint8, i))
        {
        case PART_MASS:
          m->mass[s] += value;
          break;
        case PART_FIXED:
          m->fixed[s] += value;
          break;
        case PART_TERM:
          m->slot[n_terms] = s;
          m->weight[n_terms++] = value;
          break;
        }
    }
}

MfIterationMatrix *
mf_iteration_matrix_new (MfSystem *sys)
{
  MfIterationMatrix *m;
  Listing l;
  guint n_terms = 0;

  if (sys->dae != NULL || sys->n_y == 0)
    return NULL;
  /* a source whose flow follows the state adds entries beyond ∂F/∂u's
   * terms (mf-system-sources.c, mf-linearization.c): the dense Jacobian
   * of mf_system_jacobian() has them */
  for (guint s = 0; s < sys->model->sources->len; s++)
    if (mf_model_source_follows_state (&g_array_index (sys->model->sources, MfElement, s)))
      return NULL;
  m = g_new0 (MfIterationMatrix, 1);
  m->n = sys->n_y;
  m->n_triplets = sys->model->n_triplets;
  m->scratch = g_new0 (MfTriplet, MAX (m->n_triplets, 1));
  m->term_start = g_new0 (guint, m->n_triplets + 1);
  /* the pattern of ∂F/∂u does not depend on the point */
  mf_model_force_jacobian (sys->model, 0.0, sys->u, m->scratch);

  l = (Listing) { m->n, g_array_new (FALSE, FALSE, sizeof (guint64)),
                  g_array_new (FALSE, FALSE, sizeof (guint8)),
                  g_array_new (FALSE, FALSE, sizeof (double)) };
  list_terms (&l, m, sys);
  /* the terms come first, so their indices in the listing are their own */
  n_terms = l.keys->len;
  list_mass (&l, sys);
  list_fixed (&l, sys);
  place (m, &l);
  g_assert (m->term_start[m->n_triplets] == n_terms);
  g_array_unref (l.keys);
  g_array_unref (l.parts);
  g_array_unref (l.values);
  return m;
}

void
mf_iteration_matrix_free (MfIterationMatrix *m)
{
  if (m == NULL)
    return;
  g_free (m->start);
  g_free (m->row);
  g_free (m->mass);
  g_free (m->fixed);
  g_free (m->term_start);
  g_free (m->slot);
  g_free (m->weight);
  g_free (m->scratch);
  g_free (m);
}

void
mf_iteration_matrix_fill (MfIterationMatrix *m,
                          const MfSystem    *sys,
                          double             t,
                          const double      *u,
                          double             c,
                          double            *values)
{
  for (guint s = 0; s < m->nnz; s++)
    values[s] = c * m->mass[s] + m->fixed[s];
  mf_model_force_jacobian (sys->model, t, u, m->scratch);
  for (guint i = 0; i < m->n_triplets; i++)
    {
      double value = m->scratch[i].value;

      if (value == 0.0)
        continue;
      for (guint s = m->term_start[i]; s < m->term_start[i + 1]; s++)
        values[m->slot[s]] += m->weight[s] * value;
    }
}

void
mf_iteration_matrix_mass_times (const MfIterationMatrix *m, const double *y_dot, double *out)
{
  memset (out, 0, m->n * sizeof (double));
  for (guint j = 0; j < m->n; j++)
    for (guint s = m->start[j]; s < m->start[j + 1]; s++)
      out[m->row[s]] += m->mass[s] * y_dot[j];
}
