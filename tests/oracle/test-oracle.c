/* test-oracle.c: Manifold against an independent oracle on random
 * circuits.  Each seed draws a circuit (mf-random-circuit.c); Manifold
 * simulates it through the core API with rtol 1e-10, the oracle
 * (mf-oracle.h: the unreduced DAE, SUNDIALS IDA) solves it on the same
 * output times, and every state, node pressure and valve pressure drop
 * must agree at every sample to 1e-6 of the column's largest value.
 * Manifold's work on one circuit is bounded (WORK_BUDGET); a run cut
 * there is compared up to where it got.
 *
 * MANIFOLD_ORACLE_COUNT circuits (default 200) from the seed
 * MANIFOLD_ORACLE_FIRST_SEED (default 1), drawn with check and relief
 * valves and pistons on springs and end stops; MANIFOLD_ORACLE_FEATURES=
 * basic leaves them out, "switching" or "pistons" keeps only those, and
 * "flow_control" adds flow control valves.  A failing seed prints
 * its document; run it alone with MANIFOLD_ORACLE_FIRST_SEED=N
 * MANIFOLD_ORACLE_COUNT=1, print the documents without running them with
 * MANIFOLD_ORACLE_DUMP=1, or run a saved one with MANIFOLD_ORACLE_FILE;
 * MANIFOLD_ORACLE_TRACE=1 prints every switch the oracle makes.
 * "feedback" draws areas and forces that follow the circuit's states,
 * "spools" a directional valve, "storage" accumulators and reducing
 * valves; MANIFOLD_ORACLE_KNOWN lists seeds whose
 * failure is known (is_known).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gio/gio.h>

#include "mf-document.h"
#include "mf-error.h"
#include "mf-model.h"
#include "mf-oracle.h"
#include "mf-random-circuit.h"
#include "mf-simulation.h"

#define RTOL       1e-10
/* The oracle runs ten times tighter, so that its own error stays far
 * inside the agreement: a lightly damped piston between a tank and a small
 * volume rings for 50 periods, and IDA's BDF at 1e-10 drifts in phase by
 * 2e-6 of the velocity's amplitude there. */
#define ORACLE_RTOL 1e-11
#define ATOL       1e-10
#define AGREEMENT  1e-6

/* ---- running both ---- */

/* The work Manifold may spend on one circuit, in integration steps plus
 * right-hand-side evaluations (MfSimulationStats): a typical circuit
 * takes a few thousand, a few take millions at rtol 1e-10, which is worth
 * knowing but would stall the suite.  Counting work rather than seconds
 * makes where a run is cut the same on every machine. */
/* rk8pd: its error control holds at rtol 1e-10, so the comparison tests
 * the equations and their reduction.  GSL's implicit steppers miss by
 * 1e-6 of a column now and then at these tolerances (msbdf on about one
 * circuit in seventy, bsimp more often), and msbdf cannot start a volume
 * filling from rest (its pressure rising as t^1.5) with atol below 1e-10:
 * docs/model.md, "The oracle". */
#define DEFAULT_METHOD "rk8pd"
/* When rk8pd gives up on a stiff stretch (with a message, as it should),
 * the implicit Gauss method of order 4 runs the case. */
#define FALLBACK_METHOD "rk4imp"
#define WORK_BUDGET 100000

/* The method Manifold runs with (MANIFOLD_ORACLE_METHOD; DEFAULT_METHOD
 * otherwise). */
static const char *
method (void)
{
  const char *name = g_getenv ("MANIFOLD_ORACLE_METHOD");

  return name != NULL && *name != '\0' ? name : DEFAULT_METHOD;
}

typedef struct
{
  guint                    n_outputs;
  GArray                  *times;  /* double */
  GArray                  *values; /* double, n_outputs per sample */
  const MfSimulationStats *stats;  /* filled by mf_simulate as it runs */
  gboolean                 cut;    /* stopped at the work budget */
} Samples;

