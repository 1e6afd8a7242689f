/* test-step-record.c: the steps a run records (mf-step-record.h) — the
 * record itself, and what the integrators put in it: fixed steps, the
 * adaptive steps of GSL's methods and of SUNDIALS IDA with their rejected
 * tries, and the order of the methods that vary it, each against the
 * run's statistics.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>

#include "mf-simulation.h"
#include "mf-step-record.h"
#include "mf-test-examples.h"

/* ---- the record -------------------------------------------------------- */

static void
test_record_joins_equal_steps (void)
{
  g_autoptr (MfStepRecord) record = mf_step_record_new ();
  const MfStepEntry *e;

  mf_step_record_add_step (record, 0.0, 0.25, 0.25, 0);
  mf_step_record_add_step (record, 0.25, 0.25, 0.5, 0);
  mf_step_record_add_step (record, 0.5, 0.25, 0.75, 2); /* another order */
  mf_step_record_add_rejected (record, 0.75, 0.5, 2);
  mf_step_record_add_step (record, 0.75, 0.25, 1.0, 2); /* after a rejection */
  mf_step_record_add_step (record, 1.0, 0.125, 1.125, 2); /* another length */
  mf_step_record_add_step (record, 2.0, 0.125, 2.125, 2); /* not where the last ended */

  g_assert_cmpuint (mf_step_record_get_n_entries (record), ==, 6);
  g_assert_cmpuint (mf_step_record_get_n_steps (record), ==, 6);
  g_assert_cmpuint (mf_step_record_get_n_rejected (record), ==, 1);
  e = mf_step_record_get_entries (record);
  g_assert_cmpuint (e[0].count, ==, 2);
  g_assert_cmpfloat (e[0].t, ==, 0.0);
  g_assert_cmpfloat (e[0].t_end, ==, 0.5);
  g_assert_cmpfloat (e[0].h, ==, 0.25);
  g_assert_cmpuint (e[1].order, ==, 2);
  g_assert_true (e[2].rejected);
  g_assert_cmpfloat (e[2].h, ==, 0.5);
  g_assert_cmpfloat (e[2].t_end, ==, 1.25);
  g_assert_false (e[3].rejected);
  g_assert_cmpfloat (e[5].t, ==, 2.0);

  mf_step_record_truncate (record, 2);
  g_assert_cmpuint (mf_step_record_get_n_entries (record), ==, 2);
  g_assert_cmpuint (mf_step_record_get_n_steps (record), ==, 3);
  g_assert_cmpuint (mf_step_record_get_n_rejected (record), ==, 0);
  mf_step_record_clear (record);
  g_assert_cmpuint (mf_step_record_get_n_entries (record), ==, 0);
  g_assert_cmpuint (mf_step_record_get_n_steps (record), ==, 0);
}

/* ---- runs -------------------------------------------------------------- */

/* The stiff two-mass spring (data/examples): no events, so that the steps
 * follow each other from 0 to t_end, and a fast mode that makes explicit
 * methods refuse steps. */
static MfStepRecord *
run_two_mass_spring (const char *method, double t_end, double step, MfSimulationStats *stats)
{
  g_autoptr (MfTestCircuit) example = example_load ("two-mass-spring");
  g_autoptr (GError) error = NULL;
  MfStepRecord *record = mf_step_record_new ();
  MfSimulationOptions options;

  mf_simulation_options_from_circuit (&options, example_circuit (example));
  options.method = method;
  options.t_end = t_end;
  options.output_interval = t_end / 20;
  options.step = step;
  options.steps = record;
  g_assert_true (mf_simulate (example->model, &options, NULL, NULL, stats, NULL, &error));
  g_assert_no_error (error);
  return record;
}

/* The accepted steps follow each other from 0 to t_end; their count is
 * the run's.  Returns their lengths' sum. */
