/* mf-edit-document.c: the editor's document — loading, saving, reading the
 * tree, the steps every edit goes through, and undo and redo.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-edit-document-private.h"

#include <glib/gi18n.h>

#include <string.h>

#include "mf-json-write.h"

#define UNTITLED N_("Untitled circuit")

G_DEFINE_FINAL_TYPE (MfEditDocument, mf_edit_document, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_FILE,
  PROP_DISPLAY_NAME,
  PROP_MODIFIED,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_UNDO_LABEL,
  PROP_REDO_LABEL,
  N_PROPS
};

enum
{
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
mf_edit_document_dispose (GObject *object)
{
  MfEditDocument *self = MF_EDIT_DOCUMENT (object);

  g_clear_object (&self->file);
  G_OBJECT_CLASS (mf_edit_document_parent_class)->dispose (object);
}

static void
mf_edit_document_finalize (GObject *object)
{
  MfEditDocument *self = MF_EDIT_DOCUMENT (object);

  g_clear_pointer (&self->root, json_node_unref);
  g_clear_pointer (&self->history, mf_history_free);
  g_clear_pointer (&self->ids, g_hash_table_unref);
  g_free (self->display_name);
  g_free (self->added_id);
  g_free (self->undo_label);
  g_free (self->redo_label);
  G_OBJECT_CLASS (mf_edit_document_parent_class)->finalize (object);
}

static void
mf_edit_document_get_property (GObject *object, guint prop_id, GValue *value,
                               GParamSpec *pspec)
{
  MfEditDocument *self = MF_EDIT_DOCUMENT (object);

  switch (prop_id)
    {
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;
    case PROP_DISPLAY_NAME:
      g_value_set_string (value, mf_edit_document_get_display_name (self));
      break;
    case PROP_MODIFIED:
      g_value_set_boolean (value, mf_edit_document_get_modified (self));
      break;
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, mf_edit_document_get_can_undo (self));
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, mf_edit_document_get_can_redo (self));
      break;
    case PROP_UNDO_LABEL:
      g_value_set_string (value, mf_edit_document_get_undo_label (self));
      break;
    case PROP_REDO_LABEL:
      g_value_set_string (value, mf_edit_document_get_redo_label (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mf_edit_document_class_init (MfEditDocumentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = mf_edit_document_dispose;
  object_class->finalize = mf_edit_document_finalize;
  object_class->get_property = mf_edit_document_get_property;

  properties[PROP_FILE] = g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE, flags);
  properties[PROP_DISPLAY_NAME] = g_param_spec_string ("display-name", NULL, NULL, NULL, flags);
  properties[PROP_MODIFIED] = g_param_spec_boolean ("modified", NULL, NULL, FALSE, flags);
  properties[PROP_CAN_UNDO] = g_param_spec_boolean ("can-undo", NULL, NULL, FALSE, flags);
  properties[PROP_CAN_REDO] = g_param_spec_boolean ("can-redo", NULL, NULL, FALSE, flags);
  properties[PROP_UNDO_LABEL] = g_param_spec_string ("undo-label", NULL, NULL, NULL, flags);
  properties[PROP_REDO_LABEL] = g_param_spec_string ("redo-label", NULL, NULL, NULL, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static JsonNode *
empty_document (void)
{
  g_autoptr (JsonObject) object = json_object_new ();

  json_object_set_int_member (object, MF_KEY_MANIFOLD, 1);
  json_object_set_string_member (object, MF_KEY_TITLE, _(UNTITLED));
  json_object_set_array_member (object, MF_KEY_COMPONENTS, json_array_new ());
  json_object_set_array_member (object, MF_KEY_WIRES, json_array_new ());
  return json_node_init_object (json_node_alloc (), object);
}

static void
mf_edit_document_init (MfEditDocument *self)
{
  self->root = empty_document ();
  self->history = mf_history_new ();
}

MfEditDocument *
mf_edit_document_new (void)
{
  return g_object_new (MF_TYPE_EDIT_DOCUMENT, NULL);
}

/* --- notifying -------------------------------------------------------- */

