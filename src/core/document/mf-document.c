/* mf-document.c: reading a document's text (encoding, JSON syntax), the
 * findings of mf-document-validate*.c, and writing documents back.
 *
 * json-glib keeps no positions, so findings name a path and the place is
 * looked up with mf-json-locate.h only once there is something to say.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-document.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mf-document-private.h"
#include "mf-json-write.h"
#include "mf-spool.h"
#include "mf-text.h"

struct _MfDocument
{
  char          *name;
  char          *text; /* as loaded, for locating components later */
  gsize          length;
  JsonNode      *root; /* kept whole so saving keeps every field */
  MfCircuit     *circuit;
  MfPlotList  *plots; /* NULL without a "plots" section */
  MfJsonLocator *locator; /* built on first use, see document_locator() */
};

void
mf_diagnostic_free (MfDiagnostic *diagnostic)
{
  if (diagnostic == NULL)
    return;
  g_free (diagnostic->message);
  g_free (diagnostic);
}

char *
mf_diagnostic_format (const MfDiagnostic *diagnostic, const char *name)
{
  /* Translators: put before a warning's message, after "FILE:LINE:COLUMN: " */
  const char *kind = diagnostic->severity == MF_SEVERITY_WARNING ? _("warning: ") : "";

  if (name == NULL)
    name = "<data>";
  if (diagnostic->line == 0)
    return g_strdup_printf ("%s: %s%s", name, kind, diagnostic->message);
  return g_strdup_printf ("%s:%u:%u: %s%s", name, diagnostic->line, diagnostic->column, kind,
                          diagnostic->message);
}

/* --- findings --------------------------------------------------------- */

static void
finding_clear (MfFinding *finding)
{
  g_clear_pointer (&finding->diagnostic, mf_diagnostic_free);
}

