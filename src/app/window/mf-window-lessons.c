/* mf-window-lessons.c: opening a lesson — its example in place of the
 * document, once unsaved changes are dealt with — and the lesson panel in
 * the palette's place while it is open.  The lesson stays through the
 * user's edits of its example (it asks for some) and closes when another
 * document replaces it.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-window-private.h"

static void
mf_window_show_lesson (MfWindow       *self,
                       const MfLesson *lesson)
{
  self->lesson_document = self->document;
  mf_lesson_panel_set_lesson (self->lesson_panel, lesson);
  gtk_stack_set_visible_child_name (self->left_stack, "lesson");
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.close-lesson", TRUE);
}

static void
mf_window_close_lesson (MfWindow *self)
{
  self->lesson_document = NULL;
  gtk_stack_set_visible_child_name (self->left_stack, "palette");
  mf_lesson_panel_set_lesson (self->lesson_panel, NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.close-lesson", FALSE);
}

static void
mf_window_lesson_answered (GObject      *source,
                           GAsyncResult *result,
                           gpointer      user_data)
{
  MfWindow *self = MF_WINDOW (source);
  const MfLesson *lesson = user_data;

  if (!mf_window_confirm_discard_finish (self, result, NULL))
    return;
  /* (a failure is shown by mf_window_load_example) */
  if (mf_window_load_example (self, lesson->example, NULL))
    mf_window_show_lesson (self, lesson);
}

static void
mf_window_action_open_lesson (GtkWidget  *widget,
                              const char *action_name,
                              GVariant   *parameter)
{
  const MfLesson *lesson = mf_lesson_find (g_variant_get_string (parameter, NULL));

  g_return_if_fail (lesson != NULL);
  /* the lessons are static, so the answer may hold one */
  mf_window_confirm_discard_async (MF_WINDOW (widget), NULL, mf_window_lesson_answered,
                                   (gpointer) lesson);
}

static void
mf_window_action_close_lesson (GtkWidget  *widget,
                               const char *action_name,
                               GVariant   *parameter)
{
  mf_window_close_lesson (MF_WINDOW (widget));
}

void
mf_window_lesson_chosen (MfWindow   *self,
                         const char *name)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "win.open-lesson", "s", name);
}

/* Another document took the lesson's place: New, Open, an example, a
 * restored copy. */
static void
mf_window_lesson_document_changed (MfWindow *self)
{
  if (self->lesson_document != NULL && self->lesson_document != self->document)
    mf_window_close_lesson (self);
}

void
mf_window_class_install_lesson_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.open-lesson", "s",
                                   mf_window_action_open_lesson);
  gtk_widget_class_install_action (widget_class, "win.close-lesson", NULL,
                                   mf_window_action_close_lesson);
}

void
mf_window_init_lessons (MfWindow *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.close-lesson", FALSE);
  g_signal_connect_object (self->lesson_panel, "close-requested",
                           G_CALLBACK (mf_window_close_lesson), self, G_CONNECT_SWAPPED);
  g_signal_connect (self, "notify::document", G_CALLBACK (mf_window_lesson_document_changed),
                    NULL);
}
