/* mf-run-sidecar-queue.c: the one worker that reads and writes the runs
 * files beside documents, in the order asked (mf-run-sidecar-queue.h).
 *
 * A GThreadPool of one thread keeps the order: each job is a GTask whose
 * body runs there and whose callback comes back on the main context.  Two
 * counts: the jobs whose callbacks are still to come (what the pending
 * count, the application's hold and the idle callbacks follow), and the
 * jobs whose bodies are still to run (what mf_run_sidecar_wait() waits
 * for, without a main loop).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-run-sidecar-queue.h"

#include "mf-run-sidecar.h"

typedef struct
{
  gboolean            is_write;
  GFile              *document_file;
  GFile              *merge_from; /* a write's; may be NULL */
  GPtrArray          *stored;     /* a write's MfStoredRun * */
  guint               n_made;     /* a write's, then a read's */
  GPtrArray          *records;    /* a read's */
  GApplication       *held;       /* may be NULL */
  GAsyncReadyCallback callback;
  gpointer            user_data;
} Job;

static GThreadPool *worker;
static guint pending;         /* main thread only */
static GSList *when_idle;     /* GSource * to attach when nothing is pending */
static GMutex bodies_lock;
static GCond bodies_done;
static guint bodies_left;     /* under bodies_lock */

static void
job_free (gpointer data)
{
  Job *job = data;

  g_clear_object (&job->document_file);
  g_clear_object (&job->merge_from);
  g_clear_pointer (&job->stored, g_ptr_array_unref);
  g_clear_pointer (&job->records, g_ptr_array_unref);
  g_clear_object (&job->held);
  g_free (job);
}

static gboolean
write_runs (Job     *job,
            GError **error)
{
  g_autoptr (GError) merge_error = NULL;

  if (job->merge_from != NULL
      && !mf_run_sidecar_merge (job->stored, &job->n_made, job->merge_from, &merge_error))
    {
      /* the file being read cannot be: it is left as it is (its reader
       * says so), and the runs made meanwhile go only to another name */
      if (g_file_equal (job->merge_from, job->document_file))
        return TRUE;
    }
  return mf_run_sidecar_write (job->stored, job->n_made, job->document_file, error);
}

static void
run_job (gpointer data,
         gpointer unused)
{
  GTask *task = data;
  Job *job = g_task_get_task_data (task);
  GError *error = NULL;

  if (job->is_write)
    {
      if (write_runs (job, &error))
        g_task_return_boolean (task, TRUE);
      else
        g_task_return_error (task, error);
    }
  else
    {
      job->records = mf_run_sidecar_load (job->document_file, &job->n_made, &error);
      if (job->records != NULL)
        g_task_return_boolean (task, TRUE);
      else
        g_task_return_error (task, error);
    }
  g_object_unref (task);
  g_mutex_lock (&bodies_lock);
  bodies_left--;
  g_cond_broadcast (&bodies_done);
  g_mutex_unlock (&bodies_lock);
}

static void
job_done (GObject      *source,
          GAsyncResult *result,
          gpointer      data)
{
  Job *job = g_task_get_task_data (G_TASK (result));
  g_autoptr (GApplication) held = g_steal_pointer (&job->held);

  job->callback (source, result, job->user_data);
  if (held != NULL)
    g_application_release (held);
  if (--pending > 0)
    return;
  while (when_idle != NULL)
    {
      GSource *source_idle = when_idle->data;

      when_idle = g_slist_delete_link (when_idle, when_idle);
      g_source_attach (source_idle, NULL);
      g_source_unref (source_idle);
    }
}

static void
push (Job *job)
{
  GTask *task = g_task_new (NULL, NULL, job_done, NULL);

  if (worker == NULL)
    worker = g_thread_pool_new (run_job, NULL, 1, FALSE, NULL);
  job->held = g_application_get_default ();
  if (job->held != NULL)
    {
      g_object_ref (job->held);
      g_application_hold (job->held);
    }
  g_task_set_source_tag (task, push);
  g_task_set_task_data (task, job, job_free);
  pending++;
  g_mutex_lock (&bodies_lock);
  bodies_left++;
  g_mutex_unlock (&bodies_lock);
  g_thread_pool_push (worker, task, NULL);
}

void
mf_run_sidecar_save_async (GPtrArray          *stored,
                           guint               n_made,
                           GFile              *document_file,
                           GFile              *merge_from,
                           GAsyncReadyCallback callback,
                           gpointer            user_data)
{
  Job *job = g_new0 (Job, 1);

  job->is_write = TRUE;
  job->stored = stored;
  job->n_made = n_made;
  job->document_file = g_object_ref (document_file);
  job->merge_from = merge_from != NULL ? g_object_ref (merge_from) : NULL;
  job->callback = callback;
  job->user_data = user_data;
  push (job);
}

gboolean
mf_run_sidecar_save_finish (GAsyncResult *result,
                            GError      **error)
{
  return g_task_propagate_boolean (G_TASK (result), error);
}

void
mf_run_sidecar_load_async (GFile              *document_file,
                           GAsyncReadyCallback callback,
                           gpointer            user_data)
{
  Job *job = g_new0 (Job, 1);

  job->document_file = g_object_ref (document_file);
  job->callback = callback;
  job->user_data = user_data;
  push (job);
}

GPtrArray *
mf_run_sidecar_load_finish (GAsyncResult *result,
                            guint        *n_made,
                            GError      **error)
{
  Job *job = g_task_get_task_data (G_TASK (result));

  *n_made = 0;
  if (!g_task_propagate_boolean (G_TASK (result), error))
    return NULL;
  *n_made = job->n_made;
  return g_steal_pointer (&job->records);
}

guint
mf_run_sidecar_get_pending (void)
{
  return pending;
}

void
mf_run_sidecar_when_idle (GSourceFunc callback,
                          gpointer    user_data)
{
  GSource *source = g_idle_source_new ();

  g_source_set_callback (source, callback, user_data, NULL);
  if (pending > 0)
    {
      when_idle = g_slist_append (when_idle, source);
      return;
    }
  g_source_attach (source, NULL);
  g_source_unref (source);
}

void
mf_run_sidecar_wait (void)
{
  g_mutex_lock (&bodies_lock);
  while (bodies_left > 0)
    g_cond_wait (&bodies_done, &bodies_lock);
  g_mutex_unlock (&bodies_lock);
}
