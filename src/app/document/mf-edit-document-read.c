/* mf-edit-document-read.c: reading the document's tree — components,
 * wires, modes, schedule and settings — and building the values edits put
 * into it.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-edit-document-private.h"

#include <math.h>
#include <string.h>

#include "mf-expr.h"
#include "mf-json-write.h"

/* --- reading the tree ------------------------------------------------- */

JsonObject *
mf_edit_document_root_object (MfEditDocument *self)
{
  return json_node_get_object (self->root);
}

JsonArray *
mf_edit_document_array (MfEditDocument *self, const char *name)
{
  JsonNode *node = json_object_get_member (mf_edit_document_root_object (self), name);

  return node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
}

static guint
array_length (JsonArray *array)
{
  return array != NULL ? json_array_get_length (array) : 0;
}

JsonObject *
mf_edit_document_component (MfEditDocument *self, guint index)
{
  JsonArray *components = mf_edit_document_array (self, MF_KEY_COMPONENTS);

  g_return_val_if_fail (index < array_length (components), NULL);
  return json_array_get_object_element (components, index);
}

static const char *
root_string (MfEditDocument *self, const char *name)
{
  JsonNode *node = json_object_get_member (mf_edit_document_root_object (self), name);

  return node != NULL && JSON_NODE_HOLDS_VALUE (node) ? json_node_get_string (node) : NULL;
}

const char *
mf_edit_document_get_title (MfEditDocument *self)
{
  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), NULL);

  return root_string (self, MF_KEY_TITLE);
}

const char *
mf_edit_document_get_description (MfEditDocument *self)
{
  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), NULL);

  return root_string (self, MF_KEY_DESCRIPTION);
}

char *
mf_edit_value_text (JsonNode *node)
{
  char *text;
  gsize length;

  if (node == NULL)
    return NULL;
  if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING)
    return g_strdup (json_node_get_string (node));
  text = mf_json_to_text (node, &length);
  text[length - 1] = '\0'; /* the text file's newline */
  return text;
}

gboolean
mf_edit_split_port (const char *end, char **id, const char **port)
{
  const char *dot = end != NULL ? strchr (end, '.') : NULL;

  if (dot == NULL)
    return FALSE;
  *id = g_strndup (end, (gsize) (dot - end));
  *port = dot + 1;
  return TRUE;
}

guint
mf_edit_document_get_n_components (MfEditDocument *self)
{
  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), 0);

  return array_length (mf_edit_document_array (self, MF_KEY_COMPONENTS));
}

int
mf_edit_document_find_component (MfEditDocument *self, const char *id)
{
  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), -1);

  if (id == NULL)
    return -1;
  /* the canvas asks for every wire end at every frame */
  if (self->ids == NULL)
    {
      guint n = mf_edit_document_get_n_components (self);

      /* its own copies of the ids: an edit may rebuild a component's object
       * while the table lives on */
      self->ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      for (guint i = 0; i < n; i++)
        g_hash_table_insert (self->ids, g_strdup (mf_edit_document_get_component_id (self, i)),
                             GUINT_TO_POINTER (i + 1));
    }
  return (int) GPOINTER_TO_UINT (g_hash_table_lookup (self->ids, id)) - 1;
}

const char *
mf_edit_document_get_component_id (MfEditDocument *self, guint index)
{
  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), NULL);
  g_return_val_if_fail (index < mf_edit_document_get_n_components (self), NULL);

  return json_object_get_string_member (mf_edit_document_component (self, index),
                                        MF_KEY_COMPONENT_ID);
}

const MfComponentTypeInfo *
mf_edit_document_get_component_info (MfEditDocument *self, guint index)
{
  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), NULL);
  g_return_val_if_fail (index < mf_edit_document_get_n_components (self), NULL);

  return mf_component_type_lookup (json_object_get_string_member (
    mf_edit_document_component (self, index), MF_KEY_COMPONENT_TYPE));
}