void
mf_checker_init (MfChecker *checker, const char *text, gsize length)
{
  memset (checker, 0, sizeof *checker);
  checker->text = text;
  checker->length = length;
  checker->findings = g_array_new (FALSE, FALSE, sizeof (MfFinding));
  g_array_set_clear_func (checker->findings, (GDestroyNotify) finding_clear);
  checker->circuit = mf_circuit_new ();
  checker->scratch = mf_circuit_new ();
  checker->broken_ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

void
mf_checker_clear (MfChecker *checker)
{
  g_clear_pointer (&checker->locator, mf_json_locator_free);
  g_clear_pointer (&checker->findings, g_array_unref);
  g_clear_pointer (&checker->circuit, mf_circuit_free);
  g_clear_pointer (&checker->scratch, mf_circuit_free);
  g_clear_pointer (&checker->broken_ids, g_hash_table_unref);
  g_clear_pointer (&checker->plots, g_ptr_array_unref);
}

void
mf_checker_add (MfChecker  *checker,
                MfSeverity  severity,
                MfErrorCode code,
                guint       line,
                guint       column,
                char       *message)
{
  MfFinding finding = { g_new0 (MfDiagnostic, 1), code, checker->findings->len };

  finding.diagnostic->severity = severity;
  finding.diagnostic->line = line;
  finding.diagnostic->column = column;
  finding.diagnostic->message = message;
  g_array_append_val (checker->findings, finding);
}

/* Where the value (or member name) at `path` is; a path the scanner did not
 * reach falls back on its container, so a finding always has a place. */
static void
locate_path (const MfJsonLocator *locator, const char *path, gboolean key, guint *line,
             guint *column)
{
  g_autofree char *place = g_strdup (path);

  if (key && mf_json_locator_find_key (locator, path, line, column))
    return;
  while (!mf_json_locator_find (locator, place, line, column))
    {
      char *slash = strrchr (place, '/');

      if (slash == NULL && place[0] == '\0')
        {
          *line = *column = 1;
          return;
        }
      if (slash != NULL)
        *slash = '\0';
      else
        place[0] = '\0';
    }
}

static void
checker_locate (MfChecker *checker, const char *path, gboolean key, guint *line,
                guint *column)
{
  if (checker->locator == NULL)
    checker->locator = mf_json_locator_new (checker->text, (gssize) checker->length);
  locate_path (checker->locator, path, key, line, column);
}

/* One problem at the value of `path` (or at its key, `on_key`). */
static void checker_vreport (MfChecker   *checker,
                             MfSeverity   severity,
                             MfErrorCode  code,
                             const char  *path,
                             gboolean     on_key,
                             const char  *format,
                             va_list      args) G_GNUC_PRINTF (6, 0);

static void
checker_vreport (MfChecker   *checker,
                 MfSeverity   severity,
                 MfErrorCode  code,
                 const char  *path,
                 gboolean     on_key,
                 const char  *format,
                 va_list      args)
{
  guint line, column;

  checker_locate (checker, path, on_key, &line, &column);
  mf_checker_add (checker, severity, code, line, column, g_strdup_vprintf (format, args));
}

void
mf_checker_report (MfChecker  *checker,
                   MfSeverity  severity,
                   MfErrorCode code,
                   const char *path,
                   const char *format,
                   ...)
{
  va_list args;

  va_start (args, format);
  checker_vreport (checker, severity, code, path, FALSE, format, args);
  va_end (args);
}

void
mf_checker_error (MfChecker *checker, const char *path, const char *format, ...)
{
  va_list args;

  va_start (args, format);
  checker_vreport (checker, MF_SEVERITY_ERROR, MF_ERROR_INVALID, path, FALSE, format, args);
  va_end (args);
}

void
mf_checker_error_at_key (MfChecker *checker, const char *path, const char *format, ...)
{
  va_list args;

  va_start (args, format);
  checker_vreport (checker, MF_SEVERITY_ERROR, MF_ERROR_INVALID, path, TRUE, format, args);
  va_end (args);
}

void
mf_checker_warn_key (MfChecker *checker, const char *path, const char *format, ...)
{
  va_list args;

  va_start (args, format);
  checker_vreport (checker, MF_SEVERITY_WARNING, MF_ERROR_INVALID, path, TRUE, format, args);
  va_end (args);
}

static void checker_vreport_in_string (MfChecker   *checker,
                                       MfErrorCode  code,
                                       const char  *path,
                                       gsize        offset,
                                       const char  *format,
                                       va_list      args) G_GNUC_PRINTF (5, 0);

static void
checker_vreport_in_string (MfChecker   *checker,
                           MfErrorCode  code,
                           const char  *path,
                           gsize        offset,
                           const char  *format,
                           va_list      args)
{
  guint line, column;

  checker_locate (checker, path, FALSE, &line, &column);
  mf_json_locator_find_in_string (checker->locator, path, offset, &line, &column);
  mf_checker_add (checker, MF_SEVERITY_ERROR, code, line, column,
                  g_strdup_vprintf (format, args));
}

void
mf_checker_syntax_in_string (MfChecker  *checker,
                             const char *path,
                             gsize       offset,
                             const char *format,
                             ...)
{
  va_list args;

  va_start (args, format);
  checker_vreport_in_string (checker, MF_ERROR_SYNTAX, path, offset, format, args);
  va_end (args);
}

void
mf_checker_error_in_string (MfChecker  *checker,
                            const char *path,
                            gsize       offset,
                            const char *format,
                            ...)
{
  va_list args;

  va_start (args, format);
  checker_vreport_in_string (checker, MF_ERROR_INVALID, path, offset, format, args);
  va_end (args);
}

gboolean
mf_checker_has_errors (const MfChecker *checker)
{
  for (guint i = 0; i < checker->findings->len; i++)
    if (g_array_index (checker->findings, MfFinding, i).diagnostic->severity
        == MF_SEVERITY_ERROR)
      return TRUE;
  return FALSE;
}

/* In the order of the text, as a reader goes through it; findings at one
 * place keep the order they were found in. */
static int
finding_compare (gconstpointer a, gconstpointer b)
{
  const MfFinding *x = a, *y = b;

  if (x->diagnostic->line != y->diagnostic->line)
    return x->diagnostic->line < y->diagnostic->line ? -1 : 1;
  if (x->diagnostic->column != y->diagnostic->column)
    return x->diagnostic->column < y->diagnostic->column ? -1 : 1;
  return x->sequence < y->sequence ? -1 : x->sequence > y->sequence;
}

/* --- reading the text ------------------------------------------------- */

static gboolean
check_encoding (MfChecker *checker)
{
  const char *end;
  gsize offset;
  guint line, column;

  if (g_utf8_validate (checker->text, (gssize) checker->length, &end))
    return TRUE;
  offset = (gsize) (end - checker->text);
  mf_json_text_position (checker->text, offset, &line, &column);
  if (checker->text[offset] == '\0')
    mf_checker_add (checker, MF_SEVERITY_ERROR, MF_ERROR_SYNTAX, line, column,
                    g_strdup (_("the text contains a NUL byte")));
  else
    mf_checker_add (checker, MF_SEVERITY_ERROR, MF_ERROR_SYNTAX, line, column,
                    g_strdup_printf (_("the text is not valid UTF-8 (byte 0x%02X)"),
                                     (guchar) checker->text[offset]));
  return FALSE;
}

/* The byte offset of the text's line `line` (1-based). */
static gsize
line_offset (const MfChecker *checker, guint line)
{
  gsize offset = 0;

  for (guint l = 1; l < line && offset < checker->length; offset++)
    if (checker->text[offset] == '\n')
      l++;
  return offset;
}

/* json-glib reports a string that runs to the end of the text as a problem
 * with the token before it ("unexpected character ','"): say what it is,
 * where it starts.  Only when nothing but space lies between the two, so an
 * earlier mistake keeps its own message. */
static gboolean
report_unterminated_string (MfChecker *checker, guint line, guint byte_column)
{
  gsize quote, offset = MIN (line_offset (checker, line) + byte_column, checker->length);
  guint column;

  if (mf_json_check_strings_closed (checker->text, checker->length, &quote))
    return FALSE;
  while (offset < quote && g_ascii_isspace (checker->text[offset]))
    offset++;
  if (offset != quote)
    return FALSE;
  mf_json_text_position (checker->text, quote, &line, &column);
  mf_checker_add (checker, MF_SEVERITY_ERROR, MF_ERROR_SYNTAX, line, column,
                  g_strdup (_("unterminated string: its closing quote is missing")));
  return TRUE;
}

/* json-glib 1.6 says "<data>:LINE:BYTE: Parse error: reason", where BYTE is
 * the byte position of the last character of the token at fault; the
 * finding gets the reason and the character column of the token's start. */
static void
report_json_error (MfChecker *checker, const GError *error)
{
  const char *reason = error->message;
  guint line = 1, byte_column = 1, column;
  g_autofree char *message = NULL;
  char *end;

  if (g_str_has_prefix (reason, "<data>:"))
    {
      line = MAX ((guint) g_ascii_strtoull (reason + 7, &end, 10), 1);
      if (*end == ':')
        byte_column = (guint) g_ascii_strtoull (end + 1, &end, 10);
      if (*end == ':')
        reason = end + 1;
      while (*reason == ' ')
        reason++;
    }
  if (report_unterminated_string (checker, line, byte_column))
    return;
  if (g_str_has_prefix (reason, "Parse error: "))
    reason += strlen ("Parse error: ");
  if (g_str_has_prefix (reason, "scanner: "))
    reason += strlen ("scanner: ");
  /* json-glib expects ']' even inside an object here */
  if (g_error_matches (error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_TRAILING_COMMA))
    reason = _("trailing comma: JSON allows no ',' after the last item");
  message = g_strdelimit (g_strdup (reason), "`", '\'');

  column = mf_json_text_column (checker->text, checker->length, line, byte_column);
  /* a word json-glib does not know: point at its first letter, not its last */
  if (g_str_has_prefix (message, "unexpected identifier '"))
    {
      const char *word = message + strlen ("unexpected identifier '");
      const char *quote = strchr (word, '\'');
      glong length = quote != NULL ? g_utf8_strlen (word, quote - word) : 0;

      if (length > 1 && (glong) column >= length)
        column -= (guint) length - 1;
    }
  /* json-glib's words may quote the text: an identifier, a character */
  mf_checker_add (checker, MF_SEVERITY_ERROR, MF_ERROR_SYNTAX, line, column,
                  mf_text_escape (message));
}

/* A document too large to read: at its start, the whole of it is at fault. */
static void
report_too_large (MfChecker *checker)
{
  mf_checker_add (checker, MF_SEVERITY_ERROR, MF_ERROR_INVALID, 1, 1,
                  /* Translators: %u is a number of mebibytes (MiB, 2^20 bytes) */
                  g_strdup_printf (_("the document is larger than %u MiB"),
                                   MF_DOCUMENT_MAX_SIZE >> 20));
}

/* The text's size, nesting, strings and number of values, against
 * docs/format.md, "Limits": before json-glib reads it, which would need the
 * stack for deep nesting and some 80 bytes per value. */
static gboolean
check_limits (MfChecker *checker)
{
  const MfJsonLimits limits = { MF_DOCUMENT_MAX_DEPTH, MF_DOCUMENT_MAX_STRING,
                                MF_DOCUMENT_MAX_ITEMS };
  MfErrorCode code = MF_ERROR_INVALID;
  gsize offset;
  guint line, column;
  char *message;

  if (checker->length > MF_DOCUMENT_MAX_SIZE)
    {
      report_too_large (checker);
      return FALSE;
    }
  switch (mf_json_check_limits (checker->text, checker->length, &limits, &offset))
    {
    case MF_JSON_WITHIN_LIMITS:
      return TRUE;
    case MF_JSON_TOO_DEEP:
      message = g_strdup_printf (_("arrays and objects nest deeper than %u levels"),
                                 MF_DOCUMENT_MAX_DEPTH);
      code = MF_ERROR_SYNTAX;
      break;
    case MF_JSON_STRING_TOO_LONG:
      message = g_strdup_printf (_("a string may be at most %u bytes long; this one is longer"),
                                 MF_DOCUMENT_MAX_STRING);
      break;
    case MF_JSON_TOO_MANY_ITEMS:
    default:
      message = g_strdup_printf (_("the document holds more than %u values and member names"),
                                 MF_DOCUMENT_MAX_ITEMS);
      break;
    }
  mf_json_text_position (checker->text, offset, &line, &column);
  mf_checker_add (checker, MF_SEVERITY_ERROR, code, line, column, message);
  return FALSE;
}

/* The parsed root, or NULL with a finding. */
static JsonNode *
read_json (MfChecker *checker)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  JsonNode *root;

  if (!check_limits (checker) || !check_encoding (checker))
    return NULL;
  if (!json_parser_load_from_data (parser, checker->text, (gssize) checker->length, &error))
    {
      report_json_error (checker, error);
      return NULL;
    }
  /* json-glib takes nothing but white space and comments for a document */
  root = json_parser_steal_root (parser);
  if (root == NULL)
    mf_checker_add (checker, MF_SEVERITY_ERROR, MF_ERROR_SYNTAX, 1, 1,
                    g_strdup (_("the document is empty")));
  return root;
}

