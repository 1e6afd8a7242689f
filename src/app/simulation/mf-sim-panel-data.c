/* mf-sim-panel-data.c: the simulation pane's data — the runs list, the
 * drain of the worker into the current run once per frame (a tick callback
 * that lives only while there is something to draw), the three plots kept
 * in step by MfRunPlots and the mode timeline.  Which quantities the plots
 * show, and the probe, are in mf-sim-panel-quantities.c.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-sim-panel-private.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "mf-document-keys.h"
#include "mf-expr.h"
#include "mf-run-sidecar.h"

/* A run reserves at most this many samples up front (about 4 GB of address
 * space for a record and its plots, touched only as samples come); a
 * longer one grows as it goes. */
#define MF_SIM_PANEL_MAX_RESERVE 2e7

/* ---- the mode timeline ---- */

static const char *
mode_name (MfRunRecord *record,
           guint        mode)
{
  const char *name = mf_run_record_get_mode_name (record, mode);

  return name != NULL ? name : "?";
}

static void
timelines_set_mode_at (MfSimPanel *self,
                       double      t,
                       const char *mode)
{
  for (guint i = 0; i < MF_SIM_PANEL_N_VIEWS; i++)
    mf_mode_timeline_set_mode_at (self->timelines[i], t, mode);
}


/* Extends the timeline over the samples and log rows that came in since
 * the last frame: a band per stretch of one mode, a tick per switch. */
static void
update_timeline (MfSimPanel *self)
{
  MfRunRecord *record = self->current;
  guint n = mf_run_record_get_n_samples (record);
  guint n_log = mf_run_record_get_n_log (record);
  const double *times = mf_run_record_get_times (record);
  const guint *modes = mf_run_record_get_modes (record);

  for (guint i = self->timeline_samples; i < n; i++)
    if (i == 0 || modes[i] != self->timeline_mode)
      {
        timelines_set_mode_at (self, times[i], mode_name (record, modes[i]));
        self->timeline_mode = modes[i];
      }
  if (n > self->timeline_samples)
    timelines_set_mode_at (self, times[n - 1], mode_name (record, modes[n - 1]));
  self->timeline_samples = n;

  for (guint i = self->timeline_log; i < n_log; i++)
    {
      const MfSimLogEntry *entry = mf_run_record_get_log (record, i);
      g_autofree char *label = NULL;

      if (entry->kind != MF_SIM_LOG_EVENT)
        continue;
      label = mf_sim_log_entry_label (entry);
      for (guint v = 0; v < MF_SIM_PANEL_N_VIEWS; v++)
        mf_mode_timeline_add_event (self->timelines[v], entry->t, label);
    }
  self->timeline_log = n_log;
}

/* ---- the per-frame drain ---- */

/* While new data comes (a run streams, starts or ends), one view is redrawn
 * per frame, in turn, and the others keep the plot they drew: a frame then
 * draws about one plot, and each plot still follows the run at a third of
 * the frame rate.  Meanwhile the views are live: a view that is not drawn
 * in a frame does not follow the shared time axis either (it catches up in
 * its turn).  With `all` (the user changed what is shown) every view with
 * new data is redrawn at once. */
/* With no run of its own, the plots take their quantities from the first
 * run a sweep or a comparison added, once it has columns. */
static void
offer_added_run_columns (MfSimPanel *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->runs));

  if (self->current != NULL || self->known_columns > 0)
    return;
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (MfRunRecord) record = g_list_model_get_item (G_LIST_MODEL (self->runs), i);

      if (mf_run_record_get_shown (record) && mf_run_record_get_n_columns (record) > 0)
        {
          mf_sim_panel_offer_new_columns (self, record);
          return;
        }
    }
}

