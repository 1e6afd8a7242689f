/* mf-exercise.c: everything a user could make a document go through
 * (mf-exercise.h).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-exercise.h"

#include <math.h>
#include <string.h>

#include <gio/gio.h>

#include "mf-analysis.h"
#include "mf-csv.h"
#include "mf-document.h"
#include "mf-error.h"
#include "mf-model.h"
#include "mf-simulation.h"

/* ---- the watchdog ---- */

/* One thread for the life of the process, started by the first run: a
 * fuzzer runs millions of inputs, and a thread per run would cost more
 * than most of them. */
static struct
{
  GMutex                            lock;
  GCancellable                     *run;   /* the run under way, or NULL */
  const volatile MfSimulationStats *stats; /* filled by mf_simulate as it runs */
  gint64                            deadline;
  gboolean                          fired; /* it cancelled the run under way */
} watchdog;

static guint64
work_done (const volatile MfSimulationStats *stats)
{
  return stats->steps + stats->rhs_evaluations;
}

static gpointer
watch (gpointer unused)
{
  for (;;)
    {
      g_mutex_lock (&watchdog.lock);
      if (watchdog.run != NULL && !watchdog.fired
          && (work_done (watchdog.stats) > MF_EXERCISE_WORK_BUDGET
              || g_get_monotonic_time () > watchdog.deadline))
        {
          g_cancellable_cancel (watchdog.run);
          watchdog.fired = TRUE;
        }
      g_mutex_unlock (&watchdog.lock);
      g_usleep (G_USEC_PER_SEC / 500);
    }
  return NULL;
}

static GThread *watcher; /* kept so that it stays reachable */

static gpointer
start_watchdog (gpointer unused)
{
  watcher = g_thread_new ("exercise-watchdog", watch, NULL);
  return NULL;
}

/* Watches `run` filling `stats`, or stops watching (NULL); returns whether
 * the watchdog cancelled the run it watched until then. */
static gboolean
watch_run (GCancellable *run, const MfSimulationStats *stats)
{
  static GOnce once = G_ONCE_INIT;
  gboolean fired;

  g_once (&once, start_watchdog, NULL);
  g_mutex_lock (&watchdog.lock);
  fired = watchdog.fired;
  g_set_object (&watchdog.run, run);
  watchdog.stats = stats;
  watchdog.deadline = g_get_monotonic_time () + (gint64) (MF_EXERCISE_SECONDS * G_USEC_PER_SEC);
  watchdog.fired = FALSE;
  g_mutex_unlock (&watchdog.lock);
  return fired;
}

/* ---- one run ---- */

typedef struct
{
  MfCsvWriter *csv;
  guint        n_values; /* outputs and switches of a sample */
  guint        samples;
  guint        events;
} Run;

static gboolean
take_sample (double t, guint mode, const double *outputs, gpointer data)
{
  Run *run = data;
  g_autoptr (GError) error = NULL;

  g_assert_true (outputs != NULL || run->n_values == 0);
  /* a memory stream takes any amount */
  g_assert_true (mf_csv_writer_add (run->csv, t, mode, outputs, &error));
  run->samples++;
  return TRUE;
}

static void
take_event (double t, const char *component, const char *from, const char *to, gpointer data)
{
  Run *run = data;

  g_assert_true (component != NULL && from != NULL && to != NULL);
  run->events++;
}

static void
take_fallbacks (const MfSvdFallbacks *fallbacks, gpointer data)
{
  g_assert_true (fallbacks->states != NULL && fallbacks->steps > 0);
}

static void
take_notice (double t, const char *message, gpointer data)
{
  g_assert_true (message != NULL && message[0] != '\0');
}

/* The document's own options, made short and loose: this is about
 * crashing, not accuracy.  A fixed step is kept (as the stability lessons
 * use it), but never more than 2000 of them. */
static void
short_options (MfSimulationOptions *options, const MfCircuit *circuit)
{
  mf_simulation_options_from_circuit (options, circuit);
  options->t_end = MIN (options->t_end, MF_EXERCISE_T_END);
  options->output_interval = MAX (options->output_interval, options->t_end / 200);
  options->rtol = MAX (options->rtol, 1e-4);
  options->atol = MAX (options->atol, 1e-6);
  if (options->step > 0)
    options->step = MIN (MAX (options->step, options->t_end / 2000), options->t_end);
}

