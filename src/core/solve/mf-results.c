/* mf-results.c: picks the format by the file's name and hands the writer's
 * calls to it; the CSV is mf-csv.h's writer on the output file's stream.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-results-private.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

MfResultsFormat
mf_results_format_for_path (const char *path)
{
  const char *dot;

  g_return_val_if_fail (path != NULL, MF_RESULTS_CSV);

  dot = strrchr (path, '.');
  /* a dot in a folder's name is no extension */
  if (dot == NULL || strchr (dot, G_DIR_SEPARATOR) != NULL)
    return MF_RESULTS_CSV;
  if (g_ascii_strcasecmp (dot, ".mat") == 0)
    return MF_RESULTS_MAT;
  if (g_ascii_strcasecmp (dot, ".h5") == 0 || g_ascii_strcasecmp (dot, ".hdf5") == 0)
    return MF_RESULTS_HDF5;
  return MF_RESULTS_CSV;
}

void
mf_results_set_error (GError **error, const MfResultsWriter *writer, const char *what)
{
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("cannot write %s: %s"),
               mf_output_file_get_name (writer->out), what);
}

guint
mf_results_meta_entries (const MfResultsMeta *meta, MfResultsMetaEntry entries[MF_RESULTS_META_MAX])
{
  const MfResultsMetaEntry all[MF_RESULTS_META_MAX] = {
    { "producer", meta->producer, NAN }, { "document", meta->document, NAN },
    { "title", meta->title, NAN },       { "method", meta->method, NAN },
    { "rtol", NULL, meta->rtol },        { "atol", NULL, meta->atol },
    { "t_end", NULL, meta->t_end },
  };
  guint n = 0;

  for (guint i = 0; i < MF_RESULTS_META_MAX; i++)
    if (all[i].text != NULL || !isnan (all[i].value))
      entries[n++] = all[i];
  return n;
}

MfResultsWriter *
mf_results_writer_open (MfOutputFile        *out,
                        MfResultsFormat      format,
                        const MfResultsInfo *info,
                        GError             **error)
{
  g_autoptr (MfResultsWriter) self = NULL;

  g_return_val_if_fail (out != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self = g_new0 (MfResultsWriter, 1);
  self->format = format;
  self->out = out;
  self->meta.rtol = self->meta.atol = self->meta.t_end = NAN;
  if (info != NULL)
    {
      self->meta.producer = g_strdup (info->producer);
      self->meta.document = g_strdup (info->document);
      self->meta.title = g_strdup (info->title);
      self->meta.method = g_strdup (info->method);
      self->meta.rtol = info->rtol;
      self->meta.atol = info->atol;
      self->meta.t_end = info->t_end;
      self->mat73 = info->mat73;
    }
  self->events = g_array_new (FALSE, FALSE, sizeof (MfResultsEvent));
  g_array_set_clear_func (self->events, mf_stored_event_clear);
  if (format == MF_RESULTS_CSV)
    {
      self->stream = mf_output_file_open (out, error);
      if (self->stream == NULL)
        return NULL;
    }
  else
    {
      self->path = mf_output_file_open_path (out, error);
      if (self->path == NULL)
        return NULL;
    }
  return g_steal_pointer (&self);
}

static char **
strv_of (guint n, const char *const *strings)
{
  char **copy = g_new0 (char *, n + 1);

  for (guint i = 0; i < n; i++)
    copy[i] = g_strdup (strings != NULL && strings[i] != NULL ? strings[i] : "");
  return copy;
}

gboolean
mf_results_writer_begin (MfResultsWriter    *self,
                         guint               n,
                         const char *const  *names,
                         const char *const  *units,
                         GError            **error)
{
  g_return_val_if_fail (self != NULL && !self->begun && !self->closed, FALSE);

  self->begun = TRUE;
  self->n = n;
  self->names = strv_of (n, names);
  self->units = strv_of (n, units);
  switch (self->format)
    {
    case MF_RESULTS_CSV:
      self->csv = mf_csv_writer_new_for_columns (self->stream, n, names, units, error);
      return self->csv != NULL;
    case MF_RESULTS_MAT:
      self->mat = mf_results_mat_begin (self, error);
      return self->mat != NULL;
    case MF_RESULTS_HDF5:
      self->h5 = mf_results_h5_begin (self, error);
      return self->h5 != NULL;
    }
  return FALSE;
}

gboolean
mf_results_writer_add (MfResultsWriter *self,
                       double           t,
                       guint            mode,
                       const double    *values,
                       GError         **error)
{
  g_return_val_if_fail (self != NULL && self->begun && !self->closed, FALSE);

  switch (self->format)
    {
    case MF_RESULTS_CSV:
      return mf_csv_writer_add (self->csv, t, mode, values, error);
    case MF_RESULTS_MAT:
      return mf_results_mat_add (self->mat, t, mode, values, error);
    case MF_RESULTS_HDF5:
      return mf_results_h5_add (self->h5, t, mode, values, error);
    }
  return FALSE;
}

void
mf_results_writer_add_event (MfResultsWriter *self,
                             double           t,
                             const char      *component,
                             const char      *from,
                             const char      *to)
{
  MfResultsEvent event = { t, g_strdup (component != NULL ? component : ""),
                           g_strdup (from != NULL ? from : ""), g_strdup (to != NULL ? to : "") };

  g_return_if_fail (self != NULL && !self->closed);

  g_array_append_val (self->events, event);
}

gboolean
mf_results_writer_close (MfResultsWriter *self, GError **error)
{
  g_return_val_if_fail (self != NULL && !self->closed, FALSE);

  /* a file with no sample still has its columns: none */
  if (!self->begun && !mf_results_writer_begin (self, 0, NULL, NULL, error))
    {
      self->closed = TRUE;
      return FALSE;
    }
  self->closed = TRUE;
  /* a begin that failed left no file to finish */
  if (self->csv == NULL && self->mat == NULL && self->h5 == NULL)
    {
      mf_results_set_error (error, self, _("it was not begun"));
      return FALSE;
    }
  switch (self->format)
    {
    case MF_RESULTS_CSV:
      return mf_csv_writer_close (self->csv, error);
    case MF_RESULTS_MAT:
      return mf_results_mat_close (self->mat, self, error);
    case MF_RESULTS_HDF5:
      return mf_results_h5_close (self->h5, self, error);
    }
  return FALSE;
}

void
mf_results_writer_free (MfResultsWriter *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->csv, mf_csv_writer_free);
  g_clear_pointer (&self->mat, mf_results_mat_free);
  g_clear_pointer (&self->h5, mf_results_h5_free);
  g_free (self->meta.producer);
  g_free (self->meta.document);
  g_free (self->meta.title);
  g_free (self->meta.method);
  g_strfreev (self->names);
  g_strfreev (self->units);
  g_array_unref (self->events);
  g_free (self);
}
