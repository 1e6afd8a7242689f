/* mf-edit-document.c: the editor's document — loading, saving, reading the
 * tree, the steps every edit goes through, and undo and redo.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-edit-document-private.h"

#include <glib/gi18n.h>

#include <math.h>
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
static void
sync_state (MfEditDocument *self)
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
static void
forget_ids (MfEditDocument *self)
{
  g_clear_pointer (&self->ids, g_hash_table_unref);
  self->ids_changing = FALSE;
}

/* Keeps the ids' indices through the edits that touched components one by
 * one (a drag, a parameter): they change no id and no order, and the
 * canvas asks for every wire end after each of them. */
static void
document_changed (MfEditDocument *self)
{
  if (self->ids_changing)
    forget_ids (self);
  g_signal_emit (self, signals[CHANGED], 0);
  sync_state (self);
}

static void
set_file (MfEditDocument *self, GFile *file)
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

/* --- loading and saving ----------------------------------------------- */

/* The tree of a text that mf_document_load_data() took: json-glib parses it
 * the same way again. */
static JsonNode *
parse_tree (const char *data, gsize length)
{
  g_autoptr (JsonParser) parser = json_parser_new ();

  if (!json_parser_load_from_data (parser, data, (gssize) length, NULL))
    g_return_val_if_reached (NULL);
  return json_parser_steal_root (parser);
}

static gboolean
replace_document (MfEditDocument *self, const char *data, gssize length, const char *name,
                  GFile *file, GError **error)
{
  g_autoptr (MfDocument) document = NULL;
  JsonNode *root;
  gsize size;

  g_return_val_if_fail (data != NULL, FALSE);
  size = length < 0 ? strlen (data) : (gsize) length;
  document = mf_document_load_data (data, (gssize) size, name, NULL, error);
  if (document == NULL)
    return FALSE;
  root = parse_tree (data, size);
  if (root == NULL)
    {
      g_set_error (error, MF_ERROR, MF_ERROR_SYNTAX, _("%s: the text could not be read again"),
                   name != NULL ? name : "<data>");
      return FALSE;
    }
  json_node_unref (self->root);
  self->root = root;
  self->loads++;
  mf_history_clear (self->history);
  forget_ids (self);
  g_object_freeze_notify (G_OBJECT (self));
  set_file (self, file);
  self->replaced = TRUE;
  document_changed (self);
  self->replaced = FALSE;
  g_object_thaw_notify (G_OBJECT (self));
  return TRUE;
}

gboolean
mf_edit_document_load_data (MfEditDocument *self, const char *data, gssize length,
                            const char *name, GError **error)
{
  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return replace_document (self, data, length, name, NULL, error);
}

gboolean
mf_edit_document_load_recovered (MfEditDocument *self, const char *data, gssize length,
                                 const char *name, GFile *file, GError **error)
{
  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), FALSE);
  g_return_val_if_fail (file == NULL || G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!replace_document (self, data, length, name, file, error))
    return FALSE;
  /* no state of the history is the one in the file: a position that the
   * history never reaches */
  mf_history_mark_saved (self->history, (MfHistoryState) { G_MAXUINT, 0 });
  sync_state (self);
  return TRUE;
}

/* GIO's messages name the file themselves, in its own quotes. */
static void
set_io_error (GError **error, gboolean writing, GFile *file, const GError *cause)
{
  g_autofree char *name = g_file_get_parse_name (file);

  /* Translators: a file's name, then why (GIO's message) */
  g_set_error (error, MF_ERROR, MF_ERROR_IO,
               writing ? _("cannot write %s: %s") : _("cannot read %s: %s"), name,
               cause->message);
}

/* FALSE when `file` is known to be larger than the loader reads: it is not
 * read at all then.  A size GIO cannot tell is left to the loader. */
