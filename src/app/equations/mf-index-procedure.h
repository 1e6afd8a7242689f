/* mf-index-procedure.h: the Equations window's "Index Procedure" page —
 * the rounds of the index procedure of the mode shown (mf-index-steps.h),
 * one page each with Previous and Next: E as a grid with its zero rows
 * marked, β, each hidden constraint typeset with its time derivative and
 * what the round concludes; then a last page with the minimal-order
 * system (docs/manual.md, "The Equations window").  Showing a round asks
 * the canvas to light up the components it involves.
 *
 * Signals: "highlight-requested" (GStrv component_ids, GStrv node_ports),
 * as the window's.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "mf-index-steps.h"

G_BEGIN_DECLS

#define MF_TYPE_INDEX_PROCEDURE (mf_index_procedure_get_type ())
G_DECLARE_FINAL_TYPE (MfIndexProcedure, mf_index_procedure, MF, INDEX_PROCEDURE, GtkWidget)

GtkWidget          *mf_index_procedure_new (void);
/* Shows `steps` (taken; NULL: nothing) from its first round, or from the
 * same page as before when `keep_page` and it has as many. */
void                mf_index_procedure_set_steps (MfIndexProcedure *self,
                                                  MfIndexSteps     *steps,
                                                  gboolean          keep_page);
const MfIndexSteps *mf_index_procedure_get_steps (MfIndexProcedure *self);

/* Pages: one per round, then the minimal-order system. */
guint               mf_index_procedure_get_n_pages (MfIndexProcedure *self);
guint               mf_index_procedure_get_page (MfIndexProcedure *self);
/* Shows page `page` (clamped) and asks for its components to be lit. */
void                mf_index_procedure_set_page (MfIndexProcedure *self,
                                                 guint             page);
/* The components the page shown involves (NULL-terminated, owned by the
 * steps; empty on the last page). */
const char * const *mf_index_procedure_get_components (MfIndexProcedure *self);

G_END_DECLS
