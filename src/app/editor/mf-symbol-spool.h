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

/* The layer `layer` of a 4/3 valve (three squares, `three` TRUE) with
 * centre `centre`, or a 4/2 valve (two), its squares moved under the ports
 * by the spool's place `spool` (0: at rest). */
void   mf_symbol_add_spool_valve (cairo_t       *cr,
                                  MfSymbolLayer  layer,
                                  gboolean       three,
                                  MfCentre       centre,
                                  double         spool);
/* How far right the squares move for a spool at `spool`: 40 · s, clamped
 * to the squares there are (a 4/2 valve's to [0, 1]). */
double mf_symbol_spool_shift (gboolean three,
                              double   spool);

/* mf-symbol.c: an arrow head with its tip at (x, y) along (ux, uy). */
void mf_symbol_arrow_head (cairo_t *cr,
                           double   x,
                           double   y,
                           double   ux,
                           double   uy,
                           double   length,
                           double   half_width);

G_END_DECLS
