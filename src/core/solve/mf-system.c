/* mf-system.c: the reduced ODE of one mode (docs/model.md, "Each mode").
 *
 * α is kept as sparse rows: elimination leaves few nonzeros per dependent
 * velocity (often one or two), so v = α v̄ and αᵀF cost O(nnz) instead of
 * O(n_v n̄).  M̄ is constant in a mode: it is factored once by Cholesky.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-system.h"

#include <glib/gi18n.h>
#include <gsl/gsl_errno.h>
#include <lapacke.h>
#include <math.h>
#include <string.h>

#include "mf-error.h"
#include "mf-linearization.h"
#include "mf-dae.h"
#include "mf-system-private.h"

#define AT(a, rows, i, j) ((a)[(gsize) (j) * (rows) + (i)])

void
mf_system_free (MfSystem *sys)
{
  if (sys == NULL)
    return;
  mf_dae_free (sys->dae);
  mf_reduction_free (sys->red);
  mf_alpha_free (sys->alpha);
  mf_pivot_block_free (sys->w2);
  g_free (sys->u);
  g_free (sys->f);
  g_free (sys->q);
  g_free (sys->q_dot);
  g_free (sys->vp);
  g_free (sys->vp_dot);
  g_free (sys->rhs);
  g_free (sys->lambda);
  g_free (sys->dydt);
  g_free (sys->dydt2);
  g_free (sys->y2);
  g_free (sys->du);
  g_free (sys->source_work);
  g_free (sys->triplets);
  g_free (sys->jac);
  g_free (sys->jac_top);
  g_free (sys->vbar_dot);
  g_free (sys->v_dot);
  g_free (sys->stop_rows);
  g_free (sys->w_start);
  g_free (sys->w_row);
  g_free (sys->w_val);
  g_free (sys->mag);
  g_free (sys->row_sum);
  g_free (sys->row_size);
  g_free (sys->row_weight);
  g_clear_error (&sys->failure);
  g_free (sys);
}

/* Equations that do not determine every state (index 3 and up among them),
 * and flow sources with nowhere to go: said before the run starts. */
static gboolean
check_simulable (MfSystem *sys, GError **error)
{
  const MfModel *model = sys->model;
  const char *label = sys->red->label;

  if (sys->red->mass_singular
      && (sys->red->index < 1 || !sys->red->index_analysis->solvable))
    {
      if (sys->red->index < 1)
        g_set_error (error, MF_ERROR, MF_ERROR_STRUCTURE, "%s: %s", label,
                     _("the equations do not determine every state: some velocity has "
                       "neither mass nor a force that depends on it"));
      else
        g_set_error (error, MF_ERROR, MF_ERROR_STRUCTURE,
                     /* Translators: %s names the mode, with any valves whose state differs from it
                      * ("mode 'lift' with V1 open"); %d is the index */
                     _("%s: the equations have index %d: the hidden constraints of the massless "
                       "parts hold only positions or pressures whose rates do not fix the massless "
                       "velocities; give one of them a mass or a damping"), label,
                     sys->red->index);
      return FALSE;
    }
  for (guint s = 0; s < model->sources->len; s++)
    {
      const MfElement *e = &g_array_index (model->sources, MfElement, s);

      for (guint end = 0; end < 2; end++)
        {
          const MfNode *node = mf_model_node (model, e->node[end]);

          if (node->kind != MF_NODE_JUNCTION)
            continue;
          sys->has_sources = TRUE;
          if (mf_model_source_follows_state (e))
            sys->sources_follow_state = TRUE;
          /* at index 2 the hidden constraints' split into those on the
           * velocities and those on z is read once, from a structure that
           * v_p(z) would change */
          if (mf_model_source_follows_state (e) && sys->red->mass_singular
              && sys->red->index >= 2)
            {
              const MfComponent *c = g_ptr_array_index (model->circuit->components, e->component);

              g_set_error (error, MF_ERROR, MF_ERROR_STRUCTURE,
                           /* Translators: %s names the mode, with any valves whose state differs
                            * from it ("mode 'lift' with V1 open"); then the source's id and a
                            * node */
                           _("%s: the flow of '%s' follows the state and enters junction %s in "
                             "a mode of index 2, which this version does not solve; give the "
                             "junction a volume"),
                           label, c->id, node->name);
              return FALSE;
            }
          if (!sys->red->row_determined[node->row])
            {
              const MfComponent *c = g_ptr_array_index (model->circuit->components, e->component);

              g_set_error (error, MF_ERROR, MF_ERROR_STRUCTURE,
                           /* Translators: %s names the mode, with any valves whose state differs
                            * from it ("mode 'lift' with V1 open"); then the flow source's id and a
                            * node */
                           _("%s: flow source '%s' pumps into node %s, where the flow "
                             "cannot go anywhere (every other path is closed)"),
                           label, c->id, node->name);
              return FALSE;
            }
        }
    }
  return TRUE;
}

