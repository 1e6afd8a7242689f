/* mf-random-circuit.c: random circuits for the oracle test.
 *
 * A circuit is a few hydraulic nodes (tanks, volumes, junctions), joined
 * by a random spanning tree of branches plus a few more (meshes, parallel
 * branches), with flow sources between nodes.  Everything is drawn from
 * one GRand, so a seed names a circuit.  Draws that Manifold would rightly
 * refuse — an incompressible group of junctions with no open branch to a
 * tank or a volume, in some mode — are thrown away and drawn again.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-random-private.h"

#include <math.h>
#include <string.h>

static const char *const branch_prefix[] = { "P", "O", "S", "CV", "RV", "C", "FC", "PR" };

double
uniform (Gen *g, double lo, double hi)
{
  return g_rand_double_range (g->rand, lo, hi);
}

double
log_uniform (Gen *g, double lo, double hi)
{
  return exp (uniform (g, log (lo), log (hi)));
}

gboolean
chance (Gen *g, double p)
{
  return g_rand_double (g->rand) < p;
}

int
pick (Gen *g, int n)
{
  return g_rand_int_range (g->rand, 0, n);
}

/* A time between the output samples, so that no sample falls on a kink or
 * a mode change (which side of it a sample reports is a convention). */
double
off_grid (Gen *g, double lo, double hi)
{
  int k_lo = (int) floor (lo * g->n_out), k_hi = MAX (k_lo + 1, (int) floor (hi * g->n_out));

  k_hi = MIN (k_hi, (int) g->n_out);
  return (g_rand_int_range (g->rand, k_lo, k_hi) + uniform (g, 0.2, 0.8)) * g->dt;
}

/* ---- drawing the graph ---- */

Node *
node_at (Gen *g, int n)
{
  return &g_array_index (g->nodes, Node, n);
}

Branch *
branch_at (Gen *g, int k)
{
  return &g_array_index (g->branches, Branch, k);
}

static void
draw_nodes (Gen *g)
{
  int n_nodes = g_rand_int_range (g->rand, 2, 6);

  for (int i = 0; i < n_nodes; i++)
    {
      Node node = { 0 };
      double r = g_rand_double (g->rand);

      if (g->quasi_static)
        node.kind = r < 0.5 ? NODE_TANK : NODE_JUNCTION;
      else
        node.kind = r < 0.35 ? NODE_TANK : r < 0.6 ? NODE_VOLUME : NODE_JUNCTION;
      /* one place that holds a pressure at least */
      if (i == 0 && node.kind == NODE_JUNCTION)
        node.kind = NODE_TANK;
      node.component = node.kind != NODE_JUNCTION || chance (g, 0.7);
      node.id = ++g->node_counts[node.kind];
      g_array_append_val (g->nodes, node);
    }
  /* shuffle, so the tank is not always first */
  for (int i = n_nodes - 1; i > 0; i--)
    {
      int j = pick (g, i + 1);
      Node t = *node_at (g, i);

      *node_at (g, i) = *node_at (g, j);
      *node_at (g, j) = t;
    }
}

BranchKind
draw_branch_kind (Gen *g)
{
  double r = g_rand_double (g->rand);

  if ((g->features & MF_RANDOM_SWITCHING) && chance (g, 0.2))
    return chance (g, 0.5) ? BR_CHECK : BR_RELIEF;
  /* drawn only when asked for, so the other features' circuits stay as
   * they were */
  if ((g->features & MF_RANDOM_FLOW_CONTROL) && chance (g, 0.15))
    return BR_FLOW_CONTROL;
  if (g->quasi_static)
    return r < 0.65 ? BR_ORIFICE : BR_VALVE;
  return r < 0.45 ? BR_PIPE : r < 0.8 ? BR_ORIFICE : BR_VALVE;
}

void
add_branch (Gen *g, BranchKind kind, int a, int b)
{
  Branch br = { kind, { a, b }, ++g->counts[kind] };

  if (chance (g, 0.5))
    {
      br.node[0] = b;
      br.node[1] = a;
    }
  g_array_append_val (g->branches, br);
}

/* A piston on a spring, with end stops three times in five. */
void
draw_piston (Gen *g, int cap, int rod)
{
  add_branch (g, BR_PISTON, cap, rod);
  if (chance (g, 0.6))
    {
      Branch *piston = branch_at (g, (int) g->branches->len - 1);

      piston->stroke = log_uniform (g, 5.0, 100.0) * 1e-3;
      piston->x0 = uniform (g, 0.1, 0.9) * piston->stroke;
    }
}

