/* mf-edit-document-edits.c: the edits of components and wires — add,
 * remove, move, rotate, set a parameter, rename, connect, disconnect.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-edit-document-private.h"
#include "mf-field-names.h"

#include <glib/gi18n.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* --- ids -------------------------------------------------------------- */

/* The letters a new component's id starts with, by type. */
static const char *const id_prefixes[MF_N_COMPONENT_TYPES] = {
  [MF_COMPONENT_TANK] = "T",
  [MF_COMPONENT_JUNCTION] = "J",
  [MF_COMPONENT_VOLUME] = "A",
  [MF_COMPONENT_PIPE] = "P",
  [MF_COMPONENT_ORIFICE] = "O",
  [MF_COMPONENT_VALVE] = "V",
  [MF_COMPONENT_CHECK_VALVE] = "CV",
  [MF_COMPONENT_RELIEF_VALVE] = "RV",
  [MF_COMPONENT_FLOW_CONTROL_VALVE] = "FC",
  [MF_COMPONENT_FLOW_SOURCE] = "Q",
  [MF_COMPONENT_PISTON] = "C",
  [MF_COMPONENT_MASS] = "M",
  [MF_COMPONENT_SPRING] = "K",
  [MF_COMPONENT_DAMPER] = "D",
  [MF_COMPONENT_FORCE] = "F",
  [MF_COMPONENT_FIXED] = "G",
  [MF_COMPONENT_PUMP] = "PU",
  [MF_COMPONENT_VARIABLE_PUMP] = "PV",
  [MF_COMPONENT_MOTOR] = "HM",
  [MF_COMPONENT_INERTIA] = "I",
  [MF_COMPONENT_ROTARY_SPRING] = "KR",
  [MF_COMPONENT_ROTARY_DAMPER] = "DR",
  [MF_COMPONENT_TORQUE] = "TQ",
  [MF_COMPONENT_FIXED_SHAFT] = "GS",
  [MF_COMPONENT_ACCUMULATOR] = "AC",
  [MF_COMPONENT_VALVE_4_3] = "DV",
  [MF_COMPONENT_VALVE_4_2] = "DV",
  [MF_COMPONENT_REDUCING_VALVE] = "PR",
};

char *
mf_edit_document_new_id (MfEditDocument *self, MfComponentType type, GHashTable *taken)
{
  for (guint n = 1;; n++)
    {
      g_autofree char *id = g_strdup_printf ("%s%u", id_prefixes[type], n);

      if (mf_edit_document_find_component (self, id) < 0
          && (taken == NULL || !g_hash_table_contains (taken, id)))
        return g_steal_pointer (&id);
    }
}

char *
mf_edit_describe_ids (const char *const *ids)
{
  guint n = ids != NULL ? g_strv_length ((char **) ids) : 0;

  if (n == 1)
    return g_strdup (ids[0]);
  return g_strdup_printf (g_dngettext (NULL, "%u component", "%u components", n), n);
}

gboolean
mf_edit_document_check_ids (MfEditDocument *self, const char *const *ids, GError **error)
{
  for (guint i = 0; ids != NULL && ids[i] != NULL; i++)
    if (mf_edit_document_find_component (self, ids[i]) < 0)
      return mf_edit_refuse (error, _("there is no component '%s'"), ids[i]);
  return TRUE;
}

