/* test-run-record.c: MfRunRecord (src/app/simulation/mf-run-record.c) — segments whose
 * columns are joined by name, NaN where a segment lacks a column, modes,
 * the log, and the CSV it writes, checked against `manifold-cli simulate`
 * for the same circuit fed through the simulation worker.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <locale.h>
#include <math.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mf-error.h"
#include "mf-run-outcome.h"
#include "mf-run-difference.h"
#include "mf-run-record.h"
#include "mf-test-cli.h"

/* ---- samples ---------------------------------------------------------- */

static void
test_segments_union (void)
{
  g_autoptr (MfRunRecord) record = mf_run_record_new ("Run 1");
  const char *names1[] = { "a", "b" }, *units1[] = { "m", "Pa" };
  const char *names2[] = { "b", "c" }, *units2[] = { "Pa", "m/s" };
  const double *a, *b, *c, *t;

  mf_run_record_begin_segment (record, 2, names1, units1);
  for (guint i = 0; i < 3; i++)
    mf_run_record_append (record, 0.1 * i, 0, (const double[]) { i, 10.0 + i });
  /* a live update: "a" went, "c" came */
  mf_run_record_begin_segment (record, 2, names2, units2);
  for (guint i = 3; i < 5; i++)
    mf_run_record_append (record, 0.1 * i, 1, (const double[]) { 10.0 + i, 100.0 + i });

  g_assert_cmpuint (mf_run_record_get_n_samples (record), ==, 5);
  g_assert_cmpuint (mf_run_record_get_n_columns (record), ==, 3);
  g_assert_cmpstr (mf_run_record_get_column_name (record, 0), ==, "a");
  g_assert_cmpstr (mf_run_record_get_column_name (record, 1), ==, "b");
  g_assert_cmpstr (mf_run_record_get_column_name (record, 2), ==, "c");
  g_assert_cmpstr (mf_run_record_get_column_unit (record, 2), ==, "m/s");
  g_assert_cmpint (mf_run_record_find_column (record, "c"), ==, 2);
  g_assert_cmpint (mf_run_record_find_column (record, "d"), ==, -1);
  g_assert_cmpuint (mf_run_record_get_n_segments (record), ==, 2);
  g_assert_cmpuint (mf_run_record_get_segment_start (record, 1), ==, 3);

  t = mf_run_record_get_times (record);
  a = mf_run_record_get_column (record, 0);
  b = mf_run_record_get_column (record, 1);
  c = mf_run_record_get_column (record, 2);
  for (guint i = 0; i < 5; i++)
    {
      g_assert_cmpfloat (t[i], ==, 0.1 * i);
      g_assert_cmpfloat (b[i], ==, 10.0 + i); /* one column across both segments */
      if (i < 3)
        {
          g_assert_cmpfloat (a[i], ==, i);
          g_assert_true (isnan (c[i]));
        }
      else
        {
          g_assert_true (isnan (a[i]));
          g_assert_cmpfloat (c[i], ==, 100.0 + i);
        }
    }
  g_assert_cmpuint (mf_run_record_get_modes (record)[2], ==, 0);
  g_assert_cmpuint (mf_run_record_get_modes (record)[3], ==, 1);
}

/* Many samples: growth keeps every value (the columns are reallocated many
 * times on the way). */
static void
test_growth (void)
{
  g_autoptr (MfRunRecord) record = mf_run_record_new ("long");
  const char *names[] = { "x", "y" };
  const guint n = 200000;
  const double *x, *y;

  mf_run_record_begin_segment (record, 2, names, NULL);
  for (guint i = 0; i < n; i++)
    mf_run_record_append (record, i * 1e-3, i % 3, (const double[]) { i, -2.0 * i });
  g_assert_cmpuint (mf_run_record_get_n_samples (record), ==, n);
  x = mf_run_record_get_column (record, 0);
  y = mf_run_record_get_column (record, 1);
  for (guint i = 0; i < n; i += 997)
    {
      g_assert_cmpfloat (x[i], ==, i);
      g_assert_cmpfloat (y[i], ==, -2.0 * i);
      g_assert_cmpuint (mf_run_record_get_modes (record)[i], ==, i % 3);
    }
  g_assert_cmpstr (mf_run_record_get_column_unit (record, 0), ==, "");
}

