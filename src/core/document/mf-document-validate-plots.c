/* mf-document-validate-plots.c: "plots": [...], the plot layout the
 * application shows (docs/format.md "Plots") — each plot's shape, then its
 * quantities' names against the assembled circuit, as the outputs' are
 * (mf-document-validate-outputs.c), with the closest name when one is close.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-document-private.h"

#include <glib/gi18n.h>

#include "mf-simulation.h"

/* A name at `path`: a string that is not empty.  NULL when it is not one
 * (reported as item `index` + 1 of the plot's field `field`). */
static const char *
check_name (MfChecker *checker, JsonNode *node, const char *path, guint plot,
            const char *field)
{
  if (mf_document_is_string (node) && json_node_get_string (node)[0] != '\0')
    return json_node_get_string (node);
  /* Translators: %u is a plot's number (1 for the first), %s a field ("x", "y") */
  mf_checker_error (checker, path, _("plots: plot %u: '%s' must name an output (\"J1.p\")"),
                    plot + 1, field);
  return NULL;
}

static void
check_y (MfChecker *checker, JsonNode *node, const char *plot_path, guint plot,
         MfPlotSpec *spec)
{
  g_autofree char *path = mf_json_path_member (plot_path, MF_KEY_PLOT_Y);
  g_autoptr (GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  JsonArray *array;

  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      mf_checker_error (checker, path, _("plots: plot %u: 'y' must be an array of output "
                          "names"), plot + 1);
      return;
    }
  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      g_autofree char *item_path = mf_json_path_index (path, i);
      const char *name = check_name (checker, json_array_get_element (array, i), item_path,
                                     plot, MF_KEY_PLOT_Y);

      if (name == NULL)
        continue;
      if (!g_hash_table_add (seen, (gpointer) name))
        {
          g_autofree char *shown = mf_text_escape (name);

          /* Translators: %u is a plot's number, %s an output's name ("J1.p") */
          mf_checker_error (checker, item_path, _("plots: plot %u: '%s' is listed twice"),
                            plot + 1, shown);
        }
      else
        g_ptr_array_add (spec->y, g_strdup (name));
    }
}

/* A boolean field; FALSE when absent or wrong (reported). */
static gboolean
check_flag (MfChecker *checker, JsonObject *object, const char *plot_path, guint plot,
            const char *field)
{
  JsonNode *node = json_object_get_member (object, field);
  g_autofree char *path = NULL;

  if (node == NULL)
    return FALSE;
  if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_BOOLEAN)
    return json_node_get_boolean (node);
  path = mf_json_path_member (plot_path, field);
  /* Translators: %u is a plot's number, %s a field ("log_y") */
  mf_checker_error (checker, path, _("plots: plot %u: '%s' must be true or false"), plot + 1,
                    field);
  return FALSE;
}

