/* mf-edit-document-modes.c: the edits of modes (which switchable components
 * each one closes) and of the schedule that switches between them.
 *
 * A document without modes has one, "default", with everything open; the
 * edits treat it as a mode that is there, and write it out the first time
 * it is needed, so adding a mode keeps "default" as the first.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-edit-document-private.h"

#include <glib/gi18n.h>

#include <math.h>
#include <string.h>

#define IMPLICIT_MODE "default"

static int
find_mode (MfEditDocument *self, const char *name)
{
  guint n = mf_edit_document_get_n_modes (self);

  for (guint i = 0; i < n; i++)
    if (strcmp (mf_edit_document_get_mode_name (self, i), name) == 0)
      return (int) i;
  return -1;
}

/* TRUE when `name` is a mode, "default" included when there are none. */
static gboolean
mode_exists (MfEditDocument *self, const char *name)
{
  if (mf_edit_document_get_n_modes (self) == 0)
    return strcmp (name, IMPLICIT_MODE) == 0;
  return find_mode (self, name) >= 0;
}

static JsonObject *
new_mode (const char *name)
{
  JsonObject *mode = json_object_new ();

  json_object_set_string_member (mode, MF_KEY_MODE_NAME, name);
  json_object_set_array_member (mode, MF_KEY_MODE_CLOSED, json_array_new ());
  return mode;
}

/* Touches "modes" and returns it, with "default" written out when the
 * document had no modes. */
static JsonArray *
touch_modes (MfEditDocument *self)
{
  gboolean implicit = mf_edit_document_get_n_modes (self) == 0;
  JsonArray *modes = mf_edit_document_touch_array (self, MF_KEY_MODES);

  if (implicit)
    json_array_add_object_element (modes, new_mode (IMPLICIT_MODE));
  return modes;
}

static gboolean
check_new_mode_name (MfEditDocument *self, const char *name, GError **error)
{
  g_autoptr (GError) rule_error = NULL;

  if (name[0] == '\0')
    return mf_edit_refuse (error, _("a mode's name must not be empty"));
  if (!mf_mode_name_check (name, NULL, &rule_error))
    return mf_edit_refuse (error, "%s", rule_error->message);
  if (mode_exists (self, name))
    return mf_edit_refuse (error, _("there is already a mode '%s'"), name);
  return TRUE;
}

gboolean
mf_edit_document_add_mode (MfEditDocument *self, const char *name, GError **error)
{
  g_autofree char *label = NULL;

  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  if (!check_new_mode_name (self, name, error))
    return FALSE;
  label = g_strdup_printf (_("Add mode '%s'"), name);
  json_array_add_object_element (touch_modes (self), new_mode (name));
  if (!mf_edit_document_verify (self, error))
    return FALSE;
  mf_edit_document_commit (self, label, 0, NULL);
  return TRUE;
}

/* Calls `change` on every schedule entry that names mode `name`, from the
 * last to the first so it may remove them; touches "schedule" first. */
static void
schedule_each (MfEditDocument *self, const char *name,
               void (*change) (JsonArray *schedule, guint entry, gpointer data), gpointer data)
{
  JsonArray *schedule = mf_edit_document_array (self, MF_KEY_SCHEDULE);
  gboolean touched = FALSE;

  for (guint i = schedule != NULL ? json_array_get_length (schedule) : 0; i-- > 0;)
    {
      JsonNode *mode = json_object_get_member (json_array_get_object_element (schedule, i),
                                               MF_KEY_SCHEDULE_MODE);

      if (mode == NULL || json_node_get_value_type (mode) != G_TYPE_STRING
          || strcmp (json_node_get_string (mode), name) != 0)
        continue;
      if (!touched)
        schedule = mf_edit_document_touch_array (self, MF_KEY_SCHEDULE), touched = TRUE;
      change (schedule, i, data);
    }
}

static void
rename_entry (JsonArray *schedule, guint entry, gpointer new_name)
{
  json_object_set_string_member (json_array_get_object_element (schedule, entry),
                                 MF_KEY_SCHEDULE_MODE, new_name);
}

static void
remove_entry (JsonArray *schedule, guint entry, gpointer unused)
{
  json_array_remove_element (schedule, entry);
}

gboolean
mf_edit_document_rename_mode (MfEditDocument *self, const char *name, const char *new_name,
                              GError **error)
{
  g_autofree char *label = NULL;
  g_autofree char *old_name = NULL;
  JsonArray *modes;

  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), FALSE);
  g_return_val_if_fail (name != NULL && new_name != NULL, FALSE);

  if (!mode_exists (self, name))
    return mf_edit_refuse (error, _("there is no mode '%s'"), name);
  if (strcmp (name, new_name) == 0)
    return TRUE;
  if (!check_new_mode_name (self, new_name, error))
    return FALSE;

  /* `name` may point into the tree, which changes */
  old_name = g_strdup (name);
  label = g_strdup_printf (_("Rename mode '%s' to '%s'"), old_name, new_name);
  modes = touch_modes (self);
  json_object_set_string_member (json_array_get_object_element (
                                   modes, (guint) find_mode (self, old_name)),
                                 MF_KEY_MODE_NAME, new_name);
  schedule_each (self, old_name, rename_entry, (gpointer) new_name);
  if (!mf_edit_document_verify (self, error))
    return FALSE;
  mf_edit_document_commit (self, label, 0, NULL);
  return TRUE;
}