/* Two values of one name in one segment stay two columns. */
static void
test_duplicate_names (void)
{
  g_autoptr (MfRunRecord) record = mf_run_record_new (NULL);
  const char *names[] = { "x", "x" };

  mf_run_record_begin_segment (record, 2, names, NULL);
  mf_run_record_append (record, 0, 0, (const double[]) { 1, 2 });
  mf_run_record_begin_segment (record, 2, names, NULL);
  mf_run_record_append (record, 1, 0, (const double[]) { 3, 4 });
  g_assert_cmpuint (mf_run_record_get_n_columns (record), ==, 2);
  g_assert_cmpfloat (mf_run_record_get_column (record, 0)[1], ==, 3);
  g_assert_cmpfloat (mf_run_record_get_column (record, 1)[1], ==, 4);
  g_assert_cmpstr (mf_run_record_get_label (record), ==, "");
}

static void
test_modes_log_outcome (void)
{
  g_autoptr (MfRunRecord) record = mf_run_record_new ("Run 3");
  const char *modes[] = { "open", "shut", NULL };
  g_autofree char *component = g_strdup ("CV1");
  g_autofree char *to = g_strdup ("closed");
  MfSimLogEntry event = { MF_SIM_LOG_EVENT, 0.25, 0.25, 0, component, "open", to, NULL };
  MfSimLogEntry fallbacks = { MF_SIM_LOG_FALLBACKS, 0.5, 0.75, 12, NULL, NULL, NULL, "O1.v" };
  g_autoptr (GError) error = g_error_new (MF_ERROR, MF_ERROR_SOLVER, "at t = 1 s: no");
  guint notified = 0;

  mf_run_record_set_mode_names (record, modes);
  g_assert_cmpstr (mf_run_record_get_mode_name (record, 1), ==, "shut");
  g_assert_null (mf_run_record_get_mode_name (record, 2));

  mf_run_record_add_log (record, &event);
  mf_run_record_add_log (record, &fallbacks);
  /* the record keeps copies */
  component[0] = 'X';
  to[0] = 'X';
  g_assert_cmpuint (mf_run_record_get_n_log (record), ==, 2);
  g_assert_cmpstr (mf_run_record_get_log (record, 0)->component, ==, "CV1");
  g_assert_cmpstr (mf_run_record_get_log (record, 0)->to, ==, "closed");
  g_assert_cmpfloat (mf_run_record_get_log (record, 1)->t_last, ==, 0.75);
  g_assert_cmpuint (mf_run_record_get_log (record, 1)->steps, ==, 12);
  g_assert_cmpstr (mf_run_record_get_log (record, 1)->states, ==, "O1.v");

  g_signal_connect_swapped (record, "notify::status", G_CALLBACK (g_atomic_int_inc), &notified);
  mf_run_record_set_outcome (record, MF_SIM_STATUS_FAILED, error);
  g_assert_cmpint (mf_run_record_get_status (record), ==, MF_SIM_STATUS_FAILED);
  g_assert_error (mf_run_record_get_error (record), MF_ERROR, MF_ERROR_SOLVER);
  g_assert_cmpuint (notified, ==, 1);
  mf_run_record_set_outcome (record, MF_SIM_STATUS_FAILED, error);
  g_assert_cmpuint (notified, ==, 1);

  mf_run_record_set_shown (record, TRUE);
  g_assert_true (mf_run_record_get_shown (record));
  mf_run_record_set_label (record, "kept");
  g_assert_cmpstr (mf_run_record_get_label (record), ==, "kept");
}

/* ---- CSV ---------------------------------------------------------------- */

static char *
read_text (const char *path)
{
  g_autoptr (GError) error = NULL;
  char *text = NULL;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  return text;
}

