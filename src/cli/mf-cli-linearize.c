/* mf-cli-linearize.c: `manifold-cli linearize FILE [--mode NAME] [--at T]
 * [--json]` — the reduced system linearised at the start or at time T of a
 * run: its eigenvalues, the states taking part in each, and the measures of
 * stiffness (mf-stiffness.h; docs/cli.md, "linearize").
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-cli.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>

#include "mf-error.h"
#include "mf-json-write.h"
#include "mf-simulation.h"
#include "mf-stiffness-report.h"

int
mf_cli_linearize (const MfCliCommand *command, int argc, char **argv)
{
  g_autofree char *file = NULL;
  g_autofree char *mode_name = NULL;
  double at = 0.0;
  gboolean json = FALSE;
  const GOptionEntry entries[] = {
    { "mode", 'm', 0, G_OPTION_ARG_STRING, &mode_name,
      N_("In the mode called NAME (default: the one the schedule has at T)"), "NAME" },
    { "at", 0, 0, G_OPTION_ARG_DOUBLE, &at,
      N_("At time T of a run of the document (s; default 0, the start)"), "T" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Write JSON (its keys: see below)"), NULL },
    G_OPTION_ENTRY_NULL
  };
  MfCliInput input;
  MfSimulationOptions options;
  double t = 0.0;
  guint sample_mode = 0;
  g_autoptr (GError) error = NULL;
  g_autoptr (MfStiffness) stiffness = NULL;
  g_autofree double *values = NULL;
  const MfCircuit *circuit;
  int mode = -1;
  int status = mf_cli_parse (command, entries, argc, argv, &file);

  if (status != MF_CLI_CONTINUE)
    return status;
  if (!(at >= 0.0) || !isfinite (at))
    return mf_cli_usage_error (command, _("--at takes a time of 0 s or more, not %g"), at);
  status = mf_cli_input_load (&input, file, TRUE);
  if (status != MF_EXIT_OK)
    return status;
  circuit = mf_document_get_circuit (input.document);
  if (mode_name != NULL
      && (mode = mf_cli_find_mode (command, circuit, mode_name)) < 0)
    {
      mf_cli_input_clear (&input);
      return MF_EXIT_USAGE;
    }
  /* the state at T is that of a run of the document to T, sampled there */
  mf_simulation_options_from_circuit (&options, circuit);
  values = g_new0 (double, MAX (mf_model_n_outputs (input.model)
                                  + mf_simulation_n_switches (input.model), 1));
  if (!mf_simulation_sample_at (input.model, &options, at, NULL, &t, &sample_mode, values,
                                &error))
    {
      mf_cli_printerr ("%s: %s\n", file, error->message);
      mf_cli_input_clear (&input);
      return MF_EXIT_SIMULATION;
    }
  if (mode < 0)
    mode = (int) sample_mode;
  stiffness = mf_stiffness_at_sample (input.model, (guint) mode, t, values, options.rtol, &error);
  if (stiffness == NULL)
    {
      mf_cli_printerr ("%s: %s\n", file, error->message);
      status = g_error_matches (error, MF_ERROR, MF_ERROR_USAGE) ? MF_EXIT_USAGE
                                                                : MF_EXIT_SIMULATION;
    }
  else
    {
      const MfMode *shown = g_ptr_array_index (circuit->modes, mode);
      const char *name = shown->name;

      if (json)
        {
          g_autoptr (JsonNode) root = mf_stiffness_to_json (stiffness, name);
          g_autofree char *text = mf_json_to_text (root, NULL);

          fputs (text, stdout);
        }
      else
        {
          g_autofree char *text = mf_stiffness_to_text (stiffness, name);

          fputs (text, stdout);
        }
    }
  mf_cli_input_clear (&input);
  return status;
}
