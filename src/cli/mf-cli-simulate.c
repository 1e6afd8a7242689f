/* mf-cli-simulate.c: `manifold-cli simulate FILE [...]` — runs the
 * document's simulation, flags overriding its "simulation" settings, and
 * writes the samples as CSV to standard output or to a file, or as MAT or
 * HDF5 when the file's name says so (mf-results.h), and the run's event log (valve switches, scheduled mode changes, the
 * Newton solver's SVD fallbacks) to a CSV file of its own and with the
 * statistics.
 *
 * Both files are checked before the run and written atomically through
 * mf-output-file.h: into a temporary file beside them, renamed over them at
 * the end ("-" is standard output).  A run that fails still puts the samples
 * it computed in OUT (people want to see what led to the failure) and says
 * so; a run that fails before its first sample, or whose writing fails, or
 * that is killed, leaves OUT as it was.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-cli.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "mf-results.h"
#include "mf-error.h"
#include "mf-event-words.h"
#include "mf-method.h"
#include "mf-output-file.h"
#include "mf-simulation.h"

typedef struct
{
  char    *t_end;
  char    *method;
  char    *rtol;
  char    *atol;
  char    *step;
  char    *every;
  char    *output;
  char    *events;
  char    *series;
  char    *mat_version;
  gboolean stats;
  gboolean quiet;
} MfSimulateFlags;

/* The numeric flags, NAN when not given. */
typedef struct
{
  double t_end;
  double rtol;
  double atol;
  double step;
  double every;
} MfOverrides;

/* Where the samples and the event log go (the event log: NULL without
 * --events), and the samples' format. */
typedef struct
{
  MfOutputFile   *csv;
  MfOutputFile   *events;
  MfResultsFormat format;
  gboolean        mat73;
} MfOutputs;

typedef struct
{
  MfModel         *model;
  GArray          *chosen; /* guint: the sample values written (--series), or NULL: all */
  double          *row;    /* the chosen values of one sample */
  MfResultsWriter *writer; /* its columns named at the first sample */
  GError          *write_error;
  guint64        n_samples;
  double         last_t;
} MfSampleSink;

/* One entry of the event log (mf-simulation.h, MfEventFunc).  The file of
 * events is read by programs and stays in English; --stats shows the rows to
 * people, in their language. */
typedef struct
{
  double t;
  char  *component;
  char  *from;
  char  *to;
  char  *shown_from; /* a row of SVD fallbacks in the user's language, else NULL */
  char  *shown_to;
} MfLoggedEvent;

static void
flags_clear (MfSimulateFlags *flags)
{
  g_free (flags->t_end);
  g_free (flags->method);
  g_free (flags->rtol);
  g_free (flags->atol);
  g_free (flags->step);
  g_free (flags->every);
  g_free (flags->output);
  g_free (flags->events);
  g_free (flags->series);
  g_free (flags->mat_version);
}

/* Every flag is checked on its own before the document is read: a bad
 * value is a usage error whatever the document says. */
static gboolean
parse_overrides (const MfCliCommand *command, MfSimulateFlags *flags, MfOverrides *o)
{
  const struct
  {
    const char *flag;
    const char *text;
    gboolean    positive;
    double     *value;
  } numbers[] = {
    { "--t-end", flags->t_end, TRUE, &o->t_end },
    { "--rtol", flags->rtol, TRUE, &o->rtol },
    { "--atol", flags->atol, TRUE, &o->atol },
    { "--step", flags->step, FALSE, &o->step },
    { "--every", flags->every, TRUE, &o->every },
  };

  for (guint i = 0; i < G_N_ELEMENTS (numbers); i++)
    {
      *numbers[i].value = NAN;
      if (numbers[i].text != NULL
          && !mf_cli_parse_number (command, numbers[i].flag, numbers[i].text,
                                   numbers[i].positive, numbers[i].value))
        return FALSE;
    }
  if (flags->method != NULL)
    {
      const char *name = mf_cli_method (command, flags->method);

      if (name == NULL)
        return FALSE;
      /* "RK4" is rk4 */
      g_free (flags->method);
      flags->method = g_strdup (name);
    }
  return TRUE;
}

static gboolean
overrides_any (const MfSimulateFlags *flags, const MfOverrides *o)
{
  return flags->method != NULL || !isnan (o->t_end) || !isnan (o->rtol) || !isnan (o->atol)
         || !isnan (o->step) || !isnan (o->every);
}

