/* test-index.c: the index of the reduced equations (docs/model.md, "The index") and of
 * the Lagrange-multiplier form, on circuits whose index is worked out by
 * hand in each comment.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-reduction.h"
#include "mf-test-circuit.h"
#include "oracle/mf-random-circuit.h"

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
 * index 1.  The Lagrange form is index 1 too (test_lagrange_parallel): the
 * junction pressure is an unknown of the orifice laws, fixed with O1 and
 * O2 by algebraic equations.  The old rule max(2, index + 1) said 2. */
static void
test_index_1_parallel (void)
{
  g_autoptr (MfTestCircuit) tc = NULL;
  g_autoptr (MfReduction) red = reduce (MF_TEST_PARALLEL_ORIFICES, &tc);

  g_assert_cmpint (red->index, ==, 1);
  g_assert_cmpint (red->index_lagrange, ==, 1);
  g_assert_cmpstr (hidden (red, 0, 0), ==, "P.v, O1.v");
  assert_split (tc, red, "P.v", "O1.v");
}

/* Index 1, docs/model.md, "Reference cases": a massless orifice between two
 * compliant volumes, each filled by a pipe.  With no junction on either
 * side the orifice velocity is independent and massless;
 * G0 = A (p_c1 − p_c2) − K v|v| ties it to the two volume pressures
 * (states), and ∂G0/∂v ≠ 0: index 1. */
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

/* Index 1 whatever the units: a 0.1 L volume fed by a pipe, drained by an
 * orifice to a tank.  The volume's pressure rate, A β / V ≈ 10⁹ Pa/s per
 * m/s, dwarfs the orifice's law (newtons) in the Jacobian; the orifice's
 * hidden constraint was once taken for rounding against that, and the
 * index for undetermined.  Its round-1 derivative fixes O.v': index 1. */
static void
test_index_1_small_volume (void)
{
  g_autoptr (MfTestCircuit) tc = NULL;
  g_autoptr (MfReduction) red = reduce (
    "{ \"manifold\": 1, \"components\": [" TANKS ","
    "  { \"id\": \"P1\", \"type\": \"pipe\", \"length\": \"9.4 m\", \"diameter\": \"15.7 mm\","
    "    \"friction\": \"laminar\" },"
    "  { \"id\": \"O\", \"type\": \"orifice\", \"area\": \"25 mm^2\" },"
    "  { \"id\": \"V1\", \"type\": \"volume\", \"volume\": \"0.1 L\" } ],"
    "  \"wires\": [ [\"T1.p\", \"P1.a\"], [\"P1.b\", \"V1.p\"], [\"V1.p\", \"O.a\"],"
    "    [\"O.b\", \"T2.p\"] ] }",
    &tc);

  g_assert_cmpint (red->index, ==, 1);
  g_assert_cmpint (red->index_lagrange, ==, 1);
  g_assert_cmpstr (hidden (red, 0, 0), ==, "O.v, P1.b.p");
  assert_split (tc, red, "P1.v", "O.v");
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
 * that gives v': index 2 (and the input's derivative is needed).  W has no
 * row, so the multiplier form is the same DAE (test_lagrange_piston). */
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

/* --- The Lagrange-multiplier form ----------------------------------------
 *
 * M v' = F + Wᵀλ, 0 = W v − q, x' = S v, C p_c' = inflow, over
 * y = [v; λ; x; p_c] with E = diag(M, 0, I, I).  Below, each circuit's
 * rounds are worked by hand and compared with the procedure's; signs are
 * left loose where they do not change a rank. */

/* The rounds of the multiplier form of `red`'s mode, run even where
 * mf-reduction.c knows their outcome without running them. */
static MfIndex *
lagrange_rounds (const MfTestCircuit *tc, const MfReduction *red)
{
  return mf_index_lagrange_new (tc->model, red->w, red->nullspace->pivot_rows,
                                red->nullspace->rank, (const char *const *) red->row_names);
}

static const MfIndexStep *
lagrange_step (const MfIndex *index, guint step)
{
  return g_ptr_array_index (index->steps, step);
}

static const char *
lagrange_hidden (const MfIndex *index, guint step, guint k)
{
  return g_ptr_array_index (lagrange_step (index, step)->hidden, k);
}

