/* test-stored-runs.c: runs as HDF5 files hold them (mf-stored-run.h) — a
 * runs file of several runs written and read back with every double bit
 * for bit, every name, unit, attribute, list and event as written; a
 * result file written by the results writer (mf-results.h) read back by
 * the same reader; an empty run; and a file that is missing, not HDF5, an
 * HDF5 file of something else, of a later version or cut short refused
 * with a message naming it, never a crash.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>
#include <hdf5.h>
#include <math.h>
#include <string.h>

#include "mf-error.h"
#include "mf-results.h"
#include "mf-stored-run.h"

/* Run k of the file: 5 + k samples, two columns whose values are awkward
 * doubles (thirds, a subnormal, -0.0, NaN, infinities), modes, an event
 * per run and a list. */
static MfStoredRun *
run_new (guint k)
{
  MfStoredRun *run = mf_stored_run_new ();
  guint n = 5 + k;
  g_autofree double *t = g_new (double, n);
  g_autofree guint32 *modes = g_new (guint32, n);
  g_autofree double *a = g_new (double, n);
  g_autofree double *b = g_new (double, n);
  const char *const list[] = { "O1.area", "C1.mass", "", NULL };

  for (guint i = 0; i < n; i++)
    {
      t[i] = i / 3.0;
      modes[i] = i % 2 + k;
      a[i] = (i + 1) * 1e5 / 7.0;
      b[i] = i == 0 ? -0.0 : i == 1 ? 4.9e-324 : i == 2 ? NAN : i == 3 ? -INFINITY : 1.0 / i;
    }
  mf_stored_run_set_samples (run, n, t, modes);
  mf_stored_run_add_column (run, "J1.p", "Pa", a);
  mf_stored_run_add_column (run, "CV1.open", NULL, b);
  mf_stored_run_set_text (run, "label", k == 0 ? "Run 1" : "O1.area = 4 mm²");
  mf_stored_run_set_number (run, "stats.steps", 1478 + k);
  mf_stored_run_set_number (run, "rtol", 1e-6 / 3);
  mf_stored_run_set_list (run, "param_names", list);
  mf_stored_run_set_list (run, "empty", NULL);
  mf_stored_run_add_event (run, 0.125 * (k + 1), "CV1", "open", "closed");
  return run;
}

static void
assert_same_doubles (const double *a, const double *b, guint n)
{
  /* bit for bit: NaN, -0.0 and subnormals included */
  g_assert_cmpmem (a, n * sizeof (double), b, n * sizeof (double));
}

static void
assert_same_run (const MfStoredRun *a, const MfStoredRun *b)
{
  g_assert_cmpuint (a->n_samples, ==, b->n_samples);
  assert_same_doubles (a->times, b->times, a->n_samples);
  g_assert_cmpmem (a->modes, a->n_samples * sizeof (guint32), b->modes,
                   b->n_samples * sizeof (guint32));
  g_assert_cmpuint (a->n_columns, ==, b->n_columns);
  for (guint c = 0; c < a->n_columns; c++)
    {
      g_assert_cmpstr (a->names[c], ==, b->names[c]);
      g_assert_cmpstr (a->units[c], ==, b->units[c]);
      assert_same_doubles (a->columns[c], b->columns[c], a->n_samples);
    }
  g_assert_cmpuint (a->events->len, ==, b->events->len);
  for (guint i = 0; i < a->events->len; i++)
    {
      const MfStoredEvent *x = &g_array_index (a->events, MfStoredEvent, i);
      const MfStoredEvent *y = &g_array_index (b->events, MfStoredEvent, i);

      g_assert_cmpfloat (x->t, ==, y->t);
      g_assert_cmpstr (x->component, ==, y->component);
      g_assert_cmpstr (x->from, ==, y->from);
      g_assert_cmpstr (x->to, ==, y->to);
    }
  g_assert_cmpuint (mf_stored_run_get_n_attributes (a), ==, mf_stored_run_get_n_attributes (b));
  for (guint i = 0; i < mf_stored_run_get_n_attributes (a); i++)
    {
      const char *text;
      double value;
      const char *name = mf_stored_run_get_attribute (a, i, &text, &value);

      if (text != NULL)
        g_assert_cmpstr (mf_stored_run_get_text (b, name), ==, text);
      else
        g_assert_cmpmem (&value, sizeof value, &(double) { mf_stored_run_get_number (b, name) },
                         sizeof value);
    }
  g_assert_cmpuint (mf_stored_run_get_n_lists (a), ==, mf_stored_run_get_n_lists (b));
  for (guint i = 0; i < mf_stored_run_get_n_lists (a); i++)
    {
      const char *name = mf_stored_run_get_list_name (a, i);

      g_assert_nonnull (mf_stored_run_get_list (b, name));
      g_assert_true (g_strv_equal ((const char *const *) mf_stored_run_get_list (a, name),
                                   (const char *const *) mf_stored_run_get_list (b, name)));
    }
}

