/* test-cli-friendly.c: manifold-cli meeting a user's slips — "did you mean"
 * for commands, options, methods, outputs and modes (and the list when
 * nothing is close or two are as close), methods in any case, options and
 * --version anywhere, validate on many files, "-" for standard input and
 * a pipe as the output, strict numbers, and the usage line that shows what
 * is required; and the edit distance and the guess behind the suggestions
 * (src/core/document/mf-suggest.c), worked by hand.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "mf-suggest.h"
#include "mf-test-cli.h"

/* The relief circuit of test-cli.c in short: modes "shut" and "open". */
static const char two_modes[] =
  "{ \"manifold\": 1,\n"
  "  \"components\": [\n"
  "    { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"10 bar\" },\n"
  "    { \"id\": \"P1\", \"type\": \"pipe\", \"length\": 1, \"diameter\": \"10 mm\" },\n"
  "    { \"id\": \"V1\", \"type\": \"valve\", \"area\": 1e-5 },\n"
  "    { \"id\": \"T2\", \"type\": \"tank\", \"pressure\": 0 } ],\n"
  "  \"wires\": [ [\"T1.p\", \"P1.a\"], [\"P1.b\", \"V1.a\"], [\"V1.b\", \"T2.p\"] ],\n"
  "  \"modes\": [ { \"name\": \"shut\", \"closed\": [\"V1\"] },"
  " { \"name\": \"open\", \"closed\": [] } ],\n"
  "  \"simulation\": { \"t_end\": 0.01, \"output_interval\": 0.005 } }\n";

/* ---- the distance and the guess, by hand -------------------------------- */

static void
test_distance (void)
{
  /* one swap of neighbours */
  g_assert_cmpuint (mf_suggest_distance ("simualte", "simulate", FALSE), ==, 1);
  g_assert_cmpuint (mf_suggest_distance ("--t-ned", "--t-end", FALSE), ==, 1);
  /* one deletion, one substitution */
  g_assert_cmpuint (mf_suggest_distance ("msbd", "msbdf", FALSE), ==, 1);
  g_assert_cmpuint (mf_suggest_distance ("analyse", "analyze", FALSE), ==, 1);
  /* case */
  g_assert_cmpuint (mf_suggest_distance ("RK4", "rk4", FALSE), ==, 2);
  g_assert_cmpuint (mf_suggest_distance ("RK4", "rk4", TRUE), ==, 0);
  /* characters, not bytes */
  g_assert_cmpuint (mf_suggest_distance ("Ölkühler", "Olkuhler", FALSE), ==, 2);
  g_assert_cmpuint (mf_suggest_distance ("", "abc", FALSE), ==, 3);
  g_assert_cmpuint (mf_suggest_distance ("kitten", "sitting", FALSE), ==, 3);
}

static void
test_guess (void)
{
  const char *methods[] = { "auto", "rk2", "rk4", "rkf45", "msbdf", "msadams" };
  const char *modes[] = { "shut", "open" };
  g_autofree char *list = mf_suggest_list (methods, G_N_ELEMENTS (methods), 3);

  g_assert_cmpstr (mf_suggest ("msbd", methods, 6, TRUE), ==, "msbdf");
  g_assert_cmpstr (mf_suggest ("RKF45", methods, 6, TRUE), ==, "rkf45");
  /* rk2 and rk4 are as close: no guess */
  g_assert_null (mf_suggest ("rk5", methods, 6, TRUE));
  /* too far: more than a third of the letters */
  g_assert_null (mf_suggest ("euler", methods, 6, TRUE));
  /* a beginning */
  g_assert_cmpstr (mf_suggest ("msa", methods, 6, TRUE), ==, "msadams");
  g_assert_cmpstr (mf_suggest ("shutt", modes, 2, FALSE), ==, "shut");
  g_assert_cmpstr (list, ==, "'auto', 'rk2', 'rk4', … (and 3 more)");
}

/* ---- the command line --------------------------------------------------- */

static const Expectation command_meant = {
  .document = two_modes,
  .args = { "simualte", "@" },
  .status = 64,
  .err = { "manifold-cli: unknown command 'simualte'; did you mean 'simulate'?" },
};

static const Expectation command_listed = {
  .document = two_modes,
  .args = { "frobnicate", "@" },
  .status = 64,
  .err = { "unknown command 'frobnicate'; the commands are 'validate', 'analyze', " },
};

