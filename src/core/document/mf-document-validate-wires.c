/* mf-document-validate-wires.c: the "wires" of a document: each joins two
 * ports "ID.PORT" of the same domain, and is connected in the circuit.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-document-private.h"

#include <glib/gi18n.h>
#include <string.h>

static char *
port_names (const MfComponentTypeInfo *info)
{
  GString *names = g_string_new (NULL);

  for (guint i = 0; i < info->n_ports; i++)
    g_string_append_printf (names, "%s%s", i > 0 ? ", " : "", info->ports[i].name);
  return g_string_free (names, FALSE);
}

/* Resolves one end, "ID.PORT"; FALSE when it names nothing (reported,
 * unless the component is one that could not be built). */
static gboolean
check_wire_end (MfChecker *checker, JsonNode *node, const char *path, guint wire,
                MfPortRef *ref)
{
  g_autofree char *id = NULL;
  const MfComponent *component;
  const char *text, *dot;
  int index, port;

  if (!mf_document_is_string (node))
    {
      mf_checker_error (checker, path, _("wire %u: each end must be a string \"ID.PORT\""), wire);
      return FALSE;
    }
  text = json_node_get_string (node);
  dot = strchr (text, '.');
  if (dot == NULL)
    {
      g_autofree char *shown = mf_text_escape (text);

      mf_checker_error (checker, path, _("wire %u: '%s' is not a port; write it as 'ID.PORT'"),
                        wire, shown);
      return FALSE;
    }
  id = g_strndup (text, (gsize) (dot - text));
  index = mf_circuit_find_component (checker->circuit, id);
  if (index < 0)
    {
      g_autofree char *shown = mf_text_escape (id);
      const char *guess = mf_document_closest_component (checker, id);

      if (g_hash_table_contains (checker->broken_ids, id))
        return FALSE;
      if (guess != NULL)
        /* Translators: %u is the wire's number, then the id as written and the closest id */
        mf_checker_error (checker, path, _("wire %u: no component '%s' (did you mean '%s'?)"),
                          wire, shown, guess);
      else
        mf_checker_error (checker, path, _("wire %u: no component '%s'"), wire, shown);
      return FALSE;
    }
  component = g_ptr_array_index (checker->circuit->components, index);
  port = mf_component_type_port_index (component->info, dot + 1);
  if (port < 0)
    {
      g_autofree char *ports = port_names (component->info);
      g_autofree char *shown = mf_text_escape (dot + 1);

      /* Translators: %u is the wire's number, then the component id, its type ("pipe"), the port as
       * written and the list of its ports */
      mf_checker_error (checker, path, _("wire %u: component '%s' (%s) has no port '%s'; "
                          "its ports are %s"), wire, id, component->info->name, shown, ports);
      return FALSE;
    }
  *ref = (MfPortRef) { (guint) index, (guint) port };
  return TRUE;
}

static MfDomain
port_domain (const MfCircuit *circuit, MfPortRef ref)
{
  const MfComponent *component = g_ptr_array_index (circuit->components, ref.component);

  return component->info->ports[ref.port].domain;
}

static void
check_wire (MfChecker *checker, JsonNode *node, guint index, gpointer unused)
{
  g_autofree char *path = mf_json_path_index (MF_KEY_WIRES, index);
  const char *text[2];
  MfPortRef ends[2];
  gboolean ok = TRUE;
  JsonArray *array;
  g_autoptr (GError) error = NULL;

  if (!JSON_NODE_HOLDS_ARRAY (node) || json_array_get_length (json_node_get_array (node)) != 2)
    {
      mf_checker_error (checker, path, _("wire %u must be an array of two ports "
                          "[\"ID.PORT\", \"ID.PORT\"]"), index + 1);
      return;
    }
  array = json_node_get_array (node);
  for (guint e = 0; e < 2; e++)
    {
      g_autofree char *end_path = mf_json_path_index (path, e);

      ok = check_wire_end (checker, json_array_get_element (array, e), end_path, index + 1,
                           &ends[e]) && ok;
    }
  if (!ok)
    return;
  text[0] = json_array_get_string_element (array, 0);
  text[1] = json_array_get_string_element (array, 1);
  if (ends[0].component == ends[1].component && ends[0].port == ends[1].port)
    mf_checker_error (checker, path, _("wire %u joins '%s' to itself"), index + 1, text[0]);
  else if (port_domain (checker->circuit, ends[0]) != port_domain (checker->circuit, ends[1]))
    {
      char *kinds[2];
      const char *ids[2];

      for (guint e = 0; e < 2; e++)
        {
          const MfComponent *component = g_ptr_array_index (checker->circuit->components,
                                                            ends[e].component);

          kinds[e] = mf_component_type_kind (component->info);
          ids[e] = component->id;
        }
      /* Translators: "wire 3 joins mechanical port 'M1.m' of mass 'M1' to rotary port
       * 'I1.shaft' of inertia 'I1'": %u is the wire's number, then for each end its domain
       * ("hydraulic", "mechanical", "rotary"), the port "ID.PORT", its component's type in
       * words and its id */
      mf_checker_error (checker, path,
                        _("wire %u joins %s port '%s' of %s '%s' to %s port '%s' of %s '%s': "
                          "only ports of one kind can be joined"),
                        index + 1, mf_domain_word (port_domain (checker->circuit, ends[0])),
                        text[0], kinds[0], ids[0],
                        mf_domain_word (port_domain (checker->circuit, ends[1])), text[1],
                        kinds[1], ids[1]);
      g_free (kinds[0]);
      g_free (kinds[1]);
    }
  else if (!mf_circuit_connect (checker->circuit, text[0], text[1], &error))
    /* Translators: %u is the wire's number, %s why it cannot be connected */
    mf_checker_error (checker, path, _("wire %u: %s"), index + 1, error->message);
}

void
mf_document_check_wires (MfChecker *checker, JsonNode *node)
{
  mf_document_check_each (checker, node, MF_KEY_WIRES, check_wire, NULL);
}
