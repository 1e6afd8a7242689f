/* test-decimal.c: numbers as the CSV writes them (mf-decimal.h) — the
 * same text as the C library's "%.10g", byte for byte, on values of every
 * kind a run writes and on the cases that are hard to round.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "mf-decimal.h"

static guint checked;

static void
check (double value)
{
  char ours[MF_DECIMAL_SIZE], libc[MF_DECIMAL_SIZE];
  gsize length = mf_decimal_format (ours, value);

  g_ascii_formatd (libc, sizeof libc, "%.10g", value);
  if (strcmp (ours, libc) != 0)
    g_error ("%.17g: mf_decimal_format() writes \"%s\", printf \"%s\"", value, ours, libc);
  g_assert_cmpuint (length, ==, strlen (libc));
  checked++;
}

static void
check_both_signs (double value)
{
  check (value);
  check (-value);
}

/* Values whose text is fixed by hand: the style switches of %g. */
static void
test_written (void)
{
  const struct { double value; const char *text; } cases[] = {
    { 0.0, "0" },
    { -0.0, "-0" },
    { 1.0, "1" },
    { -2.5, "-2.5" },
    { 0.1, "0.1" },
    { 1e-4, "0.0001" },
    { 1.5e-5, "1.5e-05" },
    { 123456789.0, "123456789" },
    { 1234567890.0, "1234567890" },
    { 12345678901.0, "1.23456789e+10" },
    { 9999999999.5, "1e+10" },
    { 1e100, "1e+100" },
    { 3.14159265358979, "3.141592654" },
    { 1.0 / 3.0, "0.3333333333" },
    { 2.0 / 3.0 * 1e-7, "6.666666667e-08" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      char text[MF_DECIMAL_SIZE];

      mf_decimal_format (text, cases[i].value);
      g_assert_cmpstr (text, ==, cases[i].text);
      check (cases[i].value);
    }
}

/* Random values in every decade the fast path takes and beyond it, random
 * bit patterns, and values with few digits (a run's parameters, its time
 * grid) which sit on or next to the ties of the tenth digit. */
static void
test_random (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (20261126);

  checked = 0;
  for (int decade = -30; decade <= 40; decade++)
    for (guint i = 0; i < 20000; i++)
      check_both_signs (g_rand_double_range (rand, 1.0, 10.0) * pow (10.0, decade));
  for (guint i = 0; i < 200000; i++)
    {
      guint64 bits = ((guint64) g_rand_int (rand) << 32) | g_rand_int (rand);
      double value;

      memcpy (&value, &bits, sizeof value);
      if (isfinite (value))
        check (value);
    }
  for (guint i = 0; i < 200000; i++)
    {
      /* n / 10^j and (n + 1/2) · 10^j: exact decimals and halfway cases */
      gint64 n = g_rand_int_range (rand, 1, G_MAXINT32) * (gint64) g_rand_int_range (rand, 1, 10);
      int j = g_rand_int_range (rand, -20, 20);

      check_both_signs ((double) n / pow (10.0, j));
      check_both_signs (((double) n + 0.5) * pow (10.0, j));
      check_both_signs (i * 5e-4);
    }
  g_test_message ("%u values compared with printf", checked);
}

/* Powers of ten and their neighbours, where the decade is decided by the
 * last bit; the limits of a double. */
static void
test_edges (void)
{
  for (int k = -320; k <= 308; k++)
    {
      double power = pow (10.0, k);

      check_both_signs (power);
      check_both_signs (nextafter (power, 0.0));
      check_both_signs (nextafter (power, INFINITY));
      check_both_signs (power * (1.0 - 5e-11));
      check_both_signs (power * (1.0 + 5e-11));
      check_both_signs (power * 9.9999999995);
    }
  check_both_signs (DBL_MAX);
  check_both_signs (DBL_MIN);
  check_both_signs (DBL_TRUE_MIN);
  check_both_signs (0.0);
  check_both_signs (INFINITY);
  check (NAN);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/decimal/written", test_written);
  g_test_add_func ("/core/decimal/random", test_random);
  g_test_add_func ("/core/decimal/edges", test_edges);
  return g_test_run ();
}
