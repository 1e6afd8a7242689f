/* mf-document-validate-components.c: the "components" of a document: each
 * one's id, type, layout and parameters, built into the circuit (or, when
 * its id is unusable, into a scratch circuit so its parameters are still
 * checked).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-document-private.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>


static const char *
check_component_id (MfChecker *checker, JsonObject *object, const char *path, guint index,
                    gboolean *usable)
{
  JsonNode *node = json_object_get_member (object, MF_KEY_COMPONENT_ID);
  g_autofree char *id_path = mf_json_path_member (path, MF_KEY_COMPONENT_ID);
  g_autoptr (GError) error = NULL;
  const char *id;
  gsize offset;

  *usable = FALSE;
  if (node == NULL)
    {
      mf_checker_error (checker, path, _("component %u needs an 'id'"), index + 1);
      return NULL;
    }
  if (!mf_document_is_string (node))
    {
      mf_checker_error (checker, id_path, _("component %u: 'id' must be a string"), index + 1);
      return NULL;
    }
  id = json_node_get_string (node);
  if (id[0] == '\0')
    {
      mf_checker_error (checker, id_path, _("component %u: 'id' must not be empty"), index + 1);
      return NULL;
    }
  if (!mf_id_check (id, &offset, &error))
    {
      g_autofree char *shown = mf_text_escape (id);

      /* Translators: the first %s is the id as written, the second what is wrong with it */
      mf_checker_error_in_string (checker, id_path, offset, _("component '%s': %s"), shown,
                                  error->message);
    }
  else if (mf_circuit_find_component (checker->circuit, id) >= 0
           || g_hash_table_contains (checker->broken_ids, id))
    mf_checker_error (checker, id_path, _("duplicate component id '%s'"), id);
  else
    *usable = TRUE;
  return id;
}

static const MfComponentTypeInfo *
check_component_type (MfChecker *checker, JsonObject *object, const char *path,
                      const char *owner)
{
  JsonNode *node = json_object_get_member (object, MF_KEY_COMPONENT_TYPE);
  g_autofree char *type_path = mf_json_path_member (path, MF_KEY_COMPONENT_TYPE);
  const MfComponentTypeInfo *info;
  const char *names[MF_N_COMPONENT_TYPES + 1];
  g_autofree char *shown = NULL;
  const char *guess;

  if (node == NULL)
    {
      /* Translators: the first %s names the component ("component 'P1'" or "component 2") */
      mf_checker_error (checker, path, _("%s needs a 'type'"), owner);
      return NULL;
    }
  if (!mf_document_is_string (node))
    {
      /* Translators: the first %s names the component ("component 'P1'" or "component 2") */
      mf_checker_error (checker, type_path, _("%s: 'type' must be a string"), owner);
      return NULL;
    }
  info = mf_component_type_lookup (json_node_get_string (node));
  if (info != NULL)
    return info;
  shown = mf_text_escape (json_node_get_string (node));

  for (guint t = 0; t < MF_N_COMPONENT_TYPES; t++)
    names[t] = mf_component_type_info (t)->name;
  names[MF_N_COMPONENT_TYPES] = NULL;
  guess = mf_document_closest_name (json_node_get_string (node), names, NULL);
  if (guess != NULL)
    /* Translators: the first %s names the component ("component 'P1'" or "component 2"), the second
     * is the type as written, the third a known type close to it */
    mf_checker_error (checker, type_path, _("%s: unknown component type '%s' (did you mean '%s'?)"),
                      owner, shown, guess);
  else
    /* Translators: the first %s names the component ("component 'P1'" or "component 2"), the second
     * is the type as written */
    mf_checker_error (checker, type_path, _("%s: unknown component type '%s'"), owner, shown);
  return NULL;
}

