/* test-cli-results.c: `manifold-cli simulate -o run.mat|run.h5` (docs/cli.md,
 * "Result files") — the extension picks the format, the numbers are the
 * CSV's (each stored double written as the CSV writes it is the CSV's
 * field), the event log is the --events file's, Octave's load and h5dump
 * read the files, and a file that cannot be written is told and left out.
 *
 * Octave and h5dump are run when they are installed (scripts/deps.sh
 * installs them): a machine without them skips those two tests.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-test-cli.h"

#include <hdf5.h>
#include <matio.h>

#include "mf-decimal.h"
#include "mf-test-examples.h"
#include "mf-test-mat.h"

/* Has valve events: the log is not empty. */
#define EXAMPLE "check-valve-cylinder"

/* Runs the example with `args` after `simulate FILE`, in the scratch folder. */
static Result *
run_simulate (const Fixture *fixture, const char *const *args)
{
  g_autofree char *document = example_path (EXAMPLE);
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();

  g_ptr_array_add (argv, "simulate");
  g_ptr_array_add (argv, "-q");
  g_ptr_array_add (argv, document);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  return run_cliv_in (fixture->dir, NULL, NULL, (const char *const *) argv->pdata, NULL);
}

#define simulate_ok(fixture, ...) \
  do \
    { \
      g_autoptr (Result) ran_ = run_simulate (fixture, (const char *const[]) { __VA_ARGS__, NULL }); \
      if (ran_->status != 0) \
        g_error ("manifold-cli failed: %s", ran_->err); \
    } \
  while (0)

/* The CSV's lines split into fields. */
static GPtrArray *
read_csv (const Fixture *fixture, const char *name)
{
  g_autofree char *path = g_build_filename (fixture->dir, name, NULL);
  g_autofree char *text = read_file (path);
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);

  for (guint i = 0; lines[i] != NULL && lines[i][0] != '\0'; i++)
    g_ptr_array_add (rows, g_strsplit (lines[i], ",", -1));
  return rows;
}

/* `value` as the CSV writes it is `field`. */
static void
assert_as_csv (double value, const char *field)
{
  char text[MF_DECIMAL_SIZE];

  mf_decimal_format (text, value);
  g_assert_cmpstr (text, ==, field);
}

/* "P1.v [m/s]" → its unit, "" without one. */
static char *
unit_of (const char *header)
{
  const char *open = strstr (header, " [");

  return open == NULL ? g_strdup ("") : g_strndup (open + 2, strlen (open + 2) - 1);
}

static char *
name_of (const char *header)
{
  const char *open = strstr (header, " [");

  return open == NULL ? g_strdup (header) : g_strndup (header, (gsize) (open - header));
}

static void
check_mat (const Fixture *fixture, const char *name, enum mat_ft version)
{
  g_autoptr (GPtrArray) csv = read_csv (fixture, "run.csv");
  g_autoptr (GPtrArray) log = read_csv (fixture, "events.csv");
  g_autofree char *path = g_build_filename (fixture->dir, name, NULL);
  mat_t *mat = Mat_Open (path, MAT_ACC_RDONLY);
  char **header = g_ptr_array_index (csv, 0);
  guint n = g_strv_length (header) - 2;
  guint rows = csv->len - 1;
  matvar_t *t, *data, *names, *units, *events;

  g_assert_nonnull (mat);
  g_assert_cmpint (Mat_GetVersion (mat), ==, version);
  t = Mat_VarRead (mat, "t");
  data = Mat_VarRead (mat, "data");
  names = Mat_VarRead (mat, "names");
  units = Mat_VarRead (mat, "units");
  events = Mat_VarRead (mat, "events");
  g_assert_cmpuint (data->dims[0], ==, rows);
  g_assert_cmpuint (data->dims[1], ==, n);
  for (guint c = 0; c < n; c++)
    {
      g_autofree char *got_name = mf_test_mat_text (Mat_VarGetCell (names, (int) c));
      g_autofree char *got_unit = mf_test_mat_text (Mat_VarGetCell (units, (int) c));
      g_autofree char *want_name = name_of (header[c + 1]);
      g_autofree char *want_unit = unit_of (header[c + 1]);

      g_assert_cmpstr (got_name, ==, want_name);
      g_assert_cmpstr (got_unit, ==, want_unit);
    }
  for (guint s = 0; s < rows; s++)
    {
      char **row = g_ptr_array_index (csv, s + 1);

      assert_as_csv (((double *) t->data)[s], row[0]);
      for (guint c = 0; c < n; c++)
        assert_as_csv (((double *) data->data)[(gsize) c * rows + s], row[c + 1]);
    }
  /* the event log's rows, after its header: the --events file's */
  g_assert_cmpuint (log->len, >, 1);
  g_assert_cmpuint (Mat_VarGetStructFieldByName (events, "t", 0)->dims[0], ==, log->len - 1);
  for (guint i = 0; i + 1 < log->len; i++)
    {
      char **row = g_ptr_array_index (log, i + 1);
      g_autofree char *component =
        mf_test_mat_text (Mat_VarGetCell (Mat_VarGetStructFieldByName (events, "component", 0), (int) i));
      g_autofree char *to =
        mf_test_mat_text (Mat_VarGetCell (Mat_VarGetStructFieldByName (events, "to", 0), (int) i));

      g_assert_cmpstr (component, ==, row[1]);
      g_assert_cmpstr (to, ==, row[3]);
    }
  Mat_VarFree (t);
  Mat_VarFree (data);
  Mat_VarFree (names);
  Mat_VarFree (units);
  Mat_VarFree (events);
  Mat_Close (mat);
}