gboolean
mf_edit_document_remove_mode (MfEditDocument *self, const char *name, GError **error)
{
  g_autofree char *label = NULL;
  g_autofree char *old_name = NULL;
  int index;

  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  index = find_mode (self, name);
  if (index < 0)
    return mf_edit_refuse (error, mode_exists (self, name)
                           ? "'%s' is the only mode: there is nothing to remove"
                           : "there is no mode '%s'", name);
  old_name = g_strdup (name);
  label = g_strdup_printf (_("Delete mode '%s'"), old_name);
  json_array_remove_element (mf_edit_document_touch_array (self, MF_KEY_MODES), (guint) index);
  schedule_each (self, old_name, remove_entry, NULL);
  if (!mf_edit_document_verify (self, error))
    return FALSE;
  mf_edit_document_commit (self, label, 0, NULL);
  return TRUE;
}

/* The position of `id` in the strings of `array`, or -1. */
static int
string_index (JsonArray *array, const char *id)
{
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);

      if (json_node_get_value_type (element) == G_TYPE_STRING
          && strcmp (json_node_get_string (element), id) == 0)
        return (int) i;
    }
  return -1;
}

gboolean
mf_edit_document_set_valve_closed (MfEditDocument *self, const char *mode,
                                   const char *component_id, gboolean closed, GError **error)
{
  g_autofree char *label = NULL;
  const MfComponentTypeInfo *info;
  JsonObject *object;
  JsonArray *modes, *list;
  int index;

  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), FALSE);
  g_return_val_if_fail (mode != NULL && component_id != NULL, FALSE);

  if (!mode_exists (self, mode))
    return mf_edit_refuse (error, _("there is no mode '%s'"), mode);
  index = mf_edit_document_find_component (self, component_id);
  if (index < 0)
    return mf_edit_refuse (error, _("there is no component '%s'"), component_id);
  info = mf_edit_document_get_component_info (self, (guint) index);
  if (!info->switchable)
    {
      const char *type = _(info->label);
      /* English labels are capitalised for the palette; a translated one keeps its case */
      g_autofree char *kind = type == info->label ? g_ascii_strdown (type, -1) : g_strdup (type);

      /* Translators: the first %s is a component's id, the second its type ("pipe") */
      return mf_edit_refuse (error, strchr ("aeiou", info->label[0] | 0x20) != NULL
                                    ? _("'%s' is an %s, which cannot be closed")
                                    : _("'%s' is a %s, which cannot be closed"),
                             component_id, kind);
    }
  if ((mf_edit_document_get_n_modes (self) > 0
       && mf_edit_document_mode_closes (self, (guint) find_mode (self, mode), component_id))
      == closed)
    return TRUE;

  label = closed ? g_strdup_printf (_("Close %s in mode '%s'"), component_id, mode)
                 : g_strdup_printf (_("Open %s in mode '%s'"), component_id, mode);
  /* "default" may only now be written out: look for the mode after */
  modes = touch_modes (self);
  object = json_array_get_object_element (modes, (guint) find_mode (self, mode));
  if (!json_object_has_member (object, MF_KEY_MODE_CLOSED))
    json_object_set_array_member (object, MF_KEY_MODE_CLOSED, json_array_new ());
  list = json_object_get_array_member (object, MF_KEY_MODE_CLOSED);
  if (closed)
    json_array_add_string_element (list, component_id);
  else
    for (int at; (at = string_index (list, component_id)) >= 0;)
      json_array_remove_element (list, (guint) at);
  if (!mf_edit_document_verify (self, error))
    return FALSE;
  mf_edit_document_commit (self, label, 0, NULL);
  return TRUE;
}

gboolean
mf_edit_document_set_schedule (MfEditDocument *self, guint n_entries, const double *times,
                               const char *const *modes, GError **error)
{
  g_autoptr (JsonArray) schedule = json_array_new ();

  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), FALSE);
  g_return_val_if_fail (n_entries == 0 || (times != NULL && modes != NULL), FALSE);

  for (guint i = 0; i < n_entries; i++)
    {
      JsonObject *entry;

      if (!isfinite (times[i]) || times[i] < 0.0)
        return mf_edit_refuse (error, _("schedule entry %u: the time must be a number of "
                               "seconds, not negative"), i + 1);
      if (i > 0 && times[i] < times[i - 1])
        return mf_edit_refuse (error, _("schedule entry %u: the time %g s is before the "
                               "previous entry's %g s"), i + 1, times[i], times[i - 1]);
      if (modes[i] == NULL || !mode_exists (self, modes[i]))
        return mf_edit_refuse (error, _("schedule entry %u: there is no mode '%s'"), i + 1,
                               modes[i] != NULL ? modes[i] : "");
      entry = json_object_new ();
      json_object_set_member (entry, MF_KEY_SCHEDULE_T, mf_edit_number_node (times[i]));
      json_object_set_string_member (entry, MF_KEY_SCHEDULE_MODE, modes[i]);
      json_array_add_object_element (schedule, entry);
    }

  mf_edit_document_touch (self, MF_KEY_SCHEDULE);
  if (n_entries == 0 && mf_edit_document_array (self, MF_KEY_SCHEDULE) != NULL)
    json_object_remove_member (mf_edit_document_root_object (self), MF_KEY_SCHEDULE);
  else if (n_entries > 0)
    mf_edit_document_set_root_member (self, MF_KEY_SCHEDULE,
                                      json_node_init_array (json_node_alloc (), schedule));
  if (!mf_edit_document_verify (self, error))
    return FALSE;
  mf_edit_document_commit (self, _("Change schedule"), 0, NULL);
  return TRUE;
}
