/* test-structure-circuits.c: the structural analysis of circuits
 * (mf-structural.h on mf-mode-incidence.h) — the examples worked by hand,
 * what every example of data/examples gives against the numerical
 * indices, the block form of meshes of pipes, and the oracle's random
 * circuits, whose structural index must equal the numerical index of the
 * multiplier form wherever the system Jacobian is regular.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>

#include "mf-reduction.h"
#include "mf-structural.h"
#include "mf-test-examples.h"
#include "oracle/mf-random-circuit.h"

#define NONE MF_INCIDENCE_NONE
#define GET(array, i) g_array_index ((array), guint, (i))

typedef struct
{
  MfTestCircuit *circuit;
  MfReduction   *reduction;
  MfStructural  *structural;
} Analysis;

static void
analysis_clear (Analysis *a)
{
  g_clear_pointer (&a->structural, mf_structural_free);
  g_clear_pointer (&a->reduction, mf_reduction_free);
  g_clear_pointer (&a->circuit, mf_test_circuit_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Analysis, analysis_clear)

static void
analyse (Analysis *a, MfTestCircuit *circuit, guint mode)
{
  a->circuit = circuit;
  a->reduction = mf_reduction_new (circuit->model, mode);
  a->structural = mf_structural_new_for_mode (circuit->model, a->reduction);
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

/* ", "-joined, sorted: a set that reads the same in any order. */
static char *
sorted_names (GPtrArray *names)
{
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (", ", (char **) names->pdata);
}

static char *
unknown_names (const MfStructural *s, const GArray *unknowns)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

  for (guint k = 0; k < unknowns->len; k++)
    g_ptr_array_add (names, mf_pantelides_unknown_name (s->pantelides, GET (unknowns, k)));
  return sorted_names (names);
}

/* "J1 continuity (1), C1 law (2)": the equations differentiated, in the
 * incidence's order. */
static char *
differentiated (const MfStructural *s)
{
  const MfPantelides *p = s->pantelides;
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < mf_incidence_n_equations (s->incidence); i++)
    if (p->differentiations[i] > 0)
      g_string_append_printf (out, "%s%s (%u)", out->len > 0 ? ", " : "",
                              mf_incidence_equation_name (s->incidence, i),
                              p->differentiations[i]);
  return g_string_free (out, FALSE);
}

/* What the reduction integrates: its integrated velocities, then every
 * position and compliant pressure but those a hidden constraint holds
 * (index 2). */
static char *
integrated_states (const MfModel *model, const MfReduction *red)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const MfIndex *index = red->index_analysis;
  guint n_v = mf_model_n_velocities (model), nb = mf_reduction_n_independent (red);
  g_autofree gboolean *held = g_new0 (gboolean, mf_model_n_states (model) + 1);

  for (guint k = 0; k < (index != NULL ? index->integrated->len : nb); k++)
    g_ptr_array_add (names, g_strdup (mf_model_state_name (
                              model, red->nullspace->independent[index != NULL
                                                                   ? GET (index->integrated, k)
                                                                   : k])));
  for (guint k = 0; index != NULL && k < index->constrained->len; k++)
    held[n_v + GET (index->constrained, k)] = TRUE;
  for (guint s = n_v; s < mf_model_n_states (model); s++)
    if (!held[s])
      g_ptr_array_add (names, g_strdup (mf_model_state_name (model, s)));
  return sorted_names (names);
}

/* The equations of block b, or its unknowns, ", "-joined in order. */
static char *
block_names (const MfStructural *s, guint b, gboolean equations)
{
  const MfBlt *blt = s->blt;
  GString *out = g_string_new (NULL);

  for (guint k = blt->block_start[b]; k < blt->block_start[b + 1]; k++)
    {
      g_autofree char *name = equations
                                ? mf_pantelides_equation_name (s->pantelides, blt->equations[k])
                                : mf_pantelides_unknown_name (s->pantelides, blt->unknowns[k]);

      g_string_append_printf (out, "%s%s", out->len > 0 ? ", " : "", name);
    }
  return g_string_free (out, FALSE);
}

/* The indices, the equations differentiated (as differentiated() writes
 * them), the dummy derivatives and what is then left to integrate, which
 * must be what the reduction integrates; `states` may be NULL. */
