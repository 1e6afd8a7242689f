/* mf-stiffness-window-run-step.c: the step the integrator took at the time
 * of the run the window linearises at (mf-step-record.h) — said under the
 * plot, and put into the plot by the Run's Step button: h, and with it the
 * run's method and, for a method that varies it, the order it had there.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "mf-method.h"
#include "mf-stability-method.h"
#include "mf-stiffness-window-private.h"

/* The run's accepted step at the time linearised at, or NULL. */
static const MfStepEntry *
run_step (MfStiffnessWindow *self)
{
  const MfStepRecord *steps;

  if (!self->at_run || self->record == NULL || self->linearization == NULL)
    return NULL;
  steps = mf_run_record_get_steps (self->record);
  return steps != NULL ? mf_step_record_step_at (steps, self->sample_time) : NULL;
}

void
mf_stiffness_window_show_run_step (MfStiffnessWindow *self)
{
  const MfStepEntry *entry = run_step (self);
  const char *method = self->record != NULL ? mf_run_record_get_method (self->record) : NULL;
  g_autofree char *text = NULL;

  gtk_widget_set_visible (GTK_WIDGET (self->run_step_button), entry != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->run_step_label), entry != NULL);
  if (entry == NULL)
    return;
  if (entry->order > 0)
    /* Translators: the time, the step there, the run's method and its order then */
    text = g_strdup_printf (_("The run’s step at t = %.4g s: %.4g s (%s, order %u)"),
                            self->sample_time, entry->h, method != NULL ? method : "?",
                            entry->order);
  else
    /* Translators: the time, the step there and the run's method */
    text = g_strdup_printf (_("The run’s step at t = %.4g s: %.4g s (%s)"), self->sample_time,
                            entry->h, method != NULL ? method : "?");
  gtk_label_set_text (self->run_step_label, text);
}

static void
on_run_step_clicked (MfStiffnessWindow *self)
{
  const MfStepEntry *entry = run_step (self);
  const char *method = mf_run_record_get_method (self->record);
  const MfStabilityMethod *stability;
  double h;
  guint order;

  if (entry == NULL)
    return;
  /* what the entry holds, before the method's change redraws and the
   * record may grow */
  h = entry->h;
  order = entry->order;
  if (method != NULL && g_strcmp0 (method, self->method) != 0)
    mf_stiffness_window_set_method (self, method);
  stability = mf_stability_for_method (self->method);
  if (order > 0 && stability != NULL && stability->multistep && order <= stability->max_order)
    gtk_drop_down_set_selected (self->order_dropdown, order - 1);
  mf_stiffness_window_set_step (self, h);
}

void
mf_stiffness_window_init_run_step (MfStiffnessWindow *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self->run_step_button), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->run_step_label), FALSE);
  g_signal_connect_swapped (self->run_step_button, "clicked", G_CALLBACK (on_run_step_clicked),
                            self);
}
