/* mf-results-mat.c: a run as a MAT file for MATLAB and Octave, written with
 * matio (docs/cli.md, "MAT files").  The variables:
 *
 *   t       N×1 double, seconds
 *   data    N×n double, column j the value names{j}
 *   mode    N×1 double, the scheduled mode (0-based, as the CSV's)
 *   names   1×n cell of char, the CSV header's names without units
 *   units   1×n cell of char, '' for none
 *   events  struct: t (k×1 double), component, from, to (k×1 cells)
 *   info    struct: producer, document, title, method (char), rtol, atol,
 *           t_end (double), those the run has
 *
 * MAT v5 cannot grow a variable once written, so its columns are kept in
 * memory, one array each, and copied into `data` at the end one by one,
 * each freed once copied: the run is held about once.  A v5 variable holds
 * at most 2 GiB; a bigger run is refused at the end with a message that
 * says to choose v7.3 or HDF5.  MAT v7.3 is HDF5 underneath: t, data and
 * mode are appended in blocks of MAT_BLOCK rows as the run goes, so only a
 * block is in memory.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-results-private.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <matio.h>
#include <string.h>

/* Rows per append in v7.3: 4096 × 8 bytes per value. */
#define MAT_BLOCK 4096

struct _MfResultsMat
{
  const MfResultsWriter *writer;
  mat_t  *file;
  guint   n;
  /* v5: one array of doubles per column: t, mode, then the n values */
  GArray **columns;
  /* v7.3: MAT_BLOCK rows, column-major per variable */
  double *block_t;
  double *block_mode;
  double *block_data;
  guint   in_block;
  guint64 n_rows;
};

/* matio's messages go to GLib's debug log, not to standard error: the
 * writer reports its own errors. */
static void
log_to_glib (int level, char *message)
{
  g_debug ("matio: %s", message);
}

static void
quiet_matio (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      Mat_LogInitFunc ("manifold", log_to_glib);
      g_once_init_leave (&done, 1);
    }
}

MfResultsMat *
mf_results_mat_begin (const MfResultsWriter *writer, GError **error)
{
  MfResultsMat *self = g_new0 (MfResultsMat, 1);
  g_autofree char *header = g_strdup_printf ("MATLAB 5.0 MAT-file, written by %s",
                                             writer->meta.producer != NULL
                                               ? writer->meta.producer
                                               : "Manifold");

  quiet_matio ();
  self->writer = writer;
  self->n = writer->n;
  /* the temporary file exists: matio truncates and writes it */
  self->file = Mat_CreateVer (writer->path, header, writer->mat73 ? MAT_FT_MAT73 : MAT_FT_MAT5);
  if (self->file == NULL)
    {
      mf_results_set_error (error, writer, _("the MAT library could not create it"));
      mf_results_mat_free (self);
      return NULL;
    }
  if (writer->mat73)
    {
      self->block_t = g_new (double, MAT_BLOCK);
      self->block_mode = g_new (double, MAT_BLOCK);
      self->block_data = g_new (double, (gsize) MAT_BLOCK * MAX (self->n, 1));
    }
  else
    {
      self->columns = g_new0 (GArray *, self->n + 2);
      for (guint c = 0; c < self->n + 2; c++)
        self->columns[c] = g_array_new (FALSE, FALSE, sizeof (double));
    }
  return self;
}

/* A double matrix of `rows` × `cols` over `values` (not copied). */
static matvar_t *
matrix_new (const char *name, gsize rows, gsize cols, double *values)
{
  size_t dims[2] = { rows, cols };

  return Mat_VarCreate (name, MAT_C_DOUBLE, MAT_T_DOUBLE, 2, dims, values, MAT_F_DONT_COPY_DATA);
}

static gboolean
write_var (MfResultsMat *self, matvar_t *var, const MfResultsWriter *writer, GError **error)
{
  int failed = var == NULL || Mat_VarWrite (self->file, var, MAT_COMPRESSION_NONE) != 0;

  Mat_VarFree (var);
  if (failed)
    mf_results_set_error (error, writer, _("the MAT library could not write a variable"));
  return !failed;
}

