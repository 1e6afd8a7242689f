/* test-sim-worker-live.c: the simulation worker's live side
 * (src/app/simulation/mf-sim-worker*.c) — σ(W) in every sample, edits of a live run
 * (a parameter, a new component, a document that does not load), and the
 * bounded buffer.  Run it under the valgrind setup too:
 * meson test --setup=valgrind sim-worker-live.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include <gsl/gsl_eigen.h>
#include <gsl/gsl_matrix.h>

#include "mf-document.h"
#include "mf-error.h"
#include "mf-reduction.h"
#include "mf-test-sim-worker.h"

/* ---- what the worker hands out, segment by segment -------------------- */

typedef struct
{
  GStrv   names;
  GArray *samples; /* t, mode, values */
} Segment;

static void
segment_free (gpointer data)
{
  Segment *segment = data;

  g_strfreev (segment->names);
  g_array_unref (segment->samples);
  g_free (segment);
}

typedef struct
{
  MfSimWorker *worker;
  GPtrArray   *segments;
  guint64      drained;
  guint        restarted;
  guint        refused;
  guint        finished;
  GError      *refusal;
  guint        max_undrained; /* seen at a drain */
} Live;

static void
on_layout (guint n, const char *const *names, const char *const *units, gpointer data)
{
  Live *live = data;
  Segment *segment = g_new0 (Segment, 1);

  g_assert_cmpuint (g_strv_length ((char **) names), ==, n);
  g_assert_cmpuint (g_strv_length ((char **) units), ==, n);
  segment->names = g_strdupv ((char **) names);
  segment->samples = g_array_new (FALSE, FALSE, sizeof (double));
  g_ptr_array_add (live->segments, segment);
}

static guint
segment_stride (const Segment *segment)
{
  return g_strv_length (segment->names) + 2;
}

static guint
segment_n_samples (const Segment *segment)
{
  return segment->samples->len / segment_stride (segment);
}

static const double *
segment_sample (const Segment *segment, guint i)
{
  return &g_array_index (segment->samples, double, (gsize) i * segment_stride (segment));
}

static int
segment_column (const Segment *segment, const char *name)
{
  for (guint i = 0; segment->names[i] != NULL; i++)
    if (strcmp (segment->names[i], name) == 0)
      return (int) i;
  return -1;
}

static void
on_sample (double t, guint mode, const double *values, gpointer data)
{
  Live *live = data;
  Segment *segment;
  double head[2] = { t, mode };

  g_assert_cmpuint (live->segments->len, >, 0);
  segment = g_ptr_array_index (live->segments, live->segments->len - 1);
  g_array_append_vals (segment->samples, head, 2);
  g_array_append_vals (segment->samples, values, g_strv_length (segment->names));
  live->drained++;
}

static void
on_restarted (MfSimWorker *worker, Live *live)
{
  live->restarted++;
}

static void
on_refused (MfSimWorker *worker, const GError *error, Live *live)
{
  live->refused++;
  g_clear_error (&live->refusal);
  live->refusal = g_error_copy (error);
}

static void
on_finished (MfSimWorker *worker, Live *live)
{
  live->finished++;
}

static Live *
live_new (void)
{
  Live *live = g_new0 (Live, 1);

  live->worker = mf_sim_worker_new ();
  live->segments = g_ptr_array_new_with_free_func (segment_free);
  g_signal_connect (live->worker, "restarted", G_CALLBACK (on_restarted), live);
  g_signal_connect (live->worker, "update-refused", G_CALLBACK (on_refused), live);
  g_signal_connect (live->worker, "finished", G_CALLBACK (on_finished), live);
  return live;
}

static void
live_free (Live *live)
{
  g_clear_object (&live->worker);
  g_ptr_array_unref (live->segments);
  g_clear_error (&live->refusal);
  g_free (live);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Live, live_free)

static guint64
produced (Live *live)
{
  MfSimProgress progress;

  mf_sim_worker_get_progress (live->worker, &progress);
  return progress.n_samples;
}

/* One frame: notices, then the samples. */
static void
live_frame (Live *live)
{
  guint64 undrained;

  while (g_main_context_iteration (NULL, FALSE))
    ;
  undrained = produced (live) - live->drained;
  live->max_undrained = MAX (live->max_undrained, (guint) undrained);
  mf_sim_worker_drain_full (live->worker, on_layout, on_sample, live);
}

