/* mf-document-validate-modes.c: the "modes" of a document (which switchable
 * components each one closes) and the "schedule" that switches between them.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-document-private.h"

#include <glib/gi18n.h>
#include <string.h>


static const char *
check_mode_name (MfChecker *checker, JsonObject *object, const char *path, guint index,
                 gboolean *usable)
{
  JsonNode *node = json_object_get_member (object, MF_KEY_MODE_NAME);
  g_autofree char *name_path = mf_json_path_member (path, MF_KEY_MODE_NAME);
  g_autoptr (GError) error = NULL;
  const char *name;
  gsize offset;

  *usable = FALSE;
  if (node == NULL)
    mf_checker_error (checker, path, _("mode %u needs a 'name'"), index + 1);
  else if (!mf_document_is_string (node))
    mf_checker_error (checker, name_path, _("mode %u: 'name' must be a string"), index + 1);
  else if ((name = json_node_get_string (node))[0] == '\0')
    mf_checker_error (checker, name_path, _("mode %u: 'name' must not be empty"), index + 1);
  else
    {
      /* a name that breaks the rules is not repeated in the messages about its mode */
      if (!mf_mode_name_check (name, &offset, &error))
        {
          /* Translators: %u is the mode's number, %s what is wrong with its name */
          mf_checker_error_in_string (checker, name_path, offset, _("mode %u: %s"), index + 1,
                                      error->message);
          return NULL;
        }
      if (mf_circuit_find_mode (checker->circuit, name) >= 0)
        mf_checker_error (checker, name_path, _("duplicate mode name '%s'"), name);
      else
        *usable = TRUE;
      return name;
    }
  return NULL;
}

/* Appends one id of a mode's "closed" list to `closed`, if it may be. */
static void
check_closed_id (MfChecker *checker, JsonNode *node, const char *path, const char *owner,
                 GArray *closed)
{
  const MfComponent *component;
  const char *id;
  g_autofree char *kind = NULL;
  int index;

  if (!mf_document_is_string (node))
    {
      /* Translators: the first %s names the mode ("mode 'lift'") or schedule entry ("schedule entry
       * 2") */
      mf_checker_error (checker, path, _("%s: 'closed' must be an array of component ids"), owner);
      return;
    }
  id = json_node_get_string (node);
  index = mf_circuit_find_component (checker->circuit, id);
  if (index < 0)
    {
      g_autofree char *shown = mf_text_escape (id);
      const char *guess = mf_document_closest_component (checker, id);

      if (g_hash_table_contains (checker->broken_ids, id))
        return;
      if (guess != NULL)
        /* Translators: the first %s names the mode ("mode 'lift'"), the second is a component id
         * as written, the third the closest id */
        mf_checker_error (checker, path, _("%s: no component '%s' (did you mean '%s'?)"), owner,
                          shown, guess);
      else
        /* Translators: the first %s names the mode ("mode 'lift'") or schedule entry ("schedule
         * entry 2"), the second is a component id */
        mf_checker_error (checker, path, _("%s: no component '%s'"), owner, shown);
      return;
    }
  component = g_ptr_array_index (checker->circuit->components, index);
  if (!component->info->switchable)
    {
      kind = mf_component_type_kind (component->info);
      if (strchr ("aeiou", g_ascii_tolower (component->info->label[0])) != NULL)
        /* Translators: the first %s is the mode ("mode 'lift'"), the second a component id,
         * the third the component's type ("orifice"); "an" before a vowel */
        mf_checker_error (checker, path, _("%s: '%s' is an %s, which cannot be closed"), owner,
                          id, kind);
      else
        /* Translators: the first %s is the mode ("mode 'lift'"), the second a component id,
         * the third the component's type ("pipe") */
        mf_checker_error (checker, path, _("%s: '%s' is a %s, which cannot be closed"), owner,
                          id, kind);
      return;
    }
  for (guint i = 0; i < closed->len; i++)
    if (g_array_index (closed, guint, i) == (guint) index)
      return;
  g_array_append_val (closed, index);
}

static void
check_closed (MfChecker *checker, JsonNode *node, const char *path, const char *owner,
              GArray *closed)
{
  JsonArray *array;

  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      /* Translators: the first %s names the mode ("mode 'lift'") or schedule entry ("schedule entry
       * 2") */
      mf_checker_error (checker, path, _("%s: 'closed' must be an array of component ids"), owner);
      return;
    }
  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      g_autofree char *item_path = mf_json_path_index (path, i);

      check_closed_id (checker, json_array_get_element (array, i), item_path, owner, closed);
    }
}

