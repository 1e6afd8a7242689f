/* mf-sim-worker-run.c: the body of a run's thread — compile the document,
 * simulate, and when the document is edited mid-run, compile the new one and
 * go on from the latest sample (mf_simulate() with a start).
 *
 * A run is a chain of segments, one per model: the first from t = 0, each
 * later one from the latest sample of the one before, its state carried over
 * by name and projected by the core onto the new constraints.  A document
 * that does not compile pauses the run where it is; the next edit is tried
 * in turn, and resuming without one goes on with the model that was running.
 *
 * Each sample also carries σ(W) of the valve configuration in force.  The
 * configuration changes only at events, so σ is computed once per
 * configuration met and kept; between events a sample costs a comparison.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-sim-worker-private.h"

#include <glib/gi18n.h>

#include <math.h>
#include <string.h>
#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <errno.h>
#endif

/* The simulation thread's nice value, above the window's (0). */
#define MF_SIM_THREAD_NICE 10

#include "mf-document.h"
#include "mf-error.h"
#include "mf-model.h"

/* One model's part of the run. */
typedef struct
{
  MfSimRun   *run;
  MfModel    *model;
  /* the steps since the last sample, and the statistics: of the segments
   * before and of this one so far (mf_simulate() fills them as it goes) */
  MfStepRecord            *steps;
  const MfSimulationStats *before;
  const MfSimulationStats *part;
  guint       n_outputs;
  guint       n_switches;
  guint       n_values;
  double     *row;      /* the sample handed to the buffer */
  GHashTable *sigmas;   /* configuration key → double[2] */
  GString    *key;
  gboolean    known;    /* row holds σ of (mode, switches) */
  guint       mode;
  double     *switches; /* the configuration of that σ */
  gboolean    first;
} Segment;

static void
segment_init (Segment                 *seg,
              MfSimRun                *run,
              MfModel                 *model,
              MfStepRecord            *steps,
              const MfSimulationStats *before,
              const MfSimulationStats *part)
{
  memset (seg, 0, sizeof *seg);
  seg->run = run;
  seg->model = model;
  seg->steps = steps;
  seg->before = before;
  seg->part = part;
  seg->n_outputs = mf_model_n_outputs (model);
  seg->n_switches = mf_simulation_n_switches (model);
  seg->n_values = seg->n_outputs + seg->n_switches + 2;
  seg->row = g_new0 (double, seg->n_values);
  seg->sigmas = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  seg->key = g_string_sized_new (16 + seg->n_switches);
  seg->switches = g_new0 (double, MAX (seg->n_switches, 1));
  seg->first = TRUE;
}

static void
segment_clear (Segment *seg)
{
  g_free (seg->row);
  g_hash_table_unref (seg->sigmas);
  g_string_free (seg->key, TRUE);
  g_free (seg->switches);
}

/* σ(W) of the configuration into the last two values of the row. */
static void
segment_sigma (Segment *seg, guint mode, const double *switches)
{
  double *sigma;
  gsize size = seg->n_switches * sizeof (double);

  if (seg->known && mode == seg->mode && memcmp (switches, seg->switches, size) == 0)
    return;
  seg->known = TRUE;
  seg->mode = mode;
  memcpy (seg->switches, switches, size);
  g_string_printf (seg->key, "%u:", mode);
  for (guint i = 0; i < seg->n_switches; i++)
    g_string_append_c (seg->key, switches[i] >= 0.5 ? '1' : '0');
  sigma = g_hash_table_lookup (seg->sigmas, seg->key->str);
  if (sigma == NULL)
    {
      sigma = g_new (double, 2);
      if (!mf_simulation_w_sigma (seg->model, mode, switches, &sigma[0], &sigma[1]))
        sigma[0] = sigma[1] = NAN;
      g_hash_table_insert (seg->sigmas, g_strdup (seg->key->str), sigma);
    }
  seg->row[seg->n_values - 2] = sigma[0];
  seg->row[seg->n_values - 1] = sigma[1];
}

static void stats_add (MfSimulationStats       *sum,
                       const MfSimulationStats *part);

/* The steps up to now go to the buffer with the statistics they make. */
static void
hand_over_steps (Segment *seg)
{
  MfSimulationStats so_far = *seg->before;

  stats_add (&so_far, seg->part);
  mf_sim_run_push_steps (seg->run, seg->steps, &so_far);
}

