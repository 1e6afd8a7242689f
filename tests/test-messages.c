/* test-messages.c: every message the loader, the model and `manifold-cli
 * validate` can give about a document is given at a place in it.
 *
 * The catalogue is read from the sources themselves: every translatable
 * text of the files below.  Each must either be brought about by a case of
 * tests/data/messages.txt, run through manifold-cli as a user would, or be
 * listed below as not a message about a document, with the reason.  A case
 * passes when every line manifold-cli writes on standard error starts with
 * "FILE:LINE:COL: " and one of them says each of its messages.  So a new
 * message without a case fails, and so does a message that loses its place.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include "mf-test-cli.h"

/* Where the messages are: every file of these folders, and these files. */
static const char *const walked_folders[] = {
  "src/core/document",
  "src/core/expr",
  "src/core/model",
};
static const char *const walked_files[] = {
  "src/core/structure/mf-reduction.c", /* what validate warns about */
  "src/core/solve/mf-system.c",        /* what stops validate setting up a mode */
  "src/core/solve/mf-simulation-options.c", /* the document's own settings, for simulate */
};
/* Files of those folders with words but no messages about a document. */
static const char *const unwalked_files[] = {
  "src/core/document/mf-units.c",       /* names of quantities ("a pressure") inside messages */
  "src/core/model/mf-component-type.c", /* the types' names for people ("Check valve") */
  "src/core/document/mf-output-file.c", /* the files the CLI and the app write, not the document */
  NULL,
};

/* Texts of the catalogue that no document brings about, and why. */
static const struct
{
  const char *msgid;
  const char *why;
} not_about_a_document[] = {
  { "cannot read %s: %s", "a file that cannot be read has no text to place it in" },
  { "cannot write %s: %s", "saving, not loading" },
  { "unitless", "a value of any unit is not compared with one" },
  { "an id must not be empty", "the editor's words: the loader says \"'id' must not be empty\"" },
  { "a mode needs a name", "the editor's words: the loader says \"'name' must not be empty\"" },
  { "unexpected byte 0x%02X",
    "the editor's entries: a document that is not UTF-8 is refused before its expressions" },
  { "wire %u: %s", "mf_circuit_connect() refusing: the loader resolves both ends first" },
  { "no port '%s'", "a circuit built in code: the loader resolves the ports of wires first" },
  { "wire joins a %s port and a %s port ('%s' and '%s'): only ports of one kind can be joined",
    "a circuit built in code: the loader compares the ports of wires first" },
  { "initial value for '%s': the circuit has no such state (its states: %s)",
    "a circuit built in code: the loader checks the names of a document first" },
  { "preferred state '%s' is not a velocity of the circuit",
    "a circuit built in code: the loader checks the names of a document first" },
  { "the circuit has no mode: add one (e.g. \"default\", with nothing closed)",
    "a circuit built in code: the loader gives every document a mode" },
  { "at end stop", "a switch's state, in a mode's label once a run has switched it" },
  { "free", "a switch's state, in a mode's label once a run has switched it" },
  { "empty", "an accumulator's switch's state, in a mode's label once a run has switched it" },
  { "charged", "an accumulator's switch's state, in a mode's label once a run has switched it" },
  { "closed", "a switch's state, in a mode's label once a run has switched it" },
  { "open", "a switch's state, in a mode's label once a run has switched it" },
  { " with %s %s", "a mode's label once a run has switched a valve" },
  { ", %s %s", "a mode's label once a run has switched a valve" },
  { "the reduced mass matrix is singular (nullity %u): the independent states %s carry no mass, "
    "so the equations are a DAE whose hidden constraints cannot be solved for the massless "
    "velocities (give one of them a mass or a damping)",
    "index 3 among massless parts: no circuit of the test suites has it" },
  { "%s: the equations have index %d: the hidden constraints of the massless parts hold only "
    "positions or pressures whose rates do not fix the massless velocities; give one of them a "
    "mass or a damping",
    "index 3 among massless parts: no circuit of the test suites has it" },
  { "%s: LAPACK could not reduce the constraint matrix", "the linear algebra failing" },
  { "%s: the reduced mass matrix or the constraint matrix could not be factored",
    "the linear algebra failing" },
  { "%s '%s' has an area of %g m^2 while it is open, and the orifice law needs an infinite "
    "pressure drop for any flow through it (its area reached zero between the instants the "
    "closing events watch)",
    "a run failing at a time, which its message names" },
  { "unknown integration method '%s' (known: %s)",
    "a --method or a circuit built in code: the loader checks a document's method" },
  { "(none)", "a circuit built in code without a method" },
  { ", … (and %u more)", "a list of names in a usage error of manifold-cli, too long to give "
                        "whole" },
  { "the end time must be a positive number of seconds",
    "a flag or a circuit built in code: the loader checks a document's t_end" },
  { "the tolerances rtol and atol must be positive",
    "a flag or a circuit built in code: the loader checks a document's tolerances" },
  { "the output interval must be positive",
    "a flag or a circuit built in code: the loader checks a document's output_interval" },
  { "the fixed step must be positive (or 0 for an adaptive run)",
    "a flag or a circuit built in code: the loader checks a document's step" },
};

