/* test-cli.c: manifold-cli as a user runs it — exit codes, located
 * messages, the JSON of analyze, the CSV of simulate and its atomic output
 * file.  The executable's path comes from $MANIFOLD_CLI (tests/meson.build).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>
#include <sys/wait.h>

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "mf-method.h"

/* Three pipes from tanks meeting at J1.  Masses ρAL: P1 0.0785 kg, P2 0.628 kg,
 * P3 0.265 kg, so P2 and P3 are the independent states and, with W's row
 * J1 = −[A1 A2 A3], P1.v = −(A2/A1) P2.v − (A3/A1) P3.v = −4 P2.v − 2.25 P3.v. */
static const char three_pipes[] =
  "{\n"
  "  \"manifold\": 1,\n"
  "  \"title\": \"Three pipes\",\n"
  "  \"fluid\": { \"density\": 1000, \"kinematic_viscosity\": 1e-5, \"bulk_modulus\": 2.2e9 },\n"
  "  \"components\": [\n"
  "    { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"2 bar\" },\n"
  "    { \"id\": \"T2\", \"type\": \"tank\", \"pressure\": \"1 bar\" },\n"
  "    { \"id\": \"T3\", \"type\": \"tank\", \"pressure\": 0 },\n"
  "    { \"id\": \"P1\", \"type\": \"pipe\", \"length\": 1, \"diameter\": \"10 mm\","
  " \"friction\": \"laminar\" },\n"
  "    { \"id\": \"P2\", \"type\": \"pipe\", \"length\": 2, \"diameter\": \"20 mm\","
  " \"friction\": \"laminar\" },\n"
  "    { \"id\": \"P3\", \"type\": \"pipe\", \"length\": 1.5, \"diameter\": \"15 mm\","
  " \"friction\": \"laminar\" },\n"
  "    { \"id\": \"J1\", \"type\": \"junction\" }\n"
  "  ],\n"
  "  \"wires\": [ [\"T1.p\", \"P1.a\"], [\"T2.p\", \"P2.a\"], [\"T3.p\", \"P3.a\"],\n"
  "             [\"P1.b\", \"J1.p\"], [\"P2.b\", \"J1.p\"], [\"P3.b\", \"J1.p\"] ],\n"
  "  \"simulation\": { \"t_end\": 0.1, \"method\": \"msbdf\", \"output_interval\": 0.01 }\n"
  "}\n";

/* Two zero-mass orifices in parallel after a pipe: one of them is an
 * independent state without mass, so M̄ is singular. */
static const char parallel_orifices[] =
  "{ \"manifold\": 1,\n"
  "  \"components\": [\n"
  "    { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"10 bar\" },\n"
  "    { \"id\": \"P1\", \"type\": \"pipe\", \"length\": 1, \"diameter\": \"10 mm\" },\n"
  "    { \"id\": \"J1\", \"type\": \"junction\" },\n"
  "    { \"id\": \"O1\", \"type\": \"orifice\", \"area\": 1e-5 },\n"
  "    { \"id\": \"O2\", \"type\": \"orifice\", \"area\": 2e-5 },\n"
  "    { \"id\": \"T2\", \"type\": \"tank\", \"pressure\": 0 } ],\n"
  "  \"wires\": [ [\"T1.p\", \"P1.a\"], [\"P1.b\", \"J1.p\"], [\"J1.p\", \"O1.a\"],"
  " [\"J1.p\", \"O2.a\"], [\"O1.b\", \"T2.p\"], [\"O2.b\", \"T2.p\"] ] }\n";

/* The same pair, but the second path is a relief valve, forced closed in
 * the mode "shut" and free to open by itself in "open". */
