/* test-self-check.c: circuits that once gave a wrong answer without a word,
 * worked by hand, and the self-check that makes such an answer impossible
 * to miss (src/core/solve/mf-system-check.c, docs/model.md "Every step checks
 * itself").
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gsl/gsl_errno.h>
#include <math.h>
#include <string.h>

#include "mf-error.h"
#include "mf-system-check.h"
#include "mf-system-private.h"
#include "mf-test-examples.h"

#define RHO 870.0
#define CD 0.61
/* the orifices' port area: a 10 mm port */
#define PORT (G_PI * 0.01 * 0.01 / 4.0)

/* Every method that solves these circuits, the explicit ones included. */
static const char *const methods[] = { "msbdf", "rkf45", "rkck", "rk8pd", "bsimp", "rk4imp",
                                       "rk2imp" };

static MfTestRecording *
run_with (const MfTestCircuit *tc, const char *method, double rtol)
{
  MfSimulationOptions options;

  mf_simulation_options_from_circuit (&options, example_circuit (tc));
  options.method = method;
  options.rtol = rtol;
  options.atol = 1e-12;
  return mf_test_recording_simulate (tc->model, &options, NULL);
}

static void
assert_close (double got, double want, double relative, const char *what, const char *method)
{
  if (!(fabs (got - want) <= relative * fabs (want)))
    g_error ("%s: %s is %.12g, expected %.12g (relative error %.3g)", method, what, got, want,
             fabs (got - want) / fabs (want));
}

/* ---- a flow source into series and parallel orifices -------------------- */

/* 10 L/min, ramped over 0.1 s, from tank T1 into J1; O1 (6 mm²) from J1 to
 * J2; O2 (3 mm²) and O3 (2 mm²) in parallel from J2 to tank T2; O4 (4 mm²)
 * from J1 to T2.  No mass and no volume: four algebraic states, nothing
 * integrated.  This circuit once ended with J2 above J1 while O1 flowed
 * from J1 to J2: Newton had failed from its start and the failure went
 * unseen. */
#define SERIES_PARALLEL \
  "{ \"manifold\": 1, \"components\": [" \
  "  { \"id\": \"T1\", \"type\": \"tank\" }," \
  "  { \"id\": \"Q1\", \"type\": \"flow_source\", \"flow\": \"10 L/min * ramp(t, 0, 0.1)\" }," \
  "  { \"id\": \"J1\", \"type\": \"junction\" }," \
  "  { \"id\": \"O1\", \"type\": \"orifice\", \"area\": \"6 mm^2\" }," \
  "  { \"id\": \"J2\", \"type\": \"junction\" }," \
  "  { \"id\": \"O2\", \"type\": \"orifice\", \"area\": \"3 mm^2\" }," \
  "  { \"id\": \"O3\", \"type\": \"orifice\", \"area\": \"2 mm^2\" }," \
  "  { \"id\": \"O4\", \"type\": \"orifice\", \"area\": \"4 mm^2\" }," \
  "  { \"id\": \"T2\", \"type\": \"tank\" } ]," \
  "  \"wires\": [ [\"T1.p\", \"Q1.a\"], [\"Q1.b\", \"J1.p\"], [\"J1.p\", \"O1.a\"]," \
  "    [\"O1.b\", \"J2.p\"], [\"J2.p\", \"O2.a\"], [\"J2.p\", \"O3.a\"], [\"O2.b\", \"T2.p\"]," \
  "    [\"O3.b\", \"T2.p\"], [\"J1.p\", \"O4.a\"], [\"O4.b\", \"T2.p\"] ]," \
  "  \"simulation\": { \"t_end\": 0.2, \"output_interval\": 0.01 } }"

/* An orifice passes q = cd a √(2Δp/ρ).  Orifices in parallel add their
 * areas; in series their 1/a² add.  So O2 ∥ O3 is 5 mm², in series with O1
 * it is a_s = 1/√(1/6² + 1/5²) mm², and with O4 in parallel the whole
 * circuit is a_s + 4 mm² from J1 to the tank:
 *   p1 = ρ/2 (Q / (cd (a_s + a4)))²,  q1 = cd a_s √(2 p1/ρ),
 *   p2 = ρ/2 (q1 / (cd (a2 + a3)))²,
 * that is 5.2817 bar and 3.1171 bar once the pump runs at full flow. */
