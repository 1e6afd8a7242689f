/* test-canvas-scale.c: the canvas at scale, without a display — the bucket
 * grid, what the geometry names as near a rectangle, the update after an
 * edit against a whole build, the background grid, drawing in tiles
 * against drawing whole, and the simplified drawing far out.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include "mf-bench-ladder-document.h"
#include "mf-canvas-geometry.h"
#include "mf-canvas-grid.h"
#include "mf-drawing.h"
#include "mf-test-edit.h"
#include "mf-wire-route.h"

/* ---- documents ---- */

/* The drawn ladder of bench-ladder-document --drawn: `rungs` pipes,
 * junctions and orifices in rows, 3 rungs + 2 components. */
static MfEditDocument *
load_ladder (guint rungs)
{
  g_autofree char *text = mf_bench_ladder_document_drawn (rungs, TRUE);

  return document_from (text);
}

/* Junctions packed so close that where one's label goes decides where the
 * next one's can. */
static char *
junctions_text (guint columns,
                guint rows)
{
  GString *text = g_string_new ("{ \"manifold\": 1, \"components\": [");

  for (guint i = 0; i < columns * rows; i++)
    g_string_append_printf (text, "%s\n  { \"id\": \"J%u\", \"type\": \"junction\", \"at\": [%u, %u] }",
                            i > 0 ? "," : "", i + 1, 30 * (i % columns), 20 * (i / columns));
  g_string_append (text, " ] }\n");
  return g_string_free (text, FALSE);
}

static MfEditDocument *
load_example (const char *name)
{
  const char *dir = g_getenv ("MANIFOLD_EXAMPLES");
  g_autofree char *path = NULL;
  g_autoptr (GFile) file = NULL;
  MfEditDocument *document = mf_edit_document_new ();
  g_autoptr (GError) error = NULL;

  g_assert_nonnull (dir);
  path = g_build_filename (dir, name, NULL);
  file = g_file_new_for_path (path);
  mf_edit_document_load_file (document, file, &error);
  g_assert_no_error (error);
  return document;
}

/* ---- the grid ---- */

static gboolean
box_meets (const cairo_rectangle_t *box,
           const cairo_rectangle_t *rect,
           double                   margin)
{
  return box->x - margin <= rect->x + rect->width && box->x + box->width + margin >= rect->x
         && box->y - margin <= rect->y + rect->height
         && box->y + box->height + margin >= rect->y;
}

static void
random_box (GRand             *rand,
            cairo_rectangle_t *box)
{
  double size = g_rand_double (rand) < 0.05 ? 2000 : 60;

  box->x = g_rand_double_range (rand, -1000, 3000);
  box->y = g_rand_double_range (rand, -500, 1500);
  /* points, small symbols and long wires */
  box->width = g_rand_double (rand) < 0.2 ? 0 : g_rand_double_range (rand, 0, size);
  box->height = g_rand_double (rand) < 0.2 ? 0 : g_rand_double_range (rand, 0, 60);
}

static void
assert_query (MfCanvasGrid            *grid,
              const cairo_rectangle_t *boxes,
              guint                    n,
              const cairo_rectangle_t *rect,
              double                   margin,
              GArray                  *hits)
{
  guint k = 0;

  mf_canvas_grid_query (grid, rect, margin, hits);
  for (guint i = 0; i < n; i++)
    if (box_meets (&boxes[i], rect, margin))
      {
        g_assert_cmpuint (k, <, hits->len);
        g_assert_cmpuint (g_array_index (hits, guint, k), ==, i);
        k++;
      }
  g_assert_cmpuint (k, ==, hits->len);
}

/* The grid names exactly the items a look at every one would, in order,
 * before and after items move (far enough for it to build itself again). */
