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

/* Sets pose->centre and pose->spool of component `index` of `document`
 * when it is a directional valve (anything else is left alone): its
 * "centre" (closed when absent or not a centre), and its "spool" evaluated
 * at the run's time `t` (NaN: no run, the spool at rest, 0).  A spool the
 * editor cannot read yet (a text being typed) is drawn at rest. */
void mf_spool_pose_read (MfEditDocument *document,
                         guint           index,
                         double          t,
                         MfSymbolPose   *pose);

G_END_DECLS
