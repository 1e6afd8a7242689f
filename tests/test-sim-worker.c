/* test-sim-worker.c: the simulation worker (src/app/simulation/mf-sim-worker.c) — what
 * it streams is what `manifold-cli simulate` and an in-process mf_simulate()
 * give for the same document, value by value; pause, resume, stop, failures,
 * restarts, freed workers, and many start/stop cycles (run them under the
 * valgrind test setup for leaks: meson test --setup=valgrind sim-worker).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>
#include <sys/wait.h>

#include "mf-csv.h"
#include "mf-document.h"
#include "mf-error.h"
#include "mf-test-sim-worker.h"

/* ---- what a run hands out ---------------------------------------------- */

/* Samples as rows of t, mode, values; log rows as text that keeps every
 * bit of their numbers. */
typedef struct
{
  guint          n_values;
  GArray        *samples;
  GPtrArray     *log;
  const MfModel *model; /* a run here: σ(W) is appended as the worker does */
} Recording;

static Recording *
recording_new (guint n_values)
{
  Recording *recording = g_new0 (Recording, 1);

  recording->n_values = n_values;
  recording->samples = g_array_new (FALSE, FALSE, sizeof (double));
  recording->log = g_ptr_array_new_with_free_func (g_free);
  return recording;
}

static void
recording_free (Recording *recording)
{
  g_array_unref (recording->samples);
  g_ptr_array_unref (recording->log);
  g_free (recording);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Recording, recording_free)

static guint
recording_n_samples (const Recording *recording)
{
  return recording->samples->len / (recording->n_values + 2);
}

static double
recording_t (const Recording *recording, guint i)
{
  return g_array_index (recording->samples, double, (gsize) i * (recording->n_values + 2));
}

static void
record_sample (double t, guint mode, const double *values, gpointer data)
{
  Recording *recording = data;
  double head[2] = { t, mode };

  g_array_append_vals (recording->samples, head, 2);
  g_array_append_vals (recording->samples, values, recording->n_values);
}

static gboolean
record_simulated_sample (double t, guint mode, const double *values, gpointer data)
{
  Recording *recording = data;
  guint n = recording->n_values - 2;
  double sigma[2];

  g_assert_true (mf_simulation_w_sigma (recording->model, mode,
                                        values + mf_model_n_outputs (recording->model),
                                        &sigma[0], &sigma[1]));
  recording->n_values = n;
  record_sample (t, mode, values, data);
  recording->n_values = n + 2;
  g_array_append_vals (recording->samples, sigma, 2);
  return TRUE;
}

static void
record_entry (const MfSimLogEntry *e, gpointer data)
{
  Recording *recording = data;

  g_ptr_array_add (recording->log,
                   g_strdup_printf ("%d %a %a %" G_GUINT64_FORMAT " %s %s %s %s", e->kind, e->t,
                                    e->t_last, e->steps, e->component, e->from, e->to,
                                    e->states));
}

static void
record_event (double t, const char *component, const char *from, const char *to, gpointer data)
{
  MfSimLogEntry entry = { MF_SIM_LOG_EVENT, t, t, 0, component, from, to, NULL };

  record_entry (&entry, data);
}

static void
record_fallbacks (const MfSvdFallbacks *f, gpointer data)
{
  MfSimLogEntry entry = { MF_SIM_LOG_FALLBACKS, f->t_first, f->t_last, f->steps, NULL, NULL,
                          NULL, f->states };

  record_entry (&entry, data);
}

static void
record_steps (const MfStepEntry *entries, guint n, gpointer data)
{
  mf_step_record_append (data, entries, n);
}

/* ---- driving a worker -------------------------------------------------- */

typedef struct
{
  MfSimWorker *worker;
  Recording   *recording;
  guint        started;
  guint        finished;
  guint        failed;
  GError      *error;
} Watch;

