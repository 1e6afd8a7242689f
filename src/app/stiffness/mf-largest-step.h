/* mf-largest-step.h: a method's largest stable fixed step for a set of
 * eigenvalues (mf_stability_region_largest_step()) in a worker thread: for
 * a circuit of a thousand states and a multistep method it takes seconds,
 * each point of each ray a polynomial's roots.  No GTK here.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "mf-stability-method.h"

G_BEGIN_DECLS

/* The eigenvalues are copied. */
void   mf_largest_step_async (const MfStabilityRegion *region,
                              const double complex    *lambda,
                              guint                    n,
                              GCancellable            *cancellable,
                              GAsyncReadyCallback      callback,
                              gpointer                 user_data);
/* The step (INFINITY: none; 0: stable at no step), or NaN with `error` set
 * (G_IO_ERROR_CANCELLED). */
double mf_largest_step_finish (GAsyncResult  *result,
                               GError       **error);

G_END_DECLS
