/* mf-linearization.c
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-linearization.h"

#include <math.h>
#include <string.h>

#include "mf-model-private.h"

#define AT(a, rows, i, j) ((a)[(gsize) (j) * (rows) + (i)])

/* αᵀ ∂F/∂y: an entry ∂F_k/∂u_c reaches the rows of α's row k, and, when u_c
 * is a velocity, the columns of α's row c; positions and pressures are
 * states of y themselves. */
static void
force_rows (const MfModel *model, const MfAlpha *alpha, const MfTriplet *entries, double *jac,
            guint n_y)
{
  guint n_v = alpha->n_v, n_bar = alpha->n_bar;

  for (guint i = 0; i < model->n_triplets; i++)
    {
      const MfTriplet *e = &entries[i];

      if (e->value == 0.0)
        continue;
      for (guint p = alpha->start[e->row]; p < alpha->start[e->row + 1]; p++)
        {
          double weight = alpha->val[p] * e->value;
          double *row = &AT (jac, n_y, alpha->col[p], 0);

          if (e->col < n_v)
            mf_alpha_add_row (alpha, e->col, weight, row, n_y);
          else
            row[(gsize) (n_bar + e->col - n_v) * n_y] += weight;
        }
    }
}

/* The Jacobian at the state `u` and time t from ∂F/∂u in `entries`. */
static void
linearize_entries (const MfModel   *model,
                   const MfAlpha   *alpha,
                   double           t,
                   const double    *u,
                   const MfTriplet *entries,
                   double          *jac)
{
  guint n_bar = alpha->n_bar, n_x = model->n_positions;
  guint n_y = n_bar + n_x + model->n_pressures;

  memset (jac, 0, (gsize) n_y * n_y * sizeof (double));
  force_rows (model, alpha, entries, jac, n_y);

  /* x' = v of the piston or mass: a row of α */
  for (guint i = 0; i < n_x; i++)
    mf_alpha_add_row (alpha, model->position_branch[i], 1.0, &AT (jac, n_y, n_bar + i, 0), n_y);

  /* C p_c' = −Σ coef v over the branch ends at the node */
  for (guint k = 0; k < alpha->n_v; k++)
    {
      const MfBranch *b = mf_model_branch (model, k);

      for (guint e = 0; e < 2; e++)
        {
          const MfNode *node = b->node[e] != MF_NONE ? mf_model_node (model, b->node[e]) : NULL;

          if (node != NULL && node->kind == MF_NODE_COMPLIANT)
            mf_alpha_add_row (alpha, k,
                              -b->coef[e] / mf_model_node_capacitance (model, b->node[e], u),
                              &AT (jac, n_y, n_bar + n_x + node->state, 0), n_y);
        }
    }

  /* C p_c' += ±flow(t, z) of a source whose values follow the positions
   * and pressures z (docs/model.md, "Feedback") */
  for (guint s = 0; s < model->sources->len; s++)
    {
      const MfElement *e = &g_array_index (model->sources, MfElement, s);

      for (guint end = 0; end < 2 && mf_model_source_follows_state (e); end++)
        {
          const MfNode *node = mf_model_node (model, e->node[end]);

          if (node->kind == MF_NODE_COMPLIANT)
            mf_model_source_add_gradient (model, e, t, u,
                                          (end == 0 ? -1.0 : 1.0)
                                            / mf_model_node_capacitance (model, e->node[end], u),
                                          &AT (jac, n_y, n_bar + n_x + node->state, n_bar), n_y);
        }
    }
}

void
mf_linearize (const MfModel *model,
              const MfAlpha *alpha,
              double         t,
              const double  *u,
              MfTriplet     *scratch,
              double        *jac)
{
  mf_model_force_jacobian (model, t, u, scratch);
  linearize_entries (model, alpha, t, u, scratch, jac);
}

/* The state at which the structure is read: every independent velocity
 * nonzero and different, so that no orifice sits at zero flow, where
 * d(v|v|)/dv = 0 would make the Jacobian singular by accident (a local
 * singularity, not the index of the circuit). */
static void
generic_state (const MfModel *model, const MfAlpha *alpha, double *u)
{
  g_autofree double *v_bar = g_new0 (double, MAX (alpha->n_bar, 1));

  memset (u, 0, mf_model_n_states (model) * sizeof (double));
  for (guint j = 0; j < alpha->n_bar; j++)
    v_bar[j] = 0.5 + 0.173 * j;
  mf_alpha_expand (alpha, v_bar, NULL, u);
}

/* An area that follows the state and is held at the closing threshold
 * there (mf_model_orifice_area()): its huge slope is no more structure
 * than an infinite one. */
static gboolean
held_shut (const MfModel *model, const MfBranch *b, double t, const double *u)
{
  return b->kind == MF_BRANCH_ORIFICE && b->opening != NULL && mf_expr_n_names (b->opening) > 0
         && !(mf_expr_eval_at (b->opening, t, u) > MF_MODEL_AREA_EPS * b->area);
}

void
mf_linearize_force_jacobian (const MfModel *model, const double *u, MfTriplet *entries)
{
  double t;

  for (t = 0.0; t <= 1.0; t += 1.0)
    {
      gboolean finite = TRUE;

      mf_model_force_jacobian (model, t, u, entries);
      for (guint i = 0; i < model->n_triplets; i++)
        finite = finite && isfinite (entries[i].value);
      if (finite)
        break;
    }
  t = MIN (t, 1.0);
  /* An orifice whose area is zero at both times has an infinite slope: the
   * paths of a directional valve's two sides are never open together.  Its
   * structure is that of any open orifice, so its generic slope is the one
   * at the area of its port (each velocity's first entry is its diagonal,
   * mf_model_force_jacobian()). */
  for (guint k = 0; k < model->branches->len; k++)
    {
      const MfBranch *b = mf_model_branch (model, k);

      if (b->kind == MF_BRANCH_ORIFICE
          && (!isfinite (entries[3 * k].value) || held_shut (model, b, t, u)))
        entries[3 * k].value = -2.0 * b->k_area / (b->area * b->area) * fabs (u[k]);
    }
  /* A value that names the state couples it whatever its slope here: a
   * clamp held at a bound has slope 0 at this one state, not in general. */
  mf_model_feedback_generic (model, t, u,
                             entries + model->n_triplets - mf_model_feedback_triplets (model));
}

double *
mf_linearize_generic (const MfModel *model, const MfAlpha *alpha)
{
  guint n_y = alpha->n_bar + mf_model_n_positions (model) + mf_model_n_pressures (model);
  g_autofree double *u = g_new0 (double, MAX (mf_model_n_states (model), 1));
  g_autofree MfTriplet *scratch = g_new0 (MfTriplet, MAX (model->n_triplets, 1));
  double *jac = g_new0 (double, MAX ((gsize) n_y * n_y, 1));

  generic_state (model, alpha, u);
  mf_linearize_force_jacobian (model, u, scratch);
  linearize_entries (model, alpha, 0.0, u, scratch, jac);
  return jac;
}
