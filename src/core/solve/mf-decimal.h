/* mf-decimal.h: a number as C's "%.10g" writes it in the C locale, fast.
 *
 * The CSV of a run writes every value of every sample (docs/cli.md, "CSV"):
 * on a circuit of a thousand branches that is millions of numbers, and the
 * C library's printf, which converts each with multi-precision arithmetic,
 * took more time than the solver.  mf_decimal_format() gives the same text
 * byte for byte: it scales the value to ten digits in extended precision
 * and hands the few values it cannot round with certainty (a tie within
 * the scaling's error, a value outside 1e-18 to 1e36, infinities, NaN)
 * to g_ascii_formatd().
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Room for the longest text, "-1.234567891e-100" and its NUL. */
#define MF_DECIMAL_SIZE G_ASCII_DTOSTR_BUF_SIZE

/* Writes `value` as "%.10g" into `text` (MF_DECIMAL_SIZE bytes) and
 * returns its length. */
gsize mf_decimal_format (char *text, double value);

G_END_DECLS