static void
live_until_drained (Live *live, guint64 n, double seconds)
{
  gint64 until = g_get_monotonic_time () + (gint64) (seconds * G_USEC_PER_SEC);

  while (live->drained < n)
    {
      if (g_get_monotonic_time () > until)
        g_error ("fewer than %" G_GUINT64_FORMAT " samples after %g s", n, seconds);
      live_frame (live);
      g_usleep (500);
    }
}

/* The run may be far ahead of the drains: waits for `n` samples of the
 * segment `index` itself. */
static void
live_until_segment (Live *live, guint index, guint n, double seconds)
{
  gint64 until = g_get_monotonic_time () + (gint64) (seconds * G_USEC_PER_SEC);

  while (live->segments->len <= index
         || segment_n_samples (g_ptr_array_index (live->segments, index)) < n)
    {
      if (g_get_monotonic_time () > until)
        g_error ("segment %u has fewer than %u samples after %g s", index, n, seconds);
      live_frame (live);
      g_usleep (500);
    }
}

static void
live_wait_end (Live *live, double seconds)
{
  gint64 until = g_get_monotonic_time () + (gint64) (seconds * G_USEC_PER_SEC);

  while (mf_sim_worker_is_active (live->worker))
    {
      if (g_get_monotonic_time () > until)
        g_error ("the run did not end within %g s", seconds);
      live_frame (live);
      g_usleep (500);
    }
  live_frame (live);
}

static void
live_stop (Live *live)
{
  mf_sim_worker_stop (live->worker);
  live_wait_end (live, 10);
}

/* ---- mf_simulate() here, for comparison -------------------------------- */

typedef struct
{
  GArray *samples;
  guint   n_values;
  guint   left;
} Here;

static gboolean
here_sample (double t, guint mode, const double *values, gpointer data)
{
  Here *here = data;
  double head[2] = { t, mode };

  g_array_append_vals (here->samples, head, 2);
  g_array_append_vals (here->samples, values, here->n_values);
  return --here->left > 0;
}

/* `n` samples of `text` run here, from `start` if not NULL: t, mode, the
 * outputs and the switches per sample. */
static GArray *
simulate_here (const char *text, const MfSimulationStart *start, guint n)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (MfDocument) document = mf_document_load_data (text, -1, "<here>", NULL, &error);
  g_autoptr (MfModel) model = NULL;
  MfSimulationOptions options = long_options ();
  Here here = { g_array_new (FALSE, FALSE, sizeof (double)), 0, n };

  g_assert_no_error (error);
  model = mf_model_new (mf_document_get_circuit (document), &error);
  g_assert_no_error (error);
  here.n_values = mf_model_n_outputs (model) + mf_simulation_n_switches (model);
  options.start = start;
  g_assert_true (mf_simulate (model, &options, here_sample, &here, NULL, NULL, &error));
  g_assert_no_error (error);
  return here.samples;
}

/* Whether the worker's samples i0.. of `segment` hold the same bits as
 * `here` (which lacks σ(W), the last two values). */
static void
assert_same_bits (const Segment *segment, guint i0, const GArray *here, guint n)
{
  guint stride = segment_stride (segment);
  guint here_stride = stride - 2;

  g_assert_cmpuint (here->len / here_stride, >=, n);
  g_assert_cmpuint (segment_n_samples (segment), >=, i0 + n);
  for (guint i = 0; i < n; i++)
    g_assert_cmpmem (segment_sample (segment, i0 + i), here_stride * sizeof (double),
                     &g_array_index (here, double, (gsize) i * here_stride),
                     here_stride * sizeof (double));
}

/* ---- σ(W) -------------------------------------------------------------- */

/* σ of W from the eigenvalues of W Wᵀ (GSL's symmetric eigensolver, no
 * LAPACK SVD): the smallest and largest above a relative 1e-10. */
static void
sigma_by_eigenvalues (const MfReduction *red, double *lo, double *hi)
{
  guint m = red->n_rows, n = red->n_cols;
  gsl_matrix *wwt = gsl_matrix_calloc (m, m);
  gsl_vector *eval = gsl_vector_alloc (m);
  gsl_eigen_symm_workspace *ws = gsl_eigen_symm_alloc (m);
  double top = 0;

  for (guint i = 0; i < m; i++)
    for (guint j = 0; j < m; j++)
      {
        double sum = 0;

        for (guint k = 0; k < n; k++)
          sum += mf_sparse_get (red->w, i, k) * mf_sparse_get (red->w, j, k);
        gsl_matrix_set (wwt, i, j, sum);
      }
  g_assert_cmpint (gsl_eigen_symm (wwt, eval, ws), ==, 0);
  for (guint i = 0; i < m; i++)
    top = MAX (top, gsl_vector_get (eval, i));
  *hi = sqrt (top);
  *lo = *hi;
  for (guint i = 0; i < m; i++)
    if (gsl_vector_get (eval, i) > 1e-20 * top)
      *lo = MIN (*lo, sqrt (gsl_vector_get (eval, i)));
  gsl_eigen_symm_free (ws);
  gsl_vector_free (eval);
  gsl_matrix_free (wwt);
}

