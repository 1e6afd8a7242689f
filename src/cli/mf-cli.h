/* mf-cli.h: what the commands of manifold-cli share — exit codes, option
 * parsing with usage errors, loading a document with its diagnostics, and
 * messages located in the document.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "mf-document.h"
#include "mf-model.h"
#include "mf-simulation.h"

G_BEGIN_DECLS

#define MF_CLI_NAME "manifold-cli"
/* How messages name a document read from standard input ("-"). */
#define MF_CLI_STDIN_NAME "<stdin>"

/* docs/cli.md lists these; scripts depend on them. */
typedef enum
{
  MF_EXIT_OK = 0,
  MF_EXIT_INVALID = 1,    /* the document cannot be read, loaded or assembled */
  MF_EXIT_SIMULATION = 2, /* the simulation failed */
  MF_EXIT_USAGE = 64,     /* bad command line (sysexits.h EX_USAGE) */
} MfExitCode;

/* Returned by mf_cli_parse() when the command should go on. */
#define MF_CLI_CONTINUE (-1)

typedef struct _MfCliCommand MfCliCommand;

struct _MfCliCommand
{
  const char *name;        /* "simulate" */
  const char *synopsis;    /* "FILE [--t-end T] ..." */
  const char *summary;     /* one line for `manifold-cli --help` */
  const char *description; /* the end of the command's --help, may be NULL */
  /* argv[0] is the command's name. */
  int       (*run) (const MfCliCommand *command,
                    int                 argc,
                    char              **argv);
};

int      mf_cli_validate (const MfCliCommand *command,
                          int                 argc,
                          char              **argv);
int      mf_cli_analyze (const MfCliCommand *command,
                         int                 argc,
                         char              **argv);
int      mf_cli_linearize (const MfCliCommand *command,
                           int                 argc,
                           char              **argv);
int      mf_cli_simulate (const MfCliCommand *command,
                          int                 argc,
                          char              **argv);
int      mf_cli_drift (const MfCliCommand *command,
                       int                 argc,
                       char              **argv);
int      mf_cli_plot (const MfCliCommand *command,
                      int                 argc,
                      char              **argv);

/* The columns `text` takes on a terminal: two for a wide character (CJK),
 * none for a combining mark, one for the others. */
guint    mf_cli_text_width (const char *text);
/* Appends `text` and spaces up to `width` columns. */
void     mf_cli_append_padded (GString    *out,
                               const char *text,
                               guint       width);

/* Writes to stderr as UTF-8, whatever the locale. */
void     mf_cli_printerr (const char *format,
                          ...) G_GNUC_PRINTF (1, 2);

/* Prints "manifold-cli: MESSAGE" and the command's usage line on stderr;
 * returns MF_EXIT_USAGE. */
int      mf_cli_usage_error (const MfCliCommand *command,
                             const char         *format,
                             ...) G_GNUC_PRINTF (2, 3);

/* The usage error of an output that names the document read: `option`
 * ("-o", "--events") would replace it.  Returns MF_EXIT_USAGE. */
int      mf_cli_output_is_input (const MfCliCommand *command,
                                 const char         *option,
                                 const char         *document);

/* Parses argv (argv[0] is the command's name) with `entries` and a --help of
 * its own, and takes the one FILE argument into *file (a newly allocated
 * string; with `file` NULL the command takes no argument).  Returns
 * MF_CLI_CONTINUE, or the exit code when the command is done: 0 after
 * printing --help, MF_EXIT_USAGE after a usage error. */
int      mf_cli_parse (const MfCliCommand *command,
                       const GOptionEntry *entries,
                       int                 argc,
                       char              **argv,
                       char              **file);
/* The same for a command that reads one or more files: *files gets them
 * (NULL-terminated), at least one, or a usage error. */
int      mf_cli_parse_files (const MfCliCommand *command,
                             const GOptionEntry *entries,
                             int                 argc,
                             char              **argv,
                             GStrv              *files);
/* The method `typed` names, in any case ("RK4"): its name, or NULL after
 * a usage error that suggests the one meant or lists them. */
const char *mf_cli_method (const MfCliCommand *command,
                           const char         *typed);

/* A flag's value as a finite number (plain, in SI): FALSE after printing a
 * usage error.  `minimum_exclusive`: the value must be > 0, else >= 0. */
gboolean mf_cli_parse_number (const MfCliCommand *command,
                              const char         *flag,
                              const char         *text,
                              gboolean            minimum_exclusive,
                              double             *value);

typedef struct
{
  MfDocument *document;
  MfModel    *model;
} MfCliInput;

/* Loads `path` and assembles it, printing every diagnostic on stderr
 * ("FILE:LINE:COL: message"; warnings unless `quiet`) and an assembly error
 * located at the component it names.  MF_EXIT_OK or MF_EXIT_INVALID. */
int      mf_cli_input_load (MfCliInput *input,
                            const char *path,
                            gboolean    quiet);
void     mf_cli_input_clear (MfCliInput *input);

/* Prints `message`, a finding of the analysis of mode `mode` (-1: of every
 * mode), on stderr as "FILE:LINE:COL: [warning: ]<prefix><message>": at the
 * first component the message names, else at the mode's name in the
 * document, else at its list of components.  `prefix` may be NULL. */
void     mf_cli_report (const MfDocument *document,
                        gboolean          warning,
                        int               mode,
                        const char       *prefix,
                        const char       *message);

/* Whether mf_simulate() takes `options`, built from the document's own
 * "simulation" settings alone; if not, prints why at the setting at fault,
 * as "FILE:LINE:COL: simulation: message", and returns FALSE. */
gboolean mf_cli_check_settings (const MfDocument          *document,
                                const MfSimulationOptions *options);

/* The index of the circuit's mode called `name`; -1 after printing a usage
 * error that lists the modes. */
int      mf_cli_find_mode (const MfCliCommand *command,
                           const MfCircuit    *circuit,
                           const char         *name);

/* The sample values (mf_simulate(): the outputs, then the switches when
 * `switches` is TRUE) named in `names`, a comma-separated list: a new array
 * of their guint indices, in the order given; NULL after printing a usage
 * error for an unknown name or an empty list. */
GArray  *mf_cli_choose_values (const MfCliCommand *command,
                               const MfModel      *model,
                               const char         *names,
                               gboolean            switches);
/* The same for the document's "outputs" (outputs and switches); NULL when
 * it has none, or after printing a usage error (the loader checked the
 * names, so only for a model of another circuit). */
GArray  *mf_cli_choose_document_values (const MfCliCommand *command,
                                        const MfModel      *model);

G_END_DECLS
