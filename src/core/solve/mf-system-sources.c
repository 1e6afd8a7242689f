/* mf-system-sources.c: the particular velocities v_p with W v_p = q_s and
 * their rate, and what a q_s that follows the state adds to the reduced
 * Jacobian (docs/model.md, "Each mode" and "Feedback").
 *
 * A flow source's flow or a pump's speed or fraction may name positions
 * and pressures z: q_s = q_s(t, z), so v_p = W₂⁻¹ q_s moves with z, and
 * v_p' = W₂⁻¹ q_s' with the total derivative
 *
 *   q_s' = ∂q_s/∂t + Σ_j ∂q_s/∂z_j z_j',
 *
 * z' = [x'; p_c'] read from the full state once v = α v̄ + v_p is known.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-system-private.h"

#include <math.h>
#include <string.h>

#define AT(a, rows, i, j) ((a)[(gsize) (j) * (rows) + (i)])

/* out = W₂⁻¹ q on the dependent velocities (the others untouched). */
static void
solve_dependent (MfSystem *sys, const double *q, double *out)
{
  const MfNullspace *ns = sys->red->nullspace;

  for (guint i = 0; i < sys->rank; i++)
    sys->rhs[i] = ns->pivot_rows[i] < sys->model->n_junction_rows ? q[ns->pivot_rows[i]] : 0.0;
  mf_pivot_block_solve (sys->w2, sys->rhs);
  for (guint i = 0; i < sys->rank; i++)
    out[ns->dependent[i]] = sys->rhs[i];
}

void
mf_system_particular_velocities (MfSystem *sys, double t)
{
  /* with no constraint row of rank, no velocity is prescribed */
  if (!sys->has_sources || sys->rank == 0)
    return;
  mf_model_source_flows (sys->model, t, sys->u, NULL, sys->q, sys->q_dot);
  solve_dependent (sys, sys->q, sys->vp);
  /* in t alone, q_dot is already the whole rate */
  if (!sys->sources_follow_state)
    solve_dependent (sys, sys->q_dot, sys->vp_dot);
}

/* z' = [x'; p_c'] at sys->u into du (indexed as u, its velocities 0). */
static void
state_rates (MfSystem *sys, double t, double *du)
{
  double *z_dot = du + sys->n_v;

  memset (du, 0, sys->n_v * sizeof (double));
  for (guint i = 0; i < sys->n_x; i++)
    z_dot[i] = sys->u[sys->model->position_branch[i]];
  mf_model_pressure_rates (sys->model, t, sys->u, z_dot + sys->n_x);
}

void
mf_system_particular_rates (MfSystem *sys, double t)
{
  if (!sys->has_sources || sys->rank == 0 || !sys->sources_follow_state)
    return;
  state_rates (sys, t, sys->du);
  mf_model_source_flows (sys->model, t, sys->u, sys->du, sys->q, sys->q_dot);
  solve_dependent (sys, sys->q_dot, sys->vp_dot);
}

/* ---- the Jacobian ------------------------------------------------------- */

/* The workspace of source_jacobian(), carved from one block. */
typedef struct
{
  double *dq;     /* n_rows × n_z: ∂q_s/∂z */
  double *w;      /* n_v: ∂v_p/∂z_j, then ∂v_p'/∂y_j */
  double *g;      /* n_v */
  double *gbar;   /* n̄ */
  double *column; /* n_rows: ∂q_s'/∂y_j */
  double *q2;     /* n_rows × 2: q_s, q_s' at a moved z */
  double *u2;     /* n_full */
} Work;

static Work
carve (MfSystem *sys)
{
  guint rows = MAX (sys->model->n_junction_rows, 1), n_z = sys->n_x + sys->n_c;
  guint n_full = sys->n_v + n_z;
  Work w;

  if (sys->source_work == NULL)
    sys->source_work = g_new0 (double, (gsize) rows * (n_z + 5) + 2 * sys->n_v + sys->n_bar
                                         + n_full + 1);
  w.dq = sys->source_work;
  w.w = w.dq + (gsize) rows * n_z;
  w.g = w.w + sys->n_v;
  w.gbar = w.g + sys->n_v;
  w.column = w.gbar + sys->n_bar;
  w.q2 = w.column + rows;
  w.u2 = w.q2 + 4 * rows;
  return w;
}

/* column += ∂f/∂u_v · w, for a change w of the velocities that leaves v̄
 * alone: αᵀ ∂F/∂u w on top, w at the positions' branches, −Σ coef w / C on
 * the pressures (the same terms as mf-linearization.c reads from a row of
 * α). */
