/* mf-run-set.c
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-run-set.h"

void
mf_run_set_init (MfRunSet *set)
{
  set->current = NULL;
  set->overlaid = g_ptr_array_new_with_free_func (g_object_unref);
  set->style = MF_RUN_STYLE_COLOR_PER_QUANTITY;
}

void
mf_run_set_clear (MfRunSet *set)
{
  g_clear_object (&set->current);
  g_clear_pointer (&set->overlaid, g_ptr_array_unref);
}

/* Whether the set holds these runs already, in this order. */
static gboolean
holds (const MfRunSet *set, MfRunRecord *current, GPtrArray *overlaid)
{
  guint n = 0;

  if (current != set->current)
    return FALSE;
  for (guint i = 0; overlaid != NULL && i < overlaid->len; i++)
    {
      MfRunRecord *record = g_ptr_array_index (overlaid, i);

      if (record == current)
        continue;
      if (n >= set->overlaid->len || g_ptr_array_index (set->overlaid, n) != record)
        return FALSE;
      n++;
    }
  return n == set->overlaid->len;
}

gboolean
mf_run_set_assign (MfRunSet *set, MfRunRecord *current, GPtrArray *overlaid)
{
  g_return_val_if_fail (current == NULL || MF_IS_RUN_RECORD (current), FALSE);

  if (holds (set, current, overlaid))
    return FALSE;
  g_set_object (&set->current, current);
  g_ptr_array_set_size (set->overlaid, 0);
  for (guint i = 0; overlaid != NULL && i < overlaid->len; i++)
    {
      MfRunRecord *record = g_ptr_array_index (overlaid, i);

      g_return_val_if_fail (MF_IS_RUN_RECORD (record), TRUE);
      if (record != current && !g_ptr_array_find (set->overlaid, record, NULL))
        g_ptr_array_add (set->overlaid, g_object_ref (record));
    }
  return TRUE;
}

int
mf_run_set_place (const MfRunSet *set, MfRunRecord *record)
{
  guint i;

  if (record == NULL)
    return -1;
  if (record == set->current)
    return 0;
  if (g_ptr_array_find (set->overlaid, record, &i))
    return (int) i + 1;
  return -1;
}

MfPlotDash
mf_run_set_dash (const MfRunSet *set, MfRunRecord *record)
{
  int place = mf_run_set_place (set, record);

  if (place <= 0)
    return MF_PLOT_DASH_SOLID;
  /* the patterns after solid, the first overlaid run dashed as before */
  return (MfPlotDash) (1 + (place - 1) % (MF_PLOT_N_DASHES - 1));
}

MfPlotDash
mf_run_set_series_dash (const MfRunSet *set, MfRunRecord *record, guint quantity)
{
  if (set->style == MF_RUN_STYLE_COLOR_PER_RUN)
    return (MfPlotDash) (quantity % MF_PLOT_N_DASHES);
  return mf_run_set_dash (set, record);
}

guint
mf_run_set_series_color (const MfRunSet *set, MfRunRecord *record, guint quantity,
                         guint n_quantities)
{
  guint place = (guint) MAX (mf_run_set_place (set, record), 0);

  if (set->style == MF_RUN_STYLE_COLOR_PER_RUN)
    return place;
  return n_quantities == 1 ? quantity + place : quantity;
}
