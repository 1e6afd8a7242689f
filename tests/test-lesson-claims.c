/* test-lesson-claims.c: what each lesson says is true.
 *
 * A lesson (src/app/lessons/) tells its reader what a circuit's modes are,
 * what each method's largest stable step is and what a run at a given step
 * does; the reader takes the numbers at their word and types some of them.
 * As in test-example-claims.c, each test quotes the phrases of one lesson —
 * its title, introduction and steps, as the source holds them (the English
 * of the catalogue) — and checks each against the lesson's example: its
 * parameters, its linearisation at the start (what the Stiffness window
 * shows first) or a run, to the precision the text gives.  The values the
 * reader is asked to type (a fixed step, a volume) are read from the text
 * and used.  Last, every number of every text must lie inside a quoted
 * phrase, and every lesson has a test here.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-test-claims.h"

#include "mf-drift.h"
#include "mf-equations.h"
#include "mf-index-steps.h"
#include "mf-lesson.h"
#include "mf-stability.h"
#include "mf-structural.h"

static const char *
step_text (const MfLesson *lesson, guint step)
{
  g_assert_cmpuint (step, >=, 1);
  g_assert_cmpuint (step, <=, mf_lesson_n_steps (lesson));
  return lesson->steps[step - 1];
}

/* Quotes `phrase` in `text` and returns its first number: a value the text
 * asks the reader to use. */
static double
stated (Claims *c, const char *text, const char *phrase)
{
  quote_in (c, text, phrase);
  return first_number (phrase).value;
}

/* Every number of the lesson's texts has been checked. */
static void
assert_lesson_checked (const Claims *c, const MfLesson *lesson)
{
  assert_numbers_quoted (c, lesson->title);
  assert_numbers_quoted (c, lesson->introduction);
  for (guint k = 1; k <= mf_lesson_n_steps (lesson); k++)
    assert_numbers_quoted (c, step_text (lesson, k));
}

static double
modulus (const MfEigenvalue *e)
{
  return hypot (e->re, e->im);
}

/* Explicit Euler's largest stable step for one eigenvalue. */
static double
euler_step (const MfEigenvalue *e)
{
  return 2 * fabs (e->re) / (modulus (e) * modulus (e));
}

/* Explicit Euler's region, R(z) = 1 + z: the disc of radius 1 around −1,
 * which meets the imaginary axis only at 0. */
static void
assert_euler_disc (void)
{
  MfOneStep euler = MF_STABILITY_EULER;

  for (guint k = 0; k < 12; k++)
    {
      double complex unit = cexp (I * G_PI * k / 6);

      g_assert_cmpfloat (cabs (mf_stability_function (euler, 0.3 * unit) - (1 + 0.3 * unit)), <,
                         1e-15);
      g_assert_true (mf_stability_one_step_contains (euler, -1 + 0.999 * unit));
      g_assert_false (mf_stability_one_step_contains (euler, -1 + 1.001 * unit));
    }
  g_assert_true (mf_stability_one_step_contains (euler, 0));
  g_assert_false (mf_stability_one_step_contains (euler, 1e-3 * I));
  g_assert_false (mf_stability_one_step_contains (euler, -1e-3 * I));
}

/* GSL's rk4 makes each step of h as two classical steps of h/2 (its error
 * estimate compares them with one step of h, and it keeps the two), so its
 * R is R_RK4(z/2)²: stable up to twice the step of classical Runge–Kutta's
 * region. */
static double
gsl_rk4_step (const MfStiffness *s)
{
  g_autofree double complex *lambda = g_new (double complex, s->n);
  MfOneStep rk4 = MF_STABILITY_RK4;

  for (guint k = 0; k < s->n; k++)
    lambda[k] = s->eigenvalues[k].re + I * s->eigenvalues[k].im;
  return 2 * mf_stability_largest_step (lambda, s->n, mf_stability_one_step_holds, &rk4);
}

static double
gsl_rk4_growth (double complex z)
{
  return pow (cabs (mf_stability_function (MF_STABILITY_RK4, z / 2)), 2);
}

/* Orders 1 and 2 of BDF hold the whole left half-plane (A-stable); orders 3
 * to 5 only a sector |arg(−z)| < α, which leaves out a wedge around the
 * imaginary axis. */
static void
assert_bdf_sectors (double fast_re, double fast_im)
{
  double fast_angle = atan2 (fabs (fast_im), fabs (fast_re));

  for (guint order = 1; order <= 2; order++)
    g_assert_cmpfloat (mf_stability_angle (MF_STABILITY_BDF, order), >=, G_PI / 2 - 1e-6);
  for (guint order = 3; order <= MF_STABILITY_MAX_ORDER; order++)
    {
      double angle = mf_stability_angle (MF_STABILITY_BDF, order);

      g_assert_cmpfloat (angle, <, G_PI / 2 - 1e-3);
      g_assert_cmpfloat (fast_angle, >, angle);
    }
}

/* The value of `name` at each time both runs sampled, within 1e-9 s. */
static double
largest_difference (const Run *a, const Run *b, const char *name)
{
  double worst = 0.0;
  guint j = 0, common = 0;

  for (guint i = 0; i < n_samples (a); i++)
    {
      while (j + 1 < n_samples (b) && time_of (b, j) < time_of (a, i) - 1e-9)
        j++;
      if (fabs (time_of (b, j) - time_of (a, i)) > 1e-9)
        continue;
      worst = MAX (worst, fabs (value (a, i, name) - value (b, j, name)));
      common++;
    }
  g_assert_cmpuint (common, >=, 10);
  return worst;
}

/* ---- stiff-oscillator: two-mass-spring -------------------------------------- */

/* The eigenvalues at the start, fastest first (mf-stiffness.h), are the
 * roots test-stiffness.c checks against det(M λ² + C λ + K). */
