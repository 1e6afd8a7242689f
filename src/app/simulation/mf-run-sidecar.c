/* mf-run-sidecar.c: kept runs to and from the runs file beside their
 * document (mf-run-sidecar.h).
 *
 * A run's attributes in the file: label, status ("finished", "stopped",
 * "failed"), message (why it failed), method, settings, shown (1 or 0),
 * and its statistics as "stats.steps", "stats.rejected_steps", … (numbers);
 * its lists: mode_names, param_names and param_values (what it ran with),
 * fallbacks (runs of SVD fallbacks: "t\tt_last\tsteps\tstates"), and its
 * events the log's switches and mode changes.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-run-sidecar.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mf-error.h"
#include "mf-output-file.h"

#define SIDECAR_SUFFIX ".runs.h5"

static const char *const status_names[] = {
  [MF_SIM_STATUS_FINISHED] = "finished",
  [MF_SIM_STATUS_STOPPED] = "stopped",
  [MF_SIM_STATUS_FAILED] = "failed",
};

/* The statistics' numbers by name, each the offset of its member. */
typedef struct
{
  const char *name;
  gsize       offset;
  gboolean    is_double; /* else guint64, or guint when `is_small` */
  gboolean    is_small;
} StatField;

#define COUNT(member) { "stats." #member, G_STRUCT_OFFSET (MfSimulationStats, member), FALSE, FALSE }
#define SMALL(member) { "stats." #member, G_STRUCT_OFFSET (MfSimulationStats, member), FALSE, TRUE }
#define REAL(member)  { "stats." #member, G_STRUCT_OFFSET (MfSimulationStats, member), TRUE, FALSE }

static const StatField stat_fields[] = {
  COUNT (steps), COUNT (rejected_steps), COUNT (rhs_evaluations), COUNT (jacobian_evaluations),
  SMALL (mode_switches), SMALL (valve_events), REAL (energy_lost), REAL (start_energy_lost),
  COUNT (newton_iterations), COUNT (svd_steps), REAL (residual), COUNT (check_retries),
  REAL (wall_time),
};

GFile *
mf_run_sidecar_file (GFile *document_file)
{
  g_autoptr (GFile) parent = g_file_get_parent (document_file);
  g_autofree char *name = g_file_get_basename (document_file);
  g_autofree char *sidecar = g_strconcat (name, SIDECAR_SUFFIX, NULL);

  if (parent == NULL)
    return g_file_new_for_path (sidecar);
  return g_file_get_child (parent, sidecar);
}

static void
store_stats (MfStoredRun *run, const MfSimulationStats *stats)
{
  const guint8 *base = (const guint8 *) stats;

  for (guint i = 0; i < G_N_ELEMENTS (stat_fields); i++)
    {
      const StatField *field = &stat_fields[i];
      double value = field->is_double ? *(const double *) (base + field->offset)
                     : field->is_small ? *(const guint *) (base + field->offset)
                                       : (double) *(const guint64 *) (base + field->offset);

      mf_stored_run_set_number (run, field->name, value);
    }
}

/* FALSE when the run has no statistics. */
static gboolean
restore_stats (const MfStoredRun *run, MfSimulationStats *stats)
{
  guint8 *base = (guint8 *) stats;

  memset (stats, 0, sizeof *stats);
  if (isnan (mf_stored_run_get_number (run, stat_fields[0].name)))
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (stat_fields); i++)
    {
      const StatField *field = &stat_fields[i];
      double value = mf_stored_run_get_number (run, field->name);

      if (field->is_double)
        *(double *) (base + field->offset) = value;
      else if (!(value >= 0))
        continue;
      else if (field->is_small)
        *(guint *) (base + field->offset) = (guint) MIN (value, G_MAXUINT);
      else
        *(guint64 *) (base + field->offset) = (guint64) MIN (value, (double) G_MAXUINT64);
    }
  return TRUE;
}

static void
store_provenance (MfStoredRun *run, const MfRunProvenance *provenance)
{
  guint n = mf_run_provenance_get_n_params (provenance);
  g_autofree const char **names = g_new0 (const char *, n + 1);
  g_autofree const char **values = g_new0 (const char *, n + 1);

  for (guint i = 0; i < n; i++)
    {
      names[i] = mf_run_provenance_get_name (provenance, i);
      values[i] = mf_run_provenance_get_value (provenance, i);
    }
  mf_stored_run_set_text (run, "settings", mf_run_provenance_get_settings (provenance));
  mf_stored_run_set_list (run, "param_names", names);
  mf_stored_run_set_list (run, "param_values", values);
}

