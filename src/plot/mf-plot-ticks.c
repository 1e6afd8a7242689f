/* mf-plot-ticks.c: nice ticks for linear and logarithmic axes.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-plot-ticks.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define MAX_MAJOR 10
#define MIN_MAJOR 4

static const int mantissas[] = { 1, 2, 5 };

/* m × 10^e as the double nearest the decimal: 3 × 10^-1 is 0.3, which
 * 3 * 0.1 is not; that keeps labels and ticks exact. */
static double
decimal_value (double m, int e)
{
  if (e >= 0)
    return m * pow (10.0, e);
  return m / pow (10.0, -e);
}

typedef struct
{
  int index; /* into mantissas */
  int exponent;
} NiceStep;

static double
nice_step_value (NiceStep s)
{
  return decimal_value (mantissas[s.index], s.exponent);
}

static void
nice_step_next (NiceStep *s)
{
  if (++s->index == (int) G_N_ELEMENTS (mantissas))
    {
      s->index = 0;
      s->exponent++;
    }
}

/* The largest nice step at or below `raw` (> 0). */
static NiceStep
nice_step_below (double raw)
{
  NiceStep s = { 0, (int) floor (log10 (raw)) };
  NiceStep next = s;

  nice_step_next (&next);
  while (nice_step_value (next) <= raw)
    {
      s = next;
      nice_step_next (&next);
    }
  return s;
}

/* The first and last multiple of `step` for the range: outside it when
 * extending, inside it otherwise.  A relative slack keeps a tick that the
 * end misses by rounding only. */
static void
multiples (double lo, double hi, double step, gboolean extend, double *k0, double *k1)
{
  const double slack = 1e-9;

  if (extend)
    {
      *k0 = floor (lo / step + slack);
      *k1 = ceil (hi / step - slack);
    }
  else
    {
      *k0 = ceil (lo / step - slack);
      *k1 = floor (hi / step + slack);
    }
}

static void
widen_empty_range (double *lo, double *hi)
{
  double magnitude = MAX (fabs (*lo), fabs (*hi));

  if (*hi - *lo > magnitude * 1e-12 && *hi - *lo > 0)
    return;
  if (magnitude == 0)
    {
      *lo = -1;
      *hi = 1;
      return;
    }
  *lo = *lo - magnitude * 0.1;
  *hi = *hi + magnitude * 0.1;
}

void
mf_plot_ticks_linear (MfPlotTicks *ticks, double lo, double hi, gboolean extend)
{
  NiceStep s;
  double step, k0 = 0, k1 = 0, largest;

  memset (ticks, 0, sizeof *ticks);
  if (!isfinite (lo) || !isfinite (hi))
    {
      lo = 0;
      hi = 1;
    }
  if (lo > hi)
    {
      double swap = lo;

      lo = hi;
      hi = swap;
    }
  widen_empty_range (&lo, &hi);
  /* a tenth of each end first: hi - lo may overflow */
  s = nice_step_below (hi * 0.1 - lo * 0.1);
  for (;;)
    {
      step = nice_step_value (s);
      multiples (lo, hi, step, extend, &k0, &k1);
      if (k1 - k0 + 1 <= MAX_MAJOR)
        break;
      nice_step_next (&s);
    }
  ticks->step = step;
  ticks->lo = extend ? MAX (-G_MAXDOUBLE, decimal_value (k0 * mantissas[s.index], s.exponent))
                     : lo;
  ticks->hi = extend ? MIN (G_MAXDOUBLE, decimal_value (k1 * mantissas[s.index], s.exponent))
                     : hi;
  for (double k = k0; k <= k1 && ticks->n_major < MF_PLOT_MAX_MAJOR_TICKS; k++)
    ticks->major[ticks->n_major++] = decimal_value (k * mantissas[s.index], s.exponent) + 0.0;
  largest = MAX (fabs (ticks->lo), fabs (ticks->hi));
  ticks->scientific = largest >= 1e6 || largest < 1e-4;
  ticks->decimals = MAX (0, -s.exponent);
  g_warn_if_fail (ticks->n_major >= MIN_MAJOR);
}

void
mf_plot_ticks_integer (MfPlotTicks *ticks, double lo, double hi)
{
  NiceStep s = { 0, 0 };
  double k_lo, k_hi, step = 1, largest;

  memset (ticks, 0, sizeof *ticks);
  if (!isfinite (lo) || !isfinite (hi))
    lo = hi = 0;
  k_lo = ceil (MIN (lo, hi) - 1e-9);
  k_hi = floor (MAX (lo, hi) + 1e-9);
  if (k_hi < k_lo)
    k_lo = k_hi = round ((lo + hi) / 2);
  while ((k_hi - k_lo) / step + 1 > MAX_MAJOR)
    {
      nice_step_next (&s);
      step = nice_step_value (s);
    }
  ticks->step = step;
  ticks->lo = k_lo - 0.5;
  ticks->hi = k_hi + 0.5;
  for (double k = ceil (k_lo / step) * step; k <= k_hi && ticks->n_major < MF_PLOT_MAX_MAJOR_TICKS;
       k += step)
    ticks->major[ticks->n_major++] = k + 0.0;
  largest = MAX (fabs (ticks->lo), fabs (ticks->hi));
  ticks->scientific = largest >= 1e6;
  ticks->decimals = 0;
}

