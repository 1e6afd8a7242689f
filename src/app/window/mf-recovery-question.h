/* mf-recovery-question.h: after a crash, the question about each copy of
 * unsaved work that the Manifold which stopped left behind (mf-recovery.h):
 * restore it, discard it, or leave it for the next start.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "mf-application.h"
#include "mf-window.h"

G_BEGIN_DECLS

/* Asks about each of `orphans` (MfRecovered, taken over) in turn, in front
 * of `window`.  A copy restored goes to `window` when it shows a document
 * the user has not touched nor saved, else to a new window. */
void mf_recovery_question_ask (MfApplication *application,
                               MfWindow      *window,
                               GPtrArray     *orphans);

G_END_DECLS
