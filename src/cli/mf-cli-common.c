/* mf-cli-common.c: option parsing, loading and located messages for every
 * command of manifold-cli.
 *
 * Output goes through stdio as UTF-8 bytes, never through g_print(), which
 * would transliterate "α" or an en dash in a C locale.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-cli.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "mf-document-keys.h"
#include "mf-error.h"
#include "mf-json-locate.h"
#include "mf-method.h"
#include "mf-simulation.h"
#include "mf-suggest.h"
#include "mf-text.h"

void
mf_cli_printerr (const char *format, ...)
{
  g_autofree char *text = NULL;
  va_list args;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  fputs (text, stderr);
}

guint
mf_cli_text_width (const char *text)
{
  guint width = 0;

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      width += g_unichar_iszerowidth (c) ? 0 : g_unichar_iswide (c) ? 2 : 1;
    }
  return width;
}

void
mf_cli_append_padded (GString *out, const char *text, guint width)
{
  g_string_append (out, text);
  for (guint i = mf_cli_text_width (text); i < width; i++)
    g_string_append_c (out, ' ');
}

int
mf_cli_usage_error (const MfCliCommand *command, const char *format, ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  mf_cli_printerr ("%s: %s\n", MF_CLI_NAME, message);
  if (command != NULL)
    /* Translators: the program, the command and its synopsis (options in English) */
    mf_cli_printerr (_("Usage: %s %s %s\n"), MF_CLI_NAME, command->name, command->synopsis);
  else
    mf_cli_printerr (_("Usage: %s COMMAND [OPTION…] [FILE]\n"), MF_CLI_NAME);
  /* Translators: "Try 'manifold-cli simulate --help' for more." */
  mf_cli_printerr (_("Try '%s%s%s --help' for more.\n"), MF_CLI_NAME, command ? " " : "",
                   command ? command->name : "");
  return MF_EXIT_USAGE;
}

int
mf_cli_output_is_input (const MfCliCommand *command, const char *option, const char *document)
{
  /* Translators: the first %s is an option ("-o", "--events"), the second a file */
  return mf_cli_usage_error (command, _("%s names the document being read, %s: writing there "
                                        "would replace it; give another file"),
                             option, document);
}

/* What is left after the options: the program name, then the arguments. */
static int
take_file (const MfCliCommand *command, char **args, char **file)
{
  guint n = g_strv_length (args);

  if (file == NULL)
    {
      if (n > 1)
        return mf_cli_usage_error (command, _("unexpected argument '%s'"), args[1]);
      return MF_CLI_CONTINUE;
    }
  if (n < 2)
    return mf_cli_usage_error (command, _("missing FILE argument"));
  if (n > 2)
    return mf_cli_usage_error (command, _("unexpected argument '%s'"), args[2]);
  *file = g_strdup (args[1]);
  return MF_CLI_CONTINUE;
}

static gboolean
takes_value (const GOptionEntry *entry)
{
  return entry->arg != G_OPTION_ARG_NONE;
}

/* The entry of "--name" or of the short letter, or NULL. */
static const GOptionEntry *
find_entry (const GOptionEntry *const *lists, const char *name, gsize length, char letter)
{
  for (guint l = 0; lists[l] != NULL; l++)
    for (const GOptionEntry *e = lists[l]; e->long_name != NULL; e++)
      if (name != NULL ? strlen (e->long_name) == length && strncmp (e->long_name, name, length) == 0
                       : e->short_name == letter && letter != 0)
        return e;
  return NULL;
}

/* "unknown option '--t-ned'; did you mean '--t-end'?", or the options. */
static int
unknown_option (const MfCliCommand *command, const GOptionEntry *const *lists, const char *typed)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *list = NULL;
  const char *meant;

  for (guint l = 0; lists[l] != NULL; l++)
    for (const GOptionEntry *e = lists[l]; e->long_name != NULL; e++)
      g_ptr_array_add (names, g_strconcat ("--", e->long_name, NULL));
  meant = mf_suggest (typed, (const char *const *) names->pdata, names->len, FALSE);
  if (meant != NULL)
    return mf_cli_usage_error (command, _("unknown option '%s'; did you mean '%s'?"), typed,
                               meant);
  list = mf_suggest_list ((const char *const *) names->pdata, names->len, names->len);
  return mf_cli_usage_error (command, _("unknown option '%s'; the options are %s"), typed, list);
}

