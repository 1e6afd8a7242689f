/* mf-recovery-question.c
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-recovery-question.h"

#include <glib/gi18n.h>

/* The copies still to ask about, the next first. */
typedef struct
{
  MfApplication *application;
  MfWindow      *window; /* weak: the one the questions stand in front of */
  GPtrArray     *orphans;
  guint          next;
} Asking;

static void ask_next (Asking *asking);

static void
asking_free (Asking *asking)
{
  g_clear_weak_pointer (&asking->window);
  g_object_unref (asking->application);
  g_ptr_array_unref (asking->orphans);
  g_free (asking);
}

/* "Three pipes (three-pipes.manifold)", or the title alone for a circuit
 * never saved. */
static char *
copy_name (MfRecovered *recovered)
{
  const char *title = mf_recovered_get_title (recovered);
  GFile *file = mf_recovered_get_file (recovered);
  g_autofree char *base = file != NULL ? g_file_get_basename (file) : NULL;

  if (title == NULL || title[0] == '\0')
    return g_strdup (base != NULL ? base : _("Untitled circuit"));
  if (base == NULL)
    return g_strdup (title);
  /* Translators: a circuit's title, then its file's name */
  return g_strdup_printf (_("%s (%s)"), title, base);
}

/* The window a restored copy goes to. */
static MfWindow *
window_for_copy (Asking *asking)
{
  MfWindow *window = asking->window;
  MfWindow *fresh;

  if (window != NULL)
    {
      MfEditDocument *shown = mf_window_get_document (window);

      if (!mf_edit_document_get_modified (shown) && mf_edit_document_get_file (shown) == NULL)
        return window;
    }
  fresh = mf_window_new (asking->application);
  gtk_window_present (GTK_WINDOW (fresh));
  return fresh;
}

static void
on_answer (AdwMessageDialog *dialog,
           const char       *response,
           gpointer          data)
{
  Asking *asking = data;
  MfRecovered *recovered = g_ptr_array_index (asking->orphans, asking->next);
  g_autoptr (GError) error = NULL;

  asking->next++;
  if (g_strcmp0 (response, "restore") == 0)
    {
      MfWindow *window = window_for_copy (asking);

      if (!mf_window_restore (window, recovered, &error))
        {
          g_autofree char *name = copy_name (recovered);
          /* Translators: a circuit's name */
          g_autofree char *heading = g_strdup_printf (_("Could not restore “%s”"), name);
          GtkWidget *shown = adw_message_dialog_new (GTK_WINDOW (window), heading,
                                                     error->message);

          adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (shown), "close", _("_Close"));
          gtk_window_present (GTK_WINDOW (shown));
        }
    }
  else if (g_strcmp0 (response, "discard") == 0)
    mf_recovered_discard (recovered);
  /* "later": the copy stays for the next start */
  ask_next (asking);
}

static void
ask_next (Asking *asking)
{
  MfRecovered *recovered;
  g_autofree char *name = NULL;
  g_autofree char *when = NULL;
  g_autofree char *body = NULL;
  GtkWidget *dialog;

  if (asking->next >= asking->orphans->len)
    {
      asking_free (asking);
      return;
    }
  recovered = g_ptr_array_index (asking->orphans, asking->next);
  name = copy_name (recovered);
  /* the date and time as the user's locale writes them */
  when = g_date_time_format (mf_recovered_get_time (recovered), "%x %X");
  /* Translators: a circuit's name, then the date and time of the copy */
  body = g_strdup_printf (_("“%s” had changes that were not saved when Manifold stopped. "
                            "A copy of them was kept on %s."), name, when);
  dialog = adw_message_dialog_new (asking->window != NULL ? GTK_WINDOW (asking->window) : NULL,
                                   _("Restore Unsaved Changes?"), body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "discard", _("_Discard"),
                                    "later", _("_Not Now"),
                                    "restore", _("_Restore"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "restore",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "restore");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "later");
  g_signal_connect (dialog, "response", G_CALLBACK (on_answer), asking);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
mf_recovery_question_ask (MfApplication *application,
                          MfWindow      *window,
                          GPtrArray     *orphans)
{
  Asking *asking;

  g_return_if_fail (MF_IS_APPLICATION (application));

  if (orphans->len == 0)
    {
      g_ptr_array_unref (orphans);
      return;
    }
  asking = g_new0 (Asking, 1);
  asking->application = g_object_ref (application);
  g_set_weak_pointer (&asking->window, window);
  asking->orphans = orphans;
  ask_next (asking);
}