static void
test_mat (Fixture *fixture, gconstpointer data)
{
  if (fixture->dir == NULL)
    return;
  simulate_ok (fixture, "-o", "run.csv", "--events", "events.csv");
  simulate_ok (fixture, "-o", "run.mat");
  simulate_ok (fixture, "-o", "run73.mat", "--mat-version", "7.3");
  check_mat (fixture, "run.mat", MAT_FT_MAT5);
  check_mat (fixture, "run73.mat", MAT_FT_MAT73);
}

static void
test_h5 (Fixture *fixture, gconstpointer data)
{
  g_autoptr (GPtrArray) csv = NULL;
  g_autofree char *path = NULL;
  char **header;
  hid_t file;

  if (fixture->dir == NULL)
    return;
  simulate_ok (fixture, "-o", "run.csv");
  simulate_ok (fixture, "-o", "RUN.HDF5");
  csv = read_csv (fixture, "run.csv");
  header = g_ptr_array_index (csv, 0);
  path = g_build_filename (fixture->dir, "RUN.HDF5", NULL);
  file = H5Fopen (path, H5F_ACC_RDONLY, H5P_DEFAULT);
  g_assert_cmpint (file, >=, 0);
  for (guint c = 1; header[c + 1] != NULL; c++)
    {
      g_autofree char *name = name_of (header[c]);
      g_autofree char *dataset_path = g_strdup_printf ("series/%s", name);
      hid_t dataset = H5Dopen2 (file, dataset_path, H5P_DEFAULT);
      g_autofree double *values = g_new0 (double, csv->len);

      g_assert_cmpint (dataset, >=, 0);
      g_assert_cmpint (H5Dread (dataset, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT,
                                values), >=, 0);
      for (guint s = 0; s + 1 < csv->len; s++)
        assert_as_csv (values[s], ((char **) g_ptr_array_index (csv, s + 1))[c]);
      H5Dclose (dataset);
    }
  H5Fclose (file);
}

/* What a program printed, run in the scratch folder; NULL when it is not
 * installed (the test is then skipped). */
static char *
run_tool (const Fixture *fixture, const char *const *argv)
{
  g_autofree char *program = g_find_program_in_path (argv[0]);
  g_autoptr (GError) error = NULL;
  char *out = NULL;
  g_autofree char *err = NULL;
  int status = 0;

  if (program == NULL)
    return NULL;
  g_spawn_sync (fixture->dir, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, &out, &err,
                &status, &error);
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("%s failed: %s", argv[0], err);
  return out;
}

/* Octave's load: the third sample of the cylinder's position (column C1.x)
 * to 17 digits, written back as the CSV writes it, is the CSV's field; the
 * name and unit of that column and the number of events are the CSV's. */
