/* mf-drawing.c: the circuit on a cairo_t.
 *
 * Layers, bottom up: highlights under the wires of marked nodes, the wires,
 * the selection halos, the symbols (whose paper fills hide the ends of the
 * wires that run into them), junction dots, port marks, labels, and last
 * what a gesture under way shows.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-drawing.h"

#include <math.h>
#include <string.h>

#include <pango/pangocairo.h>

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
  /* Whole-pixel squares in device space: cairo fills those as boxes, far
   * faster than thousands of antialiased dots. */
  cairo_get_matrix (cr, &matrix);
  cairo_identity_matrix (cr);
  cairo_new_path (cr);
  for (double x = floor (x1 / grid) * grid; x <= x2; x += grid)
    for (double y = floor (y1 / grid) * grid; y <= y2; y += grid)
      {
        double dx = x, dy = y;

        cairo_matrix_transform_point (&matrix, &dx, &dy);
        cairo_rectangle (cr, round (dx), round (dy), 1, 1);
      }
  set_rgba (cr, &colors->grid, 1.4);
  cairo_fill (cr);
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
  gboolean              *node_marked;
  GHashTable            *component_marked;
  int                    mode;       /* index of state->mode, or -1 */
  gboolean               show_labels; /* FALSE when they would be too small to read */
} Render;

static gboolean
visible (const Render            *r,
         const cairo_rectangle_t *rect,
         double                   margin)
{
  return rect->x - margin <= r->x2 && rect->x + rect->width + margin >= r->x1
         && rect->y - margin <= r->y2 && rect->y + rect->height + margin >= r->y1;
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
  guint n_nodes = mf_canvas_geometry_get_n_nodes (geometry);

  r->cr = cr;
  r->geometry = geometry;
  r->state = state;
  mf_drawing_colors_init (&r->default_colors, FALSE);
  r->colors = state->colors != NULL ? state->colors : &r->default_colors;
  r->ppu = pixels_per_unit (cr);
  r->wire_width = MAX (WIRE_WIDTH, 1.0 / r->ppu);
  /* Unreadably small text is noise; the symbols still show. */
  r->show_labels = MF_CANVAS_LABEL_SIZE * r->ppu >= 5.5;
  cairo_clip_extents (cr, &r->x1, &r->y1, &r->x2, &r->y2);

  r->node_marked = g_new0 (gboolean, n_nodes + 1);
  for (guint i = 0; state->highlight_node_ports != NULL && state->highlight_node_ports[i]; i++)
    {
      int port = mf_canvas_geometry_find_port (geometry, state->highlight_node_ports[i]);

      if (port >= 0)
        r->node_marked[mf_canvas_geometry_get_port (geometry, port)->node] = TRUE;
    }
  r->component_marked = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; state->highlight_components != NULL && state->highlight_components[i]; i++)
    g_hash_table_add (r->component_marked, (gpointer) state->highlight_components[i]);

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
  g_hash_table_unref (r->component_marked);
}

/* ---- layers ---- */

