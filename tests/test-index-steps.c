/* test-index-steps.c: the index procedure written out
 * (src/core/equations/mf-index-steps.h) and the time derivatives of
 * notation it uses (mf-math-derivative.h), against the hand analyses of
 * docs/model.md ("The index") and tests/test-index.c.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-index-steps.h"
#include "mf-math-derivative.h"
#include "mf-test-examples.h"

static gboolean
is_x (const char *name, gpointer data)
{
  return g_strcmp0 (name, "x") == 0;
}

static void
assert_plain (MfMath *math, const char *expected)
{
  g_autofree char *plain = mf_math_to_plain (math);

  g_assert_cmpstr (plain, ==, expected);
  mf_math_free (math);
}

/* d/dt by hand: (k·x)' = k·x'; (a·x·|x|/(2·c))' = (a·x'·|x| + a·x·sgn(x)·x')/(2·c)
 * by the product rule and |x|' = sgn(x)·x'; (x²)' = 2·x·x' by the chain rule;
 * (√x)' = x'/(2·√x); a constant gives 0. */
static void
test_derivative (void)
{
  g_autoptr (MfMath) kx = mf_math_row (mf_math_text ("−"), mf_math_symbol ("k", NULL),
                                       mf_math_text ("·"), mf_math_name ("x"), NULL);
  g_autoptr (MfMath) law = mf_math_frac (mf_math_row (mf_math_symbol ("a", NULL), mf_math_text ("·"),
                                                      mf_math_name ("x"), mf_math_text ("·"),
                                                      mf_math_abs (mf_math_name ("x")), NULL),
                                         mf_math_row (mf_math_text ("2·"),
                                                      mf_math_symbol ("c", NULL), NULL));
  g_autoptr (MfMath) square = mf_math_power (mf_math_name ("x"), mf_math_text ("2"));
  g_autoptr (MfMath) root = mf_math_call ("√", mf_math_name ("x"), NULL);
  g_autoptr (MfMath) constant = mf_math_symbol ("p", "T1");

  assert_plain (mf_math_derivative (kx, is_x, NULL), "−k·x'");
  assert_plain (mf_math_derivative (law, is_x, NULL), "(a·x'·|x| + a·x·sgn(x)·x')/(2·c)");
  assert_plain (mf_math_derivative (square, is_x, NULL), "2·x·x'");
  assert_plain (mf_math_derivative (root, is_x, NULL), "x'/(2·√(x))");
  assert_plain (mf_math_derivative (constant, is_x, NULL), "0");
}

/* Substitution splices a sum that stands alone as a term, parenthesises one
 * among factors, and drops terms that cancel or are zero:
 * a − T with T = −k·x gives a + k·x; b·T gives b·(−k·x); T + k·x gives 0. */
static void
test_substitute (void)
{
  g_autoptr (GHashTable) table = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                                        (GDestroyNotify) mf_math_free);
  g_autoptr (MfMath) a = mf_math_row (mf_math_symbol ("a", NULL), mf_math_text (" − "),
                                      mf_math_symbol ("T", NULL), NULL);
  g_autoptr (MfMath) b = mf_math_row (mf_math_symbol ("b", NULL), mf_math_text ("·"),
                                      mf_math_symbol ("T", NULL), NULL);
  g_autoptr (MfMath) c = mf_math_row (mf_math_symbol ("T", NULL), mf_math_text (" + "),
                                      mf_math_symbol ("k", NULL), mf_math_text ("·"),
                                      mf_math_name ("x"), mf_math_text (" + "),
                                      mf_math_name ("J"), NULL);

  g_hash_table_insert (table, "T", mf_math_row (mf_math_text ("−"), mf_math_symbol ("k", NULL),
                                                mf_math_text ("·"), mf_math_name ("x"), NULL));
  g_hash_table_insert (table, "J", mf_math_text ("0"));
  assert_plain (mf_math_substitute (a, table), "a + k·x");
  assert_plain (mf_math_substitute (b, table), "b·(−k·x)");
  assert_plain (mf_math_substitute (c, table), "0");
}

