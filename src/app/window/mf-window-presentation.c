/* mf-window-presentation.c: the main window's presentation mode
 * (mf-presentation.h) — win.presentation with a target: "window" (F11) the
 * whole window, "canvas" the circuit alone, "plots" the simulation pane
 * alone; each full screen with larger text, the plots' included.  The same
 * target again, win.leave-presentation or Escape leaves it.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-window-private.h"

#include "mf-presentation.h"

/* Shows the parts a view of presentation mode keeps ("window" or NULL:
 * all of them). */
static void
mf_window_show_parts (MfWindow   *self,
                      const char *view)
{
  gboolean canvas_only = g_strcmp0 (view, "canvas") == 0;
  gboolean plots_only = g_strcmp0 (view, "plots") == 0;

  gtk_widget_set_visible (gtk_paned_get_start_child (self->sim_paned), !plots_only);
  gtk_widget_set_visible (GTK_WIDGET (self->sim_panel), !canvas_only);
  gtk_widget_set_visible (GTK_WIDGET (self->left_stack), !canvas_only);
  gtk_widget_set_visible (gtk_paned_get_end_child (self->inner_paned), !canvas_only);
  mf_sim_panel_set_text_scale (self->sim_panel, view != NULL ? MF_PRESENTATION_TEXT_SCALE : 1.0);
}

static void
mf_window_leave_presentation (MfWindow *self)
{
  g_clear_pointer (&self->presenting, g_free);
  mf_window_show_parts (self, NULL);
  mf_presentation_set (GTK_WINDOW (self), FALSE);
}

static void
mf_window_action_presentation (GtkWidget  *widget,
                               const char *action_name,
                               GVariant   *parameter)
{
  MfWindow *self = MF_WINDOW (widget);
  const char *view = g_variant_get_string (parameter, NULL);

  if (g_strcmp0 (view, "canvas") != 0 && g_strcmp0 (view, "plots") != 0)
    view = "window";
  if (g_strcmp0 (self->presenting, view) == 0)
    {
      mf_window_leave_presentation (self);
      return;
    }
  g_free (self->presenting);
  self->presenting = g_strdup (view);
  mf_window_show_parts (self, view);
  mf_presentation_set (GTK_WINDOW (self), TRUE);
  if (g_str_equal (view, "canvas"))
    gtk_widget_activate_action (GTK_WIDGET (self->canvas), "canvas.zoom-fit", NULL);
}

static void
mf_window_action_leave_presentation (GtkWidget  *widget,
                                     const char *action_name,
                                     GVariant   *parameter)
{
  mf_window_leave_presentation (MF_WINDOW (widget));
}

void
mf_window_class_install_presentation_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.presentation", "s",
                                   mf_window_action_presentation);
  gtk_widget_class_install_action (widget_class, "win.leave-presentation", NULL,
                                   mf_window_action_leave_presentation);
  /* F11 is one of the window's keys (mf_window_add_shortcuts()) */
}

void
mf_window_init_presentation (MfWindow *self)
{
  mf_presentation_install (GTK_WINDOW (self), "win.leave-presentation");
}

const char *
mf_window_get_presentation (MfWindow *self)
{
  g_return_val_if_fail (MF_IS_WINDOW (self), NULL);

  return self->presenting;
}
