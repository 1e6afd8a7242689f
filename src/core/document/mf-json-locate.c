/* mf-json-locate.c
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-json-locate.h"

#include <string.h>

typedef struct
{
  gsize offset;
  guint line;
  guint column;
} MfPlace;

struct _MfJsonLocator
{
  const char *text;
  gsize       length;
  GHashTable *values; /* path -> MfPlace* */
  GHashTable *keys;   /* path -> MfPlace* */
};

typedef struct
{
  const char *text;
  gsize       length;
  MfPlace     at; /* the next byte to read */
} MfScanner;

typedef struct
{
  char    *path;
  gboolean is_object;
  guint    n_items;
} MfFrame;

/* A byte that starts a character (not a UTF-8 continuation byte). */
#define STARTS_CHAR(b) (((guchar) (b) & 0xC0) != 0x80)

/* Bytes of a byte-order mark at the start of `text`: json-glib skips it, so
 * it takes no column. */
static gsize
bom_length (const char *text, gsize length)
{
  return length >= 3 && memcmp (text, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
}

static inline int
scanner_peek (const MfScanner *scanner, gsize ahead)
{
  gsize pos = scanner->at.offset + ahead;

  return pos < scanner->length ? (guchar) scanner->text[pos] : -1;
}

static void
scanner_advance (MfScanner *scanner)
{
  char byte;

  if (scanner->at.offset >= scanner->length)
    return;
  byte = scanner->text[scanner->at.offset++];
  if (byte == '\n')
    {
      scanner->at.line++;
      scanner->at.column = 1;
    }
  else if (scanner->at.offset < scanner->length
           && STARTS_CHAR (scanner->text[scanner->at.offset]))
    {
      scanner->at.column++;
    }
  else if (scanner->at.offset >= scanner->length)
    {
      scanner->at.column++;
    }
}

static void
scanner_advance_n (MfScanner *scanner, gsize n)
{
  while (n-- > 0)
    scanner_advance (scanner);
}

/* Skips white space and the comments json-glib's scanner skips. */
static void
scanner_skip_space (MfScanner *scanner)
{
  for (;;)
    {
      int c = scanner_peek (scanner, 0);

      if (c == ' ' || c == '\t' || c == '\n' || c == '\r')
        scanner_advance (scanner);
      else if (c == '/' && scanner_peek (scanner, 1) == '*')
        {
          scanner_advance_n (scanner, 2);
          while (scanner_peek (scanner, 0) >= 0
                 && !(scanner_peek (scanner, 0) == '*' && scanner_peek (scanner, 1) == '/'))
            scanner_advance (scanner);
          scanner_advance_n (scanner, 2);
        }
      else if (c == '/' && scanner_peek (scanner, 1) == '/')
        {
          while (scanner_peek (scanner, 0) >= 0 && scanner_peek (scanner, 0) != '\n')
            scanner_advance (scanner);
        }
      else
        return;
    }
}

static int
hex_value (const char *text, gsize length, gsize pos)
{
  int value = 0;

  if (pos + 4 > length)
    return -1;
  for (gsize i = pos; i < pos + 4; i++)
    {
      int digit = g_ascii_xdigit_value (text[i]);

      if (digit < 0)
        return -1;
      value = value * 16 + digit;
    }
  return value;
}

/* One unit of a double-quoted string's body at `pos`: a character byte or an
 * escape.  Returns how many bytes of text it takes and appends what it
 * decodes to (to `out` if not NULL; its length in *decoded). */
static gsize
string_unit (const char *text, gsize length, gsize pos, GString *out, gsize *decoded)
{
  char buffer[8];
  gsize n = 1;
  gunichar ch;
  int high, low;

  *decoded = 1;
  if (text[pos] != '\\' || pos + 1 >= length)
    {
      if (out != NULL)
        g_string_append_c (out, text[pos]);
      return 1;
    }
  switch (text[pos + 1])
    {
    case 'b': buffer[0] = '\b'; break;
    case 'f': buffer[0] = '\f'; break;
    case 'n': buffer[0] = '\n'; break;
    case 'r': buffer[0] = '\r'; break;
    case 't': buffer[0] = '\t'; break;
    case 'u':
      high = hex_value (text, length, pos + 2);
      if (high < 0)
        break;
      ch = (gunichar) high;
      n = 6;
      if (high >= 0xD800 && high < 0xDC00 && pos + 7 < length && text[pos + 6] == '\\'
          && text[pos + 7] == 'u' && (low = hex_value (text, length, pos + 8)) >= 0xDC00
          && low < 0xE000)
        {
          ch = 0x10000 + (((gunichar) high - 0xD800) << 10) + ((gunichar) low - 0xDC00);
          n = 12;
        }
      *decoded = (gsize) g_unichar_to_utf8 (ch, buffer);
      if (out != NULL)
        g_string_append_len (out, buffer, (gssize) *decoded);
      return n;
    default:
      /* \" \\ \/ and, as json-glib reads them, unknown escapes: the letter */
      buffer[0] = text[pos + 1];
      break;
    }
  if (out != NULL)
    g_string_append_c (out, buffer[0]);
  return 2;
}

/* Reads a string starting at its opening quote; its decoded text goes to
 * `out` if not NULL.  FALSE if it is not closed. */
static gboolean
scanner_read_string (MfScanner *scanner, GString *out)
{
  char quote = scanner->text[scanner->at.offset];

  scanner_advance (scanner);
  while (scanner_peek (scanner, 0) >= 0 && scanner_peek (scanner, 0) != quote)
    {
      gsize decoded;

      /* single-quoted strings have no escapes in json-glib's scanner */
      if (quote == '\'')
        {
          if (out != NULL)
            g_string_append_c (out, scanner->text[scanner->at.offset]);
          scanner_advance (scanner);
          continue;
        }
      scanner_advance_n (scanner, string_unit (scanner->text, scanner->length,
                                               scanner->at.offset, out, &decoded));
    }
  if (scanner_peek (scanner, 0) < 0)
    return FALSE;
  scanner_advance (scanner);
  return TRUE;
}

/* Numbers, true, false, null: anything up to a delimiter. */
static gboolean
scanner_read_scalar (MfScanner *scanner)
{
  gsize start = scanner->at.offset;

  for (;;)
    {
      int c = scanner_peek (scanner, 0);

      if (c < 0 || strchr (" \t\r\n,:[]{}\"'/", c) != NULL)
        break;
      scanner_advance (scanner);
    }
  return scanner->at.offset > start;
}

static void
record (GHashTable *table, const char *path, const MfPlace *place)
{
  /* a repeated member replaces the earlier one, as in json-glib */
  g_hash_table_replace (table, g_strdup (path), g_memdup2 (place, sizeof *place));
}

static void
frame_clear (MfFrame *frame)
{
  g_free (frame->path);
}

/* Reads one value at `path`; containers are pushed on `stack` and their
 * contents read by the caller's loop, so nesting depth costs no C stack. */
static gboolean
scan_value (MfJsonLocator *locator, MfScanner *scanner, GArray *stack, const char *path)
{
  int c;

  scanner_skip_space (scanner);
  c = scanner_peek (scanner, 0);
  if (c < 0)
    return FALSE;
  record (locator->values, path, &scanner->at);
  if (c == '{' || c == '[')
    {
      MfFrame frame = { g_strdup (path), c == '{', 0 };

      scanner_advance (scanner);
      g_array_append_val (stack, frame);
      return TRUE;
    }
  if (c == '"' || c == '\'')
    return scanner_read_string (scanner, NULL);
  return scanner_read_scalar (scanner);
}

/* Reads the next member name (objects) or nothing (arrays) and returns the
 * path of the next item of the innermost container; NULL at its end or on
 * text that does not parse. */
static char *
scan_next_item (MfJsonLocator *locator, MfScanner *scanner, MfFrame *frame)
{
  g_autoptr (GString) name = NULL;
  g_autofree char *path = NULL;
  MfPlace key;
  int c;

  scanner_skip_space (scanner);
  if (frame->n_items > 0)
    {
      if (scanner_peek (scanner, 0) != ',')
        return NULL;
      scanner_advance (scanner);
      scanner_skip_space (scanner);
    }
  c = scanner_peek (scanner, 0);
  if (!frame->is_object)
    return c == ']' || c < 0 ? NULL : mf_json_path_index (frame->path, frame->n_items++);

  if (c != '"' && c != '\'')
    return NULL;
  key = scanner->at;
  name = g_string_new (NULL);
  if (!scanner_read_string (scanner, name))
    return NULL;
  scanner_skip_space (scanner);
  if (scanner_peek (scanner, 0) != ':')
    return NULL;
  scanner_advance (scanner);
  path = mf_json_path_member (frame->path, name->str);
  record (locator->keys, path, &key);
  frame->n_items++;
  return g_steal_pointer (&path);
}

static void
scan (MfJsonLocator *locator, MfScanner *scanner)
{
  g_autoptr (GArray) stack = g_array_new (FALSE, FALSE, sizeof (MfFrame));

  g_array_set_clear_func (stack, (GDestroyNotify) frame_clear);
  if (!scan_value (locator, scanner, stack, ""))
    return;
  while (stack->len > 0)
    {
      MfFrame *frame = &g_array_index (stack, MfFrame, stack->len - 1);
      g_autofree char *path = scan_next_item (locator, scanner, frame);

      if (path != NULL)
        {
          if (!scan_value (locator, scanner, stack, path))
            return;
          continue;
        }
      /* the end of the container, or text we cannot read: stop there */
      scanner_skip_space (scanner);
      if (scanner_peek (scanner, 0) != (frame->is_object ? '}' : ']'))
        return;
      scanner_advance (scanner);
      g_array_set_size (stack, stack->len - 1);
    }
}

MfJsonLocator *
mf_json_locator_new (const char *text, gssize length)
{
  MfJsonLocator *locator = g_new0 (MfJsonLocator, 1);
  MfScanner scanner;

  locator->text = text;
  locator->length = length < 0 ? strlen (text) : (gsize) length;
  locator->values = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  locator->keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  scanner = (MfScanner) { text, locator->length, { 0, 1, 1 } };
  scanner.at.offset = bom_length (text, scanner.length);
  scan (locator, &scanner);
  return locator;
}

void
mf_json_locator_free (MfJsonLocator *locator)
{
  if (locator == NULL)
    return;
  g_hash_table_unref (locator->values);
  g_hash_table_unref (locator->keys);
  g_free (locator);
}

static gboolean
lookup (GHashTable *table, const char *path, guint *line, guint *column)
{
  const MfPlace *place = g_hash_table_lookup (table, path);

  if (place == NULL)
    return FALSE;
  *line = place->line;
  *column = place->column;
  return TRUE;
}

gboolean
mf_json_locator_find (const MfJsonLocator *locator, const char *path, guint *line, guint *column)
{
  return lookup (locator->values, path, line, column);
}

gboolean
mf_json_locator_find_key (const MfJsonLocator *locator,
                          const char          *path,
                          guint               *line,
                          guint               *column)
{
  return lookup (locator->keys, path, line, column);
}

gboolean
mf_json_locator_find_in_string (const MfJsonLocator *locator,
                                const char          *path,
                                gsize                offset,
                                guint               *line,
                                guint               *column)
{
  const MfPlace *place = g_hash_table_lookup (locator->values, path);
  MfScanner scanner;
  gsize decoded_so_far = 0;
  char quote;

  if (place == NULL)
    return FALSE;
  quote = locator->text[place->offset];
  if (quote != '"' && quote != '\'')
    return FALSE;

  scanner = (MfScanner) { locator->text, locator->length, *place };
  scanner_advance (&scanner);
  while (scanner_peek (&scanner, 0) >= 0 && scanner_peek (&scanner, 0) != quote)
    {
      gsize decoded = 1;
      gsize raw = 1;

      if (quote == '"')
        raw = string_unit (scanner.text, scanner.length, scanner.at.offset, NULL, &decoded);
      /* an offset inside an escape points at its backslash */
      if (decoded_so_far + decoded > offset)
        break;
      decoded_so_far += decoded;
      scanner_advance_n (&scanner, raw);
    }
  *line = scanner.at.line;
  *column = scanner.at.column;
  return TRUE;
}

static void
append_escaped (GString *path, const char *name)
{
  for (const char *p = name; *p != '\0'; p++)
    {
      if (*p == '~')
        g_string_append (path, "~0");
      else if (*p == '/')
        g_string_append (path, "~1");
      else
        g_string_append_c (path, *p);
    }
}

char *
mf_json_path_member (const char *parent, const char *name)
{
  GString *path = g_string_new (parent);

  if (parent[0] != '\0')
    g_string_append_c (path, '/');
  append_escaped (path, name);
  return g_string_free (path, FALSE);
}

char *
mf_json_path_index (const char *parent, guint index)
{
  if (parent[0] == '\0')
    return g_strdup_printf ("%u", index);
  return g_strdup_printf ("%s/%u", parent, index);
}

MfJsonLimit
mf_json_check_limits (const char *text, gsize length, const MfJsonLimits *limits, gsize *offset)
{
  MfScanner scanner = { text, length, { bom_length (text, length), 1, 1 } };
  gsize items = 0;
  guint depth = 0;
  int c;

  while ((c = scanner_peek (&scanner, 0)) >= 0)
    {
      gsize start = scanner.at.offset;
      MfJsonLimit broken = MF_JSON_WITHIN_LIMITS;

      if (c == '/' || c == ' ' || c == '\t' || c == '\n' || c == '\r')
        {
          scanner_skip_space (&scanner);
          if (scanner.at.offset > start)
            continue;
        }
      if (c == ']' || c == '}' || c == ',' || c == ':' || c == '/')
        {
          if ((c == ']' || c == '}') && depth > 0)
            depth--;
          scanner.at.offset++;
          continue;
        }
      if (++items > limits->max_items)
        broken = MF_JSON_TOO_MANY_ITEMS;
      else if (c == '[' || c == '{')
        {
          if (++depth > limits->max_depth)
            broken = MF_JSON_TOO_DEEP;
          scanner.at.offset++;
        }
      else if (c == '"' || c == '\'')
        {
          /* an unclosed string runs to the end of the text */
          scanner_read_string (&scanner, NULL);
          if (scanner.at.offset - start > limits->max_string + 2)
            broken = MF_JSON_STRING_TOO_LONG;
        }
      else if (!scanner_read_scalar (&scanner))
        scanner.at.offset++;
      if (broken != MF_JSON_WITHIN_LIMITS)
        {
          *offset = start;
          return broken;
        }
    }
  return MF_JSON_WITHIN_LIMITS;
}

gboolean
mf_json_check_strings_closed (const char *text, gsize length, gsize *offset)
{
  MfScanner scanner = { text, length, { 0, 1, 1 } };
  int c;

  while ((c = scanner_peek (&scanner, 0)) >= 0)
    {
      gsize start = scanner.at.offset;

      if (c == '/')
        scanner_skip_space (&scanner);
      if (scanner.at.offset > start)
        continue;
      if ((c == '"' || c == '\'') && !scanner_read_string (&scanner, NULL))
        {
          *offset = start;
          return FALSE;
        }
      if (scanner.at.offset == start)
        scanner.at.offset++;
    }
  return TRUE;
}

void
mf_json_text_position (const char *text, gsize offset, guint *line, guint *column)
{
  *line = 1;
  *column = 1;
  for (gsize i = MIN (bom_length (text, offset), offset); i < offset; i++)
    {
      if (text[i] == '\n')
        {
          (*line)++;
          *column = 1;
        }
      else if (STARTS_CHAR (text[i]))
        {
          (*column)++;
        }
    }
}

guint
mf_json_text_column (const char *text, gsize length, guint line, guint byte_column)
{
  gsize start = line == 1 ? bom_length (text, length) : 0;
  gsize end;
  guint column = 0;

  for (guint l = 1; l < line && start < length; start++)
    if (text[start] == '\n')
      l++;
  for (end = start; end < length && text[end] != '\n'; end++)
    ;
  /* GScanner may count one past the end of the line it ran off */
  if (byte_column > end - start)
    return (guint) g_utf8_strlen (text + start, (gssize) (end - start)) + 1;
  for (gsize i = start; i < start + byte_column; i++)
    if (STARTS_CHAR (text[i]))
      column++;
  return MAX (column, 1);
}