static void
test_series_parallel (void)
{
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (SERIES_PARALLEL);
  double q = 10e-3 / 60.0, mm2 = 1e-6;
  double a_s = mm2 / sqrt (1.0 / 36.0 + 1.0 / 25.0);
  double p1 = RHO / 2.0 * pow (q / (CD * (a_s + 4 * mm2)), 2);
  double q1 = CD * a_s * sqrt (2.0 * p1 / RHO);
  double p2 = RHO / 2.0 * pow (q1 / (CD * 5 * mm2), 2);

  g_assert_cmpfloat (fabs (p1 - 5.2817e5), <, 5.0);
  g_assert_cmpfloat (fabs (p2 - 3.1171e5), <, 5.0);
  for (guint m = 0; m < G_N_ELEMENTS (methods); m++)
    {
      g_autoptr (MfTestRecording) run = run_with (tc, methods[m], 1e-8);

      for (double t = 0.1; t <= 0.2 + 1e-9; t += 0.05)
        {
          guint i = sample_at (run, t);

          assert_close (at (tc, run, i, "J1.p"), p1, 1e-8, "J1.p", methods[m]);
          assert_close (at (tc, run, i, "J2.p"), p2, 1e-8, "J2.p", methods[m]);
          assert_close (at (tc, run, i, "O1.q"), q1, 1e-8, "O1.q", methods[m]);
          assert_close (at (tc, run, i, "O4.q"), q - q1, 1e-8, "O4.q", methods[m]);
          assert_close (at (tc, run, i, "O2.q"), 0.6 * q1, 1e-8, "O2.q", methods[m]);
        }
    }
}

/* ---- an orifice that closes while a pump feeds its junction -------------- */

/* Tank T1 (20 bar) → laminar pipe P1 (2.5 m, ½ in) → J1; a 5 L/min flow
 * source also feeds J1; orifice O1 from J1 to a tank, its area closing
 * from 10 mm² at 0.4 s to 0 at 0.5 s.  %s is the rest of its table. */
#define SHUT_ORIFICE \
  "{ \"manifold\": 1, \"components\": [" \
  "  { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"20 bar\" }," \
  "  { \"id\": \"P1\", \"type\": \"pipe\", \"length\": \"2.5 m\", \"diameter\": \"0.5 in\"," \
  "    \"friction\": \"laminar\" }," \
  "  { \"id\": \"J1\", \"type\": \"junction\" }," \
  "  { \"id\": \"Q1\", \"type\": \"flow_source\", \"flow\": \"5 L/min\" }," \
  "  { \"id\": \"T0\", \"type\": \"tank\" }," \
  "  { \"id\": \"O1\", \"type\": \"orifice\"," \
  "    \"area\": \"1e-6 * table(t, [[0, 10], [0.4, 10], [0.5, 0]%s])\" }," \
  "  { \"id\": \"T2\", \"type\": \"tank\" } ]," \
  "  \"wires\": [ [\"T1.p\", \"P1.a\"], [\"P1.b\", \"J1.p\"], [\"T0.p\", \"Q1.a\"]," \
  "    [\"Q1.b\", \"J1.p\"], [\"J1.p\", \"O1.a\"], [\"O1.b\", \"T2.p\"] ]," \
  "  \"simulation\": { \"t_end\": 0.7, \"output_interval\": 0.001 } }"

/* The pipe's laminar drop at velocity v: 32 μ L v / d², μ = ρ ν. */
static double
laminar_drop (double v)
{
  double d = 0.0127;

  return 32.0 * RHO * 4.6e-5 * 2.5 * v / (d * d);
}

/* Steady, with O1 at 10 mm²: J1 = p0 − drop(v), and O1 passes the pipe's
 * flow and the source's, A v + Q = cd a √(2 J1/ρ); one equation in v,
 * monotone, solved by bisection. */
static double
open_steady_velocity (double p0, double q, double a)
{
  double area = G_PI * 0.0127 * 0.0127 / 4.0, lo = -q / area, hi = 10.0;

  for (guint k = 0; k < 200; k++)
    {
      double v = 0.5 * (lo + hi), p = p0 - laminar_drop (v);
      double excess = area * v + q - CD * a * sqrt (2.0 * MAX (p, 0.0) / RHO);

      if (excess > 0)
        hi = v;
      else
        lo = v;
    }
  return 0.5 * (lo + hi);
}

