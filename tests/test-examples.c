/* test-examples.c: every example circuit in data/examples loads cleanly,
 * survives a round trip, assembles, reduces in every mode, runs to its end
 * with an implicit and an explicit method that agree, and keeps continuity
 * with every implicit method.  What each named example shows of its physics
 * is in test-example-physics.c.
 *
 * The examples are found in $MANIFOLD_EXAMPLES (set by meson to the source
 * tree's data/examples), so a new example is covered by these checks as
 * soon as it is added.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include <json-glib/json-glib.h>

#include "mf-error.h"
#include "mf-model-private.h"
#include "mf-reduction.h"
#include "mf-system.h"
#include "mf-test-examples.h"

/* The two runs use the document's tolerances.  Their global errors grow to
 * a few hundred times rtol where an oscillation's phase error accumulates
 * (about 300 rtol in the compliant volume), so they must agree to a
 * thousand times rtol of each output's largest magnitude over the run. */
#define METHODS_AGREE 1e3

/* The examples must open and run instantly in the gallery: a bound on the
 * work, not on the time, so the check does not depend on the machine. */
#define MAX_RHS_EVALUATIONS 200000

static const char *const named_examples[] = {
  "pipe-drain", "three-pipes", "pump-cylinder-spring", "two-mass-spring",
  "compliant-volume", "valve-closing", "pump-parallel-orifices", "pump-relief-valve",
};

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(char *const *) a, *(char *const *) b);
}

/* Sorted base names (without ".manifold") of the example files. */
static GPtrArray *
list_examples (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir_name = examples_dir ();
  g_autoptr (GDir) dir = g_dir_open (dir_name, 0, &error);
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  const char *entry;

  if (dir == NULL)
    return names; /* /examples/count then says why */
  while ((entry = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (entry, ".manifold"))
      g_ptr_array_add (names, g_strndup (entry, strlen (entry) - strlen (".manifold")));
  g_ptr_array_sort (names, compare_names);
  return names;
}

/* ---- the checks every example passes ---------------------------------- */

/* At least the six examples of the issue, and every example installed:
 * data/meson.build lists them by name. */
static void
test_count (void)
{
  g_autoptr (GPtrArray) names = list_examples ();
  g_autofree char *dir = examples_dir ();
  g_autofree char *build_file = g_build_filename (dir, "..", "meson.build", NULL);
  g_autofree char *build_text = NULL;

  g_test_message ("%u examples in %s", names->len, dir);
  g_assert_cmpuint (names->len, >=, 6);
  for (guint i = 0; i < G_N_ELEMENTS (named_examples); i++)
    if (!g_ptr_array_find_with_equal_func (names, named_examples[i], g_str_equal, NULL))
      g_error ("example %s.manifold is missing from %s", named_examples[i], dir);

  if (!g_file_get_contents (build_file, &build_text, NULL, NULL))
    {
      g_test_skip ("no data/meson.build next to the examples");
      return;
    }
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *entry = g_strdup_printf ("'examples/%s.manifold'",
                                                (char *) names->pdata[i]);

      if (strstr (build_text, entry) == NULL)
        g_error ("%s.manifold is not installed: add %s to %s", (char *) names->pdata[i], entry,
                 build_file);
    }
}

static void
check_loads_cleanly (const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) diagnostics =
    g_ptr_array_new_with_free_func ((GDestroyNotify) mf_diagnostic_free);
  g_autoptr (MfDocument) document = mf_document_load_file (path, diagnostics, &error);

  for (guint i = 0; i < diagnostics->len; i++)
    {
      g_autofree char *line = mf_diagnostic_format (diagnostics->pdata[i], path);
      g_test_message ("%s", line);
    }
  g_assert_no_error (error);
  g_assert_nonnull (document);
  g_assert_cmpuint (diagnostics->len, ==, 0);
}

static JsonNode *
parse_json (const char *text, gsize length)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();

  json_parser_load_from_data (parser, text, (gssize) length, &error);
  g_assert_no_error (error);
  return json_node_copy (json_parser_get_root (parser));
}

