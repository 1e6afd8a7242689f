/* mf-test-stiffness.h: a mode linearised at the start of a run, as
 * `manifold-cli linearize` does by default, for the tests of the
 * linearisation and of the numbers the examples and lessons state.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "mf-stiffness.h"

/* `mode` of `model` linearised at t = 0 at the model's initial state
 * reduced to that mode, accuracy measured against `rtol`. */
static inline MfStiffness *
mf_test_stiffness_at_start (MfModel *model, guint mode, double rtol)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (MfSystem) system = mf_system_new (model, mode, &error);
  g_autofree double *u = g_new0 (double, mf_model_n_states (model));
  g_autofree double *y = NULL;
  MfStiffness *s;

  g_assert_no_error (error);
  mf_model_initial_state (model, u);
  y = g_new0 (double, MAX (mf_system_dimension (system), 1));
  mf_system_reduce (system, 0.0, u, y);
  s = mf_stiffness_new (system, 0.0, y, rtol, &error);
  g_assert_no_error (error);
  return s;
}
