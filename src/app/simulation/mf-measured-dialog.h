/* mf-measured-dialog.h: the Measured Data window (docs/manual.md,
 * "Measured data") — opens a CSV file of measurements on a worker thread,
 * lists its columns, pairs each with a simulated quantity (its own name
 * when the run has one) and says how far the current run is from it; the
 * simulation pane lays the paired columns over its plots
 * (mf-measured-plots.h).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "mf-sim-panel.h"

G_BEGIN_DECLS

#define MF_TYPE_MEASURED_DIALOG (mf_measured_dialog_get_type ())
G_DECLARE_FINAL_TYPE (MfMeasuredDialog, mf_measured_dialog, MF, MEASURED_DIALOG, AdwWindow)

/* A window over `parent` for the measurements of `panel`. */
GtkWidget  *mf_measured_dialog_new (GtkWindow  *parent,
                                    MfSimPanel *panel);

/* Reads `file` as the pane's measurements, on a worker thread; the window
 * shows them, or the problem, when done. */
void        mf_measured_dialog_open (MfMeasuredDialog *self,
                                     GFile            *file);
/* For the tests: whether a read is under way; the message shown when the
 * last one failed (NULL otherwise); the error line of column `column`. */
gboolean    mf_measured_dialog_get_busy (MfMeasuredDialog *self);
const char *mf_measured_dialog_get_problem (MfMeasuredDialog *self);
char       *mf_measured_dialog_get_error_text (MfMeasuredDialog *self,
                                               guint             column);

G_END_DECLS