/* Moves the findings, sorted, to `diagnostics`, and the first error to
 * `error`. */
static void
hand_over_findings (MfChecker *checker, const char *name, GPtrArray *diagnostics,
                    GError **error)
{
  gboolean failed = FALSE;

  g_array_sort (checker->findings, finding_compare);
  for (guint i = 0; i < checker->findings->len; i++)
    {
      MfFinding *finding = &g_array_index (checker->findings, MfFinding, i);

      if (!failed && finding->diagnostic->severity == MF_SEVERITY_ERROR)
        {
          g_autofree char *text = mf_diagnostic_format (finding->diagnostic, name);

          g_set_error_literal (error, MF_ERROR, finding->code, text);
          failed = TRUE;
        }
      if (diagnostics != NULL)
        g_ptr_array_add (diagnostics, g_steal_pointer (&finding->diagnostic));
    }
}

MfDocument *
mf_document_load_data (const char *data,
                       gssize      length,
                       const char *name,
                       GPtrArray  *diagnostics,
                       GError    **error)
{
  MfChecker checker;
  MfDocument *document = NULL;
  g_autoptr (JsonNode) root = NULL;
  gsize size;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  size = length < 0 ? strlen (data) : (gsize) length;
  mf_checker_init (&checker, data != NULL ? data : "", size);
  root = read_json (&checker);
  if (root != NULL)
    mf_document_check (&checker, root);

  if (!mf_checker_has_errors (&checker))
    {
      document = g_new0 (MfDocument, 1);
      document->name = g_strdup (name != NULL ? name : "<data>");
      document->text = g_strndup (checker.text, size);
      document->length = size;
      document->root = g_steal_pointer (&root);
      document->circuit = g_steal_pointer (&checker.circuit);
      document->plots = g_steal_pointer (&checker.plots);
    }
  hand_over_findings (&checker, name, diagnostics, error);
  mf_checker_clear (&checker);
  return document;
}

