/* mf-stiffness-window-figures.c: the Stiffness window's figures for slides
 * — stiffness.export-figure opens the export dialog (mf-export-dialog.h)
 * with the stability view (the hλ plane as shown) and the eigenvalue plot
 * (the λ plane), the one on screen picked; and presentation mode
 * (stiffness.presentation, F11; Escape or the same again leaves): full
 * screen, larger text, the plot with its method and step alone.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-stiffness-window-private.h"

#include <glib/gi18n.h>

#include "mf-export-dialog.h"
#include "mf-presentation.h"

/* The export dialog's first choices: a 4:3 picture, as slides often are. */
#define FIGURE_WIDTH 1600.0
#define FIGURE_HEIGHT 1200.0

MfExportDialog *
mf_stiffness_window_export_figure (MfStiffnessWindow *self)
{
  MfExportDialog *dialog;

  g_return_val_if_fail (MF_IS_STIFFNESS_WINDOW (self), NULL);

  dialog = MF_EXPORT_DIALOG (mf_export_dialog_new (GTK_WINDOW (self)));
  mf_export_dialog_add_figure (dialog, _("Stability region and hλ"),
                               mf_stability_plot_draw_step_figure, self->plot, NULL,
                               G_OBJECT (self->plot));
  mf_export_dialog_add_figure (dialog, _("Eigenvalues λ"),
                               mf_stability_plot_draw_eigenvalue_figure, self->plot, NULL,
                               G_OBJECT (self->plot));
  mf_export_dialog_select_plot (dialog, mf_stability_plot_get_show_eigenvalues (self->plot));
  mf_export_dialog_set_plot_size (dialog, FIGURE_WIDTH, FIGURE_HEIGHT);
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}

static void
action_export_figure (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  mf_stiffness_window_export_figure (MF_STIFFNESS_WINDOW (widget));
}

void
mf_stiffness_window_set_presenting (MfStiffnessWindow *self, gboolean on)
{
  g_return_if_fail (MF_IS_STIFFNESS_WINDOW (self));

  /* the plot with what moves its points: the method, the scale, h */
  gtk_widget_set_visible (self->where_box, !on);
  gtk_widget_set_visible (self->where_separator, !on);
  gtk_widget_set_visible (self->modes_box, !on);
  gtk_widget_set_visible (gtk_paned_get_start_child (self->paned), !on);
  mf_presentation_set (GTK_WINDOW (self), on);
}

static void
action_presentation (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  MfStiffnessWindow *self = MF_STIFFNESS_WINDOW (widget);

  mf_stiffness_window_set_presenting (self, !mf_presentation_get (GTK_WINDOW (self)));
}

static void
action_leave_presentation (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  mf_stiffness_window_set_presenting (MF_STIFFNESS_WINDOW (widget), FALSE);
}

void
mf_stiffness_window_class_init_figures (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_child (widget_class, MfStiffnessWindow, where_box);
  gtk_widget_class_bind_template_child (widget_class, MfStiffnessWindow, where_separator);
  gtk_widget_class_bind_template_child (widget_class, MfStiffnessWindow, modes_box);
  gtk_widget_class_bind_template_child (widget_class, MfStiffnessWindow, paned);
  gtk_widget_class_install_action (widget_class, "stiffness.export-figure", NULL,
                                   action_export_figure);
  gtk_widget_class_install_action (widget_class, "stiffness.presentation", NULL,
                                   action_presentation);
  gtk_widget_class_install_action (widget_class, "stiffness.leave-presentation", NULL,
                                   action_leave_presentation);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F11, 0, "stiffness.presentation",
                                       NULL);
}

void
mf_stiffness_window_init_figures (MfStiffnessWindow *self)
{
  mf_presentation_install (GTK_WINDOW (self), "stiffness.leave-presentation");
}
