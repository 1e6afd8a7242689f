/* mf-sim-worker-buffer.c: the bounded buffer between a run's thread and the
 * window.
 *
 * The thread appends samples under the run's lock; a drain swaps the whole
 * buffer for an empty one under the lock and hands the samples out after
 * releasing it, so a slow consumer never holds the simulation up.  The
 * bound works the other way round: past `limit` undrained samples the
 * thread waits for a drain, so a window that stops draining (minimised,
 * busy) costs a bounded amount of memory rather than all of it.  Only the
 * thread ever waits: pause, resume, stop, an update and every drain wake it.
 *
 * Segments: each live update may change what a sample holds, so the buffer
 * carries a mark before the first sample of every segment naming its
 * layout; a drain follows the marks and tells the consumer.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-sim-worker-private.h"

#include <math.h>

static void
log_entry_clear (gpointer data)
{
  MfSimLogEntry *entry = data;

  g_free ((char *) entry->component);
  g_free ((char *) entry->from);
  g_free ((char *) entry->to);
  g_free ((char *) entry->states);
}

GArray *
mf_sim_samples_new (void)
{
  return g_array_new (FALSE, FALSE, sizeof (double));
}

GArray *
mf_sim_log_new (void)
{
  GArray *log = g_array_new (FALSE, FALSE, sizeof (MfSimLogEntry));

  g_array_set_clear_func (log, log_entry_clear);
  return log;
}

gint64
mf_sim_run_elapsed (const MfSimRun *run, gint64 now)
{
  gint64 until = now;

  if (run->began == 0)
    return 0;
  if (run->ended != 0)
    until = run->ended;
  else if (run->waiting)
    until = run->waiting_since;
  return MAX (until - run->began - run->paused_total, 0);
}

/* ---- the thread's side ------------------------------------------------- */

const MfSimLayout *
mf_sim_run_push_layout (MfSimRun *run, char **names, char **units)
{
  MfSimLayout *layout = g_new0 (MfSimLayout, 1);
  double mark[SAMPLE_HEAD];

  layout->n_values = g_strv_length (names);
  layout->names = names;
  layout->units = units;
  g_mutex_lock (&run->lock);
  mark[0] = NAN;
  mark[1] = run->layouts->len;
  g_ptr_array_add (run->layouts, layout);
  g_array_append_vals (run->samples, mark, SAMPLE_HEAD);
  run->n_values = layout->n_values;
  run->names = names;
  run->units = units;
  g_mutex_unlock (&run->lock);
  return layout;
}

/* Under the lock: whether the sample has to wait. */
static gboolean
run_holds (const MfSimRun *run, gboolean first)
{
  return (run->paused && !first) || run->undrained >= run->limit;
}

/* Under the lock: waits while the sample is held, unless the run is to
 * stop or an update is waiting; time spent waiting is no simulation time.
 * Returns whether the sample is still held. */
static gboolean
run_wait (MfSimRun *run, gboolean first)
{
  if (!run_holds (run, first))
    return FALSE;
  run->waiting = TRUE;
  run->waiting_since = g_get_monotonic_time ();
  while (run_holds (run, first) && !run->stopping && run->update == NULL)
    g_cond_wait (&run->resume, &run->lock);
  run->paused_total += g_get_monotonic_time () - run->waiting_since;
  run->waiting = FALSE;
  return run_holds (run, first);
}

gboolean
mf_sim_run_push_sample (MfSimRun     *run,
                        double        t,
                        guint         mode,
                        const double *values,
                        gboolean      first)
{
  double head[SAMPLE_HEAD] = { t, mode };
  gboolean held, go_on;

  g_mutex_lock (&run->lock);
  held = run_wait (run, first);
  if (run->stopping || (held && run->update != NULL))
    {
      run->cut_short = run->stopping;
      g_mutex_unlock (&run->lock);
      return FALSE;
    }
  g_array_append_vals (run->samples, head, SAMPLE_HEAD);
  g_array_append_vals (run->samples, values, run->n_values);
  run->undrained++;
  run->n_samples++;
  run->t = t;
  run->wall_at_t = mf_sim_run_elapsed (run, g_get_monotonic_time ()) / (double) G_USEC_PER_SEC;
  go_on = run->update == NULL;
  run->last_layout = g_ptr_array_index (run->layouts, run->layouts->len - 1);
  g_mutex_unlock (&run->lock);

  g_array_set_size (run->last, 0);
  g_array_append_vals (run->last, head, SAMPLE_HEAD);
  g_array_append_vals (run->last, values, run->n_values);
  return go_on;
}

