/* mf-newton.c: Newton's method with pivoted QR, an SVD outer inverse and a
 * signed-square escape, for the algebraic states (docs/model.md,
 * "Simulating index-1 circuits").
 *
 * The solver runs inside ODE right-hand sides, so a solve allocates nothing:
 * every buffer lives in MfNewton, and LAPACK is called through the
 * column-major LAPACKE_*_work entry points (which neither transpose nor check
 * for NaN, hence never allocate) with one workspace sized by queries in
 * mf_newton_new().
 *
 * Each iteration solves J Δ = −G in the least-squares, minimum-norm sense:
 * dgeqp3 gives the pivoted QR J E = Q R; if |R_ii| shows full rank,
 * Δ = E R⁻¹ Qᵀ(−G), otherwise the SVD J = U Σ Vᵀ truncated to the numerical
 * rank r gives the outer-inverse step Δ = −V_r Σ_r⁻¹ U_rᵀ G.  A backtracking
 * line search on ‖G‖₂ makes cold starts converge.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-newton.h"

#include <glib/gi18n.h>
#include <lapacke.h>
#include <math.h>
#include <string.h>

#include "mf-error.h"
#include "mf-finite.h"

#define AT(a, rows, i, j) ((a)[(gsize) (j) * (rows) + (i)])

#define DEFAULT_MAX_ITERATIONS 20
#define DEFAULT_TOLERANCE 1e-10
#define DEFAULT_RANK_TOLERANCE 1e-10

/* The line search tries λ = 1, 1/2, …, 1/1024. */
#define MAX_HALVINGS 10
/* Armijo's constant: accept λ when ‖G(z + λΔ)‖² ≤ ‖G‖² − c λ (predicted
 * decrease); small, so that any honest progress is taken. */
#define ARMIJO 1e-4
/* The Newton step goes first when its linear model at least halves ‖G‖₂,
 * i.e. predicts a decrease of ‖G‖² of 3/4 or more.  Below that, most of G
 * lies outside the range of J — at zero flow through an orifice J loses the
 * column of that flow — and the Newton step cannot reach a root. */
#define USEFUL_MODEL 0.75
/* A predicted decrease below this fraction of ‖G‖² is rounding noise (G is
 * scaled to terms of size 1, so it carries errors of a few ε), not progress:
 * such a direction is not tried, and when none is left the solve stalls. */
#define NOISE 1e-12
/* The escape probes again when its step is longer than this many probe
 * lengths (see compute_escape_step). */
#define PROBE_RATIO 10.0

struct _MfNewton
{
  guint       q;
  guint       max_iterations;
  double      tolerance;
  double      rank_tolerance;
  double     *typical;

  /* G and J at the current iterate and at a trial point; swapped, not
   * copied, when a trial is accepted.  Both are row-scaled by 1/scale. */
  double     *g;
  double     *jacobian;
  double     *g_trial;
  double     *jacobian_trial;
  double     *z_trial;

  double     *probe;   /* q × q: G(z + δ_j e_j) − G(z), column j */
  double     *g_probe; /* q */
  double     *probe_length; /* q: δ_j */

  double     *newton_step;
  double     *escape_step;
  double     *escape_w; /* the escape's unknowns w_j = Δ_j |Δ_j| / δ_j² */
  double     *model;    /* g + M δ, the linear model's residual */

  /* LAPACK's inputs and outputs */
  double     *factor; /* q × q copy of the matrix being factored */
  double     *tau;
  lapack_int *pivots;
  double     *rhs;
  double     *sigma;
  double     *u;  /* q × q */
  double     *vt; /* q × q */
  double     *work;
  lapack_int  lwork;
};

/* What a solve works on, bundled for the helpers. */
typedef struct
{
  MfNewtonFunc    func;
  gpointer        user_data;
  const double   *scale;
  MfNewtonReport *report;
} Problem;

static double
sum_of_squares (const double *v, guint n)
{
  double sum = 0.0;

  for (guint i = 0; i < n; i++)
    sum += v[i] * v[i];
  return sum;
}

