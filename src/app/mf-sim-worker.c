/* mf-sim-worker.c: a simulation running in the background for the window.
 *
 * Each start makes a run: a reference-counted record shared by the worker
 * and a thread of its own.  A run can sit paused for as long as the user
 * likes, so it gets a dedicated thread rather than one of GTask's pool,
 * whose few threads the rest of the app shares for short jobs.  The thread
 * writes samples, log rows and progress under the run's lock; the worker
 * swaps the buffers out under that lock and hands their contents out after
 * releasing it, so a slow consumer never holds the simulation up.
 *
 * The end of a run travels back as an idle source on the starting thread's
 * main context that holds the run, not the worker: the run knows its worker
 * only by a weak reference, and a worker that was freed or has moved on to a
 * newer run ignores it.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-sim-worker.h"

#include <string.h>

#include "mf-document.h"
#include "mf-error.h"
#include "mf-model.h"

G_DEFINE_ENUM_TYPE (MfSimStatus, mf_sim_status,
  G_DEFINE_ENUM_VALUE (MF_SIM_STATUS_IDLE, "idle"),
  G_DEFINE_ENUM_VALUE (MF_SIM_STATUS_RUNNING, "running"),
  G_DEFINE_ENUM_VALUE (MF_SIM_STATUS_PAUSED, "paused"),
  G_DEFINE_ENUM_VALUE (MF_SIM_STATUS_FINISHED, "finished"),
  G_DEFINE_ENUM_VALUE (MF_SIM_STATUS_STOPPED, "stopped"),
  G_DEFINE_ENUM_VALUE (MF_SIM_STATUS_FAILED, "failed"))

/* A sample in the buffer: t, the mode, then the values. */
#define SAMPLE_HEAD 2

static gint live_runs;

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
  GCond                resume;
  /* Under the lock.  The names are written once, before the first
   * sample, and never change afterwards. */
  gboolean             paused;
  gboolean             stopping;
  gboolean             cut_short;
  guint                n_values;
  char               **names;
  char               **units;
  GArray              *samples; /* of double, n_values + SAMPLE_HEAD a sample */
  GArray              *log;     /* of MfSimLogEntry, owning their strings */
  double               t;
  double               t_end;
  guint64              n_samples;
  gint64               began;   /* µs, monotonic; 0 until simulating */
  gint64               ended;
  gboolean             waiting;
  gint64               waiting_since;
  gint64               paused_total;
  double               wall_at_t;
  MfSimStatus          outcome; /* RUNNING until the thread is done */
  GError              *error;
  MfSimulationStats    stats;

  /* Main thread only. */
  gboolean             announced;
} MfSimRun;

struct _MfSimWorker
{
  GObject            parent_instance;

  MfSimRun          *run; /* the latest run, or NULL */
  MfSimStatus        status;
  GError            *error;
  MfSimulationStats  stats;
  /* Empty buffers swapped into the run by a drain, so that draining does
   * not allocate once the buffers have grown to a frame's worth. */
  GArray            *spare_samples;
  GArray            *spare_log;
};

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
  FINISHED,
  FAILED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MfSimWorker, mf_sim_worker, G_TYPE_OBJECT)

/* ---- buffers ----------------------------------------------------------- */

static void
log_entry_clear (gpointer data)
{
  MfSimLogEntry *entry = data;

  g_free ((char *) entry->component);
  g_free ((char *) entry->from);
  g_free ((char *) entry->to);
  g_free ((char *) entry->states);
}

static GArray *
samples_new (void)
{
  return g_array_new (FALSE, FALSE, sizeof (double));
}

static GArray *
log_new (void)
{
  GArray *log = g_array_new (FALSE, FALSE, sizeof (MfSimLogEntry));

  g_array_set_clear_func (log, log_entry_clear);
  return log;
}

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
  g_strfreev (run->names);
  g_strfreev (run->units);
  g_array_unref (run->samples);
  g_array_unref (run->log);
  g_clear_error (&run->error);
  g_atomic_int_add (&live_runs, -1);
}

