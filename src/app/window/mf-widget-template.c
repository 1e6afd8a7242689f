/* mf-widget-template.c
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-widget-template.h"

void
mf_widget_dispose_template (GtkWidget *widget, GType widget_type)
{
  GtkWidget *child;

  gtk_widget_dispose_template (widget, widget_type);
  while ((child = gtk_widget_get_first_child (widget)) != NULL)
    gtk_widget_unparent (child);
}
