/* mf-random-circuit.h: random circuit documents for the oracle test.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  MF_RANDOM_BASIC = 0,           /* pipes, orifices, valves, volumes, tanks, flow sources */
  MF_RANDOM_SWITCHING = 1 << 0,  /* check valves and relief valves */
  MF_RANDOM_PISTONS = 1 << 1,    /* pistons on springs */
  MF_RANDOM_FLOW_CONTROL = 1 << 2, /* pressure-compensated flow control valves */
  MF_RANDOM_FEEDBACK = 1 << 3,   /* areas and forces that follow a position or pressure */
  MF_RANDOM_SPOOLS = 1 << 4,     /* a directional valve whose spool passes through 0 */
  MF_RANDOM_STORAGE = 1 << 5,    /* accumulators and reducing valves */
} MfRandomFeatures;

/* A circuit document (docs/format.md) drawn from `seed` alone: the same
 * seed gives the same text.  Small (3 to 12 components, t_end 0.02 to
 * 0.2 s) and built so that Manifold can assemble and run it: every group
 * of incompressible junctions reaches a tank or a volume through an open
 * branch, in every mode, and flows start from zero. */
char *mf_random_circuit (guint32          seed,
                         MfRandomFeatures features);

G_END_DECLS
