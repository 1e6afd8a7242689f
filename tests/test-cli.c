/* test-cli.c: manifold-cli as a user runs it — exit codes, usage and help,
 * the located messages of validate, the text and JSON of analyze, and every
 * example through validate, analyze and simulate.  What simulate prints and
 * writes, and how its runs fail, is in test-cli-simulate.c.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>

#include <json-glib/json-glib.h>

#include "mf-method.h"
#include "mf-test-cli.h"

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

/* A spring whose ends touch nothing: assembly fails at K1 (line 5). */
static const char loose_spring[] =
  "{ \"manifold\": 1,\n"
  "  \"components\": [\n"
  "    { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"10 bar\" },\n"
  "    { \"id\": \"P1\", \"type\": \"pipe\", \"length\": 1, \"diameter\": \"10 mm\" },\n"
  "    { \"id\": \"K1\", \"type\": \"spring\", \"stiffness\": 1000 } ],\n"
  "  \"wires\": [ [\"T1.p\", \"P1.a\"] ] }\n";

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
  .err = { "unknown method 'rk5'; the methods are auto, rk2, ", "msbdf" },
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
  "mass_null_basis", "undetermined", "problems", "incidence", "matching", "pantelides", "blt", NULL
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
  /* 1, not the old rule's 2: the junction pressure is fixed with the
   * orifice velocities by the orifice laws, algebraic equations whose
   * Jacobian is regular when something flows (test_lagrange_parallel in
   * tests/test-index.c works it by hand) */
  g_assert_cmpint (json_object_get_int_member (mode, "index_lagrange"), ==, 1);
  g_assert_cmpuint (member_length (mode, "mass_null_basis"), ==, 1);
  /* the procedure's two rounds, one state integrated and one algebraic */
  g_assert_cmpuint (member_length (mode, "index_steps"), ==, 2);
  g_assert_cmpuint (member_length (mode, "integrated"), ==, 1);
  g_assert_cmpuint (member_length (mode, "algebraic"), ==, 1);
  g_assert_cmpuint (member_length (mode, "problems"), >, 0);
}

/* The structural analysis of the three pipes (docs/model.md, "Structural
 * analysis"): J1 continuity holds the pipes' velocities, states, and is
 * differentiated once; its derivative and the three momentum equations are
 * one loop torn by J1's pressure; the lightest pipe's acceleration P1.v'
 * is the dummy derivative, which leaves the reduction's independent
 * states. */
