/* mf-display-units.h: the units results are shown in.  Results are SI
 * (docs/format.md, "Values"); an engineer reads pressures in bar, flows in
 * L/min and positions in mm, which the "practical" system of the preferences
 * shows.  No GTK.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The values of the "unit-system" key of the settings schema. */
typedef enum
{
  MF_UNIT_SYSTEM_SI,
  MF_UNIT_SYSTEM_PRACTICAL,
} MfUnitSystem;

/* The unit a value of `si_unit` (as in a CSV header: "Pa", "m^3/s", "m")
 * is shown in, and in `scale` (may be NULL) the factor from the SI value to
 * the shown one.  In the practical system Pa becomes bar, m^3/s L/min and
 * m mm (and m/s mm/s, so that a cylinder's speed and stroke share a
 * scale); every other unit, and every unit in SI, stays (scale 1). */
const char *mf_display_unit (MfUnitSystem  system,
                             const char   *si_unit,
                             double       *scale);

G_END_DECLS
