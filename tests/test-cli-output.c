/* test-cli-output.c: the files `manifold-cli simulate` and `plot` write
 * (docs/cli.md, "Output files") — what is not a regular file is refused and
 * left as it was, links are written through, modes kept, two outputs that
 * are one file refused, `-o -` is standard output, and no temporary file
 * outlives an error or a signal.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-test-cli.h"

#include <errno.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <unistd.h>

/* ---- helpers ------------------------------------------------------------ */

/* The message is about `path` itself: "cannot write PATH: reason", not about
 * a temporary file beside it. */
static void
assert_names (const char *err, const char *path)
{
  g_autofree char *message = g_strdup_printf ("manifold-cli: cannot write %s: ", path);

  assert_contains (err, message);
}

static char *
scratch_path (const Fixture *fixture, const char *name)
{
  return g_build_filename (fixture->dir, name, NULL);
}

static mode_t
file_type (const char *path)
{
  struct stat st;

  g_assert_cmpint (lstat (path, &st), ==, 0);
  return st.st_mode & S_IFMT;
}

static mode_t
file_mode (const char *path)
{
  struct stat st;

  g_assert_cmpint (stat (path, &st), ==, 0);
  return st.st_mode & 07777;
}

/* A name in the scratch directory that starts with ".NAME.": a temporary
 * file of NAME. */
static gboolean
has_temporary (const Fixture *fixture, const char *name)
{
  g_autoptr (GDir) dir = g_dir_open (fixture->dir, 0, NULL);
  g_autofree char *prefix = g_strdup_printf (".%s.", name);
  const char *entry;

  while ((entry = g_dir_read_name (dir)) != NULL)
    if (g_str_has_prefix (entry, prefix))
      return TRUE;
  return FALSE;
}

static void
assert_link_to (const char *path, const char *target)
{
  g_autofree char *link = g_file_read_link (path, NULL);

  g_assert_cmpint (file_type (path), ==, S_IFLNK);
  g_assert_cmpstr (link, ==, target);
}

static mode_t test_umask;

/* ---- what is not a regular file ---------------------------------------- */

/* `-o PATH` and `--events PATH` are refused before the run, exit 1, with a
 * message that says what PATH is; PATH stays what it was. */
static void
assert_refused (Fixture *fixture, const char *path, const char *what, mode_t type)
{
  const char *flags[] = { "-o", "--events" };

  for (guint i = 0; i < G_N_ELEMENTS (flags); i++)
    {
      g_autoptr (Result) result = run_cli_on (fixture, "simulate", "@", flags[i], path);
      g_autofree char *message = g_strdup_printf ("manifold-cli: cannot write %s: it is %s\n",
                                                  path, what);

      assert_fails (result, 1, message);
      g_assert_cmpint (file_type (path), ==, type);
    }
}

static void
test_refuse_fifo (Fixture *fixture, gconstpointer data)
{
  g_autofree char *fifo = NULL;

  SKIP_WITHOUT_CLI ();
  write_document (fixture, three_pipes);
  fifo = scratch_path (fixture, "out.csv");
  g_assert_cmpint (mkfifo (fifo, 0644), ==, 0);
  /* a pipe is written straight into, but one no process reads would hold
   * the run for ever */
  assert_refused (fixture, fifo, "a pipe that no process reads", S_IFIFO);
  g_assert_false (has_temporary (fixture, "out.csv"));
}

static void
test_refuse_socket (Fixture *fixture, gconstpointer data)
{
  struct sockaddr_un address = { .sun_family = AF_UNIX };
  g_autofree char *path = NULL;
  int fd;

  SKIP_WITHOUT_CLI ();
  write_document (fixture, three_pipes);
  path = scratch_path (fixture, "out.csv");
  g_assert_cmpuint (strlen (path), <, sizeof address.sun_path);
  strcpy (address.sun_path, path);
  fd = socket (AF_UNIX, SOCK_STREAM, 0);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (bind (fd, (struct sockaddr *) &address, sizeof address), ==, 0);
  close (fd);
  assert_refused (fixture, path, "a socket", S_IFSOCK);
}