static const char relief_opens[] =
  "{ \"manifold\": 1,\n"
  "  \"components\": [\n"
  "    { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"10 bar\" },\n"
  "    { \"id\": \"P1\", \"type\": \"pipe\", \"length\": 1, \"diameter\": \"10 mm\" },\n"
  "    { \"id\": \"J1\", \"type\": \"junction\" },\n"
  "    { \"id\": \"O1\", \"type\": \"orifice\", \"area\": 1e-5 },\n"
  "    { \"id\": \"R1\", \"type\": \"relief_valve\", \"set_pressure\": \"5 bar\","
  " \"full_area\": 2e-5 },\n"
  "    { \"id\": \"T2\", \"type\": \"tank\", \"pressure\": 0 } ],\n"
  "  \"wires\": [ [\"T1.p\", \"P1.a\"], [\"P1.b\", \"J1.p\"], [\"J1.p\", \"O1.a\"],"
  " [\"J1.p\", \"R1.a\"], [\"O1.b\", \"T2.p\"], [\"R1.b\", \"T2.p\"] ],\n"
  "  \"modes\": [ { \"name\": \"shut\", \"closed\": [\"R1\"] },"
  " { \"name\": \"open\", \"closed\": [] } ],\n"
  "  \"schedule\": [ { \"t\": 0, \"mode\": \"shut\" }, { \"t\": 0.055, \"mode\": \"open\" } ],\n"
  "  \"simulation\": { \"t_end\": 0.1, \"output_interval\": 0.01 } }\n";

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

/* A massless piston held by a spring between two tanks: its force balance
 * holds only the position, so the equations are index 2 (test-index.c). */
static const char massless_piston[] =
  "{ \"manifold\": 1,\n"
  "  \"components\": [\n"
  "    { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"10 bar\" },\n"
  "    { \"id\": \"T2\", \"type\": \"tank\" },\n"
  "    { \"id\": \"C\", \"type\": \"piston\", \"mass\": 0, \"cap_area\": 1e-3,"
  " \"rod_area\": 5e-4 },\n"
  "    { \"id\": \"K\", \"type\": \"spring\", \"stiffness\": 1e5 },\n"
  "    { \"id\": \"G\", \"type\": \"fixed\" } ],\n"
  "  \"wires\": [ [\"T1.p\", \"C.cap\"], [\"C.rod\", \"T2.p\"], [\"C.m\", \"K.a\"],"
  " [\"K.b\", \"G.m\"] ] }\n";

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

/* A spring whose ends touch nothing: assembly fails at K1 (line 5). */
static const char loose_spring[] =
  "{ \"manifold\": 1,\n"
  "  \"components\": [\n"
  "    { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"10 bar\" },\n"
  "    { \"id\": \"P1\", \"type\": \"pipe\", \"length\": 1, \"diameter\": \"10 mm\" },\n"
  "    { \"id\": \"K1\", \"type\": \"spring\", \"stiffness\": 1000 } ],\n"
  "  \"wires\": [ [\"T1.p\", \"P1.a\"] ] }\n";

/* Euler without a step: valid JSON, but settings mf_simulate() refuses. */
static const char euler_without_step[] =
  "{ \"manifold\": 1,\n"
  "  \"components\": [\n"
  "    { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"1 bar\" },\n"
  "    { \"id\": \"P1\", \"type\": \"pipe\", \"length\": 1, \"diameter\": \"10 mm\" },\n"
  "    { \"id\": \"T2\", \"type\": \"tank\", \"pressure\": 0 } ],\n"
  "  \"wires\": [ [\"T1.p\", \"P1.a\"], [\"P1.b\", \"T2.p\"] ],\n"
  "  \"simulation\": { \"t_end\": 1, \"method\": \"euler\" } }\n";

/* ---- running the command line ----------------------------------------- */

typedef struct
{
  int   status;
  char *out;
  char *err;
} Result;

static void
result_free (Result *result)
{
  g_free (result->out);
  g_free (result->err);
  g_free (result);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Result, result_free)

static const char *
cli_path (void)
{
  return g_getenv ("MANIFOLD_CLI");
}

/* Runs manifold-cli with `args` (NULL-terminated), every "@" replaced by
 * `file`.  A crash fails the test. */
static Result *
run_cliv (const char *const *args, const char *file)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  Result *result = g_new0 (Result, 1);
  int wait_status = 0;

  g_ptr_array_add (argv, (gpointer) cli_path ());
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) (strcmp (args[i], "@") == 0 ? file : args[i]));
  g_ptr_array_add (argv, NULL);

  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, &result->out,
                &result->err, &wait_status, &error);
  g_assert_no_error (error);
  if (!WIFEXITED (wait_status))
    g_error ("manifold-cli was killed by signal %d; stderr:\n%s", WTERMSIG (wait_status),
             result->err);
  result->status = WEXITSTATUS (wait_status);
  return result;
}

#define run_cli(...) run_cliv ((const char *const[]) { __VA_ARGS__, NULL }, NULL)