void
mf_sim_panel_update_plots (MfSimPanel *self,
              gboolean    all)
{
  offer_added_run_columns (self);
  mf_sim_panel_layout_update (self);
  for (guint i = 0; i < MF_SIM_PANEL_N_VIEWS; i++)
    if (i == MF_SIM_PANEL_STEPS ? mf_step_plots_update (self->step_plots)
                                : mf_run_plots_update (self->plots[i]))
      self->views_behind[i] = TRUE;
  if (mf_measured_plots_sync (self->measured, self->plots, MF_SIM_PANEL_N_RUN_PLOTS,
                              self->current))
    for (guint i = 0; i < MF_SIM_PANEL_N_RUN_PLOTS; i++)
      self->views_behind[i] = TRUE;
  for (guint i = 0; i < MF_SIM_PANEL_N_VIEWS; i++)
    mf_plot_view_set_live (self->views[i], !all);
  for (guint k = 1; k <= MF_SIM_PANEL_N_VIEWS; k++)
    {
      guint i = (self->last_view_drawn + k) % MF_SIM_PANEL_N_VIEWS;

      if (!self->views_behind[i])
        continue;
      self->views_behind[i] = FALSE;
      mf_plot_view_data_changed (self->views[i]);
      if (!all)
        {
          self->last_view_drawn = i;
          /* the tick draws the others in the next frames */
          mf_sim_panel_ensure_ticking (self);
          break;
        }
    }
}

static gboolean
any_view_behind (MfSimPanel *self)
{
  for (guint i = 0; i < MF_SIM_PANEL_N_VIEWS; i++)
    if (self->views_behind[i])
      return TRUE;
  return FALSE;
}

void
mf_sim_panel_drain (MfSimPanel *self)
{
  if (self->current != NULL && mf_run_record_get_status (self->current) == MF_SIM_STATUS_RUNNING)
    {
      gboolean new_columns;

      mf_run_record_drain (self->current, self->worker);
      new_columns = mf_run_record_get_n_columns (self->current) != self->known_columns;
      if (new_columns)
        mf_sim_panel_offer_new_columns (self, self->current);
      update_timeline (self);
      mf_sim_panel_update_shown_views (self, new_columns);
    }
  mf_sim_panel_update_plots (self, FALSE);
}

/* A kept run still filling (a sweep's) that is overlaid. */
static gboolean
any_shown_run_growing (MfSimPanel *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->runs));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (MfRunRecord) record = g_list_model_get_item (G_LIST_MODEL (self->runs), i);

      if (record != self->current && mf_run_record_get_shown (record)
          && mf_run_record_get_status (record) == MF_SIM_STATUS_RUNNING)
        return TRUE;
    }
  return FALSE;
}

static gboolean
mf_sim_panel_tick (GtkWidget     *widget,
                   GdkFrameClock *clock,
                   gpointer       user_data)
{
  MfSimPanel *self = MF_SIM_PANEL (widget);
  gboolean live = mf_sim_panel_get_live (self);

  if (live)
    {
      mf_sim_panel_drain (self);
      mf_sim_panel_show_progress (self);
    }
  else
    mf_sim_panel_update_plots (self, FALSE);
  if (live || any_view_behind (self) || any_shown_run_growing (self))
    return G_SOURCE_CONTINUE;
  /* every view has drawn the data it has: they follow the axis again */
  for (guint i = 0; i < MF_SIM_PANEL_N_VIEWS; i++)
    mf_plot_view_set_live (self->views[i], FALSE);
  self->tick_id = 0;
  return G_SOURCE_REMOVE;
}

void
mf_sim_panel_ensure_ticking (MfSimPanel *self)
{
  if (self->tick_id == 0)
    self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), mf_sim_panel_tick,
                                                  NULL, NULL);
}

/* ---- runs ---- */

void
mf_sim_panel_update_mode_names (MfSimPanel *self)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_auto (GStrv) names = NULL;
  guint n;

  if (self->document == NULL || self->current == NULL)
    return;
  n = mf_edit_document_get_n_modes (self->document);
  for (guint i = 0; i < n; i++)
    g_strv_builder_add (builder, mf_edit_document_get_mode_name (self->document, i));
  /* docs/format.md: a document without modes has the one mode "default" */
  if (n == 0)
    g_strv_builder_add (builder, "default");
  names = g_strv_builder_end (builder);
  mf_run_record_set_mode_names (self->current, (const char *const *) names);
}

