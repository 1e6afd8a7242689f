/* fuzz-expr.c: the libFuzzer target of the expression language
 * (src/core/expr/, docs/format.md "Values"; docs/fuzzing.md).  Each input,
 * up to its first NUL, is parsed; a failure must be an error with a message
 * and an offset inside the text; a tree must evaluate alike through every
 * entry point (its value with and without the derivative, its copy, at
 * every t when it is constant) and give its breakpoints.  Inputs are
 * mutated as bytes (with the dictionary fuzz/expr.dict), and now and then
 * a span is replaced by a random expression of the grammar.
 *
 * At exit it prints the fraction of inputs that parsed.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mf-error.h"
#include "mf-expr.h"
#include "mf-fuzz-mutate.h"
#include "mf-units.h"

size_t LLVMFuzzerMutate (uint8_t *data, size_t size, size_t max_size);
int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);
size_t LLVMFuzzerCustomMutator (uint8_t *data, size_t size, size_t max_size, unsigned int seed);

static guint64 inputs, parsed;

static void
print_counts (void)
{
  fprintf (stderr, "fuzz-expr: %" G_GUINT64_FORMAT " inputs: %.1f%% parsed\n", inputs,
           100.0 * (double) parsed / (double) MAX (inputs, 1));
}

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  mf_init ();
  mf_fuzz_fatal_warnings ();
  atexit (print_counts);
  return 0;
}

/* The same number, NaN equal to NaN. */
static void
assert_same (double a, double b)
{
  if (!(isnan (a) && isnan (b)))
    g_assert_true (memcmp (&a, &b, sizeof a) == 0 || a == b);
}

static const double times[] = { 0, 1e-3, 0.0125, 0.5, 1, 10, -1, 1e300, -0.0 };

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree char *text = g_strndup ((const char *) data, size);
  g_autoptr (GError) error = NULL;
  g_autoptr (MfExpr) expr = NULL;
  g_autoptr (MfExpr) copy = NULL;
  g_autoptr (GArray) breakpoints = g_array_new (FALSE, FALSE, sizeof (double));
  g_autofree char *described = NULL;
  MfDimension dimension;
  gsize offset = G_MAXSIZE;
  gboolean constant;

  inputs++;
  g_assert_cmpuint (mf_expr_number_length (text), <=, strlen (text));
  expr = mf_expr_parse (text, &dimension, &offset, &error);
  if (expr == NULL)
    {
      g_assert_true (error != NULL && error->message[0] != '\0');
      g_assert_cmpuint (offset, <=, strlen (text));
      return 0;
    }
  parsed++;
  g_assert_no_error (error);
  if (!dimension.any)
    described = mf_dimension_describe (dimension);
  copy = mf_expr_copy (expr);
  constant = mf_expr_is_constant (expr);
  for (guint i = 0; i < G_N_ELEMENTS (times); i++)
    {
      double value = mf_expr_eval (expr, times[i]), with, derivative;

      mf_expr_eval_with_derivative (expr, times[i], &with, &derivative);
      assert_same (value, with);
      assert_same (value, mf_expr_eval (copy, times[i]));
      if (constant)
        assert_same (value, mf_expr_eval (expr, 0));
    }
  mf_expr_collect_breakpoints (expr, breakpoints);
  return 0;
}

size_t
LLVMFuzzerCustomMutator (uint8_t *data, size_t size, size_t max_size, unsigned int seed)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  g_autoptr (GString) text = g_string_new_len ((const char *) data, (gssize) size);
  int choice = g_rand_int_range (rand, 0, 100);

  if (choice < 40)
    return LLVMFuzzerMutate (data, size, max_size);
  if (choice < 80 && size > 0)
    {
      /* a span replaced by an expression of the grammar */
      guint from = (guint) g_rand_int_range (rand, 0, (gint32) size + 1);
      guint to = (guint) g_rand_int_range (rand, (gint32) from, (gint32) size + 1);
      g_autoptr (GString) inserted = g_string_new (NULL);

      mf_fuzz_expression (rand, inserted, g_rand_int_range (rand, 0, 3));
      g_string_erase (text, from, to - from);
      g_string_insert (text, from, inserted->str);
    }
  else
    {
      g_string_truncate (text, 0);
      mf_fuzz_expression (rand, text, g_rand_int_range (rand, 1, 5));
    }
  if (text->len > max_size)
    return LLVMFuzzerMutate (data, size, max_size);
  memcpy (data, text->str, text->len);
  return text->len;
}
