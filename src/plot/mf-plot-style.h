/* mf-plot-style.h: every colour a plot draws — background, text, frame,
 * grid, legend, mode bands, markers, fallback spans and the series palette —
 * and the dash patterns of its lines, so that one plot reads well on a
 * light page and in a dark window alike.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "mf-plot-series.h"

G_BEGIN_DECLS

#define MF_PLOT_STYLE_N_COLORS 7

typedef struct
{
  MfPlotColor background;
  MfPlotColor foreground;        /* titles and tick labels */
  MfPlotColor frame;             /* the data area's outline and the ticks */
  MfPlotColor grid_major, grid_minor;
  MfPlotColor legend_background; /* drawn at legend_alpha over the data */
  double      legend_alpha;
  MfPlotColor legend_border;
  MfPlotColor hidden_series;     /* a legend entry whose series is hidden */
  MfPlotColor band[2];           /* mode bands alternate between these tints */
  double      band_alpha;        /* of the shading under the data */
  double      band_row_alpha;    /* of the name's row above the data */
  MfPlotColor marker;            /* event lines and their labels */
  MfPlotColor span;              /* hatching of a marked interval (SVD fallbacks) */
  MfPlotColor palette[MF_PLOT_STYLE_N_COLORS]; /* series colours, in order of addition */
} MfPlotStyle;

/* Built-in styles; the pointers stay valid for the whole program. */
const MfPlotStyle *mf_plot_style_light (void);
const MfPlotStyle *mf_plot_style_dark (void);

/* The lengths of `dash`'s pattern, on and off in turn, in device units for
 * a line of about 1.5 (cairo_set_dash()); *n 0 for a solid line. */
const double      *mf_plot_dash_pattern (MfPlotDash dash,
                                         int       *n);
/* Whether the pattern draws at `offset` units along the line (always for
 * a solid one): where a dense curve, drawn as a band, leaves its gaps. */
gboolean           mf_plot_dash_is_on (MfPlotDash dash,
                                       double     offset);

/* WCAG 2 contrast ratio of two colours (1 to 21). */
double             mf_plot_color_contrast (MfPlotColor a,
                                           MfPlotColor b);

G_END_DECLS
