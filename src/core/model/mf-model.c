/* mf-model.c: from a circuit to M, the rows of W and F (docs/model.md,
 * "Nodes and their names", "Signs" and "Forces").
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-model-private.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "mf-error.h"
#include "mf-reducing.h"
#include "mf-text.h"

/* ---- states ---- */

static void
build_states (MfModel *model)
{
  const MfCircuit *circuit = model->circuit;
  GArray *positions = g_array_new (FALSE, FALSE, sizeof (guint));
  GArray *pressures = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint c = 0; c < circuit->components->len; c++)
    if (mf_model_has_velocity (component_at (circuit, c)->info->type))
      {
        MfBranch b = mf_model_make_branch (model, c);
        guint index = model->branches->len;

        if (b.mech_node != MF_NONE || b.kind == MF_BRANCH_ACCUMULATOR)
          {
            b.position = positions->len;
            g_array_append_val (positions, index);
          }
        if (b.mech_node != MF_NONE)
          g_array_append_val (g_array_index (model->nodes, MfNode, b.mech_node).inertial, index);
        g_array_append_val (model->branches, b);
        g_ptr_array_add (model->state_names,
                         g_strdup_printf ("%s.v", component_at (circuit, c)->id));
      }
  for (guint i = 0; i < positions->len; i++)
    {
      const MfBranch *b = mf_model_branch (model, g_array_index (positions, guint, i));

      g_ptr_array_add (model->state_names,
                       g_strdup_printf ("%s.x", component_at (circuit, b->component)->id));
    }
  for (guint n = 0; n < model->nodes->len; n++)
    {
      MfNode *node = &g_array_index (model->nodes, MfNode, n);

      if (node->kind != MF_NODE_COMPLIANT)
        continue;
      node->state = pressures->len;
      g_array_append_val (pressures, n);
      g_ptr_array_add (model->state_names, g_strdup_printf ("%s.p", node->name));
    }
  /* name → index + 1, the first state of a name winning as a search would */
  model->state_index = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = model->state_names->len; i-- > 0;)
    g_hash_table_insert (model->state_index, model->state_names->pdata[i],
                         GUINT_TO_POINTER (i + 1));
  model->n_positions = positions->len;
  model->position_branch = (guint *) g_array_free (positions, FALSE);
  model->n_pressures = pressures->len;
  model->pressure_node = (guint *) g_array_free (pressures, FALSE);
}

/* The areas of the reducing valves, which sense their outlets' pressures
 * (mf-reducing.h): values the model owns, bound with the others'
 * (mf_model_bind_feedback). */
static gboolean
set_openings (MfModel *model, MfModelFault *fault, GError **error)
{
  for (guint k = 0; k < model->branches->len; k++)
    {
      MfBranch *b = &g_array_index (model->branches, MfBranch, k);
      const MfComponent *valve = component_at (model->circuit, b->component);
      const MfNode *outlet;
      MfExpr *opening;

      if (valve->info->type != MF_COMPONENT_REDUCING_VALVE)
        continue;
      outlet = mf_model_node (model, b->node[1]);
      opening = mf_reducing_opening (valve, outlet->name, outlet->kind, outlet->pressure,
                                     outlet->pressure_value, error);
      if (opening == NULL)
        {
          *fault = (MfModelFault) { MF_MODEL_FAULT_COMPONENT, b->component };
          return FALSE;
        }
      g_ptr_array_add (model->bound, opening);
      b->opening = opening;
    }
  return TRUE;
}

/* The numbers the equations are made of, each from a few parameters: the
 * loader checks every parameter, but a pipe 1e300 m wide has an area no
 * double holds, and a volume of 1e-300 m³ over a bulk modulus of 1e300 Pa
 * a capacitance of zero.  Refused here, or they reach the reduction as NaN. */