static double
max_magnitude (const double *v, guint n)
{
  double biggest = 0.0;

  for (guint i = 0; i < n; i++)
    biggest = MAX (biggest, fabs (v[i]));
  return biggest;
}

/* Workspace the routines of a solve need, from LAPACK's own queries
 * (lwork = −1), so the blocked algorithms get their optimal size. */
static gboolean
size_workspace (MfNewton *self)
{
  lapack_int n = (lapack_int) self->q;
  double query;
  double biggest = 1.0;

  if (LAPACKE_dgeqp3_work (LAPACK_COL_MAJOR, n, n, self->factor, n, self->pivots, self->tau,
                           &query, -1) != 0)
    return FALSE;
  biggest = MAX (biggest, query);
  if (LAPACKE_dormqr_work (LAPACK_COL_MAJOR, 'L', 'T', n, 1, n, self->factor, n, self->tau,
                           self->rhs, n, &query, -1) != 0)
    return FALSE;
  biggest = MAX (biggest, query);
  if (LAPACKE_dgesvd_work (LAPACK_COL_MAJOR, 'S', 'S', n, n, self->factor, n, self->sigma,
                           self->u, n, self->vt, n, &query, -1) != 0)
    return FALSE;
  biggest = MAX (biggest, query);
  if (LAPACKE_dgesvd_work (LAPACK_COL_MAJOR, 'N', 'N', n, n, self->factor, n, self->sigma,
                           self->u, n, self->vt, n, &query, -1) != 0)
    return FALSE;
  biggest = MAX (biggest, query);

  self->lwork = (lapack_int) ceil (biggest);
  self->work = g_new0 (double, self->lwork);
  return TRUE;
}

MfNewton *
mf_newton_new (guint q)
{
  MfNewton *self;
  gsize qq = (gsize) q * q;

  g_return_val_if_fail (q > 0, NULL);

  self = g_new0 (MfNewton, 1);
  self->q = q;
  self->typical = g_new (double, q);
  self->g = g_new0 (double, q);
  self->jacobian = g_new0 (double, qq);
  self->g_trial = g_new0 (double, q);
  self->jacobian_trial = g_new0 (double, qq);
  self->z_trial = g_new0 (double, q);
  self->probe = g_new0 (double, qq);
  self->g_probe = g_new0 (double, q);
  self->probe_length = g_new0 (double, q);
  self->newton_step = g_new0 (double, q);
  self->escape_step = g_new0 (double, q);
  self->escape_w = g_new0 (double, q);
  self->model = g_new0 (double, q);
  self->factor = g_new0 (double, qq);
  self->tau = g_new0 (double, q);
  self->pivots = g_new0 (lapack_int, q);
  self->rhs = g_new0 (double, q);
  self->sigma = g_new0 (double, q);
  self->u = g_new0 (double, qq);
  self->vt = g_new0 (double, qq);
  mf_newton_set_limits (self, 0, 0.0, 0.0);
  mf_newton_set_typical (self, NULL);

  if (!size_workspace (self))
    {
      /* Only an invalid argument makes a query fail: a bug, not an input. */
      g_critical ("mf_newton_new: LAPACK rejected the workspace query for q = %u", q);
      mf_newton_free (self);
      return NULL;
    }
  return self;
}

void
mf_newton_free (MfNewton *self)
{
  if (self == NULL)
    return;
  g_free (self->typical);
  g_free (self->g);
  g_free (self->jacobian);
  g_free (self->g_trial);
  g_free (self->jacobian_trial);
  g_free (self->z_trial);
  g_free (self->probe);
  g_free (self->g_probe);
  g_free (self->probe_length);
  g_free (self->newton_step);
  g_free (self->escape_step);
  g_free (self->escape_w);
  g_free (self->model);
  g_free (self->factor);
  g_free (self->tau);
  g_free (self->pivots);
  g_free (self->rhs);
  g_free (self->sigma);
  g_free (self->u);
  g_free (self->vt);
  g_free (self->work);
  g_free (self);
}

