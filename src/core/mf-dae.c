/* mf-dae.c
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-dae.h"

#include <gsl/gsl_errno.h>
#include <math.h>
#include <string.h>

#include "mf-error.h"
#include "mf-linearization.h"

#define AT(a, rows, i, j) ((a)[(gsize) (j) * (rows) + (i)])

struct _MfDae
{
  MfSystem      *sys;
  guint          n_bar, q, r, n_i, n_full;
  guint         *integrated;  /* n_i indices into v̄ */
  guint         *algebraic;   /* q indices into v̄ */
  double        *beta;        /* n̄ × q: a basis of null(M̄) */
  double        *range;       /* n̄ × r: eigenvectors of M̄'s nonzero eigenvalues, P */
  double        *eigen;       /* r: those eigenvalues */
  double        *k;           /* r × n̄: Pᵀ M̄ */
  MfNewton      *newton;
  MfNewtonReport report;
  double        *z;           /* the algebraic velocities: warm start and solution */
  double        *scale;       /* q: size of each constraint's terms */
  /* one evaluation's point */
  double         t;
  const double  *y;
  /* workspaces */
  double        *v_bar, *fbar, *jac, *g, *g_plus, *gv, *ga, *x, *b, *c, *rates, *w;
  lapack_int    *pivots;
  double        *sv;          /* q singular values of G_a (dgelss) */
  double        *lwork_buf;   /* dgelss workspace, sized once */
  lapack_int     lwork;
  guint64        total_iterations, total_svd;
  GArray        *svd_times;
  GError        *error;
};

/* β and P from the symmetric eigenproblem of M̄: the q smallest
 * eigenvalues are its null space (the reduction counted them). */
static void
split_mass (MfDae *dae)
{
  const double *m = dae->sys->red->mass_reduced;
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

MfDae *
mf_dae_new (MfSystem *sys)
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
  dae->integrated = g_memdup2 (index->integrated->data, MAX (n_i, 1) * sizeof (guint));
  dae->algebraic = g_memdup2 (index->algebraic->data, MAX (q, 1) * sizeof (guint));
  dae->beta = g_new0 (double, MAX ((gsize) n * q, 1));
  dae->range = g_new0 (double, MAX ((gsize) n * dae->r, 1));
  dae->eigen = g_new0 (double, MAX (dae->r, 1));
  dae->k = g_new0 (double, MAX ((gsize) dae->r * n, 1));
  split_mass (dae);

  dae->newton = mf_newton_new (q);
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
  dae->svd_times = g_array_new (FALSE, FALSE, sizeof (double));
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
  g_array_unref (dae->svd_times);
  g_clear_error (&dae->error);
  g_free (dae);
}

guint
mf_dae_n_integrated (const MfDae *dae)
{
  return dae->n_i;
}

/* u and F̄ = αᵀ (F − M v_p') at (t, y) with the algebraic velocities z;
 * g = βᵀ F̄.  v_p must already be those of time t. */
static void
state_and_constraints (MfDae *dae, double t, const double *z, double *g)
{
  MfSystem *sys = dae->sys;

  for (guint j = 0; j < dae->n_i; j++)
    dae->v_bar[dae->integrated[j]] = dae->y[j];
  for (guint k = 0; k < dae->q; k++)
    dae->v_bar[dae->algebraic[k]] = z[k];
  mf_alpha_expand (sys->alpha, dae->v_bar, sys->vp, sys->u);
  memcpy (sys->u + sys->n_v, dae->y + dae->n_i, (sys->n_x + sys->n_c) * sizeof (double));
  mf_model_forces (sys->model, t, sys->u, sys->f);
  for (guint k = 0; sys->has_sources && k < sys->n_v; k++)
    sys->f[k] -= sys->red->mass[k] * sys->vp_dot[k];
  mf_alpha_project (sys->alpha, sys->f, dae->fbar);
  for (guint c = 0; c < dae->q; c++)
    {
      double sum = 0.0;

      for (guint j = 0; j < dae->n_bar; j++)
        sum += AT (dae->beta, dae->n_bar, j, c) * dae->fbar[j];
      g[c] = sum;
    }
}

