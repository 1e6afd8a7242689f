/* mf-oracle-consistent.c: consistent states for the oracle's DAE, by a
 * Gauss–Newton iteration of its own, and the projection of the velocities
 * at a mode change.
 *
 * At a time t, with the differential states (massive velocities,
 * positions, compliant pressures) given, the unknowns are the massless
 * velocities, every velocity's rate v' and the multipliers λ; they satisfy
 *
 *   E1  M v' = F(v) + Wᵀλ    (every branch)
 *   E2  W v = q_s(t)         (every row)
 *   E3  W v' = q_s'(t)       (every row that holds a velocity)
 *
 * E3 is what fixes the pressure of a junction surrounded by pipes (the
 * index-2 multipliers); E1 and E2 fix the massless velocities and the
 * other multipliers.  The system need not be square (the split of v'
 * between parallel orifices is left open, and IDA does not need it), so
 * each step is the minimum-norm least-squares one, from a truncated SVD.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-oracle-private.h"

#include <math.h>
#include <string.h>

#include <gsl/gsl_linalg.h>

#include "mf-error.h"

void
or_lstsq (guint rows, guint cols, double *a, const double *b, double *x, double rcond)
{
  guint m = MAX (rows, cols);
  gsl_matrix *u = gsl_matrix_calloc (m, cols);
  gsl_matrix *v = gsl_matrix_alloc (cols, cols);
  gsl_vector *s = gsl_vector_alloc (cols);
  double smax;

  /* GSL's SVD wants at least as many rows as columns: zero rows pad it */
  for (guint i = 0; i < rows; i++)
    for (guint j = 0; j < cols; j++)
      gsl_matrix_set (u, i, j, a[i * cols + j]);
  gsl_linalg_SV_decomp_jacobi (u, v, s);
  smax = gsl_vector_get (s, 0);
  memset (x, 0, cols * sizeof (double));
  for (guint k = 0; k < cols; k++)
    {
      double sk = gsl_vector_get (s, k), c = 0.0;

      if (!(sk > rcond * smax))
        continue;
      for (guint i = 0; i < rows; i++)
        c += gsl_matrix_get (u, i, k) * b[i];
      for (guint j = 0; j < cols; j++)
        x[j] += gsl_matrix_get (v, j, k) * c / sk;
    }
  gsl_matrix_free (u);
  gsl_matrix_free (v);
  gsl_vector_free (s);
}

/* ---- the consistency equations ---- */

typedef struct
{
  MfOracle *o;
  double    t;
  guint     n_alg;     /* massless velocities */
  guint    *alg;       /* their branches */
  guint     n_u, n_g;  /* unknowns [v_alg; v'; λ], equations [E1; E2; E3] */
  double   *y, *yp;    /* the full vectors, the unknowns written into them */
  double   *row_scale, *col_scale;
  double   *dq;        /* q_s' per node */
} Consistent;

static guint
lambda_offset (const MfOracle *o)
{
  return o->n_v + o->n_x + o->n_p;
}

static void
put_unknowns (Consistent *c, const double *u)
{
  MfOracle *o = c->o;

  for (guint i = 0; i < c->n_alg; i++)
    c->y[c->alg[i]] = u[i];
  memcpy (c->yp, u + c->n_alg, o->n_v * sizeof (double));
  memcpy (c->y + lambda_offset (o), u + c->n_alg + o->n_v, o->n_rows * sizeof (double));
}

static void
get_unknowns (const Consistent *c, double *u)
{
  const MfOracle *o = c->o;

  for (guint i = 0; i < c->n_alg; i++)
    u[i] = c->y[c->alg[i]];
  memcpy (u + c->n_alg, c->yp, o->n_v * sizeof (double));
  memcpy (u + c->n_alg + o->n_v, c->y + lambda_offset (o), o->n_rows * sizeof (double));
}

static gboolean
holds_velocity (const MfOracle *o, guint row)
{
  const OrRow *rw = &g_array_index (o->rows, OrRow, row);

  return !(rw->kind == OR_ROW_SWITCH && !o->closed[rw->member]);
}