/* the British spelling the top help uses */
static const Expectation command_analyse = {
  .document = two_modes,
  .args = { "analyse", "@", "--mode", "open" },
  .status = 0,
  .out = { "mode 'open'" },
};

static const Expectation option_meant = {
  .document = two_modes,
  .args = { "simulate", "@", "--t-ned", "1" },
  .status = 64,
  .err = { "manifold-cli: unknown option '--t-ned'; did you mean '--t-end'?",
           "Usage: manifold-cli simulate FILE" },
};

static const Expectation option_listed = {
  .document = two_modes,
  .args = { "analyze", "@", "--frobnicate" },
  .status = 64,
  .err = { "unknown option '--frobnicate'; the options are '--help', '--mode', '--json'" },
};

static const Expectation option_short_unknown = {
  .document = two_modes,
  .args = { "analyze", "@", "-z" },
  .status = 64,
  .err = { "manifold-cli: unknown option '-z'" },
};

static const Expectation option_needs_value = {
  .document = two_modes,
  .args = { "simulate", "@", "--t-end" },
  .status = 64,
  .err = { "manifold-cli: option '--t-end' needs a value (T)" },
  .err_lacks = { "Missing argument" },
};

static const Expectation option_takes_no_value = {
  .document = two_modes,
  .args = { "analyze", "@", "--json=yes" },
  .status = 64,
  .err = { "manifold-cli: option '--json' takes no value" },
};

static const Expectation method_meant = {
  .document = two_modes,
  .args = { "simulate", "@", "--method", "msbd" },
  .status = 64,
  .out_is = "",
  .err = { "unknown method 'msbd'; did you mean 'msbdf'?" },
};

/* "RK4" is rk4: the run goes on */
static const Expectation method_any_case = {
  .document = two_modes,
  .args = { "simulate", "@", "--method", "RK4" },
  .status = 0,
  .rows = 3,
};

static const Expectation series_meant = {
  .document = two_modes,
  .args = { "simulate", "@", "--series", "P1.vv" },
  .status = 64,
  .err = { "no output called 'P1.vv'; did you mean 'P1.v'?" },
};

static const Expectation series_listed = {
  .document = two_modes,
  .args = { "simulate", "@", "--series", "Q9" },
  .status = 64,
  .err = { "no output called 'Q9'; the outputs are 'P1.v', " },
};

/* t and solver.mode are in every file: asking for them is no error */
static const Expectation series_always_written = {
  .document = two_modes,
  .args = { "simulate", "@", "--series", "t,P1.v,solver.mode" },
  .status = 0,
  .out = { "t [s],P1.v [m/s],solver.mode\n" },
};

static const Expectation mode_meant = {
  .document = two_modes,
  .args = { "analyze", "@", "--mode", "shutt" },
  .status = 64,
  .err = { "the circuit has no mode 'shutt'; did you mean 'shut'?" },
};

/* options before the command, and --version after it */
static const Expectation option_before_command = {
  .document = two_modes,
  .args = { "--t-end", "0.005", "simulate", "@" },
  .status = 0,
  .rows = 2,
};

static const Expectation version_anywhere = {
  .document = two_modes,
  .args = { "simulate", "@", "-V" },
  .status = 0,
  .out = { "manifold-cli " },
};

/* numbers are decimal, tolerances below 1, runs not vanishingly short */
static const Expectation number_hex = {
  .document = two_modes,
  .args = { "simulate", "@", "--t-end", "0x1p-7" },
  .status = 64,
  .err = { "--t-end expects a plain number in SI units, not '0x1p-7'" },
};

static const Expectation number_rtol = {
  .document = two_modes,
  .args = { "simulate", "@", "--rtol", "2" },
  .status = 64,
  .err = { "the relative tolerance rtol must be below 1" },
};

static const Expectation number_tiny_end = {
  .document = two_modes,
  .args = { "simulate", "@", "--t-end", "1e-300" },
  .status = 64,
  .out_is = "",
  .err = { "the end time 1e-300 s is shorter than the 1e-09 s the solvers can step through" },
};

