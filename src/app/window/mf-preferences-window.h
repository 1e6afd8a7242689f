/* mf-preferences-window.h: the Preferences window — display units, the
 * simulation settings new circuits start with, and the plot style.  Every
 * row is bound to the application's GSettings, so a change applies at once
 * and is kept.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define MF_TYPE_PREFERENCES_WINDOW (mf_preferences_window_get_type ())
G_DECLARE_FINAL_TYPE (MfPreferencesWindow, mf_preferences_window, MF, PREFERENCES_WINDOW,
                      AdwPreferencesWindow)

/* `settings` is of the schema io.github.manifold.Manifold. */
GtkWidget *mf_preferences_window_new (GSettings *settings);

G_END_DECLS