static void
test_analyze_json_structure (Fixture *fixture, gconstpointer data)
{
  static const char *const equations[] = { "P1 momentum", "P2 momentum", "P3 momentum",
                                            "J1 continuity", NULL };
  static const char *const unknowns[] = { "P1.v", "P2.v", "P3.v", "P1.v'", "P2.v'", "P3.v'",
                                          "λ(J1)", NULL };
  /* per equation, its unknowns: a velocity (laminar friction), its
   * acceleration and the junction's pressure; continuity the velocities */
  static const guint involves[4][3] = { { 0, 3, 6 }, { 1, 4, 6 }, { 2, 5, 6 }, { 0, 1, 2 } };
  static const char *const j1[] = { "J1 continuity", NULL };
  static const char *const none[] = { NULL };
  static const char *const dummies[] = { "P1.v'", NULL };
  static const char *const states[] = { "P2.v", "P3.v", NULL };
  static const char *const tear[] = { "λ(J1)", NULL };
  static const char *const residuals[] = { "J1 continuity'", NULL };
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject *mode, *incidence, *matching, *pantelides, *step, *blt, *loop;
  JsonArray *rows, *matched;

  SKIP_WITHOUT_CLI ();
  mode = analyze_json_first_mode (fixture, parser, three_pipes);
  incidence = json_object_get_object_member (mode, "incidence");
  assert_strings (json_object_get_array_member (incidence, "equations"), equations);
  assert_strings (json_object_get_array_member (incidence, "unknowns"), unknowns);
  rows = json_object_get_array_member (incidence, "involves");
  g_assert_cmpuint (json_array_get_length (rows), ==, 4);
  for (guint i = 0; i < 4; i++)
    {
      JsonArray *row = json_array_get_array_element (rows, i);

      g_assert_cmpuint (json_array_get_length (row), ==, 3);
      for (guint k = 0; k < 3; k++)
        g_assert_cmpint (json_array_get_int_element (row, k), ==, involves[i][k]);
    }

  /* before any differentiation the momentum equations take the
   * accelerations and J1 continuity, holding states only, takes nothing */
  matching = json_object_get_object_member (mode, "matching");
  g_assert_cmpint (json_object_get_int_member (matching, "size"), ==, 3);
  matched = json_object_get_array_member (matching, "unknowns");
  g_assert_cmpuint (json_array_get_length (matched), ==, 4);
  for (guint i = 0; i < 3; i++)
    g_assert_cmpint (json_array_get_int_element (matched, i), ==, 3 + i);
  g_assert_true (JSON_NODE_HOLDS_NULL (json_array_get_element (matched, 3)));
  assert_strings (json_object_get_array_member (matching, "unmatched"), j1);

  pantelides = json_object_get_object_member (mode, "pantelides");
  g_assert_cmpuint (member_length (pantelides, "steps"), ==, 1);
  step = json_array_get_object_element (json_object_get_array_member (pantelides, "steps"), 0);
  g_assert_cmpstr (json_object_get_string_member (step, "equation"), ==, "J1 continuity");
  assert_strings (json_object_get_array_member (step, "differentiated"), j1);
  assert_strings (json_object_get_array_member (step, "new_unknowns"), none);
  g_assert_cmpuint (json_object_get_size (json_object_get_object_member (pantelides,
                                                                          "differentiations")),
                    ==, 1);
  g_assert_cmpint (json_object_get_int_member (
                     json_object_get_object_member (pantelides, "differentiations"),
                     "J1 continuity"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (pantelides, "structural_index"), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (pantelides, "system_jacobian"), ==, "regular");
  g_assert_cmpstr (json_object_get_string_member (pantelides, "comparison"), ==,
                   "the structural index agrees with the numerical index of the multiplier "
                   "form");
  assert_strings (json_object_get_array_member (pantelides, "left_out"), none);
  assert_strings (json_object_get_array_member (pantelides, "undetermined"), none);
  assert_strings (json_object_get_array_member (pantelides, "dummy_derivatives"), dummies);
  assert_strings (json_object_get_array_member (pantelides, "states"), states);

  /* one block of four, the loop, torn by the pressure */
  blt = json_object_get_object_member (mode, "blt");
  g_assert_cmpuint (member_length (blt, "equations"), ==, 4);
  g_assert_cmpuint (member_length (blt, "unknowns"), ==, 4);
  g_assert_cmpuint (member_length (blt, "blocks"), ==, 1);
  g_assert_cmpint (json_array_get_int_element (json_object_get_array_member (blt, "blocks"), 0),
                   ==, 4);
  g_assert_cmpuint (member_length (blt, "loops"), ==, 1);
  loop = json_array_get_object_element (json_object_get_array_member (blt, "loops"), 0);
  g_assert_cmpint (json_object_get_int_member (loop, "block"), ==, 0);
  assert_strings (json_object_get_array_member (loop, "tear"), tear);
  assert_strings (json_object_get_array_member (loop, "residuals"), residuals);
  g_assert_cmpstr (json_array_get_string_element (json_object_get_array_member (blt, "unknowns"),
                                                  3), ==, "λ(J1)");
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

/* ---- large matrices as sparse entries ---- */

#define LADDER_RUNGS 80

/* A ladder of LADDER_RUNGS rails and as many rungs, pipes only: W is
 * 80 × 160 and α 160 × 80, above the size written row by row. */
static char *
ladder_document (void)
{
  GString *s = g_string_new ("{ \"manifold\": 1, \"components\": [\n"
                             "  { \"id\": \"TS\", \"type\": \"tank\", \"pressure\": \"10 bar\" },\n"
                             "  { \"id\": \"TD\", \"type\": \"tank\" }");
  for (guint i = 1; i <= LADDER_RUNGS; i++)
    g_string_append_printf (s, ",\n  { \"id\": \"R%u\", \"type\": \"pipe\", \"length\": 2,"
                               " \"diameter\": 0.02 },\n"
                               "  { \"id\": \"G%u\", \"type\": \"pipe\", \"length\": 1,"
                               " \"diameter\": 0.01 }", i, i);
  g_string_append (s, " ],\n  \"wires\": [");
  for (guint i = 1; i <= LADDER_RUNGS; i++)
    {
      if (i == 1)
        g_string_append (s, " [\"TS.p\", \"R1.a\"]");
      else
        g_string_append_printf (s, ", [\"R%u.b\", \"R%u.a\"]", i - 1, i);
      g_string_append_printf (s, ", [\"R%u.b\", \"G%u.a\"], [\"G%u.b\", \"TD.p\"]", i, i, i);
    }
  g_string_append (s, " ] }\n");
  return g_string_free (s, FALSE);
}

/* The entries of a matrix written sparse, into a dense row-major array. */
static double *
sparse_to_dense (JsonObject *mode, const char *key, guint rows, guint cols)
{
  JsonObject *matrix = json_object_get_object_member (mode, key);
  JsonArray *entries = json_object_get_array_member (matrix, "entries");
  double *dense = g_new0 (double, rows * cols);

  g_assert_cmpint (json_object_get_int_member (matrix, "rows"), ==, rows);
  g_assert_cmpint (json_object_get_int_member (matrix, "cols"), ==, cols);
  for (guint e = 0; e < json_array_get_length (entries); e++)
    {
      JsonArray *entry = json_array_get_array_element (entries, e);
      gint64 i = json_array_get_int_element (entry, 0), j = json_array_get_int_element (entry, 1);

      g_assert_cmpuint (json_array_get_length (entry), ==, 3);
      g_assert_true (i >= 0 && i < rows && j >= 0 && j < cols);
      g_assert_cmpfloat (json_array_get_double_element (entry, 2), !=, 0.0);
      dense[i * cols + j] = json_array_get_double_element (entry, 2);
    }
  return dense;
}

/* W and α come as their nonzero entries, and W α = 0 from them alone;
 * M̄, 80 × 80, is still written row by row. */
static void
test_analyze_json_sparse (Fixture *fixture, gconstpointer data)
{
  const guint m = LADDER_RUNGS, n = 2 * LADDER_RUNGS, k = n - m;
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autofree char *document = ladder_document ();
  g_autofree double *w = NULL, *alpha = NULL;
  JsonObject *mode;
  guint nonzero = 0;

  SKIP_WITHOUT_CLI ();
  mode = analyze_json_first_mode (fixture, parser, document);
  g_assert_cmpint (json_object_get_int_member (mode, "constraints"), ==, m);
  w = sparse_to_dense (mode, "w", m, n);
  alpha = sparse_to_dense (mode, "alpha", n, k);
  /* every junction joins the rail in, the rung and the rail out (the last: two) */
  for (guint i = 0; i < m * n; i++)
    nonzero += w[i] != 0.0;
  g_assert_cmpuint (nonzero, ==, 3 * m - 1);
  for (guint i = 0; i < m; i++)
    for (guint j = 0; j < k; j++)
      {
        double sum = 0.0, size = 0.0;

        for (guint l = 0; l < n; l++)
          {
            sum += w[i * n + l] * alpha[l * k + j];
            size += fabs (w[i * n + l] * alpha[l * k + j]);
          }
        g_assert_cmpfloat (fabs (sum), <=, 1e-12 * MAX (size, 1e-12));
      }
  g_assert_cmpuint (member_length (mode, "mass_reduced"), ==, k);
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
    "  incidence: 4 equations × 7 unknowns, maximum matching 3\n",
    "  differentiated: J1 continuity (1)\n",
    "  structural index: 2 (the structural index agrees with the numerical index of the "
    "multiplier form)\n",
    "  dummy derivatives: P1.v'\n",
    "  blocks: 1, algebraic loops: 1\n    a loop of 4 equations, torn by λ(J1)\n",
    "  σ(W): 0.0003689\n",
  },
};

static const Expectation analyze_text_problems = {
  .document = parallel_orifices,
  .args = { "analyze", "@" },
  .out = { "  M̄ = αᵀMα: singular\n", "  ! the reduced mass matrix is singular" },
};

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

/* linearize: the JSON keys of docs/cli.md, the two eigenvalues of the three
 * pipes (two independent velocities, real and decaying), and its usage
 * errors. */
static void
test_linearize (Fixture *fixture, gconstpointer data)
{
  static const char *const keys[] = { "mode", "t", "states", "jacobian", "eigenvalues",
                                      "stiffness", NULL };
  static const char *const eigen_keys[] = { "re", "im", "time_constant", "frequency", "damping",
                                            "neutral", "participation", NULL };
  static const char *const measures[] = { "real_part_ratio", "modulus_ratio", "euler_step",
                                          "accuracy_step", "step_ratio", "sigma_ratio", "rtol",
                                          NULL };
  static const char *const methods[] = { "euler", "rk4", "adams-bashforth-2", "bdf-1", "bdf-2",
                                         "bdf-3", "bdf-4", "bdf-5", NULL };
  JsonObject *steps;
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (Result) json = NULL;
  g_autoptr (Result) text = NULL;
  g_autoptr (Result) later = NULL;
  g_autoptr (Result) bad_time = NULL;
  g_autoptr (Result) bad_mode = NULL;
  g_autoptr (GError) error = NULL;
  JsonObject *root, *stiffness;
  JsonArray *eigenvalues;

  SKIP_WITHOUT_CLI ();
  write_document (fixture, three_pipes);
  json = run_cli_on (fixture, "linearize", "@", "--json");
  g_assert_cmpint (json->status, ==, 0);
  g_assert_true (json_parser_load_from_data (parser, json->out, -1, &error));
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  for (guint i = 0; keys[i] != NULL; i++)
    g_assert_true (json_object_has_member (root, keys[i]));
  g_assert_cmpstr (json_object_get_string_member (root, "mode"), ==, "default");
  eigenvalues = json_object_get_array_member (root, "eigenvalues");
  g_assert_cmpuint (json_array_get_length (eigenvalues), ==, 2);
  for (guint k = 0; k < 2; k++)
    {
      JsonObject *e = json_array_get_object_element (eigenvalues, k);

      for (guint i = 0; eigen_keys[i] != NULL; i++)
        g_assert_true (json_object_has_member (e, eigen_keys[i]));
      g_assert_cmpfloat (json_object_get_double_member (e, "re"), <, 0.0);
      g_assert_cmpfloat (json_object_get_double_member (e, "im"), ==, 0.0);
      g_assert_cmpfloat (json_object_get_double_member (e, "damping"), ==, 1.0);
    }
  stiffness = json_object_get_object_member (root, "stiffness");
  for (guint i = 0; measures[i] != NULL; i++)
    g_assert_true (json_object_has_member (stiffness, measures[i]));
  /* two real decaying eigenvalues: explicit Euler's step is 2/|λ|max, the
   * implicit BDF 1 and 2 have none */
  steps = json_object_get_object_member (root, "largest_stable_steps");
  for (guint i = 0; methods[i] != NULL; i++)
    g_assert_true (json_object_has_member (steps, methods[i]));
  g_assert_cmpfloat (fabs (json_object_get_double_member (steps, "euler")
                           * -json_object_get_double_member (
                               json_array_get_object_element (eigenvalues, 0), "re") / 2.0 - 1.0),
                     <, 1e-9);
  g_assert_true (JSON_NODE_HOLDS_NULL (json_object_get_member (steps, "bdf-2")));

  text = run_cli_on (fixture, "linearize", "@");
  g_assert_cmpint (text->status, ==, 0);
  assert_contains (text->out, "Mode 'default' linearised at t = 0 s: 2 states");
  later = run_cli_on (fixture, "linearize", "@", "--at", "0.1");
  g_assert_cmpint (later->status, ==, 0);
  assert_contains (later->out, "at t = 0.1 s");

  bad_time = run_cli_on (fixture, "linearize", "@", "--at", "-1");
  assert_fails (bad_time, 64, "--at takes a time of 0 s or more");
  bad_mode = run_cli_on (fixture, "linearize", "@", "--mode", "nowhere");
  g_assert_cmpint (bad_mode->status, ==, 64);
}

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
  ADD ("/cli/analyze/json-structure", test_analyze_json_structure);
  ADD ("/cli/analyze/json-mode", test_analyze_json_mode);
  ADD ("/cli/analyze/json-sparse", test_analyze_json_sparse);
  ADD_EXPECTATION ("/cli/analyze/text", analyze_text);
  ADD_EXPECTATION ("/cli/analyze/text-problems", analyze_text_problems);
  ADD ("/cli/linearize", test_linearize);
  ADD ("/cli/examples", test_examples);
  return g_test_run ();
}
