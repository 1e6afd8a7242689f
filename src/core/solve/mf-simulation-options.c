/* mf-simulation-options.c: the options of a run — those a document asks
 * for, and whether a set of them makes sense and can finish.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <math.h>

#include "mf-error.h"
#include "mf-text.h"
#include "mf-simulation-private.h"

/* More samples than this is a mistake in the options, not a wish: ten
 * million rows are gigabytes of CSV, and as much memory in the app. */
#define MF_MAX_SAMPLES 1e7
/* More fixed steps than this cannot finish in a working day. */
#define MF_MAX_FIXED_STEPS 1e8
/* A run shorter than this is a slip of the exponent: the solvers' steps
 * and their error estimates lose every digit near 0 s. */
#define MF_MIN_T_END 1e-9

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
  options->steps = NULL;
}

static gboolean
usage_error (GError **error, const char **setting, const char *at, const char *message)
{
  if (setting != NULL)
    *setting = at;
  g_set_error_literal (error, MF_ERROR, MF_ERROR_USAGE, message);
  return FALSE;
}

/* Every check written so that NaN fails it too.  A refusal is about the
 * setting a document would change to mend it: a method that cannot run
 * with a fixed step (or without one) is the method's fault when one was
 * named, and the step's when the method is the default. */
gboolean
mf_simulation_options_check (const MfSimulationOptions *options,
                             const MfMethod           **method,
                             const char               **setting,
                             GError                   **error)
{
  const char *method_or_step;
  g_autofree char *message = NULL;

  *method = mf_method_lookup (options->method);
  if (*method == NULL)
    {
      g_autofree char *known = mf_method_names ();
      g_autofree char *shown = mf_text_escape (options->method);

      /* Translators: the first %s is the method as given, the second the list of known
       * methods */
      message = g_strdup_printf (_("unknown integration method '%s' (known: %s)"),
                                 options->method ? shown : _("(none)"), known);
      return usage_error (error, setting, "method", message);
    }
  method_or_step = g_strcmp0 (options->method, "auto") == 0 ? "step" : "method";
  if (!(options->t_end > 0 && isfinite (options->t_end)))
    return usage_error (error, setting, "t_end",
                        _("the end time must be a positive number of seconds"));
  if (options->t_end < MF_MIN_T_END)
    {
      /* Translators: the end time given and the shortest one, in seconds */
      message = g_strdup_printf (_("the end time %g s is shorter than the %g s the solvers can "
                                   "step through"), options->t_end, MF_MIN_T_END);
      return usage_error (error, setting, "t_end", message);
    }
  if (!(options->rtol > 0))
    return usage_error (error, setting, "rtol",
                        _("the tolerances rtol and atol must be positive"));
  if (!(options->rtol < 1))
    return usage_error (error, setting, "rtol",
                        _("the relative tolerance rtol must be below 1"));
  if (!(options->atol > 0))
    return usage_error (error, setting, "atol",
                        _("the tolerances rtol and atol must be positive"));
  if (!(options->output_interval > 0))
    return usage_error (error, setting, "output_interval",
                        _("the output interval must be positive"));
  if (!(options->t_end / options->output_interval <= MF_MAX_SAMPLES))
    {
      /* Translators: the numbers are the output interval and the end time in seconds,
       * the number of samples that makes, and the limit */
      message = g_strdup_printf (_("an output interval of %g s over %g s makes %.3g samples, "
                                   "more than the limit of %.3g"), options->output_interval,
                                 options->t_end,
                                 floor (options->t_end / options->output_interval) + 1,
                                 MF_MAX_SAMPLES);
      return usage_error (error, setting, "output_interval", message);
    }
  if (!(options->step >= 0 && isfinite (options->step)))
    return usage_error (error, setting, "step",
                        _("the fixed step must be positive (or 0 for an adaptive run)"));
  if (options->step > options->t_end)
    return usage_error (error, setting, "step", _("the fixed step is longer than the whole run"));
  if (options->step > 0 && !(options->t_end / options->step <= MF_MAX_FIXED_STEPS))
    {
      /* Translators: the numbers are the step and the end time in seconds, the
       * number of steps that makes, and the limit */
      message = g_strdup_printf (_("a fixed step of %g s over %g s takes %.3g steps, more than "
                                   "the limit of %.3g"), options->step, options->t_end,
                                 ceil (options->t_end / options->step), MF_MAX_FIXED_STEPS);
      return usage_error (error, setting, "step", message);
    }
  if (options->step > 0 && (*method)->gsl == NULL)
    {
      /* Translators: %s is the method ("auto"); rk4 and euler are method names */
      message = g_strdup_printf (_("the method '%s' chooses its own steps: a fixed step needs "
                                   "one of GSL's methods (rk4, euler, …)"), (*method)->name);
      return usage_error (error, setting, method_or_step, message);
    }
  if (options->step == 0 && !(*method)->adaptive)
    {
      message = g_strdup_printf (_("the method '%s' has no error estimate: it needs a fixed "
                                   "step"), (*method)->name);
      return usage_error (error, setting, "method", message);
    }
  return TRUE;
}

gboolean
mf_simulation_options_accept (const MfSimulationOptions *options,
                              const char               **setting,
                              GError                   **error)
{
  const MfMethod *method;

  return mf_simulation_options_check (options, &method, setting, error);
}
