/* mf-canvas-geometry.c: laying out a document for the canvas.
 *
 * Wires are routed as short orthogonal polylines from port to port: each
 * route leaves its port the way the port faces, and among a handful of L-
 * and Z-shaped candidates the one with the fewest bends wins that neither
 * doubles back on itself nor cuts through the symbols it joins.  That keeps
 * a hand-placed schematic tidy without a full maze router, and is fast
 * enough to redo for every step of a drag.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-canvas-geometry.h"

#include "mf-component-label.h"

#include <math.h>
#include <string.h>

#include <pango/pangocairo.h>

#include "mf-port-nodes.h"

/* ---- the geometry object ---- */

struct _MfCanvasGeometry
{
  GObject         parent_instance;

  MfEditDocument *document;
  gulong          changed_id;
  gboolean        dirty;

  GArray         *components; /* MfCanvasComponent */
  GArray         *ports;      /* MfCanvasPort */
  GArray         *wires;      /* MfCanvasWire */
  GArray         *dots;       /* MfCanvasDot */
  GStringChunk   *strings;    /* ids, port names and labels of this build */
  GHashTable     *component_index; /* id -> index + 1 */
  GHashTable     *port_index;      /* "ID.PORT" -> index + 1 */
  guint           n_nodes;

  PangoContext   *pango;
  PangoLayout    *measure;
  GHashTable     *label_sizes; /* label text -> double[2], its width and height */
};

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

  g_array_unref (self->components);
  g_array_unref (self->ports);
  g_array_unref (self->wires);
  g_array_unref (self->dots);
  g_string_chunk_free (self->strings);
  g_hash_table_unref (self->component_index);
  g_hash_table_unref (self->port_index);
  g_hash_table_unref (self->label_sizes);

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

  self->components = g_array_new (FALSE, FALSE, sizeof (MfCanvasComponent));
  self->ports = g_array_new (FALSE, FALSE, sizeof (MfCanvasPort));
  self->wires = g_array_new (FALSE, FALSE, sizeof (MfCanvasWire));
  self->dots = g_array_new (FALSE, FALSE, sizeof (MfCanvasDot));
  self->strings = g_string_chunk_new (4096);
  self->component_index = g_hash_table_new (g_str_hash, g_str_equal);
  self->port_index = g_hash_table_new (g_str_hash, g_str_equal);
  self->label_sizes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

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

static void
on_document_changed (MfCanvasGeometry *self)
{
  self->dirty = TRUE;
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
}

MfEditDocument *
mf_canvas_geometry_get_document (MfCanvasGeometry *self)
{
  g_return_val_if_fail (MF_IS_CANVAS_GEOMETRY (self), NULL);

  return self->document;
}

/* ---- labels ---- */

static void
measure_label (MfCanvasGeometry *self,
               const char       *text,
               double           *width,
               double           *height)
{
  double *size = g_hash_table_lookup (self->label_sizes, text);

  if (size == NULL)
    {
      int w, h;

      /* The cache only grows with new texts; drop it when it gets silly. */
      if (g_hash_table_size (self->label_sizes) > 8192)
        g_hash_table_remove_all (self->label_sizes);
      pango_layout_set_text (self->measure, text, -1);
      pango_layout_get_size (self->measure, &w, &h);
      size = g_new (double, 2);
      size[0] = (double) w / PANGO_SCALE;
      size[1] = (double) h / PANGO_SCALE;
      g_hash_table_insert (self->label_sizes, g_strdup (text), size);
    }
  *width = size[0];
  *height = size[1];
}

/* Labels go where a schematic puts them: beside a vertical element, above a
 * cylinder (its rod-side line leaves downwards), beside a junction's dot,
 * below everything else. */
static void
place_label (MfCanvasComponent *component,
             double             width,
             double             height)
{
  const cairo_rectangle_t *b = &component->bounds;
  gboolean upright = component->rotation % 180 != 0;
  cairo_rectangle_t *r = &component->label_rect;

  r->width = width;
  r->height = height;
  switch (component->type)
    {
    case MF_COMPONENT_JUNCTION:
      r->x = component->x + 5;
      r->y = component->y - 5 - height;
      return;
    case MF_COMPONENT_PISTON:
      if (!upright)
        {
          r->x = component->x - 10;
          r->y = b->y - height - 2;
          return;
        }
      break;
    case MF_COMPONENT_FIXED:
    case MF_COMPONENT_MASS:
    case MF_COMPONENT_TANK:
    case MF_COMPONENT_VOLUME:
      upright = FALSE;
      break;
    default:
      break;
    }
  if (upright)
    {
      r->x = b->x + b->width + 4;
      r->y = component->y - height / 2;
    }
  else
    {
      r->x = component->x - width / 2;
      r->y = b->y + b->height + 2;
    }
}