static void
assert_structure (const Analysis *a,
                  int             structural,
                  int             lagrange,
                  int             reduced,
                  const char     *equations,
                  const char     *dummies,
                  const char     *states)
{
  g_autofree char *diff = differentiated (a->structural);
  g_autofree char *chosen = unknown_names (a->structural, a->structural->dummies->dummies);
  g_autofree char *integrated = unknown_names (a->structural, a->structural->dummies->states);
  g_autofree char *numerical = integrated_states (a->circuit->model, a->reduction);

  g_assert_cmpint (a->structural->pantelides->structural_index, ==, structural);
  g_assert_cmpint (a->reduction->index_lagrange, ==, lagrange);
  g_assert_cmpint (a->reduction->index, ==, reduced);
  g_assert_cmpstr (diff, ==, equations);
  g_assert_cmpstr (chosen, ==, dummies);
  if (states != NULL)
    g_assert_cmpstr (integrated, ==, states);
  g_assert_cmpstr (integrated, ==, numerical);
}

/* --- Worked by hand -------------------------------------------------------
 *
 * The multiplier form keeps every velocity and a multiplier per row of W,
 * so its index is not the reduced system's ("index" in the report): the
 * null space solves W v = q once and for all (v = α v̄) and αᵀ removes
 * the multipliers, which is where the differentiations below go. */

/* Three pipes at J1, every velocity with mass.  With the velocities as
 * states, each momentum equation gives its P.v', and J1 continuity,
 * A1 v1 + A2 v2 + A3 v3 = 0, holds states only: structurally singular on
 * its own, differentiated once (no new unknown: it holds only states).
 * Its derivative takes a P.v', whose momentum equation then takes λ(J1).
 * max c = 1, and λ(J1) algebraic: structural index 2, as the multiplier
 * form's numerical index; the reduced system (M̄ regular) has index 0.
 *
 * The dummy derivative: J1 continuity' on the three accelerations, the
 * lightest pipe's (P2, the least wanted state) made algebraic — the
 * reduction's dependent velocity.  The final system is one algebraic
 * loop: the three momentum equations and J1 continuity', torn by the
 * junction pressure λ(J1), the equation left being J1 continuity'. */
static void
test_three_pipes (void)
{
  g_auto (Analysis) a = { 0 };
  const MfPantelides *p;
  const MfPantelidesStep *step;
  g_autofree char *tear = NULL, *residual = NULL;

  analyse (&a, example_load ("three-pipes"), 0);
  p = a.structural->pantelides;
  assert_structure (&a, 2, 2, 0, "J1 continuity (1)", "P2.v'", "P1.v, P3.v");
  g_assert_cmpuint (p->steps->len, ==, 1);
  step = g_ptr_array_index (p->steps, 0);
  g_assert_cmpuint (step->differentiated->len, ==, 1);
  g_assert_cmpuint (step->new_unknowns->len, ==, 0);
  g_assert_cmpstr (mf_model_state_name (a.circuit->model, a.reduction->nullspace->dependent[0]),
                   ==, "P2.v");

  g_assert_cmpuint (a.structural->blt->n_blocks, ==, 1);
  g_assert_cmpuint (mf_blt_block_size (a.structural->blt, 0), ==, 4);
  g_assert_cmpuint (a.structural->blt->n_tear[0], ==, 1);
  tear = mf_pantelides_unknown_name (p, a.structural->blt->unknowns[3]);
  residual = mf_pantelides_equation_name (p, a.structural->blt->equations[3]);
  g_assert_cmpstr (tear, ==, "λ(J1)");
  g_assert_cmpstr (residual, ==, "J1 continuity'");
}

/* A pump prescribes the flow into node Q1.b, whose only other branch is
 * the pipe P1: Q1.b continuity, A1 v1 = q(t), holds the state P1.v alone
 * and is differentiated once, its derivative taking P1.v' and P1
 * momentum then λ(Q1.b).  J1 continuity, A1 v1 = A (O1.v + O2.v), holds
 * the massless orifice velocities, algebraic unknowns: it is matched as it
 * is, and the orifice laws take λ(J1).  Structural index 1 + 1 = 2, the
 * numerical index of the multiplier form; the reduced system is index 1.
 *
 * Blocks: Q1.b continuity' gives P1.v', and apart from it the orifice
 * laws and J1 continuity are one loop (O1.v, O2.v and λ(J1) together:
 * Newton's split of the flow); P1 momentum, which needs both, then gives
 * λ(Q1.b).  The dummy derivative
 * is P1.v': the pump fixes the pipe's velocity, nothing is integrated. */
