/* mf-sim-worker.c: a simulation running in the background for the window —
 * the object, its controls and the notices it gets from its runs.
 *
 * Each start makes a run: a reference-counted record shared by the worker
 * and a thread of its own (mf-sim-worker-run.c).  A run can sit paused for
 * as long as the user likes, so it gets a dedicated thread rather than one
 * of GTask's pool, whose few threads the rest of the app shares for short
 * jobs.  The thread writes samples, log rows and progress under the run's
 * lock into a bounded buffer that the window drains (mf-sim-worker-buffer.c).
 *
 * The end of a run travels back as an idle source on the starting thread's
 * main context that holds the run, not the worker: the run knows its worker
 * only by a weak reference, and a worker that was freed or has moved on to a
 * newer run ignores it.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-sim-worker-private.h"

#include <string.h>

G_DEFINE_ENUM_TYPE (MfSimStatus, mf_sim_status,
  G_DEFINE_ENUM_VALUE (MF_SIM_STATUS_IDLE, "idle"),
  G_DEFINE_ENUM_VALUE (MF_SIM_STATUS_RUNNING, "running"),
  G_DEFINE_ENUM_VALUE (MF_SIM_STATUS_PAUSED, "paused"),
  G_DEFINE_ENUM_VALUE (MF_SIM_STATUS_FINISHED, "finished"),
  G_DEFINE_ENUM_VALUE (MF_SIM_STATUS_STOPPED, "stopped"),
  G_DEFINE_ENUM_VALUE (MF_SIM_STATUS_FAILED, "failed"))

static gint live_runs;

enum
{
  PROP_0,
  PROP_STATUS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  STARTED,
  RESTARTED,
  UPDATE_REFUSED,
  NOTICE,
  FINISHED,
  FAILED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MfSimWorker, mf_sim_worker, G_TYPE_OBJECT)

/* ---- runs -------------------------------------------------------------- */

static void
run_clear (MfSimRun *run)
{
  g_free (run->data);
  g_free (run->name);
  g_free (run->method);
  g_clear_object (&run->cancellable);
  g_main_context_unref (run->context);
  g_weak_ref_clear (&run->owner);
  g_mutex_clear (&run->lock);
  g_cond_clear (&run->resume);
  g_ptr_array_unref (run->layouts);
  g_array_unref (run->samples);
  g_array_unref (run->log);
  g_array_unref (run->steps);
  g_free (run->method_used);
  g_array_unref (run->last);
  g_free (run->update);
  g_clear_error (&run->refusal);
  g_free (run->notice);
  g_clear_error (&run->error);
  g_atomic_int_add (&live_runs, -1);
}

MfSimRun *
mf_sim_run_ref (MfSimRun *run)
{
  return g_atomic_rc_box_acquire (run);
}

void
mf_sim_run_unref (MfSimRun *run)
{
  g_atomic_rc_box_release_full (run, (GDestroyNotify) run_clear);
}

static void
layout_free (gpointer data)
{
  MfSimLayout *layout = data;

  g_strfreev (layout->names);
  g_strfreev (layout->units);
  g_free (layout);
}

static MfSimRun *
run_new (MfSimWorker               *owner,
         guint                      limit,
         const char                *data,
         gssize                     length,
         const char                *name,
         const MfSimulationOptions *options)
{
  MfSimRun *run = g_atomic_rc_box_new0 (MfSimRun);

  run->length = length < 0 ? strlen (data) : (gsize) length;
  run->data = g_memdup2 (data, run->length);
  run->name = g_strdup (name != NULL ? name : "<circuit>");
  run->own_settings = options == NULL;
  if (options != NULL)
    {
      run->options = *options;
      run->method = g_strdup (options->method);
      run->options.method = run->method;
    }
  run->cancellable = g_cancellable_new ();
  run->context = g_main_context_ref_thread_default ();
  g_weak_ref_init (&run->owner, owner);
  g_mutex_init (&run->lock);
  g_cond_init (&run->resume);
  run->layouts = g_ptr_array_new_with_free_func (layout_free);
  run->samples = mf_sim_samples_new ();
  run->limit = MAX (limit, 1);
  run->log = mf_sim_log_new ();
  run->steps = mf_sim_steps_new ();
  run->last = mf_sim_samples_new ();
  run->outcome = MF_SIM_STATUS_RUNNING;
  g_atomic_int_inc (&live_runs);
  return run;
}

/* Wakes a paused run so that it can see it is to stop. */
static void
run_request_stop (MfSimRun *run)
{
  g_mutex_lock (&run->lock);
  run->stopping = TRUE;
  run->paused = FALSE;
  g_cond_broadcast (&run->resume);
  g_mutex_unlock (&run->lock);
  g_cancellable_cancel (run->cancellable);
}