guint
mf_newton_get_size (const MfNewton *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->q;
}

void
mf_newton_set_limits (MfNewton *self,
                      guint     max_iterations,
                      double    tolerance,
                      double    rank_tolerance)
{
  g_return_if_fail (self != NULL);
  self->max_iterations = max_iterations > 0 ? max_iterations : DEFAULT_MAX_ITERATIONS;
  self->tolerance = tolerance > 0.0 ? tolerance : DEFAULT_TOLERANCE;
  self->rank_tolerance = rank_tolerance > 0.0 ? rank_tolerance : DEFAULT_RANK_TOLERANCE;
}

void
mf_newton_set_typical (MfNewton *self, const double *typical)
{
  g_return_if_fail (self != NULL);
  for (guint j = 0; typical != NULL && j < self->q; j++)
    g_return_if_fail (typical[j] > 0.0 && isfinite (typical[j]));

  for (guint j = 0; j < self->q; j++)
    self->typical[j] = typical != NULL ? typical[j] : 1.0;
}

/* G (and J when asked) at z, row-scaled by 1/scale.  FALSE when the function
 * declines or returns anything non-finite. */
static gboolean
evaluate (MfNewton      *self,
          const Problem *problem,
          const double  *z,
          double        *g,
          double        *jacobian)
{
  guint q = self->q;

  problem->report->evaluations++;
  if (!problem->func (z, g, jacobian, problem->user_data))
    return FALSE;
  if (problem->scale != NULL)
    for (guint i = 0; i < q; i++)
      {
        g[i] /= problem->scale[i];
        if (jacobian != NULL)
          for (guint j = 0; j < q; j++)
            AT (jacobian, q, i, j) /= problem->scale[i];
      }
  return mf_all_finite (g, q) && (jacobian == NULL || mf_all_finite (jacobian, (gsize) q * q));
}

static gboolean
lapack_failed (GError **error, const char *routine, lapack_int info)
{
  /* Translators: %s is a LAPACK routine ("dgesvd"), %d its error code */
  g_set_error (error, MF_ERROR, MF_ERROR_SOLVER, _("Newton: LAPACK %s failed (info %d)"), routine,
               (int) info);
  return FALSE;
}

/* Number of leading singular values (descending) above tolerance · σ_1. */
static guint
count_rank (const double *values, guint n, double tolerance)
{
  guint rank = 0;
  double threshold = tolerance * fabs (values[0]);

  while (rank < n && fabs (values[rank]) > threshold)
    rank++;
  return rank;
}

/* δ = −V_r Σ_r⁻¹ U_rᵀ g, by the outer inverse of the truncated SVD: of all
 * least-squares solutions of M δ = −g, the one of least norm, so directions
 * M cannot see are left alone instead of being pushed to infinity. */
static gboolean
solve_by_svd (MfNewton *self, const double *m, const double *g, double *delta, GError **error)
{
  guint q = self->q, rank;
  lapack_int n = (lapack_int) q, info;

  memcpy (self->factor, m, (gsize) q * q * sizeof (double));
  info = LAPACKE_dgesvd_work (LAPACK_COL_MAJOR, 'S', 'S', n, n, self->factor, n, self->sigma,
                              self->u, n, self->vt, n, self->work, self->lwork);
  if (info != 0)
    return lapack_failed (error, "dgesvd", info);

  rank = count_rank (self->sigma, q, self->rank_tolerance);
  memset (delta, 0, q * sizeof (double));
  for (guint k = 0; k < rank; k++)
    {
      double coefficient = 0.0;

      for (guint i = 0; i < q; i++)
        coefficient -= AT (self->u, q, i, k) * g[i];
      coefficient /= self->sigma[k];
      for (guint j = 0; j < q; j++)
        delta[j] += coefficient * AT (self->vt, q, k, j);
    }
  return TRUE;
}

/* The minimum-norm least-squares solution δ of M δ = −g (M is q × q and is
 * not modified).  The pivoted QR is the cheap path and doubles as the rank
 * test; only when |R_ii| reveals a numerical rank below q does the SVD
 * run.  `used_svd` says which path was taken. */
