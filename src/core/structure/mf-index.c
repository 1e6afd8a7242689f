/* mf-index.c
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-index.h"

#include <glib/gi18n.h>
#include <lapacke.h>
#include <math.h>
#include <string.h>

#include "mf-linearization.h"
#include "mf-model-private.h"
#include "mf-nullspace.h"

#define AT(a, rows, i, j) ((a)[(gsize) (j) * (rows) + (i)])

/* Relative size below which a singular value or an entry counts as zero. */
#define TOLERANCE 1e-9

static void
step_free (MfIndexStep *step)
{
  g_free (step->matrix);
  g_ptr_array_unref (step->hidden);
  g_free (step);
}

void
mf_index_free (MfIndex *index)
{
  if (index == NULL)
    return;
  g_ptr_array_unref (index->steps);
  g_array_unref (index->integrated);
  g_array_unref (index->algebraic);
  g_array_unref (index->constrained);
  g_free (index);
}

/* One shuffle (docs/model.md, "The index"): rows P of an orthogonal
 * transformation of the row-scaled E (from its SVD) bring E to [E1; 0] with
 * E1 of full row rank;
 * the same rows applied to A give the hidden constraints 0 = A2 y + b2,
 * whose derivatives A2 y' = −b2' replace the zero rows:
 * E ← [E1; A2], A ← [A1; 0].  Returns the rank of E; *hidden gets A2
 * (n − rank rows, column-major) and *sizes the size of the terms each of
 * them combines, Σ_i |P_ri| max_j |A_ij|: a hidden row is nothing but
 * rounding when its entries are tiny against that, whatever the units of
 * the other rows (a small volume's pressure rate, 10⁹ Pa/s per m/s, next
 * to an orifice's law in newtons). */
static guint
shuffle (double *e, double *a, guint n, double **hidden, double **sizes)
{
  g_autofree double *row_max = g_new0 (double, MAX (n, 1));
  g_autofree double *scaled = g_memdup2 (e, MAX ((gsize) n * n, 1) * sizeof (double));
  g_autofree double *u = g_new0 (double, MAX ((gsize) n * n, 1));
  g_autofree double *sigma = g_new0 (double, MAX (n, 1));
  g_autofree double *superb = g_new0 (double, MAX (n, 1));
  g_autofree double *scale = g_new0 (double, MAX (n, 1));
  g_autofree double *pe = g_new0 (double, MAX ((gsize) n * n, 1));
  g_autofree double *pa = g_new0 (double, MAX ((gsize) n * n, 1));
  guint rank = 0;

  /* masses and Jacobian entries differ by orders of magnitude */
  for (guint i = 0; i < n; i++)
    {
      for (guint j = 0; j < n; j++)
        scale[i] = MAX (scale[i], fabs (AT (e, n, i, j)));
      scale[i] = scale[i] > 0.0 ? 1.0 / scale[i] : 1.0;
      for (guint j = 0; j < n; j++)
        AT (scaled, n, i, j) *= scale[i];
    }
  if (n > 0)
    LAPACKE_dgesvd (LAPACK_COL_MAJOR, 'A', 'N', (lapack_int) n, (lapack_int) n, scaled,
                    (lapack_int) n, sigma, u, (lapack_int) n, NULL, 1, superb);
  for (guint i = 0; i < n; i++)
    if (sigma[i] > TOLERANCE * MAX (sigma[0], 1e-300))
      rank++;

  for (guint i = 0; i < n; i++)
    for (guint j = 0; j < n; j++)
      row_max[i] = MAX (row_max[i], fabs (AT (a, n, i, j)));
  *sizes = g_new0 (double, MAX (n - rank, 1));
  for (guint r = rank; r < n; r++)
    for (guint i = 0; i < n; i++)
      (*sizes)[r - rank] += fabs (AT (u, n, i, r) * scale[i]) * row_max[i];
  /* P = Uᵀ D */
  for (guint r = 0; r < n; r++)
    for (guint j = 0; j < n; j++)
      for (guint i = 0; i < n; i++)
        {
          double p = AT (u, n, i, r) * scale[i];

          AT (pe, n, r, j) += p * AT (e, n, i, j);
          AT (pa, n, r, j) += p * AT (a, n, i, j);
        }
  *hidden = g_new0 (double, MAX ((gsize) (n - rank) * n, 1));
  for (guint r = rank; r < n; r++)
    for (guint j = 0; j < n; j++)
      AT (*hidden, n - rank, r - rank, j) = AT (pa, n, r, j);
  for (guint j = 0; j < n; j++)
    for (guint r = 0; r < n; r++)
      {
        AT (e, n, r, j) = r < rank ? AT (pe, n, r, j) : AT (pa, n, r, j);
        AT (a, n, r, j) = r < rank ? AT (pa, n, r, j) : 0.0;
      }
  return rank;
}