/* A document without an output interval samples t_end / 1000: the t_end of
 * the run, also when --t-end changed it. */
static void
options_build (MfSimulationOptions   *options,
               const MfCircuit       *circuit,
               const MfSimulateFlags *flags,
               const MfOverrides     *o)
{
  mf_simulation_options_from_circuit (options, circuit);
  if (flags->method != NULL)
    options->method = flags->method;
  if (!isnan (o->t_end))
    options->t_end = o->t_end;
  if (!isnan (o->rtol))
    options->rtol = o->rtol;
  if (!isnan (o->atol))
    options->atol = o->atol;
  if (!isnan (o->step))
    options->step = o->step;
  if (!isnan (o->every))
    options->output_interval = o->every;
  else if (!(circuit->simulation.output_interval > 0))
    options->output_interval = options->t_end / 1000.0;
}

/* --- output ------------------------------------------------------------ */

/* The destinations of -o (standard output without it) and --events, checked
 * before anything runs: a file that is not a regular one is refused (exit 1),
 * and so are an output that is the document itself and two outputs that are
 * one file (exit 64: they would overwrite it, or each other). */
static int
outputs_check (const MfCliCommand    *command,
               const char            *document,
               const MfSimulateFlags *flags,
               MfOutputs             *outputs)
{
  g_autoptr (GError) error = NULL;

  outputs->csv = mf_output_file_new (flags->output != NULL ? flags->output : "-", &error);
  if (outputs->csv != NULL && flags->events != NULL)
    outputs->events = mf_output_file_new (flags->events, &error);
  if (error != NULL)
    {
      mf_cli_printerr ("%s: %s\n", MF_CLI_NAME, error->message);
      return MF_EXIT_INVALID;
    }
  outputs->format = mf_results_format_for_path (flags->output != NULL ? flags->output : "-");
  if (flags->mat_version != NULL)
    {
      if (strcmp (flags->mat_version, "5") != 0 && strcmp (flags->mat_version, "7.3") != 0)
        return mf_cli_usage_error (command, _("unknown MAT version '%s'; the versions are 5 "
                                              "and 7.3"),
                                   flags->mat_version);
      if (outputs->format != MF_RESULTS_MAT)
        return mf_cli_usage_error (command, _("--mat-version needs -o FILE.mat"));
      outputs->mat73 = strcmp (flags->mat_version, "7.3") == 0;
    }
  if (mf_output_file_is_path (outputs->csv, document))
    return mf_cli_output_is_input (command, "-o", document);
  if (outputs->events != NULL && mf_output_file_is_path (outputs->events, document))
    return mf_cli_output_is_input (command, "--events", document);
  if (outputs->events == NULL || !mf_output_file_same (outputs->csv, outputs->events))
    return MF_CLI_CONTINUE;
  if (mf_output_file_is_stdout (outputs->csv))
    return mf_cli_usage_error (command, _("the CSV and the events cannot both go to standard "
                                          "output: give --events a file"));
  return mf_cli_usage_error (command, _("-o and --events name the same file, %s: give them "
                                        "different ones"),
                             mf_output_file_get_name (outputs->events));
}

static void
outputs_clear (MfOutputs *outputs)
{
  g_clear_pointer (&outputs->csv, mf_output_file_free);
  g_clear_pointer (&outputs->events, mf_output_file_free);
}

/* The columns: the chosen values only (all without a choice), units from
 * the model. */
static gboolean
sink_begin (MfSampleSink *sink)
{
  guint n_outputs = mf_model_n_outputs (sink->model);
  guint n = sink->chosen != NULL ? sink->chosen->len
                                 : n_outputs + mf_simulation_n_switches (sink->model);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) units = g_ptr_array_new ();

  for (guint i = 0; i < n; i++)
    {
      guint value = sink->chosen != NULL ? g_array_index (sink->chosen, guint, i) : i;

      if (value < n_outputs)
        {
          g_ptr_array_add (names, g_strdup (mf_model_output_name (sink->model, value)));
          g_ptr_array_add (units, (gpointer) mf_model_output_unit (sink->model, value));
        }
      else
        {
          g_ptr_array_add (names, mf_simulation_switch_name (sink->model, value - n_outputs));
          g_ptr_array_add (units, NULL);
        }
    }
  return mf_results_writer_begin (sink->writer, n, (const char *const *) names->pdata,
                                  (const char *const *) units->pdata, &sink->write_error);
}