/* check-valve-cylinder: CV1 opens and closes, and with it W loses and
 * gains its row "CV1 closed"; each sample's σ is that of its configuration. */
static void
test_sigma (void)
{
  g_autofree char *text = example_text ("check-valve-cylinder", NULL);
  g_autoptr (Live) live = live_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (MfDocument) document = mf_document_load_data (text, -1, "cvc", NULL, &error);
  g_autoptr (MfModel) model = NULL;
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  const Segment *segment;
  int lo_column, hi_column;
  guint n_outputs, n_switches, circuit_components;

  g_assert_no_error (error);
  model = mf_model_new (mf_document_get_circuit (document), &error);
  g_assert_no_error (error);
  n_outputs = mf_model_n_outputs (model);
  n_switches = mf_simulation_n_switches (model);
  circuit_components = mf_document_get_circuit (document)->components->len;
  mf_sim_worker_start (live->worker, text, -1, "cvc", NULL);
  live_wait_end (live, 60);
  g_assert_cmpuint (live->segments->len, ==, 1);
  segment = g_ptr_array_index (live->segments, 0);
  lo_column = segment_column (segment, "solver.w_sigma_min");
  hi_column = segment_column (segment, "solver.w_sigma_max");
  g_assert_cmpint (lo_column, ==, n_outputs + n_switches);
  g_assert_cmpint (hi_column, ==, n_outputs + n_switches + 1);
  g_assert_cmpuint (segment_n_samples (segment), ==, 1001);
  for (guint i = 0; i < segment_n_samples (segment); i++)
    {
      const double *sample = segment_sample (segment, i);
      guint mode = (guint) sample[1];
      g_autofree gboolean *closed = mf_model_mode_closed (model, mode);
      g_autoptr (MfReduction) red = NULL;
      GString *key = g_string_new (NULL);
      double lo, hi;

      for (guint s = 0; s < n_switches; s++)
        {
          guint c = mf_simulation_switch_component (model, s);
          g_autofree char *name = mf_simulation_switch_name (model, s);
          double v = sample[2 + n_outputs + s];

          if (g_str_has_suffix (name, ".at_stop") ? v == 1.0 : v == 0.0)
            closed[c] = TRUE;
        }
      for (guint c = 0; c < circuit_components; c++)
        g_string_append_c (key, closed[c] ? '1' : '0');
      g_hash_table_add (seen, g_string_free (key, FALSE));
      red = mf_reduction_new_for (model, mode, closed);
      sigma_by_eigenvalues (red, &lo, &hi);
      g_assert_cmpfloat_with_epsilon (sample[2 + hi_column], hi, 1e-9 * hi);
      g_assert_cmpfloat_with_epsilon (sample[2 + lo_column], lo, 1e-9 * hi);
    }
  /* CV1 closed at the start and at the end, open in between */
  g_assert_cmpuint (g_hash_table_size (seen), >=, 2);
}

/* ---- edits of a live run ----------------------------------------------- */

/* A new supply pressure from the latest sample on: the samples before are
 * the old document's, those after are those of the new document started
 * from that sample. */