static gboolean
check_numbers (MfModel *model, MfModelFault *fault, GError **error)
{
  const MfCircuit *circuit = model->circuit;

  for (guint k = 0; k < model->branches->len; k++)
    {
      const MfBranch *b = mf_model_branch (model, k);

      if (!(isfinite (b->area) && isfinite (b->mass) && isfinite (b->k_area)
            && isfinite (b->coef[0]) && isfinite (b->coef[1]) && isfinite (b->damping)
            && (b->kind != MF_BRANCH_LEAK
                || (isfinite (b->leakage) && isfinite (b->area * b->area / b->leakage)))
            && (b->kind != MF_BRANCH_ACCUMULATOR || (isfinite (b->stroke) && b->stroke > 0.0))))
        {
          g_set_error (error, MF_ERROR, MF_ERROR_INVALID,
                       /* Translators: %s is a component's id */
                       _("component '%s': its values are too large to compute with (an area, "
                         "a mass or a flow coefficient made from them is not a finite number)"),
                       component_at (circuit, b->component)->id);
          *fault = (MfModelFault) { MF_MODEL_FAULT_COMPONENT, b->component };
          return FALSE;
        }
    }
  for (guint n = 0; n < model->nodes->len; n++)
    {
      const MfNode *node = &g_array_index (model->nodes, MfNode, n);

      double capacitance = mf_model_node_capacitance (model, n, NULL);

      if (node->kind == MF_NODE_COMPLIANT && !(isfinite (capacitance) && capacitance > 0))
        {
          g_set_error (error, MF_ERROR, MF_ERROR_INVALID,
                       /* Translators: %s is a node ("J1", "V1.p") */
                       _("node %s: its volumes over their bulk moduli make a capacitance that is "
                         "not a finite positive number"),
                       node->name);
          *fault = (MfModelFault) { MF_MODEL_FAULT_COMPONENT, node->component };
          return FALSE;
        }
    }
  return TRUE;
}

/* ---- elements without a state, and the constraint rows ---- */

static MfElement
make_element (MfModel *model, guint c, guint value_param, guint extra_param)
{
  const MfComponent *component = component_at (model->circuit, c);
  MfElement e = { 0 };

  e.component = c;
  e.node[0] = mf_model_port_node (model, c, 0);
  e.node[1] = component->info->n_ports > 1 ? mf_model_port_node (model, c, 1) : MF_NONE;
  e.value = component->params[value_param].expr;
  if (e.value != NULL && mf_expr_is_constant (e.value))
    e.value = NULL;
  e.constant = component->params[value_param].value;
  if (extra_param != MF_NONE)
    e.preload = component->params[extra_param].value;
  e.scale = 1.0;
  e.fraction_value = 1.0;
  return e;
}

/* A pump is a flow source of flow η_v·D·n(t)·ε(t) (docs/model.md, "Pumps"). */
static MfElement
make_pump (MfModel *model, guint c)
{
  const MfComponent *component = component_at (model->circuit, c);
  const MfParam *p = component->params;
  MfElement e = make_element (model, c, MF_PUMP_SPEED, MF_NONE);

  e.scale = p[MF_PUMP_VOLUMETRIC_EFFICIENCY].value * p[MF_PUMP_DISPLACEMENT].value;
  if (component->info->type == MF_COMPONENT_VARIABLE_PUMP)
    {
      e.fraction = p[MF_PUMP_FRACTION].expr;
      if (e.fraction != NULL && mf_expr_is_constant (e.fraction))
        e.fraction = NULL;
      e.fraction_value = p[MF_PUMP_FRACTION].value;
    }
  return e;
}