static void
test_grid (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (14);
  g_autoptr (MfCanvasGrid) grid = mf_canvas_grid_new ();
  g_autoptr (GArray) hits = g_array_new (FALSE, FALSE, sizeof (guint));
  guint n = 3000;
  g_autofree cairo_rectangle_t *boxes = g_new (cairo_rectangle_t, n);
  cairo_rectangle_t everything = { -5000, -5000, 10000, 10000 };

  mf_canvas_grid_build (grid, NULL, 0);
  mf_canvas_grid_query (grid, &everything, 0, hits);
  g_assert_cmpuint (hits->len, ==, 0);

  for (guint i = 0; i < n; i++)
    random_box (rand, &boxes[i]);
  mf_canvas_grid_build (grid, boxes, n);
  g_assert_cmpuint (mf_canvas_grid_get_n_items (grid), ==, n);
  for (guint round = 0; round < 4; round++)
    {
      for (guint q = 0; q < 200; q++)
        {
          cairo_rectangle_t rect;

          random_box (rand, &rect);
          assert_query (grid, boxes, n, &rect, q % 3 == 0 ? 8 : 0, hits);
        }
      assert_query (grid, boxes, n, &everything, 0, hits);
      /* 200 moves a round: the fourth round starts past the grid's limit */
      for (guint m = 0; m < 200; m++)
        {
          guint i = g_rand_int_range (rand, 0, (int) n);

          random_box (rand, &boxes[i]);
          mf_canvas_grid_move (grid, i, &boxes[i]);
        }
    }
}

/* ---- junction dots of a node of many wires ---- */

/* Whether (x, y) lies on a segment of the routes, ends included. */
static gboolean
on_a_route (const MfWireRoute *routes,
            guint              n_routes,
            double             x,
            double             y)
{
  for (guint k = 0; k < n_routes; k++)
    for (guint i = 0; i + 1 < routes[k].n_points; i++)
      {
        const MfCanvasPoint *p = &routes[k].points[i], *q = &routes[k].points[i + 1];

        if (x >= MIN (p->x, q->x) && x <= MAX (p->x, q->x) && y >= MIN (p->y, q->y)
            && y <= MAX (p->y, q->y))
          return TRUE;
      }
  return FALSE;
}

/* The directions the node's lines leave `here` in, found by probing half a
 * unit away each way (the routes lie on a grid of 10): a line leaves that
 * way when the probe is on one.  0 where a port marks the node itself. */
static guint
directions_by_probing (const MfWireRoute   *routes,
                       guint                n_routes,
                       const MfWireEnd     *ports,
                       guint                n_ports,
                       const MfCanvasPoint *here)
{
  static const MfPortDirection ways[] = { MF_PORT_DIRECTION_EAST, MF_PORT_DIRECTION_SOUTH,
                                          MF_PORT_DIRECTION_WEST, MF_PORT_DIRECTION_NORTH };
  guint mask = 0;

  for (guint w = 0; w < G_N_ELEMENTS (ways); w++)
    {
      double dx, dy;

      mf_port_direction_vector (ways[w], &dx, &dy);
      if (on_a_route (routes, n_routes, here->x + dx / 2, here->y + dy / 2))
        mask |= 1u << ways[w];
    }
  for (guint k = 0; k < n_ports; k++)
    if (ports[k].x == here->x && ports[k].y == here->y)
      {
        if (ports[k].direction == MF_PORT_DIRECTION_NONE)
          return 0;
        mask |= 1u << mf_port_direction_opposite (ports[k].direction);
      }
  return mask;
}

/* A node of many wires — a drain every rung runs to — gets the dots that
 * probing around every point of its routes finds, in the same order. */
