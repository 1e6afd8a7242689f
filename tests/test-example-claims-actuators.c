/* test-example-claims-actuators.c: what the descriptions of the examples
 * with cylinders, motors and masses say is true, checked as
 * test-example-claims.c says (which runs these tests, and those of the
 * examples of lines, orifices and valves).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-structural.h"
#include "mf-test-claims.h"

/* ---- check-valve-cylinder ------------------------------------------------ */

/* The load is m = 20 + 200 kg under g: the closed valve holds its weight
 * over the cap area, m g / A_cap = 2158.2 N / 1963.5 mm² = 11.0 bar.  Until
 * CV1 opens, the pump's flow q = q_max t / 0.2 all goes out through O1, so
 * the pump side reaches 11 bar + 1 bar when q = cd a √(2 · 12 bar / ρ):
 * t = 0.2 · 3.20e-5 / 3.33e-4 = 0.0192 s.  Once the pump has run down to
 * nothing the load stands on the closed valve again: 11 bar above it, 0
 * below it, CV1.dp = −11 bar. */
static void
test_check_valve_cylinder (void)
{
  g_autoptr (Claims) c = claims_new ("check-valve-cylinder");
  g_autoptr (Run) run = run_circuit (c->ex, NULL);
  const MfCircuit *circuit = example_circuit (c->ex);
  double mass = param (c->ex, "C1", MF_PISTON_MASS) + param (c->ex, "M1", MF_MASS_MASS);
  double weight = -param (c->ex, "F1", MF_FORCE_FORCE);
  double held = weight / param (c->ex, "C1", MF_PISTON_CAP_AREA);
  double cracking = param (c->ex, "CV1", MF_CHECK_VALVE_CRACKING_PRESSURE);
  double a = param (c->ex, "O1", MF_ORIFICE_AREA), cd = param (c->ex, "O1", MF_ORIFICE_CD);
  double full, falling, q_max = flow_plateau (c, "Q1", &full, &falling);
  double t_open, t_shut, t_hand, rising;
  guint before_shut;

  claim (c, "A 20 L/min pump", q_max / L_MIN);
  claim (c, "a 220 kg load", mass);
  claim (c, "(20 kg piston", param (c->ex, "C1", MF_PISTON_MASS));
  claim (c, "200 kg mass", param (c->ex, "M1", MF_MASS_MASS));
  /* standard gravity, to 0.1 % */
  quote (c, "its weight as a force");
  g_assert_cmpfloat_with_epsilon (weight, mass * 9.81, 1e-3 * weight);
  claim_cylinder (c, "a 50/", "/36 mm cylinder", "C1");
  claim (c, "cracking pressure 1 bar", cracking / BAR);

  quote (c, "CV1 starts closed");
  g_assert_cmpfloat (event_time (run, "CV1", "closed", -1.0), ==, 0.0);
  t_open = event_time (run, "CV1", "open", 0.0);
  claim (c, "opens by itself at 0.019 s", t_open);
  claim (c, "the load's 11 bar", held / BAR);
  quote (c, "plus the cracking pressure");
  t_hand = full * cd * a * sqrt (2.0 * (held + cracking) / circuit->fluid.density) / q_max;
  g_assert_cmpfloat_with_epsilon (t_open, t_hand, 1e-6);

  /* steady between the end of the run-up and the start of the run-down */
  rising = value (run, sample_at (run->samples, falling), "C1.v");
  claim (c, "the piston then rises at 0.154 m/s", rising);
  g_assert_cmpfloat_with_epsilon (value (run, sample_at (run->samples, 0.5), "C1.v"), rising, 1e-9);
  claim (c, "From 1 s the pump runs down", falling);

  /* the valve closes on its own reversed flow, as the piston slows to rest */
  t_shut = event_time (run, "CV1", "closed", t_open);
  claim (c, "CV1 closes by itself at 1.364 s", t_shut);
  quote (c, "the instant the flow reverses");
  before_shut = sample_before (run, t_shut);
  g_assert_cmpfloat (value (run, before_shut, "CV1.q"), >, 0.0);
  for (guint i = sample_at (run->samples, falling) + 1; i <= before_shut; i++)
    g_assert_cmpfloat (value (run, i, "C1.v"), <, value (run, i - 1, "C1.v"));
  quote (c, "the piston stands still");
  for (guint i = before_shut + 1; i < n_samples (run); i++)
    g_assert_cmpfloat (value (run, i, "C1.v"), ==, 0.0);
  claim (c, "with 11 bar in its cap", last_value (run, "J3.p") / BAR);
  claim (c, "the -11 bar the valve holds", last_value (run, "CV1.dp") / BAR);
  quote (c, "the emptied pump line");
  g_assert_cmpfloat (last_value (run, "J1.p"), ==, 0.0);
  assert_all_checked (c);
}

/* ---- cylinder-end-stop --------------------------------------------------- */

/* The pump's q = 12 L/min moves the piston at v = q / A_cap = 0.10 m/s,
 * and the cap side holds the 2 kN and the damping, (F + c v) / A_cap =
 * 10.4 bar, far below the 80 bar setting: R1 stays shut until the stroke
 * ends, at 0.2 m / v = 1.96 s.  Then all of q goes through R1, at the drop
 * where cd a(Δp) √(2Δp/ρ) = q with a rising 10 mm² per 10 bar above the
 * setting: 82.4 bar.  The impact takes ½ (5 + 20 kg) v² = 0.13 J. */