static void
test_pump_parallel_orifices (void)
{
  g_auto (Analysis) a = { 0 };
  const MfBlt *blt;
  g_autofree char *first = NULL, *loop = NULL, *last = NULL;
  guint looped;

  analyse (&a, example_load ("pump-parallel-orifices"), 0);
  assert_structure (&a, 2, 2, 1, "Q1.b continuity (1)", "P1.v'", "");

  /* the first two need nothing of each other: either may come first */
  blt = a.structural->blt;
  g_assert_cmpuint (blt->n_blocks, ==, 3);
  looped = mf_blt_block_size (blt, 0) == 3 ? 0 : 1;
  first = block_names (a.structural, 1 - looped, TRUE);
  loop = block_names (a.structural, looped, FALSE);
  last = block_names (a.structural, 2, FALSE);
  g_assert_cmpstr (first, ==, "Q1.b continuity'");
  g_assert_cmpuint (mf_blt_block_size (blt, looped), ==, 3);
  g_assert_cmpuint (blt->n_tear[looped], ==, 1);
  g_assert_nonnull (strstr (loop, "O1.v"));
  g_assert_nonnull (strstr (loop, "O2.v"));
  g_assert_nonnull (strstr (loop, "λ(J1)"));
  g_assert_cmpstr (last, ==, "λ(Q1.b)");
}

/* The massless piston C1 on a spring, its cap on the volume at P1.b:
 *   P1 momentum      m P1.v' = A (p_T1 − P1.b.p)      (frictionless)
 *   C1 law           0 = A1 P1.b.p − k C1.x          (no mass, no damping)
 *   C1 kinematics    C1.x' = C1.v
 *   P1.b continuity  C P1.b.p' = A P1.v − A1 C1.v
 * C1 law holds only states: differentiated once, its derivative takes
 * P1.b.p', C1 kinematics C1.x', and P1.b continuity the massless C1.v —
 * algebraic.  Structural index 1 + 1 = 2, both numerical indices 2.  The
 * dummy derivative makes P1.b.p algebraic, as the reduction does (the
 * pressure, least wanted), and C1.x and P1.v are integrated. */
static void
test_piston_accumulator (void)
{
  g_auto (Analysis) a = { 0 };

  analyse (&a, example_load ("piston-accumulator"), 0);
  assert_structure (&a, 2, 2, 2, "C1 law (1)", "P1.b.p'", "C1.x, P1.v");
}

/* Where they differ: two orifices side by side between junctions J1 and
 * J2, fed through the pipe P1 and drained through the pipe P2.
 *   J1 continuity   A1 P1.v = a1 O1.v + a2 O2.v
 *   J2 continuity   a1 O1.v + a2 O2.v = A2 P2.v
 * Structurally each holds a massless flow, an algebraic unknown, and is
 * solved for it (J1 for O1.v, J2 for O2.v); the orifice laws take the
 * pressures: nothing is differentiated, structural index 1.  But the
 * orifice flows enter both rows with the same coefficients, so their sum
 * A1 P1.v = A2 P2.v is a constraint on the pipes' velocities alone, whose
 * derivative brings their accelerations and then the pressures: index 2
 * (W's rows on the massless columns have rank 1, mf-index.h's rule).  The
 * system Jacobian, regular by its pattern, is singular at every state: a
 * cancellation.  And the dummy derivatives, having nothing differentiated
 * to work on, leave both pipe velocities to be integrated, where the
 * reduction integrates one. */
static void
test_cancellation (void)
{
  g_auto (Analysis) a = { 0 };
  g_autofree char *diff = NULL, *states = NULL, *numerical = NULL, *why = NULL;

  analyse (&a, mf_test_circuit_new (
                 "{ \"manifold\": 1, \"components\": ["
                 "  { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"10 bar\" },"
                 "  { \"id\": \"T2\", \"type\": \"tank\" },"
                 "  { \"id\": \"P1\", \"type\": \"pipe\", \"length\": 2, \"diameter\": 0.01 },"
                 "  { \"id\": \"P2\", \"type\": \"pipe\", \"length\": 1, \"diameter\": 0.01 },"
                 "  { \"id\": \"J1\", \"type\": \"junction\" },"
                 "  { \"id\": \"J2\", \"type\": \"junction\" },"
                 "  { \"id\": \"O1\", \"type\": \"orifice\", \"area\": 1e-5 },"
                 "  { \"id\": \"O2\", \"type\": \"orifice\", \"area\": 2e-5 } ],"
                 "  \"wires\": [ [\"T1.p\", \"P1.a\"], [\"P1.b\", \"J1.p\"],"
                 "    [\"J1.p\", \"O1.a\"], [\"J1.p\", \"O2.a\"], [\"O1.b\", \"J2.p\"],"
                 "    [\"O2.b\", \"J2.p\"], [\"J2.p\", \"P2.a\"], [\"P2.b\", \"T2.p\"] ] }"),
           0);
  diff = differentiated (a.structural);
  g_assert_cmpstr (diff, ==, "");
  g_assert_cmpint (a.structural->pantelides->structural_index, ==, 1);
  g_assert_cmpint (a.reduction->index_lagrange, ==, 2);
  g_assert_cmpint (a.structural->jacobian_rank, ==, MF_JACOBIAN_SINGULAR);
  states = unknown_names (a.structural, a.structural->dummies->states);
  numerical = integrated_states (a.circuit->model, a.reduction);
  g_assert_cmpstr (states, ==, "P1.v, P2.v");
  g_assert_cmpstr (numerical, ==, "P1.v");
  why = mf_structural_compare (a.structural, a.reduction->index_lagrange);
  g_assert_true (g_str_has_prefix (why, "the structural index 1 is not the index 2: the system "
                                        "Jacobian is singular"));
}

