/* mf-oracle.c: the oracle's own reading of a circuit — nodes from the
 * wires (a union-find over ports), branches, elements, constraint rows and
 * the names of what it reports.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-oracle-private.h"

#include <math.h>
#include <string.h>

#include "mf-error.h"

static const MfComponent *
component_at (const MfCircuit *circuit, guint c)
{
  return g_ptr_array_index (circuit->components, c);
}

/* ---- nodes ---- */


static int
find_root (int *parent, int p)
{
  while (parent[p] != p)
    p = parent[p] = parent[parent[p]];
  return p;
}

static guint
port_index (const OrPortMap *map, MfPortRef ref)
{
  return map->first_port[ref.component] + ref.port;
}

static void
port_map_init (OrPortMap *map, const MfCircuit *circuit)
{
  guint n = 0;

  map->first_port = g_new (guint, circuit->components->len + 1);
  for (guint c = 0; c < circuit->components->len; c++)
    {
      map->first_port[c] = n;
      n += component_at (circuit, c)->info->n_ports;
    }
  map->first_port[circuit->components->len] = n;
  map->parent = g_new (int, n);
  map->node_of = g_new (int, n);
  for (guint p = 0; p < n; p++)
    {
      map->parent[p] = (int) p;
      map->node_of[p] = -1;
    }
  for (guint i = 0; i < circuit->wires->len; i++)
    {
      const MfWire *wire = &g_array_index (circuit->wires, MfWire, i);
      int a = find_root (map->parent, (int) port_index (map, wire->ends[0]));
      int b = find_root (map->parent, (int) port_index (map, wire->ends[1]));

      if (a != b)
        map->parent[MAX (a, b)] = MIN (a, b);
    }
}

static void
port_map_clear (OrPortMap *map)
{
  g_free (map->first_port);
  g_free (map->parent);
  g_free (map->node_of);
}

int
or_node_for_port (MfOracle *o, OrPortMap *map, guint c, guint port)
{
  const MfComponent *component = component_at (o->circuit, c);
  int root = find_root (map->parent, (int) (map->first_port[c] + port));

  if (map->node_of[root] < 0)
    {
      OrNode node = { 0 };

      /* a shaft is a mechanical node in angles */
      node.kind = component->info->ports[port].domain != MF_DOMAIN_HYDRAULIC
                    ? OR_NODE_MECHANICAL : OR_NODE_JUNCTION;
      node.name = g_strdup_printf ("%s.%s", component->id, component->info->ports[port].name);
      node.index = -1;
      node.carrier = -1;
      map->node_of[root] = (int) o->nodes->len;
      g_array_append_val (o->nodes, node);
    }
  return map->node_of[root];
}

static OrNode *
node_at (MfOracle *o, int n)
{
  return &g_array_index (o->nodes, OrNode, n);
}

/* What a component on a node makes of it: a junction gives its name, a tank
 * its pressure, volumes their capacitance. */
static gboolean
mark_node (MfOracle *o, int n, const MfComponent *component, GError **error)
{
  OrNode *node = node_at (o, n);
  const MfParam *p = component->params;
  double bulk;

  switch (component->info->type)
    {
    case MF_COMPONENT_JUNCTION:
      g_free (node->name);
      node->name = g_strdup (component->id);
      break;
    case MF_COMPONENT_TANK:
      if (node->kind != OR_NODE_JUNCTION)
        goto clash;
      node->kind = OR_NODE_TANK;
      node->pressure = or_value_new (&p[MF_TANK_PRESSURE]);
      break;
    case MF_COMPONENT_VOLUME:
      if (node->kind == OR_NODE_TANK)
        goto clash;
      node->kind = OR_NODE_VOLUME;
      bulk = isnan (p[MF_VOLUME_BULK_MODULUS].value) ? o->circuit->fluid.bulk_modulus
                                                      : p[MF_VOLUME_BULK_MODULUS].value;
      node->capacitance += isnan (p[MF_VOLUME_CAPACITANCE].value)
                             ? p[MF_VOLUME_VOLUME].value / bulk
                             : p[MF_VOLUME_CAPACITANCE].value;
      break;
    case MF_COMPONENT_FIXED:
    case MF_COMPONENT_FIXED_SHAFT:
      node->fixed = TRUE;
      break;
    default:
      break;
    }
  return TRUE;

clash:
  g_set_error (error, MF_ERROR, MF_ERROR_STRUCTURE, "oracle: node %s has a tank and more",
               node->name);
  return FALSE;
}

