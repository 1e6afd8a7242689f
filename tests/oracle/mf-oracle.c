/* mf-oracle.c: the oracle's own reading of a circuit — nodes from the
 * wires (a union-find over ports), branches, elements, constraint rows and
 * the names of what it reports.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-oracle-private.h"

#include <math.h>

#include "mf-error.h"

static const MfComponent *
component_at (const MfCircuit *circuit, guint c)
{
  return g_ptr_array_index (circuit->components, c);
}

/* ---- nodes ---- */

typedef struct
{
  guint *first_port; /* per component: index of its port 0 among all ports */
  int   *parent;     /* union-find over all ports */
  int   *node_of;    /* per root port: the node, or -1 */
} PortMap;

static int
find_root (int *parent, int p)
{
  while (parent[p] != p)
    p = parent[p] = parent[parent[p]];
  return p;
}

static guint
port_index (const PortMap *map, MfPortRef ref)
{
  return map->first_port[ref.component] + ref.port;
}

static void
port_map_init (PortMap *map, const MfCircuit *circuit)
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
port_map_clear (PortMap *map)
{
  g_free (map->first_port);
  g_free (map->parent);
  g_free (map->node_of);
}

/* The node of a component's port, creating it (named after this port, the
 * first in document order) when it is new. */
static int
node_for_port (MfOracle *o, PortMap *map, guint c, guint port)
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
      node->pressure = &p[MF_TANK_PRESSURE];
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
build_nodes (MfOracle *o, PortMap *map, GError **error)
{
  const MfCircuit *circuit = o->circuit;

  for (guint c = 0; c < circuit->components->len; c++)
    for (guint port = 0; port < component_at (circuit, c)->info->n_ports; port++)
      node_for_port (o, map, c, port);
  for (guint c = 0; c < circuit->components->len; c++)
    for (guint port = 0; port < component_at (circuit, c)->info->n_ports; port++)
      if (!mark_node (o, node_for_port (o, map, c, port), component_at (circuit, c), error))
        return FALSE;
  return TRUE;
}

/* ---- branches and elements ---- */

static double
disc_area (double diameter)
{
  return G_PI * diameter * diameter / 4.0;
}

/* A motor's friction: its own, and the torque its mechanical efficiency
 * loses at the rated point, (1 − η_m)·D·Δp_r, taken as viscous at ω_r. */
static double
motor_friction (const MfParam *p)
{
  double lost = (1.0 - p[MF_MOTOR_MECHANICAL_EFFICIENCY].value) * p[MF_MOTOR_DISPLACEMENT].value
                * p[MF_MOTOR_RATED_PRESSURE].value;

  if (p[MF_MOTOR_MECHANICAL_EFFICIENCY].value == 1.0)
    return p[MF_MOTOR_FRICTION].value;
  return p[MF_MOTOR_FRICTION].value + lost / p[MF_MOTOR_RATED_SPEED].value;
}