/* Two closed valves V1, V2 in series, the junction J2 between them:
 *   J2 continuity   a V1.v = a V2.v
 *   V1 closed       V1.v = 0
 *   V2 closed       V2.v = 0
 * three equations on two unknowns — the over-determined part — while the
 * valves' laws, 0 = F + a (λ(J1) − λ(J2)) + λ(V1 closed) and the like, are
 * two equations for the three multipliers λ(J2), λ(V1 closed), λ(V2
 * closed) that nothing else involves — the under-determined part.  The
 * reduction says the same in numbers: one of the three rows is redundant
 * and the three multipliers are undetermined.  One equation is left out,
 * and the rest is analysed as usual. */
static void
test_closed_valves (void)
{
  g_auto (Analysis) a = { 0 };
  const MfPantelides *p;
  g_autoptr (GPtrArray) over = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) rows = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *over_names = NULL, *under_names = NULL, *numerical = NULL;

  analyse (&a, mf_test_circuit_new (
                 "{ \"manifold\": 1, \"components\": ["
                 "  { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"10 bar\" },"
                 "  { \"id\": \"T2\", \"type\": \"tank\" },"
                 "  { \"id\": \"P1\", \"type\": \"pipe\", \"length\": 1, \"diameter\": 0.01 },"
                 "  { \"id\": \"P2\", \"type\": \"pipe\", \"length\": 1, \"diameter\": 0.01 },"
                 "  { \"id\": \"J1\", \"type\": \"junction\" },"
                 "  { \"id\": \"J2\", \"type\": \"junction\" },"
                 "  { \"id\": \"J3\", \"type\": \"junction\" },"
                 "  { \"id\": \"V1\", \"type\": \"valve\", \"area\": 1e-5 },"
                 "  { \"id\": \"V2\", \"type\": \"valve\", \"area\": 1e-5 } ],"
                 "  \"wires\": [ [\"T1.p\", \"P1.a\"], [\"P1.b\", \"J1.p\"], [\"J1.p\", \"V1.a\"],"
                 "    [\"V1.b\", \"J2.p\"], [\"J2.p\", \"V2.a\"], [\"V2.b\", \"J3.p\"],"
                 "    [\"J3.p\", \"P2.a\"], [\"P2.b\", \"T2.p\"] ],"
                 "  \"modes\": [ { \"name\": \"shut\", \"closed\": [\"V1\", \"V2\"] } ] }"),
           0);
  p = a.structural->pantelides;
  for (guint i = 0; i < mf_incidence_n_equations (a.structural->incidence); i++)
    if (p->overdetermined[i])
      g_ptr_array_add (over, g_strdup (mf_incidence_equation_name (a.structural->incidence, i)));
  over_names = sorted_names (over);
  g_assert_cmpstr (over_names, ==, "J2 continuity, V1 closed, V2 closed");
  g_assert_cmpuint (p->n_left_out, ==, 1);
  under_names = unknown_names (a.structural, a.structural->undetermined);
  g_assert_cmpstr (under_names, ==, "λ(J2), λ(V1 closed), λ(V2 closed)");
  for (guint r = 0; r < a.reduction->n_rows; r++)
    if (!a.reduction->row_determined[r])
      g_ptr_array_add (rows, g_strdup_printf ("λ(%s)", a.reduction->row_names[r]));
  numerical = sorted_names (rows);
  g_assert_cmpstr (under_names, ==, numerical);
  g_assert_cmpuint (a.reduction->n_rows - a.reduction->nullspace->rank, ==, 1);
  g_assert_cmpint (p->structural_index, ==, a.reduction->index_lagrange);
}

/* --- Every example --------------------------------------------------------
 *
 * What each example's modes give: the structural index against the
 * numerical index of the multiplier form (equal in all of them, the system
 * Jacobian regular) and of the reduced system, the equations Pantelides
 * differentiates, the dummy derivatives and the algebraic loops.  A new
 * example must be added here. */

typedef struct
{
  const char *example;
  const char *mode;
  int         structural;
  int         lagrange;
  int         reduced;
  const char *differentiated;
  const char *dummies;
  guint       loops;
} ExampleCase;

