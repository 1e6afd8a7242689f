/* test-run-record-write.c: a run record written as MAT and HDF5
 * (src/app/simulation/mf-run-record-write.c) — the format by the file's
 * name, the doubles as the record holds them (the CSV's fields when written
 * as the CSV writes them), the columns checked, the event log with a run of
 * SVD fallbacks in the --events file's words, and the run's method.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <hdf5.h>
#include <matio.h>

#include "mf-decimal.h"
#include "mf-run-record.h"
#include "mf-test-cli.h"
#include "mf-test-mat.h"

/* Two samples of three values, a switch and three SVD fallbacks from
 * t = 0.2 to 0.25 s. */
static MfRunRecord *
record_new (void)
{
  MfRunRecord *record = mf_run_record_new ("Run 1");
  const char *names[] = { "P1.v", "J1.p", "CV1.open" }, *units[] = { "m/s", "Pa", "" };
  MfSimLogEntry event = { MF_SIM_LOG_EVENT, 0.125, 0.125, 0, "CV1", "open", "closed", NULL };
  MfSimLogEntry fallbacks = { MF_SIM_LOG_FALLBACKS, 0.2, 0.25, 3, NULL, NULL, NULL,
                              "O1.v, O2.v" };

  mf_run_record_begin_segment (record, 3, names, units);
  mf_run_record_append (record, 0, 0, (const double[]) { 0.5, 1e5, 1 });
  mf_run_record_append (record, 0.001, 2, (const double[]) { 1.0 / 3.0, 123456789012.0, 0 });
  mf_run_record_add_log (record, &event);
  mf_run_record_add_log (record, &fallbacks);
  mf_run_record_set_method (record, "rkf45");
  return record;
}

static void
write_data (MfRunRecord *record, const char *const *columns, const char *path)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;

  g_assert_true (mf_run_record_write_data (record, columns, file, &error));
  g_assert_no_error (error);
}

/* The columns J1.p and P1.v, in that order: the doubles the record holds,
 * which written as the CSV writes them are the CSV's fields. */
static void
test_mat (Fixture *fixture, gconstpointer data)
{
  g_autoptr (MfRunRecord) record = record_new ();
  const char *chosen[] = { "J1.p", "P1.v", NULL };
  g_autofree char *path = NULL;
  g_autofree char *name = NULL;
  g_autofree char *from = NULL;
  g_autofree char *to = NULL;
  g_autofree char *method = NULL;
  char text[MF_DECIMAL_SIZE];
  matvar_t *values, *names, *events, *info;
  mat_t *mat;
  double *d;

  if (fixture->dir == NULL)
    return;
  path = g_build_filename (fixture->dir, "run.MAT", NULL);
  write_data (record, chosen, path);
  mat = Mat_Open (path, MAT_ACC_RDONLY);
  g_assert_nonnull (mat);
  /* small: v5 */
  g_assert_cmpint (Mat_GetVersion (mat), ==, MAT_FT_MAT5);
  values = Mat_VarRead (mat, "data");
  g_assert_cmpuint (values->dims[0], ==, 2);
  g_assert_cmpuint (values->dims[1], ==, 2);
  d = values->data;
  /* column-major: J1.p's two samples, then P1.v's */
  g_assert_cmpfloat (d[0], ==, 1e5);
  g_assert_cmpfloat (d[1], ==, 123456789012.0);
  g_assert_cmpfloat (d[2], ==, 0.5);
  g_assert_cmpfloat (d[3], ==, 1.0 / 3.0);
  mf_decimal_format (text, d[3]);
  g_assert_cmpstr (text, ==, "0.3333333333");
  names = Mat_VarRead (mat, "names");
  name = mf_test_mat_text (Mat_VarGetCell (names, 0));
  g_assert_cmpstr (name, ==, "J1.p");
  events = Mat_VarRead (mat, "events");
  g_assert_cmpuint (Mat_VarGetStructFieldByName (events, "t", 0)->dims[0], ==, 2);
  from = mf_test_mat_text (Mat_VarGetCell (Mat_VarGetStructFieldByName (events, "from", 0), 1));
  to = mf_test_mat_text (Mat_VarGetCell (Mat_VarGetStructFieldByName (events, "to", 0), 1));
  g_assert_cmpstr (from, ==, "Jacobian of O1.v, O2.v rank-deficient");
  g_assert_cmpstr (to, ==, "3 SVD minimum-norm steps until 0.25 s");
  info = Mat_VarRead (mat, "info");
  method = mf_test_mat_text (Mat_VarGetStructFieldByName (info, "method", 0));
  g_assert_cmpstr (method, ==, "rkf45");
  g_free (method);
  method = mf_test_mat_text (Mat_VarGetStructFieldByName (info, "producer", 0));
  g_assert_true (g_str_has_prefix (method, "Manifold 0."));
  Mat_VarFree (values);
  Mat_VarFree (names);
  Mat_VarFree (events);
  Mat_VarFree (info);
  Mat_Close (mat);
}

static void
test_h5 (Fixture *fixture, gconstpointer data)
{
  g_autoptr (MfRunRecord) record = record_new ();
  g_autofree char *path = NULL;
  double values[2] = { 0, 0 };
  char *components[2] = { NULL, NULL };
  hid_t file, dataset, type;

  if (fixture->dir == NULL)
    return;
  path = g_build_filename (fixture->dir, "run.hdf5", NULL);
  write_data (record, NULL, path);
  file = H5Fopen (path, H5F_ACC_RDONLY, H5P_DEFAULT);
  g_assert_cmpint (file, >=, 0);
  dataset = H5Dopen2 (file, "series/P1.v", H5P_DEFAULT);
  g_assert_cmpint (H5Dread (dataset, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, values),
                   >=, 0);
  H5Dclose (dataset);
  g_assert_cmpfloat (values[0], ==, 0.5);
  g_assert_cmpfloat (values[1], ==, 1.0 / 3.0);
  dataset = H5Dopen2 (file, "events/component", H5P_DEFAULT);
  type = H5Dget_type (dataset);
  g_assert_cmpint (H5Dread (dataset, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, components), >=, 0);
  g_assert_cmpstr (components[0], ==, "CV1");
  g_assert_cmpstr (components[1], ==, "newton");
  H5free_memory (components[0]);
  H5free_memory (components[1]);
  H5Tclose (type);
  H5Dclose (dataset);
  H5Fclose (file);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/app/run-record-write/mat", Fixture, NULL, fixture_set_up, test_mat,
              fixture_tear_down);
  g_test_add ("/app/run-record-write/h5", Fixture, NULL, fixture_set_up, test_h5,
              fixture_tear_down);
  return g_test_run ();
}
