/* mf-test-examples.h: the example circuits of data/examples, found through
 * $MANIFOLD_EXAMPLES, loaded, and run with their own settings, for the tests
 * that check them (test-examples.c, test-example-physics.c).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <math.h>

#include "mf-test-circuit.h"
#include "mf-test-recording.h"

/* Methods the generic check runs every example with (and two-mass-spring
 * checks against its modal solution): the document's stiff default and a
 * high-order explicit one, which share no code but the right-hand side. */
#define IMPLICIT_METHOD "msbdf"
#define EXPLICIT_METHOD "rk8pd"

/* ---- finding and loading examples ------------------------------------- */

static inline char *
examples_dir (void)
{
  const char *dir = g_getenv ("MANIFOLD_EXAMPLES");

  if (dir != NULL && *dir != '\0')
    return g_strdup (dir);
  return g_test_build_filename (G_TEST_DIST, "..", "data", "examples", NULL);
}

static inline char *
example_path (const char *name)
{
  g_autofree char *dir = examples_dir ();
  g_autofree char *file = g_strconcat (name, ".manifold", NULL);

  return g_build_filename (dir, file, NULL);
}

/* The example `name`, loaded and assembled. */
static inline MfTestCircuit *
example_load (const char *name)
{
  g_autofree char *path = example_path (name);

  return mf_test_circuit_new_from_file (path);
}

static inline const MfCircuit *
example_circuit (const MfTestCircuit *example)
{
  return mf_document_get_circuit (example->document);
}

static inline const MfComponent *
component (const MfTestCircuit *example, const char *id)
{
  const MfCircuit *circuit = example_circuit (example);
  int index = mf_circuit_find_component (circuit, id);

  if (index < 0)
    g_error ("the example has no component '%s'", id);
  return g_ptr_array_index (circuit->components, index);
}

/* A constant parameter's SI value. */
static inline double
param (const MfTestCircuit *example, const char *id, guint which)
{
  return mf_component_param_at (component (example, id), which, 0.0);
}

static inline double
pipe_area (const MfTestCircuit *example, const char *id)
{
  double d = param (example, id, MF_PIPE_DIAMETER);

  return G_PI * d * d / 4.0;
}

static inline double
pipe_mass (const MfTestCircuit *example, const char *id)
{
  return example_circuit (example)->fluid.density * pipe_area (example, id)
         * param (example, id, MF_PIPE_LENGTH);
}

/* ---- a run's samples --------------------------------------------------- */

/* The value of a named output at a sample. */
static inline double
at (const MfTestCircuit   *example,
    const MfTestRecording *recording,
    guint                  sample,
    const char            *name)
{
  return mf_test_recording_value (recording, sample, mf_test_output (example->model, name));
}

/* The sample at time t (on the output grid). */
static inline guint
sample_at (const MfTestRecording *recording, double t)
{
  for (guint i = 0; i < mf_test_recording_n_samples (recording); i++)
    if (fabs (mf_test_recording_time (recording, i) - t) < 1e-9 * MAX (1.0, fabs (t)))
      return i;
  g_error ("no sample at t = %g", t);
  return 0;
}

/* Runs the example with its own settings, but with `method` when not NULL
 * and `t_end` when positive. */
static inline MfTestRecording *
simulate (const MfTestCircuit *example, const char *method, double t_end, MfSimulationStats *stats)
{
  MfSimulationOptions options;

  mf_simulation_options_from_circuit (&options, example_circuit (example));
  if (method != NULL)
    options.method = method;
  if (t_end > 0)
    options.t_end = t_end;
  return mf_test_recording_simulate (example->model, &options, stats);
}