static void
add_velocity_change (MfSystem *sys, const double *w, double *g, double *gbar, double *column)
{
  const MfModel *model = sys->model;

  memset (g, 0, sys->n_v * sizeof (double));
  for (guint i = 0; i < model->n_triplets; i++)
    {
      const MfTriplet *e = &sys->triplets[i];

      if (e->col < sys->n_v)
        g[e->row] += e->value * w[e->col];
    }
  mf_alpha_project (sys->alpha, g, gbar);
  for (guint i = 0; i < sys->n_bar; i++)
    column[i] += gbar[i];
  for (guint i = 0; i < sys->n_x; i++)
    column[sys->n_bar + i] += w[model->position_branch[i]];
  for (guint k = 0; k < sys->n_v; k++)
    {
      const MfBranch *b = mf_model_branch (model, k);

      for (guint e = 0; e < 2 && w[k] != 0.0; e++)
        {
          const MfNode *node = b->node[e] != MF_NONE ? mf_model_node (model, b->node[e]) : NULL;

          if (node != NULL && node->kind == MF_NODE_COMPLIANT)
            column[sys->n_bar + sys->n_x + node->state]
              -= b->coef[e] * w[k] / mf_model_node_capacitance (model, b->node[e], sys->u);
        }
    }
}

void
mf_system_source_jacobian (MfSystem *sys, double t, double *jac)
{
  const MfModel *model = sys->model;
  guint n_z = sys->n_x + sys->n_c, n_y = sys->n_bar + n_z, rows = model->n_junction_rows;
  guint n_full = sys->n_v + n_z;
  Work w;

  if (!sys->has_sources || sys->rank == 0 || !sys->sources_follow_state)
    return;
  w = carve (sys);

  /* ∂q_s/∂z: each source's gradient on the rows of its junction ends */
  memset (w.dq, 0, (gsize) rows * n_z * sizeof (double));
  for (guint s = 0; s < model->sources->len; s++)
    {
      const MfElement *e = &g_array_index (model->sources, MfElement, s);

      for (guint end = 0; end < 2; end++)
        {
          const MfNode *node = mf_model_node (model, e->node[end]);

          if (node->kind == MF_NODE_JUNCTION && mf_model_source_follows_state (e))
            mf_model_source_add_gradient (model, e, t, sys->u, end == 0 ? -1.0 : 1.0,
                                          &w.dq[node->row], rows);
        }
    }

  /* u's velocities hold v_p(z): column z_j gains ∂f/∂u_v · W₂⁻¹ ∂q_s/∂z_j */
  for (guint j = 0; j < n_z; j++)
    {
      memset (w.w, 0, sys->n_v * sizeof (double));
      solve_dependent (sys, &AT (w.dq, rows, 0, j), w.w);
      add_velocity_change (sys, w.w, w.g, w.gbar, &AT (jac, n_y, 0, sys->n_bar + j));
    }

  /* the top rows hold −αᵀ M v_p': ∂q_s'/∂y_j = Σ_i ∂q_s/∂z_i ∂z_i'/∂y_j (the
   * rows of z' are complete now) plus, for y_j = z_j, ∂q_s'/∂z_j at z' held,
   * a central difference of the exact directional derivative */
  state_rates (sys, t, sys->du);
  for (guint j = 0; j < n_y; j++)
    {
      for (guint r = 0; r < rows; r++)
        {
          double sum = 0.0;

          for (guint i = 0; i < n_z; i++)
            sum += AT (w.dq, rows, r, i) * AT (jac, n_y, sys->n_bar + i, j);
          w.column[r] = sum;
        }
      if (j >= sys->n_bar)
        {
          guint c = sys->n_v + (j - sys->n_bar);
          double z = sys->u[c];
          double h = 1e-6 * MAX (fabs (z), j - sys->n_bar < sys->n_x ? 1e-3 : 1e3);

          memcpy (w.u2, sys->u, n_full * sizeof (double));
          w.u2[c] = z + h;
          mf_model_source_flows (model, t, w.u2, sys->du, w.q2, w.q2 + rows);
          w.u2[c] = z - h;
          mf_model_source_flows (model, t, w.u2, sys->du, w.q2 + 2 * rows, w.q2 + 3 * rows);
          for (guint r = 0; r < rows; r++)
            w.column[r] += (w.q2[rows + r] - w.q2[3 * rows + r]) / (2.0 * h);
        }
      memset (w.w, 0, sys->n_v * sizeof (double));
      solve_dependent (sys, w.column, w.w);
      for (guint k = 0; k < sys->n_v; k++)
        w.g[k] = sys->red->mass[k] != 0.0 ? -sys->red->mass[k] * w.w[k] : 0.0;
      mf_alpha_project (sys->alpha, w.g, w.gbar);
      for (guint i = 0; i < sys->n_bar; i++)
        AT (jac, n_y, i, j) += w.gbar[i];
    }
}
