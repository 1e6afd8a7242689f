/* mf-mode-incidence.c
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-mode-incidence.h"

#include "mf-linearization.h"
#include "mf-model-private.h"

/* Where the equations and unknowns of a mode go in its incidence. */
typedef struct
{
  guint  n_v;
  guint  n_x;
  guint  n_p;
  guint  n_u;        /* states: velocities, positions, pressures */
  guint *derivative; /* per state: its derivative unknown, or MF_INCIDENCE_NONE */
  guint  first_multiplier; /* the unknowns: the states, their derivatives, the multipliers */
} Layout;

static guint
kinematics_row (const Layout *l, guint position)
{
  return l->n_v + position;
}

static guint
compliance_row (const Layout *l, guint pressure)
{
  return l->n_v + l->n_x + pressure;
}

static guint
constraint_row (const Layout *l, guint row)
{
  return l->n_u + row;
}

static guint
multiplier (const Layout *l, guint row)
{
  return l->first_multiplier + row;
}

static gboolean
branch_closed (const MfModel *model, const MfReduction *red, guint k)
{
  return mf_model_branch_can_close (model, k)
         && red->closed[mf_model_branch (model, k)->component];
}

static void
add_unknowns (MfIncidence *inc, Layout *l, const MfModel *model, const MfReduction *red)
{
  for (guint s = 0; s < l->n_u; s++)
    mf_incidence_add_unknown (inc, mf_model_state_name (model, s), MF_INCIDENCE_NONE);
  for (guint s = 0; s < l->n_u; s++)
    {
      g_autofree char *name = NULL;

      l->derivative[s] = MF_INCIDENCE_NONE;
      if (s < l->n_v && mf_model_velocity_mass (model, s) == 0.0)
        continue;
      name = mf_incidence_derivative_name (mf_model_state_name (model, s), 1);
      l->derivative[s] = mf_incidence_add_unknown (inc, name, s);
    }
  l->first_multiplier = mf_incidence_n_unknowns (inc);
  for (guint r = 0; r < red->n_rows; r++)
    {
      g_autofree char *name = g_strdup_printf ("λ(%s)", red->row_names[r]);

      mf_incidence_add_unknown (inc, name, MF_INCIDENCE_NONE);
    }
}

/* "P1 momentum", "J1 continuity": what it is about, then what it says. */
static void
add_equation (MfIncidence *inc, const char *name, const char *suffix)
{
  g_autofree char *text = g_strconcat (name, suffix, NULL);

  mf_incidence_add_equation (inc, text);
}

static void
add_equations (MfIncidence *inc, const Layout *l, const MfModel *model, const MfReduction *red)
{
  const MfCircuit *circuit = mf_model_get_circuit (model);

  for (guint k = 0; k < l->n_v; k++)
    add_equation (inc, component_at (circuit, mf_model_branch (model, k)->component)->id,
                  mf_model_velocity_mass (model, k) > 0.0 ? " momentum" : " law");
  for (guint i = 0; i < l->n_x; i++)
    add_equation (inc,
                  component_at (circuit,
                                mf_model_branch (model, model->position_branch[i])->component)
                    ->id,
                  " kinematics");
  for (guint s = 0; s < l->n_p; s++)
    add_equation (inc, mf_model_node_name (model, model->pressure_node[s]), " continuity");
  for (guint r = 0; r < red->n_rows; r++)
    add_equation (inc, red->row_names[r], r < model->n_junction_rows ? " continuity" : "");
}

/* ∂F/∂u at the generic state, duplicates summed. */
static void
add_forces (MfEntries *entries, const MfModel *model, const MfReduction *red)
{
  guint n_v = mf_model_n_velocities (model);
  g_autofree double *u = g_new0 (double, MAX (mf_model_n_states (model), 1));
  g_autofree MfTriplet *triplets = g_new0 (MfTriplet, MAX (model->n_triplets, 1));

  for (guint k = 0; k < n_v; k++)
    u[k] = branch_closed (model, red, k) ? 0.0 : 0.5 + 0.173 * k;
  mf_linearize_force_jacobian (model, u, triplets);
  for (guint i = 0; i < model->n_triplets; i++)
    if (triplets[i].value != 0.0)
      mf_entries_add (entries, triplets[i].row, triplets[i].col, -triplets[i].value);
}

