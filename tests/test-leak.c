/* test-leak.c: the laminar leak of pumps and hydraulic motors and a motor's
 * datasheet efficiencies (docs/model.md, "Pumps" and "Hydraulic motor"),
 * each against its closed form.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include "mf-equations.h"
#include "mf-error.h"
#include "mf-simulation.h"
#include "mf-test-circuit.h"
#include "mf-test-recording.h"

/* 1 L/min/bar in m³/(s·Pa) */
#define LPM_PER_BAR (1e-3 / 60.0 / 1e5)

/* A run to t_end with tight tolerances, sampled every `interval`. */
static MfTestRecording *
run (MfTestCircuit *tc, double t_end, double interval)
{
  MfSimulationOptions options;

  mf_simulation_options_from_circuit (&options, mf_document_get_circuit (tc->document));
  options.t_end = t_end;
  options.output_interval = interval;
  options.rtol = 1e-10;
  options.atol = 1e-12;
  return mf_test_recording_simulate (tc->model, &options, NULL);
}

static double
at (const MfTestCircuit *tc, const MfTestRecording *rec, guint sample, const char *name)
{
  return mf_test_recording_value (rec, sample, mf_test_output (tc->model, name));
}

static double
last (const MfTestCircuit *tc, const MfTestRecording *rec, const char *name)
{
  return at (tc, rec, mf_test_recording_n_samples (rec) - 1, name);
}

/* A pump, D = 10 cm³/rev at 1500 rpm, so D·n = 10e-6 · 25 = 2.5e-4 m³/s,
 * with k = 1 L/min/bar = 1.6667e-10 m³/(s·Pa), filling a closed volume of
 * 1 L (C = V/β = 1e-3/1.5e9 = 6.6667e-13 m³/Pa) from a tank at 0.
 * C·p' = D·n − k·p gives p = (D·n/k)·(1 − e^(−k·t/C)), k/C = 250 /s:
 * it settles at D·n/k = 2.5e-4 / 1.6667e-10 = 1.5e6 Pa (15 bar); at
 * t = 0.01 s it is 1.5e6·(1 − e^(−2.5)) = 1 376 873.75 Pa. */
static void
test_pump_closed (void)
{
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (
    "{ \"manifold\": 1, \"components\": ["
    "  { \"id\": \"T1\", \"type\": \"tank\" },"
    "  { \"id\": \"V1\", \"type\": \"volume\", \"volume\": \"1 L\" },"
    "  { \"id\": \"PU1\", \"type\": \"pump\", \"displacement\": \"10 cm^3/rev\","
    "    \"speed\": \"1500 rpm\", \"leakage_coefficient\": \"1 L/min/bar\" } ],"
    "  \"wires\": [ [\"T1.p\", \"PU1.a\"], [\"PU1.b\", \"V1.p\"] ] }");
  g_autoptr (MfTestRecording) rec = run (tc, 0.2, 0.01);
  double dn = 2.5e-4, k = LPM_PER_BAR;

  mf_test_assert_near (dn / k, 1.5e6, 1e-12);
  mf_test_assert_near (at (tc, rec, 1, "V1.p.p"), 1.5e6 * (1.0 - exp (-2.5)), 1e-7);
  mf_test_assert_near (last (tc, rec, "V1.p.p"), dn / k, 1e-8);
  /* the pump's own flow is its ideal one; all of it leaks back */
  mf_test_assert_near (last (tc, rec, "PU1.q"), dn, 1e-12);
  mf_test_assert_near (last (tc, rec, "PU1.leak.q"), dn, 1e-8);
}

/* The pump's outlet pressure p into an orifice (a = 10 mm², c_d = 0.61,
 * ρ = 870 kg/m³) to the tank, k = 1 L/min/bar: at steady state
 * D·n − k·p = c_d·a·√(2p/ρ).  Its left side falls and its right side
 * rises with p, so bisection on [0, D·n/k] finds the one root; without
 * the leak it would be ρ/2·(D·n/(c_d·a))² = 730 650 Pa. */
