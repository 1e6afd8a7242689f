/* mf-canvas-grid.h: which of many rectangles meet a given one, without
 * looking at them all — a bucket grid over the canvas.
 *
 * The geometry keeps one per kind of thing it lays out (components, wires,
 * junction dots), so that a frame zoomed in on a part of a large circuit
 * draws and tests only what is near the view, and laying out labels asks
 * only the neighbours.  Plain data, no GTK, tested without a display.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <glib.h>

G_BEGIN_DECLS

typedef struct _MfCanvasGrid MfCanvasGrid;

MfCanvasGrid *mf_canvas_grid_new (void);
void          mf_canvas_grid_free (MfCanvasGrid *grid);

/* Indexes items 0 .. n - 1 by their boxes (copied), replacing what the
 * grid held.  Empty boxes (a point) are fine. */
void          mf_canvas_grid_build (MfCanvasGrid            *grid,
                                    const cairo_rectangle_t *boxes,
                                    guint                    n);
guint         mf_canvas_grid_get_n_items (const MfCanvasGrid *grid);

/* Gives item `i` a new box, as when a component is moved: queries find it
 * by that box from now on.  An item that leaves the cells it was built in
 * is kept on a short list that every query looks at, and the grid is built
 * again when that list gets long, so a move costs little. */
void          mf_canvas_grid_move (MfCanvasGrid            *grid,
                                   guint                    i,
                                   const cairo_rectangle_t *box);

/* Replaces what `hits` (guint) holds with every item whose box, grown by
 * `margin` on each side, meets `rect` (edges touching count), each once and
 * in increasing order.  Allocates nothing once `hits` has grown to size. */
void          mf_canvas_grid_query (MfCanvasGrid            *grid,
                                    const cairo_rectangle_t *rect,
                                    double                   margin,
                                    GArray                  *hits);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfCanvasGrid, mf_canvas_grid_free)

G_END_DECLS
