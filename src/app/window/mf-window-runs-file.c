/* mf-window-runs-file.c: the runs kept beside the document
 * (mf-run-sidecar.h) — read when a saved document is opened, written when
 * it is saved (Save As: beside the new name) and when it is closed or
 * replaced.  An untitled document has none.  Both are done on the runs
 * files' worker (mf-run-sidecar-queue.h), which takes them in the order
 * asked: the document shows at once, and its runs are listed when the
 * read is done.  A write asked while the runs are still being read reads
 * them first and keeps them too (mf_run_sidecar_merge()).
 *
 * A runs file that cannot be read never keeps the document from opening:
 * a message that stays until dismissed names it, and it is left as it is
 * (this window neither removes nor overwrites it), so that a file of a
 * later Manifold or one damaged is not lost.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-window-private.h"

#include <glib/gi18n.h>

#include "mf-run-sidecar.h"
#include "mf-run-sidecar-queue.h"

static void
mf_window_runs_message (MfWindow *self,
                        char     *message)
{
  AdwToast *toast = adw_toast_new (message);

  /* it stays until dismissed: the runs are at stake */
  adw_toast_set_timeout (toast, 0);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
  g_free (self->runs_problem);
  self->runs_problem = message;
}

const char *
mf_window_get_runs_problem (MfWindow *self)
{
  g_return_val_if_fail (MF_IS_WINDOW (self), NULL);

  return self->runs_problem;
}

/* A write ended: a message when it failed, in the window when it is
 * still there. */
static void
mf_window_runs_saved (GObject      *source,
                      GAsyncResult *result,
                      gpointer      user_data)
{
  g_autoptr (MfWindow) self = user_data;
  g_autoptr (GError) error = NULL;

  if (mf_run_sidecar_save_finish (result, &error))
    return;
  if (self->document == NULL)
    {
      /* the window is gone: the terminal is the only place left */
      g_printerr (_("The runs were not kept: %s"), error->message);
      g_printerr ("\n");
      return;
    }
  /* Translators: %s says why, naming the file */
  mf_window_runs_message (self, g_strdup_printf (_("The runs were not kept: %s"),
                                                 error->message));
}

void
mf_window_save_runs (MfWindow *self)
{
  GFile *file = NULL;
  g_autoptr (GFile) sidecar = NULL;
  GPtrArray *stored;

  g_return_if_fail (MF_IS_WINDOW (self));

  file = self->document != NULL ? mf_edit_document_get_file (self->document) : NULL;
  if (file == NULL)
    return;
  sidecar = mf_run_sidecar_file (file);
  if (self->unread_runs_file != NULL && g_file_equal (sidecar, self->unread_runs_file))
    return;
  /* copied here: the records are the pane's, and a run may still grow */
  stored = mf_run_sidecar_snapshot (mf_sim_panel_get_runs (self->sim_panel),
                                    mf_sim_panel_get_current_run (self->sim_panel));
  /* runs still being read are not listed yet: the write puts them first */
  mf_run_sidecar_save_async (stored, mf_sim_panel_get_n_runs_made (self->sim_panel), file,
                             self->runs_reading, mf_window_runs_saved, g_object_ref (self));
}

typedef struct
{
  MfWindow *window;
  guint     number;
} RunsRead;

static void
mf_window_runs_read (GObject      *source,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  RunsRead *read = user_data;
  g_autoptr (MfWindow) self = read->window;
  g_autoptr (GPtrArray) records = NULL;
  g_autoptr (GError) error = NULL;
  guint n_made = 0;
  gboolean current = read->number == self->runs_read_number && self->document != NULL;

  g_free (read);
  records = mf_run_sidecar_load_finish (result, &n_made, &error);
  /* of a document the window no longer shows, or of a window gone */
  if (!current)
    return;
  g_clear_object (&self->runs_reading);
  if (records == NULL)
    {
      GFile *file = mf_edit_document_get_file (self->document);
      g_autoptr (GFile) sidecar = mf_run_sidecar_file (file);
      g_autofree char *name = g_file_get_basename (sidecar);

      self->unread_runs_file = g_steal_pointer (&sidecar);
      /* Translators: the first %s is a file's name, the second why it
       * cannot be read */
      mf_window_runs_message (self, g_strdup_printf (_("The kept runs in “%s” could not be "
                                                       "read and are left as they are: %s"),
                                                     name, error->message));
      return;
    }
  mf_sim_panel_add_saved_runs (self->sim_panel, records, n_made);
}

void
mf_window_load_runs (MfWindow *self)
{
  GFile *file = mf_edit_document_get_file (self->document);
  RunsRead *read;

  g_clear_object (&self->unread_runs_file);
  g_clear_pointer (&self->runs_problem, g_free);
  mf_window_forget_runs_read (self);
  if (file == NULL)
    return;
  read = g_new0 (RunsRead, 1);
  read->window = g_object_ref (self);
  read->number = self->runs_read_number;
  self->runs_reading = g_object_ref (file);
  mf_run_sidecar_load_async (file, mf_window_runs_read, read);
}

void
mf_window_forget_runs_read (MfWindow *self)
{
  self->runs_read_number++;
  g_clear_object (&self->runs_reading);
}

gboolean
mf_window_get_runs_reading (MfWindow *self)
{
  g_return_val_if_fail (MF_IS_WINDOW (self), FALSE);

  return self->runs_reading != NULL;
}