void
mf_sim_panel_forget_circuit (MfSimPanel *self)
{
  self->current = NULL;
  /* runs belong to their document: none is overlaid on another circuit,
   * and the next document's runs count from 1 again */
  g_list_store_remove_all (self->runs);
  self->n_runs_made = 0;
  self->n_runs_kept = 0;
  /* measurements too were compared with this circuit */
  mf_measured_plots_set_data (self->measured, NULL, NULL);
  mf_run_plots_set_quantities (self->plots[MF_SIM_PANEL_STATES], NULL);
  mf_run_plots_set_quantities (self->plots[MF_SIM_PANEL_PRESSURES], NULL);
  g_array_set_size (self->probes, 0);
  self->default_states = 0;
  self->known_columns = 0;
  self->timeline_samples = self->timeline_log = 0;
  self->timeline_mode = 0;
  for (guint i = 0; i < MF_SIM_PANEL_N_VIEWS; i++)
    mf_mode_timeline_clear (self->timelines[i]);
  mf_plot_range_reset (self->x_range);
  mf_sim_panel_refresh_runs (self);
  mf_sim_panel_show_progress (self);
}

/* The current run solid, every other run whose "shown" is set dashed. */
static void
set_plotted_runs (MfSimPanel *self)
{
  g_autoptr (GPtrArray) overlaid = g_ptr_array_new ();
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->runs));

  for (guint i = 0; i < n; i++)
    {
      MfRunRecord *record = g_list_model_get_item (G_LIST_MODEL (self->runs), i);

      if (record != self->current && mf_run_record_get_shown (record))
        g_ptr_array_add (overlaid, record);
      g_object_unref (record); /* the list keeps it */
    }
  for (guint i = 0; i < MF_SIM_PANEL_N_RUN_PLOTS; i++)
    mf_run_plots_set_runs (self->plots[i], self->current, overlaid);
  mf_step_plots_set_runs (self->step_plots, self->current, overlaid);
  mf_sim_panel_layout_set_runs (self, overlaid);
}

static void
run_shown_changed (MfSimPanel *self)
{
  mf_sim_panel_refresh_runs (self);
}

static void
watch_run (MfSimPanel  *self,
           MfRunRecord *record)
{
  g_signal_connect_object (record, "notify::shown", G_CALLBACK (run_shown_changed), self,
                           G_CONNECT_SWAPPED);
  /* its overlaid series are named by it */
  g_signal_connect_object (record, "notify::note", G_CALLBACK (run_shown_changed), self,
                           G_CONNECT_SWAPPED);
}

static double
simulation_value (MfSimPanel *self,
                  const char *field)
{
  g_autofree char *text = mf_edit_document_get_simulation_text (self->document, field);
  g_autoptr (MfExpr) expr = text != NULL ? mf_expr_parse (text, NULL, NULL, NULL) : NULL;

  return expr != NULL ? mf_expr_eval (expr, 0.0) : NAN;
}

/* How many samples the document's run will hand over (0, interval, …,
 * t_end; the interval a thousandth of t_end by default, as the simulation
 * takes it), or 0 when the settings do not say. */
static guint
expected_samples (MfSimPanel *self)
{
  double t_end, interval, n;

  if (self->document == NULL)
    return 0;
  t_end = simulation_value (self, MF_KEY_SIMULATION_T_END);
  interval = simulation_value (self, MF_KEY_SIMULATION_OUTPUT_INTERVAL);
  if (!(interval > 0))
    interval = t_end / 1000.0;
  /* a rounding error above a whole number of intervals is not one more */
  n = ceil (t_end / interval * (1 - 1e-9)) + 1;
  if (!(t_end > 0 && isfinite (t_end) && n > 0 && isfinite (n)))
    return 0;
  return (guint) MIN (n, MF_SIM_PANEL_MAX_RESERVE);
}