static gboolean
take_sample (double t, guint mode, const double *values, gpointer user_data)
{
  Segment *seg = user_data;
  gboolean first = seg->first;

  hand_over_steps (seg);
  segment_sigma (seg, mode, values + seg->n_outputs);
  memcpy (seg->row, values, (seg->n_outputs + seg->n_switches) * sizeof (double));
  seg->first = FALSE;
  return mf_sim_run_push_sample (seg->run, t, mode, seg->row, first);
}

static void
log_event (double t, const char *component, const char *from, const char *to, gpointer data)
{
  MfSimLogEntry entry = {
    .kind = MF_SIM_LOG_EVENT,
    .t = t,
    .t_last = t,
    .component = g_strdup (component),
    .from = g_strdup (from),
    .to = g_strdup (to),
  };

  mf_sim_run_add_log (data, &entry);
}

static void
log_fallbacks (const MfSvdFallbacks *fallbacks, gpointer data)
{
  MfSimLogEntry entry = {
    .kind = MF_SIM_LOG_FALLBACKS,
    .t = fallbacks->t_first,
    .t_last = fallbacks->t_last,
    .steps = fallbacks->steps,
    .states = g_strdup (fallbacks->states),
  };

  mf_sim_run_add_log (data, &entry);
}

/* Initial values projected onto the constraints: said in the window. */
static void
log_notice (double t, const char *message, gpointer data)
{
  MfSimRun *run = data;

  g_mutex_lock (&run->lock);
  g_free (run->notice);
  /* Translators: %.9g is a time in seconds, %s what happened then */
  run->notice = g_strdup_printf (_("at t = %.9g s: %s"), t, message);
  g_mutex_unlock (&run->lock);
  mf_sim_run_post (run, mf_sim_worker_deliver_notice);
}

void
mf_sim_run_post (MfSimRun *run, GSourceFunc deliver)
{
  g_autoptr (GSource) source = g_idle_source_new ();

  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_callback (source, deliver, mf_sim_run_ref (run),
                         (GDestroyNotify) mf_sim_run_unref);
  g_source_set_static_name (source, "[manifold] simulation notice");
  g_source_attach (source, run->context);
}

/* Names what the segment's samples hold and the method that makes them,
 * starts the clock at the first, and tells the window. */
static void
publish (MfSimRun                  *run,
         const MfModel             *model,
         const MfSimulationOptions *options,
         gboolean                   first)
{
  guint n_outputs = mf_model_n_outputs (model);
  guint n_switches = mf_simulation_n_switches (model);
  guint n_values = n_outputs + n_switches + 2;
  char **names = g_new0 (char *, n_values + 1);
  char **units = g_new0 (char *, n_values + 1);

  for (guint i = 0; i < n_outputs; i++)
    {
      names[i] = g_strdup (mf_model_output_name (model, i));
      units[i] = g_strdup (mf_model_output_unit (model, i));
    }
  for (guint i = 0; i < n_switches; i++)
    {
      names[n_outputs + i] = mf_simulation_switch_name (model, i);
      units[n_outputs + i] = g_strdup ("");
    }
  names[n_values - 2] = g_strdup ("solver.w_sigma_min");
  names[n_values - 1] = g_strdup ("solver.w_sigma_max");
  units[n_values - 2] = g_strdup ("");
  units[n_values - 1] = g_strdup ("");
  mf_sim_run_push_layout (run, names, units);
  g_mutex_lock (&run->lock);
  run->t_end = options->t_end;
  g_free (run->method_used);
  run->method_used = g_strdup (options->method);
  if (run->began == 0)
    run->began = g_get_monotonic_time ();
  g_mutex_unlock (&run->lock);
  mf_sim_run_post (run, first ? mf_sim_worker_deliver_started : mf_sim_worker_deliver_restarted);
}