/* Every port gets a node; junctions rename theirs, whatever their place. */
static gboolean
build_nodes (MfOracle *o, OrPortMap *map, GError **error)
{
  const MfCircuit *circuit = o->circuit;

  for (guint c = 0; c < circuit->components->len; c++)
    for (guint port = 0; port < component_at (circuit, c)->info->n_ports; port++)
      or_node_for_port (o, map, c, port);
  for (guint c = 0; c < circuit->components->len; c++)
    for (guint port = 0; port < component_at (circuit, c)->info->n_ports; port++)
      if (!mark_node (o, or_node_for_port (o, map, c, port), component_at (circuit, c), error))
        return FALSE;
  return TRUE;
}

/* ---- rows ---- */

static void
add_row (MfOracle *o, OrRowKind kind, int node, int member)
{
  OrRow row = { kind, node, member };

  g_array_append_val (o->rows, row);
}

/* Junction rows first, so a junction's pressure is its row's multiplier;
 * then what holds the inertial members of each mechanical node together. */
static gboolean
build_rows (MfOracle *o, GError **error)
{
  for (guint n = 0; n < o->nodes->len; n++)
    {
      OrNode *node = node_at (o, (int) n);

      if (node->kind == OR_NODE_JUNCTION)
        {
          node->index = (int) o->rows->len;
          add_row (o, OR_ROW_JUNCTION, (int) n, -1);
        }
      else if (node->kind == OR_NODE_VOLUME)
        node->index = (int) o->n_p++;
    }
  for (guint n = 0; n < o->nodes->len; n++)
    {
      OrNode *node = node_at (o, (int) n);

      if (node->kind != OR_NODE_MECHANICAL)
        continue;
      for (guint k = 0; k < o->n_v; k++)
        {
          OrBranch *b = &g_array_index (o->branches, OrBranch, k);

          if (b->mech != (int) n)
            continue;
          if (node->fixed)
            add_row (o, OR_ROW_FIXED, -1, (int) k);
          else if (node->carrier < 0)
            node->carrier = (int) k;
          else
            add_row (o, OR_ROW_LINK, (int) n, (int) k);
        }
      if (!node->fixed && node->carrier < 0)
        {
          g_set_error (error, MF_ERROR, MF_ERROR_STRUCTURE,
                       "oracle: mechanical node %s has no mass and no support", node->name);
          return FALSE;
        }
    }
  for (guint k = 0; k < o->n_v; k++)
    {
      OrBranch *b = &g_array_index (o->branches, OrBranch, k);

      /* a directional valve's path or a reducing valve closes by its area */
      if (b->component->info->switchable || (b->kind == OR_BRANCH_PISTON && b->automatic)
          || (b->opening != NULL && b->shape != OR_AREA_PLAIN))
        {
          b->row = (int) o->rows->len;
          add_row (o, OR_ROW_SWITCH, -1, (int) k);
        }
    }
  o->n_rows = o->rows->len;
  return TRUE;
}

/* ---- names and scales ---- */

/* A flow control valve's throttle as an orifice's F = −K v|v|:
 * K = A³ Δp_c / q_set², its setting q_set. */
static double
flow_control_k (const OrBranch *b, double q_set)
{
  return pow (b->area[0], 3) * b->flow_control.compensator / (q_set * q_set);
}