static MfExerciseOutcome
simulate (MfModel *model, const MfCircuit *circuit, MfExerciseCounts *counts)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GOutputStream) out = g_memory_output_stream_new_resizable ();
  MfSimulationOptions options;
  MfSimulationStats stats;
  Run run = { 0 };
  gboolean ran, cut;

  run.csv = mf_csv_writer_new (out, model, &error);
  g_assert_no_error (error);
  run.n_values = mf_model_n_outputs (model) + mf_simulation_n_switches (model);
  short_options (&options, circuit);
  options.event = take_event;
  options.event_data = &run;
  options.fallback = take_fallbacks;
  options.notice = take_notice;
  /* stats, as the watchdog reads them, from the start */
  memset (&stats, 0, sizeof stats);
  watch_run (cancellable, &stats);
  ran = mf_simulate (model, &options, take_sample, &run, &stats, cancellable, &error);
  cut = watch_run (NULL, NULL);
  g_assert_true (mf_csv_writer_close (run.csv, NULL));
  mf_csv_writer_free (run.csv);
  if (counts != NULL)
    counts->integrated += stats.steps > 0;
  if (!ran)
    {
      g_assert_true (error != NULL && error->message[0] != '\0');
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          /* only the watchdog cancels */
          g_assert_true (cut);
          if (counts != NULL)
            counts->cut++;
        }
      return MF_EXERCISE_NOT_RUN;
    }
  /* the start and the end at least */
  g_assert_cmpuint (run.samples, >=, 2);
  return MF_EXERCISE_RAN;
}

/* ---- the sequence ---- */

static MfExerciseOutcome
count (MfExerciseCounts *counts, MfExerciseOutcome outcome)
{
  if (counts != NULL)
    counts->outcomes[outcome]++;
  return outcome;
}

static MfExerciseOutcome
exercise_circuit (const MfCircuit *circuit, MfExerciseCounts *counts)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (MfModel) model = mf_model_new (circuit, &error);
  g_autofree char *text = NULL;

  if (model == NULL)
    {
      g_assert_true (error != NULL && error->message[0] != '\0');
      return count (counts, MF_EXERCISE_REFUSED_ON_ASSEMBLY);
    }
  for (guint m = 0; m < circuit->modes->len; m++)
    {
      g_autoptr (JsonNode) report = mf_analysis_to_json (model, (int) m);

      g_assert_nonnull (report);
    }
  text = mf_analysis_to_text (model, -1);
  g_assert_nonnull (text);
  return count (counts, simulate (model, circuit, counts));
}

MfExerciseOutcome
mf_exercise_circuit (const MfCircuit *circuit, MfExerciseCounts *counts)
{
  if (counts != NULL)
    counts->inputs++;
  return exercise_circuit (circuit, counts);
}

MfExerciseOutcome
mf_exercise_document (const char *text, gsize length, MfExerciseCounts *counts)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (MfDocument) document = NULL;
  g_autoptr (MfDocument) reloaded = NULL;
  g_autofree char *saved = NULL;
  gsize saved_length;

  if (counts != NULL)
    counts->inputs++;
  document = mf_document_load_data (text, (gssize) length, "<fuzz>", NULL, &error);
  if (document == NULL)
    {
      g_assert_nonnull (error);
      g_assert_true (g_str_has_prefix (error->message, "<fuzz>:"));
      return count (counts, MF_EXERCISE_REFUSED_ON_LOAD);
    }
  /* what the app saves reads back */
  saved = mf_document_to_data (document, &saved_length);
  reloaded = mf_document_load_data (saved, (gssize) saved_length, "<saved>", NULL, &error);
  if (reloaded == NULL)
    g_error ("a document loads but its saved text does not: %s\n%s", error->message, saved);
  return exercise_circuit (mf_document_get_circuit (document), counts);
}

char *
mf_exercise_counts_describe (const MfExerciseCounts *counts)
{
  double n = MAX (counts->inputs, 1) / 100.0;
  guint64 loaded = counts->inputs - counts->outcomes[MF_EXERCISE_REFUSED_ON_LOAD];
  guint64 assembled = loaded - counts->outcomes[MF_EXERCISE_REFUSED_ON_ASSEMBLY];

  return g_strdup_printf ("%" G_GUINT64_FORMAT " inputs: %.1f%% loaded, %.1f%% assembled, "
                          "%.1f%% integrated, %.1f%% ran to the end, %.1f%% cut by the watchdog",
                          counts->inputs, loaded / n, assembled / n, counts->integrated / n,
                          counts->outcomes[MF_EXERCISE_RAN] / n, counts->cut / n);
}
