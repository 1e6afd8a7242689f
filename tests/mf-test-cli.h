/* mf-test-cli.h: running manifold-cli as a user runs it, in a scratch
 * directory per test, and checking what it prints (test-cli.c,
 * test-cli-simulate.c, test-cli-output.c).  The executable's path comes from $MANIFOLD_CLI
 * (tests/meson.build).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <string.h>
#include <sys/wait.h>

#include <glib.h>
#include <glib/gstdio.h>

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

/* ---- running the command line ----------------------------------------- */

typedef struct
{
  int   status;
  char *out;
  char *err;
} Result;

static inline void
result_free (Result *result)
{
  g_free (result->out);
  g_free (result->err);
  g_free (result);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Result, result_free)

static inline const char *
cli_path (void)
{
  return g_getenv ("MANIFOLD_CLI");
}

/* Runs manifold-cli with `args` (NULL-terminated), every "@" replaced by
 * `file`, in the directory `cwd` (NULL: the test's), `setup` run in the
 * child before it starts (NULL: none).  A crash fails the test. */
static inline Result *
run_cliv_in (const char          *cwd,
             GSpawnChildSetupFunc setup,
             gpointer             setup_data,
             const char *const   *args,
             const char          *file)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  Result *result = g_new0 (Result, 1);
  int wait_status = 0;

  g_ptr_array_add (argv, (gpointer) cli_path ());
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) (strcmp (args[i], "@") == 0 ? file : args[i]));
  g_ptr_array_add (argv, NULL);

  g_spawn_sync (cwd, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, setup, setup_data,
                &result->out, &result->err, &wait_status, &error);
  g_assert_no_error (error);
  if (!WIFEXITED (wait_status))
    g_error ("manifold-cli was killed by signal %d; stderr:\n%s", WTERMSIG (wait_status),
             result->err);
  result->status = WEXITSTATUS (wait_status);
  return result;
}

static inline Result *
run_cliv (const char *const *args, const char *file)
{
  return run_cliv_in (NULL, NULL, NULL, args, file);
}

#define run_cli(...) run_cliv ((const char *const[]) { __VA_ARGS__, NULL }, NULL)

/* Runs manifold-cli with "@" standing for the document write_document() wrote. */
#define run_cli_on(fixture, ...) \
  run_cliv ((const char *const[]) { __VA_ARGS__, NULL }, (fixture)->path)

static inline void
assert_contains (const char *haystack, const char *needle)
{
  if (strstr (haystack, needle) == NULL)
    g_error ("expected to find\n  %s\nin\n%s", needle, haystack);
}

static inline void
assert_lacks (const char *haystack, const char *needle)
{
  if (strstr (haystack, needle) != NULL)
    g_error ("did not expect\n  %s\nin\n%s", needle, haystack);
}

/* Checks the CSV's shape (and that `first_state`, if not NULL, is a column);
 * returns the number of rows after the header. */
static inline guint
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
static inline void
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

static inline char *
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
static inline const char *
write_document (Fixture *fixture, const char *contents)
{
  g_assert_null (fixture->path);
  fixture->path = write_file (fixture, "circuit.manifold", contents);
  return fixture->path;
}

static inline void
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

static inline void
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

static inline char *
read_file (const char *path)
{
  g_autoptr (GError) error = NULL;
  char *contents = NULL;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  return contents;
}

static inline guint
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
  const char *out[16];      /* each is on stdout */
  const char *err[8];       /* each is on stderr */
  const char *err_lacks[2]; /* none is on stderr */
} Expectation;

/* `text` with a leading "@" replaced by the document's path. */
static inline char *
expand_path (const Fixture *fixture, const char *text)
{
  if (text[0] == '@')
    return g_strconcat (fixture->path, text + 1, NULL);
  return g_strdup (text);
}

/* Each of `texts` (up to `n`, or a NULL) is in `output`; with `absent`,
 * none is. */
static inline void
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

static inline void
assert_output_is (const Fixture *fixture, const char *output, const char *expected)
{
  g_autofree char *text = NULL;

  if (expected == NULL)
    return;
  text = expand_path (fixture, expected);
  g_assert_cmpstr (output, ==, text);
}

static inline void
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

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
#define ADD_EXPECTATION(path, expectation) \
  g_test_add (path, Fixture, &expectation, fixture_set_up, test_expectation, fixture_tear_down)
