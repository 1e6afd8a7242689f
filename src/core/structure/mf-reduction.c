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
#include "mf-pivot-block.h"
#include "mf-sigma.h"

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
  mf_sparse_free (reduction->w);
  g_free (reduction->mass);
  g_free (reduction->sigma_w);
  g_free (reduction->row_determined);
  mf_nullspace_free (reduction->nullspace);
  mf_index_free (reduction->index_analysis);
  mf_sparse_free (reduction->mass_reduced);
  mf_mass_factor_free (reduction->mass_factor);
  g_free (reduction->mass_null_basis);
  g_ptr_array_unref (reduction->problems);
  g_free (reduction);
}

guint
mf_reduction_n_independent (const MfReduction *reduction)
{
  return reduction->nullspace->cols - reduction->nullspace->rank;
}

guint *
mf_reduction_split_states (const MfReduction *reduction,
                           const MfModel     *model,
                           gboolean           algebraic,
                           guint             *n)
{
  const MfNullspace *ns = reduction->nullspace;
  const MfIndex *index = reduction->index_analysis;
  guint nb = mf_reduction_n_independent (reduction);
  guint n_v = mf_model_n_velocities (model);
  guint n_rest = mf_model_n_states (model) - n_v;
  g_autofree gboolean *fixed = g_new0 (gboolean, MAX (n_rest, 1));
  GArray *chosen = NULL;
  GArray *states = g_array_new (FALSE, FALSE, sizeof (guint));

  if (index != NULL)
    {
      chosen = algebraic ? index->algebraic : index->integrated;
      for (guint i = 0; i < index->constrained->len; i++)
        fixed[g_array_index (index->constrained, guint, i)] = TRUE;
    }
  /* the velocities: the index procedure's split, or every independent one */
  if (chosen != NULL)
    for (guint i = 0; i < chosen->len; i++)
      g_array_append_val (states, ns->independent[g_array_index (chosen, guint, i)]);
  else if (!algebraic)
    for (guint j = 0; j < nb; j++)
      g_array_append_val (states, ns->independent[j]);
  /* the positions and pressures: each has its rate equation unless a
   * hidden constraint fixes it */
  for (guint i = 0; i < n_rest; i++)
    if (fixed[i] == algebraic)
      {
        guint state = n_v + i;

        g_array_append_val (states, state);
      }
  *n = states->len;
  return (guint *) g_array_free (states, FALSE);
}

static void
fill_rows (MfReduction *red, const MfModel *model)
{
  guint n_v = red->n_cols;

  red->row_names = g_new0 (char *, mf_model_max_rows (model) + 1);
  red->w = mf_model_constraints (model, red->closed, red->row_names);
  red->n_rows = red->w->n_rows;
  red->mass = g_new0 (double, MAX (n_v, 1));
  for (guint k = 0; k < n_v; k++)
    red->mass[k] = mf_model_velocity_mass (model, k);
}

/* Heaviest first; document order between equal masses. */
static int
compare_mass (gconstpointer a, gconstpointer b, gpointer data)
{
  const double *mass = data;
  guint i = *(const guint *) a, j = *(const guint *) b;

  if (mass[i] != mass[j])
    return mass[i] > mass[j] ? -1 : 1;
  return i < j ? -1 : i > j;
}

guint *
mf_reduction_preference (const MfReduction *red, const MfModel *model)
{
  const MfCircuit *circuit = mf_model_get_circuit (model);
  guint n = red->n_cols, k = 0, pinned;
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
  pinned = k;
  for (guint j = 0; j < n; j++)
    if (!placed[j])
      order[k++] = j;
  g_qsort_with_data (order + pinned, (gint) (n - pinned), sizeof (guint), compare_mass, red->mass);
  return order;
}

/* Which multipliers the constraints determine, from the left singular
 * vectors of W (rows scaled): λ_i is unique unless row i takes part in a
 * vector of the left null space.  Row scaling does not change which rows
 * those are. */
