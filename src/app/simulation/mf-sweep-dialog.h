/* mf-sweep-dialog.h: a parameter sweep — pick a component of the circuit and
 * one of its numeric parameters, type the values ("1, 2, 5 kg" or one per
 * line, checked as they are typed), and run the circuit once per value in
 * the background (MfSweep).  Each run's record is handed out as it starts,
 * so the pane overlays it while it fills; the dialog shows "Run 2 of 3" and
 * can stop the sweep.  Closing the dialog stops a sweep still running; the
 * runs handed out so far stay with the pane.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "mf-edit-document.h"
#include "mf-run-record.h"

G_BEGIN_DECLS

#define MF_TYPE_SWEEP_DIALOG (mf_sweep_dialog_get_type ())
G_DECLARE_FINAL_TYPE (MfSweepDialog, mf_sweep_dialog, MF, SWEEP_DIALOG, AdwWindow)

/* Signals:
 *   "run-added" (MfRunRecord *): a run of the sweep begins; its record has
 *   "shown" on and fills as the run goes (the pane adds it to its runs with
 *   mf_sim_panel_add_run()).
 *   "finished" (void): the sweep ended, ran through or stopped.
 * Properties: "running" (gboolean, read-only, notifies). */

/* A dialog modal to `parent` over `document`'s components, with
 * `component_id` (the canvas selection, or NULL for the first component
 * that has a numeric parameter) picked. */
GtkWidget  *mf_sweep_dialog_new (GtkWindow      *parent,
                                 MfEditDocument *document,
                                 const char     *component_id);

/* Picks a component and one of its parameters (NULL: its first numeric
 * one); FALSE when there is no such component or parameter. */
gboolean    mf_sweep_dialog_select (MfSweepDialog *self,
                                    const char    *component_id,
                                    const char    *parameter);
const char *mf_sweep_dialog_get_component (MfSweepDialog *self);
const char *mf_sweep_dialog_get_parameter (MfSweepDialog *self);

/* The values field, as if typed.  The check's verdict follows at once:
 * mf_sweep_dialog_get_values() returns the values, or NULL with the message
 * shown under the field in `error`. */
void        mf_sweep_dialog_set_values_text (MfSweepDialog *self,
                                             const char    *text);
char      **mf_sweep_dialog_get_values (MfSweepDialog *self,
                                        GError       **error);

/* What the Start and Stop buttons do.  Start fails (and shows why) when
 * the values or the document are not fit to run. */
gboolean    mf_sweep_dialog_start (MfSweepDialog *self,
                                   GError       **error);
void        mf_sweep_dialog_stop (MfSweepDialog *self);
gboolean    mf_sweep_dialog_get_running (MfSweepDialog *self);
/* "Run 2 of 3", "3 runs done", "" before the first start. */
const char *mf_sweep_dialog_get_progress_text (MfSweepDialog *self);

G_END_DECLS
