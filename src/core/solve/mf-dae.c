/* mf-dae.c: the minimal-order equations of an index-1 or index-2 mode
 * (mf-dae.h); their insides are in mf-dae-private.h.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-dae.h"

#include <glib/gi18n.h>
#include <gsl/gsl_errno.h>
#include <math.h>
#include <string.h>

#include "mf-error.h"
#include "mf-finite.h"
#include "mf-linearization.h"
#include "mf-nullspace.h"
#include "mf-dae-private.h"
#include "mf-system-private.h"

#define AT(a, rows, i, j) ((a)[(gsize) (j) * (rows) + (i)])

/* The smallest scale of a constraint, relative to the largest
 * (set_scales): while Newton searches, and once it has found the root. */
#define MF_DAE_SCALE_SPREAD 1e-3
#define MF_DAE_SCALE_SPREAD_FINAL 1e-9
/* The smoothing of the orifice laws a cold start follows down to the true
 * laws (newton_smoothed), m/s. */
#define MF_DAE_SMOOTHING_START 10.0
#define MF_DAE_SMOOTHING_END 1e-6
/* Forces below this (N) are nothing: the smallest scale of a constraint. */
#define MF_DAE_FORCE_FLOOR 1e-9
/* Newton converges when every constraint is below this of its scale. */
#define MF_DAE_NEWTON_TOLERANCE 1e-10
/* In the final scales, what the terms of a massive or dependent branch
 * count for: enough for their rounding (the tolerance times this is
 * 1e-14), no more. */
#define MF_DAE_MASSIVE_SHARE 1e-4


/* β and P from the symmetric eigenproblem of M̄: the q smallest
 * eigenvalues are its null space (the reduction counted them). */
static void
split_mass (MfDae *dae)
{
  g_autofree double *m = mf_sparse_to_dense (dae->sys->red->mass_reduced);
  guint n = dae->n_bar, q = dae->q;
  g_autofree double *vectors = g_memdup2 (m, (gsize) n * n * sizeof (double));
  g_autofree double *values = g_new0 (double, n);

  LAPACKE_dsyev (LAPACK_COL_MAJOR, 'V', 'U', (lapack_int) n, vectors, (lapack_int) n, values);
  memcpy (dae->beta, vectors, (gsize) n * q * sizeof (double));
  memcpy (dae->range, &AT (vectors, n, 0, q), (gsize) n * dae->r * sizeof (double));
  memcpy (dae->eigen, values + q, dae->r * sizeof (double));
  for (guint i = 0; i < dae->r; i++)
    for (guint j = 0; j < n; j++)
      {
        double sum = 0.0;

        for (guint l = 0; l < n; l++)
          sum += AT (dae->range, n, l, i) * AT (m, n, l, j);
        AT (dae->k, dae->r, i, j) = sum;
      }
}

/* Splits G0 into G1 (q1 rows, in velocities) and H (q2 rows, in z alone)
 * from the structure at a generic state, and picks up which z the index
 * procedure chose to fix by H (mf-index.c). */
