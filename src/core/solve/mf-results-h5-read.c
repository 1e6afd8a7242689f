/* mf-results-h5-read.c: runs read back from HDF5 — a result file's one
 * run at its root, or a runs file's runs (mf-stored-run.h) — in the
 * layout of mf-results-h5-layout.h.  Whatever the file holds is checked
 * before it is used: a dataset of the wrong length or type, a missing
 * part, is an error naming the file, never a crash.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-stored-run.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "mf-error.h"
#include "mf-results-h5-layout.h"

/* A string attribute's text (fixed or variable length), or NULL. */
static char *
attribute_text (hid_t attribute)
{
  hid_t type = H5Aget_type (attribute);
  char *text = NULL;

  if (type >= 0 && H5Tget_class (type) == H5T_STRING)
    {
      if (H5Tis_variable_str (type) > 0)
        {
          char *value = NULL;

          if (H5Aread (attribute, type, &value) >= 0 && value != NULL)
            {
              text = g_strdup (value);
              H5free_memory (value);
            }
        }
      else
        {
          gsize size = H5Tget_size (type);

          text = g_malloc0 (size + 1);
          if (size == 0 || H5Aread (attribute, type, text) < 0)
            g_clear_pointer (&text, g_free);
        }
    }
  if (type >= 0)
    H5Tclose (type);
  return text;
}

static char *
text_of (hid_t where, const char *name)
{
  hid_t attribute;
  char *text;

  if (H5Aexists (where, name) <= 0)
    return NULL;
  attribute = H5Aopen (where, name, H5P_DEFAULT);
  if (attribute < 0)
    return NULL;
  text = attribute_text (attribute);
  H5Aclose (attribute);
  return text;
}

static double
number_of (hid_t where, const char *name)
{
  hid_t attribute, type;
  double value = NAN;

  if (H5Aexists (where, name) <= 0)
    return NAN;
  attribute = H5Aopen (where, name, H5P_DEFAULT);
  type = attribute >= 0 ? H5Aget_type (attribute) : -1;
  if (type >= 0 && H5Tget_class (type) == H5T_FLOAT
      && H5Aread (attribute, H5T_NATIVE_DOUBLE, &value) < 0)
    value = NAN;
  if (type >= 0)
    H5Tclose (type);
  if (attribute >= 0)
    H5Aclose (attribute);
  return value;
}

static herr_t
attribute_visit (hid_t where, const char *name, const H5A_info_t *info, void *data)
{
  MfStoredRun *run = data;
  hid_t attribute = H5Aopen (where, name, H5P_DEFAULT);
  hid_t type = attribute >= 0 ? H5Aget_type (attribute) : -1;
  H5T_class_t kind = type >= 0 ? H5Tget_class (type) : H5T_NO_CLASS;
  double value;

  if (kind == H5T_STRING)
    {
      g_autofree char *text = attribute_text (attribute);

      if (text != NULL)
        mf_stored_run_set_text (run, name, text);
    }
  else if (kind == H5T_FLOAT && H5Aread (attribute, H5T_NATIVE_DOUBLE, &value) >= 0)
    mf_stored_run_set_number (run, name, value);
  if (type >= 0)
    H5Tclose (type);
  if (attribute >= 0)
    H5Aclose (attribute);
  return 0;
}

/* The length of a one-dimensional dataset, or -1. */
static gssize
dataset_length (hid_t dataset)
{
  hid_t space = H5Dget_space (dataset);
  hsize_t size = 0;
  gssize length = -1;

  if (space >= 0 && H5Sget_simple_extent_ndims (space) == 1
      && H5Sget_simple_extent_dims (space, &size, NULL) == 1 && size < G_MAXUINT32)
    length = (gssize) size;
  if (space >= 0)
    H5Sclose (space);
  return length;
}

/* The `n` numbers of dataset `name` as `memory_type` into a new array
 * (class `kind`), or NULL when it is missing, of another class or
 * length.  With `unit`, its unit attribute too. */
static gpointer
numbers_read (hid_t where, const char *name, H5T_class_t kind, hid_t memory_type, gsize size,
              gssize n, char **unit)
{
  hid_t dataset = H5Lexists (where, name, H5P_DEFAULT) > 0
                    ? H5Dopen2 (where, name, H5P_DEFAULT) : -1;
  hid_t type = dataset >= 0 ? H5Dget_type (dataset) : -1;
  gpointer values = NULL;

  if (type >= 0 && H5Tget_class (type) == kind && dataset_length (dataset) == n)
    {
      values = g_malloc0 (size * (gsize) MAX (n, 1));
      if (n > 0
          && H5Dread (dataset, memory_type, H5S_ALL, H5S_ALL, H5P_DEFAULT, values) < 0)
        g_clear_pointer (&values, g_free);
    }
  if (values != NULL && unit != NULL)
    *unit = text_of (dataset, MF_H5_UNIT);
  if (type >= 0)
    H5Tclose (type);
  if (dataset >= 0)
    H5Dclose (dataset);
  return values;
}

