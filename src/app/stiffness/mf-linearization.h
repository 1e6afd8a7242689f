/* mf-linearization.h: a document's circuit linearised where the Stiffness
 * window asks — at the start of a run (the first sample a run of the
 * document gives: the initial state made consistent), or at a sample of a
 * run the simulation pane kept — with what the window shows beside it: the
 * mode, the document's method and fixed step.
 *
 * The text is loaded and the model assembled anew each time, in a worker
 * thread for the asynchronous form (a circuit of 2000 states takes a
 * while).  A sample's values are matched to the circuit as it is now by
 * their names, so a run made before an edit that kept the states
 * linearises the edited circuit at the run's state.  No GTK here.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "mf-stiffness.h"

G_BEGIN_DECLS

typedef struct _MfLinearization MfLinearization;

/* Where to linearise: at the start (names NULL), or at a sample of a run —
 * its time, the name of the mode in force, and its values with the
 * columns' names (mf_model_output_name() and mf_simulation_switch_name()
 * of the circuit the run simulated). */
typedef struct
{
  double             t;
  const char        *mode;
  guint              n_values;
  const char *const *names;
  const double      *values;
} MfLinearizationPoint;

/* NULL with the loader's error ("NAME:LINE:COL: message"), the assembly's
 * or the run's, MF_ERROR_USAGE when the circuit has more than
 * MF_STIFFNESS_MAX_STATES states, MF_ERROR_INVALID when the sample lacks a
 * value or a mode the circuit has now, or G_IO_ERROR_CANCELLED.  `point`
 * NULL: at the start. */
MfLinearization   *mf_linearization_compute (const char                 *data,
                                             gssize                      length,
                                             const char                 *name,
                                             const MfLinearizationPoint *point,
                                             GCancellable               *cancellable,
                                             GError                    **error);
/* The same in a worker thread; the text and the point are copied first. */
void               mf_linearization_compute_async (const char                 *data,
                                                   gssize                      length,
                                                   const char                 *name,
                                                   const MfLinearizationPoint *point,
                                                   GCancellable               *cancellable,
                                                   GAsyncReadyCallback         callback,
                                                   gpointer                    user_data);
MfLinearization   *mf_linearization_compute_finish (GAsyncResult  *result,
                                                    GError       **error);
void               mf_linearization_free (MfLinearization *linearization);

const MfStiffness *mf_linearization_get_stiffness (const MfLinearization *linearization);
/* The mode linearised. */
const char        *mf_linearization_get_mode (const MfLinearization *linearization);
/* The document's "simulation": its method ("auto", "rk4", …), and its
 * fixed step (s; 0 when the run is adaptive). */
const char        *mf_linearization_get_method (const MfLinearization *linearization);
double             mf_linearization_get_fixed_step (const MfLinearization *linearization);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfLinearization, mf_linearization_free)

G_END_DECLS
