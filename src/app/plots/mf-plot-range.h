/* mf-plot-range.h: the interval one plot axis shows — fitted to the data
 * it is told about (auto) or fixed by zooming and panning; linear or
 * logarithmic; for a time axis, optionally following the latest data.  No
 * GTK: the widgets turn gestures into these calls, and several widgets
 * share one range to share an axis.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define MF_TYPE_PLOT_RANGE (mf_plot_range_get_type ())
G_DECLARE_FINAL_TYPE (MfPlotRange, mf_plot_range, MF, PLOT_RANGE, GObject)

MfPlotRange *mf_plot_range_new (void);

/* A log range works in decades: zooming scales log10 of the width, pan
 * moves by decades, and it never shows values <= 0. */
void         mf_plot_range_set_log (MfPlotRange *self,
                                    gboolean     log);
gboolean     mf_plot_range_get_log (MfPlotRange *self);

/* Fraction of the data's extent (of its decades on a log range) added on
 * each side in auto; 0.05 unless set (time axes want 0). */
void         mf_plot_range_set_padding (MfPlotRange *self,
                                        double       fraction);
double       mf_plot_range_get_padding (MfPlotRange *self);

/* The extent of the data (NAN, NAN: none).  On a log range, pass the
 * smallest positive value as min.  The same as the bounds of owner NULL. */
void         mf_plot_range_set_data_bounds (MfPlotRange *self,
                                            double       min,
                                            double       max);
/* The same, for one of several owners of a shared range (the views on one
 * time axis): the range fits the union of what its owners told it, and
 * forgets an owner's bounds when it is removed. */
void         mf_plot_range_set_owner_bounds (MfPlotRange  *self,
                                             gconstpointer owner,
                                             double        min,
                                             double        max);
void         mf_plot_range_remove_owner (MfPlotRange  *self,
                                         gconstpointer owner);
/* The union in force. */
void         mf_plot_range_get_data_bounds (MfPlotRange *self,
                                            double      *min,
                                            double      *max);

/* The interval shown: never empty, min < max (and min > 0 on a log range). */
void         mf_plot_range_get (MfPlotRange *self,
                                double      *min,
                                double      *max);
gboolean     mf_plot_range_is_auto (MfPlotRange *self);

/* Scales the width by `factor` (< 1 zooms in) keeping `center` where it is
 * on screen. */
void         mf_plot_range_zoom_at (MfPlotRange *self,
                                    double       center,
                                    double       factor);
void         mf_plot_range_zoom_to (MfPlotRange *self,
                                    double       min,
                                    double       max);
/* Moves the interval by delta: in axis units, or in decades on a log range. */
void         mf_plot_range_pan (MfPlotRange *self,
                                double       delta);
/* Back to auto. */
void         mf_plot_range_reset (MfPlotRange *self);

/* For time during a live run: a fixed interval keeps its width and ends at
 * the latest data whenever the bounds grow; auto shows all anyway. */
void         mf_plot_range_set_follow (MfPlotRange *self,
                                       gboolean     follow);
gboolean     mf_plot_range_get_follow (MfPlotRange *self);

/* Linear ↔ fraction of the interval (0 at min, 1 at max), logarithmic on a
 * log range: what a widget needs to map pixels. */
double       mf_plot_range_to_fraction (MfPlotRange *self,
                                        double       value);
double       mf_plot_range_from_fraction (MfPlotRange *self,
                                          double       fraction);

/* Makes `*slot` hold `range` (a new fitted range without padding when
 * NULL) for `owner`: the range it held forgets the owner's bounds and the
 * handler `*changed_id`, and `changed` is connected to "changed" of the new
 * one, swapped to `owner`.  FALSE when `range` was held already. */
gboolean       mf_plot_range_follow (MfPlotRange **slot,
                                     gulong       *changed_id,
                                     MfPlotRange  *range,
                                     gpointer      owner,
                                     GCallback     changed);

G_END_DECLS
