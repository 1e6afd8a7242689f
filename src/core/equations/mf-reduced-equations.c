/* mf-reduced-equations.c: a mode reduced to its independent states,
 * written out (mf_equations_add_reduced() of mf-equations.h): v = α v̄ + v_p
 * row by row, and M̄ v̄' = αᵀ (F − M v_p') per independent state, with the
 * numbers of α and M̄ the reduction found.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <math.h>

#include "mf-equations-private.h"
#include "mf-model-private.h"

/* Entries smaller than this, relative to the largest of their row, are
 * what elimination leaves of a zero. */
#define NEGLIGIBLE 1e-12

static int
owner_of (const MfModel *model, guint velocity)
{
  return (int) mf_model_branch (model, velocity)->component;
}

/* "c·x" into `sum`, the sign of c in front: "x" for 1, "−x" for −1. */
static void
add_scaled (MfMath *sum, double c, MfMath *x)
{
  if (fabs (c) == 1.0)
    mf_math_sum_add (sum, c < 0, x);
  else
    mf_math_sum_add (sum, c < 0, mf_math_row (mf_math_number (fabs (c)), mf_math_text ("·"), x, NULL));
}

static MfMath *
velocity (const MfModel *model, guint k)
{
  return mf_math_name (mf_model_state_name (model, k));
}

/* v_p,k: the part of velocity k the flow sources impose. */
static MfMath *
particular (const MfModel *model, guint k)
{
  const MfComponent *c = component_at (model->circuit, mf_model_branch (model, k)->component);
  g_autofree char *sub = g_strdup_printf ("p,%s", c->id);

  return mf_math_row (mf_math_symbol ("v", sub), mf_math_text ("("), mf_math_symbol ("t", NULL),
                      mf_math_text (")"), NULL);
}

static double
largest_in_row (const MfAlpha *alpha, guint k)
{
  double largest = 0.0;

  for (guint e = alpha->start[k]; e < alpha->start[k + 1]; e++)
    largest = MAX (largest, fabs (alpha->val[e]));
  return largest;
}

/* Each dependent velocity, in the order of the states. */
static void
add_dependent (MfEquations *eq, const MfReduction *red, const gboolean *is_dependent,
               gboolean sources)
{
  const MfModel *model = eq->model;
  const MfNullspace *ns = red->nullspace;
  const MfAlpha *alpha = ns->alpha;

  for (guint k = 0; k < red->n_cols; k++)
    {
      MfMath *rhs;
      double largest;

      if (!is_dependent[k])
        continue;
      rhs = mf_math_row_new ();
      largest = largest_in_row (alpha, k);
      for (guint e = alpha->start[k]; e < alpha->start[k + 1]; e++)
        if (fabs (alpha->val[e]) > NEGLIGIBLE * largest)
          add_scaled (rhs, alpha->val[e], velocity (model, ns->independent[alpha->col[e]]));
      if (sources)
        mf_math_sum_add (rhs, FALSE, particular (model, k));
      mf_equations_append (eq, MF_EQUATION_DEPENDENT, owner_of (model, k), NULL,
                           velocity (model, k), mf_math_sum_finish (rhs));
    }
}

/* Row j of M̄ v̄' = αᵀ (F − M v_p'). */
static void
add_reduced_row (MfEquations *eq, const MfReduction *red, guint j, const gboolean *is_dependent,
                 gboolean sources)
{
  const MfModel *model = eq->model;
  const MfNullspace *ns = red->nullspace;
  const MfAlpha *alpha = ns->alpha;
  const MfSparse *mbar = red->mass_reduced;
  MfMath *lhs = mf_math_row_new ();
  MfMath *rhs = mf_math_row_new ();
  double largest = 0.0;

  for (guint e = mbar->start[j]; e < mbar->start[j + 1]; e++)
    largest = MAX (largest, fabs (mbar->val[e]));
  for (guint e = mbar->start[j]; e < mbar->start[j + 1]; e++)
    if (fabs (mbar->val[e]) > NEGLIGIBLE * largest)
      add_scaled (lhs, mbar->val[e],
                  mf_math_prime (velocity (model, ns->independent[mbar->col[e]])));
  /* column j of α: every velocity whose row holds j */
  for (guint k = 0; k < alpha->n_v; k++)
    for (guint e = alpha->start[k]; e < alpha->start[k + 1]; e++)
      {
        double a = alpha->val[e];

        if (alpha->col[e] != j || !(fabs (a) > NEGLIGIBLE * largest_in_row (alpha, k)))
          continue;
        add_scaled (rhs, a, mf_math_symbol ("F", mf_model_state_name (model, k)));
        if (sources && is_dependent[k] && red->mass[k] > 0.0)
          add_scaled (rhs, -a * red->mass[k], mf_math_prime (particular (model, k)));
      }
  mf_equations_append (eq, MF_EQUATION_REDUCED, owner_of (model, ns->independent[j]), NULL,
                       mf_math_sum_finish (lhs), mf_math_sum_finish (rhs));
}

void
mf_equations_add_reduced (MfEquations *eq, const MfReduction *red)
{
  const MfNullspace *ns;
  g_autofree gboolean *is_dependent = NULL;
  gboolean sources;

  g_return_if_fail (eq != NULL && red != NULL && red->nullspace != NULL
                    && red->mass_reduced != NULL);

  ns = red->nullspace;
  sources = eq->model->sources->len > 0;
  is_dependent = g_new0 (gboolean, red->n_cols);
  for (guint i = 0; i < ns->rank; i++)
    is_dependent[ns->dependent[i]] = TRUE;
  add_dependent (eq, red, is_dependent, sources);
  for (guint j = 0; j < mf_reduction_n_independent (red); j++)
    add_reduced_row (eq, red, j, is_dependent, sources);
  if (mf_reduction_n_independent (red) > 0)
    mf_equations_add_symbol (eq, mf_math_symbol ("F", "k"), -1,
                             mf_math_words (_("the right side of velocity k’s equation of motion, "
                                              "as a force, without the junction pressures and the "
                                              "forces that hold links and closed valves")));
  if (sources)
    mf_equations_add_symbol (eq, mf_math_symbol ("v", "p"), -1,
                             mf_math_words (_("the velocities the flow sources and pumps "
                                              "impose: W·v_p = q_s, their flows at the time "
                                              "(and at the state, where a flow names it), zero "
                                              "on the independent states")));
}
