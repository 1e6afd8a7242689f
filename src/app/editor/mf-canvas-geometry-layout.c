/* mf-canvas-geometry-layout.c: laying out a document for the canvas.
 *
 * Wires are routed as short orthogonal polylines from port to port: each
 * route leaves its port the way the port faces, and among a handful of L-
 * and Z-shaped candidates the one with the fewest bends wins that neither
 * doubles back on itself nor cuts through the symbols it joins.  That keeps
 * a hand-placed schematic tidy without a full maze router, and is fast
 * enough to redo for every step of a drag.
 *
 * A whole build reads every component and wire of the document.  After an
 * edit that changed a few components in place (a parameter, a move, a turn)
 * an update lays out again only what they touch: their symbols, ports and
 * labels, their wires, the junction dots of their nodes, and the junction
 * labels that could see any of it — with the same result as a whole build,
 * at the cost of what changed instead of the circuit's size.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-canvas-geometry-private.h"

#include <math.h>
#include <string.h>

#include "mf-component-label.h"
#include "mf-port-nodes.h"

/* Past these, an update costs about what a whole build does: components
 * changed by one edit (as a share of all), and updates in a row (whose
 * changed labels pile up in the string chunk). */
#define UPDATE_SHARE 16
#define MAX_UPDATES  4096

#define COMPONENT(self, i) (&g_array_index ((self)->components, MfCanvasComponent, (i)))
#define PORT(self, i)      (&g_array_index ((self)->ports, MfCanvasPort, (i)))
#define WIRE(self, i)      (&g_array_index ((self)->wires, MfCanvasWire, (i)))
#define UINT_AT(array, i)  g_array_index ((array), guint, (i))

/* ---- rectangles ---- */