/* The document's model and the options to run it with. */
static gboolean
compile (MfSimRun             *run,
         const char           *data,
         gsize                 length,
         MfDocument          **document,
         MfModel             **model,
         MfSimulationOptions  *options,
         GError              **error)
{
  g_autoptr (MfDocument) loaded = mf_document_load_data (data, (gssize) length, run->name, NULL,
                                                         error);
  MfModel *assembled;

  if (loaded == NULL)
    return FALSE;
  assembled = mf_model_new (mf_document_get_circuit (loaded), error);
  if (assembled == NULL)
    return FALSE;
  *options = run->options;
  if (run->own_settings)
    mf_simulation_options_from_circuit (options, mf_document_get_circuit (loaded));
  options->event = log_event;
  options->event_data = run;
  options->fallback = log_fallbacks;
  options->fallback_data = run;
  options->notice = log_notice;
  options->notice_data = run;
  options->start = NULL;
  /* the model reads the document's circuit: it goes first */
  g_clear_pointer (model, mf_model_free);
  g_clear_pointer (document, mf_document_free);
  *document = g_steal_pointer (&loaded);
  *model = assembled;
  return TRUE;
}

/* Under the lock: waits for an update, a resume or a stop. */
static void
wait_refused (MfSimRun *run)
{
  run->waiting = TRUE;
  run->waiting_since = g_get_monotonic_time ();
  while (run->update == NULL && run->paused && !run->stopping)
    g_cond_wait (&run->resume, &run->lock);
  run->paused_total += g_get_monotonic_time () - run->waiting_since;
  run->waiting = FALSE;
}

/* The model to go on with: the newest edit's, or, when edits do not
 * compile, the one before once the run is resumed.  FALSE when the run is
 * stopped meanwhile. */
static gboolean
next_model (MfSimRun *run, MfDocument **document, MfModel **model, MfSimulationOptions *options)
{
  for (;;)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *text = NULL;
      gsize length;
      gboolean stopping;

      g_mutex_lock (&run->lock);
      text = g_steal_pointer (&run->update);
      length = run->update_length;
      stopping = run->stopping;
      g_mutex_unlock (&run->lock);
      if (stopping)
        return FALSE;
      if (text == NULL)
        return TRUE;
      if (compile (run, text, length, document, model, options, &error))
        {
          g_mutex_lock (&run->lock);
          if (run->refused)
            run->paused = run->refused = FALSE;
          g_mutex_unlock (&run->lock);
          return TRUE;
        }
      g_mutex_lock (&run->lock);
      run->paused = run->refused = TRUE;
      g_clear_error (&run->refusal);
      run->refusal = g_steal_pointer (&error);
      g_mutex_unlock (&run->lock);
      mf_sim_run_post (run, mf_sim_worker_deliver_refused);
      g_mutex_lock (&run->lock);
      wait_refused (run);
      if (run->update == NULL)
        run->refused = FALSE;
      g_mutex_unlock (&run->lock);
    }
}

/* The start of the next segment from the latest sample: states and
 * switches by name, new states at their initial values, new switches left
 * to the start rule. */
static void
carry_over (MfSimRun *run, const MfModel *model, double **u, double **switches,
            MfSimulationStart *start)
{
  const MfSimLayout *layout = run->last_layout;
  const double *values = &g_array_index (run->last, double, SAMPLE_HEAD);
  g_autoptr (GHashTable) index = g_hash_table_new (g_str_hash, g_str_equal);
  guint n_states = mf_model_n_states (model);
  guint n_switches = mf_simulation_n_switches (model);
  gpointer found;

  for (guint i = 0; i < layout->n_values; i++)
    g_hash_table_insert (index, layout->names[i], GUINT_TO_POINTER (i));
  *u = g_renew (double, *u, MAX (n_states, 1));
  *switches = g_renew (double, *switches, MAX (n_switches, 1));
  mf_model_initial_state (model, *u);
  for (guint i = 0; i < n_states; i++)
    if (g_hash_table_lookup_extended (index, mf_model_state_name (model, i), NULL, &found))
      (*u)[i] = values[GPOINTER_TO_UINT (found)];
  for (guint i = 0; i < n_switches; i++)
    {
      g_autofree char *name = mf_simulation_switch_name (model, i);

      (*switches)[i] = g_hash_table_lookup_extended (index, name, NULL, &found)
                         ? values[GPOINTER_TO_UINT (found)]
                         : NAN;
    }
  start->t = g_array_index (run->last, double, 0);
  start->u = *u;
  start->switches = *switches;
}

