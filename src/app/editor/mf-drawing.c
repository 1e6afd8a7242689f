/* mf-drawing.c: the circuit on a cairo_t.
 *
 * Layers, bottom up: highlights under the wires of marked nodes, the wires,
 * the selection halos, the symbols (whose paper fills hide the ends of the
 * wires that run into them), junction dots, port marks, labels, and last
 * what a gesture under way shows.
 *
 * Only what comes near the clip is looked at: the geometry's grids name it
 * (mf-canvas-geometry.h), so a frame zoomed in on a part of a large circuit
 * costs that part.  Zoomed out until a symbol is a few pixels wide, the
 * circuit is drawn simplified (MF_DRAWING_SIMPLE_SCALE): a block per
 * component and every wire's segments as thin boxes, all in a few fills —
 * no symbol detail, dots, port marks or labels, none of which could be
 * seen at that size.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-drawing.h"

#include <math.h>
#include <string.h>

#include <pango/pangocairo.h>

#include "mf-spool-pose.h"
#include "mf-symbol-spool.h"

#define WIRE_WIDTH 1.5

void
mf_drawing_colors_init (MfDrawingColors *colors,
                        gboolean         dark)
{
  static const MfDrawingColors light_colors = {
    .paper = { 1.0, 1.0, 1.0, 1.0 },
    .grid = { 0.0, 0.0, 0.0, 0.22 },
    .ink = { 0.14, 0.16, 0.20, 1.0 },
    .label = { 0.24, 0.26, 0.30, 1.0 },
    .selection = { 0.21, 0.52, 0.89, 1.0 },
    .highlight = { 0.96, 0.47, 0.0, 1.0 },
    .closed = { 0.88, 0.11, 0.14, 1.0 },
    .accept = { 0.15, 0.64, 0.41, 1.0 },
    .refuse = { 0.88, 0.11, 0.14, 1.0 },
  };
  static const MfDrawingColors dark_colors = {
    .paper = { 0.14, 0.14, 0.15, 1.0 },
    .grid = { 1.0, 1.0, 1.0, 0.2 },
    .ink = { 0.88, 0.89, 0.91, 1.0 },
    .label = { 0.78, 0.80, 0.83, 1.0 },
    .selection = { 0.47, 0.68, 0.98, 1.0 },
    .highlight = { 1.0, 0.64, 0.28, 1.0 },
    .closed = { 1.0, 0.40, 0.40, 1.0 },
    .accept = { 0.34, 0.89, 0.54, 1.0 },
    .refuse = { 1.0, 0.40, 0.40, 1.0 },
  };

  *colors = dark ? dark_colors : light_colors;
}

void
mf_drawing_state_init (MfDrawingState *state)
{
  *state = (MfDrawingState) { 0 };
  state->selected_wire = -1;
  state->hover_port = -1;
  state->connect_from = -1;
  state->connect_to = -1;
  state->run_time = NAN;
}

static void
set_rgba (cairo_t      *cr,
          const MfRgba *c,
          double        alpha)
{
  cairo_set_source_rgba (cr, c->red, c->green, c->blue, c->alpha * alpha);
}

/* Device pixels per canvas unit. */
static double
pixels_per_unit (cairo_t *cr)
{
  double dx = 1, dy = 0;

  cairo_user_to_device_distance (cr, &dx, &dy);
  return MAX (hypot (dx, dy), 1e-6);
}

/* The grid's dots, each a whole pixel in device space: one pixel row of
 * them as a mask, painted once per row of the grid — the same pixels as a
 * square per dot, at a hundredth of the cost. */
