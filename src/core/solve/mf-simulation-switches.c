/* mf-simulation-switches.c: what can switch during a run (mf-simulation.h,
 * mf_simulation_n_switches()): the velocities a row of their own can hold
 * at 0, named after what a user plots — a valve open, a piston at its stop.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-simulation.h"

#include "mf-model-private.h"

/* The i-th velocity that a row of its own can hold at 0, or -1. */
static int
switch_velocity (const MfModel *model, guint i)
{
  for (guint k = 0; k < mf_model_n_velocities (model); k++)
    if (mf_model_branch_can_close (model, k) && i-- == 0)
      return (int) k;
  return -1;
}

guint
mf_simulation_n_switches (const MfModel *model)
{
  guint n = 0;

  for (guint k = 0; k < mf_model_n_velocities (model); k++)
    if (mf_model_branch_can_close (model, k))
      n++;
  return n;
}

guint
mf_simulation_switch_component (const MfModel *model, guint i)
{
  int k = switch_velocity (model, i);

  g_return_val_if_fail (k >= 0, 0);
  return mf_model_branch (model, (guint) k)->component;
}

/* "ID.open", or "ID.at_stop" for a piston or an accumulator (empty): the
 * name of velocity k's switch. */
static char *
velocity_switch_name (const MfModel *model, guint k)
{
  const MfBranch *b = mf_model_branch (model, k);

  return g_strdup_printf (b->kind == MF_BRANCH_PISTON || b->kind == MF_BRANCH_ACCUMULATOR
                            ? "%s.at_stop"
                            : "%s.open",
                          component_at (mf_model_get_circuit (model), b->component)->id);
}

char *
mf_simulation_switch_name (const MfModel *model, guint i)
{
  int k = switch_velocity (model, i);

  g_return_val_if_fail (k >= 0, NULL);
  return velocity_switch_name (model, (guint) k);
}

GHashTable *
mf_simulation_value_names (const MfModel *model)
{
  GHashTable *names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint n_outputs = mf_model_n_outputs (model), index = n_outputs;

  for (guint i = 0; i < n_outputs; i++)
    g_hash_table_insert (names, g_strdup (mf_model_output_name (model, i)),
                         GUINT_TO_POINTER (i + 1));
  /* in one pass: mf_simulation_switch_name() looks for the i-th switch from the first */
  for (guint k = 0; k < mf_model_n_velocities (model); k++)
    if (mf_model_branch_can_close (model, k))
      g_hash_table_insert (names, velocity_switch_name (model, k), GUINT_TO_POINTER (++index));
  return names;
}

gboolean *
mf_simulation_closed (const MfModel *model, guint mode, const double *switches)
{
  gboolean *closed = mf_model_mode_closed (model, mode);

  for (guint i = 0; i < mf_simulation_n_switches (model); i++)
    {
      guint c = mf_simulation_switch_component (model, i);
      MfComponentType type = component_at (mf_model_get_circuit (model), c)->info->type;
      gboolean is_stop = type == MF_COMPONENT_PISTON || type == MF_COMPONENT_ACCUMULATOR;

      /* a sample says 1 for a piston at its stop, 1 for an open valve */
      if (is_stop ? switches[i] >= 0.5 : switches[i] < 0.5)
        closed[c] = TRUE;
    }
  return closed;
}
