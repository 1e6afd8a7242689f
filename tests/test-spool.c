/* test-spool.c: the 4/3 and 4/2 directional valves (docs/model.md,
 * "Directional valves"): the paths each centre adds, their areas as the
 * spool moves, with overlap and underlap, and the flows they pass between
 * tanks against the orifice law by hand.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include "mf-simulation.h"
#include "mf-spool.h"
#include "mf-test-circuit.h"
#include "mf-test-recording.h"

#define RHO 870.0 /* the default fluid's density, kg/m³ */

/* A valve of `type` with its four ports on tanks: P at 10 bar, B at 4 bar,
 * A and T at 0; the rest of its fields in `fields`. */
static MfTestCircuit *
valve_between_tanks (const char *type, const char *fields)
{
  g_autofree char *json = g_strdup_printf (
    "{ \"manifold\": 1, \"components\": ["
    "  { \"id\": \"TP\", \"type\": \"tank\", \"pressure\": \"10 bar\" },"
    "  { \"id\": \"TA\", \"type\": \"tank\" },"
    "  { \"id\": \"TB\", \"type\": \"tank\", \"pressure\": \"4 bar\" },"
    "  { \"id\": \"TT\", \"type\": \"tank\" },"
    "  { \"id\": \"DV1\", \"type\": \"%s\", \"full_area\": \"10 mm^2\" %s } ],"
    "  \"wires\": [ [\"TP.p\", \"DV1.p\"], [\"TA.p\", \"DV1.a\"], [\"TB.p\", \"DV1.b\"],"
    "               [\"TT.p\", \"DV1.t\"] ],"
    "  \"simulation\": { \"t_end\": 0.1 } }",
    type, fields);

  return mf_test_circuit_new (json);
}

/* The area of path ID at t, m². */
static double
path_area (const MfTestCircuit *tc, const char *id, double t)
{
  const MfCircuit *circuit = mf_document_get_circuit (tc->document);
  int c = mf_circuit_find_component (circuit, id);

  g_assert_cmpint (c, >=, 0);
  return mf_component_param_at (g_ptr_array_index (circuit->components, c), MF_ORIFICE_AREA, t);
}

static void
assert_near (double value, double expected, double tolerance)
{
  if (!(fabs (value - expected) <= tolerance))
    g_error ("%.12g differs from %.12g by more than %g", value, expected, tolerance);
}

/* Closed: the four working paths alone; open joins P, A and B to T; tandem
 * P to T; float A and B to T.  A 4/2 valve has no centre.  Each path owns
 * up to its valve, and the document counts only the valve. */
