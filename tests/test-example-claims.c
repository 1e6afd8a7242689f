/* test-example-claims.c: what each example's description says is true.
 *
 * The app's gallery shows every circuit of data/examples with its title and
 * description, and a student takes their numbers at their word.  Each test
 * here quotes the phrases of one description and checks each against the
 * example's parameters, its analysis or a run of it, to the precision the
 * text gives: half a unit in the last digit written ("1.96 s" holds from
 * 1.955 to 1.965 s).  The number and its precision are read from the quoted
 * phrase, so they are written once, in the description.  Last, every number
 * in the title and the description must lie inside a quoted phrase: a
 * number added without a check fails its test, a phrase edited fails until
 * its test quotes the new words, and an example without a test here fails
 * /example-claims/every-example.  How the physics agrees with hand
 * calculations in detail is in test-example-physics.c.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-test-claims.h"
#include "mf-structural.h"

/* ---- compliant-volume ---------------------------------------------------- */

/* The supply pipe's oil (inertance I = ρ L / A) bounces on the volume
 * (capacitance C = V / β): ω = 1/√(I C), 40.6 Hz for 1 L; the return pipe
 * and the orifice (2Δp/q ≈ 5e10 Pa s/m³, against ω I ≈ 6e9) barely load
 * it, and friction damps it.  So the frequency goes as 1/√V.  At rest each
 * pipe carries O1's flow with its laminar drop 32 μ L v / d²: J1 sits 0.46
 * bar below the supply, 49.5 bar, and the orifice passes 11.7 L/min. */

/* The example with its volume a quarter as large. */
static MfTestCircuit *
compliant_volume_quartered (void)
{
  return example_edited ("compliant-volume", "\"volume\": \"1 L\"", "\"volume\": \"0.25 L\"");
}

static void
test_compliant_volume (void)
{
  g_autoptr (Claims) c = claims_new ("compliant-volume");
  g_autoptr (Run) run = run_circuit (c->ex, NULL);
  g_autoptr (MfTestCircuit) small = compliant_volume_quartered ();
  g_autoptr (Run) small_run = run_circuit (small, NULL);
  double p_end = last_value (run, "J1.p"), f, f_small, t_period, exponent;
  guint count;

  claim (c, "A 50 bar supply", param (c->ex, "T1", MF_TANK_PRESSURE) / BAR);
  claim (c, "two 3 m pipes", param (c->ex, "P1", MF_PIPE_LENGTH));
  g_assert_cmpfloat (param (c->ex, "P2", MF_PIPE_LENGTH), ==, param (c->ex, "P1", MF_PIPE_LENGTH));
  claim (c, "a 1 L volume", param (c->ex, "V1", MF_VOLUME_VOLUME) / 1e-3);
  claim (c, "a 3 mm² orifice", param (c->ex, "O1", MF_ORIFICE_AREA) / MM2);
  claim (c, "(bulk modulus 1.5 GPa)", example_circuit (c->ex)->fluid.bulk_modulus / 1e9);
  quote (c, "its pressure J1.p is a state");
  g_assert_cmpint (mf_model_find_state (c->ex->model, "J1.p"), >=, 0);

  f = crossing_frequency (run, "J1.p", p_end, 1e-6 * p_end, &count);
  g_test_message ("%u crossings of the final pressure", count);
  claim (c, "at about 41 Hz", f);
  claim (c, "overshooting to about 85 bar", largest (run, "J1.p") / BAR);
  /* what is left of the swing averages out over its last period */
  t_period = time_of (run, n_samples (run) - 1) - 1.0 / f;
  claim (c, "near 49.5 bar", mean_from (run, "J1.p", t_period) / BAR);
  claim (c, "with 11.7 L/min flowing", mean_from (run, "O1.q", t_period) / L_MIN);

  /* a quarter of the volume: the exponent of V, to the one digit of ½ */
  f_small = crossing_frequency (small_run, "J1.p", last_value (small_run, "J1.p"), 1e-6 * p_end,
                                &count);
  exponent = log (f_small / f) / log (4.0);
  g_test_message ("%.2f Hz with a quarter of the volume: f ∝ V^-%.3f", f_small, exponent);
  quote (c, "the oscillation gets faster (as 1/√V)");
  g_assert_cmpfloat_with_epsilon (exponent, 0.5, 0.05);
  /* stiffer: a faster mode, while the slow part, where it settles, stays */
  quote (c, "and the circuit stiffer");
  g_assert_cmpfloat (f_small, >, f);
  g_assert_cmpfloat_with_epsilon (last_value (small_run, "O1.q") / L_MIN,
                                  last_value (run, "O1.q") / L_MIN, 0.05);
  assert_all_checked (c);
}

/* ---- orifice-between-volumes ---------------------------------------------- */

/* With a compliant volume on each side, the orifice's velocity is not tied
 * to a pipe by continuity: it is an independent state without mass, and
 * its force balance A (p1 − p2) = K v|v|, K = ρ A³ / (2 cd² a²), holds no
 * derivative: one differentiation gives v', index 1.  So at every sample
 * v = sign(Δp) (cd a / A) √(2 |Δp| / ρ). */