static void
test_stiff_oscillator (void)
{
  const MfLesson *lesson = &mf_lesson_stiff_oscillator;
  g_autoptr (Claims) c = claims_new (lesson->example);
  g_autoptr (MfStiffness) s = stiffness_of (c, 0);
  g_autoptr (Run) own = run_circuit (c->ex, NULL);
  g_autoptr (Run) below = NULL;
  g_autoptr (Run) above = NULL;
  const MfEigenvalue *fast = &s->eigenvalues[0], *slow = &s->eigenvalues[2];
  const char *text;
  double m1 = param (c->ex, "M1", MF_MASS_MASS), m2 = param (c->ex, "M2", MF_MASS_MASS);
  double k1 = param (c->ex, "K1", MF_SPRING_STIFFNESS);
  double k2 = param (c->ex, "K2", MF_SPRING_STIFFNESS);
  double x0, h_rk4 = gsl_rk4_step (s), h_below, h_above;
  gboolean finished;

  g_assert_cmpuint (s->n, ==, 4);
  g_assert_cmpfloat (fast->im, >, 0.0);
  g_assert_cmpfloat (slow->im, >, 0.0);
  claim_in (c, lesson->introduction, "20 000 times as stiff", k2 / k1);
  quote_in (c, lesson->introduction, "with its exact parameters");
  g_assert_cmpfloat (m1, ==, 2.0);
  g_assert_cmpfloat (m2, ==, 1.0);
  g_assert_cmpfloat (param (c->ex, "D1", MF_DAMPER_DAMPING), ==, 50.0);
  g_assert_cmpfloat (param (c->ex, "D2", MF_DAMPER_DAMPING), ==, 1e-10);

  text = step_text (lesson, 1);
  quote_in (c, text, "its own method, msbdf");
  g_assert_cmpstr (example_circuit (c->ex)->simulation.method, ==, "msbdf");
  claim_in (c, text, "at 6.4 Hz", slow->frequency);
  x0 = value (own, 0, "M1.x");
  quote_in (c, text, "come to rest within a second");
  g_assert_cmpfloat (fabs (last_value (own, "M1.x")), <, 1e-3 * x0);
  quote_in (c, text, "because M2 starts exactly where that spring holds it");
  g_assert_cmpfloat_with_epsilon (value (own, 0, "M2.x") - x0, m2 * k1 * x0 / ((m1 + m2) * k2),
                                  5e-11);

  text = step_text (lesson, 2);
  claim_in (c, text, "λ = −4.16675", -fast->re);
  claim_in (c, text, "± 12 247.4764i 1/s, the inner spring", fast->im);
  claim_in (c, text, "at 1949 Hz", fast->frequency);
  claim_in (c, text, "only 0.00034", fast->damping);
  claim_in (c, text, "λ = −8.33325", -slow->re);
  claim_in (c, text, "± 39.96518i 1/s, the two masses", slow->im);

  text = step_text (lesson, 3);
  claim_in (c, text, "differ only 2 times", s->real_part_ratio);
  claim_in (c, text, "differ 300 times", s->modulus_ratio);

  text = step_text (lesson, 4);
  quote_in (c, text, "multiplies a mode by 1 + hλ");
  quote_in (c, text, "the disc |1 + hλ| ≤ 1 of radius 1 around −1");
  quote_in (c, text, "touches the imaginary axis only at 0");
  assert_euler_disc ();
  quote_in (c, text, "is 2|Re λ|/|λ|²");
  g_assert_cmpfloat_with_epsilon (s->euler_step, euler_step (fast), 1e-9 * s->euler_step);
  claim_in (c, text, "5.6e-8 s", s->euler_step);
  claim_in (c, text, "18 million steps", 1.0 / s->euler_step / 1e6);

  text = step_text (lesson, 5);
  claim_in (c, text, "is 0.46 ms", h_rk4 / 1e-3);
  quote_in (c, text, "over 8000 times explicit Euler’s");
  g_assert_cmpfloat (h_rk4 / s->euler_step, >, 8000);
  quote_in (c, text, "two half steps, which doubles it");
  quote_in (c, text, "stays close to the origin");
  g_assert_cmpfloat (h_rk4 * modulus (slow), <, 0.05);

  /* classical Runge–Kutta at the steps the text gives, either side of GSL's limit */
  text = step_text (lesson, 6);
  h_below = stated (c, text, "Fixed step to 0.45 ms") * 1e-3;
  h_above = stated (c, text, "Fixed step to 0.5 ms") * 1e-3;
  g_assert_cmpfloat (h_below, <, h_rk4);
  g_assert_cmpfloat (h_above, >, h_rk4);
  below = run_fixed_step (c->ex, "rk4", h_below, &finished);
  g_assert_true (finished);
  quote_in (c, text, "the masses swing as they did with msbdf");
  g_assert_cmpfloat (largest_difference (below, own, "M1.x"), <, 1e-4 * x0);
  above = run_fixed_step (c->ex, "rk4", h_above, &finished);
  quote_in (c, text, "now grows at every step");
  g_assert_cmpfloat (gsl_rk4_growth (h_above * (fast->re + I * fast->im)), >, 1.0);
  quote_in (c, text, "within a fraction of a second the run stops");
  g_assert_false (finished);
  g_assert_cmpfloat (time_of (above, n_samples (above) - 1), <, 1.0);

  text = step_text (lesson, 7);
  quote_in (c, text, "At orders 1 and 2 its region holds the whole left half-plane");
  quote_in (c, text, "its higher orders leave out a wedge around the imaginary axis, where "
                     "the fast mode lies");
  assert_bdf_sectors (fast->re, fast->im);
  g_assert_cmpfloat (stated (c, text, "the rk4 run at 0.45 ms") * 1e-3, ==, h_below);
  assert_lesson_checked (c, lesson);
}