/* The strings of dataset `name` (NULL-terminated), or NULL; `n` -1 for
 * any length, else the length it must have. */
static GStrv
strings_read (hid_t where, const char *name, gssize n)
{
  hid_t dataset = H5Lexists (where, name, H5P_DEFAULT) > 0
                    ? H5Dopen2 (where, name, H5P_DEFAULT) : -1;
  hid_t type = dataset >= 0 ? H5Dget_type (dataset) : -1;
  gssize length = dataset >= 0 ? dataset_length (dataset) : -1;
  GStrv texts = NULL;

  if (type >= 0 && H5Tis_variable_str (type) > 0 && length >= 0 && (n < 0 || length == n))
    {
      g_autofree char **raw = g_new0 (char *, length + 1);

      if (length == 0 || H5Dread (dataset, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, raw) >= 0)
        {
          texts = g_new0 (char *, length + 1);
          for (gssize i = 0; i < length; i++)
            texts[i] = g_strdup (raw[i] != NULL ? raw[i] : "");
        }
      for (gssize i = 0; i < length; i++)
        if (raw[i] != NULL)
          H5free_memory (raw[i]);
    }
  if (type >= 0)
    H5Tclose (type);
  if (dataset >= 0)
    H5Dclose (dataset);
  return texts;
}

typedef struct
{
  MfStoredRun *run;
  gboolean     ok;
} Visit;

static herr_t
series_visit (hid_t group, const char *name, const H5L_info_t *info, void *data)
{
  Visit *visit = data;
  g_autofree char *unit = NULL;
  g_autofree double *values = numbers_read (group, name, H5T_FLOAT, H5T_NATIVE_DOUBLE,
                                            sizeof (double), visit->run->n_samples, &unit);

  if (values == NULL)
    {
      visit->ok = FALSE;
      return 1;
    }
  mf_stored_run_add_column (visit->run, name, unit, values);
  return 0;
}

static herr_t
list_visit (hid_t group, const char *name, const H5L_info_t *info, void *data)
{
  Visit *visit = data;
  g_auto (GStrv) items = strings_read (group, name, -1);

  if (items == NULL)
    {
      visit->ok = FALSE;
      return 1;
    }
  mf_stored_run_set_list (visit->run, name, (const char *const *) items);
  return 0;
}

/* Visits every member of group `name` of `where` in the order made (by
 * name when the file did not track it); a missing group is none. */
static gboolean
members_visit (hid_t where, const char *name, H5L_iterate_t visit_func, MfStoredRun *run)
{
  Visit visit = { run, TRUE };
  hid_t group;
  hsize_t index = 0;

  if (H5Lexists (where, name, H5P_DEFAULT) <= 0)
    return TRUE;
  group = H5Gopen2 (where, name, H5P_DEFAULT);
  if (group < 0)
    return FALSE;
  if (H5Literate (group, H5_INDEX_CRT_ORDER, H5_ITER_INC, &index, visit_func, &visit) < 0)
    {
      H5Eclear2 (H5E_DEFAULT);
      index = 0;
      visit.ok = H5Literate (group, H5_INDEX_NAME, H5_ITER_INC, &index, visit_func, &visit) >= 0
                 && visit.ok;
    }
  H5Gclose (group);
  return visit.ok;
}

static gboolean
events_read (hid_t where, MfStoredRun *run)
{
  hid_t group;
  g_autofree double *t = NULL;
  g_auto (GStrv) component = NULL;
  g_auto (GStrv) from = NULL;
  g_auto (GStrv) to = NULL;
  gssize k = -1;

  if (H5Lexists (where, MF_H5_EVENTS, H5P_DEFAULT) <= 0)
    return TRUE;
  group = H5Gopen2 (where, MF_H5_EVENTS, H5P_DEFAULT);
  if (group < 0)
    return FALSE;
  component = strings_read (group, MF_H5_COMPONENT, -1);
  if (component != NULL)
    k = g_strv_length (component);
  from = strings_read (group, MF_H5_FROM, k);
  to = strings_read (group, MF_H5_TO, k);
  t = k >= 0 ? numbers_read (group, MF_H5_TIME, H5T_FLOAT, H5T_NATIVE_DOUBLE, sizeof (double),
                             k, NULL)
             : NULL;
  H5Gclose (group);
  if (t == NULL || from == NULL || to == NULL)
    return FALSE;
  for (gssize i = 0; i < k; i++)
    mf_stored_run_add_event (run, t[i], component[i], from[i], to[i]);
  return TRUE;
}