static guint64
work_done (const volatile MfSimulationStats *stats)
{
  return stats->rhs_evaluations + stats->steps;
}

/* Keeps the samples Manifold reaches within the budget, and ends the run
 * at the first one beyond it: the samples kept are still compared, and
 * the seed is reported as cut. */
static gboolean
keep_sample (double t, guint mode, const double *outputs, gpointer data)
{
  Samples *samples = data;

  (void) mode;
  samples->cut = work_done (samples->stats) > WORK_BUDGET;
  if (samples->cut)
    return FALSE;
  g_array_append_val (samples->times, t);
  g_array_append_vals (samples->values, outputs, samples->n_outputs);
  return TRUE;
}

/* The sample callback alone cannot stop a run whose one output interval
 * takes millions of steps, so a second thread watches the same count and
 * cancels the run once it is past the budget.  Which samples are kept
 * does not depend on when it does: every sample past the budget is
 * dropped by keep_sample anyway. */
typedef struct
{
  const volatile MfSimulationStats *stats;
  GCancellable                     *cancellable;
  gint                              done; /* atomic: the run has ended */
} Watch;

static gpointer
watch_work (gpointer data)
{
  Watch *watch = data;

  while (!g_atomic_int_get (&watch->done))
    {
      if (work_done (watch->stats) > WORK_BUDGET)
        {
          g_cancellable_cancel (watch->cancellable);
          break;
        }
      g_usleep (1000);
    }
  return NULL;
}

/* mf_simulate within the budget; a run cancelled there counts as cut. */
static gboolean
simulate_within_budget (MfModel *model, const MfSimulationOptions *options, Samples *samples,
                        MfSimulationStats *stats, GError **error)
{
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GError) local = NULL;
  Watch watch = { stats, cancellable, 0 };
  GThread *watcher = g_thread_new ("oracle-budget", watch_work, &watch);
  gboolean ok;

  samples->stats = stats;
  ok = mf_simulate (model, options, keep_sample, samples, stats, cancellable, &local);
  g_atomic_int_set (&watch.done, 1);
  g_thread_join (watcher);
  if (!ok && g_error_matches (local, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      samples->cut = TRUE;
      return TRUE;
    }
  if (!ok)
    g_propagate_error (error, g_steal_pointer (&local));
  return ok;
}

/* Absolute floors under the relative agreement, for columns that stay
 * near zero: rounding of velocities, positions and pressures. */
static double
floor_for_unit (const char *unit)
{
  if (g_strcmp0 (unit, "m/s") == 0)
    return 1e-9;
  if (g_strcmp0 (unit, "m") == 0)
    return 1e-12;
  if (g_strcmp0 (unit, "m^3/s") == 0)
    return 1e-13;
  return 1e-3;
}

typedef struct
{
  guint32  seed;
  char    *text;
  GString *report; /* what went wrong, empty when nothing did */
  double   manifold_time, oracle_time; /* s, for information only */
  guint64  work;                       /* Manifold's steps and evaluations */
  gboolean cut;                        /* Manifold was stopped at the work budget */
  guint    n_samples;                  /* compared */
  double   t_reached;                  /* s: the last of them */
  char    *fallback;                   /* why FALLBACK_METHOD ran it, or NULL */
} Case;

/* A massless orifice's velocity (or flow) is compared by the pressure
 * drop c x|x| it takes, which is what the pressures across it fix: near
 * zero flow, rounding of those pressures moves x itself by a square root. */
static double
measure (double x, double drop)
{
  return drop > 0.0 ? drop * x * fabs (x) : x;
}

/* Compares one output column over the run; FALSE (with a report) at the
 * first sample outside the agreement. */