static int
compare_strings (const void *a, const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* The ids, sorted, as one string: two moves of the same set merge. */
static char *
ids_subject (const char *const *ids)
{
  g_auto (GStrv) sorted = g_strdupv ((char **) ids);

  qsort (sorted, g_strv_length (sorted), sizeof (char *), compare_strings);
  return g_strjoinv ("\n", sorted);
}

static JsonObject *
find_component_object (MfEditDocument *self, const char *id)
{
  int index = mf_edit_document_find_component (self, id);

  return index >= 0 ? mf_edit_document_component (self, (guint) index) : NULL;
}

/* --- add -------------------------------------------------------------- */

/* Values that let a new component load and behave plausibly: a metre of
 * 10 mm pipe, an orifice of 10 mm^2, a small cylinder. */
static void
set_required_defaults (JsonObject *component, MfComponentType type)
{
  switch (type)
    {
    case MF_COMPONENT_VOLUME:
      json_object_set_string_member (component, "volume", "1 L");
      break;
    case MF_COMPONENT_PIPE:
      json_object_set_string_member (component, "length", "1 m");
      json_object_set_string_member (component, "diameter", "10 mm");
      break;
    case MF_COMPONENT_ORIFICE:
    case MF_COMPONENT_VALVE:
    case MF_COMPONENT_CHECK_VALVE:
      json_object_set_double_member (component, "area", 1e-5);
      break;
    case MF_COMPONENT_RELIEF_VALVE:
      json_object_set_string_member (component, "set_pressure", "100 bar");
      json_object_set_double_member (component, "full_area", 1e-5);
      break;
    case MF_COMPONENT_REDUCING_VALVE:
      json_object_set_string_member (component, "set_pressure", "30 bar");
      json_object_set_double_member (component, "full_area", 1e-5);
      break;
    case MF_COMPONENT_VALVE_4_3:
    case MF_COMPONENT_VALVE_4_2:
      json_object_set_string_member (component, "full_area", "10 mm^2");
      break;
    case MF_COMPONENT_FLOW_SOURCE:
    case MF_COMPONENT_FLOW_CONTROL_VALVE:
      json_object_set_string_member (component, "flow", "10 L/min");
      break;
    case MF_COMPONENT_PISTON:
      json_object_set_int_member (component, "mass", 1);
      json_object_set_double_member (component, "cap_area", 2e-3);
      json_object_set_double_member (component, "rod_area", 1e-3);
      break;
    case MF_COMPONENT_MASS:
      json_object_set_int_member (component, "mass", 1);
      break;
    case MF_COMPONENT_SPRING:
      json_object_set_int_member (component, "stiffness", 10000);
      break;
    case MF_COMPONENT_DAMPER:
      json_object_set_int_member (component, "damping", 100);
      break;
    case MF_COMPONENT_FORCE:
      json_object_set_int_member (component, "force", 0);
      break;
    case MF_COMPONENT_PUMP:
    case MF_COMPONENT_VARIABLE_PUMP:
      json_object_set_string_member (component, "displacement", "10 cm^3/rev");
      json_object_set_string_member (component, "speed", "1500 rpm");
      break;
    case MF_COMPONENT_MOTOR:
      json_object_set_string_member (component, "displacement", "20 cm^3/rev");
      break;
    case MF_COMPONENT_INERTIA:
      json_object_set_string_member (component, "inertia", "0.01 kg*m^2");
      break;
    case MF_COMPONENT_ROTARY_SPRING:
      json_object_set_string_member (component, "stiffness", "100 N*m/rad");
      break;
    case MF_COMPONENT_ROTARY_DAMPER:
      json_object_set_string_member (component, "damping", "0.1 N*m*s/rad");
      break;
    case MF_COMPONENT_TORQUE:
      json_object_set_int_member (component, "torque", 0);
      break;
    case MF_COMPONENT_ACCUMULATOR:
      json_object_set_string_member (component, "precharge_pressure", "50 bar");
      json_object_set_string_member (component, "gas_volume", "1 L");
      break;
    case MF_COMPONENT_TANK:
    case MF_COMPONENT_JUNCTION:
    case MF_COMPONENT_FIXED:
    case MF_COMPONENT_FIXED_SHAFT:
    case MF_N_COMPONENT_TYPES:
    default:
      break;
    }
}

static JsonNode *
position_node (double x, double y)
{
  g_autoptr (JsonArray) at = json_array_new ();

  json_array_add_element (at, mf_edit_number_node (x));
  json_array_add_element (at, mf_edit_number_node (y));
  return json_node_init_array (json_node_alloc (), at);
}

const char *
mf_edit_document_add_component (MfEditDocument *self, MfComponentType type, double x,
                                double y, GError **error)
{
  g_autofree char *label = NULL;
  JsonObject *component;
  JsonArray *components;

  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), NULL);
  g_return_val_if_fail (type < MF_N_COMPONENT_TYPES, NULL);

  if (!isfinite (x) || !isfinite (y))
    {
      mf_edit_refuse (error, _("a component's position must be finite"));
      return NULL;
    }
  g_free (self->added_id);
  self->added_id = mf_edit_document_new_id (self, type, NULL);

  component = json_object_new ();
  json_object_set_string_member (component, MF_KEY_COMPONENT_ID, self->added_id);
  json_object_set_string_member (component, MF_KEY_COMPONENT_TYPE,
                                 mf_component_type_info (type)->name);
  set_required_defaults (component, type);
  json_object_set_member (component, MF_KEY_COMPONENT_AT, position_node (x, y));

  components = mf_edit_document_touch_tail (self, MF_KEY_COMPONENTS);
  json_array_add_object_element (components, component);
  label = g_strdup_printf (_("Add %s"), self->added_id);
  mf_edit_document_commit (self, label, 0, NULL);
  return self->added_id;
}