/* ∂G0/∂y_full = βᵀ ∂F̄/∂y_full into dae->gv (q × n_full), at sys->u. */
static void
constraint_jacobian (MfDae *dae, double t)
{
  MfSystem *sys = dae->sys;
  guint n = dae->n_full;

  mf_linearize (sys->model, sys->alpha, t, sys->u, sys->triplets, dae->jac);
  for (guint c = 0; c < dae->q; c++)
    for (guint j = 0; j < n; j++)
      {
        double sum = 0.0;

        for (guint l = 0; l < dae->n_bar; l++)
          sum += AT (dae->beta, dae->n_bar, l, c) * AT (dae->jac, n, l, j);
        AT (dae->gv, dae->q, c, j) = sum;
      }
}

static gboolean
all_finite (const double *values, gsize n)
{
  for (gsize i = 0; i < n; i++)
    if (!isfinite (values[i]))
      return FALSE;
  return TRUE;
}

static gboolean
newton_function (const double *z, double *g, double *jacobian, gpointer data)
{
  MfDae *dae = data;

  state_and_constraints (dae, dae->t, z, g);
  if (jacobian != NULL)
    {
      constraint_jacobian (dae, dae->t);
      for (guint l = 0; l < dae->q; l++)
        for (guint c = 0; c < dae->q; c++)
          AT (jacobian, dae->q, c, l) = AT (dae->gv, dae->q, c, dae->algebraic[l]);
    }
  return all_finite (g, dae->q);
}

/* Each constraint balances forces: its scale is the size of the terms that
 * balance (|α|ᵀ times the magnitudes of F's terms) at the warm start, so
 * the residual test is relative to them and not to their near-zero sum. */
static void
set_scales (MfDae *dae)
{
  MfSystem *sys = dae->sys;

  state_and_constraints (dae, dae->t, dae->z, dae->g);
  mf_model_force_magnitudes (sys->model, dae->t, sys->u, sys->f);
  for (guint k = 0; sys->has_sources && k < sys->n_v; k++)
    sys->f[k] += fabs (sys->red->mass[k] * sys->vp_dot[k]);
  memset (dae->w, 0, dae->n_bar * sizeof (double));
  for (guint k = 0; k < sys->n_v; k++)
    for (guint p = sys->alpha->start[k]; p < sys->alpha->start[k + 1]; p++)
      dae->w[sys->alpha->col[p]] += fabs (sys->alpha->val[p]) * sys->f[k];
  for (guint c = 0; c < dae->q; c++)
    {
      double sum = 0.0;

      for (guint j = 0; j < dae->n_bar; j++)
        sum += fabs (AT (dae->beta, dae->n_bar, j, c)) * dae->w[j];
      dae->scale[c] = MAX (sum, 1e-9);
    }
}

static gboolean
solve_algebraic (MfDae *dae)
{
  g_clear_error (&dae->error);
  set_scales (dae);
  if (!mf_newton_solve (dae->newton, newton_function, dae, dae->z, dae->scale, &dae->report,
                        &dae->error))
    {
      g_prefix_error (&dae->error, "the algebraic states: ");
      return FALSE;
    }
  dae->total_iterations += dae->report.iterations;
  dae->total_svd += dae->report.svd_steps;
  if (dae->report.svd_steps > 0)
    g_array_append_val (dae->svd_times, dae->t);
  return TRUE;
}

/* G_rest = ∂G0/∂(x, p_c)·(x', p_c') + ∂G0/∂t, the last by a forward
 * difference (inputs and v_p move with t), backward where the forward one
 * is not finite; leaves the point at t. */