/* ---- junction dots ---- */

/* Indices 0..n-1 grouped by key: order[start[k] .. start[k + 1]) have key k. */
static void
group_by_node (const guint *keys,
               guint        n,
               guint        n_nodes,
               guint       *start,
               guint       *order)
{
  g_autofree guint *fill = g_new0 (guint, n_nodes + 1);

  memset (start, 0, (n_nodes + 1) * sizeof (guint));
  for (guint i = 0; i < n; i++)
    start[keys[i] + 1]++;
  for (guint k = 0; k < n_nodes; k++)
    start[k + 1] += start[k];
  for (guint i = 0; i < n; i++)
    order[start[keys[i]] + fill[keys[i]]++] = i;
}

static void
find_dots (MfCanvasGeometry *self)
{
  guint n_nodes = self->n_nodes, n_wires = self->wires->len, n_ports = self->ports->len;
  g_autofree guint *keys = g_new (guint, MAX (n_wires, n_ports) + 1);
  g_autofree guint *wire_start = g_new (guint, n_nodes + 1);
  g_autofree guint *wire_order = g_new (guint, n_wires + 1);
  g_autofree guint *port_start = g_new (guint, n_nodes + 1);
  g_autofree guint *port_order = g_new (guint, n_ports + 1);
  g_autofree const MfWireRoute **routes = g_new (const MfWireRoute *, n_wires + 1);
  g_autofree MfWireEnd *ends = g_new (MfWireEnd, n_ports + 1);
  g_autoptr (GArray) points = g_array_new (FALSE, FALSE, sizeof (MfCanvasPoint));

  for (guint w = 0; w < n_wires; w++)
    keys[w] = g_array_index (self->wires, MfCanvasWire, w).node;
  group_by_node (keys, n_wires, n_nodes, wire_start, wire_order);
  for (guint p = 0; p < n_ports; p++)
    keys[p] = g_array_index (self->ports, MfCanvasPort, p).node;
  group_by_node (keys, n_ports, n_nodes, port_start, port_order);

  for (guint node = 0; node < n_nodes; node++)
    {
      guint nw = wire_start[node + 1] - wire_start[node];
      guint np = port_start[node + 1] - port_start[node];

      if (nw < 2)
        continue;
      for (guint k = 0; k < nw; k++)
        routes[k] = &g_array_index (self->wires, MfCanvasWire,
                                    wire_order[wire_start[node] + k]).route;
      for (guint k = 0; k < np; k++)
        {
          const MfCanvasPort *port = &g_array_index (self->ports, MfCanvasPort,
                                                     port_order[port_start[node] + k]);
          ends[k] = (MfWireEnd) { port->x, port->y, port->direction, NULL };
        }
      g_array_set_size (points, 0);
      mf_wire_route_find_junctions (routes, nw, ends, np, points);
      for (guint i = 0; i < points->len; i++)
        {
          MfCanvasPoint *p = &g_array_index (points, MfCanvasPoint, i);
          MfCanvasDot dot = { p->x, p->y, node };

          g_array_append_val (self->dots, dot);
        }
    }
}

/* ---- building ---- */

static void
add_component (MfCanvasGeometry          *self,
               guint                      index,
               const MfComponentTypeInfo *info)
{
  MfEditDocument *doc = self->document;
  MfCanvasComponent component = { 0 };
  g_autofree char *label = NULL;
  cairo_rectangle_t bounds;
  double width, height;

  component.id = g_string_chunk_insert (self->strings,
                                        mf_edit_document_get_component_id (doc, index));
  component.type = info->type;
  component.info = info;
  mf_edit_document_get_component_position (doc, index, &component.x, &component.y);
  component.rotation = mf_edit_document_get_component_rotation (doc, index);
  mf_symbol_get_bounds (info->type, component.rotation, &bounds);
  component.bounds.x = component.x + bounds.x;
  component.bounds.y = component.y + bounds.y;
  component.bounds.width = bounds.width;
  component.bounds.height = bounds.height;
  label = mf_component_label (doc, index, component.rotation % 180 != 0 && info->n_ports == 2);
  component.label = g_string_chunk_insert (self->strings, label);
  measure_label (self, label, &width, &height);
  place_label (&component, width, height);
  component.first_port = self->ports->len;

  for (guint p = 0; p < info->n_ports; p++)
    {
      MfCanvasPort port = { 0 };
      g_autofree char *name = g_strconcat (component.id, ".", info->ports[p].name, NULL);
      double dx, dy;

      port.name = g_string_chunk_insert (self->strings, name);
      port.component = self->components->len;
      port.port = p;
      mf_symbol_get_port (info->type, p, component.rotation, &dx, &dy, &port.direction);
      port.x = component.x + dx;
      port.y = component.y + dy;
      port.domain = info->ports[p].domain;
      port.node = self->ports->len;
      g_hash_table_insert (self->port_index, (gpointer) port.name,
                           GUINT_TO_POINTER (self->ports->len + 1));
      g_array_append_val (self->ports, port);
    }
  g_hash_table_insert (self->component_index, (gpointer) component.id,
                       GUINT_TO_POINTER (self->components->len + 1));
  g_array_append_val (self->components, component);
}

