/* test-model.c: assembly — nodes (and the union–find that groups ports
 * into them), states, the signs in W, and the circuits that cannot be
 * written as equations.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>

#include "mf-error.h"
#include "mf-port-nodes.h"
#include "mf-reduction.h"
#include "mf-system.h"
#include "mf-test-circuit.h"

#define AT(a, rows, i, j) ((a)[(gsize) (j) * (rows) + (i)])

/* Pump → junction J1 → piston cap; rod → pipe → tank; piston pushes a mass
 * tied to ground by a spring. */
static const char *cylinder =
  "{ \"manifold\": 1, \"components\": ["
  "  { \"id\": \"T\", \"type\": \"tank\" },"
  "  { \"id\": \"Q\", \"type\": \"flow_source\", \"flow\": \"10 L/min\" },"
  "  { \"id\": \"J1\", \"type\": \"junction\" },"
  "  { \"id\": \"C\", \"type\": \"piston\", \"mass\": 10, \"cap_area\": \"20 cm^2\","
  "    \"rod_area\": \"12 cm^2\" },"
  "  { \"id\": \"P\", \"type\": \"pipe\", \"length\": 2, \"diameter\": \"10 mm\" },"
  "  { \"id\": \"M\", \"type\": \"mass\", \"mass\": 50 },"
  "  { \"id\": \"K\", \"type\": \"spring\", \"stiffness\": 1e4 },"
  "  { \"id\": \"G\", \"type\": \"fixed\" } ],"
  "  \"wires\": [ [\"T.p\", \"Q.a\"], [\"Q.b\", \"J1.p\"], [\"J1.p\", \"C.cap\"],"
  "    [\"C.rod\", \"P.a\"], [\"P.b\", \"T.p\"], [\"C.m\", \"M.m\"], [\"M.m\", \"K.a\"],"
  "    [\"K.b\", \"G.m\"] ] }";

static void
test_nodes_and_states (void)
{
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (cylinder);
  MfModel *model = tc->model;

  /* T.p (tank), J1 (junction names it), C.rod/P.a (first port), C.m, K.b */
  g_assert_cmpuint (mf_model_n_nodes (model), ==, 5);
  g_assert_cmpstr (mf_model_node_name (model, 0), ==, "T.p");
  g_assert_cmpint (mf_model_node_kind (model, 0), ==, MF_NODE_BOUNDARY);
  g_assert_cmpstr (mf_model_node_name (model, 1), ==, "J1");
  g_assert_cmpint (mf_model_node_kind (model, 1), ==, MF_NODE_JUNCTION);
  g_assert_cmpstr (mf_model_node_name (model, 2), ==, "C.rod");
  g_assert_cmpstr (mf_model_node_name (model, 3), ==, "C.m");
  g_assert_cmpint (mf_model_node_kind (model, 3), ==, MF_NODE_MECHANICAL);

  g_assert_cmpuint (mf_model_n_velocities (model), ==, 3);
  g_assert_cmpuint (mf_model_n_positions (model), ==, 2);
  g_assert_cmpuint (mf_model_n_pressures (model), ==, 0);
  g_assert_cmpstr (mf_model_state_name (model, 0), ==, "C.v");
  g_assert_cmpstr (mf_model_state_name (model, 1), ==, "P.v");
  g_assert_cmpstr (mf_model_state_name (model, 2), ==, "M.v");
  g_assert_cmpstr (mf_model_state_name (model, 3), ==, "C.x");
  g_assert_cmpstr (mf_model_state_name (model, 4), ==, "M.x");
  /* pipe mass ρ A L with the default oil, 870 kg/m^3 */
  g_assert_cmpfloat (fabs (mf_model_velocity_mass (model, 1) - 870 * G_PI * 0.01 * 0.01 / 4 * 2),
                     <, 1e-12);
  g_assert_cmpstr (mf_model_output_name (model, mf_test_output (model, "J1.p")), ==, "J1.p");
  g_assert_cmpstr (mf_model_output_unit (model, mf_test_output (model, "C.q")), ==, "m^3/s");
}

/* Rows: J1, C.rod, then the link "C.v = M.v".  A piston enters with +A1 at
 * its cap node and −A2 at its rod node (docs/model.md, "Signs"). */
