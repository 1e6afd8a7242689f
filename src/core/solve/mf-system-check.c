/* mf-system-check.c: the self-check of a point of a run.
 *
 * Every row of the full equations is measured against the size of the
 * terms it balances, so that a residual of 1e-6 means "holds to a
 * millionth" whatever the units and the operating point:
 *
 *   law of a zero-mass branch k:  r_k = −F_k − (Wᵀλ)_k,
 *                     scale Σ|terms of F_k| + Σ_r |W_rk λ_r|;
 *   row r of W:       c_r = (W v)_r − q_r,  scale Σ_k |W_rk v_k| + |q_r|.
 *
 * No row is asked to hold better than rounding leaves of the largest
 * term of its kind (MF_CHECK_ROUNDING of it): an orifice near zero flow
 * beside a piston's kilonewtons balances millinewtons, and the pressures
 * recovered from the piston's row carry the piston's rounding.  The laws of the
 * dependent branches hold by construction (λ is solved from them); what
 * the check catches is an algebraic state that does not satisfy its law —
 * a Newton solve that stopped short or found no root — and a state that
 * left the constraints.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-system-check.h"

#include <glib/gi18n.h>
#include <gsl/gsl_errno.h>
#include <math.h>
#include <string.h>

#include "mf-system-private.h"

/* Rounding in the multipliers recovered by an LU solve, relative to the
 * forces they balance, stays well below this. */
#define MF_CHECK_FLOOR 1e-9
/* What rounding leaves of a sum of terms, relative to the largest term of
 * its kind: the double precision's 1e-16, times a hundred for the
 * conditioning of the multipliers' solve and the terms summed. */
#define MF_CHECK_ROUNDING 1e-14

double
mf_check_tolerance (double rtol)
{
  return MAX (rtol, MF_CHECK_FLOOR);
}

void
mf_system_set_check_tolerances (MfSystem *sys, double rtol, double atol)
{
  sys->check_tol = mf_check_tolerance (rtol);
  sys->check_atol = atol;
}

/* The scale below which a row misses by no more than rounding of the
 * largest term of its kind: residual = tolerance there. */
static double
rounding_floor (const MfSystem *sys, double largest)
{
  return sys->check_tol > 0.0 ? MF_CHECK_ROUNDING * largest / sys->check_tol : 0.0;
}

/* The scale below which a row measured in units of `size` (an area for a
 * law: a pressure of atol; a sum of |W| for continuity: a velocity of
 * atol) is met by definition: residual = tolerance there. */
static double
absolute_floor (const MfSystem *sys, double size)
{
  return sys->check_tol > 0.0 ? sys->check_atol * size / sys->check_tol : 0.0;
}

/* Keeps the worse of the check so far and row `index` of `site`, measured
 * against `scale` but at least `floor`.  A row that holds exactly holds;
 * NaN counts as the worst. */
static void
consider (MfCheck *check, MfCheckSite site, guint index, double value, double scale,
          double floor)
{
  double residual;

  if (value == 0.0)
    return;
  scale = MAX (scale, floor);
  residual = scale > 0.0 && isfinite (value) ? fabs (value) / scale : INFINITY;
  if (check->site == MF_CHECK_NONE || residual > check->residual)
    *check = (MfCheck) { residual, site, index, value, scale };
}

static void
check_continuity (MfSystem *sys, double t, MfCheck *check)
{
  const MfModel *model = sys->model;
  guint n_rows = sys->red->n_rows;
  double largest = 0.0;

  memset (sys->row_sum, 0, n_rows * sizeof (double));
  memset (sys->row_size, 0, n_rows * sizeof (double));
  double *weight = sys->row_weight;

  memset (weight, 0, n_rows * sizeof (double));
  for (guint k = 0; k < sys->n_v; k++)
    for (guint p = sys->w_start[k]; p < sys->w_start[k + 1]; p++)
      {
        double term = sys->w_val[p] * sys->u[k];

        sys->row_sum[sys->w_row[p]] += term;
        sys->row_size[sys->w_row[p]] += fabs (term);
        weight[sys->w_row[p]] += fabs (sys->w_val[p]);
      }
  if (sys->has_sources)
    {
      mf_model_source_flows (model, t, sys->u, NULL, sys->q, sys->q_dot);
      for (guint r = 0; r < model->n_junction_rows && r < n_rows; r++)
        {
          sys->row_sum[r] -= sys->q[r];
          sys->row_size[r] += fabs (sys->q[r]);
        }
    }
  for (guint r = 0; r < n_rows; r++)
    largest = MAX (largest, sys->row_size[r]);
  for (guint r = 0; r < n_rows; r++)
    consider (check, MF_CHECK_CONTINUITY, r, sys->row_sum[r], sys->row_size[r],
              MAX (rounding_floor (sys, largest), absolute_floor (sys, weight[r])));
}