/* "at" and "rotation": canvas layout, checked so the editor can trust them. */
static void
check_layout (MfChecker *checker, JsonObject *object, const char *path, const char *owner,
              MfComponent *component)
{
  JsonNode *at = json_object_get_member (object, MF_KEY_COMPONENT_AT);
  JsonNode *rotation = json_object_get_member (object, MF_KEY_COMPONENT_ROTATION);

  if (at != NULL)
    {
      JsonArray *array = JSON_NODE_HOLDS_ARRAY (at) ? json_node_get_array (at) : NULL;
      g_autofree char *at_path = mf_json_path_member (path, MF_KEY_COMPONENT_AT);

      if (array == NULL || json_array_get_length (array) != 2
          || !mf_document_is_number (json_array_get_element (array, 0))
          || !mf_document_is_number (json_array_get_element (array, 1))
          || !isfinite (json_array_get_double_element (array, 0))
          || !isfinite (json_array_get_double_element (array, 1)))
        /* Translators: the first %s names the component ("component 'P1'" or "component 2") */
        mf_checker_error (checker, at_path, _("%s: 'at' must be an array of two numbers [x, y]"),
                          owner);
      else if (component != NULL)
        for (guint i = 0; i < 2; i++)
          component->at[i] = json_array_get_double_element (array, i);
    }
  if (rotation != NULL)
    {
      double value = mf_document_is_number (rotation) ? json_node_get_double (rotation) : -1.0;
      g_autofree char *rotation_path = mf_json_path_member (path, MF_KEY_COMPONENT_ROTATION);

      if (value != 0.0 && value != 90.0 && value != 180.0 && value != 270.0)
        /* Translators: the first %s names the component ("component 'P1'" or "component 2") */
        mf_checker_error (checker, rotation_path, _("%s: 'rotation' must be 0, 90, 180 or 270"),
                          owner);
      else if (component != NULL)
        component->rotation = (int) value;
    }
}

static void
check_choice (MfChecker *checker, JsonNode *node, const char *path, const char *owner,
              MfComponent *component, guint param)
{
  const MfParamSpec *spec = &component->info->params[param];
  g_autofree char *choices = NULL;

  if (mf_document_is_string (node))
    for (guint c = 0; spec->choices[c] != NULL; c++)
      if (strcmp (spec->choices[c], json_node_get_string (node)) == 0)
        {
          component->params[param].choice = (int) c;
          return;
        }
  choices = g_strjoinv (", ", (char **) spec->choices);
  /* Translators: the first %s names the component ("component 'P1'" or "component 2"), the second a
   * field, the third the allowed words ("open, closed") */
  mf_checker_error (checker, path, _("%s: '%s' must be one of %s"), owner, spec->name, choices);
}

static void
check_required_params (MfChecker *checker, JsonObject *object, const char *path,
                       const char *id, const char *owner, const MfComponent *component)
{
  const MfComponentTypeInfo *info = component->info;

  for (guint i = 0; i < info->n_params; i++)
    if (info->params[i].required && !json_object_has_member (object, info->params[i].name))
      /* Translators: the first %s names the component ("component 'P1'" or "component 2"), the
       * second its type ("pipe"), the third the missing field */
      mf_checker_error (checker, path, _("%s (%s) needs '%s'"), owner, info->name,
                        info->params[i].name);

  /* a volume's compliance comes from one or the other */
  if (info->type == MF_COMPONENT_VOLUME && !json_object_has_member (object, "volume")
      && !json_object_has_member (object, "capacitance"))
    {
      if (id != NULL)
        mf_checker_error (checker, path, _("volume '%s' needs 'volume' or 'capacitance'"), id);
      else
        /* Translators: the first %s names the component ("component 'P1'" or "component 2") */
        mf_checker_error (checker, path, _("%s (volume) needs 'volume' or 'capacitance'"), owner);
    }
}

/* A pump's or motor's leak is given once: as a leakage coefficient or as a
 * volumetric efficiency; a motor's efficiencies hold at a rated point it
 * must have (mf-leak.h). */
static void
check_leakage (MfChecker *checker, JsonObject *object, const char *path, const char *owner,
               const MfComponentTypeInfo *info)
{
  static const char *const efficiencies[] = { "volumetric_efficiency", "mechanical_efficiency" };

  if (info->type != MF_COMPONENT_PUMP && info->type != MF_COMPONENT_VARIABLE_PUMP
      && info->type != MF_COMPONENT_MOTOR)
    return;
  if (json_object_has_member (object, "leakage_coefficient")
      && json_object_has_member (object, "volumetric_efficiency"))
    {
      g_autofree char *param_path = mf_json_path_member (path, "volumetric_efficiency");

      /* Translators: %s names the component ("component 'HM1'" or "component 2") */
      mf_checker_error (checker, param_path, _("%s: give 'leakage_coefficient' or "
                                               "'volumetric_efficiency', not both"),
                        owner);
    }
  if (info->type != MF_COMPONENT_MOTOR
      || (json_object_has_member (object, "rated_pressure")
          && json_object_has_member (object, "rated_speed")))
    return;
  for (guint i = 0; i < G_N_ELEMENTS (efficiencies); i++)
    if (json_object_has_member (object, efficiencies[i]))
      {
        g_autofree char *param_path = mf_json_path_member (path, efficiencies[i]);

        /* Translators: the first %s names the component ("component 'HM1'" or "component 2"),
         * the second an efficiency's field */
        mf_checker_error (checker, param_path, _("%s: '%s' needs 'rated_pressure' and "
                                                 "'rated_speed', the datasheet's point it holds "
                                                 "at"),
                          owner, efficiencies[i]);
      }
}

