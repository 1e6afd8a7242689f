/* mf-decimal.c
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-decimal.h"

#include <float.h>
#include <math.h>
#include <string.h>

#define DIGITS 10
/* Powers of ten up to 10^27 are exact in the x87 extended format (5^27 <
 * 2^64), so scaling by one of them is a single rounding. */
#define MAX_POWER 27
/* The scaled value s, in [1e9, 1e10), is within a few units of the last
 * place of the extended format of the exact a·10^k: a fraction of s this
 * close to one half may round either way, and printf decides. */
#define TIE_MARGIN (1e10 * 8.0 * LDBL_EPSILON)

static long double
power_of_ten (int k)
{
  static const long double powers[MAX_POWER + 1] = {
    1e0L, 1e1L, 1e2L, 1e3L, 1e4L, 1e5L, 1e6L, 1e7L, 1e8L, 1e9L, 1e10L, 1e11L, 1e12L, 1e13L,
    1e14L, 1e15L, 1e16L, 1e17L, 1e18L, 1e19L, 1e20L, 1e21L, 1e22L, 1e23L, 1e24L, 1e25L,
    1e26L, 1e27L,
  };

  return powers[k];
}

/* |value| · 10^k, for |k| ≤ MAX_POWER. */
static long double
scaled (double magnitude, int k)
{
  return k >= 0 ? (long double) magnitude * power_of_ten (k)
                : (long double) magnitude / power_of_ten (-k);
}

static gsize
fallback (char *text, double value)
{
  g_ascii_formatd (text, MF_DECIMAL_SIZE, "%.10g", value);
  return strlen (text);
}

/* Drops the trailing zeros of the DIGITS digits from `first` on, and the
 * decimal point before them when none is left. */
static char *
append_fraction (char *end, const char *digits, int first)
{
  int last = DIGITS - 1;

  while (last >= first && digits[last] == '0')
    last--;
  if (last < first)
    return end;
  *end++ = '.';
  for (int i = first; i <= last; i++)
    *end++ = digits[i];
  return end;
}

gsize
mf_decimal_format (char *text, double value)
{
  double magnitude = fabs (value);
  char digits[DIGITS], *end = text;
  int exponent, k;
  long double s, whole, fraction;
  guint64 m;

  if (magnitude == 0.0)
    {
      /* a sign is kept: "-0" */
      if (signbit (value))
        *end++ = '-';
      *end++ = '0';
      *end = '\0';
      return (gsize) (end - text);
    }
  if (!(magnitude >= 1e-18 && magnitude < 1e36))
    return fallback (text, value);
  exponent = (int) floor (log10 (magnitude));
  k = DIGITS - 1 - exponent;
  if (k < -MAX_POWER || k > MAX_POWER)
    return fallback (text, value);
  s = scaled (magnitude, k);
  if (s < 1e9L && k < MAX_POWER)
    s = scaled (magnitude, ++k), exponent--;
  else if (s >= 1e10L && k > -MAX_POWER)
    s = scaled (magnitude, --k), exponent++;
  if (s < 1e9L || s >= 1e10L)
    return fallback (text, value);
  whole = floorl (s);
  fraction = s - whole;
  if (fabsl (fraction - 0.5L) < TIE_MARGIN)
    return fallback (text, value);
  m = (guint64) whole + (fraction > 0.5L);
  if (m == G_GUINT64_CONSTANT (10000000000))
    m /= 10, exponent++;
  for (int i = DIGITS - 1; i >= 0; i--, m /= 10)
    digits[i] = (char) ('0' + m % 10);

  if (value < 0)
    *end++ = '-';
  if (exponent < -4 || exponent >= DIGITS)
    {
      /* "%e" style: d.ddd, then e±XX with at least two digits */
      int e = ABS (exponent);

      *end++ = digits[0];
      end = append_fraction (end, digits, 1);
      *end++ = 'e';
      *end++ = exponent < 0 ? '-' : '+';
      if (e >= 100)
        *end++ = (char) ('0' + e / 100);
      *end++ = (char) ('0' + e / 10 % 10);
      *end++ = (char) ('0' + e % 10);
    }
  else if (exponent >= 0)
    {
      for (int i = 0; i <= exponent; i++)
        *end++ = digits[i];
      end = append_fraction (end, digits, exponent + 1);
    }
  else
    {
      /* 0.000ddd: the digits after -exponent - 1 zeros; the first digit
       * is not 0, so the point always keeps some */
      *end++ = '0';
      *end++ = '.';
      for (int i = 0; i < -exponent - 1; i++)
        *end++ = '0';
      for (int i = 0; i < DIGITS; i++)
        *end++ = digits[i];
      while (end[-1] == '0')
        end--;
    }
  *end = '\0';
  return (gsize) (end - text);
}