static void
test_orifice_between_volumes (void)
{
  g_autoptr (Claims) c = claims_new ("orifice-between-volumes");
  g_autoptr (Run) run = run_circuit (c->ex, NULL);
  g_autoptr (MfReduction) red = reduce (c);
  double rho = example_circuit (c->ex)->fluid.density;
  double a = param (c->ex, "O", MF_ORIFICE_AREA), cd = param (c->ex, "O", MF_ORIFICE_CD);
  double port = param (c->ex, "O", MF_ORIFICE_PORT_DIAMETER);
  double gain = cd * a / (G_PI * port * port / 4.0), v_scale = 0.0;
  guint count;

  claim (c, "A supply at 10 bar", param (c->ex, "T1", MF_TANK_PRESSURE) / BAR);
  quote_title (c, "(index 1)");
  quote (c, "an index-1 DAE");
  g_assert_cmpint (red->index, ==, 1);
  g_assert_true (red->mass_singular);
  quote (c, "the orifice velocity is an independent state without mass");
  g_assert_cmpuint (red->index_analysis->algebraic->len, ==, 1);
  g_assert_cmpstr (independent_name (c, red, red->index_analysis->algebraic, 0), ==, "O.v");
  quote (c, "The pipes and the two volume pressures are integrated");
  g_assert_cmpuint (red->index_analysis->integrated->len, ==, 2);
  g_assert_cmpstr (independent_name (c, red, red->index_analysis->integrated, 0), ==, "P1.v");
  g_assert_cmpstr (independent_name (c, red, red->index_analysis->integrated, 1), ==, "P2.v");
  g_assert_cmpint (mf_model_find_state (c->ex->model, "P1.b.p"), >=, 0);
  g_assert_cmpint (mf_model_find_state (c->ex->model, "O.b.p"), >=, 0);

  quote (c, "Newton solves A Δp = K v|v| for the orifice velocity");
  g_assert_cmpuint (run->stats.newton_iterations, >, 0);
  quote (c, "watch O.v follow the square root of the pressure difference");
  v_scale = largest_magnitude (run, "O.v");
  for (guint i = 0; i < n_samples (run); i++)
    {
      double dp = value (run, i, "P1.b.p") - value (run, i, "O.b.p");

      g_assert_cmpfloat_with_epsilon (value (run, i, "O.v"),
                                      copysign (gain * sqrt (2.0 * fabs (dp) / rho), dp),
                                      1e-6 * v_scale);
    }
  /* ringing: each volume swings through its final pressure again and again */
  quote (c, "while the volumes ring");
  crossing_frequency (run, "P1.b.p", last_value (run, "P1.b.p"), 1e3, &count);
  g_assert_cmpuint (count, >=, 10);
  crossing_frequency (run, "O.b.p", last_value (run, "O.b.p"), 1e3, &count);
  g_assert_cmpuint (count, >=, 10);
  assert_all_checked (c);
}

/* ---- orifice-closes-and-reopens ------------------------------------------ */

/* O1's area is 20 mm² · (1 − pulse(t, 0.2, 0.1)): zero from 0.2 s to
 * 0.3 s.  Closed, it passes nothing, and continuity at J1 leaves the pipe's
 * flow to O2 and O3.  At t = 0 every flow is zero and the orifice law
 * K v|v| has slope 0: the Jacobian of the two free orifice velocities is 0
 * and only the SVD step moves.  At 0.3 s O1 reopens at zero flow, but O3
 * (carrying flow) keeps the Jacobian regular. */
static void
test_orifice_closes_and_reopens (void)
{
  g_autoptr (Claims) c = claims_new ("orifice-closes-and-reopens");
  g_autoptr (Run) run = run_circuit (c->ex, NULL);
  double t_closed, t_open;
  guint64 svd_steps = 0;

  claim (c, "A 10 bar tank", param (c->ex, "T1", MF_TANK_PRESSURE) / BAR);
  t_closed = event_time (run, "O1", "closed", -1.0);
  t_open = event_time (run, "O1", "open", t_closed);
  claim (c, "drops to zero at 0.2 s", t_closed);
  claim (c, "comes back at 0.3 s", t_open);
  /* located on the area's kinks, to the event location's precision */
  g_assert_cmpfloat_with_epsilon (t_closed, 0.2, 1e-9);
  g_assert_cmpfloat_with_epsilon (t_open, 0.3, 1e-9);
  quote (c, "an event closes it (see the event log)");

  quote (c, "the pipe's flow is shared by the two others");
  for (guint i = 0; i < n_samples (run); i++)
    {
      double t = time_of (run, i), q = value (run, i, "P.q");

      if (t <= t_closed || t >= t_open)
        continue;
      g_assert_cmpfloat (value (run, i, "O1.q"), ==, 0.0);
      g_assert_cmpfloat_with_epsilon (value (run, i, "O2.q") + value (run, i, "O3.q"), q,
                                      1e-12 * q);
    }

  /* SVD steps only at the start, none when O1 reopens */
  quote (c, "Newton takes a least-squares (SVD) step");
  quote (c, "so QR steps find the new split");
  g_assert_cmpuint (run->fallbacks->len, ==, 1);
  for (guint i = 0; i < run->fallbacks->len; i++)
    {
      const MfSvdFallbacks *f = &g_array_index (run->fallbacks, MfSvdFallbacks, i);

      g_assert_cmpfloat (f->t_first, ==, 0.0);
      g_assert_cmpfloat (f->t_last, <, t_closed);
      svd_steps += f->steps;
    }
  quote (c, "counted as \"SVD fallbacks\" in the run's details");
  g_assert_cmpuint (run->stats.svd_steps, ==, svd_steps);
  g_assert_cmpuint (svd_steps, >=, 1);
  assert_all_checked (c);
}

/* ---- pipe-drain ---------------------------------------------------------- */