/* --- remove ----------------------------------------------------------- */

gboolean
mf_edit_names_a_component (const char *name, GHashTable *ids)
{
  g_autofree char *id = NULL;
  const char *rest;

  return mf_edit_split_port (name, &id, &rest) && g_hash_table_contains (ids, id);
}

static gboolean
wire_touches (JsonArray *wire, GHashTable *ids)
{
  return mf_edit_names_a_component (json_array_get_string_element (wire, 0), ids)
         || mf_edit_names_a_component (json_array_get_string_element (wire, 1), ids);
}

static void
remove_wires_of (MfEditDocument *self, GHashTable *ids)
{
  JsonArray *wires = mf_edit_document_array (self, MF_KEY_WIRES);
  guint n = wires != NULL ? json_array_get_length (wires) : 0;
  gboolean touched = FALSE;

  for (guint i = n; i-- > 0;)
    if (wire_touches (json_array_get_array_element (wires, i), ids))
      {
        if (!touched)
          wires = mf_edit_document_touch_array (self, MF_KEY_WIRES), touched = TRUE;
        json_array_remove_element (wires, i);
      }
}

/* Removes the strings of `array` that `drop` picks; FALSE if none. */
static gboolean
array_remove_strings (JsonArray *array, gboolean (*drop) (const char *, GHashTable *),
                      GHashTable *ids, gboolean dry_run)
{
  gboolean found = FALSE;

  for (guint i = json_array_get_length (array); i-- > 0;)
    {
      JsonNode *element = json_array_get_element (array, i);

      if (json_node_get_value_type (element) != G_TYPE_STRING
          || !drop (json_node_get_string (element), ids))
        continue;
      found = TRUE;
      if (dry_run)
        return TRUE;
      json_array_remove_element (array, i);
    }
  return found;
}

static gboolean
is_one_of (const char *id, GHashTable *ids)
{
  return g_hash_table_contains (ids, id);
}

static void
remove_from_modes (MfEditDocument *self, GHashTable *ids)
{
  JsonArray *modes = mf_edit_document_array (self, MF_KEY_MODES);
  guint n = modes != NULL ? json_array_get_length (modes) : 0;
  gboolean touched = FALSE;

  for (guint m = 0; m < n; m++)
    {
      JsonNode *closed = json_object_get_member (json_array_get_object_element (modes, m),
                                                 MF_KEY_MODE_CLOSED);

      if (closed == NULL
          || !array_remove_strings (json_node_get_array (closed), is_one_of, ids, TRUE))
        continue;
      /* touching copies the modes as they were, so it comes first */
      if (!touched)
        {
          modes = mf_edit_document_touch_array (self, MF_KEY_MODES), touched = TRUE;
          closed = json_object_get_member (json_array_get_object_element (modes, m),
                                           MF_KEY_MODE_CLOSED);
        }
      array_remove_strings (json_node_get_array (closed), is_one_of, ids, FALSE);
    }
}

static void
remove_from_preferred (MfEditDocument *self, GHashTable *ids)
{
  JsonArray *preferred = mf_edit_document_array (self, MF_KEY_PREFER_STATES);

  if (preferred == NULL || !array_remove_strings (preferred, mf_edit_names_a_component, ids, TRUE))
    return;
  preferred = mf_edit_document_touch_array (self, MF_KEY_PREFER_STATES);
  array_remove_strings (preferred, mf_edit_names_a_component, ids, FALSE);
}

