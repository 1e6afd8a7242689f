/* mf-test-events.h: running a circuit with its event log recorded, for the
 * tests of switching valves and end stops.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "mf-simulation.h"
#include "mf-test-circuit.h"
#include "mf-test-recording.h"

/* Water, so the numbers are easy to check by hand. */
#define RHO   1000.0
#define FLUID "\"fluid\": { \"density\": 1000, \"kinematic_viscosity\": 1e-5, " \
              "\"bulk_modulus\": 2.2e9 }"

/* What issue 3 asks of a switching time known in closed form. */
#define LOCATED 1e-8

/* ---- the event log ---------------------------------------------------- */

typedef struct
{
  double t;
  char  *component;
  char  *from;
  char  *to;
} Event;

static inline void
event_clear (gpointer data)
{
  Event *event = data;

  g_free (event->component);
  g_free (event->from);
  g_free (event->to);
}

static inline GArray *
event_log_new (void)
{
  GArray *log = g_array_new (FALSE, FALSE, sizeof (Event));

  g_array_set_clear_func (log, event_clear);
  return log;
}

static inline void
record_event (double t, const char *component, const char *from, const char *to, gpointer data)
{
  Event event = { t, g_strdup (component), g_strdup (from), g_strdup (to) };

  g_array_append_val ((GArray *) data, event);
}

static inline const Event *
event_at (const GArray *log, guint i)
{
  g_assert_cmpuint (i, <, log->len);
  return &g_array_index (log, Event, i);
}

static inline void
assert_event (const GArray *log, guint i, const char *component, const char *from, const char *to)
{
  const Event *event = event_at (log, i);

  g_assert_cmpstr (event->component, ==, component);
  g_assert_cmpstr (event->from, ==, from);
  g_assert_cmpstr (event->to, ==, to);
}

/* Runs the circuit with its own settings but `method` (if not NULL),
 * recording the samples, the events into `log` and the statistics. */
static inline MfTestRecording *
run (const MfTestCircuit *tc, const char *method, GArray *log, MfSimulationStats *stats)
{
  MfSimulationOptions options;

  mf_simulation_options_from_circuit (&options, mf_model_get_circuit (tc->model));
  if (method != NULL)
    options.method = method;
  options.event = record_event;
  options.event_data = log;
  return mf_test_recording_simulate (tc->model, &options, stats);
}

static inline double
value (const MfTestCircuit *tc, const MfTestRecording *recording, guint sample, const char *name)
{
  return mf_test_recording_value (recording, sample, mf_test_output (tc->model, name));
}

static const char *const methods[] = { "rk8pd", "rkf45", "msbdf", "bsimp" };
