/* mf-math-derivative.c: time derivatives and substitutions on notation
 * (mf-math-derivative.h).
 *
 * A sum is read as a list of signed terms: a row's children between the
 * "+" and "−" text nodes, a leading "−" negating the first; a term that is
 * itself a sum is opened up.  A term of several children is a product of
 * those that are not text ("·", "32·").
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-math-derivative.h"

#include <string.h>

typedef struct
{
  gboolean negative;
  MfMath  *term;
} Term;

typedef struct
{
  MfMathVarying varying;
  gpointer      data;
} Rules;

static void
term_clear (gpointer p)
{
  mf_math_free (((Term *) p)->term);
}

static GArray *
terms_new (void)
{
  GArray *terms = g_array_new (FALSE, FALSE, sizeof (Term));

  g_array_set_clear_func (terms, term_clear);
  return terms;
}

static void
terms_add (GArray *terms, gboolean negative, MfMath *term)
{
  Term t = { negative, term };

  g_array_append_val (terms, t);
}

/* Whether `math` is a "+" or "−" between terms; *negative says which. */
static gboolean
is_sign (const MfMath *math, gboolean *negative)
{
  g_autofree char *text = NULL;

  if (mf_math_kind (math) != MF_MATH_TEXT)
    return FALSE;
  text = g_strstrip (g_strdup (mf_math_get_text (math)));
  *negative = strcmp (text, "−") == 0;
  return *negative || strcmp (text, "+") == 0;
}

gboolean
mf_math_is_sum (const MfMath *math)
{
  gboolean negative;

  if (mf_math_kind (math) != MF_MATH_ROW)
    return FALSE;
  for (guint i = 0; i < mf_math_n_children (math); i++)
    if (is_sign (mf_math_child (math, i), &negative))
      return TRUE;
  return mf_math_n_children (math) == 1 && mf_math_is_sum (mf_math_child (math, 0));
}

/* Appends the terms of `math` (copies) to `terms`, each negated when
 * `negative`; nested sums are opened up. */
static void
add_terms (GArray *terms, const MfMath *math, gboolean negative)
{
  guint n = mf_math_n_children (math);
  guint start = 0;
  gboolean sign = FALSE;

  if (!mf_math_is_sum (math))
    {
      terms_add (terms, negative, mf_math_copy (math));
      return;
    }
  for (guint i = 0; i <= n; i++)
    {
      gboolean next = FALSE;

      if (i < n && !is_sign (mf_math_child (math, i), &next))
        continue;
      if (i == start + 1)
        add_terms (terms, mf_math_child (math, start), negative != sign);
      else if (i > start + 1)
        {
          MfMath *product = mf_math_row_new ();

          for (guint j = start; j < i; j++)
            mf_math_append (product, mf_math_copy (mf_math_child (math, j)));
          terms_add (terms, negative != sign, product);
        }
      sign = next;
      start = i + 1;
    }
}

/* The sum of `terms` (taken; freed), "0" for none. */
static MfMath *
sum_of (GArray *terms)
{
  MfMath *sum = mf_math_row_new ();

  for (guint i = 0; i < terms->len; i++)
    {
      Term *t = &g_array_index (terms, Term, i);

      mf_math_sum_add (sum, t->negative, g_steal_pointer (&t->term));
    }
  g_array_unref (terms);
  if (mf_math_n_children (sum) == 1)
    {
      MfMath *only = mf_math_copy (mf_math_child (sum, 0));

      mf_math_free (sum);
      return only;
    }
  return mf_math_sum_finish (sum);
}

static MfMath *
wrap (MfMath *math)
{
  return mf_math_is_sum (math) ? mf_math_paren (math) : math;
}

gboolean
mf_math_has_name (const MfMath *math, MfMathVarying test, gpointer data)
{
  if (mf_math_kind (math) == MF_MATH_NAME)
    return test (mf_math_get_text (math), data);
  for (guint i = 0; i < mf_math_n_children (math); i++)
    if (mf_math_has_name (mf_math_child (math, i), test, data))
      return TRUE;
  return FALSE;
}

