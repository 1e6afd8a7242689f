/* test-chambers.c: a piston's compressible chambers (docs/model.md,
 * "Compliant chambers"): the hydraulic spring of a cylinder with blocked
 * ports against its own mass, measured from a simulated oscillation.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>

#include "mf-equations.h"
#include "mf-test-events.h"

/* m = 10 kg, A1 = 10 cm², A2 = 5 cm², stroke 0.2 m, dead volumes 0.05 L on
 * each side, its ports wired to nothing (blocked), at x = 0.1 m: the
 * chambers hold V1 = 0.05 L + A1·0.1 m = 0.15 L and V2 = 0.05 L +
 * A2·(0.2 − 0.1) m = 0.1 L.  With β = 1.5 GPa the oil is a spring
 * k = β (A1²/V1 + A2²/V2) = 1.5e9 · (6.6667e-3 + 2.5e-3) = 1.375e7 N/m, and
 * the piston, pushed off at 0.1 mm/s, rings at ω = √(k/m) = 1172.6 rad/s,
 * a period of 2π/ω = 5.358 ms. */
static const char blocked[] =
  "{ \"manifold\": 1, \"fluid\": { \"density\": 870, \"kinematic_viscosity\": 4.6e-5,"
  "  \"bulk_modulus\": \"1.5 GPa\" }, \"components\": ["
  "  { \"id\": \"C1\", \"type\": \"piston\", \"mass\": 10, \"cap_area\": \"10 cm^2\","
  "    \"rod_area\": \"5 cm^2\", \"stroke\": 0.2, \"cap_dead_volume\": \"0.05 L\","
  "    \"rod_dead_volume\": \"0.05 L\" } ],"
  "  \"initial\": { \"C1.x\": 0.1, \"C1.v\": 1e-4 },"
  "  \"simulation\": { \"t_end\": 0.06, \"output_interval\": 1e-5, \"method\": \"rk8pd\","
  "                  \"rtol\": 1e-10, \"atol\": 1e-14 } }";

static void
test_hydraulic_spring (void)
{
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (blocked);
  g_autoptr (GArray) log = event_log_new ();
  g_autoptr (MfTestRecording) rec = run (tc, NULL, log, NULL);
  double k = 1.5e9 * (1e-6 / 1.5e-4 + 2.5e-7 / 1e-4), period = 2.0 * G_PI / sqrt (k / 10.0);
  double first = NAN, last = NAN;
  guint crossings = 0;

  g_assert_cmpfloat_with_epsilon (period, 5.358e-3, 1e-6);
  /* the upward zero crossings of the velocity, interpolated */
  for (guint i = 1; i < mf_test_recording_n_samples (rec); i++)
    {
      double v0 = value (tc, rec, i - 1, "C1.v"), v1 = value (tc, rec, i, "C1.v");
      double t0 = mf_test_recording_time (rec, i - 1), t1 = mf_test_recording_time (rec, i);

      if (!(v0 < 0.0 && v1 >= 0.0))
        continue;
      last = t0 + (t1 - t0) * (-v0) / (v1 - v0);
      if (crossings++ == 0)
        first = last;
    }
  g_assert_cmpuint (crossings, >=, 10);
  g_test_message ("measured period %.9g s, closed form %.9g s", (last - first) / (crossings - 1),
                  period);
  g_assert_cmpfloat (fabs ((last - first) / (crossings - 1) / period - 1.0), <=, 1e-6);
  /* the chambers' pressures are the states of their nodes */
  g_assert_cmpint (mf_model_find_state (tc->model, "C1.cap.p"), >=, 0);
  g_assert_cmpint (mf_model_find_state (tc->model, "C1.rod.p"), >=, 0);
}

/* Written out, the cap chamber's node reads (V_cap + A_cap·x)/K·p' =
 * −A_cap·v, the rod's (V_rod + A_rod·(s − x))/K·p' = A_rod·v. */
static void
test_equations (void)
{
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (blocked);
  g_autoptr (MfEquations) equations = mf_equations_new (tc->model, 0);
  g_autofree char *text = mf_equations_to_plain (equations);

  g_assert_nonnull (strstr (text, "C1.cap: ((V_cap,C1 + A_cap,C1·C1.x)/K)·C1.cap.p' = "
                                  "−A_cap,C1·C1.v\n"));
  g_assert_nonnull (strstr (text, "C1.rod: ((V_rod,C1 + A_rod,C1·(s_C1 − C1.x))/K)·C1.rod.p' = "
                                  "A_rod,C1·C1.v\n"));
}

/* Without dead volumes nothing is compliant: the same piston has no
 * pressure states, as before. */
static void
test_without (void)
{
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (
    "{ \"manifold\": 1, \"components\": ["
    "  { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"10 bar\" },"
    "  { \"id\": \"C1\", \"type\": \"piston\", \"mass\": 10, \"cap_area\": \"10 cm^2\","
    "    \"rod_area\": \"5 cm^2\", \"stroke\": 0.2 } ],"
    "  \"wires\": [ [\"T1.p\", \"C1.cap\"], [\"T1.p\", \"C1.rod\"] ] }");

  g_assert_cmpuint (mf_model_n_pressures (tc->model), ==, 0);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/chambers/hydraulic-spring", test_hydraulic_spring);
  g_test_add_func ("/chambers/equations", test_equations);
  g_test_add_func ("/chambers/without", test_without);
  return g_test_run ();
}