/* ---- the catalogue ------------------------------------------------------ */

static char *
source_path (const char *relative)
{
  return g_test_build_filename (G_TEST_DIST, "..", relative, NULL);
}

/* Skips white space and comments from `p`. */
static const char *
skip_space (const char *p)
{
  for (;;)
    {
      while (g_ascii_isspace (*p))
        p++;
      if (p[0] == '/' && p[1] == '*')
        {
          const char *end = strstr (p + 2, "*/");

          p = end != NULL ? end + 2 : p + strlen (p);
          continue;
        }
      return p;
    }
}

/* The string literals from `p` on, joined, their escapes resolved; NULL
 * when `p` is not at one.  *end is after the last. */
static char *
read_literals (const char *p, const char **end)
{
  GString *text = g_string_new (NULL);
  gboolean any = FALSE;

  for (p = skip_space (p); *p == '"'; p = skip_space (p))
    {
      any = TRUE;
      for (p++; *p != '"' && *p != '\0'; p++)
        {
          if (*p != '\\')
            {
              g_string_append_c (text, *p);
              continue;
            }
          p++;
          switch (*p)
            {
            case 'n': g_string_append_c (text, '\n'); break;
            case 't': g_string_append_c (text, '\t'); break;
            default: g_string_append_c (text, *p); break;
            }
        }
      if (*p == '"')
        p++;
    }
  *end = p;
  if (!any)
    return (g_string_free (text, TRUE), NULL);
  return g_string_free (text, FALSE);
}

/* Adds the texts marked for translation in `path` to `catalogue` (text ->
 * file): _("…"), N_("…") and both forms of g_dngettext (NULL, "…", "…", n). */
static void
add_messages (GHashTable *catalogue, const char *relative)
{
  g_autofree char *path = source_path (relative);
  g_autofree char *source = NULL;
  g_autoptr (GError) error = NULL;
  const char *p;

  g_file_get_contents (path, &source, NULL, &error);
  g_assert_no_error (error);
  for (p = source; *p != '\0'; p++)
    {
      gboolean plural = g_str_has_prefix (p, "g_dngettext (NULL,");
      gboolean single = (g_str_has_prefix (p, "_(") || g_str_has_prefix (p, "N_("))
                        && (p == source || !(g_ascii_isalnum (p[-1]) || p[-1] == '_'));
      const char *end;
      char *text;

      if (!plural && !single)
        continue;
      p = strchr (p, '(') + 1;
      if (plural)
        p = strchr (p, ',') + 1;
      text = read_literals (p, &end);
      if (text == NULL)
        continue;
      g_hash_table_replace (catalogue, text, g_strdup (relative));
      if (plural && *(end = skip_space (end)) == ',')
        {
          text = read_literals (end + 1, &end);
          if (text != NULL)
            g_hash_table_replace (catalogue, text, g_strdup (relative));
        }
      p = end - 1;
    }
}