static gboolean
varies (const MfMath *math, const Rules *rules)
{
  if (mf_math_kind (math) == MF_MATH_SYMBOL)
    return g_strcmp0 (mf_math_get_text (math), "t") == 0 && mf_math_get_subscript (math) == NULL;
  if (mf_math_kind (math) == MF_MATH_NAME)
    return rules->varying (mf_math_get_text (math), rules->data);
  for (guint i = 0; i < mf_math_n_children (math); i++)
    if (varies (mf_math_child (math, i), rules))
      return TRUE;
  return FALSE;
}

static void derive (const MfMath *math, gboolean negative, GArray *out, const Rules *rules);

/* d/dt of `math` as one expression: a sum in parentheses when it has several terms. */
static GArray *
derivative_terms (const MfMath *math, const Rules *rules)
{
  GArray *terms = terms_new ();

  derive (math, FALSE, terms, rules);
  return terms;
}

/* The product rule over the factors of a product row. */
static void
derive_product (const MfMath *row, gboolean negative, GArray *out, const Rules *rules)
{
  guint n = mf_math_n_children (row);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GArray) d = NULL;
      MfMath *product;
      gboolean sign = negative;

      if (mf_math_kind (mf_math_child (row, i)) == MF_MATH_TEXT)
        continue;
      d = derivative_terms (mf_math_child (row, i), rules);
      if (d->len == 0)
        continue;
      product = mf_math_row_new ();
      for (guint j = 0; j < n; j++)
        if (j != i)
          mf_math_append (product, mf_math_copy (mf_math_child (row, j)));
        else if (d->len == 1)
          {
            Term *t = &g_array_index (d, Term, 0);

            sign = negative != t->negative;
            mf_math_append (product, wrap (g_steal_pointer (&t->term)));
          }
        else
          mf_math_append (product, mf_math_paren (sum_of (g_steal_pointer (&d))));
      terms_add (out, sign, product);
    }
}

/* Appends one expression: the single term of `d` with its sign, or their
 * sum; frees `d`. */
static void
add_derivative (GArray *out, gboolean negative, GArray *d, MfMath *(*shape) (MfMath *, const MfMath *),
                const MfMath *math)
{
  if (d->len == 0)
    g_array_unref (d);
  else if (d->len == 1)
    {
      Term *t = &g_array_index (d, Term, 0);

      terms_add (out, negative != t->negative, shape (g_steal_pointer (&t->term), math));
      g_array_unref (d);
    }
  else
    terms_add (out, negative, shape (sum_of (d), math));
}

static MfMath *
shape_paren (MfMath *d, const MfMath *math)
{
  (void) math;
  return wrap (d);
}

/* (u/c)' = u'/c for a constant c */
static MfMath *
shape_over (MfMath *d, const MfMath *math)
{
  return mf_math_frac (d, mf_math_copy (mf_math_child (math, 1)));
}

/* (u^n)' = n·u^(n−1)·u' */
static MfMath *
shape_power (MfMath *d, const MfMath *math)
{
  const MfMath *base = mf_math_child (math, 0);
  const MfMath *exponent = mf_math_child (math, 1);
  MfMath *lower;

  if (mf_math_kind (exponent) == MF_MATH_TEXT && g_strcmp0 (mf_math_get_text (exponent), "2") == 0)
    lower = wrap (mf_math_copy (base));
  else
    lower = mf_math_power (wrap (mf_math_copy (base)),
                           mf_math_row (mf_math_copy (exponent), mf_math_text (" − 1"), NULL));
  return mf_math_row (mf_math_copy (exponent), mf_math_text ("·"), lower, mf_math_text ("·"),
                      wrap (d), NULL);
}

/* |u|' = sgn(u)·u' */
static MfMath *
shape_abs (MfMath *d, const MfMath *math)
{
  return mf_math_row (mf_math_call ("sgn", mf_math_copy (mf_math_child (math, 0)), NULL),
                      mf_math_text ("·"), wrap (d), NULL);
}

/* (√u)' = u'/(2·√u) */
static MfMath *
shape_root (MfMath *d, const MfMath *math)
{
  return mf_math_frac (d, mf_math_row (mf_math_text ("2·"), mf_math_copy (math), NULL));
}