static void
constraint_rate (MfDae *dae, double t, double *g_rest)
{
  MfSystem *sys = dae->sys;
  guint n_rates = sys->n_x + sys->n_c;
  double h = 1e-7 * MAX (fabs (t), 1e-3);

  mf_system_particular_velocities (sys, t + h);
  state_and_constraints (dae, t + h, dae->z, dae->g_plus);
  /* an orifice closing at t + h (its area reaching 0) makes G infinite
   * there: the difference is taken backward instead */
  if (!all_finite (dae->g_plus, dae->q))
    {
      h = -h;
      mf_system_particular_velocities (sys, t + h);
      state_and_constraints (dae, t + h, dae->z, dae->g_plus);
    }
  mf_system_particular_velocities (sys, t);
  state_and_constraints (dae, t, dae->z, dae->g);
  constraint_jacobian (dae, t);
  for (guint i = 0; i < sys->n_x; i++)
    dae->rates[i] = sys->u[sys->model->position_branch[i]];
  mf_model_pressure_rates (sys->model, t, sys->u, dae->rates + sys->n_x);
  for (guint c = 0; c < dae->q; c++)
    {
      double sum = (dae->g_plus[c] - dae->g[c]) / h;

      for (guint j = 0; j < n_rates; j++)
        sum += AT (dae->gv, dae->q, c, dae->n_bar + j) * dae->rates[j];
      g_rest[c] = sum;
    }
}

/* v_a' = −G_a⁻¹ (G_i v_i' + G_rest) (24.24) put into the dynamics projected
 * on the range of M̄, Pᵀ M̄ v̄' = Pᵀ F̄ (24.25), gives v_i'.  G_a is
 * singular at zero flow (d(v|v|)/dv = 0): G_a⁻¹ is then the truncated SVD
 * outer inverse (24.43), so v_a' is the minimum-norm rate. */
static gboolean
rates (MfDae *dae, double *v_i_dot)
{
  MfSystem *sys = dae->sys;
  guint q = dae->q, n_i = dae->n_i, r = dae->r;

  for (guint a = 0; a < q; a++)
    for (guint c = 0; c < q; c++)
      AT (dae->ga, q, c, a) = AT (dae->gv, q, c, dae->algebraic[a]);
  for (guint j = 0; j < n_i; j++)
    for (guint c = 0; c < q; c++)
      AT (dae->x, q, c, j) = AT (dae->gv, q, c, dae->integrated[j]);
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
  MfSystem *sys = dae->sys;
  g_autofree double *unused = NULL;

  dae->t = t;
  dae->y = y;
  mf_system_particular_velocities (sys, t);
  if (!solve_algebraic (dae))
    return GSL_EBADFUNC;
  constraint_rate (dae, t, dae->g_plus);
  memcpy (dae->x + (gsize) dae->q * dae->n_i, dae->g_plus, dae->q * sizeof (double));
  if (!rates (dae, dydt))
    {
      g_set_error (&dae->error, MF_ERROR, MF_ERROR_SOLVER,
                   "the hidden constraints cannot be solved for the algebraic "
                   "states (∂G0/∂v_a is singular)");
      return GSL_EBADFUNC;
    }
  memcpy (dydt + dae->n_i, dae->rates, (sys->n_x + sys->n_c) * sizeof (double));
  return all_finite (dydt, dae->n_i + sys->n_x + sys->n_c) ? GSL_SUCCESS : GSL_EBADFUNC;
}

void
mf_dae_reduce (MfDae *dae, double t, const double *u, double *y)
{
  MfSystem *sys = dae->sys;
  guint n = dae->n_bar;

  /* w = αᵀ M (v − v_p); the massive part of v̄ is P Λ⁻¹ Pᵀ w, since M̄ P = P Λ */
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
  memcpy (y + dae->n_i, u + sys->n_v, (sys->n_x + sys->n_c) * sizeof (double));
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

GArray *
mf_dae_svd_times (const MfDae *dae)
{
  return dae->svd_times;
}

GError *
mf_dae_take_error (MfDae *dae)
{
  return g_steal_pointer (&dae->error);
}
