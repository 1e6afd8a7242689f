/* test-index.c: the index of the reduced equations (MODEL.md §3), on
 * circuits whose index is worked out by hand in each comment.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-reduction.h"
#include "mf-test-circuit.h"

#define TANKS                                                          \
  "{ \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"10 bar\" }," \
  "{ \"id\": \"T2\", \"type\": \"tank\" }"

static MfReduction *
reduce (const char *json, MfTestCircuit **tc)
{
  g_autoptr (GError) error = NULL;

  *tc = mf_test_circuit_load (json, &error);
  g_assert_no_error (error);
  return mf_reduction_new ((*tc)->model, 0);
}

/* The names of the integrated or algebraic states, joined with ", ". */
static char *
split_names (const MfTestCircuit *tc, const MfReduction *red, gboolean algebraic)
{
  GArray *chosen = algebraic ? red->index_analysis->algebraic : red->index_analysis->integrated;
  GString *names = g_string_new (NULL);

  for (guint i = 0; i < chosen->len; i++)
    g_string_append_printf (names, "%s%s", i > 0 ? ", " : "",
                            mf_model_state_name (tc->model,
                                                 red->nullspace->independent[g_array_index (
                                                   chosen, guint, i)]));
  return g_string_free (names, FALSE);
}

static void
assert_split (const MfTestCircuit *tc, const MfReduction *red, const char *integrated,
              const char *algebraic)
{
  g_autofree char *i = split_names (tc, red, FALSE);
  g_autofree char *a = split_names (tc, red, TRUE);

  g_assert_cmpstr (i, ==, integrated);
  g_assert_cmpstr (a, ==, algebraic);
}

static const char *
hidden (const MfReduction *red, guint step, guint k)
{
  const MfIndexStep *s = g_ptr_array_index (red->index_analysis->steps, step);

  return g_ptr_array_index (s->hidden, k);
}

/* Index 0: three pipes at a junction.  Every independent state is a pipe
 * with mass, so M̄ is regular and M̄ v̄' = F̄ is an ODE.  The Lagrange form
 * M v' = F + Wᵀp, W v = 0 needs W v' = 0 (one differentiation) to give p,
 * and a second for p': index 2. */
static void
test_index_0 (void)
{
  g_autoptr (MfTestCircuit) tc = NULL;
  g_autoptr (MfReduction) red = reduce (
    "{ \"manifold\": 1, \"components\": [" TANKS ","
    "  { \"id\": \"T3\", \"type\": \"tank\" },"
    "  { \"id\": \"P1\", \"type\": \"pipe\", \"length\": 1, \"diameter\": 0.01 },"
    "  { \"id\": \"P2\", \"type\": \"pipe\", \"length\": 3, \"diameter\": 0.01 },"
    "  { \"id\": \"P3\", \"type\": \"pipe\", \"length\": 2, \"diameter\": 0.01 },"
    "  { \"id\": \"J\", \"type\": \"junction\" } ],"
    "  \"wires\": [ [\"T1.p\", \"P1.a\"], [\"T2.p\", \"P2.a\"], [\"P1.b\", \"J.p\"],"
    "    [\"P2.b\", \"J.p\"], [\"J.p\", \"P3.a\"], [\"P3.b\", \"T3.p\"] ] }",
    &tc);

  g_assert_false (red->mass_singular);
  g_assert_cmpint (red->index, ==, 0);
  g_assert_cmpint (red->index_lagrange, ==, 2);
  g_assert_null (red->index_analysis);
}

/* Index 1: an orifice alone between two tanks.  Its velocity is the only
 * state and has no mass: 0·v' = A (p1 − p2) − K v|v|.  The hidden
 * constraint G0 = A Δp − K v|v| has ∂G0/∂v = −2K|v| ≠ 0 away from zero
 * flow, so one differentiation gives v': index 1, v algebraic.  With no
 * constraint rows there are no multipliers: the Lagrange form is the same
 * DAE. */