static void
test_cylinder_end_stop (void)
{
  g_autoptr (Claims) c = claims_new ("cylinder-end-stop");
  g_autoptr (Run) run = run_circuit (c->ex, NULL);
  double a_cap = param (c->ex, "C1", MF_PISTON_CAP_AREA);
  double mass = param (c->ex, "C1", MF_PISTON_MASS) + param (c->ex, "M1", MF_MASS_MASS);
  double force = param (c->ex, "F1", MF_FORCE_FORCE);
  double q = mf_expr_eval (flow_of (c, "Q1"), 0.0), v = q / a_cap;
  MfRelief valve = relief_of (c, "R1");
  double t_stop, p_relief;
  guint before_stop;

  claim (c, "A 12 L/min pump", q / L_MIN);
  claim_cylinder (c, "a 50/", "/28 mm cylinder", "C1");
  claim (c, "(5 kg piston", param (c->ex, "C1", MF_PISTON_MASS));
  claim (c, "20 kg load", param (c->ex, "M1", MF_MASS_MASS));
  claim (c, "200 mm stroke", param (c->ex, "C1", MF_PISTON_STROKE) / MM);
  g_assert_cmpfloat (force, <, 0.0);
  claim (c, "a 2 kN load force", -force / 1e3);
  claim (c, "at q/A_cap ≈ 0.10 m/s", value (run, 0, "C1.v"));

  /* consistent initial values: nothing projected, no warning, no loss */
  quote (c, "Piston and load both start at that speed");
  g_assert_cmpfloat_with_epsilon (value (run, 0, "C1.v"), v, 1e-9 * v);
  g_assert_cmpfloat (value (run, 0, "M1.v"), ==, value (run, 0, "C1.v"));
  quote (c, "the initial values already meet the constraints");
  g_assert_cmpuint (run->notices, ==, 0);
  g_assert_cmpfloat (run->stats.start_energy_lost, ==, 0.0);

  t_stop = event_time (run, "C1", "at stop", 0.0);
  before_stop = sample_before (run, t_stop);
  /* shut at rest from t = 0 on (its spring holds it), and nothing passes */
  quote (c, "the relief valve stays shut");
  g_assert_cmpfloat (event_time (run, "R1", "closed", -1.0), ==, 0.0);
  g_assert_cmpfloat (event_time (run, "R1", "open", 0.0), ==, t_stop);
  for (guint i = 0; i <= before_stop; i++)
    {
      g_assert_cmpfloat (value (run, i, "R1.q"), ==, 0.0);
      g_assert_cmpfloat_with_epsilon (value (run, i, "C1.v"), v, 1e-9 * v);
    }
  claim (c, "At about 1.96 s", t_stop);
  g_assert_cmpfloat_with_epsilon (t_stop, param (c->ex, "C1", MF_PISTON_STROKE) / v, 1e-6);

  /* held: at rest, and the stop takes what the cap pressure and F1 leave */
  quote (c, "(C1.v = 0, C1.stop_force takes the force)");
  for (guint i = before_stop + 1; i < n_samples (run); i++)
    {
      double push = value (run, i, "J1.p") * a_cap + force;

      g_assert_cmpfloat (value (run, i, "C1.v"), ==, 0.0);
      g_assert_cmpfloat_with_epsilon (value (run, i, "C1.stop_force"), push, 1e-9 * push);
    }
  quote (c, "the relief valve opens at once");
  g_assert_cmpfloat (event_time (run, "R1", "open", 0.0), ==, t_stop);
  p_relief = mf_relief_pressure_drop (&valve, q, NULL);
  claim (c, "holds the cap side at 82.4 bar", last_value (run, "J1.p") / BAR);
  g_assert_cmpfloat_with_epsilon (last_value (run, "J1.p"), p_relief, 1e-6 * p_relief);
  claim (c, "its 80 bar setting", valve.set / BAR);

  claim (c, "kinetic energy, 0.13 J", run->stats.energy_lost);
  g_assert_cmpfloat_with_epsilon (run->stats.energy_lost, 0.5 * mass * v * v, 1e-9);
  assert_all_checked (c);
}

/* ---- piston-accumulator -------------------------------------------------- */

/* The massless, undamped piston balances A1 p = k x at every instant (the
 * index-2 constraint: p is fixed by x).  The line's oil (inertance ρ L / A)
 * rings on the volume's V/β and the sprung piston's A1²/k in parallel:
 * ω² = A / (ρ L (V/β + A1²/k)), f = ω / 2π = 18.0 Hz. */
static void
test_piston_accumulator (void)
{
  g_autoptr (Claims) c = claims_new ("piston-accumulator");
  g_autoptr (Run) run = run_circuit (c->ex, NULL);
  g_autoptr (MfReduction) red = reduce (c);
  const MfFluid *fluid = &example_circuit (c->ex)->fluid;
  double a1 = param (c->ex, "C1", MF_PISTON_CAP_AREA), k = param (c->ex, "K1", MF_SPRING_STIFFNESS);
  double p_s = param (c->ex, "T1", MF_TANK_PRESSURE);
  double volume = param (c->ex, "V1", MF_VOLUME_VOLUME);
  double capacitance = volume / fluid->bulk_modulus + a1 * a1 / k;
  double omega = sqrt (pipe_area (c->ex, "P1")
                       / (fluid->density * param (c->ex, "P1", MF_PIPE_LENGTH) * capacitance));
  double f;
  guint constrained, count;

  claim (c, "A 5 m line", param (c->ex, "P1", MF_PIPE_LENGTH));
  claim (c, "of 20 mm bore", param (c->ex, "P1", MF_PIPE_DIAMETER) / MM);
  quote (c, "without friction");
  g_assert_cmpint (component (c->ex, "P1")->params[MF_PIPE_FRICTION].choice, ==,
                   MF_FRICTION_NONE);
  claim (c, "charges a 1 L volume", volume / 1e-3);
  claim (c, "from a 10 bar supply", p_s / BAR);
  claim (c, "(cap 10 cm²", a1 / CM2);
  claim (c, "rod 5 cm²)", param (c->ex, "C1", MF_PISTON_ROD_AREA) / CM2);
  claim (c, "on a 200 kN/m spring", k / 1e3);

  quote (c, "with no mass and no damping");
  g_assert_cmpfloat (param (c->ex, "C1", MF_PISTON_MASS), ==, 0.0);
  g_assert_cmpfloat (param (c->ex, "C1", MF_PISTON_DAMPING), ==, 0.0);
  quote (c, "its force balance 0 = A p − k x holds a position");
  for (guint i = 0; i < n_samples (run); i++)
    g_assert_cmpfloat (fabs (a1 * value (run, i, "P1.b.p") - k * value (run, i, "C1.x")),
                       <, 1e-12 * a1 * p_s);
  quote_title (c, "(index 2)");
  quote (c, "the equations have index 2");
  g_assert_cmpint (red->index, ==, 2);
  quote (c, "Manifold fixes the volume pressure from the spring's position");
  g_assert_cmpuint (red->index_analysis->constrained->len, ==, 1);
  constrained = g_array_index (red->index_analysis->constrained, guint, 0);
  g_assert_cmpstr (mf_model_state_name (c->ex->model,
                                        mf_model_n_velocities (c->ex->model) + constrained),
                   ==, "P1.b.p");

  /* p = p_s (1 − cos ωt) swings about the supply pressure */
  f = crossing_frequency (run, "P1.b.p", p_s, 1e-6 * p_s, &count);
  claim (c, "at 18 Hz", f);
  g_assert_cmpfloat_with_epsilon (f, omega / (2 * G_PI), 1e-3 * f);
  assert_all_checked (c);
}

/* ---- pump-cylinder-spring ------------------------------------------------ */

/* The pump fixes every velocity (W is square): nothing but the positions
 * is integrated, and C1.v = q / A_cap.  While the pump runs up the load
 * accelerates at v' = q' / A_cap, and so does the return pipe's oil, at
 * v' A_rod / A_P2; the cap side pays for both:
 * Δp = (m + ρ L2 A_rod² / A_P2) v' / A_cap = (25 + 27.9 kg) · 1.70 m/s² /
 * 1963.5 mm² = 0.46 bar, which it drops when the run-up ends. */