int
add_node (Gen *g, NodeKind kind)
{
  Node node = { kind, kind != NODE_JUNCTION || chance (g, 0.7), 0 };

  node.id = ++g->node_counts[kind];
  g_array_append_val (g->nodes, node);
  return (int) g->nodes->len - 1;
}

static void
draw_branches (Gen *g)
{
  int n = (int) g->nodes->len;
  int extra = g_rand_int_range (g->rand, 0, 4);

  for (int i = 1; i < n; i++)
    add_branch (g, draw_branch_kind (g), i, pick (g, i));
  for (int e = 0; e < extra; e++)
    {
      int a = pick (g, n), b = pick (g, n);

      if (a != b)
        add_branch (g, draw_branch_kind (g), a, b);
    }
  if ((g->features & MF_RANDOM_PISTONS) && !g->quasi_static && chance (g, 0.4))
    {
      int a = pick (g, n), b = pick (g, n);

      if (a != b)
        draw_piston (g, a, b);
    }
  /* drawn last, so the other features' circuits stay as they were */
  if ((g->features & MF_RANDOM_SPOOLS) && chance (g, 0.8))
    draw_spool (g);
  if (g->features & MF_RANDOM_STORAGE)
    draw_storage (g);
}

static void
draw_sources (Gen *g)
{
  int n = (int) g->nodes->len;
  int count = g_rand_int_range (g->rand, 0, 3);

  for (int s = 0; s < count; s++)
    {
      int ends[2] = { pick (g, n), pick (g, n) };

      if (ends[0] != ends[1])
        g_array_append_vals (g->sources, ends, 1);
    }
}

/* ---- what Manifold can run ---- */

static int
find_root (int *parent, int i)
{
  while (parent[i] != i)
    i = parent[i] = parent[parent[i]];
  return i;
}

/* A branch that is open in every mode and every state of the switches:
 * not the valve a mode closes, not a check or relief valve, not a piston
 * that an end stop can hold. */
static gboolean
is_open (Gen *g, int k, int closed)
{
  Branch *b = branch_at (g, k);

  return k != closed && b->kind != BR_CHECK && b->kind != BR_RELIEF && b->kind != BR_REDUCING
         && !(b->kind == BR_PISTON && b->stroke > 0.0);
}

/* Every group of junctions joined by open branches must have an open
 * branch to a tank or a volume: otherwise a flow source into it has
 * nowhere to go, and its pressure is not determined by anything.  A
 * piston passes its cap's flow to its rod side, so it joins them too.
 * Since what can close is not counted as open, no switch leaves a pocket
 * without a pressure or a pump with nowhere to go (docs/model.md, "A pump
 * with nowhere to go": those rules are tested by hand). */
static gboolean
valid_with (Gen *g, int closed)
{
  int n = (int) g->nodes->len;
  g_autofree int *parent = g_new (int, n);
  g_autofree gboolean *vented = g_new0 (gboolean, n);
  gboolean ok = TRUE;

  for (int i = 0; i < n; i++)
    parent[i] = i;
  for (guint k = 0; k < g->branches->len; k++)
    {
      Branch *b = branch_at (g, (int) k);

      if (is_open (g, (int) k, closed) && node_at (g, b->node[0])->kind == NODE_JUNCTION
          && node_at (g, b->node[1])->kind == NODE_JUNCTION)
        parent[find_root (parent, b->node[0])] = find_root (parent, b->node[1]);
    }
  for (guint k = 0; k < g->branches->len; k++)
    {
      Branch *b = branch_at (g, (int) k);

      for (int e = 0; e < 2; e++)
        if (is_open (g, (int) k, closed) && node_at (g, b->node[e])->kind == NODE_JUNCTION
            && node_at (g, b->node[1 - e])->kind != NODE_JUNCTION)
          vented[find_root (parent, b->node[e])] = TRUE;
    }
  for (int i = 0; i < n; i++)
    if (node_at (g, i)->kind == NODE_JUNCTION && !vented[find_root (parent, i)])
      ok = FALSE;
  return ok;
}