/* While O1 is shut the pipe carries the pump's flow back to T1:
 * P1.v = −Q/A and J1 = 20 bar + drop(Q/A). */
static void
test_shut_orifice (void)
{
  g_autofree char *json = g_strdup_printf (SHUT_ORIFICE, ", [0.6, 0], [0.61, 10]");
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (json);
  double area = G_PI * 0.0127 * 0.0127 / 4.0, q = 5e-3 / 60.0, p0 = 20e5;
  double v_open = open_steady_velocity (p0, q, 10e-6);

  for (guint m = 0; m < G_N_ELEMENTS (methods); m++)
    {
      g_autoptr (MfTestRecording) run = NULL;

      /* an explicit method cannot follow the pipe's deceleration as the
       * area nears zero, where the equations grow stiff without bound: it
       * stops with a message (test_explicit_gives_up) */
      if (g_str_equal (methods[m], "rk8pd") || g_str_equal (methods[m], "rkck"))
        continue;
      run = run_with (tc, methods[m], 1e-8);
      assert_close (at (tc, run, sample_at (run, 0.39), "P1.v"), v_open, 1e-7, "P1.v at 0.39 s",
                    methods[m]);
      for (double t = 0.51; t <= 0.6; t += 0.03)
        {
          guint i = sample_at (run, t);

          assert_close (at (tc, run, i, "P1.v"), -q / area, 1e-8, "P1.v while shut", methods[m]);
          assert_close (at (tc, run, i, "J1.p"), p0 + laminar_drop (q / area), 1e-8,
                        "J1.p while shut", methods[m]);
          g_assert_cmpfloat (at (tc, run, i, "O1.q"), ==, 0.0);
        }
      assert_close (at (tc, run, sample_at (run, 0.7), "P1.v"), v_open, 1e-6, "P1.v at 0.7 s",
                    methods[m]);
    }
}

/* The same orifice reopening along a ramp at once (0.5 to 0.6 s): its flow
 * starts from zero through an area of nothing, where the equations are
 * stiffer than anywhere else.  No closed form, but every method that can
 * follow it gives one answer: the multistep BDF once took steps with a
 * Jacobian from the nearly shut orifice, whose stiffness overstated the
 * reopened one's by orders of magnitude, and sat at 490 bar. */
static void
test_reopening_orifice (void)
{
  g_autofree char *json = g_strdup_printf (SHUT_ORIFICE, ", [0.6, 10]");
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (json);
  g_autoptr (MfTestRecording) reference = run_with (tc, "rkf45", 1e-10);
  const double times[] = { 0.501, 0.502, 0.51, 0.55, 0.6 };

  for (guint m = 0; m < G_N_ELEMENTS (methods); m++)
    {
      g_autoptr (MfTestRecording) run = NULL;

      if (g_str_equal (methods[m], "rk8pd") || g_str_equal (methods[m], "rkck"))
        continue;
      run = run_with (tc, methods[m], 1e-8);
      for (guint k = 0; k < G_N_ELEMENTS (times); k++)
        {
          guint i = sample_at (run, times[k]), j = sample_at (reference, times[k]);

          assert_close (at (tc, run, i, "J1.p"), at (tc, reference, j, "J1.p"), 1e-5, "J1.p",
                        methods[m]);
          assert_close (at (tc, run, i, "P1.v"), at (tc, reference, j, "P1.v"), 1e-5, "P1.v",
                        methods[m]);
        }
    }
}

/* An explicit method that cannot follow the closing stops with a message
 * that names the time, never with a wrong answer. */
static void
test_explicit_gives_up (void)
{
  g_autofree char *json = g_strdup_printf (SHUT_ORIFICE, ", [0.6, 10]");
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (json);
  g_autoptr (MfTestRecording) recording = mf_test_recording_new (tc->model);
  g_autoptr (GError) error = NULL;
  MfSimulationOptions options;

  mf_simulation_options_from_circuit (&options, example_circuit (tc));
  options.method = "rk8pd";
  if (mf_simulate (tc->model, &options, mf_test_recording_add, recording, NULL, NULL, &error))
    {
      /* it may also get through: then it agrees with the closed form */
      g_assert_no_error (error);
      return;
    }
  g_assert_error (error, MF_ERROR, MF_ERROR_SOLVER);
  g_assert_true (g_str_has_prefix (error->message, "at t = 0.49"));
  mf_test_recording_assert_checked (tc->model, &options, recording);
}

