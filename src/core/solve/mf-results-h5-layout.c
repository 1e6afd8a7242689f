/* mf-results-h5-layout.c: the steps a run's HDF5 group is written with,
 * shared by result files and runs files (mf-results-h5-layout.h).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-results-h5-layout.h"

#include <string.h>

void
mf_h5_quiet (void)
{
  H5Eset_auto2 (H5E_DEFAULT, NULL, NULL);
}

static herr_t
take_first (unsigned n, const H5E_error2_t *entry, void *data)
{
  char **message = data;

  if (*message == NULL && entry->desc != NULL)
    *message = g_strdup (entry->desc);
  return 0;
}

char *
mf_h5_take_error (void)
{
  char *detail = NULL;

  H5Ewalk2 (H5E_DEFAULT, H5E_WALK_UPWARD, take_first, &detail);
  H5Eclear2 (H5E_DEFAULT);
  return detail;
}

gboolean
mf_h5_put_string (hid_t where, const char *name, const char *text)
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

gboolean
mf_h5_put_double (hid_t where, const char *name, double value)
{
  hid_t space = H5Screate (H5S_SCALAR);
  hid_t attribute = H5Acreate2 (where, name, H5T_IEEE_F64LE, space, H5P_DEFAULT, H5P_DEFAULT);
  herr_t status = attribute >= 0 ? H5Awrite (attribute, H5T_NATIVE_DOUBLE, &value) : -1;

  if (attribute >= 0)
    H5Aclose (attribute);
  H5Sclose (space);
  return status >= 0;
}

hid_t
mf_h5_growing_new (hid_t where, const char *name, hid_t type)
{
  hsize_t dims = 0, max = H5S_UNLIMITED, chunk = MF_H5_CHUNK;
  hid_t space = H5Screate_simple (1, &dims, &max);
  hid_t properties = H5Pcreate (H5P_DATASET_CREATE);
  hid_t dataset = -1;

  if (space >= 0 && properties >= 0 && H5Pset_chunk (properties, 1, &chunk) >= 0)
    dataset = H5Dcreate2 (where, name, type, space, H5P_DEFAULT, properties, H5P_DEFAULT);
  H5Pclose (properties);
  H5Sclose (space);
  return dataset;
}

gboolean
mf_h5_append (hid_t dataset, hsize_t n_rows, hsize_t count, hid_t type, const void *values)
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

hid_t
mf_h5_ordered_group_new (hid_t where, const char *name)
{
  hid_t properties = H5Pcreate (H5P_GROUP_CREATE);
  hid_t group = -1;

  if (properties >= 0
      && H5Pset_link_creation_order (properties, H5P_CRT_ORDER_TRACKED | H5P_CRT_ORDER_INDEXED)
           >= 0)
    group = H5Gcreate2 (where, name, H5P_DEFAULT, properties, H5P_DEFAULT);
  H5Pclose (properties);
  return group;
}

hid_t
mf_h5_column_new (hid_t where, const char *name, const char *unit, hsize_t k,
                  const double *values)
{
  hid_t dataset = mf_h5_growing_new (where, name, H5T_IEEE_F64LE);

  if (dataset >= 0
      && (!mf_h5_put_string (dataset, MF_H5_UNIT, unit != NULL ? unit : "")
          || (k > 0 && !mf_h5_append (dataset, 0, k, H5T_NATIVE_DOUBLE, values))))
    {
      H5Dclose (dataset);
      return -1;
    }
  return dataset;
}

char *
mf_h5_series_name (const char *name)
{
  return g_strdelimit (g_strdup (name), "/", '_');
}

gboolean
mf_h5_table_put (hid_t where, const char *name, hid_t type, hid_t memory_type, hsize_t k,
                 const void *values)
{
  hid_t space = H5Screate_simple (1, &k, NULL);
  hid_t dataset = H5Dcreate2 (where, name, type, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  herr_t status = dataset >= 0 ? 0 : -1;

  if (dataset >= 0 && k > 0)
    status = H5Dwrite (dataset, memory_type, H5S_ALL, H5S_ALL, H5P_DEFAULT, values);
  if (dataset >= 0)
    H5Dclose (dataset);
  H5Sclose (space);
  return status >= 0;
}

gboolean
mf_h5_strings_put (hid_t where, const char *name, hsize_t k, const char *const *texts)
{
  hid_t text = H5Tcopy (H5T_C_S1);
  gboolean ok = text >= 0 && H5Tset_size (text, H5T_VARIABLE) >= 0
                && H5Tset_cset (text, H5T_CSET_UTF8) >= 0
                && mf_h5_table_put (where, name, text, text, k, texts);

  if (text >= 0)
    H5Tclose (text);
  return ok;
}

gboolean
mf_h5_events_put (hid_t where, const GArray *events)
{
  guint k = events->len;
  g_autofree double *t = g_new0 (double, k + 1);
  g_autofree const char **component = g_new0 (const char *, k + 1);
  g_autofree const char **from = g_new0 (const char *, k + 1);
  g_autofree const char **to = g_new0 (const char *, k + 1);
  hid_t group;
  gboolean ok;

  for (guint i = 0; i < k; i++)
    {
      const MfStoredEvent *event = &g_array_index (events, MfStoredEvent, i);

      t[i] = event->t;
      component[i] = event->component;
      from[i] = event->from;
      to[i] = event->to;
    }
  group = H5Gcreate2 (where, MF_H5_EVENTS, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  ok = group >= 0
       && mf_h5_table_put (group, MF_H5_TIME, H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, k, t)
       && mf_h5_strings_put (group, MF_H5_COMPONENT, k, component)
       && mf_h5_strings_put (group, MF_H5_FROM, k, from)
       && mf_h5_strings_put (group, MF_H5_TO, k, to);
  if (group >= 0)
    H5Gclose (group);
  return ok;
}
