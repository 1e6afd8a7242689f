/* mf-quantity-drag.h: a quantity offered by drag and drop — its name
 * ("C1.x", "J1.p") as text, which a plot of the simulation pane takes
 * when it is dropped there (docs/manual.md, "Your own plot layout").
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* What a drag of quantity `name` carries: the name as a string. */
GdkContentProvider *mf_quantity_drag_content (const char *name);
/* Lets `widget` be dragged as quantity `name` (copied); with `name` NULL
 * `widget` is a GtkLabel whose text, when the drag starts, is the name (a
 * row of a list view that is bound to one item after another).  Returns
 * the drag source added to `widget`. */
GtkDragSource      *mf_quantity_drag_attach (GtkWidget  *widget,
                                             const char *name);
/* What a drag from `widget`, given a name by mf_quantity_drag_attach(),
 * carries now; NULL when it has no name. */
GdkContentProvider *mf_quantity_drag_widget_content (GtkWidget *widget);

G_END_DECLS