static void
test_index_1_orifice (void)
{
  g_autoptr (MfTestCircuit) tc = NULL;
  g_autoptr (MfReduction) red = reduce (
    "{ \"manifold\": 1, \"components\": [" TANKS ","
    "  { \"id\": \"O\", \"type\": \"orifice\", \"area\": 1e-5 } ],"
    "  \"wires\": [ [\"T1.p\", \"O.a\"], [\"O.b\", \"T2.p\"] ] }",
    &tc);

  g_assert_true (red->mass_singular);
  g_assert_cmpint (red->index, ==, 1);
  g_assert_cmpint (red->index_lagrange, ==, 1);
  g_assert_cmpuint (red->index_analysis->steps->len, ==, 2);
  g_assert_cmpstr (hidden (red, 0, 0), ==, "O.v");
  assert_split (tc, red, "", "O.v");
}

/* Index 1: a pipe feeding two massless orifices in parallel.  Continuity
 * fixes O2 = (A_P P − A_O O1)/A_O, so v̄ = (P, O1) and M̄ = diag(m_P, 0).
 * βᵀF̄ is O1's force balance plus O2's carried through α: it involves both
 * P and O1, and its derivative in O1 is nonzero, so O1 is algebraic and
 * index 1.  With a junction row, the Lagrange form is index 2. */
static void
test_index_1_parallel (void)
{
  g_autoptr (MfTestCircuit) tc = NULL;
  g_autoptr (MfReduction) red = reduce (MF_TEST_PARALLEL_ORIFICES, &tc);

  g_assert_cmpint (red->index, ==, 1);
  g_assert_cmpint (red->index_lagrange, ==, 2);
  g_assert_cmpstr (hidden (red, 0, 0), ==, "P.v, O1.v");
  assert_split (tc, red, "P.v", "O1.v");
}

/* Index 1, MODEL.md §6: a massless orifice between two compliant volumes,
 * each filled by a pipe.  With no junction on either side the orifice
 * velocity is independent and massless; G0 = A (p_c1 − p_c2) − K v|v| ties it
 * to the two volume pressures (states), and ∂G0/∂v ≠ 0: index 1. */
static void
test_index_1_volumes (void)
{
  g_autoptr (MfTestCircuit) tc = NULL;
  g_autoptr (MfReduction) red = reduce (
    "{ \"manifold\": 1, \"components\": [" TANKS ","
    "  { \"id\": \"P1\", \"type\": \"pipe\", \"length\": 2, \"diameter\": 0.01 },"
    "  { \"id\": \"V1\", \"type\": \"volume\", \"volume\": \"1 L\" },"
    "  { \"id\": \"O\", \"type\": \"orifice\", \"area\": 1e-5 },"
    "  { \"id\": \"V2\", \"type\": \"volume\", \"volume\": \"1 L\" },"
    "  { \"id\": \"P2\", \"type\": \"pipe\", \"length\": 1, \"diameter\": 0.01 } ],"
    "  \"wires\": [ [\"T1.p\", \"P1.a\"], [\"P1.b\", \"V1.p\"], [\"V1.p\", \"O.a\"],"
    "    [\"O.b\", \"V2.p\"], [\"V2.p\", \"P2.a\"], [\"P2.b\", \"T2.p\"] ] }",
    &tc);

  g_assert_cmpint (red->index, ==, 1);
  g_assert_cmpstr (hidden (red, 0, 0), ==, "O.v, P1.b.p, O.b.p");
  assert_split (tc, red, "P1.v, P2.v", "O.v");
}