static void
paint_grid_rows (cairo_t              *cr,
                 const cairo_matrix_t *matrix,
                 double                grid,
                 double                x1,
                 double                y1,
                 double                x2,
                 double                y2)
{
  double first_x = floor (x1 / grid) * grid, first_y = floor (y1 / grid) * grid;
  int min_x = G_MAXINT, max_x = G_MININT;
  cairo_surface_t *row;
  unsigned char *data;

  for (double x = first_x; x <= x2; x += grid)
    {
      double dx = x, dy = first_y;

      cairo_matrix_transform_point (matrix, &dx, &dy);
      min_x = MIN (min_x, (int) round (dx));
      max_x = MAX (max_x, (int) round (dx));
    }
  if (min_x > max_x)
    return;
  row = cairo_image_surface_create (CAIRO_FORMAT_A8, max_x - min_x + 1, 1);
  cairo_surface_flush (row);
  data = cairo_image_surface_get_data (row);
  for (double x = first_x; x <= x2; x += grid)
    {
      double dx = x, dy = first_y;

      cairo_matrix_transform_point (matrix, &dx, &dy);
      data[(int) round (dx) - min_x] = 255;
    }
  cairo_surface_mark_dirty (row);
  for (double y = first_y; y <= y2; y += grid)
    {
      double dx = first_x, dy = y;

      cairo_matrix_transform_point (matrix, &dx, &dy);
      cairo_mask_surface (cr, row, min_x, round (dy));
    }
  cairo_surface_destroy (row);
}

void
mf_drawing_render_background (cairo_t               *cr,
                              const MfDrawingColors *colors,
                              double                 grid)
{
  double x1, y1, x2, y2, ppu = pixels_per_unit (cr);
  cairo_matrix_t matrix;

  cairo_save (cr);
  set_rgba (cr, &colors->paper, 1);
  cairo_paint (cr);
  /* skip grid lines that would crowd closer than 6 pixels */
  while (grid * ppu < 6)
    grid *= 5;
  cairo_clip_extents (cr, &x1, &y1, &x2, &y2);
  cairo_get_matrix (cr, &matrix);
  cairo_identity_matrix (cr);
  set_rgba (cr, &colors->grid, 1.4);
  /* a turned view (no canvas has one) gets no dots */
  if (matrix.xy == 0 && matrix.yx == 0)
    paint_grid_rows (cr, &matrix, grid, x1, y1, x2, y2);
  cairo_restore (cr);
}

/* ---- what a render needs to know ---- */

typedef struct
{
  cairo_t               *cr;
  MfCanvasGeometry      *geometry;
  const MfDrawingState  *state;
  const MfDrawingColors *colors;
  MfDrawingColors        default_colors;
  double                 ppu;        /* device pixels per unit */
  double                 wire_width; /* at least a pixel */
  double                 x1, y1, x2, y2; /* the clip, canvas units */
  gboolean              *node_marked; /* NULL: no node is */
  GHashTable            *component_marked; /* NULL: no component is */
  int                    mode;       /* index of state->mode, or -1 */
  gboolean               show_labels; /* FALSE when they would be too small to read */
  gboolean               simple;     /* symbols a few pixels wide: blocks */
  /* what comes near the clip, in document order (the geometry's arrays) */
  const guint           *components;
  guint                  n_components;
  const guint           *wires;
  guint                  n_wires;
  const guint           *dots;
  guint                  n_dots;
  MfSymbolPose          *poses; /* per entry of `components`, once the symbols are drawn */
} Render;

/* How far outside the clip something may lie and still show: a halo
 * reaches 6 units beyond its symbol, a port's ring 8 beyond its port. */
#define NEAR_MARGIN 8.0

static gboolean
visible (const Render            *r,
         const cairo_rectangle_t *rect,
         double                   margin)
{
  return rect->x - margin <= r->x2 && rect->x + rect->width + margin >= r->x1
         && rect->y - margin <= r->y2 && rect->y + rect->height + margin >= r->y1;
}

static gboolean
node_marked (const Render *r,
             guint         node)
{
  return r->node_marked != NULL && r->node_marked[node];
}

static gboolean
component_marked (const Render            *r,
                  const MfCanvasComponent *c)
{
  return r->component_marked != NULL && g_hash_table_contains (r->component_marked, c->id);
}