static void
store_log (MfStoredRun *run, MfRunRecord *record)
{
  g_autoptr (GStrvBuilder) fallbacks = g_strv_builder_new ();
  g_auto (GStrv) list = NULL;

  for (guint i = 0; i < mf_run_record_get_n_log (record); i++)
    {
      const MfSimLogEntry *entry = mf_run_record_get_log (record, i);
      char t[G_ASCII_DTOSTR_BUF_SIZE], t_last[G_ASCII_DTOSTR_BUF_SIZE];
      g_autofree char *row = NULL;

      if (entry->kind == MF_SIM_LOG_EVENT)
        {
          mf_stored_run_add_event (run, entry->t, entry->component, entry->from, entry->to);
          continue;
        }
      g_ascii_dtostr (t, sizeof t, entry->t);
      g_ascii_dtostr (t_last, sizeof t_last, entry->t_last);
      row = g_strdup_printf ("%s\t%s\t%" G_GUINT64_FORMAT "\t%s", t, t_last, entry->steps,
                             entry->states != NULL ? entry->states : "");
      g_strv_builder_add (fallbacks, row);
    }
  list = g_strv_builder_end (fallbacks);
  mf_stored_run_set_list (run, "fallbacks", (const char *const *) list);
}

MfStoredRun *
mf_run_sidecar_store (MfRunRecord *record)
{
  MfStoredRun *run = mf_stored_run_new ();
  guint n = mf_run_record_get_n_samples (record);
  const guint *modes = mf_run_record_get_modes (record);
  g_autofree guint32 *modes32 = g_new0 (guint32, n + 1);
  g_autoptr (GStrvBuilder) mode_names = g_strv_builder_new ();
  g_auto (GStrv) mode_list = NULL;
  MfSimStatus status = mf_run_record_get_status (record);
  const GError *error = mf_run_record_get_error (record);
  const MfSimulationStats *stats = mf_run_record_get_stats (record);

  for (guint i = 0; i < n; i++)
    modes32[i] = modes[i];
  mf_stored_run_set_samples (run, n, mf_run_record_get_times (record), modes32);
  for (guint c = 0; c < mf_run_record_get_n_columns (record); c++)
    mf_stored_run_add_column (run, mf_run_record_get_column_name (record, c),
                              mf_run_record_get_column_unit (record, c),
                              mf_run_record_get_column (record, c));
  mf_stored_run_set_text (run, "label", mf_run_record_get_label (record));
  if (status < G_N_ELEMENTS (status_names) && status_names[status] != NULL)
    mf_stored_run_set_text (run, "status", status_names[status]);
  if (error != NULL)
    mf_stored_run_set_text (run, "message", error->message);
  if (mf_run_record_get_method (record) != NULL)
    mf_stored_run_set_text (run, "method", mf_run_record_get_method (record));
  mf_stored_run_set_number (run, "shown", mf_run_record_get_shown (record));
  if (stats != NULL)
    store_stats (run, stats);
  if (mf_run_record_get_provenance (record) != NULL)
    store_provenance (run, mf_run_record_get_provenance (record));
  for (guint m = 0; mf_run_record_get_mode_name (record, m) != NULL; m++)
    g_strv_builder_add (mode_names, mf_run_record_get_mode_name (record, m));
  mode_list = g_strv_builder_end (mode_names);
  mf_stored_run_set_list (run, "mode_names", (const char *const *) mode_list);
  store_log (run, record);
  return run;
}

static MfSimStatus
restore_status (const MfStoredRun *run)
{
  const char *text = mf_stored_run_get_text (run, "status");

  for (guint s = 0; text != NULL && s < G_N_ELEMENTS (status_names); s++)
    if (status_names[s] != NULL && strcmp (status_names[s], text) == 0)
      return s;
  /* a run that never said how it ended was stopped while it went */
  return MF_SIM_STATUS_STOPPED;
}

/* A fallbacks entry "t\tt_last\tsteps\tstates" into `entry`, its states
 * pointing into `parts` (to be freed after); FALSE when it is not one. */
