/* mf-canvas-probe.c: what the canvas offers the plots — in probe mode a
 * click names the component or the node under the pointer, instead of
 * editing (signal "probe", mf-canvas.h); in any mode Ctrl+drag from a
 * component, a port or a wire carries its main quantity ("C1.x", "O1.q",
 * "J1.p") to a plot as text (mf-quantity-drag.h).
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

#include "mf-quantity-drag.h"

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

/* What is under (widget_x, widget_y) to plot: *node a node (a port of
 * it, or a wire), else *component a component; FALSE when nothing is. */
static gboolean
pick_at (MfCanvas *self,
         double    widget_x,
         double    widget_y,
         int      *component,
         int      *node)
{
  double x, y;
  int index;

  *component = *node = -1;
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
      *node = (int) mf_canvas_geometry_get_port (self->geometry, index)->node;
      return TRUE;
    }
  *component = mf_canvas_geometry_component_at (self->geometry, x, y);
  if (*component >= 0)
    return TRUE;
  index = mf_canvas_geometry_wire_at (self->geometry, x, y, mf_canvas_hit_radius (self, 5));
  if (index >= 0 && mf_canvas_geometry_get_wire (self->geometry, index)->domain
                      == MF_DOMAIN_HYDRAULIC)
    {
      *node = (int) mf_canvas_geometry_get_wire (self->geometry, index)->node;
      return TRUE;
    }
  return FALSE;
}

gboolean
mf_canvas_probe_at (MfCanvas *self,
                    double    widget_x,
                    double    widget_y)
{
  int component, node;

  g_return_val_if_fail (MF_IS_CANVAS (self), FALSE);

  if (!pick_at (self, widget_x, widget_y, &component, &node))
    return FALSE;
  if (node >= 0)
    probe_node (self, (guint) node);
  else
    probe_component (self, (guint) component);
  return TRUE;
}

/* ---- a quantity dragged onto a plot ---- */

char *
mf_canvas_quantity_at (MfCanvas *self,
                       double    widget_x,
                       double    widget_y)
{
  const MfCanvasComponent *c;
  g_autofree char *node_name = NULL;
  int component, node;

  g_return_val_if_fail (MF_IS_CANVAS (self), NULL);

  if (!pick_at (self, widget_x, widget_y, &component, &node))
    return NULL;
  if (node < 0)
    {
      c = mf_canvas_geometry_get_component (self->geometry, (guint) component);
      switch (c->type)
        {
        case MF_COMPONENT_PISTON:
        case MF_COMPONENT_MASS:
        case MF_COMPONENT_MOTOR:
        case MF_COMPONENT_INERTIA:
        case MF_COMPONENT_ACCUMULATOR:
          return g_strconcat (c->id, ".x", NULL);
        case MF_COMPONENT_PIPE:
        case MF_COMPONENT_ORIFICE:
        case MF_COMPONENT_VALVE:
        case MF_COMPONENT_CHECK_VALVE:
        case MF_COMPONENT_RELIEF_VALVE:
        case MF_COMPONENT_FLOW_CONTROL_VALVE:
        case MF_COMPONENT_REDUCING_VALVE:
        case MF_COMPONENT_FLOW_SOURCE:
        case MF_COMPONENT_PUMP:
        case MF_COMPONENT_VARIABLE_PUMP:
          return g_strconcat (c->id, ".q", NULL);
        case MF_COMPONENT_TANK:
        case MF_COMPONENT_JUNCTION:
        case MF_COMPONENT_VOLUME:
          node = (int) mf_canvas_geometry_get_port (self->geometry, c->first_port)->node;
          break;
        default:
          /* springs, dampers, forces, directional valves: no one quantity */
          return NULL;
        }
    }
  node_name = mf_canvas_node_name (self, (guint) node);
  return node_name != NULL ? g_strconcat (node_name, ".p", NULL) : NULL;
}

GdkContentProvider *
mf_canvas_quantity_drag_content (MfCanvas *self,
                                 double    widget_x,
                                 double    widget_y)
{
  g_autofree char *name = NULL;

  g_return_val_if_fail (MF_IS_CANVAS (self), NULL);

  name = mf_canvas_quantity_at (self, widget_x, widget_y);
  return name != NULL ? mf_quantity_drag_content (name) : NULL;
}

/* Ctrl+drag offers the quantity; a plain drag edits as before. */
static GdkContentProvider *
on_quantity_drag_prepare (GtkDragSource *source,
                          double         x,
                          double         y,
                          MfCanvas      *self)
{
  GdkModifierType mods = gtk_event_controller_get_current_event_state (
    GTK_EVENT_CONTROLLER (source));

  if ((mods & GDK_CONTROL_MASK) == 0)
    return NULL;
  return mf_canvas_quantity_drag_content (self, x, y);
}

void
mf_canvas_init_quantity_drag (MfCanvas *self)
{
  GtkDragSource *source = gtk_drag_source_new ();

  gtk_drag_source_set_actions (source, GDK_ACTION_COPY);
  g_signal_connect (source, "prepare", G_CALLBACK (on_quantity_drag_prepare), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (source));
}
