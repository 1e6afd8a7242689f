/* mf-stability-plot.h: the complex hλ plane as a widget — a method's region
 * of absolute stability, explicit Euler's disc and a circuit's points h λ_k
 * for a step h, those outside the region marked (mf-stability-drawing.h);
 * or, with "show-eigenvalues", the λ plane itself: the eigenvalues in 1/s.
 *
 * The view fits the region and the points when the method, its order, the
 * scale or the number of eigenvalues change, when an eigenvalue would fall
 * out of view, or on mf_stability_plot_fit() (and a double click); a
 * change of h moves the points over the plane as it is, so they can be
 * watched crossing the boundary.  Scroll zooms about the
 * pointer, a drag pans; the + and − keys zoom, 0 fits.
 *
 * Properties: "method" (string, a name of mf-method.c; NULL draws no
 * region), "order" (uint: the order of a multistep method's region),
 * "step" (double, s), "log-scale" (boolean: the symmetric-log scale),
 * "show-eigenvalues" (boolean: the λ plane instead of the hλ plane; a
 * change fits the view).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <complex.h>
#include <gtk/gtk.h>

#include "mf-stability-drawing.h"

G_BEGIN_DECLS

#define MF_TYPE_STABILITY_PLOT (mf_stability_plot_get_type ())
G_DECLARE_FINAL_TYPE (MfStabilityPlot, mf_stability_plot, MF, STABILITY_PLOT, GtkWidget)

GtkWidget   *mf_stability_plot_new (void);

/* FALSE, changing nothing, for a name mf-method.c does not know. */
gboolean     mf_stability_plot_set_method (MfStabilityPlot *self,
                                           const char      *method);
const char  *mf_stability_plot_get_method (MfStabilityPlot *self);
void         mf_stability_plot_set_order (MfStabilityPlot *self,
                                          guint            order);
guint        mf_stability_plot_get_order (MfStabilityPlot *self);
/* The region drawn ({ NULL, 0 } for none). */
MfStabilityRegion mf_stability_plot_get_region (MfStabilityPlot *self);

/* The eigenvalues λ_k (1/s), copied; `numbers` (may be NULL) labels each
 * point with its mode's number, 0 for no label. */
void         mf_stability_plot_set_eigenvalues (MfStabilityPlot      *self,
                                                const double complex *lambda,
                                                const guint          *numbers,
                                                guint                 n);
void         mf_stability_plot_set_step (MfStabilityPlot *self,
                                         double           step);
double       mf_stability_plot_get_step (MfStabilityPlot *self);
void         mf_stability_plot_set_log_scale (MfStabilityPlot *self,
                                              gboolean         log_scale);
gboolean     mf_stability_plot_get_log_scale (MfStabilityPlot *self);

/* Fits the view to the region and the points again. */
void         mf_stability_plot_fit (MfStabilityPlot *self);

/* How many points h λ_k lie outside the region, and whether point k does. */
guint        mf_stability_plot_get_n_outside (MfStabilityPlot *self);
gboolean     mf_stability_plot_get_outside (MfStabilityPlot *self,
                                            guint            k);

void         mf_stability_plot_set_show_eigenvalues (MfStabilityPlot *self,
                                                     gboolean         shown);
gboolean     mf_stability_plot_get_show_eigenvalues (MfStabilityPlot *self);

/* The scene of the hλ plane (`eigenvalues` FALSE) or of the λ plane: the
 * one shown as it is shown, zoom included; the other fitted.  Its arrays
 * are the plot's, valid until its eigenvalues change. */
MfStabilityScene mf_stability_plot_get_scene (MfStabilityPlot *self,
                                              gboolean         eigenvalues);
/* The hλ plane and the λ plane as figures for a file (MfPlotFigureFunc of
 * an MfStabilityPlot): the scene of the moment, drawn at the figure scale. */
void         mf_stability_plot_draw_step_figure (gpointer  plot,
                                                 cairo_t  *cr,
                                                 double    width,
                                                 double    height);
void         mf_stability_plot_draw_eigenvalue_figure (gpointer  plot,
                                                       cairo_t  *cr,
                                                       double    width,
                                                       double    height);

/* The view: the box of the plane shown (for tests). */
MfStabilityView mf_stability_plot_get_view (MfStabilityPlot *self);

G_END_DECLS
