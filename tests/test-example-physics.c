/* test-example-physics.c: each named example in data/examples shows the
 * physics its description promises, checked against a hand calculation.
 * The checks every example passes are in test-examples.c; every number
 * of every description is checked in test-example-claims.c.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>

#include <gsl/gsl_complex_math.h>
#include <gsl/gsl_eigen.h>
#include <gsl/gsl_linalg.h>

#include "mf-error.h"
#include "mf-relief.h"
#include "mf-test-examples.h"

/* ---- pipe-drain: docs/model.md, "Reference cases", the first ---------- */

/* A frictionless pipe (mass m, area A) from a tank at p0 through an orifice
 * into a tank at 0: m v' = A p0 − K v|v|, with K = ρ A³ / (2 cd² a²) the
 * orifice law Δp = ρ/2 (q / (cd a))² seen from the pipe.  So
 * v(t) = v∞ tanh(t K v∞ / m), v∞ = √(A p0 / K). */
static void
test_pipe_drain (void)
{
  g_autoptr (MfTestCircuit) ex = example_load ("pipe-drain");
  g_autoptr (MfTestRecording) run = NULL;
  double rho = example_circuit (ex)->fluid.density;
  double p0 = param (ex, "T1", MF_TANK_PRESSURE), p_out = param (ex, "T2", MF_TANK_PRESSURE);
  double area = pipe_area (ex, "P1"), mass = pipe_mass (ex, "P1");
  double a = param (ex, "O1", MF_ORIFICE_AREA), cd = param (ex, "O1", MF_ORIFICE_CD);
  double k = rho * pow (area, 3) / (2.0 * cd * cd * a * a);
  double v_inf = sqrt (area * (p0 - p_out) / k);
  double worst = 0.0;
  guint last;

  g_assert_cmpint (component (ex, "P1")->params[MF_PIPE_FRICTION].choice, ==, MF_FRICTION_NONE);
  run = simulate (ex, NULL, 0, NULL);
  last = mf_test_recording_n_samples (run) - 1;
  for (guint i = 0; i < mf_test_recording_n_samples (run); i++)
    {
      double t = mf_test_recording_time (run, i), v = at (ex, run, i, "P1.v");
      double q = at (ex, run, i, "O1.q"), p = at (ex, run, i, "J1.p");

      worst = MAX (worst, fabs (v - v_inf * tanh (t * k * v_inf / mass)));
      /* the junction pressure is the orifice's pressure drop, at every instant */
      g_assert_cmpfloat_with_epsilon (p - p_out, rho / 2.0 * pow (q / (cd * a), 2), 1e-6 * p0);
    }
  g_test_message ("v_inf = %.6f m/s; largest error against the closed form %.3g m/s", v_inf, worst);
  /* rtol 1e-8 in the document: the global error stays below 1e-5 v∞ */
  g_assert_cmpfloat (worst, <, 1e-5 * v_inf);
  /* the run is long enough to show the final velocity */
  g_assert_cmpfloat_with_epsilon (at (ex, run, last, "P1.v"), v_inf, 1e-4 * v_inf);
}

/* ---- three-pipes: docs/model.md, "Reference cases", the second -------- */

/* Laminar pipes: A Δp_k = A · 32 μ L_k v_k / d_k², so the flow q_k = G_k Δp_k
 * with G_k = A_k d_k² / (32 μ L_k).  At steady state continuity at J1,
 * G1 (p1 − pJ) + G2 (p2 − pJ) = G3 (pJ − p3), gives pJ = Σ G p / Σ G.
 * At rest, no friction acts yet and the pipes accelerate with
 * ρ L_k v_k' = ±(p_k − pJ), so continuity gives pJ = Σ (A/L) p / Σ (A/L). */
