/* test-method-variants.c: one circuit in several integration methods
 * (src/app/simulation/mf-method-variants.c) — a record per method with
 * that method's statistics, variants refused up front, and explicit
 * Euler's steps either side of its stability limit: the one inside
 * decays, the one outside grows by orders of magnitude.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include "mf-error.h"
#include "mf-linearization.h"
#include "mf-method-variants.h"

/* The two-mass spring of data/examples/two-mass-spring.manifold with its
 * inner spring damped hard (100 kN·s/m), so that the fast mode is real:
 * λ ≈ −c (1/m₁ + 1/m₂) = −1.5e5 1/s (−149 002 with the springs), and
 * explicit Euler is stable up to h* = 2 / 149 002 = 1.342e-5 s.  M2 starts
 * 0.1 mm out, which that mode carries; 10 ms is 745 steps. */
static const char damped_pair[] =
  "{ \"manifold\": 1,\n"
  "  \"components\": [\n"
  "    { \"id\": \"G1\", \"type\": \"fixed\" },\n"
  "    { \"id\": \"K1\", \"type\": \"spring\", \"stiffness\": \"5 kN/m\" },\n"
  "    { \"id\": \"D1\", \"type\": \"damper\", \"damping\": \"50 N*s/m\" },\n"
  "    { \"id\": \"M1\", \"type\": \"mass\", \"mass\": \"2 kg\" },\n"
  "    { \"id\": \"K2\", \"type\": \"spring\", \"stiffness\": \"100 MN/m\" },\n"
  "    { \"id\": \"D2\", \"type\": \"damper\", \"damping\": \"100 kN*s/m\" },\n"
  "    { \"id\": \"M2\", \"type\": \"mass\", \"mass\": \"1 kg\" } ],\n"
  "  \"wires\": [ [\"G1.m\", \"K1.a\"], [\"G1.m\", \"D1.a\"], [\"K1.b\", \"M1.m\"],"
  " [\"D1.b\", \"M1.m\"], [\"M1.m\", \"K2.a\"], [\"M1.m\", \"D2.a\"], [\"K2.b\", \"M2.m\"],"
  " [\"D2.b\", \"M2.m\"] ],\n"
  "  \"simulation\": { \"t_end\": 0.01, \"method\": \"msbdf\", \"step\": 1e-4,"
  " \"output_interval\": 0.0005 },\n"
  "  \"initial\": { \"M1.x\": 0.01, \"M2.x\": 0.0101 } }\n";

typedef struct
{
  guint finished;
  guint failed;
} Watch;

static void
on_finished (MfSweep *sweep, Watch *watch)
{
  watch->finished++;
}

static void
on_failed (MfSweep *sweep, const GError *error, Watch *watch)
{
  watch->failed++;
}

static void
run_to_end (MfSweep *sweep, Watch *watch)
{
  g_signal_connect (sweep, "finished", G_CALLBACK (on_finished), watch);
  g_signal_connect (sweep, "failed", G_CALLBACK (on_failed), watch);
  mf_sweep_start (sweep);
  while (watch->finished == 0)
    g_main_context_iteration (NULL, TRUE);
}

/* The largest |M2.x − M1.x| of a run: the fast mode's size. */
static double
largest_stretch (MfRunRecord *record)
{
  int c1 = mf_run_record_find_column (record, "M1.x");
  int c2 = mf_run_record_find_column (record, "M2.x");
  const double *x1, *x2;
  double largest = 0;

  g_assert_cmpint (c1, >=, 0);
  g_assert_cmpint (c2, >=, 0);
  x1 = mf_run_record_get_column (record, (guint) c1);
  x2 = mf_run_record_get_column (record, (guint) c2);
  for (guint i = 0; i < mf_run_record_get_n_samples (record); i++)
    largest = MAX (largest, isfinite (x2[i] - x1[i]) ? fabs (x2[i] - x1[i]) : INFINITY);
  return largest;
}

/* rkf45 against msbdf: a record each, labelled and run in its method and
 * adaptive (the document's fixed step dropped), with the counts of each:
 * msbdf evaluates Jacobians, rkf45 none. */
static void
test_two_methods (void)
{
  const MfMethodVariant variants[] = { { "rkf45", 0 }, { "msbdf", 0 } };
  g_autoptr (GError) error = NULL;
  g_autoptr (MfSweep) sweep = mf_method_variants_new_sweep (damped_pair, variants, 2, &error);
  Watch watch = { 0 };
  GPtrArray *records;

  g_assert_no_error (error);
  g_assert_cmpuint (mf_sweep_get_n_values (sweep), ==, 2);
  run_to_end (sweep, &watch);
  records = mf_sweep_get_records (sweep);
  g_assert_cmpuint (records->len, ==, 2);
  g_assert_cmpuint (watch.failed, ==, 0);
  for (guint i = 0; i < 2; i++)
    {
      MfRunRecord *record = g_ptr_array_index (records, i);
      const MfSimulationStats *stats = mf_run_record_get_stats (record);
      const MfStepRecord *steps = mf_run_record_get_steps (record);

      g_assert_cmpstr (mf_run_record_get_label (record), ==, variants[i].method);
      g_assert_cmpstr (mf_run_record_get_method (record), ==, variants[i].method);
      g_assert_cmpint (mf_run_record_get_status (record), ==, MF_SIM_STATUS_FINISHED);
      g_assert_nonnull (stats);
      g_assert_cmpuint (stats->steps, >, 0);
      g_assert_cmpuint (stats->rhs_evaluations, >, stats->steps);
      /* adaptive: steps of more than one length */
      g_assert_cmpuint (mf_step_record_get_n_entries (steps), >, 10);
      if (i == 0)
        g_assert_cmpuint (stats->jacobian_evaluations, ==, 0);
      else
        g_assert_cmpuint (stats->jacobian_evaluations, >, 0);
    }
}

