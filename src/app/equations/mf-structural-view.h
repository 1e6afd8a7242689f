/* mf-structural-view.h: the Equations window's "Structure" page — the
 * structural analysis of the mode shown (mf-structural.h, docs/model.md
 * "Structural analysis"): the incidence matrix of its multiplier form with
 * a maximum matching, Pantelides' differentiations step by step, the dummy
 * derivatives, the block lower-triangular form with its algebraic loops
 * and their tears, and how the structural index compares with the
 * numerical one (docs/manual.md, "The Equations window").
 *
 * The analysis runs on a worker thread, on a copy of the document's text,
 * when the page is shown after a new source; a newer source cancels it.
 * Picking a row, a column, a step or a loop asks the canvas to light up
 * the components it involves.
 *
 * Signals: "highlight-requested" (GStrv component_ids, GStrv node_ports),
 * as the window's; "finished" (void): an analysis ended, shown or failed.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "mf-matrix-view.h"
#include "mf-document-snapshot.h"
#include "mf-structural.h"

G_BEGIN_DECLS

/* Grids of more equations than this are not drawn: a sentence says so. */
#define MF_STRUCTURAL_VIEW_MAX_ROWS 200

#define MF_TYPE_STRUCTURAL_VIEW (mf_structural_view_get_type ())
G_DECLARE_FINAL_TYPE (MfStructuralView, mf_structural_view, MF, STRUCTURAL_VIEW, GtkWidget)

GtkWidget          *mf_structural_view_new (void);

/* What to analyse: the document's text and the mode shown (a reference is
 * taken).  Analysed now if the page is shown, else when it is. */
void                mf_structural_view_set_source (MfStructuralView   *self,
                                                   MfDocumentSnapshot *source);
/* Whether an analysis is running or waits for the page to be shown. */
gboolean            mf_structural_view_get_busy (MfStructuralView *self);

/* What is shown: the analysis (NULL before one, or when it failed, with
 * the message), the comparison sentence, the numerical index it compares
 * with, and the grids (NULL when too large to draw). */
const MfStructural *mf_structural_view_get_structural (MfStructuralView *self);
const char         *mf_structural_view_get_message (MfStructuralView *self);
const char         *mf_structural_view_get_comparison (MfStructuralView *self);
int                 mf_structural_view_get_numerical_index (MfStructuralView *self);
MfMatrixView       *mf_structural_view_get_incidence (MfStructuralView *self);
MfMatrixView       *mf_structural_view_get_blt (MfStructuralView *self);
GtkListBox         *mf_structural_view_get_steps (MfStructuralView *self);
GtkListBox         *mf_structural_view_get_loops (MfStructuralView *self);

G_END_DECLS