/* ---- shrinking-volume: compliant-volume --------------------------------------- */

/* At rest O1's law K v|v| has no slope, so P2 ends at the tank's pressure,
 * as P1 starts at the supply's: V1's capacitance V/β swings between two
 * equal oil columns, ω² = 2 A β / (ρ L V), damped by their laminar friction,
 * −16 ν/d² (a pair at ±i √(ω² − (16 ν/d²)²)); both columns moving together
 * leave V1 alone and only slow down, −32 ν/d².  Explicit Euler's step for
 * accuracy is √(2 rtol) over that slow mode's |λ|. */

/* The example with V1 holding `volume` (m³), linearised at the start. */
static MfStiffness *
compliant_volume_at (double volume)
{
  g_autofree char *edited = g_strdup_printf ("\"volume\": %.17g", volume);
  g_autoptr (MfTestCircuit) tc = example_edited ("compliant-volume", "\"volume\": \"1 L\"",
                                                 edited);

  return mf_test_stiffness_at_start (tc->model, 0,
                                     mf_document_get_circuit (tc->document)->simulation.rtol);
}

/* The pair of the fluid mode, and the real mode of both columns. */
static void
fluid_modes (const MfStiffness *s, const MfEigenvalue **pair, const MfEigenvalue **real)
{
  *pair = *real = NULL;
  for (guint k = 0; k < s->n; k++)
    if (s->eigenvalues[k].im > 0)
      *pair = &s->eigenvalues[k];
    else if (s->eigenvalues[k].im == 0)
      *real = &s->eigenvalues[k];
  g_assert_cmpuint (s->n, ==, 3);
  g_assert_nonnull (*pair);
  g_assert_nonnull (*real);
}

static void
test_shrinking_volume (void)
{
  const MfLesson *lesson = &mf_lesson_shrinking_volume;
  g_autoptr (Claims) c = claims_new (lesson->example);
  g_autoptr (MfStiffness) s = stiffness_of (c, 0);
  g_autoptr (MfStiffness) tenth = NULL;
  g_autoptr (MfStiffness) tiny = NULL;
  g_autoptr (MfTestCircuit) tiny_circuit = NULL;
  g_autoptr (Run) own = run_circuit (c->ex, NULL);
  g_autoptr (Run) tiny_run = NULL;
  g_autofree char *tiny_volume = NULL;
  const MfCircuit *circuit = example_circuit (c->ex);
  const MfEigenvalue *pair, *real, *pair_tenth, *real_tenth, *pair_tiny, *real_tiny;
  double nu = circuit->fluid.kinematic_viscosity, beta = circuit->fluid.bulk_modulus;
  double d = param (c->ex, "P1", MF_PIPE_DIAMETER), L = param (c->ex, "P1", MF_PIPE_LENGTH);
  double volume = param (c->ex, "V1", MF_VOLUME_VOLUME), rtol = circuit->simulation.rtol;
  double omega2 = 2 * pipe_area (c->ex, "P1") * beta / (circuit->fluid.density * L * volume);
  double friction = 16 * nu / (d * d), v_tenth, v_tiny;
  const char *text;

  g_assert_cmpfloat (param (c->ex, "P2", MF_PIPE_DIAMETER), ==, d);
  g_assert_cmpfloat (param (c->ex, "P2", MF_PIPE_LENGTH), ==, L);
  claim_in (c, lesson->introduction, "at a 1 L volume", volume / 1e-3);
  fluid_modes (s, &pair, &real);

  text = step_text (lesson, 2);
  quote_in (c, text, "at the start, where nothing flows yet");
  claim_in (c, text, "a real one, −10.2 1/s", -real->re);
  g_assert_cmpfloat_with_epsilon (real->re, -2 * friction, 1e-9 * friction);
  claim_in (c, text, "a pair, −5.11", -pair->re);
  g_assert_cmpfloat_with_epsilon (pair->re, -friction, 1e-9 * friction);
  claim_in (c, text, "± 360.5i 1/s, the oil", pair->im);
  g_assert_cmpfloat_with_epsilon (pair->im, sqrt (omega2 - friction * friction), 1e-9 * pair->im);
  claim_in (c, text, "at 57.4 Hz", pair->frequency);

  text = step_text (lesson, 3);
  quote_in (c, text, "2|Re λ|/|λ|² for the pair");
  g_assert_cmpfloat_with_epsilon (s->euler_step, euler_step (pair), 1e-9 * s->euler_step);
  claim_in (c, text, "is 7.9e-5 s", s->euler_step);
  claim_in (c, text, "the step for accuracy is 1.4e-5 s", s->accuracy_step);
  g_assert_cmpfloat_with_epsilon (s->accuracy_step, sqrt (2 * rtol) / modulus (real),
                                  1e-9 * s->accuracy_step);
  claim_in (c, text, "the relative tolerance, 1e-8", rtol);
  claim_in (c, text, "at 1 L the circuit is not stiff", volume / 1e-3);
  g_assert_cmpfloat (s->step_ratio, <, 1.0);

  /* a tenth of the volume, as the reader types it */
  text = step_text (lesson, 4);
  v_tenth = stated (c, text, "set its Volume to 0.1 L") * 1e-3;
  tenth = compliant_volume_at (v_tenth);
  fluid_modes (tenth, &pair_tenth, &real_tenth);
  claim_in (c, text, "at 181.5 Hz", pair_tenth->frequency);
  quote_in (c, text, "√10 times as fast");
  g_assert_cmpfloat_with_epsilon (modulus (pair_tenth) / modulus (pair), sqrt (volume / v_tenth),
                                  1e-9);
  quote_in (c, text, "the oil’s spring is ten times as stiff");
  g_assert_cmpfloat_with_epsilon (volume / v_tenth, 10, 1e-12);
  quote_in (c, text, "the frequency grows as 1/√V");
  claim_in (c, text, "to 7.9e-6 s", tenth->euler_step);
  quote_in (c, text, "as |λ|² grows as 1/V");
  g_assert_cmpfloat_with_epsilon (tenth->euler_step * volume / v_tenth, s->euler_step,
                                  1e-9 * s->euler_step);
  claim_in (c, text, "stays at 1.4e-5 s", tenth->accuracy_step);
  quote_in (c, text, "the slow mode has not changed");
  g_assert_cmpfloat_with_epsilon (real_tenth->re, real->re, 1e-9 * friction);
  g_assert_cmpfloat (tenth->step_ratio, >, 1.0);

  text = step_text (lesson, 5);
  quote_in (c, text, "stability, not accuracy, holds explicit Euler back");
  v_tiny = stated (c, text, "Set Volume to 1 mL") * 1e-6;
  tiny = compliant_volume_at (v_tiny);
  fluid_modes (tiny, &pair_tiny, &real_tiny);
  claim_in (c, text, "at 1815 Hz", pair_tiny->frequency);
  claim_in (c, text, "is 7.9e-8 s", tiny->euler_step);
  claim_in (c, text, "176 times shorter", tiny->step_ratio);

  /* the run at 1 mL against the example's */
  text = step_text (lesson, 6);
  g_assert_cmpfloat (stated (c, text, "Press Run at 1 mL") * 1e-6, ==, v_tiny);
  tiny_volume = g_strdup_printf ("\"volume\": %.17g", v_tiny);
  tiny_circuit = example_edited (lesson->example, "\"volume\": \"1 L\"", tiny_volume);
  tiny_run = run_circuit (tiny_circuit, NULL);
  quote_in (c, text, "rings faster and for a shorter time");
  g_assert_cmpfloat (pair_tiny->frequency, >, pair->frequency);
  g_assert_cmpfloat (swing (tiny_run, "J1.p", 0.1, 0.2), <, 0.01 * swing (own, "J1.p", 0.1, 0.2));
  claim_in (c, text, "the same pressure as with 1 L", volume / 1e-3);
  g_assert_cmpfloat_with_epsilon (last_value (tiny_run, "J1.p"), last_value (own, "J1.p"),
                                  1e-3 * last_value (own, "J1.p"));
  assert_lesson_checked (c, lesson);
}