/* The scaled equations at the unknowns u; returns their largest. */
static double
equations (Consistent *c, const double *u, double *g)
{
  MfOracle *o = c->o;
  g_autofree double *r = g_new (double, o->n_y);
  guint il = lambda_offset (o);
  double worst = 0.0;

  put_unknowns (c, u);
  or_residual (o, c->t, c->y, c->yp, r);
  memcpy (g, r, o->n_v * sizeof (double));
  memcpy (g + o->n_v, r + il, o->n_rows * sizeof (double));
  for (guint row = 0; row < o->n_rows; row++)
    {
      const OrRow *rw = &g_array_index (o->rows, OrRow, row);
      double s = 0.0;

      if (holds_velocity (o, row))
        {
          for (guint k = 0; k < o->n_v; k++)
            s += o->w[row * o->n_v + k] * c->yp[k];
          if (rw->kind == OR_ROW_JUNCTION)
            s -= c->dq[rw->node];
        }
      g[o->n_v + o->n_rows + row] = s;
    }
  for (guint i = 0; i < c->n_g; i++)
    {
      g[i] /= c->row_scale[i];
      worst = MAX (worst, fabs (g[i]));
    }
  return worst;
}

/* ∂g/∂u, scaled on both sides.  An orifice at rest (or nearly) has slope
 * zero: when `laminar`, its slope is taken at its column's scale (1 m/s,
 * or less for a nearly shut orifice) instead, which makes
 * the step that of a laminar resistance — a guess from which Newton on
 * the exact law converges; otherwise it is (nearly) exact. */
static void
jacobian (Consistent *c, const double *u, gboolean laminar, double *jac)
{
  MfOracle *o = c->o;
  guint n = o->n_y, il = lambda_offset (o), nu = c->n_u;
  g_autofree double *jy = g_new (double, n * n);
  g_autofree double *jyp = g_new (double, n * n);
  g_autofree double *floors = g_new (double, o->n_v);

  put_unknowns (c, u);
  for (guint k = 0; k < o->n_v; k++)
    floors[k] = 1e-12;
  for (guint a = 0; a < c->n_alg; a++)
    if (laminar && fabs (c->y[c->alg[a]]) < 1e-3 * c->col_scale[a])
      floors[c->alg[a]] = c->col_scale[a];
  or_jacobian (o, c->t, c->y, floors, jy, jyp);
  memset (jac, 0, c->n_g * nu * sizeof (double));
  for (guint i = 0; i < o->n_v + o->n_rows; i++)
    {
      guint src = i < o->n_v ? i : il + (i - o->n_v);

      for (guint a = 0; a < c->n_alg; a++)
        jac[i * nu + a] = jy[src * n + c->alg[a]];
      for (guint k = 0; k < o->n_v; k++)
        jac[i * nu + c->n_alg + k] = jyp[src * n + k];
      for (guint row = 0; row < o->n_rows; row++)
        jac[i * nu + c->n_alg + o->n_v + row] = jy[src * n + il + row];
    }
  for (guint row = 0; row < o->n_rows; row++)
    if (holds_velocity (o, row))
      for (guint k = 0; k < o->n_v; k++)
        jac[(o->n_v + o->n_rows + row) * nu + c->n_alg + k] = o->w[row * o->n_v + k];
  for (guint i = 0; i < c->n_g; i++)
    for (guint j = 0; j < nu; j++)
      jac[i * nu + j] *= c->col_scale[j] / c->row_scale[i];
}

static double
row_weight (const MfOracle *o, guint row)
{
  double s = 0.0;

  for (guint k = 0; k < o->n_v; k++)
    s += fabs (o->w[row * o->n_v + k]);
  return s > 0.0 ? s : 1.0;
}

/* Forces are measured against the circuit's pressure on the branch's
 * area, flows against 1 m/s through the row's areas, rates against that
 * per t_end; the unknowns likewise. */
