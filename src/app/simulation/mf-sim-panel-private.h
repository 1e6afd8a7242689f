/* mf-sim-panel-private.h: what the files of MfSimPanel share — the
 * instance, the run control (mf-sim-panel.c), the progress and failure
 * rows (mf-sim-panel-status.c), the data: runs, the per-frame drain
 * (mf-sim-panel-data.c), and the plotted quantities and the probe
 * (mf-sim-panel-quantities.c).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "mf-measured-plots.h"
#include "mf-run-plots.h"
#include "mf-sim-panel.h"
#include "mf-step-plots.h"

/* The views whose plots MfRunPlots keeps, before the Steps view, whose
 * plot MfStepPlots keeps. */
#define MF_SIM_PANEL_N_RUN_PLOTS MF_SIM_PANEL_STEPS

G_BEGIN_DECLS

/* A probe waiting for the columns it names: a component's quantities or a
 * node's pressure. */
typedef struct
{
  char     *name;
  gboolean  is_node;
} MfSimPanelProbe;

struct _MfSimPanel
{
  GtkWidget       parent_instance;

  MfEditDocument *document;
  MfSimWorker    *worker;
  MfSimStatus     status;
  gboolean        probe_mode;
  gboolean        expanded;

  /* edits reach a live run this long after the last one */
  guint           update_source;
  /* the row shows an update the run refused, not a failure */
  gboolean        showing_refusal;
  char           *progress_text;
  char           *problem_text;
  /* the time the current run failed at (NAN unless it failed) */
  double          failed_at;

  /* ---- data (mf-sim-panel-data.c) ---- */
  GListStore     *runs;
  MfRunRecord    *current;
  guint           n_runs_made;
  /* how many runs the document had kept from its last session */
  guint           n_runs_kept;
  guint           tick_id;
  MfPlotRange    *x_range;
  MfRunPlots     *plots[MF_SIM_PANEL_N_RUN_PLOTS];
  MfStepPlots    *step_plots;
  /* measurements laid over the run plots */
  MfMeasuredPlots *measured;
  /* views whose plot has data they have not drawn yet, and the one drawn
   * last: new data (a run streaming, starting or ending) redraws them in
   * turn, one a frame */
  gboolean        views_behind[MF_SIM_PANEL_N_VIEWS];
  guint           last_view_drawn;
  /* how far the timeline has read the current run */
  guint           timeline_samples;
  guint           timeline_log;
  guint           timeline_mode;
  /* columns of the current run already offered to the default quantities */
  guint           known_columns;
  /* states the defaults put on the states view */
  guint           default_states;
  GArray         *probes; /* MfSimPanelProbe */
  /* whether a plotted run has a finite value for the view (only the
   * pressures' and the σ view's are used), and how many samples of the
   * current run were looked at for it */
  gboolean        view_has_data[MF_SIM_PANEL_N_VIEWS];
  guint           view_scanned[MF_SIM_PANEL_N_VIEWS];

  /* ---- the document's plot layout (mf-sim-panel-layout.c) ---- */
  MfPlotList     *layout;       /* as shown; NULL: the default views */
  GPtrArray      *layout_plots; /* one per plot of `layout` */
  GtkWidget      *layout_box;
  GtkWidget      *default_box;  /* the default views */

  /* template children */
  GtkButton      *run_button;
  GtkButton      *pause_button;
  GtkButton      *stop_button;
  GtkProgressBar *progress_bar;
  GtkLabel       *progress_label;
  GtkToggleButton *follow_button;
  GtkToggleButton *probe_button;
  GtkToggleButton *steps_button;
  GtkBox         *extra_buttons;
  GtkButton      *expand_button;
  GtkRevealer    *problem_revealer;
  GtkImage       *problem_icon;
  GtkLabel       *problem_label;
  GtkWidget      *plots_box;
  GtkStack       *solver_stack;
  MfPlotView     *views[MF_SIM_PANEL_N_VIEWS];
  /* the same bands and ticks under each view */
  MfModeTimeline *timelines[MF_SIM_PANEL_N_VIEWS];
};

