/* test-cli-simulate.c: `manifold-cli simulate` — the CSV it prints, its
 * flags and statistics, its atomic output file, and the exit codes and
 * messages of runs that fail.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-test-cli.h"

/* A pump whose only outlet, a valve, shuts at 0.055 s: in that mode the
 * pumped flow has nowhere to go, and the run fails when it enters it. */
static const char pump_deadheaded[] =
  "{ \"manifold\": 1,\n"
  "  \"components\": [\n"
  "    { \"id\": \"T1\", \"type\": \"tank\" },\n"
  "    { \"id\": \"Q1\", \"type\": \"flow_source\", \"flow\": \"1 L/min\" },\n"
  "    { \"id\": \"P1\", \"type\": \"pipe\", \"length\": 1, \"diameter\": \"10 mm\" },\n"
  "    { \"id\": \"J1\", \"type\": \"junction\" },\n"
  "    { \"id\": \"V1\", \"type\": \"valve\", \"area\": 1e-5 },\n"
  "    { \"id\": \"T2\", \"type\": \"tank\" } ],\n"
  "  \"wires\": [ [\"T1.p\", \"Q1.a\"], [\"Q1.b\", \"P1.a\"], [\"P1.b\", \"J1.p\"],"
  " [\"J1.p\", \"V1.a\"], [\"V1.b\", \"T2.p\"] ],\n"
  "  \"modes\": [ { \"name\": \"open\", \"closed\": [] },"
  " { \"name\": \"shut\", \"closed\": [\"V1\"] } ],\n"
  "  \"schedule\": [ { \"t\": 0, \"mode\": \"open\" }, { \"t\": 0.055, \"mode\": \"shut\" } ],\n"
  "  \"simulation\": { \"t_end\": 0.1, \"output_interval\": 0.01 } }\n";

/* A massless, undamped piston on a free rod between two tanks: nothing
 * fixes its velocity (test-index.c), so no mode can be entered. */
static const char massless_piston[] =
  "{ \"manifold\": 1,\n"
  "  \"components\": [\n"
  "    { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"10 bar\" },\n"
  "    { \"id\": \"T2\", \"type\": \"tank\" },\n"
  "    { \"id\": \"C\", \"type\": \"piston\", \"mass\": 0, \"cap_area\": 1e-3,"
  " \"rod_area\": 5e-4 } ],\n"
  "  \"wires\": [ [\"T1.p\", \"C.cap\"], [\"C.rod\", \"T2.p\"] ] }\n";

/* A stiff laminar pipe (λ = 32 ν / d² = 32000 /s) under explicit Euler with
 * h = 0.01 s: |1 − hλ| = 319, the solution overflows within a second. */
static const char blow_up[] =
  "{ \"manifold\": 1,\n"
  "  \"components\": [\n"
  "    { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"1 bar\" },\n"
  "    { \"id\": \"P1\", \"type\": \"pipe\", \"length\": 1, \"diameter\": \"0.1 mm\","
  " \"friction\": \"laminar\" },\n"
  "    { \"id\": \"T2\", \"type\": \"tank\", \"pressure\": 0 } ],\n"
  "  \"wires\": [ [\"T1.p\", \"P1.a\"], [\"P1.b\", \"T2.p\"] ],\n"
  "  \"simulation\": { \"t_end\": 2, \"method\": \"euler\", \"step\": 0.01,"
  " \"output_interval\": 0.01 } }\n";

/* Euler without a step: valid JSON, but settings mf_simulate() refuses. */
static const char euler_without_step[] =
  "{ \"manifold\": 1,\n"
  "  \"components\": [\n"
  "    { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"1 bar\" },\n"
  "    { \"id\": \"P1\", \"type\": \"pipe\", \"length\": 1, \"diameter\": \"10 mm\" },\n"
  "    { \"id\": \"T2\", \"type\": \"tank\", \"pressure\": 0 } ],\n"
  "  \"wires\": [ [\"T1.p\", \"P1.a\"], [\"P1.b\", \"T2.p\"] ],\n"
  "  \"simulation\": { \"t_end\": 1, \"method\": \"euler\" } }\n";

/* ---- simulate --------------------------------------------------------- */

/* The document says t_end 0.1, every 0.01: 11 rows. */
static const Expectation simulate_stdout = {
  .document = three_pipes,
  .args = { "simulate", "@" },
  .rows = 11,
  .err_is = "",
  .out = { ",J1.p [Pa],", "\n0.1," },
};

