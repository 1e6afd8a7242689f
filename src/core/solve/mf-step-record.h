/* mf-step-record.h: the steps of a run as the integrator took them — where
 * each accepted step began and ended, the method's order for it where the
 * method varies its order, and every rejected try with the step it tried.
 *
 * A run asks for one through MfSimulationOptions.steps; without it the
 * integrator records nothing.  Accepted steps of one length in a row, each
 * beginning where the one before ended, in one order, are kept as one
 * entry: a fixed-step run costs an entry or two per stop (sample, switch,
 * input kink), not one per step.  Entries are appended to a growing array,
 * so recording allocates a logarithmic number of times over a run.
 *
 * What "every step" means is what MfSimulationStats counts: the steps taken
 * again to find where a valve switches, or because their end failed the
 * self-check, are recorded too, beginning where they began again.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  double   t;        /* where the (first) step began, s */
  double   t_end;    /* where the (last) step ended; a rejected try: t + h */
  double   h;        /* the length of each step of the entry; a rejected try: the step
                      * tried (NaN when the integrator does not tell it) */
  guint32  count;    /* steps in the entry; 1 for a rejected try */
  guint8   order;    /* the method's order, or 0 where the method does not vary it */
  gboolean rejected; /* a try the error test or the iteration refused */
} MfStepEntry;

typedef struct _MfStepRecord MfStepRecord;

MfStepRecord      *mf_step_record_new (void);
void               mf_step_record_free (MfStepRecord *record);
/* Forgets every entry, keeping the memory for the next ones. */
void               mf_step_record_clear (MfStepRecord *record);

/* An accepted step of h from t, ending at t_end (t + h, but for rounding
 * and a step stretched to land on a stop); joined to the last entry when
 * that is accepted, of the same h and order, and ended at t. */
void               mf_step_record_add_step (MfStepRecord *record,
                                            double        t,
                                            double        h,
                                            double        t_end,
                                            guint         order);
/* A rejected try of a step of h from t. */
void               mf_step_record_add_rejected (MfStepRecord *record,
                                                double        t,
                                                double        h,
                                                guint         order);
/* Appends `n` entries as they are (another record's, handed over). */
void               mf_step_record_append (MfStepRecord      *record,
                                          const MfStepEntry *entries,
                                          guint              n);
/* Drops the entries from `n_entries` on: what a caller recorded ahead of
 * knowing better. */
void               mf_step_record_truncate (MfStepRecord *record,
                                            guint         n_entries);

guint              mf_step_record_get_n_entries (const MfStepRecord *record);
/* n_entries entries, oldest first; valid until the next add. */
const MfStepEntry *mf_step_record_get_entries (const MfStepRecord *record);
/* The accepted entry whose steps cover time t (t_start ≤ t ≤ t_end; the
 * later of two that meet there), or NULL when none does. */
const MfStepEntry *mf_step_record_step_at (const MfStepRecord *record,
                                           double              t);
/* Accepted steps (the sum of their counts) and rejected tries. */
guint64            mf_step_record_get_n_steps (const MfStepRecord *record);
guint64            mf_step_record_get_n_rejected (const MfStepRecord *record);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfStepRecord, mf_step_record_free)

G_END_DECLS
