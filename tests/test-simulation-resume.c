/* test-simulation-resume.c: runs started from a given time and state
 * (MfSimulationOptions.start) — resuming from a sample of an earlier run
 * carries on as the uninterrupted run does, a state off the constraints is
 * projected onto them, and starts that make no sense are refused.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>

#include "mf-error.h"
#include "mf-reduction.h"
#include "mf-simulation.h"
#include "mf-test-examples.h"

/* ---- helpers ---------------------------------------------------------- */

/* Records the switches too: a sample is the outputs, then the switches. */
static MfTestRecording *
recording_new (const MfModel *model)
{
  MfTestRecording *recording = mf_test_recording_new (model);

  recording->n_outputs = mf_model_n_outputs (model) + mf_simulation_n_switches (model);
  return recording;
}

static MfTestRecording *
run (MfModel *model, const MfSimulationOptions *options)
{
  g_autoptr (GError) error = NULL;
  MfTestRecording *recording = recording_new (model);

  g_assert_true (mf_simulate (model, options, mf_test_recording_add, recording, NULL, NULL,
                              &error));
  g_assert_no_error (error);
  return recording;
}

static guint
last (const MfTestRecording *recording)
{
  g_assert_cmpuint (mf_test_recording_n_samples (recording), >, 0);
  return mf_test_recording_n_samples (recording) - 1;
}

/* The largest |value| of output o over a run, at least `floor`. */
static double
scale_of (const MfTestRecording *recording, guint o, double floor)
{
  double scale = floor;

  for (guint i = 0; i < mf_test_recording_n_samples (recording); i++)
    scale = MAX (scale, fabs (mf_test_recording_value (recording, i, o)));
  return scale;
}

/* ---- (a) a resumed run goes on as the uninterrupted one ---------------- */

typedef struct
{
  const char *example;
  double      t_mid;
  const char *switch_name; /* a switch that has switched before t_mid, or NULL */
  double      switch_at;   /* its value at t_mid */
} ResumeCase;

static const ResumeCase resume_cases[] = {
  /* CV1 opens at 0.019 s and closes at 1.364 s: resumed open and closed */
  { "check-valve-cylinder", 0.5, "CV1.open", 1.0 },
  { "check-valve-cylinder", 1.5, "CV1.open", 0.0 },
  /* index 2: a massless piston on a spring */
  { "piston-accumulator", 0.073, NULL, 0.0 },
  /* the relief valve cracks and closes again */
  { "pump-relief-valve", 0.5, NULL, 0.0 },
};

static void
test_resume (gconstpointer data)
{
  const ResumeCase *rc = data;
  g_autoptr (MfTestCircuit) tc = example_load (rc->example);
  guint n_states = mf_model_n_states (tc->model);
  guint n_outputs = mf_model_n_outputs (tc->model);
  guint n_values = n_outputs + mf_simulation_n_switches (tc->model);
  MfSimulationOptions options;
  MfSimulationStart start;
  g_autoptr (MfTestRecording) whole = NULL;
  g_autoptr (MfTestRecording) first = NULL;
  g_autoptr (MfTestRecording) second = NULL;
  const double *at_mid;
  guint mid;

  mf_simulation_options_from_circuit (&options, example_circuit (tc));
  whole = run (tc->model, &options);
  options.t_end = rc->t_mid;
  first = run (tc->model, &options);
  g_assert_cmpfloat (mf_test_recording_time (first, last (first)), ==, rc->t_mid);
  at_mid = mf_test_recording_outputs (first, last (first));

  mf_simulation_options_from_circuit (&options, example_circuit (tc));
  start.t = rc->t_mid;
  start.u = at_mid; /* the outputs begin with the full state */
  start.switches = at_mid + n_outputs;
  options.start = &start;
  second = run (tc->model, &options);

  /* the first sample at t_mid, then the same output grid to the end */
  mid = sample_at (whole, rc->t_mid);
  g_assert_cmpfloat (mf_test_recording_time (second, 0), ==, rc->t_mid);
  g_assert_cmpuint (mf_test_recording_n_samples (second), ==,
                    mf_test_recording_n_samples (whole) - mid);
  for (guint i = 0; i < mf_test_recording_n_samples (second); i++)
    g_assert_cmpfloat (mf_test_recording_time (second, i), ==,
                       mf_test_recording_time (whole, mid + i));

  /* The restarted integrator takes other steps than the uninterrupted one,
   * so the two differ by their local errors, each held to rtol relative to
   * the state's size (the error test's weight is atol + rtol |y|).  The
   * circuits are damped, so what was committed before is not amplified:
   * 100 · rtol of each output's largest magnitude covers the tens of steps'
   * worth of such errors seen (about 13 · rtol at most, in the oscillating
   * accumulator) while failing for a resume off by one output interval or
   * from a wrong switch. */
  for (guint o = 0; o < n_outputs; o++)
    {
      const char *name = mf_model_output_name (tc->model, o);
      double scale, tolerance, worst = 0;

      if (g_str_has_prefix (name, "solver."))
        continue;
      scale = scale_of (whole, o, o < n_states ? options.atol / options.rtol : 1.0);
      tolerance = 100 * options.rtol * scale;
      for (guint i = 0; i < mf_test_recording_n_samples (second); i++)
        {
          double a = mf_test_recording_value (whole, mid + i, o);
          double b = mf_test_recording_value (second, i, o);

          if (!(fabs (a - b) <= tolerance))
            g_error ("%s at t = %g: %.12g uninterrupted, %.12g resumed (tolerance %g)", name,
                     mf_test_recording_time (whole, mid + i), a, b, tolerance);
          worst = MAX (worst, fabs (a - b) / tolerance);
        }
      g_test_message ("%s: largest difference %.2g of the tolerance", name, worst);
    }
  /* the switches agree at every sample but those next to a switching time */
  for (guint s = n_outputs; s < n_values; s++)
    for (guint i = 1; i + 1 < mf_test_recording_n_samples (second); i++)
      if (mf_test_recording_value (whole, mid + i - 1, s)
          == mf_test_recording_value (whole, mid + i + 1, s))
        g_assert_cmpfloat (mf_test_recording_value (second, i, s), ==,
                           mf_test_recording_value (whole, mid + i, s));
  if (rc->switch_name != NULL)
    {
      gboolean found = FALSE, switched = FALSE;

      for (guint s = 0; s < mf_simulation_n_switches (tc->model); s++)
        {
          g_autofree char *name = mf_simulation_switch_name (tc->model, s);

          if (g_strcmp0 (name, rc->switch_name) != 0)
            continue;
          /* it has switched before t_mid, and the resumed run knows */
          for (guint i = 0; i < mid; i++)
            switched |= mf_test_recording_value (whole, i, n_outputs + s) != rc->switch_at;
          g_assert_true (switched);
          g_assert_cmpfloat (at_mid[n_outputs + s], ==, rc->switch_at);
          g_assert_cmpfloat (mf_test_recording_value (second, 0, n_outputs + s), ==,
                             rc->switch_at);
          found = TRUE;
        }
      g_assert_true (found);
    }
}