static void
render_wires (Render *r)
{
  cairo_t *cr = r->cr;
  guint n = mf_canvas_geometry_get_n_wires (r->geometry);

  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  for (guint w = 0; w < n; w++)
    {
      const MfCanvasWire *wire = mf_canvas_geometry_get_wire (r->geometry, w);
      cairo_rectangle_t box;

      wire_box (wire, &box);
      if ((!r->node_marked[wire->node] && (int) w != r->state->selected_wire)
          || !visible (r, &box, 8))
        continue;
      wire_path (cr, wire);
      set_rgba (cr, (int) w == r->state->selected_wire ? &r->colors->selection
                                                       : &r->colors->highlight, 0.45);
      cairo_set_line_width (cr, MAX (7.0, 3.0 / r->ppu));
      cairo_stroke (cr);
    }
  /* one path per domain: a single stroke draws them all */
  for (int domain = MF_DOMAIN_HYDRAULIC; domain <= MF_DOMAIN_MECHANICAL; domain++)
    {
      cairo_new_path (cr);
      for (guint w = 0; w < n; w++)
        {
          const MfCanvasWire *wire = mf_canvas_geometry_get_wire (r->geometry, w);
          cairo_rectangle_t box;

          wire_box (wire, &box);
          if ((int) wire->domain != domain || !visible (r, &box, 4))
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
render_components (Render *r)
{
  cairo_t *cr = r->cr;
  guint n = mf_canvas_geometry_get_n_components (r->geometry);
  MfSymbolStyle style = { r->colors->ink, r->colors->paper, r->colors->closed, r->wire_width,
                          FALSE };
  g_autofree gboolean *closed = NULL;

  for (guint i = 0; i < n; i++)
    {
      const MfCanvasComponent *c = mf_canvas_geometry_get_component (r->geometry, i);

      if (!visible (r, &c->bounds, 6) && !visible (r, &c->label_rect, 6))
        continue;
      if (g_hash_table_contains (r->component_marked, c->id))
        render_halo (r, c, &r->colors->highlight);
      if (r->state->selected != NULL && g_hash_table_contains (r->state->selected, c->id))
        render_halo (r, c, &r->colors->selection);
    }
  /* Each layer of every visible symbol in one path, painted once.  Which
   * valves are closed is asked once, not once per layer. */
  closed = g_new0 (gboolean, n + 1);
  for (guint i = 0; i < n; i++)
    closed[i] = component_closed (r, mf_canvas_geometry_get_component (r->geometry, i));
  cairo_new_path (cr);
  for (int layer = 0; layer < MF_N_SYMBOL_LAYERS; layer++)
    {
      for (guint i = 0; i < n; i++)
        {
          const MfCanvasComponent *c = mf_canvas_geometry_get_component (r->geometry, i);

          if (!visible (r, &c->bounds, 2))
            continue;
          cairo_translate (cr, c->x, c->y);
          mf_symbol_add_layer (cr, c->type, c->rotation, layer, closed[i]);
          cairo_translate (cr, -c->x, -c->y);
        }
      mf_symbol_paint_layer (cr, layer, &style);
    }
}

static void
render_dots (Render *r)
{
  cairo_t *cr = r->cr;
  guint n = mf_canvas_geometry_get_n_dots (r->geometry);

  set_rgba (cr, &r->colors->ink, 1);
  for (guint i = 0; i < n; i++)
    {
      const MfCanvasDot *dot = mf_canvas_geometry_get_dot (r->geometry, i);

      if (dot->x < r->x1 - 4 || dot->x > r->x2 + 4 || dot->y < r->y1 - 4 || dot->y > r->y2 + 4)
        continue;
      cairo_new_sub_path (cr);
      cairo_arc (cr, dot->x, dot->y, 3.0, 0, 2 * G_PI);
    }
  cairo_fill (cr);
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

static void
render_ports (Render *r)
{
  guint n = mf_canvas_geometry_get_n_ports (r->geometry);

  for (guint i = 0; i < n; i++)
    {
      const MfCanvasPort *port = mf_canvas_geometry_get_port (r->geometry, i);

      if (port->x < r->x1 - 8 || port->x > r->x2 + 8 || port->y < r->y1 - 8 || port->y > r->y2 + 8)
        continue;
      if (r->node_marked[port->node])
        render_ring (r, port->x, port->y, &r->colors->highlight);
      if (port->n_wires == 0)
        mf_symbol_draw_port_mark (r->cr, port->domain, port->x, port->y, r->wire_width,
                                  &r->colors->ink, &r->colors->paper);
      if ((int) i == r->state->hover_port && r->state->connect_from < 0)
        render_ring (r, port->x, port->y, &r->colors->selection);
    }
}

static void
render_labels (Render *r)
{
  cairo_t *cr = r->cr;
  guint n = mf_canvas_geometry_get_n_components (r->geometry);
  g_autoptr (PangoLayout) layout = NULL;
  g_autoptr (PangoFontDescription) font = pango_font_description_from_string ("Sans");
  cairo_font_options_t *options;

  if (!r->show_labels)
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
  for (guint i = 0; i < n; i++)
    {
      const MfCanvasComponent *c = mf_canvas_geometry_get_component (r->geometry, i);

      if (!visible (r, &c->label_rect, 0))
        continue;
      pango_layout_set_text (layout, c->label, -1);
      cairo_move_to (cr, c->label_rect.x, c->label_rect.y);
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
  Render r;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (MF_IS_CANVAS_GEOMETRY (geometry));
  g_return_if_fail (state != NULL);

  cairo_save (cr);
  render_prepare (&r, cr, geometry, state);
  render_wires (&r);
  /* under the symbols: a dot inside a mass's block is no junction to see */
  render_dots (&r);
  render_components (&r);
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