/* A character device is written straight into, as standard output is: a
 * null device made in the scratch directory where we may (root), else
 * /dev/null itself; it stays a device. */
static void
test_device (Fixture *fixture, gconstpointer data)
{
  g_autofree char *node = NULL;
  g_autoptr (Result) result = NULL;

  SKIP_WITHOUT_CLI ();
  write_document (fixture, three_pipes);
  node = scratch_path (fixture, "null");
  if (mknod (node, S_IFCHR | 0666, makedev (1, 3)) != 0)
    {
      g_free (node);
      node = g_strdup ("/dev/null");
    }
  result = run_cli_on (fixture, "simulate", "@", "-o", node);
  g_assert_cmpint (result->status, ==, 0);
  g_assert_cmpint (file_type (node), ==, S_IFCHR);
  g_assert_false (has_temporary (fixture, "null"));
}

static void
test_refuse_directory (Fixture *fixture, gconstpointer data)
{
  SKIP_WITHOUT_CLI ();
  write_document (fixture, three_pipes);
  assert_refused (fixture, fixture->dir, "a directory", S_IFDIR);
  g_assert_cmpuint (count_files (fixture), ==, 1);
}

/* A link to a pipe that no process reads is refused like the pipe. */
static void
test_refuse_through_link (Fixture *fixture, gconstpointer data)
{
  g_autofree char *fifo = NULL;
  g_autofree char *link = NULL;
  g_autoptr (Result) result = NULL;

  SKIP_WITHOUT_CLI ();
  write_document (fixture, three_pipes);
  fifo = scratch_path (fixture, "pipe");
  link = scratch_path (fixture, "out.csv");
  g_assert_cmpint (mkfifo (fifo, 0644), ==, 0);
  g_assert_cmpint (symlink ("pipe", link), ==, 0);
  result = run_cli_on (fixture, "simulate", "@", "-o", link);
  assert_fails (result, 1, "it is a pipe that no process reads");
  assert_link_to (link, "pipe");
  g_assert_cmpint (file_type (fifo), ==, S_IFIFO);
}

/* ---- links and modes --------------------------------------------------- */

/* A link stays a link; the file it points to gets the CSV, and keeps its
 * mode. */
static void
test_symlink (Fixture *fixture, gconstpointer data)
{
  g_autofree char *target = NULL;
  g_autofree char *link = NULL;
  g_autofree char *csv = NULL;
  g_autoptr (Result) result = NULL;

  SKIP_WITHOUT_CLI ();
  write_document (fixture, three_pipes);
  target = write_file (fixture, "target.csv", "old contents\n");
  g_assert_cmpint (chmod (target, 0640), ==, 0);
  link = scratch_path (fixture, "out.csv");
  g_assert_cmpint (symlink ("target.csv", link), ==, 0);
  result = run_cli_on (fixture, "simulate", "@", "-o", link);
  g_assert_cmpint (result->status, ==, 0);
  assert_link_to (link, "target.csv");
  csv = read_file (target);
  g_assert_cmpuint (assert_csv (csv, "P1.v"), ==, 11);
  g_assert_cmpint (file_mode (target), ==, 0640);
  g_assert_cmpuint (count_files (fixture), ==, 3);
}

/* A link to a file that does not exist yet: the file is made, with the mode
 * a new file gets, and the link stays. */
static void
test_dangling_symlink (Fixture *fixture, gconstpointer data)
{
  g_autofree char *target = NULL;
  g_autofree char *link = NULL;
  g_autofree char *csv = NULL;
  g_autoptr (Result) result = NULL;

  SKIP_WITHOUT_CLI ();
  write_document (fixture, three_pipes);
  target = scratch_path (fixture, "new.csv");
  link = scratch_path (fixture, "out.csv");
  g_assert_cmpint (symlink ("new.csv", link), ==, 0);
  result = run_cli_on (fixture, "simulate", "@", "-o", link);
  g_assert_cmpint (result->status, ==, 0);
  assert_link_to (link, "new.csv");
  csv = read_file (target);
  g_assert_cmpuint (assert_csv (csv, "P1.v"), ==, 11);
  g_assert_cmpint (file_mode (target), ==, 0666 & ~test_umask);
  g_assert_cmpuint (count_files (fixture), ==, 3);
}

