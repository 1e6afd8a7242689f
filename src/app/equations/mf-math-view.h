/* mf-math-view.h: one piece of notation (mf-math.h) as a widget, typeset by
 * mf-math-layout.h in the widget's own font, so CSS that enlarges the text
 * (presentation) enlarges it too.  Its accessible label is the plain text.
 * And the words the pages set between pieces of notation.
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

/* Words between the notation of an Equations window page: a label that
 * wraps, aligned left, with `css_class` ("heading", "dim-label") unless
 * NULL, appended to the vertical box `box`. */
GtkWidget    *mf_math_view_add_words (GtkWidget  *box,
                                      const char *words,
                                      const char *css_class);

G_END_DECLS
