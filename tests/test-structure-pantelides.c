/* test-structure-pantelides.c: Pantelides' algorithm, the dummy
 * derivatives, the system Jacobian and the block triangular form on
 * systems written directly as incidences (mf-incidence.h): the pendulum in
 * Cartesian coordinates, worked by hand below, and random systems, on
 * which the properties the algorithm promises are checked.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>

#include "mf-blt.h"
#include "mf-dummy-derivatives.h"
#include "mf-incidence.h"
#include "mf-matching.h"
#include "mf-pantelides.h"
#include "mf-system-jacobian.h"

#define NONE MF_INCIDENCE_NONE

/* Names of extended-system equations or unknowns, ", "-joined in the
 * order given. */
static char *
join_names (const MfPantelides *p, const GArray *items, gboolean equations)
{
  GString *s = g_string_new (NULL);

  for (guint k = 0; k < items->len; k++)
    {
      guint x = g_array_index (items, guint, k);
      g_autofree char *name = equations ? mf_pantelides_equation_name (p, x)
                                        : mf_pantelides_unknown_name (p, x);

      g_string_append_printf (s, "%s%s", k > 0 ? ", " : "", name);
    }
  return g_string_free (s, FALSE);
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

/* The same, sorted, so that a set reads the same whatever its order. */
static char *
join_sorted (const MfPantelides *p, const guint *items, guint n, gboolean equations)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

  for (guint k = 0; k < n; k++)
    g_ptr_array_add (names, equations ? mf_pantelides_equation_name (p, items[k])
                                      : mf_pantelides_unknown_name (p, items[k]));
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (", ", (char **) names->pdata);
}

/* --- The pendulum ---------------------------------------------------------
 *
 * A unit mass on a rod of length L, in x and y, the rod's force λ per unit
 * length (the seed's SICE slides, "振り子"):
 *
 *   x kinematics:  x' = vx          vx momentum:  vx' = −λ x
 *   y kinematics:  y' = vy          vy momentum:  vy' = −λ y − g
 *   length:        x² + y² = L²
 *
 * Unknowns x, y, vx, vy, λ and the derivatives x', y', vx', vy'; the values
 * are the derivatives at (x, y) with λ = 7.
 *
 * By hand: with the states x, y, vx, vy known, the kinematic equations
 * give x', y', the momentum equations vx', vy', and `length` holds no
 * unknown: it is structurally singular alone and is differentiated
 * (step 0, no new unknown: it holds only states).  Its derivative
 * 2x x' + 2y y' = 0 needs x' or y', which the kinematic equations hold:
 * {length', x kinematics, y kinematics} on {x', y'} is singular, so all
 * three are differentiated and x'', y'' made (step 1).  Then length''
 * takes x'' (or y''), x kinematics' vx', vx momentum λ: matched.
 *
 * So `length` is differentiated twice and the kinematic equations once,
 * the momentum equations not at all; λ stays algebraic, so the structural
 * index is 2 + 1 = 3: the differentiation index of the pendulum, λ' being
 * found only by differentiating the constraint a third time. */

typedef struct
{
  MfIncidence *incidence;
  guint x, y, vx, vy, lambda;
} Pendulum;

static void
add_pendulum_equation (MfIncidence *inc, const char *name, const guint *unknowns,
                       const double *values, guint n)
{
  guint e = mf_incidence_add_equation (inc, name);

  for (guint k = 0; k < n; k++)
    mf_incidence_add_entry (inc, e, unknowns[k], values[k]);
}

