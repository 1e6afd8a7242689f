/* bench-ladder-document.c: writes the ladder of issue 14 as a circuit
 * document, for timing `manifold-cli` on it (docs/performance.md, "Setup
 * at scale").
 *
 *   supply (100 bar) ──P1── J1 ──P2── J2 ── … ──PN── JN
 *                           │         │              │
 *                           O1        O2             ON     (2 mm² each)
 *                           │         │              │
 *                         drain     drain          drain
 *
 * Laminar pipes of 1 m × 10 mm; t_end 0.5 s, rtol 1e-8, from rest.  With N
 * pipes the document has 3N + 2 components.
 *
 *   bench-ladder-document N > ladder.manifold
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <stdio.h>

int
main (int argc, char **argv)
{
  guint64 n = argc == 2 ? g_ascii_strtoull (argv[1], NULL, 10) : 0;

  if (n == 0 || n > 10000000)
    {
      g_printerr ("usage: %s N (the number of pipes, at least 1)\n", argv[0]);
      return 64;
    }
  printf ("{\n  \"manifold\": 1,\n  \"title\": \"Ladder of %" G_GUINT64_FORMAT " pipes\",\n"
          "  \"components\": [\n"
          "    { \"id\": \"TS\", \"type\": \"tank\", \"pressure\": \"100 bar\" },\n"
          "    { \"id\": \"TD\", \"type\": \"tank\" }", n);
  for (guint64 i = 1; i <= n; i++)
    printf (",\n    { \"id\": \"P%" G_GUINT64_FORMAT "\", \"type\": \"pipe\", \"length\": \"1 m\","
            " \"diameter\": \"10 mm\", \"friction\": \"laminar\" },\n"
            "    { \"id\": \"J%" G_GUINT64_FORMAT "\", \"type\": \"junction\" },\n"
            "    { \"id\": \"O%" G_GUINT64_FORMAT "\", \"type\": \"orifice\", \"area\": \"2 mm^2\" }",
            i, i, i);
  printf ("\n  ],\n  \"wires\": [\n");
  for (guint64 i = 1; i <= n; i++)
    {
      if (i == 1)
        printf ("    [\"TS.p\", \"P1.a\"]");
      else
        printf (",\n    [\"J%" G_GUINT64_FORMAT ".p\", \"P%" G_GUINT64_FORMAT ".a\"]", i - 1, i);
      printf (",\n    [\"P%" G_GUINT64_FORMAT ".b\", \"J%" G_GUINT64_FORMAT ".p\"],"
              " [\"J%" G_GUINT64_FORMAT ".p\", \"O%" G_GUINT64_FORMAT ".a\"],"
              " [\"O%" G_GUINT64_FORMAT ".b\", \"TD.p\"]",
              i, i, i, i, i);
    }
  printf ("\n  ],\n  \"simulation\": { \"t_end\": 0.5, \"rtol\": 1e-8 }\n}\n");
  return 0;
}
