/* mf-quantity-drag.c: a quantity offered by drag and drop, as its name in
 * text — the same content from the canvas, the structure panel's states
 * and the plots' quantity lists (mf-quantity-drag.h).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-quantity-drag.h"

/* the name a widget is dragged as; absent on a label that names itself */
#define NAME_KEY "mf-quantity-drag"

GdkContentProvider *
mf_quantity_drag_content (const char *name)
{
  g_return_val_if_fail (name != NULL, NULL);

  return gdk_content_provider_new_typed (G_TYPE_STRING, name);
}

GdkContentProvider *
mf_quantity_drag_widget_content (GtkWidget *widget)
{
  const char *name;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), NULL);

  name = g_object_get_data (G_OBJECT (widget), NAME_KEY);
  if (name == NULL && GTK_IS_LABEL (widget))
    name = gtk_label_get_text (GTK_LABEL (widget));
  return name != NULL && name[0] != '\0' ? mf_quantity_drag_content (name) : NULL;
}

static GdkContentProvider *
on_prepare (GtkDragSource *source, double x, double y, gpointer data)
{
  return mf_quantity_drag_widget_content (
    gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (source)));
}

GtkDragSource *
mf_quantity_drag_attach (GtkWidget *widget, const char *name)
{
  GtkDragSource *source;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), NULL);
  g_return_val_if_fail (name != NULL || GTK_IS_LABEL (widget), NULL);

  if (name != NULL)
    g_object_set_data_full (G_OBJECT (widget), NAME_KEY, g_strdup (name), g_free);
  source = gtk_drag_source_new ();
  gtk_drag_source_set_actions (source, GDK_ACTION_COPY);
  g_signal_connect (source, "prepare", G_CALLBACK (on_prepare), NULL);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (source));
  return source;
}