static void
on_started (MfSimWorker *worker, Watch *watch)
{
  g_assert_cmpuint (watch->finished + watch->failed, ==, 0);
  watch->started++;
  /* the values are named before the first sample */
  g_assert_cmpuint (mf_sim_worker_get_n_values (worker), >, 0);
}

static void
on_finished (MfSimWorker *worker, Watch *watch)
{
  watch->finished++;
}

static void
on_failed (MfSimWorker *worker, const GError *error, Watch *watch)
{
  watch->failed++;
  g_clear_error (&watch->error);
  watch->error = g_error_copy (error);
}

static Watch *
watch_new (void)
{
  Watch *watch = g_new0 (Watch, 1);

  watch->worker = mf_sim_worker_new ();
  g_signal_connect (watch->worker, "started", G_CALLBACK (on_started), watch);
  g_signal_connect (watch->worker, "finished", G_CALLBACK (on_finished), watch);
  g_signal_connect (watch->worker, "failed", G_CALLBACK (on_failed), watch);
  return watch;
}

static void
watch_free (Watch *watch)
{
  g_clear_object (&watch->worker);
  g_clear_pointer (&watch->recording, recording_free);
  g_clear_error (&watch->error);
  g_free (watch);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Watch, watch_free)

static void
watch_reset (Watch *watch)
{
  watch->started = watch->finished = watch->failed = 0;
  g_clear_pointer (&watch->recording, recording_free);
  g_clear_error (&watch->error);
}

/* One frame of the window: take what has arrived. */
static void
watch_drain (Watch *watch)
{
  guint n_values = mf_sim_worker_get_n_values (watch->worker);

  /* a drain before the values are named hands out nothing */
  if (watch->recording != NULL && watch->recording->n_values != n_values)
    {
      g_assert_cmpuint (watch->recording->samples->len, ==, 0);
      g_clear_pointer (&watch->recording, recording_free);
    }
  if (watch->recording == NULL)
    watch->recording = recording_new (n_values);
  mf_sim_worker_drain (watch->worker, record_sample, watch->recording);
  mf_sim_worker_drain_log (watch->worker, record_entry, watch->recording);
}

static void
spin (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* Spins the main context for `seconds`, draining as a window would. */
static void
watch_idle (Watch *watch, double seconds)
{
  gint64 until = g_get_monotonic_time () + (gint64) (seconds * G_USEC_PER_SEC);

  while (g_get_monotonic_time () < until)
    {
      spin ();
      watch_drain (watch);
      g_usleep (1000);
    }
}

/* Runs frames until the run has ended; fails the test after `seconds`. */
static void
watch_wait_end (Watch *watch, double seconds)
{
  gint64 until = g_get_monotonic_time () + (gint64) (seconds * G_USEC_PER_SEC);

  while (mf_sim_worker_is_active (watch->worker))
    {
      if (g_get_monotonic_time () > until)
        g_error ("the run did not end within %g s", seconds);
      spin ();
      watch_drain (watch);
      g_usleep (500);
    }
  watch_drain (watch);
}

static guint64
samples_produced (MfSimWorker *worker)
{
  MfSimProgress progress;

  mf_sim_worker_get_progress (worker, &progress);
  return progress.n_samples;
}

static void
wait_for_samples (Watch *watch, guint64 n, double seconds)
{
  gint64 until = g_get_monotonic_time () + (gint64) (seconds * G_USEC_PER_SEC);

  while (samples_produced (watch->worker) < n)
    {
      if (g_get_monotonic_time () > until)
        g_error ("fewer than %" G_GUINT64_FORMAT " samples after %g s", n, seconds);
      spin ();
      g_usleep (500);
    }
}

/* Every run's thread and notices done, including freed workers' runs. */
/* ---- references: manifold-cli and mf_simulate() ----------------------- */

static char *
cli_csv (const char *path)
{
  const char *argv[] = { g_getenv ("MANIFOLD_CLI"), "simulate", path, "--quiet", NULL };
  g_autoptr (GError) error = NULL;
  g_autofree char *err = NULL;
  char *out = NULL;
  int status = 0;

  g_assert_nonnull (argv[0]);
  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status,
                &error);
  g_assert_no_error (error);
  if (!WIFEXITED (status) || WEXITSTATUS (status) != 0)
    g_error ("manifold-cli simulate %s failed:\n%s", path, err);
  return out;
}