static void
test_many_wire_dots (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);

  for (guint trial = 0; trial < 40; trial++)
    {
      guint n_routes = 13 + trial * 3, n_ports = 2 * n_routes;
      g_autofree MfWireRoute *routes = g_new0 (MfWireRoute, n_routes);
      g_autofree const MfWireRoute **pointers = g_new (const MfWireRoute *, n_routes);
      g_autofree MfWireEnd *ports = g_new0 (MfWireEnd, n_ports);
      g_autoptr (GArray) dots = g_array_new (FALSE, FALSE, sizeof (MfCanvasPoint));
      g_autoptr (GArray) expected = g_array_new (FALSE, FALSE, sizeof (MfCanvasPoint));
      g_autoptr (GHashTable) tried = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

      /* orthogonal routes on a small grid, so that they overlap and meet */
      for (guint k = 0; k < n_routes; k++)
        {
          MfWireRoute *route = &routes[k];

          route->n_points = g_rand_int_range (rand, 2, MF_WIRE_ROUTE_MAX_POINTS + 1);
          route->points[0] = (MfCanvasPoint) { 10 * g_rand_int_range (rand, -4, 5),
                                               10 * g_rand_int_range (rand, -4, 5) };
          for (guint i = 1; i < route->n_points; i++)
            {
              route->points[i] = route->points[i - 1];
              if (i % 2)
                route->points[i].x = 10 * g_rand_int_range (rand, -4, 5);
              else
                route->points[i].y = 10 * g_rand_int_range (rand, -4, 5);
            }
          pointers[k] = route;
          for (guint e = 0; e < 2; e++)
            {
              const MfCanvasPoint *end = &route->points[e ? route->n_points - 1 : 0];
              int direction = g_rand_int_range (rand, 0, 12);

              ports[2 * k + e] = (MfWireEnd) { end->x, end->y,
                                               direction < 5 ? (MfPortDirection) direction
                                                             : MF_PORT_DIRECTION_EAST, NULL };
            }
        }
      /* each point once, where a route first passes it */
      for (guint k = 0; k < n_routes; k++)
        for (guint i = 0; i < routes[k].n_points; i++)
          {
            const MfCanvasPoint *p = &routes[k].points[i];
            guint mask, bits = 0;

            if (!g_hash_table_add (tried, g_strdup_printf ("%g %g", p->x + 0.0, p->y + 0.0)))
              continue;
            mask = directions_by_probing (routes, n_routes, ports, n_ports, p);
            for (; mask != 0; mask &= mask - 1)
              bits++;
            if (bits >= 3)
              g_array_append_val (expected, *p);
          }
      mf_wire_route_find_junctions (pointers, n_routes, ports, n_ports, dots);
      g_assert_cmpuint (dots->len, ==, expected->len);
      g_assert_cmpuint (expected->len, >, 0);
      for (guint i = 0; i < dots->len; i++)
        {
          g_assert_cmpfloat (g_array_index (dots, MfCanvasPoint, i).x, ==,
                             g_array_index (expected, MfCanvasPoint, i).x);
          g_assert_cmpfloat (g_array_index (dots, MfCanvasPoint, i).y, ==,
                             g_array_index (expected, MfCanvasPoint, i).y);
        }
    }
}

/* ---- the geometry ---- */

static void
assert_rect_equal (const cairo_rectangle_t *a,
                   const cairo_rectangle_t *b)
{
  g_assert_cmpfloat (a->x, ==, b->x);
  g_assert_cmpfloat (a->y, ==, b->y);
  g_assert_cmpfloat (a->width, ==, b->width);
  g_assert_cmpfloat (a->height, ==, b->height);
}