static OrBranch
make_branch (MfOracle *o, PortMap *map, guint c)
{
  const MfComponent *component = component_at (o->circuit, c);
  const MfParam *p = component->params;
  double rho = o->circuit->fluid.density;
  OrBranch b = { 0 };

  b.component = component;
  b.component_index = c;
  b.node[0] = b.node[1] = b.mech = b.position = b.row = -1;
  b.stroke = INFINITY;
  if (component->info->type != MF_COMPONENT_MASS && component->info->type != MF_COMPONENT_INERTIA)
    {
      b.node[0] = node_for_port (o, map, c, 0);
      b.node[1] = node_for_port (o, map, c, 1);
    }
  switch (component->info->type)
    {
    case MF_COMPONENT_PIPE:
      b.kind = OR_BRANCH_PIPE;
      b.length = p[MF_PIPE_LENGTH].value;
      b.diameter = p[MF_PIPE_DIAMETER].value;
      b.roughness = p[MF_PIPE_ROUGHNESS].value;
      b.friction = (MfFriction) p[MF_PIPE_FRICTION].choice;
      b.area[0] = b.area[1] = disc_area (b.diameter);
      b.mass = rho * b.area[0] * b.length;
      break;
    case MF_COMPONENT_ORIFICE:
    case MF_COMPONENT_VALVE:
    case MF_COMPONENT_CHECK_VALVE:
      b.kind = OR_BRANCH_ORIFICE;
      b.area[0] = b.area[1] = disc_area (p[MF_ORIFICE_PORT_DIAMETER].value);
      b.mass = p[MF_ORIFICE_MASS].value;
      /* Δp = ρ/2 (A v / (cd a))² acts on the port area A */
      b.k_num = rho * pow (b.area[0], 3) / (2.0 * pow (p[MF_ORIFICE_CD].value, 2));
      b.automatic = component->info->type == MF_COMPONENT_CHECK_VALVE;
      if (b.automatic)
        b.cracking = p[MF_CHECK_VALVE_CRACKING_PRESSURE].value;
      break;
    case MF_COMPONENT_RELIEF_VALVE:
      b.kind = OR_BRANCH_RELIEF;
      b.area[0] = b.area[1] = disc_area (p[MF_RELIEF_PORT_DIAMETER].value);
      b.relief.set = p[MF_RELIEF_SET_PRESSURE].value;
      b.relief.rise = p[MF_RELIEF_FULL_OPEN_RISE].value;
      b.relief.full_area = p[MF_RELIEF_FULL_AREA].value;
      b.relief.cd = p[MF_RELIEF_CD].value;
      b.relief.density = rho;
      b.automatic = TRUE;
      b.cracking = b.relief.set;
      break;
    case MF_COMPONENT_FLOW_CONTROL_VALVE:
      b.kind = OR_BRANCH_FLOW_CONTROL;
      b.area[0] = b.area[1] = disc_area (p[MF_FLOW_CONTROL_PORT_DIAMETER].value);
      b.flow_control.flow = p[MF_FLOW_CONTROL_FLOW].value;
      b.flow_control.compensator = p[MF_FLOW_CONTROL_COMPENSATOR_PRESSURE].value;
      b.flow_control.regulation = p[MF_FLOW_CONTROL_REGULATION].value;
      break;
    case MF_COMPONENT_PISTON:
      b.kind = OR_BRANCH_PISTON;
      b.area[0] = p[MF_PISTON_CAP_AREA].value;
      b.area[1] = p[MF_PISTON_ROD_AREA].value;
      b.mass = p[MF_PISTON_MASS].value;
      b.damping = p[MF_PISTON_DAMPING].value;
      b.mech = node_for_port (o, map, c, MF_PISTON_M);
      b.stroke = p[MF_PISTON_STROKE].value;
      b.automatic = isfinite (b.stroke);
      break;
    case MF_COMPONENT_MOTOR:
      b.kind = OR_BRANCH_PISTON;
      b.area[0] = b.area[1] = p[MF_MOTOR_DISPLACEMENT].value;
      b.mass = p[MF_MOTOR_INERTIA].value;
      b.damping = motor_friction (p);
      b.mech = node_for_port (o, map, c, MF_MOTOR_SHAFT);
      break;
    case MF_COMPONENT_MASS:
    case MF_COMPONENT_INERTIA:
      b.kind = OR_BRANCH_MASS;
      b.mass = p[MF_MASS_MASS].value;
      b.mech = node_for_port (o, map, c, MF_PORT_M);
      break;
    case MF_COMPONENT_LEAK:
      b.kind = OR_BRANCH_LEAK;
      b.area[0] = b.area[1] = disc_area (0.010);
      b.leakage = p[MF_LEAK_COEFFICIENT].value;
      break;
    default:
      g_assert_not_reached ();
    }
  return b;
}

