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
 * the shown one.  A unit chosen for the value's kind
 * (mf_display_units_choose()) comes first, whatever the system.  Else in
 * the practical system Pa becomes bar, m^3/s L/min and m mm (and m/s
 * mm/s, so that a cylinder's speed and stroke share a scale); every other
 * unit, and every unit in SI, stays (scale 1). */
const char *mf_display_unit (MfUnitSystem  system,
                             const char   *si_unit,
                             double       *scale);

/* The kinds of quantity whose unit the preferences choose one by one (the
 * keys of the "display-units" setting). */
typedef enum
{
  MF_DISPLAY_KIND_PRESSURE,
  MF_DISPLAY_KIND_FLOW,
  MF_DISPLAY_KIND_LENGTH,
  MF_DISPLAY_KIND_VELOCITY,
  MF_DISPLAY_KIND_FORCE,
  MF_DISPLAY_KIND_ROTATIONAL_SPEED,
  MF_DISPLAY_N_KINDS,
} MfDisplayKind;

/* The kind's key in the setting ("pressure", "flow", "length", "velocity",
 * "force", "rotational-speed"), its name for a row (translated), its SI
 * unit ("Pa"), and the units offered for it (NULL-terminated, SI first;
 * each one the unit parser reads). */
const char        *mf_display_kind_key (MfDisplayKind kind);
const char        *mf_display_kind_title (MfDisplayKind kind);
const char        *mf_display_kind_si_unit (MfDisplayKind kind);
const char *const *mf_display_kind_units (MfDisplayKind kind);

/* Chooses the unit values of `kind` are shown in, whatever the unit
 * system: one of mf_display_kind_units(), or NULL or "" to follow the
 * system again.  FALSE, and the choice stays as it was, for a unit not
 * offered.  For the whole process (the main thread): the window sets it
 * from the preferences, and plots follow once their unit system is set
 * again (mf_display_units_get_serial() tells them it changed). */
gboolean           mf_display_units_choose (MfDisplayKind  kind,
                                            const char    *unit);
/* The unit chosen for `kind`, or NULL when it follows the system. */
const char        *mf_display_units_get_choice (MfDisplayKind kind);
/* A number that changes with every change of a choice. */
guint              mf_display_units_get_serial (void);

G_END_DECLS