static double
check_accepted (const MfStepRecord *record, const MfSimulationStats *stats, double t_end)
{
  const MfStepEntry *e = mf_step_record_get_entries (record);
  double t = 0.0, sum = 0.0;
  guint64 n = 0;

  for (guint i = 0; i < mf_step_record_get_n_entries (record); i++)
    {
      if (e[i].rejected)
        continue;
      g_assert_cmpfloat (e[i].t, ==, t);
      g_assert_cmpfloat (e[i].h, >, 0.0);
      g_assert_cmpfloat_with_epsilon (e[i].t_end, e[i].t + e[i].count * e[i].h,
                                      1e-12 * t_end);
      sum += e[i].t_end - e[i].t;
      n += e[i].count;
      t = e[i].t_end;
    }
  g_assert_cmpuint (n, ==, stats->steps);
  g_assert_cmpuint (mf_step_record_get_n_steps (record), ==, stats->steps);
  g_assert_cmpfloat (t, ==, t_end);
  g_assert_cmpfloat_with_epsilon (sum, t_end, 1e-12 * t_end);
  return sum;
}

/* Each rejected try was longer than the step taken from where it began,
 * and they are as many as the run counts. */
static void
check_rejected (const MfStepRecord *record, const MfSimulationStats *stats)
{
  const MfStepEntry *e = mf_step_record_get_entries (record);
  guint n = mf_step_record_get_n_entries (record);
  guint64 rejected = 0;

  for (guint i = 0; i < n; i++)
    {
      guint next = i;

      if (!e[i].rejected)
        continue;
      rejected++;
      g_assert_true (isfinite (e[i].h) && e[i].h > 0);
      while (next < n && e[next].rejected)
        next++;
      g_assert_cmpuint (next, <, n);
      g_assert_cmpfloat (e[next].t, ==, e[i].t);
      g_assert_cmpfloat (e[next].h, <, e[i].h);
    }
  g_assert_cmpuint (rejected, ==, stats->rejected_steps);
  g_assert_cmpuint (mf_step_record_get_n_rejected (record), ==, stats->rejected_steps);
}

/* The orders of the accepted steps: all within [lo, hi], and how many
 * different ones there were. */
static guint
check_orders (const MfStepRecord *record, guint lo, guint hi)
{
  const MfStepEntry *e = mf_step_record_get_entries (record);
  gboolean seen[256] = { FALSE };
  guint distinct = 0;

  for (guint i = 0; i < mf_step_record_get_n_entries (record); i++)
    if (!e[i].rejected)
      {
        g_assert_cmpuint (e[i].order, >=, lo);
        g_assert_cmpuint (e[i].order, <=, hi);
        if (!seen[e[i].order])
          distinct++;
        seen[e[i].order] = TRUE;
      }
  return distinct;
}

static void
test_fixed_steps (void)
{
  const double h = 1e-4, t_end = 0.1;
  MfSimulationStats stats;
  g_autoptr (MfStepRecord) record = run_two_mass_spring ("rk4", t_end, h, &stats);
  const MfStepEntry *e = mf_step_record_get_entries (record);

  g_assert_cmpuint (stats.steps, ==, 1000);
  check_accepted (record, &stats, t_end);
  g_assert_cmpuint (mf_step_record_get_n_rejected (record), ==, 0);
  /* every step is h, but for the rounding of the one that lands on a stop */
  for (guint i = 0; i < mf_step_record_get_n_entries (record); i++)
    g_assert_cmpfloat_with_epsilon (e[i].h, h, 1e-9 * h);
  /* a row of equal steps is one entry: at most two per output interval */
  g_assert_cmpuint (mf_step_record_get_n_entries (record), <=, 2 * 20);
  check_orders (record, 0, 0);
}

static void
test_explicit_adaptive (void)
{
  MfSimulationStats stats;
  g_autoptr (MfStepRecord) record = run_two_mass_spring ("rkf45", 0.2, 0.0, &stats);

  check_accepted (record, &stats, 0.2);
  g_assert_cmpuint (stats.rejected_steps, >, 0);
  check_rejected (record, &stats);
  /* rkf45's order is fixed: not recorded */
  check_orders (record, 0, 0);
}

