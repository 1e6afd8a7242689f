/* manifold-cli.c: the command line of Manifold — validate, analyze and
 * simulate circuit documents without a display.  Each command lives in its
 * own file (mf-cli-*.c); this one dispatches and answers --help, --version
 * and `methods`.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-cli.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "mf-error.h"
#include "mf-method.h"
#include "mf-suggest.h"

#ifndef MF_VERSION
#define MF_VERSION "unknown"
#endif

static int mf_cli_methods (const MfCliCommand *command,
                           int                 argc,
                           char              **argv);

/* The summaries and descriptions are translated where they are shown. */
static const MfCliCommand commands[] = {
  { "validate", "FILE…",
    N_("Check a circuit document and list its problems as FILE:LINE:COL: message"),
    N_("Also assembles the circuit and reduces every mode: what would stop a simulation is an\n"
       "error, what is only worth knowing (a redundant constraint, a port left open, a singular\n"
       "reduced mass matrix) a warning.  Prints 'FILE: ok (...)' on standard output when there\n"
       "is no error."),
    mf_cli_validate },
  { "analyze", "FILE [--mode NAME] [--json]",
    N_("Show the structure of every mode: W, rank, independent states, α, M̄, index, σ(W)"),
    NULL, mf_cli_analyze },
  { "linearize", "FILE [--mode NAME] [--at T] [--json]",
    N_("Linearise a mode at the start or at time T: eigenvalues, their states, stiffness"),
    N_("The state at T is the one a run of the document reaches there."),
    mf_cli_linearize },
  { "simulate", "FILE [--t-end T] [--method M] [--rtol R] [--atol A] [--step H] [--every DT] "
                "[-o OUT.csv|.mat|.h5] [--mat-version 5|7.3] [--series NAMES] [--events FILE] [--stats] "
                "[--quiet]",
    N_("Simulate the circuit and write the results as CSV, MAT or HDF5"),
    N_("Flags override the document's \"simulation\" settings; numbers are plain, in SI units.\n"
       "With -o the file is replaced atomically, in the format its name ends with (.mat, .h5,\n"
       ".hdf5; anything else is CSV); a run that fails still leaves the samples it computed\n"
       "there and says so.  Exit status 2 when the simulation fails."),
    mf_cli_simulate },
  { "plot", "FILE --series NAMES -o OUT.svg|png|pdf [--width W] [--height H] [--log-y] "
            "[--from T] [--to T] [--quiet]",
    N_("Simulate the circuit and plot chosen outputs against time"),
    N_("The modes of the run are shaded and labelled, the events (valve switches, mode changes)\n"
       "marked.  Width and height are pixels for PNG, points for SVG and PDF.  A run that fails\n"
       "still plots the samples it computed, and the exit status is 2."),
    mf_cli_plot },
  { "drift", "FILE [--mode NAME] [--from T] [--t-end T] [--samples N] [--method M] [--rtol R] "
             "[--atol A]",
    N_("Compare a mode of index 1 or 2 with its naive form: both constraint residuals as CSV"),
    N_("Both runs start from the same consistent state and use the same explicit method; the\n"
       "naive form integrates the derivatives of the hidden constraints instead of solving them.\n"
       "Columns: t, minimal.residual, naive.residual (the self-check's largest scaled\n"
       "residual).  Exit status 2 when the minimal-order run fails."),
    mf_cli_drift },
  { "methods", "", N_("List the integration methods"), NULL, mf_cli_methods },
};

static const MfCliCommand *
command_lookup (const char *name)
{
  /* the British spelling, which the help's own summary uses */
  if (strcmp (name, "analyse") == 0)
    name = "analyze";
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (strcmp (commands[i].name, name) == 0)
      return &commands[i];
  return NULL;
}

/* "unknown command 'simualte'; did you mean 'simulate'?", or the commands
 * there are. */
static int
unknown_command (const char *name)
{
  const char *names[G_N_ELEMENTS (commands) + 1];
  const char *meant;
  g_autofree char *list = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    names[i] = commands[i].name;
  names[G_N_ELEMENTS (commands)] = "help";
  meant = mf_suggest (name, names, G_N_ELEMENTS (names), TRUE);
  if (meant != NULL)
    return mf_cli_usage_error (NULL, _("unknown command '%s'; did you mean '%s'?"), name, meant);
  list = mf_suggest_list (names, G_N_ELEMENTS (names), G_N_ELEMENTS (names));
  return mf_cli_usage_error (NULL, _("unknown command '%s'; the commands are %s"), name, list);
}

static int
print_version (void)
{
  fputs (MF_CLI_NAME " " MF_VERSION "\n", stdout);
  return MF_EXIT_OK;
}