static const ExampleCase example_cases[] = {
  /* the accumulator's law 0 = p_J1 − p_gas(x) fixes the junction's
   * multiplier from its position: nothing to differentiate.  Charging,
   * every velocity follows the pump (reduced 0); discharging, V1's flow
   * is the one its law solves for (reduced 1). */
  { "accumulator-charge-discharge", "charge", 1, 1, 0, "", "", 0 },
  { "accumulator-charge-discharge", "discharge", 1, 1, 1, "", "", 0 },
  { "check-valve-cylinder", "default", 2, 2, 0, "J3 continuity (1), C1.v = M1.v (1)",
    "C1.v', P1.v'", 1 },
  { "compliant-volume", "default", 1, 1, 0, "", "", 0 },
  { "cylinder-end-stop", "default", 2, 2, 0, "C1.v = M1.v (1)", "C1.v'", 1 },
  /* the motor's leak takes up what the line brings and the motor does not
   * pass, so the line's flow and the shaft's speed are free of each other:
   * nothing to differentiate */
  { "hydrostatic-transmission", "default", 1, 1, 1, "", "", 0 },
  { "orifice-between-volumes", "default", 1, 1, 1, "", "", 0 },
  { "orifice-closes-and-reopens", "default", 1, 1, 1, "", "", 1 },
  { "pipe-drain", "default", 1, 1, 0, "", "", 0 },
  { "piston-accumulator", "default", 2, 2, 2, "C1 law (1)", "P1.b.p'", 1 },
  { "pump-cylinder-spring", "default", 2, 2, 0,
    "J1 continuity (1), J2 continuity (1), J3 continuity (1), C1.v = M1.v (1)",
    "C1.v', M1.v', P1.v', P2.v'", 0 },
  { "pump-parallel-orifices", "default", 2, 2, 1, "Q1.b continuity (1)", "P1.v'", 1 },
  { "pump-relief-valve", "default", 2, 2, 1, "Q1.b continuity (1)", "P1.v'", 1 },
  { "textbook-cylinder", "default", 2, 2, 1, "C1.v = M1.v (1)", "C1.v'", 2 },
  { "position-control", "default", 2, 2, 1, "C1.v = M1.v (1)", "C1.v'", 2 },
  { "three-pipes", "default", 2, 2, 0, "J1 continuity (1)", "P2.v'", 1 },
  { "two-mass-spring", "default", 0, 0, 0, "", "", 0 },
  { "two-massless-pistons", "default", 2, 2, 2, "C1 law (1), C2 law (1)",
    "C2.cap.p', λ(C1.v = C2.v)'", 1 },
  { "valve-closing", "V1 open", 1, 1, 0, "", "", 0 },
  { "valve-closing", "V1 shut", 2, 2, 0, "J1 continuity (1), V1 closed (1)", "P2.v', V1.v'", 1 },
  { "water-hammer-chain", "S1 open", 1, 1, 0, "", "", 0 },
  { "water-hammer-chain", "S1 shut", 2, 2, 0, "J4 continuity (1), S1 closed (1)", "P4.v', S1.v'",
    0 },
};

static const ExampleCase *
find_case (const char *example, const char *mode)
{
  for (guint k = 0; k < G_N_ELEMENTS (example_cases); k++)
    if (g_str_equal (example_cases[k].example, example)
        && g_str_equal (example_cases[k].mode, mode))
      return &example_cases[k];
  g_error ("%s, mode '%s': not in example_cases", example, mode);
  return NULL;
}

static void
check_example_mode (const char *example, guint mode, guint *checked)
{
  g_auto (Analysis) a = { 0 };
  const MfMode *m;
  const ExampleCase *c;
  g_autofree char *diff = NULL;

  analyse (&a, example_load (example), mode);
  m = g_ptr_array_index (mf_model_get_circuit (a.circuit->model)->modes, mode);
  c = find_case (example, m->name);
  diff = differentiated (a.structural);
  g_test_message ("%s, %s: structural %d, multiplier form %d, reduced %d; differentiated: %s; "
                  "loops %u", example, m->name, a.structural->pantelides->structural_index,
                  a.reduction->index_lagrange, a.reduction->index, diff,
                  a.structural->blt->n_loops);

  g_assert_cmpint (a.structural->jacobian_rank, ==, MF_JACOBIAN_REGULAR);
  g_assert_cmpuint (a.structural->pantelides->n_left_out, ==, 0);
  g_assert_cmpuint (a.structural->undetermined->len, ==, 0);
  assert_structure (&a, c->structural, c->lagrange, c->reduced, c->differentiated, c->dummies,
                    NULL);
  g_assert_cmpuint (a.structural->blt->n_loops, ==, c->loops);
  (*checked)++;
}

