/* mf-canvas-geometry.c: the geometry object — it follows its document,
 * answers what is where, and lays itself out again when asked after a
 * change (mf-canvas-geometry-layout.c): wholly after a load or a change of
 * the circuit's shape, only what changed after an edit of a few components
 * in place.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-canvas-geometry-private.h"

G_DEFINE_FINAL_TYPE (MfCanvasGeometry, mf_canvas_geometry, G_TYPE_OBJECT)

static void
mf_canvas_geometry_disconnect (MfCanvasGeometry *self)
{
  if (self->document != NULL)
    g_clear_signal_handler (&self->changed_id, self->document);
  g_clear_object (&self->document);
}

static void
mf_canvas_geometry_dispose (GObject *object)
{
  MfCanvasGeometry *self = MF_CANVAS_GEOMETRY (object);

  mf_canvas_geometry_disconnect (self);
  g_clear_object (&self->measure);
  g_clear_object (&self->pango);

  G_OBJECT_CLASS (mf_canvas_geometry_parent_class)->dispose (object);
}

static void
mf_canvas_geometry_finalize (GObject *object)
{
  MfCanvasGeometry *self = MF_CANVAS_GEOMETRY (object);

  g_array_unref (self->changed);
  g_array_unref (self->asked);
  g_array_unref (self->components);
  g_array_unref (self->default_labels);
  g_array_unref (self->ports);
  g_array_unref (self->wires);
  g_array_unref (self->dots);
  g_array_unref (self->spare_dots);
  g_array_unref (self->port_wire_start);
  g_array_unref (self->port_wires);
  g_array_unref (self->node_wire_start);
  g_array_unref (self->node_wires);
  g_array_unref (self->node_port_start);
  g_array_unref (self->node_ports);
  g_array_unref (self->node_dot_start);
  g_array_unref (self->component_marks);
  g_array_unref (self->wire_marks);
  g_array_unref (self->node_marks);
  g_array_unref (self->dirty_rects);
  g_array_unref (self->reroute);
  g_array_unref (self->queue);
  g_array_unref (self->points);
  g_ptr_array_unref (self->routes);
  g_array_unref (self->ends);
  g_string_chunk_free (self->strings);
  g_hash_table_unref (self->component_index);
  g_hash_table_unref (self->port_index);
  g_hash_table_unref (self->label_sizes);
  mf_canvas_grid_free (self->component_grid);
  mf_canvas_grid_free (self->wire_grid);
  mf_canvas_grid_free (self->dot_grid);
  g_array_unref (self->boxes);
  g_array_unref (self->near);
  for (guint k = 0; k < G_N_ELEMENTS (self->visible); k++)
    g_array_unref (self->visible[k]);

  G_OBJECT_CLASS (mf_canvas_geometry_parent_class)->finalize (object);
}

static void
mf_canvas_geometry_class_init (MfCanvasGeometryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = mf_canvas_geometry_dispose;
  object_class->finalize = mf_canvas_geometry_finalize;
}

static void
mf_canvas_geometry_init (MfCanvasGeometry *self)
{
  g_autoptr (PangoFontDescription) font = pango_font_description_from_string ("Sans");
  cairo_font_options_t *options = cairo_font_options_create ();

  GArray **uint_arrays[] = { &self->changed, &self->asked, &self->port_wire_start,
                             &self->port_wires, &self->node_wire_start, &self->node_wires,
                             &self->node_port_start, &self->node_ports, &self->node_dot_start,
                             &self->component_marks, &self->wire_marks, &self->node_marks,
                             &self->reroute, &self->queue };

  for (guint k = 0; k < G_N_ELEMENTS (uint_arrays); k++)
    *uint_arrays[k] = g_array_new (FALSE, FALSE, sizeof (guint));
  self->components = g_array_new (FALSE, FALSE, sizeof (MfCanvasComponent));
  self->default_labels = g_array_new (FALSE, FALSE, sizeof (cairo_rectangle_t));
  self->ports = g_array_new (FALSE, FALSE, sizeof (MfCanvasPort));
  self->wires = g_array_new (FALSE, FALSE, sizeof (MfCanvasWire));
  self->dots = g_array_new (FALSE, FALSE, sizeof (MfCanvasDot));
  self->spare_dots = g_array_new (FALSE, FALSE, sizeof (MfCanvasDot));
  self->dirty_rects = g_array_new (FALSE, FALSE, sizeof (cairo_rectangle_t));
  self->points = g_array_new (FALSE, FALSE, sizeof (MfCanvasPoint));
  self->routes = g_ptr_array_new ();
  self->ends = g_array_new (FALSE, FALSE, sizeof (MfWireEnd));
  self->strings = g_string_chunk_new (4096);
  self->component_index = g_hash_table_new (g_str_hash, g_str_equal);
  self->port_index = g_hash_table_new (g_str_hash, g_str_equal);
  self->label_sizes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->component_grid = mf_canvas_grid_new ();
  self->wire_grid = mf_canvas_grid_new ();
  self->dot_grid = mf_canvas_grid_new ();
  self->boxes = g_array_new (FALSE, FALSE, sizeof (cairo_rectangle_t));
  self->near = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint k = 0; k < G_N_ELEMENTS (self->visible); k++)
    self->visible[k] = g_array_new (FALSE, FALSE, sizeof (guint));

  /* Labels are measured once, at no particular zoom: with unhinted metrics
   * their size scales exactly with the view. */
  self->pango = pango_font_map_create_context (pango_cairo_font_map_get_default ());
  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style (options, CAIRO_HINT_STYLE_NONE);
  pango_cairo_context_set_font_options (self->pango, options);
  cairo_font_options_destroy (options);
  pango_font_description_set_absolute_size (font, MF_CANVAS_LABEL_SIZE * PANGO_SCALE);
  self->measure = pango_layout_new (self->pango);
  pango_layout_set_font_description (self->measure, font);
}

