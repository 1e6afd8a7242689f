/* test-drawing.c: symbols, wire routes, the canvas geometry and whole
 * circuits drawn on image surfaces — no display needed.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include "mf-canvas-geometry.h"
#include "mf-component-label.h"
#include "mf-drawing.h"
#include "mf-symbol.h"
#include "mf-wire-route.h"

static const int rotations[] = { 0, 90, 180, 270 };

/* ---- pixels ---- */

typedef struct
{
  cairo_surface_t *surface;
  cairo_t         *cr;
  int              width;
  int              height;
} Image;

static void
image_init (Image *image,
            int    width,
            int    height)
{
  image->width = width;
  image->height = height;
  image->surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  image->cr = cairo_create (image->surface);
  cairo_set_source_rgb (image->cr, 1, 1, 1);
  cairo_paint (image->cr);
}

static void
image_clear (Image *image)
{
  cairo_destroy (image->cr);
  cairo_surface_destroy (image->surface);
}

static guint32
pixel (Image *image,
       int    x,
       int    y)
{
  const guint8 *data;

  cairo_surface_flush (image->surface);
  data = cairo_image_surface_get_data (image->surface);
  if (x < 0 || y < 0 || x >= image->width || y >= image->height)
    return 0xffffffff;
  return *(const guint32 *) (data + y * cairo_image_surface_get_stride (image->surface) + 4 * x);
}

static gboolean
inked (Image *image,
       int    x,
       int    y)
{
  return (pixel (image, x, y) & 0xffffff) != 0xffffff;
}

/* How many pixels in the rectangle are not paper. */
static guint
count_ink (Image  *image,
           double  x,
           double  y,
           double  width,
           double  height)
{
  guint n = 0;

  for (int j = (int) floor (y); j < (int) ceil (y + height); j++)
    for (int i = (int) floor (x); i < (int) ceil (x + width); i++)
      n += inked (image, i, j);
  return n;
}

/* The box around every inked pixel; FALSE when there is none. */
static gboolean
ink_box (Image             *image,
         cairo_rectangle_t *box)
{
  int x1 = image->width, y1 = image->height, x2 = -1, y2 = -1;

  for (int j = 0; j < image->height; j++)
    for (int i = 0; i < image->width; i++)
      if (inked (image, i, j))
        {
          x1 = MIN (x1, i);
          y1 = MIN (y1, j);
          x2 = MAX (x2, i);
          y2 = MAX (y2, j);
        }
  *box = (cairo_rectangle_t) { x1, y1, x2 - x1 + 1, y2 - y1 + 1 };
  return x2 >= 0;
}

static guint
count_different (Image *a,
                 Image *b)
{
  guint n = 0;

  for (int j = 0; j < a->height; j++)
    for (int i = 0; i < a->width; i++)
      n += pixel (a, i, j) != pixel (b, i, j);
  return n;
}

/* ---- documents ---- */

static MfEditDocument *
load_text (const char *text)
{
  MfEditDocument *document = mf_edit_document_new ();
  g_autoptr (GError) error = NULL;

  mf_edit_document_load_data (document, text, -1, "test", &error);
  g_assert_no_error (error);
  return document;
}

static char **
example_paths (void)
{
  const char *dir = g_getenv ("MANIFOLD_EXAMPLES");
  g_autoptr (GDir) listing = NULL;
  GPtrArray *paths = g_ptr_array_new ();
  const char *name;

  g_assert_nonnull (dir);
  listing = g_dir_open (dir, 0, NULL);
  g_assert_nonnull (listing);
  while ((name = g_dir_read_name (listing)) != NULL)
    if (g_str_has_suffix (name, ".manifold"))
      g_ptr_array_add (paths, g_build_filename (dir, name, NULL));
  g_assert_cmpuint (paths->len, >=, 10);
  g_ptr_array_add (paths, NULL);
  return (char **) g_ptr_array_free (paths, FALSE);
}

static MfEditDocument *
load_example (const char *path)
{
  MfEditDocument *document = mf_edit_document_new ();
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;

  mf_edit_document_load_file (document, file, &error);
  g_assert_no_error (error);
  return document;
}

/* ---- symbols ---- */