/* Every option of `args` is one the command takes, with its value: the
 * messages GOptionContext would give, in our words and with a suggestion. */
static int
check_options (const MfCliCommand *command, const GOptionEntry *const *lists, char **args)
{
  for (guint i = 1; args[i] != NULL; i++)
    {
      const char *arg = args[i];
      const GOptionEntry *entry;

      if (strcmp (arg, "--") == 0)
        break;
      if (arg[0] != '-' || arg[1] == '\0')
        continue; /* FILE, or "-" for standard input */
      if (arg[1] == '-')
        {
          const char *equals = strchr (arg, '=');
          gsize length = equals != NULL ? (gsize) (equals - arg - 2) : strlen (arg + 2);
          g_autofree char *typed = g_strndup (arg, length + 2);

          entry = find_entry (lists, arg + 2, length, 0);
          if (entry == NULL)
            return unknown_option (command, lists, typed);
          if (takes_value (entry) && equals == NULL && args[i + 1] == NULL)
            /* Translators: an option, then what its value stands for ("T") */
            return mf_cli_usage_error (command, _("option '%s' needs a value (%s)"), typed,
                                       entry->arg_description != NULL ? entry->arg_description
                                                                      : "…");
          if (!takes_value (entry) && equals != NULL)
            return mf_cli_usage_error (command, _("option '%s' takes no value"), typed);
          if (takes_value (entry) && equals == NULL)
            i++;
          continue;
        }
      for (const char *p = arg + 1; *p != '\0'; p++)
        {
          char letter[3] = { '-', *p, '\0' };

          entry = find_entry (lists, NULL, 0, *p);
          if (entry == NULL)
            return unknown_option (command, lists, letter);
          if (!takes_value (entry))
            continue;
          if (p[1] == '\0' && args[i + 1] == NULL)
            return mf_cli_usage_error (command, _("option '%s' needs a value (%s)"), letter,
                                       entry->arg_description != NULL ? entry->arg_description
                                                                      : "…");
          if (p[1] == '\0')
            i++;
          break;
        }
    }
  return MF_CLI_CONTINUE;
}

/* The end of a command's --help: its description, and where the keys of
 * its JSON are documented when it writes JSON (a new string, or NULL). */
static char *
describe (const MfCliCommand *command, const GOptionEntry *entries)
{
  GString *text = g_string_new (command->description != NULL ? _(command->description) : NULL);

  for (const GOptionEntry *e = entries; e != NULL && e->long_name != NULL; e++)
    if (strcmp (e->long_name, "json") == 0)
      {
        if (text->len > 0)
          g_string_append (text, "  ");
        /* Translators: %s is the installed file of the documentation,
         * /usr/share/doc/manifold/cli.md */
        g_string_append_printf (text, _("The JSON keys are a stable contract, documented in %s."),
                                MF_DOCDIR "/cli.md");
      }
  return text->len > 0 ? g_string_free (text, FALSE) : (g_string_free (text, TRUE), NULL);
}

/* The options parsed into `entries`; *rest gets what is left (the
 * program's name, then the arguments).  `files` says whether the command
 * reads documents (for its usage line). */
static int
parse_options (const MfCliCommand *command,
               const GOptionEntry *entries,
               int                 argc,
               char              **argv,
               gboolean            files,
               GStrv              *rest)
{
  gboolean help = FALSE;
  const GOptionEntry help_entries[] = {
    { "help", 'h', 0, G_OPTION_ARG_NONE, &help, N_("Show this help and exit"), NULL },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr (GOptionContext) context
    = g_option_context_new (files && command->synopsis[0] != '\0' ? command->synopsis : NULL);
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) args = g_new0 (char *, argc + 1);

  for (int i = 0; i < argc; i++)
    args[i] = g_strdup (argv[i]);
  /* the entries' descriptions are N_() texts, translated by GLib */
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_help_enabled (context, FALSE);
  g_option_context_set_summary (context, _(command->summary));
  g_autofree char *description = describe (command, entries);
  g_option_context_set_description (context, description);
  const GOptionEntry *lists[] = { help_entries, entries, NULL };
  int status;

  if (entries != NULL)
    g_option_context_add_main_entries (context, entries, NULL);
  g_option_context_add_main_entries (context, help_entries, NULL);

  status = check_options (command, lists, args);
  if (status != MF_CLI_CONTINUE)
    return status;
  if (!g_option_context_parse_strv (context, &args, &error))
    return mf_cli_usage_error (command, "%s", error->message);
  if (help)
    {
      g_autofree char *text = g_option_context_get_help (context, TRUE, NULL);

      fputs (text, stdout);
      return MF_EXIT_OK;
    }
  *rest = g_steal_pointer (&args);
  return MF_CLI_CONTINUE;
}