static void
check_mode (MfChecker *checker, JsonNode *node, guint index, gpointer unused)
{
  g_autofree char *path = mf_json_path_index (MF_KEY_MODES, index);
  g_autofree char *owner = NULL;
  g_autoptr (GArray) closed = g_array_new (FALSE, FALSE, sizeof (guint));
  JsonObject *object;
  JsonNode *closed_node;
  const char *name;
  gboolean usable;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      mf_checker_error (checker, path, _("mode %u must be an object"), index + 1);
      return;
    }
  object = json_node_get_object (node);
  name = check_mode_name (checker, object, path, index, &usable);
  /* Translators: names a mode at the start of a message; %s is its name, %u its number */
  owner = name != NULL ? g_strdup_printf (_("mode '%s'"), name)
                       : g_strdup_printf (_("mode %u"), index + 1);
  mf_document_warn_unknown_fields (checker, object, path, owner, mf_document_mode_keys, NULL);
  closed_node = json_object_get_member (object, MF_KEY_MODE_CLOSED);
  if (closed_node != NULL)
    {
      g_autofree char *closed_path = mf_json_path_member (path, MF_KEY_MODE_CLOSED);

      check_closed (checker, closed_node, closed_path, owner, closed);
    }
  if (usable)
    {
      MfMode *mode = mf_circuit_add_mode (checker->circuit, name);

      g_array_append_vals (mode->closed, closed->data, closed->len);
    }
}

void
mf_document_check_modes (MfChecker *checker, JsonNode *node)
{
  mf_document_check_each (checker, node, MF_KEY_MODES, check_mode, NULL);
}

/* The mode an entry names, or -1 (reported). */
static int
check_schedule_mode (MfChecker *checker, JsonObject *object, const char *path,
                     const char *owner)
{
  JsonNode *node = json_object_get_member (object, MF_KEY_SCHEDULE_MODE);
  g_autofree char *mode_path = mf_json_path_member (path, MF_KEY_SCHEDULE_MODE);
  int mode;

  if (node == NULL)
    {
      /* Translators: the first %s names the mode ("mode 'lift'") or schedule entry ("schedule entry
       * 2") */
      mf_checker_error (checker, path, _("%s needs a 'mode'"), owner);
      return -1;
    }
  if (!mf_document_is_string (node))
    {
      /* Translators: the first %s names the mode ("mode 'lift'") or schedule entry ("schedule entry
       * 2") */
      mf_checker_error (checker, mode_path, _("%s: 'mode' must be a string"), owner);
      return -1;
    }
  mode = mf_circuit_find_mode (checker->circuit, json_node_get_string (node));
  if (mode < 0)
    {
      g_autofree char *shown = mf_text_escape (json_node_get_string (node));

      /* Translators: the first %s names the mode ("mode 'lift'") or schedule entry ("schedule
       * entry 2"), the second is a mode name */
      mf_checker_error (checker, mode_path, _("%s: no mode '%s'"), owner, shown);
    }
  return mode;
}

static void
check_schedule_entry (MfChecker *checker, JsonNode *node, guint index, gpointer data)
{
  double *previous = data;
  g_autofree char *path = mf_json_path_index (MF_KEY_SCHEDULE, index);
  g_autofree char *owner = g_strdup_printf (_("schedule entry %u"), index + 1);
  g_autofree char *t_path = mf_json_path_member (path, MF_KEY_SCHEDULE_T);
  MfValueRule rule = {
    owner, MF_KEY_SCHEDULE_T, MF_QUANTITY_TIME, FALSE, MF_RANGE_NON_NEGATIVE, FALSE
  };
  MfScheduleEntry entry = { 0.0, 0 };
  gboolean t_ok = FALSE;
  JsonObject *object;
  JsonNode *t;
  int mode;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      /* Translators: the first %s names the mode ("mode 'lift'") or schedule entry ("schedule entry
       * 2") */
      mf_checker_error (checker, path, _("%s must be an object"), owner);
      return;
    }
  object = json_node_get_object (node);
  mf_document_warn_unknown_fields (checker, object, path, owner, mf_document_schedule_keys, NULL);
  t = json_object_get_member (object, MF_KEY_SCHEDULE_T);
  if (t == NULL)
    /* Translators: the first %s names the mode ("mode 'lift'") or schedule entry ("schedule entry
     * 2") */
    mf_checker_error (checker, path, _("%s needs a time 't'"), owner);
  else if (mf_document_check_constant (checker, t, t_path, &rule, &entry.t))
    {
      if (entry.t < *previous)
        /* Translators: the first %s names the mode ("mode 'lift'") or schedule entry ("schedule
         * entry 2"); the numbers are times in seconds */
        mf_checker_error (checker, t_path, _("%s: 't' is %g, before the previous entry's %g; "
                            "times must not decrease"), owner, entry.t, *previous);
      else
        {
          if (index > 0 && entry.t == *previous)
            /* Translators: the first %s names the schedule entry ("schedule entry 2"); the
             * number is a time in seconds */
            mf_checker_warn_key (checker, t_path, _("%s: 't' is %g, the previous entry's time too, "
                                                    "so the previous entry never holds"),
                                 owner, entry.t);
          *previous = entry.t, t_ok = TRUE;
        }
    }
  mode = check_schedule_mode (checker, object, path, owner);
  if (mode >= 0 && t_ok)
    {
      entry.mode = (guint) mode;
      g_array_append_val (checker->circuit->schedule, entry);
    }
}

void
mf_document_check_schedule (MfChecker *checker, JsonNode *node)
{
  double previous = 0.0; /* schedule times may not decrease */

  mf_document_check_each (checker, node, MF_KEY_SCHEDULE, check_schedule_entry, &previous);
}
