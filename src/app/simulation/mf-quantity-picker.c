/* mf-quantity-picker.c: the popover a plot's quantities are added from
 * (mf-quantity-picker.h) — a search entry over a list of names; the
 * search keeps the names that have each of its words
 * (mf_quantity_names_match()), Enter adds the first one left, a click adds
 * its row's, and every row can be dragged onto a plot.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-quantity-picker.h"

#include <glib/gi18n.h>

#include "mf-quantity-drag.h"
#include "mf-quantity-names.h"

struct _MfQuantityPicker
{
  GtkPopover      parent_instance;

  GtkSearchEntry *entry;
  GtkListBox     *list;
  GtkLabel       *placeholder;
};

G_DEFINE_FINAL_TYPE (MfQuantityPicker, mf_quantity_picker, GTK_TYPE_POPOVER)

enum { SIGNAL_PICKED, N_SIGNALS };
static guint signals[N_SIGNALS];

static const char *
row_name (GtkListBoxRow *row)
{
  return g_object_get_data (G_OBJECT (row), "mf-quantity");
}

static gboolean
filter_row (GtkListBoxRow *row, gpointer data)
{
  MfQuantityPicker *self = data;

  return mf_quantity_names_match (row_name (row),
                                  gtk_editable_get_text (GTK_EDITABLE (self->entry)));
}

static void
pick (MfQuantityPicker *self, const char *name)
{
  g_autofree char *picked = g_strdup (name);

  gtk_popover_popdown (GTK_POPOVER (self));
  g_signal_emit (self, signals[SIGNAL_PICKED], 0, picked);
}

static void
on_row_activated (GtkListBox *list, GtkListBoxRow *row, MfQuantityPicker *self)
{
  pick (self, row_name (row));
}

static void
on_search_changed (MfQuantityPicker *self)
{
  gtk_list_box_invalidate_filter (self->list);
}

/* Enter adds the first name the search leaves. */
static void
on_activate (MfQuantityPicker *self)
{
  g_auto (GStrv) shown = mf_quantity_picker_get_shown (self);

  if (shown[0] != NULL)
    pick (self, shown[0]);
}

static void
on_stop_search (MfQuantityPicker *self)
{
  gtk_popover_popdown (GTK_POPOVER (self));
}

/* A row dragged out of the list closes it, out of the way of the plot the
 * row is dropped on; the drag goes on. */
static void
on_drag_begin (MfQuantityPicker *self)
{
  gtk_popover_popdown (GTK_POPOVER (self));
}

/* Each time it opens, the search starts empty and has the focus. */
static void
on_show (MfQuantityPicker *self)
{
  gtk_editable_set_text (GTK_EDITABLE (self->entry), "");
  gtk_widget_grab_focus (GTK_WIDGET (self->entry));
}

static void
mf_quantity_picker_class_init (MfQuantityPickerClass *klass)
{
  signals[SIGNAL_PICKED] = g_signal_new ("picked", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                         0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
mf_quantity_picker_init (MfQuantityPicker *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *scrolled = gtk_scrolled_window_new ();

  self->entry = GTK_SEARCH_ENTRY (gtk_search_entry_new ());
  g_object_set (self->entry, "placeholder-text", _("Search quantities"), NULL);
  self->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_activate_on_single_click (self->list, TRUE);
  gtk_list_box_set_filter_func (self->list, filter_row, self, NULL);
  self->placeholder = GTK_LABEL (gtk_label_new (_("No quantities")));
  gtk_widget_add_css_class (GTK_WIDGET (self->placeholder), "dim-label");
  gtk_widget_set_margin_top (GTK_WIDGET (self->placeholder), 12);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->placeholder), 12);
  gtk_label_set_wrap (self->placeholder, TRUE);
  gtk_label_set_max_width_chars (self->placeholder, 30);
  gtk_list_box_set_placeholder (self->list, GTK_WIDGET (self->placeholder));
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (self->list));
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scrolled), 320);
  gtk_widget_set_size_request (scrolled, 220, -1);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->entry));
  gtk_box_append (GTK_BOX (box), scrolled);
  gtk_popover_set_child (GTK_POPOVER (self), box);

  g_signal_connect_swapped (self->entry, "search-changed", G_CALLBACK (on_search_changed), self);
  g_signal_connect_swapped (self->entry, "activate", G_CALLBACK (on_activate), self);
  g_signal_connect_swapped (self->entry, "stop-search", G_CALLBACK (on_stop_search), self);
  g_signal_connect (self->list, "row-activated", G_CALLBACK (on_row_activated), self);
  g_signal_connect (self, "show", G_CALLBACK (on_show), NULL);
}

GtkWidget *
mf_quantity_picker_new (void)
{
  return g_object_new (MF_TYPE_QUANTITY_PICKER, NULL);
}

void
mf_quantity_picker_set_names (MfQuantityPicker *self, const char *const *names,
                              const char *message)
{
  GtkListBoxRow *old;

  g_return_if_fail (MF_IS_QUANTITY_PICKER (self));

  while ((old = gtk_list_box_get_row_at_index (self->list, 0)) != NULL)
    gtk_list_box_remove (self->list, GTK_WIDGET (old));
  gtk_label_set_text (self->placeholder, message != NULL ? message : _("No quantities"));
  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    {
      GtkWidget *row = gtk_list_box_row_new ();
      GtkWidget *label = gtk_label_new (names[i]);

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_set_margin_start (label, 6);
      gtk_widget_set_margin_end (label, 6);
      gtk_widget_set_margin_top (label, 3);
      gtk_widget_set_margin_bottom (label, 3);
      gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), label);
      g_object_set_data_full (G_OBJECT (row), "mf-quantity", g_strdup (names[i]), g_free);
      g_signal_connect_object (mf_quantity_drag_attach (row, names[i]), "drag-begin",
                               G_CALLBACK (on_drag_begin), self, G_CONNECT_SWAPPED);
      gtk_list_box_append (self->list, row);
    }
}

void
mf_quantity_picker_set_search (MfQuantityPicker *self, const char *search)
{
  g_return_if_fail (MF_IS_QUANTITY_PICKER (self));

  gtk_editable_set_text (GTK_EDITABLE (self->entry), search != NULL ? search : "");
  gtk_list_box_invalidate_filter (self->list);
}

char **
mf_quantity_picker_get_shown (MfQuantityPicker *self)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  GtkListBoxRow *row;

  g_return_val_if_fail (MF_IS_QUANTITY_PICKER (self), NULL);

  for (int i = 0; (row = gtk_list_box_get_row_at_index (self->list, i)) != NULL; i++)
    if (filter_row (row, self))
      g_strv_builder_add (builder, row_name (row));
  return g_strv_builder_end (builder);
}

GtkWidget *
mf_quantity_picker_get_row (MfQuantityPicker *self, const char *name)
{
  GtkListBoxRow *row;

  g_return_val_if_fail (MF_IS_QUANTITY_PICKER (self), NULL);

  for (int i = 0; (row = gtk_list_box_get_row_at_index (self->list, i)) != NULL; i++)
    if (g_strcmp0 (row_name (row), name) == 0)
      return GTK_WIDGET (row);
  return NULL;
}
