/* mf-sim-worker.h: a simulation running in the background for the window.
 *
 * A run compiles its own model from a copy of the document's text, so it
 * shares nothing with the editor, and runs mf_simulate() on a thread of its
 * own.  Samples and event-log rows pile up in buffers that the window drains
 * once per frame; progress can be read at any time.  The end of a run
 * ("finished", "failed") is signalled on the main context that started it,
 * and only while the worker is alive: a worker freed mid-run stops its run
 * and nothing reaches it afterwards.  No GTK here.
 *
 * Every function but mf_sim_worker_count_live_runs() is for the thread whose
 * main context started the run (the window's); none of them waits on the
 * simulation for longer than it takes to swap a buffer.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "mf-simulation.h"

G_BEGIN_DECLS

typedef enum
{
  MF_SIM_STATUS_IDLE,     /* never started */
  MF_SIM_STATUS_RUNNING,  /* compiling the model, or simulating */
  MF_SIM_STATUS_PAUSED,   /* waits at its next sample until resumed */
  MF_SIM_STATUS_FINISHED, /* reached t_end */
  MF_SIM_STATUS_STOPPED,  /* stopped by mf_sim_worker_stop() */
  MF_SIM_STATUS_FAILED,   /* mf_sim_worker_get_error() says why */
} MfSimStatus;

#define MF_TYPE_SIM_STATUS (mf_sim_status_get_type ())
GType mf_sim_status_get_type (void);

/* How far a run has got. */
typedef struct
{
  double  t;                /* s, the latest sample */
  double  t_end;            /* s; 0 until the run has its options */
  double  fraction;         /* t / t_end, in [0, 1] */
  double  wall_time;        /* s spent simulating so far, pauses left out */
  double  real_time_factor; /* simulated s per wall-clock s, at the latest sample; 0 before */
  guint64 n_samples;        /* produced so far, drained or not */
} MfSimProgress;

/* One row of the event log (mf-simulation.h's MfEventFunc and
 * MfFallbackFunc). */
typedef enum
{
  MF_SIM_LOG_EVENT,     /* a switch or a scheduled mode change */
  MF_SIM_LOG_FALLBACKS, /* a run of SVD fallbacks */
} MfSimLogKind;

typedef struct
{
  MfSimLogKind kind;
  double       t;         /* the event's time; the first fallback's */
  double       t_last;    /* the last fallback's; t for an event */
  guint64      steps;     /* fallbacks: how many; 0 for an event */
  const char  *component; /* event: the component, or "schedule"; NULL for fallbacks */
  const char  *from;      /* event: "open", "closed", "free", a mode's name... */
  const char  *to;
  const char  *states;    /* fallbacks: the algebraic states ("O1.v, O2.v") */
} MfSimLogEntry;

/* A new, empty GArray of MfSimLogEntry that owns its entries' strings and
 * frees them with the entries. */
GArray *mf_sim_log_new (void);

/* `values` are the outputs, then the switches, as mf_simulate() hands them
 * (mf_sim_worker_get_value_name() names them). */
typedef void (*MfSimSampleFunc) (double        t,
                                 guint         mode,
                                 const double *values,
                                 gpointer      user_data);
/* `n_rows` samples of one segment, consecutive in memory: row r begins at
 * rows + r * stride with its time, then its mode (as a double), then the
 * values in the segment's layout.  The rows live only during the call. */
typedef void (*MfSimBlockFunc) (const double *rows,
                                guint         n_rows,
                                guint         stride,
                                gpointer      user_data);
typedef void (*MfSimLogFunc) (const MfSimLogEntry *entry,
                              gpointer             user_data);
/* `n` entries of the run's step record (mf-step-record.h), oldest first;
 * they live only during the call. */
typedef void (*MfSimStepsFunc) (const MfStepEntry *entries,
                                guint              n,
                                gpointer           user_data);
/* The layout of the samples that follow: `n_values` names and units as
 * mf_sim_worker_get_value_name() and _unit() give them.  The arrays live
 * only during the call. */
typedef void (*MfSimLayoutFunc) (guint              n_values,
                                 const char *const *names,
                                 const char *const *units,
                                 gpointer           user_data);

/* Undrained samples a run's buffer holds at most, by default: about a
 * second's worth of a fast run, a few MB. */
#define MF_SIM_WORKER_BUFFER_LIMIT (1u << 16)

#define MF_TYPE_SIM_WORKER (mf_sim_worker_get_type ())
G_DECLARE_FINAL_TYPE (MfSimWorker, mf_sim_worker, MF, SIM_WORKER, GObject)

/* Signals:
 *   "started" (void): the run's model is compiled and its values are named;
 *   its samples follow.  Not emitted for a document that does not load.
 *   "restarted" (void): a live update's model is in place; the samples that
 *   follow are in its layout (mf_sim_worker_drain_full() hands it over).
 *   "update-refused" (const GError *): an updated document does not load or
 *   assemble; the run is paused at its latest sample until a good update.
 *   "notice" (const char *): something the run says without stopping, as
 *   "at t = 0 s: the initial values do not meet the constraints ...".
 *   "finished" (void): the run ended at t_end or was stopped ("status" says
 *   which).
 *   "failed" (const GError *): the run could not go on; the samples and the
 *   log up to then can still be drained.
 * Properties (all notify):
 *   "status" (MfSimStatus). */

MfSimWorker   *mf_sim_worker_new (void);

