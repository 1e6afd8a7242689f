/* mf-edit-document-clipboard.c: copying components with the wires between
 * them as a document fragment (docs/format.md), and pasting one back, under
 * new ids where its own clash.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-edit-document-private.h"

#include <glib/gi18n.h>

#include <math.h>
#include <string.h>

#include "mf-json-locate.h"
#include "mf-json-write.h"

/* TRUE when both ends of `wire` name components in `ids` (NULL: any). */
static gboolean
wire_within (JsonArray *wire, GHashTable *ids, GHashTable *renames)
{
  for (guint e = 0; e < 2; e++)
    {
      JsonNode *end = json_array_get_element (wire, e);
      g_autofree char *id = NULL;
      const char *port;

      if (json_node_get_value_type (end) != G_TYPE_STRING
          || !mf_edit_split_port (json_node_get_string (end), &id, &port))
        return FALSE;
      if (ids != NULL && !g_hash_table_contains (ids, id))
        return FALSE;
      if (renames != NULL && !g_hash_table_contains (renames, id))
        return FALSE;
    }
  return TRUE;
}

char *
mf_edit_document_copy (MfEditDocument *self, const char *const *ids)
{
  g_autoptr (GHashTable) set = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (JsonObject) fragment = json_object_new ();
  g_autoptr (JsonNode) root = NULL;
  JsonArray *components = json_array_new ();
  JsonArray *wires = json_array_new ();
  JsonArray *all_wires;

  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), NULL);
  g_return_val_if_fail (ids != NULL, NULL);

  for (guint i = 0; ids[i] != NULL; i++)
    g_hash_table_add (set, (gpointer) ids[i]);
  /* in document order, so a paste reads like the original */
  for (guint i = 0; i < mf_edit_document_get_n_components (self); i++)
    if (g_hash_table_contains (set, mf_edit_document_get_component_id (self, i)))
      json_array_add_element (components,
                              mf_json_copy_deep (json_array_get_element (
                                mf_edit_document_array (self, MF_KEY_COMPONENTS), i)));
  all_wires = mf_edit_document_array (self, MF_KEY_WIRES);
  for (guint i = 0; all_wires != NULL && i < json_array_get_length (all_wires); i++)
    if (wire_within (json_array_get_array_element (all_wires, i), set, NULL))
      json_array_add_element (wires, mf_json_copy_deep (json_array_get_element (all_wires, i)));

  json_object_set_int_member (fragment, MF_KEY_MANIFOLD, 1);
  json_object_set_array_member (fragment, MF_KEY_COMPONENTS, components);
  json_object_set_array_member (fragment, MF_KEY_WIRES, wires);
  root = json_node_init_object (json_node_alloc (), fragment);
  return mf_json_to_text (root, NULL);
}

/* --- paste ------------------------------------------------------------ */

/* The fragment's components, each checked to have a usable id and a type. */
static JsonArray *
fragment_components (JsonNode *root, GError **error)
{
  JsonNode *node;
  JsonArray *components;

  if (!JSON_NODE_HOLDS_OBJECT (root)
      || (node = json_object_get_member (json_node_get_object (root), MF_KEY_COMPONENTS)) == NULL
      || !JSON_NODE_HOLDS_ARRAY (node))
    {
      mf_edit_refuse (error, _("the clipboard holds no components"));
      return NULL;
    }
  components = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (components); i++)
    {
      JsonNode *element = json_array_get_element (components, i);
      JsonObject *component;
      JsonNode *id, *type;

      if (!JSON_NODE_HOLDS_OBJECT (element))
        {
          mf_edit_refuse (error, _("the clipboard's component %u is not an object"), i + 1);
          return NULL;
        }
      component = json_node_get_object (element);
      id = json_object_get_member (component, MF_KEY_COMPONENT_ID);
      type = json_object_get_member (component, MF_KEY_COMPONENT_TYPE);
      if (id == NULL || json_node_get_value_type (id) != G_TYPE_STRING
          || type == NULL || json_node_get_value_type (type) != G_TYPE_STRING
          || mf_component_type_lookup (json_node_get_string (type)) == NULL)
        {
          mf_edit_refuse (error, _("the clipboard's component %u has no usable id and type"), i + 1);
          return NULL;
        }
    }
  return components;
}

static JsonNode *
position_node (double x, double y)
{
  g_autoptr (JsonArray) at = json_array_new ();

  json_array_add_element (at, mf_edit_number_node (x));
  json_array_add_element (at, mf_edit_number_node (y));
  return json_node_init_array (json_node_alloc (), at);
}

/* Where the fragment put a component; a missing or malformed "at" counts as
 * the origin (the paste replaces it). */
static void
fragment_position (JsonObject *component, double *x, double *y)
{
  JsonNode *at = json_object_get_member (component, MF_KEY_COMPONENT_AT);
  JsonArray *array = at != NULL && JSON_NODE_HOLDS_ARRAY (at) ? json_node_get_array (at) : NULL;

  *x = *y = 0.0;
  if (array == NULL || json_array_get_length (array) != 2)
    return;
  for (guint i = 0; i < 2; i++)
    {
      JsonNode *value = json_array_get_element (array, i);

      if (JSON_NODE_HOLDS_VALUE (value) && json_node_get_value_type (value) != G_TYPE_STRING)
        *(i == 0 ? x : y) = json_node_get_double (value);
    }
}

/* Gives each pasted component its id (its own, unless that clashes or is
 * unusable) and moves it by (dx, dy).  `renames` maps old id -> new id. */