static void
build_elements (MfModel *model)
{
  for (guint c = 0; c < model->circuit->components->len; c++)
    switch (component_at (model->circuit, c)->info->type)
      {
      case MF_COMPONENT_FLOW_SOURCE:
        {
          MfElement e = make_element (model, c, MF_FLOW_SOURCE_FLOW, MF_NONE);
          guint index = model->sources->len;

          g_array_append_val (model->sources, e);
          g_array_append_val (model->flow_outputs, index);
        }
        break;
      case MF_COMPONENT_PUMP:
      case MF_COMPONENT_VARIABLE_PUMP:
        {
          MfElement e = make_pump (model, c);
          guint index = model->sources->len;

          g_array_append_val (model->sources, e);
          g_array_append_val (model->pump_outputs, index);
        }
        break;
      case MF_COMPONENT_SPRING:
      case MF_COMPONENT_ROTARY_SPRING:
        {
          MfElement e = make_element (model, c, MF_SPRING_STIFFNESS, MF_SPRING_PRELOAD);
          g_array_append_val (model->springs, e);
        }
        break;
      case MF_COMPONENT_DAMPER:
      case MF_COMPONENT_ROTARY_DAMPER:
        {
          MfElement e = make_element (model, c, MF_DAMPER_DAMPING, MF_NONE);
          g_array_append_val (model->dampers, e);
        }
        break;
      case MF_COMPONENT_FORCE:
      case MF_COMPONENT_TORQUE:
        {
          MfElement e = make_element (model, c, MF_FORCE_FORCE, MF_NONE);
          g_array_append_val (model->forces, e);
        }
        break;
      case MF_COMPONENT_FIXED:
      case MF_COMPONENT_FIXED_SHAFT:
        mf_model_port_node_of (model, c, MF_PORT_M)->fixed = TRUE;
        break;
      default:
        break;
      }
}

/* Masses on one mechanical node move together; on a fixed node they stand
 * still.  Both are velocity constraints: rows of W whose multipliers are the
 * contact forces. */
/* The component whose port comes first on node `n`. */
static guint
first_component_on (const MfModel *model, guint n)
{
  const MfCircuit *circuit = model->circuit;

  for (guint c = 0; c < circuit->components->len; c++)
    for (guint p = 0; p < component_at (circuit, c)->info->n_ports; p++)
      if (mf_model_port_node (model, c, p) == n)
        return c;
  return 0;
}

static gboolean
build_links (MfModel *model, MfModelFault *fault, GError **error)
{
  for (guint n = 0; n < model->nodes->len; n++)
    {
      MfNode *node = &g_array_index (model->nodes, MfNode, n);
      GArray *in = node->inertial;

      if (node->kind != MF_NODE_MECHANICAL)
        continue;
      if (in->len == 0 && !node->fixed && node->rotary)
        {
          g_set_error (error, MF_ERROR, MF_ERROR_STRUCTURE,
                       /* Translators: %s is a node ("TQ1.shaft") */
                       _("shaft %s has no inertia and no fixed support: connect it to an "
                         "inertia, a hydraulic motor or a fixed shaft"),
                       node->name);
          *fault = (MfModelFault) { MF_MODEL_FAULT_COMPONENT, first_component_on (model, n) };
          return FALSE;
        }
      if (in->len == 0 && !node->fixed)
        {
          g_set_error (error, MF_ERROR, MF_ERROR_STRUCTURE,
                       /* Translators: %s is a node ("M1.a") */
                       _("mechanical node %s has no mass and no fixed support: connect it to a "
                         "mass, a piston or a fixed point"),
                       node->name);
          *fault = (MfModelFault) { MF_MODEL_FAULT_COMPONENT, first_component_on (model, n) };
          return FALSE;
        }
      if (in->len > 0 && !node->fixed)
        node->representative = g_array_index (in, guint, 0);
      for (guint i = node->fixed ? 0 : 1; i < in->len; i++)
        {
          MfLink link = { g_array_index (in, guint, i),
                          node->fixed ? MF_NONE : node->representative };

          g_array_append_val (model->links, link);
          if (link.b == MF_NONE)
            g_ptr_array_add (model->link_names,
                             g_strdup_printf ("%s = 0 (fixed)",
                                              (char *) model->state_names->pdata[link.a]));
          else
            g_ptr_array_add (model->link_names,
                             g_strdup_printf ("%s = %s",
                                              (char *) model->state_names->pdata[link.b],
                                              (char *) model->state_names->pdata[link.a]));
        }
    }
  return TRUE;
}

static void
count_end (MfModel *model, guint node)
{
  if (node != MF_NONE)
    g_array_index (model->nodes, MfNode, node).n_ends++;
}

