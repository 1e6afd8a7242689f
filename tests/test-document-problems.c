/* test-document-problems.c: a document's problems, each found and placed
 * at its line and column: every problem at once, syntax, the locator over
 * deep nesting, text quoted in messages, ids and names, assembly errors
 * and the limits.  Loading what is right is in test-document.c.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <json-glib/json-glib.h>
#include <string.h>

#include "mf-json-locate.h"
#include "mf-test-document.h"
#include "mf-text.h"

static void
test_locate_component (void)
{
  g_autoptr (MfDocument) document = load_ok (every_field, NULL);
  guint line = 0, column = 0;

  g_assert_true (mf_document_locate_component (document, "RV1", &line, &column));
  g_assert_cmpuint (line, ==, 19);
  g_assert_cmpuint (column, ==, 5);
  g_assert_true (mf_document_locate_component (document, "T1", &line, &column));
  g_assert_cmpuint (line, ==, 8);
  g_assert_false (mf_document_locate_component (document, "X9", &line, &column));
}

/* Every problem is found, sorted by place; the first error is the GError. */
static void
test_every_problem (void)
{
  static const char text[] =
    "{ \"manifold\": 1, \"title\": 5,\n"
    "  \"wires\": [ [\"P1.a\", \"X1.a\"], [\"P1.b\", \"Y1.p\"] ],\n"
    "  \"components\": [\n"
    "    { \"id\": \"P1\", \"type\": \"pipe\", \"length\": -1, \"diameter\": \"3 bar\" },\n"
    "    { \"id\": \"P1\", \"type\": \"junction\" },\n"
    "    { \"id\": \"Y1\", \"type\": \"tnak\" } ],\n"
    "  \"modes\": [ { \"name\": \"m\", \"closed\": [\"Y1\", \"P1\"] } ],\n"
    "  \"simulation\": { \"method\": \"rk5\", \"rtol\": 0 } }\n";
  static const ExpectedDiagnostic expected[] = {
    { MF_SEVERITY_ERROR, 1, 27, "'title' must be a string" },
    { MF_SEVERITY_ERROR, 2, 23, "wire 1: no component 'X1' (did you mean 'P1'?)" },
    /* Y1 could not be built: wires and modes naming it stay quiet */
    { MF_SEVERITY_ERROR, 4, 45, "component 'P1': 'length' must be positive" },
    { MF_SEVERITY_ERROR, 4, 61,
      "component 'P1': '3 bar' is a pressure, but 'diameter' is a length" },
    { MF_SEVERITY_ERROR, 5, 13, "duplicate component id 'P1'" },
    { MF_SEVERITY_ERROR, 6, 27,
      "component 'Y1': unknown component type 'tnak' (did you mean 'tank'?)" },
    { MF_SEVERITY_ERROR, 7, 46, "mode 'm': 'P1' is a pipe, which cannot be closed" },
    { MF_SEVERITY_ERROR, 8, 29,
      "simulation: unknown method 'rk5'; the methods are auto, rk2, rk4, rkf45, rkck, rk8pd, "
      "rk1imp, rk2imp, rk4imp, bsimp, msadams, msbdf, euler" },
    { MF_SEVERITY_ERROR, 8, 44, "simulation: 'rtol' must be positive" },
  };
  g_autoptr (GPtrArray) diagnostics = diagnostics_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (MfDocument) document = NULL;

  document = mf_document_load_data (text, -1, "many", diagnostics, &error);
  g_assert_null (document);
  g_assert_error (error, MF_ERROR, MF_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, "many:1:27: 'title' must be a string");
  assert_diagnostics (diagnostics, expected, G_N_ELEMENTS (expected));
}

typedef struct
{
  const char *text;
  MfErrorCode code;
  const char *message;
  gboolean    prefix; /* the message need only start with `message` */
} ExpectedLoadError;

/* Each text fails to load with its code and message. */
static void
assert_load_errors (const ExpectedLoadError *cases, guint n_cases)
{
  for (guint i = 0; i < n_cases; i++)
    {
      g_autofree char *message = load_error (cases[i].text, cases[i].code);

      if (cases[i].prefix)
        g_assert_true (g_str_has_prefix (message, cases[i].message));
      else
        g_assert_cmpstr (message, ==, cases[i].message);
    }
}