static void
test_pump_orifice (void)
{
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (
    "{ \"manifold\": 1, \"components\": ["
    "  { \"id\": \"T1\", \"type\": \"tank\" },"
    "  { \"id\": \"J1\", \"type\": \"junction\" },"
    "  { \"id\": \"PU1\", \"type\": \"pump\", \"displacement\": \"10 cm^3/rev\","
    "    \"speed\": \"1500 rpm\", \"leakage_coefficient\": \"1 L/min/bar\" },"
    "  { \"id\": \"O1\", \"type\": \"orifice\", \"area\": \"10 mm^2\" } ],"
    "  \"wires\": [ [\"T1.p\", \"PU1.a\"], [\"PU1.b\", \"J1.p\"], [\"J1.p\", \"O1.a\"],"
    "    [\"O1.b\", \"T1.p\"] ] }");
  g_autoptr (MfTestRecording) rec = run (tc, 0.1, 0.05);
  double dn = 2.5e-4, k = LPM_PER_BAR, cda = 0.61 * 1e-5, rho = 870.0;
  double lo = 0.0, hi = dn / k;

  for (int i = 0; i < 200; i++)
    {
      double mid = 0.5 * (lo + hi);

      if (dn - k * mid - cda * sqrt (2.0 * mid / rho) > 0.0)
        lo = mid;
      else
        hi = mid;
    }
  /* the leak takes a sizeable share: the pressure is well below 730 650 Pa */
  g_assert_cmpfloat (lo, <, 0.9 * 730650.0);
  mf_test_assert_near (last (tc, rec, "J1.p"), lo, 1e-8);
  mf_test_assert_near (last (tc, rec, "PU1.leak.q"), k * lo, 1e-8);
  mf_test_assert_near (last (tc, rec, "O1.q"), dn - k * lo, 1e-8);
}

/* A motor D = 20 cm³/rev (D = 20e-6/(2π) = 3.18310e-6 m³/rad) between a
 * supply at 100 bar and a drain at 0, k = 2 L/min/bar, friction
 * c = 0.1 N·m·s/rad, on J = 0.002 kg·m² against a load of 10 N·m.  Its
 * shaft J·ω' = D·Δp − T_L − c·ω settles (time constant J/c = 0.02 s) at
 * ω = (D·Δp − T_L)/c = (31.8310 − 10)/0.1 = 218.310 rad/s; it takes in
 * D·ω + k·Δp = 6.94902e-4 + 3.33333e-4 m³/s. */
static void
test_motor_leak (void)
{
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (
    "{ \"manifold\": 1, \"components\": ["
    "  { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"100 bar\" },"
    "  { \"id\": \"T2\", \"type\": \"tank\" },"
    "  { \"id\": \"HM1\", \"type\": \"hydraulic_motor\", \"displacement\": \"20 cm^3/rev\","
    "    \"friction\": \"0.1 N*m*s/rad\", \"leakage_coefficient\": \"2 L/min/bar\" },"
    "  { \"id\": \"I1\", \"type\": \"inertia\", \"inertia\": \"0.002 kg*m^2\" },"
    "  { \"id\": \"TQ1\", \"type\": \"torque\", \"torque\": \"-10 N*m\" } ],"
    "  \"wires\": [ [\"T1.p\", \"HM1.a\"], [\"HM1.b\", \"T2.p\"],"
    "    [\"HM1.shaft\", \"I1.shaft\"], [\"I1.shaft\", \"TQ1.shaft\"] ] }");
  g_autoptr (MfTestRecording) rec = run (tc, 1.0, 0.5);
  double d = 20e-6 / (2.0 * G_PI), dp = 1e7, k = 2.0 * LPM_PER_BAR;
  double omega = (d * dp - 10.0) / 0.1;

  mf_test_assert_near (omega, 218.310, 1e-5);
  mf_test_assert_near (last (tc, rec, "HM1.v"), omega, 1e-9);
  mf_test_assert_near (last (tc, rec, "HM1.q"), d * omega, 1e-9);
  mf_test_assert_near (last (tc, rec, "HM1.leak.q"), k * dp, 1e-12);
  mf_test_assert_near (last (tc, rec, "HM1.q") + last (tc, rec, "HM1.leak.q"), d * omega + k * dp, 1e-9);
}

/* A motor of D = 20 cm³/rev rated η_v = 0.92 and η_m = 0.88 at 200 bar and
 * 1500 rpm (ω_r = 157.080 rad/s), no friction of its own, on J = 0.001
 * kg·m² between 200 bar and 0 against the load T_L = η_m·D·Δp_r
 * = 0.88 · 63.6620 = 56.0225 N·m.  The friction its η_m makes,
 * c = (1 − η_m)·D·Δp_r/ω_r = 0.0486338 N·m·s/rad, lets the shaft settle
 * (J/c = 0.02 s) at ω = (D·Δp_r − T_L)/c = ω_r; there the leak that η_v
 * makes, k = D·ω_r·(1/η_v − 1)/Δp_r, gives back η_v = D·ω/(D·ω + k·Δp)
 * and the shaft's torque T_L gives back η_m = (D·Δp − c·ω)/(D·Δp). */