/* Whether every one of the q hidden rows is rounding against its size. */
static gboolean
all_zero (const double *hidden, guint q, guint n, const double *sizes)
{
  for (guint c = 0; c < q; c++)
    for (guint j = 0; j < n; j++)
      if (fabs (AT (hidden, q, c, j)) > TOLERANCE * sizes[c])
        return FALSE;
  return TRUE;
}

/* The names of the unknowns a hidden constraint's row involves, or words
 * saying it holds none. */
static char *
involved_states (const char *const *names, const double *row, guint n)
{
  GString *involved = g_string_new (NULL);
  double biggest = 0.0;

  for (guint j = 0; j < n; j++)
    biggest = MAX (biggest, fabs (row[j]));
  for (guint j = 0; j < n; j++)
    if (fabs (row[j]) > TOLERANCE * biggest && biggest > 0.0)
      g_string_append_printf (involved, "%s%s", involved->len > 0 ? ", " : "", names[j]);
  if (involved->len == 0)
    g_string_append (involved, _("no state (a condition on the inputs alone)"));
  return g_string_free (involved, FALSE);
}

/* Algebraic states, from the first hidden constraints G0 (q rows of
 * `hidden` over y = [v̄; z], z = [x; p_c]).  Rows combined by Uᵀ from the
 * SVD of their velocity block split into q1 that involve velocities (solved
 * for velocities: index 1) and q − q1 that hold positions and pressures
 * alone, H(z, t) = 0 (index 2).  Those fix q − q1 of z ("constrained"), and
 * their derivative Ḣ = H_z z' + H_t, linear in the velocities through
 * z' (rows of `a0`, the linearisation), joins the first q1 rows in choosing
 * the algebraic velocities.  Both choices take the least preferred (massless)
 * states, by the pivoted elimination that picks dependent velocities.
 * FALSE when the rows cannot be solved for enough states (index 3 or an
 * undetermined system). */
static gboolean
split_states (MfIndex *index, const double *hidden, guint q, guint n_bar, guint n_y,
              const double *a0)
{
  guint n_z = n_y - n_bar;
  g_autofree double *ut = NULL;
  guint q1 = mf_left_singular_basis (hidden, q, n_bar, TOLERANCE, &ut);
  g_autofree double *gamma = g_new0 (double, MAX ((gsize) q * n_bar, 1));
  g_autofree double *h_z = g_new0 (double, MAX ((gsize) (q - q1) * n_z, 1));
  g_autofree guint *preference = g_new0 (guint, MAX (n_y, 1));
  g_autoptr (MfNullspace) velocities = NULL;

  for (guint j = 0; j < n_y; j++)
    preference[j] = j;
  for (guint c = 0; c < q; c++)
    for (guint j = 0; j < n_y; j++)
      {
        double sum = 0.0;

        for (guint l = 0; l < q; l++)
          sum += (q1 == q ? (c == l ? 1.0 : 0.0) : AT (ut, q, c, l)) * AT (hidden, q, l, j);
        if (c < q1 || q1 == q)
          {
            if (j < n_bar)
              AT (gamma, q, c, j) = sum;
          }
        else if (j >= n_bar)
          AT (h_z, q - q1, c - q1, j - n_bar) = sum;
      }
  if (q1 < q)
    {
      g_autoptr (MfNullspace) fixed = mf_nullspace_select (h_z, q - q1, n_z, preference,
                                                           TOLERANCE);

      if (fixed->rank < q - q1)
        return FALSE;
      for (guint i = 0; i < fixed->rank; i++)
        g_array_append_val (index->constrained, fixed->dependent[i]);
      /* Ḣ's velocity block: H_z ∂z'/∂v̄ */
      for (guint c = q1; c < q; c++)
        for (guint j = 0; j < n_bar; j++)
          {
            double sum = 0.0;

            for (guint l = 0; l < n_z; l++)
              sum += AT (h_z, q - q1, c - q1, l) * AT (a0, n_y, n_bar + l, j);
            AT (gamma, q, c, j) = sum;
          }
    }
  velocities = mf_nullspace_select (gamma, q, n_bar, preference, TOLERANCE);
  if (velocities->rank < q)
    {
      g_array_set_size (index->constrained, 0);
      return FALSE;
    }
  for (guint i = 0; i < velocities->rank; i++)
    g_array_append_val (index->algebraic, velocities->dependent[i]);
  for (guint j = 0; j < n_bar - velocities->rank; j++)
    g_array_append_val (index->integrated, velocities->independent[j]);
  return TRUE;
}

