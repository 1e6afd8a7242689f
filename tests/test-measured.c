/* test-measured.c: measurements read from CSV (src/core/solve/mf-measured.h)
 * — units into SI, the separators and decimal commas of spreadsheets, gaps,
 * quotes, a byte-order mark and CRLF; every malformed file refused at its
 * line and column; and the error of a simulated quantity against a
 * measured column, against sums worked by hand.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>
#include <math.h>

#include "mf-error.h"
#include "mf-measured.h"

static MfMeasured *
parse_ok (const char *text)
{
  g_autoptr (GError) error = NULL;
  MfMeasured *m = mf_measured_parse (text, -1, "m.csv", &error);

  g_assert_no_error (error);
  g_assert_nonnull (m);
  return m;
}

/* Our own CSV's header: units into SI (mm → m, bar → Pa, L/min → m³/s). */
static void
test_units (void)
{
  g_autoptr (MfMeasured) m = parse_ok ("t [s],C1.x [mm],J1.p [bar],O1.q [L/min]\n"
                                       "0,0,0,0\n"
                                       "0.5,12.5,2,60\n");
  const MfMeasuredColumn *x, *p, *q;

  g_assert_cmpstr (m->name, ==, "m.csv");
  g_assert_cmpuint (m->n_rows, ==, 2);
  g_assert_cmpuint (m->columns->len, ==, 3);
  g_assert_cmpfloat (m->t[1], ==, 0.5);
  x = mf_measured_find (m, "C1.x");
  p = mf_measured_find (m, "J1.p");
  q = mf_measured_find (m, "O1.q");
  g_assert_nonnull (x);
  g_assert_null (mf_measured_find (m, "t"));
  g_assert_cmpstr (x->unit, ==, "mm");
  g_assert_cmpfloat_with_epsilon (x->values[1], 0.0125, 1e-15);
  g_assert_cmpfloat_with_epsilon (p->values[1], 2e5, 1e-9);
  /* 60 L/min = 1 L/s = 1e-3 m³/s */
  g_assert_cmpfloat_with_epsilon (q->values[1], 1e-3, 1e-15);
  g_assert_cmpint (p->dimension.mass, ==, 1);
  g_assert_cmpint (p->dimension.length, ==, -1);
  g_assert_cmpint (p->dimension.time, ==, -2);
}

/* A spreadsheet's export: a byte-order mark, semicolons, decimal commas,
 * CRLF, a quoted heading, a gap, time in ms, a column without a unit. */
static void
test_spreadsheet (void)
{
  g_autoptr (MfMeasured) m = parse_ok ("\xef\xbb\xbf" "time [ms];\"pressure; cap [bar]\";gain\r\n"
                                       "0;1,5;2\r\n"
                                       "250;;3\r\n"
                                       "\r\n"
                                       "500;2,25;4\r\n");
  const MfMeasuredColumn *p = mf_measured_find (m, "pressure; cap");
  const MfMeasuredColumn *gain = mf_measured_find (m, "gain");

  g_assert_cmpuint (m->n_rows, ==, 3);
  g_assert_cmpfloat_with_epsilon (m->t[1], 0.25, 1e-15);
  g_assert_nonnull (p);
  g_assert_cmpfloat_with_epsilon (p->values[0], 1.5e5, 1e-9);
  g_assert_true (isnan (p->values[1]));
  g_assert_cmpfloat_with_epsilon (p->values[2], 2.25e5, 1e-9);
  g_assert_cmpstr (gain->unit, ==, "");
  g_assert_true (gain->dimension.any);
  g_assert_cmpfloat (gain->values[2], ==, 4.0);
}