/* Runs manifold-cli with "@" standing for the document write_document() wrote. */
#define run_cli_on(fixture, ...) \
  run_cliv ((const char *const[]) { __VA_ARGS__, NULL }, (fixture)->path)

static void
assert_contains (const char *haystack, const char *needle)
{
  if (strstr (haystack, needle) == NULL)
    g_error ("expected to find\n  %s\nin\n%s", needle, haystack);
}

static void
assert_lacks (const char *haystack, const char *needle)
{
  if (strstr (haystack, needle) != NULL)
    g_error ("did not expect\n  %s\nin\n%s", needle, haystack);
}

/* Checks the CSV's shape (and that `first_state`, if not NULL, is a column);
 * returns the number of rows after the header. */
static guint
assert_csv (const char *csv, const char *first_state)
{
  g_auto (GStrv) lines = g_strsplit (csv, "\n", -1);
  g_auto (GStrv) header = NULL;
  guint n_lines = g_strv_length (lines);

  g_assert_cmpuint (n_lines, >=, 2);
  g_assert_cmpstr (lines[n_lines - 1], ==, ""); /* ends with a newline */
  g_assert_true (g_str_has_prefix (lines[0], "t [s],"));
  g_assert_true (g_str_has_suffix (lines[0], ",solver.mode"));
  if (first_state != NULL)
    {
      g_autofree char *column = g_strdup_printf (",%s [", first_state);

      assert_contains (lines[0], column);
    }
  header = g_strsplit (lines[0], ",", -1);
  for (guint i = 1; i + 1 < n_lines; i++)
    {
      g_auto (GStrv) fields = g_strsplit (lines[i], ",", -1);

      g_assert_cmpuint (g_strv_length (fields), ==, g_strv_length (header));
    }
  return n_lines - 2;
}

/* manifold-cli exited with `status`, said `message` on stderr and printed
 * nothing on stdout. */
static void
assert_fails (const Result *result, int status, const char *message)
{
  g_assert_cmpint (result->status, ==, status);
  assert_contains (result->err, message);
  g_assert_cmpstr (result->out, ==, "");
}

/* ---- a scratch directory per test ------------------------------------- */

typedef struct
{
  char *dir;
  char *path; /* of the document written by write_document() */
} Fixture;

static char *
write_file (Fixture *fixture, const char *name, const char *contents)
{
  g_autoptr (GError) error = NULL;
  char *path = g_build_filename (fixture->dir, name, NULL);

  g_file_set_contents (path, contents, -1, &error);
  g_assert_no_error (error);
  return path;
}

/* Writes the test's document into the scratch directory: "@" stands for it
 * in run_cli_on(). */
static const char *
write_document (Fixture *fixture, const char *contents)
{
  g_assert_null (fixture->path);
  fixture->path = write_file (fixture, "circuit.manifold", contents);
  return fixture->path;
}

static void
fixture_set_up (Fixture *fixture, gconstpointer data)
{
  g_autoptr (GError) error = NULL;

  if (cli_path () == NULL)
    {
      g_test_skip ("MANIFOLD_CLI is not set: run the tests through meson test");
      return;
    }
  fixture->dir = g_dir_make_tmp ("manifold-cli-XXXXXX", &error);
  g_assert_no_error (error);
}

static void
fixture_tear_down (Fixture *fixture, gconstpointer data)
{
  g_autoptr (GDir) dir = NULL;
  const char *name;

  if (fixture->dir == NULL)
    return;
  dir = g_dir_open (fixture->dir, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (fixture->dir, name, NULL);

      g_unlink (path);
    }
  g_rmdir (fixture->dir);
  g_free (fixture->dir);
  g_free (fixture->path);
}

static char *
read_file (const char *path)
{
  g_autoptr (GError) error = NULL;
  char *contents = NULL;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  return contents;
}

