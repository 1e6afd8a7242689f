/* test-rotary.c: the rotary domain, the pumps and the hydraulic motor
 * (docs/model.md, "Shafts", "Pumps" and "Hydraulic motor"), each against
 * its closed form; and wires between kinds of port refused.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>

#include "mf-error.h"
#include "mf-simulation.h"
#include "mf-test-circuit.h"
#include "mf-test-recording.h"

/* A run of `json` to t_end with tight tolerances; the samples every 0.1 s. */
static MfTestRecording *
run (MfTestCircuit *tc, double t_end)
{
  MfSimulationOptions options;

  mf_simulation_options_from_circuit (&options, mf_document_get_circuit (tc->document));
  options.t_end = t_end;
  options.output_interval = 0.1;
  options.rtol = 1e-10;
  options.atol = 1e-12;
  return mf_test_recording_simulate (tc->model, &options, NULL);
}

/* The output `name` at the last sample. */
static double
last (const MfTestCircuit *tc, const MfTestRecording *rec, const char *name)
{
  return mf_test_recording_value (rec, mf_test_recording_n_samples (rec) - 1,
                                  mf_test_output (tc->model, name));
}

/* An inertia J = 0.5 kg·m² driven by a torque of 2 N·m from rest:
 * ω = T t / J = 4 rad/s and φ = T t² / (2 J) = 2 rad at t = 1 s. */
static void
test_inertia_torque (void)
{
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (
    "{ \"manifold\": 1, \"components\": ["
    "  { \"id\": \"I1\", \"type\": \"inertia\", \"inertia\": \"0.5 kg*m^2\" },"
    "  { \"id\": \"TQ1\", \"type\": \"torque\", \"torque\": \"2 N*m\" } ],"
    "  \"wires\": [ [\"I1.shaft\", \"TQ1.shaft\"] ] }");
  g_autoptr (MfTestRecording) rec = run (tc, 1.0);

  mf_test_assert_near (last (tc, rec, "I1.v"), 4.0, 1e-9);
  mf_test_assert_near (last (tc, rec, "I1.x"), 2.0, 1e-9);
  g_assert_cmpstr (mf_model_output_unit (tc->model, mf_test_output (tc->model, "I1.v")), ==,
                   "rad/s");
  g_assert_cmpstr (mf_model_output_unit (tc->model, mf_test_output (tc->model, "I1.x")), ==,
                   "rad");
}

/* J = 0.5 kg·m² on a torsion spring k = 8 N·m/rad to a fixed shaft,
 * released at 0.1 rad: φ = 0.1 cos(ω_n t), ω_n = √(k/J) = 4 rad/s, so
 * φ(1) = 0.1 cos 4 = −0.0653644 rad and ω(1) = −0.4 sin 4 = 0.302721 rad/s.
 * The spring runs from the shaft (a) to the fixed end (b): its tension
 * k·(0 − φ) turns the inertia back. */
static void
test_rotary_spring (void)
{
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (
    "{ \"manifold\": 1, \"components\": ["
    "  { \"id\": \"I1\", \"type\": \"inertia\", \"inertia\": 0.5 },"
    "  { \"id\": \"KR1\", \"type\": \"rotary_spring\", \"stiffness\": \"8 N*m/rad\" },"
    "  { \"id\": \"GS1\", \"type\": \"fixed_shaft\" } ],"
    "  \"wires\": [ [\"I1.shaft\", \"KR1.a\"], [\"KR1.b\", \"GS1.shaft\"] ],"
    "  \"initial\": { \"I1.x\": 0.1 } }");
  g_autoptr (MfTestRecording) rec = run (tc, 1.0);

  mf_test_assert_near (last (tc, rec, "I1.x"), 0.1 * cos (4.0), 1e-8);
  mf_test_assert_near (last (tc, rec, "I1.v"), -0.4 * sin (4.0), 1e-8);
}

/* J = 0.5 kg·m² spinning at 2 rad/s, braked by a rotary damper c = 0.25
 * N·m·s/rad: ω = 2 e^(−c t / J) = 2 e^(−0.5) = 1.213061 rad/s at t = 1 s,
 * φ = 2 J / c (1 − e^(−0.5)) = 4 (1 − e^(−0.5)) = 1.573877 rad. */