/* Appends the rows of the block (v7.3). */
static gboolean
block_flush (MfResultsMat *self, GError **error)
{
  matvar_t *vars[3];
  int failed = 0;

  if (self->in_block == 0)
    return TRUE;
  vars[0] = matrix_new ("t", self->in_block, 1, self->block_t);
  vars[1] = matrix_new ("data", self->in_block, self->n, self->block_data);
  vars[2] = matrix_new ("mode", self->in_block, 1, self->block_mode);
  for (guint i = 0; i < G_N_ELEMENTS (vars); i++)
    {
      failed |= vars[i] == NULL || Mat_VarWriteAppend (self->file, vars[i],
                                                       MAT_COMPRESSION_NONE, 1) != 0;
      Mat_VarFree (vars[i]);
    }
  self->in_block = 0;
  if (failed)
    mf_results_set_error (error, self->writer, _("the MAT library could not append samples"));
  return !failed;
}

gboolean
mf_results_mat_add (MfResultsMat *self, double t, guint mode, const double *values,
                    GError **error)
{
  double m = mode;

  self->n_rows++;
  if (self->columns != NULL)
    {
      g_array_append_val (self->columns[0], t);
      g_array_append_val (self->columns[1], m);
      for (guint c = 0; c < self->n; c++)
        g_array_append_val (self->columns[c + 2], values[c]);
      return TRUE;
    }
  self->block_t[self->in_block] = t;
  self->block_mode[self->in_block] = m;
  for (guint c = 0; c < self->n; c++)
    self->block_data[(gsize) c * MAT_BLOCK + self->in_block] = values[c];
  self->in_block++;
  if (self->in_block < MAT_BLOCK)
    return TRUE;
  /* block_data is laid out MAT_BLOCK rows per column: a full block is an
   * MAT_BLOCK × n matrix as it is */
  return block_flush (self, error);
}

/* The last, partial block of v7.3: its columns moved together first. */
static gboolean
block_finish (MfResultsMat *self, GError **error)
{
  for (guint c = 1; c < self->n; c++)
    memmove (self->block_data + (gsize) c * self->in_block,
             self->block_data + (gsize) c * MAT_BLOCK, self->in_block * sizeof (double));
  return block_flush (self, error);
}

/* A char row of `text` ('' when empty), copied.  MATLAB's characters are
 * UTF-16 code units, and so are these: a row's length is its number of
 * characters in MATLAB, and Octave reads them back as UTF-8. */
static matvar_t *
text_new (const char *name, const char *text)
{
  glong length = 0;
  g_autofree gunichar2 *units = g_utf8_to_utf16 (text, -1, NULL, &length, NULL);
  size_t dims[2] = { 1, (size_t) length };

  if (units == NULL || length == 0)
    {
      dims[0] = dims[1] = 0;
      return Mat_VarCreate (name, MAT_C_CHAR, MAT_T_UINT16, 2, dims, NULL, 0);
    }
  return Mat_VarCreate (name, MAT_C_CHAR, MAT_T_UINT16, 2, dims, units, 0);
}

static matvar_t *
scalar_new (const char *name, double value)
{
  size_t dims[2] = { 1, 1 };

  return Mat_VarCreate (name, MAT_C_DOUBLE, MAT_T_DOUBLE, 2, dims, &value, 0);
}

/* A cell of the strings in `rows` (a column) or `cols` (a row). */
static matvar_t *
cell_new (const char *name, gsize rows, gsize cols, const char *(*get) (gconstpointer, guint),
          gconstpointer data)
{
  size_t dims[2] = { rows, cols };
  matvar_t *cell = Mat_VarCreate (name, MAT_C_CELL, MAT_T_CELL, 2, dims, NULL, 0);

  for (guint i = 0; cell != NULL && i < rows * cols; i++)
    Mat_VarSetCell (cell, (int) i, text_new (NULL, get (data, i)));
  return cell;
}

static const char *
get_string (gconstpointer data, guint i)
{
  return ((const char *const *) data)[i];
}

static const char *
get_component (gconstpointer data, guint i)
{
  return g_array_index ((const GArray *) data, MfResultsEvent, i).component;
}

static const char *
get_from (gconstpointer data, guint i)
{
  return g_array_index ((const GArray *) data, MfResultsEvent, i).from;
}

static const char *
get_to (gconstpointer data, guint i)
{
  return g_array_index ((const GArray *) data, MfResultsEvent, i).to;
}