static void
test_examples (void)
{
  g_autofree char *dir_name = examples_dir ();
  g_autoptr (GDir) dir = g_dir_open (dir_name, 0, NULL);
  const char *name;
  guint checked = 0;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *example = NULL;
      g_autoptr (MfTestCircuit) tc = NULL;

      if (!g_str_has_suffix (name, ".manifold"))
        continue;
      example = g_strndup (name, strlen (name) - strlen (".manifold"));
      tc = example_load (example);
      for (guint mode = 0; mode < mf_model_get_circuit (tc->model)->modes->len; mode++)
        check_example_mode (example, mode, &checked);
    }
  g_assert_cmpuint (checked, ==, G_N_ELEMENTS (example_cases));
}

/* --- Meshes ---------------------------------------------------------------
 *
 * A 3 × 3 grid of junctions Jrc joined by laminar pipes — Hrc from Jrc to
 * Jr(c+1), Vrc from Jrc to J(r+1)c, 12 of them — fed from a tank at 10 bar
 * through PS into J11 and drained through PD from J33 into a tank at 0.
 * With `drains`, an orifice Orc from every junction to a drain tank. */
static char *
mesh_document (gboolean drains)
{
  GString *json = g_string_new ("{ \"manifold\": 1, \"components\": [\n"
                                "  { \"id\": \"TS\", \"type\": \"tank\","
                                " \"pressure\": \"10 bar\" },\n"
                                "  { \"id\": \"TD\", \"type\": \"tank\" },\n"
                                "  { \"id\": \"PS\", \"type\": \"pipe\", \"length\": 2, "
                                "\"diameter\": 0.02, \"friction\": \"laminar\" },\n"
                                "  { \"id\": \"PD\", \"type\": \"pipe\", \"length\": 2, "
                                "\"diameter\": 0.02, \"friction\": \"laminar\" }");
  GString *wires = g_string_new ("  [\"TS.p\", \"PS.a\"], [\"PS.b\", \"J11.p\"], "
                                 "[\"J33.p\", \"PD.a\"], [\"PD.b\", \"TD.p\"]");

  for (guint r = 1; r <= 3; r++)
    for (guint c = 1; c <= 3; c++)
      {
        g_string_append_printf (json, ",\n  { \"id\": \"J%u%u\", \"type\": \"junction\" }", r, c);
        if (c < 3)
          {
            g_string_append_printf (json, ",\n  { \"id\": \"H%u%u\", \"type\": \"pipe\", "
                                          "\"length\": 1, \"diameter\": 0.01, "
                                          "\"friction\": \"laminar\" }", r, c);
            g_string_append_printf (wires, ", [\"J%u%u.p\", \"H%u%u.a\"], [\"H%u%u.b\", "
                                           "\"J%u%u.p\"]", r, c, r, c, r, c, r, c + 1);
          }
        if (r < 3)
          {
            g_string_append_printf (json, ",\n  { \"id\": \"V%u%u\", \"type\": \"pipe\", "
                                          "\"length\": 1, \"diameter\": 0.01, "
                                          "\"friction\": \"laminar\" }", r, c);
            g_string_append_printf (wires, ", [\"J%u%u.p\", \"V%u%u.a\"], [\"V%u%u.b\", "
                                           "\"J%u%u.p\"]", r, c, r, c, r, c, r + 1, c);
          }
        if (drains)
          {
            g_string_append_printf (json, ",\n  { \"id\": \"O%u%u\", \"type\": \"orifice\", "
                                          "\"area\": \"%u mm^2\" }", r, c, r + c);
            g_string_append_printf (wires, ", [\"J%u%u.p\", \"O%u%u.a\"], [\"O%u%u.b\", "
                                           "\"TD.p\"]", r, c, r, c, r, c);
          }
      }
  g_string_append_printf (json, " ],\n\"wires\": [\n%s ] }\n", wires->str);
  g_string_free (wires, TRUE);
  return g_string_free (json, FALSE);
}

/* Whether the torn block b can be solved as mf-blt.h says: with the tears
 * known, each equation before the residuals holds exactly one unknown of
 * the block not yet known, the one it is paired with. */