/* Everything `a` lays out is what `b` does. */
static void
assert_same_geometry (MfCanvasGeometry *a,
                      MfCanvasGeometry *b)
{
  cairo_rectangle_t ba, bb;

  g_assert_cmpuint (mf_canvas_geometry_get_n_components (a), ==,
                    mf_canvas_geometry_get_n_components (b));
  for (guint i = 0; i < mf_canvas_geometry_get_n_components (a); i++)
    {
      const MfCanvasComponent *x = mf_canvas_geometry_get_component (a, i);
      const MfCanvasComponent *y = mf_canvas_geometry_get_component (b, i);

      g_assert_cmpstr (x->id, ==, y->id);
      g_assert_cmpfloat (x->x, ==, y->x);
      g_assert_cmpfloat (x->y, ==, y->y);
      g_assert_cmpint (x->rotation, ==, y->rotation);
      assert_rect_equal (&x->bounds, &y->bounds);
      g_assert_cmpstr (x->label, ==, y->label);
      assert_rect_equal (&x->label_rect, &y->label_rect);
      g_assert_cmpuint (x->first_port, ==, y->first_port);
    }
  g_assert_cmpuint (mf_canvas_geometry_get_n_ports (a), ==, mf_canvas_geometry_get_n_ports (b));
  for (guint i = 0; i < mf_canvas_geometry_get_n_ports (a); i++)
    {
      const MfCanvasPort *x = mf_canvas_geometry_get_port (a, i);
      const MfCanvasPort *y = mf_canvas_geometry_get_port (b, i);

      g_assert_cmpstr (x->name, ==, y->name);
      g_assert_cmpfloat (x->x, ==, y->x);
      g_assert_cmpfloat (x->y, ==, y->y);
      g_assert_cmpint (x->direction, ==, y->direction);
      g_assert_cmpuint (x->node, ==, y->node);
      g_assert_cmpuint (x->n_wires, ==, y->n_wires);
    }
  g_assert_cmpuint (mf_canvas_geometry_get_n_wires (a), ==, mf_canvas_geometry_get_n_wires (b));
  for (guint w = 0; w < mf_canvas_geometry_get_n_wires (a); w++)
    {
      const MfCanvasWire *x = mf_canvas_geometry_get_wire (a, w);
      const MfCanvasWire *y = mf_canvas_geometry_get_wire (b, w);

      g_assert_cmpuint (x->port_a, ==, y->port_a);
      g_assert_cmpuint (x->port_b, ==, y->port_b);
      g_assert_cmpuint (x->route.n_points, ==, y->route.n_points);
      g_assert_cmpmem (x->route.points, x->route.n_points * sizeof (MfCanvasPoint),
                       y->route.points, y->route.n_points * sizeof (MfCanvasPoint));
    }
  g_assert_cmpuint (mf_canvas_geometry_get_n_nodes (a), ==, mf_canvas_geometry_get_n_nodes (b));
  g_assert_cmpuint (mf_canvas_geometry_get_n_dots (a), ==, mf_canvas_geometry_get_n_dots (b));
  for (guint i = 0; i < mf_canvas_geometry_get_n_dots (a); i++)
    {
      const MfCanvasDot *x = mf_canvas_geometry_get_dot (a, i);
      const MfCanvasDot *y = mf_canvas_geometry_get_dot (b, i);

      g_assert_cmpfloat (x->x, ==, y->x);
      g_assert_cmpfloat (x->y, ==, y->y);
      g_assert_cmpuint (x->node, ==, y->node);
    }
  g_assert_true (mf_canvas_geometry_get_bounds (a, &ba));
  g_assert_true (mf_canvas_geometry_get_bounds (b, &bb));
  assert_rect_equal (&ba, &bb);
}

/* One in-place edit of a random component: a move, a turn, a parameter,
 * or an undo or redo of one of these. */
static void
random_edit (MfEditDocument *document,
             GRand          *rand)
{
  guint n = mf_edit_document_get_n_components (document);
  const char *ids[] = { mf_edit_document_get_component_id (document, g_rand_int_range (rand, 0,
                                                                                      (int) n)),
                        NULL };
  g_autoptr (GError) error = NULL;
  g_autofree char *id = g_strdup (ids[0]);
  int kind = g_rand_int_range (rand, 0, 6);

  if (kind == 0 && mf_edit_document_get_can_undo (document))
    g_assert_true (mf_edit_document_undo (document));
  else if (kind == 1 && mf_edit_document_get_can_redo (document))
    g_assert_true (mf_edit_document_redo (document));
  else if (kind == 2)
    g_assert_true (mf_edit_document_rotate_components (document, ids, &error));
  else if (kind == 3 && g_str_has_prefix (id, "P"))
    {
      g_autofree char *length = g_strdup_printf ("%d m", g_rand_int_range (rand, 1, 2000));

      g_assert_true (mf_edit_document_set_param (document, id, "length", length, &error));
    }
  else
    g_assert_true (mf_edit_document_move_components (
      document, ids, 10 * g_rand_int_range (rand, -6, 7), 10 * g_rand_int_range (rand, -6, 7),
      0, &error));
  g_assert_no_error (error);
}

/* After every edit that changes components in place, the geometry that
 * follows the document lays out only what changed, and the result is a
 * whole build's. */