/* A private file stays private: the CSV's and the events'. */
static void
test_keeps_mode (Fixture *fixture, gconstpointer data)
{
  g_autofree char *out = NULL;
  g_autofree char *events = NULL;
  g_autofree char *log = NULL;
  g_autoptr (Result) result = NULL;

  SKIP_WITHOUT_CLI ();
  write_document (fixture, three_pipes);
  out = write_file (fixture, "out.csv", "old contents\n");
  events = write_file (fixture, "events.csv", "old events\n");
  g_assert_cmpint (chmod (out, 0600), ==, 0);
  g_assert_cmpint (chmod (events, 0604), ==, 0);
  result = run_cli_on (fixture, "simulate", "@", "-o", out, "--events", events);
  g_assert_cmpint (result->status, ==, 0);
  g_assert_cmpint (file_mode (out), ==, 0600);
  g_assert_cmpint (file_mode (events), ==, 0604);
  log = read_file (events);
  g_assert_cmpstr (log, ==, "t [s],component,from,to\n");
}

/* ---- an output that is the document ----------------------------------- */

static void
test_output_is_input (Fixture *fixture, gconstpointer data)
{
  g_autofree char *link_path = NULL;
  g_autofree char *contents = NULL;
  g_autoptr (Result) csv = NULL;
  g_autoptr (Result) events = NULL;
  g_autoptr (Result) linked = NULL;
  g_autoptr (Result) plot = NULL;

  SKIP_WITHOUT_CLI ();
  write_document (fixture, three_pipes);
  csv = run_cli_on (fixture, "simulate", "@", "-o", fixture->path);
  assert_fails (csv, 64, "-o names the document being read");
  events = run_cli_on (fixture, "simulate", "@", "--events", fixture->path);
  assert_fails (events, 64, "--events names the document being read");
  /* through a link to it */
  link_path = scratch_path (fixture, "document.png");
  g_assert_cmpint (symlink (fixture->path, link_path), ==, 0);
  linked = run_cli_on (fixture, "simulate", "@", "-o", link_path);
  assert_fails (linked, 64, "-o names the document being read");
  plot = run_cli_on (fixture, "plot", "@", "--series", "P1.v", "-o", link_path);
  assert_fails (plot, 64, "-o names the document being read");
  contents = read_file (fixture->path);
  g_assert_cmpstr (contents, ==, three_pipes);
  g_assert_false (has_temporary (fixture, "document.png"));
}

/* ---- two outputs, one file ---------------------------------------------- */