static gboolean
rows_by_svd (MfReduction *red)
{
  guint m = red->n_rows, n = red->n_cols, k = MIN (m, n);
  g_autofree double *scaled = mf_sparse_to_dense (red->w);
  g_autofree double *u = g_new0 (double, (gsize) m * m);
  g_autofree double *sigma = g_new0 (double, MAX (k, 1));
  g_autofree double *superb = g_new0 (double, MAX (k, 1));
  guint rank = 0;

  mf_scale_rows (scaled, m, n);
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

gboolean
mf_reduction_rows_by_elimination (const MfSparse    *w,
                                  const MfNullspace *ns,
                                  gboolean          *row_determined)
{
  g_autoptr (MfPivotBlock) block = mf_pivot_block_new (w, ns);
  g_autofree guint *step = g_new (guint, MAX (w->n_cols, 1));
  g_autofree double *row_max = g_new0 (double, MAX (w->n_rows, 1));
  g_autofree double *y = g_new0 (double, MAX (ns->rank, 1));

  if (block == NULL)
    return FALSE;
  for (guint i = 0; i < w->n_rows; i++)
    {
      row_determined[i] = TRUE;
      for (guint p = w->start[i]; p < w->start[i + 1]; p++)
        row_max[i] = MAX (row_max[i], fabs (w->val[p]));
    }
  for (guint k = 0; k < w->n_cols; k++)
    step[k] = G_MAXUINT;
  for (guint s = 0; s < ns->rank; s++)
    step[ns->dependent[s]] = s;
  for (guint d = 0; d < ns->rows - ns->rank; d++)
    {
      guint rho = ns->redundant[d];
      double norm = 1.0;

      /* y_ρ = 1 over the scaled rows; the pivot rows' part cancels row ρ */
      memset (y, 0, ns->rank * sizeof (double));
      for (guint p = w->start[rho]; p < w->start[rho + 1]; p++)
        if (step[w->col[p]] != G_MAXUINT)
          y[step[w->col[p]]] = -w->val[p] / row_max[rho];
      mf_pivot_block_solve_transposed (block, y);
      for (guint i = 0; i < ns->rank; i++)
        {
          y[i] *= row_max[ns->pivot_rows[i]];
          norm += y[i] * y[i];
        }
      norm = sqrt (norm);
      row_determined[rho] = FALSE;
      for (guint i = 0; i < ns->rank; i++)
        if (fabs (y[i]) >= 1e-8 * norm)
          row_determined[ns->pivot_rows[i]] = FALSE;
    }
  return TRUE;
}

static gboolean
analyse_rows (MfReduction *red)
{
  guint m = red->n_rows;

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
  if ((guint64) m * red->n_cols <= MF_REDUCTION_DENSE_MAX)
    return rows_by_svd (red);
  return mf_reduction_rows_by_elimination (red->w, red->nullspace, red->row_determined);
}

/* M̄ = αᵀ M α from the nonzeros of α: a dependent velocity depends on a
 * few independent ones, so each row of α adds a handful of products. */
static MfSparse *
assemble_reduced_mass (const MfReduction *red)
{
  const MfAlpha *alpha = red->nullspace->alpha;
  g_auto (MfEntries) entries = { 0 };

  mf_entries_init (&entries);
  for (guint k = 0; k < alpha->n_v; k++)
    {
      if (red->mass[k] == 0.0)
        continue;
      for (guint a = alpha->start[k]; a < alpha->start[k + 1]; a++)
        for (guint b = alpha->start[k]; b < alpha->start[k + 1]; b++)
          mf_entries_add (&entries, alpha->col[a], alpha->col[b],
                          alpha->val[a] * red->mass[k] * alpha->val[b]);
    }
  return mf_entries_finish (&entries, alpha->n_bar, alpha->n_bar);
}

/* M̄, and its factor when a Cholesky factorisation proves it regular with
 * every pivot well away from zero (sparse, cheap); only when it does not is
 * the null space worth the symmetric eigenproblem (dense: a singular M̄). */
static gboolean
reduce_mass (MfReduction *red)
{
  guint nb = mf_reduction_n_independent (red);
  g_autofree double *vectors = NULL;
  g_autofree double *eig = NULL;
  double biggest;

  red->mass_reduced = assemble_reduced_mass (red);
  if (nb == 0)
    return TRUE;
  red->mass_factor = mf_mass_factor_new (red->mass_reduced, RANK_TOLERANCE);
  if (red->mass_factor != NULL)
    return TRUE;

  vectors = mf_sparse_to_dense (red->mass_reduced);
  eig = g_new0 (double, nb);
  if (LAPACKE_dsyev (LAPACK_COL_MAJOR, 'V', 'U', (lapack_int) nb, vectors, (lapack_int) nb, eig)
      != 0)
    return FALSE;
  biggest = fabs (eig[nb - 1]);
  for (guint j = 0; j < nb; j++)
    red->mass_nullity += fabs (eig[j]) <= RANK_TOLERANCE * biggest || biggest == 0.0;
  /* dsyev sorts the eigenvalues ascending: the null space comes first */
  red->mass_null_basis = g_memdup2 (vectors, MAX ((gsize) nb * red->mass_nullity, 1)
                                               * sizeof (double));
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

static gboolean
row_is_empty (const MfReduction *red, guint row)
{
  return red->w->start[row] == red->w->start[row + 1];
}

/* Does every nonzero entry of a junction row belong to a closed valve?
 * `by_columns` is Wᵀ: the rows of each velocity. */
static gboolean
row_only_closed (const MfReduction *red, const MfSparse *by_columns, guint row)
{
  const MfSparse *w = red->w;

  if (row_is_empty (red, row))
    return FALSE;
  for (guint p = w->start[row]; p < w->start[row + 1]; p++)
    {
      guint k = w->col[p];
      gboolean closed = FALSE;

      for (guint q = by_columns->start[k]; q < by_columns->start[k + 1]; q++)
        if (by_columns->col[q] != row
            && g_str_has_suffix (red->row_names[by_columns->col[q]], " closed"))
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
  g_autoptr (MfSparse) by_columns = mf_sparse_transpose (red->w);

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
      else if (r < n_junction && row_only_closed (red, by_columns, r))
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
  for (guint i = 0; i < model->circuit->preferred_states->len; i++)
    {
      const char *name = model->circuit->preferred_states->pdata[i];
      int state = mf_model_find_state (model, name);

      for (guint d = 0; state >= 0 && d < ns->rank; d++)
        if (ns->dependent[d] == (guint) state)
          /* Translators: %s is a velocity state ("P1.v"); prefer_states is the document's field
           * and stays as it is */
          g_ptr_array_add (red->problems,
                           g_strdup_printf (_("prefer_states lists %s, but this mode's constraints "
                                              "fix it from the independent states (the names "
                                              "listed earlier, then the heaviest, win)"), name));
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

/* The index of M v' = F + Wᵀλ, W v = q (mf-index.h).  Without constraints
 * it is the reduced system itself; when the reduced equations do not
 * determine the state, the larger form does not either.  Where every
 * massless velocity's force falls with it, the rule of
 * mf_index_lagrange_by_rule() gives it from the rank of W's massless
 * columns, which tests/test-index.c checks against the rounds; only other
 * circuits (an undamped massless piston) pay for the rounds, O(n³). */
static int
lagrange_index (const MfReduction *red, const MfModel *model)
{
  g_autoptr (MfIndex) lagrange = NULL;
  int index;

  if (red->index < 0 || red->nullspace->rank == 0)
    return red->index;
  if (mf_index_lagrange_by_rule (model, red->w, red->nullspace->pivot_rows, red->nullspace->rank,
                                 &index))
    return index;
  lagrange = mf_index_lagrange_new (model, red->w, red->nullspace->pivot_rows,
                                    red->nullspace->rank, (const char *const *) red->row_names);
  return lagrange->index;
}

/* σ(W), for people: every singular value by a dense SVD of a small W, the
 * extreme ones by Lanczos iterations on a large one (mf-sigma.h). */
static gboolean
find_sigma (MfReduction *red)
{
  guint k = MIN (red->n_rows, red->n_cols);

  red->n_sigma_w = (guint64) red->n_rows * red->n_cols <= MF_REDUCTION_DENSE_MAX ? k : MIN (k, 2);
  red->sigma_w = g_new0 (double, MAX (red->n_sigma_w, 1));
  if (k == 0)
    return TRUE;
  if (red->n_sigma_w == k)
    {
      g_autofree double *dense = mf_sparse_to_dense (red->w);

      return mf_singular_values (dense, red->n_rows, red->n_cols, red->sigma_w);
    }
  red->sigma_w[0] = mf_sigma_largest (red->w);
  red->sigma_w[1] = red->nullspace->rank < k ? 0.0 : mf_sigma_smallest (red->w);
  return TRUE;
}

MfReduction *
mf_reduction_new (const MfModel *model, guint mode)
{
  g_autofree gboolean *closed = mf_model_mode_closed (model, mode);
  MfReduction *red = mf_reduction_new_for (model, mode, closed);

  if (red == NULL)
    return NULL;
  red->index_lagrange = lagrange_index (red, model);
  if (!find_sigma (red))
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
  preference = mf_reduction_preference (red, model);
  red->nullspace = mf_nullspace_select_sparse (red->w, preference, 0.0);
  if (red->nullspace == NULL || !analyse_rows (red) || !reduce_mass (red))
    {
      /* LAPACK only fails here on NaN input, which the loader and the
       * assembly (mf-model.c, check_numbers) reject. */
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
