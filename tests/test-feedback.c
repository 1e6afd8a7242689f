/* test-feedback.c: values that use the run's quantities by name
 * (docs/model.md, "Feedback") — the names and clamp() of the expression
 * language with their exact derivatives, a force −k·x on a mass that
 * oscillates at √(k/m), a cylinder whose 4/3 valve follows its position
 * error (the saturated speed, then an exact exponential), the analytic
 * Jacobian against differences, and the names a circuit refuses.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include "mf-error.h"
#include "mf-expr.h"
#include "mf-reduction.h"
#include "mf-simulation.h"
#include "mf-structural.h"
#include "mf-system.h"
#include "mf-test-circuit.h"
#include "mf-test-jacobian.h"

/* ---- the expression language ------------------------------------------ */

static MfExpr *
parse_ok (const char *text)
{
  g_autoptr (GError) error = NULL;
  MfExpr *expr = mf_expr_parse (text, NULL, NULL, &error);

  g_assert_no_error (error);
  return expr;
}

/* clamp(0.5·(0.2 − x)/0.01, −1, 1) = clamp(10 − 50x, −1, 1): at x = 0.19
 * it is 0.5 with ∂/∂x = −50; at x = 0.1 it is held at 1, slope 0. */
static void
test_names (void)
{
  g_autoptr (MfExpr) e = parse_ok ("clamp(0.5*(0.2 - C1.x)/0.01, -1, 1) + 0*P1.b.p + 0*C1.x");
  double u[3] = { 0.0, 0.19, 3.0 };
  double du[3] = { 0.0, 2.0, 0.0 };
  double value, rate;

  g_assert_false (mf_expr_is_constant (e));
  g_assert_cmpuint (mf_expr_n_names (e), ==, 2);
  g_assert_cmpstr (mf_expr_name (e, 0), ==, "C1.x");
  g_assert_cmpstr (mf_expr_name (e, 1), ==, "P1.b.p");
  /* unbound names are not numbers */
  g_assert_true (isnan (mf_expr_eval (e, 0.0)));

  mf_expr_bind (e, 0, 1);
  mf_expr_bind (e, 1, 2);
  g_assert_cmpfloat_with_epsilon (mf_expr_eval_at (e, 0.0, u), 0.5, 1e-12);
  g_assert_cmpfloat_with_epsilon (mf_expr_partial (e, 0.0, u, 0), -50.0, 1e-9);
  g_assert_cmpfloat (mf_expr_partial (e, 0.0, u, 1), ==, 0.0);
  /* along x' = 2: d/dt = −50 · 2 */
  mf_expr_eval_along (e, 0.0, u, 1.0, du, &value, &rate);
  g_assert_cmpfloat_with_epsilon (rate, -100.0, 1e-9);
  u[1] = 0.1;
  g_assert_cmpfloat (mf_expr_eval_at (e, 0.0, u), ==, 1.0);
  g_assert_cmpfloat (mf_expr_partial (e, 0.0, u, 0), ==, 0.0);

  /* a copy keeps its names and bindings; a fixed value reads no state
   * (u now holds x = 0.1, the copy 0.19) */
  {
    g_autoptr (MfExpr) copy = mf_expr_copy (e);

    mf_expr_bind_value (copy, 0, 0.19);
    g_assert_cmpfloat_with_epsilon (mf_expr_eval_at (copy, 0.0, u), 0.5, 1e-12);
    g_assert_cmpuint (mf_expr_binding (copy, 1), ==, 2);
  }
}

/* clamp with a moving bound: clamp(t, 0, 2 − t) is t up to t = 1, then 2 − t */
static void
test_clamp (void)
{
  g_autoptr (MfExpr) e = parse_ok ("clamp(t, 0, 2 - t)");
  double value, rate;

  mf_expr_eval_with_derivative (e, 0.5, &value, &rate);
  g_assert_cmpfloat (value, ==, 0.5);
  g_assert_cmpfloat (rate, ==, 1.0);
  mf_expr_eval_with_derivative (e, 1.5, &value, &rate);
  g_assert_cmpfloat (value, ==, 0.5);
  g_assert_cmpfloat (rate, ==, -1.0);
  g_assert_cmpfloat (mf_expr_eval (e, -1.0), ==, 0.0);
  {
    g_autoptr (MfExpr) bad = parse_ok ("clamp(sqrt(-t), 0, 1)");

    g_assert_true (isnan (mf_expr_eval (bad, 1.0)));
  }
}

