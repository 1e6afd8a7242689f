/* test-results.c: result files (mf-results.h) — the format a name asks for,
 * and a run written as CSV, MAT v5, MAT v7.3 and HDF5 read back with matio
 * and libhdf5: the same doubles bit for bit as the run handed the writer,
 * which the CSV shows to ten digits, the names, units, event log and what
 * the run was; a write that fails or is dropped leaves the old file as it
 * was and no temporary file.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>
#include <hdf5.h>
#include <math.h>
#include <matio.h>
#include <string.h>

#include "mf-decimal.h"
#include "mf-results.h"
#include "mf-simulation.h"
#include "mf-test-examples.h"
#include "mf-test-mat.h"

/* ---- a run in memory ---------------------------------------------------- */

typedef struct
{
  guint      n;
  GPtrArray *names;  /* char* */
  GPtrArray *units;  /* char*, "" for none */
  GArray    *t;      /* double */
  GArray    *modes;  /* guint */
  GArray    *values; /* double, n per sample */
} Run;

static void
run_free (Run *run)
{
  g_ptr_array_unref (run->names);
  g_ptr_array_unref (run->units);
  g_array_unref (run->t);
  g_array_unref (run->modes);
  g_array_unref (run->values);
  g_free (run);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Run, run_free)

static Run *
run_new (void)
{
  Run *run = g_new0 (Run, 1);

  run->names = g_ptr_array_new_with_free_func (g_free);
  run->units = g_ptr_array_new_with_free_func (g_free);
  run->t = g_array_new (FALSE, FALSE, sizeof (double));
  run->modes = g_array_new (FALSE, FALSE, sizeof (guint));
  run->values = g_array_new (FALSE, FALSE, sizeof (double));
  return run;
}

static gboolean
keep_sample (double t, guint mode, const double *values, gpointer data)
{
  Run *run = data;

  g_array_append_val (run->t, t);
  g_array_append_val (run->modes, mode);
  g_array_append_vals (run->values, values, run->n);
  return TRUE;
}