static void
test_update_parameter (void)
{
  g_autofree char *before_text = pipe_document ("1000", FALSE);
  g_autofree char *after_text = pipe_document ("3000", FALSE);
  g_autoptr (Live) live = live_new ();
  MfSimulationOptions options = long_options ();
  g_autoptr (GArray) old_run = NULL;
  g_autoptr (GArray) new_run = NULL;
  const Segment *first, *second;
  MfSimulationStart start;
  guint n_first, stride;
  const double *from;

  mf_sim_worker_start (live->worker, before_text, -1, "pipe", &options);
  live_until_drained (live, 20, 10);
  mf_sim_worker_update (live->worker, after_text, -1);
  live_until_segment (live, 1, 40, 10);
  live_stop (live);

  g_assert_cmpuint (live->restarted, ==, 1);
  g_assert_cmpuint (live->segments->len, ==, 2);
  first = g_ptr_array_index (live->segments, 0);
  second = g_ptr_array_index (live->segments, 1);
  g_assert_cmpstrv (first->names, second->names);
  n_first = segment_n_samples (first);
  g_assert_cmpuint (n_first, >=, 20);
  g_assert_cmpuint (segment_n_samples (second), >=, 20);

  /* before: the old document's run, bit for bit */
  old_run = simulate_here (before_text, NULL, n_first + 20);
  assert_same_bits (first, 0, old_run, n_first);
  /* after: the new document from the latest sample before the edit */
  from = segment_sample (first, n_first - 1);
  stride = segment_stride (first);
  g_assert_cmpfloat (segment_sample (second, 0)[0], ==, from[0]);
  start.t = from[0];
  start.u = from + 2;
  start.switches = NULL; /* the pipe has none */
  new_run = simulate_here (after_text, &start, segment_n_samples (second));
  assert_same_bits (second, 0, new_run, segment_n_samples (second));
  /* and the edit did change what follows: the old run goes elsewhere */
  g_assert_cmpfloat (fabs (segment_sample (second, 19)[2]
                           - g_array_index (old_run, double, (gsize) (n_first + 18) * (stride - 2)
                                                               + 2)),
                     >, 1e-3 * fabs (segment_sample (second, 19)[2]));
  /* the samples go on along the output grid, one sample at the edit twice */
  for (guint i = 1; i < segment_n_samples (second); i++)
    g_assert_cmpfloat_with_epsilon (segment_sample (second, i)[0],
                                    (n_first - 1 + i) * LONG_INTERVAL, 1e-9);
}

/* A second pipe in parallel: the new layout is announced before its
 * samples; P1 goes on from where it was, P2 starts at rest. */
static void
test_update_structure (void)
{
  g_autofree char *before_text = pipe_document ("1000", FALSE);
  g_autofree char *after_text = pipe_document ("1000", TRUE);
  g_autoptr (Live) live = live_new ();
  MfSimulationOptions options = long_options ();
  const Segment *first, *second;
  const double *last, *next;
  int p1_first, p1_second, p2;

  mf_sim_worker_start (live->worker, before_text, -1, "pipe", &options);
  live_until_drained (live, 10, 10);
  mf_sim_worker_update (live->worker, after_text, -1);
  live_until_segment (live, 1, 30, 10);
  live_stop (live);

  g_assert_cmpuint (live->restarted, ==, 1);
  g_assert_cmpuint (live->segments->len, ==, 2);
  first = g_ptr_array_index (live->segments, 0);
  second = g_ptr_array_index (live->segments, 1);
  g_assert_cmpint (segment_column (first, "P2.v"), ==, -1);
  p2 = segment_column (second, "P2.v");
  g_assert_cmpint (p2, >=, 0);
  p1_first = segment_column (first, "P1.v");
  p1_second = segment_column (second, "P1.v");
  g_assert_cmpint (p1_first, >=, 0);
  g_assert_cmpint (p1_second, >=, 0);
  g_assert_cmpstr (mf_sim_worker_get_value_name (live->worker, p2), ==, "P2.v");

  last = segment_sample (first, segment_n_samples (first) - 1);
  next = segment_sample (second, 0);
  g_assert_cmpfloat (next[0], ==, last[0]);
  /* the pipes join tanks: no constraint moves P1's flow (the projection
   * through the reduced state leaves it to rounding), and P2 is new */
  g_assert_cmpfloat_with_epsilon (next[2 + p1_second], last[2 + p1_first],
                                  1e-12 * fabs (last[2 + p1_first]));
  g_assert_cmpfloat (fabs (last[2 + p1_first]), >, 0.1);
  g_assert_cmpfloat (next[2 + p2], ==, 0.0);
  g_assert_cmpfloat (segment_sample (second, 20)[2 + p2], >, 0.0);
}

/* A pipe feeding a valve between two tanks; %s is what the one mode
 * closes ("" or "\"V1\""). */
