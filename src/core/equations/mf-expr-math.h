/* mf-expr-math.h: an expression of the document (mf-expr.h) as notation
 * (mf-math.h), in SI, as the parser left it — constant parts folded to
 * their values: "20 bar * ramp(t, 0, 0.1)" reads 2e+06·ramp(t, 0, 0.1).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "mf-expr.h"
#include "mf-math.h"

G_BEGIN_DECLS

MfMath *mf_expr_to_math (const MfExpr *expr);

G_END_DECLS