static void
notify_if (MfEditDocument *self, gboolean *was, gboolean now, guint prop)
{
  if (*was == now)
    return;
  *was = now;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

static void
notify_label_if (MfEditDocument *self, char **was, const char *now, guint prop)
{
  if (g_strcmp0 (*was, now) == 0)
    return;
  g_free (*was);
  *was = g_strdup (now);
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

/* Notifies the history's properties that differ from what was last said. */
void
mf_edit_document_sync_state (MfEditDocument *self)
{
  g_object_freeze_notify (G_OBJECT (self));
  notify_if (self, &self->was_modified, mf_edit_document_get_modified (self), PROP_MODIFIED);
  notify_if (self, &self->could_undo, mf_edit_document_get_can_undo (self), PROP_CAN_UNDO);
  notify_if (self, &self->could_redo, mf_edit_document_get_can_redo (self), PROP_CAN_REDO);
  notify_label_if (self, &self->undo_label, mf_edit_document_get_undo_label (self),
                   PROP_UNDO_LABEL);
  notify_label_if (self, &self->redo_label, mf_edit_document_get_redo_label (self),
                   PROP_REDO_LABEL);
  g_object_thaw_notify (G_OBJECT (self));
}

/* Forgets the ids' indices: the next find_component() builds them anew. */
void
mf_edit_document_forget_ids (MfEditDocument *self)
{
  g_clear_pointer (&self->ids, g_hash_table_unref);
  self->ids_changing = FALSE;
}

/* Keeps the ids' indices through the edits that touched components one by
 * one (a drag, a parameter): they change no id and no order, and the
 * canvas asks for every wire end after each of them. */
void
mf_edit_document_changed (MfEditDocument *self)
{
  if (self->ids_changing)
    mf_edit_document_forget_ids (self);
  g_signal_emit (self, signals[CHANGED], 0);
  mf_edit_document_sync_state (self);
}

void
mf_edit_document_set_file (MfEditDocument *self, GFile *file)
{
  g_autofree char *name = NULL;

  if (file != NULL)
    name = g_file_get_basename (file);
  if (self->file != file
      && (self->file == NULL || file == NULL || !g_file_equal (self->file, file)))
    {
      g_set_object (&self->file, file);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
    }
  if (g_strcmp0 (self->display_name, name) != 0)
    {
      g_free (self->display_name);
      self->display_name = g_steal_pointer (&name);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DISPLAY_NAME]);
    }
}

/* --- what it is ----------------------------------------------------- */

GFile *
mf_edit_document_get_file (MfEditDocument *self)
{
  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), NULL);

  return self->file;
}

const char *
mf_edit_document_get_display_name (MfEditDocument *self)
{
  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), NULL);

  return self->display_name != NULL ? self->display_name : _(UNTITLED);
}

gboolean
mf_edit_document_get_modified (MfEditDocument *self)
{
  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), FALSE);

  return !mf_history_is_saved (self->history);
}

/* --- the steps of an edit --------------------------------------------- */

void
mf_edit_document_touch (MfEditDocument *self, const char *member)
{
  mf_history_touch (self->history, self->root, member);
  if (strcmp (member, MF_KEY_COMPONENTS) == 0)
    {
      mf_edit_document_forget_ids (self);
      self->ids_changing = TRUE;
    }
}

JsonNode *
mf_edit_document_touch_component (MfEditDocument *self, guint index)
{
  mf_history_touch_element (self->history, self->root, MF_KEY_COMPONENTS, index);
  return json_array_get_element (mf_edit_document_array (self, MF_KEY_COMPONENTS), index);
}

static int
root_rank (const char *name)
{
  for (guint i = 0; mf_document_root_keys[i] != NULL; i++)
    if (strcmp (mf_document_root_keys[i], name) == 0)
      return (int) i;
  return -1;
}

