/* mf-canvas-grid.c: a uniform grid of buckets, each listing the items whose
 * boxes overlap its cell, stored compactly (the buckets one after another,
 * found by their starts, as a sparse matrix stores its rows).
 *
 * Cells are about as large as the share of the area each item has, so
 * there are about as many cells as items and an item of the usual size
 * sits in a handful of them; a long wire sits in every cell it crosses.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-canvas-grid.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Below this a cell gains nothing: a symbol is 20 to 60 units across. */
#define MIN_CELL 20.0
/* Items moved out of their cells before the grid is built again. */
#define MAX_MOVED_OUT 256

typedef struct
{
  guint x1, y1, x2, y2;
} CellRange;

struct _MfCanvasGrid
{
  guint              n;
  cairo_rectangle_t *boxes;
  guint             *stamps;  /* per item: the query that last saw it */
  guint              stamp;
  CellRange         *ranges;  /* per item: the cells it was put in */
  gboolean          *out;     /* per item: on the moved-out list */
  GArray            *moved_out; /* guint: items outside the cells they are in */
  guint              capacity;

  double             x0;      /* the grid's corner and its cell size */
  double             y0;
  double             cell;
  guint              nx;
  guint              ny;
  guint             *start;   /* per cell: where its bucket begins in `items` */
  guint             *items;
  guint              n_cells_allocated;
  guint              n_entries_allocated;
};

MfCanvasGrid *
mf_canvas_grid_new (void)
{
  return g_new0 (MfCanvasGrid, 1);
}

void
mf_canvas_grid_free (MfCanvasGrid *grid)
{
  if (grid == NULL)
    return;
  g_free (grid->boxes);
  g_free (grid->stamps);
  g_free (grid->ranges);
  g_free (grid->out);
  if (grid->moved_out != NULL)
    g_array_unref (grid->moved_out);
  g_free (grid->start);
  g_free (grid->items);
  g_free (grid);
}

guint
mf_canvas_grid_get_n_items (const MfCanvasGrid *grid)
{
  return grid->n;
}

/* The cells a box covers, clamped to the grid. */
static void
cell_range (const MfCanvasGrid *grid,
            double              x1,
            double              y1,
            double              x2,
            double              y2,
            guint              *cx1,
            guint              *cy1,
            guint              *cx2,
            guint              *cy2)
{
  double fx1 = floor ((x1 - grid->x0) / grid->cell), fx2 = floor ((x2 - grid->x0) / grid->cell);
  double fy1 = floor ((y1 - grid->y0) / grid->cell), fy2 = floor ((y2 - grid->y0) / grid->cell);

  *cx1 = (guint) CLAMP (fx1, 0, grid->nx - 1);
  *cx2 = (guint) CLAMP (fx2, 0, grid->nx - 1);
  *cy1 = (guint) CLAMP (fy1, 0, grid->ny - 1);
  *cy2 = (guint) CLAMP (fy2, 0, grid->ny - 1);
}

static void
reserve (MfCanvasGrid *grid,
         guint         n)
{
  if (n <= grid->capacity)
    return;
  grid->capacity = MAX (n, 2 * grid->capacity);
  grid->boxes = g_renew (cairo_rectangle_t, grid->boxes, grid->capacity);
  grid->stamps = g_renew (guint, grid->stamps, grid->capacity);
  grid->ranges = g_renew (CellRange, grid->ranges, grid->capacity);
  grid->out = g_renew (gboolean, grid->out, grid->capacity);
}

static void
box_cells (const MfCanvasGrid      *grid,
           const cairo_rectangle_t *box,
           CellRange               *range)
{
  cell_range (grid, box->x, box->y, box->x + box->width, box->y + box->height, &range->x1,
              &range->y1, &range->x2, &range->y2);
}

