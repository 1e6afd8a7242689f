/* fuzz-document.c: the libFuzzer target of circuit documents
 * (docs/fuzzing.md).  Each input goes through everything a user could make
 * a document go through (tests/mf-exercise.h): load, save and load again,
 * assemble, analyse every mode, a short bounded simulation.  Inputs are
 * mutated mostly as JSON (mf-fuzz-mutate.h), now and then as bytes or
 * replaced by a fresh random circuit of the oracle's generator, so that
 * most of them load and reach the integrator.
 *
 * At exit it prints how far the inputs got: the fractions loaded,
 * assembled, integrated and run to their end.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mf-error.h"
#include "mf-exercise.h"
#include "mf-fuzz-mutate.h"
#include "mf-random-circuit.h"

size_t LLVMFuzzerMutate (uint8_t *data, size_t size, size_t max_size);
int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);
size_t LLVMFuzzerCustomMutator (uint8_t *data, size_t size, size_t max_size, unsigned int seed);
size_t LLVMFuzzerCustomCrossOver (const uint8_t *data1, size_t size1, const uint8_t *data2,
                                  size_t size2, uint8_t *out, size_t max_out_size,
                                  unsigned int seed);

static MfExerciseCounts counts;

static void
print_counts (void)
{
  g_autofree char *line = mf_exercise_counts_describe (&counts);

  fprintf (stderr, "fuzz-document: %s\n", line);
}

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  mf_init ();
  mf_fuzz_fatal_warnings ();
  atexit (print_counts);
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  mf_exercise_document ((const char *) data, size, &counts);
  return 0;
}

size_t
LLVMFuzzerCustomMutator (uint8_t *data, size_t size, size_t max_size, unsigned int seed)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  int choice = g_rand_int_range (rand, 0, 100);
  gboolean refused = FALSE;
  gsize length = 0;

  if (choice >= 10)
    length = mf_fuzz_mutate_document (data, size, max_size, rand, &refused);
  /* A fresh circuit that assembles and runs, with any of the generator's
   * features: now and then, and most times when the input could not be
   * made into a circuit that assembles (the mutations of bytes seldom make
   * JSON again, and one or two changes seldom mend a document the loader
   * refuses). */
  if (choice < 5
      || (choice >= 10 && (length == 0 || refused) && g_rand_int_range (rand, 0, 4) > 0))
    {
      g_autofree char *text = mf_random_circuit (g_rand_int (rand), g_rand_int_range (rand, 0, 4));
      gsize n = strlen (text);

      if (n <= max_size)
        {
          memcpy (data, text, n);
          return n;
        }
    }
  /* the bytes: for the lexer and the loader's messages, and for what does
   * not parse as JSON */
  return length > 0 ? length : LLVMFuzzerMutate (data, size, max_size);
}

size_t
LLVMFuzzerCustomCrossOver (const uint8_t *data1, size_t size1, const uint8_t *data2,
                           size_t size2, uint8_t *out, size_t max_out_size, unsigned int seed)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);

  return mf_fuzz_cross_documents (data1, size1, data2, size2, out, max_out_size, rand);
}
