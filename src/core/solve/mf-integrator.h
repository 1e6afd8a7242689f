/* mf-integrator.h: one mode's reduced system (mf-system.h) with the GSL
 * objects of the chosen method, allocated once, taking one step at a time
 * toward a stop time without passing it.  Private to the simulation driver.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "mf-method.h"
#include "mf-simulation.h"
#include "mf-system.h"

G_BEGIN_DECLS

typedef struct _MfIntegrator MfIntegrator;

/* Takes ownership of `system` (freed on failure too).  Steps, rejections
 * and evaluations are added to `stats`, which must outlive the integrator,
 * and each step and refused try to options->steps when it is set. */
MfIntegrator *mf_integrator_new (MfSystem                  *system,
                                 const MfMethod            *method,
                                 const MfSimulationOptions *options,
                                 MfSimulationStats         *stats,
                                 GError                   **error);
void          mf_integrator_free (MfIntegrator *integrator);

MfSystem     *mf_integrator_get_system (MfIntegrator *integrator);

/* Starts afresh, as after a mode switch: no multistep history, the initial
 * step size. */
void          mf_integrator_restart (MfIntegrator *integrator);
/* Forgets the multistep history (an input has a kink here) but keeps the
 * step size. */
void          mf_integrator_forget_history (MfIntegrator *integrator);

/* The step size the next adaptive step will try first. */
double        mf_integrator_next_step (const MfIntegrator *integrator);
/* Forgets the multistep history and tries `h` first: for integrating again
 * from a state saved earlier (locating a valve event inside a step). */
void          mf_integrator_rewind (MfIntegrator *integrator,
                                    double        h);

/* Integrates again from an earlier state with the step `h` first, as after
 * a step whose end did not pass the self-check (mf-system-check.h); a mode
 * with nothing to integrate then moves on in jumps of h, doubling. */
void          mf_integrator_retry (MfIntegrator *integrator,
                                   double        h);

/* One accepted step from *t toward t_stop > *t; *t becomes exactly t_stop
 * when the step reaches it.  The state is then checked for blow-up.
 * FALSE with MF_ERROR_SOLVER naming the time and the cause. */
/* Whether the integrator gives the state anywhere within its last step
 * (mf_integrator_interpolate()), so that samples need not stop it. */
gboolean      mf_integrator_interpolates (const MfIntegrator *integrator);
/* y(t) for t within the last step: FALSE when it cannot. */
gboolean      mf_integrator_interpolate (MfIntegrator *integrator,
                                         double        t,
                                         double       *y);

gboolean      mf_integrator_step (MfIntegrator *integrator,
                                  double       *t,
                                  double        t_stop,
                                  double       *y,
                                  GError      **error);

G_END_DECLS