static GHashTable *
read_catalogue (void)
{
  GHashTable *catalogue = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  for (guint f = 0; f < G_N_ELEMENTS (walked_folders); f++)
    {
      g_autofree char *path = source_path (walked_folders[f]);
      g_autoptr (GError) error = NULL;
      g_autoptr (GDir) dir = g_dir_open (path, 0, &error);
      const char *name;

      g_assert_no_error (error);
      while ((name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *relative = g_build_filename (walked_folders[f], name, NULL);

          if (g_str_has_suffix (name, ".c")
              && !g_strv_contains ((const char *const *) unwalked_files, relative))
            add_messages (catalogue, relative);
        }
    }
  for (guint f = 0; f < G_N_ELEMENTS (walked_files); f++)
    add_messages (catalogue, walked_files[f]);
  return catalogue;
}

/* ---- the cases ------------------------------------------------------------ */

typedef struct
{
  guint      line;    /* in messages.txt */
  GPtrArray *msgids;
  char      *command; /* "validate" or "simulate" */
  guint64    size;    /* > 0: a file of this many bytes, not a document */
  GString   *document;
} MfCase;

static GPtrArray *cases;
static GHashTable *catalogue;

static void
case_free (MfCase *c)
{
  g_ptr_array_unref (c->msgids);
  g_free (c->command);
  g_string_free (c->document, TRUE);
  g_free (c);
}

static GPtrArray *
read_cases (void)
{
  /* (before the tests run, so not g_test_get_filename) */
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "messages.txt", NULL);
  g_autoptr (GError) error = NULL;
  g_autofree char *contents = NULL;
  g_auto (GStrv) lines = NULL;
  GPtrArray *all = g_ptr_array_new_with_free_func ((GDestroyNotify) case_free);
  MfCase *c = NULL;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = lines[i];

      if (line[0] == '\0')
        {
          c = NULL;
          continue;
        }
      if (c == NULL && line[0] == '#')
        continue;
      if (c == NULL)
        {
          c = g_new0 (MfCase, 1);
          c->line = i + 1;
          c->msgids = g_ptr_array_new_with_free_func (g_free);
          c->command = g_strdup ("validate");
          c->document = g_string_new (NULL);
          g_ptr_array_add (all, c);
        }
      if (c->document->len == 0 && g_str_has_prefix (line, "msgid: "))
        g_ptr_array_add (c->msgids, g_strdup (line + strlen ("msgid: ")));
      else if (c->document->len == 0 && g_str_has_prefix (line, "run: "))
        g_free (c->command), c->command = g_strdup (line + strlen ("run: "));
      else if (c->document->len == 0 && g_str_has_prefix (line, "size: "))
        c->size = g_ascii_strtoull (line + strlen ("size: "), NULL, 10);
      else
        g_string_append_printf (c->document, "%s\n", line);
    }
  return all;
}

/* The document of a case: <repeat N>TEXT</repeat> and <0xHH> written out. */
static GString *
expand (const char *text)
{
  GString *out = g_string_new (NULL);

  while (*text != '\0')
    {
      const char *close;
      char *end;

      if (g_str_has_prefix (text, "<repeat "))
        {
          guint64 n = g_ascii_strtoull (text + strlen ("<repeat "), &end, 10);
          const char *body = end + 1;

          close = strstr (body, "</repeat>");
          g_assert_nonnull (close);
          for (guint64 k = 0; k < n; k++)
            g_string_append_len (out, body, close - body);
          text = close + strlen ("</repeat>");
        }
      else if (g_str_has_prefix (text, "<0x"))
        {
          g_string_append_c (out, (char) g_ascii_strtoull (text + 3, &end, 16));
          g_assert_true (*end == '>');
          text = end + 1;
        }
      else
        g_string_append_c (out, *text++);
    }
  return out;
}

/* A printf format as a regular expression of what it prints. */
static char *
format_pattern (const char *format)
{
  GString *pattern = g_string_new (NULL);

  for (const char *p = format; *p != '\0';)
    {
      const char *start = p;
      char conversion;

      if (*p != '%')
        {
          const char *next = strchr (p, '%');
          gsize n = next != NULL ? (gsize) (next - p) : strlen (p);
          g_autofree char *literal = g_strndup (p, n);
          g_autofree char *escaped = g_regex_escape_string (literal, -1);

          g_string_append (pattern, escaped);
          p += n;
          continue;
        }
      for (p++; *p != '\0' && strchr ("-+ #0123456789.lzh", *p) != NULL; p++)
        ;
      conversion = *p++;
      switch (conversion)
        {
        case '%': g_string_append (pattern, "%"); break;
        case 's': g_string_append (pattern, ".*"); break;
        case 'c': g_string_append (pattern, "."); break;
        case 'd': case 'i': case 'u': g_string_append (pattern, "-?[0-9]+"); break;
        case 'X': g_string_append (pattern, "[0-9A-F]+"); break;
        case 'e': case 'f': case 'g': g_string_append (pattern, "[-+0-9.eEinfa]+"); break;
        default:
          g_error ("unknown conversion in '%s' at '%s'", format, start);
        }
    }
  return g_string_free (pattern, FALSE);
}

