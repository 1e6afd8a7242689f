/* mf-stiffness-window-private.h: what the files of MfStiffnessWindow share —
 * the instance, where it linearises and the computation
 * (mf-stiffness-window.c), and what it shows of a result: the modes, the
 * measures, the method, order and step (mf-stiffness-window-show.c); its
 * figures for slides (mf-stiffness-window-figures.c).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "mf-linearization.h"
#include "mf-stiffness-window.h"

G_BEGIN_DECLS

#define MF_STIFFNESS_N_MEASURES 6

struct _MfStiffnessWindow
{
  AdwWindow        parent_instance;

  MfEditDocument  *document;
  MfSimPanel      *panel;           /* weak */

  /* ---- where and the computation (mf-stiffness-window.c) ---- */
  MfLinearization *linearization;   /* the one shown; NULL before the first or after a failure */
  char            *message;         /* the failure shown, or NULL */
  GCancellable    *cancellable;
  gboolean         busy;
  gboolean         pending;         /* compute again when the one running ends */
  gboolean         catch_up;        /* a what-if drag: show each result until the latest */
  guint            edit_source;     /* the document changed: recompute a moment later */
  guint            live_source;     /* a live run followed: its latest state, twice a second */
  guint            followed_samples;
  MfRunRecord     *record;          /* the run a time is chosen in */
  guint            sample;          /* ... and its sample */
  double           sample_time;
  gboolean         at_run;          /* a time of the run, not the start */
  gboolean         updating;        /* controls set from code: their handlers do nothing */

  /* ---- what is shown (mf-stiffness-window-show.c) ---- */
  double complex  *lambda;
  guint            n_lambda;
  const char      *method;          /* mf-method.c's name */
  guint            order;
  double           step;
  gboolean         step_chosen;     /* the user set h: a new result keeps it */
  gboolean         scale_chosen;    /* the user set the scale */
  gboolean         shown_once;
  double           largest_step;    /* of the region for these eigenvalues, once known */
  gboolean         largest_known;
  GCancellable    *largest_cancellable;
  char            *largest_text;

  /* template children */
  AdwWindowTitle   *window_title;
  GtkSpinner       *spinner;
  GtkToggleButton  *start_button;
  GtkToggleButton  *run_button;
  GtkScale         *time_scale;
  GtkEntry         *time_entry;
  GtkCheckButton   *follow_button;
  MfWhatIf         *what_if;
  GtkStack         *stack;
  AdwStatusPage    *message_page;
  GtkLabel         *state_label;
  MfStiffnessModes *modes;
  GtkGrid          *measures_grid;
  GtkLabel         *measure_values[MF_STIFFNESS_N_MEASURES];
  GtkDropDown      *method_dropdown;
  GtkDropDown      *order_dropdown;
  GtkToggleButton  *log_button;
  GtkButton        *fit_button;
  MfStabilityPlot  *plot;
  GtkScale         *step_scale;
  GtkEntry         *step_entry;
  GtkButton        *largest_button;
  GtkLabel         *largest_label;
  GtkButton        *run_step_button;
  GtkLabel         *run_step_label;
  /* what presentation mode hides (mf-stiffness-window-figures.c) */
  GtkWidget        *where_box;
  GtkWidget        *where_separator;
  GtkWidget        *modes_box;
  GtkPaned         *paned;
};

/* mf-stiffness-window.c: the spinner turns while anything is computed */
void mf_stiffness_window_update_busy (MfStiffnessWindow *self);

/* mf-stiffness-window-show.c */
void mf_stiffness_window_init_show (MfStiffnessWindow *self);
/* Shows the linearisation held, or clears what is shown when NULL. */
void mf_stiffness_window_show_result (MfStiffnessWindow *self);
void mf_stiffness_window_free_show (MfStiffnessWindow *self);

/* mf-stiffness-window-run-step.c: the run's own step at the time chosen,
 * shown again after each result */
void mf_stiffness_window_init_run_step (MfStiffnessWindow *self);
void mf_stiffness_window_show_run_step (MfStiffnessWindow *self);

/* mf-stiffness-window-figures.c: export of figures, presentation mode */
void mf_stiffness_window_class_init_figures (GtkWidgetClass *widget_class);
void mf_stiffness_window_init_figures (MfStiffnessWindow *self);

G_END_DECLS