static void
wire_box (const MfCanvasWire *wire,
          cairo_rectangle_t  *box)
{
  double x1 = G_MAXDOUBLE, y1 = G_MAXDOUBLE, x2 = -G_MAXDOUBLE, y2 = -G_MAXDOUBLE;

  for (guint i = 0; i < wire->route.n_points; i++)
    {
      x1 = MIN (x1, wire->route.points[i].x);
      y1 = MIN (y1, wire->route.points[i].y);
      x2 = MAX (x2, wire->route.points[i].x);
      y2 = MAX (y2, wire->route.points[i].y);
    }
  *box = (cairo_rectangle_t) { x1, y1, x2 - x1, y2 - y1 };
}

static void
wire_path (cairo_t            *cr,
           const MfCanvasWire *wire)
{
  cairo_new_path (cr);
  cairo_move_to (cr, wire->route.points[0].x, wire->route.points[0].y);
  for (guint i = 1; i < wire->route.n_points; i++)
    cairo_line_to (cr, wire->route.points[i].x, wire->route.points[i].y);
}

static void
render_prepare (Render               *r,
                cairo_t              *cr,
                MfCanvasGeometry     *geometry,
                const MfDrawingState *state)
{
  MfEditDocument *document = mf_canvas_geometry_get_document (geometry);
  cairo_rectangle_t clip;

  r->cr = cr;
  r->geometry = geometry;
  r->state = state;
  mf_drawing_colors_init (&r->default_colors, FALSE);
  r->colors = state->colors != NULL ? state->colors : &r->default_colors;
  r->ppu = pixels_per_unit (cr);
  r->wire_width = MAX (WIRE_WIDTH, 1.0 / r->ppu);
  /* Unreadably small text is noise; the symbols still show. */
  r->show_labels = MF_CANVAS_LABEL_SIZE * r->ppu >= 5.5;
  r->simple = r->ppu < MF_DRAWING_SIMPLE_SCALE;
  cairo_clip_extents (cr, &r->x1, &r->y1, &r->x2, &r->y2);
  clip = (cairo_rectangle_t) { r->x1, r->y1, r->x2 - r->x1, r->y2 - r->y1 };
  r->components = mf_canvas_geometry_components_near (geometry, &clip, NEAR_MARGIN,
                                                      &r->n_components);
  r->wires = mf_canvas_geometry_wires_near (geometry, &clip, NEAR_MARGIN, &r->n_wires);
  r->dots = mf_canvas_geometry_dots_near (geometry, &clip, NEAR_MARGIN, &r->n_dots);

  r->node_marked = NULL;
  for (guint i = 0; state->highlight_node_ports != NULL && state->highlight_node_ports[i]; i++)
    {
      int port = mf_canvas_geometry_find_port (geometry, state->highlight_node_ports[i]);

      if (port < 0)
        continue;
      if (r->node_marked == NULL)
        r->node_marked = g_new0 (gboolean, mf_canvas_geometry_get_n_nodes (geometry) + 1);
      r->node_marked[mf_canvas_geometry_get_port (geometry, port)->node] = TRUE;
    }
  r->component_marked = NULL;
  for (guint i = 0; state->highlight_components != NULL && state->highlight_components[i]; i++)
    {
      if (r->component_marked == NULL)
        r->component_marked = g_hash_table_new (g_str_hash, g_str_equal);
      g_hash_table_add (r->component_marked, (gpointer) state->highlight_components[i]);
    }

  r->mode = -1;
  if (state->mode != NULL && document != NULL)
    for (guint m = 0; m < mf_edit_document_get_n_modes (document); m++)
      if (g_strcmp0 (mf_edit_document_get_mode_name (document, m), state->mode) == 0)
        r->mode = (int) m;
}

static void
render_finish (Render *r)
{
  g_free (r->node_marked);
  g_clear_pointer (&r->component_marked, g_hash_table_unref);
  g_clear_pointer (&r->poses, g_free);
}

/* ---- layers ---- */

