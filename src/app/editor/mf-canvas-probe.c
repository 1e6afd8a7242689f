/* mf-canvas-probe.c: the canvas in probe mode — a click names the
 * component or the node under the pointer for the plots, instead of
 * editing (signal "probe", mf-canvas.h).
 *
 * Nodes are named here as the core names them (docs/model.md, "Nodes and
 * their names": a junction names its node, any other node is named after
 * its first port in document order), so that "NAME.p" is the column of
 * that node's pressure.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-canvas-private.h"

char *
mf_canvas_node_name (MfCanvas *self,
                     guint     node)
{
  MfCanvasGeometry *geometry;
  guint n_ports;
  const char *first = NULL;

  g_return_val_if_fail (MF_IS_CANVAS (self), NULL);

  geometry = self->geometry;
  n_ports = mf_canvas_geometry_get_n_ports (geometry);
  /* The geometry lists ports component by component, in document order,
   * as the core numbers them. */
  for (guint i = 0; i < n_ports; i++)
    {
      const MfCanvasPort *port = mf_canvas_geometry_get_port (geometry, i);
      const MfCanvasComponent *c;

      if (port->node != node)
        continue;
      c = mf_canvas_geometry_get_component (geometry, port->component);
      if (c->type == MF_COMPONENT_JUNCTION)
        return g_strdup (c->id);
      if (first == NULL)
        first = port->name;
    }
  return g_strdup (first);
}

static void
probe_node (MfCanvas *self,
            guint     node)
{
  g_autofree char *name = mf_canvas_node_name (self, node);

  if (name != NULL)
    mf_canvas_emit_probe (self, name, TRUE);
}

static void
probe_component (MfCanvas *self,
                 guint     index)
{
  const MfCanvasComponent *c = mf_canvas_geometry_get_component (self->geometry, index);
  g_autofree char *id = g_strdup (c->id);
  gboolean one_hydraulic_port = c->info->n_ports == 1
                                && c->info->ports[0].domain == MF_DOMAIN_HYDRAULIC;
  guint node = mf_canvas_geometry_get_port (self->geometry, c->first_port)->node;

  /* (a handler may edit the document and so rebuild the geometry: what is
   * needed of it was copied first) */
  mf_canvas_emit_probe (self, id, FALSE);
  /* A tank's or a volume's pressure is its node's: that is what a user
   * clicking one wants to see. */
  if (one_hydraulic_port && c->type != MF_COMPONENT_JUNCTION)
    probe_node (self, node);
}

gboolean
mf_canvas_probe_at (MfCanvas *self,
                    double    widget_x,
                    double    widget_y)
{
  double x, y;
  int index;

  g_return_val_if_fail (MF_IS_CANVAS (self), FALSE);

  if (self->document == NULL)
    return FALSE;
  mf_view_transform_to_canvas (&self->view, widget_x, widget_y, &x, &y);
  /* a port is its node: clicking a pipe's end asks for that end's pressure */
  index = mf_canvas_geometry_port_at (self->geometry, x, y, mf_canvas_hit_radius (self, 5));
  if (index >= 0
      && mf_canvas_geometry_get_port (self->geometry, index)->domain == MF_DOMAIN_HYDRAULIC
      && mf_canvas_geometry_get_port (self->geometry, index)->direction
           != MF_PORT_DIRECTION_NONE)
    {
      probe_node (self, mf_canvas_geometry_get_port (self->geometry, index)->node);
      return TRUE;
    }
  index = mf_canvas_geometry_component_at (self->geometry, x, y);
  if (index >= 0)
    {
      probe_component (self, index);
      return TRUE;
    }
  index = mf_canvas_geometry_wire_at (self->geometry, x, y, mf_canvas_hit_radius (self, 5));
  if (index >= 0 && mf_canvas_geometry_get_wire (self->geometry, index)->domain
                      == MF_DOMAIN_HYDRAULIC)
    {
      probe_node (self, mf_canvas_geometry_get_wire (self->geometry, index)->node);
      return TRUE;
    }
  return FALSE;
}
