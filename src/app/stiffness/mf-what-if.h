/* mf-what-if.h: the what-if bar of the Stiffness window — a slider over
 * one numeric parameter of the component selected on the canvas, for a
 * teacher to stiffen a spring or shrink a volume and let the class watch
 * the eigenvalues move (docs/manual.md, "The Stiffness window").
 *
 * The parameters offered are those holding a number (with a unit the
 * properties panel offers, or the default), not an expression of t; each
 * is shown in the unit its text is written in (a bare number, and the
 * default, in the first unit that puts it between 1 and 1000).  The slider
 * spans the value it was set up at (mf-what-if-range.h): log or linear.
 *
 * Moving the slider edits the document at once, rounded to three
 * significant figures; the edits of one drag make one command to undo
 * (mf_edit_document_drag_param()).  Each edit emits "edited", on which the
 * window linearises again without waiting.  A moment after the slider
 * rests, the simulation pane runs the circuit again from t = 0 into one
 * record, "What if: K2.stiffness = 300 MN/m", that the next what-if run
 * replaces (mf_sim_panel_run_replacing()) so that a drag does not fill the
 * runs list.  An edit made elsewhere (the properties panel, an undo) moves
 * the slider; the span is set up again only when the value leaves it.
 * Ctrl+Z and Shift+Ctrl+Z in the window undo and redo the document.
 *
 * Signals: "edited" (void): the bar changed the document.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "mf-edit-document.h"
#include "mf-sim-panel.h"

G_BEGIN_DECLS

/* The simulation pane runs the circuit this long after the slider rests. */
#define MF_WHAT_IF_RERUN_DELAY_MS 250

#define MF_TYPE_WHAT_IF (mf_what_if_get_type ())
G_DECLARE_FINAL_TYPE (MfWhatIf, mf_what_if, MF, WHAT_IF, GtkWidget)

GtkWidget   *mf_what_if_new (void);

void         mf_what_if_set_document (MfWhatIf       *self,
                                      MfEditDocument *document);
/* The pane that runs the circuit again (kept weakly; NULL: no runs). */
void         mf_what_if_set_panel (MfWhatIf   *self,
                                   MfSimPanel *panel);
/* The component to vary: the one selected on the canvas, or NULL when
 * none (or several) is. */
void         mf_what_if_set_component (MfWhatIf   *self,
                                       const char *id);

/* ---- for the window's tests ---- */

/* What the bar says in place of its controls ("Select a component on the
 * canvas"), or NULL while it shows them. */
const char  *mf_what_if_get_message (MfWhatIf *self);
/* The parameter varied ("stiffness"), NULL when none; choosing one of the
 * component's numeric parameters sets the slider up around its value. */
const char  *mf_what_if_get_parameter (MfWhatIf *self);
gboolean     mf_what_if_set_parameter (MfWhatIf   *self,
                                       const char *name);
/* The value in the unit shown, and that unit as people read it ("MN/m";
 * "" for a dimensionless parameter). */
double       mf_what_if_get_value (MfWhatIf *self);
const char  *mf_what_if_get_unit (MfWhatIf *self);
/* The values at the slider's ends, in the unit shown. */
void         mf_what_if_get_span (MfWhatIf *self,
                                  double   *lo,
                                  double   *hi);
gboolean     mf_what_if_get_log (MfWhatIf *self);
void         mf_what_if_set_log (MfWhatIf *self,
                                 gboolean  log);
GtkRange    *mf_what_if_get_scale (MfWhatIf *self);
/* The record of the last what-if run, or NULL. */
MfRunRecord *mf_what_if_get_run (MfWhatIf *self);

G_END_DECLS
