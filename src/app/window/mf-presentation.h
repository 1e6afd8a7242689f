/* mf-presentation.h: presentation mode, for a window shown on a projector
 * — the window full screen, its text larger (the CSS class "presentation",
 * whose style is loaded once for the display) and Escape to leave.  What a
 * window shows in it (one view filling it, its plots' text scaled) is the
 * window's business; this only switches.  Nothing is remembered: a window
 * opens out of it.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* How much larger the text is in presentation mode (the CSS class's
 * font-size, and the plots' text scale). */
#define MF_PRESENTATION_TEXT_SCALE 1.5

/* Makes Escape activate `leave_action` (an action of the window, with no
 * parameter) while the window presents: before any widget in it sees the
 * key.  Out of presentation mode Escape goes where it went. */
void     mf_presentation_install (GtkWindow  *window,
                                  const char *leave_action);

/* Enters (full screen, the CSS class) or leaves presentation mode. */
void     mf_presentation_set (GtkWindow *window,
                              gboolean   on);
gboolean mf_presentation_get (GtkWindow *window);

G_END_DECLS