static gboolean
is_branch (MfComponentType type)
{
  return type == MF_COMPONENT_PIPE || type == MF_COMPONENT_ORIFICE || type == MF_COMPONENT_VALVE
         || type == MF_COMPONENT_CHECK_VALVE || type == MF_COMPONENT_RELIEF_VALVE
         || type == MF_COMPONENT_FLOW_CONTROL_VALVE
         || type == MF_COMPONENT_PISTON || type == MF_COMPONENT_MASS
         || type == MF_COMPONENT_MOTOR || type == MF_COMPONENT_INERTIA
         || type == MF_COMPONENT_LEAK;
}

/* The element type a component is entered as (a rotary twin as its
 * translational one), or MF_N_COMPONENT_TYPES when it is none. */
static MfComponentType
element_type (MfComponentType type)
{
  switch (type)
    {
    case MF_COMPONENT_FLOW_SOURCE:
    case MF_COMPONENT_PUMP:
    case MF_COMPONENT_VARIABLE_PUMP:
    case MF_COMPONENT_SPRING:
    case MF_COMPONENT_DAMPER:
    case MF_COMPONENT_FORCE:
      return type;
    case MF_COMPONENT_ROTARY_SPRING:
      return MF_COMPONENT_SPRING;
    case MF_COMPONENT_ROTARY_DAMPER:
      return MF_COMPONENT_DAMPER;
    case MF_COMPONENT_TORQUE:
      return MF_COMPONENT_FORCE;
    default:
      return MF_N_COMPONENT_TYPES;
    }
}

static void
build_branches (MfOracle *o, PortMap *map)
{
  for (guint c = 0; c < o->circuit->components->len; c++)
    {
      const MfComponent *component = component_at (o->circuit, c);
      MfComponentType type = component->info->type;

      if (is_branch (type))
        {
          OrBranch b = make_branch (o, map, c);

          if (b.mech >= 0)
            b.position = (int) o->n_x++;
          g_array_append_val (o->branches, b);
        }
      else if (element_type (type) != MF_N_COMPONENT_TYPES)
        {
          OrElement e = { element_type (type), component, { node_for_port (o, map, c, 0), -1 } };

          if (component->info->n_ports > 1)
            e.node[1] = node_for_port (o, map, c, 1);
          g_array_append_val (o->elements, e);
        }
    }
  o->n_v = o->branches->len;
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

      if (b->component->info->switchable || (b->kind == OR_BRANCH_PISTON && b->automatic))
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
                     g_strdup_printf ("%s.v", g_array_index (o->branches, OrBranch, k).component->id));
  for (guint k = 0; k < o->n_v; k++)
    {
      const OrBranch *b = &g_array_index (o->branches, OrBranch, k);

      if (b->position >= 0)
        g_ptr_array_add (o->columns, g_strdup_printf ("%s.x", b->component->id));
    }
  for (guint n = 0; n < o->nodes->len; n++)
    if (node_at (o, (int) n)->kind == OR_NODE_VOLUME)
      g_ptr_array_add (o->columns, g_strdup_printf ("%s.p", node_at (o, (int) n)->name));
  for (guint k = 0; k < o->n_v; k++)
    {
      const OrBranch *b = &g_array_index (o->branches, OrBranch, k);

      if (b->kind != OR_BRANCH_MASS)
        g_ptr_array_add (o->columns, g_strdup_printf ("%s.q", b->component->id));
    }
  for (guint n = 0; n < o->nodes->len; n++)
    if (node_at (o, (int) n)->kind != OR_NODE_MECHANICAL)
      g_ptr_array_add (o->columns, g_strdup_printf ("%s.p", node_at (o, (int) n)->name));
  for (guint k = 0; k < o->n_v; k++)
    {
      const OrBranch *b = &g_array_index (o->branches, OrBranch, k);

      if (or_has_dp (b))
        g_ptr_array_add (o->columns, g_strdup_printf ("%s.dp", b->component->id));
    }
  for (guint k = 0; k < o->n_v; k++)
    {
      const OrBranch *b = &g_array_index (o->branches, OrBranch, k);

      if (b->row >= 0 && b->kind == OR_BRANCH_PISTON)
        g_ptr_array_add (o->columns, g_strdup_printf ("%s.stop_force", b->component->id));
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
  double a = param_size (&b->component->params[MF_ORIFICE_AREA], o->circuit->simulation.t_end);

  if (b->kind == OR_BRANCH_RELIEF)
    {
      double d_dq;

      mf_relief_pressure_drop (&b->relief, 0.0, &d_dq);
      b->v_noise = 1e4 * 1e-14 * o->p_scale / (b->area[0] * d_dq);
      return;
    }
  if (b->kind == OR_BRANCH_FLOW_CONTROL)
    {
      b->v_noise = sqrt (1e-14 * o->p_scale * b->area[0] / flow_control_k (b, a));
      return;
    }
  if (b->kind != OR_BRANCH_ORIFICE || b->mass > 0.0 || !(a > 0.0))
    return;
  b->v_noise = sqrt (1e-14 * o->p_scale * b->area[0] / (b->k_num / (a * a)));
}