void
mf_edit_document_get_component_position (MfEditDocument *self, guint index, double *x,
                                         double *y)
{
  JsonObject *component;
  JsonNode *at;

  g_return_if_fail (MF_IS_EDIT_DOCUMENT (self));
  g_return_if_fail (index < mf_edit_document_get_n_components (self));

  component = mf_edit_document_component (self, index);
  at = json_object_get_member (component, MF_KEY_COMPONENT_AT);
  if (x != NULL)
    *x = at != NULL ? json_array_get_double_element (json_node_get_array (at), 0) : 0.0;
  if (y != NULL)
    *y = at != NULL ? json_array_get_double_element (json_node_get_array (at), 1) : 0.0;
}

int
mf_edit_document_get_component_rotation (MfEditDocument *self, guint index)
{
  JsonObject *component;

  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), 0);
  g_return_val_if_fail (index < mf_edit_document_get_n_components (self), 0);

  component = mf_edit_document_component (self, index);
  if (!json_object_has_member (component, MF_KEY_COMPONENT_ROTATION))
    return 0;
  return (int) json_object_get_double_member (component, MF_KEY_COMPONENT_ROTATION);
}

char *
mf_edit_document_get_param_text (MfEditDocument *self, guint index, const char *param)
{
  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), NULL);
  g_return_val_if_fail (index < mf_edit_document_get_n_components (self), NULL);
  g_return_val_if_fail (param != NULL, NULL);

  return mf_edit_value_text (json_object_get_member (mf_edit_document_component (self, index),
                                                     param));
}

guint
mf_edit_document_get_n_wires (MfEditDocument *self)
{
  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), 0);

  return array_length (mf_edit_document_array (self, MF_KEY_WIRES));
}

void
mf_edit_document_get_wire (MfEditDocument *self, guint index, const char **end_a,
                           const char **end_b)
{
  JsonArray *wire;

  g_return_if_fail (MF_IS_EDIT_DOCUMENT (self));
  g_return_if_fail (index < mf_edit_document_get_n_wires (self));

  wire = json_array_get_array_element (mf_edit_document_array (self, MF_KEY_WIRES), index);
  if (end_a != NULL)
    *end_a = json_array_get_string_element (wire, 0);
  if (end_b != NULL)
    *end_b = json_array_get_string_element (wire, 1);
}

/* --- reading modes, schedule and settings ----------------------------- */

guint
mf_edit_document_get_n_modes (MfEditDocument *self)
{
  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), 0);

  return array_length (mf_edit_document_array (self, MF_KEY_MODES));
}

static JsonObject *
mode_object (MfEditDocument *self, guint mode)
{
  return json_array_get_object_element (mf_edit_document_array (self, MF_KEY_MODES), mode);
}

const char *
mf_edit_document_get_mode_name (MfEditDocument *self, guint mode)
{
  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), NULL);
  g_return_val_if_fail (mode < mf_edit_document_get_n_modes (self), NULL);

  return json_object_get_string_member (mode_object (self, mode), MF_KEY_MODE_NAME);
}

gboolean
mf_edit_document_mode_closes (MfEditDocument *self, guint mode, const char *component_id)
{
  JsonNode *closed;
  JsonArray *array;

  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), FALSE);
  g_return_val_if_fail (mode < mf_edit_document_get_n_modes (self), FALSE);
  g_return_val_if_fail (component_id != NULL, FALSE);

  closed = json_object_get_member (mode_object (self, mode), MF_KEY_MODE_CLOSED);
  if (closed == NULL)
    return FALSE;
  array = json_node_get_array (closed);
  for (guint i = 0; i < json_array_get_length (array); i++)
    if (strcmp (json_array_get_string_element (array, i), component_id) == 0)
      return TRUE;
  return FALSE;
}

guint
mf_edit_document_get_n_schedule_entries (MfEditDocument *self)
{
  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), 0);

  return array_length (mf_edit_document_array (self, MF_KEY_SCHEDULE));
}

