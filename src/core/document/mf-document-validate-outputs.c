/* mf-document-validate-outputs.c: "simulation": { "outputs": [...] }, the
 * sample values a run writes when no one chooses others (docs/format.md).
 *
 * The list's shape is checked with the other simulation settings.  Its
 * names are the assembled model's (a node is named after its junction or
 * its first port, a switch exists only for a closable branch), so they are
 * checked against the model mf-document-validate-names.c builds from the
 * circuit once the rest of the document has loaded without an error.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-document-private.h"

#include <glib/gi18n.h>

#include "mf-model.h"
#include "mf-simulation.h"

static char *
output_path (guint index)
{
  g_autofree char *list = mf_json_path_member (MF_KEY_SIMULATION, MF_KEY_SIMULATION_OUTPUTS);

  return mf_json_path_index (list, index);
}

void
mf_document_check_output_list (MfChecker *checker, JsonObject *simulation)
{
  JsonNode *node = json_object_get_member (simulation, MF_KEY_SIMULATION_OUTPUTS);
  g_autoptr (GHashTable) seen = NULL;
  g_autoptr (GPtrArray) names = NULL;
  JsonArray *array;

  if (node == NULL)
    return;
  if (!JSON_NODE_HOLDS_ARRAY (node) || json_array_get_length (json_node_get_array (node)) == 0)
    {
      g_autofree char *path = mf_json_path_member (MF_KEY_SIMULATION, MF_KEY_SIMULATION_OUTPUTS);

      mf_checker_error (checker, path, _("simulation: 'outputs' must be an array of one or more "
                          "output names"));
      return;
    }
  array = json_node_get_array (node);
  seen = g_hash_table_new (g_str_hash, g_str_equal);
  names = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *item = json_array_get_element (array, i);
      g_autofree char *path = output_path (i);
      const char *name;

      if (!mf_document_is_string (item) || json_node_get_string (item)[0] == '\0')
        {
          mf_checker_error (checker, path, _("simulation: outputs: item %u must be an output "
                              "name"), i + 1);
          continue;
        }
      name = json_node_get_string (item);
      if (!g_hash_table_add (seen, (gpointer) name))
        {
          g_autofree char *shown = mf_text_escape (name);

          /* Translators: %s is an output's name ("J1.p") */
          mf_checker_error (checker, path, _("simulation: outputs: '%s' is listed twice"), shown);
        }
      else
        g_ptr_array_add (names, g_strdup (name));
    }
  g_clear_pointer (&checker->circuit->simulation.outputs, g_ptr_array_unref);
  checker->circuit->simulation.outputs = g_steal_pointer (&names);
}

gboolean
mf_document_check_value_name (MfChecker *checker, MfNamesOf where, const char *name,
                              const char *path, GHashTable *known, const char ***candidates)
{
  g_autofree char *shown = NULL;
  const char *guess;

  if (g_hash_table_contains (known, name))
    return TRUE;
  shown = mf_text_escape (name);
  if (*candidates == NULL)
    *candidates = (const char **) g_hash_table_get_keys_as_array (known, NULL);
  guess = mf_document_closest_name (name, *candidates, NULL);
  /* whole sentences for each place, so that a translation need not glue pieces */
  if (where == MF_NAMES_OF_OUTPUTS && guess != NULL)
    /* Translators: the first %s is an output's name as written, the second a name the
     * circuit has that is close to it */
    mf_checker_error (checker, path, _("simulation: outputs: the circuit has no output '%s' "
                        "(did you mean '%s'?)"), shown, guess);
  else if (where == MF_NAMES_OF_OUTPUTS)
    mf_checker_error (checker, path, _("simulation: outputs: the circuit has no output '%s'; "
                        "'manifold-cli simulate' names them in its CSV header"), shown);
  else if (guess != NULL)
    /* Translators: the first %s is an output's name as written, the second a name the
     * circuit has that is close to it */
    mf_checker_error (checker, path, _("plots: the circuit has no output '%s' (did you mean "
                        "'%s'?)"), shown, guess);
  else
    mf_checker_error (checker, path, _("plots: the circuit has no output '%s'; "
                        "'manifold-cli simulate' names them in its CSV header"), shown);
  return FALSE;
}

void
mf_document_check_output_names (MfChecker *checker, const MfModel *model)
{
  GPtrArray *outputs = checker->circuit->simulation.outputs;
  g_autoptr (GHashTable) known = NULL;
  g_autofree const char **candidates = NULL;

  if (outputs == NULL)
    return;
  known = mf_simulation_value_names (model);
  /* without errors the list is the array itself: entry i is item i */
  for (guint i = 0; i < outputs->len; i++)
    {
      g_autofree char *path = output_path (i);

      mf_document_check_value_name (checker, MF_NAMES_OF_OUTPUTS, outputs->pdata[i], path,
                                    known, &candidates);
    }
}
