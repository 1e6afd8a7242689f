/* test-source-feedback.c: flow sources and pumps whose flow, speed or
 * fraction follows the state (docs/model.md, "Feedback") — a
 * pressure-compensated variable pump holding its hose at the root of its
 * flow balance, a flow source that follows a piston's position (an exact
 * exponential, and the pressure its rate needs), the Jacobian against
 * central differences, and the names such a flow refuses.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include "mf-error.h"
#include "mf-simulation.h"
#include "mf-system.h"
#include "mf-test-circuit.h"
#include "mf-test-jacobian.h"

typedef struct
{
  int     output[2];
  GArray *t, *value[2];
} Trace;

static gboolean
keep_sample (double t, guint mode, const double *outputs, gpointer data)
{
  Trace *trace = data;

  g_array_append_val (trace->t, t);
  for (guint i = 0; i < 2; i++)
    g_array_append_val (trace->value[i], outputs[trace->output[i]]);
  return TRUE;
}

/* Runs `tc` with `method` and keeps two outputs at every sample. */
static Trace
run (MfTestCircuit *tc, const char *method, const char *first, const char *second,
     double t_end, double interval)
{
  MfSimulationOptions options = { method, t_end, 1e-10, 1e-10, interval, 0.0 };
  g_autoptr (GError) error = NULL;
  Trace trace = { { mf_model_find_output (tc->model, first),
                    mf_model_find_output (tc->model, second) },
                  g_array_new (FALSE, FALSE, sizeof (double)),
                  { g_array_new (FALSE, FALSE, sizeof (double)),
                    g_array_new (FALSE, FALSE, sizeof (double)) } };

  g_assert_cmpint (trace.output[0], >=, 0);
  g_assert_cmpint (trace.output[1], >=, 0);
  gboolean ok = mf_simulate (tc->model, &options, keep_sample, &trace, NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_true (ok);
  return trace;
}

static void
trace_clear (Trace *trace)
{
  g_array_unref (trace->t);
  g_array_unref (trace->value[0]);
  g_array_unref (trace->value[1]);
}

static double
last (const Trace *trace, guint i)
{
  return g_array_index (trace->value[i], double, trace->value[i]->len - 1);
}

/* ---- a pressure-compensated pump ---------------------------------------- */

/* D = 10 cm³/rev at 1500 rpm (D·n = 2.5e-4 m³/s) into a 1 L hose, which an
 * orifice of 1 mm² (c_d 0.61) drains to a tank; ρ = 870.  The pump's
 * fraction clamp((p_set − p)/Δp, 0, 1), p_set = 100 bar, Δp = 10 bar, holds
 * the hose where the flows balance,
 *   D·n·clamp((p_set − p)/Δp, 0, 1) = c_d·a·√(2p/ρ),
 * the left side falling and the right rising in p: one root in (0, p_set),
 * inside the band (about 96.4 bar), found here by bisection. */
static double
balance (double p)
{
  return 2.5e-4 * CLAMP ((100e5 - p) / 10e5, 0.0, 1.0) - 0.61 * 1e-6 * sqrt (2.0 * p / 870.0);
}

static double
balance_root (void)
{
  double lo = 0.0, hi = 100e5;

  for (guint i = 0; i < 200 && hi - lo > 1e-9; i++)
    {
      double mid = 0.5 * (lo + hi);

      if (balance (mid) > 0.0)
        lo = mid;
      else
        hi = mid;
    }
  return 0.5 * (lo + hi);
}

static const char compensated_pump[] =
  "{ \"manifold\": 1, \"fluid\": { \"density\": 870, \"kinematic_viscosity\": 4.6e-5,"
  "  \"bulk_modulus\": 1.5e9 }, \"components\": ["
  "  { \"id\": \"V1\", \"type\": \"volume\", \"volume\": \"1 L\" },"
  "  { \"id\": \"T1\", \"type\": \"tank\" },"
  "  { \"id\": \"PV1\", \"type\": \"variable_pump\", \"displacement\": \"10 cm^3/rev\","
  "    \"speed\": \"1500 rpm\", \"fraction\": \"clamp((100e5 - V1.p.p)/10e5, 0, 1)\" },"
  "  { \"id\": \"O1\", \"type\": \"orifice\", \"area\": \"1 mm^2\", \"cd\": 0.61 } ],"
  "  \"wires\": [ [\"T1.p\", \"PV1.a\"], [\"V1.p\", \"PV1.b\"], [\"V1.p\", \"O1.a\"],"
  "    [\"O1.b\", \"T1.p\"] ] }";

static void
test_compensated_pump (gconstpointer method)
{
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (compensated_pump);
  double root = balance_root ();
  Trace trace = run (tc, method, "V1.p.p", "PV1.q", 0.2, 0.01);
  Trace torque = run (tc, method, "PV1.torque", "PV1.q", 0.2, 0.01);
  double fraction = (100e5 - root) / 10e5;

  g_test_message ("%s: p = %.10g Pa, the root %.10g Pa", (const char *) method, last (&trace, 0),
                  root);
  g_assert_cmpfloat (root, >, 90e5);
  g_assert_cmpfloat (root, <, 100e5);
  g_assert_cmpfloat (fabs (last (&trace, 0) - root), <, 1e-7 * root);
  /* the pump's flow output reads the fraction at the state */
  g_assert_cmpfloat (fabs (last (&trace, 1) - 2.5e-4 * fraction), <, 1e-7 * 2.5e-4);
  /* and so does its torque, D·ε·p with D = 10 cm³/(2π rad) */
  g_assert_cmpfloat (fabs (last (&torque, 0) - 10e-6 / (2 * G_PI) * fraction * root), <,
                     1e-6 * 10e-6 / (2 * G_PI) * fraction * root);
  trace_clear (&trace);
  trace_clear (&torque);
}

/* ---- a flow that follows a position ------------------------------------- */

/* A flow source q = k (x_ref − C1.x), k = 1e-3 m³/(s·m), x_ref = 0.1 m,
 * from a tank into a 100 kg piston's cap (A = 10 cm²), its rod side at a
 * tank.  Continuity alone moves it, x' = q/A = (k/A)(x_ref − x), so from
 * rest at 0: x = x_ref (1 − e^{−t/τ}), τ = A/k = 1 s.  Its acceleration
 * v' = −x_ref/τ² e^{−t/τ} is the rate of the prescribed flow, q'/A, which
 * follows x' (the total derivative), and takes the cap pressure
 * p = m v'/A (0 if q' were taken in t alone). */
/* Beside it, a 1 L volume that a constant flow source fills and a
 * massless orifice drains: that orifice's velocity has no mass, so the
 * mode has an algebraic state and the equations go the minimal-order
 * DAE's way (mf-dae.c), which must fill the position into the state
 * before v_p reads it. */
static const char more_components[] =
  ", { \"id\": \"V2\", \"type\": \"volume\", \"volume\": \"1 L\" },"
  "  { \"id\": \"Q2\", \"type\": \"flow_source\", \"flow\": \"1e-4\" },"
  "  { \"id\": \"O3\", \"type\": \"orifice\", \"area\": \"10 mm^2\" }";
static const char more_wires[] =
  ", [\"T1.p\", \"Q2.a\"], [\"V2.p\", \"Q2.b\"], [\"V2.p\", \"O3.a\"], [\"O3.b\", \"T1.p\"]";
static const char more_initial[] = ", \"initial\": { \"V2.p.p\": 1e5 }";

typedef struct
{
  const char *method;
  const char *more; /* components and wires apart from the piston's */
} PositionRun;

static void
test_position_source (gconstpointer data)
{
  const PositionRun *r = data;
  g_autofree char *json = g_strdup_printf (
    "{ \"manifold\": 1, \"components\": ["
    "  { \"id\": \"T1\", \"type\": \"tank\" },"
    "  { \"id\": \"Q1\", \"type\": \"flow_source\", \"flow\": \"1e-3*(0.1 - C1.x)\" },"
    "  { \"id\": \"C1\", \"type\": \"piston\", \"mass\": 100, \"cap_area\": \"10 cm^2\","
    "    \"rod_area\": \"5 cm^2\" } %s ],"
    "  \"wires\": [ [\"T1.p\", \"Q1.a\"], [\"Q1.b\", \"C1.cap\"], [\"C1.rod\", \"T1.p\"] %s ] %s }",
    r->more != NULL ? r->more : "", r->more != NULL ? more_wires : "",
    r->more != NULL ? more_initial : "");
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (json);
  Trace trace = run (tc, r->method, "C1.x", "Q1.b.p", 3.0, 0.05);
  guint checked = 0;

  for (guint i = 0; i < trace.t->len; i++)
    {
      double t = g_array_index (trace.t, double, i);
      double x = g_array_index (trace.value[0], double, i);
      double p = g_array_index (trace.value[1], double, i);
      double decay = exp (-t);

      g_assert_cmpfloat (fabs (x - 0.1 * (1.0 - decay)), <, 5e-8);
      g_assert_cmpfloat (fabs (p - 100.0 * (-0.1 * decay) / 1e-3), <, 1e-6 * 1e4);
      checked++;
    }
  g_assert_cmpuint (checked, >, 50);
  trace_clear (&trace);
}

/* The same circuits evaluated at points far apart, one after the other:
 * x' = (k/A)(x_ref − x) at each point's own x, so v_p reads the position
 * of the point it is evaluated at, not one left from before. */
static void
test_position_rates (gconstpointer more)
{
  g_autofree char *json = g_strdup_printf (
    "{ \"manifold\": 1, \"components\": ["
    "  { \"id\": \"T1\", \"type\": \"tank\" },"
    "  { \"id\": \"Q1\", \"type\": \"flow_source\", \"flow\": \"1e-3*(0.1 - C1.x)\" },"
    "  { \"id\": \"C1\", \"type\": \"piston\", \"mass\": 100, \"cap_area\": \"10 cm^2\","
    "    \"rod_area\": \"5 cm^2\" } %s ],"
    "  \"wires\": [ [\"T1.p\", \"Q1.a\"], [\"Q1.b\", \"C1.cap\"], [\"C1.rod\", \"T1.p\"] %s ] }",
    more != NULL ? (const char *) more : "", more != NULL ? more_wires : "");
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (json);
  g_autoptr (GError) error = NULL;
  MfSystem *sys = mf_system_new (tc->model, 0, &error);
  guint n_u = mf_model_n_states (tc->model), n, ix = G_MAXUINT;
  guint x_state = (guint) mf_model_find_state (tc->model, "C1.x");
  guint v_state = (guint) mf_model_find_state (tc->model, "C1.v");
  g_autofree double *u = g_new0 (double, n_u);
  g_autofree double *y = NULL, *dydt = NULL;
  const double points[] = { 0.03, 0.07, -0.02 };

  g_assert_no_error (error);
  n = mf_system_dimension (sys);
  /* x alone; or, beside it, V2.p with O3's velocity algebraic (a DAE) */
  g_assert_cmpuint (n, ==, more != NULL ? 2 : 1);
  y = g_new0 (double, n);
  dydt = g_new0 (double, n);
  for (guint i = 0; i < n; i++)
    if (mf_system_state (sys, i) == x_state)
      ix = i;
  g_assert_cmpuint (ix, <, n);
  if (more != NULL)
    u[mf_model_find_state (tc->model, "V2.p.p")] = 1e5;
  mf_system_reduce (sys, 0.0, u, y);
  for (guint i = 0; i < G_N_ELEMENTS (points); i++)
    {
      y[ix] = points[i];
      g_assert_cmpint (mf_system_rhs (0.0, y, dydt, sys), ==, 0);
      g_assert_cmpfloat (fabs (dydt[ix] - (0.1 - points[i])), <, 1e-12);
      mf_system_expand (sys, 0.0, y, u);
      g_assert_cmpfloat (fabs (u[v_state] - (0.1 - points[i])), <, 1e-12);
    }
  mf_system_free (sys);
}

/* ---- the Jacobian -------------------------------------------------------- */

/* A flow source q = 2e-4·clamp(1 − 5 C1.x, 0, 1)·(1 + V1.p²/1e12) into a
 * junction with a 5 kg cylinder's cap and an orifice O1 to a 0.2 L
 * volume, drained by O2 (both orifices with a mass: an ODE, whose analytic
 * Jacobian mf_system_jacobian() gives); a variable pump whose
 * fraction follows V1.p feeds the volume too (a pump's flow passes its
 * own inner node: another q_s), and a flow source 1e-5·√(C1.x·V1.p/1e5)
 * straight into it (a flow into a volume, in p').  Every term a q_s that
 * follows the state adds: v_p(x, p) in the velocities, −αᵀ M v_p' with its
 * second derivatives, and a pump's flow in p'. */
static void
test_jacobian (void)
{
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (
    "{ \"manifold\": 1, \"components\": ["
    "  { \"id\": \"V1\", \"type\": \"volume\", \"volume\": \"0.2 L\" },"
    "  { \"id\": \"T1\", \"type\": \"tank\" },"
    "  { \"id\": \"Q1\", \"type\": \"flow_source\","
    "    \"flow\": \"2e-4*clamp(1 - 5*C1.x, 0, 1)*(1 + V1.p.p*V1.p.p/1e12)\" },"
    "  { \"id\": \"J1\", \"type\": \"junction\" },"
    "  { \"id\": \"C1\", \"type\": \"piston\", \"mass\": 5, \"cap_area\": \"10 cm^2\","
    "    \"rod_area\": \"5 cm^2\" },"
    "  { \"id\": \"O1\", \"type\": \"orifice\", \"area\": \"20 mm^2\", \"mass\": 0.01 },"
    "  { \"id\": \"O2\", \"type\": \"orifice\", \"area\": \"5 mm^2\", \"mass\": 0.02 },"
    "  { \"id\": \"PV1\", \"type\": \"variable_pump\", \"displacement\": \"1 cm^3/rev\","
    "    \"speed\": \"1500 rpm\", \"fraction\": \"clamp((10e5 - V1.p.p)/10e5, 0, 1)\" },"
    "  { \"id\": \"Q2\", \"type\": \"flow_source\", \"flow\": \"1e-5*sqrt(C1.x*V1.p.p/1e5)\" } ],"
    "  \"wires\": [ [\"T1.p\", \"Q1.a\"], [\"Q1.b\", \"J1.p\"], [\"J1.p\", \"C1.cap\"],"
    "    [\"J1.p\", \"O1.a\"], [\"V1.p\", \"O1.b\"], [\"V1.p\", \"O2.a\"], [\"O2.b\", \"T1.p\"],"
    "    [\"C1.rod\", \"T1.p\"], [\"T1.p\", \"PV1.a\"], [\"V1.p\", \"PV1.b\"],"
    "    [\"T1.p\", \"Q2.a\"], [\"Q2.b\", \"V1.p\"] ] }");
  g_autoptr (GError) error = NULL;
  MfSystem *sys = mf_system_new (tc->model, 0, &error);
  guint n_u = mf_model_n_states (tc->model), n;
  g_autofree double *u = g_new0 (double, n_u);
  g_autofree double *y = NULL;

  g_assert_no_error (error);
  n = mf_system_dimension (sys);
  /* an ODE (every velocity has a mass): C1.v or O1.v, O2.v, C1.x, V1.p */
  g_assert_cmpuint (n, ==, 4);
  y = g_new0 (double, n);
  u[mf_model_find_state (tc->model, "C1.v")] = 0.03;
  u[mf_model_find_state (tc->model, "O2.v")] = 5.0;
  u[mf_model_find_state (tc->model, "C1.x")] = 0.05;
  u[mf_model_find_state (tc->model, "V1.p.p")] = 4e5;
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
    "  { \"id\": \"T1\", \"type\": \"tank\" },"
    "  { \"id\": \"C1\", \"type\": \"piston\", \"mass\": 1, \"cap_area\": \"10 cm^2\","
    "    \"rod_area\": \"5 cm^2\" },"
    "  %s ],"
    "  \"wires\": [ [\"T1.p\", \"X1.a\"], [\"X1.b\", \"C1.cap\"], [\"C1.rod\", \"T1.p\"] ] }",
    component);
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
  assert_refused ("{ \"id\": \"X1\", \"type\": \"flow_source\", \"flow\": \"1e-4*C1.v\" }",
                  "component 'X1': a flow source's flow and a pump's speed and fraction may "
                  "use positions and pressures but not a velocity such as C1.v");
  assert_refused ("{ \"id\": \"X1\", \"type\": \"variable_pump\", \"displacement\": "
                  "\"1 cm^3/rev\", \"speed\": \"1500 rpm\", \"fraction\": \"clamp(C1.v, 0, 1)\" }",
                  "not a velocity such as C1.v");
  assert_refused ("{ \"id\": \"X1\", \"type\": \"pump\", \"displacement\": \"1 cm^3/rev\","
                  " \"speed\": \"100*(1 - C2.x)\" }",
                  "component 'X1': its value uses 'C2.x', which is no position, velocity or "
                  "pressure of this circuit (did you mean 'C1.x'?)");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_data_func ("/source-feedback/compensated-pump/auto", "auto", test_compensated_pump);
  g_test_add_data_func ("/source-feedback/compensated-pump/msbdf", "msbdf",
                        test_compensated_pump);
  g_test_add_data_func ("/source-feedback/compensated-pump/rkf45", "rkf45",
                        test_compensated_pump);
  {
    static const PositionRun runs[] = {
      { "auto", NULL }, { "rk4imp", NULL }, { "auto", more_components },
      { "msbdf", more_components },
    };
    static const char *const paths[] = {
      "/source-feedback/position-source/auto", "/source-feedback/position-source/rk4imp",
      "/source-feedback/position-source/dae-auto", "/source-feedback/position-source/dae-msbdf",
    };

    for (guint i = 0; i < G_N_ELEMENTS (runs); i++)
      g_test_add_data_func (paths[i], &runs[i], test_position_source);
  }
  g_test_add_data_func ("/source-feedback/position-rates/ode", NULL, test_position_rates);
  g_test_add_data_func ("/source-feedback/position-rates/dae", more_components,
                        test_position_rates);
  g_test_add_func ("/source-feedback/jacobian", test_jacobian);
  g_test_add_func ("/source-feedback/refusals", test_refusals);
  return g_test_run ();
}