/* ---- a start off the output grid -------------------------------------- */

static void
test_off_grid (void)
{
  g_autoptr (MfTestCircuit) tc = example_load ("three-pipes");
  MfSimulationOptions options;
  MfSimulationStart start;
  g_autofree double *u = g_new0 (double, mf_model_n_states (tc->model));
  g_autoptr (MfTestRecording) rec = NULL;
  double interval;

  mf_simulation_options_from_circuit (&options, example_circuit (tc));
  interval = options.output_interval;
  mf_model_initial_state (tc->model, u);
  start.t = 10.3 * interval;
  start.u = u;
  start.switches = NULL;
  options.start = &start;
  rec = run (tc->model, &options);
  g_assert_cmpfloat (mf_test_recording_time (rec, 0), ==, start.t);
  g_assert_cmpfloat (fabs (mf_test_recording_time (rec, 1) - 11 * interval), <=,
                     1e-12 * options.t_end);
  g_assert_cmpfloat (mf_test_recording_time (rec, last (rec)), ==, options.t_end);
}

/* ---- (b) a state off the constraints is projected ---------------------- */

/* Three pipes at a junction: W v = 0 says what flows in flows out. */
static void
test_project_junction (void)
{
  g_autoptr (MfTestCircuit) tc = example_load ("three-pipes");
  g_autoptr (MfReduction) reduction = NULL;
  guint n_states = mf_model_n_states (tc->model);
  g_autofree double *u = g_new0 (double, n_states);
  MfSimulationOptions options;
  MfSimulationStart start;
  g_autoptr (MfTestRecording) rec = NULL;
  double before = 0, after = 0, scale = 0;

  mf_simulation_options_from_circuit (&options, example_circuit (tc));
  mf_model_initial_state (tc->model, u);
  for (guint k = 0; k < mf_model_n_velocities (tc->model); k++)
    u[k] = 1.0 + k;
  start.t = options.t_end / 4;
  start.u = u;
  start.switches = NULL;
  options.start = &start;
  rec = run (tc->model, &options);
  reduction = mf_reduction_new (tc->model, mf_test_recording_mode (rec, 0));
  g_assert_cmpuint (reduction->n_rows, >, 0);
  for (guint r = 0; r < reduction->n_rows; r++)
    {
      double wu = 0, wv = 0;

      for (guint k = 0; k < reduction->n_cols; k++)
        {
          double w = mf_sparse_get (reduction->w, r, k);

          wu += w * u[k];
          wv += w * mf_test_recording_value (rec, 0, k);
          scale = MAX (scale, fabs (w * mf_test_recording_value (rec, 0, k)));
        }
      before = MAX (before, fabs (wu));
      after = MAX (after, fabs (wv));
    }
  /* the start violates continuity by a flow of order 1e-4 m³/s; the first
   * sample satisfies it to rounding */
  g_assert_cmpfloat (before, >, 1e-6);
  g_assert_cmpfloat (after, <=, 1e-12 * MAX (scale, 1e-12));
}

