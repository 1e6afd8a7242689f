/* mf-plot-view-series.c: the plot view's list of every series, which the
 * legend's "+N more" entry opens when the legend has no room for all of
 * them — a check per series, in the series' colour and name, that shows
 * or hides it as a click on its legend entry does.
 *
 * The popover is made anew at each opening, so that it lists the series
 * the plot has then, and is the view's child until it closes.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-plot-view-private.h"

#include <glib/gi18n.h>

/* The index of the series a check shows. */
#define CHECK_INDEX "mf-series-index"

static void
on_check_toggled (GtkCheckButton *check, MfPlotView *self)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (check), CHECK_INDEX));

  if (index < mf_plot_get_n_series (self->plot))
    mf_plot_view_set_series_visible (self, index, gtk_check_button_get_active (check));
}

/* Gone from the view once closed; idle, for the popover is still being
 * hidden when "closed" is emitted. */
static gboolean
drop_popover (gpointer data)
{
  GtkWidget *popover = data;

  if (gtk_widget_get_parent (popover) != NULL)
    gtk_widget_unparent (popover);
  g_object_unref (popover);
  return G_SOURCE_REMOVE;
}

static void
on_closed (GtkPopover *popover, MfPlotView *self)
{
  if (self->series_popover == GTK_WIDGET (popover))
    self->series_popover = NULL;
  g_idle_add (drop_popover, g_object_ref (popover));
}

/* A check for series `index`: its name, after a swatch of its colour. */
static GtkWidget *
series_check (MfPlotView *self, guint index)
{
  const MfPlotSeries *series = mf_plot_get_series (self->plot, index);
  MfPlotColor color = mf_plot_series_get_color (series);
  g_autofree char *markup = NULL;
  g_autofree char *name = g_markup_escape_text (mf_plot_series_get_name (series), -1);
  GtkWidget *check = gtk_check_button_new ();
  GtkWidget *label = gtk_label_new (NULL);

  /* a dash of the series' colour before its name */
  markup = g_strdup_printf ("<span foreground=\"#%02x%02x%02x\">━━</span>  %s",
                            (guint) (color.red * 255 + 0.5), (guint) (color.green * 255 + 0.5),
                            (guint) (color.blue * 255 + 0.5), name);
  gtk_label_set_markup (GTK_LABEL (label), markup);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_MIDDLE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 48);
  gtk_check_button_set_child (GTK_CHECK_BUTTON (check), label);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (check), mf_plot_series_get_visible (series));
  g_object_set_data (G_OBJECT (check), CHECK_INDEX, GUINT_TO_POINTER (index));
  g_signal_connect_object (check, "toggled", G_CALLBACK (on_check_toggled), self, 0);
  return check;
}

void
mf_plot_view_show_series_list (MfPlotView *self, double px, double py)
{
  GtkWidget *popover, *box, *scrolled, *title;

  g_return_if_fail (MF_IS_PLOT_VIEW (self));

  if (self->series_popover != NULL)
    gtk_popover_popdown (GTK_POPOVER (self->series_popover));
  popover = gtk_popover_new ();
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  scrolled = gtk_scrolled_window_new ();
  title = gtk_label_new (_("Curves shown"));
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_widget_add_css_class (title, "heading");
  gtk_widget_set_margin_bottom (title, 4);
  gtk_box_append (GTK_BOX (box), title);
  for (guint i = 0; i < mf_plot_get_n_series (self->plot); i++)
    gtk_box_append (GTK_BOX (box), series_check (self, i));
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  /* as wide as the names (up to the labels' 48 characters), not cut
   * short to the checks' width */
  gtk_scrolled_window_set_propagate_natural_width (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scrolled), 400);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), box);
  gtk_popover_set_child (GTK_POPOVER (popover), scrolled);
  gtk_popover_set_pointing_to (GTK_POPOVER (popover),
                               &(GdkRectangle) { (int) px, (int) py, 1, 1 });
  gtk_widget_set_parent (popover, GTK_WIDGET (self));
  self->series_popover = popover;
  g_signal_connect_object (popover, "closed", G_CALLBACK (on_closed), self, 0);
  gtk_popover_popup (GTK_POPOVER (popover));
}

GtkWidget *
mf_plot_view_get_series_list (MfPlotView *self)
{
  g_return_val_if_fail (MF_IS_PLOT_VIEW (self), NULL);
  return self->series_popover;
}