void
mf_sim_run_add_log (MfSimRun *run, const MfSimLogEntry *entry)
{
  g_mutex_lock (&run->lock);
  g_array_append_vals (run->log, entry, 1);
  g_mutex_unlock (&run->lock);
}

GArray *
mf_sim_steps_new (void)
{
  return g_array_new (FALSE, FALSE, sizeof (MfStepEntry));
}

void
mf_sim_run_push_steps (MfSimRun *run, MfStepRecord *steps, const MfSimulationStats *so_far)
{
  g_mutex_lock (&run->lock);
  g_array_append_vals (run->steps, mf_step_record_get_entries (steps),
                       mf_step_record_get_n_entries (steps));
  run->so_far = *so_far;
  g_mutex_unlock (&run->lock);
  mf_step_record_clear (steps);
}

/* ---- draining ---------------------------------------------------------- */

/* Swaps the run's buffer `*buffer` for `*spare` (made by `make` if there is
 * none) under the lock, and returns what the run had written.  Taking the
 * samples makes room: a thread waiting for it goes on. */
static GArray *
take_buffer (MfSimRun *run, GArray **buffer, GArray **spare, GArray *(*make) (void))
{
  GArray *taken = NULL;

  g_mutex_lock (&run->lock);
  if ((*buffer)->len > 0)
    {
      taken = *buffer;
      *buffer = *spare != NULL ? g_steal_pointer (spare) : make ();
    }
  if (buffer == &run->samples && run->undrained > 0)
    {
      run->undrained = 0;
      g_cond_broadcast (&run->resume);
    }
  g_mutex_unlock (&run->lock);
  return taken;
}

/* Keeps `taken`, emptied, for the next drain; a drain called from inside
 * a callback may have left a spare already. */
static void
give_back (GArray **spare, GArray *taken)
{
  g_array_set_size (taken, 0);
  if (*spare == NULL)
    *spare = taken;
  else
    g_array_unref (taken);
}

static const MfSimLayout *
layout_at (MfSimRun *run, double index)
{
  const MfSimLayout *layout;

  g_mutex_lock (&run->lock);
  layout = g_ptr_array_index (run->layouts, (guint) index);
  g_mutex_unlock (&run->lock);
  return layout;
}

/* The layout in force after the samples taken: a drain from inside a
 * callback starts there. */
static const MfSimLayout *
final_layout (MfSimRun *run, const GArray *taken, const MfSimLayout *layout)
{
  gsize at = 0;

  while (at < taken->len)
    {
      const double *record = &g_array_index (taken, double, at);

      if (isnan (record[0]))
        layout = layout_at (run, record[1]);
      at += SAMPLE_HEAD + (isnan (record[0]) ? 0 : layout->n_values);
    }
  return layout;
}

/* Hands the undrained samples over, a segment's consecutive samples at a
 * time to `block_func`, or one by one to `sample_func`. */
