/* mf-compare-dialog.h: the circuit run in two integration methods, side
 * by side — a preset ("Explicit vs implicit": rkf45 and msbdf; "Explicit
 * Euler at its stability limit": fixed steps a margin inside and outside
 * the largest stable step at the start, which the dialog says with how
 * fast each lets the modes grow; or Custom), the two methods, and a table
 * of the two runs' statistics and outcomes, updated while they run.  The
 * runs go one after the other in the background (MfSweep over
 * mf-method-variants.h's variants); each record is handed out as it
 * starts, so the pane overlays it while it fills.  Closing the dialog
 * stops the runs; the records handed out stay with the pane.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "mf-compare-table.h"
#include "mf-edit-document.h"
#include "mf-method-variants.h"
#include "mf-run-record.h"

G_BEGIN_DECLS

#define MF_TYPE_COMPARE_DIALOG (mf_compare_dialog_get_type ())
G_DECLARE_FINAL_TYPE (MfCompareDialog, mf_compare_dialog, MF, COMPARE_DIALOG, AdwWindow)

typedef enum
{
  MF_COMPARE_EXPLICIT_IMPLICIT,
  MF_COMPARE_EULER_LIMIT,
  MF_COMPARE_CUSTOM,
} MfComparePreset;

/* Signals:
 *   "run-added" (MfRunRecord *): a run begins; its record has "shown" on
 *   and fills as the run goes (the pane adds it with mf_sim_panel_add_run()).
 *   "finished" (void): both runs ended, or were stopped.
 * Properties: "running" (gboolean, read-only, notifies); "busy" (gboolean,
 * read-only, notifies): the largest stable step is being computed. */

/* A dialog over `parent` for `document`, with the first preset chosen. */
GtkWidget      *mf_compare_dialog_new (GtkWindow      *parent,
                                       MfEditDocument *document);

void            mf_compare_dialog_set_preset (MfCompareDialog *self,
                                              MfComparePreset  preset);
MfComparePreset mf_compare_dialog_get_preset (MfCompareDialog *self);
/* Chooses the two methods (names of mf-method.c; FALSE, and nothing
 * changes, for an unknown one): the Custom preset. */
gboolean        mf_compare_dialog_set_methods (MfCompareDialog *self,
                                               const char      *first,
                                               const char      *second);
/* The margin around Euler's limit, 0.01 to 0.9 (0.05 at first). */
void            mf_compare_dialog_set_margin (MfCompareDialog *self,
                                              double           margin);

/* The two runs Start makes; FALSE with the reason (the limit is still
 * being computed, or the circuit has none) in `error`. */
gboolean        mf_compare_dialog_get_variants (MfCompareDialog *self,
                                                MfMethodVariant  variants[2],
                                                GError         **error);
/* What the line about Euler's limit says ("" outside that preset). */
const char     *mf_compare_dialog_get_limit_text (MfCompareDialog *self);
gboolean        mf_compare_dialog_get_busy (MfCompareDialog *self);

/* What Start and Stop do; Start fails (and shows why) when the variants
 * are not to be had or would not run. */
gboolean        mf_compare_dialog_start (MfCompareDialog *self,
                                         GError         **error);
void            mf_compare_dialog_stop (MfCompareDialog *self);
gboolean        mf_compare_dialog_get_running (MfCompareDialog *self);

/* The table's text at `row` (MF_COMPARE_ROW_* of mf-compare-table.h) for
 * run `run` (0, 1). */
const char     *mf_compare_dialog_get_cell (MfCompareDialog *self,
                                            guint            row,
                                            guint            run);

G_END_DECLS
