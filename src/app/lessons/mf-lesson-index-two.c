/* mf-lesson-index-two.c: the lesson on an index-2 circuit — the loaded
 * piston accumulator (data/examples/piston-accumulator.manifold): the
 * massless piston's force balance as a constraint on a position and a
 * pressure, differentiated once to reach a velocity, and the naive form
 * drifting off it, if less than off a nonlinear one.  Every number here is checked against
 * the circuit by tests/test-lesson-claims.c.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-lesson.h"

#include <glib/gi18n.h>

static const char *const steps[] = {
  N_("Open Equations… from the main menu (Ctrl+E). C1’s row is 0 = A_cap,C1·P1.b.p − "
     "A_rod,C1·C1.rod.p + T_K1: the balance of a piston with no mass. K1 pulls with T_K1 = "
     "−k_K1·C1.x, and V1’s row says that the oil flowing in raises P1.b.p."),
  N_("Under the equations, M̄·v̄′ = αᵀ·F has two rows: P1’s, with the mass of its oil, "
     "1.37 kg, and C1’s, 0 = F_C1.v. M̄ is singular, and the massless piston’s row is a "
     "constraint."),
  N_("Open Index Procedure. Round 1: the hidden constraint is 0 = A_cap,C1·P1.b.p − "
     "A_rod,C1·p_T2 − k_K1·C1.x. It holds no velocity, only a pressure and a position, so it "
     "cannot fix a velocity: it is differentiated, and with x′ = v and C·p′ = inflow put in, "
     "its derivative holds C1.v. P1, V1, C1, T2 and K1 light up on the canvas."),
  N_("Press the arrow for round 2: the derivative fixes C1.v, which has no mass, as an "
     "algebraic state. Round 3: E is regular after two rounds, so the index is 2. The last "
     "page lists P1.v and C1.x as integrated, C1.v and P1.b.p as fixed by the two "
     "constraints, which Manifold solves at every step."),
  N_("Open Drift and press Run Both. Manifold solves both constraints at every step, and its "
     "residual stays at the level of rounding, below 1e-15. The naive form integrates the "
     "second derivative instead, and its residual grows above 1e-8: less than the orifices’ "
     "in the previous lesson, as this constraint is linear in the states, but nothing brings "
     "it back either."),
  NULL
};

const MfLesson mf_lesson_index_two = {
  .name = "index-two",
  .example = "piston-accumulator",
  .title = N_("The index: a massless piston, index 2"),
  .introduction = N_("A pipe charges a volume that a piston with no mass closes off, held by "
                     "a spring. The piston’s force balance holds no derivative, and it ties a "
                     "position and a pressure, not a velocity: the equations hide a constraint "
                     "that has to be differentiated before it fixes a velocity."),
  .steps = steps,
};
