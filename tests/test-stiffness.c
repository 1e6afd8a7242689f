/* test-stiffness.c: the linearisation of a mode (mf-stiffness.h) — the
 * eigenvalues of the stiff two-mass oscillator against the roots of
 * det(M λ² + C λ + K) found by GSL's polynomial solver (another
 * formulation, another algorithm), each measure of stiffness against its
 * definition worked by hand from those roots and, for σmax/σmin, against
 * GSL's SVD of the state matrix written by hand; neutral eigenvalues; and
 * the largest stable explicit Euler step against explicit Euler itself.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <complex.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_poly.h>
#include <math.h>
#include <string.h>

#include "mf-component-type.h"
#include "mf-document.h"
#include "mf-simulation.h"
#include "mf-stiffness.h"
#include "mf-test-stiffness.h"

static MfDocument *
load_example (const char *name)
{
  g_autofree char *path = g_build_filename (g_getenv ("MANIFOLD_EXAMPLES"), name, NULL);
  g_autoptr (GError) error = NULL;
  MfDocument *document = mf_document_load_file (path, NULL, &error);

  g_assert_no_error (error);
  return document;
}

static double
param (const MfCircuit *circuit, const char *id, guint which)
{
  for (guint i = 0; i < circuit->components->len; i++)
    {
      const MfComponent *c = g_ptr_array_index (circuit->components, i);

      if (strcmp (c->id, id) == 0)
        return c->params[which].value;
    }
  g_assert_not_reached ();
}

static void
assert_close (double value, double expected, double relative)
{
  if (!(fabs (value - expected) <= relative * fabs (expected)))
    g_error ("%.17g differs from %.17g by more than %g of it", value, expected, relative);
}

/* The two-mass oscillator of the stiffness lesson (data/examples/
 * two-mass-spring.manifold: M1 on K1, D1 to ground, M2 on K2, D2 to M1). */