/* GLib's file errors read "Failed to … “PATH”: reason"; messages here name
 * the path themselves. */
static const char *
file_error_reason (const GError *error)
{
  const char *after_path = g_strrstr (error->message, "\xe2\x80\x9d: ");

  return after_path != NULL ? after_path + strlen ("\xe2\x80\x9d: ") : error->message;
}

/* The contents of `path`, but not much more than MF_DOCUMENT_MAX_SIZE
 * bytes: enough to know that a file is too large without reading all of
 * it (it may be a device that never ends).  *length is the file's size
 * when it is known to be too large without reading it. */
static char *
read_file (const char *path, gsize *length, GError **error)
{
  g_autoptr (GByteArray) contents = g_byte_array_new ();
  int fd = g_open (path, O_RDONLY, 0);
  int failure = fd < 0 ? errno : 0;
  struct stat info;

  if (failure == 0 && fstat (fd, &info) == 0 && S_ISREG (info.st_mode)
      && (guint64) info.st_size > MF_DOCUMENT_MAX_SIZE)
    {
      g_close (fd, NULL);
      *length = (gsize) MIN ((guint64) info.st_size, G_MAXSIZE);
      return g_strdup ("");
    }
  while (failure == 0 && contents->len <= MF_DOCUMENT_MAX_SIZE)
    {
      guint before = contents->len;
      gssize n;

      g_byte_array_set_size (contents, before + (1u << 16));
      n = read (fd, contents->data + before, 1u << 16);
      failure = n < 0 && errno != EINTR ? errno : 0;
      g_byte_array_set_size (contents, before + (guint) MAX (n, 0));
      if (n == 0)
        break;
    }
  if (fd >= 0)
    g_close (fd, NULL);
  if (failure != 0)
    {
      /* Translators: the first %s is a file, the second the reason */
      g_set_error (error, MF_ERROR, MF_ERROR_IO, _("cannot read %s: %s"), path,
                   g_strerror (failure));
      return NULL;
    }
  *length = contents->len;
  g_byte_array_append (contents, (const guint8 *) "", 1);
  return (char *) g_byte_array_free (g_steal_pointer (&contents), FALSE);
}