static void
test_three_pipes (void)
{
  static const char *const pipes[] = { "P1", "P2", "P3" };
  static const char *const tanks[] = { "T1", "T2", "T3" };
  g_autoptr (MfTestCircuit) ex = example_load ("three-pipes");
  g_autoptr (MfTestRecording) run = NULL;
  const MfFluid *fluid = &example_circuit (ex)->fluid;
  double mu = fluid->density * fluid->kinematic_viscosity;
  double g_sum = 0.0, gp_sum = 0.0, i_sum = 0.0, ip_sum = 0.0;
  double p_steady, p_start;
  guint last;

  for (guint k = 0; k < 3; k++)
    {
      double d = param (ex, pipes[k], MF_PIPE_DIAMETER), l = param (ex, pipes[k], MF_PIPE_LENGTH);
      double g = pipe_area (ex, pipes[k]) * d * d / (32.0 * mu * l);
      double inertance = pipe_area (ex, pipes[k]) / l;
      double p = param (ex, tanks[k], MF_TANK_PRESSURE);

      g_assert_cmpint (component (ex, pipes[k])->params[MF_PIPE_FRICTION].choice, ==,
                       MF_FRICTION_LAMINAR);
      g_sum += g;
      gp_sum += g * p;
      i_sum += inertance;
      ip_sum += inertance * p;
    }
  p_steady = gp_sum / g_sum;
  p_start = ip_sum / i_sum;

  run = simulate (ex, NULL, 0, NULL);
  last = mf_test_recording_n_samples (run) - 1;
  g_test_message ("J1.p: %.1f Pa at rest (hand: %.1f), %.1f Pa at t_end (hand: %.1f)",
                  at (ex, run, 0, "J1.p"), p_start, at (ex, run, last, "J1.p"), p_steady);
  g_assert_cmpfloat_with_epsilon (at (ex, run, 0, "J1.p"), p_start, 1e-9 * p_start);
  /* the slowest mode decays as exp(−t 32 ν / d²) ≈ exp(−10.2 t): after 1.5 s
   * it is 2e-7, below the 1e-6 asked for */
  g_assert_cmpfloat_with_epsilon (at (ex, run, last, "J1.p"), p_steady, 1e-6 * p_steady);

  for (guint i = 0; i < mf_test_recording_n_samples (run); i++)
    {
      double in = at (ex, run, i, "P1.q") + at (ex, run, i, "P2.q"), out = at (ex, run, i, "P3.q");

      g_assert_cmpfloat_with_epsilon (in, out, 1e-12 * MAX (fabs (out), 1e-6));
    }
  /* the laminar law the example relies on holds: Re < 2300 in every pipe */
  for (guint k = 0; k < 3; k++)
    {
      g_autofree char *name = g_strconcat (pipes[k], ".v", NULL);
      double re = fabs (at (ex, run, last, name)) * param (ex, pipes[k], MF_PIPE_DIAMETER)
                  / fluid->kinematic_viscosity;

      g_assert_cmpfloat (re, <, 2300.0);
    }
}

/* ---- pump-cylinder-spring ---------------------------------------------- */

/* The pump prescribes the flow: P1 carries q, the piston moves at q/A_cap,
 * the return pipe at q A_rod / (A_cap A_P2).  The load (piston, mass,
 * spring, damper) then sets the pressures:
 *   p_cap A_cap − p_rod A_rod − c v − k x = (m_piston + m_load) v',
 * with p_rod = ρ L2 v2' + Δp_friction(v2) in the return pipe. */
typedef struct
{
  double a_cap, a_rod, a_return, rho, nu, l_return, d_return;
  double mass, damping, stiffness, stroke;
  const MfExpr *flow;
} PumpCircuit;

static PumpCircuit
pump_circuit (const MfTestCircuit *ex)
{
  PumpCircuit c;

  c.a_cap = param (ex, "C1", MF_PISTON_CAP_AREA);
  c.a_rod = param (ex, "C1", MF_PISTON_ROD_AREA);
  c.a_return = pipe_area (ex, "P2");
  c.rho = example_circuit (ex)->fluid.density;
  c.nu = example_circuit (ex)->fluid.kinematic_viscosity;
  c.l_return = param (ex, "P2", MF_PIPE_LENGTH);
  c.d_return = param (ex, "P2", MF_PIPE_DIAMETER);
  c.mass = param (ex, "C1", MF_PISTON_MASS) + param (ex, "M1", MF_MASS_MASS);
  c.damping = param (ex, "C1", MF_PISTON_DAMPING);
  c.stiffness = param (ex, "K1", MF_SPRING_STIFFNESS);
  c.stroke = param (ex, "C1", MF_PISTON_STROKE);
  c.flow = component (ex, "Q1")->params[MF_FLOW_SOURCE_FLOW].expr;
  g_assert_nonnull (c.flow);
  return c;
}

/* The rod-side pressure of the return pipe: inertia plus laminar friction
 * (Re stays below 2300 there, checked below). */
static double
pump_rod_pressure (const PumpCircuit *c, double v2, double v2_dot)
{
  return c->rho * c->l_return * v2_dot
         + 32.0 * c->rho * c->nu * c->l_return * v2 / (c->d_return * c->d_return);
}