static guint
count_files (const Fixture *fixture)
{
  g_autoptr (GDir) dir = g_dir_open (fixture->dir, 0, NULL);
  guint n = 0;

  while (g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

#define SKIP_WITHOUT_CLI() \
  G_STMT_START { if (fixture->dir == NULL) return; } G_STMT_END

/* ---- runs told by what they print ------------------------------------ */

/* A run of manifold-cli on `document` and what it must print.  In `args`
 * "@" stands for the document; in the expected texts a leading "@" stands
 * for its path. */
typedef struct
{
  const char *document;
  const char *args[16];
  int         status;
  guint       rows;         /* > 0: stdout is a CSV of this many rows, P1.v a column */
  const char *out_is;       /* if not NULL, all of stdout */
  const char *err_is;       /* if not NULL, all of stderr */
  const char *out[10];      /* each is on stdout */
  const char *err[8];       /* each is on stderr */
  const char *err_lacks[2]; /* none is on stderr */
} Expectation;

/* `text` with a leading "@" replaced by the document's path. */
static char *
expand_path (const Fixture *fixture, const char *text)
{
  if (text[0] == '@')
    return g_strconcat (fixture->path, text + 1, NULL);
  return g_strdup (text);
}

/* Each of `texts` (up to `n`, or a NULL) is in `output`; with `absent`,
 * none is. */
static void
assert_texts (const Fixture     *fixture,
              const char        *output,
              const char *const *texts,
              guint              n,
              gboolean           absent)
{
  for (guint i = 0; i < n && texts[i] != NULL; i++)
    {
      g_autofree char *text = expand_path (fixture, texts[i]);

      if (absent)
        assert_lacks (output, text);
      else
        assert_contains (output, text);
    }
}

static void
assert_output_is (const Fixture *fixture, const char *output, const char *expected)
{
  g_autofree char *text = NULL;

  if (expected == NULL)
    return;
  text = expand_path (fixture, expected);
  g_assert_cmpstr (output, ==, text);
}

static void
test_expectation (Fixture *fixture, gconstpointer data)
{
  const Expectation *expected = data;
  g_autoptr (Result) result = NULL;

  SKIP_WITHOUT_CLI ();
  write_document (fixture, expected->document);
  result = run_cliv (expected->args, fixture->path);
  g_assert_cmpint (result->status, ==, expected->status);
  assert_output_is (fixture, result->out, expected->out_is);
  assert_output_is (fixture, result->err, expected->err_is);
  assert_texts (fixture, result->out, expected->out, G_N_ELEMENTS (expected->out), FALSE);
  assert_texts (fixture, result->err, expected->err, G_N_ELEMENTS (expected->err), FALSE);
  assert_texts (fixture, result->err, expected->err_lacks, G_N_ELEMENTS (expected->err_lacks),
                TRUE);
  if (expected->rows > 0)
    g_assert_cmpuint (assert_csv (result->out, "P1.v"), ==, expected->rows);
}

/* ---- usage ------------------------------------------------------------ */

static void
test_usage_errors (Fixture *fixture, gconstpointer data)
{
  /* "@" stands for a valid document. */
  static const char *const cases[][6] = {
    { NULL },
    { "frobnicate", NULL },
    { "--frobnicate", NULL },
    { "validate", NULL },
    { "validate", "@", "@", NULL },
    { "analyze", "--bogus", "@", NULL },
    { "analyze", "@", "--mode", NULL },
    { "analyze", "@", "--mode", "no such mode", NULL },
    { "simulate", NULL },
    { "simulate", "@", "--t-end", "abc", NULL },
    { "simulate", "@", "--t-end", "1 s", NULL },
    { "simulate", "@", "--every", "0", NULL },
    { "simulate", "@", "--rtol", "-1e-6", NULL },
    { "simulate", "@", "--step", "nan", NULL },
    { "simulate", "@", "--method", "bogus", NULL },
    { "methods", "extra", NULL },
    { "help", "frobnicate", NULL },
  };

  SKIP_WITHOUT_CLI ();
  write_document (fixture, three_pipes);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (Result) result = run_cliv (cases[i], fixture->path);

      g_test_message ("case %u: %s", i, cases[i][0] ? cases[i][0] : "(no arguments)");
      assert_fails (result, 64, "Usage: manifold-cli");
      assert_contains (result->err, "manifold-cli: ");
    }
}

/* The message for an unknown mode lists the modes there are. */
static const Expectation usage_unknown_mode = {
  .document = relief_opens,
  .args = { "analyze", "@", "--mode", "ajar" },
  .status = 64,
  .out_is = "",
  .err = { "no mode 'ajar'; its modes are 'shut', 'open'" },
};

/* Bad --method is a usage error (64) that names the methods. */
static const Expectation usage_bad_method = {
  .document = three_pipes,
  .args = { "simulate", "@", "--method", "rk5" },
  .status = 64,
  .out_is = "",
  .err = { "unknown method 'rk5'; the methods are rk2, ", "msbdf" },
};

static void
test_help_and_version (Fixture *fixture, gconstpointer data)
{
  static const char *const commands[] = { "validate", "analyze", "simulate", "methods" };

  SKIP_WITHOUT_CLI ();
  {
    g_autoptr (Result) result = run_cli ("--help");

    g_assert_cmpint (result->status, ==, 0);
    for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
      assert_contains (result->out, commands[i]);
    assert_contains (result->out, "64 usage error");
  }
  {
    g_autoptr (Result) result = run_cli ("--version");

    g_assert_cmpint (result->status, ==, 0);
    g_assert_true (g_str_has_prefix (result->out, "manifold-cli "));
  }
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_autoptr (Result) result = run_cli (commands[i], "--help");
      g_autoptr (Result) again = run_cli ("help", commands[i]);
      g_autofree char *usage = g_strdup_printf ("manifold-cli %s [OPTION", commands[i]);

      g_assert_cmpint (result->status, ==, 0);
      assert_contains (result->out, usage);
      g_assert_cmpint (again->status, ==, 0);
      g_assert_cmpstr (again->out, ==, result->out);
    }
}

