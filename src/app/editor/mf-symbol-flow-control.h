/* mf-symbol-flow-control.h: the ISO 1219 symbol of the pressure-compensated
 * flow control valve, drawn by mf-symbol.c's layers.  Private to the
 * symbols.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>

#include "mf-symbol.h"

G_BEGIN_DECLS

/* The layer `layer` of the 2-way flow control valve, a on the left, b on
 * the right, at rotation 0. */
void mf_symbol_add_flow_control_valve (cairo_t       *cr,
                                       MfSymbolLayer  layer);

G_END_DECLS