static void
test_expression_located (void)
{
  static const ExpectedLoadError cases[] = {
    /* the column of the fault inside the string: \u00b5 is six characters
     * written, two bytes decoded */
    { "{ \"manifold\": 1, \"components\": [\n"
      "  { \"id\": \"P1\", \"type\": \"pipe\", \"diameter\": 0.01,\n"
      "    \"length\": \"2 \\u00b5m + sinh(1)\" } ] }",
      MF_ERROR_SYNTAX, "bad:3:28: component 'P1': 'length': unknown function 'sinh'", FALSE },
    /* multi-byte characters before it count once (the words are mf-expr's) */
    { "{ \"manifold\": 1, \"components\": [\n"
      "  { \"id\": \"é\", \"type\": \"tank\", \"pressure\": \"2 µbar\" } ] }",
      MF_ERROR_SYNTAX, "bad:2:47: component 'é': 'pressure': ", TRUE },
  };

  assert_load_errors (cases, G_N_ELEMENTS (cases));
}

static void
test_syntax (void)
{
  static const ExpectedLoadError cases[] = {
    /* json-glib names the token's last byte; the column is in characters,
     * at the token's start */
    { "{\n  \"title\": \"é\", \"b\": tru}", MF_ERROR_SYNTAX,
      "bad:2:22: unexpected identifier 'tru', expected value", FALSE },
    { "{ \"manifold\": 1,\n  \"title\": \"x\" \"y\" }", MF_ERROR_SYNTAX, "bad:2:", TRUE },
    /* a string left open runs to the end: said where it starts */
    { "{ \"manifold\": 1,\n  \"components\": [ { \"id\": \"T1\", \"ty", MF_ERROR_SYNTAX,
      "bad:2:33: unterminated string: its closing quote is missing", FALSE },
    /* ... but an earlier mistake keeps its own place */
    { "{ \"manifold\": 1 \"title\": 2,\n  \"x\": \"open", MF_ERROR_SYNTAX, "bad:1:", TRUE },
    { "{ \"manifold\": 1 }\n\n  \"\xc3\xa9\xff\"", MF_ERROR_SYNTAX,
      "bad:3:5: the text is not valid UTF-8 (byte 0xFF)", FALSE },
    { " \n /* nothing */ ", MF_ERROR_SYNTAX, "bad:1:1: the document is empty", FALSE },
    { "{ \"manifold\": 2, \"title\": 3 }", MF_ERROR_VERSION,
      "bad:1:15: unsupported document version 2 (this build reads version 1)", FALSE },
  };

  assert_load_errors (cases, G_N_ELEMENTS (cases));
}

static void
test_embedded_nul (void)
{
  static const char text[] = "{ \"manifold\": 1 }\0 trailing";
  g_autoptr (GError) error = NULL;
  g_autoptr (MfDocument) document = NULL;

  document = mf_document_load_data (text, sizeof text - 1, "nul", NULL, &error);
  g_assert_null (document);
  g_assert_error (error, MF_ERROR, MF_ERROR_SYNTAX);
  g_assert_cmpstr (error->message, ==, "nul:1:18: the text contains a NUL byte");
}