static MfSimRun *
run_ref (MfSimRun *run)
{
  return g_atomic_rc_box_acquire (run);
}

static void
run_unref (MfSimRun *run)
{
  g_atomic_rc_box_release_full (run, (GDestroyNotify) run_clear);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfSimRun, run_unref)

static MfSimRun *
run_new (MfSimWorker               *owner,
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
  run->samples = samples_new ();
  run->log = log_new ();
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

/* µs spent simulating up to `now`, pauses left out.  Under the lock. */
static gint64
run_elapsed (const MfSimRun *run, gint64 now)
{
  gint64 until = now;

  if (run->began == 0)
    return 0;
  if (run->ended != 0)
    until = run->ended;
  else if (run->waiting)
    until = run->waiting_since;
  return MAX (until - run->began - run->paused_total, 0);
}

/* Under the lock: returns when the run is resumed or stopped. */
static void
run_wait_while_paused (MfSimRun *run)
{
  if (!run->paused || run->stopping)
    return;
  run->waiting = TRUE;
  run->waiting_since = g_get_monotonic_time ();
  while (run->paused && !run->stopping)
    g_cond_wait (&run->resume, &run->lock);
  run->paused_total += g_get_monotonic_time () - run->waiting_since;
  run->waiting = FALSE;
}

/* ---- the run's thread -------------------------------------------------- */

static gboolean
run_take_sample (double t, guint mode, const double *values, gpointer user_data)
{
  MfSimRun *run = user_data;
  gboolean go_on;

  g_mutex_lock (&run->lock);
  run_wait_while_paused (run);
  go_on = !run->stopping;
  if (go_on)
    {
      double head[SAMPLE_HEAD] = { t, mode };

      g_array_append_vals (run->samples, head, SAMPLE_HEAD);
      g_array_append_vals (run->samples, values, run->n_values);
      run->n_samples++;
      run->t = t;
      run->wall_at_t = run_elapsed (run, g_get_monotonic_time ()) / (double) G_USEC_PER_SEC;
    }
  else
    run->cut_short = TRUE;
  g_mutex_unlock (&run->lock);
  return go_on;
}

static void
run_add_log (MfSimRun *run, const MfSimLogEntry *entry)
{
  g_mutex_lock (&run->lock);
  g_array_append_vals (run->log, entry, 1);
  g_mutex_unlock (&run->lock);
}

static void
run_log_event (double t, const char *component, const char *from, const char *to, gpointer data)
{
  MfSimLogEntry entry = {
    .kind = MF_SIM_LOG_EVENT,
    .t = t,
    .t_last = t,
    .component = g_strdup (component),
    .from = g_strdup (from),
    .to = g_strdup (to),
  };

  run_add_log (data, &entry);
}

static void
run_log_fallbacks (const MfSvdFallbacks *fallbacks, gpointer data)
{
  MfSimLogEntry entry = {
    .kind = MF_SIM_LOG_FALLBACKS,
    .t = fallbacks->t_first,
    .t_last = fallbacks->t_last,
    .steps = fallbacks->steps,
    .states = g_strdup (fallbacks->states),
  };

  run_add_log (data, &entry);
}

static void
run_post (MfSimRun *run, GSourceFunc deliver)
{
  g_autoptr (GSource) source = g_idle_source_new ();

  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_callback (source, deliver, run_ref (run), (GDestroyNotify) run_unref);
  g_source_set_static_name (source, "[manifold] simulation notice");
  g_source_attach (source, run->context);
}

static gboolean deliver_started (gpointer data);
static gboolean deliver_end (gpointer data);

/* Names what the samples will hold and starts the clock. */
static void
run_publish (MfSimRun *run, const MfModel *model, double t_end)
{
  guint n_outputs = mf_model_n_outputs (model);
  guint n_values = n_outputs + mf_simulation_n_switches (model);
  char **names = g_new0 (char *, n_values + 1);
  char **units = g_new0 (char *, n_values + 1);

  for (guint i = 0; i < n_outputs; i++)
    {
      names[i] = g_strdup (mf_model_output_name (model, i));
      units[i] = g_strdup (mf_model_output_unit (model, i));
    }
  for (guint i = n_outputs; i < n_values; i++)
    {
      names[i] = mf_simulation_switch_name (model, i - n_outputs);
      units[i] = g_strdup ("");
    }
  g_mutex_lock (&run->lock);
  run->n_values = n_values;
  run->names = names;
  run->units = units;
  run->t_end = t_end;
  run->began = g_get_monotonic_time ();
  g_mutex_unlock (&run->lock);
  run_post (run, deliver_started);
}

/* What a run that returned `ok` came to; clears a cancellation error. */
static MfSimStatus
run_outcome (MfSimRun *run, gboolean ok, GError **error)
{
  gboolean cut_short;

  g_mutex_lock (&run->lock);
  cut_short = run->cut_short;
  g_mutex_unlock (&run->lock);
  if (ok)
    return cut_short ? MF_SIM_STATUS_STOPPED : MF_SIM_STATUS_FINISHED;
  if (g_error_matches (*error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_clear_error (error);
      return MF_SIM_STATUS_STOPPED;
    }
  return MF_SIM_STATUS_FAILED;
}

static MfSimStatus
run_simulate (MfSimRun *run, MfSimulationStats *stats, GError **error)
{
  g_autoptr (MfDocument) document = NULL;
  g_autoptr (MfModel) model = NULL;
  const MfCircuit *circuit;
  MfSimulationOptions options = run->options;
  gboolean ok;

  document = mf_document_load_data (run->data, (gssize) run->length, run->name, NULL, error);
  if (document == NULL)
    return MF_SIM_STATUS_FAILED;
  circuit = mf_document_get_circuit (document);
  model = mf_model_new (circuit, error);
  if (model == NULL)
    return MF_SIM_STATUS_FAILED;
  if (run->own_settings)
    mf_simulation_options_from_circuit (&options, circuit);
  options.event = run_log_event;
  options.event_data = run;
  options.fallback = run_log_fallbacks;
  options.fallback_data = run;
  if (g_cancellable_is_cancelled (run->cancellable))
    return MF_SIM_STATUS_STOPPED;
  run_publish (run, model, options.t_end);
  ok = mf_simulate (model, &options, run_take_sample, run, stats, run->cancellable, error);
  return run_outcome (run, ok, error);
}

static gpointer
run_thread (gpointer data)
{
  g_autoptr (MfSimRun) run = data;
  g_autoptr (GError) error = NULL;
  MfSimulationStats stats = { 0 };
  MfSimStatus outcome = run_simulate (run, &stats, &error);

  g_mutex_lock (&run->lock);
  run->outcome = outcome;
  run->error = g_steal_pointer (&error);
  run->stats = stats;
  if (run->began != 0)
    run->ended = g_get_monotonic_time ();
  g_mutex_unlock (&run->lock);
  run_post (run, deliver_end);
  return NULL;
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

static gboolean
deliver_started (gpointer data)
{
  g_autoptr (MfSimWorker) self = run_get_owner (data);

  if (self != NULL)
    announce (self);
  return G_SOURCE_REMOVE;
}

static gboolean
deliver_end (gpointer data)
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

/* ---- the object -------------------------------------------------------- */

static void
mf_sim_worker_dispose (GObject *object)
{
  MfSimWorker *self = MF_SIM_WORKER (object);

  if (self->run != NULL)
    run_request_stop (self->run);
  g_clear_pointer (&self->run, run_unref);
  G_OBJECT_CLASS (mf_sim_worker_parent_class)->dispose (object);
}

static void
mf_sim_worker_finalize (GObject *object)
{
  MfSimWorker *self = MF_SIM_WORKER (object);

  g_clear_error (&self->error);
  g_clear_pointer (&self->spare_samples, g_array_unref);
  g_clear_pointer (&self->spare_log, g_array_unref);
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
  g_clear_pointer (&self->run, run_unref);
  g_clear_error (&self->error);
  memset (&self->stats, 0, sizeof self->stats);
  self->run = run_new (self, data, length, name, options);
  set_status (self, MF_SIM_STATUS_RUNNING);

  thread = g_thread_try_new ("mf-simulation", run_thread, run_ref (self->run), &error);
  if (thread != NULL)
    {
      g_thread_unref (thread);
      return;
    }
  /* no thread, no run: the failure arrives as any other would */
  self->run->outcome = MF_SIM_STATUS_FAILED;
  self->run->error = g_steal_pointer (&error);
  run_post (self->run, deliver_end);
  run_unref (self->run); /* the reference the thread would have dropped */
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
  g_cond_broadcast (&self->run->resume);
  g_mutex_unlock (&self->run->lock);
  set_status (self, MF_SIM_STATUS_RUNNING);
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
  g_return_if_fail (MF_IS_SIM_WORKER (self));
  g_return_if_fail (stats != NULL);

  *stats = self->stats;
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
  progress->wall_time = run_elapsed (run, g_get_monotonic_time ()) / (double) G_USEC_PER_SEC;
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

/* ---- draining ---------------------------------------------------------- */

/* Swaps the run's buffer `*buffer` for `*spare` (made by `make` if there is
 * none) under the lock, and returns what the run had written. */
static GArray *
take_buffer (MfSimRun *run, GArray **buffer, GArray **spare, GArray *(*make) (void))
{
  GArray *taken = NULL;

  g_mutex_lock (&run->lock);
  if ((*buffer)->len > 0)
    {
      taken = *buffer;
      *buffer = *spare != NULL ? g_steal_pointer (spare) : make ();
    }
  g_mutex_unlock (&run->lock);
  return taken;
}

/* Keeps `taken`, emptied, for the next drain; a drain called from inside
 * a callback may have left a spare already. */
static void
give_back (GArray **spare, GArray *taken)
{
  g_array_set_size (taken, 0);
  if (*spare == NULL)
    *spare = taken;
  else
    g_array_unref (taken);
}

guint
mf_sim_worker_drain (MfSimWorker *self, MfSimSampleFunc func, gpointer user_data)
{
  GArray *taken;
  guint stride, n;

  g_return_val_if_fail (MF_IS_SIM_WORKER (self), 0);
  g_return_val_if_fail (func != NULL, 0);

  if (self->run == NULL)
    return 0;
  taken = take_buffer (self->run, &self->run->samples, &self->spare_samples, samples_new);
  if (taken == NULL)
    return 0;
  /* written before the first sample, never changed since */
  stride = self->run->n_values + SAMPLE_HEAD;
  n = taken->len / stride;
  for (guint i = 0; i < n; i++)
    {
      const double *sample = &g_array_index (taken, double, (gsize) i * stride);

      func (sample[0], (guint) sample[1], sample + SAMPLE_HEAD, user_data);
    }
  give_back (&self->spare_samples, taken);
  return n;
}

guint
mf_sim_worker_drain_log (MfSimWorker *self, MfSimLogFunc func, gpointer user_data)
{
  GArray *taken;
  guint n;

  g_return_val_if_fail (MF_IS_SIM_WORKER (self), 0);
  g_return_val_if_fail (func != NULL, 0);

  if (self->run == NULL)
    return 0;
  taken = take_buffer (self->run, &self->run->log, &self->spare_log, log_new);
  if (taken == NULL)
    return 0;
  n = taken->len;
  for (guint i = 0; i < n; i++)
    func (&g_array_index (taken, MfSimLogEntry, i), user_data);
  give_back (&self->spare_log, taken);
  return n;
}

guint
mf_sim_worker_count_live_runs (void)
{
  return (guint) g_atomic_int_get (&live_runs);
}