int
mf_cli_parse (const MfCliCommand *command,
              const GOptionEntry *entries,
              int                 argc,
              char              **argv,
              char              **file)
{
  g_auto (GStrv) rest = NULL;
  int status = parse_options (command, entries, argc, argv, file != NULL, &rest);

  if (status != MF_CLI_CONTINUE)
    return status;
  return take_file (command, rest, file);
}

int
mf_cli_parse_files (const MfCliCommand *command,
                    const GOptionEntry *entries,
                    int                 argc,
                    char              **argv,
                    GStrv              *files)
{
  g_auto (GStrv) rest = NULL;
  int status = parse_options (command, entries, argc, argv, TRUE, &rest);

  if (status != MF_CLI_CONTINUE)
    return status;
  if (g_strv_length (rest) < 2)
    return mf_cli_usage_error (command, _("missing FILE argument"));
  *files = g_strdupv (rest + 1);
  return MF_CLI_CONTINUE;
}

gboolean
mf_cli_parse_number (const MfCliCommand *command,
                     const char         *flag,
                     const char         *text,
                     gboolean            minimum_exclusive,
                     double             *value)
{
  char *end = NULL;
  double number = g_ascii_strtod (text, &end);
  /* decimal only: not "0x1p-7", "inf" or "nan", which strtod reads too */
  gboolean plain = strspn (text, "0123456789+-.eE") == strlen (text);

  if (!plain || end == text || *end != '\0' || !isfinite (number))
    {
      /* Translators: "--t-end expects a plain number in SI units, not '2 s'" */
      mf_cli_usage_error (command, _("%s expects a plain number in SI units, not '%s'"), flag,
                          text);
      return FALSE;
    }
  if (minimum_exclusive ? !(number > 0) : !(number >= 0))
    {
      mf_cli_usage_error (command, minimum_exclusive ? _("%s must be positive, not %s")
                                                     : _("%s must be zero or positive, not %s"),
                          flag, text);
      return FALSE;
    }
  *value = number;
  return TRUE;
}

const char *
mf_cli_method (const MfCliCommand *command, const char *typed)
{
  g_autofree char *lower = g_ascii_strdown (typed, -1);
  const MfMethod *method = mf_method_lookup (lower);
  guint n;
  const MfMethod *methods = mf_method_list (&n);
  g_autofree const char **names = g_new (const char *, n);
  const char *meant;
  g_autofree char *list = NULL;

  if (method != NULL)
    return method->name;
  for (guint i = 0; i < n; i++)
    names[i] = methods[i].name;
  meant = mf_suggest (typed, names, n, TRUE);
  if (meant != NULL)
    mf_cli_usage_error (command, _("unknown method '%s'; did you mean '%s'?"), typed, meant);
  else
    {
      list = mf_method_names ();
      mf_cli_usage_error (command, _("unknown method '%s'; the methods are %s"), typed, list);
    }
  return NULL;
}

/* --- locating messages ------------------------------------------------- */

/* Ids hold no white space and no '.' (docs/format.md); these are the
 * characters that make a word longer ("P1" is not mentioned in "P10"). */
static gboolean
is_word_byte (char c)
{
  return g_ascii_isalnum (c) || c == '_' || c == '-' || (guchar) c >= 0x80;
}

/* The quotes of the messages in English and in their translations. */
static gboolean
is_quote (gunichar c)
{
  return c == '\'' || c == '"' || c == 0x00AB || c == 0x00BB || c == 0x2018 || c == 0x2019
         || c == 0x201C || c == 0x201D;
}