/* Unknown methods and variants that would not load are refused before
 * anything runs, the message naming the variant. */
static void
test_refused_up_front (void)
{
  const MfMethodVariant unknown[] = { { "rkf45", 0 }, { "rk99", 0 } };
  const MfMethodVariant no_step[] = { { "euler", 0 } };
  const MfMethodVariant too_long[] = { { "euler", 1 } };
  g_autoptr (GError) error = NULL;

  g_assert_null (mf_method_variants_new_sweep (damped_pair, unknown, 2, &error));
  g_assert_error (error, MF_ERROR, MF_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "rk99"));
  g_clear_error (&error);

  g_assert_null (mf_method_variants_new_sweep (damped_pair, no_step, 1, &error));
  g_assert_error (error, MF_ERROR, MF_ERROR_INVALID);
  g_assert_true (g_str_has_prefix (error->message, "euler: "));
  g_clear_error (&error);

  g_assert_null (mf_method_variants_new_sweep (damped_pair, too_long, 1, &error));
  g_assert_error (error, MF_ERROR, MF_ERROR_INVALID);
  g_assert_true (g_str_has_prefix (error->message, "euler, h = 1 s: "));
  g_clear_error (&error);

  g_assert_null (mf_method_variants_new_sweep ("{ nothing", unknown, 1, &error));
  g_assert_nonnull (error);
}

/* Explicit Euler at 0.95 h* and 1.05 h*: the growth rates by hand, and the
 * runs.  Inside, R = 1 − 0.95·2 = −0.9 for the fast mode: it decays, and
 * the slowest mode decays slowest, at ≈ Re λ = −8.33 1/s.  Outside,
 * R = 1 − 1.05·2 = −1.1: the fast mode grows by ln 1.1 / h per second,
 * 1.1^745 ≈ 1e31 times over the run. */
static void
test_euler_limit (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (MfLinearization) linearization =
    mf_linearization_compute (damped_pair, -1, "damped", NULL, NULL, &error);
  const MfStiffness *stiffness;
  MfMethodVariant variants[2];
  g_autoptr (MfSweep) sweep = NULL;
  g_autofree char *label = NULL;
  Watch watch = { 0 };
  GPtrArray *records;
  double inside, outside;

  g_assert_no_error (error);
  stiffness = mf_linearization_get_stiffness (linearization);
  g_assert_cmpfloat_with_epsilon (stiffness->euler_step, 2 / 149002.0, 1e-8);
  g_assert_true (mf_method_variants_euler_limit (stiffness, 0.05, variants));
  g_assert_cmpstr (variants[0].method, ==, "euler");
  g_assert_cmpfloat (variants[0].step, <, stiffness->euler_step);
  g_assert_cmpfloat (variants[1].step, >, stiffness->euler_step);
  g_assert_cmpfloat_with_epsilon (variants[0].step / stiffness->euler_step, 0.95, 1e-12);
  g_assert_cmpfloat_with_epsilon (variants[1].step / stiffness->euler_step, 1.05, 1e-12);
  label = mf_method_variant_label (&variants[1]);
  g_assert_cmpstr (label, ==, "euler, h = 1.41e-05 s");

  inside = mf_method_variants_growth_rate ("euler", variants[0].step, stiffness->eigenvalues,
                                           stiffness->n);
  outside = mf_method_variants_growth_rate ("euler", variants[1].step, stiffness->eigenvalues,
                                            stiffness->n);
  g_assert_cmpfloat_with_epsilon (inside, -8.33, 0.01);
  g_assert_cmpfloat_with_epsilon (outside, log (1.1) / variants[1].step, 1.0);
  g_assert_true (isnan (mf_method_variants_growth_rate ("msbdf", 1e-5, stiffness->eigenvalues,
                                                        stiffness->n)));

  sweep = mf_method_variants_new_sweep (damped_pair, variants, 2, &error);
  g_assert_no_error (error);
  run_to_end (sweep, &watch);
  records = mf_sweep_get_records (sweep);
  g_assert_cmpuint (records->len, ==, 2);
  for (guint i = 0; i < 2; i++)
    g_assert_cmpstr (mf_run_record_get_method (g_ptr_array_index (records, i)), ==, "euler");
  /* inside: never more than the 0.1 mm it starts with */
  g_assert_cmpint (mf_run_record_get_status (records->pdata[0]), ==, MF_SIM_STATUS_FINISHED);
  g_assert_cmpfloat (largest_stretch (records->pdata[0]), <=, 1.0001e-4);
  /* outside: grown past a kilometre, or failed on the way */
  g_assert_cmpfloat (largest_stretch (records->pdata[1]), >, 1e3);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/app/method-variants/two-methods", test_two_methods);
  g_test_add_func ("/app/method-variants/refused-up-front", test_refused_up_front);
  g_test_add_func ("/app/method-variants/euler-limit", test_euler_limit);
  return g_test_run ();
}
