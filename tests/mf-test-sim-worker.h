/* mf-test-sim-worker.h: what the simulation worker's tests share — a cheap
 * circuit to run, options for a run that never ends by itself, an example's
 * text, and waiting for every run's thread to end.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "mf-sim-worker.h"

/* A laminar pipe between two tanks: cheap, smooth and stable for any fixed
 * step used here (λ = 32ν/d² = 3.2 /s).  The first %s is the supply's
 * pressure, the others more components and wires (each starting with a
 * comma, or ""). */
#define PIPE_DOCUMENT \
  "{ \"manifold\": 1, \"title\": \"Laminar pipe\",\n" \
  "  \"fluid\": { \"density\": 1000, \"kinematic_viscosity\": 1e-5, \"bulk_modulus\": 2.2e9 },\n" \
  "  \"components\": [\n" \
  "    { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": %s },\n" \
  "    { \"id\": \"P1\", \"type\": \"pipe\", \"length\": 1, \"diameter\": 0.01," \
  " \"friction\": \"laminar\" },\n" \
  "    { \"id\": \"T2\", \"type\": \"tank\", \"pressure\": 0 } %s],\n" \
  "  \"wires\": [ [\"T1.p\", \"P1.a\"], [\"P1.b\", \"T2.p\"] %s] }\n"

/* A second pipe beside the first, for PIPE_DOCUMENT's last two %s. */
#define SECOND_PIPE \
  ", { \"id\": \"P2\", \"type\": \"pipe\", \"length\": 2, \"diameter\": 0.01," \
  " \"friction\": \"laminar\" } "
#define SECOND_PIPE_WIRES ", [\"T1.p\", \"P2.a\"], [\"P2.b\", \"T2.p\"] "

/* Long enough never to end by itself within a test: 10 steps of 1 ms per
 * sample, a sample every 10 ms of 9·10^4 s (within the limits of
 * mf_simulate: 9·10^6 samples, 9·10^7 steps). */
#define LONG_INTERVAL 0.01

static inline MfSimulationOptions
long_options (void)
{
  return (MfSimulationOptions) {
    .method = "rk4", .t_end = 9e4, .rtol = 1e-6, .atol = 1e-9,
    .output_interval = LONG_INTERVAL, .step = 1e-3,
  };
}

/* PIPE_DOCUMENT with the supply at `pressure`, with or without the second
 * pipe; free with g_free(). */
static inline char *
pipe_document (const char *pressure,
               gboolean    second_pipe)
{
  return g_strdup_printf (PIPE_DOCUMENT, pressure, second_pipe ? SECOND_PIPE : "",
                          second_pipe ? SECOND_PIPE_WIRES : "");
}

/* The text of example `name` (from MANIFOLD_EXAMPLES, or data/examples of
 * the source tree), and its path in *path_out when that is not NULL. */
static inline char *
example_text (const char  *name,
              char       **path_out)
{
  const char *dir = g_getenv ("MANIFOLD_EXAMPLES");
  g_autofree char *file = g_strconcat (name, ".manifold", NULL);
  g_autofree char *path = NULL;
  g_autoptr (GError) error = NULL;
  char *text = NULL;

  if (dir != NULL && *dir != '\0')
    path = g_build_filename (dir, file, NULL);
  else
    path = g_test_build_filename (G_TEST_DIST, "..", "data", "examples", file, NULL);
  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  if (path_out != NULL)
    *path_out = g_steal_pointer (&path);
  return text;
}

/* Runs the default main context until no run's thread is left, failing
 * the test after `seconds`. */
static inline void
wait_no_live_runs (double seconds)
{
  gint64 until = g_get_monotonic_time () + (gint64) (seconds * G_USEC_PER_SEC);

  while (mf_sim_worker_count_live_runs () > 0)
    {
      if (g_get_monotonic_time () > until)
        g_error ("%u runs still alive after %g s", mf_sim_worker_count_live_runs (), seconds);
      while (g_main_context_iteration (NULL, FALSE))
        ;
      g_usleep (500);
    }
}