static Pendulum
pendulum_new (double x, double y)
{
  Pendulum p = { mf_incidence_new (), 0, 0, 0, 0, 0 };
  MfIncidence *inc = p.incidence;
  double lambda = 7.0;
  guint dx, dy, dvx, dvy;

  p.x = mf_incidence_add_unknown (inc, "x", NONE);
  p.y = mf_incidence_add_unknown (inc, "y", NONE);
  p.vx = mf_incidence_add_unknown (inc, "vx", NONE);
  p.vy = mf_incidence_add_unknown (inc, "vy", NONE);
  p.lambda = mf_incidence_add_unknown (inc, "λ", NONE);
  dx = mf_incidence_add_unknown (inc, "x'", p.x);
  dy = mf_incidence_add_unknown (inc, "y'", p.y);
  dvx = mf_incidence_add_unknown (inc, "vx'", p.vx);
  dvy = mf_incidence_add_unknown (inc, "vy'", p.vy);
  add_pendulum_equation (inc, "x kinematics", (guint[]) { dx, p.vx }, (double[]) { 1, -1 }, 2);
  add_pendulum_equation (inc, "y kinematics", (guint[]) { dy, p.vy }, (double[]) { 1, -1 }, 2);
  add_pendulum_equation (inc, "vx momentum", (guint[]) { dvx, p.lambda, p.x },
                         (double[]) { 1, x, lambda }, 3);
  add_pendulum_equation (inc, "vy momentum", (guint[]) { dvy, p.lambda, p.y },
                         (double[]) { 1, y, lambda }, 3);
  add_pendulum_equation (inc, "length", (guint[]) { p.x, p.y }, (double[]) { 2 * x, 2 * y }, 2);
  mf_incidence_finish (inc);
  return p;
}

static const MfPantelidesStep *
step_at (const MfPantelides *p, guint k)
{
  return g_ptr_array_index (p->steps, k);
}

static void
test_pendulum (void)
{
  Pendulum pendulum = pendulum_new (0.6, -0.8);
  g_autoptr (MfIncidence) inc = pendulum.incidence;
  g_autoptr (MfPantelides) p = mf_pantelides_new (inc);
  g_autofree guint *match = mf_pantelides_equation_match (p);
  g_autoptr (GArray) highest = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autofree char *diff0 = NULL, *new0 = NULL, *diff1 = NULL, *new1 = NULL, *final = NULL;
  g_autofree char *equation0 = NULL, *equation1 = NULL;

  g_assert_false (p->failed);
  g_assert_cmpuint (p->n_left_out, ==, 0);
  /* before any differentiation four equations match, `length` does not */
  g_assert_cmpuint (p->initial->size, ==, 4);
  g_assert_cmpuint (p->initial->row_match[4], ==, NONE);

  /* the differentiations per equation, in the order they were added */
  g_assert_cmpuint (p->differentiations[0], ==, 1);
  g_assert_cmpuint (p->differentiations[1], ==, 1);
  g_assert_cmpuint (p->differentiations[2], ==, 0);
  g_assert_cmpuint (p->differentiations[3], ==, 0);
  g_assert_cmpuint (p->differentiations[4], ==, 2);
  g_assert_cmpint (p->structural_index, ==, 3);

  g_assert_cmpuint (p->steps->len, ==, 2);
  equation0 = mf_pantelides_equation_name (p, step_at (p, 0)->equation);
  diff0 = join_names (p, step_at (p, 0)->differentiated, TRUE);
  new0 = join_names (p, step_at (p, 0)->new_unknowns, FALSE);
  g_assert_cmpstr (equation0, ==, "length");
  g_assert_cmpstr (diff0, ==, "length");
  g_assert_cmpstr (new0, ==, "");
  equation1 = mf_pantelides_equation_name (p, step_at (p, 1)->equation);
  diff1 = join_names (p, step_at (p, 1)->differentiated, TRUE);
  new1 = join_names (p, step_at (p, 1)->new_unknowns, FALSE);
  g_assert_cmpstr (equation1, ==, "length'");
  g_assert_cmpstr (diff1, ==, "length', x kinematics, y kinematics");
  g_assert_cmpstr (new1, ==, "x'', y''");

  /* every final equation is matched to a highest derivative, λ to one of
   * them: it is the algebraic unknown */
  for (guint e = 0; e < p->n_equations; e++)
    if (mf_pantelides_equation_is_final (p, e))
      {
        g_assert_cmpuint (match[e], !=, NONE);
        g_array_append_val (highest, match[e]);
      }
  g_assert_cmpuint (highest->len, ==, 5);
  final = join_sorted (p, (guint *) highest->data, highest->len, FALSE);
  g_assert_cmpstr (final, ==, "vx', vy', x'', y'', λ");
}