static void
build_columns (MfOracle *o)
{
  for (guint k = 0; k < o->n_v; k++)
    g_ptr_array_add (o->columns,
                     g_strdup_printf ("%s.v", g_array_index (o->branches, OrBranch, k).id));
  for (guint k = 0; k < o->n_v; k++)
    {
      const OrBranch *b = &g_array_index (o->branches, OrBranch, k);

      if (b->position >= 0)
        g_ptr_array_add (o->columns, g_strdup_printf ("%s.x", b->id));
    }
  for (guint n = 0; n < o->nodes->len; n++)
    if (node_at (o, (int) n)->kind == OR_NODE_VOLUME)
      g_ptr_array_add (o->columns, g_strdup_printf ("%s.p", node_at (o, (int) n)->name));
  for (guint k = 0; k < o->n_v; k++)
    {
      const OrBranch *b = &g_array_index (o->branches, OrBranch, k);

      if (b->kind != OR_BRANCH_MASS)
        g_ptr_array_add (o->columns, g_strdup_printf ("%s.q", b->id));
    }
  for (guint n = 0; n < o->nodes->len; n++)
    if (node_at (o, (int) n)->kind != OR_NODE_MECHANICAL)
      g_ptr_array_add (o->columns, g_strdup_printf ("%s.p", node_at (o, (int) n)->name));
  for (guint k = 0; k < o->n_v; k++)
    {
      const OrBranch *b = &g_array_index (o->branches, OrBranch, k);

      if (or_has_dp (b))
        g_ptr_array_add (o->columns, g_strdup_printf ("%s.dp", b->id));
    }
  for (guint k = 0; k < o->n_v; k++)
    {
      const OrBranch *b = &g_array_index (o->branches, OrBranch, k);

      if (b->row >= 0 && b->kind == OR_BRANCH_PISTON)
        g_ptr_array_add (o->columns, g_strdup_printf ("%s.stop_force", b->id));
    }
  for (guint i = 0; i < o->elements->len; i++)
    {
      const OrElement *e = &g_array_index (o->elements, OrElement, i);

      if (e->type == MF_COMPONENT_FLOW_SOURCE)
        g_ptr_array_add (o->columns, g_strdup_printf ("%s.q", e->component->id));
    }
  for (guint i = 0; i < o->elements->len; i++)
    {
      const OrElement *e = &g_array_index (o->elements, OrElement, i);

      if (e->type != MF_COMPONENT_PUMP && e->type != MF_COMPONENT_VARIABLE_PUMP)
        continue;
      g_ptr_array_add (o->columns, g_strdup_printf ("%s.q", e->component->id));
      g_ptr_array_add (o->columns, g_strdup_printf ("%s.torque", e->component->id));
    }
}

/* The larger size of a value at the start and at the end of the run, its
 * names taken at the initial state y0. */
static double
value_size (const MfExpr *e, double t_end, const double *y0)
{
  return MAX (fabs (or_value (e, 0.0, y0)), fabs (or_value (e, t_end, y0)));
}

static double
param_size (const MfParam *p, double t_end)
{
  if (p->expr == NULL)
    return fabs (p->value);
  return MAX (fabs (mf_expr_eval (p->expr, 0.0)), fabs (mf_expr_eval (p->expr, t_end)));
}

/* A massless orifice's law K v|v| = Δp fixes v only as well as the
 * pressure forces A p around it are known: their rounding, about 1e-14 of
 * them, leaves v open by √(1e-14 A P / K) at zero flow.  Newton cannot
 * tell velocities apart below that, and a slope taken lower turns that
 * rounding into huge steps.
 *
 * An open relief valve's law at zero flow is its setting plus a linear
 * part, Δp = set + q / s: the rounding of the setting's force leaves v
 * open by 1e-14 A P / (A² / s), and IDA's Newton, whose convergence test
 * asks a first correction of 1e-4 of the weight or a rate below 0.9,
 * turns on such noise for ever unless the weight is 1e4 times that. */