static void
test_two_mass_spring (void)
{
  g_autoptr (MfDocument) document = load_example ("two-mass-spring.manifold");
  const MfCircuit *circuit = mf_document_get_circuit (document);
  g_autoptr (GError) error = NULL;
  g_autoptr (MfModel) model = mf_model_new (circuit, &error);
  g_autoptr (MfStiffness) s = NULL;
  double m1 = param (circuit, "M1", MF_MASS_MASS), m2 = param (circuit, "M2", MF_MASS_MASS);
  double k1 = param (circuit, "K1", MF_SPRING_STIFFNESS);
  double k2 = param (circuit, "K2", MF_SPRING_STIFFNESS);
  double c1 = param (circuit, "D1", MF_DAMPER_DAMPING);
  double c2 = param (circuit, "D2", MF_DAMPER_DAMPING);
  /* det [m1 λ² + (c1 + c2) λ + k1 + k2, −(c2 λ + k2); −(c2 λ + k2), m2 λ² + c2 λ + k2],
   * coefficients from λ⁰ up */
  double a0 = k1 + k2, a1 = c1 + c2, b0 = k2, b1 = c2;
  double poly[5] = {
    a0 * b0 - b0 * b0,
    a1 * b0 + a0 * b1 - 2 * b0 * b1,
    m1 * b0 + a1 * b1 + a0 * m2 - b1 * b1,
    m1 * b1 + a1 * m2,
    m1 * m2,
  };
  double roots[8];
  gsl_poly_complex_workspace *w = gsl_poly_complex_workspace_alloc (5);
  double fast_re = 0, fast_im = 0, slow_re = 0, slow_im = 0;
  double rtol = 1e-6;
  double a[16] = { 0 }, v[16], sv[4], work[4];
  gsl_matrix_view am = gsl_matrix_view_array (a, 4, 4);
  gsl_matrix_view vm = gsl_matrix_view_array (v, 4, 4);
  gsl_vector_view svv = gsl_vector_view_array (sv, 4);
  gsl_vector_view workv = gsl_vector_view_array (work, 4);

  g_assert_no_error (error);
  g_assert_cmpint (gsl_poly_complex_solve (poly, 5, w, roots), ==, 0);
  gsl_poly_complex_workspace_free (w);
  for (guint i = 0; i < 4; i++)
    if (roots[2 * i + 1] > 0)
      {
        double re = roots[2 * i], im = roots[2 * i + 1];

        if (im > fast_im)
          {
            slow_re = fast_re, slow_im = fast_im;
            fast_re = re, fast_im = im;
          }
        else
          slow_re = re, slow_im = im;
      }
  /* the lesson's figures, to half a unit of their last digit */
  g_assert_cmpfloat (fabs (fast_re - -4.16675), <=, 5e-6);
  g_assert_cmpfloat (fabs (fast_im - 12247.4764), <=, 5e-5);
  g_assert_cmpfloat (fabs (slow_re - -8.33325), <=, 5e-6);
  g_assert_cmpfloat (fabs (slow_im - 39.96518), <=, 5e-6);

  s = mf_test_stiffness_at_start (model, 0, rtol);
  g_assert_cmpuint (s->n, ==, 4);
  /* by |λ| descending: the fast pair, then the slow one */
  assert_close (s->eigenvalues[0].re, fast_re, 1e-9);
  assert_close (s->eigenvalues[0].im, fast_im, 1e-9);
  assert_close (s->eigenvalues[1].re, fast_re, 1e-9);
  assert_close (s->eigenvalues[1].im, -fast_im, 1e-9);
  assert_close (s->eigenvalues[2].re, slow_re, 1e-9);
  assert_close (s->eigenvalues[2].im, slow_im, 1e-9);
  assert_close (s->eigenvalues[3].im, -slow_im, 1e-9);
  for (guint k = 0; k < 4; k++)
    g_assert_false (s->eigenvalues[k].neutral);
  /* time constant, frequency and damping of the fast mode */
  assert_close (s->eigenvalues[0].time_constant, -1.0 / fast_re, 1e-9);
  assert_close (s->eigenvalues[0].frequency, fast_im / (2 * G_PI), 1e-9);
  assert_close (s->eigenvalues[0].damping, -fast_re / hypot (fast_re, fast_im), 1e-9);
  /* the fast mode is M2's on its stiff spring, the slow one M1's */
  g_assert_true (g_str_has_prefix (s->state_names[s->eigenvalues[0].participant[0]], "M2."));
  g_assert_true (g_str_has_prefix (s->state_names[s->eigenvalues[2].participant[0]], "M1."));

  /* the measures, worked by hand from the roots */
  assert_close (s->real_part_ratio, slow_re / fast_re, 1e-9);
  assert_close (s->modulus_ratio, hypot (fast_re, fast_im) / hypot (slow_re, slow_im), 1e-9);
  assert_close (s->euler_step, 2 * -fast_re / (fast_re * fast_re + fast_im * fast_im), 1e-9);
  assert_close (s->accuracy_step, sqrt (2 * rtol) / hypot (slow_re, slow_im), 1e-9);
  assert_close (s->step_ratio, s->accuracy_step / s->euler_step, 1e-12);
  /* the lesson's point: the real parts differ 2 times, the moduli 300 */
  g_assert_cmpfloat (fabs (s->real_part_ratio - 2.0), <, 0.01);
  g_assert_cmpfloat (fabs (s->modulus_ratio - 300.0), <, 1.0);

  /* σmax/σmin of the state matrix [0 I; −M⁻¹K −M⁻¹C], rows x1 x2 v1 v2 */
  a[0 * 4 + 2] = 1, a[1 * 4 + 3] = 1;
  a[2 * 4 + 0] = -(k1 + k2) / m1, a[2 * 4 + 1] = k2 / m1;
  a[2 * 4 + 2] = -(c1 + c2) / m1, a[2 * 4 + 3] = c2 / m1;
  a[3 * 4 + 0] = k2 / m2, a[3 * 4 + 1] = -k2 / m2;
  a[3 * 4 + 2] = c2 / m2, a[3 * 4 + 3] = -c2 / m2;
  g_assert_cmpint (gsl_linalg_SV_decomp (&am.matrix, &vm.matrix, &svv.vector, &workv.vector), ==,
                   0);
  assert_close (s->sigma_ratio, sv[0] / sv[3], 1e-6);
}

/* A mass on a damper alone: its position is free (λ = 0, neutral), its
 * velocity decays at c/m.  The neutral one is left out of the real-part
 * ratio and limits no step. */