static gboolean
sink_sample (double t, guint mode, const double *outputs, gpointer data)
{
  MfSampleSink *sink = data;

  if (sink->n_samples == 0 && !sink_begin (sink))
    return FALSE;
  if (sink->chosen != NULL)
    {
      for (guint i = 0; i < sink->chosen->len; i++)
        sink->row[i] = outputs[g_array_index (sink->chosen, guint, i)];
      outputs = sink->row;
    }
  if (!mf_results_writer_add (sink->writer, t, mode, outputs, &sink->write_error))
    return FALSE;
  sink->n_samples++;
  sink->last_t = t;
  return TRUE;
}

/* Writes the rows still buffered and the event log (MAT, HDF5) and puts the
 * file in place when there is anything to show; FALSE with the error when
 * writing failed. */
static gboolean
sink_finish (MfSampleSink *sink, const GArray *log, MfOutputFile *out, GError **error)
{
  gboolean ok = TRUE;

  if (sink->write_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&sink->write_error));
      ok = FALSE;
    }
  else if (sink->n_samples > 0)
    {
      for (guint i = 0; i < log->len; i++)
        {
          const MfLoggedEvent *event = &g_array_index (log, MfLoggedEvent, i);

          mf_results_writer_add_event (sink->writer, event->t, event->component, event->from,
                                       event->to);
        }
      ok = mf_results_writer_close (sink->writer, error) && mf_output_file_commit (out, error);
    }
  g_clear_pointer (&sink->writer, mf_results_writer_free);
  return ok;
}

/* --- the event log ------------------------------------------------------ */

static void
logged_event_clear (gpointer data)
{
  MfLoggedEvent *event = data;

  g_free (event->component);
  g_free (event->from);
  g_free (event->to);
  g_free (event->shown_from);
  g_free (event->shown_to);
}

static void
log_event (double t, const char *component, const char *from, const char *to, gpointer data)
{
  GArray *log = data;
  MfLoggedEvent event = { t, g_strdup (component), g_strdup (from), g_strdup (to), NULL, NULL };

  g_array_append_val (log, event);
}

/* Event times are located to about a picosecond: 15 digits show that. */
static const char *
format_time (char *buffer, gsize size, double t)
{
  return g_ascii_formatd (buffer, (int) size, "%.15g", t);
}

/* A run of SVD fallbacks as a row of the log: "newton", what Newton met,
 * what it did about it — how often, and until when.  These words are the
 * file's (docs/cli.md), in English for the programs that read it; the same
 * row shown by --stats is in the user's language (shown_from, shown_to). */
static void
log_fallbacks (const MfSvdFallbacks *fallbacks, gpointer data)
{
  GArray *log = data;
  char until[G_ASCII_DTOSTR_BUF_SIZE];
  MfLoggedEvent event = { fallbacks->t_first, g_strdup ("newton"), NULL, NULL, NULL, NULL };
  gulong n = (gulong) MIN (fallbacks->steps, G_MAXULONG);

  mf_event_fallback_row (fallbacks->states, fallbacks->steps, fallbacks->t_first,
                         fallbacks->t_last, &event.from, &event.to);
  /* Translators: an event listed by --stats; %s names the states, "O2.v, O1.v" */
  event.shown_from = g_strdup_printf (_("Jacobian of %s rank-deficient"), fallbacks->states);
  if (fallbacks->t_last > fallbacks->t_first)
    {
      format_time (until, sizeof until, fallbacks->t_last);
      /* Translators: what Newton did about a rank-deficient Jacobian, and up to
       * which simulation time: "3 SVD minimum-norm steps until 0.25 s" */
      event.shown_to = g_strdup_printf (g_dngettext (NULL, "%lu SVD minimum-norm step until %s s",
                                                     "%lu SVD minimum-norm steps until %s s", n),
                                        n, until);
    }
  else
    event.shown_to = g_strdup_printf (g_dngettext (NULL, "%lu SVD minimum-norm step",
                                                   "%lu SVD minimum-norm steps", n),
                                      n);
  g_array_append_val (log, event);
}

/* RFC 4180, as the samples' CSV: a mode's name may hold a comma or a quote. */
static void
append_csv_field (GString *line, const char *field)
{
  if (strpbrk (field, ",\"\r\n") == NULL)
    {
      g_string_append (line, field);
      return;
    }
  g_string_append_c (line, '"');
  for (const char *c = field; *c != '\0'; c++)
    {
      if (*c == '"')
        g_string_append_c (line, '"');
      g_string_append_c (line, *c);
    }
  g_string_append_c (line, '"');
}

