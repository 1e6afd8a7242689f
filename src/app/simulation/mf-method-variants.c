/* mf-method-variants.c: a circuit in several integration methods.
 *
 * Each variant is the document with its "simulation" method and step
 * replaced through MfEditDocument's own setter, which checks the settings
 * as the loader does, and then checked as the simulation driver checks a
 * run's settings before it starts; the growth of the modes under a fixed step is the
 * method's stability function at h λ (docs/model.md, "Regions of absolute
 * stability").
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-method-variants.h"

#include <glib/gi18n.h>
#include <math.h>

#include "mf-document.h"
#include "mf-error.h"
#include "mf-method.h"
#include "mf-simulation.h"
#include "mf-stability-method.h"

char *
mf_method_variant_label (const MfMethodVariant *variant)
{
  g_return_val_if_fail (variant != NULL && variant->method != NULL, NULL);

  if (variant->step > 0)
    /* Translators: the label of a run at a fixed step, "euler, h = 5.28e-08 s" */
    return g_strdup_printf (_("%s, h = %.3g s"), variant->method, variant->step);
  return g_strdup (variant->method);
}

/* Whether a run takes the settings of `text`: what the simulation driver
 * checks before it starts (a method that needs a fixed step has one, a
 * step shorter than the run). */
static gboolean
settings_accepted (const char *text, GError **error)
{
  MfDocument *document = mf_document_load_data (text, -1, "compare", NULL, error);
  MfSimulationOptions options;
  gboolean accepted;

  if (document == NULL)
    return FALSE;
  mf_simulation_options_from_circuit (&options, mf_document_get_circuit (document));
  accepted = mf_simulation_options_accept (&options, NULL, error);
  mf_document_free (document);
  return accepted;
}

/* The document text of one variant, made from `doc` as it was loaded. */
static char *
variant_text (MfEditDocument *doc, const MfMethodVariant *variant, GError **error)
{
  char step[G_ASCII_DTOSTR_BUF_SIZE] = "";
  g_autofree char *text = NULL;

  if (mf_method_lookup (variant->method) == NULL)
    {
      g_autofree char *names = mf_method_names ();

      g_set_error (error, MF_ERROR, MF_ERROR_INVALID,
                   _("There is no integration method '%s' (there are %s)"), variant->method,
                   names);
      return NULL;
    }
  if (variant->step > 0)
    g_ascii_dtostr (step, sizeof step, variant->step);
  /* the step first: a fixed-step method refuses a document without one */
  if (!mf_edit_document_set_simulation_text (doc, "step", step, error)
      || !mf_edit_document_set_simulation_text (doc, "method", variant->method, error))
    return NULL;
  text = mf_edit_document_to_data (doc, NULL);
  if (!settings_accepted (text, error))
    return NULL;
  return g_steal_pointer (&text);
}

MfSweep *
mf_method_variants_new_sweep (const char            *document_text,
                              const MfMethodVariant *variants,
                              guint                  n,
                              GError               **error)
{
  g_autoptr (MfEditDocument) doc = mf_edit_document_new ();
  g_autoptr (GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) local_error = NULL;

  g_return_val_if_fail (document_text != NULL, NULL);
  g_return_val_if_fail (variants != NULL && n > 0, NULL);

  if (!mf_edit_document_load_data (doc, document_text, -1, "compare", &local_error))
    {
      g_propagate_prefixed_error (error, g_steal_pointer (&local_error),
                                  _("The circuit does not load: "));
      return NULL;
    }
  for (guint i = 0; i < n; i++)
    {
      char *label = mf_method_variant_label (&variants[i]);
      char *text;

      g_ptr_array_add (labels, label);
      text = variant_text (doc, &variants[i], &local_error);
      if (text == NULL)
        {
          g_set_error (error, MF_ERROR, MF_ERROR_INVALID, "%s: %s", label,
                       local_error->message);
          return NULL;
        }
      g_ptr_array_add (texts, text);
    }
  g_ptr_array_add (texts, NULL);
  g_ptr_array_add (labels, NULL);
  return mf_sweep_new_variants (doc, (const char *const *) texts->pdata,
                                (const char *const *) labels->pdata);
}

gboolean
mf_method_variants_euler_limit (const MfStiffness *stiffness,
                                double             margin,
                                MfMethodVariant    variants[2])
{
  double limit;

  g_return_val_if_fail (stiffness != NULL && variants != NULL, FALSE);
  g_return_val_if_fail (margin > 0 && margin < 1, FALSE);

  limit = stiffness->euler_step;
  if (!(isfinite (limit) && limit > 0))
    return FALSE;
  variants[0] = (MfMethodVariant) { "euler", (1 - margin) * limit };
  variants[1] = (MfMethodVariant) { "euler", (1 + margin) * limit };
  return TRUE;
}

double
mf_method_variants_growth_rate (const char         *method,
                                double              step,
                                const MfEigenvalue *eigenvalues,
                                guint               n)
{
  const MfStabilityMethod *stability = mf_stability_for_method (method);
  double rate = -INFINITY;

  g_return_val_if_fail (step > 0, NAN);

  if (stability == NULL || stability->multistep)
    return NAN;
  for (guint k = 0; k < n; k++)
    {
      double complex z = step * (eigenvalues[k].re + I * eigenvalues[k].im);

      rate = MAX (rate, log (cabs (mf_stability_method_function (stability, z))) / step);
    }
  return rate;
}