static void
assert_updates_match (MfEditDocument *document,
                      guint32         seed,
                      gboolean        packed)
{
  g_autoptr (MfCanvasGeometry) following = mf_canvas_geometry_new (document);
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  guint builds = mf_canvas_geometry_get_n_builds (following), corners = 0;

  for (guint e = 0; e < 300; e++)
    {
      g_autoptr (MfCanvasGeometry) whole = NULL;

      random_edit (document, rand);
      /* a few edits at a time, as between two frames */
      if (e % 3 != 2)
        continue;
      whole = mf_canvas_geometry_new (document);
      assert_same_geometry (following, whole);
      g_assert_cmpuint (mf_canvas_geometry_get_n_builds (following), ==, builds);
    }
  /* packed junctions' labels took the left corners too, so the test saw
   * them choose */
  for (guint i = 0; i < mf_canvas_geometry_get_n_components (following); i++)
    {
      const MfCanvasComponent *c = mf_canvas_geometry_get_component (following, i);

      corners += c->type == MF_COMPONENT_JUNCTION && c->label_rect.x < c->x;
    }
  if (packed)
    g_assert_cmpuint (corners, >, 0);

  /* a new component changes the circuit's shape: a whole build */
  g_assert_nonnull (mf_edit_document_add_component (document, MF_COMPONENT_ORIFICE, 0, -200,
                                                    NULL));
  g_assert_cmpuint (mf_canvas_geometry_get_n_components (following), ==,
                    mf_edit_document_get_n_components (document));
  g_assert_cmpuint (mf_canvas_geometry_get_n_builds (following), ==, builds + 1);
}

static void
test_geometry_update (void)
{
  g_autofree char *junctions = junctions_text (8, 6);
  g_autoptr (MfEditDocument) first = load_ladder (60);
  g_autoptr (MfEditDocument) second = document_from (junctions);

  assert_updates_match (first, 4, FALSE);
  assert_updates_match (second, 5, TRUE);
}

/* The components, wires and dots named near a rectangle: every one drawn
 * there and, but for junctions (whose labels may take any corner), no
 * other whose symbol and label together, as one box, are not near it. */
static void
test_geometry_near (void)
{
  g_autoptr (MfEditDocument) document = load_ladder (200);
  g_autoptr (MfCanvasGeometry) geometry = mf_canvas_geometry_new (document);
  g_autoptr (GRand) rand = g_rand_new_with_seed (1);

  for (guint q = 0; q < 100; q++)
    {
      cairo_rectangle_t rect = { g_rand_double_range (rand, -100, 1700),
                                 g_rand_double_range (rand, -100, 1700),
                                 g_rand_double_range (rand, 0, 400),
                                 g_rand_double_range (rand, 0, 300) };
      double margin = q % 2 ? 8 : 0;
      guint n, k = 0;
      const guint *near = mf_canvas_geometry_components_near (geometry, &rect, margin, &n);

      for (guint i = 0; i < mf_canvas_geometry_get_n_components (geometry); i++)
        {
          const MfCanvasComponent *c = mf_canvas_geometry_get_component (geometry, i);
          gboolean drawn = box_meets (&c->bounds, &rect, margin)
                           || box_meets (&c->label_rect, &rect, margin);
          double x1 = MIN (c->bounds.x, c->label_rect.x), y1 = MIN (c->bounds.y, c->label_rect.y);
          cairo_rectangle_t both = {
            x1, y1, MAX (c->bounds.x + c->bounds.width, c->label_rect.x + c->label_rect.width) - x1,
            MAX (c->bounds.y + c->bounds.height, c->label_rect.y + c->label_rect.height) - y1
          };
          gboolean named = k < n && near[k] == i;

          if (named)
            k++;
          g_assert_true (named || !drawn);
          if (c->type != MF_COMPONENT_JUNCTION)
            g_assert_cmpint (named, ==, box_meets (&both, &rect, margin));
        }
      g_assert_cmpuint (k, ==, n);

      near = mf_canvas_geometry_wires_near (geometry, &rect, margin, &n);
      k = 0;
      for (guint w = 0; w < mf_canvas_geometry_get_n_wires (geometry); w++)
        {
          const MfWireRoute *route = &mf_canvas_geometry_get_wire (geometry, w)->route;
          double x1 = G_MAXDOUBLE, y1 = G_MAXDOUBLE, x2 = -G_MAXDOUBLE, y2 = -G_MAXDOUBLE;
          cairo_rectangle_t box;

          for (guint i = 0; i < route->n_points; i++)
            {
              x1 = MIN (x1, route->points[i].x);
              y1 = MIN (y1, route->points[i].y);
              x2 = MAX (x2, route->points[i].x);
              y2 = MAX (y2, route->points[i].y);
            }
          box = (cairo_rectangle_t) { x1, y1, x2 - x1, y2 - y1 };
          if (box_meets (&box, &rect, margin))
            g_assert_cmpuint (near[k++], ==, w);
        }
      g_assert_cmpuint (k, ==, n);

      near = mf_canvas_geometry_dots_near (geometry, &rect, margin, &n);
      k = 0;
      for (guint i = 0; i < mf_canvas_geometry_get_n_dots (geometry); i++)
        {
          const MfCanvasDot *dot = mf_canvas_geometry_get_dot (geometry, i);
          cairo_rectangle_t point = { dot->x, dot->y, 0, 0 };

          if (box_meets (&point, &rect, margin))
            g_assert_cmpuint (near[k++], ==, i);
        }
      g_assert_cmpuint (k, ==, n);
    }
}