/* A massless piston between two tanks, pushing a spring to ground. */
#define PISTON(damping)                                                                \
  "{ \"manifold\": 1, \"components\": [" TANKS ","                                     \
  "  { \"id\": \"C\", \"type\": \"piston\", \"mass\": 0, \"cap_area\": 1e-3,"          \
  "    \"rod_area\": 5e-4, \"damping\": " damping " },"                                \
  "  { \"id\": \"K\", \"type\": \"spring\", \"stiffness\": 1e5 },"                     \
  "  { \"id\": \"G\", \"type\": \"fixed\" } ],"                                        \
  "  \"wires\": [ [\"T1.p\", \"C.cap\"], [\"C.rod\", \"T2.p\"], [\"C.m\", \"K.a\"],"   \
  "    [\"K.b\", \"G.m\"] ] }"

/* Index 2: undamped.  0·v' = A1 p1 − A2 p2 − k x: the hidden constraint
 * involves x only.  Its derivative −k x' = −k v gives no v' yet but fixes
 * v = (A1 p1' − A2 p2')/k — a second hidden constraint, in v; differentiating
 * that gives v': index 2 (and the input's derivative is needed). */
static void
test_index_2_piston (void)
{
  g_autoptr (MfTestCircuit) tc = NULL;
  g_autoptr (MfReduction) red = reduce (PISTON ("0"), &tc);

  g_assert_cmpint (red->index, ==, 2);
  g_assert_cmpint (red->index_lagrange, ==, 2);
  g_assert_cmpuint (red->index_analysis->steps->len, ==, 3);
  g_assert_cmpstr (hidden (red, 0, 0), ==, "C.x");
  g_assert_cmpstr (hidden (red, 1, 0), ==, "C.v");
  assert_split (tc, red, "", "C.v");
  /* the first hidden constraint fixes x, which becomes algebraic (z = [x]) */
  g_assert_true (red->index_analysis->solvable);
  g_assert_cmpuint (red->index_analysis->constrained->len, ==, 1);
  g_assert_cmpuint (g_array_index (red->index_analysis->constrained, guint, 0), ==, 0);
}

/* Index 1: the same piston with damping c: 0 = A1 p1 − A2 p2 − k x − c v
 * involves v directly, so one differentiation gives v'. */
static void
test_index_1_damped_piston (void)
{
  g_autoptr (MfTestCircuit) tc = NULL;
  g_autoptr (MfReduction) red = reduce (PISTON ("500"), &tc);

  g_assert_cmpint (red->index, ==, 1);
  g_assert_cmpstr (hidden (red, 0, 0), ==, "C.v, C.x");
  g_assert_cmpuint (red->index_analysis->constrained->len, ==, 0);
}

/* Undetermined: a massless, undamped piston on a free rod.  0 = A1 p1 − A2 p2
 * holds no state at all: nothing fixes v however often it is
 * differentiated, and the procedure stops instead of looping. */
static void
test_undetermined (void)
{
  g_autoptr (MfTestCircuit) tc = NULL;
  g_autoptr (MfReduction) red = reduce (
    "{ \"manifold\": 1, \"components\": [" TANKS ","
    "  { \"id\": \"C\", \"type\": \"piston\", \"mass\": 0, \"cap_area\": 1e-3,"
    "    \"rod_area\": 5e-4 } ],"
    "  \"wires\": [ [\"T1.p\", \"C.cap\"], [\"C.rod\", \"T2.p\"] ] }",
    &tc);

  g_assert_cmpint (red->index, ==, -1);
  g_assert_cmpint (red->index_lagrange, ==, -1);
  g_assert_cmpstr (hidden (red, 0, 0), ==, "no state (a condition on the inputs alone)");
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/index/0", test_index_0);
  g_test_add_func ("/core/index/1/orifice", test_index_1_orifice);
  g_test_add_func ("/core/index/1/parallel-orifices", test_index_1_parallel);
  g_test_add_func ("/core/index/1/between-volumes", test_index_1_volumes);
  g_test_add_func ("/core/index/2/massless-piston", test_index_2_piston);
  g_test_add_func ("/core/index/1/damped-piston", test_index_1_damped_piston);
  g_test_add_func ("/core/index/undetermined", test_undetermined);
  return g_test_run ();
}
