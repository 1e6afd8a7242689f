/* mf-math.c: the notation tree and its three writers (mf-math.h).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-math.h"

#include <stdarg.h>
#include <string.h>

struct _MfMath
{
  MfMathKind kind;
  char      *text;      /* TEXT, WORDS, NUMBER, NAME, CALL: the text; SYMBOL: the base */
  char      *subscript; /* SYMBOL */
  GPtrArray *children;  /* MfMath *, owned */
};

static MfMath *
node_new (MfMathKind kind, const char *text)
{
  MfMath *math = g_new0 (MfMath, 1);

  math->kind = kind;
  math->text = g_strdup (text);
  math->children = g_ptr_array_new_with_free_func ((GDestroyNotify) mf_math_free);
  return math;
}

static MfMath *
node_with (MfMathKind kind, const char *text, MfMath *a, MfMath *b)
{
  MfMath *math = node_new (kind, text);

  g_return_val_if_fail (a != NULL, math);
  g_ptr_array_add (math->children, a);
  if (b != NULL)
    g_ptr_array_add (math->children, b);
  return math;
}

MfMath *
mf_math_text (const char *text)
{
  return node_new (MF_MATH_TEXT, text);
}

MfMath *
mf_math_words (const char *words)
{
  return node_new (MF_MATH_WORDS, words);
}

MfMath *
mf_math_number (double value)
{
  g_autofree char *text = mf_math_number_text (value);

  return node_new (MF_MATH_NUMBER, text);
}

MfMath *
mf_math_name (const char *name)
{
  return node_new (MF_MATH_NAME, name);
}

MfMath *
mf_math_symbol (const char *base, const char *subscript)
{
  MfMath *math = node_new (MF_MATH_SYMBOL, base);

  math->subscript = g_strdup (subscript);
  return math;
}

MfMath *
mf_math_row_new (void)
{
  return node_new (MF_MATH_ROW, NULL);
}

void
mf_math_append (MfMath *parent, MfMath *child)
{
  g_return_if_fail (parent != NULL
                    && (parent->kind == MF_MATH_ROW || parent->kind == MF_MATH_CALL));

  if (child != NULL)
    g_ptr_array_add (parent->children, child);
}

MfMath *
mf_math_row (MfMath *first, ...)
{
  MfMath *row = mf_math_row_new ();
  va_list args;

  va_start (args, first);
  for (MfMath *child = first; child != NULL; child = va_arg (args, MfMath *))
    mf_math_append (row, child);
  va_end (args);
  return row;
}

void
mf_math_sum_add (MfMath *sum, gboolean negative, MfMath *term)
{
  if (mf_math_n_children (sum) == 0)
    {
      if (negative)
        mf_math_append (sum, mf_math_text ("−"));
    }
  else
    mf_math_append (sum, mf_math_text (negative ? " − " : " + "));
  mf_math_append (sum, term);
}

MfMath *
mf_math_sum_finish (MfMath *sum)
{
  if (mf_math_n_children (sum) == 0)
    mf_math_append (sum, mf_math_text ("0"));
  return sum;
}

MfMath *
mf_math_frac (MfMath *numerator, MfMath *denominator)
{
  g_return_val_if_fail (denominator != NULL, numerator);
  return node_with (MF_MATH_FRAC, NULL, numerator, denominator);
}

MfMath *
mf_math_power (MfMath *base, MfMath *exponent)
{
  g_return_val_if_fail (exponent != NULL, base);
  return node_with (MF_MATH_POWER, NULL, base, exponent);
}

MfMath *
mf_math_prime (MfMath *child)
{
  return node_with (MF_MATH_PRIME, NULL, child, NULL);
}

MfMath *
mf_math_abs (MfMath *child)
{
  return node_with (MF_MATH_ABS, NULL, child, NULL);
}

MfMath *
mf_math_paren (MfMath *child)
{
  return node_with (MF_MATH_PAREN, NULL, child, NULL);
}

MfMath *
mf_math_call (const char *name, MfMath *first, ...)
{
  MfMath *call = node_new (MF_MATH_CALL, name);
  va_list args;

  va_start (args, first);
  for (MfMath *child = first; child != NULL; child = va_arg (args, MfMath *))
    mf_math_append (call, child);
  va_end (args);
  return call;
}

MfMath *
mf_math_copy (const MfMath *math)
{
  MfMath *copy;

  g_return_val_if_fail (math != NULL, NULL);

  copy = node_new (math->kind, math->text);
  copy->subscript = g_strdup (math->subscript);
  for (guint i = 0; i < math->children->len; i++)
    g_ptr_array_add (copy->children, mf_math_copy (g_ptr_array_index (math->children, i)));
  return copy;
}