static void
test_methods (Fixture *fixture, gconstpointer data)
{
  g_autoptr (Result) result = NULL;
  guint n_methods;
  const MfMethod *methods = mf_method_list (&n_methods);

  SKIP_WITHOUT_CLI ();
  result = run_cli ("methods");
  g_assert_cmpint (result->status, ==, 0);
  for (guint i = 0; i < n_methods; i++)
    {
      g_autofree char *line = g_strdup_printf ("\n%s ", methods[i].name);
      g_autofree char *text = g_strconcat ("\n", result->out, NULL);

      assert_contains (text, line);
      assert_contains (result->out, methods[i].label);
    }
}

/* ---- validate --------------------------------------------------------- */

/* Every malformed document of the corpus: exit 1 and its expected message,
 * located, on stderr. */
static void
test_validate_corpus (Fixture *fixture, gconstpointer data)
{
  g_autofree char *expected_path = NULL;
  g_autofree char *expected = NULL;
  g_auto (GStrv) lines = NULL;
  guint n_checked = 0;

  SKIP_WITHOUT_CLI ();
  expected_path = g_test_build_filename (G_TEST_DIST, "data", "bad", "expected.txt", NULL);
  if (!g_file_get_contents (expected_path, &expected, NULL, NULL))
    {
      g_test_skip ("no tests/data/bad/expected.txt");
      return;
    }
  lines = g_strsplit (expected, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto (GStrv) fields = g_strsplit (lines[i], "\t", 2);
      g_autofree char *path = NULL;
      g_autofree char *message = NULL;
      g_autoptr (Result) result = NULL;

      if (fields[0] == NULL || fields[1] == NULL)
        continue;
      path = g_test_build_filename (G_TEST_DIST, "data", "bad", fields[0], NULL);
      message = g_strdup_printf ("%s:%s\n", path, fields[1]);
      result = run_cliv ((const char *const[]) { "validate", "@", NULL }, path);
      g_test_message ("%s", fields[0]);
      assert_fails (result, 1, message);
      n_checked++;
    }
  g_assert_cmpuint (n_checked, >, 0);
}

static const Expectation validate_ok = {
  .document = three_pipes,
  .args = { "validate", "@" },
  .out_is = "@: ok (7 components, 1 mode)\n",
  .err_is = "",
};

/* An assembly error is located at the component it names. */
static const Expectation validate_structure = {
  .document = loose_spring,
  .args = { "validate", "@" },
  .status = 1,
  .out_is = "",
  .err = { "@:5:5: mechanical node K1.a has no mass" },
};

/* What the mode analysis finds is a located warning, not an error; a
 * problem of one mode names the mode. */
static const Expectation validate_warnings = {
  .document = relief_opens,
  .args = { "validate", "@" },
  .out = { ": ok (6 components, 2 modes)" },
  .err = { "@:6:5: warning: mode 'open': the reduced mass matrix is singular" },
  .err_lacks = { "mode 'shut'" },
};

