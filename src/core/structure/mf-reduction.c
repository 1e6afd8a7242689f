/* mf-reduction.c: the structure of one mode, said in numbers and in words.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-reduction.h"

#include <glib/gi18n.h>
#include <lapacke.h>
#include <math.h>
#include <string.h>

#include "mf-model-private.h"

#define AT(a, rows, i, j) ((a)[(gsize) (j) * (rows) + (i)])

/* A relative size below which a singular value or an eigenvalue counts as
 * zero.  Row scaling puts W's entries near 1, masses are scaled by the
 * largest, so 1e-10 leaves room for rounding in matrices of a few thousand. */
#define RANK_TOLERANCE 1e-10

void
mf_reduction_free (MfReduction *reduction)
{
  if (reduction == NULL)
    return;
  g_strfreev (reduction->row_names);
  g_free (reduction->closed);
  g_free (reduction->label);
  g_free (reduction->w);
  g_free (reduction->mass);
  g_free (reduction->sigma_w);
  g_free (reduction->row_determined);
  mf_nullspace_free (reduction->nullspace);
  mf_index_free (reduction->index_analysis);
  g_free (reduction->mass_reduced);
  g_free (reduction->mass_null_basis);
  g_ptr_array_unref (reduction->problems);
  g_free (reduction);
}

guint
mf_reduction_n_independent (const MfReduction *reduction)
{
  return reduction->nullspace->cols - reduction->nullspace->rank;
}

static void
fill_rows (MfReduction *red, const MfModel *model)
{
  guint max_rows = mf_model_max_rows (model), n_v = red->n_cols;
  g_autofree double *full = g_new0 (double, MAX ((gsize) max_rows * n_v, 1));

  red->row_names = g_new0 (char *, max_rows + 1);
  red->n_rows = mf_model_fill_constraints (model, red->closed, full, max_rows, red->row_names);
  red->w = g_new0 (double, MAX ((gsize) red->n_rows * n_v, 1));
  for (guint j = 0; j < n_v; j++)
    memcpy (&AT (red->w, red->n_rows, 0, j), &AT (full, max_rows, 0, j),
            red->n_rows * sizeof (double));
  red->mass = g_new0 (double, MAX (n_v, 1));
  for (guint k = 0; k < n_v; k++)
    red->mass[k] = mf_model_velocity_mass (model, k);
}

/* Who should be integrated: pinned states first, then the heaviest; zero-mass
 * branches last (docs/model.md, "Each mode").  Ties keep document order. */
static guint *
state_preference (const MfReduction *red, const MfModel *model)
{
  const MfCircuit *circuit = mf_model_get_circuit (model);
  guint n = red->n_cols, k = 0;
  guint *order = g_new0 (guint, MAX (n, 1));
  g_autofree gboolean *placed = g_new0 (gboolean, MAX (n, 1));

  for (guint i = 0; i < circuit->preferred_states->len; i++)
    {
      int s = mf_model_find_state (model, circuit->preferred_states->pdata[i]);

      if (s >= 0 && (guint) s < n && !placed[s])
        {
          order[k++] = (guint) s;
          placed[s] = TRUE;
        }
    }
  while (k < n)
    {
      guint best = MF_NONE;

      for (guint j = 0; j < n; j++)
        if (!placed[j] && (best == MF_NONE || red->mass[j] > red->mass[best]))
          best = j;
      order[k++] = best;
      placed[best] = TRUE;
    }
  return order;
}

/* Which multipliers the constraints determine: λ_i is unique unless row i
 * takes part in a vector of the left null space.  Row scaling does not
 * change which rows those are. */
static gboolean
analyse_rows (MfReduction *red)
{
  guint m = red->n_rows, n = red->n_cols, k = MIN (m, n);
  g_autofree double *scaled = NULL;
  g_autofree double *u = NULL;
  g_autofree double *sigma = NULL;
  g_autofree double *superb = NULL;
  guint rank = 0;

  red->row_determined = g_new0 (gboolean, MAX (m, 1));
  if (m == 0)
    return TRUE;
  if (red->nullspace->rank == m)
    {
      /* no left null space: every multiplier is determined */
      for (guint i = 0; i < m; i++)
        red->row_determined[i] = TRUE;
      return TRUE;
    }

  scaled = g_memdup2 (red->w, (gsize) m * n * sizeof (double));
  mf_scale_rows (scaled, m, n);
  u = g_new0 (double, (gsize) m * m);
  sigma = g_new0 (double, MAX (k, 1));
  superb = g_new0 (double, MAX (k, 1));
  if (k > 0 && LAPACKE_dgesvd (LAPACK_COL_MAJOR, 'A', 'N', (lapack_int) m, (lapack_int) n, scaled,
                               (lapack_int) m, sigma, u, (lapack_int) m, NULL, 1, superb) != 0)
    return FALSE;
  for (guint i = 0; i < k; i++)
    if (sigma[i] > RANK_TOLERANCE * MAX (sigma[0], 1.0))
      rank++;
  for (guint i = 0; i < m; i++)
    {
      double part = 0.0;

      for (guint j = rank; j < m; j++)
        part += AT (u, m, i, j) * AT (u, m, i, j);
      red->row_determined[i] = sqrt (part) < 1e-8;
    }
  return TRUE;
}