void
mf_edit_document_set_root_member (MfEditDocument *self, const char *name, JsonNode *node)
{
  JsonObject *object = mf_edit_document_root_object (self);
  g_autoptr (GList) members = NULL;
  g_autoptr (JsonObject) rebuilt = NULL;
  int rank = root_rank (name);
  guint position = 0, i = 0;
  gboolean found = FALSE;

  if (json_object_has_member (object, name) || rank < 0)
    {
      json_object_set_member (object, name, node);
      return;
    }
  /* after the last member that docs/format.md lists before it, or else
   * before the first it lists after it */
  members = json_object_get_members (object);
  for (GList *l = members; l != NULL; l = l->next, i++)
    {
      int other = root_rank (l->data);

      if (other >= 0 && other < rank)
        position = i + 1, found = TRUE;
      else if (other > rank && !found)
        position = i, found = TRUE;
    }
  if (!found)
    position = i;

  rebuilt = json_object_new ();
  i = 0;
  for (GList *l = members; l != NULL; l = l->next, i++)
    {
      if (i == position)
        json_object_set_member (rebuilt, name, g_steal_pointer (&node));
      json_object_set_member (rebuilt, l->data,
                              json_node_ref (json_object_get_member (object, l->data)));
    }
  if (node != NULL)
    json_object_set_member (rebuilt, name, node);
  json_node_set_object (self->root, rebuilt);
}

JsonArray *
mf_edit_document_touch_array (MfEditDocument *self, const char *name)
{
  JsonArray *array;

  mf_edit_document_touch (self, name);
  array = mf_edit_document_array (self, name);
  if (array == NULL)
    {
      array = json_array_new ();
      mf_edit_document_set_root_member (self, name,
                                        json_node_init_array (json_node_alloc (), array));
      json_array_unref (array);
    }
  return array;
}

JsonArray *
mf_edit_document_touch_tail (MfEditDocument *self, const char *name)
{
  if (mf_edit_document_array (self, name) == NULL)
    return mf_edit_document_touch_array (self, name);
  mf_history_touch_tail (self->history, self->root, name);
  if (strcmp (name, MF_KEY_COMPONENTS) == 0)
    {
      mf_edit_document_forget_ids (self);
      self->ids_changing = TRUE;
    }
  return mf_edit_document_array (self, name);
}

JsonObject *
mf_edit_document_touch_object (MfEditDocument *self, const char *name)
{
  JsonNode *node;
  JsonObject *object;

  mf_edit_document_touch (self, name);
  node = json_object_get_member (mf_edit_document_root_object (self), name);
  if (node != NULL)
    return json_node_get_object (node);
  object = json_object_new ();
  mf_edit_document_set_root_member (self, name,
                                    json_node_init_object (json_node_alloc (), object));
  json_object_unref (object);
  return object;
}

/* Cancels the edit, with the first error of `diagnostics` (the loader's,
 * for the text it refused with `local_error`) in words. */
static gboolean
refuse_edit (MfEditDocument *self, GPtrArray *diagnostics, GError *local_error,
             GError **error)
{
  mf_edit_document_cancel (self);
  /* the message without the place: the user edited a field, not the text */
  for (guint i = 0; i < diagnostics->len; i++)
    {
      const MfDiagnostic *diagnostic = g_ptr_array_index (diagnostics, i);

      if (diagnostic->severity == MF_SEVERITY_ERROR)
        {
          g_set_error_literal (error, MF_ERROR, MF_ERROR_INVALID, diagnostic->message);
          g_clear_error (&local_error);
          return FALSE;
        }
    }
  g_propagate_error (error, local_error);
  return FALSE;
}

gboolean
mf_edit_document_verify (MfEditDocument *self, GError **error)
{
  g_autoptr (GPtrArray) diagnostics = g_ptr_array_new_with_free_func (
    (GDestroyNotify) mf_diagnostic_free);
  g_autoptr (MfDocument) document = NULL;
  GError *local_error = NULL;

  document = mf_edit_document_check (self, diagnostics, &local_error);
  if (document != NULL)
    return TRUE;
  return refuse_edit (self, diagnostics, local_error, error);
}