#define VALVE_DOCUMENT \
  "{ \"manifold\": 1, \"title\": \"Valve\",\n" \
  "  \"components\": [\n" \
  "    { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": 1000 },\n" \
  "    { \"id\": \"P1\", \"type\": \"pipe\", \"length\": 1, \"diameter\": 0.01," \
  " \"friction\": \"laminar\" },\n" \
  "    { \"id\": \"J1\", \"type\": \"junction\" },\n" \
  "    { \"id\": \"V1\", \"type\": \"valve\", \"area\": 5e-5 },\n" \
  "    { \"id\": \"T2\", \"type\": \"tank\", \"pressure\": 0 } ],\n" \
  "  \"wires\": [ [\"T1.p\", \"P1.a\"], [\"P1.b\", \"J1.p\"], [\"J1.p\", \"V1.a\"]," \
  " [\"V1.b\", \"T2.p\"] ],\n" \
  "  \"modes\": [ { \"name\": \"run\", \"closed\": [%s] } ] }\n"

/* Flipping a valve in the mode while the run goes on: from the next sample
 * the valve is closed and the pipe behind it stops (the projection takes
 * its velocity to zero at once); before, it flowed. */
static void
test_update_valve (void)
{
  g_autofree char *open_text = g_strdup_printf (VALVE_DOCUMENT, "");
  g_autofree char *closed_text = g_strdup_printf (VALVE_DOCUMENT, "\"V1\"");
  g_autoptr (Live) live = live_new ();
  MfSimulationOptions options = long_options ();
  const Segment *first, *second;
  const double *last, *next;
  int v_first, v_second, open_first, open_second;

  mf_sim_worker_start (live->worker, open_text, -1, "valve", &options);
  live_until_drained (live, 20, 10);
  mf_sim_worker_update (live->worker, closed_text, -1);
  live_until_segment (live, 1, 10, 10);
  live_stop (live);

  g_assert_cmpuint (live->segments->len, ==, 2);
  first = g_ptr_array_index (live->segments, 0);
  second = g_ptr_array_index (live->segments, 1);
  v_first = segment_column (first, "P1.v");
  v_second = segment_column (second, "P1.v");
  open_first = segment_column (first, "V1.open");
  open_second = segment_column (second, "V1.open");
  g_assert_cmpint (v_first, >=, 0);
  g_assert_cmpint (open_second, >=, 0);
  last = segment_sample (first, segment_n_samples (first) - 1);
  next = segment_sample (second, 0);
  g_assert_cmpfloat (next[0], ==, last[0]);
  g_assert_cmpfloat (last[2 + open_first], ==, 1.0);
  g_assert_cmpfloat (fabs (last[2 + v_first]), >, 1e-3);
  for (guint i = 0; i < segment_n_samples (second); i++)
    {
      g_assert_cmpfloat (segment_sample (second, i)[2 + open_second], ==, 0.0);
      g_assert_cmpfloat (fabs (segment_sample (second, i)[2 + v_second]), <, 1e-12);
    }
}

/* An edit that does not load pauses the run and says why; the next good
 * one goes on from the same sample. */
static void
test_update_refused (void)
{
  g_autofree char *text = pipe_document ("1000", FALSE);
  g_autofree char *good = pipe_document ("2000", FALSE);
  g_autoptr (Live) live = live_new ();
  MfSimulationOptions options = long_options ();
  const Segment *first, *second;
  guint64 at_refusal;
  gint64 until;

  mf_sim_worker_start (live->worker, text, -1, "pipe", &options);
  live_until_drained (live, 10, 10);
  mf_sim_worker_update (live->worker, "{ \"manifold\": 1, \"components\": [ ", -1);
  until = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (live->refused == 0)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, until);
      live_frame (live);
      g_usleep (500);
    }
  g_assert_cmpint (mf_sim_worker_get_status (live->worker), ==, MF_SIM_STATUS_PAUSED);
  g_assert_error (live->refusal, MF_ERROR, MF_ERROR_SYNTAX);
  g_assert_cmpuint (live->restarted, ==, 0);
  /* held where it was: nothing more comes */
  live_frame (live);
  at_refusal = produced (live);
  g_usleep (100000);
  live_frame (live);
  g_assert_cmpuint (produced (live), ==, at_refusal);
  g_assert_cmpuint (live->drained, ==, at_refusal);

  mf_sim_worker_update (live->worker, good, -1);
  live_until_segment (live, 1, 20, 10);
  g_assert_cmpuint (live->restarted, ==, 1);
  g_assert_cmpint (mf_sim_worker_get_status (live->worker), ==, MF_SIM_STATUS_RUNNING);
  live_stop (live);
  g_assert_cmpint (mf_sim_worker_get_status (live->worker), ==, MF_SIM_STATUS_STOPPED);
  g_assert_cmpuint (live->segments->len, ==, 2);
  first = g_ptr_array_index (live->segments, 0);
  second = g_ptr_array_index (live->segments, 1);
  g_assert_cmpfloat (segment_sample (second, 0)[0], ==,
                     segment_sample (first, segment_n_samples (first) - 1)[0]);
}