static void
set_velocity_noise (MfOracle *o, OrBranch *b)
{
  double a = b->area_ref;

  if (b->kind == OR_BRANCH_RELIEF)
    {
      double d_dq;

      mf_relief_pressure_drop (&b->relief, 0.0, &d_dq);
      b->v_noise = 1e4 * 1e-14 * o->p_scale / (b->area[0] * d_dq);
      return;
    }
  if (b->kind == OR_BRANCH_FLOW_CONTROL)
    {
      a = param_size (&b->component->params[MF_FLOW_CONTROL_FLOW], o->circuit->simulation.t_end);
      b->v_noise = sqrt (1e-14 * o->p_scale * b->area[0] / flow_control_k (b, a));
      return;
    }
  if (b->kind != OR_BRANCH_ORIFICE || b->mass > 0.0 || !(a > 0.0))
    return;
  b->v_noise = sqrt (1e-14 * o->p_scale * b->area[0] / (b->k_num / (a * a)));
}

/* Pressures the circuit works at: the tanks, the relief settings and the
 * initial pressures, at least 1 bar; and the orifices' typical areas: a
 * plain one's at the initial state, a clamped one's when full. */
static void
find_scales (MfOracle *o)
{
  double t_end = o->circuit->simulation.t_end;
  g_autofree double *y0 = g_new (double, o->n_y);

  or_initial_state (o, y0);
  for (guint k = 0; k < o->n_v; k++)
    {
      OrBranch *b = &g_array_index (o->branches, OrBranch, k);

      double da_ds;

      if (b->opening == NULL)
        continue;
      b->area_ref = b->shape == OR_AREA_PLAIN ? value_size (b->opening, t_end, y0) : b->full;
      /* an area that varies, or one shut from the start, switches */
      b->area_switch = b->row >= 0 && (!mf_expr_is_constant (b->opening)
                                       || or_orifice_area (b, 0.0, y0, &da_ds) <= b->area_eps);
    }
  o->p_scale = 1e5;
  for (guint n = 0; n < o->nodes->len; n++)
    if (node_at (o, (int) n)->kind == OR_NODE_TANK)
      o->p_scale = MAX (o->p_scale, value_size (node_at (o, (int) n)->pressure, t_end, y0));
  for (guint k = 0; k < o->n_v; k++)
    {
      const OrBranch *b = &g_array_index (o->branches, OrBranch, k);

      if (b->kind == OR_BRANCH_RELIEF)
        o->p_scale = MAX (o->p_scale, b->relief.set + b->relief.rise);
    }
  for (guint i = 0; i < o->circuit->initial->len; i++)
    o->p_scale = MAX (o->p_scale,
                      fabs (g_array_index (o->circuit->initial, MfInitialValue, i).value));
  o->v_floor = 1e-9;
  for (guint k = 0; k < o->n_v; k++)
    set_velocity_noise (o, &g_array_index (o->branches, OrBranch, k));
}

/* Every value that may name the run's quantities, bound to y. */
static gboolean
bind_values (MfOracle *o, GError **error)
{
  for (guint n = 0; n < o->nodes->len; n++)
    if (node_at (o, (int) n)->pressure != NULL
        && !or_value_bind (o, node_at (o, (int) n)->pressure, node_at (o, (int) n)->name, error))
      return FALSE;
  for (guint k = 0; k < o->n_v; k++)
    {
      const OrBranch *b = &g_array_index (o->branches, OrBranch, k);

      if (b->opening != NULL && !or_value_bind (o, b->opening, b->id, error))
        return FALSE;
    }
  for (guint i = 0; i < o->elements->len; i++)
    {
      const OrElement *e = &g_array_index (o->elements, OrElement, i);

      if (e->force != NULL && !or_value_bind (o, e->force, e->component->id, error))
        return FALSE;
    }
  return TRUE;
}

void
or_initial_state (const MfOracle *o, double *y)
{
  memset (y, 0, o->n_y * sizeof (double));
  for (guint i = 0; i < o->circuit->initial->len; i++)
    {
      const MfInitialValue *init = &g_array_index (o->circuit->initial, MfInitialValue, i);
      int column = mf_oracle_find_column (o, init->name);

      if (column >= 0 && (guint) column < o->n_v + o->n_x + o->n_p)
        y[column] = init->value;
    }
}

