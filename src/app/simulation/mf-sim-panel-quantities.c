/* mf-sim-panel-quantities.c: which quantities the simulation pane's plots
 * show — the defaults a run's columns offer (pistons' and masses' states
 * first, orifices' and valves' flows, pressures, the singular values),
 * the quantities a user adds, the canvas probe, kept so that later
 * runs' columns answer it too, and which plots have anything to show (a
 * purely mechanical circuit has no pressures to plot).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-sim-panel-private.h"

#include <math.h>
#include <string.h>

/* The states view starts with this many states, pistons' and masses'
 * first: more than that makes a legend nobody reads. */
#define MF_SIM_PANEL_DEFAULT_STATES 6

const char *const mf_sim_panel_sigma_quantities[] = {
  "solver.sigma_min", "solver.sigma_max", "solver.w_sigma_min", "solver.w_sigma_max", NULL,
};

/* ---- which view a quantity belongs to ---- */

static MfSimPanelView
view_of_quantity (const char *name)
{
  if (g_str_has_prefix (name, "solver."))
    return MF_SIM_PANEL_SIGMA;
  if (g_str_has_suffix (name, ".p") || g_str_has_suffix (name, ".dp"))
    return MF_SIM_PANEL_PRESSURES;
  return MF_SIM_PANEL_STATES;
}

static gboolean
add_to_view (MfSimPanel *self,
             const char *name)
{
  return mf_run_plots_add_quantity (self->plots[view_of_quantity (name)], name);
}

/* A state of a piston or a mass: what a user of a hydraulic drive watches
 * first. */
static gboolean
is_load_state (MfSimPanel *self,
               const char *name)
{
  const char *dot = strchr (name, '.');
  g_autofree char *id = NULL;
  int index;
  MfComponentType type;

  if (self->document == NULL || dot == NULL)
    return FALSE;
  id = g_strndup (name, dot - name);
  index = mf_edit_document_find_component (self->document, id);
  if (index < 0)
    return FALSE;
  type = mf_edit_document_get_component_info (self->document, index)->type;
  return type == MF_COMPONENT_PISTON || type == MF_COMPONENT_MASS;
}

/* A velocity or a position state: "P1.v", "C1.x" (the outputs' other
 * columns are flows, pressures, forces, switches and solver values). */
static gboolean
is_motion_state (const char *name)
{
  return !g_str_has_prefix (name, "solver.")
         && (g_str_has_suffix (name, ".v") || g_str_has_suffix (name, ".x"));
}

/* What the states view shows of a branch that is not a load: an
 * orifice's or a valve's flow ("O1.q", in L/min with practical units)
 * rather than its velocity in a reference area ("O1.v"), when the run has
 * that column; a pipe keeps its velocity, the speed of its oil. */
static const char *
flow_of (MfSimPanel  *self,
         MfRunRecord *record,
         const char  *velocity)
{
  g_autofree char *stem = NULL;
  g_autofree char *flow = NULL;
  int column;

  int index;

  if (!g_str_has_suffix (velocity, ".v") || self->document == NULL)
    return velocity;
  stem = g_strndup (velocity, strlen (velocity) - 2);
  index = mf_edit_document_find_component (self->document, stem);
  if (index < 0
      || mf_edit_document_get_component_info (self->document, index)->type == MF_COMPONENT_PIPE)
    return velocity;
  g_free (stem);
  stem = g_strndup (velocity, strlen (velocity) - 1);
  flow = g_strconcat (stem, "q", NULL);
  column = mf_run_record_find_column (record, flow);
  return column >= 0 ? mf_run_record_get_column_name (record, (guint) column) : velocity;
}

/* Does column `column` answer probe `probe`? */
static gboolean
probe_matches (const MfSimPanelProbe *probe,
               const char            *column)
{
  gsize len = strlen (probe->name);

  if (strncmp (column, probe->name, len) != 0 || column[len] != '.')
    return FALSE;
  /* a node's pressure; a component's own quantities, not the pressure of a
   * node named after one of its ports ("P1.b.p") */
  if (probe->is_node)
    return strcmp (column + len + 1, "p") == 0;
  return strchr (column + len + 1, '.') == NULL;
}