void
mf_canvas_grid_build (MfCanvasGrid            *grid,
                      const cairo_rectangle_t *boxes,
                      guint                    n)
{
  double x1 = G_MAXDOUBLE, y1 = G_MAXDOUBLE, x2 = -G_MAXDOUBLE, y2 = -G_MAXDOUBLE;
  double width, height, cell;
  guint n_cells, n_entries = 0;

  g_return_if_fail (grid != NULL);
  g_return_if_fail (n == 0 || boxes != NULL);

  reserve (grid, n);
  if (grid->moved_out == NULL)
    grid->moved_out = g_array_new (FALSE, FALSE, sizeof (guint));
  g_array_set_size (grid->moved_out, 0);
  grid->n = n;
  grid->nx = grid->ny = 0;
  if (n == 0)
    return;
  /* boxes may be the grid's own, when it is built again after moves */
  if (boxes != grid->boxes)
    memcpy (grid->boxes, boxes, n * sizeof (cairo_rectangle_t));
  boxes = grid->boxes;
  memset (grid->stamps, 0, n * sizeof (guint));
  memset (grid->out, 0, n * sizeof (gboolean));
  grid->stamp = 0;
  for (guint i = 0; i < n; i++)
    {
      x1 = MIN (x1, boxes[i].x);
      y1 = MIN (y1, boxes[i].y);
      x2 = MAX (x2, boxes[i].x + boxes[i].width);
      y2 = MAX (y2, boxes[i].y + boxes[i].height);
    }
  width = x2 - x1;
  height = y2 - y1;
  /* about one cell per item, and never more than 4n + 16 along a side */
  cell = MAX (sqrt (width * height / n), MIN_CELL);
  cell = MAX (cell, MAX (width, height) / (4.0 * n + 16));
  grid->x0 = x1;
  grid->y0 = y1;
  grid->cell = cell;
  grid->nx = (guint) floor (width / cell) + 1;
  grid->ny = (guint) floor (height / cell) + 1;
  n_cells = grid->nx * grid->ny;
  if (n_cells + 1 > grid->n_cells_allocated)
    {
      grid->n_cells_allocated = n_cells + 1;
      grid->start = g_renew (guint, grid->start, grid->n_cells_allocated);
    }

  /* count, then place: each bucket's items in increasing order */
  memset (grid->start, 0, (n_cells + 1) * sizeof (guint));
  for (guint i = 0; i < n; i++)
    {
      const CellRange *r = &grid->ranges[i];

      box_cells (grid, &boxes[i], &grid->ranges[i]);
      for (guint cy = r->y1; cy <= r->y2; cy++)
        for (guint cx = r->x1; cx <= r->x2; cx++)
          grid->start[cy * grid->nx + cx + 1]++;
      n_entries += (r->x2 - r->x1 + 1) * (r->y2 - r->y1 + 1);
    }
  for (guint c = 0; c < n_cells; c++)
    grid->start[c + 1] += grid->start[c];
  if (n_entries > grid->n_entries_allocated)
    {
      grid->n_entries_allocated = n_entries;
      grid->items = g_renew (guint, grid->items, n_entries);
    }
  for (guint i = 0; i < n; i++)
    {
      const CellRange *r = &grid->ranges[i];

      for (guint cy = r->y1; cy <= r->y2; cy++)
        for (guint cx = r->x1; cx <= r->x2; cx++)
          grid->items[grid->start[cy * grid->nx + cx]++] = i;
    }
  /* the placing moved every start to its bucket's end: shift them back */
  for (guint c = n_cells; c > 0; c--)
    grid->start[c] = grid->start[c - 1];
  grid->start[0] = 0;
}

void
mf_canvas_grid_move (MfCanvasGrid            *grid,
                     guint                    i,
                     const cairo_rectangle_t *box)
{
  const CellRange *was;
  CellRange range;

  g_return_if_fail (grid != NULL);
  g_return_if_fail (i < grid->n);

  grid->boxes[i] = *box;
  if (grid->out[i])
    return;
  box_cells (grid, box, &range);
  was = &grid->ranges[i];
  if (range.x1 >= was->x1 && range.x2 <= was->x2 && range.y1 >= was->y1 && range.y2 <= was->y2)
    return;
  if (grid->moved_out->len >= MAX_MOVED_OUT)
    {
      mf_canvas_grid_build (grid, grid->boxes, grid->n);
      return;
    }
  grid->out[i] = TRUE;
  g_array_append_val (grid->moved_out, i);
}

static gboolean
box_meets (const cairo_rectangle_t *box,
           double                   x1,
           double                   y1,
           double                   x2,
           double                   y2)
{
  return box->x <= x2 && box->x + box->width >= x1 && box->y <= y2
         && box->y + box->height >= y1;
}

static int
compare_items (const void *a,
               const void *b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;

  return (x > y) - (x < y);
}

void
mf_canvas_grid_query (MfCanvasGrid            *grid,
                      const cairo_rectangle_t *rect,
                      double                   margin,
                      GArray                  *hits)
{
  double x1 = rect->x - margin, y1 = rect->y - margin;
  double x2 = rect->x + rect->width + margin, y2 = rect->y + rect->height + margin;
  guint cx1, cy1, cx2, cy2;

  g_return_if_fail (grid != NULL);
  g_return_if_fail (hits != NULL && g_array_get_element_size (hits) == sizeof (guint));

  g_array_set_size (hits, 0);
  if (grid->n == 0)
    return;
  cell_range (grid, x1, y1, x2, y2, &cx1, &cy1, &cx2, &cy2);
  if (cx1 == 0 && cy1 == 0 && cx2 == grid->nx - 1 && cy2 == grid->ny - 1)
    {
      /* the rectangle covers every cell: one pass, already in order */
      for (guint i = 0; i < grid->n; i++)
        if (box_meets (&grid->boxes[i], x1, y1, x2, y2))
          g_array_append_val (hits, i);
      return;
    }
  if (++grid->stamp == 0)
    {
      memset (grid->stamps, 0, grid->n * sizeof (guint));
      grid->stamp = 1;
    }
  for (guint k = 0; k < grid->moved_out->len; k++)
    {
      guint i = g_array_index (grid->moved_out, guint, k);

      grid->stamps[i] = grid->stamp;
      if (box_meets (&grid->boxes[i], x1, y1, x2, y2))
        g_array_append_val (hits, i);
    }
  for (guint cy = cy1; cy <= cy2; cy++)
    for (guint cx = cx1; cx <= cx2; cx++)
      {
        guint c = cy * grid->nx + cx;

        for (guint k = grid->start[c]; k < grid->start[c + 1]; k++)
          {
            guint i = grid->items[k];

            if (grid->stamps[i] == grid->stamp)
              continue;
            grid->stamps[i] = grid->stamp;
            if (box_meets (&grid->boxes[i], x1, y1, x2, y2))
              g_array_append_val (hits, i);
          }
      }
  qsort (hits->data, hits->len, sizeof (guint), compare_items);
}