static int
n_components (Gen *g)
{
  int count = (int) (g->branches->len + g->sources->len);

  for (guint i = 0; i < g->nodes->len; i++)
    count += node_at (g, (int) i)->component ? 1 : 0;
  for (guint k = 0; k < g->branches->len; k++)
    count += branch_at (g, (int) k)->kind == BR_PISTON ? 2 : 0; /* its spring and support */
  return count + (g->spool.present ? 1 : 0) + (g->accumulator >= 0 ? 1 : 0);
}

/* A valve to close on schedule, when closing it leaves a valid circuit. */
static void
draw_closing (Gen *g)
{
  g->closing = -1;
  for (guint k = 0; k < g->branches->len; k++)
    if (branch_at (g, (int) k)->kind == BR_VALVE && chance (g, 0.6) && valid_with (g, (int) k))
      {
        g->closing = (int) k;
        g->t_close = off_grid (g, 0.2, 0.9);
        return;
      }
}

static gboolean
draw_circuit (Gen *g)
{
  g_array_set_size (g->nodes, 0);
  g_array_set_size (g->branches, 0);
  g_array_set_size (g->sources, 0);
  for (guint i = 0; i < G_N_ELEMENTS (g->counts); i++)
    g->counts[i] = 0;
  for (guint i = 0; i < G_N_ELEMENTS (g->node_counts); i++)
    g->node_counts[i] = 0;
  g->spool.present = FALSE;
  g->accumulator = -1;
  g->quasi_static = chance (g, 0.15);
  draw_nodes (g);
  draw_branches (g);
  draw_sources (g);
  if (n_components (g) < 3 || n_components (g) > 12 || !valid_with (g, -1))
    return FALSE;
  draw_closing (g);
  return TRUE;
}

/* ---- writing it ---- */

void
number (GString *s, double x)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_string_append (s, g_ascii_formatd (buf, sizeof buf, "%.6g", x));
}

/* "20 bar" or "20 bar * ramp(t, 0, 0.013)", as a JSON string. */
void
quantity (GString *s, double value, const char *unit, double ramp_end)
{
  g_string_append_c (s, '"');
  number (s, value);
  g_string_append_printf (s, " %s", unit);
  if (ramp_end > 0.0)
    {
      g_string_append (s, " * ramp(t, 0, ");
      number (s, ramp_end);
      g_string_append (s, ")");
    }
  g_string_append_c (s, '"');
}

static char *
branch_name (Gen *g, int k)
{
  Branch *b = branch_at (g, k);

  return g_strdup_printf ("%s%d", branch_prefix[b->kind], b->id);
}

static void
write_orifice_params (Gen *g, GString *s)
{
  g_string_append (s, ", \"area\": ");
  if ((g->features & MF_RANDOM_FEEDBACK) && g->states->len > 0 && chance (g, 0.5))
    feedback_value (g, s, log_uniform (g, 1.0, 50.0) * 1e-6, TRUE);
  else
    quantity (s, log_uniform (g, 1.0, 50.0), "mm^2", 0.0);
  if (chance (g, 0.3))
    {
      g_string_append (s, ", \"cd\": ");
      number (s, uniform (g, 0.5, 0.8));
    }
  if (chance (g, 0.2))
    {
      g_string_append (s, ", \"port_diameter\": ");
      quantity (s, uniform (g, 8.0, 16.0), "mm", 0.0);
    }
}