MfOracle *
mf_oracle_new (const MfCircuit *circuit, GError **error)
{
  g_autoptr (MfOracle) o = g_new0 (MfOracle, 1);
  OrPortMap map;
  gboolean ok;

  o->circuit = circuit;
  o->nodes = g_array_new (FALSE, TRUE, sizeof (OrNode));
  o->branches = g_array_new (FALSE, TRUE, sizeof (OrBranch));
  o->elements = g_array_new (FALSE, TRUE, sizeof (OrElement));
  o->rows = g_array_new (FALSE, TRUE, sizeof (OrRow));
  o->columns = g_ptr_array_new_with_free_func (g_free);
  port_map_init (&map, circuit);
  ok = build_nodes (o, &map, error);
  if (ok)
    or_build_branches (o, &map);
  port_map_clear (&map);
  if (!ok || !build_rows (o, error))
    return NULL;
  o->n_y = o->n_v + o->n_x + o->n_p + o->n_rows;
  o->closed = g_new0 (gboolean, o->n_v);
  o->mode_closed = g_new0 (gboolean, o->n_v);
  o->shut = g_new0 (gboolean, o->n_v);
  o->area_shut = g_new0 (gboolean, o->n_v);
  o->w = g_new0 (double, MAX (1, o->n_rows * o->n_v));
  build_columns (o);
  if (!bind_values (o, error))
    return NULL;
  find_scales (o);
  return g_steal_pointer (&o);
}

void
mf_oracle_free (MfOracle *o)
{
  if (o == NULL)
    return;
  for (guint n = 0; n < o->nodes->len; n++)
    {
      g_free (node_at (o, (int) n)->name);
      g_clear_pointer (&node_at (o, (int) n)->pressure, mf_expr_free);
    }
  for (guint k = 0; k < o->branches->len; k++)
    {
      g_free (g_array_index (o->branches, OrBranch, k).id);
      g_clear_pointer (&g_array_index (o->branches, OrBranch, k).opening, mf_expr_free);
    }
  for (guint i = 0; i < o->elements->len; i++)
    g_clear_pointer (&g_array_index (o->elements, OrElement, i).force, mf_expr_free);
  g_array_unref (o->nodes);
  g_array_unref (o->branches);
  g_array_unref (o->elements);
  g_array_unref (o->rows);
  g_ptr_array_unref (o->columns);
  g_free (o->closed);
  g_free (o->mode_closed);
  g_free (o->shut);
  g_free (o->area_shut);
  g_free (o->w);
  g_free (o);
}

guint
mf_oracle_n_columns (const MfOracle *o)
{
  return o->columns->len;
}

const char *
mf_oracle_column_name (const MfOracle *o, guint column)
{
  return g_ptr_array_index (o->columns, column);
}

int
mf_oracle_find_column (const MfOracle *o, const char *name)
{
  for (guint i = 0; i < o->columns->len; i++)
    if (g_strcmp0 (g_ptr_array_index (o->columns, i), name) == 0)
      return (int) i;
  return -1;
}

double
mf_oracle_column_drop_factor (const MfOracle *o, guint column)
{
  const char *name = g_ptr_array_index (o->columns, column);

  for (guint k = 0; k < o->n_v; k++)
    {
      const OrBranch *b = &g_array_index (o->branches, OrBranch, k);
      g_autofree char *v = g_strdup_printf ("%s.v", b->id);
      g_autofree char *q = g_strdup_printf ("%s.q", b->id);
      double drop;

      if ((b->kind != OR_BRANCH_ORIFICE && b->kind != OR_BRANCH_FLOW_CONTROL) || b->mass > 0.0)
        continue;
      if (b->kind == OR_BRANCH_FLOW_CONTROL)
        drop = flow_control_k (b, mf_component_param_at (b->component, MF_FLOW_CONTROL_FLOW, 0.0));
      else
        drop = b->k_num / (b->area_ref * b->area_ref);
      drop /= b->area[0];
      if (!isfinite (drop))
        continue;
      if (g_str_equal (name, v))
        return drop;
      if (g_str_equal (name, q))
        return drop / (b->area[0] * b->area[0]);
    }
  return 0.0;
}
