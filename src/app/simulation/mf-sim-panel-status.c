/* mf-sim-panel-status.c: the simulation pane's two rows of words — the
 * progress row ("t = 1.25 s of 5 s · 25 % · 3.1× real time") and the row
 * that shows a failure, a refused edit or a notice, with the time a
 * failed run ended at, so that both rows say the same.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-sim-panel-private.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

/* "3.1×", "120×", "0.02×": two significant figures, no exponent.  A
 * factor that "%.2g" would round up to 100 is written whole ("100", not
 * "1e+02"); one too small for two figures without an exponent is "<0.0001". */
char *
mf_sim_panel_format_factor (double factor)
{
  if (!(factor >= 0) || !isfinite (factor))
    return g_strdup ("–");
  if (factor >= 99.5)
    return g_strdup_printf ("%.0f", factor);
  if (factor >= 1e-4)
    return g_strdup_printf ("%.2g", factor);
  return g_strdup ("<0.0001");
}

void
mf_sim_panel_show_progress (MfSimPanel *self)
{
  MfSimProgress progress;
  g_autofree char *text = NULL;
  g_autofree char *factor = NULL;

  mf_sim_worker_get_progress (self->worker, &progress);
  if (self->current == NULL && self->n_runs_kept > 0
      && g_list_model_get_n_items (G_LIST_MODEL (self->runs)) > 0)
    {
      /* not run since the document was opened, but its runs were kept */
      /* Translators: the progress row of a document opened with its runs */
      text = g_strdup_printf (ngettext ("%u run kept from the last session",
                                        "%u runs kept from the last session",
                                        self->n_runs_kept),
                              self->n_runs_kept);
      gtk_progress_bar_set_fraction (self->progress_bar, 0);
    }
  else if (self->current == NULL)
    {
      /* never run, or the run was of a circuit the pane no longer shows */
      text = g_strdup (_("Not run yet"));
      gtk_progress_bar_set_fraction (self->progress_bar, 0);
    }
  else if (progress.t_end <= 0)
    {
      /* compiling the model, or never run */
      text = g_strdup (self->status == MF_SIM_STATUS_IDLE ? _("Not run yet") : _("Starting…"));
      gtk_progress_bar_set_fraction (self->progress_bar, 0);
    }
  else
    {
      /* a failed run ended where the failure row says */
      if (self->status == MF_SIM_STATUS_FAILED && isfinite (self->failed_at))
        progress.t = self->failed_at;
      factor = mf_sim_panel_format_factor (progress.real_time_factor);
      /* Translators: simulated time, the run's end time, the fraction done
       * and how many simulated seconds pass per second of wall time:
       * "t = 1.25 s of 5 s · 25 % · 3.1× real time" */
      text = g_strdup_printf (_("t = %.4g s of %.4g s · %.0f %% · %s× real time"),
                              progress.t, progress.t_end, floor (progress.fraction * 100),
                              factor);
      gtk_progress_bar_set_fraction (self->progress_bar, CLAMP (progress.fraction, 0, 1));
    }
  if (g_strcmp0 (text, self->progress_text) == 0)
    return;
  g_free (self->progress_text);
  self->progress_text = g_steal_pointer (&text);
  gtk_label_set_label (self->progress_label, self->progress_text);
}

void
mf_sim_panel_show_problem (MfSimPanel *self,
                           const char *icon_name,
                           const char *text,
                           gboolean    refusal)
{
  g_free (self->problem_text);
  self->problem_text = g_strdup (text);
  self->showing_refusal = refusal;
  gtk_image_set_from_icon_name (self->problem_icon, icon_name);
  gtk_label_set_label (self->problem_label, text);
  gtk_revealer_set_reveal_child (self->problem_revealer, TRUE);
}

void
mf_sim_panel_dismiss_problem (MfSimPanel *self)
{
  g_clear_pointer (&self->problem_text, g_free);
  self->showing_refusal = FALSE;
  gtk_revealer_set_reveal_child (self->problem_revealer, FALSE);
}

/* The worker's messages begin "at t = 1.234 s: " when the run got that
 * far; the row says it as "Failed at t = 1.234 s: cause". */
/* The same time goes into self->failed_at, which the progress row says
 * from then on: the row and the failure never disagree (the last sample
 * handed over may lie before the failure). */
char *
mf_sim_panel_failure_text (MfSimPanel   *self,
                           const GError *error)
{
  const char *message = error != NULL ? error->message : _("unknown cause");
  MfSimProgress progress;

  if (g_str_has_prefix (message, "at t = "))
    {
      char *end = NULL;
      double t = g_ascii_strtod (message + strlen ("at t = "), &end);

      if (end != NULL && g_str_has_prefix (end, " s: "))
        {
          self->failed_at = t;
          /* Translators: the simulation time of a failure and its cause */
          return g_strdup_printf (_("Failed at t = %.6g s: %s"), t, end + strlen (" s: "));
        }
    }
  mf_sim_worker_get_progress (self->worker, &progress);
  if (progress.n_samples == 0)
    /* Translators: a run that could not start, and why */
    return g_strdup_printf (_("Could not start: %s"), message);
  self->failed_at = progress.t;
  return g_strdup_printf (_("Failed at t = %.6g s: %s"), progress.t, message);
}