/* The selected wire and the wires of marked nodes, under a wide tint. */
static void
render_wire_marks (Render *r)
{
  cairo_t *cr = r->cr;

  if (r->node_marked == NULL && r->state->selected_wire < 0)
    return;
  for (guint k = 0; k < r->n_wires; k++)
    {
      guint w = r->wires[k];
      const MfCanvasWire *wire = mf_canvas_geometry_get_wire (r->geometry, w);
      cairo_rectangle_t box;

      if (!node_marked (r, wire->node) && (int) w != r->state->selected_wire)
        continue;
      wire_box (wire, &box);
      if (!visible (r, &box, 8))
        continue;
      wire_path (cr, wire);
      set_rgba (cr, (int) w == r->state->selected_wire ? &r->colors->selection
                                                       : &r->colors->highlight, 0.45);
      cairo_set_line_width (cr, MAX (7.0, 3.0 / r->ppu));
      cairo_stroke (cr);
    }
}

static void
render_wires (Render *r)
{
  cairo_t *cr = r->cr;

  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  render_wire_marks (r);
  /* one path per domain: a single stroke draws them all */
  for (int domain = MF_DOMAIN_HYDRAULIC; domain < MF_N_DOMAINS; domain++)
    {
      cairo_new_path (cr);
      for (guint k = 0; k < r->n_wires; k++)
        {
          const MfCanvasWire *wire = mf_canvas_geometry_get_wire (r->geometry, r->wires[k]);
          cairo_rectangle_t box;

          if ((int) wire->domain != domain)
            continue;
          wire_box (wire, &box);
          if (!visible (r, &box, 4))
            continue;
          cairo_move_to (cr, wire->route.points[0].x, wire->route.points[0].y);
          for (guint i = 1; i < wire->route.n_points; i++)
            cairo_line_to (cr, wire->route.points[i].x, wire->route.points[i].y);
        }
      mf_symbol_stroke_wire (cr, domain, r->wire_width, &r->colors->ink, &r->colors->paper);
    }
}

static gboolean
component_closed (const Render            *r,
                  const MfCanvasComponent *c)
{
  MfEditDocument *document = mf_canvas_geometry_get_document (r->geometry);

  return r->mode >= 0 && c->info->switchable
         && mf_edit_document_mode_closes (document, (guint) r->mode, c->id);
}

/* A halo around the symbol alone would run its border through the label
 * beside it; around both, the label sits on the halo's tint and stays
 * readable.  A hidden label (zoomed far out) is left out. */
static void
halo_box (const Render            *r,
          const MfCanvasComponent *c,
          cairo_rectangle_t       *box)
{
  double x1 = c->bounds.x, y1 = c->bounds.y;
  double x2 = c->bounds.x + c->bounds.width, y2 = c->bounds.y + c->bounds.height;

  if (r->show_labels && c->label_rect.width > 0)
    {
      x1 = MIN (x1, c->label_rect.x);
      y1 = MIN (y1, c->label_rect.y);
      x2 = MAX (x2, c->label_rect.x + c->label_rect.width);
      y2 = MAX (y2, c->label_rect.y + c->label_rect.height);
    }
  *box = (cairo_rectangle_t) { x1, y1, x2 - x1, y2 - y1 };
}

static void
render_halo (Render                  *r,
             const MfCanvasComponent *c,
             const MfRgba            *color)
{
  cairo_t *cr = r->cr;
  cairo_rectangle_t b;
  double m = 4, radius = 5, x, y, w, h;

  halo_box (r, c, &b);
  x = b.x - m;
  y = b.y - m;
  w = b.width + 2 * m;
  h = b.height + 2 * m;

  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - radius, y + radius, radius, -G_PI / 2, 0);
  cairo_arc (cr, x + w - radius, y + h - radius, radius, 0, G_PI / 2);
  cairo_arc (cr, x + radius, y + h - radius, radius, G_PI / 2, G_PI);
  cairo_arc (cr, x + radius, y + radius, radius, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
  set_rgba (cr, color, 0.14);
  cairo_fill_preserve (cr);
  set_rgba (cr, color, 0.9);
  cairo_set_line_width (cr, MAX (1.2, 1.0 / r->ppu));
  cairo_stroke (cr);
}

