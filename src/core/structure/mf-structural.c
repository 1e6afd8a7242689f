/* mf-structural.c
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-structural.h"

#include <glib/gi18n.h>

#include "mf-mode-incidence.h"

#define GET(array, i) g_array_index ((array), guint, (i))

void
mf_structural_free (MfStructural *s)
{
  if (s == NULL)
    return;
  mf_blt_free (s->blt);
  mf_dummy_derivatives_free (s->dummies);
  mf_sparse_free (s->jacobian);
  mf_pantelides_free (s->pantelides);
  mf_incidence_free (s->incidence);
  g_array_unref (s->undetermined);
  g_free (s);
}

/* The highest derivatives of the families in the under-determined part. */
static void
find_undetermined (MfStructural *s)
{
  const MfPantelides *p = s->pantelides;

  for (guint j = 0; j < p->n_unknowns; j++)
    if (GET (p->unknown_derivative, j) == MF_INCIDENCE_NONE
        && p->underdetermined[GET (p->unknown_family, j)])
      g_array_append_val (s->undetermined, j);
}

MfStructural *
mf_structural_new (MfIncidence *incidence, const guint *preference, guint n_preference)
{
  MfStructural *s = g_new0 (MfStructural, 1);

  s->incidence = incidence;
  s->pantelides = mf_pantelides_new (incidence);
  s->jacobian = mf_system_jacobian_new (s->pantelides);
  s->jacobian_rank = mf_system_jacobian_rank (s->pantelides, s->jacobian);
  s->dummies = mf_dummy_derivatives_new (s->pantelides, s->jacobian, preference, n_preference);
  s->blt = mf_blt_new (s->pantelides);
  s->undetermined = g_array_new (FALSE, FALSE, sizeof (guint));
  find_undetermined (s);
  return s;
}

MfStructural *
mf_structural_new_for_mode (const MfModel *model, const MfReduction *reduction)
{
  g_autofree guint *preference = NULL;
  guint n_preference;
  MfIncidence *incidence = mf_mode_incidence_new (model, reduction, &preference, &n_preference);

  return mf_structural_new (incidence, preference, n_preference);
}

/* One whole sentence per case, so that a translation need not join pieces. */
char *
mf_structural_compare (const MfStructural *s, int index_lagrange)
{
  int index = s->pantelides->structural_index;
  gboolean open_ends = s->pantelides->n_left_out > 0 || s->undetermined->len > 0;

  if (s->pantelides->failed)
    return g_strdup (_("Pantelides' algorithm did not end: the structure cannot be compared"));
  if (index_lagrange < 0 && open_ends)
    return g_strdup (_("both find that the equations do not determine every unknown: the "
                       "structure over-determines some and leaves others free"));
  if (index_lagrange < 0)
    return g_strdup (_("the numerical procedure finds that the equations do not determine "
                       "every state, which their structure does not show: the values make "
                       "equations dependent that the pattern keeps apart"));
  if (s->jacobian_rank == MF_JACOBIAN_SINGULAR && index == index_lagrange)
    return g_strdup (_("the structural index agrees with the numerical index of the "
                       "multiplier form, but by chance: the system Jacobian is singular at a "
                       "generic state although its pattern is not — a cancellation (junctions "
                       "joined only by massless branches, whose flows drop out of the sum of "
                       "their continuity equations, or equal areas) hides a constraint the "
                       "structure cannot see"));
  if (s->jacobian_rank == MF_JACOBIAN_SINGULAR)
    /* Translators: %d are the structural index and the numerical one */
    return g_strdup_printf (_("the structural index %d is not the index %d: the system "
                              "Jacobian is singular at a generic state although its pattern "
                              "is not — a cancellation (junctions joined only by massless "
                              "branches, whose flows drop out of the sum of their continuity "
                              "equations, or equal areas) hides a constraint the structure "
                              "cannot see"), index, index_lagrange);
  if (index == index_lagrange && open_ends)
    return g_strdup (_("the structural index agrees with the numerical index of the "
                       "multiplier form; both leave out the redundant equations and the "
                       "unknowns they do not determine"));
  if (index == index_lagrange)
    return g_strdup (_("the structural index agrees with the numerical index of the "
                       "multiplier form"));
  if (index > index_lagrange)
    /* Translators: %d are the structural index and the numerical one */
    return g_strdup_printf (_("the structural index %d is an upper bound: at the generic "
                              "state the values lower the index to %d, which the pattern "
                              "alone cannot see"), index, index_lagrange);
  /* Translators: %d are the structural index and the numerical one */
  return g_strdup_printf (_("the structural index %d is below the numerical %d although the "
                            "system Jacobian is regular: the numerical rounds' rank decisions "
                            "at the generic state differ from the structure's"),
                          index, index_lagrange);
}
