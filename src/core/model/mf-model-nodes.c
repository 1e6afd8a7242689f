/* mf-model-nodes.c: the nodes of the model — ports joined by wires
 * (mf-port-nodes.h), what each node is (a junction, a tank, a volume, a
 * compliant chamber, a mechanical node) and its capacitance (docs/model.md,
 * "Nodes and their names" and "Compliant chambers").
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-model-private.h"

#include <glib/gi18n.h>
#include <math.h>

#include "mf-error.h"
#include "mf-port-nodes.h"

void
mf_model_node_clear (MfNode *node)
{
  g_free (node->name);
  g_clear_pointer (&node->inertial, g_array_unref);
  g_clear_pointer (&node->chambers, g_array_unref);
}

/* Ports joined by wires form one node; a junction names its node, any other
 * node is named after its first port in document order (docs/model.md,
 * "Nodes and their names"). */
void
mf_model_build_nodes (MfModel *model)
{
  const MfCircuit *circuit = model->circuit;
  MfPortNodes ports;

  mf_port_nodes_init (&ports, circuit);
  model->port_offset = g_steal_pointer (&ports.offset);
  model->port_node = g_steal_pointer (&ports.node);
  mf_port_nodes_clear (&ports);

  /* the nodes are numbered in the order of their first ports, so a node's
   * first port is met when it is the next one to make */
  for (guint c = 0; c < circuit->components->len; c++)
    {
      const MfComponent *component = component_at (circuit, c);

      for (guint p = 0; p < component->info->n_ports; p++)
        {
          if (mf_model_port_node (model, c, p) == model->nodes->len)
            {
              MfNode node = { 0 };

              node.name = g_strdup_printf ("%s.%s", component->id, component->info->ports[p].name);
              node.kind = component->info->ports[p].domain != MF_DOMAIN_HYDRAULIC
                            ? MF_NODE_MECHANICAL
                            : MF_NODE_JUNCTION;
              node.rotary = component->info->ports[p].domain == MF_DOMAIN_ROTATIONAL;
              node.row = node.state = node.component = node.representative = MF_NONE;
              node.inertial = g_array_new (FALSE, FALSE, sizeof (guint));
              g_array_append_val (model->nodes, node);
            }
        }
    }
}

guint
mf_model_port_node (const MfModel *model, guint component, guint port)
{
  return model->port_node[model->port_offset[component] + port];
}

MfNode *
mf_model_port_node_of (MfModel *model, guint component, guint port)
{
  return &g_array_index (model->nodes, MfNode, mf_model_port_node (model, component, port));
}

/* A piston with dead volumes makes the nodes of its ports compliant, each
 * chamber adding (dead + A·x)/β, the rod's (dead + A_rod·(stroke − x))/β
 * (docs/model.md, "Compliant chambers"); on a tank's node the tank holds
 * the pressure and the chamber plays no part. */
static gboolean
add_chambers (MfModel *model, guint c, MfModelFault *fault, GError **error)
{
  const MfComponent *component = component_at (model->circuit, c);
  const MfParam *p = component->params;
  double bulk = model->circuit->fluid.bulk_modulus;

  for (guint side = 0; side < 2; side++)
    {
      double dead = p[side == 0 ? MF_PISTON_CAP_DEAD_VOLUME : MF_PISTON_ROD_DEAD_VOLUME].value;
      double area = p[side == 0 ? MF_PISTON_CAP_AREA : MF_PISTON_ROD_AREA].value;
      MfNode *node = mf_model_port_node_of (model, c, side == 0 ? MF_PISTON_CAP : MF_PISTON_ROD);
      MfChamber chamber = { c, MF_NONE, 0.0, 0.0 };

      if (isnan (dead) || node->kind == MF_NODE_BOUNDARY)
        continue;
      if (side == 1 && !isfinite (p[MF_PISTON_STROKE].value))
        {
          g_set_error (error, MF_ERROR, MF_ERROR_INVALID,
                       /* Translators: %s is a piston's id */
                       _("piston '%s': a rod_dead_volume needs a stroke, which the rod side's "
                         "volume shrinks over"),
                       component->id);
          *fault = (MfModelFault) { MF_MODEL_FAULT_COMPONENT, c };
          return FALSE;
        }
      if (node->kind == MF_NODE_JUNCTION)
        {
          node->kind = MF_NODE_COMPLIANT;
          node->component = c;
        }
      chamber.fixed = (side == 0 ? dead : dead + area * p[MF_PISTON_STROKE].value) / bulk;
      chamber.slope = (side == 0 ? area : -area) / bulk;
      if (node->chambers == NULL)
        node->chambers = g_array_new (FALSE, FALSE, sizeof (MfChamber));
      g_array_append_val (node->chambers, chamber);
    }
  return TRUE;
}

