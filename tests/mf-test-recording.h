/* mf-test-recording.h: the samples of a simulation run, kept for tests to
 * compare with a closed form.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include <math.h>

#include "mf-error.h"
#include "mf-model.h"
#include "mf-simulation.h"
#include "mf-system-check.h"

/* Every sample a run reports, in order; free with mf_test_recording_free. */
typedef struct
{
  guint         n_outputs;
  GArray       *times;        /* double */
  GArray       *modes;        /* guint */
  GArray       *values;       /* double, n_outputs per sample */
  guint         stop_after;   /* > 0: end the run once this many samples are in */
  GCancellable *cancel_after; /* if set, end it by cancelling this instead */
} MfTestRecording;

static inline MfTestRecording *
mf_test_recording_new (const MfModel *model)
{
  MfTestRecording *recording = g_new0 (MfTestRecording, 1);

  recording->n_outputs = mf_model_n_outputs (model);
  recording->times = g_array_new (FALSE, FALSE, sizeof (double));
  recording->modes = g_array_new (FALSE, FALSE, sizeof (guint));
  recording->values = g_array_new (FALSE, FALSE, sizeof (double));
  return recording;
}

static inline void
mf_test_recording_free (MfTestRecording *recording)
{
  g_array_unref (recording->times);
  g_array_unref (recording->modes);
  g_array_unref (recording->values);
  g_clear_object (&recording->cancel_after);
  g_free (recording);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfTestRecording, mf_test_recording_free)

/* An MfSampleFunc: appends the sample to the recording in `data`. */
static inline gboolean
mf_test_recording_add (double t, guint mode, const double *outputs, gpointer data)
{
  MfTestRecording *recording = data;

  g_array_append_val (recording->times, t);
  g_array_append_val (recording->modes, mode);
  g_array_append_vals (recording->values, outputs, recording->n_outputs);
  if (recording->stop_after > 0 && recording->times->len >= recording->stop_after)
    {
      if (recording->cancel_after != NULL)
        {
          g_cancellable_cancel (recording->cancel_after);
          return TRUE;
        }
      return FALSE;
    }
  return TRUE;
}

static inline guint
mf_test_recording_n_samples (const MfTestRecording *recording)
{
  return recording->times->len;
}

static inline double
mf_test_recording_time (const MfTestRecording *recording, guint sample)
{
  return g_array_index (recording->times, double, sample);
}

static inline guint
mf_test_recording_mode (const MfTestRecording *recording, guint sample)
{
  return g_array_index (recording->modes, guint, sample);
}

/* The n_outputs values of a sample. */
static inline const double *
mf_test_recording_outputs (const MfTestRecording *recording, guint sample)
{
  return &g_array_index (recording->values, double, sample * recording->n_outputs);
}

static inline double
mf_test_recording_value (const MfTestRecording *recording, guint sample, guint output)
{
  return mf_test_recording_outputs (recording, sample)[output];
}

/* No sample the run handed out has a residual beyond its tolerance
 * (mf-system-check.h), nor a NaN one. */
static inline void
mf_test_recording_assert_checked (const MfModel             *model,
                                  const MfSimulationOptions *options,
                                  const MfTestRecording     *recording)
{
  double tolerance = mf_check_tolerance (options->rtol);
  guint column = recording->n_outputs;

  for (guint o = 0; o < recording->n_outputs; o++)
    if (g_str_equal (mf_model_output_name (model, o), "solver.residual"))
      column = o;
  g_assert_cmpuint (column, <, recording->n_outputs);
  for (guint i = 0; i < mf_test_recording_n_samples (recording); i++)
    g_assert_cmpfloat (mf_test_recording_value (recording, i, column), <=, tolerance);
}

/* Runs `model` with `options`, which must succeed, and returns every sample;
 * `stats` may be NULL. */
static inline MfTestRecording *
mf_test_recording_simulate (MfModel                   *model,
                            const MfSimulationOptions *options,
                            MfSimulationStats         *stats)
{
  g_autoptr (GError) error = NULL;
  MfTestRecording *recording = mf_test_recording_new (model);
  gboolean ok = mf_simulate (model, options, mf_test_recording_add, recording, stats, NULL, &error);

  g_assert_no_error (error);
  g_assert_true (ok);
  mf_test_recording_assert_checked (model, options, recording);
  return recording;
}

/* Fails the test unless `value` is within `tolerance` of `expected`:
 * relative to |expected| above 1, absolute below. */
static inline void
mf_test_assert_near (double value, double expected, double tolerance)
{
  if (!(fabs (value - expected) <= tolerance * MAX (1.0, fabs (expected))))
    g_error ("%.12g differs from %.12g by more than %g", value, expected, tolerance);
}

/* Runs `model` with the options its document gives, which must fail as a
 * solver error, recording every sample before the failure into
 * `recording`; returns that error (to be freed). */
static inline GError *
mf_test_recording_simulate_failing (MfModel *model, MfTestRecording *recording)
{
  GError *error = NULL;
  MfSimulationOptions options;

  mf_simulation_options_from_circuit (&options, mf_model_get_circuit (model));
  g_assert_false (mf_simulate (model, &options, mf_test_recording_add, recording, NULL, NULL,
                               &error));
  g_test_message ("%s", error->message);
  g_assert_error (error, MF_ERROR, MF_ERROR_SOLVER);
  return error;
}
