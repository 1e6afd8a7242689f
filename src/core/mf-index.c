/* mf-index.c
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-index.h"

#include <lapacke.h>
#include <math.h>
#include <string.h>

#include "mf-linearization.h"
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
  g_free (index);
}

/* The state at which the equations are linearised: every independent
 * velocity nonzero and different, so that no orifice sits at zero flow,
 * where d(v|v|)/dv = 0 would make the Jacobian singular by accident (a
 * local singularity, not the index of the circuit). */
static void
generic_state (const MfModel *model, const MfAlpha *alpha, double *u)
{
  g_autofree double *v_bar = g_new0 (double, MAX (alpha->n_bar, 1));

  memset (u, 0, mf_model_n_states (model) * sizeof (double));
  for (guint j = 0; j < alpha->n_bar; j++)
    v_bar[j] = 0.5 + 0.173 * j;
  mf_alpha_expand (alpha, v_bar, NULL, u);
}

/* ∂f/∂y, at t = 0 unless an input makes it infinite there (an orifice
 * whose area starts at zero): then at t = 1 s. */
static double *
linearise (const MfModel *model, const MfAlpha *alpha, guint n_y)
{
  g_autofree double *u = g_new0 (double, MAX (mf_model_n_states (model), 1));
  g_autofree MfTriplet *scratch = g_new0 (MfTriplet, MAX (model->n_triplets, 1));
  double *jac = g_new0 (double, MAX ((gsize) n_y * n_y, 1));

  generic_state (model, alpha, u);
  for (double t = 0.0; t <= 1.0; t += 1.0)
    {
      gboolean finite = TRUE;

      mf_linearize (model, alpha, t, u, scratch, jac);
      for (gsize i = 0; i < (gsize) n_y * n_y; i++)
        finite = finite && isfinite (jac[i]);
      if (finite)
        break;
    }
  return jac;
}

/* One shuffle (MODEL.md §5): rows P of an orthogonal transformation of the
 * row-scaled E (from its SVD) bring E to [E1; 0] with E1 of full row rank;
 * the same rows applied to A give the hidden constraints 0 = A2 y + b2,
 * whose derivatives A2 y' = −b2' replace the zero rows:
 * E ← [E1; A2], A ← [A1; 0].  Returns the rank of E; *hidden gets A2
 * (n − rank rows, column-major). */
