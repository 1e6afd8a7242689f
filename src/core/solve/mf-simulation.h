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
#include "mf-step-record.h"

G_BEGIN_DECLS

/* One entry of the run's event log.  A check or relief valve switching by
 * itself, or an orifice, valve or check valve closed or reopened by its
 * area: `component` is its id, `from` and `to` are "open", "closed" or
 * "held closed" (closed by the chattering guard, mf-events.c).  An end
 * stop: the piston's id, "free" and "at stop".  A scheduled mode change:
 * `component` is MF_EVENT_SCHEDULE, `from` and `to` the modes' names.  The
 * strings live only during the call. */
#define MF_EVENT_SCHEDULE "schedule"

typedef void (*MfEventFunc) (double      t,
                             const char *component,
                             const char *from,
                             const char *to,
                             gpointer    user_data);

/* A run of SVD fallbacks of the Newton solver of the algebraic states
 * (docs/model.md, "Simulating index-1 circuits"): steps where its Jacobian
 * was numerically rank deficient, typically an orifice at zero flow.
 * Fallbacks in one valve configuration with no output interval free of them
 * in between are one run: `steps` of them between `t_first` and `t_last` (the
 * ends of the integration steps they happened in; equal for a fallback at a
 * switching instant).  `states` names the algebraic states Newton solves for
 * there ("O1.v, O2.v").  Reported when the run of fallbacks ends: before the
 * next entry of the event log, and at the end of the simulation. */
typedef struct
{
  double      t_first;
  double      t_last;
  guint64     steps;
  const char *states;
} MfSvdFallbacks;

typedef void (*MfFallbackFunc) (const MfSvdFallbacks *fallbacks,
                                gpointer              user_data);

/* Something the user should know that does not stop the run: the initial
 * values broke the constraints and were projected onto them.  The
 * message lives only during the call. */
typedef void (*MfNoticeFunc) (double      t,
                              const char *message,
                              gpointer    user_data);

/* Where a run starts when it does not start from the model's initial state
 * at t = 0: a run resumed from a sample of an earlier run, or continued
 * with an edited circuit. */
typedef struct
{
  double        t;        /* >= 0, < t_end: the run starts here */
  const double *u;        /* the full state, mf_model_n_states() values */
  const double *switches; /* mf_simulation_n_switches() values as in a sample (1 open, or
                           * at stop), or NULL: settled as at a fresh start; a NaN
                           * leaves that one switch to the start rule */
} MfSimulationStart;

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
  MfFallbackFunc fallback;     /* may be NULL */
  gpointer    fallback_data;
  MfNoticeFunc notice;         /* may be NULL */
  gpointer    notice_data;
  const MfSimulationStart *start; /* NULL: from the model's initial state at t = 0 */
  MfStepRecord *steps;         /* may be NULL; else every step and rejected try is appended
                                * (mf-step-record.h) */
} MfSimulationOptions;

/* The options a document asks for (its "simulation" object); no
 * callbacks. */
void mf_simulation_options_from_circuit (MfSimulationOptions *options,
                                         const MfCircuit     *circuit);
/* Whether mf_simulate() takes `options` (what it checks before it starts).
 * If not, MF_ERROR_USAGE says why, and *setting (when not NULL) is the
 * member of a document's "simulation" the refusal is about: "method",
 * "t_end", "rtol", "atol", "output_interval" or "step". */
gboolean mf_simulation_options_accept (const MfSimulationOptions *options,
                                       const char               **setting,
                                       GError                   **error);

typedef struct
{
  guint64 steps;                /* accepted steps */
  guint64 rejected_steps;
  guint64 rhs_evaluations;
  guint64 jacobian_evaluations;
  guint   mode_switches;        /* scheduled */
  guint   valve_events;         /* check and relief valves switching by themselves */
  double  energy_lost;          /* J, by the projections at mode switches and valve events */
  double  start_energy_lost;    /* J, by projecting the initial values onto the constraints */
  guint64 newton_iterations;    /* spent on algebraic states (index-1 modes) */
  guint64 svd_steps;            /* of those, steps by the SVD outer inverse (options->fallback
                                 * says when) */
  double  residual;             /* the largest solver.residual of any step, switch or sample
                                 * (mf-system-check.h) */
  guint64 check_retries;        /* steps taken again because their end did not pass the check */
  double  wall_time;            /* s */
} MfSimulationStats;