/* (u/w)' = (u'·w − u·w')/w² */
static void
derive_quotient (const MfMath *math, gboolean negative, GArray *out, const Rules *rules)
{
  const MfMath *num = mf_math_child (math, 0);
  const MfMath *den = mf_math_child (math, 1);
  GArray *dnum = derivative_terms (num, rules);
  GArray *dden;
  MfMath *top;

  if (!varies (den, rules))
    {
      if (dnum->len == 0)
        g_array_unref (dnum);
      else
        add_derivative (out, negative, dnum, shape_over, math);
      return;
    }
  top = mf_math_row_new ();
  dden = derivative_terms (den, rules);
  if (dnum->len > 0)
    mf_math_sum_add (top, FALSE, mf_math_row (wrap (sum_of (dnum)), mf_math_text ("·"),
                                              wrap (mf_math_copy (den)), NULL));
  else
    g_array_unref (dnum);
  mf_math_sum_add (top, TRUE, mf_math_row (wrap (mf_math_copy (num)), mf_math_text ("·"),
                                           wrap (sum_of (dden)), NULL));
  terms_add (out, negative,
             mf_math_frac (top, mf_math_power (wrap (mf_math_copy (den)), mf_math_text ("2"))));
}

static void
derive (const MfMath *math, gboolean negative, GArray *out, const Rules *rules)
{
  g_autoptr (GArray) terms = NULL;

  if (!varies (math, rules))
    return;
  switch (mf_math_kind (math))
    {
    case MF_MATH_NAME:
    case MF_MATH_PRIME:
      terms_add (out, negative, mf_math_prime (mf_math_copy (math)));
      break;
    case MF_MATH_ROW:
      if (mf_math_is_sum (math))
        {
          terms = terms_new ();
          add_terms (terms, math, FALSE);
          for (guint i = 0; i < terms->len; i++)
            {
              const Term *t = &g_array_index (terms, Term, i);

              derive (t->term, negative != t->negative, out, rules);
            }
        }
      else if (mf_math_n_children (math) == 1)
        derive (mf_math_child (math, 0), negative, out, rules);
      else
        {
          /* a parameter of t, "a_O1(t)", is a function the rules do not open */
          for (guint i = 0; i < mf_math_n_children (math); i++)
            if (mf_math_kind (mf_math_child (math, i)) == MF_MATH_SYMBOL
                && varies (mf_math_child (math, i), rules))
              {
                terms_add (out, negative, mf_math_prime (mf_math_paren (mf_math_copy (math))));
                return;
              }
          derive_product (math, negative, out, rules);
        }
      break;
    case MF_MATH_PAREN:
      add_derivative (out, negative, derivative_terms (mf_math_child (math, 0), rules), shape_paren,
                      math);
      break;
    case MF_MATH_FRAC:
      derive_quotient (math, negative, out, rules);
      break;
    case MF_MATH_POWER:
      add_derivative (out, negative, derivative_terms (mf_math_child (math, 0), rules), shape_power,
                      math);
      break;
    case MF_MATH_ABS:
      add_derivative (out, negative, derivative_terms (mf_math_child (math, 0), rules), shape_abs,
                      math);
      break;
    case MF_MATH_CALL:
      if (g_strcmp0 (mf_math_get_text (math), "√") == 0 && mf_math_n_children (math) == 1)
        add_derivative (out, negative, derivative_terms (mf_math_child (math, 0), rules),
                        shape_root, math);
      else
        terms_add (out, negative, mf_math_prime (mf_math_copy (math)));
      break;
    case MF_MATH_TEXT:
    case MF_MATH_WORDS:
    case MF_MATH_NUMBER:
    case MF_MATH_SYMBOL:
    default:
      terms_add (out, negative, mf_math_prime (mf_math_copy (math)));
      break;
    }
}

MfMath *
mf_math_derivative (const MfMath *math, MfMathVarying varying, gpointer data)
{
  Rules rules = { varying, data };

  g_return_val_if_fail (math != NULL && varying != NULL, NULL);
  return sum_of (derivative_terms (math, &rules));
}

