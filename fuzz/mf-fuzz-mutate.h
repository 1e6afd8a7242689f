/* mf-fuzz-mutate.h: the structure-aware mutations of the fuzz targets
 * (docs/fuzzing.md).  A document is parsed as JSON and changed the way a
 * careless or hostile user could change it — values scaled, negated,
 * zeroed or made huge, units and expressions swapped, components added,
 * removed, duplicated or given another type, wires added, removed or moved,
 * modes, schedules, initial values and simulation settings changed — and
 * written back, so that most mutated inputs are still circuits the loader
 * takes and the solver runs.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Mutates the document in data[0, size) in place, writing at most
 * max_size bytes; returns its new size, or 0 when `data` is not a JSON
 * object or no result fits (the caller mutates the bytes instead).  Most
 * times the mutations are drawn again, up to a few times, until the loader
 * and the assembly take the result; *refused is TRUE when they took none
 * of those. */
gsize mf_fuzz_mutate_document (guint8   *data,
                               gsize     size,
                               gsize     max_size,
                               GRand    *rand,
                               gboolean *refused);

/* Some components of `donor` (with the wires among them, joined to the
 * rest by a new wire) added to `base`, or the donor's modes, schedule,
 * simulation settings, initial values or fluid put in place of the base's;
 * written to `out`, at most max_size bytes, and drawn again as
 * mf_fuzz_mutate_document() does.  0 when either is not a JSON object or
 * no result fits. */
gsize mf_fuzz_cross_documents (const guint8 *base,
                               gsize         base_size,
                               const guint8 *donor,
                               gsize         donor_size,
                               guint8       *out,
                               gsize         max_size,
                               GRand        *rand);

/* A random expression of the language (docs/format.md, "Values"):
 * numbers with and without units, t, pi, operators, parentheses and every
 * function, nested at most `depth` deep.  Mostly well formed; its units
 * need not agree. */
void  mf_fuzz_expression (GRand   *rand,
                          GString *out,
                          int      depth);

/* Makes every critical and warning, of any log domain, abort the process
 * after it is printed: a crash libFuzzer reports with its input.  (GLib's
 * own fatal warnings stop at a breakpoint trap, which libFuzzer does not
 * catch.) */
void  mf_fuzz_fatal_warnings (void);

G_END_DECLS