static void
set_scales (Consistent *c)
{
  MfOracle *o = c->o;
  double rate = 1.0 / o->circuit->simulation.t_end;

  for (guint k = 0; k < o->n_v; k++)
    {
      const OrBranch *b = &g_array_index (o->branches, OrBranch, k);
      double area = MAX (MAX (b->area[0], b->area[1]), 1e-4);

      c->row_scale[k] = o->p_scale * area;
    }
  for (guint row = 0; row < o->n_rows; row++)
    {
      c->row_scale[o->n_v + row] = holds_velocity (o, row) ? row_weight (o, row) : o->p_scale;
      c->row_scale[o->n_v + o->n_rows + row] = row_weight (o, row) * rate;
    }
  /* a massless velocity against 1 m/s, or against the velocity at which
   * its orifice takes the circuit's pressure when that is less: an
   * orifice opening from a_ε has a K of 1e17 */
  for (guint a = 0; a < c->n_alg; a++)
    {
      const OrBranch *b = &g_array_index (o->branches, OrBranch, c->alg[a]);
      double dk_ds;

      c->col_scale[a] = 1.0;
      if (b->kind == OR_BRANCH_ORIFICE)
        c->col_scale[a] = MIN (1.0, sqrt (o->p_scale * b->area[0]
                                          / or_orifice_resistance (b, c->t, c->y, &dk_ds)));
    }
  for (guint k = 0; k < o->n_v; k++)
    c->col_scale[c->n_alg + k] = rate;
  for (guint row = 0; row < o->n_rows; row++)
    c->col_scale[c->n_alg + o->n_v + row] = o->p_scale;
}

/* Damped Gauss–Newton on the scaled equations.  The first step, and any
 * step after one the line search could not use, treats orifices near
 * rest as laminar; the full laminar step is taken even if it does not
 * reduce the residual (it only serves as a start). */
static gboolean
newton (Consistent *c)
{
  guint nu = c->n_u, ng = c->n_g;
  g_autofree double *u = g_new (double, nu);
  g_autofree double *trial = g_new (double, nu);
  g_autofree double *step = g_new (double, nu);
  g_autofree double *g = g_new (double, ng);
  g_autofree double *jac = g_new (double, ng * nu);
  double norm;

  gboolean laminar = TRUE;

  get_unknowns (c, u);
  norm = equations (c, u, g);
  for (guint iter = 0; iter < 200 && norm > 1e-14; iter++)
    {
      double alpha = 1.0, trial_norm, size = 0.0;

      jacobian (c, u, laminar, jac);
      or_lstsq (ng, nu, jac, g, step, 1e-13);
      for (guint j = 0; j < nu; j++)
        size = MAX (size, fabs (step[j]));
      for (;;)
        {
          for (guint j = 0; j < nu; j++)
            trial[j] = u[j] - alpha * step[j] * c->col_scale[j];
          trial_norm = equations (c, trial, g);
          if (trial_norm < norm || alpha < 1e-10 || laminar)
            break;
          alpha /= 2.0;
        }
      if (alpha < 1e-10 && !laminar)
        {
          /* no descent with the exact slopes: rounding, when the equations
           * hold to far better than asked; else start again from a
           * laminar step */
          if (norm < 1e-11)
            break;
          laminar = TRUE;
          continue;
        }
      laminar = FALSE;
      memcpy (u, trial, nu * sizeof (double));
      norm = trial_norm;
      if (alpha * size < 1e-15)
        break;
    }
  put_unknowns (c, u);
  return norm < 1e-9;
}

