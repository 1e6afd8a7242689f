/* bench-ladder-document.c: writes the ladder of issue 14
 * (mf-bench-ladder-document.h) as a circuit document, for timing
 * `manifold-cli` on it (docs/performance.md, "Setup at scale").
 *
 *   bench-ladder-document [--drawn] N > ladder.manifold
 *
 * --drawn gives every component a place on the canvas and draws the drain
 * as a line under the rungs, for opening it in the app.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>

#include "mf-bench-ladder-document.h"

int
main (int argc, char **argv)
{
  gboolean drawn = argc == 3 && g_strcmp0 (argv[1], "--drawn") == 0;
  guint64 n = argc == 2 || drawn ? g_ascii_strtoull (argv[argc - 1], NULL, 10) : 0;
  g_autofree char *text = NULL;

  if (n == 0 || n > 10000000)
    {
      g_printerr ("usage: %s [--drawn] N (the number of pipes, at least 1)\n", argv[0]);
      return 64;
    }
  text = mf_bench_ladder_document_drawn (n, drawn);
  fputs (text, stdout);
  return 0;
}