static gboolean
split_constraints (MfDae *dae, GError **error)
{
  MfSystem *sys = dae->sys;
  const MfIndex *index = sys->red->index_analysis;
  guint q = dae->q, n = dae->n_bar, n_y = n + dae->n_z, q2;
  g_autofree double *jac = mf_linearize_generic (sys->model, sys->alpha);
  g_autofree double *g0_y = g_new0 (double, MAX ((gsize) q * n_y, 1));
  g_autofree double *ut = NULL;
  g_autofree gboolean *taken = g_new0 (gboolean, MAX (dae->n_z, 1));

  for (guint c = 0; c < q; c++)
    for (guint j = 0; j < n_y; j++)
      {
        double sum = 0.0;

        for (guint l = 0; l < n; l++)
          sum += AT (dae->beta, n, l, c) * AT (jac, n_y, l, j);
        AT (g0_y, q, c, j) = sum;
      }
  /* the velocity block is the first q × n̄ of g0_y */
  dae->q1 = mf_left_singular_basis (g0_y, q, n, 1e-9, &ut);
  dae->q2 = q2 = q - dae->q1;
  if (q2 != index->constrained->len)
    {
      g_set_error (error, MF_ERROR, MF_ERROR_SOLVER,
                   /* Translators: %s names the mode, with any valves whose state differs from it
                    * ("mode 'lift' with V1 open") */
                   _("%s: the hidden constraints could not be split into those that hold "
                     "velocities and those that hold positions and pressures"), sys->red->label);
      return FALSE;
    }
  dae->n_free = dae->n_z - q2;
  dae->constrained = g_new0 (guint, MAX (q2, 1));
  dae->free_z = g_new0 (guint, MAX (dae->n_free, 1));
  for (guint c = 0; c < q2; c++)
    {
      dae->constrained[c] = g_array_index (index->constrained, guint, c);
      taken[dae->constrained[c]] = TRUE;
    }
  for (guint j = 0, f = 0; j < dae->n_z; j++)
    if (!taken[j])
      dae->free_z[f++] = j;
  if (q2 == 0)
    return TRUE;

  dae->combine = g_steal_pointer (&ut);
  dae->h_z = g_new0 (double, (gsize) q2 * MAX (dae->n_z, 1));
  dae->h_lu = g_new0 (double, (gsize) q2 * q2);
  dae->h_pivots = g_new0 (lapack_int, q2);
  for (guint c = 0; c < q2; c++)
    for (guint j = 0; j < dae->n_z; j++)
      {
        double sum = 0.0;

        for (guint l = 0; l < q; l++)
          sum += AT (dae->combine, q, dae->q1 + c, l) * AT (g0_y, q, l, n + j);
        AT (dae->h_z, q2, c, j) = sum;
      }
  for (guint a = 0; a < q2; a++)
    for (guint c = 0; c < q2; c++)
      AT (dae->h_lu, q2, c, a) = AT (dae->h_z, q2, c, dae->constrained[a]);
  if (LAPACKE_dgetrf (LAPACK_COL_MAJOR, (lapack_int) q2, (lapack_int) q2, dae->h_lu,
                      (lapack_int) q2, dae->h_pivots) != 0)
    {
      g_set_error (error, MF_ERROR, MF_ERROR_SOLVER,
                   /* Translators: %s names the mode, with any valves whose state differs from it
                    * ("mode 'lift' with V1 open") */
                   _("%s: the hidden constraints on positions and pressures cannot be solved "
                     "for the ones the index procedure chose"), sys->red->label);
      return FALSE;
    }
  return TRUE;
}

MfDae *
mf_dae_new (MfSystem *sys, GError **error)
{
  const MfIndex *index = sys->red->index_analysis;
  MfDae *dae = g_new0 (MfDae, 1);
  guint n, q, n_i;

  dae->sys = sys;
  dae->n_bar = n = sys->n_bar;
  dae->q = q = index->algebraic->len;
  dae->n_i = n_i = index->integrated->len;
  dae->r = n - q;
  dae->n_full = n + sys->n_x + sys->n_c;
  dae->n_z = sys->n_x + sys->n_c;
  dae->integrated = g_memdup2 (index->integrated->data, MAX (n_i, 1) * sizeof (guint));
  dae->algebraic = g_memdup2 (index->algebraic->data, MAX (q, 1) * sizeof (guint));
  dae->beta = g_new0 (double, MAX ((gsize) n * q, 1));
  dae->range = g_new0 (double, MAX ((gsize) n * dae->r, 1));
  dae->eigen = g_new0 (double, MAX (dae->r, 1));
  dae->k = g_new0 (double, MAX ((gsize) dae->r * n, 1));
  split_mass (dae);

  dae->newton = mf_newton_new (q);
  mf_newton_set_limits (dae->newton, 0, MF_DAE_NEWTON_TOLERANCE, 0.0);
  dae->z = g_new0 (double, q);
  dae->scale = g_new0 (double, q);
  dae->v_bar = g_new0 (double, MAX (n, 1));
  dae->fbar = g_new0 (double, MAX (n, 1));
  dae->jac = g_new0 (double, MAX ((gsize) dae->n_full * dae->n_full, 1));
  dae->g = g_new0 (double, q);
  dae->g_plus = g_new0 (double, q);
  dae->gv = g_new0 (double, (gsize) q * MAX (dae->n_full, 1));
  dae->ga = g_new0 (double, (gsize) q * q);
  dae->x = g_new0 (double, (gsize) q * (n_i + 1));
  dae->b = g_new0 (double, MAX ((gsize) dae->r * n_i, 1));
  dae->c = g_new0 (double, MAX (dae->r, 1));
  dae->rates = g_new0 (double, MAX (sys->n_x + sys->n_c, 1));
  dae->w = g_new0 (double, MAX (n, 1));
  dae->pivots = g_new0 (lapack_int, MAX (MAX (q, dae->r), 1));
  dae->sv = g_new0 (double, q);
  {
    double query = 0.0;
    lapack_int rank;

    LAPACKE_dgelss_work (LAPACK_COL_MAJOR, (lapack_int) q, (lapack_int) q,
                         (lapack_int) (n_i + 1), dae->ga, (lapack_int) q, dae->x, (lapack_int) q,
                         dae->sv, -1.0, &rank, &query, -1);
    dae->lwork = MAX ((lapack_int) query, 1);
    dae->lwork_buf = g_new0 (double, dae->lwork);
  }
  dae->z_full = g_new0 (double, MAX (dae->n_z, 1));
  dae->g0 = g_new0 (double, q);
  dae->g0_rest = g_new0 (double, q);
  dae->gamma = g_new0 (double, (gsize) q * MAX (n, 1));
  if (!split_constraints (dae, error))
    {
      mf_dae_free (dae);
      return NULL;
    }
  dae->z_fixed = g_new0 (double, MAX (dae->q2, 1));
  dae->h_t = g_new0 (double, MAX (dae->q2, 1));
  dae->h_rest = g_new0 (double, MAX (dae->q2, 1));
  dae->h_at = g_new0 (double, 3 * MAX (dae->q2, 1));
  dae->z_rates_at = g_new0 (double, 3 * MAX (dae->n_z, 1));
  return dae;
}

