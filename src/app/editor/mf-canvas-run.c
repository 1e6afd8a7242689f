/* mf-canvas-run.c: the canvas while a run plays — the run and its time, at
 * which the directional valves' symbols show their spools' places
 * (mf-canvas.h).
 *
 * The window sets the time once a frame while a run is live; most frames
 * move no spool (a schedule holds it between its ramps), and a circuit
 * without directional valves has none to move, so only a frame in which a
 * spool's place changed is drawn again.  A spool that names the run's
 * quantities (docs/model.md, "Feedback") takes their values from the
 * run's record at that time, interpolated as the plots' read-out is.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-canvas-private.h"

#include <math.h>

#include "mf-spool-pose.h"

/* An MfRunValueFunc over a run's record. */
static double
recorded_value (const char *name,
                double      t,
                gpointer    run)
{
  return mf_run_record_value_at (MF_RUN_RECORD (run), name, t);
}

/* Whether any directional valve of the document stands elsewhere at `t1`
 * than at `t0`, both in `run`. */
static gboolean
any_spool_moved (MfEditDocument *document,
                 MfRunRecord    *run,
                 double          t0,
                 double          t1)
{
  guint n = mf_edit_document_get_n_components (document);
  MfRunValueFunc value = run != NULL ? recorded_value : NULL;

  for (guint i = 0; i < n; i++)
    {
      MfSymbolPose before = { 0 }, after = { 0 };

      mf_spool_pose_read (document, i, t0, value, run, &before);
      mf_spool_pose_read (document, i, t1, value, run, &after);
      if (before.spool != after.spool)
        return TRUE;
    }
  return FALSE;
}

void
mf_canvas_set_run (MfCanvas    *self,
                   MfRunRecord *run,
                   double       t)
{
  double before;

  g_return_if_fail (MF_IS_CANVAS (self));
  g_return_if_fail (run == NULL || MF_IS_RUN_RECORD (run));

  if (isnan (t))
    run = NULL;
  before = self->run_time;
  if (run != self->run)
    {
      /* another run (or none): its spools may stand anywhere */
      g_set_object (&self->run, run);
      self->run_time = t;
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }
  if (before == t || (isnan (before) && isnan (t)))
    return;
  self->run_time = t;
  if (self->document != NULL && any_spool_moved (self->document, run, before, t))
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

double
mf_canvas_get_run_time (MfCanvas *self)
{
  g_return_val_if_fail (MF_IS_CANVAS (self), NAN);

  return self->run_time;
}

void
mf_canvas_run_state (MfCanvas       *self,
                     MfDrawingState *state)
{
  state->run_time = self->run_time;
  state->run_value = self->run != NULL ? recorded_value : NULL;
  state->run_value_data = self->run;
}
