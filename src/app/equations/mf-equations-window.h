/* mf-equations-window.h: the Equations window — the equations of one mode
 * of the document (mf-equations.h), typeset one per row after the id of
 * the component or node they belong to, and the symbols with their values
 * (docs/manual.md, "The Equations window").  It follows the document a
 * moment after each edit, computing in a worker thread.  Picking a row
 * asks the canvas to light up what it is about; the canvas selection
 * lights up the rows of the selected components.  The whole can be copied
 * as plain text or as LaTeX, or exported as a handout (mf-handout.h:
 * PDF, SVG, LaTeX) with the index procedure.  A second page steps through the rounds of
 * the index procedure (mf-index-procedure.h), lighting up each round's
 * components.
 *
 * Signals: "highlight-requested" (GStrv component_ids, GStrv node_ports),
 * as MfStructurePanel's.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "mf-drift-view.h"
#include "mf-edit-document.h"
#include "mf-equations.h"
#include "mf-handout.h"
#include "mf-index-procedure.h"
#include "mf-structural-view.h"

G_BEGIN_DECLS

#define MF_TYPE_EQUATIONS_WINDOW (mf_equations_window_get_type ())
G_DECLARE_FINAL_TYPE (MfEquationsWindow, mf_equations_window, MF, EQUATIONS_WINDOW, AdwWindow)

/* The most rows shown; a copy holds every equation. */
#define MF_EQUATIONS_WINDOW_MAX_ROWS 2000

GtkWidget         *mf_equations_window_new (GtkWindow      *parent,
                                            MfEditDocument *document);
void               mf_equations_window_set_document (MfEquationsWindow *self,
                                                     MfEditDocument    *document);
/* The mode shown, by name (the first when NULL or unknown). */
void               mf_equations_window_set_mode (MfEquationsWindow *self,
                                                 const char        *mode);
/* The canvas selection: the rows of these components are marked, and the
 * first of them scrolled into view. */
void               mf_equations_window_set_selection (MfEquationsWindow  *self,
                                                      const char *const  *component_ids);

/* For tests: computing; what is shown (NULL before the first result or
 * after a failure); the failure shown; the text a copy gives; the rows;
 * whether row i is marked by the selection. */
gboolean           mf_equations_window_get_busy (MfEquationsWindow *self);
const MfEquations *mf_equations_window_get_equations (MfEquationsWindow *self);
const char        *mf_equations_window_get_message (MfEquationsWindow *self);
char              *mf_equations_window_dup_text (MfEquationsWindow *self,
                                                 gboolean           latex);
GtkListBox        *mf_equations_window_get_list (MfEquationsWindow *self);
/* The handout "Export Handout…" writes: the equations shown and the
 * index procedure, or NULL when nothing is shown. */
MfHandout         *mf_equations_window_make_handout (MfEquationsWindow *self);
gboolean           mf_equations_window_get_row_marked (MfEquationsWindow *self,
                                                       guint              row);
/* The Index Procedure page, and showing it. */
MfIndexProcedure  *mf_equations_window_get_procedure (MfEquationsWindow *self);
MfDriftView       *mf_equations_window_get_drift_view (MfEquationsWindow *self);
void               mf_equations_window_show_procedure (MfEquationsWindow *self);
/* The Structure page; showing a page by its name ("equations",
 * "procedure", "drift", "structure"). */
MfStructuralView  *mf_equations_window_get_structural_view (MfEquationsWindow *self);
void               mf_equations_window_show_page (MfEquationsWindow *self,
                                                  const char        *name);

G_END_DECLS
