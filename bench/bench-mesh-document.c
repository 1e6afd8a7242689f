/* bench-mesh-document.c: writes the mesh of issue 14
 * (mf-bench-mesh-document.h) as a circuit document, for timing
 * `manifold-cli` on it (docs/performance.md, "Scale").
 *
 *   bench-mesh-document N > mesh.manifold
 *
 * N is the number of pipes wanted: the nearly square mesh whose number of
 * pipes is closest to it, which standard error names.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>

#include "mf-bench-mesh-document.h"

int
main (int argc, char **argv)
{
  guint64 n = argc == 2 ? g_ascii_strtoull (argv[1], NULL, 10) : 0;
  guint64 rows, columns;
  g_autofree char *text = NULL;

  if (n == 0 || n > 10000000)
    {
      g_printerr ("usage: %s N (the number of pipes, at least 1)\n", argv[0]);
      return 64;
    }
  mf_bench_mesh_shape (n, &rows, &columns);
  g_printerr ("%" G_GUINT64_FORMAT " x %" G_GUINT64_FORMAT " junctions, %" G_GUINT64_FORMAT
              " pipes\n", rows, columns, mf_bench_mesh_pipes (rows, columns));
  text = mf_bench_mesh_document (rows, columns);
  fputs (text, stdout);
  return 0;
}