/* Notes what the change changed: a few components in place are laid out
 * again alone, anything else means building everything again. */
static void
on_document_changed (MfCanvasGeometry *self)
{
  if (self->dirty)
    return;
  if (mf_edit_document_get_changed_components (self->document, self->asked, NULL))
    g_array_append_vals (self->changed, self->asked->data, self->asked->len);
  else
    {
      self->dirty = TRUE;
      g_array_set_size (self->changed, 0);
    }
}

MfCanvasGeometry *
mf_canvas_geometry_new (MfEditDocument *document)
{
  MfCanvasGeometry *self = g_object_new (MF_TYPE_CANVAS_GEOMETRY, NULL);

  mf_canvas_geometry_set_document (self, document);
  return self;
}

void
mf_canvas_geometry_set_document (MfCanvasGeometry *self,
                                 MfEditDocument   *document)
{
  g_return_if_fail (MF_IS_CANVAS_GEOMETRY (self));
  g_return_if_fail (document == NULL || MF_IS_EDIT_DOCUMENT (document));

  if (document == self->document)
    return;
  mf_canvas_geometry_disconnect (self);
  if (document != NULL)
    {
      self->document = g_object_ref (document);
      self->changed_id = g_signal_connect_swapped (document, "changed",
                                                   G_CALLBACK (on_document_changed), self);
    }
  self->dirty = TRUE;
  g_array_set_size (self->changed, 0);
}

MfEditDocument *
mf_canvas_geometry_get_document (MfCanvasGeometry *self)
{
  g_return_val_if_fail (MF_IS_CANVAS_GEOMETRY (self), NULL);

  return self->document;
}

/* ---- laying out when asked ---- */

static void
mf_canvas_geometry_ensure (MfCanvasGeometry *self)
{
  if (!self->dirty && self->changed->len == 0)
    return;
  if (self->dirty || !mf_canvas_geometry_update (self))
    mf_canvas_geometry_build (self);
  self->dirty = FALSE;
  g_array_set_size (self->changed, 0);
}

/* ---- reading ---- */

guint
mf_canvas_geometry_get_n_components (MfCanvasGeometry *self)
{
  g_return_val_if_fail (MF_IS_CANVAS_GEOMETRY (self), 0);

  mf_canvas_geometry_ensure (self);
  return self->components->len;
}

const MfCanvasComponent *
mf_canvas_geometry_get_component (MfCanvasGeometry *self,
                                  guint             index)
{
  g_return_val_if_fail (MF_IS_CANVAS_GEOMETRY (self), NULL);

  mf_canvas_geometry_ensure (self);
  g_return_val_if_fail (index < self->components->len, NULL);
  return &g_array_index (self->components, MfCanvasComponent, index);
}

int
mf_canvas_geometry_find_component (MfCanvasGeometry *self,
                                   const char       *id)
{
  g_return_val_if_fail (MF_IS_CANVAS_GEOMETRY (self), -1);

  mf_canvas_geometry_ensure (self);
  return (int) GPOINTER_TO_UINT (g_hash_table_lookup (self->component_index, id)) - 1;
}

guint
mf_canvas_geometry_get_n_ports (MfCanvasGeometry *self)
{
  g_return_val_if_fail (MF_IS_CANVAS_GEOMETRY (self), 0);

  mf_canvas_geometry_ensure (self);
  return self->ports->len;
}