static void
test_pump_cylinder_spring (void)
{
  g_autoptr (Claims) c = claims_new ("pump-cylinder-spring");
  g_autoptr (Run) run = run_circuit (c->ex, NULL);
  g_autoptr (MfReduction) red = reduce (c);
  double a_cap = param (c->ex, "C1", MF_PISTON_CAP_AREA);
  double a_rod = param (c->ex, "C1", MF_PISTON_ROD_AREA);
  double mass = param (c->ex, "C1", MF_PISTON_MASS) + param (c->ex, "M1", MF_MASS_MASS);
  double oil = example_circuit (c->ex)->fluid.density * param (c->ex, "P2", MF_PIPE_LENGTH) * a_rod
               * a_rod / pipe_area (c->ex, "P2");
  double full, falling, q_max = flow_plateau (c, "Q1", &full, &falling);
  double step, hand;
  guint i_full, last = n_samples (run) - 1;

  claim (c, "A 20 L/min pump", q_max / L_MIN);
  claim (c, "run up over the first 0.1 s", full);
  g_assert_cmpfloat (mf_expr_eval (flow_of (c, "Q1"), 0.0), ==, 0.0);
  claim_cylinder (c, "a 50/", "/28 mm cylinder", "C1");
  claim (c, "(5 kg piston", param (c->ex, "C1", MF_PISTON_MASS));
  claim (c, "20 kg load)", param (c->ex, "M1", MF_MASS_MASS));
  claim (c, "a 50 kN/m spring", param (c->ex, "K1", MF_SPRING_STIFFNESS) / 1e3);
  quote (c, "only the positions are integrated");
  g_assert_cmpuint (mf_reduction_n_independent (red), ==, 0);
  claim (c, "C1.v is exactly q/A_cap ≈ 0.170 m/s", last_value (run, "C1.v"));
  g_assert_cmpfloat_with_epsilon (last_value (run, "C1.v"), q_max / a_cap, 1e-12);

  g_assert_cmpfloat (time_of (run, last), ==, 2.0);
  claim (c, "to about 85 bar at 2 s", last_value (run, "J2.p") / BAR);
  /* the left limit at the kink, extrapolated by the parabola through the
   * three samples before it (exact to h³ p''') */
  i_full = sample_at (run->samples, full);
  step = 3 * value (run, i_full - 1, "J2.p") - 3 * value (run, i_full - 2, "J2.p")
         + value (run, i_full - 3, "J2.p") - value (run, i_full, "J2.p");
  hand = (mass + oil) * (q_max / full) / a_cap / a_cap;
  g_test_message ("J2.p drops %.4f bar at the end of the run-up (hand: %.4f)", step / BAR,
                  hand / BAR);
  claim (c, "steps down by 0.46 bar at 0.1 s", step / BAR);
  g_assert_cmpfloat_with_epsilon (step, hand, 1e-3 * hand);
  quote (c, "when the oil and the load stop accelerating");
  assert_all_checked (c);
}

/* ---- hydrostatic-transmission -------------------------------------------- */

/* At steady state the relief valve is shut, the volume and the pipe's oil
 * at rest and the shaft unaccelerated, so three balances fix the motor's
 * speed ω, its inlet pressure p_m and the pump's outlet p_p (the tanks at
 * 0).  The motor's datasheet sets its leak and friction (docs/model.md,
 * "Hydraulic motor"): k_m = D_m ω_r (1/η_v − 1)/Δp_r = 0.0078947
 * L/min/bar and c_m = (1 − η_m) D_m Δp_r/ω_r = 0.032423 N·m·s/rad.  The
 * shaft: D_m p_m = T + (c + c_m) ω.  The flow: the pump delivers Q = D_p n
 * − k_p p_p and the motor takes Q = D_m ω + k_m p_m.  The laminar line:
 * p_p − p_m = R Q with R = 128 ρ ν L/(π d⁴).  With p_m = a₀ + a₁ ω (a₀ =
 * T/D_m, a₁ = (c + c_m)/D_m) all three are linear in ω:
 *   ω = (D_p n − a₀ (k_p + (1 + k_p R) k_m)) / (k_p a₁ + (1 + k_p R)(D_m + k_m a₁))
 * = 70.804 rad/s, p_m = 114.531 bar, p_p = 114.651 bar, the pump's torque
 * D_p p_p/η_m = 20.275 N·m.  Away from its rated point the motor's
 * efficiencies are D_m ω/Q and (D_m p_m − c_m ω)/(D_m p_m). */
