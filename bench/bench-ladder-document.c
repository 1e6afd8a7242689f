/* bench-ladder-document.c: writes the ladder of issue 14
 * (mf-bench-ladder-document.h) as a circuit document, for timing
 * `manifold-cli` on it (docs/performance.md, "Setup at scale").
 *
 *   bench-ladder-document N > ladder.manifold
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>

#include "mf-bench-ladder-document.h"

int
main (int argc, char **argv)
{
  guint64 n = argc == 2 ? g_ascii_strtoull (argv[1], NULL, 10) : 0;
  g_autofree char *text = NULL;

  if (n == 0 || n > 10000000)
    {
      g_printerr ("usage: %s N (the number of pipes, at least 1)\n", argv[0]);
      return 64;
    }
  text = mf_bench_ladder_document (n);
  fputs (text, stdout);
  return 0;
}
