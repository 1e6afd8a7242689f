/* mf-what-if-range.c: the span of the what-if slider and the rounding of
 * its values.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-what-if-range.h"

#include <math.h>

gboolean
mf_what_if_range_can_log (double value)
{
  return value > 0.0 && isfinite (value);
}

void
mf_what_if_range_init (MfWhatIfRange *self, double value, MfRange range, gboolean log)
{
  g_return_if_fail (self != NULL);

  self->log = log && mf_what_if_range_can_log (value);
  if (self->log)
    {
      self->lo = value / MF_WHAT_IF_LOG_FACTOR;
      self->hi = value * MF_WHAT_IF_LOG_FACTOR;
    }
  else if (value > 0.0 && isfinite (value))
    {
      self->hi = MF_WHAT_IF_LINEAR_FACTOR * value;
      /* a parameter that must be positive stops short of 0 */
      self->lo = range == MF_RANGE_POSITIVE ? self->hi / MF_WHAT_IF_LOG_FACTOR : 0.0;
    }
  else if (value < 0.0 && isfinite (value))
    {
      self->lo = MF_WHAT_IF_LINEAR_FACTOR * value;
      self->hi = 0.0;
    }
  else
    {
      self->lo = range == MF_RANGE_ANY ? -1.0 : 0.0;
      self->hi = 1.0;
    }
}

double
mf_what_if_range_position_lo (const MfWhatIfRange *self)
{
  return self->log ? log10 (self->lo) : self->lo;
}

double
mf_what_if_range_position_hi (const MfWhatIfRange *self)
{
  return self->log ? log10 (self->hi) : self->hi;
}

double
mf_what_if_range_position (const MfWhatIfRange *self, double value)
{
  double clamped = CLAMP (value, self->lo, self->hi);

  /* a NaN goes to the left end */
  if (isnan (value))
    clamped = self->lo;
  return self->log ? log10 (clamped) : clamped;
}

double
mf_what_if_range_value (const MfWhatIfRange *self, double position)
{
  double lo = mf_what_if_range_position_lo (self), hi = mf_what_if_range_position_hi (self);
  double clamped = isnan (position) ? lo : CLAMP (position, lo, hi);

  return self->log ? pow (10.0, clamped) : clamped;
}

gboolean
mf_what_if_range_contains (const MfWhatIfRange *self, double value)
{
  return value >= self->lo && value <= self->hi;
}

double
mf_what_if_round (double value)
{
  char text[G_ASCII_DTOSTR_BUF_SIZE];

  if (value == 0.0 || !isfinite (value))
    return value == 0.0 ? 0.0 : value;
  /* through the decimal text, so that 0.0123 is the double nearest to it */
  g_ascii_formatd (text, sizeof text, "%." G_STRINGIFY (MF_WHAT_IF_FIGURES) "g", value);
  return g_ascii_strtod (text, NULL);
}