static void
check_plot (MfChecker *checker, JsonNode *node, guint index, gpointer data)
{
  MfPlotList *layout = data;
  g_autofree char *path = mf_json_path_index (MF_KEY_PLOTS, index);
  g_autofree char *owner = NULL;
  g_autoptr (MfPlotSpec) spec = NULL;
  MfPlotKind kind = MF_PLOT_KIND_TIME;
  JsonObject *object;
  JsonNode *member;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      mf_checker_error (checker, path, _("plots: plot %u must be an object"), index + 1);
      return;
    }
  object = json_node_get_object (node);
  /* Translators: the section and a plot's number, in messages about unknown fields */
  owner = g_strdup_printf (_("plots: plot %u"), index + 1);
  mf_document_warn_unknown_fields (checker, object, path, owner, mf_plot_list_keys, NULL);

  member = json_object_get_member (object, MF_KEY_PLOT_KIND);
  if (member != NULL
      && (!mf_document_is_string (member)
          || !mf_plot_kind_from_string (json_node_get_string (member), &kind)))
    {
      g_autofree char *kind_path = mf_json_path_member (path, MF_KEY_PLOT_KIND);

      mf_checker_error (checker, kind_path, _("plots: plot %u: 'kind' must be \"time\" or "
                          "\"xy\""), index + 1);
    }
  spec = mf_plot_spec_new (kind);

  member = json_object_get_member (object, MF_KEY_PLOT_TITLE);
  if (member != NULL && !mf_document_is_string (member))
    {
      g_autofree char *title_path = mf_json_path_member (path, MF_KEY_PLOT_TITLE);

      mf_checker_error (checker, title_path, _("plots: plot %u: 'title' must be a string"),
                        index + 1);
    }
  else if (member != NULL)
    spec->title = g_strdup (json_node_get_string (member));

  member = json_object_get_member (object, MF_KEY_PLOT_X);
  if (member != NULL)
    {
      g_autofree char *x_path = mf_json_path_member (path, MF_KEY_PLOT_X);

      if (kind != MF_PLOT_KIND_XY)
        mf_checker_error (checker, x_path, _("plots: plot %u: a time plot has time along x; "
                            "'x' is for \"kind\": \"xy\""), index + 1);
      else
        spec->x = g_strdup (check_name (checker, member, x_path, index, MF_KEY_PLOT_X));
    }

  member = json_object_get_member (object, MF_KEY_PLOT_Y);
  if (member != NULL)
    check_y (checker, member, path, index, spec);

  spec->log_x = check_flag (checker, object, path, index, MF_KEY_PLOT_LOG_X);
  spec->log_y = check_flag (checker, object, path, index, MF_KEY_PLOT_LOG_Y);
  if (spec->log_x && kind != MF_PLOT_KIND_XY)
    {
      g_autofree char *log_path = mf_json_path_member (path, MF_KEY_PLOT_LOG_X);

      mf_checker_error (checker, log_path, _("plots: plot %u: a time plot's x axis is linear; "
                          "'log_x' is for \"kind\": \"xy\""), index + 1);
    }
  g_ptr_array_add (layout, g_steal_pointer (&spec));
}

void
mf_document_check_plots (MfChecker *checker, JsonNode *node)
{
  g_autoptr (MfPlotList) layout = mf_plot_list_new ();

  if (JSON_NODE_HOLDS_ARRAY (node) && json_array_get_length (json_node_get_array (node)) == 0)
    {
      mf_checker_error (checker, MF_KEY_PLOTS, _("'plots' must be an array of one or more "
                          "plots"));
      return;
    }
  mf_document_check_each (checker, node, MF_KEY_PLOTS, check_plot, layout);
  g_clear_pointer (&checker->plots, g_ptr_array_unref);
  checker->plots = g_steal_pointer (&layout);
}

/* Every name of plot `index` that the circuit does not have, at its place. */
static void
check_plot_names (MfChecker *checker, const MfPlotSpec *spec, guint index, GHashTable *known,
                  const char ***candidates)
{
  g_autofree char *path = mf_json_path_index (MF_KEY_PLOTS, index);

  if (spec->x != NULL)
    {
      g_autofree char *x_path = mf_json_path_member (path, MF_KEY_PLOT_X);

      mf_document_check_value_name (checker, MF_NAMES_OF_PLOTS, spec->x, x_path, known,
                                    candidates);
    }
  /* without errors every item of "y" is in the list, in order */
  for (guint i = 0; i < spec->y->len; i++)
    {
      g_autofree char *y_path = mf_json_path_member (path, MF_KEY_PLOT_Y);
      g_autofree char *item_path = mf_json_path_index (y_path, i);

      mf_document_check_value_name (checker, MF_NAMES_OF_PLOTS, spec->y->pdata[i], item_path,
                                    known, candidates);
    }
}

void
mf_document_check_plot_names (MfChecker *checker, const MfModel *model)
{
  g_autoptr (GHashTable) known = NULL;
  g_autofree const char **candidates = NULL;

  if (checker->plots == NULL)
    return;
  known = mf_simulation_value_names (model);
  /* the application's runs have the weighted singular values besides
   * (docs/format.md "Plots"), which its σ view shows */
  g_hash_table_add (known, g_strdup ("solver.w_sigma_min"));
  g_hash_table_add (known, g_strdup ("solver.w_sigma_max"));
  for (guint i = 0; i < checker->plots->len; i++)
    check_plot_names (checker, checker->plots->pdata[i], i, known, &candidates);
}