static void
write_branch (Gen *g, GString *s, int k)
{
  static const char *const frictions[] = { "none", "laminar", "turbulent" };
  Branch *b = branch_at (g, k);
  g_autofree char *name = branch_name (g, k);

  g_string_append_printf (s, "    { \"id\": \"%s\", \"type\": ", name);
  switch (b->kind)
    {
    case BR_PIPE:
      g_string_append (s, "\"pipe\", \"length\": ");
      quantity (s, uniform (g, 0.5, 10.0), "m", 0.0);
      g_string_append (s, ", \"diameter\": ");
      quantity (s, uniform (g, 6.0, 25.0), "mm", 0.0);
      g_string_append_printf (s, ", \"friction\": \"%s\"", frictions[pick (g, 3)]);
      break;
    case BR_ORIFICE:
    case BR_VALVE:
      g_string_append (s, b->kind == BR_ORIFICE ? "\"orifice\"" : "\"valve\"");
      write_orifice_params (g, s);
      break;
    case BR_CHECK:
      g_string_append (s, "\"check_valve\"");
      write_orifice_params (g, s);
      if (chance (g, 0.5))
        {
          g_string_append (s, ", \"cracking_pressure\": ");
          quantity (s, uniform (g, 0.5, 10.0), "bar", 0.0);
        }
      break;
    case BR_RELIEF:
      g_string_append (s, "\"relief_valve\", \"set_pressure\": ");
      quantity (s, uniform (g, 5.0, 150.0), "bar", 0.0);
      g_string_append (s, ", \"full_area\": ");
      quantity (s, log_uniform (g, 5.0, 50.0), "mm^2", 0.0);
      break;
    case BR_REDUCING:
      g_string_append (s, "\"reducing_valve\", \"set_pressure\": ");
      quantity (s, uniform (g, 10.0, 150.0), "bar", 0.0);
      g_string_append (s, ", \"full_area\": ");
      quantity (s, log_uniform (g, 1.0, 30.0), "mm^2", 0.0);
      g_string_append (s, ", \"full_open_drop\": ");
      quantity (s, uniform (g, 2.0, 20.0), "bar", 0.0);
      break;
    case BR_FLOW_CONTROL:
      g_string_append (s, "\"flow_control_valve\", \"flow\": ");
      quantity (s, log_uniform (g, 1.0, 100.0), "L/min", 0.0);
      g_string_append (s, ", \"compensator_pressure\": ");
      quantity (s, uniform (g, 3.0, 10.0), "bar", 0.0);
      g_string_append (s, ", \"regulation\": ");
      quantity (s, log_uniform (g, 0.01, 1.0), "L/min/bar", 0.0);
      break;
    case BR_PISTON:
      g_string_append (s, "\"piston\", \"mass\": ");
      quantity (s, log_uniform (g, 0.5, 20.0), "kg", 0.0);
      g_string_append (s, ", \"cap_area\": ");
      quantity (s, uniform (g, 3.0, 20.0), "cm^2", 0.0);
      g_string_append (s, ", \"rod_area\": ");
      quantity (s, uniform (g, 1.0, 3.0), "cm^2", 0.0);
      if (chance (g, 0.5))
        {
          g_string_append (s, ", \"damping\": ");
          quantity (s, log_uniform (g, 10.0, 1000.0), "Ns/m", 0.0);
        }
      if (b->stroke > 0.0)
        {
          g_string_append (s, ", \"stroke\": ");
          quantity (s, b->stroke * 1e3, "mm", 0.0);
          if (g->features & MF_RANDOM_STORAGE)
            write_chambers (g, s);
        }
      break;
    }
  g_string_append (s, " },\n");
  if (b->kind == BR_PISTON)
    {
      g_string_append_printf (s, "    { \"id\": \"K%d\", \"type\": \"spring\", \"stiffness\": ",
                              b->id);
      quantity (s, log_uniform (g, 1.0, 100.0), "kN/m", 0.0);
      g_string_append_printf (s, " },\n    { \"id\": \"G%d\", \"type\": \"fixed\" },\n", b->id);
      b->force = (g->features & MF_RANDOM_FEEDBACK) && chance (g, 0.6);
      if (b->force)
        {
          g_string_append_printf (s, "    { \"id\": \"F%d\", \"type\": \"force\", \"force\": ",
                                  b->id);
          feedback_value (g, s, log_uniform (g, 50.0, 2000.0), FALSE);
          g_string_append (s, " },\n");
        }
    }
}

static void
write_node (Gen *g, GString *s, int n)
{
  Node *node = node_at (g, n);

  switch (node->kind)
    {
    case NODE_TANK:
      g_string_append_printf (s, "    { \"id\": \"T%d\", \"type\": \"tank\"", node->id);
      if (chance (g, 0.8))
        {
          g_string_append (s, ", \"pressure\": ");
          quantity (s, uniform (g, 0.0, 200.0), "bar",
                    chance (g, 0.4) ? off_grid (g, 0.05, 0.8) : 0.0);
        }
      break;
    case NODE_VOLUME:
      g_string_append_printf (s, "    { \"id\": \"V%d\", \"type\": \"volume\", \"volume\": ",
                              node->id);
      quantity (s, log_uniform (g, 0.1, 5.0), "L", 0.0);
      break;
    case NODE_JUNCTION:
      if (!node->component)
        return;
      g_string_append_printf (s, "    { \"id\": \"J%d\", \"type\": \"junction\"", node->id);
      break;
    }
  g_string_append (s, " },\n");
}