/* The first mention of `id` in `message`: quoted ('P1' or 'P1.v', or »P1«
 * and the like in a translation) when `quoted`, else as a word of its own
 * or the start of a port name (P1.b). */
static const char *
find_mention (const char *message, const char *id, gboolean quoted)
{
  gsize length = strlen (id);

  if (length == 0)
    return NULL;
  for (const char *p = strstr (message, id); p != NULL; p = strstr (p + 1, id))
    {
      char before = p > message ? p[-1] : ' ';
      char after = p[length];

      if (quoted && p > message
          && is_quote (g_utf8_get_char (g_utf8_find_prev_char (message, p)))
          && (after == '.' || (after != '\0' && is_quote (g_utf8_get_char (p + length)))))
        return p;
      if (!quoted && !is_word_byte (before) && before != '.' && !is_word_byte (after))
        return p;
    }
  return NULL;
}

/* What follows the name of a mode that starts `message` ("mode 'lift'", or
 * its translation): a mode may be named like a component. */
static const char *
skip_mode_name (const MfCircuit *circuit, const char *message)
{
  for (guint m = 0; m < circuit->modes->len; m++)
    {
      const char *name = ((MfMode *) circuit->modes->pdata[m])->name;
      g_autofree char *english = g_strdup_printf ("mode '%s'", name);
      g_autofree char *shown = g_strdup_printf (_("mode '%s'"), name);

      if (g_str_has_prefix (message, shown))
        return message + strlen (shown);
      if (g_str_has_prefix (message, english))
        return message + strlen (english);
    }
  return message;
}

/* The component a message is about: the first one it quotes, else the
 * first one it names in passing (a node "J1", a port "P1.b"); -1 if none. */
static int
find_component (const MfCircuit *circuit, const char *message)
{
  message = skip_mode_name (circuit, message);
  for (int pass = 0; pass < 2; pass++)
    {
      const char *first = NULL;
      int found = -1;

      for (guint c = 0; c < circuit->components->len; c++)
        {
          const MfComponent *component = g_ptr_array_index (circuit->components, c);
          const char *p = find_mention (message, component->id, pass == 0);

          if (p != NULL && (first == NULL || p < first))
            {
              first = p;
              found = (int) c;
            }
        }
      if (found >= 0)
        return found;
    }
  return -1;
}

/* The entry of prefer_states a message is about (it names the field and the
 * state), located; FALSE if none. */
static gboolean
locate_preferred (const MfDocument *document, const char *message, guint *line, guint *column)
{
  const MfCircuit *circuit = mf_document_get_circuit (document);

  if (strstr (message, MF_KEY_PREFER_STATES) == NULL)
    return FALSE;
  for (guint i = 0; i < circuit->preferred_states->len; i++)
    if (find_mention (message, circuit->preferred_states->pdata[i], FALSE) != NULL)
      {
        g_autofree char *path = mf_json_path_index (MF_KEY_PREFER_STATES, i);

        return mf_document_locate (document, path, line, column);
      }
  return FALSE;
}

/* Where a finding of mode `mode` (or of every mode, -1) that names no
 * component is placed: the mode's name, when the document lists modes;
 * else the components, which make the circuit. */
static void
locate_finding (const MfDocument *document, int mode, guint *line, guint *column)
{
  g_autofree char *modes = mf_json_path_index (MF_KEY_MODES, (guint) MAX (mode, 0));
  g_autofree char *name = mf_json_path_member (modes, MF_KEY_MODE_NAME);

  if (mode >= 0 && mf_document_locate (document, name, line, column))
    return;
  if (mf_document_locate (document, MF_KEY_COMPONENTS, line, column))
    return;
  *line = *column = 1;
}

void
mf_cli_report (const MfDocument *document,
               gboolean          warning,
               int               mode,
               const char       *prefix,
               const char       *message)
{
  const MfCircuit *circuit = mf_document_get_circuit (document);
  const char *name = mf_document_get_name (document);
  /* Translators: before a warning in "FILE:LINE:COL: warning: message" */
  const char *kind = warning ? _("warning: ") : "";
  int c = find_component (circuit, message);
  guint line, column;

  if (prefix == NULL)
    prefix = "";
  if (!locate_preferred (document, message, &line, &column)
      && (c < 0
          || !mf_document_locate_component (document,
                                            ((MfComponent *) circuit->components->pdata[c])->id,
                                            &line, &column)))
    locate_finding (document, mode, &line, &column);
  mf_cli_printerr ("%s:%u:%u: %s%s%s\n", name, line, column, kind, prefix, message);
}

