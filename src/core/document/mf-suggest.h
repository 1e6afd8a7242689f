/* mf-suggest.h: "did you mean" — the name a user most likely meant when
 * the one typed is unknown (a command, an option, a method, an output, a
 * mode), by the edit distance between them, and the names listed when
 * nothing is close.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The optimal string alignment distance between `a` and `b`, counted in
 * characters (UTF-8): insertions, deletions, substitutions and swaps of two
 * neighbours ("simualte" is one from "simulate"); letters compared without
 * case when `fold_case`. */
guint       mf_suggest_distance (const char *a,
                                 const char *b,
                                 gboolean    fold_case);

/* The candidate closest to `typed`, if it is close enough to be meant: at
 * most a third of the longer name's characters apart (at least one), or
 * `typed` begins it.  NULL when none is, or when two are equally close
 * ("rk5": rk2 or rk4?), for the caller to list them. */
const char *mf_suggest (const char        *typed,
                        const char *const *candidates,
                        guint              n_candidates,
                        gboolean           fold_case);

/* "'a', 'b', 'c'" from the first `max` candidates, then how many more
 * (translated); a new string. */
char       *mf_suggest_list (const char *const *candidates,
                             guint              n_candidates,
                             guint              max);

G_END_DECLS