void
mf_math_free (MfMath *math)
{
  if (math == NULL)
    return;
  g_free (math->text);
  g_free (math->subscript);
  g_ptr_array_unref (math->children);
  g_free (math);
}

MfMathKind
mf_math_kind (const MfMath *math)
{
  return math->kind;
}

const char *
mf_math_get_text (const MfMath *math)
{
  return math->text;
}

const char *
mf_math_get_subscript (const MfMath *math)
{
  return math->subscript;
}

guint
mf_math_n_children (const MfMath *math)
{
  return math->children->len;
}

const MfMath *
mf_math_child (const MfMath *math, guint i)
{
  g_return_val_if_fail (i < math->children->len, NULL);
  return g_ptr_array_index (math->children, i);
}

char *
mf_math_number_text (double value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];
  GString *out = g_string_new (NULL);
  const char *e;

  g_ascii_formatd (buffer, sizeof buffer, "%.6g", value);
  e = strchr (buffer, 'e');
  if (e == NULL)
    {
      g_string_append (out, buffer);
      return g_string_free (out, FALSE);
    }
  g_string_append_len (out, buffer, e - buffer + 1);
  e++;
  if (*e == '-')
    g_string_append_c (out, *e);
  if (*e == '-' || *e == '+')
    e++;
  while (*e == '0' && e[1] != '\0')
    e++;
  g_string_append (out, e);
  return g_string_free (out, FALSE);
}

/* ---- writing ---- */

typedef enum
{
  STYLE_PLAIN,
  STYLE_LATEX,
  STYLE_MARKUP,
} Style;

/* Unicode the text nodes use and what LaTeX writes for each. */
static const struct
{
  const char *unicode;
  const char *latex;
} latex_words[] = {
  { "·", "\\cdot " }, { "−", "-" }, { "≤", "\\le " }, { "≥", "\\ge " },
  { "ρ", "\\rho " }, { "ν", "\\nu " }, { "μ", "\\mu " }, { "λ", "\\lambda " },
  { "π", "\\pi " }, { "ε", "\\varepsilon " }, { "Δ", "\\Delta " }, { "α", "\\alpha " },
  { "σ", "\\sigma " }, { "Σ", "\\sum " }, { "ᵀ", "^{\\mathsf{T}}" }, { "√", "\\sqrt" },
  { "×", "\\times " }, { "…", "\\dots " }, { "→", "\\to " }, { "²", "^{2}" }, { "³", "^{3}" },
  { "β", "\\beta " }, { "M̄", "\\bar{M}" }, { "v̄", "\\bar{v}" }, { "F̄", "\\bar{F}" },
  { "′", "'" },
};

/* In prose (`in_words`), the symbols are set in math mode and the rest
 * left as it is but for LaTeX's special characters; in maths, words (units)
 * are upright when `upright_words`. */
static void
append_latex_text (GString *out, const char *text, gboolean upright_words, gboolean in_words)
{
  const char *p = text;

  while (*p != '\0')
    {
      gboolean done = FALSE;

      for (guint i = 0; i < G_N_ELEMENTS (latex_words) && !done; i++)
        {
          gsize n = strlen (latex_words[i].unicode);

          if (strncmp (p, latex_words[i].unicode, n) == 0)
            {
              g_string_append_printf (out, in_words ? "$%s$" : "%s", latex_words[i].latex);
              p += n;
              done = TRUE;
            }
        }
      if (done)
        continue;
      if (strchr ("#$%&_{}", *p) != NULL)
        g_string_append_printf (out, "\\%c", *p);
      else if (*p == '~' || *p == '^' || *p == '\\')
        g_string_append_printf (out, "\\char%d{}", *p);
      else if (in_words)
        g_string_append_c (out, *p);
      else if (upright_words && *p == ' ' && (p == text || g_ascii_isdigit (p[-1]))
               && g_ascii_isalpha (p[1]))
        g_string_append (out, "\\,");
      else if (upright_words && g_ascii_isalpha (*p))
        {
          const char *end = p;

          while (g_ascii_isalpha (*end))
            end++;
          g_string_append (out, "\\mathrm{");
          g_string_append_len (out, p, end - p);
          g_string_append (out, "}");
          p = end;
          continue;
        }
      else
        g_string_append_c (out, *p);
      p++;
    }
}

static void
append_escaped (GString *out, Style style, const char *text, gboolean upright_words)
{
  if (style == STYLE_LATEX)
    append_latex_text (out, text, upright_words, FALSE);
  else if (style == STYLE_MARKUP)
    {
      char *escaped = g_markup_escape_text (text, -1);

      g_string_append (out, escaped);
      g_free (escaped);
    }
  else
    g_string_append (out, text);
}