static void
write_sources (Gen *g, GString *s)
{
  for (guint i = 0; i < g->sources->len; i++)
    {
      g_string_append_printf (s, "    { \"id\": \"Q%u\", \"type\": \"flow_source\", \"flow\": ",
                              i + 1);
      quantity (s, uniform (g, 1.0, 50.0), "L/min", off_grid (g, 0.05, 0.8));
      g_string_append (s, " },\n");
    }
}

/* The port a node is known by in the wires: its component's, else the
 * first port on it. */
static void
node_ports (Gen *g, int n, GPtrArray *ports)
{
  static const char *const piston_ports[] = { "cap", "rod" };
  static const char *const ab[] = { "a", "b" };
  Node *node = node_at (g, n);
  static const char *const letters = "TVJ";

  if (node->component)
    g_ptr_array_add (ports, g_strdup_printf ("%c%d.p", letters[node->kind], node->id));
  for (guint k = 0; k < g->branches->len; k++)
    {
      Branch *b = branch_at (g, (int) k);

      for (int e = 0; e < 2; e++)
        if (b->node[e] == n)
          g_ptr_array_add (ports, g_strdup_printf ("%s%d.%s", branch_prefix[b->kind], b->id,
                                                   b->kind == BR_PISTON ? piston_ports[e]
                                                                        : ab[e]));
    }
  /* the directional valve and the accumulator are written after the
   * branches, before the sources */
  for (int e = 0; e < 4 && g->spool.present; e++)
    if (g->spool.node[e] == n)
      g_ptr_array_add (ports, g_strdup_printf ("DV1.%c", "ptab"[e]));
  if (g->accumulator == n)
    g_ptr_array_add (ports, g_strdup ("A1.p"));
  for (guint i = 0; i < g->sources->len; i++)
    for (int e = 0; e < 2; e++)
      if (((int *) g->sources->data)[2 * i + e] == n)
        g_ptr_array_add (ports, g_strdup_printf ("Q%u.%s", i + 1, ab[e]));
}

static void
write_wires (Gen *g, GString *s)
{
  gboolean first = TRUE;

  g_string_append (s, "  \"wires\": [");
  for (guint n = 0; n < g->nodes->len; n++)
    {
      g_autoptr (GPtrArray) ports = g_ptr_array_new_with_free_func (g_free);

      node_ports (g, (int) n, ports);
      for (guint i = 1; i < ports->len; i++)
        {
          g_string_append_printf (s, "%s\n    [\"%s\", \"%s\"]", first ? "" : ",",
                                  (char *) ports->pdata[pick (g, (int) i)],
                                  (char *) ports->pdata[i]);
          first = FALSE;
        }
    }
  for (guint k = 0; k < g->branches->len; k++)
    if (branch_at (g, (int) k)->kind == BR_PISTON)
      {
        int id = branch_at (g, (int) k)->id;

        g_string_append_printf (s, "%s\n    [\"C%d.m\", \"K%d.a\"], [\"K%d.b\", \"G%d.m\"]",
                                first ? "" : ",", id, id, id, id);
        if (branch_at (g, (int) k)->force)
          g_string_append_printf (s, ", [\"C%d.m\", \"F%d.m\"]", id, id);
        first = FALSE;
      }
  g_string_append (s, " ]");
}

static void
write_modes (Gen *g, GString *s)
{
  g_autofree char *name = NULL;

  if (g->closing < 0)
    return;
  name = branch_name (g, g->closing);
  g_string_append_printf (s, ",\n  \"modes\": [ { \"name\": \"open\", \"closed\": [] },"
                             " { \"name\": \"shut\", \"closed\": [\"%s\"] } ],\n"
                             "  \"schedule\": [ { \"t\": 0, \"mode\": \"open\" },"
                             " { \"t\": ", name);
  number (s, g->t_close);
  g_string_append (s, ", \"mode\": \"shut\" } ]");
}

/* A volume's node is named after its first port in the document: the
 * volume's own when it comes first, else the first branch or source end
 * on it. */
static char *
volume_node_name (Gen *g, int n)
{
  g_autoptr (GPtrArray) ports = g_ptr_array_new_with_free_func (g_free);

  node_ports (g, n, ports);
  return g_strdup (ports->pdata[g->storage_first || ports->len < 2 ? 0 : 1]);
}