static void
add_major (MfPlotTicks *ticks, double value)
{
  if (ticks->n_major < MF_PLOT_MAX_MAJOR_TICKS)
    ticks->major[ticks->n_major++] = value;
}

static void
add_minor (MfPlotTicks *ticks, double value)
{
  if (ticks->n_minor < MF_PLOT_MAX_MINOR_TICKS)
    ticks->minor[ticks->n_minor++] = value;
}

static gboolean
in_range (double value, double lo, double hi)
{
  return value >= lo * (1 - 1e-9) && value <= hi * (1 + 1e-9);
}

void
mf_plot_ticks_log (MfPlotTicks *ticks, double lo, double hi, gboolean extend)
{
  int e_lo, e_hi, decades, stride = 1;
  NiceStep s = { 0, 0 };

  memset (ticks, 0, sizeof *ticks);
  ticks->log = TRUE;
  if (!(lo > 0) || !(hi > 0) || !isfinite (lo) || !isfinite (hi))
    {
      lo = 1;
      hi = 10;
    }
  if (lo > hi)
    {
      double swap = lo;

      lo = hi;
      hi = swap;
    }
  e_lo = (int) floor (log10 (lo) + 1e-9);
  e_hi = (int) ceil (log10 (hi) - 1e-9);
  if (e_hi <= e_lo)
    e_hi = e_lo + 1;
  decades = e_hi - e_lo;
  while (decades / stride + 1 > MAX_MAJOR)
    {
      nice_step_next (&s);
      stride = (int) nice_step_value (s);
    }
  if (extend)
    {
      /* whole strides, so that both ends carry a label */
      e_lo = (int) (floor ((double) e_lo / stride) * stride);
      e_hi = (int) (ceil ((double) e_hi / stride) * stride);
      lo = decimal_value (1, e_lo);
      hi = decimal_value (1, e_hi);
    }
  ticks->lo = lo;
  ticks->hi = hi;
  ticks->step = stride;
  /* one style along the axis: "500000" beside "1e6" would read badly */
  ticks->scientific = hi >= 1e6 * (1 - 1e-9) || lo < 1e-4 * (1 - 1e-9);
  for (int e = e_lo; e <= e_hi; e++)
    for (int m = 1; m <= 9; m++)
      {
        double value = decimal_value (m, e);
        gboolean labelled = m == 1 ? e % stride == 0 : decades <= 2 && (m == 2 || m == 5);

        if (!in_range (value, lo, hi))
          continue;
        if (labelled)
          add_major (ticks, value);
        else if (decades <= 6 || m == 1)
          add_minor (ticks, value);
      }
  if (ticks->n_major < 2)
    {
      /* nothing to read the values by: the ticks of a linear axis */
      mf_plot_ticks_linear (ticks, lo, hi, FALSE);
      ticks->log = TRUE;
      ticks->linear_labels = TRUE;
    }
}

/* "2.50e+06" → "2.5e6", "1.0e-06" → "1e-6" */
static void
tidy_exponent (char *text)
{
  char *e = strchr (text, 'e');
  char *mantissa_end, *digits, *out;

  if (e == NULL)
    return;
  mantissa_end = e;
  if (memchr (text, '.', (gsize) (e - text)) != NULL)
    {
      while (mantissa_end[-1] == '0')
        mantissa_end--;
      if (mantissa_end[-1] == '.')
        mantissa_end--;
    }
  out = mantissa_end;
  *out++ = 'e';
  digits = e + 1;
  if (*digits == '-')
    *out++ = *digits;
  if (*digits == '-' || *digits == '+')
    digits++;
  while (*digits == '0' && digits[1] != '\0')
    digits++;
  memmove (out, digits, strlen (digits) + 1);
}

/* printf's %.Nf or %.Ne with a '.' in every locale */
static void
format_ascii (char *buffer, gsize size, char conversion, int precision, double value)
{
  char format[16];

  g_snprintf (format, sizeof format, "%%.%d%c", CLAMP (precision, 0, 40), conversion);
  g_ascii_formatd (buffer, (int) size, format, value);
}

static void
format_scientific (double value, int digits, char *buffer, gsize size)
{
  format_ascii (buffer, size, 'e', digits, value);
  tidy_exponent (buffer);
}

static int
exponent_of (double value)
{
  return (int) floor (log10 (fabs (value)) + 1e-9);
}

void
mf_plot_ticks_label (const MfPlotTicks *ticks, double value, char *buffer, gsize size)
{
  if (value == 0 || !isfinite (value))
    {
      g_strlcpy (buffer, value == 0 ? "0" : isnan (value) ? "nan" : value > 0 ? "inf" : "-inf",
                 size);
      return;
    }
  if (ticks->log && !ticks->linear_labels)
    {
      int e = exponent_of (value);

      if (!ticks->scientific)
        format_ascii (buffer, size, 'f', -e, value);
      else
        format_scientific (value, 0, buffer, size);
      return;
    }
  if (ticks->scientific)
    {
      int step_exponent = exponent_of (ticks->step);

      format_scientific (value, exponent_of (value) - step_exponent, buffer, size);
      return;
    }
  format_ascii (buffer, size, 'f', ticks->decimals, value);
}
