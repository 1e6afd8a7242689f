/* mf-stiffness-window-show.c: what the Stiffness window shows of a
 * linearisation — the title, the states, the modes, the measures beside
 * their definitions — and the stability plot's controls: the method (the
 * document's at first), the order of a multistep one, the scale, and the
 * step h on a logarithmic slider, with the method's largest stable fixed
 * step in words.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-stiffness-window-private.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "mf-largest-step.h"
#include "mf-method.h"
#include "mf-stiffness-report.h"

/* Past this ratio of the largest to the smallest |λ| the points hλ are
 * drawn on the symmetric-log scale at first. */
#define LOG_SCALE_RATIO 100.0
/* How many states the line above the modes names. */
#define STATES_NAMED 12

enum
{
  MEASURE_REAL_PART,
  MEASURE_MODULUS,
  MEASURE_EULER_STEP,
  MEASURE_ACCURACY_STEP,
  MEASURE_STEP_RATIO,
  MEASURE_SIGMA,
};

/* ---- the measures ---- */

static void
add_measure (MfStiffnessWindow *self, guint row, const char *name, const char *definition)
{
  GtkWidget *name_label = gtk_label_new (name);
  GtkWidget *value_label = gtk_label_new ("—");
  GtkWidget *definition_label = gtk_label_new (definition);

  gtk_label_set_xalign (GTK_LABEL (name_label), 0.0);
  gtk_label_set_wrap (GTK_LABEL (name_label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (name_label), 18);
  gtk_widget_set_valign (name_label, GTK_ALIGN_START);
  gtk_widget_add_css_class (name_label, "heading");
  gtk_label_set_xalign (GTK_LABEL (value_label), 1.0);
  gtk_label_set_selectable (GTK_LABEL (value_label), TRUE);
  gtk_widget_set_valign (value_label, GTK_ALIGN_START);
  gtk_widget_add_css_class (value_label, "numeric");
  gtk_label_set_xalign (GTK_LABEL (definition_label), 0.0);
  gtk_label_set_wrap (GTK_LABEL (definition_label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (definition_label), 40);
  gtk_widget_set_hexpand (definition_label, TRUE);
  gtk_widget_add_css_class (definition_label, "dim-label");
  gtk_grid_attach (self->measures_grid, name_label, 0, (int) row, 1, 1);
  gtk_grid_attach (self->measures_grid, value_label, 1, (int) row, 1, 1);
  gtk_grid_attach (self->measures_grid, definition_label, 2, (int) row, 1, 1);
  self->measure_values[row] = GTK_LABEL (value_label);
}

static void
add_measures (MfStiffnessWindow *self)
{
  add_measure (self, MEASURE_REAL_PART, _("Real-part ratio"),
               _("max|Re λ| / min|Re λ| over the eigenvalues that are not neutral: how far "
                 "apart the decay rates are"));
  add_measure (self, MEASURE_MODULUS, _("Modulus ratio"),
               _("max|λ| / min|λ| over the nonzero eigenvalues: how far apart the time scales "
                 "are, oscillations included"));
  add_measure (self, MEASURE_EULER_STEP, _("Explicit Euler's stable step"),
               _("the largest h with |1 + hλ| ≤ 1 for every λ: min 2|Re λ| / |λ|²"));
  add_measure (self, MEASURE_ACCURACY_STEP, _("Step for accuracy"),
               _("the h at which explicit Euler's local error |hλ|²/2 on the slowest mode that "
                 "is not neutral equals the document's rtol"));
  add_measure (self, MEASURE_STEP_RATIO, _("Accuracy step / stable step"),
               _("how many times shorter than accuracy asks stability makes explicit Euler's "
                 "steps"));
  add_measure (self, MEASURE_SIGMA, _("σmax / σmin of J"),
               _("the condition number of the Jacobian J = ∂f/∂y"));
}

static void
show_measure (MfStiffnessWindow *self, guint row, double value, const char *unit)
{
  g_autofree char *text = mf_stiffness_number_text (value, unit);

  gtk_label_set_text (self->measure_values[row], text);
}

static void
show_measures (MfStiffnessWindow *self, const MfStiffness *s)
{
  g_autofree char *rtol = g_strdup_printf ("%s\n(rtol %g)", _("Step for accuracy"), s->rtol);
  GtkWidget *name = gtk_grid_get_child_at (self->measures_grid, 0, MEASURE_ACCURACY_STEP);

  show_measure (self, MEASURE_REAL_PART, s->real_part_ratio, NULL);
  show_measure (self, MEASURE_MODULUS, s->modulus_ratio, NULL);
  show_measure (self, MEASURE_EULER_STEP, s->euler_step, "s");
  show_measure (self, MEASURE_ACCURACY_STEP, s->accuracy_step, "s");
  show_measure (self, MEASURE_STEP_RATIO, s->step_ratio, NULL);
  show_measure (self, MEASURE_SIGMA, s->sigma_ratio, NULL);
  gtk_label_set_text (GTK_LABEL (name), rtol);
}

/* ---- the step and the largest stable one ---- */

static MfStabilityRegion
region (MfStiffnessWindow *self)
{
  return (MfStabilityRegion) { mf_stability_for_method (self->method), self->order };
}

/* The largest and smallest nonzero |λ|. */
static void
moduli (MfStiffnessWindow *self, double *largest, double *smallest)
{
  *largest = 0.0, *smallest = INFINITY;
  for (guint k = 0; k < self->n_lambda; k++)
    {
      double m = cabs (self->lambda[k]);

      if (m > 0.0)
        *largest = MAX (*largest, m), *smallest = MIN (*smallest, m);
    }
}

/* The step h starts at: the document's fixed step for its own method, the
 * method's largest stable step, or where the fastest mode makes |hλ| = 1
 * when there is none. */
static double
default_step (MfStiffnessWindow *self)
{
  double largest = self->largest_step, fast, slow;
  const char *method = mf_linearization_get_method (self->linearization);
  double fixed = mf_linearization_get_fixed_step (self->linearization);

  if (fixed > 0.0 && g_strcmp0 (method, self->method) == 0)
    return fixed;
  if (isfinite (largest) && largest > 0.0)
    return largest;
  moduli (self, &fast, &slow);
  return fast > 0.0 ? 1.0 / fast : 1e-3;
}

static void
describe_largest_step (MfStiffnessWindow *self)
{
  double h = self->largest_step;
  const MfStabilityMethod *method = mf_stability_for_method (self->method);
  g_autofree char *name = NULL;

  if (method == NULL)
    return;
  name = method->multistep
           /* Translators: a method's name and the order of its formula */
           ? g_strdup_printf (_("%s (order %u)"), method->method, self->order)
           : g_strdup (method->method);
  g_free (self->largest_text);
  if (self->n_lambda == 0)
    self->largest_text = g_strdup (_("The circuit has no states to integrate here."));
  else if (isinf (h))
    self->largest_text = g_strdup_printf (
      /* Translators: the method; said when no step leaves its region */
      _("%s is stable at every fixed step for these eigenvalues: no ray hλ leaves its region."),
      name);
  else if (!(h > 0.0))
    self->largest_text = g_strdup_printf (
      /* Translators: the method; said when the largest stable step is zero */
      _("%s is stable at no fixed step: a point hλ leaves its region at once (an undamped or "
        "growing mode)."),
      name);
  else
    /* Translators: the method, then the step with its unit */
    self->largest_text = g_strdup_printf (_("Largest stable fixed step of %s: %.4g s"), name, h);
  gtk_label_set_text (self->largest_label, self->largest_text);
  gtk_widget_set_sensitive (GTK_WIDGET (self->largest_button), isfinite (h) && h > 0.0);
}

/* The slider's span, log10 of h: from where the fastest mode has
 * |hλ| = 0.001 to where the slowest has 100, and two decades around h. */
static void
set_step_range (MfStiffnessWindow *self)
{
  double fast, slow, lo, hi;

  moduli (self, &fast, &slow);
  lo = fast > 0.0 ? 1e-3 / fast : 1e-6;
  hi = isfinite (slow) ? 100.0 / slow : 1.0;
  lo = MIN (lo, self->step / 100.0);
  hi = MAX (hi, self->step * 100.0);
  gtk_range_set_range (GTK_RANGE (self->step_scale), log10 (lo), log10 (hi));
}

static void
apply_step (MfStiffnessWindow *self, double step)
{
  char text[G_ASCII_DTOSTR_BUF_SIZE];

  if (!(step > 0.0) || !isfinite (step))
    return;
  self->step = step;
  self->updating = TRUE;
  set_step_range (self);
  gtk_range_set_value (GTK_RANGE (self->step_scale), log10 (step));
  g_ascii_formatd (text, sizeof text, "%.4g", step);
  gtk_editable_set_text (GTK_EDITABLE (self->step_entry), text);
  gtk_widget_remove_css_class (GTK_WIDGET (self->step_entry), "error");
  self->updating = FALSE;
  mf_stability_plot_set_step (self->plot, step);
}

void
mf_stiffness_window_set_step (MfStiffnessWindow *self, double step)
{
  g_return_if_fail (MF_IS_STIFFNESS_WINDOW (self));
  self->step_chosen = TRUE;
  apply_step (self, step);
}

static void
on_step_moved (GtkRange *range, MfStiffnessWindow *self)
{
  if (!self->updating)
    mf_stiffness_window_set_step (self, pow (10.0, gtk_range_get_value (range)));
}

static void
on_step_entered (GtkEntry *entry, MfStiffnessWindow *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));
  char *end;
  double h = g_ascii_strtod (text, &end);

  if (end == text || *end != '\0' || !(h > 0.0) || !isfinite (h))
    {
      gtk_widget_add_css_class (GTK_WIDGET (entry), "error");
      return;
    }
  mf_stiffness_window_set_step (self, h);
}