/* The log as CSV, `t [s],component,from,to`, replacing the file atomically. */
static gboolean
events_write (const GArray *log, MfOutputFile *out, GError **error)
{
  GOutputStream *stream;
  g_autoptr (GString) text = g_string_new ("t [s],component,from,to\n");

  for (guint i = 0; i < log->len; i++)
    {
      const MfLoggedEvent *event = &g_array_index (log, MfLoggedEvent, i);
      char t[G_ASCII_DTOSTR_BUF_SIZE];

      g_string_append (text, format_time (t, sizeof t, event->t));
      g_string_append_c (text, ',');
      append_csv_field (text, event->component);
      g_string_append_c (text, ',');
      append_csv_field (text, event->from);
      g_string_append_c (text, ',');
      append_csv_field (text, event->to);
      g_string_append_c (text, '\n');
    }
  stream = mf_output_file_open (out, error);
  return stream != NULL
         && g_output_stream_write_all (stream, text->str, text->len, NULL, NULL, error)
         && mf_output_file_commit (out, error);
}

static void
print_events (const GArray *log)
{
  if (log->len == 0)
    return;
  mf_cli_printerr ("%s\n", _("events:"));
  for (guint i = 0; i < log->len; i++)
    {
      const MfLoggedEvent *event = &g_array_index (log, MfLoggedEvent, i);
      char t[G_ASCII_DTOSTR_BUF_SIZE];

      const char *from = event->shown_from != NULL ? event->shown_from
                                                   : mf_event_word (event->from);
      const char *to = event->shown_to != NULL ? event->shown_to : mf_event_word (event->to);

      mf_cli_printerr ("  %s s  %s  %s → %s\n", format_time (t, sizeof t, event->t),
                       event->component, from, to);
    }
}

/* --- messages ---------------------------------------------------------- */

static int
report_failure (const MfCliCommand *command,
                const char         *file,
                const GError       *error,
                gboolean            overridden)
{
  if (g_error_matches (error, MF_ERROR, MF_ERROR_USAGE))
    {
      if (overridden)
        return mf_cli_usage_error (command, "%s", error->message);
      /* Translators: "manifold-cli: FILE: simulation settings: MESSAGE" */
      mf_cli_printerr (_("%s: %s: simulation settings: %s\n"), MF_CLI_NAME, file,
                       error->message);
      return MF_EXIT_INVALID;
    }
  /* mf_simulate() names the simulation time in every failure: "at t = …" */
  /* Translators: "manifold-cli: FILE: the simulation failed at t = 0.2 s: …" */
  mf_cli_printerr (_("%s: %s: the simulation failed %s\n"), MF_CLI_NAME, file, error->message);
  return MF_EXIT_SIMULATION;
}

static void
report_samples (const MfOutputFile *out, const MfSampleSink *sink, gboolean failed, gboolean quiet)
{
  const char *where = mf_output_file_get_name (out);
  gboolean to_file = !mf_output_file_is_stdout (out);
  gulong n = (gulong) MIN (sink->n_samples, G_MAXULONG);

  if (failed && sink->n_samples > 0)
    mf_cli_printerr (g_dngettext (NULL, "%s: the %lu sample computed up to t = %.10g s was "
                                  "written to %s\n",
                                  "%s: the %lu samples computed up to t = %.10g s were "
                                  "written to %s\n", n),
                     MF_CLI_NAME, n, sink->last_t, where);
  else if (failed && to_file)
    mf_cli_printerr (_("%s: %s was not written\n"), MF_CLI_NAME, where);
  else if (!failed && !quiet && to_file)
    mf_cli_printerr (g_dngettext (NULL, "%s: wrote %lu sample (t = 0 to %.10g s) to %s\n",
                                  "%s: wrote %lu samples (t = 0 to %.10g s) to %s\n", n),
                     MF_CLI_NAME, n, sink->last_t, where);
}