/* x' = v and C p' = q_s − outflow, once the velocities are known. */
static void
finish_rates (MfOracle *o, double t, double *y, double *yp)
{
  g_autofree double *r = g_new (double, o->n_y);
  g_autofree double *zero = g_new0 (double, o->n_y);
  guint first = o->n_v, last = o->n_v + o->n_x + o->n_p;

  /* with y' = 0 the residual of these rows is minus their rate (times C) */
  memcpy (zero, yp, o->n_v * sizeof (double));
  or_residual (o, t, y, zero, r);
  for (guint i = first; i < last; i++)
    {
      double scale = 1.0;

      if (i >= o->n_v + o->n_x)
        for (guint n = 0; n < o->nodes->len; n++)
          {
            const OrNode *node = &g_array_index (o->nodes, OrNode, n);

            if (node->kind == OR_NODE_VOLUME && (guint) node->index == i - o->n_v - o->n_x)
              scale = or_node_capacitance (o, (int) n, y);
          }
      yp[i] = -r[i] / scale;
    }
  memset (yp + last, 0, o->n_rows * sizeof (double));
}

gboolean
or_consistent (MfOracle *o, double t, double *y, double *yp, GError **error)
{
  Consistent c = { o, t };
  gboolean ok;

  c.alg = g_new (guint, o->n_v);
  for (guint k = 0; k < o->n_v; k++)
    if (!or_is_differential (o, k))
      c.alg[c.n_alg++] = k;
  c.n_u = c.n_alg + o->n_v + o->n_rows;
  c.n_g = o->n_v + 2 * o->n_rows;
  c.y = y;
  c.yp = yp;
  c.row_scale = g_new (double, c.n_g);
  c.col_scale = g_new (double, c.n_u);
  c.dq = g_new (double, o->nodes->len);
  {
    g_autofree double *q = g_new (double, o->nodes->len);

    or_source_flows (o, t, q, c.dq);
  }
  set_scales (&c);
  ok = newton (&c);
  if (ok)
    finish_rates (o, t, y, yp);
  else
    g_set_error (error, MF_ERROR, MF_ERROR_SOLVER,
                 "oracle: no consistent state at t = %.17g s", t);
  g_free (c.alg);
  g_free (c.row_scale);
  g_free (c.col_scale);
  g_free (c.dq);
  return ok;
}

/* ---- the projection at a mode change ---- */

/* The velocities closest to v⁻ in kinetic energy, ½ (v − v⁻)ᵀ M (v − v⁻),
 * among those meeting the new rows: the stationary point of the
 * Lagrangian, [M Wᵀ; W 0] [v; μ] = [M v⁻; q_s].  Massless velocities are
 * free here (the consistency solve fixes them next). */
gboolean
or_project (MfOracle *o, double t, double *y, GError **error)
{
  guint nv = o->n_v, nr = o->n_rows, n = nv + nr;
  g_autofree double *a = g_new0 (double, n * n);
  g_autofree double *b = g_new0 (double, n);
  g_autofree double *x = g_new (double, n);
  g_autofree double *q = g_new (double, o->nodes->len);
  double m_ref = 0.0;

  (void) error;
  or_source_flows (o, t, q, NULL);
  for (guint k = 0; k < nv; k++)
    m_ref = MAX (m_ref, g_array_index (o->branches, OrBranch, k).mass);
  if (m_ref == 0.0)
    return TRUE;
  for (guint k = 0; k < nv; k++)
    {
      double m = g_array_index (o->branches, OrBranch, k).mass;

      a[k * n + k] = m / m_ref;
      b[k] = m * y[k] / m_ref;
      for (guint row = 0; row < nr; row++)
        a[k * n + nv + row] = o->w[row * nv + k];
    }
  for (guint row = 0; row < nr; row++)
    {
      const OrRow *rw = &g_array_index (o->rows, OrRow, row);
      double weight = row_weight (o, row);

      for (guint k = 0; k < nv; k++)
        a[(nv + row) * n + k] = o->w[row * nv + k] / weight;
      b[nv + row] = rw->kind == OR_ROW_JUNCTION ? q[rw->node] / weight : 0.0;
    }
  or_lstsq (n, n, a, b, x, 1e-13);
  /* the massless ones keep their values, a start for the consistency
   * solve that fixes them */
  for (guint k = 0; k < nv; k++)
    if (or_is_differential (o, k))
      y[k] = x[k];
  return TRUE;
}
