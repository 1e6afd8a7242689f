/* mf-tearing.h: a tearing of an algebraic loop (a block of mf-blt.h) — a
 * few of its unknowns, the tears, whose guess lets every other unknown
 * follow from one equation after another, the equations left over being
 * the residuals Newton drives to zero.  The idea of tearing on bond graphs
 * (Borutzky): guess the efforts at junctions and the flows follow.
 *
 * A greedy heuristic, not a minimal tearing (finding one is NP-hard):
 * while some unused equation has a single unknown not yet known, it is
 * solved for that unknown; when none has, the unknown not yet known that
 * appears in the most unused equations is torn — on ties an algebraic
 * unknown (a pressure, a massless flow) before a derivative, then the
 * earlier one.  O(entries · log entries).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "mf-pantelides.h"

G_BEGIN_DECLS

typedef struct _MfTearing MfTearing;

/* Scratch for tearing the blocks of `pantelides`' final system, one after
 * another. */
MfTearing *mf_tearing_new (const MfPantelides *pantelides);
void       mf_tearing_free (MfTearing *tearing);

/* Tears the block of `n` final equations `equations` and the `n` unknowns
 * `unknowns` they are matched to, and writes them back in the order of
 * mf-blt.h: equations[k] solved for unknowns[k], one after another, for
 * k < n − t, then the t residual equations and the t tears.  Returns t. */
guint      mf_tearing_tear (MfTearing *tearing,
                            guint     *equations,
                            guint     *unknowns,
                            guint      n);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfTearing, mf_tearing_free)

G_END_DECLS