static gboolean
solve_least_norm (MfNewton     *self,
                  const double *m,
                  const double *g,
                  double       *delta,
                  gboolean     *used_svd,
                  GError      **error)
{
  guint q = self->q;
  lapack_int n = (lapack_int) q, info;
  double threshold;
  guint rank = 0;

  memcpy (self->factor, m, (gsize) q * q * sizeof (double));
  /* Zero pivots leave every column free to be chosen. */
  memset (self->pivots, 0, q * sizeof (lapack_int));
  info = LAPACKE_dgeqp3_work (LAPACK_COL_MAJOR, n, n, self->factor, n, self->pivots, self->tau,
                              self->work, self->lwork);
  if (info != 0)
    return lapack_failed (error, "dgeqp3", info);

  threshold = self->rank_tolerance * fabs (AT (self->factor, q, 0, 0));
  while (rank < q && fabs (AT (self->factor, q, rank, rank)) > threshold)
    rank++;

  *used_svd = rank < q;
  if (*used_svd)
    return solve_by_svd (self, m, g, delta, error);

  for (guint i = 0; i < q; i++)
    self->rhs[i] = -g[i];
  info = LAPACKE_dormqr_work (LAPACK_COL_MAJOR, 'L', 'T', n, 1, n, self->factor, n, self->tau,
                              self->rhs, n, self->work, self->lwork);
  if (info != 0)
    return lapack_failed (error, "dormqr", info);
  info = LAPACKE_dtrtrs_work (LAPACK_COL_MAJOR, 'U', 'N', 'N', n, 1, self->factor, n, self->rhs,
                              n);
  if (info != 0)
    return lapack_failed (error, "dtrtrs", info);
  for (guint i = 0; i < q; i++)
    delta[self->pivots[i] - 1] = self->rhs[i];
  return TRUE;
}

/* ‖g‖² − ‖g + M δ‖²: how much a linear model with matrix M promises the full
 * step δ takes off the squared residual. */
static double
predicted_decrease (MfNewton *self, const double *m, const double *delta)
{
  guint q = self->q;

  for (guint i = 0; i < q; i++)
    {
      double sum = self->g[i];

      for (guint j = 0; j < q; j++)
        sum += AT (m, q, i, j) * delta[j];
      self->model[i] = sum;
    }
  return sum_of_squares (self->g, q) - sum_of_squares (self->model, q);
}

static void
swap_buffers (double **a, double **b)
{
  double *t = *a;

  *a = *b;
  *b = t;
}

/* Backtracking on ‖G‖₂ along `step`: the first λ = 2^−k that passes Armijo's
 * test becomes the new iterate, with its G and J.  A trial where G is not
 * defined or not finite counts as too long a step. */
static gboolean
line_search (MfNewton      *self,
             const Problem *problem,
             double        *z,
             const double  *step,
             double         predicted)
{
  guint q = self->q;
  double merit = sum_of_squares (self->g, q);
  double lambda = 1.0;

  for (guint k = 0; k <= MAX_HALVINGS; k++, lambda *= 0.5)
    {
      for (guint j = 0; j < q; j++)
        self->z_trial[j] = z[j] + lambda * step[j];
      if (evaluate (self, problem, self->z_trial, self->g_trial, self->jacobian_trial)
          && sum_of_squares (self->g_trial, q) <= merit - ARMIJO * lambda * predicted)
        {
          memcpy (z, self->z_trial, q * sizeof (double));
          swap_buffers (&self->g, &self->g_trial);
          swap_buffers (&self->jacobian, &self->jacobian_trial);
          return TRUE;
        }
    }
  return FALSE;
}

