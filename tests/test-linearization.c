/* test-linearization.c: a document linearised for the Stiffness window
 * without a display (src/app/stiffness/mf-linearization.c) — the stiff
 * two-mass oscillator's eigenvalues at the start, the same circuit at a
 * sample of a run matched by the values' names (and the sample's time),
 * and every refusal as a message: a sample without a value or mode the
 * circuit has now, a circuit that does not assemble, one with more states
 * than are linearised, a cancelled computation; and a method's largest
 * stable step found in a worker thread as in the caller's.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include "mf-document.h"
#include "mf-error.h"
#include "mf-largest-step.h"
#include "mf-linearization.h"
#include "mf-simulation.h"

static char *
example_text (const char *name)
{
  g_autofree char *path = g_build_filename (g_getenv ("MANIFOLD_EXAMPLES"), name, NULL);
  g_autoptr (GError) error = NULL;
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  return text;
}

/* λ = −4.16675 ± 12247.4764i and −8.33325 ± 39.96518i, by |λ|
 * (docs/model.md, "Linearisation and stiffness"). */
static void
assert_oscillator (const MfStiffness *s)
{
  const double re[] = { -4.16675, -4.16675, -8.33325, -8.33325 };
  const double im[] = { 12247.4764, -12247.4764, 39.96518, -39.96518 };

  g_assert_cmpuint (s->n, ==, 4);
  for (guint k = 0; k < 4; k++)
    {
      g_assert_cmpfloat (fabs (s->eigenvalues[k].re - re[k]), <, 1e-4 * fabs (re[k]));
      g_assert_cmpfloat (fabs (s->eigenvalues[k].im - im[k]), <, 1e-6 * fabs (im[k]));
    }
}

static void
test_start (void)
{
  g_autofree char *text = example_text ("two-mass-spring.manifold");
  g_autoptr (GError) error = NULL;
  g_autoptr (MfLinearization) l =
    mf_linearization_compute (text, -1, "two-mass-spring", NULL, NULL, &error);

  g_assert_no_error (error);
  assert_oscillator (mf_linearization_get_stiffness (l));
  g_assert_cmpfloat (mf_linearization_get_stiffness (l)->t, ==, 0.0);
  g_assert_cmpstr (mf_linearization_get_mode (l), ==, "default");
  g_assert_cmpstr (mf_linearization_get_method (l), ==, "msbdf");
  g_assert_cmpfloat (mf_linearization_get_fixed_step (l), ==, 0.0);
}

/* A run's sample as the simulation pane keeps it: every value by name. */
typedef struct
{
  double   at;
  double   t;
  guint    mode;
  double  *values;
  guint    n;
} Catch;

static gboolean
catch_sample (double t, guint mode, const double *values, gpointer data)
{
  Catch *c = data;

  if (t < c->at)
    return TRUE;
  c->t = t;
  c->mode = mode;
  memcpy (c->values, values, c->n * sizeof (double));
  return FALSE;
}

static void
test_sample (void)
{
  g_autofree char *text = example_text ("two-mass-spring.manifold");
  g_autoptr (GError) error = NULL;
  MfDocument *document = mf_document_load_data (text, -1, "two-mass-spring", NULL, &error);
  MfModel *model = mf_document_new_model (document, NULL, &error);
  guint n_outputs = mf_model_n_outputs (model), n = n_outputs + mf_simulation_n_switches (model);
  g_autofree double *values = g_new0 (double, MAX (n, 1));
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  Catch caught = { 0.25, 0.0, 0, values, n };
  MfSimulationOptions options;
  MfLinearizationPoint point;
  MfLinearization *l;

  g_assert_no_error (error);
  mf_simulation_options_from_circuit (&options, mf_document_get_circuit (document));
  g_assert_true (mf_simulate (model, &options, catch_sample, &caught, NULL, NULL, &error));
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (names, i < n_outputs ? g_strdup (mf_model_output_name (model, i))
                                          : mf_simulation_switch_name (model, i - n_outputs));
  /* the names in another order than the circuit's: matched by name */
  for (guint i = 0; i + 1 < n; i += 2)
    {
      double v = values[i];
      gpointer name = names->pdata[i];

      values[i] = values[i + 1], values[i + 1] = v;
      names->pdata[i] = names->pdata[i + 1], names->pdata[i + 1] = name;
    }
  point = (MfLinearizationPoint) { caught.t, "default", n, (const char *const *) names->pdata,
                                   values };
  l = mf_linearization_compute (text, -1, "two-mass-spring", &point, NULL, &error);
  g_assert_no_error (error);
  /* linear springs and dampers: the same eigenvalues at any state */
  assert_oscillator (mf_linearization_get_stiffness (l));
  g_assert_cmpfloat (mf_linearization_get_stiffness (l)->t, ==, caught.t);
  g_assert_cmpfloat (caught.t, >=, 0.25);
  mf_linearization_free (l);

  /* a mode the circuit does not have */
  point.mode = "closed";
  g_assert_null (mf_linearization_compute (text, -1, "two-mass-spring", &point, NULL, &error));
  g_assert_error (error, MF_ERROR, MF_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "closed"));
  g_clear_error (&error);
  /* a state of the circuit that the run did not record */
  point.mode = "default";
  for (guint i = 0; i < n; i++)
    if (strcmp (names->pdata[i], "M2.x") == 0)
      {
        g_free (names->pdata[i]);
        names->pdata[i] = g_strdup ("M3.x");
      }
  g_assert_null (mf_linearization_compute (text, -1, "two-mass-spring", &point, NULL, &error));
  g_assert_error (error, MF_ERROR, MF_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "M2.x"));
  g_clear_error (&error);
  mf_model_free (model);
  mf_document_free (document);
}

