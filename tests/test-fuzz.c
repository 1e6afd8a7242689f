/* test-fuzz.c: bad input never crashes.  Every example is mutated many
 * times (deterministically) and each result goes through everything a user
 * could make it go through (mf-exercise.h): load, save and load again,
 * assemble, reduce and analyse every mode, and a short, bounded simulation.
 * Any failure must be a GError with a message; a crash, a critical warning
 * or an error without a message fails the test.  The coverage-guided fuzz
 * targets of fuzz/ go through the same sequence (docs/fuzzing.md).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include "mf-error.h"
#include "mf-exercise.h"

#define MUTATIONS_PER_EXAMPLE 1500
#define RANDOM_CIRCUITS 600

/* Characters that matter to JSON, to numbers and to expressions. */
static const char alphabet[] = "{}[]\",:0123456789.-+eE tabcz/*^()_\\";

static void
mutate (GString *text, GRand *rand)
{
  guint edits = g_rand_int_range (rand, 1, 4);

  for (guint e = 0; e < edits && text->len > 0; e++)
    {
      guint at = g_rand_int_range (rand, 0, (gint32) text->len);
      char c = alphabet[g_rand_int_range (rand, 0, sizeof alphabet - 1)];

      switch (g_rand_int_range (rand, 0, 4))
        {
        case 0: /* replace */
          text->str[at] = c;
          break;
        case 1: /* delete a run */
          {
            gssize run = g_rand_int_range (rand, 1, 8); /* not inside MIN: drawn once */

            g_string_erase (text, at, MIN (run, (gssize) (text->len - at)));
          }
          break;
        case 2: /* insert */
          g_string_insert_c (text, at, c);
          break;
        default: /* scale a digit up: huge, tiny or zero parameters */
          if (g_ascii_isdigit (text->str[at]))
            g_string_insert (text, at + 1, g_rand_boolean (rand) ? "e9" : "e-9");
          else
            text->str[at] = '0';
          break;
        }
    }
}

/* A circuit of random components with valid parameters, wired at random
 * within each domain, some valves closed: structures no example has. */
static MfCircuit *
random_circuit (GRand *rand)
{
  MfCircuit *circuit = mf_circuit_new ();
  guint n = g_rand_int_range (rand, 2, 9);
  MfMode *mode = mf_circuit_add_mode (circuit, "default");
  GPtrArray *ports[MF_N_DOMAINS];

  for (guint d = 0; d < MF_N_DOMAINS; d++)
    ports[d] = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < n; i++)
    {
      MfComponentType type = g_rand_int_range (rand, 0, MF_N_COMPONENT_TYPES);
      g_autofree char *id = g_strdup_printf ("C%u", i);
      MfComponent *c = mf_circuit_add_component (circuit, id, type);

      for (guint p = 0; p < c->info->n_params; p++)
        if (c->info->params[p].required || g_rand_boolean (rand))
          if (c->info->params[p].kind == MF_PARAM_QUANTITY)
            /* 1e-6 … 1e6: realistic and absurd alike */
            mf_component_set_param_value (c, p, pow (10.0, g_rand_double_range (rand, -6, 6)));
      for (guint p = 0; p < c->info->n_ports; p++)
        g_ptr_array_add (ports[c->info->ports[p].domain],
                         g_strdup_printf ("%s.%s", id, c->info->ports[p].name));
      if (c->info->switchable && g_rand_int_range (rand, 0, 3) == 0)
        g_array_append_val (mode->closed, i);
    }
  for (guint d = 0; d < MF_N_DOMAINS; d++)
    for (guint w = 0; ports[d]->len > 1 && w < ports[d]->len; w++)
      {
        guint a = g_rand_int_range (rand, 0, (gint32) ports[d]->len);
        guint b = g_rand_int_range (rand, 0, (gint32) ports[d]->len);

        if (a != b)
          g_assert_true (mf_circuit_connect (circuit, ports[d]->pdata[a], ports[d]->pdata[b],
                                             NULL));
      }
  for (guint d = 0; d < MF_N_DOMAINS; d++)
    g_ptr_array_unref (ports[d]);
  return circuit;
}

static void
test_random_circuits (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (20261122);
  guint reached[MF_EXERCISE_N_OUTCOMES] = { 0 };

  for (guint i = 0; i < RANDOM_CIRCUITS; i++)
    {
      g_autoptr (MfCircuit) circuit = random_circuit (rand);

      reached[mf_exercise_circuit (circuit, NULL)]++;
    }
  g_test_message ("random circuits: refused on assembly %u, failed to simulate %u, ran %u",
                  reached[1], reached[2], reached[3]);
  g_assert_cmpuint (reached[MF_EXERCISE_RAN], >, RANDOM_CIRCUITS / 20);
}

static void
test_example (gconstpointer data)
{
  const char *path = data;
  g_autofree char *original = NULL;
  gsize length;
  g_autofree char *name = g_path_get_basename (path);
  /* seeded by the name, not the path: every checkout fuzzes alike */
  g_autoptr (GRand) rand = g_rand_new_with_seed (g_str_hash (name));
  guint reached[MF_EXERCISE_N_OUTCOMES] = { 0 };

  g_assert_true (g_file_get_contents (path, &original, &length, NULL));
  g_assert_cmpint (mf_exercise_document (original, length, NULL), ==, MF_EXERCISE_RAN);
  for (guint i = 0; i < MUTATIONS_PER_EXAMPLE; i++)
    {
      g_autoptr (GString) text = g_string_new_len (original, (gssize) length);

      mutate (text, rand);
      reached[mf_exercise_document (text->str, text->len, NULL)]++;
    }
  g_test_message ("%s: rejected on load %u, on assembly %u, failed to simulate %u, ran %u",
                  path, reached[0], reached[1], reached[2], reached[3]);
  /* the mutations must reach past the loader, or the test shows little */
  g_assert_cmpuint (reached[MF_EXERCISE_NOT_RUN] + reached[MF_EXERCISE_RAN], >,
                    MUTATIONS_PER_EXAMPLE / 20);
}

int
main (int argc, char *argv[])
{
  const char *folder = g_getenv ("MANIFOLD_EXAMPLES");
  g_autoptr (GDir) dir = NULL;
  const char *name;

  mf_init ();
  g_test_init (&argc, &argv, NULL);
  g_assert_nonnull (folder);
  dir = g_dir_open (folder, 0, NULL);
  g_assert_nonnull (dir);
  g_test_add_func ("/fuzz/random-circuits", test_random_circuits);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".manifold"))
      {
        g_autofree char *test = g_strdup_printf ("/fuzz/%s", name);

        g_test_add_data_func_full (test, g_build_filename (folder, name, NULL), test_example,
                                   g_free);
      }
  return g_test_run ();
}