/* Three pipes at junction J1 (data/examples/three-pipes.manifold), every
 * velocity with mass: y = (P1, P2, P3, λ), E = diag(m1, m2, m3, 0).
 *   round 0: the zero row is continuity W v = 0, on the three velocities;
 *            W v' = 0 replaces it.
 *   round 1: E = [M 0; W 0] has rank 3 — W M⁻¹ times the top rows minus
 *            the bottom one vanishes — and the same rows of the right-hand
 *            side give W M⁻¹ (F + Wᵀλ) = 0, on the velocities and on λ,
 *            with the coefficient W M⁻¹ Wᵀ = Σ A_i²/m_i > 0.
 *   round 2: its derivative brings λ' with that coefficient: E regular.
 * Index 2 (Hessenberg), while the reduced equations, M̄ regular, are an
 * ODE.  mf-reduction.c says 2 without the rounds when every velocity has
 * mass; the rounds say it too. */
static void
test_lagrange_three_pipes (void)
{
  const char *examples = g_getenv ("MANIFOLD_EXAMPLES");
  g_autofree char *path = NULL;
  g_autoptr (MfTestCircuit) tc = NULL;
  g_autoptr (MfReduction) red = NULL;
  g_autoptr (MfIndex) lagrange = NULL;

  if (examples == NULL)
    {
      g_test_skip ("no examples");
      return;
    }
  path = g_build_filename (examples, "three-pipes.manifold", NULL);
  tc = mf_test_circuit_new_from_file (path);
  red = mf_reduction_new (tc->model, 0);
  lagrange = lagrange_rounds (tc, red);

  g_assert_cmpint (red->index, ==, 0);
  g_assert_cmpint (red->index_lagrange, ==, 2);
  g_assert_cmpint (lagrange->index, ==, 2);
  g_assert_cmpuint (lagrange->steps->len, ==, 3);
  g_assert_cmpuint (lagrange_step (lagrange, 0)->rows, ==, 4);
  g_assert_cmpstr (lagrange_hidden (lagrange, 0, 0), ==, "P1.v, P2.v, P3.v");
  g_assert_cmpstr (lagrange_hidden (lagrange, 1, 0), ==, "P1.v, P2.v, P3.v, λ(J1)");
  g_assert_cmpuint (lagrange_step (lagrange, 2)->rank, ==, 4);
}

/* The pipe P feeding orifices O1 and O2 in parallel (port area A, laws
 * K_i v|v|) through the junction P.b: y = (P, O1, O2, λ), E = diag(m, 0, 0, 0),
 *   m P' = A_P (p1 − λ) − f(P)
 *      0 = A (λ − p2) − K1 O1|O1|
 *      0 = A (λ − p2) − K2 O2|O2|
 *      0 = A_P P − A O1 − A O2.
 *   round 0: the three zero rows are hidden constraints — each orifice law
 *            on its velocity and λ, continuity on the three velocities.
 *            Their derivatives, with a = 2K1|O1|, b = 2K2|O2|, replace them:
 *            (0, −a, 0, A), (0, 0, −b, A), (A_P, −A, −A, 0).
 *   round 1: with (m, 0, 0, 0) on top, det E = −m A² (a + b) ≠ 0 whenever
 *            something flows: E is regular.
 * Index 1: given P, the three algebraic equations fix O1, O2 and the
 * junction pressure together, and one differentiation gives their rates.
 * λ here is not a pressure balancing a mass but an unknown of the orifice
 * laws, so the old rule max(2, index + 1) = 2 was wrong. */
static void
test_lagrange_parallel (void)
{
  g_autoptr (MfTestCircuit) tc = NULL;
  g_autoptr (MfReduction) red = reduce (MF_TEST_PARALLEL_ORIFICES, &tc);
  g_autoptr (MfIndex) lagrange = lagrange_rounds (tc, red);

  g_assert_cmpint (red->index, ==, 1);
  g_assert_cmpint (red->index_lagrange, ==, 1);
  g_assert_cmpuint (lagrange->steps->len, ==, 2);
  g_assert_cmpuint (lagrange_step (lagrange, 0)->rank, ==, 1);
  g_assert_cmpuint (lagrange_step (lagrange, 0)->hidden->len, ==, 3);
  g_assert_cmpuint (lagrange_step (lagrange, 1)->rank, ==, 4);
}