void
mf_dae_free (MfDae *dae)
{
  if (dae == NULL)
    return;
  g_free (dae->integrated);
  g_free (dae->algebraic);
  g_free (dae->beta);
  g_free (dae->range);
  g_free (dae->eigen);
  g_free (dae->k);
  mf_newton_free (dae->newton);
  g_free (dae->z);
  g_free (dae->scale);
  g_free (dae->v_bar);
  g_free (dae->fbar);
  g_free (dae->jac);
  g_free (dae->g);
  g_free (dae->g_plus);
  g_free (dae->gv);
  g_free (dae->ga);
  g_free (dae->x);
  g_free (dae->b);
  g_free (dae->c);
  g_free (dae->rates);
  g_free (dae->w);
  g_free (dae->pivots);
  g_free (dae->sv);
  g_free (dae->lwork_buf);
  g_free (dae->combine);
  g_free (dae->constrained);
  g_free (dae->free_z);
  g_free (dae->h_z);
  g_free (dae->h_lu);
  g_free (dae->h_pivots);
  g_free (dae->z_full);
  g_free (dae->z_fixed);
  g_free (dae->g0);
  g_free (dae->g0_rest);
  g_free (dae->h_t);
  g_free (dae->h_rest);
  g_free (dae->h_at);
  g_free (dae->z_rates_at);
  g_free (dae->gamma);
  g_clear_error (&dae->error);
  g_free (dae);
}

guint
mf_dae_dimension (const MfDae *dae)
{
  return dae->n_i + dae->n_free;
}

guint
mf_dae_state (const MfDae *dae, guint i)
{
  g_return_val_if_fail (i < dae->n_i + dae->n_free, 0);

  if (i < dae->n_i)
    return dae->sys->red->nullspace->independent[dae->integrated[i]];
  return dae->sys->n_v + dae->free_z[i - dae->n_i];
}

/* u and F̄ = αᵀ (F − M v_p') at (t, y) with the algebraic velocities va and
 * z = dae->z_full; g0 = G0 = βᵀ F̄.  v_p and v_p' are those of (t, u): a
 * flow that follows the state reads z, its rate the velocities too. */
static void
hidden_constraints (MfDae *dae, double t, const double *va, double *g0)
{
  MfSystem *sys = dae->sys;

  for (guint j = 0; j < dae->n_i; j++)
    dae->v_bar[dae->integrated[j]] = dae->y[j];
  for (guint k = 0; k < dae->q; k++)
    dae->v_bar[dae->algebraic[k]] = va[k];
  memcpy (sys->u + sys->n_v, dae->z_full, dae->n_z * sizeof (double));
  if (sys->sources_follow_state)
    mf_system_particular_velocities (sys, t);
  mf_alpha_expand (sys->alpha, dae->v_bar, sys->vp, sys->u);
  mf_system_particular_rates (sys, t);
  mf_model_forces (sys->model, t, sys->u, sys->f);
  for (guint k = 0; sys->has_sources && k < sys->n_v; k++)
    if (sys->red->mass[k] != 0.0) /* v_p' may be infinite where a massless branch is */
      sys->f[k] -= sys->red->mass[k] * sys->vp_dot[k];
  mf_alpha_project (sys->alpha, sys->f, dae->fbar);
  for (guint c = 0; c < dae->q; c++)
    {
      double sum = 0.0;

      for (guint j = 0; j < dae->n_bar; j++)
        sum += AT (dae->beta, dae->n_bar, j, c) * dae->fbar[j];
      g0[c] = sum;
    }
}

/* z' = [x'; p_c'] at sys->u into `rates`. */
static void
state_rates (MfDae *dae, double t, double *rates)
{
  MfSystem *sys = dae->sys;

  for (guint i = 0; i < sys->n_x; i++)
    rates[i] = sys->u[sys->model->position_branch[i]];
  mf_model_pressure_rates (sys->model, t, sys->u, rates + sys->n_x);
}

