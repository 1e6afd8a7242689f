/* mf-sweep-values.c: a sweep's list of values, from what the user typed.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-sweep-values.h"

#include <glib/gi18n.h>

#include <string.h>

#include "mf-error.h"
#include "mf-units.h"

/* The pieces between separators at bracket depth 0, trimmed; empty pieces
 * (a trailing comma, a blank line) are dropped. */
static GPtrArray *
split_items (const char *text)
{
  GPtrArray *items = g_ptr_array_new_with_free_func (g_free);
  const char *start = text;
  int depth = 0;

  for (const char *p = text;; p++)
    {
      gboolean end = *p == '\0';

      if (*p == '(' || *p == '[')
        depth++;
      else if ((*p == ')' || *p == ']') && depth > 0)
        depth--;
      if (end || (depth == 0 && (*p == ',' || *p == ';' || *p == '\n' || *p == '\r')))
        {
          char *item = g_strstrip (g_strndup (start, (gsize) (p - start)));

          if (*item != '\0')
            g_ptr_array_add (items, item);
          else
            g_free (item);
          start = p + 1;
        }
      if (end)
        break;
    }
  return items;
}

/* The unit of "12.5 mm" ("mm"), when the item is a number followed by
 * nothing but one unit the parser reads; NULL otherwise (a bare number, an
 * expression). */
static char *
unit_of (const char *item)
{
  char *end = NULL;
  double factor;
  MfDimension dimension;
  gsize matched;

  g_ascii_strtod (item, &end);
  if (end == item || end == NULL)
    return NULL;
  while (g_ascii_isspace (*end))
    end++;
  if (*end == '\0')
    return NULL;
  matched = mf_unit_match (end, &factor, &dimension);
  if (matched == 0 || end[matched] != '\0')
    return NULL;
  return g_strdup (end);
}

char **
mf_sweep_values_parse (const MfQuantityRule *rule, const char *text, GError **error)
{
  g_autoptr (GPtrArray) items = NULL;
  g_autoptr (GPtrArray) units = NULL;
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  const char *last_unit = NULL;

  g_return_val_if_fail (rule != NULL && text != NULL, NULL);

  items = split_items (text);
  if (items->len == 0)
    {
      g_set_error_literal (error, MF_ERROR, MF_ERROR_INVALID,
                           "no values: type them separated by commas or one per line");
      return NULL;
    }

  units = g_ptr_array_new_full (items->len, g_free);
  for (guint i = 0; i < items->len; i++)
    g_ptr_array_add (units, unit_of (g_ptr_array_index (items, i)));

  for (guint i = 0; i < items->len; i++)
    {
      const char *item = g_ptr_array_index (items, i);
      g_autofree char *value = NULL;
      g_autoptr (GError) local = NULL;

      if (g_ptr_array_index (units, i) != NULL)
        last_unit = g_ptr_array_index (units, i);

      if (rule->quantity != MF_QUANTITY_DIMENSIONLESS && mf_quantity_text_is_number (item, NULL))
        {
          const char *unit = NULL;

          for (guint j = i + 1; j < items->len && unit == NULL; j++)
            unit = g_ptr_array_index (units, j);
          if (unit == NULL)
            unit = last_unit;
          value = unit != NULL ? g_strdup_printf ("%s %s", item, unit) : g_strdup (item);
        }
      else
        value = g_strdup (item);

      if (!mf_quantity_text_check (rule, value, &local))
        {
          g_propagate_prefixed_error (error, g_steal_pointer (&local), _("value %u ('%s'): "),
                                      i + 1, value);
          return NULL;
        }
      g_strv_builder_add (builder, value);
    }
  return g_strv_builder_end (builder);
}

guint *
mf_sweep_parameters (const MfComponentTypeInfo *info, guint *n_params)
{
  guint *indices = g_new (guint, info->n_params + 1);
  guint n = 0;

  for (guint i = 0; i < info->n_params; i++)
    if (info->params[i].kind == MF_PARAM_QUANTITY)
      indices[n++] = i;
  *n_params = n;
  return indices;
}