static void
test_validate_missing (Fixture *fixture, gconstpointer data)
{
  static const char *const commands[] = { "validate", "analyze", "simulate" };
  g_autofree char *path = NULL;

  SKIP_WITHOUT_CLI ();
  path = g_build_filename (fixture->dir, "absent.manifold", NULL);
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_autoptr (Result) result = run_cliv ((const char *const[]) { commands[i], "@", NULL }, path);

      assert_fails (result, 1, "cannot read ");
      assert_contains (result->err, path);
    }
}

/* ---- analyze ---------------------------------------------------------- */

static const char *const mode_keys[] = {
  "name", "states", "constraints", "rank", "redundant", "independent", "dependent", "alpha",
  "mass_singular", "index", "index_lagrange", "sigma_w", "rows", "w", "mass", "mass_reduced",
  "mass_null_basis", "undetermined", "problems", NULL
};

static void
assert_strings (JsonArray *array, const char *const *expected)
{
  guint n = g_strv_length ((char **) expected);

  g_assert_cmpuint (json_array_get_length (array), ==, n);
  for (guint i = 0; i < n; i++)
    g_assert_cmpstr (json_array_get_string_element (array, i), ==, expected[i]);
}

static void
assert_row (JsonArray *matrix, guint row, const double *expected, guint n)
{
  JsonArray *values = json_array_get_array_element (matrix, row);

  g_assert_cmpuint (json_array_get_length (values), ==, n);
  for (guint j = 0; j < n; j++)
    g_assert_cmpfloat_with_epsilon (json_array_get_double_element (values, j), expected[j],
                                    1e-12);
}

/* The length of the array `member` of `object`. */
static guint
member_length (JsonObject *object, const char *member)
{
  return json_array_get_length (json_object_get_array_member (object, member));
}

/* The mode objects of `analyze --json FILE [extra]`. */
static JsonArray *
analyze_json (JsonParser *parser, const char *path, const char *extra, const char *extra_value)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (Result) result = NULL;
  JsonObject *root;

  result = run_cliv ((const char *const[]) { "analyze", "--json", "@", extra, extra_value, NULL },
                     path);
  g_assert_cmpint (result->status, ==, 0);
  g_assert_cmpstr (result->err, ==, "");
  json_parser_load_from_data (parser, result->out, -1, &error);
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpint (json_object_get_int_member (root, "manifold_analysis"), ==, 1);
  g_assert_true (json_object_has_member (root, "title"));
  g_assert_true (json_object_has_member (root, "states"));
  return json_object_get_array_member (root, "modes");
}

/* The first mode object of `analyze --json` on `document`. */
static JsonObject *
analyze_json_first_mode (Fixture *fixture, JsonParser *parser, const char *document)
{
  write_document (fixture, document);
  return json_array_get_object_element (analyze_json (parser, fixture->path, NULL, NULL), 0);
}

static void
test_analyze_json (Fixture *fixture, gconstpointer data)
{
  static const char *const states[] = { "P1.v", "P2.v", "P3.v", NULL };
  static const char *const independent[] = { "P2.v", "P3.v", NULL };
  static const char *const dependent[] = { "P1.v", NULL };
  static const char *const none[] = { NULL };
  static const double alpha[3][2] = { { -4, -2.25 }, { 1, 0 }, { 0, 1 } };
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonArray *modes;
  JsonObject *mode;

  SKIP_WITHOUT_CLI ();
  modes = analyze_json (parser, write_document (fixture, three_pipes), NULL, NULL);
  g_assert_cmpuint (json_array_get_length (modes), ==, 1);
  mode = json_array_get_object_element (modes, 0);
  for (guint i = 0; mode_keys[i] != NULL; i++)
    if (!json_object_has_member (mode, mode_keys[i]))
      g_error ("the mode has no key '%s'", mode_keys[i]);

  g_assert_cmpstr (json_object_get_string_member (mode, "name"), ==, "default");
  assert_strings (json_object_get_array_member (mode, "states"), states);
  g_assert_cmpint (json_object_get_int_member (mode, "constraints"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (mode, "rank"), ==, 1);
  assert_strings (json_object_get_array_member (mode, "redundant"), none);
  assert_strings (json_object_get_array_member (mode, "independent"), independent);
  assert_strings (json_object_get_array_member (mode, "dependent"), dependent);
  g_assert_cmpuint (member_length (mode, "alpha"), ==, 3);
  for (guint i = 0; i < 3; i++)
    assert_row (json_object_get_array_member (mode, "alpha"), i, alpha[i], 2);
  g_assert_false (json_object_get_boolean_member (mode, "mass_singular"));
  g_assert_cmpint (json_object_get_int_member (mode, "index"), ==, 0);
  g_assert_cmpint (json_object_get_int_member (mode, "index_lagrange"), ==, 2);
  g_assert_cmpuint (member_length (mode, "sigma_w"), ==, 1);
  g_assert_cmpuint (member_length (mode, "w"), ==, 1);
  g_assert_cmpuint (member_length (mode, "mass"), ==, 3);
  assert_strings (json_object_get_array_member (mode, "undetermined"), none);
  assert_strings (json_object_get_array_member (mode, "problems"), none);
}

/* σ(W) of a single row is its norm: A ‖(1, 4, 2.25)‖ with A = π (5 mm)². */
static void
test_analyze_json_sigma (Fixture *fixture, gconstpointer data)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject *mode;
  double a1 = G_PI * 0.005 * 0.005;

  SKIP_WITHOUT_CLI ();
  mode = analyze_json_first_mode (fixture, parser, three_pipes);
  g_assert_cmpfloat_with_epsilon (
    json_array_get_double_element (json_object_get_array_member (mode, "sigma_w"), 0),
    a1 * sqrt (1 + 16 + 2.25 * 2.25), 1e-15);
}