static gboolean
check_file_size (GFile *file, const char *name, GError **error)
{
  g_autoptr (GFileInfo) info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_SIZE,
                                                  G_FILE_QUERY_INFO_NONE, NULL, NULL);

  if (info == NULL || !g_file_info_has_attribute (info, G_FILE_ATTRIBUTE_STANDARD_SIZE))
    return TRUE;
  return mf_document_check_size ((guint64) MAX (g_file_info_get_size (info), 0), name, error);
}

gboolean
mf_edit_document_load_file (MfEditDocument *self, GFile *file, GError **error)
{
  g_autoptr (GError) local_error = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *name = NULL;
  gsize length;

  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  name = g_file_get_parse_name (file);
  if (!check_file_size (file, name, error))
    return FALSE;
  if (!g_file_load_contents (file, NULL, &contents, &length, NULL, &local_error))
    {
      set_io_error (error, FALSE, file, local_error);
      return FALSE;
    }
  return replace_document (self, contents, (gssize) length, name, file, error);
}

static void
on_contents_loaded (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (GTask) task = user_data;
  g_autoptr (GError) error = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *name = NULL;
  GError *load_error = NULL;
  gsize length;

  if (!g_file_load_contents_finish (G_FILE (source), result, &contents, &length, NULL, &error))
    {
      set_io_error (&load_error, FALSE, G_FILE (source), error);
      g_task_return_error (task, load_error);
      return;
    }
  name = g_file_get_parse_name (G_FILE (source));
  if (!replace_document (g_task_get_source_object (task), contents, (gssize) length, name,
                         G_FILE (source), &load_error))
    g_task_return_error (task, load_error);
  else
    g_task_return_boolean (task, TRUE);
}

/* The size first: a file known to be too large is not read. */
static void
on_size_known (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (GTask) task = user_data;
  g_autoptr (GFileInfo) info = g_file_query_info_finish (G_FILE (source), result, NULL);
  g_autofree char *name = g_file_get_parse_name (G_FILE (source));
  GCancellable *cancellable;
  GError *error = NULL;

  if (info != NULL && g_file_info_has_attribute (info, G_FILE_ATTRIBUTE_STANDARD_SIZE)
      && !mf_document_check_size ((guint64) MAX (g_file_info_get_size (info), 0), name, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  cancellable = g_task_get_cancellable (task);
  g_file_load_contents_async (G_FILE (source), cancellable, on_contents_loaded,
                              g_steal_pointer (&task));
}

void
mf_edit_document_load_file_async (MfEditDocument      *self,
                                  GFile               *file,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  GTask *task;

  g_return_if_fail (MF_IS_EDIT_DOCUMENT (self));
  g_return_if_fail (G_IS_FILE (file));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, mf_edit_document_load_file_async);
  g_file_query_info_async (file, G_FILE_ATTRIBUTE_STANDARD_SIZE, G_FILE_QUERY_INFO_NONE,
                           G_PRIORITY_DEFAULT, cancellable, on_size_known, task);
}

gboolean
mf_edit_document_load_file_finish (MfEditDocument *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/* `file`, or the document's own; FALSE with an error when there is none. */
static GFile *
save_target (MfEditDocument *self, GFile *file, GError **error)
{
  if (file == NULL)
    file = self->file;
  if (file == NULL)
    g_set_error_literal (error, MF_ERROR, MF_ERROR_USAGE,
                         "the document has no file yet: choose where to save it");
  return file;
}

/* The text of `state` is now in `file`. */
static void
saved (MfEditDocument *self, GFile *file, MfHistoryState state)
{
  mf_history_mark_saved (self->history, state);
  g_object_freeze_notify (G_OBJECT (self));
  set_file (self, file);
  sync_state (self);
  g_object_thaw_notify (G_OBJECT (self));
}

gboolean
mf_edit_document_save (MfEditDocument *self, GFile *file, GError **error)
{
  g_autoptr (GError) local_error = NULL;
  g_autofree char *data = NULL;
  gsize length;

  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), FALSE);
  g_return_val_if_fail (file == NULL || G_IS_FILE (file), FALSE);

  if ((file = save_target (self, file, error)) == NULL)
    return FALSE;
  data = mf_edit_document_to_data (self, &length);
  /* GIO writes a temporary file beside it and renames it over the old one,
   * so a failed save leaves the old file whole */
  if (!g_file_replace_contents (file, data, length, NULL, FALSE, G_FILE_CREATE_NONE, NULL,
                                NULL, &local_error))
    {
      set_io_error (error, TRUE, file, local_error);
      return FALSE;
    }
  saved (self, file, mf_history_get_state (self->history));
  return TRUE;
}

