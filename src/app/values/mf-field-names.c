/* mf-field-names.c
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-field-names.h"

#include <glib/gi18n.h>
#include <string.h>

/* Every parameter of the component types (docs/format.md, "Components"). */
static const struct
{
  const char *name;
  const char *words;
} fields[] = {
  { "area", N_("area") },
  { "bulk_modulus", N_("bulk modulus") },
  { "cap_area", N_("cap area") },
  { "cap_dead_volume", N_("cap side's dead volume") },
  { "capacitance", N_("capacitance") },
  { "cd", N_("discharge coefficient (cd)") },
  { "compensator_pressure", N_("compensator pressure") },
  { "cracking_pressure", N_("cracking pressure") },
  { "damping", N_("damping") },
  { "diameter", N_("diameter") },
  { "flow", N_("flow") },
  { "force", N_("force") },
  { "friction", N_("friction") },
  { "full_area", N_("full area") },
  { "full_open_drop", N_("drop to full opening") },
  { "full_open_rise", N_("rise to full opening") },
  { "gas_volume", N_("gas volume") },
  { "leakage_coefficient", N_("leakage coefficient") },
  { "length", N_("length") },
  { "mass", N_("mass") },
  { "polytropic_exponent", N_("polytropic exponent") },
  { "port_diameter", N_("port diameter") },
  { "precharge_pressure", N_("precharge pressure") },
  { "preload", N_("preload") },
  { "pressure", N_("pressure") },
  { "rated_pressure", N_("rated pressure") },
  { "rated_speed", N_("rated speed") },
  { "regulation", N_("regulation (flow rise per pressure)") },
  { "rod_area", N_("rod area") },
  { "rod_dead_volume", N_("rod side's dead volume") },
  { "roughness", N_("roughness") },
  { "set_pressure", N_("set pressure") },
  { "stiffness", N_("stiffness") },
  { "stroke", N_("stroke") },
  { "volume", N_("volume") },
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