static void
test_rotary_damper (void)
{
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (
    "{ \"manifold\": 1, \"components\": ["
    "  { \"id\": \"I1\", \"type\": \"inertia\", \"inertia\": 0.5 },"
    "  { \"id\": \"DR1\", \"type\": \"rotary_damper\", \"damping\": \"0.25 N*m*s/rad\" },"
    "  { \"id\": \"GS1\", \"type\": \"fixed_shaft\" } ],"
    "  \"wires\": [ [\"I1.shaft\", \"DR1.a\"], [\"DR1.b\", \"GS1.shaft\"] ],"
    "  \"initial\": { \"I1.v\": 2 } }");
  g_autoptr (MfTestRecording) rec = run (tc, 1.0);

  mf_test_assert_near (last (tc, rec, "I1.v"), 2.0 * exp (-0.5), 1e-8);
  mf_test_assert_near (last (tc, rec, "I1.x"), 4.0 * (1.0 - exp (-0.5)), 1e-8);
}

/* A variable pump, 10 cm³/rev at 1500 rpm, η_v = 0.9, η_m = 0.8, at a
 * fraction of 0.5, into an orifice of 10 mm² (c_d 0.61) to a tank:
 * q = η_v·D·n·ε = 0.9 · 10e-6 m³ · 25 rev/s · 0.5 = 1.125e-4 m³/s; the
 * orifice then drops Δp = ρ/2 (q / (c_d a))² = 435 · 18.4426²
 * = 147 956.7 Pa; the shaft torque is D·ε·Δp/η_m with D = 10e-6/(2π) m³/rad. */
static void
test_variable_pump (void)
{
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (
    "{ \"manifold\": 1, \"components\": ["
    "  { \"id\": \"T1\", \"type\": \"tank\" },"
    "  { \"id\": \"PV1\", \"type\": \"variable_pump\", \"displacement\": \"10 cm^3/rev\","
    "    \"speed\": \"1500 rpm\", \"volumetric_efficiency\": 0.9,"
    "    \"mechanical_efficiency\": 0.8, \"fraction\": 0.5 },"
    "  { \"id\": \"O1\", \"type\": \"orifice\", \"area\": \"10 mm^2\" } ],"
    "  \"wires\": [ [\"T1.p\", \"PV1.a\"], [\"PV1.b\", \"O1.a\"], [\"O1.b\", \"T1.p\"] ] }");
  g_autoptr (MfTestRecording) rec = run (tc, 0.2);
  double q = 0.9 * 10e-6 * 25.0 * 0.5;
  double dp = 870.0 / 2.0 * pow (q / (0.61 * 10e-6), 2);

  mf_test_assert_near (q, 1.125e-4, 1e-15);
  mf_test_assert_near (dp, 147956.7, 1e-6);
  mf_test_assert_near (last (tc, rec, "PV1.q"), q, 1e-12);
  mf_test_assert_near (last (tc, rec, "O1.q"), q, 1e-12);
  mf_test_assert_near (last (tc, rec, "PV1.b.p"), dp, 1e-8);
  mf_test_assert_near (last (tc, rec, "PV1.torque"), 10e-6 / (2 * G_PI) * 0.5 * dp / 0.8, 1e-8);
  g_assert_cmpstr (mf_model_output_unit (tc->model, mf_test_output (tc->model, "PV1.torque")),
                   ==, "N*m");
}

/* A pump whose speed ramps, 1000 rpm · t: its flow follows, D·n(t). */
static void
test_pump_speed_varies (void)
{
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (
    "{ \"manifold\": 1, \"components\": ["
    "  { \"id\": \"T1\", \"type\": \"tank\" },"
    "  { \"id\": \"PU1\", \"type\": \"pump\", \"displacement\": \"6 cm^3/rev\","
    "    \"speed\": \"1000 rpm * t\" },"
    "  { \"id\": \"O1\", \"type\": \"orifice\", \"area\": \"10 mm^2\" } ],"
    "  \"wires\": [ [\"T1.p\", \"PU1.a\"], [\"PU1.b\", \"O1.a\"], [\"O1.b\", \"T1.p\"] ] }");
  g_autoptr (MfTestRecording) rec = run (tc, 0.5);

  /* 6 cm³ per revolution at 1000/60 · 0.5 rev/s: 5e-5 m³/s */
  mf_test_assert_near (last (tc, rec, "PU1.q"), 5e-5, 1e-12);
  mf_test_assert_near (last (tc, rec, "O1.q"), 5e-5, 1e-12);
}

/* A flow source ramping at q0 = 10 L/min per second into a motor of
 * D = 20 cm³/rev = 20e-6/(2π) m³/rad, on an inertia J = 0.02 kg·m² against
 * a load of −5 N·m, with a viscous friction c = 0.01 N·m·s/rad in the
 * motor.  Continuity gives ω = q0 t / D; the shaft's equation
 * J ω' = D Δp − 5 − c ω then gives Δp = (J q0/D + 5 + c q0 t/D) / D.  At
 * t = 0.5 s: ω = 1/6e-3 · 0.5 · 2π/20e-6 = 26.17994 rad/s and
 * Δp = (0.02 · 52.35988 + 5 + 0.2617994) / 3.183099e-6 = 1 982 030 Pa. */
