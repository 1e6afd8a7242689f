/* mf-alpha.h: the null-space basis α kept as sparse rows.  Elimination
 * leaves a dependent velocity depending on a few independent ones, so
 * v = α v̄ and αᵀF cost O(nonzeros) instead of O(n_v n̄).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  guint   n_v;   /* rows: velocities */
  guint   n_bar; /* columns: independent states */
  guint  *start; /* n_v + 1: row k holds entries start[k] .. start[k+1]-1 */
  guint  *col;
  double *val;
} MfAlpha;

/* From α dense (n_v × n_bar, column-major). */
MfAlpha *mf_alpha_new (const double *dense,
                       guint         n_v,
                       guint         n_bar);
MfAlpha *mf_alpha_copy (const MfAlpha *alpha);
void     mf_alpha_free (MfAlpha *alpha);
/* α dense (n_v × n_bar, column-major, newly allocated): for small ones. */
double  *mf_alpha_to_dense (const MfAlpha *alpha);

/* v = α v̄ + base (base may be NULL).  In place is allowed: v == base. */
void     mf_alpha_expand (const MfAlpha *alpha,
                          const double  *v_bar,
                          const double  *base,
                          double        *v);
/* out = αᵀ x */
void     mf_alpha_project (const MfAlpha *alpha,
                           const double  *x,
                           double        *out);
/* row += factor × (row k of α), for a row laid out with stride `stride`. */
void     mf_alpha_add_row (const MfAlpha *alpha,
                           guint          k,
                           double         factor,
                           double        *row,
                           gsize          stride);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfAlpha, mf_alpha_free)

G_END_DECLS
