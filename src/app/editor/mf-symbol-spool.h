/* mf-symbol-spool.h: the ISO 1219 symbols of the directional valves, one
 * square per spool position, drawn by mf-symbol.c's layers.  Private to the
 * symbols.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>

#include "mf-symbol.h"

G_BEGIN_DECLS

/* The layer `layer` of a 4/3 valve (three squares, `three` TRUE) or a 4/2
 * valve (two), its ports on the square of the spool at rest. */
void mf_symbol_add_spool_valve (cairo_t       *cr,
                                MfSymbolLayer  layer,
                                gboolean       three);

/* mf-symbol.c: an arrow head with its tip at (x, y) along (ux, uy). */
void mf_symbol_arrow_head (cairo_t *cr,
                           double   x,
                           double   y,
                           double   ux,
                           double   uy,
                           double   length,
                           double   half_width);

G_END_DECLS
