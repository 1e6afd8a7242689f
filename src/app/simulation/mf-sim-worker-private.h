/* mf-sim-worker-private.h: a run of the simulation worker, shared by the
 * object (mf-sim-worker.c), the run's thread (mf-sim-worker-run.c) and the
 * bounded buffer between them (mf-sim-worker-buffer.c).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "mf-sim-worker.h"

G_BEGIN_DECLS

/* A sample in the buffer: t, the mode, then the values of its segment's
 * layout.  A segment begins with a mark of SAMPLE_HEAD doubles: NaN, then
 * the index of its layout in MfSimRun.layouts. */
#define SAMPLE_HEAD 2

/* What the samples of one segment hold (the run's first model, then each
 * live update's). */
typedef struct
{
  guint   n_values;
  char  **names;
  char  **units;
} MfSimLayout;

typedef struct
{
  /* Set before the thread starts, read-only afterwards. */
  char                *data;
  gsize                length;
  char                *name;
  gboolean             own_settings;
  MfSimulationOptions  options;
  char                *method;
  GCancellable        *cancellable;
  GMainContext        *context;
  GWeakRef             owner;

  GMutex               lock;
  GCond                resume;  /* paused, buffer full or refused: something changed */
  /* Under the lock.  Layouts are appended, never changed or freed before
   * the run; n_values, names and units are the newest one's. */
  gboolean             paused;
  gboolean             stopping;
  gboolean             cut_short;
  GPtrArray           *layouts; /* of MfSimLayout */
  guint                n_values;
  char               **names;
  char               **units;
  GArray              *samples; /* of double: marks and samples */
  guint                undrained;
  guint                limit;
  GArray              *log;     /* of MfSimLogEntry, owning their strings */
  GArray              *steps;   /* of MfStepEntry: the steps taken since the last drain */
  MfSimulationStats    so_far;  /* the statistics up to the latest sample */
  char                *method_used; /* the method of the newest segment, or NULL */
  double               t;
  double               t_end;
  guint64              n_samples;
  gint64               began;   /* µs, monotonic; 0 until simulating */
  gint64               ended;
  gboolean             waiting;
  gint64               waiting_since;
  gint64               paused_total;
  double               wall_at_t;
  char                *update;  /* the newest edited document not yet taken, or NULL */
  gsize                update_length;
  gboolean             refused; /* paused because an update did not load */
  GError              *refusal;
  char                *notice;  /* the run's latest notice not yet delivered, or NULL */
  MfSimStatus          outcome; /* RUNNING until the thread is done */
  GError              *error;
  MfSimulationStats    stats;

  /* The thread's only: the latest sample in the buffer. */
  GArray              *last;    /* t, mode, values */
  const MfSimLayout   *last_layout;

  /* Main thread only. */
  gboolean             announced;
  const MfSimLayout   *drained_layout;
} MfSimRun;

struct _MfSimWorker
{
  GObject            parent_instance;

  MfSimRun          *run; /* the latest run, or NULL */
  MfSimStatus        status;
  GError            *error;
  MfSimulationStats  stats;
  guint              limit;
  /* Empty buffers swapped into the run by a drain, so that draining does
   * not allocate once the buffers have grown to a frame's worth. */
  GArray            *spare_samples;
  GArray            *spare_log;
  GArray            *spare_steps;
};

MfSimRun *mf_sim_run_ref (MfSimRun *run);
void      mf_sim_run_unref (MfSimRun *run);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfSimRun, mf_sim_run_unref)

/* mf-sim-worker-run.c: the thread's body. */
gpointer  mf_sim_run_thread (gpointer data);
/* Queues `deliver` with a reference to the run on its main context. */
void      mf_sim_run_post (MfSimRun    *run,
                           GSourceFunc  deliver);

/* mf-sim-worker-buffer.c */
GArray   *mf_sim_samples_new (void);
/* Under the lock: µs spent simulating up to `now`, waits left out. */
gint64    mf_sim_run_elapsed (const MfSimRun *run,
                              gint64          now);
/* Appends a layout and its mark; the layout is the run's from now on. */
const MfSimLayout *mf_sim_run_push_layout (MfSimRun *run,
                                           char    **names,
                                           char    **units);
/* Appends a sample, waiting while the run is paused (but for a segment's
 * first sample) or while the buffer is full.  FALSE when the run is to end
 * its segment: stopped (the sample is dropped), or an update is waiting
 * (the sample is dropped if the run was held, kept otherwise). */
gboolean  mf_sim_run_push_sample (MfSimRun     *run,
                                  double        t,
                                  guint         mode,
                                  const double *values,
                                  gboolean      first);
void      mf_sim_run_add_log (MfSimRun            *run,
                              const MfSimLogEntry *entry);
GArray   *mf_sim_steps_new (void);
/* Moves the entries of `steps` to the buffer (emptying it) and keeps
 * `so_far` as the run's statistics up to now. */
void      mf_sim_run_push_steps (MfSimRun                *run,
                                 MfStepRecord            *steps,
                                 const MfSimulationStats *so_far);

/* mf-sim-worker.c: the end of the run and the live updates, on the main
 * context. */
gboolean  mf_sim_worker_deliver_started (gpointer data);
gboolean  mf_sim_worker_deliver_end (gpointer data);
gboolean  mf_sim_worker_deliver_restarted (gpointer data);
gboolean  mf_sim_worker_deliver_refused (gpointer data);
gboolean  mf_sim_worker_deliver_notice (gpointer data);

G_END_DECLS