static MfIndexStep *
record_step (const double *e, guint rows, guint cols, guint rank)
{
  MfIndexStep *step = g_new0 (MfIndexStep, 1);

  step->rows = rows;
  step->cols = cols;
  step->rank = rank;
  step->matrix = g_memdup2 (e, MAX ((gsize) rows * cols, 1) * sizeof (double));
  step->hidden = g_ptr_array_new_with_free_func (g_free);
  return step;
}

static MfIndex *
index_new (void)
{
  MfIndex *index = g_new0 (MfIndex, 1);

  index->index = -1;
  index->steps = g_ptr_array_new_with_free_func ((GDestroyNotify) step_free);
  index->integrated = g_array_new (FALSE, FALSE, sizeof (guint));
  index->algebraic = g_array_new (FALSE, FALSE, sizeof (guint));
  index->constrained = g_array_new (FALSE, FALSE, sizeof (guint));
  return index;
}

/* The rounds on E y' = A y + b (n × n, both overwritten), each appended to
 * `steps`, with names[j] naming y_j in its hidden constraints.  Returns the
 * index, or -1 when a round's constraints hold no unknown; *first gets the
 * first round's *n_first hidden constraints (rows over y, column-major;
 * NULL when E is regular to begin with).  The reduced equations and the
 * multiplier form share this one procedure. */
static int
index_rounds (double            *e,
              double            *a,
              guint              n,
              const char *const *names,
              GPtrArray         *steps,
              double           **first,
              guint             *n_first)
{
  *first = NULL;
  *n_first = 0;
  /* A system that determines y has index at most n. */
  for (guint round = 0; round <= n; round++)
    {
      MfIndexStep *step = record_step (e, n, n, 0);
      g_autofree double *hidden = NULL;
      g_autofree double *sizes = NULL;
      gboolean stalled;
      guint q;

      g_ptr_array_add (steps, step);
      step->rank = shuffle (e, a, n, &hidden, &sizes);
      if (step->rank == n)
        return (int) round;
      q = n - step->rank;
      for (guint c = 0; c < q; c++)
        {
          g_autofree double *row = g_new0 (double, MAX (n, 1));

          for (guint j = 0; j < n; j++)
            row[j] = AT (hidden, q, c, j);
          g_ptr_array_add (step->hidden, involved_states (names, row, n));
        }
      /* constraints on the inputs alone: differentiating gives nothing new */
      stalled = all_zero (hidden, q, n, sizes);
      if (round == 0)
        {
          *first = g_steal_pointer (&hidden);
          *n_first = q;
        }
      if (stalled)
        return -1;
    }
  return -1;
}

