/* mf-model-feedback.c: values that use the run's quantities by name
 * (docs/model.md, "Feedback").
 *
 * An orifice's or valve's area (and so a directional valve's spool), a
 * force, a torque, a tank's pressure, a flow source's flow and a pump's
 * speed and fraction may name positions (ID.x),
 * velocities (ID.v) and the pressures of nodes with a volume (NODE.p): each
 * name is bound to its index in the full state u = [v | x | p], and the
 * value is evaluated at (t, u).  A tank's pressure is bound to its value
 * when constant.  Refused, with the reason in words:
 *   - a junction's pressure: a multiplier of the constraints, known only
 *     once the velocities' rates are, so a force that used it would make
 *     the mass matrix depend on the state;
 *   - a velocity in a flow source's flow or a pump's speed or fraction:
 *     they are the constraints' right-hand side q_s, whose rate the
 *     reduction needs, and a velocity's rate is the unknown.
 * The bound values are copies the model owns; the circuit's stay as they
 * are.  ∂F/∂u of the bound values (the chain rule through the exact
 * derivatives of the expressions) is added to the force Jacobian here too.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-model-private.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "mf-error.h"
#include "mf-suggest.h"

/* The node named `name` without its ".p", or MF_NONE. */
static guint
find_node (const MfModel *model, const char *name)
{
  gsize len = strlen (name);

  if (len < 2 || strcmp (name + len - 2, ".p") != 0)
    return MF_NONE;
  for (guint n = 0; n < model->nodes->len; n++)
    {
      const char *node = mf_model_node (model, n)->name;

      if (strlen (node) == len - 2 && strncmp (node, name, len - 2) == 0)
        return n;
    }
  return MF_NONE;
}

/* Every name a value may use: the states and the tanks' pressures. */
static GPtrArray *
known_names (const MfModel *model)
{
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < model->state_names->len; i++)
    g_ptr_array_add (names, g_strdup (model->state_names->pdata[i]));
  for (guint n = 0; n < model->nodes->len; n++)
    if (mf_model_node (model, n)->kind == MF_NODE_BOUNDARY)
      g_ptr_array_add (names, g_strdup_printf ("%s.p", mf_model_node (model, n)->name));
  return names;
}

static gboolean
refuse_unknown (const MfModel *model, const MfComponent *component, const char *name,
                GError **error)
{
  g_autoptr (GPtrArray) names = known_names (model);
  const char *close = mf_suggest (name, (const char *const *) names->pdata, names->len, FALSE);

  if (close != NULL)
    g_set_error (error, MF_ERROR, MF_ERROR_INVALID,
                 /* Translators: component id, the unknown name, the one meant */
                 _("component '%s': its value uses '%s', which is no position, velocity or "
                   "pressure of this circuit (did you mean '%s'?)"),
                 component->id, name, close);
  else
    g_set_error (error, MF_ERROR, MF_ERROR_INVALID,
                 /* Translators: component id, the unknown name */
                 _("component '%s': its value uses '%s', which is no position, velocity or "
                   "pressure of this circuit"),
                 component->id, name);
  return FALSE;
}

/* Binds every name of `expr` for `component`, or says why one cannot be. */
static gboolean
bind_names (const MfModel *model, const MfComponent *component, MfExpr *expr, GError **error)
{
  for (guint i = 0; i < mf_expr_n_names (expr); i++)
    {
      const char *name = mf_expr_name (expr, i);
      int state = mf_model_find_state (model, name);
      guint n = find_node (model, name);
      const MfNode *node = n != MF_NONE ? mf_model_node (model, n) : NULL;

      if (state >= 0)
        mf_expr_bind (expr, i, (guint) state);
      else if (node != NULL && node->kind == MF_NODE_BOUNDARY && node->pressure == NULL)
        mf_expr_bind_value (expr, i, node->pressure_value);
      else if (node != NULL && node->kind == MF_NODE_BOUNDARY)
        {
          g_set_error (error, MF_ERROR, MF_ERROR_INVALID,
                       /* Translators: component id, then a name such as "T1.p" */
                       _("component '%s': %s is the pressure of a tank that varies; write that "
                         "pressure's expression instead of its name"),
                       component->id, name);
          return FALSE;
        }
      else if (node != NULL && node->kind == MF_NODE_JUNCTION)
        {
          g_set_error (error, MF_ERROR, MF_ERROR_INVALID,
                       /* Translators: component id, then a name such as "J1.p" */
                       _("component '%s': %s is the pressure of a junction, fixed by the "
                         "constraints; only positions, velocities and the pressures of nodes "
                         "with a volume or a tank can be used"),
                       component->id, name);
          return FALSE;
        }
      else
        return refuse_unknown (model, component, name, error);
    }
  return TRUE;
}