static char *
temp_path (const char *name)
{
  g_autofree char *dir = g_dir_make_tmp ("mf-stored-runs-XXXXXX", NULL);

  g_assert_nonnull (dir);
  return g_build_filename (dir, name, NULL);
}

static void
write_runs (const char *path, GPtrArray *runs, double n_made)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (MfOutputFile) out = mf_output_file_new (path, &error);

  g_assert_no_error (error);
  g_assert_true (mf_stored_runs_write_h5 (out, "Manifold test", runs, n_made, &error));
  g_assert_no_error (error);
  g_assert_true (mf_output_file_commit (out, &error));
  g_assert_no_error (error);
}

static void
test_round_trip (void)
{
  g_autofree char *path = temp_path ("c.manifold.runs.h5");
  g_autoptr (GPtrArray) runs = g_ptr_array_new_with_free_func ((GDestroyNotify)
                                                                 mf_stored_run_free);
  g_autoptr (GPtrArray) back = NULL;
  g_autoptr (GError) error = NULL;
  double n_made = 0;

  /* eleven runs: "10" comes after "9" by the order made, not by name */
  for (guint k = 0; k < 11; k++)
    g_ptr_array_add (runs, run_new (k));
  write_runs (path, runs, 14);
  back = mf_stored_runs_read_h5 (path, &n_made, &error);
  g_assert_no_error (error);
  g_assert_nonnull (back);
  g_assert_cmpfloat (n_made, ==, 14);
  g_assert_cmpuint (back->len, ==, runs->len);
  for (guint k = 0; k < runs->len; k++)
    assert_same_run (g_ptr_array_index (runs, k), g_ptr_array_index (back, k));
  g_assert_cmpstr (mf_stored_run_get_text (g_ptr_array_index (back, 1), "label"), ==,
                   "O1.area = 4 mm²");
}