/* ---- drawing ---- */

static cairo_surface_t *
new_image (int width,
           int height)
{
  return cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
}

/* The largest difference of a colour channel between two images. */
static guint
largest_difference (cairo_surface_t *a,
                    cairo_surface_t *b)
{
  int width = cairo_image_surface_get_width (a), height = cairo_image_surface_get_height (a);
  int stride = cairo_image_surface_get_stride (a);
  const guint8 *pa, *pb;
  guint largest = 0;

  cairo_surface_flush (a);
  cairo_surface_flush (b);
  pa = cairo_image_surface_get_data (a);
  pb = cairo_image_surface_get_data (b);
  for (int y = 0; y < height; y++)
    for (int i = 0; i < 4 * width; i++)
      largest = MAX (largest, (guint) ABS (pa[y * stride + i] - pb[y * stride + i]));
  return largest;
}

/* The background as it was drawn before: a whole-pixel square per dot. */
static void
reference_background (cairo_t               *cr,
                      const MfDrawingColors *colors,
                      double                 grid)
{
  double x1, y1, x2, y2, dx = 1, dy = 0;
  cairo_matrix_t matrix;

  cairo_save (cr);
  cairo_set_source_rgba (cr, colors->paper.red, colors->paper.green, colors->paper.blue, 1);
  cairo_paint (cr);
  cairo_user_to_device_distance (cr, &dx, &dy);
  while (grid * hypot (dx, dy) < 6)
    grid *= 5;
  cairo_clip_extents (cr, &x1, &y1, &x2, &y2);
  cairo_get_matrix (cr, &matrix);
  cairo_identity_matrix (cr);
  for (double x = floor (x1 / grid) * grid; x <= x2; x += grid)
    for (double y = floor (y1 / grid) * grid; y <= y2; y += grid)
      {
        double px = x, py = y;

        cairo_matrix_transform_point (&matrix, &px, &py);
        cairo_rectangle (cr, round (px), round (py), 1, 1);
      }
  cairo_set_source_rgba (cr, colors->grid.red, colors->grid.green, colors->grid.blue,
                         colors->grid.alpha * 1.4);
  cairo_fill (cr);
  cairo_restore (cr);
}

/* The background's dots land on the pixels a square per dot fills, at
 * every zoom and offset, light and dark. */