static guint
shuffle (double *e, double *a, guint n, double **hidden)
{
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

static gboolean
all_zero (const double *m, gsize n, double reference)
{
  for (gsize i = 0; i < n; i++)
    if (fabs (m[i]) > TOLERANCE * reference)
      return FALSE;
  return TRUE;
}

/* Rows spanning the null space of M̄ (n_bar × n_bar): they are the hidden
 * rows of shuffling (M̄, I).  Returns how many. */
static guint
null_rows_of (const double *m, guint n, double **rows)
{
  g_autofree double *copy = g_memdup2 (m, MAX ((gsize) n * n, 1) * sizeof (double));
  g_autofree double *zero = g_new0 (double, MAX ((gsize) n * n, 1));
  g_autofree double *hidden = NULL;
  guint rank;

  for (guint i = 0; i < n; i++)
    AT (zero, n, i, i) = 1.0;
  rank = shuffle (copy, zero, n, &hidden);
  *rows = g_steal_pointer (&hidden);
  return n - rank;
}

static char *
involved_states (const MfModel *model, const guint *independent, guint n_bar, const double *row,
                 guint n_y)
{
  GString *names = g_string_new (NULL);
  double biggest = 0.0;

  for (guint j = 0; j < n_y; j++)
    biggest = MAX (biggest, fabs (row[j]));
  for (guint j = 0; j < n_y; j++)
    {
      /* y = [v̄; x; p_c]: positions and pressures follow the velocities in u */
      guint state = j < n_bar ? independent[j] : mf_model_n_velocities (model) + (j - n_bar);

      if (fabs (row[j]) > TOLERANCE * biggest && biggest > 0.0)
        g_string_append_printf (names, "%s%s", names->len > 0 ? ", " : "",
                                mf_model_state_name (model, state));
    }
  if (names->len == 0)
    g_string_append (names, "no state (a condition on the inputs alone)");
  return g_string_free (names, FALSE);
}

/* Algebraic states: those the first hidden constraints can be solved for,
 * taken from the least preferred (massless) end, by the same pivoted
 * elimination that picks dependent velocities.  When the first constraints
 * do not involve the velocities (index 2 and up), the states along the null
 * space of M̄ are algebraic instead. */
static void
split_states (MfIndex *index, const double *first_hidden, guint q, guint n_bar, const double *m)
{
  g_autofree double *block = g_new0 (double, MAX ((gsize) q * n_bar, 1));
  g_autofree guint *preference = g_new0 (guint, MAX (n_bar, 1));
  g_autoptr (MfNullspace) ns = NULL;

  for (guint j = 0; j < n_bar; j++)
    {
      preference[j] = j;
      memcpy (&AT (block, q, 0, j), &AT (first_hidden, q, 0, j), q * sizeof (double));
    }
  ns = mf_nullspace_select (block, q, n_bar, preference, TOLERANCE);
  if (ns->rank < q)
    {
      g_autofree double *null_rows = NULL;
      guint nullity = null_rows_of (m, n_bar, &null_rows);

      mf_nullspace_free (ns);
      ns = mf_nullspace_select (null_rows, nullity, n_bar, preference, TOLERANCE);
    }
  for (guint i = 0; i < ns->rank; i++)
    g_array_append_val (index->algebraic, ns->dependent[i]);
  for (guint j = 0; j < n_bar - ns->rank; j++)
    g_array_append_val (index->integrated, ns->independent[j]);
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

MfIndex *
mf_index_new (const MfModel *model,
              const double  *alpha_dense,
              const guint   *independent,
              guint          n_bar,
              const double  *mass_reduced)
{
  guint n_v = mf_model_n_velocities (model);
  guint n_y = n_bar + mf_model_n_positions (model) + mf_model_n_pressures (model);
  MfIndex *index = g_new0 (MfIndex, 1);
  g_autoptr (MfAlpha) alpha = mf_alpha_new (alpha_dense, n_v, n_bar);
  g_autofree double *a = linearise (model, alpha, n_y);
  g_autofree double *e = g_new0 (double, MAX ((gsize) n_y * n_y, 1));
  double reference = 0.0;

  index->steps = g_ptr_array_new_with_free_func ((GDestroyNotify) step_free);
  index->integrated = g_array_new (FALSE, FALSE, sizeof (guint));
  index->algebraic = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; i < n_y; i++)
    AT (e, n_y, i, i) = 1.0;
  for (guint i = 0; i < n_bar; i++)
    for (guint j = 0; j < n_bar; j++)
      AT (e, n_y, i, j) = AT (mass_reduced, n_bar, i, j);
  for (gsize i = 0; i < (gsize) n_y * n_y; i++)
    reference = MAX (reference, fabs (a[i]));

  index->index = -1;
  /* A system that determines y has index at most n_y. */
  for (guint round = 0; round <= n_y; round++)
    {
      MfIndexStep *step = record_step (e, n_y, n_y, 0);
      g_autofree double *hidden = NULL;
      guint q;

      g_ptr_array_add (index->steps, step);
      step->rank = shuffle (e, a, n_y, &hidden);
      if (step->rank == n_y)
        {
          index->index = (int) round;
          break;
        }
      q = n_y - step->rank;
      for (guint c = 0; c < q; c++)
        {
          g_autofree double *row = g_new0 (double, MAX (n_y, 1));

          for (guint j = 0; j < n_y; j++)
            row[j] = AT (hidden, q, c, j);
          g_ptr_array_add (step->hidden, involved_states (model, independent, n_bar, row, n_y));
        }
      if (round == 0)
        split_states (index, hidden, q, n_bar, mass_reduced);
      /* constraints on the inputs alone: differentiating gives nothing new */
      if (all_zero (hidden, (gsize) q * n_y, reference))
        break;
    }
  if (index->integrated->len + index->algebraic->len == 0)
    for (guint j = 0; j < n_bar; j++)
      g_array_append_val (index->integrated, j);
  return index;
}