/* Does the current run or a run overlaid on it have column `name`? */
static gboolean
plotted_runs_have (MfSimPanel *self,
                   const char *name)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->runs));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (MfRunRecord) record = g_list_model_get_item (G_LIST_MODEL (self->runs), i);

      if ((record == self->current || mf_run_record_get_shown (record))
          && mf_run_record_find_column (record, name) >= 0)
        return TRUE;
    }
  return FALSE;
}

/* A run's first columns are in: the quantities of components that are
 * gone (deleted, renamed) would only be empty legend entries. */
static void
drop_stale_quantities (MfSimPanel *self)
{
  static const MfSimPanelView views[] = { MF_SIM_PANEL_STATES, MF_SIM_PANEL_PRESSURES };

  for (guint v = 0; v < G_N_ELEMENTS (views); v++)
    {
      g_auto (GStrv) names = mf_run_plots_get_quantities (self->plots[views[v]]);

      for (guint i = 0; names != NULL && names[i] != NULL; i++)
        if (!plotted_runs_have (self, names[i]))
          mf_run_plots_remove_quantity (self->plots[views[v]], names[i]);
    }
  {
    g_auto (GStrv) states = mf_run_plots_get_quantities (self->plots[MF_SIM_PANEL_STATES]);

    self->default_states = states != NULL ? g_strv_length (states) : 0;
  }
}

/* `record` — the current run, or with none a run a sweep or a comparison
 * added — has columns it had not before (its start, or a live update that
 * added components): the default quantities and the waiting probes take
 * what is theirs. */
void
mf_sim_panel_offer_new_columns (MfSimPanel  *self,
                                MfRunRecord *record)
{
  guint n = mf_run_record_get_n_columns (record);
  g_autoptr (GPtrArray) loads = g_ptr_array_new ();
  g_autoptr (GPtrArray) others = g_ptr_array_new ();

  if (self->known_columns == 0)
    drop_stale_quantities (self);
  for (guint i = self->known_columns; i < n; i++)
    {
      const char *name = mf_run_record_get_column_name (record, i);

      if (g_str_has_suffix (name, ".p") || g_str_has_suffix (name, ".dp"))
        mf_run_plots_add_quantity (self->plots[MF_SIM_PANEL_PRESSURES], name);
      else if (g_strv_contains (mf_sim_panel_sigma_quantities, name))
        mf_run_plots_add_quantity (self->plots[MF_SIM_PANEL_SIGMA], name);
      else if (is_motion_state (name) && is_load_state (self, name))
        g_ptr_array_add (loads, (gpointer) name);
      else if (is_motion_state (name))
        g_ptr_array_add (others, (gpointer) flow_of (self, record, name));
      for (guint p = 0; p < self->probes->len; p++)
        if (probe_matches (&g_array_index (self->probes, MfSimPanelProbe, p), name))
          add_to_view (self, name);
    }
  g_ptr_array_extend_and_steal (loads, g_steal_pointer (&others));
  for (guint i = 0; i < loads->len && self->default_states < MF_SIM_PANEL_DEFAULT_STATES; i++)
    if (mf_run_plots_add_quantity (self->plots[MF_SIM_PANEL_STATES], loads->pdata[i]))
      self->default_states++;
  self->known_columns = n;
}

/* ---- quantities and the probe ---- */

char **
mf_sim_panel_get_quantities (MfSimPanel *self)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();

  g_return_val_if_fail (MF_IS_SIM_PANEL (self), NULL);

  for (guint i = 0; i < MF_SIM_PANEL_N_RUN_PLOTS; i++)
    {
      g_auto (GStrv) names = mf_run_plots_get_quantities (self->plots[i]);

      g_strv_builder_addv (builder, (const char **) names);
    }
  return g_strv_builder_end (builder);
}

void
mf_sim_panel_add_quantity (MfSimPanel *self,
                           const char *name)
{
  g_return_if_fail (MF_IS_SIM_PANEL (self));
  g_return_if_fail (name != NULL);

  if (add_to_view (self, name))
    {
      mf_sim_panel_update_shown_views (self, TRUE);
      mf_sim_panel_update_plots (self, TRUE);
    }
}