/* Row c of the combined constraints applied to the q values `g0`. */
static double
combined_row (const MfDae *dae, guint c, const double *g0)
{
  double sum = 0.0;

  if (dae->combine == NULL)
    return g0[c];
  for (guint l = 0; l < dae->q; l++)
    sum += AT (dae->combine, dae->q, c, l) * g0[l];
  return sum;
}

/* Γ = [G1; Ḣ] at the algebraic velocities va: Ḣ = H_z z' + H_t. */
static void
velocity_constraints (MfDae *dae, double t, const double *va, double *g)
{
  hidden_constraints (dae, t, va, dae->g0);
  for (guint c = 0; c < dae->q1; c++)
    g[c] = combined_row (dae, c, dae->g0);
  if (dae->q2 == 0)
    return;
  state_rates (dae, t, dae->rates);
  for (guint c = 0; c < dae->q2; c++)
    {
      double sum = dae->h_t[c];

      for (guint j = 0; j < dae->n_z; j++)
        sum += AT (dae->h_z, dae->q2, c, j) * dae->rates[j];
      g[dae->q1 + c] = sum;
    }
}

/* ∂G0/∂y_full = βᵀ ∂F̄/∂y_full into dae->gv (q × n_full), and ∂Γ/∂v̄ into
 * dae->gamma (q × n̄), at sys->u. */
static void
constraint_jacobian (MfDae *dae, double t)
{
  MfSystem *sys = dae->sys;
  guint n = dae->n_full, q = dae->q;

  mf_linearize (sys->model, sys->alpha, t, sys->u, sys->triplets, dae->jac);
  mf_system_source_jacobian (sys, t, dae->jac);
  for (guint c = 0; c < q; c++)
    for (guint j = 0; j < n; j++)
      {
        double sum = 0.0;

        for (guint l = 0; l < dae->n_bar; l++)
          sum += AT (dae->beta, dae->n_bar, l, c) * AT (dae->jac, n, l, j);
        AT (dae->gv, q, c, j) = sum;
      }
  for (guint j = 0; j < dae->n_bar; j++)
    {
      for (guint c = 0; c < dae->q1; c++)
        AT (dae->gamma, q, c, j) = combined_row (dae, c, &AT (dae->gv, q, 0, j));
      /* Ḣ's velocity block: H_z ∂z'/∂v̄ */
      for (guint c = 0; c < dae->q2; c++)
        {
          double sum = 0.0;

          for (guint l = 0; l < dae->n_z; l++)
            sum += AT (dae->h_z, dae->q2, c, l) * AT (dae->jac, n, dae->n_bar + l, j);
          AT (dae->gamma, q, dae->q1 + c, j) = sum;
        }
    }
}

static gboolean
newton_function (const double *va, double *g, double *jacobian, gpointer data)
{
  MfDae *dae = data;

  velocity_constraints (dae, dae->t, va, g);
  if (jacobian != NULL)
    {
      constraint_jacobian (dae, dae->t);
      for (guint l = 0; l < dae->q; l++)
        for (guint c = 0; c < dae->q; c++)
          AT (jacobian, dae->q, c, l) = AT (dae->gamma, dae->q, c, dae->algebraic[l]);
    }
  return mf_all_finite (g, dae->q);
}

/* Each constraint balances forces: its scale is the size of the terms that
 * balance (|α|ᵀ times the magnitudes of F's terms) at the warm start, so
 * the residual test is relative to them and not to their near-zero sum.
 * Once Newton has found the root (`final`), a constraint is measured
 * against the terms of its independent massless branches: a massive
 * branch's law holds by its acceleration and a dependent one's by the
 * pressures solved from it, so what the constraint misses is what the
 * independent ones' laws miss (the self-check measures each against its
 * own terms).  The others' terms count only for their rounding: an
 * orifice whose flow joins a check valve's balances newtons beside the
 * valve's hundreds, and must meet its own law, not a ten-billionth of
 * the valve's forces.
 * A row of Ḣ, linear in the velocities, balances rates of force: its scale
 * is |H_z| times a slow motion (1 mm/s, 1 kPa/s), fixed so that the σ of the
 * scaled Jacobian does not depend on where Newton started. */
/* Whether velocity k is one of the independent ones (its row of α picks
 * one column). */
static gboolean
is_independent (const MfSystem *sys, guint k)
{
  guint p = sys->alpha->start[k];

  return sys->alpha->start[k + 1] == p + 1 && sys->alpha->val[p] == 1.0;
}

