/* mf-run-record-write.c: a run record to a file, CSV, MAT or HDF5 by the
 * file's name, through the core's writer (mf-results.h), so that it equals
 * `manifold-cli simulate -o` in the columns both have.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-run-record.h"

#include <glib/gi18n.h>
#include <math.h>

#include "mf-error.h"
#include "mf-event-words.h"
#include "mf-output-file.h"
#include "mf-results.h"

/* The record's columns that `names` asks for, in its order; FALSE for a
 * name the record lacks. */
static gboolean
choose_columns (MfRunRecord *self, const char *const *names, GArray *chosen, GError **error)
{
  if (names == NULL)
    {
      for (guint c = 0; c < mf_run_record_get_n_columns (self); c++)
        g_array_append_val (chosen, c);
      return TRUE;
    }
  for (guint i = 0; names[i] != NULL; i++)
    {
      int c = mf_run_record_find_column (self, names[i]);

      if (c < 0)
        {
          g_set_error (error, MF_ERROR, MF_ERROR_USAGE, _("run '%s' has no quantity named '%s'"),
                       mf_run_record_get_label (self), names[i]);
          return FALSE;
        }
      g_array_append_val (chosen, c);
    }
  return TRUE;
}

/* The log's rows as the --events file has them: a run of SVD fallbacks is
 * one row of "newton". */
static void
add_events (MfRunRecord *self, MfResultsWriter *writer)
{
  for (guint i = 0; i < mf_run_record_get_n_log (self); i++)
    {
      const MfSimLogEntry *entry = mf_run_record_get_log (self, i);
      g_autofree char *from = NULL;
      g_autofree char *to = NULL;

      if (entry->kind == MF_SIM_LOG_EVENT)
        mf_results_writer_add_event (writer, entry->t, entry->component, entry->from, entry->to);
      else
        {
          mf_event_fallback_row (entry->states, entry->steps, entry->t, entry->t_last, &from,
                                 &to);
          mf_results_writer_add_event (writer, entry->t, "newton", from, to);
        }
    }
}

static gboolean
write_rows (MfRunRecord *self, GArray *chosen, MfResultsWriter *writer, GError **error)
{
  guint n = chosen->len;
  guint n_samples = mf_run_record_get_n_samples (self);
  const double *times = mf_run_record_get_times (self);
  const guint *modes = mf_run_record_get_modes (self);
  g_autofree const char **names = g_new0 (const char *, n + 1);
  g_autofree const char **units = g_new0 (const char *, n + 1);
  g_autofree const double **columns = g_new0 (const double *, n + 1);
  g_autofree double *row = g_new0 (double, n + 1);

  for (guint i = 0; i < n; i++)
    {
      guint c = g_array_index (chosen, guint, i);

      names[i] = mf_run_record_get_column_name (self, c);
      units[i] = mf_run_record_get_column_unit (self, c);
      columns[i] = mf_run_record_get_column (self, c);
    }
  if (!mf_results_writer_begin (writer, n, names, units, error))
    return FALSE;
  for (guint s = 0; s < n_samples; s++)
    {
      for (guint i = 0; i < n; i++)
        row[i] = columns[i][s];
      if (!mf_results_writer_add (writer, times[s], modes[s], row, error))
        return FALSE;
    }
  add_events (self, writer);
  return mf_results_writer_close (writer, error);
}

gboolean
mf_run_record_write_data (MfRunRecord       *self,
                          const char *const *columns,
                          GFile             *file,
                          GError           **error)
{
  g_autoptr (GArray) chosen = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (MfOutputFile) out = NULL;
  g_autoptr (MfResultsWriter) writer = NULL;
  g_autofree char *name = NULL;
  MfResultsInfo info = {
    .producer = "Manifold " MF_VERSION,
    .method = mf_run_record_get_method (self),
    .rtol = NAN,
    .atol = NAN,
    .t_end = NAN,
  };
  MfResultsFormat format;

  g_return_val_if_fail (MF_IS_RUN_RECORD (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!choose_columns (self, columns, chosen, error))
    return FALSE;
  name = g_file_get_basename (file);
  format = mf_results_format_for_path (name != NULL ? name : "");
  /* MAT v5 holds 2 GiB a variable: a bigger run goes to v7.3 */
  info.mat73 = (guint64) mf_run_record_get_n_samples (self) * MAX (chosen->len, 1)
                 * sizeof (double)
               > MF_RESULTS_MAT_V5_MAX;
  /* into a temporary file beside `file`, renamed over it when complete; on
   * an error `out` removes it and `file` is as it was (mf-output-file.h) */
  out = mf_output_file_new_for_file (file, error);
  if (out == NULL)
    return FALSE;
  writer = mf_results_writer_open (out, format, &info, error);
  return writer != NULL && write_rows (self, chosen, writer, error)
         && mf_output_file_commit (out, error);
}