static void
build_junction_rows (MfModel *model)
{
  GArray *rows = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint k = 0; k < model->branches->len; k++)
    for (guint e = 0; e < 2; e++)
      count_end (model, mf_model_branch (model, k)->node[e]);
  for (guint s = 0; s < model->sources->len; s++)
    for (guint e = 0; e < 2; e++)
      count_end (model, g_array_index (model->sources, MfElement, s).node[e]);

  for (guint n = 0; n < model->nodes->len; n++)
    {
      MfNode *node = &g_array_index (model->nodes, MfNode, n);

      if (node->kind != MF_NODE_JUNCTION)
        continue;
      node->row = rows->len;
      g_array_append_val (rows, n);
      if (node->n_ends == 1 && strchr (node->name, '.') != NULL)
        g_ptr_array_add (model->notes,
                         /* Translators: %s is a port, "P1.b" */
                         g_strdup_printf (_("port %s is not connected: it is taken as plugged "
                                            "(no flow)"),
                                          node->name));
    }
  model->n_junction_rows = rows->len;
  model->junction_node = (guint *) g_array_free (rows, FALSE);
}

/* ---- outputs ---- */

static void
add_output (MfModel *model, char *name, const char *unit)
{
  g_ptr_array_add (model->output_names, name);
  g_ptr_array_add (model->output_units, (gpointer) unit);
}

static void
build_outputs (MfModel *model)
{
  const MfCircuit *circuit = model->circuit;
  guint n_v = model->branches->len;

  for (guint i = 0; i < model->state_names->len; i++)
    {
      gboolean rotary = i < n_v ? mf_model_branch (model, i)->rotary
                        : i < n_v + model->n_positions
                          ? mf_model_branch (model, model->position_branch[i - n_v])->rotary
                          : FALSE;

      add_output (model, g_strdup (model->state_names->pdata[i]),
                  i < n_v ? (rotary ? "rad/s" : "m/s")
                  : i < n_v + model->n_positions ? (rotary ? "rad" : "m") : "Pa");
    }
  for (guint k = 0; k < n_v; k++)
    {
      const MfBranch *b = mf_model_branch (model, k);

      if (b->kind == MF_BRANCH_MASS)
        continue;
      add_output (model, g_strdup_printf ("%s.q", component_at (circuit, b->component)->id),
                  "m^3/s");
      model->n_flow_outputs++;
    }
  for (guint n = 0; n < model->nodes->len; n++)
    {
      const MfNode *node = mf_model_node (model, n);

      if (node->kind != MF_NODE_JUNCTION && node->kind != MF_NODE_BOUNDARY)
        continue;
      g_array_append_val (model->pressure_output_nodes, n);
      add_output (model, g_strdup_printf ("%s.p", node->name), "Pa");
    }
  /* ID.dp of the valves that switch by themselves or in a mode, and of the
   * flow control valves, whose drop says whether they regulate */
  for (guint k = 0; k < n_v; k++)
    {
      const MfComponent *component = component_at (circuit, mf_model_branch (model, k)->component);

      if (!component->info->switchable
          && mf_model_branch (model, k)->kind != MF_BRANCH_FLOW_CONTROL)
        continue;
      g_array_append_val (model->valve_outputs, k);
      add_output (model, g_strdup_printf ("%s.dp", component->id), "Pa");
    }
  for (guint k = 0; k < n_v; k++)
    {
      const MfBranch *b = mf_model_branch (model, k);

      if ((b->kind != MF_BRANCH_PISTON && b->kind != MF_BRANCH_ACCUMULATOR)
          || !isfinite (b->stroke))
        continue;
      g_array_append_val (model->stop_outputs, k);
      add_output (model,
                  g_strdup_printf ("%s.stop_force", component_at (circuit, b->component)->id),
                  "N");
    }
  for (guint i = 0; i < model->flow_outputs->len; i++)
    {
      const MfElement *e = &g_array_index (model->sources, MfElement,
                                           g_array_index (model->flow_outputs, guint, i));

      add_output (model, g_strdup_printf ("%s.q", component_at (circuit, e->component)->id),
                  "m^3/s");
    }
  for (guint i = 0; i < model->pump_outputs->len; i++)
    {
      const MfElement *e = &g_array_index (model->sources, MfElement,
                                           g_array_index (model->pump_outputs, guint, i));
      const char *id = component_at (circuit, e->component)->id;

      add_output (model, g_strdup_printf ("%s.q", id), "m^3/s");
      add_output (model, g_strdup_printf ("%s.torque", id), "N*m");
    }
  /* of the row-scaled Newton Jacobian of the algebraic states (mf-newton.h) */
  add_output (model, g_strdup ("solver.sigma_min"), "");
  add_output (model, g_strdup ("solver.sigma_max"), "");
  add_output (model, g_strdup ("solver.residual"), "");
}