static void
test_multistep_orders (void)
{
  static const struct
  {
    const char *method;
    guint       max_order;
  } cases[] = { { "msbdf", 5 }, { "msadams", 12 } };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      MfSimulationStats stats;
      g_autoptr (MfStepRecord) record = run_two_mass_spring (cases[c].method, 0.2, 0.0, &stats);

      g_test_message ("%s: %" G_GUINT64_FORMAT " steps, %" G_GUINT64_FORMAT " rejected",
                      cases[c].method, stats.steps, stats.rejected_steps);
      check_accepted (record, &stats, 0.2);
      check_rejected (record, &stats);
      g_assert_cmpuint (check_orders (record, 1, cases[c].max_order), >, 1);
    }
}

static void
test_ida (void)
{
  MfSimulationStats stats;
  g_autoptr (MfStepRecord) record = run_two_mass_spring ("auto", 0.2, 0.0, &stats);

  g_test_message ("auto: %" G_GUINT64_FORMAT " steps, %" G_GUINT64_FORMAT " rejected",
                  stats.steps, stats.rejected_steps);
  check_accepted (record, &stats, 0.2);
  g_assert_cmpuint (stats.rejected_steps, >, 0);
  check_rejected (record, &stats);
  g_assert_cmpuint (check_orders (record, 1, 5), >, 1);
}

/* Without a record nothing is recorded: the same run, the same counts. */
static void
test_without_record (void)
{
  g_autoptr (MfTestCircuit) example = example_load ("two-mass-spring");
  MfSimulationStats with, without;
  g_autoptr (MfStepRecord) record = run_two_mass_spring ("rkf45", 0.2, 0.0, &with);
  MfSimulationOptions options;

  mf_simulation_options_from_circuit (&options, example_circuit (example));
  g_assert_null (options.steps);
  options.method = "rkf45";
  options.t_end = 0.2;
  options.output_interval = 0.2 / 20;
  g_assert_true (mf_simulate (example->model, &options, NULL, NULL, &without, NULL, NULL));
  g_assert_cmpuint (without.steps, ==, with.steps);
  g_assert_cmpuint (without.rejected_steps, ==, with.rejected_steps);
  g_assert_cmpuint (without.rhs_evaluations, ==, with.rhs_evaluations);
}

/* The step at a time: the accepted entry that covers it, past refused
 * tries, the later where two meet, none before the first or after the
 * last. */
static void
test_step_at (void)
{
  g_autoptr (MfStepRecord) record = mf_step_record_new ();
  const MfStepEntry *e;

  mf_step_record_add_step (record, 0.0, 0.1, 0.1, 1);
  mf_step_record_add_step (record, 0.1, 0.1, 0.2, 1); /* joins: 0 to 0.2 */
  mf_step_record_add_rejected (record, 0.2, 0.4, 2);
  mf_step_record_add_step (record, 0.2, 0.2, 0.4, 2);
  mf_step_record_add_rejected (record, 0.4, 0.8, 3);
  g_assert_cmpuint (mf_step_record_get_n_entries (record), ==, 4);

  e = mf_step_record_step_at (record, 0.15);
  g_assert_nonnull (e);
  g_assert_cmpfloat (e->h, ==, 0.1);
  g_assert_cmpuint (e->count, ==, 2);
  e = mf_step_record_step_at (record, 0.2);
  g_assert_nonnull (e);
  g_assert_cmpfloat (e->h, ==, 0.2);
  g_assert_cmpuint (e->order, ==, 2);
  e = mf_step_record_step_at (record, 0.3);
  g_assert_nonnull (e);
  g_assert_cmpfloat (e->h, ==, 0.2);
  e = mf_step_record_step_at (record, 0.4);
  g_assert_nonnull (e);
  g_assert_cmpfloat (e->t_end, ==, 0.4);
  g_assert_null (mf_step_record_step_at (record, 0.41));
  g_assert_null (mf_step_record_step_at (record, -0.01));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/step-record/joins-equal-steps", test_record_joins_equal_steps);
  g_test_add_func ("/core/step-record/fixed", test_fixed_steps);
  g_test_add_func ("/core/step-record/explicit-adaptive", test_explicit_adaptive);
  g_test_add_func ("/core/step-record/multistep-orders", test_multistep_orders);
  g_test_add_func ("/core/step-record/ida", test_ida);
  g_test_add_func ("/core/step-record/without-record", test_without_record);
  g_test_add_func ("/core/step-record/step-at", test_step_at);
  return g_test_run ();
}