/* Each malformed file names its line and column. */
static void
test_malformed (void)
{
  static const struct
  {
    const char *text;
    int         code;
    const char *where;
  } cases[] = {
    { "t [s],x [mm]\n0,1\n0.1,abc\n", MF_ERROR_SYNTAX, "m.csv:3:5: “abc” is not a number" },
    { "t [s],x [furlong]\n0,1\n", MF_ERROR_INVALID, "m.csv:1:7: “furlong”" },
    { "t [s],x [mm]\n0,1\n0,2\n", MF_ERROR_INVALID, "m.csv:3:1: the time 0 does not come" },
    { "t [s],x [mm]\n0,1\n0.1,2,3\n", MF_ERROR_SYNTAX, "m.csv:3:1: the row has 3 fields" },
    { "t [s],\"x [mm]\n0,1\n", MF_ERROR_SYNTAX, "m.csv:1:7: a quote is opened" },
    { "p [bar],x [mm]\n0,1\n", MF_ERROR_INVALID, "m.csv:1:1: the first column must be time" },
    { "t [s],x [mm]\n", MF_ERROR_INVALID, "m.csv: no measurements" },
    { "t [s]\n0\n", MF_ERROR_INVALID, "m.csv:1:1: the header names time and no measured" },
    { "t [s],x [mm]\n,1\n", MF_ERROR_SYNTAX, "m.csv:2:1: the time is missing" },
    { "t [s],[mm]\n0,1\n", MF_ERROR_INVALID, "m.csv:1:7: a column has no name" },
    { "t [s],x [mm]\n0,1e999\n", MF_ERROR_SYNTAX, "m.csv:2:3: “1e999” is not a number" },
    { "t [s],x\xff [mm]\n0,1\n", MF_ERROR_SYNTAX, "m.csv: the file is not UTF-8" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (MfMeasured) m = mf_measured_parse (cases[i].text, -1, "m.csv", &error);

      g_assert_null (m);
      g_assert_error (error, MF_ERROR, cases[i].code);
      if (!g_str_has_prefix (error->message, cases[i].where))
        g_error ("case %u: \"%s\" does not start with \"%s\"", i, error->message,
                 cases[i].where);
    }
}

/* A file on disk, and one that is not there (the message names it). */
static void
test_load (void)
{
  g_autofree char *dir = g_dir_make_tmp ("manifold-measured-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "bench run.csv", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  g_autoptr (MfMeasured) m = NULL;
  g_autoptr (MfMeasured) none = NULL;

  g_assert_true (g_file_set_contents (path, "t [s],x [m]\n0,1\n1,2\n", -1, NULL));
  m = mf_measured_load (file, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (m->name, ==, "bench run.csv");
  g_assert_cmpuint (m->n_rows, ==, 2);
  g_assert_cmpint (g_remove (path), ==, 0);
  none = mf_measured_load (file, NULL, &error);
  g_assert_null (none);
  g_assert_error (error, MF_ERROR, MF_ERROR_IO);
  g_assert_true (g_str_has_prefix (error->message, "bench run.csv: "));
  g_rmdir (dir);
}

/* Simulated y = 2t on samples 0, 0.1, …, 1; measured at 0.05 (between two
 * samples: interpolated exactly, 0.1), 0.5, 0.95 and 2 (after the run:
 * skipped) with a gap at 0.7: errors +0.1 at 0.05, −0.2 at 0.5, +0.3 at
 * 0.95, so mean 0.2/3, rms √(0.14/3), largest 0.3 at 0.95. */
static void
test_error (void)
{
  g_autoptr (MfMeasured) m = parse_ok ("t [s],y\n0.05,0\n0.5,1.2\n0.7,\n0.95,1.6\n2,9\n");
  double sim_t[11], sim_y[11];
  MfMeasuredError e;

  for (guint i = 0; i <= 10; i++)
    {
      sim_t[i] = i / 10.0;
      sim_y[i] = 2.0 * sim_t[i];
    }
  g_assert_true (mf_measured_error (m, mf_measured_find (m, "y"), sim_t, sim_y, 11, &e));
  g_assert_cmpuint (e.n, ==, 3);
  g_assert_cmpfloat_with_epsilon (e.mean, 0.2 / 3.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (e.rms, sqrt (0.14 / 3.0), 1e-12);
  g_assert_cmpfloat_with_epsilon (e.max_abs, 0.3, 1e-12);
  g_assert_cmpfloat (e.t_max, ==, 0.95);

  /* nothing inside the run's span */
  g_assert_false (mf_measured_error (m, mf_measured_find (m, "y"), sim_t, sim_y, 1, &e));
  g_assert_cmpuint (e.n, ==, 0);
  g_assert_false (mf_measured_error (m, mf_measured_find (m, "y"), sim_t, sim_y, 0, &e));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/measured/units", test_units);
  g_test_add_func ("/measured/spreadsheet", test_spreadsheet);
  g_test_add_func ("/measured/malformed", test_malformed);
  g_test_add_func ("/measured/load", test_load);
  g_test_add_func ("/measured/error", test_error);
  return g_test_run ();
}