/* The simulation's "outputs" when it is an array, else NULL. */
static JsonArray *
simulation_outputs (MfEditDocument *self)
{
  JsonNode *simulation = json_object_get_member (mf_edit_document_root_object (self),
                                                 MF_KEY_SIMULATION);
  JsonNode *outputs;

  if (simulation == NULL || !JSON_NODE_HOLDS_OBJECT (simulation))
    return NULL;
  outputs = json_object_get_member (json_node_get_object (simulation), MF_KEY_SIMULATION_OUTPUTS);
  return outputs != NULL && JSON_NODE_HOLDS_ARRAY (outputs) ? json_node_get_array (outputs) : NULL;
}

/* The outputs of deleted components go too; a list left empty goes as a
 * whole (the loader takes no empty list), and every output is written. */
static void
remove_from_outputs (MfEditDocument *self, GHashTable *ids)
{
  JsonArray *outputs = simulation_outputs (self);
  JsonObject *simulation;

  if (outputs == NULL || !array_remove_strings (outputs, mf_edit_names_a_component, ids, TRUE))
    return;
  simulation = mf_edit_document_touch_object (self, MF_KEY_SIMULATION);
  outputs = simulation_outputs (self);
  array_remove_strings (outputs, mf_edit_names_a_component, ids, FALSE);
  if (json_array_get_length (outputs) == 0)
    json_object_remove_member (simulation, MF_KEY_SIMULATION_OUTPUTS);
}

static void
remove_from_initial (MfEditDocument *self, GHashTable *ids)
{
  JsonNode *node = json_object_get_member (mf_edit_document_root_object (self), MF_KEY_INITIAL);
  g_autoptr (GList) members = NULL;
  JsonObject *initial = NULL;
  gboolean touched = FALSE;

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return;
  members = json_object_get_members (json_node_get_object (node));
  for (GList *l = members; l != NULL; l = l->next)
    if (mf_edit_names_a_component (l->data, ids))
      {
        if (!touched)
          initial = mf_edit_document_touch_object (self, MF_KEY_INITIAL), touched = TRUE;
        json_object_remove_member (initial, l->data);
      }
}

gboolean
mf_edit_document_remove_components (MfEditDocument *self, const char *const *given_ids,
                                    GError **error)
{
  g_autoptr (GHashTable) set = g_hash_table_new (g_str_hash, g_str_equal);
  g_auto (GStrv) ids = NULL;
  g_autofree char *label = NULL;
  g_autofree char *what = NULL;
  JsonArray *components;

  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), FALSE);
  g_return_val_if_fail (given_ids != NULL, FALSE);

  if (!mf_edit_document_check_ids (self, given_ids, error))
    return FALSE;
  if (given_ids[0] == NULL)
    return TRUE;
  /* the ids may point into the components about to go */
  ids = g_strdupv ((char **) given_ids);
  for (guint i = 0; ids[i] != NULL; i++)
    g_hash_table_add (set, ids[i]);

  components = mf_edit_document_touch_array (self, MF_KEY_COMPONENTS);
  for (guint i = json_array_get_length (components); i-- > 0;)
    if (g_hash_table_contains (set, json_object_get_string_member (
                                 json_array_get_object_element (components, i),
                                 MF_KEY_COMPONENT_ID)))
      json_array_remove_element (components, i);
  remove_wires_of (self, set);
  remove_from_modes (self, set);
  remove_from_initial (self, set);
  remove_from_preferred (self, set);
  remove_from_outputs (self, set);
  mf_edit_document_remove_from_plots (self, set);

  what = mf_edit_describe_ids ((const char *const *) ids);
  label = g_strdup_printf (_("Delete %s"), what);
  mf_edit_document_commit (self, label, 0, NULL);
  return TRUE;
}

/* --- move and rotate -------------------------------------------------- */

/* The indices of the components `ids` names, each once however often it
 * is listed (a component listed twice moves or turns once); NULL with an
 * error when one is unknown. */
