/* mf-simulation.h: the simulation driver — integrates the reduced system of
 * the mode that holds, switches modes on schedule and check and relief valves when
 * their conditions are met (projecting the state onto the new constraints),
 * stops at input breakpoints, and hands a sample of every output to a
 * callback at a fixed output interval.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "mf-model.h"

G_BEGIN_DECLS

/* One entry of the run's event log.  A check valve switching by itself:
 * `component` is its id, `from` and `to` are "open", "closed" or "held
 * closed" (closed by the chattering guard, mf-events.c).  A scheduled mode
 * change: `component` is "schedule", `from` and `to` the modes' names.  The
 * strings live only during the call. */
typedef void (*MfEventFunc) (double      t,
                             const char *component,
                             const char *from,
                             const char *to,
                             gpointer    user_data);

typedef struct
{
  const char *method;          /* mf-method.h name */
  double      t_end;           /* > 0 */
  double      rtol;
  double      atol;
  double      output_interval; /* > 0 */
  double      step;            /* > 0: fixed step of that size; 0: adaptive */
  MfEventFunc event;           /* may be NULL */
  gpointer    event_data;
} MfSimulationOptions;

/* The options a document asks for (its "simulation" object); no event
 * callback. */
void mf_simulation_options_from_circuit (MfSimulationOptions *options,
                                         const MfCircuit     *circuit);

typedef struct
{
  guint64 steps;                /* accepted steps */
  guint64 rejected_steps;
  guint64 rhs_evaluations;
  guint64 jacobian_evaluations;
  guint   mode_switches;        /* scheduled */
  guint   valve_events;         /* check and relief valves switching by themselves */
  double  energy_lost;          /* J, by the projections at mode switches and valve events */
  guint64 newton_iterations;    /* spent on algebraic states (index-1 modes) */
  guint64 svd_steps;            /* of those, steps by the SVD outer inverse */
  double  wall_time;            /* s */
} MfSimulationStats;

/* Called once per output sample, with t, the mode index that holds and
 * mf_model_n_outputs() values.  Return FALSE to stop the run early (not an
 * error). */
typedef gboolean (*MfSampleFunc) (double        t,
                                  guint         mode,
                                  const double *outputs,
                                  gpointer      user_data);

/* Runs a simulation from the model's initial state.  Check and relief valves that the
 * mode in force does not list switch by themselves (docs/model.md, "Check
 * valves"); each switch and each scheduled mode change goes to
 * options->event.  FALSE with an error when the options make no sense
 * (MF_ERROR_USAGE: unknown method, a fixed step for nothing, ...), when a
 * valve configuration cannot be simulated (the error of mf_system_new_for,
 * after "at t = …: "), or when the integrator fails or the valves keep
 * switching at one instant (MF_ERROR_SOLVER, the message naming the
 * simulation time and the cause).  `stats` (may be NULL) is filled in
 * either case. */
gboolean mf_simulate (MfModel                   *model,
                      const MfSimulationOptions *options,
                      MfSampleFunc               sample,
                      gpointer                   user_data,
                      MfSimulationStats         *stats,
                      GCancellable              *cancellable,
                      GError                   **error);

G_END_DECLS