static MfIndexSteps *
steps_of (const char *name)
{
  g_autoptr (MfTestCircuit) example = example_load (name);
  g_autoptr (MfReduction) reduction = mf_reduction_new (example->model, 0);

  return mf_index_steps_new (example->model, reduction);
}

static char *
plain (gconstpointer math)
{
  return mf_math_to_plain (math);
}

/* The piston accumulator by hand (docs/model.md, "The index"): the
 * massless piston's force balance A_cap·p − A_rod·p_T2 + T_K1 = 0 with
 * T_K1 = −k·x holds no velocity (round 1: E = diag(M̄, 1, 1), M̄'s row of
 * C1.v zero, rank 3 of 4).  Its derivative A_cap·p' − k·x' = 0, with
 * x' = v and p' = (A_P1·v_P1 − A_cap·v)/(V/K) from the volume, holds C1.v:
 * round 2 fixes it, round 3 has E regular, index 2.  The pressure is fixed
 * by the balance and the velocity by its derivative: both algebraic, the
 * line's velocity and the piston's position integrated. */
static void
test_piston_accumulator (void)
{
  g_autoptr (MfIndexSteps) steps = steps_of ("piston-accumulator");
  const MfIndexRound *r0, *r1, *r2;
  g_autofree char *c0 = NULL, *d0 = NULL, *s0 = NULL, *c1 = NULL, *ids0 = NULL;

  g_assert_cmpint (steps->index, ==, 2);
  g_assert_cmpuint (steps->rounds->len, ==, 3);
  r0 = steps->rounds->pdata[0];
  r1 = steps->rounds->pdata[1];
  r2 = steps->rounds->pdata[2];
  g_assert_cmpuint (r0->n, ==, 4);
  g_assert_cmpuint (r0->rank, ==, 3);
  g_assert_cmpstr (steps->names[1], ==, "C1.v");
  g_assert_true (r0->zero_row[1]);
  g_assert_false (r0->zero_row[0] || r0->zero_row[2] || r0->zero_row[3]);
  g_assert_cmpuint (r0->beta->len, ==, 1);
  g_assert_cmpuint (r0->constraints->len, ==, 1);
  c0 = plain (r0->constraints->pdata[0]);
  d0 = plain (r0->derivatives->pdata[0]);
  s0 = plain (r0->substituted->pdata[0]);
  g_assert_cmpstr (c0, ==, "0 = A_cap,C1·P1.b.p − A_rod,C1·p_T2 − k_K1·C1.x");
  g_assert_cmpstr (d0, ==, "0 = A_cap,C1·P1.b.p' − k_K1·C1.x'");
  g_assert_cmpstr (s0, ==, "0 = A_cap,C1·(A_P1·P1.v − A_cap,C1·C1.v)/(V_V1/K) − k_K1·C1.v");
  ids0 = g_strjoinv (" ", r0->components);
  g_assert_cmpstr (ids0, ==, "P1 V1 C1 T2 K1");
  g_assert_cmpuint (r1->rank, ==, 3);
  g_assert_cmpuint (r1->constraints->len, ==, 1);
  c1 = plain (r1->constraints->pdata[0]);
  g_assert_cmpstr (c1, ==, s0);
  g_assert_null (r1->derivatives->pdata[0]);
  g_assert_cmpuint (r2->rank, ==, 4);
  g_assert_cmpuint (r2->constraints->len, ==, 0);

  g_assert_cmpuint (steps->final->len, ==, 4);
  for (guint i = 0; i < steps->final->len; i++)
    {
      const MfIndexFinal *f = steps->final->pdata[i];
      g_autofree char *eq = plain (f->equation);

      if (g_str_equal (f->state, "C1.v"))
        g_assert_cmpstr (eq, ==, c1);
      else if (g_str_equal (f->state, "P1.b.p"))
        g_assert_cmpstr (eq, ==, c0);
      else if (g_str_equal (f->state, "C1.x"))
        g_assert_cmpstr (eq, ==, "C1.x' = C1.v");
      g_assert_true (f->integrated == (g_str_equal (f->state, "P1.v")
                                       || g_str_equal (f->state, "C1.x")));
    }
}