static void
test_same_file (Fixture *fixture, gconstpointer data)
{
  g_autofree char *same = NULL;
  g_autofree char *to_fresh = NULL;
  g_autofree char *fresh = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *hard = NULL;
  g_autoptr (Result) named = NULL;
  g_autoptr (Result) hard_linked = NULL;
  g_autoptr (Result) linked = NULL;
  g_autoptr (Result) both_stdout = NULL;

  SKIP_WITHOUT_CLI ();
  write_document (fixture, three_pipes);

  /* the same path, an existing file: neither output touches it */
  same = write_file (fixture, "same.csv", "old contents\n");
  named = run_cli_on (fixture, "simulate", "@", "-o", same, "--events", same);
  assert_fails (named, 64, "-o and --events name the same file");
  contents = read_file (same);
  g_assert_cmpstr (contents, ==, "old contents\n");

  /* two names of one file */
  hard = scratch_path (fixture, "hard.csv");
  g_assert_cmpint (link (same, hard), ==, 0);
  hard_linked = run_cli_on (fixture, "simulate", "@", "-o", hard, "--events", same);
  assert_fails (hard_linked, 64, "-o and --events name the same file");
  g_free (contents);
  contents = read_file (same);
  g_assert_cmpstr (contents, ==, "old contents\n");
  g_assert_cmpint (unlink (hard), ==, 0);

  /* a file not made yet, once by its name and once through a link */
  fresh = scratch_path (fixture, "fresh.csv");
  to_fresh = scratch_path (fixture, "link.csv");
  g_assert_cmpint (symlink ("fresh.csv", to_fresh), ==, 0);
  linked = run_cli_on (fixture, "simulate", "@", "-o", fresh, "--events", to_fresh);
  assert_fails (linked, 64, "-o and --events name the same file");
  g_assert_false (g_file_test (fresh, G_FILE_TEST_EXISTS));

  /* the CSV goes to standard output without -o */
  both_stdout = run_cli_on (fixture, "simulate", "@", "--events", "-");
  assert_fails (both_stdout, 64, "cannot both go to standard output");
  g_assert_cmpuint (count_files (fixture), ==, 3);
}

/* ---- standard output ---------------------------------------------------- */

/* `-o -` is standard output, not a file called "-"; so is `--events -`. */
static void
test_dash (Fixture *fixture, gconstpointer data)
{
  g_autofree char *out = NULL;
  g_autoptr (Result) csv = NULL;
  g_autoptr (Result) events = NULL;

  SKIP_WITHOUT_CLI ();
  write_document (fixture, three_pipes);
  csv = run_cliv_in (fixture->dir, NULL, NULL,
                     (const char *const[]) { "simulate", "@", "-o", "-", NULL }, fixture->path);
  g_assert_cmpint (csv->status, ==, 0);
  g_assert_cmpuint (assert_csv (csv->out, "P1.v"), ==, 11);
  g_assert_cmpstr (csv->err, ==, "");

  out = scratch_path (fixture, "out.csv");
  events = run_cliv_in (fixture->dir, NULL, NULL,
                        (const char *const[]) { "simulate", "@", "-q", "-o", out, "--events", "-",
                                                NULL },
                        fixture->path);
  g_assert_cmpint (events->status, ==, 0);
  g_assert_cmpstr (events->out, ==, "t [s],component,from,to\n");
  g_assert_cmpuint (count_files (fixture), ==, 2);
}

/* ---- errors and signals leave no temporary file ------------------------- */

/* In the child: files may grow to `data` bytes, and going past that is an
 * error of the write (EFBIG), not a signal. */
static void
limit_file_size (gpointer data)
{
  struct rlimit limit = { GPOINTER_TO_UINT (data), GPOINTER_TO_UINT (data) };

  signal (SIGXFSZ, SIG_IGN);
  setrlimit (RLIMIT_FSIZE, &limit);
}

/* A write that fails half way (the file may not grow past 1000 bytes, the
 * CSV is longer): exit 1 naming OUT, not the temporary file, which is gone;
 * OUT as it was. */
static void
test_write_error (Fixture *fixture, gconstpointer data)
{
  g_autofree char *out = NULL;
  g_autofree char *contents = NULL;
  g_autoptr (Result) result = NULL;

  SKIP_WITHOUT_CLI ();
  write_document (fixture, three_pipes);
  out = write_file (fixture, "out.csv", "old contents\n");
  result = run_cliv_in (NULL, limit_file_size, GUINT_TO_POINTER (1000),
                        (const char *const[]) { "simulate", "@", "-o", out, NULL },
                        fixture->path);
  g_assert_cmpint (result->status, ==, 1);
  assert_names (result->err, out);
  assert_lacks (result->err, "/.out.csv.");
  contents = read_file (out);
  g_assert_cmpstr (contents, ==, "old contents\n");
  g_assert_false (has_temporary (fixture, "out.csv"));
  g_assert_cmpuint (count_files (fixture), ==, 2);
}

