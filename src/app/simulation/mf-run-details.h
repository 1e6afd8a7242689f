/* mf-run-details.h: a popover with what a run's solver did — its method,
 * and each count of its statistics (steps, rejected steps, right-hand side
 * and Jacobian evaluations, Newton iterations, SVD fallbacks, check
 * retries, wall time) with what it means.  It follows the record while
 * the run goes on.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "mf-run-record.h"

G_BEGIN_DECLS

#define MF_TYPE_RUN_DETAILS (mf_run_details_get_type ())
G_DECLARE_FINAL_TYPE (MfRunDetails, mf_run_details, MF, RUN_DETAILS, GtkPopover)

/* Properties: "record" (MfRunRecord, construct-only). */

GtkWidget   *mf_run_details_new (MfRunRecord *record);
MfRunRecord *mf_run_details_get_record (MfRunDetails *self);

/* The text of the value shown in row `i` (0: steps, as
 * mf_run_stats_row() orders them), or NULL: for tests. */
const char  *mf_run_details_get_value (MfRunDetails *self,
                                       guint         i);

G_END_DECLS