static void
test_symbol_ports (void)
{
  for (guint t = 0; t < MF_N_COMPONENT_TYPES; t++)
    {
      const MfComponentTypeInfo *info = mf_component_type_info (t);

      for (guint r = 0; r < G_N_ELEMENTS (rotations); r++)
        {
          cairo_rectangle_t b;

          mf_symbol_get_bounds (t, rotations[r], &b);
          for (guint p = 0; p < info->n_ports; p++)
            {
              double x, y, x0, y0, ux, uy;
              MfPortDirection d, d0;

              mf_symbol_get_port (t, p, rotations[r], &x, &y, &d);
              mf_symbol_get_port (t, p, 0, &x0, &y0, &d0);
              /* on the grid, inside the bounds, turned clockwise */
              g_assert_cmpfloat (fmod (fabs (x), MF_SYMBOL_GRID), ==, 0);
              g_assert_cmpfloat (fmod (fabs (y), MF_SYMBOL_GRID), ==, 0);
              g_assert_true (x >= b.x && x <= b.x + b.width && y >= b.y && y <= b.y + b.height);
              if (rotations[r] == 90)
                {
                  g_assert_cmpfloat (x, ==, -y0);
                  g_assert_cmpfloat (y, ==, x0);
                }
              /* a port facing out lies on the edge it faces */
              mf_port_direction_vector (d, &ux, &uy);
              if (ux > 0)
                g_assert_cmpfloat (x, ==, b.x + b.width);
              if (ux < 0)
                g_assert_cmpfloat (x, ==, b.x);
              if (uy > 0)
                g_assert_cmpfloat (y, ==, b.y + b.height);
              if (uy < 0)
                g_assert_cmpfloat (y, ==, b.y);
              g_assert_true ((d == MF_PORT_DIRECTION_NONE) == (d0 == MF_PORT_DIRECTION_NONE));
              /* every other port of the symbol is somewhere else */
              for (guint q = 0; q < p; q++)
                {
                  double qx, qy;
                  MfPortDirection qd;

                  mf_symbol_get_port (t, q, rotations[r], &qx, &qy, &qd);
                  g_assert_true (qx != x || qy != y);
                }
            }
        }
    }
}

static const MfSymbolStyle test_style = {
  { 0, 0, 0, 1 }, { 1, 1, 1, 1 }, { 1, 0, 0, 1 }, 1.5, { FALSE, MF_CENTRE_CLOSED, 0 }
};

/* Each symbol draws something, all of it inside its bounds, and reaches
 * each of its ports. */
static void
test_symbol_drawing (void)
{
  const double scale = 4, size = 480;

  for (guint t = 0; t < MF_N_COMPONENT_TYPES; t++)
    for (guint r = 0; r < G_N_ELEMENTS (rotations); r++)
      {
        const MfComponentTypeInfo *info = mf_component_type_info (t);
        cairo_rectangle_t b, ink;
        const double margin = 1.5 * scale;
        Image image;

        image_init (&image, size, size);
        cairo_translate (image.cr, size / 2, size / 2);
        cairo_scale (image.cr, scale, scale);
        mf_symbol_draw (image.cr, t, rotations[r], &test_style);
        mf_symbol_get_bounds (t, rotations[r], &b);
        g_assert_true (ink_box (&image, &ink));
        g_assert_cmpfloat (ink.x, >=, size / 2 + b.x * scale - margin);
        g_assert_cmpfloat (ink.y, >=, size / 2 + b.y * scale - margin);
        g_assert_cmpfloat (ink.x + ink.width, <=, size / 2 + (b.x + b.width) * scale + margin);
        g_assert_cmpfloat (ink.y + ink.height, <=, size / 2 + (b.y + b.height) * scale + margin);
        for (guint p = 0; p < info->n_ports; p++)
          {
            double x, y;
            MfPortDirection d;

            mf_symbol_get_port (t, p, rotations[r], &x, &y, &d);
            /* (a rod's middle is paper: look a line's width around) */
            g_assert_cmpuint (count_ink (&image, size / 2 + (x - 1.5) * scale,
                                         size / 2 + (y - 1.5) * scale, 3 * scale, 3 * scale),
                              >, 0);
          }
        image_clear (&image);
      }
}

/* A valve closed in a mode looks closed: another picture than when open. */
static void
test_symbol_closed (void)
{
  const MfComponentType switchable[] = { MF_COMPONENT_VALVE, MF_COMPONENT_CHECK_VALVE,
                                         MF_COMPONENT_RELIEF_VALVE };

  for (guint i = 0; i < G_N_ELEMENTS (switchable); i++)
    {
      MfSymbolStyle closed = test_style;
      Image open_image, closed_image;

      closed.pose.closed = TRUE;
      image_init (&open_image, 200, 200);
      image_init (&closed_image, 200, 200);
      cairo_translate (open_image.cr, 100, 100);
      cairo_scale (open_image.cr, 3, 3);
      cairo_translate (closed_image.cr, 100, 100);
      cairo_scale (closed_image.cr, 3, 3);
      mf_symbol_draw (open_image.cr, switchable[i], 0, &test_style);
      mf_symbol_draw (closed_image.cr, switchable[i], 0, &closed);
      g_assert_cmpuint (count_different (&open_image, &closed_image), >, 50);
      image_clear (&open_image);
      image_clear (&closed_image);
    }
}

/* ---- routes ---- */

