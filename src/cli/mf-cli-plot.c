/* mf-cli-plot.c: `manifold-cli plot FILE --series NAMES -o OUT` — simulates
 * the document as `simulate` does and draws the chosen outputs against
 * time, with the modes of the run shaded and the event log as markers,
 * into a PNG, SVG or PDF file (src/plot).  No display is needed.
 *
 * The file is checked before the run and written when it ends, through
 * mf-output-file.h: into a temporary file beside it, renamed over it, so
 * that a run that is killed or fails to write leaves the old picture.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-cli.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "mf-event-words.h"
#include "mf-output-file.h"
#include "mf-plot-export.h"
#include "mf-simulation.h"

typedef struct
{
  char    *series;
  char    *output;
  char    *width;
  char    *height;
  char    *from;
  char    *to;
  gboolean log_y;
  gboolean quiet;
} MfPlotFlags;

/* What the run feeds the plot: samples of the chosen outputs, and the
 * modes as they change. */
typedef struct
{
  MfPlot          *plot;
  const MfCircuit *circuit;
  GArray          *outputs;  /* guint: output index of each series */
  int              mode;     /* of the band that is open; -1 before the first sample */
  double           mode_since;
  double           last_t;
  guint64          n_samples;
} MfPlotSink;

static void
flags_clear (MfPlotFlags *flags)
{
  g_free (flags->series);
  g_free (flags->output);
  g_free (flags->width);
  g_free (flags->height);
  g_free (flags->from);
  g_free (flags->to);
}

static void
band_close (MfPlotSink *sink, double t)
{
  const MfMode *mode;

  if (sink->mode < 0)
    return;
  mode = g_ptr_array_index (sink->circuit->modes, sink->mode);
  mf_plot_add_band (sink->plot, sink->mode_since, t, mode->name);
}

static gboolean
sink_sample (double t, guint mode, const double *outputs, gpointer data)
{
  MfPlotSink *sink = data;

  if ((int) mode != sink->mode)
    {
      band_close (sink, t);
      sink->mode = (int) mode;
      sink->mode_since = t;
    }
  for (guint i = 0; i < sink->outputs->len; i++)
    mf_plot_series_append (mf_plot_get_series (sink->plot, i), t,
                           outputs[g_array_index (sink->outputs, guint, i)]);
  sink->last_t = t;
  sink->n_samples++;
  return TRUE;
}

static void
add_marker (double t, const char *component, const char *from, const char *to, gpointer data)
{
  MfPlotSink *sink = data;
  g_autofree char *label = NULL;

  /* the bands already name the modes a schedule switches between */
  if (strcmp (component, MF_EVENT_SCHEDULE) == 0)
    label = g_strdup_printf ("→ %s", to);
  else
    label = mf_event_label (component, to);
  mf_plot_add_marker (sink->plot, t, label);
}

/* The series' outputs, and the y axis's unit when they share one. */
static gboolean
choose_series (const MfCliCommand *command, const MfModel *model, const char *names,
               MfPlotSink *sink)
{
  g_autoptr (GArray) chosen = mf_cli_choose_values (command, model, names, FALSE);
  const char *unit = NULL;
  gboolean same_unit = TRUE;

  if (chosen == NULL)
    return FALSE;
  for (guint i = 0; i < chosen->len; i++)
    {
      guint index = g_array_index (chosen, guint, i);

      g_array_append_val (sink->outputs, index);
      mf_plot_add_series (sink->plot, mf_model_output_name (model, index));
      if (unit != NULL && strcmp (unit, mf_model_output_unit (model, index)) != 0)
        same_unit = FALSE;
      unit = mf_model_output_unit (model, index);
    }
  mf_plot_set_axis_title (sink->plot, MF_PLOT_AXIS_X, _("time"), "s");
  if (sink->outputs->len == 1)
    mf_plot_set_axis_title (sink->plot, MF_PLOT_AXIS_Y,
                            mf_model_output_name (model, g_array_index (sink->outputs, guint, 0)),
                            unit);
  else
    mf_plot_set_axis_title (sink->plot, MF_PLOT_AXIS_Y, same_unit ? NULL : _("value (SI)"),
                            same_unit ? unit : NULL);
  return TRUE;
}