/* m v' = A p0 − K v|v| from rest gives v = v∞ tanh(t / τ), with
 * v∞ = √(A p0 / K) and τ = m / (K v∞) = 0.091 s: v is within 1 % of v∞
 * when tanh(t / τ) = 0.99, t = 2.65 τ = 0.24 s.  J1.p = K v² / A then
 * rises from 0 to p0. */
static void
test_pipe_drain (void)
{
  g_autoptr (Claims) c = claims_new ("pipe-drain");
  g_autoptr (Run) run = run_circuit (c->ex, NULL);
  double rho = example_circuit (c->ex)->fluid.density;
  double p0 = param (c->ex, "T1", MF_TANK_PRESSURE), area = pipe_area (c->ex, "P1");
  double a = param (c->ex, "O1", MF_ORIFICE_AREA), cd = param (c->ex, "O1", MF_ORIFICE_CD);
  double k = rho * pow (area, 3) / (2.0 * cd * cd * a * a), v_inf = sqrt (area * p0 / k);
  double t_near = NAN;

  claim (c, "A 10 m oil column", param (c->ex, "P1", MF_PIPE_LENGTH));
  quote (c, "started from rest");
  g_assert_cmpfloat (value (run, 0, "P1.v"), ==, 0.0);
  claim (c, "a 2 bar tank", p0 / BAR);
  claim (c, "a 50 mm² orifice", a / MM2);
  quote (c, "into an open tank");
  g_assert_cmpfloat (param (c->ex, "T2", MF_TANK_PRESSURE), ==, 0.0);
  quote (c, "The pipe has no friction");
  g_assert_cmpint (component (c->ex, "P1")->params[MF_PIPE_FRICTION].choice, ==,
                   MF_FRICTION_NONE);

  claim (c, "≈ 2.08 m/s", v_inf);
  g_assert_cmpfloat_with_epsilon (last_value (run, "P1.v"), v_inf, 1e-4 * v_inf);
  quote (c, "which it comes within 1 %");
  for (guint i = 1; i < n_samples (run) && isnan (t_near); i++)
    {
      double va = value (run, i - 1, "P1.v"), vb = value (run, i, "P1.v");

      if (vb >= 0.99 * v_inf)
        t_near = time_of (run, i - 1)
                 + (time_of (run, i) - time_of (run, i - 1)) * (0.99 * v_inf - va) / (vb - va);
    }
  claim (c, "of after 0.24 s", t_near);
  g_assert_cmpfloat_with_epsilon (t_near, atanh (0.99) * pipe_mass (c->ex, "P1") / (k * v_inf),
                                  1e-4);

  claim (c, "starts at 0", value (run, 0, "J1.p"));
  g_assert_cmpfloat (value (run, 0, "J1.p"), ==, 0.0);
  claim (c, "rises to the full 2 bar", last_value (run, "J1.p") / BAR);
  g_assert_cmpfloat_with_epsilon (last_value (run, "J1.p"), p0, 1e-4 * p0);
  assert_all_checked (c);
}

/* ---- pump-parallel-orifices ---------------------------------------------- */

/* Newton solves one equation for one orifice velocity: the two orifice
 * forces balance, G = K2 v2|v2| − K1 v1|v1| = 0 (both see the same drop),
 * with v2 = q/A − v1.  Its slope is 2 K1 v1 + 2 K2 v2, and the forces it
 * weighs (mf-dae.c, set_scales) are K1 v1² + K2 v2² = 2 A Δp; since
 * K v² = A Δp for each, the scaled slope is σ = 1/v1 + 1/v2 (s/m), which
 * falls as 1/q.  At rest the slope and the forces are both zero: the scale
 * is floored, and σ = 0. */
static void
test_pump_parallel_orifices (void)
{
  g_autoptr (Claims) c = claims_new ("pump-parallel-orifices");
  g_autoptr (Run) run = run_circuit (c->ex, NULL);
  g_autoptr (MfReduction) red = reduce (c);
  double rho = example_circuit (c->ex)->fluid.density;
  double a1 = param (c->ex, "O1", MF_ORIFICE_AREA), a2 = param (c->ex, "O2", MF_ORIFICE_AREA);
  double cd = param (c->ex, "O1", MF_ORIFICE_CD);
  double full, falling, q_max = flow_plateau (c, "Q1", &full, &falling);
  double sigma_q = NAN;

  claim (c, "ramps up to 20 L/min", q_max / L_MIN);
  claim (c, "(4 and", a1 / MM2);
  claim (c, "and 8 mm²)", a2 / MM2);
  quote_title (c, "(index 1)");
  quote (c, "an index-1 DAE with nothing left to integrate");
  g_assert_cmpint (red->index, ==, 1);
  g_assert_cmpuint (red->index_analysis->integrated->len, ==, 0);
  g_assert_cmpuint (mf_model_n_states (c->ex->model), ==, mf_model_n_velocities (c->ex->model));

  quote (c, "(in the ratio of their areas)");
  quote (c, "J1.p follows the square of the flow");
  quote (c, "with a single equation it is that equation's slope");
  g_assert_cmpuint (red->index_analysis->algebraic->len, ==, 1);
  quote (c, "here 1/O1.v + 1/O2.v, in s/m");
  quote (c, "falls as 1/q");
  quote (c, "the square law is steepest near zero flow");
  for (guint i = 1; i < n_samples (run); i++)
    {
      double q1 = value (run, i, "O1.q"), q2 = value (run, i, "O2.q"), q = q1 + q2;
      double sigma = value (run, i, "solver.sigma_min");

      g_assert_cmpfloat (q, >, 0.0);
      g_assert_cmpfloat_with_epsilon (q2 / q1, a2 / a1, 1e-9);
      g_assert_cmpfloat_with_epsilon (value (run, i, "J1.p"),
                                      rho / 2 * pow (q / (cd * (a1 + a2)), 2),
                                      1e-8 * value (run, i, "J1.p"));
      g_assert_cmpfloat_with_epsilon (sigma, 1 / value (run, i, "O1.v")
                                               + 1 / value (run, i, "O2.v"), 1e-6 * sigma);
      g_assert_cmpfloat (value (run, i, "solver.sigma_max"), ==, sigma);
      if (isnan (sigma_q))
        sigma_q = sigma * q;
      g_assert_cmpfloat_with_epsilon (sigma * q, sigma_q, 1e-6 * sigma_q);
    }
  claim (c, "It is 0 in the first sample, where nothing flows and the orifice law is flat",
         value (run, 0, "solver.sigma_min"));
  g_assert_cmpfloat (value (run, 0, "solver.sigma_min"), ==, 0.0);
  g_assert_cmpfloat (value (run, 0, "P1.q"), ==, 0.0);
  claim (c, "42 in the next", value (run, 1, "solver.sigma_min"));
  claim (c, "to 1.06 at full flow", last_value (run, "solver.sigma_min"));
  g_assert_cmpfloat (last_value (run, "P1.q"), ==, q_max);
  assert_all_checked (c);
}