static void
test_constraint_signs (void)
{
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (cylinder);
  g_autoptr (MfReduction) red = mf_reduction_new (tc->model, 0);
  double a_pipe = G_PI * 0.01 * 0.01 / 4;

  g_assert_cmpuint (red->n_rows, ==, 3);
  g_assert_cmpstr (red->row_names[0], ==, "J1");
  g_assert_cmpstr (red->row_names[1], ==, "C.rod");
  g_assert_cmpstr (red->row_names[2], ==, "C.v = M.v");
  g_assert_cmpfloat (fabs (mf_sparse_get (red->w, 0, 0) - 20e-4), <, 1e-15);
  g_assert_cmpfloat (fabs (mf_sparse_get (red->w, 1, 0) + 12e-4), <, 1e-15);
  g_assert_cmpfloat (fabs (mf_sparse_get (red->w, 1, 1) - a_pipe), <, 1e-15);
  g_assert_cmpfloat (mf_sparse_get (red->w, 2, 0), ==, -1.0);
  g_assert_cmpfloat (mf_sparse_get (red->w, 2, 2), ==, 1.0);
  /* the pump prescribes the piston; everything else follows */
  g_assert_cmpuint (red->nullspace->rank, ==, 3);
  g_assert_cmpuint (mf_reduction_n_independent (red), ==, 0);
}

static void
assert_model_error (const char *json, int code, const char *message)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_load (json, &error);

  g_assert_null (tc->model);
  g_assert_error (error, MF_ERROR, code);
  g_assert_cmpstr (error->message, ==, message);
}

static void
test_errors (void)
{
  assert_model_error ("{ \"manifold\": 1, \"components\": ["
                      "  { \"id\": \"M\", \"type\": \"mass\", \"mass\": 1 },"
                      "  { \"id\": \"K\", \"type\": \"spring\", \"stiffness\": 10 } ],"
                      "  \"wires\": [ [\"M.m\", \"K.a\"] ] }",
                      MF_ERROR_STRUCTURE,
                      "mechanical node K.b has no mass and no fixed support: connect it to a "
                      "mass, a piston or a fixed point");
  assert_model_error ("{ \"manifold\": 1, \"components\": ["
                      "  { \"id\": \"T\", \"type\": \"tank\" },"
                      "  { \"id\": \"V\", \"type\": \"volume\", \"volume\": 1e-3 } ],"
                      "  \"wires\": [ [\"T.p\", \"V.p\"] ] }",
                      MF_ERROR_STRUCTURE,
                      "node T.p holds both tank 'T' and volume 'V': a node can have one tank, or "
                      "volumes, but not both");
  assert_model_error ("{ \"manifold\": 1, \"components\": ["
                      "  { \"id\": \"T\", \"type\": \"tank\" } ] }",
                      MF_ERROR_STRUCTURE,
                      "the circuit has nothing that moves: add a pipe, an orifice, a valve, a "
                      "piston or a mass");
  /* every value finite, but not what the equations make of them (found by
   * fuzz/fuzz-document.c: the reduction failed on the NaN) */
  assert_model_error ("{ \"manifold\": 1, \"components\": ["
                      "  { \"id\": \"T\", \"type\": \"tank\" },"
                      "  { \"id\": \"P\", \"type\": \"pipe\", \"length\": 2,"
                      "    \"diameter\": \"1.6e301 mm\" } ],"
                      "  \"wires\": [ [\"T.p\", \"P.a\"], [\"P.b\", \"T.p\"] ] }",
                      MF_ERROR_INVALID,
                      "component 'P': its values are too large to compute with (an area, a mass "
                      "or a flow coefficient made from them is not a finite number)");
  assert_model_error ("{ \"manifold\": 1, \"components\": ["
                      "  { \"id\": \"V\", \"type\": \"volume\", \"volume\": 1e-300,"
                      "    \"bulk_modulus\": 1e300 },"
                      "  { \"id\": \"P\", \"type\": \"pipe\", \"length\": 2,"
                      "    \"diameter\": 0.01 } ],"
                      "  \"wires\": [ [\"V.p\", \"P.a\"], [\"P.b\", \"V.p\"] ] }",
                      MF_ERROR_INVALID,
                      "node V.p: its volumes over their bulk moduli make a capacitance that is "
                      "not a finite positive number");
}

/* A circuit built in code has its names checked by the model; the loader
 * checks a document's names itself, each at its place (test-document.c). */
