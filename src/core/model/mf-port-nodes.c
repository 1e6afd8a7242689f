/* mf-port-nodes.c
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-port-nodes.h"

void
mf_union_find_init (MfUnionFind *sets, guint n)
{
  sets->n = n;
  sets->parent = g_new (guint, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    sets->parent[i] = i;
}

void
mf_union_find_clear (MfUnionFind *sets)
{
  g_clear_pointer (&sets->parent, g_free);
  sets->n = 0;
}

static guint
find_root (MfUnionFind *sets, guint i)
{
  while (sets->parent[i] != i)
    {
      sets->parent[i] = sets->parent[sets->parent[i]];
      i = sets->parent[i];
    }
  return i;
}

void
mf_union_find_join (MfUnionFind *sets, guint a, guint b)
{
  guint root_a, root_b;

  g_return_if_fail (a < sets->n && b < sets->n);

  root_a = find_root (sets, a);
  root_b = find_root (sets, b);
  /* the smaller root stays, so a set's root is its first item */
  if (root_a != root_b)
    sets->parent[MAX (root_a, root_b)] = MIN (root_a, root_b);
}

guint
mf_union_find_number (MfUnionFind *sets, guint *group)
{
  guint n_groups = 0;

  /* a root is its set's first item, so it is met before every other
   * member and has its number by the time they look it up */
  for (guint i = 0; i < sets->n; i++)
    {
      guint root = find_root (sets, i);

      group[i] = root == i ? n_groups++ : group[root];
    }
  return n_groups;
}

static const MfComponent *
component_at (const MfCircuit *circuit, guint index)
{
  return g_ptr_array_index (circuit->components, index);
}

void
mf_port_nodes_init (MfPortNodes *nodes, const MfCircuit *circuit)
{
  guint n_comp = circuit->components->len;
  MfUnionFind sets;

  nodes->offset = g_new0 (guint, n_comp + 1);
  nodes->n_ports = 0;
  for (guint c = 0; c < n_comp; c++)
    {
      nodes->offset[c] = nodes->n_ports;
      nodes->n_ports += component_at (circuit, c)->info->n_ports;
    }
  nodes->offset[n_comp] = nodes->n_ports;

  mf_union_find_init (&sets, nodes->n_ports);
  for (guint w = 0; w < circuit->wires->len; w++)
    {
      const MfWire *wire = &g_array_index (circuit->wires, MfWire, w);

      mf_union_find_join (&sets, mf_port_nodes_index (nodes, wire->ends[0]),
                          mf_port_nodes_index (nodes, wire->ends[1]));
    }
  nodes->node = g_new0 (guint, MAX (nodes->n_ports, 1));
  nodes->n_nodes = mf_union_find_number (&sets, nodes->node);
  mf_union_find_clear (&sets);
}

void
mf_port_nodes_clear (MfPortNodes *nodes)
{
  g_clear_pointer (&nodes->offset, g_free);
  g_clear_pointer (&nodes->node, g_free);
  nodes->n_ports = nodes->n_nodes = 0;
}

guint
mf_port_nodes_index (const MfPortNodes *nodes, MfPortRef ref)
{
  return nodes->offset[ref.component] + ref.port;
}