/* ---- pump-relief-valve ---------------------------------------------------- */

/* Open, the valve and O1 pass the pump's flow at one drop p:
 * cd (a + A_full (p − set) / rise) √(2p/ρ) = q.  At the full 20 L/min:
 * (4e-6 + 1e-5 (p − 60 bar) / 10 bar) · 0.61 · √(2p/ρ) = 3.33e-4 m³/s,
 * p = 60.63 bar, the highest the pressure gets. */
static double
relief_peak (const MfRelief *valve, double a, double cd, double q)
{
  double low = valve->set, high = valve->set + valve->rise;

  for (int i = 0; i < 200; i++)
    {
      double p = 0.5 * (low + high);

      if (cd * a * sqrt (2 * p / valve->density) + mf_relief_flow (valve, p) > q)
        high = p;
      else
        low = p;
    }
  return 0.5 * (low + high);
}

static void
test_pump_relief_valve (void)
{
  g_autoptr (Claims) c = claims_new ("pump-relief-valve");
  g_autoptr (Run) run = run_circuit (c->ex, NULL);
  g_autoptr (MfReduction) red = reduce (c);
  MfRelief valve = relief_of (c, "R1");
  double full, falling, q_max = flow_plateau (c, "Q1", &full, &falling);
  double peak = largest (run, "J1.p"), t_open, t_shut;

  claim (c, "ramps up to 20 L/min", q_max / L_MIN);
  claim (c, "60 bar setting", valve.set / BAR);
  quote (c, "opens by itself");
  t_open = event_time (run, "R1", "open", 0.0);
  g_assert_cmpfloat (t_open, <, full);
  claim (c, "at most 0.63 bar above its setting", (peak - valve.set) / BAR);
  g_assert_cmpfloat_with_epsilon (peak, relief_peak (&valve, param (c->ex, "O1", MF_ORIFICE_AREA),
                                                     param (c->ex, "O1", MF_ORIFICE_CD), q_max),
                                  1e-6 * valve.set);
  claim (c, "after 0.6 s", falling);
  quote (c, "the valve closes again");
  t_shut = event_time (run, "R1", "closed", falling);
  for (guint i = 0; i < n_samples (run); i++)
    if (time_of (run, i) > t_shut)
      g_assert_cmpfloat (value (run, i, "J1.p"), <, valve.set);

  /* Newton has algebraic states to solve exactly while the valve is open */
  quote (c, "while the valve is open the flow split is an index-1 DAE solved by Newton");
  g_assert_cmpint (red->index, ==, 1);
  g_assert_cmpuint (run->stats.newton_iterations, >, 0);
  for (guint i = 0; i < n_samples (run); i++)
    {
      double t = time_of (run, i);

      g_assert_cmpint (isnan (value (run, i, "solver.sigma_min")), ==, t < t_open || t > t_shut);
    }
  assert_all_checked (c);
}

/* ---- accumulator-charge-discharge --------------------------------------- */

/* The pump delivers q = D n = 4 cm³ · 25 rev/s = 1e-4 m³/s = 6 L/min until
 * 4 s, then half of it over the 0.1 s of its run-down: V_f = q · 4.05 s
 * = 0.405 L, all into the accumulator (V1 is closed), whose gas then
 * stands at p0 (V0/(V0 − V_f))^1.4 = 20 bar · 1.680672^1.4 = 41.372 bar.
 * Through V1 the gas volume G grows as G' = c_d a √(2p/ρ) with
 * p = p0 (V0/G)^n: G^(n/2) G' = k, k = c_d a √(2 p0/ρ) V0^(n/2), so
 * G^(n/2+1) grows by (n/2 + 1) k t and G reaches V0 (the fluid volume 0)
 * after (V0^1.7 − G1^1.7)/(1.7 k) = 8.338 s, at 13.338 s.  Empty, the
 * stop holds A p0 = π (10 mm)²/4 · 20 bar = 157.08 N. */
