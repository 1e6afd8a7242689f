/* mf-edit-document-wires.c: joining two ports with a wire, and removing one.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-edit-document-private.h"

#include <glib/gi18n.h>

#include <string.h>

/* The domain of port "ID.PORT", or FALSE with the reason it names none. */
static gboolean
resolve_port (MfEditDocument *self, const char *end, MfDomain *domain, GError **error)
{
  g_autofree char *id = NULL;
  const MfComponentTypeInfo *info;
  const char *port;
  int index, p;

  if (!mf_edit_split_port (end, &id, &port))
    return mf_edit_refuse (error, _("'%s' is not a port; write it as 'ID.PORT'"), end);
  index = mf_edit_document_find_component (self, id);
  if (index < 0)
    return mf_edit_refuse (error, _("there is no component '%s'"), id);
  info = mf_edit_document_get_component_info (self, (guint) index);
  p = mf_component_type_port_index (info, port);
  if (p < 0)
    {
      g_autoptr (GString) ports = g_string_new (NULL);

      for (guint i = 0; i < info->n_ports; i++)
        g_string_append_printf (ports, "%s%s", i > 0 ? ", " : "", info->ports[i].name);
      return mf_edit_refuse (error, _("%s (%s) has no port '%s'; its ports are %s"), id, info->name,
                             port, ports->str);
    }
  *domain = info->ports[p].domain;
  return TRUE;
}

/* The representative of `port`'s node in `parents` (port -> port). */
static const char *
node_of (GHashTable *parents, const char *port)
{
  const char *parent;

  while ((parent = g_hash_table_lookup (parents, port)) != NULL && strcmp (parent, port) != 0)
    port = parent;
  return port;
}

/* TRUE when the wires already join `a` and `b`, directly or through other
 * wires: one more wire would change nothing. */
static gboolean
already_joined (MfEditDocument *self, const char *a, const char *b)
{
  g_autoptr (GHashTable) parents = g_hash_table_new (g_str_hash, g_str_equal);
  guint n = mf_edit_document_get_n_wires (self);

  for (guint i = 0; i < n; i++)
    {
      const char *ends[2];

      mf_edit_document_get_wire (self, i, &ends[0], &ends[1]);
      ends[0] = node_of (parents, ends[0]);
      ends[1] = node_of (parents, ends[1]);
      if (strcmp (ends[0], ends[1]) != 0)
        g_hash_table_insert (parents, (gpointer) ends[0], (gpointer) ends[1]);
    }
  return strcmp (node_of (parents, a), node_of (parents, b)) == 0;
}

gboolean
mf_edit_document_connect (MfEditDocument *self, const char *end_a, const char *end_b,
                          GError **error)
{
  g_autoptr (JsonArray) wire = NULL;
  g_autofree char *label = NULL;
  MfDomain domain_a, domain_b;

  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), FALSE);
  g_return_val_if_fail (end_a != NULL && end_b != NULL, FALSE);

  if (!resolve_port (self, end_a, &domain_a, error)
      || !resolve_port (self, end_b, &domain_b, error))
    return FALSE;
  if (strcmp (end_a, end_b) == 0)
    return mf_edit_refuse (error, _("a wire cannot join '%s' to itself"), end_a);
  if (domain_a != domain_b)
    return mf_edit_refuse (error, domain_a == MF_DOMAIN_HYDRAULIC
                                  ? _("'%s' is a hydraulic port and '%s' a mechanical one: a "
                                      "wire cannot join them")
                                  : _("'%s' is a mechanical port and '%s' a hydraulic one: a "
                                      "wire cannot join them"),
                           end_a, end_b);
  if (already_joined (self, end_a, end_b))
    return mf_edit_refuse (error, _("'%s' and '%s' are already joined"), end_a, end_b);

  /* the ends are copied before the tree changes: they may point into it */
  wire = json_array_new ();
  json_array_add_string_element (wire, end_a);
  json_array_add_string_element (wire, end_b);
  label = g_strdup_printf (_("Connect %s to %s"), end_a, end_b);
  json_array_add_array_element (mf_edit_document_touch_tail (self, MF_KEY_WIRES),
                                g_steal_pointer (&wire));
  mf_edit_document_commit (self, label, 0, NULL);
  return TRUE;
}

gboolean
mf_edit_document_remove_wire (MfEditDocument *self, guint index, GError **error)
{
  g_autofree char *label = NULL;
  const char *end_a, *end_b;

  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), FALSE);

  if (index >= mf_edit_document_get_n_wires (self))
    return mf_edit_refuse (error, _("there is no wire %u"), index + 1);
  mf_edit_document_get_wire (self, index, &end_a, &end_b);
  label = g_strdup_printf (_("Disconnect %s from %s"), end_a, end_b);
  json_array_remove_element (mf_edit_document_touch_array (self, MF_KEY_WIRES), index);
  mf_edit_document_commit (self, label, 0, NULL);
  return TRUE;
}
