/* test-reduction.c: the structure of a mode — which states are integrated,
 * what is redundant or undetermined, when M̄ is singular — in numbers and in
 * the words a user reads.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>

#include "mf-reduction.h"
#include "mf-test-circuit.h"

/* Three pipes of different lengths (so masses) meet at J. */
#define THREE_PIPES(extra)                                                            \
  "{ \"manifold\": 1, " extra " \"components\": ["                                    \
  "  { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"10 bar\" },"               \
  "  { \"id\": \"T2\", \"type\": \"tank\", \"pressure\": \"5 bar\" },"                \
  "  { \"id\": \"T3\", \"type\": \"tank\" },"                                         \
  "  { \"id\": \"P1\", \"type\": \"pipe\", \"length\": 1, \"diameter\": \"10 mm\" }," \
  "  { \"id\": \"P2\", \"type\": \"pipe\", \"length\": 3, \"diameter\": \"10 mm\" }," \
  "  { \"id\": \"P3\", \"type\": \"pipe\", \"length\": 2, \"diameter\": \"10 mm\" }," \
  "  { \"id\": \"J\", \"type\": \"junction\" } ],"                                    \
  "  \"wires\": [ [\"T1.p\", \"P1.a\"], [\"T2.p\", \"P2.a\"], [\"P1.b\", \"J.p\"],"    \
  "    [\"P2.b\", \"J.p\"], [\"J.p\", \"P3.a\"], [\"P3.b\", \"T3.p\"] ] }"

static MfReduction *
reduce (const char *json, guint mode, MfTestCircuit **tc)
{
  *tc = mf_test_circuit_new (json);
  return mf_reduction_new ((*tc)->model, mode);
}

static void
test_heaviest_are_independent (void)
{
  g_autoptr (MfTestCircuit) tc = NULL;
  g_autoptr (MfReduction) red = reduce (THREE_PIPES (""), 0, &tc);

  g_assert_cmpuint (red->n_rows, ==, 1);
  g_assert_cmpuint (red->nullspace->rank, ==, 1);
  g_assert_cmpuint (mf_reduction_n_independent (red), ==, 2);
  /* P2 (3 m) and P3 (2 m) carry the most fluid; P1 follows from continuity */
  g_assert_cmpstr (mf_model_state_name (tc->model, red->nullspace->independent[0]), ==, "P2.v");
  g_assert_cmpstr (mf_model_state_name (tc->model, red->nullspace->independent[1]), ==, "P3.v");
  g_assert_cmpstr (mf_model_state_name (tc->model, red->nullspace->dependent[0]), ==, "P1.v");
  g_assert_false (red->mass_singular);
  g_assert_cmpint (red->index, ==, 0);
  g_assert_cmpint (red->index_lagrange, ==, 2);
  g_assert_true (red->row_determined[0]);
  g_assert_cmpuint (red->problems->len, ==, 0);
}

static void
test_pinned_state (void)
{
  g_autoptr (MfTestCircuit) tc = NULL;
  g_autoptr (MfReduction) red = reduce (THREE_PIPES ("\"prefer_states\": [\"P1.v\"],"), 0, &tc);

  g_assert_cmpstr (mf_model_state_name (tc->model, red->nullspace->independent[0]), ==, "P1.v");
  g_assert_cmpstr (mf_model_state_name (tc->model, red->nullspace->independent[1]), ==, "P2.v");
  g_assert_cmpstr (mf_model_state_name (tc->model, red->nullspace->dependent[0]), ==, "P3.v");
}

/* Valves V1 and V2 on either side of J3; a pipe beside them keeps something
 * moving.  Shutting both leaves J3 between two closed valves: its pressure,
 * and the force each valve holds, can be anything. */
static const char *pocket =
  "{ \"manifold\": 1, \"components\": ["
  "  { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"10 bar\" },"
  "  { \"id\": \"T2\", \"type\": \"tank\" },"
  "  { \"id\": \"V1\", \"type\": \"valve\", \"area\": 1e-5, \"mass\": 0.01 },"
  "  { \"id\": \"J3\", \"type\": \"junction\" },"
  "  { \"id\": \"V2\", \"type\": \"valve\", \"area\": 1e-5, \"mass\": 0.01 },"
  "  { \"id\": \"P\", \"type\": \"pipe\", \"length\": 1, \"diameter\": 0.01 } ],"
  "  \"wires\": [ [\"T1.p\", \"V1.a\"], [\"V1.b\", \"J3.p\"], [\"J3.p\", \"V2.a\"],"
  "    [\"V2.b\", \"T2.p\"], [\"T1.p\", \"P.a\"], [\"P.b\", \"T2.p\"] ],"
  "  \"modes\": [ { \"name\": \"open\", \"closed\": [] },"
  "    { \"name\": \"shut\", \"closed\": [\"V1\", \"V2\"] } ] }";

