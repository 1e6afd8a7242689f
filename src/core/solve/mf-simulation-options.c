/* mf-simulation-options.c: the options of a run — those a document asks
 * for, and whether a set of them makes sense and can finish.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <math.h>

#include "mf-error.h"
#include "mf-simulation-private.h"

/* More samples than this is a mistake in the options, not a wish: ten
 * million rows are gigabytes of CSV, and as much memory in the app. */
#define MF_MAX_SAMPLES 1e7
/* More fixed steps than this cannot finish in a working day. */
#define MF_MAX_FIXED_STEPS 1e8

void
mf_simulation_options_from_circuit (MfSimulationOptions *options, const MfCircuit *circuit)
{
  const MfSimulationSettings *settings = &circuit->simulation;

  options->method = settings->method;
  options->t_end = settings->t_end;
  options->rtol = settings->rtol;
  options->atol = settings->atol;
  options->output_interval = settings->output_interval > 0 ? settings->output_interval
                                                           : settings->t_end / 1000.0;
  options->step = settings->step;
  options->event = NULL;
  options->event_data = NULL;
  options->fallback = NULL;
  options->fallback_data = NULL;
  options->notice = NULL;
  options->notice_data = NULL;
  options->start = NULL;
}

static gboolean
usage_error (GError **error, const char *message)
{
  g_set_error_literal (error, MF_ERROR, MF_ERROR_USAGE, message);
  return FALSE;
}

/* Every check written so that NaN fails it too. */
gboolean
mf_simulation_options_check (const MfSimulationOptions *options,
                             const MfMethod           **method,
                             GError                   **error)
{
  *method = mf_method_lookup (options->method);
  if (*method == NULL)
    {
      g_autofree char *known = mf_method_names ();

      g_set_error (error, MF_ERROR, MF_ERROR_USAGE,
                   /* Translators: the first %s is the method as given, the second the list of known
                    * methods */
                   _("unknown integration method '%s' (known: %s)"),
                   options->method ? options->method : _("(none)"), known);
      return FALSE;
    }
  if (!(options->t_end > 0 && isfinite (options->t_end)))
    return usage_error (error, _("the end time must be a positive number of seconds"));
  if (!(options->rtol > 0 && options->atol > 0))
    return usage_error (error, _("the tolerances rtol and atol must be positive"));
  if (!(options->output_interval > 0))
    return usage_error (error, _("the output interval must be positive"));
  if (!(options->t_end / options->output_interval <= MF_MAX_SAMPLES))
    {
      g_set_error (error, MF_ERROR, MF_ERROR_USAGE,
                   /* Translators: the numbers are the output interval and the end time in seconds,
                    * the number of samples that makes, and the limit */
                   _("an output interval of %g s over %g s makes %.3g samples, more than the "
                     "limit of %.3g"), options->output_interval, options->t_end,
                   floor (options->t_end / options->output_interval) + 1, MF_MAX_SAMPLES);
      return FALSE;
    }
  if (!(options->step >= 0 && isfinite (options->step)))
    return usage_error (error, _("the fixed step must be positive (or 0 for an adaptive run)"));
  if (options->step > options->t_end)
    return usage_error (error, _("the fixed step is longer than the whole run"));
  if (options->step > 0 && !(options->t_end / options->step <= MF_MAX_FIXED_STEPS))
    {
      g_set_error (error, MF_ERROR, MF_ERROR_USAGE,
                   /* Translators: the numbers are the step and the end time in seconds, the
                    * number of steps that makes, and the limit */
                   _("a fixed step of %g s over %g s takes %.3g steps, more than the limit of "
                     "%.3g"), options->step, options->t_end, ceil (options->t_end / options->step),
                   MF_MAX_FIXED_STEPS);
      return FALSE;
    }
  if (options->step > 0 && (*method)->gsl == NULL)
    {
      g_set_error (error, MF_ERROR, MF_ERROR_USAGE,
                   /* Translators: %s is the method ("auto"); rk4 and euler are method names */
                   _("the method '%s' chooses its own steps: a fixed step needs one of GSL's "
                     "methods (rk4, euler, …)"), (*method)->name);
      return FALSE;
    }
  if (options->step == 0 && !(*method)->adaptive)
    {
      g_set_error (error, MF_ERROR, MF_ERROR_USAGE,
                   _("the method '%s' has no error estimate: it needs a fixed step"),
                   (*method)->name);
      return FALSE;
    }
  return TRUE;
}