/* ---- water-hammer: water-hammer-chain ----------------------------------------- */

/* The chain at the start, at rest, with S1 open: its law has no slope at
 * zero flow, so both ends sit at a tank's pressure and the three
 * oscillations are 2 ω0 sin(k π / 8) (test-example-claims.c has the
 * reasoning); all four columns moving together only slow down, −32 ν/d². */
static void
test_water_hammer (void)
{
  const MfLesson *lesson = &mf_lesson_water_hammer;
  g_autoptr (Claims) c = claims_new (lesson->example);
  g_autoptr (MfStiffness) s = stiffness_of (c, 0);
  g_autoptr (Run) own = run_circuit (c->ex, NULL);
  g_autoptr (Run) stable = NULL;
  g_autoptr (Run) growing = NULL;
  g_autoptr (Run) implicit = NULL;
  const MfCircuit *circuit = example_circuit (c->ex);
  const MfScheduleEntry *shut = &g_array_index (circuit->schedule, MfScheduleEntry, 1);
  double t_end = circuit->simulation.t_end;
  LumpedLine line = lumped_line (c);
  double full, falling, supply = pressure_plateau (c, "T1", &full, &falling);
  double largest_damping = 0.0, h_stable, h_growing;
  const MfEigenvalue *fastest = &s->eigenvalues[0];
  gboolean finished;
  const char *text;

  claim_in (c, lesson->introduction, "A 20 m line", 4 * line.length);
  quote_in (c, lesson->introduction, "even while they are quiet");

  text = step_text (lesson, 1);
  claim_in (c, text, "rises to 30 bar", supply / BAR);
  claim_in (c, text, "the first 0.25 s", full);
  claim_in (c, text, "At t = 0.5 s", shut->t);
  claim_in (c, text, "by about 16 bar",
            circuit->fluid.density * line.a * value (own, sample_before (own, shut->t), "P4.v")
              / BAR);
  quote_in (c, text, "ρ a v, where a is the speed of sound in the oil");

  text = step_text (lesson, 2);
  g_assert_cmpuint (s->n, ==, 7);
  for (guint k = 1; k <= 3; k++)
    {
      const MfEigenvalue *e = &s->eigenvalues[2 * (3 - k)];
      double omega = 2 * line.omega0 * sin (k * G_PI / 8);

      g_assert_cmpfloat_with_epsilon (fabs (e->im), sqrt (omega * omega - line.decay * line.decay),
                                      1e-6 * omega);
      largest_damping = MAX (largest_damping, e->damping);
    }
  claim_in (c, text, "at 32.1, ", s->eigenvalues[4].frequency);
  claim_in (c, text, "59.3 and", s->eigenvalues[2].frequency);
  claim_in (c, text, "77.4 Hz", s->eigenvalues[0].frequency);
  claim_in (c, text, "a damping ratio of 0.031 or less", largest_damping);
  claim_in (c, text, "a real mode, −12.5 1/s", -s->eigenvalues[6].re);
  g_assert_cmpfloat (s->eigenvalues[6].im, ==, 0.0);
  g_assert_cmpfloat_with_epsilon (s->eigenvalues[6].re, -2 * line.decay, 1e-9 * line.decay);

  text = step_text (lesson, 3);
  quote_in (c, text, "which the disc |1 + hλ| ≤ 1 touches only at 0");
  assert_euler_disc ();
  quote_in (c, text, "stay below 2|Re λ|/|λ|²");
  claim_in (c, text, "is 5.3e-5 s", s->euler_step);
  quote_in (c, text, "set by the fastest mode alone");
  g_assert_cmpfloat_with_epsilon (s->euler_step, euler_step (fastest), 1e-9 * s->euler_step);
  for (guint k = 2; k < s->n; k++)
    g_assert_cmpfloat (euler_step (&s->eigenvalues[k]), >, 1.5 * s->euler_step);

  /* explicit Euler at the steps the text gives */
  text = step_text (lesson, 4);
  h_stable = stated (c, text, "Fixed step to 0.05 ms") * 1e-3;
  g_assert_cmpfloat (h_stable, <, s->euler_step);
  stable = run_fixed_step (c->ex, "euler", h_stable, &finished);
  g_assert_true (finished);
  quote_in (c, text, "after the hammer the chain rings and dies away");
  g_assert_cmpfloat (swing (stable, "J3.p", t_end - 0.1, t_end), <,
                     0.5 * swing (stable, "J3.p", shut->t, shut->t + 0.1));
  h_growing = stated (c, text, "Set Fixed step to 0.2 ms") * 1e-3;
  quote_in (c, text, "about four times the largest stable step");
  g_assert_cmpfloat_with_epsilon (h_growing / s->euler_step, 4, 0.5);
  growing = run_fixed_step (c->ex, "euler", h_growing, &finished);
  g_assert_true (finished);
  quote_in (c, text, "the ringing grows instead, to pressures far below zero");
  g_assert_cmpfloat (swing (growing, "J3.p", t_end - 0.1, t_end), >,
                     2 * swing (growing, "J3.p", shut->t, shut->t + 0.1));
  g_assert_cmpfloat (smallest (growing, "J3.p"), <, -2 * supply);
  /* the intro's "even while they are quiet": before S1 shuts, the flow is
   * steady and msbdf sees next to no ringing, but Euler's grows already */
  g_assert_cmpfloat (swing (growing, "J3.p", shut->t - 0.2, shut->t), >,
                     10 * swing (own, "J3.p", shut->t - 0.2, shut->t));

  /* the implicit midpoint rule at the step that made Euler grow */
  text = step_text (lesson, 5);
  g_assert_cmpfloat (stated (c, text, "Keep Fixed step at 0.2 ms") * 1e-3, ==, h_growing);
  quote_in (c, text, "Its region is the whole left half-plane");
  for (guint k = 0; k < 24; k++)
    {
      double complex z = 50 * cexp (I * G_PI * (0.5 + k / 23.0)) / (1 + k);

      g_assert_cmpfloat (cabs (mf_stability_function (MF_STABILITY_MIDPOINT, z)), <=, 1 + 1e-12);
    }
  implicit = run_fixed_step (c->ex, "rk2imp", h_growing, &finished);
  g_assert_true (finished);
  quote_in (c, text, "the run rings down as msbdf’s does");
  g_assert_cmpfloat_with_epsilon (largest (implicit, "J3.p"), largest (own, "J3.p"),
                                  0.02 * largest (own, "J3.p"));
  g_assert_cmpfloat_with_epsilon (swing (implicit, "J3.p", t_end - 0.1, t_end),
                                  swing (own, "J3.p", t_end - 0.1, t_end),
                                  0.1 * swing (own, "J3.p", t_end - 0.1, t_end));
  assert_lesson_checked (c, lesson);
}