/* Dummy derivatives (Mattsson and Söderlind's own example).  Level 1: the
 * equations differentiated at least once, {x kinematics', y kinematics',
 * length''}, with the system Jacobian
 *
 *               x      y     vx    vy
 *   x kin.      1      0     −1     0      (∂/∂x', ∂/∂vx)
 *   y kin.      0      1      0    −1
 *   length     2x     2y      0     0      (∂/∂x, ∂/∂y)
 *
 * The least wanted of x, y, vx, vy (in that order of wanting) are taken
 * first: vy, vx, then y, where 2y ≠ 0: the dummies vy', vx', y''.  Level
 * 2: {length'} on what level 1 chose with d ≥ 2, {y}: y'.  What is left to
 * integrate is x and x': the angle and its rate.  At y = 0 the column of y
 * in `length` vanishes, and x is taken instead: the choice holds for the
 * point only (where the pendulum passes the horizontal, another is
 * needed). */
static char *
pendulum_dummies (double x, double y, char **states)
{
  Pendulum pendulum = pendulum_new (x, y);
  g_autoptr (MfIncidence) inc = pendulum.incidence;
  g_autoptr (MfPantelides) p = mf_pantelides_new (inc);
  g_autoptr (MfSparse) jacobian = mf_system_jacobian_new (p);
  g_autoptr (MfDummyDerivatives) dd = mf_dummy_derivatives_new (p, jacobian, NULL, 0);

  g_assert_cmpint (mf_system_jacobian_rank (p, jacobian), ==, MF_JACOBIAN_REGULAR);
  g_assert_nonnull (dd);
  g_assert_cmpuint (dd->failed_level, ==, 0);
  *states = join_sorted (p, (guint *) dd->states->data, dd->states->len, FALSE);
  return join_sorted (p, (guint *) dd->dummies->data, dd->dummies->len, FALSE);
}

static void
test_pendulum_dummies (void)
{
  g_autofree char *states = NULL, *states_level = NULL;
  g_autofree char *dummies = pendulum_dummies (0.6, -0.8, &states);
  g_autofree char *dummies_level = pendulum_dummies (1.0, 0.0, &states_level);

  g_assert_cmpstr (dummies, ==, "vx', vy', y', y''");
  g_assert_cmpstr (states, ==, "x, x'");
  g_assert_cmpstr (dummies_level, ==, "vx', vy', x', x''");
  g_assert_cmpstr (states_level, ==, "y, y'");
}

/* The final system, the states known: x kinematics' (x'' = vx'), vx
 * momentum (vx' from λ), length'' (x'' and y'' together) and the same for y
 * form one algebraic loop of five equations.  λ is in two of them, as are
 * the others; the tie goes to the algebraic λ, after which vx', vy', x'',
 * y'' follow one at a time and length'' is the residual. */
static void
test_pendulum_blt (void)
{
  Pendulum pendulum = pendulum_new (0.6, -0.8);
  g_autoptr (MfIncidence) inc = pendulum.incidence;
  g_autoptr (MfPantelides) p = mf_pantelides_new (inc);
  g_autoptr (MfBlt) blt = mf_blt_new (p);
  g_autofree char *tear = NULL, *residual = NULL;

  g_assert_cmpuint (blt->n_blocks, ==, 1);
  g_assert_cmpuint (mf_blt_block_size (blt, 0), ==, 5);
  g_assert_cmpuint (blt->n_tear[0], ==, 1);
  tear = mf_pantelides_unknown_name (p, blt->unknowns[4]);
  residual = mf_pantelides_equation_name (p, blt->equations[4]);
  g_assert_cmpstr (tear, ==, "λ");
  g_assert_cmpstr (residual, ==, "length''");
}

