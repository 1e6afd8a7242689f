/* mf-lesson-water-hammer.c: the lesson on the water hammer in a chain of
 * pipes and volumes (data/examples/water-hammer-chain.manifold): the
 * chain's barely damped modes set explicit Euler's largest stable step, a
 * run above it grows, and an implicit method at the same step does not.
 * Every number here is checked against the circuit by
 * tests/test-lesson-claims.c.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-lesson.h"

#include <glib/gi18n.h>

static const char *const steps[] = {
  /* Translators: a lesson names the window's controls by their labels
   * (Run, Stiffness…, the method drop-down, Step h, Largest Stable,
   * Properties, Method, Fixed step, Volume, Runs, Show): use the words your
   * translation gives them.  Method names (msbdf, rk2imp), component and
   * value names (V1, J1.p) and units stay as they are; keep the decimal
   * point in a value the reader types (0.05 ms).
   * "Water hammer" is the pressure surge when a valve stops a moving
   * column of liquid. */
  N_("Press Run. The supply rises to 30 bar in the first 0.25 s and oil flows out through "
     "S1. At t = 0.5 s the schedule shuts S1: J3.p, just before the valve, jumps by about "
     "16 bar, ρ a v, where a is the speed of sound in the oil and v the oil’s speed before, "
     "and pressure waves run up and down the line."),
  N_("Open Stiffness… from the main menu. At the start, at rest, the modes table lists three "
     "oscillations of the chain, at 32.1, 59.3 and 77.4 Hz, each with a damping ratio of "
     "0.031 or less, and a real mode, −12.5 1/s: the whole column slowing down by friction."),
  N_("Pick explicit Euler in the method drop-down. A mode this lightly damped lies close to "
     "the imaginary axis, which the disc |1 + hλ| ≤ 1 touches only at 0, so the step must "
     "stay below 2|Re λ|/|λ|²: the largest stable fixed step is 5.3e-5 s, set by the fastest mode "
     "alone. Drag the Step h slider past it and watch that mode’s point hλ leave the disc "
     "first."),
  N_("Try it in a run. Click an empty spot of the canvas, set Method to explicit Euler and "
     "Fixed step to 0.05 ms, and press Run: after the hammer the chain rings and dies away. "
     "Set Fixed step to 0.2 ms, about four times the largest stable step, and run again: the "
     "ringing grows instead, to pressures far below zero. The circuit is the same; only the "
     "method’s step made it unstable."),
  N_("Keep Fixed step at 0.2 ms and set Method to rk2imp, the implicit midpoint rule. Its "
     "region is the whole left half-plane, so no step makes a decaying mode grow: the run "
     "rings down as msbdf’s does. An implicit method’s step is limited by accuracy alone. "
     "Set Method back to msbdf and empty Fixed step when you are done."),
  NULL
};

const MfLesson mf_lesson_water_hammer = {
  .name = "water-hammer",
  .example = "water-hammer-chain",
  .title = N_("Water hammer: fast modes that limit explicit steps"),
  .introduction = N_("A 20 m line cut into four pipes, with the compressibility of its oil "
                     "lumped into a volume after each of the first three, is the simplest "
                     "model of pressure waves in a line. When valve S1 at its end shuts, the "
                     "oil column stops against it: the water hammer. The pressure waves are "
                     "the chain’s modes, fast and barely damped, and they decide the step of "
                     "every explicit method, even while they are quiet."),
  .steps = steps,
};
