/* mf-port-nodes.h: ports joined by wires, directly or through other wires,
 * form one node (docs/model.md, "Nodes and their names").  The one grouping
 * the assembly, the structure panel and the canvas share: disjoint sets over
 * numbered items, and a circuit's ports grouped by its wires.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "mf-circuit.h"

G_BEGIN_DECLS

/* Disjoint sets over the items 0 .. n-1 (union–find with path halving). */
typedef struct
{
  guint  n;
  guint *parent;
} MfUnionFind;

/* n items, each a set of its own. */
void  mf_union_find_init (MfUnionFind *sets,
                          guint        n);
void  mf_union_find_clear (MfUnionFind *sets);

/* Puts items a and b, and everything joined to either, into one set. */
void  mf_union_find_join (MfUnionFind *sets,
                          guint        a,
                          guint        b);

/* Numbers the sets 0, 1, … in the order of their first items and writes
 * each item's number to group[item] (n entries).  Returns how many sets
 * there are. */
guint mf_union_find_number (MfUnionFind *sets,
                            guint       *group);

/* A circuit's ports in document order — component after component, each
 * component's ports in the order of its type — and the node of each. */
typedef struct
{
  guint  n_ports;
  guint *offset;  /* per component, and one past the last: its first port's index */
  guint *node;    /* per port: its node, numbered in the order of the nodes' first ports */
  guint  n_nodes;
} MfPortNodes;

void  mf_port_nodes_init (MfPortNodes     *nodes,
                          const MfCircuit *circuit);
void  mf_port_nodes_clear (MfPortNodes *nodes);

/* The index of the port `ref` names. */
guint mf_port_nodes_index (const MfPortNodes *nodes,
                           MfPortRef          ref);

G_END_DECLS
