/* mf-plot-list.c: the plot layout of a document as data — copies,
 * comparison and the JSON the writer writes.  The loader's checks of the
 * section are in mf-document-validate-plots.c, and reading a section that
 * loads goes through them too, so that there is one reader.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-plot-list.h"

#include <string.h>

#include "mf-document-private.h"

const char *const mf_plot_list_keys[] = {
  MF_KEY_PLOT_KIND, MF_KEY_PLOT_TITLE, MF_KEY_PLOT_X, MF_KEY_PLOT_Y, MF_KEY_PLOT_LOG_X,
  MF_KEY_PLOT_LOG_Y, NULL
};

MfPlotSpec *
mf_plot_spec_new (MfPlotKind kind)
{
  MfPlotSpec *spec = g_new0 (MfPlotSpec, 1);

  spec->kind = kind;
  spec->y = g_ptr_array_new_with_free_func (g_free);
  return spec;
}

MfPlotSpec *
mf_plot_spec_copy (const MfPlotSpec *spec)
{
  MfPlotSpec *copy = mf_plot_spec_new (spec->kind);

  copy->title = g_strdup (spec->title);
  copy->x = g_strdup (spec->x);
  for (guint i = 0; i < spec->y->len; i++)
    g_ptr_array_add (copy->y, g_strdup (spec->y->pdata[i]));
  copy->log_x = spec->log_x;
  copy->log_y = spec->log_y;
  return copy;
}

void
mf_plot_spec_free (MfPlotSpec *spec)
{
  if (spec == NULL)
    return;
  g_free (spec->title);
  g_free (spec->x);
  g_ptr_array_unref (spec->y);
  g_free (spec);
}

gboolean
mf_plot_spec_has (const MfPlotSpec *spec, const char *name)
{
  if (g_strcmp0 (spec->x, name) == 0)
    return TRUE;
  for (guint i = 0; i < spec->y->len; i++)
    if (strcmp (spec->y->pdata[i], name) == 0)
      return TRUE;
  return FALSE;
}

MfPlotList *
mf_plot_list_new (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) mf_plot_spec_free);
}

MfPlotList *
mf_plot_list_copy (const MfPlotList *layout)
{
  MfPlotList *copy = mf_plot_list_new ();

  for (guint i = 0; i < layout->len; i++)
    g_ptr_array_add (copy, mf_plot_spec_copy (layout->pdata[i]));
  return copy;
}

static gboolean
spec_equal (const MfPlotSpec *a, const MfPlotSpec *b)
{
  if (a->kind != b->kind || g_strcmp0 (a->title, b->title) != 0
      || g_strcmp0 (a->x, b->x) != 0 || a->log_x != b->log_x || a->log_y != b->log_y
      || a->y->len != b->y->len)
    return FALSE;
  for (guint i = 0; i < a->y->len; i++)
    if (strcmp (a->y->pdata[i], b->y->pdata[i]) != 0)
      return FALSE;
  return TRUE;
}

gboolean
mf_plot_list_equal (const MfPlotList *a, const MfPlotList *b)
{
  if (a == NULL || b == NULL)
    return a == b;
  if (a->len != b->len)
    return FALSE;
  for (guint i = 0; i < a->len; i++)
    if (!spec_equal (a->pdata[i], b->pdata[i]))
      return FALSE;
  return TRUE;
}

const char *
mf_plot_kind_to_string (MfPlotKind kind)
{
  return kind == MF_PLOT_KIND_XY ? "xy" : "time";
}

gboolean
mf_plot_kind_from_string (const char *text, MfPlotKind *kind)
{
  if (g_strcmp0 (text, "time") == 0)
    *kind = MF_PLOT_KIND_TIME;
  else if (g_strcmp0 (text, "xy") == 0)
    *kind = MF_PLOT_KIND_XY;
  else
    return FALSE;
  return TRUE;
}

static JsonNode *
spec_to_json (const MfPlotSpec *spec)
{
  g_autoptr (JsonObject) object = json_object_new ();
  JsonArray *y = json_array_new ();
  JsonNode *node = json_node_alloc ();

  json_object_set_string_member (object, MF_KEY_PLOT_KIND, mf_plot_kind_to_string (spec->kind));
  if (spec->title != NULL)
    json_object_set_string_member (object, MF_KEY_PLOT_TITLE, spec->title);
  if (spec->x != NULL)
    json_object_set_string_member (object, MF_KEY_PLOT_X, spec->x);
  for (guint i = 0; i < spec->y->len; i++)
    json_array_add_string_element (y, spec->y->pdata[i]);
  json_object_set_array_member (object, MF_KEY_PLOT_Y, y);
  if (spec->log_x)
    json_object_set_boolean_member (object, MF_KEY_PLOT_LOG_X, TRUE);
  if (spec->log_y)
    json_object_set_boolean_member (object, MF_KEY_PLOT_LOG_Y, TRUE);
  return json_node_init_object (node, object);
}

JsonNode *
mf_plot_list_to_json (const MfPlotList *layout)
{
  /* the node takes a reference of its own */
  g_autoptr (JsonArray) array = json_array_new ();

  for (guint i = 0; i < layout->len; i++)
    json_array_add_element (array, spec_to_json (layout->pdata[i]));
  return json_node_init_array (json_node_alloc (), array);
}

MfPlotList *
mf_plot_list_from_json (JsonNode *plots)
{
  MfChecker checker;
  MfPlotList *layout = NULL;

  g_return_val_if_fail (plots != NULL, NULL);

  /* the checks build the layout; a section that loads has no errors, so
   * no place in a text is ever looked for */
  mf_checker_init (&checker, "", 0);
  mf_document_check_plots (&checker, plots);
  if (!mf_checker_has_errors (&checker))
    layout = g_steal_pointer (&checker.plots);
  mf_checker_clear (&checker);
  return layout;
}