/* t_end / every + 1 rows */
static const Expectation simulate_flags = {
  .document = three_pipes,
  .args = { "simulate", "@", "--t-end", "0.5", "--every", "0.02", "--method", "rk8pd", "--rtol",
            "1e-8", "--atol=1e-10" },
  .rows = 26,
  .out = { "\n0.5," },
};

/* 0.1 s in steps of 1e-4 s, one right-hand side each */
static const Expectation simulate_fixed_step = {
  .document = three_pipes,
  .args = { "simulate", "@", "--method", "euler", "--step", "1e-4", "--every", "0.05", "--stats" },
  .rows = 3,
  .err = { "  steps                     1000\n", "  rhs evaluations           1000\n" },
};

static const Expectation simulate_stats = {
  .document = three_pipes,
  .args = { "simulate", "@", "--stats" },
  .rows = 11,
  .err = { "\n  steps ", "\n  rejected steps ", "\n  rhs evaluations ",
           "\n  jacobian evaluations ", "\n  mode switches ", "\n  energy lost ",
           "\n  wall time " },
};

/* --series: those columns only, in the order asked */
static const Expectation simulate_series = {
  .document = three_pipes,
  .args = { "simulate", "@", "--series", "J1.p, P1.v" },
  .rows = 11,
  .out = { "t [s],J1.p [Pa],P1.v [m/s],solver.mode\n" },
};

static const Expectation simulate_unknown_series = {
  .document = three_pipes,
  .args = { "simulate", "@", "--series", "P1.v,P9.q" },
  .status = 64,
  .out_is = "",
  .err = { "no output called 'P9.q'" },
};

/* Runs `simulate @ -o OUT` on `document`, OUT in the scratch directory and
 * holding `old` before the run if that is not NULL.  Returns the result, the
 * path of OUT in `out` and what it holds after the run in `written`; checks
 * that the run left no file behind but the document and OUT. */
static Result *
simulate_to_file (Fixture    *fixture,
                  const char *document,
                  const char *old,
                  char      **out,
                  char      **written)
{
  Result *result;

  write_document (fixture, document);
  if (old != NULL)
    *out = write_file (fixture, "out.csv", old);
  else
    *out = g_build_filename (fixture->dir, "out.csv", NULL);
  result = run_cli_on (fixture, "simulate", "@", "-o", *out);
  *written = read_file (*out);
  g_assert_cmpuint (count_files (fixture), ==, 2);
  return result;
}

/* -o replaces OUT and leaves nothing else behind. */
static void
test_simulate_output_file (Fixture *fixture, gconstpointer data)
{
  g_autofree char *out = NULL;
  g_autofree char *csv = NULL;
  g_autoptr (Result) result = NULL;
  g_autoptr (Result) quiet = NULL;

  SKIP_WITHOUT_CLI ();
  result = simulate_to_file (fixture, three_pipes, "old contents\n", &out, &csv);
  g_assert_cmpint (result->status, ==, 0);
  g_assert_cmpstr (result->out, ==, "");
  assert_contains (result->err, "wrote 11 samples");
  g_assert_cmpuint (assert_csv (csv, "P1.v"), ==, 11);

  quiet = run_cli_on (fixture, "simulate", "@", "--quiet", "--output", out);
  g_assert_cmpint (quiet->status, ==, 0);
  g_assert_cmpstr (quiet->err, ==, "");
}

/* Equations that do not determine every state: exit 2 naming the mode;
 * OUT untouched, no temporary file left. */
static void
test_simulate_singular (Fixture *fixture, gconstpointer data)
{
  g_autofree char *out = NULL;
  g_autofree char *contents = NULL;
  g_autoptr (Result) result = NULL;

  SKIP_WITHOUT_CLI ();
  result = simulate_to_file (fixture, massless_piston, "old contents\n", &out, &contents);
  g_assert_cmpint (result->status, ==, 2);
  assert_contains (result->err, "the simulation failed at t = 0 s: mode 'default': ");
  assert_contains (result->err, "do not determine every state");
  assert_contains (result->err, "was not written");
  g_assert_cmpstr (contents, ==, "old contents\n");
}

/* A mode that cannot be entered fails the run at its scheduled time; the
 * samples before it are kept. */
static const Expectation simulate_switch_failure = {
  .document = pump_deadheaded,
  .args = { "simulate", "@" },
  .status = 2,
  .rows = 6,
  .err = { "the simulation failed at t = 0.055 s: mode 'shut': flow source 'Q1' pumps into "
           "node Q1.b, where the flow cannot go anywhere",
           "the 6 samples computed up to t = 0.05 s were written to standard output" },
};

/* An integration failure: exit 2 with the time; OUT holds the samples up to
 * the failure. */