static void
test_case (gconstpointer data)
{
  const MfCase *c = data;
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *escaped = NULL;
  g_autofree char *located = NULL;
  g_autoptr (GRegex) place = NULL;
  g_autoptr (Result) result = NULL;
  g_auto (GStrv) lines = NULL;

  if (cli_path () == NULL)
    {
      g_test_skip ("MANIFOLD_CLI is not set: run the tests through meson test");
      return;
    }
  dir = g_dir_make_tmp ("manifold-messages-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (dir, "case.manifold", NULL);
  if (c->size > 0)
    {
      /* a sparse file: the loader should not need to read it */
      int fd = g_open (path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

      g_assert_cmpint (fd, >=, 0);
      g_assert_cmpint (ftruncate (fd, (off_t) c->size), ==, 0);
      g_close (fd, NULL);
    }
  else
    {
      g_autoptr (GString) document = expand (c->document->str);

      g_file_set_contents (path, document->str, (gssize) document->len, &error);
      g_assert_no_error (error);
    }

  result = run_cliv ((const char *const[]) { c->command, "@", NULL }, path);
  g_unlink (path);
  g_rmdir (dir);

  /* every line at a place in the document; warnings alone leave it valid */
  escaped = g_regex_escape_string (path, -1);
  located = g_strdup_printf ("^%s:[0-9]+:[0-9]+: ", escaped);
  place = g_regex_new (located, 0, 0, NULL);
  lines = g_strsplit (result->err, "\n", -1);
  g_assert_cmpstr (lines[g_strv_length (lines) - 1], ==, "");
  for (guint i = 0; lines[i] != NULL && lines[i][0] != '\0'; i++)
    if (!g_regex_match (place, lines[i], 0, NULL))
      {
        g_test_message ("messages.txt:%u: a message without its place:\n%s", c->line, lines[i]);
        g_test_fail ();
        return;
      }
  g_assert_true (result->status == 0 || result->status == 1);

  /* saying each message of the case */
  for (guint m = 0; m < c->msgids->len; m++)
    {
      g_autofree char *pattern = format_pattern (c->msgids->pdata[m]);
      g_autoptr (GRegex) regex = g_regex_new (pattern, 0, 0, &error);
      gboolean said = FALSE;

      g_assert_no_error (error);
      for (guint i = 0; lines[i] != NULL && lines[i][0] != '\0' && !said; i++)
        said = g_regex_match (regex, lines[i] + strlen (path), 0, NULL);
      if (!said)
        {
          g_test_message ("messages.txt:%u: no line says\n  %s\nin\n%s", c->line,
                          (char *) c->msgids->pdata[m], result->err);
          g_test_fail ();
        }
    }
}

/* Every message of the catalogue has a case or a reason, and every case
 * and reason a message (one that changed its words must not leave a case
 * testing nothing). */
static void
test_catalogue (void)
{
  g_autoptr (GHashTable) covered = g_hash_table_new (g_str_hash, g_str_equal);
  GHashTableIter iter;
  gpointer msgid, file;
  guint missing = 0;

  for (guint i = 0; i < cases->len; i++)
    {
      const MfCase *c = cases->pdata[i];

      for (guint m = 0; m < c->msgids->len; m++)
        {
          if (!g_hash_table_contains (catalogue, c->msgids->pdata[m]))
            g_error ("messages.txt:%u: no such message in the sources:\n  %s", c->line,
                     (char *) c->msgids->pdata[m]);
          g_hash_table_add (covered, c->msgids->pdata[m]);
        }
    }
  for (guint i = 0; i < G_N_ELEMENTS (not_about_a_document); i++)
    {
      if (!g_hash_table_contains (catalogue, not_about_a_document[i].msgid))
        g_error ("no such message in the sources:\n  %s", not_about_a_document[i].msgid);
      g_hash_table_add (covered, (gpointer) not_about_a_document[i].msgid);
    }
  g_hash_table_iter_init (&iter, catalogue);
  while (g_hash_table_iter_next (&iter, &msgid, &file))
    if (!g_hash_table_contains (covered, msgid))
      {
        g_test_message ("%s: no case in tests/data/messages.txt for\n  %s", (char *) file,
                        (char *) msgid);
        missing++;
      }
  g_assert_cmpuint (missing, ==, 0);
  /* the walk found the messages at all */
  g_assert_cmpuint (g_hash_table_size (catalogue), >=, 150);
}

/* The pattern of a format matches what it prints, and only that. */
static void
test_patterns (void)
{
  g_autofree char *pattern = format_pattern ("wire %u: '%s' (%02X, %.3g) 100%%");
  g_autoptr (GRegex) regex = g_regex_new (pattern, G_REGEX_ANCHORED, 0, NULL);

  g_assert_true (g_regex_match (regex, "wire 2: 'P1.a' (0E, 1e+08) 100%", 0, NULL));
  g_assert_false (g_regex_match (regex, "wire x: 'P1.a' (0E, 1e+08) 100%", 0, NULL));
  g_assert_false (g_regex_match (regex, "wire 2: P1.a (0E, 1e+08) 100%", 0, NULL));
}

int
main (int argc, char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  catalogue = read_catalogue ();
  cases = read_cases ();
  g_test_add_func ("/messages/patterns", test_patterns);
  g_test_add_func ("/messages/catalogue", test_catalogue);
  for (guint i = 0; i < cases->len; i++)
    {
      const MfCase *c = cases->pdata[i];
      g_autofree char *test_path = g_strdup_printf ("/messages/line-%u", c->line);

      g_test_add_data_func (test_path, c, test_case);
    }
  status = g_test_run ();
  g_ptr_array_unref (cases);
  g_hash_table_unref (catalogue);
  return status;
}