/* The recording written as `manifold-cli simulate` writes its CSV. */
static char *
recording_csv (const Recording *recording, const MfModel *model)
{
  g_autoptr (GOutputStream) out = g_memory_output_stream_new_resizable ();
  g_autoptr (MfCsvWriter) writer = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = NULL;
  guint stride = recording->n_values + 2;

  writer = mf_csv_writer_new (out, model, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < recording_n_samples (recording); i++)
    {
      const double *row = &g_array_index (recording->samples, double, (gsize) i * stride);

      mf_csv_writer_add (writer, row[0], (guint) row[1], row + 2, &error);
      g_assert_no_error (error);
    }
  mf_csv_writer_close (writer, &error);
  g_assert_no_error (error);
  g_output_stream_close (out, NULL, &error);
  g_assert_no_error (error);
  bytes = g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (out));
  return g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
}

/* mf_simulate() on the same text in this thread, with `options` or the
 * document's own; returns whether it succeeded. */
static gboolean
simulate_here (const char                *text,
               const MfSimulationOptions *options,
               Recording                **recording,
               MfModel                  **model_out,
               MfDocument               **document_out,
               MfSimulationStats         *stats)
{
  g_autoptr (GError) error = NULL;
  MfDocument *document = mf_document_load_data (text, -1, "<test>", NULL, &error);
  MfSimulationOptions here;
  MfModel *model;
  gboolean ok;

  g_assert_no_error (error);
  model = mf_model_new (mf_document_get_circuit (document), &error);
  g_assert_no_error (error);
  if (options != NULL)
    here = *options;
  else
    mf_simulation_options_from_circuit (&here, mf_document_get_circuit (document));
  *recording = recording_new (mf_model_n_outputs (model) + mf_simulation_n_switches (model) + 2);
  (*recording)->model = model;
  here.event = record_event;
  here.event_data = *recording;
  here.fallback = record_fallbacks;
  here.fallback_data = *recording;
  ok = mf_simulate (model, &here, record_simulated_sample, *recording, stats, NULL, &error);
  *model_out = model;
  *document_out = document;
  return ok;
}

static void
assert_same_samples (const Recording *a, const Recording *b)
{
  g_assert_cmpuint (a->n_values, ==, b->n_values);
  g_assert_cmpuint (a->samples->len, ==, b->samples->len);
  /* the same code on the same input: the same bits */
  g_assert_cmpmem (a->samples->data, a->samples->len * sizeof (double), b->samples->data,
                   b->samples->len * sizeof (double));
}

static void
assert_same_log (const Recording *a, const Recording *b)
{
  g_assert_cmpuint (a->log->len, ==, b->log->len);
  for (guint i = 0; i < a->log->len; i++)
    g_assert_cmpstr (g_ptr_array_index (a->log, i), ==, g_ptr_array_index (b->log, i));
}

/* ---- tests ------------------------------------------------------------- */

/* Examples with check and relief valves switching, a closing orifice with
 * SVD fallbacks, a scheduled mode change and an end stop. */
static const char *const compared_examples[] = {
  "pump-relief-valve", "orifice-closes-and-reopens", "valve-closing", "cylinder-end-stop",
  "check-valve-cylinder",
};