static void
test_simulate_blow_up (Fixture *fixture, gconstpointer data)
{
  g_autofree char *out = NULL;
  g_autofree char *csv = NULL;
  g_autoptr (Result) result = NULL;
  guint rows;

  SKIP_WITHOUT_CLI ();
  result = simulate_to_file (fixture, blow_up, NULL, &out, &csv);
  g_assert_cmpint (result->status, ==, 2);
  assert_contains (result->err, "the simulation failed at t = ");
  assert_contains (result->err, "were written to ");
  rows = assert_csv (csv, "P1.v");
  g_assert_cmpuint (rows, >, 1);
  g_assert_cmpuint (rows, <, 201);
}

/* Settings mf_simulate() refuses: the document's fault (1) when no flag
 * changed them, the command line's (64) when one did. */
static void
test_simulate_bad_settings (Fixture *fixture, gconstpointer data)
{
  g_autoptr (Result) plain = NULL;
  g_autoptr (Result) flagged = NULL;
  g_autoptr (Result) fixed = NULL;

  SKIP_WITHOUT_CLI ();
  write_document (fixture, euler_without_step);
  plain = run_cli_on (fixture, "simulate", "@");
  assert_fails (plain, 1, "needs a fixed step");

  flagged = run_cli_on (fixture, "simulate", "@", "--t-end", "0.5");
  g_assert_cmpint (flagged->status, ==, 64);

  fixed = run_cli_on (fixture, "simulate", "@", "--step", "1e-3");
  g_assert_cmpint (fixed->status, ==, 0);
  /* no output interval in the document: t_end / 1000 */
  g_assert_cmpuint (assert_csv (fixed->out, "P1.v"), ==, 1001);
}

static void
test_simulate_unwritable (Fixture *fixture, gconstpointer data)
{
  g_autofree char *out = NULL;
  g_autoptr (Result) result = NULL;
  g_autoptr (Result) into_dir = NULL;

  SKIP_WITHOUT_CLI ();
  write_document (fixture, three_pipes);
  out = g_build_filename (fixture->dir, "no", "such", "dir.csv", NULL);
  result = run_cli_on (fixture, "simulate", "@", "-o", out);
  g_assert_cmpint (result->status, ==, 1);
  assert_contains (result->err, "cannot write ");
  into_dir = run_cli_on (fixture, "simulate", "@", "-o", fixture->dir);
  g_assert_cmpint (into_dir->status, ==, 1);
  g_assert_cmpuint (count_files (fixture), ==, 1);
}

/* The column of `name` in the CSV header `line`, or -1. */
static int
column_of (const char *line, const char *name)
{
  g_auto (GStrv) names = g_strsplit (line, ",", -1);

  for (guint i = 0; names[i] != NULL; i++)
    if (g_str_equal (names[i], name))
      return (int) i;
  return -1;
}

/* The field of column `name` in each row of `csv`, joined by newlines. */
static char *
column_values (const char *csv, const char *name)
{
  g_auto (GStrv) rows = g_strsplit (csv, "\n", -1);
  GString *values = g_string_new (NULL);
  int column = column_of (rows[0], name);

  g_assert_cmpint (column, >=, 0);
  for (guint i = 1; rows[i] != NULL && rows[i][0] != '\0'; i++)
    {
      g_auto (GStrv) fields = g_strsplit (rows[i], ",", -1);

      g_string_append_printf (values, "%s\n", fields[column]);
    }
  return g_string_free (values, FALSE);
}

/* The document's "outputs" choose the columns when --series does not; the
 * values are the ones a run writing every column has. */
static void
test_simulate_document_outputs (Fixture *fixture, gconstpointer data)
{
  g_auto (GStrv) parts = g_strsplit (three_pipes, "\"output_interval\": 0.01", 2);
  g_autofree char *document = g_strjoin ("\"output_interval\": 0.01, \"outputs\": [\"P3.q\", "
                                         "\"J1.p\", \"T1.p.p\"]", parts[0], parts[1], NULL);
  g_autofree char *every_path = NULL;
  g_autoptr (Result) every = NULL;
  g_autoptr (Result) chosen = NULL;
  g_autoptr (Result) flagged = NULL;
  g_autofree char *every_j1 = NULL;
  g_autofree char *chosen_j1 = NULL;

  SKIP_WITHOUT_CLI ();
  g_assert_nonnull (parts[1]);
  every_path = write_file (fixture, "every.manifold", three_pipes);
  every = run_cliv ((const char *const[]) { "simulate", "@", NULL }, every_path);
  write_document (fixture, document);
  chosen = run_cli_on (fixture, "simulate", "@");
  g_assert_cmpint (chosen->status, ==, 0);
  g_assert_true (g_str_has_prefix (chosen->out, "t [s],P3.q [m^3/s],J1.p [Pa],T1.p.p [Pa],"
                                                "solver.mode\n"));
  g_assert_cmpuint (assert_csv (chosen->out, NULL), ==, 11);
  every_j1 = column_values (every->out, "J1.p [Pa]");
  chosen_j1 = column_values (chosen->out, "J1.p [Pa]");
  g_assert_cmpstr (chosen_j1, ==, every_j1);

  /* --series wins */
  flagged = run_cli_on (fixture, "simulate", "@", "--series", "P1.v");
  g_assert_true (g_str_has_prefix (flagged->out, "t [s],P1.v [m/s],solver.mode\n"));
}

