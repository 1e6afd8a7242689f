/* mf-sim-panel.h: the simulation pane under the canvas — Run, Pause and
 * Stop, the run's progress, a failure with its time and cause, and the
 * live plots of states, junction pressures, and singular values or the
 * solver's steps (the Steps toggle in the toolbar chooses) on one time
 * axis, each over the mode timeline.
 *
 * Each Run makes a new MfRunRecord, the last of the runs list; while the
 * run is live the panel drains the worker into it once per frame and keeps
 * the plots in step, and hands every edit of the document to the worker
 * (mf_sim_worker_update()) about 100 ms after the last one.
 *
 * Actions (widget actions): sim.run (a new run; while one is live it is
 * stopped first), sim.pause (pauses, or resumes a paused run), sim.stop.
 *
 * Properties: "document" (MfEditDocument), "status" (MfSimStatus, of the
 * current run), "probe-mode" (gboolean: the Probe toggle), "expanded"
 * (gboolean: the plots shown, or only the toolbar).
 * Signals: "run-ended" (MfSimStatus): the current run finished, stopped or
 * failed, and its last samples are on the plots.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "mf-display-units.h"
#include "mf-edit-document.h"
#include "mf-mode-timeline.h"
#include "mf-plot-view.h"
#include "mf-measured-plots.h"
#include "mf-run-record.h"
#include "mf-run-set.h"
#include "mf-sim-worker.h"

G_BEGIN_DECLS

/* The plot views, for mf_sim_panel_get_plot_view().  SIGMA and STEPS share
 * the third place, one shown at a time. */
typedef enum
{
  MF_SIM_PANEL_STATES,
  MF_SIM_PANEL_PRESSURES,
  MF_SIM_PANEL_SIGMA,
  MF_SIM_PANEL_STEPS, /* the step size h(t), refused tries and order of each run shown */
  MF_SIM_PANEL_N_VIEWS,
} MfSimPanelView;

#define MF_TYPE_SIM_PANEL (mf_sim_panel_get_type ())
G_DECLARE_FINAL_TYPE (MfSimPanel, mf_sim_panel, MF, SIM_PANEL, GtkWidget)

GtkWidget      *mf_sim_panel_new (void);

void            mf_sim_panel_set_document (MfSimPanel     *self,
                                           MfEditDocument *document);
MfEditDocument *mf_sim_panel_get_document (MfSimPanel *self);

/* ---- running ---- */

/* Starts a run of the document as it is now (its own "simulation"
 * settings) into a new record "Run N". */
void            mf_sim_panel_run (MfSimPanel *self);
/* The same into a record named `label` (NULL: "Run N") that takes the
 * place of `replace` in the runs list when it is still there (NULL, or a
 * record no longer listed: it goes last) — the what-if bar's one record
 * replaced run after run.  Returns the new record (owned by the list), or
 * NULL without a document. */
MfRunRecord    *mf_sim_panel_run_replacing (MfSimPanel  *self,
                                            const char  *label,
                                            MfRunRecord *replace);
/* Pauses a running run, resumes a paused one. */
void            mf_sim_panel_toggle_pause (MfSimPanel *self);
void            mf_sim_panel_stop (MfSimPanel *self);
MfSimStatus     mf_sim_panel_get_status (MfSimPanel *self);
/* A run is running or paused. */
gboolean        mf_sim_panel_get_live (MfSimPanel *self);
MfSimWorker    *mf_sim_panel_get_worker (MfSimPanel *self);

/* What the progress row says ("t = 1.25 s of 5 s · 25 % · 3.1× real
 * time"), and the failure or refused-update row ("Failed at t = 1.234 s:
 * …"), NULL while that row is hidden. */
const char     *mf_sim_panel_get_progress_text (MfSimPanel *self);
const char     *mf_sim_panel_get_problem_text (MfSimPanel *self);

/* ---- runs, for the runs, sweep and export UI ---- */

/* A GListStore of MfRunRecord, oldest first; the current run is the one
 * the latest Run made (usually the last).  Owned by the panel. */
GListModel     *mf_sim_panel_get_runs (MfSimPanel *self);
MfRunRecord    *mf_sim_panel_get_current_run (MfSimPanel *self);
/* Overlays again every kept run whose "shown" is set (the panel also
 * follows "shown" by itself; this is for a batch of changes). */
void            mf_sim_panel_refresh_runs (MfSimPanel *self);
/* Appends a run made elsewhere (a sweep's) to the list; it is overlaid
 * while "shown", and drawn as its samples arrive. */
void            mf_sim_panel_add_run (MfSimPanel  *self,
                                      MfRunRecord *record);
