/* mf-canvas-run.c: the canvas while a run plays — the run's time, at which
 * the directional valves' symbols show their spools' places (mf-canvas.h).
 *
 * The window sets the time once a frame while a run is live; most frames
 * move no spool (a schedule holds it between its ramps), and a circuit
 * without directional valves has none to move, so only a frame in which a
 * spool's place changed is drawn again.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-canvas-private.h"

#include <math.h>

#include "mf-spool-pose.h"

/* Whether any directional valve of the document stands elsewhere at `t1`
 * than at `t0`. */
static gboolean
any_spool_moved (MfEditDocument *document,
                 double          t0,
                 double          t1)
{
  guint n = mf_edit_document_get_n_components (document);

  for (guint i = 0; i < n; i++)
    {
      MfSymbolPose before = { 0 }, after = { 0 };

      mf_spool_pose_read (document, i, t0, &before);
      mf_spool_pose_read (document, i, t1, &after);
      /* (NaN against NaN is no move) */
      if (before.spool != after.spool && !(isnan (before.spool) && isnan (after.spool)))
        return TRUE;
    }
  return FALSE;
}

void
mf_canvas_set_run_time (MfCanvas *self,
                        double    t)
{
  double before;

  g_return_if_fail (MF_IS_CANVAS (self));

  before = self->run_time;
  if (before == t || (isnan (before) && isnan (t)))
    return;
  self->run_time = t;
  if (self->document != NULL && any_spool_moved (self->document, before, t))
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

double
mf_canvas_get_run_time (MfCanvas *self)
{
  g_return_val_if_fail (MF_IS_CANVAS (self), NAN);

  return self->run_time;
}