static void
test_pump_cylinder (void)
{
  g_autoptr (MfTestCircuit) ex = example_load ("pump-cylinder-spring");
  g_autoptr (MfTestRecording) run = NULL;
  PumpCircuit c = pump_circuit (ex);
  double t_full = 0.0, q_full, x_expected = 0.0, worst_x = 0.0;
  guint last;

  run = simulate (ex, NULL, 0, NULL);
  last = mf_test_recording_n_samples (run) - 1;
  /* the pump is at full flow from the last kink of its expression on */
  {
    g_autoptr (GArray) kinks = g_array_new (FALSE, FALSE, sizeof (double));

    mf_expr_collect_breakpoints (c.flow, kinks);
    for (guint i = 0; i < kinks->len; i++)
      t_full = MAX (t_full, g_array_index (kinks, double, i));
  }
  q_full = mf_expr_eval (c.flow, t_full);
  g_assert_cmpfloat (t_full, >, 0.0);
  g_assert_cmpfloat (t_full, <, mf_test_recording_time (run, last) / 2);

  for (guint i = 0; i < mf_test_recording_n_samples (run); i++)
    {
      double t = mf_test_recording_time (run, i), q = mf_expr_eval (c.flow, t);
      double v = at (ex, run, i, "C1.v"), x = at (ex, run, i, "C1.x");

      /* continuity alone fixes every velocity */
      g_assert_cmpfloat_with_epsilon (at (ex, run, i, "P1.q"), q, 1e-12 * q_full);
      g_assert_cmpfloat_with_epsilon (v, q / c.a_cap, 1e-12 * q_full / c.a_cap);
      g_assert_cmpfloat_with_epsilon (at (ex, run, i, "M1.v"), v, 1e-12 * q_full / c.a_cap);
      g_assert_cmpfloat_with_epsilon (at (ex, run, i, "P2.q"), v * c.a_rod,
                                      1e-12 * q_full);
      /* x = ∫ q/A_cap dt, by the trapezoidal rule: exact for a flow that is
       * linear between samples, as a ramp with its ends on the grid is */
      if (i > 0)
        x_expected += 0.5 * (mf_expr_eval (c.flow, mf_test_recording_time (run, i - 1)) + q)
                      * (t - mf_test_recording_time (run, i - 1)) / c.a_cap;
      worst_x = MAX (worst_x, fabs (x - x_expected));
      g_assert_cmpfloat (x, <, c.stroke);
      if (t < t_full)
        continue;
      /* at constant velocity the cap pressure holds the spring, the damping
       * and the rod-side back pressure */
      {
        double p_rod = at (ex, run, i, "J3.p"), p_cap = at (ex, run, i, "J2.p");
        double load = c.stiffness * x + c.damping * v + p_rod * c.a_rod;

        g_assert_cmpfloat_with_epsilon (v, q_full / c.a_cap, 1e-12 * v);
        g_assert_cmpfloat_with_epsilon (p_rod, pump_rod_pressure (&c, v * c.a_rod / c.a_return,
                                                                  0.0), 1e-9 * p_rod);
        g_assert_cmpfloat_with_epsilon (p_cap * c.a_cap, load, 1e-9 * load);
      }
    }
  g_assert_cmpfloat (fabs (at (ex, run, last, "P2.v")) * c.d_return / c.nu, <, 2300.0);
  g_test_message ("largest error of C1.x against the integral of q/A_cap: %.3g m", worst_x);
  /* x is integrated from a known velocity: its error is the integrator's,
   * within a hundred times the document's atol */
  g_assert_cmpfloat (worst_x, <, 100 * example_circuit (ex)->simulation.atol);
  g_test_message ("C1.v = %.6f m/s = q/A_cap; at t_end x = %.4f m, J2.p = %.3f bar",
                  at (ex, run, last, "C1.v"), at (ex, run, last, "C1.x"),
                  at (ex, run, last, "J2.p") / 1e5);
}

/* While the pump runs up the load accelerates at q'/A_cap, and the
 * pressures must include the inertia of the load and of the oil columns
 * (docs/model.md, "Each mode": W2ᵀ λ = M21 v̄' + M22 v̂' − F2, with
 * v̂' = W2⁻¹ q_s'). */