/* ---- notices on the main context --------------------------------------- */

static void
set_status (MfSimWorker *self, MfSimStatus status)
{
  if (self->status == status)
    return;
  self->status = status;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATUS]);
}

static void
announce (MfSimWorker *self)
{
  if (self->run->announced)
    return;
  self->run->announced = TRUE;
  g_signal_emit (self, signals[STARTED], 0);
}

/* The run's worker, if it is alive and still cares about this run. */
static MfSimWorker *
run_get_owner (MfSimRun *run)
{
  MfSimWorker *self = g_weak_ref_get (&run->owner);

  if (self != NULL && self->run != run)
    g_clear_object (&self);
  return self;
}

gboolean
mf_sim_worker_deliver_started (gpointer data)
{
  g_autoptr (MfSimWorker) self = run_get_owner (data);

  if (self != NULL)
    announce (self);
  return G_SOURCE_REMOVE;
}

gboolean
mf_sim_worker_deliver_end (gpointer data)
{
  MfSimRun *run = data;
  g_autoptr (MfSimWorker) self = run_get_owner (run);
  MfSimStatus outcome;
  gboolean named;

  if (self == NULL)
    return G_SOURCE_REMOVE;
  g_mutex_lock (&run->lock);
  outcome = run->outcome;
  named = run->names != NULL;
  self->stats = run->stats;
  g_clear_error (&self->error);
  if (run->error != NULL)
    self->error = g_error_copy (run->error);
  g_mutex_unlock (&run->lock);

  /* the "started" notice may still be queued behind this one */
  if (named)
    announce (self);
  /* a handler of "started" may have begun another run */
  if (self->run != run)
    return G_SOURCE_REMOVE;
  set_status (self, outcome);
  if (outcome == MF_SIM_STATUS_FAILED)
    {
      /* handlers may start a new run, which clears self->error */
      g_autoptr (GError) error = g_error_copy (self->error);

      g_signal_emit (self, signals[FAILED], 0, error);
    }
  else
    g_signal_emit (self, signals[FINISHED], 0);
  return G_SOURCE_REMOVE;
}

/* After a live update the run is paused or running as the thread left it:
 * a refused edit paused it, a good one after it resumed it. */
static void
sync_status (MfSimWorker *self, MfSimRun *run)
{
  gboolean paused, over;

  g_mutex_lock (&run->lock);
  paused = run->paused;
  over = run->outcome != MF_SIM_STATUS_RUNNING;
  g_mutex_unlock (&run->lock);
  if (!over && mf_sim_worker_is_active (self))
    set_status (self, paused ? MF_SIM_STATUS_PAUSED : MF_SIM_STATUS_RUNNING);
}

gboolean
mf_sim_worker_deliver_restarted (gpointer data)
{
  MfSimRun *run = data;
  g_autoptr (MfSimWorker) self = run_get_owner (run);

  if (self == NULL)
    return G_SOURCE_REMOVE;
  sync_status (self, run);
  g_signal_emit (self, signals[RESTARTED], 0);
  return G_SOURCE_REMOVE;
}

gboolean
mf_sim_worker_deliver_refused (gpointer data)
{
  MfSimRun *run = data;
  g_autoptr (MfSimWorker) self = run_get_owner (run);
  g_autoptr (GError) error = NULL;

  if (self == NULL)
    return G_SOURCE_REMOVE;
  g_mutex_lock (&run->lock);
  if (run->refusal != NULL)
    error = g_error_copy (run->refusal);
  g_mutex_unlock (&run->lock);
  sync_status (self, run);
  if (error != NULL)
    g_signal_emit (self, signals[UPDATE_REFUSED], 0, error);
  return G_SOURCE_REMOVE;
}

gboolean
mf_sim_worker_deliver_notice (gpointer data)
{
  MfSimRun *run = data;
  g_autoptr (MfSimWorker) self = run_get_owner (run);
  g_autofree char *notice = NULL;

  if (self == NULL)
    return G_SOURCE_REMOVE;
  g_mutex_lock (&run->lock);
  notice = g_steal_pointer (&run->notice);
  g_mutex_unlock (&run->lock);
  if (notice != NULL)
    g_signal_emit (self, signals[NOTICE], 0, notice);
  return G_SOURCE_REMOVE;
}

/* ---- the object -------------------------------------------------------- */

static void
mf_sim_worker_dispose (GObject *object)
{
  MfSimWorker *self = MF_SIM_WORKER (object);

  if (self->run != NULL)
    run_request_stop (self->run);
  g_clear_pointer (&self->run, mf_sim_run_unref);
  G_OBJECT_CLASS (mf_sim_worker_parent_class)->dispose (object);
}