static void
test_hydrostatic_transmission (void)
{
  g_autoptr (Claims) c = claims_new ("hydrostatic-transmission");
  g_autoptr (Run) run = run_circuit (c->ex, NULL);
  const MfCircuit *circuit = example_circuit (c->ex);
  double d_p = param (c->ex, "PU1", MF_PUMP_DISPLACEMENT);
  double n = param (c->ex, "PU1", MF_PUMP_SPEED);
  double k_p = param (c->ex, "PU1", MF_PUMP_LEAKAGE_COEFFICIENT);
  double eta_m_pump = param (c->ex, "PU1", MF_PUMP_MECHANICAL_EFFICIENCY);
  double d_m = param (c->ex, "HM1", MF_MOTOR_DISPLACEMENT);
  double eta_v = param (c->ex, "HM1", MF_MOTOR_VOLUMETRIC_EFFICIENCY);
  double eta_m = param (c->ex, "HM1", MF_MOTOR_MECHANICAL_EFFICIENCY);
  double rated_dp = param (c->ex, "HM1", MF_MOTOR_RATED_PRESSURE);
  double rated_omega = param (c->ex, "HM1", MF_MOTOR_RATED_SPEED);
  double load = -param (c->ex, "TQ1", MF_FORCE_FORCE);
  double drag = param (c->ex, "DR1", MF_DAMPER_DAMPING);
  double d = param (c->ex, "P1", MF_PIPE_DIAMETER), length = param (c->ex, "P1", MF_PIPE_LENGTH);
  double nu = circuit->fluid.kinematic_viscosity, rho = circuit->fluid.density;
  double k_m = d_m * rated_omega * (1.0 / eta_v - 1.0) / rated_dp;
  double c_m = (1.0 - eta_m) * d_m * rated_dp / rated_omega;
  double r = 128.0 * rho * nu * length / (G_PI * pow (d, 4.0));
  double a0 = load / d_m, a1 = (drag + c_m) / d_m;
  double omega = (d_p * n - a0 * (k_p + (1.0 + k_p * r) * k_m))
                 / (k_p * a1 + (1.0 + k_p * r) * (d_m + k_m * a1));
  double p_m = a0 + a1 * omega, q = d_m * omega + k_m * p_m, p_p = p_m + r * q;
  double t_open;

  claim (c, "A pump of 10 cm³/rev", d_p / CM3_REV);
  claim (c, "driven at 1500 rpm", n / RPM);
  claim (c, "a laminar leakage of 0.005 L/min/bar", k_p / (L_MIN / BAR));
  claim (c, "a mechanical efficiency of 0.9,", eta_m_pump);
  claim (c, "a hydraulic motor of 20 cm³/rev", d_m / CM3_REV);
  claim (c, "through a 2 m line", length);
  claim (c, "a 0.5 L hose volume", param (c->ex, "V1", MF_VOLUME_VOLUME) / 1e-3);
  claim (c, "a relief valve set at 160 bar", param (c->ex, "R1", MF_RELIEF_SET_PRESSURE) / BAR);
  claim (c, "a volumetric efficiency of 0.95", eta_v);
  claim (c, "a mechanical efficiency of 0.92", eta_m);
  claim (c, "at 200 bar", rated_dp / BAR);
  claim (c, "and 1500 rpm, which set its leak and its friction", rated_omega / RPM);
  claim (c, "a 0.01 kg·m² inertia", param (c->ex, "I1", MF_MASS_MASS));
  claim (c, "a load of 20 N·m", load);
  claim (c, "a viscous drag of 0.2 N·m·s/rad", drag);

  quote (c, "the pressure overshoots");
  t_open = event_time (run, "R1", "open", 0.0);
  g_assert_cmpfloat (largest (run, "J1.p"), >, param (c->ex, "R1", MF_RELIEF_SET_PRESSURE));
  claim (c, "opens by itself at 0.023 s", t_open);
  claim (c, "closes again at 0.048 s", event_time (run, "R1", "closed", t_open));

  /* the steady state, by hand and as run */
  g_assert_cmpfloat (p_p, <, param (c->ex, "R1", MF_RELIEF_SET_PRESSURE));
  quote (c, "The motor then settles where the flows balance");
  quote (c, "the pump's D_p·n less its leak");
  assert_relative (last_value (run, "PU1.leak.q"), k_p * p_p, 1e-6);
  assert_relative (d_p * n - last_value (run, "PU1.leak.q"), q, 1e-6);
  claim (c, "of 0.57 L/min", k_p * p_p / L_MIN);
  quote (c, "being the motor's D_m·ω plus its leak");
  assert_relative (last_value (run, "HM1.leak.q"), k_m * p_m, 1e-6);
  assert_relative (last_value (run, "HM1.q") + last_value (run, "HM1.leak.q"), q, 1e-6);
  claim (c, "of 0.90 L/min", k_m * p_m / L_MIN);
  assert_relative (last_value (run, "HM1.v"), omega, 1e-6);
  claim (c, "at 676.1 rpm", last_value (run, "HM1.v") / RPM);
  claim (c, "(70.80 rad/s)", last_value (run, "I1.v"));
  quote (c, "D_m taken per radian");
  g_assert_cmpfloat_with_epsilon (d_m, 20e-6 / (2.0 * G_PI), 1e-18);

  quote (c, "the pressure that balances load, drag and the motor's friction, (T + (c + c_m)·ω)/D_m");
  assert_relative (last_value (run, "P1.b.p"), p_m, 1e-6);
  claim (c, "= 114.53 bar", last_value (run, "P1.b.p") / BAR);
  quote (c, "at this lighter point its efficiencies are");
  claim (c, "0.937 (volumetric)", d_m * omega / q);
  claim (c, "0.937 (mechanical)", (d_m * p_m - c_m * omega) / (d_m * p_m));
  assert_relative (last_value (run, "J1.p"), p_p, 1e-6);
  claim (c, "The laminar line drops 0.12 bar more",
         (last_value (run, "J1.p") - last_value (run, "P1.b.p")) / BAR);
  quote (c, "D_p·Δp/η_m");
  assert_relative (last_value (run, "PU1.torque"), d_p * p_p / eta_m_pump, 1e-6);
  claim (c, "= 20.27 N·m", last_value (run, "PU1.torque"));
  assert_all_checked (c);
}

/* ---- position-control ------------------------------------------------------ */

/* The pump, relief valve, valve and cylinder of textbook-cylinder, its
 * spool now clamp(G (x_ref − x), −1, 1) with G = 100/m (docs/model.md,
 * "Feedback").  Open wide (|s| = 1, 10 mm or more from the target) the
 * extending numbers are those worked out for textbook-cylinder: v = q/A_cap
 * = 0.05 m/s, the pump at 16.32 bar.  With 5 % overlap a path's area is
 * a_f (s − 0.05)/0.95, zero from s = 0.05 down, that is 0.05/G = 0.5 mm short
 * of the target: the cylinder stands at 100 − 0.5 mm once the paths close
 * (closed centre: locked on the hoses), and the relief valve passes all of
 * q at the 101.075 bar worked out there.  Retracting at −q/A_rod =
 * −0.1 m/s it stops 0.5 mm above 50 mm.  The closings are the valve's
 * area events, at the times the run locates them. */