/* to_data → load → to_data gives the same bytes, and the JSON saved is the
 * JSON of the file: nothing lost, nothing added, nothing changed. */
static void
check_round_trip (const char *path, const MfTestCircuit *example)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *file_text = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autoptr (MfDocument) reloaded = NULL;
  g_autoptr (JsonNode) file_json = NULL;
  g_autoptr (JsonNode) saved_json = NULL;
  gsize file_length, first_length, second_length;

  g_file_get_contents (path, &file_text, &file_length, &error);
  g_assert_no_error (error);
  first = mf_document_to_data (example->document, &first_length);
  reloaded = mf_document_load_data (first, (gssize) first_length, "<saved>", NULL, &error);
  g_assert_no_error (error);
  second = mf_document_to_data (reloaded, &second_length);
  g_assert_cmpmem (first, first_length, second, second_length);

  file_json = parse_json (file_text, file_length);
  saved_json = parse_json (first, first_length);
  g_assert_true (json_node_equal (file_json, saved_json));
}

/* Every mode is one this build can integrate: an ODE (M̄ nonsingular) or an
 * index-1 DAE, every junction pressure and closed-valve force determined. */
static void
check_modes_reduce (const MfTestCircuit *example)
{
  const MfCircuit *circuit = example_circuit (example);

  for (guint mode = 0; mode < circuit->modes->len; mode++)
    {
      const MfMode *m = g_ptr_array_index (circuit->modes, mode);
      g_autoptr (MfReduction) reduction = mf_reduction_new (example->model, mode);
      g_autoptr (GError) error = NULL;
      MfSystem *system;

      for (guint i = 0; i < reduction->problems->len; i++)
        g_test_message ("mode '%s': %s", m->name, (char *) reduction->problems->pdata[i]);
      if (reduction->mass_singular)
        {
          g_assert_cmpint (reduction->index, >=, 1);
          g_assert_cmpint (reduction->index, <=, 2);
          g_assert_true (reduction->index_analysis->solvable);
        }
      else
        g_assert_cmpint (reduction->index, ==, 0);
      for (guint row = 0; row < reduction->n_rows; row++)
        if (!reduction->row_determined[row])
          g_error ("mode '%s': the multiplier of row %s is undetermined", m->name,
                   reduction->row_names[row]);
      system = mf_system_new (example->model, mode, &error);
      g_assert_no_error (error);
      mf_system_free (system);
    }
}

/* The gallery draws examples as they are: every component placed on the
 * canvas's 20-unit grid. */
static void
check_layout (const MfTestCircuit *example)
{
  const MfCircuit *circuit = example_circuit (example);

  for (guint c = 0; c < circuit->components->len; c++)
    {
      const MfComponent *comp = g_ptr_array_index (circuit->components, c);

      if (fmod (comp->at[0], 20.0) != 0.0 || fmod (comp->at[1], 20.0) != 0.0)
        g_error ("component %s is at [%g, %g], off the 20-unit grid", comp->id, comp->at[0],
                 comp->at[1]);
    }
}

static void
check_finite_run (const MfTestCircuit   *example,
                  const MfTestRecording *recording,
                  const char            *method)
{
  MfSimulationOptions options;
  guint n = mf_test_recording_n_samples (recording);
  guint expected;

  mf_simulation_options_from_circuit (&options, example_circuit (example));
  expected = (guint) ceil (options.t_end / options.output_interval - 1e-9) + 1;
  g_assert_cmpuint (n, ==, expected);
  g_assert_cmpfloat (mf_test_recording_time (recording, n - 1), ==, options.t_end);
  for (guint i = 0; i < n; i++)
    for (guint o = 0; o < recording->n_outputs; o++)
      /* the solver's σ is NaN where no mode has algebraic states */
      if (!isfinite (mf_test_recording_value (recording, i, o))
          && !g_str_has_prefix (mf_model_output_name (example->model, o), "solver."))
        g_error ("%s: %s is %g at t = %g", method, mf_model_output_name (example->model, o),
                 mf_test_recording_value (recording, i, o), mf_test_recording_time (recording, i));
}