static void
stats_add (MfSimulationStats *sum, const MfSimulationStats *part)
{
  sum->steps += part->steps;
  sum->rejected_steps += part->rejected_steps;
  sum->rhs_evaluations += part->rhs_evaluations;
  sum->jacobian_evaluations += part->jacobian_evaluations;
  sum->mode_switches += part->mode_switches;
  sum->valve_events += part->valve_events;
  sum->energy_lost += part->energy_lost;
  sum->start_energy_lost += part->start_energy_lost;
  sum->newton_iterations += part->newton_iterations;
  sum->svd_steps += part->svd_steps;
  if (part->residual > sum->residual || isnan (part->residual))
    sum->residual = part->residual;
  sum->check_retries += part->check_retries;
  sum->wall_time += part->wall_time;
}

/* What a run that returned `ok` came to; clears a cancellation error. */
static MfSimStatus
outcome (MfSimRun *run, gboolean ok, GError **error)
{
  gboolean cut_short;

  g_mutex_lock (&run->lock);
  cut_short = run->cut_short || run->stopping;
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

static gboolean
update_waiting (MfSimRun *run)
{
  gboolean waiting;

  g_mutex_lock (&run->lock);
  waiting = run->update != NULL && !run->stopping && run->last->len > 0;
  g_mutex_unlock (&run->lock);
  return waiting;
}

static MfSimStatus
simulate (MfSimRun *run, MfSimulationStats *stats, GError **error)
{
  g_autoptr (MfDocument) document = NULL;
  g_autoptr (MfModel) model = NULL;
  g_autofree double *u = NULL;
  g_autofree double *switches = NULL;
  g_autoptr (MfStepRecord) steps = mf_step_record_new ();
  MfSimulationOptions options;
  MfSimulationStart start;
  gboolean first = TRUE;

  if (!compile (run, run->data, run->length, &document, &model, &options, error))
    return MF_SIM_STATUS_FAILED;
  if (g_cancellable_is_cancelled (run->cancellable))
    return MF_SIM_STATUS_STOPPED;
  for (;;)
    {
      MfSimulationStats part = { 0 };
      Segment seg;
      gboolean ok;

      publish (run, model, &options, first);
      segment_init (&seg, run, model, steps, stats, &part);
      options.start = first ? NULL : &start;
      options.steps = steps;
      ok = mf_simulate (model, &options, take_sample, &seg, &part, run->cancellable, error);
      hand_over_steps (&seg);
      segment_clear (&seg);
      stats_add (stats, &part);
      first = FALSE;
      if (!ok || !update_waiting (run))
        return outcome (run, ok, error);
      if (!next_model (run, &document, &model, &options))
        return MF_SIM_STATUS_STOPPED;
      carry_over (run, model, &u, &switches, &start);
      /* an edit that ends the run before where it is */
      if (!(start.t < options.t_end))
        return MF_SIM_STATUS_FINISHED;
    }
}

/* On a machine with few cores the simulation competes with the window
 * for the processor; a run at a lower priority only gets slower when the
 * window has work, and the window keeps its frames.  (Linux gives each
 * thread a nice value of its own.) */
static void
lower_priority (void)
{
#ifdef __linux__
  if (setpriority (PRIO_PROCESS, (id_t) syscall (SYS_gettid), MF_SIM_THREAD_NICE) != 0)
    g_debug ("the simulation thread keeps its priority: %s", g_strerror (errno));
#endif
}

gpointer
mf_sim_run_thread (gpointer data)
{
  g_autoptr (MfSimRun) run = data;
  g_autoptr (GError) error = NULL;
  MfSimulationStats stats = { 0 };
  MfSimStatus status;

  lower_priority ();
  status = simulate (run, &stats, &error);

  g_mutex_lock (&run->lock);
  run->outcome = status;
  run->error = g_steal_pointer (&error);
  if (run->began != 0)
    run->ended = g_get_monotonic_time ();
  /* the time spent simulating: pauses and waits for the window left out */
  stats.wall_time = mf_sim_run_elapsed (run, run->ended) / (double) G_USEC_PER_SEC;
  run->stats = stats;
  g_mutex_unlock (&run->lock);
  mf_sim_run_post (run, mf_sim_worker_deliver_end);
  return NULL;
}
