/* mf-bench-mesh-document.h: the mesh of issue 14 as a circuit document, for
 * the benchmarks that time Manifold on a network whose matrices are sparse
 * but not banded (docs/performance.md, "Scale"):
 *
 *   supply (100 bar) ──PS── J1_1 ──H1_1── J1_2 ──H1_2── … ── J1_c
 *                            │             │                   │
 *                          V1_1          V1_2                V1_c
 *                            │             │                   │
 *                           J2_1 ──H2_1── J2_2 ──     …     ── J2_c
 *                            ⋮             ⋮                   ⋮
 *                           Jr_1 ──       …                 ── Jr_c
 *
 * and an orifice Oi_j from every junction Ji_j to a drain.  An r × c grid
 * has r (c − 1) horizontal and (r − 1) c vertical pipes; with the supply
 * pipe, N = r (c − 1) + (r − 1) c + 1 pipes, r c junctions and orifices, and
 * 2 r c + N + 2 components.  Every junction couples up to four pipes: the
 * Jacobian's pattern is a 2-D grid's, whose bandwidth grows as √N in any
 * ordering by rows, and whose loops spread the flow in two directions.
 *
 * A drain at every junction, not at a subset, because the peer is IDA on
 * the full DAE, which must be of index 1: a junction whose only branches
 * are pipes has a pressure that no algebraic equation holds, a multiplier
 * of index 2 (docs/model.md, "The index"), which IDA cannot integrate as
 * written.  Rewriting the DAE by hand to index 1 for it would compare
 * Manifold with something no user of IDA writes.  Consumers at every node
 * are what an irrigation field or a lubrication gallery has.  Orifices of
 * 1 to 2.5 mm² in a pattern of four sizes that repeats every five columns
 * and three rows, so that no symmetry of the grid makes two junctions alike.
 *
 * Grid pipes 1 m × 10 mm, laminar, as the ladder's; the supply a 2 m ×
 * 20 mm main.  t_end 0.5 s, rtol 1e-8, from rest, the default output
 * interval, as the ladder.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

/* The number of pipes of an r × c mesh. */
static inline guint64
mf_bench_mesh_pipes (guint64 rows, guint64 columns)
{
  return rows * (columns - 1) + (rows - 1) * columns + 1;
}

/* The nearly square mesh (c = r or r + 1) whose number of pipes is the
 * closest to n, the smaller one of two as close. */
static inline void
mf_bench_mesh_shape (guint64 n, guint64 *rows, guint64 *columns)
{
  guint64 best = G_MAXUINT64;

  *rows = *columns = 1;
  for (guint64 r = 1; mf_bench_mesh_pipes (r, r) <= 2 * n + 1; r++)
    for (guint64 c = r; c <= r + 1; c++)
      {
        guint64 pipes = mf_bench_mesh_pipes (r, c);
        guint64 off = pipes > n ? pipes - n : n - pipes;

        if (off < best)
          best = off, *rows = r, *columns = c;
      }
}

/* The drain's area at junction (i, j), 1-based: mm². */
static inline double
mf_bench_mesh_drain_area (guint64 i, guint64 j)
{
  return 1.0 + 0.5 * (double) ((i % 3 + j % 5) % 4);
}

/* Appends the component or port "Xi_j" + `port` ("" for an id). */
static inline void
mf_bench_mesh_name (GString *s, char kind, guint64 i, guint64 j, const char *port)
{
  g_string_append_printf (s, "%c%" G_GUINT64_FORMAT "_%" G_GUINT64_FORMAT "%s", kind, i, j, port);
}

/* Appends the wire from junction (i, j) to port a of pipe or orifice `kind`
 * (i, j), and from its port b to `to` (a junction, or the drain when
 * `to_i` is 0). */
static inline void
mf_bench_mesh_branch_wires (GString *s, char kind, guint64 i, guint64 j, guint64 to_i,
                            guint64 to_j)
{
  g_string_append (s, ",\n    [\"");
  mf_bench_mesh_name (s, 'J', i, j, ".p");
  g_string_append (s, "\", \"");
  mf_bench_mesh_name (s, kind, i, j, ".a");
  g_string_append (s, "\"], [\"");
  mf_bench_mesh_name (s, kind, i, j, ".b");
  g_string_append (s, "\", \"");
  if (to_i == 0)
    g_string_append (s, "TD.p");
  else
    mf_bench_mesh_name (s, 'J', to_i, to_j, ".p");
  g_string_append (s, "\"]");
}

static inline void
mf_bench_mesh_pipe (GString *s, char kind, guint64 i, guint64 j)
{
  g_string_append (s, ",\n    { \"id\": \"");
  mf_bench_mesh_name (s, kind, i, j, "");
  g_string_append (s, "\", \"type\": \"pipe\", \"length\": \"1 m\", \"diameter\": \"10 mm\","
                      " \"friction\": \"laminar\" }");
}

static inline char *
mf_bench_mesh_document (guint64 rows, guint64 columns)
{
  GString *s = g_string_new (NULL);

  g_string_append_printf (s, "{\n  \"manifold\": 1,\n  \"title\": \"Mesh of %" G_GUINT64_FORMAT
                             " × %" G_GUINT64_FORMAT " junctions, %" G_GUINT64_FORMAT " pipes\",\n"
                             "  \"components\": [\n"
                             "    { \"id\": \"TS\", \"type\": \"tank\","
                             " \"pressure\": \"100 bar\" },\n"
                             "    { \"id\": \"TD\", \"type\": \"tank\" },\n"
                             "    { \"id\": \"PS\", \"type\": \"pipe\", \"length\": \"2 m\","
                             " \"diameter\": \"20 mm\", \"friction\": \"laminar\" }",
                          rows, columns, mf_bench_mesh_pipes (rows, columns));
  for (guint64 i = 1; i <= rows; i++)
    for (guint64 j = 1; j <= columns; j++)
      {
        g_string_append (s, ",\n    { \"id\": \"");
        mf_bench_mesh_name (s, 'J', i, j, "");
        g_string_append (s, "\", \"type\": \"junction\" },\n    { \"id\": \"");
        mf_bench_mesh_name (s, 'O', i, j, "");
        g_string_append_printf (s, "\", \"type\": \"orifice\", \"area\": \"%g mm^2\" }",
                                mf_bench_mesh_drain_area (i, j));
        if (j < columns)
          mf_bench_mesh_pipe (s, 'H', i, j);
        if (i < rows)
          mf_bench_mesh_pipe (s, 'V', i, j);
      }
  g_string_append (s, "\n  ],\n  \"wires\": [\n    [\"TS.p\", \"PS.a\"], [\"PS.b\", \"J1_1.p\"]");
  for (guint64 i = 1; i <= rows; i++)
    for (guint64 j = 1; j <= columns; j++)
      {
        mf_bench_mesh_branch_wires (s, 'O', i, j, 0, 0);
        if (j < columns)
          mf_bench_mesh_branch_wires (s, 'H', i, j, i, j + 1);
        if (i < rows)
          mf_bench_mesh_branch_wires (s, 'V', i, j, i + 1, j);
      }
  g_string_append (s, "\n  ],\n  \"simulation\": { \"t_end\": 0.5, \"rtol\": 1e-8 }\n}\n");
  return g_string_free (s, FALSE);
}