static void
assert_parse_fails (const char *text, const char *fragment, gsize at)
{
  g_autoptr (GError) error = NULL;
  gsize offset = 0;
  g_autoptr (MfExpr) e = mf_expr_parse (text, NULL, &offset, &error);

  g_assert_null (e);
  g_assert_error (error, MF_ERROR, MF_ERROR_SYNTAX);
  g_test_message ("%s: %s", text, error->message);
  g_assert_nonnull (strstr (error->message, fragment));
  g_assert_cmpuint (offset, ==, at);
}

static void
test_bad_names (void)
{
  assert_parse_fails ("2*C1.y", "'C1.y' is not a quantity", 2);
  assert_parse_fails ("clamp(C1.x, 0)", "'clamp' takes 3 arguments", 0);
  assert_parse_fails ("C1.sin(1)", "unknown function", 0);
}

/* ---- runs --------------------------------------------------------------- */

typedef struct
{
  int     x; /* output index */
  GArray *t, *value;
} Trace;

static gboolean
keep_sample (double t, guint mode, const double *outputs, gpointer data)
{
  Trace *trace = data;

  g_array_append_val (trace->t, t);
  g_array_append_val (trace->value, outputs[trace->x]);
  return TRUE;
}

static Trace
run (MfTestCircuit *tc, const char *output, double t_end, double interval)
{
  MfSimulationOptions options = { "msbdf", t_end, 1e-10, 1e-13, interval, 0.0 };
  g_autoptr (GError) error = NULL;
  Trace trace = { mf_model_find_output (tc->model, output),
                  g_array_new (FALSE, FALSE, sizeof (double)),
                  g_array_new (FALSE, FALSE, sizeof (double)) };

  g_assert_cmpint (trace.x, >=, 0);
  g_assert_true (mf_simulate (tc->model, &options, keep_sample, &trace, NULL, NULL, &error));
  g_assert_no_error (error);
  return trace;
}

static void
trace_clear (Trace *trace)
{
  g_array_unref (trace->t);
  g_array_unref (trace->value);
}

/* m x'' = −k x with m = 2 kg, k = 800 N/m: ω = √(k/m) = 20 rad/s, and from
 * x = 10 mm at rest x(t) = 0.01 cos(20 t).  Matching x to 1e-6 of its
 * amplitude over three periods (T = π/10 s) matches the period to better
 * than 1e-6 of itself. */
static void
test_oscillator (void)
{
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (
    "{ \"manifold\": 1, \"components\": ["
    "  { \"id\": \"M1\", \"type\": \"mass\", \"mass\": \"2 kg\" },"
    "  { \"id\": \"F1\", \"type\": \"force\", \"force\": \"-800*M1.x\" } ],"
    "  \"wires\": [ [\"M1.m\", \"F1.m\"] ], \"initial\": { \"M1.x\": 0.01 } }");
  Trace trace = run (tc, "M1.x", 3 * G_PI / 10, G_PI / 200);

  g_assert_cmpuint (trace.t->len, >, 60);
  for (guint i = 0; i < trace.t->len; i++)
    {
      double t = g_array_index (trace.t, double, i);
      double x = g_array_index (trace.value, double, i);

      g_assert_cmpfloat (fabs (x - 0.01 * cos (20.0 * t)), <, 1e-8);
    }
  trace_clear (&trace);
}

/* A massless cylinder (cap A1 = 10 cm², annulus A2 = 5 cm², no friction)
 * between a critically lapped 4/3 valve (paths of a = 10 mm² · s, cd 0.6)
 * fed from a tank at PS = 10 bar, its return to a tank at 0, ρ = 1000.
 * With the spool s > 0 the flow A1 v passes P→A and A2 v passes B→T, each
 * with Δp = ρ/2 (Q/(cd a))², and the massless piston balances
 *   (PS − ρ/2 (A1 v/(cd a))²) A1 = ρ/2 (A2 v/(cd a))² A2,
 * so v = c · a with c = cd √(2 PS A1 / (ρ (A1³ + A2³))) = 25 298.6 1/(m s).
 * With s = clamp(G (x_ref − x), −1, 1), G = 50/m, x_ref = 0.1 m: from x = 0
 * the spool stays at 1 and the piston moves at V = c · 10 mm² = 0.253 m/s
 * until x1 = x_ref − 1/G = 0.08 m (t1 = x1/V); then v = V G (x_ref − x),
 * so x_ref − x = (1/G) e^{−V G (t − t1)} exactly. */