static void
assert_route_orthogonal (const MfWireRoute *route,
                         double             ax,
                         double             ay,
                         double             bx,
                         double             by)
{
  /* ports placed on top of each other need no line at all */
  g_assert_cmpuint (route->n_points, >=, ax == bx && ay == by ? 1 : 2);
  g_assert_cmpuint (route->n_points, <=, MF_WIRE_ROUTE_MAX_POINTS);
  g_assert_cmpfloat (route->points[0].x, ==, ax);
  g_assert_cmpfloat (route->points[0].y, ==, ay);
  g_assert_cmpfloat (route->points[route->n_points - 1].x, ==, bx);
  g_assert_cmpfloat (route->points[route->n_points - 1].y, ==, by);
  for (guint i = 0; i + 1 < route->n_points; i++)
    {
      const MfCanvasPoint *p = &route->points[i], *q = &route->points[i + 1];

      g_assert_true ((p->x == q->x) != (p->y == q->y));
      /* no doubling back */
      if (i + 2 < route->n_points)
        g_assert_true (mf_wire_segment_direction (q, &route->points[i + 2])
                       != mf_port_direction_opposite (mf_wire_segment_direction (p, q)));
    }
}

static void
test_route_shapes (void)
{
  cairo_rectangle_t tank = { 24, 120, 32, 31 };
  MfWireRoute route;

  /* facing ports on one line: straight */
  {
    MfWireEnd a = { 150, 100, MF_PORT_DIRECTION_EAST, NULL };
    MfWireEnd b = { 230, 100, MF_PORT_DIRECTION_WEST, NULL };

    mf_wire_route (&a, &b, &route);
    assert_route_orthogonal (&route, 150, 100, 230, 100);
    g_assert_cmpuint (route.n_points, ==, 2);
  }
  /* from a line down into a tank below it: one bend, entering from above */
  {
    MfWireEnd a = { 90, 100, MF_PORT_DIRECTION_WEST, NULL };
    MfWireEnd b = { 40, 120, MF_PORT_DIRECTION_NORTH, &tank };

    mf_wire_route (&a, &b, &route);
    assert_route_orthogonal (&route, 90, 100, 40, 120);
    g_assert_cmpuint (route.n_points, ==, 3);
    g_assert_cmpfloat (route.points[1].x, ==, 40);
    g_assert_cmpfloat (route.points[1].y, ==, 100);
  }
  /* offset ports facing each other: a Z with its step on the grid */
  {
    MfWireEnd a = { 150, 100, MF_PORT_DIRECTION_EAST, NULL };
    MfWireEnd b = { 230, 140, MF_PORT_DIRECTION_WEST, NULL };

    mf_wire_route (&a, &b, &route);
    assert_route_orthogonal (&route, 150, 100, 230, 140);
    g_assert_cmpuint (route.n_points, ==, 4);
    g_assert_cmpfloat (fmod (route.points[1].x, MF_SYMBOL_GRID), ==, 0);
  }
  /* a port facing away from its target does not run back over itself,
   * nor through the symbol behind it */
  {
    cairo_rectangle_t pipe = { 120, 92, 60, 16 };
    MfWireEnd a = { 180, 100, MF_PORT_DIRECTION_EAST, &pipe };
    MfWireEnd b = { 100, 100, MF_PORT_DIRECTION_NONE, NULL };

    mf_wire_route (&a, &b, &route);
    assert_route_orthogonal (&route, 180, 100, 100, 100);
    for (guint i = 0; i + 1 < route.n_points; i++)
      if (route.points[i].y == route.points[i + 1].y)
        g_assert_true (route.points[i].y < 92 || route.points[i].y > 108
                       || MIN (route.points[i].x, route.points[i + 1].x) >= 180);
  }
}

/* ---- labels ---- */

static const char format_example[] =
  "{\"manifold\": 1, \"components\": ["
  "{\"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"100 bar\", \"at\": [40, 160]},"
  "{\"id\": \"P1\", \"type\": \"pipe\", \"length\": 2, \"diameter\": \"12 mm\","
  " \"at\": [100, 140]},"
  "{\"id\": \"V1\", \"type\": \"valve\", \"area\": 2e-5, \"at\": [180, 140]},"
  "{\"id\": \"Q1\", \"type\": \"flow_source\", \"flow\": \"20 L/min * ramp(t, 0, 0.25)\","
  " \"at\": [260, 80], \"rotation\": 90},"
  "{\"id\": \"D1\", \"type\": \"damper\", \"damping\": \"50 N*s/m\", \"at\": [300, 200]},"
  "{\"id\": \"J1\", \"type\": \"junction\", \"at\": [260, 140]},"
  "{\"id\": \"V2\", \"type\": \"valve\", \"area\": \"2e-5*ramp(t, 0.1, 0.3)\","
  " \"at\": [400, 300]},"
  "{\"id\": \"F1\", \"type\": \"force\", \"force\": \"sin(2*t) * 1 kN + 200 N\","
  " \"at\": [400, 400]}"
  "], \"wires\": [[\"T1.p\", \"P1.a\"], [\"P1.b\", \"V1.a\"], [\"V1.b\", \"J1.p\"],"
  " [\"J1.p\", \"Q1.b\"]]}";

