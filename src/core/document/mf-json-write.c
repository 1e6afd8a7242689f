/* mf-json-write.c: JSON text from a json-glib tree.
 *
 * Not JsonGenerator: json-glib 1.6.6 writes 1e-08 as "1e-08.0", which no
 * reader takes back, and 0.1 as 0.10000000000000001.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-json-write.h"

#include <math.h>
#include <string.h>

/* The shortest text that reads back as the same double; a double stays a
 * double ("2.0"), and an infinity (json-glib reads 1e999 as one) reads back. */
static void
append_double (GString *out, double value)
{
  static const char *const formats[] = { "%.15g", "%.16g", "%.17g" };
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  if (isinf (value))
    {
      g_string_append (out, value > 0 ? "1e999" : "-1e999");
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      g_ascii_formatd (buffer, sizeof buffer, formats[i], value);
      if (g_ascii_strtod (buffer, NULL) == value)
        break;
    }
  g_string_append (out, buffer);
  if (strpbrk (buffer, ".eEn") == NULL)
    g_string_append (out, ".0");
}

static void
append_string (GString *out, const char *text)
{
  g_string_append_c (out, '"');
  for (const char *p = text; *p != '\0'; p++)
    {
      switch (*p)
        {
        case '"': g_string_append (out, "\\\""); break;
        case '\\': g_string_append (out, "\\\\"); break;
        case '\b': g_string_append (out, "\\b"); break;
        case '\f': g_string_append (out, "\\f"); break;
        case '\n': g_string_append (out, "\\n"); break;
        case '\r': g_string_append (out, "\\r"); break;
        case '\t': g_string_append (out, "\\t"); break;
        default:
          if ((guchar) *p < 0x20)
            g_string_append_printf (out, "\\u%04x", (guint) (guchar) *p);
          else
            g_string_append_c (out, *p);
        }
    }
  g_string_append_c (out, '"');
}

/* Digits without printf: a large report holds hundreds of thousands of
 * integers (the structural analysis's indices), and printf's parsing of
 * its format was most of the time spent writing them. */
static void
append_int (GString *out, gint64 value)
{
  char digits[24];
  guint n = 0;
  guint64 magnitude = value < 0 ? (guint64) 0 - (guint64) value : (guint64) value;

  do
    {
      digits[n++] = (char) ('0' + magnitude % 10);
      magnitude /= 10;
    }
  while (magnitude > 0);
  if (value < 0)
    g_string_append_c (out, '-');
  while (n > 0)
    g_string_append_c (out, digits[--n]);
}

/* A newline and `depth` levels of two spaces. */
static void
append_indent (GString *out, guint depth)
{
  static const char spaces[] = "                                ";

  g_string_append_c (out, '\n');
  for (guint left = 2 * depth; left > 0;)
    {
      guint n = MIN (left, (guint) sizeof spaces - 1);

      g_string_append_len (out, spaces, n);
      left -= n;
    }
}

static void
append_value (GString *out, JsonNode *node)
{
  GType type = json_node_get_value_type (node);

  if (type == G_TYPE_INT64)
    append_int (out, json_node_get_int (node));
  else if (type == G_TYPE_DOUBLE)
    append_double (out, json_node_get_double (node));
  else if (type == G_TYPE_BOOLEAN)
    g_string_append (out, json_node_get_boolean (node) ? "true" : "false");
  else
    append_string (out, json_node_get_string (node));
}

static gboolean
is_flat_array (JsonArray *array)
{
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNodeType type = JSON_NODE_TYPE (json_array_get_element (array, i));

      if (type == JSON_NODE_OBJECT || type == JSON_NODE_ARRAY)
        return FALSE;
    }
  return TRUE;
}

static void append_node (GString *out, JsonNode *node, guint depth);

static void
append_array (GString *out, JsonArray *array, guint depth)
{
  guint n = json_array_get_length (array);
  /* scalars stay on one line: "at": [40, 120], ["T1.p", "P1.a"] */
  gboolean flat = is_flat_array (array);

  g_string_append_c (out, '[');
  for (guint i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append_c (out, ',');
      if (flat)
        g_string_append (out, i > 0 ? " " : "");
      else
        append_indent (out, depth + 1);
      append_node (out, json_array_get_element (array, i), depth + 1);
    }
  if (!flat && n > 0)
    append_indent (out, depth);
  g_string_append_c (out, ']');
}

static void
append_object (GString *out, JsonObject *object, guint depth)
{
  g_autoptr (GList) members = json_object_get_members (object);

  g_string_append_c (out, '{');
  for (GList *l = members; l != NULL; l = l->next)
    {
      if (l != members)
        g_string_append_c (out, ',');
      append_indent (out, depth + 1);
      append_string (out, l->data);
      g_string_append (out, ": ");
      append_node (out, json_object_get_member (object, l->data), depth + 1);
    }
  if (members != NULL)
    append_indent (out, depth);
  g_string_append_c (out, '}');
}

static void
append_node (GString *out, JsonNode *node, guint depth)
{
  switch (JSON_NODE_TYPE (node))
    {
    case JSON_NODE_OBJECT:
      append_object (out, json_node_get_object (node), depth);
      break;
    case JSON_NODE_ARRAY:
      append_array (out, json_node_get_array (node), depth);
      break;
    case JSON_NODE_VALUE:
      append_value (out, node);
      break;
    case JSON_NODE_NULL:
    default:
      g_string_append (out, "null");
      break;
    }
}

char *
mf_json_to_text (JsonNode *root, gsize *length)
{
  GString *out = g_string_new (NULL);

  append_node (out, root, 0);
  /* text files end with a newline */
  g_string_append_c (out, '\n');
  if (length != NULL)
    *length = out->len;
  return g_string_free (out, FALSE);
}

void
mf_json_add_number (JsonBuilder *builder, double value)
{
  if (value == 0.0)
    json_builder_add_double_value (builder, 0.0); /* not "-0.0" */
  else if (isfinite (value))
    json_builder_add_double_value (builder, value);
  else
    json_builder_add_null_value (builder);
}
