/* mf-spool.c: the flow paths of directional control valves (mf-spool.h).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-spool.h"

#include <math.h>
#include <string.h>

typedef enum
{
  SPOOL_POSITIVE, /* opens as s rises above the overlap */
  SPOOL_NEGATIVE, /* opens as s falls below minus the overlap */
  SPOOL_CENTRE,   /* open at s = 0, shut at |s| = 1 */
} PathSide;

typedef struct
{
  const char *name; /* the path's id after "ID." */
  guint       from, to;
  PathSide    side;
} Path;

static const Path working[] = {
  { "pa", MF_SPOOL_P, MF_SPOOL_A, SPOOL_POSITIVE },
  { "bt", MF_SPOOL_B, MF_SPOOL_T, SPOOL_POSITIVE },
  { "pb", MF_SPOOL_P, MF_SPOOL_B, SPOOL_NEGATIVE },
  { "at", MF_SPOOL_A, MF_SPOOL_T, SPOOL_NEGATIVE },
};

/* The paths of each centre: open joins every port through T */
static const Path centre_pt = { "c_pt", MF_SPOOL_P, MF_SPOOL_T, SPOOL_CENTRE };
static const Path centre_at = { "c_at", MF_SPOOL_A, MF_SPOOL_T, SPOOL_CENTRE };
static const Path centre_bt = { "c_bt", MF_SPOOL_B, MF_SPOOL_T, SPOOL_CENTRE };

gboolean
mf_spool_is_valve (MfComponentType type)
{
  return type == MF_COMPONENT_VALVE_4_3 || type == MF_COMPONENT_VALVE_4_2;
}

static MfExpr *
path_area (const MfComponent *valve, PathSide side)
{
  const MfParam *p = valve->params;
  g_autoptr (MfExpr) constant = NULL;
  const MfExpr *spool = p[MF_SPOOL_SPOOL].expr;
  double overlap = p[MF_SPOOL_OVERLAP].value, full = p[MF_SPOOL_FULL_AREA].value;

  if (spool == NULL)
    spool = constant = mf_expr_new_constant (p[MF_SPOOL_SPOOL].value);
  switch (side)
    {
    case SPOOL_POSITIVE:
      return mf_expr_new_clamped (spool, FALSE, 1.0 / (1.0 - overlap),
                                  -overlap / (1.0 - overlap), full);
    case SPOOL_NEGATIVE:
      return mf_expr_new_clamped (spool, FALSE, -1.0 / (1.0 - overlap),
                                  -overlap / (1.0 - overlap), full);
    case SPOOL_CENTRE:
    default:
      return mf_expr_new_clamped (spool, TRUE, -1.0, 1.0, full);
    }
}

static void
add_path (MfCircuit *circuit, guint index, const Path *path)
{
  const MfComponent *valve = g_ptr_array_index (circuit->components, index);
  MfComponent *component = mf_circuit_add_inner (circuit, index, path->name, MF_COMPONENT_VALVE,
                                                 path->from, path->to);

  mf_component_set_param (component, MF_ORIFICE_AREA, path_area (valve, path->side));
  mf_component_set_param_value (component, MF_ORIFICE_CD, valve->params[MF_SPOOL_CD].value);
  mf_component_set_param_value (component, MF_ORIFICE_PORT_DIAMETER,
                                valve->params[MF_SPOOL_PORT_DIAMETER].value);
}

void
mf_circuit_add_spool_paths (MfCircuit *circuit)
{
  guint n = circuit->components->len;

  for (guint c = 0; c < n; c++)
    {
      const MfComponent *valve = g_ptr_array_index (circuit->components, c);

      if (!mf_spool_is_valve (valve->info->type))
        continue;
      for (guint i = 0; i < G_N_ELEMENTS (working); i++)
        add_path (circuit, c, &working[i]);
      if (valve->info->type != MF_COMPONENT_VALVE_4_3)
        continue;
      switch ((MfCentre) valve->params[MF_SPOOL_CENTRE].choice)
        {
        case MF_CENTRE_OPEN:
          add_path (circuit, c, &centre_pt);
          add_path (circuit, c, &centre_at);
          add_path (circuit, c, &centre_bt);
          break;
        case MF_CENTRE_TANDEM:
          add_path (circuit, c, &centre_pt);
          break;
        case MF_CENTRE_FLOAT:
          add_path (circuit, c, &centre_at);
          add_path (circuit, c, &centre_bt);
          break;
        case MF_CENTRE_CLOSED:
        default:
          break;
        }
    }
}

guint
mf_spool_owner (const MfCircuit *circuit, guint component)
{
  const MfComponent *path = g_ptr_array_index (circuit->components, component);
  const char *dot = strrchr (path->id, '.');
  g_autofree char *owner = NULL;
  int index;

  if (dot == NULL)
    return component;
  owner = g_strndup (path->id, (gsize) (dot - path->id));
  index = mf_circuit_find_component (circuit, owner);
  return index >= 0 ? (guint) index : component;
}