static void
test_empty_run (void)
{
  g_autofree char *path = temp_path ("empty.runs.h5");
  g_autoptr (GPtrArray) runs = g_ptr_array_new_with_free_func ((GDestroyNotify)
                                                                 mf_stored_run_free);
  g_autoptr (GPtrArray) back = NULL;
  g_autoptr (GError) error = NULL;
  double n_made = 0;

  g_ptr_array_add (runs, mf_stored_run_new ());
  write_runs (path, runs, 1);
  back = mf_stored_runs_read_h5 (path, &n_made, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (back->len, ==, 1);
  assert_same_run (g_ptr_array_index (runs, 0), g_ptr_array_index (back, 0));
}

/* What `manifold-cli simulate -o x.h5` writes, read by the same reader:
 * the doubles handed to the writer, the event, the method. */
static void
test_result_file (void)
{
  g_autofree char *path = temp_path ("run.h5");
  g_autoptr (GError) error = NULL;
  g_autoptr (MfOutputFile) out = mf_output_file_new (path, &error);
  const char *names[] = { "P1.v", "J1.p" }, *units[] = { "m/s", "Pa" };
  MfResultsInfo info = { "Manifold test", NULL, NULL, "rkf45", 1e-6, NAN, 2.0, FALSE };
  g_autoptr (MfResultsWriter) writer = mf_results_writer_open (out, MF_RESULTS_HDF5, &info,
                                                               &error);
  g_autoptr (MfStoredRun) run = NULL;
  const double rows[3][2] = { { 0.5, 1e5 }, { 1.0 / 3.0, 123456789012.0 }, { -0.0, NAN } };

  g_assert_no_error (error);
  g_assert_true (mf_results_writer_begin (writer, 2, names, units, &error));
  for (guint i = 0; i < 3; i++)
    g_assert_true (mf_results_writer_add (writer, i * 0.1, i, rows[i], &error));
  mf_results_writer_add_event (writer, 0.125, "CV1", "open", "closed");
  g_assert_true (mf_results_writer_close (writer, &error));
  g_assert_true (mf_output_file_commit (out, &error));
  g_assert_no_error (error);

  run = mf_results_h5_read (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (run->n_samples, ==, 3);
  g_assert_cmpuint (run->n_columns, ==, 2);
  g_assert_cmpstr (run->names[1], ==, "J1.p");
  g_assert_cmpstr (run->units[0], ==, "m/s");
  for (guint i = 0; i < 3; i++)
    {
      double t = i * 0.1;

      g_assert_cmpmem (&run->times[i], sizeof (double), &t, sizeof (double));
      g_assert_cmpuint (run->modes[i], ==, i);
      g_assert_cmpmem (&run->columns[0][i], sizeof (double), &rows[i][0], sizeof (double));
      g_assert_cmpmem (&run->columns[1][i], sizeof (double), &rows[i][1], sizeof (double));
    }
  g_assert_cmpuint (run->events->len, ==, 1);
  g_assert_cmpstr (g_array_index (run->events, MfStoredEvent, 0).to, ==, "closed");
  g_assert_cmpstr (mf_stored_run_get_text (run, "method"), ==, "rkf45");
  g_assert_cmpfloat (mf_stored_run_get_number (run, "t_end"), ==, 2.0);
  g_assert_true (isnan (mf_stored_run_get_number (run, "atol")));
}

static void
assert_refused (const char *path, int code)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *base = g_path_get_basename (path);
  double n_made;
  GPtrArray *runs = mf_stored_runs_read_h5 (path, &n_made, &error);

  g_assert_null (runs);
  g_assert_error (error, MF_ERROR, code);
  g_assert_nonnull (strstr (error->message, base));
}

static void
test_refused (void)
{
  g_autofree char *missing = temp_path ("missing.runs.h5");
  g_autofree char *text = temp_path ("text.runs.h5");
  g_autofree char *foreign = temp_path ("foreign.runs.h5");
  g_autofree char *later = temp_path ("later.runs.h5");
  g_autofree char *cut = temp_path ("cut.runs.h5");
  g_autoptr (GPtrArray) runs = g_ptr_array_new_with_free_func ((GDestroyNotify)
                                                                 mf_stored_run_free);
  g_autofree char *contents = NULL;
  gsize length;
  hid_t file, attribute;
  double version = 2;

  assert_refused (missing, MF_ERROR_IO);
  g_assert_true (g_file_set_contents (text, "not HDF5 at all\n", -1, NULL));
  assert_refused (text, MF_ERROR_INVALID);

  /* an HDF5 file without the mark */
  file = H5Fcreate (foreign, H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
  g_assert_cmpint (file, >=, 0);
  H5Fclose (file);
  assert_refused (foreign, MF_ERROR_INVALID);

  /* a later version of the layout */
  g_ptr_array_add (runs, run_new (0));
  write_runs (later, runs, 1);
  file = H5Fopen (later, H5F_ACC_RDWR, H5P_DEFAULT);
  attribute = H5Aopen (file, "version", H5P_DEFAULT);
  g_assert_cmpint (H5Awrite (attribute, H5T_NATIVE_DOUBLE, &version), >=, 0);
  H5Aclose (attribute);
  H5Fclose (file);
  assert_refused (later, MF_ERROR_VERSION);

  /* cut in half: the superblock may still be read, the runs cannot */
  write_runs (cut, runs, 1);
  g_assert_true (g_file_get_contents (cut, &contents, &length, NULL));
  g_assert_true (g_file_set_contents (cut, contents, (gssize) length / 2, NULL));
  assert_refused (cut, MF_ERROR_INVALID);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/stored-runs/round-trip", test_round_trip);
  g_test_add_func ("/stored-runs/empty-run", test_empty_run);
  g_test_add_func ("/stored-runs/result-file", test_result_file);
  g_test_add_func ("/stored-runs/refused", test_refused);
  return g_test_run ();
}