static gboolean
check_initial_values (MfModel *model, MfModelFault *fault, GError **error)
{
  const MfCircuit *circuit = model->circuit;

  for (guint i = 0; i < circuit->initial->len; i++)
    {
      const MfInitialValue *init = &g_array_index (circuit->initial, MfInitialValue, i);

      if (mf_model_find_state (model, init->name) < 0)
        {
          g_autofree char *names = g_strjoinv (", ", (char **) model->state_names->pdata);
          g_autofree char *shown = mf_text_escape (init->name);

          g_set_error (error, MF_ERROR, MF_ERROR_INVALID,
                       /* Translators: the first %s is the state as written, the second the list of
                        * the circuit's states */
                       _("initial value for '%s': the circuit has no such state (its states: %s)"),
                       shown, names);
          *fault = (MfModelFault) { MF_MODEL_FAULT_INITIAL, i };
          return FALSE;
        }
    }
  for (guint i = 0; i < circuit->preferred_states->len; i++)
    {
      const char *name = circuit->preferred_states->pdata[i];
      int state = mf_model_find_state (model, name);

      if (state < 0 || (guint) state >= model->branches->len)
        {
          g_autofree char *shown = mf_text_escape (name);

          g_set_error (error, MF_ERROR, MF_ERROR_INVALID,
                       _("preferred state '%s' is not a velocity of the circuit"), shown);
          *fault = (MfModelFault) { MF_MODEL_FAULT_PREFERRED, i };
          return FALSE;
        }
    }
  return TRUE;
}

static void
model_init (MfModel *model, const MfCircuit *circuit)
{
  model->bound = g_ptr_array_new_with_free_func ((GDestroyNotify) mf_expr_free);
  model->circuit = circuit;
  model->nodes = g_array_new (FALSE, FALSE, sizeof (MfNode));
  g_array_set_clear_func (model->nodes, (GDestroyNotify) mf_model_node_clear);
  model->branches = g_array_new (FALSE, FALSE, sizeof (MfBranch));
  model->sources = g_array_new (FALSE, FALSE, sizeof (MfElement));
  model->springs = g_array_new (FALSE, FALSE, sizeof (MfElement));
  model->dampers = g_array_new (FALSE, FALSE, sizeof (MfElement));
  model->forces = g_array_new (FALSE, FALSE, sizeof (MfElement));
  model->links = g_array_new (FALSE, FALSE, sizeof (MfLink));
  model->link_names = g_ptr_array_new_with_free_func (g_free);
  model->state_names = g_ptr_array_new_with_free_func (g_free);
  model->output_names = g_ptr_array_new_with_free_func (g_free);
  model->output_units = g_ptr_array_new ();
  model->pressure_output_nodes = g_array_new (FALSE, FALSE, sizeof (guint));
  model->valve_outputs = g_array_new (FALSE, FALSE, sizeof (guint));
  model->stop_outputs = g_array_new (FALSE, FALSE, sizeof (guint));
  model->flow_outputs = g_array_new (FALSE, FALSE, sizeof (guint));
  model->pump_outputs = g_array_new (FALSE, FALSE, sizeof (guint));
  model->notes = g_ptr_array_new_with_free_func (g_free);
}