static void
test_locator (void)
{
  static const char text[] =
    "\xef\xbb\xbf{ \"a\": [1, { 'b~/c': \"x\" }],\n"
    "  /* comment, \"not\": a key */ \"é\": \"\\\"é\\u00e9 bar\",\n"
    "  \"m\": \"line one\n"
    "  two\", \"a\": true }";
  g_autoptr (MfJsonLocator) locator = mf_json_locator_new (text, -1);
  g_autofree char *member = mf_json_path_member ("a/1", "b~/c");
  g_autofree char *index = mf_json_path_index ("", 3);
  guint line = 0, column = 0;

  g_assert_cmpstr (member, ==, "a/1/b~0~1c");
  g_assert_cmpstr (index, ==, "3");

  /* the byte-order mark takes no column */
  g_assert_true (mf_json_locator_find (locator, "", &line, &column));
  g_assert_cmpuint (line, ==, 1);
  g_assert_cmpuint (column, ==, 1);
  g_assert_true (mf_json_locator_find (locator, "a/0", &line, &column));
  g_assert_cmpuint (column, ==, 9);
  g_assert_true (mf_json_locator_find (locator, member, &line, &column));
  g_assert_cmpuint (column, ==, 22);
  g_assert_true (mf_json_locator_find_key (locator, member, &line, &column));
  g_assert_cmpuint (column, ==, 14);
  g_assert_false (mf_json_locator_find (locator, "not", &line, &column));

  /* a repeated member: the last one counts, as in json-glib */
  g_assert_true (mf_json_locator_find (locator, "a", &line, &column));
  g_assert_cmpuint (line, ==, 4);
  g_assert_cmpuint (column, ==, 14);

  /* inside a string: decoded, "\"é\u00e9 bar" is '"' (byte 0), 'é' (1, 2),
   * 'é' (3, 4), ' ' (5), 'b' (6); an offset inside an escape gives the
   * backslash */
  g_assert_true (mf_json_locator_find (locator, "\xc3\xa9", &line, &column));
  g_assert_cmpuint (line, ==, 2);
  g_assert_cmpuint (column, ==, 36);
  g_assert_true (mf_json_locator_find_in_string (locator, "\xc3\xa9", 1, &line, &column));
  g_assert_cmpuint (column, ==, 39);
  g_assert_true (mf_json_locator_find_in_string (locator, "\xc3\xa9", 3, &line, &column));
  g_assert_cmpuint (column, ==, 40);
  g_assert_true (mf_json_locator_find_in_string (locator, "\xc3\xa9", 4, &line, &column));
  g_assert_cmpuint (column, ==, 40);
  g_assert_true (mf_json_locator_find_in_string (locator, "\xc3\xa9", 6, &line, &column));
  g_assert_cmpuint (column, ==, 47);
  /* a string over two lines */
  g_assert_true (mf_json_locator_find_in_string (locator, "m", 11, &line, &column));
  g_assert_cmpuint (line, ==, 4);
  g_assert_cmpuint (column, ==, 3);
  g_assert_false (mf_json_locator_find_in_string (locator, "a", 0, &line, &column));
}

/* Locating walks nesting without recursion. */
static void
test_locator_deep (void)
{
  const guint depth = 3000;
  g_autoptr (GString) text = g_string_new (NULL);
  g_autoptr (GString) path = g_string_new ("0");
  g_autoptr (MfJsonLocator) locator = NULL;
  guint line, column;

  for (guint i = 0; i < depth; i++)
    g_string_append (text, "[\n");
  g_string_append (text, "7");
  for (guint i = 0; i < depth; i++)
    g_string_append (text, "]");
  for (guint i = 1; i < depth; i++)
    g_string_append (path, "/0");
  locator = mf_json_locator_new (text->str, (gssize) text->len);
  g_assert_true (mf_json_locator_find (locator, path->str, &line, &column));
  g_assert_cmpuint (line, ==, depth + 1);
  g_assert_cmpuint (column, ==, 1);
}

/* json-glib would overflow the stack; the loader says no first. */
static void
test_too_deep (void)
{
  const guint depth = 200000;
  g_autoptr (GString) text = g_string_new ("{ \"manifold\": 1, \"x\": ");
  g_autofree char *message = NULL;

  for (guint i = 0; i < depth; i++)
    g_string_append (text, "[\"[\", ");
  for (guint i = 0; i < depth; i++)
    g_string_append_c (text, ']');
  g_string_append (text, " }");
  message = load_error (text->str, MF_ERROR_SYNTAX);
  /* the root is level 1; brackets inside strings do not count */
  g_assert_cmpstr (message, ==, "bad:1:6017: arrays and objects nest deeper than 1000 levels");
}