static void
render_halos (Render *r)
{
  for (guint k = 0; k < r->n_components; k++)
    {
      const MfCanvasComponent *c = mf_canvas_geometry_get_component (r->geometry,
                                                                     r->components[k]);

      if (!visible (r, &c->bounds, 6) && !visible (r, &c->label_rect, 6))
        continue;
      if (component_marked (r, c))
        render_halo (r, c, &r->colors->highlight);
      if (r->state->selected != NULL && g_hash_table_contains (r->state->selected, c->id))
        render_halo (r, c, &r->colors->selection);
    }
}

/* Which of the components near the clip are valves closed in the mode
 * drawn, by their place in r->components; NULL when none is. */
static gboolean *
find_closed (Render *r)
{
  gboolean *closed = NULL;

  if (r->mode < 0)
    return NULL;
  for (guint k = 0; k < r->n_components; k++)
    if (component_closed (r, mf_canvas_geometry_get_component (r->geometry, r->components[k])))
      {
        if (closed == NULL)
          closed = g_new0 (gboolean, r->n_components);
        closed[k] = TRUE;
      }
  return closed;
}

/* What each symbol near the clip shows besides its type, by its place in
 * r->components: closed in the mode, a directional valve's centre and
 * spool. */
static MfSymbolPose *
find_poses (Render *r)
{
  MfEditDocument *document = mf_canvas_geometry_get_document (r->geometry);
  MfSymbolPose *poses = g_new0 (MfSymbolPose, r->n_components);
  g_autofree gboolean *closed = find_closed (r);

  for (guint k = 0; k < r->n_components; k++)
    {
      const MfCanvasComponent *c = mf_canvas_geometry_get_component (r->geometry,
                                                                     r->components[k]);
      int index;

      poses[k].closed = closed != NULL && closed[k];
      if (document != NULL
          && (c->type == MF_COMPONENT_VALVE_4_3 || c->type == MF_COMPONENT_VALVE_4_2)
          && (index = mf_edit_document_find_component (document, c->id)) >= 0)
        mf_spool_pose_read (document, (guint) index, r->state->run_time,
                            r->state->run_value, r->state->run_value_data, &poses[k]);
    }
  return poses;
}

static void
render_components (Render *r)
{
  cairo_t *cr = r->cr;
  MfSymbolStyle style = { r->colors->ink, r->colors->paper, r->colors->closed, r->wire_width,
                          { 0 } };
  MfSymbolPose *poses;

  render_halos (r);
  /* Each layer of every visible symbol in one path, painted once.  What
   * each symbol shows is asked once, not once per layer. */
  poses = r->poses = find_poses (r);
  cairo_new_path (cr);
  for (int layer = 0; layer < MF_N_SYMBOL_LAYERS; layer++)
    {
      for (guint k = 0; k < r->n_components; k++)
        {
          const MfCanvasComponent *c = mf_canvas_geometry_get_component (r->geometry,
                                                                         r->components[k]);

          if (!visible (r, &c->bounds, 2))
            continue;
          cairo_translate (cr, c->x, c->y);
          mf_symbol_add_layer (cr, c->type, c->rotation, layer, &poses[k]);
          cairo_translate (cr, -c->x, -c->y);
        }
      mf_symbol_paint_layer (cr, layer, &style);
    }
}

static void
render_dots (Render *r)
{
  cairo_t *cr = r->cr;

  set_rgba (cr, &r->colors->ink, 1);
  for (guint k = 0; k < r->n_dots; k++)
    {
      const MfCanvasDot *dot = mf_canvas_geometry_get_dot (r->geometry, r->dots[k]);

      if (dot->x < r->x1 - 4 || dot->x > r->x2 + 4 || dot->y < r->y1 - 4 || dot->y > r->y2 + 4)
        continue;
      cairo_new_sub_path (cr);
      cairo_arc (cr, dot->x, dot->y, 3.0, 0, 2 * G_PI);
    }
  cairo_fill (cr);
}

/* ---- the simplified drawing ---- */

/* Adds the canvas rectangle (x1, y1)–(x2, y2) as whole device pixels, at
 * least one each way: cairo fills such boxes without antialiasing them,
 * many times faster than anything else.  The matrix is the identity while
 * the simplified drawing adds them; `to_device` is the view's. */