static void
test_accumulator_charge_discharge (void)
{
  g_autoptr (Claims) c = claims_new ("accumulator-charge-discharge");
  g_autoptr (Run) run = run_circuit (c->ex, NULL);
  const MfCircuit *circuit = example_circuit (c->ex);
  const double rev = 2.0 * G_PI, rpm = rev / 60.0, cm3_rev = 1e-6 / rev;
  double d = param (c->ex, "PU1", MF_PUMP_DISPLACEMENT), full, falling;
  double n_pump = expr_plateau (component (c->ex, "PU1")->params[MF_PUMP_SPEED].expr, &full,
                                &falling);
  double p0 = param (c->ex, "A1", MF_ACCUMULATOR_PRECHARGE);
  double v0 = param (c->ex, "A1", MF_ACCUMULATOR_GAS_VOLUME);
  double n = param (c->ex, "A1", MF_ACCUMULATOR_EXPONENT);
  double a = param (c->ex, "V1", MF_ORIFICE_AREA), cd = param (c->ex, "V1", MF_ORIFICE_CD);
  double port = G_PI * pow (param (c->ex, "A1", MF_ACCUMULATOR_PORT_DIAMETER), 2) / 4.0;
  double q = d * n_pump, stopped, fluid, p_held, k, gas, t_open, t_empty, t_hand;
  g_autoptr (GArray) kinks = g_array_new (FALSE, FALSE, sizeof (double));

  /* the run-down's ends: the speed's last kink is where it reaches 0 */
  mf_expr_collect_breakpoints (component (c->ex, "PU1")->params[MF_PUMP_SPEED].expr, kinks);
  stopped = g_array_index (kinks, double, kinks->len - 1);

  claim (c, "A pump of 4 cm³/rev", d / cm3_rev);
  claim (c, "at 1500 rpm", n_pump / rpm);
  claim (c, "(6 L/min)", q / L_MIN);
  claim (c, "1 L of gas", v0 / 1e-3);
  claim (c, "precharged to 20 bar", p0 / BAR);
  claim (c, "a polytropic exponent of 1.4", n);
  quote (c, "through a check valve");
  g_assert_true (component (c->ex, "CV1")->info->type == MF_COMPONENT_CHECK_VALVE);
  claim (c, "at 4 s its speed", falling);
  claim (c, "runs down to nothing in 0.1 s", stopped - falling);

  fluid = q * (falling + 0.5 * (stopped - falling));
  quote (c, "holds the 0.405 L the pump delivered");
  claim (c, "holds the 0.405 L", value (run, sample_before (run, 5.0), "A1.x") * port / 1e-3);
  g_assert_cmpfloat_with_epsilon (value (run, sample_before (run, 5.0), "A1.x") * port, fluid,
                                  1e-6 * fluid);
  p_held = p0 * pow (v0 / (v0 - fluid), n);
  quote (c, "compressed to p0·(V0/(V0 − Vf))^n");
  g_assert_cmpfloat_with_epsilon (value (run, sample_before (run, 5.0), "J1.p"), p_held,
                                  1e-6 * p_held);
  claim (c, "holds the line at 41.37 bar", value (run, sample_before (run, 5.0), "J1.p") / BAR);
  quote (c, "while the closed valve V1 keeps it");
  g_assert_cmpfloat (value (run, sample_before (run, 5.0), "V1.q"), ==, 0.0);

  t_open = g_array_index (circuit->schedule, MfScheduleEntry, 1).t;
  claim (c, "At 5 s the schedule opens", t_open);
  claim (c, "V1, 1 mm²", a / MM2);
  claim (c, "a discharge coefficient of 0.61", cd);
  quote (c, "its pressure falling with its fluid volume");
  for (guint i = sample_before (run, t_open) + 2; i < n_samples (run); i++)
    g_assert_cmpfloat (value (run, i, "J1.p"), <=, value (run, i - 1, "J1.p"));
  k = cd * a * sqrt (2.0 * p0 / circuit->fluid.density) * pow (v0, n / 2.0);
  gas = v0 - fluid;
  t_hand = t_open + (pow (v0, n / 2.0 + 1.0) - pow (gas, n / 2.0 + 1.0)) / ((n / 2.0 + 1.0) * k);
  t_empty = event_time (run, "A1", "at stop", 0.0);
  g_assert_cmpfloat_with_epsilon (t_empty, t_hand, 1e-4);
  claim (c, "reaches zero at 13.34 s", t_empty);
  quote (c, "closes by an event");
  claim (c, "the tank's 0 bar", last_value (run, "J1.p") / BAR);
  g_assert_cmpfloat (last_value (run, "A1.x"), ==, 0.0);
  claim (c, "157.1 N", last_value (run, "A1.stop_force"));
  g_assert_cmpfloat_with_epsilon (last_value (run, "A1.stop_force"), p0 * port, 1e-9 * p0 * port);
  assert_all_checked (c);
}

/* ---- three-pipes ----------------------------------------------------------- */

/* Continuity at J1 ties three velocities: two are integrated and J1.p is
 * the multiplier.  At rest inertia alone decides, pJ = Σ (A/L) p / Σ (A/L);
 * at steady state the laminar conductances G = A d² / (32 μ L) do, and the
 * slowest mode decays as exp(−32 ν t / d²) = exp(−10.2 t) (test-example-
 * physics.c checks both means): after 1 s it is 4e-5 of the 0.34 bar
 * between them. */