static void
test_pump_cylinder_accelerating (void)
{
  g_autoptr (MfTestCircuit) ex = example_load ("pump-cylinder-spring");
  g_autoptr (MfTestRecording) run = simulate (ex, NULL, 0, NULL);
  PumpCircuit c = pump_circuit (ex);
  guint checked = 0;

  for (guint i = 1; i < mf_test_recording_n_samples (run); i++)
    {
      double t = mf_test_recording_time (run, i), q, q_dot;
      double v, x, v_dot, p_rod, p_rod_expected, p_cap, load;

      mf_expr_eval_with_derivative (c.flow, t, &q, &q_dot);
      if (q_dot == 0.0)
        continue;
      v = at (ex, run, i, "C1.v");
      x = at (ex, run, i, "C1.x");
      v_dot = q_dot / c.a_cap;
      p_rod = at (ex, run, i, "J3.p");
      p_cap = at (ex, run, i, "J2.p");
      p_rod_expected = pump_rod_pressure (&c, v * c.a_rod / c.a_return,
                                          v_dot * c.a_rod / c.a_return);
      load = c.stiffness * x + c.damping * v + p_rod_expected * c.a_rod + c.mass * v_dot;
      if (checked++ == 0)
        g_test_message ("t = %g s: J3.p = %.1f Pa (hand: %.1f), J2.p = %.1f Pa (hand: %.1f)",
                        t, p_rod, p_rod_expected, p_cap, load / c.a_cap);
      g_assert_cmpfloat_with_epsilon (p_rod, p_rod_expected, 1e-6 * p_rod_expected);
      g_assert_cmpfloat_with_epsilon (p_cap * c.a_cap, load, 1e-6 * load);
    }
  g_assert_cmpuint (checked, >, 10);
}

/* ---- two-mass-spring: docs/model.md, "Reference cases", the stiff one -- */

/* z = [x1, x2, v1, v2], z' = A z: the exact solution is the sum of the
 * modes, z(t) = Σ c_j e^{λ_j t} V_j with V c = z(0). */
typedef struct
{
  gsl_vector_complex *lambda;
  gsl_matrix_complex *modes;
  gsl_vector_complex *coef;
} Modal;

static void
modal_solve (Modal *modal, const double *a, const double *z0)
{
  gsl_matrix *matrix = gsl_matrix_alloc (4, 4);
  gsl_eigen_nonsymmv_workspace *work = gsl_eigen_nonsymmv_alloc (4);
  gsl_matrix_complex *lu = gsl_matrix_complex_alloc (4, 4);
  gsl_vector_complex *rhs = gsl_vector_complex_alloc (4);
  gsl_permutation *perm = gsl_permutation_alloc (4);
  int sign;

  for (guint i = 0; i < 4; i++)
    for (guint j = 0; j < 4; j++)
      gsl_matrix_set (matrix, i, j, a[i * 4 + j]);
  modal->lambda = gsl_vector_complex_alloc (4);
  modal->modes = gsl_matrix_complex_alloc (4, 4);
  modal->coef = gsl_vector_complex_alloc (4);
  g_assert_cmpint (gsl_eigen_nonsymmv (matrix, modal->lambda, modal->modes, work), ==, 0);
  gsl_matrix_complex_memcpy (lu, modal->modes);
  for (guint i = 0; i < 4; i++)
    gsl_vector_complex_set (rhs, i, gsl_complex_rect (z0[i], 0.0));
  g_assert_cmpint (gsl_linalg_complex_LU_decomp (lu, perm, &sign), ==, 0);
  g_assert_cmpint (gsl_linalg_complex_LU_solve (lu, perm, rhs, modal->coef), ==, 0);

  gsl_permutation_free (perm);
  gsl_vector_complex_free (rhs);
  gsl_matrix_complex_free (lu);
  gsl_eigen_nonsymmv_free (work);
  gsl_matrix_free (matrix);
}

static double
modal_value (const Modal *modal, guint component_index, double t)
{
  gsl_complex sum = gsl_complex_rect (0.0, 0.0);

  for (guint j = 0; j < 4; j++)
    {
      gsl_complex term = gsl_complex_mul (gsl_vector_complex_get (modal->coef, j),
                                          gsl_complex_exp (gsl_complex_mul_real (
                                            gsl_vector_complex_get (modal->lambda, j), t)));

      sum = gsl_complex_add (sum, gsl_complex_mul (term, gsl_matrix_complex_get (
                                                           modal->modes, component_index, j)));
    }
  return GSL_REAL (sum);
}

static void
modal_clear (Modal *modal)
{
  gsl_vector_complex_free (modal->lambda);
  gsl_matrix_complex_free (modal->modes);
  gsl_vector_complex_free (modal->coef);
}

/* The eigenvalue of `modal` nearest to re + i·im (upper half plane). */
static gsl_complex
nearest_eigenvalue (const Modal *modal, double re, double im)
{
  gsl_complex best = gsl_vector_complex_get (modal->lambda, 0);

  for (guint j = 1; j < 4; j++)
    {
      gsl_complex l = gsl_vector_complex_get (modal->lambda, j);

      if (gsl_complex_abs (gsl_complex_sub (l, gsl_complex_rect (re, im)))
          < gsl_complex_abs (gsl_complex_sub (best, gsl_complex_rect (re, im))))
        best = l;
    }
  return best;
}

