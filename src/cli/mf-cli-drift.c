/* mf-cli-drift.c: `manifold-cli drift FILE [--mode NAME] [--t-end T]
 * [--from T] [--samples N] [--method M] [--rtol R] [--atol A]` — a mode of index 1
 * or 2 integrated by the minimal-order method and by the naive form, the
 * self-check's residual of both at every sample as CSV on standard output
 * (mf-drift.h; docs/cli.md, "drift").
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-cli.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>

#include "mf-decimal.h"
#include "mf-drift.h"
#include "mf-error.h"

/* Samples when --samples is not given. */
#define MF_CLI_DRIFT_SAMPLES 200

static void
print_csv (const MfDrift *drift)
{
  GString *out = g_string_new ("t,minimal.residual,naive.residual\n");

  for (guint i = 0; i <= drift->n_samples; i++)
    {
      const double values[] = { drift->t[i], drift->minimal[i], drift->naive[i] };

      for (guint j = 0; j < G_N_ELEMENTS (values); j++)
        {
          char text[MF_DECIMAL_SIZE];

          if (isnan (values[j]))
            g_string_append (out, "nan");
          else
            {
              mf_decimal_format (text, values[j]);
              g_string_append (out, text);
            }
          g_string_append_c (out, j + 1 < G_N_ELEMENTS (values) ? ',' : '\n');
        }
    }
  fwrite (out->str, 1, out->len, stdout);
  g_string_free (out, TRUE);
}

int
mf_cli_drift (const MfCliCommand *command, int argc, char **argv)
{
  g_autofree char *file = NULL;
  g_autofree char *mode_name = NULL;
  g_autofree char *method = NULL;
  g_autofree char *t_end = NULL;
  g_autofree char *from = NULL;
  g_autofree double *values = NULL;
  g_autofree char *rtol = NULL;
  g_autofree char *atol = NULL;
  int samples = MF_CLI_DRIFT_SAMPLES;
  const GOptionEntry entries[] = {
    { "mode", 'm', 0, G_OPTION_ARG_STRING, &mode_name,
      N_("The mode called NAME (default: the one that holds at the start)"), "NAME" },
    { "from", 0, 0, G_OPTION_ARG_STRING, &from,
      N_("Start from the state a run of the document reaches at T (s; default 0)"), "T" },
    { "t-end", 0, 0, G_OPTION_ARG_STRING, &t_end,
      N_("The end of the horizon (s; default: the document's end time)"), "T" },
    { "samples", 0, 0, G_OPTION_ARG_INT, &samples,
      N_("The number of samples after the start (default 200)"), "N" },
    { "method", 0, 0, G_OPTION_ARG_STRING, &method,
      N_("An explicit adaptive method: rk2, rk4, rkf45 (default), rkck or rk8pd"), "M" },
    { "rtol", 0, 0, G_OPTION_ARG_STRING, &rtol,
      N_("Relative tolerance (default: the document's)"), "R" },
    { "atol", 0, 0, G_OPTION_ARG_STRING, &atol,
      N_("Absolute tolerance (default: the document's)"), "A" },
    G_OPTION_ENTRY_NULL
  };
  MfCliInput input;
  MfSimulationOptions settings;
  MfDriftOptions options;
  g_autoptr (GError) error = NULL;
  g_autoptr (MfDrift) drift = NULL;
  const MfCircuit *circuit;
  int mode = -1;
  guint sample_mode = 0;
  int status = mf_cli_parse (command, entries, argc, argv, &file);

  if (status != MF_CLI_CONTINUE)
    return status;
  if (samples < 1)
    return mf_cli_usage_error (command, _("--samples takes a count of 1 or more, not %d"),
                               samples);
  status = mf_cli_input_load (&input, file, TRUE);
  if (status != MF_EXIT_OK)
    return status;
  circuit = mf_document_get_circuit (input.document);
  mf_simulation_options_from_circuit (&settings, circuit);
  if (method != NULL)
    {
      const char *name = mf_cli_method (command, method);

      if (name == NULL)
        {
          mf_cli_input_clear (&input);
          return MF_EXIT_USAGE;
        }
      g_free (method);
      method = g_strdup (name);
    }
  options = (MfDriftOptions) {
    .method = method != NULL ? method : MF_DRIFT_DEFAULT_METHOD,
    .t_end = settings.t_end,
    .n_samples = (guint) samples,
    .rtol = settings.rtol,
    .atol = settings.atol,
  };
  if ((mode_name != NULL && (mode = mf_cli_find_mode (command, circuit, mode_name)) < 0)
      || (from != NULL && !mf_cli_parse_number (command, "--from", from, FALSE, &options.t_start))
      || (t_end != NULL && !mf_cli_parse_number (command, "--t-end", t_end, TRUE, &options.t_end))
      || (rtol != NULL && !mf_cli_parse_number (command, "--rtol", rtol, TRUE, &options.rtol))
      || (atol != NULL && !mf_cli_parse_number (command, "--atol", atol, TRUE, &options.atol)))
    {
      mf_cli_input_clear (&input);
      return MF_EXIT_USAGE;
    }
  if (options.t_start > 0.0)
    {
      /* the state at T is that of a run of the document to T, sampled there */
      values = g_new0 (double, MAX (mf_model_n_outputs (input.model)
                                      + mf_simulation_n_switches (input.model), 1));
      if (!mf_simulation_sample_at (input.model, &settings, options.t_start, NULL,
                                    &options.t_start, &sample_mode, values, &error))
        {
          mf_cli_printerr ("%s: %s\n", file, error->message);
          mf_cli_input_clear (&input);
          return MF_EXIT_SIMULATION;
        }
      options.u_start = values; /* the outputs begin with the full state */
    }
  options.mode = mode >= 0 ? (guint) mode : sample_mode;
  drift = mf_drift_run (input.model, &options, NULL, &error);
  if (drift == NULL)
    {
      mf_cli_printerr ("%s: %s\n", file, error->message);
      mf_cli_input_clear (&input);
      return g_error_matches (error, MF_ERROR, MF_ERROR_USAGE) ? MF_EXIT_USAGE
                                                              : MF_EXIT_SIMULATION;
    }
  print_csv (drift);
  if (drift->minimal_failure != NULL)
    /* Translators: the first %s is the file, the second why the run stopped */
    mf_cli_printerr (_("%s: the minimal-order run stopped %s\n"), file, drift->minimal_failure);
  if (drift->naive_failure != NULL)
    /* Translators: the first %s is the file, the second why the run stopped */
    mf_cli_printerr (_("%s: the naive run stopped %s\n"), file, drift->naive_failure);
  mf_cli_input_clear (&input);
  return drift->minimal_failure != NULL ? MF_EXIT_SIMULATION : MF_EXIT_OK;
}
