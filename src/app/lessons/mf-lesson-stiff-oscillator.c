/* mf-lesson-stiff-oscillator.c: the lesson on the stiff two-mass
 * oscillator of the SICE lecture (data/examples/two-mass-spring.manifold):
 * measures of stiffness that disagree, explicit Euler's disc, classical
 * Runge–Kutta just below and above its largest stable step, and an implicit
 * method.  Every number here is checked against the circuit by
 * tests/test-lesson-claims.c.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-lesson.h"

#include <glib/gi18n.h>

static const char *const steps[] = {
  /* Translators: the lessons name the window's controls by their labels —
   * Run, Stiffness…, the method drop-down, Step h, Largest Stable,
   * Properties, Method, Fixed step, Runs, Show — so use the words your
   * translation gives them there.  Method names (msbdf, rk4), component and
   * value names (M1, K2, J1.p) and the units stay as they are.  Keep the
   * decimal point in the values the reader is asked to type (0.45 ms). */
  N_("Press Run. The circuit runs with its own method, msbdf: M1 and M2 swing together at "
     "6.4 Hz and come to rest within a second. The stiff inner spring K2 does not ring, "
     "because M2 starts exactly where that spring holds it."),
  N_("Open Stiffness… from the main menu. The modes table lists two pairs of eigenvalues: "
     "λ = −4.16675 ± 12 247.4764i 1/s, the inner spring ringing at 1949 Hz with a damping "
     "ratio of only 0.00034, and λ = −8.33325 ± 39.96518i 1/s, the two masses swinging "
     "together."),
  N_("The real parts, how fast each mode dies away, differ only 2 times; the moduli, how "
     "fast each mode turns, differ 300 times. The measures of stiffness under the table say "
     "both: by the real-part ratio the circuit is harmless, by the modulus ratio it is stiff. "
     "For an explicit method the modulus is what counts, as the next steps show."),
  N_("Pick explicit Euler in the method drop-down. Each step multiplies a mode by 1 + hλ, so "
     "the method is stable only while every point hλ lies in the disc |1 + hλ| ≤ 1 of "
     "radius 1 around −1. The disc touches the imaginary axis only at 0, and the fast mode’s "
     "ray runs almost along that axis: the largest stable fixed step is 2|Re λ|/|λ|², 5.6e-8 s, "
     "or 18 million steps for every second of motion."),
  N_("Now pick rk4. Its region reaches up the imaginary axis, so the same mode allows a far "
     "longer step: the largest stable fixed step is 0.46 ms, over 8000 times explicit Euler’s "
     "(GSL’s rk4 takes each step as two half steps, which doubles it). Move the Step h "
     "slider just past it: the fast mode’s point leaves the region, while the slow mode’s "
     "stays close to the origin."),
  N_("See it happen. Click an empty spot of the canvas so that Properties shows the whole "
     "circuit, set Method to rk4 and Fixed step to 0.45 ms, and press Run: the masses swing "
     "as they did with msbdf. Now set Fixed step to 0.5 ms and run again. The fast mode, "
     "which had nothing to show, now grows at every step, and within a fraction of a second "
     "the run stops: the solution blew up."),
  N_("Set Method back to msbdf and empty Fixed step. msbdf is implicit: each step solves for "
     "the new state. At orders 1 and 2 its region holds the whole left half-plane, so no step "
     "size makes a decaying mode grow; its higher orders leave out a wedge around the "
     "imaginary axis, where the fast mode lies. Open Runs and tick Show on the rk4 run at "
     "0.45 ms: it lies on the msbdf run."),
  NULL
};

const MfLesson mf_lesson_stiff_oscillator = {
  .name = "stiff-oscillator",
  .example = "two-mass-spring",
  .title = N_("Stiffness: a two-mass oscillator"),
  /* Translators: SICE is the Society of Instrument and Control Engineers */
  .introduction = N_("Two masses on two springs, one spring 20 000 times as stiff as the "
                     "other: the stiff oscillator of the SICE lecture on "
                     "differential-algebraic equations, with its exact parameters. It has "
                     "a slow, well-damped swing and a fast ringing that is barely damped "
                     "and, started as it is, stays quiet. That fast mode still decides how "
                     "long a step an explicit method may take."),
  .steps = steps,
};