static void
check_example_streams_like_cli (const char *name)
{
  g_autofree char *path = NULL;
  g_autofree char *text = example_text (name, &path);
  g_autofree char *expected_csv = cli_csv (path);
  g_autofree char *streamed_csv = NULL;
  g_autoptr (Watch) watch = watch_new ();
  g_autoptr (Recording) here = NULL;
  g_autoptr (MfModel) model = NULL;
  g_autoptr (MfDocument) document = NULL;
  g_autoptr (MfStepRecord) steps = mf_step_record_new ();
  g_autofree char *method = NULL;
  MfSimulationStats stats, here_stats;
  MfSimProgress progress;
  guint n_switches;

  g_test_message ("%s", name);
  g_assert_true (simulate_here (text, NULL, &here, &model, &document, &here_stats));
  mf_sim_worker_start (watch->worker, text, -1, name, NULL);
  g_assert_cmpint (mf_sim_worker_get_status (watch->worker), ==, MF_SIM_STATUS_RUNNING);
  watch_wait_end (watch, 30);

  g_assert_cmpint (mf_sim_worker_get_status (watch->worker), ==, MF_SIM_STATUS_FINISHED);
  g_assert_cmpuint (watch->started, ==, 1);
  g_assert_cmpuint (watch->finished, ==, 1);
  g_assert_cmpuint (watch->failed, ==, 0);
  g_assert_null (mf_sim_worker_get_error (watch->worker));

  streamed_csv = recording_csv (watch->recording, model);
  g_assert_cmpstr (streamed_csv, ==, expected_csv);
  assert_same_samples (watch->recording, here);
  assert_same_log (watch->recording, here);
  g_assert_cmpuint (here->log->len, >, 0);

  /* the values are named as the model names its outputs, then the switches */
  n_switches = mf_simulation_n_switches (model);
  g_assert_cmpuint (mf_sim_worker_get_n_values (watch->worker), ==,
                    mf_model_n_outputs (model) + n_switches + 2);
  g_assert_cmpstr (mf_sim_worker_get_value_name (watch->worker, 0), ==,
                   mf_model_output_name (model, 0));
  g_assert_cmpstr (mf_sim_worker_get_value_unit (watch->worker, 0), ==,
                   mf_model_output_unit (model, 0));
  if (n_switches > 0)
    {
      g_autofree char *last = mf_simulation_switch_name (model, n_switches - 1);
      guint n_values = mf_sim_worker_get_n_values (watch->worker);

      g_assert_cmpstr (mf_sim_worker_get_value_name (watch->worker, n_values - 3), ==, last);
      g_assert_cmpstr (mf_sim_worker_get_value_unit (watch->worker, n_values - 3), ==, "");
    }
  g_assert_cmpstr (mf_sim_worker_get_value_name (watch->worker,
                                                 mf_sim_worker_get_n_values (watch->worker) - 2),
                   ==, "solver.w_sigma_min");
  g_assert_cmpstr (mf_sim_worker_get_value_name (watch->worker,
                                                 mf_sim_worker_get_n_values (watch->worker) - 1),
                   ==, "solver.w_sigma_max");
  g_assert_null (mf_sim_worker_get_value_name (watch->worker, 100000));

  mf_sim_worker_get_progress (watch->worker, &progress);
  g_assert_cmpfloat (progress.fraction, ==, 1.0);
  g_assert_cmpfloat (progress.t, ==, progress.t_end);
  g_assert_cmpuint (progress.n_samples, ==, recording_n_samples (here));
  g_assert_cmpfloat (progress.wall_time, >, 0);
  g_assert_cmpfloat (progress.real_time_factor, >, 0);
  mf_sim_worker_get_stats (watch->worker, &stats);
  g_assert_cmpuint (stats.steps, ==, here_stats.steps);
  g_assert_cmpuint (stats.rhs_evaluations, ==, here_stats.rhs_evaluations);
  g_assert_cmpuint (stats.newton_iterations, ==, here_stats.newton_iterations);
  g_assert_cmpuint (stats.valve_events + stats.mode_switches, >, 0);
  g_assert_cmpuint (stats.valve_events, ==, here_stats.valve_events);
  g_assert_cmpuint (stats.mode_switches, ==, here_stats.mode_switches);
  g_assert_cmpfloat (stats.energy_lost, ==, here_stats.energy_lost);
  g_assert_cmpuint (stats.rejected_steps, ==, here_stats.rejected_steps);
  g_assert_cmpuint (stats.check_retries, ==, here_stats.check_retries);
  g_assert_cmpfloat (stats.wall_time, >, 0);
  /* the steps streamed are the run's, counted as its statistics count them
   * (and recording them changed none of the counts above) */
  g_assert_cmpuint (mf_sim_worker_drain_steps (watch->worker, record_steps, steps), >, 0);
  g_assert_cmpuint (mf_step_record_get_n_steps (steps), ==, stats.steps);
  g_assert_cmpuint (mf_step_record_get_n_rejected (steps), ==, stats.rejected_steps);
  method = mf_sim_worker_dup_method (watch->worker);
  g_assert_cmpstr (method, ==, mf_document_get_circuit (document)->simulation.method);
  /* all drained: nothing is handed out twice */
  g_assert_cmpuint (mf_sim_worker_drain (watch->worker, record_sample, watch->recording), ==, 0);
  g_assert_cmpuint (mf_sim_worker_drain_steps (watch->worker, record_steps, steps), ==, 0);
}