/* ---- every lesson has its claims checked -------------------------------------- */

/* ---- the index lessons: their equations, procedure and drift ---------- */

/* The equations of the example's first mode, written out with the reduced
 * ones, as the Equations window shows them. */
static char *
equations_text (const Claims *c)
{
  g_autoptr (MfEquations) equations = mf_equations_new (c->ex->model, 0);
  g_autoptr (MfReduction) reduction = mf_reduction_new (c->ex->model, 0);

  mf_equations_add_reduced (equations, reduction);
  return mf_equations_to_plain (equations);
}

static MfIndexSteps *
index_steps_of (const MfTestCircuit *ex)
{
  g_autoptr (MfReduction) reduction = mf_reduction_new (ex->model, 0);

  return mf_index_steps_new (ex->model, reduction);
}

/* `phrase` of a lesson's text is a line of the equations as written. */
static void
quote_equation (Claims *c, const char *text, const char *phrase, const char *equations)
{
  quote_in (c, text, phrase);
  if (strstr (equations, phrase) == NULL)
    g_error ("%s: \"%s\" is no equation of the circuit:\n%s", c->name, phrase, equations);
}

static int
index_of_example (const char *name)
{
  g_autoptr (MfTestCircuit) ex = example_load (name);
  g_autoptr (MfReduction) reduction = mf_reduction_new (ex->model, 0);

  return reduction->index;
}

/* The Drift page's comparison: the first mode from t = 0 to ten times the
 * document's end, rkf45 and the document's tolerances, 400 samples. */
static MfDrift *
drift_of (const Claims *c, double *minimal, double *naive, double *naive_end)
{
  const MfCircuit *circuit = example_circuit (c->ex);
  MfDriftOptions options = { 0, MF_DRIFT_DEFAULT_METHOD, 0.0, NULL,
                             10 * circuit->simulation.t_end, 400, circuit->simulation.rtol,
                             circuit->simulation.atol };
  g_autoptr (GError) error = NULL;
  MfDrift *drift = mf_drift_run (c->ex->model, &options, NULL, &error);

  g_assert_no_error (error);
  *minimal = *naive = 0.0;
  for (guint i = 0; i <= drift->n_samples; i++)
    {
      *minimal = MAX (*minimal, drift->minimal[i]);
      *naive = MAX (*naive, drift->naive[i]);
    }
  *naive_end = drift->naive[drift->n_samples];
  return drift;
}

/* Three pipes: d3 = 12 mm and d2 = 10 mm make continuity's coefficient
 * (d3/d2)² = 1.44; every state has mass, so the procedure ends in its
 * first round, at index 0. */
