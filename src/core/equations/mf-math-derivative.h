/* mf-math-derivative.h: the time derivative of a piece of notation
 * (mf-math.h) as a person would write it — the product rule term by term,
 * the chain rule shown for powers, absolute values, fractions and roots —
 * and the substitutions the index procedure makes in it (docs/model.md,
 * "The index procedure written out").  The tree is read as the equation
 * writers build it: sums as rows whose terms are set off by "+" and "−",
 * products as rows whose factors are set off by "·".  No GTK.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "mf-math.h"

G_BEGIN_DECLS

/* Whether a NAME leaf (a state, a multiplier) changes in time; every other
 * leaf is a constant, but the time t of a parameter that varies. */
typedef gboolean (*MfMathVarying) (const char *name,
                                   gpointer    data);

/* d/dt of `math`, by the product and chain rules: a varying name x gives
 * x', a constant 0; x·|x| gives x'·|x| + x·sgn(x)·x'; a function the rules
 * do not know (min, max) is primed whole.  Terms that vanish are left
 * out; "0" when nothing varies. */
MfMath   *mf_math_derivative (const MfMath  *math,
                              MfMathVarying  varying,
                              gpointer       data);

/* A copy of `math` with every subtree whose plain text (mf_math_to_plain)
 * is a key of `replace` replaced by a copy of the value (MfMath*):
 * spliced into the sum when it stands alone as a term, in parentheses
 * when it is a sum among factors.  Then terms that cancel (the same text,
 * opposite signs) and terms that are 0 or hold a factor 0 are dropped
 * from the top-level sum. */
MfMath   *mf_math_substitute (const MfMath *math,
                              GHashTable   *replace);

/* Whether the tree holds a NAME leaf for which `test` holds. */
gboolean  mf_math_has_name (const MfMath  *math,
                            MfMathVarying  test,
                            gpointer       data);

/* Whether `math` is a sum of more than one term, or one negated term:
 * what needs parentheses as a factor. */
gboolean  mf_math_is_sum (const MfMath *math);

G_END_DECLS
