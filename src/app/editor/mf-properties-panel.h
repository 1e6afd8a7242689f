/* mf-properties-panel.h: the side panel that edits what is selected — a
 * component's id and parameters, or, with nothing selected, the circuit's
 * title, description, fluid and simulation settings.
 *
 * Every edit goes through the document as one undoable command, and the
 * panel follows the document: an undo shows the old values again, except
 * in the field the user is typing in.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "mf-edit-document.h"

G_BEGIN_DECLS

#define MF_TYPE_PROPERTIES_PANEL (mf_properties_panel_get_type ())
G_DECLARE_FINAL_TYPE (MfPropertiesPanel, mf_properties_panel, MF, PROPERTIES_PANEL, GtkWidget)

/* Signals:
 *   "component-renamed" (const char *old_id, const char *new_id): the user
 *   renamed the shown component here, so a selection kept by id can follow.
 * Properties: "document" (MfEditDocument), "component" (the id shown, or
 * NULL for the circuit's settings). */

GtkWidget      *mf_properties_panel_new (void);

MfEditDocument *mf_properties_panel_get_document (MfPropertiesPanel *self);
void            mf_properties_panel_set_document (MfPropertiesPanel *self,
                                                  MfEditDocument    *document);
const char     *mf_properties_panel_get_component (MfPropertiesPanel *self);
/* Shows the component `id`, or the circuit's settings when `id` is NULL or
 * names no component.  What the user typed in the fields shown so far is
 * applied first, when it is valid. */
void            mf_properties_panel_set_component (MfPropertiesPanel *self,
                                                   const char        *id);

G_END_DECLS