static void
test_position_control (void)
{
  g_autoptr (Claims) c = claims_new ("position-control");
  g_autoptr (Run) run = run_circuit (c->ex, NULL);
  double d = param (c->ex, "PU1", MF_PUMP_DISPLACEMENT), n = param (c->ex, "PU1", MF_PUMP_SPEED);
  double overlap = param (c->ex, "DV1", MF_SPOOL_OVERLAP), gain = 100.0;
  double a_cap = param (c->ex, "C1", MF_PISTON_CAP_AREA);
  double a_rod = param (c->ex, "C1", MF_PISTON_ROD_AREA);
  MfRelief relief = relief_of (c, "R1");
  guint extending = sample_at (run->samples, 1.0), held = sample_at (run->samples, 2.9);
  guint retracting = sample_at (run->samples, 3.3), end = sample_at (run->samples, 5.0);
  double closed[2] = { NAN, NAN };
  guint n_closed = 0;
  g_autoptr (MfExpr) spool = NULL;

  claim (c, "A fixed pump of 5 cm³/rev", d / CM3_REV);
  claim (c, "driven at 1200 rpm", n / RPM);
  claim (c, "(6 L/min)", d * n / L_MIN);
  claim (c, "a relief valve set at 100 bar", relief.set / BAR);
  claim (c, "fully open 10 bar higher", relief.rise / BAR);
  quote (c, "a 4/3 valve with a closed centre");
  quote_title (c, "4/3 valve");
  g_assert_cmpint (component (c->ex, "DV1")->params[MF_SPOOL_CENTRE].choice, ==, MF_CENTRE_CLOSED);
  claim (c, "(10 mm² per path", param (c->ex, "DV1", MF_SPOOL_FULL_AREA) / MM2);
  claim (c, "5 % overlap)", 100 * overlap);
  claim (c, "a cylinder of 20 cm² cap", a_cap / CM2);
  claim (c, "and 10 cm² annulus area", a_rod / CM2);
  claim (c, "pushes a 100 kg mass", param (c->ex, "M1", MF_MASS_MASS));
  claim (c, "against a load of 2 kN", -param (c->ex, "F1", MF_FORCE_FORCE) / 1e3);

  /* the spool's text is the expression the description writes */
  quote (c, "clamp(100·(x_ref − C1.x), −1, 1)");
  spool = mf_expr_copy (component (c->ex, "DV1")->params[MF_SPOOL_SPOOL].expr);
  g_assert_cmpuint (mf_expr_n_names (spool), ==, 1);
  g_assert_cmpstr (mf_expr_name (spool, 0), ==, "C1.x");
  /* 1 mm short of 100 mm before t = 3 s: 100 · 0.001; 1 mm beyond 50 mm after */
  mf_expr_bind_value (spool, 0, 0.099);
  g_assert_cmpfloat (fabs (mf_expr_eval (spool, 2.9) - 0.1), <, 1e-12);
  mf_expr_bind_value (spool, 0, 0.051);
  g_assert_cmpfloat (fabs (mf_expr_eval (spool, 3.1) + 0.1), <, 1e-12);
  mf_expr_bind_value (spool, 0, 0.0);
  /* at rest before the reference rises, wide open once it has */
  g_assert_cmpfloat (mf_expr_eval (spool, 0.0), ==, 0.0);
  g_assert_cmpfloat (mf_expr_eval (spool, 0.2), ==, 1.0);
  quote (c, "the reference rising from 0 to 100 mm between t = 0.1 and 0.15 s");
  quote (c, "stepping to 50 mm at t = 3 s");

  quote (c, "Open wide, the valve passes all the pump's flow");
  claim (c, "extends at 0.05 m/s", value (run, extending, "C1.v"));
  assert_relative (value (run, extending, "C1.v"), d * n / a_cap, 1e-6);
  claim (c, "the pump at 16.32 bar", value (run, extending, "J1.p") / BAR);
  claim (c, "Within 10 mm of the target", 1e3 / gain);
  quote (c, "the spool leaves its stop and throttles the flow");

  for (guint i = 0; i < run->events->len; i++)
    {
      const Event *e = &g_array_index (run->events, Event, i);

      if (g_strcmp0 (e->component, "DV1.pa") == 0 && g_strcmp0 (e->to, "closed") == 0
          && e->t > 0)
        closed[0] = e->t;
      if (g_strcmp0 (e->component, "DV1.pb") == 0 && g_strcmp0 (e->to, "closed") == 0
          && e->t > 0)
        closed[1] = e->t, n_closed++;
    }
  g_assert_cmpuint (n_closed, ==, 1);
  quote (c, "the paths close where the spool reaches its overlap");
  claim (c, "0.5 mm short of the target", 1e3 * overlap / gain);
  /* when the exponential approach to the overlap crosses the area's
   * closing threshold: the methods differ by some ms, so a bound */
  quote (c, "before 2.5 s,");
  g_assert_cmpfloat (closed[0], >, 2.3);
  g_assert_cmpfloat (closed[0], <, 2.5);
  claim (c, "stands at 99.5 mm on its hoses", 1e3 * value (run, held, "C1.x"));
  g_assert_cmpfloat (fabs (value (run, held, "C1.x") - (0.1 - overlap / gain)), <, 1e-6);
  claim (c, "holds the pump at 101.08 bar", value (run, held, "J1.p") / BAR);

  claim (c, "retracts at 0.1 m/s", -value (run, retracting, "C1.v"));
  assert_relative (value (run, retracting, "C1.v"), -d * n / a_rod, 1e-6);
  claim (c, "stops at 50.5 mm", 1e3 * value (run, end, "C1.x"));
  g_assert_cmpfloat (fabs (value (run, end, "C1.x") - (0.05 + overlap / gain)), <, 1e-6);
  quote (c, "before 4 s");
  g_assert_cmpfloat (closed[1], >, 3.9);
  g_assert_cmpfloat (closed[1], <, 4.0);
  quote (c, "The closings are events located on the state's trajectory");
  assert_all_checked (c);
}

/* ---- textbook-cylinder ----------------------------------------------------- */

/* The pump delivers q = D n = 5 cm³ · 20 rev/s = 1e-4 m³/s (6 L/min); the
 * chambers are incompressible, so with the relief valve shut the cylinder
 * moves at the pump's flow over the area it fills (the hoses' volumes
 * change only while the pressures do).  Each open path of the
 * valve is an orifice: Δp = ρ/2 (q / (cd a))², with cd a = 0.61 · 10 mm²
 * = 6.1e-6 m², ρ/2 = 435 kg/m³.
 *
 * Extending (spool +1): v = q / A_cap = 1e-4 / 2e-3 = 0.05 m/s.  The rod
 * side drains A_rod v = 5e-5 m³/s through B→T: 435 · (5e-5/6.1e-6)² =
 * 29 226 Pa.  At steady speed the piston's forces balance,
 * A_cap p_A = A_rod p_B + F + c v = 29.226 + 2000 + 1000 N, so p_A =
 * 1 514 613 Pa; P→A passes q and drops 435 · (1e-4/6.1e-6)² = 116 904 Pa,
 * so the pump is at 1 631 517 Pa.
 *
 * Holding (spool 0, closed centre): every path is shut and the relief
 * valve passes all of q.  Its area is a_f (Δp − set)/rise, so
 * q = cd a_f (Δp − set)/rise · √(2 Δp/ρ), which the fixed point
 * Δp = set + rise · q / (cd a_f √(2 Δp/ρ)) solves: 101.075 bar (the
 * correction is 1.08 bar, and √Δp changes by 0.5 % over it, so the
 * iteration contracts by 200 each round).
 *
 * Retracting (spool −1): v = −q / A_rod = −0.1 m/s; the cap side drains
 * A_cap |v| = 2e-4 m³/s through A→T: 435 · (2e-4/6.1e-6)² = 467 616 Pa.
 * The load F = −2 kN and the friction −c v = +2 kN cancel, so
 * A_rod p_B = A_cap p_A: p_B = 935 232 Pa, and the pump is at
 * 935 232 + 116 904 = 1 052 136 Pa. */