/* M̄ = αᵀ M α from the nonzeros of α: a dependent velocity depends on a
 * few independent ones, so each row of α adds a handful of products. */
static void
assemble_reduced_mass (MfReduction *red)
{
  guint n = red->n_cols, nb = mf_reduction_n_independent (red);
  const double *alpha = red->nullspace->alpha;
  g_autofree guint *nonzero = g_new0 (guint, MAX (nb, 1));

  red->mass_reduced = g_new0 (double, MAX ((gsize) nb * nb, 1));
  for (guint k = 0; k < n; k++)
    {
      guint count = 0;

      if (red->mass[k] == 0.0)
        continue;
      for (guint j = 0; j < nb; j++)
        if (AT (alpha, n, k, j) != 0.0)
          nonzero[count++] = j;
      for (guint a = 0; a < count; a++)
        for (guint b = 0; b < count; b++)
          AT (red->mass_reduced, nb, nonzero[a], nonzero[b])
            += AT (alpha, n, k, nonzero[a]) * red->mass[k] * AT (alpha, n, k, nonzero[b]);
    }
}

/* A Cholesky factorisation whose pivots are all well away from zero proves
 * M̄ nonsingular cheaply; only when it does not is the null space worth the
 * eigendecomposition. */
static gboolean
mass_clearly_regular (const MfReduction *red)
{
  guint nb = mf_reduction_n_independent (red);
  g_autofree double *factor = g_memdup2 (red->mass_reduced, (gsize) nb * nb * sizeof (double));
  double smallest = G_MAXDOUBLE, biggest = 0.0;

  if (LAPACKE_dpotrf (LAPACK_COL_MAJOR, 'L', (lapack_int) nb, factor, (lapack_int) nb) != 0)
    return FALSE;
  for (guint i = 0; i < nb; i++)
    {
      smallest = MIN (smallest, AT (factor, nb, i, i) * AT (factor, nb, i, i));
      biggest = MAX (biggest, AT (red->mass_reduced, nb, i, i));
    }
  return smallest > RANK_TOLERANCE * biggest;
}

/* M̄ and its null space, from the symmetric eigenproblem when needed. */
static gboolean
reduce_mass (MfReduction *red)
{
  guint nb = mf_reduction_n_independent (red);
  g_autofree double *eig = NULL;
  g_autofree double *vectors = NULL;
  double biggest = 0.0;

  assemble_reduced_mass (red);
  red->mass_null_basis = g_new0 (double, MAX ((gsize) nb * nb, 1));
  if (nb == 0 || mass_clearly_regular (red))
    return TRUE;

  vectors = g_memdup2 (red->mass_reduced, (gsize) nb * nb * sizeof (double));
  eig = g_new0 (double, nb);
  if (LAPACKE_dsyev (LAPACK_COL_MAJOR, 'V', 'U', (lapack_int) nb, vectors, (lapack_int) nb, eig)
      != 0)
    return FALSE;
  biggest = fabs (eig[nb - 1]);
  for (guint j = 0; j < nb; j++)
    if (fabs (eig[j]) <= RANK_TOLERANCE * biggest || biggest == 0.0)
      {
        memcpy (&AT (red->mass_null_basis, nb, 0, red->mass_nullity), &AT (vectors, nb, 0, j),
                nb * sizeof (double));
        red->mass_nullity++;
      }
  red->mass_singular = red->mass_nullity > 0;
  return TRUE;
}

static char *
join_rows (const MfReduction *red, const guint *rows, guint n)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    g_string_append_printf (s, "%s%s", i > 0 ? ", " : "", red->row_names[rows[i]]);
  return g_string_free (s, FALSE);
}

/* Does every nonzero entry of a junction row belong to a closed valve? */
static gboolean
row_is_empty (const MfReduction *red, guint row)
{
  for (guint k = 0; k < red->n_cols; k++)
    if (AT (red->w, red->n_rows, row, k) != 0.0)
      return FALSE;
  return TRUE;
}

