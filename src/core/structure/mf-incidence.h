/* mf-incidence.h: which unknowns each equation of a system involves — a
 * sparse bipartite graph of equations (rows) and unknowns (columns), the
 * input of the structural analysis (docs/model.md, "Structural analysis").
 *
 * An unknown may be the time derivative of another (P1.v' of P1.v): the
 * unknowns whose derivative also appears are the states, and Pantelides'
 * algorithm (mf-pantelides.h) reads these links.  Each entry keeps the
 * equation's derivative in the unknown at some point, its Jacobian entry:
 * the matching, the differentiations and the block triangular form read the
 * pattern alone; the choice of dummy derivatives and the check of the
 * system Jacobian read the values.
 *
 * Build one with mf_incidence_add_unknown(), mf_incidence_add_equation()
 * and mf_incidence_add_entry(), then mf_incidence_finish(): a circuit's
 * mode gets one from mf-mode-incidence.h, a test writes the pendulum's by
 * hand.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "mf-sparse.h"

G_BEGIN_DECLS

#define MF_INCIDENCE_NONE G_MAXUINT

typedef struct
{
  GPtrArray *equation_names; /* char* */
  GPtrArray *unknown_names;  /* char* */
  /* per unknown: the unknown it is the derivative of, or MF_INCIDENCE_NONE;
   * the first of such a chain is the family's root (order 0) */
  GArray    *integral;  /* guint */
  GArray    *order;     /* guint: 0 for a root, 1 for its derivative, ... */
  GArray    *family;    /* guint: the root of the chain */
  GArray    *derivative; /* guint: the unknown that is its derivative, or MF_INCIDENCE_NONE */
  /* equations × unknowns, the entries by rows; NULL until finished */
  MfSparse  *matrix;
  MfEntries  entries;
} MfIncidence;

MfIncidence *mf_incidence_new (void);
void         mf_incidence_free (MfIncidence *incidence);

/* A new unknown called `name`; `integral` is the unknown it is the time
 * derivative of (which must not have one yet), or MF_INCIDENCE_NONE.
 * Returns its index. */
guint        mf_incidence_add_unknown (MfIncidence *incidence,
                                       const char  *name,
                                       guint        integral);
guint        mf_incidence_add_equation (MfIncidence *incidence,
                                        const char  *name);
/* Equation `equation` involves `unknown`, with the derivative `value` at
 * the point the values describe — which may be 0 there (the pendulum's
 * 2y at y = 0) without leaving the pattern.  Entries at one place add up. */
void         mf_incidence_add_entry (MfIncidence *incidence,
                                     guint        equation,
                                     guint        unknown,
                                     double       value);
/* Builds the compressed rows; no entry may be added after. */
void         mf_incidence_finish (MfIncidence *incidence);

static inline guint
mf_incidence_n_equations (const MfIncidence *incidence)
{
  return incidence->equation_names->len;
}

static inline guint
mf_incidence_n_unknowns (const MfIncidence *incidence)
{
  return incidence->unknown_names->len;
}

static inline const char *
mf_incidence_equation_name (const MfIncidence *incidence, guint equation)
{
  return g_ptr_array_index (incidence->equation_names, equation);
}

static inline const char *
mf_incidence_unknown_name (const MfIncidence *incidence, guint unknown)
{
  return g_ptr_array_index (incidence->unknown_names, unknown);
}

/* `name` differentiated `order` times: "x", "x'", "x''", "x'''", then
 * "x^(4)", ...; equations are named the same way ("J1 continuity'"). */
char        *mf_incidence_derivative_name (const char *name,
                                           guint       order);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfIncidence, mf_incidence_free)

G_END_DECLS