static void
test_matches_cli (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (compared_examples); i++)
    check_example_streams_like_cli (compared_examples[i]);
}

/* Pausing takes effect at the next sample, a few steps away: waits until
 * two readings 20 ms apart agree, and fails the test if they never do. */
static void
wait_until_still (Watch *watch, MfSimProgress *progress)
{
  gint64 until = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  MfSimProgress previous;

  mf_sim_worker_get_progress (watch->worker, progress);
  do
    {
      if (g_get_monotonic_time () > until)
        g_error ("a paused run still produced samples after 5 s");
      previous = *progress;
      watch_idle (watch, 0.02);
      mf_sim_worker_get_progress (watch->worker, progress);
    }
  while (progress->n_samples != previous.n_samples || progress->wall_time != previous.wall_time);
}

/* While paused no sample comes and the wall time stands still; after
 * resuming the samples go on where they stopped, none lost. */
static void
test_pause_resume (void)
{
  g_autofree char *text = pipe_document ("1000", FALSE);
  g_autoptr (Watch) watch = watch_new ();
  MfSimulationOptions options = long_options ();
  MfSimProgress before, during;
  MfSimulationStats stats;
  guint n;

  mf_sim_worker_start (watch->worker, text, -1, "pipe", &options);
  wait_for_samples (watch, 5, 10);
  mf_sim_worker_pause (watch->worker);
  g_assert_cmpint (mf_sim_worker_get_status (watch->worker), ==, MF_SIM_STATUS_PAUSED);
  wait_until_still (watch, &before);
  watch_idle (watch, 0.3);
  mf_sim_worker_get_progress (watch->worker, &during);
  g_assert_cmpuint (during.n_samples, ==, before.n_samples);
  g_assert_cmpfloat (during.t, ==, before.t);
  g_assert_cmpfloat (during.wall_time, ==, before.wall_time);
  /* the statistics so far: ten steps a sample, up to the sample the run
   * waits with, and the wall time without the pause */
  mf_sim_worker_get_stats (watch->worker, &stats);
  g_assert_cmpuint (stats.steps, ==, 10 * (guint64) before.n_samples);
  g_assert_cmpfloat (stats.wall_time, ==, during.wall_time);

  mf_sim_worker_resume (watch->worker);
  g_assert_cmpint (mf_sim_worker_get_status (watch->worker), ==, MF_SIM_STATUS_RUNNING);
  wait_for_samples (watch, before.n_samples + 20, 10);
  mf_sim_worker_stop (watch->worker);
  watch_wait_end (watch, 10);
  g_assert_cmpint (mf_sim_worker_get_status (watch->worker), ==, MF_SIM_STATUS_STOPPED);

  n = recording_n_samples (watch->recording);
  g_assert_cmpuint (n, >=, before.n_samples + 20);
  for (guint i = 0; i < n; i++)
    g_assert_cmpfloat_with_epsilon (recording_t (watch->recording, i), i * LONG_INTERVAL, 1e-9);
}