gboolean
mf_cli_check_settings (const MfDocument *document, const MfSimulationOptions *options)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;
  const char *setting = NULL;
  guint line, column;

  if (mf_simulation_options_accept (options, &setting, &error))
    return TRUE;
  path = mf_json_path_member (MF_KEY_SIMULATION, setting != NULL ? setting : "");
  if (!mf_document_locate (document, path, &line, &column)
      && !mf_document_locate (document, MF_KEY_SIMULATION, &line, &column))
    line = column = 1;
  /* Translators: "FILE:LINE:COL: simulation: MESSAGE", about the document's simulation
   * settings */
  mf_cli_printerr (_("%s:%u:%u: simulation: %s\n"), mf_document_get_name (document), line, column,
                   error->message);
  return FALSE;
}

/* --- loading ----------------------------------------------------------- */

/* Every diagnostic, in the order of the text; TRUE if an error was among
 * them. */
static gboolean
print_diagnostics (const GPtrArray *diagnostics, const char *path, gboolean quiet)
{
  gboolean errors = FALSE;

  for (guint i = 0; i < diagnostics->len; i++)
    {
      const MfDiagnostic *diagnostic = g_ptr_array_index (diagnostics, i);
      g_autofree char *text = NULL;

      if (diagnostic->severity == MF_SEVERITY_ERROR)
        errors = TRUE;
      else if (quiet)
        continue;
      text = mf_diagnostic_format (diagnostic, path);
      mf_cli_printerr ("%s\n", text);
    }
  return errors;
}

/* The document on standard input ("-"), named "<stdin>" in messages. */
static MfDocument *
load_stdin (GPtrArray *diagnostics, GError **error)
{
  g_autoptr (GString) text = g_string_new (NULL);
  char buffer[65536];
  gsize n;

  while ((n = fread (buffer, 1, sizeof buffer, stdin)) > 0)
    {
      g_string_append_len (text, buffer, (gssize) n);
      if (!mf_document_check_size (text->len, MF_CLI_STDIN_NAME, error))
        return NULL;
    }
  if (ferror (stdin))
    {
      g_set_error (error, MF_ERROR, MF_ERROR_IO, _("cannot read standard input"));
      return NULL;
    }
  return mf_document_load_data (text->str, (gssize) text->len, MF_CLI_STDIN_NAME, diagnostics,
                                error);
}

int
mf_cli_input_load (MfCliInput *input, const char *path, gboolean quiet)
{
  g_autoptr (GPtrArray) diagnostics
    = g_ptr_array_new_with_free_func ((GDestroyNotify) mf_diagnostic_free);
  g_autoptr (GError) error = NULL;
  gboolean printed;

  memset (input, 0, sizeof *input);
  if (strcmp (path, "-") == 0)
    {
      input->document = load_stdin (diagnostics, &error);
      path = MF_CLI_STDIN_NAME;
    }
  else
    input->document = mf_document_load_file (path, diagnostics, &error);
  printed = print_diagnostics (diagnostics, path, quiet);
  if (input->document == NULL)
    {
      /* A file that cannot be read has no diagnostic, only the error. */
      if (!printed)
        mf_cli_printerr ("%s: %s\n", MF_CLI_NAME, error->message);
      return MF_EXIT_INVALID;
    }
  g_ptr_array_set_size (diagnostics, 0);
  input->model = mf_document_new_model (input->document, diagnostics, &error);
  if (input->model == NULL)
    {
      print_diagnostics (diagnostics, path, quiet);
      return MF_EXIT_INVALID;
    }
  return MF_EXIT_OK;
}

void
mf_cli_input_clear (MfCliInput *input)
{
  g_clear_pointer (&input->model, mf_model_free);
  g_clear_pointer (&input->document, mf_document_free);
}

