/* mf-results-h5.c: a run as an HDF5 file, written with libhdf5 as it goes
 * (docs/cli.md, "HDF5 files"):
 *
 *   /            attributes producer, document, title, method (strings),
 *                rtol, atol, t_end (doubles), those the run has
 *   /t           N doubles, attribute unit = "s"
 *   /mode        N unsigned 32-bit integers, the scheduled mode (0-based)
 *   /series/NAME N doubles per value ("P1.v"), attribute unit ("" for
 *                none), in the CSV's order (the group tracks the order its
 *                datasets were made in); a '/' in a name becomes '_'
 *   /events/     t (doubles), component, from, to (UTF-8 strings): the
 *                event log, k rows each
 *
 * The datasets are chunked (H5_CHUNK values) and grow: samples are kept in
 * a block of H5_BLOCK rows and appended to every dataset when it is full, so a run of
 * any length needs a block in memory.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-results-private.h"

#include <glib/gi18n.h>
#include <hdf5.h>
#include <string.h>

/* Rows per block written at once (32 KiB of doubles per column), and per
 * chunk of a dataset: a short run's file stays small. */
#define H5_BLOCK 4096
#define H5_CHUNK 1024

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

/* The innermost message of the HDF5 error stack (where the error was met),
 * for ours. */
static herr_t
take_first (unsigned n, const H5E_error2_t *entry, void *data)
{
  char **message = data;

  if (*message == NULL && entry->desc != NULL)
    *message = g_strdup (entry->desc);
  return 0;
}

static void
set_h5_error (GError **error, const MfResultsWriter *writer, const char *what)
{
  g_autofree char *detail = NULL;
  g_autofree char *message = NULL;

  H5Ewalk2 (H5E_DEFAULT, H5E_WALK_UPWARD, take_first, &detail);
  H5Eclear2 (H5E_DEFAULT);
  message = detail != NULL ? g_strdup_printf ("%s (%s)", what, detail) : g_strdup (what);
  mf_results_set_error (error, writer, message);
}

static gboolean
put_string (hid_t where, const char *name, const char *text)
{
  hid_t type = H5Tcopy (H5T_C_S1);
  hid_t space = H5Screate (H5S_SCALAR);
  hid_t attribute = -1;
  herr_t status = -1;

  if (type >= 0 && H5Tset_size (type, strlen (text) + 1) >= 0
      && H5Tset_cset (type, H5T_CSET_UTF8) >= 0)
    attribute = H5Acreate2 (where, name, type, space, H5P_DEFAULT, H5P_DEFAULT);
  if (attribute >= 0)
    status = H5Awrite (attribute, type, text);
  if (attribute >= 0)
    H5Aclose (attribute);
  H5Sclose (space);
  H5Tclose (type);
  return status >= 0;
}

static gboolean
put_double (hid_t where, const char *name, double value)
{
  hid_t space = H5Screate (H5S_SCALAR);
  hid_t attribute = H5Acreate2 (where, name, H5T_IEEE_F64LE, space, H5P_DEFAULT, H5P_DEFAULT);
  herr_t status = attribute >= 0 ? H5Awrite (attribute, H5T_NATIVE_DOUBLE, &value) : -1;

  if (attribute >= 0)
    H5Aclose (attribute);
  H5Sclose (space);
  return status >= 0;
}

static gboolean
put_info (hid_t file, const MfResultsMeta *meta)
{
  MfResultsMetaEntry entries[MF_RESULTS_META_MAX];
  guint n = mf_results_meta_entries (meta, entries);

  for (guint i = 0; i < n; i++)
    if (entries[i].text != NULL ? !put_string (file, entries[i].name, entries[i].text)
                                : !put_double (file, entries[i].name, entries[i].value))
      return FALSE;
  return TRUE;
}

/* An empty dataset of `type` that grows, in chunks of H5_BLOCK. */
static hid_t
growing_new (hid_t where, const char *name, hid_t type)
{
  hsize_t dims = 0, max = H5S_UNLIMITED, chunk = H5_CHUNK;
  hid_t space = H5Screate_simple (1, &dims, &max);
  hid_t properties = H5Pcreate (H5P_DATASET_CREATE);
  hid_t dataset = -1;

  if (space >= 0 && properties >= 0 && H5Pset_chunk (properties, 1, &chunk) >= 0)
    dataset = H5Dcreate2 (where, name, type, space, H5P_DEFAULT, properties, H5P_DEFAULT);
  H5Pclose (properties);
  H5Sclose (space);
  return dataset;
}

/* The group for the series: its datasets listed in the order made. */
static hid_t
series_group_new (hid_t file)
{
  hid_t properties = H5Pcreate (H5P_GROUP_CREATE);
  hid_t group = -1;

  if (properties >= 0
      && H5Pset_link_creation_order (properties, H5P_CRT_ORDER_TRACKED | H5P_CRT_ORDER_INDEXED)
           >= 0)
    group = H5Gcreate2 (file, "series", H5P_DEFAULT, properties, H5P_DEFAULT);
  H5Pclose (properties);
  return group;
}

