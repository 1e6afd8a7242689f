/* mf-incidence.c
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-incidence.h"

MfIncidence *
mf_incidence_new (void)
{
  MfIncidence *incidence = g_new0 (MfIncidence, 1);

  incidence->equation_names = g_ptr_array_new_with_free_func (g_free);
  incidence->unknown_names = g_ptr_array_new_with_free_func (g_free);
  incidence->integral = g_array_new (FALSE, FALSE, sizeof (guint));
  incidence->order = g_array_new (FALSE, FALSE, sizeof (guint));
  incidence->family = g_array_new (FALSE, FALSE, sizeof (guint));
  incidence->derivative = g_array_new (FALSE, FALSE, sizeof (guint));
  mf_entries_init (&incidence->entries);
  return incidence;
}

void
mf_incidence_free (MfIncidence *incidence)
{
  if (incidence == NULL)
    return;
  g_ptr_array_unref (incidence->equation_names);
  g_ptr_array_unref (incidence->unknown_names);
  g_array_unref (incidence->integral);
  g_array_unref (incidence->order);
  g_array_unref (incidence->family);
  g_array_unref (incidence->derivative);
  mf_sparse_free (incidence->matrix);
  mf_entries_clear (&incidence->entries);
  g_free (incidence);
}

guint
mf_incidence_add_unknown (MfIncidence *incidence, const char *name, guint integral)
{
  guint index = mf_incidence_n_unknowns (incidence);
  guint order = 0, family = index, none = MF_INCIDENCE_NONE;

  g_return_val_if_fail (incidence->matrix == NULL, MF_INCIDENCE_NONE);
  if (integral != MF_INCIDENCE_NONE)
    {
      g_return_val_if_fail (integral < index, MF_INCIDENCE_NONE);
      g_return_val_if_fail (g_array_index (incidence->derivative, guint, integral)
                              == MF_INCIDENCE_NONE, MF_INCIDENCE_NONE);
      order = g_array_index (incidence->order, guint, integral) + 1;
      family = g_array_index (incidence->family, guint, integral);
      g_array_index (incidence->derivative, guint, integral) = index;
    }
  g_ptr_array_add (incidence->unknown_names, g_strdup (name));
  g_array_append_val (incidence->integral, integral);
  g_array_append_val (incidence->order, order);
  g_array_append_val (incidence->family, family);
  g_array_append_val (incidence->derivative, none);
  return index;
}

guint
mf_incidence_add_equation (MfIncidence *incidence, const char *name)
{
  g_return_val_if_fail (incidence->matrix == NULL, MF_INCIDENCE_NONE);
  g_ptr_array_add (incidence->equation_names, g_strdup (name));
  return mf_incidence_n_equations (incidence) - 1;
}

void
mf_incidence_add_entry (MfIncidence *incidence, guint equation, guint unknown, double value)
{
  g_return_if_fail (incidence->matrix == NULL);
  g_return_if_fail (equation < mf_incidence_n_equations (incidence));
  g_return_if_fail (unknown < mf_incidence_n_unknowns (incidence));
  mf_entries_add (&incidence->entries, equation, unknown, value);
}

void
mf_incidence_finish (MfIncidence *incidence)
{
  g_return_if_fail (incidence->matrix == NULL);
  incidence->matrix = mf_entries_finish_pattern (&incidence->entries,
                                                 mf_incidence_n_equations (incidence),
                                                 mf_incidence_n_unknowns (incidence));
  mf_entries_clear (&incidence->entries);
}

char *
mf_incidence_derivative_name (const char *name, guint order)
{
  static const char *const primes[] = { "", "'", "''", "'''" };

  if (order < G_N_ELEMENTS (primes))
    return g_strconcat (name, primes[order], NULL);
  return g_strdup_printf ("%s^(%u)", name, order);
}