static void
test_text_column (void)
{
  static const char text[] = "ab\n\xc3\xa9x\xe2\x80\x94y\nz";

  /* on line 2, byte 3 is 'x', the 2nd character; bytes 4-6 the dash; 7 'y' */
  g_assert_cmpuint (mf_json_text_column (text, strlen (text), 2, 3), ==, 2);
  g_assert_cmpuint (mf_json_text_column (text, strlen (text), 2, 6), ==, 3);
  g_assert_cmpuint (mf_json_text_column (text, strlen (text), 2, 7), ==, 4);
  /* a byte-order mark takes no column, as in the locator */
  g_assert_cmpuint (mf_json_text_column ("\xef\xbb\xbf{ x", 6, 1, 3), ==, 3);
  {
    guint line, column;

    mf_json_text_position ("\xef\xbb\xbf{ \xff", 5, &line, &column);
    g_assert_cmpuint (line, ==, 1);
    g_assert_cmpuint (column, ==, 3);
  }
  /* past the end of the line: one past its last character */
  g_assert_cmpuint (mf_json_text_column (text, strlen (text), 2, 40), ==, 5);
  g_assert_cmpuint (mf_json_text_column (text, strlen (text), 9, 2), ==, 1);
}

/* Text from a document in a message: what could start a line or drive a
 * terminal is escaped, the rest kept; a valid id is unchanged. */
static void
test_text_escape (void)
{
  static const struct
  {
    const char *text;
    const char *shown;
  } cases[] = {
    { "P1", "P1" },
    { "20 bar * ramp(t, 0, 0.1)", "20 bar * ramp(t, 0, 0.1)" },
    { "Pumpe-Ü1", "Pumpe-Ü1" },
    { "a\nb", "a\\nb" },
    { "a\tb\r", "a\\tb\\r" },
    { "\x1b[31mred", "\\x1b[31mred" },
    { "\x7f", "\\x7f" },
    { "a\xc2\x85" "b", "a\\u{85}b" },             /* NEXT LINE, a C1 control */
    { "a\xe2\x80\xa8" "b", "a\\u{2028}b" },         /* LINE SEPARATOR */
    { "a\xe2\x80\xae" "b", "a\\u{202e}b" },         /* RIGHT-TO-LEFT OVERRIDE */
    { "a\xc2\xa0" "b", "a\\u{a0}b" },               /* NO-BREAK SPACE */
    { "a\xff" "b", "a\\xffb" },                     /* not UTF-8 */
    { "back\\slash", "back\\slash" },
  };
  g_autofree char *long_text = g_strnfill (150, 'x');
  g_autofree char *long_shown = mf_text_escape (long_text);
  g_autofree char *kept = g_strnfill (MF_TEXT_ESCAPE_MAX_LENGTH, 'x');
  g_autofree char *cut = g_strconcat (kept, "…", NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *shown = mf_text_escape (cases[i].text);

      g_assert_cmpstr (shown, ==, cases[i].shown);
    }
  g_assert_cmpstr (long_shown, ==, cut);
}

/* One rule for ids (docs/format.md, "Components"), the character at fault
 * named. */
