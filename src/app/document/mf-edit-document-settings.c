/* mf-edit-document-settings.c: the edits of the document's own fields —
 * title, description, fluid, simulation settings, initial values and
 * preferred states.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-edit-document-private.h"

#include <glib/gi18n.h>

#include <math.h>
#include <string.h>

/* Sets (or, with NULL, removes) a text field of the root. */
static void
set_text_field (MfEditDocument *self, const char *name, const char *value, const char *label)
{
  JsonObject *root = mf_edit_document_root_object (self);

  if (g_strcmp0 (value, json_object_get_string_member_with_default (root, name, NULL)) == 0)
    return;
  mf_edit_document_touch (self, name);
  if (value == NULL)
    json_object_remove_member (root, name);
  else
    mf_edit_document_set_root_member (self, name,
                                      json_node_init_string (json_node_alloc (), value));
  mf_edit_document_commit (self, label, 0, NULL);
}

gboolean
mf_edit_document_set_title (MfEditDocument *self, const char *title, GError **error)
{
  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), FALSE);

  if (title != NULL && !g_utf8_validate (title, -1, NULL))
    return mf_edit_refuse (error, _("the title is not valid UTF-8 text"));
  set_text_field (self, MF_KEY_TITLE, title, _("Change title"));
  return TRUE;
}

gboolean
mf_edit_document_set_description (MfEditDocument *self, const char *description,
                                  GError **error)
{
  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), FALSE);

  if (description != NULL && !g_utf8_validate (description, -1, NULL))
    return mf_edit_refuse (error, _("the description is not valid UTF-8 text"));
  /* an empty description says nothing: leave the field out */
  if (description != NULL && description[0] == '\0')
    description = NULL;
  set_text_field (self, MF_KEY_DESCRIPTION, description, _("Change description"));
  return TRUE;
}

/* --- fluid ------------------------------------------------------------ */

char *
mf_edit_document_get_fluid_text (MfEditDocument *self, const char *field)
{
  JsonNode *fluid;

  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), NULL);
  g_return_val_if_fail (field != NULL, NULL);

  fluid = json_object_get_member (mf_edit_document_root_object (self), MF_KEY_FLUID);
  if (fluid == NULL || !JSON_NODE_HOLDS_OBJECT (fluid))
    return NULL;
  return mf_edit_value_text (json_object_get_member (json_node_get_object (fluid), field));
}

gboolean
mf_edit_document_set_fluid_text (MfEditDocument *self, const char *field, const char *text,
                                 GError **error)
{
  /* in the order of mf_document_fluid_keys */
  static const char *const labels[] = {
    N_("Set fluid density"), N_("Set fluid viscosity"), N_("Set fluid bulk modulus")
  };
  g_autofree char *stripped = g_strstrip (g_strdup (text != NULL ? text : ""));
  g_autofree char *current = NULL;
  JsonObject *fluid;
  guint which;

  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), FALSE);
  g_return_val_if_fail (field != NULL, FALSE);

  for (which = 0; mf_document_fluid_keys[which] != NULL; which++)
    if (strcmp (mf_document_fluid_keys[which], field) == 0)
      break;
  if (mf_document_fluid_keys[which] == NULL)
    return mf_edit_refuse (error, _("the fluid has no property '%s'"), field);
  current = mf_edit_document_get_fluid_text (self, field);
  if (stripped[0] == '\0' && current == NULL)
    return TRUE;

  fluid = mf_edit_document_touch_object (self, MF_KEY_FLUID);
  if (stripped[0] != '\0')
    json_object_set_member (fluid, field, mf_edit_typed_node (stripped));
  else
    {
      json_object_remove_member (fluid, field);
      /* with nothing left the fluid is the default one, as in a new file */
      if (json_object_get_size (fluid) == 0)
        json_object_remove_member (mf_edit_document_root_object (self), MF_KEY_FLUID);
    }
  /* nothing else in a document depends on the fluid's fields */
  if (!mf_edit_document_verify_part (self, MF_KEY_FLUID, -1, error))
    return FALSE;
  mf_edit_document_commit (self, _(labels[which]), 0, NULL);
  return TRUE;
}

/* --- simulation ------------------------------------------------------- */

/* The undo label of a change of simulation setting `field`. */
static const char *
simulation_field_label (const char *field)
{
  /* in the order of mf_document_simulation_keys */
  static const char *const labels[] = {
    N_("Set end time"), N_("Set method"), N_("Set relative tolerance"),
    N_("Set absolute tolerance"), N_("Set output interval"), N_("Set step"),
    N_("Set outputs"), NULL
  };

  for (guint i = 0; mf_document_simulation_keys[i] != NULL; i++)
    if (strcmp (mf_document_simulation_keys[i], field) == 0)
      return _(labels[i]);
  return field;
}