/* The residual of branch k's law into *value, the size of its terms into
 * *scale.  Needs what mf_system_recover_multipliers() left: u, F, v', λ and
 * the magnitudes of F's terms in sys->mag. */
static void
law_residual (const MfSystem *sys, guint k, double *value, double *scale)
{
  double mass = sys->red->mass[k];
  /* a massless branch's v' may be infinite (a flow √t at t = 0) */
  double inertia = mass != 0.0 ? mass * sys->v_dot[k] : 0.0;

  *value = inertia - sys->f[k];
  *scale = fabs (inertia) + sys->mag[k];
  for (guint p = sys->w_start[k]; p < sys->w_start[k + 1]; p++)
    {
      double term = sys->w_val[p] * sys->lambda[sys->w_row[p]];

      *value -= term;
      *scale += fabs (term);
    }
}

/* The laws of the zero-mass branches: the ones an algebraic solve must
 * meet.  A massive branch's law holds by construction, to rounding that
 * the conditioning of M̄ and W scales: checking it would only measure
 * that. */
static void
check_laws (MfSystem *sys, double t, MfCheck *check)
{
  double largest = 0.0, value, scale;

  mf_model_force_magnitudes (sys->model, t, sys->u, sys->mag);
  for (guint k = 0; k < sys->n_v; k++)
    {
      law_residual (sys, k, &value, &scale);
      largest = MAX (largest, scale);
    }
  for (guint k = 0; k < sys->n_v; k++)
    if (sys->red->mass[k] == 0.0)
      {
        law_residual (sys, k, &value, &scale);
        consider (check, MF_CHECK_LAW, k, value, scale,
                  MAX (rounding_floor (sys, largest),
                       absolute_floor (sys, mf_model_branch (sys->model, k)->area)));
      }
}

void
mf_system_check_point (MfSystem *sys, double t, gboolean laws, MfCheck *check)
{
  *check = (MfCheck) { .residual = 0.0, .site = MF_CHECK_NONE };
  if (laws)
    check_laws (sys, t, check);
  check_continuity (sys, t, check);
}

void
mf_system_check (MfSystem *sys, double t, const double *y, MfCheck *check)
{
  if (sys->dae == NULL)
    {
      mf_system_expand (sys, t, y, sys->u);
      mf_system_check_point (sys, t, FALSE, check);
      return;
    }
  if (mf_system_recover_multipliers (sys, t, y) != GSL_SUCCESS)
    {
      *check = (MfCheck) { .residual = INFINITY, .site = MF_CHECK_EVALUATION };
      return;
    }
  mf_system_check_point (sys, t, TRUE, check);
}

char *
mf_system_check_describe (const MfSystem *sys, const MfCheck *check)
{
  const MfModel *model = sys->model;

  switch (check->site)
    {
    case MF_CHECK_LAW:
      {
        const MfBranch *b = mf_model_branch (model, check->index);
        const MfComponent *c = component_at (model->circuit, b->component);
        g_autofree char *kind = mf_component_type_kind (c->info);

        /* Translators: the first %s is the component's type ("orifice"), the second its id;
         * then the relative residual, the residual and the size of the forces, in newtons */
        return g_strdup_printf (_("the law of %s '%s' does not hold: it misses by %.3g of the "
                                  "forces it balances (%.3g N of %.3g N)"),
                                kind, c->id, check->residual, check->value, check->scale);
      }
    case MF_CHECK_CONTINUITY:
      /* Translators: %s is a row of W ("J1", "V1 closed"); then the relative residual, the
       * residual and the size of the flows, in m^3/s or m/s */
      return g_strdup_printf (_("the constraint '%s' does not hold: it misses by %.3g of the "
                                "flows it balances (%.3g of %.3g)"),
                              sys->red->row_names[check->index], check->residual, check->value,
                              check->scale);
    case MF_CHECK_EVALUATION:
      {
        const char *why = mf_system_last_failure (sys);

        return g_strdup (why != NULL ? why : _("the equations could not be evaluated"));
      }
    case MF_CHECK_NONE:
    default:
      return g_strdup (_("every equation holds"));
    }
}