static void
check_params (MfChecker *checker, JsonObject *object, const char *path, const char *id,
              const char *owner, MfComponent *component)
{
  const MfComponentTypeInfo *info = component->info;

  for (guint i = 0; i < info->n_params; i++)
    {
      const MfParamSpec *spec = &info->params[i];
      JsonNode *node = json_object_get_member (object, spec->name);
      g_autofree char *param_path = NULL;
      MfValueRule rule = { owner, spec->name, spec->quantity, FALSE, spec->range,
                           spec->may_vary };
      MfExpr *expr;

      if (node == NULL)
        continue;
      param_path = mf_json_path_member (path, spec->name);
      if (spec->kind == MF_PARAM_CHOICE)
        {
          check_choice (checker, node, param_path, owner, component, i);
          continue;
        }
      expr = mf_document_check_value (checker, node, param_path, &rule);
      if (expr != NULL)
        mf_component_set_param (component, i, expr);
    }
  check_required_params (checker, object, path, id, owner, component);
  check_leakage (checker, object, path, owner, info);
}

/* The component built from the document, or one in the scratch circuit
 * when its id cannot be used, so its parameters are still checked. */
static MfComponent *
add_component (MfChecker *checker, const char *id, gboolean usable, guint index,
               const MfComponentTypeInfo *info)
{
  g_autofree char *scratch_id = NULL;

  if (usable)
    return mf_circuit_add_component (checker->circuit, id, info->type);
  scratch_id = g_strdup_printf ("#%u", index);
  return mf_circuit_add_component (checker->scratch, scratch_id, info->type);
}

static void
check_component (MfChecker *checker, JsonNode *node, guint index, gpointer unused)
{
  g_autofree char *path = mf_json_path_index (MF_KEY_COMPONENTS, index);
  g_autofree char *owner = NULL;
  const MfComponentTypeInfo *info;
  MfComponent *component = NULL;
  JsonObject *object;
  gboolean usable;
  const char *id;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      mf_checker_error (checker, path, _("component %u must be an object"), index + 1);
      return;
    }
  object = json_node_get_object (node);
  id = check_component_id (checker, object, path, index, &usable);
  if (id != NULL)
    {
      g_autofree char *shown = mf_text_escape (id);

      /* Translators: names a component at the start of a message; %s is its id */
      owner = g_strdup_printf (_("component '%s'"), shown);
    }
  else
    /* Translators: names a component at the start of a message; %u is its number */
    owner = g_strdup_printf (_("component %u"), index + 1);
  info = check_component_type (checker, object, path, owner);
  if (info != NULL)
    component = add_component (checker, id, usable, index, info);
  /* lookups try the circuit first, so a duplicate's id here is harmless */
  if (id != NULL && (!usable || component == NULL))
    g_hash_table_add (checker->broken_ids, g_strdup (id));

  check_layout (checker, object, path, owner, component);
  if (component == NULL)
    return;
  mf_document_warn_unknown_fields (checker, object, path, owner, mf_document_component_keys, info);
  check_params (checker, object, path, usable ? id : NULL, owner, component);
}

void
mf_document_check_components (MfChecker *checker, JsonNode *node)
{
  /* refused before any is built: the circuit would not be worked with */
  if (JSON_NODE_HOLDS_ARRAY (node)
      && json_array_get_length (json_node_get_array (node)) > MF_DOCUMENT_MAX_COMPONENTS)
    {
      g_autofree char *path = mf_json_path_index (MF_KEY_COMPONENTS,
                                                  MF_DOCUMENT_MAX_COMPONENTS);

      mf_checker_error (checker, path, _("a circuit has at most %u components; this one has %u"),
                        MF_DOCUMENT_MAX_COMPONENTS,
                        json_array_get_length (json_node_get_array (node)));
      return;
    }
  mf_document_check_each (checker, node, MF_KEY_COMPONENTS, check_component, NULL);
}