static void
test_two_mass_spring (void)
{
  g_autoptr (MfTestCircuit) ex = example_load ("two-mass-spring");
  g_autoptr (MfTestRecording) run = NULL;
  double m1 = param (ex, "M1", MF_MASS_MASS), m2 = param (ex, "M2", MF_MASS_MASS);
  double k1 = param (ex, "K1", MF_SPRING_STIFFNESS), k2 = param (ex, "K2", MF_SPRING_STIFFNESS);
  double c1 = param (ex, "D1", MF_DAMPER_DAMPING), c2 = param (ex, "D2", MF_DAMPER_DAMPING);
  double a[16] = {
    0, 0, 1, 0,
    0, 0, 0, 1,
    -(k1 + k2) / m1, k2 / m1, -(c1 + c2) / m1, c2 / m1,
    k2 / m2, -k2 / m2, c2 / m2, -c2 / m2,
  };
  static const struct
  {
    const char *method;
    double      tolerance; /* of the initial displacement */
  } runs[] = { { IMPLICIT_METHOD, 1e-4 }, { EXPLICIT_METHOD, 1e-6 } };
  double z0[4], x0, first = NAN, last_crossing = NAN, omega;
  guint crossings = 0;
  gsl_complex slow, fast;
  Modal modal;

  /* the parameters docs/model.md gives ("Reference cases") */
  g_assert_cmpfloat (m1, ==, 2.0);
  g_assert_cmpfloat (c1, ==, 50.0);
  g_assert_cmpfloat (k1, ==, 5e3);
  g_assert_cmpfloat (m2, ==, 1.0);
  g_assert_cmpfloat (c2, ==, 1e-10);
  g_assert_cmpfloat (k2, ==, 1e8);

  /* the document's initial state, released from rest */
  {
    static const char *const states[] = { "M1.x", "M2.x", "M1.v", "M2.v" };
    g_autofree double *u = g_new0 (double, mf_model_n_states (ex->model));

    mf_model_initial_state (ex->model, u);
    for (guint i = 0; i < 4; i++)
      {
        int state = mf_model_find_state (ex->model, states[i]);

        g_assert_cmpint (state, >=, 0);
        z0[i] = u[state];
      }
    x0 = fabs (z0[0]);
    g_assert_cmpfloat (x0, >, 0.0);
    modal_solve (&modal, a, z0);
  }

  /* The simulated motion against the modal solution.  rk8pd is far more
   * accurate than the tolerances ask, and shows the modal solution is the
   * circuit's; msbdf at the document's rtol 1e-6 accumulates some tens of
   * rtol over six swings. */
  for (guint m = 0; m < G_N_ELEMENTS (runs); m++)
    {
      g_autoptr (MfTestRecording) candidate = simulate (ex, runs[m].method, 0, NULL);
      double worst = 0.0;

      for (guint i = 0; i < mf_test_recording_n_samples (candidate); i++)
        {
          double t = mf_test_recording_time (candidate, i);

          worst = MAX (worst, fabs (at (ex, candidate, i, "M1.x") - modal_value (&modal, 0, t)));
          worst = MAX (worst, fabs (at (ex, candidate, i, "M2.x") - modal_value (&modal, 1, t)));
        }
      g_test_message ("%s: largest position error against the modal solution %.3g m",
                      runs[m].method, worst);
      g_assert_cmpfloat (worst, <, runs[m].tolerance * x0);
      if (m == 0)
        run = g_steal_pointer (&candidate);
    }

  /* the eigenvalues docs/model.md gives, to its digits */
  slow = nearest_eigenvalue (&modal, -8.33, 39.97);
  fast = nearest_eigenvalue (&modal, -4.17, 12247.5);
  g_test_message ("eigenvalues %.4f +/- %.4fi and %.4f +/- %.4fi", GSL_REAL (slow),
                  GSL_IMAG (slow), GSL_REAL (fast), GSL_IMAG (fast));
  g_assert_cmpfloat_with_epsilon (GSL_REAL (slow), -8.33, 0.005);
  g_assert_cmpfloat_with_epsilon (GSL_IMAG (slow), 39.97, 0.005);
  g_assert_cmpfloat_with_epsilon (GSL_REAL (fast), -4.17, 0.005);
  g_assert_cmpfloat_with_epsilon (GSL_IMAG (fast), 12247.5, 0.05);

  /* The swing frequency read off the simulation alone: zero crossings of x1,
   * linearly interpolated, come every π/ω_d. */
  for (guint i = 1; i < mf_test_recording_n_samples (run); i++)
    {
      double xa = at (ex, run, i - 1, "M1.x"), xb = at (ex, run, i, "M1.x");
      double ta = mf_test_recording_time (run, i - 1), tb = mf_test_recording_time (run, i);

      if ((xa < 0) == (xb < 0) || fabs (xa) + fabs (xb) < 1e-3 * x0)
        continue;
      last_crossing = ta + (tb - ta) * xa / (xa - xb);
      if (crossings++ == 0)
        first = last_crossing;
    }
  g_assert_cmpuint (crossings, >=, 6);
  omega = G_PI * (crossings - 1) / (last_crossing - first);
  g_test_message ("%u zero crossings of M1.x: omega = %.3f rad/s", crossings, omega);
  /* 2 ms samples on a 157 ms period: interpolation is good to 0.1 % */
  g_assert_cmpfloat_with_epsilon (omega, 39.97, 0.01 * 39.97);
  modal_clear (&modal);
}