gboolean
mf_edit_document_verify_part (MfEditDocument *self, const char *name, int index,
                              GError **error)
{
  g_autoptr (GPtrArray) diagnostics = g_ptr_array_new_with_free_func (
    (GDestroyNotify) mf_diagnostic_free);
  g_autoptr (JsonObject) object = json_object_new ();
  g_autoptr (JsonNode) part = json_node_init_object (json_node_alloc (), object);
  g_autoptr (MfDocument) document = NULL;
  g_autofree char *data = NULL;
  GError *local_error = NULL;
  JsonNode *node;
  gsize length;

  if (index >= 0)
    node = json_array_get_element (mf_edit_document_array (self, name), (guint) index);
  else
    node = json_object_get_member (mf_edit_document_root_object (self), name);
  json_object_set_int_member (object, MF_KEY_MANIFOLD, 1);
  if (index >= 0)
    {
      JsonArray *array = json_array_new ();

      json_array_add_element (array, mf_json_copy_deep (node));
      json_object_set_array_member (object, name, array);
    }
  else if (node != NULL)
    json_object_set_member (object, name, mf_json_copy_deep (node));

  data = mf_json_to_text (part, &length);
  document = mf_document_load_data (data, (gssize) length, NULL, diagnostics, &local_error);
  if (document != NULL)
    return TRUE;
  return refuse_edit (self, diagnostics, local_error, error);
}

void
mf_edit_document_cancel (MfEditDocument *self)
{
  mf_history_cancel (self->history, self->root);
  mf_edit_document_forget_ids (self);
}

void
mf_edit_document_commit (MfEditDocument *self, const char *label, guint merge_key,
                         const char *merge_subject)
{
  mf_history_commit (self->history, self->root, label, merge_key, merge_subject);
  mf_edit_document_changed (self);
}

gboolean
mf_edit_refuse (GError **error, const char *format, ...)
{
  va_list args;

  va_start (args, format);
  if (error != NULL)
    *error = g_error_new_valist (MF_ERROR, MF_ERROR_INVALID, format, args);
  va_end (args);
  return FALSE;
}

/* --- groups and history ----------------------------------------------- */

void
mf_edit_document_begin_group (MfEditDocument *self, const char *label)
{
  g_return_if_fail (MF_IS_EDIT_DOCUMENT (self));
  g_return_if_fail (label != NULL);

  mf_history_begin_group (self->history, label);
  mf_edit_document_sync_state (self);
}

void
mf_edit_document_end_group (MfEditDocument *self)
{
  g_return_if_fail (MF_IS_EDIT_DOCUMENT (self));
  g_return_if_fail (mf_history_in_group (self->history));

  mf_history_end_group (self->history, self->root);
  mf_edit_document_sync_state (self);
}

gboolean
mf_edit_document_get_changed_components (MfEditDocument *self, GArray *components,
                                         gboolean *others)
{
  gboolean other_members = FALSE;

  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), FALSE);
  g_return_val_if_fail (components != NULL, FALSE);

  g_array_set_size (components, 0);
  if (others != NULL)
    *others = TRUE;
  if (self->replaced)
    return FALSE;
  for (guint i = 0; i < mf_history_get_n_changed (self->history); i++)
    {
      int index;
      const char *name = mf_history_get_changed (self->history, i, &index);

      if (strcmp (name, MF_KEY_WIRES) == 0
          || (strcmp (name, MF_KEY_COMPONENTS) == 0 && index < 0))
        return FALSE;
      if (strcmp (name, MF_KEY_COMPONENTS) == 0)
        {
          guint element = (guint) index;

          g_array_append_val (components, element);
        }
      else
        other_members = TRUE;
    }
  if (others != NULL)
    *others = other_members;
  return TRUE;
}

gboolean
mf_edit_document_get_can_undo (MfEditDocument *self)
{
  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), FALSE);

  return mf_history_can_undo (self->history);
}

gboolean
mf_edit_document_get_can_redo (MfEditDocument *self)
{
  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), FALSE);

  return mf_history_can_redo (self->history);
}

const char *
mf_edit_document_get_undo_label (MfEditDocument *self)
{
  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), NULL);

  return mf_history_get_undo_label (self->history);
}

const char *
mf_edit_document_get_redo_label (MfEditDocument *self)
{
  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), NULL);

  return mf_history_get_redo_label (self->history);
}

gboolean
mf_edit_document_undo (MfEditDocument *self)
{
  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), FALSE);

  if (!mf_history_undo (self->history, self->root))
    return FALSE;
  mf_edit_document_forget_ids (self);
  mf_edit_document_changed (self);
  return TRUE;
}

gboolean
mf_edit_document_redo (MfEditDocument *self)
{
  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), FALSE);

  if (!mf_history_redo (self->history, self->root))
    return FALSE;
  mf_edit_document_forget_ids (self);
  mf_edit_document_changed (self);
  return TRUE;
}