static void
test_names_in_code (void)
{
  g_autoptr (MfCircuit) circuit = mf_circuit_new ();
  g_autoptr (GError) error = NULL;
  MfInitialValue initial = { g_strdup ("M.q"), 1.0 };
  MfComponent *mass = mf_circuit_add_component (circuit, "M", MF_COMPONENT_MASS);
  MfModelFault fault = { MF_MODEL_FAULT_CIRCUIT, 7 };
  MfModel *model;

  mf_component_set_param (mass, MF_MASS_MASS, mf_expr_new_constant (1.0));
  mf_circuit_add_mode (circuit, "default");
  g_array_append_val (circuit->initial, initial);
  model = mf_model_new_located (circuit, &fault, &error);
  g_assert_null (model);
  g_assert_error (error, MF_ERROR, MF_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==,
                   "initial value for 'M.q': the circuit has no such state (its states: M.v, "
                   "M.x)");
  g_assert_cmpint (fault.kind, ==, MF_MODEL_FAULT_INITIAL);
  g_assert_cmpuint (fault.index, ==, 0);
  g_clear_error (&error);

  g_array_set_size (circuit->initial, 0);
  g_ptr_array_add (circuit->preferred_states, g_strdup ("M.v"));
  g_ptr_array_add (circuit->preferred_states, g_strdup ("M.x\x1b"));
  model = mf_model_new_located (circuit, &fault, &error);
  g_assert_null (model);
  g_assert_cmpstr (error->message, ==,
                   "preferred state 'M.x\\x1b' is not a velocity of the circuit");
  g_assert_cmpint (fault.kind, ==, MF_MODEL_FAULT_PREFERRED);
  g_assert_cmpuint (fault.index, ==, 1);
}

/* Two volumes on one node add their capacitances: V/β each. */
static void
test_volumes_add (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (
    "{ \"manifold\": 1, \"fluid\": { \"bulk_modulus\": \"1e9\" }, \"components\": ["
    "  { \"id\": \"V1\", \"type\": \"volume\", \"volume\": \"1 L\" },"
    "  { \"id\": \"V2\", \"type\": \"volume\", \"volume\": \"3 L\" },"
    "  { \"id\": \"Q\", \"type\": \"flow_source\", \"flow\": \"1e-3\" },"
    "  { \"id\": \"T\", \"type\": \"tank\" },"
    "  { \"id\": \"P\", \"type\": \"pipe\", \"length\": 1, \"diameter\": 0.01 } ],"
    "  \"wires\": [ [\"V1.p\", \"V2.p\"], [\"T.p\", \"Q.a\"], [\"Q.b\", \"V1.p\"],"
    "    [\"P.a\", \"V1.p\"], [\"P.b\", \"T.p\"] ] }");
  g_autoptr (MfSystem) sys = NULL;
  double y[2] = { 0, 0 }, dydt[2];

  g_assert_cmpuint (mf_model_n_pressures (tc->model), ==, 1);
  g_assert_cmpstr (mf_model_state_name (tc->model, 1), ==, "V1.p.p");
  sys = mf_system_new (tc->model, 0, &error);
  g_assert_no_error (error);
  /* y = [P.v; V1.p.p]; at rest the pump's 1e-3 m^3/s fills C = 4 L / 1 GPa */
  g_assert_cmpint (mf_system_rhs (0.0, y, dydt, sys), ==, 0);
  g_assert_cmpfloat (fabs (dydt[1] - 1e-3 / (4e-3 / 1e9)), <, 1e-6 * 2.5e8);
  /* and the pressure pushes the pipe: m v' = A p with no friction at rest */
  y[1] = 2e5;
  g_assert_cmpint (mf_system_rhs (0.0, y, dydt, sys), ==, 0);
  g_assert_cmpfloat (fabs (dydt[0] - 2e5 / (870.0 * 1.0)), <, 1e-9 * dydt[0]);
}

/* Sets are numbered in the order of their first items, whatever the order
 * of the joins. */
static void
test_union_find (void)
{
  MfUnionFind sets;
  guint group[7];

  mf_union_find_init (&sets, 7);
  mf_union_find_join (&sets, 5, 3);
  mf_union_find_join (&sets, 6, 1);
  mf_union_find_join (&sets, 3, 6);
  mf_union_find_join (&sets, 4, 4);
  g_assert_cmpuint (mf_union_find_number (&sets, group), ==, 4);
  mf_union_find_clear (&sets);
  /* {0}, {1, 3, 5, 6}, {2}, {4} */
  g_assert_cmpuint (group[0], ==, 0);
  g_assert_cmpuint (group[1], ==, 1);
  g_assert_cmpuint (group[2], ==, 2);
  g_assert_cmpuint (group[3], ==, 1);
  g_assert_cmpuint (group[4], ==, 3);
  g_assert_cmpuint (group[5], ==, 1);
  g_assert_cmpuint (group[6], ==, 1);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/model/nodes-and-states", test_nodes_and_states);
  g_test_add_func ("/core/model/constraint-signs", test_constraint_signs);
  g_test_add_func ("/core/model/errors", test_errors);
  g_test_add_func ("/core/model/names-in-code", test_names_in_code);
  g_test_add_func ("/core/model/volumes-add", test_volumes_add);
  g_test_add_func ("/core/model/union-find", test_union_find);
  return g_test_run ();
}