static void
test_index_zero (void)
{
  const MfLesson *lesson = &mf_lesson_index_zero;
  g_autoptr (Claims) c = claims_new (lesson->example);
  g_autofree char *equations = equations_text (c);
  g_autoptr (MfIndexSteps) steps = index_steps_of (c->ex);
  double d2 = param (c->ex, "P2", MF_PIPE_DIAMETER), d3 = param (c->ex, "P3", MF_PIPE_DIAMETER);
  const char *text;

  text = step_text (lesson, 2);
  quote_equation (c, text, "P2.v = 1.44·P3.v − P1.v", equations);
  claim_in (c, text, "P3 is 12 mm across", d3 * 1e3);
  claim_in (c, text, "P2 10 mm", d2 * 1e3);
  claim_in (c, text, "area is 1.44 times", (d3 / d2) * (d3 / d2));

  text = step_text (lesson, 3);
  claim_in (c, text, "the index is 0", steps->index);
  quote_in (c, text, "one round, E regular from the start");
  g_assert_cmpuint (steps->rounds->len, ==, 1);
  quote_in (c, text, "lists both states as integrated");
  g_assert_cmpuint (steps->final->len, ==, 2);
  for (guint i = 0; i < steps->final->len; i++)
    g_assert_true (((const MfIndexFinal *) steps->final->pdata[i])->integrated);

  text = step_text (lesson, 4);
  claim_in (c, text, "a mode of index 0", steps->index);
  claim_in (c, text, "the parallel orifices (index 1)",
            index_of_example (mf_lesson_index_one.example));
  claim_in (c, text, "the piston accumulator (index 2)",
            index_of_example (mf_lesson_index_two.example));
  assert_lesson_checked (c, lesson);
}

/* Parallel orifices: the zero row of M̄ is the equality of the orifices'
 * drops, one round makes O1.v algebraic; the pump ramps up over 0.2 s and
 * the naive form keeps the error it gathers then. */
static void
test_index_one (void)
{
  const MfLesson *lesson = &mf_lesson_index_one;
  g_autoptr (Claims) c = claims_new (lesson->example);
  g_autofree char *equations = equations_text (c);
  g_autoptr (MfIndexSteps) steps = index_steps_of (c->ex);
  const MfIndexRound *r0;
  const MfIndexFinal *f;
  g_autoptr (MfDrift) drift = NULL;
  double minimal, naive, naive_end;
  const char *text;

  claim_in (c, lesson->title, "index 1", steps->index);
  text = step_text (lesson, 1);
  claim_in (c, text, "start with 0 =", 0);
  g_assert_nonnull (strstr (equations, "\nO1: 0 = "));
  g_assert_nonnull (strstr (equations, "\nO2: 0 = "));
  text = step_text (lesson, 2);
  quote_equation (c, text, "O2.v = −O1.v + v_p,O2(t)", equations);
  quote_equation (c, text, "0 = F_O1.v − F_O2.v", equations);

  text = step_text (lesson, 3);
  r0 = steps->rounds->pdata[0];
  claim_in (c, text, "Round 1: E has rank 0", 1);
  g_assert_cmpuint (r0->rank, ==, 0);
  g_assert_cmpuint (r0->n, ==, 1);
  quote_in (c, text, "holds the velocities O1.v and O2.v");
  claim_in (c, text, "Round 2: E is regular", 2);
  g_assert_cmpuint (steps->rounds->len, ==, 2);
  claim_in (c, text, "so the index is 1", steps->index);
  g_assert_cmpuint (steps->final->len, ==, 1);
  f = steps->final->pdata[0];
  g_assert_cmpstr (f->state, ==, "O1.v");
  g_assert_false (f->integrated);

  text = step_text (lesson, 4);
  drift = drift_of (c, &minimal, &naive, &naive_end);
  claim_in (c, text, "stays below 1e-10", 1e-10);
  g_assert_cmpfloat (minimal, <, 1e-10);
  /* the pump's flow grows up to 0.2 s and holds from there */
  {
    const MfComponent *pump = component (c->ex, "Q1");

    claim_in (c, text, "over the first 0.2 s", 0.2);
    g_assert_cmpfloat (mf_component_param_at (pump, MF_FLOW_SOURCE_FLOW, 0.19), <,
                       mf_component_param_at (pump, MF_FLOW_SOURCE_FLOW, 0.2));
    g_assert_cmpfloat (mf_component_param_at (pump, MF_FLOW_SOURCE_FLOW, 0.2), ==,
                       mf_component_param_at (pump, MF_FLOW_SOURCE_FLOW, 0.4));
  }
  claim_in (c, text, "climbs above 1e-6", 1e-6);
  g_assert_cmpfloat (naive, >, 1e-6);
  quote_in (c, text, "it stays there to the end");
  g_assert_cmpfloat (naive_end, >, 1e-6);
  assert_lesson_checked (c, lesson);
}

/* The piston accumulator: ρ·A·L of P1 is 1.37 kg; the hidden constraint
 * holds no velocity, so it is differentiated: three rounds, index 2; and
 * the naive form drifts off its linear constraint, if less than the
 * orifices' drifts off their square law. */