static void
assert_stops_promptly (Watch *watch)
{
  gint64 asked = g_get_monotonic_time ();
  MfSimProgress progress;

  mf_sim_worker_stop (watch->worker);
  watch_wait_end (watch, 10);
  g_test_message ("stopped after %.1f ms", (g_get_monotonic_time () - asked) / 1000.0);
  g_assert_cmpint (g_get_monotonic_time () - asked, <, G_USEC_PER_SEC / 2);
  g_assert_cmpint (mf_sim_worker_get_status (watch->worker), ==, MF_SIM_STATUS_STOPPED);
  g_assert_cmpuint (watch->finished, ==, 1);
  g_assert_cmpuint (watch->failed, ==, 0);
  g_assert_null (mf_sim_worker_get_error (watch->worker));
  mf_sim_worker_get_progress (watch->worker, &progress);
  g_assert_cmpfloat (progress.fraction, <, 1.0);
  /* what was produced before the stop was all handed out */
  g_assert_cmpuint (recording_n_samples (watch->recording), ==, progress.n_samples);
}

static void
test_stop (void)
{
  g_autofree char *text = pipe_document ("1000", FALSE);
  g_autoptr (Watch) watch = watch_new ();
  MfSimulationOptions options = long_options ();
  MfSimProgress progress;

  mf_sim_worker_start (watch->worker, text, -1, "pipe", &options);
  wait_for_samples (watch, 10, 10);
  assert_stops_promptly (watch);
  g_assert_cmpuint (recording_n_samples (watch->recording), >=, 10);

  /* a paused run waits on its condition: stopping has to wake it */
  watch_reset (watch);
  mf_sim_worker_start (watch->worker, text, -1, "pipe", &options);
  wait_for_samples (watch, 3, 10);
  mf_sim_worker_pause (watch->worker);
  wait_until_still (watch, &progress);
  assert_stops_promptly (watch);

  /* stopping twice, or a run that has ended, changes nothing */
  mf_sim_worker_stop (watch->worker);
  spin ();
  g_assert_cmpuint (watch->finished, ==, 1);
  g_assert_cmpint (mf_sim_worker_get_status (watch->worker), ==, MF_SIM_STATUS_STOPPED);
}

/* A supply of 1/(0.1 − t) Pa drives the pipe to infinity at t = 0.1 s. */
static void
test_failure_keeps_samples (void)
{
  g_autofree char *text = pipe_document ("\"1 / (0.1 - t)\"", FALSE);
  g_autoptr (Watch) watch = watch_new ();
  g_autoptr (Recording) here = NULL;
  g_autoptr (MfModel) model = NULL;
  g_autoptr (MfDocument) document = NULL;
  MfSimulationOptions options = {
    .method = "rkf45", .t_end = 0.2, .rtol = 1e-6, .atol = 1e-9, .output_interval = 0.01,
  };
  const GError *error;
  double t_failed;
  guint n;

  g_assert_false (simulate_here (text, &options, &here, &model, &document, NULL));
  mf_sim_worker_start (watch->worker, text, -1, "singular", &options);
  watch_wait_end (watch, 30);

  g_assert_cmpint (mf_sim_worker_get_status (watch->worker), ==, MF_SIM_STATUS_FAILED);
  g_assert_cmpuint (watch->failed, ==, 1);
  g_assert_cmpuint (watch->finished, ==, 0);
  g_assert_cmpuint (watch->started, ==, 1);
  error = mf_sim_worker_get_error (watch->worker);
  g_assert_error (error, MF_ERROR, MF_ERROR_SOLVER);
  g_assert_error (watch->error, MF_ERROR, MF_ERROR_SOLVER);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, "at t = "));
  t_failed = g_ascii_strtod (error->message + strlen ("at t = "), NULL);
  g_assert_cmpfloat (t_failed, >, 0.09);
  g_assert_cmpfloat (t_failed, <=, 0.1);

  /* the samples up to the failure stay, exactly those of a run here */
  n = recording_n_samples (watch->recording);
  g_assert_cmpuint (n, >=, 10);
  g_assert_cmpfloat (recording_t (watch->recording, n - 1), <=, t_failed);
  assert_same_samples (watch->recording, here);
}