static void
on_largest_clicked (MfStiffnessWindow *self)
{
  mf_stiffness_window_set_step (self, self->largest_step);
}

/* ---- the method and its order ---- */

/* The largest stable step is known: the words, and h when the user did
 * not choose it. */
static void
largest_step_found (MfStiffnessWindow *self)
{
  self->largest_known = TRUE;
  mf_stiffness_window_update_busy (self);
  if (self->linearization == NULL)
    return;
  describe_largest_step (self);
  if (!self->step_chosen)
    apply_step (self, default_step (self));
}

static void
largest_step_computed (GObject *source, GAsyncResult *result, gpointer data)
{
  GWeakRef *ref = data;
  g_autoptr (MfStiffnessWindow) self = g_weak_ref_get (ref);
  g_autoptr (GError) error = NULL;
  double h = mf_largest_step_finish (result, &error);

  g_weak_ref_clear (ref);
  g_free (ref);
  /* gone, or superseded by a newer region or eigenvalues */
  if (self == NULL || g_task_get_cancellable (G_TASK (result)) != self->largest_cancellable)
    return;
  g_clear_object (&self->largest_cancellable);
  self->largest_step = h;
  largest_step_found (self);
}

/* The region or the eigenvalues changed: the plot at once, the largest
 * stable step in a worker thread (seconds for a thousand states). */