static void
print_stats (const MfSimulationStats *stats)
{
  const struct
  {
    const char *label;
    char       *value;
  } rows[] = {
    { N_("steps"), g_strdup_printf ("%" G_GUINT64_FORMAT, stats->steps) },
    { N_("rejected steps"), g_strdup_printf ("%" G_GUINT64_FORMAT, stats->rejected_steps) },
    { N_("rhs evaluations"), g_strdup_printf ("%" G_GUINT64_FORMAT, stats->rhs_evaluations) },
    { N_("jacobian evaluations"),
      g_strdup_printf ("%" G_GUINT64_FORMAT, stats->jacobian_evaluations) },
    { N_("mode switches"), g_strdup_printf ("%u", stats->mode_switches) },
    { N_("valve events"), g_strdup_printf ("%u", stats->valve_events) },
    { N_("energy lost"), g_strdup_printf ("%.6g J", stats->energy_lost) },
    { N_("energy lost at the start"), g_strdup_printf ("%.6g J", stats->start_energy_lost) },
    { N_("newton iterations"), g_strdup_printf ("%" G_GUINT64_FORMAT, stats->newton_iterations) },
    { N_("svd fallbacks"), g_strdup_printf ("%" G_GUINT64_FORMAT, stats->svd_steps) },
    { N_("largest residual"), g_strdup_printf ("%.3g", stats->residual) },
    { N_("steps retried"), g_strdup_printf ("%" G_GUINT64_FORMAT, stats->check_retries) },
    { N_("wall time"), g_strdup_printf ("%.6g s", stats->wall_time) },
  };
  g_autoptr (GString) out = g_string_new (NULL);
  guint width = 20;

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    width = MAX (width, mf_cli_text_width (_(rows[i].label)));
  g_string_append_printf (out, "%s\n", _("statistics:"));
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      /* the values in one column, whatever the language */
      g_string_append (out, "  ");
      mf_cli_append_padded (out, _(rows[i].label), width + 2);
      g_string_append_printf (out, "%s\n", rows[i].value);
      g_free (rows[i].value);
    }
  mf_cli_printerr ("%s", out->str);
}

/* --- the command ------------------------------------------------------- */

/* What the run says without stopping (initial values projected onto the
 * constraints): a warning on standard error, unless --quiet. */
static void
print_notice (double t, const char *message, gpointer data)
{
  const char *file = data;

  /* Translators: the first %s is the program, the second the file, %.9g a time in seconds and
   * the last %s what happened there */
  mf_cli_printerr (_("%s: %s: warning: at t = %.9g s: %s\n"), MF_CLI_NAME, file, t, message);
}

static int
simulate_run (const MfCliCommand    *command,
              const char            *file,
              MfCliInput            *input,
              const MfSimulateFlags *flags,
              const MfOverrides     *overrides,
              MfOutputs             *outputs)
{
  const MfCircuit *circuit = mf_document_get_circuit (input->document);
  g_autoptr (GError) error = NULL;
  g_autoptr (GError) write_error = NULL;
  g_autoptr (GError) events_error = NULL;
  MfSimulationOptions options;
  MfSimulationStats stats;
  MfSampleSink sink = { 0 };
  MfResultsInfo info = { 0 };
  g_autoptr (GArray) log = g_array_new (FALSE, FALSE, sizeof (MfLoggedEvent));
  gboolean ok;
  int status = MF_EXIT_OK;

  g_array_set_clear_func (log, logged_event_clear);
  options_build (&options, circuit, flags, overrides);
  options.event = log_event;
  options.event_data = log;
  options.fallback = log_fallbacks;
  options.fallback_data = log;
  options.notice = flags->quiet ? NULL : print_notice;
  options.notice_data = (gpointer) file;
  /* settings of the document alone that cannot run are its fault, placed in it */
  if (!overrides_any (flags, overrides) && !mf_cli_check_settings (input->document, &options))
    return MF_EXIT_INVALID;
  /* --series, else the document's "outputs", else everything */
  if (flags->series != NULL)
    {
      sink.chosen = mf_cli_choose_values (command, input->model, flags->series, TRUE);
      if (sink.chosen == NULL)
        return MF_EXIT_USAGE;
    }
  else if (circuit->simulation.outputs != NULL)
    {
      sink.chosen = mf_cli_choose_document_values (command, input->model);
      if (sink.chosen == NULL)
        return MF_EXIT_INVALID;
    }
  if (sink.chosen != NULL)
    sink.row = g_new0 (double, sink.chosen->len);
  info.producer = "Manifold " MF_VERSION;
  info.document = file;
  info.title = circuit->title;
  info.method = options.method;
  info.rtol = options.rtol;
  info.atol = options.atol;
  info.t_end = options.t_end;
  info.mat73 = outputs->mat73;
  /* the temporary file now: a destination that cannot be written is told
   * before the run */
  sink.writer = mf_results_writer_open (outputs->csv, outputs->format, &info, &error);
  if (sink.writer == NULL)
    {
      mf_cli_printerr ("%s: %s\n", MF_CLI_NAME, error->message);
      g_clear_pointer (&sink.chosen, g_array_unref);
      g_free (sink.row);
      return MF_EXIT_INVALID;
    }
  sink.model = input->model;
  ok = mf_simulate (input->model, &options, sink_sample, &sink, &stats, NULL, &error);
  if (!sink_finish (&sink, log, outputs->csv, &write_error))
    {
      mf_cli_printerr ("%s: %s\n", MF_CLI_NAME, write_error->message);
      status = MF_EXIT_INVALID;
    }
  else if (!ok)
    {
      status = report_failure (command, file, error, overrides_any (flags, overrides));
      report_samples (outputs->csv, &sink, TRUE, flags->quiet);
    }
  else
    report_samples (outputs->csv, &sink, FALSE, flags->quiet);
  /* the events up to a failure show what led to it, as the samples do */
  if (outputs->events != NULL && !events_write (log, outputs->events, &events_error))
    {
      mf_cli_printerr ("%s: %s\n", MF_CLI_NAME, events_error->message);
      status = status == MF_EXIT_OK ? MF_EXIT_INVALID : status;
    }
  if (flags->stats)
    {
      print_stats (&stats);
      print_events (log);
    }
  g_clear_pointer (&sink.chosen, g_array_unref);
  g_free (sink.row);
  return status;
}