static int
mf_cli_methods (const MfCliCommand *command, int argc, char **argv)
{
  int status = mf_cli_parse (command, NULL, argc, argv, NULL);
  g_autoptr (GString) out = g_string_new (NULL);
  guint n_methods, label_width = 0;
  const MfMethod *methods;

  if (status != MF_CLI_CONTINUE)
    return status;
  methods = mf_method_list (&n_methods);
  for (guint i = 0; i < n_methods; i++)
    label_width = MAX (label_width, mf_cli_text_width (_(methods[i].label)));
  for (guint i = 0; i < n_methods; i++)
    {
      mf_cli_append_padded (out, methods[i].name, 9);
      mf_cli_append_padded (out, _(methods[i].label), label_width + 2);
      g_string_append (out, methods[i].implicit ? _("implicit") : _("explicit"));
      if (methods[i].needs_jacobian)
        /* Translators: appended to "implicit" in the list of methods */
        g_string_append (out, _(", uses the Jacobian"));
      if (methods[i].gsl == NULL)
        /* Translators: appended to "implicit" in the list of methods: IDA chooses its steps */
        g_string_append (out, _(", adaptive only"));
      else
        g_string_append (out, methods[i].adaptive ? _(", adaptive or fixed step")
                                                  : _(", fixed step only (--step)"));
      g_string_append_c (out, '\n');
    }
  fputs (out->str, stdout);
  return MF_EXIT_OK;
}

static int
print_help (void)
{
  g_autoptr (GString) out = g_string_new (NULL);

  g_string_append_printf (out, _("Usage: %s COMMAND [OPTION…] [FILE]\n"), MF_CLI_NAME);
  g_string_append_printf (out, "\n%s\n\n%s\n",
                          _("Validate, analyse and simulate Manifold circuit documents "
                            "(*.manifold)."),
                          _("Commands:"));
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_string_append (out, "  ");
      mf_cli_append_padded (out, commands[i].name, 10);
      g_string_append_printf (out, "%s\n", _(commands[i].summary));
    }
  g_string_append_printf (out, "\n%s\n", _("Options:"));
  g_string_append (out, "  -h, --help     ");
  g_string_append_printf (out, "%s\n", _("Show this help and exit"));
  g_string_append (out, "  -V, --version  ");
  g_string_append_printf (out, "%s\n\n", _("Show the version and exit"));
  g_string_append_printf (out, "%s\n", _("Exit status: 0 success, 1 invalid input, 2 the "
                                         "simulation failed, 64 usage error."));
  /* Translators: "Run 'manifold-cli COMMAND --help' for the options of a command." */
  g_string_append_printf (out, _("Run '%s COMMAND --help' for the options of a command.\n"),
                          MF_CLI_NAME);
  fputs (out->str, stdout);
  return MF_EXIT_OK;
}

static int
run_command (const MfCliCommand *command, int argc, char **argv)
{
  g_autofree char *prgname = g_strdup_printf ("%s %s", MF_CLI_NAME, command->name);

  /* GOptionContext's --help says "Usage: PRGNAME [OPTION…] FILE". */
  g_set_prgname (prgname);
  return command->run (command, argc, argv);
}

/* `manifold-cli help [COMMAND]` */
static int
help_command (int argc, char **argv)
{
  const MfCliCommand *command;
  char *help_argv[] = { NULL, (char *) "--help", NULL };

  if (argc < 3)
    return print_help ();
  command = command_lookup (argv[2]);
  if (command == NULL)
    return unknown_command (argv[2]);
  help_argv[0] = (char *) command->name;
  return run_command (command, 2, help_argv);
}

int
main (int argc, char **argv)
{
  const MfCliCommand *command;

  /* Messages in the user's language, numbers as C writes them: scripts read the
   * figures this prints (statistics, sample counts, times in messages). */
  setlocale (LC_ALL, "");
  setlocale (LC_NUMERIC, "C");
  /* MANIFOLD_LOCALEDIR: the catalogues of a build tree (build/po), for a
   * command run uninstalled and for the tests */
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("MANIFOLD_LOCALEDIR") != NULL
                                   ? g_getenv ("MANIFOLD_LOCALEDIR") : MF_LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  mf_init ();
  if (argc < 2)
    return mf_cli_usage_error (NULL,
                               _("missing COMMAND (validate, analyze, linearize, simulate, plot, drift or methods)"));
  if (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0)
    return print_help ();
  if (strcmp (argv[1], "help") == 0)
    return help_command (argc, argv);
  /* --version anywhere answers the version, as --help anywhere answers
   * the help of what precedes it */
  for (int i = 1; i < argc && strcmp (argv[i], "--") != 0; i++)
    if (strcmp (argv[i], "--version") == 0 || strcmp (argv[i], "-V") == 0)
      return print_version ();
  /* options may come before the command too: the command is the first
   * argument that names one */
  if (argv[1][0] == '-' && argv[1][1] != '\0')
    {
      int at = 2;

      while (at < argc && command_lookup (argv[at]) == NULL)
        at++;
      if (at == argc)
        return mf_cli_usage_error (NULL, _("missing COMMAND (validate, analyze, linearize, "
                                           "simulate, plot, drift or methods)"));
      {
        char *name = argv[at];

        memmove (argv + 2, argv + 1, (gsize) (at - 1) * sizeof *argv);
        argv[1] = name;
      }
    }
  command = command_lookup (argv[1]);
  if (command == NULL)
    return unknown_command (argv[1]);
  return run_command (command, argc - 1, argv + 1);
}