static void
place_components (MfEditDocument *self, JsonArray *components, double dx, double dy,
                  GHashTable *renames, GPtrArray *new_ids)
{
  g_autoptr (GHashTable) taken = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < json_array_get_length (components); i++)
    {
      JsonObject *component = json_array_get_object_element (components, i);
      g_autofree char *id =
        g_strdup (json_object_get_string_member (component, MF_KEY_COMPONENT_ID));
      const MfComponentTypeInfo *info = mf_component_type_lookup (
        json_object_get_string_member (component, MF_KEY_COMPONENT_TYPE));
      char *new_id;
      double x, y;

      if (!mf_id_is_valid (id) || g_hash_table_contains (taken, id)
          || mf_edit_document_find_component (self, id) >= 0)
        new_id = mf_edit_document_new_id (self, info->type, taken);
      else
        new_id = g_strdup (id);
      g_hash_table_add (taken, new_id);
      g_ptr_array_add (new_ids, new_id);
      /* a fragment's wires name the first component of an id */
      if (!g_hash_table_contains (renames, id))
        g_hash_table_insert (renames, g_strdup (id), new_id);
      json_object_set_string_member (component, MF_KEY_COMPONENT_ID, new_id);

      fragment_position (component, &x, &y);
      json_object_set_member (component, MF_KEY_COMPONENT_AT, position_node (x + dx, y + dy));
    }
}

/* The fragment's wires between its own components, their ends renamed. */
static JsonArray *
fragment_wires (JsonNode *root, GHashTable *renames)
{
  JsonNode *node = json_object_get_member (json_node_get_object (root), MF_KEY_WIRES);
  JsonArray *wires = json_array_new ();
  JsonArray *given;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    return wires;
  given = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (given); i++)
    {
      JsonNode *element = json_array_get_element (given, i);
      JsonArray *wire, *renamed;

      if (!JSON_NODE_HOLDS_ARRAY (element)
          || json_array_get_length (wire = json_node_get_array (element)) != 2
          || !wire_within (wire, NULL, renames))
        continue;
      renamed = json_array_new ();
      for (guint e = 0; e < 2; e++)
        {
          g_autofree char *id = NULL;
          g_autofree char *end = NULL;
          const char *port;

          mf_edit_split_port (json_array_get_string_element (wire, e), &id, &port);
          end = g_strconcat (g_hash_table_lookup (renames, id), ".", port, NULL);
          json_array_add_string_element (renamed, end);
        }
      json_array_add_array_element (wires, renamed);
    }
  return wires;
}

char **
mf_edit_document_paste (MfEditDocument *self, const char *fragment, double dx, double dy,
                        GError **error)
{
  const MfJsonLimits limits = { MF_DOCUMENT_MAX_DEPTH, MF_DOCUMENT_MAX_STRING,
                                MF_DOCUMENT_MAX_ITEMS };
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) parse_error = NULL;
  gsize offset;
  g_autoptr (GHashTable) renames = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                          NULL);
  g_autoptr (GPtrArray) new_ids = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (JsonNode) pasted = NULL;
  g_autoptr (JsonArray) wires = NULL;
  g_autofree char *label = NULL;
  g_autofree char *what = NULL;
  JsonArray *components, *target;

  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), NULL);
  g_return_val_if_fail (fragment != NULL, NULL);

  if (!isfinite (dx) || !isfinite (dy))
    {
      mf_edit_refuse (error, _("a paste must be moved by a finite distance"));
      return NULL;
    }
  /* the loader's limits first: json-glib would spend the stack on deep nesting */
  if (strlen (fragment) > MF_DOCUMENT_MAX_SIZE
      || mf_json_check_limits (fragment, strlen (fragment), &limits, &offset)
           != MF_JSON_WITHIN_LIMITS
      || !json_parser_load_from_data (parser, fragment, -1, &parse_error)
      || json_parser_get_root (parser) == NULL)
    {
      mf_edit_refuse (error, _("the clipboard does not hold a circuit"));
      return NULL;
    }
  if (fragment_components (json_parser_get_root (parser), error) == NULL)
    return NULL;
  pasted = mf_json_copy_deep (json_parser_get_root (parser));
  components = json_node_get_array (json_object_get_member (json_node_get_object (pasted),
                                                            MF_KEY_COMPONENTS));
  place_components (self, components, dx, dy, renames, new_ids);
  wires = fragment_wires (pasted, renames);
  g_ptr_array_add (new_ids, NULL);
  if (json_array_get_length (components) == 0)
    return (char **) g_ptr_array_steal (new_ids, NULL);

  target = mf_edit_document_touch_array (self, MF_KEY_COMPONENTS);
  for (guint i = 0; i < json_array_get_length (components); i++)
    json_array_add_element (target, mf_json_copy_deep (json_array_get_element (components, i)));
  if (json_array_get_length (wires) > 0)
    {
      target = mf_edit_document_touch_array (self, MF_KEY_WIRES);
      for (guint i = 0; i < json_array_get_length (wires); i++)
        json_array_add_element (target, mf_json_copy_deep (json_array_get_element (wires, i)));
    }
  if (!mf_edit_document_verify (self, error))
    return NULL;
  what = mf_edit_describe_ids ((const char *const *) new_ids->pdata);
  label = g_strdup_printf (_("Paste %s"), what);
  mf_edit_document_commit (self, label, 0, NULL);
  return (char **) g_ptr_array_steal (new_ids, NULL);
}
