/* mf-spool-pose.h: what a directional valve's symbol shows of its
 * document fields — the 4/3 valve's centre, and during a run the spool's
 * place at the run's time (docs/manual.md, the palette's valves).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "mf-edit-document.h"
#include "mf-symbol.h"

G_BEGIN_DECLS

/* The value a run had of its quantity `name` ("C1.x", "J1.p") at time t,
 * interpolated between its samples: NaN when the run has no such quantity
 * or did not reach t. */
typedef double (*MfRunValueFunc) (const char *name,
                                  double      t,
                                  gpointer    user_data);

/* Sets pose->centre and pose->spool of component `index` of `document`
 * when it is a directional valve (anything else is left alone): its
 * "centre" (closed when absent or not a centre), and its "spool" evaluated
 * at the run's time `t` (NaN: no run, the spool at rest, 0), each name it
 * uses (docs/model.md, "Feedback") bound to the value `value` gives at t.
 * A spool that names quantities is at rest when `value` is NULL (no run
 * recorded) or the run lacks one of them; a spool the editor cannot read
 * yet (a text being typed) is drawn at rest too. */
void mf_spool_pose_read (MfEditDocument *document,
                         guint           index,
                         double          t,
                         MfRunValueFunc  value,
                         gpointer        value_data,
                         MfSymbolPose   *pose);

G_END_DECLS