int
mf_cli_find_mode (const MfCliCommand *command, const MfCircuit *circuit, const char *name)
{
  int mode = mf_circuit_find_mode (circuit, name);
  g_autofree char *shown = NULL;
  GString *modes;

  g_autofree const char **names = NULL;
  const char *meant;

  if (mode >= 0)
    return mode;
  names = g_new (const char *, MAX (circuit->modes->len, 1));
  modes = g_string_new (NULL);
  for (guint m = 0; m < circuit->modes->len; m++)
    {
      names[m] = ((MfMode *) circuit->modes->pdata[m])->name;
      g_string_append_printf (modes, "%s'%s'", m > 0 ? ", " : "", names[m]);
    }
  shown = mf_text_escape (name);
  meant = mf_suggest (name, names, circuit->modes->len, TRUE);
  if (meant != NULL)
    mf_cli_usage_error (command, _("the circuit has no mode '%s'; did you mean '%s'?"), shown,
                        meant);
  else
    mf_cli_usage_error (command, _("the circuit has no mode '%s'; its modes are %s"), shown,
                        modes->str);
  g_string_free (modes, TRUE);
  return -1;
}

/* "no output called 'C1.y'; did you mean 'C1.x'?", or the outputs there
 * are (the first of them). */
static void
unknown_value (const MfCliCommand *command, const MfModel *model, GHashTable *known,
               const char *typed, gboolean switches)
{
  guint n = g_hash_table_size (known), shown_n = 0;
  g_autofree const char **names = g_new0 (const char *, MAX (n, 1));
  g_autofree char *shown = mf_text_escape (typed);
  g_autofree char *list = NULL;
  GHashTableIter iter;
  gpointer key, value;
  const char *meant;

  /* in the order of a sample, as the CSV header lists them */
  g_hash_table_iter_init (&iter, known);
  while (g_hash_table_iter_next (&iter, &key, &value))
    names[GPOINTER_TO_UINT (value) - 1] = key;
  for (guint i = 0; i < n; i++)
    if (names[i] != NULL && (switches || i < mf_model_n_outputs (model)))
      names[shown_n++] = names[i];
  meant = mf_suggest (typed, names, shown_n, FALSE);
  if (meant != NULL)
    {
      mf_cli_usage_error (command, _("no output called '%s'; did you mean '%s'?"), shown, meant);
      return;
    }
  list = mf_suggest_list (names, shown_n, 12);
  mf_cli_usage_error (command, _("no output called '%s'; the outputs are %s"), shown, list);
}

/* The values `names` lists (empty names skipped), in its order. */
static GArray *
choose_listed (const MfCliCommand *command,
               const MfModel      *model,
               const char *const  *names,
               guint               n_names,
               gboolean            switches)
{
  g_autoptr (GHashTable) known = mf_simulation_value_names (model);
  g_autoptr (GArray) chosen = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; i < n_names; i++)
    {
      guint index = GPOINTER_TO_UINT (g_hash_table_lookup (known, names[i]));

      /* time and the mode are in every file: asking for them is no error */
      if (names[i][0] == '\0' || strcmp (names[i], "t") == 0
          || strcmp (names[i], "solver.mode") == 0)
        continue;
      if (index == 0 || (!switches && index > mf_model_n_outputs (model)))
        {
          unknown_value (command, model, known, names[i], switches);
          return NULL;
        }
      index--;
      g_array_append_val (chosen, index);
    }
  if (chosen->len == 0)
    {
      mf_cli_usage_error (command, _("--series names no output"));
      return NULL;
    }
  return g_steal_pointer (&chosen);
}

GArray *
mf_cli_choose_values (const MfCliCommand *command,
                      const MfModel      *model,
                      const char         *names,
                      gboolean            switches)
{
  g_auto (GStrv) list = g_strsplit (names, ",", -1);

  for (guint i = 0; list[i] != NULL; i++)
    g_strstrip (list[i]);
  return choose_listed (command, model, (const char *const *) list, g_strv_length (list),
                        switches);
}

GArray *
mf_cli_choose_document_values (const MfCliCommand *command, const MfModel *model)
{
  const GPtrArray *outputs = mf_model_get_circuit (model)->simulation.outputs;

  if (outputs == NULL)
    return NULL;
  return choose_listed (command, model, (const char *const *) outputs->pdata, outputs->len, TRUE);
}