static void
test_load_error (void)
{
  g_autoptr (Watch) watch = watch_new ();
  const char *text = "{ \"manifold\": 1, \"components\": [\n"
                     "  { \"id\": \"X\", \"type\": \"pipee\" } ], \"wires\": [] }";

  mf_sim_worker_start (watch->worker, text, -1, "bad.manifold", NULL);
  watch_wait_end (watch, 10);
  g_assert_cmpint (mf_sim_worker_get_status (watch->worker), ==, MF_SIM_STATUS_FAILED);
  g_assert_cmpuint (watch->started, ==, 0);
  g_assert_cmpuint (watch->failed, ==, 1);
  g_assert_true (watch->error->domain == MF_ERROR);
  g_test_message ("%s", watch->error->message);
  g_assert_true (g_str_has_prefix (watch->error->message, "bad.manifold:2:"));
  g_assert_nonnull (strstr (watch->error->message, "pipee"));
  g_assert_cmpuint (mf_sim_worker_get_n_values (watch->worker), ==, 0);
  g_assert_cmpuint (recording_n_samples (watch->recording), ==, 0);
}

/* Starting again forgets the run before: no signal, no sample of it. */
static void
test_restart (void)
{
  g_autofree char *long_text = pipe_document ("1000", FALSE);
  g_autofree char *path = NULL;
  g_autofree char *text = example_text ("pump-relief-valve", &path);
  g_autoptr (Watch) watch = watch_new ();
  g_autoptr (Recording) here = NULL;
  g_autoptr (MfModel) model = NULL;
  g_autoptr (MfDocument) document = NULL;
  MfSimulationOptions options = long_options ();

  g_assert_true (simulate_here (text, NULL, &here, &model, &document, NULL));
  mf_sim_worker_start (watch->worker, long_text, -1, "pipe", &options);
  wait_for_samples (watch, 10, 10);
  spin ();
  g_assert_cmpuint (watch->started, ==, 1);

  watch_reset (watch);
  mf_sim_worker_start (watch->worker, text, -1, "pump-relief-valve", NULL);
  watch_wait_end (watch, 30);
  g_assert_cmpint (mf_sim_worker_get_status (watch->worker), ==, MF_SIM_STATUS_FINISHED);
  g_assert_cmpuint (watch->started, ==, 1);
  g_assert_cmpuint (watch->finished, ==, 1);
  assert_same_samples (watch->recording, here);
  assert_same_log (watch->recording, here);
  /* the worker keeps its latest run, and only that */
  g_assert_cmpuint (mf_sim_worker_count_live_runs (), >=, 1);
  g_clear_pointer (&watch, watch_free);
  wait_no_live_runs (10);
}

/* Nothing reaches a worker freed mid-run, or freed with its end notice
 * still queued; its thread ends and frees the run. */