static MfMath *
substitute (const MfMath *math, GHashTable *replace, gboolean *replaced)
{
  g_autofree char *plain = mf_math_to_plain (math);
  const MfMath *by = g_hash_table_lookup (replace, plain);
  MfMath *copy;
  gboolean sum;

  *replaced = FALSE;
  if (by != NULL)
    {
      *replaced = TRUE;
      return mf_math_copy (by);
    }
  if (mf_math_n_children (math) == 0)
    return mf_math_copy (math);
  sum = mf_math_is_sum (math);
  switch (mf_math_kind (math))
    {
    case MF_MATH_ROW:
      copy = mf_math_row_new ();
      break;
    case MF_MATH_CALL:
      copy = mf_math_call (mf_math_get_text (math), NULL, NULL);
      break;
    default:
      copy = NULL;
      break;
    }
  if (copy != NULL)
    {
      guint n = mf_math_n_children (math);

      for (guint i = 0; i < n; i++)
        {
          gboolean child_replaced, s;
          MfMath *child = substitute (mf_math_child (math, i), replace, &child_replaced);
          /* alone in its term of a sum: opened up by the caller's add_terms */
          gboolean alone = sum && (i == 0 || is_sign (mf_math_child (math, i - 1), &s))
                           && (i + 1 == n || is_sign (mf_math_child (math, i + 1), &s));

          mf_math_append (copy, child_replaced && !alone && mf_math_kind (math) == MF_MATH_ROW
                                  ? wrap (child) : child);
        }
      return copy;
    }
  {
    gboolean r0 = FALSE, r1 = FALSE;
    MfMath *a = substitute (mf_math_child (math, 0), replace, &r0);
    MfMath *b = mf_math_n_children (math) > 1 ? substitute (mf_math_child (math, 1), replace, &r1)
                                              : NULL;

    switch (mf_math_kind (math))
      {
      case MF_MATH_FRAC:
        return mf_math_frac (a, b);
      case MF_MATH_POWER:
        return mf_math_power (r0 ? wrap (a) : a, b);
      case MF_MATH_PRIME:
        return mf_math_prime (r0 ? wrap (a) : a);
      case MF_MATH_ABS:
        mf_math_free (b);
        return mf_math_abs (a);
      case MF_MATH_PAREN:
      default:
        mf_math_free (b);
        return mf_math_paren (a);
      }
  }
}

/* "0", or a product with a factor 0: what a term replaced by 0 leaves. */
static gboolean
is_zero (const MfMath *term)
{
  if (mf_math_kind (term) == MF_MATH_TEXT)
    return g_strcmp0 (mf_math_get_text (term), "0") == 0;
  if (mf_math_kind (term) != MF_MATH_ROW)
    return FALSE;
  for (guint i = 0; i < mf_math_n_children (term); i++)
    if (is_zero (mf_math_child (term, i)))
      return TRUE;
  return FALSE;
}

MfMath *
mf_math_substitute (const MfMath *math, GHashTable *replace)
{
  gboolean replaced;
  g_autoptr (MfMath) done = NULL;
  GArray *terms = terms_new ();
  g_autoptr (GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (math != NULL && replace != NULL, NULL);

  done = substitute (math, replace, &replaced);
  if (!mf_math_is_sum (done))
    {
      g_array_unref (terms);
      return g_steal_pointer (&done);
    }
  add_terms (terms, done, FALSE);
  for (guint i = 0; i < terms->len; i++)
    g_ptr_array_add (texts, mf_math_to_plain (g_array_index (terms, Term, i).term));
  /* a term and its negative cancel */
  for (guint i = 0; i < terms->len; i++)
    for (guint j = i + 1; j < terms->len; j++)
      if (g_array_index (terms, Term, i).term != NULL && g_array_index (terms, Term, j).term != NULL
          && g_array_index (terms, Term, i).negative != g_array_index (terms, Term, j).negative
          && strcmp (texts->pdata[i], texts->pdata[j]) == 0)
        {
          g_clear_pointer (&g_array_index (terms, Term, i).term, mf_math_free);
          g_clear_pointer (&g_array_index (terms, Term, j).term, mf_math_free);
          break;
        }
  for (guint i = terms->len; i-- > 0;)
    if (g_array_index (terms, Term, i).term == NULL || is_zero (g_array_index (terms, Term, i).term))
      g_array_remove_index (terms, i);
  return sum_of (terms);
}