MfIndex *
mf_index_new (const MfModel  *model,
              const MfAlpha  *alpha,
              const guint    *independent,
              guint           n_bar,
              const MfSparse *mass_reduced)
{
  guint n_v = mf_model_n_velocities (model);
  guint n_y = n_bar + mf_model_n_positions (model) + mf_model_n_pressures (model);
  MfIndex *index = index_new ();
  g_autofree double *a = mf_linearize_generic (model, alpha);
  g_autofree double *a0 = g_memdup2 (a, MAX ((gsize) n_y * n_y, 1) * sizeof (double));
  g_autofree double *e = g_new0 (double, MAX ((gsize) n_y * n_y, 1));
  g_autofree const char **names = g_new0 (const char *, MAX (n_y, 1));
  g_autofree double *hidden = NULL;
  guint q;

  for (guint i = 0; i < n_y; i++)
    AT (e, n_y, i, i) = 1.0;
  for (guint i = 0; i < n_bar; i++)
    {
      AT (e, n_y, i, i) = 0.0;
      for (guint p = mass_reduced->start[i]; p < mass_reduced->start[i + 1]; p++)
        AT (e, n_y, i, mass_reduced->col[p]) = mass_reduced->val[p];
    }
  /* y = [v̄; x; p_c]: positions and pressures follow the velocities in u */
  for (guint j = 0; j < n_y; j++)
    names[j] = mf_model_state_name (model, j < n_bar ? independent[j] : n_v + (j - n_bar));

  index->index = index_rounds (e, a, n_y, names, index->steps, &hidden, &q);
  if (hidden != NULL)
    index->solvable = split_states (index, hidden, q, n_bar, n_y, a0);
  if (index->integrated->len + index->algebraic->len == 0)
    for (guint j = 0; j < n_bar; j++)
      g_array_append_val (index->integrated, j);
  return index;
}

/* ∂f/∂u of the equations before any constraint, f = [F; S v; inflow / C]
 * over u = [v; x; p_c], at a state where every velocity is nonzero: with
 * α = I the reduced Jacobian of mf-linearization is the full one. */
static double *
linearize_unconstrained (const MfModel *model)
{
  guint n_v = mf_model_n_velocities (model);
  g_autofree double *identity = g_new0 (double, MAX ((gsize) n_v * n_v, 1));
  g_autoptr (MfAlpha) alpha = NULL;

  for (guint k = 0; k < n_v; k++)
    AT (identity, n_v, k, k) = 1.0;
  alpha = mf_alpha_new (identity, n_v, n_v);
  return mf_linearize_generic (model, alpha);
}

/* The kept rows of W, each divided by its largest entry: a change of unit
 * of each multiplier, which leaves the index alone but puts the columns
 * Wᵀ of pressures (areas, 1e-4) and of contact forces (1) on one scale. */
static double *
scaled_rows (const MfSparse *w, guint n_v, const guint *rows, guint m)
{
  double *kept = g_new0 (double, MAX ((gsize) m * n_v, 1));

  for (guint i = 0; i < m; i++)
    for (guint p = w->start[rows[i]]; p < w->start[rows[i] + 1]; p++)
      AT (kept, m, i, w->col[p]) = w->val[p];
  mf_scale_rows (kept, m, n_v);
  return kept;
}

MfIndex *
mf_index_lagrange_new (const MfModel     *model,
                       const MfSparse    *w,
                       const guint       *rows,
                       guint              m,
                       const char *const *row_names)
{
  guint n_v = mf_model_n_velocities (model);
  guint n_u = n_v + mf_model_n_positions (model) + mf_model_n_pressures (model);
  guint n = n_u + m;
  MfIndex *index = index_new ();
  g_autofree double *jac = linearize_unconstrained (model);
  g_autofree double *kept = scaled_rows (w, n_v, rows, m);
  g_autofree double *e = g_new0 (double, MAX ((gsize) n * n, 1));
  g_autofree double *a = g_new0 (double, MAX ((gsize) n * n, 1));
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autofree double *hidden = NULL;
  guint q;

  /* y = [v; λ; x; p_c]: u's entry k is y's k, or k + m past the velocities */
  for (guint k = 0; k < n_u; k++)
    {
      guint yk = k < n_v ? k : k + m;

      AT (e, n, yk, yk) = k < n_v ? mf_model_velocity_mass (model, k) : 1.0;
      for (guint l = 0; l < n_u; l++)
        AT (a, n, yk, l < n_v ? l : l + m) = AT (jac, n_u, k, l);
    }
  /* the multipliers' forces Wᵀλ, and the constraints 0 = W v − q */
  for (guint i = 0; i < m; i++)
    for (guint k = 0; k < n_v; k++)
      {
        AT (a, n, k, n_v + i) = AT (kept, m, i, k);
        AT (a, n, n_v + i, k) = AT (kept, m, i, k);
      }
  for (guint j = 0; j < n; j++)
    g_ptr_array_add (names, j >= n_v && j < n_v + m
                              ? g_strdup_printf ("λ(%s)", row_names[rows[j - n_v]])
                              : g_strdup (mf_model_state_name (model, j < n_v ? j : j - m)));

  index->index = index_rounds (e, a, n, (const char *const *) names->pdata, index->steps, &hidden,
                               &q);
  return index;
}

