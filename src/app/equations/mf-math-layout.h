/* mf-math-layout.h: notation (mf-math.h) typeset with Pango and drawn with
 * cairo — fractions stacked with a bar, exponents raised and smaller,
 * subscripts, tall parentheses and absolute-value bars around what they
 * hold, radicals with their bar.  Sizes follow the font given, so a
 * larger font (presentation, export) scales everything.  No GTK.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <pango/pangocairo.h>

#include "mf-math.h"

G_BEGIN_DECLS

typedef struct _MfMathLayout MfMathLayout;

/* Lays out `math` with `context` in `font` (its size is the size of the
 * main line; scripts and nested fractions are smaller). */
MfMathLayout *mf_math_layout_new (const MfMath               *math,
                                  PangoContext               *context,
                                  const PangoFontDescription *font);
void          mf_math_layout_free (MfMathLayout *layout);

/* Width, and the extent above and below the baseline, in pixels (or the
 * cairo target's units). */
double        mf_math_layout_get_width (const MfMathLayout *layout);
double        mf_math_layout_get_ascent (const MfMathLayout *layout);
double        mf_math_layout_get_descent (const MfMathLayout *layout);

/* Draws with the current source of `cr`, the baseline starting at (x, y). */
void          mf_math_layout_draw (const MfMathLayout *layout,
                                   cairo_t            *cr,
                                   double              x,
                                   double              y);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfMathLayout, mf_math_layout_free)

G_END_DECLS