/* The massless piston on a spring between two tanks (PISTON ("0")): the
 * tanks fix both chamber pressures, the piston is alone on its mechanical
 * node, and the spring's far end is a fixed node without mass, so W has no
 * row and there is no multiplier.  The multiplier form is the reduced form,
 * y = (C.v, C.x), E = diag(0, 1):
 *   round 0: 0 = A1 p1 − A2 p2 − k x, on C.x; −k x' = … replaces it.
 *   round 1: E = [0 −k; 0 1] has rank 1; k·(x' = v) plus the first row
 *            gives k v = …, on C.v.
 *   round 2: its derivative brings v': E regular.
 * Index 2 both ways, the rounds the same as the reduced ones. */
static void
test_lagrange_piston (void)
{
  g_autoptr (MfTestCircuit) tc = NULL;
  g_autoptr (MfReduction) red = reduce (PISTON ("0"), &tc);
  g_autoptr (MfIndex) lagrange = lagrange_rounds (tc, red);

  g_assert_cmpuint (red->n_rows, ==, 0);
  g_assert_cmpint (red->index, ==, 2);
  g_assert_cmpint (red->index_lagrange, ==, 2);
  g_assert_cmpint (lagrange->index, ==, 2);
  g_assert_cmpuint (lagrange->steps->len, ==, 3);
  g_assert_cmpstr (lagrange_hidden (lagrange, 0, 0), ==, "C.x");
  g_assert_cmpstr (lagrange_hidden (lagrange, 1, 0), ==, "C.v");
}

/* The same piston fed through a pipe P from T1 (junction P.b at its cap):
 * continuity makes C.v = (A_P/A1) P dependent, M̄ = m_P: the reduced
 * equations are an ODE.  The multiplier form, y = (P, C.v, λ, C.x),
 *   m P' = A_P (p1 − λ) − f(P)
 *      0 = A1 λ − A2 p2 − k x
 *      0 = A_P P − A1 C.v
 *     x' = C.v
 *   round 0: the piston's balance (on λ, x) and continuity (on P, C.v)
 *            are hidden; their derivatives (0, 0, A1, −k) and
 *            (A_P, −A1, 0, 0) replace them.
 *   round 1: with (m, 0, 0, 0) and (0, 0, 0, 1), E is regular
 *            (det = m A1² up to sign).
 * Index 1: the junction pressure (A2 p2 + k x)/A1 is a function of the
 * state.  The old rule said 2. */
static void
test_lagrange_piston_fed (void)
{
  g_autoptr (MfTestCircuit) tc = NULL;
  g_autoptr (MfReduction) red = reduce (
    "{ \"manifold\": 1, \"components\": [" TANKS ","
    "  { \"id\": \"P\", \"type\": \"pipe\", \"length\": 1, \"diameter\": 0.01 },"
    "  { \"id\": \"C\", \"type\": \"piston\", \"mass\": 0, \"cap_area\": 1e-3,"
    "    \"rod_area\": 5e-4 },"
    "  { \"id\": \"K\", \"type\": \"spring\", \"stiffness\": 1e5 },"
    "  { \"id\": \"G\", \"type\": \"fixed\" } ],"
    "  \"wires\": [ [\"T1.p\", \"P.a\"], [\"P.b\", \"C.cap\"], [\"C.rod\", \"T2.p\"],"
    "    [\"C.m\", \"K.a\"], [\"K.b\", \"G.m\"] ] }",
    &tc);
  g_autoptr (MfIndex) lagrange = lagrange_rounds (tc, red);

  g_assert_cmpint (red->index, ==, 0);
  g_assert_cmpint (red->index_lagrange, ==, 1);
  g_assert_cmpuint (lagrange->steps->len, ==, 2);
  g_assert_cmpuint (lagrange_step (lagrange, 0)->hidden->len, ==, 2);
}

/* Two massless pistons coupled by a rod: C1 and C2 share a mechanical node
 * with the spring K to a fixed point; each cap is a chamber (a volume, so
 * its pressure is a state) fed through a pipe from a tank, both rod sides
 * drain to T3. */