static void
test_position_control (void)
{
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (
    "{ \"manifold\": 1, \"fluid\": { \"density\": 1000, \"kinematic_viscosity\": 1e-5,"
    "  \"bulk_modulus\": 2.2e9 }, \"components\": ["
    "  { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"10 bar\" },"
    "  { \"id\": \"T2\", \"type\": \"tank\" },"
    "  { \"id\": \"DV1\", \"type\": \"valve_4_3\", \"full_area\": \"10 mm^2\", \"cd\": 0.6,"
    "    \"spool\": \"clamp(50*(0.1 - C1.x), -1, 1)\" },"
    "  { \"id\": \"C1\", \"type\": \"piston\", \"mass\": 0, \"cap_area\": \"10 cm^2\","
    "    \"rod_area\": \"5 cm^2\" } ],"
    "  \"wires\": [ [\"T1.p\", \"DV1.p\"], [\"DV1.t\", \"T2.p\"], [\"DV1.a\", \"C1.cap\"],"
    "    [\"DV1.b\", \"C1.rod\"] ] }");
  double a1 = 1e-3, a2 = 5e-4;
  double c = 0.6 * sqrt (2.0 * 1e6 * a1 / (1000.0 * (pow (a1, 3) + pow (a2, 3))));
  double speed = c * 1e-5, t1 = 0.08 / speed;
  Trace trace = run (tc, "C1.x", 0.8, 0.01);
  guint saturated = 0, approaching = 0;

  for (guint i = 0; i < trace.t->len; i++)
    {
      double t = g_array_index (trace.t, double, i);
      double x = g_array_index (trace.value, double, i);
      double expected = t <= t1 ? speed * t : 0.1 - 0.02 * exp (-speed * 50.0 * (t - t1));

      g_assert_cmpfloat (fabs (x - expected), <, 1e-7);
      if (t <= t1)
        saturated++;
      else
        approaching++;
    }
  g_assert_cmpuint (saturated, >, 20);
  g_assert_cmpuint (approaching, >, 20);
  trace_clear (&trace);
}

/* ---- the structure ------------------------------------------------------- */

/* Whether the incidence of the first mode of `tc` has an equation whose
 * name starts with `equation` depend on `unknown`. */
static gboolean
incidence_has (const MfTestCircuit *tc, const char *equation, const char *unknown)
{
  g_autoptr (MfReduction) red = mf_reduction_new (tc->model, 0);
  g_autoptr (MfStructural) s = mf_structural_new_for_mode (tc->model, red);
  const MfIncidence *inc = s->incidence;

  for (guint i = 0; i < mf_incidence_n_equations (inc); i++)
    if (g_str_has_prefix (mf_incidence_equation_name (inc, i), equation))
      for (guint p = inc->matrix->start[i]; p < inc->matrix->start[i + 1]; p++)
        if (g_str_equal (mf_incidence_unknown_name (inc, inc->matrix->col[p]), unknown))
          return TRUE;
  return FALSE;
}

/* The structure reads the equations at a generic state where positions are
 * 0: there a clamp is held at a bound (slope 0), yet the value couples the
 * quantities wherever it is not, so the name is in the pattern. */
static void
test_structure (void)
{
  g_autoptr (MfTestCircuit) spring = mf_test_circuit_new (
    "{ \"manifold\": 1, \"components\": ["
    "  { \"id\": \"M1\", \"type\": \"mass\", \"mass\": \"2 kg\" },"
    "  { \"id\": \"F1\", \"type\": \"force\","
    "    \"force\": \"-800*clamp(M1.x - 0.5, 0, 1)\" } ],"
    "  \"wires\": [ [\"M1.m\", \"F1.m\"] ] }");
  g_autoptr (MfTestCircuit) loop = mf_test_circuit_new (
    "{ \"manifold\": 1, \"components\": ["
    "  { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"10 bar\" },"
    "  { \"id\": \"T2\", \"type\": \"tank\" },"
    "  { \"id\": \"DV1\", \"type\": \"valve_4_3\", \"full_area\": \"10 mm^2\","
    "    \"spool\": \"clamp(50*(0.1 - C1.x), -1, 1)\" },"
    "  { \"id\": \"C1\", \"type\": \"piston\", \"mass\": \"1 kg\","
    "    \"cap_area\": \"10 cm^2\", \"rod_area\": \"5 cm^2\" } ],"
    "  \"wires\": [ [\"T1.p\", \"DV1.p\"], [\"DV1.t\", \"T2.p\"], [\"DV1.a\", \"C1.cap\"],"
    "    [\"DV1.b\", \"C1.rod\"] ] }");

  g_assert_true (incidence_has (spring, "M1 momentum", "M1.x"));
  /* the valve's paths ("DV1.PA law", ...) read the piston's place */
  g_assert_true (incidence_has (loop, "DV1.", "C1.x"));
}

/* ---- the Jacobian -------------------------------------------------------- */

/* A 10 bar tank through O1 (area 20 mm² · clamp(1 − 5 C1.x, 0.1, 1)) into
 * a 0.2 L volume on a 5 kg cylinder's cap, pushed back by a force
 * −2000 C1.x − 50 C1.v + 1e-4 O1.b.p: every kind of name in F. */