static gboolean
parse_sizes (const MfCliCommand *command, const MfPlotFlags *flags, double numbers[4])
{
  const char *texts[] = { flags->width, flags->height, flags->from, flags->to };
  const char *names[] = { "--width", "--height", "--from", "--to" };
  const double defaults[] = { 800, 500, NAN, NAN };

  for (guint i = 0; i < 4; i++)
    {
      numbers[i] = defaults[i];
      if (texts[i] != NULL
          && !mf_cli_parse_number (command, names[i], texts[i], i < 2 || i == 3, &numbers[i]))
        return FALSE;
    }
  if (numbers[0] > 20000 || numbers[1] > 20000)
    {
      mf_cli_usage_error (command, _("--width and --height must be at most 20000"));
      return FALSE;
    }
  if (!isnan (numbers[2]) && !isnan (numbers[3]) && numbers[2] >= numbers[3])
    {
      mf_cli_usage_error (command, _("--from must be before --to"));
      return FALSE;
    }
  return TRUE;
}

/* The picture, into the temporary file and in place of OUT. */
static gboolean
plot_write (MfPlot *plot, MfOutputFile *out, const char *path, const double numbers[4],
            GError **error)
{
  GOutputStream *stream = mf_output_file_open (out, error);

  return stream != NULL
         && mf_plot_export (plot, stream, mf_plot_format_from_path (path), numbers[0], numbers[1],
                            error)
         && mf_output_file_commit (out, error);
}

static int
plot_run (const char *file, MfCliInput *input, const MfPlotFlags *flags, MfPlotSink *sink,
          MfOutputFile *out, const double numbers[4])
{
  MfSimulationOptions options;
  g_autoptr (GError) error = NULL;
  int status = MF_EXIT_OK;
  gboolean ok;

  mf_simulation_options_from_circuit (&options, sink->circuit);
  /* a window that ends later than the document's run asks for a longer run */
  if (!isnan (numbers[3]))
    options.t_end = numbers[3];
  options.event = add_marker;
  options.event_data = sink;
  /* settings of the document alone that cannot run are its fault, placed in it */
  if (isnan (numbers[3]) && !mf_cli_check_settings (input->document, &options))
    return MF_EXIT_INVALID;
  ok = mf_simulate (input->model, &options, sink_sample, sink, NULL, NULL, &error);
  band_close (sink, sink->last_t);
  if (!ok)
    {
      mf_cli_printerr (_("%s: %s: the simulation failed %s\n"), MF_CLI_NAME, file,
                       error->message);
      g_clear_error (&error);
      status = MF_EXIT_SIMULATION;
      if (sink->n_samples == 0)
        return status;
    }
  if (!isnan (numbers[2]) || !isnan (numbers[3]))
    mf_plot_set_axis_range (sink->plot, MF_PLOT_AXIS_X, isnan (numbers[2]) ? 0 : numbers[2],
                            isnan (numbers[3]) ? sink->last_t : numbers[3]);
  if (!plot_write (sink->plot, out, flags->output, numbers, &error))
    {
      mf_cli_printerr ("%s: %s\n", MF_CLI_NAME, error->message);
      return MF_EXIT_INVALID;
    }
  if (!flags->quiet)
    {
      gulong n = (gulong) MIN (sink->n_samples, G_MAXULONG);

      mf_cli_printerr (g_dngettext (NULL, "%s: plotted %lu sample (t = 0 to %.10g s) to %s\n",
                                    "%s: plotted %lu samples (t = 0 to %.10g s) to %s\n", n),
                       MF_CLI_NAME, n, sink->last_t, flags->output);
    }
  return status;
}