/* A copy of `*expr` bound for `c`, which `*expr` then points to; TRUE at
 * once when it uses no name. */
static gboolean
bind_value (MfModel *model, guint c, const MfExpr **expr, GError **error)
{
  MfExpr *bound;

  if (*expr == NULL || mf_expr_n_names (*expr) == 0)
    return TRUE;
  bound = mf_expr_copy (*expr);
  g_ptr_array_add (model->bound, bound);
  *expr = bound;
  return bind_names (model, component_at (model->circuit, c), bound, error);
}

/* A flow source's flow and a pump's speed and fraction are q_s, whose
 * rate the reduction needs before the velocities' rates are known: their
 * names are bound like any value's, but a velocity is refused, since q_s'
 * would then need v', the unknown (docs/model.md, "Feedback"). */
static gboolean
bind_source (MfModel *model, MfElement *e, GError **error)
{
  const MfExpr **values[2] = { &e->value, &e->fraction };

  for (guint f = 0; f < 2; f++)
    {
      if (!bind_value (model, e->component, values[f], error))
        return FALSE;
      for (guint i = 0; *values[f] != NULL && i < mf_expr_n_names (*values[f]); i++)
        if (mf_expr_binding (*values[f], i) < model->branches->len)
          {
            g_set_error (error, MF_ERROR, MF_ERROR_INVALID,
                         /* Translators: component id, then a name such as "C1.v" */
                         _("component '%s': a flow source's flow and a pump's speed and fraction "
                           "may use positions and pressures but not a velocity such as %s (the "
                           "constraints need their rate, which would then need the "
                           "accelerations)"),
                         component_at (model->circuit, e->component)->id,
                         mf_expr_name (*values[f], i));
            return FALSE;
          }
    }
  return TRUE;
}

gboolean
mf_model_bind_feedback (MfModel *model, MfModelFault *fault, GError **error)
{
  guint c = 0;

  for (guint k = 0; k < model->branches->len; k++)
    {
      MfBranch *b = &g_array_index (model->branches, MfBranch, k);

      c = b->component;
      if (!bind_value (model, c, &b->opening, error))
        goto fail;
      if (b->setting != NULL && mf_expr_n_names (b->setting) > 0)
        {
          g_set_error (error, MF_ERROR, MF_ERROR_INVALID,
                       /* Translators: component id */
                       _("component '%s': a flow control valve's flow may depend on t only, "
                         "not on the run's quantities"),
                       component_at (model->circuit, c)->id);
          goto fail;
        }
    }
  for (guint n = 0; n < model->nodes->len; n++)
    {
      MfNode *node = &g_array_index (model->nodes, MfNode, n);

      c = node->component;
      if (node->kind == MF_NODE_BOUNDARY && !bind_value (model, c, &node->pressure, error))
        goto fail;
    }
  for (guint s = 0; s < model->forces->len; s++)
    {
      MfElement *e = &g_array_index (model->forces, MfElement, s);

      c = e->component;
      if (!bind_value (model, c, &e->value, error))
        goto fail;
    }
  for (guint s = 0; s < model->sources->len; s++)
    {
      c = g_array_index (model->sources, MfElement, s).component;
      if (!bind_source (model, &g_array_index (model->sources, MfElement, s), error))
        goto fail;
    }
  return TRUE;

fail:
  *fault = (MfModelFault) { MF_MODEL_FAULT_COMPONENT, c };
  return FALSE;
}

/* ---- the Jacobian ------------------------------------------------------- */

static guint
n_names (const MfExpr *expr)
{
  return expr != NULL ? mf_expr_n_names (expr) : 0;
}

