/* mf-largest-step.c
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-largest-step.h"

#include <math.h>

typedef struct
{
  MfStabilityRegion region;
  double complex   *lambda;
  guint             n;
  double            step;
} Job;

static void
job_free (Job *job)
{
  g_free (job->lambda);
  g_free (job);
}

static void
find_in_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Job *job = data;

  job->step = mf_stability_region_largest_step (&job->region, job->lambda, job->n);
  if (!g_task_return_error_if_cancelled (task))
    g_task_return_boolean (task, TRUE);
}

void
mf_largest_step_async (const MfStabilityRegion *region, const double complex *lambda, guint n,
                       GCancellable *cancellable, GAsyncReadyCallback callback,
                       gpointer user_data)
{
  g_autoptr (GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  Job *job = g_new0 (Job, 1);

  g_return_if_fail (region != NULL && region->method != NULL);
  job->region = *region;
  job->lambda = g_memdup2 (lambda, MAX (n, 1) * sizeof (double complex));
  job->n = n;
  g_task_set_source_tag (task, mf_largest_step_async);
  g_task_set_task_data (task, job, (GDestroyNotify) job_free);
  g_task_run_in_thread (task, find_in_thread);
}

double
mf_largest_step_finish (GAsyncResult *result, GError **error)
{
  Job *job;

  g_return_val_if_fail (g_task_is_valid (result, NULL), NAN);
  if (!g_task_propagate_boolean (G_TASK (result), error))
    return NAN;
  job = g_task_get_task_data (G_TASK (result));
  return job->step;
}