static void
test_id_rule (void)
{
  static const char *const valid[] = {
    "P1", "CV1", "#0", "a-b_c", "Ü1", "泵1", "T(1)", "x/y", "a\\b",
  };
  static const struct
  {
    const char *id;
    gsize       offset;
    const char *message;
  } invalid[] = {
    { "", 0, "an id must not be empty" },
    { "P 1", 1, "an id must not contain white space (' ')" },
    { "P\n1", 1, "an id must not contain white space ('\\n')" },
    { "P\xc2\xa0" "1", 1, "an id must not contain white space ('\\u{a0}')" },
    { "P1\x1b[2J", 2, "an id must not contain control or invisible characters ('\\x1b')" },
    { "P\xe2\x80\xae" "1", 1,
      "an id must not contain control or invisible characters ('\\u{202e}')" },
    { "P\xff", 1, "an id must not contain control or invisible characters ('\\xff')" },
    { "P.1", 1, "an id must not contain '.' (it separates id and port)" },
  };
  g_autofree char *longest = g_strnfill (MF_ID_MAX_LENGTH, 'x');
  g_autofree char *too_long = g_strconcat ("Ü", longest, NULL);
  g_autoptr (GError) error = NULL;
  gsize offset = 99;

  for (guint i = 0; i < G_N_ELEMENTS (valid); i++)
    g_assert_true (mf_id_is_valid (valid[i]));
  g_assert_true (mf_id_is_valid (longest));
  for (guint i = 0; i < G_N_ELEMENTS (invalid); i++)
    {
      g_assert_false (mf_id_check (invalid[i].id, &offset, &error));
      g_assert_error (error, MF_ERROR, MF_ERROR_INVALID);
      g_assert_cmpstr (error->message, ==, invalid[i].message);
      g_assert_cmpuint (offset, ==, invalid[i].offset);
      g_clear_error (&error);
    }
  /* the 65th character is the one too many */
  g_assert_false (mf_id_check (too_long, &offset, &error));
  g_assert_cmpstr (error->message, ==, "an id must be at most 64 characters long, not 65");
  g_assert_cmpuint (offset, ==, strlen ("Ü") + MF_ID_MAX_LENGTH - 1);
  g_clear_error (&error);

  /* mode names may have spaces, not other white space */
  g_assert_true (mf_mode_name_check ("V1 shut", NULL, NULL));
  g_assert_false (mf_mode_name_check ("V1\tshut", &offset, &error));
  g_assert_cmpstr (error->message, ==,
                   "a mode name must not contain white space other than spaces ('\\t')");
  g_assert_cmpuint (offset, ==, 2);
}

/* A document's bad ids and mode names are errors at the character at
 * fault, quoted escaped; a component with a bad id is still checked. */
static void
test_bad_names_located (void)
{
  static const char text[] =
    "{ \"manifold\": 1,\n"
    "  \"components\": [ { \"id\": \"T\\u001b[2J\", \"type\": \"tank\" },\n"
    "    { \"id\": \"P\\n1\", \"type\": \"pipe\", \"length\": -1, \"diameter\": 1 } ],\n"
    "  \"modes\": [ { \"name\": \"up\\u2028down\" } ] }\n";
  static const ExpectedDiagnostic expected[] = {
    { MF_SEVERITY_ERROR, 2, 29,
      "component 'T\\x1b[2J': an id must not contain control or invisible characters "
      "('\\x1b')" },
    { MF_SEVERITY_ERROR, 3, 15,
      "component 'P\\n1': an id must not contain white space ('\\n')" },
    { MF_SEVERITY_ERROR, 3, 47, "component 'P\\n1': 'length' must be positive" },
    { MF_SEVERITY_ERROR, 4, 27,
      "mode 1: a mode name must not contain white space other than spaces ('\\u{2028}')" },
  };
  g_autoptr (GPtrArray) diagnostics = diagnostics_new ();
  g_autoptr (MfDocument) document = NULL;

  document = mf_document_load_data (text, -1, "names", diagnostics, NULL);
  g_assert_null (document);
  assert_diagnostics (diagnostics, expected, G_N_ELEMENTS (expected));
}

/* Every name of "initial" and "prefer_states" the circuit lacks, each at
 * its place — not only the first. */
static void
test_state_names (void)
{
  static const char text[] =
    "{ \"manifold\": 1,\n"
    "  \"components\": [ { \"id\": \"M\", \"type\": \"mass\", \"mass\": 1 } ],\n"
    "  \"initial\": { \"M.w\": 1, \"M.v\": 2,\n"
    "               \"Q.q\": 3 },\n"
    "  \"prefer_states\": [ \"M.x\", \"M.v\", \"M.vv\" ] }\n";
  static const ExpectedDiagnostic expected[] = {
    { MF_SEVERITY_ERROR, 3, 16, "initial: the circuit has no state 'M.w' (did you mean 'M.v'?)" },
    { MF_SEVERITY_ERROR, 4, 16,
      "initial: the circuit has no state 'Q.q'; 'manifold-cli analyze' lists its states" },
    { MF_SEVERITY_ERROR, 5, 22,
      "prefer_states: 'M.x' is a state but not a velocity; only velocities can be preferred" },
    { MF_SEVERITY_ERROR, 5, 36,
      "prefer_states: the circuit has no velocity 'M.vv' (did you mean 'M.v'?)" },
  };
  g_autoptr (GPtrArray) diagnostics = diagnostics_new ();
  g_autoptr (MfDocument) document = NULL;

  document = mf_document_load_data (text, -1, "names", diagnostics, NULL);
  g_assert_null (document);
  assert_diagnostics (diagnostics, expected, G_N_ELEMENTS (expected));
}