static void
test_three_pipes (void)
{
  g_autoptr (Claims) c = claims_new ("three-pipes");
  g_autoptr (Run) run = run_circuit (c->ex, NULL);
  g_autoptr (MfReduction) red = reduce (c);
  static const char *const pipes[] = { "P1", "P2", "P3" };
  double nu = example_circuit (c->ex)->fluid.kinematic_viscosity, p_end, re = 0.0;

  claim (c, "at 5 bar", param (c->ex, "T1", MF_TANK_PRESSURE) / BAR);
  claim (c, "and 3 bar", param (c->ex, "T2", MF_TANK_PRESSURE) / BAR);
  quote (c, "a third pipe drains it into an open tank");
  g_assert_cmpfloat (param (c->ex, "T3", MF_TANK_PRESSURE), ==, 0.0);
  quote (c, "only two of them are integrated");
  g_assert_cmpuint (mf_reduction_n_independent (red), ==, 2);
  g_assert_cmpint (red->index, ==, 0);
  quote (c, "J1.p is not a state but the constraint's multiplier");
  g_assert_cmpint (mf_model_find_state (c->ex->model, "J1.p"), <, 0);

  claim (c, "It starts at 2.24 bar", value (run, 0, "J1.p") / BAR);
  p_end = last_value (run, "J1.p");
  claim (c, "at 1.90 bar", p_end / BAR);
  /* from 1 s on it stays at its final value to the 0.005 bar written */
  quote (c, "settles within a second");
  for (guint i = sample_at (run->samples, 1.0); i < n_samples (run); i++)
    g_assert_cmpfloat (fabs (value (run, i, "J1.p") - p_end), <, 0.005 * BAR);
  g_assert_cmpfloat (fabs (value (run, sample_at (run->samples, 0.1), "J1.p") - p_end), >,
                     0.05 * BAR);

  for (guint k = 0; k < G_N_ELEMENTS (pipes); k++)
    {
      g_autofree char *name = g_strconcat (pipes[k], ".v", NULL);

      re = MAX (re, largest_magnitude (run, name) * param (c->ex, pipes[k], MF_PIPE_DIAMETER)
                      / nu);
      g_assert_cmpint (component (c->ex, pipes[k])->params[MF_PIPE_FRICTION].choice, ==,
                       MF_FRICTION_LAMINAR);
    }
  g_test_message ("largest Reynolds number %.1f", re);
  quote (c, "(Re stays below 1400)");
  g_assert_cmpfloat (re, <, 1400.0);
  assert_all_checked (c);
}

/* ---- valve-closing ----------------------------------------------------------- */

/* Before the switch the flows are steady: V1 passes 29 L/min, the branch
 * the rest of the 36.  Shutting V1 projects the velocities onto the one
 * path left, losing 2.1 J (test-example-physics.c derives it); the line's
 * momentum then forces its flow through the 5 mm² orifice, whose drop
 * ρ/2 (q/(cd a))² spikes to 99 bar at J1, and the line slows to the flow
 * the 10 bar can push through pipes and orifice, 8.3 L/min. */
static void
test_valve_closing (void)
{
  g_autoptr (Claims) c = claims_new ("valve-closing");
  g_autoptr (Run) run = run_circuit (c->ex, NULL);
  const MfCircuit *circuit = example_circuit (c->ex);
  const MfScheduleEntry *shut = &g_array_index (circuit->schedule, MfScheduleEntry, 1);
  guint before;

  claim (c, "A 10 bar supply", param (c->ex, "T1", MF_TANK_PRESSURE) / BAR);
  claim (c, "a 20 m line", param (c->ex, "P1", MF_PIPE_LENGTH));
  before = sample_before (run, shut->t);
  claim (c, "(29 of", value (run, before, "V1.q") / L_MIN);
  claim (c, "of 36 L/min)", value (run, before, "P1.q") / L_MIN);
  claim (c, "a 5 mm² orifice", param (c->ex, "O1", MF_ORIFICE_AREA) / MM2);
  g_assert_cmpuint (circuit->schedule->len, ==, 2);
  g_assert_cmpstr (((MfMode *) circuit->modes->pdata[shut->mode])->name, ==, "V1 shut");
  claim (c, "At t = 0.5 s", shut->t);
  quote (c, "the schedule shuts V1 instantly");
  g_assert_cmpuint (run->stats.mode_switches, ==, 1);
  claim (c, "(2.1 J, in the run statistics)", run->stats.energy_lost);
  quote (c, "From then on V1.q is exactly zero");
  for (guint i = before + 1; i < n_samples (run); i++)
    g_assert_cmpfloat (value (run, i, "V1.q"), ==, 0.0);
  claim (c, "J1.p spikes to about 99 bar", largest (run, "J1.p") / BAR);
  claim (c, "the flow settles at 8.3 L/min", last_value (run, "P1.q") / L_MIN);
  assert_all_checked (c);
}

/* ---- water-hammer-chain --------------------------------------------------- */

/* Four pipes of length L and bore area A, with a volume V ≈ A L after each
 * of the first three (lumped_line(): ω0 = a / L when V = A L): every mode
 * of the chain is λ = −16 ν/d² ± i √(ω_k² − (16 ν/d²)²), |λ| = ω_k, the
 * chain's undamped frequencies.
 * With S1 shut, P4 stands still and the chain tank – P1 – V1 – P2 – V2 – P3
 * – V3 ends at a volume: ω_k = 2 ω0 sin((2k − 1) π / 14), k = 1, 2, 3.  At
 * the start, at rest, S1's law K v|v| has no slope, so both ends sit at a
 * tank's pressure: ω_k = 2 ω0 sin(k π / 8), and explicit Euler's largest
 * step, min 2 |Re λ| / |λ|², is that of k = 3.  Shutting S1 stops the
 * column at the valve: the pressure there rises by ρ a v (Joukowsky) until
 * the wave has run to the supply and back, 2 · 4 L / a; the lumps build
 * that front over about two pipes' transit, 2 L / a, and lose it as long
 * before the wave is back. */
