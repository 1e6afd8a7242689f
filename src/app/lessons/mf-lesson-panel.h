/* mf-lesson-panel.h: a lesson shown beside the canvas, one page at a time:
 * the introduction (page 0), then each numbered step, with Previous and
 * Next.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "mf-lesson.h"

G_BEGIN_DECLS

#define MF_TYPE_LESSON_PANEL (mf_lesson_panel_get_type ())
G_DECLARE_FINAL_TYPE (MfLessonPanel, mf_lesson_panel, MF, LESSON_PANEL, GtkWidget)

/* Signal "close-requested": the user pressed the panel's close button. */
GtkWidget      *mf_lesson_panel_new (void);

/* The lesson shown, from its introduction; NULL shows nothing. */
void            mf_lesson_panel_set_lesson (MfLessonPanel  *self,
                                            const MfLesson *lesson);
const MfLesson *mf_lesson_panel_get_lesson (MfLessonPanel *self);

/* Property "page": 0 for the introduction, k for step k (1 to the number
 * of steps).  A page beyond the last shows the last. */
guint           mf_lesson_panel_get_page (MfLessonPanel *self);
void            mf_lesson_panel_set_page (MfLessonPanel *self,
                                          guint          page);

G_END_DECLS