static void
test_motor_efficiencies (void)
{
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (
    "{ \"manifold\": 1, \"components\": ["
    "  { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"200 bar\" },"
    "  { \"id\": \"T2\", \"type\": \"tank\" },"
    "  { \"id\": \"HM1\", \"type\": \"hydraulic_motor\", \"displacement\": \"20 cm^3/rev\","
    "    \"volumetric_efficiency\": 0.92, \"mechanical_efficiency\": 0.88,"
    "    \"rated_pressure\": \"200 bar\", \"rated_speed\": \"1500 rpm\" },"
    "  { \"id\": \"I1\", \"type\": \"inertia\", \"inertia\": \"0.001 kg*m^2\" },"
    "  { \"id\": \"TQ1\", \"type\": \"torque\","
    "    \"torque\": \"-0.88 * 20e-6 / (2 * pi) * 200e5\" } ],"
    "  \"wires\": [ [\"T1.p\", \"HM1.a\"], [\"HM1.b\", \"T2.p\"],"
    "    [\"HM1.shaft\", \"I1.shaft\"], [\"I1.shaft\", \"TQ1.shaft\"] ] }");
  g_autoptr (MfTestRecording) rec = run (tc, 1.0, 0.5);
  double d = 20e-6 / (2.0 * G_PI), dp = 200e5, omega_r = 1500.0 * 2.0 * G_PI / 60.0;
  double t_load = 0.88 * d * dp;
  double omega = last (tc, rec, "HM1.v");
  double inflow = last (tc, rec, "HM1.q") + last (tc, rec, "HM1.leak.q");
  /* the friction the shaft's balance D·Δp − c·ω − T_L = 0 shows */
  double c = (d * dp - t_load) / omega;

  mf_test_assert_near (t_load, 56.0225, 1e-6);
  mf_test_assert_near ((1.0 - 0.88) * d * dp / omega_r, 0.0486338, 1e-6);
  mf_test_assert_near (omega, omega_r, 1e-9);
  mf_test_assert_near (d * omega / inflow, 0.92, 1e-9);
  mf_test_assert_near ((d * dp - c * omega) / (d * dp), 0.88, 1e-9);
  mf_test_assert_near (c, (1.0 - 0.88) * d * dp / omega_r, 1e-9);
}

/* The leak joins a pump's outlet back to its inlet and a motor's inlet to
 * its outlet, and only a component that leaks has one. */
static void
test_leak_wiring (void)
{
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (
    "{ \"manifold\": 1, \"components\": ["
    "  { \"id\": \"T1\", \"type\": \"tank\" },"
    "  { \"id\": \"PU1\", \"type\": \"pump\", \"displacement\": \"10 cm^3/rev\","
    "    \"speed\": \"1500 rpm\", \"leakage_coefficient\": \"1 L/min/bar\" },"
    "  { \"id\": \"PU2\", \"type\": \"pump\", \"displacement\": \"10 cm^3/rev\","
    "    \"speed\": \"1500 rpm\" },"
    "  { \"id\": \"HM1\", \"type\": \"hydraulic_motor\", \"displacement\": \"20 cm^3/rev\","
    "    \"inertia\": 0.01, \"volumetric_efficiency\": 0.9, \"rated_pressure\": \"100 bar\","
    "    \"rated_speed\": \"1000 rpm\" } ],"
    "  \"wires\": [ [\"T1.p\", \"PU1.a\"], [\"PU1.b\", \"HM1.a\"], [\"HM1.b\", \"T1.p\"],"
    "    [\"T1.p\", \"PU2.a\"], [\"PU2.b\", \"T1.p\"] ] }");
  const MfCircuit *circuit = mf_document_get_circuit (tc->document);
  int pump = mf_circuit_find_component (circuit, "PU1");
  int motor = mf_circuit_find_component (circuit, "HM1");
  int pump_leak = mf_circuit_find_component (circuit, "PU1.leak");
  int motor_leak = mf_circuit_find_component (circuit, "HM1.leak");
  double d = 20e-6 / (2.0 * G_PI), omega_r = 1000.0 * 2.0 * G_PI / 60.0;
  const MfComponent *leak;
  guint joins = 0;

  g_assert_cmpint (pump_leak, >=, 0);
  g_assert_cmpint (motor_leak, >=, 0);
  g_assert_cmpint (mf_circuit_find_component (circuit, "PU2.leak"), <, 0);
  for (guint w = 0; w < circuit->wires->len; w++)
    {
      const MfWire *wire = &g_array_index (circuit->wires, MfWire, w);
      MfPortRef a = wire->ends[0], b = wire->ends[1];

      joins += a.component == (guint) pump && a.port == MF_PORT_B
               && b.component == (guint) pump_leak && b.port == MF_PORT_A;
      joins += a.component == (guint) pump_leak && a.port == MF_PORT_B
               && b.component == (guint) pump && b.port == MF_PORT_A;
      joins += a.component == (guint) motor && a.port == MF_PORT_A
               && b.component == (guint) motor_leak && b.port == MF_PORT_A;
      joins += a.component == (guint) motor_leak && a.port == MF_PORT_B
               && b.component == (guint) motor && b.port == MF_PORT_B;
    }
  g_assert_cmpuint (joins, ==, 4);
  /* k = D·ω_r·(1/η_v − 1)/Δp_r = 3.18310e-6 · 104.720 · (1/9) / 1e7
   * = 3.70370e-12 m³/(s·Pa); compared in units of 1e-12 */
  leak = g_ptr_array_index (circuit->components, motor_leak);
  mf_test_assert_near (d * omega_r * (1.0 / 0.9 - 1.0) / 1e7 / 1e-12, 3.70370, 1e-5);
  mf_test_assert_near (leak->params[MF_LEAK_COEFFICIENT].value / 1e-12,
               d * omega_r * (1.0 / 0.9 - 1.0) / 1e7 / 1e-12, 1e-12);
  /* the leaks' flows are outputs */
  mf_test_output (tc->model, "PU1.leak.q");
  mf_test_output (tc->model, "HM1.leak.q");
}