static void
region_changed (MfStiffnessWindow *self)
{
  MfStabilityRegion r = region (self);
  GWeakRef *ref;

  mf_stability_plot_set_method (self->plot, self->method);
  mf_stability_plot_set_order (self->plot, self->order);
  if (self->largest_cancellable != NULL)
    g_cancellable_cancel (self->largest_cancellable);
  g_clear_object (&self->largest_cancellable);
  self->largest_step = NAN;
  if (r.method == NULL || self->linearization == NULL || self->n_lambda == 0)
    {
      largest_step_found (self);
      return;
    }
  self->largest_known = FALSE;
  mf_stiffness_window_update_busy (self);
  gtk_label_set_text (self->largest_label, _("Finding the largest stable fixed step…"));
  gtk_widget_set_sensitive (GTK_WIDGET (self->largest_button), FALSE);
  ref = g_new0 (GWeakRef, 1);
  g_weak_ref_init (ref, self);
  self->largest_cancellable = g_cancellable_new ();
  mf_largest_step_async (&r, self->lambda, self->n_lambda, self->largest_cancellable,
                         largest_step_computed, ref);
}

static void
choose_method (MfStiffnessWindow *self, guint index)
{
  guint n_methods;
  const MfMethod *methods = mf_method_list (&n_methods);
  const MfStabilityMethod *method;

  if (index >= n_methods)
    return;
  method = mf_stability_for_method (methods[index].name);
  self->method = methods[index].name;
  self->order = method->multistep ? method->max_order : 1;
  self->updating = TRUE;
  gtk_widget_set_visible (GTK_WIDGET (self->order_dropdown), method->multistep);
  gtk_drop_down_set_selected (self->order_dropdown, self->order - 1);
  self->updating = FALSE;
  /* a new method starts at its own step */
  self->step_chosen = FALSE;
  region_changed (self);
}

