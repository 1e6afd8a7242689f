/* mf-simulation.h: the simulation driver — integrates the reduced system of
 * the mode that holds, switches modes on schedule (projecting the state onto
 * the new constraints), stops at input breakpoints, and hands a sample of
 * every output to a callback at a fixed output interval.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "mf-model.h"

G_BEGIN_DECLS

typedef struct
{
  const char *method;          /* mf-method.h name */
  double      t_end;           /* > 0 */
  double      rtol;
  double      atol;
  double      output_interval; /* > 0 */
  double      step;            /* > 0: fixed step of that size; 0: adaptive */
} MfSimulationOptions;

/* The options a document asks for (its "simulation" object). */
void mf_simulation_options_from_circuit (MfSimulationOptions *options,
                                         const MfCircuit     *circuit);

typedef struct
{
  guint64 steps;                /* accepted steps */
  guint64 rejected_steps;
  guint64 rhs_evaluations;
  guint64 jacobian_evaluations;
  guint   mode_switches;
  double  energy_lost;          /* J, by the projections at mode switches */
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

/* Runs a simulation from the model's initial state.  FALSE with an error
 * when the options make no sense (MF_ERROR_USAGE: unknown method, a fixed
 * step for nothing, ...), when a mode cannot be simulated (the error of
 * mf_system_new), or when the integrator fails (MF_ERROR_SOLVER, the message
 * naming the simulation time and the cause).  `stats` (may be NULL) is
 * filled in either case. */
gboolean mf_simulate (MfModel                   *model,
                      const MfSimulationOptions *options,
                      MfSampleFunc               sample,
                      gpointer                   user_data,
                      MfSimulationStats         *stats,
                      GCancellable              *cancellable,
                      GError                   **error);

G_END_DECLS