static gboolean
compare_column (Case *c, const MfModel *model, guint output, const Samples *samples,
                const MfOracle *oracle, const double *values, int column, double pressures)
{
  guint n = samples->times->len, n_columns = mf_oracle_n_columns (oracle);
  double drop = mf_oracle_column_drop_factor (oracle, (guint) column);
  double scale = 0.0, tolerance;
  const char *name = mf_model_output_name (model, output);
  double floor = drop > 0.0 ? floor_for_unit ("Pa")
                            : floor_for_unit (mf_model_output_unit (model, output));

  /* a pressure drop is the difference of two pressures, and carries their
   * errors: 273 Pa across a valve between two 100 bar nodes is known to
   * 1e-6 of 100 bar, not of 273 Pa */
  if (drop > 0.0 || g_str_has_suffix (name, ".dp"))
    floor = MAX (floor, AGREEMENT * pressures);

  for (guint s = 0; s < n; s++)
    scale = MAX (scale, fabs (measure (values[s * n_columns + column], drop)));
  tolerance = AGREEMENT * scale + floor;
  for (guint s = 0; s < n; s++)
    {
      double a = g_array_index (samples->values, double, s * samples->n_outputs + output);
      double b = values[s * n_columns + column];

      if (!(fabs (measure (a, drop) - measure (b, drop)) <= tolerance))
        {
          g_string_append_printf (c->report,
                                  "%s at t = %.9g s (sample %u): manifold %.12g, oracle %.12g, "
                                  "|diff| %.3g, allowed %.3g%s (column max %.6g)\n", name,
                                  g_array_index (samples->times, double, s), s, a, b,
                                  fabs (measure (a, drop) - measure (b, drop)), tolerance,
                                  drop > 0.0 ? " as a pressure drop" : "", scale);
          return FALSE;
        }
    }
  return TRUE;
}

/* The largest node pressure of the run, in Manifold's samples. */
static double
largest_pressure (const MfModel *model, const Samples *samples)
{
  double largest = 0.0;

  for (guint i = 0; i < mf_model_n_outputs (model); i++)
    if (g_strcmp0 (mf_model_output_unit (model, i), "Pa") == 0
        && !g_str_has_suffix (mf_model_output_name (model, i), ".dp"))
      for (guint s = 0; s < samples->times->len; s++)
        {
          double p = g_array_index (samples->values, double, s * samples->n_outputs + i);

          if (isfinite (p))
            largest = MAX (largest, fabs (p));
        }
  return largest;
}

static void
compare (Case *c, const MfModel *model, const Samples *samples, const MfOracle *oracle,
         const double *values)
{
  double pressures = largest_pressure (model, samples);

  for (guint i = 0; i < samples->n_outputs; i++)
    {
      const char *name = mf_model_output_name (model, i);
      int column = mf_oracle_find_column (oracle, name);

      if (g_str_has_prefix (name, "solver."))
        continue;
      if (column < 0)
        g_string_append_printf (c->report, "the oracle has no column %s\n", name);
      else if (!compare_column (c, model, i, samples, oracle, values, column, pressures))
        return;
    }
}

typedef enum { CASE_AGREED, CASE_REFUSED, CASE_FAILED } CaseOutcome;

static CaseOutcome
run_oracle (Case *c, const MfCircuit *circuit, const MfModel *model, const Samples *samples)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (MfOracle) oracle = mf_oracle_new (circuit, &error);
  g_autofree double *values = NULL;
  guint n = samples->times->len;
  gboolean ok;

  if (oracle == NULL)
    {
      g_string_append_printf (c->report, "the oracle cannot build it: %s\n", error->message);
      return CASE_FAILED;
    }
  values = g_new (double, n * mf_oracle_n_columns (oracle));
  c->oracle_time = g_get_monotonic_time ();
  ok = mf_oracle_run (oracle, (const double *) samples->times->data, n, ORACLE_RTOL, values, &error);
  /* IDA's Newton can fail at one tolerance where the steps happen to meet
   * an orifice's zero flow badly, and not at a tighter one: the oracle's
   * answer is as good either way */
  for (double rtol = ORACLE_RTOL / 3.0; !ok && rtol >= ORACLE_RTOL / 10.0; rtol /= 3.0)
    {
      g_test_message ("seed %u: %s; the oracle runs again at rtol %.1g", c->seed, error->message,
                      rtol);
      g_clear_error (&error);
      ok = mf_oracle_run (oracle, (const double *) samples->times->data, n, rtol, values, &error);
    }
  c->oracle_time = (g_get_monotonic_time () - c->oracle_time) * 1e-6;
  if (!ok)
    {
      g_string_append_printf (c->report, "the oracle failed: %s\n", error->message);
      return CASE_FAILED;
    }
  compare (c, model, samples, oracle, values);
  return c->report->len == 0 ? CASE_AGREED : CASE_FAILED;
}