static void
test_labels (void)
{
  g_autoptr (MfEditDocument) document = load_text (format_example);
  struct
  {
    const char *id;
    const char *label;
  } expected[] = {
    { "T1", "T1 · 100 bar" },
    { "P1", "P1 · 2 m × 12 mm" },
    { "V1", "V1 · 2e-5 m²" },
    { "D1", "D1 · 50 N·s/m" },
    { "J1", "J1" },
    /* an expression shows what scales it, or is cut short */
    { "V2", "V2 · 2e-5 m² …" },
    { "F1", "F1 · sin(2·t) · 1 kN…" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      int index = mf_edit_document_find_component (document, expected[i].id);
      g_autofree char *label = mf_component_label (document, index, FALSE);

      g_assert_cmpstr (label, ==, expected[i].label);
    }
  /* beside an upright symbol, two lines */
  {
    int index = mf_edit_document_find_component (document, "Q1");
    g_autofree char *label = mf_component_label (document, index, TRUE);

    g_assert_cmpstr (label, ==, "Q1\n20 L/min …");
  }
}

/* ---- the geometry of a document ---- */

static void
test_geometry_ports_and_nodes (void)
{
  g_autoptr (MfEditDocument) document = load_text (format_example);
  g_autoptr (MfCanvasGeometry) geometry = mf_canvas_geometry_new (document);
  const MfCanvasComponent *pipe, *q1;
  const MfCanvasPort *port;
  int index;

  g_assert_cmpuint (mf_canvas_geometry_get_n_components (geometry), ==, 8);
  g_assert_cmpuint (mf_canvas_geometry_get_n_wires (geometry), ==, 4);
  /* T1-P1, P1-V1, V1-J1-Q1, and the unconnected Q1.a, D1.a, D1.b, V2.a,
   * V2.b, F1.m */
  g_assert_cmpuint (mf_canvas_geometry_get_n_nodes (geometry), ==, 9);

  pipe = mf_canvas_geometry_get_component (geometry,
                                           mf_canvas_geometry_find_component (geometry, "P1"));
  port = mf_canvas_geometry_get_port (geometry, mf_canvas_geometry_find_port (geometry, "P1.b"));
  g_assert_cmpfloat (port->x, ==, pipe->x + 30);
  g_assert_cmpfloat (port->y, ==, pipe->y);
  g_assert_cmpint (port->direction, ==, MF_PORT_DIRECTION_EAST);
  g_assert_cmpuint (port->n_wires, ==, 1);

  /* turned a quarter clockwise, the pump's outlet b points down */
  q1 = mf_canvas_geometry_get_component (geometry,
                                         mf_canvas_geometry_find_component (geometry, "Q1"));
  index = mf_canvas_geometry_find_port (geometry, "Q1.b");
  port = mf_canvas_geometry_get_port (geometry, index);
  g_assert_cmpfloat (port->x, ==, q1->x);
  g_assert_cmpfloat (port->y, ==, q1->y + 30);
  g_assert_cmpint (port->direction, ==, MF_PORT_DIRECTION_SOUTH);
  g_assert_cmpuint (port->node, ==,
                    mf_canvas_geometry_get_port (geometry,
                                                 mf_canvas_geometry_find_port (geometry,
                                                                               "V1.b"))->node);
  g_assert_cmpint (mf_canvas_geometry_find_port (geometry, "Q1.c"), ==, -1);
  g_assert_cmpint (mf_canvas_geometry_find_component (geometry, "X9"), ==, -1);

  /* the geometry follows its document */
  mf_edit_document_move_components (document, (const char *[]) { "P1", NULL }, 10, -20, 0,
                                    NULL);
  port = mf_canvas_geometry_get_port (geometry, mf_canvas_geometry_find_port (geometry, "P1.b"));
  g_assert_cmpfloat (port->x, ==, 140);
  g_assert_cmpfloat (port->y, ==, 120);
}

/* Three wires meeting at a pipe's port get a dot; a junction draws its own. */
static void
test_geometry_junction_dots (void)
{
  static const char text[] =
    "{\"manifold\": 1, \"components\": ["
    "{\"id\": \"P1\", \"type\": \"pipe\", \"length\": 1, \"diameter\": 0.01, \"at\": [100, 100]},"
    "{\"id\": \"O1\", \"type\": \"orifice\", \"area\": 1e-6, \"at\": [220, 60]},"
    "{\"id\": \"O2\", \"type\": \"orifice\", \"area\": 1e-6, \"at\": [220, 140]},"
    "{\"id\": \"J1\", \"type\": \"junction\", \"at\": [300, 100]},"
    "{\"id\": \"T1\", \"type\": \"tank\", \"at\": [380, 120]}"
    "], \"wires\": [[\"P1.b\", \"O1.a\"], [\"P1.b\", \"O2.a\"], [\"O1.b\", \"J1.p\"],"
    " [\"O2.b\", \"J1.p\"], [\"J1.p\", \"T1.p\"]]}";
  g_autoptr (MfEditDocument) document = load_text (text);
  g_autoptr (MfCanvasGeometry) geometry = mf_canvas_geometry_new (document);
  guint n = mf_canvas_geometry_get_n_dots (geometry);
  const MfCanvasPort *junction = mf_canvas_geometry_get_port (
    geometry, mf_canvas_geometry_find_port (geometry, "J1.p"));
  gboolean found_branch = FALSE;

  g_assert_cmpuint (n, >=, 1);
  for (guint i = 0; i < n; i++)
    {
      const MfCanvasDot *dot = mf_canvas_geometry_get_dot (geometry, i);

      g_assert_false (dot->x == junction->x && dot->y == junction->y);
      /* the branch to O1 and O2 splits right of P1.b, on its line */
      if (dot->y == 100 && dot->x > 130 && dot->x < 190)
        {
          found_branch = TRUE;
          g_assert_cmpuint (dot->node, ==,
                            mf_canvas_geometry_get_port (
                              geometry, mf_canvas_geometry_find_port (geometry, "P1.b"))->node);
        }
    }
  g_assert_true (found_branch);
}

static void
test_geometry_hits (void)
{
  g_autoptr (MfEditDocument) document = load_text (format_example);
  g_autoptr (MfCanvasGeometry) geometry = mf_canvas_geometry_new (document);
  guint n = mf_canvas_geometry_get_n_components (geometry);
  cairo_rectangle_t all;
  g_autoptr (GArray) everything = NULL;

  for (guint i = 0; i < n; i++)
    {
      const MfCanvasComponent *c = mf_canvas_geometry_get_component (geometry, i);
      cairo_rectangle_t around = { c->bounds.x - 1, c->bounds.y - 1, c->bounds.width + 2,
                                   c->bounds.height + 2 };
      cairo_rectangle_t point = { c->x, c->y, 0.5, 0.5 };
      g_autoptr (GArray) inside = mf_canvas_geometry_components_in_rect (geometry, &around,
                                                                         FALSE);
      g_autoptr (GArray) touched = mf_canvas_geometry_components_in_rect (geometry, &point,
                                                                          TRUE);
      g_autoptr (GArray) not_enclosed = mf_canvas_geometry_components_in_rect (geometry, &point,
                                                                               FALSE);

      g_assert_cmpint (mf_canvas_geometry_component_at (geometry, c->x, c->y), ==, (int) i);
      g_assert_cmpint (mf_canvas_geometry_component_at (geometry, c->label_rect.x + 1,
                                                        c->label_rect.y + 1), ==, (int) i);
      g_assert_cmpuint (inside->len, ==, 1);
      g_assert_cmpuint (g_array_index (inside, guint, 0), ==, i);
      g_assert_cmpuint (touched->len, ==, 1);
      g_assert_cmpuint (not_enclosed->len, ==, 0);
    }
  g_assert_cmpint (mf_canvas_geometry_component_at (geometry, -500, -500), ==, -1);

  for (guint p = 0; p < mf_canvas_geometry_get_n_ports (geometry); p++)
    {
      const MfCanvasPort *port = mf_canvas_geometry_get_port (geometry, p);

      g_assert_cmpint (mf_canvas_geometry_port_at (geometry, port->x + 1, port->y - 1, 3), ==,
                       (int) p);
    }
  g_assert_cmpint (mf_canvas_geometry_port_at (geometry, 1000, 1000, 5), ==, -1);

  for (guint w = 0; w < mf_canvas_geometry_get_n_wires (geometry); w++)
    {
      const MfCanvasWire *wire = mf_canvas_geometry_get_wire (geometry, w);
      const MfCanvasPoint *p = &wire->route.points[0], *q = &wire->route.points[1];
      int hit = mf_canvas_geometry_wire_at (geometry, (p->x + q->x) / 2, (p->y + q->y) / 2, 2);

      g_assert_cmpint (hit, >=, 0);
      g_assert_cmpuint (mf_canvas_geometry_get_wire (geometry, hit)->node, ==, wire->node);
    }

  g_assert_true (mf_canvas_geometry_get_bounds (geometry, &all));
  everything = mf_canvas_geometry_components_in_rect (geometry, &all, FALSE);
  g_assert_cmpuint (everything->len, ==, n);
}

static void
test_view (void)
{
  MfViewTransform view;
  cairo_rectangle_t rect = { 40, 20, 500, 200 };
  double x, y, wx, wy;

  mf_view_transform_init (&view);
  mf_view_transform_pan (&view, 30, -10);
  mf_view_transform_to_canvas (&view, 200, 150, &x, &y);
  mf_view_transform_zoom_at (&view, 200, 150, 2.5);
  g_assert_cmpfloat (view.scale, ==, 2.5);
  mf_view_transform_to_widget (&view, x, y, &wx, &wy);
  g_assert_cmpfloat_with_epsilon (wx, 200, 1e-9);
  g_assert_cmpfloat_with_epsilon (wy, 150, 1e-9);
  mf_view_transform_zoom_at (&view, 0, 0, 1e6);
  g_assert_cmpfloat (view.scale, ==, MF_VIEW_TRANSFORM_MAX_SCALE);

  mf_view_transform_fit (&view, &rect, 800, 600, 20, 10);
  g_assert_cmpfloat_with_epsilon (view.scale, 760.0 / 500, 1e-12);
  mf_view_transform_to_widget (&view, rect.x + rect.width / 2, rect.y + rect.height / 2, &wx, &wy);
  g_assert_cmpfloat_with_epsilon (wx, 400, 1e-9);
  g_assert_cmpfloat_with_epsilon (wy, 300, 1e-9);
  mf_view_transform_fit (&view, &rect, 800, 600, 20, 1.0);
  g_assert_cmpfloat (view.scale, ==, 1.0);

  g_assert_cmpfloat (mf_canvas_snap (14.9, 10), ==, 10);
  g_assert_cmpfloat (mf_canvas_snap (15.1, 10), ==, 20);
  g_assert_cmpfloat (mf_canvas_snap (-26, 10), ==, -30);
}

/* ---- whole circuits ---- */

/* Every example: wires run from port to port on the grid without cutting
 * through the symbols they join, and the drawing shows every component
 * and nothing outside the geometry's bounds. */
static void
test_examples (void)
{
  g_auto (GStrv) paths = example_paths ();

  for (guint e = 0; paths[e] != NULL; e++)
    {
      g_autoptr (MfEditDocument) document = load_example (paths[e]);
      g_autoptr (MfCanvasGeometry) geometry = mf_canvas_geometry_new (document);
      cairo_rectangle_t bounds, ink;
      MfDrawingState state;
      MfViewTransform view;
      Image image;

      g_test_message ("%s", paths[e]);
      g_assert_cmpuint (mf_canvas_geometry_get_n_components (geometry), ==,
                        mf_edit_document_get_n_components (document));
      g_assert_cmpuint (mf_canvas_geometry_get_n_wires (geometry), ==,
                        mf_edit_document_get_n_wires (document));
      for (guint w = 0; w < mf_canvas_geometry_get_n_wires (geometry); w++)
        {
          const MfCanvasWire *wire = mf_canvas_geometry_get_wire (geometry, w);
          const MfCanvasPort *a = mf_canvas_geometry_get_port (geometry, wire->port_a);
          const MfCanvasPort *b = mf_canvas_geometry_get_port (geometry, wire->port_b);

          assert_route_orthogonal (&wire->route, a->x, a->y, b->x, b->y);
          g_assert_cmpuint (a->node, ==, b->node);
        }

      g_assert_true (mf_canvas_geometry_get_bounds (geometry, &bounds));
      image_init (&image, 900, 600);
      mf_view_transform_fit (&view, &bounds, 900, 600, 20, 3);
      cairo_translate (image.cr, view.x0, view.y0);
      cairo_scale (image.cr, view.scale, view.scale);
      mf_drawing_state_init (&state);
      mf_drawing_render (image.cr, geometry, &state);
      g_assert_true (ink_box (&image, &ink));
      g_assert_cmpfloat (ink.x, >=, view.x0 + bounds.x * view.scale - 3);
      g_assert_cmpfloat (ink.y, >=, view.y0 + bounds.y * view.scale - 3);
      g_assert_cmpfloat (ink.x + ink.width, <=,
                         view.x0 + (bounds.x + bounds.width) * view.scale + 3);
      g_assert_cmpfloat (ink.y + ink.height, <=,
                         view.y0 + (bounds.y + bounds.height) * view.scale + 3);
      for (guint i = 0; i < mf_canvas_geometry_get_n_components (geometry); i++)
        {
          const MfCanvasComponent *c = mf_canvas_geometry_get_component (geometry, i);
          double x, y;

          mf_view_transform_to_widget (&view, c->bounds.x, c->bounds.y, &x, &y);
          g_assert_cmpuint (count_ink (&image, x, y, c->bounds.width * view.scale,
                                       c->bounds.height * view.scale), >, 20);
          mf_view_transform_to_widget (&view, c->label_rect.x, c->label_rect.y, &x, &y);
          g_assert_cmpuint (count_ink (&image, x, y, c->label_rect.width * view.scale,
                                       c->label_rect.height * view.scale), >, 10);
        }
      image_clear (&image);
    }
}

/* The gallery's thumbnails: centred, inside the picture, on paper. */
static void
test_render_to_fit (void)
{
  g_auto (GStrv) paths = example_paths ();

  for (guint e = 0; paths[e] != NULL; e++)
    {
      g_autoptr (MfEditDocument) document = load_example (paths[e]);
      cairo_rectangle_t ink;
      Image image;

      image_init (&image, 320, 200);
      cairo_set_source_rgb (image.cr, 0, 0, 0);
      cairo_paint (image.cr);
      mf_drawing_render_to_fit (image.cr, document, 320, 200);
      /* the corners are paper again */
      g_assert_cmphex (pixel (&image, 0, 0), ==, 0xffffffff);
      g_assert_cmphex (pixel (&image, 319, 199), ==, 0xffffffff);
      g_assert_true (ink_box (&image, &ink));
      g_assert_cmpfloat (ink.x, >=, 1);
      g_assert_cmpfloat (ink.y, >=, 1);
      g_assert_cmpfloat (ink.x + ink.width, <=, 319);
      g_assert_cmpfloat (ink.y + ink.height, <=, 199);
      /* it fills one of the two directions, and is centred in both */
      g_assert_true (ink.width > 320 * 0.8 || ink.height > 200 * 0.8);
      g_assert_cmpfloat (fabs (ink.x + ink.width / 2 - 160), <, 12);
      g_assert_cmpfloat (fabs (ink.y + ink.height / 2 - 100), <, 12);
      image_clear (&image);
    }
}

/* How much of `c` is blended over white paper in the pixel (1: all of it),
 * or 0 when the pixel is some other colour. */
static double
color_share (guint32       argb,
             const MfRgba *c)
{
  double p[3] = { ((argb >> 16) & 0xff) - 255.0, ((argb >> 8) & 0xff) - 255.0,
                  (argb & 0xff) - 255.0 };
  double d[3] = { 255 * c->red - 255, 255 * c->green - 255, 255 * c->blue - 255 };
  double t = (p[0] * d[0] + p[1] * d[1] + p[2] * d[2]) / (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
  double residual = 0, size = 0;

  for (int k = 0; k < 3; k++)
    {
      residual += (p[k] - t * d[k]) * (p[k] - t * d[k]);
      size += p[k] * p[k];
    }
  return residual < 0.04 * size ? t : 0;
}

/* Whether the pixel is `c` blended over white paper (and not faint). */
static gboolean
is_color (guint32       argb,
          const MfRgba *c)
{
  return color_share (argb, c) > 0.1;
}

/* Selection, a highlighted node and a closed valve show where they should. */
static void
test_marks (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("MANIFOLD_EXAMPLES"),
                                            "valve-closing.manifold", NULL);
  g_autoptr (MfEditDocument) document = load_example (path);
  g_autoptr (MfCanvasGeometry) geometry = mf_canvas_geometry_new (document);
  g_autoptr (GHashTable) selected = g_hash_table_new (g_str_hash, g_str_equal);
  const char *nodes[] = { "J2.p", NULL };
  MfDrawingColors colors;
  MfDrawingState state;
  Image plain, marked, shut;
  const MfCanvasComponent *p1, *v1;
  cairo_rectangle_t p1_label;
  guint blue = 0, orange_j2 = 0, orange_elsewhere = 0, stroke_on_label = 0;
  const double scale = 2;

  mf_drawing_colors_init (&colors, FALSE);
  p1 = mf_canvas_geometry_get_component (geometry, mf_canvas_geometry_find_component (geometry,
                                                                                      "P1"));
  v1 = mf_canvas_geometry_get_component (geometry, mf_canvas_geometry_find_component (geometry,
                                                                                      "V1"));
  p1_label = p1->label_rect;
  image_init (&plain, 800, 600);
  image_init (&marked, 800, 600);
  image_init (&shut, 800, 600);
  cairo_scale (plain.cr, scale, scale);
  cairo_scale (marked.cr, scale, scale);
  cairo_scale (shut.cr, scale, scale);
  mf_drawing_state_init (&state);
  mf_drawing_render (plain.cr, geometry, &state);
  g_hash_table_add (selected, (gpointer) "P1");
  state.selected = selected;
  state.highlight_node_ports = nodes;
  mf_drawing_render (marked.cr, geometry, &state);

  for (int j = 0; j < marked.height; j++)
    for (int i = 0; i < marked.width; i++)
      {
        guint32 argb = pixel (&marked, i, j);
        double x = i / scale, y = j / scale;

        if (is_color (argb, &colors.selection))
          {
            double x1 = MIN (p1->bounds.x, p1_label.x), y1 = MIN (p1->bounds.y, p1_label.y);
            double x2 = MAX (p1->bounds.x + p1->bounds.width, p1_label.x + p1_label.width);
            double y2 = MAX (p1->bounds.y + p1->bounds.height, p1_label.y + p1_label.height);

            blue++;
            /* the halo hugs the selected pipe and its label */
            g_assert_true (x > x1 - 8 && x < x2 + 8 && y > y1 - 8 && y < y2 + 8);
          }
        /* its border keeps off the label's text */
        if (color_share (argb, &colors.selection) > 0.5 && x >= p1_label.x
            && x <= p1_label.x + p1_label.width && y >= p1_label.y
            && y <= p1_label.y + p1_label.height)
          stroke_on_label++;
        if (is_color (argb, &colors.highlight) && argb != pixel (&plain, i, j))
          {
            /* node J2 joins P2.b, J2 and O1.a: everything around y = 210..250 */
            if (y > 200 && y < 250 && x > 190 && x < 240)
              orange_j2++;
            else
              orange_elsewhere++;
          }
      }
  g_assert_cmpuint (blue, >, 40);
  g_assert_cmpuint (stroke_on_label, ==, 0);
  /* the label lies on the halo's tint: its corners are tinted */
  g_assert_true (is_color (pixel (&marked, (int) (p1_label.x * scale) + 1,
                                  (int) (p1_label.y * scale) + 1), &colors.selection));
  g_assert_true (is_color (pixel (&marked, (int) ((p1_label.x + p1_label.width) * scale) - 1,
                                  (int) ((p1_label.y + p1_label.height) * scale) - 1),
                           &colors.selection));
  g_assert_cmpuint (orange_j2, >, 40);
  g_assert_cmpuint (orange_elsewhere, ==, 0);

  /* in mode "V1 shut", V1 and only V1 is drawn otherwise */
  mf_drawing_state_init (&state);
  state.mode = "V1 shut";
  mf_drawing_render (shut.cr, geometry, &state);
  {
    cairo_rectangle_t diff;
    int x1 = shut.width, y1 = shut.height, x2 = -1, y2 = -1;

    for (int j = 0; j < shut.height; j++)
      for (int i = 0; i < shut.width; i++)
        if (pixel (&shut, i, j) != pixel (&plain, i, j))
          {
            x1 = MIN (x1, i);
            y1 = MIN (y1, j);
            x2 = MAX (x2, i);
            y2 = MAX (y2, j);
          }
    g_assert_cmpint (x2, >=, 0);
    diff = (cairo_rectangle_t) { x1 / scale, y1 / scale, (x2 - x1) / scale, (y2 - y1) / scale };
    g_assert_cmpfloat (diff.x, >=, v1->bounds.x - 2);
    g_assert_cmpfloat (diff.y, >=, v1->bounds.y - 2);
    g_assert_cmpfloat (diff.x + diff.width, <=, v1->bounds.x + v1->bounds.width + 2);
    g_assert_cmpfloat (diff.y + diff.height, <=, v1->bounds.y + v1->bounds.height + 2);
  }
  image_clear (&plain);
  image_clear (&marked);
  image_clear (&shut);
}

/* Only what meets the clip is drawn: a clip away from the circuit costs
 * nothing and leaves the paper untouched. */
static void
test_clip (void)
{
  g_autoptr (MfEditDocument) document = load_text (format_example);
  g_autoptr (MfCanvasGeometry) geometry = mf_canvas_geometry_new (document);
  MfDrawingState state;
  Image image;

  image_init (&image, 200, 200);
  cairo_translate (image.cr, 1000, 1000);
  mf_drawing_state_init (&state);
  mf_drawing_render (image.cr, geometry, &state);
  g_assert_cmpuint (count_ink (&image, 0, 0, 200, 200), ==, 0);
  image_clear (&image);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/app/drawing/symbol/ports", test_symbol_ports);
  g_test_add_func ("/app/drawing/symbol/drawing", test_symbol_drawing);
  g_test_add_func ("/app/drawing/symbol/closed", test_symbol_closed);
  g_test_add_func ("/app/drawing/route/shapes", test_route_shapes);
  g_test_add_func ("/app/drawing/labels", test_labels);
  g_test_add_func ("/app/drawing/geometry/ports-and-nodes", test_geometry_ports_and_nodes);
  g_test_add_func ("/app/drawing/geometry/junction-dots", test_geometry_junction_dots);
  g_test_add_func ("/app/drawing/geometry/hits", test_geometry_hits);
  g_test_add_func ("/app/drawing/view", test_view);
  g_test_add_func ("/app/drawing/examples", test_examples);
  g_test_add_func ("/app/drawing/render-to-fit", test_render_to_fit);
  g_test_add_func ("/app/drawing/marks", test_marks);
  g_test_add_func ("/app/drawing/clip", test_clip);

  return g_test_run ();
}