/* ---- compliant-volume -------------------------------------------------- */

/* The volume's pressure is a state: C p' = q_in − q_out with C = V/β.  Its
 * compliance lets the supply column overshoot the supply pressure; the
 * orifice at the end obeys its law at every instant. */
static void
test_compliant_volume (void)
{
  g_autoptr (MfTestCircuit) ex = example_load ("compliant-volume");
  g_autoptr (MfTestRecording) run = simulate (ex, NULL, 0, NULL);
  const MfCircuit *circuit = example_circuit (ex);
  double rho = circuit->fluid.density;
  double capacitance = param (ex, "V1", MF_VOLUME_VOLUME) / circuit->fluid.bulk_modulus;
  double p_supply = param (ex, "T1", MF_TANK_PRESSURE);
  double a = param (ex, "O1", MF_ORIFICE_AREA), cd = param (ex, "O1", MF_ORIFICE_CD);
  double p_max = 0.0, q_scale = 0.0, worst = 0.0, h;
  guint last = mf_test_recording_n_samples (run) - 1;

  for (guint i = 0; i < mf_test_recording_n_samples (run); i++)
    {
      double q = at (ex, run, i, "O1.q");

      p_max = MAX (p_max, at (ex, run, i, "J1.p"));
      q_scale = MAX (q_scale, fabs (at (ex, run, i, "P1.q") - at (ex, run, i, "P2.q")));
      g_assert_cmpfloat_with_epsilon (at (ex, run, i, "J2.p"),
                                      rho / 2.0 * pow (q / (cd * a), 2), 1e-6 * p_supply);
    }
  /* continuity at the volume, by central differences of the samples: the
   * truncation error is (ω h)²/6 ≈ 5e-4 at 40 Hz and 0.2 ms */
  h = mf_test_recording_time (run, 1) - mf_test_recording_time (run, 0);
  for (guint i = 1; i < last; i++)
    {
      double p_dot = (at (ex, run, i + 1, "J1.p") - at (ex, run, i - 1, "J1.p")) / (2 * h);
      double net = at (ex, run, i, "P1.q") - at (ex, run, i, "P2.q");

      worst = MAX (worst, fabs (capacitance * p_dot - net));
    }
  g_test_message ("peak J1.p %.2f bar; continuity residual %.3g of the largest net inflow",
                  p_max / 1e5, worst / q_scale);
  g_assert_cmpfloat (worst, <, 2e-3 * q_scale);
  /* the overshoot the description promises: an incompressible node could
   * never exceed the supply pressure here */
  g_assert_cmpfloat (p_max, >, 1.5 * p_supply);
  /* and it settles: the flows agree and the supply pipe's laminar drop is
   * all that separates J1 from the supply */
  {
    double v = at (ex, run, last, "P1.v"), d = param (ex, "P1", MF_PIPE_DIAMETER);
    double drop = 32.0 * rho * circuit->fluid.kinematic_viscosity * param (ex, "P1", MF_PIPE_LENGTH)
                  * v / (d * d);

    g_assert_cmpfloat (v * d / circuit->fluid.kinematic_viscosity, <, 2300.0);
    g_assert_cmpfloat_with_epsilon (at (ex, run, last, "P1.q"), at (ex, run, last, "P2.q"),
                                    1e-2 * at (ex, run, last, "P2.q"));
    g_assert_cmpfloat_with_epsilon (at (ex, run, last, "J1.p"), p_supply - drop,
                                    1e-3 * p_supply);
  }
}

/* ---- pump-parallel-orifices --------------------------------------------- */

/* The pump fixes the total flow q(t); both orifices see the same drop to the
 * tank, so each carries cd a √(2 Δp/ρ): the split follows the areas, and
 * Δp = ρ/2 (q / (cd (a1 + a2)))² at every instant — the algebraic states
 * the Newton solve must find. */