static void
test_textbook_cylinder (void)
{
  g_autoptr (Claims) c = claims_new ("textbook-cylinder");
  g_autoptr (Run) run = run_circuit (c->ex, NULL);
  const MfCircuit *circuit = example_circuit (c->ex);
  double d = param (c->ex, "PU1", MF_PUMP_DISPLACEMENT), n = param (c->ex, "PU1", MF_PUMP_SPEED);
  double a_cap = param (c->ex, "C1", MF_PISTON_CAP_AREA);
  double a_rod = param (c->ex, "C1", MF_PISTON_ROD_AREA);
  double friction = param (c->ex, "C1", MF_PISTON_DAMPING);
  double load = param (c->ex, "F1", MF_FORCE_FORCE);
  double cd_a = param (c->ex, "DV1", MF_SPOOL_CD) * param (c->ex, "DV1", MF_SPOOL_FULL_AREA);
  double half_rho = 0.5 * circuit->fluid.density;
  MfRelief relief = relief_of (c, "R1");
  double q = d * n, v, p_a, p_b, p_pump, drop_p, dp;
  guint extending = sample_at (run->samples, 0.6);
  guint holding = sample_at (run->samples, 1.3);
  guint retracting = sample_at (run->samples, 1.8);

  claim (c, "A fixed pump of 5 cm³/rev", d / CM3_REV);
  claim (c, "driven at 1200 rpm", n / RPM);
  claim (c, "delivers 6 L/min", q / L_MIN);
  quote (c, "to a 4/3 valve with a closed centre");
  quote_title (c, "4/3 valve");
  g_assert_cmpint (component (c->ex, "DV1")->params[MF_SPOOL_CENTRE].choice, ==, MF_CENTRE_CLOSED);
  claim (c, "(10 mm² per path)", param (c->ex, "DV1", MF_SPOOL_FULL_AREA) / MM2);
  claim (c, "a relief valve set at 100 bar", relief.set / BAR);
  claim (c, "fully open 10 bar higher", relief.rise / BAR);
  claim (c, "of 20 cm² cap", a_cap / CM2);
  claim (c, "and 10 cm² annulus area", a_rod / CM2);
  claim (c, "its 10 kg piston", param (c->ex, "C1", MF_PISTON_MASS));
  claim (c, "with 20 kN·s/m of friction", friction / 1e3);
  claim (c, "pushing a 100 kg mass", param (c->ex, "M1", MF_MASS_MASS));
  claim (c, "against a load of 2 kN", -load / 1e3);
  claim (c, "two 0.1 L hoses", param (c->ex, "V1", MF_VOLUME_VOLUME) / 1e-3);
  g_assert_cmpfloat (param (c->ex, "V2", MF_VOLUME_VOLUME), ==, param (c->ex, "V1", MF_VOLUME_VOLUME));

  /* the schedule: out at +1, held at 0, in at −1 */
  quote (c, "The spool's schedule extends, holds and retracts.");
  g_assert_cmpfloat (value (run, extending, "C1.v"), >, 0.0);
  g_assert_cmpfloat (value (run, retracting, "C1.v"), <, 0.0);

  /* extending */
  v = q / a_cap;
  drop_p = half_rho * pow (q / cd_a, 2);
  p_b = half_rho * pow (a_rod * v / cd_a, 2);
  p_a = (a_rod * p_b - load + friction * v) / a_cap;
  p_pump = p_a + drop_p;
  claim (c, "With the spool at +1", mf_component_param_at (component (c->ex, "DV1"),
                                                           MF_SPOOL_SPOOL, 0.6));
  quote (c, "the cylinder extends at pump flow over cap area");
  assert_relative (value (run, extending, "C1.v"), v, 1e-6);
  claim (c, "0.05 m/s", value (run, extending, "C1.v"));
  assert_relative (value (run, extending, "DV1.b.p"), p_b, 1e-6);
  claim (c, "back pressure of 0.29 bar", value (run, extending, "DV1.b.p") / BAR);
  assert_relative (value (run, extending, "DV1.a.p"), p_a, 1e-6);
  claim (c, "need 15.15 bar in the cap", value (run, extending, "DV1.a.p") / BAR);
  claim (c, "P→A path drops 1.17 bar more",
         (value (run, extending, "J1.p") - value (run, extending, "DV1.a.p")) / BAR);
  assert_relative (value (run, extending, "J1.p"), p_pump, 1e-6);
  claim (c, "the pump works at 16.32 bar", value (run, extending, "J1.p") / BAR);
  quote (c, "while the relief valve stays shut");
  g_assert_cmpfloat (value (run, extending, "R1.q"), ==, 0.0);

  /* holding */
  quote (c, "With the spool in the centre the cylinder is locked on its hoses");
  g_assert_cmpfloat (fabs (value (run, holding, "C1.v")), <, 1e-9);
  g_assert_cmpfloat (mf_component_param_at (component (c->ex, "DV1"), MF_SPOOL_SPOOL, 1.3), ==,
                     0.0);
  quote (c, "all the pump's flow goes over the relief valve");
  assert_relative (value (run, holding, "R1.q"), q, 1e-6);
  dp = relief.set;
  for (int i = 0; i < 50; i++)
    dp = relief.set + relief.rise * q / (relief.cd * relief.full_area * sqrt (dp / half_rho));
  assert_relative (value (run, holding, "J1.p"), dp, 1e-6);
  claim (c, "holds the pump at 101.08 bar", value (run, holding, "J1.p") / BAR);

  /* retracting */
  v = -q / a_rod;
  p_a = half_rho * pow (a_cap * v / cd_a, 2);
  p_b = (a_cap * p_a + load - friction * v) / a_rod;
  claim (c, "With the spool at -1", mf_component_param_at (component (c->ex, "DV1"),
                                                           MF_SPOOL_SPOOL, 1.8));
  quote (c, "the cylinder retracts at pump flow over annulus area");
  assert_relative (value (run, retracting, "C1.v"), v, 1e-6);
  claim (c, "0.1 m/s", -value (run, retracting, "C1.v"));
  assert_relative (value (run, retracting, "DV1.a.p"), p_a, 1e-6);
  claim (c, "back pressure of 4.68 bar", value (run, retracting, "DV1.a.p") / BAR);
  assert_relative (value (run, retracting, "DV1.b.p"), p_b, 1e-6);
  claim (c, "needs 9.35 bar on the rod side", value (run, retracting, "DV1.b.p") / BAR);
  quote (c, "where load and friction cancel");
  g_assert_cmpfloat (fabs (load - friction * v), <, 1e-9);
  assert_relative (value (run, retracting, "J1.p"), p_b + drop_p, 1e-6);
  claim (c, "the pump works at 10.52 bar", value (run, retracting, "J1.p") / BAR);
  assert_all_checked (c);
}

/* ---- two-mass-spring ------------------------------------------------------- */

/* The eigenvalue with the largest imaginary part of the 4 × 4 state matrix
 * of z = [x1, x2, v1, v2]. */
static gsl_complex
fastest_eigenvalue (double k1, double k2, double c1, double c2, double m1, double m2)
{
  double a[16] = {
    0, 0, 1, 0,
    0, 0, 0, 1,
    -(k1 + k2) / m1, k2 / m1, -(c1 + c2) / m1, c2 / m1,
    k2 / m2, -k2 / m2, c2 / m2, -c2 / m2,
  };
  gsl_matrix_view matrix = gsl_matrix_view_array (a, 4, 4);
  gsl_vector_complex *values = gsl_vector_complex_alloc (4);
  gsl_eigen_nonsymm_workspace *work = gsl_eigen_nonsymm_alloc (4);
  gsl_complex fastest;

  g_assert_cmpint (gsl_eigen_nonsymm (&matrix.matrix, values, work), ==, 0);
  fastest = gsl_vector_complex_get (values, 0);
  for (guint i = 1; i < 4; i++)
    if (GSL_IMAG (gsl_vector_complex_get (values, i)) > GSL_IMAG (fastest))
      fastest = gsl_vector_complex_get (values, i);
  gsl_eigen_nonsymm_free (work);
  gsl_vector_complex_free (values);
  return fastest;
}