/* Wires keep out of a symbol unless its port is the symbol's middle. */
static MfWireEnd
wire_end (MfCanvasGeometry *self,
          guint             port_index)
{
  const MfCanvasPort *port = &g_array_index (self->ports, MfCanvasPort, port_index);
  const MfCanvasComponent *c = &g_array_index (self->components, MfCanvasComponent,
                                               port->component);
  MfWireEnd end = { port->x, port->y, port->direction, NULL };

  if (port->direction != MF_PORT_DIRECTION_NONE)
    end.box = &c->bounds;
  return end;
}

static void
add_wires (MfCanvasGeometry *self)
{
  MfEditDocument *doc = self->document;
  guint n_wires = mf_edit_document_get_n_wires (doc);
  g_autofree guint *node = g_new (guint, MAX (self->ports->len, 1));
  MfUnionFind nodes;

  /* ports joined by wires form a node, as in the core (mf-port-nodes.h) */
  mf_union_find_init (&nodes, self->ports->len);
  for (guint w = 0; w < n_wires; w++)
    {
      const char *end_a, *end_b;
      MfCanvasWire wire = { 0 };
      gpointer a, b;
      MfWireEnd ea, eb;

      mf_edit_document_get_wire (doc, w, &end_a, &end_b);
      a = g_hash_table_lookup (self->port_index, end_a);
      b = g_hash_table_lookup (self->port_index, end_b);
      if (a == NULL || b == NULL)
        continue;
      wire.index = w;
      wire.port_a = GPOINTER_TO_UINT (a) - 1;
      wire.port_b = GPOINTER_TO_UINT (b) - 1;
      ea = wire_end (self, wire.port_a);
      eb = wire_end (self, wire.port_b);
      wire.domain = g_array_index (self->ports, MfCanvasPort, wire.port_a).domain;
      mf_wire_route (&ea, &eb, &wire.route);
      g_array_index (self->ports, MfCanvasPort, wire.port_a).n_wires++;
      g_array_index (self->ports, MfCanvasPort, wire.port_b).n_wires++;
      mf_union_find_join (&nodes, wire.port_a, wire.port_b);
      g_array_append_val (self->wires, wire);
    }

  self->n_nodes = mf_union_find_number (&nodes, node);
  mf_union_find_clear (&nodes);
  for (guint i = 0; i < self->ports->len; i++)
    g_array_index (self->ports, MfCanvasPort, i).node = node[i];
  for (guint w = 0; w < self->wires->len; w++)
    {
      MfCanvasWire *wire = &g_array_index (self->wires, MfCanvasWire, w);

      wire->node = g_array_index (self->ports, MfCanvasPort, wire->port_a).node;
    }
}

static gboolean
rects_meet (const cairo_rectangle_t *a,
            const cairo_rectangle_t *b)
{
  return a->x < b->x + b->width && b->x < a->x + a->width && a->y < b->y + b->height
         && b->y < a->y + a->height;
}

/* Whether `rect` would cover anything drawn but junction `self_index`. */
static gboolean
label_collides (MfCanvasGeometry        *self,
                guint                    self_index,
                const cairo_rectangle_t *rect)
{
  for (guint i = 0; i < self->components->len; i++)
    {
      const MfCanvasComponent *c = &g_array_index (self->components, MfCanvasComponent, i);

      if (i != self_index && (rects_meet (rect, &c->bounds) || rects_meet (rect, &c->label_rect)))
        return TRUE;
    }
  for (guint w = 0; w < self->wires->len; w++)
    {
      const MfWireRoute *route = &g_array_index (self->wires, MfCanvasWire, w).route;

      for (guint i = 0; i + 1 < route->n_points; i++)
        {
          const MfCanvasPoint *p = &route->points[i], *q = &route->points[i + 1];
          cairo_rectangle_t line = { MIN (p->x, q->x) - 1, MIN (p->y, q->y) - 1,
                                     fabs (q->x - p->x) + 2, fabs (q->y - p->y) + 2 };

          if (rects_meet (rect, &line))
            return TRUE;
        }
    }
  return FALSE;
}