/* orifice-closes-and-reopens: the samples carry O1.open, 0 while its area
 * holds it shut; the event log and --stats show the Newton solver's one SVD
 * fallback, in the first step, where the orifices start from rest. */
static void
test_simulate_run_log (Fixture *fixture, gconstpointer data)
{
  const char *dir = g_getenv ("MANIFOLD_EXAMPLES");
  g_autofree char *example = NULL;
  g_autofree char *document = NULL;
  g_autofree char *events = NULL;
  g_autofree char *log = NULL;
  g_autoptr (Result) result = NULL;
  g_auto (GStrv) rows = NULL;
  g_auto (GStrv) lines = NULL;
  int open;

  SKIP_WITHOUT_CLI ();
  example = g_build_filename (dir != NULL ? dir : "data/examples",
                              "orifice-closes-and-reopens.manifold", NULL);
  document = read_file (example);
  write_document (fixture, document);
  events = g_build_filename (fixture->dir, "events.csv", NULL);
  result = run_cli_on (fixture, "simulate", "@", "--events", events, "--stats");
  g_assert_cmpint (result->status, ==, 0);

  rows = g_strsplit (result->out, "\n", -1);
  g_assert_true (g_str_has_suffix (rows[0], ",solver.sigma_max,solver.residual,O1.open,solver.mode"));
  open = column_of (rows[0], "O1.open");
  for (guint i = 1; rows[i] != NULL && rows[i][0] != '\0'; i++)
    {
      g_auto (GStrv) fields = g_strsplit (rows[i], ",", -1);
      double t = g_ascii_strtod (fields[0], NULL);

      g_assert_cmpstr (fields[open], ==, t >= 0.2 && t <= 0.3 ? "0" : "1");
    }

  log = read_file (events);
  lines = g_strsplit (log, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 5);
  g_assert_cmpstr (lines[1], ==, "0,newton,\"Jacobian of O2.v, O1.v rank-deficient\","
                                 "1 SVD minimum-norm step until 5e-07 s");
  g_assert_cmpstr (lines[2], ==, "0.2,O1,open,closed");
  g_assert_true (g_str_has_prefix (lines[3], "0.3"));
  assert_contains (result->err, "\n  svd fallbacks             1\n");
  assert_contains (result->err, "\nevents:\n  0 s  newton  Jacobian of O2.v, O1.v rank-deficient "
                                "→ 1 SVD minimum-norm step until 5e-07 s\n  0.2 s  O1  open → "
                                "closed\n");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  ADD_EXPECTATION ("/cli/simulate/stdout", simulate_stdout);
  ADD_EXPECTATION ("/cli/simulate/flags", simulate_flags);
  ADD_EXPECTATION ("/cli/simulate/fixed-step", simulate_fixed_step);
  ADD_EXPECTATION ("/cli/simulate/stats", simulate_stats);
  ADD_EXPECTATION ("/cli/simulate/series", simulate_series);
  ADD_EXPECTATION ("/cli/simulate/unknown-series", simulate_unknown_series);
  ADD ("/cli/simulate/document-outputs", test_simulate_document_outputs);
  ADD ("/cli/simulate/output-file", test_simulate_output_file);
  ADD ("/cli/simulate/singular", test_simulate_singular);
  ADD_EXPECTATION ("/cli/simulate/switch-failure", simulate_switch_failure);
  ADD ("/cli/simulate/blow-up", test_simulate_blow_up);
  ADD ("/cli/simulate/bad-settings", test_simulate_bad_settings);
  ADD ("/cli/simulate/unwritable", test_simulate_unwritable);
  ADD ("/cli/simulate/run-log", test_simulate_run_log);
  return g_test_run ();
}