static gboolean
tearing_is_sequential (const MfStructural *s, guint b)
{
  const MfPantelides *p = s->pantelides;
  const MfBlt *blt = s->blt;
  guint first = blt->block_start[b], end = blt->block_start[b + 1];
  g_autoptr (GHashTable) unknown = g_hash_table_new (NULL, NULL);

  /* in the block, and not known yet */
  for (guint k = first; k < end - blt->n_tear[b]; k++)
    g_hash_table_add (unknown, GUINT_TO_POINTER (blt->unknowns[k] + 1));
  for (guint k = first; k < end - blt->n_tear[b]; k++)
    {
      guint e = blt->equations[k], missing = 0, last = NONE;

      for (guint q = GET (p->start, e); q < GET (p->start, e + 1); q++)
        if (g_hash_table_contains (unknown, GUINT_TO_POINTER (GET (p->col, q) + 1)))
          {
            missing++;
            last = GET (p->col, q);
          }
      if (missing != 1 || last != blt->unknowns[k])
        return FALSE;
      g_hash_table_remove (unknown, GUINT_TO_POINTER (last + 1));
    }
  return g_hash_table_size (unknown) == 0;
}

/* The block's equations as sets of places of its unknowns. */
static GPtrArray *
block_rows (const MfStructural *s, guint b)
{
  const MfPantelides *p = s->pantelides;
  const MfBlt *blt = s->blt;
  guint first = blt->block_start[b], end = blt->block_start[b + 1];
  GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);

  for (guint k = first; k < end; k++)
    {
      GArray *row = g_array_new (FALSE, FALSE, sizeof (guint));

      for (guint q = GET (p->start, blt->equations[k]); q < GET (p->start, blt->equations[k] + 1);
           q++)
        for (guint u = first; u < end; u++)
          if (blt->unknowns[u] == GET (p->col, q))
            {
              guint place = u - first;

              g_array_append_val (row, place);
            }
      g_ptr_array_add (rows, row);
    }
  return rows;
}

/* Whether guessing the unknowns of `tears` (a bit set of places) lets
 * every other follow, an equation with a single unknown missing at a
 * time; what follows does not depend on the order. */
static gboolean
tears_suffice (const GPtrArray *rows, guint n, guint32 tears)
{
  guint32 known = tears, all = (1u << n) - 1;
  gboolean grew = TRUE;

  while (grew && known != all)
    {
      grew = FALSE;
      for (guint e = 0; e < rows->len; e++)
        {
          const GArray *row = g_ptr_array_index (rows, e);
          guint missing = 0, last = 0;

          for (guint k = 0; k < row->len; k++)
            if (!(known & (1u << GET (row, k))))
              {
                missing++;
                last = GET (row, k);
              }
          if (missing == 1)
            {
              known |= 1u << last;
              grew = TRUE;
            }
        }
    }
  return known == all;
}

/* The fewest tears of block b, by trying every set of k unknowns for
 * k = 1, 2, ... */
static guint
fewest_tears (const MfStructural *s, guint b)
{
  g_autoptr (GPtrArray) rows = block_rows (s, b);
  guint n = mf_blt_block_size (s->blt, b);

  g_assert_cmpuint (n, <, 32);
  for (guint k = 1; k <= n; k++)
    {
      /* the sets of k places in increasing order (Gosper's hack) */
      for (guint32 set = (1u << k) - 1; set < (1u << n) && set != 0;)
        {
          guint32 low = set & -set, ripple = set + low;

          if (tears_suffice (rows, n, set))
            return k;
          set = (((ripple ^ set) >> 2) / low) | ripple;
        }
    }
  return n;
}

/* Pipes alone: every junction's continuity holds states only and is
 * differentiated once (9 rows); structural index 2.  Nothing but the pipe
 * velocities is a state, so the 14 momentum equations and the 9 derivatives
 * of continuity, on the 14 accelerations and the 9 junction pressures, are
 * one algebraic loop of 23: every pressure reaches every acceleration
 * through the grid.  The greedy tearing guesses 4 unknowns: one more than
 * the fewest that can be (3, found here by trying every set), and far
 * fewer than the 9 pressures of a tearing by every junction. */
static void
test_mesh_of_pipes (void)
{
  g_auto (Analysis) a = { 0 };
  g_autofree char *json = mesh_document (FALSE);
  const MfBlt *blt;

  analyse (&a, mf_test_circuit_new (json), 0);
  blt = a.structural->blt;
  g_assert_cmpint (a.structural->pantelides->structural_index, ==, 2);
  g_assert_cmpint (a.reduction->index_lagrange, ==, 2);
  g_assert_cmpuint (a.structural->pantelides->steps->len, ==, 9);
  g_assert_cmpuint (blt->n_blocks, ==, 1);
  g_assert_cmpuint (mf_blt_block_size (blt, 0), ==, 23);
  g_assert_cmpuint (blt->n_loops, ==, 1);
  g_assert_cmpuint (blt->n_tear[0], ==, 4);
  g_assert_cmpuint (fewest_tears (a.structural, 0), ==, 3);
  g_assert_true (tearing_is_sequential (a.structural, 0));
}

