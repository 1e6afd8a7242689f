/* mf-component-label.h: the text of a component's label on the canvas — the
 * geometry measures and places it (mf-canvas-geometry.h), the drawing draws
 * it (mf-drawing.h).  No cairo, no GTK.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "mf-edit-document.h"

G_BEGIN_DECLS

/* The label of component `index`: its id and key parameters as written,
 * units made readable ("P1 · 2 m × 12 mm", "V1 · 2e-5 m²", "T1 · 100 bar");
 * with `two_lines` the parameters go on a second line, for the narrow room
 * beside an upright element.  Free with g_free(). */
char *mf_component_label (MfEditDocument *document,
                          guint           index,
                          gboolean        two_lines);

G_END_DECLS