static void
test_pump_parallel_orifices (void)
{
  g_autoptr (MfTestCircuit) ex = example_load ("pump-parallel-orifices");
  g_autoptr (MfTestRecording) run = simulate (ex, NULL, 0, NULL);
  const double rho = 870.0, cd = 0.61, a1 = 4e-6, a2 = 8e-6;
  guint checked = 0;

  for (guint i = 0; i < mf_test_recording_n_samples (run); i++)
    {
      double q1 = at (ex, run, i, "O1.q"), q2 = at (ex, run, i, "O2.q");
      double q = q1 + q2, dp = at (ex, run, i, "J1.p");
      double expected = rho / 2 * pow (q / (cd * (a1 + a2)), 2);

      g_assert_cmpfloat (fabs (at (ex, run, i, "P1.q") - q), <=, 1e-10 * q);
      if (q == 0.0)
        continue;
      g_assert_cmpfloat (fabs (q2 / q1 - a2 / a1), <, 1e-9);
      g_assert_cmpfloat (fabs (dp - expected), <, 1e-8 * expected);
      checked++;
    }
  g_assert_cmpuint (checked, >, 90);
}

/* ---- pump-relief-valve ---------------------------------------------------- */

typedef struct
{
  guint  n;
  double t[4];
  char   to[4][16];
} ReliefEvents;

static void
record_relief_event (double t, const char *component, const char *from, const char *to,
                     gpointer data)
{
  ReliefEvents *events = data;

  if (g_strcmp0 (component, "R1") != 0 || t == 0.0 || events->n == G_N_ELEMENTS (events->t))
    return;
  events->t[events->n] = t;
  g_strlcpy (events->to[events->n++], to, sizeof events->to[0]);
}

/* While the relief valve is closed the pump's flow q(t) all goes through
 * O1, so J1.p = ρ/2 (q / (cd a))²: it reaches the 60 bar setting when q
 * reaches q* = cd a √(2·set/ρ), on the ramp up (q = q_max t / 0.2) and on
 * the way down (q = q_max (1 − 4 (t − 0.6))).  Open, the valve holds J1 at
 * the pressure where O1 and the valve together pass q: within its rise. */
static void
test_pump_relief_valve (void)
{
  g_autoptr (MfTestCircuit) ex = example_load ("pump-relief-valve");
  const MfRelief valve = { 60e5, 10e5, 10e-6, 0.61, 870.0 };
  const double rho = 870.0, cd = 0.61, a = 4e-6, q_max = 20e-3 / 60;
  double q_star = cd * a * sqrt (2 * valve.set / rho);
  ReliefEvents events = { 0 };
  MfSimulationOptions options;
  g_autoptr (MfTestRecording) run = NULL;
  guint open_samples = 0;

  mf_simulation_options_from_circuit (&options, example_circuit (ex));
  options.event = record_relief_event;
  options.event_data = &events;
  run = mf_test_recording_simulate (ex->model, &options, NULL);

  g_assert_cmpuint (events.n, ==, 2);
  g_assert_cmpstr (events.to[0], ==, "open");
  g_assert_cmpfloat (fabs (events.t[0] - 0.2 * q_star / q_max), <, 1e-8);
  g_assert_cmpstr (events.to[1], ==, "closed");
  g_assert_cmpfloat (fabs (events.t[1] - (0.6 + (1 - q_star / q_max) / 4)), <, 1e-8);

  for (guint i = 0; i < mf_test_recording_n_samples (run); i++)
    {
      double p = at (ex, run, i, "J1.p"), q_relief = at (ex, run, i, "R1.q");

      if (q_relief <= 0.0)
        continue;
      open_samples++;
      g_assert_cmpfloat (p, >=, valve.set);
      g_assert_cmpfloat (p, <=, valve.set + valve.rise);
      g_assert_cmpfloat (fabs (q_relief - mf_relief_flow (&valve, p)), <, 1e-8 * q_relief);
      g_assert_cmpfloat (fabs (at (ex, run, i, "O1.q") - cd * a * sqrt (2 * p / rho)), <,
                         1e-9 * q_max);
    }
  g_assert_cmpuint (open_samples, >, 50);
}

/* ---- valve-closing ----------------------------------------------------- */

/* Shutting V1 leaves one path, P1 → P2 → O1, where P2 moves at r = A1/A2
 * times P1.  The mass-weighted projection (docs/model.md, "Each mode")
 * keeps the momentum along that path:
 * v1⁺ = (m1 v1⁻ + m2 r v2⁻) / (m1 + m2 r²); the rest of the kinetic energy
 * is lost. */
