/* mf-lesson-index-zero.c: the first lesson on the index — three pipes at a
 * junction (data/examples/three-pipes.manifold): their equations written
 * out, continuity fixing one velocity from the others, a regular M̄ and a
 * procedure that ends in its first round.  Every number here is checked
 * against the circuit by tests/test-lesson-claims.c.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-lesson.h"

#include <glib/gi18n.h>

static const char *const steps[] = {
  /* Translators: the index lessons name the Equations window's pages and
   * controls by their labels — Equations…, Equations, Index Procedure,
   * Drift, Run Both — so use the words your translation gives them there.
   * Equations, component and state names (P1, J1, P2.v, M̄, F_O1.v) stay as
   * they are; so does the mathematics. */
  N_("Open Equations… from the main menu (Ctrl+E). Each pipe has one row: the mass of its oil "
     "per unit of area, ρ·L, times its acceleration equals the difference of the pressures at "
     "its ends less its laminar friction. J1’s row is continuity: what flows in through P1 "
     "and P2 flows out through P3."),
  N_("Pick J1’s row: the junction lights up on the canvas; pick P3 on the canvas and its row "
     "is marked. Under the equations the circuit is reduced to its independent states, and "
     "the first line reads P2.v = 1.44·P3.v − P1.v: P3 is 12 mm across and P2 10 mm, so P3’s "
     "area is 1.44 times P2’s, and continuity fixes P2.v from the others."),
  N_("Two states are left, P3.v and P1.v, and each row of M̄·v̄′ = αᵀ·F has a mass on its left: "
     "M̄ is regular. Open Index Procedure: one round, E regular from the start, and the index "
     "is 0. The equations are an ODE, and the last page lists both states as integrated."),
  N_("Open Drift: it has nothing to compare, because a mode of index 0 has no hidden "
     "constraint to drift from. The next two lessons have one: the parallel orifices (index "
     "1) and the piston accumulator (index 2)."),
  NULL
};

const MfLesson mf_lesson_index_zero = {
  .name = "index-zero",
  .example = "three-pipes",
  .title = N_("The index: three pipes, an ODE"),
  .introduction = N_("Three pipes meet at the junction J1. Continuity there ties their "
                     "velocities together, so one of them is not free: three velocities, two "
                     "states. Each state left carries the mass of its oil, so the equations "
                     "need no differentiation at all. This lesson reads them in the Equations "
                     "window."),
  .steps = steps,
};
