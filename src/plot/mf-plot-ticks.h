/* mf-plot-ticks.h: where an axis puts its ticks and what they read — steps
 * of 1, 2 or 5 × 10^k on linear axes, decades (with 2 and 5 in between when
 * there are few) on logarithmic ones, and short labels that read back as
 * the tick's value.
 *
 * Labels: plain decimals with as many places as the step needs ("0.25",
 * "-40", "0.003") while the largest tick lies in [1e-4, 1e6); otherwise a
 * mantissa and a bare exponent ("2.5e6", "1e-6").  Every label parses with
 * g_ascii_strtod() back to its tick.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define MF_PLOT_MAX_MAJOR_TICKS 16
#define MF_PLOT_MAX_MINOR_TICKS 96

typedef struct
{
  double   lo, hi;      /* the range the axis shows: widened to the outer ticks when asked */
  double   step;        /* linear: between majors; log: decades between majors */
  gboolean log;
  gboolean linear_labels; /* log, but too narrow for its decades: ticks and labels as linear */
  gboolean scientific;  /* labels as "2.5e6" */
  int      decimals;    /* places after the point of plain labels */
  guint    n_major;
  double   major[MF_PLOT_MAX_MAJOR_TICKS];
  guint    n_minor;     /* unlabelled, between the majors */
  double   minor[MF_PLOT_MAX_MINOR_TICKS];
} MfPlotTicks;

/* Between 4 and 10 major ticks for [lo, hi], at multiples of a step of 1, 2
 * or 5 × 10^k.  With `extend` the range grows to the first tick at or below
 * lo and the last at or above hi; without it the ticks lie inside.  An
 * empty range (lo == hi) is widened around its value first; lo > hi is
 * swapped; non-finite ends give the range [0, 1]. */
void  mf_plot_ticks_linear (MfPlotTicks *ticks,
                            double       lo,
                            double       hi,
                            gboolean     extend);

/* Ticks at whole numbers for values that are whole (an order, a count):
 * every integer from the first at or above lo to the last at or below hi
 * (every 2nd, 5th, 10th, ... when there are more than 10), the range half a
 * unit wider on each side so that the outer values are not on the frame.
 * A range without an integer in it takes the one nearest its middle. */
void  mf_plot_ticks_integer (MfPlotTicks *ticks,
                             double       lo,
                             double       hi);

/* Ticks of a logarithmic axis over [lo, hi], both > 0 (else [1, 10]):
 * every decade (every 2nd, 5th, ... when there are more than 10), with 2 and
 * 5 as labelled ticks too when the range spans at most two decades, and
 * unlabelled ticks at 2..9 when it spans at most six.  A fixed range too
 * narrow for two of those ticks (0.1884 to 0.1888) takes the ticks and
 * labels of a linear axis instead, still mapped logarithmically. */
void  mf_plot_ticks_log (MfPlotTicks *ticks,
                         double       lo,
                         double       hi,
                         gboolean     extend);

/* The label of a value of `ticks` (normally one of its majors). */
void  mf_plot_ticks_label (const MfPlotTicks *ticks,
                           double             value,
                           char              *buffer,
                           gsize              size);

G_END_DECLS