/* Starts a run of the document `data` (docs/format.md; `name` is used in
 * messages) with `options`, or with the document's own settings when
 * `options` is NULL; options->event and ->fallback are ignored (the log is
 * streamed instead).  The text and the options are copied.  A run still
 * going is stopped first and forgotten, its samples with it: no signal
 * comes from it.  A document that does not load or assemble fails the run
 * with the loader's or the assembler's error. */
void           mf_sim_worker_start (MfSimWorker               *self,
                                    const char                *data,
                                    gssize                     length,
                                    const char                *name,
                                    const MfSimulationOptions *options);
/* The run waits at its next sample until resumed; its wall time stops. */
void           mf_sim_worker_pause (MfSimWorker *self);
void           mf_sim_worker_resume (MfSimWorker *self);
/* The document of a live run (running or paused) was edited: the run goes
 * on from its latest sample with `data` (copied), on the run's thread.
 * Parameters take effect from the next sample; the state is carried over by
 * name (states, switches; new states at their initial values) and projected
 * onto the new constraints.  A document that does not load or assemble
 * pauses the run and emits "update-refused"; a later good update continues
 * it.  Does nothing when no run is live. */
void           mf_sim_worker_update (MfSimWorker *self,
                                     const char  *data,
                                     gssize       length);
/* How many undrained samples the next run's buffer holds before the run
 * waits for a drain (MF_SIM_WORKER_BUFFER_LIMIT unless set; at least 1). */
void           mf_sim_worker_set_buffer_limit (MfSimWorker *self,
                                               guint        limit);
/* Cancels the run, paused or not; it ends within a step and "finished"
 * follows with the status MF_SIM_STATUS_STOPPED (or FINISHED if it reached
 * t_end first). */
void           mf_sim_worker_stop (MfSimWorker *self);

MfSimStatus    mf_sim_worker_get_status (MfSimWorker *self);
/* Running or paused: a run that has not ended. */
gboolean       mf_sim_worker_is_active (MfSimWorker *self);
/* Why the last run failed (its message names the simulation time and the
 * cause), or NULL. */
const GError  *mf_sim_worker_get_error (MfSimWorker *self);
/* The run's statistics: while it is live, those up to its latest sample
 * (the Newton counts come at the end), with the wall time so far; once it
 * has ended, the whole run's.  Over the segments of live edits together;
 * the wall time leaves out pauses and waits for the window.  Zero before
 * the first start. */
void           mf_sim_worker_get_stats (MfSimWorker       *self,
                                        MfSimulationStats *stats);
/* The integration method of the run's newest segment ("rkf45"), a new
 * string, or NULL before the run has compiled its document. */
char          *mf_sim_worker_dup_method (MfSimWorker *self);
/* Of the latest run; all zero before the first start. */
void           mf_sim_worker_get_progress (MfSimWorker   *self,
                                           MfSimProgress *progress);

/* What a sample holds, known from "started" on (0 values and NULL names
 * before): mf_model_n_outputs() outputs, the switches, then
 * "solver.w_sigma_min" and "solver.w_sigma_max" (the smallest and largest
 * nonzero singular values of the constraint matrix W of the valve
 * configuration in force); their names as in a CSV header without the unit
 * ("P1.v", "CV1.open") and their units ("m/s"; "" for switches and σ).
 * Valid until the next start; after a live update these are the newest
 * segment's, and the samples still undrained may be in an older layout:
 * use mf_sim_worker_drain_full() to follow segments. */
guint          mf_sim_worker_get_n_values (MfSimWorker *self);
const char    *mf_sim_worker_get_value_name (MfSimWorker *self,
                                             guint        i);
const char    *mf_sim_worker_get_value_unit (MfSimWorker *self,
                                             guint        i);

/* Hands every sample that arrived since the last drain to `func`, oldest
 * first, and forgets them; returns how many.  The run goes on meanwhile:
 * `func` is called outside the buffer's lock.  The buffer holds a bounded
 * number of undrained samples (mf_sim_worker_set_buffer_limit()); beyond
 * that the run waits for a drain (the caller never waits on the run):
 * drain once per frame while a run is live. */
guint          mf_sim_worker_drain (MfSimWorker     *self,
                                    MfSimSampleFunc  func,
                                    gpointer         user_data);
/* The same, calling `layout` first whenever a segment begins (the start of
 * a run, each live update), before that segment's first sample; each
 * sample's values are in the layout of its segment.  `layout` may be NULL. */
guint          mf_sim_worker_drain_full (MfSimWorker     *self,
                                         MfSimLayoutFunc  layout,
                                         MfSimSampleFunc  sample,
                                         gpointer         user_data);
/* The same, handing the samples over a block at a time: each block holds
 * consecutive samples of one segment, so a consumer can copy them column by
 * column. */
guint          mf_sim_worker_drain_blocks (MfSimWorker     *self,
                                           MfSimLayoutFunc  layout,
                                           MfSimBlockFunc   block,
                                           gpointer         user_data);
/* The same for the event log. */
guint          mf_sim_worker_drain_log (MfSimWorker  *self,
                                        MfSimLogFunc  func,
                                        gpointer      user_data);
/* The same for the steps the run has taken (every accepted step and
 * refused try, as mf_simulate() records them), handed to `func` in one
 * call; returns the number of entries. */
guint          mf_sim_worker_drain_steps (MfSimWorker    *self,
                                          MfSimStepsFunc  func,
                                          gpointer        user_data);

/* Runs not yet freed, over every worker: each worker's latest run, and
 * runs whose thread or end notice is still under way (freed workers'
 * included).  After the last worker is freed, a program about to exit can
 * wait for 0 so that no thread outlives the data it works on. */
guint          mf_sim_worker_count_live_runs (void);

G_END_DECLS