/* ---- the check itself ---------------------------------------------------- */

/* A state whose algebraic velocity breaks its law: the check finds the
 * component and the size, and the sample's solver.residual says so. */
static void
test_check_finds_the_law (void)
{
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (SERIES_PARALLEL);
  g_autoptr (GError) error = NULL;
  g_autoptr (MfSystem) sys = mf_system_new (tc->model, 0, &error);
  g_autofree double *out = g_new0 (double, mf_model_n_outputs (tc->model));
  g_autofree char *said = NULL;
  double y[1] = { 0.0 };
  MfCheck check;
  int o1 = mf_model_find_state (tc->model, "O1.v");

  g_assert_no_error (error);
  mf_system_outputs (sys, 0.15, y, out);
  g_assert_cmpfloat (mf_system_last_check (sys)->residual, <, 1e-12);
  g_assert_cmpfloat (out[mf_test_output (tc->model, "solver.residual")], <, 1e-12);

  /* the solution at 0.15 s, with O1's pressure drop made 1 % too small:
   * the pressures are recovered from O2, O3 and O4, so O1's law misses */
  g_assert_cmpint (mf_system_recover_multipliers (sys, 0.15, y), ==, GSL_SUCCESS);
  sys->lambda[0] *= 0.99;
  mf_system_check_point (sys, 0.15, TRUE, &check);
  g_assert_cmpint (check.site, ==, MF_CHECK_LAW);
  g_assert_cmpuint (check.index, ==, (guint) o1);
  g_assert_cmpfloat (check.residual, >, 1e-3);
  g_assert_cmpfloat (check.residual, <, 1.0);
  said = mf_system_check_describe (sys, &check);
  g_assert_nonnull (strstr (said, "orifice 'O1'"));
}

/* A state off the constraints: continuity at a junction misses. */
static void
test_check_finds_continuity (void)
{
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (MF_TEST_PARALLEL_ORIFICES);
  g_autoptr (GError) error = NULL;
  g_autoptr (MfSystem) sys = mf_system_new (tc->model, 0, &error);
  g_autofree char *said = NULL;
  MfCheck check;

  g_assert_no_error (error);
  for (guint k = 0; k < mf_model_n_velocities (tc->model); k++)
    sys->u[k] = 1.0;
  mf_system_check_point (sys, 0.0, FALSE, &check);
  g_assert_cmpint (check.site, ==, MF_CHECK_CONTINUITY);
  g_assert_cmpfloat (check.residual, >, 0.1);
  said = mf_system_check_describe (sys, &check);
  g_assert_nonnull (strstr (said, "the constraint 'P.b'"));
}

/* ---- what the start says -------------------------------------------------- */

/* Three pipes at a junction, two of them preferred (and so independent)
 * and given velocities that break continuity: the run starts from their
 * projection, and says so with the projected values. */
#define THREE_PIPES_GIVEN \
  "{ \"manifold\": 1, \"components\": [" \
  "  { \"id\": \"T1\", \"type\": \"tank\" }, { \"id\": \"T2\", \"type\": \"tank\" }," \
  "  { \"id\": \"T3\", \"type\": \"tank\" }, { \"id\": \"J1\", \"type\": \"junction\" }," \
  "  { \"id\": \"P1\", \"type\": \"pipe\", \"length\": 1, \"diameter\": 0.01 }," \
  "  { \"id\": \"P2\", \"type\": \"pipe\", \"length\": 1, \"diameter\": 0.01 }," \
  "  { \"id\": \"P3\", \"type\": \"pipe\", \"length\": 1, \"diameter\": 0.01 } ]," \
  "  \"wires\": [ [\"T1.p\", \"P1.a\"], [\"T2.p\", \"P2.a\"], [\"T3.p\", \"P3.a\"]," \
  "    [\"P1.b\", \"J1.p\"], [\"P2.b\", \"J1.p\"], [\"P3.b\", \"J1.p\"] ]," \
  "  \"prefer_states\": [\"P3.v\", \"P2.v\"], %s" \
  "  \"simulation\": { \"t_end\": 0.01 } }"