static void
allocate_workspaces (MfSystem *sys)
{
  guint n_full = sys->n_v + sys->n_x + sys->n_c;

  sys->u = g_new0 (double, MAX (n_full, 1));
  sys->f = g_new0 (double, MAX (sys->n_v, 1));
  sys->q = g_new0 (double, MAX (sys->model->n_junction_rows, 1));
  sys->q_dot = g_new0 (double, MAX (sys->model->n_junction_rows, 1));
  sys->vp = g_new0 (double, MAX (sys->n_v, 1));
  sys->vp_dot = g_new0 (double, MAX (sys->n_v, 1));
  sys->du = g_new0 (double, MAX (n_full, 1));
  sys->rhs = g_new0 (double, MAX (MAX (sys->n_bar, sys->rank), 1));
  sys->lambda = g_new0 (double, MAX (sys->red->n_rows, 1));
  sys->dydt = g_new0 (double, MAX (sys->n_y, 1));
  sys->dydt2 = g_new0 (double, MAX (sys->n_y, 1));
  sys->y2 = g_new0 (double, MAX (sys->n_y, 1));
  sys->triplets = g_new0 (MfTriplet, MAX (sys->model->n_triplets, 1));
  sys->vbar_dot = g_new0 (double, MAX (sys->n_bar, 1));
  sys->v_dot = g_new0 (double, MAX (sys->n_v, 1));
  sys->stop_rows = g_new0 (guint, MAX (sys->model->stop_outputs->len, 1));
  sys->mag = g_new0 (double, MAX (sys->n_v, 1));
  sys->row_sum = g_new0 (double, MAX (sys->red->n_rows, 1));
  sys->row_size = g_new0 (double, MAX (sys->red->n_rows, 1));
  sys->row_weight = g_new0 (double, MAX (sys->red->n_rows, 1));
}

/* W by columns, for the check: a branch touches at most two rows of
 * junctions and a few of links and closings, so walking it costs O(n_v)
 * where the dense matrix would cost O(rows · n_v). */
static void
compress_constraints (MfSystem *sys)
{
  MfSparse *by_columns = mf_sparse_transpose (sys->red->w);

  sys->w_start = g_steal_pointer (&by_columns->start);
  sys->w_row = g_steal_pointer (&by_columns->col);
  sys->w_val = g_steal_pointer (&by_columns->val);
  mf_sparse_free (by_columns);
}

MfSystem *
mf_system_new (MfModel *model, guint mode, GError **error)
{
  g_autofree gboolean *closed = mf_model_mode_closed (model, mode);

  return mf_system_new_for (model, mode, closed, error);
}

MfSystem *
mf_system_new_for (MfModel *model, guint mode, const gboolean *closed, GError **error)
{
  MfSystem *sys = g_new0 (MfSystem, 1);

  sys->model = model;
  sys->mode = mode;
  sys->red = mf_reduction_new_for (model, mode, closed);
  if (sys->red == NULL)
    {
      g_autofree char *label = mf_model_describe_valves (model, mode, closed);

      g_set_error (error, MF_ERROR, MF_ERROR_SOLVER,
                   /* Translators: %s names the mode, with any valves whose state differs from it
                    * ("mode 'lift' with V1 open") */
                   _("%s: LAPACK could not reduce the constraint matrix"), label);
      goto fail;
    }
  sys->n_v = mf_model_n_velocities (model);
  sys->n_x = mf_model_n_positions (model);
  sys->n_c = mf_model_n_pressures (model);
  sys->n_bar = mf_reduction_n_independent (sys->red);
  sys->n_y = sys->n_bar + sys->n_x + sys->n_c;
  sys->rank = sys->red->nullspace->rank;
  allocate_workspaces (sys);
  compress_constraints (sys);
  for (guint i = 0; i < model->stop_outputs->len; i++)
    sys->stop_rows[i] = mf_model_closing_row (model, closed,
                                              g_array_index (model->stop_outputs, guint, i));
  if (!check_simulable (sys, error))
    goto fail;
  sys->alpha = mf_alpha_copy (sys->red->nullspace->alpha);
  if (sys->red->mass_singular)
    {
      sys->dae = mf_dae_new (sys, error);
      if (sys->dae == NULL)
        goto fail;
      sys->n_y = mf_dae_dimension (sys->dae);
    }

  sys->chol = sys->dae == NULL ? sys->red->mass_factor : NULL;
  sys->w2 = mf_pivot_block_new (sys->red->w, sys->red->nullspace);
  if ((sys->dae == NULL && sys->chol == NULL && sys->n_bar > 0) || sys->w2 == NULL)
    {
      g_set_error (error, MF_ERROR, MF_ERROR_SOLVER,
                   /* Translators: %s names the mode, with any valves whose state differs from it
                    * ("mode 'lift' with V1 open") */
                   _("%s: the reduced mass matrix or the constraint matrix could not be "
                     "factored"), sys->red->label);
      goto fail;
    }
  return sys;

fail:
  mf_system_free (sys);
  return NULL;
}