static void
test_water_hammer_chain (void)
{
  g_autoptr (Claims) c = claims_new ("water-hammer-chain");
  g_autoptr (Run) run = run_circuit (c->ex, NULL);
  g_autoptr (MfStiffness) open = stiffness_of (c, 0);
  g_autoptr (MfStiffness) closed = stiffness_of (c, 1);
  const MfCircuit *circuit = example_circuit (c->ex);
  const MfScheduleEntry *shut = &g_array_index (circuit->schedule, MfScheduleEntry, 1);
  LumpedLine line = lumped_line (c);
  double rho = circuit->fluid.density, nu = circuit->fluid.kinematic_viscosity;
  double d = param (c->ex, "P1", MF_PIPE_DIAMETER), L = line.length, a = line.a;
  double area = pipe_area (c->ex, "P1"), volume = param (c->ex, "V1", MF_VOLUME_VOLUME);
  double omega0 = line.omega0, decay = line.decay;
  double round_trip = 2 * 4 * L / a, front = 2 * L / a;
  double full, falling, supply = pressure_plateau (c, "T1", &full, &falling);
  double p_before, joukowsky, fastest_open, t_back = NAN, step;
  const char *growing = "with a fixed step of 2e-4 s";
  g_autoptr (Run) below = NULL;
  g_autoptr (Run) above = NULL;
  gboolean finished;
  guint before;

  claim (c, "A 30 bar supply", supply / BAR);
  claim (c, "the first 0.25 s", full);
  g_assert_true (isnan (falling));
  claim (c, "ISO VG 100 oil (100 cSt)", nu / 1e-6);
  for (guint k = 1; k <= 4; k++)
    {
      g_autofree char *pipe = g_strdup_printf ("P%u", k);
      g_autofree char *vessel = g_strdup_printf ("V%u", k);

      g_assert_cmpfloat (param (c->ex, pipe, MF_PIPE_DIAMETER), ==, d);
      g_assert_cmpfloat (param (c->ex, pipe, MF_PIPE_LENGTH), ==, L);
      if (k < 4)
        g_assert_cmpfloat (param (c->ex, vessel, MF_VOLUME_VOLUME), ==, volume);
      else
        g_assert_cmpint (mf_circuit_find_component (circuit, vessel), <, 0);
    }
  claim (c, "a 20 m line", 4 * L);
  claim (c, "16 mm bore", d / MM);
  claim (c, "four 5 m pipes", L);
  claim (c, "a 1 L volume", volume / 1e-3);
  quote (c, "after each of the first three");
  quote (c, "about the oil one pipe holds");
  g_assert_cmpfloat (fabs (volume - area * L), <, 0.01 * volume);
  claim (c, "a = √(β/ρ) = 1313 m/s", a);

  /* the flow before the hammer, and the hammer */
  g_assert_cmpuint (circuit->schedule->len, ==, 2);
  g_assert_cmpstr (((MfMode *) circuit->modes->pdata[shut->mode])->name, ==, "S1 shut");
  claim (c, "At t = 0.5 s", shut->t);
  quote (c, "the schedule shuts S1");
  g_assert_cmpuint (run->stats.mode_switches, ==, 1);
  before = sample_before (run, shut->t);
  claim (c, "lets 17.3 L/min out", value (run, before, "S1.q") / L_MIN);
  p_before = value (run, before, "J3.p");
  joukowsky = rho * a * value (run, before, "P4.v");
  claim (c, "rises from 28 bar", p_before / BAR);
  claim (c, "ρ a v = 16 bar", joukowsky / BAR);
  claim (c, "to near 44 bar", (p_before + joukowsky) / BAR);
  quote (c, "Within a few milliseconds");
  quote (c, "stays there until the wave has been to the supply and back");
  for (guint i = before + 1; i < n_samples (run); i++)
    {
      double t = time_of (run, i) - shut->t, p = value (run, i, "J3.p");

      if (t >= front && t <= round_trip - front
          && fabs (p - p_before - joukowsky) > 0.125 * joukowsky)
        g_error ("at %g s after the hammer J3.p is %g bar, not near %g bar", t, p / BAR,
                 (p_before + joukowsky) / BAR);
      if (t > front && p < p_before && isnan (t_back))
        t_back = t;
    }
  claim (c, "(30 ms", round_trip / 1e-3);
  g_assert_cmpfloat_with_epsilon (t_back, round_trip, 0.1 * round_trip);
  claim (c, "overshoot to 46 bar", largest (run, "J3.p") / BAR);

  /* the modes, shut and at the start */
  quote (c, "the chain rings at its three modes");
  g_assert_cmpuint (closed->n, ==, 6);
  for (guint k = 1; k <= 3; k++)
    {
      double omega = 2 * omega0 * sin ((2 * k - 1) * G_PI / 14);
      const MfEigenvalue *e = &closed->eigenvalues[2 * (3 - k)];

      g_assert_cmpfloat_with_epsilon (fabs (e->im), sqrt (omega * omega - decay * decay),
                                      1e-6 * omega);
    }
  claim (c, "18.6, ", closed->eigenvalues[4].frequency);
  claim (c, "52.2 and", closed->eigenvalues[2].frequency);
  claim (c, "75.5 Hz", closed->eigenvalues[0].frequency);
  claim (c, "decaying at 6.25 1/s", decay);
  quote (c, "by laminar friction");
  for (guint k = 0; k < closed->n; k++)
    g_assert_cmpfloat_with_epsilon (closed->eigenvalues[k].re, -decay, 1e-9 * decay);
  fastest_open = 2 * omega0 * sin (3 * G_PI / 8);
  claim (c, "explicit Euler is stable only below h ≈ 5.3e-5 s", open->euler_step);
  g_assert_cmpfloat_with_epsilon (open->euler_step, 2 * decay / (fastest_open * fastest_open),
                                  1e-6 * open->euler_step);
  g_assert_cmpfloat (closed->euler_step, >, open->euler_step);

  /* explicit Euler below the step and at the step the text gives */
  below = run_fixed_step (c->ex, "euler", 0.95 * open->euler_step, &finished);
  g_assert_true (finished);
  g_assert_cmpfloat (swing (below, "J3.p", circuit->simulation.t_end - 0.1,
                            circuit->simulation.t_end),
                     <, swing (below, "J3.p", shut->t, shut->t + 0.1));
  step = first_number (growing).value;
  quote (c, growing);
  quote (c, "the ringing grows instead of dying away");
  g_assert_cmpfloat (step, >, open->euler_step);
  above = run_fixed_step (c->ex, "euler", step, &finished);
  g_assert_true (finished);
  g_assert_cmpfloat (swing (above, "J3.p", circuit->simulation.t_end - 0.1,
                            circuit->simulation.t_end),
                     >, swing (above, "J3.p", shut->t, shut->t + 0.1));
  assert_all_checked (c);
}