static GArray *
component_indices (MfEditDocument *self, const char *const *ids, GError **error)
{
  g_autoptr (GArray) indices = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GHashTable) seen = g_hash_table_new (g_direct_hash, g_direct_equal);

  for (guint i = 0; ids[i] != NULL; i++)
    {
      int index = mf_edit_document_find_component (self, ids[i]);
      guint found = (guint) index;

      if (index < 0)
        {
          mf_edit_refuse (error, _("there is no component '%s'"), ids[i]);
          return NULL;
        }
      if (g_hash_table_add (seen, GUINT_TO_POINTER (found + 1)))
        g_array_append_val (indices, found);
    }
  return g_steal_pointer (&indices);
}

/* Moves and turns change a component's layout in place, which the loader
 * checks only to be numbers it accepts: they touch each component alone
 * and need no check of the whole document. */
gboolean
mf_edit_document_move_components (MfEditDocument *self, const char *const *ids, double dx,
                                  double dy, guint merge_key, GError **error)
{
  g_autoptr (GArray) indices = NULL;
  g_autofree char *label = NULL;
  g_autofree char *what = NULL;
  g_autofree char *subject = NULL;

  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), FALSE);
  g_return_val_if_fail (ids != NULL, FALSE);

  if ((indices = component_indices (self, ids, error)) == NULL)
    return FALSE;
  if (!isfinite (dx) || !isfinite (dy))
    return mf_edit_refuse (error, _("a move must be by a finite distance"));
  if (ids[0] == NULL)
    return TRUE;

  /* the ids may point into the components */
  what = mf_edit_describe_ids (ids);
  subject = ids_subject (ids);
  for (guint i = 0; i < indices->len; i++)
    {
      guint index = g_array_index (indices, guint, i);
      double x, y;

      mf_edit_document_get_component_position (self, index, &x, &y);
      if (!isfinite (x + dx) || !isfinite (y + dy))
        {
          mf_edit_document_cancel (self);
          return mf_edit_refuse (error, _("the move would take %s out of any finite place"), what);
        }
      mf_edit_document_touch_component (self, index);
      json_object_set_member (mf_edit_document_component (self, index), MF_KEY_COMPONENT_AT,
                              position_node (x + dx, y + dy));
    }
  label = g_strdup_printf (_("Move %s"), what);
  mf_edit_document_commit (self, label, merge_key, subject);
  return TRUE;
}

gboolean
mf_edit_document_rotate_components (MfEditDocument *self, const char *const *ids,
                                    GError **error)
{
  g_autoptr (GArray) indices = NULL;
  g_autofree char *label = NULL;
  g_autofree char *what = NULL;

  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), FALSE);
  g_return_val_if_fail (ids != NULL, FALSE);

  if ((indices = component_indices (self, ids, error)) == NULL)
    return FALSE;
  if (ids[0] == NULL)
    return TRUE;

  what = mf_edit_describe_ids (ids);
  for (guint i = 0; i < indices->len; i++)
    {
      guint index = g_array_index (indices, guint, i);
      int rotation = mf_edit_document_get_component_rotation (self, index);

      mf_edit_document_touch_component (self, index);
      json_object_set_int_member (mf_edit_document_component (self, index),
                                  MF_KEY_COMPONENT_ROTATION, (rotation + 90) % 360);
    }
  label = g_strdup_printf (_("Rotate %s"), what);
  mf_edit_document_commit (self, label, 0, NULL);
  return TRUE;
}

/* --- parameters ------------------------------------------------------- */

/* Puts `value` into the component at `holder` as member `name`: in place
 * when it is there, otherwise before the first member of `later`. */
static void
insert_member (JsonNode *holder, const char *name, JsonNode *value, const char *const *later)
{
  JsonObject *object = json_node_get_object (holder);
  g_autoptr (JsonObject) rebuilt = NULL;
  g_autoptr (GList) members = NULL;

  if (json_object_has_member (object, name))
    {
      json_object_set_member (object, name, value);
      return;
    }
  rebuilt = json_object_new ();
  members = json_object_get_members (object);
  for (GList *l = members; l != NULL; l = l->next)
    {
      if (value != NULL && g_strv_contains (later, l->data))
        json_object_set_member (rebuilt, name, g_steal_pointer (&value));
      json_object_set_member (rebuilt, l->data,
                              json_node_ref (json_object_get_member (object, l->data)));
    }
  if (value != NULL)
    json_object_set_member (rebuilt, name, value);
  json_node_set_object (holder, rebuilt);
}