MfModel *
mf_system_get_model (const MfSystem *sys)
{
  return sys->model;
}

const MfReduction *
mf_system_get_reduction (const MfSystem *sys)
{
  return sys->red;
}

guint
mf_system_get_mode (const MfSystem *sys)
{
  return sys->mode;
}

gsize
mf_system_dimension (const MfSystem *sys)
{
  return sys->n_y;
}

guint
mf_system_state (const MfSystem *sys, guint i)
{
  g_return_val_if_fail (i < sys->n_y, 0);

  if (sys->dae != NULL)
    return mf_dae_state (sys->dae, i);
  if (i < sys->n_bar)
    return sys->red->nullspace->independent[i];
  return sys->n_v + (i - sys->n_bar);
}

static void
solve_mass (const MfSystem *sys, double *b, guint n_rhs)
{
  if (sys->n_bar > 0)
    mf_mass_factor_solve (sys->chol, b, n_rhs);
}

/* u = [α v̄ + v_p; x; p_c] at (t, y), and v_p' for it: q_s may read the
 * positions and pressures, its rate the velocities too. */
static void
fill_full_state (MfSystem *sys, double t, const double *y)
{
  memcpy (sys->u + sys->n_v, y + sys->n_bar, (sys->n_x + sys->n_c) * sizeof (double));
  mf_system_particular_velocities (sys, t);
  mf_alpha_expand (sys->alpha, y, sys->vp, sys->u);
  mf_system_particular_rates (sys, t);
}

void
mf_system_reduced_forces (MfSystem *sys, double t, const double *y, double *out)
{
  fill_full_state (sys, t, y);
  mf_model_forces (sys->model, t, sys->u, sys->f);
  for (guint k = 0; sys->has_sources && k < sys->n_v; k++)
    if (sys->red->mass[k] != 0.0) /* v_p' may be infinite where a massless branch is */
      sys->f[k] -= sys->red->mass[k] * sys->vp_dot[k];
  mf_alpha_project (sys->alpha, sys->f, out);
  for (guint i = 0; i < sys->n_x; i++)
    out[sys->n_bar + i] = sys->u[sys->model->position_branch[i]];
  mf_model_pressure_rates (sys->model, t, sys->u, out + sys->n_bar + sys->n_x);
}

static int
evaluate_equations (MfSystem *sys, double t, const double *y, double *dydt)
{
  if (sys->dae != NULL)
    return mf_dae_evaluate (sys->dae, t, y, dydt);
  mf_system_reduced_forces (sys, t, y, dydt);
  solve_mass (sys, dydt, 1);
  for (guint i = 0; i < sys->n_y; i++)
    if (!isfinite (dydt[i]))
      return GSL_EBADFUNC;
  return GSL_SUCCESS;
}

/* Why the equations are not finite at t, when the circuit can say: an
 * orifice whose area is zero needs an infinite pressure drop for any flow.
 * An orifice or valve whose area falls to zero is closed by an event
 * first (mf-events.h); this still names a check valve's area, a negative
 * one, or one that dips to zero and back within a single step.  Only run
 * once an evaluation has failed. */