static void
test_background (void)
{
  static const double scales[] = { 0.1, 0.132, 0.3, 0.61, 0.934, 1, 1.37, 2.5, 8 };
  cairo_surface_t *a = new_image (333, 211), *b = new_image (333, 211);

  for (guint k = 0; k < G_N_ELEMENTS (scales); k++)
    for (int dark = 0; dark < 2; dark++)
      {
        MfDrawingColors colors;
        cairo_t *ca = cairo_create (a), *cb = cairo_create (b);

        mf_drawing_colors_init (&colors, dark);
        cairo_translate (ca, 17.3 * k, -9.71 * k);
        cairo_scale (ca, scales[k], scales[k]);
        cairo_translate (cb, 17.3 * k, -9.71 * k);
        cairo_scale (cb, scales[k], scales[k]);
        mf_drawing_render_background (ca, &colors, MF_SYMBOL_GRID);
        reference_background (cb, &colors, MF_SYMBOL_GRID);
        cairo_destroy (ca);
        cairo_destroy (cb);
        g_assert_cmpuint (largest_difference (a, b), ==, 0);
      }
  cairo_surface_destroy (a);
  cairo_surface_destroy (b);
}

static void
render (cairo_surface_t       *surface,
        MfCanvasGeometry      *geometry,
        const MfViewTransform *view,
        const MfDrawingState  *state,
        const cairo_rectangle_t *clip)
{
  cairo_t *cr = cairo_create (surface);

  if (clip != NULL)
    {
      cairo_rectangle (cr, clip->x, clip->y, clip->width, clip->height);
      cairo_clip (cr);
    }
  cairo_translate (cr, view->x0, view->y0);
  cairo_scale (cr, view->scale, view->scale);
  mf_drawing_render_background (cr, state->colors, MF_SYMBOL_GRID);
  mf_drawing_render (cr, geometry, state);
  cairo_destroy (cr);
}

/* Drawn in tiles, each looking only at what is near it, the circuit is
 * the same as drawn whole: nothing a tile shows was left out.  At 100 %
 * and zoomed out to the simplified drawing, with marks. */
static void
assert_tiles_match (MfEditDocument *document,
                    double          scale)
{
  g_autoptr (MfCanvasGeometry) geometry = mf_canvas_geometry_new (document);
  g_autoptr (GHashTable) selected = g_hash_table_new (g_str_hash, g_str_equal);
  const char *const marked[] = { mf_canvas_geometry_get_component (geometry, 1)->id, NULL };
  const char *const node[] = { mf_canvas_geometry_get_port (geometry, 0)->name, NULL };
  cairo_surface_t *whole = new_image (640, 400), *tiled = new_image (640, 400);
  MfDrawingColors colors;
  MfDrawingState state;
  MfViewTransform view = { scale, 13, 17 };

  g_hash_table_add (selected, (gpointer) mf_canvas_geometry_get_component (geometry, 0)->id);
  mf_drawing_colors_init (&colors, FALSE);
  mf_drawing_state_init (&state);
  state.colors = &colors;
  state.selected = selected;
  state.highlight_components = marked;
  state.highlight_node_ports = node;
  render (whole, geometry, &view, &state, NULL);
  for (int ty = 0; ty < 4; ty++)
    for (int tx = 0; tx < 5; tx++)
      {
        cairo_rectangle_t tile = { 128 * tx, 100 * ty, 128, 100 };

        render (tiled, geometry, &view, &state, &tile);
      }
  /* cairo antialiases an edge near a clip a shade differently; a shape left
   * out would differ by far more */
  g_assert_cmpuint (largest_difference (whole, tiled), <=, 24);
  cairo_surface_destroy (whole);
  cairo_surface_destroy (tiled);
}

static void
test_tiles (void)
{
  g_autoptr (MfEditDocument) ladder = load_ladder (200);
  g_autoptr (MfEditDocument) example = load_example ("pump-relief-valve.manifold");

  assert_tiles_match (ladder, 1.0);
  assert_tiles_match (ladder, 0.5);
  assert_tiles_match (ladder, 0.2);
  assert_tiles_match (example, 1.6);
}

/* How many different colours the pixels of a device rectangle have. */
static guint
count_colours (cairo_surface_t *surface,
               int              x,
               int              y,
               int              width,
               int              height)
{
  g_autoptr (GHashTable) seen = g_hash_table_new (NULL, NULL);
  int stride = cairo_image_surface_get_stride (surface);
  const guint8 *data;

  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
  for (int j = y; j < y + height; j++)
    for (int i = x; i < x + width; i++)
      g_hash_table_add (seen, GUINT_TO_POINTER (*(const guint32 *) (data + j * stride + 4 * i)));
  return g_hash_table_size (seen);
}