static void
write_csv (MfRunRecord *record, const char *const *columns, const char *path)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;

  g_assert_true (mf_run_record_write_data (record, columns, file, &error));
  g_assert_no_error (error);
}

static void
test_csv_columns (Fixture *fixture, gconstpointer data)
{
  g_autoptr (MfRunRecord) record = mf_run_record_new ("Run 1");
  const char *names[] = { "P1.v", "J1.p", "CV1.open" }, *units[] = { "m/s", "Pa", "" };
  const char *chosen[] = { "J1.p", "P1.v", NULL };
  g_autofree char *path = NULL, *all = NULL, *some = NULL;

  if (fixture->dir == NULL)
    return;
  path = g_build_filename (fixture->dir, "run.csv", NULL);
  mf_run_record_begin_segment (record, 3, names, units);
  mf_run_record_append (record, 0, 0, (const double[]) { 0.5, 1e5, 1 });
  mf_run_record_append (record, 0.001, 2, (const double[]) { 1.0 / 3.0, 123456789012.0, 0 });

  write_csv (record, NULL, path);
  all = read_text (path);
  g_assert_cmpstr (all, ==,
                   "t [s],P1.v [m/s],J1.p [Pa],CV1.open,solver.mode\n"
                   "0,0.5,100000,1,0\n"
                   "0.001,0.3333333333,1.23456789e+11,0,2\n");

  /* chosen columns in the order asked for */
  write_csv (record, chosen, path);
  some = read_text (path);
  g_assert_cmpstr (some, ==,
                   "t [s],J1.p [Pa],P1.v [m/s],solver.mode\n"
                   "0,100000,0.5,0\n"
                   "0.001,1.23456789e+11,0.3333333333,2\n");
}

/* A name the record lacks, or a place that cannot be written: an error,
 * and the file as it was. */
static void
test_csv_errors (Fixture *fixture, gconstpointer data)
{
  g_autoptr (MfRunRecord) record = mf_run_record_new ("Run 1");
  const char *names[] = { "P1.v" };
  const char *unknown[] = { "P1.v", "J9.p", NULL };
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) file = NULL;
  g_autoptr (GFile) nowhere = NULL;
  g_autofree char *path = NULL, *text = NULL, *missing = NULL;

  if (fixture->dir == NULL)
    return;
  path = write_file (fixture, "kept.csv", "earlier contents\n");
  file = g_file_new_for_path (path);
  mf_run_record_begin_segment (record, 1, names, NULL);
  mf_run_record_append (record, 0, 0, (const double[]) { 1 });

  g_assert_false (mf_run_record_write_data (record, unknown, file, &error));
  g_assert_error (error, MF_ERROR, MF_ERROR_USAGE);
  assert_contains (error->message, "J9.p");
  text = read_text (path);
  g_assert_cmpstr (text, ==, "earlier contents\n");
  g_clear_error (&error);

  missing = g_build_filename (fixture->dir, "no-such-dir", "run.csv", NULL);
  nowhere = g_file_new_for_path (missing);
  g_assert_false (mf_run_record_write_data (record, NULL, nowhere, &error));
  g_assert_nonnull (error);
  g_assert_false (g_file_test (missing, G_FILE_TEST_EXISTS));
}

/* The file the CSV replaces (docs/cli.md, "Output files", as for manifold-cli):
 * written through a link, which stays, in the mode the file had; a pipe
 * that no process reads refused and left; a write that fails half way leaves the old file and no
 * temporary one. */