static void
test_motor (void)
{
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (
    "{ \"manifold\": 1, \"components\": ["
    "  { \"id\": \"T1\", \"type\": \"tank\" },"
    "  { \"id\": \"Q1\", \"type\": \"flow_source\", \"flow\": \"10 L/min * t\" },"
    "  { \"id\": \"HM1\", \"type\": \"hydraulic_motor\", \"displacement\": \"20 cm^3/rev\","
    "    \"friction\": \"0.01 N*m*s/rad\" },"
    "  { \"id\": \"I1\", \"type\": \"inertia\", \"inertia\": \"0.02 kg*m^2\" },"
    "  { \"id\": \"TQ1\", \"type\": \"torque\", \"torque\": \"-5 N*m\" } ],"
    "  \"wires\": [ [\"T1.p\", \"Q1.a\"], [\"Q1.b\", \"HM1.a\"], [\"HM1.b\", \"T1.p\"],"
    "    [\"HM1.shaft\", \"I1.shaft\"], [\"I1.shaft\", \"TQ1.shaft\"] ] }");
  g_autoptr (MfTestRecording) rec = run (tc, 0.5);
  double q0 = 10e-3 / 60.0, d = 20e-6 / (2 * G_PI), t = 0.5;
  double omega = q0 * t / d;
  double dp = (0.02 * q0 / d + 5.0 + 0.01 * omega) / d;

  mf_test_assert_near (omega, 26.17994, 1e-6);
  mf_test_assert_near (dp, 1982030, 1e-6);
  mf_test_assert_near (last (tc, rec, "HM1.v"), omega, 1e-9);
  mf_test_assert_near (last (tc, rec, "I1.v"), omega, 1e-9);
  /* the motor's flow is D·ω */
  mf_test_assert_near (last (tc, rec, "HM1.q"), q0 * t, 1e-12);
  mf_test_assert_near (last (tc, rec, "Q1.b.p"), dp, 1e-7);
}

/* A rod's port and a shaft's are of different kinds: refused, naming both. */
static void
test_kinds_refused (void)
{
  g_autoptr (MfCircuit) circuit = mf_circuit_new ();
  g_autoptr (GError) error = NULL;

  mf_circuit_add_component (circuit, "M1", MF_COMPONENT_MASS);
  mf_circuit_add_component (circuit, "I1", MF_COMPONENT_INERTIA);
  mf_circuit_add_component (circuit, "HM1", MF_COMPONENT_MOTOR);
  g_assert_false (mf_circuit_connect (circuit, "M1.m", "I1.shaft", &error));
  g_assert_error (error, MF_ERROR, MF_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "mechanical port and a rotary port"));
  g_assert_nonnull (strstr (error->message, "'M1.m' and 'I1.shaft'"));
  g_clear_error (&error);
  g_assert_false (mf_circuit_connect (circuit, "HM1.a", "I1.shaft", &error));
  g_assert_nonnull (strstr (error->message, "hydraulic port and a rotary port"));
  g_clear_error (&error);
  g_assert_true (mf_circuit_connect (circuit, "HM1.shaft", "I1.shaft", &error));
  g_assert_no_error (error);
}

/* A torque on a shaft with nothing to turn: refused in words. */
static void
test_shaft_without_inertia (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_load (
    "{ \"manifold\": 1, \"components\": ["
    "  { \"id\": \"TQ1\", \"type\": \"torque\", \"torque\": 1 },"
    "  { \"id\": \"O1\", \"type\": \"orifice\", \"area\": 1e-5 } ] }",
    &error);

  g_assert_null (tc->model);
  g_assert_error (error, MF_ERROR, MF_ERROR_STRUCTURE);
  g_assert_nonnull (strstr (error->message, "shaft TQ1.shaft has no inertia"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/rotary/inertia-torque", test_inertia_torque);
  g_test_add_func ("/core/rotary/spring", test_rotary_spring);
  g_test_add_func ("/core/rotary/damper", test_rotary_damper);
  g_test_add_func ("/core/rotary/variable-pump", test_variable_pump);
  g_test_add_func ("/core/rotary/pump-speed-varies", test_pump_speed_varies);
  g_test_add_func ("/core/rotary/motor", test_motor);
  g_test_add_func ("/core/rotary/kinds-refused", test_kinds_refused);
  g_test_add_func ("/core/rotary/shaft-without-inertia", test_shaft_without_inertia);
  return g_test_run ();
}