static void
pixel_span (double  a,
            double  b,
            double *start,
            double *length)
{
  *start = round (a);
  *length = round (b) - *start;
  if (*length < 1)
    {
      /* a line, or a thin symbol: one pixel, where it lies */
      *start = floor ((a + b) / 2);
      *length = 1;
    }
}

static void
add_pixel_box (cairo_t              *cr,
               const cairo_matrix_t *to_device,
               double                x1,
               double                y1,
               double                x2,
               double                y2)
{
  double px, py, width, height;

  pixel_span (to_device->xx * x1 + to_device->x0, to_device->xx * x2 + to_device->x0, &px,
              &width);
  pixel_span (to_device->yy * y1 + to_device->y0, to_device->yy * y2 + to_device->y0, &py,
              &height);
  cairo_rectangle (cr, px, py, width, height);
}

/* Every segment of the wires near the clip as a line of whole pixels:
 * the routes are orthogonal. */
static void
add_wire_boxes (Render               *r,
                const cairo_matrix_t *to_device)
{
  for (guint k = 0; k < r->n_wires; k++)
    {
      const MfCanvasWire *wire = mf_canvas_geometry_get_wire (r->geometry, r->wires[k]);

      for (guint i = 0; i + 1 < wire->route.n_points; i++)
        {
          const MfCanvasPoint *p = &wire->route.points[i], *q = &wire->route.points[i + 1];

          add_pixel_box (r->cr, to_device, MIN (p->x, q->x), MIN (p->y, q->y), MAX (p->x, q->x),
                         MAX (p->y, q->y));
        }
    }
}

/* A block per symbol, `closed` ones (valves closed in the mode) or the
 * others. */
static void
add_blocks (Render               *r,
            const cairo_matrix_t *to_device,
            const gboolean       *closed,
            gboolean              closed_ones)
{
  for (guint k = 0; k < r->n_components; k++)
    {
      const MfCanvasComponent *c = mf_canvas_geometry_get_component (r->geometry,
                                                                     r->components[k]);
      const cairo_rectangle_t *b = &c->bounds;

      if ((closed != NULL && closed[k]) != closed_ones || !visible (r, b, 2))
        continue;
      add_pixel_box (r->cr, to_device, b->x, b->y, b->x + b->width, b->y + b->height);
    }
}

/* Zoomed far out: the marks and halos as always, then a tinted block per
 * symbol and the wires over them, so that what joins what stays in sight. */
static void
render_simple (Render *r)
{
  cairo_t *cr = r->cr;
  g_autofree gboolean *closed = find_closed (r);
  cairo_matrix_t view, to_device;

  render_wire_marks (r);
  render_halos (r);
  cairo_get_matrix (cr, &view);
  /* a turned view (no canvas has one) keeps whole canvas units instead */
  cairo_matrix_init_identity (&to_device);
  if (view.xy == 0 && view.yx == 0)
    {
      to_device = view;
      cairo_identity_matrix (cr);
    }
  cairo_new_path (cr);
  add_blocks (r, &to_device, closed, FALSE);
  set_rgba (cr, &r->colors->ink, 0.45);
  cairo_fill (cr);
  if (closed != NULL)
    {
      add_blocks (r, &to_device, closed, TRUE);
      set_rgba (cr, &r->colors->closed, 0.9);
      cairo_fill (cr);
    }
  add_wire_boxes (r, &to_device);
  set_rgba (cr, &r->colors->ink, 1);
  cairo_fill (cr);
  cairo_set_matrix (cr, &view);
}

static void
render_ring (Render       *r,
             double        x,
             double        y,
             const MfRgba *color)
{
  cairo_t *cr = r->cr;

  cairo_new_path (cr);
  cairo_arc (cr, x, y, 6, 0, 2 * G_PI);
  set_rgba (cr, color, 0.25);
  cairo_fill_preserve (cr);
  set_rgba (cr, color, 1);
  cairo_set_line_width (cr, MAX (1.5, 1.0 / r->ppu));
  cairo_stroke (cr);
}