/* validate refuses what simulate would: euler needs a fixed step */
static const Expectation validate_settings = {
  .document = "{ \"manifold\": 1, \"components\": [ { \"id\": \"M\", \"type\": \"mass\","
              " \"mass\": 1 } ],\n  \"simulation\": { \"method\": \"euler\" } }\n",
  .args = { "validate", "@" },
  .status = 1,
  .out_is = "",
  .err = { "@:2:", "simulation: the method 'euler' has no error estimate: it needs a fixed step" },
};

/* a preferred state the constraints make dependent is a warning at its
 * entry of prefer_states (line 4, column 30: the second name's opening quote) */
static const Expectation preferred_dependent = {
  .document = "{ \"manifold\": 1, \"components\": [ { \"id\": \"T1\", \"type\": \"tank\" },\n"
              "  { \"id\": \"O1\", \"type\": \"orifice\", \"area\": 1e-5 }, { \"id\": \"T2\", "
              "\"type\": \"tank\" },\n"
              "  { \"id\": \"P1\", \"type\": \"pipe\", \"length\": 1, \"diameter\": 0.01 } ],\n"
              "  \"prefer_states\": [ \"O1.v\", \"P1.v\" ],\n"
              "  \"wires\": [ [\"T1.p\", \"P1.a\"], [\"P1.b\", \"O1.a\"], [\"O1.b\", \"T2.p\"] ] }\n",
  .args = { "validate", "@" },
  .status = 0,
  .out = { ": ok (4 components, 1 mode)" },
  .err = { "@:4:30: warning: prefer_states lists P1.v, but this mode's constraints fix it" },
};

/* plot's usage line shows its required options */
static const Expectation plot_help = {
  .document = two_modes,
  .args = { "plot", "--help" },
  .status = 0,
  .out = { "manifold-cli plot [OPTION…] FILE --series NAMES -o OUT.svg|png|pdf" },
};

/* validate on three files: each said, the worst status */
static void
test_validate_many (Fixture *fixture, gconstpointer data)
{
  g_autofree char *bad = NULL;
  g_autoptr (Result) result = NULL;

  SKIP_WITHOUT_CLI ();
  write_document (fixture, two_modes);
  bad = write_file (fixture, "bad.manifold", "{ \"manifold\": 1, ");
  result = run_cliv ((const char *const[]) { "validate", "@", bad, "@", NULL }, fixture->path);
  g_assert_cmpint (result->status, ==, 1);
  g_assert_true (g_str_has_prefix (result->out, fixture->path));
  assert_contains (result->out, ": ok (4 components, 2 modes)\n");
  assert_contains (result->err, "bad.manifold:1:");
  g_assert_true (strstr (strstr (result->out, ": ok") + 1, ": ok") != NULL);
  g_assert_null (strstr (strstr (strstr (result->out, ": ok") + 1, ": ok") + 1, ": ok"));
}

/* Runs manifold-cli with `input` on its standard input. */
static Result *
run_with_input (const char *const *args, const char *input)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GError) error = NULL;
  Result *result = g_new0 (Result, 1);

  g_ptr_array_add (argv, (gpointer) cli_path ());
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  process = g_subprocess_newv ((const char *const *) argv->pdata,
                               G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                 | G_SUBPROCESS_FLAGS_STDERR_PIPE,
                               &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_communicate_utf8 (process, input, NULL, &result->out,
                                                &result->err, &error));
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (process));
  result->status = g_subprocess_get_exit_status (process);
  return result;
}

/* "-" reads the document from standard input, named <stdin> in messages;
 * "-o -" writes to standard output. */
static void
test_stdin (Fixture *fixture, gconstpointer data)
{
  g_autoptr (Result) ok = NULL;
  g_autoptr (Result) bad = NULL;
  g_autoptr (Result) run = NULL;

  SKIP_WITHOUT_CLI ();
  ok = run_with_input ((const char *const[]) { "validate", "-", NULL }, two_modes);
  g_assert_cmpint (ok->status, ==, 0);
  g_assert_cmpstr (ok->out, ==, "<stdin>: ok (4 components, 2 modes)\n");
  bad = run_with_input ((const char *const[]) { "validate", "-", NULL }, "{ \"manifold\": 1,\n[");
  g_assert_cmpint (bad->status, ==, 1);
  g_assert_true (g_str_has_prefix (bad->err, "<stdin>:1:16: "));
  run = run_with_input ((const char *const[]) { "simulate", "-", "-o", "-", NULL }, two_modes);
  g_assert_cmpint (run->status, ==, 0);
  g_assert_cmpuint (assert_csv (run->out, "P1.v"), ==, 3);
}