static void
keep_notice (double t, const char *message, gpointer data)
{
  GPtrArray *notices = data;

  g_assert_cmpfloat (t, ==, 0.0);
  g_ptr_array_add (notices, g_strdup (message));
}

static GPtrArray *
start_notices (const char *initial, MfSimulationStats *stats)
{
  g_autofree char *json = g_strdup_printf (THREE_PIPES_GIVEN, initial);
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (json);
  g_autoptr (MfTestRecording) recording = NULL;
  GPtrArray *notices = g_ptr_array_new_with_free_func (g_free);
  MfSimulationOptions options;

  mf_simulation_options_from_circuit (&options, example_circuit (tc));
  options.notice = keep_notice;
  options.notice_data = notices;
  recording = mf_test_recording_simulate (tc->model, &options, stats);
  return notices;
}

/* Equal pipes: the projection keeps the momentum along the allowed
 * motions, v = v0 − (Σ v0 / 3) for each pipe seen as flowing into J1...
 * with P1.v = 0, P2.v = 0.2, P3.v = 0.5 flowing in at b, continuity says
 * Σ v = 0: each loses the mean 0.7/3, so P3.v → 0.2667, P2.v → −0.0333. */
static void
test_start_says_projection (void)
{
  MfSimulationStats stats;
  g_autoptr (GPtrArray) notices =
    start_notices ("\"initial\": { \"P3.v\": 0.5, \"P2.v\": 0.2 },", &stats);
  g_autoptr (GPtrArray) quiet = NULL;
  const char *said;

  g_assert_cmpuint (notices->len, ==, 1);
  said = g_ptr_array_index (notices, 0);
  g_test_message ("%s", said);
  g_assert_nonnull (strstr (said, "P3.v = 0.5 → 0.266667 m/s"));
  g_assert_nonnull (strstr (said, "P2.v = 0.2 → -0.0333333 m/s"));
  g_assert_nonnull (strstr (said, "mode 'default'"));
  /* ½ m Σ v² before minus after, m = ρ A L */
  {
    double m = RHO * G_PI * 0.01 * 0.01 / 4.0;
    double before = 0.5 * m * (0.25 + 0.04), mean = 0.7 / 3.0;
    double after = 0.5 * m * (pow (0.5 - mean, 2) + pow (0.2 - mean, 2) + mean * mean);

    g_assert_cmpfloat (fabs (stats.start_energy_lost - (before - after)), <, 1e-12);
    g_assert_cmpfloat (stats.energy_lost, ==, 0.0);
  }

  /* consistent values are kept, and nothing is said */
  quiet = start_notices ("\"initial\": { \"P3.v\": 0.5, \"P2.v\": 0.2, \"P1.v\": -0.7 },", &stats);
  g_assert_cmpuint (quiet->len, ==, 0);
  g_assert_cmpfloat (stats.start_energy_lost, <, 1e-15);
}

/* ---- circuits the oracle found ------------------------------------------ */

/* tests/data/found holds the random circuits (tests/oracle) on which
 * Manifold once failed or stalled: orifices in series and parallel driven
 * from rest, an orifice carrying a trickle beside one carrying the main
 * flow, volumes equalizing through an orifice, a volume filling from rest
 * (its pressure rising as t^1.5), a circuit standing still, a check valve
 * that shuts at the start and leaves nothing to integrate (IDA's samples
 * once came out of order after it), a valve whose law meets the check only
 * just (an interpolated sample once failed it).  Each must run with three
 * stiff methods and an explicit one at tight tolerances, pass its
 * self-check at every sample, and give one answer: to 1e-5 of each state's
 * largest value (the methods' global errors at rtol 1e-10 reach 1e-6 on
 * some of these stiff circuits; the oracle suite holds msbdf to 1e-6). */