#define COUPLED_PISTONS                                                                \
  "{ \"manifold\": 1, \"components\": ["                                               \
  "  { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"10 bar\" },"                \
  "  { \"id\": \"T2\", \"type\": \"tank\", \"pressure\": \"5 bar\" },"                 \
  "  { \"id\": \"T3\", \"type\": \"tank\" },"                                          \
  "  { \"id\": \"P1\", \"type\": \"pipe\", \"length\": 2, \"diameter\": 0.01 },"       \
  "  { \"id\": \"P2\", \"type\": \"pipe\", \"length\": 1, \"diameter\": 0.01 },"       \
  "  { \"id\": \"V1\", \"type\": \"volume\", \"volume\": \"0.5 L\" },"                 \
  "  { \"id\": \"V2\", \"type\": \"volume\", \"volume\": \"0.5 L\" },"                 \
  "  { \"id\": \"C1\", \"type\": \"piston\", \"mass\": 0, \"cap_area\": 1e-3,"         \
  "    \"rod_area\": 5e-4 },"                                                          \
  "  { \"id\": \"C2\", \"type\": \"piston\", \"mass\": 0, \"cap_area\": 2e-3,"         \
  "    \"rod_area\": 1e-3 },"                                                          \
  "  { \"id\": \"K\", \"type\": \"spring\", \"stiffness\": 1e5 },"                     \
  "  { \"id\": \"G\", \"type\": \"fixed\" } ],"                                        \
  "  \"wires\": [ [\"T1.p\", \"P1.a\"], [\"P1.b\", \"V1.p\"], [\"V1.p\", \"C1.cap\"]," \
  "    [\"C1.rod\", \"T3.p\"], [\"T2.p\", \"P2.a\"], [\"P2.b\", \"V2.p\"],"            \
  "    [\"V2.p\", \"C2.cap\"], [\"C2.rod\", \"T3.p\"], [\"C1.m\", \"C2.m\"],"          \
  "    [\"C1.m\", \"K.a\"], [\"K.b\", \"G.m\"] ] }"

/* The coupled pistons (issue 12).  W has one row, the rod: C1.v = C2.v.
 * Reduced: v̄ = (P1, P2, C1), C1 massless; its balance, both pistons' summed,
 * A1 p1 + A2 p2 − (a1 + a2) p3 − k x1 = 0, holds positions and pressures
 * only; differentiated it fixes C1.v, once more its rate: index 2.
 * Multiplier form, y = (P1, P2, C1, C2, λ, x1, x2, p1, p2), the rod force λ
 * on each piston with opposite signs (the spring acts on C1, the node's
 * first):
 *      0 = A1 p1 − a1 p3 − k x1 + λ,   0 = A2 p2 − a2 p3 − λ,   0 = C1 − C2
 *   round 0: these three rows are hidden, the balances on λ and the state,
 *            the rod on the velocities; their derivatives replace them.
 *   round 1: the balances' derivatives summed lose λ': A1 p1' + A2 p2' −
 *            k x1' = 0, and the rows x' = v, c_i p_i' = A_Pi P_i − A_i C_i
 *            (c_i the chambers' capacitances) turn that into a hidden
 *            constraint on P1, P2, C1, C2.
 *   round 2: its derivative, (k + A1²/c1) C1' + (A2²/c2) C2' = …, and
 *            the rod's C1' − C2' = 0 fix both rates; λ' follows from C2's
 *            balance: E is regular.
 * Index 2 both ways: λ = A2 p2 − a2 p3 is a function of the state, so the
 * differentiations that give the state's rates give λ' too.  The old rule
 * said 3. */
static void
test_lagrange_coupled_pistons (void)
{
  g_autoptr (MfTestCircuit) tc = NULL;
  g_autoptr (MfReduction) red = reduce (COUPLED_PISTONS, &tc);
  g_autoptr (MfIndex) lagrange = lagrange_rounds (tc, red);

  g_assert_cmpuint (red->n_rows, ==, 1);
  g_assert_cmpint (red->index, ==, 2);
  g_assert_cmpint (red->index_lagrange, ==, 2);
  g_assert_cmpuint (lagrange->steps->len, ==, 3);
  g_assert_cmpuint (lagrange_step (lagrange, 0)->rows, ==, 9);
  g_assert_cmpuint (lagrange_step (lagrange, 0)->hidden->len, ==, 3);
  g_assert_cmpstr (lagrange_hidden (lagrange, 1, 0), ==, "P1.v, P2.v, C1.v, C2.v");
  g_assert_cmpuint (lagrange_step (lagrange, 2)->rank, ==, 9);
}