/* A sum at the top of a row: a + or − between terms. */
static gboolean
is_sum (const MfMath *math)
{
  if (math->kind != MF_MATH_ROW)
    return FALSE;
  for (guint i = 1; i < math->children->len; i++)
    {
      const MfMath *c = g_ptr_array_index (math->children, i);

      if (c->kind == MF_MATH_TEXT
          && (strstr (c->text, " + ") != NULL || strstr (c->text, " − ") != NULL))
        return TRUE;
    }
  return FALSE;
}

/* More than one thing side by side, or a fraction: what a power, a prime or
 * a denominator needs parentheses around in a line of text. */
static gboolean
is_compound (const MfMath *math)
{
  return (math->kind == MF_MATH_ROW && math->children->len > 1) || math->kind == MF_MATH_FRAC
         || (math->kind == MF_MATH_NUMBER && (math->text[0] == '-' || strchr (math->text, 'e')));
}

static const char *const superscript_digits[] = {
  "⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹",
};

static gboolean
is_digits (const MfMath *math)
{
  if ((math->kind != MF_MATH_TEXT && math->kind != MF_MATH_NUMBER) || math->text[0] == '\0')
    return FALSE;
  for (const char *p = math->text; *p != '\0'; p++)
    if (!g_ascii_isdigit (*p))
      return FALSE;
  return TRUE;
}

static void write_math (GString *out, Style style, const MfMath *math);

/* "7.85398e-5" as 7.85398·10⁻⁵ in LaTeX and markup. */
static void
write_number (GString *out, Style style, const char *text)
{
  const char *e = strchr (text, 'e');

  if (e == NULL || style == STYLE_PLAIN)
    {
      g_string_append (out, text);
      return;
    }
  if (!(e - text == 1 && text[0] == '1'))
    {
      g_string_append_len (out, text, e - text);
      g_string_append (out, style == STYLE_LATEX ? "\\cdot " : "·");
    }
  if (style == STYLE_LATEX)
    g_string_append_printf (out, "10^{%s}", e + 1);
  else
    g_string_append_printf (out, "10<sup>%s%s</sup>", e[1] == '-' ? "−" : "",
                            e[1] == '-' ? e + 2 : e + 1);
}

static void
write_wrapped (GString *out, Style style, const MfMath *math, gboolean wrap)
{
  if (!wrap)
    {
      write_math (out, style, math);
      return;
    }
  g_string_append (out, style == STYLE_LATEX ? "\\left(" : "(");
  write_math (out, style, math);
  g_string_append (out, style == STYLE_LATEX ? "\\right)" : ")");
}

static void
write_children (GString *out, Style style, const MfMath *math, const char *separator)
{
  for (guint i = 0; i < math->children->len; i++)
    {
      if (i > 0 && separator != NULL)
        g_string_append (out, separator);
      write_math (out, style, g_ptr_array_index (math->children, i));
    }
}

/* On a line, a fraction that more factors follow is put in parentheses:
 * "(V/K)·p'", not "V/K·p'". */
static void
write_row (GString *out, Style style, const MfMath *math)
{
  for (guint i = 0; i < math->children->len; i++)
    {
      const MfMath *child = g_ptr_array_index (math->children, i);
      const MfMath *next = i + 1 < math->children->len ? g_ptr_array_index (math->children, i + 1)
                                                       : NULL;

      const MfMath *inner = child;

      while (inner->kind == MF_MATH_ROW && inner->children->len == 1)
        inner = g_ptr_array_index (inner->children, 0);
      write_wrapped (out, style, child,
                     style != STYLE_LATEX && inner->kind == MF_MATH_FRAC && next != NULL
                       && next->kind == MF_MATH_TEXT && g_str_has_prefix (next->text, "·"));
    }
}

static void
write_power (GString *out, Style style, const MfMath *base, const MfMath *exponent)
{
  write_wrapped (out, style, base, is_compound (base) || base->kind == MF_MATH_PRIME);
  if (style == STYLE_LATEX)
    {
      g_string_append (out, "^{");
      write_math (out, style, exponent);
      g_string_append (out, "}");
    }
  else if (style == STYLE_MARKUP)
    {
      g_string_append (out, "<sup>");
      write_math (out, style, exponent);
      g_string_append (out, "</sup>");
    }
  else if (is_digits (exponent))
    for (const char *p = exponent->text; *p != '\0'; p++)
      g_string_append (out, superscript_digits[*p - '0']);
  else
    {
      g_string_append (out, "^");
      write_wrapped (out, style, exponent, is_compound (exponent));
    }
}