static void
test_csv_destinations (Fixture *fixture, gconstpointer data)
{
  g_autoptr (MfRunRecord) record = mf_run_record_new ("Run 1");
  const char *names[] = { "P1.v" };
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) through_link = NULL;
  g_autoptr (GFile) to_fifo = NULL;
  g_autofree char *target = NULL, *link = NULL, *fifo = NULL, *text = NULL, *kept = NULL;
  g_autofree char *pointed = NULL;
  struct stat st;
  struct rlimit limit, small;
  gboolean ok;

  if (fixture->dir == NULL)
    return;
  mf_run_record_begin_segment (record, 1, names, NULL);
  for (guint i = 0; i < 200; i++)
    mf_run_record_append (record, i * 1e-3, 0, (const double[]) { i / 3.0 });

  target = write_file (fixture, "target.csv", "earlier contents\n");
  g_assert_cmpint (chmod (target, 0600), ==, 0);
  link = g_build_filename (fixture->dir, "run.csv", NULL);
  g_assert_cmpint (symlink ("target.csv", link), ==, 0);
  through_link = g_file_new_for_path (link);
  write_csv (record, NULL, link);
  pointed = g_file_read_link (link, NULL);
  g_assert_cmpstr (pointed, ==, "target.csv");
  text = read_text (target);
  g_assert_true (g_str_has_prefix (text, "t [s],P1.v,solver.mode\n0,0,0\n"));
  g_assert_cmpint (stat (target, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 07777, ==, 0600);

  fifo = g_build_filename (fixture->dir, "fifo.csv", NULL);
  g_assert_cmpint (mkfifo (fifo, 0644), ==, 0);
  to_fifo = g_file_new_for_path (fifo);
  g_assert_false (mf_run_record_write_data (record, NULL, to_fifo, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_CONNECTED);
  assert_contains (error->message, "it is a pipe that no process reads");
  g_clear_error (&error);
  g_assert_cmpint (lstat (fifo, &st), ==, 0);
  g_assert_true (S_ISFIFO (st.st_mode));

  /* files may grow to 100 bytes while the CSV is written: it fails half way */
  g_assert_true (g_file_set_contents (target, "earlier contents\n", -1, NULL));
  g_assert_cmpint (getrlimit (RLIMIT_FSIZE, &limit), ==, 0);
  small = limit;
  small.rlim_cur = 100;
  signal (SIGXFSZ, SIG_IGN);
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &small), ==, 0);
  ok = mf_run_record_write_data (record, NULL, through_link, &error);
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limit), ==, 0);
  signal (SIGXFSZ, SIG_DFL);
  g_assert_false (ok);
  g_assert_nonnull (error);
  assert_contains (error->message, link);
  kept = read_text (target);
  g_assert_cmpstr (kept, ==, "earlier contents\n");
  g_assert_cmpuint (count_files (fixture), ==, 3);
}

/* Numbers keep their '.' under a locale whose decimal point is a comma,
 * when the system has one. */
static void
test_csv_locale (Fixture *fixture, gconstpointer data)
{
  static const char *const locales[] = { "de_DE.UTF-8", "fr_FR.UTF-8", "de_DE", "fr_FR" };
  g_autoptr (MfRunRecord) record = mf_run_record_new ("Run 1");
  const char *names[] = { "x" };
  g_autofree char *path = NULL, *text = NULL;
  const char *set = NULL;

  if (fixture->dir == NULL)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (locales) && set == NULL; i++)
    set = setlocale (LC_NUMERIC, locales[i]);
  if (set == NULL)
    {
      g_test_skip ("no locale with a decimal comma is installed");
      return;
    }
  path = g_build_filename (fixture->dir, "run.csv", NULL);
  mf_run_record_begin_segment (record, 1, names, NULL);
  mf_run_record_append (record, 0.5, 0, (const double[]) { 2.25 });
  write_csv (record, NULL, path);
  setlocale (LC_NUMERIC, "C");
  text = read_text (path);
  g_assert_cmpstr (text, ==, "t [s],x,solver.mode\n0.5,2.25,0\n");
}

/* ---- fed by the worker, against the command line ------------------------ */

typedef struct
{
  gboolean ended;
  gboolean failed;
} Ending;

static void
on_finished (MfSimWorker *worker, Ending *ending)
{
  ending->ended = TRUE;
}

static void
on_failed (MfSimWorker *worker, const GError *error, Ending *ending)
{
  ending->ended = ending->failed = TRUE;
}