static void
test_centres (void)
{
  static const struct
  {
    const char *type, *fields;
    guint       paths;
    const char *centre_path;
  } cases[] = {
    { "valve_4_3", "", 4, NULL },
    { "valve_4_3", ", \"centre\": \"open\"", 7, "DV1.c_pt" },
    { "valve_4_3", ", \"centre\": \"tandem\"", 5, "DV1.c_pt" },
    { "valve_4_3", ", \"centre\": \"float\"", 6, "DV1.c_bt" },
    { "valve_4_2", "", 4, NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (MfTestCircuit) tc = valve_between_tanks (cases[i].type, cases[i].fields);
      const MfCircuit *circuit = mf_document_get_circuit (tc->document);
      int valve = mf_circuit_find_component (circuit, "DV1");

      g_assert_cmpuint (circuit->components->len, ==, 5 + cases[i].paths);
      for (guint c = 5; c < circuit->components->len; c++)
        g_assert_cmpuint (mf_spool_owner (circuit, c), ==, (guint) valve);
      g_assert_cmpuint (mf_spool_owner (circuit, 0), ==, 0);
      g_assert_cmpint (mf_circuit_find_component (circuit, "DV1.pa"), >=, 0);
      g_assert_cmpint (mf_circuit_find_component (circuit, "DV1.at"), >=, 0);
      if (cases[i].centre_path != NULL)
        g_assert_cmpint (mf_circuit_find_component (circuit, cases[i].centre_path), >=, 0);
    }
}

/* The spool goes as s = t − 1 from −1 to 1.  With an overlap of 0.2 the
 * P→A path opens from s = 0.2 and is full at s = 1: at s = 0.6 it is
 * (0.6 − 0.2)/0.8 = half open, 5 mm²; P→B is shut there and half open at
 * s = −0.6.  In the dead band |s| < 0.2 all four are shut.  The open
 * centre's paths are 1 − |s| open: 7.5 mm² at s = ±0.25, shut at |s| = 1.
 * With an underlap of −0.25 both sides are (0 + 0.25)/1.25 = 0.2 open at
 * s = 0, 2 mm², and P→A is full at s = 1. */
static void
test_areas (void)
{
  g_autoptr (MfTestCircuit) over = valve_between_tanks (
    "valve_4_3", ", \"spool\": \"t - 1\", \"overlap\": 0.2, \"centre\": \"open\"");
  g_autoptr (MfTestCircuit) under = valve_between_tanks (
    "valve_4_3", ", \"spool\": \"t - 1\", \"overlap\": -0.25");

  assert_near (path_area (over, "DV1.pa", 1.6), 5e-6, 1e-18);
  assert_near (path_area (over, "DV1.bt", 1.6), 5e-6, 1e-18);
  g_assert_cmpfloat (path_area (over, "DV1.pb", 1.6), ==, 0.0);
  g_assert_cmpfloat (path_area (over, "DV1.at", 1.6), ==, 0.0);
  assert_near (path_area (over, "DV1.pb", 0.4), 5e-6, 1e-18);
  assert_near (path_area (over, "DV1.at", 0.4), 5e-6, 1e-18);
  g_assert_cmpfloat (path_area (over, "DV1.pa", 0.4), ==, 0.0);
  for (double t = 0.81; t < 1.2; t += 0.05)
    {
      g_assert_cmpfloat (path_area (over, "DV1.pa", t), ==, 0.0);
      g_assert_cmpfloat (path_area (over, "DV1.pb", t), ==, 0.0);
    }
  assert_near (path_area (over, "DV1.pa", 2.0), 10e-6, 1e-18);
  assert_near (path_area (over, "DV1.pa", 2.5), 10e-6, 1e-18);
  assert_near (path_area (over, "DV1.c_pt", 1.25), 7.5e-6, 1e-18);
  assert_near (path_area (over, "DV1.c_at", 0.75), 7.5e-6, 1e-18);
  g_assert_cmpfloat (path_area (over, "DV1.c_bt", 2.0), ==, 0.0);

  assert_near (path_area (under, "DV1.pa", 1.0), 2e-6, 1e-18);
  assert_near (path_area (under, "DV1.pb", 1.0), 2e-6, 1e-18);
  assert_near (path_area (under, "DV1.at", 1.0), 2e-6, 1e-18);
  assert_near (path_area (under, "DV1.pa", 2.0), 10e-6, 1e-18);
  g_assert_cmpfloat (path_area (under, "DV1.pb", 2.0), ==, 0.0);
}

/* A spool that cannot be evaluated (log of a negative number after
 * t = 0.5 s) gives areas that are not numbers either, so a run stops
 * there naming the path, instead of clamping NaN to an open valve. */
static void
test_spool_not_finite (void)
{
  g_autoptr (MfTestCircuit) tc = valve_between_tanks (
    "valve_4_3", ", \"spool\": \"log(0.5 - t)\", \"centre\": \"float\"");

  assert_near (path_area (tc, "DV1.pb", 0.0), 10e-6 * M_LN2, 1e-18);
  g_assert_true (isnan (path_area (tc, "DV1.pa", 0.6)));
  g_assert_true (isnan (path_area (tc, "DV1.pb", 0.6)));
  g_assert_true (isnan (path_area (tc, "DV1.c_at", 0.6)));
}

/* The flows between the tanks at the end of a short run, each path an
 * orifice: q = cd a √(2 Δp / ρ) with cd = 0.61, a = 10 mm².  Spool at +1:
 * P→A passes 0.61 · 1e-5 · √(2 · 10e5 / 870) = 2.9247e-4 m³/s and B→T
 * 0.61 · 1e-5 · √(2 · 4e5 / 870) = 1.8497e-4; P→B and A→T are shut.  At −1
 * P→B passes the 6 bar between P and B, A→T nothing (both at 0).  A
 * tandem centre at 0 joins P to T through its full area. */
static void
test_flows (void)
{
  static const struct
  {
    const char *type, *fields, *path;
    double      dp;
  } cases[] = {
    { "valve_4_3", ", \"spool\": 1", "DV1.pa", 10e5 },
    { "valve_4_3", ", \"spool\": 1", "DV1.bt", 4e5 },
    { "valve_4_3", ", \"spool\": 1", "DV1.pb", 0.0 },
    { "valve_4_2", ", \"spool\": -1", "DV1.pb", 6e5 },
    { "valve_4_2", ", \"spool\": -1", "DV1.at", 0.0 },
    { "valve_4_3", ", \"centre\": \"tandem\"", "DV1.c_pt", 10e5 },
    { "valve_4_3", ", \"centre\": \"tandem\"", "DV1.pa", 0.0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (MfTestCircuit) tc = valve_between_tanks (cases[i].type, cases[i].fields);
      MfSimulationOptions options;
      g_autoptr (MfTestRecording) rec = NULL;
      g_autofree char *flow = g_strdup_printf ("%s.q", cases[i].path);
      double expected = 0.61 * 10e-6 * sqrt (2.0 * cases[i].dp / RHO);

      mf_simulation_options_from_circuit (&options, mf_document_get_circuit (tc->document));
      options.rtol = 1e-10;
      options.atol = 1e-12;
      rec = mf_test_recording_simulate (tc->model, &options, NULL);
      assert_near (mf_test_recording_value (rec, mf_test_recording_n_samples (rec) - 1,
                                            mf_test_output (tc->model, flow)),
                   expected, 1e-9 * MAX (expected, 1e-9));
    }
  g_assert_cmpfloat (fabs (0.61 * 10e-6 * sqrt (2.0 * 10e5 / RHO) - 2.9247e-4), <, 1e-8);
}

static gboolean
ignore_sample (double t, guint mode, const double *outputs, gpointer data)
{
  (void) t, (void) mode, (void) outputs, (void) data;
  return TRUE;
}

/* A float centre between two tanks with hoses on A and B, its spool from
 * 0.4 to 1.03: P→B and A→T are shut from the start (their areas are 0
 * for s > 0), and the centre's paths close at s = 1.  rk8pd's Newton on
 * the algebraic flows stalls there (docs/model.md, "The oracle"); a run
 * that stops must not blame a path that is closed, whose law is not
 * evaluated: it used to name DV1.pb as "open" with an area of 0. */
static void
test_closed_path_not_blamed (void)
{
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (
    "{ \"manifold\": 1, \"components\": ["
    "  { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"20 bar\" },"
    "  { \"id\": \"T2\", \"type\": \"tank\" },"
    "  { \"id\": \"DV1\", \"type\": \"valve_4_3\", \"full_area\": \"10 mm^2\","
    "    \"spool\": \"table(t, [[0.01, 0.4], [0.02, 1.03]])\", \"centre\": \"float\" },"
    "  { \"id\": \"H1\", \"type\": \"volume\", \"volume\": \"0.3 L\" },"
    "  { \"id\": \"H2\", \"type\": \"volume\", \"volume\": \"0.15 L\" } ],"
    "  \"wires\": [ [\"T1.p\", \"DV1.p\"], [\"T2.p\", \"DV1.t\"], [\"DV1.a\", \"H1.p\"],"
    "               [\"DV1.b\", \"H2.p\"] ],"
    "  \"simulation\": { \"t_end\": 0.0196, \"output_interval\": 0.001 } }");
  MfSimulationOptions options;
  g_autoptr (GError) error = NULL;

  mf_simulation_options_from_circuit (&options, mf_document_get_circuit (tc->document));
  options.method = "rk8pd";
  options.rtol = 1e-10;
  options.atol = 1e-10;
  if (!mf_simulate (tc->model, &options, ignore_sample, NULL, NULL, NULL, &error))
    {
      g_test_message ("%s", error->message);
      g_assert_null (strstr (error->message, "'DV1.pb'"));
      g_assert_null (strstr (error->message, "'DV1.at'"));
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/spool/centres", test_centres);
  g_test_add_func ("/core/spool/areas", test_areas);
  g_test_add_func ("/core/spool/flows", test_flows);
  g_test_add_func ("/core/spool/not-finite", test_spool_not_finite);
  g_test_add_func ("/core/spool/closed-path-not-blamed", test_closed_path_not_blamed);
  return g_test_run ();
}
