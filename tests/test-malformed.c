/* test-malformed.c: every file in tests/data/bad breaks one rule, and
 * loading it gives exactly the message expected.txt lists for it
 * ("NAME.manifold<TAB>LINE:COL: message", the first error without the file
 * name; the command line's tests read the same list).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "mf-document.h"
#include "mf-error.h"

typedef struct
{
  char *name;     /* "version-2.manifold" */
  char *expected; /* "2:15: unsupported document version 2 (this build reads version 1)" */
} MfBadFile;

/* Files whose error is not MF_ERROR_INVALID. */
static const struct
{
  const char *name;
  MfErrorCode code;
} codes[] = {
  { "empty.manifold", MF_ERROR_SYNTAX },
  { "not-json.manifold", MF_ERROR_SYNTAX },
  { "truncated.manifold", MF_ERROR_SYNTAX },
  { "trailing-comma.manifold", MF_ERROR_SYNTAX },
  { "nesting-too-deep.manifold", MF_ERROR_SYNTAX },
  { "utf8-invalid.manifold", MF_ERROR_SYNTAX },
  { "expression-unparsable.manifold", MF_ERROR_SYNTAX },
  { "function-unknown.manifold", MF_ERROR_SYNTAX },
  { "unit-unknown.manifold", MF_ERROR_SYNTAX },
  { "version-2.manifold", MF_ERROR_VERSION },
};

static GPtrArray *bad_files; /* MfBadFile* */

static void
bad_file_free (MfBadFile *file)
{
  g_free (file->name);
  g_free (file->expected);
  g_free (file);
}

static MfErrorCode
expected_code (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (codes); i++)
    if (strcmp (codes[i].name, name) == 0)
      return codes[i].code;
  return MF_ERROR_INVALID;
}

static GPtrArray *
read_expected (void)
{
  /* (before the tests run, so not g_test_get_filename) */
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "bad", "expected.txt",
                                                 NULL);
  g_autoptr (GError) error = NULL;
  g_autofree char *contents = NULL;
  g_auto (GStrv) lines = NULL;
  GPtrArray *files = g_ptr_array_new_with_free_func ((GDestroyNotify) bad_file_free);

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *tab = strchr (lines[i], '\t');
      MfBadFile *file;

      if (lines[i][0] == '\0')
        continue;
      g_assert_nonnull (tab);
      file = g_new0 (MfBadFile, 1);
      file->name = g_strndup (lines[i], (gsize) (tab - lines[i]));
      g_assert_true (g_str_has_suffix (file->name, ".manifold"));
      file->expected = g_strdup (tab + 1);
      g_ptr_array_add (files, file);
    }
  return files;
}

static void
test_bad_file (gconstpointer data)
{
  const MfBadFile *file = data;
  const char *path = g_test_get_filename (G_TEST_DIST, "data", "bad", file->name, NULL);
  g_autoptr (GPtrArray) diagnostics = g_ptr_array_new_with_free_func (
    (GDestroyNotify) mf_diagnostic_free);
  g_autoptr (GError) error = NULL;
  g_autoptr (MfDocument) document = NULL;
  g_autofree char *message = g_strdup_printf ("%s:%s", path, file->expected);
  g_autofree char *first = NULL;
  guint n_errors = 0;

  document = mf_document_load_file (path, diagnostics, &error);
  g_assert_null (document);
  g_assert_nonnull (error);
  g_assert_cmpstr (error->message, ==, message);
  g_assert_error (error, MF_ERROR, (int) expected_code (file->name));

  /* one problem per file, and it is the one the error names */
  for (guint i = 0; i < diagnostics->len; i++)
    {
      const MfDiagnostic *diagnostic = diagnostics->pdata[i];

      if (diagnostic->severity != MF_SEVERITY_ERROR)
        continue;
      if (n_errors++ == 0)
        first = mf_diagnostic_format (diagnostic, path);
    }
  g_assert_cmpuint (n_errors, ==, 1);
  g_assert_cmpstr (first, ==, message);
}

/* A file added to the folder must be listed, or it would test nothing. */
static void
test_every_file_listed (void)
{
  const char *dir_path = g_test_get_filename (G_TEST_DIST, "data", "bad", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GDir) dir = g_dir_open (dir_path, 0, &error);
  const char *entry;
  guint n_files = 0;

  g_assert_no_error (error);
  while ((entry = g_dir_read_name (dir)) != NULL)
    {
      gboolean listed = FALSE;

      if (!g_str_has_suffix (entry, ".manifold"))
        continue;
      n_files++;
      for (guint i = 0; i < bad_files->len && !listed; i++)
        listed = strcmp (((MfBadFile *) bad_files->pdata[i])->name, entry) == 0;
      if (!listed)
        g_test_message ("%s is not in expected.txt", entry);
      g_assert_true (listed);
    }
  g_assert_cmpuint (n_files, ==, bad_files->len);
  g_assert_cmpuint (n_files, >=, 36);
}

int
main (int argc, char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  mf_init ();

  bad_files = read_expected ();
  g_test_add_func ("/core/malformed/every-file-listed", test_every_file_listed);
  for (guint i = 0; i < bad_files->len; i++)
    {
      const MfBadFile *file = bad_files->pdata[i];
      g_autofree char *stem = g_strndup (file->name, strlen (file->name) - strlen (".manifold"));
      g_autofree char *test_path = g_strdup_printf ("/core/malformed/%s", stem);

      g_test_add_data_func (test_path, file, test_bad_file);
    }
  status = g_test_run ();
  g_ptr_array_unref (bad_files);
  return status;
}