/* --- mf-sim-panel-status.c --- */

/* Shows the progress of the worker's run in the toolbar. */
void mf_sim_panel_show_progress (MfSimPanel *self);
/* A real-time factor as the progress row writes it before "×": "3.1",
 * "120", "0.02" (a new string). */
char *mf_sim_panel_format_factor (double factor);
/* The row under the toolbar: `text` with an icon; a `refusal` (a live
 * edit the run did not take) goes when the run takes the next one. */
void mf_sim_panel_show_problem (MfSimPanel *self,
                                const char *icon_name,
                                const char *text,
                                gboolean    refusal);
void mf_sim_panel_dismiss_problem (MfSimPanel *self);
/* "Failed at t = 1.234 s: cause" for the worker's `error` (a new string);
 * sets self->failed_at. */
char *mf_sim_panel_failure_text (MfSimPanel   *self,
                                 const GError *error);

/* --- mf-sim-panel-data.c --- */

void mf_sim_panel_init_data (MfSimPanel *self);
void mf_sim_panel_dispose_data (MfSimPanel *self);
/* A new record `label` ("Run N" when NULL) becomes the current run, in
 * the place of `replace` in the runs list when it is there (else last),
 * and the plots start over on it; returns it (owned by the runs list). */
MfRunRecord *mf_sim_panel_begin_record (MfSimPanel  *self,
                                        const char  *label,
                                        MfRunRecord *replace);
/* Takes what the worker has into the current record and brings the plots
 * and the timeline up to date. */
void mf_sim_panel_drain (MfSimPanel *self);
/* The per-frame drain runs while a run is live or a shown run grows. */
void mf_sim_panel_ensure_ticking (MfSimPanel *self);
/* The document is another circuit: no runs (the runs list is emptied and
 * counts from 1 again), the default quantities and the probes start over,
 * the timelines are cleared. */
void mf_sim_panel_forget_circuit (MfSimPanel *self);
/* Each run's note: what it ran with that differs from the document as it
 * is now. */
void mf_sim_panel_update_notes (MfSimPanel *self);
/* The modes' names of the document, for the current record. */
void mf_sim_panel_update_mode_names (MfSimPanel *self);
/* Brings the views up to date with their data: one a frame while data
 * streams, every view behind at once with `all` (the user changed what
 * is shown). */
void mf_sim_panel_update_plots (MfSimPanel *self,
                                gboolean    all);

/* --- mf-sim-panel-quantities.c --- */

/* The singular values the σ view shows. */
extern const char *const mf_sim_panel_sigma_quantities[];
/* The current run has columns it had not before (its start, or a live
 * update that added components): the default quantities and the waiting
 * probes take what is theirs. */
void mf_sim_panel_offer_new_columns (MfSimPanel  *self,
                                     MfRunRecord *record);
/* Shows the pressures' and the σ plot only when a plotted run has a
 * value for them (or a run is still going, or none was made); `rescan`
 * after the runs or the quantities changed, else only the current run's
 * new samples are looked at. */
void mf_sim_panel_update_shown_views (MfSimPanel *self,
                                      gboolean    rescan);
/* Frees what a MfSimPanelProbe holds (the probes' clear function). */
void mf_sim_panel_clear_probe (gpointer data);

/* --- mf-sim-panel-layout.c --- */

void mf_sim_panel_init_layout (MfSimPanel *self);
void mf_sim_panel_dispose_layout (MfSimPanel *self);
/* Shows the document's layout, when it is not the one shown. */
void mf_sim_panel_sync_layout (MfSimPanel *self);
/* The current run and `overlaid` go to the layout's plots too. */
void mf_sim_panel_layout_set_runs (MfSimPanel *self,
                                   GPtrArray  *overlaid);
/* Brings the layout's plots up to date with their runs. */
void mf_sim_panel_layout_update (MfSimPanel *self);
/* The button of plot `index` that opens its list of quantities to add
 * (an MfQuantityPicker is its popover), for tests. */
GtkMenuButton *mf_sim_panel_get_layout_add_button (MfSimPanel *self,
                                                   guint       index);

G_END_DECLS