MfModel *
mf_model_new_located (const MfCircuit *circuit, MfModelFault *fault, GError **error)
{
  MfModel *model = g_new0 (MfModel, 1);
  MfModelFault ignored;

  if (fault == NULL)
    fault = &ignored;
  *fault = (MfModelFault) { MF_MODEL_FAULT_CIRCUIT, 0 };
  model_init (model, circuit);
  if (circuit->modes->len == 0)
    {
      /* the loader always makes one; a circuit built in code must too */
      g_set_error (error, MF_ERROR, MF_ERROR_INVALID,
                   _("the circuit has no mode: add one (e.g. \"default\", with nothing closed)"));
      fault->kind = MF_MODEL_FAULT_MODES;
      goto fail;
    }
  mf_model_build_nodes (model);
  if (!mf_model_classify_nodes (model, fault, error))
    goto fail;
  build_states (model);
  mf_model_find_chamber_positions (model);
  if (!check_numbers (model, fault, error))
    goto fail;
  build_elements (model);
  if (!set_openings (model, fault, error) || !mf_model_bind_feedback (model, fault, error))
    goto fail;
  if (!build_links (model, fault, error))
    goto fail;
  build_junction_rows (model);
  if (model->state_names->len == 0)
    {
      g_set_error (error, MF_ERROR, MF_ERROR_STRUCTURE,
                   _("the circuit has nothing that moves: add a pipe, an orifice, a valve, a "
                     "piston or a mass"));
      goto fail;
    }
  g_ptr_array_add (model->state_names, NULL); /* so that it joins as a strv */
  g_ptr_array_set_size (model->state_names, model->state_names->len - 1);
  if (!check_initial_values (model, fault, error))
    goto fail;
  build_outputs (model);
  /* name → index + 1, the first output of a name winning as a search would */
  model->output_index = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = model->output_names->len; i-- > 0;)
    g_hash_table_insert (model->output_index, model->output_names->pdata[i],
                         GUINT_TO_POINTER (i + 1));
  /* ∂F/∂u: a diagonal entry per velocity, two per compliant end, four per
   * spring and damper (two ends × two sides), one per name of a value */
  model->n_triplets = model->branches->len * 3 + (model->springs->len + model->dampers->len) * 4
                      + mf_model_feedback_triplets (model);
  return model;

fail:
  mf_model_free (model);
  return NULL;
}

MfModel *
mf_model_new (const MfCircuit *circuit, GError **error)
{
  return mf_model_new_located (circuit, NULL, error);
}

void
mf_model_free (MfModel *model)
{
  if (model == NULL)
    return;
  g_array_unref (model->nodes);
  g_free (model->port_offset);
  g_free (model->port_node);
  g_array_unref (model->branches);
  g_free (model->position_branch);
  g_free (model->pressure_node);
  g_array_unref (model->sources);
  g_array_unref (model->springs);
  g_array_unref (model->dampers);
  g_array_unref (model->forces);
  g_free (model->junction_node);
  g_array_unref (model->links);
  g_ptr_array_unref (model->link_names);
  g_clear_pointer (&model->state_index, g_hash_table_unref);
  g_clear_pointer (&model->output_index, g_hash_table_unref);
  g_ptr_array_unref (model->state_names);
  g_ptr_array_unref (model->output_names);
  g_ptr_array_unref (model->output_units);
  g_array_unref (model->pressure_output_nodes);
  g_array_unref (model->valve_outputs);
  g_array_unref (model->stop_outputs);
  g_array_unref (model->flow_outputs);
  g_array_unref (model->pump_outputs);
  g_ptr_array_unref (model->notes);
  g_clear_pointer (&model->bound, g_ptr_array_unref);
  g_free (model);
}

/* ---- accessors ---- */

const MfCircuit *
mf_model_get_circuit (const MfModel *model)
{
  return model->circuit;
}

guint
mf_model_n_nodes (const MfModel *model)
{
  return model->nodes->len;
}

const char *
mf_model_node_name (const MfModel *model, guint node)
{
  return mf_model_node (model, node)->name;
}

MfNodeKind
mf_model_node_kind (const MfModel *model, guint node)
{
  return mf_model_node (model, node)->kind;
}

guint
mf_model_n_velocities (const MfModel *model)
{
  return model->branches->len;
}

guint
mf_model_n_positions (const MfModel *model)
{
  return model->n_positions;
}