static double
set_scales (MfDae *dae, double spread, gboolean final)
{
  MfSystem *sys = dae->sys;
  double *raw = dae->g_plus, biggest = 0.0;

  velocity_constraints (dae, dae->t, dae->z, dae->g);
  mf_model_force_magnitudes (sys->model, dae->t, sys->u, sys->f);
  for (guint k = 0; k < sys->n_v; k++)
    if (sys->red->mass[k] != 0.0)
      {
        if (sys->has_sources)
          sys->f[k] += fabs (sys->red->mass[k] * sys->vp_dot[k]);
        if (final)
          sys->f[k] *= MF_DAE_MASSIVE_SHARE;
      }
    else if (final && !is_independent (sys, k))
      sys->f[k] *= MF_DAE_MASSIVE_SHARE;
  memset (dae->w, 0, dae->n_bar * sizeof (double));
  for (guint k = 0; k < sys->n_v; k++)
    for (guint p = sys->alpha->start[k]; p < sys->alpha->start[k + 1]; p++)
      dae->w[sys->alpha->col[p]] += fabs (sys->alpha->val[p]) * sys->f[k];
  for (guint c = 0; c < dae->q; c++)
    {
      double sum = 0.0;

      for (guint j = 0; j < dae->n_bar; j++)
        sum += fabs (AT (dae->beta, dae->n_bar, j, c)) * dae->w[j];
      raw[c] = sum;
    }
  for (guint c = 0; c < dae->q1; c++)
    {
      double sum = 0.0;

      for (guint l = 0; l < dae->q; l++)
        sum += (dae->combine == NULL ? (l == c ? 1.0 : 0.0)
                                     : fabs (AT (dae->combine, dae->q, c, l)))
               * raw[l];
      dae->scale[c] = sum;
      biggest = MAX (biggest, sum);
    }
  /* A constraint whose terms all vanish at the warm start (the orifices
   * behind a junction the flow has not reached yet) would get a scale of
   * nothing, and any step that moves it would look infinitely worse to the
   * line search: no constraint counts for more than 1/spread times the
   * largest. */
  for (guint c = 0; c < dae->q1; c++)
    dae->scale[c] = MAX (dae->scale[c], MAX (spread * biggest, MF_DAE_FORCE_FLOOR));
  for (guint c = 0; c < dae->q2; c++)
    {
      double sum = 0.0;

      for (guint j = 0; j < dae->n_z; j++)
        sum += fabs (AT (dae->h_z, dae->q2, c, j)) * (j < sys->n_x ? 1e-3 : 1e3);
      dae->scale[dae->q1 + c] = sum;
    }
  return biggest;
}

/* z_full from the integrated part of y and the constrained part. */
void
mf_dae_assemble_z (MfDae *dae)
{
  for (guint j = 0; j < dae->n_free; j++)
    dae->z_full[dae->free_z[j]] = dae->y[dae->n_i + j];
  for (guint c = 0; c < dae->q2; c++)
    dae->z_full[dae->constrained[c]] = dae->z_fixed[c];
}

/* H and z' at time t (velocities and the free z held), into slot k of
 * h_at and z_rates_at; FALSE when not finite there. */
static gboolean
positions_at (MfDae *dae, double t, guint k)
{
  mf_system_particular_velocities (dae->sys, t);
  hidden_constraints (dae, t, dae->z, dae->g0);
  for (guint c = 0; c < dae->q2; c++)
    dae->h_at[k * dae->q2 + c] = combined_row (dae, dae->q1 + c, dae->g0);
  state_rates (dae, t, dae->z_rates_at + (gsize) k * dae->n_z);
  return mf_all_finite (dae->h_at + (gsize) k * dae->q2, dae->q2)
         && mf_all_finite (dae->z_rates_at + (gsize) k * dae->n_z, dae->n_z);
}

/* Index 2: the constrained z from H(z, t) = 0 — affine in z, so one step
 * of its LU solves it — then H's time derivatives
 * (mf_dae_position_derivatives). */
static gboolean
solve_positions (MfDae *dae)
{
  guint q2 = dae->q2;
  double t = dae->t;

  for (guint pass = 0; pass < 2; pass++)
    {
      mf_dae_assemble_z (dae);
      if (!positions_at (dae, t, 1))
        return FALSE;
      double *step = dae->g_plus;

      memcpy (step, dae->h_at + q2, q2 * sizeof (double));
      LAPACKE_dgetrs (LAPACK_COL_MAJOR, 'N', (lapack_int) q2, 1, dae->h_lu, (lapack_int) q2,
                      dae->h_pivots, step, (lapack_int) q2);
      for (guint c = 0; c < q2; c++)
        dae->z_fixed[c] -= step[c];
    }
  return mf_dae_position_derivatives (dae);
}

/* H's time derivatives for Ḣ and for d/dt Ḣ at fixed velocities: H_t by
 * a central difference, H_tt and ∂z'/∂t likewise (forward, from three
 * points, when t − h is not finite).  With constant inputs these are
 * exactly zero. */
