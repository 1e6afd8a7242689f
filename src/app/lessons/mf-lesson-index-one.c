/* mf-lesson-index-one.c: the lesson on an index-1 circuit — a pump into two
 * orifices in parallel (data/examples/pump-parallel-orifices.manifold): the
 * massless orifices' laws as constraints, the zero row of M̄, the one round
 * of the procedure that makes O1.v algebraic, and the naive form drifting
 * off the constraint.  Every number here is checked against the circuit by
 * tests/test-lesson-claims.c.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-lesson.h"

#include <glib/gi18n.h>

static const char *const steps[] = {
  N_("Open Equations… from the main menu (Ctrl+E). The rows of O1 and O2 start with 0 =: an "
     "orifice carries no oil, so its law holds no acceleration. The row of Q1.b says what the "
     "pump pushes into P1, and J1’s row splits it between the orifices."),
  N_("Under the equations, the reduced ones: O2.v = −O1.v + v_p,O2(t), what the pump pushes "
     "less what O1 takes, and the row of O1 reads 0 = F_O1.v − F_O2.v. M̄ has a zero row: "
     "the two orifices’ pressure drops must be equal, a constraint with no derivative in it."),
  N_("Open Index Procedure. Round 1: E has rank 0, its only row is zero, and the hidden "
     "constraint, written out with the orifices’ laws, holds the velocities O1.v and O2.v: it "
     "fixes O1.v, which has no mass, as an algebraic state, and needs no derivative. Round 2: "
     "E is regular, so the index is 1. The last page says O1.v is solved from that "
     "constraint at every step; nothing is integrated, as the pump sets P1.v."),
  N_("Open Drift and press Run Both. Manifold solves the constraint at every step and its "
     "residual stays below 1e-10. The naive form integrates the constraint’s derivative "
     "instead: while the pump ramps up, over the first 0.2 s, its residual climbs above 1e-6, "
     "and it stays there to the end, as nothing brings it back."),
  NULL
};

const MfLesson mf_lesson_index_one = {
  .name = "index-one",
  .example = "pump-parallel-orifices",
  .title = N_("The index: parallel orifices, index 1"),
  .introduction = N_("A pump pushes oil through the pipe P1 into two orifices in parallel. An "
                     "orifice carries no oil mass, so its velocity has no derivative in the "
                     "equations, and the two orifices’ pressure drops must simply be equal: a "
                     "constraint the equations hide. One round of the index procedure finds "
                     "it."),
  .steps = steps,
};
