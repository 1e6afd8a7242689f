/* mf-lesson-index-two-pistons.c: the second lesson on index 2 — two
 * massless pistons on one yoke (data/examples/two-massless-pistons.manifold):
 * one force balance on two pressures and a position, so one of three
 * states has to become algebraic; the numerical procedure and Pantelides'
 * algorithm making the same choice; and the naive form drifting even as
 * the run comes to rest.  Every number here is checked against the
 * circuit by tests/test-lesson-claims.c.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-lesson.h"

#include <glib/gi18n.h>

static const char *const steps[] = {
  N_("Open Equations… from the main menu (Ctrl+E). C1’s row sums the forces of both pistons "
     "on the yoke: 0 = A_cap,C1·P1.b.p − A_rod,C1·C1.rod.p + A_cap,C2·C2.cap.p − "
     "A_rod,C2·C2.rod.p + T_K1. The last row, C2.v = C1.v, is the yoke itself: the two "
     "pistons move as one."),
  N_("Open Index Procedure. Round 1: the hidden constraint holds C1.x, P1.b.p and C2.cap.p, "
     "and no velocity, so it is differentiated; with x′ = v and C·p′ = inflow put in, its "
     "derivative holds C1.v. P1, V1, C1, T3, C2, T4, V2, P2 and K1 light up on the canvas: "
     "every component but the supplies and the fixed end of the spring."),
  N_("Press the arrow. Round 2: E has rank 6 of 7, and its last row is the constraint on "
     "C1.x, P1.b.p and C2.cap.p. One equation can fix one of the three, not all: the last "
     "page lists C2.cap.p as fixed by the constraint, C1.v by its derivative, and the other "
     "five states as integrated."),
  N_("Open Structure. Pantelides’ algorithm, which reads only which unknowns each equation "
     "holds, reaches index 2 too: it differentiates C1 law and C2 law once each, and makes "
     "C2.cap.p′ a dummy derivative — the same state the numerical procedure made algebraic — "
     "together with the force the yoke passes between the pistons, the multiplier of "
     "C1.v = C2.v."),
  N_("Open Drift and press Run Both. Manifold’s residual stays below 1e-15. The naive form’s "
     "grows, and once the pistons have come to rest it grows in a straight line, to above "
     "1e-12 by the end: slowly, but nothing brings it back."),
  NULL
};

const MfLesson mf_lesson_index_two_pistons = {
  .name = "index-two-pistons",
  .example = "two-massless-pistons",
  .title = N_("The index: two massless pistons on one yoke, index 2"),
  .introduction = N_("Two chambers, each fed through a line of its own, push one yoke against "
                     "a spring through two pistons with no mass. Their force balance holds two "
                     "pressures and a position: one constraint on three states, and the "
                     "method has to choose which of them it gives up."),
  .steps = steps,
};