static void
test_found_circuits (void)
{
  const char *const found_methods[] = { "msbdf", "bsimp", "rkf45", "auto" };
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "data", "found", NULL);
  g_autoptr (GDir) listing = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  g_assert_nonnull (listing);
  while ((name = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autoptr (MfTestCircuit) tc = mf_test_circuit_new_from_file (path);
      g_autoptr (MfTestRecording) reference = NULL;
      guint n_states = mf_model_n_states (tc->model);

      for (guint m = 0; m < G_N_ELEMENTS (found_methods); m++)
        {
          g_autoptr (MfTestRecording) run = NULL;
          MfSimulationOptions options;

          mf_simulation_options_from_circuit (&options, example_circuit (tc));
          options.method = found_methods[m];
          options.rtol = 1e-10;
          options.atol = 1e-11;
          run = mf_test_recording_simulate (tc->model, &options, NULL);
          if (reference == NULL)
            {
              reference = g_steal_pointer (&run);
              continue;
            }
          g_assert_cmpuint (mf_test_recording_n_samples (run), ==,
                            mf_test_recording_n_samples (reference));
          for (guint o = 0; o < n_states; o++)
            {
              double scale = 0.0;

              for (guint i = 0; i < mf_test_recording_n_samples (run); i++)
                scale = MAX (scale, fabs (mf_test_recording_value (reference, i, o)));
              for (guint i = 0; i < mf_test_recording_n_samples (run); i++)
                if (!(fabs (mf_test_recording_value (run, i, o)
                            - mf_test_recording_value (reference, i, o)) <= 1e-5 * scale))
                  g_error ("%s: %s at t = %g is %.10g with %s, %.10g with msbdf", name,
                           mf_model_output_name (tc->model, o),
                           mf_test_recording_time (run, i), mf_test_recording_value (run, i, o),
                           found_methods[m], mf_test_recording_value (reference, i, o));
            }
        }
      n++;
    }
  g_assert_cmpuint (n, >=, 11);
}

/* A volume filling from rest through an orifice rises as t^1.5: with
 * atol 1e-12 Pa on its pressure msbdf cannot make its first step short
 * enough, and says what to try instead of stopping without a clue. */
static void
test_tight_atol_says_so (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "found",
                                                 "volume-filling-from-rest.manifold", NULL);
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new_from_file (path);
  g_autoptr (GError) error = NULL;
  MfSimulationOptions options;

  mf_simulation_options_from_circuit (&options, example_circuit (tc));
  options.method = "msbdf";
  options.rtol = 1e-10;
  options.atol = 1e-12;
  if (mf_simulate (tc->model, &options, NULL, NULL, NULL, NULL, &error))
    return; /* a better start would be welcome: then nothing to say */
  g_assert_error (error, MF_ERROR, MF_ERROR_SOLVER);
  g_assert_nonnull (strstr (error->message, "atol = 1e-12"));
  g_assert_nonnull (strstr (error->message, "try 1e-10"));
}

/* ---- runs that cannot end ---------------------------------------------- */

static void
assert_refused (double step, double t_end, double interval, const char *words)
{
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (MF_TEST_PARALLEL_ORIFICES);
  g_autoptr (GError) error = NULL;
  MfSimulationOptions options;

  mf_simulation_options_from_circuit (&options, example_circuit (tc));
  options.method = step > 0 ? "rk4" : "msbdf";
  options.step = step;
  options.t_end = t_end;
  options.output_interval = interval;
  g_assert_false (mf_simulate (tc->model, &options, NULL, NULL, NULL, NULL, &error));
  g_assert_error (error, MF_ERROR, MF_ERROR_USAGE);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, words));
}

static void
test_refuses_endless_runs (void)
{
  assert_refused (1e-300, 1.0, 1e-3, "takes 1e+300 steps, more than the limit of 1e+08");
  assert_refused (0, 1000.0, 1e-6, "makes 1e+09 samples, more than the limit of 1e+07");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  gsl_set_error_handler_off ();
  g_test_add_func ("/self-check/series-parallel-orifices", test_series_parallel);
  g_test_add_func ("/self-check/shut-orifice", test_shut_orifice);
  g_test_add_func ("/self-check/reopening-orifice", test_reopening_orifice);
  g_test_add_func ("/self-check/explicit-gives-up", test_explicit_gives_up);
  g_test_add_func ("/self-check/finds-the-law", test_check_finds_the_law);
  g_test_add_func ("/self-check/finds-continuity", test_check_finds_continuity);
  g_test_add_func ("/self-check/start-says-projection", test_start_says_projection);
  g_test_add_func ("/self-check/found-by-the-oracle", test_found_circuits);
  g_test_add_func ("/self-check/tight-atol-says-so", test_tight_atol_says_so);
  g_test_add_func ("/self-check/refuses-endless-runs", test_refuses_endless_runs);
  return g_test_run ();
}