static matvar_t *
events_new (const GArray *events)
{
  const char *fields[] = { "t", "component", "from", "to", NULL };
  size_t dims[2] = { 1, 1 };
  size_t k = events->len;
  matvar_t *record = Mat_VarCreateStruct2 ("events", 2, dims, fields);
  g_autofree double *t = g_new0 (double, MAX (k, 1));
  size_t t_dims[2] = { k, 1 };

  for (guint i = 0; i < k; i++)
    t[i] = g_array_index (events, MfResultsEvent, i).t;
  Mat_VarSetStructFieldByName (record, "t", 0,
                               Mat_VarCreate (NULL, MAT_C_DOUBLE, MAT_T_DOUBLE, 2, t_dims, t, 0));
  Mat_VarSetStructFieldByName (record, "component", 0,
                               cell_new (NULL, k, 1, get_component, events));
  Mat_VarSetStructFieldByName (record, "from", 0, cell_new (NULL, k, 1, get_from, events));
  Mat_VarSetStructFieldByName (record, "to", 0, cell_new (NULL, k, 1, get_to, events));
  return record;
}

static matvar_t *
info_new (const MfResultsMeta *meta)
{
  MfResultsMetaEntry entries[MF_RESULTS_META_MAX];
  guint n = mf_results_meta_entries (meta, entries);
  const char *fields[MF_RESULTS_META_MAX + 1];
  size_t dims[2] = { 1, 1 };
  matvar_t *info;

  for (guint i = 0; i < n; i++)
    fields[i] = entries[i].name;
  fields[n] = NULL;
  info = Mat_VarCreateStruct2 ("info", 2, dims, fields);
  for (guint i = 0; info != NULL && i < n; i++)
    Mat_VarSetStructFieldByName (info, entries[i].name, 0,
                                 entries[i].text != NULL ? text_new (NULL, entries[i].text)
                                                         : scalar_new (NULL, entries[i].value));
  return info;
}

/* v5: t, data and mode from the columns, each column freed once copied. */
static gboolean
write_columns (MfResultsMat *self, const MfResultsWriter *writer, GError **error)
{
  gsize rows = self->columns[0]->len;
  g_autofree double *data = NULL;

  if ((guint64) rows * MAX (self->n, 1) * sizeof (double) > MF_RESULTS_MAT_V5_MAX)
    {
      mf_results_set_error (error, writer,
                            _("the run is larger than the 2 GiB a MAT v5 variable can hold: "
                              "choose MAT v7.3 or HDF5"));
      return FALSE;
    }
  if (!write_var (self, matrix_new ("t", rows, 1, (double *) self->columns[0]->data), writer,
                  error))
    return FALSE;
  g_clear_pointer (&self->columns[0], g_array_unref);
  data = g_try_new (double, rows * self->n + 1);
  if (data == NULL)
    {
      mf_results_set_error (error, writer, g_strerror (ENOMEM));
      return FALSE;
    }
  for (guint c = 0; c < self->n; c++)
    {
      memcpy (data + (gsize) c * rows, self->columns[c + 2]->data, rows * sizeof (double));
      g_clear_pointer (&self->columns[c + 2], g_array_unref);
    }
  return write_var (self, matrix_new ("data", rows, self->n, data), writer, error)
         && write_var (self, matrix_new ("mode", rows, 1, (double *) self->columns[1]->data),
                       writer, error);
}

gboolean
mf_results_mat_close (MfResultsMat *self, const MfResultsWriter *writer, GError **error)
{
  gboolean ok;

  if (self->columns != NULL)
    ok = write_columns (self, writer, error);
  else
    ok = block_finish (self, error);
  /* v7.3 without a sample: its t, data and mode are empty all the same */
  if (ok && self->columns == NULL && self->n_rows == 0)
    ok = write_var (self, matrix_new ("t", 0, 1, NULL), writer, error)
         && write_var (self, matrix_new ("data", 0, self->n, NULL), writer, error)
         && write_var (self, matrix_new ("mode", 0, 1, NULL), writer, error);
  ok = ok
       && write_var (self, cell_new ("names", 1, self->n, get_string, writer->names), writer,
                     error)
       && write_var (self, cell_new ("units", 1, self->n, get_string, writer->units), writer,
                     error)
       && write_var (self, events_new (writer->events), writer, error)
       && write_var (self, info_new (&writer->meta), writer, error);
  if (Mat_Close (self->file) != 0 && ok)
    {
      mf_results_set_error (error, writer, _("the MAT library could not finish it"));
      ok = FALSE;
    }
  self->file = NULL;
  return ok;
}

void
mf_results_mat_free (MfResultsMat *self)
{
  if (self == NULL)
    return;
  if (self->file != NULL)
    Mat_Close (self->file);
  if (self->columns != NULL)
    for (guint c = 0; c < self->n + 2; c++)
      if (self->columns[c] != NULL)
        g_array_unref (self->columns[c]);
  g_free (self->columns);
  g_free (self->block_t);
  g_free (self->block_mode);
  g_free (self->block_data);
  g_free (self);
}