static GError *
diagnose_not_finite (const MfSystem *sys, double t)
{
  for (guint k = 0; k < sys->n_v; k++)
    {
      const MfBranch *b = mf_model_branch (sys->model, k);
      const MfComponent *c = g_ptr_array_index (sys->model->circuit->components, b->component);
      double area = b->opening != NULL ? mf_expr_eval_at (b->opening, t, sys->u)
                                       : b->opening_value;

      /* a closed one is held at v = 0 by its row: its law is not evaluated */
      if (b->kind == MF_BRANCH_ORIFICE && !(area > 0.0) && !sys->red->closed[b->component])
        return g_error_new (MF_ERROR, MF_ERROR_SOLVER,
                            /* Translators: the first %s is the component's type name
                             * ("orifice"), the second its id, %g its area */
                            _("%s '%s' has an area of %g m^2 while it is open, and the orifice "
                              "law needs an infinite pressure drop for any flow through it (its "
                              "area reached zero between the instants the closing events watch)"),
                            c->info->name, c->id, area);
    }
  return NULL;
}

static int
evaluate (MfSystem *sys, double t, const double *y, double *dydt)
{
  int status = evaluate_equations (sys, t, y, dydt);

  g_clear_error (&sys->failure);
  if (status == GSL_SUCCESS)
    return status;
  sys->failure = diagnose_not_finite (sys, t);
  if (sys->failure == NULL && sys->dae != NULL)
    sys->failure = mf_dae_take_error (sys->dae);
  return status;
}

int
mf_system_rhs (double t, const double y[], double dydt[], void *system)
{
  return evaluate (system, t, y, dydt);
}

/* With algebraic states every evaluation solves them by Newton: the
 * Jacobian is taken by differences of the right-hand side, each column a
 * warm-started solve. */
static int
dae_jacobian (MfSystem *sys, double t, const double *y, double *dfdy, double *dfdt)
{
  guint n = sys->n_y;
  int status;

  if ((status = evaluate (sys, t, y, sys->dydt)) != GSL_SUCCESS)
    return status;
  memcpy (sys->y2, y, n * sizeof (double));
  for (guint j = 0; j <= n; j++)
    {
      double h = 1e-7 * MAX (j < n ? fabs (y[j]) : fabs (t), 1e-3);

      if (j < n)
        sys->y2[j] = y[j] + h;
      status = evaluate (sys, j < n ? t : t + h, sys->y2, sys->dydt2);
      /* ∂f/∂t backward when an orifice closes within h (its area reaching
       * 0 makes f infinite beyond): a failed solve leaves the warm start */
      if (status != GSL_SUCCESS && j == n)
        {
          h = -h;
          status = evaluate (sys, t + h, sys->y2, sys->dydt2);
        }
      if (status != GSL_SUCCESS)
        return status;
      for (guint i = 0; i < n; i++)
        {
          double slope = (sys->dydt2[i] - sys->dydt[i]) / h;

          if (j < n)
            dfdy[i * n + j] = slope;
          else
            dfdt[i] = slope;
        }
      if (j < n)
        sys->y2[j] = y[j];
    }
  return GSL_SUCCESS;
}

int
mf_system_jacobian (double t, const double y[], double *dfdy, double dfdt[], void *system)
{
  MfSystem *sys = system;
  guint n = sys->n_y, nb = sys->n_bar;
  double h = 1e-7 * MAX (fabs (t), 1e-3);
  int status;

  if (sys->dae != NULL)
    return dae_jacobian (sys, t, y, dfdy, dfdt);
  if (sys->jac == NULL)
    {
      /* Only implicit methods ask; explicit runs never pay for this. */
      sys->jac = g_new0 (double, MAX ((gsize) n * n, 1));
      sys->jac_top = g_new0 (double, MAX ((gsize) nb * n, 1));
    }

  /* dfdt by a forward difference: inputs are piecewise smooth expressions;
   * backward when an orifice closes within h (its area reaching 0 makes f
   * infinite beyond) */
  memcpy (sys->y2, y, n * sizeof (double));
  if (evaluate (sys, t + h, sys->y2, sys->dydt2) != GSL_SUCCESS)
    h = -h;
  if ((h < 0 && (status = evaluate (sys, t + h, sys->y2, sys->dydt2)) != GSL_SUCCESS)
      || (status = evaluate (sys, t, y, sys->dydt)) != GSL_SUCCESS)
    return status;
  for (guint i = 0; i < n; i++)
    dfdt[i] = (sys->dydt2[i] - sys->dydt[i]) / h;

  /* evaluate() left u at (t, y); the top rows get M̄⁻¹ */
  mf_linearize (sys->model, sys->alpha, t, sys->u, sys->triplets, sys->jac);
  mf_system_source_jacobian (sys, t, sys->jac);
  for (guint j = 0; j < n; j++)
    memcpy (&AT (sys->jac_top, nb, 0, j), &AT (sys->jac, n, 0, j), nb * sizeof (double));
  solve_mass (sys, sys->jac_top, n);

  /* GSL wants row-major */
  for (guint i = 0; i < n; i++)
    for (guint j = 0; j < n; j++)
      {
        double value = i < nb ? AT (sys->jac_top, nb, i, j) : AT (sys->jac, n, i, j);

        if (!isfinite (value))
          {
            g_clear_error (&sys->failure);
            sys->failure = diagnose_not_finite (sys, t);
            return GSL_EBADFUNC;
          }
        dfdy[i * n + j] = value;
      }
  return GSL_SUCCESS;
}