/* Whether two runs must agree on output o: the self-check's residual is
 * rounding, different in every run. */
static gboolean
compared (const MfTestCircuit *example, guint o)
{
  return !g_str_equal (mf_model_output_name (example->model, o), "solver.residual");
}

/* The two runs agree on every output at every sample, and so at t_end,
 * relative to the output's largest magnitude over the run. */
static void
check_methods_agree (const MfTestCircuit   *example,
                     const MfTestRecording *implicit,
                     const MfTestRecording *explicit)
{
  double tolerance = METHODS_AGREE * example_circuit (example)->simulation.rtol;
  double worst = 0.0, worst_t = 0.0;
  const char *worst_name = "(none)";
  guint n = mf_test_recording_n_samples (implicit);

  g_assert_cmpuint (mf_test_recording_n_samples (explicit), ==, n);
  for (guint o = 0; o < implicit->n_outputs; o++)
    {
      double scale = 0.0;

      if (!compared (example, o))
        continue;
      for (guint i = 0; i < n; i++)
        scale = MAX (scale, fabs (mf_test_recording_value (implicit, i, o)));
      for (guint i = 0; i < n && scale > 0.0; i++)
        {
          double a = mf_test_recording_value (implicit, i, o);
          double b = mf_test_recording_value (explicit, i, o);

          if (!(fabs (a - b) <= tolerance * scale))
            g_error ("at t = %g, %s is %.12g with " IMPLICIT_METHOD " but %.12g with "
                     EXPLICIT_METHOD " (largest magnitude %g)",
                     mf_test_recording_time (implicit, i),
                     mf_model_output_name (example->model, o), a, b, scale);
          if (fabs (a - b) / scale > worst)
            {
              worst = fabs (a - b) / scale;
              worst_t = mf_test_recording_time (implicit, i);
              worst_name = mf_model_output_name (example->model, o);
            }
        }
    }
  g_test_message ("the methods agree to %.2g of the largest magnitude, %.0f rtol (worst: %s "
                  "at t = %g)", worst, worst / example_circuit (example)->simulation.rtol,
                  worst_name, worst_t);
}

/* Continuity holds at every junction at every sample, whatever the valves
 * do: |W v − q_s| below 1e-10 of the flows that meet there (docs/model.md,
 * "Signs"; the junction rows come first in W and do not depend on the
 * valves). */
static void
check_continuity (const MfTestCircuit *example, const MfTestRecording *run)
{
  const MfModel *model = example->model;
  guint rows = model->n_junction_rows;
  g_autofree gboolean *closed = mf_model_mode_closed (model, 0);
  g_autoptr (MfSparse) w = mf_model_constraints (model, closed, NULL);
  g_autofree double *q = g_new0 (double, MAX (rows, 1));
  g_autofree double *q_dot = g_new0 (double, MAX (rows, 1));

  for (guint i = 0; i < mf_test_recording_n_samples (run); i++)
    {
      const double *v = mf_test_recording_outputs (run, i); /* velocities come first */

      mf_model_source_flows (model, mf_test_recording_time (run, i), v, NULL, q, q_dot);
      for (guint r = 0; r < rows; r++)
        {
          double sum = -q[r], size = fabs (q[r]);

          for (guint p = w->start[r]; p < w->start[r + 1]; p++)
            {
              sum += w->val[p] * v[w->col[p]];
              size += fabs (w->val[p] * v[w->col[p]]);
            }
          if (fabs (sum) > 1e-10 * size + 1e-18)
            g_error ("continuity fails at node %s, t = %g: W v − q_s = %g of %g",
                     mf_model_node_name (model, model->junction_node[r]),
                     mf_test_recording_time (run, i), sum, size);
        }
    }
}

/* Every implicit GSL stepper and rk8pd run every example to its end (rk1imp,
 * first order, to a tenth of it: at rtol 1e-6 its full runs take seconds,
 * see docs/performance.md), keep continuity, and end where msbdf ends. */