static void
mf_sim_worker_finalize (GObject *object)
{
  MfSimWorker *self = MF_SIM_WORKER (object);

  g_clear_error (&self->error);
  g_clear_pointer (&self->spare_samples, g_array_unref);
  g_clear_pointer (&self->spare_log, g_array_unref);
  g_clear_pointer (&self->spare_steps, g_array_unref);
  G_OBJECT_CLASS (mf_sim_worker_parent_class)->finalize (object);
}

static void
mf_sim_worker_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  MfSimWorker *self = MF_SIM_WORKER (object);

  switch (prop_id)
    {
    case PROP_STATUS:
      g_value_set_enum (value, self->status);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mf_sim_worker_class_init (MfSimWorkerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = mf_sim_worker_dispose;
  object_class->finalize = mf_sim_worker_finalize;
  object_class->get_property = mf_sim_worker_get_property;

  properties[PROP_STATUS] =
    g_param_spec_enum ("status", NULL, NULL, MF_TYPE_SIM_STATUS, MF_SIM_STATUS_IDLE,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[STARTED] = g_signal_new ("started", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[RESTARTED] = g_signal_new ("restarted", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                     0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[UPDATE_REFUSED] = g_signal_new ("update-refused", G_TYPE_FROM_CLASS (klass),
                                          G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE,
                                          1, G_TYPE_ERROR | G_SIGNAL_TYPE_STATIC_SCOPE);
  signals[NOTICE] = g_signal_new ("notice", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                  NULL, NULL, NULL, G_TYPE_NONE, 1,
                                  G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE);
  signals[FINISHED] = g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                    NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[FAILED] = g_signal_new ("failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                  NULL, NULL, NULL, G_TYPE_NONE, 1,
                                  G_TYPE_ERROR | G_SIGNAL_TYPE_STATIC_SCOPE);
}

static void
mf_sim_worker_init (MfSimWorker *self)
{
  self->status = MF_SIM_STATUS_IDLE;
  self->limit = MF_SIM_WORKER_BUFFER_LIMIT;
}

MfSimWorker *
mf_sim_worker_new (void)
{
  return g_object_new (MF_TYPE_SIM_WORKER, NULL);
}

/* ---- controlling a run ------------------------------------------------- */

void
mf_sim_worker_start (MfSimWorker               *self,
                     const char                *data,
                     gssize                     length,
                     const char                *name,
                     const MfSimulationOptions *options)
{
  g_autoptr (GError) error = NULL;
  GThread *thread;

  g_return_if_fail (MF_IS_SIM_WORKER (self));
  g_return_if_fail (data != NULL);

  if (self->run != NULL)
    run_request_stop (self->run);
  g_clear_pointer (&self->run, mf_sim_run_unref);
  g_clear_error (&self->error);
  memset (&self->stats, 0, sizeof self->stats);
  self->run = run_new (self, self->limit, data, length, name, options);
  set_status (self, MF_SIM_STATUS_RUNNING);

  thread = g_thread_try_new ("mf-simulation", mf_sim_run_thread, mf_sim_run_ref (self->run),
                             &error);
  if (thread != NULL)
    {
      g_thread_unref (thread);
      return;
    }
  /* no thread, no run: the failure arrives as any other would */
  self->run->outcome = MF_SIM_STATUS_FAILED;
  self->run->error = g_steal_pointer (&error);
  mf_sim_run_post (self->run, mf_sim_worker_deliver_end);
  mf_sim_run_unref (self->run); /* the reference the thread would have dropped */
}

void
mf_sim_worker_pause (MfSimWorker *self)
{
  g_return_if_fail (MF_IS_SIM_WORKER (self));

  if (self->status != MF_SIM_STATUS_RUNNING)
    return;
  g_mutex_lock (&self->run->lock);
  self->run->paused = TRUE;
  g_mutex_unlock (&self->run->lock);
  set_status (self, MF_SIM_STATUS_PAUSED);
}

void
mf_sim_worker_resume (MfSimWorker *self)
{
  g_return_if_fail (MF_IS_SIM_WORKER (self));

  if (self->status != MF_SIM_STATUS_PAUSED)
    return;
  g_mutex_lock (&self->run->lock);
  self->run->paused = FALSE;
  self->run->refused = FALSE;
  g_cond_broadcast (&self->run->resume);
  g_mutex_unlock (&self->run->lock);
  set_status (self, MF_SIM_STATUS_RUNNING);
}

void
mf_sim_worker_update (MfSimWorker *self, const char *data, gssize length)
{
  MfSimRun *run;

  g_return_if_fail (MF_IS_SIM_WORKER (self));
  g_return_if_fail (data != NULL);

  if (!mf_sim_worker_is_active (self))
    return;
  run = self->run;
  g_mutex_lock (&run->lock);
  /* only the newest edit matters: one not taken yet is superseded */
  g_free (run->update);
  run->update_length = length < 0 ? strlen (data) : (gsize) length;
  run->update = g_memdup2 (data, run->update_length);
  g_cond_broadcast (&run->resume);
  g_mutex_unlock (&run->lock);
}

void
mf_sim_worker_set_buffer_limit (MfSimWorker *self, guint limit)
{
  g_return_if_fail (MF_IS_SIM_WORKER (self));

  self->limit = MAX (limit, 1);
}

void
mf_sim_worker_stop (MfSimWorker *self)
{
  g_return_if_fail (MF_IS_SIM_WORKER (self));

  if (mf_sim_worker_is_active (self))
    run_request_stop (self->run);
}

/* ---- reading ----------------------------------------------------------- */

MfSimStatus
mf_sim_worker_get_status (MfSimWorker *self)
{
  g_return_val_if_fail (MF_IS_SIM_WORKER (self), MF_SIM_STATUS_IDLE);

  return self->status;
}

gboolean
mf_sim_worker_is_active (MfSimWorker *self)
{
  g_return_val_if_fail (MF_IS_SIM_WORKER (self), FALSE);

  return self->status == MF_SIM_STATUS_RUNNING || self->status == MF_SIM_STATUS_PAUSED;
}

const GError *
mf_sim_worker_get_error (MfSimWorker *self)
{
  g_return_val_if_fail (MF_IS_SIM_WORKER (self), NULL);

  return self->error;
}

void
mf_sim_worker_get_stats (MfSimWorker *self, MfSimulationStats *stats)
{
  MfSimRun *run;

  g_return_if_fail (MF_IS_SIM_WORKER (self));
  g_return_if_fail (stats != NULL);

  run = self->run;
  if (run == NULL || !mf_sim_worker_is_active (self))
    {
      *stats = self->stats;
      return;
    }
  g_mutex_lock (&run->lock);
  *stats = run->so_far;
  stats->wall_time = mf_sim_run_elapsed (run, g_get_monotonic_time ()) / (double) G_USEC_PER_SEC;
  g_mutex_unlock (&run->lock);
}

char *
mf_sim_worker_dup_method (MfSimWorker *self)
{
  char *method;

  g_return_val_if_fail (MF_IS_SIM_WORKER (self), NULL);

  if (self->run == NULL)
    return NULL;
  g_mutex_lock (&self->run->lock);
  method = g_strdup (self->run->method_used);
  g_mutex_unlock (&self->run->lock);
  return method;
}

void
mf_sim_worker_get_progress (MfSimWorker *self, MfSimProgress *progress)
{
  MfSimRun *run;

  g_return_if_fail (MF_IS_SIM_WORKER (self));
  g_return_if_fail (progress != NULL);

  memset (progress, 0, sizeof *progress);
  run = self->run;
  if (run == NULL)
    return;
  g_mutex_lock (&run->lock);
  progress->t = run->t;
  progress->t_end = run->t_end;
  progress->fraction = run->t_end > 0 ? CLAMP (run->t / run->t_end, 0.0, 1.0) : 0.0;
  progress->wall_time = mf_sim_run_elapsed (run, g_get_monotonic_time ()) / (double) G_USEC_PER_SEC;
  progress->real_time_factor = run->wall_at_t > 0 ? run->t / run->wall_at_t : 0.0;
  progress->n_samples = run->n_samples;
  g_mutex_unlock (&run->lock);
}

guint
mf_sim_worker_get_n_values (MfSimWorker *self)
{
  guint n_values = 0;

  g_return_val_if_fail (MF_IS_SIM_WORKER (self), 0);

  if (self->run == NULL)
    return 0;
  g_mutex_lock (&self->run->lock);
  n_values = self->run->n_values;
  g_mutex_unlock (&self->run->lock);
  return n_values;
}

/* The strings never change once published, so they can be read after the
 * lock is released. */
static const char *
value_label (MfSimWorker *self, guint i, gboolean unit)
{
  const char *label = NULL;

  if (self->run == NULL)
    return NULL;
  g_mutex_lock (&self->run->lock);
  if (i < self->run->n_values)
    label = unit ? self->run->units[i] : self->run->names[i];
  g_mutex_unlock (&self->run->lock);
  return label;
}

const char *
mf_sim_worker_get_value_name (MfSimWorker *self, guint i)
{
  g_return_val_if_fail (MF_IS_SIM_WORKER (self), NULL);

  return value_label (self, i, FALSE);
}

const char *
mf_sim_worker_get_value_unit (MfSimWorker *self, guint i)
{
  g_return_val_if_fail (MF_IS_SIM_WORKER (self), NULL);

  return value_label (self, i, TRUE);
}

guint
mf_sim_worker_count_live_runs (void)
{
  return (guint) g_atomic_int_get (&live_runs);
}