static void
test_index_two (void)
{
  const MfLesson *lesson = &mf_lesson_index_two;
  g_autoptr (Claims) c = claims_new (lesson->example);
  g_autofree char *equations = equations_text (c);
  g_autoptr (MfIndexSteps) steps = index_steps_of (c->ex);
  const MfCircuit *circuit = example_circuit (c->ex);
  const MfIndexRound *r0;
  g_autofree char *constraint = NULL;
  g_autofree char *ids = NULL;
  g_autoptr (MfDrift) drift = NULL;
  double minimal, naive, naive_end;
  const char *text;

  claim_in (c, lesson->title, "index 2", steps->index);
  text = step_text (lesson, 1);
  quote_equation (c, text, "0 = A_cap,C1·P1.b.p − A_rod,C1·C1.rod.p + T_K1", equations);
  quote_equation (c, text, "T_K1 = −k_K1·C1.x", equations);
  text = step_text (lesson, 2);
  claim_in (c, text, "1.37 kg",
            circuit->fluid.density * pipe_area (c->ex, "P1") * param (c->ex, "P1", MF_PIPE_LENGTH));
  quote_in (c, text, "C1’s, 0 = F_C1.v");
  g_assert_nonnull (strstr (equations, "\nC1: 0 = F_C1.v\n"));

  text = step_text (lesson, 3);
  r0 = steps->rounds->pdata[0];
  constraint = mf_math_to_plain (r0->constraints->pdata[0]);
  claim_in (c, text, "Round 1: the hidden constraint", 1);
  quote_in (c, text, "0 = A_cap,C1·P1.b.p − A_rod,C1·p_T2 − k_K1·C1.x");
  g_assert_cmpstr (constraint, ==, "0 = A_cap,C1·P1.b.p − A_rod,C1·p_T2 − k_K1·C1.x");
  g_assert_nonnull (r0->derivatives->pdata[0]);
  ids = g_strjoinv (", ", r0->components);
  quote_in (c, text, "P1, V1, C1, T2 and K1 light up");
  g_assert_cmpstr (ids, ==, "P1, V1, C1, T2, K1");

  text = step_text (lesson, 4);
  claim_in (c, text, "round 2: the derivative fixes C1.v", 2);
  claim_in (c, text, "Round 3: E is regular after two rounds", 3);
  g_assert_cmpuint (steps->rounds->len, ==, 3);
  claim_in (c, text, "so the index is 2", steps->index);
  quote_in (c, text, "lists P1.v and C1.x as integrated, C1.v and P1.b.p as fixed");
  for (guint i = 0; i < steps->final->len; i++)
    {
      const MfIndexFinal *f = steps->final->pdata[i];

      g_assert_cmpint (f->integrated, ==,
                       g_strcmp0 (f->state, "P1.v") == 0 || g_strcmp0 (f->state, "C1.x") == 0);
    }
  g_assert_cmpuint (steps->final->len, ==, 4);

  text = step_text (lesson, 5);
  drift = drift_of (c, &minimal, &naive, &naive_end);
  claim_in (c, text, "below 1e-15", 1e-15);
  g_assert_cmpfloat (minimal, <, 1e-15);
  claim_in (c, text, "grows above 1e-8", 1e-8);
  g_assert_cmpfloat (naive, >, 1e-8);
  quote_in (c, text, "less than the orifices’ in the previous lesson");
  {
    g_autoptr (Claims) orifices = claims_new (mf_lesson_index_one.example);
    g_autoptr (MfDrift) square = NULL;
    double o_minimal, o_naive, o_end;

    square = drift_of (orifices, &o_minimal, &o_naive, &o_end);
    g_assert_cmpfloat (naive, <, o_naive);
  }
  assert_lesson_checked (c, lesson);
}

/* Two massless pistons on one yoke: the yoke's balance over both pistons
 * in C1's row, the yoke as C2.v = C1.v; the first round's constraint on
 * C1.x, P1.b.p and C2.cap.p; E of the second round rank 6 of 7 with that
 * constraint its last row; C2.cap.p and C1.v algebraic, five states
 * integrated; Pantelides differentiating both laws once with C2.cap.p′
 * and the yoke's multiplier as dummy derivatives; the naive form growing
 * in a straight line once the run is at rest (manifold-cli drift: 2.1e-13
 * at an eighth of the horizon, then 3.7e-13 more in each eighth, 2.8e-12
 * at its end). */