static gboolean
datasets_make (MfResultsH5 *self, const MfResultsWriter *writer)
{
  hid_t group;
  gboolean ok;

  self->datasets[0] = growing_new (self->file, "t", H5T_IEEE_F64LE);
  self->datasets[1] = growing_new (self->file, "mode", H5T_STD_U32LE);
  ok = self->datasets[0] >= 0 && self->datasets[1] >= 0
       && put_string (self->datasets[0], "unit", "s");
  group = ok ? series_group_new (self->file) : -1;
  ok = ok && group >= 0;
  for (guint c = 0; ok && c < self->n; c++)
    {
      g_autofree char *name = g_strdelimit (g_strdup (writer->names[c]), "/", '_');

      self->datasets[c + 2] = growing_new (group, name, H5T_IEEE_F64LE);
      ok = self->datasets[c + 2] >= 0 && put_string (self->datasets[c + 2], "unit",
                                                     writer->units[c]);
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
  H5Eset_auto2 (H5E_DEFAULT, NULL, NULL);
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

/* Appends `count` values of `type` from `values` to `dataset`, after the
 * n_rows it has. */
static gboolean
append (hid_t dataset, hsize_t n_rows, hsize_t count, hid_t type, const void *values)
{
  hsize_t size = n_rows + count;
  hid_t file_space, memory_space;
  herr_t status = -1;

  if (H5Dset_extent (dataset, &size) < 0)
    return FALSE;
  file_space = H5Dget_space (dataset);
  memory_space = H5Screate_simple (1, &count, NULL);
  if (file_space >= 0 && memory_space >= 0
      && H5Sselect_hyperslab (file_space, H5S_SELECT_SET, &n_rows, NULL, &count, NULL) >= 0)
    status = H5Dwrite (dataset, type, memory_space, file_space, H5P_DEFAULT, values);
  H5Sclose (memory_space);
  H5Sclose (file_space);
  return status >= 0;
}

static gboolean
block_flush (MfResultsH5 *self, GError **error)
{
  gboolean ok;

  if (self->in_block == 0)
    return TRUE;
  ok = append (self->datasets[0], self->n_rows, self->in_block, H5T_NATIVE_DOUBLE, self->block)
       && append (self->datasets[1], self->n_rows, self->in_block, H5T_NATIVE_UINT32,
                  self->modes);
  for (guint c = 0; ok && c < self->n; c++)
    ok = append (self->datasets[c + 2], self->n_rows, self->in_block, H5T_NATIVE_DOUBLE,
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

/* A dataset of `k` values (k may be 0), stored as `type`, given as
 * `memory_type`. */
static gboolean
table_put (hid_t group, const char *name, hid_t type, hid_t memory_type, hsize_t k,
           const void *values)
{
  hid_t space = H5Screate_simple (1, &k, NULL);
  hid_t dataset = H5Dcreate2 (group, name, type, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  herr_t status = dataset >= 0 ? 0 : -1;

  if (dataset >= 0 && k > 0)
    status = H5Dwrite (dataset, memory_type, H5S_ALL, H5S_ALL, H5P_DEFAULT, values);
  if (dataset >= 0)
    H5Dclose (dataset);
  H5Sclose (space);
  return status >= 0;
}

static gboolean
events_put (hid_t file, const GArray *events)
{
  hid_t group = H5Gcreate2 (file, "events", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  hid_t text = H5Tcopy (H5T_C_S1);
  guint k = events->len;
  g_autofree double *t = g_new0 (double, k + 1);
  g_autofree const char **component = g_new0 (const char *, k + 1);
  g_autofree const char **from = g_new0 (const char *, k + 1);
  g_autofree const char **to = g_new0 (const char *, k + 1);
  gboolean ok;

  for (guint i = 0; i < k; i++)
    {
      const MfResultsEvent *event = &g_array_index (events, MfResultsEvent, i);

      t[i] = event->t;
      component[i] = event->component;
      from[i] = event->from;
      to[i] = event->to;
    }
  ok = group >= 0 && text >= 0 && H5Tset_size (text, H5T_VARIABLE) >= 0
       && H5Tset_cset (text, H5T_CSET_UTF8) >= 0
       && table_put (group, "t", H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, k, t)
       && table_put (group, "component", text, text, k, component)
       && table_put (group, "from", text, text, k, from)
       && table_put (group, "to", text, text, k, to);
  if (text >= 0)
    H5Tclose (text);
  if (group >= 0)
    H5Gclose (group);
  return ok;
}

gboolean
mf_results_h5_close (MfResultsH5 *self, const MfResultsWriter *writer, GError **error)
{
  gboolean ok = block_flush (self, error);

  if (ok && !events_put (self->file, writer->events))
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
