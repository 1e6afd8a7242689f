/* mf-what-if-range.h: the span of the what-if slider (mf-what-if.h) — the
 * values it reaches around the one it was set up at, on a logarithmic or a
 * linear scale, within what the parameter may take — and the rounding of
 * the value it points at to a number a person would type.  No GTK: tested
 * without a display.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "mf-component-type.h"

G_BEGIN_DECLS

/* How far a span reaches on each side of its value: a factor on a log
 * scale, and a multiple of the value for the linear scale's upper end. */
#define MF_WHAT_IF_LOG_FACTOR 100.0
#define MF_WHAT_IF_LINEAR_FACTOR 2.0
/* The significant figures a value on the slider is rounded to. */
#define MF_WHAT_IF_FIGURES 3

typedef struct
{
  double   lo;  /* the value at the slider's left end (in the unit shown) */
  double   hi;  /* ... and at its right end */
  gboolean log; /* the slider's positions are log10 of the values */
} MfWhatIfRange;

/* TRUE when a log scale can span `value`: it is positive and finite. */
gboolean mf_what_if_range_can_log (double value);

/* The span around `value` for a parameter whose values must meet `range`.
 * Log (a positive value): value/100 … value×100.  Linear: 0 … 2×value for
 * a positive value (value/50 … 2×value when 0 is not allowed), 2×value …
 * 0 for a negative one, and −1 … 1 (0 … 1 when negative values are not
 * allowed) for 0.  A log scale asked for a value it cannot span gives the
 * linear one. */
void     mf_what_if_range_init (MfWhatIfRange *self,
                                double         value,
                                MfRange        range,
                                gboolean       log);

/* The slider's positions at its ends, and the position of a value and the
 * value at a position (values outside the span are clamped to it). */
double   mf_what_if_range_position_lo (const MfWhatIfRange *self);
double   mf_what_if_range_position_hi (const MfWhatIfRange *self);
double   mf_what_if_range_position (const MfWhatIfRange *self,
                                    double               value);
double   mf_what_if_range_value (const MfWhatIfRange *self,
                                 double               position);
/* TRUE when `value` lies in the span, ends included. */
gboolean mf_what_if_range_contains (const MfWhatIfRange *self,
                                    double               value);

/* `value` to MF_WHAT_IF_FIGURES significant figures: 123 456 → 123 000,
 * 0.012 345 → 0.0123; 0 stays 0. */
double   mf_what_if_round (double value);

G_END_DECLS