int
mf_cli_plot (const MfCliCommand *command, int argc, char **argv)
{
  g_autofree char *file = NULL;
  MfPlotFlags flags = { 0 };
  const GOptionEntry entries[] = {
    { "series", 's', 0, G_OPTION_ARG_STRING, &flags.series,
      N_("Outputs to plot, comma-separated (\"P1.v,J1.p\")"), "NAMES" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &flags.output,
      N_("The file to write: .png, .svg or .pdf"), "OUT" },
    { "width", 0, 0, G_OPTION_ARG_STRING, &flags.width,
      N_("Width in pixels (PNG) or points (SVG, PDF); 800"), "W" },
    { "height", 0, 0, G_OPTION_ARG_STRING, &flags.height, N_("Height; 500"), "H" },
    { "log-y", 0, 0, G_OPTION_ARG_NONE, &flags.log_y, N_("Logarithmic y axis"), NULL },
    { "from", 0, 0, G_OPTION_ARG_STRING, &flags.from, N_("Start of the time axis (s)"), "T" },
    { "to", 0, 0, G_OPTION_ARG_STRING, &flags.to,
      N_("End of the time axis (s); the run lasts until then"), "T" },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &flags.quiet, N_("Print nothing but errors"), NULL },
    G_OPTION_ENTRY_NULL
  };
  MfCliInput input = { NULL, NULL };
  g_autoptr (MfOutputFile) out = NULL;
  g_autoptr (GError) error = NULL;
  double numbers[4];
  int status = mf_cli_parse (command, entries, argc, argv, &file);

  if (status == MF_CLI_CONTINUE && flags.series == NULL)
    status = mf_cli_usage_error (command, _("missing --series"));
  if (status == MF_CLI_CONTINUE && flags.output == NULL)
    status = mf_cli_usage_error (command, _("missing -o OUT"));
  if (status == MF_CLI_CONTINUE && strcmp (flags.output, "-") == 0)
    status = mf_cli_usage_error (command, _("plot writes a file, not standard output: name it "
                                            ".png, .svg or .pdf"));
  if (status == MF_CLI_CONTINUE
      && mf_plot_format_from_path (flags.output) == MF_PLOT_FORMAT_AUTO)
    status = mf_cli_usage_error (command, _("cannot tell the format of '%s': name it .png, "
                                            ".svg or .pdf"), flags.output);
  if (status == MF_CLI_CONTINUE && !parse_sizes (command, &flags, numbers))
    status = MF_EXIT_USAGE;
  /* a file that must not be replaced is refused before the run */
  if (status == MF_CLI_CONTINUE)
    {
      out = mf_output_file_new (flags.output, &error);
      if (out == NULL)
        {
          mf_cli_printerr ("%s: %s\n", MF_CLI_NAME, error->message);
          status = MF_EXIT_INVALID;
        }
      else if (mf_output_file_is_path (out, file))
        status = mf_cli_output_is_input (command, "-o", file);
    }
  if (status == MF_CLI_CONTINUE)
    {
      status = mf_cli_input_load (&input, file, flags.quiet);
      if (status == MF_EXIT_OK)
        {
          g_autoptr (MfPlot) plot = mf_plot_new ();
          g_autoptr (GArray) outputs = g_array_new (FALSE, FALSE, sizeof (guint));
          MfPlotSink sink = { plot, mf_document_get_circuit (input.document), outputs, -1 };

          if (flags.log_y)
            mf_plot_set_axis_scale (plot, MF_PLOT_AXIS_Y, MF_PLOT_SCALE_LOG);
          if (!choose_series (command, input.model, flags.series, &sink))
            status = MF_EXIT_USAGE;
          else
            status = plot_run (file, &input, &flags, &sink, out, numbers);
        }
      mf_cli_input_clear (&input);
    }
  flags_clear (&flags);
  return status;
}