gboolean
mf_dae_position_derivatives (MfDae *dae)
{
  guint q2 = dae->q2;
  double t = dae->t, h = 1e-5 * MAX (fabs (t), 1.0), t0 = t - h;

  mf_dae_assemble_z (dae);
  if (!positions_at (dae, t0, 0))
    t0 = t;
  for (guint k = 0; k < 3; k++)
    if (!positions_at (dae, t0 + k * h, k))
      return FALSE;
  mf_system_particular_velocities (dae->sys, t);
  for (guint c = 0; c < q2; c++)
    {
      double h0 = dae->h_at[c], h1 = dae->h_at[q2 + c], h2 = dae->h_at[2 * q2 + c];
      double second = (h0 - 2.0 * h1 + h2) / (h * h);
      double rate = 0.0;

      dae->h_t[c] = t0 < t ? (h2 - h0) / (2.0 * h) : (-3.0 * h0 + 4.0 * h1 - h2) / (2.0 * h);
      for (guint j = 0; j < dae->n_z; j++)
        {
          const double *zr = dae->z_rates_at;
          double r0 = zr[j], r1 = zr[dae->n_z + j], r2 = zr[2 * dae->n_z + j];
          double slope = t0 < t ? (r2 - r0) / (2.0 * h) : (-3.0 * r0 + 4.0 * r1 - r2) / (2.0 * h);

          rate += AT (dae->h_z, q2, c, j) * slope;
        }
      dae->h_rest[c] = rate + second;
    }
  return TRUE;
}

static gboolean
all_zero (const double *values, guint n)
{
  for (guint i = 0; i < n; i++)
    if (values[i] != 0.0)
      return FALSE;
  return TRUE;
}

/* Whether every constraint holds to Newton's tolerance of its scale. */
static gboolean
constraints_hold (MfDae *dae)
{
  velocity_constraints (dae, dae->t, dae->z, dae->g);
  for (guint c = 0; c < dae->q; c++)
    if (!(fabs (dae->g[c]) <= MF_DAE_NEWTON_TOLERANCE * dae->scale[c]))
      return FALSE;
  return TRUE;
}

static gboolean
newton_run (MfDae *dae, GError **error)
{
  gboolean ok = mf_newton_solve (dae->newton, newton_function, dae, dae->z, dae->scale,
                                 &dae->report, error);

  dae->total_iterations += dae->report.iterations;
  dae->total_svd += dae->report.svd_steps;
  return ok;
}

/* One Newton solve from dae->z.  It searches with every constraint
 * weighed at least a thousandth of the largest, which keeps the line
 * search moving when some balance nothing at the start; then it checks
 * each against the terms it balances at the root (down to 1e-9 of the
 * largest) and polishes until those hold too, so that an orifice carrying
 * a trickle next to one carrying the main flow meets its own law, not just
 * a thousandth of the other's. */
static gboolean
newton_attempt (MfDae *dae, GError **error)
{
  g_autoptr (GError) polish = NULL;

  /* Where every force is below the floor (a circuit standing still) any
   * small flow meets the laws, and a warm start would keep the noise of
   * the last solve — v ~ √(noise/K), large at zero flow — so that two
   * evaluations at one point differ: there the flows start from zero, and
   * stay zero unless a force above the floor drives them. */
  if (set_scales (dae, MF_DAE_SCALE_SPREAD, FALSE) < MF_DAE_FORCE_FLOOR && dae->q2 == 0)
    {
      memset (dae->z, 0, dae->q * sizeof (double));
      set_scales (dae, MF_DAE_SCALE_SPREAD, FALSE);
    }
  if (!newton_run (dae, error))
    return FALSE;
  set_scales (dae, MF_DAE_SCALE_SPREAD_FINAL, TRUE);
  if (constraints_hold (dae))
    return TRUE;
  /* The polish goes as far as rounding lets it: where no step reduces the
   * residual any more, the root the search found stands (every step taken
   * reduced it), and the self-check judges it (mf-system-check.c). */
  if (!newton_run (dae, &polish))
    g_debug ("Newton's polish stopped short: %s", polish->message);
  return TRUE;
}

/* The last resort, from zero flow: the signed squares of orifices in
 * series and in parallel do not separate, so neither Newton nor the escape
 * step may find a way down from rest when a pressure difference drives a
 * flow at once.  Smoothed to K v √(v² + r²), the laws are regular at zero
 * flow and nearly linear where |v| ≪ r; solved with r from 10 m/s down by
 * tens, each from the last, the root is followed to the true laws. */
static gboolean
newton_smoothed (MfDae *dae, GError **error)
{
  MfModel *model = dae->sys->model;
  gboolean ok = TRUE;

  memset (dae->z, 0, dae->q * sizeof (double));
  for (double r = MF_DAE_SMOOTHING_START; ok && r >= MF_DAE_SMOOTHING_END; r *= 0.1)
    {
      model->smoothing = r;
      ok = newton_attempt (dae, error);
    }
  model->smoothing = 0.0;
  return ok && newton_attempt (dae, error);
}

