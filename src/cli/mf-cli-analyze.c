/* mf-cli-analyze.c: `manifold-cli analyze FILE [--mode NAME] [--json]` —
 * the structure of every mode (or one), as text or as JSON (mf-analysis.h).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-cli.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "mf-analysis.h"
#include "mf-json-write.h"

static void
print_json (const MfModel *model, int mode)
{
  g_autoptr (JsonNode) root = mf_analysis_to_json (model, mode);
  g_autofree char *text = mf_json_to_text (root, NULL);

  fputs (text, stdout);
}

static void
print_text (const MfModel *model, int mode)
{
  g_autofree char *text = mf_analysis_to_text (model, mode);

  fputs (text, stdout);
}

int
mf_cli_analyze (const MfCliCommand *command, int argc, char **argv)
{
  g_autofree char *file = NULL;
  g_autofree char *mode_name = NULL;
  gboolean json = FALSE;
  const GOptionEntry entries[] = {
    { "mode", 'm', 0, G_OPTION_ARG_STRING, &mode_name, N_("Only the mode called NAME"),
      "NAME" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Write JSON (its keys: see below)"), NULL },
    G_OPTION_ENTRY_NULL
  };
  MfCliInput input;
  int mode = -1;
  int status = mf_cli_parse (command, entries, argc, argv, &file);

  if (status != MF_CLI_CONTINUE)
    return status;
  status = mf_cli_input_load (&input, file, FALSE);
  if (status == MF_EXIT_OK && mode_name != NULL)
    {
      mode = mf_cli_find_mode (command, mf_document_get_circuit (input.document), mode_name);
      if (mode < 0)
        status = MF_EXIT_USAGE;
    }
  if (status == MF_EXIT_OK && json)
    print_json (input.model, mode);
  else if (status == MF_EXIT_OK)
    print_text (input.model, mode);
  mf_cli_input_clear (&input);
  return status;
}