/* ---- every example has its claims checked --------------------------------- */

/* the examples of lines, orifices and valves; those with cylinders, motors
 * and masses are in test-example-claims-actuators.c */
static const ClaimsCase line_claims[] = {
  { "compliant-volume", test_compliant_volume },
  { "accumulator-charge-discharge", test_accumulator_charge_discharge },
  { "orifice-between-volumes", test_orifice_between_volumes },
  { "orifice-closes-and-reopens", test_orifice_closes_and_reopens },
  { "pipe-drain", test_pipe_drain },
  { "pump-parallel-orifices", test_pump_parallel_orifices },
  { "pump-relief-valve", test_pump_relief_valve },
  { "three-pipes", test_three_pipes },
  { "valve-closing", test_valve_closing },
  { "water-hammer-chain", test_water_hammer_chain },
};

/* Whether `entry`, a file of data/examples, is the example of one of `cases`. */
static gboolean
listed (const char *entry, const ClaimsCase *cases, guint n_cases)
{
  for (guint i = 0; i < n_cases; i++)
    if (strlen (entry) == strlen (cases[i].name) + strlen (".manifold")
        && g_str_has_prefix (entry, cases[i].name))
      return TRUE;
  return FALSE;
}

static void
test_every_example (void)
{
  g_autofree char *path = examples_dir ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GDir) dir = g_dir_open (path, 0, &error);
  const char *entry;
  guint found = 0;

  g_assert_no_error (error);
  while ((entry = g_dir_read_name (dir)) != NULL)
    {
      if (!g_str_has_suffix (entry, ".manifold"))
        continue;
      if (!listed (entry, line_claims, G_N_ELEMENTS (line_claims))
          && !listed (entry, actuator_claims, n_actuator_claims))
        g_error ("the description of %s is checked by no test here", entry);
      found++;
    }
  g_assert_cmpuint (found, ==, G_N_ELEMENTS (line_claims) + n_actuator_claims);
}

/* The reading of numbers the checks rely on. */
static void
test_reading (void)
{
  static const struct
  {
    const char *phrase;
    double      value, half_unit;
  } cases[] = {
    { "about 1.96 s", 1.96, 0.005 },   { "(12 247 rad/s", 12247, 0.5 },
    { "h ≈ 5.6e-8 s", 5.6e-8, 5e-10 }, { "the -11 bar", -11, 0.5 },
    { "an index-1 DAE", 1, 0.5 },      { "CV1.dp shows 0.154 m/s", 0.154, 5e-4 },
    { "(29 of 36", 29, 0.5 },          { "± 12 247.4764i", 12247.4764, 5e-5 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      Written w = first_number (cases[i].phrase);

      g_assert_cmpfloat_with_epsilon (w.value, cases[i].value, 1e-9 * fabs (cases[i].value));
      g_assert_cmpfloat_with_epsilon (w.half_unit, cases[i].half_unit, 1e-9 * cases[i].half_unit);
    }
}

static void
add_tests (const ClaimsCase *cases, guint n_cases)
{
  for (guint i = 0; i < n_cases; i++)
    {
      g_autofree char *path = g_strconcat ("/example-claims/", cases[i].name, NULL);

      g_test_add_func (path, cases[i].test);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  mf_init ();

  g_test_add_func ("/example-claims/reading", test_reading);
  g_test_add_func ("/example-claims/every-example", test_every_example);
  add_tests (line_claims, G_N_ELEMENTS (line_claims));
  add_tests (actuator_claims, n_actuator_claims);
  return g_test_run ();
}