static gboolean
solve_algebraic (MfDae *dae)
{
  g_clear_error (&dae->error);
  if (dae->q2 > 0 && !solve_positions (dae))
    {
      g_set_error (&dae->error, MF_ERROR, MF_ERROR_SOLVER,
                   _("the positions and pressures held by the hidden constraints are not finite"));
      return FALSE;
    }
  mf_dae_assemble_z (dae);
  if (newton_attempt (dae, &dae->error))
    return TRUE;
  /* A warm start can sit where no step leads to the root (after a jump
   * of the inputs, or a run of failed trial steps); from zero flow the
   * escape step knows the signed-square laws. */
  if (!all_zero (dae->z, dae->q))
    {
      g_clear_error (&dae->error);
      memset (dae->z, 0, dae->q * sizeof (double));
      if (newton_attempt (dae, &dae->error))
        return TRUE;
    }
  g_clear_error (&dae->error);
  if (newton_smoothed (dae, &dae->error))
    return TRUE;
  g_prefix_error (&dae->error, _("the algebraic states: "));
  return FALSE;
}

/* Γ_rest = dΓ/dt at fixed velocities: for G1, ∂G0/∂z z' + ∂G0/∂t, the last
 * by a forward difference (inputs and v_p move with t), backward where the
 * forward one is not finite; for Ḣ, what solve_positions() found.  Leaves
 * the point at t, with dae->gv, dae->gamma and dae->rates for it. */
static void
constraint_rate (MfDae *dae, double t, double *rest)
{
  MfSystem *sys = dae->sys;
  double h = 1e-7 * MAX (fabs (t), 1e-3);

  mf_system_particular_velocities (sys, t + h);
  hidden_constraints (dae, t + h, dae->z, dae->g_plus);
  /* an orifice closing at t + h (its area reaching 0) makes G infinite
   * there: the difference is taken backward instead */
  if (!mf_all_finite (dae->g_plus, dae->q))
    {
      h = -h;
      mf_system_particular_velocities (sys, t + h);
      hidden_constraints (dae, t + h, dae->z, dae->g_plus);
    }
  mf_system_particular_velocities (sys, t);
  hidden_constraints (dae, t, dae->z, dae->g0);
  constraint_jacobian (dae, t);
  state_rates (dae, t, dae->rates);
  for (guint c = 0; c < dae->q; c++)
    {
      double sum = (dae->g_plus[c] - dae->g0[c]) / h;

      for (guint j = 0; j < dae->n_z; j++)
        sum += AT (dae->gv, dae->q, c, dae->n_bar + j) * dae->rates[j];
      dae->g0_rest[c] = sum;
    }
  for (guint c = 0; c < dae->q1; c++)
    rest[c] = combined_row (dae, c, dae->g0_rest);
  memcpy (rest + dae->q1, dae->h_rest, dae->q2 * sizeof (double));
}

/* v_a' = −Γ_a⁻¹ (Γ_i v_i' + Γ_rest), the derivative of the hidden
 * constraints, put into the dynamics projected on the range of M̄,
 * Pᵀ M̄ v̄' = Pᵀ F̄, gives v_i'.  Γ_a is singular at zero flow
 * (d(v|v|)/dv = 0): Γ_a⁻¹ is then the outer inverse of the truncated SVD,
 * so v_a' is the minimum-norm rate. */
static gboolean
rates (MfDae *dae, double *v_i_dot)
{
  MfSystem *sys = dae->sys;
  guint q = dae->q, n_i = dae->n_i, r = dae->r;

  for (guint a = 0; a < q; a++)
    for (guint c = 0; c < q; c++)
      AT (dae->ga, q, c, a) = AT (dae->gamma, q, c, dae->algebraic[a]);
  for (guint j = 0; j < n_i; j++)
    for (guint c = 0; c < q; c++)
      AT (dae->x, q, c, j) = AT (dae->gamma, q, c, dae->integrated[j]);
  {
    lapack_int rank;

    if (LAPACKE_dgelss_work (LAPACK_COL_MAJOR, (lapack_int) q, (lapack_int) q,
                             (lapack_int) (n_i + 1), dae->ga, (lapack_int) q, dae->x,
                             (lapack_int) q, dae->sv, 1e-10, &rank, dae->lwork_buf, dae->lwork)
        != 0)
      return FALSE;
  }

  for (guint i = 0; i < r; i++)
    {
      double c = 0.0;

      for (guint l = 0; l < dae->n_bar; l++)
        c += AT (dae->range, dae->n_bar, l, i) * dae->fbar[l];
      for (guint a = 0; a < q; a++)
        c += AT (dae->k, r, i, dae->algebraic[a]) * AT (dae->x, q, a, n_i);
      dae->c[i] = c;
      for (guint j = 0; j < n_i; j++)
        {
          double b = AT (dae->k, r, i, dae->integrated[j]);

          for (guint a = 0; a < q; a++)
            b -= AT (dae->k, r, i, dae->algebraic[a]) * AT (dae->x, q, a, j);
          AT (dae->b, r, i, j) = b;
        }
    }
  if (r > 0
      && LAPACKE_dgesv_work (LAPACK_COL_MAJOR, (lapack_int) r, 1, dae->b, (lapack_int) r,
                             dae->pivots, dae->c, (lapack_int) r) != 0)
    return FALSE;
  memcpy (v_i_dot, dae->c, n_i * sizeof (double));

  for (guint j = 0; j < n_i; j++)
    sys->vbar_dot[dae->integrated[j]] = v_i_dot[j];
  for (guint a = 0; a < q; a++)
    {
      double rate = -AT (dae->x, q, a, n_i);

      for (guint j = 0; j < n_i; j++)
        rate -= AT (dae->x, q, a, j) * v_i_dot[j];
      sys->vbar_dot[dae->algebraic[a]] = rate;
    }
  return TRUE;
}