void
mf_system_expand (MfSystem *sys, double t, const double *y, double *u)
{
  if (sys->dae != NULL)
    evaluate (sys, t, y, sys->dydt); /* solves the algebraic states */
  else
    fill_full_state (sys, t, y);
  memcpy (u, sys->u, (sys->n_v + sys->n_x + sys->n_c) * sizeof (double));
}

static double
kinetic_energy (const MfSystem *sys, const double *v)
{
  double e = 0.0;

  for (guint k = 0; k < sys->n_v; k++)
    e += 0.5 * sys->red->mass[k] * v[k] * v[k];
  return e;
}

double
mf_system_reduce (MfSystem *sys, double t, const double *u, double *y)
{
  double before = kinetic_energy (sys, u);

  if (sys->dae != NULL)
    {
      mf_dae_reduce (sys->dae, t, u, y);
      evaluate (sys, t, y, sys->dydt);
      return MAX (before - kinetic_energy (sys, sys->u), 0.0);
    }
  /* v̄ = M̄⁻¹ αᵀ M (v − v_p): the velocities nearest in kinetic energy that
   * meet the new constraints; momentum along allowed directions is kept.
   * The positions and pressures are kept as they are: v_p reads them. */
  memcpy (sys->u + sys->n_v, u + sys->n_v, (sys->n_x + sys->n_c) * sizeof (double));
  mf_system_particular_velocities (sys, t);
  for (guint k = 0; k < sys->n_v; k++)
    sys->f[k] = sys->red->mass[k] * (u[k] - sys->vp[k]);
  mf_alpha_project (sys->alpha, sys->f, y);
  solve_mass (sys, y, 1);
  memcpy (y + sys->n_bar, u + sys->n_v, (sys->n_x + sys->n_c) * sizeof (double));

  mf_alpha_expand (sys->alpha, y, sys->vp, sys->u);
  return MAX (before - kinetic_energy (sys, sys->u), 0.0);
}

/* The multipliers λ from the rows of the dependent states: W2ᵀ λ = (M v' − F)
 * on the dependent columns (docs/model.md, "Each mode"). */
int
mf_system_recover_multipliers (MfSystem *sys, double t, const double *y)
{
  int status = evaluate (sys, t, y, sys->dydt);

  memset (sys->lambda, 0, sys->red->n_rows * sizeof (double));
  if (status != GSL_SUCCESS)
    return status;
  mf_system_multipliers_of_point (sys);
  return GSL_SUCCESS;
}

void
mf_system_multipliers_of_point (MfSystem *sys)
{
  const MfNullspace *ns = sys->red->nullspace;
  guint r = sys->rank;

  /* evaluate() left u, F − M v_p' and v_p' for this (t, y): take F back,
   * since the residual M v' − F counts the prescribed inertia through v'. */
  for (guint k = 0; sys->has_sources && k < sys->n_v; k++)
    if (sys->red->mass[k] != 0.0)
      sys->f[k] += sys->red->mass[k] * sys->vp_dot[k];
  mf_alpha_expand (sys->alpha, sys->dae != NULL ? sys->vbar_dot : sys->dydt, sys->vp_dot,
                   sys->v_dot);
  for (guint i = 0; i < r; i++)
    {
      guint k = ns->dependent[i];

      /* a massless branch's v' may be infinite (a flow √t at t = 0) */
      sys->rhs[i] = (sys->red->mass[k] != 0.0 ? sys->red->mass[k] * sys->v_dot[k] : 0.0)
                    - sys->f[k];
    }
  mf_pivot_block_solve_transposed (sys->w2, sys->rhs);
  memset (sys->lambda, 0, sys->red->n_rows * sizeof (double));
  for (guint i = 0; i < r; i++)
    sys->lambda[ns->pivot_rows[i]] = sys->rhs[i];
}

