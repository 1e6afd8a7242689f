/* mf-display-units.c
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-display-units.h"

#include <string.h>

static const struct
{
  const char *si;
  const char *practical;
  double      scale;
} practical_units[] = {
  { "Pa", "bar", 1e-5 },
  { "m^3/s", "L/min", 6e4 },
  { "m", "mm", 1e3 },
  /* a cylinder's speed beside its stroke: both in mm */
  { "m/s", "mm/s", 1e3 },
};

const char *
mf_display_unit (MfUnitSystem system, const char *si_unit, double *scale)
{
  if (scale != NULL)
    *scale = 1.0;
  if (system != MF_UNIT_SYSTEM_PRACTICAL || si_unit == NULL)
    return si_unit;
  for (guint i = 0; i < G_N_ELEMENTS (practical_units); i++)
    if (strcmp (si_unit, practical_units[i].si) == 0)
      {
        if (scale != NULL)
          *scale = practical_units[i].scale;
        return practical_units[i].practical;
      }
  return si_unit;
}