static gboolean
rects_meet (const cairo_rectangle_t *a,
            const cairo_rectangle_t *b)
{
  return a->x < b->x + b->width && b->x < a->x + a->width && a->y < b->y + b->height
         && b->y < a->y + a->height;
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

static void
route_box (const MfWireRoute *route,
           cairo_rectangle_t *box)
{
  *box = (cairo_rectangle_t) { 0 };
  for (guint i = 0; i < route->n_points; i++)
    {
      cairo_rectangle_t point = { route->points[i].x, route->points[i].y, 0, 0 };

      union_rect (box, &point, i == 0);
    }
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

      /* The cache only grows with new texts; drop it when it holds many
       * more than the circuit's labels, so that a build after an edit
       * measures only the labels the edit changed. */
      if (g_hash_table_size (self->label_sizes) > 8192 + 2 * self->n_document_components)
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
 * cylinder (its rod-side line leaves downwards), beside a junction's dot
 * and a directional valve, below everything else. */
static void
place_label (MfCanvasComponent *component,
             double             width,
             double             height)
{
  const cairo_rectangle_t *b = &component->bounds;
  gboolean upright = component->rotation % 180 != 0;
  cairo_rectangle_t *r = &component->label_rect;
  cairo_rectangle_t rest;

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
    case MF_COMPONENT_VALVE_4_3:
    case MF_COMPONENT_VALVE_4_2:
      /* its lines leave above and below the squares: the label goes beside
       * them as they stand at rest, where a reader looks for it (the
       * bounds take the room they slide in during a run as well) */
      upright = !upright;
      mf_symbol_get_rest_bounds (component->type, component->rotation, &rest);
      rest.x += component->x;
      rest.y += component->y;
      b = &rest;
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

/* Where a junction's label goes: in one of the corners beside its dot. */
static void
junction_label_corner (const MfCanvasComponent *c,
                       double                   sx,
                       double                   sy,
                       cairo_rectangle_t       *r)
{
  r->width = c->label_rect.width;
  r->height = c->label_rect.height;
  r->x = sx > 0 ? c->x + 4 : c->x - 4 - r->width;
  r->y = sy > 0 ? c->y + 3 : c->y - 3 - r->height;
}

/* What component `i` may cover: its symbol and every place its label may
 * take.  The component grid holds these. */
static void
component_box (MfCanvasGeometry  *self,
               guint              i,
               cairo_rectangle_t *box)
{
  const MfCanvasComponent *c = COMPONENT (self, i);

  union_rect (box, &c->bounds, TRUE);
  union_rect (box, &c->label_rect, FALSE);
  union_rect (box, &g_array_index (self->default_labels, cairo_rectangle_t, i), FALSE);
  if (c->type == MF_COMPONENT_JUNCTION)
    {
      cairo_rectangle_t corner;

      junction_label_corner (c, -1, -1, &corner);
      union_rect (box, &corner, FALSE);
      junction_label_corner (c, 1, 1, &corner);
      union_rect (box, &corner, FALSE);
    }
}

/* Whether `rect` would cover anything drawn but junction `self_index`, as
 * the junctions are laid out one after another: the labels of later
 * junctions are still where place_label() put them.  Only the neighbours
 * the grids name are looked at. */
static gboolean
label_collides (MfCanvasGeometry        *self,
                guint                    self_index,
                const cairo_rectangle_t *rect)
{
  mf_canvas_grid_query (self->component_grid, rect, 0, self->near);
  for (guint k = 0; k < self->near->len; k++)
    {
      guint i = UINT_AT (self->near, k);
      const MfCanvasComponent *c = COMPONENT (self, i);
      const cairo_rectangle_t *label = &c->label_rect;

      if (i == self_index)
        continue;
      if (c->type == MF_COMPONENT_JUNCTION && i > self_index)
        label = &g_array_index (self->default_labels, cairo_rectangle_t, i);
      if (rects_meet (rect, &c->bounds) || rects_meet (rect, label))
        return TRUE;
    }
  /* a segment's box is grown by 1 */
  mf_canvas_grid_query (self->wire_grid, rect, 1, self->near);
  for (guint k = 0; k < self->near->len; k++)
    {
      const MfWireRoute *route = &WIRE (self, UINT_AT (self->near, k))->route;

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

/* A junction's name goes in whichever corner beside its dot is free (lines
 * meet there from every side), else where place_label() put it.  TRUE when
 * that is not where it was. */
static gboolean
place_junction_label (MfCanvasGeometry *self,
                      guint             i)
{
  static const double corners[4][2] = { { 1, -1 }, { -1, -1 }, { 1, 1 }, { -1, 1 } };
  MfCanvasComponent *c = COMPONENT (self, i);
  cairo_rectangle_t was = c->label_rect;

  c->label_rect = g_array_index (self->default_labels, cairo_rectangle_t, i);
  for (guint k = 0; k < G_N_ELEMENTS (corners); k++)
    {
      /* with a little air around it */
      cairo_rectangle_t r, room;

      junction_label_corner (c, corners[k][0], corners[k][1], &r);
      room = (cairo_rectangle_t) { r.x - 5, r.y - 1, r.width + 10, r.height + 2 };
      if (!label_collides (self, i, &room))
        {
          c->label_rect = r;
          break;
        }
    }
  return memcmp (&was, &c->label_rect, sizeof was) != 0;
}

/* ---- junction dots ---- */

/* Items 0..n-1 grouped by key: list[start[k] .. start[k + 1]) have key k,
 * in increasing order. */
static void
group_by_node (MfCanvasGeometry *self,
               GArray           *items,
               gboolean          wires,
               GArray           *start,
               GArray           *list)
{
  guint n = items->len, n_nodes = self->n_nodes;

  g_array_set_size (start, n_nodes + 1);
  g_array_set_size (list, n);
  memset (start->data, 0, (n_nodes + 1) * sizeof (guint));
  for (guint i = 0; i < n; i++)
    UINT_AT (start, (wires ? WIRE (self, i)->node : PORT (self, i)->node) + 1)++;
  for (guint k = 0; k < n_nodes; k++)
    UINT_AT (start, k + 1) += UINT_AT (start, k);
  for (guint i = 0; i < n; i++)
    {
      guint node = wires ? WIRE (self, i)->node : PORT (self, i)->node;

      UINT_AT (list, UINT_AT (start, node)++) = i;
    }
  /* placing moved each start to its group's end */
  for (guint k = n_nodes; k > 0; k--)
    UINT_AT (start, k) = UINT_AT (start, k - 1);
  UINT_AT (start, 0) = 0;
}

/* Appends the dots of `node` to self->dots. */
static void
add_node_dots (MfCanvasGeometry *self,
               guint             node)
{
  guint w0 = UINT_AT (self->node_wire_start, node), w1 = UINT_AT (self->node_wire_start, node + 1);
  guint p0 = UINT_AT (self->node_port_start, node), p1 = UINT_AT (self->node_port_start, node + 1);

  if (w1 - w0 < 2)
    return;
  g_ptr_array_set_size (self->routes, 0);
  for (guint k = w0; k < w1; k++)
    g_ptr_array_add (self->routes, &WIRE (self, UINT_AT (self->node_wires, k))->route);
  g_array_set_size (self->ends, 0);
  for (guint k = p0; k < p1; k++)
    {
      const MfCanvasPort *port = PORT (self, UINT_AT (self->node_ports, k));
      MfWireEnd end = { port->x, port->y, port->direction, NULL };

      g_array_append_val (self->ends, end);
    }
  g_array_set_size (self->points, 0);
  mf_wire_route_find_junctions ((const MfWireRoute * const *) self->routes->pdata, w1 - w0,
                                (const MfWireEnd *) self->ends->data, p1 - p0, self->points);
  for (guint i = 0; i < self->points->len; i++)
    {
      const MfCanvasPoint *p = &g_array_index (self->points, MfCanvasPoint, i);
      MfCanvasDot dot = { p->x, p->y, node };

      g_array_append_val (self->dots, dot);
    }
}

static void
find_dots (MfCanvasGeometry *self)
{
  group_by_node (self, self->wires, TRUE, self->node_wire_start, self->node_wires);
  group_by_node (self, self->ports, FALSE, self->node_port_start, self->node_ports);
  g_array_set_size (self->node_dot_start, self->n_nodes + 1);
  g_array_set_size (self->dots, 0);
  for (guint node = 0; node < self->n_nodes; node++)
    {
      UINT_AT (self->node_dot_start, node) = self->dots->len;
      add_node_dots (self, node);
    }
  UINT_AT (self->node_dot_start, self->n_nodes) = self->dots->len;
}

/* Finds the dots of the nodes marked in this update again, and keeps the
 * others' as they were. */
static void
update_dots (MfCanvasGeometry *self)
{
  GArray *old = self->dots;

  self->dots = self->spare_dots;
  self->spare_dots = old;
  g_array_set_size (self->dots, 0);
  for (guint node = 0; node < self->n_nodes; node++)
    {
      guint begin = UINT_AT (self->node_dot_start, node);
      guint end = UINT_AT (self->node_dot_start, node + 1);

      UINT_AT (self->node_dot_start, node) = self->dots->len;
      if (UINT_AT (self->node_marks, node) == self->mark)
        add_node_dots (self, node);
      else
        g_array_append_vals (self->dots, &g_array_index (old, MfCanvasDot, begin), end - begin);
    }
  UINT_AT (self->node_dot_start, self->n_nodes) = self->dots->len;
}

/* ---- the grids ---- */

static void
index_components (MfCanvasGeometry *self)
{
  g_array_set_size (self->boxes, self->components->len);
  for (guint i = 0; i < self->components->len; i++)
    component_box (self, i, &g_array_index (self->boxes, cairo_rectangle_t, i));
  mf_canvas_grid_build (self->component_grid, (const cairo_rectangle_t *) self->boxes->data,
                        self->components->len);
}

static void
index_wires (MfCanvasGeometry *self)
{
  g_array_set_size (self->boxes, self->wires->len);
  for (guint w = 0; w < self->wires->len; w++)
    route_box (&WIRE (self, w)->route, &g_array_index (self->boxes, cairo_rectangle_t, w));
  mf_canvas_grid_build (self->wire_grid, (const cairo_rectangle_t *) self->boxes->data,
                        self->wires->len);
}

static void
index_dots (MfCanvasGeometry *self)
{
  g_array_set_size (self->boxes, self->dots->len);
  for (guint i = 0; i < self->dots->len; i++)
    {
      const MfCanvasDot *dot = &g_array_index (self->dots, MfCanvasDot, i);

      g_array_index (self->boxes, cairo_rectangle_t, i) = (cairo_rectangle_t) { dot->x, dot->y,
                                                                                0, 0 };
    }
  mf_canvas_grid_build (self->dot_grid, (const cairo_rectangle_t *) self->boxes->data,
                        self->dots->len);
}

/* What everything covers, labels included. */
static void
find_bounds (MfCanvasGeometry *self)
{
  gboolean first = TRUE;

  for (guint i = 0; i < self->components->len; i++)
    {
      const MfCanvasComponent *c = COMPONENT (self, i);

      union_rect (&self->bounds, &c->bounds, first);
      union_rect (&self->bounds, &c->label_rect, FALSE);
      first = FALSE;
    }
  for (guint w = 0; w < self->wires->len; w++)
    {
      const MfCanvasWire *wire = WIRE (self, w);

      for (guint i = 0; i < wire->route.n_points; i++)
        {
          cairo_rectangle_t p = { wire->route.points[i].x, wire->route.points[i].y, 0, 0 };
          union_rect (&self->bounds, &p, first);
          first = FALSE;
        }
    }
  self->has_bounds = !first;
}

/* ---- components and wires ---- */

/* Where component `i` and its ports are, and its label, from the
 * document's component `index`: everything but its id, type and ports'
 * names and nodes. */
static void
lay_out_component (MfCanvasGeometry *self,
                   guint             i,
                   guint             index)
{
  MfEditDocument *doc = self->document;
  MfCanvasComponent *component = COMPONENT (self, i);
  const MfComponentTypeInfo *info = component->info;
  g_autofree char *label = NULL;
  cairo_rectangle_t bounds;
  double width, height;

  mf_edit_document_get_component_position (doc, index, &component->x, &component->y);
  component->rotation = mf_edit_document_get_component_rotation (doc, index);
  mf_symbol_get_bounds (info->type, component->rotation, &bounds);
  component->bounds.x = component->x + bounds.x;
  component->bounds.y = component->y + bounds.y;
  component->bounds.width = bounds.width;
  component->bounds.height = bounds.height;
  label = mf_component_label (doc, index, component->rotation % 180 != 0 && info->n_ports == 2);
  if (component->label == NULL || strcmp (component->label, label) != 0)
    component->label = g_string_chunk_insert (self->strings, label);
  measure_label (self, label, &width, &height);
  place_label (component, width, height);
  g_array_index (self->default_labels, cairo_rectangle_t, i) = component->label_rect;

  for (guint p = 0; p < info->n_ports; p++)
    {
      MfCanvasPort *port = PORT (self, component->first_port + p);
      double dx, dy;

      mf_symbol_get_port (info->type, p, component->rotation, &dx, &dy, &port->direction);
      port->x = component->x + dx;
      port->y = component->y + dy;
    }
}

static void
add_component (MfCanvasGeometry          *self,
               guint                      index,
               const MfComponentTypeInfo *info)
{
  MfCanvasComponent component = { 0 };
  cairo_rectangle_t no_label = { 0 };

  component.id = g_string_chunk_insert (self->strings,
                                        mf_edit_document_get_component_id (self->document,
                                                                           index));
  component.type = info->type;
  component.info = info;
  component.first_port = self->ports->len;
  for (guint p = 0; p < info->n_ports; p++)
    {
      MfCanvasPort port = { 0 };
      g_autofree char *name = g_strconcat (component.id, ".", info->ports[p].name, NULL);

      port.name = g_string_chunk_insert (self->strings, name);
      port.component = self->components->len;
      port.port = p;
      port.domain = info->ports[p].domain;
      port.node = self->ports->len;
      g_hash_table_insert (self->port_index, (gpointer) port.name,
                           GUINT_TO_POINTER (self->ports->len + 1));
      g_array_append_val (self->ports, port);
    }
  g_hash_table_insert (self->component_index, (gpointer) component.id,
                       GUINT_TO_POINTER (self->components->len + 1));
  g_array_append_val (self->components, component);
  g_array_append_val (self->default_labels, no_label);
  lay_out_component (self, self->components->len - 1, index);
}

/* Wires keep out of a symbol unless its port is the symbol's middle. */
static MfWireEnd
wire_end (MfCanvasGeometry *self,
          guint             port_index)
{
  const MfCanvasPort *port = PORT (self, port_index);
  const MfCanvasComponent *c = COMPONENT (self, port->component);
  MfWireEnd end = { port->x, port->y, port->direction, NULL };

  if (port->direction != MF_PORT_DIRECTION_NONE)
    end.box = &c->bounds;
  return end;
}

static void
route_wire (MfCanvasGeometry *self,
            MfCanvasWire     *wire)
{
  MfWireEnd ea = wire_end (self, wire->port_a), eb = wire_end (self, wire->port_b);

  mf_wire_route (&ea, &eb, &wire->route);
}

/* Each port's wires, by the port's index. */
static void
list_port_wires (MfCanvasGeometry *self)
{
  guint n_ports = self->ports->len;

  g_array_set_size (self->port_wire_start, n_ports + 1);
  g_array_set_size (self->port_wires, 2 * self->wires->len);
  memset (self->port_wire_start->data, 0, (n_ports + 1) * sizeof (guint));
  for (guint w = 0; w < self->wires->len; w++)
    {
      UINT_AT (self->port_wire_start, WIRE (self, w)->port_a + 1)++;
      UINT_AT (self->port_wire_start, WIRE (self, w)->port_b + 1)++;
    }
  for (guint p = 0; p < n_ports; p++)
    UINT_AT (self->port_wire_start, p + 1) += UINT_AT (self->port_wire_start, p);
  for (guint w = 0; w < self->wires->len; w++)
    {
      UINT_AT (self->port_wires, UINT_AT (self->port_wire_start, WIRE (self, w)->port_a)++) = w;
      UINT_AT (self->port_wires, UINT_AT (self->port_wire_start, WIRE (self, w)->port_b)++) = w;
    }
  for (guint p = n_ports; p > 0; p--)
    UINT_AT (self->port_wire_start, p) = UINT_AT (self->port_wire_start, p - 1);
  UINT_AT (self->port_wire_start, 0) = 0;
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

      mf_edit_document_get_wire (doc, w, &end_a, &end_b);
      a = g_hash_table_lookup (self->port_index, end_a);
      b = g_hash_table_lookup (self->port_index, end_b);
      if (a == NULL || b == NULL)
        continue;
      wire.index = w;
      wire.port_a = GPOINTER_TO_UINT (a) - 1;
      wire.port_b = GPOINTER_TO_UINT (b) - 1;
      wire.domain = PORT (self, wire.port_a)->domain;
      route_wire (self, &wire);
      PORT (self, wire.port_a)->n_wires++;
      PORT (self, wire.port_b)->n_wires++;
      mf_union_find_join (&nodes, wire.port_a, wire.port_b);
      g_array_append_val (self->wires, wire);
    }

  self->n_nodes = mf_union_find_number (&nodes, node);
  mf_union_find_clear (&nodes);
  for (guint i = 0; i < self->ports->len; i++)
    PORT (self, i)->node = node[i];
  for (guint w = 0; w < self->wires->len; w++)
    WIRE (self, w)->node = PORT (self, WIRE (self, w)->port_a)->node;
  list_port_wires (self);
}

/* ---- building ---- */

void
mf_canvas_geometry_build (MfCanvasGeometry *self)
{
  guint n;

  g_array_set_size (self->components, 0);
  g_array_set_size (self->default_labels, 0);
  g_array_set_size (self->ports, 0);
  g_array_set_size (self->wires, 0);
  g_array_set_size (self->dots, 0);
  g_hash_table_remove_all (self->component_index);
  g_hash_table_remove_all (self->port_index);
  g_string_chunk_clear (self->strings);
  self->n_nodes = 0;
  self->n_updates = 0;
  self->n_builds++;
  self->has_bounds = FALSE;
  n = self->document != NULL ? mf_edit_document_get_n_components (self->document) : 0;
  self->n_document_components = n;
  for (guint i = 0; i < n; i++)
    {
      const MfComponentTypeInfo *info = mf_edit_document_get_component_info (self->document, i);

      if (info != NULL)
        add_component (self, i, info);
    }
  if (self->document != NULL)
    add_wires (self);
  find_dots (self);
  index_wires (self);
  index_dots (self);
  index_components (self);
  for (guint i = 0; i < self->components->len; i++)
    if (COMPONENT (self, i)->type == MF_COMPONENT_JUNCTION)
      place_junction_label (self, i);
  find_bounds (self);
}

/* ---- updating ---- */

/* TRUE the first time `i` is marked in this update. */
static gboolean
mark (GArray *marks,
      guint   i,
      guint   stamp)
{
  if (UINT_AT (marks, i) == stamp)
    return FALSE;
  UINT_AT (marks, i) = stamp;
  return TRUE;
}

static void
new_marks (MfCanvasGeometry *self)
{
  GArray *all[] = { self->component_marks, self->wire_marks, self->node_marks };
  guint sizes[] = { self->components->len, self->wires->len, self->n_nodes };

  if (++self->mark == 0)
    {
      for (guint k = 0; k < G_N_ELEMENTS (all); k++)
        g_array_set_size (all[k], 0);
      self->mark = 1;
    }
  for (guint k = 0; k < G_N_ELEMENTS (all); k++)
    if (all[k]->len < sizes[k])
      {
        guint was = all[k]->len;

        g_array_set_size (all[k], sizes[k]);
        memset (&UINT_AT (all[k], was), 0, (sizes[k] - was) * sizeof (guint));
      }
}

static void
add_dirty (MfCanvasGeometry        *self,
           const cairo_rectangle_t *rect)
{
  g_array_append_val (self->dirty_rects, *rect);
}

/* Lays component `i` out again, noting what it covered and covers, its
 * nodes and its wires; FALSE when its id or type is no longer what the
 * geometry has. */
static gboolean
update_component (MfCanvasGeometry *self,
                  guint             i)
{
  MfCanvasComponent *c = COMPONENT (self, i);
  cairo_rectangle_t box;

  if (mf_edit_document_get_component_info (self->document, i) != c->info
      || strcmp (mf_edit_document_get_component_id (self->document, i), c->id) != 0)
    return FALSE;
  component_box (self, i, &box);
  add_dirty (self, &box);
  lay_out_component (self, i, i);
  component_box (self, i, &box);
  add_dirty (self, &box);
  mf_canvas_grid_move (self->component_grid, i, &box);
  for (guint p = c->first_port; p < c->first_port + c->info->n_ports; p++)
    {
      mark (self->node_marks, PORT (self, p)->node, self->mark);
      for (guint k = UINT_AT (self->port_wire_start, p); k < UINT_AT (self->port_wire_start, p + 1);
           k++)
        if (mark (self->wire_marks, UINT_AT (self->port_wires, k), self->mark))
          g_array_append_val (self->reroute, UINT_AT (self->port_wires, k));
    }
  return TRUE;
}

static void
reroute_wires (MfCanvasGeometry *self)
{
  for (guint k = 0; k < self->reroute->len; k++)
    {
      guint w = UINT_AT (self->reroute, k);
      cairo_rectangle_t box;

      route_box (&WIRE (self, w)->route, &box);
      add_dirty (self, &box);
      route_wire (self, WIRE (self, w));
      route_box (&WIRE (self, w)->route, &box);
      add_dirty (self, &box);
      mf_canvas_grid_move (self->wire_grid, w, &box);
    }
}

/* ---- a heap of junctions, smallest index first ---- */

static void
queue_push (GArray *heap,
            guint   value)
{
  guint i = heap->len;

  g_array_append_val (heap, value);
  while (i > 0 && UINT_AT (heap, (i - 1) / 2) > value)
    {
      UINT_AT (heap, i) = UINT_AT (heap, (i - 1) / 2);
      i = (i - 1) / 2;
    }
  UINT_AT (heap, i) = value;
}

static guint
queue_pop (GArray *heap)
{
  guint top = UINT_AT (heap, 0), last = UINT_AT (heap, heap->len - 1), i = 0;

  g_array_set_size (heap, heap->len - 1);
  while (2 * i + 1 < heap->len)
    {
      guint child = 2 * i + 1;

      if (child + 1 < heap->len && UINT_AT (heap, child + 1) < UINT_AT (heap, child))
        child++;
      if (UINT_AT (heap, child) >= last)
        break;
      UINT_AT (heap, i) = UINT_AT (heap, child);
      i = child;
    }
  if (heap->len > 0)
    UINT_AT (heap, i) = last;
  return top;
}

/* Queues the junctions after `after` (all when -1) whose label, with the
 * air around it, could meet `rect`. */
static void
queue_junctions_near (MfCanvasGeometry        *self,
                      const cairo_rectangle_t *rect,
                      int                      after)
{
  mf_canvas_grid_query (self->component_grid, rect, 5, self->near);
  for (guint k = 0; k < self->near->len; k++)
    {
      guint j = UINT_AT (self->near, k);

      if ((int) j > after && COMPONENT (self, j)->type == MF_COMPONENT_JUNCTION
          && mark (self->component_marks, j, self->mark))
        queue_push (self->queue, j);
    }
}

/* The junction labels near what changed, placed again in the order of a
 * whole build; a label that moves sends the later junctions near it round
 * again, as it would have changed their choice in a whole build. */
static void
replace_junction_labels (MfCanvasGeometry *self)
{
  /* the component marks now say "queued" */
  new_marks (self);
  g_array_set_size (self->queue, 0);
  for (guint k = 0; k < self->dirty_rects->len; k++)
    queue_junctions_near (self, &g_array_index (self->dirty_rects, cairo_rectangle_t, k), -1);
  while (self->queue->len > 0)
    {
      guint i = queue_pop (self->queue);
      cairo_rectangle_t was = COMPONENT (self, i)->label_rect;

      if (place_junction_label (self, i))
        {
          queue_junctions_near (self, &was, (int) i);
          queue_junctions_near (self, &COMPONENT (self, i)->label_rect, (int) i);
        }
    }
}

gboolean
mf_canvas_geometry_update (MfCanvasGeometry *self)
{
  guint n = self->components->len;

  if (self->document == NULL || mf_edit_document_get_n_components (self->document) != n
      || self->n_document_components != n || self->changed->len > MAX (16, n / UPDATE_SHARE)
      || ++self->n_updates > MAX_UPDATES)
    return FALSE;
  if (self->changed->len == 0)
    return TRUE;
  new_marks (self);
  g_array_set_size (self->dirty_rects, 0);
  g_array_set_size (self->reroute, 0);
  for (guint k = 0; k < self->changed->len; k++)
    {
      guint i = UINT_AT (self->changed, k);

      if (i >= n)
        return FALSE;
      if (mark (self->component_marks, i, self->mark) && !update_component (self, i))
        return FALSE;
    }
  reroute_wires (self);
  update_dots (self);
  index_dots (self);
  replace_junction_labels (self);
  find_bounds (self);
  return TRUE;
}