/* Index 2 (as in test-index-two.c): a massless piston between a tank at
 * p1(t) = 10 bar (1 + ½ sin 20t) and one at 2 bar on a spring k = 1e5 N/m;
 * its force balance holds x(t) = (A1 p1(t) − A2 p2)/k.  A start at
 * x = 0.05 m is moved onto it. */
static const char *piston =
  "{ \"manifold\": 1, \"components\": ["
  "  { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"10 bar * (1 + 0.5*sin(20*t))\" },"
  "  { \"id\": \"T2\", \"type\": \"tank\", \"pressure\": \"2 bar\" },"
  "  { \"id\": \"C\", \"type\": \"piston\", \"mass\": 0, \"cap_area\": 1e-3,"
  "    \"rod_area\": 5e-4 },"
  "  { \"id\": \"K\", \"type\": \"spring\", \"stiffness\": 1e5 },"
  "  { \"id\": \"G\", \"type\": \"fixed\" } ],"
  "  \"wires\": [ [\"T1.p\", \"C.cap\"], [\"C.rod\", \"T2.p\"], [\"C.m\", \"K.a\"],"
  "    [\"K.b\", \"G.m\"] ] }";

static void
test_project_index_two (void)
{
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (piston);
  MfSimulationOptions options = { "msbdf", 0.5, 1e-8, 1e-12, 0.01, 0.0 };
  MfSimulationStart start;
  g_autofree double *u = g_new0 (double, mf_model_n_states (tc->model));
  g_autoptr (MfTestRecording) rec = NULL;
  int x = mf_model_find_state (tc->model, "C.x");
  int v = mf_model_find_state (tc->model, "C.v");
  double t = 0.123;
  double x_t = (1e-3 * 1e6 * (1 + 0.5 * sin (20 * t)) - 5e-4 * 2e5) / 1e5;
  double v_t = 1e-3 * 1e6 * 0.5 * 20 * cos (20 * t) / 1e5;

  g_assert_cmpint (x, >=, 0);
  g_assert_cmpint (v, >=, 0);
  u[x] = 0.05;
  u[v] = -3.0;
  start.t = t;
  start.u = u;
  start.switches = NULL;
  options.start = &start;
  rec = run (tc->model, &options);
  g_assert_cmpfloat (mf_test_recording_time (rec, 0), ==, t);
  /* x from one LU solve of the affine constraint, v from its derivative */
  g_assert_cmpfloat (fabs (mf_test_recording_value (rec, 0, x) - x_t), <=, 1e-12);
  g_assert_cmpfloat (fabs (mf_test_recording_value (rec, 0, v) - v_t), <=, 1e-9);
  g_assert_cmpfloat (fabs (mf_test_recording_value (rec, 1, x)
                           - (1e-3 * 1e6 * (1 + 0.5 * sin (20 * 0.13)) - 5e-4 * 2e5) / 1e5),
                     <=, 1e-9);
}

/* ---- (c) starts that make no sense ------------------------------------ */

static void
check_refused (MfModel *model, MfSimulationOptions *options, const char *expected)
{
  g_autoptr (GError) error = NULL;
  guint samples = 0;

  g_assert_false (mf_simulate (model, options, NULL, &samples, NULL, NULL, &error));
  g_assert_error (error, MF_ERROR, MF_ERROR_USAGE);
  g_assert_nonnull (strstr (error->message, expected));
}

static void
test_bad_starts (void)
{
  g_autoptr (MfTestCircuit) tc = example_load ("three-pipes");
  g_autofree double *u = g_new0 (double, mf_model_n_states (tc->model));
  MfSimulationOptions options;
  MfSimulationStart start = { 0.0, u, NULL };

  mf_simulation_options_from_circuit (&options, example_circuit (tc));
  options.start = &start;
  start.t = options.t_end;
  check_refused (tc->model, &options, "start time");
  start.t = 2 * options.t_end;
  check_refused (tc->model, &options, "start time");
  start.t = -1e-3;
  check_refused (tc->model, &options, "start time");
  start.t = NAN;
  check_refused (tc->model, &options, "start time");
  start.t = 0.0;
  start.u = NULL;
  check_refused (tc->model, &options, "no state");
  start.u = u;
  u[0] = INFINITY;
  check_refused (tc->model, &options, mf_model_state_name (tc->model, 0));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (resume_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/core/simulation-resume/%s/%g",
                                               resume_cases[i].example, resume_cases[i].t_mid);

      g_test_add_data_func (path, &resume_cases[i], test_resume);
    }
  g_test_add_func ("/core/simulation-resume/off-grid", test_off_grid);
  g_test_add_func ("/core/simulation-resume/project/junction", test_project_junction);
  g_test_add_func ("/core/simulation-resume/project/index-two", test_project_index_two);
  g_test_add_func ("/core/simulation-resume/bad-starts", test_bad_starts);
  return g_test_run ();
}