static gboolean
parse_fallbacks (const char *text, GStrv *parts, MfSimLogEntry *entry)
{
  *parts = g_strsplit (text, "\t", 4);
  if (g_strv_length (*parts) != 4)
    return FALSE;
  *entry = (MfSimLogEntry) { MF_SIM_LOG_FALLBACKS };
  entry->t = g_ascii_strtod ((*parts)[0], NULL);
  entry->t_last = g_ascii_strtod ((*parts)[1], NULL);
  entry->steps = g_ascii_strtoull ((*parts)[2], NULL, 10);
  entry->states = (*parts)[3];
  return TRUE;
}

/* The log in time order: the events and the fallbacks, each in order in
 * the file, merged (an event first at the same time). */
static void
restore_log (MfRunRecord *record, const MfStoredRun *run)
{
  const char *const *fallbacks = mf_stored_run_get_list (run, "fallbacks");
  guint n_fallbacks = fallbacks != NULL ? g_strv_length ((char **) fallbacks) : 0;
  guint e = 0, f = 0;

  while (e < run->events->len || f < n_fallbacks)
    {
      const MfStoredEvent *event = e < run->events->len
                                     ? &g_array_index (run->events, MfStoredEvent, e) : NULL;
      g_auto (GStrv) parts = NULL;
      MfSimLogEntry entry = { MF_SIM_LOG_EVENT };

      if (f < n_fallbacks && !parse_fallbacks (fallbacks[f], &parts, &entry))
        {
          f++;
          continue;
        }
      if (event != NULL && (f == n_fallbacks || event->t <= entry.t))
        {
          entry = (MfSimLogEntry) { MF_SIM_LOG_EVENT, event->t, event->t, 0, event->component,
                                    event->from, event->to, NULL };
          e++;
        }
      else
        f++;
      mf_run_record_add_log (record, &entry);
    }
}

MfRunRecord *
mf_run_sidecar_restore (const MfStoredRun *run)
{
  const char *label = mf_stored_run_get_text (run, "label");
  MfRunRecord *record = mf_run_record_new (label != NULL ? label : _("Run"));
  const char *const *names = mf_stored_run_get_list (run, "param_names");
  const char *const *values = mf_stored_run_get_list (run, "param_values");
  const char *message = mf_stored_run_get_text (run, "message");
  g_autofree double *row = g_new0 (double, run->n_columns + 1);
  g_autoptr (GError) error = NULL;
  MfSimulationStats stats;
  MfSimStatus status = restore_status (run);

  mf_run_record_begin_segment (record, run->n_columns, (const char *const *) run->names,
                               (const char *const *) run->units);
  mf_run_record_reserve (record, run->n_samples);
  for (guint s = 0; s < run->n_samples; s++)
    {
      for (guint c = 0; c < run->n_columns; c++)
        row[c] = run->columns[c][s];
      mf_run_record_append (record, run->times[s], run->modes[s], row);
    }
  if (mf_stored_run_get_list (run, "mode_names") != NULL
      && mf_stored_run_get_list (run, "mode_names")[0] != NULL)
    mf_run_record_set_mode_names (record, mf_stored_run_get_list (run, "mode_names"));
  restore_log (record, run);
  if (mf_stored_run_get_text (run, "method") != NULL)
    mf_run_record_set_method (record, mf_stored_run_get_text (run, "method"));
  if (restore_stats (run, &stats))
    mf_run_record_set_stats (record, &stats);
  if (names != NULL && values != NULL && g_strv_length ((char **) names)
                                           == g_strv_length ((char **) values))
    mf_run_record_set_provenance (record,
                                  mf_run_provenance_new (mf_stored_run_get_text (run, "settings"),
                                                         g_strv_length ((char **) names), names,
                                                         values));
  if (status == MF_SIM_STATUS_FAILED)
    error = g_error_new_literal (MF_ERROR, MF_ERROR_SOLVER, message != NULL ? message : "");
  mf_run_record_set_outcome (record, status, error);
  mf_run_record_set_shown (record, mf_stored_run_get_number (run, "shown") > 0);
  return record;
}

GPtrArray *
mf_run_sidecar_snapshot (GListModel  *runs,
                         MfRunRecord *current)
{
  GPtrArray *stored = g_ptr_array_new_with_free_func ((GDestroyNotify) mf_stored_run_free);

  for (guint i = 0; i < g_list_model_get_n_items (runs); i++)
    {
      g_autoptr (MfRunRecord) record = g_list_model_get_item (runs, i);
      MfSimStatus status = mf_run_record_get_status (record);
      MfStoredRun *run;

      /* a run still going is not a result yet */
      if (status == MF_SIM_STATUS_RUNNING || status == MF_SIM_STATUS_PAUSED
          || status == MF_SIM_STATUS_IDLE)
        continue;
      run = mf_run_sidecar_store (record);
      if (record == current)
        mf_stored_run_set_number (run, "shown", 1);
      g_ptr_array_add (stored, run);
    }
  return stored;
}