/* The leak written out per unit of its area, 0 = Δp − A·v/k, with its
 * reference area and coefficient listed; a motor's friction from its
 * mechanical efficiency written as what it is made of. */
static void
test_equations (void)
{
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (
    "{ \"manifold\": 1, \"components\": ["
    "  { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"100 bar\" },"
    "  { \"id\": \"T2\", \"type\": \"tank\" },"
    "  { \"id\": \"HM1\", \"type\": \"hydraulic_motor\", \"displacement\": \"20 cm^3/rev\","
    "    \"volumetric_efficiency\": 0.9, \"mechanical_efficiency\": 0.8,"
    "    \"rated_pressure\": \"100 bar\", \"rated_speed\": \"1000 rpm\" },"
    "  { \"id\": \"I1\", \"type\": \"inertia\", \"inertia\": \"0.002 kg*m^2\" } ],"
    "  \"wires\": [ [\"T1.p\", \"HM1.a\"], [\"HM1.b\", \"T2.p\"],"
    "    [\"HM1.shaft\", \"I1.shaft\"] ] }");
  g_autoptr (MfEquations) equations = mf_equations_new (tc->model, 0);
  g_autofree char *text = mf_equations_to_plain (equations);

  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, "HM1.leak: 0 = T1.p.p − T2.p.p "
                                  "− A_HM1.leak·HM1.leak.v/k_HM1.leak"));
  g_assert_nonnull (strstr (text, "− c_HM1·HM1.v\n"));
  /* k = D·ω_r·(1/η_v − 1)/Δp_r = 3.18310e-6 · 104.720 · (1/9) / 1e7 and
   * c = (1 − η_m)·D·Δp_r/ω_r = 0.2 · 31.8310 / 104.720 */
  g_assert_nonnull (strstr (text, "k_HM1.leak: 3.7037e-12 m³/(s·Pa)"));
  g_assert_nonnull (strstr (text, "c_HM1: c_given,HM1 + (1 − η_m,HM1)·D_HM1·Δp_r,HM1/ω_r,HM1 "
                                  "= 0.0607927 N·m·s/rad"));
  g_assert_nonnull (strstr (text, "A_HM1.leak: the leak's reference area, a 10 mm port's "
                                  "= 7.85398e-5 m²"));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/leak/pump-closed", test_pump_closed);
  g_test_add_func ("/core/leak/pump-orifice", test_pump_orifice);
  g_test_add_func ("/core/leak/motor", test_motor_leak);
  g_test_add_func ("/core/leak/motor-efficiencies", test_motor_efficiencies);
  g_test_add_func ("/core/leak/wiring", test_leak_wiring);
  g_test_add_func ("/core/leak/equations", test_equations);
  return g_test_run ();
}
