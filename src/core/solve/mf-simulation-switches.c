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

char *
mf_simulation_switch_name (const MfModel *model, guint i)
{
  int k = switch_velocity (model, i);
  const MfBranch *b;

  g_return_val_if_fail (k >= 0, NULL);
  b = mf_model_branch (model, (guint) k);
  return g_strdup_printf (b->kind == MF_BRANCH_PISTON ? "%s.at_stop" : "%s.open",
                          component_at (mf_model_get_circuit (model), b->component)->id);
}