/* FALSE, with the loader's finding, when `size` bytes are too many. */
static gboolean
check_size (guint64 size, const char *name, GPtrArray *diagnostics, GError **error)
{
  MfChecker checker;

  if (size <= MF_DOCUMENT_MAX_SIZE)
    return TRUE;
  mf_checker_init (&checker, "", 0);
  report_too_large (&checker);
  hand_over_findings (&checker, name, diagnostics, error);
  mf_checker_clear (&checker);
  return FALSE;
}

MfDocument *
mf_document_load_file (const char *path, GPtrArray *diagnostics, GError **error)
{
  g_autofree char *contents = NULL;
  gsize length;

  g_return_val_if_fail (path != NULL, NULL);

  contents = read_file (path, &length, error);
  if (contents == NULL || !check_size (length, path, diagnostics, error))
    return NULL;
  return mf_document_load_data (contents, (gssize) length, path, diagnostics, error);
}

gboolean
mf_document_check_size (guint64 size, const char *name, GError **error)
{
  return check_size (size, name, NULL, error);
}

void
mf_document_free (MfDocument *document)
{
  if (document == NULL)
    return;
  g_free (document->name);
  g_free (document->text);
  json_node_unref (document->root);
  mf_circuit_free (document->circuit);
  g_clear_pointer (&document->plots, g_ptr_array_unref);
  mf_json_locator_free (document->locator);
  g_free (document);
}

const char *
mf_document_get_name (const MfDocument *document)
{
  return document->name;
}

const MfCircuit *
mf_document_get_circuit (const MfDocument *document)
{
  return document->circuit;
}

const MfPlotList *
mf_document_get_plot_list (const MfDocument *document)
{
  return document->plots;
}

/* Most documents are never asked where a component is, so the scan waits
 * for the first question; the once-guard keeps it safe from any thread. */
static const MfJsonLocator *
document_locator (const MfDocument *document)
{
  MfJsonLocator **slot = (MfJsonLocator **) &document->locator;

  if (g_once_init_enter (slot))
    g_once_init_leave (slot, mf_json_locator_new (document->text, (gssize) document->length));
  return *slot;
}

