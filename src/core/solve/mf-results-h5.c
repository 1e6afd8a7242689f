/* mf-results-h5.c: a run as an HDF5 file, written with libhdf5 as it goes
 * (docs/cli.md, "HDF5 files"), in the layout of mf-results-h5-layout.h at
 * the file's root: its attributes are producer, document, title, method
 * (strings), rtol, atol, t_end (doubles), those the run has; the series in
 * the CSV's order; the event log, k rows.
 *
 * The datasets are chunked and grow: samples are kept in a block of
 * H5_BLOCK rows and appended to every dataset when it is full, so a run of
 * any length needs a block in memory.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-results-private.h"

#include <glib/gi18n.h>
#include <string.h>

#include "mf-results-h5-layout.h"

/* Rows per block written at once (32 KiB of doubles per column), and per
 * dataset's chunk (mf-results-h5-layout.h). */
#define H5_BLOCK 4096

struct _MfResultsH5
{
  const MfResultsWriter *writer;
  hid_t   file;
  guint   n;
  hid_t  *datasets; /* t, mode, then the n series */
  double *block;    /* H5_BLOCK rows per column: t, then the n values */
  guint32 *modes;
  guint   in_block;
  hsize_t n_rows;   /* written to the datasets */
};

static void
set_h5_error (GError **error, const MfResultsWriter *writer, const char *what)
{
  g_autofree char *detail = mf_h5_take_error ();
  g_autofree char *message = NULL;

  message = detail != NULL ? g_strdup_printf ("%s (%s)", what, detail) : g_strdup (what);
  mf_results_set_error (error, writer, message);
}

static gboolean
put_info (hid_t file, const MfResultsMeta *meta)
{
  MfResultsMetaEntry entries[MF_RESULTS_META_MAX];
  guint n = mf_results_meta_entries (meta, entries);

  for (guint i = 0; i < n; i++)
    if (entries[i].text != NULL ? !mf_h5_put_string (file, entries[i].name, entries[i].text)
                                : !mf_h5_put_double (file, entries[i].name, entries[i].value))
      return FALSE;
  return TRUE;
}

static gboolean
datasets_make (MfResultsH5 *self, const MfResultsWriter *writer)
{
  hid_t group;
  gboolean ok;

  self->datasets[0] = mf_h5_column_new (self->file, MF_H5_TIME, "s", 0, NULL);
  self->datasets[1] = mf_h5_growing_new (self->file, MF_H5_MODE, H5T_STD_U32LE);
  ok = self->datasets[0] >= 0 && self->datasets[1] >= 0;
  group = ok ? mf_h5_ordered_group_new (self->file, MF_H5_SERIES) : -1;
  ok = ok && group >= 0;
  for (guint c = 0; ok && c < self->n; c++)
    {
      g_autofree char *name = mf_h5_series_name (writer->names[c]);

      self->datasets[c + 2] = mf_h5_column_new (group, name, writer->units[c], 0, NULL);
      ok = self->datasets[c + 2] >= 0;
    }
  if (group >= 0)
    H5Gclose (group);
  return ok;
}

MfResultsH5 *
mf_results_h5_begin (const MfResultsWriter *writer, GError **error)
{
  MfResultsH5 *self = g_new0 (MfResultsH5, 1);

  /* errors come back as ours, not printed on standard error */
  mf_h5_quiet ();
  self->writer = writer;
  self->n = writer->n;
  self->datasets = g_new (hid_t, self->n + 2);
  for (guint c = 0; c < self->n + 2; c++)
    self->datasets[c] = -1;
  self->block = g_new (double, (gsize) H5_BLOCK * (self->n + 1));
  self->modes = g_new (guint32, H5_BLOCK);
  /* the temporary file exists: HDF5 truncates and writes it */
  self->file = H5Fcreate (writer->path, H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
  if (self->file < 0 || !put_info (self->file, &writer->meta) || !datasets_make (self, writer))
    {
      set_h5_error (error, writer, _("the HDF5 library could not create it"));
      mf_results_h5_free (self);
      return NULL;
    }
  return self;
}

static gboolean
block_flush (MfResultsH5 *self, GError **error)
{
  gboolean ok;

  if (self->in_block == 0)
    return TRUE;
  ok = mf_h5_append (self->datasets[0], self->n_rows, self->in_block, H5T_NATIVE_DOUBLE,
                     self->block)
       && mf_h5_append (self->datasets[1], self->n_rows, self->in_block, H5T_NATIVE_UINT32,
                  self->modes);
  for (guint c = 0; ok && c < self->n; c++)
    ok = mf_h5_append (self->datasets[c + 2], self->n_rows, self->in_block, H5T_NATIVE_DOUBLE,
                 self->block + (gsize) (c + 1) * H5_BLOCK);
  self->n_rows += self->in_block;
  self->in_block = 0;
  if (!ok)
    set_h5_error (error, self->writer, _("the HDF5 library could not append samples"));
  return ok;
}

gboolean
mf_results_h5_add (MfResultsH5 *self, double t, guint mode, const double *values, GError **error)
{
  self->block[self->in_block] = t;
  self->modes[self->in_block] = mode;
  for (guint c = 0; c < self->n; c++)
    self->block[(gsize) (c + 1) * H5_BLOCK + self->in_block] = values[c];
  if (++self->in_block < H5_BLOCK)
    return TRUE;
  return block_flush (self, error);
}

gboolean
mf_results_h5_close (MfResultsH5 *self, const MfResultsWriter *writer, GError **error)
{
  gboolean ok = block_flush (self, error);

  if (ok && !mf_h5_events_put (self->file, writer->events))
    {
      set_h5_error (error, writer, _("the HDF5 library could not write the event log"));
      ok = FALSE;
    }
  for (guint c = 0; c < self->n + 2; c++)
    if (self->datasets[c] >= 0)
      H5Dclose (self->datasets[c]);
  g_clear_pointer (&self->datasets, g_free);
  if (H5Fclose (self->file) < 0 && ok)
    {
      set_h5_error (error, writer, _("the HDF5 library could not finish it"));
      ok = FALSE;
    }
  self->file = -1;
  return ok;
}

void
mf_results_h5_free (MfResultsH5 *self)
{
  if (self == NULL)
    return;
  if (self->datasets != NULL)
    for (guint c = 0; c < self->n + 2; c++)
      if (self->datasets[c] >= 0)
        H5Dclose (self->datasets[c]);
  if (self->file >= 0)
    H5Fclose (self->file);
  g_free (self->datasets);
  g_free (self->block);
  g_free (self->modes);
  g_free (self);
}