/* The decay rate of M1's swing from its turning points (where v1 = 0):
 * x = X e^(−δt) cos(ωt + φ) turns where tan(ωt + φ) = −δ/ω, the same phase
 * every half period, so successive |x| there shrink by exactly e^(−δπ/ω).
 * Each turning value is the parabola through three samples, at the time v1
 * crosses zero; the first, t = 0, is left out. */
static double
turning_decay (const Run *run)
{
  double t_first = NAN, x_first = NAN, t_last = NAN, x_last = NAN;

  for (guint i = 2; i + 1 < n_samples (run); i++)
    {
      double va = value (run, i - 1, "M1.v"), vb = value (run, i, "M1.v"), x = 0.0;
      double t;

      if ((va < 0) == (vb < 0))
        continue;
      t = time_of (run, i - 1) + (time_of (run, i) - time_of (run, i - 1)) * va / (va - vb);
      for (guint j = i - 1; j <= i + 1; j++)
        {
          double w = 1.0;

          for (guint k = i - 1; k <= i + 1; k++)
            if (k != j)
              w *= (t - time_of (run, k)) / (time_of (run, j) - time_of (run, k));
          x += w * value (run, j, "M1.x");
        }
      if (isnan (t_first))
        t_first = t, x_first = fabs (x);
      t_last = t, x_last = fabs (x);
    }
  g_assert_cmpfloat (t_last - t_first, >, 0.5);
  return log (x_first / x_last) / (t_last - t_first);
}

/* Rigidly joined, the masses swing as one: ω² = k1/(m1 + m2) − δ², δ =
 * c1 / (2 (m1 + m2)) = 8.33 1/s, ω = 39.97 rad/s.  The inner spring's mode
 * rings at ω² ≈ k2 (1/m1 + 1/m2): 12 247 rad/s, damped at 25/2 − 8.33 =
 * 4.17 1/s (the trace of the state matrix is −c1/m1).  Explicit Euler
 * multiplies that mode by 1 + hλ, stable while h ≤ 2 |Re λ| / |λ|² =
 * 5.6e-8 s.  At release M2 accelerates with M1 at −k1 x0 / (m1 + m2), so
 * its spring must already pull m2 k1 x0 / (m1 + m2): it starts
 * m2 k1 x0 / ((m1 + m2) k2) = 0.17 µm further out.  Started at M1's
 * position instead, M2.v − M1.v rings at ω_fast · 0.17 µm = 2.0 mm/s.
 * rk8pd must keep h ω_fast inside its stability region whatever rings;
 * msbdf is stable at any step and takes small ones only to follow a fast
 * mode that has an amplitude: several times fewer right-hand sides when
 * M2 starts quiet, over ten times more steps when it rings. */
static void
test_two_mass_spring (void)
{
  g_autoptr (Claims) c = claims_new ("two-mass-spring");
  double m1 = param (c->ex, "M1", MF_MASS_MASS), m2 = param (c->ex, "M2", MF_MASS_MASS);
  double k1 = param (c->ex, "K1", MF_SPRING_STIFFNESS);
  double k2 = param (c->ex, "K2", MF_SPRING_STIFFNESS);
  double c1 = param (c->ex, "D1", MF_DAMPER_DAMPING), c2 = param (c->ex, "D2", MF_DAMPER_DAMPING);
  guint n = mf_model_n_states (c->ex->model), count;
  g_autofree double *u = g_new0 (double, n);
  int x1 = mf_model_find_state (c->ex->model, "M1.x");
  int x2 = mf_model_find_state (c->ex->model, "M2.x");
  g_autoptr (Run) quiet = run_circuit (c->ex, NULL);
  g_autoptr (Run) explicit = run_circuit (c->ex, "rk8pd");
  g_autoptr (Run) accurate = NULL;
  g_autoptr (Run) ringing = NULL;
  MfSimulationStart start = { 0.0, u, NULL };
  MfSimulationOptions options;
  gsl_complex fast = fastest_eigenvalue (k1, k2, c1, c2, m1, m2);
  double omega, offset, ring = 0.0;

  claim (c, "a 2 kg mass", m1);
  claim (c, "(5 kN/m", k1 / 1e3);
  claim (c, "50 N·s/m)", c1);
  claim (c, "a 1 kg mass", m2);
  claim (c, "(100 MN/m)", k2 / 1e6);
  mf_model_initial_state (c->ex->model, u);
  claim (c, "Released from 10 mm", u[x1] / MM);
  for (guint i = 0; i < mf_model_n_velocities (c->ex->model); i++)
    g_assert_cmpfloat (u[i], ==, 0.0);

  /* The true 39.965 rad/s is close to where "39.97" would round the other
   * way: rk8pd keeps the phase, and samples every 0.1 ms leave the linear
   * interpolation of the crossings an error below 1e-5 rad/s. */
  mf_simulation_options_from_circuit (&options, example_circuit (c->ex));
  options.method = "rk8pd";
  options.output_interval = 1e-4;
  accurate = run_with (c->ex, &options);
  omega = 2 * G_PI * crossing_frequency (accurate, "M1.x", 0.0, 1e-7 * u[x1], &count);
  claim (c, "at 39.97 rad/s", omega);
  claim (c, "(6.4 Hz)", omega / (2 * G_PI));
  claim (c, "decays at 8.33 1/s", turning_decay (accurate));

  claim (c, "mode (12 247 rad/s", GSL_IMAG (fast));
  quote (c, "almost undamped");
  g_assert_cmpfloat (-GSL_REAL (fast) / gsl_complex_abs (fast), <, 1e-3);
  offset = u[x2] - u[x1];
  claim (c, "0.17 µm further out", offset / 1e-6);
  /* the document writes M2.x to 1e-10 m */
  g_assert_cmpfloat_with_epsilon (offset, m2 * k1 * u[x1] / ((m1 + m2) * k2), 5e-11);
  claim (c, "above h ≈ 5.6e-8 s",
         2 * fabs (GSL_REAL (fast)) / (gsl_complex_abs (fast) * gsl_complex_abs (fast)));
  quote (c, "rk8pd needs several times the right-hand side evaluations of msbdf");
  g_assert_cmpuint (explicit->stats.rhs_evaluations, >, 3 * quiet->stats.rhs_evaluations);

  /* the same release with M2 where M1 is */
  claim (c, "Start M2.x at exactly 0.01", u[x1]);
  u[x2] = u[x1];
  mf_simulation_options_from_circuit (&options, example_circuit (c->ex));
  options.start = &start;
  ringing = run_with (c->ex, &options);
  for (guint i = 0; i < n_samples (ringing); i++)
    ring = MAX (ring, fabs (value (ringing, i, "M2.v") - value (ringing, i, "M1.v")));
  claim (c, "ring at about 2 mm/s", ring / MM);
  g_assert_cmpfloat_with_epsilon (ring, GSL_IMAG (fast) * offset, 0.1 * ring);
  quote (c, "stays quiet");
  for (guint i = 0; i < n_samples (quiet); i++)
    g_assert_cmpfloat (fabs (value (quiet, i, "M2.v") - value (quiet, i, "M1.v")), <,
                       ring / 50);
  quote (c, "takes over ten times as many steps");
  g_assert_cmpuint (ringing->stats.steps, >, 10 * quiet->stats.steps);
  assert_all_checked (c);
}