void
mf_sim_panel_probe (MfSimPanel *self,
                    const char *name,
                    gboolean    is_node)
{
  MfSimPanelProbe probe = { g_strdup (name), !!is_node };

  g_return_if_fail (MF_IS_SIM_PANEL (self));
  g_return_if_fail (name != NULL);

  /* Kept, so that the columns a later run or a live update brings are
   * plotted too. */
  g_array_append_val (self->probes, probe);
  if (self->current == NULL)
    return;
  for (guint i = 0; i < mf_run_record_get_n_columns (self->current); i++)
    {
      const char *column = mf_run_record_get_column_name (self->current, i);

      if (probe_matches (&probe, column))
        add_to_view (self, column);
    }
  mf_sim_panel_update_shown_views (self, TRUE);
  mf_sim_panel_update_plots (self, TRUE);
  /* the user asked to see it: show it even when the pane was folded */
  mf_sim_panel_set_expanded (self, TRUE);
}

void
mf_sim_panel_clear_probe (gpointer data)
{
  g_free (((MfSimPanelProbe *) data)->name);
}

/* ---- which views have something to show ---- */

/* Does a quantity of view `view` have a finite value among the samples
 * from `from` on of `record`? */
static gboolean
record_has_values (MfSimPanel  *self,
                   MfRunRecord *record,
                   guint        view,
                   guint        from)
{
  g_auto (GStrv) names = mf_run_plots_get_quantities (self->plots[view]);
  guint n = mf_run_record_get_n_samples (record);

  for (guint q = 0; names[q] != NULL; q++)
    {
      int column = mf_run_record_find_column (record, names[q]);
      const double *values;

      if (column < 0)
        continue;
      values = mf_run_record_get_column (record, (guint) column);
      for (guint i = from; i < n; i++)
        if (isfinite (values[i]))
          return TRUE;
    }
  return FALSE;
}

/* The widget that holds view `view` in the pane's row of plots. */
static GtkWidget *
view_place (MfSimPanel *self,
            guint       view)
{
  return view == MF_SIM_PANEL_SIGMA ? GTK_WIDGET (self->solver_stack)
                                    : gtk_widget_get_parent (GTK_WIDGET (self->views[view]));
}

void
mf_sim_panel_update_shown_views (MfSimPanel *self,
                                 gboolean    rescan)
{
  static const guint views[] = { MF_SIM_PANEL_PRESSURES, MF_SIM_PANEL_SIGMA };

  for (guint k = 0; k < G_N_ELEMENTS (views); k++)
    {
      guint v = views[k];
      gboolean shown;

      if (rescan)
        {
          guint n = g_list_model_get_n_items (G_LIST_MODEL (self->runs));

          self->view_has_data[v] = FALSE;
          self->view_scanned[v] = 0;
          for (guint i = 0; i < n && !self->view_has_data[v]; i++)
            {
              g_autoptr (MfRunRecord) record = g_list_model_get_item (G_LIST_MODEL (self->runs),
                                                                      i);

              if (record != self->current && mf_run_record_get_shown (record))
                self->view_has_data[v] = record_has_values (self, record, v, 0);
            }
        }
      /* the current run is read as it grows, each sample once */
      if (!self->view_has_data[v] && self->current != NULL)
        {
          self->view_has_data[v] = record_has_values (self, self->current, v,
                                                      self->view_scanned[v]);
          self->view_scanned[v] = mf_run_record_get_n_samples (self->current);
        }
      /* Hidden only once a run has ended with nothing for it: a run still
       * going leaves the plots as they were (the circuit may have data
       * for them that has not come yet), and before any run all show. */
      if (self->view_has_data[v])
        shown = TRUE;
      else if (self->current == NULL
               || mf_run_record_get_status (self->current) == MF_SIM_STATUS_RUNNING)
        shown = self->current == NULL || gtk_widget_get_visible (view_place (self, v));
      else
        shown = FALSE;
      /* the Steps page shares the σ plot's place: it always has the steps */
      if (v == MF_SIM_PANEL_SIGMA && gtk_toggle_button_get_active (self->steps_button))
        shown = TRUE;
      gtk_widget_set_visible (view_place (self, v), shown);
    }
}