guint
mf_model_n_pressures (const MfModel *model)
{
  return model->n_pressures;
}

guint
mf_model_n_states (const MfModel *model)
{
  return model->branches->len + model->n_positions + model->n_pressures;
}

const char *
mf_model_state_name (const MfModel *model, guint state)
{
  return model->state_names->pdata[state];
}

MfStateKind
mf_model_state_kind (const MfModel *model, guint state)
{
  if (state < model->branches->len)
    return MF_STATE_VELOCITY;
  if (state < model->branches->len + model->n_positions)
    return MF_STATE_POSITION;
  return MF_STATE_PRESSURE;
}

int
mf_model_find_state (const MfModel *model, const char *name)
{
  if (name == NULL)
    return -1;
  return (int) GPOINTER_TO_UINT (g_hash_table_lookup (model->state_index, name)) - 1;
}

double
mf_model_velocity_mass (const MfModel *model, guint velocity)
{
  return mf_model_branch (model, velocity)->mass;
}

void
mf_model_initial_state (const MfModel *model, double *u)
{
  const MfCircuit *circuit = model->circuit;

  memset (u, 0, mf_model_n_states (model) * sizeof (double));
  for (guint i = 0; i < circuit->initial->len; i++)
    {
      const MfInitialValue *init = &g_array_index (circuit->initial, MfInitialValue, i);
      int state = mf_model_find_state (model, init->name);

      if (state >= 0)
        u[state] = init->value;
    }
}

GArray *
mf_model_breakpoints (const MfModel *model, double t_end)
{
  return mf_circuit_breakpoints (model->circuit, t_end);
}

guint
mf_model_n_outputs (const MfModel *model)
{
  return model->output_names->len;
}

const char *
mf_model_output_name (const MfModel *model, guint output)
{
  return model->output_names->pdata[output];
}

int
mf_model_find_output (const MfModel *model, const char *name)
{
  return (int) GPOINTER_TO_UINT (g_hash_table_lookup (model->output_index, name)) - 1;
}

const char *
mf_model_output_unit (const MfModel *model, guint output)
{
  return model->output_units->pdata[output];
}

gboolean *
mf_model_mode_closed (const MfModel *model, guint mode)
{
  const MfCircuit *circuit = model->circuit;
  const MfMode *m = g_ptr_array_index (circuit->modes, mode);
  gboolean *closed = g_new0 (gboolean, MAX (circuit->components->len, 1));

  for (guint i = 0; i < m->closed->len; i++)
    closed[g_array_index (m->closed, guint, i)] = TRUE;
  return closed;
}

static const char *
closed_word (const MfCircuit *circuit, guint c, gboolean closed)
{
  if (component_at (circuit, c)->info->type == MF_COMPONENT_PISTON)
    return closed ? _("at end stop") : _("free");
  if (component_at (circuit, c)->info->type == MF_COMPONENT_ACCUMULATOR)
    return closed ? _("empty") : _("charged");
  return closed ? _("closed") : _("open");
}

char *
mf_model_describe_valves (const MfModel *model, guint mode, const gboolean *closed)
{
  const MfCircuit *circuit = model->circuit;
  const MfMode *m = g_ptr_array_index (circuit->modes, mode);
  GString *text = g_string_new (NULL);
  guint differences = 0;

  /* Translators: names a mode at the start of a message; %s is its name, %u its number */
  g_string_printf (text, _("mode '%s'"), m->name);
  for (guint c = 0; c < circuit->components->len; c++)
    if (closed[c] != mf_mode_is_closed (m, c))
      /* Translators: follows "mode 'lift'" for each valve or piston whose state differs from
       * the mode's: "mode 'lift' with V1 open, C1 at end stop"; the first %s is the component,
       * the second its state ("open", "closed", "free", "at end stop") */
      /* Translators: another valve or piston after the first: the first %s is the component, the
       * second its state */
      g_string_append_printf (text, differences++ == 0 ? _(" with %s %s") : _(", %s %s"),
                              component_at (circuit, c)->id, closed_word (circuit, c, closed[c]));
  return g_string_free (text, FALSE);
}
