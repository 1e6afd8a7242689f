/* mf-plot-axis.h: one axis of a plot — its title and unit, linear or
 * logarithmic scale, a range fixed by the caller or fitted to the data,
 * and the map between values and device coordinates.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "mf-plot-ticks.h"

G_BEGIN_DECLS

typedef enum
{
  MF_PLOT_SCALE_LINEAR,
  MF_PLOT_SCALE_LOG,
} MfPlotScale;

typedef struct
{
  char       *title;   /* "pressure" */
  char       *unit;    /* "bar"; NULL or "" for none */
  MfPlotScale scale;
  double      min, max; /* a fixed range, or NAN for one fitted to the data */
  gboolean    tight;    /* a fitted range ends at the data, not at the outer ticks */
  gboolean    integer;  /* whole numbers: ticks at integers (mf_plot_ticks_integer()) */
  /* set by mf_plot_axis_fit() and mf_plot_axis_place() */
  MfPlotTicks ticks;
  double      pixel_lo, pixel_hi; /* where ticks.lo and ticks.hi go */
} MfPlotAxis;

void     mf_plot_axis_init (MfPlotAxis *axis);
void     mf_plot_axis_clear (MfPlotAxis *axis);

/* "pressure [bar]", "pressure", "[bar]" or "" */
char    *mf_plot_axis_title_text (const MfPlotAxis *axis);

/* Chooses the range and ticks: the fixed range as it is, else the data's
 * [lo, hi] widened to the outer ticks (either end NAN: no data). */
void     mf_plot_axis_fit (MfPlotAxis *axis,
                           double      data_lo,
                           double      data_hi);

void     mf_plot_axis_place (MfPlotAxis *axis,
                             double      pixel_lo,
                             double      pixel_hi);

/* Device coordinate of a value; NAN for a value a log axis cannot show. */
double   mf_plot_axis_to_pixel (const MfPlotAxis *axis,
                                double            value);
double   mf_plot_axis_from_pixel (const MfPlotAxis *axis,
                                  double            pixel);

G_END_DECLS