static gboolean
row_only_closed (const MfReduction *red, guint row)
{
  if (row_is_empty (red, row))
    return FALSE;
  for (guint k = 0; k < red->n_cols; k++)
    if (AT (red->w, red->n_rows, row, k) != 0.0)
      {
        gboolean closed = FALSE;

        for (guint r = 0; r < red->n_rows; r++)
          if (r != row && g_str_has_suffix (red->row_names[r], " closed")
              && AT (red->w, red->n_rows, r, k) != 0.0)
            closed = TRUE;
        if (!closed)
          return FALSE;
      }
  return TRUE;
}

/* A port wired to nothing is its own node: its pressure is of course
 * undetermined, and the note about the port already says why. */
static gboolean
row_is_plugged_port (const MfModel *model, guint row)
{
  const MfNode *node = mf_model_node (model, model->junction_node[row]);

  return node->n_ends == 1 && strchr (node->name, '.') != NULL;
}

/* One whole sentence per kind of DAE, so a translation need not join pieces. */
static char *
describe_mass_problem (const MfReduction *red, const char *states)
{
  guint nullity = red->mass_nullity;

  if (red->index < 1)
    /* Translators: %u is the nullity of the reduced mass matrix, %s lists the independent states
     * that carry no mass ("P1.v, P2.v") */
    return g_strdup_printf (_("the reduced mass matrix is singular (nullity %u): the independent "
                              "states %s carry no mass, so the equations are a DAE that does not "
                              "determine every state"), nullity, states);
  if (!red->index_analysis->solvable)
    /* Translators: %u is the nullity of the reduced mass matrix, %s lists the independent states
     * that carry no mass ("P1.v, P2.v") */
    return g_strdup_printf (_("the reduced mass matrix is singular (nullity %u): the independent "
                              "states %s carry no mass, so the equations are a DAE whose hidden "
                              "constraints cannot be solved for the massless velocities (give "
                              "one of them a mass or a damping)"), nullity, states);
  if (red->index == 1)
    /* Translators: %u is the nullity of the reduced mass matrix, %s lists the independent states
     * that carry no mass ("P1.v, P2.v") */
    return g_strdup_printf (_("the reduced mass matrix is singular (nullity %u): the independent "
                              "states %s carry no mass, so the equations are an index-1 DAE; its "
                              "algebraic states are solved by Newton at every step"),
                            nullity, states);
  /* Translators: %u is the nullity of the reduced mass matrix, %s lists the independent states that
   * carry no mass ("P1.v, P2.v") */
  return g_strdup_printf (_("the reduced mass matrix is singular (nullity %u): the independent "
                            "states %s carry no mass, so the equations are an index-2 DAE: a "
                            "hidden constraint holds positions or pressures, which become "
                            "algebraic, and its derivative fixes the massless velocities; both "
                            "are solved at every step"), nullity, states);
}

static void
describe_problems (MfReduction *red, const MfModel *model)
{
  const MfNullspace *ns = red->nullspace;
  guint n_junction = model->n_junction_rows;

  for (guint i = 0; i < model->notes->len; i++)
    g_ptr_array_add (red->problems, g_strdup (model->notes->pdata[i]));

  if (ns->rank < red->n_rows)
    {
      g_autofree char *rows = join_rows (red, ns->redundant, red->n_rows - ns->rank);

      /* Translators: "2 of 5 constraints are redundant (J1, V1 closed): W has rank 3";
       * %s lists the constraints, W is the constraint matrix */
      g_ptr_array_add (red->problems,
                       g_strdup_printf (_("%u of %u constraints are redundant (%s): W has rank %u"),
                                        red->n_rows - ns->rank, red->n_rows, rows, ns->rank));
    }
  for (guint r = 0; r < red->n_rows; r++)
    {
      char *message;

      if (red->row_determined[r] || (r < n_junction && row_is_plugged_port (model, r)))
        continue;
      /* Translators: %s is a node ("J1", "P1.a") */
      if (r < n_junction && row_is_empty (red, r))
        message = g_strdup_printf (_("node %s joins nothing that carries flow (no pipe, "
                                     "orifice, valve, pump or piston): its pressure is "
                                     "undetermined"), red->row_names[r]);
      /* Translators: %s is a node ("J1", "P1.a") */
      else if (r < n_junction && row_only_closed (red, r))
        message = g_strdup_printf (_("node %s touches only closed valves: its pressure is "
                                     "undetermined"), red->row_names[r]);
      /* Translators: %s is a node ("J1", "P1.a") */
      else if (r < n_junction)
        message = g_strdup_printf (_("the pressure at node %s is undetermined"),
                                   red->row_names[r]);
      /* Translators: %s is a constraint ("C.v = M.v", "V1 closed") */
      else
        message = g_strdup_printf (_("the force held by constraint '%s' is undetermined"),
                                   red->row_names[r]);
      g_ptr_array_add (red->problems, message);
    }
  if (red->mass_singular)
    {
      GString *states = g_string_new (NULL);
      guint nb = mf_reduction_n_independent (red);

      for (guint j = 0; j < nb; j++)
        for (guint c = 0; c < red->mass_nullity; c++)
          if (fabs (AT (red->mass_null_basis, nb, j, c)) > 1e-8)
            {
              g_string_append_printf (states, "%s%s", states->len > 0 ? ", " : "",
                                      mf_model_state_name (model, ns->independent[j]));
              break;
            }
      red->mass_problem = describe_mass_problem (red, states->str);
      g_ptr_array_add (red->problems, (char *) red->mass_problem);
      g_string_free (states, TRUE);
    }
}

