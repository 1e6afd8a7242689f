/* mf-event-words.h: the words of the event log (MfEventFunc) in the user's
 * language, for labels shown to people; the log itself stays in English.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The translation of a state the log names ("open", "closed", "held
 * closed", "free", "at stop"); any other word (a mode's name) as it is. */
const char *mf_event_word (const char *word);

/* What a switch made of a component, to label it on a plot: "CV1 closed";
 * for the schedule (`component` "schedule") the mode it turned to. */
char       *mf_event_label (const char *component,
                            const char *to);

/* A run of SVD fallbacks (mf-simulation.h, MfSvdFallbacks) as a row of the
 * event log's file (docs/cli.md), in English for the programs that read it:
 * `from` "Jacobian of STATES rank-deficient", `to` "N SVD minimum-norm
 * steps until T s" (without "until" when the run is one time).  New
 * strings. */
void        mf_event_fallback_row (const char *states,
                                   guint64     steps,
                                   double      t_first,
                                   double      t_last,
                                   char      **from,
                                   char      **to);

G_END_DECLS
