/* mf-oracle-values.c: the values of a circuit as the oracle evaluates
 * them — parameters that may name the run's quantities (docs/model.md,
 * "Feedback") and the areas of orifices, directional valves' paths and
 * reducing valves, which follow such a value through a clamp.
 *
 * The oracle keeps its own copy of every such expression and binds each
 * name to its own unknowns y = [v; x; p; λ]: "C1.x", "P1.v" and a
 * volume's "NODE.p" to their places in y (the first columns of a sample
 * are exactly y's), a constant tank's "NODE.p" to its value.  The chain
 * rule then gives the Jacobian's entries from the expression's exact
 * partial derivatives.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-oracle-private.h"

#include <math.h>

#include "mf-error.h"

MfExpr *
or_value_new (const MfParam *param)
{
  return param->expr != NULL ? mf_expr_copy (param->expr) : mf_expr_new_constant (param->value);
}

/* The tank whose node's pressure is called `name`, or NULL. */
static const OrNode *
tank_named (const MfOracle *o, const char *name)
{
  for (guint n = 0; n < o->nodes->len; n++)
    {
      const OrNode *node = &g_array_index (o->nodes, OrNode, n);
      g_autofree char *pressure = g_strdup_printf ("%s.p", node->name);

      if (node->kind == OR_NODE_TANK && g_str_equal (pressure, name))
        return node;
    }
  return NULL;
}

gboolean
or_value_bind (const MfOracle *o, MfExpr *expr, const char *owner, GError **error)
{
  for (guint i = 0; i < mf_expr_n_names (expr); i++)
    {
      const char *name = mf_expr_name (expr, i);
      int column = mf_oracle_find_column (o, name);
      const OrNode *tank = tank_named (o, name);

      if (column >= 0 && (guint) column < o->n_v + o->n_x + o->n_p)
        mf_expr_bind (expr, i, (guint) column);
      else if (tank != NULL && mf_expr_n_names (tank->pressure) == 0
               && mf_expr_is_constant (tank->pressure))
        mf_expr_bind_value (expr, i, mf_expr_eval (tank->pressure, 0.0));
      else
        {
          g_set_error (error, MF_ERROR, MF_ERROR_STRUCTURE,
                       "oracle: %s uses %s, no state or constant tank pressure it knows", owner,
                       name);
          return FALSE;
        }
    }
  return TRUE;
}

double
or_value (const MfExpr *expr, double t, const double *y)
{
  return mf_expr_eval_at (expr, t, y);
}

void
or_value_partials (const MfOracle *o, const MfExpr *expr, double t, const double *y,
                   double factor, guint row, double *jy)
{
  if (factor == 0.0)
    return;
  for (guint i = 0; i < mf_expr_n_names (expr); i++)
    {
      guint index = mf_expr_binding (expr, i);

      if (index < o->n_y)
        jy[row * o->n_y + index] += factor * mf_expr_partial (expr, t, y, i);
    }
}

/* ---- areas ---- */

double
or_orifice_area (const OrBranch *b, double t, const double *y, double *da_ds)
{
  double s = or_value (b->opening, t, y), z;

  if (b->shape == OR_AREA_PLAIN)
    {
      *da_ds = 1.0;
      return s;
    }
  /* full·clamp(gain·s + offset, 0, 1), of |s| for a centre path */
  z = b->gain * (b->shape == OR_AREA_CLAMPED_ABS ? fabs (s) : s) + b->offset;
  if (z <= 0.0 || z >= 1.0)
    {
      *da_ds = 0.0;
      return b->full * CLAMP (z, 0.0, 1.0);
    }
  *da_ds = b->full * b->gain;
  if (b->shape == OR_AREA_CLAMPED_ABS && s < 0.0)
    *da_ds = -*da_ds;
  return b->full * z;
}

double
or_orifice_resistance (const OrBranch *b, double t, const double *y, double *dk_ds)
{
  double da_ds, a = or_orifice_area (b, t, y, &da_ds);

  /* below a_ε the law holds the area there: huge but finite, flat */
  if (a <= b->area_eps)
    {
      *dk_ds = 0.0;
      return b->k_num / (b->area_eps * b->area_eps);
    }
  *dk_ds = -2.0 * b->k_num / (a * a * a) * da_ds;
  return b->k_num / (a * a);
}