static void
test_neutral (void)
{
  static const char text[] =
    "{ \"manifold\": 1, \"components\": ["
    "  { \"id\": \"M1\", \"type\": \"mass\", \"mass\": \"2 kg\" },"
    "  { \"id\": \"D1\", \"type\": \"damper\", \"damping\": \"10 N*s/m\" },"
    "  { \"id\": \"G1\", \"type\": \"fixed\" } ],"
    "  \"wires\": [ [\"G1.m\", \"D1.a\"], [\"D1.b\", \"M1.m\"] ] }";
  g_autoptr (GError) error = NULL;
  g_autoptr (MfDocument) document = mf_document_load_data (text, -1, "neutral", NULL, &error);
  g_autoptr (MfModel) model = NULL;
  g_autoptr (MfStiffness) s = NULL;
  guint neutral = 0;

  g_assert_no_error (error);
  model = mf_model_new (mf_document_get_circuit (document), &error);
  g_assert_no_error (error);
  s = mf_test_stiffness_at_start (model, 0, 1e-6);
  g_assert_cmpuint (s->n, ==, 2);
  for (guint k = 0; k < s->n; k++)
    if (s->eigenvalues[k].neutral)
      {
        neutral++;
        g_assert_cmpfloat (fabs (s->eigenvalues[k].re), <, 1e-12);
        g_assert_true (isinf (s->eigenvalues[k].time_constant));
      }
    else
      assert_close (s->eigenvalues[k].re, -5.0, 1e-12);
  g_assert_cmpuint (neutral, ==, 1);
  assert_close (s->real_part_ratio, 1.0, 1e-12);
  /* only the decaying one limits explicit Euler: 2 · 5 / 25 */
  assert_close (s->euler_step, 0.4, 1e-12);
  g_assert_true (isinf (s->sigma_ratio));
}

typedef struct
{
  int    index; /* of the value followed */
  double first, last;
} Swing;

static gboolean
on_sample (double t, guint mode, const double *values, gpointer data)
{
  Swing *swing = data;

  if (t == 0.0)
    swing->first = fabs (values[swing->index]);
  swing->last = fabs (values[swing->index]);
  return TRUE;
}

/* A mass on a spring and a damper (ω = 100 1/s, ζ = 0.5): explicit Euler at
 * a fixed step just inside the largest stable step decays, just outside it
 * grows, over 2000 steps. */
static void
test_euler_limit (void)
{
  static const char text[] =
    "{ \"manifold\": 1, \"components\": ["
    "  { \"id\": \"M1\", \"type\": \"mass\", \"mass\": \"1 kg\" },"
    "  { \"id\": \"K1\", \"type\": \"spring\", \"stiffness\": \"10 kN/m\" },"
    "  { \"id\": \"D1\", \"type\": \"damper\", \"damping\": \"100 N*s/m\" },"
    "  { \"id\": \"G1\", \"type\": \"fixed\" } ],"
    "  \"wires\": [ [\"G1.m\", \"K1.a\"], [\"K1.b\", \"M1.m\"],"
    "               [\"G1.m\", \"D1.a\"], [\"D1.b\", \"M1.m\"] ],"
    "  \"initial\": { \"M1.x\": 0.01 } }";
  g_autoptr (GError) error = NULL;
  g_autoptr (MfDocument) document = mf_document_load_data (text, -1, "euler", NULL, &error);
  g_autoptr (MfModel) model = NULL;
  g_autoptr (MfStiffness) s = NULL;
  const double factors[] = { 0.99, 1.01 };

  g_assert_no_error (error);
  model = mf_model_new (mf_document_get_circuit (document), &error);
  g_assert_no_error (error);
  s = mf_test_stiffness_at_start (model, 0, 1e-6);
  /* 2ζ/ω */
  assert_close (s->euler_step, 0.01, 1e-9);
  for (guint f = 0; f < G_N_ELEMENTS (factors); f++)
    {
      MfSimulationOptions options = { 0 };
      Swing swing = { mf_model_find_output (model, "M1.x"), 0, 0 };
      double h = factors[f] * s->euler_step;

      g_assert_cmpint (swing.index, >=, 0);
      options.method = "euler";
      options.step = h;
      options.t_end = 2000 * h;
      options.output_interval = options.t_end;
      options.rtol = 1e-6;
      options.atol = 1e-9;
      g_assert_true (mf_simulate (model, &options, on_sample, &swing, NULL, NULL, &error));
      g_assert_no_error (error);
      g_test_message ("h = %.2f h_max: |x| from %g to %g m", factors[f], swing.first, swing.last);
      if (factors[f] < 1)
        g_assert_cmpfloat (swing.last, <, 1e-3 * swing.first);
      else
        g_assert_cmpfloat (swing.last, >, 1e3 * swing.first);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/stiffness/two-mass-spring", test_two_mass_spring);
  g_test_add_func ("/core/stiffness/neutral", test_neutral);
  g_test_add_func ("/core/stiffness/euler-limit", test_euler_limit);
  return g_test_run ();
}