/* Pressures the circuit works at: the tanks, the relief settings and the
 * initial pressures, at least 1 bar. */
static void
find_scales (MfOracle *o)
{
  double t_end = o->circuit->simulation.t_end;

  o->p_scale = 1e5;
  for (guint n = 0; n < o->nodes->len; n++)
    if (node_at (o, (int) n)->kind == OR_NODE_TANK)
      o->p_scale = MAX (o->p_scale, param_size (node_at (o, (int) n)->pressure, t_end));
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

MfOracle *
mf_oracle_new (const MfCircuit *circuit, GError **error)
{
  g_autoptr (MfOracle) o = g_new0 (MfOracle, 1);
  PortMap map;
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
    build_branches (o, &map);
  port_map_clear (&map);
  if (!ok || !build_rows (o, error))
    return NULL;
  o->n_y = o->n_v + o->n_x + o->n_p + o->n_rows;
  o->closed = g_new0 (gboolean, o->n_v);
  o->mode_closed = g_new0 (gboolean, o->n_v);
  o->shut = g_new0 (gboolean, o->n_v);
  o->w = g_new0 (double, MAX (1, o->n_rows * o->n_v));
  build_columns (o);
  find_scales (o);
  return g_steal_pointer (&o);
}

void
mf_oracle_free (MfOracle *o)
{
  if (o == NULL)
    return;
  for (guint n = 0; n < o->nodes->len; n++)
    g_free (node_at (o, (int) n)->name);
  g_array_unref (o->nodes);
  g_array_unref (o->branches);
  g_array_unref (o->elements);
  g_array_unref (o->rows);
  g_ptr_array_unref (o->columns);
  g_free (o->closed);
  g_free (o->mode_closed);
  g_free (o->shut);
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
      g_autofree char *v = g_strdup_printf ("%s.v", b->component->id);
      g_autofree char *q = g_strdup_printf ("%s.q", b->component->id);
      double a, drop;

      if ((b->kind != OR_BRANCH_ORIFICE && b->kind != OR_BRANCH_FLOW_CONTROL) || b->mass > 0.0)
        continue;
      /* a flow control valve's first parameter is its setting */
      a = mf_component_param_at (b->component, MF_ORIFICE_AREA, 0.0);
      drop = (b->kind == OR_BRANCH_FLOW_CONTROL ? flow_control_k (b, a) : b->k_num / (a * a))
             / b->area[0];
      if (!isfinite (drop))
        return 0.0;
      if (g_str_equal (name, v))
        return drop;
      if (g_str_equal (name, q))
        return drop / (b->area[0] * b->area[0]);
    }
  return 0.0;
}