const MfCanvasPort *
mf_canvas_geometry_get_port (MfCanvasGeometry *self,
                             guint             index)
{
  g_return_val_if_fail (MF_IS_CANVAS_GEOMETRY (self), NULL);

  mf_canvas_geometry_ensure (self);
  g_return_val_if_fail (index < self->ports->len, NULL);
  return &g_array_index (self->ports, MfCanvasPort, index);
}

int
mf_canvas_geometry_find_port (MfCanvasGeometry *self,
                              const char       *name)
{
  g_return_val_if_fail (MF_IS_CANVAS_GEOMETRY (self), -1);

  mf_canvas_geometry_ensure (self);
  return (int) GPOINTER_TO_UINT (g_hash_table_lookup (self->port_index, name)) - 1;
}

guint
mf_canvas_geometry_get_n_wires (MfCanvasGeometry *self)
{
  g_return_val_if_fail (MF_IS_CANVAS_GEOMETRY (self), 0);

  mf_canvas_geometry_ensure (self);
  return self->wires->len;
}

const MfCanvasWire *
mf_canvas_geometry_get_wire (MfCanvasGeometry *self,
                             guint             index)
{
  g_return_val_if_fail (MF_IS_CANVAS_GEOMETRY (self), NULL);

  mf_canvas_geometry_ensure (self);
  g_return_val_if_fail (index < self->wires->len, NULL);
  return &g_array_index (self->wires, MfCanvasWire, index);
}

guint
mf_canvas_geometry_get_n_dots (MfCanvasGeometry *self)
{
  g_return_val_if_fail (MF_IS_CANVAS_GEOMETRY (self), 0);

  mf_canvas_geometry_ensure (self);
  return self->dots->len;
}

const MfCanvasDot *
mf_canvas_geometry_get_dot (MfCanvasGeometry *self,
                            guint             index)
{
  g_return_val_if_fail (MF_IS_CANVAS_GEOMETRY (self), NULL);

  mf_canvas_geometry_ensure (self);
  g_return_val_if_fail (index < self->dots->len, NULL);
  return &g_array_index (self->dots, MfCanvasDot, index);
}

guint
mf_canvas_geometry_get_n_nodes (MfCanvasGeometry *self)
{
  g_return_val_if_fail (MF_IS_CANVAS_GEOMETRY (self), 0);

  mf_canvas_geometry_ensure (self);
  return self->n_nodes;
}

guint
mf_canvas_geometry_get_n_builds (MfCanvasGeometry *self)
{
  g_return_val_if_fail (MF_IS_CANVAS_GEOMETRY (self), 0);

  mf_canvas_geometry_ensure (self);
  return self->n_builds;
}

gboolean
mf_canvas_geometry_get_bounds (MfCanvasGeometry  *self,
                               cairo_rectangle_t *bounds)
{
  g_return_val_if_fail (MF_IS_CANVAS_GEOMETRY (self), FALSE);

  mf_canvas_geometry_ensure (self);
  if (self->has_bounds)
    *bounds = self->bounds;
  return self->has_bounds;
}

static const guint *
near (MfCanvasGrid            *grid,
      GArray                  *hits,
      const cairo_rectangle_t *rect,
      double                   margin,
      guint                   *n)
{
  mf_canvas_grid_query (grid, rect, margin, hits);
  *n = hits->len;
  return (const guint *) hits->data;
}

const guint *
mf_canvas_geometry_components_near (MfCanvasGeometry        *self,
                                    const cairo_rectangle_t *rect,
                                    double                   margin,
                                    guint                   *n)
{
  g_return_val_if_fail (MF_IS_CANVAS_GEOMETRY (self), NULL);

  mf_canvas_geometry_ensure (self);
  return near (self->component_grid, self->visible[0], rect, margin, n);
}

const guint *
mf_canvas_geometry_wires_near (MfCanvasGeometry        *self,
                               const cairo_rectangle_t *rect,
                               double                   margin,
                               guint                   *n)
{
  g_return_val_if_fail (MF_IS_CANVAS_GEOMETRY (self), NULL);

  mf_canvas_geometry_ensure (self);
  return near (self->wire_grid, self->visible[1], rect, margin, n);
}

const guint *
mf_canvas_geometry_dots_near (MfCanvasGeometry        *self,
                              const cairo_rectangle_t *rect,
                              double                   margin,
                              guint                   *n)
{
  g_return_val_if_fail (MF_IS_CANVAS_GEOMETRY (self), NULL);

  mf_canvas_geometry_ensure (self);
  return near (self->dot_grid, self->visible[2], rect, margin, n);
}

/* ---- hit testing ---- */