/* The run laid out at `where`, or NULL when a part is missing or wrong. */
static MfStoredRun *
run_read (hid_t where)
{
  g_autoptr (MfStoredRun) run = mf_stored_run_new ();
  hid_t dataset = H5Lexists (where, MF_H5_TIME, H5P_DEFAULT) > 0
                    ? H5Dopen2 (where, MF_H5_TIME, H5P_DEFAULT) : -1;
  gssize n = dataset >= 0 ? dataset_length (dataset) : -1;
  g_autofree double *times = NULL;
  g_autofree guint32 *modes = NULL;
  hsize_t index = 0;

  if (dataset >= 0)
    H5Dclose (dataset);
  if (n < 0)
    return NULL;
  times = numbers_read (where, MF_H5_TIME, H5T_FLOAT, H5T_NATIVE_DOUBLE, sizeof (double), n,
                        NULL);
  modes = numbers_read (where, MF_H5_MODE, H5T_INTEGER, H5T_NATIVE_UINT32, sizeof (guint32), n,
                        NULL);
  if (times == NULL || modes == NULL)
    return NULL;
  mf_stored_run_set_samples (run, (guint) n, times, modes);
  H5Aiterate2 (where, H5_INDEX_NAME, H5_ITER_INC, &index, attribute_visit, run);
  if (!members_visit (where, MF_H5_SERIES, series_visit, run)
      || !members_visit (where, MF_H5_LISTS, list_visit, run) || !events_read (where, run))
    return NULL;
  return g_steal_pointer (&run);
}

/* The file open for reading, or -1 with an error naming it. */
static hid_t
file_open (const char *path, GError **error)
{
  g_autofree char *name = g_filename_display_name (path);
  hid_t file;

  mf_h5_quiet ();
  if (!g_file_test (path, G_FILE_TEST_IS_REGULAR) || g_access (path, R_OK) != 0)
    {
      g_set_error (error, MF_ERROR, MF_ERROR_IO, _("cannot read %s: %s"), name,
                   g_strerror (ENOENT));
      return -1;
    }
  file = H5Fopen (path, H5F_ACC_RDONLY, H5P_DEFAULT);
  H5Eclear2 (H5E_DEFAULT);
  if (file < 0)
    g_set_error (error, MF_ERROR, MF_ERROR_INVALID, _("%s is not an HDF5 file"), name);
  return file;
}

static void
set_damaged (GError **error, const char *path)
{
  g_autofree char *name = g_filename_display_name (path);

  H5Eclear2 (H5E_DEFAULT);
  g_set_error (error, MF_ERROR, MF_ERROR_INVALID,
               _("%s is damaged: a run's samples, columns or events cannot be read"), name);
}

MfStoredRun *
mf_results_h5_read (const char *path, GError **error)
{
  hid_t file = file_open (path, error);
  MfStoredRun *run;

  if (file < 0)
    return NULL;
  run = run_read (file);
  H5Fclose (file);
  if (run == NULL)
    set_damaged (error, path);
  return run;
}

static herr_t
run_visit (hid_t group, const char *name, const H5L_info_t *info, void *data)
{
  GPtrArray *runs = data;
  hid_t where = H5Gopen2 (group, name, H5P_DEFAULT);
  MfStoredRun *run = where >= 0 ? run_read (where) : NULL;

  if (where >= 0)
    H5Gclose (where);
  if (run == NULL)
    return -1;
  g_ptr_array_add (runs, run);
  return 0;
}

GPtrArray *
mf_stored_runs_read_h5 (const char *path, double *n_made, GError **error)
{
  g_autoptr (GPtrArray) runs = g_ptr_array_new_with_free_func ((GDestroyNotify) mf_stored_run_free);
  g_autofree char *name = g_filename_display_name (path);
  g_autofree char *content = NULL;
  hid_t file = file_open (path, error);
  hid_t group;
  double version;
  hsize_t index = 0;
  herr_t status;

  if (file < 0)
    return NULL;
  content = text_of (file, "content");
  version = number_of (file, "version");
  *n_made = number_of (file, "n_made");
  if (content == NULL || strcmp (content, MF_STORED_RUNS_CONTENT) != 0 || !(version >= 1))
    {
      H5Fclose (file);
      g_set_error (error, MF_ERROR, MF_ERROR_INVALID, _("%s does not hold runs of Manifold"), name);
      return NULL;
    }
  if (version > MF_STORED_RUNS_VERSION)
    {
      H5Fclose (file);
      g_set_error (error, MF_ERROR, MF_ERROR_VERSION,
                   _("%s holds runs of a later Manifold (version %g; this one reads %d)"), name,
                   version, MF_STORED_RUNS_VERSION);
      return NULL;
    }
  group = H5Lexists (file, "runs", H5P_DEFAULT) > 0 ? H5Gopen2 (file, "runs", H5P_DEFAULT) : -1;
  status = group >= 0 ? H5Literate (group, H5_INDEX_CRT_ORDER, H5_ITER_INC, &index, run_visit,
                                     runs)
                      : -1;
  if (group >= 0)
    H5Gclose (group);
  H5Fclose (file);
  if (status < 0)
    {
      set_damaged (error, path);
      return NULL;
    }
  return g_steal_pointer (&runs);
}