typedef struct
{
  GFile         *file;
  MfHistoryState state; /* of the text being written */
  guint          loads; /* the document's, when the save began */
} SaveData;

static void
save_data_free (SaveData *data)
{
  g_object_unref (data->file);
  g_free (data);
}

static void
on_contents_replaced (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (GTask) task = user_data;
  g_autoptr (GError) error = NULL;
  MfEditDocument *self = g_task_get_source_object (task);
  SaveData *data = g_task_get_task_data (task);

  if (!g_file_replace_contents_finish (G_FILE (source), result, NULL, &error))
    {
      GError *io_error = NULL;

      set_io_error (&io_error, TRUE, data->file, error);
      g_task_return_error (task, io_error);
      return;
    }
  /* edits made meanwhile stay unsaved; another document loaded meanwhile
   * has a file of its own */
  if (data->loads == self->loads)
    saved (self, data->file, data->state);
  g_task_return_boolean (task, TRUE);
}

void
mf_edit_document_save_async (MfEditDocument      *self,
                             GFile               *file,
                             GCancellable        *cancellable,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data)
{
  g_autoptr (GTask) task = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = NULL;
  SaveData *data;
  char *text;
  gsize length;

  g_return_if_fail (MF_IS_EDIT_DOCUMENT (self));
  g_return_if_fail (file == NULL || G_IS_FILE (file));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, mf_edit_document_save_async);
  if ((file = save_target (self, file, &error)) == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  data = g_new0 (SaveData, 1);
  data->file = g_object_ref (file);
  data->state = mf_history_get_state (self->history);
  data->loads = self->loads;
  g_task_set_task_data (task, data, (GDestroyNotify) save_data_free);

  text = mf_edit_document_to_data (self, &length);
  bytes = g_bytes_new_take (text, length);
  g_file_replace_contents_bytes_async (file, bytes, NULL, FALSE, G_FILE_CREATE_NONE, cancellable,
                                       on_contents_replaced, g_steal_pointer (&task));
}

gboolean
mf_edit_document_save_finish (MfEditDocument *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

char *
mf_edit_document_to_data (MfEditDocument *self, gsize *length)
{
  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), NULL);

  return mf_json_to_text (self->root, length);
}

MfDocument *
mf_edit_document_check (MfEditDocument *self, GPtrArray *diagnostics, GError **error)
{
  g_autofree char *data = NULL;
  gsize length;

  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), NULL);

  data = mf_edit_document_to_data (self, &length);
  return mf_document_load_data (data, (gssize) length, mf_edit_document_get_display_name (self),
                                diagnostics, error);
}

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
      forget_ids (self);
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
      forget_ids (self);
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
  forget_ids (self);
}

void
mf_edit_document_commit (MfEditDocument *self, const char *label, guint merge_key,
                         const char *merge_subject)
{
  mf_history_commit (self->history, self->root, label, merge_key, merge_subject);
  document_changed (self);
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
  sync_state (self);
}

void
mf_edit_document_end_group (MfEditDocument *self)
{
  g_return_if_fail (MF_IS_EDIT_DOCUMENT (self));
  g_return_if_fail (mf_history_in_group (self->history));

  mf_history_end_group (self->history, self->root);
  sync_state (self);
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
  forget_ids (self);
  document_changed (self);
  return TRUE;
}

gboolean
mf_edit_document_redo (MfEditDocument *self)
{
  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), FALSE);

  if (!mf_history_redo (self->history, self->root))
    return FALSE;
  forget_ids (self);
  document_changed (self);
  return TRUE;
}
