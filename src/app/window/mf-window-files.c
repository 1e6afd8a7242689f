/* mf-window-files.c: opening and saving circuits, and the question about
 * unsaved changes that comes before a document is replaced or dropped.
 *
 * A document is read completely into a new MfEditDocument before anything
 * is asked or replaced, so a file that does not load changes nothing and
 * the user is not asked about changes for nothing.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-window-private.h"

#include <glib/gi18n.h>

#include "mf-error.h"
#include "mf-example-gallery.h"

#define MF_FILE_PATTERN "*.manifold"

void
mf_window_show_error (MfWindow     *self,
                      const char   *heading,
                      const GError *error)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, error->message);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "close");
  gtk_window_present (GTK_WINDOW (dialog));
}

static char *
mf_window_open_error_heading (GFile *file)
{
  g_autofree char *name = g_file_get_basename (file);

  return g_strdup_printf (_("Could not open “%s”"), name);
}

MfEditDocument *
mf_window_read_file (GFile   *file,
                     GError **error)
{
  g_autoptr (MfEditDocument) document = mf_edit_document_new ();

  if (!mf_edit_document_load_file (document, file, error))
    return NULL;
  return g_steal_pointer (&document);
}

MfEditDocument *
mf_window_read_example (const char *name,
                        GError    **error)
{
  g_autoptr (MfEditDocument) document = mf_edit_document_new ();
  g_autoptr (GBytes) bytes = mf_example_gallery_lookup (name, error);
  g_autofree char *file_name = g_strconcat (name, ".manifold", NULL);
  gsize length = 0;
  const char *data;

  if (bytes == NULL)
    return NULL;
  data = g_bytes_get_data (bytes, &length);
  if (!mf_edit_document_load_data (document, data, length, file_name, error))
    return NULL;
  return g_steal_pointer (&document);
}

static void
mf_window_take_document (MfWindow       *self,
                         MfEditDocument *document,
                         const char     *example_name)
{
  GFile *file = mf_edit_document_get_file (document);

  /* the runs of the document that goes stay beside it */
  if (self->document != document)
    mf_window_save_runs (self);
  g_free (self->example_name);
  self->example_name = g_strdup (example_name);
  mf_window_set_document (self, document);
  mf_window_load_runs (self);
  if (file != NULL)
    mf_window_add_recent (self, file);
}

