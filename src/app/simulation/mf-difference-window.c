/* mf-difference-window.c: run A minus run B on a plot of its own
 * (mf-difference-window.h).  Built in code: a header with both runs'
 * names, a line saying how the difference is taken and what was left
 * out, and the plot.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-difference-window.h"

#include <glib/gi18n.h>

#include "mf-run-difference.h"
#include "mf-run-plots.h"

struct _MfDifferenceWindow
{
  AdwWindow    parent_instance;

  MfRunRecord *difference;
  MfPlotView  *view;
  MfRunPlots  *plots;
};

G_DEFINE_FINAL_TYPE (MfDifferenceWindow, mf_difference_window, ADW_TYPE_WINDOW)

static void
mf_difference_window_dispose (GObject *object)
{
  MfDifferenceWindow *self = MF_DIFFERENCE_WINDOW (object);

  /* the binder goes before the plot it draws on */
  g_clear_pointer (&self->plots, mf_run_plots_free);
  g_clear_object (&self->difference);
  G_OBJECT_CLASS (mf_difference_window_parent_class)->dispose (object);
}

static void
mf_difference_window_class_init (MfDifferenceWindowClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = mf_difference_window_dispose;
}

static void
mf_difference_window_init (MfDifferenceWindow *self)
{
  gtk_window_set_default_size (GTK_WINDOW (self), 1100, 640);
}

/* The solver's own values (singular values, residuals) differ with every
 * step taken: no quantity of the circuit to compare. */
static gboolean
is_circuit_quantity (const char *name)
{
  return !g_str_has_prefix (name, "solver.");
}

/* The quantities of `wanted` that the difference has, or all of its own
 * when it has none of them; the circuit's only. */
static GStrv
chosen_quantities (MfRunRecord *difference, const char *const *wanted)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  guint n = 0;

  for (guint i = 0; wanted != NULL && wanted[i] != NULL; i++)
    if (is_circuit_quantity (wanted[i]) && mf_run_record_find_column (difference, wanted[i]) >= 0)
      {
        g_strv_builder_add (builder, wanted[i]);
        n++;
      }
  for (guint c = 0; n == 0 && c < mf_run_record_get_n_columns (difference); c++)
    if (is_circuit_quantity (mf_run_record_get_column_name (difference, c)))
      g_strv_builder_add (builder, mf_run_record_get_column_name (difference, c));
  return g_strv_builder_end (builder);
}

/* The quantities of A that are not in the difference: B lacks them or has
 * them in another unit. */
static char *
left_out_text (MfRunRecord *a, MfRunRecord *difference)
{
  g_autoptr (GString) names = g_string_new (NULL);
  guint n = 0;

  for (guint c = 0; c < mf_run_record_get_n_columns (a); c++)
    {
      const char *name = mf_run_record_get_column_name (a, c);

      if (mf_run_record_find_column (difference, name) >= 0)
        continue;
      if (n++ < 6)
        g_string_append_printf (names, "%s%s", names->len > 0 ? ", " : "", name);
    }
  if (n == 0)
    return NULL;
  if (n > 6)
    /* Translators: after a list of names cut short, how many more */
    g_string_append_printf (names, _(" and %u more"), n - 6);
  /* Translators: %s lists quantities ("O2.v, C1.x") */
  return g_strdup_printf (_("Left out, as run B lacks them or has them in another unit: %s."),
                          names->str);
}

GtkWidget *
mf_difference_window_new (GtkWindow         *parent,
                          MfRunRecord       *a,
                          MfRunRecord       *b,
                          const char *const *quantities,
                          MfUnitSystem       units)
{
  MfDifferenceWindow *self;
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *how, *left;
  g_autofree char *title_a = NULL;
  g_autofree char *title_b = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *left_text = NULL;
  g_auto (GStrv) chosen = NULL;

  g_return_val_if_fail (MF_IS_RUN_RECORD (a) && MF_IS_RUN_RECORD (b), NULL);

  self = g_object_new (MF_TYPE_DIFFERENCE_WINDOW, "transient-for", parent, NULL);
  self->difference = mf_run_difference (a, b);
  title_a = mf_run_record_dup_title (a, FALSE);
  title_b = mf_run_record_dup_title (b, FALSE);
  /* Translators: the window's title under "Difference": run A minus run B */
  subtitle = g_strdup_printf (_("%s − %s"), title_a, title_b);
  gtk_window_set_title (GTK_WINDOW (self), subtitle);
  adw_header_bar_set_title_widget (ADW_HEADER_BAR (header),
                                   adw_window_title_new (_("Difference"), subtitle));
  gtk_box_append (GTK_BOX (box), header);

  how = gtk_label_new (NULL);
  {
    /* Translators: %s and %s are the names of runs A and B */
    g_autofree char *text = g_strdup_printf (_("“%s” minus “%s” at the times of the first, the "
                                               "second taken linearly between its samples."),
                                             title_a, title_b);

    gtk_label_set_text (GTK_LABEL (how), text);
  }
  gtk_label_set_wrap (GTK_LABEL (how), TRUE);
  gtk_label_set_xalign (GTK_LABEL (how), 0);
  gtk_widget_add_css_class (how, "dim-label");
  gtk_widget_set_margin_start (how, 12);
  gtk_widget_set_margin_end (how, 12);
  gtk_widget_set_margin_top (how, 6);
  gtk_box_append (GTK_BOX (box), how);
  left_text = left_out_text (a, self->difference);
  left = gtk_label_new (left_text);
  gtk_label_set_wrap (GTK_LABEL (left), TRUE);
  gtk_label_set_xalign (GTK_LABEL (left), 0);
  gtk_widget_add_css_class (left, "dim-label");
  gtk_widget_add_css_class (left, "caption");
  gtk_widget_set_margin_start (left, 12);
  gtk_widget_set_margin_end (left, 12);
  gtk_widget_set_visible (left, left_text != NULL);
  gtk_box_append (GTK_BOX (box), left);

  self->view = MF_PLOT_VIEW (mf_plot_view_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->view), TRUE);
  gtk_widget_set_margin_start (GTK_WIDGET (self->view), 6);
  gtk_widget_set_margin_end (GTK_WIDGET (self->view), 6);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->view), 6);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->view));
  adw_window_set_content (ADW_WINDOW (self), box);

  self->plots = mf_run_plots_new (mf_plot_view_get_plot (self->view));
  mf_run_plots_set_unit_system (self->plots, units);
  chosen = chosen_quantities (self->difference, quantities);
  mf_run_plots_set_quantities (self->plots, (const char *const *) chosen);
  mf_run_plots_set_runs (self->plots, self->difference, NULL);
  mf_run_plots_update (self->plots);
  mf_plot_view_data_changed (self->view);
  return GTK_WIDGET (self);
}

MfRunRecord *
mf_difference_window_get_difference (MfDifferenceWindow *self)
{
  g_return_val_if_fail (MF_IS_DIFFERENCE_WINDOW (self), NULL);
  return self->difference;
}

MfPlotView *
mf_difference_window_get_plot_view (MfDifferenceWindow *self)
{
  g_return_val_if_fail (MF_IS_DIFFERENCE_WINDOW (self), NULL);
  return self->view;
}

char **
mf_difference_window_get_quantities (MfDifferenceWindow *self)
{
  g_return_val_if_fail (MF_IS_DIFFERENCE_WINDOW (self), NULL);
  return mf_run_plots_get_quantities (self->plots);
}
