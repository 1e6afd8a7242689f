/* mf-edit-document-plots.c: the edits of the plot layout (the document's
 * "plots" section, docs/format.md "Plots") — the layout set as a whole,
 * with an undo label saying what changed, and its names following the
 * components renamed or deleted, as the outputs' do.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-edit-document-private.h"

#include <glib/gi18n.h>

#include "mf-plot-list.h"

MfPlotList *
mf_edit_document_get_plot_list (MfEditDocument *self)
{
  JsonNode *plots;

  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), NULL);

  plots = json_object_get_member (mf_edit_document_root_object (self), MF_KEY_PLOTS);
  return plots != NULL ? mf_plot_list_from_json (plots) : NULL;
}

gboolean
mf_edit_document_set_plot_list (MfEditDocument *self, const MfPlotList *plots,
                                const char *label, GError **error)
{
  g_autoptr (MfPlotList) current = NULL;

  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (self), FALSE);
  g_return_val_if_fail (label != NULL, FALSE);

  current = mf_edit_document_get_plot_list (self);
  if (mf_plot_list_equal (current, plots))
    return TRUE;
  mf_edit_document_touch (self, MF_KEY_PLOTS);
  if (plots == NULL)
    json_object_remove_member (mf_edit_document_root_object (self), MF_KEY_PLOTS);
  else
    mf_edit_document_set_root_member (self, MF_KEY_PLOTS, mf_plot_list_to_json (plots));
  /* a name the circuit does not have would not load */
  if (!mf_edit_document_verify (self, error))
    return FALSE;
  mf_edit_document_commit (self, label, 0, NULL);
  return TRUE;
}

/* Writes `plots` back when `changed`, within the edit under way. */
static void
write_back (MfEditDocument *self, const MfPlotList *plots, gboolean changed)
{
  if (!changed)
    return;
  mf_edit_document_touch (self, MF_KEY_PLOTS);
  mf_edit_document_set_root_member (self, MF_KEY_PLOTS, mf_plot_list_to_json (plots));
}

void
mf_edit_document_rename_in_plots (MfEditDocument *self, const char *id, const char *new_id)
{
  g_autoptr (MfPlotList) plots = mf_edit_document_get_plot_list (self);
  gboolean changed = FALSE;

  for (guint p = 0; plots != NULL && p < plots->len; p++)
    {
      MfPlotSpec *spec = plots->pdata[p];
      char *name;

      if (spec->x != NULL && (name = mf_edit_renamed (spec->x, id, new_id)) != NULL)
        g_free (spec->x), spec->x = name, changed = TRUE;
      for (guint i = 0; i < spec->y->len; i++)
        if ((name = mf_edit_renamed (spec->y->pdata[i], id, new_id)) != NULL)
          g_free (spec->y->pdata[i]), spec->y->pdata[i] = name, changed = TRUE;
    }
  write_back (self, plots, changed);
}

void
mf_edit_document_remove_from_plots (MfEditDocument *self, GHashTable *ids)
{
  g_autoptr (MfPlotList) plots = mf_edit_document_get_plot_list (self);
  gboolean changed = FALSE;

  /* the plots stay, without the quantities of what went: an xy plot that
   * lost its x waits for another */
  for (guint p = 0; plots != NULL && p < plots->len; p++)
    {
      MfPlotSpec *spec = plots->pdata[p];

      if (spec->x != NULL && mf_edit_names_a_component (spec->x, ids))
        {
          g_clear_pointer (&spec->x, g_free);
          changed = TRUE;
        }
      for (guint i = spec->y->len; i-- > 0;)
        if (mf_edit_names_a_component (spec->y->pdata[i], ids))
          g_ptr_array_remove_index (spec->y, i), changed = TRUE;
    }
  write_back (self, plots, changed);
}