MfRunRecord *
mf_sim_panel_begin_record (MfSimPanel  *self,
                           const char  *label,
                           MfRunRecord *replace)
{
  g_autofree char *numbered = NULL;
  g_autoptr (MfRunRecord) record = NULL;
  guint position;

  if (label == NULL)
    label = numbered = mf_run_sidecar_number_label (++self->n_runs_made);
  record = mf_run_record_new (label);
  if (self->document != NULL)
    mf_run_record_set_provenance (record, mf_run_provenance_new_from_document (self->document));
  mf_run_record_set_status (record, MF_SIM_STATUS_RUNNING);
  /* before the plots bind to it: their series reserve as much */
  mf_run_record_reserve (record, expected_samples (self));
  self->current = record;
  mf_sim_panel_update_mode_names (self);
  watch_run (self, record);
  if (replace != NULL && g_list_store_find (self->runs, replace, &position))
    g_list_store_splice (self->runs, position, 1, (gpointer *) &record, 1);
  else
    g_list_store_append (self->runs, record);

  self->known_columns = 0;
  self->timeline_samples = self->timeline_log = 0;
  self->timeline_mode = 0;
  for (guint i = 0; i < MF_SIM_PANEL_N_VIEWS; i++)
    mf_mode_timeline_clear (self->timelines[i]);
  /* a new run is seen whole, however the last one was zoomed */
  mf_plot_range_reset (self->x_range);
  mf_sim_panel_update_notes (self);
  set_plotted_runs (self);
  mf_sim_panel_update_shown_views (self, TRUE);
  /* the views clear in turn, as the run fills them */
  mf_sim_panel_update_plots (self, FALSE);
  return record;
}

GListModel *
mf_sim_panel_get_runs (MfSimPanel *self)
{
  g_return_val_if_fail (MF_IS_SIM_PANEL (self), NULL);

  return G_LIST_MODEL (self->runs);
}

MfRunRecord *
mf_sim_panel_get_current_run (MfSimPanel *self)
{
  g_return_val_if_fail (MF_IS_SIM_PANEL (self), NULL);

  return self->current;
}

void
mf_sim_panel_refresh_runs (MfSimPanel *self)
{
  g_return_if_fail (MF_IS_SIM_PANEL (self));

  /* The current run may have been deleted from the list. */
  if (self->current != NULL)
    {
      guint position;

      if (!g_list_store_find (self->runs, self->current, &position))
        self->current = NULL;
    }
  set_plotted_runs (self);
  mf_sim_panel_update_shown_views (self, TRUE);
  mf_sim_panel_update_plots (self, TRUE);
  if (any_shown_run_growing (self))
    mf_sim_panel_ensure_ticking (self);
}

void
mf_sim_panel_add_run (MfSimPanel  *self,
                      MfRunRecord *record)
{
  g_return_if_fail (MF_IS_SIM_PANEL (self));
  g_return_if_fail (MF_IS_RUN_RECORD (record));

  watch_run (self, record);
  g_signal_connect_object (record, "notify::status", G_CALLBACK (run_shown_changed), self,
                           G_CONNECT_SWAPPED);
  g_list_store_append (self->runs, record);
  mf_sim_panel_update_notes (self);
  mf_sim_panel_refresh_runs (self);
}

guint
mf_sim_panel_get_n_runs_made (MfSimPanel *self)
{
  g_return_val_if_fail (MF_IS_SIM_PANEL (self), 0);

  return self->n_runs_made;
}

void
mf_sim_panel_add_saved_runs (MfSimPanel *self,
                             GPtrArray  *records,
                             guint       n_made)
{
  GListModel *runs;

  g_return_if_fail (MF_IS_SIM_PANEL (self));

  /* runs made while these were read count on after them, as the file of
   * a window closed meanwhile has them (mf_run_sidecar_merge()) */
  runs = G_LIST_MODEL (self->runs);
  for (guint i = 0; i < g_list_model_get_n_items (runs); i++)
    {
      g_autoptr (MfRunRecord) record = g_list_model_get_item (runs, i);
      g_autofree char *label = mf_run_sidecar_renumber (mf_run_record_get_label (record),
                                                        self->n_runs_made, n_made);

      if (label != NULL)
        mf_run_record_set_label (record, label);
    }
  for (guint i = 0; i < records->len; i++)
    watch_run (self, g_ptr_array_index (records, i));
  /* older than any made meanwhile: first */
  g_list_store_splice (self->runs, 0, 0, records->pdata, records->len);
  self->n_runs_made += n_made;
  self->n_runs_kept = records->len;
  mf_sim_panel_update_notes (self);
  mf_sim_panel_refresh_runs (self);
  mf_sim_panel_show_progress (self);
}