static double
node_pressure (MfSystem *sys, guint node, double t)
{
  const MfNode *n = mf_model_node (sys->model, node);

  if (n->kind != MF_NODE_JUNCTION)
    return mf_model_known_pressure (sys->model, node, t, sys->u);
  return sys->red->row_determined[n->row] ? sys->lambda[n->row] : NAN;
}

/* The force end stop i exerts, positive when it pushes the piston back
 * into its stroke.  Its row's multiplier acts along the piston's velocity
 * (M v' = F + Wᵀλ), which points out of the stroke at its far end. */
static double
stop_force (const MfSystem *sys, guint i)
{
  const MfModel *model = sys->model;
  const MfBranch *b = mf_model_branch (model, g_array_index (model->stop_outputs, guint, i));
  double x;

  if (sys->stop_rows[i] == MF_NONE)
    return 0.0;
  x = sys->u[sys->n_v + b->position];
  return x < 0.5 * b->stroke ? sys->lambda[sys->stop_rows[i]] : -sys->lambda[sys->stop_rows[i]];
}

void
mf_system_outputs (MfSystem *sys, double t, const double *y, double *out)
{
  const MfModel *model = sys->model;
  guint n_full = sys->n_v + sys->n_x + sys->n_c, o = 0;

  if (mf_system_recover_multipliers (sys, t, y) == GSL_SUCCESS)
    mf_system_check_point (sys, t, TRUE, &sys->check);
  else
    sys->check = (MfCheck) { .residual = INFINITY, .site = MF_CHECK_EVALUATION };
  /* the state itself is in u */
  memcpy (out, sys->u, n_full * sizeof (double));
  o = n_full;
  for (guint k = 0; k < sys->n_v; k++)
    if (mf_model_branch (model, k)->kind != MF_BRANCH_MASS)
      out[o++] = mf_model_branch (model, k)->area * sys->u[k];
  for (guint i = 0; i < model->pressure_output_nodes->len; i++)
    out[o++] = node_pressure (sys, g_array_index (model->pressure_output_nodes, guint, i), t);
  for (guint i = 0; i < model->valve_outputs->len; i++)
    {
      const MfBranch *b = mf_model_branch (model, g_array_index (model->valve_outputs, guint, i));

      out[o++] = node_pressure (sys, b->node[0], t) - node_pressure (sys, b->node[1], t);
    }
  for (guint i = 0; i < model->stop_outputs->len; i++)
    out[o++] = stop_force (sys, i);
  for (guint i = 0; i < model->flow_outputs->len; i++)
    out[o++] = mf_model_source_flow (&g_array_index (model->sources, MfElement,
                                                     g_array_index (model->flow_outputs, guint, i)),
                                     t, sys->u, 0.0, NULL, NULL);
  for (guint i = 0; i < model->pump_outputs->len; i++)
    {
      const MfElement *e = &g_array_index (model->sources, MfElement,
                                           g_array_index (model->pump_outputs, guint, i));

      out[o++] = mf_model_source_flow (e, t, sys->u, 0.0, NULL, NULL);
      out[o++] = mf_model_pump_torque (model, e, t, sys->u, node_pressure (sys, e->node[0], t),
                                       node_pressure (sys, e->node[1], t));
    }
  /* the Newton Jacobian's singular values; there is none in an ODE mode */
  out[o++] = sys->dae != NULL ? mf_dae_last_report (sys->dae)->sigma_min : NAN;
  out[o++] = sys->dae != NULL ? mf_dae_last_report (sys->dae)->sigma_max : NAN;
  out[o++] = sys->check.residual;
}

const MfCheck *
mf_system_last_check (const MfSystem *sys)
{
  return &sys->check;
}

const double *
mf_system_last_state (const MfSystem *sys)
{
  return sys->u;
}

const char *
mf_system_last_failure (const MfSystem *sys)
{
  return sys->failure != NULL ? sys->failure->message : NULL;
}

void
mf_system_newton_totals (const MfSystem *sys, guint64 *iterations, guint64 *svd_steps)
{
  *iterations = sys->dae != NULL ? mf_dae_total_iterations (sys->dae) : 0;
  *svd_steps = sys->dae != NULL ? mf_dae_total_svd_steps (sys->dae) : 0;
}

gboolean
mf_system_is_closed (const MfSystem *sys, guint component)
{
  return sys->red->closed[component];
}