static guint
drain_samples (MfSimWorker     *self,
               MfSimLayoutFunc  layout_func,
               MfSimBlockFunc   block_func,
               MfSimSampleFunc  sample_func,
               gpointer         user_data)
{
  MfSimRun *run = self->run;
  const MfSimLayout *layout;
  GArray *taken;
  gsize at = 0;
  guint n = 0;

  if (run == NULL)
    return 0;
  taken = take_buffer (run, &run->samples, &self->spare_samples, mf_sim_samples_new);
  if (taken == NULL)
    return 0;
  layout = run->drained_layout;
  run->drained_layout = final_layout (run, taken, layout);
  while (at < taken->len)
    {
      const double *rows = &g_array_index (taken, double, at);
      guint stride, n_rows = 0;

      if (isnan (rows[0]))
        {
          layout = layout_at (run, rows[1]);
          if (layout_func != NULL)
            layout_func (layout->n_values, (const char *const *) layout->names,
                         (const char *const *) layout->units, user_data);
          at += SAMPLE_HEAD;
          continue;
        }
      /* the samples up to the next mark, or to the end */
      stride = SAMPLE_HEAD + layout->n_values;
      while (at < taken->len && !isnan (g_array_index (taken, double, at)))
        {
          at += stride;
          n_rows++;
        }
      if (block_func != NULL)
        block_func (rows, n_rows, stride, user_data);
      else
        for (guint r = 0; r < n_rows; r++)
          {
            const double *row = rows + (gsize) r * stride;

            sample_func (row[0], (guint) row[1], row + SAMPLE_HEAD, user_data);
          }
      n += n_rows;
    }
  give_back (&self->spare_samples, taken);
  return n;
}

guint
mf_sim_worker_drain_full (MfSimWorker     *self,
                          MfSimLayoutFunc  layout_func,
                          MfSimSampleFunc  sample_func,
                          gpointer         user_data)
{
  g_return_val_if_fail (MF_IS_SIM_WORKER (self), 0);
  g_return_val_if_fail (sample_func != NULL, 0);

  return drain_samples (self, layout_func, NULL, sample_func, user_data);
}

guint
mf_sim_worker_drain_blocks (MfSimWorker     *self,
                            MfSimLayoutFunc  layout_func,
                            MfSimBlockFunc   block_func,
                            gpointer         user_data)
{
  g_return_val_if_fail (MF_IS_SIM_WORKER (self), 0);
  g_return_val_if_fail (block_func != NULL, 0);

  return drain_samples (self, layout_func, block_func, NULL, user_data);
}

guint
mf_sim_worker_drain (MfSimWorker *self, MfSimSampleFunc func, gpointer user_data)
{
  return mf_sim_worker_drain_full (self, NULL, func, user_data);
}

/* The entries of one of the run's buffers (the log, the steps) go to
 * `use` outside the lock; returns how many. */
typedef struct
{
  GCallback func;
  gpointer  user_data;
} Drain;

static guint
drain_entries (MfSimWorker *self,
               GArray     **buffer,
               GArray     **spare,
               GArray    *(*make) (void),
               void       (*use) (const GArray *taken, const Drain *drain),
               const Drain *drain)
{
  GArray *taken = take_buffer (self->run, buffer, spare, make);
  guint n;

  if (taken == NULL)
    return 0;
  n = taken->len;
  use (taken, drain);
  give_back (spare, taken);
  return n;
}

static void
use_steps (const GArray *taken, const Drain *drain)
{
  ((MfSimStepsFunc) drain->func) ((const MfStepEntry *) taken->data, taken->len,
                                  drain->user_data);
}

static void
use_log (const GArray *taken, const Drain *drain)
{
  for (guint i = 0; i < taken->len; i++)
    ((MfSimLogFunc) drain->func) (&g_array_index (taken, MfSimLogEntry, i), drain->user_data);
}

guint
mf_sim_worker_drain_steps (MfSimWorker *self, MfSimStepsFunc func, gpointer user_data)
{
  Drain drain = { G_CALLBACK (func), user_data };

  g_return_val_if_fail (MF_IS_SIM_WORKER (self), 0);
  g_return_val_if_fail (func != NULL, 0);

  if (self->run == NULL)
    return 0;
  return drain_entries (self, &self->run->steps, &self->spare_steps, mf_sim_steps_new, use_steps,
                        &drain);
}

guint
mf_sim_worker_drain_log (MfSimWorker *self, MfSimLogFunc func, gpointer user_data)
{
  Drain drain = { G_CALLBACK (func), user_data };

  g_return_val_if_fail (MF_IS_SIM_WORKER (self), 0);
  g_return_val_if_fail (func != NULL, 0);

  if (self->run == NULL)
    return 0;
  return drain_entries (self, &self->run->log, &self->spare_log, mf_sim_log_new, use_log,
                        &drain);
}