static void
on_method_selected (GtkDropDown *dropdown, GParamSpec *pspec, MfStiffnessWindow *self)
{
  if (!self->updating)
    choose_method (self, gtk_drop_down_get_selected (dropdown));
}

void
mf_stiffness_window_set_method (MfStiffnessWindow *self, const char *name)
{
  guint n_methods;
  const MfMethod *methods = mf_method_list (&n_methods);

  g_return_if_fail (MF_IS_STIFFNESS_WINDOW (self));
  for (guint i = 0; i < n_methods; i++)
    if (g_strcmp0 (methods[i].name, name) == 0)
      {
        self->updating = TRUE;
        gtk_drop_down_set_selected (self->method_dropdown, i);
        self->updating = FALSE;
        choose_method (self, i);
      }
}

static void
on_order_selected (GtkDropDown *dropdown, GParamSpec *pspec, MfStiffnessWindow *self)
{
  if (self->updating)
    return;
  self->order = gtk_drop_down_get_selected (dropdown) + 1;
  region_changed (self);
}

static void
fill_method_lists (MfStiffnessWindow *self)
{
  guint n_methods;
  const MfMethod *methods = mf_method_list (&n_methods);
  g_autoptr (GtkStringList) names = gtk_string_list_new (NULL);
  g_autoptr (GtkStringList) orders = gtk_string_list_new (NULL);

  for (guint i = 0; i < n_methods; i++)
    {
      g_autofree char *item = g_strdup_printf ("%s — %s", methods[i].name, _(methods[i].label));

      gtk_string_list_append (names, item);
    }
  for (guint order = 1; order <= MF_STABILITY_MAX_ORDER; order++)
    {
      /* Translators: an entry of the list of a multistep method's orders */
      g_autofree char *item = g_strdup_printf (_("Order %u"), order);

      gtk_string_list_append (orders, item);
    }
  gtk_drop_down_set_model (self->method_dropdown, G_LIST_MODEL (names));
  gtk_drop_down_set_model (self->order_dropdown, G_LIST_MODEL (orders));
}

static void
on_log_toggled (GtkToggleButton *button, MfStiffnessWindow *self)
{
  if (self->updating)
    return;
  self->scale_chosen = TRUE;
  mf_stability_plot_set_log_scale (self->plot, gtk_toggle_button_get_active (button));
}

static void
on_fit_clicked (MfStiffnessWindow *self)
{
  mf_stability_plot_fit (self->plot);
}

/* ---- a result ---- */