/* The events: a failed write at the end (the CSV goes to a pipe, which the
 * limit does not touch) names the file and leaves it; a directory that does
 * not exist is found before the run. */
static void
test_events_write_error (Fixture *fixture, gconstpointer data)
{
  g_autofree char *events = NULL;
  g_autofree char *missing = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *contents = NULL;
  g_autoptr (Result) result = NULL;
  g_autoptr (Result) nowhere = NULL;

  SKIP_WITHOUT_CLI ();
  write_document (fixture, three_pipes);
  events = write_file (fixture, "events.csv", "old events\n");
  result = run_cliv_in (NULL, limit_file_size, GUINT_TO_POINTER (10),
                        (const char *const[]) { "simulate", "@", "--events", events, NULL },
                        fixture->path);
  g_assert_cmpint (result->status, ==, 1);
  g_assert_cmpuint (assert_csv (result->out, "P1.v"), ==, 11);
  assert_names (result->err, events);
  assert_lacks (result->err, "events.csv.");
  contents = read_file (events);
  g_assert_cmpstr (contents, ==, "old events\n");
  g_assert_false (has_temporary (fixture, "events.csv"));

  missing = g_build_filename (fixture->dir, "no-such-dir", "events.csv", NULL);
  nowhere = run_cli_on (fixture, "simulate", "@", "--events", missing);
  g_assert_cmpint (nowhere->status, ==, 1);
  g_assert_cmpstr (nowhere->out, ==, "");
  expected = g_strdup_printf ("manifold-cli: cannot write %s: No such file or directory\n",
                              missing);
  g_assert_cmpstr (nowhere->err, ==, expected);
  g_assert_cmpuint (count_files (fixture), ==, 2);
}

/* In the child: the signals die as they would in a shell's foreground job,
 * whatever the test's runner does with them. */
static void
default_signals (gpointer data)
{
  signal (SIGINT, SIG_DFL);
  signal (SIGTERM, SIG_DFL);
  signal (SIGHUP, SIG_DFL);
}

/* A run of some seconds, killed by `signum` once its temporary file exists:
 * it dies of the signal, the temporary file is gone, OUT as it was. */
static void
kill_run (Fixture *fixture, const char *out, int signum)
{
  const char *argv[] = { cli_path (), "simulate", fixture->path, "--method", "euler", "--step",
                         "1e-7", "--t-end", "5", "--every", "0.01", "-o", out, NULL };
  g_autoptr (GError) error = NULL;
  g_autofree char *contents = NULL;
  gint64 deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  GPid pid;
  int status = 0;

  g_spawn_async (NULL, (char **) argv, NULL,
                 G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL
                   | G_SPAWN_STDERR_TO_DEV_NULL,
                 default_signals, NULL, &pid, &error);
  g_assert_no_error (error);
  while (!has_temporary (fixture, "out.csv") && g_get_monotonic_time () < deadline)
    g_usleep (5000);
  g_assert_true (has_temporary (fixture, "out.csv"));
  g_assert_cmpint (kill (pid, signum), ==, 0);
  while (waitpid (pid, &status, WNOHANG) == 0 && g_get_monotonic_time () < deadline)
    g_usleep (5000);
  if (!WIFSIGNALED (status) && !WIFEXITED (status))
    {
      kill (pid, SIGKILL);
      waitpid (pid, &status, 0);
      g_error ("manifold-cli did not end on signal %d", signum);
    }
  g_spawn_close_pid (pid);
  g_assert_true (WIFSIGNALED (status));
  g_assert_cmpint (WTERMSIG (status), ==, signum);
  g_assert_false (has_temporary (fixture, "out.csv"));
  contents = read_file (out);
  g_assert_cmpstr (contents, ==, "old contents\n");
  g_assert_cmpuint (count_files (fixture), ==, 2);
}