/* A component's ports lie inside its symbol's bounds: those near the clip
 * belong to the components near it.  The simplified drawing shows only
 * the rings. */
static void
render_ports (Render *r)
{
  for (guint k = 0; k < r->n_components; k++)
    {
      const MfCanvasComponent *c = mf_canvas_geometry_get_component (r->geometry,
                                                                     r->components[k]);

      for (guint i = c->first_port; i < c->first_port + c->info->n_ports; i++)
        {
          const MfCanvasPort *port = mf_canvas_geometry_get_port (r->geometry, i);

          if (port->x < r->x1 - 8 || port->x > r->x2 + 8 || port->y < r->y1 - 8
              || port->y > r->y2 + 8)
            continue;
          if (node_marked (r, port->node))
            render_ring (r, port->x, port->y, &r->colors->highlight);
          if (port->n_wires == 0 && !r->simple)
            mf_symbol_draw_port_mark (r->cr, port->domain, port->x, port->y, r->wire_width,
                                      &r->colors->ink, &r->colors->paper);
          if ((int) i == r->state->hover_port && r->state->connect_from < 0)
            render_ring (r, port->x, port->y, &r->colors->selection);
        }
    }
}

/* How far component k's label moves with its symbol: a directional valve's
 * label stands beside its squares at rest, and when the spool slides them
 * over it, it moves along with them (only then: sliding away, they leave it
 * where a reader looks for it). */
static void
label_offset (const Render *r, guint k, const MfCanvasComponent *c, double *dx, double *dy)
{
  gboolean three = c->type == MF_COMPONENT_VALVE_4_3;
  double shift;
  cairo_rectangle_t body;

  *dx = *dy = 0.0;
  if (r->poses == NULL || (!three && c->type != MF_COMPONENT_VALVE_4_2))
    return;
  shift = mf_symbol_spool_shift (three, r->poses[k].spool);
  switch (mf_symbol_quarter_turns (c->rotation))
    {
    case 1: *dy = shift; break;
    case 2: *dx = -shift; break;
    case 3: *dy = -shift; break;
    default: *dx = shift; break;
    }
  mf_symbol_get_rest_bounds (c->type, c->rotation, &body);
  body.x += c->x + *dx;
  body.y += c->y + *dy;
  if (!(body.x < c->label_rect.x + c->label_rect.width && c->label_rect.x < body.x + body.width
        && body.y < c->label_rect.y + c->label_rect.height
        && c->label_rect.y < body.y + body.height))
    *dx = *dy = 0.0;
}

static void
render_labels (Render *r)
{
  cairo_t *cr = r->cr;
  g_autoptr (PangoLayout) layout = NULL;
  g_autoptr (PangoFontDescription) font = pango_font_description_from_string ("Sans");
  cairo_font_options_t *options;

  if (!r->show_labels || r->simple)
    return;
  layout = pango_cairo_create_layout (cr);
  options = cairo_font_options_create ();
  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style (options, CAIRO_HINT_STYLE_NONE);
  pango_cairo_context_set_font_options (pango_layout_get_context (layout), options);
  cairo_font_options_destroy (options);
  pango_layout_context_changed (layout);
  pango_font_description_set_absolute_size (font, MF_CANVAS_LABEL_SIZE * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);

  set_rgba (cr, &r->colors->label, 1);
  for (guint k = 0; k < r->n_components; k++)
    {
      const MfCanvasComponent *c = mf_canvas_geometry_get_component (r->geometry,
                                                                     r->components[k]);

      double dx, dy;

      if (!visible (r, &c->label_rect, 0))
        continue;
      label_offset (r, k, c, &dx, &dy);
      pango_layout_set_text (layout, c->label, -1);
      cairo_move_to (cr, c->label_rect.x + dx, c->label_rect.y + dy);
      pango_cairo_show_layout (cr, layout);
    }
}

