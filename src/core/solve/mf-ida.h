/* mf-ida.h: SUNDIALS IDA as the stepper of one mode's reduced system — the
 * default method, "auto" (docs/model.md, "The default method").
 *
 * A mode whose M̄ is regular is integrated in its linearly implicit form
 * E y' = f(t, y) with the sparse iteration matrix of mf-iteration-matrix.h
 * and KLU; a mode with algebraic states as y' = f(t, y), its algebraic
 * states solved inside f as for every other method (mf-dae.c), with the
 * dense Jacobian of mf_system_jacobian().  IDA takes one step per call and
 * keeps its history from call to call as long as the caller goes on from
 * where the last step ended; anything else (a retry, a switch, a state
 * the caller changed) starts it afresh from the state given.  Between the
 * ends of its last step IDA interpolates, so samples and event searches
 * need not stop it.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "mf-simulation.h"
#include "mf-system.h"

G_BEGIN_DECLS

typedef struct _MfIda MfIda;

typedef enum
{
  MF_IDA_OK,
  MF_IDA_NOT_FINITE, /* the equations were not finite where IDA asked, however short the step */
  MF_IDA_STALLED,    /* the error test or the Newton iteration failed at the shortest step */
  MF_IDA_FAILED,     /* anything else: mf_ida_failure() says what */
} MfIdaStatus;

/* h_start: the first step of every fresh start not told otherwise;
 * `steps` (may be NULL) gets every rejected try (mf-step-record.h), the
 * caller recording the accepted steps. */
MfIda       *mf_ida_new (MfSystem          *system,
                         double             rtol,
                         double             atol,
                         double             h_start,
                         MfSimulationStats *stats,
                         MfStepRecord      *steps);
void         mf_ida_free (MfIda *ida);

/* One step from (*t, y) toward t_stop, never past it; *t and y move to
 * the step's end (exactly t_stop when it gets there). */
MfIdaStatus  mf_ida_step (MfIda  *ida,
                          double *t,
                          double  t_stop,
                          double *y);
/* IDA's own words on the last failure (English), or NULL. */
const char  *mf_ida_failure (const MfIda *ida);

/* The next step starts afresh, with a first step of h (0: h_start). */
void         mf_ida_restart (MfIda  *ida,
                             double  h);
/* The order of the last step IDA took (1 to 5), 0 before the first. */
guint        mf_ida_last_order (const MfIda *ida);
/* The step IDA will try next (0 before the first). */
double       mf_ida_next_step (const MfIda *ida);
/* y(t) from the interpolant of the last step: FALSE when t is not within
 * it. */
gboolean     mf_ida_interpolate (MfIda  *ida,
                                 double  t,
                                 double *y);

G_END_DECLS
