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

/* A component's place, when the ladder is drawn: rungs 140 units apart
 * (a pipe's label is about 100 wide) in rows 200 apart, as many rows as
 * make the whole about 1.6 times as wide as tall. */
static inline void
mf_bench_ladder_place (GString *s, guint64 i, guint64 per_row, int dx, int dy, int rotation)
{
  guint64 x = 140 * ((i - 1) % per_row + 1), y = 200 * ((i - 1) / per_row);

  g_string_append_printf (s, ", \"at\": [%" G_GINT64_FORMAT ", %" G_GINT64_FORMAT "]",
                          (gint64) x + dx, (gint64) y + dy);
  if (rotation != 0)
    g_string_append_printf (s, ", \"rotation\": %d", rotation);
}

/* The ladder of n pipes; `drawn` also gives every component a place on
 * the canvas, and wires each orifice's outlet to the one before it (the
 * first to the drain) — the same nodes, so the same circuit, drawn as a
 * schematic would draw it: a drain line under the rungs, not n wires to
 * one tank. */
static inline char *
mf_bench_ladder_document_drawn (guint64 n, gboolean drawn)
{
  GString *s = g_string_new (NULL);
  guint64 per_row = 1;

  while (140 * per_row * per_row < 16 * 200 * n / 10)
    per_row++;
  g_string_append_printf (s, "{\n  \"manifold\": 1,\n  \"title\": \"Ladder of %" G_GUINT64_FORMAT
                             " pipes\",\n  \"components\": [\n"
                             "    { \"id\": \"TS\", \"type\": \"tank\", \"pressure\": \"100 bar\"%s },\n"
                             "    { \"id\": \"TD\", \"type\": \"tank\"%s }", n,
                          drawn ? ", \"at\": [0, 0]" : "", drawn ? ", \"at\": [0, 120]" : "");
  for (guint64 i = 1; i <= n; i++)
    {
      g_string_append_printf (s, ",\n    { \"id\": \"P%" G_GUINT64_FORMAT "\", \"type\": \"pipe\","
                                 " \"length\": \"1 m\", \"diameter\": \"10 mm\","
                                 " \"friction\": \"laminar\"", i);
      if (drawn)
        mf_bench_ladder_place (s, i, per_row, -70, 0, 0);
      g_string_append_printf (s, " },\n    { \"id\": \"J%" G_GUINT64_FORMAT "\", \"type\": \"junction\"",
                              i);
      if (drawn)
        mf_bench_ladder_place (s, i, per_row, 0, 0, 0);
      g_string_append_printf (s, " },\n    { \"id\": \"O%" G_GUINT64_FORMAT "\", \"type\": \"orifice\","
                                 " \"area\": \"2 mm^2\"", i);
      if (drawn)
        mf_bench_ladder_place (s, i, per_row, 0, 60, 90);
      g_string_append (s, " }");
    }
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
                                 ".a\"], ",
                              i, i, i, i);
      if (drawn && i > 1)
        g_string_append_printf (s, "[\"O%" G_GUINT64_FORMAT ".b\", \"O%" G_GUINT64_FORMAT ".b\"]",
                                i, i - 1);
      else
        g_string_append_printf (s, "[\"O%" G_GUINT64_FORMAT ".b\", \"TD.p\"]", i);
    }
  g_string_append (s, "\n  ],\n  \"simulation\": { \"t_end\": 0.5, \"rtol\": 1e-8 }\n}\n");
  return g_string_free (s, FALSE);
}

static inline char *
mf_bench_ladder_document (guint64 n)
{
  return mf_bench_ladder_document_drawn (n, FALSE);
}