gboolean
mf_document_locate_component (const MfDocument *document,
                              const char       *id,
                              guint            *line,
                              guint            *column)
{
  JsonNode *components = json_object_get_member (json_node_get_object (document->root),
                                                 MF_KEY_COMPONENTS);
  JsonArray *array;

  g_return_val_if_fail (id != NULL && line != NULL && column != NULL, FALSE);

  if (components == NULL || !JSON_NODE_HOLDS_ARRAY (components))
    return FALSE;
  array = json_node_get_array (components);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);
      g_autofree char *path = NULL;
      const char *element_id;

      if (!JSON_NODE_HOLDS_OBJECT (element))
        continue;
      element_id = json_object_get_string_member_with_default (json_node_get_object (element),
                                                               MF_KEY_COMPONENT_ID, NULL);
      if (g_strcmp0 (element_id, id) != 0)
        continue;
      path = mf_json_path_index (MF_KEY_COMPONENTS, i);
      return mf_json_locator_find (document_locator (document), path, line, column);
    }
  return FALSE;
}

gboolean
mf_document_locate (const MfDocument *document, const char *path, guint *line, guint *column)
{
  g_return_val_if_fail (document != NULL && path != NULL, FALSE);

  return mf_json_locator_find (document_locator (document), path, line, column);
}

/* The path of what an error of mf_model_new_located() is about. */
static char *
fault_path (const MfDocument *document, const MfModelFault *fault, gboolean *key)
{
  *key = FALSE;
  /* the document loaded without an error: every component, initial value
   * and preferred state is in the circuit, in the order of the text */
  switch (fault->kind)
    {
    case MF_MODEL_FAULT_COMPONENT:
      /* a directional valve's path is not in the text: its valve is */
      return mf_json_path_index (MF_KEY_COMPONENTS, mf_spool_owner (document->circuit,
                                                                    fault->index));
    case MF_MODEL_FAULT_MODES:
      return g_strdup (MF_KEY_MODES);
    case MF_MODEL_FAULT_INITIAL:
      *key = TRUE;
      return mf_json_path_member (MF_KEY_INITIAL, g_array_index (document->circuit->initial,
                                                                 MfInitialValue,
                                                                 fault->index).name);
    case MF_MODEL_FAULT_PREFERRED:
      return mf_json_path_index (MF_KEY_PREFER_STATES, fault->index);
    case MF_MODEL_FAULT_CIRCUIT:
    default:
      return g_strdup (MF_KEY_COMPONENTS);
    }
}

MfModel *
mf_document_new_model (const MfDocument *document, GPtrArray *diagnostics, GError **error)
{
  g_autoptr (GError) local_error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;
  MfDiagnostic *diagnostic;
  MfModelFault fault;
  MfModel *model;
  gboolean key;

  g_return_val_if_fail (document != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  model = mf_model_new_located (document->circuit, &fault, &local_error);
  if (model != NULL)
    return model;
  diagnostic = g_new0 (MfDiagnostic, 1);
  diagnostic->severity = MF_SEVERITY_ERROR;
  diagnostic->message = g_strdup (local_error->message);
  path = fault_path (document, &fault, &key);
  locate_path (document_locator (document), path, key, &diagnostic->line, &diagnostic->column);
  text = mf_diagnostic_format (diagnostic, document->name);
  g_set_error_literal (error, MF_ERROR, local_error->code, text);
  if (diagnostics != NULL)
    g_ptr_array_add (diagnostics, diagnostic);
  else
    mf_diagnostic_free (diagnostic);
  return NULL;
}

/* --- writing -------------------------------------------------------- */

char *
mf_document_to_data (const MfDocument *document, gsize *length)
{
  return mf_json_to_text (document->root, length);
}

gboolean
mf_document_save (const MfDocument *document, const char *path, GError **error)
{
  g_autoptr (GError) local_error = NULL;
  g_autofree char *data = NULL;
  gsize length;

  g_return_val_if_fail (document != NULL && path != NULL, FALSE);

  data = mf_document_to_data (document, &length);
  /* g_file_set_contents writes a temporary file and renames it over `path`,
   * so a failed save leaves the old file whole */
  if (!g_file_set_contents (path, data, (gssize) length, &local_error))
    {
      /* Translators: the first %s is a file, the second the reason */
      g_set_error (error, MF_ERROR, MF_ERROR_IO, _("cannot write %s: %s"), path,
                   file_error_reason (local_error));
      return FALSE;
    }
  return TRUE;
}