/* --- Random systems ------------------------------------------------------
 *
 * n equations in n families of unknowns, each family a variable and maybe
 * its derivative, entries drawn at random, with random values.  Whenever
 * the families can be matched to the equations (Pantelides' condition),
 * the algorithm must end with every equation matched, and the system
 * Jacobian — regular for random values exactly when its pattern has a
 * perfect matching — must be regular: that is what the differentiations
 * are for. */

static MfIncidence *
random_system (GRand *rand, guint n)
{
  MfIncidence *inc = mf_incidence_new ();
  g_autofree guint *derivative = g_new (guint, n);

  for (guint f = 0; f < n; f++)
    {
      g_autofree char *name = g_strdup_printf ("u%u", f);

      mf_incidence_add_unknown (inc, name, NONE);
    }
  for (guint f = 0; f < n; f++)
    {
      g_autofree char *name = g_strdup_printf ("u%u'", f);

      derivative[f] = g_rand_boolean (rand) ? mf_incidence_add_unknown (inc, name, f) : NONE;
    }
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = g_strdup_printf ("e%u", i);
      guint e = mf_incidence_add_equation (inc, name);
      guint entries = (guint) g_rand_int_range (rand, 1, 4);

      for (guint k = 0; k < entries; k++)
        {
          guint f = (guint) g_rand_int_range (rand, 0, (gint32) n);
          guint j = derivative[f] != NONE && g_rand_boolean (rand) ? derivative[f] : f;

          mf_incidence_add_entry (inc, e, j, g_rand_double_range (rand, 0.5, 2));
        }
    }
  mf_incidence_finish (inc);
  return inc;
}

static void
test_random (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (23);
  guint differentiated = 0, checked = 0;

  for (guint trial = 0; trial < 2000; trial++)
    {
      g_autoptr (MfIncidence) inc = random_system (rand, (guint) g_rand_int_range (rand, 1, 9));
      g_autoptr (MfPantelides) p = mf_pantelides_new (inc);
      g_autoptr (MfSparse) jacobian = NULL;
      g_autofree guint *match = NULL;
      g_autoptr (MfBlt) blt = NULL;
      guint placed = 0, kept = 0;

      g_assert_false (p->failed);
      if (p->n_left_out > 0)
        continue;
      checked++;
      differentiated += p->steps->len > 0;
      match = mf_pantelides_equation_match (p);
      for (guint e = 0; e < p->n_equations; e++)
        if (mf_pantelides_equation_is_final (p, e))
          {
            g_assert_cmpuint (match[e], !=, NONE);
            kept++;
          }
      jacobian = mf_system_jacobian_new (p);
      g_assert_cmpint (mf_system_jacobian_rank (p, jacobian), ==, MF_JACOBIAN_REGULAR);
      /* every final equation lands in exactly one block */
      blt = mf_blt_new (p);
      for (guint b = 0; b < blt->n_blocks; b++)
        placed += mf_blt_block_size (blt, b);
      g_assert_cmpuint (placed, ==, kept);
    }
  /* the draws exercise what they are meant to */
  g_assert_cmpuint (checked, >, 500);
  g_assert_cmpuint (differentiated, >, 100);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/structure/pantelides/pendulum", test_pendulum);
  g_test_add_func ("/core/structure/pantelides/pendulum-dummies", test_pendulum_dummies);
  g_test_add_func ("/core/structure/pantelides/pendulum-blt", test_pendulum_blt);
  g_test_add_func ("/core/structure/pantelides/random", test_random);
  return g_test_run ();
}
