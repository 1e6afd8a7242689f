/* mf-math-view.h: one piece of notation (mf-math.h) as a widget, typeset by
 * mf-math-layout.h in the widget's own font, so CSS that enlarges the text
 * (presentation) enlarges it too.  Its accessible label is the plain text.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "mf-math.h"

G_BEGIN_DECLS

#define MF_TYPE_MATH_VIEW (mf_math_view_get_type ())
G_DECLARE_FINAL_TYPE (MfMathView, mf_math_view, MF, MATH_VIEW, GtkWidget)

/* Shows a copy of `math` (may be NULL: nothing). */
GtkWidget    *mf_math_view_new (const MfMath *math);
void          mf_math_view_set_math (MfMathView   *self,
                                     const MfMath *math);
const MfMath *mf_math_view_get_math (MfMathView *self);

G_END_DECLS
