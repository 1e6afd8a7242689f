/* mf-handout-export.c: asking where a handout goes and writing it there
 * off the main thread (mf-handout-export.h).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-handout-export.h"

#include <adwaita.h>
#include <glib/gi18n.h>

typedef struct
{
  MfHandout       *handout;
  GFile           *file;
  MfHandoutFormat  format;
  GtkWindow       *parent; /* weak */
  MfHandoutExportDone done;
  gpointer         user_data;
} Job;

static void
job_free (Job *job)
{
  mf_handout_free (job->handout);
  g_object_unref (job->file);
  g_clear_weak_pointer (&job->parent);
  g_free (job);
}

static void
write_in_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Job *job = data;
  GError *error = NULL;

  if (mf_handout_export (job->handout, job->file, job->format, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
show_failure (GtkWindow *parent, GFile *file, const GError *error)
{
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *heading = g_strdup_printf (_("Could not export “%s”"), name);
  GtkWidget *dialog = adw_message_dialog_new (parent, heading, error->message);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "close");
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
written (GObject *source, GAsyncResult *result, gpointer data)
{
  Job *job = g_task_get_task_data (G_TASK (result));
  g_autoptr (GError) error = NULL;

  if (!g_task_propagate_boolean (G_TASK (result), &error) && job->parent != NULL)
    show_failure (job->parent, job->file, error);
  if (job->done != NULL)
    job->done (job->user_data, error);
}

void
mf_handout_export_to (GtkWindow *parent, MfHandout *handout, GFile *file, MfHandoutFormat format,
                      MfHandoutExportDone done, gpointer user_data)
{
  Job *job = g_new0 (Job, 1);
  g_autoptr (GTask) task = NULL;

  job->handout = handout;
  job->file = g_object_ref (file);
  job->format = format;
  job->done = done;
  job->user_data = user_data;
  g_set_weak_pointer (&job->parent, parent);
  task = g_task_new (NULL, NULL, written, NULL);
  g_task_set_task_data (task, job, (GDestroyNotify) job_free);
  g_task_run_in_thread (task, write_in_thread);
}

/* ---- the file chooser ---- */

static const struct
{
  MfHandoutFormat format;
  const char     *name; /* translated when shown */
} filters[] = {
  { MF_HANDOUT_FORMAT_PDF, N_("PDF documents") },
  { MF_HANDOUT_FORMAT_SVG, N_("SVG images") },
  { MF_HANDOUT_FORMAT_LATEX, N_("LaTeX documents") },
};

static void
on_response (GtkNativeDialog *chooser, int response, MfHandout *handout)
{
  GtkWindow *parent = gtk_native_dialog_get_transient_for (chooser);

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) picked = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *name = g_file_get_basename (picked);
      GtkFileFilter *filter = gtk_file_chooser_get_filter (GTK_FILE_CHOOSER (chooser));
      MfHandoutFormat format = mf_handout_format_from_path (name);
      g_autoptr (GFile) file = g_object_ref (picked);

      if (format == MF_HANDOUT_FORMAT_AUTO)
        {
          g_autofree char *named = NULL;
          g_autoptr (GFile) folder = g_file_get_parent (picked);

          format = filter != NULL ? GPOINTER_TO_INT (g_object_get_data (G_OBJECT (filter),
                                                                        "mf-format"))
                                  : MF_HANDOUT_FORMAT_PDF;
          if (format == MF_HANDOUT_FORMAT_AUTO)
            format = MF_HANDOUT_FORMAT_PDF;
          named = g_strdup_printf ("%s.%s", name, mf_handout_extension (format));
          g_object_unref (file);
          file = g_file_get_child (folder, named);
        }
      mf_handout_export_to (parent, handout, file, format, NULL, NULL);
    }
  else
    mf_handout_free (handout);
  g_object_unref (chooser);
}

void
mf_handout_export_ask (GtkWindow *parent, MfHandout *handout, const char *name)
{
  GtkFileChooserNative *chooser =
    gtk_file_chooser_native_new (_("Export Handout"), parent, GTK_FILE_CHOOSER_ACTION_SAVE,
                                 _("_Save"), _("_Cancel"));
  g_autofree char *file_name = g_strdup_printf ("%s.pdf", name);

  for (guint i = 0; i < G_N_ELEMENTS (filters); i++)
    {
      g_autoptr (GtkFileFilter) filter = gtk_file_filter_new ();
      g_autofree char *pattern = g_strdup_printf ("*.%s", mf_handout_extension (filters[i].format));

      gtk_file_filter_set_name (filter, _(filters[i].name));
      gtk_file_filter_add_pattern (filter, pattern);
      g_object_set_data (G_OBJECT (filter), "mf-format", GINT_TO_POINTER (filters[i].format));
      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
    }
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), file_name);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (on_response), handout);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}
