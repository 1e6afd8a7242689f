/* mf-stiffness-report.c: a linearisation (mf-stiffness.h) as JSON and as
 * text, what `manifold-cli linearize` prints (docs/cli.md, "linearize").
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-stiffness-report.h"

#include <complex.h>
#include <glib/gi18n.h>
#include <math.h>

#include "mf-json-write.h"
#include "mf-stability-method.h"

/* The methods whose largest stable fixed step the report gives: the
 * explicit ones a stiff circuit limits (as GSL runs them: its rk4 keeps two
 * steps of h/2, mf-stability-method.h), explicit Adams of order 2, and the
 * BDF orders msbdf and IDA move through. */
typedef struct
{
  const char *name;
  const char *method; /* mf-method.c's name, or NULL for a bare multistep formula */
  guint       which[2]; /* the formula's MfMultistep and the order */
} Limited;

static const Limited limited[] = {
  { "euler", "euler", { 0, 0 } },
  { "rk4", "rk4", { 0, 0 } },
  { "adams-bashforth-2", NULL, { MF_STABILITY_ADAMS_BASHFORTH, 2 } },
  { "bdf-1", "msbdf", { MF_STABILITY_BDF, 1 } },
  { "bdf-2", "msbdf", { MF_STABILITY_BDF, 2 } },
  { "bdf-3", "msbdf", { MF_STABILITY_BDF, 3 } },
  { "bdf-4", "msbdf", { MF_STABILITY_BDF, 4 } },
  { "bdf-5", "msbdf", { MF_STABILITY_BDF, 5 } },
};

static double
largest_step (const MfStiffness *s, const Limited *limit)
{
  g_autofree double complex *lambda = g_new0 (double complex, MAX (s->n, 1));
  MfStabilityRegion region = { mf_stability_for_method (limit->method), limit->which[1] };

  for (guint k = 0; k < s->n; k++)
    lambda[k] = s->eigenvalues[k].re + I * s->eigenvalues[k].im;
  if (region.method == NULL)
    return mf_stability_largest_step (lambda, s->n, mf_stability_multistep_holds, limit->which);
  return mf_stability_region_largest_step (&region, lambda, s->n);
}

static void
add_number_member (JsonBuilder *builder, const char *key, double value)
{
  json_builder_set_member_name (builder, key);
  mf_json_add_number (builder, value);
}

