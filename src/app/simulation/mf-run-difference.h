/* mf-run-difference.h: two runs compared — a new record of run A minus
 * run B for every quantity both have in the same unit, at A's times, B
 * interpolated linearly between its samples (mf_run_interpolate(),
 * mf-run-record.h).  No GTK.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "mf-run-record.h"

G_BEGIN_DECLS

/* A new record labelled "A − B" (the runs' labels), FINISHED, with A's
 * times and modes and one column per quantity of A that B has in the
 * same unit, in A's order: A's value minus B's interpolated there.  A
 * quantity B lacks, or has in another unit, is left out. */
MfRunRecord *mf_run_difference (MfRunRecord *a,
                                MfRunRecord *b);

G_END_DECLS