/* Manifold's run of the case with `method_name`: CASE_AGREED when it
 * ran (to its end or to the work budget), else why not. */
static CaseOutcome
simulate_case (Case *c, const MfCircuit *circuit, MfModel *model, const char *method_name,
               Samples *samples, GError **error)
{
  MfSimulationOptions options;
  MfSimulationStats stats = { 0 };
  gboolean ok;

  mf_simulation_options_from_circuit (&options, circuit);
  options.method = method_name;
  options.rtol = RTOL;
  options.atol = ATOL;
  /* the states of the switches (ID.open, ID.at_stop) are not compared:
   * a valve at zero flow and zero pressure difference may be open or
   * closed (its switching time is set by rounding), and where the state
   * matters the flows and pressures compared show it */
  samples->n_outputs = mf_model_n_outputs (model);
  g_array_set_size (samples->times, 0);
  g_array_set_size (samples->values, 0);
  samples->cut = FALSE;
  c->manifold_time = g_get_monotonic_time ();
  ok = simulate_within_budget (model, &options, samples, &stats, error);
  c->manifold_time = (g_get_monotonic_time () - c->manifold_time) * 1e-6;
  c->work = work_done (&stats);
  c->cut = samples->cut;
  if (ok)
    return CASE_AGREED;
  return g_error_matches (*error, MF_ERROR, MF_ERROR_STRUCTURE) ? CASE_REFUSED : CASE_FAILED;
}

static CaseOutcome
run_case (Case *c)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (MfDocument) document = NULL;
  g_autoptr (MfModel) model = NULL;
  const MfCircuit *circuit;
  Samples samples = { 0 };
  CaseOutcome outcome;

  document = mf_document_load_data (c->text, -1, "<random>", NULL, &error);
  if (document == NULL)
    {
      g_string_append_printf (c->report, "the generator wrote a bad document: %s\n",
                              error->message);
      return CASE_FAILED;
    }
  circuit = mf_document_get_circuit (document);
  model = mf_model_new (circuit, &error);
  if (model == NULL)
    {
      g_string_append_printf (c->report, "manifold cannot assemble it: %s\n", error->message);
      return g_error_matches (error, MF_ERROR, MF_ERROR_STRUCTURE) ? CASE_REFUSED : CASE_FAILED;
    }
  samples.times = g_array_new (FALSE, FALSE, sizeof (double));
  samples.values = g_array_new (FALSE, FALSE, sizeof (double));
  outcome = simulate_case (c, circuit, model, method (), &samples, &error);
  /* an explicit method may give up on a stiff stretch (an orifice opening
   * from rest, say), with a message: that is no wrong answer, and the
   * comparison is made with an implicit method instead */
  if (outcome == CASE_FAILED && g_strcmp0 (method (), FALLBACK_METHOD) != 0)
    {
      c->fallback = g_strdup_printf ("%s failed (%s); ran again with %s", method (),
                                     error->message, FALLBACK_METHOD);
      g_clear_error (&error);
      outcome = simulate_case (c, circuit, model, FALLBACK_METHOD, &samples, &error);
    }
  c->n_samples = samples.times->len;
  c->t_reached = c->n_samples > 0 ? g_array_index (samples.times, double, c->n_samples - 1) : 0.0;
  if (outcome != CASE_AGREED)
    g_string_append_printf (c->report, "manifold %s: %s\n",
                            outcome == CASE_REFUSED ? "refused it" : "failed", error->message);
  else
    outcome = run_oracle (c, circuit, model, &samples);
  g_array_unref (samples.times);
  g_array_unref (samples.values);
  return outcome;
}