JsonNode *
mf_stiffness_to_json (const MfStiffness *s, const char *mode)
{
  g_autoptr (JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "mode");
  json_builder_add_string_value (builder, mode);
  add_number_member (builder, "t", s->t);
  json_builder_set_member_name (builder, "states");
  json_builder_begin_array (builder);
  for (guint i = 0; i < s->n; i++)
    json_builder_add_string_value (builder, s->state_names[i]);
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "jacobian");
  json_builder_begin_array (builder);
  for (guint i = 0; i < s->n; i++)
    {
      json_builder_begin_array (builder);
      for (guint j = 0; j < s->n; j++)
        mf_json_add_number (builder, s->jacobian[(gsize) i * s->n + j]);
      json_builder_end_array (builder);
    }
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "eigenvalues");
  json_builder_begin_array (builder);
  for (guint k = 0; k < s->n; k++)
    {
      const MfEigenvalue *e = &s->eigenvalues[k];

      json_builder_begin_object (builder);
      add_number_member (builder, "re", e->re);
      add_number_member (builder, "im", e->im);
      add_number_member (builder, "time_constant", e->time_constant);
      add_number_member (builder, "frequency", e->frequency);
      add_number_member (builder, "damping", e->damping);
      json_builder_set_member_name (builder, "neutral");
      json_builder_add_boolean_value (builder, e->neutral);
      json_builder_set_member_name (builder, "participation");
      json_builder_begin_array (builder);
      for (guint p = 0; p < e->n_participants; p++)
        {
          json_builder_begin_object (builder);
          json_builder_set_member_name (builder, "state");
          json_builder_add_string_value (builder, s->state_names[e->participant[p]]);
          add_number_member (builder, "share", e->share[p]);
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "stiffness");
  json_builder_begin_object (builder);
  add_number_member (builder, "real_part_ratio", s->real_part_ratio);
  add_number_member (builder, "modulus_ratio", s->modulus_ratio);
  add_number_member (builder, "euler_step", s->euler_step);
  add_number_member (builder, "accuracy_step", s->accuracy_step);
  add_number_member (builder, "step_ratio", s->step_ratio);
  add_number_member (builder, "sigma_ratio", s->sigma_ratio);
  add_number_member (builder, "rtol", s->rtol);
  json_builder_end_object (builder);
  json_builder_set_member_name (builder, "largest_stable_steps");
  json_builder_begin_object (builder);
  for (guint m = 0; m < G_N_ELEMENTS (limited); m++)
    add_number_member (builder, limited[m].name, largest_step (s, &limited[m]));
  json_builder_end_object (builder);
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

char *
mf_stiffness_eigenvalue_text (const MfEigenvalue *e)
{
  if (e->im == 0.0)
    return g_strdup_printf ("%.6g", e->re);
  return g_strdup_printf ("%.6g ± %.6gi", e->re, fabs (e->im));
}

char *
mf_stiffness_number_text (double value, const char *unit)
{
  if (!isfinite (value))
    return g_strdup ("—");
  return g_strdup_printf ("%.4g%s%s", value, unit != NULL ? " " : "", unit != NULL ? unit : "");
}

char *
mf_stiffness_participants_text (const MfStiffness *s, const MfEigenvalue *e)
{
  GString *text = g_string_new (NULL);

  for (guint p = 0; p < e->n_participants; p++)
    g_string_append_printf (text, "%s%s %.0f %%", p > 0 ? ", " : "",
                            s->state_names[e->participant[p]], 100.0 * e->share[p]);
  return g_string_free (text, FALSE);
}

char *
mf_stiffness_to_text (const MfStiffness *s, const char *mode)
{
  GString *out = g_string_new (NULL);
  g_autofree char *states = g_strjoinv (", ", s->state_names);

  /* Translators: the mode's name, the time, how many states and their names */
  g_string_append_printf (out, _("Mode '%s' linearised at t = %g s: %u states (%s)\n\n"), mode,
                          s->t, s->n, states);
  for (guint k = 0; k < s->n; k++)
    {
      const MfEigenvalue *e = &s->eigenvalues[k];
      g_autofree char *value = NULL;
      g_autofree char *tau = NULL;
      g_autofree char *zeta = NULL;
      g_autofree char *taking_part = NULL;

      /* a complex pair is told once, by the member with Im λ > 0 */
      if (e->im < 0.0)
        continue;
      value = mf_stiffness_eigenvalue_text (e);
      tau = mf_stiffness_number_text (e->time_constant, "s");
      zeta = mf_stiffness_number_text (e->damping, NULL);
      taking_part = mf_stiffness_participants_text (s, e);
      g_string_append_printf (out, "λ = %s 1/s\n", value);
      /* Translators: time constant, then damped frequency and damping ratio */
      g_string_append_printf (out, _("  time constant %s, frequency %.6g Hz, damping ratio %s%s\n"),
                              tau, e->frequency, zeta, e->neutral ? _(" (neutral)") : "");
      g_string_append_printf (out, "%s%s%s\n", _("  states taking part:"),
                              e->n_participants > 0 ? " " : "", taking_part);
    }
  {
    g_autofree char *accuracy_label =
      /* Translators: the relative tolerance */
      g_strdup_printf (_("explicit Euler: step for accuracy (rtol %g)"), s->rtol);
    const char *labels[] = {
      _("max|Re λ| / min|Re λ| (eigenvalues not neutral)"),
      _("max|λ| / min|λ|"),
      _("explicit Euler: largest stable step"),
      accuracy_label,
      _("step for accuracy / largest stable step"),
      _("σmax / σmin of the Jacobian"),
    };
    char *values[] = {
      mf_stiffness_number_text (s->real_part_ratio, NULL),
      mf_stiffness_number_text (s->modulus_ratio, NULL),
      mf_stiffness_number_text (s->euler_step, "s"),
      mf_stiffness_number_text (s->accuracy_step, "s"),
      mf_stiffness_number_text (s->step_ratio, NULL),
      mf_stiffness_number_text (s->sigma_ratio, NULL),
    };
    glong width = 0;

    for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
      width = MAX (width, g_utf8_strlen (labels[i], -1));
    g_string_append (out, _("\nStiffness, by measures that need not agree:\n"));
    for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
      {
        g_string_append_printf (out, "  %s", labels[i]);
        for (glong pad = g_utf8_strlen (labels[i], -1); pad < width + 3; pad++)
          g_string_append_c (out, ' ');
        g_string_append_printf (out, "%s\n", values[i]);
        g_free (values[i]);
      }
  }
  g_string_append (out, _("\nLargest stable fixed step (∞: none):\n"));
  for (guint m = 0; m < G_N_ELEMENTS (limited); m++)
    {
      double h = largest_step (s, &limited[m]);

      if (isinf (h))
        g_string_append_printf (out, "  %-18s ∞\n", limited[m].name);
      else
        g_string_append_printf (out, "  %-18s %.4g s\n", limited[m].name, h);
    }
  return g_string_free (out, FALSE);
}
