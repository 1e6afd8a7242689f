/* mf-text.c
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-text.h"

#include <glib/gi18n.h>
#include <string.h>

#include "mf-error.h"

/* Whether a message must write `c` as an escape. */
static gboolean
needs_escape (gunichar c)
{
  return !g_unichar_isprint (c) || (c != ' ' && g_unichar_isspace (c));
}

static void
append_escape (GString *out, gunichar c)
{
  switch (c)
    {
    case '\n':
      g_string_append (out, "\\n");
      break;
    case '\t':
      g_string_append (out, "\\t");
      break;
    case '\r':
      g_string_append (out, "\\r");
      break;
    default:
      if (c < 0x80)
        g_string_append_printf (out, "\\x%02x", (guint) c);
      else
        g_string_append_printf (out, "\\u{%x}", (guint) c);
      break;
    }
}

char *
mf_text_escape_len (const char *text, gssize length)
{
  const char *p, *end;
  GString *out;
  guint n = 0;

  if (text == NULL)
    return g_strdup ("");
  end = text + (length < 0 ? strlen (text) : (gsize) length);
  out = g_string_sized_new ((gsize) (end - text) + 8);
  for (p = text; p < end; n++)
    {
      gunichar c = g_utf8_get_char_validated (p, end - p);

      if (n == MF_TEXT_ESCAPE_MAX_LENGTH)
        {
          g_string_append (out, "…");
          break;
        }
      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          g_string_append_printf (out, "\\x%02x", (guint) (guchar) *p);
          p++;
          continue;
        }
      if (needs_escape (c))
        append_escape (out, c);
      else
        g_string_append_len (out, p, g_utf8_next_char (p) - p);
      p = g_utf8_next_char (p);
    }
  return g_string_free (out, FALSE);
}

char *
mf_text_escape (const char *text)
{
  return mf_text_escape_len (text, -1);
}

/* The first character of `name` that is not UTF-8 or not printable, or
 * white space (all of it, or all but the space when `spaces`); NULL if none.
 * *length is the number of characters before it (or of the whole name). */
static const char *
find_bad_character (const char *name, gboolean spaces, gboolean *is_space, gsize *length)
{
  const char *end = name + strlen (name);

  *length = 0;
  for (const char *p = name; p < end; p = g_utf8_next_char (p), (*length)++)
    {
      gunichar c = g_utf8_get_char_validated (p, end - p);

      *is_space = FALSE;
      if (c == (gunichar) -1 || c == (gunichar) -2)
        return p;
      if (c == ' ' && spaces)
        continue;
      *is_space = g_unichar_isspace (c);
      if (*is_space || !g_unichar_isprint (c))
        return p;
    }
  return NULL;
}

/* The one character at `p` as an escape, or the bytes that are not one. */
static char *
escape_character (const char *p)
{
  gunichar c = g_utf8_get_char_validated (p, -1);

  if (c == (gunichar) -1 || c == (gunichar) -2)
    return g_strdup_printf ("\\x%02x", (guint) (guchar) *p);
  return mf_text_escape_len (p, g_utf8_next_char (p) - p);
}

/* Where character `index` of `name` starts, in bytes. */
static gsize
offset_of_character (const char *name, gsize index)
{
  return (gsize) (g_utf8_offset_to_pointer (name, (glong) index) - name);
}

static gboolean
refuse (gsize *offset, gsize at, GError **error, char *message)
{
  if (offset != NULL)
    *offset = at;
  g_set_error_literal (error, MF_ERROR, MF_ERROR_INVALID, message);
  g_free (message);
  return FALSE;
}

gboolean
mf_id_check (const char *id, gsize *offset, GError **error)
{
  const char *bad;
  gboolean is_space;
  gsize length;

  g_return_val_if_fail (id != NULL, FALSE);

  if (id[0] == '\0')
    return refuse (offset, 0, error, g_strdup (_("an id must not be empty")));
  bad = find_bad_character (id, FALSE, &is_space, &length);
  if (bad != NULL)
    {
      g_autofree char *shown = escape_character (bad);

      return refuse (offset, (gsize) (bad - id), error,
                     is_space
                       /* Translators: %s is the character at fault, escaped (' ', '\t') */
                       ? g_strdup_printf (_("an id must not contain white space ('%s')"), shown)
                       /* Translators: %s is the character at fault, escaped ('\x1b', '\u{202e}') */
                       : g_strdup_printf (_("an id must not contain control or invisible "
                                            "characters ('%s')"), shown));
    }
  if (length > MF_ID_MAX_LENGTH)
    return refuse (offset, offset_of_character (id, MF_ID_MAX_LENGTH), error,
                   /* Translators: the first number is the limit, the second the id's length */
                   g_strdup_printf (g_dngettext (NULL, "an id must be at most %u characters long, "
                                                 "not %lu",
                                                 "an id must be at most %u characters long, "
                                                 "not %lu", (gulong) length),
                                    MF_ID_MAX_LENGTH, (gulong) length));
  bad = strchr (id, '.');
  if (bad != NULL)
    return refuse (offset, (gsize) (bad - id), error,
                   g_strdup (_("an id must not contain '.' (it separates id and port)")));
  return TRUE;
}

gboolean
mf_id_is_valid (const char *id)
{
  return id != NULL && mf_id_check (id, NULL, NULL);
}

gboolean
mf_mode_name_check (const char *name, gsize *offset, GError **error)
{
  const char *bad;
  gboolean is_space;
  gsize length;

  g_return_val_if_fail (name != NULL, FALSE);

  if (name[0] == '\0')
    return refuse (offset, 0, error, g_strdup (_("a mode needs a name")));
  bad = find_bad_character (name, TRUE, &is_space, &length);
  if (bad != NULL)
    {
      g_autofree char *shown = escape_character (bad);

      return refuse (offset, (gsize) (bad - name), error,
                     is_space
                       /* Translators: %s is the character at fault, escaped ('\t', '\n') */
                       ? g_strdup_printf (_("a mode name must not contain white space other "
                                            "than spaces ('%s')"), shown)
                       /* Translators: %s is the character at fault, escaped ('\x1b', '\u{202e}') */
                       : g_strdup_printf (_("a mode name must not contain control or invisible "
                                            "characters ('%s')"), shown));
    }
  if (length > MF_MODE_NAME_MAX_LENGTH)
    return refuse (offset, offset_of_character (name, MF_MODE_NAME_MAX_LENGTH), error,
                   /* Translators: the first number is the limit, the second the name's length */
                   g_strdup_printf (g_dngettext (NULL, "a mode name must be at most %u characters "
                                                 "long, not %lu",
                                                 "a mode name must be at most %u characters "
                                                 "long, not %lu", (gulong) length),
                                    MF_MODE_NAME_MAX_LENGTH, (gulong) length));
  return TRUE;
}