guint
mf_model_feedback_triplets (const MfModel *model)
{
  guint n = 0;

  for (guint k = 0; k < model->branches->len; k++)
    {
      const MfBranch *b = mf_model_branch (model, k);

      if (b->kind == MF_BRANCH_ORIFICE)
        n += n_names (b->opening);
      for (guint e = 0; e < 2; e++)
        if (b->node[e] != MF_NONE)
          n += n_names (mf_model_node (model, b->node[e])->pressure);
    }
  for (guint s = 0; s < model->forces->len; s++)
    n += n_names (g_array_index (model->forces, MfElement, s).value);
  return n;
}

/* row += slope · ∂expr/∂(each name): one entry per name, the ones bound to
 * fixed values (or on a row that does not exist) holding 0 on (0, 0) so
 * the pattern keeps its size.  `generic`: the structure's reading
 * (mf_model_feedback_generic()), clamps released and a partial that still
 * vanishes (x² at x = 0) taken as 1, since the name is in the pattern
 * whatever its slope at this one state. */
static MfTriplet *
put_names (const MfExpr *expr, guint row, double slope, double t, const double *u,
           gboolean generic, MfTriplet *out)
{
  for (guint i = 0; expr != NULL && i < mf_expr_n_names (expr); i++, out++)
    {
      guint col = mf_expr_binding (expr, i);
      double value;

      if (row == MF_NONE || col == MF_EXPR_FIXED || col == MF_EXPR_UNBOUND)
        {
          *out = (MfTriplet) { 0, 0, 0.0 };
          continue;
        }
      value = slope * (generic ? mf_expr_partial_released (expr, t, u, i)
                               : mf_expr_partial (expr, t, u, i));
      if (generic && !(value != 0.0 && isfinite (value)))
        value = slope != 0.0 && isfinite (slope) ? slope : 1.0;
      *out = (MfTriplet) { row, col, value };
    }
  return out;
}

/* ∂F/∂a of orifice k at (t, u).  F = −k_area/a² · v|v| (or its smoothed
 * form): ∂F/∂a = −2F/a; held at the threshold beyond it, the law does not
 * move with a.  For the structure, an area held shut counts as open at its
 * port: its slope there. */
static double
orifice_area_slope (const MfModel *model, const MfBranch *b, guint k, double t, const double *u,
                    gboolean generic)
{
  double a = mf_expr_eval_at (b->opening, t, u);

  if (generic && !(a > MF_MODEL_AREA_EPS * b->area))
    return 2.0 * b->k_area * u[k] * fabs (u[k]) / (b->area * b->area * b->area);
  if (!(a > MF_MODEL_AREA_EPS * b->area) || (u[k] == 0.0 && model->smoothing == 0.0))
    return 0.0;
  return -2.0 * mf_model_orifice_force (model, b, t, u[k], u) / a;
}

static MfTriplet *
feedback_entries (const MfModel *model, double t, const double *u, gboolean generic,
                  MfTriplet *out)
{
  for (guint k = 0; k < model->branches->len; k++)
    {
      const MfBranch *b = mf_model_branch (model, k);

      if (b->kind == MF_BRANCH_ORIFICE && b->opening != NULL)
        out = put_names (b->opening, k, orifice_area_slope (model, b, k, t, u, generic), t, u,
                         generic, out);
      for (guint e = 0; e < 2; e++)
        if (b->node[e] != MF_NONE)
          out = put_names (mf_model_node (model, b->node[e])->pressure, k, b->coef[e], t, u,
                           generic, out);
    }
  for (guint s = 0; s < model->forces->len; s++)
    {
      const MfElement *e = &g_array_index (model->forces, MfElement, s);

      out = put_names (e->value, mf_model_node (model, e->node[0])->representative, 1.0, t, u,
                       generic, out);
    }
  return out;
}

MfTriplet *
mf_model_feedback_jacobian (const MfModel *model, double t, const double *u, MfTriplet *out)
{
  return feedback_entries (model, t, u, FALSE, out);
}

MfTriplet *
mf_model_feedback_generic (const MfModel *model, double t, const double *u, MfTriplet *out)
{
  return feedback_entries (model, t, u, TRUE, out);
}