static void
test_analyze_json_singular (Fixture *fixture, gconstpointer data)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject *mode;

  SKIP_WITHOUT_CLI ();
  mode = analyze_json_first_mode (fixture, parser, parallel_orifices);
  g_assert_true (json_object_get_boolean_member (mode, "mass_singular"));
  g_assert_cmpint (json_object_get_int_member (mode, "index"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (mode, "index_lagrange"), ==, 2);
  g_assert_cmpuint (member_length (mode, "mass_null_basis"), ==, 1);
  /* the procedure's two rounds, one state integrated and one algebraic */
  g_assert_cmpuint (member_length (mode, "index_steps"), ==, 2);
  g_assert_cmpuint (member_length (mode, "integrated"), ==, 1);
  g_assert_cmpuint (member_length (mode, "algebraic"), ==, 1);
  g_assert_cmpuint (member_length (mode, "problems"), >, 0);
}

static void
test_analyze_json_mode (Fixture *fixture, gconstpointer data)
{
  static const char *const rows[] = { "J1", "R1 closed", NULL };
  g_autoptr (JsonParser) parser = json_parser_new ();
  const char *path;
  JsonArray *modes;
  JsonObject *mode;

  SKIP_WITHOUT_CLI ();
  path = write_document (fixture, relief_opens);
  modes = analyze_json (parser, path, NULL, NULL);
  g_assert_cmpuint (json_array_get_length (modes), ==, 2);

  modes = analyze_json (parser, path, "--mode", "shut");
  g_assert_cmpuint (json_array_get_length (modes), ==, 1);
  mode = json_array_get_object_element (modes, 0);
  g_assert_cmpstr (json_object_get_string_member (mode, "name"), ==, "shut");
  assert_strings (json_object_get_array_member (mode, "rows"), rows);
  g_assert_cmpint (json_object_get_int_member (mode, "rank"), ==, 2);
  g_assert_false (json_object_get_boolean_member (mode, "mass_singular"));
}

static const Expectation analyze_text = {
  .document = three_pipes,
  .args = { "analyze", "@" },
  .out = {
    "Three pipes\n",
    "\nmode 'default'\n",
    "  rank 1 of 1\n",
    "  independent: P2.v, P3.v\n",
    "  dependent: P1.v\n",
    /* α's first row, under the columns P2.v and P3.v */
    "    P1.v    -4  -2.25\n",
    "  M̄ = αᵀMα: nonsingular\n",
    "  index: 0",
    "  σ(W): 0.0003689\n",
  },
};

static const Expectation analyze_text_problems = {
  .document = parallel_orifices,
  .args = { "analyze", "@" },
  .out = { "  M̄ = αᵀMα: singular\n", "  ! the reduced mass matrix is singular" },
};

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
  .err = { "  steps                 1000\n", "  rhs evaluations       1000\n" },
};