/* Called once per output sample, with t, the mode index that holds (its
 * schedule) and the sample's values: mf_model_n_outputs() outputs, then
 * the state of each of the mf_simulation_n_switches() switches of the
 * model after the events, 1 or 0 as mf_simulation_switch_name() says.
 * Return FALSE to stop the run early (not an error). */
typedef gboolean (*MfSampleFunc) (double        t,
                                  guint         mode,
                                  const double *outputs,
                                  gpointer      user_data);

/* What can switch during a run, in document order: every valve, check
 * valve and relief valve, every orifice whose area is an expression of
 * time, and every piston with a finite stroke.  Its value in a sample is
 * named "ID.open" (1 open, 0 closed: by the mode, by its own condition, by
 * the chattering guard or by its area), or for a piston "ID.at_stop" (1
 * held at an end stop, 0 free). */
guint mf_simulation_n_switches (const MfModel *model);
/* A new string. */
char *mf_simulation_switch_name (const MfModel *model,
                                 guint          i);
/* The switch's component, as an index into the circuit's components. */
guint mf_simulation_switch_component (const MfModel *model,
                                      guint          i);
/* The valves closed (one gboolean per component, newly allocated) in mode
 * `mode` with the switches as a sample says them: those the mode closes,
 * those a sample says are shut, and the pistons it says are at a stop. */
gboolean *mf_simulation_closed (const MfModel *model,
                                guint          mode,
                                const double  *switches);

/* Every value of a sample by its name: the outputs (mf_model_output_name())
 * and the switches (mf_simulation_switch_name()), each mapped to its index
 * in the sample plus one.  A new table, which owns its keys; what the
 * document's "outputs" and the CLI's --series name. */
GHashTable *mf_simulation_value_names (const MfModel *model);

/* The smallest and largest nonzero singular values of the constraint
 * matrix W of the valve configuration a sample describes: the mode that
 * holds and the sample's mf_simulation_n_switches() switch values.
 * Nonzero means above max(rows, columns) · ε · σ_max; NaN for both when W
 * has no rows or no nonzero value.  FALSE if the SVD fails. */
gboolean mf_simulation_w_sigma (const MfModel *model,
                                guint          mode,
                                const double  *switches,
                                double        *sigma_min,
                                double        *sigma_max);

/* The first sample at or after `at` of a run of `model` with `options`
 * (its t_end and output interval made `at` when at > 0; at = 0 is the
 * first sample, the initial state made consistent): its time, the mode
 * that holds and mf_model_n_outputs() + mf_simulation_n_switches() values.
 * FALSE with the run's error, or MF_ERROR_SOLVER when the run stops
 * before `at`. */
gboolean mf_simulation_sample_at (MfModel                   *model,
                                  const MfSimulationOptions *options,
                                  double                     at,
                                  GCancellable              *cancellable,
                                  double                    *t,
                                  guint                     *mode,
                                  double                    *values,
                                  GError                   **error);

/* Runs a simulation from the model's initial state, or from options->start:
 * then its state is projected onto the constraints of the valve
 * configuration in force at start->t (the schedule's mode there, with the
 * given switches), the first sample is at start->t and the next ones on the
 * output grid (k · output_interval > start->t).  Check and relief
 * valves that the mode in force does not list switch by themselves
 * (docs/model.md, "Check valves"); each switch and each scheduled mode
 * change goes to options->event, each run of SVD fallbacks to
 * options->fallback.  FALSE with an error when the options make no sense
 * (MF_ERROR_USAGE: unknown method, a fixed step for nothing, ...), when a
 * valve configuration cannot be simulated (the error of mf_system_new_for,
 * after "at t = …: "), or when the integrator fails, an input of the
 * circuit is not finite or the valves keep switching at one instant
 * (MF_ERROR_SOLVER, the message naming the simulation time and the cause).
 * `stats` (may be NULL) is filled in either case. */
gboolean mf_simulate (MfModel                   *model,
                      const MfSimulationOptions *options,
                      MfSampleFunc               sample,
                      gpointer                   user_data,
                      MfSimulationStats         *stats,
                      GCancellable              *cancellable,
                      GError                   **error);

G_END_DECLS