/* A time as the loader reads it: seconds, or text with a unit ("0.5 s"). */
static double
time_value (JsonNode *node)
{
  g_autoptr (MfExpr) expr = NULL;

  if (json_node_get_value_type (node) != G_TYPE_STRING)
    return json_node_get_double (node);
  expr = mf_expr_parse (json_node_get_string (node), NULL, NULL, NULL);
  return expr != NULL ? mf_expr_eval (expr, 0.0) : NAN;
}

void
mf_edit_document_get_schedule_entry (MfEditDocument *self, guint entry, double *t,
                                     const char **mode)
{
  JsonObject *object;

  g_return_if_fail (MF_IS_EDIT_DOCUMENT (self));
  g_return_if_fail (entry < mf_edit_document_get_n_schedule_entries (self));

  object = json_array_get_object_element (mf_edit_document_array (self, MF_KEY_SCHEDULE), entry);
  if (t != NULL)
    *t = time_value (json_object_get_member (object, MF_KEY_SCHEDULE_T));
  if (mode != NULL)
    *mode = json_object_get_string_member (object, MF_KEY_SCHEDULE_MODE);
}

char *
mf_edit_document_get_simulation_text (MfEditDocument *self, const char *field)
{
  JsonNode *simulation;

  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), NULL);
  g_return_val_if_fail (field != NULL, NULL);

  simulation = json_object_get_member (mf_edit_document_root_object (self), MF_KEY_SIMULATION);
  if (simulation == NULL)
    return NULL;
  return mf_edit_value_text (json_object_get_member (json_node_get_object (simulation), field));
}

gboolean
mf_edit_document_get_state_preferred (MfEditDocument *self, const char *state)
{
  JsonArray *preferred;

  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), FALSE);
  g_return_val_if_fail (state != NULL, FALSE);

  preferred = mf_edit_document_array (self, MF_KEY_PREFER_STATES);
  for (guint i = 0; i < array_length (preferred); i++)
    if (strcmp (json_array_get_string_element (preferred, i), state) == 0)
      return TRUE;
  return FALSE;
}

/* --- building values -------------------------------------------------- */

JsonNode *
mf_edit_number_node (double value)
{
  JsonNode *node = json_node_alloc ();

  if (value == floor (value) && fabs (value) < 9007199254740992.0)
    return json_node_init_int (node, (gint64) value);
  return json_node_init_double (node, value);
}

/* JSON's grammar of a number: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? */
static gboolean
is_json_number (const char *text, gboolean *integral)
{
  const char *p = text;

  *integral = TRUE;
  if (*p == '-')
    p++;
  if (*p == '0')
    p++;
  else if (g_ascii_isdigit (*p))
    while (g_ascii_isdigit (*p))
      p++;
  else
    return FALSE;
  if (*p == '.')
    {
      *integral = FALSE;
      if (!g_ascii_isdigit (*++p))
        return FALSE;
      while (g_ascii_isdigit (*p))
        p++;
    }
  if (*p == 'e' || *p == 'E')
    {
      *integral = FALSE;
      p++;
      if (*p == '+' || *p == '-')
        p++;
      if (!g_ascii_isdigit (*p))
        return FALSE;
      while (g_ascii_isdigit (*p))
        p++;
    }
  return *p == '\0';
}

JsonNode *
mf_edit_typed_node (const char *text)
{
  JsonNode *node = json_node_alloc ();
  gboolean integral;

  if (is_json_number (text, &integral))
    {
      gint64 value;

      /* json-glib reads an integer too long for 64 bits as a double */
      if (integral && g_ascii_string_to_signed (text, 10, G_MININT64, G_MAXINT64, &value, NULL))
        return json_node_init_int (node, value);
      return json_node_init_double (node, g_ascii_strtod (text, NULL));
    }
  return json_node_init_string (node, text);
}
