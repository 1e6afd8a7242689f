/* mf-oracle-lu.c: a dense direct linear solver for IDA that equilibrates
 * the iteration matrix before its LU factorisation.
 *
 * Junction pressures surrounded by pipes are index-2 multipliers: their
 * columns and rows in J = ∂F/∂y + (1/h) ∂F/∂y' are smaller than the pipe
 * rows by a factor of order h, so the matrix looks ill-conditioned like
 * 1/h², and partial pivoting alone loses the multipliers at the small
 * steps a kink or a restart asks for.  Scaling the rows, then the
 * columns, to unit largest entry removes that (it is the scaling of the
 * problem, not of the physics) before GSL's LU does the rest.
 *
 * With a refresh function, each solve first takes the matrix afresh at
 * the current iterate: Newton's method proper instead of IDA's chord.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-oracle-private.h"

#include <math.h>

#include <gsl/gsl_linalg.h>
#include <nvector/nvector_serial.h>
#include <sunmatrix/sunmatrix_dense.h>

typedef struct
{
  guint            n;
  OrRefreshFunc    refresh;
  gpointer         refresh_data;
  gsl_matrix      *lu;
  gsl_permutation *perm;
  gsl_vector      *rhs;
  double          *row, *col; /* the scales: J_scaled = diag(row) J diag(col) */
} Equilibrated;

static SUNLinearSolver_Type
eq_type (SUNLinearSolver s)
{
  (void) s;
  return SUNLINEARSOLVER_DIRECT;
}

static SUNLinearSolver_ID
eq_id (SUNLinearSolver s)
{
  (void) s;
  return SUNLINEARSOLVER_CUSTOM;
}

static void
find_scales (Equilibrated *eq, SUNMatrix a)
{
  for (guint i = 0; i < eq->n; i++)
    {
      double m = 0.0;

      for (guint j = 0; j < eq->n; j++)
        m = MAX (m, fabs (SM_ELEMENT_D (a, i, j)));
      eq->row[i] = m > 0.0 ? 1.0 / m : 1.0;
    }
  for (guint j = 0; j < eq->n; j++)
    {
      double m = 0.0;

      for (guint i = 0; i < eq->n; i++)
        m = MAX (m, fabs (eq->row[i] * SM_ELEMENT_D (a, i, j)));
      eq->col[j] = m > 0.0 ? 1.0 / m : 1.0;
    }
}

static int
eq_setup (SUNLinearSolver s, SUNMatrix a)
{
  Equilibrated *eq = s->content;
  int sign;

  find_scales (eq, a);
  for (guint i = 0; i < eq->n; i++)
    for (guint j = 0; j < eq->n; j++)
      gsl_matrix_set (eq->lu, i, j, eq->row[i] * SM_ELEMENT_D (a, i, j) * eq->col[j]);
  gsl_linalg_LU_decomp (eq->lu, eq->perm, &sign);
  for (guint i = 0; i < eq->n; i++)
    if (gsl_matrix_get (eq->lu, i, i) == 0.0)
      return SUNLS_LUFACT_FAIL; /* recoverable: IDA tries a smaller step */
  return SUNLS_SUCCESS;
}

static int
eq_solve (SUNLinearSolver s, SUNMatrix a, N_Vector x, N_Vector b, realtype tol)
{
  Equilibrated *eq = s->content;
  double *xd = N_VGetArrayPointer (x), *bd = N_VGetArrayPointer (b);

  (void) tol;
  if (eq->refresh != NULL)
    {
      int flag;

      eq->refresh (eq->refresh_data, a);
      flag = eq_setup (s, a);
      if (flag != SUNLS_SUCCESS)
        return flag;
    }
  for (guint i = 0; i < eq->n; i++)
    gsl_vector_set (eq->rhs, i, eq->row[i] * bd[i]);
  gsl_linalg_LU_svx (eq->lu, eq->perm, eq->rhs);
  for (guint j = 0; j < eq->n; j++)
    xd[j] = eq->col[j] * gsl_vector_get (eq->rhs, j);
  return SUNLS_SUCCESS;
}

static int
eq_free (SUNLinearSolver s)
{
  Equilibrated *eq = s->content;

  gsl_matrix_free (eq->lu);
  gsl_permutation_free (eq->perm);
  gsl_vector_free (eq->rhs);
  g_free (eq->row);
  g_free (eq->col);
  g_free (eq);
  s->content = NULL;
  SUNLinSolFreeEmpty (s);
  return SUNLS_SUCCESS;
}

SUNLinearSolver
or_equilibrated_solver (guint n, SUNContext ctx, OrRefreshFunc refresh, gpointer refresh_data)
{
  SUNLinearSolver s = SUNLinSolNewEmpty (ctx);
  Equilibrated *eq = g_new0 (Equilibrated, 1);

  eq->n = n;
  eq->refresh = refresh;
  eq->refresh_data = refresh_data;
  eq->lu = gsl_matrix_alloc (n, n);
  eq->perm = gsl_permutation_alloc (n);
  eq->rhs = gsl_vector_alloc (n);
  eq->row = g_new (double, n);
  eq->col = g_new (double, n);
  s->content = eq;
  s->ops->gettype = eq_type;
  s->ops->getid = eq_id;
  s->ops->setup = eq_setup;
  s->ops->solve = eq_solve;
  s->ops->free = eq_free;
  return s;
}