/* ---- the test ---- */

static guint
env_uint (const char *name, guint fallback)
{
  const char *text = g_getenv (name);

  return text != NULL && *text != '\0' ? (guint) g_ascii_strtoull (text, NULL, 10) : fallback;
}

/* Switching and pistons, unless MANIFOLD_ORACLE_FEATURES names some of
 * "basic", "switching", "pistons" and "flow_control" (which the default
 * leaves out, so that the seeds of the others draw the circuits they
 * always drew). */
static MfRandomFeatures
env_features (void)
{
  const char *text = g_getenv ("MANIFOLD_ORACLE_FEATURES");
  MfRandomFeatures features = MF_RANDOM_BASIC;

  if (text == NULL || *text == '\0')
    return MF_RANDOM_SWITCHING | MF_RANDOM_PISTONS;
  if (strstr (text, "switching") != NULL)
    features |= MF_RANDOM_SWITCHING;
  if (strstr (text, "pistons") != NULL)
    features |= MF_RANDOM_PISTONS;
  if (strstr (text, "flow_control") != NULL)
    features |= MF_RANDOM_FLOW_CONTROL;
  if (strstr (text, "feedback") != NULL)
    features |= MF_RANDOM_FEEDBACK;
  if (strstr (text, "spools") != NULL)
    features |= MF_RANDOM_SPOOLS;
  if (strstr (text, "storage") != NULL)
    features |= MF_RANDOM_STORAGE;
  return features;
}

/* MANIFOLD_ORACLE_FILE=PATH: that document alone (a failing seed saved). */
static void
test_file (void)
{
  const char *path = g_getenv ("MANIFOLD_ORACLE_FILE");
  g_autoptr (GError) error = NULL;
  Case c = { 0 };

  if (!g_file_get_contents (path, &c.text, NULL, &error))
    g_error ("%s", error->message);
  c.report = g_string_new (NULL);
  if (run_case (&c) != CASE_AGREED)
    g_test_fail_printf ("%s: %s", path, c.report->str);
  g_test_message ("manifold %.2f s (%" G_GUINT64_FORMAT " steps and evaluations%s), "
                  "oracle %.2f s; %u samples compared, to t = %g s", c.manifold_time, c.work,
                  c.cut ? ", cut" : "", c.oracle_time, c.n_samples, c.t_reached);
  g_free (c.text);
  g_free (c.fallback);
  g_string_free (c.report, TRUE);
}

/* MANIFOLD_ORACLE_KNOWN: the seeds of a suite on which Manifold is known
 * to fail (a reported bug, docs/model.md "The oracle"): they still run,
 * and say so, but do not fail the suite; one that agrees says that too. */
static gboolean
is_known (guint32 seed)
{
  g_auto (GStrv) seeds = g_strsplit (g_getenv ("MANIFOLD_ORACLE_KNOWN") != NULL
                                       ? g_getenv ("MANIFOLD_ORACLE_KNOWN") : "", " ", -1);

  for (guint i = 0; seeds[i] != NULL; i++)
    if (*seeds[i] != '\0' && g_ascii_strtoull (seeds[i], NULL, 10) == seed)
      return TRUE;
  return FALSE;
}

typedef struct
{
  guint    tally[3]; /* by CaseOutcome */
  guint    n_known;  /* failures of known seeds, not in tally */
  guint    n_cut;
  guint    n_fallback; /* run by FALLBACK_METHOD */
  double   manifold_time, oracle_time; /* s, for information */
  GString *failed;   /* the seeds that disagree */
} Totals;