/* The escape when J ≈ 0 while ‖G‖ is large.  With the signed-square law
 * G = −K z|z| + c, J = −2K|z| vanishes at z = 0: the minimum-norm Newton step
 * is then 0, and ∇½‖G‖² = JᵀG = 0 as well, so no gradient-based cure helps —
 * Levenberg–Marquardt's (JᵀJ + μI)⁻¹ JᵀG is 0 too, and (J + μI)Δ = −G is a
 * residual step whose length depends on the arbitrary units of μ.  What is
 * known is the form of the equations, A (z|z|) + B z + C = 0: each z_j
 * enters through a signed square.  So probe one length δ_j along each axis,
 * p_j = G(z + δ_j e_j) − G(z), and take the model
 * G(z + Δ) ≈ G(z) + Σ_j p_j w_j with w_j = Δ_j |Δ_j| / δ_j²,
 * which is linear in w: solve P w = −G (minimum norm) and map back,
 * Δ_j = δ_j sign(w_j) √|w_j|.  At z = 0 with G = A(z|z|) + C the model is
 * exact, and δ_j cancels: the probe length (first the typical size of z_j,
 * then the predicted step) is only a unit, not a tuning knob.  Terms linear
 * in z make the model approximate; the line search and the Newton steps that
 * follow take care of that.  It costs q or 2q evaluations, and runs only when
 * the Newton step cannot help. */
static gboolean
probe_and_solve (MfNewton      *self,
                 const Problem *problem,
                 const double  *z,
                 GError       **error)
{
  guint q = self->q;
  gboolean used_svd;

  for (guint j = 0; j < q; j++)
    {
      memcpy (self->z_trial, z, q * sizeof (double));
      self->z_trial[j] += self->probe_length[j];
      /* A probe outside G's domain leaves that axis out of the model. */
      if (evaluate (self, problem, self->z_trial, self->g_probe, NULL))
        for (guint i = 0; i < q; i++)
          AT (self->probe, q, i, j) = self->g_probe[i] - self->g[i];
      else
        for (guint i = 0; i < q; i++)
          AT (self->probe, q, i, j) = 0.0;
    }
  if (!solve_least_norm (self, self->probe, self->g, self->escape_w, &used_svd, error))
    return FALSE;
  for (guint j = 0; j < q; j++)
    self->escape_step[j] = self->probe_length[j] * copysign (sqrt (fabs (self->escape_w[j])),
                                                             self->escape_w[j]);
  return TRUE;
}

static gboolean
compute_escape_step (MfNewton      *self,
                     const Problem *problem,
                     const double  *z,
                     double        *predicted,
                     GError       **error)
{
  guint q = self->q;
  gboolean again = FALSE;

  memcpy (self->probe_length, self->typical, q * sizeof (double));
  if (!probe_and_solve (self, problem, z, error))
    return FALSE;

  /* A probe much shorter than the step it predicts measured a change
   * G(z + δ e_j) − G(z) of relative size (δ/Δ)² next to G, and lost about
   * that fraction of its digits to cancellation: probe again at the
   * predicted length.  Too long a probe loses nothing. */
  for (guint j = 0; j < q; j++)
    if (fabs (self->escape_step[j]) > PROBE_RATIO * self->probe_length[j])
      {
        self->probe_length[j] = fabs (self->escape_step[j]);
        again = TRUE;
      }
  if (again && !probe_and_solve (self, problem, z, error))
    return FALSE;

  *predicted = predicted_decrease (self, self->probe, self->escape_w);
  return TRUE;
}

/* One accepted step from z, or FALSE with `error` set.  The Newton step goes
 * first when its linear model is useful; the escape when it is not, or when
 * the line search along it failed (a warm start a hair from zero flow, where
 * J is tiny and the step enormous); a weak Newton step last. */