gboolean
mf_run_sidecar_write (GPtrArray *stored,
                      guint      n_made,
                      GFile     *document_file,
                      GError   **error)
{
  g_autoptr (GFile) file = mf_run_sidecar_file (document_file);
  g_autoptr (MfOutputFile) out = NULL;
  g_autoptr (GError) local_error = NULL;

  if (stored->len == 0)
    {
      /* nothing kept: a file of older runs would bring them back */
      if (!g_file_delete (file, NULL, &local_error)
          && !g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return FALSE;
        }
      return TRUE;
    }
  out = mf_output_file_new_for_file (file, error);
  return out != NULL && mf_stored_runs_write_h5 (out, "Manifold " MF_VERSION, stored, n_made, error)
         && mf_output_file_commit (out, error);
}

gboolean
mf_run_sidecar_save (GListModel  *runs,
                     MfRunRecord *current,
                     guint        n_made,
                     GFile       *document_file,
                     GError     **error)
{
  g_autoptr (GPtrArray) stored = mf_run_sidecar_snapshot (runs, current);

  return mf_run_sidecar_write (stored, n_made, document_file, error);
}

char *
mf_run_sidecar_number_label (guint number)
{
  /* Translators: the name of the n-th run of a window */
  return g_strdup_printf (_("Run %u"), number);
}

char *
mf_run_sidecar_renumber (const char *label,
                         guint       n_numbered,
                         guint       offset)
{
  for (guint k = 1; k <= n_numbered; k++)
    {
      g_autofree char *numbered = mf_run_sidecar_number_label (k);

      if (g_strcmp0 (label, numbered) == 0)
        return mf_run_sidecar_number_label (k + offset);
    }
  return NULL;
}

gboolean
mf_run_sidecar_merge (GPtrArray *stored,
                      guint     *n_made,
                      GFile     *merge_from,
                      GError   **error)
{
  g_autoptr (GFile) file = mf_run_sidecar_file (merge_from);
  g_autofree char *path = g_file_get_path (file);
  g_autoptr (GPtrArray) older = NULL;
  double made = NAN;
  guint offset;

  if (path == NULL || !g_file_query_exists (file, NULL))
    return TRUE;
  older = mf_stored_runs_read_h5 (path, &made, error);
  if (older == NULL)
    return FALSE;
  offset = made >= older->len && made < G_MAXUINT ? (guint) made : older->len;
  for (guint i = 0; i < stored->len; i++)
    {
      MfStoredRun *run = g_ptr_array_index (stored, i);
      g_autofree char *label = mf_run_sidecar_renumber (mf_stored_run_get_text (run, "label"),
                                                        *n_made, offset);

      if (label != NULL)
        mf_stored_run_set_text (run, "label", label);
    }
  /* the older runs first, as they would be listed had the read finished */
  g_ptr_array_extend_and_steal (older, g_ptr_array_ref (stored));
  g_ptr_array_set_size (stored, 0);
  g_ptr_array_extend_and_steal (stored, g_steal_pointer (&older));
  *n_made += offset;
  return TRUE;
}

GPtrArray *
mf_run_sidecar_load (GFile   *document_file,
                     guint   *n_made,
                     GError **error)
{
  g_autoptr (GFile) file = mf_run_sidecar_file (document_file);
  g_autofree char *path = g_file_get_path (file);
  g_autoptr (GPtrArray) stored = NULL;
  GPtrArray *records = g_ptr_array_new_with_free_func (g_object_unref);
  double made = NAN;

  *n_made = 0;
  if (path == NULL || !g_file_query_exists (file, NULL))
    return records;
  stored = mf_stored_runs_read_h5 (path, &made, error);
  if (stored == NULL)
    {
      g_ptr_array_unref (records);
      return NULL;
    }
  for (guint i = 0; i < stored->len; i++)
    g_ptr_array_add (records, mf_run_sidecar_restore (g_ptr_array_index (stored, i)));
  *n_made = made >= records->len && made < G_MAXUINT ? (guint) made : records->len;
  return records;
}