static void
test_freed_worker (void)
{
  g_autofree char *long_text = pipe_document ("1000", FALSE);
  g_autofree char *text = example_text ("pump-relief-valve", NULL);
  MfSimulationOptions options = long_options ();
  Watch *watch = watch_new ();

  mf_sim_worker_start (watch->worker, long_text, -1, "pipe", &options);
  wait_for_samples (watch, 3, 10);
  watch_free (watch);
  wait_no_live_runs (10);

  watch = watch_new ();
  mf_sim_worker_start (watch->worker, text, -1, "pump-relief-valve", NULL);
  /* the thread ends without the main context running: its notices wait */
  while (samples_produced (watch->worker) == 0)
    g_usleep (1000);
  g_usleep (200000);
  g_assert_true (mf_sim_worker_is_active (watch->worker));
  watch_free (watch);
  wait_no_live_runs (10);
}

#define N_CYCLES 200

/* Start, then stop, restart, pause or free, in turn. */
static void
test_cycles (void)
{
  g_autofree char *text = pipe_document ("1000", FALSE);
  MfSimulationOptions options = long_options ();
  g_autoptr (Watch) watch = watch_new ();
  guint stopped = 0;

  for (guint i = 0; i < N_CYCLES; i++)
    {
      watch_reset (watch);
      mf_sim_worker_start (watch->worker, text, -1, "pipe", &options);
      switch (i % 5)
        {
        case 0: /* at once, most likely before the model is compiled */
          break;
        case 1:
          wait_for_samples (watch, 1, 10);
          break;
        case 2:
          mf_sim_worker_start (watch->worker, text, -1, "pipe", &options);
          wait_for_samples (watch, 2, 10);
          break;
        case 3:
          mf_sim_worker_pause (watch->worker);
          break;
        case 4:
          wait_for_samples (watch, 1, 10);
          g_clear_pointer (&watch, watch_free);
          watch = watch_new ();
          continue;
        }
      mf_sim_worker_stop (watch->worker);
      watch_wait_end (watch, 10);
      g_assert_cmpint (mf_sim_worker_get_status (watch->worker), ==, MF_SIM_STATUS_STOPPED);
      g_assert_cmpuint (watch->finished, ==, 1);
      g_assert_cmpuint (watch->failed, ==, 0);
      stopped++;
    }
  g_assert_cmpuint (stopped, ==, N_CYCLES / 5 * 4);
  g_clear_pointer (&watch, watch_free);
  wait_no_live_runs (30);
}

static void
test_status_property (void)
{
  g_autoptr (MfSimWorker) worker = mf_sim_worker_new ();
  GEnumClass *enum_class = g_type_class_ref (MF_TYPE_SIM_STATUS);
  MfSimStatus status = MF_SIM_STATUS_FAILED;

  g_object_get (worker, "status", &status, NULL);
  g_assert_cmpint (status, ==, MF_SIM_STATUS_IDLE);
  g_assert_false (mf_sim_worker_is_active (worker));
  g_assert_cmpstr (g_enum_get_value (enum_class, MF_SIM_STATUS_STOPPED)->value_nick, ==,
                   "stopped");
  /* nothing to pause, resume, stop or drain */
  mf_sim_worker_pause (worker);
  mf_sim_worker_resume (worker);
  mf_sim_worker_stop (worker);
  g_assert_cmpint (mf_sim_worker_get_status (worker), ==, MF_SIM_STATUS_IDLE);
  g_assert_cmpuint (mf_sim_worker_drain (worker, record_sample, NULL), ==, 0);
  g_type_class_unref (enum_class);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/app/sim-worker/status", test_status_property);
  g_test_add_func ("/app/sim-worker/matches-cli", test_matches_cli);
  g_test_add_func ("/app/sim-worker/pause-resume", test_pause_resume);
  g_test_add_func ("/app/sim-worker/stop", test_stop);
  g_test_add_func ("/app/sim-worker/failure", test_failure_keeps_samples);
  g_test_add_func ("/app/sim-worker/load-error", test_load_error);
  g_test_add_func ("/app/sim-worker/restart", test_restart);
  g_test_add_func ("/app/sim-worker/freed-worker", test_freed_worker);
  g_test_add_func ("/app/sim-worker/cycles", test_cycles);
  return g_test_run ();
}