/* How many runs the pane has numbered ("Run N" counts from it plus one). */
guint           mf_sim_panel_get_n_runs_made (MfSimPanel *self);
/* Appends the runs a document kept (MfRunRecord *, as mf_sim_panel_add_run()
 * does), and numbers the next run after `n_made`. */
void            mf_sim_panel_add_saved_runs (MfSimPanel *self,
                                             GPtrArray  *records,
                                             guint       n_made);

/* ---- plots ---- */

MfPlotView     *mf_sim_panel_get_plot_view (MfSimPanel *self,
                                            guint       view);
/* Brings a view into sight: the singular values' or the steps' in the
 * third place (the others always are). */
void            mf_sim_panel_show_plot (MfSimPanel *self,
                                        guint       view);
/* The mode timeline under the states view (those under the other views
 * show the same). */
MfModeTimeline *mf_sim_panel_get_timeline (MfSimPanel *self);
/* Every quantity plotted, view by view (NULL-terminated; g_strfreev). */
char          **mf_sim_panel_get_quantities (MfSimPanel *self);
/* Plots `name` ("C1.x", "J1.p") in the view it belongs to: pressures
 * (".p", ".dp") in the pressures view, "solver.*" in the singular values',
 * anything else in the states view. */
void            mf_sim_panel_add_quantity (MfSimPanel *self,
                                           const char *name);
/* What MfCanvas's "probe" asks for: every quantity of component `name`
 * ("C1.v", "C1.x", …), or the pressure of node `name` ("J1.p").  Before a
 * run has named its values the request waits for them. */
void            mf_sim_panel_probe (MfSimPanel *self,
                                    const char *name,
                                    gboolean    is_node);

void            mf_sim_panel_set_probe_mode (MfSimPanel *self,
                                             gboolean    probe_mode);
gboolean        mf_sim_panel_get_probe_mode (MfSimPanel *self);
void            mf_sim_panel_set_expanded (MfSimPanel *self,
                                           gboolean    expanded);
gboolean        mf_sim_panel_get_expanded (MfSimPanel *self);

/* Where the runs UI puts its buttons (runs, sweep, export), at the end of
 * the toolbar. */
GtkBox         *mf_sim_panel_get_extra_buttons (MfSimPanel *self);

/* How the runs' series are told apart: a colour per quantity and a dash
 * per run (the default), or the reverse (mf-run-set.h). */
void            mf_sim_panel_set_run_style (MfSimPanel *self,
                                            MfRunStyle  style);
MfRunStyle      mf_sim_panel_get_run_style (MfSimPanel *self);

/* The units the plots show (MfUnitSystem, the preferences' "unit-system");
 * SI until set. */
void            mf_sim_panel_set_unit_system (MfSimPanel   *self,
                                              MfUnitSystem  units);

/* How the plots draw their curves (the preferences' plot style): line
 * width in pixels, grid lines, a dot at each sample where they are apart. */
void            mf_sim_panel_set_plot_options (MfSimPanel *self,
                                               double      line_width,
                                               gboolean    grid,
                                               gboolean    sample_marks);
/* The plots' text times `scale` (1: as usual; larger in presentation
 * mode). */
void            mf_sim_panel_set_text_scale (MfSimPanel *self,
                                             double      scale);

/* The measurements laid over the plots (none until set; dropped with the
 * runs when another document comes); after changing them or their
 * pairings, mf_sim_panel_measured_changed() redraws. */
MfMeasuredPlots *mf_sim_panel_get_measured (MfSimPanel *self);
void            mf_sim_panel_measured_changed (MfSimPanel *self);

/* ---- the plot layout (mf-sim-panel-layout.c) ---- */

/* The plots shown: the document's "plots" section, or the default views
 * as a layout (states, pressures, σ on a log axis) when it has none; a new
 * copy. */
MfPlotList     *mf_sim_panel_get_layout (MfSimPanel *self);
/* Makes `layout` the document's (NULL: the default views again), an
 * undoable edit named `label`. */
gboolean        mf_sim_panel_set_layout (MfSimPanel       *self,
                                         const MfPlotList *layout,
                                         const char       *label,
                                         GError          **error);
/* What a drop of `name` on plot `plot` of the layout does: adds it to the
 * plot (as x to an XY plot without one); the defaults become the
 * document's layout first.  FALSE when the circuit has no such quantity
 * or there is no such plot. */
gboolean        mf_sim_panel_drop_quantity (MfSimPanel *self,
                                            guint       plot,
                                            const char *name,
                                            GError    **error);
/* The views of the document's layout (none while the defaults show). */
guint           mf_sim_panel_get_n_layout_views (MfSimPanel *self);
MfPlotView     *mf_sim_panel_get_layout_view (MfSimPanel *self,
                                              guint       index);

G_END_DECLS
