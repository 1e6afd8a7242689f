/* mf-field-names.c
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-field-names.h"

#include <glib/gi18n.h>
#include <string.h>

/* Every parameter of FORMAT.md's component types. */
static const struct
{
  const char *name;
  const char *words;
} fields[] = {
  { "area", N_("area") },
  { "bulk_modulus", N_("bulk modulus") },
  { "cap_area", N_("cap area") },
  { "capacitance", N_("capacitance") },
  { "cd", N_("discharge coefficient (cd)") },
  { "cracking_pressure", N_("cracking pressure") },
  { "damping", N_("damping") },
  { "diameter", N_("diameter") },
  { "flow", N_("flow") },
  { "force", N_("force") },
  { "friction", N_("friction") },
  { "full_area", N_("full area") },
  { "full_open_rise", N_("rise to full opening") },
  { "length", N_("length") },
  { "mass", N_("mass") },
  { "port_diameter", N_("port diameter") },
  { "preload", N_("preload") },
  { "pressure", N_("pressure") },
  { "rod_area", N_("rod area") },
  { "roughness", N_("roughness") },
  { "set_pressure", N_("set pressure") },
  { "stiffness", N_("stiffness") },
  { "stroke", N_("stroke") },
  { "volume", N_("volume") },
};

static const char *const with_article[MF_N_QUANTITIES] = {
  [MF_QUANTITY_DIMENSIONLESS] = N_("a plain number"),
  [MF_QUANTITY_PRESSURE] = N_("a pressure"),
  [MF_QUANTITY_LENGTH] = N_("a length"),
  [MF_QUANTITY_AREA] = N_("an area"),
  [MF_QUANTITY_VOLUME] = N_("a volume"),
  [MF_QUANTITY_FLOW] = N_("a flow"),
  [MF_QUANTITY_VELOCITY] = N_("a velocity"),
  [MF_QUANTITY_MASS] = N_("a mass"),
  [MF_QUANTITY_FORCE] = N_("a force"),
  [MF_QUANTITY_STIFFNESS] = N_("a stiffness"),
  [MF_QUANTITY_DAMPING] = N_("a damping coefficient"),
  [MF_QUANTITY_TIME] = N_("a time"),
  [MF_QUANTITY_DENSITY] = N_("a density"),
  [MF_QUANTITY_VISCOSITY] = N_("a kinematic viscosity"),
  [MF_QUANTITY_CAPACITANCE] = N_("a capacitance"),
};

const char *
mf_field_words (const char *name)
{
  static GHashTable *unknown; /* name → its words, made once per name */
  static GMutex lock;
  const char *words;

  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    if (strcmp (fields[i].name, name) == 0)
      return _(fields[i].words);
  g_mutex_lock (&lock);
  if (unknown == NULL)
    unknown = g_hash_table_new (g_str_hash, g_str_equal);
  words = g_hash_table_lookup (unknown, name);
  if (words == NULL)
    {
      char *made = g_strdup (name);

      g_strdelimit (made, "_", ' ');
      g_hash_table_insert (unknown, g_strdup (name), made);
      words = made;
    }
  g_mutex_unlock (&lock);
  return words;
}

char *
mf_field_title (const char *name)
{
  const char *words = mf_field_words (name);
  gunichar first = g_utf8_get_char (words);
  char head[8] = { 0 };

  g_unichar_to_utf8 (g_unichar_totitle (first), head);
  return g_strconcat (head, g_utf8_next_char (words), NULL);
}

const char *
mf_quantity_with_article (MfQuantity quantity)
{
  g_return_val_if_fail (quantity < MF_N_QUANTITIES, NULL);

  return with_article[quantity] != NULL ? _(with_article[quantity]) : mf_quantity_name (quantity);
}
