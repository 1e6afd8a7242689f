/* mf-run-difference.c: run A minus run B.
 *
 * B's samples are searched by bisection for each of A's times
 * (mf_run_interpolate()), so the difference of runs of n and m samples
 * costs O(n log m) per quantity.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-run-difference.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

/* A quantity's column in A and in B. */
typedef struct
{
  guint a, b;
} Pair;

MfRunRecord *
mf_run_difference (MfRunRecord *a, MfRunRecord *b)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  g_autoptr (GPtrArray) units = g_ptr_array_new ();
  g_autoptr (GArray) pairs = g_array_new (FALSE, FALSE, sizeof (Pair));
  g_autofree char *label = NULL;
  g_autofree double *row = NULL;
  MfRunRecord *diff;
  guint n_a, n_b;
  const double *ta, *tb;

  g_return_val_if_fail (MF_IS_RUN_RECORD (a) && MF_IS_RUN_RECORD (b), NULL);

  /* Translators: a run made of two, the first minus the second:
   * "Run 3 − Run 1" */
  label = g_strdup_printf (_("%s − %s"), mf_run_record_get_label (a), mf_run_record_get_label (b));
  diff = mf_run_record_new (label);
  for (guint c = 0; c < mf_run_record_get_n_columns (a); c++)
    {
      const char *name = mf_run_record_get_column_name (a, c);
      int other = mf_run_record_find_column (b, name);

      if (other < 0 || strcmp (mf_run_record_get_column_unit (a, c),
                               mf_run_record_get_column_unit (b, (guint) other)) != 0)
        continue;
      g_ptr_array_add (names, (gpointer) name);
      g_ptr_array_add (units, (gpointer) mf_run_record_get_column_unit (a, c));
      {
        Pair pair = { c, (guint) other };

        g_array_append_val (pairs, pair);
      }
    }
  mf_run_record_begin_segment (diff, names->len, (const char *const *) names->pdata,
                               (const char *const *) units->pdata);
  n_a = mf_run_record_get_n_samples (a);
  n_b = mf_run_record_get_n_samples (b);
  ta = mf_run_record_get_times (a);
  tb = mf_run_record_get_times (b);
  row = g_new0 (double, MAX (names->len, 1));
  mf_run_record_reserve (diff, n_a);
  for (guint i = 0; i < n_a; i++)
    {
      for (guint k = 0; k < pairs->len; k++)
        {
          const Pair *pair = &g_array_index (pairs, Pair, k);

          row[k] = mf_run_record_get_column (a, pair->a)[i]
                   - mf_run_interpolate (tb, mf_run_record_get_column (b, pair->b), n_b, ta[i]);
        }
      mf_run_record_append (diff, ta[i], mf_run_record_get_modes (a)[i], row);
    }
  mf_run_record_set_outcome (diff, MF_SIM_STATUS_FINISHED, NULL);
  return diff;
}