int
mf_dae_evaluate (MfDae *dae, double t, const double *y, double *dydt)
{
  dae->t = t;
  dae->y = y;
  mf_system_particular_velocities (dae->sys, t);
  if (!solve_algebraic (dae))
    return GSL_EBADFUNC;
  return mf_dae_point_rates (dae, dydt);
}

int
mf_dae_point_rates (MfDae *dae, double *dydt)
{
  constraint_rate (dae, dae->t, dae->g_plus);
  memcpy (dae->x + (gsize) dae->q * dae->n_i, dae->g_plus, dae->q * sizeof (double));
  if (!rates (dae, dydt))
    {
      g_set_error (&dae->error, MF_ERROR, MF_ERROR_SOLVER,
                   _("the hidden constraints cannot be solved for the algebraic "
                     "states (∂Γ/∂v_a is singular)"));
      return GSL_EBADFUNC;
    }
  for (guint j = 0; j < dae->n_free; j++)
    dydt[dae->n_i + j] = dae->rates[dae->free_z[j]];
  return mf_all_finite (dydt, dae->n_i + dae->n_free) ? GSL_SUCCESS : GSL_EBADFUNC;
}

void
mf_dae_reduce (MfDae *dae, double t, const double *u, double *y)
{
  MfSystem *sys = dae->sys;
  guint n = dae->n_bar;

  /* w = αᵀ M (v − v_p); the massive part of v̄ is P Λ⁻¹ Pᵀ w, since M̄ P = P Λ
   * (v_p at the positions and pressures kept from u) */
  memcpy (sys->u + sys->n_v, u + sys->n_v, dae->n_z * sizeof (double));
  mf_system_particular_velocities (sys, t);
  for (guint k = 0; k < sys->n_v; k++)
    sys->f[k] = sys->red->mass[k] * (u[k] - sys->vp[k]);
  mf_alpha_project (sys->alpha, sys->f, dae->w);
  memset (dae->v_bar, 0, n * sizeof (double));
  for (guint i = 0; i < dae->r; i++)
    {
      double coefficient = 0.0;

      for (guint l = 0; l < n; l++)
        coefficient += AT (dae->range, n, l, i) * dae->w[l];
      coefficient /= dae->eigen[i];
      for (guint l = 0; l < n; l++)
        dae->v_bar[l] += coefficient * AT (dae->range, n, l, i);
    }
  for (guint j = 0; j < dae->n_i; j++)
    y[j] = dae->v_bar[dae->integrated[j]];
  /* α has a unit entry on each independent state: u holds v̄ there */
  for (guint a = 0; a < dae->q; a++)
    dae->z[a] = u[sys->red->nullspace->independent[dae->algebraic[a]]];
  for (guint j = 0; j < dae->n_free; j++)
    y[dae->n_i + j] = u[sys->n_v + dae->free_z[j]];
  /* the constrained positions and pressures start from u: H = 0 then moves
   * them onto the constraint at the first evaluation */
  for (guint c = 0; c < dae->q2; c++)
    dae->z_fixed[c] = u[sys->n_v + dae->constrained[c]];
}

const MfNewtonReport *
mf_dae_last_report (const MfDae *dae)
{
  return &dae->report;
}

guint64
mf_dae_total_iterations (const MfDae *dae)
{
  return dae->total_iterations;
}

guint64
mf_dae_total_svd_steps (const MfDae *dae)
{
  return dae->total_svd;
}

GError *
mf_dae_take_error (MfDae *dae)
{
  return g_steal_pointer (&dae->error);
}