static gboolean
every_velocity_has_mass (const MfReduction *red)
{
  for (guint k = 0; k < red->n_cols; k++)
    if (red->mass[k] <= 0.0)
      return FALSE;
  return TRUE;
}

/* The index of M v' = F + Wᵀλ, W v = q from its own rounds (mf-index.h).
 * Without constraints it is the reduced system itself; when the reduced
 * equations do not determine the state, the larger form does not either.
 * When every velocity has mass the rounds are known without running them
 * (each costs O(n³), seconds on a network of a thousand pipes): round 0
 * finds W v = q, round 1 W M⁻¹ (F + Wᵀλ), whose block W M⁻¹ Wᵀ in λ is
 * regular for independent rows, so E is regular at round 2 — Hessenberg
 * index 2, which tests/test-index.c checks against the rounds. */
static int
lagrange_index (const MfReduction *red, const MfModel *model)
{
  g_autoptr (MfIndex) lagrange = NULL;

  if (red->index < 0 || red->nullspace->rank == 0)
    return red->index;
  if (every_velocity_has_mass (red))
    return 2;
  lagrange = mf_index_lagrange_new (model, red->w, red->n_rows, red->nullspace->pivot_rows,
                                    red->nullspace->rank, (const char *const *) red->row_names);
  return lagrange->index;
}

MfReduction *
mf_reduction_new (const MfModel *model, guint mode)
{
  g_autofree gboolean *closed = mf_model_mode_closed (model, mode);
  MfReduction *red = mf_reduction_new_for (model, mode, closed);

  if (red == NULL)
    return NULL;
  red->index_lagrange = lagrange_index (red, model);
  /* σ(W) is for people too: a dense SVD, O(n³) */
  red->sigma_w = g_new0 (double, MAX (MIN (red->n_rows, red->n_cols), 1));
  if (red->n_rows > 0 && !mf_singular_values (red->w, red->n_rows, red->n_cols, red->sigma_w))
    {
      g_critical ("LAPACK failed on the singular values of W in mode %u", mode);
      mf_reduction_free (red);
      return NULL;
    }
  return red;
}

MfReduction *
mf_reduction_new_for (const MfModel *model, guint mode, const gboolean *closed)
{
  g_autoptr (MfReduction) red = g_new0 (MfReduction, 1);
  g_autofree guint *preference = NULL;
  guint n_components = mf_model_get_circuit (model)->components->len;

  red->mode = mode;
  red->closed = g_memdup2 (closed, MAX (n_components, 1) * sizeof (gboolean));
  red->label = mf_model_describe_valves (model, mode, closed);
  red->n_cols = mf_model_n_velocities (model);
  red->problems = g_ptr_array_new_with_free_func (g_free);
  fill_rows (red, model);
  preference = state_preference (red, model);
  red->nullspace = mf_nullspace_select (red->w, red->n_rows, red->n_cols, preference, 0.0);
  if (red->nullspace == NULL || !analyse_rows (red) || !reduce_mass (red))
    {
      /* LAPACK only fails here on NaN input, which the loader rejects. */
      g_critical ("LAPACK failed while reducing mode %u", mode);
      return NULL;
    }
  red->index = 0;
  if (red->mass_singular)
    {
      red->index_analysis = mf_index_new (model, red->nullspace->alpha, red->nullspace->independent,
                                          mf_reduction_n_independent (red), red->mass_reduced);
      red->index = red->index_analysis->index;
    }
  /* a run does not need it, and with massless branches its rounds cost
   * O(n³) each: mf_reduction_new() finds it for people */
  red->index_lagrange = MF_INDEX_NOT_FOUND;
  describe_problems (red, model);
  return g_steal_pointer (&red);
}