void
mf_sim_panel_update_notes (MfSimPanel *self)
{
  g_autoptr (MfRunProvenance) now = NULL;

  if (self->document == NULL)
    return;
  now = mf_run_provenance_new_from_document (self->document);
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->runs)); i++)
    {
      g_autoptr (MfRunRecord) record = g_list_model_get_item (G_LIST_MODEL (self->runs), i);
      const MfRunProvenance *then = mf_run_record_get_provenance (record);
      g_autofree char *note = then != NULL ? mf_run_provenance_differences (then, now) : NULL;

      mf_run_record_set_note (record, note);
    }
}

/* ---- plots ---- */

MfPlotView *
mf_sim_panel_get_plot_view (MfSimPanel *self,
                            guint       view)
{
  g_return_val_if_fail (MF_IS_SIM_PANEL (self), NULL);
  g_return_val_if_fail (view < MF_SIM_PANEL_N_VIEWS, NULL);

  return self->views[view];
}

void
mf_sim_panel_show_plot (MfSimPanel *self,
                        guint       view)
{
  g_return_if_fail (MF_IS_SIM_PANEL (self));
  g_return_if_fail (view < MF_SIM_PANEL_N_VIEWS);

  /* the Steps toggle switches the stack */
  if (view == MF_SIM_PANEL_SIGMA || view == MF_SIM_PANEL_STEPS)
    gtk_toggle_button_set_active (self->steps_button, view == MF_SIM_PANEL_STEPS);
}

MfModeTimeline *
mf_sim_panel_get_timeline (MfSimPanel *self)
{
  g_return_val_if_fail (MF_IS_SIM_PANEL (self), NULL);

  return self->timelines[MF_SIM_PANEL_STATES];
}

/* ---- setting up ---- */

void
mf_sim_panel_init_data (MfSimPanel *self)
{
  static const char *const titles[] = {
    N_("States"), N_("Pressures"), N_("Singular values"), N_("Steps"),
  };

  self->runs = g_list_store_new (MF_TYPE_RUN_RECORD);
  self->measured = mf_measured_plots_new ();
  self->probes = g_array_new (FALSE, FALSE, sizeof (MfSimPanelProbe));
  g_array_set_clear_func (self->probes, mf_sim_panel_clear_probe);
  self->x_range = mf_plot_range_new ();
  mf_plot_range_set_padding (self->x_range, 0);

  for (guint i = 0; i < MF_SIM_PANEL_N_VIEWS; i++)
    {
      MfPlot *plot = mf_plot_view_get_plot (self->views[i]);

      mf_plot_set_title (plot, _(titles[i]));
      mf_plot_set_axis_title (plot, MF_PLOT_AXIS_X, _("time"), "s");
      mf_plot_view_set_x_range (self->views[i], self->x_range);
      mf_mode_timeline_set_x_range (self->timelines[i], self->x_range);
      if (i < MF_SIM_PANEL_N_RUN_PLOTS)
        self->plots[i] = mf_run_plots_new (plot);
    }
  self->step_plots = mf_step_plots_new (mf_plot_view_get_plot (self->views[MF_SIM_PANEL_STEPS]));
  mf_plot_view_set_log_y (self->views[MF_SIM_PANEL_STEPS], TRUE);
  mf_plot_set_axis_title (mf_plot_view_get_plot (self->views[MF_SIM_PANEL_PRESSURES]),
                          MF_PLOT_AXIS_Y, _("pressure"), "Pa");
  mf_plot_view_set_log_y (self->views[MF_SIM_PANEL_SIGMA], TRUE);
  mf_run_plots_set_mark_fallbacks (self->plots[MF_SIM_PANEL_SIGMA], TRUE);
  mf_run_plots_set_quantities (self->plots[MF_SIM_PANEL_SIGMA], mf_sim_panel_sigma_quantities);
}

