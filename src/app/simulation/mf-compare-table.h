/* mf-compare-table.h: the statistics of compared runs side by side in a
 * GtkGrid — a heading per run (its label), then the outcome, the cause of
 * a failure and the counts of mf_run_stats_row() in its order, one row
 * each, a name with its meaning as a tooltip in the first column.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "mf-run-record.h"

G_BEGIN_DECLS

/* The rows after the heading. */
#define MF_COMPARE_ROW_OUTCOME 0
#define MF_COMPARE_ROW_CAUSE   1
#define MF_COMPARE_ROW_STATS   2

typedef struct _MfCompareTable MfCompareTable;

/* Fills `grid` (empty) with `n_runs` columns of values, each "–". */
MfCompareTable *mf_compare_table_new (GtkGrid *grid,
                                      guint    n_runs);
void            mf_compare_table_free (MfCompareTable *table);

/* Shows `record` in column `run`, or, with `record` NULL, a run still to
 * come: `heading` (may be NULL: "") over dashes. */
void            mf_compare_table_show (MfCompareTable *table,
                                       guint           run,
                                       MfRunRecord    *record,
                                       const char     *heading);

guint           mf_compare_table_get_n_rows (MfCompareTable *table);
const char     *mf_compare_table_get_cell (MfCompareTable *table,
                                           guint           row,
                                           guint           run);

G_END_DECLS
