/* mf-document-validate-names.c: the names a document gives of what the
 * assembled circuit has — its outputs (mf-document-validate-outputs.c) and
 * its plots' quantities (mf-document-validate-plots.c), the
 * states of "initial" and the velocities of "prefer_states" — checked
 * against a model built from the circuit, each at its place.
 *
 * A name can only be told right or wrong once the rest of the document has
 * loaded without an error and the circuit assembles; a circuit that does
 * not is left to those who assemble it (validate, simulate, the app),
 * which say why.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-document-private.h"

#include <glib/gi18n.h>

/* The names of states [first, first + n) of `model`, NULL-terminated. */
static const char **
state_names (const MfModel *model, guint first, guint n)
{
  const char **names = g_new (const char *, n + 1);

  for (guint i = 0; i < n; i++)
    names[i] = mf_model_state_name (model, first + i);
  names[n] = NULL;
  return names;
}

static void
check_initial_names (MfChecker *checker, const MfModel *model)
{
  const GArray *initial = checker->circuit->initial;
  g_autofree const char **candidates = NULL;

  for (guint i = 0; i < initial->len; i++)
    {
      const char *name = g_array_index (initial, MfInitialValue, i).name;
      g_autofree char *path = NULL;
      g_autofree char *shown = NULL;
      const char *guess;

      if (mf_model_find_state (model, name) >= 0)
        continue;
      if (candidates == NULL)
        candidates = state_names (model, 0, mf_model_n_states (model));
      path = mf_json_path_member (MF_KEY_INITIAL, name);
      shown = mf_text_escape (name);
      guess = mf_document_closest_name (name, candidates, NULL);
      if (guess != NULL)
        /* Translators: the first %s is a state's name as written, the second a state of the
         * circuit close to it */
        mf_checker_error_at_key (checker, path, _("initial: the circuit has no state '%s' (did "
                                   "you mean '%s'?)"), shown, guess);
      else
        mf_checker_error_at_key (checker, path, _("initial: the circuit has no state '%s'; "
                                   "'manifold-cli analyze' lists its states"), shown);
    }
}

static void
check_preferred_names (MfChecker *checker, const MfModel *model)
{
  const GPtrArray *preferred = checker->circuit->preferred_states;
  g_autofree const char **candidates = NULL;

  for (guint i = 0; i < preferred->len; i++)
    {
      const char *name = preferred->pdata[i];
      int state = mf_model_find_state (model, name);
      g_autofree char *path = NULL;
      g_autofree char *shown = NULL;
      const char *guess;

      if (state >= 0 && (guint) state < mf_model_n_velocities (model))
        continue;
      /* without errors, every item of the array is in the list, in order */
      path = mf_json_path_index (MF_KEY_PREFER_STATES, i);
      shown = mf_text_escape (name);
      if (state >= 0)
        {
          /* Translators: %s is a state's name ("C1.x") */
          mf_checker_error (checker, path, _("prefer_states: '%s' is a state but not a velocity; "
                              "only velocities can be preferred"), shown);
          continue;
        }
      if (candidates == NULL)
        candidates = state_names (model, 0, mf_model_n_velocities (model));
      guess = mf_document_closest_name (name, candidates, NULL);
      if (guess != NULL)
        /* Translators: the first %s is a velocity's name as written, the second a velocity of
         * the circuit close to it */
        mf_checker_error (checker, path, _("prefer_states: the circuit has no velocity '%s' (did "
                            "you mean '%s'?)"), shown, guess);
      else
        mf_checker_error (checker, path, _("prefer_states: the circuit has no velocity '%s'; "
                            "'manifold-cli analyze' lists its states"), shown);
    }
}

void
mf_document_check_names (MfChecker *checker)
{
  MfCircuit *circuit = checker->circuit;
  g_autoptr (MfModel) model = NULL;
  GArray *initial;
  GPtrArray *preferred;

  if (mf_checker_has_errors (checker)
      || (circuit->simulation.outputs == NULL && circuit->initial->len == 0
          && circuit->preferred_states->len == 0 && checker->plots == NULL))
    return;
  /* the model would refuse the first unknown name itself, without a place:
   * it is built without them, and every one is told here at its place */
  initial = circuit->initial;
  preferred = circuit->preferred_states;
  circuit->initial = g_array_new (FALSE, FALSE, sizeof (MfInitialValue));
  circuit->preferred_states = g_ptr_array_new ();
  model = mf_model_new (circuit, NULL);
  g_array_unref (circuit->initial);
  g_ptr_array_unref (circuit->preferred_states);
  circuit->initial = initial;
  circuit->preferred_states = preferred;
  if (model == NULL)
    return;
  mf_document_check_output_names (checker, model);
  mf_document_check_plot_names (checker, model);
  check_initial_names (checker, model);
  check_preferred_names (checker, model);
}