static void
count_notify (guint *count)
{
  (*count)++;
}

/* Runs `path` with the worker, draining into a record as the window does
 * (between main-loop iterations), to the end. */
static MfRunRecord *
record_run (const char *path)
{
  g_autoptr (MfSimWorker) worker = mf_sim_worker_new ();
  g_autofree char *text = read_text (path);
  MfRunRecord *record = mf_run_record_new ("Run 1");
  Ending ending = { FALSE, FALSE };
  guint drained = 0;

  g_signal_connect (worker, "finished", G_CALLBACK (on_finished), &ending);
  g_signal_connect (worker, "failed", G_CALLBACK (on_failed), &ending);
  mf_sim_worker_start (worker, text, -1, path, NULL);
  while (!ending.ended)
    {
      g_main_context_iteration (NULL, FALSE);
      drained += mf_run_record_drain (record, worker);
      g_usleep (1000);
    }
  drained += mf_run_record_drain (record, worker);
  g_assert_false (ending.failed);
  g_assert_cmpuint (drained, ==, mf_run_record_get_n_samples (record));
  g_assert_cmpuint (mf_run_record_get_n_segments (record), ==, 1);
  return record;
}

/* A run drained as the window drains it keeps its solver's account: the
 * method, the statistics, and a step for every step they count. */
static void
test_solver_account (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("MANIFOLD_EXAMPLES"),
                                            "check-valve-cylinder.manifold", NULL);
  g_autoptr (MfRunRecord) record = record_run (path);
  const MfSimulationStats *stats = mf_run_record_get_stats (record);
  const MfStepRecord *steps = mf_run_record_get_steps (record);
  g_autofree char *expected = NULL;

  g_assert_cmpstr (mf_run_record_get_method (record), ==, "auto");
  g_assert_nonnull (stats);
  g_assert_cmpuint (stats->steps, >, 0);
  g_assert_cmpuint (mf_step_record_get_n_steps (steps), ==, stats->steps);
  g_assert_cmpuint (mf_step_record_get_n_rejected (steps), ==, stats->rejected_steps);
  g_assert_cmpfloat (stats->wall_time, >, 0);
  expected = mf_run_stats_summary ("auto", stats);
  g_assert_cmpstr (mf_run_record_get_summary (record), ==, expected);
}

/* The summary is told when a count changes, and when the wall time alone
 * changes only where it reads differently. */
static void
test_summary_notify (void)
{
  g_autoptr (MfRunRecord) record = mf_run_record_new ("Run 1");
  MfSimulationStats stats = { .steps = 10, .wall_time = 0.2101 };
  guint notified = 0;

  g_signal_connect_swapped (record, "notify::summary", G_CALLBACK (count_notify), &notified);
  g_assert_null (mf_run_record_get_summary (record));
  g_assert_null (mf_run_record_get_stats (record));
  mf_run_record_set_stats (record, &stats);
  g_assert_cmpuint (notified, ==, 1);
  stats.wall_time = 0.2102;
  mf_run_record_set_stats (record, &stats);
  g_assert_cmpuint (notified, ==, 1);
  stats.wall_time = 0.5;
  mf_run_record_set_stats (record, &stats);
  g_assert_cmpuint (notified, ==, 2);
  stats.newton_iterations = 3;
  mf_run_record_set_stats (record, &stats);
  g_assert_cmpuint (notified, ==, 3);
  mf_run_record_set_method (record, "rk4");
  g_assert_cmpuint (notified, ==, 4);
  g_assert_true (g_str_has_prefix (mf_run_record_get_summary (record), "rk4 · 10 steps"));
}

/* Every column the command line prints is in the record's CSV, with the
 * same text in every row. */
