/* mf-palette.h: the component palette — every component type
 * (docs/format.md, "Components"), grouped, each drawn with its symbol.
 *
 * A click on a type emits "type-activated" (const char *type_name) and,
 * when an action name is set, activates that action with the type's name
 * as a string parameter ("win.place" routed to the canvas's canvas.place).
 * A type can also be dragged onto the canvas: the drag carries the string
 * MF_CANVAS_DRAG_PREFIX "pipe".
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define MF_TYPE_PALETTE (mf_palette_get_type ())
G_DECLARE_FINAL_TYPE (MfPalette, mf_palette, MF, PALETTE, GtkWidget)

GtkWidget  *mf_palette_new (void);

/* The action a click activates with the type's name; NULL for none.
 * Property "action-name". */
void        mf_palette_set_action_name (MfPalette  *self,
                                        const char *action_name);
const char *mf_palette_get_action_name (MfPalette *self);

/* The button of type `type_name` ("check_valve"), for tests and focus. */
GtkWidget  *mf_palette_get_button (MfPalette  *self,
                                   const char *type_name);

G_END_DECLS