/* A pump into a line feeding two orifices in parallel, by hand: the flow
 * source fixes the line, O1.v is the one independent state and massless
 * (M̄ = 0, rank 0 of 1).  Continuity makes α_O2 = −A_O1/A_O2, so βᵀαᵀF
 * weighs the orifices' laws (per unit of area) by A_O1 and −A_O1: equal
 * pressure drops, the junction and tank pressures cancelling.  It holds
 * the velocities, so it fixes O1.v: index 1, round 2 regular. */
static void
test_parallel_orifices (void)
{
  g_autoptr (MfIndexSteps) steps = steps_of ("pump-parallel-orifices");
  const MfIndexRound *r0;
  g_autofree char *c0 = NULL;
  const MfIndexFinal *f;

  g_assert_cmpint (steps->index, ==, 1);
  g_assert_cmpuint (steps->rounds->len, ==, 2);
  r0 = steps->rounds->pdata[0];
  g_assert_cmpuint (r0->rank, ==, 0);
  g_assert_true (r0->zero_row[0]);
  c0 = plain (r0->constraints->pdata[0]);
  g_assert_cmpstr (c0, ==, "0 = −ρ·A_O1²·O1.v·|O1.v|/(2·c_d,O1²·a_O1²) "
                           "+ ρ·A_O2²·O2.v·|O2.v|/(2·c_d,O2²·a_O2²)");
  g_assert_null (r0->derivatives->pdata[0]);
  g_assert_cmpuint (((const MfIndexRound *) steps->rounds->pdata[1])->rank, ==, 1);
  g_assert_cmpuint (steps->final->len, ==, 1);
  f = steps->final->pdata[0];
  g_assert_cmpstr (f->state, ==, "O1.v");
  g_assert_false (f->integrated);
}

/* Three pipes at a junction, by hand: every independent state has mass,
 * M̄ is regular, so one round with E regular and both velocities
 * integrated by their rows of the reduced equations. */
static void
test_index_zero (void)
{
  g_autoptr (MfIndexSteps) steps = steps_of ("three-pipes");
  const MfIndexRound *r0;

  g_assert_cmpint (steps->index, ==, 0);
  g_assert_cmpuint (steps->rounds->len, ==, 1);
  r0 = steps->rounds->pdata[0];
  g_assert_cmpuint (r0->rank, ==, r0->n);
  g_assert_cmpuint (r0->constraints->len, ==, 0);
  g_assert_cmpuint (steps->final->len, ==, 2);
  for (guint i = 0; i < steps->final->len; i++)
    g_assert_true (((const MfIndexFinal *) steps->final->pdata[i])->integrated);
}

/* Every example gives rounds to the index mf-index.c found, without a
 * crash: one more round than the index (the last with E regular). */
static void
test_examples (void)
{
  const char *names[] = { "orifice-between-volumes", "pump-relief-valve", "pump-cylinder-spring",
                          "valve-closing", "two-mass-spring", "pipe-drain" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr (MfIndexSteps) steps = steps_of (names[i]);
      g_autofree char *text = mf_index_steps_to_plain (steps);

      g_assert_cmpint (steps->index, >=, 0);
      g_assert_cmpuint (steps->rounds->len, ==, (guint) steps->index + 1);
      g_assert_nonnull (strstr (text, "minimal-order system"));
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/index-steps/derivative", test_derivative);
  g_test_add_func ("/index-steps/substitute", test_substitute);
  g_test_add_func ("/index-steps/piston-accumulator", test_piston_accumulator);
  g_test_add_func ("/index-steps/parallel-orifices", test_parallel_orifices);
  g_test_add_func ("/index-steps/index-zero", test_index_zero);
  g_test_add_func ("/index-steps/examples", test_examples);
  return g_test_run ();
}