/* No update when nothing is live; an update of a paused run keeps it
 * paused, with the new model's first sample in. */
static void
test_update_paused (void)
{
  g_autofree char *text = pipe_document ("1000", FALSE);
  g_autofree char *edited = pipe_document ("1500", FALSE);
  g_autoptr (Live) live = live_new ();
  MfSimulationOptions options = long_options ();

  mf_sim_worker_update (live->worker, edited, -1);
  g_assert_cmpint (mf_sim_worker_get_status (live->worker), ==, MF_SIM_STATUS_IDLE);
  mf_sim_worker_start (live->worker, text, -1, "pipe", &options);
  live_until_drained (live, 5, 10);
  mf_sim_worker_pause (live->worker);
  mf_sim_worker_update (live->worker, edited, -1);
  while (live->restarted == 0)
    {
      live_frame (live);
      g_usleep (500);
    }
  g_assert_cmpint (mf_sim_worker_get_status (live->worker), ==, MF_SIM_STATUS_PAUSED);
  live_stop (live);
  g_assert_cmpuint (live->segments->len, ==, 2);
}

/* ---- the bounded buffer ------------------------------------------------ */

#define LIMIT 64

/* A slow drainer: the run never gets more than LIMIT samples ahead of it,
 * waits (and then produces nothing) while nobody drains, and every sample
 * arrives once, in order.  Stopping and freeing wake a waiting run. */
static void
test_bounded_buffer (void)
{
  g_autofree char *text = pipe_document ("1000", FALSE);
  g_autoptr (Live) live = live_new ();
  MfSimulationOptions options = long_options ();
  const Segment *segment;
  guint64 held;

  options.t_end = 30.0; /* 3001 samples */
  mf_sim_worker_set_buffer_limit (live->worker, LIMIT);
  mf_sim_worker_start (live->worker, text, -1, "pipe", &options);
  while (produced (live) < LIMIT)
    g_usleep (1000);
  /* nobody drains: the run waits at the limit */
  g_usleep (100000);
  held = produced (live);
  g_assert_cmpuint (held, ==, LIMIT);
  while (mf_sim_worker_is_active (live->worker))
    {
      live_frame (live);
      g_usleep (2000);
    }
  live_frame (live);
  g_assert_cmpint (mf_sim_worker_get_status (live->worker), ==, MF_SIM_STATUS_FINISHED);
  g_assert_cmpuint (live->max_undrained, <=, LIMIT);
  g_assert_cmpuint (live->segments->len, ==, 1);
  segment = g_ptr_array_index (live->segments, 0);
  g_assert_cmpuint (segment_n_samples (segment), ==, 3001);
  for (guint i = 0; i < segment_n_samples (segment); i++)
    g_assert_cmpfloat_with_epsilon (segment_sample (segment, i)[0], i * LONG_INTERVAL, 1e-9);

  /* a run waiting for a drain stops, pauses and is freed */
  mf_sim_worker_start (live->worker, text, -1, "pipe", &options);
  while (produced (live) < LIMIT)
    g_usleep (1000);
  mf_sim_worker_pause (live->worker);
  mf_sim_worker_stop (live->worker);
  live_wait_end (live, 10);
  g_assert_cmpint (mf_sim_worker_get_status (live->worker), ==, MF_SIM_STATUS_STOPPED);
  mf_sim_worker_start (live->worker, text, -1, "pipe", &options);
  while (produced (live) < LIMIT)
    g_usleep (1000);
  g_clear_object (&live->worker);
  wait_no_live_runs (10);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/app/sim-worker-live/sigma", test_sigma);
  g_test_add_func ("/app/sim-worker-live/update-parameter", test_update_parameter);
  g_test_add_func ("/app/sim-worker-live/update-valve", test_update_valve);
  g_test_add_func ("/app/sim-worker-live/update-structure", test_update_structure);
  g_test_add_func ("/app/sim-worker-live/update-refused", test_update_refused);
  g_test_add_func ("/app/sim-worker-live/update-paused", test_update_paused);
  g_test_add_func ("/app/sim-worker-live/bounded-buffer", test_bounded_buffer);
  return g_test_run ();
}