/* The members a new parameter goes before: the type's later parameters and
 * the layout, so a component reads in the order of the table in
 * docs/format.md, "Components". */
static GStrv
members_after (const MfComponentTypeInfo *info, int param)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();

  for (guint i = (guint) param + 1; i < info->n_params; i++)
    g_strv_builder_add (builder, info->params[i].name);
  g_strv_builder_add (builder, MF_KEY_COMPONENT_AT);
  g_strv_builder_add (builder, MF_KEY_COMPONENT_ROTATION);
  return g_strv_builder_end (builder);
}

gboolean
mf_edit_document_set_param (MfEditDocument *self, const char *id, const char *param,
                            const char *text, GError **error)
{
  return mf_edit_document_drag_param (self, id, param, text, 0, error);
}

gboolean
mf_edit_document_drag_param (MfEditDocument *self, const char *id, const char *param,
                             const char *text, guint merge_key, GError **error)
{
  g_autofree char *stripped = g_strstrip (g_strdup (text != NULL ? text : ""));
  g_autofree char *label = NULL;
  g_autofree char *subject = NULL;
  const MfComponentTypeInfo *info;
  JsonNode *holder;
  int index, spec;

  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), FALSE);
  g_return_val_if_fail (id != NULL && param != NULL, FALSE);

  index = mf_edit_document_find_component (self, id);
  if (index < 0)
    return mf_edit_refuse (error, _("there is no component '%s'"), id);
  /* `id` may point into the component, which is rebuilt; the parameter is
   * named as the Properties panel names it, not by its key in the file */
  /* Translators: an undo label: a component's id and a parameter's name in
   * words ("Set O1 discharge coefficient (cd)") */
  label = g_strdup_printf (_("Set %s %s"), id, mf_field_words (param));
  /* one drag sets one parameter of one component */
  subject = g_strconcat (id, ".", param, NULL);
  info = mf_edit_document_get_component_info (self, (guint) index);
  spec = mf_component_type_param_index (info, param);
  if (spec < 0)
    {
      g_autofree char *kind = mf_component_type_kind (info);

      /* Translators: the component's kind in words ("orifice"), its id, a parameter */
      return mf_edit_refuse (error, _("%s '%s' has no parameter '%s'"), kind, id, param);
    }
  if (stripped[0] == '\0' && info->params[spec].required)
    return mf_edit_refuse (error, _("'%s' of %s is required: it cannot be left out"), param, id);

  holder = mf_edit_document_touch_component (self, (guint) index);
  if (stripped[0] == '\0')
    {
      JsonObject *component = json_node_get_object (holder);

      if (json_object_has_member (component, param))
        json_object_remove_member (component, param);
    }
  else
    {
      g_auto (GStrv) later = members_after (info, spec);

      insert_member (holder, param, mf_edit_typed_node (stripped), (const char *const *) later);
    }
  /* a component's parameters decide only whether it loads itself: wires
   * and modes look at its id and type */
  if (!mf_edit_document_verify_part (self, MF_KEY_COMPONENTS, index, error))
    return FALSE;
  mf_edit_document_commit (self, label, merge_key, subject);
  return TRUE;
}

/* --- rename ----------------------------------------------------------- */

char *
mf_edit_renamed (const char *name, const char *id, const char *new_id)
{
  gsize length = strlen (id);

  if (strncmp (name, id, length) != 0 || name[length] != '.')
    return NULL;
  return g_strconcat (new_id, name + length, NULL);
}

/* Renames, in the strings of array `member` (or its elements' `field` when
 * not NULL), every "ID.x" (or, with `whole`, every "ID"). */
static void
rename_in_strings (JsonArray *array, const char *id, const char *new_id, gboolean whole)
{
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);
      g_autofree char *changed = NULL;

      if (json_node_get_value_type (element) != G_TYPE_STRING)
        continue;
      if (whole && strcmp (json_node_get_string (element), id) == 0)
        json_node_set_string (element, new_id);
      else if (!whole && (changed = mf_edit_renamed (json_node_get_string (element), id, new_id)))
        json_node_set_string (element, changed);
    }
}