void
mf_sim_panel_set_plot_options (MfSimPanel *self,
                               double      line_width,
                               gboolean    grid,
                               gboolean    sample_marks)
{
  g_return_if_fail (MF_IS_SIM_PANEL (self));

  for (guint i = 0; i < MF_SIM_PANEL_N_VIEWS; i++)
    {
      MfPlot *plot = mf_plot_view_get_plot (self->views[i]);

      mf_plot_set_line_width (plot, line_width);
      mf_plot_set_grid (plot, grid);
      mf_plot_set_sample_marks (plot, sample_marks);
      mf_plot_view_data_changed (self->views[i]);
    }
}

void
mf_sim_panel_set_text_scale (MfSimPanel *self,
                             double      scale)
{
  g_return_if_fail (MF_IS_SIM_PANEL (self));

  for (guint i = 0; i < MF_SIM_PANEL_N_VIEWS; i++)
    {
      mf_plot_set_text_scale (mf_plot_view_get_plot (self->views[i]), scale);
      mf_plot_view_data_changed (self->views[i]);
    }
}

void
mf_sim_panel_set_unit_system (MfSimPanel   *self,
                              MfUnitSystem  units)
{
  g_return_if_fail (MF_IS_SIM_PANEL (self));

  for (guint i = 0; i < MF_SIM_PANEL_N_RUN_PLOTS; i++)
    mf_run_plots_set_unit_system (self->plots[i], units);
  mf_plot_set_axis_title (mf_plot_view_get_plot (self->views[MF_SIM_PANEL_PRESSURES]),
                          MF_PLOT_AXIS_Y, _("pressure"), mf_display_unit (units, "Pa", NULL));
  mf_sim_panel_update_plots (self, TRUE);
}

void
mf_sim_panel_set_run_style (MfSimPanel *self,
                            MfRunStyle  style)
{
  g_return_if_fail (MF_IS_SIM_PANEL (self));

  for (guint i = 0; i < MF_SIM_PANEL_N_RUN_PLOTS; i++)
    mf_run_plots_set_run_style (self->plots[i], style);
  mf_sim_panel_update_plots (self, TRUE);
}

MfRunStyle
mf_sim_panel_get_run_style (MfSimPanel *self)
{
  g_return_val_if_fail (MF_IS_SIM_PANEL (self), MF_RUN_STYLE_COLOR_PER_QUANTITY);

  return mf_run_plots_get_run_style (self->plots[0]);
}

void
mf_sim_panel_dispose_data (MfSimPanel *self)
{
  if (self->tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
      self->tick_id = 0;
    }
  /* the binders refer to the views' plots: gone before the views */
  g_clear_pointer (&self->measured, mf_measured_plots_free);
  for (guint i = 0; i < MF_SIM_PANEL_N_RUN_PLOTS; i++)
    g_clear_pointer (&self->plots[i], mf_run_plots_free);
  g_clear_pointer (&self->step_plots, mf_step_plots_free);
  self->current = NULL;
  if (self->runs != NULL)
    {
      guint n = g_list_model_get_n_items (G_LIST_MODEL (self->runs));

      for (guint i = 0; i < n; i++)
        {
          g_autoptr (MfRunRecord) record = g_list_model_get_item (G_LIST_MODEL (self->runs), i);

          g_signal_handlers_disconnect_by_data (record, self);
        }
    }
  g_clear_object (&self->runs);
  g_clear_object (&self->x_range);
  g_clear_pointer (&self->probes, g_array_unref);
}

MfMeasuredPlots *
mf_sim_panel_get_measured (MfSimPanel *self)
{
  g_return_val_if_fail (MF_IS_SIM_PANEL (self), NULL);
  return self->measured;
}

void
mf_sim_panel_measured_changed (MfSimPanel *self)
{
  g_return_if_fail (MF_IS_SIM_PANEL (self));
  mf_sim_panel_update_plots (self, TRUE);
}