static void
write_symbol (GString *out, Style style, const MfMath *math)
{
  if (style == STYLE_LATEX)
    {
      gboolean word = g_utf8_strlen (math->text, -1) > 1 && g_ascii_isalpha (math->text[0]);

      if (word)
        g_string_append (out, "\\mathit{");
      append_escaped (out, style, math->text, FALSE);
      if (word)
        g_string_append (out, "}");
      if (math->subscript != NULL)
        {
          g_string_append (out, "_{\\mathrm{");
          append_escaped (out, style, math->subscript, FALSE);
          g_string_append (out, "}}");
        }
      return;
    }
  if (style == STYLE_MARKUP)
    {
      g_string_append (out, "<i>");
      append_escaped (out, style, math->text, FALSE);
      g_string_append (out, "</i>");
      if (math->subscript != NULL)
        {
          g_string_append (out, "<sub>");
          append_escaped (out, style, math->subscript, FALSE);
          g_string_append (out, "</sub>");
        }
      return;
    }
  g_string_append (out, math->text);
  if (math->subscript != NULL)
    g_string_append_printf (out, "_%s", math->subscript);
}

static void
write_call (GString *out, Style style, const MfMath *math)
{
  if (style == STYLE_LATEX && strcmp (math->text, "√") == 0 && math->children->len == 1)
    {
      g_string_append (out, "\\sqrt{");
      write_children (out, style, math, NULL);
      g_string_append (out, "}");
      return;
    }
  if (style == STYLE_LATEX)
    {
      g_string_append (out, "\\operatorname{");
      append_escaped (out, style, math->text, FALSE);
      g_string_append (out, "}\\left(");
    }
  else
    {
      append_escaped (out, style, math->text, FALSE);
      g_string_append (out, "(");
    }
  write_children (out, style, math, ", ");
  g_string_append (out, style == STYLE_LATEX ? "\\right)" : ")");
}

static void
write_math (GString *out, Style style, const MfMath *math)
{
  const MfMath *a = math->children->len > 0 ? g_ptr_array_index (math->children, 0) : NULL;
  const MfMath *b = math->children->len > 1 ? g_ptr_array_index (math->children, 1) : NULL;

  switch (math->kind)
    {
    case MF_MATH_TEXT:
      append_escaped (out, style, math->text, TRUE);
      break;
    case MF_MATH_WORDS:
      if (style != STYLE_LATEX)
        {
          append_escaped (out, style, math->text, FALSE);
          break;
        }
      g_string_append (out, "\\text{");
      append_latex_text (out, math->text, FALSE, TRUE);
      g_string_append (out, "}");
      break;
    case MF_MATH_NUMBER:
      write_number (out, style, math->text);
      break;
    case MF_MATH_NAME:
      if (style == STYLE_LATEX)
        g_string_append (out, "\\mathrm{");
      append_escaped (out, style, math->text, FALSE);
      if (style == STYLE_LATEX)
        g_string_append (out, "}");
      break;
    case MF_MATH_SYMBOL:
      write_symbol (out, style, math);
      break;
    case MF_MATH_ROW:
      write_row (out, style, math);
      break;
    case MF_MATH_FRAC:
      if (style == STYLE_LATEX)
        {
          g_string_append (out, "\\frac{");
          write_math (out, style, a);
          g_string_append (out, "}{");
          write_math (out, style, b);
          g_string_append (out, "}");
          break;
        }
      write_wrapped (out, style, a, is_sum (a));
      g_string_append (out, "/");
      write_wrapped (out, style, b, is_compound (b));
      break;
    case MF_MATH_POWER:
      write_power (out, style, a, b);
      break;
    case MF_MATH_PRIME:
      write_wrapped (out, style, a, is_compound (a));
      g_string_append (out, "'");
      break;
    case MF_MATH_ABS:
      g_string_append (out, style == STYLE_LATEX ? "\\lvert " : "|");
      write_math (out, style, a);
      g_string_append (out, style == STYLE_LATEX ? "\\rvert " : "|");
      break;
    case MF_MATH_PAREN:
      write_wrapped (out, style, a, TRUE);
      break;
    case MF_MATH_CALL:
      write_call (out, style, math);
      break;
    default:
      g_assert_not_reached ();
    }
}

static char *
write_string (const MfMath *math, Style style)
{
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (math != NULL, g_string_free (out, FALSE));
  write_math (out, style, math);
  return g_string_free (out, FALSE);
}

char *
mf_math_to_plain (const MfMath *math)
{
  return write_string (math, STYLE_PLAIN);
}

char *
mf_math_prose_to_latex (const char *words)
{
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (words != NULL, NULL);

  append_latex_text (out, words, FALSE, TRUE);
  return g_string_free (out, FALSE);
}

char *
mf_math_to_latex (const MfMath *math)
{
  return write_string (math, STYLE_LATEX);
}

char *
mf_math_to_markup (const MfMath *math)
{
  return write_string (math, STYLE_MARKUP);
}
