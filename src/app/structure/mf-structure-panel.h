/* mf-structure-panel.h: the live structure of the circuit being edited —
 * for one mode, W and M as grids, the rank and singular values of W, α with
 * the independent states, whether M̄ is singular, the index with the steps
 * of the index procedure, and the problems in words.  It recomputes after
 * every edit, debounced and in a worker thread (mf-structure.h), so typing
 * and dragging never wait for it.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "mf-edit-document.h"
#include "mf-matrix-view.h"
#include "mf-structure.h"

G_BEGIN_DECLS

#define MF_TYPE_STRUCTURE_PANEL (mf_structure_panel_get_type ())
G_DECLARE_FINAL_TYPE (MfStructurePanel, mf_structure_panel, MF, STRUCTURE_PANEL, GtkWidget)

/* Signals:
 *   "highlight-requested" (GStrv component_ids, GStrv node_ports): the user
 *     picked a row, column or cell of a matrix, or a state; the ids and the
 *     ports ("ID.PORT") of the nodes it stands for, for the canvas to show.
 *   "updated" (void): a new structure (or the reason there is none) is
 *     shown.
 * Properties: "document" (MfEditDocument), "mode" (string: the name of the
 *   mode shown; the first mode when unset or gone), "busy" (boolean, read
 *   only: a computation is pending or running), "page" (string: the page
 *   shown, "w", "m" (M and M̄), "alpha", "states" or "index"; the
 *   action "structure.page" switches it). */
GtkWidget         *mf_structure_panel_new (void);

void               mf_structure_panel_set_document (MfStructurePanel *self,
                                                    MfEditDocument   *document);
MfEditDocument    *mf_structure_panel_get_document (MfStructurePanel *self);

/* The canvas selection: highlights the rows and columns of these
 * components and of their nodes, in every grid. */
void               mf_structure_panel_set_selection (MfStructurePanel   *self,
                                                     const char * const *component_ids);

void               mf_structure_panel_set_mode (MfStructurePanel *self,
                                                const char       *mode);
const char        *mf_structure_panel_get_mode (MfStructurePanel *self);
gboolean           mf_structure_panel_get_busy (MfStructurePanel *self);
void               mf_structure_panel_set_page (MfStructurePanel *self,
                                                const char       *page);
const char        *mf_structure_panel_get_page (MfStructurePanel *self);

/* What is shown: the structure (NULL when the document does not load or
 * nothing was computed yet) and the loader's or assembly's message when
 * it failed (NULL otherwise). */
const MfStructure *mf_structure_panel_get_structure (MfStructurePanel *self);
const char        *mf_structure_panel_get_error (MfStructurePanel *self);

/* The summary as the labels show it: "2 of 2", "1 — a DAE: M̄ is singular",
 * "P3.v, P1.v", the states solved rather than integrated, "C1.v,
 * P1.b.p", and those integrated, "P1.v, C1.x". */
const char        *mf_structure_panel_get_rank_text (MfStructurePanel *self);
const char        *mf_structure_panel_get_index_text (MfStructurePanel *self);
const char        *mf_structure_panel_get_independent_text (MfStructurePanel *self);
const char        *mf_structure_panel_get_algebraic_text (MfStructurePanel *self);
const char        *mf_structure_panel_get_integrated_text (MfStructurePanel *self);

/* The grids, for the window's keyboard navigation and for tests. */
MfMatrixView      *mf_structure_panel_get_w_view (MfStructurePanel *self);
MfMatrixView      *mf_structure_panel_get_m_view (MfStructurePanel *self);
MfMatrixView      *mf_structure_panel_get_alpha_view (MfStructurePanel *self);

/* Pins or unpins `state` ("P1.v") as preferred independent state: one
 * undoable edit of the document, as the pin buttons of the states page do. */
gboolean           mf_structure_panel_pin_state (MfStructurePanel *self,
                                                 const char       *state,
                                                 gboolean          pinned,
                                                 GError          **error);

G_END_DECLS
