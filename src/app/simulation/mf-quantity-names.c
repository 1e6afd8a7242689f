/* mf-quantity-names.c: the quantities a circuit has, from its model's
 * output names, worked out on a thread, and the search that filters a
 * list of them (mf-quantity-names.h).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-quantity-names.h"

#include <string.h>

#include "mf-document.h"
#include "mf-model.h"

char **
mf_quantity_names_compute (const char *data, gssize length, const char *name, GError **error)
{
  g_autoptr (MfDocument) document = NULL;
  g_autoptr (MfModel) model = NULL;
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();

  g_return_val_if_fail (data != NULL, NULL);

  document = mf_document_load_data (data, length, name, NULL, error);
  if (document == NULL)
    return NULL;
  model = mf_model_new (mf_document_get_circuit (document), error);
  if (model == NULL)
    return NULL;
  for (guint i = 0; i < mf_model_n_outputs (model); i++)
    g_strv_builder_add (builder, mf_model_output_name (model, i));
  return g_strv_builder_end (builder);
}

/* What a document is called in the messages of the threaded form. */
#define THREAD_NAME "<document>"

static void
run_in_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  GError *error = NULL;
  gsize length;
  const char *data = g_bytes_get_data (task_data, &length);
  char **names = mf_quantity_names_compute (data != NULL ? data : "", (gssize) length,
                                            THREAD_NAME, &error);

  if (names == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, names, (GDestroyNotify) g_strfreev);
}

void
mf_quantity_names_async (const char *data, gssize length, GCancellable *cancellable,
                         GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr (GTask) task = g_task_new (NULL, cancellable, callback, user_data);

  g_return_if_fail (data != NULL);

  g_task_set_task_data (task, g_bytes_new (data, length < 0 ? strlen (data) : (gsize) length),
                        (GDestroyNotify) g_bytes_unref);
  g_task_set_return_on_cancel (task, TRUE);
  g_task_run_in_thread (task, run_in_thread);
}

char **
mf_quantity_names_finish (GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

gboolean
mf_quantity_names_match (const char *name, const char *search)
{
  g_autofree char *folded_name = NULL;
  g_auto (GStrv) words = NULL;

  g_return_val_if_fail (name != NULL, FALSE);

  if (search == NULL)
    return TRUE;
  folded_name = g_utf8_casefold (name, -1);
  words = g_strsplit_set (search, " \t", -1);
  for (guint i = 0; words[i] != NULL; i++)
    {
      g_autofree char *word = g_utf8_casefold (words[i], -1);

      if (word[0] != '\0' && strstr (folded_name, word) == NULL)
        return FALSE;
    }
  return TRUE;
}