static void
rename_in_wires (MfEditDocument *self, const char *id, const char *new_id)
{
  JsonArray *wires = mf_edit_document_array (self, MF_KEY_WIRES);

  if (wires == NULL)
    return;
  wires = mf_edit_document_touch_array (self, MF_KEY_WIRES);
  for (guint i = 0; i < json_array_get_length (wires); i++)
    rename_in_strings (json_array_get_array_element (wires, i), id, new_id, FALSE);
}

static void
rename_in_modes (MfEditDocument *self, const char *id, const char *new_id)
{
  JsonArray *modes = mf_edit_document_array (self, MF_KEY_MODES);

  if (modes == NULL)
    return;
  modes = mf_edit_document_touch_array (self, MF_KEY_MODES);
  for (guint m = 0; m < json_array_get_length (modes); m++)
    {
      JsonNode *closed = json_object_get_member (json_array_get_object_element (modes, m),
                                                 MF_KEY_MODE_CLOSED);

      if (closed != NULL)
        rename_in_strings (json_node_get_array (closed), id, new_id, TRUE);
    }
}

/* Rebuilds "initial" with its state names renamed, in their order. */
static void
rename_in_initial (MfEditDocument *self, const char *id, const char *new_id)
{
  JsonNode *node = json_object_get_member (mf_edit_document_root_object (self), MF_KEY_INITIAL);
  g_autoptr (JsonObject) rebuilt = NULL;
  g_autoptr (GList) members = NULL;
  JsonObject *initial;

  if (node == NULL)
    return;
  initial = mf_edit_document_touch_object (self, MF_KEY_INITIAL);
  rebuilt = json_object_new ();
  members = json_object_get_members (initial);
  for (GList *l = members; l != NULL; l = l->next)
    {
      g_autofree char *name = mf_edit_renamed (l->data, id, new_id);

      json_object_set_member (rebuilt, name != NULL ? name : l->data,
                              json_node_ref (json_object_get_member (initial, l->data)));
    }
  json_node_set_object (json_object_get_member (mf_edit_document_root_object (self),
                                                MF_KEY_INITIAL),
                        rebuilt);
}

gboolean
mf_edit_document_rename_component (MfEditDocument *self, const char *id, const char *new_id,
                                   GError **error)
{
  g_autofree char *label = NULL;
  g_autofree char *old_id = NULL;
  g_autoptr (GError) rule_error = NULL;
  JsonArray *preferred;
  JsonObject *component;

  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), FALSE);
  g_return_val_if_fail (id != NULL && new_id != NULL, FALSE);

  component = find_component_object (self, id);
  if (component == NULL)
    return mf_edit_refuse (error, _("there is no component '%s'"), id);
  if (strcmp (id, new_id) == 0)
    return TRUE;
  if (!mf_id_check (new_id, NULL, &rule_error))
    return mf_edit_refuse (error, "%s", rule_error->message);
  if (mf_edit_document_find_component (self, new_id) >= 0)
    return mf_edit_refuse (error, _("the id '%s' is already used"), new_id);

  /* `id` may point into the tree, which changes */
  id = old_id = g_strdup (id);
  label = g_strdup_printf (_("Rename %s to %s"), id, new_id);

  mf_edit_document_touch (self, MF_KEY_COMPONENTS);
  json_object_set_string_member (component, MF_KEY_COMPONENT_ID, new_id);
  rename_in_wires (self, id, new_id);
  rename_in_modes (self, id, new_id);
  rename_in_initial (self, id, new_id);
  preferred = mf_edit_document_array (self, MF_KEY_PREFER_STATES);
  if (preferred != NULL)
    rename_in_strings (mf_edit_document_touch_array (self, MF_KEY_PREFER_STATES), id, new_id,
                       FALSE);
  if (simulation_outputs (self) != NULL)
    {
      mf_edit_document_touch (self, MF_KEY_SIMULATION);
      rename_in_strings (simulation_outputs (self), id, new_id, FALSE);
    }
  mf_edit_document_rename_in_plots (self, id, new_id);
  mf_edit_document_commit (self, label, 0, NULL);
  return TRUE;
}