/* ∂F/∂u at the rounds' generic state (every velocity nonzero and
 * different: mf-linearization.c with α = I), into `entries`. */
static void
generic_force_jacobian (const MfModel *model, MfTriplet *entries)
{
  guint n_v = mf_model_n_velocities (model);
  g_autofree double *u = g_new0 (double, MAX (mf_model_n_states (model), 1));

  for (guint k = 0; k < n_v; k++)
    u[k] = 0.5 + 0.173 * k;
  mf_linearize_force_jacobian (model, u, entries);
}

/* Whether D = ∂F/∂v over the massless velocities is diagonal with every
 * entry negative. */
static gboolean
massless_forces_fall (const MfModel *model, const gboolean *massless)
{
  guint n_v = mf_model_n_velocities (model);
  g_autofree MfTriplet *entries = g_new0 (MfTriplet, MAX (model->n_triplets, 1));
  g_autofree double *diagonal = g_new0 (double, MAX (n_v, 1));

  generic_force_jacobian (model, entries);
  for (guint i = 0; i < model->n_triplets; i++)
    {
      const MfTriplet *e = &entries[i];

      if (e->row >= n_v || !massless[e->row] || e->col >= n_v || !massless[e->col])
        continue;
      if (e->col == e->row)
        diagonal[e->row] += e->value;
      else if (e->value != 0.0)
        return FALSE;
    }
  for (guint k = 0; k < n_v; k++)
    if (massless[k] && !(diagonal[k] < 0.0))
      return FALSE;
  return TRUE;
}

gboolean
mf_index_lagrange_by_rule (const MfModel  *model,
                           const MfSparse *w,
                           const guint    *rows,
                           guint           m,
                           int            *index)
{
  guint n_v = mf_model_n_velocities (model), n_0 = 0;
  g_autofree gboolean *massless = g_new0 (gboolean, MAX (n_v, 1));
  g_autofree guint *column = g_new0 (guint, MAX (n_v, 1));
  g_autofree guint *preference = NULL;
  g_autoptr (MfSparse) w0 = NULL;
  g_autoptr (MfNullspace) elimination = NULL;
  g_auto (MfEntries) entries = { 0 };

  for (guint k = 0; k < n_v; k++)
    if ((massless[k] = mf_model_velocity_mass (model, k) == 0.0))
      column[k] = n_0++;
  if (n_0 > 0 && !massless_forces_fall (model, massless))
    return FALSE;
  /* W0: the kept rows on the massless columns */
  mf_entries_init (&entries);
  for (guint i = 0; i < m; i++)
    for (guint p = w->start[rows[i]]; p < w->start[rows[i] + 1]; p++)
      if (massless[w->col[p]])
        mf_entries_add (&entries, i, column[w->col[p]], w->val[p]);
  w0 = mf_entries_finish (&entries, m, n_0);
  preference = g_new0 (guint, MAX (n_0, 1));
  for (guint j = 0; j < n_0; j++)
    preference[j] = j;
  elimination = mf_nullspace_select_sparse (w0, preference, TOLERANCE);
  *index = elimination->rank == m ? 1 : 2;
  return TRUE;
}