static void
assert_same_as_cli (Fixture *fixture, const char *document)
{
  g_autoptr (MfRunRecord) record = record_run (document);
  g_autoptr (Result) cli = run_cli ("simulate", document);
  g_autofree char *path = g_build_filename (fixture->dir, "record.csv", NULL);
  g_autofree char *ours = NULL;
  g_auto (GStrv) their_lines = NULL, our_lines = NULL, their_header = NULL, our_header = NULL;
  g_autofree int *where = NULL;
  guint n_rows, n_theirs;

  g_assert_cmpint (cli->status, ==, 0);
  write_csv (record, NULL, path);
  ours = read_text (path);
  n_rows = assert_csv (ours, NULL);
  g_assert_cmpuint (n_rows, ==, assert_csv (cli->out, NULL));
  g_assert_cmpuint (n_rows, ==, mf_run_record_get_n_samples (record));

  their_lines = g_strsplit (cli->out, "\n", -1);
  our_lines = g_strsplit (ours, "\n", -1);
  their_header = g_strsplit (their_lines[0], ",", -1);
  our_header = g_strsplit (our_lines[0], ",", -1);
  n_theirs = g_strv_length (their_header);
  where = g_new (int, n_theirs);
  for (guint c = 0; c < n_theirs; c++)
    {
      where[c] = -1;
      for (guint k = 0; our_header[k] != NULL && where[c] < 0; k++)
        if (strcmp (our_header[k], their_header[c]) == 0)
          where[c] = (int) k;
      if (where[c] < 0)
        g_error ("the record lacks the CLI's column %s", their_header[c]);
    }
  for (guint r = 1; r <= n_rows; r++)
    {
      g_auto (GStrv) theirs = g_strsplit (their_lines[r], ",", -1);
      g_auto (GStrv) ours_row = g_strsplit (our_lines[r], ",", -1);

      for (guint c = 0; c < n_theirs; c++)
        if (strcmp (theirs[c], ours_row[where[c]]) != 0)
          g_error ("row %u, %s: the CLI says %s, the record %s", r, their_header[c], theirs[c],
                   ours_row[where[c]]);
    }
}

static void
test_csv_matches_cli (Fixture *fixture, gconstpointer data)
{
  g_autofree char *example = NULL;

  if (fixture->dir == NULL)
    return;
  assert_same_as_cli (fixture, write_document (fixture, three_pipes));
  /* check valves and a piston with a stroke: switches among the columns */
  example = g_build_filename (g_getenv ("MANIFOLD_EXAMPLES"), "check-valve-cylinder.manifold",
                              NULL);
  assert_same_as_cli (fixture, example);
}

/* Reserving the run's length up front: appends up to it move no column
 * (the pointers stay), a column that appears later has the room too, and
 * growing past it still works. */