/* A pipe as -o (a shell's ">(gzip)") is written straight into, and so is a
 * character device; MAT, which needs a file, says so. */
static void
test_pipe (Fixture *fixture, gconstpointer data)
{
  g_autofree char *fifo = NULL;
  g_autoptr (Result) result = NULL;
  g_autoptr (Result) mat = NULL;
  g_autofree char *received = NULL;
  GPid reader;
  int out_fd = -1, wait_status = 0;
  g_autoptr (GError) error = NULL;
  const char *cat[] = { "cat", NULL, NULL };

  SKIP_WITHOUT_CLI ();
  write_document (fixture, two_modes);
  fifo = g_build_filename (fixture->dir, "pipe", NULL);
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  cat[1] = fifo;
  g_assert_true (g_spawn_async_with_pipes (NULL, (char **) cat, NULL,
                                           G_SPAWN_SEARCH_PATH | G_SPAWN_DO_NOT_REAP_CHILD, NULL,
                                           NULL, &reader, NULL, &out_fd, NULL, &error));
  g_assert_no_error (error);
  result = run_cli_on (fixture, "simulate", "@", "-o", fifo);
  g_assert_cmpint (result->status, ==, 0);
  {
    g_autoptr (GIOChannel) channel = g_io_channel_unix_new (out_fd);

    g_io_channel_set_close_on_unref (channel, TRUE);
    g_assert_cmpint (g_io_channel_read_to_end (channel, &received, NULL, &error), ==,
                     G_IO_STATUS_NORMAL);
  }
  waitpid (reader, &wait_status, 0);
  g_spawn_close_pid (reader);
  g_assert_cmpuint (assert_csv (received, "P1.v"), ==, 3);
  mat = run_cli_on (fixture, "simulate", "@", "-o", "/dev/null", "--mat-version", "7.3");
  g_assert_cmpint (mat->status, ==, 64);
  g_remove (fifo);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli-friendly/distance", test_distance);
  g_test_add_func ("/cli-friendly/guess", test_guess);
  ADD_EXPECTATION ("/cli-friendly/command/meant", command_meant);
  ADD_EXPECTATION ("/cli-friendly/command/listed", command_listed);
  ADD_EXPECTATION ("/cli-friendly/command/analyse", command_analyse);
  ADD_EXPECTATION ("/cli-friendly/option/meant", option_meant);
  ADD_EXPECTATION ("/cli-friendly/option/listed", option_listed);
  ADD_EXPECTATION ("/cli-friendly/option/short-unknown", option_short_unknown);
  ADD_EXPECTATION ("/cli-friendly/option/needs-value", option_needs_value);
  ADD_EXPECTATION ("/cli-friendly/option/takes-no-value", option_takes_no_value);
  ADD_EXPECTATION ("/cli-friendly/option/before-command", option_before_command);
  ADD_EXPECTATION ("/cli-friendly/method/meant", method_meant);
  ADD_EXPECTATION ("/cli-friendly/method/any-case", method_any_case);
  ADD_EXPECTATION ("/cli-friendly/series/meant", series_meant);
  ADD_EXPECTATION ("/cli-friendly/series/listed", series_listed);
  ADD_EXPECTATION ("/cli-friendly/series/always-written", series_always_written);
  ADD_EXPECTATION ("/cli-friendly/mode/meant", mode_meant);
  ADD_EXPECTATION ("/cli-friendly/version-anywhere", version_anywhere);
  ADD_EXPECTATION ("/cli-friendly/number/hex", number_hex);
  ADD_EXPECTATION ("/cli-friendly/number/rtol", number_rtol);
  ADD_EXPECTATION ("/cli-friendly/number/tiny-end", number_tiny_end);
  ADD_EXPECTATION ("/cli-friendly/plot-help", plot_help);
  ADD_EXPECTATION ("/cli-friendly/validate-settings", validate_settings);
  ADD_EXPECTATION ("/cli-friendly/preferred-dependent", preferred_dependent);
  ADD ("/cli-friendly/validate-many", test_validate_many);
  ADD ("/cli-friendly/stdin", test_stdin);
  ADD ("/cli-friendly/pipe", test_pipe);
  return g_test_run ();
}