/* Junctions rename their node; tanks and volumes make it a boundary or a
 * compliant node. */
gboolean
mf_model_classify_nodes (MfModel *model, MfModelFault *fault, GError **error)
{
  const MfCircuit *circuit = model->circuit;
  g_autofree gboolean *named = g_new0 (gboolean, MAX (model->nodes->len, 1));

  for (guint c = 0; c < circuit->components->len; c++)
    {
      const MfComponent *component = component_at (circuit, c);
      guint index = mf_model_port_node (model, c, MF_PORT_P);
      MfNode *node;

      if (component->info->type != MF_COMPONENT_JUNCTION
          && component->info->type != MF_COMPONENT_TANK
          && component->info->type != MF_COMPONENT_VOLUME)
        continue;
      node = &g_array_index (model->nodes, MfNode, index);

      if (component->info->type == MF_COMPONENT_JUNCTION)
        {
          if (!named[index])
            {
              g_free (node->name);
              node->name = g_strdup (component->id);
              named[index] = TRUE;
            }
          continue;
        }
      if (node->kind != MF_NODE_JUNCTION)
        {
          const MfComponent *other = component_at (circuit, node->component);

          if (node->kind == MF_NODE_COMPLIANT && component->info->type == MF_COMPONENT_VOLUME)
            goto add_volume;
          g_set_error (error, MF_ERROR, MF_ERROR_STRUCTURE,
                       /* Translators: "node J1 holds both tank 'T1' and volume 'V2': …"; the
                        * first %s is the node, then a component type and id, twice */
                       _("node %s holds both %s '%s' and %s '%s': a node can have one tank, "
                         "or volumes, but not both"),
                       node->name, other->info->name, other->id, component->info->name,
                       component->id);
          *fault = (MfModelFault) { MF_MODEL_FAULT_COMPONENT, c };
          return FALSE;
        }
      node->component = c;
      if (component->info->type == MF_COMPONENT_TANK)
        {
          node->kind = MF_NODE_BOUNDARY;
          node->pressure = component->params[MF_TANK_PRESSURE].expr;
          if (node->pressure != NULL && mf_expr_is_constant (node->pressure))
            node->pressure = NULL;
          node->pressure_value = component->params[MF_TANK_PRESSURE].value;
          continue;
        }
      node->kind = MF_NODE_COMPLIANT;
    add_volume:
      {
        const MfParam *p = component->params;
        double bulk = isnan (p[MF_VOLUME_BULK_MODULUS].value) ? circuit->fluid.bulk_modulus
                                                               : p[MF_VOLUME_BULK_MODULUS].value;

        node->capacitance += !isnan (p[MF_VOLUME_CAPACITANCE].value)
                               ? p[MF_VOLUME_CAPACITANCE].value
                               : p[MF_VOLUME_VOLUME].value / bulk;
      }
    }
  for (guint c = 0; c < circuit->components->len; c++)
    if (component_at (circuit, c)->info->type == MF_COMPONENT_PISTON
        && !add_chambers (model, c, fault, error))
      return FALSE;
  return TRUE;
}

/* Each chamber's piston position, once the states are made. */
void
mf_model_find_chamber_positions (MfModel *model)
{
  for (guint n = 0; n < model->nodes->len; n++)
    {
      GArray *chambers = g_array_index (model->nodes, MfNode, n).chambers;

      for (guint i = 0; chambers != NULL && i < chambers->len; i++)
        {
          MfChamber *chamber = &g_array_index (chambers, MfChamber, i);

          for (guint k = 0; k < model->branches->len; k++)
            if (mf_model_branch (model, k)->component == chamber->component)
              chamber->position = mf_model_branch (model, k)->position;
        }
    }
}

double
mf_model_node_capacitance (const MfModel *model, guint node, const double *u)
{
  const MfNode *n = mf_model_node (model, node);
  double capacitance = n->capacitance;

  for (guint i = 0; n->chambers != NULL && i < n->chambers->len; i++)
    {
      const MfChamber *chamber = &g_array_index (n->chambers, MfChamber, i);
      double x = u != NULL ? u[model->branches->len + chamber->position] : 0.0;

      capacitance += chamber->fixed + chamber->slope * x;
    }
  return capacitance;
}