static void
test_valve_closing (void)
{
  g_autoptr (MfTestCircuit) ex = example_load ("valve-closing");
  g_autoptr (MfTestRecording) run = NULL;
  g_autoptr (MfTestRecording) before = NULL;
  const MfCircuit *circuit = example_circuit (ex);
  const MfScheduleEntry *shut_entry;
  MfSimulationStats stats;
  double m1 = pipe_mass (ex, "P1"), m2 = pipe_mass (ex, "P2");
  double r = pipe_area (ex, "P1") / pipe_area (ex, "P2");
  double t_shut, v1, v2, v1_after, lost;
  int shut_mode;
  guint i_shut, last;

  shut_mode = mf_circuit_find_mode (circuit, "V1 shut");
  g_assert_cmpint (shut_mode, >=, 0);
  g_assert_cmpuint (circuit->schedule->len, ==, 2);
  shut_entry = &g_array_index (circuit->schedule, MfScheduleEntry, 1);
  g_assert_cmpuint (shut_entry->mode, ==, (guint) shut_mode);
  t_shut = shut_entry->t;

  run = simulate (ex, NULL, 0, &stats);
  last = mf_test_recording_n_samples (run) - 1;
  g_assert_cmpuint (stats.mode_switches, ==, 1);
  g_assert_cmpfloat (stats.energy_lost, >, 0.0);

  /* the state just before the switch, from a run that stops 1 µs short of
   * it (the flow is steady by then: it changes by far less than 1e-9) */
  before = simulate (ex, NULL, t_shut - 1e-6, NULL);
  v1 = at (ex, before, mf_test_recording_n_samples (before) - 1, "P1.v");
  v2 = at (ex, before, mf_test_recording_n_samples (before) - 1, "P2.v");
  g_assert_cmpfloat (at (ex, before, mf_test_recording_n_samples (before) - 1, "V1.q"), >, 0.0);
  v1_after = (m1 * v1 + m2 * r * v2) / (m1 + m2 * r * r);
  lost = 0.5 * (m1 * v1 * v1 + m2 * v2 * v2) - 0.5 * (m1 + m2 * r * r) * v1_after * v1_after;

  i_shut = sample_at (run, t_shut);
  g_test_message ("P1.v %.6f -> %.6f m/s (hand: %.6f); energy lost %.6f J (hand: %.6f)", v1,
                  at (ex, run, i_shut, "P1.v"), v1_after, stats.energy_lost, lost);
  g_assert_cmpfloat_with_epsilon (at (ex, run, i_shut, "P1.v"), v1_after, 1e-7 * v1_after);
  g_assert_cmpfloat_with_epsilon (stats.energy_lost, lost, 1e-6 * lost);

  for (guint i = 0; i < mf_test_recording_n_samples (run); i++)
    {
      guint mode = mf_test_recording_mode (run, i);

      if (mf_test_recording_time (run, i) < t_shut)
        {
          g_assert_cmpuint (mode, !=, (guint) shut_mode);
          continue;
        }
      g_assert_cmpuint (mode, ==, (guint) shut_mode);
      /* a closed valve passes nothing, exactly */
      g_assert_cmpfloat (at (ex, run, i, "V1.v"), ==, 0.0);
      g_assert_cmpfloat (at (ex, run, i, "V1.q"), ==, 0.0);
      /* what enters J1 leaves through the branch, and the closed valve holds
       * the junction's pressure against its tank */
      g_assert_cmpfloat_with_epsilon (at (ex, run, i, "P1.q"), at (ex, run, i, "P2.q"),
                                      1e-12 * at (ex, run, i, "P1.q"));
      g_assert_cmpfloat_with_epsilon (at (ex, run, i, "V1.dp"),
                                      at (ex, run, i, "J1.p") - at (ex, run, i, "V1.b.p"),
                                      1e-9 * at (ex, run, i, "J1.p"));
    }
  /* something still moves after the valve shut */
  g_assert_cmpfloat (at (ex, run, last, "P1.v"), >, 0.1 * v1);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  mf_init ();

  g_test_add_func ("/examples/pipe-drain/closed-form", test_pipe_drain);
  g_test_add_func ("/examples/three-pipes/junction-pressure", test_three_pipes);
  g_test_add_func ("/examples/pump-cylinder-spring/steady-extension", test_pump_cylinder);
  g_test_add_func ("/examples/pump-cylinder-spring/run-up", test_pump_cylinder_accelerating);
  g_test_add_func ("/examples/two-mass-spring/modes", test_two_mass_spring);
  g_test_add_func ("/examples/compliant-volume/continuity", test_compliant_volume);
  g_test_add_func ("/examples/valve-closing/projection", test_valve_closing);
  g_test_add_func ("/examples/pump-parallel-orifices/orifice-law", test_pump_parallel_orifices);
  g_test_add_func ("/examples/pump-relief-valve/opens-and-holds", test_pump_relief_valve);

  return g_test_run ();
}
