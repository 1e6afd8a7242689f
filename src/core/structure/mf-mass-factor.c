/* mf-mass-factor.c
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-mass-factor.h"

#include <cholmod.h>
#include <lapacke.h>
#include <string.h>

struct _MfMassFactor
{
  guint           n;
  guint           bandwidth; /* G_MAXUINT: CHOLMOD's factor */
  double         *band;      /* (bandwidth + 1) × n, LAPACK's lower band storage */
  cholmod_common  common;
  cholmod_factor *factor;
  /* cholmod_solve2's workspaces: [0] for one right-hand side, [1] for many */
  cholmod_dense  *x[2], *y[2], *e[2];
};

void
mf_mass_factor_free (MfMassFactor *f)
{
  if (f == NULL)
    return;
  g_free (f->band);
  if (f->bandwidth == G_MAXUINT)
    {
      for (guint i = 0; i < 2; i++)
        {
          cholmod_free_dense (&f->x[i], &f->common);
          cholmod_free_dense (&f->y[i], &f->common);
          cholmod_free_dense (&f->e[i], &f->common);
        }
      cholmod_free_factor (&f->factor, &f->common);
      cholmod_finish (&f->common);
    }
  g_free (f);
}

static guint
half_bandwidth (const MfSparse *m)
{
  guint kd = 0;

  for (guint i = 0; i < m->n_rows; i++)
    for (guint p = m->start[i]; p < m->start[i + 1]; p++)
      kd = MAX (kd, m->col[p] > i ? m->col[p] - i : i - m->col[p]);
  return kd;
}

static double
largest_diagonal (const MfSparse *m)
{
  double biggest = 0.0;

  for (guint i = 0; i < m->n_rows; i++)
    biggest = MAX (biggest, mf_sparse_get (m, i, i));
  return biggest;
}

static gboolean
factor_band (MfMassFactor *f, const MfSparse *m, double floor_)
{
  guint n = f->n, kd = f->bandwidth;

  f->band = g_new0 (double, (gsize) (kd + 1) * n);
  for (guint i = 0; i < n; i++)
    for (guint p = m->start[i]; p < m->start[i + 1]; p++)
      if (m->col[p] <= i) /* the lower triangle: row i, column j ≤ i */
        f->band[(gsize) m->col[p] * (kd + 1) + (i - m->col[p])] = m->val[p];
  if (LAPACKE_dpbtrf (LAPACK_COL_MAJOR, 'L', (lapack_int) n, (lapack_int) kd, f->band,
                      (lapack_int) (kd + 1)) != 0)
    return FALSE;
  for (guint j = 0; j < n; j++)
    if (!(f->band[(gsize) j * (kd + 1)] * f->band[(gsize) j * (kd + 1)] > floor_))
      return FALSE;
  return TRUE;
}

/* LDLᵀ, simplicial: D's entries are the pivots the tolerance is about. */
static gboolean
factor_cholmod (MfMassFactor *f, const MfSparse *m, double floor_)
{
  guint n = f->n, nnz = 0;
  cholmod_sparse *a;
  gboolean ok;

  cholmod_start (&f->common);
  f->common.print = 0;
  f->common.supernodal = CHOLMOD_SIMPLICIAL;
  f->common.final_ll = FALSE;
  for (guint i = 0; i < n; i++)
    for (guint p = m->start[i]; p < m->start[i + 1]; p++)
      nnz += m->col[p] >= i;
  /* the lower triangle by columns is the upper one by rows (m is symmetric) */
  a = cholmod_allocate_sparse (n, n, nnz, TRUE, TRUE, -1, CHOLMOD_REAL, &f->common);
  if (a == NULL)
    return FALSE;
  nnz = 0;
  for (guint j = 0; j < n; j++)
    {
      ((int *) a->p)[j] = (int) nnz;
      for (guint p = m->start[j]; p < m->start[j + 1]; p++)
        if (m->col[p] >= j)
          {
            ((int *) a->i)[nnz] = (int) m->col[p];
            ((double *) a->x)[nnz++] = m->val[p];
          }
    }
  ((int *) a->p)[n] = (int) nnz;
  f->factor = cholmod_analyze (a, &f->common);
  ok = f->factor != NULL && cholmod_factorize (a, f->factor, &f->common)
       && f->common.status == CHOLMOD_OK && f->factor->minor == n;
  cholmod_free_sparse (&a, &f->common);
  for (guint j = 0; ok && j < n; j++)
    ok = ((double *) f->factor->x)[((int *) f->factor->p)[j]] > floor_;
  return ok;
}

MfMassFactor *
mf_mass_factor_new (const MfSparse *m, double tolerance)
{
  g_autoptr (MfMassFactor) f = g_new0 (MfMassFactor, 1);
  double floor_ = tolerance * largest_diagonal (m);
  guint kd;

  g_return_val_if_fail (m->n_rows == m->n_cols, NULL);
  f->n = m->n_rows;
  if (f->n == 0)
    return g_steal_pointer (&f);
  kd = half_bandwidth (m);
  f->bandwidth = 4 * ((gsize) kd + 1) < f->n ? kd : G_MAXUINT;
  if (f->bandwidth != G_MAXUINT ? !factor_band (f, m, floor_) : !factor_cholmod (f, m, floor_))
    return NULL;
  return g_steal_pointer (&f);
}

void
mf_mass_factor_solve (MfMassFactor *f, double *b, guint n_rhs)
{
  guint w = n_rhs > 1;
  cholmod_dense rhs = { 0 };

  if (f->n == 0 || n_rhs == 0)
    return;
  if (f->bandwidth != G_MAXUINT)
    {
      LAPACKE_dpbtrs_work (LAPACK_COL_MAJOR, 'L', (lapack_int) f->n, (lapack_int) f->bandwidth,
                           (lapack_int) n_rhs, f->band, (lapack_int) f->bandwidth + 1, b,
                           (lapack_int) f->n);
      return;
    }
  rhs.nrow = f->n;
  rhs.ncol = n_rhs;
  rhs.nzmax = (size_t) f->n * n_rhs;
  rhs.d = f->n;
  rhs.x = b;
  rhs.xtype = CHOLMOD_REAL;
  rhs.dtype = CHOLMOD_DOUBLE;
  cholmod_solve2 (CHOLMOD_A, f->factor, &rhs, NULL, &f->x[w], NULL, &f->y[w], &f->e[w],
                  &f->common);
  memcpy (b, f->x[w]->x, (gsize) f->n * n_rhs * sizeof (double));
}

gboolean
mf_mass_factor_is_banded (const MfMassFactor *f, guint *bandwidth)
{
  if (bandwidth != NULL)
    *bandwidth = f->bandwidth;
  return f->bandwidth != G_MAXUINT;
}