/* The multiplier form's index by mf_index_lagrange_by_rule() equals the
 * rounds' wherever the rule applies, on every example's modes and on the
 * oracle's random circuits (orifices, valves, check valves, pistons): the
 * rule is what a large circuit gets instead of O(n³) rounds. */
static guint
compare_rule_with_rounds (const MfModel *model, guint *counts)
{
  guint applied = 0;

  for (guint mode = 0; mode < mf_model_get_circuit (model)->modes->len; mode++)
    {
      g_autofree gboolean *closed = mf_model_mode_closed (model, mode);
      g_autoptr (MfReduction) red = mf_reduction_new_for (model, mode, closed);
      g_autoptr (MfIndex) rounds = NULL;
      int index;

      if (red->index < 0 || red->nullspace->rank == 0
          || !mf_index_lagrange_by_rule (model, red->w, red->nullspace->pivot_rows,
                                         red->nullspace->rank, &index))
        continue;
      rounds = mf_index_lagrange_new (model, red->w, red->nullspace->pivot_rows,
                                      red->nullspace->rank, (const char *const *) red->row_names);
      g_assert_cmpint (index, ==, rounds->index);
      counts[index]++;
      applied++;
    }
  return applied;
}

static void
test_lagrange_rule (void)
{
  const char *examples = g_getenv ("MANIFOLD_EXAMPLES");
  const MfRandomFeatures features[] = { MF_RANDOM_BASIC, MF_RANDOM_SWITCHING, MF_RANDOM_PISTONS,
                                        MF_RANDOM_SWITCHING | MF_RANDOM_PISTONS };
  guint counts[3] = { 0 }, applied = 0;
  g_autoptr (GDir) dir = examples != NULL ? g_dir_open (examples, 0, NULL) : NULL;
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".manifold"))
      {
        g_autofree char *path = g_build_filename (examples, name, NULL);
        g_autoptr (MfTestCircuit) tc = mf_test_circuit_new_from_file (path);

        applied += compare_rule_with_rounds (tc->model, counts);
      }
  for (guint f = 0; f < G_N_ELEMENTS (features); f++)
    for (guint32 seed = 1; seed <= 300; seed++)
      {
        g_autofree char *json = mf_random_circuit (seed, features[f]);
        g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (json);

        applied += compare_rule_with_rounds (tc->model, counts);
      }
  /* both outcomes were met, many times */
  g_assert_cmpuint (applied, >, 800);
  g_assert_cmpuint (counts[1], >, 100);
  g_assert_cmpuint (counts[2], >, 100);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/index/0", test_index_0);
  g_test_add_func ("/core/index/1/orifice", test_index_1_orifice);
  g_test_add_func ("/core/index/1/parallel-orifices", test_index_1_parallel);
  g_test_add_func ("/core/index/1/between-volumes", test_index_1_volumes);
  g_test_add_func ("/core/index/1/small-volume", test_index_1_small_volume);
  g_test_add_func ("/core/index/2/massless-piston", test_index_2_piston);
  g_test_add_func ("/core/index/1/damped-piston", test_index_1_damped_piston);
  g_test_add_func ("/core/index/undetermined", test_undetermined);
  g_test_add_func ("/core/index/lagrange/three-pipes", test_lagrange_three_pipes);
  g_test_add_func ("/core/index/lagrange/parallel-orifices", test_lagrange_parallel);
  g_test_add_func ("/core/index/lagrange/massless-piston", test_lagrange_piston);
  g_test_add_func ("/core/index/lagrange/fed-piston", test_lagrange_piston_fed);
  g_test_add_func ("/core/index/lagrange/coupled-pistons", test_lagrange_coupled_pistons);
  g_test_add_func ("/core/index/lagrange/rule", test_lagrange_rule);
  return g_test_run ();
}