gboolean
mf_window_load_file (MfWindow *self,
                     GFile    *file,
                     GError  **error)
{
  g_autoptr (GError) local_error = NULL;
  g_autoptr (MfEditDocument) document = NULL;

  g_return_val_if_fail (MF_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  document = mf_window_read_file (file, &local_error);
  if (document == NULL)
    {
      g_autofree char *heading = mf_window_open_error_heading (file);

      mf_window_show_error (self, heading, local_error);
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  mf_window_take_document (self, document, NULL);
  return TRUE;
}

gboolean
mf_window_load_example (MfWindow   *self,
                        const char *name,
                        GError    **error)
{
  g_autoptr (GError) local_error = NULL;
  g_autoptr (MfEditDocument) document = NULL;

  g_return_val_if_fail (MF_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  document = mf_window_read_example (name, &local_error);
  if (document == NULL)
    {
      mf_window_show_error (self, _("Could not open the example"), local_error);
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  mf_window_take_document (self, document, name);
  return TRUE;
}

gboolean
mf_window_restore (MfWindow    *self,
                   MfRecovered *recovered,
                   GError     **error)
{
  g_autoptr (MfEditDocument) document = mf_edit_document_new ();
  GBytes *data = mf_recovered_get_data (recovered);
  GFile *file = mf_recovered_get_file (recovered);
  g_autofree char *name = file != NULL ? g_file_get_basename (file) : NULL;
  g_autoptr (GError) local_error = NULL;

  g_return_val_if_fail (MF_IS_WINDOW (self), FALSE);

  if (!mf_edit_document_load_recovered (document, g_bytes_get_data (data, NULL),
                                        (gssize) g_bytes_get_size (data), name, file, error))
    return FALSE;
  mf_window_take_document (self, document, NULL);
  /* the copy the stopped Manifold left goes once this one has its own;
   * else it stays, to be offered again */
  if (self->autosave != NULL && mf_autosave_write_now (self->autosave, &local_error))
    mf_recovered_discard (recovered);
  else if (local_error != NULL)
    g_message ("the restored document has no copy of its own yet: %s", local_error->message);
  return TRUE;
}

gboolean
mf_window_save_to (MfWindow *self,
                   GFile    *file,
                   GError  **error)
{
  g_autoptr (GError) local_error = NULL;
  GFile *saved_to;

  g_return_val_if_fail (MF_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (file != NULL || mf_edit_document_get_file (self->document) != NULL,
                        FALSE);

  if (!mf_edit_document_save (self->document, file, &local_error))
    {
      GFile *target = file != NULL ? file : mf_edit_document_get_file (self->document);
      g_autofree char *name = g_file_get_basename (target);
      g_autofree char *heading = g_strdup_printf (_("Could not save “%s”"), name);

      mf_window_show_error (self, heading, local_error);
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  /* A saved copy of an example is the user's own circuit now. */
  g_clear_pointer (&self->example_name, g_free);
  saved_to = mf_edit_document_get_file (self->document);
  mf_window_save_runs (self);
  if (saved_to != NULL)
    mf_window_add_recent (self, saved_to);
  return TRUE;
}

/* ---- choosing files ---- */

static void
mf_window_add_filters (GtkFileChooser *chooser)
{
  g_autoptr (GtkFileFilter) circuits = gtk_file_filter_new ();
  g_autoptr (GtkFileFilter) all = gtk_file_filter_new ();

  gtk_file_filter_set_name (circuits, _("Circuits"));
  gtk_file_filter_add_pattern (circuits, MF_FILE_PATTERN);
  gtk_file_chooser_add_filter (chooser, circuits);
  gtk_file_filter_set_name (all, _("All Files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (chooser, all);
  gtk_file_chooser_set_filter (chooser, circuits);
}

static void
mf_window_open_chosen (GtkNativeDialog *chooser,
                       int              response,
                       MfWindow        *self)
{
  g_autoptr (GFile) file = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (MfEditDocument) document = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  gtk_native_dialog_destroy (chooser);
  g_object_unref (chooser);
  if (file == NULL)
    return;

  document = mf_window_read_file (file, &error);
  if (document == NULL)
    {
      g_autofree char *heading = mf_window_open_error_heading (file);

      mf_window_show_error (self, heading, error);
      return;
    }
  mf_window_replace_document (self, document, NULL);
}

void
mf_window_choose_and_open (MfWindow *self)
{
  GtkFileChooserNative *chooser =
    gtk_file_chooser_native_new (_("Open Circuit"), GTK_WINDOW (self),
                                 GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  GFile *current = mf_edit_document_get_file (self->document);

  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  mf_window_add_filters (GTK_FILE_CHOOSER (chooser));
  if (current != NULL)
    {
      g_autoptr (GFile) folder = g_file_get_parent (current);

      if (folder != NULL)
        gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), folder, NULL);
    }
  g_signal_connect_object (chooser, "response", G_CALLBACK (mf_window_open_chosen), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
mf_window_save_chosen (GtkNativeDialog *chooser,
                       int              response,
                       GTask           *task)
{
  MfWindow *self = g_task_get_source_object (task);
  g_autoptr (GFile) file = NULL;
  gboolean saved = FALSE;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  gtk_native_dialog_destroy (chooser);
  g_object_unref (chooser);
  if (file != NULL)
    saved = mf_window_save_to (self, file, NULL);
  g_task_return_boolean (task, saved);
  g_object_unref (task);
}

static char *
mf_window_suggested_name (MfWindow *self)
{
  if (self->example_name != NULL)
    return g_strconcat (self->example_name, ".manifold", NULL);
  return g_strconcat (_("Untitled circuit"), ".manifold", NULL);
}

void
mf_window_save_async (MfWindow            *self,
                      gboolean             choose_file,
                      GAsyncReadyCallback  callback,
                      gpointer             user_data)
{
  GTask *task = g_task_new (self, NULL, callback, user_data);
  GFile *file = mf_edit_document_get_file (self->document);
  GtkFileChooserNative *chooser;

  g_task_set_source_tag (task, mf_window_save_async);
  if (file != NULL && !choose_file)
    {
      g_task_return_boolean (task, mf_window_save_to (self, NULL, NULL));
      g_object_unref (task);
      return;
    }

  chooser = gtk_file_chooser_native_new (_("Save Circuit"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  mf_window_add_filters (GTK_FILE_CHOOSER (chooser));
  if (file != NULL)
    gtk_file_chooser_set_file (GTK_FILE_CHOOSER (chooser), file, NULL);
  else
    {
      g_autofree char *name = mf_window_suggested_name (self);

      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
    }
  g_signal_connect (chooser, "response", G_CALLBACK (mf_window_save_chosen), task);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

gboolean
mf_window_save_finish (MfWindow     *self,
                       GAsyncResult *result)
{
  return g_task_propagate_boolean (G_TASK (result), NULL);
}

/* ---- the question about unsaved changes ---- */

/* The question's task, returned FALSE when the dialog goes away without an
 * answer (the window was destroyed under it). */
static void
mf_window_question_gone (gpointer data)
{
  GTask *task = data;

  g_task_return_boolean (task, FALSE);
  g_object_unref (task);
}

static void
mf_window_saved_for_question (GObject      *source,
                              GAsyncResult *result,
                              gpointer      user_data)
{
  g_autoptr (GTask) task = user_data;

  g_task_return_boolean (task, mf_window_save_finish (MF_WINDOW (source), result));
}

static void
mf_window_question_answered (AdwMessageDialog *dialog,
                             const char       *response,
                             MfWindow         *self)
{
  GTask *task = g_object_steal_data (G_OBJECT (dialog), "mf-task");

  g_clear_weak_pointer (&self->question);
  if (task == NULL)
    return;
  if (g_str_equal (response, "save"))
    {
      mf_window_save_async (self, FALSE, mf_window_saved_for_question, task);
      return;
    }
  g_task_return_boolean (task, g_str_equal (response, "discard"));
  g_object_unref (task);
}

void
mf_window_confirm_discard_async (MfWindow            *self,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_autoptr (GTask) task = NULL;
  AdwMessageDialog *dialog;
  g_autofree char *body = NULL;

  g_return_if_fail (MF_IS_WINDOW (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, mf_window_confirm_discard_async);
  if (!mf_edit_document_get_modified (self->document))
    {
      g_task_return_boolean (task, TRUE);
      return;
    }
  /* One question at a time: a second asker is told no. */
  if (self->question != NULL)
    {
      gtk_window_present (self->question);
      g_task_return_boolean (task, FALSE);
      return;
    }

  body = g_strdup_printf (_("“%s” has changes that are not saved. "
                            "Discarded changes cannot be recovered."),
                          mf_edit_document_get_display_name (self->document));
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), _("Save Changes?"),
                                                       body));
  adw_message_dialog_add_responses (dialog,
                                    "cancel", _("_Cancel"),
                                    "discard", _("_Discard"),
                                    "save", _("_Save"),
                                    NULL);
  adw_message_dialog_set_response_appearance (dialog, "discard", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (dialog, "save", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "save");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "mf-task", g_steal_pointer (&task),
                          mf_window_question_gone);
  g_signal_connect_object (dialog, "response", G_CALLBACK (mf_window_question_answered),
                           self, 0);
  g_set_weak_pointer (&self->question, GTK_WINDOW (dialog));
  gtk_window_present (GTK_WINDOW (dialog));
}

gboolean
mf_window_confirm_discard_finish (MfWindow     *self,
                                  GAsyncResult *result,
                                  GError      **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

typedef struct
{
  MfEditDocument *document;
  char           *example_name;
} MfReplacement;

static void
mf_replacement_free (MfReplacement *replacement)
{
  g_object_unref (replacement->document);
  g_free (replacement->example_name);
  g_free (replacement);
}

static void
mf_window_replace_answered (GObject      *source,
                            GAsyncResult *result,
                            gpointer      user_data)
{
  MfWindow *self = MF_WINDOW (source);
  MfReplacement *replacement = user_data;

  if (mf_window_confirm_discard_finish (self, result, NULL))
    mf_window_take_document (self, replacement->document, replacement->example_name);
  mf_replacement_free (replacement);
}

void
mf_window_replace_document (MfWindow       *self,
                            MfEditDocument *document,
                            const char     *example_name)
{
  MfReplacement *replacement = g_new0 (MfReplacement, 1);

  replacement->document = g_object_ref (document);
  replacement->example_name = g_strdup (example_name);
  mf_window_confirm_discard_async (self, NULL, mf_window_replace_answered, replacement);
}
