/* mf-edit-document-files.c: loading the editor's document from text or a
 * file and saving it (mf-edit-document.h), atomically and without blocking
 * where asked.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-edit-document-private.h"

#include <glib/gi18n.h>

#include <string.h>

#include "mf-json-write.h"

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
  mf_edit_document_forget_ids (self);
  g_object_freeze_notify (G_OBJECT (self));
  mf_edit_document_set_file (self, file);
  self->replaced = TRUE;
  mf_edit_document_changed (self);
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
  mf_edit_document_sync_state (self);
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
  mf_edit_document_set_file (self, file);
  mf_edit_document_sync_state (self);
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