static void
add_entries (MfEntries *entries, const Layout *l, const MfModel *model, const MfReduction *red)
{
  const MfSparse *w = red->w;

  for (guint k = 0; k < l->n_v; k++)
    if (l->derivative[k] != MF_INCIDENCE_NONE)
      mf_entries_add (entries, k, l->derivative[k], mf_model_velocity_mass (model, k));
  add_forces (entries, model, red);
  for (guint r = 0; r < w->n_rows; r++)
    for (guint p = w->start[r]; p < w->start[r + 1]; p++)
      {
        mf_entries_add (entries, w->col[p], multiplier (l, r), -w->val[p]);
        mf_entries_add (entries, constraint_row (l, r), w->col[p], w->val[p]);
      }
  for (guint i = 0; i < l->n_x; i++)
    {
      mf_entries_add (entries, kinematics_row (l, i), l->derivative[l->n_v + i], 1.0);
      mf_entries_add (entries, kinematics_row (l, i), model->position_branch[i], -1.0);
    }
  for (guint s = 0; s < l->n_p; s++)
    mf_entries_add (entries, compliance_row (l, s), l->derivative[l->n_v + l->n_x + s],
                    mf_model_node_capacitance (model, model->pressure_node[s], NULL));
  for (guint k = 0; k < l->n_v; k++)
    {
      const MfBranch *b = mf_model_branch (model, k);

      for (guint e = 0; e < 2; e++)
        {
          const MfNode *node = b->node[e] != MF_NONE ? mf_model_node (model, b->node[e]) : NULL;

          if (node != NULL && node->kind == MF_NODE_COMPLIANT)
            mf_entries_add (entries, compliance_row (l, node->state), k, b->coef[e]);
        }
    }
}

static guint *
preference_of (const Layout *l, const MfModel *model, const MfReduction *red, guint *n)
{
  g_autofree guint *velocities = mf_reduction_preference (red, model);
  guint *order = g_new (guint, MAX (l->n_u, 1));

  *n = 0;
  for (guint k = 0; k < l->n_v; k++)
    if (mf_model_velocity_mass (model, velocities[k]) > 0.0)
      order[(*n)++] = velocities[k];
  for (guint s = l->n_v; s < l->n_u; s++)
    order[(*n)++] = s;
  for (guint k = 0; k < l->n_v; k++)
    if (mf_model_velocity_mass (model, velocities[k]) == 0.0)
      order[(*n)++] = velocities[k];
  return order;
}

MfIncidence *
mf_mode_incidence_new (const MfModel     *model,
                       const MfReduction *red,
                       guint            **preference,
                       guint             *n_preference)
{
  MfIncidence *inc = mf_incidence_new ();
  Layout l = { mf_model_n_velocities (model), mf_model_n_positions (model),
               mf_model_n_pressures (model), mf_model_n_states (model), NULL, 0 };
  g_autofree guint *derivative = g_new (guint, MAX (l.n_u, 1));
  g_auto (MfEntries) entries = { 0 };
  g_autoptr (MfSparse) summed = NULL;

  l.derivative = derivative;
  add_unknowns (inc, &l, model, red);
  add_equations (inc, &l, model, red);
  mf_entries_init (&entries);
  add_entries (&entries, &l, model, red);
  /* what sums to zero is not in the pattern: a pipe with both ends on one
   * compliant node takes nothing from it */
  summed = mf_entries_finish (&entries, mf_incidence_n_equations (inc),
                              mf_incidence_n_unknowns (inc));
  for (guint i = 0; i < summed->n_rows; i++)
    for (guint p = summed->start[i]; p < summed->start[i + 1]; p++)
      mf_incidence_add_entry (inc, i, summed->col[p], summed->val[p]);
  mf_incidence_finish (inc);
  *preference = preference_of (&l, model, red, n_preference);
  return inc;
}