static void
test_index_two_pistons (void)
{
  const MfLesson *lesson = &mf_lesson_index_two_pistons;
  g_autoptr (Claims) c = claims_new (lesson->example);
  g_autofree char *equations = equations_text (c);
  g_autoptr (MfIndexSteps) steps = index_steps_of (c->ex);
  g_autoptr (MfReduction) red = reduce (c);
  g_autoptr (MfStructural) structural = mf_structural_new_for_mode (c->ex->model, red);
  const MfPantelides *p = structural->pantelides;
  const MfIndexRound *r0, *r1;
  g_autofree char *ids = NULL;
  g_autofree char *all = NULL;
  g_autoptr (GPtrArray) others = g_ptr_array_new ();
  g_autoptr (MfDrift) drift = NULL;
  g_autoptr (GString) dummies = g_string_new (NULL);
  double minimal, naive, naive_end;
  guint integrated = 0;
  const char *text;

  claim_in (c, lesson->title, "index 2", steps->index);
  text = step_text (lesson, 1);
  quote_equation (c, text,
                  "0 = A_cap,C1·P1.b.p − A_rod,C1·C1.rod.p + A_cap,C2·C2.cap.p − "
                  "A_rod,C2·C2.rod.p + T_K1",
                  equations);
  quote_equation (c, text, "C2.v = C1.v", equations);

  text = step_text (lesson, 2);
  r0 = steps->rounds->pdata[0];
  claim_in (c, text, "Round 1: the hidden constraint holds C1.x, P1.b.p and C2.cap.p", 1);
  g_assert_cmpuint (r0->involved->len, ==, 1);
  g_assert_cmpstr (r0->involved->pdata[0], ==, "C1.x, P1.b.p, C2.cap.p");
  quote_in (c, text, "its derivative holds C1.v");
  g_assert_nonnull (r0->substituted->pdata[0]);
  {
    g_autofree char *derivative = mf_math_to_plain (r0->substituted->pdata[0]);

    g_assert_nonnull (strstr (derivative, "C1.v"));
  }
  ids = g_strjoinv (", ", r0->components);
  quote_in (c, text, "P1, V1, C1, T3, C2, T4, V2, P2 and K1 light up");
  g_assert_cmpstr (ids, ==, "P1, V1, C1, T3, C2, T4, V2, P2, K1");
  quote_in (c, text, "every component but the supplies and the fixed end of the spring");
  g_assert_cmpuint (g_strv_length (r0->components) + 3, ==,
                    example_circuit (c->ex)->components->len);

  text = step_text (lesson, 3);
  r1 = steps->rounds->pdata[1];
  claim_in (c, text, "Round 2: E has rank 6 of 7", 2);
  g_assert_cmpuint (r1->rank, ==, 6);
  g_assert_cmpuint (r1->n, ==, 7);
  quote_in (c, text, "its last row is the constraint on C1.x, P1.b.p and C2.cap.p");
  for (guint j = 0; j < r1->n; j++)
    {
      gboolean on = strcmp (steps->names[j], "C1.x") == 0
                    || strcmp (steps->names[j], "P1.b.p") == 0
                    || strcmp (steps->names[j], "C2.cap.p") == 0;

      g_assert_cmpint (r1->e[(gsize) j * r1->n + r1->n - 1] != 0.0, ==, on);
    }
  quote_in (c, text, "lists C2.cap.p as fixed by the constraint, C1.v by its derivative, and "
                     "the other five states as integrated");
  for (guint i = 0; i < steps->final->len; i++)
    {
      const MfIndexFinal *f = steps->final->pdata[i];

      g_assert_cmpint (f->integrated, ==,
                       strcmp (f->state, "C2.cap.p") != 0 && strcmp (f->state, "C1.v") != 0);
      integrated += f->integrated;
    }
  g_assert_cmpuint (integrated, ==, 5);
  g_assert_cmpuint (steps->final->len, ==, 7);

  text = step_text (lesson, 4);
  claim_in (c, text, "reaches index 2 too", p->structural_index);
  quote_in (c, text, "it differentiates C1 law and C2 law once each");
  for (guint i = 0; i < mf_incidence_n_equations (structural->incidence); i++)
    if (p->differentiations[i] > 0)
      g_ptr_array_add (others, (gpointer) mf_incidence_equation_name (structural->incidence, i));
  g_ptr_array_add (others, NULL);
  all = g_strjoinv (", ", (char **) others->pdata);
  g_assert_cmpstr (all, ==, "C1 law, C2 law");
  quote_in (c, text, "makes C2.cap.p′ a dummy derivative");
  quote_in (c, text, "the multiplier of C1.v = C2.v");
  for (guint k = 0; k < structural->dummies->dummies->len; k++)
    {
      g_autofree char *name = mf_pantelides_unknown_name (
        p, g_array_index (structural->dummies->dummies, guint, k));

      g_string_append_printf (dummies, "%s%s", k > 0 ? ", " : "", name);
    }
  g_assert_cmpstr (dummies->str, ==, "λ(C1.v = C2.v)', C2.cap.p'");

  text = step_text (lesson, 5);
  drift = drift_of (c, &minimal, &naive, &naive_end);
  claim_in (c, text, "stays below 1e-15", 1e-15);
  g_assert_cmpfloat (minimal, <, 1e-15);
  claim_in (c, text, "to above 1e-12 by the end", 1e-12);
  g_assert_cmpfloat (naive_end, >, 1e-12);
  quote_in (c, text, "once the pistons have come to rest it grows in a straight line");
  /* from the first eighth of the horizon on, the same rise in each eighth,
   * to 10 % */
  for (guint k = 1; k < 8; k++)
    {
      guint i = k * drift->n_samples / 8, j = (k + 1) * drift->n_samples / 8;
      double mean = (naive_end - drift->naive[drift->n_samples / 8]) / 7.0;

      g_assert_cmpfloat_with_epsilon (drift->naive[j] - drift->naive[i], mean, 0.1 * mean);
    }
  assert_lesson_checked (c, lesson);
}

static const struct
{
  const MfLesson *lesson;
  GTestFunc       test;
} lessons[] = {
  { &mf_lesson_stiff_oscillator, test_stiff_oscillator },
  { &mf_lesson_shrinking_volume, test_shrinking_volume },
  { &mf_lesson_water_hammer, test_water_hammer },
  { &mf_lesson_index_zero, test_index_zero },
  { &mf_lesson_index_one, test_index_one },
  { &mf_lesson_index_two, test_index_two },
  { &mf_lesson_index_two_pistons, test_index_two_pistons },
};

/* Each lesson of the list is here, with an example of its own that loads,
 * and at least three steps. */
static void
test_every_lesson (void)
{
  guint n;
  const MfLesson *const *list = mf_lesson_list (&n);

  g_assert_cmpuint (n, ==, G_N_ELEMENTS (lessons));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (MfTestCircuit) example = example_load (list[i]->example);
      gboolean checked = FALSE;

      for (guint j = 0; j < G_N_ELEMENTS (lessons); j++)
        checked |= lessons[j].lesson == list[i];
      if (!checked)
        g_error ("the lesson %s is checked by no test here", list[i]->name);
      g_assert_true (mf_lesson_find (list[i]->name) == list[i]);
      g_assert_true (mf_lesson_for_example (list[i]->example) == list[i]);
      g_assert_cmpuint (mf_lesson_n_steps (list[i]), >=, 3);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  mf_init ();

  g_test_add_func ("/lesson-claims/every-lesson", test_every_lesson);
  for (guint i = 0; i < G_N_ELEMENTS (lessons); i++)
    {
      g_autofree char *path = g_strconcat ("/lesson-claims/", lessons[i].lesson->name, NULL);

      g_test_add_func (path, lessons[i].test);
    }
  return g_test_run ();
}
