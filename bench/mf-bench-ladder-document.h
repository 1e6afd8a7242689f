/* mf-bench-ladder-document.h: the ladder of issue 14 as a circuit document,
 * for the benchmarks that time Manifold on it (docs/performance.md, "Setup
 * at scale"):
 *
 *   supply (100 bar) ──P1── J1 ──P2── J2 ── … ──PN── JN
 *                           │         │              │
 *                           O1        O2             ON     (2 mm² each)
 *                           │         │              │
 *                         drain     drain          drain
 *
 * Laminar pipes of 1 m × 10 mm; t_end 0.5 s, rtol 1e-8, from rest, the
 * default output interval.  3N + 2 components.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

static inline char *
mf_bench_ladder_document (guint64 n)
{
  GString *s = g_string_new (NULL);

  g_string_append_printf (s, "{\n  \"manifold\": 1,\n  \"title\": \"Ladder of %" G_GUINT64_FORMAT
                             " pipes\",\n  \"components\": [\n"
                             "    { \"id\": \"TS\", \"type\": \"tank\", \"pressure\": \"100 bar\" },\n"
                             "    { \"id\": \"TD\", \"type\": \"tank\" }", n);
  for (guint64 i = 1; i <= n; i++)
    g_string_append_printf (s, ",\n    { \"id\": \"P%" G_GUINT64_FORMAT "\", \"type\": \"pipe\","
                               " \"length\": \"1 m\", \"diameter\": \"10 mm\","
                               " \"friction\": \"laminar\" },\n"
                               "    { \"id\": \"J%" G_GUINT64_FORMAT "\", \"type\": \"junction\" },\n"
                               "    { \"id\": \"O%" G_GUINT64_FORMAT "\", \"type\": \"orifice\","
                               " \"area\": \"2 mm^2\" }", i, i, i);
  g_string_append (s, "\n  ],\n  \"wires\": [\n");
  for (guint64 i = 1; i <= n; i++)
    {
      if (i == 1)
        g_string_append (s, "    [\"TS.p\", \"P1.a\"]");
      else
        g_string_append_printf (s, ",\n    [\"J%" G_GUINT64_FORMAT ".p\", \"P%" G_GUINT64_FORMAT
                                   ".a\"]", i - 1, i);
      g_string_append_printf (s, ",\n    [\"P%" G_GUINT64_FORMAT ".b\", \"J%" G_GUINT64_FORMAT
                                 ".p\"], [\"J%" G_GUINT64_FORMAT ".p\", \"O%" G_GUINT64_FORMAT
                                 ".a\"], [\"O%" G_GUINT64_FORMAT ".b\", \"TD.p\"]",
                              i, i, i, i, i);
    }
  g_string_append (s, "\n  ],\n  \"simulation\": { \"t_end\": 0.5, \"rtol\": 1e-8 }\n}\n");
  return g_string_free (s, FALSE);
}