gboolean
mf_edit_document_set_simulation_text (MfEditDocument *self, const char *field,
                                      const char *text, GError **error)
{
  g_autofree char *stripped = g_strstrip (g_strdup (text != NULL ? text : ""));
  g_autofree char *current = NULL;
  g_autofree char *label = NULL;
  JsonObject *simulation;

  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), FALSE);
  g_return_val_if_fail (field != NULL, FALSE);

  if (!g_strv_contains (mf_document_simulation_keys, field))
    return mf_edit_refuse (error, _("there is no simulation setting '%s'"), field);
  current = mf_edit_document_get_simulation_text (self, field);
  if (stripped[0] == '\0' && current == NULL)
    return TRUE;

  simulation = mf_edit_document_touch_object (self, MF_KEY_SIMULATION);
  if (stripped[0] == '\0')
    json_object_remove_member (simulation, field);
  else if (strcmp (field, MF_KEY_SIMULATION_METHOD) == 0)
    json_object_set_string_member (simulation, field, stripped);
  else
    json_object_set_member (simulation, field, mf_edit_typed_node (stripped));
  /* the simulation settings decide only whether they load themselves */
  if (!mf_edit_document_verify_part (self, MF_KEY_SIMULATION, -1, error))
    return FALSE;
  label = g_strdup (simulation_field_label (field));
  mf_edit_document_commit (self, label, 0, NULL);
  return TRUE;
}

/* --- initial values --------------------------------------------------- */

char **
mf_edit_document_get_initial_states (MfEditDocument *self)
{
  g_autoptr (GStrvBuilder) names = g_strv_builder_new ();
  JsonNode *initial;

  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), NULL);

  initial = json_object_get_member (mf_edit_document_root_object (self), MF_KEY_INITIAL);
  if (initial != NULL && JSON_NODE_HOLDS_OBJECT (initial))
    {
      g_autoptr (GList) members = json_object_get_members (json_node_get_object (initial));

      for (GList *l = members; l != NULL; l = l->next)
        g_strv_builder_add (names, l->data);
    }
  return g_strv_builder_end (names);
}

char *
mf_edit_document_get_initial_text (MfEditDocument *self, const char *state)
{
  JsonNode *initial;

  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), NULL);
  g_return_val_if_fail (state != NULL, NULL);

  initial = json_object_get_member (mf_edit_document_root_object (self), MF_KEY_INITIAL);
  if (initial == NULL || !JSON_NODE_HOLDS_OBJECT (initial))
    return NULL;
  return mf_edit_value_text (json_object_get_member (json_node_get_object (initial), state));
}

gboolean
mf_edit_document_set_initial (MfEditDocument *self, const char *state, const char *text,
                              GError **error)
{
  g_autofree char *stripped = g_strstrip (g_strdup (text != NULL ? text : ""));
  g_autofree char *name = NULL;
  g_autofree char *current = NULL;
  g_autofree char *label = NULL;
  JsonObject *initial;
  char *end = NULL;
  double value;

  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), FALSE);
  g_return_val_if_fail (state != NULL, FALSE);

  if (state[0] == '\0')
    return mf_edit_refuse (error, _("a state's name must not be empty"));
  current = mf_edit_document_get_initial_text (self, state);
  if (stripped[0] == '\0' && current == NULL)
    return TRUE;
  if (stripped[0] != '\0')
    {
      value = g_ascii_strtod (stripped, &end);
      if (end == stripped || *end != '\0' || !isfinite (value))
        /* Translators: %s is what was typed for an initial value */
        return mf_edit_refuse (error, _("'%s' is not a number: an initial value is a plain "
                                        "number in SI units"),
                               stripped);
    }
  /* `state` may point into the tree, which changes */
  state = name = g_strdup (state);
  /* Translators: an undo label; %s is a state ("P1.v") */
  label = g_strdup_printf (_("Set initial %s"), state);
  initial = mf_edit_document_touch_object (self, MF_KEY_INITIAL);
  if (stripped[0] != '\0')
    json_object_set_member (initial, state, mf_edit_typed_node (stripped));
  else
    {
      json_object_remove_member (initial, state);
      if (json_object_get_size (initial) == 0)
        json_object_remove_member (mf_edit_document_root_object (self), MF_KEY_INITIAL);
    }
  /* a name that is no state of the circuit would not load */
  if (!mf_edit_document_verify (self, error))
    return FALSE;
  mf_edit_document_commit (self, label, 0, NULL);
  return TRUE;
}

/* --- preferred states ------------------------------------------------- */

gboolean
mf_edit_document_set_state_preferred (MfEditDocument *self, const char *state,
                                      gboolean preferred, GError **error)
{
  g_autofree char *label = NULL;
  g_autofree char *name = NULL;
  JsonArray *states;

  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), FALSE);
  g_return_val_if_fail (state != NULL, FALSE);

  if (state[0] == '\0')
    return mf_edit_refuse (error, _("a state's name must not be empty"));
  if (mf_edit_document_get_state_preferred (self, state) == preferred)
    return TRUE;

  /* `state` may point into the tree, which changes */
  state = name = g_strdup (state);
  /* Translators: undo labels; %s is a state ("P1.v") */
  label = preferred ? g_strdup_printf (_("Prefer %s"), state)
                    : g_strdup_printf (_("Stop preferring %s"), state);
  states = mf_edit_document_touch_array (self, MF_KEY_PREFER_STATES);
  if (preferred)
    json_array_add_string_element (states, state);
  else
    for (guint i = json_array_get_length (states); i-- > 0;)
      if (g_strcmp0 (json_array_get_string_element (states, i), state) == 0)
        json_array_remove_element (states, i);
  /* a name that is not a velocity of the circuit would not load */
  if (preferred && !mf_edit_document_verify (self, error))
    return FALSE;
  mf_edit_document_commit (self, label, 0, NULL);
  return TRUE;
}