static void
test_refusals (void)
{
  const char *floating = "{ \"manifold\": 1, \"components\": ["
                         " {\"id\": \"K1\", \"type\": \"spring\", \"stiffness\": 1000},"
                         " {\"id\": \"G1\", \"type\": \"fixed\"},"
                         " {\"id\": \"M1\", \"type\": \"mass\", \"mass\": 1} ],"
                         " \"wires\": [[\"G1.m\", \"K1.a\"]] }";
  GString *chain = g_string_new ("{ \"manifold\": 1, \"components\": [ {\"id\": \"G\", "
                                 "\"type\": \"fixed\"}");
  g_autofree char *text = example_text ("two-mass-spring.manifold");
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GError) error = NULL;
  guint masses = MF_STIFFNESS_MAX_STATES / 2 + 1;

  g_assert_null (mf_linearization_compute (floating, -1, "floating", NULL, NULL, &error));
  g_assert_error (error, MF_ERROR, MF_ERROR_STRUCTURE);
  g_assert_nonnull (strstr (error->message, "K1.b"));
  g_clear_error (&error);

  g_assert_null (mf_linearization_compute ("{ \"manifold\": 1, ", -1, "cut", NULL, NULL,
                                           &error));
  g_assert_error (error, MF_ERROR, MF_ERROR_SYNTAX);
  g_clear_error (&error);

  /* masses on springs in a chain: two states each, past the limit */
  for (guint i = 0; i < masses; i++)
    g_string_append_printf (chain, ", {\"id\": \"K%u\", \"type\": \"spring\", \"stiffness\": 1000},"
                                   " {\"id\": \"M%u\", \"type\": \"mass\", \"mass\": 1}", i, i);
  g_string_append (chain, " ], \"wires\": [");
  for (guint i = 0; i < masses; i++)
    {
      if (i == 0)
        g_string_append (chain, "[\"G.m\", \"K0.a\"]");
      else
        g_string_append_printf (chain, ", [\"M%u.m\", \"K%u.a\"]", i - 1, i);
      g_string_append_printf (chain, ", [\"K%u.b\", \"M%u.m\"]", i, i);
    }
  g_string_append (chain, "], \"simulation\": {\"method\": \"msbdf\"} }");
  g_assert_null (mf_linearization_compute (chain->str, -1, "chain", NULL, NULL, &error));
  g_assert_error (error, MF_ERROR, MF_ERROR_USAGE);
  g_test_message ("%s", error->message);
  g_clear_error (&error);
  g_string_free (chain, TRUE);

  g_cancellable_cancel (cancellable);
  g_assert_null (mf_linearization_compute (text, -1, "two-mass-spring", NULL, cancellable,
                                           &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

static void
computed (GObject *source, GAsyncResult *result, gpointer data)
{
  MfLinearization **out = data;
  g_autoptr (GError) error = NULL;

  *out = mf_linearization_compute_finish (result, &error);
  g_assert_no_error (error);
}

/* In a worker thread, on its own copy of the text. */
static void
test_async (void)
{
  char *text = example_text ("two-mass-spring.manifold");
  MfLinearization *l = NULL;

  mf_linearization_compute_async (text, -1, "two-mass-spring", NULL, NULL, computed, &l);
  g_free (text);
  while (l == NULL)
    g_main_context_iteration (NULL, TRUE);
  assert_oscillator (mf_linearization_get_stiffness (l));
  mf_linearization_free (l);
}

static void
step_found (GObject *source, GAsyncResult *result, gpointer data)
{
  double *out = data;
  g_autoptr (GError) error = NULL;

  out[0] = mf_largest_step_finish (result, &error);
  out[1] = error != NULL && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) ? -1.0 : 1.0;
}

/* The same step as mf_stability_region_largest_step(), or cancelled. */
static void
test_largest_step (void)
{
  const double complex lambda[] = { -4.16675 + 12247.4764 * I, -4.16675 - 12247.4764 * I,
                                    -8.33325 + 39.96518 * I, -8.33325 - 39.96518 * I };
  MfStabilityRegion bdf4 = { mf_stability_for_method ("msbdf"), 4 };
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  double out[2] = { 0.0, 0.0 };

  mf_largest_step_async (&bdf4, lambda, 4, NULL, step_found, out);
  while (out[1] == 0.0)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpfloat (out[0], ==, mf_stability_region_largest_step (&bdf4, lambda, 4));
  out[1] = 0.0;
  g_cancellable_cancel (cancellable);
  mf_largest_step_async (&bdf4, lambda, 4, cancellable, step_found, out);
  while (out[1] == 0.0)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpfloat (out[1], ==, -1.0);
  g_assert_true (isnan (out[0]));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/stiffness/linearization/start", test_start);
  g_test_add_func ("/stiffness/linearization/sample", test_sample);
  g_test_add_func ("/stiffness/linearization/refusals", test_refusals);
  g_test_add_func ("/stiffness/linearization/async", test_async);
  g_test_add_func ("/stiffness/linearization/largest-step", test_largest_step);
  return g_test_run ();
}