static void
test_signals (Fixture *fixture, gconstpointer data)
{
  g_autofree char *out = NULL;

  SKIP_WITHOUT_CLI ();
  write_document (fixture, three_pipes);
  out = write_file (fixture, "out.csv", "old contents\n");
  kill_run (fixture, out, SIGTERM);
  kill_run (fixture, out, SIGINT);
  kill_run (fixture, out, SIGHUP);
}

/* ---- plot --------------------------------------------------------------- */

/* `plot` writes through a link, keeps the mode, refuses a pipe nobody reads and standard
 * output, and leaves the old picture when writing fails. */
static void
test_plot (Fixture *fixture, gconstpointer data)
{
  g_autofree char *target = NULL;
  g_autofree char *link = NULL;
  g_autofree char *fifo = NULL;
  g_autofree char *svg = NULL;
  g_autofree char *kept = NULL;
  g_autoptr (Result) linked = NULL;
  g_autoptr (Result) piped = NULL;
  g_autoptr (Result) dashed = NULL;
  g_autoptr (Result) full = NULL;

  SKIP_WITHOUT_CLI ();
  write_document (fixture, three_pipes);
  target = write_file (fixture, "target.svg", "old picture\n");
  g_assert_cmpint (chmod (target, 0600), ==, 0);
  link = scratch_path (fixture, "plot.svg");
  g_assert_cmpint (symlink ("target.svg", link), ==, 0);
  linked = run_cli_on (fixture, "plot", "@", "-s", "P1.v", "-o", link, "-q");
  g_assert_cmpint (linked->status, ==, 0);
  assert_link_to (link, "target.svg");
  svg = read_file (target);
  g_assert_true (strstr (svg, "<svg") != NULL);
  g_assert_cmpint (file_mode (target), ==, 0600);

  fifo = scratch_path (fixture, "pipe.svg");
  g_assert_cmpint (mkfifo (fifo, 0644), ==, 0);
  piped = run_cli_on (fixture, "plot", "@", "-s", "P1.v", "-o", fifo);
  assert_fails (piped, 1, "it is a pipe that no process reads");
  g_assert_cmpint (file_type (fifo), ==, S_IFIFO);

  dashed = run_cli_on (fixture, "plot", "@", "-s", "P1.v", "-o", "-");
  assert_fails (dashed, 64, "not standard output");

  /* an SVG longer than the 1000 bytes a file may grow to */
  g_assert_true (g_file_set_contents (target, "old picture\n", -1, NULL));
  full = run_cliv_in (NULL, limit_file_size, GUINT_TO_POINTER (1000),
                      (const char *const[]) { "plot", "@", "-s", "P1.v", "-o", link, NULL },
                      fixture->path);
  g_assert_cmpint (full->status, ==, 1);
  assert_names (full->err, link);
  assert_lacks (full->err, "/.target.svg.");
  kept = read_file (target);
  g_assert_cmpstr (kept, ==, "old picture\n");
  g_assert_false (has_temporary (fixture, "target.svg"));
  g_assert_cmpuint (count_files (fixture), ==, 4);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  test_umask = umask (022);
  umask (test_umask);

  ADD ("/cli/output/refuse/fifo", test_refuse_fifo);
  ADD ("/cli/output/refuse/socket", test_refuse_socket);
  ADD ("/cli/output/device", test_device);
  ADD ("/cli/output/refuse/directory", test_refuse_directory);
  ADD ("/cli/output/refuse/through-link", test_refuse_through_link);
  ADD ("/cli/output/symlink", test_symlink);
  ADD ("/cli/output/dangling-symlink", test_dangling_symlink);
  ADD ("/cli/output/keeps-mode", test_keeps_mode);
  ADD ("/cli/output/same-file", test_same_file);
  ADD ("/cli/output/output-is-input", test_output_is_input);
  ADD ("/cli/output/dash", test_dash);
  ADD ("/cli/output/write-error", test_write_error);
  ADD ("/cli/output/events-write-error", test_events_write_error);
  ADD ("/cli/output/signals", test_signals);
  ADD ("/cli/output/plot", test_plot);
  return g_test_run ();
}