static void
test_closed_pocket (void)
{
  g_autoptr (MfTestCircuit) tc = NULL;
  g_autoptr (MfReduction) open = reduce (pocket, 0, &tc);
  g_autoptr (MfReduction) shut = mf_reduction_new (tc->model, 1);

  g_assert_cmpuint (open->n_rows, ==, 1);
  g_assert_true (open->row_determined[0]);

  g_assert_cmpuint (shut->n_rows, ==, 3);
  g_assert_cmpstr (shut->row_names[1], ==, "V1 closed");
  g_assert_cmpuint (shut->nullspace->rank, ==, 2);
  for (guint r = 0; r < 3; r++)
    g_assert_false (shut->row_determined[r]);
  g_assert_cmpuint (shut->problems->len, ==, 4);
  g_assert_cmpstr (shut->problems->pdata[0], ==,
                   "1 of 3 constraints are redundant (V2 closed): W has rank 2");
  g_assert_cmpstr (shut->problems->pdata[1], ==,
                   "node J3 touches only closed valves: its pressure is undetermined");
  g_assert_cmpstr (shut->problems->pdata[2], ==,
                   "the force held by constraint 'V1 closed' is undetermined");
  /* the pipe alone is left to integrate */
  g_assert_cmpuint (mf_reduction_n_independent (shut), ==, 1);
  g_assert_cmpstr (mf_model_state_name (tc->model, shut->nullspace->independent[0]), ==, "P.v");
}

/* Two massless orifices in parallel after a pipe: continuity fixes only
 * their sum, so one orifice velocity is independent and has no mass. */
static const char *parallel_orifices = MF_TEST_PARALLEL_ORIFICES;

static void
test_singular_mass (void)
{
  g_autoptr (MfTestCircuit) tc = NULL;
  g_autoptr (MfReduction) red = reduce (parallel_orifices, 0, &tc);

  g_assert_cmpuint (mf_reduction_n_independent (red), ==, 2);
  g_assert_true (red->mass_singular);
  g_assert_cmpuint (red->mass_nullity, ==, 1);
  g_assert_cmpint (red->index, ==, 1);
  g_assert_cmpstr (red->problems->pdata[0], ==,
                   "the reduced mass matrix is singular (nullity 1): the independent states "
                   "O1.v carry no mass, so the equations are an index-1 DAE; its "
                   "algebraic states are solved by Newton at every step");
}

/* A junction placed but joined to nothing that carries flow: its row of W
 * is empty, so its pressure is undetermined — not because of closed valves,
 * and the message must not say so. */
static void
test_lonely_junction (void)
{
  g_autoptr (MfTestCircuit) tc = NULL;
  g_autoptr (MfReduction) red = reduce (
    "{ \"manifold\": 1, \"components\": ["
    "  { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"10 bar\" },"
    "  { \"id\": \"T2\", \"type\": \"tank\" },"
    "  { \"id\": \"P\", \"type\": \"pipe\", \"length\": 1, \"diameter\": 0.01 },"
    "  { \"id\": \"J1\", \"type\": \"junction\" } ],"
    "  \"wires\": [ [\"T1.p\", \"P.a\"], [\"P.b\", \"T2.p\"] ] }", 0, &tc);

  g_assert_cmpuint (red->problems->len, ==, 2);
  g_assert_cmpstr (red->problems->pdata[1], ==,
                   "node J1 joins nothing that carries flow (no pipe, orifice, valve, pump or "
                   "piston): its pressure is undetermined");
}

/* A pipe with one end left unconnected. */
static const char *plugged_pipe =
  "{ \"manifold\": 1, \"components\": ["
  "  { \"id\": \"T\", \"type\": \"tank\", \"pressure\": \"10 bar\" },"
  "  { \"id\": \"P\", \"type\": \"pipe\", \"length\": 1, \"diameter\": 0.01 } ],"
  "  \"wires\": [ [\"T.p\", \"P.a\"] ] }";

static void
test_plugged_port (void)
{
  g_autoptr (MfTestCircuit) tc = NULL;
  g_autoptr (MfReduction) red = reduce (plugged_pipe, 0, &tc);

  g_assert_cmpuint (red->nullspace->rank, ==, 1);
  g_assert_cmpuint (mf_reduction_n_independent (red), ==, 0);
  g_assert_cmpstr (red->problems->pdata[0], ==,
                   "port P.b is not connected: it is taken as plugged (no flow)");
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/reduction/heaviest-are-independent", test_heaviest_are_independent);
  g_test_add_func ("/core/reduction/pinned-state", test_pinned_state);
  g_test_add_func ("/core/reduction/closed-pocket", test_closed_pocket);
  g_test_add_func ("/core/reduction/singular-mass", test_singular_mass);
  g_test_add_func ("/core/reduction/plugged-port", test_plugged_port);
  g_test_add_func ("/core/reduction/lonely-junction", test_lonely_junction);
  return g_test_run ();
}
