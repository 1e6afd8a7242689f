/* mf-math.h: mathematical notation as a small tree — names, symbols with
 * subscripts, fractions, powers, derivatives, absolute values — written
 * out three ways: plain Unicode text (what a copy puts on the clipboard),
 * LaTeX, and Pango markup (a line of text; a typesetter that stacks
 * fractions reads the tree itself).
 *
 * A tree is built bottom up; each constructor takes ownership of the
 * nodes it is given.  Text nodes hold operators and numbers as Unicode
 * ("·", "−", "=", "32"); the LaTeX writer translates the Greek letters
 * and operators it meets.  No GTK.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  MF_MATH_TEXT,   /* an operator, a number, a unit: upright */
  MF_MATH_WORDS,  /* prose: "Colebrook's friction factor" */
  MF_MATH_NUMBER, /* a number: "2e-5", written 2·10⁻⁵ where notation allows */
  MF_MATH_NAME,   /* a quantity of the circuit by its name, upright: "P1.v", "J1.p" */
  MF_MATH_SYMBOL, /* a parameter, italic, with a subscript: L_P1, cd_O1, ρ */
  MF_MATH_ROW,    /* the children side by side */
  MF_MATH_FRAC,   /* numerator over denominator */
  MF_MATH_POWER,  /* base to the exponent */
  MF_MATH_PRIME,  /* the time derivative of the child */
  MF_MATH_ABS,    /* |child| */
  MF_MATH_PAREN,  /* (child) */
  MF_MATH_CALL,   /* a function: text(child, child, ...) */
} MfMathKind;

typedef struct _MfMath MfMath;

MfMath       *mf_math_text (const char *text);
MfMath       *mf_math_words (const char *words);
/* Six significant digits (mf_math_number_text()). */
MfMath       *mf_math_number (double value);
MfMath       *mf_math_name (const char *name);
/* `subscript` may be NULL. */
MfMath       *mf_math_symbol (const char *base,
                              const char *subscript);
/* NULL-terminated; NULL children are skipped. */
MfMath       *mf_math_row (MfMath *first,
                           ...) G_GNUC_NULL_TERMINATED;
MfMath       *mf_math_row_new (void);
/* Appends `child` (taking it) to a row or to a function's arguments;
 * does nothing for NULL. */
void          mf_math_append (MfMath *parent,
                              MfMath *child);
/* A sum built term by term in a row: "a − b + c", "−a". */
void          mf_math_sum_add (MfMath   *sum,
                               gboolean  negative,
                               MfMath   *term);
/* The sum, or "0" when it has no term. */
MfMath       *mf_math_sum_finish (MfMath *sum);
MfMath       *mf_math_frac (MfMath *numerator,
                            MfMath *denominator);
MfMath       *mf_math_power (MfMath *base,
                             MfMath *exponent);
MfMath       *mf_math_prime (MfMath *child);
MfMath       *mf_math_abs (MfMath *child);
MfMath       *mf_math_paren (MfMath *child);
/* `name` applied to the arguments (NULL-terminated): "min(a, b)". */
MfMath       *mf_math_call (const char *name,
                            MfMath     *first,
                            ...) G_GNUC_NULL_TERMINATED;
MfMath       *mf_math_copy (const MfMath *math);
void          mf_math_free (MfMath *math);

MfMathKind    mf_math_kind (const MfMath *math);
/* The text of a TEXT, WORDS, NUMBER, NAME or CALL node, the base of a SYMBOL; NULL for
 * the others. */
const char   *mf_math_get_text (const MfMath *math);
/* A SYMBOL's subscript, or NULL. */
const char   *mf_math_get_subscript (const MfMath *math);
guint         mf_math_n_children (const MfMath *math);
const MfMath *mf_math_child (const MfMath *math,
                             guint         i);

/* A number as a line of text writes it: six significant digits, no "+"
 * or leading zeros in the exponent ("2e-5", "1.5e9", "870").  Free with
 * g_free(). */
char         *mf_math_number_text (double value);

/* "ρ·L_P1·P1.v' = J1.p − J2.p": subscripts after "_", powers 2 and 3 as
 * "²" and "³" and others after "^", fractions as "a/b" with parentheses
 * where a part has more than one term or factor.  Free with g_free(). */
char         *mf_math_to_plain (const MfMath *math);
/* "\rho \cdot L_{\mathrm{P1}} \cdot \mathrm{P1.v}' = …". */
char         *mf_math_to_latex (const MfMath *math);
/* Prose for running LaTeX text: the symbols it holds in math mode ("$\beta $"),
 * LaTeX's special characters escaped. */
char         *mf_math_prose_to_latex (const char *words);
/* Pango markup on one line: symbols in italics, <sub> and <sup>, fractions
 * as in plain text. */
char         *mf_math_to_markup (const MfMath *math);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfMath, mf_math_free)

G_END_DECLS
