/* mf-window-runs-file.c: the runs kept beside the document
 * (mf-run-sidecar.h) — read when a saved document is opened, written when
 * it is saved (Save As: beside the new name) and when it is closed or
 * replaced.  An untitled document has none.
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

void
mf_window_save_runs (MfWindow *self)
{
  GFile *file = NULL;
  g_autoptr (GFile) sidecar = NULL;
  g_autoptr (GError) error = NULL;

  g_return_if_fail (MF_IS_WINDOW (self));

  file = self->document != NULL ? mf_edit_document_get_file (self->document) : NULL;
  if (file == NULL)
    return;
  sidecar = mf_run_sidecar_file (file);
  if (self->unread_runs_file != NULL && g_file_equal (sidecar, self->unread_runs_file))
    return;
  if (!mf_run_sidecar_save (mf_sim_panel_get_runs (self->sim_panel),
                            mf_sim_panel_get_current_run (self->sim_panel),
                            mf_sim_panel_get_n_runs_made (self->sim_panel), file, &error))
    /* Translators: %s says why, naming the file */
    mf_window_runs_message (self, g_strdup_printf (_("The runs were not kept: %s"),
                                                   error->message));
}

void
mf_window_load_runs (MfWindow *self)
{
  GFile *file = mf_edit_document_get_file (self->document);
  g_autoptr (GPtrArray) records = NULL;
  g_autoptr (GError) error = NULL;
  guint n_made = 0;

  g_clear_object (&self->unread_runs_file);
  g_clear_pointer (&self->runs_problem, g_free);
  if (file == NULL)
    return;
  records = mf_run_sidecar_load (file, &n_made, &error);
  if (records == NULL)
    {
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