int
mf_cli_simulate (const MfCliCommand *command, int argc, char **argv)
{
  g_autofree char *file = NULL;
  MfSimulateFlags flags = { 0 };
  const GOptionEntry entries[] = {
    { "t-end", 0, 0, G_OPTION_ARG_STRING, &flags.t_end, N_("End time of the run (s)"), "T" },
    { "method", 0, 0, G_OPTION_ARG_STRING, &flags.method,
      N_("Integration method (see 'manifold-cli methods')"), "M" },
    { "rtol", 0, 0, G_OPTION_ARG_STRING, &flags.rtol, N_("Relative tolerance"), "R" },
    { "atol", 0, 0, G_OPTION_ARG_STRING, &flags.atol, N_("Absolute tolerance"), "A" },
    { "step", 0, 0, G_OPTION_ARG_STRING, &flags.step, N_("Fixed step (s); 0: adaptive"), "H" },
    { "every", 0, 0, G_OPTION_ARG_STRING, &flags.every, N_("Output interval (s)"), "DT" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &flags.output,
      N_("Write the samples to OUT (atomically) instead of standard output: MAT for OUT.mat, "
         "HDF5 for OUT.h5 or OUT.hdf5, else CSV"), "OUT" },
    { "mat-version", 0, 0, G_OPTION_ARG_STRING, &flags.mat_version,
      N_("MAT file version: 5 (the default) or 7.3 (HDF5-based, for runs over 2 GiB)"), "V" },
    { "events", 0, 0, G_OPTION_ARG_FILENAME, &flags.events,
      N_("Write the event log (valve switches, mode changes, SVD fallbacks) as CSV to FILE"),
      "FILE" },
    { "series", 's', 0, G_OPTION_ARG_STRING, &flags.series,
      N_("Write only these columns (comma-separated names of the CSV header, without units)"),
      "NAMES" },
    { "stats", 0, 0, G_OPTION_ARG_NONE, &flags.stats, N_("Print statistics on standard error"),
      NULL },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &flags.quiet,
      N_("Print nothing but errors (and --stats) on standard error"), NULL },
    G_OPTION_ENTRY_NULL
  };
  MfOverrides overrides;
  MfCliInput input = { NULL, NULL };
  MfOutputs outputs = { NULL, NULL };
  int status = mf_cli_parse (command, entries, argc, argv, &file);

  if (status == MF_CLI_CONTINUE && !parse_overrides (command, &flags, &overrides))
    status = MF_EXIT_USAGE;
  if (status == MF_CLI_CONTINUE)
    status = outputs_check (command, file, &flags, &outputs);
  if (status == MF_CLI_CONTINUE)
    {
      status = mf_cli_input_load (&input, file, flags.quiet);
      if (status == MF_EXIT_OK)
        status = simulate_run (command, file, &input, &flags, &overrides, &outputs);
      mf_cli_input_clear (&input);
    }
  outputs_clear (&outputs);
  flags_clear (&flags);
  return status;
}