static void
test_octave (Fixture *fixture, gconstpointer data)
{
  g_autoptr (GPtrArray) csv = NULL;
  g_autoptr (GPtrArray) log = NULL;
  g_autofree char *out = NULL;
  g_autofree char *script = NULL;
  g_auto (GStrv) parts = NULL;
  char **header;
  guint column = 0;

  if (fixture->dir == NULL)
    return;
  simulate_ok (fixture, "-o", "run.csv", "--events", "events.csv");
  simulate_ok (fixture, "-o", "run.mat");
  csv = read_csv (fixture, "run.csv");
  log = read_csv (fixture, "events.csv");
  header = g_ptr_array_index (csv, 0);
  for (guint c = 1; header[c] != NULL && column == 0; c++)
    if (g_str_has_prefix (header[c], "C1.x "))
      column = c;
  g_assert_cmpuint (column, >, 0);
  script = g_strdup_printf ("load('run.mat'); printf('%%.17g|%%s|%%s|%%d|%%s\\n', "
                            "data(3,%u), names{%u}, units{%u}, numel(events.t), "
                            "events.component{1})",
                            column, column, column);
  out = run_tool (fixture,
                  (const char *const[]) { "octave-cli", "--norc", "--quiet", "--eval", script,
                                          NULL });
  if (out == NULL)
    {
      g_test_skip ("octave-cli is not installed (scripts/deps.sh installs it)");
      return;
    }
  parts = g_strsplit (g_strstrip (out), "|", -1);
  g_assert_cmpuint (g_strv_length (parts), ==, 5);
  assert_as_csv (g_ascii_strtod (parts[0], NULL), ((char **) g_ptr_array_index (csv, 3))[column]);
  g_assert_cmpstr (parts[1], ==, "C1.x");
  g_assert_cmpstr (parts[2], ==, "m");
  g_assert_cmpuint (g_ascii_strtoull (parts[3], NULL, 10), ==, log->len - 1);
  g_assert_cmpstr (parts[4], ==, ((char **) g_ptr_array_index (log, 1))[1]);
}

/* h5dump: the same sample of C1.x and its unit. */
static void
test_h5dump (Fixture *fixture, gconstpointer data)
{
  g_autoptr (GPtrArray) csv = NULL;
  g_autofree char *out = NULL;
  g_autofree char *attributes = NULL;
  const char *value;
  char **header;
  guint column = 0;

  if (fixture->dir == NULL)
    return;
  simulate_ok (fixture, "-o", "run.csv");
  simulate_ok (fixture, "-o", "run.h5");
  csv = read_csv (fixture, "run.csv");
  header = g_ptr_array_index (csv, 0);
  for (guint c = 1; header[c] != NULL && column == 0; c++)
    if (g_str_has_prefix (header[c], "C1.x "))
      column = c;
  out = run_tool (fixture, (const char *const[]) { "h5dump", "-m", "%.17g", "-d", "/series/C1.x",
                                                   "-s", "2", "-c", "1", "run.h5", NULL });
  if (out == NULL)
    {
      g_test_skip ("h5dump is not installed (scripts/deps.sh installs hdf5-tools)");
      return;
    }
  value = strstr (out, "(2): ");
  g_assert_nonnull (value);
  assert_as_csv (g_ascii_strtod (value + strlen ("(2): "), NULL),
                 ((char **) g_ptr_array_index (csv, 3))[column]);
  assert_contains (out, "ATTRIBUTE \"unit\"");
  assert_contains (out, "\"m\"");
  attributes = run_tool (fixture, (const char *const[]) { "h5dump", "-A", "run.h5", NULL });
  assert_contains (attributes, "ATTRIBUTE \"method\"");
  assert_contains (attributes, "GROUP \"events\"");
}

/* A folder that does not exist: refused before the run (exit 1), nothing
 * written; a bad --mat-version is a usage error. */
static void
test_refused (Fixture *fixture, gconstpointer data)
{
  g_autoptr (Result) missing = NULL;
  g_autoptr (Result) version = NULL;
  g_autoptr (Result) not_mat = NULL;
  g_autofree char *folder = NULL;

  if (fixture->dir == NULL)
    return;
  missing = run_simulate (fixture, (const char *const[]) { "-o", "gone/run.h5", NULL });
  assert_fails (missing, 1, "cannot write gone/run.h5: ");
  folder = g_build_filename (fixture->dir, "gone", NULL);
  g_assert_false (g_file_test (folder, G_FILE_TEST_EXISTS));
  version = run_simulate (fixture, (const char *const[]) { "-o", "run.mat", "--mat-version", "6",
                                                      NULL });
  assert_fails (version, 64, "unknown MAT version '6'");
  not_mat = run_simulate (fixture, (const char *const[]) { "-o", "run.h5", "--mat-version", "7.3",
                                                      NULL });
  assert_fails (not_mat, 64, "--mat-version needs -o FILE.mat");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/cli-results/mat", Fixture, NULL, fixture_set_up, test_mat, fixture_tear_down);
  g_test_add ("/cli-results/h5", Fixture, NULL, fixture_set_up, test_h5, fixture_tear_down);
  g_test_add ("/cli-results/octave", Fixture, NULL, fixture_set_up, test_octave,
              fixture_tear_down);
  g_test_add ("/cli-results/h5dump", Fixture, NULL, fixture_set_up, test_h5dump,
              fixture_tear_down);
  g_test_add ("/cli-results/refused", Fixture, NULL, fixture_set_up, test_refused,
              fixture_tear_down);
  return g_test_run ();
}