static void
test_reserve (void)
{
  g_autoptr (MfRunRecord) record = mf_run_record_new ("Run 1");
  const char *first[] = { "P1.v", "J1.p" };
  const char *second[] = { "P1.v", "J1.p", "C1.x" };
  const double *times, *v, *p, *x;
  const guint *modes;
  const guint n = 50000;

  mf_run_record_reserve (record, n);
  g_assert_cmpuint (mf_run_record_get_capacity (record), ==, n);
  /* less than reserved changes nothing */
  mf_run_record_reserve (record, 10);
  g_assert_cmpuint (mf_run_record_get_capacity (record), ==, n);

  mf_run_record_begin_segment (record, 2, first, NULL);
  mf_run_record_append (record, 0, 0, (const double[]) { 0, 0 });
  times = mf_run_record_get_times (record);
  modes = mf_run_record_get_modes (record);
  v = mf_run_record_get_column (record, 0);
  p = mf_run_record_get_column (record, 1);
  for (guint i = 1; i < n / 2; i++)
    mf_run_record_append (record, i * 1e-3, i % 3, (const double[]) { i, -2.0 * i });
  mf_run_record_begin_segment (record, 3, second, NULL);
  mf_run_record_append (record, (n / 2) * 1e-3, 0, (const double[]) { n / 2, -1.0 * n, 7 });
  x = mf_run_record_get_column (record, 2);
  for (guint i = n / 2 + 1; i < n; i++)
    mf_run_record_append (record, i * 1e-3, i % 3, (const double[]) { i, -2.0 * i, 7 });

  g_assert_cmpuint (mf_run_record_get_n_samples (record), ==, n);
  g_assert_cmpuint (mf_run_record_get_capacity (record), ==, n);
  g_assert_true (mf_run_record_get_times (record) == times);
  g_assert_true (mf_run_record_get_modes (record) == modes);
  g_assert_true (mf_run_record_get_column (record, 0) == v);
  g_assert_true (mf_run_record_get_column (record, 1) == p);
  g_assert_true (mf_run_record_get_column (record, 2) == x);
  g_assert_cmpfloat (times[n - 1], ==, (n - 1) * 1e-3);
  g_assert_cmpuint (modes[n - 1], ==, (n - 1) % 3);
  g_assert_cmpfloat (v[n - 1], ==, n - 1);
  g_assert_true (isnan (x[0]));
  g_assert_cmpfloat (x[n - 1], ==, 7);

  /* past the reservation the record grows as before */
  for (guint i = n; i < n + 1000; i++)
    mf_run_record_append (record, i * 1e-3, 0, (const double[]) { i, -2.0 * i, 8 });
  g_assert_cmpuint (mf_run_record_get_n_samples (record), ==, n + 1000);
  g_assert_cmpuint (mf_run_record_get_capacity (record), ==, n + 1000);
  g_assert_cmpfloat (mf_run_record_get_column (record, 0)[n + 999], ==, n + 999);
  g_assert_cmpfloat (mf_run_record_get_column (record, 2)[n + 999], ==, 8);
  g_assert_cmpfloat (mf_run_record_get_times (record)[n / 2], ==, (n / 2) * 1e-3);
}

/* Run A − run B at A's times, B interpolated linearly.  A samples
 * x = t² at t = 0, 0.5, 1 (0, 0.25, 1) and v in m/s; B samples x = 2t at
 * t = 0, 0.4, 0.8, 1.2 (0, 0.8, 1.6, 2.4) and v in mm/s (another unit:
 * left out).  By hand: at t = 0.5, B is between 0.8 (t = 0.4) and 1.6
 * (t = 0.8): 0.8 + 0.8 × 0.1 / 0.4 = 1.0, so A − B = 0.25 − 1.0 = −0.75;
 * at t = 1, 1.6 + 0.8 × 0.2 / 0.4 = 2.0, A − B = 1 − 2 = −1; at t = 0,
 * 0 − 0 = 0.  Out of B's times the difference is NaN; at a time B holds
 * twice, the later sample's side counts. */
