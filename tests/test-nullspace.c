/* test-nullspace.c: rank, state choice and α by pivoted elimination.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>

#include "mf-nullspace.h"

#define AT(a, rows, i, j) ((a)[(gsize) (j) * (rows) + (i)])

/* W α must vanish and α must hold the identity on the independent states. */
static void
assert_basis (const MfNullspace *ns, const double *w)
{
  guint n_free = ns->cols - ns->rank;

  for (guint i = 0; i < ns->rows; i++)
    for (guint j = 0; j < n_free; j++)
      {
        double sum = 0.0;

        for (guint k = 0; k < ns->cols; k++)
          sum += AT (w, ns->rows, i, k) * AT (ns->alpha, ns->cols, k, j);
        g_assert_cmpfloat (fabs (sum), <, 1e-14);
      }
  for (guint i = 0; i < n_free; i++)
    for (guint j = 0; j < n_free; j++)
      g_assert_cmpfloat (AT (ns->alpha, ns->cols, ns->independent[i], j), ==, i == j ? 1.0 : 0.0);
}

/* One junction, three pipes of areas 1e-4, 2e-4, 3e-4 (column-major 1×3). */
static void
test_junction (void)
{
  const double w[] = { -1e-4, -2e-4, 3e-4 };
  const guint prefer_last_dependent[] = { 0, 1, 2 };
  const guint prefer_first_dependent[] = { 2, 1, 0 };
  g_autoptr (MfNullspace) a = mf_nullspace_select (w, 1, 3, prefer_last_dependent, 0.0);
  g_autoptr (MfNullspace) b = mf_nullspace_select (w, 1, 3, prefer_first_dependent, 0.0);

  g_assert_cmpuint (a->rank, ==, 1);
  g_assert_cmpuint (a->dependent[0], ==, 2);
  g_assert_cmpuint (a->independent[0], ==, 0);
  g_assert_cmpuint (a->independent[1], ==, 1);
  /* v3 = (A1 v1 + A2 v2) / A3 */
  g_assert_cmpfloat (fabs (AT (a->alpha, 3, 2, 0) - 1.0 / 3.0), <, 1e-15);
  g_assert_cmpfloat (fabs (AT (a->alpha, 3, 2, 1) - 2.0 / 3.0), <, 1e-15);
  assert_basis (a, w);

  g_assert_cmpuint (b->dependent[0], ==, 0);
  assert_basis (b, w);
}

/* Two junctions in series and a closed-valve row: the third row repeats a
 * combination of the others, so it is redundant and the rank is 2. */
static void
test_redundant (void)
{
  /* rows: J1: v1 − v2 = 0, J2: v2 − v3 = 0, closed: v1 − v3 = 0 (dependent) */
  const double w[] = { 1, 0, 1, /* col v1 */ -1, 1, 0, /* col v2 */ 0, -1, -1 /* col v3 */ };
  const guint preference[] = { 0, 1, 2 };
  g_autoptr (MfNullspace) ns = mf_nullspace_select (w, 3, 3, preference, 0.0);

  g_assert_cmpuint (ns->rank, ==, 2);
  g_assert_cmpuint (ns->independent[0], ==, 0);
  g_assert_cmpuint (ns->redundant[0], ==, 2);
  assert_basis (ns, w);
}

/* Rows of very different scale (areas next to unit rows) keep full rank. */
static void
test_scaling (void)
{
  const double w[] = { 1e-6, 1.0, /* v1 */ 2e-6, 0.0, /* v2 */ -3e-6, 0.0 /* v3 */ };
  const guint preference[] = { 0, 1, 2 };
  g_autoptr (MfNullspace) ns = mf_nullspace_select (w, 2, 3, preference, 0.0);

  g_assert_cmpuint (ns->rank, ==, 2);
  g_assert_cmpuint (ns->independent[0], ==, 1);
  assert_basis (ns, w);
}

static void
test_no_rows (void)
{
  const guint preference[] = { 1, 0 };
  g_autoptr (MfNullspace) ns = mf_nullspace_select (NULL, 0, 2, preference, 0.0);

  g_assert_cmpuint (ns->rank, ==, 0);
  g_assert_cmpuint (ns->independent[0], ==, 1);
  g_assert_cmpfloat (AT (ns->alpha, 2, 1, 0), ==, 1.0);
}

/* σ of [[3, 0], [4, 5]]: σ1² + σ2² = 50 and σ1 σ2 = 15, so √45 and √5. */
static void
test_singular_values (void)
{
  const double a[] = { 3, 4, 0, 5 };
  double sigma[2];

  g_assert_true (mf_singular_values (a, 2, 2, sigma));
  g_assert_cmpfloat (fabs (sigma[0] - sqrt (45.0)), <, 1e-14);
  g_assert_cmpfloat (fabs (sigma[1] - sqrt (5.0)), <, 1e-14);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/nullspace/junction", test_junction);
  g_test_add_func ("/core/nullspace/redundant", test_redundant);
  g_test_add_func ("/core/nullspace/scaling", test_scaling);
  g_test_add_func ("/core/nullspace/no-rows", test_no_rows);
  g_test_add_func ("/core/nullspace/singular-values", test_singular_values);
  return g_test_run ();
}
