/* mf-matrix-view-input.c: picking rows and columns of a matrix view with
 * the pointer and the keyboard, and tooltips that give an entry in full.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-matrix-view-private.h"

#include <glib/gi18n.h>
#include <math.h>

static void
on_pressed (GtkGestureClick *gesture, int n_press, double x, double y, MfMatrixView *self)
{
  int row, col;

  gtk_widget_grab_focus (GTK_WIDGET (self));
  mf_matrix_view_locate (self, x, y, &row, &col);
  mf_matrix_view_select (self, row, col);
}

static gboolean
on_key_pressed (GtkEventControllerKey *controller, guint keyval, guint keycode,
                GdkModifierType state, MfMatrixView *self)
{
  int row = self->selected_row, col = self->selected_col;

  switch (keyval)
    {
    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
      row = MAX (row - 1, 0);
      break;
    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
      row = MIN (row + 1, (int) self->n_rows - 1);
      break;
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      col = MAX (col - 1, 0);
      break;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      col = MIN (col + 1, (int) self->n_cols - 1);
      break;
    case GDK_KEY_Home:
      row = self->n_rows > 0 ? 0 : -1;
      break;
    case GDK_KEY_End:
      row = (int) self->n_rows - 1;
      break;
    case GDK_KEY_Escape:
      row = col = -1;
      break;
    default:
      return FALSE;
    }
  mf_matrix_view_select (self, row, col);
  return TRUE;
}

gboolean
mf_matrix_view_query_tooltip (GtkWidget  *widget,
                              int         x,
                              int         y,
                              gboolean    keyboard,
                              GtkTooltip *tooltip)
{
  MfMatrixView *self = MF_MATRIX_VIEW (widget);
  g_autofree char *text = NULL;
  char number[G_ASCII_DTOSTR_BUF_SIZE];
  int row, col;

  if (keyboard)
    {
      row = self->selected_row;
      col = self->selected_col;
    }
  else
    mf_matrix_view_locate (self, x, y, &row, &col);
  if (row >= 0 && col >= 0 && isnan (mf_matrix_view_get_value (self, row, col)))
    /* an entry of a pattern whose value is zero where it was taken */
    text = g_strdup_printf (_("%s, %s: in the pattern, 0 at this point"), self->row_labels[row],
                            self->col_labels[col]);
  else if (row >= 0 && col >= 0)
    text = g_strdup_printf ("%s, %s: %s", self->row_labels[row], self->col_labels[col],
                            g_ascii_formatd (number, sizeof number, "%.6g",
                                             mf_matrix_view_get_value (self, row, col)));
  else if (row >= 0)
    text = g_strdup (self->row_labels[row]);
  else if (col >= 0)
    text = g_strdup (self->col_labels[col]);
  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

void
mf_matrix_view_add_controllers (MfMatrixView *self)
{
  GtkGesture *click = gtk_gesture_click_new ();
  GtkEventController *keys = gtk_event_controller_key_new ();

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect (click, "pressed", G_CALLBACK (on_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
}
