/* mf-lesson-shrinking-volume.c: the lesson on the compliant volume
 * (data/examples/compliant-volume.manifold) made smaller step by step: the
 * fluid mode speeds up as 1/√V, explicit Euler's largest stable step falls
 * as V, and below the step accuracy needs the circuit is stiff.  Every
 * number here is checked against the circuit by tests/test-lesson-claims.c.
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
   * point in a value the reader types (0.1 L). */
  N_("Press Run. The oil in pipe P1 bounces on the oil in V1, which is compressible and acts "
     "as a spring: J1.p overshoots and rings down while oil drains through the orifice O1."),
  N_("Open Stiffness… from the main menu. It linearises the circuit at the start, where "
     "nothing flows yet, and finds two modes: a real one, −10.2 1/s, the oil in both pipes "
     "slowing down by friction, and a pair, −5.11 ± 360.5i 1/s, the oil of both pipes "
     "bouncing on the volume at 57.4 Hz."),
  N_("Pick explicit Euler in the method drop-down. Its largest stable fixed step (under the plot), 2|Re λ|/|λ|² for "
     "the pair, is 7.9e-5 s. Among the measures, the step for accuracy is 1.4e-5 s: the step "
     "at which explicit Euler’s error on the slow mode reaches the relative tolerance, 1e-8, "
     "at every step. Accuracy asks for the shorter step, so at 1 L the circuit is not stiff."),
  N_("Click V1 on the canvas and, in Properties, set its Volume to 0.1 L. The Stiffness window "
     "follows the edit: the pair is now at 181.5 Hz, √10 times as fast, as the oil’s spring is "
     "ten times as stiff and the frequency grows as 1/√V. The largest stable fixed step falls ten "
     "times, to 7.9e-6 s, as |λ|² grows as 1/V, while the step for accuracy stays at "
     "1.4e-5 s: the slow mode has not changed."),
  N_("Now the stable step is the shorter one: stability, not accuracy, holds explicit Euler "
     "back, and that is what stiff means. Set Volume to 1 mL: the pair is at 1815 Hz and the "
     "largest stable fixed step is 7.9e-8 s, 176 times shorter than accuracy needs."),
  N_("Press Run at 1 mL and open Runs to show the first run with it. The smaller volume rings "
     "faster and for a shorter time, and J1.p settles at the same pressure as with 1 L: the "
     "volume stores oil, but it does not change where the flow settles. Undo the edits "
     "(Ctrl+Z) to get the example back as it was."),
  NULL
};

const MfLesson mf_lesson_shrinking_volume = {
  .name = "shrinking-volume",
  .example = "compliant-volume",
  .title = N_("A volume that makes the circuit stiff"),
  .introduction = N_("Two pipes meet at a 1 L volume. The oil in the volume is compressible, so "
                     "it acts as a spring between the masses of oil in the pipes, and they "
                     "bounce on it. Make the volume smaller and the spring gets stiffer, the "
                     "bounce faster and the circuit stiffer, until stability, not accuracy, "
                     "decides the step of an explicit method."),
  .steps = steps,
};