static void
test_jacobian (void)
{
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (
    "{ \"manifold\": 1, \"components\": ["
    "  { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"10 bar\" },"
    "  { \"id\": \"O1\", \"type\": \"orifice\", \"area\": \"20e-6*clamp(1 - 5*C1.x, 0.1, 1)\","
    "    \"mass\": 0.01 },"
    "  { \"id\": \"V1\", \"type\": \"volume\", \"volume\": \"0.2 L\" },"
    "  { \"id\": \"C1\", \"type\": \"piston\", \"mass\": 5, \"cap_area\": \"10 cm^2\","
    "    \"rod_area\": \"5 cm^2\" },"
    "  { \"id\": \"T2\", \"type\": \"tank\" },"
    "  { \"id\": \"F1\", \"type\": \"force\", \"force\": \"-2000*C1.x - 50*C1.v + 1e-4*O1.b.p\" } ],"
    "  \"wires\": [ [\"T1.p\", \"O1.a\"], [\"O1.b\", \"V1.p\"], [\"V1.p\", \"C1.cap\"],"
    "    [\"C1.rod\", \"T2.p\"], [\"C1.m\", \"F1.m\"] ] }");
  g_autoptr (GError) error = NULL;
  MfSystem *sys = mf_system_new (tc->model, 0, &error);
  guint n_u = mf_model_n_states (tc->model), n;
  g_autofree double *u = g_new0 (double, n_u);
  g_autofree double *y = NULL;

  g_assert_no_error (error);
  n = mf_system_dimension (sys);
  y = g_new0 (double, n);
  u[mf_model_find_state (tc->model, "O1.v")] = 1.2;
  u[mf_model_find_state (tc->model, "C1.v")] = 0.3;
  u[mf_model_find_state (tc->model, "C1.x")] = 0.05;
  u[mf_model_find_state (tc->model, "O1.b.p")] = 4e5;
  mf_system_reduce (sys, 0.0, u, y);
  mf_test_assert_jacobian (sys, y);
  mf_system_free (sys);
}

/* ---- refusals ------------------------------------------------------------ */

static void
assert_refused (const char *component, const char *fragment)
{
  g_autofree char *json = g_strdup_printf (
    "{ \"manifold\": 1, \"components\": ["
    "  { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"10 bar\" },"
    "  { \"id\": \"J1\", \"type\": \"junction\" },"
    "  { \"id\": \"P1\", \"type\": \"pipe\", \"length\": 1, \"diameter\": 0.01 },"
    "  %s,"
    "  { \"id\": \"T2\", \"type\": \"tank\" } ],"
    "  \"wires\": [ [\"T1.p\", \"P1.a\"], [\"P1.b\", \"J1.p\"], [\"J1.p\", \"X1.a\"],"
    "    [\"X1.b\", \"T2.p\"] ] }", component);
  g_autoptr (GError) error = NULL;
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_load (json, &error);

  g_assert_null (tc->model);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, fragment));
}

static void
test_refusals (void)
{
  assert_refused ("{ \"id\": \"X1\", \"type\": \"orifice\", \"area\": \"1e-5*J1.p/1e6\" }",
                  "J1.p is the pressure of a junction, fixed by the constraints");
  assert_refused ("{ \"id\": \"X1\", \"type\": \"orifice\", \"area\": \"1e-5*(1 + P1.x)\" }",
                  "did you mean 'P1.v'?");
  assert_refused ("{ \"id\": \"X1\", \"type\": \"flow_source\", \"flow\": \"1e-4*P1.v\" }",
                  "not a velocity such as P1.v");
  /* a tank's constant pressure is a value of its own */
  {
    g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (
      "{ \"manifold\": 1, \"components\": ["
      "  { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"10 bar\" },"
      "  { \"id\": \"O1\", \"type\": \"orifice\", \"area\": \"1e-5*T1.p.p/1e6\" },"
      "  { \"id\": \"T2\", \"type\": \"tank\" } ],"
      "  \"wires\": [ [\"T1.p\", \"O1.a\"], [\"O1.b\", \"T2.p\"] ] }");

    g_assert_nonnull (tc->model);
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/feedback/names", test_names);
  g_test_add_func ("/feedback/clamp", test_clamp);
  g_test_add_func ("/feedback/bad-names", test_bad_names);
  g_test_add_func ("/feedback/oscillator", test_oscillator);
  g_test_add_func ("/feedback/position-control", test_position_control);
  g_test_add_func ("/feedback/jacobian", test_jacobian);
  g_test_add_func ("/feedback/structure", test_structure);
  g_test_add_func ("/feedback/refusals", test_refusals);
  return g_test_run ();
}
