/* mf-sweep.h: a parameter sweep — one component parameter set to each of a
 * list of values in turn, each variant of the document simulated in the
 * background (MfSimWorker, one run after the other) into its own
 * MfRunRecord labelled "C1.mass = 2 kg".  The same runner takes variants
 * made elsewhere: the same circuit in several integration methods
 * (mf-method-variants.h).
 *
 * The values are text with units, as typed in the properties panel, and are
 * all checked when the sweep is made: a sweep that starts runs to the end
 * unless a run fails.  The records fill on the main context that called
 * mf_sweep_start(), drained every ~30 ms.  No GTK here.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "mf-edit-document.h"
#include "mf-run-record.h"

G_BEGIN_DECLS

#define MF_TYPE_SWEEP (mf_sweep_get_type ())
G_DECLARE_FINAL_TYPE (MfSweep, mf_sweep, MF, SWEEP, GObject)

/* Signals:
 *   "run-added" (MfRunRecord *): a run begins; its record fills from now on
 *   (status RUNNING, then its outcome).
 *   "failed" (const GError *): a run failed; the message names the value
 *   and the cause ("C1.mass = 0 kg: at t = 0.1 s: ...").  The sweep goes
 *   on with the next value.
 *   "finished" (void): once, after the last run ended, or after
 *   mf_sweep_stop().
 * Properties (all notify):
 *   "running" (gboolean): between mf_sweep_start() and "finished". */

/* Checks everything before anything runs: `document_text` must load (as
 * the editor loads it), `component` must be one of its ids, `parameter` one
 * of that component's parameters, and every value must be a value that
 * parameter takes ("2 kg", "0.5", "2e-5*ramp(t, 0, 0.1)").  NULL with an
 * MF_ERROR_INVALID or MF_ERROR_SYNTAX error naming the bad value or
 * parameter otherwise.  At least one value. */
MfSweep     *mf_sweep_new (const char        *document_text,
                           const char        *component,
                           const char        *parameter,
                           const char *const *values,
                           GError           **error);

/* Variants made and checked elsewhere: `texts` (NULL-terminated, at least
 * one) are whole documents of `document`'s circuit, `labels` their runs'
 * labels, one each.  The records name the modes as `document` does. */
MfSweep     *mf_sweep_new_variants (MfEditDocument    *document,
                                    const char *const *texts,
                                    const char *const *labels);

/* Starts the first run; does nothing when already started. */
void         mf_sweep_start (MfSweep *self);
/* Cancels the run under way and skips the rest; "finished" follows (at
 * once).  The records so far stay, the cut one with status STOPPED. */
void         mf_sweep_stop (MfSweep *self);
gboolean     mf_sweep_get_running (MfSweep *self);

guint        mf_sweep_get_n_values (MfSweep *self);
/* The label of value i's record: "C1.mass = 2 kg". */
const char  *mf_sweep_get_label (MfSweep *self,
                                 guint    i);
/* The records of the runs begun so far, in the order of the values
 * (MfRunRecord *; owned by the sweep). */
GPtrArray   *mf_sweep_get_records (MfSweep *self);

G_END_DECLS