/* What a case did, in the log and in the totals. */
static void
report_case (const Case *c, CaseOutcome outcome, Totals *totals)
{
  if (is_known (c->seed) && outcome == CASE_FAILED)
    {
      totals->n_known++;
      g_test_message ("seed %u fails as known (MANIFOLD_ORACLE_KNOWN): %s", c->seed,
                      c->report->str);
      return;
    }
  if (is_known (c->seed))
    g_test_message ("seed %u, listed in MANIFOLD_ORACLE_KNOWN, passes now: take it off the list",
                    c->seed);
  totals->tally[outcome]++;
  totals->manifold_time += c->manifold_time;
  totals->oracle_time += c->oracle_time;
  if (c->fallback != NULL)
    {
      totals->n_fallback++;
      g_test_message ("seed %u: %s", c->seed, c->fallback);
    }
  if (c->cut)
    {
      totals->n_cut++;
      g_test_message ("seed %u: manifold stopped at its work budget (%" G_GUINT64_FORMAT
                      " steps and evaluations, %.1f s); compared up to there",
                      c->seed, c->work, c->manifold_time);
    }
  else if (c->manifold_time + c->oracle_time > 1.0)
    g_test_message ("seed %u is slow: manifold %.2f s (%" G_GUINT64_FORMAT " steps and "
                    "evaluations), oracle %.2f s", c->seed, c->manifold_time, c->work,
                    c->oracle_time);
  if (outcome == CASE_FAILED)
    {
      g_printerr ("# seed %u disagrees:\n%s# the circuit:\n%s\n", c->seed, c->report->str,
                  c->text);
      g_string_append_printf (totals->failed, " %u", c->seed);
    }
  else if (outcome == CASE_REFUSED)
    g_test_message ("seed %u: refused: %s%s", c->seed, c->report->str, c->text);
}

static void
test_random_circuits (void)
{
  guint count = env_uint ("MANIFOLD_ORACLE_COUNT", 200);
  guint32 first = env_uint ("MANIFOLD_ORACLE_FIRST_SEED", 1);
  MfRandomFeatures features = env_features ();
  Totals totals = { { 0, 0, 0 }, 0, 0, 0, 0.0, 0.0, g_string_new (NULL) };

  for (guint i = 0; i < count; i++)
    {
      Case c = { first + i, mf_random_circuit (first + i, features), g_string_new (NULL) };

      if (g_getenv ("MANIFOLD_ORACLE_DUMP") != NULL)
        g_print ("%s", c.text); /* just the documents, to look at or to save */
      else
        report_case (&c, run_case (&c), &totals);
      g_free (c.text);
      g_free (c.fallback);
      g_string_free (c.report, TRUE);
    }
  g_test_message ("%u circuits from seed %u: %u agree (%u of them cut at the work budget, "
                  "%u run by " FALLBACK_METHOD "), %u refused by Manifold, %u known failures, "
                  "%u disagree%s%s",
                  count, first, totals.tally[CASE_AGREED], totals.n_cut, totals.n_fallback,
                  totals.tally[CASE_REFUSED], totals.n_known, totals.tally[CASE_FAILED],
                  totals.failed->len > 0 ? ": seeds" : "", totals.failed->str);
  g_test_message ("time taken: manifold %.1f s, oracle %.1f s", totals.manifold_time,
                  totals.oracle_time);
  if (totals.tally[CASE_FAILED] > 0)
    g_test_fail_printf ("%u of %u random circuits disagree with the oracle (seeds%s)",
                        totals.tally[CASE_FAILED], count, totals.failed->str);
  /* a generator that Manifold mostly refuses tests nothing */
  g_assert_cmpuint (totals.tally[CASE_REFUSED], <=, MAX (count / 10, 1));
  g_string_free (totals.failed, TRUE);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  mf_init ();
  if (g_getenv ("MANIFOLD_ORACLE_FILE") != NULL)
    g_test_add_func ("/oracle/file", test_file);
  else
    g_test_add_func ("/oracle/random-circuits", test_random_circuits);
  return g_test_run ();
}
