/* mf-cli-validate.c: `manifold-cli validate FILE` — every problem of a
 * document, located: the loader's diagnostics, then what assembling the
 * circuit and reducing each mode finds.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-cli.h"

#include <glib/gi18n.h>
#include <string.h>
#include <stdio.h>

#include "mf-error.h"
#include "mf-reduction.h"
#include "mf-spool.h"
#include "mf-system.h"

static const char *
mode_name (const MfCircuit *circuit, guint mode)
{
  return ((MfMode *) g_ptr_array_index (circuit->modes, mode))->name;
}

static gboolean
strings_contain (const GPtrArray *strings, const char *text)
{
  for (guint i = 0; i < strings->len; i++)
    if (g_strcmp0 (g_ptr_array_index (strings, i), text) == 0)
      return TRUE;
  return FALSE;
}

/* Whether modes [first, last) all list `problem` (`all`), or one does. */
static gboolean
modes_list (GPtrArray **problems, guint first, guint last, const char *problem, gboolean all)
{
  for (guint m = first; m < last; m++)
    if (strings_contain (problems[m], problem) != all)
      return !all;
  return all;
}

/* A problem every mode has (an unconnected port) is said once; the others
 * name their mode.  Every problem said goes into `said` as "mode 'M': ..."
 * so that the same words from mf_system_new() are not repeated. */
static void
warn_problems (const MfDocument *document, GPtrArray **problems, GHashTable *said)
{
  const MfCircuit *circuit = mf_document_get_circuit (document);
  guint n_modes = circuit->modes->len;

  for (guint m = 0; m < n_modes; m++)
    for (guint i = 0; i < problems[m]->len; i++)
      {
        const char *problem = g_ptr_array_index (problems[m], i);
        /* Translators: before a problem met in one mode only */
        g_autofree char *prefix = g_strdup_printf (_("mode '%s': "), mode_name (circuit, m));
        gboolean everywhere = modes_list (problems, 0, n_modes, problem, TRUE);

        if (!everywhere)
          mf_cli_report (document, TRUE, (int) m, prefix, problem);
        else if (!modes_list (problems, 0, m, problem, FALSE))
          mf_cli_report (document, TRUE, -1, NULL, problem);
        g_hash_table_add (said, g_strconcat (prefix, problem, NULL));
      }
}

/* A copy of a reduction's problems, so the reduction can go. */
static GPtrArray *
copy_problems (const MfReduction *red)
{
  GPtrArray *copy = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; red != NULL && i < red->problems->len; i++)
    g_ptr_array_add (copy, g_strdup (g_ptr_array_index (red->problems, i)));
  return copy;
}

/* What stops a mode from being simulated is an error: the circuit is at
 * fault (a pocket a pump fills, a state nothing determines).  Every mode's
 * system is built as a run builds it, one at a time: its reduction's
 * problems are warned about first, then the modes whose system cannot be
 * built are errors.  A mode whose system fails is reduced on its own for
 * its problems. */
static gboolean
check_modes (MfCliInput *input)
{
  const MfCircuit *circuit = mf_document_get_circuit (input->document);
  guint n_modes = circuit->modes->len;
  g_autoptr (GHashTable) said = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GPtrArray) failures = g_ptr_array_new_with_free_func ((GDestroyNotify) g_error_free);
  g_autoptr (GArray) failed_modes = g_array_new (FALSE, FALSE, sizeof (int));
  g_autofree GPtrArray **problems = g_new0 (GPtrArray *, n_modes);

  for (guint m = 0; m < n_modes; m++)
    {
      GError *error = NULL;
      MfSystem *system = mf_system_new (input->model, m, &error);
      g_autofree gboolean *closed = NULL;
      MfReduction *red;
      int mode = (int) m;

      if (system != NULL)
        {
          problems[m] = copy_problems (mf_system_get_reduction (system));
          mf_system_free (system);
          continue;
        }
      g_ptr_array_add (failures, error);
      g_array_append_val (failed_modes, mode);
      closed = mf_model_mode_closed (input->model, m);
      red = mf_reduction_new_for (input->model, m, closed);
      problems[m] = copy_problems (red);
      g_clear_pointer (&red, mf_reduction_free);
    }
  warn_problems (input->document, problems, said);
  for (guint f = 0; f < failures->len; f++)
    mf_cli_report (input->document, FALSE, g_array_index (failed_modes, int, f), NULL,
                   ((GError *) g_ptr_array_index (failures, f))->message);
  for (guint m = 0; m < n_modes; m++)
    g_ptr_array_unref (problems[m]);
  return failures->len == 0;
}

/* One document: its problems, or "FILE: ok (…)". */
static int
validate_one (const char *file)
{
  MfCliInput input;
  const MfCircuit *circuit;
  int status = mf_cli_input_load (&input, file, FALSE);

  if (status == MF_EXIT_OK && !check_modes (&input))
    status = MF_EXIT_INVALID;
  /* what simulate would refuse of the settings (euler without a step, …) */
  if (status == MF_EXIT_OK)
    {
      MfSimulationOptions options;

      mf_simulation_options_from_circuit (&options,
                                          mf_document_get_circuit (input.document));
      if (!mf_cli_check_settings (input.document, &options))
        status = MF_EXIT_INVALID;
    }
  if (status == MF_EXIT_OK)
    {
      guint n_components, n_modes;
      g_autofree char *components = NULL, *modes = NULL;

      circuit = mf_document_get_circuit (input.document);
      n_components = 0;
      /* the document's own, not the paths of its directional valves */
      for (guint c = 0; c < circuit->components->len; c++)
        n_components += mf_spool_owner (circuit, c) == c;
      n_modes = circuit->modes->len;
      components = g_strdup_printf (ngettext ("%u component", "%u components", n_components),
                                    n_components);
      modes = g_strdup_printf (ngettext ("%u mode", "%u modes", n_modes), n_modes);
      /* Translators: "FILE: ok (7 components, 1 mode)"; scripts look for ": ok" */
      fprintf (stdout, _("%s: ok (%s, %s)\n"),
               strcmp (file, "-") == 0 ? MF_CLI_STDIN_NAME : file, components, modes);
      fflush (stdout);
    }
  mf_cli_input_clear (&input);
  return status;
}

/* Every file given, in turn; the status is the worst of theirs. */
int
mf_cli_validate (const MfCliCommand *command, int argc, char **argv)
{
  g_auto (GStrv) files = NULL;
  int status = mf_cli_parse_files (command, NULL, argc, argv, &files);

  if (status != MF_CLI_CONTINUE)
    return status;
  status = MF_EXIT_OK;
  for (guint i = 0; files[i] != NULL; i++)
    {
      int one = validate_one (files[i]);

      status = MAX (status, one);
    }
  return status;
}
