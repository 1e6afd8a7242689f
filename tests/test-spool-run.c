/* test-spool-run.c: a directional valve's spool drawn where a run had it
 * (src/app/editor/mf-spool-pose.c over src/app/simulation/mf-run-record.c)
 * — position-control's 4/3 valve follows its cylinder,
 * spool = clamp(100·(x_ref − C1.x), −1, 1), and at any time of its run the
 * pose's spool is that expression of the C1.x the run recorded then,
 * interpolated between samples here by hand.  No display needed.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>

#include "mf-run-record.h"
#include "mf-spool-pose.h"
#include "mf-test-edit.h"
#include "mf-test-examples.h"

/* The run's samples as the simulation pane keeps them: one segment of the
 * model's outputs by name. */
static MfRunRecord *
record_of (const MfModel *model, const MfTestRecording *recording)
{
  MfRunRecord *run = mf_run_record_new ("Run 1");
  guint n = mf_model_n_outputs (model);
  g_autofree const char **names = g_new0 (const char *, n + 1);

  for (guint i = 0; i < n; i++)
    names[i] = mf_model_output_name (model, i);
  mf_run_record_begin_segment (run, n, names, NULL);
  for (guint s = 0; s < mf_test_recording_n_samples (recording); s++)
    mf_run_record_append (run, mf_test_recording_time (recording, s),
                          mf_test_recording_mode (recording, s),
                          mf_test_recording_outputs (recording, s));
  return run;
}

static double
recorded (const char *name, double t, gpointer run)
{
  return mf_run_record_value_at (MF_RUN_RECORD (run), name, t);
}

/* The example's x_ref: 0 → 0.1 m over 0.1…0.15 s, 0.05 m less from 3 s. */
static double
reference (double t)
{
  return 0.1 * CLAMP ((t - 0.1) / 0.05, 0.0, 1.0) - (t >= 3.0 ? 0.05 : 0.0);
}

/* The spool the document's expression gives for C1.x = x at time t. */
static double
spool_for (double t, double x)
{
  return CLAMP (100 * (reference (t) - x), -1.0, 1.0);
}

static double
pose_spool (MfEditDocument *document, guint valve, double t, MfRunRecord *run)
{
  MfSymbolPose pose = { 0 };

  mf_spool_pose_read (document, valve, t, run != NULL ? recorded : NULL, run, &pose);
  return pose.spool;
}

/* Samples i and i + 1 are 10 ms apart; at 0.4 of the way between them the
 * pose takes C1.x interpolated linearly.  The run shows the valve wide
 * open while the cylinder extends (t = 1 s), throttling within 10 mm of
 * the target (every sample whose spool lies in (0.1, 0.9) is checked, and
 * there must be some) and near its overlap, 0.05, once the paths closed
 * (t = 2.8 s).  Outside a run, with no record, the spool is at rest, as
 * it is past the run's end. */
static void
test_position_control (void)
{
  g_autoptr (MfTestCircuit) example = example_load ("position-control");
  g_autoptr (MfTestRecording) recording = simulate (example, NULL, 3.0, NULL);
  g_autoptr (MfRunRecord) run = record_of (example->model, recording);
  g_autoptr (MfEditDocument) document = example_document ("position-control.manifold");
  guint x_column = mf_test_output (example->model, "C1.x");
  int valve = mf_edit_document_find_component (document, "DV1");
  guint n = mf_test_recording_n_samples (recording), throttling = 0;

  g_assert_cmpint (valve, >=, 0);
  for (guint i = 0; i + 1 < n; i++)
    {
      double t0 = mf_test_recording_time (recording, i);
      double t1 = mf_test_recording_time (recording, i + 1);
      double x0 = mf_test_recording_value (recording, i, x_column);
      double x1 = mf_test_recording_value (recording, i + 1, x_column);
      double t = t0 + 0.4 * (t1 - t0), x = x0 + 0.4 * (x1 - x0);
      double expected = spool_for (t, x);

      if (t0 < 0.2 || t0 > 2.9)
        continue; /* the reference's ramp, the run's end */
      if (fabs (t0 - 1.0) < 1e-9 || fabs (t0 - 2.8) < 1e-9 || (expected > 0.1 && expected < 0.9))
        {
          g_assert_cmpfloat_with_epsilon (pose_spool (document, (guint) valve, t0, run),
                                          spool_for (t0, x0), 1e-12);
          g_assert_cmpfloat_with_epsilon (pose_spool (document, (guint) valve, t, run), expected,
                                          1e-12);
          throttling += expected > 0.1 && expected < 0.9;
        }
    }
  g_assert_cmpuint (throttling, >=, 3);
  /* wide open while it extends, at its overlap once closed */
  g_assert_cmpfloat (pose_spool (document, (guint) valve, 1.0, run), ==, 1.0);
  g_assert_cmpfloat_with_epsilon (pose_spool (document, (guint) valve, 2.8, run), 0.05, 1e-3);
  /* no run recorded, no run at all, a time the run did not reach */
  g_assert_cmpfloat (pose_spool (document, (guint) valve, 1.0, NULL), ==, 0.0);
  g_assert_cmpfloat (pose_spool (document, (guint) valve, NAN, run), ==, 0.0);
  g_assert_cmpfloat (pose_spool (document, (guint) valve, 3.5, run), ==, 0.0);
}

/* A run that lacks a quantity the spool names (it was recorded before the
 * spool named it) leaves the valve at rest; one it has moves it. */
static void
test_quantity_missing (void)
{
  g_autoptr (MfEditDocument) document = document_from (
    "{ \"manifold\": 1, \"components\": ["
    " { \"id\": \"DV1\", \"type\": \"valve_4_3\", \"full_area\": \"10 mm^2\","
    "   \"spool\": \"clamp(2*M1.x - t, -1, 1)\" },"
    " { \"id\": \"M1\", \"type\": \"mass\", \"mass\": \"1 kg\" } ], \"wires\": [] }");
  g_autoptr (MfRunRecord) run = mf_run_record_new ("Run 1");
  const char *names[] = { "M1.v" };

  mf_run_record_begin_segment (run, 1, names, NULL);
  mf_run_record_append (run, 0.0, 0, (const double[]) { 1.0 });
  mf_run_record_append (run, 1.0, 0, (const double[]) { 1.0 });
  g_assert_cmpfloat (pose_spool (document, 0, 0.5, run), ==, 0.0);
  names[0] = "M1.x";
  mf_run_record_begin_segment (run, 1, names, NULL);
  mf_run_record_append (run, 1.0, 0, (const double[]) { 0.25 });
  mf_run_record_append (run, 2.0, 0, (const double[]) { 0.75 });
  /* at 1.5: M1.x = 0.5, 2·0.5 − 1.5 = −0.5 */
  g_assert_cmpfloat_with_epsilon (pose_spool (document, 0, 1.5, run), -0.5, 1e-12);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/app/spool-run/position-control", test_position_control);
  g_test_add_func ("/app/spool-run/quantity-missing", test_quantity_missing);
  return g_test_run ();
}