static gboolean
rect_contains (const cairo_rectangle_t *r,
               double                   x,
               double                   y)
{
  return x >= r->x && x <= r->x + r->width && y >= r->y && y <= r->y + r->height;
}

int
mf_canvas_geometry_component_at (MfCanvasGeometry *self,
                                 double            x,
                                 double            y)
{
  cairo_rectangle_t point = { x, y, 0, 0 };

  g_return_val_if_fail (MF_IS_CANVAS_GEOMETRY (self), -1);

  mf_canvas_geometry_ensure (self);
  mf_canvas_grid_query (self->component_grid, &point, 0, self->near);
  /* later components are drawn on top */
  for (guint k = self->near->len; k-- > 0;)
    {
      guint i = g_array_index (self->near, guint, k);
      const MfCanvasComponent *c = &g_array_index (self->components, MfCanvasComponent, i);

      if (rect_contains (&c->bounds, x, y) || rect_contains (&c->label_rect, x, y))
        return (int) i;
    }
  return -1;
}

int
mf_canvas_geometry_port_at (MfCanvasGeometry *self,
                            double            x,
                            double            y,
                            double            radius)
{
  cairo_rectangle_t point = { x, y, 0, 0 };
  double best = radius * radius;
  int found = -1;

  g_return_val_if_fail (MF_IS_CANVAS_GEOMETRY (self), -1);

  mf_canvas_geometry_ensure (self);
  /* a symbol's bounds hold its ports; of two as near, the later wins */
  mf_canvas_grid_query (self->component_grid, &point, MAX (radius, 0), self->near);
  for (guint k = 0; k < self->near->len; k++)
    {
      const MfCanvasComponent *c = &g_array_index (self->components, MfCanvasComponent,
                                                   g_array_index (self->near, guint, k));

      for (guint i = c->first_port; i < c->first_port + c->info->n_ports; i++)
        {
          const MfCanvasPort *port = &g_array_index (self->ports, MfCanvasPort, i);
          double d2 = (port->x - x) * (port->x - x) + (port->y - y) * (port->y - y);

          if (d2 <= best)
            {
              best = d2;
              found = (int) i;
            }
        }
    }
  return found;
}

int
mf_canvas_geometry_wire_at (MfCanvasGeometry *self,
                            double            x,
                            double            y,
                            double            tolerance)
{
  cairo_rectangle_t point = { x, y, 0, 0 };

  g_return_val_if_fail (MF_IS_CANVAS_GEOMETRY (self), -1);

  mf_canvas_geometry_ensure (self);
  mf_canvas_grid_query (self->wire_grid, &point, MAX (tolerance, 0), self->near);
  for (guint k = self->near->len; k-- > 0;)
    {
      guint w = g_array_index (self->near, guint, k);
      const MfCanvasWire *wire = &g_array_index (self->wires, MfCanvasWire, w);

      for (guint i = 0; i + 1 < wire->route.n_points; i++)
        {
          const MfCanvasPoint *p = &wire->route.points[i], *q = &wire->route.points[i + 1];
          double x1 = MIN (p->x, q->x) - tolerance, x2 = MAX (p->x, q->x) + tolerance;
          double y1 = MIN (p->y, q->y) - tolerance, y2 = MAX (p->y, q->y) + tolerance;

          /* segments are axis-parallel: their tolerance zone is a box */
          if (x >= x1 && x <= x2 && y >= y1 && y <= y2)
            return (int) w;
        }
    }
  return -1;
}

GArray *
mf_canvas_geometry_components_in_rect (MfCanvasGeometry        *self,
                                       const cairo_rectangle_t *rect,
                                       gboolean                 touching)
{
  GArray *hits = g_array_new (FALSE, FALSE, sizeof (guint));
  double rx2 = rect->x + rect->width, ry2 = rect->y + rect->height;

  g_return_val_if_fail (MF_IS_CANVAS_GEOMETRY (self), hits);

  mf_canvas_geometry_ensure (self);
  /* what lies inside a rectangle also meets it */
  mf_canvas_grid_query (self->component_grid, rect, 0, self->near);
  for (guint k = 0; k < self->near->len; k++)
    {
      guint i = g_array_index (self->near, guint, k);
      const MfCanvasComponent *c = &g_array_index (self->components, MfCanvasComponent, i);
      const cairo_rectangle_t *b = &c->bounds;
      gboolean hit;

      if (touching)
        hit = b->x <= rx2 && b->x + b->width >= rect->x && b->y <= ry2
              && b->y + b->height >= rect->y;
      else
        hit = b->x >= rect->x && b->x + b->width <= rx2 && b->y >= rect->y
              && b->y + b->height <= ry2;
      if (hit)
        g_array_append_val (hits, i);
    }
  return hits;
}
