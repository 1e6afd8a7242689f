/* mf-widget-template.h: disposing of a plain widget's template.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* gtk_widget_dispose_template() for a widget that holds its template's
 * children itself (a GtkWidget subclass, not a window or a popover), then
 * unparents every child left.  GTK 4.8 clears only the children the class
 * binds and leaves the template's others — its root child, rows without
 * an id — in place; call this from dispose, before chaining up. */
void mf_widget_dispose_template (GtkWidget *widget,
                                 GType      widget_type);

G_END_DECLS