/* A junction's name goes in whichever corner beside its dot is free:
 * lines meet there from every side. */
static void
place_junction_labels (MfCanvasGeometry *self)
{
  static const double corners[4][2] = { { 1, -1 }, { -1, -1 }, { 1, 1 }, { -1, 1 } };

  for (guint i = 0; i < self->components->len; i++)
    {
      MfCanvasComponent *c = &g_array_index (self->components, MfCanvasComponent, i);
      cairo_rectangle_t r = c->label_rect;

      if (c->type != MF_COMPONENT_JUNCTION)
        continue;
      for (guint k = 0; k < G_N_ELEMENTS (corners); k++)
        {
          /* with a little air around it */
          cairo_rectangle_t room;

          r.x = corners[k][0] > 0 ? c->x + 4 : c->x - 4 - r.width;
          r.y = corners[k][1] > 0 ? c->y + 3 : c->y - 3 - r.height;
          room = (cairo_rectangle_t) { r.x - 5, r.y - 1, r.width + 10, r.height + 2 };
          if (!label_collides (self, i, &room))
            {
              c->label_rect = r;
              break;
            }
        }
    }
}

static void
mf_canvas_geometry_ensure (MfCanvasGeometry *self)
{
  guint n;

  if (!self->dirty)
    return;
  self->dirty = FALSE;
  g_array_set_size (self->components, 0);
  g_array_set_size (self->ports, 0);
  g_array_set_size (self->wires, 0);
  g_array_set_size (self->dots, 0);
  g_hash_table_remove_all (self->component_index);
  g_hash_table_remove_all (self->port_index);
  g_string_chunk_clear (self->strings);
  self->n_nodes = 0;
  if (self->document == NULL)
    return;

  n = mf_edit_document_get_n_components (self->document);
  for (guint i = 0; i < n; i++)
    {
      const MfComponentTypeInfo *info = mf_edit_document_get_component_info (self->document, i);

      if (info != NULL)
        add_component (self, i, info);
    }
  add_wires (self);
  find_dots (self);
  place_junction_labels (self);
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

static void
union_rect (cairo_rectangle_t       *acc,
            const cairo_rectangle_t *r,
            gboolean                 first)
{
  double x2, y2;

  if (first)
    {
      *acc = *r;
      return;
    }
  x2 = MAX (acc->x + acc->width, r->x + r->width);
  y2 = MAX (acc->y + acc->height, r->y + r->height);
  acc->x = MIN (acc->x, r->x);
  acc->y = MIN (acc->y, r->y);
  acc->width = x2 - acc->x;
  acc->height = y2 - acc->y;
}

gboolean
mf_canvas_geometry_get_bounds (MfCanvasGeometry  *self,
                               cairo_rectangle_t *bounds)
{
  gboolean first = TRUE;

  g_return_val_if_fail (MF_IS_CANVAS_GEOMETRY (self), FALSE);

  mf_canvas_geometry_ensure (self);
  for (guint i = 0; i < self->components->len; i++)
    {
      const MfCanvasComponent *c = &g_array_index (self->components, MfCanvasComponent, i);

      union_rect (bounds, &c->bounds, first);
      union_rect (bounds, &c->label_rect, FALSE);
      first = FALSE;
    }
  for (guint w = 0; w < self->wires->len; w++)
    {
      const MfCanvasWire *wire = &g_array_index (self->wires, MfCanvasWire, w);

      for (guint i = 0; i < wire->route.n_points; i++)
        {
          cairo_rectangle_t p = { wire->route.points[i].x, wire->route.points[i].y, 0, 0 };
          union_rect (bounds, &p, first);
          first = FALSE;
        }
    }
  return !first;
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
  g_return_val_if_fail (MF_IS_CANVAS_GEOMETRY (self), -1);

  mf_canvas_geometry_ensure (self);
  /* later components are drawn on top */
  for (guint i = self->components->len; i-- > 0;)
    {
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
  double best = radius * radius;
  int found = -1;

  g_return_val_if_fail (MF_IS_CANVAS_GEOMETRY (self), -1);

  mf_canvas_geometry_ensure (self);
  for (guint i = 0; i < self->ports->len; i++)
    {
      const MfCanvasPort *port = &g_array_index (self->ports, MfCanvasPort, i);
      double d2 = (port->x - x) * (port->x - x) + (port->y - y) * (port->y - y);

      if (d2 <= best)
        {
          best = d2;
          found = (int) i;
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
  g_return_val_if_fail (MF_IS_CANVAS_GEOMETRY (self), -1);

  mf_canvas_geometry_ensure (self);
  for (guint w = self->wires->len; w-- > 0;)
    {
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
  for (guint i = 0; i < self->components->len; i++)
    {
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