/* ---- two-massless-pistons ------------------------------------------------ */

/* Two massless pistons on one yoke, a spring to ground, each cap a
 * chamber fed through its own line; both rod sides drain to tanks at 0.
 * The yoke's balance A1 p1 + A2 p2 − k x = 0 holds at every instant (the
 * index-2 constraint, as for the piston accumulator, with two pressures).
 * At rest each chamber has its supply's pressure, so
 * x = (10 bar · 10 cm² + 5 bar · 20 cm²) / 100 kN/m = 2 kN / 100 kN/m
 * = 20 mm.  Pantelides' algorithm (docs/model.md, "Structural analysis")
 * differentiates the two pistons' laws once each. */
static void
test_two_massless_pistons (void)
{
  g_autoptr (Claims) c = claims_new ("two-massless-pistons");
  g_autoptr (Run) run = run_circuit (c->ex, NULL);
  g_autoptr (MfReduction) red = reduce (c);
  g_autoptr (MfStructural) structural = mf_structural_new_for_mode (c->ex->model, red);
  const MfIncidence *inc = structural->incidence;
  double a1 = param (c->ex, "C1", MF_PISTON_CAP_AREA), a2 = param (c->ex, "C2", MF_PISTON_CAP_AREA);
  double p1 = param (c->ex, "T1", MF_TANK_PRESSURE), p2 = param (c->ex, "T2", MF_TANK_PRESSURE);
  double k = param (c->ex, "K1", MF_SPRING_STIFFNESS);
  double rest = (a1 * p1 + a2 * p2) / k;
  guint constrained, differentiated = 0;

  claim (c, "A 10 bar supply", p1 / BAR);
  claim (c, "fills a 0.5 L chamber", param (c->ex, "V1", MF_VOLUME_VOLUME) / 1e-3);
  g_assert_cmpfloat (param (c->ex, "V2", MF_VOLUME_VOLUME), ==,
                     param (c->ex, "V1", MF_VOLUME_VOLUME));
  claim (c, "through a 2 m line", param (c->ex, "P1", MF_PIPE_LENGTH));
  claim (c, "a 5 bar supply another", p2 / BAR);
  claim (c, "through a 1 m line", param (c->ex, "P2", MF_PIPE_LENGTH));
  claim (c, "both of 10 mm bore", param (c->ex, "P1", MF_PIPE_DIAMETER) / MM);
  g_assert_cmpfloat (param (c->ex, "P2", MF_PIPE_DIAMETER), ==,
                     param (c->ex, "P1", MF_PIPE_DIAMETER));
  claim (c, "(cap 10 cm²", a1 / CM2);
  claim (c, "and 20 cm²)", a2 / CM2);
  claim (c, "against a 100 kN/m spring", k / 1e3);
  quote (c, "Neither piston has mass");
  g_assert_cmpfloat (param (c->ex, "C1", MF_PISTON_MASS), ==, 0.0);
  g_assert_cmpfloat (param (c->ex, "C2", MF_PISTON_MASS), ==, 0.0);
  g_assert_cmpfloat (param (c->ex, "C1", MF_PISTON_DAMPING), ==, 0.0);
  g_assert_cmpfloat (param (c->ex, "C2", MF_PISTON_DAMPING), ==, 0.0);
  quote (c, "the yoke's force balance 0 = A1 p1 + A2 p2 − k x holds two pressures and a "
            "position");
  for (guint i = 0; i < n_samples (run); i++)
    g_assert_cmpfloat (fabs (a1 * value (run, i, "P1.b.p") + a2 * value (run, i, "C2.cap.p")
                             - k * value (run, i, "C1.x")),
                       <, 1e-12 * (a1 * p1 + a2 * p2));
  quote_title (c, "(index 2)");
  quote (c, "the equations have index 2");
  g_assert_cmpint (red->index, ==, 2);
  g_assert_cmpint (red->index_lagrange, ==, 2);
  quote (c, "Pantelides' algorithm differentiates each piston's law once");
  g_assert_cmpint (structural->pantelides->structural_index, ==, 2);
  for (guint i = 0; i < mf_incidence_n_equations (inc); i++)
    if (structural->pantelides->differentiations[i] > 0)
      {
        const char *name = mf_incidence_equation_name (inc, i);

        g_assert_true (g_str_equal (name, "C1 law") || g_str_equal (name, "C2 law"));
        g_assert_cmpuint (structural->pantelides->differentiations[i], ==, 1);
        differentiated++;
      }
  g_assert_cmpuint (differentiated, ==, 2);
  quote (c, "Manifold fixes C2's chamber pressure from C1's and the position");
  g_assert_cmpuint (red->index_analysis->constrained->len, ==, 1);
  constrained = g_array_index (red->index_analysis->constrained, guint, 0);
  g_assert_cmpstr (mf_model_state_name (c->ex->model,
                                        mf_model_n_velocities (c->ex->model) + constrained),
                   ==, "C2.cap.p");

  /* at rest at the end: the yoke still, at the balance worked out above */
  quote (c, "settles where 10 bar on 10 cm² and 5 bar on 20 cm² balance the spring");
  g_assert_cmpfloat (fabs (last_value (run, "C1.v")), <, 1e-4);
  g_assert_cmpfloat_with_epsilon (last_value (run, "C1.x"), rest, 1e-3 * rest);
  claim (c, "x = 20.0 mm", last_value (run, "C1.x") / MM);
  assert_all_checked (c);
}

/* ---- the table ----------------------------------------------------------- */

const ClaimsCase actuator_claims[] = {
  { "check-valve-cylinder", test_check_valve_cylinder },
  { "hydrostatic-transmission", test_hydrostatic_transmission },
  { "cylinder-end-stop", test_cylinder_end_stop },
  { "piston-accumulator", test_piston_accumulator },
  { "pump-cylinder-spring", test_pump_cylinder_spring },
  { "textbook-cylinder", test_textbook_cylinder },
  { "position-control", test_position_control },
  { "two-mass-spring", test_two_mass_spring },
  { "two-massless-pistons", test_two_massless_pistons },
};
const guint n_actuator_claims = G_N_ELEMENTS (actuator_claims);