/* An assembly error of a loaded document, placed at what it is about. */
static void
test_model_located (void)
{
  static const char text[] =
    "{ \"manifold\": 1,\n"
    "  \"components\": [ { \"id\": \"T\", \"type\": \"tank\" },\n"
    "    { \"id\": \"V\", \"type\": \"volume\", \"volume\": 1e-3 },\n"
    "    { \"id\": \"P\", \"type\": \"pipe\", \"length\": 1, \"diameter\": 0.01 } ],\n"
    "  \"wires\": [ [\"T.p\", \"V.p\"], [\"V.p\", \"P.a\"] ] }\n";
  g_autoptr (GPtrArray) diagnostics = diagnostics_new ();
  g_autoptr (MfDocument) document = load_ok (text, NULL);
  g_autoptr (GError) error = NULL;
  MfModel *model;

  model = mf_document_new_model (document, diagnostics, &error);
  g_assert_null (model);
  g_assert_error (error, MF_ERROR, MF_ERROR_STRUCTURE);
  g_assert_cmpstr (error->message, ==,
                   "test.manifold:3:5: node T.p holds both tank 'T' and volume 'V': a node can "
                   "have one tank, or volumes, but not both");
  g_assert_cmpuint (diagnostics->len, ==, 1);
}

/* The limits of docs/format.md, each refused where it is passed. */
static void
test_limits (void)
{
  g_autoptr (GString) text = g_string_new ("{ \"manifold\": 1,\n  \"title\": \"");
  g_autofree char *message = NULL;

  for (guint i = 0; i <= MF_DOCUMENT_MAX_STRING; i++)
    g_string_append_c (text, 'a');
  g_string_append (text, "\" }");
  message = load_error (text->str, MF_ERROR_INVALID);
  g_assert_cmpstr (message, ==, "bad:2:12: a string may be at most 1048576 bytes long; this one is "
                                "longer");
  g_clear_pointer (&message, g_free);

  /* 100 000 parentheses: refused at the 201st, before the parser recurses deeper */
  g_string_assign (text, "{ \"manifold\": 1, \"components\": [ { \"id\": \"T\", \"type\": "
                         "\"tank\", \"pressure\": \"");
  for (guint i = 0; i < 100000; i++)
    g_string_append_c (text, '(');
  g_string_append_c (text, '1');
  for (guint i = 0; i < 100000; i++)
    g_string_append_c (text, ')');
  g_string_append (text, "\" } ] }");
  message = load_error (text->str, MF_ERROR_SYNTAX);
  g_assert_cmpstr (message, ==, "bad:1:276: component 'T': 'pressure': expression nested more "
                                "than 200 levels deep (parentheses, calls and signs)");
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  mf_init ();

  g_test_add_func ("/core/document/locate-component", test_locate_component);
  g_test_add_func ("/core/document/every-problem", test_every_problem);
  g_test_add_func ("/core/document/expression-located", test_expression_located);
  g_test_add_func ("/core/document/syntax", test_syntax);
  g_test_add_func ("/core/document/embedded-nul", test_embedded_nul);
  g_test_add_func ("/core/document/locator", test_locator);
  g_test_add_func ("/core/document/locator-deep", test_locator_deep);
  g_test_add_func ("/core/document/too-deep", test_too_deep);
  g_test_add_func ("/core/document/text-column", test_text_column);
  g_test_add_func ("/core/document/text-escape", test_text_escape);
  g_test_add_func ("/core/document/id-rule", test_id_rule);
  g_test_add_func ("/core/document/bad-names-located", test_bad_names_located);
  g_test_add_func ("/core/document/state-names", test_state_names);
  g_test_add_func ("/core/document/model-located", test_model_located);
  g_test_add_func ("/core/document/limits", test_limits);

  return g_test_run ();
}