static void
show_title (MfStiffnessWindow *self, const MfStiffness *s)
{
  const char *mode = mf_linearization_get_mode (self->linearization);
  g_autofree char *subtitle = NULL;
  GString *states = g_string_new (NULL);

  if (self->at_run && self->record != NULL)
    /* Translators: the mode, the time and the run's name ("Run 2") */
    subtitle = g_strdup_printf (_("Mode “%s” at t = %g s of %s"), mode, s->t,
                                mf_run_record_get_label (self->record));
  else
    /* Translators: the mode the circuit starts in */
    subtitle = g_strdup_printf (_("Mode “%s” at the start"), mode);
  adw_window_title_set_subtitle (self->window_title, subtitle);
  for (guint i = 0; i < MIN (s->n, STATES_NAMED); i++)
    g_string_append_printf (states, "%s%s", i > 0 ? ", " : "", s->state_names[i]);
  if (s->n > STATES_NAMED)
    /* Translators: after the first states named, how many more there are */
    g_string_append_printf (states, _(", and %u more"), s->n - STATES_NAMED);
  {
    /* Translators: how many states, then their names */
    g_autofree char *text = g_strdup_printf (
      ngettext ("%u state integrated: %s", "%u states integrated: %s", s->n), s->n,
      states->str);

    gtk_label_set_text (self->state_label, text);
  }
  g_string_free (states, TRUE);
}

static void
show_eigenvalues (MfStiffnessWindow *self, const MfStiffness *s)
{
  g_autofree guint *numbers = mf_stiffness_modes_numbers (s);

  g_free (self->lambda);
  self->n_lambda = s->n;
  self->lambda = g_new0 (double complex, MAX (s->n, 1));
  for (guint k = 0; k < s->n; k++)
    self->lambda[k] = s->eigenvalues[k].re + I * s->eigenvalues[k].im;
  mf_stability_plot_set_eigenvalues (self->plot, self->lambda, numbers, s->n);
}

void
mf_stiffness_window_show_result (MfStiffnessWindow *self)
{
  const MfStiffness *s;

  mf_stiffness_window_show_run_step (self);
  if (self->linearization == NULL)
    return;
  s = mf_linearization_get_stiffness (self->linearization);
  show_title (self, s);
  mf_stiffness_modes_set_stiffness (self->modes, s);
  show_measures (self, s);
  show_eigenvalues (self, s);
  if (!self->scale_chosen)
    {
      self->updating = TRUE;
      gtk_toggle_button_set_active (self->log_button, s->modulus_ratio > LOG_SCALE_RATIO);
      self->updating = FALSE;
      mf_stability_plot_set_log_scale (self->plot, s->modulus_ratio > LOG_SCALE_RATIO);
    }
  if (!self->shown_once)
    {
      /* the document's own method at first, the view fitted to it */
      self->shown_once = TRUE;
      mf_stiffness_window_set_method (self, mf_linearization_get_method (self->linearization));
      mf_stability_plot_fit (self->plot);
      return;
    }
  region_changed (self);
}

void
mf_stiffness_window_init_show (MfStiffnessWindow *self)
{
  self->step = 1e-3;
  self->order = 1;
  self->method = "euler";
  self->largest_step = NAN;
  self->largest_known = TRUE;
  add_measures (self);
  fill_method_lists (self);
  gtk_widget_set_visible (GTK_WIDGET (self->order_dropdown), FALSE);
  gtk_range_set_increments (GTK_RANGE (self->step_scale), 0.01, 0.25);
  g_signal_connect (self->method_dropdown, "notify::selected", G_CALLBACK (on_method_selected),
                    self);
  g_signal_connect (self->order_dropdown, "notify::selected", G_CALLBACK (on_order_selected),
                    self);
  g_signal_connect (self->log_button, "toggled", G_CALLBACK (on_log_toggled), self);
  g_signal_connect_swapped (self->fit_button, "clicked", G_CALLBACK (on_fit_clicked), self);
  g_signal_connect (self->step_scale, "value-changed", G_CALLBACK (on_step_moved), self);
  g_signal_connect (self->step_entry, "activate", G_CALLBACK (on_step_entered), self);
  g_signal_connect_swapped (self->largest_button, "clicked", G_CALLBACK (on_largest_clicked),
                            self);
}

void
mf_stiffness_window_free_show (MfStiffnessWindow *self)
{
  g_free (self->lambda);
  g_free (self->largest_text);
}
