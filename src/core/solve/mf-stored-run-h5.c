/* mf-stored-run-h5.c: runs written to a runs file (mf-stored-run.h):
 *
 *   /            attributes content = "manifold-runs", version = 1,
 *                producer, n_made
 *   /runs/N      one group per run, "1", "2", … in order, each a run as
 *                mf-results-h5-layout.h lays it out, with its attributes
 *                and a group "lists" of string datasets
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-stored-run.h"

#include <glib/gi18n.h>

#include "mf-results-h5-layout.h"

static gboolean
attributes_put (hid_t where, const MfStoredRun *run)
{
  for (guint i = 0; i < mf_stored_run_get_n_attributes (run); i++)
    {
      const char *text;
      double value;
      const char *name = mf_stored_run_get_attribute (run, i, &text, &value);

      if (text != NULL ? !mf_h5_put_string (where, name, text)
                       : !mf_h5_put_double (where, name, value))
        return FALSE;
    }
  return TRUE;
}

static gboolean
lists_put (hid_t where, const MfStoredRun *run)
{
  hid_t group = mf_h5_ordered_group_new (where, MF_H5_LISTS);
  gboolean ok = group >= 0;

  for (guint i = 0; ok && i < mf_stored_run_get_n_lists (run); i++)
    {
      const char *name = mf_stored_run_get_list_name (run, i);
      const char *const *items = mf_stored_run_get_list (run, name);

      ok = mf_h5_strings_put (group, name, g_strv_length ((char **) items), items);
    }
  if (group >= 0)
    H5Gclose (group);
  return ok;
}

static gboolean
close_dataset (hid_t dataset)
{
  return dataset >= 0 && H5Dclose (dataset) >= 0;
}

static gboolean
samples_put (hid_t where, const MfStoredRun *run)
{
  hid_t group;
  hid_t modes = mf_h5_growing_new (where, MF_H5_MODE, H5T_STD_U32LE);
  gboolean ok = close_dataset (mf_h5_column_new (where, MF_H5_TIME, "s", run->n_samples,
                                                 run->times))
                && modes >= 0
                && (run->n_samples == 0
                    || mf_h5_append (modes, 0, run->n_samples, H5T_NATIVE_UINT32, run->modes));

  if (modes >= 0)
    H5Dclose (modes);
  group = ok ? mf_h5_ordered_group_new (where, MF_H5_SERIES) : -1;
  ok = ok && group >= 0;
  for (guint c = 0; ok && c < run->n_columns; c++)
    {
      g_autofree char *name = mf_h5_series_name (run->names[c]);

      ok = close_dataset (mf_h5_column_new (group, name, run->units[c], run->n_samples,
                                            run->columns[c]));
    }
  if (group >= 0)
    H5Gclose (group);
  return ok;
}

static gboolean
run_put (hid_t runs, guint i, const MfStoredRun *run)
{
  g_autofree char *name = g_strdup_printf ("%u", i + 1);
  hid_t group = H5Gcreate2 (runs, name, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  gboolean ok = group >= 0 && attributes_put (group, run) && samples_put (group, run)
                && mf_h5_events_put (group, run->events) && lists_put (group, run);

  if (group >= 0)
    H5Gclose (group);
  return ok;
}

gboolean
mf_stored_runs_write_h5 (MfOutputFile *out, const char *producer, GPtrArray *runs, double n_made,
                         GError **error)
{
  const char *path = mf_output_file_open_path (out, error);
  hid_t file, group = -1;
  gboolean ok;

  if (path == NULL)
    return FALSE;
  mf_h5_quiet ();
  /* the temporary file exists: HDF5 truncates and writes it */
  file = H5Fcreate (path, H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
  ok = file >= 0 && mf_h5_put_string (file, "content", MF_STORED_RUNS_CONTENT)
       && mf_h5_put_double (file, "version", MF_STORED_RUNS_VERSION)
       && mf_h5_put_string (file, "producer", producer)
       && mf_h5_put_double (file, "n_made", n_made);
  group = ok ? mf_h5_ordered_group_new (file, "runs") : -1;
  ok = ok && group >= 0;
  for (guint i = 0; ok && i < runs->len; i++)
    ok = run_put (group, i, g_ptr_array_index (runs, i));
  if (group >= 0)
    H5Gclose (group);
  if (file >= 0 && H5Fclose (file) < 0)
    ok = FALSE;
  if (!ok)
    {
      g_autofree char *detail = mf_h5_take_error ();

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("cannot write %s: %s"),
                   mf_output_file_get_name (out),
                   detail != NULL ? detail : _("the HDF5 library could not write the runs"));
    }
  return ok;
}
