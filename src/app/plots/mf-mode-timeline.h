/* mf-mode-timeline.h: a strip under the plots that shows which mode was in
 * force when (bands with the mode's name) and when valves switched (ticks,
 * with their labels as tooltips), on the plots' shared time axis.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "mf-plot-range.h"

G_BEGIN_DECLS

#define MF_TYPE_MODE_TIMELINE (mf_mode_timeline_get_type ())
G_DECLARE_FINAL_TYPE (MfModeTimeline, mf_mode_timeline, MF, MODE_TIMELINE, GtkWidget)

GtkWidget   *mf_mode_timeline_new (void);

/* The time axis, shared with the plot views (NULL: one of its own that
 * fits the bands). */
void         mf_mode_timeline_set_x_range (MfModeTimeline *self,
                                           MfPlotRange    *range);
MfPlotRange *mf_mode_timeline_get_x_range (MfModeTimeline *self);

void         mf_mode_timeline_clear (MfModeTimeline *self);
/* The mode in force at t (t not before the last call's): extends the last
 * band to t, or starts a new band at t when the mode differs. */
void         mf_mode_timeline_set_mode_at (MfModeTimeline *self,
                                           double          t,
                                           const char     *mode);
/* A switch at t ("V1 closed"), shown as a tick with a tooltip. */
void         mf_mode_timeline_add_event (MfModeTimeline *self,
                                         double          t,
                                         const char     *label);

guint        mf_mode_timeline_get_n_bands (MfModeTimeline *self);
/* The i-th band's mode, and its interval in t0, t1 (either may be NULL). */
const char  *mf_mode_timeline_get_band (MfModeTimeline *self,
                                        guint           index,
                                        double         *t0,
                                        double         *t1);
guint        mf_mode_timeline_get_n_events (MfModeTimeline *self);

G_END_DECLS