/* The piston accumulator's run as the document sets it: 201 samples. */
static Run *
example_run (void)
{
  g_autoptr (MfTestCircuit) example = example_load ("piston-accumulator");
  g_autoptr (GError) error = NULL;
  MfSimulationOptions options;
  MfSimulationStats stats;
  Run *run = run_new ();
  guint n_outputs = mf_model_n_outputs (example->model);

  run->n = n_outputs + mf_simulation_n_switches (example->model);
  for (guint i = 0; i < run->n; i++)
    {
      const char *unit = i < n_outputs ? mf_model_output_unit (example->model, i) : NULL;

      g_ptr_array_add (run->names, i < n_outputs
                                     ? g_strdup (mf_model_output_name (example->model, i))
                                     : mf_simulation_switch_name (example->model, i - n_outputs));
      g_ptr_array_add (run->units, g_strdup (unit != NULL ? unit : ""));
    }
  mf_simulation_options_from_circuit (&options, example_circuit (example));
  g_assert_true (mf_simulate (example->model, &options, keep_sample, run, &stats, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (run->t->len, ==, 201);
  return run;
}

/* 10 000 samples of three values that no decimal writes exactly (a third,
 * a seventh...): more than two of the writers' 4096-row blocks, the last
 * one partial; a name with a '/' and a unit-less column. */
static Run *
long_run (void)
{
  const char *names[] = { "A1.v", "B/2.p", "count" };
  const char *units[] = { "m/s", "Pa", "" };
  Run *run = run_new ();

  run->n = 3;
  for (guint i = 0; i < 3; i++)
    {
      g_ptr_array_add (run->names, g_strdup (names[i]));
      g_ptr_array_add (run->units, g_strdup (units[i]));
    }
  for (guint s = 0; s < 10000; s++)
    {
      double row[3] = { s / 3.0, 1e5 + s / 7.0, s };

      keep_sample (s * 1e-3, s / 4000, row, run);
    }
  return run;
}

typedef struct
{
  double      t;
  const char *component, *from, *to;
} Event;

/* An event log with a comma and a word that is not ASCII. */
static const Event events[] = {
  { 0.05, "CV1", "closed", "open" },
  { 0.125, "schedule", "Mode, one", "Ström" },
};

static const MfResultsInfo info = {
  .producer = "Manifold test", .document = "/tmp/x.manifold", .title = "Title",
  .method = "ida", .rtol = 1e-6, .atol = 1e-9, .t_end = 0.2,
};

/* Writes `run` to `path` in `format`; `mat73` for MAT v7.3. */
static void
write_run (const Run *run, const char *path, MfResultsFormat format, gboolean mat73)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (MfOutputFile) out = mf_output_file_new (path, &error);
  g_autoptr (MfResultsWriter) writer = NULL;
  MfResultsInfo run_info = info;

  g_assert_no_error (error);
  run_info.mat73 = mat73;
  writer = mf_results_writer_open (out, format, &run_info, &error);
  g_assert_no_error (error);
  g_assert_true (mf_results_writer_begin (writer, run->n, (const char *const *) run->names->pdata,
                                          (const char *const *) run->units->pdata, &error));
  for (guint s = 0; s < run->t->len; s++)
    g_assert_true (mf_results_writer_add (writer, g_array_index (run->t, double, s),
                                          g_array_index (run->modes, guint, s),
                                          &g_array_index (run->values, double, s * run->n),
                                          &error));
  for (guint i = 0; i < G_N_ELEMENTS (events); i++)
    mf_results_writer_add_event (writer, events[i].t, events[i].component, events[i].from,
                                 events[i].to);
  g_assert_true (mf_results_writer_close (writer, &error));
  g_assert_no_error (error);
  g_assert_true (mf_output_file_commit (out, &error));
}

static double
value_of (const Run *run, guint s, guint c)
{
  return g_array_index (run->values, double, (gsize) s * run->n + c);
}

/* The same double, bit for bit (a NaN is the same NaN). */
static void
assert_same_double (double got, double expected)
{
  guint64 a, b;

  memcpy (&a, &got, sizeof a);
  memcpy (&b, &expected, sizeof b);
  if (a != b)
    g_error ("%.17g is not %.17g", got, expected);
}

/* ---- reading back --------------------------------------------------- */

static void
assert_csv (const Run *run, const char *path)
{
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  g_autoptr (GString) header = g_string_new ("t [s]");

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (guint c = 0; c < run->n; c++)
    {
      const char *unit = g_ptr_array_index (run->units, c);

      g_string_append_printf (header, ",%s", (char *) g_ptr_array_index (run->names, c));
      if (*unit != '\0')
        g_string_append_printf (header, " [%s]", unit);
    }
  g_string_append (header, ",solver.mode");
  g_assert_cmpstr (lines[0], ==, header->str);
  g_assert_cmpuint (g_strv_length (lines), ==, run->t->len + 2); /* the last line is empty */
  for (guint s = 0; s < run->t->len; s++)
    {
      g_auto (GStrv) fields = g_strsplit (lines[s + 1], ",", -1);
      char text_of[MF_DECIMAL_SIZE];

      g_assert_cmpuint (g_strv_length (fields), ==, run->n + 2);
      mf_decimal_format (text_of, g_array_index (run->t, double, s));
      g_assert_cmpstr (fields[0], ==, text_of);
      for (guint c = 0; c < run->n; c++)
        {
          mf_decimal_format (text_of, value_of (run, s, c));
          g_assert_cmpstr (fields[c + 1], ==, text_of);
        }
      g_assert_cmpuint (g_ascii_strtoull (fields[run->n + 1], NULL, 10), ==,
                        g_array_index (run->modes, guint, s));
    }
}

static void
assert_mat_cell (matvar_t *cell, guint k, const char *(*get) (const Run *, guint),
                 const Run *run)
{
  g_assert_nonnull (cell);
  g_assert_cmpint (cell->class_type, ==, MAT_C_CELL);
  g_assert_cmpuint (cell->dims[0] * cell->dims[1], ==, k);
  for (guint i = 0; i < k; i++)
    {
      g_autofree char *text = mf_test_mat_text (Mat_VarGetCell (cell, (int) i));

      g_assert_cmpstr (text, ==, get (run, i));
    }
}

static const char *
get_name (const Run *run, guint i)
{
  return g_ptr_array_index (run->names, i);
}

static const char *
get_unit (const Run *run, guint i)
{
  return g_ptr_array_index (run->units, i);
}

static const char *
get_component (const Run *run, guint i)
{
  return events[i].component;
}

static const char *
get_from (const Run *run, guint i)
{
  return events[i].from;
}

static const char *
get_to (const Run *run, guint i)
{
  return events[i].to;
}

static matvar_t *
mat_read (mat_t *mat, const char *name)
{
  matvar_t *var = Mat_VarRead (mat, name);

  if (var == NULL)
    g_error ("no variable %s", name);
  return var;
}

static void
assert_mat (const Run *run, const char *path, enum mat_ft version)
{
  mat_t *mat = Mat_Open (path, MAT_ACC_RDONLY);
  matvar_t *t, *data, *mode, *names, *units, *log, *meta;
  guint n_rows = run->t->len;
  g_autofree char *method = NULL;

  g_assert_nonnull (mat);
  g_assert_cmpint (Mat_GetVersion (mat), ==, version);
  t = mat_read (mat, "t");
  data = mat_read (mat, "data");
  mode = mat_read (mat, "mode");
  g_assert_cmpuint (t->dims[0], ==, n_rows);
  g_assert_cmpuint (t->dims[1], ==, 1);
  g_assert_cmpuint (data->dims[0], ==, n_rows);
  g_assert_cmpuint (data->dims[1], ==, run->n);
  g_assert_cmpint (data->class_type, ==, MAT_C_DOUBLE);
  for (guint s = 0; s < n_rows; s++)
    {
      assert_same_double (((double *) t->data)[s], g_array_index (run->t, double, s));
      assert_same_double (((double *) mode->data)[s], g_array_index (run->modes, guint, s));
      /* column-major: column c holds the value names{c} */
      for (guint c = 0; c < run->n; c++)
        assert_same_double (((double *) data->data)[(gsize) c * n_rows + s],
                            value_of (run, s, c));
    }
  names = mat_read (mat, "names");
  units = mat_read (mat, "units");
  assert_mat_cell (names, run->n, get_name, run);
  assert_mat_cell (units, run->n, get_unit, run);
  log = mat_read (mat, "events");
  g_assert_cmpuint (Mat_VarGetStructFieldByName (log, "t", 0)->dims[0], ==, 2);
  assert_same_double (((double *) Mat_VarGetStructFieldByName (log, "t", 0)->data)[1], 0.125);
  assert_mat_cell (Mat_VarGetStructFieldByName (log, "component", 0), 2, get_component, run);
  assert_mat_cell (Mat_VarGetStructFieldByName (log, "from", 0), 2, get_from, run);
  assert_mat_cell (Mat_VarGetStructFieldByName (log, "to", 0), 2, get_to, run);
  meta = mat_read (mat, "info");
  method = mf_test_mat_text (Mat_VarGetStructFieldByName (meta, "method", 0));
  g_assert_cmpstr (method, ==, "ida");
  assert_same_double (*(double *) Mat_VarGetStructFieldByName (meta, "rtol", 0)->data, 1e-6);
  assert_same_double (*(double *) Mat_VarGetStructFieldByName (meta, "t_end", 0)->data, 0.2);
  Mat_VarFree (t);
  Mat_VarFree (data);
  Mat_VarFree (mode);
  Mat_VarFree (names);
  Mat_VarFree (units);
  Mat_VarFree (log);
  Mat_VarFree (meta);
  Mat_Close (mat);
}

/* A 1-D dataset of `n` doubles. */
static double *
h5_doubles (hid_t file, const char *name, hsize_t n)
{
  hid_t dataset = H5Dopen2 (file, name, H5P_DEFAULT);
  hid_t space = H5Dget_space (dataset);
  hsize_t size = 0;
  double *values = g_new0 (double, n + 1);

  g_assert_cmpint (dataset, >=, 0);
  g_assert_cmpint (H5Sget_simple_extent_dims (space, &size, NULL), ==, 1);
  g_assert_cmpuint (size, ==, n);
  g_assert_cmpint (H5Dread (dataset, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, values),
                   >=, 0);
  H5Sclose (space);
  H5Dclose (dataset);
  return values;
}

/* A string attribute of `object` (fixed length). */
static char *
h5_attribute (hid_t object, const char *name)
{
  hid_t attribute = H5Aopen (object, name, H5P_DEFAULT);
  hid_t type = H5Aget_type (attribute);
  gsize size = H5Tget_size (type);
  char *text = g_malloc0 (size + 1);

  g_assert_cmpint (attribute, >=, 0);
  g_assert_cmpint (H5Aread (attribute, type, text), >=, 0);
  H5Tclose (type);
  H5Aclose (attribute);
  return text;
}

static void
assert_h5_strings (hid_t file, const char *name, const char *(*get) (const Run *, guint),
                   guint k)
{
  hid_t dataset = H5Dopen2 (file, name, H5P_DEFAULT);
  hid_t type = H5Dget_type (dataset);
  g_autofree char **texts = g_new0 (char *, k);

  g_assert_true (H5Tis_variable_str (type) > 0);
  g_assert_cmpint (H5Dread (dataset, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, texts), >=, 0);
  for (guint i = 0; i < k; i++)
    {
      g_assert_cmpstr (texts[i], ==, get (NULL, i));
      H5free_memory (texts[i]);
    }
  H5Tclose (type);
  H5Dclose (dataset);
}

static void
assert_h5 (const Run *run, const char *path)
{
  hid_t file = H5Fopen (path, H5F_ACC_RDONLY, H5P_DEFAULT);
  hsize_t n_rows = run->t->len;
  g_autofree double *t = NULL;
  g_autofree double *event_t = NULL;
  g_autofree char *method = NULL;
  g_autofree char *t_unit = NULL;
  guint32 *modes = g_new0 (guint32, n_rows + 1);
  hid_t dataset, group;
  double rtol = 0;

  g_assert_cmpint (file, >=, 0);
  t = h5_doubles (file, "t", n_rows);
  for (guint s = 0; s < n_rows; s++)
    assert_same_double (t[s], g_array_index (run->t, double, s));
  dataset = H5Dopen2 (file, "mode", H5P_DEFAULT);
  g_assert_cmpint (H5Dread (dataset, H5T_NATIVE_UINT32, H5S_ALL, H5S_ALL, H5P_DEFAULT, modes), >=,
                   0);
  H5Dclose (dataset);
  dataset = H5Dopen2 (file, "t", H5P_DEFAULT);
  t_unit = h5_attribute (dataset, "unit");
  g_assert_cmpstr (t_unit, ==, "s");
  H5Dclose (dataset);
  for (guint s = 0; s < n_rows; s++)
    g_assert_cmpuint (modes[s], ==, g_array_index (run->modes, guint, s));
  g_free (modes);
  /* the series in the CSV's order: the group's creation order */
  group = H5Gopen2 (file, "series", H5P_DEFAULT);
  for (guint c = 0; c < run->n; c++)
    {
      char name[256];
      g_autofree char *path_in = NULL;
      g_autofree double *values = NULL;
      g_autofree char *unit = NULL;
      g_autofree char *expected = g_strdelimit (g_strdup (get_name (run, c)), "/", '_');

      g_assert_cmpint (H5Lget_name_by_idx (group, ".", H5_INDEX_CRT_ORDER, H5_ITER_INC, c, name,
                                           sizeof name, H5P_DEFAULT), >, 0);
      g_assert_cmpstr (name, ==, expected);
      path_in = g_strdup_printf ("series/%s", name);
      values = h5_doubles (file, path_in, n_rows);
      for (guint s = 0; s < n_rows; s++)
        assert_same_double (values[s], value_of (run, s, c));
      dataset = H5Dopen2 (file, path_in, H5P_DEFAULT);
      unit = h5_attribute (dataset, "unit");
      g_assert_cmpstr (unit, ==, get_unit (run, c));
      H5Dclose (dataset);
    }
  H5Gclose (group);
  event_t = h5_doubles (file, "events/t", 2);
  assert_same_double (event_t[0], 0.05);
  assert_h5_strings (file, "events/component", get_component, 2);
  assert_h5_strings (file, "events/from", get_from, 2);
  assert_h5_strings (file, "events/to", get_to, 2);
  method = h5_attribute (file, "method");
  g_assert_cmpstr (method, ==, "ida");
  dataset = H5Aopen (file, "rtol", H5P_DEFAULT);
  g_assert_cmpint (H5Aread (dataset, H5T_NATIVE_DOUBLE, &rtol), >=, 0);
  H5Aclose (dataset);
  assert_same_double (rtol, 1e-6);
  H5Fclose (file);
}

/* ---- tests ------------------------------------------------------------- */

static void
test_format_for_path (void)
{
  g_assert_cmpint (mf_results_format_for_path ("run.mat"), ==, MF_RESULTS_MAT);
  g_assert_cmpint (mf_results_format_for_path ("dir/RUN.MAT"), ==, MF_RESULTS_MAT);
  g_assert_cmpint (mf_results_format_for_path ("run.h5"), ==, MF_RESULTS_HDF5);
  g_assert_cmpint (mf_results_format_for_path ("run.hdf5"), ==, MF_RESULTS_HDF5);
  g_assert_cmpint (mf_results_format_for_path ("run.csv"), ==, MF_RESULTS_CSV);
  g_assert_cmpint (mf_results_format_for_path ("run.txt"), ==, MF_RESULTS_CSV);
  g_assert_cmpint (mf_results_format_for_path ("run"), ==, MF_RESULTS_CSV);
  g_assert_cmpint (mf_results_format_for_path ("-"), ==, MF_RESULTS_CSV);
  /* a dot in a folder is no extension */
  g_assert_cmpint (mf_results_format_for_path ("a.mat/run"), ==, MF_RESULTS_CSV);
  g_assert_cmpint (mf_results_format_for_path ("run.mat.csv"), ==, MF_RESULTS_CSV);
}

static void
check_all_formats (const Run *run)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("manifold-results-XXXXXX", &error);
  g_autofree char *csv = g_build_filename (dir, "run.csv", NULL);
  g_autofree char *mat = g_build_filename (dir, "run.mat", NULL);
  g_autofree char *mat73 = g_build_filename (dir, "run73.mat", NULL);
  g_autofree char *h5 = g_build_filename (dir, "run.h5", NULL);

  g_assert_no_error (error);
  write_run (run, csv, MF_RESULTS_CSV, FALSE);
  write_run (run, mat, MF_RESULTS_MAT, FALSE);
  write_run (run, mat73, MF_RESULTS_MAT, TRUE);
  write_run (run, h5, MF_RESULTS_HDF5, FALSE);
  assert_csv (run, csv);
  assert_mat (run, mat, MAT_FT_MAT5);
  assert_mat (run, mat73, MAT_FT_MAT73);
  assert_h5 (run, h5);
  g_unlink (csv);
  g_unlink (mat);
  g_unlink (mat73);
  g_unlink (h5);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_example_round_trip (void)
{
  g_autoptr (Run) run = example_run ();

  check_all_formats (run);
}

static void
test_long_round_trip (void)
{
  g_autoptr (Run) run = long_run ();

  check_all_formats (run);
}

/* A writer dropped before its commit, in every format, over a file that
 * holds "old": the file is as it was and nothing else is left beside it. */
static void
test_dropped_write (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("manifold-results-XXXXXX", &error);
  const char *names[] = { "run.csv", "run.mat", "run.h5" };
  double values[1] = { 1.5 };
  const char *column[] = { "x" };

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (dir, names[i], NULL);
      g_autofree char *contents = NULL;
      g_autoptr (MfOutputFile) out = NULL;
      g_autoptr (MfResultsWriter) writer = NULL;
      g_autoptr (GDir) listing = NULL;

      g_assert_true (g_file_set_contents (path, "old", -1, NULL));
      out = mf_output_file_new (path, &error);
      writer = mf_results_writer_open (out, mf_results_format_for_path (path), &info, &error);
      g_assert_no_error (error);
      g_assert_true (mf_results_writer_begin (writer, 1, column, NULL, &error));
      g_assert_true (mf_results_writer_add (writer, 0, 0, values, &error));
      g_assert_true (mf_results_writer_close (writer, &error));
      /* no commit */
      g_clear_pointer (&writer, mf_results_writer_free);
      g_clear_pointer (&out, mf_output_file_free);
      g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
      g_assert_cmpstr (contents, ==, "old");
      listing = g_dir_open (dir, 0, NULL);
      g_assert_cmpstr (g_dir_read_name (listing), ==, names[i]);
      g_assert_null (g_dir_read_name (listing));
      g_unlink (path);
    }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* A missing folder is refused before anything is written; MAT and HDF5
 * cannot go to standard output. */
static void
test_refused (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (MfOutputFile) out = mf_output_file_new ("/nonexistent-manifold/run.mat", &error);
  g_autoptr (MfOutputFile) stdout_file = NULL;
  g_autoptr (MfResultsWriter) writer = NULL;

  g_assert_null (out);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "/nonexistent-manifold/run.mat"));
  g_clear_error (&error);
  stdout_file = mf_output_file_new ("-", &error);
  g_assert_no_error (error);
  writer = mf_results_writer_open (stdout_file, MF_RESULTS_HDF5, &info, &error);
  g_assert_null (writer);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/results/format-for-path", test_format_for_path);
  g_test_add_func ("/results/example-round-trip", test_example_round_trip);
  g_test_add_func ("/results/long-round-trip", test_long_round_trip);
  g_test_add_func ("/results/dropped-write", test_dropped_write);
  g_test_add_func ("/results/refused", test_refused);
  return g_test_run ();
}
