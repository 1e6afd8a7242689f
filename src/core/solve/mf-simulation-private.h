/* mf-simulation-private.h: the state of one run of the simulation driver,
 * shared by mf-simulation.c (a run from t = 0 and its steps) and
 * mf-simulation-start.c (a run that starts from a given state).  Private to
 * the driver.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "mf-events.h"
#include "mf-integrator.h"
#include "mf-method.h"
#include "mf-simulation.h"
#include "mf-system.h"

G_BEGIN_DECLS

/* SVD fallbacks not reported yet: one configuration, no output interval
 * without one. */
typedef struct
{
  gboolean  active;
  MfSystem *system;
  double    t_first, t_last;
  guint64   steps;
} MfFallbackRun;

typedef struct
{
  MfModel                   *model;
  const MfCircuit           *circuit;
  const MfSimulationOptions *options;
  const MfMethod            *method;
  MfSimulationStats         *stats;
  MfSampleFunc               sample;
  gpointer                   user_data;
  GCancellable              *cancellable;

  GHashTable                *integrators; /* configuration key → MfIntegrator* */
  GString                   *key;
  MfIntegrator              *current;
  guint                      mode;
  gboolean                  *mode_closed; /* per component: what the mode lists */
  gboolean                  *closed;      /* per component: the configuration */
  MfEvents                  *events;
  double                     t;
  double                    *y;        /* n_states long: holds the reduced state of any mode */
  double                    *y_step;   /* y at the beginning of the step being taken */
  double                    *y_sample; /* y at a sample the step passed (run_emit_passed()) */
  double                     check_tol; /* the largest residual a point may have */
  double                    *u;        /* the full state, carried across a mode switch */
  double                     t_u;      /* the time of u, when expanded */
  double                    *outputs;  /* one sample: the outputs, then the switches */
  guint                      n_outputs;
  guint                      n_switches;
  guint                     *switches; /* their components */
  gboolean                  *is_stop;  /* per switch: a piston's end stop */

  guint64                    svd_seen; /* of the configuration in force */
  MfFallbackRun              fallbacks;
  GHashTable                *labels;   /* MfSystem* → its algebraic states, "O1.v, O2.v" */

  GArray                    *breakpoints;   /* double, sorted */
  guint                      next_breakpoint;
  guint                      next_schedule; /* index into circuit->schedule */
  guint64                    next_output;   /* index k of the sample due at k * interval */
  double                     t_tol;         /* events closer than this are simultaneous */
  gboolean                   finished;
  gboolean                   stop_at_sample; /* stop at the next sample even when interpolating */
  gboolean                   expanded;      /* run->u already holds the state at run->t */
  gboolean                  *given;         /* per valve of `events`: its state came with
                                             * options->start; NULL otherwise */
} MfRun;

/* mf-simulation-options.c: the method they name in *method; FALSE with
 * MF_ERROR_USAGE when they make no sense or the run could not finish, and
 * in *setting (when not NULL) the setting at fault, as
 * mf_simulation_options_accept() names it. */
gboolean      mf_simulation_options_check (const MfSimulationOptions *options,
                                           const MfMethod           **method,
                                           const char               **setting,
                                           GError                   **error);

/* mf-simulation.c */
MfIntegrator *mf_run_integrator (MfRun   *run,
                                 GError **error);
double        mf_run_output_time (const MfRun *run,
                                  guint64      k);
void          mf_run_note_fallbacks (MfRun *run,
                                     double t_from,
                                     double t_to);
gboolean      mf_run_settle (MfRun   *run,
                             GError **error);
gboolean      mf_run_start_valves (MfRun    *run,
                                   gboolean  first,
                                   GError  **error);
void          mf_run_start_areas (MfRun    *run,
                                  gboolean  first);
/* Whether a check passes the run's tolerance, counting its residual in the
 * statistics; and the error of one that does not (FALSE). */
gboolean      mf_run_accepts (MfRun         *run,
                              const MfCheck *check);
gboolean      mf_run_check_failed (MfRun         *run,
                                   const MfCheck *check,
                                   GError       **error);

typedef enum
{
  MF_RUN_PASSED_FAILED,
  MF_RUN_PASSED_EMITTED,
  MF_RUN_PASSED_RETAKE, /* an interpolated sample failed its check: stop there instead */
} MfRunPassed;

/* The samples the last step passed, toward `stop` (mf-simulation-samples.c). */
MfRunPassed   mf_run_emit_passed (MfRun   *run,
                                  double   stop,
                                  GError **error);
gboolean      mf_run_emit_sample (MfRun   *run,
                                  GError **error);
gboolean      mf_run_holds (MfRun   *run,
                            GError **error);
gboolean      mf_run_check_inputs (MfRun   *run,
                                   double  *stop,
                                   GError **error);

/* mf-simulation-start.c: options->start makes sense (MF_ERROR_USAGE if
 * not); TRUE when there is none. */
gboolean      mf_simulation_start_check (const MfModel             *model,
                                         const MfSimulationOptions *options,
                                         GError                   **error);
/* Tells options->notice which of the document's initial values the start
 * moved onto the constraints, and where to (run->u holds them as given). */
void          mf_run_tell_projection (MfRun *run);
/* The run's first sample at options->start->t, as run_start() makes it at
 * t = 0. */
gboolean      mf_run_resume (MfRun   *run,
                             GError **error);

G_END_DECLS