/* Below MF_DRAWING_SIMPLE_SCALE a tank is one flat block; above it, its
 * symbol's lines and fills. */
static void
test_simplified (void)
{
  g_autoptr (MfEditDocument) document = document_from (
    "{\"manifold\": 1, \"components\": [{\"id\": \"T1\", \"type\": \"tank\", \"at\": [0, 0]}]}");
  g_autoptr (MfCanvasGeometry) geometry = mf_canvas_geometry_new (document);
  const MfCanvasComponent *tank = mf_canvas_geometry_get_component (geometry, 0);
  MfDrawingColors colors;
  MfDrawingState state;

  mf_drawing_colors_init (&colors, FALSE);
  mf_drawing_state_init (&state);
  state.colors = &colors;
  for (int above = 0; above < 2; above++)
    {
      double scale = MF_DRAWING_SIMPLE_SCALE * (above ? 1.01 : 0.99);
      cairo_surface_t *image = new_image (64, 64);
      cairo_t *cr = cairo_create (image);
      double x1, y1, x2, y2;

      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_paint (cr);
      cairo_translate (cr, 32, 32);
      cairo_scale (cr, scale, scale);
      mf_drawing_render (cr, geometry, &state);
      x1 = tank->bounds.x, y1 = tank->bounds.y;
      x2 = tank->bounds.x + tank->bounds.width, y2 = tank->bounds.y + tank->bounds.height;
      cairo_user_to_device (cr, &x1, &y1);
      cairo_user_to_device (cr, &x2, &y2);
      cairo_destroy (cr);
      if (above)
        g_assert_cmpuint (count_colours (image, 0, 0, 64, 64), >, 2);
      else
        {
          /* one block: ink and paper and nothing else */
          g_assert_cmpuint (count_colours (image, (int) ceil (x1), (int) ceil (y1),
                                           (int) floor (x2) - (int) ceil (x1),
                                           (int) floor (y2) - (int) ceil (y1)), ==, 1);
          g_assert_cmpuint (count_colours (image, 0, 0, 64, 64), ==, 2);
        }
      cairo_surface_destroy (image);
    }
}

/* A circuit of 10 000 components fits a small canvas whole. */
static void
test_fit_large (void)
{
  g_autoptr (MfEditDocument) document = load_ladder (3333);
  g_autoptr (MfCanvasGeometry) geometry = mf_canvas_geometry_new (document);
  cairo_rectangle_t bounds;
  MfViewTransform view;
  double x1, y1, x2, y2;

  g_assert_cmpuint (mf_canvas_geometry_get_n_components (geometry), ==, 10001);
  g_assert_true (mf_canvas_geometry_get_bounds (geometry, &bounds));
  mf_view_transform_fit (&view, &bounds, 600, 400, 32, 2.5);
  mf_view_transform_to_widget (&view, bounds.x, bounds.y, &x1, &y1);
  mf_view_transform_to_widget (&view, bounds.x + bounds.width, bounds.y + bounds.height, &x2, &y2);
  g_assert_cmpfloat (x1, >=, 31.9);
  g_assert_cmpfloat (y1, >=, 31.9);
  g_assert_cmpfloat (x2, <=, 600 - 31.9);
  g_assert_cmpfloat (y2, <=, 400 - 31.9);
  g_assert_cmpfloat (view.scale, <, MF_DRAWING_SIMPLE_SCALE);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/app/scale/grid", test_grid);
  g_test_add_func ("/app/scale/dots", test_many_wire_dots);
  g_test_add_func ("/app/scale/geometry/update", test_geometry_update);
  g_test_add_func ("/app/scale/geometry/near", test_geometry_near);
  g_test_add_func ("/app/scale/background", test_background);
  g_test_add_func ("/app/scale/tiles", test_tiles);
  g_test_add_func ("/app/scale/simplified", test_simplified);
  g_test_add_func ("/app/scale/fit-large", test_fit_large);
  return g_test_run ();
}