static void
test_difference (void)
{
  static const char *const names_a[] = { "C1.x", "C1.v" };
  static const char *const units_a[] = { "m", "m/s" };
  static const char *const units_b[] = { "m", "mm/s" };
  g_autoptr (MfRunRecord) a = mf_run_record_new ("Run 2");
  g_autoptr (MfRunRecord) b = mf_run_record_new ("Run 1");
  g_autoptr (MfRunRecord) diff = NULL;
  const double *x;
  const double tt[] = { 0, 1, 1, 2 };
  const double vv[] = { 0, 1, 5, 6 };

  mf_run_record_begin_segment (a, 2, names_a, units_a);
  mf_run_record_begin_segment (b, 2, names_a, units_b);
  for (guint i = 0; i < 3; i++)
    mf_run_record_append (a, i * 0.5, i, (const double[]) { i * 0.5 * i * 0.5, 7 });
  for (guint i = 0; i < 4; i++)
    mf_run_record_append (b, i * 0.4, 0, (const double[]) { 2 * i * 0.4, 7 });
  diff = mf_run_difference (a, b);
  g_assert_cmpstr (mf_run_record_get_label (diff), ==, "Run 2 − Run 1");
  g_assert_cmpint (mf_run_record_get_status (diff), ==, MF_SIM_STATUS_FINISHED);
  g_assert_cmpuint (mf_run_record_get_n_columns (diff), ==, 1);
  g_assert_cmpstr (mf_run_record_get_column_name (diff, 0), ==, "C1.x");
  g_assert_cmpstr (mf_run_record_get_column_unit (diff, 0), ==, "m");
  g_assert_cmpuint (mf_run_record_get_n_samples (diff), ==, 3);
  g_assert_cmpuint (mf_run_record_get_modes (diff)[2], ==, 2);
  x = mf_run_record_get_column (diff, 0);
  g_assert_cmpfloat_with_epsilon (x[0], 0.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (x[1], -0.75, 1e-12);
  g_assert_cmpfloat_with_epsilon (x[2], -1.0, 1e-12);

  g_assert_true (isnan (mf_run_interpolate (tt, vv, 4, -0.1)));
  g_assert_true (isnan (mf_run_interpolate (tt, vv, 4, 2.1)));
  g_assert_true (isnan (mf_run_interpolate (tt, vv, 0, 0)));
  /* at t = 1, held twice (1 then 5): the later side */
  g_assert_cmpfloat (mf_run_interpolate (tt, vv, 4, 1), ==, 5);
  g_assert_cmpfloat_with_epsilon (mf_run_interpolate (tt, vv, 4, 1.5), 5.5, 1e-12);
  g_assert_cmpfloat (mf_run_interpolate (tt, vv, 4, 2), ==, 6);
}

/* A quantity by name at any time of the run: C1.x = 2t sampled at 0, 0.5
 * and 1 reads 0.5 at t = 0.25 between them; a name the run lacks, or a
 * time it did not reach, is NaN. */
static void
test_value_at (void)
{
  g_autoptr (MfRunRecord) run = mf_run_record_new ("Run 1");
  const char *names[] = { "J1.p", "C1.x" };

  mf_run_record_begin_segment (run, 2, names, NULL);
  for (guint i = 0; i < 3; i++)
    mf_run_record_append (run, i * 0.5, 0, (const double[]) { 1e5, 2 * i * 0.5 });
  g_assert_cmpfloat_with_epsilon (mf_run_record_value_at (run, "C1.x", 0.25), 0.5, 1e-12);
  g_assert_cmpfloat (mf_run_record_value_at (run, "C1.x", 1.0), ==, 2.0);
  g_assert_cmpfloat (mf_run_record_value_at (run, "J1.p", 0.7), ==, 1e5);
  g_assert_true (isnan (mf_run_record_value_at (run, "C1.v", 0.25)));
  g_assert_true (isnan (mf_run_record_value_at (run, "C1.x", 1.01)));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/app/run-record/segments-union", test_segments_union);
  g_test_add_func ("/app/run-record/difference", test_difference);
  g_test_add_func ("/app/run-record/value-at", test_value_at);
  g_test_add_func ("/app/run-record/growth", test_growth);
  g_test_add_func ("/app/run-record/reserve", test_reserve);
  g_test_add_func ("/app/run-record/duplicate-names", test_duplicate_names);
  g_test_add_func ("/app/run-record/modes-log-outcome", test_modes_log_outcome);
  g_test_add_func ("/app/run-record/solver-account", test_solver_account);
  g_test_add_func ("/app/run-record/summary-notify", test_summary_notify);
  g_test_add ("/app/run-record/csv-columns", Fixture, NULL, fixture_set_up, test_csv_columns,
              fixture_tear_down);
  g_test_add ("/app/run-record/csv-errors", Fixture, NULL, fixture_set_up, test_csv_errors,
              fixture_tear_down);
  g_test_add ("/app/run-record/csv-destinations", Fixture, NULL, fixture_set_up,
              test_csv_destinations, fixture_tear_down);
  g_test_add ("/app/run-record/csv-locale", Fixture, NULL, fixture_set_up, test_csv_locale,
              fixture_tear_down);
  g_test_add ("/app/run-record/csv-matches-cli", Fixture, NULL, fixture_set_up,
              test_csv_matches_cli, fixture_tear_down);
  return g_test_run ();
}
