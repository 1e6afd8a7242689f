/* mf-component-label.c: a component's label text, from its id and the
 * parameters it is known by.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-component-label.h"

#include <math.h>
#include <string.h>

/* The key parameters a label shows, joined by " × ". */
static const char *const label_params[MF_N_COMPONENT_TYPES][3] = {
  [MF_COMPONENT_TANK] = { "pressure" },
  [MF_COMPONENT_VOLUME] = { "volume", "capacitance" },
  [MF_COMPONENT_PIPE] = { "length", "diameter" },
  [MF_COMPONENT_ORIFICE] = { "area" },
  [MF_COMPONENT_VALVE] = { "area" },
  [MF_COMPONENT_CHECK_VALVE] = { "area" },
  [MF_COMPONENT_RELIEF_VALVE] = { "set_pressure" },
  [MF_COMPONENT_REDUCING_VALVE] = { "set_pressure" },
  [MF_COMPONENT_FLOW_SOURCE] = { "flow" },
  [MF_COMPONENT_PISTON] = { "cap_area" },
  [MF_COMPONENT_MASS] = { "mass" },
  [MF_COMPONENT_SPRING] = { "stiffness" },
  [MF_COMPONENT_DAMPER] = { "damping" },
  [MF_COMPONENT_FORCE] = { "force" },
  [MF_COMPONENT_PUMP] = { "displacement", "speed" },
  [MF_COMPONENT_VARIABLE_PUMP] = { "displacement", "speed" },
  [MF_COMPONENT_MOTOR] = { "displacement" },
  [MF_COMPONENT_INERTIA] = { "inertia" },
  [MF_COMPONENT_ROTARY_SPRING] = { "stiffness" },
  [MF_COMPONENT_ROTARY_DAMPER] = { "damping" },
  [MF_COMPONENT_TORQUE] = { "torque" },
  [MF_COMPONENT_ACCUMULATOR] = { "precharge_pressure", "gas_volume" },
  [MF_COMPONENT_VALVE_4_3] = { "full_area" },
  [MF_COMPONENT_VALVE_4_2] = { "full_area" },
  [MF_COMPONENT_FLOW_CONTROL_VALVE] = { "flow" },
};

/* Units as people read them: "mm²", "N·s/m", "m³/s". */
static void
append_readable (GString    *out,
                 const char *text)
{
  for (const char *c = text; *c != '\0'; c++)
    {
      if (c[0] == '^' && c[1] == '2')
        g_string_append (out, "²"), c++;
      else if (c[0] == '^' && c[1] == '3')
        g_string_append (out, "³"), c++;
      else if (c[0] == '*')
        g_string_append (out, "·");
      else
        g_string_append_c (out, *c);
    }
}

/* What an expression multiplies its first function by: "20 L/min" of
 * "20 L/min * ramp(t, 0, 0.1)", "2e-5" of "2e-5*ramp(t, 0.1, 0.3)"; NULL
 * when it starts with a function or has none. */
static char *
expression_scale (const char *text)
{
  const char *paren = strchr (text, '(');
  const char *end;

  if (paren == NULL)
    return NULL;
  end = paren;
  while (end > text && g_ascii_isalpha (end[-1]))
    end--;
  while (end > text && strchr ("*/+- ", end[-1]) != NULL)
    end--;
  if (end == text || end == paren)
    return NULL;
  return g_strndup (text, end - text);
}

/* A bare number is SI: "2e-05" for an area reads "2e-5 m²". */
static void
append_value (GString          *out,
              const MfParamSpec *spec,
              const char        *text)
{
  char *end = NULL;
  double number = g_ascii_strtod (text, &end);

  if (end != text && end != NULL && *end == '\0' && isfinite (number))
    {
      char buffer[G_ASCII_DTOSTR_BUF_SIZE];
      char *e;

      g_ascii_formatd (buffer, sizeof buffer, "%.6g", number);
      /* "2e-05" -> "2e-5" */
      e = strchr (buffer, 'e');
      if (e != NULL)
        {
          char *digits = e + 1 + (e[1] == '-' || e[1] == '+');
          if (e[1] == '+')
            memmove (e + 1, e + 2, strlen (e + 2) + 1), digits--;
          while (digits[0] == '0' && digits[1] != '\0')
            memmove (digits, digits + 1, strlen (digits));
        }
      g_string_append (out, buffer);
      if (*mf_quantity_si_unit (spec->quantity) != '\0')
        {
          g_string_append_c (out, ' ');
          append_readable (out, mf_quantity_si_unit (spec->quantity));
        }
    }
  else
    {
      g_autofree char *scale = expression_scale (text);
      g_autofree char *shown = NULL;

      /* An expression is shown by the value it scales ("20 L/min …"), or
       * cut short; the property panel shows it whole. */
      if (scale != NULL)
        {
          append_value (out, spec, scale);
          g_string_append (out, " …");
          return;
        }
      if (g_utf8_strlen (text, -1) > 18)
        {
          g_autofree char *head = g_utf8_substring (text, 0, 16);
          shown = g_strconcat (g_strchomp (head), "…", NULL);
        }
      append_readable (out, shown != NULL ? shown : text);
    }
}

char *
mf_component_label (MfEditDocument *document,
                    guint           index,
                    gboolean        two_lines)
{
  const MfComponentTypeInfo *info = mf_edit_document_get_component_info (document, index);
  GString *label = g_string_new (mf_edit_document_get_component_id (document, index));
  gboolean first = TRUE;

  for (guint k = 0; k < G_N_ELEMENTS (label_params[0]); k++)
    {
      const char *param = label_params[info->type][k];
      g_autofree char *text = NULL;
      int spec;

      if (param == NULL)
        break;
      spec = mf_component_type_param_index (info, param);
      if (spec < 0)
        continue;
      text = mf_edit_document_get_param_text (document, index, param);
      if (text == NULL || *text == '\0')
        continue;
      g_string_append (label, !first ? " × " : two_lines ? "\n" : " · ");
      append_value (label, &info->params[spec], text);
      first = FALSE;
      /* a volume shows its volume, or else its capacitance */
      if (info->type == MF_COMPONENT_VOLUME)
        break;
    }
  return g_string_free (label, FALSE);
}
