/* mf-display-units.c: the units results are shown in — the unit system's,
 * or the one chosen for a kind of quantity; a chosen unit's factor is the
 * unit parser's (mf-units.h), so that a value shown reads back as typed.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-display-units.h"

#include <glib/gi18n.h>
#include <string.h>

#include "mf-units.h"

static const char *const pressure_units[] = { "Pa", "kPa", "bar", "MPa", "psi", NULL };
static const char *const flow_units[] = { "m^3/s", "L/min", "L/s", "cm^3/s", NULL };
static const char *const length_units[] = { "m", "cm", "mm", "in", NULL };
static const char *const velocity_units[] = { "m/s", "mm/s", NULL };
static const char *const force_units[] = { "N", "kN", "MN", NULL };
static const char *const speed_units[] = { "rad/s", "rpm", "rev/s", NULL };

static const struct
{
  const char        *key;
  const char        *title;
  const char *const *units;
} kinds[MF_DISPLAY_N_KINDS] = {
  [MF_DISPLAY_KIND_PRESSURE] = { "pressure", N_("Pressure"), pressure_units },
  [MF_DISPLAY_KIND_FLOW] = { "flow", N_("Flow"), flow_units },
  [MF_DISPLAY_KIND_LENGTH] = { "length", N_("Length"), length_units },
  [MF_DISPLAY_KIND_VELOCITY] = { "velocity", N_("Velocity"), velocity_units },
  [MF_DISPLAY_KIND_FORCE] = { "force", N_("Force"), force_units },
  [MF_DISPLAY_KIND_ROTATIONAL_SPEED] = { "rotational-speed", N_("Rotational speed"),
                                         speed_units },
};

/* The unit chosen per kind (one of its units, static), or NULL; and the
 * count of changes. */
static const char *choices[MF_DISPLAY_N_KINDS];
static guint serial;

const char *
mf_display_kind_key (MfDisplayKind kind)
{
  g_return_val_if_fail (kind < MF_DISPLAY_N_KINDS, NULL);
  return kinds[kind].key;
}

const char *
mf_display_kind_title (MfDisplayKind kind)
{
  g_return_val_if_fail (kind < MF_DISPLAY_N_KINDS, NULL);
  return _(kinds[kind].title);
}

const char *
mf_display_kind_si_unit (MfDisplayKind kind)
{
  g_return_val_if_fail (kind < MF_DISPLAY_N_KINDS, NULL);
  return kinds[kind].units[0];
}

const char *const *
mf_display_kind_units (MfDisplayKind kind)
{
  g_return_val_if_fail (kind < MF_DISPLAY_N_KINDS, NULL);
  return kinds[kind].units;
}

gboolean
mf_display_units_choose (MfDisplayKind kind, const char *unit)
{
  const char *chosen = NULL;

  g_return_val_if_fail (kind < MF_DISPLAY_N_KINDS, FALSE);

  if (unit != NULL && *unit != '\0')
    {
      for (guint i = 0; kinds[kind].units[i] != NULL; i++)
        if (strcmp (kinds[kind].units[i], unit) == 0)
          chosen = kinds[kind].units[i];
      if (chosen == NULL)
        return FALSE;
    }
  if (chosen != choices[kind])
    {
      choices[kind] = chosen;
      serial++;
    }
  return TRUE;
}

const char *
mf_display_units_get_choice (MfDisplayKind kind)
{
  g_return_val_if_fail (kind < MF_DISPLAY_N_KINDS, NULL);
  return choices[kind];
}

guint
mf_display_units_get_serial (void)
{
  return serial;
}

/* The unit chosen for values of `si_unit` and its scale, or NULL. */
static const char *
chosen_unit (const char *si_unit, double *scale)
{
  for (guint k = 0; k < MF_DISPLAY_N_KINDS; k++)
    {
      double factor = 1.0;
      MfDimension dimension;
      const char *unit = choices[k];

      if (unit == NULL || strcmp (si_unit, kinds[k].units[0]) != 0)
        continue;
      /* the parser's factor: a value in `unit` times it is SI */
      if (mf_unit_match (unit, &factor, &dimension) != strlen (unit) || !(factor > 0))
        return NULL;
      if (scale != NULL)
        *scale = 1.0 / factor;
      return unit;
    }
  return NULL;
}

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
  const char *chosen;

  if (scale != NULL)
    *scale = 1.0;
  if (si_unit == NULL)
    return NULL;
  chosen = chosen_unit (si_unit, scale);
  if (chosen != NULL)
    return chosen;
  if (system != MF_UNIT_SYSTEM_PRACTICAL)
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