static gboolean
take_step (MfNewton *self, const Problem *problem, double *z, GError **error)
{
  MfNewtonReport *report = problem->report;
  double merit = sum_of_squares (self->g, self->q);
  double newton_predicted, escape_predicted;
  gboolean newton_svd, newton_first;

  if (!solve_least_norm (self, self->jacobian, self->g, self->newton_step, &newton_svd, error))
    return FALSE;
  newton_predicted = predicted_decrease (self, self->jacobian, self->newton_step);
  newton_first = newton_predicted >= USEFUL_MODEL * merit;
  if (newton_first && line_search (self, problem, z, self->newton_step, newton_predicted))
    goto newton_taken;

  if (!compute_escape_step (self, problem, z, &escape_predicted, error))
    return FALSE;
  if (escape_predicted > NOISE * merit
      && line_search (self, problem, z, self->escape_step, escape_predicted))
    {
      report->escape_steps++;
      return TRUE;
    }

  /* A Newton step that promises little may still do better than nothing. */
  if (!newton_first && newton_predicted > NOISE * merit
      && line_search (self, problem, z, self->newton_step, newton_predicted))
    goto newton_taken;

  g_set_error (error, MF_ERROR, MF_ERROR_SOLVER,
               _("Newton stalled after %u iterations (residual %g): no step reduces the residual"),
               report->iterations, max_magnitude (self->g, self->q));
  return FALSE;

newton_taken:
  if (newton_svd)
    report->svd_steps++;
  return TRUE;
}

/* Rank and exact extreme singular values of J at the returned z.  A
 * values-only SVD costs about two QR factorisations, and runs once per solve
 * rather than per iteration; |R_ii| would only bracket σ (|R_qq| can
 * overestimate σ_min by a large factor), and σ_min goes to the CSV. */
static void
describe_jacobian (MfNewton *self, MfNewtonReport *report)
{
  guint q = self->q;
  lapack_int n = (lapack_int) q;

  report->rank = 0;
  report->sigma_min = report->sigma_max = NAN;
  memcpy (self->factor, self->jacobian, (gsize) q * q * sizeof (double));
  if (LAPACKE_dgesvd_work (LAPACK_COL_MAJOR, 'N', 'N', n, n, self->factor, n, self->sigma,
                           self->u, n, self->vt, n, self->work, self->lwork) != 0)
    return;
  report->rank = count_rank (self->sigma, q, self->rank_tolerance);
  report->sigma_max = self->sigma[0];
  report->sigma_min = self->sigma[q - 1];
}

static gboolean
check_scale (const double *scale, guint q, GError **error)
{
  if (scale == NULL)
    return TRUE;
  for (guint i = 0; i < q; i++)
    if (!(scale[i] > 0.0) || !isfinite (scale[i]))
      {
        g_set_error (error, MF_ERROR, MF_ERROR_USAGE,
                     _("Newton: the scale of equation %u is %g, not a positive number"), i + 1,
                     scale[i]);
        return FALSE;
      }
  return TRUE;
}

gboolean
mf_newton_solve (MfNewton       *self,
                 MfNewtonFunc    func,
                 gpointer        user_data,
                 double         *z,
                 const double   *scale,
                 MfNewtonReport *report,
                 GError        **error)
{
  MfNewtonReport unused;
  Problem problem = { func, user_data, scale, report != NULL ? report : &unused };

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (func != NULL, FALSE);
  g_return_val_if_fail (z != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  report = problem.report;
  *report = (MfNewtonReport) { .sigma_min = NAN, .sigma_max = NAN, .residual = NAN };
  if (!check_scale (scale, self->q, error))
    return FALSE;

  if (!evaluate (self, &problem, z, self->g, self->jacobian))
    {
      g_set_error_literal (error, MF_ERROR, MF_ERROR_SOLVER,
                           _("Newton: G or its Jacobian is not finite at the starting point"));
      return FALSE;
    }

  for (;;)
    {
      report->residual = max_magnitude (self->g, self->q);
      if (report->residual <= self->tolerance)
        {
          report->converged = TRUE;
          break;
        }
      if (report->iterations >= self->max_iterations)
        {
          g_set_error (error, MF_ERROR, MF_ERROR_SOLVER,
                       _("Newton did not converge in %u iterations (residual %g)"),
                       report->iterations, report->residual);
          break;
        }
      if (!take_step (self, &problem, z, error))
        break;
      report->iterations++;
    }

  describe_jacobian (self, report);
  return report->converged;
}