/* With an orifice from every junction to the drain, each junction's
 * continuity holds its orifice's velocity, an algebraic unknown, and is
 * solved for it as it is: nothing is differentiated (structural index 1).
 * The block form falls apart into 32 blocks of one equation: the 9
 * continuity equations give the orifice flows from the pipes' velocities,
 * the 9 orifice laws then the junction pressures, and the 14 momentum
 * equations the accelerations.  No Newton on a loop: what makes the mesh
 * of drains of issue 14 cheap for IDA. */
static void
test_mesh_with_drains (void)
{
  g_auto (Analysis) a = { 0 };
  g_autofree char *json = mesh_document (TRUE);
  const MfBlt *blt;
  g_autofree char *first = NULL, *last = NULL;

  analyse (&a, mf_test_circuit_new (json), 0);
  blt = a.structural->blt;
  g_assert_cmpint (a.structural->pantelides->structural_index, ==, 1);
  g_assert_cmpint (a.reduction->index_lagrange, ==, 1);
  g_assert_cmpuint (a.structural->pantelides->steps->len, ==, 0);
  g_assert_cmpuint (blt->n_blocks, ==, 32);
  g_assert_cmpuint (blt->n_loops, ==, 0);
  g_assert_cmpuint (blt->largest, ==, 1);
  first = block_names (a.structural, 0, TRUE);
  last = block_names (a.structural, 31, TRUE);
  g_assert_true (g_str_has_suffix (first, " continuity"));
  g_assert_true (g_str_has_suffix (last, " momentum"));
}

/* --- Random circuits ------------------------------------------------------
 *
 * The oracle's random circuits (mf-random-circuit.h), every mode: where
 * the system Jacobian is regular the structural index is an upper bound
 * of the index, and on these circuits it is the index — the multiplier
 * form's, found numerically.  Where the Jacobian is singular (a
 * cancellation), or the numerical procedure finds the equations do not
 * determine the state, the comparison says so in words. */
static void
test_random_circuits (void)
{
  const MfRandomFeatures features[] = { MF_RANDOM_BASIC, MF_RANDOM_SWITCHING, MF_RANDOM_PISTONS,
                                        MF_RANDOM_SWITCHING | MF_RANDOM_PISTONS };
  guint modes = 0, by_index[4] = { 0 }, differentiated_modes = 0;

  for (guint f = 0; f < G_N_ELEMENTS (features); f++)
    for (guint32 seed = 1; seed <= 150; seed++)
      {
        g_autofree char *json = mf_random_circuit (seed, features[f]);
        g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (json);

        for (guint mode = 0; mode < mf_model_get_circuit (tc->model)->modes->len; mode++)
          {
            g_autoptr (MfReduction) red = mf_reduction_new (tc->model, mode);
            g_autoptr (MfStructural) s = mf_structural_new_for_mode (tc->model, red);
            int structural = s->pantelides->structural_index;

            g_assert_false (s->pantelides->failed);
            if (s->jacobian_rank != MF_JACOBIAN_REGULAR || red->index_lagrange < 0)
              {
                g_autofree char *why = mf_structural_compare (s, red->index_lagrange);

                g_test_message ("seed %u (features %d), mode %u: %s", seed, features[f], mode, why);
                continue;
              }
            if (structural != red->index_lagrange)
              g_error ("seed %u (features %d), mode %u: structural index %d, numerical %d", seed,
                       features[f], mode, structural, red->index_lagrange);
            modes++;
            by_index[MIN (structural, 3)]++;
            differentiated_modes += s->pantelides->steps->len > 0;
          }
      }
  g_test_message ("%u modes: index 0: %u, 1: %u, 2: %u, 3+: %u", modes, by_index[0], by_index[1],
                  by_index[2], by_index[3]);
  g_assert_cmpuint (modes, >, 500);
  g_assert_cmpuint (by_index[1], >, 50);
  g_assert_cmpuint (by_index[2], >, 50);
  g_assert_cmpuint (differentiated_modes, >, 50);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/structure/circuits/three-pipes", test_three_pipes);
  g_test_add_func ("/core/structure/circuits/pump-parallel-orifices",
                   test_pump_parallel_orifices);
  g_test_add_func ("/core/structure/circuits/piston-accumulator", test_piston_accumulator);
  g_test_add_func ("/core/structure/circuits/cancellation", test_cancellation);
  g_test_add_func ("/core/structure/circuits/closed-valves", test_closed_valves);
  g_test_add_func ("/core/structure/circuits/examples", test_examples);
  g_test_add_func ("/core/structure/circuits/mesh-of-pipes", test_mesh_of_pipes);
  g_test_add_func ("/core/structure/circuits/mesh-with-drains", test_mesh_with_drains);
  g_test_add_func ("/core/structure/circuits/random", test_random_circuits);
  return g_test_run ();
}
