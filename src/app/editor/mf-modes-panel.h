/* mf-modes-panel.h: the side panel for modes — add, rename and delete them,
 * open or close each valve in the mode being viewed, and edit the schedule
 * that switches between modes during a run.  Every edit is one undoable
 * command of the document; the panel follows the document.
 *
 * A document without modes has one, "default", with everything open: the
 * panel shows it, and the first edit writes it into the document.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "mf-edit-document.h"

G_BEGIN_DECLS

#define MF_TYPE_MODES_PANEL (mf_modes_panel_get_type ())
G_DECLARE_FINAL_TYPE (MfModesPanel, mf_modes_panel, MF, MODES_PANEL, GtkWidget)

/* Signals:
 *   "editing-mode-changed" (const char *mode, or NULL): the user turned
 *   "Edit on canvas" on (for the viewed mode) or off, or viewed another
 *   mode while it was on; the window passes it to mf_canvas_set_editing_mode().
 * Properties: "document" (MfEditDocument), "mode" (the viewed mode's name,
 * for the structure panel to follow; NULL without a document),
 * "editing-mode" (read-only: the mode edited on the canvas, or NULL). */

GtkWidget      *mf_modes_panel_new (void);

MfEditDocument *mf_modes_panel_get_document (MfModesPanel   *self);
void            mf_modes_panel_set_document (MfModesPanel   *self,
                                             MfEditDocument *document);
const char     *mf_modes_panel_get_mode (MfModesPanel *self);
/* Views the mode `name`; a name that is no mode views the first. */
void            mf_modes_panel_set_mode (MfModesPanel *self,
                                         const char   *name);
const char     *mf_modes_panel_get_editing_mode (MfModesPanel *self);

G_END_DECLS