/* The states a value may name: volumes' pressures, pistons' positions and
 * velocities. */
static void
list_states (Gen *g)
{
  g_ptr_array_set_size (g->states, 0);
  for (guint n = 0; n < g->nodes->len; n++)
    if (node_at (g, (int) n)->kind == NODE_VOLUME)
      {
        g_autofree char *node = volume_node_name (g, (int) n);

        g_ptr_array_add (g->states, g_strdup_printf ("%s.p", node));
      }
  for (guint k = 0; k < g->branches->len; k++)
    if (branch_at (g, (int) k)->kind == BR_PISTON)
      {
        g_ptr_array_add (g->states, g_strdup_printf ("C%d.x", branch_at (g, (int) k)->id));
        g_ptr_array_add (g->states, g_strdup_printf ("C%d.v", branch_at (g, (int) k)->id));
      }
}

/* Volumes may start pressurised. */
static void
write_initial (Gen *g, GString *s)
{
  gboolean first = TRUE;

  for (guint n = 0; n < g->nodes->len; n++)
    if (node_at (g, (int) n)->kind == NODE_VOLUME && chance (g, 0.5))
      {
        g_autofree char *node = volume_node_name (g, (int) n);

        g_string_append_printf (s, "%s \"%s.p\": ", first ? ",\n  \"initial\": {" : ",",
                                node);
        number (s, uniform (g, 0.0, 200.0) * 1e5);
        first = FALSE;
      }
  for (guint k = 0; k < g->branches->len; k++)
    if (branch_at (g, (int) k)->stroke > 0.0)
      {
        g_string_append_printf (s, "%s \"C%d.x\": ", first ? ",\n  \"initial\": {" : ",",
                                branch_at (g, (int) k)->id);
        number (s, branch_at (g, (int) k)->x0);
        first = FALSE;
      }
  if (!first)
    g_string_append (s, " }");
}

static char *
write_document (Gen *g, guint32 seed)
{
  GString *s = g_string_new (NULL);
  gboolean storage_first = g->storage_first = chance (g, 0.5);

  g_string_append_printf (s, "{\n  \"manifold\": 1,\n  \"title\": \"Random circuit %u\",\n"
                             "  \"components\": [\n", seed);
  list_states (g);
  for (int pass = 0; pass < 2; pass++)
    if ((pass == 0) == storage_first)
      for (guint n = 0; n < g->nodes->len; n++)
        write_node (g, s, (int) n);
    else
      {
        for (guint k = 0; k < g->branches->len; k++)
          write_branch (g, s, (int) k);
        write_spool (g, s);
        write_accumulator (g, s);
        write_sources (g, s);
      }
  /* no trailing comma in JSON */
  g_string_truncate (s, s->len - 2);
  g_string_append (s, "\n  ],\n");
  write_wires (g, s);
  write_modes (g, s);
  write_initial (g, s);
  g_string_append (s, ",\n  \"simulation\": { \"t_end\": ");
  number (s, g->t_end);
  g_string_append (s, ", \"output_interval\": ");
  number (s, g->dt);
  g_string_append (s, ", \"rtol\": 1e-10, \"atol\": 1e-12 }\n}\n");
  return g_string_free (s, FALSE);
}

char *
mf_random_circuit (guint32 seed, MfRandomFeatures features)
{
  Gen g = { 0 };
  char *text;

  g.rand = g_rand_new_with_seed (seed);
  g.features = features;
  g.nodes = g_array_new (FALSE, FALSE, sizeof (Node));
  g.branches = g_array_new (FALSE, FALSE, sizeof (Branch));
  g.sources = g_array_new (FALSE, FALSE, sizeof (int[2]));
  g.states = g_ptr_array_new_with_free_func (g_free);
  g.t_end = uniform (&g, 0.02, 0.2);
  g.n_out = (guint) g_rand_int_range (g.rand, 20, 51);
  /* rounded so that the grid k·dt lands on t_end */
  g.t_end = round (g.t_end * 1e4) / 1e4;
  g.dt = g.t_end / g.n_out;
  while (!draw_circuit (&g))
    ;
  text = write_document (&g, seed);
  g_array_unref (g.nodes);
  g_array_unref (g.branches);
  g_array_unref (g.sources);
  g_ptr_array_unref (g.states);
  g_rand_free (g.rand);
  return text;
}