static void
render_gesture (Render *r)
{
  cairo_t *cr = r->cr;
  const MfDrawingState *state = r->state;

  if (state->connect_from >= 0
      && (guint) state->connect_from < mf_canvas_geometry_get_n_ports (r->geometry)
      && state->connect_to < (int) mf_canvas_geometry_get_n_ports (r->geometry))
    {
      const MfCanvasPort *from = mf_canvas_geometry_get_port (r->geometry, state->connect_from);
      const MfRgba *color = state->connect_refused ? &r->colors->refuse : &r->colors->accept;
      static const double dash[] = { 4, 3 };
      double tx = state->connect_x, ty = state->connect_y;

      if (state->connect_to >= 0)
        {
          const MfCanvasPort *to = mf_canvas_geometry_get_port (r->geometry, state->connect_to);
          tx = to->x;
          ty = to->y;
        }
      cairo_save (cr);
      cairo_new_path (cr);
      cairo_move_to (cr, from->x, from->y);
      cairo_line_to (cr, tx, ty);
      set_rgba (cr, state->connect_to >= 0 ? color : &r->colors->selection, 1);
      cairo_set_line_width (cr, r->wire_width);
      cairo_set_dash (cr, dash, G_N_ELEMENTS (dash), 0);
      cairo_stroke (cr);
      cairo_restore (cr);
      render_ring (r, from->x, from->y, &r->colors->selection);
      if (state->connect_to >= 0)
        {
          render_ring (r, tx, ty, color);
          if (state->connect_refused)
            {
              /* a cross says "not here" without needing colour */
              cairo_new_path (cr);
              cairo_move_to (cr, tx - 4, ty - 4);
              cairo_line_to (cr, tx + 4, ty + 4);
              cairo_move_to (cr, tx + 4, ty - 4);
              cairo_line_to (cr, tx - 4, ty + 4);
              set_rgba (cr, color, 1);
              cairo_stroke (cr);
            }
        }
    }
  if (state->show_band)
    {
      cairo_rectangle (cr, state->band.x, state->band.y, state->band.width, state->band.height);
      set_rgba (cr, &r->colors->selection, 0.15);
      cairo_fill_preserve (cr);
      set_rgba (cr, &r->colors->selection, 0.9);
      cairo_set_line_width (cr, 1.0 / r->ppu);
      cairo_stroke (cr);
    }
}

void
mf_drawing_render (cairo_t              *cr,
                   MfCanvasGeometry     *geometry,
                   const MfDrawingState *state)
{
  Render r = { 0 };

  g_return_if_fail (cr != NULL);
  g_return_if_fail (MF_IS_CANVAS_GEOMETRY (geometry));
  g_return_if_fail (state != NULL);

  cairo_save (cr);
  render_prepare (&r, cr, geometry, state);
  if (r.simple)
    render_simple (&r);
  else
    {
      render_wires (&r);
      /* under the symbols: a dot inside a mass's block is no junction to see */
      render_dots (&r);
      render_components (&r);
    }
  render_ports (&r);
  render_labels (&r);
  render_gesture (&r);
  render_finish (&r);
  cairo_restore (cr);
}

void
mf_drawing_render_to_fit (cairo_t        *cr,
                          MfEditDocument *document,
                          double          width,
                          double          height)
{
  g_autoptr (MfCanvasGeometry) geometry = NULL;
  MfDrawingColors colors;
  MfDrawingState state;
  MfViewTransform view;
  cairo_rectangle_t bounds;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (MF_IS_EDIT_DOCUMENT (document));

  geometry = mf_canvas_geometry_new (document);
  mf_drawing_colors_init (&colors, FALSE);
  mf_drawing_state_init (&state);
  state.colors = &colors;

  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_clip (cr);
  set_rgba (cr, &colors.paper, 1);
  cairo_paint (cr);
  if (mf_canvas_geometry_get_bounds (geometry, &bounds))
    {
      mf_view_transform_fit (&view, &bounds, width, height, MIN (width, height) * 0.04, 2.0);
      cairo_translate (cr, view.x0, view.y0);
      cairo_scale (cr, view.scale, view.scale);
      mf_drawing_render (cr, geometry, &state);
    }
  cairo_restore (cr);
}