static void
test_every_method (gconstpointer data)
{
  static const char *const methods[] = { "rk1imp", "rk2imp", "rk4imp", "bsimp", "rk8pd" };
  g_autoptr (MfTestCircuit) example = example_load (data);
  double t_end = example_circuit (example)->simulation.t_end;
  double tolerance = METHODS_AGREE * example_circuit (example)->simulation.rtol;
  g_autoptr (MfTestRecording) reference = simulate (example, "msbdf", 0, NULL);
  guint last = mf_test_recording_n_samples (reference) - 1;

  check_continuity (example, reference);
  for (guint m = 0; m < G_N_ELEMENTS (methods); m++)
    {
      gboolean whole = g_strcmp0 (methods[m], "rk1imp") != 0;
      g_autoptr (MfTestRecording) run = simulate (example, methods[m], whole ? 0 : t_end / 10,
                                                  NULL);

      check_continuity (example, run);
      if (!whole)
        continue;
      check_finite_run (example, run, methods[m]);
      g_assert_cmpuint (mf_test_recording_n_samples (run), ==, last + 1);
      for (guint o = 0; o < run->n_outputs; o++)
        {
          double a = mf_test_recording_value (reference, last, o);
          double b = mf_test_recording_value (run, last, o);
          double scale = 0.0;

          if (!compared (example, o))
            continue;
          for (guint i = 0; i <= last; i++)
            scale = MAX (scale, fabs (mf_test_recording_value (reference, i, o)));
          if (isfinite (a) && !(fabs (a - b) <= tolerance * scale))
            g_error ("%s: at t_end %s is %.12g, with msbdf %.12g", methods[m],
                     mf_model_output_name (example->model, o), b, a);
        }
    }
}

static void
test_example (gconstpointer data)
{
  const char *name = data;
  g_autofree char *path = example_path (name);
  g_autoptr (MfTestCircuit) example = NULL;
  g_autoptr (MfTestRecording) implicit = NULL;
  g_autoptr (MfTestRecording) explicit = NULL;
  MfSimulationStats stats;

  check_loads_cleanly (path);
  example = example_load (name);
  g_assert_nonnull (example_circuit (example)->title);
  g_assert_nonnull (example_circuit (example)->description);
  /* the description is read in the app's gallery: it points to what the
   * app shows, not to options of manifold-cli ("see --events") */
  g_assert_null (strstr (example_circuit (example)->description, " --"));
  g_assert_null (strstr (example_circuit (example)->description, "(--"));
  check_round_trip (path, example);
  check_layout (example);
  check_modes_reduce (example);

  implicit = simulate (example, IMPLICIT_METHOD, 0, &stats);
  g_test_message (IMPLICIT_METHOD ": %" G_GUINT64_FORMAT " steps, %" G_GUINT64_FORMAT
                  " right-hand sides, %.3f s", stats.steps, stats.rhs_evaluations,
                  stats.wall_time);
  g_assert_cmpuint (stats.rhs_evaluations, <, MAX_RHS_EVALUATIONS);
  check_finite_run (example, implicit, IMPLICIT_METHOD);

  explicit = simulate (example, EXPLICIT_METHOD, 0, &stats);
  g_test_message (EXPLICIT_METHOD ": %" G_GUINT64_FORMAT " steps, %" G_GUINT64_FORMAT
                  " right-hand sides, %.3f s", stats.steps, stats.rhs_evaluations,
                  stats.wall_time);
  check_finite_run (example, explicit, EXPLICIT_METHOD);
  check_methods_agree (example, implicit, explicit);
}

int
main (int argc, char **argv)
{
  g_autoptr (GPtrArray) names = NULL;

  g_test_init (&argc, &argv, NULL);
  mf_init ();

  g_test_add_func ("/examples/count", test_count);
  names = list_examples ();
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *path = g_strconcat ("/examples/", (char *) names->pdata[i], NULL);

      g_autofree char *every = g_strdup_printf ("/examples/%s/every-method",
                                                (char *) names->pdata[i]);

      g_test_add_data_func (path, names->pdata[i], test_example);
      g_test_add_data_func (every, names->pdata[i], test_every_method);
    }

  return g_test_run ();
}
