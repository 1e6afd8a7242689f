/* mf-expr-lex.c: the tokens of an expression (numbers, names, punctuation)
 * and the syntax errors of the parser, with the offset where they are.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-expr-parse-private.h"

#include <glib/gi18n.h>
#include <stdarg.h>
#include <string.h>

#include "mf-error.h"

gboolean
mf_expr_parser_fail (MfParser *p, gsize offset, const char *format, ...)
{
  va_list args;
  char *message;

  if (p->error != NULL)
    return FALSE;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  g_set_error_literal (&p->error, MF_ERROR, MF_ERROR_SYNTAX, message);
  p->error_offset = MIN (offset, p->length);
  g_free (message);
  return FALSE;
}

gboolean
mf_expr_is_name_start (char c)
{
  return g_ascii_isalpha (c) || c == '_';
}

static gboolean
is_name_char (char c)
{
  return g_ascii_isalnum (c) || c == '_';
}

gsize
mf_expr_scan_name (const char *s, gsize i)
{
  while (is_name_char (s[i]))
    i++;
  return i;
}

gsize
mf_expr_number_length (const char *s)
{
  gsize i = 0, digits = 0;

  if (s[i] == '+' || s[i] == '-')
    i++;
  while (g_ascii_isdigit (s[i]))
    i++, digits++;
  if (s[i] == '.')
    for (i++; g_ascii_isdigit (s[i]); i++)
      digits++;
  if (digits == 0)
    return 0;
  if (s[i] == 'e' || s[i] == 'E')
    {
      gsize j = i + 1;

      if (s[j] == '+' || s[j] == '-')
        j++;
      if (g_ascii_isdigit (s[j]))
        {
          while (g_ascii_isdigit (s[j]))
            j++;
          i = j;
        }
    }
  return i;
}

gsize
mf_expr_skip_space (const char *s, gsize i)
{
  while (g_ascii_isspace (s[i]))
    i++;
  return i;
}

void
mf_expr_next_token (MfParser *p)
{
  const char *s = p->text;
  gsize i = mf_expr_skip_space (s, p->end);

  p->start = i;
  if (s[i] == '\0')
    {
      p->kind = MF_TOKEN_END;
      p->end = i;
    }
  else if (g_ascii_isdigit (s[i]) || (s[i] == '.' && g_ascii_isdigit (s[i + 1])))
    {
      /* unsigned here: a sign before a number is an operator */
      p->kind = MF_TOKEN_NUMBER;
      p->end = i + mf_expr_number_length (s + i);
    }
  else if (mf_expr_is_name_start (s[i]))
    {
      /* a dotted name (C1.x, P1.b.p) is one token */
      p->kind = MF_TOKEN_NAME;
      p->end = mf_expr_scan_name (s, i);
      while (s[p->end] == '.' && mf_expr_is_name_start (s[p->end + 1]))
        p->end = mf_expr_scan_name (s, p->end + 1);
    }
  else if (strchr ("()[],+-*/^", s[i]) != NULL)
    {
      p->kind = MF_TOKEN_PUNCT;
      p->end = i + 1;
    }
  else
    {
      p->kind = MF_TOKEN_BAD;
      p->end = i + 1;
    }
}

gboolean
mf_expr_at_punct (const MfParser *p, char c)
{
  return p->kind == MF_TOKEN_PUNCT && p->text[p->start] == c;
}

gboolean
mf_expr_token_is (const MfParser *p, const char *word)
{
  gsize len = strlen (word);

  return p->end - p->start == len && strncmp (p->text + p->start, word, len) == 0;
}

/* The message for a token that cannot stand where it is. */
gboolean
mf_expr_fail_unexpected (MfParser *p)
{
  const char *s = p->text + p->start;
  g_autofree char *shown = NULL;
  gunichar c;

  switch (p->kind)
    {
    case MF_TOKEN_END:
      return mf_expr_parser_fail (p, p->start, _("unexpected end of expression"));
    case MF_TOKEN_BAD:
      c = g_utf8_get_char_validated (s, -1);
      if (c == (gunichar) -1 || c == (gunichar) -2)
        return mf_expr_parser_fail (p, p->start, _("unexpected byte 0x%02X"), (guint) (guchar) *s);
      shown = mf_text_escape_len (s, g_utf8_next_char (s) - s);
      return mf_expr_parser_fail (p, p->start, _("unexpected character '%s'"), shown);
    default:
      shown = mf_text_escape_len (s, (gssize) MIN (p->end - p->start, 40));
      return mf_expr_parser_fail (p, p->start, _("unexpected '%s'"), shown);
    }
}

gboolean
mf_expr_expect_punct (MfParser *p, char c)
{
  if (!mf_expr_at_punct (p, c))
    return mf_expr_parser_fail (p, p->start, _("'%c' expected"), c);
  mf_expr_next_token (p);
  return TRUE;
}