static const Expectation simulate_stats = {
  .document = three_pipes,
  .args = { "simulate", "@", "--stats" },
  .rows = 11,
  .err = { "\n  steps ", "\n  rejected steps ", "\n  rhs evaluations ",
           "\n  jacobian evaluations ", "\n  mode switches ", "\n  energy lost ",
           "\n  wall time " },
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

/* A singular M̄: exit 2 naming the mode; OUT untouched, no temporary file
 * left. */
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
  assert_contains (result->err, "index 2");
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

/* ---- the examples ----------------------------------------------------- */

/* Every example validates, analyses to JSON with one object per mode, and
 * simulates to a CSV. */
static void
test_examples (Fixture *fixture, gconstpointer data)
{
  const char *examples = g_getenv ("MANIFOLD_EXAMPLES");
  g_autoptr (GDir) dir = NULL;
  const char *name;
  guint n = 0;

  SKIP_WITHOUT_CLI ();
  if (examples == NULL || (dir = g_dir_open (examples, 0, NULL)) == NULL)
    {
      g_test_skip ("no examples");
      return;
    }
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (examples, name, NULL);
      g_autofree char *out = g_build_filename (fixture->dir, "example.csv", NULL);
      g_autofree char *csv = NULL;
      g_autoptr (JsonParser) parser = json_parser_new ();
      g_autoptr (Result) valid = NULL;
      g_autoptr (Result) simulated = NULL;

      if (!g_str_has_suffix (name, ".manifold"))
        continue;
      g_test_message ("%s", name);
      valid = run_cliv ((const char *const[]) { "validate", "@", NULL }, path);
      g_assert_cmpint (valid->status, ==, 0);
      g_assert_cmpuint (json_array_get_length (analyze_json (parser, path, NULL, NULL)), >, 0);
      simulated = run_cliv ((const char *const[]) { "simulate", "@", "-q", "-o", out, NULL },
                            path);
      g_assert_cmpint (simulated->status, ==, 0);
      csv = read_file (out);
      g_assert_cmpuint (assert_csv (csv, NULL), >, 1);
      n++;
    }
  if (n == 0)
    g_test_skip ("no examples");
}

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
#define ADD_EXPECTATION(path, expectation) \
  g_test_add (path, Fixture, &expectation, fixture_set_up, test_expectation, fixture_tear_down)

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  ADD ("/cli/usage/errors", test_usage_errors);
  ADD_EXPECTATION ("/cli/usage/unknown-mode", usage_unknown_mode);
  ADD_EXPECTATION ("/cli/usage/bad-method", usage_bad_method);
  ADD ("/cli/usage/help-version", test_help_and_version);
  ADD ("/cli/methods", test_methods);
  ADD ("/cli/validate/corpus", test_validate_corpus);
  ADD_EXPECTATION ("/cli/validate/ok", validate_ok);
  ADD_EXPECTATION ("/cli/validate/structure", validate_structure);
  ADD_EXPECTATION ("/cli/validate/warnings", validate_warnings);
  ADD ("/cli/validate/missing", test_validate_missing);
  ADD ("/cli/analyze/json", test_analyze_json);
  ADD ("/cli/analyze/json-sigma", test_analyze_json_sigma);
  ADD ("/cli/analyze/json-singular", test_analyze_json_singular);
  ADD ("/cli/analyze/json-mode", test_analyze_json_mode);
  ADD_EXPECTATION ("/cli/analyze/text", analyze_text);
  ADD_EXPECTATION ("/cli/analyze/text-problems", analyze_text_problems);
  ADD_EXPECTATION ("/cli/simulate/stdout", simulate_stdout);
  ADD_EXPECTATION ("/cli/simulate/flags", simulate_flags);
  ADD_EXPECTATION ("/cli/simulate/fixed-step", simulate_fixed_step);
  ADD_EXPECTATION ("/cli/simulate/stats", simulate_stats);
  ADD ("/cli/simulate/output-file", test_simulate_output_file);
  ADD ("/cli/simulate/singular", test_simulate_singular);
  ADD_EXPECTATION ("/cli/simulate/switch-failure", simulate_switch_failure);
  ADD ("/cli/simulate/blow-up", test_simulate_blow_up);
  ADD ("/cli/simulate/bad-settings", test_simulate_bad_settings);
  ADD ("/cli/simulate/unwritable", test_simulate_unwritable);
  ADD ("/cli/examples", test_examples);
  return g_test_run ();
}
